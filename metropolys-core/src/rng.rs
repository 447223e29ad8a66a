//! The random generator used by setup (R-6), pinned so that every platform,
//! binding and other implementation draws the same game from the same seed.
//!
//! # The algorithm
//!
//! * **Generator:** SplitMix64 (Steele, Lea, Flood 2014). State `s: u64`;
//!   each draw does `s += 0x9E3779B97F4A7C15`, then
//!   `z = s; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
//!   z = (z ^ (z >> 27)) * 0x94D049BB133111EB; z ^ (z >> 31)` (wrapping).
//! * **Streams:** each setup step has its own stream so that giving one part
//!   explicitly does not change what the others draw. Stream `k` starts with
//!   `s = seed ^ (k * 0xD1B54A32D192ED03)` (wrapping multiply). Streams:
//!   1 districts out of play, 2 token layout, 3 objectives, 4 Metropolys cards.
//! * **Bounded integer** `below(n)`: draw `x`; accept when
//!   `x < u64::MAX - (u64::MAX % n)` (rejection, so no modulo bias) and return
//!   `x % n`.
//! * **Shuffle:** Fisher–Yates from the back: for `i` from `len-1` down to
//!   `1`, swap item `i` with item `below(i + 1)`.

/// A SplitMix64 generator (see the module docs for the exact algorithm).
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

/// The stream of the districts drawn out of play.
pub const STREAM_DISTRICTS: u64 = 1;
/// The stream of the token layout.
pub const STREAM_TOKENS: u64 = 2;
/// The stream of the objective deal.
pub const STREAM_OBJECTIVES: u64 = 3;
/// The stream of the Metropolys card deal.
pub const STREAM_METROPOLYS: u64 = 4;

impl SplitMix64 {
    /// A generator whose state starts at `seed`.
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The generator of setup stream `stream` for `seed`.
    pub const fn stream(seed: u64, stream: u64) -> Self {
        SplitMix64::new(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// use metropolys_core::rng::SplitMix64;
    /// // The reference value of SplitMix64 seeded with 0.
    /// assert_eq!(SplitMix64::new(0).next_u64(), 0xE220A8397B1DCDAF);
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let n = n.max(1);
        loop {
            let x = self.next_u64();
            // The limit `u64::MAX - (u64::MAX % n)` is above `u64::MAX - n`,
            // so the usual draw is accepted without computing it.
            if x <= u64::MAX - n || x < u64::MAX - (u64::MAX % n) {
                return x % n;
            }
        }
    }

    /// Shuffles `items` in place (Fisher–Yates from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn below_draws_what_the_documented_rejection_rule_draws() {
        // The algorithm of the module docs, written out plainly.
        fn reference(rng: &mut SplitMix64, n: u64) -> u64 {
            let limit = u64::MAX - (u64::MAX % n);
            loop {
                let x = rng.next_u64();
                if x < limit {
                    return x % n;
                }
            }
        }
        for n in (1..=800).chain([1 << 32, (1 << 63) + 1, u64::MAX - 1, u64::MAX]) {
            let (mut a, mut b) = (SplitMix64::new(n), SplitMix64::new(n));
            for _ in 0..20 {
                assert_eq!(a.below(n), reference(&mut b, n), "n = {n}");
            }
        }
    }
}
