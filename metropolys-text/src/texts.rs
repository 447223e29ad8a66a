//! One language's catalogue, and a method for each thing a player reads.

use crate::lang::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use metropolys_core::svg::PLAYER_COLOR_NAMES;
use metropolys_core::{
    board, Action, Area, Card, District, Kind, MetropolysCard, NeighborhoodId, RuleError, Seat,
    SecretCard, Size, Token, Variant,
};
use std::borrow::Cow;
use std::sync::OnceLock;

/// The catalogues, compiled in: one Fluent file per language.
const SOURCES: [(Lang, &str); 4] = [
    (Lang::En, include_str!("../locales/en/metropolys.ftl")),
    (Lang::Cs, include_str!("../locales/cs/metropolys.ftl")),
    (Lang::Pl, include_str!("../locales/pl/metropolys.ftl")),
    (Lang::Fr, include_str!("../locales/fr/metropolys.ftl")),
];

/// The Fluent source of `lang`'s catalogue (the pseudo-locale's is
/// English's), for tools and tests that read the catalogues themselves.
pub(crate) fn source(lang: Lang) -> &'static str {
    let lang = if lang == Lang::Pseudo { Lang::En } else { lang };
    SOURCES
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or(SOURCES[0].1, |(_, s)| s)
}

/// A message that could not be formatted: unknown, or formatted with
/// errors (a variable missing, an unknown reference). The tests make sure
/// no message this crate asks for does either, in any language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{lang}: message {id}: {problem}")]
pub struct TextError {
    /// The language.
    pub lang: Lang,
    /// The message id.
    pub id: String,
    /// What went wrong.
    pub problem: String,
}

/// One language's catalogue: ask it for anything a player reads. Build it
/// once ([`Texts::of`] keeps one per language) and share it: it is `Sync`.
pub struct Texts {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    english: Option<&'static Texts>,
}

impl std::fmt::Debug for Texts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texts").field("lang", &self.lang).finish()
    }
}

/// The pseudo-locale's transform: each letter accented, and 40 % more
/// letters (three of every five characters doubled when they are letters), so text sized for
/// English shows up clipped.
fn pseudo(s: &str) -> Cow<'_, str> {
    fn accent(c: char) -> char {
        const FROM: &str = "aeiouyAEIOUYcnsz";
        const TO: &str = "àéîõüýÀÉÎÕÜÝçñšž";
        FROM.chars()
            .position(|f| f == c)
            .and_then(|i| TO.chars().nth(i))
            .unwrap_or(c)
    }
    let mut out = String::with_capacity(s.len() * 2);
    for (i, c) in s.chars().enumerate() {
        let a = accent(c);
        out.push(a);
        if c.is_alphabetic() && matches!(i % 5, 0 | 2 | 4) {
            out.push(a);
        }
    }
    Cow::Owned(out)
}

impl Texts {
    /// The catalogue of `lang`, built on first use and kept for the
    /// program's life (immutable, shared by every thread).
    pub fn of(lang: Lang) -> &'static Texts {
        static CACHE: [OnceLock<Texts>; 5] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let i = match lang {
            Lang::En => 0,
            Lang::Cs => 1,
            Lang::Pl => 2,
            Lang::Fr => 3,
            Lang::Pseudo => 4,
        };
        CACHE[i].get_or_init(|| Texts::build(lang))
    }

    /// A catalogue of `lang`, built now. The catalogues are checked by the
    /// tests: a syntax error in one would leave its faulty entries out,
    /// and the English words are used for those.
    fn build(lang: Lang) -> Texts {
        let tag = if lang == Lang::Pseudo {
            "en"
        } else {
            lang.tag()
        };
        let id = tag.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Terminal and plain text: no Unicode isolation marks around
        // placeables (the names placed are short and left-to-right).
        bundle.set_use_isolating(false);
        if lang == Lang::Pseudo {
            bundle.set_transform(Some(pseudo));
        }
        let resource = match FluentResource::try_new(source(lang).to_string()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        // Duplicate ids keep the first; the tests rule them out.
        let _ = bundle.add_resource(resource);
        Texts {
            lang,
            bundle,
            english: (lang != Lang::En).then(|| Texts::of(Lang::En)),
        }
    }

    /// The catalogue's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Message `id` with `args`, or what went wrong.
    pub fn try_format(&self, id: &str, args: &[(&str, Arg)]) -> Result<String, TextError> {
        let err = |problem: String| TextError {
            lang: self.lang,
            id: id.to_string(),
            problem,
        };
        let message = self
            .bundle
            .get_message(id)
            .ok_or_else(|| err("no such message".into()))?;
        let pattern = message
            .value()
            .ok_or_else(|| err("the message has no value".into()))?;
        let mut fargs = FluentArgs::new();
        for (name, value) in args {
            let v: FluentValue = match value {
                Arg::Text(t) => FluentValue::from(t.as_str()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            fargs.set(name.to_string(), v);
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fargs), &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(err(format!("{errors:?}")))
        }
    }

    /// Message `id` with `args`; English's where this language's fails
    /// (the tests make sure none does), and the id itself as a last resort.
    pub fn format(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.try_format(id, args)
            .or_else(|e| match self.english {
                Some(en) => en.try_format(id, args),
                None => Err(e),
            })
            .unwrap_or_else(|_| id.to_string())
    }

    fn get(&self, id: &str) -> String {
        self.format(id, &[])
    }

    // ----- seats ------------------------------------------------------------

    /// A seat's colour (`Blue`, `Modrý`), capitalised as a sentence's
    /// subject (R-1 seat order: blue, brown, white, black).
    pub fn color(&self, seat: Seat) -> String {
        self.get(&format!("color-{}", PLAYER_COLOR_NAMES[seat as usize % 4]))
    }

    /// A seat with a player's name: `Alice (Black)`.
    pub fn seat_named(&self, name: &str, seat: Seat) -> String {
        self.format(
            "seat-named",
            &[("name", name.into()), ("color", self.color(seat).into())],
        )
    }

    /// A seat with who plays it, colour first: `Brown (ismcts)`.
    pub fn seat_played(&self, name: &str, seat: Seat) -> String {
        self.format(
            "seat-played",
            &[("name", name.into()), ("color", self.color(seat).into())],
        )
    }

    /// The reader's own seat as a sentence's subject: `You`.
    pub fn you(&self) -> String {
        self.get("you")
    }

    /// The language's own name (`Čeština`), for a language menu.
    pub fn language_name(&self) -> String {
        self.get("language-name")
    }

    // ----- the board ----------------------------------------------------------

    /// A district's name: `center`, `střed`.
    pub fn district(&self, d: District) -> String {
        self.get(&format!("district-{}", d.name()))
    }

    /// A neighborhood kind's name: `mall`.
    pub fn kind(&self, k: Kind) -> String {
        self.get(&format!("kind-{}", k.name()))
    }

    /// A neighborhood with its district and kind: `12 (center, mall)`.
    pub fn place(&self, id: NeighborhoodId) -> String {
        match (board::district(id), board::kind(id)) {
            (Some(d), Some(k)) => self.format(
                "place",
                &[
                    ("id", Arg::Number(f64::from(id))),
                    ("district", self.district(d).into()),
                    ("kind", self.kind(k).into()),
                ],
            ),
            _ => id.to_string(),
        }
    }

    /// A building size's name: `medium`.
    pub fn size(&self, s: Size) -> String {
        self.get(&format!("size-{}", s.name()))
    }

    /// A building: its number, and in the Expert game its size
    /// (`7 (medium)`).
    pub fn building(&self, variant: Variant, number: u8) -> String {
        match variant {
            Variant::Family => number.to_string(),
            Variant::Expert => self.format(
                "building-sized",
                &[
                    ("number", Arg::Number(f64::from(number))),
                    ("size", self.size(Size::of(number)).into()),
                ],
            ),
        }
    }

    /// The variant's name: `Expert game`.
    pub fn variant(&self, v: Variant) -> String {
        self.get(&format!("variant-{}", v.name()))
    }

    // ----- tokens and cards ------------------------------------------------

    /// A token as a sentence names it: `trendy token`.
    pub fn token(&self, t: Token) -> String {
        self.get(&format!("token-{}", t.name()))
    }

    /// A token's label: `Trendy token`.
    pub fn token_label(&self, t: Token) -> String {
        self.get(&format!("token-{}-label", t.name()))
    }

    /// A special card's name: `Subway card`.
    pub fn card(&self, c: Card) -> String {
        self.get(&format!("card-{}", c.name()))
    }

    /// An area's name: `Bridges`.
    pub fn area(&self, a: Area) -> String {
        self.get(&format!("area-{}", a.name()))
    }

    /// An area card's label: `Bridges card`.
    pub fn area_card(&self, a: Area) -> String {
        self.format("area-card", &[("area", self.area(a).into())])
    }

    /// The three kinds of a Metropolys card: `industry, park and housing`.
    pub fn kinds(&self, kinds: &MetropolysCard) -> String {
        let names: Vec<String> = kinds.iter().map(|&k| self.kind(k)).collect();
        self.list(&names)
    }

    /// A secret card's label: `Bridges card`, `Neighborhood card (park)`,
    /// `Metropolys card (industry, park and housing)`.
    pub fn secret_card(&self, card: SecretCard) -> String {
        match card {
            SecretCard::Area(a) => self.area_card(a),
            SecretCard::Neighborhood(k) => {
                self.format("neighborhood-card", &[("kind", self.kind(k).into())])
            }
            SecretCard::Metropolys(kinds) => {
                self.format("metropolys-card", &[("kinds", self.kinds(&kinds).into())])
            }
        }
    }

    /// Names joined as a list: `Blue`, `Blue and Black`, `Blue, Brown and
    /// Black`.
    pub fn list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] if rest.len() == 1 => self.format(
                "list-and",
                &[("first", rest[0].as_str().into()), ("last", last.into())],
            ),
            [first, rest @ ..] => self.format(
                "list-comma",
                &[("first", first.into()), ("rest", self.list(rest).into())],
            ),
        }
    }

    // ----- points -------------------------------------------------------------

    /// A total of points: `31 points`, `1 point` (plural forms of the
    /// language: `2 body`, `5 bodů`).
    pub fn points(&self, n: i64) -> String {
        self.format("points", &[("n", Arg::Number(n as f64))])
    }

    /// `3 buildings`, with the language's plural forms.
    pub fn buildings_count(&self, count: u32) -> String {
        self.format("buildings-count", &[("count", count.into())])
    }

    /// `5 neighborhoods`, with the language's plural forms.
    pub fn neighborhoods_count(&self, count: u32) -> String {
        self.format("neighborhoods-count", &[("count", count.into())])
    }

    /// `30 calls`, with the language's plural forms.
    pub fn calls_count(&self, count: u32) -> String {
        self.format("calls-count", &[("count", count.into())])
    }

    // ----- actions and turns -------------------------------------------------

    /// An action in words: `bid 7 (medium) on 12 (center, mall)`, `pass`.
    pub fn action(&self, variant: Variant, action: Action) -> String {
        match action {
            Action::Pass => self.get("action-pass"),
            Action::Bid {
                neighborhood,
                building,
            } => self.format(
                "action-bid",
                &[
                    ("building", self.building(variant, building).into()),
                    ("place", self.place(neighborhood).into()),
                ],
            ),
        }
    }

    /// The score-sheet row of category `name` (a name of
    /// `ScoreSheet::CATEGORIES`: `trendy`, `total`, ...); the name itself
    /// for another.
    pub fn category(&self, name: &str) -> String {
        let id = format!("category-{name}");
        self.try_format(&id, &[])
            .unwrap_or_else(|_| name.to_string())
    }

    /// A review grade in words, for a grade id of the bots' review
    /// (`forced`, `best`, `good`, `inaccuracy`, `mistake`, `blunder`);
    /// `None` for another id.
    ///
    /// ```
    /// use metropolys_text::{Lang, Texts};
    /// assert_eq!(Texts::of(Lang::Fr).grade("blunder").as_deref(), Some("gaffe"));
    /// assert_eq!(Texts::of(Lang::En).grade("brilliant"), None);
    /// ```
    pub fn grade(&self, id: &str) -> Option<String> {
        self.try_format(&format!("review-grade-{id}"), &[]).ok()
    }

    /// What the reviewer would have played instead, and the win chance it
    /// would have kept (`gain`, 0 to 1, shown in whole percentage points):
    /// `The bot would have chosen: bid 9 (tall) on 14 (…) (+12 % win
    /// chance)`.
    pub fn review_suggestion(&self, variant: Variant, action: Action, gain: f64) -> String {
        let points = (gain.max(0.0) * 100.0).round();
        self.format(
            "review-suggestion",
            &[
                ("action", self.action(variant, action).into()),
                ("gain", Arg::Number(points)),
            ],
        )
    }

    /// A bot preset's name (`Beginner`) and what it does, for a preset of
    /// `metropolys_bots::PRESETS`; `None` for another bot kind.
    pub fn preset(&self, name: &str) -> Option<(String, String)> {
        let label = self.try_format(&format!("preset-{name}"), &[]).ok()?;
        let about = self.get(&format!("preset-{name}-about"));
        Some((label, about))
    }

    /// A rule error as a player reads it: what is wrong, without the
    /// rule's number (which stays in [`RuleError::rule`]).
    pub fn rule_error(&self, e: &RuleError) -> String {
        let n = |v: u8| Arg::Number(f64::from(v));
        match e {
            RuleError::GameOver => self.get("error-game-over"),
            RuleError::WrongPlayer { .. } => self.get("error-wrong-player"),
            RuleError::UnknownNeighborhood(id) => {
                self.format("error-unknown-neighborhood", &[("neighborhood", n(*id))])
            }
            RuleError::UnknownBuilding(b) => {
                self.format("error-unknown-building", &[("building", n(*b))])
            }
            RuleError::OutOfPlay {
                neighborhood,
                district,
            } => self.format(
                "error-out-of-play",
                &[
                    ("neighborhood", n(*neighborhood)),
                    ("district", self.district(*district).into()),
                ],
            ),
            RuleError::Constructed(id) => {
                self.format("error-constructed", &[("neighborhood", n(*id))])
            }
            RuleError::AlreadyBid(id) => {
                self.format("error-already-bid", &[("neighborhood", n(*id))])
            }
            RuleError::BuildingConstructed(b) => {
                self.format("error-building-constructed", &[("building", n(*b))])
            }
            RuleError::BuildingOnBoard(b) => {
                self.format("error-building-on-board", &[("building", n(*b))])
            }
            RuleError::NotAdjacent { neighborhood, last } => self.format(
                "error-not-adjacent",
                &[("neighborhood", n(*neighborhood)), ("last", n(*last))],
            ),
            RuleError::NotHigher { building, last } => self.format(
                "error-not-higher",
                &[("building", n(*building)), ("last", n(*last))],
            ),
            RuleError::OpeningPass => self.get("error-opening-pass"),
            RuleError::UnknownActionId(_) => self.get("error-unknown-action"),
            // RuleError is non_exhaustive: a new rule's error reads as its
            // developers' message until the catalogues word it.
            #[allow(unreachable_patterns)]
            other => self.format("error-other", &[("detail", other.to_string().into())]),
        }
    }

    /// The lines that explain how the game is played, in order: the goal,
    /// a call (opening, outbidding, passing, its end), the game's end, and
    /// in the Expert game the building sizes.
    pub fn how_to_play(&self, variant: Variant) -> Vec<String> {
        let mut lines: Vec<String> = [
            "howto-goal",
            "howto-call",
            "howto-outbid",
            "howto-pass",
            "howto-call-end",
            "howto-end",
        ]
        .iter()
        .map(|id| self.get(id))
        .collect();
        if variant == Variant::Expert {
            lines.push(self.format("howto-sizes", &[("sizes", self.sizes().into())]));
        }
        lines
    }

    /// The building numbers of each size: `small 1-5, medium 6-9, tall
    /// 10-13` (from `Size::numbers`).
    pub fn sizes(&self) -> String {
        let range = |s: Size| {
            let n = s.numbers();
            Arg::from(format!("{}–{}", n.start(), n.end()))
        };
        self.format(
            "rule-sizes",
            &[
                ("small", range(Size::Small)),
                ("medium", range(Size::Medium)),
                ("tall", range(Size::Tall)),
            ],
        )
    }
}

/// A message's variable: text, or a number (which also picks the plural
/// form).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// Text, placed as it is.
    Text(String),
    /// A number.
    Number(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(f64::from(n))
    }
}

/// Signed points as the texts write them: `+3`, `−1` (a minus sign).
pub(crate) fn signed(p: i32) -> String {
    if p < 0 {
        format!("−{}", -p)
    } else {
        format!("+{p}")
    }
}
