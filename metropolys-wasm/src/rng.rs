//! `SplitMix64`: core's generator (`metropolys_core::rng`), the one
//! `simulate`, `Game.randomAction` and the benchmarks draw from, so that
//! JavaScript replays the same games as Rust, C and Python.

use crate::args::u64_arg;
use crate::errors::{range_error, JsResult};
use crate::json::{shown_f64, MAX_SAFE};
use metropolys_core::rng::SplitMix64 as CoreRng;
use wasm_bindgen::prelude::*;

/// The SplitMix64 generator of core: seeded, the same draws everywhere.
#[wasm_bindgen]
pub struct SplitMix64 {
    pub(crate) inner: CoreRng,
}

#[wasm_bindgen]
impl SplitMix64 {
    /// A generator whose state starts at `seed` (an integer of 0 …
    /// 2^64 − 1; a BigInt above 2^53 − 1).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: &JsValue,
    ) -> JsResult<SplitMix64> {
        Ok(SplitMix64 {
            inner: CoreRng::new(u64_arg(seed, "seed")?),
        })
    }

    /// The next 64 random bits, as a BigInt.
    #[wasm_bindgen(js_name = nextU64)]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer of 0 … n − 1 (`n` a number from 1 to 2^53 − 1),
    /// without modulo bias.
    pub fn below(&mut self, n: f64) -> JsResult<f64> {
        if !(n.fract() == 0.0 && (1.0..=MAX_SAFE as f64).contains(&n)) {
            return Err(range_error(format!(
                "below(n) needs an integer n of 1 to 2^53 - 1, not {}",
                shown_f64(n)
            )));
        }
        Ok(self.inner.below(n as u64) as f64)
    }

    /// `below` without a `Result`: -1 when `below` would throw (the
    /// generator unchanged; the package's entry then calls `below` for
    /// its error).
    #[wasm_bindgen(js_name = __below, skip_typescript)]
    pub fn below_or_refuse(&mut self, n: f64) -> f64 {
        self.below(n).unwrap_or(-1.0)
    }

    /// A copy of this generator, at the same point of its stream.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_rng(&self) -> SplitMix64 {
        SplitMix64 {
            inner: self.inner.clone(),
        }
    }
}
