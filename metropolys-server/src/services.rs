//! What the rooms use: the store, the options, the pool of bot threads,
//! the recently finished matches, and whether the server is stopping.

use crate::options::Options;
use crate::protocol::{ErrorCode, ProtoError, Summary};
use crate::store::{AddressClaim, Failure, Store};
use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// The most finished matches the lobby lists.
pub(crate) const FINISHED_LISTED: usize = 50;

/// The services a room needs to commit, run bots and time turns.
pub(crate) struct Services {
    pub(crate) store: Arc<Store>,
    pub(crate) options: Options,
    /// The bot threads: bots reach them in turn by the client that
    /// created their match (`crate::fair`); reviews directly.
    pub(crate) bot_pool: Arc<crate::fair::FairGate>,
    /// Test hook: stop forever after committing this move number.
    pub(crate) pause_after_commit: Option<u64>,
    /// Set when the server stops: nothing more is committed.
    pub(crate) stopping: AtomicBool,
    /// The latest finished matches, latest first (the lobby's list; read
    /// from the store on start, then kept here).
    pub(crate) recent: Mutex<VecDeque<Arc<Summary>>>,
    /// The accounts and their ratings.
    pub(crate) accounts: Arc<crate::accounts::Accounts>,
    /// The notices of correspondence matches' turns.
    pub(crate) notices: crate::accounts::notices::Notifier,
}

impl Services {
    /// The claim of a client at address key `address` on match `match_id`
    /// it creates or joins: within `--open-per-address` matches that wait
    /// (open, or started with nobody moving for `--open-seconds`).
    pub(crate) fn claim(&self, match_id: &str, address: &str) -> AddressClaim {
        AddressClaim {
            match_id: match_id.to_string(),
            address: address.to_string(),
            limit: self.options.open_per_address,
            idle_before: crate::clock::now_secs() - self.options.open_timeout.as_secs() as i64,
        }
    }

    /// The error of a commit that failed: `too_many_open_matches` over a
    /// claim's limit, else the store's failure (`internal`).
    pub(crate) fn refusal(&self, f: Failure) -> ProtoError {
        match f {
            Failure::TooMany(n) => {
                let wait = self.options.open_timeout.as_secs();
                ProtoError::new(
                    ErrorCode::TooManyOpenMatches,
                    format!(
                        "this address already has {n} matches waiting (open, or started with nobody moving for {wait} s), its limit; play or cancel one first (an open match nobody sits at is cancelled after {wait} s)"
                    ),
                )
            }
            Failure::Store(e) => ProtoError::store(e),
        }
    }

    /// A match just finished: first in the lobby's list.
    pub(crate) fn finished(&self, s: Arc<Summary>) {
        let mut r = self.recent.lock().unwrap_or_else(|p| p.into_inner());
        r.retain(|x| x.id != s.id);
        r.push_front(s);
        r.truncate(FINISHED_LISTED);
    }

    /// Rates a match that just finished, in a task of its own (a failure
    /// is logged; the next start rates what is left unrated).
    pub(crate) fn rate(&self, f: crate::accounts::Finished) {
        let accounts = self.accounts.clone();
        tokio::spawn(async move {
            let id = f.match_id.clone();
            if let Err(e) = accounts.rate(f).await {
                tracing::error!("match {id} not rated: {}", e.message);
            }
        });
    }

    /// A finished match's summary changed (its rematch was created): the
    /// lobby's list shows the new one, where it was.
    pub(crate) fn refresh_finished(&self, s: Arc<Summary>) {
        let mut r = self.recent.lock().unwrap_or_else(|p| p.into_inner());
        for x in r.iter_mut() {
            if x.id == s.id {
                *x = s.clone();
            }
        }
    }

    /// The finished matches the lobby lists: those that ended in the last
    /// `--keep-days` days.
    pub(crate) fn recent(&self) -> Vec<Arc<Summary>> {
        let since = crate::clock::now_secs() - self.options.keep.as_secs() as i64;
        self.recent
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .filter(|s| s.ended.unwrap_or(0) >= since)
            .cloned()
            .collect()
    }
}
