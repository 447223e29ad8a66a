//! The SQLite store: matches, seat credentials (as hashes) and every
//! accepted action, in WAL mode with `synchronous = FULL` (a committed
//! change survives a crash of the process and of the machine).
//!
//! The `schema` module holds the tables and brings an older database up to
//! date. Changes are named operations ([`Op`]) that one writer thread commits
//! in groups (the `writer` module): every operation pending when a transaction
//! starts goes into it, and each is answered only once the transaction is
//! durable. Reads ([`Store::load`], [`Store::unfinished`],
//! [`Store::finished`]) use their own connection (WAL: they never wait for
//! the writer) and block: the async code calls them from `spawn_blocking`.

mod ops;
mod schema;
mod writer;

pub use ops::{ChatRow, MatchRow, Op, Result, SeatHolder};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;
pub use writer::{CommitTimes, Writer};

/// The most recent chat messages a match loads (and sends a client on
/// connecting).
pub const CHAT_LOADED: usize = 50;

/// A stored match with its credentials, actions and chat.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredMatch {
    /// The match.
    pub row: MatchRow,
    /// Per seat, the hash of the credential that holds it.
    pub hashes: Vec<Option<[u8; 32]>>,
    /// Per seat, the name its holder gave.
    pub names: Vec<Option<String>>,
    /// Seats of a rematch kept for the players who held them at the end of
    /// the previous game.
    pub reserved: Vec<SeatHolder>,
    /// `(player, action id)` in order.
    pub actions: Vec<(u8, u16)>,
    /// The last [`CHAT_LOADED`] chat messages, oldest first.
    pub chat: Vec<ChatRow>,
    /// How many chat messages the match has in all.
    pub chat_count: u64,
}

/// A finished match as the lobby lists it: its row, its number of moves,
/// and per seat the name its holder gave.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedMatch {
    /// The match.
    pub row: MatchRow,
    /// Actions played.
    pub moves: u64,
    /// Per seat, the name its holder gave.
    pub names: Vec<Option<String>>,
}

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

/// The store: a writer thread for changes, a connection for reads.
pub struct Store {
    writer: Writer,
    reader: Mutex<Connection>,
}

const ROW: &str = "SELECT id, created, config, seats, turn_seconds, started, finished,
                          cancelled, ended, seed_chosen, invite, rematch FROM matches";

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
        invite: r.get(10)?,
        rematch: r.get(11)?,
    })
}

/// A seat number from the store, as an index.
fn seat_index(seat: u8, v: &mut Vec<Option<impl Clone>>) -> usize {
    let i = seat as usize;
    if v.len() <= i {
        v.resize(i + 1, None);
    }
    i
}

/// Per seat, the hash and name of its holder.
type Holders = (Vec<Option<[u8; 32]>>, Vec<Option<String>>);

fn holders(conn: &Connection, id: &str) -> Result<Holders> {
    let (mut hashes, mut names) = (Vec::new(), Vec::new());
    let mut st =
        conn.prepare_cached("SELECT seat, hash, name FROM credentials WHERE match_id = ?1")?;
    let rows = st.query_map(params![id], |r| {
        Ok((
            r.get::<_, u8>(0)?,
            r.get::<_, Vec<u8>>(1)?,
            r.get::<_, Option<String>>(2)?,
        ))
    })?;
    for r in rows {
        let (seat, hash, name) = r?;
        let i = seat_index(seat, &mut hashes);
        hashes[i] = <[u8; 32]>::try_from(hash.as_slice()).ok();
        let i = seat_index(seat, &mut names);
        names[i] = name;
    }
    Ok((hashes, names))
}

impl Store {
    /// Opens (or creates) the database at `path` and starts its writer.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = connect(path)?;
        schema::migrate(&conn)?;
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
        let (hashes, names) = holders(&conn, id)?;
        let mut st = conn.prepare_cached(
            "SELECT seat, hash, name FROM reservations WHERE match_id = ?1 ORDER BY seat",
        )?;
        let reserved = st
            .query_map(params![id], |r| {
                Ok((
                    r.get::<_, u8>(0)?,
                    r.get::<_, Vec<u8>>(1)?,
                    r.get::<_, Option<String>>(2)?,
                ))
            })?
            .filter_map(|r| match r {
                Ok((seat, hash, name)) => <[u8; 32]>::try_from(hash.as_slice())
                    .ok()
                    .map(|hash| Ok(SeatHolder { seat, hash, name })),
                Err(e) => Some(Err(e)),
            })
            .collect::<Result<Vec<_>>>()?;
        let mut st = conn
            .prepare_cached("SELECT player, action FROM actions WHERE match_id = ?1 ORDER BY n")?;
        let actions = st
            .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<Vec<(u8, u16)>>>()?;
        let mut st = conn.prepare_cached(
            "SELECT n, seat, name, text, at FROM chat WHERE match_id = ?1 ORDER BY n DESC LIMIT ?2",
        )?;
        let mut chat = st
            .query_map(params![id, CHAT_LOADED as i64], |r| {
                Ok(ChatRow {
                    n: r.get::<_, i64>(0)? as u64,
                    seat: r.get(1)?,
                    name: r.get(2)?,
                    text: r.get(3)?,
                    at: r.get(4)?,
                })
            })?
            .collect::<Result<Vec<_>>>()?;
        chat.reverse();
        let chat_count: i64 = conn
            .prepare_cached("SELECT COUNT(*) FROM chat WHERE match_id = ?1")?
            .query_row(params![id], |r| r.get(0))?;
        Ok(Some(StoredMatch {
            row,
            hashes,
            names,
            reserved,
            actions,
            chat,
            chat_count: chat_count as u64,
        }))
    }

    /// The matches finished at or after `since` (seconds since the Unix
    /// epoch), latest first, at most `limit`, with their move counts and
    /// their players' names.
    pub fn finished(&self, since: i64, limit: usize) -> Result<Vec<FinishedMatch>> {
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
                let (_, names) = holders(&conn, &r.id)?;
                Ok(FinishedMatch {
                    row: r,
                    moves: n as u64,
                    names,
                })
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
            invite: None,
            rematch: None,
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
                name: Some("Ann".into()),
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
        assert_eq!(m.names, vec![None, Some("Ann".to_string())]);
        assert!(m.row.started && m.row.finished);
        assert_eq!(m.row.ended, Some(9));
        assert!(s.unfinished().unwrap().is_empty());
        let f = s.finished(0, 10).unwrap();
        assert_eq!((f[0].row.id.as_str(), f[0].moves), ("m1", 2));
        assert_eq!(f[0].names, m.names);
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
        assert!(m.row.invite.is_none() && m.row.rematch.is_none());
    }

    /// A database of schema 2 (credentials without names, no chat, no
    /// rematches) is brought to schema 3 and keeps what it held.
    #[test]
    fn a_database_of_schema_2_is_migrated_to_3() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("v2.db");
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(
                "CREATE TABLE matches (id TEXT PRIMARY KEY, created INTEGER NOT NULL,
                   config TEXT NOT NULL, seats TEXT NOT NULL, turn_seconds REAL,
                   started INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0,
                   cancelled INTEGER NOT NULL DEFAULT 0, ended INTEGER,
                   seed_chosen INTEGER NOT NULL DEFAULT 0);
                 CREATE TABLE credentials (match_id TEXT NOT NULL REFERENCES matches(id),
                   seat INTEGER NOT NULL, hash BLOB NOT NULL, PRIMARY KEY (match_id, seat));
                 CREATE TABLE actions (match_id TEXT NOT NULL REFERENCES matches(id),
                   n INTEGER NOT NULL, player INTEGER NOT NULL, action INTEGER NOT NULL,
                   PRIMARY KEY (match_id, n));
                 INSERT INTO matches (id, created, config, seats, started, seed_chosen)
                   VALUES ('v2', 3, '{}', '[]', 1, 1);
                 INSERT INTO credentials VALUES ('v2', 0, X'0707070707070707070707070707070707070707070707070707070707070707');
                 INSERT INTO actions VALUES ('v2', 0, 0, 715);
                 PRAGMA user_version = 2;",
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        let m = s.load("v2").unwrap().unwrap();
        assert!(m.row.started && m.row.seed_chosen);
        assert_eq!(m.hashes, vec![Some([7; 32])]);
        assert_eq!(m.names, vec![None]);
        assert_eq!(m.actions, vec![(0, 715)]);
        assert!(m.chat.is_empty() && m.reserved.is_empty());
        block(async {
            s.commit(Op::Chat {
                match_id: "v2".into(),
                message: ChatRow {
                    n: 0,
                    seat: 0,
                    name: None,
                    text: "still here".into(),
                    at: 4,
                },
            })
            .await
            .unwrap();
        });
        let version: i64 = s
            .reader()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, 3);
        assert_eq!(s.load("v2").unwrap().unwrap().chat_count, 1);
    }

    /// Chat, names, rematches: the chat keeps its order and its last
    /// messages; a rematch is linked once, with its reserved seats; taking
    /// a reserved seat ends the reservation; giving a seat up drops its name.
    #[test]
    fn chat_rematches_and_reservations() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("t.db");
        let s = Store::open(&path).unwrap();
        let holder = |seat, key, name: &str| SeatHolder {
            seat,
            hash: [key; 32],
            name: Some(name.into()),
        };
        let rematch = |id: &str| Op::CreateRematch {
            of: "old".into(),
            row: row(id),
            taken: vec![holder(1, 2, "Bo")],
            reserved: vec![holder(0, 1, "Ann")],
        };
        block(async {
            s.commit(Op::CreateMatch(row("old"))).await.unwrap();
            for n in 0..60u64 {
                s.commit(Op::Chat {
                    match_id: "old".into(),
                    message: ChatRow {
                        n,
                        seat: (n % 2) as u8,
                        name: None,
                        text: format!("<i>{n}</i>"),
                        at: n as i64,
                    },
                })
                .await
                .unwrap();
            }
            let (a, b) = tokio::join!(s.commit(rematch("new1")), s.commit(rematch("new2")));
            assert!(a.is_ok() != b.is_ok(), "one rematch: {a:?} {b:?}");
        });
        let old = s.load("old").unwrap().unwrap();
        assert_eq!(old.chat_count, 60);
        assert_eq!(old.chat.len(), CHAT_LOADED);
        assert_eq!(old.chat[0].n, 10);
        assert_eq!(old.chat[49].text, "<i>59</i>");
        let id = old.row.rematch.clone().unwrap();
        assert!(s
            .load(if id == "new1" { "new2" } else { "new1" })
            .unwrap()
            .is_none());
        let new = s.load(&id).unwrap().unwrap();
        assert_eq!(new.hashes, vec![None, Some([2; 32])]);
        assert_eq!(new.names, vec![None, Some("Bo".to_string())]);
        assert_eq!(new.reserved, vec![holder(0, 1, "Ann")]);
        block(async {
            s.commit(Op::SetCredential {
                match_id: id.clone(),
                seat: 0,
                hash: Some([1; 32]),
                name: Some("Ann".into()),
                starts: true,
            })
            .await
            .unwrap();
            s.commit(Op::SetCredential {
                match_id: id.clone(),
                seat: 1,
                hash: None,
                name: None,
                starts: false,
            })
            .await
            .unwrap();
        });
        let new = s.load(&id).unwrap().unwrap();
        assert!(new.reserved.is_empty() && new.row.started);
        assert_eq!(new.names, vec![Some("Ann".to_string())]);
    }
}
