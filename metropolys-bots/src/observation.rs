//! The observation of a position by one seat: [`OBSERVATION_SIZE`] `f32`
//! values in `[0, 1]` (layout version [`OBSERVATION_VERSION`], table
//! below), the input of the learned evaluation ([`crate::learned`]) and
//! what `metropolys-tensor` hands to learning agents (its
//! `observation_into` checks the buffer and the seat, then calls
//! [`write()`]).
//!
//! ## What an observation may read (R-21)
//!
//! The encoder reads public data through [`State`]'s public queries. The
//! only secrets it reads (objective cards and Metropolys cards) pass through
//! one function, `visible_secrets`, which hands out a seat's secrets only when
//! that seat is the viewer, when the game is over (every card is revealed),
//! or when the caller asks for [`Reveal::All`] explicitly (OpenSpiel's
//! "all players" observer). Swapping the opponents' secrets leaves a seat's
//! observation unchanged (tested).
//!
//! ## Observation layout, version 1
//!
//! Seats are *relative to the viewer*: slot 0 is the viewer, slot 1 the next
//! seat clockwise, and so on. There are always four slots; slots beyond the
//! player count stay zero. Neighborhoods are indexed by id (0–54). Every value
//! lies in `[0, 1]`. Pieces follow each other in this order (row-major):
//!
//! | offset | piece                | shape   | meaning                                                    |
//! |-------:|----------------------|---------|------------------------------------------------------------|
//! |      0 | `viewer`             | 4       | absolute seat of the viewer, one-hot                       |
//! |      4 | `players`            | 3       | 2, 3 or 4 players, one-hot                                 |
//! |      7 | `variant`            | 2       | family, expert, one-hot                                    |
//! |      9 | `to_act`             | 4       | relative seat to act, one-hot (zero once over)             |
//! |     13 | `in_play`            | 55      | neighborhood in play (R-2)                                 |
//! |     68 | `constructed`        | 4 × 55  | building owner (relative seat), one-hot per neighborhood   |
//! |    288 | `constructed_number` | 55      | number of the building constructed there / 13              |
//! |    343 | `tokens`             | 3 × 55  | trendy, subway, archaeology token still on the board       |
//! |    508 | `bids`               | 4 × 55  | bid of this call by relative seat: building number / 13    |
//! |    728 | `last_bid`           | 55      | neighborhood of the most recent bid, one-hot               |
//! |    783 | `passed`             | 4       | relative seat has passed in this call                      |
//! |    787 | `supply`             | 4 × 13  | building `b` (column `b - 1`) still in the seat's supply   |
//! |    839 | `taken`              | 4 × 3   | trendy, subway, archaeology tokens taken / 9               |
//! |    851 | `subway_card`        | 4       | holder (relative seat), one-hot                            |
//! |    855 | `archaeology_card`   | 4       | holder (relative seat), one-hot                            |
//! |    859 | `objectives`         | 4 × 16  | per relative seat: neighborhood card kind (5), area card (6), Metropolys card kinds (5); zero where hidden |
//! |    923 | `game_over`          | 1       | the game has ended                                         |
//! |    924 | (size)               |         |                                                            |
//!
//! Kinds are `industry, park, housing, mall, administration`; areas
//! `bridges, statues, lakes, border, districts, chains`.
//!
//! ```
//! use metropolys_core::{Config, State, Variant};
//! use metropolys_bots::observation::{write, Reveal, OBSERVATION_SIZE};
//!
//! let state = State::new(&Config::new(3, Variant::Expert, 7)).unwrap();
//! let mut obs = [0.0f32; OBSERVATION_SIZE];
//! write(&state, 1, Reveal::Own, &mut obs);
//! assert_eq!(obs[1], 1.0); // viewer: seat 1
//! assert_eq!(obs[4 + 1], 1.0); // 3 players
//! ```

use metropolys_core::{
    Card, MetropolysCard, Objective, Seat, State, Token, Variant, BUILDINGS_PER_PLAYER,
    MAX_PLAYERS, NEIGHBORHOOD_COUNT,
};

/// The version of the observation layout (the table in the crate docs).
/// Any change to the layout bumps it.
pub const OBSERVATION_VERSION: u32 = 1;

const NB: usize = NEIGHBORHOOD_COUNT;
const SEATS: usize = MAX_PLAYERS;
const BUILDINGS: usize = BUILDINGS_PER_PLAYER as usize;
const KINDS: usize = 5;
const AREAS: usize = 6;
const OBJECTIVE_WIDTH: usize = KINDS + AREAS + KINDS;

/// The pieces of the observation: `(name, offset, shape)`, in order.
pub const PIECES: [(&str, usize, &[usize]); 17] = [
    ("viewer", VIEWER, &[SEATS]),
    ("players", PLAYERS, &[3]),
    ("variant", VARIANT, &[2]),
    ("to_act", TO_ACT, &[SEATS]),
    ("in_play", IN_PLAY, &[NB]),
    ("constructed", CONSTRUCTED, &[SEATS, NB]),
    ("constructed_number", CONSTRUCTED_NUMBER, &[NB]),
    ("tokens", TOKENS, &[3, NB]),
    ("bids", BIDS, &[SEATS, NB]),
    ("last_bid", LAST_BID, &[NB]),
    ("passed", PASSED, &[SEATS]),
    ("supply", SUPPLY, &[SEATS, BUILDINGS]),
    ("taken", TAKEN, &[SEATS, 3]),
    ("subway_card", SUBWAY_CARD, &[SEATS]),
    ("archaeology_card", ARCHAEOLOGY_CARD, &[SEATS]),
    ("objectives", OBJECTIVES, &[SEATS, OBJECTIVE_WIDTH]),
    ("game_over", GAME_OVER, &[1]),
];

const VIEWER: usize = 0;
const PLAYERS: usize = VIEWER + SEATS;
const VARIANT: usize = PLAYERS + 3;
const TO_ACT: usize = VARIANT + 2;
const IN_PLAY: usize = TO_ACT + SEATS;
const CONSTRUCTED: usize = IN_PLAY + NB;
const CONSTRUCTED_NUMBER: usize = CONSTRUCTED + SEATS * NB;
const TOKENS: usize = CONSTRUCTED_NUMBER + NB;
const BIDS: usize = TOKENS + 3 * NB;
const LAST_BID: usize = BIDS + SEATS * NB;
const PASSED: usize = LAST_BID + NB;
const SUPPLY: usize = PASSED + SEATS;
const TAKEN: usize = SUPPLY + SEATS * BUILDINGS;
const SUBWAY_CARD: usize = TAKEN + SEATS * 3;
const ARCHAEOLOGY_CARD: usize = SUBWAY_CARD + SEATS;
const OBJECTIVES: usize = ARCHAEOLOGY_CARD + SEATS;
const GAME_OVER: usize = OBJECTIVES + SEATS * OBJECTIVE_WIDTH;

/// The number of `f32` values in one observation (924 in version 1).
pub const OBSERVATION_SIZE: usize = GAME_OVER + 1;

/// Which seats' secret cards an observation shows before the game ends
/// (once it is over every card is shown, R-21).
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

/// The secret cards of `seat` that `viewer` may see: the only place the
/// encoder reads secrets (R-21). Some only for the viewer's own seat, once
/// the game is over, or when every card is revealed on request.
#[inline]
fn visible_secrets(
    state: &State,
    viewer: Seat,
    seat: Seat,
    reveal: Reveal,
) -> Option<(Objective, Option<MetropolysCard>)> {
    let shown = match reveal {
        Reveal::Own => state.shows_secrets(Some(viewer), seat),
        // A spectator: nobody's cards until the game is over.
        Reveal::None => state.is_over(),
        Reveal::All => true,
    };
    if !shown {
        return None;
    }
    Some((state.objective(seat)?, state.metropolys_card(seat)))
}

/// The slot of `seat` relative to `viewer` (both below `n`) in every
/// seat piece of the observation: `(seat - viewer)
/// mod n`, without a division.
#[inline]
pub fn relative(seat: Seat, viewer: Seat, n: u8) -> usize {
    let r = seat + n - viewer;
    usize::from(if r >= n { r - n } else { r })
}

/// The seat in relative slot `r` (below `n`) of `viewer`'s view.
#[inline]
pub fn absolute(r: Seat, viewer: Seat, n: u8) -> Seat {
    let seat = viewer + r;
    if seat >= n {
        seat - n
    } else {
        seat
    }
}

/// Writes the observation of `viewer` (layout in the module docs) into
/// `out`. Allocates nothing. Opponents' secret cards appear only as
/// `reveal` allows (R-21). `viewer` must be a seat of the game (R-1);
/// `metropolys_tensor::observation_into` checks it and the buffer.
///
/// # Panics
///
/// When `viewer` is not below the player count.
pub fn write(state: &State, viewer: Seat, reveal: Reveal, out: &mut [f32; OBSERVATION_SIZE]) {
    assert!(
        viewer < state.players(),
        "R-1: seat {viewer} is not in the game"
    );
    // Every value is written (no clear of the whole buffer first: one
    // `memset` of 3,696 bytes was half of a vector-env step).
    write_public(state, viewer, out);
    out[OBJECTIVES..GAME_OVER].fill(0.0);
    let n = state.players();
    for seat in 0..n {
        if let Some((objective, card)) = visible_secrets(state, viewer, seat, reveal) {
            let rel = relative(seat, viewer, n);
            write_objective(
                &mut out[OBJECTIVES + rel * OBJECTIVE_WIDTH..],
                objective,
                card,
            );
        }
    }
}

/// Writes one seat's secret cards into its row of the `objectives` piece:
/// `row[0..5]` neighborhood card kind, `row[5..11]` area card, `row[11..16]`
/// the kinds of its Metropolys card.
fn write_objective(row: &mut [f32], objective: Objective, card: Option<MetropolysCard>) {
    if let Some(kind) = objective.neighborhood {
        row[kind.index()] = 1.0;
    }
    row[KINDS + objective.area.index()] = 1.0;
    if let Some(card) = card {
        for kind in card {
            row[KINDS + AREAS + kind.index()] = 1.0;
        }
    }
}

/// Byte `b` as eight `0.0`/`1.0` values, bit 0 first: one copy writes
/// eight flags of a set.
const BYTE_FLAGS: [[f32; 8]; 256] = {
    let mut table = [[0.0f32; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if (byte >> bit) & 1 == 1 {
                table[byte][bit] = 1.0;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Building number `n` (0 for none) as the observation's `n / 13`.
const NUMBER_VALUE: [f32; 16] = {
    let mut table = [0.0f32; 16];
    let mut n = 1;
    while n <= BUILDINGS {
        table[n] = n as f32 / BUILDINGS as f32;
        n += 1;
    }
    table
};

/// The 55 flags of a neighborhood set (bit `id` of `bits`) as `0.0`/`1.0`
/// in `out[..NB]`, eight at a time from [`BYTE_FLAGS`].
#[inline]
fn write_set(out: &mut [f32], bits: u64) {
    let out = &mut out[..NB];
    for k in 0..NB / 8 {
        out[8 * k..8 * k + 8].copy_from_slice(&BYTE_FLAGS[((bits >> (8 * k)) & 0xff) as usize]);
    }
    let tail = NB / 8 * 8;
    out[tail..].copy_from_slice(&BYTE_FLAGS[((bits >> tail) & 0xff) as usize][..NB - tail]);
}

/// Everything but the secret cards (the `objectives` piece, which it
/// leaves alone), from public queries only. Writes every other value.
fn write_public(state: &State, viewer: Seat, out: &mut [f32]) {
    let n = state.players();
    let rel = |seat: Seat| relative(seat, viewer, n);
    out[..IN_PLAY].fill(0.0);
    out[VIEWER + viewer as usize] = 1.0;
    out[PLAYERS + (n as usize - 2)] = 1.0;
    out[VARIANT + usize::from(state.variant() == Variant::Expert)] = 1.0;
    if let Some(seat) = state.to_act() {
        out[TO_ACT + rel(seat)] = 1.0;
    }
    write_set(&mut out[IN_PLAY..], state.in_play().0);
    for r in 0..SEATS {
        // Relative slot `r` is seat `viewer + r`; slots beyond the player
        // count stay zero.
        let bits = if r < n as usize {
            state.constructed(absolute(r as Seat, viewer, n)).0
        } else {
            0
        };
        write_set(&mut out[CONSTRUCTED + r * NB..], bits);
    }
    for (id, v) in out[CONSTRUCTED_NUMBER..CONSTRUCTED_NUMBER + NB]
        .iter_mut()
        .enumerate()
    {
        let number = state.building_number(id as u8).unwrap_or(0);
        *v = NUMBER_VALUE[usize::from(number) & 15];
    }
    for token in Token::ALL {
        write_set(
            &mut out[TOKENS + token.index() * NB..],
            state.tokens_on_board(*token).0,
        );
    }
    // bids and last_bid (275 values), then passed … archaeology_card (76).
    out[BIDS..PASSED].fill(0.0);
    for bid in state.bids() {
        out[BIDS + rel(bid.player) * NB + bid.neighborhood as usize] =
            f32::from(bid.building) / BUILDINGS as f32;
    }
    if let Some(last) = state.last_bid() {
        out[LAST_BID + last.neighborhood as usize] = 1.0;
    }
    out[PASSED..OBJECTIVES].fill(0.0);
    for seat in 0..n {
        let r = rel(seat);
        // Building `b` is bit `b` (1-13): column `b - 1`.
        let supply = usize::from(state.supply_bits(seat) >> 1);
        let row = &mut out[SUPPLY + r * BUILDINGS..SUPPLY + (r + 1) * BUILDINGS];
        row[..8].copy_from_slice(&BYTE_FLAGS[supply & 0xff]);
        row[8..].copy_from_slice(&BYTE_FLAGS[(supply >> 8) & 0xff][..BUILDINGS - 8]);
        for token in Token::ALL {
            out[TAKEN + r * 3 + token.index()] = f32::from(state.tokens_taken(seat, *token)) / 9.0;
        }
        if state.has_passed(seat) {
            out[PASSED + r] = 1.0;
        }
    }
    if let Some(seat) = state.card_holder(Card::Subway) {
        out[SUBWAY_CARD + rel(seat)] = 1.0;
    }
    if let Some(seat) = state.card_holder(Card::Archaeology) {
        out[ARCHAEOLOGY_CARD + rel(seat)] = 1.0;
    }
    out[GAME_OVER] = if state.is_over() { 1.0 } else { 0.0 };
}
