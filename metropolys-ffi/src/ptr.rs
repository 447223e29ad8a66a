//! The few raw-pointer operations of the crate, each checked for NULL
//! before use. Every entry point goes through these helpers.

use crate::status::{Failure, MtpStatus, Outcome};
use std::ffi::{c_char, CStr, CString};

/// Checks that an output pointer is not NULL.
pub(crate) fn out<T>(ptr: *mut T, what: &str) -> Outcome<*mut T> {
    if ptr.is_null() {
        Err(Failure::null(what))
    } else {
        Ok(ptr)
    }
}

/// Writes `value` through an output pointer checked by [`out`].
///
/// # Safety
///
/// `ptr` must be non-NULL, aligned, and valid for a write of one `T`.
pub(crate) unsafe fn put<T>(ptr: *mut T, value: T) {
    // SAFETY: guaranteed by the caller (see above).
    unsafe { ptr.write(value) }
}

/// Reads a NUL-terminated UTF-8 string argument.
///
/// # Safety
///
/// `ptr` must be NULL or point to a NUL-terminated string that stays valid
/// and unchanged for `'a`.
pub(crate) unsafe fn text<'a>(ptr: *const c_char, what: &str) -> Outcome<&'a str> {
    if ptr.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: non-NULL, and NUL-terminated and valid per the caller.
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes.to_str().map_err(|e| {
        Failure::new(
            MtpStatus::InvalidJson,
            format!("{what} is not valid UTF-8: {e}"),
        )
    })
}

/// Hands a string to C: the caller frees it with `mtp_string_free`.
///
/// # Safety
///
/// `ptr` must satisfy [`put`]'s requirements.
pub(crate) unsafe fn put_string(ptr: *mut *mut c_char, s: String) {
    // JSON and messages never hold NUL; escape defensively all the same.
    let c = CString::new(s).unwrap_or_else(|e| {
        CString::new(e.into_vec().escape_ascii().to_string()).unwrap_or_default()
    });
    // SAFETY: forwarded from the caller.
    unsafe { put(ptr, c.into_raw()) }
}

/// The buffer protocol: writes `items` into `buf` (capacity `cap`) and the
/// count into `count`. The count is always written; when `cap` is too small
/// nothing else is written and the status is `MTP_STATUS_BUFFER_TOO_SMALL`.
/// `buf` may be NULL when `cap` is 0.
///
/// # Safety
///
/// `count` must be NULL or valid for a write; when `cap > 0`, `buf` must be
/// NULL or valid for `cap` writes of `T`.
pub(crate) unsafe fn fill<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    count: *mut usize,
    what: &str,
) -> Outcome {
    let count = out(count, "the count pointer")?;
    if buf.is_null() && cap > 0 {
        return Err(Failure::null("the buffer (with a capacity above 0)"));
    }
    // SAFETY: `count` is non-NULL and valid per the caller.
    unsafe { put(count, items.len()) };
    if items.len() > cap {
        return Err(Failure::new(
            MtpStatus::BufferTooSmall,
            format!(
                "{} {what} do not fit in a buffer of {cap}; the required count was written",
                items.len()
            ),
        ));
    }
    if !items.is_empty() {
        // SAFETY: `buf` is non-NULL here (cap >= len > 0) and valid for
        // `cap >= items.len()` writes per the caller; `items` is a Rust slice
        // and cannot overlap memory the caller handed us for writing.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    Ok(())
}
