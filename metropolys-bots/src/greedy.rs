//! The greedy bot: a one-ply evaluation of each legal action.

use crate::eval::{Ctx, Tables};
use crate::{Bot, BotError, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::Action;

/// The default value of any constructed building.
pub const DEFAULT_BUILDING_VALUE: f32 = 4.0;
/// The default cost of spending a building, per building number.
pub const DEFAULT_COST_PER_NUMBER: f32 = 0.5;

/// A one-ply evaluation: every legal action is valued as if it won the
/// call, the best is played (ties broken by `rng`). No search, a few
/// microseconds per decision.
///
/// A bid of building `b` on neighborhood `n` is worth what constructing `b`
/// on `n` brings the seat (the token and the special card it may bring, the
/// seat's own objective and Metropolys card, buildings next to its own)
/// plus `building_value` (what any building is worth) minus
/// `cost_per_number × b`, the cost of spending the building. A pass is
/// worth 0: the bot outbids only when some bid is worth more than
/// nothing. docs/bots.md lists the weights.
#[derive(Debug, Clone)]
pub struct Greedy {
    /// What spending a building costs, per building number.
    pub cost_per_number: f32,
    /// What any constructed building is worth, wherever it stands.
    pub building_value: f32,
    pub(crate) tables: Tables,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy {
            cost_per_number: DEFAULT_COST_PER_NUMBER,
            building_value: DEFAULT_BUILDING_VALUE,
            tables: Tables::new(),
        }
    }
}

/// The greedy value of `action` with the given weights.
#[inline]
pub(crate) fn value(
    ctx: &Ctx,
    tables: &Tables,
    s: &metropolys_core::State,
    action: Action,
    cost_per_number: f32,
    building_value: f32,
) -> f32 {
    let v = ctx.action_value(tables, s, action, cost_per_number);
    if action == Action::Pass {
        v
    } else {
        v + building_value
    }
}

/// The greedy value of `action` with the default weights.
#[inline]
pub(crate) fn default_value(
    ctx: &Ctx,
    tables: &Tables,
    s: &metropolys_core::State,
    action: Action,
) -> f32 {
    value(
        ctx,
        tables,
        s,
        action,
        DEFAULT_COST_PER_NUMBER,
        DEFAULT_BUILDING_VALUE,
    )
}

/// The greedy value, with the default weights, of a bid of `building` on
/// a neighborhood whose [`Ctx::place_value`] is `place`: the same number
/// as [`default_value`] (the same operations), for a caller that values
/// each neighborhood once.
#[inline]
pub(crate) fn default_bid_value(ctx: &Ctx, place: f32, building: u8) -> f32 {
    ctx.bid_value(place, building, DEFAULT_COST_PER_NUMBER) + DEFAULT_BUILDING_VALUE
}

impl Greedy {
    /// The value of each legal action for the seat of `view`, in
    /// [`State::legal_actions`](metropolys_core::State::legal_actions) order.
    pub fn values(&self, view: &InfoSet) -> Vec<(Action, f32)> {
        let s = view.position();
        let ctx = Ctx::new(
            s,
            view.seat(),
            Some((view.objective(), view.metropolys_card())),
        );
        let mut out = Vec::with_capacity(s.legal_action_count());
        s.for_each_legal(|a| {
            out.push((
                a,
                value(
                    &ctx,
                    &self.tables,
                    s,
                    a,
                    self.cost_per_number,
                    self.building_value,
                ),
            ))
        });
        out
    }
}

impl Bot for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, view: &InfoSet, rng: &mut SplitMix64) -> Result<Action, BotError> {
        let values = self.values(view);
        let best = values
            .iter()
            .map(|&(_, v)| v)
            .fold(f32::NEG_INFINITY, f32::max);
        // Every action within a hair of the best, one drawn uniformly.
        let top = values.iter().filter(|&&(_, v)| v >= best - 1e-4).count();
        if top == 0 {
            return Err(BotError::GameOver);
        }
        let k = rng.below(top as u64) as usize;
        values
            .iter()
            .filter(|&&(_, v)| v >= best - 1e-4)
            .nth(k)
            .map(|&(a, _)| a)
            .ok_or(BotError::GameOver)
    }
}
