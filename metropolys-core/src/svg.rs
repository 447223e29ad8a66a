//! Board pictures as SVG (one renderer for every binding).
//!
//! [`render`] draws a [`State`] as a self-contained SVG document (no scripts,
//! no external references): the five districts as tinted islands on the
//! river, the 55 neighborhoods coloured by kind as on the printed board
//! ([`kind_color`]: mall red, administration blue, industry gray, housing
//! green, park orange), adjacencies (bridges drawn
//! as thick planks), statues, lakes, the tokens still on the board, the
//! constructed buildings in their owners' colours ([`PLAYER_COLORS`]: blue,
//! brown, white, black; each outlined in black inside a white halo so that
//! it shows on any ground) with their numbers, the bids of the current
//! call, and a status line (call number, seat to act). Districts out of
//! play are greyed out (R-2).
//!
//! Every neighborhood is one element with `id="n{id}"` (`n0` … `n54`), so a
//! frontend can style or hook them. The output is pure: a function of the
//! state and the options only.
//!
//! Inside, from the bottom: `palette` (the colours and their names),
//! `shapes` (each element drawn at a given place: islands, lakes, streets,
//! bridges, statues, neighborhoods, the pieces), then this module (the
//! board, its status line, the scripted board) and `legend` (each symbol
//! of the board as a small picture of its own, with its meaning).
//!
//! ```
//! use metropolys_core::{svg, Config, State, Variant};
//! let state = State::new(&Config::new(3, Variant::Expert, 1)).unwrap();
//! let picture = svg::render(&state);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains(r#"id="n54""#));
//! ```

mod legend;
mod palette;
mod shapes;

pub use legend::{legend, LegendItem, LegendSymbol};
pub use palette::{
    ink_on, kind_color, kind_color_name, kind_letter, player_color, PLAYER_COLORS,
    PLAYER_COLOR_NAMES,
};
pub use shapes::{bid_piece, building_piece, highlight_piece, token_piece, xml_escape};

use crate::board;
use crate::state::State;
use crate::types::{District, Kind, NeighborhoodId, Seat, Token, Variant, NEIGHBORHOOD_COUNT};
use palette::{district_color, token_style, OUT_OF_PLAY_DISTRICT};
use shapes::{bridge_shape, island, lake_shape, neighborhood_shape, statue_shape, street_shape};
use std::fmt::Write as _;

/// The width of the picture in SVG user units (the `viewBox` is
/// `0 0 1000 860`).
pub const WIDTH: u32 = 1000;
/// The height of the picture in SVG user units, status line included.
pub const HEIGHT: u32 = 860;

/// Drawing options for [`render_with`], which checks them
/// ([`SvgOptions::check`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SvgOptions {
    /// A neighborhood to ring in gold (e.g. the building just constructed):
    /// an id on the board (0–54), else [`SvgError::Highlight`].
    pub highlight: Option<NeighborhoodId>,
    /// A caption drawn on the status line instead of the default one.
    pub caption: Option<String>,
    /// Leave out the status line and key.
    pub hide_status: bool,
    /// Leave out the neighborhood ids.
    pub hide_ids: bool,
}

/// Why drawing options cannot be drawn ([`SvgOptions::check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SvgError {
    /// The neighborhood to ring is not on the board.
    #[error("there is no neighborhood {0} to highlight: neighborhoods are 0-54")]
    Highlight(NeighborhoodId),
}

impl SvgOptions {
    /// `Ok` when these options can be drawn: the neighborhood to ring, if
    /// any, is on the board ([`SvgError::Highlight`] otherwise).
    ///
    /// ```
    /// use metropolys_core::svg::{SvgError, SvgOptions};
    /// let ring = |id| SvgOptions { highlight: Some(id), ..SvgOptions::default() };
    /// assert_eq!(ring(54).check(), Ok(()));
    /// assert_eq!(ring(99).check(), Err(SvgError::Highlight(99)));
    /// ```
    pub fn check(&self) -> Result<(), SvgError> {
        match self.highlight {
            Some(h) if !board::is_valid(h) => Err(SvgError::Highlight(h)),
            _ => Ok(()),
        }
    }
}

const BOARD_LEFT: f32 = 30.0;
const BOARD_TOP: f32 = 28.0;
const SCALE_X: f32 = 9.4;
const SCALE_Y: f32 = 7.9;

/// Where neighborhood `id` is drawn, in SVG units.
pub fn point(id: NeighborhoodId) -> (f32, f32) {
    let (x, y) = board::position(id).unwrap_or((0.0, 0.0));
    to_px(x, y)
}

fn to_px(x: f32, y: f32) -> (f32, f32) {
    (BOARD_LEFT + x * SCALE_X, BOARD_TOP + y * SCALE_Y)
}

/// Draws `state` as an SVG document with the default options.
pub fn render(state: &State) -> String {
    draw(state, &SvgOptions::default())
}

/// Draws `state` as an SVG document (see the [module docs](self)) with
/// `options`, once they are checked ([`SvgOptions::check`]): options that
/// cannot be drawn are an error, never a picture without what they ask.
///
/// ```
/// use metropolys_core::{svg::{self, SvgError, SvgOptions}, Config, State, Variant};
/// let state = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
/// let ring = |id| SvgOptions { highlight: Some(id), ..SvgOptions::default() };
/// assert!(svg::render_with(&state, &ring(12)).unwrap().contains(r#"class="highlight""#));
/// assert_eq!(svg::render_with(&state, &ring(99)), Err(SvgError::Highlight(99)));
/// ```
pub fn render_with(state: &State, options: &SvgOptions) -> Result<String, SvgError> {
    options.check()?;
    Ok(draw(state, options))
}

/// [`render_with`] of checked options: the board's layers, the pieces,
/// the status line.
fn draw(state: &State, options: &SvgOptions) -> String {
    let mut layers = board_layers(state, options);
    layers.push(pieces(state, options.highlight));
    if !options.hide_status {
        layers.push(status_line(state, options));
    }
    document(options.hide_status, "", &layers)
}

/// Draws the board of `state` without its pieces: districts (out-of-play
/// ones greyed), lakes, streets and bridges, statues and neighborhoods, and
/// the status line unless `options.hide_status`; no tokens, buildings, bids
/// or highlight. With [`token_piece`], [`building_piece`], [`bid_piece`] and
/// [`highlight_piece`] placed at [`point`]s, a frontend draws the board once
/// and moves the pieces over it (the HTML replay does).
pub fn render_board(state: &State, options: &SvgOptions) -> String {
    let mut layers = board_layers(state, options);
    if !options.hide_status {
        layers.push(status_line(state, options));
    }
    document(options.hide_status, "", &layers)
}

/// A whole picture: the `<svg>` element (800 units tall without the
/// status line), its title, the definitions `defs` (if any), the river,
/// then `layers` in drawing order.
fn document(hide_status: bool, defs: &str, layers: &[String]) -> String {
    let height = if hide_status { 800 } else { HEIGHT };
    let mut s = String::with_capacity(48 * 1024 + defs.len());
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" font-family="Helvetica, Arial, sans-serif" role="img"><title>Metropolys board</title>"#
    );
    if !defs.is_empty() {
        let _ = write!(s, "<defs>{defs}</defs>");
    }
    s.push_str(r##"<rect x="0" y="0" width="1000" height="800" fill="#9cc8e4"/>"##);
    for layer in layers {
        s.push_str(layer);
    }
    s.push_str("</svg>");
    s
}

/// The layers under the pieces, bottom first: districts, lakes, streets
/// and bridges, statues, neighborhoods.
fn board_layers(state: &State, options: &SvgOptions) -> Vec<String> {
    vec![
        districts(state),
        lakes(),
        adjacency(),
        statues(),
        neighborhoods(state, options.hide_ids),
    ]
}

/// Districts: tinted islands (the hull of their neighborhoods, padded by a
/// thick round stroke of the same colour), greyed out of play (R-2).
fn districts(state: &State) -> String {
    let in_play = state.in_play();
    let mut s = String::from(r#"<g class="districts">"#);
    for &d in District::ALL {
        let pts: Vec<(f32, f32)> = board::in_district(d).iter().map(point).collect();
        let out = board::in_district(d).0 & in_play.0 == 0;
        let fill = if out {
            OUT_OF_PLAY_DISTRICT
        } else {
            district_color(d)
        };
        let class = format!("district {d}{}", if out { " out-of-play" } else { "" });
        s.push_str(&island(pts, fill, &class));
    }
    s.push_str("</g>");
    s
}

/// Lakes, under everything else on the land.
fn lakes() -> String {
    let mut s = String::from(r#"<g class="lakes">"#);
    for lake in board::lakes() {
        s.push_str(&lake_shape(to_px(lake.x, lake.y)));
    }
    s.push_str("</g>");
    s
}

/// Adjacency: streets inside a district, bridges (thick planks) across
/// the river.
fn adjacency() -> String {
    let bridges = board::bridges();
    let mut s = String::from(r#"<g class="adjacency">"#);
    for a in 0..NEIGHBORHOOD_COUNT as u8 {
        for b in board::neighbors(a).iter().filter(|&b| b > a) {
            if bridges.contains(&[a, b]) || bridges.contains(&[b, a]) {
                s.push_str(&bridge_shape(point(a), point(b)));
            } else {
                s.push_str(&street_shape(point(a), point(b)));
            }
        }
    }
    s.push_str("</g>");
    s
}

/// Statues: small pedestals with a figure.
fn statues() -> String {
    let mut s = String::from(r#"<g class="statues">"#);
    for statue in board::statues() {
        s.push_str(&statue_shape(to_px(statue.x, statue.y)));
    }
    s.push_str("</g>");
    s
}

/// The neighborhoods: one `<g id="n{id}">` each, coloured by kind (grey
/// out of play), with its kind letter and, unless `hide_ids`, its id.
fn neighborhoods(state: &State, hide_ids: bool) -> String {
    let in_play = state.in_play();
    let mut s = String::from(r#"<g class="neighborhoods">"#);
    for id in 0..NEIGHBORHOOD_COUNT as u8 {
        let kind = board::kind(id).unwrap_or(Kind::Industry);
        let district = board::district(id).unwrap_or(District::Center);
        let out = !in_play.contains(id);
        let _ = write!(
            s,
            r#"<g id="n{id}" class="neighborhood {kind} {district}{}">{}</g>"#,
            if out { " out-of-play" } else { "" },
            neighborhood_shape(kind, out, (!hide_ids).then_some(id), point(id))
        );
    }
    s.push_str("</g>");
    s
}

/// The pieces of `state`: tokens, buildings, bids and the ring around
/// `highlight` (a checked id, [`SvgOptions::check`]).
fn pieces(state: &State, highlight: Option<NeighborhoodId>) -> String {
    // Tokens still on the board.
    let mut s = String::from(r#"<g class="tokens">"#);
    for id in 0..NEIGHBORHOOD_COUNT as u8 {
        if let Some(t) = state.token_at(id) {
            s.push_str(&token_piece(t, point(id)));
        }
    }
    s.push_str("</g>");

    // Constructed buildings: a square in the owner's colour, sized by the
    // Expert building size.
    s.push_str(r#"<g class="buildings">"#);
    for id in 0..NEIGHBORHOOD_COUNT as u8 {
        if let Some((seat, number)) = state.building_at(id) {
            s.push_str(&building_piece(state.variant(), seat, number, point(id)));
        }
    }
    s.push_str("</g>");

    // Bids of the current call: dashed diamonds, the most recent one bold.
    s.push_str(r#"<g class="bids">"#);
    let bids = state.bids();
    for (i, bid) in bids.iter().enumerate() {
        let latest = i + 1 == bids.len();
        s.push_str(&bid_piece(
            bid.player,
            bid.building,
            latest,
            point(bid.neighborhood),
        ));
    }
    s.push_str("</g>");

    if let Some(h) = highlight {
        s.push_str(&highlight_piece(point(h)));
    }
    s
}

/// An upper bound of the width of `text` drawn at `font_size` in the
/// picture's sans-serif fonts (Helvetica, Arial and their metric clones):
/// 0.6 em a character, more than their widest lowercase letters but `m`
/// and `w` on average, so that the layout of the status line holds in
/// every browser.
pub(crate) fn text_width(text: &str, font_size: f32) -> f32 {
    TEXT_EM * font_size * text.chars().count() as f32
}

/// The width of a character, in em, that [`text_width`] assumes.
const TEXT_EM: f32 = 0.6;
/// The margin of the status line, left and right.
const STATUS_MARGIN: f32 = 16.0;
/// The font size of the key's labels.
const KEY_FONT: f32 = 12.0;
/// The space between a key's symbol and its label.
const KEY_LABEL_GAP: f32 = 5.0;
/// The space between two items of the key.
const KEY_GAP: f32 = 16.0;

/// The status line: the caption (the options' or the position's) and
/// the key.
fn status_line(state: &State, options: &SvgOptions) -> String {
    let mut s = String::from(
        r##"<g class="status"><rect x="0" y="800" width="1000" height="60" fill="#f7f4ec"/>"##,
    );
    let caption = match &options.caption {
        Some(c) => c.clone(),
        None => default_caption(state),
    };
    // A caption too long for the line is squeezed into it rather than cut
    // off at the picture's edge.
    let room = WIDTH as f32 - 2.0 * STATUS_MARGIN;
    let squeeze = if text_width(&caption, 16.0) > room {
        format!(r#" textLength="{room:.0}" lengthAdjust="spacingAndGlyphs""#)
    } else {
        String::new()
    };
    let _ = write!(
        s,
        r##"<text class="caption" x="{STATUS_MARGIN:.0}" y="822" font-size="16" fill="#222"{squeeze}>{}</text>"##,
        xml_escape(&caption)
    );
    s.push_str(&key(state));
    s.push_str("</g>");
    s
}

/// The caption of the position: the game, the call and who is to act, or
/// the game's end.
fn default_caption(state: &State) -> String {
    let variant = match state.variant() {
        Variant::Family => "Family",
        Variant::Expert => "Expert",
    };
    match state.to_act() {
        Some(p) => format!(
            "{variant} game · {} players · call {} · {} ({}) to act",
            state.players(),
            state.call_number(),
            PLAYER_COLOR_NAMES[p as usize % 4],
            p
        ),
        None => format!(
            "{variant} game · {} players · game over after {} calls",
            state.players(),
            state.call_number()
        ),
    }
}

/// The key: player colours, tokens, a bid; each item is its symbol and
/// its label, placed after the previous item's label (by its estimated
/// width, see `text_width`) so that no two overlap.
fn key(state: &State) -> String {
    let mut s = String::from(r#"<g class="key">"#);
    let mut x = STATUS_MARGIN;
    let label = |s: &mut String, x: f32, text: &str| {
        let _ = write!(
            s,
            r##"<text x="{x:.1}" y="846" font-size="{KEY_FONT}" fill="#222">{text}</text></g>"##
        );
        x + text_width(text, KEY_FONT) + KEY_GAP
    };
    for p in 0..state.players() {
        let _ = write!(
            s,
            r##"<g class="key-item"><rect x="{x:.1}" y="834" width="14" height="14" fill="{}" stroke="#111" stroke-width="1.5"/>"##,
            player_color(p),
        );
        let text = format!(
            "{p} {} ({} built)",
            PLAYER_COLOR_NAMES[p as usize % 4],
            state.constructed_count(p)
        );
        x = label(&mut s, x + 14.0 + KEY_LABEL_GAP, &text);
    }
    for t in Token::ALL {
        let (color, letter, ink) = token_style(*t);
        let _ = write!(
            s,
            r##"<g class="key-item"><circle cx="{:.1}" cy="841" r="8" fill="{color}" stroke="#222"/><text x="{:.1}" y="845" font-size="10" font-weight="bold" fill="{ink}" text-anchor="middle">{letter}</text>"##,
            x + 8.0,
            x + 8.0,
        );
        x = label(&mut s, x + 16.0 + KEY_LABEL_GAP, &t.to_string());
    }
    let _ = write!(
        s,
        r##"<g class="key-item"><path d="M{:.1},832 l9,9 l-9,9 l-9,-9 Z" fill="#ddd" stroke="#111" stroke-width="1.5" stroke-dasharray="3 2"/>"##,
        x + 9.0,
    );
    label(&mut s, x + 18.0 + KEY_LABEL_GAP, "bid");
    s.push_str("</g>");
    s
}

/// A piece a scripted picture places by reference: [`scripted_board`]
/// defines each one once, drawn at (0, 0), under the element id
/// [`Piece::id`], and a script moves copies of it
/// (`<use href="#b0_5" x=".." y="..">`) onto the neighborhoods' centres
/// ([`point`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    /// Building `number` of `seat` ([`building_piece`]): id `b{seat}_{number}`.
    Building(Seat, u8),
    /// A bid of `seat` with building `number` ([`bid_piece`]): id
    /// `d{seat}_{number}`, or `l{seat}_{number}` for the call's latest bid.
    Bid {
        /// The bidding seat.
        seat: Seat,
        /// The building bid.
        number: u8,
        /// Whether it is the call's latest bid (drawn bold).
        latest: bool,
    },
    /// A token ([`token_piece`]): id `t{i}`, `i` its index in [`Token::ALL`].
    Token(Token),
    /// The gold ring of the building just constructed ([`highlight_piece`]):
    /// id `h`.
    Highlight,
}

impl Piece {
    /// The element id of the piece's definition.
    ///
    /// ```
    /// use metropolys_core::svg::Piece;
    /// assert_eq!(Piece::Building(1, 12).id(), "b1_12");
    /// assert_eq!(Piece::Bid { seat: 0, number: 3, latest: true }.id(), "l0_3");
    /// assert_eq!(Piece::Highlight.id(), "h");
    /// ```
    pub fn id(&self) -> String {
        match *self {
            Piece::Building(seat, n) => format!("b{seat}_{n}"),
            Piece::Bid {
                seat,
                number,
                latest,
            } => format!("{}{seat}_{number}", if latest { 'l' } else { 'd' }),
            Piece::Token(t) => format!("t{}", Token::ALL.iter().position(|&x| x == t).unwrap_or(0)),
            Piece::Highlight => "h".to_string(),
        }
    }

    /// The piece drawn at `at`.
    pub fn draw(&self, variant: Variant, at: (f32, f32)) -> String {
        match *self {
            Piece::Building(seat, n) => building_piece(variant, seat, n, at),
            Piece::Bid {
                seat,
                number,
                latest,
            } => bid_piece(seat, number, latest, at),
            Piece::Token(t) => token_piece(t, at),
            Piece::Highlight => highlight_piece(at),
        }
    }

    /// Every piece a game of `players` seats can show: each seat's buildings
    /// and bids, the tokens and the highlight.
    pub fn all(players: u8) -> Vec<Piece> {
        let mut pieces = Vec::new();
        for seat in 0..players {
            for n in 1..=crate::types::BUILDINGS_PER_PLAYER {
                pieces.push(Piece::Building(seat, n));
                for latest in [false, true] {
                    pieces.push(Piece::Bid {
                        seat,
                        number: n,
                        latest,
                    });
                }
            }
        }
        pieces.extend(Token::ALL.iter().map(|&t| Piece::Token(t)));
        pieces.push(Piece::Highlight);
        pieces
    }
}

/// The board of `state` without status line and without its pieces, for a
/// script to place them: `<defs>` holding each of `pieces` drawn once
/// ([`Piece::id`]), and an empty `<g id="pieces">` last. The replay page
/// of the command line and the game server's web client both use it.
///
/// ```
/// use metropolys_core::svg::{scripted_board, Piece};
/// use metropolys_core::{Config, State, Variant};
/// let state = State::new(&Config::new(2, Variant::Family, 3)).unwrap();
/// let svg = scripted_board(&state, &[Piece::Building(0, 1), Piece::Highlight]);
/// assert!(svg.contains(r#"<g id="b0_1">"#) && svg.contains(r#"<g id="h">"#));
/// assert!(svg.ends_with(r#"<g id="pieces"></g></svg>"#));
/// ```
pub fn scripted_board(state: &State, pieces: &[Piece]) -> String {
    let mut defs = String::new();
    for piece in pieces {
        let _ = write!(
            defs,
            r#"<g id="{}">{}</g>"#,
            piece.id(),
            piece.draw(state.variant(), (0.0, 0.0))
        );
    }
    let options = SvgOptions {
        hide_status: true,
        ..SvgOptions::default()
    };
    let mut layers = board_layers(state, &options);
    layers.push(r#"<g id="pieces"></g>"#.to_string());
    document(true, &defs, &layers)
}

/// The script that places the pieces of a [`scripted_board`] (the file
/// `svg/pieces.js` beside this module): `MetropolysPieces.place(layer,
/// points, {tokens, buildings, bids, highlight})` empties the
/// `<g id="pieces">` layer and puts a `<use>` of each piece's definition
/// ([`Piece::id`]) on its neighborhood's centre ([`point`]). The command
/// line's HTML replay inlines it; a web client can serve it as it is.
pub const PIECES_SCRIPT: &str = include_str!("svg/pieces.js");

#[cfg(test)]
mod tests {
    use super::palette::OUT_OF_PLAY_FILL;
    use super::shapes::RADIUS;
    use super::*;
    use crate::rng::SplitMix64;
    use crate::{Action, Config};

    /// A minimal XML well-formedness check: tags balance and nest, attribute
    /// values are quoted, no bare `&` or `<` in text.
    pub(super) fn well_formed(doc: &str) -> Result<usize, String> {
        let mut stack: Vec<String> = Vec::new();
        let mut elements = 0;
        let mut rest = doc;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            if let Some(amp) = text.find('&') {
                let ent = &text[amp..];
                if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| ent.starts_with(e))
                {
                    return Err(format!("bare & in {text:?}"));
                }
            }
            let end = rest[start..].find('>').ok_or("unterminated tag")? + start;
            let tag = &rest[start + 1..end];
            if tag.contains('<') {
                return Err(format!("< inside tag {tag:?}"));
            }
            if !tag.matches('"').count().is_multiple_of(2) {
                return Err(format!("unbalanced quotes in {tag:?}"));
            }
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("stray </{name}>"))?;
                if open != name {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
            } else {
                elements += 1;
                let name: String = tag
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != '/')
                    .collect();
                if !tag.ends_with('/') {
                    stack.push(name);
                }
            }
            rest = &rest[end + 1..];
            if stack.is_empty() && !rest.trim().is_empty() {
                return Err("content after the root element".into());
            }
        }
        if !stack.is_empty() {
            return Err(format!("unclosed {stack:?}"));
        }
        Ok(elements)
    }

    fn played(players: u8, variant: Variant, seed: u64, decisions: usize) -> State {
        let mut s = State::new(&Config::new(players, variant, seed)).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..decisions {
            match s.random_action(&mut rng) {
                Some(a) => s = s.play(a).unwrap(),
                None => break,
            }
        }
        s
    }

    #[test]
    fn the_checker_rejects_broken_documents() {
        assert!(well_formed("<svg><g></svg>").is_err());
        assert!(well_formed("<svg><text>a & b</text></svg>").is_err());
        assert!(well_formed("<svg><g/></svg>").is_ok());
    }

    #[test]
    fn pictures_are_well_formed_and_name_every_neighborhood_once() {
        for (players, variant) in [
            (2, Variant::Family),
            (3, Variant::Expert),
            (4, Variant::Expert),
        ] {
            for decisions in [0, 7, 40, 10_000] {
                let state = played(players, variant, 5, decisions);
                let doc = render(&state);
                assert!(well_formed(&doc).is_ok(), "{:?}", well_formed(&doc));
                for id in 0..55 {
                    assert_eq!(doc.matches(&format!(r#"id="n{id}""#)).count(), 1, "n{id}");
                }
                assert_eq!(doc.matches("<svg").count(), 1);
            }
        }
    }

    #[test]
    fn buildings_bids_and_tokens_are_drawn() {
        let s0 = State::new(&Config::new(4, Variant::Family, 9)).unwrap();
        let tokens = (0..55).filter(|&i| s0.token_at(i).is_some()).count();
        let doc = render(&s0);
        assert_eq!(doc.matches(r#"class="token "#).count(), tokens);
        assert_eq!(doc.matches(r#"class="bid "#).count(), 0);
        assert!(doc.contains("call 1"));
        // One bid on the board.
        let s1 = s0.play(Action::bid(3, 7)).unwrap();
        let doc = render(&s1);
        assert_eq!(doc.matches(r#"class="bid seat0 latest""#).count(), 1);
        // Play out: 4 × 13 = 52 buildings at most, at least 13 + 3.
        let end = played(4, Variant::Family, 9, 100_000);
        let built: usize = (0..4).map(|p| end.constructed_count(p) as usize).sum();
        let doc = render(&end);
        assert_eq!(doc.matches(r#"class="building seat"#).count(), built);
        assert!(doc.contains("game over"));
        assert_eq!(doc.matches(r#"class="bridge""#).count(), 21);
        assert_eq!(doc.matches(r#"class="statue""#).count(), 11);
        assert_eq!(doc.matches(r#"class="lake""#).count(), 6);
    }

    /// The `fill` of neighborhood `id`'s circle.
    fn fill_of(doc: &str, id: u8) -> &str {
        let at = doc.find(&format!(r#"id="n{id}""#)).unwrap();
        let rest = &doc[at..];
        let f = rest.find(r#"fill=""#).unwrap() + 6;
        &rest[f..f + rest[f..].find('"').unwrap()]
    }

    #[test]
    fn neighborhoods_are_coloured_as_on_the_printed_board() {
        let doc = render(&State::new(&Config::new(4, Variant::Family, 1)).unwrap());
        for id in 0..55u8 {
            let kind = board::kind(id).unwrap();
            assert_eq!(fill_of(&doc, id), kind_color(kind), "n{id} ({kind})");
        }
        // Red malls (12: center), blue administrations (13: center).
        assert_eq!(board::kind(12), Some(Kind::Mall));
        assert_eq!(fill_of(&doc, 12), "#e5685b");
        assert_eq!(board::kind(13), Some(Kind::Administration));
        assert_eq!(fill_of(&doc, 13), "#6e9ae6");
        let names: Vec<&str> = Kind::ALL.iter().map(|&k| kind_color_name(k)).collect();
        assert_eq!(names, ["gray", "orange", "green", "red", "blue"]);
        // Five different colours, none the out-of-play fill.
        let mut colours: Vec<&str> = Kind::ALL.iter().map(|&k| kind_color(k)).collect();
        colours.push(OUT_OF_PLAY_FILL);
        colours.sort();
        colours.dedup();
        assert_eq!(colours.len(), 6);
    }

    #[test]
    fn out_of_play_districts_are_greyed() {
        let mut config = Config::new(2, Variant::Family, 1);
        config.out_of_play = Some(vec![District::North, District::East]);
        let doc = render(&State::new(&config).unwrap());
        assert_eq!(doc.matches("neighborhood").count() - 1, 55); // + group class
        assert_eq!(doc.matches(" out-of-play\"").count(), 2 + 20);
    }

    #[test]
    fn options_apply_and_captions_are_escaped() {
        let s = State::new(&Config::new(3, Variant::Family, 2)).unwrap();
        let doc = render_with(
            &s,
            &SvgOptions {
                highlight: Some(4),
                caption: Some("a <b> & c".into()),
                hide_ids: true,
                hide_status: false,
            },
        )
        .unwrap();
        assert!(well_formed(&doc).is_ok());
        assert!(doc.contains("a &lt;b&gt; &amp; c"));
        assert!(doc.contains(r#"class="highlight""#));
        let bare = render_with(
            &s,
            &SvgOptions {
                hide_status: true,
                ..SvgOptions::default()
            },
        )
        .unwrap();
        assert!(!bare.contains(r#"class="status""#));
        assert!(bare.contains(r#"viewBox="0 0 1000 800""#));
    }

    /// A ring around a neighborhood that is not on the board is an error,
    /// never a picture without the ring; every id on it is ringed where
    /// that neighborhood is drawn.
    #[test]
    fn a_highlight_off_the_board_is_an_error() {
        let s = State::new(&Config::new(3, Variant::Expert, 2)).unwrap();
        let ring = |id| SvgOptions {
            highlight: Some(id),
            ..SvgOptions::default()
        };
        for id in [55, 99, u8::MAX] {
            assert_eq!(render_with(&s, &ring(id)), Err(SvgError::Highlight(id)));
            assert_eq!(ring(id).check(), Err(SvgError::Highlight(id)));
        }
        assert_eq!(
            SvgError::Highlight(99).to_string(),
            "there is no neighborhood 99 to highlight: neighborhoods are 0-54"
        );
        for id in 0..NEIGHBORHOOD_COUNT as u8 {
            let doc = render_with(&s, &ring(id)).unwrap();
            assert_eq!(doc.matches(r#"class="highlight""#).count(), 1);
            assert!(doc.contains(&highlight_piece(point(id))), "ring on {id}");
        }
        assert_eq!(render_with(&s, &SvgOptions::default()).unwrap(), render(&s));
    }

    #[test]
    fn the_board_alone_and_its_pieces_make_the_whole_picture() {
        let mut state = played(4, Variant::Expert, 3, 60);
        while state.bids().is_empty() {
            let mut rng = SplitMix64::new(1);
            state = state.play(state.random_action(&mut rng).unwrap()).unwrap();
        }
        let options = SvgOptions {
            highlight: Some(4),
            ..SvgOptions::default()
        };
        let whole = render_with(&state, &options).unwrap();
        let board = render_board(&state, &options);
        assert!(well_formed(&board).is_ok(), "{:?}", well_formed(&board));
        for piece in [
            "class=\"token ",
            "class=\"building ",
            "class=\"bid ",
            "highlight",
        ] {
            assert!(whole.contains(piece), "{piece}");
            assert!(!board.contains(piece), "{piece}");
        }
        for id in 0..55 {
            assert_eq!(board.matches(&format!(r#"id="n{id}""#)).count(), 1);
            if let Some((seat, number)) = state.building_at(id) {
                let piece = building_piece(Variant::Expert, seat, number, point(id));
                assert!(well_formed(&piece).is_ok());
                assert!(whole.contains(&piece), "building on {id}");
            }
            if let Some(t) = state.token_at(id) {
                assert!(whole.contains(&token_piece(t, point(id))), "token on {id}");
            }
        }
        let bids = state.bids();
        for (i, b) in bids.iter().enumerate() {
            let piece = bid_piece(
                b.player,
                b.building,
                i + 1 == bids.len(),
                point(b.neighborhood),
            );
            assert!(whole.contains(&piece));
        }
        // Expert sizes: a tall building is drawn larger than a small one.
        assert!(building_piece(Variant::Expert, 0, 13, (0.0, 0.0)).contains(r#"width="25.0""#));
        assert!(building_piece(Variant::Expert, 0, 1, (0.0, 0.0)).contains(r#"width="19.0""#));
        assert!(well_formed(&highlight_piece((5.0, 5.0))).is_ok());
    }

    /// The numbers of attribute `name` in `piece`, in order.
    fn attrs(piece: &str, name: &str) -> Vec<f32> {
        piece
            .split(&format!(" {name}=\""))
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.parse().ok())
            .collect()
    }

    #[test]
    fn a_bid_stays_clear_of_the_token_the_id_and_the_kind_letter() {
        let (x, y) = (500.0f32, 400.0f32);
        let bid = bid_piece(2, 13, true, (x, y));
        // "M500.0,386.0 l14,14 …": the diamond's top and half diagonal.
        let d = bid.split(" d=\"M").nth(1).unwrap();
        let top: f32 = d
            .split(',')
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let half = y - top;
        // Between the id (baseline RADIUS - 11 above the centre) and the
        // kind letter (10 px text, baseline RADIUS - 4 below).
        assert!(
            y - half > y - RADIUS + 11.0 + 1.0,
            "the diamond covers the id"
        );
        assert!(
            y + half < y + RADIUS - 4.0 - 7.0,
            "the diamond covers the kind letter"
        );
        for t in Token::ALL {
            let token = token_piece(*t, (x, y));
            let (cx, cy, r) = (
                attrs(&token, "cx")[0],
                attrs(&token, "cy")[0],
                attrs(&token, "r")[0],
            );
            // Distance from the disc's centre to the diamond's edge, less
            // the bold stroke of the latest bid.
            let gap = ((cx - x).abs() + (cy - y).abs() - half) / 2f32.sqrt() - r - 1.5;
            assert!(gap >= 2.0, "{t}: the token touches the bid ({gap})");
        }
    }

    #[test]
    fn a_building_leaves_the_id_and_the_kind_letter_readable() {
        let (x, y) = (500.0f32, 400.0f32);
        for variant in [Variant::Family, Variant::Expert] {
            for number in 1..=13 {
                let piece = building_piece(variant, 1, number, (x, y));
                // The halo's outer edge: its rectangle plus half its stroke.
                let (top, height, halo) = (
                    attrs(&piece, "y")[0],
                    attrs(&piece, "height")[0],
                    attrs(&piece, "stroke-width")[0],
                );
                let (outer_top, outer_bottom) = (top - halo / 2.0, top + height + halo / 2.0);
                // The id's baseline is RADIUS - 11 above the centre; the kind
                // letter (10 px text, about 7 px tall) sits on a baseline
                // RADIUS - 4 below it.
                assert!(
                    outer_top >= y - RADIUS + 11.0 + 1.0,
                    "{number} covers the id"
                );
                assert!(
                    outer_bottom <= y + RADIUS - 4.0 - 7.0 - 1.0,
                    "{number} covers the kind letter"
                );
            }
        }
    }

    #[test]
    fn every_building_is_outlined_in_black_inside_a_white_halo() {
        for seat in 0..4 {
            for number in [1, 7, 13] {
                let piece = building_piece(Variant::Expert, seat, number, (100.0, 100.0));
                let strokes: Vec<&str> = piece
                    .split(" stroke=\"")
                    .skip(1)
                    .map(|r| r.split('"').next().unwrap())
                    .collect();
                assert_eq!(strokes, ["#fff", "#111"], "{piece}");
                let widths = attrs(&piece, "stroke-width");
                assert!(widths[0] > widths[1] + 2.0, "{piece}");
            }
        }
    }

    /// The value of attribute `name` in the tag `tag`.
    fn attr(tag: &str, name: &str) -> Option<f32> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[at..].split('"').next()?.parse().ok()
    }

    /// A horizontal extent, from left to right.
    type Span = (f32, f32);

    /// The horizontal extents of what the status line draws, with the
    /// text widths estimated by [`text_width`] (font size × characters):
    /// per key item, its symbol and its label; the caption alone.
    fn status_boxes(doc: &str) -> (Vec<Vec<Span>>, Span) {
        let status = &doc[doc.find(r#"<g class="status">"#).unwrap()..];
        let caption_tag = &status[status.find(r#"<text class="caption""#).unwrap()..];
        let caption_text = &caption_tag[caption_tag.find('>').unwrap() + 1..];
        let caption_text = &caption_text[..caption_text.find("</text>").unwrap()];
        let x = attr(caption_tag, "x").unwrap();
        let width = attr(caption_tag, "textLength")
            .unwrap_or_else(|| text_width(&unescape(caption_text), 16.0));
        let caption = (x, x + width);
        let mut items = Vec::new();
        for item in status.split(r#"<g class="key-item">"#).skip(1) {
            let item = &item[..item.find("</g>").unwrap()];
            let mut parts = Vec::new();
            for element in item.split('<').skip(1) {
                let tag = &element[..element.find('>').unwrap()];
                let part = if tag.starts_with("rect") {
                    let x = attr(tag, "x").unwrap();
                    Some((x, x + attr(tag, "width").unwrap()))
                } else if tag.starts_with("circle") {
                    let (cx, r) = (attr(tag, "cx").unwrap(), attr(tag, "r").unwrap());
                    Some((cx - r, cx + r))
                } else if let Some(d) = tag.strip_prefix("path d=\"M") {
                    // The bid's diamond: 9 units either side of its top.
                    let x: f32 = d.split(',').next().unwrap().parse().unwrap();
                    Some((x - 9.0, x + 9.0))
                } else if tag.starts_with("text") && !tag.contains("text-anchor=\"middle\"") {
                    let x = attr(tag, "x").unwrap();
                    let text = &element[tag.len() + 1..];
                    Some((x, x + text_width(text, attr(tag, "font-size").unwrap())))
                } else {
                    None // the letter in a token's disc
                };
                parts.extend(part);
            }
            items.push(parts);
        }
        (items, caption)
    }

    fn unescape(text: &str) -> String {
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&")
    }

    /// The key's symbols and labels never overlap ("archaeology" ran into
    /// the bid's diamond) and stay inside the picture, for every number of
    /// players, at the start, in play and at the end (two-digit counts);
    /// so does the caption, squeezed when it is long.
    #[test]
    fn the_key_and_the_caption_do_not_overlap_and_fit() {
        let long = "a caption much longer than the line: ".repeat(4);
        for (players, variant) in [
            (2, Variant::Family),
            (3, Variant::Expert),
            (4, Variant::Expert),
            (4, Variant::Family),
        ] {
            for decisions in [0, 40, 100_000] {
                let state = played(players, variant, 3, decisions);
                for caption in [None, Some("short"), Some(long.as_str())] {
                    let options = SvgOptions {
                        caption: caption.map(str::to_owned),
                        ..SvgOptions::default()
                    };
                    let doc = render_with(&state, &options).unwrap();
                    let (items, caption) = status_boxes(&doc);
                    assert_eq!(items.len(), players as usize + 4);
                    let mut parts: Vec<Span> = items.concat();
                    assert_eq!(parts.len(), 2 * items.len(), "a symbol and a label each");
                    parts.sort_by(|a, b| a.0.total_cmp(&b.0));
                    for pair in parts.windows(2) {
                        assert!(
                            pair[0].1 <= pair[1].0,
                            "{pair:?} overlap ({players} players)"
                        );
                    }
                    let (first, last) = (parts[0].0, parts[parts.len() - 1].1);
                    assert!(first >= 0.0 && last <= WIDTH as f32, "{first}..{last}");
                    assert!(caption.0 >= 0.0 && caption.1 <= WIDTH as f32, "{caption:?}");
                }
            }
        }
    }
}
