//! `Bot`: any bot of the bots crate by its spec (a kind and JSON
//! parameters, as the command line, C and Python take them), deciding for
//! the seat to act from that seat's view only. A bot thinks on the
//! thread that calls it: `worker.js` runs bots in a Web Worker so that a
//! page stays responsive while one searches.

use crate::args::{self, a_kind};
use crate::errors::{raise, range_error, type_error, JsResult, Kind};
use crate::game::Game;
use crate::json::{to_js, to_value};
use metropolys_bots::{split_list, BotError, Player};
use metropolys_core::{Action, RuleError};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A bot from a kind and its parameters (JSON text, `{}` for none): the
/// one place where this package turns a spec into a bot. `params` may
/// hold `"seed"`, the seed of the bot's own generator (default 0).
pub(crate) fn spec_player(kind: &str, params: &str) -> Result<Player, BotError> {
    Player::from_spec(kind, params)
}

/// A bot error as a JavaScript error: bad kinds and parameters are
/// `RangeError`s (Python's `ValueError`), a finished game the rule error
/// of R-17.
pub(crate) fn bot_error(e: BotError) -> JsValue {
    match e {
        BotError::GameOver => crate::errors::rule_error(RuleError::GameOver),
        BotError::Thread(_) | BotError::NoNetwork { .. } => raise(Kind::Runtime, e, &[]),
        other => range_error(other),
    }
}

/// A bot: `random`, `greedy`, `ismcts` (with an iteration or a time
/// budget), the difficulty presets `beginner`, `casual`, `strong`,
/// `expert`, or `ismcts-v1`, with its parameters (docs/bots.md lists them
/// all) and its own seeded generator.
#[wasm_bindgen]
pub struct Bot {
    player: Player,
    kind: String,
}

#[wasm_bindgen]
impl Bot {
    /// A bot of `kind` with `params` (an object, its JSON text, or
    /// undefined for the defaults); `params.seed` seeds the bot's own
    /// generator (default 0). Throws a `RangeError` naming what is wrong:
    /// an unknown kind or parameter, a value of the wrong type or range,
    /// `threads` above 1 (this build runs no threads).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "BotKind")] kind: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "BotParameters | string")] params: &JsValue,
    ) -> JsResult<Bot> {
        let kind = args::string(kind, "a bot's kind")?;
        let params = if params.is_undefined() || params.is_null() {
            String::new()
        } else if let Some(text) = crate::json::bounded_string(params, 1 << 20)
            .map_err(|e| range_error(format!("the {kind} bot's parameters: {e}")))?
        {
            text
        } else if params.is_object() {
            to_value(params)
                .map_err(|e| range_error(format!("the {kind} bot's parameters: {e}")))?
                .to_string()
        } else {
            return Err(type_error(format!(
                "a bot's parameters are an object, its JSON text or undefined, not {}",
                a_kind(params)
            )));
        };
        let player = spec_player(&kind, &params).map_err(bot_error)?;
        Ok(Bot { player, kind })
    }

    /// A bot from a spec as the command line writes it: `kind` or
    /// `kind:{JSON parameters}` (`ismcts:{"iterations":500,"seed":3}`).
    #[wasm_bindgen(js_name = fromSpec)]
    pub fn from_spec(
        #[wasm_bindgen(unchecked_param_type = "string")] spec: &JsValue,
    ) -> JsResult<Bot> {
        let text = args::string(spec, "a bot spec")?;
        let parts = split_list(&text);
        let [one] = parts.as_slice() else {
            return Err(range_error(format!(
                "a bot spec names one bot, kind or kind:{{parameters}}, not {}",
                parts.len()
            )));
        };
        let (kind, params) = one.split_once(':').unwrap_or((one, ""));
        let (kind, params) = (kind.trim(), params.trim());
        let player = spec_player(kind, params).map_err(bot_error)?;
        Ok(Bot {
            player,
            kind: kind.to_string(),
        })
    }

    /// The bot's kind, as given.
    #[wasm_bindgen(getter, unchecked_return_type = "BotKind")]
    pub fn kind(&self) -> String {
        self.kind.clone()
    }

    /// The bot's name (what arena tables show).
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.player.name().to_string()
    }

    /// The action this bot plays for the seat to act in `game` (a whole
    /// game, or the acting seat's view), decided from that seat's view
    /// only. Throws `IllegalActionError` once the game is
    /// over, a `RangeError` when `game` is a view that does not
    /// know the acting seat's cards.
    #[wasm_bindgen(unchecked_return_type = "Action")]
    pub fn choose(&mut self, game: &Game) -> JsResult<JsValue> {
        to_js(&self.decide(game)?)
    }

    /// `choose`, as an action id.
    #[wasm_bindgen(js_name = chooseId)]
    pub fn choose_id(&mut self, game: &Game) -> JsResult<u16> {
        Ok(self.decide(game)?.id().unwrap_or(Action::PASS_ID))
    }
}

impl Bot {
    fn decide(&mut self, game: &Game) -> JsResult<Action> {
        let g = &game.inner;
        if let Some(p) = g.state().to_act().filter(|&p| !g.knows_secrets(p)) {
            return Err(range_error(format!(
                "this is {}; seat {p} is to act and its cards are not known (R-21)",
                game.view_name()
            )));
        }
        self.player.choose_in_game(g).map_err(bot_error)
    }
}

/// The bot kinds, as `new Bot` takes them.
#[wasm_bindgen(js_name = botKinds, unchecked_return_type = "BotKind[]")]
pub fn bot_kinds() -> JsResult<JsValue> {
    to_js(&metropolys_bots::KINDS)
}

/// The most bytes `installValueNetwork` reads: far more than the shipped
/// network's file (124,096 bytes), far less than would strain memory.
pub const MAX_NETWORK_BYTES: u32 = 1 << 20;

/// Whether this module has the learned value network, which the `expert`
/// preset and `{"leaf": "value"}` searches need: always in the whole
/// package, in the `metropolys/bots` entry once `installValueNetwork` (or
/// the entry's `loadValueNetwork`) has given it.
#[wasm_bindgen(js_name = hasValueNetwork)]
pub fn has_value_network() -> bool {
    metropolys_bots::learned::shipped().is_some()
}

/// Gives this module the learned value network: the bytes of the file
/// `value.mtpnet` shipped beside it (a `Uint8Array`). Only that network
/// is taken, so that bots decide as natively; given again, or where the
/// module carries it already (the whole package), it changes nothing.
/// Throws a `TypeError` for anything but a `Uint8Array`, a `RangeError`
/// naming what is wrong for other bytes (more than [`MAX_NETWORK_BYTES`]
/// are refused before they are copied).
#[wasm_bindgen(js_name = installValueNetwork)]
pub fn install_value_network(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: &JsValue,
) -> JsResult<()> {
    let Some(array) = bytes.dyn_ref::<js_sys::Uint8Array>() else {
        return Err(type_error(format!(
            "the value network is a Uint8Array (the bytes of value.mtpnet), not {}",
            a_kind(bytes)
        )));
    };
    if array.length() > MAX_NETWORK_BYTES {
        return Err(range_error(format!(
            "the value network: {} bytes is more than any network file ({MAX_NETWORK_BYTES} at most; value.mtpnet is about 124 KB)",
            array.length()
        )));
    }
    metropolys_bots::learned::install(&array.to_vec())
        .map(|_| ())
        .map_err(|e| range_error(format!("the value network: {e}")))
}
