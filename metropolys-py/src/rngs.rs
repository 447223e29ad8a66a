//! Random generators from Python for `Game.random_action`: `random.Random`
//! (or anything with `randrange`), `numpy.random.Generator` (or anything
//! with `integers`), or the `random` module when none is given; and
//! `metropolys.SplitMix64`, core's own generator.

use crate::errors;
use metropolys_core::rng::SplitMix64 as CoreRng;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// What `random_action` accepts, for the `TypeError` message.
pub const ACCEPTED: &str = "a metropolys.SplitMix64, an int seed, a random.Random, \
     a numpy.random.Generator or None (the random module)";

/// A uniformly random legal action of `state` (`None` once the game is
/// over), drawn from `rng` as `Game.random_action` takes it: a
/// `SplitMix64` (advanced in place), an `int` seed (a fresh generator for
/// this one draw), or a Python generator ([`index`]).
pub fn legal_action(
    py: Python<'_>,
    state: &metropolys_core::State,
    rng: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<metropolys_core::Action>> {
    let count = state.legal_action_count();
    if count == 0 {
        return Ok(None);
    }
    Ok(match rng {
        Some(r) if r.is_instance_of::<SplitMix64>() => {
            let r = r.cast::<SplitMix64>()?;
            let mut r = r.borrow_mut();
            state.random_action(&mut r.0)
        }
        Some(r) if r.is_instance_of::<pyo3::types::PyInt>() => {
            let seed: crate::ints::U64 = r.extract()?;
            state.random_action(&mut CoreRng::new(seed.0))
        }
        other => {
            let k = index(py, other, count)?;
            let mut chosen = None;
            let mut i = 0;
            state.for_each_legal(|a| {
                if i == k {
                    chosen = Some(a);
                }
                i += 1;
            });
            chosen
        }
    })
}

/// A uniform index in `range(count)` drawn from a Python generator. A value
/// outside the range is a `ValueError` (never a silent `None`), an object
/// that is no generator a `TypeError` naming what is accepted.
pub fn index(py: Python<'_>, rng: Option<&Bound<'_, PyAny>>, count: usize) -> PyResult<usize> {
    let (drawn, how) = match rng {
        None => (
            py.import("random")?.call_method1("randrange", (count,))?,
            "random.randrange",
        ),
        Some(r) if r.hasattr("integers")? => {
            (r.call_method1("integers", (count,))?, "rng.integers")
        }
        Some(r) if r.hasattr("randrange")? => {
            (r.call_method1("randrange", (count,))?, "rng.randrange")
        }
        Some(r) => {
            let ty = r.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "random_action(rng): rng must be {ACCEPTED}, not {ty}"
            )));
        }
    };
    let shown = drawn.repr().map(|r| r.to_string()).unwrap_or_default();
    // Any integer (numpy's included, through `__index__`; saturated beyond
    // 64 bits); a bool, a float or another object is not an integer.
    let k = match drawn.extract::<crate::ints::Int>() {
        Ok(k) => usize::try_from(k.0).ok(),
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "{how}({count}) returned {shown}, not an integer"
            )))
        }
    };
    match k {
        Some(k) if k < count => Ok(k),
        _ => Err(errors::value_error(format!(
            "{how}({count}) returned {shown}, which is not in range({count})"
        ))),
    }
}

/// The SplitMix64 generator of core (``metropolys_core::rng``): the
/// generator ``simulate`` and ``Game.random_action`` draw from, so that
/// Python can replay the same games step by step.
#[pyclass(module = "metropolys", name = "SplitMix64")]
pub struct SplitMix64(pub CoreRng);

#[pymethods]
impl SplitMix64 {
    /// A generator whose state starts at ``seed``.
    #[new]
    #[pyo3(signature = (seed=crate::ints::U64(0)), text_signature = "(seed=0)")]
    fn new(seed: crate::ints::U64) -> Self {
        let seed = seed.0;
        SplitMix64(CoreRng::new(seed))
    }

    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in ``range(n)`` (``n > 0``), without modulo bias.
    fn below(&mut self, n: crate::ints::U64) -> PyResult<u64> {
        let n = n.0;
        if n == 0 {
            return Err(errors::value_error("below(n) needs n > 0".into()));
        }
        Ok(self.0.below(n))
    }

    fn __repr__(&self) -> String {
        format!("<metropolys.SplitMix64 {:?}>", self.0)
    }
}
