//! What every subcommand shares: failures and their exit statuses, writing
//! to standard output, reading and writing files (`-` is standard input).

use std::io::Read as _;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

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
}

/// What a subcommand returns.
pub type Outcome = Result<(), Failure>;

/// Reports a failure on standard error and turns an outcome into an exit
/// status.
pub fn exit_code(outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            match &f {
                Failure::Usage(m) => {
                    eprintln!("metropolys: {m}");
                    eprintln!("Try 'metropolys --help'.");
                }
                Failure::Invalid(m) | Failure::Io(m) | Failure::Protocol(m) => {
                    eprintln!("metropolys: {m}");
                }
            }
            ExitCode::from(f.code())
        }
    }
}

/// Set once standard output is gone (a closed pipe) or failed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);
/// A failure of standard output other than a closed pipe (a full disk, say).
static STDOUT_ERROR: OnceLock<String> = OnceLock::new();

/// Writes to standard output. A closed pipe (`metropolys play | head`) only
/// silences the rest of the output: the command goes on, writes the files
/// its options name, and its exit status says how the work went. Any other
/// write error is kept and reported by [`finish`] (status 3).
pub fn say(text: &str) {
    use std::io::Write as _;
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            let _ = STDOUT_ERROR.set(format!("cannot write standard output: {e}"));
        }
    }
}

/// The exit status of a command, once its work is done: a failure to write
/// standard output (other than a closed pipe) turns a success into status 3.
pub fn finish(code: ExitCode) -> ExitCode {
    match STDOUT_ERROR.get() {
        Some(e) if code == ExitCode::SUCCESS => {
            eprintln!("metropolys: {e}");
            ExitCode::from(3)
        }
        _ => code,
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

/// Why a file's text could not be had.
#[derive(Debug)]
pub enum ReadError {
    /// Not a regular file (a FIFO, a device, a directory, a dangling link),
    /// or reading failed: exit 3 where a lone file is read.
    Io(String),
    /// Read, but not UTF-8 text: a malformed record or configuration
    /// (exit 1).
    Malformed(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(m) | ReadError::Malformed(m) => f.write_str(m),
        }
    }
}

/// Whether `path` (following links) is a regular file, checked before it
/// is opened so that a FIFO or a device is never read (which could block
/// forever).
pub fn regular_file(path: &Path) -> Result<(), String> {
    let md = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if md.is_file() {
        Ok(())
    } else if md.is_dir() {
        Err("cannot read: a directory, not a record file".into())
    } else {
        Err("cannot read: not a regular file (a FIFO, socket or device)".into())
    }
}

/// Reads a whole file, or standard input for `-`; the error is bare (no
/// file name) for callers that name the file themselves.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let bytes = if is_stdin(path) {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| ReadError::Io(format!("cannot read: {e}")))?;
        b
    } else {
        regular_file(path).map_err(ReadError::Io)?;
        std::fs::read(path).map_err(|e| ReadError::Io(format!("cannot read: {e}")))?
    };
    String::from_utf8(bytes).map_err(|e| {
        ReadError::Malformed(format!(
            "malformed: not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Reads a whole file, or standard input for `-`.
pub fn read(path: &Path) -> Result<String, Failure> {
    read_text(path).map_err(|e| match e {
        ReadError::Io(m) => Failure::Io(format!(
            "cannot read {}: {}",
            shown(path),
            m.trim_start_matches("cannot read: ")
        )),
        ReadError::Malformed(m) => Failure::Invalid(format!("{}: {m}", shown(path))),
    })
}

/// Writes a whole file.
pub fn write(path: &Path, text: &str) -> Outcome {
    std::fs::write(path, text)
        .map_err(|e| Failure::Io(format!("cannot write {}: {e}", path.display())))
}

/// Reports every failure but the first on standard error and returns the
/// first (whose status the command exits with), or success if none.
pub fn first_of(failures: Vec<Failure>) -> Outcome {
    let mut failures = failures.into_iter();
    let first = failures.next();
    for f in failures {
        match f {
            Failure::Invalid(m) | Failure::Usage(m) | Failure::Io(m) | Failure::Protocol(m) => {
                eprintln!("metropolys: {m}");
            }
        }
    }
    first.map_or(Ok(()), Err)
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
