//! The sweeper, every `Options::sweep_interval` (10 seconds): matches that
//! wait for nobody are cancelled, matches that are over leave memory, and
//! the store keeps what it must and no more.
//!
//! * An open match that nobody sits at for `--open-seconds` is cancelled.
//! * A playing match in which nobody moved for [`IDLE_PLAYING_SECONDS`]
//!   (counted in the store, so across restarts) is cancelled once it is
//!   abandoned: every human seat free, or its holder away for
//!   `--abandon-seconds` (what lets a player cancel it).
//! * A finished or cancelled match that no socket watched for an interval
//!   leaves memory (the store keeps it; a request reads it back).
//! * The store's housekeeping: a match cancelled more than
//!   [`CANCELLED_KEPT_SECONDS`] ago is deleted with its chat, credentials
//!   and actions, [`HOUSEKEEPING_BATCH`] at a time; then the pages freed
//!   go back to the file system (`PRAGMA incremental_vacuum`, in a
//!   database created with `auto_vacuum = INCREMENTAL`).

use crate::shared::Shared;
use crate::store::Retention;
use std::sync::Arc;
use std::time::Instant;

/// A playing match in which nobody moved for this long (a day: longer
/// than any turn timer's turn) is cancelled once every human seat is free
/// or its holder has been away for `--abandon-seconds`.
pub(crate) const IDLE_PLAYING_SECONDS: i64 = 86_400;

/// A cancelled match is deleted from the store (with its chat,
/// credentials and actions) this long after it was cancelled: an hour in
/// which its link, summary and record still answer.
pub(crate) const CANCELLED_KEPT_SECONDS: i64 = 3_600;

/// The most cancelled matches one round of housekeeping deletes.
pub(crate) const HOUSEKEEPING_BATCH: usize = 200;

/// Sweeps every interval, until the server stops (the task is aborted).
pub(crate) async fn run(shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(shared.options.sweep_interval);
    loop {
        tick.tick().await;
        once(&shared, Instant::now(), crate::clock::now_secs()).await;
    }
}

/// One sweep at `now` (`wall`: seconds since the Unix epoch).
pub(crate) async fn once(shared: &Arc<Shared>, now: Instant, wall: i64) {
    let o = &shared.options;
    for room in shared.all_rooms() {
        if room.summary().status == crate::protocol::Status::Open {
            room.cancel_if_expired(&shared.services, o.open_timeout)
                .await;
        }
    }
    let store = shared.store.clone();
    let idle = tokio::task::spawn_blocking(move || store.idle(wall - IDLE_PLAYING_SECONDS)).await;
    match idle {
        Ok(Ok(ids)) => {
            for id in ids {
                if let Some(room) = shared.room(&id) {
                    room.cancel_if_abandoned(&shared.services, now, wall).await;
                }
            }
        }
        Ok(Err(e)) => tracing::warn!("sweep: idle matches: {e}"),
        Err(e) => tracing::warn!("sweep: idle matches: {e}"),
    }
    let retention = Retention {
        cancelled_before: wall - CANCELLED_KEPT_SECONDS,
        batch: HOUSEKEEPING_BATCH,
    };
    match shared.store.housekeep(retention).await {
        Ok(h) if h.matches > 0 || h.claims > 0 => tracing::info!(
            matches = h.matches,
            claims = h.claims,
            "store: cancelled matches deleted"
        ),
        Ok(_) => {}
        Err(e) => tracing::warn!("store: housekeeping: {e}"),
    }
    let every = o.sweep_interval;
    let mut rooms = shared.rooms.write().unwrap_or_else(|p| p.into_inner());
    rooms.retain(|_, r| !r.sweepable(every));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Server};
    use serde_json::{json, Value};
    use std::time::Duration;

    /// A playing match nobody moved in for a day, abandoned, is cancelled
    /// (one moved in recently, or open, is not); an hour later it is
    /// deleted from the store, and its creator's address has no waiting
    /// match left.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn idle_abandoned_matches_are_cancelled_then_deleted() {
        let dir = tempfile::Builder::new()
            .prefix("mtp-sweep-")
            .tempdir()
            .unwrap();
        let options = Options {
            addr: "127.0.0.1:0".parse().unwrap(),
            database: dir.path().join("t.db"),
            ..Options::default()
        };
        let server = Server::bind(options).await.unwrap();
        let sh = server.shared.clone();
        let base = format!("http://{}", server.local_addr());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(server.run_until(async {
            let _ = stopped.await;
        }));
        let http = reqwest::Client::new();
        let post = |path: String, body: Value| {
            http.post(format!("{base}{path}"))
                .header("content-type", "application/json")
                .body(body.to_string())
                .send()
        };
        let two = json!({"players": 2, "seats": ["human", "human"]});
        let mut ids = Vec::new();
        for seats in [2, 0] {
            let r: Value = post("/api/v1/matches".into(), two.clone())
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let id = r["match"]["id"].as_str().unwrap().to_string();
            for seat in 0..seats {
                let r = post(
                    format!("/api/v1/matches/{id}/join"),
                    json!({ "seat": seat }),
                )
                .await
                .unwrap();
                assert_eq!(r.status().as_u16(), 200);
            }
            ids.push(id);
        }
        let status = |id: &str| sh.room(id).map(|r| r.summary().status);
        use crate::protocol::Status;
        assert_eq!(status(&ids[0]), Some(Status::Playing));
        // Now: nobody has been idle long.
        once(&sh, Instant::now(), crate::clock::now_secs()).await;
        assert_eq!(status(&ids[0]), Some(Status::Playing));
        // A day later (its players away all along): cancelled.
        let day = Duration::from_secs(IDLE_PLAYING_SECONDS as u64 + 60);
        let wall = crate::clock::now_secs() + day.as_secs() as i64;
        once(&sh, Instant::now() + day, wall).await;
        assert_eq!(status(&ids[0]), Some(Status::Cancelled));
        assert_eq!(status(&ids[1]), Some(Status::Open), "not the open one");
        let store = sh.store.clone();
        let first = ids[0].clone();
        let stored = move || store.load(&first).unwrap();
        assert!(stored().unwrap().row.cancelled);
        // An hour after it was cancelled: deleted with what it held.
        let hour = CANCELLED_KEPT_SECONDS + 60;
        once(&sh, Instant::now() + day, wall + hour).await;
        assert!(stored().is_none(), "deleted");
        let _ = stop.send(());
        let _ = tokio::time::timeout(Duration::from_secs(10), task).await;
    }
}
