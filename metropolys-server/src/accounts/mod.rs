//! Accounts: a name and a password (kept as its Argon2id hash, a
//! memory-hard function), a token per signed-in device, the seats an
//! account holds, and the ratings of accounts and bots (Weng–Lin, from the
//! `skillratings` crate: a multiplayer rating of the OpenSkill family).
//!
//! An account holds a seat by the hash of the seat's credential: the seat
//! is the account's while that credential holds it, and the account's
//! token opens it from any device (`crate::ws`, `crate::http`). A
//! finished match is rated when every human seat was tied to an account,
//! each a different one, before it ended; its bots are rated beside them,
//! by their spec, on the same scale (a spec at several seats of a table
//! takes the mean of their new ratings). Each match is rated once (the `rated`
//! table), in the same transaction as the ratings it changes, and matches
//! a crash left unrated are rated on the next start.

use crate::credential::{ct_eq, hash_credential};
use crate::protocol::{name_key, player_name, ErrorCode, ProtoError};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use metropolys_core::{Seat, Variant};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::{Mutex, OnceLock};

pub(crate) mod notices;
mod ratings;
use tokio::sync::Semaphore;

/// What every account token starts with (a seat's credential is 64
/// hexadecimal digits and nothing else).
pub(crate) const TOKEN_PREFIX: &str = "acct_";
/// The shortest password, in characters.
pub(crate) const PASSWORD_MIN_CHARS: usize = 8;
/// The longest password, in bytes of UTF-8.
pub(crate) const PASSWORD_MAX_BYTES: usize = 256;
/// The most devices signed in to one account: signing in on one more ends
/// the oldest.
pub(crate) const SESSIONS_PER_ACCOUNT: usize = 20;
/// A device's sign-in ends after this many days without use.
pub(crate) const SESSION_DAYS: i64 = 180;
/// The most games `GET /api/v1/account` lists.
pub(crate) const GAMES_LISTED: usize = 50;
/// The most entries of a leaderboard.
pub(crate) const LEADERBOARD_SIZE: usize = 50;
/// Password hashes computed at once (each takes 19 MiB of memory):
/// more requests wait their turn.
const HASHING_AT_ONCE: usize = 2;

/// A signed-in account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Account {
    pub(crate) id: i64,
    pub(crate) name: String,
    pub(crate) created: i64,
}

/// Who sat at a seat of a finished match, for its rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Sitter {
    /// A person, by the hash of the credential that held the seat.
    Human(Option<[u8; 32]>),
    /// A bot, by its spec (`strong`, `ismcts:{…}`).
    Bot(String),
}

/// A finished match, as its rating needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finished {
    pub(crate) match_id: String,
    pub(crate) variant: Variant,
    pub(crate) players: u8,
    /// When it ended (seconds since the Unix epoch): seats tied later do
    /// not make it rated.
    pub(crate) ended: i64,
    /// Per seat, who sat there and their place (1 first, R-20).
    pub(crate) seats: Vec<(Sitter, u8)>,
}

/// The accounts, on a connection of their own to the store's database.
pub(crate) struct Accounts {
    conn: Mutex<Connection>,
    hashing: Semaphore,
}

fn store_error(e: rusqlite::Error) -> ProtoError {
    ProtoError::store(e)
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> ProtoError {
    ProtoError::new(code, message)
}

/// A fresh account token and its hash.
fn new_token() -> Result<(String, [u8; 32]), ProtoError> {
    let (hex, _) = crate::credential::new_credential()?;
    let token = format!("{TOKEN_PREFIX}{hex}");
    let hash = hash_credential(&token);
    Ok((token, hash))
}

/// The Argon2id hash of `password` (the PHC string: algorithm,
/// parameters, salt and hash), with the crate's default parameters
/// (19 MiB, 2 passes: OWASP's recommendation).
fn hash_password(password: &str) -> Result<String, ProtoError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)
        .map_err(|e| refuse(ErrorCode::Internal, format!("no randomness: {e}")))?;
    let salt =
        SaltString::encode_b64(&salt).map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))
}

/// Whether `password` is the one `phc` was made from.
fn verify_password(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash no password matches in practice, verified when the name is
/// unknown so that an unknown name takes as long as a wrong password.
fn decoy() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        let salt = SaltString::encode_b64(b"metropolys-decoy").expect("a valid salt");
        Argon2::default()
            .hash_password(b"the decoy of unknown names", &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

/// An account's name: a player's name (required), else `bad_message`.
pub(crate) fn account_name(raw: &str) -> Result<String, ProtoError> {
    player_name(Some(raw))?.ok_or_else(|| refuse(ErrorCode::BadMessage, "an account needs a name"))
}

/// A password's length, else `bad_message` (never saying what it was).
pub(crate) fn check_password(p: &str) -> Result<(), ProtoError> {
    if p.chars().count() < PASSWORD_MIN_CHARS || p.len() > PASSWORD_MAX_BYTES {
        return Err(refuse(
            ErrorCode::BadMessage,
            format!(
                "a password is {PASSWORD_MIN_CHARS} characters or more, and at most {PASSWORD_MAX_BYTES} bytes of UTF-8"
            ),
        ));
    }
    Ok(())
}

impl Accounts {
    /// The accounts of the database at `path` (its tables made by the
    /// store's schema).
    pub(crate) fn open(path: &Path) -> rusqlite::Result<Accounts> {
        Ok(Accounts {
            conn: Mutex::new(crate::store::connect(path)?),
            hashing: Semaphore::new(HASHING_AT_ONCE),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs `f` on the connection, off the runtime's threads.
    async fn with<T: Send + 'static>(
        self: &std::sync::Arc<Self>,
        f: impl FnOnce(&mut Connection) -> Result<T, ProtoError> + Send + 'static,
    ) -> Result<T, ProtoError> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || f(&mut me.conn()))
            .await
            .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?
    }

    /// Computes a password hash (or checks one) off the runtime's threads,
    /// at most [`HASHING_AT_ONCE`] at a time.
    async fn hashing<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ProtoError> {
        let _permit = self
            .hashing
            .acquire()
            .await
            .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
        tokio::task::spawn_blocking(f)
            .await
            .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))
    }

    /// A new account, signed in on this device: its name and token.
    pub(crate) async fn register(
        self: &std::sync::Arc<Self>,
        name: &str,
        password: &str,
    ) -> Result<(Account, String), ProtoError> {
        let name = account_name(name)?;
        check_password(password)?;
        let key = name_key(&name);
        let taken = || {
            refuse(
                ErrorCode::BadMessage,
                "the name is taken: another account has it (ignoring case and look-alike forms); choose another",
            )
        };
        let k = key.clone();
        if self
            .with(move |c| {
                c.query_row("SELECT 1 FROM accounts WHERE key = ?1", [k], |_| Ok(()))
                    .optional()
                    .map_err(store_error)
            })
            .await?
            .is_some()
        {
            return Err(taken());
        }
        let pw = password.to_string();
        let phc = self.hashing(move || hash_password(&pw)).await??;
        let (token, hash) = new_token()?;
        let now = crate::clock::now_secs();
        self.with(move |c| {
            let tx = c.transaction().map_err(store_error)?;
            let inserted = tx.execute(
                "INSERT INTO accounts (name, key, phc, created) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (key) DO NOTHING",
                params![name, key, phc, now],
            );
            if inserted.map_err(store_error)? == 0 {
                return Err(taken());
            }
            let id = tx.last_insert_rowid();
            insert_session(&tx, &hash, id, now)?;
            tx.commit().map_err(store_error)?;
            Ok((
                Account {
                    id,
                    name,
                    created: now,
                },
                token,
            ))
        })
        .await
    }

    /// Signs in on a device: the account and a new token; `forbidden` for
    /// a wrong name or password (the same answer, in the same time).
    pub(crate) async fn sign_in(
        self: &std::sync::Arc<Self>,
        name: &str,
        password: &str,
    ) -> Result<(Account, String), ProtoError> {
        let key = name_key(name.trim());
        let row = self
            .with(move |c| {
                c.query_row(
                    "SELECT id, name, created, phc FROM accounts WHERE key = ?1",
                    [key],
                    |r| {
                        Ok((
                            Account {
                                id: r.get(0)?,
                                name: r.get(1)?,
                                created: r.get(2)?,
                            },
                            r.get::<_, String>(3)?,
                        ))
                    },
                )
                .optional()
                .map_err(store_error)
            })
            .await?;
        let pw = password.to_string();
        let phc = row.as_ref().map(|(_, p)| p.clone());
        let ok = self
            .hashing(move || match phc {
                Some(phc) => verify_password(&pw, &phc),
                None => {
                    // The same work as for a known name, and no match.
                    let _ = verify_password(&pw, decoy());
                    false
                }
            })
            .await?;
        let Some((account, _)) = row.filter(|_| ok) else {
            return Err(refuse(ErrorCode::Forbidden, "wrong name or password"));
        };
        let (token, hash) = new_token()?;
        let now = crate::clock::now_secs();
        let id = account.id;
        self.with(move |c| {
            let tx = c.transaction().map_err(store_error)?;
            insert_session(&tx, &hash, id, now)?;
            // The oldest devices beyond the limit, and those unused for
            // too long, are signed out.
            tx.execute(
                "DELETE FROM sessions WHERE account = ?1 AND (used < ?2 OR hash NOT IN
                   (SELECT hash FROM sessions WHERE account = ?1 ORDER BY used DESC, created DESC LIMIT ?3))",
                params![id, now - SESSION_DAYS * 86_400, SESSIONS_PER_ACCOUNT as i64],
            )
            .map_err(store_error)?;
            tx.commit().map_err(store_error)
        })
        .await?;
        Ok((account, token))
    }

    /// Ends a device's sign-in; whether it was one.
    pub(crate) async fn sign_out(
        self: &std::sync::Arc<Self>,
        token: &str,
    ) -> Result<bool, ProtoError> {
        let hash = hash_credential(token);
        self.with(move |c| {
            c.execute("DELETE FROM sessions WHERE hash = ?1", params![&hash[..]])
                .map(|n| n > 0)
                .map_err(store_error)
        })
        .await
    }

    /// The account a token is signed in to (`unauthorized` for one that is
    /// not, or no longer).
    pub(crate) async fn account(
        self: &std::sync::Arc<Self>,
        token: &str,
    ) -> Result<Account, ProtoError> {
        let hash = hash_credential(token);
        let now = crate::clock::now_secs();
        let found = self
            .with(move |c| {
                let found = c
                    .query_row(
                        "SELECT a.id, a.name, a.created, s.used, s.hash FROM sessions s
                         JOIN accounts a ON a.id = s.account WHERE s.hash = ?1",
                        params![&hash[..]],
                        |r| {
                            Ok((
                                Account {
                                    id: r.get(0)?,
                                    name: r.get(1)?,
                                    created: r.get(2)?,
                                },
                                r.get::<_, i64>(3)?,
                                r.get::<_, Vec<u8>>(4)?,
                            ))
                        },
                    )
                    .optional()
                    .map_err(store_error)?;
                let Some((account, used, stored)) = found else {
                    return Ok(None);
                };
                let same = <[u8; 32]>::try_from(stored.as_slice()).is_ok_and(|s| ct_eq(&s, &hash));
                if !same || used < now - SESSION_DAYS * 86_400 {
                    return Ok(None);
                }
                // The time of last use, at most once an hour.
                if used < now - 3600 {
                    c.execute(
                        "UPDATE sessions SET used = ?2 WHERE hash = ?1",
                        params![&hash[..], now],
                    )
                    .map_err(store_error)?;
                }
                Ok(Some(account))
            })
            .await?;
        found.ok_or_else(|| {
            refuse(
                ErrorCode::Unauthorized,
                "not a signed-in account's token (signed out, or unused for too long): sign in again",
            )
        })
    }

    /// The account's binding in `match_id`: its seat and the hash of the
    /// credential it was tied with.
    pub(crate) async fn binding(
        self: &std::sync::Arc<Self>,
        account: i64,
        match_id: &str,
    ) -> Result<Option<(Seat, [u8; 32])>, ProtoError> {
        let id = match_id.to_string();
        self.with(move |c| binding(c, account, &id)).await
    }

    /// The credential hash through which `account` may hold a seat of
    /// `match_id`: its own binding there, else the hash it held a seat of
    /// the match this one is the rematch of with (a rematch keeps the
    /// players' credentials).
    pub(crate) async fn seat_hash(
        self: &std::sync::Arc<Self>,
        account: i64,
        match_id: &str,
    ) -> Result<Option<[u8; 32]>, ProtoError> {
        let id = match_id.to_string();
        self.with(move |c| {
            if let Some((_, h)) = binding(c, account, &id)? {
                return Ok(Some(h));
            }
            let h: Option<Vec<u8>> = c
                .query_row(
                    "SELECT s.hash FROM account_seats s JOIN matches m ON m.id = s.match_id
                     WHERE s.account = ?1 AND m.rematch = ?2",
                    params![account, id],
                    |r| r.get(0),
                )
                .optional()
                .map_err(store_error)?;
            Ok(h.and_then(|h| <[u8; 32]>::try_from(h.as_slice()).ok()))
        })
        .await
    }

    /// Ties seat `seat` of `match_id`, held by the credential of hash
    /// `hash`, to `account` (replacing a binding of the seat by a credential
    /// that no longer holds it, which the caller has checked); `seat_taken`
    /// when another account holds it with this very credential.
    pub(crate) async fn bind(
        self: &std::sync::Arc<Self>,
        account: i64,
        match_id: &str,
        seat: Seat,
        hash: [u8; 32],
    ) -> Result<(), ProtoError> {
        let id = match_id.to_string();
        let now = crate::clock::now_secs();
        self.with(move |c| {
            let tx = c.transaction().map_err(store_error)?;
            let other: Option<(i64, Vec<u8>)> = tx
                .query_row(
                    "SELECT account, hash FROM account_seats WHERE match_id = ?1 AND seat = ?2",
                    params![id, seat],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()
                .map_err(store_error)?;
            match other {
                Some((a, _)) if a == account => return Ok(()),
                Some((_, h)) if h.as_slice() == hash.as_slice() => {
                    return Err(refuse(
                        ErrorCode::SeatTaken,
                        "this seat is tied to another account",
                    ))
                }
                _ => {}
            }
            tx.execute(
                "DELETE FROM account_seats WHERE match_id = ?1 AND account = ?2",
                params![id, account],
            )
            .map_err(store_error)?;
            tx.execute(
                "INSERT OR REPLACE INTO account_seats (match_id, seat, account, hash, at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, seat, account, &hash[..], now],
            )
            .map_err(store_error)?;
            tx.commit().map_err(store_error)
        })
        .await
    }

    /// Ties seat `seat` of the rematch `new` to the account that tied the
    /// seat of `old` held by the credential of hash `hash`, if one did.
    pub(crate) async fn carry_over(
        self: &std::sync::Arc<Self>,
        old: &str,
        new: &str,
        seat: Seat,
        hash: [u8; 32],
    ) -> Result<(), ProtoError> {
        let (old, new) = (old.to_string(), new.to_string());
        let now = crate::clock::now_secs();
        self.with(move |c| {
            c.execute(
                "INSERT OR IGNORE INTO account_seats (match_id, seat, account, hash, at)
                 SELECT ?2, ?3, account, hash, ?5 FROM account_seats
                 WHERE match_id = ?1 AND hash = ?4",
                params![old, new, seat, &hash[..], now],
            )
            .map(|_| ())
            .map_err(store_error)
        })
        .await
    }

    /// The matches the account has tied seats of, latest first (at most
    /// [`GAMES_LISTED`]): id, seat and the credential's hash.
    pub(crate) async fn games(
        self: &std::sync::Arc<Self>,
        account: i64,
    ) -> Result<Vec<(String, Seat, [u8; 32])>, ProtoError> {
        self.with(move |c| {
            let mut st = c
                .prepare_cached(
                    "SELECT s.match_id, s.seat, s.hash FROM account_seats s
                     JOIN matches m ON m.id = s.match_id
                     WHERE s.account = ?1 AND m.cancelled = 0
                     ORDER BY s.at DESC, s.rowid DESC LIMIT ?2",
                )
                .map_err(store_error)?;
            let rows = st
                .query_map(params![account, GAMES_LISTED as i64], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, u8>(1)?,
                        r.get::<_, Vec<u8>>(2)?,
                    ))
                })
                .map_err(store_error)?;
            let mut v = Vec::new();
            for r in rows {
                let (id, seat, h) = r.map_err(store_error)?;
                if let Ok(h) = <[u8; 32]>::try_from(h.as_slice()) {
                    v.push((id, seat, h));
                }
            }
            Ok(v)
        })
        .await
    }
}

/// A device's sign-in: its token's hash, for account `id`, used `now`.
fn insert_session(c: &Connection, hash: &[u8; 32], id: i64, now: i64) -> Result<(), ProtoError> {
    c.execute(
        "INSERT INTO sessions (hash, account, created, used) VALUES (?1, ?2, ?3, ?3)",
        params![&hash[..], id, now],
    )
    .map(|_| ())
    .map_err(store_error)
}

fn binding(c: &Connection, account: i64, id: &str) -> Result<Option<(Seat, [u8; 32])>, ProtoError> {
    let row: Option<(u8, Vec<u8>)> = c
        .query_row(
            "SELECT seat, hash FROM account_seats WHERE match_id = ?1 AND account = ?2",
            params![id, account],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .map_err(store_error)?;
    Ok(row.and_then(|(s, h)| <[u8; 32]>::try_from(h.as_slice()).ok().map(|h| (s, h))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Passwords: the hash verifies its password only; lengths are checked.
    #[test]
    fn passwords_hash_and_verify() {
        let phc = hash_password("correct horse").unwrap();
        assert!(phc.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &phc));
        assert!(!verify_password("correct horsE", &phc));
        assert!(!verify_password("anything", decoy()));
        assert!(check_password("short").is_err());
        assert!(check_password(&"x".repeat(PASSWORD_MAX_BYTES + 1)).is_err());
        assert!(check_password("eight ch").is_ok());
    }
}
