//! The registry of live handles, one per kind of handle (games, bots).
//!
//! A handle is not an address: it is a slot number and that slot's
//! generation, tagged with its kind, in a pointer-sized value that C only
//! ever passes back. The slots live in chunks that are allocated once and
//! never freed, so looking a handle up never touches freed memory:
//!
//! * a value without the registry's tag (a NULL, foreign or corrupted
//!   pointer, or a handle of another kind, e.g. a game passed as a bot), or
//!   naming a slot that was never allocated, is `MTP_STATUS_INVALID_HANDLE`
//!   without anything being dereferenced;
//! * a freed handle is `MTP_STATUS_INVALID_HANDLE` even after its slot holds
//!   another value: freeing bumps the slot's generation, and a slot whose
//!   generation counter is used up is retired, never reused. (Only a value
//!   forged to carry the tag, a live slot and its current generation names a
//!   value it did not come from; that is a logic error of the caller, never
//!   memory-unsafe.)
//!
//! Each slot has its own lock: a call reads its value under the slot's read
//! lock, and freeing takes the slot's write lock, so a handle cannot be freed
//! by one thread while another reads it. Calls on different handles share no
//! lock and no written cache line, and the cost of a look-up does not depend
//! on how many handles are live. Free slots are kept in a few lock-free
//! lists, one per group of threads, so creating and freeing handles on
//! different threads does not serialize either.
//!
//! The value itself is a `Box<T>` whose address the slot keeps bitwise
//! inverted, so that leak checkers such as valgrind still report the value
//! of a handle the caller lost as "definitely lost".

use crate::status::{Failure, MtpStatus, Outcome};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};

// --- The handle value: tag | generation | slot index ----------------------

#[cfg(target_pointer_width = "64")]
mod layout {
    /// Slot index bits (268 million slots).
    pub(super) const INDEX_BITS: u32 = 28;
    /// Generation bits (a slot is reused about a million times, then retired).
    pub(super) const GEN_BITS: u32 = 20;
    /// The tags in the top 16 bits: their top bit set, so no user-space
    /// address carries one.
    pub(crate) const GAME_TAG: usize = 0xB17E;
    pub(crate) const BOT_TAG: usize = 0xB07B;
    pub(crate) const CANCEL_TAG: usize = 0xCA7C;
}

#[cfg(not(target_pointer_width = "64"))]
mod layout {
    /// Slot index bits (a million slots).
    pub(super) const INDEX_BITS: u32 = 20;
    /// Generation bits (a slot is reused 255 times, then retired).
    pub(super) const GEN_BITS: u32 = 8;
    /// The tags in the top 4 bits.
    pub(crate) const GAME_TAG: usize = 0xB;
    pub(crate) const BOT_TAG: usize = 0xD;
    pub(crate) const CANCEL_TAG: usize = 0xC;
}

pub(crate) use layout::{BOT_TAG, CANCEL_TAG, GAME_TAG};
use layout::{GEN_BITS, INDEX_BITS};

const TAG_SHIFT: u32 = INDEX_BITS + GEN_BITS;
const INDEX_MASK: usize = (1 << INDEX_BITS) - 1;
const GEN_MASK: usize = (1 << GEN_BITS) - 1;
/// The highest generation a handle can carry; a slot freed at it retires.
const GEN_MAX: u32 = GEN_MASK as u32;

// --- Slots ------------------------------------------------------------------

/// What a slot holds: its generation and the inverted address of its value
/// (0: free).
#[derive(Debug, Default)]
struct Entry {
    generation: u32,
    value: usize,
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

/// The chunk and the place in it of slot `index`.
fn place(index: usize) -> (usize, usize) {
    let q = index / FIRST + 1;
    let k = (usize::BITS - 1 - q.leading_zeros()) as usize;
    (k, index - FIRST * ((1 << k) - 1))
}

/// A free list's head, alone on its cache line: an ABA tag in the high 32
/// bits, the first free slot's index + 1 in the low 32 bits (0: empty).
#[repr(align(64))]
struct Head(AtomicU64);

const LISTS: usize = 8;

/// The free list of the calling thread (threads are spread over the lists).
fn my_list() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static LIST: usize = NEXT.fetch_add(1, Ordering::Relaxed) % LISTS;
    }
    LIST.try_with(|l| *l).unwrap_or(0)
}

// --- The registry -----------------------------------------------------------

/// The live handles of one kind: boxed `T`s behind tagged slot handles.
/// Meant to live in a `static`; its memory is never freed.
pub(crate) struct Registry<T> {
    /// The kind's tag in the handle's top bits.
    tag: usize,
    /// The kind's name in messages ("game", "bot").
    kind: &'static str,
    /// The chunks, allocated on first use and never freed.
    chunks: [AtomicPtr<Slot>; CHUNKS],
    /// Taken only to allocate a chunk.
    grow: Mutex<()>,
    /// Slots never used yet start at this index.
    fresh: AtomicUsize,
    /// The free lists.
    free: [Head; LISTS],
    /// The registry owns `T`s (through the slots' addresses); `fn` keeps it
    /// `Sync` whatever `T` is (the methods require `T: Send + Sync`).
    _values: PhantomData<fn(T) -> T>,
}

impl<T> Registry<T> {
    /// An empty registry whose handles carry `tag`; `kind` names them in
    /// messages.
    pub(crate) const fn new(tag: usize, kind: &'static str) -> Registry<T> {
        Registry {
            tag,
            kind,
            chunks: [const { AtomicPtr::new(std::ptr::null_mut()) }; CHUNKS],
            grow: Mutex::new(()),
            fresh: AtomicUsize::new(0),
            free: [const { Head(AtomicU64::new(0)) }; LISTS],
            _values: PhantomData,
        }
    }
}

impl<T: Send + Sync> Registry<T> {
    fn encode(&self, index: u32, generation: u32) -> *mut T {
        let value = (self.tag << TAG_SHIFT)
            | ((generation as usize & GEN_MASK) << INDEX_BITS)
            | (index as usize & INDEX_MASK);
        std::ptr::without_provenance_mut(value)
    }

    /// The slot index and generation a handle names, if it carries the tag.
    fn decode(&self, ptr: *const T) -> Option<(u32, u32)> {
        let value = ptr.addr();
        if value >> TAG_SHIFT != self.tag {
            return None;
        }
        Some((
            (value & INDEX_MASK) as u32,
            ((value >> INDEX_BITS) & GEN_MASK) as u32,
        ))
    }

    /// Slot `index`, if its chunk was allocated.
    fn slot(&self, index: usize) -> Option<&Slot> {
        let (k, at) = place(index);
        let chunk = self.chunks.get(k)?.load(Ordering::Acquire);
        if chunk.is_null() {
            return None;
        }
        // SAFETY: a non-null chunk pointer was stored (Release) by
        // `slot_or_grow` from a leaked `Box<[Slot]>` of `FIRST << k` slots,
        // never freed nor moved, and `at < FIRST << k` by the arithmetic of
        // `place`. Slots are only used through shared references (their
        // fields synchronize themselves).
        Some(unsafe { &*chunk.add(at) })
    }

    /// Slot `index`, allocating its chunk if needed.
    fn slot_or_grow(&self, index: usize) -> &Slot {
        if let Some(s) = self.slot(index) {
            return s;
        }
        let (k, _) = place(index);
        assert!(k < CHUNKS, "the handle registry is full");
        let _grow = self.grow.lock().unwrap_or_else(|e| e.into_inner());
        if self.chunks[k].load(Ordering::Acquire).is_null() {
            let chunk: Box<[Slot]> = (0..FIRST << k).map(|_| Slot::default()).collect();
            self.chunks[k].store(Box::leak(chunk).as_mut_ptr(), Ordering::Release);
        }
        self.slot(index).expect("the chunk was just allocated")
    }

    fn push_free(&self, list: usize, index: u32, slot: &Slot) {
        let head = &self.free[list].0;
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

    fn pop_free(&self, list: usize) -> Option<u32> {
        let head = &self.free[list].0;
        let mut h = head.load(Ordering::Acquire);
        loop {
            let first = h as u32;
            if first == 0 {
                return None;
            }
            // The slot may be popped (and pushed again) by another thread
            // meanwhile: then `next` may be stale, but the tag has moved on
            // and the exchange fails.
            let next = self
                .slot((first - 1) as usize)?
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
    fn take_slot(&self) -> u32 {
        let mine = my_list();
        for i in 0..LISTS {
            if let Some(index) = self.pop_free((mine + i) % LISTS) {
                return index;
            }
        }
        let index = self.fresh.fetch_add(1, Ordering::Relaxed);
        assert!(index <= INDEX_MASK, "the handle registry is full");
        index as u32
    }

    fn not_live(&self) -> Failure {
        Failure::new(
            MtpStatus::InvalidHandle,
            format!(
                "the {} handle is not live: it was already freed or did not come from this library",
                self.kind
            ),
        )
    }

    /// Moves `value` to the heap and registers it: the new handle.
    pub(crate) fn register(&self, value: T) -> *mut T {
        let index = self.take_slot();
        let slot = self.slot_or_grow(index as usize);
        let raw = Box::into_raw(Box::new(value));
        let mut entry = slot.write();
        entry.value = !raw.expose_provenance();
        let generation = entry.generation;
        drop(entry);
        self.encode(index, generation)
    }

    /// The slot of a live-looking handle and the generation it names.
    fn lookup(&self, ptr: *const T) -> Outcome<(&Slot, u32)> {
        let (index, generation) = self.decode(ptr).ok_or_else(|| self.not_live())?;
        let slot = self.slot(index as usize).ok_or_else(|| self.not_live())?;
        Ok((slot, generation))
    }

    /// Runs `f` on the value behind `ptr` if it is a live handle. Must not
    /// be nested on the same handle (its slot's read lock is held while `f`
    /// runs).
    pub(crate) fn with<R>(&self, ptr: *const T, f: impl FnOnce(&T) -> Outcome<R>) -> Outcome<R> {
        if ptr.is_null() {
            return Err(Failure::null(&format!("the {} handle", self.kind)));
        }
        let (slot, generation) = self.lookup(ptr)?;
        let entry = slot.read();
        if entry.generation != generation || entry.value == 0 {
            return Err(self.not_live());
        }
        // SAFETY: a slot holds the inverted address of a `Box<T>` from
        // `register` until `release` clears it under the slot's write lock,
        // then frees it; that cannot happen while `entry` (a read guard) is
        // held. Registered values are only used through shared references,
        // so a shared reference is sound (`T: Sync`: other threads may hold
        // one at the same time).
        let value = unsafe { &*std::ptr::with_exposed_provenance::<T>(!entry.value) };
        let out = f(value);
        drop(entry);
        out
    }

    /// Frees the value behind `ptr`: `Ok` for NULL, `InvalidHandle` when it
    /// is not live (e.g. freed twice).
    pub(crate) fn release(&self, ptr: *mut T) -> Outcome {
        if ptr.is_null() {
            return Ok(());
        }
        let (slot, generation) = self.lookup(ptr)?;
        let mut entry = slot.write();
        if entry.generation != generation || entry.value == 0 {
            return Err(self.not_live());
        }
        let raw = std::ptr::with_exposed_provenance_mut::<T>(!entry.value);
        entry.value = 0;
        entry.generation += 1;
        let retired = entry.generation > GEN_MAX;
        drop(entry);
        // SAFETY: the slot held `raw`, from `Box::into_raw` in `register`,
        // and we cleared it under the write lock: no reader holds a reference
        // to the value now and no later call can reach it (`T: Send`: it may
        // be dropped on another thread than the one that made it).
        drop(unsafe { Box::from_raw(raw) });
        if !retired {
            let (index, _) = self.decode(ptr).ok_or_else(|| self.not_live())?;
            self.push_free(my_list(), index, slot);
        }
        Ok(())
    }

    /// The number of live handles (for tests and leak checks): counts the
    /// occupied slots, so it costs a pass over every slot ever used.
    pub(crate) fn live_count(&self) -> usize {
        let used = self.fresh.load(Ordering::Acquire).min(INDEX_MASK + 1);
        (0..used)
            .filter_map(|i| self.slot(i))
            .filter(|s| s.read().value != 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A registry of its own per test, so that tests running in parallel
    /// do not share free lists.
    fn registry() -> &'static Registry<String> {
        Box::leak(Box::new(Registry::new(GAME_TAG, "test")))
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
        let r = registry();
        for (index, generation) in [(0, 0), (5, 7), (INDEX_MASK as u32, GEN_MAX)] {
            assert_eq!(
                r.decode(r.encode(index, generation)),
                Some((index, generation))
            );
            assert!(!r.encode(index, generation).is_null());
        }
        let local = String::new();
        assert_eq!(r.decode(&local), None);
        let heap = Box::new(String::new());
        assert_eq!(r.decode(&*heap), None);
        let h = r.register("x".into());
        // A handle of the right tag on a slot never allocated.
        let (index, generation) = r.decode(h).unwrap();
        assert!(r.with(r.encode(index, generation + 1), |_| Ok(())).is_err());
        let far = r.encode(INDEX_MASK as u32, 0);
        assert!(r.with(far, |_| Ok(())).is_err());
        assert!(r.release(far).is_err());
        r.release(h).unwrap();
    }

    #[test]
    fn a_handle_of_another_kind_is_rejected() {
        let games: &'static Registry<String> = registry();
        let bots: &'static Registry<String> = Box::leak(Box::new(Registry::new(BOT_TAG, "bot")));
        let g = games.register("game".into());
        let b = bots.register("bot".into());
        // Both sit in slot 0, generation 0: only the tag tells them apart.
        assert_eq!(games.decode(g), bots.decode(b));
        assert_eq!(
            bots.with(g, |_| Ok(())).unwrap_err().status,
            MtpStatus::InvalidHandle
        );
        assert!(games.with(b, |_| Ok(())).is_err());
        assert!(bots.release(g).is_err());
        assert!(games.release(b).is_err());
        assert_eq!(bots.with(b, |v| Ok(v.clone())).unwrap(), "bot");
        games.release(g).unwrap();
        bots.release(b).unwrap();
        assert_eq!(games.live_count() + bots.live_count(), 0);
    }

    #[test]
    fn a_freed_handle_stays_dead_when_its_slot_is_reused() {
        let r = registry();
        let old = r.register("old".into());
        r.release(old).unwrap();
        let new = r.register("new".into());
        assert_eq!(r.decode(new).unwrap().0, r.decode(old).unwrap().0);
        assert_ne!(old, new);
        assert!(r.with(old, |_| Ok(())).is_err());
        assert!(r.release(old).is_err());
        assert_eq!(r.with(new, |v| Ok(v.clone())).unwrap(), "new");
        r.release(new).unwrap();
        assert_eq!(r.live_count(), 0);
    }

    #[test]
    fn a_slot_whose_generations_are_used_up_is_retired() {
        let r = registry();
        let first = r.register(String::new());
        let (index, _) = r.decode(first).unwrap();
        r.release(first).unwrap();
        // Jump the slot to its last generation.
        r.slot(index as usize).unwrap().write().generation = GEN_MAX;
        let last = r.register(String::new());
        assert_eq!(r.decode(last), Some((index, GEN_MAX)));
        r.release(last).unwrap();
        let next = r.register(String::new());
        assert_ne!(r.decode(next).unwrap().0, index);
        r.release(next).unwrap();
    }

    #[test]
    fn threads_create_use_and_free_handles_concurrently() {
        let r = registry();
        let workers: Vec<_> = (0..4)
            .map(|t| {
                std::thread::spawn(move || {
                    let mut mine = Vec::new();
                    for i in 0..2000 {
                        mine.push(r.register(format!("{t}")));
                        if i % 3 == 0 {
                            let h = mine.swap_remove((i * 7 + t) % mine.len());
                            r.release(h).unwrap();
                            assert!(r.release(h).is_err());
                        }
                    }
                    for &h in &mine {
                        assert_eq!(r.with(h, |v| Ok(v.clone())).unwrap(), format!("{t}"));
                    }
                    for h in mine {
                        r.release(h).unwrap();
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(r.live_count(), 0);
    }
}
