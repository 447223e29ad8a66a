//! The ratings (`super`): Weng–Lin's update of a finished table, kept per
//! variant and number of players, and the leaderboards.

use super::{store_error, Accounts, Finished, Sitter, LEADERBOARD_SIZE};
use crate::protocol::{LeaderboardEntry, ProtoError, Rating};
use metropolys_core::Variant;
use rusqlite::{params, Connection, OptionalExtension};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// The ratings after a table of players with these ratings finished at
/// these places (1 first; equal places for ties): Weng–Lin's multi-team
/// update with one player per team and the crate's default parameters
/// (β = 25/6).
pub(crate) fn rerate(table: &[(WengLinRating, u8)]) -> Vec<WengLinRating> {
    let teams: Vec<[WengLinRating; 1]> = table.iter().map(|(r, _)| [*r]).collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(table)
        .map(|(t, (_, place))| (&t[..], MultiTeamOutcome::new(*place as usize)))
        .collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .into_iter()
        .map(|t| t[0])
        .collect()
}

/// What the leaderboard sorts by.
pub(crate) fn conservative(r: &WengLinRating) -> f64 {
    r.rating - 3.0 * r.uncertainty
}

fn variant_name(v: Variant) -> &'static str {
    v.name()
}

impl Accounts {
    /// The account's ratings, by variant and number of players.
    pub(crate) async fn ratings(
        self: &std::sync::Arc<Self>,
        account: i64,
    ) -> Result<Vec<Rating>, ProtoError> {
        self.with(move |c| {
            let mut st = c
                .prepare_cached(
                    "SELECT variant, players, rating, uncertainty, games FROM ratings
                     WHERE player = ?1 ORDER BY variant, players",
                )
                .map_err(store_error)?;
            let rows = st
                .query_map([format!("account:{account}")], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, u8>(1)?,
                        r.get::<_, f64>(2)?,
                        r.get::<_, f64>(3)?,
                        r.get::<_, u32>(4)?,
                    ))
                })
                .map_err(store_error)?;
            let mut v = Vec::new();
            for r in rows {
                let (variant, players, rating, uncertainty, games) = r.map_err(store_error)?;
                let Ok(variant) = variant.parse::<Variant>() else {
                    continue;
                };
                v.push(Rating {
                    variant,
                    players,
                    rating,
                    uncertainty,
                    score: conservative(&WengLinRating {
                        rating,
                        uncertainty,
                    }),
                    games,
                });
            }
            Ok(v)
        })
        .await
    }

    /// The best [`LEADERBOARD_SIZE`] of a variant and number of players.
    pub(crate) async fn leaderboard(
        self: &std::sync::Arc<Self>,
        variant: Variant,
        players: u8,
    ) -> Result<Vec<LeaderboardEntry>, ProtoError> {
        self.with(move |c| {
            let mut st = c
                .prepare_cached(
                    "SELECT r.player, a.name, r.rating, r.uncertainty, r.games FROM ratings r
                     LEFT JOIN accounts a ON r.player = 'account:' || a.id
                     WHERE r.variant = ?1 AND r.players = ?2
                     ORDER BY r.rating - 3 * r.uncertainty DESC, r.games DESC, r.player
                     LIMIT ?3",
                )
                .map_err(store_error)?;
            let rows = st
                .query_map(
                    params![variant_name(variant), players, LEADERBOARD_SIZE as i64],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, Option<String>>(1)?,
                            r.get::<_, f64>(2)?,
                            r.get::<_, f64>(3)?,
                            r.get::<_, u32>(4)?,
                        ))
                    },
                )
                .map_err(store_error)?;
            let mut v: Vec<LeaderboardEntry> = Vec::new();
            for r in rows {
                let (player, name, rating, uncertainty, games) = r.map_err(store_error)?;
                let (bot, name) = match (player.strip_prefix("bot:"), name) {
                    (Some(spec), _) => (true, spec.to_string()),
                    (None, Some(name)) => (false, name),
                    (None, None) => continue,
                };
                let score = conservative(&WengLinRating {
                    rating,
                    uncertainty,
                });
                let rank = match v.last() {
                    Some(last) if last.score == score => last.rank,
                    _ => v.len() as u32 + 1,
                };
                v.push(LeaderboardEntry {
                    rank,
                    name,
                    bot,
                    rating,
                    uncertainty,
                    score,
                    games,
                });
            }
            Ok(v)
        })
        .await
    }

    /// Rates a finished match, once: whether it counted (every human seat
    /// tied, before it ended, to an account of its own, by the credential
    /// that held it at the end).
    pub(crate) async fn rate(self: &std::sync::Arc<Self>, m: Finished) -> Result<bool, ProtoError> {
        self.with(move |c| rate(c, &m)).await
    }

    /// Finished matches with tied seats that were never rated (a crash
    /// between the last move's commit and the rating).
    pub(crate) async fn unrated(self: &std::sync::Arc<Self>) -> Result<Vec<String>, ProtoError> {
        self.with(move |c| {
            let mut st = c
                .prepare(
                    "SELECT DISTINCT s.match_id FROM account_seats s
                     JOIN matches m ON m.id = s.match_id
                     WHERE m.finished = 1 AND m.cancelled = 0 AND s.at <= m.ended
                       AND NOT EXISTS (SELECT 1 FROM rated r WHERE r.match_id = s.match_id)
                     ORDER BY s.match_id",
                )
                .map_err(store_error)?;
            let rows = st.query_map([], |r| r.get(0)).map_err(store_error)?;
            rows.collect::<rusqlite::Result<Vec<String>>>()
                .map_err(store_error)
        })
        .await
    }
}

/// [`Accounts::rate`], in one transaction.
fn rate(c: &mut Connection, m: &Finished) -> Result<bool, ProtoError> {
    let tx = c.transaction().map_err(store_error)?;
    let done: Option<i64> = tx
        .query_row(
            "SELECT 1 FROM rated WHERE match_id = ?1",
            [&m.match_id],
            |r| r.get(0),
        )
        .optional()
        .map_err(store_error)?;
    if done.is_some() {
        return Ok(false);
    }
    let mut bound: Vec<(u8, i64, Vec<u8>, i64)> = Vec::new();
    {
        let mut st = tx
            .prepare_cached("SELECT seat, account, hash, at FROM account_seats WHERE match_id = ?1")
            .map_err(store_error)?;
        let rows = st
            .query_map([&m.match_id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .map_err(store_error)?;
        for r in rows {
            bound.push(r.map_err(store_error)?);
        }
    }
    let mut keys: Vec<String> = Vec::new();
    let mut counted = true;
    for (seat, (sitter, _)) in m.seats.iter().enumerate() {
        match sitter {
            Sitter::Bot(spec) => keys.push(format!("bot:{spec}")),
            Sitter::Human(Some(h)) => {
                let account = bound.iter().find(|(s, _, bh, at)| {
                    *s as usize == seat && bh.as_slice() == h.as_slice() && *at <= m.ended
                });
                match account {
                    Some((_, a, _, _)) => keys.push(format!("account:{a}")),
                    None => counted = false,
                }
            }
            Sitter::Human(None) => counted = false,
        }
    }
    let accounts = keys.iter().filter(|k| k.starts_with("account:")).count();
    let counted = counted && accounts > 0;
    if counted {
        let variant = variant_name(m.variant);
        let mut table = Vec::new();
        for (key, (_, place)) in keys.iter().zip(&m.seats) {
            let r: Option<(f64, f64)> = tx
                .query_row(
                    "SELECT rating, uncertainty FROM ratings
                     WHERE player = ?1 AND variant = ?2 AND players = ?3",
                    params![key, variant, m.players],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()
                .map_err(store_error)?;
            table.push((r.map(WengLinRating::from).unwrap_or_default(), *place));
        }
        let after = rerate(&table);
        // A bot spec at two seats is rated as two players of its rating;
        // its new rating is the mean of theirs (one game played).
        let mut seen: Vec<&String> = Vec::new();
        for key in &keys {
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let mine: Vec<&WengLinRating> = keys
                .iter()
                .zip(&after)
                .filter(|(k, _)| *k == key)
                .map(|(_, r)| r)
                .collect();
            let n = mine.len() as f64;
            let rating = mine.iter().map(|r| r.rating).sum::<f64>() / n;
            let uncertainty = mine.iter().map(|r| r.uncertainty).sum::<f64>() / n;
            tx.execute(
                "INSERT INTO ratings (player, variant, players, rating, uncertainty, games)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1)
                 ON CONFLICT (player, variant, players)
                 DO UPDATE SET rating = ?4, uncertainty = ?5, games = games + 1",
                params![key, variant, m.players, rating, uncertainty],
            )
            .map_err(store_error)?;
        }
    }
    tx.execute(
        "INSERT INTO rated (match_id, at) VALUES (?1, ?2)",
        params![m.match_id, crate::clock::now_secs()],
    )
    .map_err(store_error)?;
    tx.commit().map_err(store_error)?;
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The winner gains, the last loses, and a tie moves both alike.
    #[test]
    fn rerate_follows_the_places() {
        let fresh = WengLinRating::new();
        let after = rerate(&[(fresh, 2), (fresh, 1), (fresh, 3)]);
        assert!(after[1].rating > after[0].rating && after[0].rating > after[2].rating);
        assert!(after.iter().all(|r| r.uncertainty < fresh.uncertainty));
        let tied = rerate(&[(fresh, 1), (fresh, 1)]);
        assert!((tied[0].rating - tied[1].rating).abs() < 1e-12);
    }
}
