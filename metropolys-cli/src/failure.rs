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
    /// Exit 4: the system refused a thread the command needed (its limit
    /// on threads or on memory).
    Thread(String),
}

impl Failure {
    /// The exit status of this failure.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Invalid(_) => 1,
            Failure::Usage(_) | Failure::Protocol(_) => 2,
            Failure::Io(_) => 3,
            Failure::Thread(_) => 4,
        }
    }

    /// The message, without the `metropolys:` prefix.
    pub fn message(&self) -> &str {
        match self {
            Failure::Invalid(m)
            | Failure::Usage(m)
            | Failure::Io(m)
            | Failure::Protocol(m)
            | Failure::Thread(m) => m,
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

/// Writes one line on standard error, prefixed `metropolys: `; a standard
/// error that cannot be written is ignored (never a panic).
pub fn complain(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "metropolys: {message}");
}

/// Reports a failure on standard error and turns an outcome into an exit
/// status.
pub fn exit_code(outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            complain(f.message());
            if let Failure::Usage(_) = f {
                use std::io::Write as _;
                let _ = writeln!(std::io::stderr(), "Try 'metropolys --help'.");
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
        complain(f.message());
    }
    first.map_or(Ok(()), Err)
}

/// The exit status of a panic (a bug): no Rust panic text reaches the
/// user, only the one line [`panic_hook`] writes.
pub const INTERNAL_ERROR: u8 = 101;

/// The text of a panic's payload (`panic!`'s message).
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("")
}

/// Whether a panic is the standard library's failure to start a thread
/// (`std::thread::spawn` and the scoped threads of the bots and arenas
/// panic so when the system refuses one).
fn is_thread_start(text: &str) -> bool {
    text.starts_with("failed to spawn thread")
}

/// Replaces Rust's panic message (text, location, backtrace hint) with one
/// line: `metropolys: internal error: …`. A failure to start a thread
/// prints nothing here: the command reports it as [`Failure::Thread`]
/// ([`from_panic`]).
pub fn panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let text = panic_text(info.payload());
        if is_thread_start(text) {
            return;
        }
        let at = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        let text = text.lines().next().unwrap_or("");
        complain(&format!(
            "internal error{at}: {text}; this is a bug, please report it"
        ));
    }));
}

/// The failure a command's panic stands for: a thread the system refused
/// is [`Failure::Thread`]; any other panic is a bug, already told by the
/// hook (`None`: exit with [`INTERNAL_ERROR`]).
pub fn from_panic(payload: &(dyn std::any::Any + Send)) -> Option<Failure> {
    let text = panic_text(payload);
    if !is_thread_start(text) {
        return None;
    }
    // `failed to spawn thread: Os { code: 11, kind: WouldBlock, message:
    // "Resource temporarily unavailable" }`: the system's words.
    let why = text
        .split_once("message: \"")
        .and_then(|(_, m)| m.split('"').next())
        .unwrap_or_else(|| text.trim_start_matches("failed to spawn thread: "));
    Some(thread_failure(why))
}

/// The failure a bot's error stands for: a thread the system refused
/// (the bots report it as `cannot start a thread: …`) is
/// [`Failure::Thread`], like the same refusal anywhere in the tool; any
/// other error of a bot is [`Failure::Invalid`].
pub fn bot_failure(message: String) -> Failure {
    const REFUSED: &str = "cannot start a thread: ";
    match message.split_once(REFUSED) {
        Some((_, why)) => thread_failure(why),
        None => Failure::Invalid(message),
    }
}

/// The failure of an arena, a sequential test or a ladder: options that
/// make no sense are a usage error, anything else as [`bot_failure`].
pub fn run_failure(e: metropolys_bots::BotError) -> Failure {
    use metropolys_bots::BotError;
    match e {
        BotError::Arena(_) | BotError::Ladder(_) | BotError::Config(_) => {
            Failure::Usage(e.to_string())
        }
        other => bot_failure(other.to_string()),
    }
}

/// A thread the system refused, in words.
pub fn thread_failure(why: &str) -> Failure {
    Failure::Thread(format!(
        "cannot start a thread ({why}): the system's limit on threads or memory; \
         use fewer threads (--threads, a bot's \"threads\")"
    ))
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
    match e.rule() {
        [] => "?".to_string(),
        rules => rule_text(rules),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_that_cannot_start_a_thread_is_a_thread_failure() {
        let f = bot_failure(
            "red (ismcts) failed: cannot start a thread: Resource temporarily unavailable".into(),
        );
        assert_eq!(f.code(), 4);
        assert!(
            f.message().contains("(Resource temporarily unavailable)"),
            "{f}"
        );
        assert_eq!(bot_failure("no legal action".into()).code(), 1);
    }
}
