//! `metropolys`: play, replay and verify Metropolys game records.
//!
//! See `metropolys --help`, docs/cli.md, docs/records.md and
//! docs/conformance.md. The modules import in one direction:
//!
//! * this file: the command line's definitions (clap) and the dispatch;
//! * `cmd::*`: one module per subcommand, with its options (`Args`) and
//!   its `run`; no command imports another;
//! * the helpers they share, which never import a command: `failure` (why a
//!   command failed, and its exit status), `io` (standard output, files,
//!   progress bars), `args` (the variant, bots and their parameters),
//!   `narrate` (the one narrator of events), `account` (a game's header and
//!   score table), `html` (the HTML replay), `review` (the bots' review of a
//!   game in words).
//!
//! Adding a subcommand is one module in `cmd/`, one variant of [`Command`]
//! and one arm in [`dispatch`].

#[macro_use]
mod io;
mod account;
mod args;
mod cmd;
mod failure;
mod html;
mod narrate;
mod review;

use clap::{CommandFactory as _, Parser, Subcommand};
use std::process::ExitCode;

const EXIT_STATUS: &str = "\
Exit status:
  0  success (verify: every record passed)
  1  a record failed: illegal configuration, illegal action, unmet
     expectation, malformed or unknown record content
  2  usage error (unknown option, missing or bad argument)
  3  a file could not be read or written (play, replay, conform --out)
  4  the system refused a thread (arena --threads, a bot's threads)
  101 an internal error (a bug), told in one line

Where a command reads a file, '-' stands for standard input.";

/// metropolys — play, replay and verify Metropolys game records
#[derive(Debug, Parser)]
#[command(name = "metropolys", version, after_help = EXIT_STATUS)]
pub struct Cli {
    /// The language of what the game tells (en, cs, pl or fr; also a
    /// locale such as cs_CZ.UTF-8); without it, LC_ALL, LC_MESSAGES and
    /// LANG decide, and English where they name none of these
    #[arg(long, global = true, value_name = "LANG", value_parser = parse_lang)]
    pub lang: Option<metropolys_text::Lang>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a whole game with random legal decisions and tell it, or (with
    /// --seats) play in the terminal against bots
    Play(cmd::play::Args),
    /// Tell the game a record holds, and check its expectations
    Replay(cmd::replay::Args),
    /// Review a game decision by decision: the bots' grades, accuracy,
    /// suggestions, win chances and turning points
    Review(cmd::review::Args),
    /// Replay records and check them against their expectations
    Verify(cmd::verify::Args),
    /// Compare another engine with this one over random games, and shrink
    /// the first disagreement to a small game record
    Conform(cmd::conform::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions(cmd::completions::Args),
    /// Play many games between bots and print their results
    Arena(cmd::arena::Args),
    /// Rate bots on the Elo scale: a round robin on paired deals
    Ladder(cmd::ladder::Args),
    /// Run the game server with its web client (see docs/server.md)
    Serve(metropolys_server::Args),
    /// Write the offline web client (hot-seat and bots in the browser, no
    /// server) as a static folder any web server can host
    Web(cmd::web::Args),
}

fn main() -> ExitCode {
    failure::panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    // A panic unwinds to here: a thread the system refused is a failure
    // of its own (status 4); anything else is a bug, told in one line.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| dispatch(cli)));
    match outcome {
        Ok(outcome) => io::finish(failure::exit_code(outcome)),
        Err(payload) => match failure::from_panic(&*payload) {
            Some(f) => failure::exit_code(Err(f)),
            None => ExitCode::from(failure::INTERNAL_ERROR),
        },
    }
}

/// `--lang`'s value: a language the catalogues hold.
fn parse_lang(text: &str) -> Result<metropolys_text::Lang, String> {
    text.parse()
        .map_err(|e: metropolys_text::ParseLangError| e.to_string())
}

/// Runs the command asked for.
fn dispatch(cli: Cli) -> failure::Outcome {
    narrate::set_lang(
        cli.lang
            .unwrap_or_else(|| metropolys_text::Lang::from_env(|k| std::env::var(k).ok())),
    );
    match cli.command {
        Command::Play(a) => cmd::play::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Review(a) => cmd::review::run(a),
        Command::Verify(a) => cmd::verify::run(a),
        Command::Conform(a) => cmd::conform::run(a),
        Command::Completions(a) => cmd::completions::run(a, Cli::command()),
        Command::Arena(a) => cmd::arena::run(a),
        Command::Ladder(a) => cmd::ladder::run(a),
        Command::Web(a) => cmd::web::run(a),
        Command::Serve(a) => {
            metropolys_server::run(a).map_err(|e| {
                // A bad option is named by its flag here.
                failure::Failure::Io(match (&e, e.flag()) {
                    (metropolys_server::ServerError::BadOption { reason, .. }, Some(flag)) => {
                        format!("{flag}: {reason}")
                    }
                    _ => e.to_string(),
                })
            })
        }
    }
}

/// Help and version go to standard output with status 0; usage errors to
/// standard error, prefixed `metropolys:` like every other error, status 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    use std::io::Write as _;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            io::say(&e.render().to_string());
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write!(
                std::io::stderr(),
                "metropolys: no command given\n\n{}",
                e.render()
            );
            ExitCode::from(2)
        }
        _ => {
            let text = e.render().to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            let _ = write!(std::io::stderr(), "metropolys: {text}");
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
