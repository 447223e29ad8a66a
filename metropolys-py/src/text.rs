//! Text for Python: the text board (`str(game)`, `Game.text`) and
//! `Action.parse`, both drawn or parsed by core (`metropolys_core::text`),
//! and the words a player reads in their language (`metropolys-text`): the
//! module's default language (`set_language`, `get_language`), the
//! `lang=` argument of every function that speaks, `languages`, `narrate`
//! and `how_to_play`, and the translated labels of the score and card
//! queries.
//!
//! Rule numbers (`R-11`, `§5`) never reach a sentence of `metropolys-text`:
//! they stay in the errors' `rule` attributes and in core's developer
//! wording, which the functions that predate the languages keep when no
//! `lang` is given.

use crate::convert::{parse_record, to_py};
use crate::errors;
use metropolys_core::standing::{CardPlaces, RunningScore};
use metropolys_core::text::{board_text, parse_action};
use metropolys_core::{Action as CoreAction, State, Variant};
use metropolys_text::{Lang, Narrator, Seats, Texts};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};
use std::sync::atomic::{AtomicU8, Ordering};

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

// ----- languages -------------------------------------------------------------

/// The module's default language: an index into `Lang::ALL` (English
/// until `set_language` says otherwise). An atomic, so that every thread
/// reads a whole value; no lock, no I/O.
static DEFAULT_LANG: AtomicU8 = AtomicU8::new(0);

/// The most characters a player's name may have in a narration (as the
/// WebAssembly package's narrator allows).
const NAME_CHARS: usize = 64;

/// The module's default language.
fn default_lang() -> Lang {
    Lang::ALL
        .get(usize::from(DEFAULT_LANG.load(Ordering::Relaxed)))
        .copied()
        .unwrap_or_default()
}

/// A language from a Python argument: a tag (`"cs"`, `"pl-PL"`,
/// `"fr_FR.UTF-8"`) of one of the four languages of the catalogues, else a
/// `ValueError` naming them; a `TypeError` for anything but a `str`.
/// `what` names the argument in messages.
fn parse_lang(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Lang> {
    let Ok(text) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a language tag (a str such as \"cs\" or \"pl-PL\"), not {}",
            obj.get_type().name()?
        )));
    };
    let tag = text.to_cow()?;
    match tag.parse::<Lang>() {
        Ok(lang) if Lang::ALL.contains(&lang) => Ok(lang),
        // The pseudo-locale of the web pages' layout tests is no language.
        Ok(_) => Err(errors::value_error(format!(
            "{what}: {} is the pseudo-locale of the web pages' layout tests, not a \
             language; the languages are en, cs, pl and fr",
            crate::names::echo(&tag)
        ))),
        Err(e) => Err(errors::value_error(format!("{what}: {e}"))),
    }
}

/// The language a `lang=` argument asks for, or `None` when it is `None`
/// (the functions that keep core's developer wording then).
pub fn lang_given(lang: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Lang>> {
    lang.map(|l| parse_lang(l, "lang")).transpose()
}

/// The language a `lang=` argument asks for, or the module's default when
/// it is `None`.
pub fn lang_or_default(lang: Option<&Bound<'_, PyAny>>) -> PyResult<Lang> {
    Ok(lang_given(lang)?.unwrap_or_else(default_lang))
}

/// Sets the module's default language, the one ``narrate``,
/// ``describe_action`` and ``how_to_play`` speak when no ``lang`` is given
/// (English until set). ``tag`` is a language tag or a locale: ``"en"``,
/// ``"cs"``, ``"pl-PL"``, ``"fr_FR.UTF-8"`` (the primary language decides,
/// in any case). Raises ``ValueError`` for another language (the languages
/// are en, cs, pl and fr) and ``TypeError`` for a value that is not a
/// ``str``. The functions that speak core's developer wording when no
/// ``lang`` is given (``scoring_rules``, ``Game.where_cards_score``,
/// ``Game.running_scores``) keep it: pass them
/// ``lang=metropolys.get_language()``.
#[pyfunction]
fn set_language(tag: &Bound<'_, PyAny>) -> PyResult<()> {
    let lang = parse_lang(tag, "tag")?;
    let index = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    DEFAULT_LANG.store(index as u8, Ordering::Relaxed);
    Ok(())
}

/// The tag of the module's default language: ``"en"``, ``"cs"``, ``"pl"``
/// or ``"fr"`` (``"en"`` until ``set_language`` is called).
#[pyfunction]
fn get_language() -> &'static str {
    default_lang().tag()
}

/// The languages of the catalogues (those of the printed rulebook), in the
/// order a language menu lists them: ``(tag, name)`` pairs, each name in
/// its own language (``("cs", "Čeština")``).
#[pyfunction]
fn languages() -> Vec<(&'static str, String)> {
    Lang::ALL
        .iter()
        .map(|&l| (l.tag(), Texts::of(l).language_name()))
        .collect()
}

/// How the game is played, one paragraph each, in ``lang`` (default: the
/// module's language): the goal, a call (opening, outbidding, passing, its
/// end), the game's end and, in the Expert game, the building sizes.
/// Raises ``ValueError`` for an unknown variant or language.
#[pyfunction]
#[pyo3(signature = (variant, *, lang=None))]
fn how_to_play(variant: &str, lang: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let v: Variant = crate::names::parse(variant).map_err(errors::value_error)?;
    Ok(Texts::of(lang_or_default(lang)?).how_to_play(v))
}

/// How a narration names the seats of a game of `players`: `names` (a
/// `str` or `None` per seat, at most one per seat, each at most 64
/// characters without control characters) and `me` (the reader's seat).
fn seats(
    names: Option<&Bound<'_, PyAny>>,
    me: Option<crate::ints::Int>,
    players: u8,
) -> PyResult<Seats> {
    let names: Vec<Option<String>> = match names {
        None => Vec::new(),
        Some(n) if n.is_instance_of::<PyString>() => {
            return Err(PyTypeError::new_err(
                "names must be a list of names (a str or None per seat), not a str",
            ))
        }
        Some(n) => n.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "names must be a list of names (a str or None per seat), not {}",
                n.get_type()
                    .name()
                    .map_or_else(|_| "this".into(), |t| t.to_string())
            ))
        })?,
    };
    if names.len() > usize::from(players) {
        return Err(errors::value_error(format!(
            "names has {} entries for a {players}-player game: at most one per seat",
            names.len()
        )));
    }
    for (seat, name) in names.iter().enumerate() {
        let Some(name) = name else { continue };
        if name.chars().count() > NAME_CHARS {
            return Err(errors::value_error(format!(
                "names[{seat}] has {} characters: a name has at most {NAME_CHARS}",
                name.chars().count()
            )));
        }
        if name.chars().any(char::is_control) {
            return Err(errors::value_error(format!(
                "names[{seat}] {} holds a control character (a line break, a tab, ...)",
                crate::names::echo(name)
            )));
        }
    }
    let me = match me {
        None => None,
        Some(crate::ints::Int(p)) => match u8::try_from(p) {
            Ok(seat) if seat < players => Some(seat),
            _ => {
                return Err(errors::value_error(format!(
                    "me: seat {p} is not in this {players}-player game (seats 0-{})",
                    players - 1
                )))
            }
        },
    };
    Ok(Seats {
        names,
        me,
        color_first: false,
    })
}

/// A game record (``str`` JSON or the decoded ``dict``, as
/// ``Game.to_record()`` gives it) told call by call in ``lang`` (default:
/// the module's language), the same lines as the terminal and the web
/// client: a dict with ``calls`` (per call ``call``, its number from 1,
/// ``title`` and ``lines``) and ``ending`` (why the game ended and who
/// won; empty for an unfinished game). ``names`` gives a name (or
/// ``None``) per seat, at most one per seat and 64 characters each: a
/// named seat reads ``Alice (Black)``, the others by colour; ``me``, the
/// reader's seat, is told in the second person. Raises ``RecordError`` for
/// a record that does not replay (its ``expected`` part is not checked),
/// ``ValueError`` for an unknown language, names or a seat out of range,
/// ``TypeError`` for arguments of the wrong type. No sentence carries a
/// rule number.
#[pyfunction]
#[pyo3(signature = (record, *, lang=None, names=None, me=None))]
fn narrate<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    lang: Option<&Bound<'py, PyAny>>,
    names: Option<&Bound<'py, PyAny>>,
    me: Option<crate::ints::Int>,
) -> PyResult<Bound<'py, PyAny>> {
    let texts = Texts::of(lang_or_default(lang)?);
    let record = parse_record(py, record)?;
    let seats = seats(names, me, record.config.players)?;
    let replay = record.replay().map_err(|e| errors::record_error(py, e))?;
    let narration = Narrator::tell(
        texts,
        &replay.states[0],
        seats,
        replay.events.iter().map(Vec::as_slice),
    );
    to_py(py, &narration)
}

/// `places` with their labels and texts in `lang`'s words (the same
/// cards, neighborhoods and shape).
pub fn card_places(places: Vec<CardPlaces>, variant: Variant, lang: Lang) -> Vec<CardPlaces> {
    let texts = Texts::of(lang);
    places
        .into_iter()
        .map(|mut p| {
            p.label = texts.secret_card(p.card);
            p.text = texts.secret_card_text(variant, p.card);
            p
        })
        .collect()
}

/// Running scores as Python values, their categories' labels in `lang`'s
/// words when one is given (core's labels otherwise); the keys keep core's
/// order.
pub fn running_scores<'py>(
    py: Python<'py>,
    scores: &[RunningScore],
    lang: Option<Lang>,
) -> PyResult<Bound<'py, PyAny>> {
    let value = to_py(py, scores)?;
    let Some(lang) = lang else {
        return Ok(value);
    };
    let texts = Texts::of(lang);
    for (seat, score) in scores.iter().enumerate() {
        let categories = value.get_item(seat)?.get_item("categories")?;
        for (i, c) in score.categories.iter().enumerate() {
            categories
                .get_item(i)?
                .set_item("label", texts.category(c.category))?;
        }
    }
    Ok(value)
}

/// The module's language functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(set_language, m)?)?;
    m.add_function(wrap_pyfunction!(get_language, m)?)?;
    m.add_function(wrap_pyfunction!(languages, m)?)?;
    m.add_function(wrap_pyfunction!(how_to_play, m)?)?;
    m.add_function(wrap_pyfunction!(narrate, m)?)?;
    Ok(())
}
