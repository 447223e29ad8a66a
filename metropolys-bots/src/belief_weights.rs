//! The learned belief's weights; their model card, with the data, the
//! fit and what they are worth, is `data/belief.md`. Written by
//! `python -m metropolys.belief --rust`; do not edit by hand.

/// The weights of one kind of secret card: one per feature
/// ([`crate::belief::FEATURES`]) and one per card.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Weights {
    /// The weight of each feature.
    pub(crate) features: [f64; 3],
    /// The weight of each card (by its index among its kind).
    pub(crate) bias: &'static [f64],
}

/// The weights of the three kinds of secret card.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BeliefWeights {
    /// Area cards (by `Area::index`).
    pub(crate) area: Weights,
    /// Neighborhood cards (by `Kind::index`).
    pub(crate) neighborhood: Weights,
    /// Metropolys cards (by their index in `METROPOLYS_CARDS`).
    pub(crate) metropolys: Weights,
}

/// The fitted weights.
pub(crate) const LEARNED: BeliefWeights = BeliefWeights {
    area: Weights {
        features: [0.5231016971857787, 1.949121784782814, 0.01576216630557879],
        bias: &[
            -0.015208833938621942,
            0.0770618159130847,
            0.12365203592414217,
            0.0,
            -0.15914242248626667,
            -0.026362595412201147,
        ],
    },
    neighborhood: Weights {
        features: [-1.067291938548631, 7.186611828642164, 4.490163224265812],
        bias: &[
            -0.06884939905045709,
            -0.015423509360502885,
            0.05013071778866898,
            0.032396889227926794,
            0.0017453013943105268,
        ],
    },
    metropolys: Weights {
        features: [1.0, 0.0, 0.0],
        bias: &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    },
};
