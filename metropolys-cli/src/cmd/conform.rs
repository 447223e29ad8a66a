//! `metropolys conform`: the differential tester of `metropolys-conform`
//! behind a command line. It starts the engine under test (a child process
//! speaking docs/conformance-protocol.md), runs the comparison with a
//! progress bar, writes the shrunk record of the first disagreement and
//! tells the diagnosis.

use crate::failure::{thread_failure, Failure, Outcome};
use crate::io::{progress_bar, write};
use metropolys_conform::protocol::{Answer, Request, PROTOCOL_VERSION};
use metropolys_conform::{
    any_selected, check, kill_group, Engine, Options, Process, Progress, StartError, MAX_STEPS,
};
use metropolys_core::Variant;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Options of `metropolys conform` (the command line).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The engine is a child process speaking the JSON-lines protocol of
docs/conformance-protocol.md. Games come from the project's proptest
strategies; the first disagreement is shrunk, written as a game record with
\"expected\" from this engine (`metropolys verify FILE` replays it), and
diagnosed in one paragraph.

The engine runs in a process group of its own, ended whole (SIGKILL) when
conform exits, Ctrl-C included: nothing it started outlives it. Shrinking
stops at --shrink-time, cutting short the game being compared.

Exit status: 0 the engines agreed on every decision; 1 they disagreed (the
record is written); 2 protocol error (the engine hung past --timeout-ms,
crashed or wrote a malformed line) or usage error; 3 the record cannot be
written to --out; 4 a thread could not be started; 130 Ctrl-C.")]
pub struct Args {
    /// The engine's command line (split on spaces), e.g. "python3 my_engine.py"
    #[arg(long, value_name = "CMD ARGS")]
    pub engine: String,
    /// Random games to compare (at least 1)
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Seed of the game generator
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Only these player counts, e.g. 2 or 3,4 (default: all)
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u8).range(i64::from(metropolys_core::MIN_PLAYERS)..=metropolys_core::MAX_PLAYERS as i64))]
    pub players: Vec<u8>,
    /// Only this variant (default: both)
    #[arg(long, value_parser = ["family", "expert"])]
    pub variant: Option<String>,
    /// Where to write the shrunk record of a disagreement
    #[arg(long, value_name = "FILE", default_value = "conform-failure.json")]
    pub out: PathBuf,
    /// Longest wait for one answer, in milliseconds (at least 1)
    #[arg(long, value_name = "MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout_ms: u64,
    /// Most decisions per generated game, 1 to 10000 (a game has at most
    /// 784, with 4 players)
    #[arg(long, value_name = "N", default_value_t = 300,
          value_parser = clap::value_parser!(u16).range(1..=MAX_STEPS as i64))]
    pub max_steps: u16,
    /// Longest time spent shrinking, in seconds (0: do not shrink)
    #[arg(long, value_name = "S", default_value_t = 30)]
    pub shrink_time: u32,
    /// No progress bar or statistics
    #[arg(short, long)]
    pub quiet: bool,
}

impl Args {
    /// The games to compare, as the tester takes them.
    fn options(&self) -> Options {
        Options {
            games: self.games,
            seed: self.seed,
            players: self.players.clone(),
            variant: self.variant.as_deref().map(|v| {
                if v == "expert" {
                    Variant::Expert
                } else {
                    Variant::Family
                }
            }),
            max_steps: usize::from(self.max_steps),
            shrink_time: Duration::from_secs(u64::from(self.shrink_time)),
        }
    }
}

/// Runs `metropolys conform`: success when every decision agreed;
/// [`Failure::Invalid`] (status 1) on a disagreement, after the diagnosis
/// is told and the shrunk record written; [`Failure::Protocol`] (status 2)
/// when the engine cannot be started, breaks the protocol or supports none
/// of the selected games; [`Failure::Io`] (status 3) when the record cannot
/// be written. Standard output goes through `outln!`, so a closed pipe only
/// silences it.
pub fn run(args: Args) -> Outcome {
    let outcome = run_tester(args);
    // After Ctrl-C the engine dies of the handler's SIGKILL, and this
    // thread may see that death before the handler exits: it is the
    // interruption (130), not a protocol error.
    if INTERRUPTED.load(Ordering::SeqCst) {
        std::process::exit(130);
    }
    outcome
}

/// Set by the Ctrl-C handler before it ends the engine's process group.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The tester's run, from spawning the engine to the last game.
// Long: the tester's run in order (spawn, handshake, games, report), sharing
// the engine's process and the Ctrl-C state.
fn run_tester(args: Args) -> Outcome {
    let options = args.options();
    let timeout = Duration::from_millis(args.timeout_ms);
    let mut process = Process::spawn(&args.engine, timeout).map_err(|e| match e {
        StartError::Thread(why) => thread_failure(&why),
        StartError::Engine(why) => Failure::Protocol(why),
    })?;
    // Ctrl-C (or SIGTERM, SIGHUP) ends the engine's process group before
    // the tester exits (status 130); every other exit drops `process`,
    // which ends it.
    let group = process.group();
    ctrlc::set_handler(move || {
        INTERRUPTED.store(true, Ordering::SeqCst);
        kill_group(group);
        std::process::exit(130);
    })
    .map_err(|e| thread_failure(&format!("cannot watch for Ctrl-C: {e}")))?;
    let hello = match process.batch(&[Request::Hello {
        version: PROTOCOL_VERSION,
    }]) {
        Ok(mut a) => match a.pop() {
            Some(Answer::Hello(h)) => h,
            _ => unreachable!("hello is answered by hello"),
        },
        Err(e) => {
            return Err(Failure::Protocol(format!(
                "protocol error in the handshake: {e}"
            )))
        }
    };
    if !any_selected(&options, &hello) {
        return Err(Failure::Protocol(format!(
            "{} supports none of the selected configurations (unsupported: {})",
            hello.name,
            hello.unsupported.join(", ")
        )));
    }
    let bar = progress_bar(
        u64::from(options.games),
        "{bar:40} {pos}/{len} games {elapsed} {msg}",
        !args.quiet,
    );
    let report = check(&mut process, &hello, &options, &mut |p| match p {
        Progress::Agreed => bar.inc(1),
        Progress::Shrinking => bar.set_message("shrinking"),
    });
    bar.finish_and_clear();
    let name = &hello.name;
    if let Some(e) = &report.protocol_error {
        return Err(Failure::Protocol(format!(
            "protocol error with {name}: {e}"
        )));
    }
    if let Some(why) = &report.gave_up {
        return Err(Failure::Protocol(format!(
            "game generation gave up: {why} (after {} agreeing game(s) of {}); \
             select more configurations (--players, --variant)",
            report.games, options.games
        )));
    }
    let rate = report.decisions as f64 / report.search_time.as_secs_f64().max(1e-9);
    match (&report.found, &report.shrunk) {
        (Some(found), Some(shrunk)) => {
            let path = &args.out;
            let mut record = shrunk.record.clone();
            record.description = Some(format!(
                "metropolys conform: {} disagrees with the reference engine on {} ({}).",
                name, shrunk.what, shrunk.context
            ));
            // The record is written first, and the diagnosis told whether
            // or not it could be.
            let written = write(path, &record.to_json_readable());
            outln!("DISAGREEMENT after {} agreeing game(s)", report.games);
            outln!();
            outln!("{}", shrunk.diagnosis(name));
            outln!();
            outln!(
                "Found at decision {} of a game of {} recorded action(s); shrunk in {} step(s) ({:.1} s) to {} action(s).",
                found.decisions,
                found.record.actions.len(),
                report.shrink_steps,
                report.shrink_time.as_secs_f64(),
                record.actions.len()
            );
            if written.is_ok() {
                outln!(
                    "Record: {} (`metropolys verify {0}` replays it with the reference engine; \
                     replayed by {name} it fails at its last action)",
                    path.display()
                );
            }
            if !args.quiet {
                outln!(
                    "{} decisions compared in {:.2} s ({rate:.0} per second)",
                    report.decisions,
                    report.search_time.as_secs_f64()
                );
            }
            written?;
            Err(Failure::Invalid(format!(
                "{name} disagrees with the reference engine (record: {})",
                path.display()
            )))
        }
        _ => {
            outln!(
                "ok: {name} agrees with the reference engine on {} game(s), {} decisions",
                report.games,
                report.decisions
            );
            if !args.quiet {
                outln!(
                    "{:.2} s, {rate:.0} decisions compared per second (seed {})",
                    report.search_time.as_secs_f64(),
                    options.seed
                );
            }
            Ok(())
        }
    }
}
