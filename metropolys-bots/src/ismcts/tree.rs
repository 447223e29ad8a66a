//! The tree of one thread's search: its edges, one iteration (determinize,
//! select, expand, play out, back up) and the rewards it backs up.
//! [`super::root`] decides which root action each iteration starts with.

use crate::belief::Belief;
use crate::eval::{Ctx, Tables};
use crate::reward::reward;
pub use crate::reward::Reward;
use crate::InfoSet;
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action, Seat, State};

/// How a playout chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Playout {
    /// Uniformly random legal actions (the core's fast path).
    #[default]
    Random,
    /// Greedy-guided: two random legal actions are drawn and the better for
    /// the seat to act (by the greedy evaluation, with that seat's sampled
    /// objective) is played.
    Greedy,
    /// Softmax: every move drawn with probability ∝ `exp(value / t)`, the
    /// value being the greedy evaluation (with the sampled objective of
    /// the seat to act) and `t` the `playout_temperature`: stronger per
    /// iteration than random playouts, about 14 times slower.
    Softmax,
}

/// How the search values the position an iteration's walk down the tree
/// ends in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Leaf {
    /// Played out to the end with the [`Playout`] policy, the end scored
    /// with the [`Reward`].
    #[default]
    Playout,
    /// Valued by the learned network ([`crate::learned::ValueNet::builtin`]),
    /// which estimates the default `score` reward (default margin and win
    /// weight); a finished game is still scored exactly.
    Value,
}

/// What orders a position's actions: the order in which progressive
/// widening admits them and the root actions sequential halving starts
/// from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Prior {
    /// The greedy evaluation ([`crate::Greedy`]).
    #[default]
    Greedy,
    /// The learned prior ([`crate::prior`]), fitted on the moves that
    /// searches played.
    Learned,
}

/// What one iteration needs of the bot's parameters.
#[derive(Debug, Clone, Copy)]
pub(super) struct Settings {
    pub exploration: f64,
    pub widen_base: f64,
    pub widen_rate: f64,
    pub playout: Playout,
    pub playout_temperature: f64,
    pub reward: Reward,
    pub margin: f64,
    pub win_weight: f64,
    /// The network that values the leaves: `Some` exactly when the bot's
    /// leaf is [`Leaf::Value`].
    pub net: Option<&'static crate::learned::ValueNet>,
    pub prior: Prior,
}

/// An edge of the tree: an action from its parent's position, its
/// statistics, and the edges out of the position it leads to.
#[derive(Debug, Clone, Copy)]
pub(super) struct Edge {
    pub action: Action,
    /// The seat that chose the action.
    pub player: Seat,
    pub visits: u32,
    /// How often the action was legal when its parent was visited.
    pub avail: u32,
    /// The sum of `player`'s rewards.
    pub reward: f64,
    /// The children, `first..first + len`, in decreasing prior; `len == 0`
    /// until expanded.
    pub first: u32,
    pub len: u32,
}

impl Edge {
    /// The mean reward of the seat that chose the action (0 unvisited).
    pub fn mean(&self) -> f64 {
        self.reward / f64::from(self.visits.max(1))
    }
}

/// The search of one thread.
pub(super) struct Search<'a> {
    settings: &'a Settings,
    tables: &'a Tables,
    view: &'a InfoSet,
    /// Where determinizations come from (`None`: uniform).
    belief: Option<&'a Belief>,
    pub edges: Vec<Edge>,
    path: Vec<u32>,
    /// The legal actions of the position being expanded, their greedy
    /// values and the key they are ordered by.
    scratch: Vec<(Action, f32, f32)>,
    /// The place value of each neighborhood ([`Ctx::place_value`]) for
    /// the position being expanded.
    places: [f32; metropolys_core::NEIGHBORHOOD_COUNT],
    /// The greedy evaluation of the root's children, in their order (the
    /// prior of sequential halving).
    pub root_prior: Vec<f32>,
    /// The most edges this thread's tree may hold (the root's children are
    /// always admitted).
    max_edges: usize,
}

impl<'a> Search<'a> {
    pub fn new(
        settings: &'a Settings,
        tables: &'a Tables,
        view: &'a InfoSet,
        belief: Option<&'a Belief>,
        max_edges: usize,
    ) -> Self {
        let root = Edge {
            action: Action::Pass,
            player: view.seat(),
            visits: 0,
            avail: 0,
            reward: 0.0,
            first: 0,
            len: 0,
        };
        Search {
            settings,
            tables,
            view,
            belief,
            edges: vec![root],
            path: Vec::with_capacity(64),
            scratch: Vec::new(),
            places: [0.0; metropolys_core::NEIGHBORHOOD_COUNT],
            root_prior: Vec::new(),
            max_edges,
        }
    }

    /// The root's children, `first..first + len`, created (best prior
    /// first) if they were not.
    pub fn root_children(&mut self) -> std::ops::Range<u32> {
        if self.edges[0].len == 0 {
            let position = *self.view.position();
            self.expand(0, &position);
        }
        let root = self.edges[0];
        root.first..root.first + root.len
    }

    /// Creates the children of edge `e` from the position `s`, best prior
    /// first; `false` (and nothing created) when the tree is full.
    fn expand(&mut self, e: usize, s: &State) -> bool {
        let Some(p) = s.to_act() else { return false };
        let room = self.max_edges.saturating_sub(self.edges.len());
        if e != 0 && s.legal_action_count() > room {
            return false;
        }
        // Only the observer's own secrets inform the ordering; opponents'
        // moves are ordered from public facts alone.
        let secret =
            (p == self.view.seat()).then(|| (self.view.objective(), self.view.metropolys_card()));
        let ctx = Ctx::new(s, p, secret);
        let tables = self.tables;
        self.scratch.clear();
        let scratch = &mut self.scratch;
        // Each neighborhood is valued once, however many buildings may be
        // bid on it.
        let places = &mut self.places;
        let mut known = 0u64;
        s.for_each_legal(|a| {
            let v = match a {
                Action::Bid {
                    neighborhood,
                    building,
                } => {
                    let nb = usize::from(neighborhood) % places.len();
                    if known & (1 << nb) == 0 {
                        known |= 1 << nb;
                        places[nb] = ctx.place_value(tables, s, neighborhood);
                    }
                    crate::greedy::default_bid_value(&ctx, places[nb], building)
                }
                Action::Pass => crate::greedy::default_value(&ctx, tables, s, a),
            };
            scratch.push((a, v, v));
        });
        if self.settings.prior == Prior::Learned {
            let values: &[(Action, f32, f32)] = scratch;
            let call = crate::prior::Call::new(s, p, values.iter().map(|x| (x.0, x.1)));
            let mut scorer = crate::prior::Scorer::new(call);
            for x in scratch.iter_mut() {
                let nb = match x.0 {
                    Action::Bid { neighborhood, .. } => neighborhood,
                    Action::Pass => 0,
                };
                x.2 = scorer.score(tables, s, x.0, x.1, || {
                    (
                        ctx.public_value(tables, s, nb),
                        places[usize::from(nb) % places.len()],
                    )
                });
            }
        }
        // Stable order: by the key, then by the enumeration order.
        scratch.sort_by(|x, y| y.2.total_cmp(&x.2));
        let (Ok(first), Ok(len)) = (
            u32::try_from(self.edges.len()),
            u32::try_from(self.scratch.len()),
        ) else {
            return false;
        };
        if first.checked_add(len).is_none() {
            return false;
        }
        // Grow by doubling, but never past the cap (plus this node's
        // children): the tree's memory stays within its bound.
        let need = self.edges.len() + self.scratch.len();
        if need > self.edges.capacity() {
            let target = (self.edges.capacity() * 2)
                .max(need)
                .min(self.max_edges.max(need));
            self.edges.reserve_exact(target - self.edges.len());
        }
        for &(action, ..) in self.scratch.iter() {
            self.edges.push(Edge {
                action,
                player: p,
                visits: 0,
                avail: 0,
                reward: 0.0,
                first: 0,
                len: 0,
            });
        }
        self.edges[e].first = first;
        self.edges[e].len = len;
        if e == 0 {
            self.root_prior = self.scratch.iter().map(|x| x.1).collect();
        }
        true
    }

    /// One iteration. With `forced`, the root edge it starts with (an
    /// index into `edges`, a child of the root); otherwise chosen by UCT
    /// like every edge below.
    pub fn iterate(&mut self, rng: &mut SplitMix64, forced: Option<u32>) {
        let mut s = match self.belief {
            Some(b) => b.sample(self.view, rng),
            None => self.view.determinize(rng),
        };
        let Settings {
            exploration: c,
            widen_base,
            widen_rate,
            ..
        } = *self.settings;
        self.path.clear();
        let mut e = 0usize;
        loop {
            if s.is_over() {
                break;
            }
            if self.edges[e].len == 0 {
                if e != 0 && self.edges[e].visits == 0 {
                    break;
                }
                if !self.expand(e, &s) {
                    // The tree is full: play out from this leaf.
                    break;
                }
            }
            let best = match forced {
                Some(f) if e == 0 => f,
                _ => self.select(e, c, widen_base, widen_rate, &s),
            };
            let action = self.edges[best as usize].action;
            if s.play_in_place(action).is_err() {
                break;
            }
            self.path.push(best);
            e = best as usize;
            if self.edges[e].visits == 0 {
                break;
            }
        }
        let rewards = if let Some(net) = self.settings.net.filter(|_| !s.is_over()) {
            net.evaluate(&s)
        } else {
            let end = self.playout(s, rng);
            reward(
                &end,
                self.settings.reward,
                self.settings.margin,
                self.settings.win_weight,
            )
        };
        self.edges[0].visits += 1;
        for &i in &self.path {
            let edge = &mut self.edges[i as usize];
            edge.visits += 1;
            edge.reward += rewards[edge.player as usize];
        }
    }

    /// UCT among the admitted children of edge `e` (expanded): `widen_base
    /// + widen_rate √n` of them after `n` visits, an unvisited one first.
    fn select(&mut self, e: usize, c: f64, widen_base: f64, widen_rate: f64, s: &State) -> u32 {
        let Edge {
            first, len, visits, ..
        } = self.edges[e];
        let width = (widen_base + widen_rate * f64::from(visits).sqrt()) as u32;
        let end = first + len.min(width.max(1));
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for i in first..end {
            let child = &mut self.edges[i as usize];
            // Legality is public (R-7 … R-12 read no secret card), so an
            // action legal at this node in one sample is legal in every
            // sample: no availability check is needed.
            debug_assert!(s.is_legal(child.action));
            child.avail += 1;
            if child.visits == 0 {
                if best_score < f64::INFINITY {
                    best = i;
                    best_score = f64::INFINITY;
                }
                continue;
            }
            let n = f64::from(child.visits);
            let score = child.reward / n + c * (libm::log(f64::from(child.avail)) / n).sqrt();
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        best
    }

    fn playout(&self, s: State, rng: &mut SplitMix64) -> State {
        playout(
            self.settings.playout,
            self.settings.playout_temperature,
            self.tables,
            s,
            rng,
        )
    }

    /// The root's children as (action, visits, reward sum).
    pub fn root_stats(&self) -> Vec<(Action, u64, f64)> {
        let root = self.edges[0];
        self.edges[root.first as usize..(root.first + root.len) as usize]
            .iter()
            .map(|e| (e.action, u64::from(e.visits), e.reward))
            .collect()
    }
}

/// Plays `s` to the end with the playout policy `kind` (`temperature`: the
/// softmax's, in points of the greedy evaluation): what the search's
/// iterations and the review's estimates ([`crate::review`]) share.
pub(crate) fn playout(
    kind: Playout,
    temperature: f64,
    tables: &Tables,
    mut s: State,
    rng: &mut SplitMix64,
) -> State {
    match kind {
        Playout::Random => play_random(s, rng),
        Playout::Greedy => {
            while let Some(p) = s.to_act() {
                let Some(a) = s.random_action(rng) else { break };
                let Some(b) = s.random_action(rng) else { break };
                let choice = if a == b {
                    a
                } else {
                    let ctx = Ctx::new(&s, p, Some((s_objective(&s, p), s.metropolys_card(p))));
                    let v = |x| crate::greedy::default_value(&ctx, tables, &s, x);
                    if v(b) > v(a) {
                        b
                    } else {
                        a
                    }
                };
                if s.play_in_place(choice).is_err() {
                    break;
                }
            }
            s
        }
        Playout::Softmax => {
            let inv = (1.0 / temperature) as f32;
            let mut values: Vec<(Action, f32)> = Vec::with_capacity(64);
            while let Some(p) = s.to_act() {
                let ctx = Ctx::new(&s, p, Some((s_objective(&s, p), s.metropolys_card(p))));
                values.clear();
                let mut top = f32::NEG_INFINITY;
                s.for_each_legal(|a| {
                    let v = crate::greedy::default_value(&ctx, tables, &s, a) * inv;
                    top = top.max(v);
                    values.push((a, v));
                });
                let mut total = 0.0f32;
                for x in values.iter_mut() {
                    x.1 = libm::expf(x.1 - top);
                    total += x.1;
                }
                let mut x = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * total;
                let mut choice = values.last().map_or(Action::Pass, |v| v.0);
                for &(a, w) in values.iter() {
                    if x < w {
                        choice = a;
                        break;
                    }
                    x -= w;
                }
                if s.play_in_place(choice).is_err() {
                    break;
                }
            }
            s
        }
    }
}

/// A seat's objective in a whole (determinized) state.
fn s_objective(s: &State, p: Seat) -> metropolys_core::Objective {
    s.objective(p).unwrap_or(metropolys_core::Objective {
        neighborhood: None,
        area: metropolys_core::Area::Bridges,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::{Config, Variant};

    #[test]
    fn an_edge_is_32_bytes() {
        assert_eq!(std::mem::size_of::<Edge>(), 32);
    }

    #[test]
    fn the_score_reward_weighs_the_win_and_the_margin() {
        let mut rng = SplitMix64::new(5);
        let end = play_random(
            State::new(&Config::new(3, Variant::Expert, 2)).unwrap(),
            &mut rng,
        );
        let totals = end.totals();
        let t = totals.totals();
        let winners = totals.winner_bits();
        let win = reward(&end, Reward::Win, 40.0, 0.2);
        let score = reward(&end, Reward::Score, 40.0, 0.2);
        for p in 0..3 {
            let best_other = (0..3).filter(|&q| q != p).map(|q| t[q]).max().unwrap();
            let margin = (0.5 + f64::from(t[p] - best_other) / 40.0).clamp(0.0, 1.0);
            let expected = 0.2 * win[p] + 0.8 * margin;
            assert!((score[p] - expected).abs() < 1e-12, "{p}");
            assert_eq!(win[p] > 0.0, winners & (1 << p) != 0);
        }
        // The whole weight on the win is the win reward.
        assert_eq!(reward(&end, Reward::Score, 40.0, 1.0), win);
        // A wider margin scale moves every reward towards 0.5 + win part.
        let wide = reward(&end, Reward::Score, 1e9, 0.0);
        assert!(wide[..3].iter().all(|&x| (x - 0.5).abs() < 1e-6));
    }
}
