//! Seats: taking one (with a private match's invite, never a seat
//! reserved for someone else, never under a name that reads as another
//! seat's), giving one up, reclaiming one's seat of a rematch, and
//! cancelling a match: an open one by any seated player, a playing one
//! only once everybody else has gone.

use super::{refuse, Authority, Change, Claim, Proposal};
use crate::credential::{ct_eq, hash_credential};
use crate::protocol::{name_key, ErrorCode, ProtoError, Status};
use crate::store::Op;
use metropolys_core::Seat;
use std::time::{Duration, Instant};

impl Authority {
    /// Whether `given` is this private match's invite (compared in constant
    /// time, as hashes, whatever its length). Joining a public match with
    /// an invite is refused: it would be a value silently ignored.
    fn check_invite(&self, given: Option<&str>) -> Result<(), ProtoError> {
        match (&self.invite, given) {
            (None, None) => Ok(()),
            (None, Some(_)) => Err(refuse(
                ErrorCode::BadMessage,
                "this match is public; it needs no invite",
            )),
            (Some(invite), given) => {
                let ok =
                    given.is_some_and(|g| ct_eq(&hash_credential(g), &hash_credential(invite)));
                if ok {
                    Ok(())
                } else {
                    Err(refuse(
                        ErrorCode::InviteRequired,
                        "this match is private: joining it needs its invite (ask a seated player for the link)",
                    ))
                }
            }
        }
    }

    /// Whether every human seat but `seat` is held, in a match that has
    /// not started: it starts when `seat` is taken.
    fn starts_with(&self, seat: Seat) -> bool {
        !self.started
            && self
                .seats
                .iter()
                .enumerate()
                .all(|(i, s)| i == seat as usize || !s.spec.is_human() || s.holder.is_some())
    }

    fn take(&self, seat: Seat, hash: [u8; 32], name: Option<String>) -> Proposal {
        let starts = self.starts_with(seat);
        Proposal {
            change: Change::Join {
                seat,
                hash,
                name: name.clone(),
                starts,
            },
            op: Op::SetCredential {
                match_id: self.id.clone(),
                seat,
                hash: Some(hash),
                name,
                starts,
            },
        }
    }

    /// `bad_message` when `name` reads as the name of another seat's
    /// holder, or of the player a seat of a rematch is kept for (compared
    /// by `protocol::name_key`: after NFKC, ignoring case and look-alikes).
    fn check_name_free(&self, name: Option<&str>) -> Result<(), ProtoError> {
        let Some(name) = name else { return Ok(()) };
        let key = name_key(name);
        for (i, s) in self.seats.iter().enumerate() {
            let held = s.holder.and(s.name.as_deref());
            let kept = s.reserved.as_ref().and_then(|r| r.1.as_deref());
            if let Some(other) = held.or(kept).filter(|o| name_key(o) == key) {
                return Err(refuse(
                    ErrorCode::BadMessage,
                    format!(
                        "the name is taken: seat {i} is {other}, and a player under the same name would pass for them; choose another name"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Taking `seat` (or the first free human seat that is not reserved)
    /// with a credential's hash, under a name (checked by the caller:
    /// `protocol::player_name`), with the invite of a private match.
    pub fn propose_join(
        &self,
        seat: Option<u8>,
        hash: [u8; 32],
        name: Option<String>,
        invite: Option<&str>,
    ) -> Result<Proposal, ProtoError> {
        self.check_invite(invite)?;
        if self.status().is_over() {
            return Err(refuse(ErrorCode::MatchOver, "the match is over"));
        }
        self.check_name_free(name.as_deref())?;
        let seat = match seat {
            Some(s) => {
                let slot = self.seats.get(s as usize).ok_or_else(|| {
                    refuse(ErrorCode::NotFound, format!("no seat {s} in this match"))
                })?;
                if !slot.spec.is_human() {
                    return Err(refuse(ErrorCode::BotSeat, format!("seat {s} is a bot's")));
                }
                if slot.holder.is_some() {
                    return Err(refuse(ErrorCode::SeatTaken, format!("seat {s} is taken")));
                }
                if slot.reserved.is_some() {
                    return Err(refuse(
                        ErrorCode::SeatReserved,
                        format!("seat {s} is kept for the player who held it in the previous game"),
                    ));
                }
                s
            }
            None => self
                .seats
                .iter()
                .position(|s| s.spec.is_human() && s.holder.is_none() && s.reserved.is_none())
                .ok_or_else(|| {
                    refuse(
                        ErrorCode::MatchFull,
                        "every human seat is taken or kept for a player of the previous game",
                    )
                })? as Seat,
        };
        Ok(self.take(seat, hash, name))
    }

    /// The client address (key) `seat`'s holder took it from.
    pub(crate) fn set_address(&mut self, seat: Seat, address: &str) {
        if let Some(slot) = self.seats.get_mut(seat as usize) {
            if slot.holder.is_some() {
                slot.address = Some(address.to_string());
            }
        }
    }

    /// `seat_held_here` when the match has started and a client at
    /// address `from` (not this machine's) holds one of its seats: a
    /// player does not take a second seat of a live game (and read its
    /// cards). Before the start no seat shows its cards, and hot-seat at
    /// one computer stays possible.
    pub(crate) fn check_address(&self, from: &str) -> Result<(), ProtoError> {
        if !self.started || self.status().is_over() || local_address(from) {
            return Ok(());
        }
        match self
            .seats
            .iter()
            .position(|s| s.holder.is_some() && s.address.as_deref() == Some(from))
        {
            Some(held) => Err(refuse(
                ErrorCode::SeatHeldHere,
                format!("a player at this address holds seat {held} of this match, which has started: one seat each"),
            )),
            None => Ok(()),
        }
    }

    /// A player of the previous game (its seat `seat`) at this rematch: the
    /// seat they hold, or the one kept for them (with the name they had),
    /// or theirs again if they gave it up and nobody took it since.
    pub fn claim(&self, seat: Seat, hash: &[u8; 32]) -> Result<Claim, ProtoError> {
        if let Some((held, _)) = self.seat_of(hash) {
            return Ok(Claim::Held(held));
        }
        if self.status().is_over() {
            return Err(refuse(ErrorCode::MatchOver, "the rematch is over"));
        }
        if let Some(i) = self
            .seats
            .iter()
            .position(|s| s.reserved.as_ref().is_some_and(|(h, _)| ct_eq(h, hash)))
        {
            let name = self.seats[i].reserved.as_ref().and_then(|r| r.1.clone());
            return Ok(Claim::Take(Box::new(self.take(i as Seat, *hash, name))));
        }
        match self.seats.get(seat as usize) {
            Some(s) if s.spec.is_human() && s.holder.is_none() && s.reserved.is_none() => {
                Ok(Claim::Take(Box::new(self.take(seat, *hash, None))))
            }
            _ => Err(refuse(
                ErrorCode::SeatTaken,
                format!("your seat {seat} of the rematch was given up, and someone else took it"),
            )),
        }
    }

    /// Giving `seat` up: refused once the match is over (its seats stay
    /// with those who held them at the end: their final view, the record's
    /// names, the rematch's reserved seats).
    pub fn propose_leave(&self, seat: Seat) -> Result<Proposal, ProtoError> {
        if self.status().is_over() {
            return Err(refuse(
                ErrorCode::MatchOver,
                "the match is over; its seats stay with those who held them at the end",
            ));
        }
        Ok(Proposal {
            change: Change::Leave { seat },
            op: Op::SetCredential {
                match_id: self.id.clone(),
                seat,
                hash: None,
                name: None,
                starts: false,
            },
        })
    }

    fn cancel(&self, at: i64) -> Proposal {
        Proposal {
            change: Change::Cancel,
            op: Op::Cancel {
                match_id: self.id.clone(),
                at,
            },
        }
    }

    /// Cancelling an open match nobody joined in time (the sweeper).
    pub fn propose_cancel(&self, at: i64) -> Option<Proposal> {
        (self.status() == Status::Open).then(|| self.cancel(at))
    }

    /// Cancelling the match at the request of `seat`'s holder, open or
    /// playing, only when every other human seat is free or its holder has
    /// had no socket open for `abandon` (`not_abandoned` otherwise, naming
    /// who was here how recently): the players at the table cancel it
    /// together (the others leave first, or are long gone), and a
    /// stranger who takes a free seat cannot cancel a match others wait
    /// at.
    pub fn propose_cancel_by(
        &self,
        seat: Seat,
        now: Instant,
        abandon: Duration,
        at: i64,
    ) -> Result<Proposal, ProtoError> {
        match self.status() {
            Status::Finished | Status::Cancelled => {
                return Err(refuse(ErrorCode::MatchOver, "the match is over"))
            }
            Status::Open | Status::Playing => {}
        }
        self.abandoned(Some(seat), now, abandon)?;
        Ok(self.cancel(at))
    }

    /// Cancelling a playing match in which nobody moved for a long while
    /// (the sweeper asks, for matches the store says are idle), once it is
    /// abandoned as [`Authority::propose_cancel_by`] says: every human
    /// seat free, or its holder away for `abandon`. A match someone is at
    /// is left alone.
    pub(crate) fn propose_expire(
        &self,
        now: Instant,
        abandon: Duration,
        at: i64,
    ) -> Option<Proposal> {
        (self.status() == Status::Playing && self.abandoned(None, now, abandon).is_ok())
            .then(|| self.cancel(at))
    }

    /// `not_abandoned` when a human seat other than `except` is held by
    /// someone who is here, or was within `abandon` (naming who, how
    /// recently).
    fn abandoned(
        &self,
        except: Option<Seat>,
        now: Instant,
        abandon: Duration,
    ) -> Result<(), ProtoError> {
        for (i, s) in self.seats.iter().enumerate() {
            if Some(i as Seat) == except || !s.spec.is_human() || s.holder.is_none() {
                continue;
            }
            let who = match &s.name {
                Some(n) => format!("seat {i} ({n})"),
                None => format!("seat {i}"),
            };
            let wait = abandon.as_secs();
            if self.connected(i as Seat) {
                return Err(refuse(
                    ErrorCode::NotAbandoned,
                    format!("{who} is here; a match can be cancelled once every other player has left it or been away for {wait} s"),
                ));
            }
            let away = now.saturating_duration_since(s.seen);
            if away < abandon {
                return Err(refuse(
                    ErrorCode::NotAbandoned,
                    format!(
                        "{who} was here {} s ago; a match can be cancelled once every other player has left it or been away for {wait} s",
                        away.as_secs()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Whether an address key is this machine's (loopback).
fn local_address(key: &str) -> bool {
    key == "0:0:0:0::/56"
        || key
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}
