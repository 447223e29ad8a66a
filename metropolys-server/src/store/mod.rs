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

pub(crate) use ops::{AddressClaim, Housekept, Retention};
pub use ops::{ChatRow, MatchRow, Op, Result, SeatHolder};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;
pub(crate) use writer::Failure;
pub use writer::{CommitTimes, Writer};

pub use ops::CHAT_LOADED;

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
    /// How many chat messages the match has had in all (the number of
    /// the next one).
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
pub(crate) fn connect(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    // A new database (no page written yet) gives the pages of deleted rows
    // back to the file system when the housekeeping asks
    // (`crate::sweep`); it can be chosen only before anything is written,
    // so an older database keeps its setting (and reuses free pages).
    conn.pragma_update(None, "auto_vacuum", "INCREMENTAL")?;
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

    /// Commits `op` with the claim of the client address that asks for it
    /// (checked against its limit in the same transaction: over it,
    /// nothing is stored, `Failure::TooMany`).
    pub(crate) async fn commit_claimed(
        &self,
        op: Op,
        claim: Option<AddressClaim>,
    ) -> std::result::Result<(), Failure> {
        self.writer.commit_claimed(op, claim).await
    }

    /// Deletes what `retention` says (in the writer's next transaction),
    /// then gives free pages back to the file system when the database
    /// allows it.
    pub(crate) async fn housekeep(
        &self,
        retention: Retention,
    ) -> std::result::Result<Housekept, Failure> {
        self.writer.housekeep(retention).await
    }

    /// The started, unfinished matches in which nobody moved since
    /// `before` (seconds since the Unix epoch).
    pub(crate) fn idle(&self, before: i64) -> Result<Vec<String>> {
        let conn = self.reader();
        // A correspondence match is idle only a turn later than `before`
        // says (its turn timer moves it on anyway).
        let mut st = conn.prepare_cached(
            "SELECT id FROM matches WHERE finished = 0 AND cancelled = 0 AND started = 1
               AND COALESCE(active, created)
                   + (CASE WHEN COALESCE(turn_seconds, 0) >= ?2 THEN turn_seconds ELSE 0 END)
                   < ?1
             ORDER BY id",
        )?;
        let rows = st.query_map(
            params![before, crate::protocol::CORRESPONDENCE_SECONDS as f64],
            |r| r.get(0),
        )?;
        rows.collect()
    }

    /// The client address (key) that created each unfinished match, where
    /// it was recorded.
    pub(crate) fn creators(&self) -> Result<Vec<(String, String)>> {
        let conn = self.reader();
        let mut st = conn.prepare_cached(
            "SELECT id, creator FROM matches
             WHERE finished = 0 AND cancelled = 0 AND creator IS NOT NULL",
        )?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        rows.collect()
    }

    /// The client address (key) each seat's holder of an unfinished match
    /// took it from, where it was recorded: `(match, seat, address)`.
    pub(crate) fn holder_addresses(&self) -> Result<Vec<(String, u8, String)>> {
        let conn = self.reader();
        let mut st = conn.prepare_cached(
            "SELECT c.match_id, c.seat, c.address FROM credentials c
             JOIN matches m ON m.id = c.match_id
             WHERE m.finished = 0 AND m.cancelled = 0 AND c.address IS NOT NULL",
        )?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        rows.collect()
    }

    /// When the last move of match `id` was stored (or it started), in
    /// seconds since the Unix epoch: `None` for an unknown match or one
    /// that has not started.
    pub(crate) fn active(&self, id: &str) -> Result<Option<i64>> {
        let conn = self.reader();
        let active = conn
            .prepare_cached("SELECT active FROM matches WHERE id = ?1 AND started = 1")?
            .query_row(params![id], |r| r.get::<_, Option<i64>>(0))
            .optional()?;
        Ok(active.flatten())
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
        // The number of the next message: older ones may have been deleted.
        let chat_count: i64 = conn
            .prepare_cached("SELECT COALESCE(MAX(n) + 1, 0) FROM chat WHERE match_id = ?1")?
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
    /// rematches) is brought to the current schema and keeps what it held.
    #[test]
    fn a_database_of_schema_2_is_migrated_to_the_current_schema() {
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
        assert_eq!(version, schema::SCHEMA_VERSION);
        assert_eq!(s.load("v2").unwrap().unwrap().chat_count, 1);
        // Its playing match (created long ago) moved "now", as far as the
        // expiry of idle matches knows: it has a day from the upgrade.
        let now = crate::clock::now_secs();
        assert!(s.idle(now - 60).unwrap().is_empty());
        assert_eq!(s.idle(now + 1).unwrap(), vec!["v2".to_string()]);
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
        let rows: i64 = s
            .reader()
            .query_row("SELECT COUNT(*) FROM chat", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, CHAT_LOADED as i64, "older messages are deleted");
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

    fn claim(id: &str, address: &str, idle_before: i64) -> AddressClaim {
        AddressClaim {
            match_id: id.into(),
            address: address.into(),
            limit: 2,
            idle_before,
        }
    }

    fn seat(id: &str, seat: u8, key: u8, starts: bool) -> Op {
        Op::SetCredential {
            match_id: id.into(),
            seat,
            hash: Some([key; 32]),
            name: None,
            starts,
        }
    }

    /// The matches an address created or joined that wait (open, or
    /// started with nobody moving since a time) are counted in the store,
    /// across a reopen; a match that is already the address's is never
    /// refused; a refused operation stores nothing; claims end with their
    /// match.
    #[test]
    fn an_address_has_a_few_waiting_matches_counted_in_the_store() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("t.db");
        let s = Store::open(&path).unwrap();
        let create = |id: &str| Op::CreateMatch(row(id));
        block(async {
            s.commit_claimed(create("a1"), Some(claim("a1", "A", 0)))
                .await
                .unwrap();
            s.commit_claimed(create("a2"), Some(claim("a2", "A", 0)))
                .await
                .unwrap();
            assert_eq!(
                s.commit_claimed(create("a3"), Some(claim("a3", "A", 0)))
                    .await,
                Err(Failure::TooMany(2))
            );
            // Its own match: joined as often as it likes.
            s.commit_claimed(seat("a1", 0, 1, false), Some(claim("a1", "A", 0)))
                .await
                .unwrap();
            // Another address counts apart; A joining its match is refused.
            s.commit_claimed(create("b1"), Some(claim("b1", "B", 0)))
                .await
                .unwrap();
            assert_eq!(
                s.commit_claimed(seat("b1", 0, 2, false), Some(claim("b1", "A", 0)))
                    .await,
                Err(Failure::TooMany(2))
            );
            // a1 starts: a match being played does not count ...
            s.commit_claimed(seat("a1", 1, 3, true), Some(claim("a1", "A", 0)))
                .await
                .unwrap();
            s.commit_claimed(create("a4"), Some(claim("a4", "A", 0)))
                .await
                .unwrap();
        });
        assert!(s.load("a3").unwrap().is_none(), "nothing of it stored");
        // Each match knows the address that created it (its bots' turn at
        // the bot pool after a restart); joining records nothing there.
        let mut creators = s.creators().unwrap();
        creators.sort();
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            creators,
            pairs(&[("a1", "A"), ("a2", "A"), ("a4", "A"), ("b1", "B")])
        );
        assert!(s.load("b1").unwrap().unwrap().hashes.is_empty());
        let now = crate::clock::now_secs();
        drop(s);
        // ... until nobody moved in it since the time given: then it does.
        // The counts survive a restart.
        let s = Store::open(&path).unwrap();
        block(async {
            let a5 =
                |idle_before| s.commit_claimed(create("a5"), Some(claim("a5", "A", idle_before)));
            assert_eq!(a5(0).await, Err(Failure::TooMany(2)), "a2, a4");
            s.commit(Op::Cancel {
                match_id: "a2".into(),
                at: now,
            })
            .await
            .unwrap();
            assert_eq!(a5(now + 10).await, Err(Failure::TooMany(2)), "a1 idle, a4");
            s.commit(Op::AppendAction {
                match_id: "a1".into(),
                n: 0,
                player: 0,
                action: 715,
                finished_at: Some(now),
            })
            .await
            .unwrap();
            a5(now + 10).await.unwrap();
        });
        let claims: i64 = s
            .reader()
            .query_row(
                "SELECT COUNT(*) FROM claims WHERE match_id IN ('a1', 'a2')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(claims, 0, "a match that is over holds no claim");
        assert_eq!(
            s.idle(now + 10).unwrap(),
            Vec::<String>::new(),
            "a1 is over"
        );
    }

    /// A started correspondence match (a turn of an hour or more) is idle
    /// only a turn after its last move (its timer moves it on before
    /// that); a real-time one after the time given.
    #[test]
    fn a_correspondence_match_is_idle_a_turn_later() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let s = Store::open(&dir.path().join("t.db")).unwrap();
        let mut slow = row("slow");
        slow.turn_seconds = Some(3.0 * 86_400.0);
        let mut fast = row("fast");
        fast.turn_seconds = Some(60.0);
        block(async {
            for (r, key) in [(slow, 1), (fast, 3)] {
                let id = r.id.clone();
                s.commit(Op::CreateMatch(r)).await.unwrap();
                s.commit(seat(&id, 0, key, false)).await.unwrap();
                s.commit(seat(&id, 1, key + 1, true)).await.unwrap();
            }
        });
        let now = crate::clock::now_secs();
        assert_eq!(
            s.active("slow").unwrap().map(|a| (now - a).abs() < 5),
            Some(true)
        );
        assert_eq!(s.active("nothing").unwrap(), None);
        assert_eq!(s.idle(now + 10).unwrap(), vec!["fast".to_string()]);
        assert_eq!(
            s.idle(now + 3 * 86_400 + 10).unwrap(),
            vec!["fast".to_string(), "slow".to_string()]
        );
    }

    /// Housekeeping deletes the matches cancelled before a time, with
    /// everything they hold, except a rematch the match it follows links
    /// to; a new database gives freed pages back (incremental vacuum).
    #[test]
    fn housekeeping_deletes_cancelled_matches_after_their_time() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("t.db");
        let s = Store::open(&path).unwrap();
        let auto_vacuum: i64 = s
            .reader()
            .pragma_query_value(None, "auto_vacuum", |r| r.get(0))
            .unwrap();
        assert_eq!(auto_vacuum, 2, "incremental");
        let retention = |before| Retention {
            cancelled_before: before,
            batch: 10,
        };
        block(async {
            for id in ["gone", "kept", "old"] {
                s.commit_claimed(Op::CreateMatch(row(id)), Some(claim(id, id, 0)))
                    .await
                    .unwrap();
                s.commit(seat(id, 0, 1, true)).await.unwrap();
                for n in 0..CHAT_LOADED as u64 {
                    s.commit(Op::Chat {
                        match_id: id.into(),
                        message: ChatRow {
                            n,
                            seat: 0,
                            name: None,
                            text: "x".repeat(300),
                            at: 1,
                        },
                    })
                    .await
                    .unwrap();
                }
            }
            // "old" finished; its rematch "kept" and "gone" are cancelled.
            s.commit(Op::AppendAction {
                match_id: "old".into(),
                n: 0,
                player: 0,
                action: 715,
                finished_at: Some(5),
            })
            .await
            .unwrap();
            s.reader()
                .execute("UPDATE matches SET rematch = 'kept' WHERE id = 'old'", [])
                .unwrap();
            for id in ["gone", "kept"] {
                s.commit(Op::Cancel {
                    match_id: id.into(),
                    at: 100,
                })
                .await
                .unwrap();
            }
            let h = s.housekeep(retention(100)).await.unwrap();
            assert_eq!(h.matches, 0, "not before their time");
        });
        let pages = || -> i64 {
            s.reader()
                .pragma_query_value(None, "page_count", |r| r.get(0))
                .unwrap()
        };
        let before = pages();
        block(async {
            let h = s.housekeep(retention(101)).await.unwrap();
            assert_eq!(h.matches, 1);
            // The writer gives the pages back after answering: once it has
            // answered the next operation, they are given back.
            s.commit(Op::CreateMatch(row("next"))).await.unwrap();
        });
        assert!(pages() < before, "{} pages, {before} before", pages());
        assert!(s.load("gone").unwrap().is_none());
        assert_eq!(s.load("kept").unwrap().unwrap().chat.len(), CHAT_LOADED);
        assert_eq!(s.load("old").unwrap().unwrap().chat.len(), CHAT_LOADED);
        for table in ["chat", "credentials", "actions", "claims"] {
            let n: i64 = s
                .reader()
                .query_row(
                    &format!("SELECT COUNT(*) FROM {table} WHERE match_id = 'gone'"),
                    [],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(n, 0, "{table}");
        }
    }

    /// A database of schema 3 keeps each chat's last messages only once
    /// migrated.
    #[test]
    fn a_database_of_schema_3_has_its_chats_trimmed() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-store-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("v3.db");
        drop(Store::open(&path).unwrap());
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(
                "INSERT INTO matches (id, created, config, seats) VALUES ('m', 3, '{}', '[]');
                 WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < 119)
                 INSERT INTO chat (match_id, n, seat, text, at) SELECT 'm', n, 0, 'x', 1 FROM k;
                 PRAGMA user_version = 3;",
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        let m = s.load("m").unwrap().unwrap();
        assert_eq!((m.chat_count, m.chat[0].n), (120, 70));
        let rows: i64 = s
            .reader()
            .query_row("SELECT COUNT(*) FROM chat", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, CHAT_LOADED as i64);
    }
}
