//! Rulings as text: the one place where the ruling a core error names
//! becomes the text that records, the protocol and messages carry.
//!
//! Core's errors name their ruling with `rule()`; an error may name two
//! (`"R-7/R-9"`: a bid on a neighborhood that is not free breaks the opening
//! bid's rule and the outbid's alike). Every use of such a ruling in the
//! tester and in the command-line tool goes through [`rule_text`], so that
//! a change of what `rule()` returns is a change of this one function.

/// What core's `rule()` returns for an error.
pub type Ruling = &'static str;

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
    ruling.to_string()
}

/// Whether an engine's ruling `theirs` matches the ruling text `ours` (as
/// [`rule_text`] writes it, or as a record's `expected.error.rule` holds
/// it): equal, or one part of a double ruling (`R-7/R-9` matches `R-7` and
/// `R-9`).
///
/// ```
/// use metropolys_conform::rules::rule_matches;
/// assert!(rule_matches("R-7/R-9", "R-9"));
/// assert!(rule_matches("R-7/R-9", "R-7/R-9"));
/// assert!(!rule_matches("R-9", "R-7"));
/// ```
pub fn rule_matches(ours: &str, theirs: &str) -> bool {
    ours == theirs || ours.split('/').any(|part| part == theirs)
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
