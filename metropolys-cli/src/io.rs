//! Standard output that a closed pipe silences, files (`-` is standard
//! input) and progress bars.
//!
//! Write standard output with `out!`/`outln!` (or [`say`]): a closed pipe
//! then silences the output without ending the command, so the files it was
//! asked to write are still written and its status stays honest.

use crate::failure::{Failure, Outcome};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal as _, Read as _};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// `print!` that ends quietly on a closed pipe.
macro_rules! out {
    ($($t:tt)*) => { $crate::io::say(&format!($($t)*)) };
}

/// `println!` that ends quietly on a closed pipe.
macro_rules! outln {
    () => { $crate::io::say("\n") };
    ($($t:tt)*) => { $crate::io::say(&(format!($($t)*) + "\n")) };
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
            crate::failure::complain(e);
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

/// The largest file read whole (a record or a configuration), in bytes:
/// 16 MiB, some 200 times the longest game's record. A larger file (or
/// standard input running on past it) is refused after reading at most
/// this much, so that no input can exhaust memory.
pub const MAX_FILE: u64 = 16 << 20;

/// Reads a whole file, or standard input for `-`, of at most [`MAX_FILE`]
/// bytes; the message is bare (no file name) for callers that name the
/// file themselves. A file that cannot be read is [`Failure::Io`]; one that
/// is larger than [`MAX_FILE`] or not UTF-8 text is a malformed record or
/// configuration, [`Failure::Invalid`].
pub fn read_text(path: &Path) -> Result<String, Failure> {
    let too_large = || {
        Failure::Invalid(format!(
            "malformed: larger than {} MiB, too large for a record or configuration",
            MAX_FILE >> 20
        ))
    };
    let cannot = |e: std::io::Error| Failure::Io(format!("cannot read: {e}"));
    let mut bytes = Vec::new();
    if is_stdin(path) {
        std::io::stdin()
            .lock()
            .take(MAX_FILE + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    } else {
        regular_file(path).map_err(Failure::Io)?;
        let file = std::fs::File::open(path).map_err(cannot)?;
        if file.metadata().map_err(cannot)?.len() > MAX_FILE {
            return Err(too_large());
        }
        // The file may grow between the check and the read.
        file.take(MAX_FILE + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    }
    if bytes.len() as u64 > MAX_FILE {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::Invalid(format!(
            "malformed: not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Reads a whole file, or standard input for `-`; the message names it.
pub fn read(path: &Path) -> Result<String, Failure> {
    read_text(path).map_err(|e| match e {
        Failure::Io(m) => Failure::Io(format!(
            "cannot read {}: {}",
            shown(path),
            m.trim_start_matches("cannot read: ")
        )),
        other => Failure::Invalid(format!("{}: {other}", shown(path))),
    })
}

/// Writes a whole file.
pub fn write(path: &Path, text: &str) -> Outcome {
    std::fs::write(path, text)
        .map_err(|e| Failure::Io(format!("cannot write {}: {e}", path.display())))
}

/// A progress bar of `len` steps on standard error, drawn with `template`
/// (indicatif's), or a hidden one when it is not `wanted` or standard error
/// is not a terminal (so logs and pipes never see it).
pub fn progress_bar(len: u64, template: &str, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
