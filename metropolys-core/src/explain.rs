//! The scoring rules in words, one line each, with core's points: what a
//! secret card scores (§4, §5, R-19, §9), the tokens and the special cards
//! (§4, R-14, R-15), the highest buildings (R-18) and how the winner is
//! decided (R-20). The terminal's `help` and `map` print these lines, and
//! the WebAssembly package hands them to pages: none of them words these
//! facts a second time.
//!
//! ```
//! use metropolys_core::{explain, Area, Variant};
//! assert_eq!(
//!     explain::area_text(Variant::Expert, Area::Lakes),
//!     "+5 per lake with three of your buildings on its shore; \
//!      a building counts for one lake only (R-19)"
//! );
//! let rules = explain::scoring_rules(Variant::Family, false);
//! assert_eq!(rules.last().unwrap().topic, explain::Topic::Winner);
//! ```

use crate::scoring::{
    area_points, HIGHEST_BUILDING_POINTS, METROPOLYS_GROUP_POINTS, NEIGHBORHOOD_CARD_POINTS,
};
use crate::sheet::{CategoryInfo, ScoreSheet};
use crate::types::{
    Area, Card, Kind, SecretCard, Size, Token, Variant, EXPERT_AREAS, FAMILY_AREAS,
};
use serde::Serialize;

/// What a line of the scoring rules ([`ScoringRule`]) is about. Its JSON
/// is `{"area": "bridges"}`, `"neighborhood"`, `"metropolys"`, `{"token":
/// "trendy"}`, `{"card": "subway"}`, `"highest_building"` or `"winner"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    /// An area card (§4, R-19).
    Area(Area),
    /// The Expert neighborhood card (§5).
    Neighborhood,
    /// The Metropolys card (§9).
    Metropolys,
    /// A kind of token (§4).
    Token(Token),
    /// A special card (R-14, R-15).
    Card(Card),
    /// The highest-building tokens (R-18).
    HighestBuilding,
    /// How the winner is decided (R-20).
    Winner,
}

impl Topic {
    /// The score-sheet category its points go to (a name of
    /// [`ScoreSheet::CATEGORIES`](crate::ScoreSheet::CATEGORIES)); `None`
    /// for the winner.
    pub const fn category(self) -> Option<&'static str> {
        Some(match self {
            Topic::Area(_) => "area",
            Topic::Neighborhood => "neighborhood",
            Topic::Metropolys => "metropolys",
            Topic::Token(Token::Trendy) => "trendy",
            Topic::Token(Token::Subway) => "subway",
            Topic::Token(Token::Archaeology) => "archaeology",
            Topic::Card(Card::Subway) => "subway_card",
            Topic::Card(Card::Archaeology) => "archaeology_card",
            Topic::HighestBuilding => "highest_building",
            Topic::Winner => return None,
        })
    }
}

/// One line of the scoring rules: what it is about, the score-sheet
/// category it fills, a short label and the line itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct ScoringRule {
    /// What the line is about.
    pub topic: Topic,
    /// The score-sheet category its points go to ([`Topic::category`]),
    /// `null` for the winner.
    pub category: Option<&'static str>,
    /// A short name: `"Bridges card"`, `"Trendy token"`, `"Winner"`.
    pub label: String,
    /// The rule in one line, with its points and its ruling.
    pub text: String,
}

/// Points as the texts write them: `+3`, `-2`.
fn points(p: i32) -> String {
    format!("{p:+}")
}

/// `name` with its first letter in capitals.
fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The three kinds of a Metropolys card in words: `industry, park and
/// housing`.
fn kinds_text(kinds: &[Kind; 3]) -> String {
    format!("{}, {} and {}", kinds[0], kinds[1], kinds[2])
}

/// The label of a neighborhood kind: `"Industry neighborhood"`.
pub fn kind_label(kind: Kind) -> String {
    format!("{} neighborhood", capitalized(kind.name()))
}

/// The label of an area card: `"Bridges card"`.
pub fn area_label(area: Area) -> String {
    format!("{} card", capitalized(area.name()))
}

/// The label of a secret card: `"Bridges card"`, `"Park neighborhood
/// card"`, `"Metropolys card (industry, park and housing)"`.
///
/// ```
/// use metropolys_core::{explain::card_label, Kind, SecretCard};
/// assert_eq!(card_label(SecretCard::Neighborhood(Kind::Park)), "Park neighborhood card");
/// ```
pub fn card_label(card: SecretCard) -> String {
    match card {
        SecretCard::Area(area) => area_label(area),
        SecretCard::Neighborhood(kind) => format!("{} card", kind_label(kind)),
        SecretCard::Metropolys(kinds) => format!("Metropolys card ({})", kinds_text(&kinds)),
    }
}

/// What an area card scores in `variant`, in one line: in the Family game
/// (§4) a number of points per building on its area; in the Expert game
/// (R-19) per bridge, statue, lake, district or chain. A building counts
/// once on a card in both.
pub fn area_text(variant: Variant, area: Area) -> String {
    let p = points(area_points(variant, area));
    let family = |what: &str, feature: &str| {
        format!(
            "{p} for each of your buildings {what}; a building counts once, \
             however many {feature} it touches (§4)"
        )
    };
    match (variant, area) {
        (Variant::Family, Area::Bridges) => family("at an end of a bridge", "bridges"),
        (Variant::Family, Area::Statues) => family("touching a statue", "statues"),
        (Variant::Family, Area::Lakes) => family("on the shore of a lake", "lakes"),
        (_, Area::Border) => format!("{p} for each of your buildings on the city's border (§4)"),
        // The Districts and Chains cards are the Expert game's only (R-5).
        (Variant::Family, Area::Districts | Area::Chains) => {
            "nothing: the Family game deals no such card (R-5)".into()
        }
        (Variant::Expert, Area::Districts) => {
            format!("{p} per district where you have three or more buildings (R-19)")
        }
        (Variant::Expert, Area::Chains) => format!(
            "{p} per chain of three of your buildings connected by streets or bridges; \
             a building counts in one chain only (R-19)"
        ),
        (Variant::Expert, Area::Bridges) => format!(
            "{p} per bridge with your buildings at both ends; \
             a building counts for one bridge only (R-19)"
        ),
        (Variant::Expert, Area::Statues) => format!(
            "{p} per statue with your buildings on all three neighborhoods touching it; \
             a building counts for one statue only (R-19)"
        ),
        (Variant::Expert, Area::Lakes) => format!(
            "{p} per lake with three of your buildings on its shore; \
             a building counts for one lake only (R-19)"
        ),
    }
}

/// What a secret card scores in `variant`, in one line: the area card as
/// [`area_text`], the neighborhood card for its kind (§5), the Metropolys
/// card for its three kinds (§9).
///
/// ```
/// use metropolys_core::{explain::card_text, Kind, SecretCard, Variant};
/// assert_eq!(
///     card_text(Variant::Expert, SecretCard::Neighborhood(Kind::Mall)),
///     "+2 for each of your buildings on a mall neighborhood (§5)"
/// );
/// ```
pub fn card_text(variant: Variant, card: SecretCard) -> String {
    match card {
        SecretCard::Area(area) => area_text(variant, area),
        SecretCard::Neighborhood(kind) => {
            neighborhood_text(&format!("{} neighborhood", with_article(kind.name())))
        }
        SecretCard::Metropolys(kinds) => {
            metropolys_text(&format!("one each on {}", kinds_text(&kinds)))
        }
    }
}

/// `word` after its indefinite article: `a park`, `an industry`.
fn with_article(word: &str) -> String {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// The neighborhood card's line, `on` saying where its buildings stand.
fn neighborhood_text(on: &str) -> String {
    format!(
        "{} for each of your buildings on {on} (§5)",
        points(NEIGHBORHOOD_CARD_POINTS)
    )
}

/// The Metropolys card's line, `kinds` saying how its group stands.
fn metropolys_text(kinds: &str) -> String {
    format!(
        "{} per group of three of your buildings in one district, {kinds}; \
         a building counts in one group only (§9)",
        points(METROPOLYS_GROUP_POINTS)
    )
}

/// The label of a token: `"Trendy token"`, `"Subway token"`,
/// `"Archaeological token"`.
pub fn token_label(token: Token) -> &'static str {
    match token {
        Token::Trendy => "Trendy token",
        Token::Subway => "Subway token",
        Token::Archaeology => "Archaeological token",
    }
}

/// What a token scores, in one line (§4), and what else taking it does
/// (R-14, R-15).
pub fn token_text(token: Token) -> String {
    let p = points(token.points());
    match token {
        Token::Trendy => format!(
            "{p} for each trendy token you take: whoever builds on its neighborhood takes it (R-13)"
        ),
        Token::Subway => format!(
            "{p} for each subway token you take; they also decide who holds the Subway card (R-14)"
        ),
        Token::Archaeology => format!(
            "{p} for each archaeological token you take; \
             taking one also takes the Archaeological card (R-15)"
        ),
    }
}

/// The label of a special card: `"Subway card"`, `"Archaeological card"`.
pub fn special_card_label(card: Card) -> &'static str {
    match card {
        Card::Subway => "Subway card",
        Card::Archaeology => "Archaeological card",
    }
}

/// What a special card scores and who holds it, in one line (R-14,
/// R-15).
pub fn special_card_text(card: Card) -> String {
    let p = points(card.points());
    match card {
        Card::Subway => format!(
            "{p} to its holder: the first player to take a subway token takes it, and it moves \
             to a player who then has strictly more subway tokens than its holder; \
             a tie never moves it (R-14)"
        ),
        Card::Archaeology => format!(
            "{p} to its holder: whoever takes an archaeological token takes it, \
             from the supply or from another player (R-15)"
        ),
    }
}

/// The building numbers of each size, from [`Size::numbers`]: `small 1-5,
/// medium 6-9, tall 10-13`.
pub fn sizes_text() -> String {
    Size::ALL
        .iter()
        .map(|&size| {
            let numbers = size.numbers();
            format!("{size} {}-{}", numbers.start(), numbers.end())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the highest-building tokens score, in one line, with the building
/// sizes (R-18).
pub fn highest_building_text() -> String {
    format!(
        "{} per district to each player whose buildings there stand tallest: the sizes \
         ({}) are compared tallest first, place by place, and when one list runs out \
         first the longer wins; every player tied for best scores (R-18)",
        points(HIGHEST_BUILDING_POINTS),
        sizes_text()
    )
}

/// How the winner is decided, in one line (R-20).
pub fn winner_text() -> &'static str {
    "The highest total wins; among tied players, the one with more buildings constructed \
     wins; players still tied share the victory (R-20)"
}

/// The area cards dealt in `variant` (R-5), without the Districts card in
/// the Expert game with the Metropolys cards (§9).
fn areas(variant: Variant, uses_metropolys_cards: bool) -> Vec<Area> {
    match variant {
        Variant::Family => FAMILY_AREAS.to_vec(),
        Variant::Expert => EXPERT_AREAS
            .iter()
            .copied()
            .filter(|&a| !(uses_metropolys_cards && a == Area::Districts))
            .collect(),
    }
}

/// What scores in a game of `variant`, with or without the Metropolys
/// cards (§9), in the order of [`scoring_rules`]: each area card dealt in
/// it, the neighborhood card (Expert without the Metropolys cards), the
/// Metropolys card (with them), the tokens, the special cards, the highest
/// buildings (Expert without the Metropolys cards) and the winner.
pub fn topics(variant: Variant, uses_metropolys_cards: bool) -> Vec<Topic> {
    let expert_cards = variant == Variant::Expert && !uses_metropolys_cards;
    let mut topics: Vec<Topic> = areas(variant, uses_metropolys_cards)
        .into_iter()
        .map(Topic::Area)
        .collect();
    if expert_cards {
        topics.push(Topic::Neighborhood);
    }
    if uses_metropolys_cards {
        topics.push(Topic::Metropolys);
    }
    topics.extend(Token::ALL.iter().map(|&t| Topic::Token(t)));
    topics.extend(Card::ALL.iter().map(|&c| Topic::Card(c)));
    if expert_cards {
        topics.push(Topic::HighestBuilding);
    }
    topics.push(Topic::Winner);
    topics
}

/// The categories of a score sheet that a game of `variant`, with or
/// without the Metropolys cards, fills: the categories of points of its
/// [`topics`] (no neighborhood card in the Family game, no Metropolys card
/// without the module, no highest building with it), then the total and
/// the buildings constructed; in sheet order. A category left out is 0
/// for every seat of such a game.
///
/// ```
/// use metropolys_core::{explain::categories, Variant};
/// let names: Vec<&str> = categories(Variant::Family, false).iter().map(|c| c.name).collect();
/// assert!(names.contains(&"area") && !names.contains(&"neighborhood"));
/// assert!(names.ends_with(&["total", "constructed"]));
/// ```
pub fn categories(variant: Variant, uses_metropolys_cards: bool) -> Vec<CategoryInfo> {
    let filled: Vec<&str> = topics(variant, uses_metropolys_cards)
        .into_iter()
        .filter_map(Topic::category)
        .collect();
    ScoreSheet::CATEGORY_INFO
        .iter()
        .copied()
        .filter(|c| !c.is_points() || filled.contains(&c.name))
        .collect()
}

/// The short name of a topic: `"Bridges card"`, `"Neighborhood card"`,
/// `"Trendy token"`, `"Highest building"`, `"Winner"`.
pub fn topic_label(topic: Topic) -> String {
    match topic {
        Topic::Area(a) => area_label(a),
        Topic::Neighborhood => "Neighborhood card".into(),
        Topic::Metropolys => "Metropolys card".into(),
        Topic::Token(t) => token_label(t).into(),
        Topic::Card(c) => special_card_label(c).into(),
        Topic::HighestBuilding => "Highest building".into(),
        Topic::Winner => "Winner".into(),
    }
}

/// The line of the scoring rules on `topic` in a game of `variant`.
pub fn topic_text(variant: Variant, topic: Topic) -> String {
    match topic {
        Topic::Area(a) => area_text(variant, a),
        Topic::Neighborhood => neighborhood_text("a neighborhood of the card's kind"),
        Topic::Metropolys => metropolys_text("one on each of the card's three kinds"),
        Topic::Token(t) => token_text(t),
        Topic::Card(c) => special_card_text(c),
        Topic::HighestBuilding => highest_building_text(),
        Topic::Winner => winner_text().into(),
    }
}

/// The scoring rules of a game of `variant`, with or without the
/// Metropolys cards (§9), one line each, in the order of [`topics`].
///
/// ```
/// use metropolys_core::{explain::{scoring_rules, Topic}, Area, Variant};
/// let expert = scoring_rules(Variant::Expert, false);
/// assert!(expert.iter().any(|r| r.topic == Topic::HighestBuilding));
/// let cards = scoring_rules(Variant::Expert, true);
/// assert!(!cards.iter().any(|r| r.topic == Topic::Area(Area::Districts))); // §9
/// assert!(cards.iter().any(|r| r.topic == Topic::Metropolys));
/// ```
pub fn scoring_rules(variant: Variant, uses_metropolys_cards: bool) -> Vec<ScoringRule> {
    topics(variant, uses_metropolys_cards)
        .into_iter()
        .map(|topic| ScoringRule {
            topic,
            category: topic.category(),
            label: topic_label(topic),
            text: topic_text(variant, topic),
        })
        .collect()
}

/// Every kind of game, for tests: each variant with and without the
/// Metropolys cards.
#[cfg(test)]
pub(crate) const GAMES: [(Variant, bool); 4] = [
    (Variant::Family, false),
    (Variant::Family, true),
    (Variant::Expert, false),
    (Variant::Expert, true),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::ScoreSheet;
    use crate::types::{MetropolysCard, METROPOLYS_CARDS};

    #[test]
    fn every_topic_fills_a_category_of_the_sheet() {
        for (variant, cards) in GAMES {
            for rule in scoring_rules(variant, cards) {
                match rule.category {
                    Some(c) => assert!(ScoreSheet::CATEGORIES.contains(&c), "{c}"),
                    None => assert_eq!(rule.topic, Topic::Winner),
                }
            }
        }
    }

    /// The lines carry core's points, never a number of their own: each
    /// text starts with the points of what it explains.
    #[test]
    fn the_texts_carry_cores_points() {
        for (variant, cards) in GAMES {
            for rule in scoring_rules(variant, cards) {
                let want = match rule.topic {
                    Topic::Area(a) => area_points(variant, a),
                    Topic::Neighborhood => NEIGHBORHOOD_CARD_POINTS,
                    Topic::Metropolys => METROPOLYS_GROUP_POINTS,
                    Topic::Token(t) => t.points(),
                    Topic::Card(c) => c.points(),
                    Topic::HighestBuilding => HIGHEST_BUILDING_POINTS,
                    Topic::Winner => continue,
                };
                assert!(
                    rule.text.starts_with(&format!("{want:+} ")),
                    "{variant} {:?}: {}",
                    rule.topic,
                    rule.text
                );
            }
        }
    }

    /// R-19: each Expert area card says a building counts once, and the
    /// Family cards (§4) say it too where a building can touch several
    /// features.
    #[test]
    fn r19_area_texts_say_a_building_counts_once() {
        for area in [Area::Bridges, Area::Statues, Area::Lakes, Area::Chains] {
            let text = area_text(Variant::Expert, area);
            assert!(text.contains("only (R-19)"), "{text}");
        }
        assert!(area_text(Variant::Expert, Area::Districts).contains("three or more"));
        for area in [Area::Bridges, Area::Statues, Area::Lakes] {
            let text = area_text(Variant::Family, area);
            assert!(
                text.contains("counts once") && text.ends_with("(§4)"),
                "{text}"
            );
        }
    }

    /// R-18 states the sizes of `Size::of`, and R-5/§9 the cards dealt.
    #[test]
    fn r18_the_highest_building_text_has_the_sizes() {
        assert_eq!(sizes_text(), "small 1-5, medium 6-9, tall 10-13");
        assert!(highest_building_text().contains("(small 1-5, medium 6-9, tall 10-13)"));
        let topics = |v, c| -> Vec<Topic> { scoring_rules(v, c).iter().map(|r| r.topic).collect() };
        assert!(topics(Variant::Expert, false).contains(&Topic::HighestBuilding));
        for (v, c) in [(Variant::Expert, true), (Variant::Family, false)] {
            assert!(!topics(v, c).contains(&Topic::HighestBuilding));
            assert!(!topics(v, c).contains(&Topic::Neighborhood));
        }
        assert_eq!(
            topics(Variant::Family, false)[..4],
            FAMILY_AREAS.map(Topic::Area)
        );
        assert_eq!(
            topics(Variant::Expert, false)[..5],
            EXPERT_AREAS.map(Topic::Area)
        );
    }

    #[test]
    fn r20_the_winner_comes_last() {
        for (variant, cards) in GAMES {
            let rules = scoring_rules(variant, cards);
            assert_eq!(rules.last().unwrap().text, winner_text());
            assert!(winner_text().ends_with("(R-20)"));
            assert_eq!(
                rules.iter().any(|r| r.topic == Topic::Metropolys),
                cards,
                "{variant}"
            );
        }
    }

    #[test]
    fn a_secret_cards_text_names_its_kinds() {
        let card: MetropolysCard = METROPOLYS_CARDS[0];
        let text = card_text(Variant::Family, SecretCard::Metropolys(card));
        assert!(
            text.contains("one each on industry, park and housing"),
            "{text}"
        );
        assert_eq!(
            card_label(SecretCard::Metropolys(card)),
            "Metropolys card (industry, park and housing)"
        );
        assert_eq!(
            card_text(Variant::Expert, SecretCard::Neighborhood(Kind::Industry)),
            "+2 for each of your buildings on an industry neighborhood (§5)"
        );
        for &kind in Kind::ALL {
            let text = card_text(Variant::Expert, SecretCard::Neighborhood(kind));
            assert!(
                text.contains(&format!(" {kind} neighborhood (§5)")),
                "{text}"
            );
            assert!(!text.contains(" a a") && !text.contains(" a i"), "{text}");
        }
        for &area in &EXPERT_AREAS {
            assert_eq!(
                card_text(Variant::Expert, SecretCard::Area(area)),
                area_text(Variant::Expert, area)
            );
        }
    }
}
