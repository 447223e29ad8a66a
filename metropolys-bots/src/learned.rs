//! The learned evaluation: a small multilayer perceptron that reads a
//! position's [`features`] (its [`observation`](crate::observation::write) with
//! every card revealed, then each seat's score as the position stands)
//! and tells each seat's expected reward (the search's `score` reward:
//! the win and the margin, [`crate::Reward::Score`]), trained on games the
//! search played against itself (docs/learning.md).
//!
//! It runs in fixed point, integers only, so that a seeded decision is
//! bit-identical natively, in Python, in C and in WebAssembly:
//!
//! * the inputs, in `[0, 1]`, are rounded to multiples of 1/64 (Q6);
//! * the weights are `i16` multiples of 1/4096 (Q12), the first layer's
//!   biases `i32` in Q18, the later layers' in Q22;
//! * the first layer adds the weight rows of the nonzero inputs (about 200
//!   of the 932) into `i32` accumulators (Q18: at most 932 · 64 · 32768 +
//!   2^27 < 2^31, so no overflow is possible), a ReLU and a shift give the hidden
//!   values in Q10; the later layers accumulate in `i64` (Q22), the hidden
//!   ones again shifted to Q10, the last one's outputs read as Q22 and
//!   clamped to `[0, 1]`.
//!
//! Its file (`data/value.mtpnet`, about 120 KB; [`ValueNet::to_bytes`]):
//! the magic `MTPVNET1`, then little-endian `u32`s: the observation layout
//! version and the layer count, then per layer `u32` inputs, `u32` outputs,
//! the `i16` weights input-major (`[inputs][outputs]`), the `i32` biases;
//! then the FNV-1a 64 hash of everything before it. The first layer reads
//! [`INPUTS`] values, each layer the previous one's outputs, the
//! last writes [`MAX_PLAYERS`] values, one per seat relative to the seat
//! to act (slots beyond the player count are ignored).

use crate::observation::{self, Reveal, OBSERVATION_SIZE, OBSERVATION_VERSION};
use metropolys_core::{Seat, State, MAX_PLAYERS};
use std::sync::OnceLock;

/// The extra inputs after the observation: per seat slot (relative to the
/// viewer) its score as the position stands / 150, then its margin
/// `0.5 + (score - best other score) / 40`, both clamped to `[0, 1]`.
pub const EXTRA_INPUTS: usize = 2 * MAX_PLAYERS;
/// The values the network reads: [`OBSERVATION_SIZE`] + [`EXTRA_INPUTS`].
pub const INPUTS: usize = OBSERVATION_SIZE + EXTRA_INPUTS;

/// The magic bytes a network file starts with.
pub const MAGIC: &[u8; 8] = b"MTPVNET1";
/// The most layers a network file may have.
pub const MAX_LAYERS: usize = 8;
/// The widest layer a network file may have.
pub const MAX_WIDTH: usize = 1024;

/// Fixed-point scales, as powers of two.
const INPUT_SHIFT: u32 = 6;
const WEIGHT_SHIFT: u32 = 12;
/// The first layer's accumulators: input × weight.
const FIRST_SHIFT: u32 = INPUT_SHIFT + WEIGHT_SHIFT;
const HIDDEN_SHIFT: u32 = 10;
/// The later layers' accumulators: hidden × weight.
const LATER_SHIFT: u32 = HIDDEN_SHIFT + WEIGHT_SHIFT;

/// The largest hidden value (16,384 in Q10): with it, `i64` accumulators
/// of any allowed width never overflow.
const MAX_HIDDEN: i64 = 1 << 24;
/// The largest first-layer bias (512 in Q18): with it, the first layer's
/// `i32` accumulators never overflow (932 · 64 · 32768 + 2^27 < 2^31).
const MAX_FIRST_BIAS: i32 = 1 << 27;

/// The network shipped with the crate (model card: data/value.md), in a
/// build with the `builtin-network` feature (the default).
#[cfg(feature = "builtin-network")]
static BUILTIN_BYTES: &[u8] = include_bytes!("../data/value.mtpnet");

/// The hash ([`ValueNet::hash`]) of the network shipped with the crate,
/// `data/value.mtpnet`: the one network [`install`] accepts.
pub const BUILTIN_HASH: u64 = 0x122e_96a4_db46_75f7;

/// The shipped network once read: from the crate's own bytes with the
/// `builtin-network` feature, from [`install`]'s without it.
static SHIPPED: OnceLock<ValueNet> = OnceLock::new();

/// The shipped network, when this build has it: always with the
/// `builtin-network` feature (the default), and without it once
/// [`install`] has been given the network's file. A search whose leaves
/// the network values (`Leaf::Value`, the `expert` preset) is refused with
/// [`crate::BotError::NoNetwork`] while this is `None`.
pub fn shipped() -> Option<&'static ValueNet> {
    #[cfg(feature = "builtin-network")]
    return Some(ValueNet::builtin());
    #[cfg(not(feature = "builtin-network"))]
    return SHIPPED.get();
}

/// Gives a build without the `builtin-network` feature the shipped
/// network, read from its file (`data/value.mtpnet`, as the WebAssembly
/// package's `metropolys/bots` entry fetches it), so that its bots value
/// positions with it from then on. Only the shipped network is accepted
/// (its hash is [`BUILTIN_HASH`]): a bot decides the same in every build,
/// natively and in the browser. Installing it again, or in a build that
/// carries it, changes nothing.
///
/// ```
/// use metropolys_bots::learned::{install, ModelError, BUILTIN_HASH};
/// assert_eq!(install(b"MTPVNET1"), Err(ModelError::Truncated("header")));
/// let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/value.mtpnet")).unwrap();
/// assert_eq!(install(&file).unwrap().hash(), BUILTIN_HASH);
/// ```
pub fn install(bytes: &[u8]) -> Result<&'static ValueNet, ModelError> {
    let net = ValueNet::from_bytes(bytes)?;
    if net.hash != BUILTIN_HASH {
        return Err(ModelError::NotShipped { hash: net.hash });
    }
    Ok(SHIPPED.get_or_init(|| net))
}

/// A network file that cannot be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The file does not start with [`MAGIC`].
    #[error("not a Metropolys value network (the file does not start with MTPVNET1)")]
    Magic,
    /// The file ends before its declared contents.
    #[error("the network file is truncated: {0}")]
    Truncated(&'static str),
    /// The file was written for another observation layout.
    #[error("the network reads observation layout {got}; this engine writes layout {want}")]
    Version {
        /// The layout the file was trained on.
        got: u32,
        /// [`OBSERVATION_VERSION`].
        want: u32,
    },
    /// Layer sizes that do not chain, or are out of bounds.
    #[error("bad network shape: {0}")]
    Shape(String),
    /// A weight or bias too large for the fixed-point format (weights
    /// |w| < 8, first-layer biases |b| < 512, later ones |b| < 512).
    #[error("layer {layer}: {value} is outside the fixed-point range of its weights (-8, 8) or biases (-512, 512)")]
    Range {
        /// The layer (0 first).
        layer: usize,
        /// The weight.
        value: f32,
    },
    /// The file's hash does not match its contents.
    #[error("the network file is corrupt: its FNV-1a hash does not match")]
    Checksum,
    /// Bytes after the hash.
    #[error("the network file has {0} bytes after its end")]
    Trailing(usize),
    /// A network other than the shipped one given to [`install`].
    #[error("this is not the shipped network (its hash is {hash:016x}, the shipped one's {BUILTIN_HASH:016x}): only that one is installed, so that bots decide the same in every build")]
    NotShipped {
        /// The file's hash.
        hash: u64,
    },
}

/// One layer of a network in floating point, as a trainer leaves it:
/// `weights[i * outputs + o]` joins input `i` to output `o` (scikit-learn's
/// `coefs_` layout).
#[derive(Debug, Clone, PartialEq)]
pub struct FloatLayer {
    /// The layer's inputs.
    pub inputs: usize,
    /// The layer's outputs.
    pub outputs: usize,
    /// `inputs × outputs` weights, input-major.
    pub weights: Vec<f32>,
    /// `outputs` biases.
    pub biases: Vec<f32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    /// Input-major, Q12.
    weights: Vec<i16>,
    /// Q18 for the first layer, Q22 for the others.
    biases: Vec<i32>,
}

/// A value network in fixed point ([module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueNet {
    layers: Vec<Layer>,
    hash: u64,
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn check_shape(dims: &[(usize, usize)]) -> Result<(), ModelError> {
    let bad = |s: String| Err(ModelError::Shape(s));
    if dims.len() < 2 || dims.len() > MAX_LAYERS {
        return bad(format!(
            "{} layers; a network has 2 to {MAX_LAYERS}",
            dims.len()
        ));
    }
    if dims[0].0 != INPUTS {
        return bad(format!(
            "the first layer reads {} inputs, not the features' {INPUTS}",
            dims[0].0
        ));
    }
    for (k, w) in dims.windows(2).enumerate() {
        if w[0].1 != w[1].0 {
            return bad(format!(
                "layer {k} writes {} values and layer {} reads {}",
                w[0].1,
                k + 1,
                w[1].0
            ));
        }
    }
    for (k, &(_, outputs)) in dims.iter().enumerate() {
        if outputs == 0 || outputs > MAX_WIDTH {
            return bad(format!(
                "layer {k} has {outputs} outputs; at most {MAX_WIDTH}"
            ));
        }
    }
    let last = dims[dims.len() - 1].1;
    if last != MAX_PLAYERS {
        return bad(format!(
            "the last layer writes {last} values, not one per seat ({MAX_PLAYERS})"
        ));
    }
    Ok(())
}

/// Reads the file's bytes front to back.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], ModelError> {
        if self.0.len() < n {
            return Err(ModelError::Truncated(what));
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, ModelError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

impl ValueNet {
    /// The network shipped with the crate, read once (its model card is
    /// `metropolys-bots/data/value.md`); with the `builtin-network`
    /// feature (the default; without it, see [`shipped`] and [`install`]).
    #[cfg(feature = "builtin-network")]
    pub fn builtin() -> &'static ValueNet {
        SHIPPED.get_or_init(|| {
            ValueNet::from_bytes(BUILTIN_BYTES)
                .expect("the shipped network is checked by its tests")
        })
    }

    /// Reads a network file ([module docs](self)), checking its magic, its
    /// layout version, its shape and its hash.
    pub fn from_bytes(bytes: &[u8]) -> Result<ValueNet, ModelError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(ModelError::Magic);
        }
        if bytes.len() < MAGIC.len() + 8 + 8 {
            return Err(ModelError::Truncated("header"));
        }
        let mut r = Reader(&bytes[MAGIC.len()..]);
        let version = r.u32("version")?;
        if version != OBSERVATION_VERSION {
            return Err(ModelError::Version {
                got: version,
                want: OBSERVATION_VERSION,
            });
        }
        let count = r.u32("layer count")? as usize;
        if !(2..=MAX_LAYERS).contains(&count) {
            return Err(ModelError::Shape(format!(
                "{count} layers; a network has 2 to {MAX_LAYERS}"
            )));
        }
        let mut layers = Vec::with_capacity(count);
        let mut dims = Vec::with_capacity(count);
        for _ in 0..count {
            let inputs = r.u32("layer size")? as usize;
            let outputs = r.u32("layer size")? as usize;
            if inputs > INPUTS.max(MAX_WIDTH) || outputs > MAX_WIDTH {
                return Err(ModelError::Shape(format!(
                    "a {inputs} × {outputs} layer is larger than any network reads"
                )));
            }
            let weights = r
                .take(2 * inputs * outputs, "weights")?
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect();
            let biases = r
                .take(4 * outputs, "biases")?
                .chunks_exact(4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            dims.push((inputs, outputs));
            layers.push(Layer {
                inputs,
                outputs,
                weights,
                biases,
            });
        }
        check_shape(&dims)?;
        if layers[0].biases.iter().any(|b| b.abs() > MAX_FIRST_BIAS) {
            return Err(ModelError::Shape(
                "a first-layer bias is outside the fixed-point range (-512, 512)".into(),
            ));
        }
        let body = bytes.len() - r.0.len();
        let hash = r.take(8, "hash")?;
        let hash = u64::from_le_bytes(hash.try_into().map_err(|_| ModelError::Truncated("hash"))?);
        if hash != fnv1a(&bytes[..body]) {
            return Err(ModelError::Checksum);
        }
        if !r.0.is_empty() {
            return Err(ModelError::Trailing(r.0.len()));
        }
        Ok(ValueNet { layers, hash })
    }

    /// The network's file ([`ValueNet::from_bytes`] reads it back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&OBSERVATION_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.layers.len() as u32).to_le_bytes());
        for l in &self.layers {
            out.extend_from_slice(&(l.inputs as u32).to_le_bytes());
            out.extend_from_slice(&(l.outputs as u32).to_le_bytes());
            for w in &l.weights {
                out.extend_from_slice(&w.to_le_bytes());
            }
            for b in &l.biases {
                out.extend_from_slice(&b.to_le_bytes());
            }
        }
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// The network of a trainer's floating-point layers, rounded to the
    /// fixed-point format. Refuses shapes that do not chain from the
    /// observation to one value per seat, and weights of magnitude 8 or
    /// more (biases are saturated).
    pub fn quantize(layers: &[FloatLayer]) -> Result<ValueNet, ModelError> {
        let dims: Vec<(usize, usize)> = layers.iter().map(|l| (l.inputs, l.outputs)).collect();
        check_shape(&dims)?;
        let mut out = Vec::with_capacity(layers.len());
        for (k, l) in layers.iter().enumerate() {
            if l.weights.len() != l.inputs * l.outputs || l.biases.len() != l.outputs {
                return Err(ModelError::Shape(format!(
                    "layer {k} has {} weights and {} biases for {} × {}",
                    l.weights.len(),
                    l.biases.len(),
                    l.inputs,
                    l.outputs
                )));
            }
            let scale = f64::from(1u32 << WEIGHT_SHIFT);
            let mut weights = Vec::with_capacity(l.weights.len());
            for &w in &l.weights {
                let q = (f64::from(w) * scale).round();
                if q.is_nan() || q.abs() > f64::from(i16::MAX) {
                    return Err(ModelError::Range { layer: k, value: w });
                }
                weights.push(q as i16);
            }
            let bias_scale = f64::from(1u32 << if k == 0 { FIRST_SHIFT } else { LATER_SHIFT });
            let limit = if k == 0 { MAX_FIRST_BIAS } else { i32::MAX };
            let mut biases = Vec::with_capacity(l.outputs);
            for &b in &l.biases {
                let q = (f64::from(b) * bias_scale).round();
                if q.is_nan() || q.abs() > f64::from(limit) {
                    return Err(ModelError::Range { layer: k, value: b });
                }
                biases.push(q as i32);
            }
            out.push(Layer {
                inputs: l.inputs,
                outputs: l.outputs,
                weights,
                biases,
            });
        }
        let mut net = ValueNet {
            layers: out,
            hash: 0,
        };
        let bytes = net.to_bytes();
        net.hash = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().unwrap_or([0; 8]));
        Ok(net)
    }

    /// The FNV-1a hash its file ends with: names this network.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The layers' sizes, first to last: `(inputs, outputs)`.
    pub fn shape(&self) -> Vec<(usize, usize)> {
        self.layers.iter().map(|l| (l.inputs, l.outputs)).collect()
    }

    /// The values of a position's [`features`] (values outside `[0, 1]`
    /// are clamped), one per slot relative to the viewer, each in `[0, 1]`.
    pub fn evaluate_features(&self, obs: &[f32; INPUTS]) -> [f64; MAX_PLAYERS] {
        let first = &self.layers[0];
        let mut acc: Vec<i32> = first.biases.clone();
        for (i, &x) in obs.iter().enumerate() {
            if x <= 0.0 {
                continue;
            }
            // Q6: the inputs are k/13, k/9 or 0/1; f32 rounding is exact
            // IEEE arithmetic on every target.
            let q = (x.min(1.0) * (1 << INPUT_SHIFT) as f32).round() as i32;
            if q == 0 {
                continue;
            }
            let row = &first.weights[i * first.outputs..(i + 1) * first.outputs];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += q * i32::from(w);
            }
        }
        let mut hidden: Vec<i64> = acc
            .iter()
            .map(|&a| i64::from(a.max(0) >> (FIRST_SHIFT - HIDDEN_SHIFT)).min(MAX_HIDDEN))
            .collect();
        let last = self.layers.len() - 1;
        for (k, l) in self.layers.iter().enumerate().skip(1) {
            let mut next: Vec<i64> = l.biases.iter().map(|&b| i64::from(b)).collect();
            for (i, &h) in hidden.iter().enumerate() {
                if h == 0 {
                    continue;
                }
                let row = &l.weights[i * l.outputs..(i + 1) * l.outputs];
                for (a, &w) in next.iter_mut().zip(row) {
                    *a += h * i64::from(w);
                }
            }
            if k < last {
                for a in next.iter_mut() {
                    *a = ((*a).max(0) >> (LATER_SHIFT - HIDDEN_SHIFT)).min(MAX_HIDDEN);
                }
            }
            hidden = next;
        }
        let mut out = [0.0; MAX_PLAYERS];
        for (o, &a) in out.iter_mut().zip(&hidden) {
            // An exact division by a power of two.
            *o = (a as f64 / f64::from(1u32 << LATER_SHIFT)).clamp(0.0, 1.0);
        }
        out
    }

    /// Each seat's value (indexed by absolute seat; zero beyond the player
    /// count) of a whole position, every card known: the observation of the
    /// seat to act, [`Reveal::All`]. A finished game has no seat to act and
    /// is read from seat 0's side (the search scores finished games exactly
    /// instead).
    pub fn evaluate(&self, state: &State) -> [f64; MAX_PLAYERS] {
        let viewer = state.to_act().unwrap_or(0);
        let mut x = [0f32; INPUTS];
        features(state, viewer, &mut x);
        let rel = self.evaluate_features(&x);
        let n = state.players();
        let mut out = [0.0; MAX_PLAYERS];
        for seat in 0..n {
            out[usize::from(seat)] = rel[observation::relative(seat as Seat, viewer, n)];
        }
        out
    }
}

/// Writes what the network reads of `state` from `viewer`'s side into
/// `out`: the observation with every card revealed ([`Reveal::All`]:
/// the search values whole, sampled positions), then the
/// [`EXTRA_INPUTS`]. Allocates nothing.
///
/// # Panics
///
/// When `viewer` is not a seat of the game (R-1).
pub fn features(state: &State, viewer: Seat, out: &mut [f32; INPUTS]) {
    let (obs, extra) = out.split_at_mut(OBSERVATION_SIZE);
    let obs: &mut [f32; OBSERVATION_SIZE] = obs.try_into().expect("split at the observation");
    observation::write(state, viewer, Reveal::All, obs);
    extra.fill(0.0);
    let n = state.players();
    let totals = state.totals();
    let scores = totals.totals();
    for seat in 0..n {
        let r = observation::relative(seat, viewer, n);
        let own = scores[usize::from(seat)];
        let best_other = (0..n)
            .filter(|&q| q != seat)
            .map(|q| scores[usize::from(q)])
            .max()
            .unwrap_or(0);
        extra[r] = (own as f32 / 150.0).clamp(0.0, 1.0);
        extra[MAX_PLAYERS + r] = (0.5 + (own - best_other) as f32 / 40.0).clamp(0.0, 1.0);
    }
}

/// What the network learns for a finished game: each seat's `score`
/// reward (indexed by absolute seat), as the search backs it up with its
/// default margin and win weight ([`crate::DEFAULT_MARGIN`],
/// [`crate::DEFAULT_WIN_WEIGHT`]; R-20 shares a tied victory).
pub fn target(end: &State) -> [f64; MAX_PLAYERS] {
    crate::reward::score_reward(end)
}

/// The features of each candidate card in the learned belief over the
/// opponents' secret cards (`ismcts`'s `"belief": "learned"`,
/// docs/learning.md): the log-likelihood of the opponent's constructions
/// under the card (the hand-written belief's, `β` = 0.2), the points the
/// card would score on the opponent's buildings as they stand / 10, and
/// those points times the share of its 13 buildings constructed.
pub const BELIEF_FEATURES: usize = crate::belief::FEATURES;

/// Which of an opponent's secret cards a [`BeliefExample`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SecretKind {
    /// The area card (`Area::index` numbers the candidates).
    Area,
    /// The Expert neighborhood card (`Kind::index`).
    Neighborhood,
    /// The Metropolys card (its index in `METROPOLYS_CARDS`).
    Metropolys,
}

/// One opponent's secret card of one kind as the learned belief sees it
/// from a seat's view: every card it may be (what the seat cannot rule
/// out), each with its [`BELIEF_FEATURES`], and the one it is. The rows
/// the learned belief is fitted on.
#[derive(Debug, Clone, PartialEq)]
pub struct BeliefExample {
    /// Which card.
    pub kind: SecretKind,
    /// The opponent (its seat).
    pub opponent: Seat,
    /// The cards it may be, by their index among their kind.
    pub candidates: Vec<usize>,
    /// The features of each candidate, in the same order.
    pub features: Vec<[f64; BELIEF_FEATURES]>,
    /// The position in `candidates` of the card the opponent holds.
    pub truth: usize,
}

/// The examples of `seat`'s view of `state` (a whole state: its secrets
/// are the truths): one per opponent and kind of secret card.
///
/// ```
/// use metropolys_bots::learned::{belief_examples, SecretKind};
/// use metropolys_core::{Config, State, Variant};
/// let s = State::new(&Config::new(3, Variant::Expert, 1)).unwrap();
/// let examples = belief_examples(&s, 0).unwrap();
/// // Two opponents, each an area card and a neighborhood card.
/// assert_eq!(examples.len(), 4);
/// assert!(examples.iter().all(|e| e.opponent != 0));
/// assert_eq!(examples.iter().filter(|e| e.kind == SecretKind::Area).count(), 2);
/// ```
pub fn belief_examples(state: &State, seat: Seat) -> Result<Vec<BeliefExample>, crate::BotError> {
    use crate::belief::{self, Candidate};
    let view = crate::InfoSet::new(state, seat)?;
    let tables = crate::eval::Tables::new();
    let s = view.position();
    let beta = belief::LEARNED_BETA;
    let mut out = Vec::new();
    fn push<T: Candidate + PartialEq>(
        out: &mut Vec<BeliefExample>,
        kind: SecretKind,
        opponent: Seat,
        deck: &[T],
        truth: Option<T>,
        features: Vec<[f64; BELIEF_FEATURES]>,
    ) {
        if let Some(t) = truth.and_then(|t| deck.iter().position(|c| *c == t)) {
            out.push(BeliefExample {
                kind,
                opponent,
                candidates: deck.iter().map(Candidate::id).collect(),
                features,
                truth: t,
            });
        }
    }
    for q in (0..s.players()).filter(|&q| q != seat) {
        let objective = state.objective(q);
        let areas = view.hidden_areas();
        let ll = belief::area_loglik(s, &tables, q, beta, areas);
        let f = belief::features(s, q, areas, &ll);
        push(
            &mut out,
            SecretKind::Area,
            q,
            areas,
            objective.map(|o| o.area),
            f,
        );
        let kinds = view.hidden_kinds();
        if !kinds.is_empty() {
            let ll = belief::kind_loglik(s, &tables, q, beta, kinds);
            let f = belief::features(s, q, kinds, &ll);
            let truth = objective.and_then(|o| o.neighborhood);
            push(&mut out, SecretKind::Neighborhood, q, kinds, truth, f);
        }
        if view.metropolys_card().is_some() {
            let all = metropolys_core::METROPOLYS_CARDS;
            let deck = view.deck_rest().unwrap_or(&all);
            let ll = belief::card_loglik(s, &tables, q, beta, deck);
            let f = belief::features(s, q, deck, &ll);
            push(
                &mut out,
                SecretKind::Metropolys,
                q,
                deck,
                state.metropolys_card(q),
                f,
            );
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::rng::SplitMix64;
    use metropolys_core::{Config, Variant};

    fn tiny() -> Vec<FloatLayer> {
        let mut rng = SplitMix64::new(3);
        let mut r = || ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.2;
        let mut layer = |inputs, outputs| FloatLayer {
            inputs,
            outputs,
            weights: (0..inputs * outputs).map(|_| r()).collect(),
            biases: (0..outputs).map(|_| r() + 0.1).collect(),
        };
        vec![layer(INPUTS, 16), layer(16, 8), layer(8, MAX_PLAYERS)]
    }

    /// The floating-point network the fixed-point one rounds.
    fn float_eval(layers: &[FloatLayer], obs: &[f32]) -> Vec<f64> {
        let mut x: Vec<f64> = obs.iter().map(|&v| f64::from(v)).collect();
        for (k, l) in layers.iter().enumerate() {
            let mut y: Vec<f64> = l.biases.iter().map(|&b| f64::from(b)).collect();
            for (i, xi) in x.iter().enumerate() {
                for (o, yo) in y.iter_mut().enumerate() {
                    *yo += xi * f64::from(l.weights[i * l.outputs + o]);
                }
            }
            if k + 1 < layers.len() {
                y.iter_mut().for_each(|v| *v = v.max(0.0));
            }
            x = y;
        }
        x.into_iter().map(|v| v.clamp(0.0, 1.0)).collect()
    }

    #[test]
    fn the_fixed_point_network_follows_the_float_one() {
        let layers = tiny();
        let net = ValueNet::quantize(&layers).unwrap();
        let mut rng = SplitMix64::new(9);
        let mut s = State::new(&Config::new(3, Variant::Expert, 4)).unwrap();
        let mut checked = 0;
        while !s.is_over() {
            let mut obs = [0f32; INPUTS];
            features(&s, s.to_act().unwrap(), &mut obs);
            // The float network on the rounded inputs the fixed one reads.
            let rounded: Vec<f32> = obs.iter().map(|&x| (x * 64.0).round() / 64.0).collect();
            let want = float_eval(&layers, &rounded);
            let got = net.evaluate_features(&obs);
            for p in 0..MAX_PLAYERS {
                assert!((got[p] - want[p]).abs() < 2e-3, "{got:?} {want:?}");
            }
            checked += 1;
            s = s.play(s.random_action(&mut rng).unwrap()).unwrap();
        }
        assert!(checked > 20);
    }

    #[test]
    fn a_network_file_reads_back_and_refuses_damage() {
        let net = ValueNet::quantize(&tiny()).unwrap();
        let bytes = net.to_bytes();
        let back = ValueNet::from_bytes(&bytes).unwrap();
        assert_eq!(back, net);
        assert_eq!(back.hash(), net.hash());
        assert_eq!(back.shape(), vec![(INPUTS, 16), (16, 8), (8, MAX_PLAYERS)]);
        assert_eq!(ValueNet::from_bytes(b"hello"), Err(ModelError::Magic));
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(ValueNet::from_bytes(&flipped), Err(ModelError::Checksum));
        for cut in [20, 100, bytes.len() - 1] {
            assert!(
                matches!(
                    ValueNet::from_bytes(&bytes[..cut]),
                    Err(ModelError::Truncated(_))
                ),
                "{cut}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(ValueNet::from_bytes(&longer), Err(ModelError::Trailing(1)));
        let mut version = bytes.clone();
        version[8] = 99;
        assert!(matches!(
            ValueNet::from_bytes(&version),
            Err(ModelError::Version { got: 99, .. })
        ));
        // A huge declared layer is refused before anything is allocated.
        let mut huge = bytes[..16].to_vec();
        huge.extend_from_slice(&u32::MAX.to_le_bytes());
        huge.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(
            ValueNet::from_bytes(&huge),
            Err(ModelError::Shape(_))
        ));
    }

    #[test]
    fn quantize_refuses_what_the_format_cannot_hold() {
        let mut layers = tiny();
        layers[1].weights[3] = 9.0;
        assert!(matches!(
            ValueNet::quantize(&layers),
            Err(ModelError::Range { layer: 1, .. })
        ));
        let mut layers = tiny();
        layers[2].outputs = 3;
        assert!(matches!(
            ValueNet::quantize(&layers),
            Err(ModelError::Shape(_))
        ));
        let mut layers = tiny();
        layers[0].inputs = 10;
        assert!(matches!(
            ValueNet::quantize(&layers),
            Err(ModelError::Shape(_))
        ));
    }

    #[cfg(feature = "builtin-network")]
    #[test]
    fn the_shipped_network_reads_and_values_whole_positions() {
        let net = ValueNet::builtin();
        assert_eq!(net.shape()[0].0, INPUTS);
        let s = State::new(&Config::new(2, Variant::Expert, 1)).unwrap();
        let v = net.evaluate(&s);
        assert!(v[..2].iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
        assert_eq!(v[2..], [0.0, 0.0]);
        // The hash `install` accepts is the shipped file's, and what it
        // finds in a build that has the network is that network.
        assert_eq!(net.hash(), BUILTIN_HASH);
        assert!(std::ptr::eq(shipped().unwrap(), net));
        let file =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/value.mtpnet")).unwrap();
        assert!(std::ptr::eq(install(&file).unwrap(), net));
    }

    #[test]
    fn install_takes_the_shipped_network_only() {
        let other = ValueNet::quantize(&tiny()).unwrap();
        assert_eq!(
            install(&other.to_bytes()),
            Err(ModelError::NotShipped { hash: other.hash() })
        );
        let e = install(&other.to_bytes()).unwrap_err().to_string();
        assert!(e.contains("122e96a4db4675f7"), "{e}");
        assert_eq!(install(b"hello"), Err(ModelError::Magic));
    }

    /// Without the `builtin-network` feature (scripts/test-rust runs this
    /// with `--no-default-features`): a search that values its leaves with
    /// the network is refused, when it is made and when it decides, until
    /// `install` is given the shipped file; the others are not affected.
    #[cfg(not(feature = "builtin-network"))]
    #[test]
    fn without_the_builtin_network_a_value_search_waits_for_install() {
        use crate::{from_spec, BotError, InfoSet, Ismcts, Leaf};
        assert!(shipped().is_none());
        let refused = |r: Result<Box<dyn crate::Bot>, BotError>, bot: &str| match r {
            Err(BotError::NoNetwork { bot: b }) => assert_eq!(b, bot),
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("{bot} was built without the network"),
        };
        refused(from_spec("expert", ""), "expert");
        refused(from_spec("ismcts", r#"{"leaf": "value"}"#), "ismcts");
        let s = State::new(&Config::new(3, Variant::Expert, 5)).unwrap();
        let view = InfoSet::new(&s, s.to_act().unwrap()).unwrap();
        let mut rng = SplitMix64::new(1);
        let mut direct = Ismcts::default();
        direct.iterations = Some(50);
        direct.leaf = Leaf::Value;
        let e = crate::Bot::choose(&mut direct, &view, &mut rng).unwrap_err();
        assert!(e.to_string().contains("loadValueNetwork"), "{e}");
        assert!(from_spec("strong", "").is_ok());
        assert!(shipped().is_none());
        let file =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/value.mtpnet")).unwrap();
        let net = install(&file).unwrap();
        assert_eq!(net.hash(), BUILTIN_HASH);
        assert!(std::ptr::eq(shipped().unwrap(), net));
        assert!(crate::Bot::choose(&mut direct, &view, &mut rng).is_ok());
        assert!(from_spec("expert", "").is_ok());
    }
}
