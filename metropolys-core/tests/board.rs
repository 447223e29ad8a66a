//! Every invariant of the board data listed at the end of docs/rules.md (§10).

use metropolys_core::board::{self, NeighborhoodSet};
use metropolys_core::{District, Kind};

#[test]
fn fifty_five_neighborhoods_with_ids_by_district() {
    let all = board::describe().neighborhoods;
    assert_eq!(all.len(), 55);
    for n in &all {
        let want = match n.id {
            0..=14 => District::Center,
            15..=24 => District::North,
            25..=34 => District::East,
            35..=44 => District::South,
            _ => District::West,
        };
        assert_eq!(n.district, want, "neighborhood {}", n.id);
    }
    assert!(board::info(55).is_none());
}

#[test]
fn adjacency_is_symmetric_irreflexive_and_connected() {
    for a in 0..55u8 {
        assert!(!board::adjacent(a, a), "{a} adjacent to itself");
        for b in board::neighbors(a).iter() {
            assert!(board::adjacent(b, a), "{a}-{b} not symmetric");
        }
    }
    let mut seen = NeighborhoodSet::EMPTY.with(0);
    let mut frontier = vec![0u8];
    while let Some(a) = frontier.pop() {
        for b in board::neighbors(a).iter() {
            if !seen.contains(b) {
                seen = seen.with(b);
                frontier.push(b);
            }
        }
    }
    assert_eq!(seen.len(), 55, "the board is connected");
}

#[test]
fn eleven_of_each_kind_three_in_center_two_per_peripheral_district() {
    for &k in Kind::ALL {
        let total = (0..55u8).filter(|&i| board::kind(i) == Some(k)).count();
        assert_eq!(total, 11, "{k}");
        for &d in District::ALL {
            let n = board::in_district(d)
                .iter()
                .filter(|&i| board::kind(i) == Some(k))
                .count();
            assert_eq!(n, if d == District::Center { 3 } else { 2 }, "{k} in {d}");
        }
    }
}

#[test]
fn twenty_one_bridges_are_exactly_the_adjacencies_between_districts() {
    let bridges = board::bridges();
    assert_eq!(bridges.len(), 21);
    for b in bridges {
        assert!(board::adjacent(b[0], b[1]), "bridge {b:?} is an adjacency");
    }
    for a in 0..55u8 {
        for b in board::neighbors(a).iter().filter(|&b| b > a) {
            let crosses = board::district(a) != board::district(b);
            let is_bridge = bridges.contains(&[a, b]) || bridges.contains(&[b, a]);
            assert_eq!(crosses, is_bridge, "{a}-{b}");
        }
    }
}

#[test]
fn four_blind_alleys_with_exactly_one_neighbor() {
    let blind: Vec<u8> = (0..55u8).filter(|&i| board::is_blind_alley(i)).collect();
    assert_eq!(blind, vec![11, 21, 28, 35]);
    for i in 0..55u8 {
        assert_eq!(
            board::neighbors(i).len() == 1,
            board::is_blind_alley(i),
            "{i}"
        );
    }
}

#[test]
fn twenty_border_neighborhoods_none_in_the_center() {
    assert_eq!(board::border().len(), 20);
    assert!(board::border()
        .iter()
        .all(|i| board::district(i) != Some(District::Center)));
}

#[test]
fn statues_touch_three_neighborhoods_and_lakes_have_shores() {
    assert_eq!(board::statues().len(), 11);
    for s in board::statues() {
        assert_eq!(s.neighborhoods.len(), 3, "statue {}", s.id);
    }
    assert_eq!(board::lakes().len(), 6);
    for l in board::lakes() {
        assert!(l.neighborhoods.len() >= 3, "lake {}", l.id);
    }
}

#[test]
fn peripheral_ring_is_north_east_south_west() {
    assert_eq!(
        board::peripheral_ring(),
        [
            District::North,
            District::East,
            District::South,
            District::West
        ]
    );
}

/// The project's shared board description, `shared/board.json` beside the
/// repository, read as bytes; `None` (with a note on stderr) when it is not
/// there, e.g. in a clone without `shared/` next to it.
fn shared_board() -> Option<(std::path::PathBuf, Vec<u8>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/board.json");
    match std::fs::read(&path) {
        Ok(bytes) => Some((path, bytes)),
        Err(e) => {
            eprintln!(
                "skipped: no shared board description at {} ({e})",
                path.display()
            );
            None
        }
    }
}

#[test]
fn embedded_data_is_a_byte_for_byte_copy_of_the_shared_board() {
    let ours = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/board.json");
    let Some((theirs, shared)) = shared_board() else {
        return;
    };
    let embedded = std::fs::read(&ours).expect("data/board.json");
    assert_eq!(
        include_bytes!("../data/board.json").as_slice(),
        embedded.as_slice(),
        "the build embedded a different data/board.json: rebuild"
    );
    if embedded != shared {
        let at = embedded
            .iter()
            .zip(&shared)
            .position(|(a, b)| a != b)
            .unwrap_or(embedded.len().min(shared.len()));
        panic!(
            "{} is not a byte-for-byte copy of {} (first difference at byte {at}; \
             {} against {} bytes): copy the shared file over it",
            ours.display(),
            theirs.display(),
            embedded.len(),
            shared.len()
        );
    }
}

#[test]
fn every_kind_equals_the_shared_board() {
    let Some((path, shared)) = shared_board() else {
        return;
    };
    let parsed: serde_json::Value = serde_json::from_slice(&shared).unwrap();
    let all = parsed["neighborhoods"].as_array().unwrap();
    assert_eq!(all.len(), 55, "{}", path.display());
    for n in all {
        let id = n["id"].as_u64().unwrap() as u8;
        let want = n["kind"].as_str().unwrap();
        let have = board::kind(id).map(|k| k.to_string());
        assert_eq!(
            have.as_deref(),
            Some(want),
            "neighborhood {id}: the engine's kind differs from {}",
            path.display()
        );
    }
}

#[test]
fn malls_are_the_red_neighborhoods_and_administrations_the_blue() {
    // The printed board: red neighborhoods show leisure buildings (the
    // rulebook's malls), blue ones domed palaces (administration centers).
    let of = |k: Kind| -> Vec<u8> { (0..55u8).filter(|&i| board::kind(i) == Some(k)).collect() };
    assert_eq!(of(Kind::Mall), [2, 10, 12, 21, 22, 27, 32, 38, 43, 45, 54]);
    assert_eq!(
        of(Kind::Administration),
        [3, 6, 13, 16, 23, 30, 33, 41, 44, 46, 52]
    );
}

#[test]
fn embedded_data_matches_the_tables() {
    let ours = include_str!("../data/board.json");
    let parsed: serde_json::Value = serde_json::from_str(ours).unwrap();
    let described = serde_json::to_value(board::describe()).unwrap();
    for (i, n) in parsed["neighborhoods"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let d = &described["neighborhoods"][i];
        for key in [
            "id",
            "district",
            "kind",
            "adjacent",
            "border",
            "blind_alley",
        ] {
            assert_eq!(n[key], d[key], "neighborhood {i} {key}");
        }
    }
    assert_eq!(parsed["bridges"], described["bridges"]);
}
