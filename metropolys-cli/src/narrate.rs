//! The one narrator of a game's events, and the words it is told with:
//! seats by colour, neighborhoods by district and kind, buildings (with
//! their size in the Expert game), token points.
//!
//! [`Narrator`] walks the events of each transition once, whoever listens:
//! `play` and `replay` tell the calls as an account ([`Voice::Account`],
//! aligned columns, one paragraph per call, also beside the HTML replay's
//! board); a game at the terminal tells them as they happen
//! ([`Voice::Table`], sentences naming who plays each seat).

use metropolys_core::svg::PLAYER_COLOR_NAMES;
use metropolys_core::{board, Card, Event, NeighborhoodId, Seat, Size, State, Token, Variant};

/// A seat's colour name (core's `svg::PLAYER_COLOR_NAMES`: blue, brown,
/// white, black; R-1 seat order).
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

/// `Family` or `Expert`, as titles name the game.
pub fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Family => "Family",
        Variant::Expert => "Expert",
    }
}

/// A building number, right-aligned to `width`, with its size in the
/// Expert game: ` 7 (medium)`.
pub fn building_text(variant: Variant, number: u8, width: usize) -> String {
    match variant {
        Variant::Family => format!("{number:>width$}"),
        Variant::Expert => format!("{number:>width$} ({})", Size::of(number)),
    }
}

/// The line that ends a game of `calls` calls.
pub fn game_over(calls: u16) -> String {
    format!("Game over after {calls} calls: a player has built all 13 buildings (R-17).")
}

/// How the narrator speaks.
#[derive(Debug, Clone)]
pub enum Voice {
    /// The account of `play`, `replay` and the HTML replay: aligned
    /// columns, token points, the bids going back told before the tokens
    /// and cards taken.
    Account,
    /// A game at the terminal: sentences, each seat named with who plays
    /// it (`brown (ismcts)`), one name per seat; the bids going back told
    /// once the call's tokens and cards are.
    Table(Vec<String>),
}

impl Voice {
    fn who(&self, seat: Seat) -> String {
        match self {
            Voice::Account => seat_name(seat).to_string(),
            Voice::Table(names) => format!(
                "{} ({})",
                seat_name(seat),
                names.get(seat as usize).map_or("?", String::as_str)
            ),
        }
    }

    fn title(&self, call: u16, opener: Seat) -> String {
        match self {
            Voice::Account => format!("Call {call} · {} opens", seat_name(opener)),
            Voice::Table(_) => format!("Call {call}: {} opens.", self.who(opener)),
        }
    }

    fn bid(&self, variant: Variant, seat: Seat, at: NeighborhoodId, number: u8) -> String {
        match self {
            Voice::Account => format!(
                "  {:<6} bids   {} on {}",
                seat_name(seat),
                building_text(variant, number, 2),
                place(at)
            ),
            Voice::Table(_) => format!(
                "{} bids {} on {}.",
                self.who(seat),
                building_text(variant, number, 0),
                place(at)
            ),
        }
    }

    fn pass(&self, seat: Seat, forced: bool) -> String {
        match (self, forced) {
            (Voice::Account, _) => format!(
                "  {:<6} passes{}",
                seat_name(seat),
                if forced { " (forced, R-11)" } else { "" }
            ),
            (Voice::Table(_), true) => {
                format!(
                    "{} passes (forced: no outbid possible, R-11).",
                    self.who(seat)
                )
            }
            (Voice::Table(_), false) => format!("{} passes.", self.who(seat)),
        }
    }

    fn built(&self, variant: Variant, seat: Seat, at: NeighborhoodId, n: u8, call: u16) -> String {
        let building = building_text(variant, n, 0);
        match self {
            Voice::Account => format!(
                "  => {} builds {building} on {}",
                seat_name(seat),
                place(at)
            ),
            Voice::Table(_) => format!(
                "=> {} wins call {call} and builds {building} on {} (R-12).",
                self.who(seat),
                place(at)
            ),
        }
    }

    fn returned(&self, seat: Seat, from: NeighborhoodId, number: u8) -> String {
        match self {
            Voice::Account => format!("{} {number} (from {from})", seat_name(seat)),
            Voice::Table(_) => format!("{} {number}", seat_name(seat)),
        }
    }

    fn back_to_supply(&self, returned: &[String]) -> String {
        match self {
            Voice::Account => format!("    back to supply: {}", returned.join(", ")),
            Voice::Table(_) => format!("   back to supply: {}.", returned.join(", ")),
        }
    }

    /// Whether the bids going back are told before the tokens and cards
    /// of the call.
    fn returns_first(&self) -> bool {
        matches!(self, Voice::Account)
    }

    fn token(&self, seat: Seat, token: Token) -> String {
        match self {
            Voice::Account => format!(
                "    {} takes the {token} token ({:+})",
                seat_name(seat),
                token.points()
            ),
            Voice::Table(_) => format!("   {} takes the {token} token.", seat_name(seat)),
        }
    }

    fn card(&self, seat: Seat, card: Card, from: Option<Seat>) -> String {
        let seat = seat_name(seat);
        match (self, from) {
            (Voice::Account, Some(p)) => {
                format!("    {seat} takes the {card} card from {}", seat_name(p))
            }
            (Voice::Account, None) => format!("    {seat} takes the {card} card from the supply"),
            (Voice::Table(_), Some(p)) => {
                format!("   {seat} takes the {card} card from {}.", seat_name(p))
            }
            (Voice::Table(_), None) => format!("   {seat} takes the {card} card."),
        }
    }
}

/// One call as told: its number, its title and its lines.
#[derive(Debug, Clone)]
pub struct CallLog {
    /// The call number, from 1.
    pub call: u16,
    /// The title line (`Call 3 · brown opens`).
    pub title: String,
    /// What happened, one line each.
    pub lines: Vec<String>,
}

/// Turns events into per-call logs, and into the text told since it was
/// last taken ([`Narrator::take_told`]).
pub struct Narrator {
    voice: Voice,
    variant: Variant,
    calls: Vec<CallLog>,
    current: Option<CallLog>,
    returned: Vec<String>,
    told: String,
    ending: Option<String>,
    /// One mark per bid or pass told (forced passes included): the index
    /// of its call among the calls told, and the number of that call's
    /// lines once its line was added.
    pub marks: Vec<(usize, usize)>,
}

impl Narrator {
    /// A narrator for a game that starts at `initial`, speaking with
    /// `voice`; the opening events are told.
    pub fn new(initial: &State, voice: Voice) -> Narrator {
        let mut n = Narrator {
            voice,
            variant: initial.variant(),
            calls: Vec::new(),
            current: None,
            returned: Vec::new(),
            told: String::new(),
            ending: None,
            marks: Vec::new(),
        };
        n.feed(&initial.opening_events(), initial);
        n
    }

    fn open(&mut self, call: u16, player: Seat) {
        let title = self.voice.title(call, player);
        self.told.push('\n');
        self.told.push_str(&title);
        self.told.push('\n');
        self.current = Some(CallLog {
            call,
            title,
            lines: Vec::new(),
        });
    }

    fn line(&mut self, text: String) {
        if let Some(c) = &mut self.current {
            self.told.push_str(&text);
            self.told.push('\n');
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
            let text = self.voice.back_to_supply(&self.returned);
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

    /// Takes the events of one transition and the state it led to.
    pub fn feed(&mut self, events: &[Event], after: &State) {
        let variant = self.variant;
        for e in events {
            match *e {
                Event::CallStarted { call, player } => {
                    self.close();
                    self.open(call, player);
                }
                Event::BidPlaced {
                    player,
                    neighborhood,
                    building,
                } => {
                    let text = self.voice.bid(variant, player, neighborhood, building);
                    self.line(text);
                    self.mark();
                }
                Event::Passed { player, forced } => {
                    let text = self.voice.pass(player, forced);
                    self.line(text);
                    self.mark();
                }
                Event::Constructed {
                    player,
                    neighborhood,
                    building,
                    call,
                } => {
                    let text = self
                        .voice
                        .built(variant, player, neighborhood, building, call);
                    self.line(text);
                }
                Event::BidReturned {
                    player,
                    neighborhood,
                    building,
                } => {
                    let text = self.voice.returned(player, neighborhood, building);
                    self.returned.push(text);
                }
                Event::TokenTaken { player, token, .. } => {
                    if self.voice.returns_first() {
                        self.flush_returned();
                    }
                    let text = self.voice.token(player, token);
                    self.line(text);
                }
                Event::CardTaken { player, card, from } => {
                    if self.voice.returns_first() {
                        self.flush_returned();
                    }
                    let text = self.voice.card(player, card, from);
                    self.line(text);
                }
                Event::GameEnded { .. } => {
                    self.close();
                    self.ending = Some(game_over(after.call_number()));
                }
            }
        }
        self.flush_returned();
    }

    /// How many lines the call at `index` (among the calls told, the one
    /// going on last) has so far.
    pub fn lines_told(&self, index: usize) -> usize {
        match (self.calls.get(index), &self.current) {
            (Some(c), _) => c.lines.len(),
            (None, Some(c)) if index == self.calls.len() => c.lines.len(),
            _ => 0,
        }
    }

    /// The text told since the last call (each call's title after an empty
    /// line, then its lines), for a game told as it happens.
    pub fn take_told(&mut self) -> String {
        std::mem::take(&mut self.told)
    }

    /// The calls told so far, the unfinished one last (if it has any line),
    /// and the line that ended the game, once it ended.
    pub fn finish(mut self) -> (Vec<CallLog>, Option<String>) {
        if let Some(c) = self.current.take() {
            if !c.lines.is_empty() {
                self.calls.push(c);
            }
        }
        (self.calls, self.ending)
    }
}
