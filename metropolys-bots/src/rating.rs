//! Ratings from game results: the Plackett–Luce model on the Elo scale,
//! fitted to whole finishing orders of games of any player count, with
//! confidence intervals from a bootstrap over deals.
//!
//! # The model
//!
//! Each bot `i` has a strength `γ_i > 0`, reported as the rating
//! `R_i = 400 log10 γ_i`. A game's finishing order (R-20: by total, then by
//! buildings constructed) is drawn place by place: the winner among the
//! `k` seats with probability `γ_w / Σ γ`, the second among the rest, and
//! so on. In a 2-player game this is Elo's logistic curve, `P(i beats j)
//! = 1 / (1 + 10^(−(R_i − R_j) / 400))`, so ratings read as Elo; with more
//! players it is the Plackett–Luce extension of Elo. A tie (seats still
//! level after the tie-break) counts every order of the tied seats, each
//! with an equal share of the game's weight.
//!
//! The ratings maximize the likelihood (Newton's method on the
//! log-strengths; the log-likelihood is concave), with a weak prior that
//! keeps every rating finite
//! even for a bot that never wins: each bot plays one virtual 2-player
//! game won and one lost against a virtual opponent of rating 0. Ratings
//! are then shifted so that the anchor bot (the first one) is at 0.
//!
//! **Intervals**: the games are grouped by deal (a deal is played with the
//! seats rotated, so its games are not independent); the deals are
//! resampled with replacement, the ratings refitted, and the 2.5 % and
//! 97.5 % quantiles of each rating over the resamples form its 95 %
//! interval.

use metropolys_core::rng::SplitMix64;

/// One game's result: the bots (indices into the rated list) in finishing
/// order, tied places grouped: `[[3], [0, 2], [1]]` means bot 3 won, bots
/// 0 and 2 tied second, bot 1 finished last.
pub type Finish = Vec<Vec<usize>>;

/// A game's result and the deal it was played on (its bootstrap group).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedGame {
    /// The deal (games of one deal are resampled together).
    pub deal: u64,
    /// The finishing order.
    pub finish: Finish,
}

/// Fitted ratings with their 95 % intervals, one per bot, on the Elo scale
/// with the first bot at 0.
#[derive(Debug, Clone, PartialEq)]
pub struct Ratings {
    /// The rating of each bot.
    pub rating: Vec<f64>,
    /// The 95 % bootstrap interval of each rating.
    pub ci95: Vec<[f64; 2]>,
}

/// One observed choice of the Plackett–Luce model: `winner` chosen among
/// `among`, with a weight.
struct Choice {
    winner: usize,
    among: Vec<usize>,
    weight: f64,
}

/// Every choice of a game's finishing order (ties expanded into their
/// orders, each with an equal share of the weight).
fn choices(finish: &Finish, weight: f64, out: &mut Vec<Choice>) {
    // The finishing orders consistent with the ties.
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for group in finish {
        let perms = permutations(group);
        orders = orders
            .iter()
            .flat_map(|o| {
                perms.iter().map(move |p| {
                    let mut o = o.clone();
                    o.extend_from_slice(p);
                    o
                })
            })
            .collect();
    }
    let w = weight / orders.len() as f64;
    for order in orders {
        for place in 0..order.len().saturating_sub(1) {
            out.push(Choice {
                winner: order[place],
                among: order[place..].to_vec(),
                weight: w,
            });
        }
    }
}

fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// Every game's choices, built once: `(game, choice)`.
fn all_choices(games: &[RatedGame]) -> Vec<(usize, Choice)> {
    let mut out = Vec::new();
    let mut list = Vec::new();
    for (g, game) in games.iter().enumerate() {
        list.clear();
        choices(&game.finish, 1.0, &mut list);
        out.extend(list.drain(..).map(|c| (g, c)));
    }
    out
}

/// The maximum-likelihood strengths (with the prior) of `bots` bots from
/// the games' choices, game `g` counted `weights[g]` times. Newton's method
/// on the log-strengths (the log-likelihood is concave; the prior makes it
/// strictly so), each step halved until the likelihood grows.
fn fit(bots: usize, list: &[(usize, Choice)], weights: &[f64]) -> Vec<f64> {
    // Log-strengths; the virtual opponent (index `bots`) stays at 0.
    let mut theta = vec![0.0; bots + 1];
    let loglik = |theta: &[f64]| -> f64 {
        let mut l = 0.0;
        for (g, c) in list {
            let w = weights[*g] * c.weight;
            if w > 0.0 {
                l += w * (theta[c.winner] - log_sum_exp(c.among.iter().map(|&k| theta[k])));
            }
        }
        // The prior: one win and one loss against the virtual opponent.
        for &t in &theta[..bots] {
            l += t - 2.0 * log_sum_exp([t, 0.0].into_iter());
        }
        l
    };
    let mut current = loglik(&theta);
    for _ in 0..100 {
        let mut grad = vec![0.0; bots];
        let mut hess = vec![vec![0.0; bots]; bots];
        let mut add = |among: &[usize], winner: usize, w: f64, theta: &[f64]| {
            let m = log_sum_exp(among.iter().map(|&k| theta[k]));
            let pi: Vec<f64> = among.iter().map(|&k| (theta[k] - m).exp()).collect();
            for (a, &i) in among.iter().enumerate() {
                if i >= bots {
                    continue;
                }
                grad[i] += w * (f64::from(u8::from(i == winner)) - pi[a]);
                for (b, &j) in among.iter().enumerate() {
                    if j < bots {
                        hess[i][j] += w * pi[a] * (f64::from(u8::from(a == b)) - pi[b]);
                    }
                }
            }
        };
        for (g, c) in list {
            let w = weights[*g] * c.weight;
            if w > 0.0 {
                add(&c.among, c.winner, w, &theta);
            }
        }
        for i in 0..bots {
            add(&[i, bots], i, 1.0, &theta);
            add(&[bots, i], bots, 1.0, &theta);
        }
        // The Newton step solves (−Hessian) step = gradient.
        let Some(step) = solve(hess, grad) else { break };
        let mut scale = 1.0;
        let mut improved = false;
        for _ in 0..40 {
            let trial: Vec<f64> = theta
                .iter()
                .enumerate()
                .map(|(i, &t)| if i < bots { t + scale * step[i] } else { t })
                .collect();
            let l = loglik(&trial);
            if l >= current {
                let gain = l - current;
                theta = trial;
                current = l;
                improved = gain > 1e-12;
                break;
            }
            scale *= 0.5;
        }
        if !improved {
            break;
        }
    }
    theta.truncate(bots);
    theta.iter().map(|t| t.exp()).collect()
}

fn log_sum_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let m = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    m + xs.map(|x| (x - m).exp()).sum::<f64>().ln()
}

/// Solves `a x = b` (`a` symmetric positive definite) by Gaussian
/// elimination with partial pivoting; `None` when singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, rest) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (row, r) in rest.iter_mut().enumerate() {
            let f = r[col] / pivot_row[col];
            for (x, p) in r[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[col + 1 + row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

/// The ratings of `bots` bots from `games`, with bootstrap intervals from
/// `resamples` resamplings of the deals (seeded by `seed`).
///
/// ```
/// use metropolys_bots::rating::{rate, RatedGame};
/// // Bot 1 beats bot 0 in three of four 2-player games.
/// let games: Vec<RatedGame> = [[1, 0], [1, 0], [0, 1], [1, 0]]
///     .iter()
///     .enumerate()
///     .map(|(i, o)| RatedGame { deal: i as u64, finish: vec![vec![o[0]], vec![o[1]]] })
///     .collect();
/// let r = rate(2, &games, 200, 1);
/// assert_eq!(r.rating[0], 0.0);
/// assert!(r.rating[1] > 0.0 && r.ci95[1][0] < r.rating[1] && r.rating[1] < r.ci95[1][1]);
/// ```
pub fn rate(bots: usize, games: &[RatedGame], resamples: usize, seed: u64) -> Ratings {
    let scale = |gamma: &[f64]| -> Vec<f64> {
        let anchor = gamma.first().copied().unwrap_or(1.0).log10();
        gamma.iter().map(|g| 400.0 * (g.log10() - anchor)).collect()
    };
    let list = all_choices(games);
    let rating = scale(&fit(bots, &list, &vec![1.0; games.len()]));
    // The deals, and each game's deal index.
    let mut deals: Vec<u64> = games.iter().map(|g| g.deal).collect();
    deals.sort_unstable();
    deals.dedup();
    let deal_of: Vec<usize> = games
        .iter()
        .map(|g| deals.binary_search(&g.deal).unwrap_or(0))
        .collect();
    let mut rng = SplitMix64::new(seed);
    // Grown as it fills: a huge `resamples` costs time, not a reservation.
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples.min(1 << 12)); bots];
    for _ in 0..resamples {
        let mut times = vec![0.0; deals.len()];
        for _ in 0..deals.len() {
            times[rng.below(deals.len() as u64) as usize] += 1.0;
        }
        let weights: Vec<f64> = deal_of.iter().map(|&d| times[d]).collect();
        for (i, r) in scale(&fit(bots, &list, &weights)).into_iter().enumerate() {
            samples[i].push(r);
        }
    }
    let ci95 = samples
        .iter_mut()
        .zip(&rating)
        .map(|(s, &r)| {
            if s.is_empty() {
                return [r, r];
            }
            s.sort_by(f64::total_cmp);
            let at = |q: f64| s[((q * (s.len() - 1) as f64).round() as usize).min(s.len() - 1)];
            [at(0.025), at(0.975)]
        })
        .collect();
    Ratings { rating, ci95 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(deal: u64, finish: &[&[usize]]) -> RatedGame {
        RatedGame {
            deal,
            finish: finish.iter().map(|g| g.to_vec()).collect(),
        }
    }

    /// With two bots and no prior, the maximum-likelihood Elo difference of
    /// `w` wins in `n` games is `400 log10(w / (n − w))`; the prior adds one
    /// win and one loss against a virtual opponent of strength 1, which
    /// pulls the ratings towards it, so the fitted difference lies between
    /// 0 and that value.
    #[test]
    fn two_bots_read_as_elo() {
        let games: Vec<RatedGame> = (0..100)
            .map(|i| {
                if i < 75 {
                    game(i, &[&[1], &[0]])
                } else {
                    game(i, &[&[0], &[1]])
                }
            })
            .collect();
        let r = rate(2, &games, 0, 0);
        let elo = 400.0 * 3f64.log10();
        assert!(r.rating[1] > 0.9 * elo && r.rating[1] < elo, "{r:?}");
    }

    /// The maximum of the Plackett–Luce likelihood (with the prior) is a
    /// stationary point: its gradient in log-strength is zero.
    #[test]
    fn the_fit_is_a_maximum_of_the_likelihood() {
        let games = vec![
            game(0, &[&[0], &[1], &[2]]),
            game(0, &[&[1], &[2], &[0]]),
            game(1, &[&[2], &[0, 1]]),
            game(1, &[&[0], &[2], &[1]]),
            game(2, &[&[1], &[0]]),
            game(3, &[&[2], &[1], &[0]]),
        ];
        let gamma = fit(3, &all_choices(&games), &[1.0; 6]);
        let mut list = Vec::new();
        for g in &games {
            choices(&g.finish, 1.0, &mut list);
        }
        for i in 0..3 {
            list.push(Choice {
                winner: i,
                among: vec![i, 3],
                weight: 1.0,
            });
            list.push(Choice {
                winner: 3,
                among: vec![3, i],
                weight: 1.0,
            });
        }
        let mut full = gamma.clone();
        full.push(1.0);
        for i in 0..3 {
            let mut grad = 0.0;
            for c in &list {
                if c.among.contains(&i) {
                    let sum: f64 = c.among.iter().map(|&k| full[k]).sum();
                    grad += c.weight * (f64::from(u8::from(c.winner == i)) - full[i] / sum);
                }
            }
            assert!(grad.abs() < 1e-6, "bot {i}: {grad}");
        }
    }

    #[test]
    fn ties_count_every_order_and_ratings_are_ordered() {
        let mut list = Vec::new();
        choices(&vec![vec![2], vec![0, 1]], 1.0, &mut list);
        // 2 first among all, then 0 over 1 and 1 over 0, half a game each.
        assert_eq!(list.len(), 4);
        assert_eq!(list.iter().map(|c| c.weight).sum::<f64>(), 2.0);
        // A ladder: bot k finishes k-th from the bottom in every game.
        let games: Vec<RatedGame> = (0..60)
            .map(|d| {
                let mut order: Vec<Vec<usize>> = (0..4).rev().map(|b| vec![b]).collect();
                // A few upsets.
                if d % 5 == 0 {
                    order.swap(0, 1);
                }
                RatedGame {
                    deal: d / 4,
                    finish: order,
                }
            })
            .collect();
        let r = rate(4, &games, 100, 3);
        for k in 1..4 {
            assert!(r.rating[k] > r.rating[k - 1], "{r:?}");
        }
        for (i, ci) in r.ci95.iter().enumerate() {
            assert!(
                ci[0] <= r.rating[i] + 1e-9 && r.rating[i] <= ci[1] + 1e-9,
                "{r:?}"
            );
        }
        assert_eq!(rate(4, &games, 100, 3), r, "seeded");
    }
}
