//! The review of a recorded game by the bots: for every decision, each
//! seat's chance of winning and expected total before and after it, the
//! reviewer's preferred action, a grade, and per seat an accuracy and the
//! game's turning points (docs/review.md).
//!
//! Two readings of every decision, always named apart:
//!
//! * **known**: judged with what the acting seat knew when it decided
//!   (R-21): its information set, the other seats' secret cards sampled
//!   from what it could not rule out. The grades and the accuracy come
//!   from this reading only, so a decision is never blamed for a card its
//!   player could not see.
//! * **revealed**: judged after the game with every card face up (the true
//!   position). The win-chance graph and the turning points use it.
//!
//! An estimate plays the position to the end many times (the greedy
//! playouts of the search, [`REVIEW_PLAYOUT`]), from `worlds` sampled
//! positions; the played and the preferred action are judged on the same
//! worlds and the same playouts (common random numbers), so their
//! difference is much less noisy than either. A review is reproducible
//! from its seed, whatever the number of threads, natively and in
//! WebAssembly.
//!
//! ```
//! use metropolys_bots::review::{review, Grade, ReviewOptions};
//! use metropolys_bots::BotKind;
//! use metropolys_core::{Config, Game, Variant};
//!
//! let mut game = Game::new(Config::new(2, Variant::Family, 3))?;
//! while let Some(_) = game.state().to_act() {
//!     game = game.apply(game.state().legal_actions()[0])?;
//! }
//! let options = ReviewOptions { preset: BotKind::Beginner, worlds: Some(8), ..Default::default() };
//! let r = review(&game.to_record()?, &options)?;
//! assert_eq!(r.decisions.len(), game.decisions());
//! assert!(r.decisions.iter().all(|d| d.revealed.is_some()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::arena::mix;
use crate::belief::Belief;
use crate::eval::Tables;
use crate::ismcts::{playout, Playout};
use crate::{Bot, BotError, BotKind, Cancel, Greedy, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, Record, Seat, State};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;

/// A drop of the acting seat's win chance (known reading) from this much
/// (0.05 = 5 percentage points) is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// A drop from this much is a mistake.
pub const MISTAKE: f64 = 0.10;
/// A drop from this much is a blunder.
pub const BLUNDER: f64 = 0.20;
/// A decision after which some seat's win chance (revealed reading) moved
/// by at least this much is a turning point candidate.
pub const TURNING_POINT: f64 = 0.15;
/// At most this many turning points are named, the largest swings.
pub const MAX_TURNING_POINTS: usize = 3;
/// The playout policy of the estimates: two random legal actions, the
/// better one by the greedy evaluation played.
pub const REVIEW_PLAYOUT: Playout = Playout::Greedy;
/// The calibration's exponent per player count (2, 3, 4 players), fitted
/// on self-play games of `strong` by the `calibration` example (`--fit`;
/// docs/review.md): the playouts' win frequencies are overconfident (a
/// seat that wins 75 % of the greedy playouts wins about 65 % of the games
/// played well), and [`temper`] shrinks them.
pub const SHARPNESS: [f64; 3] = [0.55, 0.59, 0.58];

/// The win chances of the seats from their playouts' win frequencies:
/// each raised to the player count's [`SHARPNESS`] and normalized (for two
/// seats, a scaling of the log-odds). Frequencies that are all zero stay
/// so.
///
/// ```
/// use metropolys_bots::review::temper;
/// let p = temper(&[0.75, 0.25]);
/// assert!(p[0] < 0.75 && p[0] > 0.5 && (p[0] + p[1] - 1.0).abs() < 1e-12);
/// assert_eq!(temper(&[1.0, 0.0]), [1.0, 0.0]);
/// ```
pub fn temper(frequencies: &[f64]) -> Vec<f64> {
    temper_with(frequencies, sharpness(frequencies.len()))
}

/// The exponent of [`temper`] for `players` seats.
fn sharpness(players: usize) -> f64 {
    SHARPNESS[players.clamp(2, 4) - 2]
}

/// [`temper`] with the exponent `a`.
pub fn temper_with(frequencies: &[f64], a: f64) -> Vec<f64> {
    let powered: Vec<f64> = frequencies
        .iter()
        .map(|&p| libm::pow(p.max(0.0), a))
        .collect();
    let total: f64 = powered.iter().sum();
    if total > 0.0 {
        powered.iter().map(|p| p / total).collect()
    } else {
        powered
    }
}

/// The weight `β` of the belief the known reading samples the other seats'
/// secret cards from: what the acting seat could infer from where each of
/// them had constructed (the search's `belief`, docs/bots.md), rather than
/// a uniform deal, which makes the acting seat's chances optimistic.
pub const REVIEW_BELIEF: f64 = 0.2;

/// The most worlds an estimate may sample.
pub const MAX_WORLDS: u32 = 100_000;

/// How a decision is graded, by the drop of its seat's win chance against
/// the reviewer's preferred action, in the known reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Grade {
    /// The only legal action: nothing to judge.
    Forced,
    /// The reviewer's own choice.
    Best,
    /// Another action, less than [`INACCURACY`] worse (or better).
    Good,
    /// A drop of at least [`INACCURACY`].
    Inaccuracy,
    /// A drop of at least [`MISTAKE`].
    Mistake,
    /// A drop of at least [`BLUNDER`].
    Blunder,
}

impl Grade {
    /// Every grade, best first after `forced`.
    pub const ALL: [Grade; 6] = [
        Grade::Forced,
        Grade::Best,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
    ];

    /// The grade of a decision that was not forced: `best` when the
    /// reviewer chose the same action, else by the drop `drop` (0..1) of
    /// the seat's win chance.
    ///
    /// ```
    /// use metropolys_bots::review::Grade;
    /// assert_eq!(Grade::of(false, 0.03), Grade::Good);
    /// assert_eq!(Grade::of(false, 0.05), Grade::Inaccuracy);
    /// assert_eq!(Grade::of(false, 0.12), Grade::Mistake);
    /// assert_eq!(Grade::of(false, 0.35), Grade::Blunder);
    /// assert_eq!(Grade::of(true, 0.35), Grade::Best);
    /// ```
    pub fn of(same_as_reviewer: bool, drop: f64) -> Grade {
        if same_as_reviewer {
            Grade::Best
        } else if drop >= BLUNDER {
            Grade::Blunder
        } else if drop >= MISTAKE {
            Grade::Mistake
        } else if drop >= INACCURACY {
            Grade::Inaccuracy
        } else {
            Grade::Good
        }
    }

    /// Its name in JSON and in the catalogues' ids (`review-grade-{id}`).
    pub fn id(self) -> &'static str {
        match self {
            Grade::Forced => "forced",
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }

    /// Whether the decision is marked in a log: an inaccuracy, a mistake
    /// or a blunder.
    pub fn is_error(self) -> bool {
        self >= Grade::Inaccuracy
    }
}

/// The accuracy of one decision, 0 to 100, from the drop of its seat's win
/// chance (0..1): lichess's curve, `103.1668 e^(−4.354 drop) − 3.1669`,
/// clamped.
///
/// ```
/// use metropolys_bots::review::accuracy;
/// assert!((accuracy(0.0) - 100.0).abs() < 0.01);
/// assert!(accuracy(0.1) < accuracy(0.05));
/// assert_eq!(accuracy(1.0), 0.0);
/// ```
pub fn accuracy(drop: f64) -> f64 {
    (103.1668 * libm::exp(-4.354 * drop.max(0.0)) - 3.1669).clamp(0.0, 100.0)
}

/// What playouts from a position gave, per seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// Each seat's chance of winning, 0 to 1 (a victory shared by `k`
    /// seats counts `1/k`, R-20); they sum to 1.
    pub win: Vec<f64>,
    /// Each seat's expected final total, in points.
    pub score: Vec<f64>,
}

/// One reading of a decision: the played and the preferred action, each
/// estimated on the same worlds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// After the action played.
    pub played: Estimate,
    /// After the reviewer's preferred action (the same as `played` when it
    /// is the action played).
    pub best: Estimate,
    /// The acting seat's win chance after `best` minus after `played`: what
    /// the decision cost (negative when the action played did better in
    /// these playouts).
    pub drop: f64,
}

/// One reviewed decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Its index in the record's actions (0 is the first decision).
    pub index: usize,
    /// The seat that decided.
    pub seat: Seat,
    /// What it played.
    pub played: Action,
    /// What the reviewer would have played, knowing what the seat knew.
    pub best: Action,
    /// Its grade (from the known reading).
    pub grade: Grade,
    /// Judged with what the seat knew.
    pub known: Reading,
    /// Judged with every card revealed; `None` in a review limited to one
    /// seat's knowledge ([`ReviewOptions::only`]).
    pub revealed: Option<Reading>,
}

/// One seat's summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// The mean [`accuracy`] of its decisions that were not forced, 0 to
    /// 100 (`None` when it had none).
    pub accuracy: Option<f64>,
    /// Its decisions that were not forced.
    pub decisions: usize,
    /// Of those, the inaccuracies.
    pub inaccuracies: usize,
    /// The mistakes.
    pub mistakes: usize,
    /// The blunders.
    pub blunders: usize,
}

/// A whole review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// The preset whose judgement it is ([`ReviewOptions::preset`]).
    pub reviewer: String,
    /// The seed it was computed from.
    pub seed: u64,
    /// The worlds each estimate sampled.
    pub worlds: u32,
    /// Seats at the table.
    pub players: u8,
    /// Whether the record's game is over.
    pub over: bool,
    /// The seat whose knowledge alone was used ([`ReviewOptions::only`]).
    pub only: Option<Seat>,
    /// The setup's estimate, with every card revealed (`None` with `only`).
    pub start: Option<Estimate>,
    /// The decisions reviewed, in game order.
    pub decisions: Vec<Decision>,
    /// One summary per seat.
    pub seats: Vec<SeatSummary>,
    /// The indices of the decisions that swung the game most (revealed
    /// reading), in game order.
    pub turning_points: Vec<usize>,
}

impl Review {
    /// Each seat's win chance after each position, with every card
    /// revealed: the setup, then after each decision (empty with `only`).
    /// The graph the front ends draw.
    pub fn win_chances(&self) -> Vec<Vec<f64>> {
        let Some(start) = &self.start else {
            return vec![];
        };
        std::iter::once(start.win.clone())
            .chain(
                self.decisions
                    .iter()
                    .filter_map(|d| d.revealed.as_ref().map(|r| r.played.win.clone())),
            )
            .collect()
    }
}

/// What a review is asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewOptions {
    /// The reviewer: a preset ([`crate::presets::PRESETS`]); its search
    /// (with no temperature) picks the preferred action, and it sets the
    /// worlds per estimate. `beginner` is the greedy evaluation.
    pub preset: BotKind,
    /// The worlds per estimate (`None`: the preset's, [`worlds_for`]).
    pub worlds: Option<u32>,
    /// Everything random derives from it.
    pub seed: u64,
    /// Decisions reviewed in parallel (results do not depend on it); 1
    /// where there are no threads ([`crate::THREADS`]).
    pub threads: usize,
    /// When raised, the review stops with [`BotError::Cancelled`].
    pub cancel: Option<Cancel>,
    /// Review only this seat's decisions, with only what it knew (no
    /// revealed reading, no graph): what a seat may see of a game still
    /// being played. A game that is not over can only be reviewed so.
    pub only: Option<Seat>,
    /// Report the playouts' win frequencies as they are, without the
    /// calibration ([`temper`]): what the calibration is fitted on.
    pub raw: bool,
}

impl Default for ReviewOptions {
    /// The `strong` reviewer, its worlds, seed 0, one thread.
    fn default() -> Self {
        ReviewOptions {
            preset: BotKind::Strong,
            worlds: None,
            seed: 0,
            threads: 1,
            cancel: None,
            only: None,
            raw: false,
        }
    }
}

/// The worlds per estimate of a preset: 64 (`beginner`), 128 (`casual`),
/// 256 (`strong`), 512 (`expert`); `None` for a kind that is not a preset.
pub fn worlds_for(preset: BotKind) -> Option<u32> {
    match preset {
        BotKind::Beginner => Some(64),
        BotKind::Casual => Some(128),
        BotKind::Strong => Some(256),
        BotKind::Expert => Some(512),
        _ => None,
    }
}

/// Reviews a record ([module docs](self)).
///
/// Errors: a record that does not replay ([`BotError::Review`]), a kind
/// that is not a preset, no worlds or more than [`MAX_WORLDS`], a game not
/// over without [`ReviewOptions::only`], threads where there are none
/// ([`BotError::BadParameters`]), a raised cancel flag
/// ([`BotError::Cancelled`], decisions done of the total).
pub fn review(record: &Record, options: &ReviewOptions) -> Result<Review, BotError> {
    review_with_progress(record, options, &|_, _| {})
}

/// [`review`], calling `progress(done, total)` after each decision.
pub fn review_with_progress(
    record: &Record,
    options: &ReviewOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Review, BotError> {
    let bad = |reason: String| BotError::BadParameters {
        kind: "review".into(),
        reason,
    };
    let default_worlds = worlds_for(options.preset).ok_or_else(|| {
        bad(format!(
            "the reviewer is a preset ({}), not {}",
            crate::presets::PRESETS.join(", "),
            options.preset.name()
        ))
    })?;
    let worlds = options.worlds.unwrap_or(default_worlds);
    if worlds == 0 || worlds > MAX_WORLDS {
        return Err(bad(format!(
            "worlds must be from 1 to {MAX_WORLDS}, not {worlds}"
        )));
    }
    if options.threads > crate::MAX_THREADS {
        return Err(bad(format!(
            "threads must be from 1 to {}, not {}",
            crate::MAX_THREADS,
            options.threads
        )));
    }
    if options.threads > 1 && !crate::THREADS {
        return Err(bad(crate::thread::NO_THREADS.into()));
    }
    let replay = record
        .replay()
        .map_err(|e| BotError::Review(e.to_string()))?;
    let players = record.config.players;
    let over = replay.final_state().is_over();
    if let Some(seat) = options.only {
        if seat >= players {
            return Err(bad(format!(
                "only names seat {seat}, in a game of {players} players"
            )));
        }
    } else if !over {
        return Err(bad(
            "the game is not over: while it is played, a review is limited to one seat's knowledge (only)".into(),
        ));
    }
    let chosen: Vec<usize> = record
        .actions
        .iter()
        .enumerate()
        .filter(|(_, ra)| options.only.is_none_or(|s| s == ra.player))
        .map(|(i, _)| i)
        .collect();
    let total = chosen.len();
    let tables = Tables::new();
    let ctx = Job {
        options,
        worlds,
        tables: &tables,
    };
    let done = Mutex::new(0usize);
    let job = |k: usize| -> Result<Decision, BotError> {
        let i = chosen[k];
        let d = ctx.decision(
            i,
            &replay.states[i],
            record.actions[i].player,
            record.actions[i].action,
        )?;
        let mut n = done.lock().unwrap_or_else(|e| e.into_inner());
        *n += 1;
        progress(*n, total);
        Ok(d)
    };
    // Where there are no threads (refused above), the threaded branch is
    // not in the program at all.
    let decisions: Vec<Decision> = if options.threads <= 1 || total <= 1 || !crate::THREADS {
        (0..total)
            .map(job)
            .collect::<Result<_, _>>()
            .map_err(|e| cancelled(e, &done, total))?
    } else {
        let parts = crate::thread::play_indexed(
            "review",
            options.threads,
            total as u64,
            &|k| job(k as usize),
            &|mine: &mut Vec<(u64, Decision)>, k, d, _| {
                mine.push((k, d));
                true
            },
        )
        .map_err(|e| match e {
            BotError::Cancelled { done, total } => BotError::Cancelled { done, total },
            e => e,
        })?;
        let mut all: Vec<(u64, Decision)> = parts.into_iter().flatten().collect();
        all.sort_by_key(|x| x.0);
        all.into_iter().map(|x| x.1).collect()
    };
    let start = match options.only {
        Some(_) => None,
        None => Some(ctx.estimate(
            &vec![replay.states[0]; worlds as usize],
            None,
            mix(options.seed, u64::MAX, 1),
        )?),
    };
    let seats = (0..players).map(|seat| summary(seat, &decisions)).collect();
    let mut review = Review {
        reviewer: options.preset.name().to_string(),
        seed: options.seed,
        worlds,
        players,
        over,
        only: options.only,
        start,
        decisions,
        seats,
        turning_points: vec![],
    };
    review.turning_points = turning_points(&review);
    Ok(review)
}

/// An interrupted decision ends the review as cancelled.
fn cancelled(e: BotError, done: &Mutex<usize>, total: usize) -> BotError {
    match e {
        BotError::Interrupted => BotError::Cancelled {
            done: *done.lock().unwrap_or_else(|e| e.into_inner()) as u64,
            total: total as u64,
        },
        e => e,
    }
}

/// What every decision's review shares.
struct Job<'a> {
    options: &'a ReviewOptions,
    worlds: u32,
    tables: &'a Tables,
}

impl Job<'_> {
    fn check_cancel(&self) -> Result<(), BotError> {
        match &self.options.cancel {
            Some(c) if c.is_cancelled() => Err(BotError::Interrupted),
            _ => Ok(()),
        }
    }

    /// The reviewer's preferred action in `info`.
    fn preferred(&self, info: &InfoSet, rng: &mut SplitMix64) -> Result<Action, BotError> {
        let mut bot: Box<dyn Bot> = match crate::presets::search(self.options.preset) {
            Some(mut search) => {
                search.temperature = 0.0;
                Box::new(search)
            }
            None => Box::new(Greedy::default()),
        };
        if let Some(c) = &self.options.cancel {
            bot.set_cancel(c);
        }
        bot.choose(info, rng)
    }

    /// Decision `i`: `seat` played `played` in `state`.
    fn decision(
        &self,
        i: usize,
        state: &State,
        seat: Seat,
        played: Action,
    ) -> Result<Decision, BotError> {
        self.check_cancel()?;
        let mut rng = SplitMix64::new(mix(self.options.seed, i as u64, 0));
        let forced = state.legal_action_count() == 1;
        let info = InfoSet::new(state, seat)?;
        let best = if forced {
            played
        } else {
            self.preferred(&info, &mut rng)?
        };
        let belief = Belief::new(&info, self.tables, REVIEW_BELIEF);
        let known_worlds: Vec<State> = (0..self.worlds)
            .map(|_| belief.sample(&info, &mut rng))
            .collect();
        let playouts = rng.next_u64();
        let known = self.reading(&known_worlds, seat, played, best, playouts)?;
        let revealed = match self.options.only {
            Some(_) => None,
            None => Some(self.reading(
                &vec![*state; self.worlds as usize],
                seat,
                played,
                best,
                playouts,
            )?),
        };
        let grade = if forced {
            Grade::Forced
        } else {
            Grade::of(best == played, known.drop)
        };
        Ok(Decision {
            index: i,
            seat,
            played,
            best,
            grade,
            known,
            revealed,
        })
    }

    fn reading(
        &self,
        worlds: &[State],
        seat: Seat,
        played: Action,
        best: Action,
        seed: u64,
    ) -> Result<Reading, BotError> {
        let after_played = self.estimate(worlds, Some(played), seed)?;
        let after_best = if best == played {
            after_played.clone()
        } else {
            self.estimate(worlds, Some(best), seed)?
        };
        let s = usize::from(seat);
        Ok(Reading {
            drop: after_best.win[s] - after_played.win[s],
            played: after_played,
            best: after_best,
        })
    }

    /// Plays `action` (if any) in each world, then the world to the end:
    /// world `k`'s playout draws from a generator seeded by `seed` and `k`,
    /// whatever the action (common random numbers).
    fn estimate(
        &self,
        worlds: &[State],
        action: Option<Action>,
        seed: u64,
    ) -> Result<Estimate, BotError> {
        let players = worlds.first().map_or(0, |w| usize::from(w.players()));
        let mut win = vec![0.0; players];
        let mut score = vec![0.0; players];
        for (k, world) in worlds.iter().enumerate() {
            if k % 16 == 0 {
                self.check_cancel()?;
            }
            let start = match action {
                Some(a) => world.play(a).map_err(|error| BotError::IllegalAction {
                    bot: "review".into(),
                    action: a,
                    error,
                })?,
                None => *world,
            };
            let mut rng = SplitMix64::new(mix(seed, k as u64, 2));
            let end = playout(REVIEW_PLAYOUT, 1.0, self.tables, start, &mut rng);
            let totals = end.totals();
            let winners = totals.winner_bits();
            let share = 1.0 / f64::from(winners.count_ones().max(1));
            for (p, &t) in totals.totals().iter().enumerate().take(players) {
                if winners & (1 << p) != 0 {
                    win[p] += share;
                }
                score[p] += f64::from(t);
            }
        }
        let n = worlds.len().max(1) as f64;
        let frequencies: Vec<f64> = win.into_iter().map(|w| w / n).collect();
        Ok(Estimate {
            win: if self.options.raw {
                frequencies
            } else {
                temper(&frequencies)
            },
            score: score.into_iter().map(|s| s / n).collect(),
        })
    }
}

/// One seat's summary of the decisions.
fn summary(seat: Seat, decisions: &[Decision]) -> SeatSummary {
    let mine: Vec<&Decision> = decisions
        .iter()
        .filter(|d| d.seat == seat && d.grade != Grade::Forced)
        .collect();
    let count = |g: Grade| mine.iter().filter(|d| d.grade == g).count();
    SeatSummary {
        seat,
        accuracy: (!mine.is_empty())
            .then(|| mine.iter().map(|d| accuracy(d.known.drop)).sum::<f64>() / mine.len() as f64),
        decisions: mine.len(),
        inaccuracies: count(Grade::Inaccuracy),
        mistakes: count(Grade::Mistake),
        blunders: count(Grade::Blunder),
    }
}

/// The decisions after which some seat's revealed win chance moved by at
/// least [`TURNING_POINT`], the [`MAX_TURNING_POINTS`] largest, in game
/// order.
fn turning_points(review: &Review) -> Vec<usize> {
    let series = review.win_chances();
    let mut swings: Vec<(f64, usize)> = series
        .windows(2)
        .zip(&review.decisions)
        .map(|(w, d)| {
            let swing = w[0]
                .iter()
                .zip(&w[1])
                .map(|(a, b)| (b - a).abs())
                .fold(0.0, f64::max);
            (swing, d.index)
        })
        .filter(|x| x.0 >= TURNING_POINT)
        .collect();
    swings.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut points: Vec<usize> = swings
        .into_iter()
        .take(MAX_TURNING_POINTS)
        .map(|x| x.1)
        .collect();
    points.sort_unstable();
    points
}
