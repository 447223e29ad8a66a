//! `Game`: a game of Metropolys, core's [`metropolys_core::Game`] (a state,
//! the events of the transition that produced it, the history of decisions
//! when known) behind a JavaScript class. JavaScript's game is a handle
//! that moves on: `apply` plays an action and returns its events, `undo`
//! takes the last decision back, `clone` copies the game (cheaply: the
//! history is shared). This module creates games and plays them, with the
//! allocation-free fast path; `query.rs` answers questions about them.

use crate::args::{self, u64_arg};
use crate::errors::{self, raise, range_error, record_error, JsResult, Kind};
use crate::json::{json_text, record_to_js, to_js};
use metropolys_core::{
    Action, Config, Game as CoreGame, HistoryError, Record, Rule, Seat, Variant,
};
use wasm_bindgen::prelude::*;

/// Why a game loaded from a position cannot give its record or undo.
const NO_HISTORY: &str = "this game was loaded from a position (Game.fromJSON)";

/// How to keep a game's history instead.
const SAVE_HISTORY: &str =
    "to save a game with its history, save game.toRecord() and restore it with Game.fromRecord";

thread_local! {
    /// The fast path's buffer of legal ids, which the package's entry reads
    /// through a view of the module's memory (`scratchIds`).
    static SCRATCH: std::cell::RefCell<[u16; Action::COUNT]> =
        const { std::cell::RefCell::new([0; Action::COUNT]) };
}

/// The module's memory, where the fast path's buffer of legal ids lies (a
/// byte offset) and its length: the package's entry copies the ids from
/// there into the caller's array without any allocation.
#[wasm_bindgen(js_name = __scratchIds, skip_typescript)]
pub fn scratch_ids() -> js_sys::Array {
    let ptr = SCRATCH.with(|s| s.as_ptr() as usize as f64);
    js_sys::Array::of3(
        &wasm_bindgen::memory(),
        &JsValue::from_f64(ptr),
        &JsValue::from_f64(Action::COUNT as f64),
    )
}

/// A game of Metropolys. `apply` plays an action for the seat to act and
/// returns what happened; the game is whole, one seat's view (`viewer`:
/// what a bot receives) or the public view (what a spectator receives,
/// `Game.fromJSON(game.publicView())`), and a view answers `undefined` for
/// the secrets it does not know.
#[wasm_bindgen]
pub struct Game {
    pub(crate) inner: CoreGame,
}

impl Game {
    /// A handle on `inner`.
    pub(crate) fn wrap(inner: CoreGame) -> Game {
        Game { inner }
    }
}

/// A configuration from the constructor's options.
fn option_config(options: &JsValue) -> JsResult<Config> {
    let o = args::options(
        options,
        &["players", "variant", "seed", "startPlayer"],
        "new Game()",
    )?;
    keyword_config(
        args::option(&o, "players")?,
        args::option(&o, "variant")?,
        args::option(&o, "seed")?,
        args::option(&o, "startPlayer")?,
    )
}

/// A configuration from keyword options (the constructor's and
/// `simulate`'s), each `None` when not given: 4 players, Expert, seed 0,
/// seat 0 opening.
pub(crate) fn keyword_config(
    players: Option<JsValue>,
    variant: Option<JsValue>,
    seed: Option<JsValue>,
    start_player: Option<JsValue>,
) -> JsResult<Config> {
    let players = match players {
        None => 4,
        Some(v) => {
            let i = args::int(&v, "players")?;
            i.within(0, 255).map(|p| p as u8).ok_or_else(|| {
                raise(
                    Kind::InvalidConfig,
                    format!("R-1: a game has 2, 3 or 4 players, not {}", i.shown()),
                    &[Rule::R1],
                )
            })?
        }
    };
    let variant = match variant {
        None => Variant::Expert,
        Some(v) => {
            let name = args::string(&v, "variant")?;
            crate::board::parse_name::<Variant>(&name)
                .map_err(|e| raise(Kind::InvalidConfig, e, &[]))?
        }
    };
    let seed = seed.map_or(Ok(0), |v| u64_arg(&v, "seed"))?;
    let mut config = Config::new(players, variant, seed);
    if let Some(v) = start_player {
        let i = args::int(&v, "startPlayer")?;
        config.start_player = i.within(0, 255).map(|p| p as u8).ok_or_else(|| {
            raise(
                Kind::InvalidConfig,
                format!(
                    "R-1: start player {} is not a seat of a {players}-player game",
                    i.shown()
                ),
                &[Rule::R1],
            )
        })?;
    }
    Ok(config)
}

/// A game from a configuration, or `InvalidConfigError`.
fn from_core_config(config: Config) -> JsResult<Game> {
    CoreGame::new(config)
        .map(Game::wrap)
        .map_err(errors::config_error)
}

/// A record from its JSON text or value, or `RecordError`.
pub(crate) fn parse_record(record: &JsValue) -> JsResult<Record> {
    let text = json_text(record, Kind::Record)?;
    Record::from_json(&text).map_err(|e| errors::error(e, Kind::Record))
}

#[wasm_bindgen]
impl Game {
    /// A new game drawn from `seed`: `players` 2–4 (default 4),
    /// `variant` `"family"` or `"expert"` (default), `seed` (default 0; a
    /// BigInt above 2^53 − 1), `startPlayer` the seat opening the first
    /// call (default 0). `Game.fromConfig` takes explicit setups. Throws
    /// `InvalidConfigError`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "NewGameOptions")] options: &JsValue,
    ) -> JsResult<Game> {
        from_core_config(option_config(options)?)
    }

    /// A new game from a configuration (an object or its JSON text:
    /// `players`, `variant`, `seed`, `start_player`, `out_of_play`,
    /// `tokens`, `objectives`, `metropolys_cards`, `metropolys_deck`).
    /// Throws `InvalidConfigError`.
    #[wasm_bindgen(js_name = fromConfig)]
    pub fn from_config(
        #[wasm_bindgen(unchecked_param_type = "Config | string")] config: &JsValue,
    ) -> JsResult<Game> {
        let text = json_text(config, Kind::InvalidConfig)?;
        let config = Config::from_json(&text).map_err(|e| errors::error(e, Kind::InvalidConfig))?;
        from_core_config(config)
    }

    /// Loads a position (an object or its JSON text, as `toJSON` writes
    /// it): a whole state, a seat's view (the game is then that view,
    /// `viewer` set) or the public view (`viewer` undefined, every seat's
    /// cards hidden). The game has no history (`toRecord` throws) and no
    /// events. Throws `InvalidStateError`.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "Snapshot | string")] position: &JsValue,
    ) -> JsResult<Game> {
        let text = json_text(position, Kind::InvalidState)?;
        CoreGame::from_json(&text)
            .map(Game::wrap)
            .map_err(|e| match e {
                metropolys_core::Error::Json(_) | metropolys_core::Error::InvalidState(_) => {
                    errors::error(e, Kind::InvalidState)
                }
                other => {
                    let rule = other.rule();
                    raise(Kind::InvalidState, format!("invalid state: {other}"), rule)
                }
            })
    }

    /// Replays a game record (an object or its JSON text) and returns the
    /// game it reaches, with its history. The record's `expected` part is
    /// not checked (see `verifyRecord`). Throws `RecordError`.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "GameRecord | string")] record: &JsValue,
    ) -> JsResult<Game> {
        let record = parse_record(record)?;
        CoreGame::from_record(&record)
            .map(Game::wrap)
            .map_err(record_error)
    }

    /// Replays a game record and checks its `expected` part (game over,
    /// totals, winners, score sheets, or the rejection of its last action).
    /// Returns the game reached (for a rejection record, the game before
    /// the rejected action); throws `RecordError` naming the first illegal
    /// action or mismatch.
    #[wasm_bindgen(js_name = verifyRecord)]
    pub fn verify_record(
        #[wasm_bindgen(unchecked_param_type = "GameRecord | string")] record: &JsValue,
    ) -> JsResult<Game> {
        let record = parse_record(record)?;
        CoreGame::from_verified_record(&record)
            .map(Game::wrap)
            .map_err(record_error)
    }

    /// A copy of this game (its history is shared, not copied): playing on
    /// one leaves the other as it was.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        Game::wrap(self.inner.clone())
    }

    // ----- playing ----------------------------------------------------------

    /// Plays `action` (an id, `"pass"` or `{bid: {neighborhood, building}}`)
    /// for the seat to act, with the forced passes and the end of
    /// the call that follow, and returns the events, in order. Throws
    /// `IllegalActionError` naming the rule (R-17 once the game is over);
    /// the game is then unchanged.
    #[wasm_bindgen(unchecked_return_type = "GameEvent[]")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Action | number")] action: &JsValue,
    ) -> JsResult<JsValue> {
        let a = args::action(action)?;
        self.play(a)?;
        to_js(self.inner.last_events())
    }

    /// Like `apply`, first checking that `player` is the seat to act:
    /// for servers and hot-seat tables that take moves from several seats.
    #[wasm_bindgen(js_name = applyFor, unchecked_return_type = "GameEvent[]")]
    pub fn apply_for(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] player: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Action | number")] action: &JsValue,
    ) -> JsResult<JsValue> {
        let seat = args::seat(player, self.inner.state().players())?;
        let a = args::action(action)?;
        self.inner
            .state()
            .check_player(seat)
            .map_err(errors::rule_error)?;
        self.play(a)?;
        to_js(self.inner.last_events())
    }

    /// Whether `action` (an id or an action) is legal for the seat to act;
    /// `false` for an id that names no action.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Action | number")] action: &JsValue,
    ) -> JsResult<bool> {
        if action.as_f64().is_some() || action.is_bigint() {
            return Ok(args::action_id(action).is_ok_and(|a| self.inner.state().is_legal(a)));
        }
        Ok(self.inner.state().is_legal(args::action(action)?))
    }

    /// Throws `IllegalActionError` naming the rule if `action` is illegal;
    /// returns nothing otherwise.
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Action | number")] action: &JsValue,
    ) -> JsResult<()> {
        let a = args::action(action)?;
        self.inner.state().check(a).map_err(errors::rule_error)
    }

    /// Takes the last decision back (core's `Game::undo`, replayed from the
    /// history): the position right after the decision before it, or the
    /// opening one, with that transition's events. It works in a game
    /// restored from its record as in the game that was played. Throws
    /// `InvalidStateError` when there is no decision to undo (a new game)
    /// or no history (a position from `fromJSON`, a view).
    pub fn undo(&mut self) -> JsResult<()> {
        self.inner = self.inner.undo().map_err(|e| {
            let rules = e.rule();
            let message = match e {
                HistoryError::Position => {
                    format!("{NO_HISTORY}, which holds no history to undo; {SAVE_HISTORY}")
                }
                e => e.to_string(),
            };
            raise(Kind::InvalidState, message, rules)
        })?;
        Ok(())
    }

    // ----- the fast path ------------------------------------------------------

    /// Writes the ids of the legal actions, ascending, into `out` (a
    /// `Uint16Array`; `ACTION_COUNT` entries always suffice) and returns
    /// how many there are, `n` (0 once the game is over; the entries from
    /// `n` on are not part of the answer); a `RangeError` when `out` is
    /// too short. Nothing is allocated: the loop of a learner or
    /// a UI reuses one array. (The package's entry checks that `out` is a
    /// `Uint16Array`, and copies the ids itself from the module's memory;
    /// this method, which receives a copy of `out`, answers the cases that
    /// throw.)
    #[wasm_bindgen(js_name = legalIds)]
    pub fn legal_ids(&self, out: &mut [u16]) -> JsResult<u32> {
        let n = self.legal_ids_to_scratch();
        if out.len() < n as usize {
            return Err(range_error(format!(
                "this position has {n} legal actions and the Uint16Array holds {}; \
                 an array of ACTION_COUNT ({}) always suffices",
                out.len(),
                Action::COUNT
            )));
        }
        SCRATCH.with(|s| out[..n as usize].copy_from_slice(&s.borrow()[..n as usize]));
        Ok(n)
    }

    /// The fast path's half in the module: writes the legal ids into the
    /// scratch buffer (`scratchIds`) and returns their count.
    #[wasm_bindgen(js_name = __legalIdsToScratch, skip_typescript)]
    pub fn legal_ids_to_scratch(&self) -> u32 {
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            let mut n = 0;
            self.inner.state().for_each_legal(|a| {
                s[n] = a.id().unwrap_or(Action::PASS_ID);
                n += 1;
            });
            n as u32
        })
    }

    /// Plays the action with id `id` (a number; as `apply`, without
    /// building its events for JavaScript: `events` has them) and returns
    /// the seat to act next, or `null` once the game is over (as `toAct`).
    /// Throws `IllegalActionError` (a number that is no id names §8).
    #[wasm_bindgen(unchecked_return_type = "number | null")]
    pub fn step(&mut self, id: f64) -> JsResult<JsValue> {
        self.step_id(id)
            .map(|_| crate::json::seat_or_null(self.inner.state().to_act()))
    }

    /// `step` without a `Result` (whose return value JavaScript receives
    /// as a new array) and without a `JsValue`: the seat to act next, -1
    /// at the end (the package's entry returns `null` for it), or -2 when
    /// `step` would throw (the game unchanged; the package's entry then
    /// calls `step` for its error).
    #[wasm_bindgen(js_name = __step, skip_typescript)]
    pub fn step_or_refuse(&mut self, id: f64) -> i32 {
        match self.step_id(id) {
            Ok(()) => self.inner.state().to_act().map_or(-1, i32::from),
            Err(_) => -2,
        }
    }

    // ----- records ------------------------------------------------------------

    /// The game record (`format`, `version`, `config`, `actions`, `expected`
    /// filled from this position). Throws `RecordError` for a game loaded
    /// with `fromJSON` (no history).
    #[wasm_bindgen(
        js_name = toRecord,
        unchecked_return_type = "GameRecord & { config: WrittenConfig }"
    )]
    pub fn to_record(&self) -> JsResult<JsValue> {
        record_to_js(&self.record()?)
    }

    /// The game record as JSON text, laid out for reading (one action a
    /// line), exact for any seed. Throws like `toRecord`.
    #[wasm_bindgen(js_name = toRecordText)]
    pub fn to_record_text(&self) -> JsResult<String> {
        Ok(self.record()?.to_json_readable())
    }
}

impl Game {
    /// Plays the action with id `id`, or the error `step` throws.
    fn step_id(&mut self, id: f64) -> JsResult<()> {
        let a = if id.fract() == 0.0 && (0.0..=f64::from(Action::PASS_ID)).contains(&id) {
            Action::from_id(id as u16).map_err(errors::rule_error)?
        } else {
            return Err(args::unknown_id(&crate::json::shown_f64(id)));
        };
        self.play(a)
    }

    /// Plays `a`, or the rule it breaks.
    fn play(&mut self, a: Action) -> JsResult<()> {
        self.inner = self.inner.apply(a).map_err(errors::rule_error)?;
        Ok(())
    }

    fn record(&self) -> JsResult<Record> {
        self.inner.to_record().map_err(|_| {
            raise(
                Kind::Record,
                format!("{NO_HISTORY}, so it has no record of its decisions; {SAVE_HISTORY}"),
                &[],
            )
        })
    }

    /// Which view this game is, for messages: `seat 2's view` or `the
    /// public view` (core's `Perspective`).
    pub(crate) fn view_name(&self) -> String {
        self.inner.perspective().to_string()
    }

    /// A `RangeError` unless this game knows the secrets of every
    /// seat in `seats` (a seat's view knows only its viewer's until the
    /// end, the public view none).
    pub(crate) fn require_secrets(
        &self,
        seats: impl IntoIterator<Item = Seat>,
        what: &str,
    ) -> JsResult<()> {
        match seats.into_iter().find(|&p| !self.inner.knows_secrets(p)) {
            None => Ok(()),
            Some(p) => Err(range_error(format!(
                "{what} needs seat {p}'s objectives, which {} does not know (R-21)",
                self.view_name()
            ))),
        }
    }

    /// A `RangeError` unless this game knows every seat's secrets,
    /// naming what needs them and `knownScores`.
    pub(crate) fn require_all_secrets(&self, what: &str) -> JsResult<()> {
        match (0..self.inner.state().players()).find(|&p| !self.inner.knows_secrets(p)) {
            None => Ok(()),
            Some(p) => Err(range_error(format!(
                "{what} needs seat {p}'s objectives, which {} does not know (R-21); \
                 knownScores() has the sheets it knows",
                self.view_name()
            ))),
        }
    }
}
