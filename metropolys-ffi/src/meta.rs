//! Version, errors, strings and action ids.

use crate::handle;
use crate::ptr::{out, put};
use crate::status::{guard, guard_value, last_error_bytes, last_error_ptr, Failure, MtpStatus};
use crate::types::{MtpAction, MTP_ABI_VERSION};
use metropolys_core::Action;
use std::ffi::{c_char, CString};

static VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library version, e.g. "0.1.0": a static NUL-terminated string (never
/// free it).
#[no_mangle]
pub extern "C" fn mtp_version() -> *const c_char {
    VERSION.as_ptr().cast()
}

/// The ABI version of the loaded library. Compare it with `MTP_ABI_VERSION`
/// from the header you compiled against.
#[no_mangle]
pub extern "C" fn mtp_abi_version() -> u32 {
    MTP_ABI_VERSION
}

/// The name of a status code, e.g. "MTP_STATUS_ILLEGAL_ACTION", or
/// "MTP_STATUS_UNKNOWN" for a value that is not a status: a static string
/// (never free it).
#[no_mangle]
pub extern "C" fn mtp_status_name(status: i32) -> *const c_char {
    static NAMES: [&str; 15] = [
        "MTP_STATUS_OK\0",
        "MTP_STATUS_NULL_POINTER\0",
        "MTP_STATUS_INVALID_ARGUMENT\0",
        "MTP_STATUS_INVALID_HANDLE\0",
        "MTP_STATUS_ILLEGAL_ACTION\0",
        "MTP_STATUS_GAME_OVER\0",
        "MTP_STATUS_INVALID_CONFIG\0",
        "MTP_STATUS_INVALID_JSON\0",
        "MTP_STATUS_INVALID_STATE\0",
        "MTP_STATUS_INVALID_RECORD\0",
        "MTP_STATUS_RECORD_MISMATCH\0",
        "MTP_STATUS_BUFFER_TOO_SMALL\0",
        "MTP_STATUS_PANIC\0",
        "MTP_STATUS_CANCELLED\0",
        "MTP_STATUS_UNKNOWN\0",
    ];
    let i = usize::try_from(status)
        .ok()
        .filter(|&i| i < NAMES.len() - 1)
        .unwrap_or(NAMES.len() - 1);
    NAMES[i].as_ptr().cast()
}

/// The message of the last failed call on this thread, or "" when the last
/// status-returning call succeeded. The string belongs to the library: do
/// not free it; it stays valid until the next status-returning `mtp_` call
/// on this thread (copy it, or use `mtp_last_error_copy`, to keep it).
#[no_mangle]
pub extern "C" fn mtp_last_error() -> *const c_char {
    static FALLBACK: [u8; 1] = [0];
    guard_value(FALLBACK.as_ptr().cast(), last_error_ptr)
}

/// Copies the last error message of this thread into `buf` (capacity `cap`
/// bytes), truncated if needed and always NUL-terminated when `cap > 0`.
/// Returns the message's full length without the NUL, like `snprintf`: the
/// copy was whole when the result is below `cap`. `buf` may be NULL when
/// `cap` is 0. Does not change the last error.
///
/// # Safety
///
/// When `cap > 0`, `buf` must be NULL or valid for `cap` bytes of writes.
#[no_mangle]
pub unsafe extern "C" fn mtp_last_error_copy(buf: *mut c_char, cap: usize) -> usize {
    guard_value(0, || {
        last_error_bytes(|msg| {
            if !buf.is_null() && cap > 0 {
                let n = msg.len().min(cap - 1);
                // SAFETY: `buf` is non-NULL and valid for `cap > n` bytes per
                // the caller; `msg` is library memory, disjoint from it.
                unsafe {
                    std::ptr::copy_nonoverlapping(msg.as_ptr(), buf.cast::<u8>(), n);
                    buf.add(n).write(0);
                }
            }
            msg.len()
        })
    })
}

/// Frees a string returned by this library through a `char **` output
/// (JSON texts). NULL is ignored. Freeing the same string twice, or a string
/// that did not come from this library, is undefined behaviour, as with
/// `free()`; do not modify the string before freeing it.
///
/// # Safety
///
/// `s` must be NULL or a string this library returned and that has not been
/// freed yet.
#[no_mangle]
pub unsafe extern "C" fn mtp_string_free(s: *mut c_char) {
    guard_value((), || {
        if !s.is_null() {
            // SAFETY: per the caller, `s` came from `CString::into_raw` in
            // `ptr::put_string` and was not freed or modified since.
            drop(unsafe { CString::from_raw(s) });
        }
    })
}

/// The number of game handles currently live in this process (created and
/// not yet freed): handy for leak checks in tests.
#[no_mangle]
pub extern "C" fn mtp_live_games() -> usize {
    guard_value(0, handle::live_count)
}

/// The integer id of an action (bids `neighborhood * 13 + building - 1`,
/// 0–714; a pass `MTP_PASS_ID`, 715) into `*id_out`. A bid naming no
/// neighborhood (0–54) or no building (1–13), or an unknown kind, is
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `id_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_action_to_id(action: MtpAction, id_out: *mut u16) -> MtpStatus {
    guard(|| {
        let id_out = out(id_out, "id_out")?;
        let a = action.to_core()?;
        let id = a.id().ok_or_else(|| {
            Failure::invalid(format!(
                "bid of building {} on neighborhood {} has no id: neighborhoods are 0-54, buildings 1-13",
                action.building, action.neighborhood
            ))
        })?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(id_out, id) };
        Ok(())
    })
}

/// The action with integer id `id` (0–715) into `*action_out`; other ids are
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `action_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_action_from_id(id: u16, action_out: *mut MtpAction) -> MtpStatus {
    guard(|| {
        let action_out = out(action_out, "action_out")?;
        let a = Action::from_id(id)?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(action_out, MtpAction::from_core(a)) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn s(p: *const c_char) -> String {
        // SAFETY: the tested functions return static NUL-terminated strings.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned()
    }

    #[test]
    fn status_names_cover_every_status_and_unknown_values() {
        for st in crate::status::ALL_STATUSES {
            assert_eq!(s(mtp_status_name(st as i32)), st.name());
        }
        assert_eq!(s(mtp_status_name(-1)), "MTP_STATUS_UNKNOWN");
        assert_eq!(s(mtp_status_name(14)), "MTP_STATUS_UNKNOWN");
        assert_eq!(s(mtp_status_name(i32::MAX)), "MTP_STATUS_UNKNOWN");
    }

    #[test]
    fn version_is_the_crate_version() {
        assert_eq!(s(mtp_version()), env!("CARGO_PKG_VERSION"));
        assert_eq!(mtp_abi_version(), MTP_ABI_VERSION);
    }
}
