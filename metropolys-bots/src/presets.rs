//! The difficulty presets: four named levels for front ends, `beginner`,
//! `casual`, `strong` and `expert`, each a bot kind of [`crate::from_spec`]
//! (docs/bots.md gives each its rating on the ladder and its time per
//! decision).
//!
//! The weaker levels make plausible mistakes rather than random moves:
//! `beginner` draws its move from a softmax of the greedy evaluation (good
//! moves are likely, poor ones rare), `casual` runs a small search and
//! draws among the moves it found good, in proportion to their visits.
//! `expert` values the leaves of its search with the learned network
//! (docs/learning.md).

use crate::eval::Ctx;
use crate::greedy::value;
use crate::{Bot, BotError, BotKind, Greedy, InfoSet, Ismcts};
use metropolys_core::rng::SplitMix64;
use metropolys_core::Action;

/// The preset names, weakest first.
pub const PRESETS: [&str; 4] = ["beginner", "casual", "strong", "expert"];

/// The search of the `strong` preset: iterations per decision.
pub const STRONG_ITERATIONS: u64 = 1_000;
/// The search of the `expert` preset: iterations per decision at a table
/// of 2, 3 and 4 players, its leaves valued by the learned network
/// ([`crate::learned`]) and its moves ordered by the learned prior
/// ([`crate::prior`]). Each is about the time per decision of the
/// `expert` before the prior (14,000, 18,000 and 20,000 iterations with
/// the network, until 2026-11-30, which stay available as
/// `ismcts:{"iterations":14000,"leaf":"value"}` and so on): the prior
/// leads the search to positions that cost more to expand, so it gets
/// fewer iterations in the same time (docs/learning.md). Until
/// 2026-11-29 `expert` was 30,000 iterations with random playouts
/// (`ismcts:{"iterations":30000}`).
pub const EXPERT_ITERATIONS_BY_PLAYERS: [u64; 3] = [11_000, 14_000, 15_000];
/// The `expert` preset's iterations per decision with 2 players
/// ([`EXPERT_ITERATIONS_BY_PLAYERS`]).
pub const EXPERT_ITERATIONS: u64 = EXPERT_ITERATIONS_BY_PLAYERS[0];
/// The search of the `casual` preset: iterations per decision.
pub const CASUAL_ITERATIONS: u64 = 300;
/// The `casual` preset's root temperature (visits^(1/t)).
pub const CASUAL_TEMPERATURE: f64 = 0.5;
/// The `beginner` preset's softmax temperature, in points of the greedy
/// evaluation.
pub const BEGINNER_TEMPERATURE: f32 = 1.5;

/// The search of a searching preset (`casual`, `strong`, `expert`),
/// `None` for another kind.
pub(crate) fn search(kind: BotKind) -> Option<Ismcts> {
    let iterations = match kind {
        BotKind::Casual => CASUAL_ITERATIONS,
        BotKind::Strong => STRONG_ITERATIONS,
        BotKind::Expert => EXPERT_ITERATIONS,
        _ => return None,
    };
    let mut b = Ismcts::default().named(kind.name());
    b.iterations = Some(iterations);
    if kind == BotKind::Casual {
        b.temperature = CASUAL_TEMPERATURE;
    }
    if kind == BotKind::Expert {
        b.leaf = crate::Leaf::Value;
        b.prior = crate::Prior::Learned;
        b = b.with_iterations_by_players(EXPERT_ITERATIONS_BY_PLAYERS);
    }
    Some(b)
}

/// The bot of a preset that does not search (`beginner`), `None` for
/// another kind.
pub(crate) fn build(kind: BotKind) -> Option<Box<dyn Bot>> {
    (kind == BotKind::Beginner).then(|| {
        Box::new(Softmax {
            temperature: BEGINNER_TEMPERATURE,
            greedy: Greedy::default(),
            label: "beginner",
        }) as Box<dyn Bot>
    })
}

/// A move drawn with probability ∝ `exp(value / temperature)`, the value
/// being the greedy evaluation of each legal action.
#[derive(Debug, Clone)]
struct Softmax {
    temperature: f32,
    greedy: Greedy,
    label: &'static str,
}

impl Bot for Softmax {
    fn name(&self) -> &str {
        self.label
    }

    fn choose(&mut self, view: &InfoSet, rng: &mut SplitMix64) -> Result<Action, BotError> {
        let s = view.position();
        let ctx = Ctx::new(
            s,
            view.seat(),
            Some((view.objective(), view.metropolys_card())),
        );
        let g = &self.greedy;
        let mut values = Vec::with_capacity(s.legal_action_count());
        s.for_each_legal(|a| {
            values.push((
                a,
                value(&ctx, &g.tables, s, a, g.cost_per_number, g.building_value),
            ))
        });
        let top = values.iter().map(|x| x.1).fold(f32::NEG_INFINITY, f32::max);
        let weights: Vec<f64> = values
            .iter()
            .map(|x| libm::exp(f64::from((x.1 - top) / self.temperature)))
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (w, (a, _)) in weights.iter().zip(&values) {
            if x < *w {
                return Ok(*a);
            }
            x -= w;
        }
        values.last().map(|x| x.0).ok_or(BotError::GameOver)
    }
}
