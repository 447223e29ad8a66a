//! `metropolys replay`: tells the game a record holds and checks its
//! expectations.

use crate::account::{header, players, score_table, tell};
use crate::failure::{describe, first_of, ruling, Failure, Outcome};
use crate::html;
use crate::io::{read, say, shown, write};
use crate::narrate::{seat_name, Narrator, Voice};
use crate::review::{compute, whole, Preset};
use metropolys_core::record::Record;
use metropolys_core::{RecordError, State};
use std::path::PathBuf;

/// Options of `metropolys replay`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Prints the setup, every call (bids, passes, forced passes, constructions,
tokens, cards) and the score sheet of the position the record reaches, then
checks the record's \"expected\" part. Exits 1 at the first illegal action
(unless the record expects that rejection) or unmet expectation.

With --html OUT --review PRESET, the replay also shows the bots' review of
the finished game (see `metropolys review`); the page is written without it
when the game cannot be reviewed (not over, or refused), and the command
then fails.")]
pub struct Args {
    /// The record ('-': standard input)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Also write a self-contained HTML replay
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
    /// Draw the bots' review of the game into the HTML replay, by this
    /// preset (seed 0): the win chances per seat as a graph that steers the
    /// replay, the grades and suggestions beside the moves
    #[arg(long, value_enum, value_name = "PRESET", requires = "html")]
    pub review: Option<Preset>,
    /// Print only the check result
    #[arg(short, long)]
    pub quiet: bool,
}

/// Tells the record, writes the replay if asked, checks the expectations.
// Long: the replay's steps in order (read, tell, write the page, check the
// expectations), sharing the record and the narrator.
pub fn run(args: Args) -> Outcome {
    let path = &args.file;
    let text = read(path)?;
    let shown = shown(path);
    let record = Record::from_json(&text).map_err(|e| Failure::Invalid(format!("{shown}: {e}")))?;
    let initial = State::new(&record.config)
        .map_err(|e| Failure::Invalid(format!("{shown}: illegal configuration: {e}")))?;
    let mut narrator = Narrator::new(&initial, Voice::Account);
    let mut state = initial;
    let mut refused = None;
    for (index, ra) in record.actions.iter().enumerate() {
        match state.apply_for(ra.player, ra.action) {
            Ok((next, events)) => {
                narrator.feed(&events);
                state = next;
            }
            Err(error) => {
                refused = Some(RecordError::Illegal {
                    index,
                    player: ra.player,
                    action: ra.action,
                    error,
                });
                break;
            }
        }
    }
    let mut source = format!("record {shown}");
    if let Some(d) = &record.description {
        source = format!("{source}\n  {d}");
    }
    let who = players(&record);
    let head = header(&record.config, &initial, &source, &who);
    let (calls, ending) = narrator.finish();
    let scores = score_table(&state);
    if !args.quiet {
        say(&tell(&head, &calls));
        if let Some(e) = &ending {
            outln!("\n{e}");
        } else if let Some(p) = state.to_act() {
            outln!(
                "\nThe record stops during call {}: {} to act.",
                state.call_number(),
                seat_name(p)
            );
        }
        if let Some(r) = &refused {
            outln!("Refused: {r}");
        }
        outln!();
        out!("{scores}");
    }
    // The replay asked for is written whatever the check finds.
    let mut failures = Vec::new();
    if let Some(out) = &args.html {
        let title = format!("Metropolys · {shown}");
        let review = match args.review {
            Some(preset) if refused.is_none() && state.is_over() => {
                match compute(&record, &whole(preset.into()), true) {
                    Ok(r) => Some(r),
                    Err(f) => {
                        failures.push(f);
                        None
                    }
                }
            }
            Some(_) => {
                failures.push(Failure::Usage(format!(
                    "{shown}: --review: the game is not over, so the replay is written \
                     without a review (`metropolys review --seat S` reviews one seat's \
                     decisions so far)"
                )));
                None
            }
            None => None,
        };
        let page = html::page(
            &title,
            &head,
            &initial,
            &record.actions,
            &scores,
            &who,
            review.as_ref(),
        );
        match write(out, &page) {
            Ok(()) if !args.quiet => outln!("\nHTML replay written to {}.", out.display()),
            Ok(()) => {}
            Err(f) => failures.push(f),
        }
    }
    match record.verify() {
        Ok(_) => {
            let what = match (&record.expected, refused) {
                (None, _) => "no expectations to check".to_string(),
                (Some(_), Some(r)) => format!(
                    "action {} was rejected as expected ({})",
                    match &r {
                        RecordError::Illegal { index, .. } => *index,
                        _ => 0,
                    },
                    ruling(&r)
                ),
                (Some(_), None) => "every expectation met".to_string(),
            };
            outln!("\nCheck: {what}.");
        }
        Err(e) => failures.insert(0, Failure::Invalid(format!("{shown}: {}", describe(&e)))),
    }
    first_of(failures)
}
