//! Small statistics shared by the measuring tools: the arena, the SPRT
//! and the examples that pit bots against each other.

/// The two-sided 95 % quantile of the standard normal distribution,
/// `Φ⁻¹(0.975)`.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The 95 % Wilson score interval of a win rate: `wins` out of `games`,
/// where a shared victory may count as a fraction of a win (R-20), so
/// `wins` is any real number from 0 to `games`.
///
/// `None` when there is no game, or `wins` is not finite or lies outside
/// `0..=games`: there is no interval to give, rather than one of NaNs.
/// The ends are within `[0, 1]`.
///
/// ```
/// use metropolys_bots::stats::wilson_interval;
/// let [lo, hi] = wilson_interval(86.0, 100).unwrap();
/// assert!((lo - 0.7786).abs() < 1e-4 && (hi - 0.9147).abs() < 1e-4);
/// assert_eq!(wilson_interval(1.0, 0), None);
/// assert_eq!(wilson_interval(11.0, 10), None);
/// ```
pub fn wilson_interval(wins: f64, games: u64) -> Option<[f64; 2]> {
    let n = games as f64;
    if games == 0 || !wins.is_finite() || !(0.0..=n).contains(&wins) {
        return None;
    }
    let z = Z_95;
    let p = wins / n;
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    Some([(centre - half).max(0.0), (centre + half).min(1.0)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: [f64; 2], b: [f64; 2]) -> bool {
        (a[0] - b[0]).abs() < 5e-5 && (a[1] - b[1]).abs() < 5e-5
    }

    #[test]
    fn known_intervals() {
        // 86 of 100: BENCHMARKS.md's 86.0 % (77.9–91.5 %).
        let i = wilson_interval(86.0, 100).unwrap();
        assert!(close(i, [0.7786, 0.9147]), "{i:?}");
        let i = wilson_interval(5.0, 10).unwrap();
        assert!(close(i, [0.2366, 0.7634]), "{i:?}");
        // A fractional win count (shared victories, R-20).
        let i = wilson_interval(0.5, 1).unwrap();
        assert!(close(i, [0.0546, 0.9454]), "{i:?}");
    }

    #[test]
    fn no_win_and_every_win() {
        let [lo, hi] = wilson_interval(0.0, 20).unwrap();
        assert_eq!(lo, 0.0);
        assert!((hi - 0.1611).abs() < 5e-5, "{hi}");
        let [lo, hi] = wilson_interval(20.0, 20).unwrap();
        assert!((lo - 0.8389).abs() < 5e-5, "{lo}");
        assert_eq!(hi, 1.0);
    }

    #[test]
    fn symmetric_in_wins_and_losses() {
        for (w, n) in [(3.0, 7), (12.5, 40), (0.0, 1), (999.0, 1000)] {
            let [a, b] = wilson_interval(w, n).unwrap();
            let [c, d] = wilson_interval(n as f64 - w, n).unwrap();
            assert!((a - (1.0 - d)).abs() < 1e-12 && (b - (1.0 - c)).abs() < 1e-12);
            assert!(a <= w / n as f64 && w / n as f64 <= b);
        }
    }

    #[test]
    fn no_interval_without_games_or_with_impossible_wins() {
        assert_eq!(wilson_interval(0.0, 0), None);
        assert_eq!(wilson_interval(-0.5, 10), None);
        assert_eq!(wilson_interval(10.5, 10), None);
        assert_eq!(wilson_interval(f64::NAN, 10), None);
        assert_eq!(wilson_interval(f64::INFINITY, 10), None);
    }
}
