//! The clients subscribed to a match: connecting (`welcome`, an update,
//! the chat's last messages), disconnecting, `sync`, presence, closing the
//! sockets of a seat whose holder changed; and the turn timer, which runs
//! only while a human seat's holder is here (it stops when the last one
//! leaves, and the seat to act gets a fresh turn when one comes back).

use super::{Authority, ClientId, Effects, Outgoing, Subscriber};
use crate::protocol::{
    CloseReason, ErrorCode, Presence, ProtoError, ServerMessage, Welcome, PROTOCOL_VERSION,
};
use metropolys_core::Seat;
use std::time::Instant;

impl Authority {
    /// Subscribes a client (of `seat` at `epoch`, or a spectator) whose last
    /// update was move `since` (`None`: a new client, sent every event of
    /// the game): `welcome` and an update.
    pub fn connect(
        &mut self,
        client: ClientId,
        seat: Option<(Seat, u64)>,
        since: Option<u64>,
        now: Instant,
    ) -> Result<Effects, ProtoError> {
        if let Some((s, epoch)) = seat {
            if self.seats.get(s as usize).map(|x| x.epoch) != Some(epoch) {
                return Err(ProtoError::new(
                    ErrorCode::Forbidden,
                    "not a credential of this match",
                ));
            }
        }
        let mut fx = Effects::default();
        fx.to(
            client,
            ServerMessage::Welcome(Welcome {
                protocol: PROTOCOL_VERSION,
                match_id: self.id.clone(),
                seat: seat.map(|(s, _)| s),
                invite: seat.and(self.invite.clone()),
            }),
        );
        let was_connected = seat.is_some_and(|(s, _)| self.connected(s));
        let was_here = self.humans_here();
        let current = self.move_number();
        let since = since.filter(|&s| s <= current);
        self.subscribers.push(Subscriber {
            id: client,
            seat,
            sent: Some(current),
        });
        if let Some((s, _)) = seat {
            self.seats[s as usize].seen = now;
            if !was_here && self.humans_here() && self.deadline.is_none() {
                // The first human back: the seat to act gets a full turn.
                self.set_deadline(now);
                if self.deadline.is_some() {
                    self.generation += 1;
                    fx.job = self.schedule(now);
                }
            }
        }
        let update = self.update_for(seat.map(|(s, _)| s), since, None, None);
        fx.to(client, ServerMessage::Update(Box::new(update)));
        self.chat_for(client, &mut fx);
        if seat.is_some() {
            self.last_activity = now;
            if !was_connected {
                self.presence(&mut fx);
            }
        }
        Ok(fx)
    }

    /// Unsubscribes a client (its socket closed, or it could not keep up).
    pub fn disconnect(&mut self, client: ClientId, now: Instant) -> Effects {
        let mut fx = Effects::default();
        let Some(i) = self.subscribers.iter().position(|c| c.id == client) else {
            return fx;
        };
        let gone = self.subscribers.remove(i);
        if let Some((s, epoch)) = gone.seat {
            self.last_activity = now;
            if epoch == self.seats[s as usize].epoch && !self.connected(s) {
                self.seats[s as usize].seen = now;
                self.pause_if_nobody_here(&mut fx);
                self.presence(&mut fx);
            }
        }
        fx
    }

    /// Stops the turn timer when no human seat's holder is here any more:
    /// nobody is timed out while everyone is away (but a correspondence
    /// match's clock runs on).
    pub(super) fn pause_if_nobody_here(&mut self, fx: &mut Effects) {
        if self.deadline.is_some() && !self.humans_here() && !self.correspondence() {
            self.deadline = None;
            self.generation += 1;
            fx.stop_timer = true;
        }
    }

    /// The current update again, with every event of the game.
    pub fn sync(&mut self, client: ClientId) -> Effects {
        let mut fx = Effects::default();
        if let Some(i) = self.subscribers.iter().position(|c| c.id == client) {
            let seat = self.subscribers[i].seat.map(|(s, _)| s);
            self.subscribers[i].sent = Some(self.move_number());
            let update = self.update_for(seat, None, None, None);
            fx.to(client, ServerMessage::Update(Box::new(update)));
        }
        fx
    }

    /// Closes every socket (the server stops).
    pub fn close_all(&mut self) -> Effects {
        let mut fx = Effects::default();
        for c in self.subscribers.drain(..) {
            fx.close.push((c.id, CloseReason::ServerStopping));
        }
        fx
    }

    /// Unsubscribes and closes the sockets of seats whose holder changed.
    pub(super) fn close_stale(&mut self, fx: &mut Effects) {
        let seats = &self.seats;
        self.subscribers.retain(|c| match c.seat {
            Some((s, epoch)) if seats[s as usize].epoch != epoch => {
                fx.close.push((c.id, CloseReason::Left));
                false
            }
            _ => true,
        });
    }

    pub(super) fn presence(&self, fx: &mut Effects) {
        if self.subscribers.is_empty() {
            return;
        }
        fx.send.push(Outgoing {
            to: self.subscribers.iter().map(|c| c.id).collect(),
            msg: ServerMessage::Presence(Presence {
                seats: self.seat_statuses(),
            }),
        });
    }
}
