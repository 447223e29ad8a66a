//! The readable account of a game: a header, one paragraph per call, and the
//! score sheet as a table. Shared by `play`, `replay` and the HTML replay.

use metropolys_core::svg::PLAYER_COLOR_NAMES;
use metropolys_core::{
    board, Config, Event, NeighborhoodId, ScoreSheet, Seat, Size, State, Token, Variant,
};
use std::fmt::Write as _;

/// A seat's colour name (blue, red, white, gray; R-1 seat order).
pub fn seat_name(seat: Seat) -> &'static str {
    PLAYER_COLOR_NAMES[seat as usize % 4]
}

/// `12 (center mall)`.
pub fn place(id: NeighborhoodId) -> String {
    match (board::district(id), board::kind(id)) {
        (Some(d), Some(k)) => format!("{id} ({d} {k})"),
        _ => id.to_string(),
    }
}

/// One call as told: its number, its title and its lines.
#[derive(Debug, Clone)]
pub struct CallLog {
    /// The call number, from 1.
    pub call: u16,
    /// The title line (`Call 3 · red opens`).
    pub title: String,
    /// What happened, one line each.
    pub lines: Vec<String>,
}

/// Turns events into per-call logs.
pub struct Narrator {
    variant: Variant,
    calls: Vec<CallLog>,
    current: Option<CallLog>,
    returned: Vec<String>,
    /// The line that ends the game, once it ended.
    pub ending: Option<String>,
    /// One mark per decision told (every bid and pass, forced passes
    /// included): the index of its call among the calls told, and the
    /// number of that call's lines once the decision's line was added.
    pub marks: Vec<(usize, usize)>,
}

impl Narrator {
    /// A narrator for a game that starts at `initial`.
    pub fn new(initial: &State) -> Narrator {
        let mut n = Narrator {
            variant: initial.variant(),
            calls: Vec::new(),
            current: None,
            returned: Vec::new(),
            ending: None,
            marks: Vec::new(),
        };
        n.feed(&initial.opening_events(), initial);
        n
    }

    fn open(&mut self, call: u16, player: Seat) {
        self.current = Some(CallLog {
            call,
            title: format!("Call {call} · {} opens", seat_name(player)),
            lines: Vec::new(),
        });
    }

    fn line(&mut self, text: String) {
        if let Some(c) = &mut self.current {
            c.lines.push(text);
        }
    }

    /// Marks the line just told as a decision's.
    fn mark(&mut self) {
        if let Some(c) = &self.current {
            self.marks.push((self.calls.len(), c.lines.len()));
        }
    }

    fn flush_returned(&mut self) {
        if !self.returned.is_empty() {
            let text = format!("    back to supply: {}", self.returned.join(", "));
            self.returned.clear();
            self.line(text);
        }
    }

    fn close(&mut self) {
        self.flush_returned();
        if let Some(c) = self.current.take() {
            self.calls.push(c);
        }
    }

    fn building(&self, building: u8) -> String {
        match self.variant {
            Variant::Family => format!("{building:>2}"),
            Variant::Expert => format!("{building:>2} ({})", Size::of(building)),
        }
    }

    /// Takes the events of one transition and the state it led to.
    pub fn feed(&mut self, events: &[Event], after: &State) {
        for e in events {
            match e {
                Event::CallStarted { call, player } => {
                    self.close();
                    self.open(*call, *player);
                }
                Event::BidPlaced {
                    player,
                    neighborhood,
                    building,
                } => {
                    let text = format!(
                        "  {:<6} bids   {} on {}",
                        seat_name(*player),
                        self.building(*building),
                        place(*neighborhood)
                    );
                    self.line(text);
                    self.mark();
                }
                Event::Passed { player, forced } => {
                    let text = format!(
                        "  {:<6} passes{}",
                        seat_name(*player),
                        if *forced { " (forced, R-11)" } else { "" }
                    );
                    self.line(text);
                    self.mark();
                }
                Event::Constructed {
                    player,
                    neighborhood,
                    building,
                    ..
                } => {
                    let summary = format!(
                        "{} builds {} on {}",
                        seat_name(*player),
                        self.building(*building).trim_start(),
                        place(*neighborhood)
                    );
                    self.line(format!("  => {summary}"));
                }
                Event::BidReturned {
                    player,
                    neighborhood,
                    building,
                } => self.returned.push(format!(
                    "{} {} (from {neighborhood})",
                    seat_name(*player),
                    building
                )),
                Event::TokenTaken { player, token, .. } => {
                    self.flush_returned();
                    let text = format!(
                        "    {} takes the {token} token ({:+})",
                        seat_name(*player),
                        token.points()
                    );
                    self.line(text);
                }
                Event::CardTaken { player, card, from } => {
                    self.flush_returned();
                    let source = match from {
                        Some(p) => format!("from {}", seat_name(*p)),
                        None => "from the supply".into(),
                    };
                    let text = format!("    {} takes the {card} card {source}", seat_name(*player));
                    self.line(text);
                }
                Event::GameEnded { .. } => {
                    self.close();
                    self.ending = Some(format!(
                        "Game over after {} calls: a player has built all 13 buildings (R-17).",
                        after.call_number()
                    ));
                }
            }
        }
        self.flush_returned();
    }

    /// The calls told so far, the unfinished one last (if it has any bid).
    pub fn finish(mut self) -> (Vec<CallLog>, Option<String>) {
        if let Some(c) = self.current.take() {
            if !c.lines.is_empty() {
                self.calls.push(c);
            }
        }
        (self.calls, self.ending)
    }
}

/// The header: configuration and setup.
pub fn header(config: &Config, initial: &State, source: &str) -> String {
    let mut s = String::new();
    let variant = match config.variant {
        Variant::Family => "Family",
        Variant::Expert => "Expert",
    };
    let _ = writeln!(
        s,
        "Metropolys · {variant} game · {} players · {source}",
        config.players
    );
    let seats: Vec<String> = (0..initial.players())
        .map(|p| format!("{p} {}", seat_name(p)))
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
        let ids: Vec<String> = (0..55u8)
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
    let mut parts = Vec::new();
    if let Some(o) = state.objective(seat) {
        if let Some(k) = o.neighborhood {
            parts.push(format!("{k} card"));
        }
        parts.push(format!("{} card", o.area));
    }
    if let Some(card) = state.metropolys_card(seat) {
        parts.push(format!(
            "Metropolys card {}/{}/{}",
            card[0], card[1], card[2]
        ));
    }
    parts.join(", ")
}

/// The score sheet as a table, the winners, and the area groups.
pub fn score_table(state: &State) -> String {
    let scores = state.scores();
    let winners = state.winners();
    let expert = state.variant() == Variant::Expert;
    let metropolys = state.uses_metropolys_cards();
    let mut s = String::new();
    let title = if state.is_over() {
        "Final score"
    } else {
        "Score as the position stands"
    };
    let _ = write!(s, "{title:<24}");
    for p in 0..state.players() {
        let _ = write!(s, "{:>8}", seat_name(p));
    }
    s.push('\n');
    type Field = fn(&ScoreSheet) -> i32;
    let mut rows: Vec<(&str, Field)> = vec![
        ("trendy tokens", |x| x.trendy),
        ("subway tokens", |x| x.subway),
        ("subway card", |x| x.subway_card),
        ("archaeology tokens", |x| x.archaeology),
        ("archaeology card", |x| x.archaeology_card),
        ("area card", |x| x.area),
    ];
    if expert && !metropolys {
        rows.push(("neighborhood card", |x| x.neighborhood));
        rows.push(("highest buildings", |x| x.highest_building));
    }
    if metropolys {
        rows.push(("Metropolys card", |x| x.metropolys));
    }
    for (name, f) in rows {
        let _ = write!(s, "  {name:<22}");
        for sheet in &scores {
            let _ = write!(s, "{:>8}", f(sheet));
        }
        s.push('\n');
    }
    let _ = writeln!(s, "  {}", "-".repeat(22 + 8 * scores.len()));
    let _ = write!(s, "  {:<22}", "total");
    for sheet in &scores {
        let _ = write!(s, "{:>8}", sheet.total);
    }
    s.push('\n');
    let _ = write!(s, "  {:<22}", "buildings built");
    for sheet in &scores {
        let _ = write!(s, "{:>8}", sheet.constructed);
    }
    s.push('\n');
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
    let names: Vec<&str> = winners.iter().map(|&w| seat_name(w)).collect();
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
