//! Group commit: one thread owns the writing connection; every operation
//! pending when it starts a transaction goes into that transaction (each
//! in a savepoint, so that one refused operation fails alone), and each
//! is answered once the transaction is durable. One fsync then serves
//! every match that had something to write, instead of one fsync each.

use super::ops::{apply, Op, Result};
use rusqlite::Connection;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Instant;
use tokio::sync::oneshot;

/// The most transactions [`CommitTimes`] keeps between two reads.
const KEPT: usize = 1 << 20;

/// How long the writer's transactions took: per transaction, its number of
/// operations and its duration in milliseconds (for the load benchmark,
/// which measures the server beside its own commits).
#[derive(Clone, Default)]
pub struct CommitTimes(Arc<Mutex<Vec<(u32, f32)>>>);

impl CommitTimes {
    /// The transactions since the last call, and forgets them.
    pub fn take(&self) -> Vec<(u32, f32)> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|p| p.into_inner()))
    }

    fn push(&self, ops: usize, ms: f64) {
        let mut v = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if v.len() < KEPT {
            v.push((ops as u32, ms as f32));
        }
    }
}

/// The most operations in one transaction.
const MAX_BATCH: usize = 4096;

struct Job {
    op: Op,
    done: oneshot::Sender<std::result::Result<(), String>>,
}

/// The handle of the writer thread (it ends when the handle is dropped and
/// every pending operation is committed).
pub struct Writer {
    tx: mpsc::Sender<Job>,
    times: CommitTimes,
}

impl Writer {
    /// Starts the writer thread on `conn`.
    pub fn start(conn: Connection) -> Result<Writer> {
        let (tx, rx) = mpsc::channel::<Job>();
        let times = CommitTimes::default();
        let kept = times.clone();
        std::thread::Builder::new()
            .name("metropolys-store".into())
            .spawn(move || run(conn, rx, kept))
            .map_err(|e| {
                rusqlite::Error::ToSqlConversionFailure(Box::new(std::io::Error::other(format!(
                    "cannot start the store's writer thread: {e}"
                ))))
            })?;
        Ok(Writer { tx, times })
    }

    /// The durations of its transactions.
    pub fn times(&self) -> CommitTimes {
        self.times.clone()
    }

    /// Queues `op` and waits until it is committed.
    pub async fn commit(&self, op: Op) -> std::result::Result<(), String> {
        let (done, wait) = oneshot::channel();
        self.tx
            .send(Job { op, done })
            .map_err(|_| "the store's writer has stopped".to_string())?;
        wait.await
            .map_err(|_| "the store's writer has stopped".to_string())?
    }
}

fn run(mut conn: Connection, rx: mpsc::Receiver<Job>, times: CommitTimes) {
    let mut batch: Vec<Job> = Vec::new();
    while let Ok(first) = rx.recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        let start = Instant::now();
        let results = commit_batch(&mut conn, &batch);
        times.push(batch.len(), start.elapsed().as_secs_f64() * 1000.0);
        for (job, r) in batch.drain(..).zip(results) {
            let _ = job.done.send(r);
        }
    }
}

/// One transaction for the batch: per operation its own result; all fail
/// if the transaction cannot commit.
fn commit_batch(conn: &mut Connection, batch: &[Job]) -> Vec<std::result::Result<(), String>> {
    let attempt = |conn: &mut Connection| -> Result<Vec<std::result::Result<(), String>>> {
        let mut tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut results = Vec::with_capacity(batch.len());
        for job in batch {
            let sp = tx.savepoint()?;
            match apply(&sp, &job.op) {
                Ok(()) => {
                    sp.commit()?;
                    results.push(Ok(()));
                }
                Err(e) => {
                    // Dropping the savepoint rolls it back.
                    drop(sp);
                    results.push(Err(e.to_string()));
                }
            }
        }
        tx.commit()?;
        Ok(results)
    };
    match attempt(conn) {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("store: a transaction failed: {e}");
            batch.iter().map(|_| Err(e.to_string())).collect()
        }
    }
}
