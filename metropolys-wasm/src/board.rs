//! The facts of the game a client needs besides a position, all from core:
//! the board, the vocabularies and their points, the action space (ids,
//! text), so that a page restates none of them.

use crate::args::{self, excerpt};
use crate::errors::{raise, JsResult, Kind};
use crate::json::to_js;
use metropolys_core::svg::{PLAYER_COLORS, PLAYER_COLOR_NAMES};
use metropolys_core::types::{EXPERT_AREAS, FAMILY_AREAS};
use metropolys_core::{
    Action, Area, Card, District, MetropolysCard, ParseNameError, ScoreSheet, Size, Token, Variant,
    BUILDINGS_PER_PLAYER, MAX_PLAYERS, METROPOLYS_CARDS, MIN_PLAYERS, NEIGHBORHOOD_COUNT,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::str::FromStr;
use wasm_bindgen::prelude::*;

/// A core name (`"expert"`, `"subway"`, …), exactly as JSON writes it;
/// the message names the accepted ones.
pub fn parse_name<T: FromStr<Err = ParseNameError>>(given: &str) -> Result<T, String> {
    given.parse::<T>().map_err(|e| {
        format!(
            "unknown {} {:?}; expected one of: {}",
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
    /// What each score category counts, in words (`"trendy tokens"`), in
    /// the order of `SCORE_CATEGORIES`.
    score_category_labels: Vec<&'static str>,
    /// The size of each building number in the Expert game (index 1 … 13;
    /// index 0 is unused).
    building_sizes: Vec<Size>,
    /// The points of each token taken (§4).
    token_points: BTreeMap<Token, i32>,
    /// The points of each special card held.
    card_points: BTreeMap<Card, i32>,
    /// The area cards of the Family game.
    family_areas: Vec<Area>,
    /// The area cards of the Expert game.
    expert_areas: Vec<Area>,
    /// Every variant, district, kind, token and card name.
    variants: Vec<Variant>,
    /// The districts, the centre first.
    districts: Vec<District>,
    /// The neighborhood kinds.
    kinds: Vec<metropolys_core::Kind>,
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
        score_category_labels: ScoreSheet::LABELS.to_vec(),
        building_sizes: (0..=BUILDINGS_PER_PLAYER).map(Size::of).collect(),
        token_points: Token::ALL.iter().map(|&t| (t, t.points())).collect(),
        card_points: Card::ALL.iter().map(|&c| (c, c.points())).collect(),
        family_areas: FAMILY_AREAS.to_vec(),
        expert_areas: EXPERT_AREAS.to_vec(),
        variants: Variant::ALL.to_vec(),
        districts: District::ALL.to_vec(),
        kinds: metropolys_core::Kind::ALL.to_vec(),
        tokens: Token::ALL.to_vec(),
        cards: Card::ALL.to_vec(),
        metropolys_cards: METROPOLYS_CARDS.to_vec(),
        player_colors: PLAYER_COLORS.to_vec(),
        player_color_names: PLAYER_COLOR_NAMES.to_vec(),
        #[cfg(feature = "bots")]
        bot_kinds: metropolys_bots::KINDS.to_vec(),
        #[cfg(not(feature = "bots"))]
        bot_kinds: Vec::new(),
    })
}

/// A score category with its label.
#[derive(Serialize, tsify::Tsify)]
pub struct ScoreCategory {
    /// Its name (a field of `ScoreSheet`).
    name: &'static str,
    /// What it counts, in words.
    label: &'static str,
}

/// The score categories a game of `variant` (`"family"` or `"expert"`)
/// scores, with the Metropolys cards when `metropolysCards`, in sheet
/// order (`total` and `constructed` included), each with its label: the
/// rows of its score sheet (core's `ScoreSheet::categories_in`).
#[wasm_bindgen(js_name = scoreCategories, unchecked_return_type = "ScoreCategory[]")]
pub fn score_categories(
    #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
    #[wasm_bindgen(js_name = metropolysCards, unchecked_param_type = "boolean")]
    metropolys_cards: &JsValue,
) -> JsResult<JsValue> {
    let name = args::string(variant, "variant")?;
    let variant = parse_name::<Variant>(&name).map_err(crate::errors::range_error)?;
    let module = args::boolean(metropolys_cards, "metropolysCards")?;
    let rows: Vec<ScoreCategory> = ScoreSheet::categories_in(variant, module)
        .into_iter()
        .map(|name| ScoreCategory {
            name,
            label: ScoreSheet::label(name).unwrap_or(name),
        })
        .collect();
    to_js(&rows)
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
    let a =
        metropolys_core::text::parse_action(&text).map_err(|e| raise(Kind::ActionParse, e, &[]))?;
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
