//! What a replay shows, step by step: one builder for the terminal's HTML
//! replay and the web client's (through the WebAssembly package), so the
//! two show the same steps with the same words. A step is the setup or one
//! decision (a forced pass is no decision: it is told with the decision it
//! follows); each step has the calls' lines shown, the decision's own
//! line, the pieces on the board, the building just constructed, the
//! running totals and where the replay stands, in words.

use crate::narrate::{CallLog, Narrator, Seats};
use crate::texts::{Arg, Texts};
use metropolys_core::{Event, RecordedAction, ScoreSheet, Seat, State, NEIGHBORHOOD_COUNT};
use serde::Serialize;

/// One step as the replay script reads it (`D.steps[i]`), a JSON array:
/// `[call index or -1, lines shown, the decision's line (from 1, 0 at the
/// setup), buildings [[neighborhood, seat, number]], tokens [[neighborhood,
/// token index]], bids [[neighborhood, seat, number]] (the latest last),
/// the neighborhood just built on or -1, each seat's total]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayStep(
    pub i64,
    pub usize,
    pub usize,
    pub Vec<[u8; 3]>,
    pub Vec<[u8; 2]>,
    pub Vec<[u8; 3]>,
    pub i16,
    pub Vec<i32>,
);

impl ReplayStep {
    fn at(
        state: &State,
        call: Option<usize>,
        lines: usize,
        line: usize,
        built: Option<u8>,
    ) -> ReplayStep {
        let mut buildings = Vec::new();
        let mut tokens = Vec::new();
        for id in 0..NEIGHBORHOOD_COUNT as u8 {
            if let Some((seat, number)) = state.building_at(id) {
                buildings.push([id, seat, number]);
            }
            if let Some(t) = state.token_at(id) {
                tokens.push([id, t.index() as u8]);
            }
        }
        let bids = state
            .bids()
            .iter()
            .map(|b| [b.neighborhood, b.player, b.building])
            .collect();
        ReplayStep(
            call.map_or(-1, |c| c as i64),
            lines,
            line,
            buildings,
            tokens,
            bids,
            built.map_or(-1, i16::from),
            state.totals().totals().to_vec(),
        )
    }
}

/// A game replayed for showing: its calls told, its steps, and where each
/// step stands in words.
#[derive(Debug, Clone, Serialize)]
pub struct Replay {
    /// The seats as the replay names them (a name, else the colour).
    pub seats: Vec<String>,
    /// The calls as told.
    pub calls: Vec<CallLog>,
    /// Why the game ended and who won (empty while it goes on).
    pub ending: Vec<String>,
    /// The steps: the setup, then one per decision the engine accepted.
    pub steps: Vec<ReplayStep>,
    /// Where each step stands: `setup · 61 decisions`, `call 3 · decision
    /// 12 of 61`.
    #[serde(rename = "where")]
    pub where_: Vec<String>,
    /// The heading of the running score.
    pub score_title: String,
    /// Whether the game is over at the last step.
    pub over: bool,
    /// The score sheets at the end (`None` before it).
    pub scores: Option<Vec<ScoreSheet>>,
    /// The winners at the end (`None` before it).
    pub winners: Option<Vec<Seat>>,
    /// Why the replay stops before the record's end (an action the engine
    /// refused), in developers' words with its rule; `None` when it does
    /// not.
    pub error: Option<String>,
    /// The position at the setup.
    #[serde(skip)]
    pub start: State,
    /// The position at the last step.
    #[serde(skip)]
    pub end: State,
}

impl Replay {
    /// Replays `actions` from `initial`, stopping before the first action
    /// the engine refuses, told in `texts`' language with `seats`' names.
    pub fn new(texts: &Texts, initial: &State, actions: &[RecordedAction], seats: Seats) -> Replay {
        let names: Vec<String> = (0..initial.players())
            .map(
                |p| match seats.names.get(p as usize).and_then(Option::as_deref) {
                    Some(n) if !n.is_empty() => n.to_string(),
                    _ => texts.color(p),
                },
            )
            .collect();
        let mut narrator = Narrator::new(texts, initial, seats);
        let mut steps = vec![ReplayStep::at(initial, None, 0, 0, None)];
        let mut state = *initial;
        let mut error = None;
        for ra in actions {
            let (after, events) = match state.apply_for(ra.player, ra.action) {
                Ok(t) => t,
                Err(e) => {
                    error = Some(e.to_string());
                    break;
                }
            };
            let first = narrator.marks.len();
            narrator.feed(&events);
            // The decision's own line is the first the action told (forced
            // passes and the end of the call follow it).
            if let Some(&(call, line)) = narrator.marks.get(first) {
                let built = events.iter().find_map(|e| match e {
                    Event::Constructed { neighborhood, .. } => Some(*neighborhood),
                    _ => None,
                });
                steps.push(ReplayStep::at(
                    &after,
                    Some(call),
                    narrator.lines_told(call),
                    line,
                    built,
                ));
            }
            state = after;
        }
        let narration = narrator.finish();
        let last = steps.len() - 1;
        let where_ = steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                match usize::try_from(s.0)
                    .ok()
                    .and_then(|c| narration.calls.get(c))
                {
                    None => {
                        texts.format("replay-setup", &[("decisions", Arg::Number(last as f64))])
                    }
                    Some(c) => texts.format(
                        "replay-where",
                        &[
                            ("call", Arg::Number(f64::from(c.call))),
                            ("at", Arg::Number(i as f64)),
                            ("last", Arg::Number(last as f64)),
                        ],
                    ),
                }
            })
            .collect();
        let over = state.is_over();
        Replay {
            seats: names,
            calls: narration.calls,
            ending: narration.ending,
            steps,
            where_,
            score_title: texts.format("replay-score", &[]),
            over,
            scores: over.then(|| state.scores()),
            winners: over.then(|| state.winners()),
            error,
            start: *initial,
            end: state,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;
    use metropolys_core::{Config, Variant};

    #[test]
    fn a_replay_has_a_step_per_decision_and_words_for_each() {
        let config = Config::new(3, Variant::Expert, 11);
        let initial = State::new(&config).unwrap();
        let mut s = initial;
        let mut actions = Vec::new();
        while let Some(p) = s.to_act() {
            let a = s.legal_actions()[0];
            actions.push(RecordedAction {
                player: p,
                action: a,
            });
            s = s.play(a).unwrap();
        }
        for lang in Lang::ALL {
            let r = Replay::new(Texts::of(lang), &initial, &actions, Seats::colors());
            assert_eq!(r.steps.len(), actions.len() + 1, "{lang}");
            assert_eq!(r.where_.len(), r.steps.len());
            assert!(r.over && r.error.is_none());
            assert_eq!(r.seats.len(), 3);
            // Each decision's line is among the lines shown.
            for st in &r.steps[1..] {
                assert!(st.2 >= 1 && st.2 <= st.1, "{st:?}");
            }
            assert_eq!(r.steps.last().unwrap().7, s.totals().totals().to_vec());
        }
        // A refused action stops the replay and says why.
        let mut bad = actions[..3].to_vec();
        // Seat 3 of a 3-player game (R-8: not the seat to act).
        bad.push(RecordedAction {
            player: 3,
            action: metropolys_core::Action::Pass,
        });
        let r = Replay::new(Texts::of(Lang::En), &initial, &bad, Seats::colors());
        assert!(r.error.is_some());
        assert!(!r.over);
    }
}
