//! What the authority's methods take and return: changes, proposals and
//! effects.

use crate::protocol::{ChatEntry, CloseReason, ServerMessage};
use crate::store::Op;
use metropolys_bots::InfoSet;
use metropolys_core::{Action, Seat};
use std::time::Duration;

/// A client of a match (a socket), as the shell numbers them.
pub type ClientId = u64;

/// Who made an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// A seat's client (told in its update's `accepted`).
    Client(ClientId),
    /// The seat's bot.
    Bot,
    /// The turn timer (the greedy bot for the seat; every client is told).
    Timer,
}

/// A change to the match, applied only after it is committed.
#[derive(Debug, Clone)]
pub enum Change {
    /// A person takes a seat; `starts`: the match starts with it.
    Join {
        /// The seat.
        seat: Seat,
        /// The hash of its new credential.
        hash: [u8; 32],
        /// The name they gave.
        name: Option<String>,
        /// Whether every human seat is then taken for the first time.
        starts: bool,
    },
    /// A seat is given up.
    Leave {
        /// The seat.
        seat: Seat,
    },
    /// An action of the seat to act.
    Act {
        /// The seat.
        seat: Seat,
        /// The action (checked by the rules).
        action: Action,
        /// Who made it.
        by: Actor,
        /// The game after it: the rules applied the action once, when it
        /// was proposed; committing it installs this.
        next: Box<metropolys_core::Game>,
    },
    /// The match is cancelled: an open one nobody joined in time, or one
    /// a seated player cancelled.
    Cancel,
    /// A chat message.
    Chat(ChatEntry),
    /// The rematch of this finished match was created.
    Rematch {
        /// Its id.
        id: String,
    },
}

/// A change and the store operation that makes it durable.
#[derive(Debug, Clone)]
pub struct Proposal {
    /// The change, for [`Authority::apply`](super::Authority::apply).
    pub change: Change,
    /// The operation, for the store.
    pub op: Op,
}

/// What a submission leads to.
#[derive(Debug)]
pub enum Submission {
    /// A repeat of the seat's action at a past move: answered, nothing
    /// changes.
    Duplicate(Effects),
    /// A new action to commit.
    Commit(Proposal),
}

/// What a player of the previous game finds at their seat of a rematch.
#[derive(Debug)]
pub enum Claim {
    /// They hold it already (nothing changes).
    Held(Seat),
    /// They take it: the seat kept for them, or theirs again after they
    /// gave it up.
    Take(Box<Proposal>),
}

/// What the shell draws from the operating system for a rematch (the
/// authority has no generator of its own).
#[derive(Debug, Clone)]
pub struct RematchDraws {
    /// The new match id (16 hexadecimal digits).
    pub id: String,
    /// The new seed (never the old one, chosen or drawn).
    pub seed: u64,
    /// A new invite, used when the match is private.
    pub invite: String,
    /// A new seed per bot seat (indexed by seat; other entries unused).
    pub bot_seeds: Vec<u64>,
}

/// A message for some clients.
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// Its recipients.
    pub to: Vec<ClientId>,
    /// The message (serialised once for all of them).
    pub msg: ServerMessage,
}

/// Work the shell starts after a change.
#[derive(Debug, Clone)]
pub enum Job {
    /// A bot decides for `seat` from its view.
    Bot {
        /// The seat.
        seat: Seat,
        /// The generation the decision is for (stale if it moved on).
        generation: u64,
        /// The seat's view.
        view: Box<InfoSet>,
        /// The bot, with the server's limits.
        spec: metropolys_bots::BotSpec,
        /// The seed of this decision's generator.
        seed: u64,
    },
    /// The turn timer of a human seat.
    Timer {
        /// The seat.
        seat: Seat,
        /// The generation the timer is for.
        generation: u64,
        /// When it fires.
        after: Duration,
    },
}

/// What the shell must do after a request.
#[derive(Debug, Default)]
pub struct Effects {
    /// Messages, in order.
    pub send: Vec<Outgoing>,
    /// Sockets to close, and why; they are no longer subscribed.
    pub close: Vec<(ClientId, CloseReason)>,
    /// A bot decision or a timer to start (replacing any earlier timer).
    pub job: Option<Job>,
    /// The turn timer under way stops (the game moved on to a seat without
    /// one, was cancelled, or every human left).
    pub stop_timer: bool,
}

impl Effects {
    pub(super) fn to(&mut self, id: ClientId, msg: ServerMessage) {
        self.send.push(Outgoing { to: vec![id], msg });
    }
}
