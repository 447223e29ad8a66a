//! Board pictures as SVG (one renderer for every binding).
//!
//! [`render`] draws a state on a 1000 × 1000 canvas (board positions are in
//! percent, so one percent is ten units): bridges as lines, lakes and statues
//! at their drawing positions, each neighborhood as a circle coloured by its
//! kind, the tokens still on the board, constructed buildings and the bids of
//! the current call in player colours. Districts out of play are faded (R-2).
//!
//! Every neighborhood is drawn as one `<g>` element with the attribute
//! `id="n{id}"` (`n0` … `n54`), classes `neighborhood`, `kind-{kind}`,
//! `district-{district}`, and a `<text>` child showing its id. Bindings and
//! tests rely on these ids.

use crate::board;
use crate::state::State;
use crate::types::{Kind, Token, NEIGHBORHOOD_COUNT};
use std::fmt::Write as _;

/// Fill colours of the players' pieces, by seat.
pub const PLAYER_COLORS: [&str; 4] = ["#d62728", "#1f77b4", "#2ca02c", "#f0b400"];

/// The fill colour of a neighborhood kind.
pub fn kind_color(kind: Kind) -> &'static str {
    match kind {
        Kind::Industry => "#a8a29e",
        Kind::Park => "#86c46d",
        Kind::Housing => "#f2c98a",
        Kind::Mall => "#e6a3c8",
        Kind::Administration => "#9cc3e6",
    }
}

fn at(id: u8) -> (f32, f32) {
    let (x, y) = board::position(id).unwrap_or((0.0, 0.0));
    (x * 10.0, y * 10.0)
}

/// The state drawn as a standalone SVG document (see the [module docs](self)).
///
/// ```
/// use metropolys_core::{svg, Config, State, Variant};
/// let s = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
/// let picture = svg::render(&s);
/// assert!(picture.starts_with("<svg"));
/// assert!(picture.contains(r#"id="n54""#));
/// ```
pub fn render(state: &State) -> String {
    let mut s = String::with_capacity(24_000);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000" width="600" height="600" font-family="sans-serif">"#
    );
    let title = match state.to_act() {
        Some(p) => format!(
            "Metropolys: {} players, {}, call {}, seat {p} to act",
            state.players(),
            state.variant(),
            state.call_number()
        ),
        None => format!(
            "Metropolys: {} players, {}, game over after {} calls",
            state.players(),
            state.variant(),
            state.call_number()
        ),
    };
    let _ = write!(
        s,
        r##"<title>{title}</title><rect width="1000" height="1000" fill="#f7f4ec"/>"##
    );

    // Bridges (R-9) under everything else.
    s.push_str(r##"<g class="bridges" stroke="#8d6e63" stroke-width="6">"##);
    for &[a, b] in board::bridges() {
        let ((x1, y1), (x2, y2)) = (at(a), at(b));
        let _ = write!(
            s,
            r#"<line class="bridge" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
        );
    }
    s.push_str("</g>");

    // Lakes and statues.
    for lake in board::lakes() {
        let _ = write!(
            s,
            r##"<ellipse class="lake" id="lake{}" cx="{:.1}" cy="{:.1}" rx="34" ry="22" fill="#5fa8d3" opacity="0.8"/>"##,
            lake.id,
            lake.x * 10.0,
            lake.y * 10.0
        );
    }
    for statue in board::statues() {
        let (x, y) = (statue.x * 10.0, statue.y * 10.0);
        let _ = write!(
            s,
            r##"<polygon class="statue" id="statue{}" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#6d6d6d"/>"##,
            statue.id,
            x,
            y - 12.0,
            x - 10.0,
            y + 8.0,
            x + 10.0,
            y + 8.0
        );
    }

    // Neighborhoods, with their tokens, buildings and bids.
    let in_play = state.in_play();
    for id in 0..NEIGHBORHOOD_COUNT as u8 {
        let (x, y) = at(id);
        let kind = board::kind(id).unwrap_or(Kind::Industry);
        let district = board::district(id).map_or("center", |d| d.name());
        let opacity = if in_play.contains(id) { "1" } else { "0.25" };
        let _ = write!(
            s,
            r##"<g id="n{id}" class="neighborhood kind-{kind} district-{district}" opacity="{opacity}"><circle cx="{x:.1}" cy="{y:.1}" r="30" fill="{}" stroke="#444" stroke-width="2"/>"##,
            kind_color(kind)
        );
        if let Some(token) = state.token_at(id) {
            let fill = match token {
                Token::Trendy => "#ffd54f",
                Token::Subway => "#4e342e",
                Token::Archaeology => "#bf360c",
            };
            let _ = write!(
                s,
                r##"<circle class="token token-{token}" cx="{:.1}" cy="{:.1}" r="9" fill="{fill}" stroke="#222"/>"##,
                x + 20.0,
                y - 20.0
            );
        }
        if let Some((owner, number)) = state.building_at(id) {
            let _ = write!(
                s,
                r##"<rect class="building player-{owner}" x="{:.1}" y="{:.1}" width="36" height="36" rx="4" fill="{}" stroke="#111" stroke-width="2"/><text x="{x:.1}" y="{:.1}" font-size="20" font-weight="bold" text-anchor="middle" fill="#fff">{number}</text>"##,
                x - 18.0,
                y - 18.0,
                PLAYER_COLORS[owner as usize % 4],
                y + 7.0
            );
        } else if let Some(bid) = state.bids().iter().find(|b| b.neighborhood == id) {
            let _ = write!(
                s,
                r##"<circle class="bid player-{}" cx="{x:.1}" cy="{y:.1}" r="20" fill="#fff" stroke="{}" stroke-width="6" stroke-dasharray="6 3"/><text x="{x:.1}" y="{:.1}" font-size="18" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"##,
                bid.player,
                PLAYER_COLORS[bid.player as usize % 4],
                y + 6.0,
                PLAYER_COLORS[bid.player as usize % 4],
                bid.building
            );
        } else {
            let _ = write!(
                s,
                r##"<text x="{x:.1}" y="{:.1}" font-size="16" text-anchor="middle" fill="#333">{id}</text>"##,
                y + 6.0
            );
        }
        s.push_str("</g>");
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Variant};

    #[test]
    fn every_neighborhood_has_one_element_with_its_id() {
        let s = State::new(&Config::new(3, Variant::Expert, 5)).unwrap();
        let picture = render(&s);
        for id in 0..NEIGHBORHOOD_COUNT {
            assert_eq!(
                picture.matches(&format!(r#"id="n{id}""#)).count(),
                1,
                "n{id}"
            );
        }
        assert!(picture.ends_with("</svg>"));
    }
}
