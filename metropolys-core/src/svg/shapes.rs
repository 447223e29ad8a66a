//! The elements of the board picture, each drawn at a given place: a
//! district's island, a lake, a street, a bridge, a statue, a
//! neighborhood, and the pieces (a token, a building, a bid, the ring of
//! the building just constructed). The board ([`render`](super::render))
//! and the legend ([`legend`](super::legend())) draw with these same
//! functions, so a symbol of the legend is the symbol of the board.

use super::palette::{
    ink_on, kind_color, kind_letter, player_color, token_style, OUT_OF_PLAY_FILL,
    OUT_OF_PLAY_STROKE,
};
use crate::types::{Kind, NeighborhoodId, Seat, Size, Token, Variant};
use std::fmt::Write as _;

/// The radius of a neighborhood's disc.
pub(crate) const RADIUS: f32 = 27.0;

/// The width of the round stroke that pads a district's island around its
/// neighborhoods.
pub(crate) const ISLAND_PADDING: f32 = 78.0;

/// The convex hull of points (monotone chain), counter-clockwise.
fn hull(mut pts: Vec<(f32, f32)>) -> Vec<(f32, f32)> {
    pts.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: (f32, f32), a: (f32, f32), b: (f32, f32)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut lower: Vec<(f32, f32)> = Vec::new();
    for &p in &pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0.0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<(f32, f32)> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0.0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// A district's island: the hull of its neighborhoods' centres `points`,
/// padded by a thick round stroke of its `fill`, with `class`.
pub(crate) fn island(points: Vec<(f32, f32)>, fill: &str, class: &str) -> String {
    let mut path = String::new();
    for (i, (x, y)) in hull(points).iter().enumerate() {
        let _ = write!(path, "{}{x:.1},{y:.1} ", if i == 0 { "M" } else { "L" });
    }
    path.push('Z');
    format!(
        r#"<path class="{class}" d="{path}" fill="{fill}" stroke="{fill}" stroke-width="{ISLAND_PADDING}" stroke-linejoin="round"/>"#
    )
}

/// A lake centred at `at`.
pub(crate) fn lake_shape(at: (f32, f32)) -> String {
    let (x, y) = at;
    format!(
        r##"<ellipse class="lake" cx="{x:.1}" cy="{y:.1}" rx="22" ry="14" fill="#5aa7d8" stroke="#2b6f9e" stroke-width="1.5"/>"##
    )
}

/// A street from `a` to `b` (two adjacent neighborhoods of one district).
pub(crate) fn street_shape(a: (f32, f32), b: (f32, f32)) -> String {
    let ((x1, y1), (x2, y2)) = (a, b);
    format!(
        r##"<line class="street" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#8d8577" stroke-width="2"/>"##
    )
}

/// A bridge from `a` to `b` across the river: a thick plank.
pub(crate) fn bridge_shape(a: (f32, f32), b: (f32, f32)) -> String {
    let ((x1, y1), (x2, y2)) = (a, b);
    format!(
        r##"<line class="bridge" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#7a5230" stroke-width="9" stroke-linecap="butt"/><line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#c89a64" stroke-width="5" stroke-dasharray="3 3"/>"##
    )
}

/// A statue at `at`: a small pedestal.
pub(crate) fn statue_shape(at: (f32, f32)) -> String {
    let (x, y) = at;
    format!(
        r##"<path class="statue" d="M{:.1},{:.1} l7,12 h-14 Z" fill="#d4af37" stroke="#6b5514" stroke-width="1.2"/>"##,
        x,
        y - 7.0
    )
}

/// A neighborhood of `kind` centred at `at`: its disc in its kind's
/// colour (grey when `out_of_play`, R-2), its kind letter and, when given,
/// its `id`.
pub(crate) fn neighborhood_shape(
    kind: Kind,
    out_of_play: bool,
    id: Option<NeighborhoodId>,
    at: (f32, f32),
) -> String {
    let (x, y) = at;
    let (fill, stroke) = if out_of_play {
        (OUT_OF_PLAY_FILL, OUT_OF_PLAY_STROKE)
    } else {
        (kind_color(kind), "#5b5346")
    };
    let mut s = format!(
        r##"<circle cx="{x:.1}" cy="{y:.1}" r="{RADIUS}" fill="{fill}" stroke="{stroke}" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-size="10" fill="#3b3b3b" text-anchor="middle">{}</text>"##,
        x,
        y + RADIUS - 4.0,
        kind_letter(kind)
    );
    if let Some(id) = id {
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="10" fill="#3b3b3b" text-anchor="middle">{id}</text>"##,
            x,
            y - RADIUS + 11.0
        );
    }
    s
}

/// A token lying on the neighborhood whose centre is `at` (see
/// [`point`](super::point)): a small disc with its letter, up and left of
/// the centre, clear of a bid ([`bid_piece`]) and of the neighborhood's
/// id.
pub fn token_piece(token: Token, at: (f32, f32)) -> String {
    let (x, y) = at;
    let (color, letter, ink) = token_style(token);
    format!(
        r##"<g class="token {token}"><circle cx="{:.1}" cy="{:.1}" r="8" fill="{color}" stroke="#222" stroke-width="1"/><text x="{:.1}" y="{:.1}" font-size="10" font-weight="bold" fill="{ink}" text-anchor="middle">{letter}</text></g>"##,
        x - TOKEN_OFFSET.0,
        y - TOKEN_OFFSET.1,
        x - TOKEN_OFFSET.0,
        y - TOKEN_OFFSET.1 + 3.5
    )
}

/// Where a token's disc lies from its neighborhood's centre: this far left
/// and up.
pub(crate) const TOKEN_OFFSET: (f32, f32) = (20.0, 13.0);

/// Half the side of a building's square: by the Expert building size
/// (R-18), all the same in the Family game.
pub(crate) const fn building_half(variant: Variant, number: u8) -> f32 {
    match (variant, Size::of(number)) {
        (Variant::Family, _) => 11.0,
        (_, Size::Small) => 9.5,
        (_, Size::Medium) => 11.0,
        (_, Size::Tall) => 12.5,
    }
}

/// Building `number` of `seat` constructed on the neighborhood whose centre
/// is `at`: a square in the owner's colour with its number, sized by the
/// Expert building size (all the same size in the Family game), outlined in
/// black inside a white halo so that every colour stands out on every
/// neighborhood (the white and black buildings too). Halo included, the
/// tallest stays between the neighborhood's id and its kind letter, so both
/// stay readable under a building.
pub fn building_piece(variant: Variant, seat: Seat, number: u8, at: (f32, f32)) -> String {
    let (x, y) = at;
    let half = building_half(variant, number);
    format!(
        r##"<g class="building seat{seat}"><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="2" fill="{}" stroke="#fff" stroke-width="5"/><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="2" fill="{}" stroke="#111" stroke-width="2.5"/><text x="{x:.1}" y="{:.1}" font-size="14" font-weight="bold" fill="{}" text-anchor="middle">{number}</text></g>"##,
        x - half,
        y - half,
        2.0 * half,
        2.0 * half,
        player_color(seat),
        x - half,
        y - half,
        2.0 * half,
        2.0 * half,
        player_color(seat),
        y + 5.0,
        ink_on(seat)
    )
}

/// Building `number` of `seat` bid on the neighborhood whose centre is `at`:
/// a dashed diamond, bold when it is the call's `latest` bid. It stays
/// between the neighborhood's id and kind letter and clear of a token
/// lying there ([`token_piece`]).
pub fn bid_piece(seat: Seat, number: u8, latest: bool, at: (f32, f32)) -> String {
    let (x, y) = at;
    format!(
        r##"<g class="bid seat{seat}{}"><path d="M{x:.1},{:.1} l14,14 l-14,14 l-14,-14 Z" fill="{}" fill-opacity="0.85" stroke="#111" stroke-width="{}" stroke-dasharray="4 2"/><text x="{x:.1}" y="{:.1}" font-size="13" font-weight="bold" fill="{}" text-anchor="middle">{number}</text></g>"##,
        if latest { " latest" } else { "" },
        y - 14.0,
        player_color(seat),
        if latest { "3" } else { "1.5" },
        y + 4.5,
        ink_on(seat),
    )
}

/// The gold ring around the neighborhood whose centre is `at` (the building
/// just constructed).
pub fn highlight_piece(at: (f32, f32)) -> String {
    let (x, y) = at;
    format!(
        r##"<circle class="highlight" cx="{x:.1}" cy="{y:.1}" r="{}" fill="none" stroke="#ffb000" stroke-width="4"/>"##,
        RADIUS + 4.0
    )
}

/// Escapes text for XML character data and attribute values.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
