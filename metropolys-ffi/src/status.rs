//! Status codes, the thread-local last-error message, and the guard that
//! every entry point runs in (no panic crosses the boundary).

use metropolys_core::{Error, RecordError, RuleError};
use std::cell::{Cell, RefCell};
use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

/// The result of every fallible call. `MTP_STATUS_OK` (0) is success; on any
/// other value the call changed nothing (no output was written, no handle
/// was created) and `mtp_last_error()` explains what went wrong.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpStatus {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullPointer = 1,
    /// An argument is out of range: a seat, a neighborhood id, an action id,
    /// an action kind, a variant, a player count.
    InvalidArgument = 2,
    /// The game handle is not live: it was already freed, or it did not come
    /// from this library.
    InvalidHandle = 3,
    /// The action is not legal in this position (the message names the rule).
    IllegalAction = 4,
    /// The game is over: no action can be taken.
    GameOver = 5,
    /// The configuration does not describe a legal setup (R-1 … ).
    InvalidConfig = 6,
    /// The text is not valid UTF-8 JSON of the expected shape.
    InvalidJson = 7,
    /// A state loaded from JSON that no legal game can reach (or a view
    /// that hides more or less than its seat may not see, R-21), or an
    /// operation the handle cannot support (e.g. exporting the record of a
    /// game loaded from a bare state, or a score, the winners or another
    /// seat's cards asked of a view that does not know them, R-21).
    InvalidState = 8,
    /// A game record of an unknown format or version.
    InvalidRecord = 9,
    /// A game record replays, but does not reach what its `expected` says.
    RecordMismatch = 10,
    /// The caller's buffer is too small; the required count was written.
    BufferTooSmall = 11,
    /// An internal error was caught at the boundary (a bug: please report
    /// it with the message).
    Panic = 12,
    /// The call was cancelled through its cancel handle (`mtp_cancel_trip`)
    /// before it finished; nothing was written.
    Cancelled = 13,
}

impl MtpStatus {
    /// The constant's name as written in the C header.
    pub fn name(self) -> &'static str {
        match self {
            MtpStatus::Ok => "MTP_STATUS_OK",
            MtpStatus::NullPointer => "MTP_STATUS_NULL_POINTER",
            MtpStatus::InvalidArgument => "MTP_STATUS_INVALID_ARGUMENT",
            MtpStatus::InvalidHandle => "MTP_STATUS_INVALID_HANDLE",
            MtpStatus::IllegalAction => "MTP_STATUS_ILLEGAL_ACTION",
            MtpStatus::GameOver => "MTP_STATUS_GAME_OVER",
            MtpStatus::InvalidConfig => "MTP_STATUS_INVALID_CONFIG",
            MtpStatus::InvalidJson => "MTP_STATUS_INVALID_JSON",
            MtpStatus::InvalidState => "MTP_STATUS_INVALID_STATE",
            MtpStatus::InvalidRecord => "MTP_STATUS_INVALID_RECORD",
            MtpStatus::RecordMismatch => "MTP_STATUS_RECORD_MISMATCH",
            MtpStatus::BufferTooSmall => "MTP_STATUS_BUFFER_TOO_SMALL",
            MtpStatus::Panic => "MTP_STATUS_PANIC",
            MtpStatus::Cancelled => "MTP_STATUS_CANCELLED",
        }
    }
}

/// Every status, in code order.
#[cfg(test)]
pub(crate) const ALL_STATUSES: [MtpStatus; 14] = [
    MtpStatus::Ok,
    MtpStatus::NullPointer,
    MtpStatus::InvalidArgument,
    MtpStatus::InvalidHandle,
    MtpStatus::IllegalAction,
    MtpStatus::GameOver,
    MtpStatus::InvalidConfig,
    MtpStatus::InvalidJson,
    MtpStatus::InvalidState,
    MtpStatus::InvalidRecord,
    MtpStatus::RecordMismatch,
    MtpStatus::BufferTooSmall,
    MtpStatus::Panic,
    MtpStatus::Cancelled,
];

/// A failed call: its status and the message for `mtp_last_error()`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) status: MtpStatus,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(status: MtpStatus, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }

    pub(crate) fn null(what: &str) -> Failure {
        Failure::new(MtpStatus::NullPointer, format!("{what} is NULL"))
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Failure {
        Failure::new(MtpStatus::InvalidArgument, message)
    }
}

impl From<RuleError> for Failure {
    fn from(e: RuleError) -> Failure {
        let status = match e {
            RuleError::GameOver => MtpStatus::GameOver,
            RuleError::UnknownActionId(_) => MtpStatus::InvalidArgument,
            _ => MtpStatus::IllegalAction,
        };
        Failure::new(status, e.to_string())
    }
}

impl From<RecordError> for Failure {
    fn from(e: RecordError) -> Failure {
        let status = match &e {
            RecordError::Format(_) => MtpStatus::InvalidRecord,
            RecordError::Config(_) => MtpStatus::InvalidConfig,
            RecordError::Illegal { error, .. } => {
                if *error == RuleError::GameOver {
                    MtpStatus::GameOver
                } else {
                    MtpStatus::IllegalAction
                }
            }
            RecordError::Mismatch { .. } => MtpStatus::RecordMismatch,
            _ => MtpStatus::InvalidRecord,
        };
        Failure::new(status, e.to_string())
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        match e {
            Error::Rule(r) => r.into(),
            Error::Record(r) => r.into(),
            Error::Config(c) => Failure::new(MtpStatus::InvalidConfig, c.to_string()),
            Error::Json(_) => Failure::new(MtpStatus::InvalidJson, e.to_string()),
            Error::InvalidState(_) => Failure::new(MtpStatus::InvalidState, e.to_string()),
            Error::Action(_) => Failure::new(MtpStatus::InvalidJson, e.to_string()),
            other => Failure::new(MtpStatus::InvalidState, other.to_string()),
        }
    }
}

pub(crate) type Outcome<T = ()> = Result<T, Failure>;

thread_local! {
    /// The message of the last failed call on this thread; `None` after a
    /// success.
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

fn set_last_error(message: &str) {
    // Interior NULs cannot be represented in a C string: replace them.
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // `try_with`/`try_borrow_mut`: this runs outside `catch_unwind`, so it
    // must not panic even while the thread's locals are being destroyed.
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut slot) = e.try_borrow_mut() {
            *slot = Some(text);
        }
    });
}

fn clear_last_error() {
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut slot) = e.try_borrow_mut() {
            *slot = None;
        }
    });
}

/// The empty C string.
static EMPTY: [u8; 1] = [0];

/// The last error pointer (empty string when none). The
/// pointer stays valid until the next status-returning call on this thread.
pub(crate) fn last_error_ptr() -> *const c_char {
    LAST_ERROR.with(|e| match &*e.borrow() {
        Some(s) => s.as_ptr(),
        None => EMPTY.as_ptr().cast(),
    })
}

/// The last error message as bytes (without the NUL), empty when none.
pub(crate) fn last_error_bytes<T>(f: impl FnOnce(&[u8]) -> T) -> T {
    LAST_ERROR.with(|e| match &*e.borrow() {
        Some(s) => f(s.as_bytes()),
        None => f(b""),
    })
}

/// Runs an entry point's body: catches panics, records the message of a
/// failure in the thread-local last error (or clears it on success), and
/// turns the outcome into a status code.
pub(crate) fn guard(f: impl FnOnce() -> Outcome) -> MtpStatus {
    match quietly(f) {
        Ok(Ok(())) => {
            clear_last_error();
            MtpStatus::Ok
        }
        Ok(Err(failure)) => {
            set_last_error(&failure.message);
            failure.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic payload".into());
            set_last_error(&format!(
                "internal error (panic caught at the C boundary): {what}"
            ));
            MtpStatus::Panic
        }
    }
}

/// Like [`guard`] for the few infallible entry points that return a value
/// rather than a status: a panic yields `fallback`, and the last error is
/// left untouched.
pub(crate) fn guard_value<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    quietly(f).unwrap_or(fallback)
}

thread_local! {
    /// How many guarded entry points this thread is inside.
    static GUARDED: Cell<u32> = const { Cell::new(0) };
}

/// `catch_unwind`, with the panic's report kept out of the host's stderr:
/// a caught panic is a status and a message in `mtp_last_error`, nothing
/// else. The hook is installed once, wraps whatever hook was there before,
/// and stays silent only for panics inside a guarded call, so the host's
/// own panics (if it is a Rust program) are reported as before.
fn quietly<T>(f: impl FnOnce() -> T) -> std::thread::Result<T> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let guarded = GUARDED.try_with(|g| g.get() > 0).unwrap_or(false);
            if !guarded {
                previous(info);
            }
        }));
    });
    let _ = GUARDED.try_with(|g| g.set(g.get() + 1));
    let out = catch_unwind(AssertUnwindSafe(f));
    let _ = GUARDED.try_with(|g| g.set(g.get().saturating_sub(1)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn last() -> String {
        // SAFETY: last_error_ptr always returns a valid NUL-terminated string.
        unsafe { CStr::from_ptr(last_error_ptr()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, MtpStatus::Panic);
        assert!(last().contains("boom"), "{}", last());
        let status = guard(|| panic!("{}", String::from("formatted")));
        assert_eq!(status, MtpStatus::Panic);
        assert!(last().contains("formatted"));
    }

    #[test]
    fn success_clears_the_last_error() {
        assert_eq!(
            guard(|| Err(Failure::invalid("bad seat"))),
            MtpStatus::InvalidArgument
        );
        assert_eq!(last(), "bad seat");
        assert_eq!(guard(|| Ok(())), MtpStatus::Ok);
        assert_eq!(last(), "");
    }

    #[test]
    fn interior_nul_is_escaped() {
        guard(|| Err(Failure::invalid("a\0b")));
        assert_eq!(last(), "a\\0b");
    }

    /// Run in a child process by the test below: a caught panic.
    #[test]
    fn panic_child() {
        if std::env::var_os("MTP_PANIC_CHILD").is_some() {
            assert_eq!(guard(|| panic!("boom")), MtpStatus::Panic);
            eprintln!("child done");
        }
    }

    #[test]
    fn a_caught_panic_prints_nothing_to_the_hosts_stderr() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "status::tests::panic_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("MTP_PANIC_CHILD", "1")
            .env("RUST_BACKTRACE", "1")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        assert!(err.contains("child done"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(!err.contains("boom"), "{err}");
    }

    #[test]
    fn guard_value_falls_back_on_panic() {
        assert_eq!(guard_value(7, || panic!("x")), 7);
        assert_eq!(guard_value(7, || 3), 3);
    }

    #[test]
    fn rule_errors_map_to_statuses() {
        assert_eq!(
            Failure::from(RuleError::GameOver).status,
            MtpStatus::GameOver
        );
        assert_eq!(
            Failure::from(RuleError::OpeningPass).status,
            MtpStatus::IllegalAction
        );
        assert_eq!(
            Failure::from(RuleError::UnknownActionId(999)).status,
            MtpStatus::InvalidArgument
        );
        assert!(Failure::from(RuleError::OpeningPass)
            .message
            .contains("R-7"));
    }

    #[test]
    fn status_names_match_codes() {
        for (i, s) in ALL_STATUSES.iter().enumerate() {
            assert_eq!(*s as usize, i);
            assert!(s.name().starts_with("MTP_STATUS_"));
        }
    }
}
