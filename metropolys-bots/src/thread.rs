//! Runs of games on threads: the work-stealing loop that the arena, the
//! ladder and the sequential test share, on threads that may fail to start
//! ([`BotError::Thread`], never a panic).

use crate::cancel::Cancel;
use crate::error::BotError;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// Whether this build can start threads: not in WebAssembly without
/// shared memory (wasm32-unknown-unknown), where a search or a run on
/// several threads is refused with [`BotError::BadParameters`] rather
/// than failing.
pub const THREADS: bool = !cfg!(all(target_family = "wasm", not(target_feature = "atomics")));

/// Why a search on several threads is refused where there are none.
pub(crate) const NO_THREADS: &str =
    "threads must be 1 here: this WebAssembly build runs no threads (a search on several threads needs a native build)";

/// How a run of games is played, whatever its games are: the seed that
/// everything random derives from, the threads, the cancel flag. The arena
/// ([`crate::ArenaOptions`]), the sequential test ([`crate::sprt`]) and the
/// ladder ([`crate::ladder::LadderOptions`]) take it as their `run`.
///
/// ```
/// use metropolys_bots::{ArenaOptions, RunOptions};
/// let options = ArenaOptions {
///     games: 20,
///     run: RunOptions { seed: 7, threads: 2, ..Default::default() },
///     ..Default::default()
/// };
/// assert_eq!((options.run.seed, options.run.threads, options.run.cancel), (7, 2, None));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOptions {
    /// Everything random in the run (setups and every bot's generator) is
    /// derived from this seed.
    pub seed: u64,
    /// Games played in parallel (at least 1). The results do not depend on
    /// it.
    pub threads: usize,
    /// When given and raised ([`Cancel::cancel`]), the run stops within a
    /// decision (a search stops within a few iterations) with
    /// [`BotError::Cancelled`]; the games in progress are dropped.
    pub cancel: Option<Cancel>,
}

impl Default for RunOptions {
    /// Seed 0, one thread, no cancel flag.
    fn default() -> Self {
        RunOptions {
            seed: 0,
            threads: 1,
            cancel: None,
        }
    }
}

/// Starts a scoped thread, a failure to start it being
/// [`BotError::Thread`] (never a panic).
pub(crate) fn spawn_scoped<'scope, 'env, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    name: &str,
    f: impl FnOnce() -> T + Send + 'scope,
) -> Result<std::thread::ScopedJoinHandle<'scope, T>, BotError> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn_scoped(scope, f)
        .map_err(|e| BotError::Thread(e.to_string()))
}

/// Runs `worker` on `threads` threads named `{name}-{i}` and returns what
/// each returned. A thread that cannot start raises `stop` (so that those
/// started stop early) and becomes the run's `first_error`
/// ([`BotError::Thread`]); no more are started.
pub(crate) fn run_workers<T: Send>(
    name: &str,
    threads: usize,
    stop: &AtomicBool,
    first_error: &Mutex<Option<BotError>>,
    worker: &(dyn Fn() -> T + Sync),
) -> Vec<T> {
    std::thread::scope(|scope| {
        let mut workers = Vec::with_capacity(threads);
        for i in 0..threads {
            match spawn_scoped(scope, &format!("{name}-{i}"), worker) {
                Ok(w) => workers.push(w),
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    if let Ok(mut f) = first_error.lock() {
                        *f = Some(e);
                    }
                    break;
                }
            }
        }
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Plays the items `0 .. total` of a run (games, or pairs of games) on up
/// to `threads` threads named `{name}-{i}`, which take the next index in
/// turn from a shared counter (a slow item never holds up the others), and
/// returns the accumulators of the threads, one per thread started, in no
/// particular order.
///
/// * `play(i)` plays item `i`.
/// * `record(mine, i, item, done)` adds item `i` to the thread's own
///   accumulator `mine` (`done`: the items played so far, this one
///   included) and says whether the run goes on. A caller whose result
///   must not depend on the thread count keeps `i` with the item, or sums
///   exactly.
///
/// The first error of `play` stops every thread once its item ends and is
/// the run's error, except [`BotError::Interrupted`] (a decision stopped by
/// a cancel flag): like `record` returning `false`, it ends the run with
/// [`BotError::Cancelled`] (`done` items of `total`) when not every item
/// was played. A thread that cannot start is [`BotError::Thread`] (the
/// threads started stop early).
pub(crate) fn play_indexed<T, A: Default + Send>(
    name: &str,
    threads: usize,
    total: u64,
    play: &(dyn Fn(u64) -> Result<T, BotError> + Sync),
    record: &(dyn Fn(&mut A, u64, T, u64) -> bool + Sync),
) -> Result<Vec<A>, BotError> {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let first_error: Mutex<Option<BotError>> = Mutex::new(None);
    let threads = threads
        .min(usize::try_from(total).unwrap_or(usize::MAX))
        .max(1);
    let worker = || {
        let mut mine = A::default();
        while !stop.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= total {
                break;
            }
            match play(i) {
                Ok(item) => {
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if !record(&mut mine, i, item, d) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    if let Ok(mut f) = first_error.lock() {
                        f.get_or_insert(e);
                    }
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        mine
    };
    let parts = run_workers(name, threads, &stop, &first_error, &worker);
    // A decision interrupted by the cancel flag ends the run as cancelled
    // (below); any other failure is the run's error.
    match first_error.into_inner().ok().flatten() {
        None | Some(BotError::Interrupted) => {}
        Some(e) => return Err(e),
    }
    let done = done.load(Ordering::Relaxed);
    if done < total {
        return Err(BotError::Cancelled { done, total });
    }
    Ok(parts)
}
