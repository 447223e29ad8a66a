//! `map` at the prompt: where the person's own secret cards score (R-21:
//! never an opponent's), from core's board tables (bridges, statues, lakes,
//! border, districts, adjacency, kinds) and scoring definitions (the points
//! of `metropolys_core::scoring`); and the scoring in words for `help`.

use crate::narrate::seat_name;
use metropolys_core::scoring::{
    area_points, HIGHEST_BUILDING_POINTS, METROPOLYS_GROUP_POINTS, NEIGHBORHOOD_CARD_POINTS,
};
use metropolys_core::{
    board, board::NeighborhoodSet, Area, Card, District, Kind, NeighborhoodId, Seat, Size, State,
    Token, Variant, BUILDINGS_PER_PLAYER,
};
use std::fmt::Write as _;

/// A neighborhood as the map lists it: `12*` holds a building of the
/// seat, `12x` one of another seat, `12` is not built on.
fn mark(state: &State, seat: Seat, id: NeighborhoodId) -> String {
    match state.building_at(id) {
        Some((p, _)) if p == seat => format!("{id}*"),
        Some(_) => format!("{id}x"),
        None => id.to_string(),
    }
}

/// The neighborhoods of `set` in play, marked, in id order.
fn marks(state: &State, seat: Seat, set: NeighborhoodSet) -> String {
    let in_play = NeighborhoodSet(set.0 & state.in_play().0);
    in_play
        .iter()
        .map(|id| mark(state, seat, id))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A group that needs all its neighborhoods (an Expert statue or bridge):
/// its marks, or why it can never score.
fn whole_group(state: &State, seat: Seat, set: NeighborhoodSet) -> String {
    let ids: Vec<String> = set.iter().map(|id| mark(state, seat, id)).collect();
    let out: Vec<String> = set
        .iter()
        .filter(|&id| !state.in_play().contains(id))
        .map(|id| id.to_string())
        .collect();
    let lost = set
        .iter()
        .any(|id| state.building_at(id).is_some_and(|(p, _)| p != seat));
    let note = if !out.is_empty() {
        format!("  (never: {} out of play)", out.join(" "))
    } else if lost {
        "  (lost: another seat built there)".to_string()
    } else if set.iter().all(|id| state.building_at(id).is_some()) {
        "  (scored)".to_string()
    } else {
        String::new()
    };
    format!("{}{note}", ids.join(" "))
}

/// The neighborhoods touched by any of `features` (statues or lakes).
fn union(features: &[board::Feature]) -> NeighborhoodSet {
    NeighborhoodSet(features.iter().fold(0, |m, f| m | f.neighborhoods.0))
}

/// The neighborhoods at either end of a bridge.
fn bridge_ends() -> NeighborhoodSet {
    board::bridges().iter().flatten().copied().collect()
}

/// The neighborhoods of `kind`.
fn of_kind(kind: Kind) -> NeighborhoodSet {
    (0..metropolys_core::NEIGHBORHOOD_COUNT as NeighborhoodId)
        .filter(|&id| board::kind(id) == Some(kind))
        .collect()
}

/// The districts in play.
fn districts_in_play(state: &State) -> Vec<District> {
    District::ALL
        .iter()
        .copied()
        .filter(|&d| board::in_district(d).0 & state.in_play().0 != 0)
        .collect()
}

/// One line per statue or lake touching a district in play, as `line`
/// writes it.
fn features(
    s: &mut String,
    state: &State,
    all: &[board::Feature],
    line: impl Fn(&board::Feature) -> String,
) {
    let in_play = state.in_play().0;
    for f in all.iter().filter(|f| f.neighborhoods.0 & in_play != 0) {
        let _ = writeln!(s, "    {}", line(f));
    }
}

/// The area card, where it scores.
fn area_text(state: &State, seat: Seat, area: Area) -> String {
    let variant = state.variant();
    let points = area_points(variant, area);
    let mut s = String::new();
    if variant == Variant::Family || area == Area::Border {
        let (set, what) = match area {
            Area::Bridges => (bridge_ends(), "at an end of a bridge"),
            Area::Statues => (union(board::statues()), "touching a statue"),
            Area::Lakes => (union(board::lakes()), "on the shore of a lake"),
            _ => (board::border(), "on the city's border"),
        };
        let _ = writeln!(
            s,
            "  {area} card: {points:+} for each of your buildings {what}:\n    {}",
            marks(state, seat, set)
        );
        return s;
    }
    match area {
        Area::Bridges => {
            let _ = writeln!(
                s,
                "  bridges card: {points:+} per bridge with your buildings at both ends\n    \
                 (a building counts for one bridge, R-19):"
            );
            let pairs: Vec<String> = board::bridges()
                .iter()
                .filter(|b| b.iter().all(|&id| state.in_play().contains(id)))
                .map(|b| format!("{}-{}", mark(state, seat, b[0]), mark(state, seat, b[1])))
                .collect();
            for row in pairs.chunks(8) {
                let _ = writeln!(s, "    {}", row.join("  "));
            }
        }
        Area::Statues => {
            let _ = writeln!(
                s,
                "  statues card: {points:+} per statue whose three neighborhoods all hold\n    \
                 your buildings (a building serves one statue, R-19):"
            );
            features(&mut s, state, board::statues(), |f| {
                format!(
                    "statue {:>2}: {}",
                    f.id,
                    whole_group(state, seat, f.neighborhoods)
                )
            });
        }
        Area::Lakes => {
            let _ = writeln!(
                s,
                "  lakes card: {points:+} per lake with three of your buildings on its shore\n    \
                 (a building serves one lake, R-19):"
            );
            features(&mut s, state, board::lakes(), |f| {
                format!("lake {}: {}", f.id, marks(state, seat, f.neighborhoods))
            });
        }
        Area::Districts => {
            let _ = writeln!(
                s,
                "  districts card: {points:+} per district where you have three or more\n    \
                 buildings (R-19); yours now:"
            );
            let counts: Vec<String> = districts_in_play(state)
                .iter()
                .map(|&d| {
                    let mine = board::in_district(d).0 & state.constructed(seat).0;
                    format!("{d} {}", mine.count_ones())
                })
                .collect();
            let _ = writeln!(s, "    {}", counts.join(", "));
        }
        Area::Chains => {
            let _ = writeln!(
                s,
                "  chains card: {points:+} per chain, three of your buildings connected\n    \
                 through adjacency (bridges included; a building in one chain, R-19);\n    \
                 your buildings and their free neighbors:"
            );
            for id in state.constructed(seat).iter() {
                let free = NeighborhoodSet(board::neighbors(id).0 & state.free().0);
                let _ = writeln!(s, "    {id}: {}", marks(state, seat, free));
            }
            if state.constructed(seat).is_empty() {
                let _ = writeln!(s, "    (none yet)");
            }
        }
        Area::Border => {}
    }
    s
}

/// Where the secret cards of `seat` score, for the person playing it:
/// the area card, the Expert neighborhood card, the Metropolys card, and
/// what they score as the position stands.
pub fn map_text(state: &State, seat: Seat) -> String {
    let mut s = format!(
        "\nWhere your cards score ({}); `12*` holds your building, `12x` another\n\
         seat's, and districts out of play are left out.\n",
        seat_name(seat)
    );
    if let Some(o) = state.objective(seat) {
        s.push_str(&area_text(state, seat, o.area));
        if let Some(kind) = o.neighborhood {
            let _ = writeln!(
                s,
                "  {kind} card: {NEIGHBORHOOD_CARD_POINTS:+} for each of your buildings on a\n    \
                 {kind} neighborhood:\n    {}",
                marks(state, seat, of_kind(kind))
            );
        }
    }
    if let Some(card) = state.metropolys_card(seat) {
        let _ = writeln!(
            s,
            "  Metropolys card {}/{}/{}: {METROPOLYS_GROUP_POINTS:+} per group of three of\n    \
             your buildings in one district, one on each kind (§9):",
            card[0], card[1], card[2]
        );
        for d in districts_in_play(state) {
            let parts: Vec<String> = card
                .iter()
                .map(|&k| {
                    let set = NeighborhoodSet(board::in_district(d).0 & of_kind(k).0);
                    format!("{k} {}", marks(state, seat, set))
                })
                .collect();
            let _ = writeln!(s, "    {d:<7} {}", parts.join("; "));
        }
    }
    let sheet = &state.scores()[seat as usize];
    let mut now = vec![format!("area card {}", sheet.area)];
    if state.objective(seat).and_then(|o| o.neighborhood).is_some() {
        now.push(format!("neighborhood card {}", sheet.neighborhood));
    }
    if state.uses_metropolys_cards() {
        now.push(format!("Metropolys card {}", sheet.metropolys));
    }
    let _ = writeln!(s, "As the position stands: {}.", now.join(", "));
    s
}

/// The building numbers of each size: `small 1-5, medium 6-9, tall 10-13`.
fn sizes_text() -> String {
    Size::ALL
        .iter()
        .map(|&size| {
            let numbers: Vec<u8> = (1..=BUILDINGS_PER_PLAYER)
                .filter(|&n| Size::of(n) == size)
                .collect();
            match (numbers.first(), numbers.last()) {
                (Some(a), Some(b)) => format!("{size} {a}-{b}"),
                _ => size.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The scoring in words, for `help`: the parts of the variant and module
/// being played, with core's points.
pub fn scoring_text(state: &State) -> String {
    let variant = state.variant();
    let mut s = format!(
        "Scoring (at the end, R-17): each trendy token {:+}, subway token {:+},\n\
         archaeological token {:+}; the subway card {:+} (R-14), the archaeological\n\
         card {:+} (R-15).\n",
        Token::Trendy.points(),
        Token::Subway.points(),
        Token::Archaeology.points(),
        Card::Subway.points(),
        Card::Archaeology.points(),
    );
    match variant {
        Variant::Family => {
            let _ = writeln!(
                s,
                "Your area card: {:+} for each of your buildings on its area (bridges: at a\n\
                 bridge's end; statues: touching a statue; lakes: on a lake's shore;\n\
                 border: on the city's edge).",
                area_points(variant, Area::Bridges)
            );
        }
        Variant::Expert => {
            let p = |a| area_points(variant, a);
            let _ = writeln!(
                s,
                "Your area card (R-19; a building counts once on it): bridges {:+} per bridge\n\
                 with yours at both ends; statues {:+} per statue with yours on all three\n\
                 neighborhoods; lakes {:+} per lake with three of yours on its shore;\n\
                 districts {:+} per district holding three or more of yours; chains {:+} per\n\
                 three of yours connected through adjacency.",
                p(Area::Bridges),
                p(Area::Statues),
                p(Area::Lakes),
                p(Area::Districts),
                p(Area::Chains)
            );
            if !state.uses_metropolys_cards() {
                let _ = writeln!(
                    s,
                    "Your neighborhood card: {NEIGHBORHOOD_CARD_POINTS:+} per building of yours on its kind.\n\
                     Highest building: {HIGHEST_BUILDING_POINTS:+} per district where your buildings stand\n\
                     tallest (R-18; sizes: {}).",
                    sizes_text()
                );
            }
        }
    }
    if state.uses_metropolys_cards() {
        let _ = writeln!(
            s,
            "Your Metropolys card: {METROPOLYS_GROUP_POINTS:+} per group of three of your buildings in\n\
             one district on its three kinds (§9)."
        );
    }
    s.push_str(
        "Most prestige wins; a tie goes to the most buildings, then the victory is\n\
         shared (R-20). `map` shows where your own cards score.\n",
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::{Config, Objective};

    fn with_objective(variant: Variant, area: Area, kind: Option<Kind>) -> State {
        let mut config = Config::new(3, variant, 5);
        config.objectives = Some(vec![
            Objective {
                neighborhood: kind,
                area,
            },
            Objective {
                neighborhood: kind.map(|_| Kind::Mall),
                area: Area::Lakes,
            },
            Objective {
                neighborhood: kind.map(|_| Kind::Industry),
                area: Area::Bridges,
            },
        ]);
        State::new(&config).unwrap()
    }

    #[test]
    fn the_statues_card_lists_each_statues_neighborhoods() {
        let s = with_objective(Variant::Expert, Area::Statues, Some(Kind::Park));
        let text = map_text(&s, 0);
        assert!(text.contains("statues card: +7 per statue"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        for f in board::statues()
            .iter()
            .filter(|f| f.neighborhoods.iter().any(|i| s.in_play().contains(i)))
        {
            let ids: Vec<String> = f.neighborhoods.iter().map(|i| i.to_string()).collect();
            assert!(text.contains(&ids.join(" ")), "statue {}: {text}", f.id);
        }
        assert!(text.contains("park card: +2"), "{text}");
        // Never another seat's cards.
        assert!(
            !text.contains("lakes card") && !text.contains("mall card"),
            "{text}"
        );
    }

    #[test]
    fn the_family_cards_list_the_qualifying_neighborhoods_in_play() {
        let s = with_objective(Variant::Family, Area::Statues, None);
        let text = map_text(&s, 0);
        let line = text
            .lines()
            .skip_while(|l| !l.contains("statues card"))
            .nth(1)
            .unwrap();
        let listed: Vec<NeighborhoodId> = line
            .split_whitespace()
            .map(|w| w.trim_end_matches(['*', 'x']).parse().unwrap())
            .collect();
        let want: Vec<NeighborhoodId> = union(board::statues())
            .iter()
            .filter(|&i| s.in_play().contains(i))
            .collect();
        assert_eq!(listed, want, "{text}");
        assert!(text.contains("+3 for each of your buildings touching a statue"));
    }

    #[test]
    fn built_neighborhoods_are_marked() {
        let mut s = with_objective(Variant::Family, Area::Border, None);
        let mut rng = metropolys_core::rng::SplitMix64::new(1);
        let built_on_border = |s: &State, mine: bool| {
            board::border()
                .iter()
                .any(|i| s.building_at(i).is_some_and(|(p, _)| (p == 0) == mine))
        };
        while !(built_on_border(&s, true) && built_on_border(&s, false)) {
            s = s.play(s.random_action(&mut rng).unwrap()).unwrap();
        }
        let text = map_text(&s, 0);
        for id in board::border().iter() {
            let want = match s.building_at(id) {
                Some((0, _)) => format!(" {id}*"),
                Some(_) => format!(" {id}x"),
                None => continue,
            };
            assert!(text.contains(&want), "{want}: {text}");
        }
    }

    #[test]
    fn the_scoring_text_has_cores_points() {
        let s = with_objective(Variant::Expert, Area::Chains, Some(Kind::Park));
        let text = scoring_text(&s);
        assert!(text.contains("statues +7 per statue"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(text.contains("card -2 (R-15)"), "{text}");
        assert!(text.contains("Highest building: +5"), "{text}");
        assert!(text.contains("small 1-5, medium 6-9, tall 10-13"), "{text}");
        let f = scoring_text(&with_objective(Variant::Family, Area::Border, None));
        assert!(f.contains("+3 for each of your buildings") && !f.contains("Highest"));
    }
}
