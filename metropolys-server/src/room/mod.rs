//! The async shell around a match's [`Authority`]: it commits what the
//! authority proposes (group commit, `crate::store`), applies it, and
//! carries the effects out — messages into each socket's bounded queue,
//! sockets closed, bots and turn timers started (holding the room only
//! weakly, so that a finished match leaves memory). The lobby reads a
//! summary snapshot and never waits for a match's commit.

pub(crate) mod bots;

use crate::authority::{
    Actor, Authority, Claim, ClientId, Effects, Job, Proposal, RematchDraws, SeatSpec, Submission,
};
use crate::protocol::{
    ClientRequest, CloseReason, ErrorCode, ProtoError, ServerMessage, Status, Summary,
};
use crate::services::Services;
use crate::store::{AddressClaim, MatchRow, Op, StoredMatch};
use axum::extract::ws::Utf8Bytes;
use metropolys_core::{Config, Seat};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex as SyncMutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Mutex, Notify};
use tokio::task::AbortHandle;

/// What a socket's writer sends.
#[derive(Debug, Clone)]
pub enum Frame {
    /// A text message and its `type` (which the log names, never the
    /// text).
    Text(&'static str, Utf8Bytes),
    /// Close (its code and reason), then end.
    Close(CloseReason),
}

/// The room's end of a socket: its bounded queue, and a signal that ends
/// the socket at once (a client that cannot keep up is not waited for).
pub struct ClientHandle {
    /// The queue of frames.
    pub tx: mpsc::Sender<Frame>,
    /// Ends the socket without a word.
    pub kill: Arc<Notify>,
}

struct Inner {
    auth: Authority,
    clients: HashMap<ClientId, ClientHandle>,
    timer: Option<AbortHandle>,
    /// The move number whose turn notice was queued last.
    noticed: Option<u64>,
}

/// A match in memory.
pub struct Room {
    /// The match id.
    pub id: String,
    inner: Mutex<Inner>,
    summary: SyncMutex<Arc<Summary>>,
    /// Sockets open on this match, counted until each has really closed.
    sockets: SyncMutex<SocketCounts>,
    /// When the room was last left with no socket (for the sweeper).
    quiet_since: SyncMutex<Instant>,
    /// Whose turn its bots take at the bot pool (`crate::fair`): the
    /// address that created it, or the match itself when restored.
    bot_key: SyncMutex<String>,
}

/// The most sockets one seat's holder may have open at once on its match
/// (its devices and tabs), counted apart from the spectators' (at most
/// `--max-sockets`): spectators never keep a player out, nor one seat
/// another.
const SOCKETS_PER_SEAT: usize = 8;

/// The sockets open on a match: the spectators' together, and each seat
/// holder's apart, so that spectators never keep a player out, nor one
/// seat another.
#[derive(Default)]
struct SocketCounts {
    spectators: usize,
    /// Per seat and holder (the seat's epoch when the socket opened: the
    /// sockets of a holder who gave the seat up, closing, do not keep the
    /// next holder out).
    seats: HashMap<(Seat, u64), usize>,
}

impl SocketCounts {
    fn total(&self) -> usize {
        self.spectators + self.seats.values().sum::<usize>()
    }
}

/// A socket's place in the room's count; dropping it frees the place.
pub struct SocketSlot {
    room: Arc<Room>,
    /// The seat and holder it counts for; `None`: a spectator's.
    seat: Option<(Seat, u64)>,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut counts = self.room.counts();
        match self.seat {
            None => counts.spectators = counts.spectators.saturating_sub(1),
            Some(key) => {
                if let Some(n) = counts.seats.get_mut(&key) {
                    *n -= 1;
                    if *n == 0 {
                        counts.seats.remove(&key);
                    }
                }
            }
        }
        if counts.total() == 0 {
            *self
                .room
                .quiet_since
                .lock()
                .unwrap_or_else(|p| p.into_inner()) = Instant::now();
        }
    }
}

/// Why a socket found no place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoPlace {
    /// The match has its most spectators' sockets.
    Spectators(usize),
    /// The seat's holder has its most sockets open.
    Seat(usize),
}

impl Room {
    fn new(auth: Authority) -> Room {
        let summary = Arc::new(auth.summary());
        let bot_key = format!("match:{}", auth.id());
        Room {
            id: auth.id().to_string(),
            inner: Mutex::new(Inner {
                auth,
                clients: HashMap::new(),
                timer: None,
                noticed: None,
            }),
            summary: SyncMutex::new(summary),
            sockets: SyncMutex::new(SocketCounts::default()),
            quiet_since: SyncMutex::new(Instant::now()),
            bot_key: SyncMutex::new(bot_key),
        }
    }

    /// A new match, committed to the store with its creator's address
    /// (`--open-per-address`, `too_many_open_matches` over it).
    pub async fn create(
        sh: &Arc<Services>,
        row: MatchRow,
        config: Config,
        seats: Vec<SeatSpec>,
        creator: &str,
    ) -> Result<Arc<Room>, ProtoError> {
        let auth = Authority::create(&row, config, seats, Instant::now())
            .map_err(|e| ProtoError::new(ErrorCode::BadConfig, e))?;
        let claim = sh.claim(&row.id, creator);
        sh.store
            .commit_claimed(Op::CreateMatch(row), Some(claim))
            .await
            .map_err(|e| sh.refusal(e))?;
        let room = Room::new(auth);
        room.set_bot_key(creator);
        Ok(Arc::new(room))
    }

    /// The client address (key) a restored seat's holder took it from.
    pub(crate) async fn set_address(&self, seat: Seat, address: &str) {
        self.inner.lock().await.auth.set_address(seat, address);
    }

    /// The key of the room's bots at the bot pool.
    fn bot_key(&self) -> String {
        self.bot_key
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Its bots take their turns at the bot pool as `creator`'s (an
    /// address key).
    pub(crate) fn set_bot_key(&self, creator: &str) {
        *self.bot_key.lock().unwrap_or_else(|p| p.into_inner()) = format!("address:{creator}");
    }

    /// A stored match.
    pub fn restore(m: &StoredMatch) -> Result<Room, String> {
        Ok(Room::new(Authority::restore(m, Instant::now())?))
    }

    /// The lobby's summary: a snapshot taken after the last change (never
    /// waits for the match).
    pub fn summary(&self) -> Arc<Summary> {
        self.summary
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Whether the match is over, no socket is open and none was for
    /// `linger` (the room can leave memory; the store keeps it).
    pub fn sweepable(&self, linger: std::time::Duration) -> bool {
        self.summary().status.is_over()
            && self.counts().total() == 0
            && self
                .quiet_since
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .elapsed()
                >= linger
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, SocketCounts> {
        self.sockets.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Takes a place for a socket of `seat` (its seat and the seat's
    /// epoch; `None`: a spectator's): a spectator's unless
    /// `max_spectators` are open, a seat's unless its holder has
    /// [`SOCKETS_PER_SEAT`] open. Spectators and seats are counted apart:
    /// however many spectators there are, a seat's socket gets in.
    pub fn socket_slot(
        self: &Arc<Self>,
        seat: Option<(Seat, u64)>,
        max_spectators: usize,
    ) -> Result<SocketSlot, NoPlace> {
        let per_seat = SOCKETS_PER_SEAT;
        let mut counts = self.counts();
        match seat {
            None if counts.spectators >= max_spectators => {
                return Err(NoPlace::Spectators(max_spectators))
            }
            None => counts.spectators += 1,
            Some(key) => {
                let n = counts.seats.entry(key).or_insert(0);
                if *n >= per_seat {
                    return Err(NoPlace::Seat(per_seat));
                }
                *n += 1;
            }
        }
        Ok(SocketSlot {
            room: self.clone(),
            seat,
        })
    }

    /// The record of the finished game.
    pub async fn record(&self) -> Result<String, ProtoError> {
        self.inner.lock().await.auth.record()
    }

    /// The record of the game played to its end, for its review.
    pub(crate) async fn finished_record(&self) -> Result<metropolys_core::Record, ProtoError> {
        self.inner.lock().await.auth.finished_record()
    }

    /// The board picture.
    pub async fn board(&self) -> String {
        self.inner.lock().await.auth.board()
    }

    /// The seat (and its epoch) a credential's hash holds.
    pub async fn seat_of(&self, hash: &[u8; 32]) -> Option<(Seat, u64)> {
        self.inner.lock().await.auth.seat_of(hash)
    }

    /// The seat the game waits for, while it is being played.
    pub(crate) async fn to_act(&self) -> Option<Seat> {
        self.inner.lock().await.auth.to_act()
    }

    /// The finished match as its rating needs it (`None` before its end).
    pub(crate) async fn finished_for_rating(&self) -> Option<crate::accounts::Finished> {
        self.inner.lock().await.auth.finished_for_rating()
    }

    /// The invite of a private match (for its seated players).
    pub async fn invite(&self) -> Option<String> {
        self.inner.lock().await.auth.invite().map(str::to_string)
    }

    /// The id of the match's rematch, once created.
    pub async fn rematch_id(&self) -> Option<String> {
        self.inner
            .lock()
            .await
            .auth
            .rematch_id()
            .map(str::to_string)
    }

    /// Commits a proposal, applies it and carries the effects out. Nothing
    /// is sent before the store has committed it.
    async fn commit(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        inner: &mut Inner,
        p: Proposal,
    ) -> Result<(), ProtoError> {
        self.commit_then(sh, inner, p, None, || {}).await
    }

    /// [`Room::commit`] with the claim of the client address that asks for
    /// it (`too_many_open_matches` over its limit: nothing changes), and
    /// `committed` run after the commit and before the change is applied
    /// (and anyone hears of it).
    async fn commit_then(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        inner: &mut Inner,
        p: Proposal,
        claim: Option<AddressClaim>,
        committed: impl FnOnce(),
    ) -> Result<(), ProtoError> {
        if sh.stopping.load(Ordering::SeqCst) {
            return Err(ProtoError::new(
                ErrorCode::Internal,
                "the server is stopping; nothing changed",
            ));
        }
        let pause = match &p.op {
            Op::AppendAction { n, .. } => sh.pause_after_commit == Some(n + 1),
            _ => false,
        };
        let was = inner.auth.status();
        sh.store
            .commit_claimed(p.op, claim)
            .await
            .map_err(|e| sh.refusal(e))?;
        if pause {
            // Test hook (METROPOLYS_SERVER_PAUSE_AFTER_COMMIT): the action is
            // committed and nobody has heard of it; the crash test kills the
            // process here.
            eprintln!(
                "metropolys-server: paused after committing move {}",
                inner.auth.move_number() + 1
            );
            std::future::pending::<()>().await;
        }
        committed();
        let fx = inner
            .auth
            .apply(p.change, Instant::now(), crate::clock::now_secs());
        self.carry_out(sh, inner, fx);
        if was != Status::Finished && inner.auth.status() == Status::Finished {
            sh.finished(self.summary());
            if let Some(f) = inner.auth.finished_for_rating() {
                sh.rate(f);
            }
        }
        Ok(())
    }

    /// Sends, closes and starts what the effects say, then refreshes the
    /// summary. A client whose queue is full is dropped and its socket
    /// ended.
    fn carry_out(self: &Arc<Self>, sh: &Arc<Services>, inner: &mut Inner, fx: Effects) {
        let mut pending = vec![fx];
        while let Some(fx) = pending.pop() {
            let mut dead = Vec::new();
            for o in fx.send {
                let kind = o.msg.kind();
                let text = Utf8Bytes::from(o.msg.to_json());
                for id in o.to {
                    if let Some(h) = inner.clients.get(&id) {
                        if h.tx.try_send(Frame::Text(kind, text.clone())).is_err() {
                            dead.push(id);
                        }
                    }
                }
            }
            for (id, why) in fx.close {
                if let Some(h) = inner.clients.remove(&id) {
                    if h.tx.try_send(Frame::Close(why)).is_err() {
                        h.kill.notify_one();
                    }
                }
            }
            for id in dead {
                if let Some(h) = inner.clients.remove(&id) {
                    h.kill.notify_one();
                }
                pending.push(inner.auth.disconnect(id, Instant::now()));
            }
            if fx.stop_timer {
                if let Some(t) = inner.timer.take() {
                    t.abort();
                }
            }
            if let Some(job) = fx.job {
                self.start(sh, inner, job);
            }
        }
        *self.summary.lock().unwrap_or_else(|p| p.into_inner()) = Arc::new(inner.auth.summary());
        if let Some(n) = inner
            .auth
            .turn_notice(Instant::now(), crate::clock::now_secs())
        {
            if inner.noticed != Some(n.move_number) {
                inner.noticed = Some(n.move_number);
                sh.notices.your_turn(n);
            }
        }
    }

    /// Starts a bot's decision or a turn timer; neither keeps the room in
    /// memory.
    fn start(self: &Arc<Self>, sh: &Arc<Services>, inner: &mut Inner, job: Job) {
        let weak: Weak<Room> = Arc::downgrade(self);
        let sh = sh.clone();
        match job {
            Job::Bot {
                seat,
                generation,
                view,
                spec,
                seed,
            } => {
                let key = self.bot_key();
                tokio::spawn(async move {
                    let action = bots::decide(&sh, &key, spec, seed, *view).await;
                    if let Some(room) = weak.upgrade() {
                        room.bot_move(&sh, seat, generation, action).await;
                    }
                });
            }
            Job::Timer {
                seat,
                generation,
                after,
            } => {
                if let Some(t) = inner.timer.take() {
                    t.abort();
                }
                let task = tokio::spawn(async move {
                    tokio::time::sleep(after).await;
                    if let Some(room) = weak.upgrade() {
                        room.timed_out(&sh, seat, generation).await;
                    }
                });
                inner.timer = Some(task.abort_handle());
            }
        }
    }

    async fn bot_move(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        seat: Seat,
        generation: u64,
        action: Option<metropolys_core::Action>,
    ) {
        let mut inner = self.inner.lock().await;
        inner.auth.bot_finished();
        let proposal = action.and_then(|a| {
            inner
                .auth
                .propose_auto(seat, generation, a, Actor::Bot, crate::clock::now_secs())
        });
        let Some(p) = proposal else {
            let fx = inner.auth.reschedule(Instant::now());
            self.carry_out(sh, &mut inner, fx);
            return;
        };
        if let Err(e) = self.commit(sh, &mut inner, p).await {
            if sh.stopping.load(Ordering::SeqCst) {
                return;
            }
            tracing::error!("match {}: seat {seat}'s bot move: {e}", self.id);
            // Try again later rather than stall the match.
            drop(inner);
            let weak = Arc::downgrade(self);
            let sh = sh.clone();
            tokio::spawn(async move {
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                if let Some(room) = weak.upgrade() {
                    let mut inner = room.inner.lock().await;
                    let fx = inner.auth.reschedule(Instant::now());
                    room.carry_out(&sh, &mut inner, fx);
                }
            });
        }
    }

    /// The turn timer ran out: the greedy bot plays the seat's move from
    /// its view, and every client is told (`timed_out` in the update).
    async fn timed_out(self: &Arc<Self>, sh: &Arc<Services>, seat: Seat, generation: u64) {
        let view = self.inner.lock().await.auth.timer_view(seat, generation);
        let Some(view) = view else { return };
        let Some(action) = bots::greedy(view).await else {
            return;
        };
        let mut inner = self.inner.lock().await;
        let Some(p) = inner.auth.propose_auto(
            seat,
            generation,
            action,
            Actor::Timer,
            crate::clock::now_secs(),
        ) else {
            return;
        };
        if let Err(e) = self.commit(sh, &mut inner, p).await {
            tracing::error!("match {}: timed-out move: {e}", self.id);
        }
    }

    /// Takes `seat` (or the first free human seat) for a credential's
    /// hash, under a name, with a private match's invite, for a client at
    /// address key `from` (`--open-per-address`).
    pub async fn join(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        seat: Option<u8>,
        hash: [u8; 32],
        name: Option<String>,
        invite: Option<&str>,
        from: &str,
    ) -> Result<Seat, ProtoError> {
        let mut inner = self.inner.lock().await;
        // The same credential again (a client that lost the answer to its
        // join sends it again): the seat it holds.
        if let Some((held, _)) = inner.auth.seat_of(&hash) {
            return Ok(held);
        }
        inner.auth.check_address(from)?;
        let p = inner.auth.propose_join(seat, hash, name, invite)?;
        self.take(sh, &mut inner, p, from).await
    }

    async fn take(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        inner: &mut Inner,
        p: Proposal,
        from: &str,
    ) -> Result<Seat, ProtoError> {
        let crate::authority::Change::Join { seat, .. } = p.change else {
            unreachable!("taking a seat proposes a join")
        };
        let claim = sh.claim(&self.id, from);
        self.commit_then(sh, inner, p, Some(claim), || {}).await?;
        inner.auth.set_address(seat, from);
        Ok(seat)
    }

    /// At this rematch, the seat of the player who held seat `seat` of the
    /// previous game with credential `hash`: the one they hold, or take now
    /// (for a client at address key `from`).
    pub async fn claim(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        seat: Seat,
        hash: &[u8; 32],
        from: &str,
    ) -> Result<Seat, ProtoError> {
        let mut inner = self.inner.lock().await;
        match inner.auth.claim(seat, hash)? {
            Claim::Held(seat) => Ok(seat),
            Claim::Take(p) => self.take(sh, &mut inner, *p, from).await,
        }
    }

    /// Creates the rematch of this finished match for the holder of
    /// `hash`, a client at address key `from`: committed with the link to
    /// it, then `created` runs (the shell puts the new match in memory),
    /// then every socket of this match is told. Returns the rematch as
    /// stored.
    pub async fn rematch(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        hash: &[u8; 32],
        draws: RematchDraws,
        from: &str,
        created: impl FnOnce(&StoredMatch),
    ) -> Result<StoredMatch, ProtoError> {
        let mut inner = self.inner.lock().await;
        let claim = sh.claim(&draws.id, from);
        let (p, stored) = inner
            .auth
            .propose_rematch(hash, draws, crate::clock::now_secs())?;
        self.commit_then(sh, &mut inner, p, Some(claim), || created(&stored))
            .await?;
        sh.refresh_finished(self.summary());
        Ok(stored)
    }

    /// Gives a seat up: its credential no longer works, its sockets close.
    pub async fn leave(self: &Arc<Self>, sh: &Arc<Services>, seat: Seat) -> Result<(), ProtoError> {
        let mut inner = self.inner.lock().await;
        let p = inner.auth.propose_leave(seat)?;
        self.commit(sh, &mut inner, p).await
    }

    /// Cancels the match at the request of `seat`'s holder (an open one at
    /// once, a playing one once everybody else has gone).
    pub async fn cancel_by(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        seat: Seat,
    ) -> Result<(), ProtoError> {
        let mut inner = self.inner.lock().await;
        let p = inner.auth.propose_cancel_by(
            seat,
            Instant::now(),
            sh.options.abandon_timeout,
            crate::clock::now_secs(),
        )?;
        self.commit(sh, &mut inner, p).await
    }

    /// Cancels the match if it is open and nobody sat at it for `timeout`.
    pub async fn cancel_if_expired(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        timeout: std::time::Duration,
    ) {
        let Ok(mut inner) = self.inner.try_lock() else {
            return;
        };
        if !inner.auth.expired(Instant::now(), timeout) {
            return;
        }
        if let Some(p) = inner.auth.propose_cancel(crate::clock::now_secs()) {
            if let Err(e) = self.commit(sh, &mut inner, p).await {
                tracing::warn!("match {}: not cancelled: {e}", self.id);
            }
        }
    }

    /// Cancels the match if it is playing and abandoned (every human seat
    /// free or its holder away for `--abandon-seconds`): the sweeper asks
    /// for the matches in which nobody moved for a long while.
    pub async fn cancel_if_abandoned(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        now: Instant,
        wall: i64,
    ) {
        let Ok(mut inner) = self.inner.try_lock() else {
            return;
        };
        if let Some(p) = inner
            .auth
            .propose_expire(now, sh.options.abandon_timeout, wall)
        {
            if let Err(e) = self.commit(sh, &mut inner, p).await {
                tracing::warn!("match {}: not cancelled: {e}", self.id);
            }
        }
    }

    /// Subscribes a socket: `welcome` and its first update are queued.
    pub async fn connect(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        client: ClientId,
        seat: Option<(Seat, u64)>,
        since: Option<u64>,
        handle: ClientHandle,
    ) -> Result<(), ProtoError> {
        let mut inner = self.inner.lock().await;
        let fx = inner.auth.connect(client, seat, since, Instant::now())?;
        inner.clients.insert(client, handle);
        self.carry_out(sh, &mut inner, fx);
        Ok(())
    }

    /// Unsubscribes a socket.
    pub async fn disconnect(self: &Arc<Self>, sh: &Arc<Services>, client: ClientId) {
        let mut inner = self.inner.lock().await;
        inner.clients.remove(&client);
        let fx = inner.auth.disconnect(client, Instant::now());
        self.carry_out(sh, &mut inner, fx);
    }

    /// A request of a socket. `Err` is answered on the socket; a
    /// `forbidden` one also closes it. A chat message is checked against
    /// the chat's rates (`admit_chat`) once it would be accepted: a
    /// refused one (a spectator's, before the match starts) costs nobody's
    /// rate.
    pub async fn request(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        client: ClientId,
        req: ClientRequest,
        admit_chat: impl FnOnce() -> Result<(), ProtoError>,
    ) -> Result<(), ProtoError> {
        match req {
            ClientRequest::Ping => {
                let inner = self.inner.lock().await;
                if let Some(h) = inner.clients.get(&client) {
                    let _ =
                        h.tx.try_send(Frame::Text("pong", ServerMessage::Pong.to_json().into()));
                }
                Ok(())
            }
            ClientRequest::Sync => {
                let mut inner = self.inner.lock().await;
                let fx = inner.auth.sync(client);
                self.carry_out(sh, &mut inner, fx);
                Ok(())
            }
            ClientRequest::Hint => {
                let (view, n) = self.inner.lock().await.auth.hint_view(client)?;
                // The `strong` preset in the bot pool's turn for this match
                // (the greedy bot past the budget), seeded by the move: the
                // same answer however often it is asked.
                let spec = crate::seats::hint_spec(&sh.options)?;
                let action = bots::decide(sh, &self.bot_key(), spec, n, view)
                    .await
                    .ok_or_else(|| ProtoError::new(ErrorCode::Internal, "no hint"))?;
                let mut inner = self.inner.lock().await;
                let fx = inner.auth.hint(client, n, action);
                self.carry_out(sh, &mut inner, fx);
                Ok(())
            }
            ClientRequest::Chat { text } => {
                let mut inner = self.inner.lock().await;
                let p = inner
                    .auth
                    .propose_chat(client, text, crate::clock::now_secs())?;
                admit_chat()?;
                self.commit(sh, &mut inner, p).await
            }
            ClientRequest::Act {
                move_number,
                action,
            } => {
                let mut inner = self.inner.lock().await;
                match inner.auth.propose_submit(
                    client,
                    move_number,
                    action,
                    crate::clock::now_secs(),
                )? {
                    Submission::Duplicate(fx) => {
                        self.carry_out(sh, &mut inner, fx);
                        Ok(())
                    }
                    Submission::Commit(p) => {
                        let n = inner.auth.move_number();
                        self.commit(sh, &mut inner, p).await.map_err(|e| e.at(n))
                    }
                }
            }
        }
    }

    /// Closes every socket (the server stops).
    pub async fn close_all(self: &Arc<Self>, sh: &Arc<Services>) {
        let mut inner = self.inner.lock().await;
        let fx = inner.auth.close_all();
        self.carry_out(sh, &mut inner, fx);
    }

    /// Starts whatever a restored match was waiting for.
    pub async fn resume(self: &Arc<Self>, sh: &Arc<Services>) {
        // A correspondence match's clock ran while the server was down:
        // the seat to act has waited since the last move was stored.
        let store = sh.store.clone();
        let id = self.id.clone();
        let active = tokio::task::spawn_blocking(move || store.active(&id))
            .await
            .ok()
            .and_then(Result::ok)
            .flatten();
        let waited = active.map_or(0, |a| (crate::clock::now_secs() - a).max(0));
        let mut inner = self.inner.lock().await;
        let fx = inner
            .auth
            .resume(Instant::now(), Duration::from_secs(waited as u64));
        self.carry_out(sh, &mut inner, fx);
    }
}
