//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
//! Powley and Whitehouse 2012), with sequential halving at the root,
//! described in docs/bots.md.
//!
//! [`tree`] holds one thread's tree and its iterations, [`root`] how a
//! thread spends its budget at the root; this module the bot, its
//! parameters, and the threads.

mod root;
mod tree;

pub use root::Root;
pub use tree::{Leaf, Playout, Prior, Reward};

use crate::belief::{Belief, Model};
use crate::eval::Tables;
use crate::thread::spawn_scoped;
use crate::{Bot, BotError, Cancel, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::Action;
use root::Budget;
use std::sync::atomic::{AtomicBool, Ordering};
pub(crate) use tree::playout;
use tree::{Search, Settings};
// `web_time` is `std::time` on native targets and the JavaScript clock on
// wasm32-unknown-unknown, where `std::time::Instant::now()` panics.
use web_time::{Duration, Instant};

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
pub use crate::reward::{DEFAULT_MARGIN, DEFAULT_WIN_WEIGHT};
/// The default weight of the greedy evaluation in sequential halving's
/// eliminations: per point of the evaluation, divided by the square root
/// of the candidate's visits.
pub const DEFAULT_PRIOR_WEIGHT: f64 = 0.02;
/// The most edges one decision's search keeps, shared evenly among its
/// threads (an edge is 32 bytes: 512 MiB in all; 128 MiB in WebAssembly,
/// whose memory is 4 GiB at most and where a failed allocation ends the
/// instance). A thread whose tree is full stops growing it and keeps
/// searching, playing out from the leaves it reaches, so large budgets
/// (`iterations` up to 10^8, `seconds` up to 3600) cost time, never
/// unbounded memory.
pub const MAX_TREE_EDGES: usize = if cfg!(target_family = "wasm") {
    1 << 22
} else {
    1 << 24
};
/// The most threads a search runs (as `from_spec` accepts).
pub const MAX_THREADS: usize = 256;
/// The longest time budget, in seconds (as `from_spec` accepts).
pub const MAX_SECONDS: f64 = 3600.0;

/// Information-set Monte Carlo tree search.
///
/// Every iteration samples the opponents' secrets ([`InfoSet::determinize`]),
/// walks down one tree shared by all samples (keyed by the actions from the
/// root) choosing by UCT among the actions legal in the sample, adds one
/// node, plays the game out and backs the reward up. Children are ordered
/// by the greedy evaluation and admitted progressively (`1 + √n` of them
/// after `n` visits of their parent, by default). The reward backed up is
/// by default the `score` reward (the win and the margin). At the root, by
/// default, the budget is spent by sequential halving ([`Root::Halving`])
/// over the best-ordered actions, and the one left is played; with
/// [`Root::Uct`] the root is searched like any node and its most visited
/// action is played.
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
    /// secret cards (0: dealt uniformly, [`InfoSet::determinize`]).
    pub belief: f64,
    /// Whether the belief over the opponents' secret cards is the learned
    /// one (docs/learning.md, "The learned belief"); `belief` is then not
    /// read (the spec's `"belief": "learned"`).
    pub learned_belief: bool,
    /// How the root action is chosen: 0 plays the search's choice; above
    /// 0, an action is drawn with probability ∝ `visits^(1 / temperature)`
    /// (a weaker, more human player).
    pub temperature: f64,
    /// How the root's iterations are spent.
    pub root: Root,
    /// The root actions sequential halving starts from (the best by the
    /// greedy evaluation); `None`: `⌈2√n⌉` for a budget of `n` iterations
    /// per thread, 64 under a time budget alone ([`Ismcts::candidates_for`]).
    pub candidates: Option<u32>,
    /// The weight of the greedy evaluation in sequential halving's
    /// eliminations ([`DEFAULT_PRIOR_WEIGHT`]).
    pub prior_weight: f64,
    /// The `score` reward's margin scale, in points ([`DEFAULT_MARGIN`]).
    pub margin: f64,
    /// The `score` reward's weight of the win, 0 to 1
    /// ([`DEFAULT_WIN_WEIGHT`]).
    pub win_weight: f64,
    /// How the leaves are valued: played out (the default) or by the
    /// learned network.
    pub leaf: Leaf,
    /// What orders each position's actions for progressive widening and
    /// sequential halving's candidates: the greedy evaluation (the
    /// default) or the learned prior (the spec's `"prior": "learned"`).
    pub prior: Prior,
    /// The iterations per decision at a table of 2, 3 and 4 players in
    /// place of `iterations` (the `expert` preset's, so that its time per
    /// decision follows the search it replaced at every table); `None`:
    /// `iterations` at every table.
    iterations_by_players: Option<[u64; 3]>,
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
            learned_belief: false,
            temperature: 0.0,
            root: Root::Halving,
            candidates: None,
            prior_weight: DEFAULT_PRIOR_WEIGHT,
            margin: DEFAULT_MARGIN,
            win_weight: DEFAULT_WIN_WEIGHT,
            leaf: Leaf::Playout,
            prior: Prior::Greedy,
            iterations_by_players: None,
            label: "ismcts",
            cancel: None,
            tables: Tables::new(),
            max_edges: MAX_TREE_EDGES,
        }
    }
}

/// The root's children as (action, visits, reward sum).
type RootStats = Vec<(Action, u64, f64)>;

impl Ismcts {
    /// The search as it was first released (the `ismcts-v1` bot kind):
    /// 3,000 iterations, uniform determinizations, `4 + 2√n` children
    /// admitted, random playouts, the win reward with the UCT constant 0.6,
    /// UCT at the root, no progressive bias. Kept
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
            learned_belief: false,
            temperature: 0.0,
            root: Root::Uct,
            candidates: None,
            prior_weight: 0.0,
            margin: 80.0,
            win_weight: 0.5,
            leaf: Leaf::Playout,
            prior: Prior::Greedy,
            iterations_by_players: None,
            label: "ismcts-v1",
            cancel: None,
            tables: Tables::new(),
            max_edges: MAX_TREE_EDGES,
        }
    }

    /// The same search with its tree capped at `edges` edges (32 bytes
    /// each) per decision, shared among its threads; at most
    /// [`MAX_TREE_EDGES`]. A server bounds each bot's memory with it (the
    /// `tree_edges` parameter of [`crate::from_spec`]).
    ///
    /// ```
    /// use metropolys_bots::Ismcts;
    /// assert_eq!(Ismcts::default().with_tree_edges(1 << 20).tree_edges(), 1 << 20);
    /// ```
    pub fn with_tree_edges(mut self, edges: usize) -> Ismcts {
        self.max_edges = edges.clamp(1, MAX_TREE_EDGES);
        self
    }

    /// The most edges one decision's tree holds (its memory is at most
    /// this many times 32 bytes, plus one node's children per thread).
    pub fn tree_edges(&self) -> usize {
        self.max_edges
    }

    /// The same search with `by_players[p - 2]` iterations per decision
    /// at a table of `p` players (the `expert` preset), unless it has a
    /// time budget alone.
    pub(crate) fn with_iterations_by_players(mut self, by_players: [u64; 3]) -> Ismcts {
        self.iterations_by_players = Some(by_players);
        self
    }

    /// The iterations per decision at a table of `players` (`None`: time
    /// only): [`iterations`](Ismcts::iterations), except for the `expert`
    /// preset, whose iterations depend on the table
    /// ([`EXPERT_ITERATIONS_BY_PLAYERS`](crate::presets::EXPERT_ITERATIONS_BY_PLAYERS)).
    ///
    /// ```
    /// use metropolys_bots::Ismcts;
    /// assert_eq!(Ismcts::default().iterations_for(4), Some(3_000));
    /// ```
    pub fn iterations_for(&self, players: u8) -> Option<u64> {
        let by_players = self
            .iterations_by_players
            .filter(|_| self.iterations.is_some());
        match (by_players, usize::from(players).checked_sub(2)) {
            (Some(n), Some(i)) if i < n.len() => Some(n[i]),
            _ => self.iterations,
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
        if self.threads > 1 && !crate::thread::THREADS {
            return Err(bad(crate::thread::NO_THREADS));
        }
        self.check_network()
    }

    /// The root actions sequential halving starts from with a budget of
    /// `iterations` per thread (`None`: a time budget alone): the
    /// [`candidates`](Ismcts::candidates) given, or `⌈2√iterations⌉`
    /// (at least 2), or 64.
    ///
    /// ```
    /// use metropolys_bots::Ismcts;
    /// let bot = Ismcts::default();
    /// assert_eq!(bot.candidates_for(Some(300)), 35);
    /// assert_eq!(bot.candidates_for(Some(1_000)), 64);
    /// assert_eq!(bot.candidates_for(None), 64);
    /// ```
    pub fn candidates_for(&self, iterations: Option<u64>) -> u32 {
        match (self.candidates, iterations) {
            (Some(k), _) => k.max(1),
            (None, Some(n)) => ((2.0 * (n as f64).sqrt()).ceil() as u32).max(2),
            (None, None) => 64,
        }
    }

    /// The parameters one iteration reads.
    fn settings(&self) -> Settings {
        Settings {
            exploration: self.exploration,
            widen_base: self.widen_base,
            widen_rate: self.widen_rate,
            playout: self.playout,
            playout_temperature: self.playout_temperature,
            reward: self.reward,
            margin: self.margin,
            win_weight: self.win_weight,
            // `check` refused `Leaf::Value` where there is no network.
            net: match self.leaf {
                Leaf::Value => crate::learned::shipped(),
                Leaf::Playout => None,
            },
            prior: self.prior,
        }
    }

    /// [`BotError::NoNetwork`] when the leaves are to be valued by the
    /// learned network and this build does not have it (yet).
    pub(crate) fn check_network(&self) -> Result<(), BotError> {
        if self.leaf == Leaf::Value && crate::learned::shipped().is_none() {
            return Err(BotError::NoNetwork {
                bot: self.label.to_string(),
            });
        }
        Ok(())
    }

    /// Runs the search: the root's statistics summed over the threads
    /// ((action, visits, reward sum), in the order of the first thread's
    /// tree) and, with sequential halving, each thread's choice.
    /// [`BotError::Interrupted`] when the cancel flag was raised,
    /// [`BotError::Thread`] when a thread could not start.
    // Long: starts the threads' searches, merges their trees and (with
    // sequential halving) their choices; the threads' scope holds every
    // borrow.
    fn search(
        &self,
        view: &InfoSet,
        rng: &mut SplitMix64,
    ) -> Result<(RootStats, Vec<Action>), BotError> {
        let threads = self.threads.max(1);
        let max_edges = self.max_edges / threads;
        let seeds: Vec<u64> = (0..threads).map(|_| rng.next_u64()).collect();
        let deadline = self
            .seconds
            .map(|s| Instant::now() + Duration::from_secs_f64(s));
        let cancel = self.cancel.as_ref();
        let belief = if self.learned_belief {
            Some(Belief::with(view, &self.tables, Model::Learned))
        } else {
            (self.belief > 0.0).then(|| Belief::new(view, &self.tables, self.belief))
        };
        let settings = self.settings();
        let budget_iterations = self.iterations_for(view.position().players());
        // Raised when a thread cannot start: the others stop at once.
        let abort = AtomicBool::new(false);
        let run = |t: usize, seed: u64| -> Result<(RootStats, Option<Action>), BotError> {
            let iterations = budget_iterations.map(|n| {
                let n = n.max(1);
                n / threads as u64 + u64::from((t as u64) < n % threads as u64)
            });
            let mut rng = SplitMix64::new(seed);
            let mut search = Search::new(&settings, &self.tables, view, belief.as_ref(), max_edges);
            let mut budget = Budget::new(iterations, deadline, cancel, &abort);
            let choice = match self.root {
                Root::Uct => {
                    root::uct(&mut search, &mut budget, &mut rng)?;
                    None
                }
                Root::Halving => {
                    let k = self.candidates_for(iterations);
                    root::halving(&mut search, &mut budget, &mut rng, k, self.prior_weight)?
                        .map(|i| search.edges[i as usize].action)
                }
            };
            Ok((search.root_stats(), choice))
        };
        // Where there are no threads (`check` refused more than one), the
        // threaded branch is not in the program at all.
        let per_thread: Vec<Result<_, BotError>> = if threads == 1 || !crate::thread::THREADS {
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
        let per_thread = per_thread.into_iter().collect::<Result<Vec<_>, _>>()?;
        let mut total: RootStats = Vec::new();
        let mut choices = Vec::new();
        for (stats, choice) in per_thread {
            choices.extend(choice);
            if total.is_empty() {
                total = stats;
                continue;
            }
            for (a, v, r) in stats {
                if let Some(x) = total.iter_mut().find(|x| x.0 == a) {
                    x.1 += v;
                    x.2 += r;
                } else {
                    total.push((a, v, r));
                }
            }
        }
        Ok((total, choices))
    }
}

impl Bot for Ismcts {
    fn name(&self) -> &str {
        self.label
    }

    fn set_cancel(&mut self, cancel: &Cancel) {
        self.cancel = Some(cancel.clone());
    }

    fn choose(&mut self, view: &InfoSet, rng: &mut SplitMix64) -> Result<Action, BotError> {
        self.decide(view, rng).map(|x| x.0)
    }

    fn choose_with_visits(
        &mut self,
        view: &InfoSet,
        rng: &mut SplitMix64,
    ) -> Result<(Action, Vec<(Action, u64)>), BotError> {
        let (action, stats) = self.decide(view, rng)?;
        Ok((action, stats.into_iter().map(|x| (x.0, x.1)).collect()))
    }
}

impl Ismcts {
    /// The action to play and the root's statistics (none with a single
    /// legal action).
    fn decide(
        &mut self,
        view: &InfoSet,
        rng: &mut SplitMix64,
    ) -> Result<(Action, RootStats), BotError> {
        self.check()?;
        let position = view.position();
        match position.legal_action_count() {
            0 => return Err(BotError::GameOver),
            1 => {
                let mut only = Action::Pass;
                position.for_each_legal(|a| only = a);
                return Ok((only, Vec::new()));
            }
            _ => {}
        }
        let (stats, choices) = self.search(view, rng)?;
        if self.temperature > 0.0 {
            // Drawn with probability ∝ visits^(1/temperature).
            let top = stats.iter().map(|x| x.1).max().unwrap_or(1).max(1) as f64;
            let weights: Vec<f64> = stats
                .iter()
                .map(|x| libm::pow(x.1 as f64 / top, 1.0 / self.temperature))
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            for (w, s) in weights.iter().zip(&stats) {
                if x < *w {
                    return Ok((s.0, stats));
                }
                x -= w;
            }
        }
        let visits = |a: Action| stats.iter().find(|x| x.0 == a).map_or(0, |x| x.1);
        if let Some(&first) = choices.first() {
            // Sequential halving: the action most threads chose; ties by
            // visits, then by action id.
            let chosen = choices
                .iter()
                .copied()
                .max_by_key(|&a| {
                    let votes = choices.iter().filter(|&&b| b == a).count();
                    (votes, visits(a), std::cmp::Reverse(a.id()))
                })
                .unwrap_or(first);
            return Ok((chosen, stats));
        }
        // The most visited action; ties by mean reward, then by action id.
        let chosen = stats
            .iter()
            .max_by(|x, y| {
                x.1.cmp(&y.1)
                    .then((x.2 / x.1.max(1) as f64).total_cmp(&(y.2 / y.1.max(1) as f64)))
                    .then(y.0.id().cmp(&x.0.id()))
            })
            .map(|x| x.0)
            .ok_or(BotError::GameOver)?;
        Ok((chosen, stats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::{Config, State, Variant};

    fn start(players: u8, seed: u64) -> State {
        State::new(&Config::new(players, Variant::Expert, seed)).unwrap()
    }

    #[test]
    fn a_full_tree_stops_growing_and_the_search_goes_on() {
        let state = start(3, 4);
        let view = InfoSet::to_act(&state).unwrap();
        let bot = Ismcts::default();
        let root_children = state.legal_action_count();
        let cap = root_children + 300;
        let settings = bot.settings();
        let mut search = Search::new(&settings, &bot.tables, &view, None, cap);
        let mut rng = SplitMix64::new(1);
        for _ in 0..2_000 {
            search.iterate(&mut rng, None);
        }
        assert!(search.edges.len() <= cap, "{} edges", search.edges.len());
        // Its memory too: the edge vector never grew past the cap (plus
        // one node's children), as doubling would have.
        assert!(
            search.edges.capacity() <= cap + MAX_ACTIONS,
            "capacity {}",
            search.edges.capacity()
        );
        // The tree did grow below the root until it was full...
        assert!(search.edges.len() > 1 + root_children);
        // ...and every iteration was still played out and backed up.
        assert_eq!(search.edges[0].visits, 2_000);
        let visits: u64 = search.root_stats().iter().map(|x| x.1).sum();
        assert_eq!(visits, 2_000);
        // Without a cap the same search grows far beyond it.
        let mut free = Search::new(&settings, &bot.tables, &view, None, MAX_TREE_EDGES);
        let mut rng = SplitMix64::new(1);
        for _ in 0..2_000 {
            free.iterate(&mut rng, None);
        }
        assert!(free.edges.len() > 10 * cap);
    }

    #[test]
    fn a_search_may_spend_more_iterations_with_more_players() {
        let bot = Ismcts {
            iterations: Some(60),
            root: Root::Uct,
            ..Ismcts::default()
        }
        .with_iterations_by_players([60, 75, 90]);
        for (players, want) in [(2, 60), (3, 75), (4, 90)] {
            let state = start(players, 1);
            let view = InfoSet::to_act(&state).unwrap();
            let (stats, _) = bot.search(&view, &mut SplitMix64::new(1)).unwrap();
            let visits: u64 = stats.iter().map(|x| x.1).sum();
            assert_eq!(visits, want, "{players} players");
        }
        // A time budget alone stays one at every table.
        let timed = Ismcts {
            iterations: None,
            seconds: Some(1.0),
            ..Ismcts::default()
        }
        .with_iterations_by_players([60, 75, 90]);
        assert_eq!(timed.iterations_for(4), None);
        // The presets: only `expert` changes with the table.
        let per_table = |kind: crate::BotKind| {
            let b = crate::presets::search(kind).unwrap();
            [2, 3, 4].map(|p| b.iterations_for(p))
        };
        assert_eq!(
            per_table(crate::BotKind::Expert),
            [Some(11_000), Some(14_000), Some(15_000)]
        );
        // `expert` orders its moves by the learned prior; the others by
        // the greedy evaluation.
        assert_eq!(
            crate::presets::search(crate::BotKind::Expert)
                .unwrap()
                .prior,
            Prior::Learned
        );
        assert_eq!(
            crate::presets::search(crate::BotKind::Strong)
                .unwrap()
                .prior,
            Prior::Greedy
        );
        assert_eq!(per_table(crate::BotKind::Strong), [Some(1_000); 3]);
        assert_eq!(per_table(crate::BotKind::Casual), [Some(300); 3]);
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
                let view = InfoSet::to_act(&s).unwrap();
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
        let view = InfoSet::to_act(&state).unwrap();
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
