//! The C ABI of the Metropolys rules engine (`metropolys-core`).
//!
//! The C header `include/metropolys.h` is generated from this crate by
//! cbindgen (`tests/header.rs` fails when the committed header is stale).
//! `docs/c-api.md` explains the conventions; in short:
//!
//! * Every fallible function returns an [`MtpStatus`]; on failure nothing is
//!   written (except the required count for `MTP_STATUS_BUFFER_TOO_SMALL`)
//!   and `mtp_last_error()` explains it. Every entry point runs inside
//!   `catch_unwind`: no panic crosses the boundary.
//! * Games are opaque, immutable handles ([`MtpGame`]). Applying an action
//!   returns a new handle; the old one stays valid. Every handle is freed
//!   with `mtp_game_free`, which accepts NULL and detects handles that are
//!   not live (double free) instead of touching freed memory.
//! * Strings handed to C are freed with `mtp_string_free`; static strings
//!   (`mtp_version`, `mtp_status_name`, `mtp_last_error`) are never freed.
//! * Lists use the caller's buffers with a length/capacity protocol.
//! * Words for players (narrations, actions, the scoring rules) come from
//!   `metropolys-text` in the language a tag names (`"cs"`; NULL for
//!   English).
//!
//! The rules live in `metropolys-core`; this crate only converts.

#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]

// The order of these modules is the order of the header.
mod board;
mod bot;
mod game;
mod handle;
mod meta;
mod ptr;
mod query;
mod registry;
mod review;
mod saved;
mod status;
mod text;
mod types;

pub use board::*;
pub use bot::*;
pub use game::*;
pub use handle::MtpGame;
pub use meta::*;
pub use query::*;
pub use review::*;
pub use saved::*;
pub use status::MtpStatus;
pub use text::*;
pub use types::*;
