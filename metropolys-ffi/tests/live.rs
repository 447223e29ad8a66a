//! `mtp_live_games` counts handles (alone in this test binary, so no other
//! test creates handles meanwhile).

use metropolys::*;
use std::ptr;

#[test]
fn live_games_counts_created_and_freed_handles() {
    assert_eq!(mtp_live_games(), 0);
    let mut a = ptr::null_mut();
    let mut b = ptr::null_mut();
    // SAFETY: valid out-pointers.
    unsafe {
        assert_eq!(mtp_game_new_simple(2, 0, 1, &mut a), MtpStatus::Ok);
        assert_eq!(mtp_live_games(), 1);
        assert_eq!(mtp_game_clone(a, &mut b), MtpStatus::Ok);
    }
    assert_eq!(mtp_live_games(), 2);
    assert_eq!(mtp_game_free(a), MtpStatus::Ok);
    assert_eq!(mtp_live_games(), 1);
    // A failed free changes nothing.
    assert_eq!(mtp_game_free(a), MtpStatus::InvalidHandle);
    assert_eq!(mtp_live_games(), 1);
    assert_eq!(mtp_game_free(b), MtpStatus::Ok);
    assert_eq!(mtp_live_games(), 0);
}
