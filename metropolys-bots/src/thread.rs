//! Threads that may fail to start: [`BotError::Thread`], never a panic.

use crate::error::BotError;

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
