//! Loading and saving `metropolys.Game`: records, JSON positions (whole
//! states or a seat's view), pickles, and its `repr`. The game itself is
//! core's; these convert and map errors.

use crate::convert::parse_record;
use crate::errors::{self, Kind as ErrKind};
use metropolys_core::{Config, Event, Game as CoreGame, RecordedAction, Snapshot};
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};

/// The compact form of a game for pickling (`state` is a whole state, a
/// seat's view or the public view: core's snapshot of the game).
#[derive(Serialize, Deserialize)]
struct Pickled {
    state: Snapshot,
    events: Vec<Event>,
    #[serde(default)]
    config: Option<Config>,
    #[serde(default)]
    actions: Vec<RecordedAction>,
}

/// The game a record reaches (``verify``: its ``expected`` part checked).
pub fn load_record(py: Python<'_>, record: &Bound<'_, PyAny>, verify: bool) -> PyResult<CoreGame> {
    let record = parse_record(py, record)?;
    let game = if verify {
        CoreGame::from_verified_record(&record)
    } else {
        CoreGame::from_record(&record)
    };
    game.map_err(|e| errors::record_error(py, e))
}

/// A game from the JSON of `to_json` (a whole state or a seat's view);
/// every error is an `InvalidStateError`.
pub fn from_json(py: Python<'_>, text: &str) -> PyResult<CoreGame> {
    CoreGame::from_json(text).map_err(|e| match e {
        metropolys_core::Error::Json(_) | metropolys_core::Error::InvalidState(_) => {
            errors::error(py, e, ErrKind::InvalidState)
        }
        other => {
            let rule = other.rule();
            errors::raise(
                py,
                ErrKind::InvalidState,
                format!("invalid state: {other}"),
                rule,
            )
        }
    })
}

/// The pickled form of a game.
pub fn pickle(game: &CoreGame) -> PyResult<String> {
    let p = Pickled {
        state: game.snapshot(),
        events: game.last_events().to_vec(),
        config: game.config().cloned(),
        actions: game.actions().unwrap_or_default(),
    };
    serde_json::to_string(&p).map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
}

/// A game from its pickled form.
pub fn unpickle(py: Python<'_>, data: &str) -> PyResult<CoreGame> {
    // The state is validated by its own loader (every invariant); the
    // configuration, history and events are checked against it: the
    // history must replay to exactly this state and these events.
    let p: Pickled = serde_json::from_str(data)
        .map_err(|e| errors::raise(py, ErrKind::InvalidState, e.to_string(), &[]))?;
    if p.config.is_none() && !p.actions.is_empty() {
        return Err(errors::raise(
            py,
            ErrKind::InvalidState,
            "pickled actions without a configuration".into(),
            &[],
        ));
    }
    let history = p.config.map(|config| (config, p.actions.as_slice()));
    CoreGame::from_snapshot_parts(p.state, p.events, history)
        .map_err(|e| errors::raise(py, ErrKind::InvalidState, format!("pickled game: {e}"), &[]))
}

/// `repr(game)`: the position in one line (`?` for what a view does not
/// know; ` public` marks the public view).
pub fn repr(game: &CoreGame) -> String {
    let s = game.state();
    let built: usize = (0..s.players())
        .map(|p| s.constructed_count(p) as usize)
        .sum();
    let view = match game.viewer() {
        Some(v) => format!(" viewer={v}"),
        None if !game.knows_all_secrets() => " public".into(),
        None => String::new(),
    };
    match s.to_act() {
        Some(p) => format!(
            "<metropolys.Game{view} players={} variant={} call={} to_act={} bids={} constructed={}>",
            s.players(),
            s.variant(),
            s.call_number(),
            p,
            s.bids().len(),
            built
        ),
        None => {
            let known = |t: Option<i32>| t.map_or_else(|| "?".to_string(), |t| t.to_string());
            let totals: Vec<String> = game.totals().into_iter().map(known).collect();
            let winners = game
                .winners()
                .map_or_else(|| "?".to_string(), |w| format!("{w:?}"));
            format!(
                "<metropolys.Game{view} players={} variant={} over totals=[{}] winners={winners}>",
                s.players(),
                s.variant(),
                totals.join(", "),
            )
        }
    }
}
