//! Text forms for Python: the text board (`str(game)`, `Game.text`) and
//! `Action.parse`, both drawn or parsed by core (`metropolys_core::text`).

use crate::errors;
use metropolys_core::text::{board_text, parse_action};
use metropolys_core::{Action as CoreAction, State};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

static PARSE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The text board of `state` as `viewer` may see it; a `ValueError`,
/// like `Game.view`'s, for a seat not in the game.
pub fn board(state: &State, viewer: Option<i64>) -> PyResult<String> {
    let seat = viewer.map(|p| u8::try_from(p).unwrap_or(u8::MAX));
    board_text(state, seat).ok_or_else(|| {
        errors::value_error(format!(
            "seat {} is not in this {}-player game (seats 0-{})",
            viewer.unwrap_or_default(),
            state.players(),
            state.players() - 1
        ))
    })
}

/// The action a text names (`"bid 3 on 12"`, `"12 3"`, `"pass"`); raises
/// `ActionParseError` (a `ValueError`) otherwise.
pub fn parse(py: Python<'_>, text: &str) -> PyResult<CoreAction> {
    parse_action(text).map_err(|e| {
        match PARSE_ERROR.import(py, "metropolys._errors", "ActionParseError") {
            Ok(ty) => PyErr::from_type(ty.clone(), (e.to_string(), None::<&str>)),
            Err(err) => err,
        }
    })
}
