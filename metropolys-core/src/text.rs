//! Text forms for terminals and logs: the board as fixed-width text
//! ([`board_text`]) and actions parsed from their text
//! ([`Action`]'s `FromStr`, [`parse_action`]).
//!
//! ## The text board
//!
//! ```text
//! expert · 3 players · call 4 · seat 1 to act
//! center   0 .        1 [0:3]    2 T        3 (2:4)    4 .
//!          5 .        6 .        7 A        8 .        9 [1:5]S
//!         …
//! west    out of play
//! bids    (2:4)@3 (1:5)@8
//!   seat  colour  supply                          tokens   notes
//!   0     blue    1 2 4 5 6 7 8 9 10 11 12 13     T0 S0 A0 subway card
//! > 1     brown   1 2 3 4 6 7 8 9 10 11 12 13     T0 S0 A0 objective park/chains
//! ```
//!
//! * One line per five neighborhoods, by district (R-2: districts out of play
//!   are named, not drawn). Each cell is the id, then `.` (free),
//!   `[seat:number]` (a constructed building), `(seat:number)` (a bid of the
//!   current call), followed by the token lying there, if any: `T` trendy,
//!   `S` subway, `A` archaeological.
//! * `bids`: the bids of the current call, oldest first, as
//!   `(seat:number)@neighborhood`.
//! * One line per seat: `>` marks the seat to act, then its colour (as the
//!   SVG draws it), its supply, the tokens it has taken, whether it passed,
//!   the special cards it holds, and its objective and Metropolys card where
//!   the viewer may see them (R-21: only the viewer's own before the game
//!   ends; everything for the whole state).
//!
//! The text depends only on what the viewer may see: it is built from a
//! [`Snapshot`] ([`State::view_snapshot`] for a seat, [`State::snapshot`] for the whole
//! state), so two states a seat cannot tell apart print the same for it.
//!
//! ## Action text
//!
//! An action prints (`Display`) as `bid 3 on 12` (building 3 on neighborhood
//! 12) or `pass`, and parses back from that text and from the compact forms
//! `12 3` (neighborhood, then building) and `pass`:
//!
//! ```
//! use metropolys_core::Action;
//! let a: Action = "bid 3 on 12".parse().unwrap();
//! assert_eq!(a, Action::bid(12, 3));
//! assert_eq!("12 3".parse::<Action>(), Ok(a));
//! assert_eq!(a.to_string().parse::<Action>(), Ok(a));
//! assert_eq!("pass".parse::<Action>(), Ok(Action::Pass));
//! assert!("bid 14 on 12".parse::<Action>().is_err()); // buildings are 1-13
//! ```

use crate::action::Action;
use crate::echo::excerpt;
use crate::state::{Snapshot, State};
use crate::svg::PLAYER_COLOR_NAMES;
use crate::types::{District, Seat, Token, BUILDINGS_PER_PLAYER, NEIGHBORHOOD_COUNT};
use std::fmt::Write as _;
use std::str::FromStr;

/// The board of `state` as fixed-width text, as `viewer` may see it (R-21):
/// `None` shows the whole state. `None` is returned for a viewer that is not
/// a seat of the game. See the [module docs](self) for the layout.
///
/// ```
/// use metropolys_core::{text::board_text, Config, State, Variant};
/// let s = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
/// let text = board_text(&s, Some(0)).unwrap();
/// assert!(text.starts_with("family · 2 players · call 1 · seat 0 to act"));
/// assert!(board_text(&s, Some(2)).is_none());
/// ```
pub fn board_text(state: &State, viewer: Option<Seat>) -> Option<String> {
    match viewer {
        None => Some(snapshot_text(&state.snapshot())),
        Some(seat) => state.view_snapshot(seat).map(|v| snapshot_text(&v)),
    }
}

fn token_letter(t: Token) -> char {
    match t {
        Token::Trendy => 'T',
        Token::Subway => 'S',
        Token::Archaeology => 'A',
    }
}

/// The text board of a snapshot or view (what [`board_text`] prints). It shows
/// exactly what the snapshot holds, so a view prints only what its viewer may
/// see.
// Long: the text board line by line, in the order the module docs show it.
pub fn snapshot_text(s: &Snapshot) -> String {
    let mut out = String::with_capacity(1200);
    // Header.
    let _ = write!(out, "{} · {} players · ", s.variant, s.players);
    match s.to_act {
        Some(p) => {
            let _ = write!(out, "call {} · seat {p} to act", s.call);
        }
        None => {
            let _ = write!(out, "game over after {} calls", s.call);
        }
    }
    if let Some(v) = s.viewer {
        let _ = write!(out, " · seen by seat {v}");
    }
    out.push('\n');

    // Cells, by neighborhood id.
    let mut cells: Vec<String> = (0..NEIGHBORHOOD_COUNT).map(|_| ".".to_string()).collect();
    for c in &s.constructed {
        if let Some(cell) = cells.get_mut(c.neighborhood as usize) {
            *cell = format!("[{}:{}]", c.player, c.building);
        }
    }
    for b in &s.bids {
        if let Some(cell) = cells.get_mut(b.neighborhood as usize) {
            *cell = format!("({}:{})", b.player, b.building);
        }
    }
    for (&id, &t) in &s.tokens {
        if let Some(cell) = cells.get_mut(id as usize) {
            if cell == "." {
                cell.clear();
            }
            cell.push(token_letter(t));
        }
    }
    for &d in District::ALL {
        let ids = crate::board::in_district(d);
        let label = d.name();
        if s.out_of_play.contains(&d) {
            let _ = writeln!(out, "{label:<8}out of play");
            continue;
        }
        for (row, chunk) in ids.iter().collect::<Vec<_>>().chunks(5).enumerate() {
            let _ = write!(out, "{:<8}", if row == 0 { label } else { "" });
            let line: Vec<String> = chunk
                .iter()
                .map(|&id| format!("{id:>2} {:<7}", cells[id as usize]))
                .collect();
            out.push_str(line.join(" ").trim_end());
            out.push('\n');
        }
    }

    // Bids of the current call.
    out.push_str("bids   ");
    if s.bids.is_empty() {
        out.push_str(" none");
    }
    for b in &s.bids {
        let _ = write!(out, " ({}:{})@{}", b.player, b.building, b.neighborhood);
    }
    out.push('\n');

    // Seats.
    let supply_width = 2 * 9 + 3 * 4 + 2; // "1 2 … 9 10 11 12 13" and a gap
    let _ = writeln!(
        out,
        "  seat  colour  {:<supply_width$}tokens   notes",
        "supply"
    );
    for p in 0..s.players {
        let i = p as usize;
        let marker = if s.to_act == Some(p) { '>' } else { ' ' };
        let colour = PLAYER_COLOR_NAMES.get(i).copied().unwrap_or("?");
        let supply = s
            .supply
            .get(i)
            .map(|v| {
                v.iter()
                    .map(|b| b.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        let taken = s.taken.get(i).copied().unwrap_or_default();
        let mut line = format!(
            "{marker} {p:<5} {colour:<7} {supply:<supply_width$}T{} S{} A{}",
            taken.trendy, taken.subway, taken.archaeology
        );
        let mut notes = Vec::new();
        if s.passed.get(i).copied().unwrap_or(false) {
            notes.push("passed".to_string());
        }
        if s.subway_card == Some(p) {
            notes.push("subway card".to_string());
        }
        if s.archaeology_card == Some(p) {
            notes.push("archaeology card".to_string());
        }
        if let Some(Some(o)) = s.objectives.get(i) {
            let text = match o.neighborhood {
                Some(k) => format!("objective {k}/{}", o.area),
                None => format!("objective {}", o.area),
            };
            notes.push(text);
        }
        if let Some(Some(card)) = s.metropolys_cards.get(i) {
            notes.push(format!("metropolys {}/{}/{}", card[0], card[1], card[2]));
        }
        if !notes.is_empty() {
            line.push(' ');
            line.push_str(&notes.join(", "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Why a text is not an action (see [`parse_action`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// The text has none of the accepted forms.
    #[error(
        "{0:?} is not an action; expected \"bid B on N\", \"N B\" (neighborhood, building) or \"pass\""
    )]
    Form(String),
    /// The neighborhood is not an id of the board (0-54).
    #[error("neighborhood {0} does not exist (ids are 0-54)")]
    Neighborhood(String),
    /// The building number is not 1-13.
    #[error("building {0} does not exist (numbers are 1-13)")]
    Building(String),
}

fn number(text: &str, max: u8, min: u8) -> Option<u8> {
    // Plain decimal digits only: no sign, no spaces, no "0x".
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u16 = text.parse().ok()?;
    (n >= min as u16 && n <= max as u16).then_some(n as u8)
}

/// Parses an action from its text: `bid B on N` (the `Display` form), the
/// compact `N B` (neighborhood, then building), or `pass`. Case and
/// surrounding or repeated whitespace do not matter; numbers are plain
/// decimal. Legality is not checked (see [`State::check`]).
pub fn parse_action(text: &str) -> Result<Action, ParseActionError> {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let (nb, b) = match words.as_slice() {
        ["pass"] => return Ok(Action::Pass),
        ["bid", b, "on", nb] => (*nb, *b),
        [nb, b] => (*nb, *b),
        _ => return Err(ParseActionError::Form(excerpt(text))),
    };
    let is_num = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if !is_num(nb) || !is_num(b) {
        return Err(ParseActionError::Form(excerpt(text)));
    }
    let neighborhood = number(nb, (NEIGHBORHOOD_COUNT - 1) as u8, 0)
        .ok_or_else(|| ParseActionError::Neighborhood(excerpt(nb)))?;
    let building =
        number(b, BUILDINGS_PER_PLAYER, 1).ok_or_else(|| ParseActionError::Building(excerpt(b)))?;
    Ok(Action::bid(neighborhood, building))
}

impl FromStr for Action {
    type Err = ParseActionError;
    /// See [`parse_action`].
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        parse_action(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_text() {
        for id in 0..Action::COUNT as u16 {
            let a = Action::from_id(id).unwrap();
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
            if let Action::Bid {
                neighborhood,
                building,
            } = a
            {
                let compact = format!("{neighborhood} {building}");
                assert_eq!(compact.parse::<Action>(), Ok(a));
            }
        }
    }

    /// A text and a test of the error it must give.
    type Case = (&'static str, fn(&ParseActionError) -> bool);

    /// A huge text is refused with a message of bounded length (it echoes
    /// an excerpt), as every error of the engine.
    #[test]
    fn refused_texts_are_echoed_in_part() {
        for text in [
            "x".repeat(1 << 20),
            format!("{} 3", "1".repeat(5000)),
            format!("3 {}", "é".repeat(5000)),
        ] {
            let m = parse_action(&text).unwrap_err().to_string();
            assert!(m.len() < 200, "{} bytes: {m}", m.len());
            assert!(m.contains("bytes)"), "{m}");
        }
    }

    #[test]
    fn malformed_texts_are_typed_errors() {
        use ParseActionError::*;
        let cases: &[Case] = &[
            ("", |e| matches!(e, Form(_))),
            ("bid", |e| matches!(e, Form(_))),
            ("bid 3 at 12", |e| matches!(e, Form(_))),
            ("12 3 4", |e| matches!(e, Form(_))),
            ("-1 3", |e| matches!(e, Form(_))),
            ("+1 3", |e| matches!(e, Form(_))),
            ("0x1 3", |e| matches!(e, Form(_))),
            ("1.0 3", |e| matches!(e, Form(_))),
            ("55 3", |e| matches!(e, Neighborhood(_))),
            ("99999999999999999999 3", |e| matches!(e, Neighborhood(_))),
            ("12 0", |e| matches!(e, Building(_))),
            ("bid 14 on 12", |e| matches!(e, Building(_))),
            ("passs", |e| matches!(e, Form(_))),
        ];
        for (text, ok) in cases {
            let e = text.parse::<Action>().unwrap_err();
            assert!(ok(&e), "{text:?}: {e:?}");
            assert!(!e.to_string().is_empty());
        }
        assert_eq!(" BID 3  ON 12 ".parse::<Action>(), Ok(Action::bid(12, 3)));
        assert_eq!("PASS".parse::<Action>(), Ok(Action::Pass));
        assert_eq!("007 3".parse::<Action>(), Ok(Action::bid(7, 3)));
    }
}
