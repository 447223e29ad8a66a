//! The comparison of one game: this engine and the engine under test are
//! driven through the same decisions, and after each one compared on whose
//! turn it is, the legal set, the verdict (and its ruling), the score sheets
//! by category when a call ends, and at the end whether the game is over and
//! who won. The first disagreement is written as a game record whose replay
//! shows it.

use crate::engine::Engine;
use crate::generate::{probe_id, Step};
use crate::protocol::{Answer, Categories, Hello, Request};
use crate::rules::{rule_matches, rule_text};
use metropolys_core::record::ExpectedError;
use metropolys_core::{Action, Config, Record, RecordedAction, State, Variant};
use std::time::Instant;

/// The result of comparing one game.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// Every decision agreed.
    Agree {
        /// Decisions compared.
        decisions: usize,
    },
    /// The first disagreement.
    Disagree(Box<Disagreement>),
    /// The deadline passed before the game was compared to its end (or to
    /// its limit): nothing is known of the rest.
    Unfinished {
        /// Decisions compared, all agreeing.
        decisions: usize,
    },
}

/// Where two engines first disagreed.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// A record of the game up to the disagreement, with `expected` from
    /// this engine; replaying it with the other engine fails at its end.
    pub record: Record,
    /// The decisions compared before and including the disagreeing one.
    pub decisions: usize,
    /// What was compared (`"legal actions"`, `"scores"`…).
    pub what: String,
    /// What this engine said.
    pub ours: String,
    /// What the other engine said.
    pub theirs: String,
    /// The position, in words (which decision, whose turn).
    pub context: String,
    /// How many steps of the generated list the game used: any list with
    /// the same configuration and first `used` steps gives the same
    /// disagreement (unless `exact`: then only this very list).
    pub used: usize,
    /// Whether the disagreement depends on the list ending where it does.
    pub exact: bool,
}

impl Disagreement {
    /// One paragraph for people.
    pub fn diagnosis(&self, engine: &str) -> String {
        format!(
            "{context}: the engines disagree on {what}. The reference engine says {ours}; \
             {engine} says {theirs}. The game has {n} recorded action(s) ({players} players, {variant}{cards}).",
            context = self.context,
            what = self.what,
            ours = self.ours,
            theirs = self.theirs,
            n = self.record.actions.len(),
            players = self.record.config.players,
            variant = match self.record.config.variant {
                Variant::Family => "Family",
                Variant::Expert => "Expert",
            },
            cards = if self.record.config.uses_metropolys_cards() {
                ", Metropolys cards"
            } else {
                ""
            },
        )
    }
}

fn action_text(id: u16) -> String {
    Action::from_id(id).map_or(format!("id {id}"), |a| format!("{a} (id {id})"))
}

fn ids_text(ids: &[u16]) -> String {
    if ids.is_empty() {
        return "none".into();
    }
    let mut parts: Vec<String> = ids.iter().take(8).map(|&i| action_text(i)).collect();
    if ids.len() > 8 {
        parts.push(format!("… {} in all", ids.len()));
    }
    parts.join(", ")
}

fn seat_text(s: Option<u8>) -> String {
    s.map_or("nobody (the game is over)".into(), |s| format!("seat {s}"))
}

/// The legal action ids of the seat to act, ascending.
pub fn legal_ids(state: &State) -> Vec<u16> {
    let mut ids = Vec::with_capacity(64);
    state.for_each_legal(|a| ids.push(a.id().expect("legal actions have ids")));
    ids.sort_unstable();
    ids
}

/// Every seat's score sheet, by the protocol's categories.
pub fn sheets(state: &State) -> Vec<Categories> {
    state.scores().iter().map(Categories::from).collect()
}

/// Compares one game: `config`, then `steps`, against `engine`. With a
/// `limit`, a game that agrees for `limit` decisions and has more to play
/// counts as agreeing (shrinking looks only for earlier disagreements).
/// With a `deadline`, a game still being compared when it passes stops
/// before its next round trip ([`Outcome::Unfinished`]).
pub fn compare_game(
    engine: &mut dyn Engine,
    hello: &Hello,
    config: &Config,
    steps: &[Step],
    limit: Option<usize>,
    deadline: Option<Instant>,
) -> Result<Outcome, String> {
    let mut used = (0, false);
    let mut outcome = play(engine, hello, config, steps, (limit, deadline), &mut used)?;
    if let Outcome::Disagree(d) = &mut outcome {
        (d.used, d.exact) = used;
    }
    Ok(outcome)
}

// Long: one game of the comparison, step by step as the protocol runs it
// (deal, decide, probe, apply, compare); the steps share the game's state and
// the record being built.
fn play(
    engine: &mut dyn Engine,
    hello: &Hello,
    config: &Config,
    steps: &[Step],
    (limit, deadline): (Option<usize>, Option<Instant>),
    used: &mut (usize, bool),
) -> Result<Outcome, String> {
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let Ok(mut state) = State::new(config) else {
        return Ok(Outcome::Agree { decisions: 0 });
    };
    let sent = if hello.seeded_setup() {
        config.clone()
    } else {
        config.resolved().map_err(|e| e.to_string())?
    };
    // The record carries what the engine was sent: fully resolved for an
    // engine without the seeded setup, so that it can replay it.
    let mut record = Record::new(sent.clone());
    let mut decisions = 0usize;
    let mut requests = vec![
        Request::NewGame { config: sent },
        Request::ToAct,
        Request::Legal,
    ];
    let answers = engine.batch(&requests)?;
    let found = |record: &mut Record,
                 state: &State,
                 what: &str,
                 ours: String,
                 theirs: String,
                 context: String,
                 decisions: usize| {
        record.expect(state);
        Ok(Outcome::Disagree(Box::new(Disagreement {
            record: record.clone(),
            decisions,
            what: what.into(),
            ours,
            theirs,
            context,
            used: 0,
            exact: false,
        })))
    };
    if let Answer::Verdict(Err(rule)) = &answers[0] {
        return found(
            &mut record,
            &state,
            "the configuration",
            "it is valid".into(),
            format!("it is invalid ({rule})"),
            "At the start".into(),
            0,
        );
    }
    if let Some(d) = compare_position(&mut record, &state, &answers[1..], "At the start", 0) {
        return Ok(d);
    }
    let mut broke = false;
    for (i, step) in steps.iter().enumerate() {
        if limit.is_some_and(|l| decisions >= l) {
            return Ok(Outcome::Agree { decisions });
        }
        if late() {
            return Ok(Outcome::Unfinished { decisions });
        }
        *used = (i + 1, false);
        let to_act = state.to_act();
        let (player, action) = match (*step, to_act) {
            (Step::Choose(_), None) => {
                broke = true;
                break;
            }
            (Step::Choose(c), Some(seat)) => {
                let legal = legal_ids(&state);
                (seat, legal[c as usize % legal.len()])
            }
            (Step::Probe { id, seat }, None) => (seat % state.players(), probe_id(id)),
            (Step::Probe { id, seat }, Some(to_act)) => {
                let id = probe_id(id);
                let a = Action::from_id(id).expect("id < 716");
                if state.is_legal(a) {
                    let n = state.players();
                    (((to_act + 1 + seat % (n - 1)) % n), id)
                } else {
                    (to_act, id)
                }
            }
        };
        let a = Action::from_id(action).expect("id < 716");
        decisions += 1;
        let ours = state.check_player(player).and_then(|()| state.play(a));
        let call_ended = match &ours {
            Ok(next) => next.call_number() != state.call_number() || next.is_over(),
            Err(_) => false,
        };
        requests.clear();
        requests.push(Request::Apply { player, action });
        requests.push(Request::ToAct);
        requests.push(Request::Legal);
        if call_ended {
            requests.push(Request::Scores);
        }
        let answers = engine.batch(&requests)?;
        let Answer::Verdict(theirs) = &answers[0] else {
            unreachable!("apply is answered by a verdict")
        };
        let context = format!(
            "Decision {decisions} (call {}, {} to act): {} for seat {player}",
            state.call_number(),
            seat_text(to_act),
            action_text(action)
        );
        let entry = RecordedAction { player, action: a };
        match (&ours, theirs) {
            (Ok(next), Ok(())) => {
                record.actions.push(entry);
                state = *next;
            }
            (Ok(next), Err(rule)) => {
                record.actions.push(entry);
                return found(
                    &mut record,
                    next,
                    "whether the action is legal",
                    "it is legal".into(),
                    format!("it is illegal ({rule})"),
                    context,
                    decisions,
                );
            }
            (Err(e), theirs) => {
                let rule = rule_text(e.rule());
                let agree = matches!(theirs, Err(r) if rule_matches(e.rule(), r));
                // Core's messages start with their ruling: said once.
                let why = e.to_string();
                let why = why.strip_prefix(&format!("{rule}: ")).unwrap_or(&why);
                if !agree {
                    let index = record.actions.len();
                    record.actions.push(entry);
                    let before = state;
                    let mut d = found(
                        &mut record,
                        &before,
                        "whether the action is legal",
                        format!("it is illegal ({rule}: {why})"),
                        match theirs {
                            Ok(()) => "it is legal (accepted)".into(),
                            Err(r) => format!("it is illegal for another ruling ({r})"),
                        },
                        context,
                        decisions,
                    )?;
                    if let Outcome::Disagree(d) = &mut d {
                        if let Some(x) = d.record.expected.as_mut() {
                            x.error = Some(ExpectedError { index, rule });
                        }
                    }
                    return Ok(d);
                }
                continue;
            }
        }
        if let Some(d) = compare_position(&mut record, &state, &answers[1..], &context, decisions) {
            return Ok(d);
        }
    }
    if !broke && used.0 == steps.len() {
        used.1 = true;
    }
    if late() {
        return Ok(Outcome::Unfinished { decisions });
    }
    // The end of the list (or of the game): the whole score sheet, game
    // over and winners.
    let answers = engine.batch(&[Request::Scores, Request::IsOver, Request::Winners])?;
    let context = format!("After the last decision ({decisions})");
    if let Some(d) = compare_position(&mut record, &state, &answers, &context, decisions) {
        return Ok(d);
    }
    Ok(Outcome::Agree { decisions })
}

/// Compares the answers about the position `state` (to_act, legal,
/// scores, is_over, winners, as present). A disagreement is written so
/// that replaying the record shows it: a differing turn or legal set adds
/// one decision the other engine must refuse or accept.
// Long: one comparison per query of the protocol, in its order, each writing
// its own disagreement; a table of cases, not nested logic.
fn compare_position(
    record: &mut Record,
    state: &State,
    answers: &[Answer],
    context: &str,
    decisions: usize,
) -> Option<Outcome> {
    let d = |what: &str, ours: String, theirs: String, probe: Option<(u8, Action, bool)>| {
        let mut record = record.clone();
        record.expect(state);
        if let Some((player, action, legal)) = probe {
            let index = record.actions.len();
            record.actions.push(RecordedAction { player, action });
            match state.check_player(player).and_then(|()| state.play(action)) {
                Ok(next) if legal => record.expect(&next),
                Err(e) => {
                    if let Some(x) = record.expected.as_mut() {
                        x.error = Some(ExpectedError {
                            index,
                            rule: rule_text(e.rule()),
                        });
                    }
                }
                Ok(_) => {}
            }
        }
        Some(Outcome::Disagree(Box::new(Disagreement {
            record,
            decisions,
            what: what.into(),
            ours,
            theirs,
            context: context.to_string(),
            used: 0,
            exact: false,
        })))
    };
    for answer in answers {
        match answer {
            Answer::ToAct(theirs) => {
                let ours = state.to_act();
                if ours != *theirs {
                    // Our seat's first legal action: the other engine must
                    // refuse it when it names another seat.
                    let probe =
                        ours.map(|s| (s, Action::from_id(legal_ids(state)[0]).expect("id"), true));
                    return d(
                        "whose turn it is",
                        seat_text(ours),
                        seat_text(*theirs),
                        probe,
                    );
                }
            }
            Answer::Legal(theirs) => {
                let ours = legal_ids(state);
                if ours != *theirs {
                    let only_ours: Vec<u16> = ours
                        .iter()
                        .filter(|i| !theirs.contains(i))
                        .copied()
                        .collect();
                    let only_theirs: Vec<u16> = theirs
                        .iter()
                        .filter(|i| !ours.contains(i))
                        .copied()
                        .collect();
                    let seat = state.to_act().unwrap_or(0);
                    let probe = match (only_ours.first(), only_theirs.first()) {
                        (Some(&i), _) => Some((seat, Action::from_id(i).expect("id"), true)),
                        (None, Some(&i)) => Some((seat, Action::from_id(i).expect("id"), false)),
                        (None, None) => None,
                    };
                    // An id listed twice is a difference of its own (the
                    // sets may be equal).
                    let mut twice: Vec<u16> = theirs
                        .windows(2)
                        .filter(|w| w[0] == w[1])
                        .map(|w| w[0])
                        .collect();
                    twice.dedup();
                    let mut distinct = theirs.clone();
                    distinct.dedup();
                    let also = |only: &[u16]| {
                        if only.is_empty() {
                            String::new()
                        } else {
                            format!(", also {}", ids_text(only))
                        }
                    };
                    let listed_twice = if twice.is_empty() {
                        String::new()
                    } else {
                        format!(
                            ", listing {} more than once ({} ids in all)",
                            ids_text(&twice),
                            theirs.len()
                        )
                    };
                    let ours_text = match (only_ours.is_empty(), twice.is_empty()) {
                        (true, false) => format!("{} legal, each listed once", ours.len()),
                        _ => format!("{} legal{}", ours.len(), also(&only_ours)),
                    };
                    return d(
                        "the legal actions",
                        ours_text,
                        format!(
                            "{} legal{}{listed_twice}",
                            distinct.len(),
                            also(&only_theirs)
                        ),
                        probe,
                    );
                }
            }
            Answer::Scores(theirs) => {
                let ours = sheets(state);
                if ours.len() != theirs.len() {
                    return d(
                        "the score sheets",
                        format!("{} sheets", ours.len()),
                        format!("{} sheets", theirs.len()),
                        None,
                    );
                }
                for (seat, (o, t)) in ours.iter().zip(theirs).enumerate() {
                    let (ov, tv) = (o.values(), t.values());
                    if let Some(k) = (0..ov.len()).find(|&k| ov[k] != tv[k]) {
                        return d(
                            &format!("seat {seat}'s score for {}", Categories::NAMES[k]),
                            format!("{} (total {})", ov[k], o.total),
                            format!("{} (total {})", tv[k], t.total),
                            None,
                        );
                    }
                }
            }
            Answer::IsOver(theirs) if state.is_over() != *theirs => {
                return d(
                    "whether the game is over",
                    state.is_over().to_string(),
                    theirs.to_string(),
                    None,
                );
            }
            Answer::Winners(theirs) => {
                let ours = state.winners();
                if ours != *theirs {
                    return d(
                        "the winners",
                        format!("{ours:?}"),
                        format!("{theirs:?}"),
                        None,
                    );
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Ours;

    /// Ours, but every `apply` is accepted, and the first legal id is
    /// listed twice.
    struct Sloppy(Ours, bool);

    impl Engine for Sloppy {
        fn batch(&mut self, requests: &[Request]) -> Result<Vec<Answer>, String> {
            let mut answers = self.0.batch(requests)?;
            for (r, a) in requests.iter().zip(&mut answers) {
                match (r, a) {
                    (Request::Apply { .. }, a) if self.1 => *a = Answer::Verdict(Ok(())),
                    (Request::Legal, Answer::Legal(ids)) if !self.1 && !ids.is_empty() => {
                        ids.insert(0, ids[0]);
                    }
                    _ => {}
                }
            }
            Ok(answers)
        }
    }

    fn diagnosis(engine: &mut Sloppy, steps: &[Step]) -> Disagreement {
        let config = Config::new(2, Variant::Family, 3);
        match compare_game(engine, &Hello::default(), &config, steps, None, None) {
            Ok(Outcome::Disagree(d)) => *d,
            other => panic!("no disagreement: {other:?}"),
        }
    }

    #[test]
    fn a_refusal_names_its_ruling_once() {
        // The opener's pass, accepted by the other engine.
        let d = diagnosis(
            &mut Sloppy(Ours(None), true),
            &[Step::Probe { id: 0, seat: 0 }],
        );
        assert_eq!(
            d.ours,
            "it is illegal (R-7: the opening player of a call cannot pass)"
        );
        assert!(
            !d.diagnosis("x").contains("R-7: R-7"),
            "{}",
            d.diagnosis("x")
        );
    }

    #[test]
    fn a_legal_id_listed_twice_is_named() {
        let d = diagnosis(&mut Sloppy(Ours(None), false), &[]);
        assert_eq!(d.what, "the legal actions");
        assert!(
            !d.ours.contains("none") && !d.theirs.contains("none"),
            "{d:?}"
        );
        assert!(d.ours.ends_with("legal, each listed once"), "{}", d.ours);
        assert!(
            d.theirs
                .contains("listing bid 1 on 0 (id 0) more than once"),
            "{}",
            d.theirs
        );
    }
}
