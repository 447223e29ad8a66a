//! Words for players, in their language (`metropolys-text`): the
//! languages, a record or a game told call by call, an action in words,
//! the scoring rules and how the game is played. Every function takes a
//! language tag (`"cs"`, `"pl-PL"`, `"fr_FR.UTF-8"`; NULL for English) and
//! hands its text to C like the `*_json` functions; the words are the
//! catalogues', never written here.

use crate::game::json;
use crate::handle::{with_game, MtpGame};
use crate::ptr::{out, put_string, text};
use crate::status::{guard, Failure, MtpStatus, Outcome};
use crate::types::{variant_from, MtpAction};
use metropolys_core::{Action, Game, Record};
use metropolys_text::{Lang, Narration, Narrator, Seats, Texts};
use serde::Serialize;
use std::ffi::{c_char, CStr};

/// The tags of the languages, as a message lists them: `en, cs, pl and fr`.
fn tags() -> String {
    let tags = Lang::ALL.map(Lang::tag);
    match tags.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Reads a language tag argument: NULL is English; a tag the catalogues do
/// not hold, or text that is not UTF-8, is `MTP_STATUS_INVALID_ARGUMENT`
/// with a message naming the languages.
///
/// # Safety
///
/// `tag` must be NULL or point to a NUL-terminated string that stays valid
/// and unchanged during the call.
unsafe fn lang_of(tag: *const c_char) -> Outcome<Lang> {
    if tag.is_null() {
        return Ok(Lang::En);
    }
    // SAFETY: non-NULL, and NUL-terminated and valid per the caller.
    let bytes = unsafe { CStr::from_ptr(tag) };
    let tag = bytes.to_str().map_err(|e| {
        Failure::invalid(format!(
            "lang is not valid UTF-8 ({e}); the languages are {}",
            tags()
        ))
    })?;
    tag.parse::<Lang>()
        .map_err(|e| Failure::invalid(format!("lang: {e}")))
}

/// Runs `f` with the language of `lang` and hands its text to C through
/// `text_out`: the one shape of every function of this module.
///
/// # Safety
///
/// `lang` must be NULL or a NUL-terminated string; `text_out` NULL or
/// valid for a write.
unsafe fn say(
    lang: *const c_char,
    text_out: *mut *mut c_char,
    what: &str,
    f: impl FnOnce(&'static Texts) -> Outcome<String>,
) -> MtpStatus {
    guard(|| {
        let text_out = out(text_out, what)?;
        // SAFETY: forwarded from the caller.
        let lang = unsafe { lang_of(lang) }?;
        let said = f(Texts::of(lang))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put_string(text_out, said) };
        Ok(())
    })
}

/// A record told whole: its calls from the setup on, each seat named by
/// its colour.
fn narrate(texts: &Texts, record: &Record) -> Outcome<Narration> {
    let replay = record.replay()?;
    let initial = replay
        .states
        .first()
        .ok_or_else(|| Failure::new(MtpStatus::Panic, "a replay without its setup".to_string()))?;
    Ok(Narrator::tell(
        texts,
        initial,
        Seats::colors(),
        replay.events.iter().map(Vec::as_slice),
    ))
}

/// One language of the catalogues, as `mtp_languages_json` lists it.
#[derive(Serialize)]
struct Language {
    tag: &'static str,
    name: String,
}

/// Writes the languages of the catalogues (those of the printed rulebook),
/// in the order a language menu lists them, as a JSON array to
/// `*json_out`: one object per language, `tag` (`"en"`, `"cs"`, `"pl"`,
/// `"fr"`: what the text functions take as `lang`) and `name` (the
/// language's own name: `"English"`, `"Čeština"`, ...). Free it with
/// `mtp_string_free`. A NULL `json_out` is `MTP_STATUS_NULL_POINTER`.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_languages_json(json_out: *mut *mut c_char) -> MtpStatus {
    guard(|| {
        let json_out = out(json_out, "json_out")?;
        let list: Vec<Language> = Lang::ALL
            .iter()
            .map(|&l| Language {
                tag: l.tag(),
                name: Texts::of(l).language_name(),
            })
            .collect();
        let text = json(&list)?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put_string(json_out, text) };
        Ok(())
    })
}

/// Tells a game record (JSON, format "metropolys-record") call by call in
/// the language `lang`, and writes the narration as JSON to `*json_out`:
/// `{"calls": [{"call": 1, "title": "...", "lines": ["...", ...]}, ...],
/// "ending": ["...", ...]}`, the same lines as the terminal and the HTML
/// replay, each seat named by its colour. `calls` holds every call told,
/// the unfinished one last; `ending` says why the game ended and who won
/// (empty while it goes on). No line holds a rule number. Free it with
/// `mtp_string_free`.
///
/// `lang` is a language tag (`"en"`, `"cs"`, `"pl"`, `"fr"`, a regional
/// tag such as `"pl-PL"` or a POSIX locale such as `"fr_FR.UTF-8"`), or
/// NULL for English; another tag, or one that is not UTF-8, is
/// `MTP_STATUS_INVALID_ARGUMENT` (the message names the languages). A
/// NULL `record_json` or `json_out` is `MTP_STATUS_NULL_POINTER`; a record
/// that does not replay has the errors of `mtp_game_from_record`
/// (`MTP_STATUS_INVALID_JSON`, `MTP_STATUS_INVALID_RECORD`,
/// `MTP_STATUS_INVALID_CONFIG`, `MTP_STATUS_ILLEGAL_ACTION`,
/// `MTP_STATUS_GAME_OVER`); its `expected` part is not checked.
///
/// # Safety
///
/// `record_json` and `lang` must be NULL or NUL-terminated strings;
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_narrate_record_json(
    record_json: *const c_char,
    lang: *const c_char,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    let tell = |texts: &'static Texts| {
        // SAFETY: per the caller.
        let text = unsafe { text(record_json, "record_json") }?;
        let record = Record::from_json(text)?;
        json(&narrate(texts, &record)?)
    };
    // SAFETY: forwarded from the caller.
    unsafe { say(lang, json_out, "json_out", tell) }
}

/// Tells a game from its setup to its position call by call in the
/// language `lang`, and writes the narration as JSON to `*json_out`, in
/// the shape of `mtp_narrate_record_json` (`calls`, `ending`). The game's
/// history is told: a game created with `mtp_game_new` or
/// `mtp_game_new_simple` and played on, or restored with
/// `mtp_game_from_record`. A game without history (loaded from a state or
/// a view with `mtp_game_from_json`) is `MTP_STATUS_INVALID_STATE` (the
/// message says why). Free it with `mtp_string_free`.
///
/// `lang` as in `mtp_narrate_record_json` (NULL for English; an unknown
/// tag is `MTP_STATUS_INVALID_ARGUMENT`). A NULL `game` or `json_out` is
/// `MTP_STATUS_NULL_POINTER`; a handle that is not live
/// `MTP_STATUS_INVALID_HANDLE`.
///
/// # Safety
///
/// `lang` must be NULL or a NUL-terminated string; `json_out` must be NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_narration_json(
    game: *const MtpGame,
    lang: *const c_char,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        say(lang, json_out, "json_out", |texts| {
            let record = with_game(game, |g| history(&g.game))?;
            json(&narrate(texts, &record)?)
        })
    }
}

/// The decisions of a game as a record, or `MTP_STATUS_INVALID_STATE` for
/// a game without history.
fn history(game: &Game) -> Outcome<Record> {
    game.to_record().map_err(|e| {
        Failure::new(
            MtpStatus::InvalidState,
            format!(
                "{e}: only a game with its history is told (one created with \
                 mtp_game_new and played on, or restored with mtp_game_from_record)"
            ),
        )
    })
}

/// An action in words in a game of `variant`, or
/// `MTP_STATUS_INVALID_ARGUMENT` for a bid naming no neighborhood or no
/// building.
fn action_words(texts: &Texts, variant: u32, action: Action) -> Outcome<String> {
    let variant = variant_from(variant)?;
    if action.id().is_none() {
        return Err(Failure::invalid(format!(
            "there is no {action}: neighborhoods are 0-54, buildings 1-13"
        )));
    }
    Ok(texts.action(variant, action))
}

/// Writes an action in words, in the language `lang`, to `*text_out`
/// (a NUL-terminated UTF-8 string): `"bid 7 (medium) on 12 (center,
/// mall)"` in an Expert game (the building's size is said in the Expert
/// game only), `"pass"`. Free it with `mtp_string_free`.
///
/// `variant` is `MTP_VARIANT_FAMILY` or `MTP_VARIANT_EXPERT`; another
/// value, an unknown action kind, or a bid naming no neighborhood (0–54)
/// or no building (1–13) is `MTP_STATUS_INVALID_ARGUMENT`. `lang` as in
/// `mtp_narrate_record_json` (NULL for English; an unknown tag is
/// `MTP_STATUS_INVALID_ARGUMENT`). A NULL `text_out` is
/// `MTP_STATUS_NULL_POINTER`.
///
/// # Safety
///
/// `lang` must be NULL or a NUL-terminated string; `text_out` must be NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_action_text(
    action: MtpAction,
    variant: u32,
    lang: *const c_char,
    text_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        say(lang, text_out, "text_out", |texts| {
            action_words(texts, variant, action.to_core()?)
        })
    }
}

/// `mtp_action_text` for the action with integer id `id` (0–715, as
/// `mtp_action_to_id` gives it; `MTP_PASS_ID` is a pass): writes the
/// action in words, in the language `lang`, to `*text_out`. Free it with
/// `mtp_string_free`. Another id, or another `variant` than
/// `MTP_VARIANT_FAMILY` and `MTP_VARIANT_EXPERT`, is
/// `MTP_STATUS_INVALID_ARGUMENT`; `lang` as in `mtp_narrate_record_json`
/// (NULL for English; an unknown tag is `MTP_STATUS_INVALID_ARGUMENT`). A
/// NULL `text_out` is `MTP_STATUS_NULL_POINTER`.
///
/// # Safety
///
/// `lang` must be NULL or a NUL-terminated string; `text_out` must be NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_action_id_text(
    id: u16,
    variant: u32,
    lang: *const c_char,
    text_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        say(lang, text_out, "text_out", |texts| {
            action_words(texts, variant, Action::from_id(id)?)
        })
    }
}

/// Writes the scoring rules of a game of `variant`, with or without the
/// Metropolys cards (§9), in the language `lang`, as a JSON array to
/// `*json_out`: the rules of `mtp_scoring_rules_json`, in its order and
/// shape (`topic`, `category`, `label`, `text`), with `label` and `text`
/// in words for players: the points, and no rule number. Free it with
/// `mtp_string_free`.
///
/// Another `variant` than `MTP_VARIANT_FAMILY` and `MTP_VARIANT_EXPERT` is
/// `MTP_STATUS_INVALID_ARGUMENT`; `lang` as in `mtp_narrate_record_json`
/// (NULL for English; an unknown tag is `MTP_STATUS_INVALID_ARGUMENT`). A
/// NULL `json_out` is `MTP_STATUS_NULL_POINTER`.
///
/// # Safety
///
/// `lang` must be NULL or a NUL-terminated string; `json_out` must be NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_scoring_rules_text_json(
    variant: u32,
    metropolys_cards: bool,
    lang: *const c_char,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        say(lang, json_out, "json_out", |texts| {
            let variant = variant_from(variant)?;
            json(&metropolys_text::scoring_rules(
                texts,
                variant,
                metropolys_cards,
            ))
        })
    }
}

/// Writes how a game of `variant` is played, in the language `lang`, as a
/// JSON array of strings to `*json_out`, one paragraph each: the goal, a
/// call (opening, outbidding, passing, its end), the game's end, and in
/// the Expert game the building sizes. Free it with `mtp_string_free`.
///
/// Another `variant` than `MTP_VARIANT_FAMILY` and `MTP_VARIANT_EXPERT` is
/// `MTP_STATUS_INVALID_ARGUMENT`; `lang` as in `mtp_narrate_record_json`
/// (NULL for English; an unknown tag is `MTP_STATUS_INVALID_ARGUMENT`). A
/// NULL `json_out` is `MTP_STATUS_NULL_POINTER`.
///
/// # Safety
///
/// `lang` must be NULL or a NUL-terminated string; `json_out` must be NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_how_to_play_json(
    variant: u32,
    lang: *const c_char,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        say(lang, json_out, "json_out", |texts| {
            json(&texts.how_to_play(variant_from(variant)?))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    #[test]
    fn the_languages_are_listed_as_a_message_names_them() {
        assert_eq!(tags(), "en, cs, pl and fr");
    }

    #[test]
    fn a_tag_is_read_and_null_is_english() {
        // SAFETY: NULL, and NUL-terminated strings alive for each call.
        unsafe {
            assert_eq!(lang_of(std::ptr::null()), Ok(Lang::En));
            for (tag, lang) in [
                ("cs", Lang::Cs),
                ("pl-PL", Lang::Pl),
                ("fr_FR.UTF-8", Lang::Fr),
            ] {
                let c = CString::new(tag).unwrap();
                assert_eq!(lang_of(c.as_ptr()), Ok(lang));
            }
            for bad in ["", "de", "C"] {
                let c = CString::new(bad).unwrap();
                let e = lang_of(c.as_ptr()).unwrap_err();
                assert_eq!(e.status, MtpStatus::InvalidArgument);
                assert!(e.message.contains("en, cs, pl and fr"), "{}", e.message);
            }
            let c = CString::new(vec![b'c', 0xff]).unwrap();
            let e = lang_of(c.as_ptr()).unwrap_err();
            assert_eq!(e.status, MtpStatus::InvalidArgument);
            assert!(e.message.contains("UTF-8"), "{}", e.message);
            assert!(e.message.contains("en, cs, pl and fr"), "{}", e.message);
        }
    }
}
