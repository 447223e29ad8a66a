//! Many games between bots, rotated over the seats.

use crate::stats::wilson_interval;
use crate::thread::play_indexed;
pub use crate::thread::RunOptions;
use crate::{choose_checked, Bot, BotError, Cancel, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Config, MetropolysCard, Seat, State, Variant};
use serde::Serialize;

/// Makes a fresh bot: the arena builds one per seat per game, so that games
/// are independent and their results do not depend on the thread count.
pub type BotFactory = Box<dyn Fn() -> Box<dyn Bot> + Send + Sync>;

/// How the arena plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaOptions {
    /// The number of games (at least 1). A multiple of the player count
    /// gives every bot every seat equally often.
    pub games: u64,
    /// 2, 3 or 4; the arena takes one bot per seat.
    pub players: u8,
    /// Family or Expert.
    pub variant: Variant,
    /// When given, games use the Metropolys cards dealt from this deck
    /// (R-22), and bots know the deck.
    pub metropolys_deck: Option<Vec<MetropolysCard>>,
    /// The seed, the threads and the cancel flag.
    pub run: RunOptions,
}

impl Default for ArenaOptions {
    fn default() -> Self {
        ArenaOptions {
            games: 100,
            players: 2,
            variant: Variant::Expert,
            metropolys_deck: None,
            run: RunOptions::default(),
        }
    }
}

/// The results of one bot (one entry of the bot list) over an arena run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArenaRow {
    /// The bot's name.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Wins; a victory shared by `k` seats (R-20) counts `1/k`.
    pub wins: f64,
    /// `wins / games`.
    pub win_rate: f64,
    /// A 95 % confidence interval of the win rate (the Wilson score
    /// interval, [`wilson_interval`]).
    pub ci95: [f64; 2],
    /// The mean final total.
    pub mean_total: f64,
}

/// The seed of a game's setup and of each seat's generator, derived from
/// the run's seed (by the arena and the ladder).
pub(crate) fn mix(seed: u64, a: u64, b: u64) -> u64 {
    let mut r = SplitMix64::new(seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let x = r.next_u64();
    SplitMix64::new(x ^ b.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// Which bot sits at `seat` in game `game`: bots are rotated by one seat
/// from one game to the next, so that over `players` consecutive games
/// every bot plays every seat once, on the same deal.
pub fn seat_of(game: u64, seat: u8, players: u8) -> usize {
    let p = u64::from(players);
    // Reduced first: `seat + game` overflows for the last game indices.
    ((u64::from(seat) % p + game % p) % p) as usize
}

/// Plays `options.games` games between `bots` (one per seat) and returns
/// one row per bot, in the order given.
///
/// Game `g` is dealt from a seed derived from `options.run.seed` and `g /
/// players`, so the `players` games of a rotation share their deal and only
/// the seats change hands ([`seat_of`]). Each seat's bot is made fresh for
/// each game with a generator derived from the seed, the game and the seat.
/// The results are therefore the same for any thread count (for bots whose
/// decisions depend only on their generator, i.e. not on wall time).
///
/// `progress(done, total)` is called after each game (from the worker
/// threads); returning `false` stops the run with [`BotError::Cancelled`]
/// once the games in progress end. Raising `options.run.cancel` stops it with
/// the same error between two decisions (or inside a search, which watches
/// the flag). A bot returning an illegal action stops the run with
/// [`BotError::IllegalAction`]; a thread that cannot be started, with
/// [`BotError::Thread`] (no game is played then).
///
/// ```
/// use metropolys_bots::{arena, ArenaOptions, BotFactory, Greedy, Random, RunOptions};
/// use metropolys_core::Variant;
/// let bots: Vec<BotFactory> = vec![Box::new(|| Box::new(Greedy::default())), Box::new(|| Box::new(Random))];
/// let run = RunOptions { seed: 1, threads: 2, ..Default::default() };
/// let options = ArenaOptions { games: 20, players: 2, variant: Variant::Family, run, ..Default::default() };
/// let rows = arena(&bots, &options, &|_, _| true).unwrap();
/// assert_eq!(rows[0].bot, "greedy");
/// assert_eq!(rows[0].games, 20);
/// assert!((rows[0].wins + rows[1].wins - 20.0).abs() < 1e-9);
/// ```
pub fn arena(
    bots: &[BotFactory],
    options: &ArenaOptions,
    progress: &(dyn Fn(u64, u64) -> bool + Sync),
) -> Result<Vec<ArenaRow>, BotError> {
    check_options(bots, options, 0)?;
    let names: Vec<String> = bots.iter().map(|f| f().name().to_string()).collect();
    // Each thread sums its games' results exactly (integers), so the sums
    // need no per-game storage and do not depend on the thread count or on
    // the order in which games finish.
    let tallies = play_all(
        bots,
        options,
        0,
        progress,
        &|t: &mut ArenaTally, _, game| t.add(&game),
    )?;
    let mut tally = ArenaTally::default();
    for t in &tallies {
        tally.merge(t);
    }
    Ok(tally.rows(&names))
}

/// Plays games `first .. first + options.games` on `options.run.threads`
/// threads ([`play_indexed`]); each thread adds the games it plays (with
/// their offset in the run) to an accumulator of its own, and the
/// accumulators are returned. `progress(done, total)` returning `false`,
/// or `options.run.cancel` raised, stops the run with [`BotError::Cancelled`].
fn play_all<A: Default + Send>(
    bots: &[BotFactory],
    options: &ArenaOptions,
    first: u64,
    progress: &(dyn Fn(u64, u64) -> bool + Sync),
    add: &(dyn Fn(&mut A, u64, ArenaGame) + Sync),
) -> Result<Vec<A>, BotError> {
    let total = options.games;
    play_indexed(
        "metropolys-arena",
        options.run.threads,
        total,
        &|i| play_game(bots, options, first + i),
        &|mine: &mut A, i, game, done| {
            add(mine, i, game);
            progress(done, total)
        },
    )
}

/// The options of a run of games `first ..`, checked before any thread
/// starts: one bot per seat, at least one game and one thread, game
/// indices within `u64`, and a configuration the rules allow.
fn check_options(bots: &[BotFactory], options: &ArenaOptions, first: u64) -> Result<(), BotError> {
    let n = options.players;
    if bots.len() != usize::from(n) {
        return Err(BotError::Arena(format!(
            "{} bots for {n} players: give one bot per seat",
            bots.len()
        )));
    }
    if options.games == 0 {
        return Err(BotError::Arena("at least one game".into()));
    }
    if options.run.threads == 0 {
        return Err(BotError::Arena("at least one thread".into()));
    }
    if first.checked_add(options.games - 1).is_none() {
        return Err(BotError::Arena(format!(
            "games {first} + {} go past game {}, the last there is",
            options.games,
            u64::MAX
        )));
    }
    State::new(&config_of(options, first))?;
    Ok(())
}

/// The configuration of game `g`: the rotation's deal, the run's deck.
pub(crate) fn config_of(options: &ArenaOptions, g: u64) -> Config {
    let round = g / u64::from(options.players.max(1));
    let mut c = Config::new(
        options.players,
        options.variant,
        mix(options.run.seed, round, 0),
    );
    c.metropolys_deck = options.metropolys_deck.clone();
    c
}

/// Plays game `g` of a run; [`BotError::Interrupted`] when
/// `options.run.cancel` is raised before a decision or during a search.
pub(crate) fn play_game(
    bots: &[BotFactory],
    options: &ArenaOptions,
    g: u64,
) -> Result<ArenaGame, BotError> {
    let n = options.players;
    let config = config_of(options, g);
    let seats: Vec<usize> = (0..n).map(|s| seat_of(g, s, n)).collect();
    let (start, end) = play_out(
        bots,
        &config,
        &seats,
        &|s| mix(options.run.seed, g, u64::from(s) + 1),
        options.run.cancel.as_ref(),
    )?;
    Ok(ArenaGame {
        game: g,
        config,
        seats,
        start,
        end,
    })
}

/// Plays a game set up from `config` to its end and returns its first and
/// final positions. The bot at seat `s` is made by `bots[seats[s]]`, is
/// handed `cancel`, and draws from a generator seeded with `seed_of(s)`.
/// [`BotError::Interrupted`] when `cancel` is raised before a decision or
/// during a search; [`BotError::IllegalAction`] when the game refuses a
/// bot's action.
pub(crate) fn play_out(
    bots: &[BotFactory],
    config: &Config,
    seats: &[usize],
    seed_of: &dyn Fn(Seat) -> u64,
    cancel: Option<&Cancel>,
) -> Result<(State, State), BotError> {
    let mut state = State::new(config)?;
    let start = state;
    let mut players: Vec<(Box<dyn Bot>, SplitMix64)> = (0..)
        .zip(seats)
        .map(|(s, &b)| {
            let mut bot = bots[b]();
            if let Some(c) = cancel {
                bot.set_cancel(c);
            }
            (bot, SplitMix64::new(seed_of(s)))
        })
        .collect();
    while let Some(seat) = state.to_act() {
        if cancel.is_some_and(Cancel::is_cancelled) {
            return Err(BotError::Interrupted);
        }
        let view = InfoSet::with_config(&state, seat, config)?;
        let (bot, rng) = &mut players[usize::from(seat)];
        let action = choose_checked(bot.as_mut(), &view, rng)?;
        state = state
            .play(action)
            .map_err(|error| BotError::IllegalAction {
                bot: bot.name().to_string(),
                action,
                error,
            })?;
    }
    Ok((start, state))
}

/// A seat's share of a game's win in twelfths: up to 4 winners (R-20)
/// share it, 12, 6, 4 or 3 twelfths each.
pub(crate) fn win_share(seat: Seat, winners: &[Seat]) -> u64 {
    if winners.contains(&seat) {
        12 / winners.len() as u64
    } else {
        0
    }
}

/// Per bot index: its win share in twelfths of a game and its final total.
pub(crate) fn per_bot(played: &ArenaGame) -> [(u64, i32); 4] {
    let totals = played.end.totals();
    let winners = totals.winners();
    let mut per_bot = [(0, 0); 4];
    for (s, &bot) in played.seats.iter().enumerate() {
        per_bot[bot] = (win_share(s as Seat, &winners), totals.totals()[s]);
    }
    per_bot
}

/// One game of an arena run as it was played: its setup, who sat where and
/// how it ended. [`arena_games`] returns these, for analyses of the games
/// themselves rather than of a match's totals.
#[derive(Debug, Clone, PartialEq)]
pub struct ArenaGame {
    /// The game's index in the run (from 0): it fixes the deal (shared by
    /// the `players` games of a rotation) and the seating ([`seat_of`]).
    pub game: u64,
    /// The game's configuration: the seed of its deal, the run's deck.
    pub config: Config,
    /// Per seat, the index in the bot list of the bot that sat there.
    pub seats: Vec<usize>,
    /// The first position: the start player, each seat's objective and
    /// Metropolys card.
    pub start: State,
    /// The final position: score sheets ([`State::scores`]) and winners.
    pub end: State,
}

/// Plays games `first .. first + options.games` of the run that
/// [`arena`] with the same `options` would play (game `g` is the same game
/// whichever range it is played in) and returns them in game order.
///
/// Summing [`ArenaTally::add`] over the games `0 .. n` gives exactly the
/// rows of `arena` for `n` games, so a run split into ranges (one per task
/// of a cluster, say) adds up to the run played at once; a range played
/// twice is the same games twice. `progress(done, total)` is called after
/// each game, as in [`arena`]; returning `false` stops the run with
/// [`BotError::Cancelled`].
///
/// ```
/// use metropolys_bots::{arena, arena_games, ArenaOptions, ArenaTally, BotFactory, Greedy, Random, RunOptions};
/// use metropolys_core::Variant;
/// let bots: Vec<BotFactory> = vec![Box::new(|| Box::new(Greedy::default())), Box::new(|| Box::new(Random))];
/// let run = RunOptions { seed: 1, ..Default::default() };
/// let options = ArenaOptions { games: 6, players: 2, variant: Variant::Family, run, ..Default::default() };
/// let (a, b) = (ArenaOptions { games: 4, ..options.clone() }, ArenaOptions { games: 2, ..options.clone() });
/// let mut tally = ArenaTally::default();
/// for game in arena_games(&bots, &a, 0, &|_, _| true).unwrap() {
///     tally.add(&game);
/// }
/// for game in arena_games(&bots, &b, 4, &|_, _| true).unwrap() {
///     assert!(game.game >= 4 && game.end.is_over());
///     tally.add(&game);
/// }
/// assert_eq!(tally.rows(&["greedy", "random"]), arena(&bots, &options, &|_, _| true).unwrap());
/// ```
pub fn arena_games(
    bots: &[BotFactory],
    options: &ArenaOptions,
    first: u64,
    progress: &(dyn Fn(u64, u64) -> bool + Sync),
) -> Result<Vec<ArenaGame>, BotError> {
    check_options(bots, options, first)?;
    let parts = play_all(
        bots,
        options,
        first,
        progress,
        &|v: &mut Vec<(u64, ArenaGame)>, i, game| v.push((i, game)),
    )?;
    let mut played: Vec<(u64, ArenaGame)> = parts.into_iter().flatten().collect();
    played.sort_unstable_by_key(|&(i, _)| i);
    Ok(played.into_iter().map(|(_, g)| g).collect())
}

/// Exact sums over arena games, per bot: what [`arena`] reports, kept as
/// integers so that sums over parts of a run, merged in any order, give the
/// run's rows exactly.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArenaTally {
    /// Games added.
    pub games: u64,
    /// Per bot index, wins in twelfths of a game: a victory shared by `k`
    /// seats (R-20) is `12 / k` twelfths.
    pub twelfths: [u64; 4],
    /// Per bot index, the sum of its final totals.
    pub totals: [i64; 4],
}

impl ArenaTally {
    /// Adds one game.
    pub fn add(&mut self, game: &ArenaGame) {
        let totals = game.end.totals();
        // A played game's seats, totals and winners always agree.
        let _ = self.add_result(&game.seats, totals.totals(), &totals.winners());
    }

    /// Adds one game given by its result: per seat the index of the bot
    /// that sat there, per seat its final total, and the winning seats
    /// (R-20, as [`State::winners`] gives them). A victory shared by `k`
    /// seats is `12 / k` twelfths for each (12, 6, 4 or 3). What
    /// [`ArenaTally::add`] adds for an [`ArenaGame`], for front ends that
    /// keep only the results (per-game rows). An error, adding nothing,
    /// when the seats and totals differ in length or are not 1 to 4, a bot
    /// index is not 0 to 3, or a winner is not a seat or named twice.
    ///
    /// ```
    /// use metropolys_bots::ArenaTally;
    /// let mut tally = ArenaTally::default();
    /// // Bots 1 and 0 in seats 0 and 1; both seats share the victory.
    /// tally.add_result(&[1, 0], &[30, 30], &[0, 1]).unwrap();
    /// assert_eq!((tally.games, tally.twelfths[..2].to_vec()), (1, vec![6, 6]));
    /// assert!(tally.add_result(&[0, 1], &[30, 30], &[2]).is_err());
    /// ```
    pub fn add_result(
        &mut self,
        seats: &[usize],
        totals: &[i32],
        winners: &[Seat],
    ) -> Result<(), BotError> {
        let n = seats.len();
        let bad = |m: String| Err(BotError::Arena(format!("a game's result: {m}")));
        if !(1..=4).contains(&n) || totals.len() != n {
            return bad(format!("{n} seats and {} totals", totals.len()));
        }
        if let Some(b) = seats.iter().find(|&&b| b >= 4) {
            return bad(format!("no bot {b} (bots 0 to 3)"));
        }
        for (i, &w) in winners.iter().enumerate() {
            if usize::from(w) >= n || winners[..i].contains(&w) {
                return bad(format!("winner {w} is not one seat of {n}"));
            }
        }
        self.games += 1;
        for (s, (&bot, &total)) in seats.iter().zip(totals).enumerate() {
            self.twelfths[bot] += win_share(s as Seat, winners);
            self.totals[bot] += i64::from(total);
        }
        Ok(())
    }

    /// Adds another tally (of other games).
    pub fn merge(&mut self, other: &ArenaTally) {
        self.games += other.games;
        for (mine, theirs) in self.twelfths.iter_mut().zip(other.twelfths) {
            *mine += theirs;
        }
        for (mine, theirs) in self.totals.iter_mut().zip(other.totals) {
            *mine += theirs;
        }
    }

    /// One row per bot, named by `names` (in bot-list order), exactly as
    /// [`arena`] computes them; no rows when no game was added.
    pub fn rows<S: AsRef<str>>(&self, names: &[S]) -> Vec<ArenaRow> {
        if self.games == 0 {
            return Vec::new();
        }
        let g = self.games as f64;
        names
            .iter()
            .take(4)
            .enumerate()
            .map(|(i, bot)| {
                let wins = self.twelfths[i] as f64 / 12.0;
                ArenaRow {
                    bot: bot.as_ref().to_string(),
                    games: self.games,
                    wins,
                    win_rate: wins / g,
                    // A tally's wins never exceed its games unless its
                    // public fields were set so; then no interval says more
                    // than [0, 1].
                    ci95: wilson_interval(wins, self.games).unwrap_or([0.0, 1.0]),
                    mean_total: self.totals[i] as f64 / g,
                }
            })
            .collect()
    }
}
