//! What a person at the terminal sees of the position: the board as text
//! (one block per district), every seat's public situation, the bids of the
//! call, their own secret cards (never an opponent's, R-21) and their legal
//! moves.

use crate::account::objectives_of;
use crate::narrate::{building_text, place, seat_id, seat_name};
use metropolys_core::{
    board, Action, District, Kind, NeighborhoodId, Seat, Size, State, Token, Variant,
};
use std::fmt::Write as _;

fn kind_short(k: Kind) -> &'static str {
    match k {
        Kind::Industry => "indust",
        Kind::Park => "park",
        Kind::Housing => "housing",
        Kind::Mall => "mall",
        Kind::Administration => "admin",
    }
}

/// A token's letter on the board: the first of its name (`T` trendy).
fn token_letter(t: Token) -> char {
    t.name()
        .chars()
        .next()
        .map_or('?', |c| c.to_ascii_uppercase())
}

/// The tokens' key: `T trendy +3, S subway +1, A archaeology -1`.
fn token_key() -> String {
    Token::ALL
        .iter()
        .map(|&t| format!("{} {t} {:+}", token_letter(t), t.points()))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn list(items: impl IntoIterator<Item = impl ToString>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The widest status of a board cell: `bid white 13`.
const STATUS_WIDTH: usize = 12;

/// What stands on a neighborhood: `brown 7` (built), `bid blue 5` (a bid of
/// this call) or `.` (free).
fn status(state: &State, id: NeighborhoodId) -> String {
    if let Some((owner, number)) = state.building_at(id) {
        format!("{} {number}", seat_id(owner))
    } else if let Some(bid) = state.bids().iter().find(|b| b.neighborhood == id) {
        format!("bid {} {}", seat_id(bid.player), bid.building)
    } else {
        ".".to_string()
    }
}

/// One neighborhood as a board cell: `12 admin   T bid brown 5`, each part
/// in a column of its own width, so that cells line up.
fn cell(state: &State, id: NeighborhoodId) -> String {
    let kind = board::kind(id).map_or("", kind_short);
    let token = state.token_at(id).map_or(' ', token_letter);
    let status = status(state, id);
    format!("{id:>2} {kind:<7} {token} {status:<STATUS_WIDTH$}")
}

/// The columns a board cell takes, with the two spaces between cells.
const CELL_WIDTH: usize = 27;

/// Building numbers as a supply lists them; in the Expert game grouped
/// by size (`small 1 2 5, medium 6 9, tall 10 13`, core's `Size::of`).
pub fn supply_text(variant: Variant, numbers: &[u8]) -> String {
    if variant == Variant::Family {
        return list(numbers);
    }
    Size::ALL
        .iter()
        .filter_map(|&size| {
            let of: Vec<u8> = numbers
                .iter()
                .copied()
                .filter(|&n| Size::of(n) == size)
                .collect();
            (!of.is_empty()).then(|| format!("{size} {}", list(of)))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The board as text in `width` columns: three neighborhoods a row, more
/// when the width allows.
pub fn board_text_in(state: &State, width: usize) -> String {
    let per_row = (width.saturating_sub(1) / CELL_WIDTH).max(3);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Board (id kind token status; tokens: {}; . free)",
        token_key()
    );
    let in_play = state.in_play();
    for d in District::ALL {
        let ids: Vec<NeighborhoodId> = board::in_district(*d).iter().collect();
        if !ids.iter().any(|&i| in_play.contains(i)) {
            let _ = writeln!(
                s,
                "{}: out of play (R-2), {}-{}",
                d.name(),
                ids[0],
                ids[ids.len() - 1]
            );
            continue;
        }
        // The district's name on a line of its own, so that three cells fit
        // in 80 columns.
        let _ = writeln!(s, "{}:", d.name());
        for chunk in ids.chunks(per_row) {
            let cells: Vec<String> = chunk.iter().map(|&i| cell(state, i)).collect();
            let _ = writeln!(s, " {}", cells.join("  ").trim_end());
        }
    }
    s
}

/// Every seat's public situation: supply, tokens taken, special cards,
/// passes.
fn seats_text(state: &State, names: &[String]) -> String {
    let mut s = String::new();
    for p in 0..state.players() {
        let mut cards = Vec::new();
        for card in metropolys_core::Card::ALL {
            if state.card_holder(*card) == Some(p) {
                cards.push(format!("{card} card"));
            }
        }
        let _ = writeln!(
            s,
            "  {:<16} built {:>2}  tokens T{} S{} A{}{}{}\n      supply {}",
            format!("{} ({})", seat_name(p), names[p as usize]),
            state.constructed_count(p),
            state.tokens_taken(p, Token::Trendy),
            state.tokens_taken(p, Token::Subway),
            state.tokens_taken(p, Token::Archaeology),
            if cards.is_empty() {
                String::new()
            } else {
                format!("  {}", cards.join(", "))
            },
            if state.has_passed(p) { "  passed" } else { "" },
            supply_text(state.variant(), &state.supply(p)),
        );
    }
    s
}

/// The bids of the call going on, oldest first.
fn bids_text(state: &State) -> String {
    let bids = state.bids();
    if bids.is_empty() {
        return format!("Call {}: no bid yet.\n", state.call_number());
    }
    let shown: Vec<String> = bids
        .iter()
        .map(|b| {
            format!(
                "{} {} on {}",
                seat_name(b.player),
                building_text(state.variant(), b.building, 0),
                place(b.neighborhood)
            )
        })
        .collect();
    format!(
        "Call {} bids (oldest first): {}.\n",
        state.call_number(),
        shown.join("; ")
    )
}

/// The legal moves of the seat to act, in words. They are always every
/// building of one set on every neighborhood of another, plus perhaps the
/// pass.
pub fn moves_text(state: &State) -> String {
    let legal = state.legal_actions();
    let mut neighborhoods = Vec::new();
    let mut buildings = Vec::new();
    for a in &legal {
        if let Action::Bid {
            neighborhood,
            building,
        } = *a
        {
            if !neighborhoods.contains(&neighborhood) {
                neighborhoods.push(neighborhood);
            }
            if !buildings.contains(&building) {
                buildings.push(building);
            }
        }
    }
    buildings.sort_unstable();
    let can_pass = legal.contains(&Action::Pass);
    let mut s = String::new();
    match state.last_bid() {
        None => {
            let _ = writeln!(
                s,
                "You open the call (R-7): any building of your supply on any free neighborhood; \
                 you cannot pass."
            );
        }
        Some(last) => {
            let _ = writeln!(
                s,
                "To outbid (R-9): a free neighborhood next to {} with a building above {}.",
                last.neighborhood, last.building
            );
        }
    }
    if !neighborhoods.is_empty() {
        let example = (neighborhoods[0], buildings[0]);
        let _ = writeln!(
            s,
            "  neighborhoods: {}\n  buildings:     {}\n  type e.g. `{} {}`{}",
            list(&neighborhoods),
            supply_text(state.variant(), &buildings),
            example.0,
            example.1,
            if can_pass { ", or `pass`" } else { "" }
        );
    } else if can_pass {
        let _ = writeln!(s, "  only `pass`");
    }
    s
}

/// An action in words: `bids 7 on 12 (center park)` or `passes`.
pub fn action_text(variant: Variant, action: Action) -> String {
    match action {
        Action::Bid {
            neighborhood,
            building: b,
        } => format!(
            "bid {} on {}",
            building_text(variant, b, 0),
            place(neighborhood)
        ),
        Action::Pass => "pass".into(),
    }
}

/// Everything the person to act may see: the board (in `width`
/// columns), the seats, the bids, their own secret cards and their legal
/// moves.
pub fn turn_text(state: &State, seat: Seat, names: &[String], width: usize) -> String {
    let mut s = String::new();
    s.push('\n');
    s.push_str(&board_text_in(state, width));
    s.push_str(&seats_text(state, names));
    s.push_str(&bids_text(state));
    let _ = writeln!(
        s,
        "Your secret cards ({}): {}.",
        seat_name(seat),
        objectives_of(state, seat)
    );
    s.push_str(&moves_text(state));
    s
}

/// What a person sees at a decision after their first: what changed since
/// they last saw the position (`before`: the neighborhoods and the seats
/// whose public situation changed, each as the whole board shows it), the
/// bids of the call and their legal moves. Their secret cards have not
/// changed; `board` shows everything again.
pub fn changes_text(before: &State, after: &State, names: &[String]) -> String {
    let mut s = String::new();
    s.push('\n');
    let cells: Vec<String> = after
        .in_play()
        .iter()
        .filter(|&id| cell(before, id) != cell(after, id))
        .map(|id| list(cell(after, id).split_whitespace()))
        .collect();
    if !cells.is_empty() {
        let _ = writeln!(s, "Board changes: {}.", cells.join("; "));
    }
    let (old, new) = (seats_text(before, names), seats_text(after, names));
    for (o, n) in old.lines().zip(new.lines()) {
        if o != n {
            let _ = writeln!(s, "{n}");
        }
    }
    s.push_str(&bids_text(after));
    s.push_str(&moves_text(after));
    s
}

/// The neighbors of a neighborhood (core's adjacency) and what stands on
/// each, for `neighbors 12`.
pub fn neighbors_text(state: &State, id: NeighborhoodId) -> String {
    let of = |n: NeighborhoodId| {
        if !state.in_play().contains(n) {
            format!("{} out of play", place(n))
        } else {
            let token = state
                .token_at(n)
                .map_or(String::new(), |t| format!(" {t} token"));
            format!("{}{token} {}", place(n), status(state, n))
        }
    };
    let around: Vec<String> = board::neighbors(id).iter().map(of).collect();
    format!(
        "{} is next to {} neighborhoods (. free):\n  {}\n",
        of(id),
        around.len(),
        around.join("\n  ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::Config;

    #[test]
    fn the_tokens_key_gives_their_points() {
        assert_eq!(token_key(), "T trendy +3, S subway +1, A archaeology -1");
    }

    #[test]
    fn the_board_shows_every_neighborhood_in_play() {
        let s = State::new(&Config::new(3, Variant::Expert, 9)).unwrap();
        let s = s.play(Action::bid(3, 7)).unwrap();
        let text = board_text_in(&s, 80);
        assert!(text.contains("out of play (R-2)"), "{text}");
        assert!(text.contains(" 3 "), "{text}");
        assert!(text.contains("bid blue 7"), "{text}");
        for id in s.in_play().iter() {
            assert!(text.contains(cell(&s, id).trim_end()), "{id}");
        }
    }

    #[test]
    fn the_legal_moves_text_covers_the_legal_actions() {
        let s = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
        let s = s.play(Action::bid(3, 2)).unwrap();
        let text = moves_text(&s);
        for a in s.legal_actions() {
            if let Action::Bid {
                neighborhood,
                building,
            } = a
            {
                assert!(text.contains(&format!(" {neighborhood}")));
                assert!(text.contains(&format!(" {building}")));
            }
        }
        assert!(text.contains("`pass`"));
    }

    #[test]
    fn board_cells_line_up_in_columns_within_80() {
        // White's bid: the widest status, followed by the next cell.
        let mut config = Config::new(4, Variant::Family, 2);
        config.start_player = 2;
        let s = State::new(&config)
            .unwrap()
            .play(Action::bid(36, 11))
            .unwrap();
        let text = board_text_in(&s, 80);
        assert!(text.contains(" bid white 11  37 housing"), "{text}");
        let rows: Vec<&str> = text
            .lines()
            .skip(1)
            .filter(|l| l.starts_with(' '))
            .collect();
        assert!(rows.len() >= 15, "{text}");
        for l in &rows {
            assert!(l.len() <= 80, "{l:?}");
            // Cells start at columns 1, 28 and 55: an id, right-aligned.
            for (k, cell) in [1usize, 28, 55].into_iter().enumerate() {
                if l.len() > cell {
                    let id: String = l[cell..cell + 2].trim().to_string();
                    assert!(id.parse::<u8>().is_ok(), "cell {k} of {l:?}");
                    assert_eq!(&l[cell - 1..cell], " ", "{l:?}");
                }
            }
        }
    }

    #[test]
    fn the_expert_supply_shows_sizes() {
        assert_eq!(
            supply_text(Variant::Expert, &[1, 2, 5, 6, 9, 10, 13]),
            "small 1 2 5, medium 6 9, tall 10 13"
        );
        assert_eq!(supply_text(Variant::Expert, &[11]), "tall 11");
        assert_eq!(supply_text(Variant::Family, &[1, 11]), "1 11");
    }
}
