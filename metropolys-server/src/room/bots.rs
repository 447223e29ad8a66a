//! Bots at the table: decisions off the async runtime, under the server's
//! pool of bot threads and time budget (the greedy bot decides past it).

use crate::services::Services;
use metropolys_bots::{BotSpec, Greedy, InfoSet, Player};
use metropolys_core::Action;
use std::sync::Arc;
use std::time::Duration;

/// The greedy bot's choice for the seat to act, from its view only.
pub(crate) fn greedy_choice(view: &InfoSet) -> Option<Action> {
    Player::new(Box::new(Greedy::default()), 0)
        .choose(view)
        .ok()
}

/// The greedy bot's choice, off the async runtime.
pub(crate) async fn greedy(view: InfoSet) -> Option<Action> {
    tokio::task::spawn_blocking(move || greedy_choice(&view))
        .await
        .ok()
        .flatten()
}

/// One decision of a bot seat, off the async runtime, under the server's
/// pool of bot threads (in turn among the clients that created their
/// matches: `key`, `crate::fair`) and time budget. Past the budget (or if the bot
/// fails) the greedy bot decides; a stuck decision's thread keeps its
/// pool slot until it ends.
pub(crate) async fn decide(
    sh: &Arc<Services>,
    key: &str,
    spec: BotSpec,
    seed: u64,
    view: InfoSet,
) -> Option<Action> {
    let permit = sh.bot_pool.acquire(key).await?;
    let budget = Duration::from_secs_f64(sh.options.bot_seconds + 1.0);
    let fallback = view.clone();
    let handle = tokio::task::spawn_blocking(move || {
        // The bot of the seat's typed spec, its generator seeded for this
        // decision.
        let r = Player::new(spec.build(), seed)
            .choose(&view)
            .map_err(|e| e.to_string());
        drop(permit);
        r
    });
    match tokio::time::timeout(budget, handle).await {
        Ok(Ok(Ok(action))) => Some(action),
        other => {
            if let Ok(Ok(Err(e))) = &other {
                tracing::warn!("a bot failed ({e}); the greedy bot decides");
            } else {
                tracing::warn!("a bot overran its budget; the greedy bot decides");
            }
            greedy(fallback).await
        }
    }
}
