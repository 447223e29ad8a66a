//! `review`: a recorded game reviewed by a bot preset, decision by
//! decision (`metropolys_bots::review`, docs/review.md): each seat's win
//! chance and expected total after the action played and after the
//! preset's preferred one, read twice — with what the deciding seat knew
//! (the grades and the accuracy) and with every card revealed (the graph
//! and the turning points) — a grade per decision, an accuracy per seat.
//! The same record, preset, seed and worlds give the same review, to the
//! last bit, natively and here (`tests/review.test.mjs` compares it with
//! the command line's `metropolys review --json`).
//!
//! The module runs no threads, so a review runs on the thread that calls
//! it: a page runs it in a Web Worker (`ReviewWorker` of `worker.js`).

use crate::args::{self, a_kind};
use crate::bots::bot_error;
use crate::errors::{raise, range_error, type_error, JsResult, Kind};
use crate::game::parse_record;
use crate::json::{to_js, MAX_SAFE};
use js_sys::Reflect;
use metropolys_bots::presets::PRESETS;
use metropolys_bots::review::{review_with_progress, ReviewOptions as Asked, MAX_WORLDS};
use metropolys_bots::{BotError, BotKind, Cancel};
use metropolys_core::Seat;
use serde::Serialize;
use std::cell::RefCell;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// The options `review` takes.
const OPTIONS: [&str; 5] = ["preset", "seed", "worlds", "only", "progress"];

/// The options of `review()`.
#[derive(Serialize, Tsify)]
#[allow(dead_code)]
pub struct ReviewOptions {
    /// The reviewer: `"beginner"`, `"casual"`, `"strong"` (default) or
    /// `"expert"`.
    #[tsify(type = "\"beginner\" | \"casual\" | \"strong\" | \"expert\"", optional)]
    preset: Option<String>,
    /// Everything random derives from it (default 0).
    #[tsify(type = "number | bigint", optional)]
    seed: Option<u64>,
    /// The positions sampled per estimate, 1 to 100,000 (default: the
    /// preset's, 64 to 512).
    #[tsify(optional)]
    worlds: Option<u32>,
    /// Review only this seat's decisions with only what it knew (no
    /// revealed reading, no graph); `null` or absent: every seat (the game
    /// must then be over).
    #[tsify(type = "number | null", optional)]
    only: Option<u8>,
    /// Called after each decision reviewed with the decisions done and the
    /// decisions to review; what it throws stops the review and is thrown
    /// by `review`.
    #[tsify(type = "(done: number, total: number) => void", optional)]
    progress: Option<()>,
}

/// What playouts from a position gave, per seat.
#[derive(Serialize, Tsify, Default)]
#[allow(dead_code)]
pub struct ReviewEstimate {
    /// Each seat's chance of winning, 0 to 1 (a shared victory counts
    /// `1/k`); they sum to 1.
    win: Vec<f64>,
    /// Each seat's expected final total, in points.
    score: Vec<f64>,
}

/// One reading of a decision: after the action played and after the
/// reviewer's preferred one, on the same sampled positions.
#[derive(Serialize, Tsify, Default)]
#[allow(dead_code)]
pub struct ReviewReading {
    /// After the action played.
    played: ReviewEstimate,
    /// After the reviewer's preferred action.
    best: ReviewEstimate,
    /// The deciding seat's win chance after `best` minus after `played`.
    drop: f64,
}

/// One reviewed decision.
#[derive(Serialize, Tsify, Default)]
#[allow(dead_code)]
pub struct ReviewDecision {
    /// Its index in the record's actions (0 is the first decision).
    index: usize,
    /// The seat that decided.
    seat: u8,
    /// What it played.
    #[tsify(type = "Action")]
    played: (),
    /// What the reviewer would have played, knowing what the seat knew.
    #[tsify(type = "Action")]
    best: (),
    /// Its grade, from the `known` reading (`Texts.grade` words it).
    #[tsify(type = "ReviewGrade")]
    grade: (),
    /// Judged with what the seat knew.
    known: ReviewReading,
    /// Judged with every card revealed; `null` in a review with `only`.
    #[tsify(type = "ReviewReading | null")]
    revealed: Option<ReviewReading>,
}

/// One seat's summary.
#[derive(Serialize, Tsify, Default)]
#[allow(dead_code)]
pub struct ReviewSeat {
    /// The seat.
    seat: u8,
    /// The mean accuracy of its decisions that were not forced, 0 to 100
    /// (`null` when it had none).
    accuracy: Option<f64>,
    /// Its decisions that were not forced.
    decisions: usize,
    /// Of those, the inaccuracies.
    inaccuracies: usize,
    /// The mistakes.
    mistakes: usize,
    /// The blunders.
    blunders: usize,
}

/// A whole review, as `review()` returns it (and the server's
/// `GET /api/v1/matches/{id}/review` sends it).
#[derive(Serialize, Tsify, Default)]
#[allow(dead_code)]
pub struct Review {
    /// The preset whose judgement it is.
    reviewer: String,
    /// The seed it was computed from (a BigInt above 2^53 − 1).
    #[tsify(type = "number | bigint")]
    seed: u64,
    /// The positions each estimate sampled.
    worlds: u32,
    /// Seats at the table.
    players: u8,
    /// Whether the record's game is over.
    over: bool,
    /// The seat whose knowledge alone was used, else `null`.
    only: Option<u8>,
    /// The setup's estimate with every card revealed (`null` with `only`).
    #[tsify(type = "ReviewEstimate | null")]
    start: Option<ReviewEstimate>,
    /// The decisions reviewed, in game order.
    decisions: Vec<ReviewDecision>,
    /// One summary per seat.
    seats: Vec<ReviewSeat>,
    /// The indices of the decisions that swung the game most (revealed
    /// reading), in game order.
    turning_points: Vec<usize>,
}

/// The grades, as `metropolys_bots::review::Grade` names them (a test
/// checks this list against it).
#[allow(dead_code)] // read by the custom section below (in WebAssembly) and the test
const GRADE: &str = r#"/** A review's grade of a decision (`Texts.grade` words it). */
export type ReviewGrade = "forced" | "best" | "good" | "inaccuracy" | "mistake" | "blunder";"#;

#[wasm_bindgen(typescript_custom_section)]
const GRADE_SECTION: &str = GRADE;

/// The JavaScript `progress` function of the review running on this
/// thread, and what it threw. The review runs with one thread, on the
/// caller's, and asks for a callback that may be shared between threads:
/// that callback holds nothing (it finds the function here), so no
/// JavaScript value ever leaves this thread.
struct Listener {
    function: js_sys::Function,
    /// What the function threw: the review stops, and `review` throws it.
    thrown: Option<JsValue>,
    cancel: Cancel,
}

thread_local! {
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

/// Tells the listener of this thread's review that `done` decisions of
/// `total` are reviewed.
fn told(done: usize, total: usize) {
    // The function is taken out of the cell before it is called: it may
    // call `review` again (which installs its own listener meanwhile).
    let function = LISTENER.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|l| l.thrown.is_none())
            .map(|l| l.function.clone())
    });
    let Some(f) = function else {
        return;
    };
    if let Err(e) = f.call2(
        &JsValue::NULL,
        &JsValue::from(done as f64),
        &JsValue::from(total as f64),
    ) {
        LISTENER.with(|l| {
            if let Some(l) = l.borrow_mut().as_mut() {
                l.thrown = Some(e);
                l.cancel.cancel();
            }
        });
    }
}

/// A preset's name, or a `RangeError` naming the presets.
fn preset_arg(v: &JsValue) -> JsResult<BotKind> {
    let name = args::string(v, "review(record, options): preset")?;
    if !PRESETS.contains(&name.as_str()) {
        return Err(range_error(format!(
            "review(record, options): preset {:?} is not a preset; the presets are {}",
            args::excerpt(&name),
            PRESETS.join(", ")
        )));
    }
    name.parse::<BotKind>().map_err(bot_error)
}

/// Reviews a finished game's record (its JSON text or object) with a bot
/// preset and returns the review (`Review`): per decision the action
/// played, the preset's preferred action, a grade (`"forced"`, `"best"`,
/// `"good"`, `"inaccuracy"`, `"mistake"`, `"blunder"`) and two readings,
/// `known` (with what the deciding seat knew: the grades and the accuracy
/// come from it) and `revealed` (with every card face up: the win-chance
/// graph and the turning points); per seat an accuracy and its errors;
/// the turning points. Options: `preset` (`"beginner"`, `"casual"`,
/// `"strong"`, the default, or `"expert"`), `seed` (default 0), `worlds`
/// (1 to 100,000; default the preset's), `only` (a seat: only its
/// decisions, with only what it knew; the one way to review a game not
/// over) and `progress(done, total)`. The same record and options give the
/// same review, natively too. It runs on the calling thread (seconds for
/// `strong`): a page runs it in a worker (`ReviewWorker`). Throws
/// `RecordError` for a malformed record or one that does not replay,
/// `TypeError` for an option of the wrong type or an unknown option,
/// `RangeError` for an option out of range or a game that is not over
/// (without `only`).
#[wasm_bindgen(unchecked_return_type = "Review")]
pub fn review(
    #[wasm_bindgen(unchecked_param_type = "GameRecord | string")] record: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ReviewOptions")] options: &JsValue,
) -> JsResult<JsValue> {
    let what = "review(record, options)";
    let options = args::options(options, &OPTIONS, what)?;
    // The options first: a hostile option is refused before any work.
    let preset = match args::option(&options, "preset")? {
        None => BotKind::Strong,
        Some(v) => preset_arg(&v)?,
    };
    let seed = match args::option(&options, "seed")? {
        None => 0,
        Some(v) => args::u64_arg(&v, "review(record, options): seed")?,
    };
    let worlds = match args::option(&options, "worlds")? {
        None => None,
        Some(v) => {
            let i = args::int(&v, "review(record, options): worlds")?;
            Some(
                i.within(1, i128::from(MAX_WORLDS))
                    .map(|w| w as u32)
                    .ok_or_else(|| {
                        range_error(format!(
                            "review(record, options): worlds {} is out of range: from 1 to {MAX_WORLDS}",
                            i.shown()
                        ))
                    })?,
            )
        }
    };
    let only_arg = args::option(&options, "only")?.filter(|v| !v.is_null());
    let function = match args::option(&options, "progress")? {
        None => None,
        Some(v) if v.is_null() => None,
        Some(v) if v.is_function() => Some(js_sys::Function::from(v)),
        Some(v) => {
            return Err(type_error(format!(
                "review(record, options): progress must be a function, not {}",
                a_kind(&v)
            )))
        }
    };
    let record = parse_record(record)?;
    let only: Option<Seat> = match only_arg {
        None => None,
        Some(v) => Some(args::seat(&v, record.config.players)?),
    };
    let cancel = Cancel::new();
    let listener = function.map(|function| Listener {
        function,
        thrown: None,
        cancel: cancel.clone(),
    });
    let options = Asked {
        preset,
        worlds,
        seed,
        threads: 1,
        cancel: Some(cancel),
        only,
        ..Asked::default()
    };
    // This review's listener, the one of a review calling it (from its
    // progress) put back after.
    let outer = LISTENER.with(|l| l.replace(listener));
    let result = review_with_progress(&record, &options, &told);
    let mine = LISTENER.with(|l| l.replace(outer));
    if let Some(e) = mine.and_then(|l| l.thrown) {
        return Err(e);
    }
    let r = result.map_err(|e| match e {
        BotError::Review(message) => raise(
            Kind::Record,
            format!("the record does not replay: {message}"),
            &[],
        ),
        other => bot_error(other),
    })?;
    let js = to_js(&r)?;
    if r.seed > MAX_SAFE {
        Reflect::set(&js, &"seed".into(), &js_sys::BigInt::from(r.seed).into())?;
    }
    Ok(js)
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_bots::review::Grade;
    use metropolys_core::{Config, Game, Variant};
    use serde_json::Value;

    /// The keys of every object in `v`, by where they are, the first item
    /// of each array standing for all.
    fn shape(v: &Value, at: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (k, x) in map {
                    out.push(format!("{at}.{k}"));
                    shape(x, &format!("{at}.{k}"), out);
                }
            }
            Value::Array(items) => {
                if let Some(x) = items.first() {
                    shape(x, &format!("{at}[]"), out);
                }
            }
            _ => {}
        }
    }

    /// The TypeScript declarations name the fields a review has: the
    /// mirror types above serialize to the same keys as a real review.
    #[test]
    fn the_declared_shape_is_the_reviews() {
        let mut game = Game::new(Config::new(2, Variant::Family, 3)).unwrap();
        while game.state().to_act().is_some() {
            game = game.apply(game.state().legal_actions()[0]).unwrap();
        }
        let options = Asked {
            preset: BotKind::Beginner,
            worlds: Some(2),
            ..Default::default()
        };
        let real = metropolys_bots::review::review(&game.to_record().unwrap(), &options).unwrap();
        let real = serde_json::to_value(&real).unwrap();
        let mirror = Review {
            start: Some(ReviewEstimate::default()),
            decisions: vec![ReviewDecision {
                revealed: Some(ReviewReading::default()),
                ..Default::default()
            }],
            seats: vec![ReviewSeat::default()],
            ..Default::default()
        };
        let mirror = serde_json::to_value(&mirror).unwrap();
        let (mut a, mut b) = (vec![], vec![]);
        shape(&real, "", &mut a);
        shape(&mirror, "", &mut b);
        // The actions are core's `Action` (declared by core); only their
        // place is the mirror's.
        a.retain(|k| !k.contains(".played.bid") && !k.contains(".best.bid"));
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }

    /// The TypeScript union names exactly the bots crate's grades.
    #[test]
    fn the_grade_union_is_the_bots_crates_grades() {
        let union = GRADE.split("export type ReviewGrade = ").nth(1).unwrap();
        let named: Vec<&str> = union
            .trim_end_matches(';')
            .split(" | ")
            .map(|k| k.trim_matches('"'))
            .collect();
        let ids: Vec<&str> = Grade::ALL.iter().map(|g| g.id()).collect();
        assert_eq!(named, ids);
    }
}
