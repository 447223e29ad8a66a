//! The SQLite store: matches, seat credentials (as hashes) and every
//! accepted action, one transaction per action, in WAL mode with
//! `synchronous = FULL` (a committed action survives a crash of the process
//! and of the machine). Every call blocks: the async code calls it from
//! `spawn_blocking`.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

/// A match as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchRow {
    /// The match id.
    pub id: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// The configuration as JSON (seed included).
    pub config: String,
    /// The seats as JSON (see `room::SeatSpec`).
    pub seats: String,
    /// The turn timer in seconds, if any.
    pub turn_seconds: Option<f64>,
    /// Whether every human seat has been taken once.
    pub started: bool,
    /// Whether the game is over.
    pub finished: bool,
}

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

/// The store.
pub struct Store {
    conn: Mutex<Connection>,
}

/// What the store reports.
pub type Result<T> = std::result::Result<T, rusqlite::Error>;

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL: readers never block the writer; FULL: each commit is synced.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
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
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written
        // (a transaction that did not commit is rolled back), so a poisoned
        // lock is still usable.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Stores a new match.
    pub fn insert_match(&self, m: &MatchRow) -> Result<()> {
        self.conn().execute(
            "INSERT INTO matches (id, created, config, seats, turn_seconds, started, finished)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                m.id,
                m.created,
                m.config,
                m.seats,
                m.turn_seconds,
                m.started,
                m.finished
            ],
        )?;
        Ok(())
    }

    /// Sets (or with `None` clears) the credential of a seat, and marks the
    /// match started when `started`.
    pub fn set_credential(
        &self,
        id: &str,
        seat: u8,
        hash: Option<[u8; 32]>,
        started: bool,
    ) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        match hash {
            Some(h) => tx.execute(
                "INSERT OR REPLACE INTO credentials (match_id, seat, hash) VALUES (?1, ?2, ?3)",
                params![id, seat, &h[..]],
            )?,
            None => tx.execute(
                "DELETE FROM credentials WHERE match_id = ?1 AND seat = ?2",
                params![id, seat],
            )?,
        };
        if started {
            tx.execute("UPDATE matches SET started = 1 WHERE id = ?1", params![id])?;
        }
        tx.commit()
    }

    /// Appends action `n` (from 0) of a match, in one transaction with the
    /// match's `finished` flag.
    pub fn append_action(
        &self,
        id: &str,
        n: u64,
        player: u8,
        action: u16,
        finished: bool,
    ) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO actions (match_id, n, player, action) VALUES (?1, ?2, ?3, ?4)",
            params![id, n as i64, player, action],
        )?;
        if finished {
            tx.execute("UPDATE matches SET finished = 1 WHERE id = ?1", params![id])?;
        }
        tx.commit()
    }

    /// Every unfinished match.
    pub fn unfinished(&self) -> Result<Vec<StoredMatch>> {
        let ids: Vec<String> = {
            let conn = self.conn();
            let mut st =
                conn.prepare("SELECT id FROM matches WHERE finished = 0 ORDER BY created")?;
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
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, created, config, seats, turn_seconds, started, finished
                 FROM matches WHERE id = ?1",
                params![id],
                |r| {
                    Ok(MatchRow {
                        id: r.get(0)?,
                        created: r.get(1)?,
                        config: r.get(2)?,
                        seats: r.get(3)?,
                        turn_seconds: r.get(4)?,
                        started: r.get(5)?,
                        finished: r.get(6)?,
                    })
                },
            )
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let mut hashes = Vec::new();
        let mut st = conn.prepare("SELECT seat, hash FROM credentials WHERE match_id = ?1")?;
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
        let mut st =
            conn.prepare("SELECT player, action FROM actions WHERE match_id = ?1 ORDER BY n")?;
        let actions = st
            .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<Vec<(u8, u16)>>>()?;
        Ok(Some(StoredMatch {
            row,
            hashes,
            actions,
        }))
    }

    /// The ids of the most recently created finished matches, newest first.
    pub fn finished(&self, limit: usize) -> Result<Vec<String>> {
        let conn = self.conn();
        let mut st = conn
            .prepare("SELECT id FROM matches WHERE finished = 1 ORDER BY created DESC LIMIT ?1")?;
        let rows = st.query_map(params![limit as i64], |r| r.get(0))?;
        rows.collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_and_credentials_round_trip() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("t.db");
        let s = Store::open(&path).unwrap();
        let row = MatchRow {
            id: "m1".into(),
            created: 1,
            config: "{}".into(),
            seats: "[]".into(),
            turn_seconds: None,
            started: false,
            finished: false,
        };
        s.insert_match(&row).unwrap();
        s.set_credential("m1", 1, Some([7; 32]), true).unwrap();
        s.append_action("m1", 0, 0, 12, false).unwrap();
        s.append_action("m1", 1, 1, 715, true).unwrap();
        // The same move number twice is refused: never applied twice.
        assert!(s.append_action("m1", 1, 1, 715, true).is_err());
        drop(s);
        let s = Store::open(&path).unwrap();
        let m = s.load("m1").unwrap().unwrap();
        assert_eq!(m.actions, vec![(0, 12), (1, 715)]);
        assert_eq!(m.hashes, vec![None, Some([7; 32])]);
        assert!(m.row.started && m.row.finished);
        assert!(s.unfinished().unwrap().is_empty());
        assert_eq!(s.finished(10).unwrap(), vec!["m1".to_string()]);
    }
}
