//! Names given as arguments (a variant, a district, a token, a card): one
//! rule for the whole Python API. Case does not matter (`"Expert"`,
//! `"EXPERT"` and `"expert"` are the same variant); anything else is an
//! error that lists the accepted names. The JSON formats (configurations,
//! states, records) stay exact: their names are lower case.

use metropolys_core::{Card, District, Token, Variant};

/// A vocabulary of core names.
pub trait Named: Copy + 'static {
    /// What a value is called in messages (`variant`, `district`…).
    const WHAT: &'static str;
    /// Every value.
    fn all() -> &'static [Self];
    /// The value's lower-case name.
    fn name(self) -> &'static str;
}

macro_rules! named {
    ($($t:ty => $what:literal),+ $(,)?) => {$(
        impl Named for $t {
            const WHAT: &'static str = $what;
            fn all() -> &'static [Self] {
                <$t>::ALL
            }
            fn name(self) -> &'static str {
                <$t>::name(self)
            }
        }
    )+};
}

named!(Variant => "variant", District => "district", Token => "token", Card => "card");

/// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
pub fn one_of(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// A given name, quoted, cut to a bounded length (core's excerpt).
pub fn echo(given: &str) -> String {
    format!("{:?}", metropolys_core::echo::excerpt(given))
}

/// The value named `given`, in any case; otherwise the message
/// `unknown variant "solo": expected "family" or "expert" (in any case)`.
pub fn parse<T: Named>(given: &str) -> Result<T, String> {
    T::all()
        .iter()
        .copied()
        .find(|v| v.name().eq_ignore_ascii_case(given))
        .ok_or_else(|| {
            let names: Vec<&str> = T::all().iter().map(|v| v.name()).collect();
            format!(
                "unknown {} {}: expected {} (in any case)",
                T::WHAT,
                echo(given),
                one_of(&names)
            )
        })
}
