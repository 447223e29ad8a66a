//! Loading a snapshot: every invariant of the [`state`](crate::state)
//! module docs (I0 … I14) checked in order, the first one broken answered
//! as a [`StateError`].

use super::snapshot::Snapshot;
use super::value::{State, NO_SEAT};
use crate::action::Action;
use crate::board;
use crate::config::{self, NO_CARD, NO_OBJECTIVE};
use crate::error::{ConfigError, StateError};
use crate::types::{
    Card, District, Seat, ALL_BUILDINGS, BUILDINGS_PER_PLAYER, MAX_PLAYERS, NEIGHBORHOOD_COUNT,
    PLAYER_COUNTS,
};

impl State {
    /// Checks every invariant of the [module docs](crate::state) on this
    /// state (by reloading its snapshot): `Ok` for every state reached by
    /// legal play. Fuzzers and tests use it on whatever a loader accepted.
    pub fn validate(&self) -> Result<(), StateError> {
        let back = State::try_from(self.snapshot())?;
        if back != *self {
            return Err(StateError::Derived("the state does not reload as itself"));
        }
        Ok(())
    }
}

impl TryFrom<Snapshot> for State {
    type Error = StateError;

    /// Loads a snapshot, checking every invariant of the [module
    /// docs](crate::state) in order; the first one broken is the error
    /// (I0, a configuration the rules forbid, is `StateError::Config`).
    fn try_from(s: Snapshot) -> Result<State, StateError> {
        if s.viewer.is_some() {
            return Err(StateError::View);
        }
        State::load(s, false)
    }
}

impl State {
    /// Loads a snapshot that may be a seat's view or the public view
    /// a whole state is loaded as [`State::try_from`] does; a view
    /// of seat `v` must hide exactly what `v` may not see (every other
    /// seat's objectives and Metropolys card until the game ends, nothing
    /// after) and gives the position with those secrets erased, equal to
    /// `whole.redacted(v)` for every whole state it is a view of. A snapshot
    /// without viewer that hides every seat's objectives and cards is the
    /// public view ([`State::public_snapshot`], `Game::public_view`), loaded
    /// with every secret erased. Returns the position, the viewer and the
    /// seats whose secrets are hidden (bit per seat).
    pub(crate) fn load_view(s: Snapshot) -> Result<(State, Option<Seat>, u8), StateError> {
        let viewer = s.viewer;
        let mut hidden = 0u8;
        // A wrong player count or list length is load's error.
        let shaped = PLAYER_COUNTS.contains(&s.players) && s.objectives.len() == s.players as usize;
        let public = viewer.is_none()
            && shaped
            && s.objectives.iter().all(Option::is_none)
            && s.metropolys_cards.iter().all(Option::is_none);
        if public {
            hidden = (1u8 << s.players) - 1;
        }
        if let Some(v) = viewer.filter(|_| shaped) {
            let bad = |reason: String| Err(StateError::ViewSecrets { viewer: v, reason });
            if v >= s.players {
                return bad(format!("there is no seat {v} among {} players", s.players));
            }
            // Before the end every other seat's secrets are hidden; after
            // it they are shown, unless the view played on to the end
            // without knowing them (`Game::apply` on a view). A seat's
            // objectives and card are hidden together.
            let cards = |p: usize| s.metropolys_cards.get(p).map(Option::is_some);
            for (p, o) in s.objectives.iter().enumerate() {
                let shown = o.is_some();
                if p == v as usize && !shown {
                    return bad("its own objectives are hidden".into());
                }
                if p != v as usize && shown && !s.game_over {
                    return bad(format!("seat {p}'s objectives are shown before the end"));
                }
                if cards(p).is_some_and(|c| c != shown) {
                    return bad(format!(
                        "seat {p}'s Metropolys card is {} but not its objectives",
                        if shown { "hidden" } else { "shown" }
                    ));
                }
                if !shown {
                    hidden |= 1 << p;
                }
            }
        }
        let view = viewer.is_some() || public;
        Ok((State::load(s, view)?, viewer, hidden))
    }

    /// Loads a snapshot, `None` secrets as erased ones when it is a `view`
    /// (whose checks are [`State::load_view`]'s); a whole state hides none.
    fn load(s: Snapshot, view: bool) -> Result<State, StateError> {
        use crate::error::{StateError as E, TurnOrder as T};
        let n = s.players;
        if !PLAYER_COUNTS.contains(&n) {
            return Err(StateError::Config(ConfigError::Players(n)));
        }
        let nu = n as usize;
        config::validate_out_of_play(n, &s.out_of_play)?;
        let in_play = config::in_play_mask(&s.out_of_play);
        for (field, len) in [
            ("passed", s.passed.len()),
            ("supply", s.supply.len()),
            ("taken", s.taken.len()),
            ("objective_counts", s.objective_counts.len()),
            ("objectives", s.objectives.len()),
        ] {
            if len != nu {
                return Err(E::Length {
                    field,
                    len,
                    players: n,
                });
            }
        }
        let metropolys = !s.metropolys_cards.is_empty();
        if metropolys && s.metropolys_cards.len() != nu {
            return Err(E::Length {
                field: "metropolys_cards",
                len: s.metropolys_cards.len(),
                players: n,
            });
        }
        if !view {
            if s.objectives.iter().any(Option::is_none) {
                return Err(E::Hidden("objectives"));
            }
            if s.metropolys_cards.iter().any(Option::is_none) {
                return Err(E::Hidden("Metropolys cards"));
            }
        }
        // Hidden secrets (a view's) are erased: the placeholders of
        // `State::redacted`.
        config::validate_known_objectives(n, s.variant, metropolys, &s.objectives)?;
        let mut objective_array = [NO_OBJECTIVE; MAX_PLAYERS];
        for (slot, o) in objective_array.iter_mut().zip(&s.objectives) {
            *slot = o.unwrap_or(NO_OBJECTIVE);
        }
        let mut cards = None;
        if metropolys {
            let known: Vec<_> = s.metropolys_cards.iter().flatten().copied().collect();
            config::validate_cards(&known)?;
            let mut all = [NO_CARD; MAX_PLAYERS];
            for (slot, c) in all.iter_mut().zip(&s.metropolys_cards) {
                *slot = c.unwrap_or(NO_CARD);
            }
            cards = Some(all);
        }
        // The deck the cards were dealt from, when the snapshot gives it
        // every card shown is a different card of it.
        if let Some(deck) = &s.metropolys_deck {
            let known: Vec<_> = s.metropolys_cards.iter().flatten().copied().collect();
            config::check_position_deck(metropolys, deck, &known)?;
        }
        let mut st = State::start(n, s.variant, 0, in_play, [0; 3], objective_array, cards);

        // I3: constructed buildings.
        for c in &s.constructed {
            if !board::is_valid(c.neighborhood) || in_play & (1u64 << c.neighborhood) == 0 {
                return Err(E::BuildingOutOfPlay(c.neighborhood));
            }
            if c.player >= n || !(1..=BUILDINGS_PER_PLAYER).contains(&c.building) {
                return Err(E::BuildingUnknown {
                    neighborhood: c.neighborhood,
                    player: c.player,
                    building: c.building,
                });
            }
            let bit = 1u64 << c.neighborhood;
            if st.occupied & bit != 0 {
                return Err(E::TwoBuildings(c.neighborhood));
            }
            if st.built[c.player as usize] & (1 << c.building) != 0 {
                return Err(E::BuiltTwice {
                    player: c.player,
                    building: c.building,
                });
            }
            st.occupied |= bit;
            st.owned[c.player as usize] |= bit;
            st.built[c.player as usize] |= 1 << c.building;
            st.number_at[c.neighborhood as usize] = c.building;
        }
        // I4, I5: tokens where they can lie, conserved.
        let mut total = [0u16; 3];
        for (&id, &t) in &s.tokens {
            if !board::is_valid(id)
                || in_play & (1u64 << id) == 0
                || board::is_blind_alley(id)
                || st.occupied & (1u64 << id) != 0
            {
                return Err(E::TokenPlace(id));
            }
            st.tokens[t.index()] |= 1u64 << id;
            total[t.index()] += 1;
        }
        for (p, t) in s.taken.iter().enumerate() {
            st.taken[p] = [t.trendy, t.subway, t.archaeology];
            for (k, &v) in st.taken[p].iter().enumerate() {
                total[k] += u16::from(v);
            }
        }
        let pool = config::token_pool(n);
        if total != pool.map(u16::from) {
            return Err(E::TokenPool { found: total, pool });
        }
        // I6, I7: each district lost exactly the tokens its constructed
        // neighborhoods held, and each seat took its tokens where it built.
        let eligible = (0..NEIGHBORHOOD_COUNT as u8)
            .filter(|&id| !board::is_blind_alley(id))
            .fold(0u64, |m, id| m | 1u64 << id)
            & in_play;
        let on_board_all = st.tokens[0] | st.tokens[1] | st.tokens[2];
        let mut missing = [0u8; 5];
        let mut capacity = [[0u8; 5]; MAX_PLAYERS];
        for &d in District::ALL {
            let area = board::in_district(d).0 & in_play;
            if area == 0 {
                continue;
            }
            let on_board = (on_board_all & area).count_ones() as u8;
            let constructed = (st.occupied & eligible & area).count_ones() as u8;
            let placed = config::tokens_in(d) as u8;
            if on_board > placed || on_board + constructed < placed {
                return Err(E::DistrictTokens {
                    district: d,
                    on_board,
                    constructed,
                    placed,
                });
            }
            missing[d.index()] = placed - on_board;
            for (p, cap) in capacity.iter_mut().enumerate().take(nu) {
                cap[d.index()] = (st.owned[p] & eligible & area).count_ones() as u8;
            }
        }
        let taken: Vec<u8> = (0..nu).map(|p| st.taken[p].iter().sum()).collect();
        if let Some(p) = unmatched_seat(&taken, &capacity[..nu], missing) {
            return Err(E::TokensTaken(p));
        }
        // I8: special cards.
        for (card, holder, k) in [
            (Card::Subway, s.subway_card, 1),
            (Card::Archaeology, s.archaeology_card, 2),
        ] {
            let counts: Vec<u8> = (0..nu).map(|p| st.taken[p][k]).collect();
            let any = counts.iter().any(|&c| c > 0);
            let ok = match holder {
                None => !any,
                Some(h) if h >= n => false,
                Some(h) => {
                    let mine = counts[h as usize];
                    let max = counts.iter().copied().max().unwrap_or(0);
                    mine > 0 && (card != Card::Subway || mine == max)
                }
            };
            if !ok {
                return Err(E::CardHolder { card, holder });
            }
        }
        st.subway_card = s.subway_card.unwrap_or(NO_SEAT);
        st.archaeology_card = s.archaeology_card.unwrap_or(NO_SEAT);
        // I11: game end.
        let finishers = (0..nu).filter(|&p| st.built[p] == ALL_BUILDINGS).count();
        if finishers > 1 || (finishers == 1) != s.game_over {
            return Err(E::GameOver);
        }
        let finished = finishers == 1;
        // I12: one construction per call.
        let constructed = st.occupied.count_ones() as u16;
        let want = constructed + u16::from(!finished);
        if s.call != want {
            return Err(E::Call {
                call: s.call,
                constructed,
                want,
            });
        }
        st.call = s.call;
        let passed_given = s
            .passed
            .iter()
            .enumerate()
            .fold(0u8, |m, (p, &x)| m | (u8::from(x) << p));
        let to_act = match (finished, s.to_act) {
            (true, None) if s.bids.is_empty() && passed_given == 0 => {
                st.over = true;
                st.to_act = 0;
                None
            }
            (false, Some(p)) if p < n => Some(p),
            _ => return Err(E::TurnOrder(T::ToAct)),
        };
        if let Some(p) = to_act {
            // I9: bids name seats; at most 13 in a call.
            for (index, b) in s.bids.iter().enumerate() {
                if b.player >= n || index >= 13 {
                    return Err(E::BidSeat {
                        index,
                        player: b.player,
                    });
                }
            }
            // I13: the opener of a later call won the call before.
            let opener = s.bids.first().map_or(p, |b| b.player);
            if st.call > 1 && st.owned[opener as usize] == 0 {
                return Err(E::Opener(opener, st.call));
            }
            // I9, I10: replay the call from its opener; seats between two
            // bids (and up to the seat to act) must have passed.
            st.to_act = opener;
            let call = st.call;
            let pass_until = |st: &mut State, seat: Seat, fail: T| -> Result<(), StateError> {
                while st.to_act != seat {
                    if st.bid_count == 0 {
                        return Err(E::TurnOrder(T::PassBeforeOpening));
                    }
                    if passed_given & (1 << st.to_act) == 0 {
                        return Err(E::TurnOrder(fail));
                    }
                    st.play_in_place(Action::Pass)
                        .map_err(|_| E::TurnOrder(fail))?;
                    if st.call != call || st.over {
                        return Err(E::TurnOrder(fail));
                    }
                }
                Ok(())
            };
            for (index, b) in s.bids.iter().enumerate() {
                pass_until(&mut st, b.player, T::Bid(index))?;
                let bid = Action::bid(b.neighborhood, b.building);
                st.check(bid)
                    .map_err(|error| E::IllegalBid { index, error })?;
                st.play_in_place(bid)
                    .map_err(|error| E::IllegalBid { index, error })?;
                if st.call != call || st.over {
                    return Err(E::TurnOrder(T::Bid(index + 1)));
                }
            }
            pass_until(&mut st, p, T::ToActUnreachable(p))?;
            if st.bid_count == 0 && passed_given != 0 {
                return Err(E::TurnOrder(T::PassBeforeOpening));
            }
            if st.passed != passed_given {
                return Err(E::TurnOrder(T::Passed));
            }
        }
        // I14: derived fields.
        if s.supply
            .iter()
            .enumerate()
            .any(|(p, v)| *v != st.supply(p as u8))
        {
            return Err(E::Derived("supply"));
        }
        if s.objective_counts != st.snapshot().objective_counts {
            return Err(E::Derived("objective_counts"));
        }
        Ok(st)
    }
}

/// The first seat whose taken tokens cannot be assigned to neighborhoods it
/// constructed, when `taken[p]` tokens must come from seat `p`'s
/// neighborhoods (at most `capacity[p][d]` in district `d`) and district `d`
/// lost exactly `missing[d]`: a small bipartite flow (I7).
fn unmatched_seat(taken: &[u8], capacity: &[[u8; 5]], missing: [u8; 5]) -> Option<Seat> {
    // Units of flow, one augmenting path at a time (at most 27 units).
    let mut flow = vec![[0u8; 5]; taken.len()];
    let mut sent = vec![0u8; taken.len()];
    let mut received = [0u8; 5];
    loop {
        // Breadth-first search over seats and districts from any seat with
        // tokens left to place.
        let (ns, nd) = (taken.len(), 5);
        let mut prev_seat: Vec<Option<usize>> = vec![None; nd]; // district <- seat
        let mut prev_district: Vec<Option<usize>> = vec![None; ns]; // seat <- district
        let mut seen_seat = vec![false; ns];
        let mut queue: Vec<usize> = (0..ns).filter(|&p| sent[p] < taken[p]).collect();
        for &p in &queue {
            seen_seat[p] = true;
        }
        let mut end = None;
        let mut i = 0;
        while i < queue.len() && end.is_none() {
            let p = queue[i];
            i += 1;
            for d in 0..nd {
                if prev_seat[d].is_some() || flow[p][d] >= capacity[p][d] {
                    continue;
                }
                prev_seat[d] = Some(p);
                if received[d] < missing[d] {
                    end = Some(d);
                    break;
                }
                // Push back along an existing unit into district d.
                for q in 0..ns {
                    if !seen_seat[q] && flow[q][d] > 0 {
                        seen_seat[q] = true;
                        prev_district[q] = Some(d);
                        queue.push(q);
                    }
                }
            }
        }
        let Some(mut d) = end else { break };
        received[d] += 1;
        loop {
            let p = prev_seat[d].unwrap_or(0);
            flow[p][d] += 1;
            match prev_district[p] {
                Some(back) => {
                    flow[p][back] -= 1;
                    d = back;
                }
                None => {
                    sent[p] += 1;
                    break;
                }
            }
        }
    }
    (0..taken.len())
        .find(|&p| sent[p] < taken[p])
        .map(|p| p as Seat)
}
