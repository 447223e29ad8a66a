//! What the rooms use: the store, the options, the pool of bot threads,
//! and whether the server is stopping.

use crate::options::Options;
use crate::store::Store;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The services a room needs to commit, run bots and time turns.
pub(crate) struct Services {
    pub(crate) store: Arc<Store>,
    pub(crate) options: Options,
    pub(crate) bot_pool: Arc<Semaphore>,
    /// Test hook: stop forever after committing this move number.
    pub(crate) pause_after_commit: Option<u64>,
    /// Set when the server stops: nothing more is committed.
    pub(crate) stopping: AtomicBool,
}
