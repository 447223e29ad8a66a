//! Board queries: districts, kinds, adjacency, and the whole board as JSON.

use crate::ptr::{out, put, put_string};
use crate::status::{guard, Failure, MtpStatus, Outcome};
use crate::types::{MtpDistrict, MtpKind};
use metropolys_core::board;
use std::ffi::c_char;

fn valid(id: u8) -> Outcome<u8> {
    if board::is_valid(id) {
        Ok(id)
    } else {
        Err(Failure::invalid(format!(
            "there is no neighborhood {id}; ids are 0-54"
        )))
    }
}

/// Writes the district of neighborhood `id` (0–54) to `*district_out`; other
/// ids are `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `district_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_neighborhood_district(
    id: u8,
    district_out: *mut MtpDistrict,
) -> MtpStatus {
    guard(|| {
        let district_out = out(district_out, "district_out")?;
        let d = board::district(valid(id)?).ok_or_else(|| Failure::invalid("no district"))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(district_out, d.into()) };
        Ok(())
    })
}

/// Writes the kind of neighborhood `id` (0–54) to `*kind_out`; other ids are
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `kind_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_neighborhood_kind(id: u8, kind_out: *mut MtpKind) -> MtpStatus {
    guard(|| {
        let kind_out = out(kind_out, "kind_out")?;
        let k = board::kind(valid(id)?).ok_or_else(|| Failure::invalid("no kind"))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(kind_out, k.into()) };
        Ok(())
    })
}

/// Writes the neighborhoods adjacent to `id` (sharing a border or joined by a
/// bridge, R-9) as a bit mask to `*mask_out`: bit `i` set means neighborhood
/// `i` is adjacent. Ids outside 0–54 are `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `mask_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_neighborhood_neighbors(id: u8, mask_out: *mut u64) -> MtpStatus {
    guard(|| {
        let mask_out = out(mask_out, "mask_out")?;
        let mask = board::neighbors(valid(id)?).0;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(mask_out, mask) };
        Ok(())
    })
}

/// Writes whether neighborhoods `a` and `b` are adjacent to
/// `*adjacent_out`. Ids outside 0–54 are `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `adjacent_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_neighborhoods_adjacent(
    a: u8,
    b: u8,
    adjacent_out: *mut bool,
) -> MtpStatus {
    guard(|| {
        let adjacent_out = out(adjacent_out, "adjacent_out")?;
        let adjacent = board::adjacent(valid(a)?, valid(b)?);
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(adjacent_out, adjacent) };
        Ok(())
    })
}

/// Writes the whole board (neighborhoods with district, kind, adjacency,
/// border, blind alley and drawing position; bridges; statues; lakes; the
/// peripheral ring) as JSON to `*json_out`. Free it with `mtp_string_free`.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_board_json(json_out: *mut *mut c_char) -> MtpStatus {
    guard(|| {
        let json_out = out(json_out, "json_out")?;
        let text = serde_json::to_string(&board::describe())
            .map_err(|e| Failure::new(MtpStatus::Panic, format!("cannot serialize: {e}")))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put_string(json_out, text) };
        Ok(())
    })
}

/// Writes the scoring rules of a game of `variant` (`MtpVariant`), with or
/// without the Metropolys cards (§9), as a JSON array to `*json_out`, one
/// object per rule (core's `explain::scoring_rules`): `topic` (what it is
/// about: `{"area": "bridges"}`, `"neighborhood"`, `"metropolys"`,
/// `{"token": "trendy"}`, `{"card": "subway"}`, `"highest_building"` or
/// `"winner"`), `category` (the score-sheet category it fills, `null` for
/// the winner), `label` and `text` (one line, with its points and ruling).
/// Free it with `mtp_string_free`. Another `variant` is
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_scoring_rules_json(
    variant: u32,
    metropolys_cards: bool,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    guard(|| {
        let json_out = out(json_out, "json_out")?;
        let variant = crate::types::variant_from(variant)?;
        let rules = metropolys_core::explain::scoring_rules(variant, metropolys_cards);
        let text = crate::game::json(&rules)?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put_string(json_out, text) };
        Ok(())
    })
}
