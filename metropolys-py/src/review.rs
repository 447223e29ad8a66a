//! `metropolys.review`: a recorded game judged decision by decision by a
//! bot preset (`metropolys_bots::review`), computed with the GIL released
//! on a helper thread that Ctrl-C stops. The result is the review's JSON
//! shape as a dict, or a pandas `DataFrame` built by the package's
//! `metropolys/_review.py` from that dict and the columns only the replay
//! and the catalogues know (the call, the actions in words, the labels).

use crate::bots::{bot_error, watch, Watched};
use crate::convert::{parse_record, to_py};
use crate::errors::{self, Kind as ErrKind};
use crate::game::Game;
use crate::ints::{Int, U64};
use metropolys_bots::review::{accuracy, review as run_review, Grade, Review, ReviewOptions};
use metropolys_bots::{BotError, BotKind, Cancel};
use metropolys_core::{Action as CoreAction, Record, Size, State, Variant};
use metropolys_text::Texts;
use pyo3::exceptions::{PyImportError, PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;

/// The most threads a review accepts (those of the search).
const MAX_THREADS: i64 = 256;

/// A record from a Python argument: a `Game` with its history (its
/// `to_record()`), or a record as JSON text or its decoded dict.
fn record_of(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Record> {
    if let Ok(game) = obj.cast::<Game>() {
        return game.get().core_game().to_record().map_err(|e| {
            errors::raise(
                py,
                ErrKind::Record,
                format!("review: this game has no record of its decisions ({e}); give a game played from its start, or its record"),
                &[],
            )
        });
    }
    parse_record(py, obj)
}

/// The reviewer: one of the presets, by name.
fn preset(name: &str) -> PyResult<BotKind> {
    let kind: BotKind = name.parse().map_err(bot_error)?;
    if metropolys_bots::review::worlds_for(kind).is_none() {
        return Err(PyValueError::new_err(format!(
            "review: the reviewer is a preset (beginner, casual, strong, expert), not {name:?}"
        )));
    }
    Ok(kind)
}

/// What only the replay and the catalogues know of each decision, as
/// columns, for the frame.
#[derive(Serialize, Default)]
struct Context {
    call: Vec<u16>,
    opening: Vec<bool>,
    legal_actions: Vec<usize>,
    played: Vec<String>,
    played_id: Vec<Option<u16>>,
    played_text: Vec<String>,
    played_building: Vec<Option<u8>>,
    played_size: Vec<Option<&'static str>>,
    best: Vec<String>,
    best_id: Vec<Option<u16>>,
    best_text: Vec<String>,
    accuracy: Vec<Option<f64>>,
}

/// The labels of a graph of the review, in the reader's language.
#[derive(Serialize)]
struct Labels {
    title: String,
    known: String,
    revealed: String,
    win_chance: String,
    decision: String,
    turning_point: String,
    accuracy: String,
    grades: serde_json::Map<String, serde_json::Value>,
    seats: Vec<String>,
}

/// The building of a bid; `None` for the pass.
fn building(action: CoreAction) -> Option<u8> {
    match action {
        CoreAction::Bid { building, .. } => Some(building),
        CoreAction::Pass => None,
    }
}

fn context(review: &Review, states: &[State], variant: Variant, texts: &Texts) -> Context {
    let mut c = Context::default();
    for d in &review.decisions {
        let state = &states[d.index];
        c.call.push(state.call_number());
        c.opening.push(state.bids().is_empty());
        c.legal_actions.push(state.legal_action_count());
        c.played.push(d.played.to_string());
        c.played_id.push(d.played.id());
        c.played_text.push(texts.action(variant, d.played));
        c.played_building.push(building(d.played));
        // Only the Expert game gives buildings a size.
        c.played_size.push(
            building(d.played)
                .filter(|_| variant == Variant::Expert)
                .map(|b| Size::of(b).name()),
        );
        c.best.push(d.best.to_string());
        c.best_id.push(d.best.id());
        c.best_text.push(texts.action(variant, d.best));
        c.accuracy
            .push((d.grade != Grade::Forced).then(|| accuracy(d.known.drop)));
    }
    c
}

fn labels(review: &Review, texts: &Texts) -> Labels {
    let preset = texts
        .preset(&review.reviewer)
        .map_or_else(|| review.reviewer.clone(), |(label, _)| label);
    Labels {
        title: texts.format("review-by", &[("preset", preset.into())]),
        known: texts.format("review-known", &[]),
        revealed: texts.format("review-revealed", &[]),
        win_chance: texts.format("review-win-chance", &[]),
        decision: texts.format("review-decision", &[]),
        turning_point: texts.format("review-turning-point", &[]),
        accuracy: texts.format("review-accuracy", &[]),
        grades: Grade::ALL
            .iter()
            .map(|g| {
                let word = texts.grade(g.id()).unwrap_or_else(|| g.id().to_string());
                (g.id().to_string(), serde_json::Value::String(word))
            })
            .collect(),
        seats: (0..review.players).map(|s| texts.color(s)).collect(),
    }
}

/// A review's error as a Python exception: a record that does not replay
/// is a `RecordError`, a stopped review `KeyboardInterrupt`, bad
/// parameters a `ValueError`.
fn review_error(py: Python<'_>, e: BotError) -> PyErr {
    match e {
        BotError::Review(reason) => errors::raise(py, ErrKind::Record, reason, &[]),
        BotError::Cancelled { .. } => PyKeyboardInterrupt::new_err(e.to_string()),
        BotError::Config(c) => errors::config_error(py, c),
        other => bot_error(other),
    }
}

/// A finished game judged decision by decision by the bot preset
/// ``preset`` (``"beginner"``, ``"casual"``, ``"strong"``, ``"expert"``):
/// each seat's chance of winning and expected total after each decision,
/// the preset's preferred action, a grade (``forced``, ``best``, ``good``,
/// ``inaccuracy``, ``mistake``, ``blunder``), per seat an accuracy (0 to
/// 100) and the game's turning points (see
/// https://github.com/metropolys/metropolys/blob/main/docs/python.md).
///
/// Two readings of every decision, always named apart: ``known``, judged
/// with what the acting seat knew (the others' secret cards sampled from
/// what it could not rule out; the grades and the accuracy come from it
/// alone), and ``revealed``, judged after the game with every card face up
/// (the win-chance graph and the turning points).
///
/// ``record``: a ``Game`` played from its start, or its record (JSON text
/// or the dict of ``Game.to_record()``). ``worlds``: positions sampled per
/// estimate (default: the preset's, 64 to 512). ``seed``: everything random
/// derives from it; the same seed gives the same review whatever
/// ``threads`` (decisions reviewed in parallel; ``None``: one per CPU).
/// ``seat``: review only that seat's decisions with only what it knew (no
/// revealed reading): the one way to review a game not over. ``lang``: the
/// words of the actions and the labels (default: the module's language).
///
/// ``format="pandas"`` (needs pandas) returns a ``pandas.DataFrame``, one
/// row per decision, with the summary in ``attrs``; ``format="dict"`` the
/// review as JSON values (``reviewer``, ``seed``, ``worlds``, ``players``,
/// ``over``, ``only``, ``start``, ``decisions``, ``seats``,
/// ``turning_points``, ``win_chances``).
///
/// Raises ``RecordError`` for a record that does not replay,
/// ``ValueError`` for a reviewer that is not a preset, worlds or threads
/// out of range, a seat not in the game or a game not over without
/// ``seat``, ``ImportError`` when pandas is missing, and
/// ``KeyboardInterrupt`` on Ctrl-C.
#[pyfunction]
#[pyo3(
    signature = (record, preset="strong", *, seed=U64(0), threads=None, worlds=None, seat=None, lang=None, format="pandas"),
    text_signature = "(record, preset='strong', *, seed=0, threads=None, worlds=None, seat=None, lang=None, format='pandas')"
)]
#[allow(clippy::too_many_arguments)]
pub fn review<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    preset: &str,
    seed: U64,
    threads: Option<Int>,
    worlds: Option<Int>,
    seat: Option<Int>,
    lang: Option<&Bound<'py, PyAny>>,
    format: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let frame = match format {
        "pandas" => true,
        "dict" => false,
        other => {
            return Err(PyValueError::new_err(format!(
                "review: format must be \"pandas\" or \"dict\", not {}",
                crate::names::echo(other)
            )))
        }
    };
    let texts = Texts::of(crate::text::lang_or_default(lang)?);
    let kind = self::preset(preset)?;
    let record = record_of(py, record)?;
    let replay = record.replay().map_err(|e| errors::record_error(py, e))?;
    let players = record.config.players;
    let threads = match threads {
        None => std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(MAX_THREADS as usize),
        Some(Int(t)) if (1..=MAX_THREADS).contains(&t) => t as usize,
        Some(Int(t)) => {
            return Err(PyValueError::new_err(format!(
                "review: threads must be 1 to {MAX_THREADS} (or None: one per CPU), not {t}"
            )))
        }
    };
    let worlds = match worlds {
        None => None,
        Some(Int(w)) => Some(u32::try_from(w).map_err(|_| {
            PyValueError::new_err(format!(
                "review: worlds must be from 1 to {}, not {w}",
                metropolys_bots::review::MAX_WORLDS
            ))
        })?),
    };
    let only = match seat {
        None => None,
        Some(Int(s)) => match u8::try_from(s) {
            Ok(s) if s < players => Some(s),
            _ => {
                return Err(errors::value_error(format!(
                    "review: seat {s} is not in this {players}-player game (seats 0-{})",
                    players - 1
                )))
            }
        },
    };
    // Before the work: a missing pandas is known at once, not after it.
    let build = if frame {
        let import = |name: &str| {
            py.import(name).map_err(|e| {
                let err = PyImportError::new_err(
                    "review(format=\"pandas\") needs pandas: pip install pandas (or \"metropolys[pandas]\"), or use format=\"dict\"",
                );
                err.set_cause(py, Some(e));
                err
            })
        };
        import("pandas")?;
        Some(py.import("metropolys._review")?.getattr("_frame")?)
    } else {
        None
    };
    let cancel = Cancel::new();
    let options = ReviewOptions {
        preset: kind,
        worlds,
        seed: seed.0,
        threads,
        cancel: Some(cancel.clone()),
        only,
        ..ReviewOptions::default()
    };
    let done = match watch(py, &cancel, "metropolys-review", || {
        run_review(&record, &options)
    })? {
        Watched::Done(d) => d,
        Watched::Interrupted(e) => return Err(e),
    };
    let review = done.map_err(|e| review_error(py, e))?;
    let raw = to_py(py, &review)?;
    raw.set_item("win_chances", to_py(py, &review.win_chances())?)?;
    let Some(build) = build else {
        return Ok(raw);
    };
    let variant = record.config.variant;
    let extra = PyDict::new(py);
    extra.set_item("variant", variant.name())?;
    extra.set_item("lang", texts.lang().tag())?;
    extra.set_item(
        "columns",
        to_py(py, &context(&review, &replay.states, variant, texts))?,
    )?;
    extra.set_item("labels", to_py(py, &labels(&review, texts))?)?;
    extra.set_item(
        "seat_colors",
        metropolys_core::svg::PLAYER_COLORS[..usize::from(players)].to_vec(),
    )?;
    build.call1((raw, extra))
}

/// Registers `review`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(review, m)?)?;
    Ok(())
}
