//! Reviews of finished games (`GET /api/v1/matches/{id}/review`): the
//! bots' judgement of every decision ([`metropolys_bots::review`]),
//! computed on the server's pool of bot threads beside the bots at the
//! tables, at most [`IN_FLIGHT`] at once (computing or waiting for the
//! pool; more are refused, never queued), once per match and reviewer, and
//! kept: a finished match's record never changes, so its review neither.
//!
//! Only a game played to its end is reviewed: the review judges every
//! decision with every card face up, so it is never computed, let alone
//! served, while the game is played, and a cancelled game has no end
//! to judge.

use crate::protocol::{shorten, ErrorCode, ProtoError};
use axum::body::Bytes;
use metropolys_bots::review::{review, ReviewOptions};
use metropolys_bots::{BotError, BotKind, Cancel};
use metropolys_core::Record;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{OnceCell, Semaphore};

/// The reviewers a client may ask for. `expert` (about 10 seconds of CPU
/// per 4-player game, 10 to 30 times `strong`) is not among them.
pub(crate) const PRESETS: [BotKind; 3] = [BotKind::Beginner, BotKind::Casual, BotKind::Strong];

/// The reviewer when the request names none.
pub(crate) const DEFAULT_PRESET: BotKind = BotKind::Strong;

/// The most reviews computing or waiting for the bot pool at once, all
/// matches together; one more is refused (`rate_limited`, 429).
pub(crate) const IN_FLIGHT: usize = 4;

/// The most reviews kept in memory (the least recently asked for leaves
/// first). A review of a 4-player game is some 100 KB of JSON.
const CACHED: usize = 32;

/// Seconds a client refused for overload is told to wait (`Retry-After`).
pub(crate) const RETRY_SECONDS: u32 = 2;

/// A review's key: the match and the reviewer.
type Key = (String, BotKind);

/// A review's place in the cache: filled once, by whichever request
/// computes it first; the others wait for it.
type Cell = Arc<OnceCell<Bytes>>;

struct Entry {
    cell: Cell,
    /// When it was last asked for (a counter).
    used: u64,
}

#[derive(Default)]
struct Cache {
    clock: u64,
    entries: HashMap<Key, Entry>,
}

/// The reviews kept and being computed.
pub(crate) struct Reviews {
    cache: Mutex<Cache>,
    /// One permit per review computing or waiting for the pool.
    in_flight: Arc<Semaphore>,
    /// Raised when the server stops: reviews in progress end.
    cancel: Cancel,
}

/// The reviewer a query names (`preset=…`, default `strong`): `bad_bot`
/// for a name that is not one of [`PRESETS`], `bad_message` for another or
/// a repeated parameter.
pub(crate) fn preset(query: Option<&str>) -> Result<BotKind, ProtoError> {
    let mut named = None;
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if name != "preset" {
            return Err(ProtoError::new(
                ErrorCode::BadMessage,
                format!(
                    "unknown query parameter {:?}: a review takes only preset",
                    shorten(name)
                ),
            ));
        }
        if named.replace(value).is_some() {
            return Err(ProtoError::new(
                ErrorCode::BadMessage,
                "preset is given twice",
            ));
        }
    }
    let Some(name) = named else {
        return Ok(DEFAULT_PRESET);
    };
    if let Some(k) = PRESETS.iter().find(|k| k.name() == name) {
        return Ok(*k);
    }
    let allowed = PRESETS.map(BotKind::name).join(", ");
    Err(ProtoError::new(
        ErrorCode::BadBot,
        if name == BotKind::Expert.name() {
            format!("the expert reviewer takes some 10 seconds of CPU per game, too costly for a public server; review with {allowed}")
        } else {
            format!("no reviewer {:?}; review with {allowed}", shorten(name))
        },
    ))
}

/// Reviews `record` with `preset`, seed 0, one thread, until `cancel` is
/// raised: the review as JSON.
pub(crate) fn compute(
    record: &Record,
    preset: BotKind,
    cancel: &Cancel,
) -> Result<Bytes, ProtoError> {
    let options = ReviewOptions {
        preset,
        worlds: None,
        seed: 0,
        threads: 1,
        cancel: Some(cancel.clone()),
        only: None,
        // The rest as the bots crate reviews by default.
        ..ReviewOptions::default()
    };
    match review(record, &options) {
        Ok(r) => serde_json::to_vec(&r)
            .map(Bytes::from)
            .map_err(|e| ProtoError::new(ErrorCode::Internal, e.to_string())),
        Err(BotError::Cancelled { .. } | BotError::Interrupted) => Err(stopping()),
        Err(e) => {
            tracing::error!("a review failed: {e}");
            Err(ProtoError::new(ErrorCode::Internal, "the review failed"))
        }
    }
}

fn stopping() -> ProtoError {
    ProtoError::new(ErrorCode::Internal, "the server is stopping")
}

fn overloaded() -> ProtoError {
    ProtoError::new(
        ErrorCode::RateLimited,
        format!(
            "{IN_FLIGHT} reviews are being computed; try again in a few seconds (a review once computed is answered at once)"
        ),
    )
}

impl Reviews {
    /// No review kept; at most `in_flight` computing or waiting at once.
    pub(crate) fn new(in_flight: usize) -> Reviews {
        Reviews {
            cache: Mutex::new(Cache::default()),
            in_flight: Arc::new(Semaphore::new(in_flight)),
            cancel: Cancel::new(),
        }
    }

    /// The server stops: reviews in progress end, and none starts.
    pub(crate) fn stop(&self) {
        self.cancel.cancel();
        self.in_flight.close();
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The review of `id` by `preset`, if it was computed.
    pub(crate) fn cached(&self, id: &str, preset: BotKind) -> Option<Bytes> {
        let mut c = self.cache();
        c.clock += 1;
        let now = c.clock;
        let e = c.entries.get_mut(&(id.to_string(), preset))?;
        let v = e.cell.get()?.clone();
        e.used = now;
        Some(v)
    }

    /// The cell of `key`, made if there is none; then, over [`CACHED`],
    /// the least recently used entries that nobody computes or waits for
    /// leave.
    fn cell(&self, key: &Key) -> Cell {
        let mut c = self.cache();
        c.clock += 1;
        let now = c.clock;
        let e = c.entries.entry(key.clone()).or_insert_with(|| Entry {
            cell: Arc::new(OnceCell::new()),
            used: now,
        });
        e.used = now;
        let cell = e.cell.clone();
        while c.entries.len() > CACHED {
            let oldest = c
                .entries
                .iter()
                .filter(|(_, e)| Arc::strong_count(&e.cell) == 1)
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => {
                    c.entries.remove(&k);
                }
                None => break,
            }
        }
        cell
    }

    /// A cell left empty (its computation refused or failed) that nobody
    /// waits for leaves.
    fn forget_if_empty(&self, key: &Key) {
        let mut c = self.cache();
        if c.entries
            .get(key)
            .is_some_and(|e| !e.cell.initialized() && Arc::strong_count(&e.cell) == 1)
        {
            c.entries.remove(key);
        }
    }

    /// The review of `id` by `preset`: the kept one, or the one another
    /// request is computing, or computed now by `work` (blocking, given
    /// the cancel flag) on a place of `pool` — refused (`rate_limited`)
    /// when [`IN_FLIGHT`] reviews already compute or wait. The computation
    /// goes on if the client goes away, so that the next request finds it
    /// done.
    pub(crate) async fn get<W>(
        self: &Arc<Self>,
        id: &str,
        preset: BotKind,
        pool: Arc<Semaphore>,
        work: W,
    ) -> Result<Bytes, ProtoError>
    where
        W: FnOnce(&Cancel) -> Result<Bytes, ProtoError> + Send + 'static,
    {
        if let Some(v) = self.cached(id, preset) {
            return Ok(v);
        }
        let key = (id.to_string(), preset);
        let cell = self.cell(&key);
        let this = self.clone();
        let task = tokio::spawn(async move {
            cell.get_or_try_init(|| async move {
                let admitted = this
                    .in_flight
                    .clone()
                    .try_acquire_owned()
                    .map_err(|e| match e {
                        tokio::sync::TryAcquireError::Closed => stopping(),
                        tokio::sync::TryAcquireError::NoPermits => overloaded(),
                    })?;
                let place = pool.acquire_owned().await.map_err(|_| stopping())?;
                let cancel = this.cancel.clone();
                tokio::task::spawn_blocking(move || {
                    let r = if cancel.is_cancelled() {
                        Err(stopping())
                    } else {
                        work(&cancel)
                    };
                    drop(place);
                    drop(admitted);
                    r
                })
                .await
                .map_err(|e| ProtoError::new(ErrorCode::Internal, e.to_string()))?
            })
            .await
            .cloned()
        });
        let r = task.await.unwrap_or_else(|e| {
            Err(if e.is_cancelled() {
                stopping()
            } else {
                ProtoError::new(ErrorCode::Internal, "the review failed")
            })
        });
        if r.is_err() {
            self.forget_if_empty(&key);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;

    fn id(n: usize) -> String {
        format!("{n:016x}")
    }

    /// Waits (a bounded number of scheduler turns) until `f` holds.
    async fn until(f: impl Fn() -> bool) {
        for _ in 0..100_000 {
            if f() {
                return;
            }
            tokio::task::yield_now().await;
            std::thread::yield_now();
        }
        panic!("never happened");
    }

    #[test]
    fn the_preset_is_one_of_the_three_cheap_ones() {
        assert_eq!(preset(None).unwrap(), BotKind::Strong);
        assert_eq!(preset(Some("")).unwrap(), BotKind::Strong);
        assert_eq!(preset(Some("preset=beginner")).unwrap(), BotKind::Beginner);
        assert_eq!(preset(Some("preset=casual")).unwrap(), BotKind::Casual);
        assert_eq!(preset(Some("preset=strong")).unwrap(), BotKind::Strong);
        let e = preset(Some("preset=expert")).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadBot);
        assert!(e.message.contains("too costly"), "{}", e.message);
        for q in ["preset=greedy", "preset=", "preset", "preset=Strong"] {
            assert_eq!(preset(Some(q)).unwrap_err().code, ErrorCode::BadBot, "{q}");
        }
        for q in ["seed=1", "preset=strong&preset=strong", "preset=strong&x"] {
            assert_eq!(
                preset(Some(q)).unwrap_err().code,
                ErrorCode::BadMessage,
                "{q}"
            );
        }
    }

    /// Computed once however many ask at once; kept; a review more than
    /// the bound is refused while the others compute, and accepted once
    /// they are done; stopping ends the one in progress.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn reviews_are_computed_once_kept_and_bounded() {
        let reviews = Arc::new(Reviews::new(1));
        let pool = Arc::new(Semaphore::new(1));
        let runs = Arc::new(AtomicUsize::new(0));
        let (go, wait) = mpsc::channel::<()>();
        let first = {
            let (reviews, pool, runs) = (reviews.clone(), pool.clone(), runs.clone());
            tokio::spawn(async move {
                reviews
                    .get(&id(1), BotKind::Strong, pool, move |_| {
                        runs.fetch_add(1, Ordering::SeqCst);
                        wait.recv().unwrap();
                        Ok(Bytes::from_static(b"{\"one\":1}"))
                    })
                    .await
            })
        };
        until(|| runs.load(Ordering::SeqCst) == 1).await;
        // The same review again: it waits for the first, costs nothing.
        let same = {
            let (reviews, pool, runs) = (reviews.clone(), pool.clone(), runs.clone());
            tokio::spawn(async move {
                reviews
                    .get(&id(1), BotKind::Strong, pool, move |_| {
                        runs.fetch_add(1, Ordering::SeqCst);
                        Ok(Bytes::from_static(b"{\"other\":1}"))
                    })
                    .await
            })
        };
        // Another review: over the bound of one, refused at once.
        let other = reviews
            .get(&id(2), BotKind::Strong, pool.clone(), |_| {
                panic!("an overloaded review is not computed")
            })
            .await
            .unwrap_err();
        assert_eq!(other.code, ErrorCode::RateLimited);
        assert_eq!(reviews.cached(&id(2), BotKind::Strong), None);
        go.send(()).unwrap();
        let a = first.await.unwrap().unwrap();
        let b = same.await.unwrap().unwrap();
        assert_eq!(a, Bytes::from_static(b"{\"one\":1}"));
        assert_eq!(a, b);
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        // Kept: answered without computing.
        let c = reviews
            .get(&id(1), BotKind::Strong, pool.clone(), |_| {
                panic!("a kept review is not computed again")
            })
            .await
            .unwrap();
        assert_eq!(c, a);
        // Another reviewer of the same match is another review.
        until(|| reviews.in_flight.available_permits() == 1).await;
        let d = reviews
            .get(&id(1), BotKind::Beginner, pool.clone(), |_| {
                Ok(Bytes::from_static(b"{\"beginner\":1}"))
            })
            .await
            .unwrap();
        assert_eq!(d, Bytes::from_static(b"{\"beginner\":1}"));
        // Stopping: the review in progress sees the flag, none starts.
        let (started, running) = mpsc::channel::<()>();
        let stopped = {
            let (reviews, pool) = (reviews.clone(), pool.clone());
            tokio::spawn(async move {
                reviews
                    .get(&id(3), BotKind::Strong, pool, move |cancel| {
                        started.send(()).unwrap();
                        while !cancel.is_cancelled() {
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                        Err(stopping())
                    })
                    .await
            })
        };
        tokio::task::spawn_blocking(move || running.recv().unwrap())
            .await
            .unwrap();
        reviews.stop();
        assert_eq!(
            stopped.await.unwrap().unwrap_err().code,
            ErrorCode::Internal
        );
        let e = reviews
            .get(&id(4), BotKind::Strong, pool.clone(), |_| {
                panic!("nothing starts once stopped")
            })
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::Internal);
        // Kept reviews are still answered.
        assert_eq!(reviews.cached(&id(1), BotKind::Strong), Some(a));
    }

    /// At most CACHED reviews are kept, the least recently asked for
    /// leaving first.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_cache_is_bounded_least_recently_used_first() {
        let reviews = Arc::new(Reviews::new(IN_FLIGHT));
        let pool = Arc::new(Semaphore::new(2));
        for n in 0..CACHED + 5 {
            reviews
                .get(&id(n), BotKind::Beginner, pool.clone(), move |_| {
                    Ok(Bytes::from(n.to_string()))
                })
                .await
                .unwrap();
            // The first stays the most recently used.
            assert!(reviews.cached(&id(0), BotKind::Beginner).is_some());
        }
        assert_eq!(reviews.cache().entries.len(), CACHED);
        assert!(reviews.cached(&id(1), BotKind::Beginner).is_none());
        assert!(reviews.cached(&id(5), BotKind::Beginner).is_none());
        assert_eq!(
            reviews.cached(&id(CACHED + 4), BotKind::Beginner),
            Some(Bytes::from((CACHED + 4).to_string()))
        );
        // A refused or failed review leaves no entry.
        let e = reviews
            .get(&id(999), BotKind::Beginner, pool.clone(), |_| {
                Err(ProtoError::new(ErrorCode::Internal, "failed"))
            })
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::Internal);
        assert!(!reviews
            .cache()
            .entries
            .contains_key(&(id(999), BotKind::Beginner)));
    }
}
