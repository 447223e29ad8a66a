//! A game record replayed through an engine under test, compared with the
//! record's `expected` part (the check an engine makes of the records the
//! tester writes, and of the conformance vectors).

use crate::engine::Engine;
use crate::protocol::{Answer, Categories, Request};
use crate::rules::{expected_matches, rejection};
use metropolys_core::Record;

/// Replays `record` through `engine` and returns the first difference from
/// the record's `expected` part, in words (`None` when the engine matches
/// it): the configuration refused, an action refused (or, at
/// `expected.error.index`, accepted or refused for another ruling), or the
/// totals, game over, winners or a score sheet's category after the last
/// action. `Err` is the engine's failure (a protocol error).
pub fn replay(engine: &mut dyn Engine, record: &Record) -> Result<Option<String>, String> {
    let config = record.config.clone();
    if let Answer::Verdict(Err(_)) = ask(engine, Request::NewGame { config })? {
        return Ok(Some("the engine refuses the configuration".into()));
    }
    let expected = record.expected.clone().unwrap_or_default();
    for (i, entry) in record.actions.iter().enumerate() {
        let action = entry
            .action
            .id()
            .ok_or_else(|| format!("action {i} has no id"))?;
        let verdict = match ask(
            engine,
            Request::Apply {
                player: entry.player,
                action,
            },
        )? {
            Answer::Verdict(v) => v,
            _ => unreachable!("apply is answered by a verdict"),
        };
        if let Some(error) = expected.error.as_ref().filter(|e| e.index == i) {
            return Ok(match &verdict {
                Err(theirs) if expected_matches(&error.rule, rejection(record, i), theirs) => {
                    compare_end(engine, record)?
                }
                Err(theirs) => Some(format!(
                    "action {i}: expected a rejection for {}, got {theirs}",
                    error.rule
                )),
                Ok(()) => Some(format!(
                    "action {i}: expected a rejection for {}, got accepted",
                    error.rule
                )),
            });
        }
        if let Err(rule) = verdict {
            return Ok(Some(format!("action {i} is refused ({rule})")));
        }
    }
    compare_end(engine, record)
}

/// One request, one answer.
fn ask(engine: &mut dyn Engine, request: Request) -> Result<Answer, String> {
    engine
        .batch(std::slice::from_ref(&request))?
        .pop()
        .ok_or_else(|| "no answer".to_string())
}

/// The position after the record's actions against `expected`.
fn compare_end(engine: &mut dyn Engine, record: &Record) -> Result<Option<String>, String> {
    let Some(expected) = &record.expected else {
        return Ok(None);
    };
    let answers = engine.batch(&[Request::Scores, Request::IsOver, Request::Winners])?;
    let (Answer::Scores(sheets), Answer::IsOver(over), Answer::Winners(winners)) =
        (&answers[0], &answers[1], &answers[2])
    else {
        unreachable!("answers are checked against their requests")
    };
    let totals: Vec<i32> = sheets.iter().map(|s| s.total).collect();
    if let Some(want) = expected.totals.as_ref().filter(|&t| *t != totals) {
        return Ok(Some(format!("totals: expected {want:?}, got {totals:?}")));
    }
    if let Some(want) = expected.game_over.filter(|g| g != over) {
        return Ok(Some(format!("game_over: expected {want}")));
    }
    if let Some(want) = expected.winners.as_ref().filter(|&w| w != winners) {
        return Ok(Some(format!("winners: expected {want:?}, got {winners:?}")));
    }
    for (seat, sheet) in expected.scores.iter().flatten().enumerate() {
        let want = Categories::from(sheet).values();
        let got = sheets.get(seat).map(Categories::values);
        for (k, name) in Categories::NAMES.iter().enumerate() {
            let theirs = got.map(|g| g[k]);
            if theirs != Some(want[k]) {
                let theirs = theirs.map_or("nothing".to_string(), |t| t.to_string());
                return Ok(Some(format!(
                    "scores[{seat}].{name}: expected {}, got {theirs}",
                    want[k]
                )));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Off, Ours};
    use metropolys_core::{Config, Game, Variant};

    fn game(actions: usize) -> Record {
        let mut game = Game::new(Config::new(3, Variant::Expert, 11)).unwrap();
        let mut rng = metropolys_core::rng::SplitMix64::new(4);
        for _ in 0..actions {
            let Some(a) = game.state().random_action(&mut rng) else {
                break;
            };
            game = game.apply(a).unwrap();
        }
        game.to_record().unwrap()
    }

    #[test]
    fn the_reference_engine_replays_its_records() {
        assert_eq!(replay(&mut Ours(None), &game(1000)), Ok(None));
        assert_eq!(replay(&mut Ours(None), &game(30)), Ok(None));
    }

    #[test]
    fn a_wrong_total_is_named() {
        let why = replay(&mut Off(Ours(None)), &game(1000)).unwrap().unwrap();
        assert!(why.starts_with("totals: expected ["), "{why}");
    }

    #[test]
    fn an_expected_rejection_must_name_the_ruling() {
        let mut record = Record::new(Config::new(2, Variant::Family, 3));
        record.actions.push(metropolys_core::RecordedAction {
            player: 0,
            action: metropolys_core::Action::Pass,
        });
        record.expect(&metropolys_core::State::new(&record.config).unwrap());
        record.expected.as_mut().unwrap().error = Some(metropolys_core::record::ExpectedError {
            index: 0,
            rule: "R-7".into(),
        });
        assert_eq!(replay(&mut Ours(None), &record), Ok(None));
        record
            .expected
            .as_mut()
            .unwrap()
            .error
            .as_mut()
            .unwrap()
            .rule = "R-9".into();
        let why = replay(&mut Ours(None), &record).unwrap().unwrap();
        assert_eq!(why, "action 0: expected a rejection for R-9, got R-7");
    }
}
