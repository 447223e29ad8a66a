//! Every word a Metropolys player reads, written once, in the languages of
//! the printed rulebook: English, Czech, Polish and French.
//!
//! The words live in [Project Fluent](https://projectfluent.org/)
//! catalogues (`locales/{en,cs,pl,fr}/metropolys.ftl`, compiled in), with
//! the game's own terms taken from each language's rulebook
//! (`glossary.toml`) and CLDR plural rules (Czech and Polish have three and
//! four forms). Every front end asks this crate: the terminal, the web
//! client, the offline page and the HTML replay (through the WebAssembly
//! package), Python and C. Records stay language-free.
//!
//! - [`Lang`]: a supported language, read from a tag (`cs`, `pl-PL`,
//!   `fr_FR.UTF-8`), negotiated from a list ([`Lang::negotiate`]) or from
//!   the environment ([`Lang::from_env`]).
//! - [`Texts`]: one language's catalogue ([`Texts::of`]), with a method for
//!   each thing said: seats, places, buildings, actions, turn lines, score
//!   sheet rows, tokens and cards, bot presets, errors.
//! - [`Narrator`]: a game's events told call by call, the same lines for
//!   every front end.
//! - [`Guide`]: the guided first game's explanations, each the first time
//!   it applies.
//! - [`legend`]: the board picture's symbols with their labels and
//!   meanings.
//! - [`Replay`]: a game step by step as the replays show it (the
//!   terminal's HTML replay and the web client's).
//! - [`scoring_rules`]: the scoring rules of a kind of game, one line each,
//!   with core's points.
//!
//! ```
//! use metropolys_text::{Lang, Texts};
//! use metropolys_core::Action;
//! let cs = Texts::of(Lang::Cs);
//! assert_eq!(Texts::of(Lang::En).action(metropolys_core::Variant::Family, Action::Pass), "pass");
//! assert!(!cs.action(metropolys_core::Variant::Family, Action::Pass).is_empty());
//! assert_eq!("pl_PL.UTF-8".parse::<Lang>(), Ok(Lang::Pl));
//! ```
//!
//! Rule numbers (`R-11`, `§5`) never reach a player's sentence: they stay
//! in the errors' data (`RuleError::rule`) and in developers' messages.

mod guide;
mod lang;
mod legend;
mod narrate;
mod replay;
mod rules;
mod texts;

pub use guide::Guide;
pub use lang::{Lang, ParseLangError};
pub use legend::legend;
pub use narrate::{CallLog, Narration, Narrator, Seats, Told};
pub use replay::{Replay, ReplayStep};
pub use rules::{scoring_rules, ScoringRule};
pub use texts::{Arg, TextError, Texts};
