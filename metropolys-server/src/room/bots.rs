//! Bots at the table: a bot seat's player, and its decisions off the async
//! runtime under the server's time budget (the greedy bot decides past it).

use crate::protocol::{ErrorCode, ProtoError};
use crate::services::Services;
use metropolys_bots::{Greedy, InfoSet, Player};
use metropolys_core::Action;
use std::sync::Arc;
use std::time::Duration;

/// The greedy bot's choice for the seat to act, from its view only.
pub fn greedy_choice(view: &InfoSet) -> Result<Action, ProtoError> {
    Player::new(Box::new(Greedy::default()), 0)
        .choose(view)
        .map_err(|e| ProtoError::new(ErrorCode::Internal, e.to_string()))
}

/// A bot seat's player, its generator seeded from the seat's seed and the
/// move number (a restored bot does not repeat its earlier draws).
pub(super) fn bot_player(bot: &str, params: &str, seed: u64, salt: u64) -> Result<Player, String> {
    let mut p: serde_json::Map<String, serde_json::Value> = if params.trim().is_empty() {
        serde_json::Map::new()
    } else {
        serde_json::from_str(params).map_err(|e| e.to_string())?
    };
    p.insert(
        "seed".into(),
        serde_json::Value::from(seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
    );
    Player::from_spec(bot, &serde_json::Value::Object(p).to_string()).map_err(|e| e.to_string())
}

/// Runs a bot's decision off the async runtime, under the server's pool of
/// bot threads and time budget. Past the budget the greedy bot decides
/// (the stuck decision's thread keeps its pool slot until it ends).
pub(super) async fn run_bot(
    sh: &Arc<Services>,
    mut player: Player,
    view: InfoSet,
) -> (Option<Player>, Option<Action>) {
    let Ok(permit) = sh.bot_pool.clone().acquire_owned().await else {
        return (None, None);
    };
    let budget = Duration::from_secs_f64(sh.options.bot_seconds + 1.0);
    let fallback = view.clone();
    let handle = tokio::task::spawn_blocking(move || {
        let r = player.choose(&view);
        drop(permit);
        (player, r)
    });
    match tokio::time::timeout(budget, handle).await {
        Ok(Ok((player, Ok(action)))) => (Some(player), Some(action)),
        other => {
            if let Ok(Ok((_, Err(e)))) = &other {
                tracing::warn!("a bot failed ({e}); the greedy bot decides");
            } else {
                tracing::warn!("a bot overran its budget; the greedy bot decides");
            }
            let action = tokio::task::spawn_blocking(move || greedy_choice(&fallback))
                .await
                .ok()
                .and_then(Result::ok);
            (None, action)
        }
    }
}
