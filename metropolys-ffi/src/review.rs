//! `mtp_review_json`: a finished game judged decision by decision by a bot
//! preset (`metropolys_bots::review`, docs/review.md).

use crate::bot::{failure, flag_of, MtpCancel};
use crate::game::json;
use crate::ptr::{put_string, text};
use crate::status::{guard, Failure, MtpStatus, Outcome};
use metropolys_bots::review::{review, ReviewOptions};
use metropolys_bots::BotKind;
use metropolys_core::Record;
use serde::Deserialize;
use std::ffi::c_char;

/// The options of `mtp_review_json`, as JSON.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    #[serde(default = "strong")]
    preset: String,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    worlds: Option<u32>,
    #[serde(default = "one")]
    threads: usize,
    #[serde(default)]
    seat: Option<u8>,
}

fn strong() -> String {
    "strong".into()
}

fn one() -> usize {
    1
}

/// Reads the options: NULL, empty or blank text is every default.
fn options(raw: Option<&str>) -> Outcome<ReviewOptions> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty()).unwrap_or("{}");
    let value: serde_json::Value = serde_json::from_str(raw)
        .map_err(|e| Failure::new(MtpStatus::InvalidJson, format!("options_json: {e}")))?;
    // An object only: serde would also read an array as the fields in order.
    if !value.is_object() {
        return Err(Failure::invalid(format!(
            "options_json must be a JSON object, not {}",
            metropolys_bots::excerpt(raw)
        )));
    }
    let o: Options = serde_json::from_value(value)
        .map_err(|e| Failure::invalid(format!("options_json: {e}")))?;
    let preset: BotKind = o.preset.parse().map_err(failure)?;
    Ok(ReviewOptions {
        preset,
        worlds: o.worlds,
        seed: o.seed,
        threads: o.threads,
        only: o.seat,
        ..Default::default()
    })
}

/// Reviews a finished game record (JSON, format "metropolys-record") and
/// writes the review as JSON to `*json_out` (free it with
/// `mtp_string_free`): for every decision, each seat's win chance and
/// expected total after the action played and after the reviewer's
/// preferred action, judged twice, `known` (with what the acting seat knew;
/// the grade comes from it) and `revealed` (with every card revealed), the
/// grade (`forced`, `best`, `good`, `inaccuracy`, `mistake`, `blunder`),
/// per seat the accuracy and the counts, and the turning points: the
/// shape of `metropolys review --json`, of WebAssembly's `review()` and of
/// the server's `GET /api/v1/matches/{id}/review`. docs/review.md says how
/// each number is made.
///
/// `options_json` is NULL, empty, or a JSON object with any of `"preset"`
/// (`"beginner"`, `"casual"`, `"strong"` (default), `"expert"`), `"seed"`
/// (an unsigned 64-bit integer, default 0), `"worlds"` (the worlds per
/// estimate, 1 to 100,000; default the preset's), `"threads"` (decisions
/// reviewed in parallel, default 1; the result does not depend on it) and
/// `"seat"` (review only that seat's decisions with what it knew, with no
/// revealed reading: the only review of a game that is not over, R-21).
/// Another key or a value of the wrong type is
/// `MTP_STATUS_INVALID_ARGUMENT`, text that is not JSON
/// `MTP_STATUS_INVALID_JSON`; a kind that is not a preset, worlds or
/// threads out of range, a seat not in the game, or a game not over
/// without `"seat"` is `MTP_STATUS_INVALID_ARGUMENT`.
///
/// `cancel` is NULL or a cancel handle (`mtp_cancel_new`): tripped from
/// another thread, the review stops within a few playouts with
/// `MTP_STATUS_CANCELLED` and writes nothing. A NULL `record_json` or
/// `json_out` is `MTP_STATUS_NULL_POINTER`; a record that does not replay
/// has the errors of `mtp_game_from_record`.
///
/// # Safety
///
/// `record_json` and `options_json` must be NULL or NUL-terminated
/// strings; `json_out` must be NULL or valid for a write; `cancel` must be
/// NULL or a pointer (checked by its registry, never dereferenced when it
/// is not a live cancel handle).
#[no_mangle]
pub unsafe extern "C" fn mtp_review_json(
    record_json: *const c_char,
    options_json: *const c_char,
    cancel: *const MtpCancel,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    guard(|| {
        if json_out.is_null() {
            return Err(Failure::null("json_out"));
        }
        // SAFETY: per the caller.
        let record = Record::from_json(unsafe { text(record_json, "record_json") }?)?;
        let raw = if options_json.is_null() {
            None
        } else {
            // SAFETY: non-NULL, NUL-terminated per the caller.
            Some(unsafe { text(options_json, "options_json") }?)
        };
        let mut opts = options(raw)?;
        if !cancel.is_null() {
            opts.cancel = Some(flag_of(cancel)?);
        }
        // The record's own errors, with their statuses, before the review.
        record.replay()?;
        let r = review(&record, &opts).map_err(failure)?;
        let text = json(&r)?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put_string(json_out, text) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_default_and_refuse_what_they_do_not_know() {
        let o = options(None).unwrap();
        assert_eq!(
            (o.preset, o.seed, o.threads, o.worlds, o.only),
            (BotKind::Strong, 0, 1, None, None)
        );
        let o = options(Some(
            r#"{"preset": "beginner", "seed": 9, "worlds": 8, "seat": 1}"#,
        ))
        .unwrap();
        assert_eq!(
            (o.preset, o.seed, o.worlds, o.only),
            (BotKind::Beginner, 9, Some(8), Some(1))
        );
        for (bad, status) in [
            (r#"{"preset": "nobody"}"#, MtpStatus::InvalidArgument),
            (r#"{"depth": 3}"#, MtpStatus::InvalidArgument),
            (r#"{"seed": -1}"#, MtpStatus::InvalidArgument),
            ("[1]", MtpStatus::InvalidArgument),
            ("{", MtpStatus::InvalidJson),
        ] {
            assert_eq!(options(Some(bad)).unwrap_err().status, status, "{bad}");
        }
    }
}
