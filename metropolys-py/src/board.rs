//! Board queries (module-level functions, also `metropolys.board`).

use crate::convert::to_py;
use metropolys_core::{board, config, Area, District, Kind, Token, Variant, NEIGHBORHOOD_COUNT};
use pyo3::prelude::*;

/// A neighborhood id from any Python integer, or `ValueError`.
pub fn id(id: i64) -> PyResult<u8> {
    if (0..NEIGHBORHOOD_COUNT as i64).contains(&id) {
        Ok(id as u8)
    } else {
        Err(crate::errors::value_error(format!(
            "there is no neighborhood {id}: ids are 0-54"
        )))
    }
}

/// The kind of neighborhood ``id``: ``"industry"``, ``"park"``,
/// ``"housing"``, ``"mall"`` or ``"administration"``.
#[pyfunction]
fn neighborhood_kind(id: crate::ints::Int) -> PyResult<&'static str> {
    let id = id.0;
    Ok(board::kind(self::id(id)?).map_or("", |k| k.name()))
}

/// The district of neighborhood ``id``: ``"center"``, ``"north"``,
/// ``"east"``, ``"south"`` or ``"west"``.
#[pyfunction]
fn neighborhood_district(id: crate::ints::Int) -> PyResult<&'static str> {
    let id = id.0;
    Ok(board::district(self::id(id)?).map_or("", |d| d.name()))
}

/// Whether neighborhoods ``a`` and ``b`` are adjacent (a shared border or
/// a bridge, R-9).
#[pyfunction]
fn adjacent(a: crate::ints::Int, b: crate::ints::Int) -> PyResult<bool> {
    let a = a.0;
    let b = b.0;
    Ok(board::adjacent(id(a)?, id(b)?))
}

/// The neighborhoods adjacent to ``id``, ascending.
#[pyfunction]
fn neighbors(id: crate::ints::Int) -> PyResult<Vec<u32>> {
    let id = id.0;
    Ok(board::neighbors(self::id(id)?)
        .iter()
        .map(u32::from)
        .collect())
}

/// Whether neighborhood ``id`` lies on the city border.
#[pyfunction]
fn is_border(id: crate::ints::Int) -> PyResult<bool> {
    let id = id.0;
    Ok(board::is_border(self::id(id)?))
}

/// Whether neighborhood ``id`` is a blind alley (never holds a token, R-4).
#[pyfunction]
fn is_blind_alley(id: crate::ints::Int) -> PyResult<bool> {
    let id = id.0;
    Ok(board::is_blind_alley(self::id(id)?))
}

/// The drawing position of neighborhood ``id``: ``(x, y)`` in percent of
/// the board's width and height.
#[pyfunction]
fn position(id: crate::ints::Int) -> PyResult<(f32, f32)> {
    let id = id.0;
    Ok(board::position(self::id(id)?).unwrap_or_default())
}

/// The neighborhoods of a district (``"center"``, ``"north"``, …).
#[pyfunction]
fn district_neighborhoods(district: &str) -> PyResult<Vec<u32>> {
    let d: District = crate::names::parse(district).map_err(crate::errors::value_error)?;
    Ok(board::in_district(d).iter().map(u32::from).collect())
}

/// The whole board as a dict: ``neighborhoods`` (``id``, ``district``,
/// ``kind``, ``adjacent``, ``border``, ``blind_alley``, ``x``, ``y``),
/// ``bridges``, ``statues``, ``lakes``, ``peripheral_ring``.
#[pyfunction]
fn board_info(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &board::describe())
}

/// The area cards of a game of ``players`` (2-4) in ``variant``
/// (``"family"`` or ``"expert"``), with or without the Metropolys cards
/// the Family deck leaves out ``border`` for two players; §9: with
/// the module the Expert deck leaves out ``chains``): the deck the seats'
/// area cards are dealt from, in ``AREAS`` order.
#[pyfunction]
#[pyo3(signature = (players, variant, metropolys=false))]
fn area_cards(players: u8, variant: &str, metropolys: bool) -> PyResult<Vec<String>> {
    let v: Variant = crate::names::parse(variant).map_err(crate::errors::value_error)?;
    if !metropolys_core::PLAYER_COUNTS.contains(&players) {
        return Err(crate::errors::value_error(format!(
            "players must be 2, 3 or 4, not {players} (R-1)"
        )));
    }
    Ok(config::area_cards(players, v, metropolys)
        .into_iter()
        .map(|a| a.name().to_string())
        .collect())
}

/// The neighborhood cards of a game in ``variant``: the five kinds in the
/// Expert game without the Metropolys cards, none otherwise (R-5, §9).
#[pyfunction]
#[pyo3(signature = (variant, metropolys=false))]
fn neighborhood_cards(variant: &str, metropolys: bool) -> PyResult<Vec<&'static str>> {
    let v: Variant = crate::names::parse(variant).map_err(crate::errors::value_error)?;
    Ok(config::neighborhood_cards(v, metropolys)
        .iter()
        .map(|k| k.name())
        .collect())
}

/// The scoring rules of a game in ``variant``, with or without the
/// Metropolys cards (§9), one dict per rule: ``topic`` (what it is about:
/// ``{"area": ...}``, ``{"neighborhood": ...}``, ``{"token": ...}``,
/// ``"highest_building"``, ``"metropolys"``, ``"winner"`` …), ``category``
/// (the score-sheet category it fills, ``None`` for the winner), ``label``
/// and ``text`` (one line, with its points). With ``lang`` (a language
/// tag: ``"en"``, ``"cs"``, ``"pl"``, ``"fr"``) the labels and lines are
/// the player's words in that language, without rule numbers; without it,
/// core's developer wording (``explain::scoring_rules``), each line with
/// its ruling (``R-19``, ``§5``), whatever the module's language.
#[pyfunction]
#[pyo3(signature = (variant, metropolys=false, *, lang=None))]
fn scoring_rules<'py>(
    py: Python<'py>,
    variant: &str,
    metropolys: bool,
    lang: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let v: Variant = crate::names::parse(variant).map_err(crate::errors::value_error)?;
    match crate::text::lang_given(lang)? {
        Some(lang) => to_py(
            py,
            &metropolys_text::scoring_rules(metropolys_text::Texts::of(lang), v, metropolys),
        ),
        None => to_py(py, &metropolys_core::explain::scoring_rules(v, metropolys)),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let names = |all: Vec<&'static str>| pyo3::types::PyTuple::new(m.py(), all);
    m.add(
        "KINDS",
        names(Kind::ALL.iter().map(|k| k.name()).collect())?,
    )?;
    m.add(
        "AREAS",
        names(Area::ALL.iter().map(|a| a.name()).collect())?,
    )?;
    m.add(
        "DISTRICTS",
        names(District::ALL.iter().map(|d| d.name()).collect())?,
    )?;
    m.add(
        "TOKENS",
        names(Token::ALL.iter().map(|t| t.name()).collect())?,
    )?;
    m.add(
        "METROPOLYS_CARDS",
        metropolys_core::METROPOLYS_CARDS
            .iter()
            .map(|c| c.map(|k| k.name()))
            .collect::<Vec<_>>(),
    )?;
    m.add_function(wrap_pyfunction!(area_cards, m)?)?;
    m.add_function(wrap_pyfunction!(neighborhood_cards, m)?)?;
    m.add_function(wrap_pyfunction!(scoring_rules, m)?)?;
    m.add_function(wrap_pyfunction!(neighborhood_kind, m)?)?;
    m.add_function(wrap_pyfunction!(neighborhood_district, m)?)?;
    m.add_function(wrap_pyfunction!(adjacent, m)?)?;
    m.add_function(wrap_pyfunction!(neighbors, m)?)?;
    m.add_function(wrap_pyfunction!(is_border, m)?)?;
    m.add_function(wrap_pyfunction!(is_blind_alley, m)?)?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    m.add_function(wrap_pyfunction!(district_neighborhoods, m)?)?;
    m.add_function(wrap_pyfunction!(board_info, m)?)?;
    Ok(())
}
