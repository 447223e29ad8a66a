//! The legend of the board picture in words: core's symbols and pictures
//! (`svg::legend`), each with its label and meaning in a language.

use crate::texts::Texts;
use metropolys_core::svg::{self, kind_letter, LegendItem, LegendSymbol};
use metropolys_core::{Area, SecretCard, Variant};

/// The legend of the board picture of a game of `variant`, with or
/// without the Metropolys cards, in `texts`' language: core's items (the
/// symbols and their pictures, in core's order) with their `label` and
/// `meaning` worded by the catalogue.
///
/// ```
/// use metropolys_text::{legend, Lang, Texts};
/// use metropolys_core::Variant;
/// let items = legend(Texts::of(Lang::Pl), Variant::Expert, false);
/// assert!(items.iter().all(|i| !i.meaning.contains("R-")));
/// ```
pub fn legend(texts: &Texts, variant: Variant, uses_metropolys_cards: bool) -> Vec<LegendItem> {
    svg::legend(variant, uses_metropolys_cards)
        .into_iter()
        .map(|mut item| {
            let (label, meaning) = words(texts, variant, uses_metropolys_cards, item.symbol);
            item.label = label;
            item.meaning = meaning;
            item
        })
        .collect()
}

/// A symbol's label and meaning.
fn words(t: &Texts, variant: Variant, cards: bool, symbol: LegendSymbol) -> (String, String) {
    let get = |id: &str| t.format(id, &[]);
    let area = |a: Area| t.secret_card_text(variant, SecretCard::Area(a));
    let with_score = |id: &str, score: String| t.format(id, &[("score", score.into())]);
    match symbol {
        LegendSymbol::Kind(kind) => {
            let name = t.kind(kind);
            let drawn = t.format("legend-kind-drawn", &[("letter", kind_letter(kind).into())]);
            let meaning = if cards {
                t.format(
                    "legend-kind-metropolys",
                    &[("drawn", drawn.into()), ("kind", name.as_str().into())],
                )
            } else if variant == Variant::Expert {
                let score = t.secret_card_text(variant, SecretCard::Neighborhood(kind));
                t.format(
                    "legend-kind-expert",
                    &[("drawn", drawn.into()), ("score", score.into())],
                )
            } else {
                t.format("legend-kind-family", &[("drawn", drawn.into())])
            };
            (
                t.format("legend-kind-label", &[("kind", name.into())]),
                meaning,
            )
        }
        LegendSymbol::Token(token) => {
            let rules = crate::scoring_rules(t, variant, cards);
            let meaning = rules
                .into_iter()
                .find(|r| r.topic == metropolys_core::explain::Topic::Token(token))
                .map_or_else(String::new, |r| r.text);
            (t.token_label(token), meaning)
        }
        LegendSymbol::Statue => (
            get("legend-statue-label"),
            with_score("legend-statue", area(Area::Statues)),
        ),
        LegendSymbol::Lake => (
            get("legend-lake-label"),
            with_score("legend-lake", area(Area::Lakes)),
        ),
        LegendSymbol::Street => (get("legend-street-label"), get("legend-street")),
        LegendSymbol::Bridge => (
            get("legend-bridge-label"),
            with_score("legend-bridge", area(Area::Bridges)),
        ),
        LegendSymbol::OutOfPlay => (get("legend-out-label"), get("legend-out")),
        LegendSymbol::Building => (get("legend-building-label"), get("legend-building")),
        LegendSymbol::Size(size) => {
            let n = size.numbers();
            let numbers = format!("{}–{}", n.start(), n.end());
            let args = [("size", t.size(size).into()), ("numbers", numbers.into())];
            let id = if cards {
                "legend-size-metropolys"
            } else {
                "legend-size"
            };
            (t.format("legend-size-label", &args), t.format(id, &args))
        }
        LegendSymbol::Bid => (get("legend-bid-label"), get("legend-bid")),
        LegendSymbol::LatestBid => (get("legend-latest-label"), get("legend-latest")),
        LegendSymbol::Highlight => (get("legend-highlight-label"), get("legend-highlight")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    /// Every symbol of every kind of game is worded in every language, with
    /// no rule number and no message id left.
    #[test]
    fn every_symbol_is_worded_in_every_language() {
        for lang in Lang::ALL {
            for (variant, cards) in [
                (Variant::Family, false),
                (Variant::Family, true),
                (Variant::Expert, false),
                (Variant::Expert, true),
            ] {
                let items = legend(Texts::of(lang), variant, cards);
                assert_eq!(items.len(), svg::legend(variant, cards).len());
                for i in &items {
                    for text in [&i.label, &i.meaning] {
                        assert!(!text.is_empty(), "{lang} {:?}", i.symbol);
                        assert!(
                            !text.contains("R-") && !text.contains('§'),
                            "{lang}: {text}"
                        );
                        assert!(!text.starts_with("legend-"), "{lang}: {text}");
                    }
                }
            }
        }
    }
}
