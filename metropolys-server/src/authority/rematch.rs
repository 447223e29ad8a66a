//! The rematch of a finished match: the same players, variant, Metropolys
//! deck, turn timer and privacy, a new deal, the next start player; each
//! human seat kept for the player who held it at the end, the caller's
//! taken at once with the credential they hold. One per match: the store
//! links it to the old match in the same transaction that creates it.

use super::{refuse, Authority, Change, Effects, Outgoing, Proposal, RematchDraws, SeatSpec};
use crate::protocol::{ErrorCode, ProtoError, Rematch, ServerMessage, Status};
use crate::store::{MatchRow, Op, SeatHolder, StoredMatch};

impl Authority {
    /// The rematch the holder of credential `hash` asks for, created at
    /// `wall`: `not_finished` unless the game is over, `forbidden` for a
    /// credential that holds no seat. Returns the proposal for this match
    /// (its link to the rematch, and the store operation that creates
    /// both) and the rematch as it will be stored.
    pub fn propose_rematch(
        &self,
        hash: &[u8; 32],
        draws: RematchDraws,
        wall: i64,
    ) -> Result<(Proposal, StoredMatch), ProtoError> {
        let (caller, _) = self
            .seat_of(hash)
            .ok_or_else(|| refuse(ErrorCode::Forbidden, "not a credential of this match"))?;
        if self.status() != Status::Finished {
            return Err(refuse(
                ErrorCode::NotFinished,
                "a rematch follows a finished game; this one is not over",
            ));
        }
        if self.rematch.is_some() {
            return Err(refuse(
                ErrorCode::Internal,
                "this match has a rematch already",
            ));
        }
        let mut config = self.config().clone();
        config.seed = draws.seed;
        config.start_player = (config.start_player + 1) % config.players;
        let seats: Vec<SeatSpec> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.spec {
                SeatSpec::Human => SeatSpec::Human,
                SeatSpec::Bot { label, spec, .. } => SeatSpec::Bot {
                    label: label.clone(),
                    spec: spec.clone(),
                    seed: draws.bot_seeds.get(i).copied().unwrap_or_default(),
                },
            })
            .collect();
        let holder = |i: usize| {
            let s = &self.seats[i];
            s.holder.map(|hash| SeatHolder {
                seat: i as u8,
                hash,
                name: s.name.clone(),
            })
        };
        let taken: Vec<SeatHolder> = holder(caller as usize).into_iter().collect();
        let reserved: Vec<SeatHolder> = (0..self.seats.len())
            .filter(|&i| i != caller as usize && self.seats[i].spec.is_human())
            .filter_map(holder)
            .collect();
        let starts = self
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| i == caller as usize || !s.spec.is_human());
        let json = |e: serde_json::Error| refuse(ErrorCode::Internal, e.to_string());
        let row = MatchRow {
            id: draws.id.clone(),
            created: wall,
            config: serde_json::to_string(&config).map_err(json)?,
            seats: serde_json::to_string(&seats).map_err(json)?,
            turn_seconds: self.turn.map(|d| d.as_secs_f64()),
            started: starts,
            finished: false,
            cancelled: false,
            ended: None,
            seed_chosen: false,
            invite: self.invite.is_some().then_some(draws.invite),
            rematch: None,
        };
        let mut hashes = vec![None; self.seats.len()];
        let mut names = vec![None; self.seats.len()];
        for t in &taken {
            hashes[t.seat as usize] = Some(t.hash);
            names[t.seat as usize] = t.name.clone();
        }
        let stored = StoredMatch {
            row: row.clone(),
            hashes,
            names,
            reserved: reserved.clone(),
            actions: Vec::new(),
            chat: Vec::new(),
            chat_count: 0,
        };
        let proposal = Proposal {
            change: Change::Rematch {
                id: draws.id.clone(),
            },
            op: Op::CreateRematch {
                of: self.id.clone(),
                row,
                taken,
                reserved,
            },
        };
        Ok((proposal, stored))
    }

    /// The rematch was created: kept, and every socket of this match told.
    pub(super) fn rematch_applied(&mut self, id: String, fx: &mut Effects) {
        self.rematch = Some(id.clone());
        if !self.subscribers.is_empty() {
            fx.send.push(Outgoing {
                to: self.subscribers.iter().map(|c| c.id).collect(),
                msg: ServerMessage::Rematch(Rematch { match_id: id }),
            });
        }
    }
}
