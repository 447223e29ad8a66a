//! Game handles and the registry of live handles.
//!
//! A handle is a `Box<MtpGame>` turned into a raw pointer. Every live handle's
//! address is kept in a process-wide set. Before a handle is dereferenced its
//! address is looked up in the set while a read lock is held; freeing removes
//! the address under the write lock. So a NULL, freed, or foreign pointer is
//! reported as `MTP_STATUS_INVALID_HANDLE` and never dereferenced, and a
//! handle cannot be freed by one thread while another thread reads it.
//!
//! (A freed address may be reused by a later handle; a stale pointer then
//! names that newer game. This is a logic error of the caller but never
//! memory-unsafe.)

use crate::status::{Failure, MtpStatus, Outcome};
use metropolys_core::record::History;
use metropolys_core::{Config, Event, Record, State};
use std::collections::BTreeSet;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// An immutable game: a position, the events of the transition that led to
/// it, and (unless loaded from a bare state) the decisions since setup.
///
/// Opaque to C. Created by `mtp_game_new`, `mtp_game_new_simple`,
/// `mtp_game_clone`, `mtp_game_apply`, `mtp_game_apply_id`,
/// `mtp_game_apply_for`, `mtp_game_from_json`, `mtp_game_from_record` and
/// `mtp_record_verify`; released by `mtp_game_free`.
#[derive(Debug, Clone)]
pub struct MtpGame {
    pub(crate) state: State,
    pub(crate) events: Vec<Event>,
    pub(crate) history: Option<History>,
}

impl MtpGame {
    /// A new game from a configuration; its events are the opening
    /// `call_started`.
    pub(crate) fn new(config: Config) -> Outcome<MtpGame> {
        let state = State::new(&config)
            .map_err(|e| Failure::new(MtpStatus::InvalidConfig, e.to_string()))?;
        Ok(MtpGame {
            events: state.opening_events(),
            state,
            history: Some(History::new(config)),
        })
    }

    /// The record of the game so far, `expected` filled in from the current
    /// position; `None` without a history.
    pub(crate) fn record(&self) -> Option<Record> {
        Some(self.history.as_ref()?.to_record(&self.state))
    }
}

/// The registry key of a handle: its address, bitwise inverted. The registry
/// must not hold the address itself, or leak checkers such as valgrind would
/// count a handle the caller lost as "still reachable" instead of "definitely
/// lost".
fn key(ptr: *const MtpGame) -> usize {
    !(ptr as usize)
}

/// A `BTreeSet` rather than a `HashSet`: its nodes are referenced from their
/// start, so leak checkers see them as reachable, not "possibly lost".
static LIVE: RwLock<BTreeSet<usize>> = RwLock::new(BTreeSet::new());

fn registry() -> &'static RwLock<BTreeSet<usize>> {
    &LIVE
}

fn read() -> RwLockReadGuard<'static, BTreeSet<usize>> {
    // A poisoned lock only means a panic happened elsewhere while it was
    // held; the set itself is always consistent (single insert/remove).
    registry().read().unwrap_or_else(|e| e.into_inner())
}

fn write() -> RwLockWriteGuard<'static, BTreeSet<usize>> {
    registry().write().unwrap_or_else(|e| e.into_inner())
}

/// Moves `game` to the heap and registers it: the new handle.
pub(crate) fn register(game: MtpGame) -> *mut MtpGame {
    let ptr = Box::into_raw(Box::new(game));
    write().insert(key(ptr));
    ptr
}

/// Runs `f` on the game behind `ptr` if it is a live handle. Must not be
/// nested (the registry's read lock is held while `f` runs).
pub(crate) fn with_game<T>(
    ptr: *const MtpGame,
    f: impl FnOnce(&MtpGame) -> Outcome<T>,
) -> Outcome<T> {
    if ptr.is_null() {
        return Err(Failure::null("the game handle"));
    }
    let live = read();
    if !live.contains(&key(ptr)) {
        return Err(not_live());
    }
    // SAFETY: `ptr` is in the registry, so it was returned by `Box::into_raw`
    // in `register` and has not been freed: `release` removes it from the
    // registry under the write lock before dropping it, and that lock cannot
    // be taken while `live` (a read guard) is held. Handles are never
    // mutated after registration, so a shared reference is sound.
    let game = unsafe { &*ptr };
    let out = f(game);
    drop(live);
    out
}

fn not_live() -> Failure {
    Failure::new(
        MtpStatus::InvalidHandle,
        "the game handle is not live: it was already freed or did not come from this library",
    )
}

/// Frees the game behind `ptr`: `Ok` for NULL, `InvalidHandle` when it is
/// not live (e.g. freed twice).
pub(crate) fn release(ptr: *mut MtpGame) -> Outcome {
    if ptr.is_null() {
        return Ok(());
    }
    if !write().remove(&key(ptr)) {
        return Err(not_live());
    }
    // SAFETY: `ptr` was in the registry, so it came from `Box::into_raw` in
    // `register` and was not freed. We removed it under the write lock, so no
    // reader holds a reference to it now and no later call can reach it.
    drop(unsafe { Box::from_raw(ptr) });
    Ok(())
}

/// The number of live handles (for tests and leak checks).
pub(crate) fn live_count() -> usize {
    read().len()
}
