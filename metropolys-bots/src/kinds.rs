//! The names of the bot kinds, on their own so that the error type can
//! list them without importing the parser.

/// The bot kinds [`from_spec`](crate::from_spec) knows: the three bots, the four difficulty
/// presets ([`crate::presets`]), and `ismcts-v1`, the search as first
/// released (kept so that comparisons with it stay reproducible).
pub const KINDS: [&str; 8] = [
    "random",
    "greedy",
    "ismcts",
    "beginner",
    "casual",
    "strong",
    "expert",
    "ismcts-v1",
];
