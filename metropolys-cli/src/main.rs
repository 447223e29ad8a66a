//! `metropolys`: play, replay and verify Metropolys game records.
//!
//! See `metropolys --help`, docs/cli.md, docs/records.md and
//! docs/conformance.md. The command line is parsed by clap from the
//! definitions below; each subcommand lives in its own module with an
//! `Args` struct (its options) and a `run` function. Adding a subcommand is
//! one module plus one variant of [`Command`] and one arm in [`main`]. Write
//! standard output with `out!`/`outln!` (or `common::say`): a closed pipe then
//! silences the output without ending the command, so the files it was asked
//! to write are still written and its status stays honest.

/// `print!` that ends quietly on a closed pipe.
macro_rules! out {
    ($($t:tt)*) => { $crate::common::say(&format!($($t)*)) };
}

/// `println!` that ends quietly on a closed pipe.
macro_rules! outln {
    () => { $crate::common::say("\n") };
    ($($t:tt)*) => { $crate::common::say(&(format!($($t)*) + "\n")) };
}

mod account;
mod arena;
mod common;
mod completions;
mod conform;
mod html;
mod human;
mod play;
mod replay;
mod verify;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

const EXIT_STATUS: &str = "\
Exit status:
  0  success (verify: every record passed)
  1  a record failed: illegal configuration, illegal action, unmet
     expectation, malformed or unknown record content
  2  usage error (unknown option, missing or bad argument)
  3  a file could not be read or written (play, replay, conform --out)

Where a command reads a file, '-' stands for standard input.";

/// metropolys — play, replay and verify Metropolys game records
#[derive(Debug, Parser)]
#[command(name = "metropolys", version, after_help = EXIT_STATUS)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a whole game with random legal decisions and tell it, or (with
    /// --seats) play in the terminal against bots
    Play(play::Args),
    /// Tell the game a record holds, and check its expectations
    Replay(replay::Args),
    /// Replay records and check them against their expectations
    Verify(verify::Args),
    /// Compare another engine with this one over random games, and shrink
    /// the first disagreement to a small game record
    Conform(conform::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions(completions::Args),
    /// Play many games between bots and print their results
    Arena(arena::Args),
    /// Run the game server with its web client (see docs/server.md)
    Serve(metropolys_server::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let code = match cli.command {
        Command::Play(a) => common::exit_code(play::run(a)),
        Command::Replay(a) => common::exit_code(replay::run(a)),
        Command::Verify(a) => common::exit_code(verify::run(a)),
        Command::Completions(a) => common::exit_code(completions::run(a)),
        Command::Conform(a) => common::exit_code(conform::run(&a.into())),
        Command::Arena(a) => common::exit_code(arena::run_cli(a)),
        Command::Serve(a) => common::exit_code(
            metropolys_server::run(a).map_err(|e| common::Failure::Io(e.to_string())),
        ),
    };
    common::finish(code)
}

/// Help and version go to standard output with status 0; usage errors to
/// standard error, prefixed `metropolys:` like every other error, status 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            common::say(&e.render().to_string());
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("metropolys: no command given\n\n{}", e.render());
            ExitCode::from(2)
        }
        _ => {
            let text = e.render().to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            eprint!("metropolys: {text}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_definitions_are_consistent() {
        use clap::CommandFactory as _;
        super::Cli::command().debug_assert();
    }
}
