//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
//! Powley and Whitehouse 2012), described in docs/bots.md.

use crate::belief::Belief;
use crate::eval::{Ctx, Tables};
use crate::thread::spawn_scoped;
use crate::{Bot, BotError, Cancel, SeatView};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action, Seat, State, MAX_PLAYERS};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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

/// What a finished playout is worth to a seat, in `0..=1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reward {
    /// 1 for a win, `1/k` for a victory shared by `k` seats, 0 for a
    /// loss (the first release's reward).
    Win,
    /// The seat's total minus the best other total, `d`, as
    /// `0.5 + d / 80` clamped into `0..=1`, plus 0.5 for a win
    /// (then halved): rewards margins as well as wins. The default: with
    /// the smaller exploration constant it beats the win reward at equal
    /// iterations (docs/bots.md).
    #[default]
    Score,
}

/// The iteration budget of the default `ismcts` bot.
pub const DEFAULT_ITERATIONS: u64 = 3_000;
/// The default UCT exploration constant (for the default `score` reward,
/// whose values spread less than wins and losses; the first release had
/// 0.6 with the win reward).
pub const DEFAULT_EXPLORATION: f64 = 0.3;
/// The default progressive widening: `1 + 1·√n` children admitted after
/// `n` visits (the first release admitted `4 + 2√n`).
pub const DEFAULT_WIDEN_BASE: f64 = 1.0;
/// See [`DEFAULT_WIDEN_BASE`].
pub const DEFAULT_WIDEN_RATE: f64 = 1.0;
/// The default temperature of softmax playouts.
pub const DEFAULT_PLAYOUT_TEMPERATURE: f64 = 1.5;
/// The most edges one decision's search keeps, shared evenly among its
/// threads (an edge is 32 bytes: 512 MiB in all). A thread whose tree is
/// full stops growing it and keeps searching, playing out from the leaves
/// it reaches, so large budgets (`iterations` up to 10^8, `seconds` up to
/// 3600) cost time, never unbounded memory.
pub const MAX_TREE_EDGES: usize = 1 << 24;
/// The most threads a search runs (as `from_spec` accepts).
pub const MAX_THREADS: usize = 256;
/// The longest time budget, in seconds (as `from_spec` accepts).
pub const MAX_SECONDS: f64 = 3600.0;

/// Information-set Monte Carlo tree search.
///
/// Every iteration samples the opponents' secrets ([`SeatView::determinize`]),
/// walks down one tree shared by all samples (keyed by the actions from the
/// root) choosing by UCT among the actions legal in the sample, adds one
/// node, plays the game out and backs the reward up. Children are ordered
/// by the greedy evaluation and admitted progressively (`1 + √n` of them
/// after `n` visits of their parent, by default). The reward backed up is
/// by default the `score` reward (a win and the margin). The most visited
/// root action is played.
///
/// With an iteration budget and a seeded generator its decisions are
/// reproducible, also with several threads (root parallelism: each thread
/// searches its own tree with a seed drawn from the generator, and the
/// visit counts are summed). With `seconds` it stops at whichever limit
/// comes first, and decisions then depend on the machine's speed.
///
/// A search needs a budget: with neither `iterations` nor `seconds`,
/// `seconds` outside `0 < s <= 3600` ([`MAX_SECONDS`]) or more than
/// [`MAX_THREADS`] threads, [`Bot::choose`] is
/// [`BotError::BadParameters`] (no search runs). The tree holds at most
/// [`MAX_TREE_EDGES`] edges per decision.
#[derive(Debug, Clone)]
pub struct Ismcts {
    /// The number of iterations per decision, shared among the threads
    /// (`None`: time only).
    pub iterations: Option<u64>,
    /// The wall-time budget per decision, in seconds (`None`: none).
    pub seconds: Option<f64>,
    /// Independent searches run in parallel, summed at the root.
    pub threads: usize,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// The playout policy.
    pub playout: Playout,
    /// The reward backed up.
    pub reward: Reward,
    /// The temperature of softmax playouts, in points of the greedy
    /// evaluation.
    pub playout_temperature: f64,
    /// Progressive widening: `widen_base + widen_rate √n` children are
    /// admitted after `n` visits of their parent.
    pub widen_base: f64,
    /// See `widen_base`.
    pub widen_rate: f64,
    /// The weight `β` of the evidence in the belief over the opponents'
    /// secret cards (0: dealt uniformly, [`SeatView::determinize`]).
    pub belief: f64,
    /// How the root action is chosen: 0 plays the most visited; above 0,
    /// an action is drawn with probability ∝ `visits^(1 / temperature)`
    /// (a weaker, more human player).
    pub temperature: f64,
    /// The name shown in arena tables.
    label: &'static str,
    /// Raised, it interrupts the search ([`Bot::set_cancel`]).
    cancel: Option<Cancel>,
    tables: Tables,
    /// The edge cap of a decision's search ([`MAX_TREE_EDGES`]; smaller in
    /// tests).
    max_edges: usize,
}

impl Default for Ismcts {
    fn default() -> Self {
        Ismcts {
            iterations: Some(DEFAULT_ITERATIONS),
            seconds: None,
            threads: 1,
            exploration: DEFAULT_EXPLORATION,
            playout: Playout::Random,
            reward: Reward::Score,
            playout_temperature: DEFAULT_PLAYOUT_TEMPERATURE,
            widen_base: DEFAULT_WIDEN_BASE,
            widen_rate: DEFAULT_WIDEN_RATE,
            belief: 0.0,
            temperature: 0.0,
            label: "ismcts",
            cancel: None,
            tables: Tables::new(),
            max_edges: MAX_TREE_EDGES,
        }
    }
}

/// An edge of the tree: an action from its parent's position, its
/// statistics, and the edges out of the position it leads to.
#[derive(Debug, Clone, Copy)]
struct Edge {
    action: Action,
    /// The seat that chose the action.
    player: Seat,
    visits: u32,
    /// How often the action was legal when its parent was visited.
    avail: u32,
    /// The sum of `player`'s rewards.
    reward: f64,
    /// The children, `first..first + len`, in decreasing prior; `len == 0`
    /// until expanded.
    first: u32,
    len: u32,
}

/// The search of one thread.
struct Search<'a> {
    bot: &'a Ismcts,
    view: &'a SeatView,
    /// Where determinizations come from (`None`: uniform).
    belief: Option<&'a Belief>,
    edges: Vec<Edge>,
    path: Vec<u32>,
    scratch: Vec<(Action, f32)>,
    /// The most edges this thread's tree may hold (the root's children are
    /// always admitted).
    max_edges: usize,
}

impl<'a> Search<'a> {
    fn new(
        bot: &'a Ismcts,
        view: &'a SeatView,
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
            bot,
            view,
            belief,
            edges: vec![root],
            path: Vec::with_capacity(64),
            scratch: Vec::new(),
            max_edges,
        }
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
        let tables = &self.bot.tables;
        self.scratch.clear();
        let scratch = &mut self.scratch;
        s.for_each_legal(|a| scratch.push((a, crate::greedy::default_value(&ctx, tables, s, a))));
        // Stable order: by value, then by the enumeration order.
        scratch.sort_by(|x, y| y.1.total_cmp(&x.1));
        let (Ok(first), Ok(len)) = (
            u32::try_from(self.edges.len()),
            u32::try_from(self.scratch.len()),
        ) else {
            return false;
        };
        if first.checked_add(len).is_none() {
            return false;
        }
        for &(action, _) in self.scratch.iter() {
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
        true
    }

    fn iterate(&mut self, rng: &mut SplitMix64) {
        let mut s = match self.belief {
            Some(b) => b.sample(self.view, rng),
            None => self.view.determinize(rng),
        };
        let c = self.bot.exploration;
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
            let Edge {
                first, len, visits, ..
            } = self.edges[e];
            let width =
                (self.bot.widen_base + self.bot.widen_rate * f64::from(visits).sqrt()) as u32;
            let end = first + len.min(width.max(1));
            let mut best = first;
            let mut best_score = f64::NEG_INFINITY;
            for i in first..end {
                let child = &mut self.edges[i as usize];
                // Legality is public (R-7 … R-12 read no secret card), so
                // an action legal at this node in one sample is legal in
                // every sample: no availability check is needed.
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
                let score = child.reward / n + c * (f64::from(child.avail).ln() / n).sqrt();
                if score > best_score {
                    best = i;
                    best_score = score;
                }
            }
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
        let end = self.playout(s, rng);
        let rewards = reward(&end, self.bot.reward);
        self.edges[0].visits += 1;
        for &i in &self.path {
            let edge = &mut self.edges[i as usize];
            edge.visits += 1;
            edge.reward += rewards[edge.player as usize];
        }
    }

    fn playout(&self, mut s: State, rng: &mut SplitMix64) -> State {
        match self.bot.playout {
            Playout::Random => play_random(s, rng),
            Playout::Greedy => {
                let tables = &self.bot.tables;
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
                let tables = &self.bot.tables;
                let inv = (1.0 / self.bot.playout_temperature) as f32;
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
                        x.1 = (x.1 - top).exp();
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

    /// The root's children as (action, visits, reward sum).
    fn root_stats(&self) -> Vec<(Action, u64, f64)> {
        let root = self.edges[0];
        self.edges[root.first as usize..(root.first + root.len) as usize]
            .iter()
            .map(|e| (e.action, u64::from(e.visits), e.reward))
            .collect()
    }
}

/// The root's children as (action, visits, reward sum).
type RootStats = Vec<(Action, u64, f64)>;

/// A seat's objective in a whole (determinized) state.
fn s_objective(s: &State, p: Seat) -> metropolys_core::Objective {
    s.objective(p).unwrap_or(metropolys_core::Objective {
        neighborhood: None,
        area: metropolys_core::Area::Bridges,
    })
}

/// Every seat's reward for a finished game, from the seats' totals and the
/// winners without building score sheets.
fn reward(end: &State, kind: Reward) -> [f64; MAX_PLAYERS] {
    let totals = end.totals();
    let scores = totals.totals();
    let winners = totals.winner_bits();
    let mut r = [0.0; MAX_PLAYERS];
    let share = 1.0 / winners.count_ones().max(1) as f64;
    for (p, &total) in scores.iter().enumerate() {
        let win = if winners & (1 << p) != 0 { share } else { 0.0 };
        r[p] = match kind {
            Reward::Win => win,
            Reward::Score => {
                let best_other = scores
                    .iter()
                    .enumerate()
                    .filter(|&(q, _)| q != p)
                    .map(|(_, &s)| s)
                    .max()
                    .unwrap_or(0);
                let d = f64::from(total - best_other);
                ((0.5 + d / 80.0).clamp(0.0, 1.0) + win) / 2.0
            }
        };
    }
    r
}

impl Ismcts {
    /// The search as it was first released (the `ismcts-v1` bot kind):
    /// 3,000 iterations, uniform determinizations, `4 + 2√n` children
    /// admitted, random playouts, the win reward with the UCT constant 0.6,
    /// no progressive bias. Kept
    /// so that comparisons with it stay reproducible.
    pub fn v1() -> Ismcts {
        Ismcts {
            iterations: Some(DEFAULT_ITERATIONS),
            seconds: None,
            threads: 1,
            exploration: 0.6,
            playout: Playout::Random,
            reward: Reward::Win,
            playout_temperature: DEFAULT_PLAYOUT_TEMPERATURE,
            widen_base: 4.0,
            widen_rate: 2.0,
            belief: 0.0,
            temperature: 0.0,
            label: "ismcts-v1",
            cancel: None,
            tables: Tables::new(),
            max_edges: MAX_TREE_EDGES,
        }
    }

    /// The same search under another name (what arena tables show).
    pub(crate) fn named(mut self, label: &'static str) -> Ismcts {
        self.label = label;
        self
    }

    /// The budget is usable: an iteration or a time budget, a time budget
    /// in `0 < s <= 3600`, at most [`MAX_THREADS`] threads.
    fn check(&self) -> Result<(), BotError> {
        let bad = |reason: &str| BotError::BadParameters {
            kind: self.label.to_string(),
            reason: reason.to_string(),
        };
        if self.iterations.is_none() && self.seconds.is_none() {
            return Err(bad(
                "a search needs a budget: set iterations, seconds or both",
            ));
        }
        if let Some(s) = self.seconds {
            if !(s > 0.0 && s <= MAX_SECONDS) {
                return Err(bad(&format!(
                    "seconds must be a number above 0 and at most {MAX_SECONDS}, not {s}"
                )));
            }
        }
        if self.threads > MAX_THREADS {
            return Err(bad(&format!(
                "threads must be an integer from 1 to {MAX_THREADS}, not {}",
                self.threads
            )));
        }
        Ok(())
    }

    /// Runs the search and returns the root's statistics summed over the
    /// threads: (action, visits, reward sum), in the order of the first
    /// thread's tree. [`BotError::Interrupted`] when the cancel flag was
    /// raised, [`BotError::Thread`] when a thread could not start.
    fn search(&self, view: &SeatView, rng: &mut SplitMix64) -> Result<RootStats, BotError> {
        let threads = self.threads.max(1);
        let max_edges = self.max_edges / threads;
        let seeds: Vec<u64> = (0..threads).map(|_| rng.next_u64()).collect();
        let deadline = self
            .seconds
            .map(|s| Instant::now() + Duration::from_secs_f64(s));
        let cancel = self.cancel.as_ref();
        let belief = (self.belief > 0.0).then(|| Belief::new(view, &self.tables, self.belief));
        // Raised when a thread cannot start: the others stop at once.
        let abort = AtomicBool::new(false);
        let run = |t: usize, seed: u64| {
            let budget = self.iterations.map(|n| {
                let n = n.max(1);
                n / threads as u64 + u64::from((t as u64) < n % threads as u64)
            });
            let mut rng = SplitMix64::new(seed);
            let mut search = Search::new(self, view, belief.as_ref(), max_edges);
            let mut i = 0u64;
            loop {
                // The visit counters are `u32`: a time budget cannot
                // overflow them either.
                if budget.is_some_and(|b| i >= b) || i >= u64::from(u32::MAX) {
                    break;
                }
                if i.is_multiple_of(16) {
                    if cancel.is_some_and(Cancel::is_cancelled) || abort.load(Ordering::Relaxed) {
                        return Err(BotError::Interrupted);
                    }
                    if deadline.is_some_and(|d| Instant::now() >= d) && i > 0 {
                        break;
                    }
                }
                search.iterate(&mut rng);
                i += 1;
            }
            Ok(search.root_stats())
        };
        let per_thread: Vec<Result<RootStats, BotError>> = if threads == 1 {
            vec![run(0, seeds[0])]
        } else {
            std::thread::scope(|scope| {
                let mut handles = Vec::with_capacity(threads);
                let mut failed = None;
                for (t, &seed) in seeds.iter().enumerate() {
                    match spawn_scoped(scope, "metropolys-search", move || run(t, seed)) {
                        Ok(h) => handles.push(h),
                        Err(e) => {
                            failed = Some(e);
                            break;
                        }
                    }
                }
                if let Some(e) = failed {
                    // The threads started stop at once: their results are
                    // not wanted.
                    abort.store(true, Ordering::Relaxed);
                    for h in handles {
                        let _ = h.join();
                    }
                    return vec![Err(e)];
                }
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            })
        };
        let mut per_thread = per_thread.into_iter().collect::<Result<Vec<_>, _>>()?;
        let mut total = per_thread.remove(0);
        for other in per_thread {
            for (a, v, r) in other {
                if let Some(x) = total.iter_mut().find(|x| x.0 == a) {
                    x.1 += v;
                    x.2 += r;
                } else {
                    total.push((a, v, r));
                }
            }
        }
        Ok(total)
    }
}

impl Bot for Ismcts {
    fn name(&self) -> &str {
        self.label
    }

    fn set_cancel(&mut self, cancel: &Cancel) {
        self.cancel = Some(cancel.clone());
    }

    fn choose(&mut self, view: &SeatView, rng: &mut SplitMix64) -> Result<Action, BotError> {
        self.check()?;
        let position = view.position();
        match position.legal_action_count() {
            0 => return Err(BotError::GameOver),
            1 => {
                let mut only = Action::Pass;
                position.for_each_legal(|a| only = a);
                return Ok(only);
            }
            _ => {}
        }
        let stats = self.search(view, rng)?;
        if self.temperature > 0.0 {
            // Drawn with probability ∝ visits^(1/temperature).
            let top = stats.iter().map(|x| x.1).max().unwrap_or(1).max(1) as f64;
            let weights: Vec<f64> = stats
                .iter()
                .map(|x| (x.1 as f64 / top).powf(1.0 / self.temperature))
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            for (w, s) in weights.iter().zip(&stats) {
                if x < *w {
                    return Ok(s.0);
                }
                x -= w;
            }
        }
        // The most visited action; ties by mean reward, then by action id.
        stats
            .iter()
            .max_by(|x, y| {
                x.1.cmp(&y.1)
                    .then((x.2 / x.1.max(1) as f64).total_cmp(&(y.2 / y.1.max(1) as f64)))
                    .then(y.0.id().cmp(&x.0.id()))
            })
            .map(|x| x.0)
            .ok_or(BotError::GameOver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::{Config, Variant};

    fn start(players: u8, seed: u64) -> State {
        State::new(&Config::new(players, Variant::Expert, seed)).unwrap()
    }

    #[test]
    fn a_full_tree_stops_growing_and_the_search_goes_on() {
        let state = start(3, 4);
        let view = SeatView::to_act(&state).unwrap();
        let bot = Ismcts::default();
        let root_children = state.legal_action_count();
        let cap = root_children + 300;
        let mut search = Search::new(&bot, &view, None, cap);
        let mut rng = SplitMix64::new(1);
        for _ in 0..2_000 {
            search.iterate(&mut rng);
        }
        assert!(search.edges.len() <= cap, "{} edges", search.edges.len());
        // The tree did grow below the root until it was full...
        assert!(search.edges.len() > 1 + root_children);
        // ...and every iteration was still played out and backed up.
        assert_eq!(search.edges[0].visits, 2_000);
        let visits: u64 = search.root_stats().iter().map(|x| x.1).sum();
        assert_eq!(visits, 2_000);
        // Without a cap the same search grows far beyond it.
        let mut free = Search::new(&bot, &view, None, MAX_TREE_EDGES);
        let mut rng = SplitMix64::new(1);
        for _ in 0..2_000 {
            free.iterate(&mut rng);
        }
        assert!(free.edges.len() > 10 * cap);
    }

    #[test]
    fn a_capped_search_still_plays_legal_reproducible_games() {
        let play = || {
            let mut s = start(4, 9);
            let mut rng = SplitMix64::new(3);
            let mut bot = Ismcts {
                iterations: Some(400),
                threads: 2,
                // Room for the root's children only, then a few dozen.
                max_edges: 2 * (MAX_ACTIONS + 40),
                ..Ismcts::default()
            };
            let mut actions = Vec::new();
            while !s.is_over() {
                let view = SeatView::to_act(&s).unwrap();
                let a = bot.choose(&view, &mut rng).unwrap();
                assert!(s.is_legal(a), "{a:?}");
                actions.push(a);
                s = s.play(a).unwrap();
            }
            actions
        };
        let first = play();
        assert!(first.len() > 20);
        assert_eq!(first, play());
    }

    /// More than any position's legal actions (715 bids and a pass).
    const MAX_ACTIONS: usize = 716;

    #[test]
    fn a_search_needs_a_budget_it_can_keep() {
        let state = start(2, 1);
        let view = SeatView::to_act(&state).unwrap();
        let mut rng = SplitMix64::new(0);
        let refused = |bot: Ismcts| {
            let mut bot = bot;
            match bot.choose(&view, &mut SplitMix64::new(0)) {
                Err(BotError::BadParameters { kind, reason }) => {
                    assert_eq!(kind, "ismcts");
                    reason
                }
                other => panic!("{other:?}"),
            }
        };
        let none = Ismcts {
            iterations: None,
            seconds: None,
            ..Ismcts::default()
        };
        assert!(refused(none).contains("budget"));
        for seconds in [0.0, -1.0, f64::NAN, f64::INFINITY, 3601.0] {
            let bot = Ismcts {
                seconds: Some(seconds),
                ..Ismcts::default()
            };
            assert!(refused(bot).contains("seconds"), "{seconds}");
        }
        let many = Ismcts {
            threads: MAX_THREADS + 1,
            ..Ismcts::default()
        };
        assert!(refused(many).contains("threads"));
        // A time budget alone is a budget.
        let mut timed = Ismcts {
            iterations: None,
            seconds: Some(0.01),
            ..Ismcts::default()
        };
        let a = timed.choose(&view, &mut rng).unwrap();
        assert!(state.is_legal(a));
    }
}
#[cfg(test)]
mod size {
    #[test]
    fn an_edge_is_32_bytes() {
        assert_eq!(std::mem::size_of::<super::Edge>(), 32);
    }
}
