//! The authority of one match: synchronous, with no socket, no database and
//! no clock of its own (as boardgame.io's `Master` speaks only to a
//! transport and a storage interface). It holds the game, its seats and
//! their credentials (as hashes), and the table of subscribed clients
//! (ids, not sockets); every request is a method that either refuses with
//! a [`ProtoError`] or returns what must happen:
//!
//! * a change is first *proposed* ([`Proposal`]: the [`Change`] and the
//!   store [`Op`] that makes it durable), without touching the match;
//! * once the store has committed the operation, [`Authority::apply`]
//!   changes the match and returns the [`Effects`]: messages to send (each
//!   client its own view, R-21), sockets to close, a bot decision or a
//!   turn timer to start.
//!
//! The async shell (`crate::room`) commits, applies and carries the
//! effects out; tests drive this type directly.
//!
//! Beside the game: `seating` (taking, giving up and reclaiming seats,
//! cancelling), `chat`, `rematch` (the next game with the same seats),
//! `subscribers` (who is connected, and the turn timer that runs only
//! while someone is), `view` (what each client may see, R-21).

mod chat;
mod effects;
mod rematch;
mod seating;
mod subscribers;
mod timers;
mod view;

pub use effects::{
    Actor, Change, Claim, ClientId, Effects, Job, Outgoing, Proposal, RematchDraws, Submission,
};

use crate::credential::ct_eq;
use crate::protocol::{
    Accepted, ChatEntry, ErrorCode, Hint, Move, ProtoError, SeatKind, SeatStatus, ServerMessage,
    Status, Summary, TimedOut,
};
use crate::store::{MatchRow, Op, StoredMatch};
use metropolys_bots::{BotSpec, InfoSet};
use metropolys_core::{Action, Config, Event, Game, RuleError, ScoreSheet, Seat};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// The most messages a match's chat held once (then `chat_full`). A chat
/// no longer fills: the store keeps a match's last [`CHAT_SENT`] messages
/// and drops older ones as new ones come (a full chat silenced the
/// players), so this bound is no longer reached.
pub const CHAT_MAX: u64 = 1000;

/// The most recent chat messages a client is sent on connecting, a match
/// keeps in memory, and the store keeps of a match's chat.
pub const CHAT_SENT: usize = crate::store::CHAT_LOADED;

/// How a seat is played: typed from the request to the bot (the bots
/// crate's [`BotSpec`], read once, with the server's limits); stored as
/// JSON (`{"kind": "bot", "spec", "bot", "params", "seed"}`, the form of
/// every database so far).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "StoredSeat", try_from = "StoredSeat")]
pub enum SeatSpec {
    /// A person, holding the seat's credential.
    Human,
    /// A bot of the bots crate.
    Bot {
        /// The spec as the creator gave it (`greedy`,
        /// `ismcts:{"iterations":500}`): what the seat shows and the name
        /// it is rated under.
        label: String,
        /// The bot as it plays here: the spec with the server's limits.
        spec: BotSpec,
        /// The seed of its generator.
        seed: u64,
    },
}

impl SeatSpec {
    fn is_human(&self) -> bool {
        matches!(self, SeatSpec::Human)
    }
}

/// A seat as the store holds it (JSON).
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum StoredSeat {
    Human,
    Bot {
        spec: String,
        bot: String,
        params: String,
        seed: u64,
    },
}

impl From<SeatSpec> for StoredSeat {
    fn from(s: SeatSpec) -> StoredSeat {
        match s {
            SeatSpec::Human => StoredSeat::Human,
            SeatSpec::Bot { label, spec, seed } => StoredSeat::Bot {
                spec: label,
                bot: spec.kind().name().to_string(),
                params: spec.params_json(),
                seed,
            },
        }
    }
}

impl TryFrom<StoredSeat> for SeatSpec {
    type Error = metropolys_bots::BotError;

    fn try_from(s: StoredSeat) -> Result<SeatSpec, Self::Error> {
        Ok(match s {
            StoredSeat::Human => SeatSpec::Human,
            StoredSeat::Bot {
                spec,
                bot,
                params,
                seed,
            } => SeatSpec::Bot {
                label: spec,
                spec: BotSpec::from_parts(&bot, &params)?,
                seed,
            },
        })
    }
}

struct SeatSlot {
    spec: SeatSpec,
    /// The hash of the credential holding the seat.
    holder: Option<[u8; 32]>,
    /// The name its holder gave (public).
    name: Option<String>,
    /// A seat of a rematch kept for the previous game's holder: the hash
    /// of their credential and their name.
    reserved: Option<([u8; 32], Option<String>)>,
    /// Bumped whenever the holder changes: a socket opened under an older
    /// holder acts no more.
    epoch: u64,
    /// When the holder was last here: took the seat, or had a socket open
    /// (for a match restored from the store: when it was restored).
    seen: Instant,
    /// The client address (key) the holder took the seat from.
    address: Option<String>,
}

/// A subscribed client.
struct Subscriber {
    id: ClientId,
    /// Its seat and the seat's epoch when it connected (`None`: a
    /// spectator).
    seat: Option<(Seat, u64)>,
    /// The move number of the last update it was sent (`None`: none yet).
    sent: Option<u64>,
}

/// One match's authority.
pub struct Authority {
    id: String,
    created: i64,
    game: Game,
    /// Events per move: index 0 the opening, index k those of action k.
    events: Vec<Vec<Event>>,
    /// `(player, action id)` of every action, in order.
    actions: Vec<(Seat, u16)>,
    seats: Vec<SeatSlot>,
    subscribers: Vec<Subscriber>,
    started: bool,
    cancelled: bool,
    ended: Option<i64>,
    turn: Option<Duration>,
    deadline: Option<Instant>,
    /// Bumped by every change; a bot or timer acting on an older one is
    /// too late.
    generation: u64,
    bot_busy: bool,
    /// The seed, when the creator chose it (public).
    public_seed: Option<u64>,
    scores: Option<(Vec<ScoreSheet>, Vec<Seat>)>,
    /// The last time a seat was taken, given up, connected or disconnected
    /// (an open match nobody sits at expires after a while).
    last_activity: Instant,
    /// The invite of a private match (secret: only seated players are told).
    invite: Option<String>,
    /// The id of the match's rematch, once created.
    rematch: Option<String>,
    /// The chat's last messages and its length.
    chat: ChatLog,
}

/// The chat's last [`CHAT_SENT`] messages, and how many it has.
#[derive(Debug, Default)]
struct ChatLog {
    recent: VecDeque<ChatEntry>,
    count: u64,
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> ProtoError {
    ProtoError::new(code, message)
}

impl Authority {
    /// A match from its stored form, its actions replayed by the rules.
    pub fn restore(m: &StoredMatch, now: Instant) -> Result<Authority, String> {
        let config = Config::from_json(&m.row.config).map_err(|e| e.to_string())?;
        let seats: Vec<SeatSpec> = serde_json::from_str(&m.row.seats).map_err(|e| e.to_string())?;
        Authority::build(m, config, seats, now)
    }

    /// A new match (not stored yet: the shell stores it with
    /// [`Op::CreateMatch`]).
    pub fn create(
        row: &MatchRow,
        config: Config,
        seats: Vec<SeatSpec>,
        now: Instant,
    ) -> Result<Authority, String> {
        let stored = StoredMatch {
            row: row.clone(),
            hashes: Vec::new(),
            names: Vec::new(),
            reserved: Vec::new(),
            actions: Vec::new(),
            chat: Vec::new(),
            chat_count: 0,
        };
        Authority::build(&stored, config, seats, now)
    }

    fn build(
        m: &StoredMatch,
        config: Config,
        seats: Vec<SeatSpec>,
        now: Instant,
    ) -> Result<Authority, String> {
        let (row, actions) = (&m.row, &m.actions);
        let public_seed = row.seed_chosen.then_some(config.seed);
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
        let seats = seats
            .into_iter()
            .enumerate()
            .map(|(i, spec)| {
                let holder = m.hashes.get(i).copied().flatten();
                SeatSlot {
                    spec,
                    holder,
                    name: holder.and(m.names.get(i).cloned().flatten()),
                    reserved: m
                        .reserved
                        .iter()
                        .find(|r| usize::from(r.seat) == i && holder.is_none())
                        .map(|r| (r.hash, r.name.clone())),
                    epoch: 0,
                    seen: now,
                    address: None,
                }
            })
            .collect();
        let over = game.state().is_over();
        let scores = over.then(|| (game.state().scores(), game.state().winners()));
        Ok(Authority {
            id: row.id.clone(),
            created: row.created,
            game,
            events,
            actions: actions.to_vec(),
            seats,
            subscribers: Vec::new(),
            started: row.started || !actions.is_empty(),
            cancelled: row.cancelled,
            ended: row.ended,
            turn: row.turn_seconds.map(Duration::from_secs_f64),
            deadline: None,
            generation: 0,
            bot_busy: false,
            public_seed,
            scores,
            last_activity: now,
            invite: row.invite.clone(),
            rematch: row.rematch.clone(),
            chat: ChatLog::restore(&m.chat, m.chat_count),
        })
    }

    /// The match id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Actions accepted so far.
    pub fn move_number(&self) -> u64 {
        self.game.decisions() as u64
    }

    /// The status.
    pub fn status(&self) -> Status {
        if self.game.state().is_over() {
            Status::Finished
        } else if self.cancelled {
            Status::Cancelled
        } else if self.started {
            Status::Playing
        } else {
            Status::Open
        }
    }

    /// The seat the game waits for, while it is being played.
    pub(crate) fn to_act(&self) -> Option<Seat> {
        (self.status() == Status::Playing)
            .then(|| self.game.state().to_act())
            .flatten()
    }

    /// The finished match as its rating needs it: who sat at each seat (a
    /// person by the credential holding it, a bot by its spec) and their
    /// places (R-20, `metropolys_core::sheet::placings`).
    pub(crate) fn finished_for_rating(&self) -> Option<crate::accounts::Finished> {
        let (scores, _) = self.scores.as_ref()?;
        let places = metropolys_core::sheet::placings(scores);
        let config = self.config();
        let seats = self
            .seats
            .iter()
            .zip(places)
            .map(|(slot, place)| {
                let sitter = match &slot.spec {
                    SeatSpec::Human => crate::accounts::Sitter::Human(slot.holder),
                    SeatSpec::Bot { label, .. } => crate::accounts::Sitter::Bot(label.clone()),
                };
                (sitter, place)
            })
            .collect();
        Some(crate::accounts::Finished {
            match_id: self.id.clone(),
            variant: config.variant,
            players: config.players,
            ended: self.ended.unwrap_or_else(crate::clock::now_secs),
            seats,
        })
    }

    /// The match's configuration (its game is always set up from one).
    fn config(&self) -> &Config {
        self.game
            .config()
            .expect("a match's game is set up from its configuration")
    }

    /// Whether a socket of `seat`'s current holder is subscribed.
    fn connected(&self, seat: Seat) -> bool {
        let epoch = self.seats[seat as usize].epoch;
        self.subscribers
            .iter()
            .any(|c| c.seat == Some((seat, epoch)))
    }

    /// Whether a socket of any human seat's holder is subscribed.
    fn humans_here(&self) -> bool {
        (0..self.seats.len()).any(|s| self.seats[s].spec.is_human() && self.connected(s as Seat))
    }

    /// The invite of a private match, for its seated players.
    pub fn invite(&self) -> Option<&str> {
        self.invite.as_deref()
    }

    /// The id of the match's rematch, once created.
    pub fn rematch_id(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// The seat a credential's hash holds, and the seat's epoch.
    pub fn seat_of(&self, hash: &[u8; 32]) -> Option<(Seat, u64)> {
        self.seats
            .iter()
            .position(|s| s.holder.is_some_and(|h| ct_eq(&h, hash)))
            .map(|p| (p as Seat, self.seats[p].epoch))
    }

    /// The public seed, if the creator chose one.
    pub fn public_seed(&self) -> Option<u64> {
        self.public_seed
    }

    /// The board picture (no secrets: districts out of play only).
    pub fn board(&self) -> String {
        crate::web::board_svg(self.game.state())
    }

    /// Whether an open match nobody sits at has waited `timeout` since the
    /// last seat activity.
    pub fn expired(&self, now: Instant, timeout: Duration) -> bool {
        self.status() == Status::Open
            && !(0..self.seats.len()).any(|s| self.connected(s as Seat))
            && now.saturating_duration_since(self.last_activity) >= timeout
    }

    /// Whether nothing more happens and no client is subscribed.
    pub fn idle_and_over(&self) -> bool {
        self.status().is_over() && self.subscribers.is_empty()
    }

    // ----- proposals (nothing changes) ----------------------------------

    /// The seat whose current holder client `client`'s socket speaks for:
    /// `spectator` for a spectator's socket, `forbidden` when the socket
    /// is no longer subscribed or its credential no longer holds the seat
    /// (given up, taken by someone else since).
    fn seat_of_socket(&self, client: ClientId) -> Result<Seat, ProtoError> {
        let sub = self
            .subscribers
            .iter()
            .find(|c| c.id == client)
            .ok_or_else(|| refuse(ErrorCode::Forbidden, "this socket is no longer subscribed"))?;
        let Some((seat, epoch)) = sub.seat else {
            return Err(spectator());
        };
        let slot = &self.seats[seat as usize];
        if slot.epoch != epoch || slot.holder.is_none() {
            return Err(refuse(
                ErrorCode::Forbidden,
                "this socket's credential no longer holds its seat",
            ));
        }
        Ok(seat)
    }

    /// A submission `{"move": n, "action": id}` of client `client`.
    /// `forbidden` when the client's credential no longer holds its seat
    /// (the shell then closes the socket).
    pub fn propose_submit(
        &self,
        client: ClientId,
        n: u64,
        action: i64,
        wall: i64,
    ) -> Result<Submission, ProtoError> {
        let seat = self.seat_of_socket(client)?;
        let current = self.move_number();
        if n < current {
            if let Some(&(player, id)) = self.actions.get(n as usize) {
                if player == seat && i64::from(id) == action {
                    let mut fx = Effects::default();
                    fx.to(
                        client,
                        ServerMessage::Accepted(Accepted {
                            move_number: n,
                            action: id,
                            duplicate: true,
                        }),
                    );
                    return Ok(Submission::Duplicate(fx));
                }
            }
            return Err(refuse(
                ErrorCode::StaleMove,
                format!("move {n} is past; the game is at move {current}"),
            )
            .at(current));
        }
        if n > current {
            return Err(refuse(
                ErrorCode::FutureMove,
                format!("move {n} is ahead; the game is at move {current}"),
            )
            .at(current));
        }
        if self.cancelled {
            return Err(refuse(ErrorCode::MatchOver, "the match was cancelled").at(current));
        }
        if !self.started {
            return Err(refuse(
                ErrorCode::NotStarted,
                "the match waits for its human seats to be taken",
            )
            .at(current));
        }
        let action = u16::try_from(action)
            .map_err(|_| RuleError::UnknownActionId(action))
            .and_then(Action::from_id)
            .map_err(|e| ProtoError::rule(&e).at(current))?;
        self.propose_act(seat, action, Actor::Client(client), wall)
            .map(Submission::Commit)
            .map_err(|e| e.at(current))
    }

    /// A bot's or the timer's action for `seat`, if the match is still at
    /// `generation` with `seat` to act.
    pub fn propose_auto(
        &self,
        seat: Seat,
        generation: u64,
        action: Action,
        by: Actor,
        wall: i64,
    ) -> Option<Proposal> {
        if self.generation != generation || self.game.state().to_act() != Some(seat) {
            return None;
        }
        self.propose_act(seat, action, by, wall).ok()
    }

    /// An action of `seat`; `wall` (seconds since the Unix epoch) is when
    /// the game ends if it ends with it.
    fn propose_act(
        &self,
        seat: Seat,
        action: Action,
        by: Actor,
        wall: i64,
    ) -> Result<Proposal, ProtoError> {
        let next = self
            .game
            .state()
            .check_player(seat)
            .and_then(|_| self.game.apply(action))
            .map_err(|e| ProtoError::rule(&e))?;
        Ok(Proposal {
            op: Op::AppendAction {
                match_id: self.id.clone(),
                n: self.move_number(),
                player: seat,
                action: action.id().unwrap_or(Action::PASS_ID),
                finished_at: next.state().is_over().then_some(wall),
            },
            change: Change::Act {
                seat,
                action,
                by,
                next: Box::new(next),
            },
        })
    }

    /// Whether the timer for `seat` at `generation` is still due: the view
    /// the greedy bot decides from.
    pub fn timer_view(&self, seat: Seat, generation: u64) -> Option<InfoSet> {
        if self.generation != generation || self.game.state().to_act() != Some(seat) {
            return None;
        }
        InfoSet::with_config(self.game.state(), seat, self.config()).ok()
    }

    /// The view a hint is computed from, and the move it is for.
    pub fn hint_view(&self, client: ClientId) -> Result<(InfoSet, u64), ProtoError> {
        let seat = self
            .subscribers
            .iter()
            .find(|c| c.id == client)
            .and_then(|c| c.seat)
            .map(|(s, _)| s)
            .ok_or_else(spectator)?;
        let state = self.game.state();
        if state.to_act() != Some(seat) || !self.started {
            return Err(ProtoError {
                code: ErrorCode::NotToAct,
                message: format!("seat {seat} is not to act"),
                rule: Some("R-8".into()),
                current_move: Some(self.move_number()),
            });
        }
        let view = InfoSet::with_config(state, seat, self.config())
            .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
        Ok((view, self.move_number()))
    }

    /// The hint's answer.
    pub fn hint(&self, client: ClientId, n: u64, action: Action) -> Effects {
        let mut fx = Effects::default();
        fx.to(
            client,
            ServerMessage::Hint(Hint {
                move_number: n,
                action: action.id().unwrap_or(Action::PASS_ID),
            }),
        );
        fx
    }

    // ----- changes ------------------------------------------------------

    /// Applies a committed change: the match moves on, and the effects say
    /// what to tell whom and what to start. `now` is the monotonic clock,
    /// `wall` seconds since the Unix epoch. Only a change of the game (an
    /// action, the start, a cancellation) makes a pending bot decision or
    /// turn timer stale: seats, chat and rematches leave them running.
    pub fn apply(&mut self, change: Change, now: Instant, wall: i64) -> Effects {
        let mut fx = Effects::default();
        match change {
            Change::Join {
                seat,
                hash,
                name,
                starts,
            } => {
                let slot = &mut self.seats[seat as usize];
                slot.holder = Some(hash);
                slot.address = None;
                slot.name = name;
                slot.reserved = None;
                slot.epoch += 1;
                slot.seen = now;
                self.last_activity = now;
                self.close_stale(&mut fx);
                if starts {
                    self.generation += 1;
                    self.started = true;
                    self.set_deadline(now);
                    self.broadcast(&mut fx, None, None);
                    fx.job = self.schedule(now);
                } else {
                    self.pause_if_nobody_here(&mut fx);
                    self.presence(&mut fx);
                }
            }
            Change::Leave { seat } => {
                let slot = &mut self.seats[seat as usize];
                slot.holder = None;
                slot.address = None;
                slot.name = None;
                slot.epoch += 1;
                slot.seen = now;
                self.last_activity = now;
                self.close_stale(&mut fx);
                self.pause_if_nobody_here(&mut fx);
                self.presence(&mut fx);
            }
            Change::Act {
                seat,
                action,
                by,
                next,
            } => {
                self.generation += 1;
                let n = self.move_number();
                // The rules applied the action when it was proposed, to
                // this very game (the room's lock is held from proposal to
                // commit).
                self.game = *next;
                self.events.push(self.game.last_events().to_vec());
                self.actions
                    .push((seat, action.id().unwrap_or(Action::PASS_ID)));
                if self.game.state().is_over() {
                    let s = self.game.state();
                    self.scores = Some((s.scores(), s.winners()));
                    self.ended = Some(wall);
                }
                self.set_deadline(now);
                fx.stop_timer = self.deadline.is_none();
                let mover = match by {
                    Actor::Client(c) => Some((
                        c,
                        Move {
                            move_number: n,
                            action: action.id().unwrap_or(Action::PASS_ID),
                        },
                    )),
                    _ => None,
                };
                let timed_out = (by == Actor::Timer).then_some(TimedOut {
                    seat,
                    move_number: n,
                });
                self.broadcast(&mut fx, mover, timed_out);
                fx.job = self.schedule(now);
            }
            Change::Cancel => {
                self.generation += 1;
                self.cancelled = true;
                self.ended = Some(wall);
                self.deadline = None;
                fx.stop_timer = true;
                self.broadcast(&mut fx, None, None);
            }
            Change::Chat(entry) => self.chat_applied(entry, &mut fx),
            Change::Rematch { id } => self.rematch_applied(id, &mut fx),
        }
        fx
    }

    /// Starts whatever a restored match was waiting for. `waited`: how
    /// long the seat to act has waited already (since the last move was
    /// stored): a correspondence match's clock ran while the server was
    /// down, so its deadline is what was left of the turn (a real-time
    /// timer restarts with a full turn).
    pub fn resume(&mut self, now: Instant, waited: Duration) -> Effects {
        self.set_deadline(now);
        if self.correspondence() {
            if let (Some(turn), Some(d)) = (self.turn, self.deadline.as_mut()) {
                *d = now + turn.saturating_sub(waited);
            }
        }
        Effects {
            job: self.schedule(now),
            ..Effects::default()
        }
    }

    /// A bot's decision ended: the next one may start (call before
    /// proposing its action, so that applying it schedules the next).
    pub fn bot_finished(&mut self) {
        self.bot_busy = false;
    }

    /// Whatever is due now (a bot or a timer), after a decision that
    /// changed nothing.
    pub fn reschedule(&mut self, now: Instant) -> Effects {
        Effects {
            job: self.schedule(now),
            ..Effects::default()
        }
    }
}

/// A bot seat as every client sees it.
fn bot_status(spec: &str) -> SeatStatus {
    SeatStatus {
        kind: SeatKind::Bot,
        bot: Some(spec.to_string()),
        taken: true,
        connected: true,
        name: None,
        reserved: false,
    }
}

/// The summary of a finished match from its stored row, move count and
/// players' names, without replaying it (the lobby's list of finished
/// matches).
pub fn summary_of_row(row: &MatchRow, moves: u64, names: &[Option<String>]) -> Option<Summary> {
    let config = Config::from_json(&row.config).ok()?;
    let seats: Vec<SeatSpec> = serde_json::from_str(&row.seats).ok()?;
    let status = if row.finished {
        Status::Finished
    } else if row.cancelled {
        Status::Cancelled
    } else if row.started {
        Status::Playing
    } else {
        Status::Open
    };
    Some(Summary {
        id: row.id.clone(),
        players: config.players,
        variant: config.variant,
        metropolys_cards: config.uses_metropolys_cards(),
        status,
        move_number: moves,
        seats: seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                SeatSpec::Human => SeatStatus {
                    kind: SeatKind::Human,
                    bot: None,
                    taken: true,
                    connected: false,
                    name: names.get(i).cloned().flatten(),
                    reserved: false,
                },
                SeatSpec::Bot { label, .. } => bot_status(label),
            })
            .collect(),
        turn_seconds: row.turn_seconds,
        seed: row.seed_chosen.then_some(config.seed),
        created: row.created,
        ended: row.ended,
        private: row.invite.is_some(),
        rematch: row.rematch.clone(),
    })
}

fn spectator() -> ProtoError {
    refuse(
        ErrorCode::Spectator,
        "spectators cannot act or ask for hints",
    )
}

#[cfg(test)]
mod tests;
