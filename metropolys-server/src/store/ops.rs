//! The store's named operations and how each is written.

use rusqlite::{params, Connection};

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
}

/// A change to the store: what the match authority asks for, committed by
/// the writer before anyone hears of it.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// A new match.
    CreateMatch(MatchRow),
    /// A seat taken (`Some` hash) or given up (`None`); `starts`: the match
    /// starts with it.
    SetCredential {
        /// The match.
        match_id: String,
        /// The seat.
        seat: u8,
        /// The hash of the new credential, or none.
        hash: Option<[u8; 32]>,
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
    /// An open match nobody joined in time.
    Cancel {
        /// The match.
        match_id: String,
        /// When.
        at: i64,
    },
}

/// Applies one operation inside the writer's transaction.
pub(super) fn apply(conn: &Connection, op: &Op) -> Result<()> {
    match op {
        Op::CreateMatch(m) => {
            conn.prepare_cached(
                "INSERT INTO matches (id, created, config, seats, turn_seconds, started,
                                      finished, cancelled, ended, seed_chosen)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
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
                m.seed_chosen
            ])?;
        }
        Op::SetCredential {
            match_id,
            seat,
            hash,
            starts,
        } => {
            match hash {
                Some(h) => conn
                    .prepare_cached(
                        "INSERT OR REPLACE INTO credentials (match_id, seat, hash)
                         VALUES (?1, ?2, ?3)",
                    )?
                    .execute(params![match_id, seat, &h[..]])?,
                None => conn
                    .prepare_cached("DELETE FROM credentials WHERE match_id = ?1 AND seat = ?2")?
                    .execute(params![match_id, seat])?,
            };
            if *starts {
                conn.prepare_cached("UPDATE matches SET started = 1 WHERE id = ?1")?
                    .execute(params![match_id])?;
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
            if let Some(at) = finished_at {
                conn.prepare_cached("UPDATE matches SET finished = 1, ended = ?2 WHERE id = ?1")?
                    .execute(params![match_id, at])?;
            }
        }
        Op::Cancel { match_id, at } => {
            conn.prepare_cached("UPDATE matches SET cancelled = 1, ended = ?2 WHERE id = ?1")?
                .execute(params![match_id, at])?;
        }
    }
    Ok(())
}
