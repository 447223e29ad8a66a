//! Words for players, in their language (`metropolys-text`): `Texts` (one
//! language's catalogue: seats, places, actions, score rows, scoring
//! rules, how to play, presets, errors), `Narrator` (a game's events told
//! call by call, the same lines as the terminal and the HTML replay),
//! `narrateRecord`, `languages` and `negotiateLanguage`. The pages keep no
//! word of the game of their own.

use crate::args::{self, a_kind};
use crate::board::parse_name;
use crate::errors::{range_error, type_error, JsResult};
use crate::game::parse_record;
use crate::json::{is_array_value, to_js, to_value};
use metropolys_core::echo::excerpt;
use metropolys_core::{Action, Event, SecretCard, State, Variant};
use metropolys_text::{Lang, Seats};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A language from its tag (`"cs"`, `"pl-PL"`), or a `RangeError`.
fn lang_arg(v: &JsValue, what: &str) -> JsResult<Lang> {
    let tag = args::string(v, what)?;
    tag.parse::<Lang>()
        .map_err(|e| range_error(format!("{what}: {e}")))
}

/// A value of core's JSON shapes (an event list, an action, a card) read
/// with serde, or a `TypeError` naming `what`.
fn shape<T: serde::de::DeserializeOwned>(v: &JsValue, what: &str) -> JsResult<T> {
    // The message echoes a bounded excerpt of what was refused.
    let refused = |e: String| type_error(format!("{what}: {}", excerpt(&e)));
    let value = to_value(v).map_err(refused)?;
    serde_json::from_value(value).map_err(|e| refused(e.to_string()))
}

/// A variant name, or a `RangeError`.
fn variant_arg(v: &JsValue, what: &str) -> JsResult<Variant> {
    let name = args::string(v, what)?;
    parse_name::<Variant>(&name).map_err(range_error)
}

/// One language of the catalogues: its tag and its own name.
#[derive(Serialize, tsify::Tsify)]
pub struct LanguageInfo {
    /// The tag: `en`, `cs`, `pl`, `fr`.
    pub tag: &'static str,
    /// The language's own name: `English`, `Čeština`, `Polski`, `Français`.
    pub name: String,
}

/// The languages of the catalogues (those of the printed rulebook), in
/// the order a language menu lists them.
#[wasm_bindgen(unchecked_return_type = "LanguageInfo[]")]
pub fn languages() -> JsResult<JsValue> {
    let list: Vec<LanguageInfo> = Lang::ALL
        .iter()
        .map(|&l| LanguageInfo {
            tag: l.tag(),
            name: metropolys_text::Texts::of(l).language_name(),
        })
        .collect();
    to_js(&list)
}

/// The first language of `preferred` (tags, most preferred first, as
/// `navigator.languages` gives them) the catalogues hold, else `"en"`.
#[wasm_bindgen(js_name = negotiateLanguage)]
pub fn negotiate_language(
    #[wasm_bindgen(unchecked_param_type = "readonly string[]")] preferred: &JsValue,
) -> JsResult<String> {
    if !is_array_value(preferred) {
        return Err(type_error(format!(
            "negotiateLanguage(preferred): preferred must be an array of strings, not {}",
            a_kind(preferred)
        )));
    }
    let tags: Vec<String> = shape(preferred, "negotiateLanguage(preferred)")?;
    Ok(Lang::negotiate(&tags).tag().into())
}

/// How a narration names the seats, from its options: `names` (a name or
/// `null` per seat) and `me` (the reader's seat, or `null`).
fn seats_arg(options: &Option<JsValue>, what: &str) -> JsResult<Seats> {
    let names = match args::option(options, "names")? {
        None => Vec::new(),
        Some(v) if v.is_null() => Vec::new(),
        Some(v) => {
            let names: Vec<Option<String>> = shape(&v, &format!("{what}: names"))?;
            if names.len() > 4 || names.iter().flatten().any(|n| n.chars().count() > 64) {
                return Err(range_error(format!(
                    "{what}: names has at most 4 entries of at most 64 characters"
                )));
            }
            names
        }
    };
    let me = match args::option(options, "me")? {
        None => None,
        Some(v) if v.is_null() => None,
        Some(v) => Some(args::seat(&v, 4)?),
    };
    Ok(Seats {
        names,
        me,
        color_first: false,
    })
}

/// The language option of a narration (`"en"` when absent).
fn lang_option(options: &Option<JsValue>, what: &str) -> JsResult<Lang> {
    match args::option(options, "lang")? {
        None => Ok(Lang::En),
        Some(v) => lang_arg(&v, &format!("{what}: lang")),
    }
}

/// One language's catalogue: everything a page says about the game.
#[wasm_bindgen]
pub struct Texts {
    inner: &'static metropolys_text::Texts,
}

#[wasm_bindgen]
impl Texts {
    /// The catalogue of `lang` (`"en"`, `"cs"`, `"pl"`, `"fr"`, a regional
    /// tag such as `"pl-PL"`, or the pseudo-locale `"en-XA"`); a
    /// `RangeError` for another language.
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(unchecked_param_type = "string")] lang: &JsValue) -> JsResult<Texts> {
        Ok(Texts {
            inner: metropolys_text::Texts::of(lang_arg(lang, "new Texts(lang)")?),
        })
    }

    /// The catalogue's language tag.
    #[wasm_bindgen(getter)]
    pub fn lang(&self) -> String {
        self.inner.lang().tag().into()
    }

    /// Message `id` of the catalogue with its variables (`args`: an object
    /// of strings and numbers), for the words of the pages' own controls
    /// (`ui-*` messages); a `RangeError` for an unknown id or a missing
    /// variable.
    pub fn message(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, string | number>")]
        args: &JsValue,
    ) -> JsResult<String> {
        let id = args::string(id, "texts.message(id)")?;
        let mut list: Vec<(String, metropolys_text::Arg)> = Vec::new();
        if !args.is_undefined() && !args.is_null() {
            let map: std::collections::BTreeMap<String, serde_json::Value> =
                shape(args, "texts.message(id, args)")?;
            for (k, v) in map {
                let arg = match v {
                    serde_json::Value::String(s) => metropolys_text::Arg::Text(s),
                    serde_json::Value::Number(n) => {
                        metropolys_text::Arg::Number(n.as_f64().unwrap_or(0.0))
                    }
                    other => {
                        return Err(type_error(format!(
                            "texts.message(id, args): {k} must be a string or a number, not {other}"
                        )))
                    }
                };
                list.push((k, arg));
            }
        }
        let borrowed: Vec<(&str, metropolys_text::Arg)> =
            list.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        self.inner.try_format(&id, &borrowed).map_err(|e| {
            range_error(format!(
                "texts.message({}): {}",
                excerpt(&id),
                excerpt(&e.problem)
            ))
        })
    }

    /// A seat's colour, as a sentence's subject: `Blue`, `Modrý`.
    pub fn color(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: &JsValue,
    ) -> JsResult<String> {
        Ok(self.inner.color(args::seat(seat, 4)?))
    }

    /// A seat as the pages name it: `You` for `me`, `Alice (Black)` when
    /// `name` is given, else the colour.
    pub fn seat(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] name: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] me: &JsValue,
    ) -> JsResult<String> {
        let p = args::seat(seat, 4)?;
        let name = if name.is_undefined() || name.is_null() {
            None
        } else {
            Some(args::string(name, "texts.seat(seat, name): name")?)
        };
        let me = if me.is_undefined() || me.is_null() {
            None
        } else {
            Some(args::seat(me, 4)?)
        };
        let mut names = vec![None; 4];
        names[p as usize] = name;
        Ok(Seats {
            names,
            me,
            color_first: false,
        }
        .who(self.inner, p))
    }

    /// A neighborhood in words: `12 (center, mall)`.
    pub fn place(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: &JsValue,
    ) -> JsResult<String> {
        Ok(self.inner.place(args::neighborhood(id)?))
    }

    /// A building: its number, with its size in the Expert game (`7
    /// (medium)`).
    pub fn building(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] number: &JsValue,
    ) -> JsResult<String> {
        let variant = variant_arg(variant, "texts.building(variant)")?;
        let n = args::int(number, "texts.building(variant, number): number")?;
        match n.within(1, 13) {
            Some(b) => Ok(self.inner.building(variant, b as u8)),
            None => Err(range_error(format!(
                "texts.building(variant, number): there is no building {}; buildings are 1-13",
                n.shown()
            ))),
        }
    }

    /// A building size's name: `small`, `medium`, `tall`.
    pub fn size(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Size")] size: &JsValue,
    ) -> JsResult<String> {
        let s = args::string(size, "texts.size(size)")?;
        Ok(self.inner.size(parse_name(&s).map_err(range_error)?))
    }

    /// The variant's name: `Expert game`.
    pub fn variant(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
    ) -> JsResult<String> {
        Ok(self
            .inner
            .variant(variant_arg(variant, "texts.variant(variant)")?))
    }

    /// An action in words: `bid 7 on 12 (center, mall)`, `pass`.
    pub fn action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Action | number")] action: &JsValue,
    ) -> JsResult<String> {
        let variant = variant_arg(variant, "texts.action(variant)")?;
        let a: Action = args::action(action)?;
        Ok(self.inner.action(variant, a))
    }

    /// A review's grade in words (`mistake`, `chyba`), for a grade of
    /// `review()` (`forced`, `best`, `good`, `inaccuracy`, `mistake`,
    /// `blunder`); a `RangeError` for another.
    pub fn grade(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ReviewGrade")] id: &JsValue,
    ) -> JsResult<String> {
        let id = args::string(id, "texts.grade(id)")?;
        self.inner.grade(&id).ok_or_else(|| {
            range_error(format!(
                "texts.grade(id): no grade {:?}; the grades are forced, best, good, \
                 inaccuracy, mistake and blunder",
                excerpt(&id)
            ))
        })
    }

    /// What a review's preset would have played instead and the win chance
    /// it would have kept (`gain`, from −1 to 1, a decision's
    /// `known.drop`; shown in whole percentage points, at least 0): `The
    /// bot would have chosen: bid 9 (tall) on 14 (…) (+12 % win chance)`.
    #[wasm_bindgen(js_name = reviewSuggestion)]
    pub fn review_suggestion(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Action | number")] action: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] gain: &JsValue,
    ) -> JsResult<String> {
        let what = "texts.reviewSuggestion(variant, action, gain)";
        let variant = variant_arg(variant, what)?;
        let a: Action = args::action(action)?;
        let Some(g) = gain.as_f64() else {
            return Err(type_error(format!(
                "{what}: gain must be a number, not {}",
                a_kind(gain)
            )));
        };
        if !(-1.0..=1.0).contains(&g) {
            return Err(range_error(format!(
                "{what}: gain {} is out of range: a difference of win chances, from -1 to 1",
                crate::json::shown_f64(g)
            )));
        }
        Ok(self.inner.review_suggestion(variant, a, g))
    }

    /// The row of a score-sheet category (`trendy`, `total`, ...); a
    /// `RangeError` for a name that is no category.
    pub fn category(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
    ) -> JsResult<String> {
        let name = args::string(name, "texts.category(name)")?;
        if !metropolys_core::ScoreSheet::CATEGORIES.contains(&name.as_str()) {
            return Err(range_error(format!(
                "texts.category(name): no score category {:?}; the categories are {}",
                excerpt(&name),
                metropolys_core::ScoreSheet::CATEGORIES.join(", ")
            )));
        }
        Ok(self.inner.category(&name))
    }

    /// A token's label: `Trendy token`.
    #[wasm_bindgen(js_name = tokenLabel)]
    pub fn token_label(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Token")] token: &JsValue,
    ) -> JsResult<String> {
        let t = args::string(token, "texts.tokenLabel(token)")?;
        Ok(self.inner.token_label(parse_name(&t).map_err(range_error)?))
    }

    /// A secret card's label: `Bridges card`, `Neighborhood card (park)`.
    #[wasm_bindgen(js_name = cardLabel)]
    pub fn card_label(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SecretCard")] card: &JsValue,
    ) -> JsResult<String> {
        let c: SecretCard = shape(card, "texts.cardLabel(card)")?;
        Ok(self.inner.secret_card(c))
    }

    /// What a secret card scores in `variant`, in one line.
    #[wasm_bindgen(js_name = cardText)]
    pub fn card_text(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "SecretCard")] card: &JsValue,
    ) -> JsResult<String> {
        let variant = variant_arg(variant, "texts.cardText(variant)")?;
        let c: SecretCard = shape(card, "texts.cardText(variant, card)")?;
        Ok(self.inner.secret_card_text(variant, c))
    }

    /// The scoring rules of a game of `variant`, with or without the
    /// Metropolys cards, one line each (`topic`, `category`, `label`,
    /// `text`), in this language and without rule numbers.
    #[wasm_bindgen(js_name = scoringRules, unchecked_return_type = "ScoringRule[]")]
    pub fn scoring_rules(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
        #[wasm_bindgen(js_name = usesMetropolysCards, unchecked_optional_param_type = "boolean")]
        cards: &JsValue,
    ) -> JsResult<JsValue> {
        let variant = variant_arg(variant, "texts.scoringRules(variant)")?;
        let cards = !cards.is_undefined()
            && args::boolean(cards, "texts.scoringRules(variant, usesMetropolysCards)")?;
        to_js(&metropolys_text::scoring_rules(self.inner, variant, cards))
    }

    /// The legend of the board picture of a game of `variant`, with or
    /// without the Metropolys cards: core's symbols and pictures (as the
    /// package's `legend`), their labels and meanings in this language.
    #[wasm_bindgen(unchecked_return_type = "LegendItem[]")]
    pub fn legend(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
        #[wasm_bindgen(js_name = usesMetropolysCards, unchecked_optional_param_type = "boolean")]
        cards: &JsValue,
    ) -> JsResult<JsValue> {
        let variant = variant_arg(variant, "texts.legend(variant)")?;
        let cards = !cards.is_undefined()
            && args::boolean(cards, "texts.legend(variant, usesMetropolysCards)")?;
        to_js(&metropolys_text::legend(self.inner, variant, cards))
    }

    /// How the game is played, one paragraph each: the goal, a call
    /// (opening, outbidding, passing, its end), the game's end, and the
    /// Expert sizes.
    #[wasm_bindgen(js_name = howToPlay, unchecked_return_type = "string[]")]
    pub fn how_to_play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
    ) -> JsResult<JsValue> {
        let variant = variant_arg(variant, "texts.howToPlay(variant)")?;
        to_js(&self.inner.how_to_play(variant))
    }

    /// A bot preset's name and what it does (`{label, about}`), or `null`
    /// for a bot kind that is no preset.
    #[wasm_bindgen(unchecked_return_type = "{ label: string; about: string } | null")]
    pub fn preset(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
    ) -> JsResult<JsValue> {
        let name = args::string(name, "texts.preset(name)")?;
        /// A preset in words.
        #[derive(Serialize)]
        struct Preset<L, A> {
            label: L,
            about: A,
        }
        match self.inner.preset(&name) {
            Some((label, about)) => to_js(&Preset { label, about }),
            None => Ok(JsValue::NULL),
        }
    }

    /// A total of points with the language's plural form: `31 points`.
    pub fn points(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: &JsValue,
    ) -> JsResult<String> {
        let n = args::int(n, "texts.points(n)")?;
        match n.within(-1_000_000, 1_000_000) {
            Some(v) => Ok(self.inner.points(v as i64)),
            None => Err(range_error(format!(
                "texts.points(n): {} is no number of points (at most a million either way)",
                n.shown()
            ))),
        }
    }

    /// Items joined as a list: `Blue, Brown and Black`.
    pub fn list(
        &self,
        #[wasm_bindgen(unchecked_param_type = "readonly string[]")] items: &JsValue,
    ) -> JsResult<String> {
        let items: Vec<String> = shape(items, "texts.list(items)")?;
        Ok(self.inner.list(&items))
    }
}

/// What a narration gives as it goes: a call's `title`, a `line` of the
/// call going on, or a line of the game's `ending`.
#[derive(Serialize, tsify::Tsify)]
#[serde(tag = "kind", content = "text", rename_all = "snake_case")]
pub enum ToldLine {
    /// A call's title.
    Title(String),
    /// A line of the call going on.
    Line(String),
    /// A line of the game's ending.
    Ending(String),
}

/// A game told as it happens: feed it each transition's events and it
/// gives the lines told (the terminal's and the HTML replay's lines).
#[wasm_bindgen]
pub struct Narrator {
    inner: metropolys_text::Narrator<'static>,
}

#[wasm_bindgen]
impl Narrator {
    /// A narrator for a game of `variant` joined now (nothing told yet).
    /// Options: `lang` (default `"en"`), `names` (a name or `null` per
    /// seat) and `me` (the reader's seat, told as `You`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Variant")] variant: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "NarrationOptions")] options: &JsValue,
    ) -> JsResult<Narrator> {
        let what = "new Narrator(variant, options)";
        let variant = variant_arg(variant, what)?;
        let options = args::options(options, &["lang", "names", "me"], what)?;
        let lang = lang_option(&options, what)?;
        let seats = seats_arg(&options, what)?;
        Ok(Narrator {
            inner: metropolys_text::Narrator::joining(
                metropolys_text::Texts::of(lang),
                variant,
                seats,
            ),
        })
    }

    /// Takes the events of one transition (core's events, as `apply`
    /// returns them and the server sends them) and returns what they tell.
    #[wasm_bindgen(unchecked_return_type = "ToldLine[]")]
    pub fn feed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "readonly GameEvent[]")] events: &JsValue,
    ) -> JsResult<JsValue> {
        let events: Vec<Event> = shape(events, "narrator.feed(events)")?;
        self.inner.feed(&events);
        let told: Vec<ToldLine> = self
            .inner
            .take_told()
            .into_iter()
            .map(|t| match t {
                metropolys_text::Told::Title(s) => ToldLine::Title(s),
                metropolys_text::Told::Line(s) => ToldLine::Line(s),
                metropolys_text::Told::Ending(s) => ToldLine::Ending(s),
            })
            .collect();
        to_js(&told)
    }
}

/// The guided first game: what just happened and why, the first time each
/// thing happens (an opening bid, an outbid, a pass, the end of a call, a
/// token, a card, the end of the game).
#[wasm_bindgen]
pub struct Guide {
    inner: metropolys_text::Guide<'static>,
}

#[wasm_bindgen]
impl Guide {
    /// A guide; options as `new Narrator` (`lang`, `names`, `me`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "NarrationOptions")] options: &JsValue,
    ) -> JsResult<Guide> {
        let what = "new Guide(options)";
        let options = args::options(options, &["lang", "names", "me"], what)?;
        let lang = lang_option(&options, what)?;
        let seats = seats_arg(&options, what)?;
        Ok(Guide {
            inner: metropolys_text::Guide::new(metropolys_text::Texts::of(lang), seats),
        })
    }

    /// The guided game's first words.
    pub fn intro(&self) -> String {
        self.inner.intro()
    }

    /// Takes one transition's events; returns what is explained now (often
    /// nothing).
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn feed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "readonly GameEvent[]")] events: &JsValue,
    ) -> JsResult<JsValue> {
        let events: Vec<Event> = shape(events, "guide.feed(events)")?;
        to_js(&self.inner.feed(&events))
    }
}

/// A record told whole, as the replays show it.
#[derive(Serialize, tsify::Tsify)]
pub struct RecordNarration {
    /// The calls: each one's number, title and lines.
    #[tsify(type = "{ call: number; title: string; lines: string[] }[]")]
    pub calls: Vec<metropolys_text::CallLog>,
    /// Why the game ended and who won (empty for an unfinished record).
    pub ending: Vec<String>,
    /// Per decision the engine accepted, in order: the index of its call
    /// in `calls`, the number of that call's lines told once the decision
    /// and what it caused were told, and the line of the decision itself
    /// (from 1).
    #[tsify(type = "[number, number, number][]")]
    pub steps: Vec<[usize; 3]>,
    /// Why the replay stopped before the record's end (an action the
    /// engine refused), else `null`.
    pub error: Option<String>,
}

/// A game record (its JSON text or object) told whole in a language: its
/// calls with their lines, its ending, and where each decision's line is
/// (what the replays step through). Options as `new Narrator`. Throws
/// `RecordError` for a malformed record; an action the engine refuses
/// stops the narration there (`error`).
#[wasm_bindgen(js_name = narrateRecord, unchecked_return_type = "RecordNarration")]
pub fn narrate_record(
    #[wasm_bindgen(unchecked_param_type = "GameRecord | string")] record: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "NarrationOptions")] options: &JsValue,
) -> JsResult<JsValue> {
    let replay = replay_of(record, options, "narrateRecord(record, options)")?;
    to_js(&RecordNarration {
        steps: replay.steps[1..]
            .iter()
            .map(|s| [usize::try_from(s.0).unwrap_or_default(), s.1, s.2])
            .collect(),
        calls: replay.calls,
        ending: replay.ending,
        error: replay.error,
    })
}

/// A record replayed for showing (metropolys-text's `Replay`), from a
/// record and the options of a narration; `what` names the call in errors.
fn replay_of(record: &JsValue, options: &JsValue, what: &str) -> JsResult<metropolys_text::Replay> {
    let record = parse_record(record)?;
    let options = args::options(options, &["lang", "names", "me"], what)?;
    let lang = lang_option(&options, what)?;
    let seats = seats_arg(&options, what)?;
    let initial = State::new(&record.config).map_err(crate::errors::config_error)?;
    Ok(metropolys_text::Replay::new(
        metropolys_text::Texts::of(lang),
        &initial,
        &record.actions,
        seats,
    ))
}

/// A game record (its JSON text or object) replayed for showing, told in
/// a language (metropolys-text's `Replay`, which the command line's HTML
/// replay uses too): `seats` (a name or the colour per seat), `calls`,
/// `ending`, `steps` (one per decision, the setup first: `[call index or
/// -1, lines shown, the decision's line, buildings, tokens, bids, the
/// neighborhood just built on or -1, totals]`), `where` (per step, in
/// words), `score_title`, `over`, `scores` and `winners` (at the end, else
/// `null`), `error` (why it stopped before the record's end, else `null`)
/// and `setup` (the board at the start as text). Options as `new
/// Narrator`. Throws `RecordError` for a malformed record.
#[wasm_bindgen(js_name = replayData, unchecked_return_type = "ReplayData")]
pub fn replay_data(
    #[wasm_bindgen(unchecked_param_type = "GameRecord | string")] record: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "NarrationOptions")] options: &JsValue,
) -> JsResult<JsValue> {
    let replay = replay_of(record, options, "replayData(record, options)")?;
    let setup = metropolys_core::text::board_text(&replay.start, None).unwrap_or_default();
    // The replay's object with `setup` added last: its text, then the
    // field (no `serde_json::Value` of the whole replay).
    let mut text = serde_json::to_string(&replay).map_err(|e| type_error(e.to_string()))?;
    let setup = serde_json::to_string(&setup).map_err(|e| type_error(e.to_string()))?;
    if text.pop() != Some('}') {
        return Err(type_error("a replay is written as an object"));
    }
    if !text.ends_with('{') {
        text.push(',');
    }
    text.push_str("\"setup\":");
    text.push_str(&setup);
    text.push('}');
    js_sys::JSON::parse(&text)
}

/// The shape `replayData` returns.
#[derive(Serialize, tsify::Tsify)]
#[allow(dead_code)]
pub struct ReplayData {
    /// The seats' names (a name, else the colour).
    seats: Vec<String>,
    /// The calls as told.
    #[tsify(type = "{ call: number; title: string; lines: string[] }[]")]
    calls: Vec<()>,
    /// Why the game ended and who won.
    ending: Vec<String>,
    /// One row per step.
    #[tsify(
        type = "[number, number, number, [number, number, number][], [number, number][], [number, number, number][], number, number[]][]"
    )]
    steps: Vec<()>,
    /// Where each step stands, in words.
    #[serde(rename = "where")]
    where_: Vec<String>,
    /// The heading of the running score.
    score_title: String,
    /// Whether the game is over at the last step.
    over: bool,
    /// The score sheets at the end.
    #[tsify(type = "ScoreSheet[] | null")]
    scores: Option<()>,
    /// The winners at the end.
    winners: Option<Vec<u8>>,
    /// Why the replay stopped early.
    error: Option<String>,
    /// The board at the start, as text.
    setup: String,
}

/// The options of `new Narrator` and `narrateRecord`.
#[derive(Serialize, tsify::Tsify)]
#[allow(dead_code)]
pub struct NarrationOptions {
    /// The language (default `"en"`).
    #[tsify(optional)]
    lang: Option<String>,
    /// A name (or `null`) per seat; a seat without one is named by colour.
    #[tsify(optional)]
    names: Option<Vec<Option<String>>>,
    /// The reader's seat, told in the second person.
    #[tsify(optional)]
    me: Option<u8>,
}
