//! Struct-level queries for frontends: everything a board drawing needs,
//! without JSON. Each query reads the core's accessors (`State::building_at`,
//! `token_at`, `bids`, `supply`, `tokens_taken`, `card_holder`) and the
//! game's (`Game::view`, `objective`: what a view does not know is never
//! read from its erased placeholders) and converts; no rule is written here.

use crate::handle::{with_game, MtpGame};
use crate::ptr::{fill, out, put, put_string};
use crate::status::{guard, Failure, MtpStatus, Outcome};
use crate::types::{MtpCard, MtpKind, MtpToken, MTP_NO_SEAT};
use metropolys_core::svg::{self, SvgOptions};
use metropolys_core::{board, Area, Card, NeighborhoodId, Seat, State, Token, NEIGHBORHOOD_COUNT};
use std::ffi::c_char;

/// What lies on one neighborhood: its building, its token, the current
/// call's bid on it. Written by `mtp_game_neighborhood` and
/// `mtp_game_board`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MtpNeighborhoodState {
    /// The neighborhood, 0–54.
    pub id: u8,
    /// False in a district out of play.
    pub in_play: bool,
    /// The owner of the building constructed there, `MTP_NO_SEAT` if none.
    pub owner: u8,
    /// The number (1–13) of the building constructed there, 0 if none.
    pub building: u8,
    /// The token still lying there, `MTP_TOKEN_NONE` if none.
    pub token: MtpToken,
    /// The seat whose bid of the current call is there, `MTP_NO_SEAT` if
    /// none.
    pub bidder: u8,
    /// The building number bid there, 0 if none.
    pub bid: u8,
    /// True if that bid is the most recent of the call.
    pub latest_bid: bool,
}

/// A bid of the current call. Written by `mtp_game_bids`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MtpBid {
    /// Who bid.
    pub player: u8,
    /// Where (0–54).
    pub neighborhood: u8,
    /// Which building (1–13).
    pub building: u8,
}

/// The tokens a seat has taken. Written by `mtp_game_tokens_taken`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MtpTokenCounts {
    /// Trendy tokens (+3 each).
    pub trendy: u8,
    /// Subway tokens (+1 each).
    pub subway: u8,
    /// Archaeological tokens (−1 each).
    pub archaeology: u8,
}

/// The area shown on an area objective card.
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpArea {
    /// Bridges.
    Bridges = 0,
    /// Statues.
    Statues = 1,
    /// Lakes.
    Lakes = 2,
    /// Border (Family only).
    Border = 3,
    /// Districts (Expert only).
    Districts = 4,
    /// Chains (Expert only).
    Chains = 5,
}

impl From<Area> for MtpArea {
    fn from(a: Area) -> MtpArea {
        match a {
            Area::Bridges => MtpArea::Bridges,
            Area::Statues => MtpArea::Statues,
            Area::Lakes => MtpArea::Lakes,
            Area::Border => MtpArea::Border,
            Area::Districts => MtpArea::Districts,
            Area::Chains => MtpArea::Chains,
        }
    }
}

/// A seat's secret cards as a seat's view shows them. Written by
/// `mtp_game_view_objectives`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MtpObjectives {
    /// Whose cards these are.
    pub seat: u8,
    /// True if the seat holds an Expert neighborhood card.
    pub has_neighborhood_card: bool,
    /// The kind on it (meaningful only with `has_neighborhood_card`).
    pub neighborhood_card: MtpKind,
    /// The area card.
    pub area_card: MtpArea,
    /// True if the seat holds a Metropolys card.
    pub has_metropolys_card: bool,
    /// The three kinds on it (meaningful only with `has_metropolys_card`).
    pub metropolys_card: [MtpKind; 3],
}

/// Drawing options for `mtp_game_svg`. All zero (`MtpSvgOptions o = {0};`,
/// or `memset`) is the defaults, exactly as passing NULL: no highlight, the
/// status line and key, the neighborhood ids, the default caption. Set the
/// fields by name (`{.highlight = 12, .has_highlight = true}`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MtpSvgOptions {
    /// The neighborhood (0–54) to ring in gold, e.g. the building just
    /// constructed, when `has_highlight` is true. Without `has_highlight`,
    /// 0 (the zeroed default) and any value above 54 (e.g. 255) ring
    /// nothing, and 1–54 ring that neighborhood, as before `has_highlight`
    /// existed.
    pub highlight: u8,
    /// Leave out the status line and key.
    pub hide_status: bool,
    /// Leave out the neighborhood ids.
    pub hide_ids: bool,
    /// Ring `highlight` (which must then be 0–54, else
    /// `MTP_STATUS_INVALID_ARGUMENT`): the way to ring neighborhood 0.
    /// This field sits where the structure had padding, so its size and the
    /// other fields' offsets are those of ABI version 1 without it.
    pub has_highlight: bool,
    /// A caption for the status line instead of the default one (UTF-8,
    /// NUL-terminated), or NULL.
    pub caption: *const c_char,
}

/// `MtpSvgOptions` as the library reads it: every flag as a byte (any
/// non-zero byte is true), so that a structure with a flag that is not 0 or
/// 1 (the byte of `has_highlight`, padding in programs built before it
/// existed, may hold anything) is never read as an invalid `bool`.
#[repr(C)]
struct RawSvgOptions {
    highlight: u8,
    hide_status: u8,
    hide_ids: u8,
    has_highlight: u8,
    caption: *const c_char,
}

// The layout is ABI version 1's: the flag took a padding byte.
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<RawSvgOptions>() == size_of::<MtpSvgOptions>());
    assert!(align_of::<RawSvgOptions>() == align_of::<MtpSvgOptions>());
    assert!(offset_of!(MtpSvgOptions, highlight) == 0);
    assert!(offset_of!(MtpSvgOptions, hide_status) == 1);
    assert!(offset_of!(MtpSvgOptions, hide_ids) == 2);
    assert!(offset_of!(MtpSvgOptions, has_highlight) == 3);
    assert!(offset_of!(RawSvgOptions, has_highlight) == 3);
    assert!(offset_of!(MtpSvgOptions, caption) == offset_of!(RawSvgOptions, caption));
    assert!(offset_of!(MtpSvgOptions, caption) == size_of::<*const c_char>());
};

/// The core's options from the C ones (see `MtpSvgOptions`).
///
/// # Safety
///
/// `options` must be NULL or valid for a read, its `caption` NULL or a
/// NUL-terminated string.
unsafe fn svg_options(options: *const MtpSvgOptions) -> Outcome<SvgOptions> {
    let mut opts = SvgOptions::default();
    // SAFETY: NULL or valid for a read, per the caller; every field of
    // RawSvgOptions is valid for any bytes, and the layouts match (above).
    let Some(o) = (unsafe { options.cast::<RawSvgOptions>().as_ref() }) else {
        return Ok(opts);
    };
    // With has_highlight the core checks the id (`render_with`); without
    // it, ABI version 1's reading: 0 and ids off the board ring nothing.
    opts.highlight = match (o.has_highlight != 0, o.highlight) {
        (true, h) => Some(h),
        (false, 0) => None,
        (false, h) => board::is_valid(h).then_some(h),
    };
    opts.hide_status = o.hide_status != 0;
    opts.hide_ids = o.hide_ids != 0;
    if !o.caption.is_null() {
        // SAFETY: a NUL-terminated string, per the caller.
        let caption = unsafe { std::ffi::CStr::from_ptr(o.caption) };
        let caption = caption
            .to_str()
            .map_err(|e| Failure::invalid(format!("the caption is not valid UTF-8: {e}")))?;
        opts.caption = Some(caption.to_owned());
    }
    Ok(opts)
}

fn token_of(t: Option<Token>) -> MtpToken {
    match t {
        None => MtpToken::None,
        Some(Token::Trendy) => MtpToken::Trendy,
        Some(Token::Subway) => MtpToken::Subway,
        Some(Token::Archaeology) => MtpToken::Archaeology,
    }
}

fn neighborhood_state(state: &State, id: NeighborhoodId) -> MtpNeighborhoodState {
    let (owner, building) = state.building_at(id).unwrap_or((MTP_NO_SEAT, 0));
    let bids = state.bids();
    let bid = bids.iter().position(|b| b.neighborhood == id);
    MtpNeighborhoodState {
        id,
        in_play: state.in_play().contains(id),
        owner,
        building,
        token: token_of(state.token_at(id)),
        bidder: bid.map_or(MTP_NO_SEAT, |i| bids[i].player),
        bid: bid.map_or(0, |i| bids[i].building),
        latest_bid: bid.is_some_and(|i| i + 1 == bids.len()),
    }
}

fn neighborhood_id(id: u8) -> Outcome<NeighborhoodId> {
    if board::is_valid(id) {
        Ok(id)
    } else {
        Err(Failure::invalid(format!(
            "neighborhood {id} does not exist (ids are 0-{})",
            NEIGHBORHOOD_COUNT - 1
        )))
    }
}

fn seat_in(state: &State, seat: u8) -> Outcome<Seat> {
    if seat < state.players() {
        Ok(seat)
    } else {
        Err(Failure::invalid(format!(
            "seat {seat} is not in this {}-player game (seats are 0-{})",
            state.players(),
            state.players() - 1
        )))
    }
}

/// Runs `f` on a live game's state and writes its result to `value_out`.
///
/// # Safety
///
/// `value_out` must be NULL or valid for a write.
unsafe fn query<T>(
    game: *const MtpGame,
    value_out: *mut T,
    what: &str,
    f: impl FnOnce(&State) -> Outcome<T>,
) -> MtpStatus {
    guard(|| {
        let value_out = out(value_out, what)?;
        let value = with_game(game, |g| f(g.state()))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(value_out, value) };
        Ok(())
    })
}

/// Runs `f` on a live game's state and writes the list it returns with the
/// buffer protocol (see `mtp_game_legal_actions`).
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
unsafe fn list<T: Copy>(
    game: *const MtpGame,
    buf: *mut T,
    cap: usize,
    count_out: *mut usize,
    what: &str,
    f: impl FnOnce(&State) -> Outcome<Vec<T>>,
) -> MtpStatus {
    guard(|| {
        out(count_out, "count_out")?;
        let items = with_game(game, |g| f(g.state()))?;
        // SAFETY: forwarded from the caller.
        unsafe { fill(&items, buf, cap, count_out, what) }
    })
}

/// Writes what lies on neighborhood `id` (0–54) to `*state_out`: building and
/// owner, token, the current call's bid. An id above 54 is
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `state_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_neighborhood(
    game: *const MtpGame,
    id: u8,
    state_out: *mut MtpNeighborhoodState,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, state_out, "state_out", |s| {
            Ok(neighborhood_state(s, neighborhood_id(id)?))
        })
    }
}

/// Lists what lies on every neighborhood, in id order (`MTP_NEIGHBORHOOD_COUNT`
/// entries), into `buf` (capacity `cap`) with the buffer protocol of
/// `mtp_game_legal_actions`: the whole board in one call.
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_board(
    game: *const MtpGame,
    buf: *mut MtpNeighborhoodState,
    cap: usize,
    count_out: *mut usize,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        list(game, buf, cap, count_out, "neighborhoods", |s| {
            Ok((0..NEIGHBORHOOD_COUNT as u8)
                .map(|id| neighborhood_state(s, id))
                .collect())
        })
    }
}

/// Lists the bids of the current call, oldest first (the most recent last),
/// with the buffer protocol. `MTP_MAX_PLAYERS * 13` entries always suffice
/// (in practice a call has at most a few dozen bids).
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_bids(
    game: *const MtpGame,
    buf: *mut MtpBid,
    cap: usize,
    count_out: *mut usize,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        list(game, buf, cap, count_out, "bids", |s| {
            Ok(s.bids()
                .iter()
                .map(|b| MtpBid {
                    player: b.player,
                    neighborhood: b.neighborhood,
                    building: b.building,
                })
                .collect())
        })
    }
}

/// Lists the building numbers in `seat`'s supply (neither constructed nor
/// bid), ascending, with the buffer protocol; 13 entries always suffice. A
/// seat not in the game is `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_supply(
    game: *const MtpGame,
    seat: u8,
    buf: *mut u8,
    cap: usize,
    count_out: *mut usize,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        list(game, buf, cap, count_out, "buildings", |s| {
            Ok(s.supply(seat_in(s, seat)?))
        })
    }
}

/// Writes how many tokens of each kind `seat` has taken to `*counts_out`. A
/// seat not in the game is `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `counts_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_tokens_taken(
    game: *const MtpGame,
    seat: u8,
    counts_out: *mut MtpTokenCounts,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, counts_out, "counts_out", |s| {
            let seat = seat_in(s, seat)?;
            Ok(MtpTokenCounts {
                trendy: s.tokens_taken(seat, Token::Trendy),
                subway: s.tokens_taken(seat, Token::Subway),
                archaeology: s.tokens_taken(seat, Token::Archaeology),
            })
        })
    }
}

/// Writes whether `seat` has passed in the current call to `*passed_out`. A
/// seat not in the game is `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `passed_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_has_passed(
    game: *const MtpGame,
    seat: u8,
    passed_out: *mut bool,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, passed_out, "passed_out", |s| {
            Ok(s.has_passed(seat_in(s, seat)?))
        })
    }
}

/// Writes the seat holding special card `card` (`MTP_CARD_SUBWAY` or
/// `MTP_CARD_ARCHAEOLOGY`) to `*seat_out`, `MTP_NO_SEAT` while it is in the
/// supply. Any other value is `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `seat_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_card_holder(
    game: *const MtpGame,
    card: u8,
    seat_out: *mut u8,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, seat_out, "seat_out", |s| {
            let card = match card {
                c if c == MtpCard::Subway as u8 => Card::Subway,
                c if c == MtpCard::Archaeology as u8 => Card::Archaeology,
                c => {
                    return Err(Failure::invalid(format!(
                        "card {c} is neither MTP_CARD_SUBWAY (1) nor MTP_CARD_ARCHAEOLOGY (2)"
                    )))
                }
            };
            Ok(s.card_holder(card).unwrap_or(MTP_NO_SEAT))
        })
    }
}

/// Writes `seat`'s objective cards as `viewer`'s view shows them to
/// `*objectives_out`: a seat always sees its own; an opponent's only once
/// the game is over. Asking for cards the view hides, or a seat or viewer
/// not in the game, is `MTP_STATUS_INVALID_ARGUMENT`. A game loaded from a
/// view (`mtp_game_from_json`) shows only what it knows: another seat's
/// view than its viewer's, or cards of a seat whose secrets it does not
/// know (even once played on to the end), is `MTP_STATUS_INVALID_STATE`.
///
/// # Safety
///
/// `objectives_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_view_objectives(
    game: *const MtpGame,
    viewer: u8,
    seat: u8,
    objectives_out: *mut MtpObjectives,
) -> MtpStatus {
    guard(|| {
        let objectives_out = out(objectives_out, "objectives_out")?;
        let objectives = with_game(game, |g| {
            let viewer = seat_in(g.state(), viewer)?;
            let seat = seat_in(g.state(), seat)?;
            let view = g
                .game
                .view(viewer)
                .ok_or_else(|| g.secrets_unknown(viewer, &format!("seat {viewer}'s view")))?;
            if !g.game.knows_secrets(seat) {
                return Err(g.secrets_unknown(seat, &format!("seat {seat}'s objective cards")));
            }
            let objective = view.objective(seat).ok_or_else(|| {
                Failure::invalid(format!(
                    "seat {viewer}'s view does not show seat {seat}'s objective cards \
                     (R-21: an opponent's cards stay hidden until the game ends)"
                ))
            })?;
            let metropolys = view.metropolys_card(seat);
            Ok(MtpObjectives {
                seat,
                has_neighborhood_card: objective.neighborhood.is_some(),
                neighborhood_card: objective
                    .neighborhood
                    .map_or(MtpKind::Industry, MtpKind::from),
                area_card: objective.area.into(),
                has_metropolys_card: metropolys.is_some(),
                metropolys_card: metropolys
                    .map_or([MtpKind::Industry; 3], |c| c.map(MtpKind::from)),
            })
        })?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(objectives_out, objectives) };
        Ok(())
    })
}

/// Draws the game as an SVG document (the core's `svg::render_with`) and
/// writes it to `*svg_out`; free it with `mtp_string_free`. `options` may be
/// NULL for the defaults, as a zeroed `MtpSvgOptions` is; a caption that is
/// not UTF-8, or `has_highlight` with a `highlight` above 54, is
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `options` must be NULL or valid for a read, its `caption` NULL or a
/// NUL-terminated string; `svg_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_svg(
    game: *const MtpGame,
    options: *const MtpSvgOptions,
    svg_out: *mut *mut c_char,
) -> MtpStatus {
    guard(|| {
        let svg_out = out(svg_out, "svg_out")?;
        // SAFETY: per the caller.
        let opts = unsafe { svg_options(options) }?;
        let picture = with_game(game, |g| {
            svg::render_with(g.state(), &opts)
                .map_err(|e| Failure::invalid(format!("{e} (has_highlight is set)")))
        })?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put_string(svg_out, picture) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::{Config, Variant};

    #[test]
    fn every_area_converts() {
        for a in [
            Area::Bridges,
            Area::Statues,
            Area::Lakes,
            Area::Border,
            Area::Districts,
            Area::Chains,
        ] {
            assert_eq!(format!("{:?}", MtpArea::from(a)), format!("{a:?}"));
        }
    }

    #[test]
    fn a_neighborhood_reports_its_token() {
        let s = State::new(&Config::new(3, Variant::Family, 4)).unwrap();
        for id in 0..55 {
            let n = neighborhood_state(&s, id);
            assert_eq!(n.token, token_of(s.token_at(id)));
            assert_eq!(
                (n.owner, n.building, n.bidder, n.bid),
                (MTP_NO_SEAT, 0, MTP_NO_SEAT, 0)
            );
        }
    }
}
