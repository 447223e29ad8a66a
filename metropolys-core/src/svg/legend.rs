//! The legend of the board picture: each symbol the board shows, as a
//! small SVG document of its own drawn by the board's own drawing code
//! (`shapes`), with a label and its meaning in one line (the scoring
//! meanings from [`crate::explain`], with core's points).

use super::palette::{kind_color_name, kind_letter, OUT_OF_PLAY_DISTRICT};
use super::shapes::{
    bid_piece, bridge_shape, building_half, building_piece, highlight_piece, island, lake_shape,
    neighborhood_shape, statue_shape, street_shape, token_piece, xml_escape, ISLAND_PADDING,
    RADIUS, TOKEN_OFFSET,
};
use crate::explain::{area_text, card_text, kind_label, token_label, token_text};
use crate::types::{Area, Kind, SecretCard, Size, Token, Variant};
use serde::Serialize;

/// A symbol of the board picture ([`LegendItem::symbol`]). Its JSON is
/// `{"kind": "park"}`, `{"token": "trendy"}`, `{"size": "tall"}` or the
/// name of the others: `"statue"`, `"lake"`, `"street"`, `"bridge"`,
/// `"out_of_play"`, `"building"`, `"bid"`, `"latest_bid"`, `"highlight"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum LegendSymbol {
    /// A neighborhood of a kind: its colour and letter.
    Kind(Kind),
    /// A token lying on a neighborhood.
    Token(Token),
    /// A statue.
    Statue,
    /// A lake.
    Lake,
    /// A street between two neighborhoods of a district.
    Street,
    /// A bridge across the river.
    Bridge,
    /// A district out of play (R-2).
    OutOfPlay,
    /// A constructed building.
    Building,
    /// A bid of the current call.
    Bid,
    /// The latest bid of the current call.
    LatestBid,
    /// The ring around the building constructed last.
    Highlight,
    /// A building of an Expert size (R-18).
    Size(Size),
}

/// One symbol of the board picture: which, its label, what it means in
/// one line, and its picture, a standalone SVG document drawn at the
/// board's scale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct LegendItem {
    /// The symbol.
    pub symbol: LegendSymbol,
    /// Its label: `"Industry neighborhood"`, `"Trendy token"`, `"Bridge"`, …
    pub label: String,
    /// What it means, in one line.
    pub meaning: String,
    /// The symbol as a standalone SVG document.
    pub svg: String,
}

/// A standalone picture `width` × `height` (SVG units, the board's) of
/// `body`, titled `label`.
fn picture(label: &str, width: f32, height: f32, body: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="Helvetica, Arial, sans-serif" role="img"><title>{}</title>{body}</svg>"#,
        xml_escape(label)
    )
}

/// An item of the legend.
fn item(
    symbol: LegendSymbol,
    label: String,
    meaning: String,
    size: (f32, f32),
    body: &str,
) -> LegendItem {
    LegendItem {
        svg: picture(&label, size.0, size.1, body),
        symbol,
        label,
        meaning,
    }
}

/// The side of the square a neighborhood's disc is drawn in: the disc, its
/// outline and a margin.
const DISC_BOX: f32 = 2.0 * RADIUS + 6.0;

/// The side of the square a building or a bid is drawn in: the tallest
/// building with its halo, the bid's diamond with its bold outline.
const PIECE_BOX: f32 = 34.0;

/// What the kind of a neighborhood scores in a game of `variant` (with the
/// Metropolys cards or not).
fn kind_meaning(kind: Kind, variant: Variant, uses_metropolys_cards: bool) -> String {
    let drawn = format!(
        "Drawn {} with the letter {}",
        kind_color_name(kind),
        kind_letter(kind)
    );
    if uses_metropolys_cards {
        format!("{drawn}; it counts for a Metropolys card showing {kind} (§9)")
    } else if variant == Variant::Expert {
        let card = SecretCard::Neighborhood(kind);
        format!(
            "{drawn}; the {} neighborhood card scores {}",
            kind,
            card_text(variant, card)
        )
    } else {
        format!("{drawn}; kinds score nothing in the Family game without Metropolys cards")
    }
}

/// What a size means in a game of `variant`.
fn size_meaning(size: Size, uses_metropolys_cards: bool) -> String {
    let numbers = size.numbers();
    let drawn = format!("Buildings {}-{} are {size}", numbers.start(), numbers.end());
    if uses_metropolys_cards {
        format!("{drawn}; sizes score nothing with the Metropolys cards (§9)")
    } else {
        format!(
            "{drawn}; in each district the tallest buildings take the highest-building \
             token (R-18)"
        )
    }
}

/// The legend of the board picture of a game of `variant`, with or without
/// the Metropolys cards: each neighborhood kind, each token, a statue, a
/// lake, a street, a bridge, a district out of play (R-2), a building, in
/// the Expert game the three building sizes, a bid, the latest bid and the
/// ring of the building just constructed. Each symbol is drawn by the code
/// that draws it on the board, in the first seat's colour where it has
/// one.
///
/// ```
/// use metropolys_core::{svg::{legend, LegendSymbol}, Kind, Variant};
/// let items = legend(Variant::Expert, false);
/// let mall = items.iter().find(|i| i.symbol == LegendSymbol::Kind(Kind::Mall)).unwrap();
/// assert_eq!(mall.label, "Mall neighborhood");
/// assert!(mall.svg.starts_with("<svg") && mall.svg.contains("#e5685b"));
/// assert_eq!(items.iter().filter(|i| matches!(i.symbol, LegendSymbol::Size(_))).count(), 3);
/// ```
pub fn legend(variant: Variant, uses_metropolys_cards: bool) -> Vec<LegendItem> {
    let mut items = Vec::new();
    let centre = DISC_BOX / 2.0;
    for &kind in Kind::ALL {
        items.push(item(
            LegendSymbol::Kind(kind),
            kind_label(kind),
            kind_meaning(kind, variant, uses_metropolys_cards),
            (DISC_BOX, DISC_BOX),
            &neighborhood_shape(kind, false, None, (centre, centre)),
        ));
    }
    for &token in Token::ALL {
        // The disc (radius 8) in a square of 20, centred.
        let at = (10.0 + TOKEN_OFFSET.0, 10.0 + TOKEN_OFFSET.1);
        items.push(item(
            LegendSymbol::Token(token),
            token_label(token).into(),
            token_text(token),
            (20.0, 20.0),
            &token_piece(token, at),
        ));
    }
    let area = |a: Area| area_text(variant, a);
    items.push(item(
        LegendSymbol::Statue,
        "Statue".into(),
        format!(
            "Touches three neighborhoods; the Statues card scores {}",
            area(Area::Statues)
        ),
        (20.0, 20.0),
        &statue_shape((10.0, 11.0)),
    ));
    items.push(item(
        LegendSymbol::Lake,
        "Lake".into(),
        format!(
            "The neighborhoods around it are on its shore; the Lakes card scores {}",
            area(Area::Lakes)
        ),
        (48.0, 32.0),
        &lake_shape((24.0, 16.0)),
    ));
    items.push(item(
        LegendSymbol::Street,
        "Street".into(),
        "Joins two adjacent neighborhoods: an outbid goes next to the latest bid (R-9)".into(),
        (48.0, 12.0),
        &street_shape((4.0, 6.0), (44.0, 6.0)),
    ));
    items.push(item(
        LegendSymbol::Bridge,
        "Bridge".into(),
        format!(
            "Joins two neighborhoods across the river, which are adjacent (R-9); \
             the Bridges card scores {}",
            area(Area::Bridges)
        ),
        (48.0, 12.0),
        &bridge_shape((4.0, 6.0), (44.0, 6.0)),
    ));
    let out = ISLAND_PADDING + 4.0;
    items.push(item(
        LegendSymbol::OutOfPlay,
        "District out of play".into(),
        "With fewer than four players, one or two peripheral districts are out of play: \
         nothing is built or scored there (R-2)"
            .into(),
        (out, out),
        &format!(
            "{}{}",
            island(
                vec![(out / 2.0, out / 2.0)],
                OUT_OF_PLAY_DISTRICT,
                "district out-of-play"
            ),
            neighborhood_shape(Kind::Park, true, None, (out / 2.0, out / 2.0))
        ),
    ));
    let piece = PIECE_BOX / 2.0;
    items.push(item(
        LegendSymbol::Building,
        "Building".into(),
        "A constructed building, in its owner's colour with its number: \
         it stays for the rest of the game (R-13)"
            .into(),
        (PIECE_BOX, PIECE_BOX),
        &building_piece(variant, 0, 7, (piece, piece)),
    ));
    if variant == Variant::Expert {
        for &size in Size::ALL {
            let number = *size.numbers().start();
            let numbers = size.numbers();
            items.push(item(
                LegendSymbol::Size(size),
                format!(
                    "{} building ({}-{})",
                    match size {
                        Size::Small => "Small",
                        Size::Medium => "Medium",
                        Size::Tall => "Tall",
                    },
                    numbers.start(),
                    numbers.end()
                ),
                size_meaning(size, uses_metropolys_cards),
                (PIECE_BOX, PIECE_BOX),
                &building_piece(variant, 0, number, (piece, piece)),
            ));
        }
    }
    items.push(item(
        LegendSymbol::Bid,
        "Bid".into(),
        "A building bid in the current call; it goes back to its owner unless it wins \
         the call (R-13)"
            .into(),
        (PIECE_BOX, PIECE_BOX),
        &bid_piece(0, 5, false, (piece, piece)),
    ));
    items.push(item(
        LegendSymbol::LatestBid,
        "Latest bid".into(),
        "The latest bid, in bold: an outbid needs a higher number on a free neighborhood \
         next to it (R-9); when nobody outbids, it is constructed (R-12, R-13)"
            .into(),
        (PIECE_BOX, PIECE_BOX),
        &bid_piece(0, 8, true, (piece, piece)),
    ));
    let ring = 2.0 * (RADIUS + 4.0) + 6.0;
    let at = (ring / 2.0, ring / 2.0);
    items.push(item(
        LegendSymbol::Highlight,
        "Just constructed".into(),
        "A gold ring marks the building constructed last (R-13)".into(),
        (ring, ring),
        &format!(
            "{}{}{}",
            neighborhood_shape(Kind::Housing, false, None, at),
            building_piece(variant, 0, 11, at),
            highlight_piece(at)
        ),
    ));
    debug_assert!(building_half(Variant::Expert, 13) + 2.5 <= PIECE_BOX / 2.0);
    items
}

#[cfg(test)]
mod tests {
    use super::super::palette::{kind_color, player_color, token_style, OUT_OF_PLAY_FILL};
    use super::super::tests::well_formed;
    use super::*;
    use crate::explain::{token_text, GAMES};

    /// The numbers of attribute `name` in `svg`, in order.
    fn attrs(svg: &str, name: &str) -> Vec<f32> {
        svg.split(&format!(" {name}=\""))
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.parse().ok())
            .collect()
    }

    /// Each item is a standalone, well-formed picture titled with its
    /// label, whose discs, squares and ellipses lie inside it (outlines
    /// included).
    #[test]
    fn every_symbol_is_a_whole_picture_that_holds_it() {
        for (variant, cards) in GAMES {
            let items = legend(variant, cards);
            let mut labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
            labels.sort_unstable();
            labels.dedup();
            assert_eq!(labels.len(), items.len(), "labels are unique");
            for i in &items {
                assert!(
                    well_formed(&i.svg).is_ok(),
                    "{:?}: {:?}",
                    i.symbol,
                    well_formed(&i.svg)
                );
                assert!(i.svg.starts_with("<svg xmlns="), "{}", i.svg);
                assert!(i
                    .svg
                    .contains(&format!("<title>{}</title>", xml_escape(&i.label))));
                assert!(!i.meaning.is_empty() && !i.meaning.contains('\n'));
                let (w, h) = (attrs(&i.svg, "width")[0], attrs(&i.svg, "height")[0]);
                assert!(i.svg.contains(&format!(r#"viewBox="0 0 {w} {h}""#)));
                // Circles: centre and radius, with the outline.
                for c in i.svg.split("<circle").skip(1) {
                    let tag = &c[..c.find('>').unwrap()];
                    let (cx, cy, r) =
                        (attrs(tag, "cx")[0], attrs(tag, "cy")[0], attrs(tag, "r")[0]);
                    let sw = attrs(tag, "stroke-width").first().copied().unwrap_or(1.0) / 2.0;
                    assert!(cx - r - sw >= 0.0 && cx + r + sw <= w, "{:?} x", i.symbol);
                    assert!(cy - r - sw >= 0.0 && cy + r + sw <= h, "{:?} y", i.symbol);
                }
                for c in i.svg.split("<rect").skip(1) {
                    let tag = &c[..c.find('>').unwrap()];
                    let (x, y) = (attrs(tag, "x")[0], attrs(tag, "y")[0]);
                    let (rw, rh) = (attrs(tag, "width")[0], attrs(tag, "height")[0]);
                    let sw = attrs(tag, "stroke-width")[0] / 2.0;
                    assert!(x - sw >= 0.0 && x + rw + sw <= w, "{:?}", i.symbol);
                    assert!(y - sw >= 0.0 && y + rh + sw <= h, "{:?}", i.symbol);
                }
            }
        }
    }

    /// R-2, R-18: the symbols are those of the game: the Expert sizes in the
    /// Expert game only; every kind and token, with the board's colours
    /// and letters, and the tokens' meanings with core's points.
    #[test]
    fn r18_the_symbols_are_the_boards() {
        for (variant, cards) in GAMES {
            let items = legend(variant, cards);
            let find = |s: LegendSymbol| items.iter().find(|i| i.symbol == s);
            let sizes = items
                .iter()
                .filter(|i| matches!(i.symbol, LegendSymbol::Size(_)));
            assert_eq!(
                sizes.count(),
                if variant == Variant::Expert { 3 } else { 0 }
            );
            for &kind in Kind::ALL {
                let i = find(LegendSymbol::Kind(kind)).unwrap();
                assert!(i.svg.contains(&format!(r#"fill="{}""#, kind_color(kind))));
                assert!(i.svg.contains(&format!(">{}</text>", kind_letter(kind))));
                assert!(i.meaning.contains(kind_color_name(kind)), "{}", i.meaning);
            }
            for &token in Token::ALL {
                let i = find(LegendSymbol::Token(token)).unwrap();
                assert!(i
                    .svg
                    .contains(&format!(r#"fill="{}""#, token_style(token).0)));
                assert_eq!(i.meaning, token_text(token));
            }
            let out = find(LegendSymbol::OutOfPlay).unwrap();
            assert!(out.svg.contains(OUT_OF_PLAY_FILL) && out.meaning.ends_with("(R-2)"));
            for s in [
                LegendSymbol::Building,
                LegendSymbol::Bid,
                LegendSymbol::LatestBid,
            ] {
                assert!(find(s).unwrap().svg.contains(player_color(0)), "{s:?}");
            }
            for s in [
                LegendSymbol::Statue,
                LegendSymbol::Lake,
                LegendSymbol::Street,
                LegendSymbol::Bridge,
                LegendSymbol::Highlight,
            ] {
                assert!(find(s).is_some(), "{s:?}");
            }
        }
        let expert = legend(Variant::Expert, false);
        let tall = expert
            .iter()
            .find(|i| i.symbol == LegendSymbol::Size(Size::Tall))
            .unwrap();
        assert_eq!(tall.label, "Tall building (10-13)");
        assert!(tall.meaning.contains("(R-18)"));
        let park = expert
            .iter()
            .find(|i| i.symbol == LegendSymbol::Kind(Kind::Park))
            .unwrap();
        assert!(
            park.meaning.contains("+2 for each of your buildings"),
            "{}",
            park.meaning
        );
    }

    /// The legend draws with the board's code: a symbol's picture holds
    /// what the board draws for it, at the legend's place.
    #[test]
    fn the_symbols_are_drawn_by_the_boards_code() {
        let items = legend(Variant::Expert, false);
        let svg = |s: LegendSymbol| &items.iter().find(|i| i.symbol == s).unwrap().svg;
        let piece = (PIECE_BOX / 2.0, PIECE_BOX / 2.0);
        assert!(svg(LegendSymbol::Building).contains(&building_piece(
            Variant::Expert,
            0,
            7,
            piece
        )));
        assert!(svg(LegendSymbol::LatestBid).contains(&bid_piece(0, 8, true, piece)));
        assert!(
            svg(LegendSymbol::Size(Size::Small)).contains(&building_piece(
                Variant::Expert,
                0,
                1,
                piece
            ))
        );
        let c = DISC_BOX / 2.0;
        for &kind in Kind::ALL {
            assert!(svg(LegendSymbol::Kind(kind)).contains(&neighborhood_shape(
                kind,
                false,
                None,
                (c, c)
            )));
        }
        assert!(svg(LegendSymbol::Bridge).contains(r#"class="bridge""#));
        assert!(svg(LegendSymbol::Statue).contains(r#"class="statue""#));
        assert!(svg(LegendSymbol::Lake).contains(r#"class="lake""#));
        assert!(svg(LegendSymbol::Highlight).contains(r#"class="highlight""#));
    }
}
