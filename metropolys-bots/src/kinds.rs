//! [`BotKind`]: the kinds of bots the crate builds, on their own so that
//! the error type can name them without importing the parser.

/// A kind of bot the crate builds ([`BotSpec`](crate::BotSpec) gives it
/// its parameters): the three bots, the four difficulty presets
/// ([`crate::presets`]), and `ismcts-v1`, the search as first released
/// (kept so that comparisons with it stay reproducible). Its text is its
/// [`name`](BotKind::name), which [`FromStr`](std::str::FromStr) reads back
/// (in the `spec` module, above the error type).
///
/// ```
/// use metropolys_bots::BotKind;
/// let kind: BotKind = "ismcts-v1".parse().unwrap();
/// assert_eq!(kind, BotKind::IsmctsV1);
/// assert_eq!(kind.to_string(), "ismcts-v1");
/// assert!(kind.searches() && !BotKind::Greedy.searches());
/// assert!("minimax".parse::<BotKind>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum BotKind {
    /// Uniform over the legal actions ([`Random`](crate::Random)).
    Random,
    /// A one-ply evaluation ([`Greedy`](crate::Greedy)).
    Greedy,
    /// Information-set Monte Carlo tree search ([`Ismcts`](crate::Ismcts)).
    Ismcts,
    /// The weakest preset: a softmax of the greedy evaluation.
    Beginner,
    /// A small search that draws among the moves it found good.
    Casual,
    /// The default search with 1,000 iterations per decision.
    Strong,
    /// The default search with 11,000, 14,000 and 15,000 iterations per
    /// decision with 2, 3 and 4 players, its leaves valued by the learned
    /// network and its moves ordered by the learned prior.
    Expert,
    /// The search as first released ([`Ismcts::v1`](crate::Ismcts::v1)).
    IsmctsV1,
}

impl BotKind {
    /// Every kind, in the order of [`KINDS`].
    pub const ALL: [BotKind; 8] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Ismcts,
        BotKind::Beginner,
        BotKind::Casual,
        BotKind::Strong,
        BotKind::Expert,
        BotKind::IsmctsV1,
    ];

    /// The kind's name: `random`, `greedy`, `ismcts`, `beginner`, `casual`,
    /// `strong`, `expert` or `ismcts-v1`.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Ismcts => "ismcts",
            BotKind::Beginner => "beginner",
            BotKind::Casual => "casual",
            BotKind::Strong => "strong",
            BotKind::Expert => "expert",
            BotKind::IsmctsV1 => "ismcts-v1",
        }
    }

    /// Whether bots of this kind search: `ismcts`, `ismcts-v1`, `casual`,
    /// `strong` and `expert` think for as long as their budget says
    /// ([`BotSpec::budget`](crate::BotSpec::budget)) and watch a
    /// [`crate::Cancel`] flag; `random`, `greedy` and `beginner` decide in
    /// microseconds. Front ends that can be interrupted watch for Ctrl-C
    /// only around bots that search.
    pub const fn searches(self) -> bool {
        matches!(
            self,
            BotKind::Ismcts
                | BotKind::IsmctsV1
                | BotKind::Casual
                | BotKind::Strong
                | BotKind::Expert
        )
    }

    /// The names of the parameters bots of this kind take (for the
    /// searching presets only the cap on their tree's memory);
    /// [`BotSpec`](crate::BotSpec) refuses any other.
    pub const fn parameters(self) -> &'static [&'static str] {
        match self {
            BotKind::Ismcts => &[
                "iterations",
                "seconds",
                "threads",
                "exploration",
                "playout",
                "reward",
                "widen_base",
                "widen_rate",
                "belief",
                "temperature",
                "playout_temperature",
                "root",
                "candidates",
                "prior_weight",
                "margin",
                "win_weight",
                "leaf",
                "prior",
                "tree_edges",
            ],
            // The parameters the first search took.
            BotKind::IsmctsV1 => &[
                "iterations",
                "seconds",
                "threads",
                "exploration",
                "playout",
                "reward",
                "tree_edges",
            ],
            BotKind::Greedy => &["cost_per_number", "building_value"],
            BotKind::Casual | BotKind::Strong | BotKind::Expert => &["tree_edges"],
            BotKind::Random | BotKind::Beginner => &[],
        }
    }
}

impl std::fmt::Display for BotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The names of the bot kinds ([`BotKind::name`] of each of
/// [`BotKind::ALL`]), for messages and front ends that list them.
pub const KINDS: [&str; 8] = {
    let mut names = [""; 8];
    let mut i = 0;
    while i < names.len() {
        names[i] = BotKind::ALL[i].name();
        i += 1;
    }
    names
};
