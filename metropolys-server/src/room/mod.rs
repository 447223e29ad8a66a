//! A match in play: the game, its seats and their credentials, the clients
//! connected to it, its bots and its turn timer.
//!
//! Every change goes through [`Room::commit`]: the action is checked by the
//! rules, written to the store in one transaction, and only then applied in
//! memory and pushed to the clients, each receiving its own view.

mod bots;
mod updates;

use crate::credential::{ct_eq, hash_credential, new_credential, random_u64};
use crate::protocol::{ErrorCode, ProtoError, SeatStatus, Status};
use crate::services::Services;
use crate::store::{MatchRow, StoredMatch};
use bots::{bot_player, greedy_choice, run_bot};
use metropolys_bots::{InfoSet, Player};
use metropolys_core::{Action, Config, Event, Game, RuleError, ScoreSheet, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Mutex};

/// How a seat is played, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatSpec {
    /// A person, holding the seat's credential.
    Human,
    /// A bot of the bots crate.
    Bot {
        /// The spec as given (`greedy`, `ismcts:{"iterations":500}`).
        spec: String,
        /// The bot kind.
        bot: String,
        /// Its parameters as JSON, with the server's time budget.
        params: String,
        /// The seed of its generator.
        seed: u64,
    },
}

/// What the writer task of a client sends.
#[derive(Debug, Clone)]
pub enum Out {
    /// A text message.
    Text(String),
    /// Close the socket with a code and a reason.
    Close(u16, &'static str),
}

/// A client of a room (a WebSocket).
struct Client {
    id: u64,
    seat: Option<Seat>,
    tx: mpsc::Sender<Out>,
    /// The move number of the last update it was sent (`None`: none yet).
    sent: Option<u64>,
}

struct SeatSlot {
    spec: SeatSpec,
    /// The hash of the credential holding the seat.
    hash: Option<[u8; 32]>,
    /// The bot, while it is not deciding.
    player: Option<Player>,
}

/// The mutable part of a room.
pub struct RoomState {
    game: Game,
    /// Events per move: index 0 the opening, index k those of action k.
    events: Vec<Vec<Event>>,
    seats: Vec<SeatSlot>,
    clients: Vec<Client>,
    started: bool,
    turn: Option<Duration>,
    deadline: Option<Instant>,
    /// Bumped by every change; a bot or timer acting on an older one is
    /// too late.
    generation: u64,
    bot_busy: bool,
    scores: Option<(Vec<ScoreSheet>, Vec<Seat>)>,
}

/// A match.
pub struct Room {
    /// The match id.
    pub id: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    state: Mutex<RoomState>,
}

/// A summary for the lobby: nothing secret (no seed, no cards).
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The match id.
    pub id: String,
    /// 2 to 4.
    pub players: u8,
    /// `family` or `expert`.
    pub variant: metropolys_core::Variant,
    /// Whether the Metropolys cards are in play.
    pub metropolys_cards: bool,
    /// The status.
    pub status: Status,
    /// Actions accepted so far.
    #[serde(rename = "move")]
    pub move_number: u64,
    /// The seats.
    pub seats: Vec<SeatStatus>,
    /// The turn timer in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<f64>,
    /// Seconds since the Unix epoch.
    pub created: i64,
}

fn internal(e: impl std::fmt::Display) -> ProtoError {
    tracing::error!("store: {e}");
    ProtoError::new(ErrorCode::Internal, "the store failed; nothing changed")
}

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Room {
    /// A new match: stored, not yet in the server's table.
    pub async fn create(
        sh: &Arc<Services>,
        config: Config,
        seats: Vec<SeatSpec>,
        turn_seconds: Option<f64>,
    ) -> Result<Arc<Room>, ProtoError> {
        let id = format!("{:016x}", random_u64()?);
        let row = MatchRow {
            id: id.clone(),
            created: now_secs(),
            config: serde_json::to_string(&config).map_err(internal)?,
            seats: serde_json::to_string(&seats).map_err(internal)?,
            turn_seconds,
            started: false,
            finished: false,
        };
        let room = Room::build(&row, &[], &[], config, seats)
            .map_err(|e| ProtoError::new(ErrorCode::BadConfig, e))?;
        let store = sh.store.clone();
        tokio::task::spawn_blocking(move || store.insert_match(&row))
            .await
            .map_err(internal)?
            .map_err(internal)?;
        Ok(Arc::new(room))
    }

    /// A stored match, its actions replayed by the rules.
    pub fn restore(m: &StoredMatch) -> Result<Room, String> {
        let config = Config::from_json(&m.row.config).map_err(|e| e.to_string())?;
        let seats: Vec<SeatSpec> = serde_json::from_str(&m.row.seats).map_err(|e| e.to_string())?;
        Room::build(&m.row, &m.hashes, &m.actions, config, seats)
    }

    fn build(
        row: &MatchRow,
        hashes: &[Option<[u8; 32]>],
        actions: &[(u8, u16)],
        config: Config,
        seats: Vec<SeatSpec>,
    ) -> Result<Room, String> {
        let mut game = Game::new(config).map_err(|e| e.to_string())?;
        if seats.len() != game.state().players() as usize {
            return Err("one seat per player".into());
        }
        let mut events = vec![game.last_events().to_vec()];
        for (i, &(player, id)) in actions.iter().enumerate() {
            let action = Action::from_id(id).map_err(|e| format!("action {i}: {e}"))?;
            game.state()
                .check_player(player)
                .map_err(|e| format!("action {i}: {e}"))?;
            game = game.apply(action).map_err(|e| format!("action {i}: {e}"))?;
            events.push(game.last_events().to_vec());
        }
        let mut slots = Vec::with_capacity(seats.len());
        for (i, spec) in seats.into_iter().enumerate() {
            let player = match &spec {
                SeatSpec::Human => None,
                SeatSpec::Bot {
                    bot, params, seed, ..
                } => Some(bot_player(bot, params, *seed, actions.len() as u64)?),
            };
            slots.push(SeatSlot {
                spec,
                hash: hashes.get(i).copied().flatten(),
                player,
            });
        }
        let over = game.state().is_over();
        let scores = over.then(|| (game.state().scores(), game.state().winners()));
        Ok(Room {
            id: row.id.clone(),
            created: row.created,
            state: Mutex::new(RoomState {
                game,
                events,
                seats: slots,
                clients: Vec::new(),
                started: row.started || !actions.is_empty(),
                turn: row.turn_seconds.map(Duration::from_secs_f64),
                deadline: None,
                generation: 0,
                bot_busy: false,
                scores,
            }),
        })
    }

    /// The lobby's summary.
    pub async fn summary(&self) -> Summary {
        let st = self.state.lock().await;
        let s = st.game.state();
        Summary {
            id: self.id.clone(),
            players: s.players(),
            variant: s.variant(),
            metropolys_cards: s.uses_metropolys_cards(),
            status: st.status(),
            move_number: st.move_number(),
            seats: st.seat_statuses(),
            turn_seconds: st.turn.map(|d| d.as_secs_f64()),
            created: self.created,
        }
    }

    /// Whether the game is over and nobody is connected (the room can leave
    /// memory; its record stays in the store).
    pub async fn is_done(&self) -> bool {
        let st = self.state.lock().await;
        st.game.state().is_over() && st.clients.is_empty()
    }

    /// Whether the game is over.
    pub async fn is_over(&self) -> bool {
        self.state.lock().await.game.state().is_over()
    }

    /// The record of the finished game (`not_finished` before the end: it
    /// holds the seed, which determines the deal).
    pub async fn record(&self) -> Result<String, ProtoError> {
        let st = self.state.lock().await;
        if !st.game.state().is_over() {
            return Err(ProtoError::new(
                ErrorCode::NotFinished,
                "the game is not over; its record is given out at the end",
            ));
        }
        st.game
            .to_record()
            .map(|r| r.to_json_pretty())
            .map_err(|e| ProtoError::new(ErrorCode::Internal, e.to_string()))
    }

    /// The board picture of this match (no secrets: districts out of play
    /// only).
    pub async fn board(&self) -> String {
        let st = self.state.lock().await;
        crate::web::board_svg(st.game.state())
    }

    /// The seat a credential holds, if any.
    pub async fn seat_of(&self, token: &str) -> Option<Seat> {
        let hash = hash_credential(token);
        let st = self.state.lock().await;
        st.seats
            .iter()
            .position(|s| s.hash.is_some_and(|h| ct_eq(&h, &hash)))
            .map(|p| p as Seat)
    }

    /// Takes seat `seat` (or the first free human seat): a new credential.
    pub async fn join(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        seat: Option<u64>,
    ) -> Result<(Seat, String), ProtoError> {
        let mut st = self.state.lock().await;
        let seat = match seat {
            Some(s) => {
                let slot = st.seats.get(s as usize).ok_or_else(|| {
                    ProtoError::new(ErrorCode::NotFound, format!("no seat {s} in this match"))
                })?;
                if !matches!(slot.spec, SeatSpec::Human) {
                    return Err(ProtoError::new(
                        ErrorCode::BotSeat,
                        format!("seat {s} is a bot's"),
                    ));
                }
                if slot.hash.is_some() {
                    return Err(ProtoError::new(
                        ErrorCode::SeatTaken,
                        format!("seat {s} is taken"),
                    ));
                }
                s as usize
            }
            None => st
                .seats
                .iter()
                .position(|s| matches!(s.spec, SeatSpec::Human) && s.hash.is_none())
                .ok_or_else(|| {
                    ProtoError::new(ErrorCode::MatchFull, "every human seat is taken")
                })?,
        };
        let (token, hash) = new_credential()?;
        let starts =
            !st.started
                && st.seats.iter().enumerate().all(|(i, s)| {
                    i == seat || !matches!(s.spec, SeatSpec::Human) || s.hash.is_some()
                });
        let store = sh.store.clone();
        let id = self.id.clone();
        tokio::task::spawn_blocking(move || {
            store.set_credential(&id, seat as u8, Some(hash), starts)
        })
        .await
        .map_err(internal)?
        .map_err(internal)?;
        st.seats[seat].hash = Some(hash);
        if starts {
            st.started = true;
            st.generation += 1;
            st.set_deadline();
            st.broadcast(&self.id, None);
            self.schedule(sh, &mut st);
        } else {
            st.broadcast_presence();
        }
        Ok((seat as Seat, token))
    }

    /// Gives a seat up: its credential no longer works, its sockets close,
    /// and anyone may join it.
    pub async fn leave(self: &Arc<Self>, sh: &Arc<Services>, seat: Seat) -> Result<(), ProtoError> {
        let mut st = self.state.lock().await;
        let store = sh.store.clone();
        let id = self.id.clone();
        tokio::task::spawn_blocking(move || store.set_credential(&id, seat, None, false))
            .await
            .map_err(internal)?
            .map_err(internal)?;
        st.seats[seat as usize].hash = None;
        st.clients.retain(|c| {
            if c.seat == Some(seat) {
                let _ = c.tx.try_send(Out::Close(1000, "left"));
                false
            } else {
                true
            }
        });
        st.broadcast_presence();
        Ok(())
    }

    /// Connects a client (a seat, or a spectator with `None`) whose last
    /// update was move `since` (`None`: a new client, sent every event of
    /// the game). Sends `welcome` and an update.
    pub async fn connect(
        &self,
        client: u64,
        seat: Option<Seat>,
        since: Option<u64>,
        tx: mpsc::Sender<Out>,
        max_sockets: usize,
    ) -> Result<(), ProtoError> {
        let mut st = self.state.lock().await;
        if st.clients.len() >= max_sockets {
            return Err(ProtoError::new(
                ErrorCode::TooManySockets,
                "this match has its maximum of sockets",
            ));
        }
        let welcome = serde_json::json!({
            "type": "welcome",
            "protocol": crate::protocol::PROTOCOL_VERSION,
            "match": self.id,
            "seat": seat,
        });
        let _ = tx.try_send(Out::Text(welcome.to_string()));
        let was_connected = seat.is_some_and(|s| st.connected(s));
        let current = st.move_number();
        st.clients.push(Client {
            id: client,
            seat,
            tx,
            sent: since.filter(|&s| s <= current),
        });
        let i = st.clients.len() - 1;
        st.send_update(&self.id, i);
        if seat.is_some() && !was_connected {
            st.broadcast_presence();
        }
        Ok(())
    }

    /// Removes a client.
    pub async fn disconnect(&self, client: u64) {
        let mut st = self.state.lock().await;
        let Some(i) = st.clients.iter().position(|c| c.id == client) else {
            return;
        };
        let seat = st.clients.remove(i).seat;
        if let Some(s) = seat {
            if !st.connected(s) {
                st.broadcast_presence();
            }
        }
    }

    /// Sends a client the current update again with every event.
    pub async fn sync(&self, client: u64) {
        let mut st = self.state.lock().await;
        if let Some(i) = st.clients.iter().position(|c| c.id == client) {
            st.clients[i].sent = None;
            st.send_update(&self.id, i);
        }
    }

    /// A submission `{"move": n, "action": id}` of `seat`'s client.
    pub async fn submit(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        client: u64,
        seat: Seat,
        n: u64,
        action: i64,
    ) -> Result<(), ProtoError> {
        let mut st = self.state.lock().await;
        // A seat whose credential was given up (or taken over) acts no more.
        let current = st.move_number();
        if n < current {
            let past = st.game.actions().and_then(|a| a.get(n as usize).copied());
            if past
                .is_some_and(|p| p.player == seat && p.action.id().map(i64::from) == Some(action))
            {
                st.send_to(
                    client,
                    serde_json::json!({
                        "type": "accepted", "move": n, "action": action, "duplicate": true
                    })
                    .to_string(),
                );
                return Ok(());
            }
            return Err(ProtoError::new(
                ErrorCode::StaleMove,
                format!("move {n} is past; the game is at move {current}"),
            )
            .at(current));
        }
        if n > current {
            return Err(ProtoError::new(
                ErrorCode::FutureMove,
                format!("move {n} is ahead; the game is at move {current}"),
            )
            .at(current));
        }
        if !st.started {
            return Err(ProtoError::new(
                ErrorCode::NotStarted,
                "the match waits for its human seats to be taken",
            )
            .at(current));
        }
        let action = u16::try_from(action)
            .map_err(|_| RuleError::UnknownActionId(action))
            .and_then(Action::from_id)
            .map_err(|e| ProtoError::rule(&e).at(current))?;
        let state = *st.game.state();
        state
            .check_player(seat)
            .and_then(|_| state.check(action))
            .map_err(|e| ProtoError::rule(&e).at(current))?;
        self.commit(sh, &mut st, seat, action, Some(client)).await
    }

    /// The greedy bot's choice for `seat`, from its view.
    pub async fn hint(&self, client: u64, seat: Seat) -> Result<(), ProtoError> {
        let (view, n) = {
            let st = self.state.lock().await;
            let state = st.game.state();
            if state.to_act() != Some(seat) || !st.started {
                return Err(ProtoError {
                    code: ErrorCode::NotToAct,
                    message: format!("seat {seat} is not to act"),
                    rule: Some("R-8".into()),
                    current_move: Some(st.move_number()),
                });
            }
            let view = InfoSet::with_config(state, seat, st.config())
                .map_err(|e| ProtoError::new(ErrorCode::Internal, e.to_string()))?;
            (view, st.move_number())
        };
        let action = tokio::task::spawn_blocking(move || greedy_choice(&view))
            .await
            .map_err(internal)??;
        let st = self.state.lock().await;
        st.send_to(
            client,
            serde_json::json!({"type": "hint", "move": n, "action": action.id()}).to_string(),
        );
        Ok(())
    }

    /// Writes an action to the store, then applies it, tells the submitting
    /// client (`accepted`) and pushes every client its update; then starts
    /// the next bot or timer.
    async fn commit(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        st: &mut RoomState,
        seat: Seat,
        action: Action,
        client: Option<u64>,
    ) -> Result<(), ProtoError> {
        let n = st.move_number();
        if sh.stopping.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(ProtoError::new(
                ErrorCode::Internal,
                "the server is stopping; nothing changed",
            )
            .at(n));
        }
        let (after, _) = st
            .game
            .state()
            .apply(action)
            .map_err(|e| ProtoError::rule(&e).at(n))?;
        let id = action.id().unwrap_or(Action::PASS_ID);
        let store = sh.store.clone();
        let match_id = self.id.clone();
        let finished = after.is_over();
        tokio::task::spawn_blocking(move || store.append_action(&match_id, n, seat, id, finished))
            .await
            .map_err(internal)?
            .map_err(internal)?;
        if sh.pause_after_commit == Some(n + 1) {
            // Test hook (METROPOLYS_SERVER_PAUSE_AFTER_COMMIT): the action is
            // committed and nobody has heard of it; the crash test kills the
            // process here.
            eprintln!("metropolys-server: paused after committing move {}", n + 1);
            std::future::pending::<()>().await;
        }
        st.game = st.game.apply(action).map_err(|e| ProtoError::rule(&e))?;
        let events = st.game.last_events().to_vec();
        st.events.push(events);
        st.generation += 1;
        if finished {
            let s = st.game.state();
            st.scores = Some((s.scores(), s.winners()));
        }
        st.set_deadline();
        if let Some(c) = client {
            st.send_to(
                c,
                serde_json::json!({"type": "accepted", "move": n, "action": id}).to_string(),
            );
        }
        st.broadcast(&self.id, None);
        self.schedule(sh, st);
        Ok(())
    }

    /// Starts the bot of the seat to act, or the turn timer of a human seat.
    fn schedule(self: &Arc<Self>, sh: &Arc<Services>, st: &mut RoomState) {
        let state = *st.game.state();
        let Some(seat) = state.to_act() else { return };
        if !st.started {
            return;
        }
        let generation = st.generation;
        match st.seats[seat as usize].spec.clone() {
            SeatSpec::Bot {
                bot, params, seed, ..
            } => {
                if st.bot_busy {
                    return;
                }
                let player = match st.seats[seat as usize].player.take() {
                    Some(p) => p,
                    None => match bot_player(&bot, &params, seed, generation) {
                        Ok(p) => p,
                        Err(e) => {
                            tracing::error!("match {}: seat {seat}'s bot: {e}", self.id);
                            return;
                        }
                    },
                };
                let Ok(view) = InfoSet::with_config(&state, seat, st.config()) else {
                    return;
                };
                st.bot_busy = true;
                let room = self.clone();
                let sh = sh.clone();
                tokio::spawn(async move {
                    let (player, action) = run_bot(&sh, player, view).await;
                    room.bot_move(&sh, seat, generation, action, player).await;
                });
            }
            SeatSpec::Human => {
                let Some(turn) = st.turn else { return };
                let room = self.clone();
                let sh = sh.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(turn).await;
                    room.timed_out(&sh, seat, generation).await;
                });
            }
        }
    }

    async fn bot_move(
        self: &Arc<Self>,
        sh: &Arc<Services>,
        seat: Seat,
        generation: u64,
        action: Option<Action>,
        player: Option<Player>,
    ) {
        let mut st = self.state.lock().await;
        st.bot_busy = false;
        st.seats[seat as usize].player = player;
        if st.generation != generation || st.game.state().to_act() != Some(seat) {
            self.schedule(sh, &mut st);
            return;
        }
        let Some(action) = action else {
            tracing::error!("match {}: seat {seat}'s bot found no action", self.id);
            return;
        };
        if let Err(e) = self.commit(sh, &mut st, seat, action, None).await {
            if sh.stopping.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            tracing::error!("match {}: seat {seat}'s bot move: {e}", self.id);
            // Try again later rather than stall the match.
            let room = self.clone();
            let sh = sh.clone();
            drop(st);
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_secs(1)).await;
                let mut st = room.state.lock().await;
                room.schedule(&sh, &mut st);
            });
        }
    }

    /// The turn timer ran out: the greedy bot plays the seat's move from
    /// its view, and every client is told (`timed_out`).
    async fn timed_out(self: &Arc<Self>, sh: &Arc<Services>, seat: Seat, generation: u64) {
        let view = {
            let st = self.state.lock().await;
            if st.generation != generation || st.game.state().to_act() != Some(seat) {
                return;
            }
            match InfoSet::with_config(st.game.state(), seat, st.config()) {
                Ok(v) => v,
                Err(_) => return,
            }
        };
        let Ok(Ok(action)) = tokio::task::spawn_blocking(move || greedy_choice(&view)).await else {
            return;
        };
        let mut st = self.state.lock().await;
        if st.generation != generation {
            return;
        }
        let n = st.move_number();
        let note = serde_json::json!({"type": "timed_out", "seat": seat, "move": n}).to_string();
        for c in &st.clients {
            let _ = c.tx.try_send(Out::Text(note.clone()));
        }
        if let Err(e) = self.commit(sh, &mut st, seat, action, None).await {
            tracing::error!("match {}: timed-out move: {e}", self.id);
        }
    }

    /// Closes every socket (the server stops).
    pub async fn close_all(&self) {
        let mut st = self.state.lock().await;
        for c in st.clients.drain(..) {
            let _ = c.tx.try_send(Out::Close(1001, "server stopping"));
        }
    }

    /// Starts whatever a restored match was waiting for.
    pub async fn resume(self: &Arc<Self>, sh: &Arc<Services>) {
        let mut st = self.state.lock().await;
        st.set_deadline();
        self.schedule(sh, &mut st);
    }
}
