//! Typed bot specs: [`BotSpec`] (a kind with its checked parameters),
//! [`Budget`] (what a search may spend per decision) and [`SeatSpec`] (who
//! plays a seat: a person or a bot). Text is read at the edge only, here:
//! `kind` or `kind:{JSON parameters}`, and `human`.

use crate::arena::BotFactory;
use crate::kinds::BotKind;
use crate::{Bot, BotError, Greedy, Ismcts, Leaf, Playout, Prior, Reward, Root};
use metropolys_core::echo::{excerpt, excerpt_json};
use metropolys_core::SeatPlayer;
use serde_json::{Map, Value};
use std::fmt;
use std::str::FromStr;

/// A bot kind with its parameters, checked: what builds a bot
/// ([`BotSpec::build`], which cannot fail) and what a record keeps of
/// it. Its text is `kind` or `kind:{JSON parameters}` (compact JSON, keys
/// in order), which [`FromStr`] reads back.
///
/// | kind | parameters |
/// | --- | --- |
/// | `random` | none |
/// | `greedy` | `cost_per_number` (number 0–10), `building_value` (number −50–50) |
/// | `ismcts` | `iterations` (integer 1–100,000,000), `seconds` (number, above 0, at most 3600), `threads` (integer 1–256), `exploration` (number 0–100), `playout` (`"random"`, `"greedy"` or `"softmax"`), `playout_temperature` (number above 0, at most 100), `reward` (`"win"` or `"score"`), `margin` (number above 0, at most 1000), `win_weight` (number 0–1), `root` (`"halving"` or `"uct"`), `candidates` (integer 1–100,000), `prior_weight` (number 0–10), `widen_base` (number 1–1000), `widen_rate` (number 0–1000), `belief` (number 0–100, or `"learned"`), `temperature` (number 0–100), `tree_edges` (integer 1,000–16,777,216: the most edges of a decision's tree, 32 bytes each, [`Ismcts::with_tree_edges`]) |
/// | `ismcts-v1` | `iterations`, `seconds`, `threads`, `exploration`, `playout` (`"random"` or `"greedy"`), `reward`, `tree_edges`, as for `ismcts` |
/// | `casual`, `strong`, `expert` | `tree_edges` |
/// | `beginner` | none |
///
/// See [`Ismcts`] for the meaning and defaults. Unknown kinds
/// ([`BotError::UnknownKind`]), text that is not JSON
/// ([`BotError::InvalidJson`]), JSON that is not an object, unknown
/// parameter names and values of the wrong type or range
/// ([`BotError::BadParameters`]) are errors naming what is wrong.
///
/// ```
/// use metropolys_bots::{BotKind, BotSpec};
/// let spec: BotSpec = r#"ismcts:{"threads": 2, "iterations": 200}"#.parse().unwrap();
/// assert_eq!(spec.kind(), BotKind::Ismcts);
/// assert_eq!(spec.to_string(), r#"ismcts:{"iterations":200,"threads":2}"#);
/// assert_eq!(spec.to_string().parse::<BotSpec>().unwrap(), spec);
/// assert_eq!(spec.budget().unwrap().iterations, Some(200));
/// assert_eq!(spec.build().name(), "ismcts");
/// assert_eq!(BotSpec::new(BotKind::Expert).to_string(), "expert");
/// let e = "ismcts:{\"iteration\": 5}".parse::<BotSpec>().unwrap_err();
/// assert!(e.to_string().contains("unknown parameter \"iteration\""), "{e}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BotSpec {
    kind: BotKind,
    params: Map<String, Value>,
}

/// What a search may spend on one decision ([`BotSpec::budget`]): it stops
/// at the first of `iterations` and `seconds` it reaches, searching on
/// `threads` threads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Iterations per decision, when they are bounded: with 2 players
    /// for the `expert` preset, which searches more at larger tables
    /// ([`Ismcts::iterations_for`](crate::Ismcts::iterations_for),
    /// [`EXPERT_ITERATIONS_BY_PLAYERS`](crate::presets::EXPERT_ITERATIONS_BY_PLAYERS)).
    pub iterations: Option<u64>,
    /// Wall-clock seconds per decision, when they are bounded.
    pub seconds: Option<f64>,
    /// Search threads.
    pub threads: usize,
}

impl BotSpec {
    /// A bot of `kind` with every parameter at its default.
    pub fn new(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            params: Map::new(),
        }
    }

    /// A bot of `kind` with `params`, checked (names, types and ranges).
    pub fn with_params(kind: BotKind, params: Map<String, Value>) -> Result<BotSpec, BotError> {
        let spec = BotSpec { kind, params };
        configure(spec.kind, &spec.params)?;
        Ok(spec)
    }

    /// A bot from a kind's name and its parameters as JSON text (an
    /// object; `""`, blank or `"{}"` for the defaults): the form C and
    /// Python hand over. No key may be given twice, at any depth.
    pub fn from_parts(kind: &str, params: &str) -> Result<BotSpec, BotError> {
        let kind: BotKind = kind.parse()?;
        BotSpec::with_params(kind, parse_params(kind, params)?)
    }

    /// The kind.
    pub fn kind(&self) -> BotKind {
        self.kind
    }

    /// The parameters given (those left out are at their defaults).
    pub fn params(&self) -> &Map<String, Value> {
        &self.params
    }

    /// The parameters as JSON text (`{}` when none are given).
    pub fn params_json(&self) -> String {
        Value::Object(self.params.clone()).to_string()
    }

    /// The bot. A spec is checked when it is made, so this cannot fail.
    pub fn build(&self) -> Box<dyn Bot> {
        match configure(self.kind, &self.params) {
            Ok(bot) => bot.boxed(),
            // Unreachable: every constructor checks the parameters.
            Err(_) => Box::new(crate::Random),
        }
    }

    /// A [`BotFactory`] of this spec's bot (for [`arena`](fn@crate::arena)
    /// and [`ladder`](crate::ladder::ladder)).
    pub fn factory(&self) -> BotFactory {
        let spec = self.clone();
        Box::new(move || spec.build())
    }

    /// What the bot may spend on one decision, for a bot that searches
    /// ([`BotKind::searches`]); `None` for one that decides at once.
    ///
    /// ```
    /// use metropolys_bots::{BotKind, BotSpec, Budget};
    /// let strong = BotSpec::new(BotKind::Strong).budget().unwrap();
    /// assert_eq!((strong.iterations, strong.seconds), (Some(1_000), None));
    /// let timed: BotSpec = r#"ismcts:{"seconds":0.5}"#.parse().unwrap();
    /// assert_eq!(timed.budget().unwrap().iterations, None); // seconds alone bound it
    /// assert_eq!(BotSpec::new(BotKind::Greedy).budget(), None);
    /// ```
    pub fn budget(&self) -> Option<Budget> {
        match configure(self.kind, &self.params) {
            Ok(Configured::Search(b)) => Some(Budget {
                iterations: b.iterations,
                seconds: b.seconds,
                threads: b.threads,
            }),
            _ => None,
        }
    }

    /// Whether the bot takes parameter `name` ([`BotKind::parameters`]).
    pub fn takes(&self, name: &str) -> bool {
        self.kind.parameters().contains(&name)
    }

    /// The same spec with parameter `name` set to `value`, checked.
    ///
    /// ```
    /// use metropolys_bots::{BotKind, BotSpec};
    /// let spec = BotSpec::new(BotKind::Ismcts).with("seconds", 2.0.into()).unwrap();
    /// assert_eq!(spec.to_string(), r#"ismcts:{"seconds":2.0}"#);
    /// assert!(BotSpec::new(BotKind::Greedy).with("seconds", 2.0.into()).is_err());
    /// ```
    pub fn with(&self, name: &str, value: Value) -> Result<BotSpec, BotError> {
        let mut params = self.params.clone();
        params.insert(name.to_string(), value);
        BotSpec::with_params(self.kind, params)
    }

    /// A comma-separated list of specs, one per seat or bot (as the command
    /// line's `arena --bots` takes it): split on the commas outside braces,
    /// brackets and strings, each spec read with [`FromStr`].
    ///
    /// ```
    /// use metropolys_bots::BotSpec;
    /// let specs = BotSpec::parse_list(r#"ismcts:{"iterations":500,"threads":2},random"#).unwrap();
    /// assert_eq!(specs[0].to_string(), r#"ismcts:{"iterations":500,"threads":2}"#);
    /// assert_eq!(specs[1].to_string(), "random");
    /// assert!(BotSpec::parse_list("greedy,chess").is_err());
    /// assert!(BotSpec::parse_list(r#"ismcts:{"iterations":5"#).is_err());
    /// ```
    pub fn parse_list(list: &str) -> Result<Vec<BotSpec>, BotError> {
        split_list(list).into_iter().map(str::parse).collect()
    }
}

impl fmt::Display for BotSpec {
    /// `kind`, or `kind:{JSON}` with the parameters given.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.params.is_empty() {
            f.write_str(self.kind.name())
        } else {
            write!(f, "{}:{}", self.kind, self.params_json())
        }
    }
}

impl FromStr for BotSpec {
    type Err = BotError;

    /// `kind` or `kind:{JSON parameters}` (spaces around either part are
    /// ignored; `kind:` is the defaults).
    fn from_str(text: &str) -> Result<BotSpec, BotError> {
        let (kind, params) = text.split_once(':').unwrap_or((text, ""));
        BotSpec::from_parts(kind.trim(), params)
    }
}

impl From<&BotSpec> for SeatPlayer {
    /// The record's entry of a seat this bot plays.
    fn from(spec: &BotSpec) -> SeatPlayer {
        SeatPlayer::bot(spec.kind.name(), Some(spec.params.clone()))
    }
}

/// Who plays a seat: a person, or a bot. Its text is `human` or a
/// [`BotSpec`]; a record keeps it as a [`SeatPlayer`] (`From` and
/// `TryFrom` convert both ways).
///
/// ```
/// use metropolys_bots::SeatSpec;
/// use metropolys_core::SeatPlayer;
/// let seats: Vec<SeatSpec> = ["human", r#"greedy:{"cost_per_number":1}"#]
///     .iter().map(|s| s.parse().unwrap()).collect();
/// assert_eq!(seats[0], SeatSpec::Human);
/// assert_eq!(seats[1].to_string(), r#"greedy:{"cost_per_number":1}"#);
/// let entry = SeatPlayer::from(&seats[1]);
/// assert_eq!(SeatSpec::try_from(&entry).unwrap(), seats[1]);
/// assert!("chess".parse::<SeatSpec>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SeatSpec {
    /// A person.
    Human,
    /// A bot.
    Bot(BotSpec),
}

impl SeatSpec {
    /// The bot, for a bot's seat.
    pub fn bot(&self) -> Option<&BotSpec> {
        match self {
            SeatSpec::Human => None,
            SeatSpec::Bot(b) => Some(b),
        }
    }
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatSpec::Human => f.write_str("human"),
            SeatSpec::Bot(b) => b.fmt(f),
        }
    }
}

impl FromStr for SeatSpec {
    type Err = BotError;

    /// `human`, or a [`BotSpec`].
    fn from_str(text: &str) -> Result<SeatSpec, BotError> {
        if text.trim() == "human" {
            Ok(SeatSpec::Human)
        } else {
            text.parse().map(SeatSpec::Bot)
        }
    }
}

impl From<&SeatSpec> for SeatPlayer {
    fn from(spec: &SeatSpec) -> SeatPlayer {
        match spec {
            SeatSpec::Human => SeatPlayer::human(),
            SeatSpec::Bot(b) => b.into(),
        }
    }
}

impl TryFrom<&SeatPlayer> for SeatSpec {
    type Error = BotError;

    /// A record's entry as a seat spec: an error when its bot is not one
    /// of this crate's kinds or its parameters are not the kind's (records
    /// may name the bots of other programs).
    fn try_from(entry: &SeatPlayer) -> Result<SeatSpec, BotError> {
        if entry.kind == "human" && entry.params.is_none() {
            return Ok(SeatSpec::Human);
        }
        let kind: BotKind = entry.kind.parse()?;
        BotSpec::with_params(kind, entry.params.clone().unwrap_or_default()).map(SeatSpec::Bot)
    }
}

impl std::str::FromStr for BotKind {
    type Err = BotError;

    /// The kind named `name` (exactly, as [`BotKind::name`] writes it);
    /// [`BotError::UnknownKind`] otherwise.
    fn from_str(name: &str) -> Result<BotKind, BotError> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| BotError::UnknownKind {
                kind: excerpt(name),
            })
    }
}

/// A bot from its kind and a JSON object of parameters (`"{}"` or `""` for
/// the defaults): [`BotSpec::from_parts`], built. The table of
/// [`BotSpec`] lists the kinds and their parameters.
///
/// ```
/// use metropolys_bots::{from_spec, BotError};
/// assert_eq!(from_spec("ismcts", r#"{"iterations": 200, "threads": 2}"#).unwrap().name(), "ismcts");
/// assert!(matches!(from_spec("minimax", "{}"), Err(BotError::UnknownKind { .. })));
/// let e = from_spec("ismcts", r#"{"iteration": 5}"#).unwrap_err();
/// assert!(e.to_string().contains("unknown parameter \"iteration\""), "{e}");
/// ```
pub fn from_spec(kind: &str, params: &str) -> Result<Box<dyn Bot>, BotError> {
    BotSpec::from_parts(kind, params).map(|s| s.build())
}

/// Whether bots of `kind` search ([`BotKind::searches`]; false for an
/// unknown kind).
#[deprecated(
    since = "0.2.0",
    note = "use `BotKind::searches` (parse the kind once)"
)]
pub fn searches(kind: &str) -> bool {
    kind.parse::<BotKind>().is_ok_and(BotKind::searches)
}

/// A comma-separated list of bot specs as `(kind, parameters)` pairs
/// (`"{}"` where none are given), each checked.
#[deprecated(
    since = "0.2.0",
    note = "use `BotSpec::parse_list`, which returns typed specs"
)]
pub fn parse_specs(list: &str) -> Result<Vec<(String, String)>, BotError> {
    BotSpec::parse_list(list).map(|specs| {
        specs
            .iter()
            .map(|s| (s.kind.name().to_string(), s.params_json()))
            .collect()
    })
}

/// The `(kind, parameters)` pairs of [`parse_specs`] as [`BotFactory`]s.
#[deprecated(since = "0.2.0", note = "use `BotSpec::factory`")]
pub fn spec_factories(specs: &[(String, String)]) -> Vec<BotFactory> {
    specs
        .iter()
        .map(|(kind, params)| {
            let spec =
                BotSpec::from_parts(kind, params).unwrap_or_else(|_| BotSpec::new(BotKind::Random));
            spec.factory()
        })
        .collect()
}

/// [`parse_specs`]' split without the check: each spec's kind and, when it
/// is written `kind:JSON`, its parameters (trimmed).
#[deprecated(
    since = "0.2.0",
    note = "use `BotSpec::parse_list`, or `split_list` and `FromStr`"
)]
pub fn split_specs(list: &str) -> Vec<(&str, Option<&str>)> {
    split_list(list)
        .into_iter()
        .map(|part| match part.split_once(':') {
            Some((kind, params)) => (kind.trim(), Some(params.trim())),
            None => (part.trim(), None),
        })
        .collect()
}

/// A comma-separated list of specs split on the commas outside braces,
/// brackets and strings (so that `ismcts:{"a":1,"b":2},greedy` is two),
/// each part trimmed and not yet read.
///
/// ```
/// use metropolys_bots::split_list;
/// assert_eq!(
///     split_list(r#"ismcts:{"iterations":500,"threads":2}, greedy"#),
///     [r#"ismcts:{"iterations":500,"threads":2}"#, "greedy"]
/// );
/// ```
pub fn split_list(list: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut start) = (0i32, false, false, 0);
    for (i, ch) in list.char_indices() {
        if in_string {
            match ch {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(list[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(list[start..].trim());
    parts
}

/// The parameters of a bot of `kind` as a JSON object.
fn parse_params(kind: BotKind, params: &str) -> Result<Map<String, Value>, BotError> {
    if params.trim().is_empty() {
        return Ok(Map::new());
    }
    match metropolys_core::json::parameters_from_str(params) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(other) => Err(BotError::BadParameters {
            kind: kind.name().to_string(),
            reason: format!(
                "parameters must be a JSON object, not {}",
                type_name(&other)
            ),
        }),
        Err(e) => Err(BotError::InvalidJson {
            kind: kind.name().to_string(),
            reason: e.to_string(),
        }),
    }
}

/// Takes `"seed"` out of the parameters (for [`crate::Player`]).
pub(crate) fn split_seed(kind: &str, params: &str) -> Result<(BotSpec, u64), BotError> {
    let kind: BotKind = kind.parse()?;
    let mut m = parse_params(kind, params)?;
    let seed = match m.remove("seed") {
        None => 0,
        Some(v) => v.as_u64().ok_or_else(|| BotError::BadParameters {
            kind: kind.name().to_string(),
            reason: format!(
                "seed must be an integer from 0 to 2^64-1, not {}",
                excerpt_json(&v)
            ),
        })?,
    };
    Ok((BotSpec::with_params(kind, m)?, seed))
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A bot of a kind, configured from its parameters (not yet boxed).
enum Configured {
    /// A bot that searches (the presets `casual`, `strong` and `expert`
    /// are searches too).
    Search(Box<Ismcts>),
    /// Any other.
    Other(Box<dyn Bot>),
}

impl Configured {
    fn boxed(self) -> Box<dyn Bot> {
        match self {
            Configured::Search(b) => b,
            Configured::Other(b) => b,
        }
    }
}

/// The bot of `kind` with `params`, every parameter checked.
/// The most edges `tree_edges` may ask for, and the least.
const TREE_EDGES: (u64, u64) = (1_000, crate::ismcts::MAX_TREE_EDGES as u64);

fn configure(kind: BotKind, params: &Map<String, Value>) -> Result<Configured, BotError> {
    let known = kind.parameters();
    if let Some(name) = params.keys().find(|n| !known.contains(&n.as_str())) {
        return Err(BotError::BadParameters {
            kind: kind.name().to_string(),
            reason: format!(
                "unknown parameter {:?}; expected {}",
                excerpt(name),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ),
        });
    }
    let p = Params { kind, params };
    let configured = match kind {
        BotKind::Random => Configured::Other(Box::new(crate::Random)),
        BotKind::Greedy => {
            let mut g = Greedy::default();
            if let Some(c) = p.num("cost_per_number", 0.0, 10.0, false)? {
                g.cost_per_number = c as f32;
            }
            if let Some(c) = p.num("building_value", -50.0, 50.0, false)? {
                g.building_value = c as f32;
            }
            Configured::Other(Box::new(g))
        }
        BotKind::Ismcts | BotKind::IsmctsV1 => Configured::Search(Box::new(search(&p)?)),
        preset => match crate::presets::search(preset) {
            Some(b) => Configured::Search(Box::new(match tree_edges(&p)? {
                Some(e) => b.with_tree_edges(e),
                None => b,
            })),
            None => Configured::Other(crate::presets::build(preset).ok_or_else(|| {
                BotError::UnknownKind {
                    kind: preset.name().to_string(),
                }
            })?),
        },
    };
    // A search that needs the learned network, where it is not (yet).
    if let Configured::Search(b) = &configured {
        b.check_network()?;
    }
    Ok(configured)
}

/// The search `ismcts` or `ismcts-v1` with its parameters.
fn search(p: &Params<'_>) -> Result<Ismcts, BotError> {
    let v1 = p.kind == BotKind::IsmctsV1;
    let mut b = if v1 { Ismcts::v1() } else { Ismcts::default() };
    let iterations = p.int("iterations", 1, 100_000_000)?;
    let seconds = p.num("seconds", 0.0, 3600.0, true)?;
    if seconds.is_some() {
        b.iterations = None;
    }
    if iterations.is_some() {
        b.iterations = iterations;
    }
    b.seconds = seconds;
    if let Some(t) = p.int("threads", 1, 256)? {
        if t > 1 && !crate::thread::THREADS {
            return Err(p.bad(crate::thread::NO_THREADS.to_string()));
        }
        b.threads = t as usize;
    }
    if let Some(c) = p.num("exploration", 0.0, 100.0, false)? {
        b.exploration = c;
    }
    let playouts: &[&str] = if v1 {
        &["random", "greedy"]
    } else {
        &["random", "greedy", "softmax"]
    };
    if let Some(x) = p.choice("playout", playouts)? {
        b.playout = match x {
            "random" => Playout::Random,
            "greedy" => Playout::Greedy,
            _ => Playout::Softmax,
        };
    }
    if !v1 {
        if let Some(x) = p.choice("leaf", &["playout", "value"])? {
            b.leaf = if x == "value" {
                Leaf::Value
            } else {
                Leaf::Playout
            };
        }
    }
    if !v1 {
        if let Some(x) = p.choice("prior", &["greedy", "learned"])? {
            b.prior = if x == "learned" {
                Prior::Learned
            } else {
                Prior::Greedy
            };
        }
    }
    if let Some(r) = p.choice("reward", &["win", "score"])? {
        b.reward = if r == "win" {
            Reward::Win
        } else {
            Reward::Score
        };
    }
    if let Some(e) = p.num("widen_base", 1.0, 1000.0, false)? {
        b.widen_base = e;
    }
    if let Some(e) = p.num("widen_rate", 0.0, 1000.0, false)? {
        b.widen_rate = e;
    }
    match p.params.get("belief") {
        Some(Value::String(s)) if s == "learned" => b.learned_belief = true,
        Some(Value::String(_)) => {
            return Err(p.bad(format!(
                "belief must be a number from 0 and at most 100, or \"learned\", not {}",
                excerpt_json(&p.params["belief"])
            )))
        }
        _ => {
            if let Some(e) = p.num("belief", 0.0, 100.0, false)? {
                b.belief = e;
            }
        }
    }
    if let Some(e) = p.num("temperature", 0.0, 100.0, false)? {
        b.temperature = e;
    }
    if let Some(e) = p.num("playout_temperature", 0.0, 100.0, true)? {
        b.playout_temperature = e;
    }
    if let Some(r) = p.choice("root", &["halving", "uct"])? {
        b.root = if r == "uct" { Root::Uct } else { Root::Halving };
    }
    if let Some(k) = p.int("candidates", 1, 100_000)? {
        b.candidates = Some(k as u32);
    }
    if let Some(w) = p.num("prior_weight", 0.0, 10.0, false)? {
        b.prior_weight = w;
    }
    if let Some(m) = p.num("margin", 0.0, 1000.0, true)? {
        b.margin = m;
    }
    if let Some(w) = p.num("win_weight", 0.0, 1.0, false)? {
        b.win_weight = w;
    }
    if let Some(e) = tree_edges(p)? {
        b = b.with_tree_edges(e);
    }
    Ok(b)
}

/// The cap on a search's tree (`tree_edges`), when given.
fn tree_edges(p: &Params<'_>) -> Result<Option<usize>, BotError> {
    Ok(p.int("tree_edges", TREE_EDGES.0, TREE_EDGES.1)?
        .map(|e| e as usize))
}

/// A bot's parameters, read one at a time with their ranges.
struct Params<'a> {
    kind: BotKind,
    params: &'a Map<String, Value>,
}

impl Params<'_> {
    fn bad(&self, reason: String) -> BotError {
        BotError::BadParameters {
            kind: self.kind.name().to_string(),
            reason,
        }
    }

    /// An integer parameter from `lo` to `hi`, when given.
    fn int(&self, name: &str, lo: u64, hi: u64) -> Result<Option<u64>, BotError> {
        match self.params.get(name) {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(x) if (lo..=hi).contains(&x) => Ok(Some(x)),
                _ => Err(self.bad(format!(
                    "{name} must be an integer from {lo} to {hi}, not {}",
                    excerpt_json(v)
                ))),
            },
        }
    }

    /// A number parameter above `lo` (from `lo` unless `open_lo`) and at
    /// most `hi`, when given.
    fn num(&self, name: &str, lo: f64, hi: f64, open_lo: bool) -> Result<Option<f64>, BotError> {
        match self.params.get(name) {
            None => Ok(None),
            Some(v) => match v.as_f64() {
                Some(x) if x.is_finite() && x <= hi && (x > lo || (!open_lo && x == lo)) => {
                    Ok(Some(x))
                }
                _ => Err(self.bad(format!(
                    "{name} must be a number {} {lo} and at most {hi}, not {}",
                    if open_lo { "above" } else { "from" },
                    excerpt_json(v)
                ))),
            },
        }
    }

    /// One of `options`, when given.
    fn choice<'o>(&self, name: &str, options: &[&'o str]) -> Result<Option<&'o str>, BotError> {
        match self.params.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => match options.iter().find(|o| **o == s.as_str()) {
                Some(o) => Ok(Some(*o)),
                None => Err(self.bad(self.not_one_of(name, options, &Value::String(s.clone())))),
            },
            Some(v) => Err(self.bad(self.not_one_of(name, options, v))),
        }
    }

    fn not_one_of(&self, name: &str, options: &[&str], v: &Value) -> String {
        format!(
            "{name} must be one of {}, not {}",
            options
                .iter()
                .map(|o| format!("\"{o}\""))
                .collect::<Vec<_>>()
                .join(", "),
            excerpt_json(v)
        )
    }
}
