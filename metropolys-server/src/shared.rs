//! What every handler shares: the rooms, the rate limiters, the count of
//! connections, and the services the rooms use; and [`whole`], which
//! carries every state-changing request out whole or not at all.

use crate::limits::{ChatLimits, Connections, RateLimiter};
use crate::protocol::{ErrorCode, ProtoError};
use crate::room::Room;
use crate::services::Services;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, RwLock};

/// What the handlers share: the rooms and the limits on clients, beside
/// the [`Services`] the rooms use (reached through `Deref`).
pub(crate) struct Shared {
    pub(crate) services: Arc<Services>,
    pub(crate) rooms: RwLock<HashMap<String, Arc<Room>>>,
    /// Per credential (WebSocket messages, leave, cancel, rematch).
    pub(crate) limiter: RateLimiter,
    /// The chat's rates: per credential (5 messages in 10 seconds), per
    /// address and per match.
    pub(crate) chat: ChatLimits,
    /// The trusted reverse proxies (`--trusted-proxy`).
    pub(crate) proxies: crate::forwarded::Proxies,
    /// Per client address: account creations and sign-ins (each costs a
    /// password hash).
    pub(crate) sign_ins: RateLimiter,
    /// Per client address (HTTP requests).
    pub(crate) http_limiter: RateLimiter,
    /// Open TCP connections, in all and per address.
    pub(crate) connections: Arc<Connections>,
    /// The allowed `Host` and `Origin` values.
    pub(crate) guard: crate::guard::Guard,
    pub(crate) next_client: AtomicU64,
    /// Serializes match creation (the count of matches).
    pub(crate) create_lock: tokio::sync::Mutex<()>,
    /// The reviews of finished games, kept and being computed.
    pub(crate) reviews: Arc<crate::reviews::Reviews>,
}

impl std::ops::Deref for Shared {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.services
    }
}

/// Whether `id` can be a match id (16 hexadecimal digits): anything else
/// is not looked up in the store.
fn plausible_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

impl Shared {
    /// A match in memory.
    pub(crate) fn room(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }

    /// A match in memory, or read back from the store (a finished or
    /// cancelled one the sweeper let go): `not_found` when there is none.
    pub(crate) async fn room_or_load(&self, id: &str) -> Result<Arc<Room>, ProtoError> {
        if let Some(r) = self.room(id) {
            return Ok(r);
        }
        let nf = || ProtoError::new(ErrorCode::NotFound, "no such match");
        if !plausible_id(id) {
            return Err(nf());
        }
        let store = self.store.clone();
        let key = id.to_string();
        let stored = tokio::task::spawn_blocking(move || store.load(&key))
            .await
            .map_err(ProtoError::store)?
            .map_err(ProtoError::store)?
            .ok_or_else(nf)?;
        let room = Room::restore(&stored).map_err(|e| ProtoError::new(ErrorCode::Internal, e))?;
        let room = Arc::new(room);
        let mut rooms = self.rooms.write().unwrap_or_else(|p| p.into_inner());
        Ok(rooms.entry(id.to_string()).or_insert(room).clone())
    }

    /// The hash by which `token` holds a seat of match `id`: a seat
    /// credential's own hash; for an account's token, the hash of the
    /// credential its seat there was tied with (`crate::accounts`;
    /// `unauthorized` for a token signed out, `forbidden` when the account
    /// holds no seat of the match).
    pub(crate) async fn holder_hash(&self, id: &str, token: &str) -> Result<[u8; 32], ProtoError> {
        if !token.starts_with(crate::accounts::TOKEN_PREFIX) {
            return Ok(crate::credential::hash_credential(token));
        }
        let account = self.accounts.account(token).await?;
        self.accounts
            .seat_hash(account.id, id)
            .await?
            .ok_or_else(|| {
                ProtoError::new(
                    ErrorCode::Forbidden,
                    "this account holds no seat of this match",
                )
            })
    }

    /// Every match in memory, newest first.
    pub(crate) fn all_rooms(&self) -> Vec<Arc<Room>> {
        let mut v: Vec<(i64, Arc<Room>)> = self
            .rooms
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .map(|r| (r.summary().created, r.clone()))
            .collect();
        v.sort_by(|a, b| (b.0, &b.1.id).cmp(&(a.0, &a.1.id)));
        v.into_iter().map(|(_, r)| r).collect()
    }
}

/// Carries a request that changes state out whole or not at all: `work`
/// (deciding the change, committing it, applying it to memory, and
/// whatever the answer needs after that) runs in a task of its own, and
/// the caller awaits its result. A client that hangs up ends its
/// request's future (axum drops a handler's future when its connection
/// closes); done there, a change could be cut between its commit and
/// memory, leaving the two apart until a restart. Here the caller's
/// future holds only the answer: dropped, it drops the answer, and the
/// change is carried out as if the client had waited. The answer still
/// comes only after the commit.
pub(crate) async fn whole<T: Send + 'static>(
    work: impl Future<Output = Result<T, ProtoError>> + Send + 'static,
) -> Result<T, ProtoError> {
    tokio::spawn(work).await.unwrap_or_else(|e| {
        // A panic, or the server stopping: the log says which, the client
        // is not told the details.
        tracing::error!("a request's task ended: {e}");
        Err(ProtoError::new(
            ErrorCode::Internal,
            "the server failed while carrying the request out",
        ))
    })
}
