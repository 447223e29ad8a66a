//! A batch of games stepped together: the engine of Python's
//! `metropolys.VectorEnv` (docs/rl.md).
//!
//! * **Games.** Env `i` owns a generator `SplitMix64::stream(seed, i + 1)`
//!   ([`metropolys_core::rng`]). Each game of env `i` is set up from the next
//!   draw `s` of it: the same game as `State::new(&Config::new(players,
//!   variant, s))` (start player 0). Random opponents draw their moves from
//!   the same generator ([`State::random_action`]). So a batch is a pure
//!   function of the seed and the actions, whatever the thread count.
//! * **Threads.** With `threads > 1` a step splits the batch into that many
//!   small contiguous parts that the calling thread and a pool of
//!   `threads - 1` threads the batch keeps for its lifetime (started by
//!   [`VectorEnv::new`], not at every step) take one at a time.
//! * **Seats.** With [`Opponents::None`] every seat is played by the caller:
//!   each step acts for the seat to act and the observation is that seat's.
//!   With [`Opponents::Random`] or [`Opponents::Bot`] the caller plays
//!   [`LEARNER_SEAT`] (seat 0) in every game and the other seats move inside
//!   [`VectorEnv::step`], so the observation is always seat 0's.
//! * **Bot opponents** ([`Opponents::Bot`], any [`metropolys_bots::BotSpec`]
//!   kind and parameters). Each env owns one bot, which plays every other
//!   seat; it decides from that seat's [`InfoSet`] only and draws
//!   its randomness from the env's generator, so bot games are as
//!   reproducible as random ones, unless the bot itself is not (an `ismcts`
//!   bot with a `seconds` budget).
//! * **Rewards** (`[N, players]`): 0 during the game; when a game ends, +1
//!   for every winner (R-20, shared victories included) and −1 for every
//!   other seat.
//! * **Autoreset** (Gymnasium 1.x's default, "next step"): the step that ends
//!   a game returns its final observation with `terminated` set; the next
//!   step ignores that env's action, starts its next game and returns the
//!   new game's first observation with reward 0 and `terminated` false.
//!   `truncated` is always false: every game ends within
//!   [`crate::max_decisions`] decisions.
//! * **Final observation.** At the end of a game `to_act` is −1, the mask is
//!   all false and the observation is that of the seat that made the last
//!   decision (single-agent mode: seat 0).

use crate::{action_mask_into, observation_into, Reveal, ACTION_COUNT, OBSERVATION_SIZE};
use metropolys_bots::{choose_checked, Bot, BotError, BotSpec, Cancel, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, Config, ConfigError, Rule, RuleError, Seat, State, Variant};
use std::sync::{Mutex, PoisonError};

/// The largest batch [`VectorEnv::new`] accepts (about 5 GB of buffers).
pub const MAX_ENVS: usize = 1 << 20;
/// The most threads [`VectorEnv::new`] accepts.
pub const MAX_THREADS: usize = 1024;

/// The seat the caller plays in single-agent mode ([`Opponents::Random`],
/// [`Opponents::Bot`]).
pub const LEARNER_SEAT: Seat = 0;

/// Who moves the seats the caller does not play.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Opponents {
    /// Nobody: the caller acts for every seat (multi-agent mode).
    None,
    /// Uniformly random legal moves, drawn inside the step (single-agent
    /// mode: the caller plays [`LEARNER_SEAT`]).
    Random,
    /// A native bot ([`BotSpec`]) moves the other seats inside the step
    /// (single-agent mode).
    Bot(BotSpec),
}

impl Opponents {
    /// The bot of a kind's name and its parameters as JSON text (`"{}"` or
    /// `""` for the defaults), read by [`BotSpec::from_parts`] (unknown
    /// kinds, parameters and out-of-range values are errors).
    pub fn bot(kind: &str, params: &str) -> Result<Opponents, VectorError> {
        Ok(Opponents::Bot(BotSpec::from_parts(kind, params)?))
    }

    /// Whether the caller plays only [`LEARNER_SEAT`].
    pub fn single_agent(&self) -> bool {
        !matches!(self, Opponents::None)
    }

    /// Whether the opponents search ([`BotKind::searches`](metropolys_bots::BotKind::searches)): a step
    /// may then take as long as their budgets, and can be interrupted
    /// ([`VectorEnv::cancel_flag`]).
    pub fn search(&self) -> bool {
        matches!(self, Opponents::Bot(spec) if spec.kind().searches())
    }
}

/// Why a batch cannot be made or stepped. A failed step changes no game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VectorError {
    /// The configuration is not a game.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A batch needs at least one game and one thread.
    #[error("{0}")]
    Size(String),
    /// The output buffers do not match the batch.
    #[error("the {what} buffer holds {got} values; it needs exactly {want}")]
    BufferSize {
        /// Which buffer.
        what: &'static str,
        /// The size needed.
        want: usize,
        /// The size given.
        got: usize,
    },
    /// An action that is not legal in its game.
    #[error("env {env}: action {action} is illegal: {error}")]
    Illegal {
        /// The env index.
        env: usize,
        /// The action id given.
        action: i64,
        /// The broken rule.
        error: RuleError,
    },
    /// `step` before `reset`.
    #[error("call reset() before step()")]
    NotReset,
    /// A bot spec [`BotSpec`] refuses.
    #[error(transparent)]
    BotSpec(#[from] BotError),
    /// The step was interrupted ([`VectorEnv::cancel_flag`] raised while
    /// opponents were deciding): every game is as it was before the step.
    #[error("the step was interrupted; no game changed")]
    Interrupted,
    /// A thread could not be started (the system's limit on threads or
    /// memory was reached).
    #[error("cannot start a thread: {0}")]
    Thread(String),
    /// An opponent bot failed in a game (a defect of the bot: the native
    /// bots always return a legal action). That game keeps the position
    /// before the bad move; the other envs of the step were stepped.
    #[error("env {env}: the opponent bot failed: {error}")]
    Bot {
        /// The env index.
        env: usize,
        /// What went wrong.
        error: BotError,
    },
}

impl VectorError {
    /// The rulings an invalid configuration or an illegal action breaks
    /// (empty for the other errors).
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            VectorError::Config(e) => e.rule(),
            VectorError::Illegal { error, .. } => error.rule(),
            _ => &[],
        }
    }
}

/// The buffers a reset or step writes, each sized for the whole batch of
/// `N` games (row `i` belongs to env `i`).
#[derive(Debug)]
pub struct Outputs<'a> {
    /// `[N, OBSERVATION_SIZE]` observations.
    pub observations: &'a mut [f32],
    /// `[N, ACTION_COUNT]` legal-action masks of the seat to act.
    pub masks: &'a mut [bool],
    /// `[N]` the seat to act, −1 once the game is over.
    pub to_act: &'a mut [i64],
    /// `[N, players]` rewards of this step.
    pub rewards: &'a mut [f32],
    /// `[N]` the game ended at this step.
    pub terminated: &'a mut [bool],
    /// `[N]` always false (games always end).
    pub truncated: &'a mut [bool],
    /// `[N]` the seed of each env's current game (`Config::new(players,
    /// variant, seed)` sets it up again).
    pub seeds: &'a mut [u64],
}

impl Outputs<'_> {
    /// The same buffers, borrowed again.
    fn reborrow(&mut self) -> Outputs<'_> {
        Outputs {
            observations: self.observations,
            masks: self.masks,
            to_act: self.to_act,
            rewards: self.rewards,
            terminated: self.terminated,
            truncated: self.truncated,
            seeds: self.seeds,
        }
    }
}

#[derive(Debug)]
struct Env {
    state: State,
    /// The opponent bot ([`Opponents::Bot`]). In a `Mutex` only so that a
    /// batch is `Sync` (Python objects must be); it is never locked, only
    /// reached through `&mut` (`Mutex::get_mut`).
    bot: Option<Mutex<Box<dyn Bot>>>,
    rng: SplitMix64,
    seed: u64,
    /// The game ended at the previous step: the next step starts a new one.
    done: bool,
    /// Whose observation is written.
    seat: Seat,
    /// The caller's action for this step, checked by [`VectorEnv::step`]
    /// (`None` for an env that starts a new game).
    next: Option<Action>,
}

/// What a step changes in an env: kept before a step whose opponents
/// search, so that an interrupted step changes no game.
#[derive(Debug, Clone)]
struct Saved {
    state: State,
    rng: SplitMix64,
    seed: u64,
    done: bool,
    seat: Seat,
}

impl Saved {
    fn of(env: &Env) -> Saved {
        Saved {
            state: env.state,
            rng: env.rng.clone(),
            seed: env.seed,
            done: env.done,
            seat: env.seat,
        }
    }

    fn restore(self, env: &mut Env) {
        env.state = self.state;
        env.rng = self.rng;
        env.seed = self.seed;
        env.done = self.done;
        env.seat = self.seat;
        env.next = None;
    }
}

/// `N` games of the same player count and variant, stepped together.
#[derive(Debug)]
pub struct VectorEnv {
    players: u8,
    variant: Variant,
    opponents: Opponents,
    threads: usize,
    seed: u64,
    envs: Vec<Env>,
    started: bool,
    /// The workers of a threaded step, kept for the batch's lifetime
    /// (`None` with one thread).
    pool: Option<rayon::ThreadPool>,
    /// Raised, it interrupts the opponents' decisions of a step.
    cancel: Cancel,
}

impl VectorEnv {
    /// A batch of `num_envs` games. Nothing is played until
    /// [`VectorEnv::reset`].
    pub fn new(
        num_envs: usize,
        players: u8,
        variant: Variant,
        seed: u64,
        threads: usize,
        opponents: Opponents,
    ) -> Result<VectorEnv, VectorError> {
        if num_envs == 0 {
            return Err(VectorError::Size("num_envs must be at least 1".into()));
        }
        if threads == 0 {
            return Err(VectorError::Size("threads must be at least 1".into()));
        }
        // Absurd sizes are errors, not an allocation that aborts the process.
        if num_envs > MAX_ENVS {
            return Err(VectorError::Size(format!(
                "num_envs must be at most {MAX_ENVS}, not {num_envs}"
            )));
        }
        if threads > MAX_THREADS {
            return Err(VectorError::Size(format!(
                "threads must be at most {MAX_THREADS}, not {threads}"
            )));
        }
        // Validates the player count once.
        let state = State::new(&Config::new(players, variant, seed))?;
        let cancel = Cancel::new();
        let envs = (0..num_envs)
            .map(|_| {
                let bot = match &opponents {
                    Opponents::Bot(spec) => {
                        let mut bot = spec.build();
                        bot.set_cancel(&cancel);
                        Some(Mutex::new(bot))
                    }
                    _ => None,
                };
                Ok(Env {
                    state,
                    bot,
                    rng: SplitMix64::new(0),
                    seed: 0,
                    done: false,
                    seat: 0,
                    next: None,
                })
            })
            .collect::<Result<_, VectorError>>()?;
        // The calling thread steps games too: the pool has the others.
        let workers = threads.min(num_envs);
        let pool = if workers > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(workers - 1)
                .thread_name(|i| format!("metropolys-vector-{i}"))
                .build()
                .map_err(|e| VectorError::Thread(format!("{e} ({workers} threads asked)")))?;
            Some(pool)
        } else {
            None
        };
        Ok(VectorEnv {
            players,
            variant,
            opponents,
            threads,
            seed,
            envs,
            started: false,
            pool,
            cancel,
        })
    }

    /// The flag that interrupts a step: raised (from another thread, e.g.
    /// on Ctrl-C) while a step's opponents are deciding, it makes the step
    /// stop within a few search iterations with
    /// [`VectorError::Interrupted`], every game restored to where it was
    /// before the step. Each step lowers it first.
    pub fn cancel_flag(&self) -> Cancel {
        self.cancel.clone()
    }

    /// The number of games.
    pub fn num_envs(&self) -> usize {
        self.envs.len()
    }

    /// The player count.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Who moves the other seats.
    pub fn opponents(&self) -> &Opponents {
        &self.opponents
    }

    /// The number of threads a step uses.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The current state of env `i`.
    pub fn state(&self, i: usize) -> Option<&State> {
        self.envs.get(i).map(|e| &e.state)
    }

    /// Whether [`VectorEnv::reset`] has started the games (before it, no
    /// env holds a game yet and [`VectorEnv::step`] is an error).
    pub fn started(&self) -> bool {
        self.started
    }

    fn check_outputs(&self, out: &Outputs<'_>) -> Result<(), VectorError> {
        let n = self.envs.len();
        let sizes = [
            ("observations", n * OBSERVATION_SIZE, out.observations.len()),
            ("masks", n * ACTION_COUNT, out.masks.len()),
            ("to_act", n, out.to_act.len()),
            ("rewards", n * self.players as usize, out.rewards.len()),
            ("terminated", n, out.terminated.len()),
            ("truncated", n, out.truncated.len()),
            ("seeds", n, out.seeds.len()),
        ];
        for (what, want, got) in sizes {
            if want != got {
                return Err(VectorError::BufferSize { what, want, got });
            }
        }
        Ok(())
    }

    /// Starts every env afresh from `seed` (or the seed given at creation)
    /// and writes the first observations.
    pub fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) -> Result<(), VectorError> {
        self.check_outputs(&out)?;
        if let Some(s) = seed {
            self.seed = s;
        }
        self.reset_each(&[], out)
    }

    /// Like [`VectorEnv::reset`] with one seed per env (the Gymnasium vector
    /// API's list of seeds): env `i` starts again from `seeds[i]` as if the
    /// whole batch were reset with that seed, so `[s; N]` is `reset(Some(s))`;
    /// a `None` entry (or a missing one, past the end of `seeds`) uses the
    /// batch's seed. More seeds than envs is an error.
    pub fn reset_each(
        &mut self,
        seeds: &[Option<u64>],
        out: Outputs<'_>,
    ) -> Result<(), VectorError> {
        self.check_outputs(&out)?;
        if seeds.len() > self.envs.len() {
            return Err(VectorError::Size(format!(
                "{} seeds for {} envs: give at most one seed per env",
                seeds.len(),
                self.envs.len()
            )));
        }
        for (i, env) in self.envs.iter_mut().enumerate() {
            let seed = seeds.get(i).copied().flatten().unwrap_or(self.seed);
            env.rng = SplitMix64::stream(seed, i as u64 + 1);
            env.done = true;
        }
        self.started = true;
        for env in &mut self.envs {
            env.next = None;
        }
        match self.run_undoable(out) {
            Err(VectorError::Interrupted) => {
                self.started = false;
                Err(VectorError::Interrupted)
            }
            other => other,
        }
    }

    /// Checks every env's action, then (only if all are legal) applies them,
    /// moves the opponents, resets the games that ended at the previous step
    /// and writes the outputs. `actions[i]` is ignored for an env that
    /// starts a new game at this step.
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), VectorError> {
        if !self.started {
            return Err(VectorError::NotReset);
        }
        self.check_outputs(&out)?;
        if actions.len() != self.envs.len() {
            return Err(VectorError::BufferSize {
                what: "actions",
                want: self.envs.len(),
                got: actions.len(),
            });
        }
        let single_agent = self.opponents.single_agent();
        for (i, (env, &a)) in self.envs.iter_mut().zip(actions).enumerate() {
            env.next = None;
            if env.done {
                continue;
            }
            let action = u16::try_from(a)
                .map_err(|_| RuleError::UnknownActionId(a))
                .and_then(Action::from_id)
                .and_then(|action| {
                    // Single-agent mode: the caller plays the learner's seat
                    // only, even in an env whose opponent bot failed.
                    if single_agent {
                        env.state.check_player(LEARNER_SEAT)?;
                    }
                    env.state.check(action).map(|()| action)
                });
            match action {
                Ok(action) => env.next = Some(action),
                Err(error) => {
                    // No env changes: forget the actions checked so far.
                    for env in &mut self.envs {
                        env.next = None;
                    }
                    return Err(VectorError::Illegal {
                        env: i,
                        action: a,
                        error,
                    });
                }
            }
        }
        self.run_undoable(out)
    }

    /// [`VectorEnv::run`], undone when the cancel flag interrupts it (only
    /// opponents that search watch the flag, so only their steps keep what
    /// they change).
    fn run_undoable(&mut self, mut out: Outputs<'_>) -> Result<(), VectorError> {
        self.cancel.reset();
        if !self.opponents.search() {
            return self.run(out);
        }
        let saved: Vec<Saved> = self.envs.iter().map(Saved::of).collect();
        match self.run(out.reborrow()) {
            Err(_) if self.cancel.is_cancelled() => {
                for (env, s) in self.envs.iter_mut().zip(saved) {
                    s.restore(env);
                }
                // The buffers again as the previous call left them (they
                // are functions of the restored games).
                let p = self.players as usize;
                for (i, env) in self.envs.iter().enumerate() {
                    let rewards = &mut out.rewards[i * p..(i + 1) * p];
                    rewards.fill(0.0);
                    if env.done {
                        let winners = env.state.totals().winner_bits();
                        for (seat, r) in rewards.iter_mut().enumerate() {
                            *r = if winners & (1 << seat) != 0 {
                                1.0
                            } else {
                                -1.0
                            };
                        }
                    }
                    out.terminated[i] = env.done;
                    out.truncated[i] = false;
                    write_view(env, i, &mut out);
                }
                Err(VectorError::Interrupted)
            }
            other => other,
        }
    }

    /// Steps every env (actions already checked), splitting the batch over
    /// the threads. Only an opponent bot's failure is an error (the first
    /// env's, by index).
    // Long: splits the batch and its output buffers over the threads, then
    // steps each env; the split and the step share the buffers' borrows.
    fn run(&mut self, out: Outputs<'_>) -> Result<(), VectorError> {
        let n = self.envs.len();
        let p = self.players as usize;
        let threads = self.threads.min(n);
        let ctx = Ctx {
            players: self.players,
            variant: self.variant,
            single_agent: self.opponents.single_agent(),
            cancel: &self.cancel,
        };
        let Some(pool) = self.pool.as_ref().filter(|_| threads > 1) else {
            return step_chunk(&ctx, &mut self.envs, out, 0);
        };
        let Outputs {
            observations,
            masks,
            to_act,
            rewards,
            terminated,
            truncated,
            seeds,
        } = out;
        // Small parts, each a contiguous run of envs with its rows of every
        // buffer, taken one at a time by whichever thread is free: the
        // calling thread starts at once and the pool's threads join in as
        // they wake (waking a parked thread can take as long as stepping a
        // few hundred games). Which thread steps an env does not change it,
        // so the games are the same whatever the threads.
        let part = n.div_ceil(threads * PARTS_PER_THREAD).max(MIN_PART);
        let parts = self
            .envs
            .chunks_mut(part)
            .zip(observations.chunks_mut(part * OBSERVATION_SIZE))
            .zip(masks.chunks_mut(part * ACTION_COUNT))
            .zip(to_act.chunks_mut(part))
            .zip(rewards.chunks_mut(part * p))
            .zip(terminated.chunks_mut(part))
            .zip(truncated.chunks_mut(part))
            .zip(seeds.chunks_mut(part))
            .enumerate()
            .map(
                |(
                    k,
                    (
                        (
                            (((((envs, observations), masks), to_act), rewards), terminated),
                            truncated,
                        ),
                        seeds,
                    ),
                )| {
                    (
                        k * part,
                        envs,
                        Outputs {
                            observations,
                            masks,
                            to_act,
                            rewards,
                            terminated,
                            truncated,
                            seeds,
                        },
                    )
                },
            );
        let queue = Mutex::new(parts);
        let failures = Mutex::new(Vec::new());
        let work = || loop {
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((first, envs, out)) = next else {
                break;
            };
            if let Err(e) = step_chunk(&ctx, envs, out, first) {
                failures
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push((first, e));
            }
        };
        pool.in_place_scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|_| work());
            }
            work();
        });
        // The first failure by env index, whatever the threads.
        let mut failures = failures
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        failures.sort_by_key(|(first, _)| *first);
        match failures.into_iter().next() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// A threaded step cuts the batch into about this many parts per thread.
const PARTS_PER_THREAD: usize = 16;
/// The fewest envs in a part of a threaded step.
const MIN_PART: usize = 8;

struct Ctx<'a> {
    players: u8,
    variant: Variant,
    single_agent: bool,
    cancel: &'a Cancel,
}

/// Steps `envs`, the envs from index `first` on.
fn step_chunk(
    ctx: &Ctx<'_>,
    envs: &mut [Env],
    mut out: Outputs<'_>,
    first: usize,
) -> Result<(), VectorError> {
    let p = ctx.players as usize;
    let mut result = Ok(());
    for (i, env) in envs.iter_mut().enumerate() {
        let moved;
        let rewards = &mut out.rewards[i * p..(i + 1) * p];
        rewards.fill(0.0);
        out.terminated[i] = false;
        out.truncated[i] = false;
        if env.done {
            env.seed = env.rng.next_u64();
            // The player count was validated when the batch was made.
            if let Ok(state) = State::new(&Config::new(ctx.players, ctx.variant, env.seed)) {
                env.state = state;
            }
            env.done = false;
            moved = move_opponents(ctx, env);
        } else {
            let seat = env.state.to_act().unwrap_or(LEARNER_SEAT);
            if let Some(action) = env.next.take() {
                // Checked by `step` before any env changed.
                let played = env.state.play_in_place(action);
                debug_assert!(played.is_ok(), "{played:?}");
            }
            env.seat = seat;
            moved = move_opponents(ctx, env);
            if env.state.is_over() {
                env.done = true;
                out.terminated[i] = true;
                let winners = env.state.totals().winner_bits();
                for (seat, r) in rewards.iter_mut().enumerate() {
                    *r = if winners & (1 << seat) != 0 {
                        1.0
                    } else {
                        -1.0
                    };
                }
            }
        }
        if !env.done {
            env.seat = env.state.to_act().unwrap_or(LEARNER_SEAT);
        }
        if ctx.single_agent {
            env.seat = LEARNER_SEAT;
        }
        if let (Err(error), Ok(())) = (moved, &result) {
            result = Err(VectorError::Bot {
                env: first + i,
                error,
            });
        }
        write_view(env, i, &mut out);
    }
    result
}

/// Writes row `i` of the observation, mask, seat-to-act and seed buffers
/// from `env`.
fn write_view(env: &Env, i: usize, out: &mut Outputs<'_>) {
    out.to_act[i] = env.state.to_act().map_or(-1, i64::from);
    out.seeds[i] = env.seed;
    // Sizes were checked; the seat is in the game.
    let _ = observation_into(
        &env.state,
        env.seat,
        Reveal::Own,
        &mut out.observations[i * OBSERVATION_SIZE..(i + 1) * OBSERVATION_SIZE],
    );
    let _ = action_mask_into(
        &env.state,
        &mut out.masks[i * ACTION_COUNT..(i + 1) * ACTION_COUNT],
    );
}

/// Single-agent mode: plays the other seats until the learner is to act or
/// the game is over. A bot decides from the view of the seat to act only
/// its action is checked before it is played.
fn move_opponents(ctx: &Ctx<'_>, env: &mut Env) -> Result<(), BotError> {
    if !ctx.single_agent {
        return Ok(());
    }
    while let Some(seat) = env.state.to_act() {
        if seat == LEARNER_SEAT {
            break;
        }
        if ctx.cancel.is_cancelled() {
            return Err(BotError::Interrupted);
        }
        let action = match env.bot.as_mut() {
            None => match env.state.random_action(&mut env.rng) {
                Some(a) => a,
                None => break,
            },
            Some(bot) => {
                let bot = bot.get_mut().unwrap_or_else(PoisonError::into_inner);
                let view = InfoSet::new(&env.state, seat)?;
                choose_checked(bot.as_mut(), &view, &mut env.rng)?
            }
        };
        let _ = env.state.play_in_place(action);
    }
    Ok(())
}
