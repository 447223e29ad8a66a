//! What a run of the tester is asked to do.

use metropolys_core::Variant;
use std::time::Duration;

/// The most decisions a generated game may have: far above the longest game
/// (`(12 * 4 + 1) * (13 + 3)` = 784 decisions with 4 players: at most 49
/// calls of at most 13 bids and 3 passes each, see
/// `metropolys_core::max_decisions`), plus the illegal probes, so that the
/// steps of one game are generated and kept cheaply.
pub const MAX_STEPS: u16 = 10_000;

/// The games to compare and how long to shrink.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// How many random games to compare.
    pub games: u32,
    /// The seed of the game generator.
    pub seed: u64,
    /// Only these player counts (all when empty).
    pub players: Vec<u8>,
    /// Only this variant.
    pub variant: Option<Variant>,
    /// The most decisions a generated game may have (longer games stop
    /// there; most 2–4 player games end before 300), at most
    /// [`MAX_STEPS`].
    pub max_steps: usize,
    /// The longest time spent shrinking (zero: no shrinking).
    pub shrink_time: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            games: 200,
            seed: 0,
            players: Vec::new(),
            variant: None,
            max_steps: 300,
            shrink_time: Duration::from_secs(30),
        }
    }
}
