//! Notices: when a correspondence match waits for a seat whose holder has
//! no socket open, and that seat is tied to an account with a contact,
//! the server posts a [`Notice`] (JSON) to the notice relay the operator
//! named with `--notify-url`. The relay turns it into an e-mail, a push
//! message or a chat line; the server itself only ever talks to that one
//! URL (no client can make it reach another address).
//!
//! Delivery is at least once and best effort: a notice is queued (at most
//! [`QUEUED`]; more are dropped and logged), posted with a timeout of
//! [`POST_SECONDS`], and tried [`TRIES`] times, a few seconds apart; a
//! restart may send the notice of a turn again.

use super::{refuse, store_error, Accounts};
use crate::protocol::{ErrorCode, Notice, NoticeEvent, ProtoError};
use rusqlite::{params, OptionalExtension};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// A turn that waits for a seat whose holder is away, in a correspondence
/// match: what its notice needs (`Authority::turn_notice`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TurnNotice {
    pub(crate) match_id: String,
    pub(crate) seat: u8,
    /// The hash of the credential holding the seat (the account it is tied
    /// to gets the notice).
    pub(crate) holder: [u8; 32],
    pub(crate) move_number: u64,
    /// Seconds since the Unix epoch.
    pub(crate) deadline: i64,
}

/// Notices waiting to be posted, at most.
pub(crate) const QUEUED: usize = 1_000;
/// How long one post may take.
pub(crate) const POST_SECONDS: u64 = 10;
/// Posts of one notice, at most (2 s, then 8 s apart).
pub(crate) const TRIES: u32 = 3;
/// The longest contact, in characters.
pub(crate) const CONTACT_MAX_CHARS: usize = 254;

/// A contact as given, checked: trimmed, 1 to [`CONTACT_MAX_CHARS`]
/// characters, no control characters.
pub(crate) fn contact(raw: &str) -> Result<String, ProtoError> {
    let c = raw.trim();
    if c.is_empty() || c.chars().count() > CONTACT_MAX_CHARS {
        return Err(refuse(
            ErrorCode::BadMessage,
            format!("contact must be 1 to {CONTACT_MAX_CHARS} characters, or null"),
        ));
    }
    if c.chars().any(char::is_control) {
        return Err(refuse(
            ErrorCode::BadMessage,
            "contact must not hold control characters",
        ));
    }
    Ok(c.to_string())
}

/// Checks a `--notify-url`: an `http://` URL with a host (the server posts
/// to it without TLS: a relay on the same host or network).
pub(crate) fn notify_url(raw: &str) -> Result<String, String> {
    let url = reqwest::Url::parse(raw).map_err(|e| format!("not a URL: {e}"))?;
    if url.scheme() != "http" || url.host_str().is_none() {
        return Err(
            "the notice relay's URL must be http://HOST[:PORT]/PATH (a relay on this host or network; the server posts without TLS)"
                .into(),
        );
    }
    Ok(url.to_string())
}

impl Accounts {
    /// Sets (or clears) where the account's notices go.
    pub(crate) async fn set_contact(
        self: &Arc<Self>,
        account: i64,
        contact: Option<String>,
    ) -> Result<(), ProtoError> {
        self.with(move |c| {
            c.execute(
                "UPDATE accounts SET contact = ?2 WHERE id = ?1",
                params![account, contact],
            )
            .map_err(store_error)?;
            Ok(())
        })
        .await
    }

    /// Where the account's notices go.
    pub(crate) async fn contact(
        self: &Arc<Self>,
        account: i64,
    ) -> Result<Option<String>, ProtoError> {
        self.with(move |c| {
            c.query_row(
                "SELECT contact FROM accounts WHERE id = ?1",
                params![account],
                |r| r.get::<_, Option<String>>(0),
            )
            .optional()
            .map(Option::flatten)
            .map_err(store_error)
        })
        .await
    }

    /// The name and contact of the account a seat is tied to through the
    /// credential hash `holder`, when it has a contact.
    async fn recipient(
        self: &Arc<Self>,
        match_id: &str,
        seat: u8,
        holder: [u8; 32],
    ) -> Result<Option<(String, String)>, ProtoError> {
        let id = match_id.to_string();
        self.with(move |c| {
            c.query_row(
                "SELECT a.name, a.contact FROM account_seats s JOIN accounts a ON a.id = s.account
                 WHERE s.match_id = ?1 AND s.seat = ?2 AND s.hash = ?3
                   AND a.contact IS NOT NULL",
                params![id, seat, &holder[..]],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(store_error)
        })
        .await
    }
}

/// The queue of notices and the task that posts them.
pub(crate) struct Notifier {
    tx: Option<mpsc::Sender<TurnNotice>>,
}

impl Notifier {
    /// Posts to `url` (none: no notices are sent), in a task of its own.
    pub(crate) fn start(url: Option<String>, accounts: Arc<Accounts>) -> Notifier {
        let Some(url) = url else {
            return Notifier { tx: None };
        };
        let (tx, rx) = mpsc::channel(QUEUED);
        tokio::spawn(deliver(url, accounts, rx));
        Notifier { tx: Some(tx) }
    }

    /// Whether notices are sent at all.
    pub(crate) fn enabled(&self) -> bool {
        self.tx.is_some()
    }

    /// Queues the notice of a turn (dropped, and logged, when the queue is
    /// full).
    pub(crate) fn your_turn(&self, n: TurnNotice) {
        if let Some(tx) = &self.tx {
            if tx.try_send(n).is_err() {
                tracing::warn!("notices: the queue is full; a notice was dropped");
            }
        }
    }
}

/// Posts the queued notices one after another until the queue closes.
async fn deliver(url: String, accounts: Arc<Accounts>, mut rx: mpsc::Receiver<TurnNotice>) {
    let client = match reqwest::Client::builder()
        .timeout(Duration::from_secs(POST_SECONDS))
        .redirect(reqwest::redirect::Policy::none())
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            tracing::error!("notices: no HTTP client: {e}");
            return;
        }
    };
    while let Some(n) = rx.recv().await {
        let (account, contact) = match accounts.recipient(&n.match_id, n.seat, n.holder).await {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!("notices: match {}: {}", n.match_id, e.message);
                continue;
            }
        };
        let notice = Notice {
            event: NoticeEvent::YourTurn,
            account,
            contact,
            path: format!("/#/match/{}", n.match_id),
            match_id: n.match_id,
            seat: n.seat,
            move_number: n.move_number,
            deadline: n.deadline,
        };
        let mut wait = Duration::from_secs(2);
        for attempt in 1..=TRIES {
            match client.post(&url).json(&notice).send().await {
                Ok(r) if r.status().is_success() => break,
                Ok(r) => tracing::warn!(
                    "notices: the relay answered {} (try {attempt} of {TRIES})",
                    r.status()
                ),
                Err(e) => tracing::warn!("notices: the relay: {e} (try {attempt} of {TRIES})"),
            }
            if attempt < TRIES {
                tokio::time::sleep(wait).await;
                wait *= 4;
            }
        }
    }
}
