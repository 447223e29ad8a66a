//! Python bindings for metropolys-core: the extension module
//! `metropolys._metropolys`, re-exported by the pure-Python package
//! `metropolys` (see `metropolys/__init__.py` and `docs/python.md`).
//!
//! The bindings stay thin: every rule lives in `metropolys-core`.

use pyo3::prelude::*;

mod action;
mod arena;
mod board;
mod bots;
mod conform;
mod convert;
mod errors;
mod game;
mod ints;
mod learning;
mod names;
mod persist;
mod review;
mod rngs;
mod simulate;
mod tensor;
mod text;
mod vector;

/// The extension module.
#[pymodule]
fn _metropolys(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ACTION_COUNT", metropolys_core::Action::COUNT)?;
    m.add("PASS_ID", metropolys_core::Action::PASS_ID)?;
    m.add("NEIGHBORHOOD_COUNT", metropolys_core::NEIGHBORHOOD_COUNT)?;
    m.add(
        "BUILDINGS_PER_PLAYER",
        metropolys_core::BUILDINGS_PER_PLAYER,
    )?;
    m.add("MAX_PLAYERS", metropolys_core::MAX_PLAYERS)?;
    m.add(
        "SCORE_CATEGORIES",
        pyo3::types::PyTuple::new(m.py(), metropolys_core::ScoreSheet::CATEGORIES)?,
    )?;
    m.add_class::<action::Action>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<rngs::SplitMix64>()?;
    m.add_function(wrap_pyfunction!(game::load_record, m)?)?;
    m.add_function(wrap_pyfunction!(game::verify_record, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(action::describe_action, m)?)?;
    text::register(m)?;
    board::register(m)?;
    tensor::register(m)?;
    m.add_class::<vector::VectorEnv>()?;
    bots::register(m)?;
    arena::register(m)?;
    conform::register(m)?;
    review::register(m)?;
    learning::register(m)?;
    Ok(())
}
