//! Differential conformance testing of Metropolys engines against
//! `metropolys-core`, the reference.
//!
//! Another engine (a child process speaking the JSON-lines protocol of
//! docs/conformance-protocol.md, or anything implementing [`Engine`]) and
//! this one are driven through the same random games; after every decision
//! they are compared, and the first disagreement is shrunk to a small game
//! record that `metropolys verify` replays. `metropolys conform` is this
//! crate behind a command line, and Python's `metropolys.conformance`
//! drives engine objects through the same code.
//!
//! The modules, each importing only those listed before it:
//!
//! * [`lines`]: lines read with a bound (the engine's answers, the
//!   command line's prompt);
//! * [`rules`]: rulings as text (the one place a core error's ruling
//!   becomes text) and how an engine's ruling matches ours;
//! * [`protocol`]: requests, answers and their checking;
//! * [`options`]: what a run compares;
//! * [`engine`]: the [`Engine`] trait and a child [`Process`];
//! * [`generate`]: the games, from core's proptest strategies, with illegal
//!   probes;
//! * [`compare`]: one game compared, the disagreement written as a record;
//! * [`mod@check`]: a run over many games, with proptest's shrinking;
//! * [`mod@replay`]: a record replayed through an engine, against its
//!   `expected` part.
//!
//! ```
//! use metropolys_conform::{check, Hello, Options};
//! # use metropolys_conform::{compare::{legal_ids, sheets}, Answer, Engine, Request};
//! # use metropolys_core::{Action, State};
//! # struct Reference(Option<State>);
//! # impl Engine for Reference {
//! #     fn batch(&mut self, requests: &[Request]) -> Result<Vec<Answer>, String> {
//! #         Ok(requests.iter().map(|r| match r {
//! #             Request::NewGame { config } => { self.0 = State::new(config).ok(); Answer::Verdict(Ok(())) }
//! #             Request::ToAct => Answer::ToAct(self.0.unwrap().to_act()),
//! #             Request::Legal => Answer::Legal(legal_ids(&self.0.unwrap())),
//! #             Request::Apply { player, action } => {
//! #                 let s = self.0.unwrap();
//! #                 match s.check_player(*player).and_then(|()| s.play(Action::from_id(*action).unwrap())) {
//! #                     Ok(next) => { self.0 = Some(next); Answer::Verdict(Ok(())) }
//! #                     Err(e) => Answer::Verdict(Err(metropolys_conform::rules::rule_text(e.rule()))),
//! #                 }
//! #             }
//! #             Request::Scores => Answer::Scores(sheets(&self.0.unwrap())),
//! #             Request::IsOver => Answer::IsOver(self.0.unwrap().is_over()),
//! #             Request::Winners => Answer::Winners(self.0.unwrap().winners()),
//! #             Request::Hello { .. } | Request::Quit => Answer::Done,
//! #         }).collect())
//! #     }
//! # }
//! // `Reference` is this engine behind the `Engine` trait.
//! let options = Options { games: 5, ..Options::default() };
//! let report = check(&mut Reference(None), &Hello::default(), &options, &mut |_| {});
//! assert!(report.found.is_none() && report.games == 5);
//! ```
//!
//! Games are generated and shrunk by proptest, so this crate depends on it
//! (and on core's `proptest` feature) as a normal dependency: the tester's
//! results are those of the documented strategies.

#![deny(missing_docs)]

pub mod check;
pub mod compare;
pub mod engine;
pub mod generate;
pub mod lines;
pub mod options;
pub mod protocol;
pub mod replay;
pub mod rules;
#[cfg(test)]
mod testing;

pub use check::{check, Progress, Report};
pub use compare::{compare_game, Disagreement, Outcome};
pub use engine::{kill_group, Engine, Process, StartError};
pub use generate::{any_selected, games, selected, Step};
pub use options::{Options, MAX_STEPS};
pub use protocol::{Answer, Categories, Hello, Request, PROTOCOL_VERSION};
pub use replay::replay;
