//! The turn timer and the bots' turns: deadlines (real-time ones wait
//! for a player to be here; a correspondence match's clock always runs),
//! the notice a correspondence turn owes an away player, and the job
//! (a bot's decision or a timer) the shell starts next.

use super::{Authority, Job, SeatSpec};
use crate::accounts::notices::TurnNotice;
use crate::protocol::CORRESPONDENCE_SECONDS;
use metropolys_bots::InfoSet;
use std::time::{Duration, Instant};

impl Authority {
    /// Whether this is a correspondence match: a turn timer of
    /// [`CORRESPONDENCE_SECONDS`] or more, whose clock runs whether or not
    /// anyone is connected (and across restarts), and whose player to act
    /// gets a notice when away.
    pub fn correspondence(&self) -> bool {
        self.turn
            .is_some_and(|t| t >= Duration::from_secs(CORRESPONDENCE_SECONDS))
    }

    /// A full turn for the seat to act, when it is a human seat of a
    /// playing match with a turn timer and a human seat's holder is here
    /// (or it is a correspondence match); otherwise no deadline (a real-time
    /// timer does not run while every human is away: a timed match whose
    /// players all left does not play itself out).
    pub(super) fn set_deadline(&mut self, now: Instant) {
        let state = self.game.state();
        self.deadline = match (self.turn, state.to_act()) {
            (Some(turn), Some(seat))
                if self.started
                    && !self.cancelled
                    && self.seats[seat as usize].spec.is_human()
                    && (self.correspondence() || self.humans_here()) =>
            {
                Some(now + turn)
            }
            _ => None,
        };
    }

    /// The notice a correspondence match owes the seat to act when its
    /// holder has no socket open: its seat, the credential hash holding
    /// it, the move number and the deadline (seconds since the Unix
    /// epoch, `wall` being now). `None` for a real-time match, a bot's
    /// turn, a free seat, or a holder who is here.
    pub(crate) fn turn_notice(&self, now: Instant, wall: i64) -> Option<TurnNotice> {
        let seat = self.to_act()?;
        let deadline = self.deadline?;
        let slot = &self.seats[seat as usize];
        if !self.correspondence() || !slot.spec.is_human() || self.connected(seat) {
            return None;
        }
        let left = deadline.saturating_duration_since(now).as_secs() as i64;
        Some(TurnNotice {
            match_id: self.id.clone(),
            seat,
            holder: slot.holder?,
            move_number: self.move_number(),
            deadline: wall + left,
        })
    }

    /// The bot of the seat to act, or the turn timer of a human seat (for
    /// what is left of its deadline).
    pub(super) fn schedule(&mut self, now: Instant) -> Option<Job> {
        let state = *self.game.state();
        let seat = state.to_act()?;
        if !self.started || self.cancelled {
            return None;
        }
        let generation = self.generation;
        match &self.seats[seat as usize].spec {
            SeatSpec::Bot { spec, seed, .. } => {
                if self.bot_busy {
                    return None;
                }
                let view = InfoSet::with_config(&state, seat, self.config()).ok()?;
                self.bot_busy = true;
                Some(Job::Bot {
                    seat,
                    generation,
                    view: Box::new(view),
                    spec: spec.clone(),
                    // A new draw per move: a restored bot does not repeat
                    // its earlier draws.
                    seed: seed ^ self.move_number().wrapping_mul(0x9E37_79B9_7F4A_7C15),
                })
            }
            SeatSpec::Human => self.deadline.map(|d| Job::Timer {
                seat,
                generation,
                after: d.saturating_duration_since(now),
            }),
        }
    }
}
