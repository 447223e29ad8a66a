//! Group commit: one thread owns the writing connection; every operation
//! pending when it starts a transaction goes into that transaction (each
//! in a savepoint, so that one refused operation fails alone), and each
//! is answered once the transaction is durable. One fsync then serves
//! every match that had something to write, instead of one fsync each.

use super::ops::{
    apply, housekeep, over_limit, record_claim, record_creator, record_holder_address,
    AddressClaim, Housekept, Op, Result, Retention,
};
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

/// What the writer is asked to do. (Nearly every piece of work is an
/// operation: boxing it to make the rare housekeeping smaller would cost
/// an allocation per commit.)
#[allow(clippy::large_enum_variant)]
enum Work {
    /// An operation, with the claim of the client address that asks for it
    /// (`--open-per-address`), checked and recorded in its transaction.
    Op(Op, Option<AddressClaim>),
    /// The store's housekeeping ([`Retention`]).
    Housekeeping(Retention),
}

/// Why the writer did not do a piece of work.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Failure {
    /// The store failed (nothing of it is stored).
    Store(String),
    /// The claim's address already has this many waiting matches, at its
    /// limit (nothing of it is stored).
    TooMany(u64),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Store(e) => f.write_str(e),
            Failure::TooMany(n) => write!(f, "the address has {n} waiting matches"),
        }
    }
}

/// What a piece of work did.
enum Done {
    Op,
    Housekept(Housekept),
}

struct Job {
    work: Work,
    done: oneshot::Sender<std::result::Result<Done, Failure>>,
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
        self.commit_claimed(op, None)
            .await
            .map_err(|e| e.to_string())
    }

    /// Queues `op` with the claim of the address that asks for it, and
    /// waits until both are committed (or neither: over the claim's limit,
    /// `TooMany`).
    pub(crate) async fn commit_claimed(
        &self,
        op: Op,
        claim: Option<AddressClaim>,
    ) -> std::result::Result<(), Failure> {
        self.work(Work::Op(op, claim)).await.map(|_| ())
    }

    /// Runs the store's housekeeping in the writer's next transaction:
    /// what it deleted.
    pub(crate) async fn housekeep(
        &self,
        retention: Retention,
    ) -> std::result::Result<Housekept, Failure> {
        match self.work(Work::Housekeeping(retention)).await? {
            Done::Housekept(h) => Ok(h),
            Done::Op => Ok(Housekept::default()),
        }
    }

    async fn work(&self, work: Work) -> std::result::Result<Done, Failure> {
        let stopped = || Failure::Store("the store's writer has stopped".to_string());
        let (done, wait) = oneshot::channel();
        self.tx.send(Job { work, done }).map_err(|_| stopped())?;
        wait.await.map_err(|_| stopped())?
    }
}

fn run(mut conn: Connection, rx: mpsc::Receiver<Job>, times: CommitTimes) {
    // Free pages are given back to the file system after housekeeping
    // when the database allows it (`auto_vacuum = INCREMENTAL`: databases
    // this version created).
    let incremental = conn
        .pragma_query_value(None, "auto_vacuum", |r| r.get::<_, i64>(0))
        .is_ok_and(|v| v == 2);
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
        let deleted = results.iter().any(|r| match r {
            Ok(Done::Housekept(h)) => h.matches > 0,
            _ => false,
        });
        for (job, r) in batch.drain(..).zip(results) {
            let _ = job.done.send(r);
        }
        if deleted && incremental {
            // Outside the batch's transaction, after its answers: the
            // pages the deletion freed, at most 4 MiB (of 4 KiB pages) at
            // a time.
            if let Err(e) = conn.execute_batch("PRAGMA incremental_vacuum(1024)") {
                tracing::warn!("store: incremental vacuum: {e}");
            }
        }
    }
}

/// One transaction for the batch: per operation its own result; all fail
/// if the transaction cannot commit.
fn commit_batch(conn: &mut Connection, batch: &[Job]) -> Vec<std::result::Result<Done, Failure>> {
    let attempt = |conn: &mut Connection| -> Result<Vec<std::result::Result<Done, Failure>>> {
        let mut tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut results = Vec::with_capacity(batch.len());
        for job in batch {
            let sp = tx.savepoint()?;
            match perform(&sp, &job.work) {
                Ok(Ok(done)) => {
                    sp.commit()?;
                    results.push(Ok(done));
                }
                Ok(Err(refused)) => {
                    drop(sp);
                    results.push(Err(refused));
                }
                Err(e) => {
                    // Dropping the savepoint rolls it back.
                    drop(sp);
                    results.push(Err(Failure::Store(e.to_string())));
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
            batch
                .iter()
                .map(|_| Err(Failure::Store(e.to_string())))
                .collect()
        }
    }
}

/// One piece of work inside a savepoint: done, or refused (over a claim's
/// limit: nothing of it applied).
fn perform(conn: &Connection, work: &Work) -> Result<std::result::Result<Done, Failure>> {
    match work {
        Work::Op(op, claim) => {
            if let Some(c) = claim {
                if let Some(n) = over_limit(conn, c)? {
                    return Ok(Err(Failure::TooMany(n)));
                }
            }
            apply(conn, op)?;
            if let Some(c) = claim {
                record_claim(conn, c)?;
                match op {
                    Op::CreateMatch(m) => record_creator(conn, &m.id, &c.address)?,
                    Op::SetCredential {
                        match_id,
                        seat,
                        hash: Some(_),
                        ..
                    } => record_holder_address(conn, match_id, *seat, &c.address)?,
                    _ => {}
                }
            }
            Ok(Ok(Done::Op))
        }
        Work::Housekeeping(r) => Ok(Ok(Done::Housekept(housekeep(conn, r)?))),
    }
}
