//! What every handler shares: the rooms, the rate limiters, and the
//! services the rooms use.

use crate::limits::RateLimiter;
use crate::room::Room;
use crate::services::Services;
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, RwLock};

/// What the handlers share: the rooms and the limits on clients, beside
/// the [`Services`] the rooms use (reached through `Deref`).
pub(crate) struct Shared {
    pub(crate) services: Arc<Services>,
    pub(crate) rooms: RwLock<HashMap<String, Arc<Room>>>,
    /// Per credential (WebSocket messages, leave).
    pub(crate) limiter: RateLimiter,
    /// Per client address (HTTP requests).
    pub(crate) http_limiter: RateLimiter,
    pub(crate) next_client: AtomicU64,
    /// Serializes match creation (the count of matches).
    pub(crate) create_lock: tokio::sync::Mutex<()>,
}

impl std::ops::Deref for Shared {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.services
    }
}

impl Shared {
    pub(crate) fn room(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }

    pub(crate) fn all_rooms(&self) -> Vec<Arc<Room>> {
        let mut v: Vec<Arc<Room>> = self
            .rooms
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect();
        v.sort_by(|a, b| (b.created, &b.id).cmp(&(a.created, &a.id)));
        v
    }
}
