//! The SQLite store: matches, seat credentials (as hashes) and every
//! accepted action, in WAL mode with `synchronous = FULL` (a committed
//! change survives a crash of the process and of the machine).
//!
//! Changes are named operations ([`Op`]) that one writer thread commits
//! in groups (the `writer` module): every operation pending when a transaction
//! starts goes into it, and each is answered only once the transaction is
//! durable. Reads ([`Store::load`], [`Store::unfinished`],
//! [`Store::finished`]) use their own connection (WAL: they never wait for
//! the writer) and block: the async code calls them from `spawn_blocking`.

mod ops;
mod writer;

pub use ops::{MatchRow, Op, Result};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;
pub use writer::{CommitTimes, Writer};

/// A stored match with its credentials and actions.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredMatch {
    /// The match.
    pub row: MatchRow,
    /// Per seat, the hash of the credential that holds it.
    pub hashes: Vec<Option<[u8; 32]>>,
    /// `(player, action id)` in order.
    pub actions: Vec<(u8, u16)>,
}

/// The schema version (`PRAGMA user_version`).
const SCHEMA_VERSION: i64 = 2;

/// Opens `path` with the store's settings.
fn connect(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    // WAL: readers never block the writer; FULL: each commit is synced.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

/// Creates the tables, or brings an older database's up to date.
fn migrate(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS matches (
             id TEXT PRIMARY KEY,
             created INTEGER NOT NULL,
             config TEXT NOT NULL,
             seats TEXT NOT NULL,
             turn_seconds REAL,
             started INTEGER NOT NULL DEFAULT 0,
             finished INTEGER NOT NULL DEFAULT 0
         );
         CREATE TABLE IF NOT EXISTS credentials (
             match_id TEXT NOT NULL REFERENCES matches(id),
             seat INTEGER NOT NULL,
             hash BLOB NOT NULL,
             PRIMARY KEY (match_id, seat)
         );
         CREATE TABLE IF NOT EXISTS actions (
             match_id TEXT NOT NULL REFERENCES matches(id),
             n INTEGER NOT NULL,
             player INTEGER NOT NULL,
             action INTEGER NOT NULL,
             PRIMARY KEY (match_id, n)
         );
         CREATE INDEX IF NOT EXISTS matches_finished ON matches(finished);",
    )?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version < SCHEMA_VERSION {
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info('matches')")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_>>()?;
        for (name, decl) in [
            ("cancelled", "INTEGER NOT NULL DEFAULT 0"),
            ("ended", "INTEGER"),
            ("seed_chosen", "INTEGER NOT NULL DEFAULT 0"),
        ] {
            if !columns.iter().any(|c| c == name) {
                conn.execute_batch(&format!("ALTER TABLE matches ADD COLUMN {name} {decl}"))?;
            }
        }
        conn.execute_batch("CREATE INDEX IF NOT EXISTS matches_ended ON matches(finished, ended)")?;
        conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    }
    Ok(())
}

/// The store: a writer thread for changes, a connection for reads.
pub struct Store {
    writer: Writer,
    reader: Mutex<Connection>,
}

const ROW: &str = "SELECT id, created, config, seats, turn_seconds, started, finished,
                          cancelled, ended, seed_chosen FROM matches";

fn row(r: &rusqlite::Row<'_>) -> Result<MatchRow> {
    Ok(MatchRow {
        id: r.get(0)?,
        created: r.get(1)?,
        config: r.get(2)?,
        seats: r.get(3)?,
        turn_seconds: r.get(4)?,
        started: r.get(5)?,
        finished: r.get(6)?,
        cancelled: r.get(7)?,
        ended: r.get(8)?,
        seed_chosen: r.get(9)?,
    })
}

impl Store {
    /// Opens (or creates) the database at `path` and starts its writer.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = connect(path)?;
        migrate(&conn)?;
        let reader = connect(path)?;
        Ok(Store {
            writer: Writer::start(conn)?,
            reader: Mutex::new(reader),
        })
    }

    /// Commits `op` with whatever else is pending; returns once it is
    /// durable (or failed: then nothing of it is stored).
    pub async fn commit(&self, op: Op) -> std::result::Result<(), String> {
        self.writer.commit(op).await
    }

    /// The durations of the writer's transactions.
    pub fn commit_times(&self) -> CommitTimes {
        self.writer.times()
    }

    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a read half-done in
        // a way that matters; a poisoned lock is still usable.
        self.reader.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Every match that is neither finished nor cancelled.
    pub fn unfinished(&self) -> Result<Vec<StoredMatch>> {
        let ids: Vec<String> = {
            let conn = self.reader();
            let mut st = conn.prepare_cached(
                "SELECT id FROM matches WHERE finished = 0 AND cancelled = 0 ORDER BY created",
            )?;
            let rows = st.query_map([], |r| r.get(0))?;
            rows.collect::<Result<_>>()?
        };
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(m) = self.load(&id)? {
                out.push(m);
            }
        }
        Ok(out)
    }

    /// One match, with its credentials and actions.
    pub fn load(&self, id: &str) -> Result<Option<StoredMatch>> {
        let conn = self.reader();
        let row = conn
            .prepare_cached(&format!("{ROW} WHERE id = ?1"))?
            .query_row(params![id], row)
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let mut hashes = Vec::new();
        let mut st =
            conn.prepare_cached("SELECT seat, hash FROM credentials WHERE match_id = ?1")?;
        let rows = st.query_map(params![id], |r| {
            Ok((r.get::<_, u8>(0)?, r.get::<_, Vec<u8>>(1)?))
        })?;
        for r in rows {
            let (seat, hash) = r?;
            let seat = seat as usize;
            if hashes.len() <= seat {
                hashes.resize(seat + 1, None);
            }
            hashes[seat] = <[u8; 32]>::try_from(hash.as_slice()).ok();
        }
        let mut st = conn
            .prepare_cached("SELECT player, action FROM actions WHERE match_id = ?1 ORDER BY n")?;
        let actions = st
            .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<Vec<(u8, u16)>>>()?;
        Ok(Some(StoredMatch {
            row,
            hashes,
            actions,
        }))
    }

    /// The matches finished at or after `since` (seconds since the Unix
    /// epoch), latest first, at most `limit`, with their move counts.
    pub fn finished(&self, since: i64, limit: usize) -> Result<Vec<(MatchRow, u64)>> {
        let conn = self.reader();
        let mut st = conn.prepare_cached(&format!(
            "{ROW} WHERE finished = 1 AND ended >= ?1 ORDER BY ended DESC, id LIMIT ?2"
        ))?;
        let rows: Vec<MatchRow> = st
            .query_map(params![since, limit as i64], row)?
            .collect::<Result<_>>()?;
        let mut count = conn.prepare_cached("SELECT COUNT(*) FROM actions WHERE match_id = ?1")?;
        rows.into_iter()
            .map(|r| {
                let n: i64 = count.query_row(params![r.id], |x| x.get(0))?;
                Ok((r, n as u64))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> MatchRow {
        MatchRow {
            id: id.into(),
            created: 1,
            config: "{}".into(),
            seats: "[]".into(),
            turn_seconds: None,
            started: false,
            finished: false,
            cancelled: false,
            ended: None,
            seed_chosen: false,
        }
    }

    fn block<T>(f: impl std::future::Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn operations_round_trip_and_a_failed_one_changes_nothing() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("t.db");
        let s = Store::open(&path).unwrap();
        let act = |n, action, finished_at| Op::AppendAction {
            match_id: "m1".into(),
            n,
            player: (n % 2) as u8,
            action,
            finished_at,
        };
        block(async {
            s.commit(Op::CreateMatch(row("m1"))).await.unwrap();
            s.commit(Op::SetCredential {
                match_id: "m1".into(),
                seat: 1,
                hash: Some([7; 32]),
                starts: true,
            })
            .await
            .unwrap();
            // Several at once: one transaction; the repeated move number is
            // refused alone (never applied twice), the others are stored.
            let (a, b, c) = tokio::join!(
                s.commit(act(0, 12, None)),
                s.commit(act(0, 13, None)),
                s.commit(act(1, 715, Some(9)))
            );
            assert!(a.is_ok() != b.is_ok(), "{a:?} {b:?}");
            c.unwrap();
        });
        drop(s);
        let s = Store::open(&path).unwrap();
        let m = s.load("m1").unwrap().unwrap();
        assert_eq!(m.actions.len(), 2);
        assert_eq!(m.actions[1], (1, 715));
        assert_eq!(m.hashes, vec![None, Some([7; 32])]);
        assert!(m.row.started && m.row.finished);
        assert_eq!(m.row.ended, Some(9));
        assert!(s.unfinished().unwrap().is_empty());
        let f = s.finished(0, 10).unwrap();
        assert_eq!((f[0].0.id.as_str(), f[0].1), ("m1", 2));
        assert!(s.finished(10, 10).unwrap().is_empty());
        block(async {
            s.commit(Op::CreateMatch(row("m2"))).await.unwrap();
            s.commit(Op::Cancel {
                match_id: "m2".into(),
                at: 5,
            })
            .await
            .unwrap();
        });
        assert!(
            s.unfinished().unwrap().is_empty(),
            "a cancelled match is not restored"
        );
    }

    #[test]
    fn an_older_database_is_migrated() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("old.db");
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(
                "CREATE TABLE matches (id TEXT PRIMARY KEY, created INTEGER NOT NULL,
                   config TEXT NOT NULL, seats TEXT NOT NULL, turn_seconds REAL,
                   started INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0);
                 INSERT INTO matches (id, created, config, seats) VALUES ('old', 3, '{}', '[]');",
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        let m = s.load("old").unwrap().unwrap();
        assert!(!m.row.cancelled && !m.row.seed_chosen && m.row.ended.is_none());
    }
}
