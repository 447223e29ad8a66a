//! The store's tables, and how an older database is brought up to date
//! (`PRAGMA user_version` says which schema it has).

use super::ops::Result;
use rusqlite::Connection;

/// The schema version (`PRAGMA user_version`): 2 added cancellation, the
/// end time and whether the seed was chosen; 3 the players' names, private
/// matches' invites, rematches (the link and the reserved seats) and the
/// chat; 4 when a match last moved (`active`) and the client addresses
/// that created or joined an unfinished match (`claims`); 5 the accounts,
/// their sign-ins (`sessions`), the seats they hold (`account_seats`), the
/// ratings and the matches rated (`crate::accounts`); 6 where an account's
/// notices go (`accounts.contact`), the client address that created a
/// match (`matches.creator`: its bots' turn at the bot pool after a
/// restart) and the one each seat's holder took it from
/// (`credentials.address`: one seat each in a started match).
pub(super) const SCHEMA_VERSION: i64 = 6;

/// Creates the tables, or brings an older database's up to date.
pub(super) fn migrate(conn: &Connection) -> Result<()> {
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
         CREATE TABLE IF NOT EXISTS reservations (
             match_id TEXT NOT NULL REFERENCES matches(id),
             seat INTEGER NOT NULL,
             hash BLOB NOT NULL,
             name TEXT,
             PRIMARY KEY (match_id, seat)
         );
         CREATE TABLE IF NOT EXISTS chat (
             match_id TEXT NOT NULL REFERENCES matches(id),
             n INTEGER NOT NULL,
             seat INTEGER NOT NULL,
             name TEXT,
             text TEXT NOT NULL,
             at INTEGER NOT NULL,
             PRIMARY KEY (match_id, n)
         );
         CREATE INDEX IF NOT EXISTS matches_finished ON matches(finished);
         CREATE TABLE IF NOT EXISTS claims (
             match_id TEXT NOT NULL REFERENCES matches(id),
             address TEXT NOT NULL,
             PRIMARY KEY (match_id, address)
         );
         CREATE INDEX IF NOT EXISTS claims_address ON claims(address);
         CREATE TABLE IF NOT EXISTS accounts (
             id INTEGER PRIMARY KEY,
             name TEXT NOT NULL,
             key TEXT NOT NULL UNIQUE,
             phc TEXT NOT NULL,
             created INTEGER NOT NULL
         );
         CREATE TABLE IF NOT EXISTS sessions (
             hash BLOB PRIMARY KEY,
             account INTEGER NOT NULL REFERENCES accounts(id),
             created INTEGER NOT NULL,
             used INTEGER NOT NULL
         );
         CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account);
         CREATE TABLE IF NOT EXISTS account_seats (
             match_id TEXT NOT NULL,
             seat INTEGER NOT NULL,
             account INTEGER NOT NULL REFERENCES accounts(id),
             hash BLOB NOT NULL,
             at INTEGER NOT NULL,
             PRIMARY KEY (match_id, seat)
         );
         CREATE INDEX IF NOT EXISTS account_seats_account ON account_seats(account, at);
         CREATE TABLE IF NOT EXISTS ratings (
             player TEXT NOT NULL,
             variant TEXT NOT NULL,
             players INTEGER NOT NULL,
             rating REAL NOT NULL,
             uncertainty REAL NOT NULL,
             games INTEGER NOT NULL,
             PRIMARY KEY (player, variant, players)
         );
         CREATE TABLE IF NOT EXISTS rated (
             match_id TEXT PRIMARY KEY,
             at INTEGER NOT NULL
         );",
    )?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version < SCHEMA_VERSION {
        add_columns(
            conn,
            "matches",
            &[
                ("cancelled", "INTEGER NOT NULL DEFAULT 0"),
                ("ended", "INTEGER"),
                ("seed_chosen", "INTEGER NOT NULL DEFAULT 0"),
                ("invite", "TEXT"),
                ("rematch", "TEXT"),
                ("active", "INTEGER"),
                ("creator", "TEXT"),
            ],
        )?;
        add_columns(
            conn,
            "credentials",
            &[("name", "TEXT"), ("address", "TEXT")],
        )?;
        // Where an account's notices go (a correspondence match's turn).
        add_columns(conn, "accounts", &[("contact", "TEXT")])?;
        conn.execute_batch(
            "CREATE INDEX IF NOT EXISTS matches_ended ON matches(finished, ended);
             CREATE INDEX IF NOT EXISTS matches_rematch ON matches(rematch);",
        )?;
        // The unfinished matches of an older database have no time of their
        // last move: they get now, and a day before they may expire.
        conn.execute(
            "UPDATE matches SET active = ?1
             WHERE active IS NULL AND finished = 0 AND cancelled = 0",
            [crate::clock::now_secs()],
        )?;
        // A chat keeps its last messages only (an older database may hold
        // up to 1000 per match).
        conn.execute(
            "DELETE FROM chat WHERE n <= (SELECT MAX(n) FROM chat c
               WHERE c.match_id = chat.match_id) - ?1",
            [super::ops::CHAT_LOADED as i64],
        )?;
        conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    }
    Ok(())
}

/// Adds the columns `table` lacks.
fn add_columns(conn: &Connection, table: &str, columns: &[(&str, &str)]) -> Result<()> {
    let have: Vec<String> = conn
        .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_>>()?;
    for (name, decl) in columns {
        if !have.iter().any(|c| c == name) {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {name} {decl}"))?;
        }
    }
    Ok(())
}
