//! Loading a snapshot: every invariant of the [`state`](crate::state)
//! module docs (I0 … I14) checked in order, the first one broken answered
//! as a [`StateError`].

use super::snapshot::Snapshot;
use super::value::{State, NO_SEAT};
use crate::action::Action;
use crate::board;
use crate::config::{self, NO_CARD, NO_OBJECTIVE};
use crate::error::{ConfigError, StateError, TurnOrder};
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
    /// One function per invariant of the [module docs](crate::state), each
    /// citing its rulings, called in the order the invariants are
    /// answered (the first one broken is the error).
    fn load(s: Snapshot, view: bool) -> Result<State, StateError> {
        i0_players_and_districts(&s)?;
        i2_one_entry_per_seat(&s)?;
        if !view {
            i1_whole(&s)?;
        }
        let mut st = i0_deal(&s)?;
        i3_buildings(&mut st, &s)?;
        i4_token_places(&mut st, &s)?;
        i5_token_pool(&mut st, &s)?;
        let missing = i6_district_tokens(&st)?;
        i7_tokens_taken(&st, missing)?;
        i8_special_cards(&mut st, &s)?;
        let finished = i11_game_over(&st, &s)?;
        i12_call(&mut st, &s, finished)?;
        if let Some(p) = i10_seat_to_act(&mut st, &s, finished)? {
            i9_bid_seats(&s)?;
            i13_opener(&st, &s, p)?;
            i9_i10_replay_call(&mut st, &s, p)?;
        }
        i14_derived(&st, &s)?;
        Ok(st)
    }
}

/// The seats marked as passed, as a bit per seat.
fn passed_given(s: &Snapshot) -> u8 {
    s.passed
        .iter()
        .enumerate()
        .fold(0u8, |m, (p, &x)| m | (u8::from(x) << p))
}

/// I0: 2–4 players, the districts out of play those R-2 takes
/// out for them.
fn i0_players_and_districts(s: &Snapshot) -> Result<(), StateError> {
    if !PLAYER_COUNTS.contains(&s.players) {
        return Err(StateError::Config(ConfigError::Players(s.players)));
    }
    config::validate_out_of_play(s.players, &s.out_of_play)?;
    Ok(())
}

/// I2: every per-seat list has one entry per seat (`metropolys_cards`
/// none without the module).
fn i2_one_entry_per_seat(s: &Snapshot) -> Result<(), StateError> {
    let n = s.players;
    let nu = n as usize;
    for (field, len) in [
        ("passed", s.passed.len()),
        ("supply", s.supply.len()),
        ("taken", s.taken.len()),
        ("objective_counts", s.objective_counts.len()),
        ("objectives", s.objectives.len()),
    ] {
        if len != nu {
            return Err(StateError::Length {
                field,
                len,
                players: n,
            });
        }
    }
    if !s.metropolys_cards.is_empty() && s.metropolys_cards.len() != nu {
        return Err(StateError::Length {
            field: "metropolys_cards",
            len: s.metropolys_cards.len(),
            players: n,
        });
    }
    Ok(())
}

/// I1: a whole state hides no objective and no Metropolys card.
fn i1_whole(s: &Snapshot) -> Result<(), StateError> {
    if s.objectives.iter().any(Option::is_none) {
        return Err(StateError::Hidden("objectives"));
    }
    if s.metropolys_cards.iter().any(Option::is_none) {
        return Err(StateError::Hidden("Metropolys cards"));
    }
    Ok(())
}

/// I0 (R-5, §9, R-22): the objectives and Metropolys cards known are a
/// deal of this game's decks, and a `metropolys_deck` dealt the cards
/// shown. Returns the empty board with that deal (hidden secrets are the
/// erased placeholders of `State::redacted`).
fn i0_deal(s: &Snapshot) -> Result<State, StateError> {
    let n = s.players;
    let metropolys = !s.metropolys_cards.is_empty();
    config::validate_known_objectives(n, s.variant, metropolys, &s.objectives)?;
    let mut objectives = [NO_OBJECTIVE; MAX_PLAYERS];
    for (slot, o) in objectives.iter_mut().zip(&s.objectives) {
        *slot = o.unwrap_or(NO_OBJECTIVE);
    }
    let known: Vec<_> = s.metropolys_cards.iter().flatten().copied().collect();
    let mut cards = None;
    if metropolys {
        config::validate_cards(&known)?;
        let mut all = [NO_CARD; MAX_PLAYERS];
        for (slot, c) in all.iter_mut().zip(&s.metropolys_cards) {
            *slot = c.unwrap_or(NO_CARD);
        }
        cards = Some(all);
    }
    if let Some(deck) = &s.metropolys_deck {
        config::check_position_deck(metropolys, deck, &known)?;
    }
    let in_play = config::in_play_mask(&s.out_of_play);
    Ok(State::start(
        n, s.variant, 0, in_play, [0; 3], objectives, cards,
    ))
}

/// I3: each building stands in play, belongs to a seat, is
/// numbered 1–13, alone on its neighborhood and once per seat.
fn i3_buildings(st: &mut State, s: &Snapshot) -> Result<(), StateError> {
    let in_play = st.in_play().0;
    for c in &s.constructed {
        if !board::is_valid(c.neighborhood) || in_play & (1u64 << c.neighborhood) == 0 {
            return Err(StateError::BuildingOutOfPlay(c.neighborhood));
        }
        if c.player >= s.players || !(1..=BUILDINGS_PER_PLAYER).contains(&c.building) {
            return Err(StateError::BuildingUnknown {
                neighborhood: c.neighborhood,
                player: c.player,
                building: c.building,
            });
        }
        let bit = 1u64 << c.neighborhood;
        if st.occupied & bit != 0 {
            return Err(StateError::TwoBuildings(c.neighborhood));
        }
        if st.built[c.player as usize] & (1 << c.building) != 0 {
            return Err(StateError::BuiltTwice {
                player: c.player,
                building: c.building,
            });
        }
        st.occupied |= bit;
        st.owned[c.player as usize] |= bit;
        st.built[c.player as usize] |= 1 << c.building;
        st.number_at[c.neighborhood as usize] = c.building;
    }
    Ok(())
}

/// I4: tokens lie only on free, in-play neighborhoods that
/// are not blind alleys.
fn i4_token_places(st: &mut State, s: &Snapshot) -> Result<(), StateError> {
    let in_play = st.in_play().0;
    for (&id, &t) in &s.tokens {
        if !board::is_valid(id)
            || in_play & (1u64 << id) == 0
            || board::is_blind_alley(id)
            || st.occupied & (1u64 << id) != 0
        {
            return Err(StateError::TokenPlace(id));
        }
        st.tokens[t.index()] |= 1u64 << id;
    }
    Ok(())
}

/// I5: the tokens on the board and those taken are the pool.
fn i5_token_pool(st: &mut State, s: &Snapshot) -> Result<(), StateError> {
    let mut total = [0u16; 3];
    for (k, t) in total.iter_mut().enumerate() {
        *t = st.tokens[k].count_ones() as u16;
    }
    for (p, t) in s.taken.iter().enumerate() {
        st.taken[p] = [t.trendy, t.subway, t.archaeology];
        for (k, &v) in st.taken[p].iter().enumerate() {
            total[k] += u16::from(v);
        }
    }
    let pool = config::token_pool(s.players);
    if total != pool.map(u16::from) {
        return Err(StateError::TokenPool { found: total, pool });
    }
    Ok(())
}

/// The neighborhoods that can hold a token: in play, not blind alleys.
fn token_spots(st: &State) -> u64 {
    (0..NEIGHBORHOOD_COUNT as u8)
        .filter(|&id| !board::is_blind_alley(id))
        .fold(0u64, |m, id| m | 1u64 << id)
        & st.in_play().0
}

/// I6: each district in play holds at most the tokens R-4 placed
/// there, and lost no more than its constructed neighborhoods that can
/// have held one. Returns the tokens each district lost.
fn i6_district_tokens(st: &State) -> Result<[u8; 5], StateError> {
    let eligible = token_spots(st);
    let on_board_all = st.tokens[0] | st.tokens[1] | st.tokens[2];
    let mut missing = [0u8; 5];
    for &d in District::ALL {
        let area = board::in_district(d).0 & st.in_play().0;
        if area == 0 {
            continue;
        }
        let on_board = (on_board_all & area).count_ones() as u8;
        let constructed = (st.occupied & eligible & area).count_ones() as u8;
        let placed = config::tokens_in(d) as u8;
        if on_board > placed || on_board + constructed < placed {
            return Err(StateError::DistrictTokens {
                district: d,
                on_board,
                constructed,
                placed,
            });
        }
        missing[d.index()] = placed - on_board;
    }
    Ok(missing)
}

/// I7: the tokens each seat took can be assigned to neighborhoods
/// it constructed, district by district, the districts losing `missing`.
fn i7_tokens_taken(st: &State, missing: [u8; 5]) -> Result<(), StateError> {
    let nu = st.players() as usize;
    let eligible = token_spots(st);
    let mut capacity = [[0u8; 5]; MAX_PLAYERS];
    for &d in District::ALL {
        let area = board::in_district(d).0 & st.in_play().0;
        for (p, cap) in capacity.iter_mut().enumerate().take(nu) {
            cap[d.index()] = (st.owned[p] & eligible & area).count_ones() as u8;
        }
    }
    let taken: Vec<u8> = (0..nu).map(|p| st.taken[p].iter().sum()).collect();
    match unmatched_seat(&taken, &capacity[..nu], missing) {
        Some(p) => Err(StateError::TokensTaken(p)),
        None => Ok(()),
    }
}

/// I8: the subway card is held exactly when a subway token
/// was taken, by a seat with the most of them; the archaeology card
/// likewise by a seat with at least one.
fn i8_special_cards(st: &mut State, s: &Snapshot) -> Result<(), StateError> {
    let nu = s.players as usize;
    for (card, holder, k) in [
        (Card::Subway, s.subway_card, 1),
        (Card::Archaeology, s.archaeology_card, 2),
    ] {
        let counts: Vec<u8> = (0..nu).map(|p| st.taken[p][k]).collect();
        let any = counts.iter().any(|&c| c > 0);
        let ok = match holder {
            None => !any,
            Some(h) if h >= s.players => false,
            Some(h) => {
                let mine = counts[h as usize];
                let max = counts.iter().copied().max().unwrap_or(0);
                mine > 0 && (card != Card::Subway || mine == max)
            }
        };
        if !ok {
            return Err(StateError::CardHolder { card, holder });
        }
    }
    st.subway_card = s.subway_card.unwrap_or(NO_SEAT);
    st.archaeology_card = s.archaeology_card.unwrap_or(NO_SEAT);
    Ok(())
}

/// I11: `game_over` holds exactly when one seat, and only one,
/// has constructed all 13 buildings. Returns whether the game is over.
fn i11_game_over(st: &State, s: &Snapshot) -> Result<bool, StateError> {
    let finishers = (0..s.players as usize)
        .filter(|&p| st.built[p] == ALL_BUILDINGS)
        .count();
    if finishers > 1 || (finishers == 1) != s.game_over {
        return Err(StateError::GameOver);
    }
    Ok(finishers == 1)
}

/// I12: the call number is the number of constructions, plus one
/// while the game goes on.
fn i12_call(st: &mut State, s: &Snapshot, finished: bool) -> Result<(), StateError> {
    let constructed = st.occupied.count_ones() as u16;
    let want = constructed + u16::from(!finished);
    if s.call != want {
        return Err(StateError::Call {
            call: s.call,
            constructed,
            want,
        });
    }
    st.call = s.call;
    Ok(())
}

/// I10: a finished game has no seat to act, no bids, no
/// passes; a game that goes on has a seat of the game to act. Returns it.
fn i10_seat_to_act(
    st: &mut State,
    s: &Snapshot,
    finished: bool,
) -> Result<Option<Seat>, StateError> {
    match (finished, s.to_act) {
        (true, None) if s.bids.is_empty() && passed_given(s) == 0 => {
            st.over = true;
            st.to_act = 0;
            Ok(None)
        }
        (false, Some(p)) if p < s.players => Ok(Some(p)),
        _ => Err(StateError::TurnOrder(TurnOrder::ToAct)),
    }
}

/// I9: the bids of the call name seats, at most 13.
fn i9_bid_seats(s: &Snapshot) -> Result<(), StateError> {
    for (index, b) in s.bids.iter().enumerate() {
        if b.player >= s.players || index >= 13 {
            return Err(StateError::BidSeat {
                index,
                player: b.player,
            });
        }
    }
    Ok(())
}

/// I13: after the first call, the call's opener (the first bidder,
/// or the seat to act before any bid) has constructed a building.
fn i13_opener(st: &State, s: &Snapshot, to_act: Seat) -> Result<(), StateError> {
    let opener = s.bids.first().map_or(to_act, |b| b.player);
    if st.call > 1 && st.owned[opener as usize] == 0 {
        return Err(StateError::Opener(opener, st.call));
    }
    Ok(())
}

/// I9 and I10: the call replayed from
/// its opener: each bid is legal after those before it, every seat
/// reached between two bids (and up to the seat to act) passed, the seats
/// marked as passed are exactly those, and the call has not ended.
fn i9_i10_replay_call(st: &mut State, s: &Snapshot, to_act: Seat) -> Result<(), StateError> {
    use crate::error::{StateError as E, TurnOrder as T};
    let passed = passed_given(s);
    st.to_act = s.bids.first().map_or(to_act, |b| b.player);
    let call = st.call;
    let pass_until = |st: &mut State, seat: Seat, fail: T| -> Result<(), StateError> {
        while st.to_act != seat {
            if st.bid_count == 0 {
                return Err(E::TurnOrder(T::PassBeforeOpening));
            }
            if passed & (1 << st.to_act) == 0 {
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
        pass_until(st, b.player, T::Bid(index))?;
        let bid = Action::bid(b.neighborhood, b.building);
        st.check(bid)
            .map_err(|error| E::IllegalBid { index, error })?;
        st.play_in_place(bid)
            .map_err(|error| E::IllegalBid { index, error })?;
        if st.call != call || st.over {
            return Err(E::TurnOrder(T::Bid(index + 1)));
        }
    }
    pass_until(st, to_act, T::ToActUnreachable(to_act))?;
    if st.bid_count == 0 && passed != 0 {
        return Err(E::TurnOrder(T::PassBeforeOpening));
    }
    if st.passed != passed {
        return Err(E::TurnOrder(T::Passed));
    }
    Ok(())
}

/// I14: `supply` and `objective_counts`, which follow from the rest,
/// agree with it.
fn i14_derived(st: &State, s: &Snapshot) -> Result<(), StateError> {
    if s.supply
        .iter()
        .enumerate()
        .any(|(p, v)| *v != st.supply(p as u8))
    {
        return Err(StateError::Derived("supply"));
    }
    if s.objective_counts != st.snapshot().objective_counts {
        return Err(StateError::Derived("objective_counts"));
    }
    Ok(())
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
