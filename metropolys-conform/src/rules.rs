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
