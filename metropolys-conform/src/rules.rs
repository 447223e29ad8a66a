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
