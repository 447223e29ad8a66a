//! What a room sends its clients: each one's own view, the legal
//! actions of the seat to act, the events since its last update, presence.

use super::{Out, RoomState, SeatSpec};
use crate::protocol::{SeatStatus, Status, Update};
use metropolys_core::{Config, Event, Seat, Snapshot};
use std::time::Instant;

impl RoomState {
    pub(super) fn move_number(&self) -> u64 {
        self.game.decisions() as u64
    }

    /// The match's configuration (its game is always set up from one).
    pub(super) fn config(&self) -> &Config {
        self.game
            .config()
            .expect("a match's game is set up from its configuration")
    }

    pub(super) fn status(&self) -> Status {
        if self.game.state().is_over() {
            Status::Finished
        } else if self.started {
            Status::Playing
        } else {
            Status::Open
        }
    }

    pub(super) fn connected(&self, seat: Seat) -> bool {
        self.clients.iter().any(|c| c.seat == Some(seat))
    }

    pub(super) fn seat_statuses(&self) -> Vec<SeatStatus> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.spec {
                SeatSpec::Human => SeatStatus {
                    kind: "human",
                    bot: None,
                    taken: s.hash.is_some(),
                    connected: self.connected(i as Seat),
                },
                SeatSpec::Bot { spec, .. } => SeatStatus {
                    kind: "bot",
                    bot: Some(spec.clone()),
                    taken: true,
                    connected: true,
                },
            })
            .collect()
    }

    pub(super) fn set_deadline(&mut self) {
        let state = self.game.state();
        self.deadline = match (self.turn, state.to_act()) {
            (Some(turn), Some(seat))
                if self.started && matches!(self.seats[seat as usize].spec, SeatSpec::Human) =>
            {
                Some(Instant::now() + turn)
            }
            _ => None,
        };
    }

    /// The view a client may see: its seat's, or the public one,
    /// with the Metropolys deck when the match deals from one (R-22: it is
    /// public).
    pub(super) fn view_for(&self, seat: Option<Seat>) -> Snapshot {
        let state = self.game.state();
        let mut view = seat
            .and_then(|s| state.view_snapshot(s))
            .unwrap_or_else(|| state.public_snapshot());
        view.metropolys_deck = self.game.metropolys_deck().map(<[_]>::to_vec);
        view
    }

    /// The update for client `i`, then marks it sent.
    pub(super) fn send_update(&mut self, match_id: &str, i: usize) {
        let text = self.update_text(match_id, self.clients[i].seat, self.clients[i].sent);
        let c = &mut self.clients[i];
        c.sent = Some(self.game.decisions() as u64);
        if c.tx.try_send(Out::Text(text)).is_err() {
            let _ = c.tx.try_send(Out::Close(1008, "too slow"));
        }
    }

    pub(super) fn update_text(
        &self,
        match_id: &str,
        seat: Option<Seat>,
        since: Option<u64>,
    ) -> String {
        let state = self.game.state();
        let view = self.view_for(seat);
        let first = since.map_or(0, |s| s as usize + 1);
        let events: Vec<&Event> = self.events[first.min(self.events.len())..]
            .iter()
            .flatten()
            .collect();
        let legal = match (seat, state.to_act()) {
            (Some(s), Some(t)) if s == t && self.started => state
                .legal_actions()
                .iter()
                .filter_map(|a| a.id())
                .collect(),
            _ => Vec::new(),
        };
        let seats = self.seat_statuses();
        let update = Update {
            kind: "update",
            match_id,
            move_number: self.move_number(),
            status: self.status(),
            view: &view,
            legal,
            events,
            seats: &seats,
            deadline_ms: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64),
            scores: self.scores.as_ref().map(|s| s.0.as_slice()),
            winners: self.scores.as_ref().map(|s| s.1.as_slice()),
        };
        serde_json::to_string(&update).unwrap_or_default()
    }

    /// Pushes every client its update (except `skip`); a client whose queue
    /// is full is dropped.
    pub(super) fn broadcast(&mut self, match_id: &str, skip: Option<u64>) {
        // One text per (seat, last move sent): most clients share one.
        type Key = (Option<Seat>, Option<u64>);
        let mut cache: Vec<(Key, String)> = Vec::new();
        let n = self.move_number();
        let mut dead = Vec::new();
        for i in 0..self.clients.len() {
            let (seat, since, id) = (
                self.clients[i].seat,
                self.clients[i].sent,
                self.clients[i].id,
            );
            if Some(id) == skip {
                continue;
            }
            let key = (seat, since);
            let text = match cache.iter().find(|(k, _)| *k == key) {
                Some((_, t)) => t.clone(),
                None => {
                    let t = self.update_text(match_id, seat, since);
                    cache.push((key, t.clone()));
                    t
                }
            };
            let c = &mut self.clients[i];
            c.sent = Some(n);
            if c.tx.try_send(Out::Text(text)).is_err() {
                dead.push(id);
            }
        }
        self.drop_clients(&dead);
    }

    pub(super) fn broadcast_presence(&mut self) {
        let text =
            serde_json::json!({"type": "presence", "seats": self.seat_statuses()}).to_string();
        let mut dead = Vec::new();
        for c in &self.clients {
            if c.tx.try_send(Out::Text(text.clone())).is_err() {
                dead.push(c.id);
            }
        }
        self.drop_clients(&dead);
    }

    /// Drops clients that cannot keep up (their queue is full): their
    /// sockets close with 1008.
    pub(super) fn drop_clients(&mut self, dead: &[u64]) {
        if dead.is_empty() {
            return;
        }
        self.clients.retain(|c| {
            if dead.contains(&c.id) {
                let _ = c.tx.try_send(Out::Close(1008, "too slow"));
                false
            } else {
                true
            }
        });
    }

    pub(super) fn send_to(&self, client: u64, text: String) {
        if let Some(c) = self.clients.iter().find(|c| c.id == client) {
            let _ = c.tx.try_send(Out::Text(text));
        }
    }
}
