//! A rated skill ladder: a round robin of bots on paired deals, rated with
//! the Plackett–Luce model ([`crate::rating`]).
//!
//! * **Tables.** With 2 players every pair of bots meets; with 3 or 4,
//!   every set of that many bots sits at a table together.
//! * **Paired deals.** Each table plays `deals` deals; each deal is played
//!   once per seat rotation (2, 3 or 4 games), so every bot of the table
//!   plays it from every seat. Deal `d` of table `t` is dealt from a seed
//!   derived from the run's seed, `t` and `d`; each seat's bot gets a
//!   generator derived from the seed, the game and the seat.
//! * **Results.** Each game's finishing order (R-20: total, then buildings
//!   constructed; seats still level share their place) is one observation
//!   of the model; the bootstrap that gives the intervals resamples whole
//!   deals (a deal's rotated games together).
//!
//! The games, and so the ratings, depend only on the seed (for bots with
//! iteration budgets), whatever the thread count.

pub use crate::arena::RunOptions;
use crate::arena::{mix, play_out, seat_of, BotFactory};
use crate::rating::{rate, Finish, RatedGame, Ratings};
use crate::thread::play_indexed;
use crate::BotError;
use metropolys_core::{Config, State, Variant};

/// The most bots a ladder rates: every set of `players` of them sits at a
/// table, so the games grow as the bots to the power of the players.
pub const MAX_BOTS: usize = 64;

/// The most bootstrap resamples a ladder takes.
pub const MAX_RESAMPLES: usize = 100_000;

/// How a ladder is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LadderOptions {
    /// 2, 3 or 4 players per table.
    pub players: u8,
    /// Deals per table (at least 1); each is played once per seat rotation.
    pub deals: u64,
    /// Family or Expert.
    pub variant: Variant,
    /// Bootstrap resamples for the intervals.
    pub resamples: usize,
    /// The seed (of the deals, the bots' generators and the bootstrap), the
    /// threads and the cancel flag, as in the arena.
    pub run: RunOptions,
}

impl Default for LadderOptions {
    fn default() -> Self {
        LadderOptions {
            players: 2,
            deals: 10,
            variant: Variant::Expert,
            resamples: 200,
            run: RunOptions::default(),
        }
    }
}

/// A ladder's results.
#[derive(Debug, Clone, PartialEq)]
pub struct Ladder {
    /// Every game's deal and finishing order (bot indices).
    pub games: Vec<RatedGame>,
    /// The games each bot played.
    pub played: Vec<u64>,
    /// Each bot's mean final total.
    pub mean_total: Vec<f64>,
    /// The ratings (Elo scale, the first bot at 0) and their intervals.
    pub ratings: Ratings,
}

/// Every set of `k` indices below `n`, in lexicographic order.
fn tables(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..k).collect();
    if k == 0 || k > n {
        return out;
    }
    loop {
        out.push(pick.clone());
        // The next combination.
        let mut i = k;
        while i > 0 && pick[i - 1] == n - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return out;
        }
        pick[i - 1] += 1;
        for j in i..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// One game of the ladder: table `table` (bot indices), deal `deal`,
/// rotation `rotation` (seat `s` is played by `table[(s + rotation) % k]`).
struct Game {
    table: usize,
    deal: u64,
    rotation: u8,
}

/// Plays the ladder of `bots` and rates them. `progress(done, total)` is
/// called after each game; returning `false` stops the run with
/// [`BotError::Cancelled`].
///
/// ```
/// use metropolys_bots::ladder::{ladder, LadderOptions};
/// use metropolys_bots::{BotFactory, Greedy, Random};
/// let bots: Vec<BotFactory> = vec![Box::new(|| Box::new(Random)), Box::new(|| Box::new(Greedy::default()))];
/// let options = LadderOptions { deals: 10, resamples: 50, ..Default::default() };
/// let l = ladder(&bots, &options, &|_, _| true).unwrap();
/// assert_eq!(l.games.len(), 20); // one pair, 10 deals, 2 seatings each
/// assert!(l.ratings.rating[1] > 200.0); // greedy far above random
/// ```
// Long: the ladder's steps in order (check the options, schedule the pairs,
// play, rate), sharing the schedule and the results.
pub fn ladder(
    bots: &[BotFactory],
    options: &LadderOptions,
    progress: &(dyn Fn(u64, u64) -> bool + Sync),
) -> Result<Ladder, BotError> {
    let k = usize::from(options.players);
    if !(2..=4).contains(&k) {
        return Err(BotError::Ladder(format!(
            "a ladder's tables have 2, 3 or 4 players, not {k}"
        )));
    }
    if bots.len() < k {
        return Err(BotError::Ladder(format!(
            "{} bots cannot fill a table of {k}",
            bots.len()
        )));
    }
    if bots.len() > MAX_BOTS {
        return Err(BotError::Ladder(format!(
            "a ladder rates at most {MAX_BOTS} bots, not {}",
            bots.len()
        )));
    }
    if options.deals == 0 || options.run.threads == 0 {
        return Err(BotError::Ladder(
            "a ladder needs at least one deal and one thread".into(),
        ));
    }
    if options.resamples > MAX_RESAMPLES {
        return Err(BotError::Ladder(format!(
            "a ladder takes at most {MAX_RESAMPLES} bootstrap resamples, not {}",
            options.resamples
        )));
    }
    State::new(&Config::new(
        options.players,
        options.variant,
        options.run.seed,
    ))?;
    let tables = tables(bots.len(), k);
    // Game `i` is table `i / (deals × k)`, deal `i / k % deals`, rotation
    // `i % k`: computed from its index, never listed, so the count is all
    // that a large ladder holds before it plays.
    let per_table = options.deals.checked_mul(k as u64);
    let total = per_table.and_then(|n| n.checked_mul(tables.len() as u64));
    let (Some(per_table), Some(total)) = (per_table, total) else {
        return Err(BotError::Ladder(format!(
            "a ladder of {} tables of {} deals has more games than can be counted",
            tables.len(),
            options.deals
        )));
    };
    let game_of = |i: u64| Game {
        table: (i / per_table) as usize,
        deal: i / k as u64 % options.deals,
        rotation: (i % k as u64) as u8,
    };
    // Each thread keeps its games with their index; sorted, they are the
    // schedule's games in order, whatever the thread count.
    let parts = play_indexed(
        "metropolys-ladder",
        options.run.threads,
        total,
        &|i| {
            let game = game_of(i);
            play(bots, &tables[game.table], &game, options)
        },
        &|mine: &mut Vec<(u64, Played)>, i, r, done| {
            mine.push((i, r));
            progress(done, total)
        },
    )?;
    let mut results: Vec<(u64, Played)> = parts.into_iter().flatten().collect();
    results.sort_unstable_by_key(|&(i, _)| i);
    let mut played = vec![0u64; bots.len()];
    let mut totals = vec![0i64; bots.len()];
    let mut games = Vec::with_capacity(results.len());
    for (i, r) in results {
        let game = game_of(i);
        let (finish, points) = r;
        for (bot, total) in points {
            played[bot] += 1;
            totals[bot] += i64::from(total);
        }
        games.push(RatedGame {
            deal: game.table as u64 * options.deals + game.deal,
            finish,
        });
    }
    let ratings = rate(bots.len(), &games, options.resamples, options.run.seed);
    let mean_total = totals
        .iter()
        .zip(&played)
        .map(|(&t, &n)| t as f64 / n.max(1) as f64)
        .collect();
    Ok(Ladder {
        games,
        played,
        mean_total,
        ratings,
    })
}

/// A game's finishing order and each bot's total.
type Played = (Finish, Vec<(usize, i32)>);

/// Plays one game; its finishing order and each bot's total.
fn play(
    bots: &[BotFactory],
    table: &[usize],
    game: &Game,
    options: &LadderOptions,
) -> Result<Played, BotError> {
    let k = table.len();
    let deal_seed = mix(options.run.seed, game.table as u64, game.deal);
    let config = Config::new(options.players, options.variant, deal_seed);
    let rotation = u64::from(game.rotation);
    // Seat `s` is played by `table[(s + rotation) % k]`.
    let seats: Vec<usize> = (0..k as u8)
        .map(|s| table[seat_of(rotation, s, k as u8)])
        .collect();
    let bot_at = |seat: usize| seats[seat];
    let (_, state) = play_out(
        bots,
        &config,
        &seats,
        &|s| mix(deal_seed, rotation, u64::from(s) + 1),
        options.run.cancel.as_ref(),
    )?;
    let totals = state.totals();
    // R-20: by total, then by buildings constructed; still level, tied.
    let key = |s: usize| (totals.totals()[s], totals.constructed()[s]);
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(key(s)));
    let mut finish: Finish = Vec::new();
    for (i, &s) in order.iter().enumerate() {
        if i > 0 && key(order[i - 1]) == key(s) {
            if let Some(place) = finish.last_mut() {
                place.push(bot_at(s));
            }
        } else {
            finish.push(vec![bot_at(s)]);
        }
    }
    let points = (0..k).map(|s| (bot_at(s), totals.totals()[s])).collect();
    Ok((finish, points))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_every_combination() {
        assert_eq!(tables(4, 2).len(), 6);
        assert_eq!(tables(5, 3).len(), 10);
        assert_eq!(tables(4, 4), vec![vec![0, 1, 2, 3]]);
        assert_eq!(tables(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert!(tables(2, 3).is_empty());
    }

    #[test]
    fn absurd_sizes_are_refused_before_anything_is_played_or_reserved() {
        let bot = || -> BotFactory { Box::new(|| Box::new(crate::Random)) };
        let never = |_: u64, _: u64| -> bool { panic!("no game is played") };
        let refused = |bots: usize, options: LadderOptions| {
            let bots: Vec<BotFactory> = (0..bots).map(|_| bot()).collect();
            match ladder(&bots, &options, &never) {
                Err(BotError::Ladder(e)) => e,
                other => panic!("{:?}", other.map(|l| l.games.len())),
            }
        };
        let e = refused(MAX_BOTS + 1, LadderOptions::default());
        assert!(e.contains("at most 64 bots"), "{e}");
        // 64 bots in tables of 4 (635,376 tables) and 2^62 deals: more
        // games than a u64 counts. It used to list every game first.
        let huge = LadderOptions {
            players: 4,
            deals: 1 << 62,
            ..LadderOptions::default()
        };
        let e = refused(MAX_BOTS, huge);
        assert!(e.contains("more games than can be counted"), "{e}");
        let e = refused(
            2,
            LadderOptions {
                resamples: usize::MAX,
                ..LadderOptions::default()
            },
        );
        assert!(e.contains("at most 100000 bootstrap resamples"), "{e}");
    }

    #[test]
    fn every_bot_plays_every_seat_of_every_deal_and_the_run_is_seeded() {
        let bots: Vec<BotFactory> = vec![
            Box::new(|| Box::new(crate::Random)),
            Box::new(|| Box::new(crate::Greedy::default())),
            Box::new(|| Box::new(crate::Random)),
            Box::new(|| crate::from_spec("beginner", "{}").expect("a preset")),
        ];
        let options = LadderOptions {
            players: 3,
            deals: 2,
            variant: Variant::Family,
            resamples: 20,
            run: RunOptions {
                seed: 7,
                threads: 3,
                cancel: None,
            },
        };
        let l = ladder(&bots, &options, &|_, _| true).unwrap();
        // 4 tables of 3, 2 deals, 3 rotations.
        assert_eq!(l.games.len(), 4 * 2 * 3);
        assert_eq!(l.played, vec![18; 4]);
        for g in &l.games {
            assert_eq!(g.finish.iter().map(Vec::len).sum::<usize>(), 3);
        }
        let again = ladder(
            &bots,
            &LadderOptions {
                run: RunOptions {
                    threads: 1,
                    ..options.run.clone()
                },
                ..options.clone()
            },
            &|_, _| true,
        )
        .unwrap();
        assert_eq!(again, l);
        assert!(l.ratings.rating[1] > l.ratings.rating[0]);
        let stopped = ladder(&bots, &options, &|done, _| done < 3).unwrap_err();
        assert!(matches!(stopped, BotError::Cancelled { .. }), "{stopped}");
    }
}
