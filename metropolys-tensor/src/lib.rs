//! # metropolys-tensor
//!
//! Fixed-size tensors of Metropolys positions for learning agents, written
//! into caller-provided buffers with no allocation per call:
//!
//! * [`observation_into`]: what one seat may see (R-21), as
//!   [`OBSERVATION_SIZE`] `f32` values in `[0, 1]` (layout version
//!   [`OBSERVATION_VERSION`], table below);
//! * [`action_mask_into`] / [`legal_ids_into`]: the legal actions of the seat
//!   to act as a mask over the [`Action::COUNT`] ids or as a list of ids;
//! * [`information_state_into`]: an information-state tensor (OpenSpiel's
//!   perfect-recall form): the observation followed by every decision so far;
//! * [`vector`]: a batch of games stepped together, the engine behind
//!   Python's `metropolys.VectorEnv`.
//!
//! The core crate stays the rules alone; this crate only reads positions.
//!
//! ## The observation
//!
//! The layout (version [`OBSERVATION_VERSION`], [`PIECES`]) and what an
//! observation may read (R-21) are documented in
//! [`metropolys_bots::observation`], which writes it: the bots' learned
//! evaluation reads the same tensor. Seats are relative to the viewer.
//!
//! ```
//! use metropolys_core::{Config, State, Variant};
//! use metropolys_tensor::{observation_into, Reveal, OBSERVATION_SIZE};
//!
//! let state = State::new(&Config::new(3, Variant::Expert, 7)).unwrap();
//! let mut obs = [0.0f32; OBSERVATION_SIZE];
//! observation_into(&state, 1, Reveal::Own, &mut obs).unwrap();
//! assert_eq!(obs[1], 1.0); // viewer: seat 1
//! assert_eq!(obs[4 + 1], 1.0); // 3 players
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod selfplay;
pub mod vector;

use metropolys_bots::observation::{self, relative};

/// The version of the observation layout
/// ([`metropolys_bots::observation::OBSERVATION_VERSION`]). Any change to
/// the layout bumps it.
pub const OBSERVATION_VERSION: u32 = observation::OBSERVATION_VERSION;
/// The number of `f32` values in one observation (924 in version 1;
/// [`metropolys_bots::observation::OBSERVATION_SIZE`]).
pub const OBSERVATION_SIZE: usize = observation::OBSERVATION_SIZE;
/// The pieces of the observation: `(name, offset, shape)`, in order
/// ([`metropolys_bots::observation::PIECES`]).
pub const PIECES: [(&str, usize, &[usize]); 17] = observation::PIECES;

/// Which seats' secret cards an observation shows before the game ends
/// (once it is over every card is shown, R-21): this crate's name for
/// [`metropolys_bots::observation::Reveal`], which writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Reveal {
    /// The viewer's own cards only: what the seat may see (R-21).
    #[default]
    Own,
    /// Nobody's cards (a spectator; OpenSpiel's "no private info").
    None,
    /// Every seat's cards (OpenSpiel's "all players" observer). Not a
    /// player's view: the caller asks for it explicitly.
    All,
}

impl From<Reveal> for observation::Reveal {
    fn from(r: Reveal) -> observation::Reveal {
        match r {
            Reveal::Own => observation::Reveal::Own,
            Reveal::None => observation::Reveal::None,
            Reveal::All => observation::Reveal::All,
        }
    }
}
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, Area, Kind, Seat, State, BUILDINGS_PER_PLAYER, NEIGHBORHOOD_COUNT};

const NB: usize = NEIGHBORHOOD_COUNT;
const BUILDINGS: usize = BUILDINGS_PER_PLAYER as usize;
const KINDS: usize = 5;
/// Offsets of the pieces dealing observations write, from the layout.
const TO_ACT: usize = PIECES[3].1;
const SEATS: usize = PIECES[3].2[0];
const OBJECTIVES: usize = PIECES[15].1;
const OBJECTIVE_WIDTH: usize = PIECES[15].2[1];

/// The width of one decision in the information-state tensor: the
/// neighborhood (55, one-hot), the building number (13, one-hot) and the
/// pass (1).
pub const DECISION_WIDTH: usize = NB + BUILDINGS + 1;

/// The number of actions in the fixed action space (716).
pub const ACTION_COUNT: usize = Action::COUNT;

/// An upper bound on the decisions of one game (core's rule-derived
/// bound, R-9, R-10, R-17).
pub use metropolys_core::max_decisions;

/// The size of the information-state tensor of a `players`-player game:
/// [`OBSERVATION_SIZE`] plus [`max_decisions`] × [`DECISION_WIDTH`].
pub const fn information_state_size(players: u8) -> usize {
    OBSERVATION_SIZE + max_decisions(players) * DECISION_WIDTH
}

/// A bad buffer or seat.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TensorError {
    /// The buffer does not have the size the tensor needs.
    #[error("the {what} buffer holds {got} values; it needs exactly {want}")]
    BufferSize {
        /// Which tensor.
        what: &'static str,
        /// The size needed.
        want: usize,
        /// The size given.
        got: usize,
    },
    /// The seat is not in the game (R-1).
    #[error("R-1: seat {seat} is not in this {players}-player game")]
    Seat {
        /// The seat asked for.
        seat: u32,
        /// The player count.
        players: u8,
    },
    /// More decisions than a game can hold.
    #[error("a {players}-player game has at most {max} decisions, not {got}")]
    History {
        /// The player count.
        players: u8,
        /// The bound ([`max_decisions`]).
        max: usize,
        /// The number given.
        got: usize,
    },
    /// A decision id that is not an action id (0–715).
    #[error("decision {index} of the history is {id}, not an action id (0-715)")]
    ActionId {
        /// Its position in the history.
        index: usize,
        /// The id.
        id: u32,
    },
}

impl TensorError {
    /// The ruling a seat error breaks (`[R1]`; empty for the other errors).
    pub fn rule(&self) -> &'static [metropolys_core::Rule] {
        match self {
            TensorError::Seat { .. } => &[metropolys_core::Rule::R1],
            _ => &[],
        }
    }
}

fn check_len(what: &'static str, want: usize, got: usize) -> Result<(), TensorError> {
    if want == got {
        Ok(())
    } else {
        Err(TensorError::BufferSize { what, want, got })
    }
}

fn check_seat(state: &State, seat: Seat) -> Result<(), TensorError> {
    if seat < state.players() {
        Ok(())
    } else {
        Err(TensorError::Seat {
            seat: u32::from(seat),
            players: state.players(),
        })
    }
}

/// Writes the observation of `viewer` (layout in the crate docs) into
/// `out`, which must hold exactly [`OBSERVATION_SIZE`] values. Allocates
/// nothing. Opponents' secret cards appear only as `reveal` allows (R-21).
pub fn observation_into(
    state: &State,
    viewer: Seat,
    reveal: Reveal,
    out: &mut [f32],
) -> Result<(), TensorError> {
    check_len("observation", OBSERVATION_SIZE, out.len())?;
    check_seat(state, viewer)?;
    let out: &mut [f32; OBSERVATION_SIZE] = out.try_into().expect("length checked");
    observation::write(state, viewer, reveal.into(), out);
    Ok(())
}

/// Writes the observation of `viewer` while the secret cards are still
/// being dealt (OpenSpiel's chance phase): `state`'s public position (its
/// own secrets ignored) with nobody to act, and `dealt[seat]`, the cards
/// dealt to each seat so far that the caller shows `viewer` (a
/// neighborhood card kind and an area card, either possibly not dealt
/// yet), in `viewer`'s relative slots. `dealt` has one entry per seat.
pub fn dealing_observation_into(
    state: &State,
    viewer: Seat,
    dealt: &[(Option<Kind>, Option<Area>)],
    out: &mut [f32],
) -> Result<(), TensorError> {
    let n = state.players();
    check_len("dealt cards", usize::from(n), dealt.len())?;
    observation_into(state, viewer, Reveal::None, out)?;
    out[TO_ACT..TO_ACT + SEATS].fill(0.0);
    for (seat, &(kind, area)) in (0..n).zip(dealt) {
        let row = OBJECTIVES + relative(seat, viewer, n) * OBJECTIVE_WIDTH;
        if let Some(kind) = kind {
            out[row + kind.index()] = 1.0;
        }
        if let Some(area) = area {
            out[row + KINDS + area.index()] = 1.0;
        }
    }
    Ok(())
}

/// Writes the legal-action mask of the seat to act into `out` (exactly
/// [`ACTION_COUNT`] values): `out[id]` is whether action `id` is legal. All
/// false once the game is over. Allocates nothing.
pub fn action_mask_into(state: &State, out: &mut [bool]) -> Result<(), TensorError> {
    check_len("action mask", ACTION_COUNT, out.len())?;
    out.fill(false);
    // Every bid pairs a legal neighborhood with a legal building: one row
    // of 13 ids per neighborhood, all alike.
    let moves = state.legal_moves();
    let mut row = [false; BUILDINGS];
    for (b, v) in row.iter_mut().enumerate() {
        *v = moves.buildings & (2 << b) != 0;
    }
    for nb in moves.neighborhoods.iter() {
        let start = usize::from(nb) * BUILDINGS;
        out[start..start + BUILDINGS].copy_from_slice(&row);
    }
    out[usize::from(Action::PASS_ID)] = moves.pass;
    Ok(())
}

/// Writes the ids of the legal actions, ascending, into the start of `out`
/// (at least [`ACTION_COUNT`] values) and returns how many there are.
pub fn legal_ids_into<T: From<u16>>(state: &State, out: &mut [T]) -> Result<usize, TensorError> {
    if out.len() < ACTION_COUNT {
        return Err(TensorError::BufferSize {
            what: "legal action ids",
            want: ACTION_COUNT,
            got: out.len(),
        });
    }
    let mut k = 0;
    state.for_each_legal(|a| {
        out[k] = T::from(action_id(a) as u16);
        k += 1;
    });
    Ok(k)
}

/// One uniformly random legal action per game of a batch: `masks` holds
/// one row of [`ACTION_COUNT`] bools per game (a batch's action masks, as
/// [`action_mask_into`] writes them), `out` one id per row. A row with no
/// legal action (a finished game, whose action the next step ignores) gets
/// 0. The draws come from `rng`, one [`SplitMix64::below`] per row with a
/// legal action, so a seeded generator gives the same actions every time.
///
/// ```
/// use metropolys_core::rng::SplitMix64;
/// use metropolys_tensor::{sample_legal_into, ACTION_COUNT};
/// let mut masks = vec![false; 2 * ACTION_COUNT];
/// masks[7] = true;
/// masks[ACTION_COUNT + 3] = true;
/// masks[ACTION_COUNT + 715] = true;
/// let mut out = [0i64; 2];
/// sample_legal_into(&masks, &mut SplitMix64::new(1), &mut out).unwrap();
/// assert_eq!(out[0], 7);
/// assert!(out[1] == 3 || out[1] == 715);
/// ```
pub fn sample_legal_into(
    masks: &[bool],
    rng: &mut SplitMix64,
    out: &mut [i64],
) -> Result<(), TensorError> {
    if masks.len() != out.len() * ACTION_COUNT {
        return Err(TensorError::BufferSize {
            what: "action masks",
            want: out.len() * ACTION_COUNT,
            got: masks.len(),
        });
    }
    // Each row read as blocks of 8 bools: the legal ids of a block counted
    // at once (a bool is one byte, 0 or 1), then only the block holding
    // the chosen id is scanned.
    const BLOCK: usize = 8;
    let block_count = |b: &[bool]| -> u32 { b.iter().map(|&x| u32::from(x)).sum() };
    for (row, slot) in masks.chunks_exact(ACTION_COUNT).zip(out.iter_mut()) {
        *slot = 0;
        let count = block_count(row);
        if count == 0 {
            continue;
        }
        let mut k = rng.below(u64::from(count)) as u32;
        for (b, block) in row.chunks(BLOCK).enumerate() {
            let c = block_count(block);
            if k >= c {
                k -= c;
                continue;
            }
            if let Some((i, _)) = block
                .iter()
                .enumerate()
                .filter(|&(_, &x)| x)
                .nth(k as usize)
            {
                *slot = (b * BLOCK + i) as i64;
            }
            break;
        }
    }
    Ok(())
}

#[inline]
fn action_id(a: Action) -> usize {
    a.id().unwrap_or(Action::PASS_ID) as usize
}

/// Writes the information-state tensor of `viewer` into `out` (exactly
/// [`information_state_size`]`(players)` values): the observation
/// ([`observation_into`] with `reveal`; [`Reveal::Own`] is the seat's own
/// information state) followed by one row of
/// [`DECISION_WIDTH`] per decision of `history` (the action ids played since
/// the start, in order; every decision is public), zero rows after the last.
/// A decision row is the bid's neighborhood and building one-hot, or the
/// pass flag.
///
/// `history` must be the decisions that led to `state`; the tensor is then
/// a function of the viewer's information state (perfect recall).
pub fn information_state_into(
    state: &State,
    viewer: Seat,
    reveal: Reveal,
    history: &[u16],
    out: &mut [f32],
) -> Result<(), TensorError> {
    let players = state.players();
    check_len(
        "information state",
        information_state_size(players),
        out.len(),
    )?;
    let max = max_decisions(players);
    if history.len() > max {
        return Err(TensorError::History {
            players,
            max,
            got: history.len(),
        });
    }
    if let Some((index, &id)) = history
        .iter()
        .enumerate()
        .find(|(_, &id)| id as usize >= ACTION_COUNT)
    {
        return Err(TensorError::ActionId {
            index,
            id: u32::from(id),
        });
    }
    let (obs, rest) = out.split_at_mut(OBSERVATION_SIZE);
    observation_into(state, viewer, reveal, obs)?;
    rest.fill(0.0);
    for (row, &id) in rest.chunks_exact_mut(DECISION_WIDTH).zip(history) {
        write_decision(row, id);
    }
    Ok(())
}

/// One decision row of the information-state tensor.
fn write_decision(row: &mut [f32], id: u16) {
    if id == Action::PASS_ID {
        row[NB + BUILDINGS] = 1.0;
    } else {
        let id = id as usize;
        row[id / BUILDINGS] = 1.0;
        row[NB + id % BUILDINGS] = 1.0;
    }
}
