//! `map` at the prompt: where the person's own secret cards score (R-21:
//! never an opponent's), and the scoring in words for `help`. The
//! neighborhoods where a card scores are core's (`scoring::where_scores`),
//! the words core's (`explain`); this module lays them out for the
//! terminal, marking what stands where.

use crate::narrate::seat_name;
use metropolys_core::explain::{card_label, card_text, categories, scoring_rules};
use metropolys_core::scoring::where_scores;
use metropolys_core::sheet::Basis;
use metropolys_core::{
    board, board::NeighborhoodSet, Area, District, NeighborhoodId, Seat, SecretCard, State, Variant,
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

/// A group that needs all its neighborhoods (an Expert statue): its
/// marks, or why it can never score.
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

/// Where an Expert area card scores, group by group (the Family cards,
/// and the Border card, count each building on their area: `where_scores`
/// lists them).
fn expert_groups(s: &mut String, state: &State, seat: Seat, area: Area, set: NeighborhoodSet) {
    match area {
        Area::Bridges => {
            let pairs: Vec<String> = board::bridges()
                .iter()
                .filter(|b| b.iter().all(|&id| set.contains(id)))
                .map(|b| format!("{}-{}", mark(state, seat, b[0]), mark(state, seat, b[1])))
                .collect();
            for row in pairs.chunks(8) {
                let _ = writeln!(s, "    {}", row.join("  "));
            }
        }
        Area::Statues => features(s, state, board::statues(), |f| {
            format!(
                "statue {:>2}: {}",
                f.id,
                whole_group(state, seat, f.neighborhoods)
            )
        }),
        Area::Lakes => features(s, state, board::lakes(), |f| {
            format!("lake {}: {}", f.id, marks(state, seat, f.neighborhoods))
        }),
        Area::Districts => {
            let counts: Vec<String> = districts_in_play(state)
                .iter()
                .map(|&d| {
                    let mine = board::in_district(d).0 & state.constructed(seat).0;
                    format!("{d} {}", mine.count_ones())
                })
                .collect();
            let _ = writeln!(s, "    yours now: {}", counts.join(", "));
        }
        Area::Chains => {
            let _ = writeln!(s, "    your buildings and their free neighbors:");
            for id in state.constructed(seat).iter() {
                let free = NeighborhoodSet(board::neighbors(id).0 & state.free().0);
                let _ = writeln!(s, "    {id}: {}", marks(state, seat, free));
            }
            if state.constructed(seat).is_empty() {
                let _ = writeln!(s, "    (none yet)");
            }
        }
        Area::Border => {
            let _ = writeln!(s, "    {}", marks(state, seat, set));
        }
    }
}

/// Where the secret cards of `seat` score, for the person playing it:
/// each card (the area card, the Expert neighborhood card, the Metropolys
/// card) in core's words with the neighborhoods core says it scores on,
/// and what they score as the position stands.
pub fn map_text(state: &State, seat: Seat) -> String {
    let mut s = format!(
        "\nWhere your cards score ({}); `12*` holds your building, `12x` another\n\
         seat's, and districts out of play are left out.\n",
        seat_name(seat)
    );
    let variant = state.variant();
    for card in SecretCard::of(state.objective(seat), state.metropolys_card(seat)) {
        let set = where_scores(variant, card, state.in_play());
        let _ = writeln!(s, "  {}: {}.", card_label(card), card_text(variant, card));
        match card {
            SecretCard::Area(area) if variant == Variant::Expert => {
                expert_groups(&mut s, state, seat, area, set);
            }
            SecretCard::Metropolys(kinds) => {
                for d in districts_in_play(state) {
                    let parts: Vec<String> = kinds
                        .iter()
                        .map(|&k| {
                            let here = board::in_district(d).0 & board::of_kind(k).0 & set.0;
                            format!("{k} {}", marks(state, seat, NeighborhoodSet(here)))
                        })
                        .collect();
                    let _ = writeln!(s, "    {d:<7} {}", parts.join("; "));
                }
            }
            SecretCard::Area(_) | SecretCard::Neighborhood(_) => {
                let _ = writeln!(s, "    {}", marks(state, seat, set));
            }
        }
    }
    // The categories of the secret cards of the game played, with core's
    // labels.
    let sheet = &state.scores()[seat as usize];
    let now: Vec<String> = categories(variant, state.uses_metropolys_cards())
        .iter()
        .filter(|c| c.basis == Basis::Secret)
        .map(|c| format!("{} {}", c.label, sheet.value(c.name).unwrap_or_default()))
        .collect();
    let _ = writeln!(s, "As the position stands: {}.", now.join(", "));
    s
}

/// The scoring in words, for `help`: core's lines for the variant and
/// module being played, one per rule.
pub fn scoring_text(state: &State) -> String {
    let mut s = String::from("Scoring, at the end of the game (R-17):\n");
    for rule in scoring_rules(state.variant(), state.uses_metropolys_cards()) {
        let _ = writeln!(s, "  {}: {}.", rule.label, rule.text);
    }
    s.push_str("`map` shows where your own cards score.\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::style::Style;
    use metropolys_core::{Config, Kind, Objective};

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

    /// The text as the terminal prints it: wrapped to 80 columns.
    fn printed(text: &str) -> String {
        let out = Style::plain().render(text);
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
        out
    }

    #[test]
    fn the_statues_card_lists_each_statues_neighborhoods() {
        let s = with_objective(Variant::Expert, Area::Statues, Some(Kind::Park));
        let text = map_text(&s, 0);
        printed(&text);
        assert!(text.contains("Statues card: +7 per statue"), "{text}");
        for f in board::statues()
            .iter()
            .filter(|f| f.neighborhoods.iter().any(|i| s.in_play().contains(i)))
        {
            let ids: Vec<String> = f.neighborhoods.iter().map(|i| i.to_string()).collect();
            assert!(text.contains(&ids.join(" ")), "statue {}: {text}", f.id);
        }
        assert!(text.contains("Park neighborhood card: +2"), "{text}");
        // Never another seat's cards.
        assert!(
            !text.contains("Lakes card") && !text.contains("Mall neighborhood card"),
            "{text}"
        );
    }

    #[test]
    fn the_family_cards_list_the_qualifying_neighborhoods_in_play() {
        let s = with_objective(Variant::Family, Area::Statues, None);
        let text = map_text(&s, 0);
        let line = text
            .lines()
            .skip_while(|l| !l.contains("Statues card"))
            .nth(1)
            .unwrap();
        let listed: Vec<NeighborhoodId> = line
            .split_whitespace()
            .map(|w| w.trim_end_matches(['*', 'x']).parse().unwrap())
            .collect();
        let touching = board::statues()
            .iter()
            .fold(0, |m, f| m | f.neighborhoods.0);
        let want: Vec<NeighborhoodId> = NeighborhoodSet(touching & s.in_play().0).iter().collect();
        assert_eq!(listed, want, "{text}");
        assert!(text.contains("+3 for each of your buildings touching a statue"));
    }

    /// The map lists core's neighborhoods for each card of the seat, in
    /// core's words (explain): under each card's line, exactly the
    /// neighborhoods where core says it scores (R-2: none out of play).
    #[test]
    fn every_card_is_core_s_words_and_neighborhoods() {
        let mut config = Config::new(2, Variant::Expert, 9);
        let area = |area| Objective {
            neighborhood: None,
            area,
        };
        config.objectives = Some(vec![area(Area::Lakes), area(Area::Bridges)]);
        config.metropolys_cards = Some(metropolys_core::METROPOLYS_CARDS[3..5].to_vec());
        let s = State::new(&config).unwrap();
        let text = map_text(&s, 1);
        let cards = SecretCard::of(s.objective(1), s.metropolys_card(1));
        assert_eq!(cards.len(), 2);
        for card in cards {
            let heading = format!(
                "  {}: {}.",
                card_label(card),
                card_text(Variant::Expert, card)
            );
            let below = &text[text.find(&heading).expect(&heading) + heading.len()..];
            let section: String = below
                .lines()
                .take_while(|l| l.is_empty() || l.starts_with("    "))
                .map(|l| l.split_once(' ').map_or(l, |(_, rest)| rest))
                .collect::<Vec<_>>()
                .join(" ");
            let listed: NeighborhoodSet = section
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse().ok())
                .collect();
            let set = where_scores(Variant::Expert, card, s.in_play());
            assert_eq!(listed, set, "{heading}\n{section}");
            assert_eq!(set.0 & !s.in_play().0, 0);
        }
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

    /// `help` prints core's scoring rules, every one and in core's words
    /// (R-18's sizes, R-15's points, R-20's winner among them).
    #[test]
    fn the_scoring_text_is_cores() {
        let s = with_objective(Variant::Expert, Area::Chains, Some(Kind::Park));
        let text = scoring_text(&s);
        printed(&text);
        for rule in scoring_rules(Variant::Expert, false) {
            assert!(text.contains(&format!("  {}: {}.\n", rule.label, rule.text)));
        }
        assert!(text.contains("Statues card: +7 per statue"), "{text}");
        assert!(
            text.contains("Archaeological card: -2 to its holder"),
            "{text}"
        );
        assert!(text.contains("Highest building: +5"), "{text}");
        assert!(text.contains("small 1-5, medium 6-9, tall 10-13"), "{text}");
        assert!(text.contains("(R-20)"), "{text}");
        let f = scoring_text(&with_objective(Variant::Family, Area::Border, None));
        assert!(f.contains("+3 for each of your buildings") && !f.contains("Highest"));
    }
}
