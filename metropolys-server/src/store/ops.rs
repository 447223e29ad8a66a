//! The store's named operations and how each is written.

use rusqlite::{params, Connection};

/// The most recent chat messages a match loads (and sends a client on
/// connecting): all the store keeps of a match's chat, older messages
/// being deleted as new ones come.
pub const CHAT_LOADED: usize = 50;

/// What the store reports.
pub type Result<T> = std::result::Result<T, rusqlite::Error>;

/// A match as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchRow {
    /// The match id.
    pub id: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// The configuration as JSON (seed included).
    pub config: String,
    /// The seats as JSON (see `authority::SeatSpec`).
    pub seats: String,
    /// The turn timer in seconds, if any.
    pub turn_seconds: Option<f64>,
    /// Whether every human seat has been taken once.
    pub started: bool,
    /// Whether the game is over.
    pub finished: bool,
    /// Whether it was cancelled before it started.
    pub cancelled: bool,
    /// When it finished or was cancelled.
    pub ended: Option<i64>,
    /// Whether the creator chose the seed (it is then public).
    pub seed_chosen: bool,
    /// The invite of a private match (32 hexadecimal digits); `None` for a
    /// public one.
    pub invite: Option<String>,
    /// The id of its rematch, once created.
    pub rematch: Option<String>,
}

/// A seat's holder, or the player a seat of a rematch is reserved for.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatHolder {
    /// The seat.
    pub seat: u8,
    /// The hash of the credential.
    pub hash: [u8; 32],
    /// The name the player gave.
    pub name: Option<String>,
}

/// A chat message as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatRow {
    /// Its number in the match's chat, from 0.
    pub n: u64,
    /// The seat that wrote it.
    pub seat: u8,
    /// The name of the seat's holder then.
    pub name: Option<String>,
    /// The text.
    pub text: String,
    /// Seconds since the Unix epoch.
    pub at: i64,
}

/// A change to the store: what the match authority asks for, committed by
/// the writer before anyone hears of it.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// A new match.
    CreateMatch(MatchRow),
    /// A seat taken (`Some` hash, with the holder's name) or given up
    /// (`None`: the name goes too); `starts`: the match starts with it. A
    /// reservation of the seat ends either way.
    SetCredential {
        /// The match.
        match_id: String,
        /// The seat.
        seat: u8,
        /// The hash of the new credential, or none.
        hash: Option<[u8; 32]>,
        /// The holder's name.
        name: Option<String>,
        /// Whether the match starts.
        starts: bool,
    },
    /// Action `n` (from 0) of a match; `finished_at`: the game ends with
    /// it, at that time.
    AppendAction {
        /// The match.
        match_id: String,
        /// The move number.
        n: u64,
        /// The seat that played it.
        player: u8,
        /// The action id.
        action: u16,
        /// When the game ended with it.
        finished_at: Option<i64>,
    },
    /// A match cancelled: an open one nobody joined in time, or one a
    /// seated player cancelled.
    Cancel {
        /// The match.
        match_id: String,
        /// When.
        at: i64,
    },
    /// A chat message (the match's older messages beyond the last
    /// [`CHAT_LOADED`] are deleted with it).
    Chat {
        /// The match.
        match_id: String,
        /// The message.
        message: ChatRow,
    },
    /// The rematch of a finished match, in one transaction: the new match,
    /// its seats taken and reserved, and the link from the old one (refused
    /// when the old match already has a rematch: there is one per match).
    CreateRematch {
        /// The finished match.
        of: String,
        /// The rematch.
        row: MatchRow,
        /// Seats taken at once (the caller's).
        taken: Vec<SeatHolder>,
        /// Seats kept for the players who held them at the end.
        reserved: Vec<SeatHolder>,
    },
}

fn insert_match(conn: &Connection, m: &MatchRow) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO matches (id, created, config, seats, turn_seconds, started,
                              finished, cancelled, ended, seed_chosen, invite, rematch)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?
    .execute(params![
        m.id,
        m.created,
        m.config,
        m.seats,
        m.turn_seconds,
        m.started,
        m.finished,
        m.cancelled,
        m.ended,
        m.seed_chosen,
        m.invite,
        m.rematch
    ])?;
    Ok(())
}

fn set_credential(conn: &Connection, match_id: &str, h: &SeatHolder) -> Result<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO credentials (match_id, seat, hash, name)
         VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![match_id, h.seat, &h.hash[..], h.name])?;
    conn.prepare_cached("DELETE FROM reservations WHERE match_id = ?1 AND seat = ?2")?
        .execute(params![match_id, h.seat])?;
    Ok(())
}

/// Applies one operation inside the writer's transaction.
pub(super) fn apply(conn: &Connection, op: &Op) -> Result<()> {
    match op {
        Op::CreateMatch(m) => insert_match(conn, m)?,
        Op::SetCredential {
            match_id,
            seat,
            hash,
            name,
            starts,
        } => {
            match hash {
                Some(h) => set_credential(
                    conn,
                    match_id,
                    &SeatHolder {
                        seat: *seat,
                        hash: *h,
                        name: name.clone(),
                    },
                )?,
                None => {
                    conn.prepare_cached(
                        "DELETE FROM credentials WHERE match_id = ?1 AND seat = ?2",
                    )?
                    .execute(params![match_id, seat])?;
                    conn.prepare_cached(
                        "DELETE FROM reservations WHERE match_id = ?1 AND seat = ?2",
                    )?
                    .execute(params![match_id, seat])?;
                }
            };
            if *starts {
                conn.prepare_cached("UPDATE matches SET started = 1, active = ?2 WHERE id = ?1")?
                    .execute(params![match_id, crate::clock::now_secs()])?;
            }
        }
        Op::AppendAction {
            match_id,
            n,
            player,
            action,
            finished_at,
        } => {
            conn.prepare_cached(
                "INSERT INTO actions (match_id, n, player, action) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![match_id, *n as i64, player, action])?;
            match finished_at {
                Some(at) => {
                    conn.prepare_cached(
                        "UPDATE matches SET finished = 1, ended = ?2, active = ?2 WHERE id = ?1",
                    )?
                    .execute(params![match_id, at])?;
                    unclaim(conn, match_id)?;
                }
                None => {
                    conn.prepare_cached("UPDATE matches SET active = ?2 WHERE id = ?1")?
                        .execute(params![match_id, crate::clock::now_secs()])?;
                }
            }
        }
        Op::Cancel { match_id, at } => {
            conn.prepare_cached("UPDATE matches SET cancelled = 1, ended = ?2 WHERE id = ?1")?
                .execute(params![match_id, at])?;
            unclaim(conn, match_id)?;
        }
        Op::Chat { match_id, message } => {
            conn.prepare_cached(
                "INSERT INTO chat (match_id, n, seat, name, text, at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                match_id,
                message.n as i64,
                message.seat,
                message.name,
                message.text,
                message.at
            ])?;
            // The chat keeps its last messages only (all a client is sent).
            if let Some(oldest) = message.n.checked_sub(CHAT_LOADED as u64) {
                conn.prepare_cached("DELETE FROM chat WHERE match_id = ?1 AND n <= ?2")?
                    .execute(params![match_id, oldest as i64])?;
            }
        }
        Op::CreateRematch {
            of,
            row,
            taken,
            reserved,
        } => {
            let linked = conn
                .prepare_cached(
                    "UPDATE matches SET rematch = ?2 WHERE id = ?1 AND rematch IS NULL",
                )?
                .execute(params![of, row.id])?;
            if linked != 1 {
                return Err(rusqlite::Error::ToSqlConversionFailure(Box::new(
                    std::io::Error::other(format!("match {of} has a rematch already")),
                )));
            }
            insert_match(conn, row)?;
            for h in taken {
                set_credential(conn, &row.id, h)?;
            }
            for h in reserved {
                conn.prepare_cached(
                    "INSERT INTO reservations (match_id, seat, hash, name) VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![row.id, h.seat, &h.hash[..], h.name])?;
            }
        }
    }
    Ok(())
}

/// A client address's claim on a match it creates or joins, within
/// `--open-per-address`: the matches an address created or joined that
/// wait (open ones, and started ones nobody moved in since `idle_before`)
/// are counted in the store, so that the count survives a restart. A
/// claim lasts until its match is over.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct AddressClaim {
    /// The match created or joined.
    pub(crate) match_id: String,
    /// The client's address key (`limits::address_key`).
    pub(crate) address: String,
    /// `--open-per-address`.
    pub(crate) limit: usize,
    /// A started match in which nobody moved since this time (seconds
    /// since the Unix epoch) counts as waiting.
    pub(crate) idle_before: i64,
}

/// The claims of a match that is over are no longer counted: deleted.
fn unclaim(conn: &Connection, match_id: &str) -> Result<()> {
    conn.prepare_cached("DELETE FROM claims WHERE match_id = ?1")?
        .execute(params![match_id])?;
    Ok(())
}

/// How many matches other than `except` that `address` created or joined
/// are waiting: open, or started with no move since `idle_before` (a
/// correspondence match, whose moves are days apart, is not waiting once
/// it started: its turn timer moves it).
fn waiting(conn: &Connection, address: &str, except: &str, idle_before: i64) -> Result<u64> {
    let n: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM claims c JOIN matches m ON m.id = c.match_id
             WHERE c.address = ?1 AND c.match_id != ?2
               AND m.finished = 0 AND m.cancelled = 0
               AND (m.started = 0 OR (COALESCE(m.active, m.created) < ?3
                    AND COALESCE(m.turn_seconds, 0) < ?4))",
        )?
        .query_row(
            params![
                address,
                except,
                idle_before,
                crate::protocol::CORRESPONDENCE_SECONDS as f64
            ],
            |r| r.get(0),
        )?;
    Ok(n as u64)
}

/// Checks a claim before its operation is applied: `Some(n)` when its
/// address already has `n` waiting matches, at least its limit (refused);
/// `None` when the claim may be recorded (the match is already the
/// address's, or the address is under its limit).
pub(super) fn over_limit(conn: &Connection, c: &AddressClaim) -> Result<Option<u64>> {
    let held: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM claims WHERE match_id = ?1 AND address = ?2")?
        .query_row(params![c.match_id, c.address], |r| r.get(0))?;
    if held > 0 {
        return Ok(None);
    }
    let n = waiting(conn, &c.address, &c.match_id, c.idle_before)?;
    Ok((n >= c.limit as u64).then_some(n))
}

/// Records a claim, once its operation is applied (the match exists).
pub(super) fn record_claim(conn: &Connection, c: &AddressClaim) -> Result<()> {
    conn.prepare_cached("INSERT OR IGNORE INTO claims (match_id, address) VALUES (?1, ?2)")?
        .execute(params![c.match_id, c.address])?;
    Ok(())
}

/// Records the client address (key) that created a match: its bots take
/// their turns at the bot pool as that client's, after a restart too.
pub(super) fn record_creator(conn: &Connection, match_id: &str, address: &str) -> Result<()> {
    conn.prepare_cached("UPDATE matches SET creator = ?2 WHERE id = ?1")?
        .execute(params![match_id, address])?;
    Ok(())
}

/// Records the client address (key) a seat's holder took it from.
pub(super) fn record_holder_address(
    conn: &Connection,
    match_id: &str,
    seat: u8,
    address: &str,
) -> Result<()> {
    conn.prepare_cached("UPDATE credentials SET address = ?3 WHERE match_id = ?1 AND seat = ?2")?
        .execute(params![match_id, seat, address])?;
    Ok(())
}

/// What the store's housekeeping deletes (`crate::sweep`, every few
/// sweeps): the matches cancelled before `cancelled_before` (seconds since
/// the Unix epoch), with their credentials, actions, chat, reserved seats
/// and claims, at most `batch` matches at a time; and claims left on
/// matches that are over.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Retention {
    /// Cancelled matches that ended before this are deleted.
    pub(crate) cancelled_before: i64,
    /// The most matches deleted at once.
    pub(crate) batch: usize,
}

/// What one round of housekeeping deleted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Housekept {
    /// Cancelled matches.
    pub(crate) matches: usize,
    /// Claims of matches that are over.
    pub(crate) claims: usize,
}

/// Deletes what [`Retention`] says, inside the writer's transaction. A
/// cancelled match that is another match's rematch is kept (the finished
/// match links to it, and its `rematch` answers `match_over`); it holds at
/// most its last chat messages.
pub(super) fn housekeep(conn: &Connection, r: &Retention) -> Result<Housekept> {
    let ids: Vec<String> = conn
        .prepare_cached(
            "SELECT id FROM matches
             WHERE cancelled = 1 AND finished = 0 AND ended < ?1
               AND NOT EXISTS (SELECT 1 FROM matches o WHERE o.rematch = matches.id)
             ORDER BY ended LIMIT ?2",
        )?
        .query_map(params![r.cancelled_before, r.batch as i64], |x| x.get(0))?
        .collect::<Result<_>>()?;
    for id in &ids {
        for table in [
            "chat",
            "actions",
            "credentials",
            "reservations",
            "claims",
            "account_seats",
        ] {
            conn.prepare_cached(&format!("DELETE FROM {table} WHERE match_id = ?1"))?
                .execute(params![id])?;
        }
        conn.prepare_cached("DELETE FROM matches WHERE id = ?1")?
            .execute(params![id])?;
    }
    let claims = conn
        .prepare_cached(
            "DELETE FROM claims WHERE EXISTS (SELECT 1 FROM matches m
               WHERE m.id = claims.match_id AND (m.finished = 1 OR m.cancelled = 1))",
        )?
        .execute([])?;
    Ok(Housekept {
        matches: ids.len(),
        claims,
    })
}
