//! Observation, mask and information-state tensors over random legal games.

use metropolys_core::rng::SplitMix64;
use metropolys_core::strategies;
use metropolys_core::{Action, Config, Record, State, Variant};
use metropolys_tensor::{
    action_mask_into, information_state_into, information_state_size, legal_ids_into,
    max_decisions, observation_into, Reveal, TensorError, ACTION_COUNT, DECISION_WIDTH,
    OBSERVATION_SIZE, PIECES,
};
use proptest::prelude::*;

fn obs(state: &State, seat: u8, reveal: Reveal) -> Vec<f32> {
    let mut out = vec![0.0; OBSERVATION_SIZE];
    observation_into(state, seat, reveal, &mut out).unwrap();
    out
}

/// The states a record passes through, from the setup on.
fn states(record: &Record) -> Vec<State> {
    let mut state = State::new(&record.config).unwrap();
    let mut out = vec![state];
    for ra in &record.actions {
        state = state.play(ra.action).unwrap();
        out.push(state);
    }
    out
}

/// The same game with the objectives (and Metropolys cards) of every seat
/// but `viewer` dealt differently: rotated among the other seats and, where
/// they are all equal, replaced by other cards.
fn other_secrets(record: &Record, viewer: u8) -> Record {
    let setup = record.config.resolve().unwrap();
    let n = setup.players as usize;
    let others: Vec<usize> = (0..n).filter(|&p| p != viewer as usize).collect();
    let mut objectives = setup.objectives.clone();
    let mut cards = setup.metropolys_cards.clone();
    for (k, &p) in others.iter().enumerate() {
        let from = others[(k + 1) % others.len()];
        objectives[p] = setup.objectives[from];
        if let Some(c) = cards.as_mut() {
            c[p] = setup.metropolys_cards.as_ref().unwrap()[from];
        }
    }
    // With two players the rotation is the identity: take another area card
    // the viewer does not hold.
    for &p in &others {
        if objectives[p] == setup.objectives[p] {
            let deck = match setup.variant {
                Variant::Family => &metropolys_core::types::FAMILY_AREAS[..],
                Variant::Expert => &metropolys_core::types::EXPERT_AREAS[..],
            };
            if let Some(&area) = deck.iter().find(|&&a| {
                a != setup.objectives[p].area && a != setup.objectives[viewer as usize].area
            }) {
                objectives[p].area = area;
            }
        }
    }
    let mut config = record.config.clone();
    config.out_of_play = Some(setup.out_of_play.clone());
    config.tokens = Some(setup.tokens.clone());
    config.objectives = Some(objectives);
    config.metropolys_deck = None;
    config.metropolys_cards = cards;
    let mut other = Record::new(config);
    other.actions = record.actions.clone();
    other
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// the opponents' secret cards never reach a seat's observation
    /// before the game ends: dealing them differently leaves it unchanged.
    #[test]
    fn r21_opponents_secrets_do_not_change_the_observation(record in strategies::complete_game(), viewer in 0u8..4) {
        let viewer = viewer % record.config.players;
        let a = states(&record);
        let b = states(&other_secrets(&record, viewer));
        prop_assert_eq!(a.len(), b.len());
        let mut differ = false;
        for (sa, sb) in a.iter().zip(&b) {
            if sa.is_over() {
                // Every card is revealed at the end.
                continue;
            }
            prop_assert_eq!(obs(sa, viewer, Reveal::Own), obs(sb, viewer, Reveal::Own));
            prop_assert_eq!(obs(sa, viewer, Reveal::None), obs(sb, viewer, Reveal::None));
            differ |= obs(sa, viewer, Reveal::All) != obs(sb, viewer, Reveal::All);
        }
        // The secrets really differ (so the test can fail).
        let n = record.config.players as usize;
        let sa = a[0];
        let sb = b[0];
        let changed = (0..n as u8).any(|p| sa.objective(p) != sb.objective(p));
        prop_assert!(!changed || differ);
    }

    /// The mask and the id list agree with the legal actions at every step.
    #[test]
    fn masks_agree_with_legal_actions(record in strategies::complete_game()) {
        let mut mask = [true; ACTION_COUNT];
        let mut ids = [0u16; ACTION_COUNT];
        for state in states(&record) {
            action_mask_into(&state, &mut mask).unwrap();
            let legal: Vec<usize> = state.legal_actions().iter().map(|a| a.id().unwrap() as usize).collect();
            let from_mask: Vec<usize> = (0..ACTION_COUNT).filter(|&i| mask[i]).collect();
            prop_assert_eq!(&from_mask, &legal);
            let k = legal_ids_into(&state, &mut ids).unwrap();
            prop_assert_eq!(ids[..k].iter().map(|&i| i as usize).collect::<Vec<_>>(), legal);
        }
    }

    /// The information state is the observation, then one row per decision.
    #[test]
    fn information_state_rows(record in strategies::complete_game()) {
        let players = record.config.players;
        let mut out = vec![0.0; information_state_size(players)];
        let all = states(&record);
        let ids: Vec<u16> = record.actions.iter().map(|ra| ra.action.id().unwrap()).collect();
        prop_assert!(ids.len() <= max_decisions(players));
        for (t, state) in all.iter().enumerate() {
            let Some(seat) = state.to_act() else { continue };
            information_state_into(state, seat, Reveal::Own, &ids[..t], &mut out).unwrap();
            prop_assert_eq!(&out[..OBSERVATION_SIZE], &obs(state, seat, Reveal::Own)[..]);
            let rows = &out[OBSERVATION_SIZE..];
            for (k, row) in rows.chunks(DECISION_WIDTH).enumerate() {
                let ones = row.iter().filter(|&&v| v == 1.0).count();
                let want = if k >= t { 0 } else if ids[k] == Action::PASS_ID { 1 } else { 2 };
                prop_assert_eq!(ones, want);
            }
        }
    }

    /// Every value lies in [0, 1] and the one-hot pieces hold one 1.
    #[test]
    fn values_in_unit_range(record in strategies::complete_game()) {
        for state in states(&record) {
            for seat in 0..state.players() {
                let o = obs(&state, seat, Reveal::Own);
                prop_assert!(o.iter().all(|&v| (0.0..=1.0).contains(&v)));
                prop_assert_eq!(o[seat as usize], 1.0);
                prop_assert_eq!(o[4..7].iter().sum::<f32>(), 1.0);
                prop_assert_eq!(o[7..9].iter().sum::<f32>(), 1.0);
            }
        }
    }
}

#[test]
fn layout_pieces_tile_the_tensor() {
    let mut at = 0;
    for (_, offset, shape) in PIECES {
        assert_eq!(offset, at);
        at += shape.iter().product::<usize>();
    }
    assert_eq!(at, OBSERVATION_SIZE);
    assert_eq!(OBSERVATION_SIZE, 924);
}

#[test]
fn bad_buffers_and_seats_are_errors() {
    let state = State::new(&Config::new(3, Variant::Expert, 1)).unwrap();
    let mut short = vec![0.0; OBSERVATION_SIZE - 1];
    assert!(matches!(
        observation_into(&state, 0, Reveal::Own, &mut short),
        Err(TensorError::BufferSize { .. })
    ));
    let mut out = vec![0.0; OBSERVATION_SIZE];
    let e = observation_into(&state, 3, Reveal::Own, &mut out).unwrap_err();
    assert_eq!(e.rule(), [metropolys_core::Rule::R1]);
    let mut mask = vec![false; ACTION_COUNT + 1];
    assert!(action_mask_into(&state, &mut mask).is_err());
    let mut info = vec![0.0; information_state_size(3)];
    assert!(matches!(
        information_state_into(&state, 0, Reveal::Own, &[716], &mut info),
        Err(TensorError::ActionId { index: 0, id: 716 })
    ));
    let long = vec![0u16; max_decisions(3) + 1];
    assert!(matches!(
        information_state_into(&state, 0, Reveal::Own, &long, &mut info),
        Err(TensorError::History { .. })
    ));
}

#[test]
fn game_over_shows_every_objective() {
    let mut state = State::new(&Config::new(4, Variant::Expert, 3)).unwrap();
    let mut rng = SplitMix64::new(9);
    while let Some(a) = state.random_action(&mut rng) {
        state = state.play(a).unwrap();
    }
    let o = obs(&state, 2, Reveal::None);
    assert_eq!(o[923], 1.0);
    assert_eq!(o, obs(&state, 2, Reveal::All));
    // Each of the four relative seats shows its neighborhood and area card.
    for rel in 0..4 {
        let row = &o[859 + rel * 16..859 + rel * 16 + 16];
        assert_eq!(row.iter().sum::<f32>(), 2.0);
    }
}

/// The encoder writes every value: whatever the buffer held before (a
/// vector env reuses its buffers without clearing them), the observation is
/// the same.
#[test]
fn every_value_is_written_whatever_the_buffer_held() {
    for (k, players) in [2u8, 3, 4].into_iter().enumerate() {
        for variant in [
            metropolys_core::Variant::Family,
            metropolys_core::Variant::Expert,
        ] {
            let mut rng = SplitMix64::new(k as u64 + 40);
            let mut state = State::new(&Config::new(players, variant, k as u64)).unwrap();
            loop {
                for seat in 0..players {
                    let clean = obs(&state, seat, Reveal::Own);
                    let mut stale = vec![0.5f32; OBSERVATION_SIZE];
                    observation_into(&state, seat, Reveal::Own, &mut stale).unwrap();
                    assert_eq!(clean, stale);
                }
                match state.random_action(&mut rng) {
                    Some(a) => state = state.play(a).unwrap(),
                    None => break,
                }
            }
        }
    }
}

#[test]
fn dealing_observation_is_the_observation_with_the_cards_dealt_and_nobody_to_act() {
    use metropolys_tensor::dealing_observation_into;
    let to_act = PIECES.iter().find(|p| p.0 == "to_act").unwrap().1;
    for players in 2..=4u8 {
        for variant in [Variant::Family, Variant::Expert] {
            let state = State::new(&Config::new(players, variant, 9)).unwrap();
            for viewer in 0..players {
                // Every card dealt and shown: the "all" observation without
                // anybody to act.
                let all: Vec<_> = (0..players)
                    .map(|p| {
                        let o = state.objective(p).unwrap();
                        (o.neighborhood, Some(o.area))
                    })
                    .collect();
                let mut out = vec![0.5; OBSERVATION_SIZE];
                dealing_observation_into(&state, viewer, &all, &mut out).unwrap();
                let mut want = obs(&state, viewer, Reveal::All);
                want[to_act..to_act + 4].fill(0.0);
                assert_eq!(out, want, "{players}p {variant:?} viewer {viewer}");
                // Nothing dealt: the spectator's observation, nobody to act.
                let none = vec![(None, None); players as usize];
                dealing_observation_into(&state, viewer, &none, &mut out).unwrap();
                let mut want = obs(&state, viewer, Reveal::None);
                want[to_act..to_act + 4].fill(0.0);
                assert_eq!(out, want);
            }
            // One entry per seat.
            let short = vec![(None, None); players as usize - 1];
            let mut out = vec![0.0; OBSERVATION_SIZE];
            assert!(matches!(
                dealing_observation_into(&state, 0, &short, &mut out),
                Err(TensorError::BufferSize { .. })
            ));
        }
    }
}

/// `sample_legal_into` draws only legal ids, every legal id of a row (the
/// blocks of 8 and the last, short block included), 0 for an empty row,
/// and the same ids again from the same seed.
#[test]
fn sample_legal_draws_every_legal_action_and_only_legal_ones() {
    use metropolys_tensor::sample_legal_into;
    let legal = [0usize, 7, 8, 9, 100, 711, 712, 715];
    let mut masks = vec![false; 3 * ACTION_COUNT];
    for &id in &legal {
        masks[id] = true;
        masks[2 * ACTION_COUNT + id] = true;
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut rng = SplitMix64::new(9);
    let mut out = [0i64; 3];
    for _ in 0..400 {
        sample_legal_into(&masks, &mut rng, &mut out).unwrap();
        assert!(legal.contains(&(out[0] as usize)) && legal.contains(&(out[2] as usize)));
        assert_eq!(out[1], 0);
        seen.insert(out[0] as usize);
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), legal);
    let mut again = [0i64; 3];
    sample_legal_into(&masks, &mut SplitMix64::new(4), &mut out).unwrap();
    sample_legal_into(&masks, &mut SplitMix64::new(4), &mut again).unwrap();
    assert_eq!(out, again);
    assert!(sample_legal_into(&masks[1..], &mut rng, &mut out).is_err());
}
