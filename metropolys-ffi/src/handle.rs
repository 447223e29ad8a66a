//! Game handles and the registry of live handles.
//!
//! A handle is not an address: it is a slot number and that slot's
//! generation, tagged, in a pointer-sized value that C only ever passes
//! back. The slots live in chunks that are allocated once and never freed,
//! so looking a handle up never touches freed memory:
//!
//! * a value without the tag, or naming a slot that was never allocated (a
//!   NULL, foreign or corrupted pointer), is `MTP_STATUS_INVALID_HANDLE`
//!   without anything being dereferenced;
//! * a freed handle is `MTP_STATUS_INVALID_HANDLE` even after its slot holds
//!   another game: freeing bumps the slot's generation, and a slot whose
//!   generation counter is used up is retired, never reused. (Only a value
//!   forged to carry the tag, a live slot and its current generation names a
//!   game it did not come from; that is a logic error of the caller, never
//!   memory-unsafe.)
//!
//! Each slot has its own lock: a call reads its game under the slot's read
//! lock, and freeing takes the slot's write lock, so a handle cannot be freed
//! by one thread while another reads it. Calls on different handles share no
//! lock and no written cache line, and the cost of a look-up does not depend
//! on how many handles are live. Free slots are kept in a few lock-free
//! lists, one per group of threads, so creating and freeing handles on
//! different threads does not serialize either.
//!
//! The game itself is a `Box<MtpGame>` whose address the slot keeps bitwise
//! inverted, so that leak checkers such as valgrind still report the game of
//! a handle the caller lost as "definitely lost".

use crate::status::{Failure, MtpStatus, Outcome};
use metropolys_core::record::History;
use metropolys_core::{Config, Event, Record, State};
use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};

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

// --- The handle value: tag | generation | slot index ----------------------

#[cfg(target_pointer_width = "64")]
mod layout {
    /// Slot index bits (268 million slots).
    pub(super) const INDEX_BITS: u32 = 28;
    /// Generation bits (a slot is reused about a million times, then retired).
    pub(super) const GEN_BITS: u32 = 20;
    /// The tag in the top 16 bits: its top bit set, so no user-space address
    /// carries it.
    pub(super) const TAG: usize = 0xB17E;
}

#[cfg(not(target_pointer_width = "64"))]
mod layout {
    /// Slot index bits (a million slots).
    pub(super) const INDEX_BITS: u32 = 20;
    /// Generation bits (a slot is reused 255 times, then retired).
    pub(super) const GEN_BITS: u32 = 8;
    /// The tag in the top 4 bits.
    pub(super) const TAG: usize = 0xB;
}

use layout::{GEN_BITS, INDEX_BITS, TAG};

const TAG_SHIFT: u32 = INDEX_BITS + GEN_BITS;
const INDEX_MASK: usize = (1 << INDEX_BITS) - 1;
const GEN_MASK: usize = (1 << GEN_BITS) - 1;
/// The highest generation a handle can carry; a slot freed at it retires.
const GEN_MAX: u32 = GEN_MASK as u32;

fn encode(index: u32, generation: u32) -> *mut MtpGame {
    let value = (TAG << TAG_SHIFT)
        | ((generation as usize & GEN_MASK) << INDEX_BITS)
        | (index as usize & INDEX_MASK);
    std::ptr::without_provenance_mut(value)
}

/// The slot index and generation a handle names, if it carries the tag.
fn decode(ptr: *const MtpGame) -> Option<(u32, u32)> {
    let value = ptr.addr();
    if value >> TAG_SHIFT != TAG {
        return None;
    }
    Some((
        (value & INDEX_MASK) as u32,
        ((value >> INDEX_BITS) & GEN_MASK) as u32,
    ))
}

// --- Slots ------------------------------------------------------------------

/// What a slot holds: its generation and the inverted address of its game
/// (0: free).
#[derive(Debug, Default)]
struct Entry {
    generation: u32,
    game: usize,
}

/// One slot, alone on its cache line so that threads using neighbouring
/// handles do not slow each other down.
#[repr(align(64))]
#[derive(Debug, Default)]
struct Slot {
    entry: RwLock<Entry>,
    /// The next free slot's index + 1 (0: none) while this one is free.
    next_free: AtomicU32,
}

impl Slot {
    fn read(&self) -> RwLockReadGuard<'_, Entry> {
        // A poisoned lock only means a panic happened elsewhere while it was
        // held; the entry is written in single assignments and stays
        // consistent.
        self.entry.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, Entry> {
        self.entry.write().unwrap_or_else(|e| e.into_inner())
    }
}

/// Chunk `k` holds `FIRST << k` slots, so a few chunks cover any number of
/// handles and a slot's place is found with a little arithmetic.
const FIRST: usize = 256;
const CHUNKS: usize = 32;

/// The chunks, allocated on first use and never freed.
static CHUNK: [AtomicPtr<Slot>; CHUNKS] = [const { AtomicPtr::new(std::ptr::null_mut()) }; CHUNKS];
/// Taken only to allocate a chunk.
static GROW: Mutex<()> = Mutex::new(());
/// Slots never used yet start at this index.
static FRESH: AtomicUsize = AtomicUsize::new(0);

/// The chunk and the place in it of slot `index`.
fn place(index: usize) -> (usize, usize) {
    let q = index / FIRST + 1;
    let k = (usize::BITS - 1 - q.leading_zeros()) as usize;
    (k, index - FIRST * ((1 << k) - 1))
}

/// Slot `index`, if its chunk was allocated.
fn slot(index: usize) -> Option<&'static Slot> {
    let (k, at) = place(index);
    let chunk = CHUNK.get(k)?.load(Ordering::Acquire);
    if chunk.is_null() {
        return None;
    }
    // SAFETY: a non-null chunk pointer was stored (Release) by `grow` from a
    // leaked `Box<[Slot]>` of `FIRST << k` slots, never freed nor moved, and
    // `at < FIRST << k` by the arithmetic of `place`. Slots are only used
    // through shared references (their fields synchronize themselves).
    Some(unsafe { &*chunk.add(at) })
}

/// Slot `index`, allocating its chunk if needed.
fn slot_or_grow(index: usize) -> &'static Slot {
    if let Some(s) = slot(index) {
        return s;
    }
    let (k, _) = place(index);
    assert!(k < CHUNKS, "the handle registry is full");
    let _grow = GROW.lock().unwrap_or_else(|e| e.into_inner());
    if CHUNK[k].load(Ordering::Acquire).is_null() {
        let chunk: Box<[Slot]> = (0..FIRST << k).map(|_| Slot::default()).collect();
        CHUNK[k].store(Box::leak(chunk).as_mut_ptr(), Ordering::Release);
    }
    slot(index).expect("the chunk was just allocated")
}

// --- Free lists -------------------------------------------------------------

/// A free list's head, alone on its cache line: an ABA tag in the high 32
/// bits, the first free slot's index + 1 in the low 32 bits (0: empty).
#[repr(align(64))]
struct Head(AtomicU64);

const LISTS: usize = 8;
static FREE: [Head; LISTS] = [const { Head(AtomicU64::new(0)) }; LISTS];

/// The free list of the calling thread (threads are spread over the lists).
fn my_list() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static LIST: usize = NEXT.fetch_add(1, Ordering::Relaxed) % LISTS;
    }
    LIST.try_with(|l| *l).unwrap_or(0)
}

fn push_free(list: usize, index: u32, slot: &Slot) {
    let head = &FREE[list].0;
    let mut h = head.load(Ordering::Acquire);
    loop {
        slot.next_free.store(h as u32, Ordering::Relaxed);
        let new = ((h >> 32).wrapping_add(1) << 32) | u64::from(index + 1);
        match head.compare_exchange_weak(h, new, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => return,
            Err(now) => h = now,
        }
    }
}

fn pop_free(list: usize) -> Option<u32> {
    let head = &FREE[list].0;
    let mut h = head.load(Ordering::Acquire);
    loop {
        let first = h as u32;
        if first == 0 {
            return None;
        }
        // The slot may be popped (and pushed again) by another thread
        // meanwhile: then `next` may be stale, but the tag has moved on and
        // the exchange fails.
        let next = slot((first - 1) as usize)?
            .next_free
            .load(Ordering::Relaxed);
        let new = ((h >> 32).wrapping_add(1) << 32) | u64::from(next);
        match head.compare_exchange_weak(h, new, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => return Some(first - 1),
            Err(now) => h = now,
        }
    }
}

/// A free slot: from the calling thread's list, else another's, else a
/// fresh one.
fn take_slot() -> u32 {
    let mine = my_list();
    for i in 0..LISTS {
        if let Some(index) = pop_free((mine + i) % LISTS) {
            return index;
        }
    }
    let index = FRESH.fetch_add(1, Ordering::Relaxed);
    assert!(index <= INDEX_MASK, "the handle registry is full");
    index as u32
}

// --- The registry's API -----------------------------------------------------

/// Moves `game` to the heap and registers it: the new handle.
pub(crate) fn register(game: MtpGame) -> *mut MtpGame {
    let index = take_slot();
    let slot = slot_or_grow(index as usize);
    let raw = Box::into_raw(Box::new(game));
    let mut entry = slot.write();
    entry.game = !raw.expose_provenance();
    let generation = entry.generation;
    drop(entry);
    encode(index, generation)
}

/// The slot of a live-looking handle and the generation it names.
fn lookup(ptr: *const MtpGame) -> Outcome<(&'static Slot, u32)> {
    let (index, generation) = decode(ptr).ok_or_else(not_live)?;
    let slot = slot(index as usize).ok_or_else(not_live)?;
    Ok((slot, generation))
}

/// Runs `f` on the game behind `ptr` if it is a live handle. Must not be
/// nested on the same handle (its slot's read lock is held while `f` runs).
pub(crate) fn with_game<T>(
    ptr: *const MtpGame,
    f: impl FnOnce(&MtpGame) -> Outcome<T>,
) -> Outcome<T> {
    if ptr.is_null() {
        return Err(Failure::null("the game handle"));
    }
    let (slot, generation) = lookup(ptr)?;
    let entry = slot.read();
    if entry.generation != generation || entry.game == 0 {
        return Err(not_live());
    }
    // SAFETY: a slot holds the inverted address of a `Box<MtpGame>` from
    // `register` until `release` clears it under the slot's write lock, then
    // frees it; that cannot happen while `entry` (a read guard) is held.
    // Handles are never mutated after registration, so a shared reference is
    // sound.
    let game = unsafe { &*std::ptr::with_exposed_provenance::<MtpGame>(!entry.game) };
    let out = f(game);
    drop(entry);
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
    let (slot, generation) = lookup(ptr)?;
    let mut entry = slot.write();
    if entry.generation != generation || entry.game == 0 {
        return Err(not_live());
    }
    let raw = std::ptr::with_exposed_provenance_mut::<MtpGame>(!entry.game);
    entry.game = 0;
    entry.generation += 1;
    let retired = entry.generation > GEN_MAX;
    drop(entry);
    // SAFETY: the slot held `raw`, from `Box::into_raw` in `register`, and we
    // cleared it under the write lock: no reader holds a reference to the
    // game now and no later call can reach it.
    drop(unsafe { Box::from_raw(raw) });
    if !retired {
        let (index, _) = decode(ptr).ok_or_else(not_live)?;
        push_free(my_list(), index, slot);
    }
    Ok(())
}

/// The number of live handles (for tests and leak checks): counts the
/// occupied slots, so it costs a pass over every slot ever used.
pub(crate) fn live_count() -> usize {
    let used = FRESH.load(Ordering::Acquire).min(INDEX_MASK + 1);
    (0..used)
        .filter_map(slot)
        .filter(|s| s.read().game != 0)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> MtpGame {
        MtpGame::new(Config::new(2, metropolys_core::Variant::Family, 1)).unwrap()
    }

    #[test]
    fn slots_are_placed_in_growing_chunks() {
        assert_eq!(place(0), (0, 0));
        assert_eq!(place(FIRST - 1), (0, FIRST - 1));
        assert_eq!(place(FIRST), (1, 0));
        assert_eq!(place(3 * FIRST - 1), (1, 2 * FIRST - 1));
        assert_eq!(place(3 * FIRST), (2, 0));
        // Every index up to the limit has a place inside a chunk.
        let (k, at) = place(INDEX_MASK);
        assert!(k < CHUNKS && at < FIRST << k);
    }

    #[test]
    fn handles_round_trip_and_foreign_values_are_rejected() {
        for (index, generation) in [(0, 0), (5, 7), (INDEX_MASK as u32, GEN_MAX)] {
            assert_eq!(decode(encode(index, generation)), Some((index, generation)));
            assert!(!encode(index, generation).is_null());
        }
        let local = 0u8;
        assert_eq!(decode(std::ptr::from_ref(&local).cast()), None);
        let heap = Box::new(game());
        assert_eq!(decode(&*heap), None);
        let h = register(game());
        // A handle of the right tag on a slot never allocated.
        let (index, generation) = decode(h).unwrap();
        assert!(with_game(encode(index, generation + 1), |_| Ok(())).is_err());
        let far = encode(INDEX_MASK as u32, 0);
        assert!(with_game(far, |_| Ok(())).is_err());
        assert!(release(far).is_err());
        release(h).unwrap();
    }

    #[test]
    fn a_freed_handle_stays_dead_when_its_slot_is_reused() {
        let old = register(game());
        release(old).unwrap();
        // Take slots until the freed one comes back (at once, unless a test
        // on another thread shares the free list).
        let mut taken = Vec::new();
        let new = loop {
            let h = register(game());
            if decode(h).unwrap().0 == decode(old).unwrap().0 {
                break h;
            }
            taken.push(h);
            assert!(taken.len() < 100_000, "the freed slot never came back");
        };
        assert_ne!(old, new);
        assert!(with_game(old, |_| Ok(())).is_err());
        assert!(release(old).is_err());
        assert_eq!(with_game(new, |g| Ok(g.state.players())).unwrap(), 2);
        for h in taken.into_iter().chain([new]) {
            release(h).unwrap();
        }
    }

    #[test]
    fn threads_create_use_and_free_handles_concurrently() {
        let workers: Vec<_> = (0..4)
            .map(|t| {
                std::thread::spawn(move || {
                    let mut mine = Vec::new();
                    for i in 0..2000 {
                        mine.push(register(game()));
                        if i % 3 == 0 {
                            let h = mine.swap_remove((i * 7 + t) % mine.len());
                            release(h).unwrap();
                            assert!(release(h).is_err());
                        }
                    }
                    for &h in &mine {
                        assert_eq!(with_game(h, |g| Ok(g.state.players())).unwrap(), 2);
                    }
                    for h in mine {
                        release(h).unwrap();
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
    }
}
