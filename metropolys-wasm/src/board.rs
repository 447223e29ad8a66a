//! The facts of the game a client needs besides a position, all from core:
//! the board, the vocabularies and their points, the colours of the
//! picture, the scoring rules in words, the legend of the picture, the
//! action space (ids, text), so that a page restates none of them.

use crate::args::{self, excerpt};
use crate::errors::{raise, range_error, JsResult, Kind as ErrorKind};
use crate::json::{to_js, Pairs};
use metropolys_core::explain::categories;
#[cfg(feature = "text")]
use metropolys_core::explain::scoring_rules;
use metropolys_core::sheet::CategoryInfo;
#[cfg(feature = "pictures")]
use metropolys_core::svg::legend;
use metropolys_core::svg::{
    ink_on, kind_color, kind_color_name, kind_letter, PLAYER_COLORS, PLAYER_COLOR_NAMES,
};
use metropolys_core::types::{EXPERT_AREAS, FAMILY_AREAS};
use metropolys_core::{
    Action, Area, Card, District, Kind, MetropolysCard, ParseNameError, ScoreSheet, Size, Token,
    Variant, BUILDINGS_PER_PLAYER, MAX_PLAYERS, METROPOLYS_CARDS, MIN_PLAYERS, NEIGHBORHOOD_COUNT,
};
use serde::Serialize;
use std::str::FromStr;
use wasm_bindgen::prelude::*;

/// A core name given as an argument (`"expert"`, `"Expert"`, `"SUBWAY"`):
/// in any case, as Python takes names (the JSON shapes stay exact, lower
/// case, as core writes them); the message names the accepted ones.
pub fn parse_name<T: FromStr<Err = ParseNameError>>(given: &str) -> Result<T, String> {
    given
        .parse::<T>()
        .or_else(|e| given.to_ascii_lowercase().parse::<T>().map_err(|_| e))
        .map_err(|e| {
            format!(
                "unknown {} {:?}; expected one of: {} (in any case)",
                e.what,
                excerpt(&e.name),
                e.expected.trim_end()
            )
        })
}

/// The constants of the game and of this package (`constants()`).
#[derive(Serialize, tsify::Tsify)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub struct Constants {
    /// The size of the action space: 55 × 13 bids and a pass (ids
    /// 0 … 715).
    action_count: usize,
    /// The id of the pass (715); a bid's id is `neighborhood * 13 +
    /// building - 1`.
    pass_id: u16,
    /// The neighborhoods, ids 0 … 54.
    neighborhood_count: usize,
    /// Buildings per seat, numbered 1 … 13.
    buildings_per_player: u8,
    /// The fewest players (2).
    min_players: u8,
    /// The most players (4).
    max_players: usize,
    /// The score categories, in score-sheet order.
    score_categories: Vec<&'static str>,
    /// Each score category with its label and what it depends on (public,
    /// a seat's secret cards, the total, a count), in score-sheet order.
    score_category_info: Vec<CategoryInfo>,
    /// The size of each building number in the Expert game (index 1 … 13;
    /// index 0 is unused).
    building_sizes: Vec<Size>,
    /// The points of each token taken (§4).
    #[tsify(type = "Record<Token, number>")]
    token_points: Pairs<Token, i32>,
    /// The points of each special card held.
    #[tsify(type = "Record<Card, number>")]
    card_points: Pairs<Card, i32>,
    /// The area cards of the Family game.
    family_areas: Vec<Area>,
    /// The area cards of the Expert game.
    expert_areas: Vec<Area>,
    /// Every variant, district, kind, token and card name.
    variants: Vec<Variant>,
    /// The districts, the centre first.
    districts: Vec<District>,
    /// The neighborhood kinds.
    kinds: Vec<Kind>,
    /// The colour each kind is drawn in, as on the printed board (CSS
    /// colours).
    #[tsify(type = "Record<Kind, string>")]
    kind_colors: Pairs<Kind, &'static str>,
    /// The names of the kinds' colours (`"gray"`, `"orange"`, …).
    #[tsify(type = "Record<Kind, string>")]
    kind_color_names: Pairs<Kind, &'static str>,
    /// The letter each kind carries in the picture (`"I"`, `"P"`, …).
    #[tsify(type = "Record<Kind, string>")]
    kind_letters: Pairs<Kind, &'static str>,
    /// The tokens.
    tokens: Vec<Token>,
    /// The special cards.
    cards: Vec<Card>,
    /// The ten Metropolys cards that can exist (every three different
    /// kinds, §9); a game's deck is four of them.
    metropolys_cards: Vec<MetropolysCard>,
    /// The seats' colours, seat 0 to 3 (CSS colours).
    player_colors: Vec<&'static str>,
    /// The names of the seats' colours.
    player_color_names: Vec<&'static str>,
    /// The ink of a number or a name on each seat's colour (CSS colours).
    player_inks: Vec<&'static str>,
    /// The bot kinds `new Bot(kind)` takes (none in a build without the
    /// bots).
    bot_kinds: Vec<&'static str>,
}

/// The constants of the game: the action space, the player counts, the
/// score categories, building sizes and points, the vocabularies, the
/// seats' colours and the bot kinds.
#[wasm_bindgen(unchecked_return_type = "Constants")]
pub fn constants() -> JsResult<JsValue> {
    to_js(&Constants {
        action_count: Action::COUNT,
        pass_id: Action::PASS_ID,
        neighborhood_count: NEIGHBORHOOD_COUNT,
        buildings_per_player: BUILDINGS_PER_PLAYER,
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        score_categories: ScoreSheet::CATEGORIES.to_vec(),
        score_category_info: ScoreSheet::CATEGORY_INFO.to_vec(),
        building_sizes: (0..=BUILDINGS_PER_PLAYER).map(Size::of).collect(),
        token_points: Pairs(Token::ALL.iter().map(|&t| (t, t.points())).collect()),
        card_points: Pairs(Card::ALL.iter().map(|&c| (c, c.points())).collect()),
        family_areas: FAMILY_AREAS.to_vec(),
        expert_areas: EXPERT_AREAS.to_vec(),
        variants: Variant::ALL.to_vec(),
        districts: District::ALL.to_vec(),
        kinds: Kind::ALL.to_vec(),
        kind_colors: Pairs(Kind::ALL.iter().map(|&k| (k, kind_color(k))).collect()),
        kind_color_names: Pairs(Kind::ALL.iter().map(|&k| (k, kind_color_name(k))).collect()),
        kind_letters: Pairs(Kind::ALL.iter().map(|&k| (k, kind_letter(k))).collect()),
        tokens: Token::ALL.to_vec(),
        cards: Card::ALL.to_vec(),
        metropolys_cards: METROPOLYS_CARDS.to_vec(),
        player_colors: PLAYER_COLORS.to_vec(),
        player_color_names: PLAYER_COLOR_NAMES.to_vec(),
        player_inks: (0..PLAYER_COLORS.len() as u8).map(ink_on).collect(),
        #[cfg(feature = "bots")]
        bot_kinds: metropolys_bots::KINDS.to_vec(),
        #[cfg(not(feature = "bots"))]
        bot_kinds: Vec::new(),
    })
}

/// A name of core's vocabulary given as an argument: a `TypeError` for
/// what is no string, a `RangeError` for an unknown name.
fn name_arg<T: FromStr<Err = ParseNameError>>(v: &JsValue, what: &str) -> JsResult<T> {
    let name = args::string(v, what)?;
    parse_name::<T>(&name).map_err(range_error)
}

/// The variant and the Metropolys module of `scoringRules` and `legend`:
/// `variant` a name, `usesMetropolysCards` a boolean, `false` when
/// undefined.
fn game_kind(variant: &JsValue, cards: &JsValue, call: &str) -> JsResult<(Variant, bool)> {
    let variant = name_arg::<Variant>(variant, &format!("{call}: variant"))?;
    let cards = if cards.is_undefined() {
        false
    } else {
        args::boolean(cards, &format!("{call}: usesMetropolysCards"))?
    };
    Ok((variant, cards))
}

#[cfg(feature = "text")]
/// The scoring rules of a game of `variant` (`"family"` or `"expert"`),
/// with or without the Metropolys cards (§9), one line each with core's
/// points, in this order: each area card dealt in it, the neighborhood
/// card (Expert without the Metropolys cards), the Metropolys card (with
/// them), the tokens, the special cards, the highest buildings with the
/// building sizes (Expert without the Metropolys cards) and the winner
/// . Each says what it is about (`topic`), the score-sheet
/// category it fills, a label and the text (core's `explain`).
#[wasm_bindgen(js_name = scoringRules, unchecked_return_type = "ScoringRule[]")]
pub fn scoring_rules_js(
    #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
    #[wasm_bindgen(js_name = usesMetropolysCards, unchecked_optional_param_type = "boolean")]
    uses_metropolys_cards: &JsValue,
) -> JsResult<JsValue> {
    let (variant, cards) = game_kind(variant, uses_metropolys_cards, "scoringRules()")?;
    to_js(&scoring_rules(variant, cards))
}

/// The score categories a game of `variant`, with or without the
/// Metropolys cards, fills, each with its label and basis (the rows of its
/// score sheet): its categories of points (no neighborhood card in the
/// Family game, no Metropolys card without the module, no highest building
/// with it), then the total and the buildings constructed. The others are
/// 0 for every seat of such a game.
#[wasm_bindgen(js_name = scoreCategories, unchecked_return_type = "CategoryInfo[]")]
pub fn score_categories(
    #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
    #[wasm_bindgen(js_name = usesMetropolysCards, unchecked_optional_param_type = "boolean")]
    uses_metropolys_cards: &JsValue,
) -> JsResult<JsValue> {
    let (variant, cards) = game_kind(variant, uses_metropolys_cards, "scoreCategories()")?;
    to_js(&categories(variant, cards))
}

#[cfg(feature = "pictures")]
/// The legend of the board picture of a game of `variant`, with or
/// without the Metropolys cards: each symbol (the kinds, the tokens, a
/// statue, a lake, a street, a bridge, a district out of play, a
/// building, the Expert sizes, a bid, the latest bid, the ring of the
/// building just constructed) as a standalone SVG document drawn by core's
/// own drawing code, with a label and its meaning in one line.
#[wasm_bindgen(js_name = legend, unchecked_return_type = "LegendItem[]")]
pub fn legend_js(
    #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
    #[wasm_bindgen(js_name = usesMetropolysCards, unchecked_optional_param_type = "boolean")]
    uses_metropolys_cards: &JsValue,
) -> JsResult<JsValue> {
    let (variant, cards) = game_kind(variant, uses_metropolys_cards, "legend()")?;
    to_js(&legend(variant, cards))
}

/// The colour neighborhoods of `kind` are drawn in, as on the printed
/// board (a CSS colour); `constants().KIND_COLORS` has them all.
#[wasm_bindgen(js_name = kindColor)]
pub fn kind_color_js(
    #[wasm_bindgen(unchecked_param_type = "Kind")] kind: &JsValue,
) -> JsResult<String> {
    Ok(kind_color(name_arg::<Kind>(kind, "kindColor(kind): kind")?).into())
}

/// The board: the 55 neighborhoods (district, kind, adjacency, border,
/// blind alleys, drawing position), bridges, statues, lakes and the ring
/// of peripheral districts (core's `board::describe`).
#[wasm_bindgen(unchecked_return_type = "BoardInfo")]
pub fn board() -> JsResult<JsValue> {
    to_js(&metropolys_core::board::describe())
}

/// The id of an action (`{bid: {neighborhood, building}}` or `"pass"`):
/// `neighborhood * 13 + building - 1` for bids, 715 for the pass. Throws
/// `IllegalActionError` for a bid naming no neighborhood or building.
#[wasm_bindgen(js_name = actionId)]
pub fn action_id(
    #[wasm_bindgen(unchecked_param_type = "Action")] action: &JsValue,
) -> JsResult<u16> {
    let a = args::action(action)?;
    Ok(a.id().unwrap_or(Action::PASS_ID))
}

/// The action with id `id` (0 … 715); throws `IllegalActionError` (§8)
/// for any other value.
#[wasm_bindgen(js_name = actionFromId, unchecked_return_type = "Action")]
pub fn action_from_id(
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] id: &JsValue,
) -> JsResult<JsValue> {
    to_js(&args::action_id(id)?)
}

/// The action a text names (`"bid 3 on 12"`, `"12 3"`, `"pass"`, as the
/// command line reads it); throws `ActionParseError` otherwise.
#[wasm_bindgen(js_name = parseAction, unchecked_return_type = "Action")]
pub fn parse_action(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> JsResult<JsValue> {
    let text = args::string(text, "parseAction(text): text")?;
    let a = metropolys_core::text::parse_action(&text)
        .map_err(|e| raise(ErrorKind::ActionParse, e, &[]))?;
    to_js(&a)
}

/// An action in words, as the command line and the logs write it (`"bid
/// 3 on 12"`, `"pass"`).
#[wasm_bindgen(js_name = describeAction)]
pub fn describe_action(
    #[wasm_bindgen(unchecked_param_type = "Action | number")] action: &JsValue,
) -> JsResult<String> {
    Ok(args::action(action)?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The constants' maps are written from `ALL` in order (`Pairs`): the
    /// order a `BTreeMap` of the same keys gives, so the JSON is the same.
    #[test]
    fn the_vocabularies_are_in_their_order() {
        assert!(Token::ALL.windows(2).all(|w| w[0] < w[1]));
        assert!(Card::ALL.windows(2).all(|w| w[0] < w[1]));
        assert!(Kind::ALL.windows(2).all(|w| w[0] < w[1]));
        let c = serde_json::to_string(&Pairs(
            Kind::ALL.iter().map(|&k| (k, kind_color(k))).collect(),
        ))
        .unwrap();
        let b = serde_json::to_string(
            &Kind::ALL
                .iter()
                .map(|&k| (k, kind_color(k)))
                .collect::<std::collections::BTreeMap<_, _>>(),
        )
        .unwrap();
        assert_eq!(c, b);
    }

    /// Names given as arguments are taken in any case; the message of an
    /// unknown one says so.
    #[test]
    fn names_in_any_case() {
        assert_eq!(parse_name::<Variant>("Expert"), Ok(Variant::Expert));
        assert_eq!(parse_name::<Variant>("FAMILY"), Ok(Variant::Family));
        assert_eq!(parse_name::<Kind>("mAlL"), Ok(Kind::Mall));
        let e = parse_name::<Variant>("Solo").unwrap_err();
        assert!(
            e.contains("\"Solo\"") && e.ends_with("(in any case)"),
            "{e}"
        );
    }
}
