//! Engines for the tests: this engine behind the protocol, in process, and
//! a deliberately wrong one.

use crate::compare::{legal_ids, sheets};
use crate::engine::Engine;
use crate::protocol::{Answer, Request};
use crate::rules::rule_text;
use metropolys_core::{Action, State};

/// This engine behind the protocol, in process.
pub struct Ours(pub Option<State>);

impl Engine for Ours {
    fn batch(&mut self, requests: &[Request]) -> Result<Vec<Answer>, String> {
        Ok(requests
            .iter()
            .map(|r| match r {
                Request::NewGame { config } => {
                    self.0 = State::new(config).ok();
                    Answer::Verdict(Ok(()))
                }
                Request::ToAct => Answer::ToAct(self.0.unwrap().to_act()),
                Request::Legal => Answer::Legal(legal_ids(&self.0.unwrap())),
                Request::Apply { player, action } => {
                    let s = self.0.unwrap();
                    let a = Action::from_id(*action).unwrap();
                    match s.check_player(*player).and_then(|()| s.play(a)) {
                        Ok(next) => {
                            self.0 = Some(next);
                            Answer::Verdict(Ok(()))
                        }
                        Err(e) => Answer::Verdict(Err(rule_text(e.rule()))),
                    }
                }
                Request::Scores => Answer::Scores(sheets(&self.0.unwrap())),
                Request::IsOver => Answer::IsOver(self.0.unwrap().is_over()),
                Request::Winners => Answer::Winners(self.0.unwrap().winners()),
                Request::Hello { .. } | Request::Quit => Answer::Done,
            })
            .collect())
    }
}

/// Ours, but seat 0's total is off by one once it has built five
/// buildings.
pub struct Off(pub Ours);

impl Engine for Off {
    fn batch(&mut self, requests: &[Request]) -> Result<Vec<Answer>, String> {
        let mut answers = self.0.batch(requests)?;
        for a in &mut answers {
            if let Answer::Scores(s) = a {
                if s[0].constructed >= 5 {
                    s[0].total += 1;
                }
            }
        }
        Ok(answers)
    }
}
