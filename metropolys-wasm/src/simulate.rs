//! `simulate`: many random games played inside the module (core's
//! `play_random`), returned as columns of typed arrays, as Python's
//! `metropolys.simulate` returns columns of numpy arrays.

use crate::args::{self, u64_arg};
use crate::errors::{self, raise, range_error, JsResult, Kind};
use crate::json::json_text;
use js_sys::{Object, Reflect};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Config, ScoreSheet, State};
use wasm_bindgen::prelude::*;

/// The most games one call plays (its columns take some 100 bytes a game;
/// play more with `first`).
pub const MAX_GAMES: u64 = 1_000_000;

/// The columns being filled.
struct Columns {
    players: usize,
    start_player: Vec<u8>,
    calls: Vec<u16>,
    /// `[seat][game]`: whether the seat is among the winners.
    win: Vec<Vec<u8>>,
    /// `[category][seat][game]`; the totals alone without `categories`.
    values: Vec<Vec<Vec<i16>>>,
}

/// Plays `n` random games and returns their results as columns (typed
/// arrays, one entry per game): `start_player` (Uint8Array), `calls`
/// (Uint16Array), per seat p `win_p` (Uint8Array, 1 when seat p is among
/// the winners) and `total_p` (Int16Array), and with `categories: true`
/// (the default) every score category `{category}_p` (`SCORE_CATEGORIES`).
/// Game `first + i` of a run is set up from seed `seed + first + i` and
/// its moves drawn from `SplitMix64(seed + first + i)`, the same games as
/// Rust's `play_random`, C and Python's `simulate` play. Options: `seed`
/// (default 0), `players` (2–4, default 4), `variant` (default
/// `"expert"`), `config` (a configuration, whose seed is replaced), `first`
/// (default 0), `categories`. At most 1,000,000 games a call.
#[wasm_bindgen(unchecked_return_type = "SimulateColumns")]
pub fn simulate(
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] n: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SimulateOptions")] options: &JsValue,
) -> JsResult<JsValue> {
    let n = u64_arg(n, "the number of games")?;
    if n > MAX_GAMES {
        return Err(range_error(format!(
            "simulate plays at most {MAX_GAMES} games a call, not {n}; \
             play more in several calls with `first`"
        )));
    }
    let o = args::options(
        options,
        &[
            "seed",
            "players",
            "variant",
            "config",
            "first",
            "categories",
        ],
        "simulate()",
    )?;
    let seed = args::option(&o, "seed")?.map_or(Ok(0), |v| u64_arg(&v, "seed"))?;
    let first = args::option(&o, "first")?.map_or(Ok(0), |v| u64_arg(&v, "first"))?;
    if n > 0 && first.checked_add(n - 1).is_none() {
        return Err(range_error(format!(
            "games {first} to {first} + {n} - 1 go past game 2^64 - 1, the last there is"
        )));
    }
    let categories =
        args::option(&o, "categories")?.map_or(Ok(true), |v| args::boolean(&v, "categories"))?;
    let mut config = match args::option(&o, "config")? {
        Some(c) => {
            if args::option(&o, "players")?.is_some() || args::option(&o, "variant")?.is_some() {
                return Err(errors::type_error(
                    "simulate() takes a config or players and variant, not both",
                ));
            }
            let text = json_text(&c, Kind::InvalidConfig)?;
            Config::from_json(&text).map_err(|e| errors::error(e, Kind::InvalidConfig))?
        }
        None => crate::game::keyword_config(
            args::option(&o, "players")?,
            args::option(&o, "variant")?,
            None,
            None,
        )?,
    };
    let start = seed.wrapping_add(first);
    config.seed = start;
    let players = State::new(&config).map_err(errors::config_error)?.players() as usize;
    let mut cols = Columns {
        players,
        start_player: Vec::with_capacity(n as usize),
        calls: Vec::with_capacity(n as usize),
        win: vec![Vec::with_capacity(n as usize); players],
        values: vec![
            vec![Vec::with_capacity(n as usize); players];
            if categories {
                ScoreSheet::CATEGORIES.len()
            } else {
                1
            }
        ],
    };
    for j in 0..n {
        let s = start.wrapping_add(j);
        config.seed = s;
        let state = State::new(&config).map_err(|e| {
            let rules = e.rule();
            raise(
                Kind::InvalidConfig,
                format!("game {} (seed {s}): {e}", first + j),
                rules,
            )
        })?;
        cols.start_player.push(state.to_act().unwrap_or(0));
        let end = play_random(state, &mut SplitMix64::new(s));
        cols.calls.push(end.call_number());
        if categories {
            let sheets = end.scores();
            let winners = metropolys_core::scoring::winners(&sheets);
            for (p, sheet) in sheets.iter().enumerate() {
                cols.win[p].push(u8::from(winners.contains(&(p as u8))));
                for (c, v) in sheet.values().into_iter().enumerate() {
                    // Every category of a game fits (totals stay below 200).
                    cols.values[c][p].push(v as i16);
                }
            }
        } else {
            let totals = end.totals();
            for p in 0..players {
                cols.win[p].push(u8::from(totals.is_winner(p as u8)));
                cols.values[0][p].push(totals.totals()[p] as i16);
            }
        }
    }
    cols.to_js(categories)
}

impl Columns {
    fn to_js(&self, categories: bool) -> JsResult<JsValue> {
        let out = Object::new();
        let set = |name: &str, v: JsValue| Reflect::set(&out, &name.into(), &v).map(|_| ());
        set(
            "start_player",
            js_sys::Uint8Array::from(&self.start_player[..]).into(),
        )?;
        set("calls", js_sys::Uint16Array::from(&self.calls[..]).into())?;
        for p in 0..self.players {
            set(
                &format!("win_{p}"),
                js_sys::Uint8Array::from(&self.win[p][..]).into(),
            )?;
        }
        let names: &[&str] = if categories {
            &ScoreSheet::CATEGORIES
        } else {
            &["total"]
        };
        for (c, name) in names.iter().enumerate() {
            for p in 0..self.players {
                let column = js_sys::Int16Array::from(&self.values[c][p][..]);
                set(&format!("{name}_{p}"), column.into())?;
            }
        }
        Ok(out.into())
    }
}
