//! The struct-level queries against the core state they convert, and handles
//! used, freed and checked from several threads at once.

use metropolys::*;
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, Card, Config, State, Token, Variant};
use std::ffi::{CStr, CString};
use std::ptr;

/// A game handle and the core state it should hold, after `decisions`
/// seeded random decisions applied through the ABI.
fn played(players: u8, variant: Variant, seed: u64, decisions: usize) -> (*mut MtpGame, State) {
    let config = Config::new(players, variant, seed);
    let mut state = State::new(&config).unwrap();
    let mut game = ptr::null_mut();
    let json = CString::new(serde_json::to_string(&config).unwrap()).unwrap();
    // SAFETY: a NUL-terminated string and a valid out-pointer.
    assert_eq!(
        unsafe { mtp_game_new(json.as_ptr(), &mut game) },
        MtpStatus::Ok
    );
    let mut rng = SplitMix64::new(seed);
    for _ in 0..decisions {
        let Some(action) = state.random_action(&mut rng) else {
            break;
        };
        state = state.play(action).unwrap();
        let mut next = ptr::null_mut();
        let id = action_id(action);
        // SAFETY: a live handle and a valid out-pointer.
        assert_eq!(
            unsafe { mtp_game_apply_id(game, id, &mut next) },
            MtpStatus::Ok
        );
        assert_eq!(mtp_game_free(game), MtpStatus::Ok);
        game = next;
    }
    (game, state)
}

fn action_id(action: Action) -> u16 {
    let c = match action {
        Action::Pass => MtpAction {
            kind: MtpActionKind::Pass as u8,
            neighborhood: 0,
            building: 0,
        },
        Action::Bid {
            neighborhood,
            building,
        } => MtpAction {
            kind: MtpActionKind::Bid as u8,
            neighborhood,
            building,
        },
    };
    let mut id = 0;
    // SAFETY: a valid out-pointer.
    assert_eq!(unsafe { mtp_action_to_id(c, &mut id) }, MtpStatus::Ok);
    id
}

fn token(t: Option<Token>) -> MtpToken {
    match t {
        None => MtpToken::None,
        Some(Token::Trendy) => MtpToken::Trendy,
        Some(Token::Subway) => MtpToken::Subway,
        Some(Token::Archaeology) => MtpToken::Archaeology,
    }
}

#[test]
fn the_board_bids_supplies_tokens_and_cards_are_the_core_state() {
    for (players, variant, seed) in [(2, Variant::Family, 1), (4, Variant::Expert, 9)] {
        for decisions in [0, 5, 37, 120, 10_000] {
            let (game, state) = played(players, variant, seed, decisions);
            let mut board = [MtpNeighborhoodState {
                id: 0,
                in_play: false,
                owner: 0,
                building: 0,
                token: MtpToken::None,
                bidder: 0,
                bid: 0,
                latest_bid: false,
            }; MTP_NEIGHBORHOOD_COUNT];
            let mut n = 0;
            // SAFETY: a buffer of MTP_NEIGHBORHOOD_COUNT and a valid count.
            let st = unsafe { mtp_game_board(game, board.as_mut_ptr(), board.len(), &mut n) };
            assert_eq!((st, n), (MtpStatus::Ok, 55));
            let bids = state.bids();
            for (id, cell) in board.iter().enumerate() {
                let id = id as u8;
                let (owner, building) = state.building_at(id).unwrap_or((MTP_NO_SEAT, 0));
                assert_eq!((cell.id, cell.owner, cell.building), (id, owner, building));
                assert_eq!(cell.in_play, state.in_play().contains(id));
                assert_eq!(cell.token, token(state.token_at(id)));
                match bids.iter().position(|b| b.neighborhood == id) {
                    Some(i) => {
                        assert_eq!((cell.bidder, cell.bid), (bids[i].player, bids[i].building));
                        assert_eq!(cell.latest_bid, i + 1 == bids.len());
                    }
                    None => assert_eq!((cell.bidder, cell.bid, cell.latest_bid), (255, 0, false)),
                }
            }
            let mut mine = vec![
                MtpBid {
                    player: 0,
                    neighborhood: 0,
                    building: 0
                };
                64
            ];
            // SAFETY: a buffer of 64 and a valid count.
            let st = unsafe { mtp_game_bids(game, mine.as_mut_ptr(), 64, &mut n) };
            assert_eq!(st, MtpStatus::Ok);
            let got: Vec<(u8, u8, u8)> = mine[..n]
                .iter()
                .map(|b| (b.player, b.neighborhood, b.building))
                .collect();
            let want: Vec<(u8, u8, u8)> = bids
                .iter()
                .map(|b| (b.player, b.neighborhood, b.building))
                .collect();
            assert_eq!(got, want);
            for seat in 0..players {
                let mut supply = [0u8; 13];
                // SAFETY: a buffer of 13 and a valid count.
                let st = unsafe { mtp_game_supply(game, seat, supply.as_mut_ptr(), 13, &mut n) };
                assert_eq!(st, MtpStatus::Ok);
                assert_eq!(supply[..n].to_vec(), state.supply(seat));
                let mut taken = MtpTokenCounts {
                    trendy: 9,
                    subway: 9,
                    archaeology: 9,
                };
                // SAFETY: a valid out-pointer.
                assert_eq!(
                    unsafe { mtp_game_tokens_taken(game, seat, &mut taken) },
                    MtpStatus::Ok
                );
                assert_eq!(
                    (taken.trendy, taken.subway, taken.archaeology),
                    (
                        state.tokens_taken(seat, Token::Trendy),
                        state.tokens_taken(seat, Token::Subway),
                        state.tokens_taken(seat, Token::Archaeology)
                    )
                );
                let mut passed = false;
                // SAFETY: a valid out-pointer.
                assert_eq!(
                    unsafe { mtp_game_has_passed(game, seat, &mut passed) },
                    MtpStatus::Ok
                );
                assert_eq!(passed, state.has_passed(seat));
            }
            for (card, code) in [
                (Card::Subway, MtpCard::Subway),
                (Card::Archaeology, MtpCard::Archaeology),
            ] {
                let mut holder = 0;
                // SAFETY: a valid out-pointer.
                assert_eq!(
                    unsafe { mtp_game_card_holder(game, code as u8, &mut holder) },
                    MtpStatus::Ok
                );
                assert_eq!(holder, state.card_holder(card).unwrap_or(MTP_NO_SEAT));
            }
            // own objectives always, an opponent's only at the end.
            let mut o = std::mem::MaybeUninit::<MtpObjectives>::uninit();
            // SAFETY: a valid out-pointer.
            let st = unsafe { mtp_game_view_objectives(game, 0, 0, o.as_mut_ptr()) };
            assert_eq!(st, MtpStatus::Ok);
            // SAFETY: written on success.
            let o = unsafe { o.assume_init() };
            let mine = state.objective(0).unwrap();
            assert_eq!(o.has_neighborhood_card, mine.neighborhood.is_some());
            assert_eq!(format!("{:?}", o.area_card), format!("{:?}", mine.area));
            let mut other = std::mem::MaybeUninit::<MtpObjectives>::uninit();
            // SAFETY: a valid out-pointer.
            let st = unsafe { mtp_game_view_objectives(game, 0, 1, other.as_mut_ptr()) };
            let want = if state.is_over() {
                MtpStatus::Ok
            } else {
                MtpStatus::InvalidArgument
            };
            assert_eq!(st, want);
            // The picture is the core's.
            let mut svg = ptr::null_mut();
            // SAFETY: a valid out-pointer.
            assert_eq!(
                unsafe { mtp_game_svg(game, ptr::null(), &mut svg) },
                MtpStatus::Ok
            );
            // SAFETY: a string from the library, freed once.
            let text = unsafe { CStr::from_ptr(svg) }
                .to_string_lossy()
                .into_owned();
            // SAFETY: as above.
            unsafe { mtp_string_free(svg) };
            assert_eq!(text, metropolys_core::svg::render(&state));
            assert_eq!(mtp_game_free(game), MtpStatus::Ok);
        }
    }
}

/// Handles created on one thread, read on others, freed on yet another:
/// every use of a freed handle is detected, every live one works.
#[test]
fn handles_cross_threads() {
    let handles: Vec<usize> = (0..64)
        .map(|seed| played(2, Variant::Family, seed, 3).0.addr())
        .collect();
    std::thread::scope(|scope| {
        for t in 0..4 {
            let handles = &handles;
            scope.spawn(move || {
                for _ in 0..200 {
                    for &h in handles {
                        let mut n = 0;
                        let h = std::ptr::without_provenance::<MtpGame>(h);
                        // SAFETY: a valid out-pointer.
                        let st = unsafe { mtp_game_legal_action_count(h, &mut n) };
                        assert_eq!(st, MtpStatus::Ok, "thread {t}");
                        assert!(n > 0);
                    }
                }
            });
        }
    });
    let freer = std::thread::spawn(move || {
        for &h in &handles {
            let h = std::ptr::without_provenance_mut::<MtpGame>(h);
            assert_eq!(mtp_game_free(h), MtpStatus::Ok);
            assert_eq!(mtp_game_free(h), MtpStatus::InvalidHandle);
            let mut n = 0;
            // SAFETY: a valid out-pointer.
            let st = unsafe { mtp_game_legal_action_count(h, &mut n) };
            assert_eq!(st, MtpStatus::InvalidHandle);
        }
    });
    freer.join().unwrap();
}
