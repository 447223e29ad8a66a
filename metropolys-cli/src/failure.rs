//! Why a command failed: one error type for every subcommand, each failure
//! with its exit status (docs/cli.md).

use metropolys_conform::rules::rule_text;
use metropolys_core::RecordError;
use std::process::ExitCode;

/// Why a command failed; each maps to an exit status (docs/cli.md).
#[derive(Debug)]
pub enum Failure {
    /// Exit 1: a record or configuration is invalid, a check failed, or a
    /// bot failed while playing.
    Invalid(String),
    /// Exit 2: bad command line (clap reports most of these itself; the
    /// commands report bad seats, bots and parameters).
    Usage(String),
    /// Exit 3: a file could not be read or written.
    Io(String),
    /// Exit 2: `conform`'s engine broke the protocol (hung, crashed, wrote
    /// a malformed answer) or supports none of the selected games.
    Protocol(String),
}

impl Failure {
    /// The exit status of this failure.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Invalid(_) => 1,
            Failure::Usage(_) | Failure::Protocol(_) => 2,
            Failure::Io(_) => 3,
        }
    }

    /// The message, without the `metropolys:` prefix.
    pub fn message(&self) -> &str {
        match self {
            Failure::Invalid(m) | Failure::Usage(m) | Failure::Io(m) | Failure::Protocol(m) => m,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// What a subcommand returns.
pub type Outcome = Result<(), Failure>;

/// Reports a failure on standard error and turns an outcome into an exit
/// status.
pub fn exit_code(outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("metropolys: {f}");
            if let Failure::Usage(_) = f {
                eprintln!("Try 'metropolys --help'.");
            }
            ExitCode::from(f.code())
        }
    }
}

/// Reports every failure but the first on standard error and returns the
/// first (whose status the command exits with), or success if none.
pub fn first_of(failures: Vec<Failure>) -> Outcome {
    let mut failures = failures.into_iter();
    let first = failures.next();
    for f in failures {
        eprintln!("metropolys: {f}");
    }
    first.map_or(Ok(()), Err)
}

/// A record failure in words, naming the rule when there is one.
pub fn describe(e: &RecordError) -> String {
    match e {
        RecordError::Illegal { .. } => format!("{e} (actions count from 0)"),
        _ => e.to_string(),
    }
}

/// The ruling a record failure names, as records write it (`R-9`), or `?`.
pub fn ruling(e: &RecordError) -> String {
    e.rule().map_or_else(|| "?".to_string(), rule_text)
}
