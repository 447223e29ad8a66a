//! Rulings as text: the one place where the rulings a core error names
//! become the text that records, the protocol and messages carry, and where
//! an engine's ruling is matched against ours.
//!
//! Core's errors name their rulings as values with `rule()`; an error may
//! name two (`[R7, R9]`: a bid on a neighborhood that is not free breaks the
//! opening bid's rule and the outbid's alike), written `"R-7/R-9"`. Every
//! use of a ruling in the tester and in the command-line tool goes through
//! this module; nothing splits the joined form.

use metropolys_core::{Record, Rule, Rules, State};

/// What core's `rule()` returns for an error: its rulings.
pub type Ruling = &'static [Rule];

/// The ruling(s) of an error as records, the protocol and messages write
/// them: `"R-9"`, or several joined by `/` (`"R-7/R-9"`).
///
/// ```
/// use metropolys_conform::rules::rule_text;
/// use metropolys_core::RuleError;
/// assert_eq!(rule_text(RuleError::OpeningPass.rule()), "R-7");
/// assert_eq!(rule_text(RuleError::Constructed(3).rule()), "R-7/R-9");
/// ```
pub fn rule_text(ruling: Ruling) -> String {
    Rules(ruling).to_string()
}

/// Whether an engine's ruling `theirs` matches the rulings `ours` core
/// names: one of them, or all of them joined (`[R7, R9]` matches `R-7`,
/// `R-9` and `R-7/R-9`).
///
/// ```
/// use metropolys_conform::rules::rule_matches;
/// use metropolys_core::Rule;
/// assert!(rule_matches(&[Rule::R7, Rule::R9], "R-9"));
/// assert!(rule_matches(&[Rule::R7, Rule::R9], "R-7/R-9"));
/// assert!(!rule_matches(&[Rule::R9], "R-7"));
/// ```
pub fn rule_matches(ours: Ruling, theirs: &str) -> bool {
    Rules(ours).matches(theirs)
}

/// Whether an engine's ruling `theirs` for the rejection a record expects
/// matches the record's `expected` ruling: equal to it, or, when `expected`
/// names every ruling core gives for that rejection (`reference`, their
/// joined form), one of them.
///
/// ```
/// use metropolys_conform::rules::expected_matches;
/// use metropolys_core::Rule;
/// let both: &[Rule] = &[Rule::R7, Rule::R9];
/// assert!(expected_matches("R-7/R-9", both, "R-9"));
/// assert!(expected_matches("R-9", both, "R-9"));
/// assert!(!expected_matches("R-9", both, "R-7"));
/// ```
pub fn expected_matches(expected: &str, reference: Ruling, theirs: &str) -> bool {
    theirs == expected || (rule_text(reference) == expected && rule_matches(reference, theirs))
}

/// The rulings core gives when it rejects `record.actions[index]` after
/// the actions before it (empty when it accepts it, or when the actions
/// before it do not replay).
pub fn rejection(record: &Record, index: usize) -> Ruling {
    let mut prefix = record.clone();
    prefix.expected = None;
    prefix.actions.truncate(index);
    let (Ok(replay), Some(entry)) = (prefix.replay(), record.actions.get(index)) else {
        return &[];
    };
    let state: &State = replay.final_state();
    match state
        .check_player(entry.player)
        .and_then(|()| state.check(entry.action))
    {
        Err(e) => e.rule(),
        Ok(()) => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::rule_text;
    use metropolys_core::{board, rng::SplitMix64, Action, Config, Seat, State, Variant};

    /// The ruling of a rejection as docs/conformance-protocol.md orders
    /// them ("Which ruling a rejection names"), written from the document
    /// with the state's public accessors only.
    fn documented(s: &State, player: Seat, action: Action) -> Option<&'static str> {
        if s.is_over() {
            return Some("R-17");
        }
        if s.to_act() != Some(player) {
            return Some("R-8");
        }
        let (n, b) = match action {
            Action::Pass => return s.bids().is_empty().then_some("R-7"),
            Action::Bid {
                neighborhood,
                building,
            } => (neighborhood, building),
        };
        if !board::is_valid(n) || !(1..=13).contains(&b) {
            return Some("R-7/R-9");
        }
        if !s.in_play().contains(n) {
            return Some("R-2");
        }
        if s.building_at(n).is_some() || s.bids().iter().any(|x| x.neighborhood == n) {
            return Some("R-7/R-9");
        }
        let built = (0..55).any(|m| s.building_at(m) == Some((player, b)));
        if built {
            return Some("R-13");
        }
        if s.bids()
            .iter()
            .any(|x| x.player == player && x.building == b)
        {
            return Some("R-9");
        }
        if let Some(last) = s.last_bid() {
            if !board::adjacent(last.neighborhood, n) || b <= last.building {
                return Some("R-9");
            }
        }
        None
    }

    #[test]
    fn the_documented_order_of_rejections_is_cores() {
        let mut checked = 0;
        for (g, (players, variant)) in [
            (2, Variant::Family),
            (3, Variant::Expert),
            (4, Variant::Expert),
        ]
        .into_iter()
        .enumerate()
        {
            let mut s = State::new(&Config::new(players, variant, g as u64)).unwrap();
            let mut rng = SplitMix64::new(g as u64);
            let mut step = 0;
            loop {
                if step % 3 == 0 || s.is_over() {
                    for player in 0..=players {
                        for id in 0..=Action::PASS_ID {
                            let a = Action::from_id(id).unwrap();
                            let core = s.check_player(player).and_then(|()| s.check(a));
                            let core = core.err().map(|e| rule_text(e.rule()));
                            assert_eq!(
                                core.as_deref(),
                                documented(&s, player, a),
                                "{a} by seat {player} at step {step} of game {g}"
                            );
                            checked += 1;
                        }
                    }
                }
                let Some(a) = s.random_action(&mut rng) else {
                    break;
                };
                s = s.play(a).unwrap();
                step += 1;
            }
        }
        assert!(checked > 100_000, "{checked}");
        // The forms action ids cannot name.
        let s = State::new(&Config::new(2, Variant::Family, 0)).unwrap();
        for a in [Action::bid(55, 3), Action::bid(3, 0), Action::bid(3, 14)] {
            let core = rule_text(s.check(a).unwrap_err().rule());
            assert_eq!(Some(core.as_str()), documented(&s, 0, a));
        }
    }
}
