//! What a match tells its clients: each one's own view, the legal
//! actions of the seat to act, the events since its last update; and what
//! anyone may read: the lobby's summary (nothing secret) and, once the game
//! is over, its record.

use super::{bot_status, refuse, Authority, ClientId, Effects, Outgoing, SeatSlot, SeatSpec};
use crate::protocol::{
    ErrorCode, Move, ProtoError, SeatKind, SeatStatus, ServerMessage, Status, Summary, TimedOut,
    Update,
};
use metropolys_core::{Record, Seat, SeatPlayer, Snapshot};
use std::time::Instant;

impl Authority {
    pub(super) fn seat_statuses(&self) -> Vec<SeatStatus> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.spec {
                SeatSpec::Human => SeatStatus {
                    kind: SeatKind::Human,
                    bot: None,
                    taken: s.holder.is_some(),
                    connected: self.connected(i as Seat),
                    name: s.name.clone(),
                    reserved: s.reserved.is_some() && s.holder.is_none(),
                },
                SeatSpec::Bot { label, .. } => bot_status(label),
            })
            .collect()
    }

    /// The lobby's summary (nothing secret).
    pub fn summary(&self) -> Summary {
        let s = self.game.state();
        Summary {
            id: self.id.clone(),
            players: s.players(),
            variant: s.variant(),
            metropolys_cards: s.uses_metropolys_cards(),
            status: self.status(),
            move_number: self.move_number(),
            seats: self.seat_statuses(),
            turn_seconds: self.turn.map(|d| d.as_secs_f64()),
            seed: self.public_seed,
            created: self.created,
            ended: self.ended,
            private: self.invite.is_some(),
            rematch: self.rematch.clone(),
        }
    }

    /// The record of the game once it is over or cancelled
    /// (`not_finished` before: it holds the seed, which determines the
    /// deal), with who sat in each seat: a person (with the name they gave)
    /// or a bot (its kind and parameters). A cancelled game's record holds
    /// the actions played and nothing `expected`: it never ended.
    pub fn record(&self) -> Result<String, ProtoError> {
        let status = self.status();
        if !status.is_over() {
            return Err(refuse(
                ErrorCode::NotFinished,
                "the game is not over; its record is given out at the end (or once it is cancelled)",
            ));
        }
        let mut record = self
            .game
            .to_record()
            .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
        if status == Status::Cancelled {
            record.expected = None;
        }
        record.seats = Some(self.seats.iter().map(seat_player).collect());
        Ok(record.to_json_pretty())
    }

    /// The record of a game played to its end, for its review (without
    /// `seats`: the review judges the moves, not who made them):
    /// `not_finished` for a game being played (the review shows every
    /// card, R-21) or cancelled (it has no end to judge).
    pub(crate) fn finished_record(&self) -> Result<Record, ProtoError> {
        if self.status() != Status::Finished || !self.game.state().is_over() {
            return Err(refuse(
                ErrorCode::NotFinished,
                "only a game played to its end is reviewed (the review shows every card)",
            ));
        }
        self.game
            .to_record()
            .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))
    }

    /// The view a client may see: its seat's, or the public one,
    /// with the Metropolys deck when the match deals from one (R-22: it is
    /// public).
    fn view_for(&self, seat: Option<Seat>) -> Snapshot {
        let state = self.game.state();
        // Before the match starts a seat's cards are nobody's: whoever
        // takes a seat of an open match and gives it up again must learn
        // nothing about the cards of the player who takes it next.
        let mut view = seat
            .filter(|_| self.started)
            .and_then(|s| state.view_snapshot(s))
            .unwrap_or_else(|| state.public_snapshot());
        view.metropolys_deck = self.game.metropolys_deck().map(<[_]>::to_vec);
        view
    }

    /// The update for a client of `seat` whose last update was move `since`.
    pub(super) fn update_for(
        &self,
        seat: Option<Seat>,
        since: Option<u64>,
        accepted: Option<Move>,
        timed_out: Option<TimedOut>,
    ) -> Update {
        let state = self.game.state();
        let first = since.map_or(0, |s| s as usize + 1);
        let events = self.events[first.min(self.events.len())..]
            .iter()
            .flatten()
            .cloned()
            .collect();
        let legal = match (seat, state.to_act()) {
            (Some(s), Some(t)) if s == t && self.started && !self.cancelled => state
                .legal_actions()
                .iter()
                .filter_map(|a| a.id())
                .collect(),
            _ => Vec::new(),
        };
        Update {
            match_id: self.id.clone(),
            move_number: self.move_number(),
            status: self.status(),
            view: self.view_for(seat),
            legal,
            events,
            seats: self.seat_statuses(),
            deadline_ms: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64),
            scores: self.scores.as_ref().map(|s| s.0.clone()),
            winners: self.scores.as_ref().map(|s| s.1.clone()),
            accepted,
            timed_out,
            rematch: self.rematch.clone(),
        }
    }

    /// Every subscriber's update: one message per (seat, last move sent),
    /// the mover's socket its own with `accepted`.
    pub(super) fn broadcast(
        &mut self,
        fx: &mut Effects,
        mover: Option<(ClientId, Move)>,
        timed_out: Option<TimedOut>,
    ) {
        type Key = (Option<Seat>, Option<u64>);
        let mut groups: Vec<(Key, Vec<ClientId>)> = Vec::new();
        let n = self.move_number();
        let mut mine = None;
        for c in &mut self.subscribers {
            let key = (c.seat.map(|(s, _)| s), c.sent);
            c.sent = Some(n);
            if let Some((id, m)) = mover {
                if id == c.id {
                    mine = Some((key, id, m));
                    continue;
                }
            }
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, ids)) => ids.push(c.id),
                None => groups.push((key, vec![c.id])),
            }
        }
        if let Some(((seat, since), id, m)) = mine {
            let u = self.update_for(seat, since, Some(m), timed_out);
            fx.send.push(Outgoing {
                to: vec![id],
                msg: ServerMessage::Update(Box::new(u)),
            });
        }
        for ((seat, since), to) in groups {
            let u = self.update_for(seat, since, None, timed_out);
            fx.send.push(Outgoing {
                to,
                msg: ServerMessage::Update(Box::new(u)),
            });
        }
    }
}

/// Who sat in a seat, as the record says it: a person with the name they
/// gave, or a bot's kind and parameters (as the server ran it, without
/// its seed).
fn seat_player(slot: &SeatSlot) -> SeatPlayer {
    match &slot.spec {
        SeatSpec::Human => match &slot.name {
            Some(name) => SeatPlayer::named(name.clone()),
            None => SeatPlayer::human(),
        },
        SeatSpec::Bot { spec, .. } => SeatPlayer::from(spec),
    }
}
