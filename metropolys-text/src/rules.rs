//! The scoring rules in words, one line each, with core's points: what
//! core's `explain` lists (its topics, in its order), as a language words
//! it. The points come from core's constants, never from the catalogues.

use crate::texts::{signed, Texts};
use metropolys_core::explain::{topics, Topic};
use metropolys_core::scoring::{
    area_points, HIGHEST_BUILDING_POINTS, METROPOLYS_GROUP_POINTS, NEIGHBORHOOD_CARD_POINTS,
};
use metropolys_core::{Area, Card, SecretCard, Token, Variant};
use serde::Serialize;

/// One line of the scoring rules: what it is about, the score-sheet
/// category it fills, a short label and the line itself, in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoringRule {
    /// What the line is about.
    pub topic: Topic,
    /// The score-sheet category its points go to, `None` for the winner.
    pub category: Option<&'static str>,
    /// A short name: `Bridges card`, `Trendy token`, `Winner`.
    pub label: String,
    /// The rule in one line, with its points.
    pub text: String,
}

/// The scoring rules of a game of `variant`, with or without the
/// Metropolys cards, in `texts`' language, in the order of core's
/// `explain::topics`.
///
/// ```
/// use metropolys_text::{scoring_rules, Lang, Texts};
/// use metropolys_core::Variant;
/// let rules = scoring_rules(Texts::of(Lang::Fr), Variant::Expert, false);
/// assert!(rules.iter().all(|r| !r.text.contains("R-")));
/// ```
pub fn scoring_rules(
    texts: &Texts,
    variant: Variant,
    uses_metropolys_cards: bool,
) -> Vec<ScoringRule> {
    topics(variant, uses_metropolys_cards)
        .into_iter()
        .map(|topic| ScoringRule {
            topic,
            category: topic.category(),
            label: label(texts, topic),
            text: text(texts, variant, topic),
        })
        .collect()
}

/// The short name of a topic.
fn label(t: &Texts, topic: Topic) -> String {
    match topic {
        Topic::Area(a) => t.area_card(a),
        Topic::Neighborhood => t.format("neighborhood-card-plain", &[]),
        Topic::Metropolys => t.format("metropolys-card-plain", &[]),
        Topic::Token(token) => t.token_label(token),
        Topic::Card(c) => t.card(c),
        Topic::HighestBuilding => t.format("token-highest-label", &[]),
        Topic::Winner => t.format("rule-winner-label", &[]),
    }
}

/// The line on `topic` in a game of `variant`.
fn text(t: &Texts, variant: Variant, topic: Topic) -> String {
    let with = |id: &str, p: i32| t.format(id, &[("points", signed(p).into())]);
    match topic {
        Topic::Area(a) => area_text(t, variant, a),
        Topic::Neighborhood => with("rule-neighborhood", NEIGHBORHOOD_CARD_POINTS),
        Topic::Metropolys => with("rule-metropolys", METROPOLYS_GROUP_POINTS),
        Topic::Token(Token::Trendy) => with("rule-trendy", Token::Trendy.points()),
        Topic::Token(Token::Subway) => with("rule-subway", Token::Subway.points()),
        Topic::Token(Token::Archaeology) => with("rule-archaeology", Token::Archaeology.points()),
        Topic::Card(Card::Subway) => with("rule-subway-card", Card::Subway.points()),
        Topic::Card(Card::Archaeology) => with("rule-archaeology-card", Card::Archaeology.points()),
        Topic::HighestBuilding => t.format(
            "rule-highest",
            &[
                ("points", signed(HIGHEST_BUILDING_POINTS).into()),
                ("sizes", t.sizes().into()),
            ],
        ),
        Topic::Winner => t.format("rule-winner", &[]),
    }
}

/// What an area card scores in `variant` (§4 Family, R-19 Expert).
fn area_text(t: &Texts, variant: Variant, area: Area) -> String {
    let p = signed(area_points(variant, area));
    let family = |where_id: &str| {
        t.format(
            "rule-family-area",
            &[
                ("points", p.as_str().into()),
                ("where", t.format(where_id, &[]).into()),
            ],
        )
    };
    let with = |id: &str| t.format(id, &[("points", p.as_str().into())]);
    match (variant, area) {
        (Variant::Family, Area::Bridges) => family("rule-family-bridges"),
        (Variant::Family, Area::Statues) => family("rule-family-statues"),
        (Variant::Family, Area::Lakes) => family("rule-family-lakes"),
        (_, Area::Border) => with("rule-border"),
        // The Districts and Chains cards are the Expert game's only (R-5).
        (Variant::Family, Area::Districts | Area::Chains) => t.format("rule-family-none", &[]),
        (Variant::Expert, Area::Districts) => with("rule-expert-districts"),
        (Variant::Expert, Area::Chains) => with("rule-expert-chains"),
        (Variant::Expert, Area::Bridges) => with("rule-expert-bridges"),
        (Variant::Expert, Area::Statues) => with("rule-expert-statues"),
        (Variant::Expert, Area::Lakes) => with("rule-expert-lakes"),
    }
}

impl Texts {
    /// What a seat's secret card scores in `variant`, in one line: the
    /// area card as the scoring rules say, the neighborhood card for its
    /// kind (§5), the Metropolys card for its three kinds (§9).
    pub fn secret_card_text(&self, variant: Variant, card: SecretCard) -> String {
        match card {
            SecretCard::Area(a) => area_text(self, variant, a),
            SecretCard::Neighborhood(k) => self.format(
                "rule-neighborhood-kind",
                &[
                    ("points", signed(NEIGHBORHOOD_CARD_POINTS).into()),
                    ("kind", self.kind(k).into()),
                ],
            ),
            SecretCard::Metropolys(kinds) => self.format(
                "rule-metropolys-kinds",
                &[
                    ("points", signed(METROPOLYS_GROUP_POINTS).into()),
                    ("kinds", self.kinds(&kinds).into()),
                ],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;
    use metropolys_core::explain;

    const GAMES: [(Variant, bool); 4] = [
        (Variant::Family, false),
        (Variant::Family, true),
        (Variant::Expert, false),
        (Variant::Expert, true),
    ];

    /// The English lines follow core's topics one for one, and carry
    /// core's points (the same check as core's own scoring rules).
    #[test]
    fn the_lines_carry_cores_points_in_every_language() {
        for lang in Lang::ALL {
            let t = Texts::of(lang);
            for (variant, cards) in GAMES {
                let ours = scoring_rules(t, variant, cards);
                let core = explain::scoring_rules(variant, cards);
                assert_eq!(ours.len(), core.len());
                for (o, c) in ours.iter().zip(&core) {
                    assert_eq!((o.topic, o.category), (c.topic, c.category));
                    if c.topic != Topic::Winner {
                        let sign = c.text.split(' ').next().unwrap().replace('-', "−");
                        assert!(o.text.contains(&sign), "{lang} {:?}: {}", o.topic, o.text);
                    }
                    assert!(
                        !o.text.contains("R-") && !o.text.contains('§'),
                        "{}",
                        o.text
                    );
                }
            }
        }
    }

    /// R-18: the highest-building line states core's sizes.
    #[test]
    fn r18_the_highest_building_line_has_the_sizes() {
        let rules = scoring_rules(Texts::of(Lang::En), Variant::Expert, false);
        let line = &rules
            .iter()
            .find(|r| r.topic == Topic::HighestBuilding)
            .unwrap()
            .text;
        assert!(line.contains("small 1–5, medium 6–9, tall 10–13"), "{line}");
    }
}
