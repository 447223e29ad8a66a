//! The readable account of a game: a header, one paragraph per call (told
//! by [`crate::narrate::Narrator`]), and the score sheet as a table. Shared
//! by `play`, `replay` and the HTML replay.

use crate::narrate::{seat_name, texts, variant_name, CallLog};
use metropolys_core::explain::categories;
use metropolys_core::sheet::Basis;
use metropolys_core::{
    Config, NeighborhoodId, Record, Seat, SeatPlayer, SecretCard, State, Token, NEIGHBORHOOD_COUNT,
};
use std::fmt::Write as _;

/// The header and every call, one paragraph each.
pub fn tell(head: &str, calls: &[CallLog]) -> String {
    let mut s = String::from(head);
    for c in calls {
        s.push('\n');
        s.push_str(&c.title);
        s.push('\n');
        for l in &c.lines {
            s.push_str("  ");
            s.push_str(l);
            s.push('\n');
        }
    }
    s
}

/// Who played each seat, as the header, the account and the HTML legend
/// name them (`human`, `human (Ada)`, `ismcts:{"iterations":500}`); empty
/// when the record does not say.
pub fn players(record: &Record) -> Vec<String> {
    record
        .seats
        .iter()
        .flatten()
        .map(|s: &SeatPlayer| match &s.name {
            Some(name) => format!("{s} ({name})"),
            None => s.to_string(),
        })
        .collect()
}

/// The header: configuration and setup, and who played each seat when
/// `who` says (one entry per seat, or none).
pub fn header(config: &Config, initial: &State, source: &str, who: &[String]) -> String {
    let mut s = String::new();
    let variant = variant_name(config.variant);
    let _ = writeln!(
        s,
        "Metropolys · {variant} · {} players · {source}",
        config.players
    );
    let seats: Vec<String> = (0..initial.players())
        .map(|p| match who.get(p as usize) {
            Some(w) => format!("{p} {} ({w})", seat_name(p)),
            None => format!("{p} {}", seat_name(p)),
        })
        .collect();
    let _ = writeln!(s, "  seats:               {}", seats.join(", "));
    let _ = writeln!(
        s,
        "  start player:        {}",
        seat_name(initial.to_act().unwrap_or(0))
    );
    let out = initial.out_of_play();
    let _ = writeln!(
        s,
        "  out of play:         {}",
        if out.is_empty() {
            "none".to_string()
        } else {
            out.iter().map(|d| d.name()).collect::<Vec<_>>().join(", ")
        }
    );
    for t in Token::ALL {
        let ids: Vec<String> = (0..NEIGHBORHOOD_COUNT as u8)
            .filter(|&i| initial.token_at(i) == Some(*t))
            .map(|i| i.to_string())
            .collect();
        let _ = writeln!(s, "  {:<20} {}", format!("{t} tokens:"), ids.join(" "));
    }
    for p in 0..initial.players() {
        let _ = writeln!(
            s,
            "  {:<20} {}",
            format!("{} holds:", seat_name(p)),
            objectives_of(initial, p)
        );
    }
    s
}

/// A seat's secret cards in words (`park card, chains card`).
pub fn objectives_of(state: &State, seat: Seat) -> String {
    SecretCard::of(state.objective(seat), state.metropolys_card(seat))
        .into_iter()
        .map(|c| texts().secret_card(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The score sheet as a table (the categories of the game played, with
/// core's labels), the winners, and the area groups.
pub fn score_table(state: &State) -> String {
    let scores = state.scores();
    let winners = state.winners();
    let mut s = String::new();
    let rows = categories(state.variant(), state.uses_metropolys_cards());
    let labels: Vec<String> = rows.iter().map(|i| texts().category(i.name)).collect();
    let width = labels
        .iter()
        .map(|l| l.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(22);
    let title = if state.is_over() {
        "Final score"
    } else {
        "Score as the position stands"
    };
    let _ = write!(s, "{title:<w$}", w = width + 2);
    for p in 0..state.players() {
        let _ = write!(s, "{:>8}", seat_name(p));
    }
    s.push('\n');
    // The categories of the game played (core's labels), the total and
    // the buildings constructed below a rule.
    for (info, label) in rows.iter().zip(&labels) {
        if info.basis == Basis::Total {
            let _ = writeln!(s, "  {}", "-".repeat(width + 8 * scores.len()));
        }
        let _ = write!(s, "  {label:<width$}");
        for sheet in &scores {
            let _ = write!(s, "{:>8}", sheet.value(info.name).unwrap_or_default());
        }
        s.push('\n');
    }
    s.push('\n');
    for sheet in &scores {
        let p = sheet.player;
        let mut why = Vec::new();
        if let Some(o) = state.objective(p) {
            if !sheet.area_groups.is_empty() {
                why.push(format!("{}: {}", o.area, groups(&sheet.area_groups)));
            }
            if let (Some(k), true) = (o.neighborhood, sheet.neighborhood > 0) {
                why.push(format!("{k}: {} building(s)", sheet.neighborhood / 2));
            }
        }
        if !sheet.highest_building_districts.is_empty() {
            why.push(format!(
                "highest in {}",
                sheet
                    .highest_building_districts
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !sheet.metropolys_groups.is_empty() {
            why.push(format!("Metropolys: {}", groups(&sheet.metropolys_groups)));
        }
        let _ = writeln!(
            s,
            "  {:<6} {}",
            seat_name(p),
            if why.is_empty() {
                "no objective scored".to_string()
            } else {
                why.join("; ")
            }
        );
    }
    s.push('\n');
    let best = winners
        .first()
        .map(|&w| scores[w as usize].total)
        .unwrap_or(0);
    let names: Vec<String> = winners.iter().map(|&w| seat_name(w)).collect();
    let verb = if state.is_over() { "" } else { " so far" };
    if names.len() == 1 {
        let _ = writeln!(s, "Winner{verb}: {} with {best} prestige.", names[0]);
    } else {
        let _ = writeln!(
            s,
            "Shared victory{verb} (R-20): {} with {best} prestige and {} buildings each.",
            names.join(" and "),
            winners
                .first()
                .map(|&w| scores[w as usize].constructed)
                .unwrap_or(0)
        );
    }
    s
}

fn groups(g: &[Vec<NeighborhoodId>]) -> String {
    g.iter()
        .map(|grp| {
            format!(
                "{{{}}}",
                grp.iter()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}
