//! Threads that may fail to start: [`BotError::Thread`], never a panic.

use crate::error::BotError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

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
