//! `metropolys review`: the bots' review of a recorded game, decision by
//! decision (`metropolys_bots::review`), told within 80 columns or as JSON.

use crate::failure::{describe, Failure, Outcome};
use crate::io::{read, say, shown};
use crate::narrate::seat_id;
use crate::review::{compute, default_threads, text, Preset};
use metropolys_bots::review::{ReviewOptions, MAX_WORLDS};
use metropolys_core::{Record, Seat};
use std::path::PathBuf;

/// Options of `metropolys review`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Every decision of the record is judged twice: with what the acting player
knew (the other seats' secret cards sampled from what they could not rule
out), which gives the grades (inaccuracy, mistake, blunder), the accuracy
and the reviewer's suggestion; and with every card revealed, which gives the
graph of win chances and the turning points. Decisions are numbered from 1,
as the HTML replay's steps (`metropolys replay FILE --html OUT --review
PRESET` draws the review into the replay). The same seed gives the same
review, whatever the number of threads.

A game that is not over can only be reviewed for one seat, with what it
knew: --seat S.")]
pub struct Args {
    /// The record ('-': standard input)
    #[arg(value_name = "RECORD")]
    pub record: PathBuf,
    /// The reviewer: a difficulty preset of the bots
    #[arg(long, value_enum, value_name = "PRESET", default_value = "strong")]
    pub preset: Preset,
    /// Everything random derives from it
    #[arg(short, long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Decisions reviewed in parallel, 1 to 256; the review does not
    /// depend on it [default: the machine's cores]
    #[arg(short, long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=metropolys_bots::MAX_THREADS as i64))]
    pub threads: Option<u16>,
    /// Positions sampled per estimate, 1 to 100000 [default: the preset's:
    /// 64 beginner, 128 casual, 256 strong, 512 expert]
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_WORLDS)))]
    pub worlds: Option<u32>,
    /// Print the review as JSON (every decision with both readings)
    #[arg(long)]
    pub json: bool,
    /// Review only this seat's decisions, with only what it knew (no graph:
    /// nothing revealed); a number from 0 or a colour (blue, brown, white,
    /// black); needed while the game is not over
    #[arg(long, value_name = "S", value_parser = parse_seat)]
    pub seat: Option<Seat>,
    /// No progress bar (none is drawn when standard error is not a terminal)
    #[arg(long)]
    pub no_progress: bool,
}

/// `--seat`'s value: a seat number, or a colour as the board names it.
fn parse_seat(text: &str) -> Result<Seat, String> {
    let text = text.trim();
    if let Ok(n) = text.parse::<Seat>() {
        return Ok(n);
    }
    (0..metropolys_core::svg::PLAYER_COLOR_NAMES.len() as Seat)
        .find(|&p| seat_id(p).eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            format!(
                "a seat is a number from 0 or a colour ({}), not {:?}",
                metropolys_core::svg::PLAYER_COLOR_NAMES.join(", "),
                crate::args::echo(text)
            )
        })
}

/// Reads the record, reviews it and prints the review.
pub fn run(args: Args) -> Outcome {
    let path = &args.record;
    let shown = shown(path);
    let record =
        Record::from_json(&read(path)?).map_err(|e| Failure::Invalid(format!("{shown}: {e}")))?;
    let replay = record
        .replay()
        .map_err(|e| Failure::Invalid(format!("{shown}: {}", describe(&e))))?;
    let players = record.config.players;
    if let Some(seat) = args.seat {
        if seat >= players {
            return Err(Failure::Usage(format!(
                "--seat {seat}: the game of {shown} has {players} seats, 0 to {}",
                players - 1
            )));
        }
    } else if !replay.final_state().is_over() {
        return Err(Failure::Usage(format!(
            "{shown}: the game is not over: while it is played, only one seat's decisions \
             can be reviewed, with what that seat knew: give --seat S"
        )));
    }
    let options = ReviewOptions {
        preset: args.preset.into(),
        worlds: args.worlds,
        seed: args.seed,
        threads: args.threads.map_or_else(default_threads, usize::from),
        only: args.seat,
        ..ReviewOptions::default()
    };
    let review = compute(&record, &options, !args.no_progress)?;
    if args.json {
        let json = serde_json::to_string_pretty(&review)
            .map_err(|e| Failure::Invalid(format!("review: {e}")))?;
        say(&json);
        say("\n");
    } else {
        say(&text(&review, record.config.variant, 80));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_by_number_or_colour() {
        assert_eq!(parse_seat("1"), Ok(1));
        assert_eq!(parse_seat("Brown"), Ok(1));
        assert_eq!(parse_seat("black"), Ok(3));
        let e = parse_seat("purple").unwrap_err();
        assert!(e.contains("blue, brown, white, black"), "{e}");
    }
}
