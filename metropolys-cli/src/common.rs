//! What every subcommand shares: failures and their exit statuses, writing
//! to standard output, reading and writing files (`-` is standard input).

use std::io::Read as _;
use std::path::Path;

/// Why a command failed; each maps to an exit status (docs/cli.md).
#[derive(Debug)]
pub enum Failure {
    /// Exit 1: a record or configuration is invalid, or a check failed.
    Invalid(String),
    /// Exit 2: bad command line (clap reports most of these itself).
    #[allow(dead_code)]
    Usage(String),
    /// Exit 3: a file could not be read or written.
    Io(String),
}

impl Failure {
    /// The exit status of this failure.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Invalid(_) => 1,
            Failure::Usage(_) => 2,
            Failure::Io(_) => 3,
        }
    }
}

/// What a subcommand returns.
pub type Outcome = Result<(), Failure>;

/// Reports a failure on standard error and turns an outcome into an exit
/// status.
pub fn exit_code(outcome: Outcome) -> std::process::ExitCode {
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(f) => {
            match &f {
                Failure::Usage(m) => {
                    eprintln!("metropolys: {m}");
                    eprintln!("Try 'metropolys --help'.");
                }
                Failure::Invalid(m) | Failure::Io(m) => eprintln!("metropolys: {m}"),
            }
            std::process::ExitCode::from(f.code())
        }
    }
}

/// Writes to standard output; a closed pipe (`metropolys play | head`) ends
/// the program quietly.
pub fn say(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// True for the path `-`, which stands for standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How a path is shown in messages (`-` is `standard input`).
pub fn shown(path: &Path) -> String {
    if is_stdin(path) {
        "standard input".into()
    } else {
        path.display().to_string()
    }
}

/// Reads a whole file, or standard input for `-`; the error is bare (no
/// file name) for callers that name the file themselves.
pub fn read_text(path: &Path) -> Result<String, String> {
    if is_stdin(path) {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))
    }
}

/// Reads a whole file, or standard input for `-`.
pub fn read(path: &Path) -> Result<String, Failure> {
    read_text(path).map_err(|e| {
        Failure::Io(format!(
            "cannot read {}: {}",
            shown(path),
            e.trim_start_matches("cannot read: ")
        ))
    })
}

/// Writes a whole file.
pub fn write(path: &Path, text: &str) -> Outcome {
    std::fs::write(path, text)
        .map_err(|e| Failure::Io(format!("cannot write {}: {e}", path.display())))
}

/// The header and every call, one paragraph each.
pub fn tell(head: &str, calls: &[crate::account::CallLog]) -> String {
    let mut s = String::from(head);
    for c in calls {
        s.push('\n');
        s.push_str(&c.title);
        s.push('\n');
        for l in &c.lines {
            s.push_str(l);
            s.push('\n');
        }
    }
    s
}

/// A record failure in words, naming the rule when there is one.
pub fn describe(e: &metropolys_core::RecordError) -> String {
    match e {
        metropolys_core::RecordError::Illegal { .. } => format!("{e} (actions count from 0)"),
        _ => e.to_string(),
    }
}
