//! The conformance vectors in `tests/conformance/` (at the repository root).
//!
//! * `every_vector_verifies`: every `*.json` there replays and meets its
//!   `expected` (the same check the C and Python suites make).
//! * `vectors_match_their_definitions`: each file is exactly what the
//!   definitions below produce, and each ruling vector really shows its
//!   ruling (a forced pass, a card changing hands, …).
//!
//! The ruling vectors' expected numbers are written here by hand, derived
//! from docs/rules.md (each description spells out the sum); the engine is only
//! asked to agree. The complete seeded games are the engine's own output
//! (`metropolys play --record`) and pin its behaviour.
//!
//! To rewrite the files after changing a definition:
//! `METROPOLYS_WRITE_VECTORS=1 cargo test -p metropolys-core --test conformance`.

use metropolys_core::record::{Expected, ExpectedError, Record, RecordedAction};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{
    board, Action, Card, Config, District, Event, Kind, MetropolysCard, Objective, Seat, State,
    Token, Variant,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn vector_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance")
}

/// The decisions of `metropolys play`: stream 5 of the configuration's seed.
const DECISION_STREAM: u64 = 5;

// ----- definitions ------------------------------------------------------------

/// How a vector's events must show its ruling.
type Exercise = fn(&[Vec<Event>], &State) -> Result<(), String>;

struct Def {
    name: &'static str,
    description: &'static str,
    rules: &'static [&'static str],
    players: u8,
    variant: Variant,
    start: Seat,
    out: &'static [District],
    /// Tokens placed by hand; every other token goes where no action goes.
    tokens: &'static [(u8, Token)],
    /// (neighborhood card, area card) per seat.
    objectives: &'static [(Option<Kind>, &'static str)],
    cards: Option<&'static [MetropolysCard]>,
    /// `12/3` bids building 3 on 12, `p` passes, `s1:` names the seat
    /// explicitly (otherwise the seat to act); `|` separates calls.
    actions: &'static str,
    totals: &'static [i32],
    winners: &'static [Seat],
    game_over: bool,
    /// Whole score sheets by hand, where every group is unambiguous.
    sheets: Option<fn() -> Vec<Sheet>>,
    /// The last action must be rejected naming this ruling.
    error: Option<&'static str>,
    exercise: Exercise,
}

/// A score sheet written by hand.
#[derive(Default, Clone)]
struct Sheet {
    trendy: i32,
    subway: i32,
    subway_card: i32,
    archaeology: i32,
    archaeology_card: i32,
    area: i32,
    neighborhood: i32,
    highest: i32,
    constructed: u8,
    area_groups: Vec<Vec<u8>>,
    highest_in: Vec<District>,
}

const NO: &[District] = &[];
const N: Option<Kind> = None;
use District::{Center, East, North, South, West};
use Kind::{Administration, Housing, Industry, Mall, Park};
use Token::{Archaeology as Arch, Subway, Trendy};

fn ok(_: &[Vec<Event>], _: &State) -> Result<(), String> {
    Ok(())
}

fn all(events: &[Vec<Event>]) -> impl Iterator<Item = &Event> {
    events.iter().flatten()
}

fn require(cond: bool, what: &str) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(what.to_string())
    }
}

fn defs() -> Vec<Def> {
    let base = Def {
        name: "",
        description: "",
        rules: &[],
        players: 2,
        variant: Variant::Family,
        start: 0,
        out: &[North, East],
        tokens: &[],
        objectives: &[(N, "bridges"), (N, "lakes")],
        cards: None,
        actions: "",
        totals: &[0, 0],
        winners: &[0, 1],
        game_over: false,
        sheets: None,
        error: None,
        exercise: ok,
    };
    let three = |d: Def| Def {
        players: 3,
        out: &[West],
        objectives: if d.objectives.len() == 3 {
            d.objectives
        } else {
            &[(N, "border"), (N, "statues"), (N, "lakes")]
        },
        ..d
    };
    let four = |d: Def| Def {
        players: 4,
        out: NO,
        objectives: &[(N, "bridges"), (N, "statues"), (N, "lakes"), (N, "border")],
        ..d
    };
    vec![
        three(Def {
            name: "r01-start-player-clockwise",
            description: "Start player 2 opens the first call (R-1); the turn goes clockwise 2, 0, 1, 2 (R-8); the winner, seat 0, opens call 2 (R-16). Seat 0 builds on 16 (border) and 27: border card +3. Totals 3, 0, 0.",
            rules: &["R-1", "R-7", "R-8", "R-16"],
            start: 2,
            actions: "20/1 16/2 p p | 27/3 p p",
            totals: &[3, 0, 0],
            winners: &[0],
            exercise: |ev, _| {
                let starts: Vec<(u16, Seat)> = all(ev)
                    .filter_map(|e| match e {
                        Event::CallStarted { call, player } => Some((*call, *player)),
                        _ => None,
                    })
                    .collect();
                require(starts == [(2, 0), (3, 0)], "call 2 and 3 opened by seat 0")
            },
            ..base
        }),
        three(Def {
            name: "r02-out-of-play-bid-rejected",
            description: "With 3 players the west district is out of play (R-2): an opening bid on 45 is rejected. Nothing is built: totals 0, 0, 0.",
            rules: &["R-2"],
            actions: "45/5",
            totals: &[0, 0, 0],
            winners: &[0, 1, 2],
            error: Some("R-2"),
            ..base
        }),
        Def {
            name: "r03-two-player-tokens-and-cards",
            description: "2 players, north and east out of play (R-2), an explicit layout of 5 trendy, 6 subway, 6 archaeology tokens (R-3, R-4). Seat 0 builds on 19 (trendy +3), 24 (subway +1, subway card +3, R-14), 2 (archaeology -1, archaeology card -2, R-15); statues card: only 2 touches a statue, +3. Total 3+1+3-1-2+3 = 7; seat 1 0.",
            rules: &["R-2", "R-3", "R-4", "R-13", "R-14", "R-15"],
            out: &[East, South],
            tokens: &[(19, Trendy), (24, Subway), (2, Arch)],
            objectives: &[(N, "statues"), (N, "bridges")],
            actions: "19/1 p | 24/2 p | 2/3 p",
            totals: &[7, 0],
            winners: &[0],
            sheets: Some(|| {
                vec![
                    Sheet {
                        trendy: 3,
                        subway: 1,
                        subway_card: 3,
                        archaeology: -1,
                        archaeology_card: -2,
                        area: 3,
                        constructed: 3,
                        area_groups: vec![vec![2]],
                        ..Sheet::default()
                    },
                    Sheet::default(),
                ]
            }),
            exercise: |ev, _| {
                let taken = all(ev)
                    .filter(|e| matches!(e, Event::TokenTaken { .. }))
                    .count();
                require(taken == 3, "three tokens taken")
            },
            ..base
        },
        Def {
            name: "r07-opening-pass-rejected",
            description: "The opening player of a call cannot pass (R-7).",
            rules: &["R-7"],
            actions: "p",
            error: Some("R-7"),
            ..base
        },
        Def {
            name: "r07-bid-on-constructed-neighborhood-rejected",
            description: "Seat 0 builds 5 on 12 (bridges card: 12 is a bridge end, +3), then opens the next call on 12, which is not free (R-7). Totals 3, 0.",
            rules: &["R-7", "R-13"],
            actions: "12/5 p | 12/6",
            totals: &[3, 0],
            winners: &[0],
            error: Some("R-7"),
            ..base
        },
        Def {
            name: "r07-unknown-building-rejected",
            description: "Buildings are numbered 1 to 13: a bid with building 14 is rejected (R-7).",
            rules: &["R-7"],
            actions: "1/14",
            error: Some("R-7"),
            ..base
        },
        three(Def {
            name: "r08-wrong-seat-rejected",
            description: "After seat 0 opens, seat 1 is to act (R-8): an outbid recorded for seat 2 is rejected.",
            rules: &["R-8"],
            actions: "3/2 s2:4/5",
            totals: &[0, 0, 0],
            winners: &[0, 1, 2],
            error: Some("R-8"),
            ..base
        }),
        three(Def {
            name: "r09-outbid-adjacent-higher",
            description: "Outbids go up in number and to a neighborhood adjacent to the most recent bid (R-9): 3, 0, across the bridge 0-19, 20, 22, 17; seat 0 outbids three times in one call. Seat 0 builds 10 on 17 (border card +3) and every other bid returns (R-13). Totals 3, 0, 0.",
            rules: &["R-9", "R-10", "R-12", "R-13"],
            actions: "3/2 0/4 19/5 20/6 p 22/9 17/10 p",
            totals: &[3, 0, 0],
            winners: &[0],
            exercise: |ev, _| {
                let returned = all(ev)
                    .filter(|e| matches!(e, Event::BidReturned { .. }))
                    .count();
                require(returned == 5, "five bids returned")?;
                require(
                    ev[2].contains(&Event::BidPlaced {
                        player: 2,
                        neighborhood: 19,
                        building: 5,
                    }) && board::bridges().contains(&[0, 19]),
                    "an outbid across a bridge",
                )
            },
            ..base
        }),
        Def {
            name: "r09-outbid-not-adjacent-rejected",
            description: "1 and 3 are not adjacent: the outbid is rejected (R-9).",
            rules: &["R-9"],
            actions: "1/3 3/5",
            error: Some("R-9"),
            ..base
        },
        three(Def {
            name: "r09-across-river-without-bridge-rejected",
            description: "24 (north) and 4 (center) face each other across the river, but no bridge joins them: not adjacent, the outbid is rejected (R-9).",
            rules: &["R-9"],
            actions: "24/1 4/2",
            totals: &[0, 0, 0],
            winners: &[0, 1, 2],
            error: Some("R-9"),
            ..base
        }),
        Def {
            name: "r09-across-lake-rejected",
            description: "2 and 8 lie on the same lake's shore but share no border: a lake separates (R-9), the outbid is rejected.",
            rules: &["R-9"],
            actions: "2/1 8/2",
            error: Some("R-9"),
            ..base
        },
        Def {
            name: "r09-outbid-not-higher-rejected",
            description: "An outbid with the same number as the most recent bid is rejected (R-9).",
            rules: &["R-9"],
            actions: "1/5 2/5",
            error: Some("R-9"),
            ..base
        },
        Def {
            name: "r09-outbid-on-bid-neighborhood-rejected",
            description: "Neighborhood 1 holds a bid of this call, so it is not free (R-7, R-9): seat 0's outbid there is rejected.",
            rules: &["R-9"],
            actions: "1/2 2/3 1/4",
            error: Some("R-9"),
            ..base
        },
        three(Def {
            name: "r10-passed-player-skipped",
            description: "Seat 1 passes and takes no further part in the call (R-10): the turn goes 0, 1, 2, 0, 2. Seat 0 builds 6 on 9 (lakes card +3). Totals 3, 0, 0.",
            rules: &["R-8", "R-10", "R-12"],
            objectives: &[(N, "lakes"), (N, "statues"), (N, "border")],
            actions: "3/2 p 4/5 9/6 p",
            totals: &[3, 0, 0],
            winners: &[0],
            ..base
        }),
        three(Def {
            name: "r10-passed-player-cannot-act-rejected",
            description: "Seat 1 passed (R-10); after seat 0's outbid it is seat 2's turn, so a bid by seat 1 is rejected (R-8).",
            rules: &["R-8", "R-10"],
            objectives: &[(N, "lakes"), (N, "statues"), (N, "border")],
            actions: "3/2 p 4/5 9/6 s1:8/7",
            totals: &[0, 0, 0],
            winners: &[0, 1, 2],
            error: Some("R-8"),
            ..base
        }),
        three(Def {
            name: "r11-forced-pass-no-higher-building",
            description: "Seat 1 built its 13 in call 1. In call 2, after seat 0 bids 12, seat 1 has no higher building and is passed by the engine (R-11) while the call goes on: seat 2 outbids with 13 and seat 0 is passed too. Seat 2 builds on 9 (statues card +3); seat 1 on 20 (no lake). Totals 0, 0, 3.",
            rules: &["R-11", "R-12", "R-16"],
            start: 1,
            objectives: &[(N, "border"), (N, "lakes"), (N, "statues")],
            actions: "20/13 | 2/1 3/2 4/12 9/13",
            totals: &[0, 0, 3],
            winners: &[2],
            exercise: |ev, _| {
                require(
                    ev[3].contains(&Event::Passed {
                        player: 1,
                        forced: true,
                    }) && !ev[3]
                        .iter()
                        .any(|e| matches!(e, Event::Constructed { .. })),
                    "a forced pass in the middle of a call",
                )
            },
            ..base
        }),
        three(Def {
            name: "r11-forced-pass-no-free-neighborhood",
            description: "Seat 1 outbids on 21, a blind alley whose only neighbor holds a bid: seats 2 and 0 still hold higher buildings but have no free adjacent neighborhood, so both are passed (R-11) and the call ends (R-12). Seat 1 builds on 21 (lakes card +3). Totals 0, 3, 0.",
            rules: &["R-11", "R-12"],
            objectives: &[(N, "border"), (N, "lakes"), (N, "statues")],
            actions: "20/1 21/2",
            totals: &[0, 3, 0],
            winners: &[1],
            exercise: |ev, _| {
                let forced = ev[1]
                    .iter()
                    .filter(|e| matches!(e, Event::Passed { forced: true, .. }))
                    .count();
                require(forced == 2, "two forced passes")
            },
            ..base
        }),
        four(Def {
            name: "r12-opening-bid-unanswerable",
            description: "An opening bid of 13 cannot be outbid: the three others are passed (R-11) and the call ends at once (R-12); the winner opens the next call (R-16). Seat 0 builds on 5 and 6 (bridges card: both are bridge ends, +6). Totals 6, 0, 0, 0.",
            rules: &["R-11", "R-12", "R-16"],
            actions: "5/13 | 6/1 p p p",
            totals: &[6, 0, 0, 0],
            winners: &[0],
            exercise: |ev, _| {
                let forced = ev[0]
                    .iter()
                    .filter(|e| matches!(e, Event::Passed { forced: true, .. }))
                    .count();
                require(
                    forced == 3
                        && ev[0]
                            .iter()
                            .any(|e| matches!(e, Event::Constructed { .. })),
                    "the opening bid wins at once",
                )
            },
            ..base
        }),
        four(Def {
            name: "r12-all-others-passed",
            description: "The call ends when all but the most recent bidder have passed (R-12). Seat 2 builds 4 on 13 (lakes card +3). Totals 0, 0, 3, 0.",
            rules: &["R-8", "R-10", "R-12"],
            actions: "10/3 p 13/4 p p",
            totals: &[0, 0, 3, 0],
            winners: &[2],
            ..base
        }),
        three(Def {
            name: "r13-construction-returns-bids-takes-token",
            description: "Seat 1 wins call 1 on 14 and takes its trendy token (+3); seat 0's building 5 returns to its supply (R-13) and wins call 2 on 12 (bridges card +3). Totals 3, 3, 0; both built one building: shared victory (R-20).",
            rules: &["R-13", "R-16", "R-20"],
            tokens: &[(14, Trendy)],
            objectives: &[(N, "bridges"), (N, "border"), (N, "statues")],
            actions: "10/5 14/6 p p | 13/1 p 12/5 p",
            totals: &[3, 3, 0],
            winners: &[0, 1],
            exercise: |ev, _| {
                require(
                    ev[3].contains(&Event::BidReturned {
                        player: 0,
                        neighborhood: 10,
                        building: 5,
                    }),
                    "building 5 returned",
                )
            },
            ..base
        }),
        Def {
            name: "r13-constructed-building-rejected",
            description: "Seat 0 builds 7 on 1 (bridges card: 1 is a bridge end, +3); its building 7 stays constructed for the rest of the game (R-13), so opening the next call with 7 again is rejected. Totals 3, 0.",
            rules: &["R-13"],
            actions: "1/7 p | 2/7",
            totals: &[3, 0],
            winners: &[0],
            error: Some("R-13"),
            ..base
        },
        Def {
            name: "r14-subway-card-tie",
            description: "Seat 0 takes the first subway token and the card (R-14); seat 1 then takes one too: 1 against 1 is a tie, the card stays. Seat 0: subway 1 + card 3 + bridges card (1) 3 = 7; seat 1: subway 1 + lakes card (7) 3 = 4.",
            rules: &["R-14"],
            tokens: &[(1, Subway), (7, Subway), (49, Subway)],
            actions: "1/1 p | 8/2 7/3 p",
            totals: &[7, 4],
            winners: &[0],
            sheets: Some(|| {
                vec![
                    Sheet {
                        subway: 1,
                        subway_card: 3,
                        area: 3,
                        constructed: 1,
                        area_groups: vec![vec![1]],
                        ..Sheet::default()
                    },
                    Sheet {
                        subway: 1,
                        area: 3,
                        constructed: 1,
                        area_groups: vec![vec![7]],
                        ..Sheet::default()
                    },
                ]
            }),
            exercise: |ev, _| {
                let moves = all(ev)
                    .filter(|e| matches!(e, Event::CardTaken { .. }))
                    .count();
                require(moves == 1, "the card is taken once")
            },
            ..base
        },
        Def {
            name: "r14-subway-card-strictly-more",
            description: "As r14-subway-card-tie, then seat 1 takes a second subway token: 2 against 1, the card moves to seat 1 (R-14). Seat 0: subway 1 + bridges (1) 3 = 4; seat 1: subway 2 + card 3 + lakes (7, 49) 6 = 11.",
            rules: &["R-14"],
            tokens: &[(1, Subway), (7, Subway), (49, Subway)],
            actions: "1/1 p | 8/2 7/3 p | 49/4 p",
            totals: &[4, 11],
            winners: &[1],
            exercise: |ev, _| {
                require(
                    all(ev).any(|e| {
                        *e == Event::CardTaken {
                            player: 1,
                            card: Card::Subway,
                            from: Some(0),
                        }
                    }),
                    "the card moves from seat 0 to seat 1",
                )
            },
            ..base
        },
        Def {
            name: "r15-archaeology-card-moves",
            description: "Every archaeology token taken takes the card (R-15): seat 0 (from the supply), seat 1, seat 0 again. Seat 0: 2 tokens -2, card -2, bridges (1, 12) +6 = 2; seat 1: token -1, lakes (7) +3 = 2. Tied at 2, seat 0 built 2 buildings to 1 and wins (R-20).",
            rules: &["R-15", "R-20"],
            tokens: &[(1, Arch), (7, Arch), (12, Arch)],
            actions: "1/1 p | 8/2 7/3 p | 13/1 12/5 p",
            totals: &[2, 2],
            winners: &[0],
            exercise: |ev, _| {
                let holders: Vec<(Seat, Option<Seat>)> = all(ev)
                    .filter_map(|e| match e {
                        Event::CardTaken {
                            player,
                            card: Card::Archaeology,
                            from,
                        } => Some((*player, *from)),
                        _ => None,
                    })
                    .collect();
                require(
                    holders == [(0, None), (1, Some(0)), (0, Some(1))],
                    "the card goes 0, 1, 0",
                )
            },
            ..base
        },
        Def {
            name: "r17-game-ends-at-thirteenth-building",
            description: "Seat 0 wins 13 calls in a row and the game ends at once (R-17); the last opening bid, 13, is unanswerable. Lakes card: 2, 3, 42, 48 are on a shore, +12. Totals 12, 0.",
            rules: &["R-12", "R-17", "§4"],
            objectives: &[(N, "lakes"), (N, "bridges")],
            actions: "0/1 p | 1/2 p | 2/3 p | 3/4 p | 4/5 p | 5/6 p | 40/7 p | 41/8 p | 42/9 p | 45/10 p | 46/11 p | 48/12 p | 50/13",
            out: &[North, East],
            totals: &[12, 0],
            winners: &[0],
            game_over: true,
            sheets: Some(|| {
                vec![
                    Sheet {
                        area: 12,
                        constructed: 13,
                        area_groups: vec![vec![2], vec![3], vec![42], vec![48]],
                        ..Sheet::default()
                    },
                    Sheet::default(),
                ]
            }),
            exercise: |ev, end| {
                require(
                    end.is_over()
                        && matches!(ev.last().and_then(|e| e.last()), Some(Event::GameEnded { .. })),
                    "the game ends with the last action",
                )
            },
            ..base
        },
        Def {
            name: "r17-action-after-game-end-rejected",
            description: "As r17-game-ends-at-thirteenth-building, then one more bid: the game is over and every action is rejected (R-17). Totals 12, 0.",
            rules: &["R-17"],
            objectives: &[(N, "lakes"), (N, "bridges")],
            actions: "0/1 p | 1/2 p | 2/3 p | 3/4 p | 4/5 p | 5/6 p | 40/7 p | 41/8 p | 42/9 p | 45/10 p | 46/11 p | 48/12 p | 50/13 | s1:51/1",
            totals: &[12, 0],
            winners: &[0],
            game_over: true,
            error: Some("R-17"),
            ..base
        },
        Def {
            name: "r18-highest-building-tall-beats-mediums",
            description: "South: seat 0 has [tall 10], seat 1 [medium 8, 7, 6]: a tall beats any number of mediums (R-18), seat 0 +5; seat 0's mall card scores nothing (36 is industry). Seat 1: park card (39) +2 (37 housing, 38 mall), chains card {37,38,39} +4 (R-19). Totals 5, 6. Re-derived by hand for the corrected board data (mall and administration kinds swapped): unchanged.",
            rules: &["R-18", "R-19"],
            variant: Variant::Expert,
            objectives: &[(Some(Mall), "districts"), (Some(Park), "chains")],
            actions: "36/10 p | 13/1 38/6 p | 37/7 p | 39/8 p",
            totals: &[5, 6],
            winners: &[1],
            sheets: Some(|| {
                vec![
                    Sheet {
                        highest: 5,
                        highest_in: vec![South],
                        constructed: 1,
                        ..Sheet::default()
                    },
                    Sheet {
                        area: 4,
                        area_groups: vec![vec![37, 38, 39]],
                        neighborhood: 2,
                        constructed: 3,
                        ..Sheet::default()
                    },
                ]
            }),
            ..base
        },
        Def {
            name: "r18-highest-building-longer-list-wins",
            description: "West: seat 0 has [tall 12, tall 11, small 1], seat 1 [tall 13, tall 10]: equal as far as the shorter goes, the longer list wins (R-18), seat 0 +5. Seat 0: housing card (47) +2, statues card: statue {45,46,47} +7 (statue {46,47,48} is not all seat 0's) = 14; seat 1: industry card (48, 49) +4 = 4. Re-derived by hand for the corrected board data (mall and administration kinds swapped): seat 0 also owns 45 (mall) and 46 (administration), which its housing card does not count; unchanged.",
            rules: &["R-18", "R-19"],
            variant: Variant::Expert,
            objectives: &[(Some(Housing), "statues"), (Some(Industry), "bridges")],
            actions: "45/11 p | 46/12 p | 47/1 p | 1/2 49/10 p | 48/13",
            totals: &[14, 4],
            winners: &[0],
            sheets: Some(|| {
                vec![
                    Sheet {
                        area: 7,
                        area_groups: vec![vec![45, 46, 47]],
                        neighborhood: 2,
                        highest: 5,
                        highest_in: vec![West],
                        constructed: 3,
                        ..Sheet::default()
                    },
                    Sheet {
                        neighborhood: 4,
                        constructed: 2,
                        ..Sheet::default()
                    },
                ]
            }),
            ..base
        },
        Def {
            name: "r18-highest-building-tie-shares",
            description: "Center: seat 0 [medium 9] and seat 1 [medium 9] tie at the top: both get the token (R-18), +5 each. Industry card (0) +2, housing card (1) +2: totals 7, 7 with one building each, a shared victory (R-20). Re-derived by hand for the corrected board data (mall and administration kinds swapped): unchanged.",
            rules: &["R-18", "R-20"],
            variant: Variant::Expert,
            objectives: &[(Some(Industry), "lakes"), (Some(Housing), "districts")],
            actions: "0/9 p | 2/1 1/9 p",
            totals: &[7, 7],
            winners: &[0, 1],
            sheets: Some(|| {
                let s = Sheet {
                    neighborhood: 2,
                    highest: 5,
                    highest_in: vec![Center],
                    constructed: 1,
                    ..Sheet::default()
                };
                vec![s.clone(), s]
            }),
            ..base
        },
        Def {
            name: "r19-bridges-maximum-matching",
            description: "Seat 0 owns 7, 12, 36, 52: bridges 7-52, 12-36, 36-52 are all its own, but each building counts once per card, so the most is 2 pairs (7-52, 12-36): +8 (R-19; pairing 36-52 first would give 4). Park card (7) +2 (12 is a mall, 36 industry, 52 administration), highest building in center, south and west +15. Total 25. Seat 1's mall card: no buildings. Re-derived by hand for the corrected board data (mall and administration kinds swapped): unchanged.",
            rules: &["R-19", "R-18"],
            variant: Variant::Expert,
            objectives: &[(Some(Park), "bridges"), (Some(Mall), "chains")],
            actions: "7/1 p | 12/2 p | 36/3 p | 52/4 p",
            totals: &[25, 0],
            winners: &[0],
            ..base
        },
        Def {
            name: "r19-statues-no-shared-building",
            description: "Seat 0 owns 45, 46, 47, 48: statues {45,46,47} and {46,47,48} are both complete but share two buildings: one statue, +7 (R-19). Industry card (48) +2 (45 mall, 46 administration, 47 housing), highest in west +5. Total 14. Re-derived by hand for the corrected board data (mall and administration kinds swapped): unchanged.",
            rules: &["R-19"],
            variant: Variant::Expert,
            objectives: &[(Some(Industry), "statues"), (Some(Park), "lakes")],
            actions: "45/1 p | 46/2 p | 47/3 p | 48/4 p",
            totals: &[14, 0],
            winners: &[0],
            ..base
        },
        Def {
            name: "r19-lakes-one-lake-per-building",
            description: "Seat 0 owns 3, 7, 8, 12, 13: three on lake {2,3,7,8,9} and four on lake {7,8,10,12,13}, but 5 buildings make one group of three at most: one lake, +5 (R-19; counting lakes with three shore buildings would give 10). Mall card: 12 is the only mall (3 and 13 are administration), +2; highest in center +5. Total 12. Re-derived by hand for the corrected board data (mall and administration kinds swapped): the mall card counted 3 and 13 (+4, total 14) on the old data.",
            rules: &["R-19"],
            variant: Variant::Expert,
            objectives: &[(Some(Mall), "lakes"), (Some(Park), "bridges")],
            actions: "3/1 p | 7/2 p | 8/3 p | 12/4 p | 13/5 p",
            totals: &[12, 0],
            winners: &[0],
            ..base
        },
        Def {
            name: "r19-districts-three-or-more",
            description: "Seat 0 has 4 buildings in the center, 3 in the west, 2 in the south: districts card +4 (center, more than three still 4) +4 (west) = 8 (R-19). Administration card (3, 46) +4 (0, 4, 36 industry, 2, 45 mall, 47, 37 housing), highest in center, west, south +15. Total 27. Re-derived by hand for the corrected board data (mall and administration kinds swapped): the administration card now counts 3 and 46 instead of 2 and 45; the total is unchanged.",
            rules: &["R-19", "R-18"],
            variant: Variant::Expert,
            objectives: &[(Some(Administration), "districts"), (Some(Park), "chains")],
            actions: "0/1 p | 2/2 p | 3/3 p | 4/4 p | 45/5 p | 46/6 p | 47/7 p | 36/8 p | 37/9 p",
            totals: &[27, 0],
            winners: &[0],
            ..base
        },
        Def {
            name: "r19-chains-disjoint-triples",
            description: "Seat 0 owns the path 1-2-3-4-5-6: two chains that share no building, {1,2,3} and {4,5,6}, +8 (R-19; taking {2,3,4} first would leave one). (After the bid on 6 seat 1 has no free neighborhood next to it, north and east being out of play: a forced pass, R-11.) Housing card (1) +2 (2 mall, 3 and 6 administration, 4 industry, 5 park), highest in center +5. Total 15; seat 1's mall card: no buildings. Re-derived by hand for the corrected board data (mall and administration kinds swapped): unchanged.",
            rules: &["R-19"],
            variant: Variant::Expert,
            objectives: &[(Some(Housing), "chains"), (Some(Mall), "statues")],
            actions: "1/1 p | 2/2 p | 3/3 p | 4/4 p | 5/5 p | 6/6",
            totals: &[15, 0],
            winners: &[0],
            sheets: Some(|| {
                vec![
                    Sheet {
                        area: 8,
                        area_groups: vec![vec![1, 2, 3], vec![4, 5, 6]],
                        neighborhood: 2,
                        highest: 5,
                        highest_in: vec![Center],
                        constructed: 6,
                        ..Sheet::default()
                    },
                    Sheet::default(),
                ]
            }),
            ..base
        },
        Def {
            name: "r20-shared-victory",
            description: "Seat 0 builds on 1 (bridges card +3), seat 1 on 8 (lakes card +3): tied at 3 with one building each, both win (R-20).",
            rules: &["R-20"],
            actions: "1/1 p | 9/2 8/3 p",
            totals: &[3, 3],
            winners: &[0, 1],
            ..base
        },
        Def {
            name: "r20-tie-broken-by-buildings",
            description: "As r20-shared-victory, then seat 1 also builds on 11 (scores nothing): tied at 3, seat 1 has 2 buildings to 1 and wins (R-20).",
            rules: &["R-20"],
            actions: "1/1 p | 9/2 8/3 p | 11/4 p",
            totals: &[3, 3],
            winners: &[1],
            ..base
        },
        Def {
            name: "r22-metropolys-cards-family",
            description: "Family game with Metropolys cards (R-22, §9). Seat 0 (park/administration/housing) builds 7 (park), 3 (administration), 8 (housing) and 9 (park), 6 (administration), 14 (housing) in the center: two groups in one district, +18; statues card: 3, 9, 14 touch a statue, +9. Total 27. Seat 1 (industry/mall/park) builds 36 (industry), 38 (mall), 39 (park) in the south: one group +9; lakes card (38) +3. Total 12. Re-derived by hand for the corrected board data (mall and administration kinds swapped): 3 and 6 are administration and 38 a mall, so the cards now read park/administration/housing and industry/mall/park (they read park/mall/housing and industry/administration/park before) to keep showing the same groups; with the old cards on the corrected board neither seat would have a group (totals 9, 3).",
            rules: &["R-22", "§9", "§4"],
            objectives: &[(N, "statues"), (N, "lakes")],
            cards: Some(&[[Park, Administration, Housing], [Industry, Mall, Park]]),
            actions: "7/1 p | 3/2 p | 8/3 p | 9/4 p | 6/5 p | 14/6 p | 37/7 36/8 p | 38/1 p | 39/2 p",
            totals: &[27, 12],
            winners: &[0],
            ..base
        },
        Def {
            name: "r22-metropolys-cards-expert-no-highest-building",
            description: "Expert game with Metropolys cards (§9): no neighborhood cards and no highest-building tokens. Seat 0 (park/administration/housing) builds tall 10, 11, 12 on 7 (park), 3 (administration), 8 (housing): its card's three kinds in the center, +9; chains card: 3 touches neither 7 nor 8, no chain. Total 9 (without the module the center token would add 5). Re-derived by hand for the corrected board data (mall and administration kinds swapped): 3 is administration, so seat 0's card now reads park/administration/housing (park/mall/housing before); with the old card the total would be 0.",
            rules: &["R-22", "§9", "R-18"],
            variant: Variant::Expert,
            objectives: &[(N, "chains"), (N, "bridges")],
            cards: Some(&[[Park, Administration, Housing], [Industry, Mall, Park]]),
            actions: "7/10 p | 3/11 p | 8/12 p",
            totals: &[9, 0],
            winners: &[0],
            ..base
        },
        four(Def {
            name: "s4-family-area-cards-count-once",
            description: "Family area cards count a building once however many features it touches (§4): 36 ends three bridges, 47 touches two statues, 8 two lakes, 16 is on the border: +3 each. Totals 3, 3, 3, 3 with one building each: all four share the victory (R-20).",
            rules: &["§4", "R-20"],
            actions: "36/1 p p p | 49/2 47/3 p p p | 9/1 8/2 p p p | 17/1 16/2 p p p",
            totals: &[3, 3, 3, 3],
            winners: &[0, 1, 2, 3],
            sheets: Some(|| {
                [36u8, 47, 8, 16]
                    .iter()
                    .map(|&id| Sheet {
                        area: 3,
                        constructed: 1,
                        area_groups: vec![vec![id]],
                        ..Sheet::default()
                    })
                    .collect()
            }),
            ..base
        }),
        Def {
            name: "s4-family-bridge-into-out-of-play-district",
            description: "2 players, north and east out of play (R-2). Seat 0 builds on 0, whose bridges lead to 19 and 22 (north), and on 6, whose bridges lead to 24 (north) and 25 (east): every district across is out of play, but the bridges are still printed, so both are bridge ends and count for the bridges card (§4; docs/rulings.md): +3 +3 = 6. Seat 1 builds nothing: 0.",
            rules: &["§4", "R-2"],
            actions: "0/1 p | 6/2 p",
            totals: &[6, 0],
            winners: &[0],
            exercise: |_, end| {
                require(
                    [19u8, 22, 24, 25].iter().all(|&i| !end.in_play().contains(i))
                        && end.scores()[0].area_groups == [vec![0u8], vec![6]],
                    "0 and 6 score although every bridge leads out of play",
                )
            },
            ..base
        },
    ]
}

/// The complete seeded games: (name, config), decisions from stream 5.
fn seeded() -> Vec<(&'static str, Config)> {
    let mut out = vec![];
    for (players, variant, seed) in [
        (2, Variant::Family, 1),
        (2, Variant::Expert, 2),
        (3, Variant::Family, 3),
        (3, Variant::Expert, 4),
        (4, Variant::Family, 5),
        (4, Variant::Expert, 2008),
    ] {
        let name = match (players, variant, seed) {
            (2, Variant::Family, _) => "game-2p-family-seed-1",
            (2, _, _) => "game-2p-expert-seed-2",
            (3, Variant::Family, _) => "game-3p-family-seed-3",
            (3, _, _) => "game-3p-expert-seed-4",
            (4, Variant::Family, _) => "game-4p-family-seed-5",
            _ => "game-4p-expert-seed-2008",
        };
        out.push((name, Config::new(players, variant, seed)));
    }
    // A second game per player count and variant, opened by the last seat.
    for (name, players, variant, seed) in [
        ("game-2p-family-start-1-seed-101", 2, Variant::Family, 101),
        ("game-2p-expert-start-1-seed-102", 2, Variant::Expert, 102),
        ("game-3p-family-start-2-seed-103", 3, Variant::Family, 103),
        ("game-3p-expert-start-2-seed-104", 3, Variant::Expert, 104),
        ("game-4p-family-start-3-seed-105", 4, Variant::Family, 105),
        ("game-4p-expert-start-3-seed-106", 4, Variant::Expert, 106),
    ] {
        let mut c = Config::new(players, variant, seed);
        c.start_player = players - 1;
        out.push((name, c));
    }
    let mut c = Config::new(3, Variant::Expert, 7);
    c.start_player = 1;
    c.metropolys_cards = Some(vec![
        [Park, Mall, Housing],
        [Industry, Administration, Park],
        [Housing, Industry, Mall],
    ]);
    out.push(("game-3p-expert-metropolys-cards-seed-7", c));
    let mut c = Config::new(4, Variant::Family, 9);
    c.metropolys_deck = Some(vec![
        [Park, Mall, Housing],
        [Industry, Administration, Park],
        [Housing, Industry, Mall],
        [Administration, Mall, Park],
    ]);
    out.push(("game-4p-family-metropolys-deck-seed-9", c));
    out
}

// ----- building the records ---------------------------------------------------

/// Tokens for a hand-written vector: the pinned ones, then the rest of the
/// pool on the highest-numbered eligible neighborhoods that no
/// action touches.
fn layout(
    players: u8,
    out: &[District],
    pinned: &[(u8, Token)],
    touched: &BTreeSet<u8>,
) -> BTreeMap<u8, Token> {
    let pool: [usize; 3] = match players {
        4 => [9, 9, 9],
        3 => [8, 7, 7],
        _ => [5, 6, 6],
    };
    let mut left = pool;
    let mut map: BTreeMap<u8, Token> = BTreeMap::new();
    for &(id, t) in pinned {
        map.insert(id, t);
        left[t.index()] -= 1;
    }
    let mut kinds = Vec::new();
    for t in Token::ALL {
        kinds.extend(std::iter::repeat_n(*t, left[t.index()]));
    }
    let mut next = kinds.into_iter();
    for &d in District::ALL {
        if out.contains(&d) {
            continue;
        }
        let quota = if d == Center { 7 } else { 5 };
        let have = map
            .keys()
            .filter(|&&id| board::district(id) == Some(d))
            .count();
        let mut free: Vec<u8> = board::in_district(d)
            .iter()
            .filter(|&id| {
                !board::is_blind_alley(id) && !touched.contains(&id) && !map.contains_key(&id)
            })
            .collect();
        free.reverse();
        assert!(
            free.len() + have >= quota,
            "not enough untouched neighborhoods for tokens in {d} ({touched:?})"
        );
        for id in free.into_iter().take(quota - have) {
            map.insert(id, next.next().expect("token pool"));
        }
    }
    map
}

fn parse_actions(text: &str) -> Vec<(Option<Seat>, Action)> {
    text.split_whitespace()
        .filter(|w| *w != "|")
        .map(|w| {
            let (seat, rest) = match w.split_once(':') {
                Some((s, r)) => (Some(s.trim_start_matches('s').parse().unwrap()), r),
                None => (None, w),
            };
            let action = if rest == "p" {
                Action::Pass
            } else {
                let (n, b) = rest.split_once('/').expect("nb/building");
                Action::bid(n.parse().unwrap(), b.parse().unwrap())
            };
            (seat, action)
        })
        .collect()
}

fn build(def: &Def) -> Record {
    let steps = parse_actions(def.actions);
    let touched: BTreeSet<u8> = steps
        .iter()
        .filter_map(|(_, a)| match a {
            Action::Bid { neighborhood, .. } => Some(*neighborhood),
            Action::Pass => None,
        })
        .collect();
    let mut config = Config::new(def.players, def.variant, 0);
    config.start_player = def.start;
    config.out_of_play = Some(def.out.to_vec());
    config.tokens = Some(layout(def.players, def.out, def.tokens, &touched));
    config.objectives = Some(
        def.objectives
            .iter()
            .map(|(k, a)| Objective {
                neighborhood: *k,
                area: a.parse().unwrap(),
            })
            .collect(),
    );
    config.metropolys_cards = def.cards.map(|c| c.to_vec());
    let mut record = Record::new(config.clone());
    record.description = Some(def.description.into());
    record.rules = Some(def.rules.iter().map(|r| r.to_string()).collect());
    let mut state = State::new(&config).unwrap_or_else(|e| panic!("{}: {e}", def.name));
    let last = steps.len() - 1;
    for (i, (seat, action)) in steps.into_iter().enumerate() {
        let player = seat.or(state.to_act()).unwrap_or(0);
        record.actions.push(RecordedAction { player, action });
        match state.apply_for(player, action) {
            Ok((next, _)) => state = next,
            Err(e) if def.error.is_some() && i == last => {
                let _ = e;
            }
            Err(e) => panic!("{}: action {i} ({action} by {player}): {e}", def.name),
        }
    }
    let scores = def.sheets.map(|f| {
        f().into_iter()
            .enumerate()
            .map(|(p, s)| metropolys_core::ScoreSheet {
                player: p as Seat,
                trendy: s.trendy,
                subway: s.subway,
                subway_card: s.subway_card,
                archaeology: s.archaeology,
                archaeology_card: s.archaeology_card,
                area: s.area,
                neighborhood: s.neighborhood,
                highest_building: s.highest,
                metropolys: 0,
                total: s.trendy
                    + s.subway
                    + s.subway_card
                    + s.archaeology
                    + s.archaeology_card
                    + s.area
                    + s.neighborhood
                    + s.highest,
                constructed: s.constructed,
                area_groups: s.area_groups,
                highest_building_districts: s.highest_in,
                metropolys_groups: vec![],
            })
            .collect::<Vec<_>>()
    });
    if let Some(sheets) = &scores {
        let sums: Vec<i32> = sheets.iter().map(|s| s.total).collect();
        assert_eq!(
            sums, def.totals,
            "{}: the hand sheets do not add up to the hand totals",
            def.name
        );
    }
    record.expected = Some(Expected {
        game_over: Some(def.game_over),
        totals: Some(def.totals.to_vec()),
        winners: Some(def.winners.to_vec()),
        scores,
        error: def.error.map(|rule| ExpectedError {
            index: last,
            rule: rule.into(),
        }),
    });
    record
}

/// A seeded game exactly as `metropolys play` plays it.
fn build_seeded(name: &str, config: &Config) -> Record {
    let mut state = State::new(config).unwrap();
    let mut record = Record::new(config.clone());
    record.description = Some(format!(
        "A complete game with uniformly random decisions: State::random_action from SplitMix64 stream {DECISION_STREAM} of seed {} (what `metropolys play` does). Setup drawn from the seed (R-5, R-6). Expected values are this engine's output: they pin behaviour, they were not derived by hand. ({name})",
        config.seed
    ));
    record.rules = Some(vec!["R-6".into()]);
    let mut rng = SplitMix64::stream(config.seed, DECISION_STREAM);
    while let (Some(player), Some(action)) = (state.to_act(), state.random_action(&mut rng)) {
        state = state.play(action).unwrap();
        record.actions.push(RecordedAction { player, action });
    }
    record.expect(&state);
    record
}

fn all_vectors() -> Vec<(String, Record, Option<Exercise>)> {
    let mut out: Vec<(String, Record, Option<Exercise>)> = defs()
        .iter()
        .map(|d| (d.name.to_string(), build(d), Some(d.exercise)))
        .collect();
    for (name, config) in seeded() {
        out.push((name.to_string(), build_seeded(name, &config), None));
    }
    out
}

// ----- tests ------------------------------------------------------------------

#[test]
fn every_vector_verifies() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(vector_dir())
        .expect("tests/conformance exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "only {} vectors", files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let record = Record::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(record.expected.is_some(), "{}: no expected", f.display());
        if let Err(e) = record.verify() {
            panic!("{}: {e}", f.display());
        }
    }
}

#[test]
fn vectors_match_their_definitions() {
    let write = std::env::var_os("METROPOLYS_WRITE_VECTORS").is_some();
    let dir = vector_dir();
    let mut names = BTreeSet::new();
    for (name, record, exercise) in all_vectors() {
        assert!(names.insert(name.clone()), "{name} defined twice");
        // The hand-derived expectations hold.
        if let Err(e) = record.verify() {
            panic!("{name}: the engine disagrees with the hand-derived vector: {e}");
        }
        // The vector shows its ruling.
        if let Some(check) = exercise {
            let mut prefix = record.clone();
            if record
                .expected
                .as_ref()
                .and_then(|e| e.error.as_ref())
                .is_some()
            {
                prefix.actions.pop();
            }
            let replay = prefix.replay().unwrap();
            if let Err(what) = check(&replay.events, replay.final_state()) {
                panic!("{name} does not show its ruling: {what}");
            }
        }
        let path = dir.join(format!("{name}.json"));
        if write {
            std::fs::create_dir_all(&dir).unwrap();
            // Write aside and rename, so a concurrent reader never sees half a file.
            let tmp = dir.join(format!(".{name}.json.tmp"));
            std::fs::write(&tmp, record.to_json_readable()).unwrap();
            std::fs::rename(&tmp, &path).unwrap();
        } else {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (run with METROPOLYS_WRITE_VECTORS=1)",
                    path.display()
                )
            });
            let on_disk = Record::from_json(&text).unwrap();
            assert!(
                on_disk == record,
                "{} differs from its definition (run with METROPOLYS_WRITE_VECTORS=1)",
                path.display()
            );
        }
    }
    // No stray vectors without a definition.
    for entry in std::fs::read_dir(&dir).unwrap().filter_map(Result::ok) {
        let p = entry.path();
        if p.extension().is_some_and(|x| x == "json") {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            assert!(names.contains(&stem), "{} has no definition", p.display());
        }
    }
}

#[test]
fn the_directory_lists_every_vector() {
    let readme = std::fs::read_to_string(vector_dir().join("README.md")).unwrap();
    for (name, _, _) in all_vectors() {
        assert!(
            readme.contains(&format!("`{name}.json`")),
            "tests/conformance/README.md does not list {name}.json"
        );
    }
}

#[test]
fn every_ruling_a_game_can_show_is_pinned() {
    let pinned: BTreeSet<String> = defs()
        .iter()
        .flat_map(|d| d.rules.iter().map(|r| r.to_string()))
        .collect();
    // R-5 (the deal) and R-6 (determinism) are pinned by the seeded games;
    // R-21 (views) is not part of a record.
    for r in [
        "R-1", "R-2", "R-3", "R-4", "R-7", "R-8", "R-9", "R-10", "R-11", "R-12", "R-13", "R-14",
        "R-15", "R-16", "R-17", "R-18", "R-19", "R-20", "R-22",
    ] {
        assert!(pinned.contains(r), "no vector pins {r}");
    }
}

#[test]
fn rejection_vectors_fail_when_the_rule_differs() {
    let def = defs()
        .into_iter()
        .find(|d| d.name == "r09-outbid-not-higher-rejected")
        .unwrap();
    let mut record = build(&def);
    assert!(record.verify().is_ok());
    record
        .expected
        .as_mut()
        .unwrap()
        .error
        .as_mut()
        .unwrap()
        .rule = "R-7".into();
    let err = record.verify().unwrap_err();
    assert!(err.to_string().contains("R-9"), "{err}");
    // Dropping the illegal action: nothing is rejected any more.
    let mut record = build(&def);
    let last = record.actions.pop().unwrap();
    record.actions.push(RecordedAction {
        action: Action::bid(2, 6),
        ..last
    });
    assert!(record.verify().is_err());
}
