//! Helpers shared by the integration tests: hand-built positions and
//! scripted calls.
#![allow(dead_code)]

use metropolys_core::{
    Action, Config, Constructed, Event, NeighborhoodId, Objective, Seat, State, Variant,
};

/// A configuration with an explicit objective deal.
pub fn config_with(players: u8, variant: Variant, objectives: Vec<Objective>) -> Config {
    let mut c = Config::new(players, variant, 1);
    c.objectives = Some(objectives);
    c
}

/// The starting state of `config` with buildings `(neighborhood, seat,
/// number)` already constructed. Tokens under them go to their builder; the
/// special cards go to the first seat with the most subway tokens and to the
/// first seat with an archaeological token.
pub fn position(config: &Config, placed: &[(NeighborhoodId, Seat, u8)]) -> State {
    let start = State::new(config).expect("valid config");
    let mut snap = start.snapshot();
    for &(neighborhood, player, building) in placed {
        snap.constructed.push(Constructed {
            neighborhood,
            player,
            building,
        });
        if let Some(t) = snap.tokens.remove(&neighborhood) {
            let counts = &mut snap.taken[player as usize];
            match t {
                metropolys_core::Token::Trendy => counts.trendy += 1,
                metropolys_core::Token::Subway => counts.subway += 1,
                metropolys_core::Token::Archaeology => counts.archaeology += 1,
            }
        }
    }
    snap.constructed.sort_by_key(|c| c.neighborhood);
    let max_subway = snap.taken.iter().map(|t| t.subway).max().unwrap_or(0);
    snap.subway_card = (max_subway > 0).then(|| {
        snap.taken
            .iter()
            .position(|t| t.subway == max_subway)
            .unwrap() as Seat
    });
    snap.archaeology_card = snap
        .taken
        .iter()
        .position(|t| t.archaeology > 0)
        .map(|p| p as Seat);
    snap.call = placed.len() as u16 + 1;
    // The opener of a later call won the call before (R-16, invariant I13):
    // the seat that built last opens, unless the start player built too.
    if let Some(&(_, last, _)) = placed.last() {
        let opener = snap.to_act.unwrap_or(0);
        if !placed.iter().any(|&(_, q, _)| q == opener) {
            snap.to_act = Some(last);
        }
    }
    for (p, supply) in snap.supply.iter_mut().enumerate() {
        supply.retain(|&b| !placed.iter().any(|&(_, q, n)| q as usize == p && n == b));
    }
    State::try_from(snap).expect("a consistent hand-built position")
}

/// Applies `actions` in turn for whoever is to act, collecting the events.
pub fn script(state: State, actions: &[Action]) -> (State, Vec<Event>) {
    let mut s = state;
    let mut all = Vec::new();
    for &a in actions {
        let (next, ev) = s
            .apply(a)
            .unwrap_or_else(|e| panic!("{a} by {:?}: {e}", s.to_act()));
        all.extend(ev);
        s = next;
    }
    (s, all)
}

/// Plays one call so that `winner` constructs on `target`: the opener bids
/// (on `target` itself if the opener is the winner, else on a free neighbor of
/// it with their lowest building), the winner outbids on `target` with their
/// highest building, and everyone else passes when asked.
pub fn win(state: State, winner: Seat, target: NeighborhoodId) -> (State, Vec<Event>) {
    let mut s = state;
    let mut events = Vec::new();
    let opener = s.to_act().expect("game not over");
    assert!(s.bids().is_empty(), "win() starts at the opening of a call");
    let first = if opener == winner {
        Action::bid(target, s.supply(opener)[0])
    } else {
        let around = metropolys_core::board::neighbors(target).0 & s.free().0;
        let nb = around.trailing_zeros() as u8;
        assert!(around != 0, "a free neighbor of {target} to open on");
        Action::bid(nb, s.supply(opener)[0])
    };
    let (next, ev) = s.apply(first).unwrap();
    events.extend(ev);
    s = next;
    let mut placed = opener == winner;
    while s.call_number() == state.call_number() && !s.is_over() {
        let me = s.to_act().unwrap();
        let action = if me == winner && !placed {
            placed = true;
            Action::bid(target, *s.supply(me).last().unwrap())
        } else {
            Action::Pass
        };
        let (next, ev) = s.apply(action).unwrap_or_else(|e| panic!("{action}: {e}"));
        events.extend(ev);
        s = next;
    }
    assert!(
        events.iter().any(|e| matches!(e, Event::Constructed { player, neighborhood, .. } if *player == winner && *neighborhood == target)),
        "seat {winner} built on {target}: {events:?}"
    );
    (s, events)
}
