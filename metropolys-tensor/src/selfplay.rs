//! Self-play data for the bots' learned evaluation
//! ([`metropolys_bots::learned`], docs/learning.md): games played by a
//! teacher bot in every seat, each decision recorded as what the network
//! reads ([`metropolys_bots::learned::features`]: the observation of the
//! seat to act with every card revealed, what the search values at its
//! leaves, where every card is sampled, and the scores as they stand) and, once the game is over, each
//! seat's reward ([`metropolys_bots::learned::target`]) in the viewer's
//! relative slots.
//!
//! Games are independent and seeded (game `g` from `seed` and `g` alone),
//! so the samples are the same whatever the threads.

#[cfg(test)]
use metropolys_bots::learned::BELIEF_FEATURES;
use metropolys_bots::learned::{belief_examples, features, SecretKind, INPUTS};
use metropolys_bots::observation::relative;
use metropolys_bots::prior::prior_examples;
use metropolys_bots::{learned, BotError, BotSpec, Cancel, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Config, State, Variant, MAX_PLAYERS};
use rayon::prelude::*;

/// The most games one call generates.
pub const MAX_GAMES: u64 = 10_000_000;

/// The most rows one call returns (each row's features are 3.7 KB: 7.5 GB
/// in all). A run that would return more stops with
/// [`SelfPlayError::Options`] as soon as its games have that many, before
/// it holds much more; larger data sets are generated in several calls
/// (other seeds) and kept as shards.
pub const MAX_ROWS: usize = 2_000_000;

/// The most rows one call of [`prior_selfplay`] returns (a row is one
/// legal action: 12 features and its columns, 66 bytes, about 1 GB in
/// all).
pub const MAX_PRIOR_ROWS: usize = 16_000_000;

/// What to generate.
#[derive(Debug, Clone)]
pub struct SelfPlayOptions {
    /// The number of games.
    pub games: u64,
    /// The player counts, game `g` having `players[g % len]`.
    pub players: Vec<u8>,
    /// The variant of every game.
    pub variant: Variant,
    /// The bot in every seat.
    pub teacher: BotSpec,
    /// The seed of every game's deal and bots.
    pub seed: u64,
    /// Worker threads (0: the machine's cores).
    pub threads: usize,
    /// Keep one decision in `stride` (1: every decision; the kept ones
    /// start at a seeded offset in each game).
    pub stride: u32,
    /// 0: each row's values are the rewards of the game's end. Above 0:
    /// the mean rewards of this many random playouts from the row's
    /// position (what one iteration of the search estimates, without its
    /// noise).
    pub playouts: u32,
}

/// The samples of a run, one row per decision, games in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Samples {
    /// `rows × INPUTS` features (the seat to act's observation, every
    /// card revealed, and the scores as they stand).
    pub features: Vec<f32>,
    /// `rows × 4` values, in the viewer's relative slots (slot 0: the seat
    /// to act; zero beyond the player count): the rewards of the game's end,
    /// or with [`SelfPlayOptions::playouts`] the playouts' mean rewards.
    pub values: Vec<f32>,
    /// `rows × 4` rewards of the game's end, in the same slots (the same
    /// as `values` without playouts).
    pub outcomes: Vec<f32>,
    /// The game of each row (its index in the run).
    pub game: Vec<u32>,
    /// The player count of each row.
    pub players: Vec<u8>,
    /// The decision's index in its game.
    pub decision: Vec<u16>,
}

impl Samples {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.game.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.game.is_empty()
    }

    fn append(&mut self, mut other: Samples) {
        self.features.append(&mut other.features);
        self.values.append(&mut other.values);
        self.outcomes.append(&mut other.outcomes);
        self.game.append(&mut other.game);
        self.players.append(&mut other.players);
        self.decision.append(&mut other.decision);
    }
}

/// A run that cannot start or was stopped.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SelfPlayError {
    /// Options out of range.
    #[error("{0}")]
    Options(String),
    /// A bot failed (or the run was cancelled: [`BotError::Interrupted`]).
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A bot chose an illegal action.
    #[error(transparent)]
    Rule(#[from] metropolys_core::RuleError),
    /// The worker threads could not start.
    #[error("the worker threads could not start: {0}")]
    Threads(String),
}

/// Game `g`'s generator: one SplitMix64 step per game index, so each game
/// is its own stream.
fn game_rng(seed: u64, g: u64) -> SplitMix64 {
    let mut mix = SplitMix64::new(seed ^ g.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    SplitMix64::new(mix.next_u64())
}

/// What the teacher chose at a decision: the action and the visits its
/// search gave each root action (none for a bot that does not search).
type Choice = (metropolys_core::Action, Vec<(metropolys_core::Action, u64)>);

/// Plays game `g` of the teacher against itself: `setup` draws what it
/// needs from the game's generator once the deal is drawn, and `at` is
/// called at every decision, once the bot has chosen (from the position
/// before the choice is played), with the decision's index and the
/// choice. Returns what `setup` made and the finished game.
fn drive<S>(
    opts: &SelfPlayOptions,
    g: u64,
    cancel: Option<&Cancel>,
    setup: impl FnOnce(&mut SplitMix64) -> S,
    mut at: impl FnMut(&mut S, &State, u8, u32, &Choice) -> Result<(), SelfPlayError>,
) -> Result<(S, State), SelfPlayError> {
    let players = opts.players[(g % opts.players.len() as u64) as usize];
    let mut rng = game_rng(opts.seed, g);
    let config = Config::new(players, opts.variant, rng.next_u64());
    let mut state = State::new(&config).map_err(|e| SelfPlayError::Options(e.to_string()))?;
    let mut bots: Vec<_> = (0..players).map(|_| opts.teacher.build()).collect();
    if let Some(c) = cancel {
        bots.iter_mut().for_each(|b| b.set_cancel(c));
    }
    let mut made = setup(&mut rng);
    let mut decision = 0u32;
    while let Some(seat) = state.to_act() {
        if cancel.is_some_and(Cancel::is_cancelled) {
            return Err(BotError::Interrupted.into());
        }
        let view = InfoSet::to_act(&state)?;
        let choice = bots[usize::from(seat)].choose_with_visits(&view, &mut rng)?;
        at(&mut made, &state, seat, decision, &choice)?;
        decision += 1;
        state = state.play(choice.0)?;
    }
    Ok((made, state))
}

/// The decision each game keeps first of every `stride` (drawn only when
/// `stride` is above 1, so that every decision kept draws nothing).
fn stride_offset(stride: u32, rng: &mut SplitMix64) -> u32 {
    if stride > 1 {
        rng.below(u64::from(stride)) as u32
    } else {
        0
    }
}

/// One game's samples.
fn play(opts: &SelfPlayOptions, g: u64, cancel: Option<&Cancel>) -> Result<Samples, SelfPlayError> {
    let players = opts.players[(g % opts.players.len() as u64) as usize];
    let stride = opts.stride.max(1);
    let mut out = Samples::default();
    // (viewer, the playouts' mean rewards by absolute seat, if asked).
    let mut kept: Vec<(u8, Option<[f64; MAX_PLAYERS]>)> = Vec::new();
    let mut x = [0f32; INPUTS];
    let setup = |rng: &mut SplitMix64| {
        let offset = stride_offset(stride, rng);
        // Drawn only when asked for, so that every decision with no
        // playouts gives the games the generator gave before it had these
        // options.
        let playout_rng = SplitMix64::new(if opts.playouts > 0 { rng.next_u64() } else { 0 });
        (offset, playout_rng)
    };
    let (_, state) = drive(
        opts,
        g,
        cancel,
        setup,
        |(offset, playout_rng), state, seat, decision, _| {
            if decision % stride == *offset {
                features(state, seat, &mut x);
                out.features.extend_from_slice(&x);
                out.decision.push(decision as u16);
                let mean = (opts.playouts > 0).then(|| {
                    let mut sum = [0.0; MAX_PLAYERS];
                    for _ in 0..opts.playouts {
                        let end = play_random(*state, playout_rng);
                        for (s, r) in sum.iter_mut().zip(learned::target(&end)) {
                            *s += r;
                        }
                    }
                    sum.map(|s| s / f64::from(opts.playouts))
                });
                kept.push((seat, mean));
            }
            Ok(())
        },
    )?;
    let end = learned::target(&state);
    for (viewer, mean) in kept {
        let rotate = |target: [f64; MAX_PLAYERS]| {
            let mut row = [0f32; MAX_PLAYERS];
            for seat in 0..players {
                row[relative(seat, viewer, players)] = target[usize::from(seat)] as f32;
            }
            row
        };
        out.values.extend_from_slice(&rotate(mean.unwrap_or(end)));
        out.outcomes.extend_from_slice(&rotate(end));
        out.game.push(g as u32);
        out.players.push(players);
    }
    Ok(out)
}

/// Plays `opts.games` games of the teacher against itself and returns
/// their samples (games in order; the same for any number of threads).
/// `cancel`, raised, stops the run with [`BotError::Interrupted`];
/// `progress(done)` is called after each game (from the worker threads).
pub fn selfplay(
    opts: &SelfPlayOptions,
    cancel: Option<&Cancel>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Samples, SelfPlayError> {
    run(opts, cancel, progress, MAX_ROWS, play)
}

/// The rows of a run, gathered game by game.
trait Rows: Default + Send {
    /// The number of rows.
    fn rows(&self) -> usize;
    /// Appends the rows of the next game.
    fn append_game(&mut self, other: Self);
}

impl Rows for Samples {
    fn rows(&self) -> usize {
        self.len()
    }
    fn append_game(&mut self, other: Samples) {
        self.append(other);
    }
}

/// The games of `opts` played with `play_game` on the worker threads, at
/// most `max_rows` rows.
fn run<R: Rows>(
    opts: &SelfPlayOptions,
    cancel: Option<&Cancel>,
    progress: &(dyn Fn(u64) + Sync),
    max_rows: usize,
    play_game: fn(&SelfPlayOptions, u64, Option<&Cancel>) -> Result<R, SelfPlayError>,
) -> Result<R, SelfPlayError> {
    if opts.games > MAX_GAMES {
        return Err(SelfPlayError::Options(format!(
            "games must be at most {MAX_GAMES}, not {}",
            opts.games
        )));
    }
    if opts.players.is_empty() || opts.players.iter().any(|p| !(2..=4).contains(p)) {
        return Err(SelfPlayError::Options(format!(
            "R-1: players must be a non-empty list of 2, 3 or 4, not {:?}",
            opts.players
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .thread_name(|i| format!("metropolys-selfplay-{i}"))
        .build()
        .map_err(|e| SelfPlayError::Threads(e.to_string()))?;
    let done = std::sync::atomic::AtomicU64::new(0);
    let rows = std::sync::atomic::AtomicUsize::new(0);
    let games: Result<Vec<R>, SelfPlayError> = pool.install(|| {
        (0..opts.games)
            .into_par_iter()
            .map(|g| {
                let r = play_game(opts, g, cancel)?;
                progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
                let total = rows.fetch_add(r.rows(), std::sync::atomic::Ordering::Relaxed) + r.rows();
                if total > max_rows {
                    return Err(SelfPlayError::Options(format!(
                        "the games would give more than {max_rows} rows (at most {max_rows} in one call): fewer games, a larger stride, or several calls kept as shards"
                    )));
                }
                Ok(r)
            })
            .collect()
    });
    let mut out = R::default();
    for g in games? {
        out.append_game(g);
    }
    Ok(out)
}

/// The columns every row of a run of examples carries beside its own: the
/// example it belongs to, its game, the player count and the decision. The
/// rows of one example are consecutive; examples are numbered through the
/// run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExampleRows {
    /// The example of each row (its index in the run).
    pub example: Vec<u32>,
    /// The game of each row (its index in the run).
    pub game: Vec<u32>,
    /// The player count of each row.
    pub players: Vec<u8>,
    /// The decision's index in its game.
    pub decision: Vec<u16>,
}

impl ExampleRows {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.game.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.game.is_empty()
    }

    /// The number of examples.
    pub fn examples(&self) -> usize {
        self.example.last().map_or(0, |e| *e as usize + 1)
    }

    /// One example of `rows` rows at decision `at`.
    fn push_example(&mut self, at: &At, rows: usize) {
        let example = self.examples() as u32;
        for _ in 0..rows {
            self.example.push(example);
            self.game.push(at.game);
            self.players.push(at.players);
            self.decision.push(at.decision);
        }
    }

    /// Appends the next game's rows, numbering its examples after these.
    fn append(&mut self, mut other: ExampleRows) {
        let base = self.examples() as u32;
        other.example.iter_mut().for_each(|e| *e += base);
        self.example.append(&mut other.example);
        self.game.append(&mut other.game);
        self.players.append(&mut other.players);
        self.decision.append(&mut other.decision);
    }
}

/// The decision an example is taken at.
struct At {
    game: u32,
    players: u8,
    decision: u16,
}

/// A run of examples: its own columns and the shared [`ExampleRows`].
trait Examples: Default + Send {
    /// The rows' shared columns.
    fn keys(&self) -> &ExampleRows;
    /// The rows' shared columns, to write.
    fn keys_mut(&mut self) -> &mut ExampleRows;
    /// Appends the next game's own columns (not the shared ones).
    fn append_own(&mut self, other: &mut Self);
}

impl<E: Examples> Rows for E {
    fn rows(&self) -> usize {
        self.keys().len()
    }
    fn append_game(&mut self, mut other: E) {
        self.append_own(&mut other);
        let keys = std::mem::take(other.keys_mut());
        self.keys_mut().append(keys);
    }
}

/// One game's examples: `each` is called at every decision kept (one in
/// `opts.stride`, from a seeded offset) with the position, the seat to
/// act and the teacher's choice; it writes its own columns and, for each
/// example, [`ExampleRows::push_example`] with the decision given.
fn play_examples<E: Examples>(
    opts: &SelfPlayOptions,
    g: u64,
    cancel: Option<&Cancel>,
    mut each: impl FnMut(&mut E, &At, &State, u8, &Choice) -> Result<(), SelfPlayError>,
) -> Result<E, SelfPlayError> {
    let players = opts.players[(g % opts.players.len() as u64) as usize];
    let stride = opts.stride.max(1);
    let mut out = E::default();
    let setup = |rng: &mut SplitMix64| stride_offset(stride, rng);
    drive(
        opts,
        g,
        cancel,
        setup,
        |offset, state, seat, decision, choice| {
            if decision % stride != *offset {
                return Ok(());
            }
            let at = At {
                game: g as u32,
                players,
                decision: decision as u16,
            };
            each(&mut out, &at, state, seat, choice)
        },
    )?;
    Ok(out)
}

/// The examples of the learned belief over the opponents' secret cards
/// ([`metropolys_bots::learned::belief_examples`]) of a run: at every
/// decision kept, the seat to act's view of each opponent's cards. One row
/// per card an opponent's card may be; the rows of one example are
/// consecutive.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BeliefSamples {
    /// `rows × BELIEF_FEATURES` features
    /// ([`metropolys_bots::learned::BELIEF_FEATURES`]).
    pub features: Vec<f64>,
    /// Which card: 0 the area card, 1 the neighborhood card, 2 the
    /// Metropolys card.
    pub kind: Vec<u8>,
    /// The candidate card's index among its kind (`Area::index`,
    /// `Kind::index`, its index in `METROPOLYS_CARDS`).
    pub candidate: Vec<u8>,
    /// Whether the opponent holds this card.
    pub truth: Vec<bool>,
    /// Each row's example, game, player count and decision.
    pub keys: ExampleRows,
}

impl BeliefSamples {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

impl Examples for BeliefSamples {
    fn keys(&self) -> &ExampleRows {
        &self.keys
    }
    fn keys_mut(&mut self) -> &mut ExampleRows {
        &mut self.keys
    }
    fn append_own(&mut self, other: &mut BeliefSamples) {
        self.features.append(&mut other.features);
        self.kind.append(&mut other.kind);
        self.candidate.append(&mut other.candidate);
        self.truth.append(&mut other.truth);
    }
}

/// One game's belief examples.
fn play_belief(
    opts: &SelfPlayOptions,
    g: u64,
    cancel: Option<&Cancel>,
) -> Result<BeliefSamples, SelfPlayError> {
    play_examples(
        opts,
        g,
        cancel,
        |out: &mut BeliefSamples, at, state, seat, _| {
            for e in belief_examples(state, seat)? {
                for (i, (c, f)) in e.candidates.iter().zip(&e.features).enumerate() {
                    out.features.extend_from_slice(f);
                    out.kind.push(match e.kind {
                        SecretKind::Area => 0,
                        SecretKind::Neighborhood => 1,
                        SecretKind::Metropolys => 2,
                    });
                    out.candidate.push(*c as u8);
                    out.truth.push(i == e.truth);
                }
                out.keys.push_example(at, e.candidates.len());
            }
            Ok(())
        },
    )
}

/// Plays `opts.games` games of the teacher against itself and returns the
/// learned belief's examples ([`BeliefSamples`]; `opts.playouts` is not
/// read): games in order, the same for any number of threads. `cancel` and
/// `progress` as for [`selfplay`].
pub fn belief_selfplay(
    opts: &SelfPlayOptions,
    cancel: Option<&Cancel>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BeliefSamples, SelfPlayError> {
    run(opts, cancel, progress, MAX_ROWS, play_belief)
}

/// The examples of the learned prior over moves
/// ([`metropolys_bots::prior::prior_examples`]) of a run: at every decision
/// kept with more than one legal action, one row per legal action, with
/// its features and the visits the teacher's search gave it. The rows of
/// one example are consecutive, in the engine's order of legal actions.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PriorSamples {
    /// `rows × PRIOR_FEATURES` features
    /// ([`metropolys_bots::prior::PRIOR_FEATURES`]).
    pub features: Vec<f32>,
    /// The action's id ([`metropolys_core::Action::id`]).
    pub action: Vec<u16>,
    /// The visits the teacher's search gave the action at its root.
    pub visits: Vec<u32>,
    /// Whether the teacher played the action.
    pub chosen: Vec<bool>,
    /// Each row's example, game, player count and decision.
    pub keys: ExampleRows,
}

impl PriorSamples {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

impl Examples for PriorSamples {
    fn keys(&self) -> &ExampleRows {
        &self.keys
    }
    fn keys_mut(&mut self) -> &mut ExampleRows {
        &mut self.keys
    }
    fn append_own(&mut self, other: &mut PriorSamples) {
        self.features.append(&mut other.features);
        self.action.append(&mut other.action);
        self.visits.append(&mut other.visits);
        self.chosen.append(&mut other.chosen);
    }
}

/// One game's prior examples.
fn play_prior(
    opts: &SelfPlayOptions,
    g: u64,
    cancel: Option<&Cancel>,
) -> Result<PriorSamples, SelfPlayError> {
    play_examples(
        opts,
        g,
        cancel,
        |out: &mut PriorSamples, at, state, _, choice| {
            let (chosen, visits) = choice;
            if visits.is_empty() {
                return Ok(());
            }
            let Some(e) = prior_examples(state) else {
                return Ok(());
            };
            for (a, f) in e.actions.iter().zip(&e.features) {
                out.features.extend_from_slice(f);
                // A legal action always has an id.
                out.action.push(a.id().unwrap_or(u16::MAX));
                let n = visits.iter().find(|x| x.0 == *a).map_or(0, |x| x.1);
                out.visits.push(u32::try_from(n).unwrap_or(u32::MAX));
                out.chosen.push(a == chosen);
            }
            out.keys.push_example(at, e.actions.len());
            Ok(())
        },
    )
}

/// Plays `opts.games` games of the teacher against itself and returns the
/// learned prior's examples ([`PriorSamples`]; `opts.playouts` is not
/// read): games in order, the same for any number of threads. The teacher
/// must search (an `ismcts` kind or a searching preset): a bot that gives
/// no visits gives no examples. `cancel` and `progress` as for
/// [`selfplay`].
pub fn prior_selfplay(
    opts: &SelfPlayOptions,
    cancel: Option<&Cancel>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PriorSamples, SelfPlayError> {
    run(opts, cancel, progress, MAX_PRIOR_ROWS, play_prior)
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_bots::BotKind;

    fn opts(threads: usize) -> SelfPlayOptions {
        SelfPlayOptions {
            games: 6,
            players: vec![2, 3, 4],
            variant: Variant::Expert,
            teacher: BotSpec::new(BotKind::Greedy),
            seed: 7,
            threads,
            stride: 1,
            playouts: 0,
        }
    }

    #[test]
    fn samples_are_the_same_whatever_the_threads() {
        let one = selfplay(&opts(1), None, &|_| {}).unwrap();
        let two = selfplay(&opts(2), None, &|_| {}).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.features.len(), one.len() * INPUTS);
        assert_eq!(one.values.len(), one.len() * MAX_PLAYERS);
        assert_eq!(one.values, one.outcomes);
        assert_eq!(*one.game.last().unwrap(), 5);
    }

    #[test]
    fn values_are_the_rewards_of_the_end_from_the_viewers_side() {
        let s = selfplay(&opts(1), None, &|_| {}).unwrap();
        for row in 0..s.len() {
            let v = &s.values[row * 4..row * 4 + 4];
            let n = usize::from(s.players[row]);
            assert!(v[..n].iter().all(|x| (0.0..=1.0).contains(x)));
            assert!(v[n..].iter().all(|&x| x == 0.0));
            // The observation's to_act piece names slot 0 (the viewer).
            let obs = &s.features[row * INPUTS..][..INPUTS];
            assert_eq!(obs[crate::PIECES[3].1], 1.0);
        }
        // Within a game the rows rotate the same rewards: the sums agree.
        let sum = |r: usize| s.values[r * 4..r * 4 + 4].iter().sum::<f32>();
        assert!((sum(0) - sum(1)).abs() < 1e-6);
    }

    #[test]
    fn a_stride_keeps_one_decision_in_k_and_playouts_value_each_position() {
        let mut o = opts(1);
        o.stride = 4;
        o.playouts = 8;
        let some = selfplay(&o, None, &|_| {}).unwrap();
        assert!(some.len() > 6 * 4);
        for r in 0..some.len() {
            let d = some.decision[r];
            if r + 1 < some.len() && some.game[r + 1] == some.game[r] {
                assert_eq!(some.decision[r + 1], d + 4);
            }
            let v = &some.values[r * 4..r * 4 + 4];
            let n = usize::from(some.players[r]);
            assert!(v[..n].iter().all(|x| (0.0..=1.0).contains(x)));
            assert!(v[n..].iter().all(|&x| x == 0.0));
        }
        // The values are the playouts' means, the outcomes the game's end.
        let same = (0..some.len())
            .filter(|&r| some.values[r * 4..r * 4 + 4] == some.outcomes[r * 4..r * 4 + 4])
            .count();
        assert!(same < some.len() / 2, "{same} of {}", some.len());
    }

    #[test]
    fn a_run_beyond_its_rows_stops_with_an_error() {
        let o = opts(2);
        let all = run(&o, None, &|_| {}, usize::MAX, play).unwrap();
        assert!(all.len() > 10);
        assert_eq!(run(&o, None, &|_| {}, all.len(), play).unwrap(), all);
        let e = run(&o, None, &|_| {}, 10, play).unwrap_err();
        assert!(
            matches!(e, SelfPlayError::Options(ref m) if m.contains("more than 10 rows")),
            "{e}"
        );
    }

    #[test]
    fn bad_options_are_refused_and_a_raised_cancel_stops_the_run() {
        let mut o = opts(1);
        o.players = vec![5];
        assert!(matches!(
            selfplay(&o, None, &|_| {}),
            Err(SelfPlayError::Options(_))
        ));
        let cancel = Cancel::new();
        cancel.cancel();
        assert!(matches!(
            selfplay(&opts(1), Some(&cancel), &|_| {}),
            Err(SelfPlayError::Bot(BotError::Interrupted))
        ));
    }

    /// Every example of the belief's data is one opponent's card: its rows
    /// are consecutive, of one kind, one of them the card held; and the
    /// rows are the same whatever the threads.
    #[test]
    fn belief_examples_hold_one_truth_each_whatever_the_threads() {
        let mut o = opts(1);
        o.stride = 5;
        let one = belief_selfplay(&o, None, &|_| {}).unwrap();
        o.threads = 3;
        assert_eq!(belief_selfplay(&o, None, &|_| {}).unwrap(), one);
        let n = one.len();
        assert_eq!(one.features.len(), n * BELIEF_FEATURES);
        assert!(one.features.iter().all(|x| x.is_finite()));
        let examples = one.keys.examples();
        assert!(examples > 50, "{examples}");
        let mut truths = vec![0; examples];
        for r in 0..n {
            truths[one.keys.example[r] as usize] += usize::from(one.truth[r]);
            if r > 0 && one.keys.example[r] == one.keys.example[r - 1] {
                assert_eq!(one.kind[r], one.kind[r - 1]);
            } else if r > 0 {
                assert_eq!(one.keys.example[r], one.keys.example[r - 1] + 1);
            }
        }
        assert!(truths.iter().all(|&t| t == 1), "{truths:?}");
        // Area and neighborhood cards (these games deal no Metropolys
        // cards).
        assert!(one.kind.contains(&0) && one.kind.contains(&1));
    }

    /// Every example of the prior's data is one decision of the teacher:
    /// its rows are the legal actions, their visits the search's, one of
    /// them played; and the rows are the same whatever the threads.
    #[test]
    fn prior_examples_are_the_teachers_visits_whatever_the_threads() {
        let mut o = opts(1);
        o.games = 3;
        o.stride = 7;
        o.teacher = BotSpec::from_parts("ismcts", r#"{"iterations": 60}"#).unwrap();
        let one = prior_selfplay(&o, None, &|_| {}).unwrap();
        o.threads = 2;
        assert_eq!(prior_selfplay(&o, None, &|_| {}).unwrap(), one);
        let n = one.len();
        assert_eq!(
            one.features.len(),
            n * metropolys_bots::prior::PRIOR_FEATURES
        );
        let examples = one.keys.examples();
        assert!(examples > 10, "{examples}");
        let mut chosen = vec![0; examples];
        let mut visits = vec![0u64; examples];
        for r in 0..n {
            chosen[one.keys.example[r] as usize] += usize::from(one.chosen[r]);
            visits[one.keys.example[r] as usize] += u64::from(one.visits[r]);
        }
        assert!(chosen.iter().all(|&c| c == 1), "{chosen:?}");
        // Every iteration of the root's search visits one root action.
        assert!(visits.iter().all(|&v| v == 60), "{visits:?}");
        // A bot that does not search teaches nothing.
        o.teacher = BotSpec::new(BotKind::Greedy);
        assert!(prior_selfplay(&o, None, &|_| {}).unwrap().is_empty());
    }
}
