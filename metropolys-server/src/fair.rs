//! Fair turns at the bot pool: bot decisions reach the pool's semaphore
//! one at a time, in turn among the clients that created their matches
//! (round robin by key), not in the order they asked. One address with
//! many matches of expensive bots then delays another table's bot by at
//! most one of its decisions per turn, where a first-come queue made it
//! wait for all of them.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

/// The turn to ask the semaphore: held by one waiter at a time.
struct Turn {
    gate: Arc<FairGate>,
    armed: bool,
}

impl Drop for Turn {
    fn drop(&mut self) {
        if self.armed {
            self.gate.pass();
        }
    }
}

#[derive(Default)]
struct Waiting {
    /// Whether a waiter holds the turn.
    busy: bool,
    /// The waiters of each key, first come first.
    queues: HashMap<String, VecDeque<oneshot::Sender<Turn>>>,
    /// The keys with waiters, in the order they get the turn.
    ring: VecDeque<String>,
}

/// A semaphore reached in turn by key (see the module).
pub(crate) struct FairGate {
    pool: Arc<Semaphore>,
    waiting: Mutex<Waiting>,
}

impl FairGate {
    /// A gate in front of `pool` (which others may use directly).
    pub(crate) fn new(pool: Arc<Semaphore>) -> Arc<FairGate> {
        Arc::new(FairGate {
            pool,
            waiting: Mutex::new(Waiting::default()),
        })
    }

    /// The semaphore behind the gate.
    pub(crate) fn pool(&self) -> &Arc<Semaphore> {
        &self.pool
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, Waiting> {
        self.waiting.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place of the pool for a client of key `key`, in its turn (`None`
    /// once the pool is closed).
    pub(crate) async fn acquire(self: &Arc<Self>, key: &str) -> Option<OwnedSemaphorePermit> {
        let rx = {
            let mut w = self.waiting();
            if w.busy {
                let (tx, rx) = oneshot::channel();
                let q = w.queues.entry(key.to_string()).or_default();
                q.push_back(tx);
                if q.len() == 1 {
                    w.ring.push_back(key.to_string());
                }
                Some(rx)
            } else {
                w.busy = true;
                None
            }
        };
        let turn = match rx {
            Some(rx) => rx.await.ok()?,
            None => Turn {
                gate: self.clone(),
                armed: true,
            },
        };
        let permit = self.pool.clone().acquire_owned().await.ok();
        drop(turn);
        permit
    }

    /// Gives the turn to the next key's first waiter still waiting, or
    /// frees it.
    fn pass(self: &Arc<Self>) {
        let mut w = self.waiting();
        loop {
            let Some(key) = w.ring.pop_front() else {
                w.busy = false;
                return;
            };
            let (tx, more) = match w.queues.get_mut(&key) {
                Some(q) => (q.pop_front(), !q.is_empty()),
                None => (None, false),
            };
            if more {
                w.ring.push_back(key);
            } else {
                w.queues.remove(&key);
            }
            let Some(tx) = tx else { continue };
            let turn = Turn {
                gate: self.clone(),
                armed: true,
            };
            match tx.send(turn) {
                Ok(()) => return,
                // A waiter that went away: the turn, disarmed, goes on.
                Err(mut t) => t.armed = false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Four decisions of one client and then one of another: the other's
    /// comes second, not last.
    #[tokio::test(flavor = "current_thread")]
    async fn turns_go_round_the_keys() {
        let pool = Arc::new(Semaphore::new(1));
        let gate = FairGate::new(pool.clone());
        let held = pool.clone().acquire_owned().await.unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for name in ["a1", "a2", "a3", "a4", "b1"] {
            let (gate, order) = (gate.clone(), order.clone());
            let key = name[..1].to_string();
            tasks.push(tokio::spawn(async move {
                let p = gate.acquire(&key).await.unwrap();
                order.lock().unwrap().push(name);
                tokio::time::sleep(Duration::from_millis(1)).await;
                drop(p);
            }));
            // Each asks before the next.
            tokio::task::yield_now().await;
        }
        drop(held);
        for t in tasks {
            t.await.unwrap();
        }
        // a1 held the turn first; then the keys alternate while both wait.
        assert_eq!(*order.lock().unwrap(), ["a1", "a2", "b1", "a3", "a4"]);
    }

    /// A waiter that goes away neither keeps the turn nor loses it.
    #[tokio::test(flavor = "current_thread")]
    async fn a_waiter_gone_passes_the_turn_on() {
        let pool = Arc::new(Semaphore::new(1));
        let gate = FairGate::new(pool.clone());
        let held = pool.clone().acquire_owned().await.unwrap();
        let first = tokio::spawn({
            let gate = gate.clone();
            async move { gate.acquire("a").await.is_some() }
        });
        tokio::task::yield_now().await;
        let gone = tokio::spawn({
            let gate = gate.clone();
            async move { gate.acquire("b").await.is_some() }
        });
        tokio::task::yield_now().await;
        gone.abort();
        let last = tokio::spawn({
            let gate = gate.clone();
            async move { gate.acquire("c").await.is_some() }
        });
        tokio::task::yield_now().await;
        drop(held);
        assert!(first.await.unwrap());
        assert!(last.await.unwrap());
        assert!(gone.await.is_err());
        // And the gate is free again.
        assert!(gate.acquire("d").await.is_some());
    }
}
