//! The terminal's words, asked of `metropolys-text` in the language chosen
//! once at start-up (`--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG`):
//! seats, neighborhoods, buildings, and the one narrator of a game's
//! events (the same lines the web client and the HTML replay show).

use metropolys_core::{Event, NeighborhoodId, Seat, State, Variant};
pub use metropolys_text::CallLog;
use metropolys_text::{Lang, Seats, Texts, Told};
use std::sync::OnceLock;

static LANG: OnceLock<Lang> = OnceLock::new();

/// Chooses the language of everything the terminal tells (once, at
/// start-up; a later call changes nothing).
pub fn set_lang(lang: Lang) {
    let _ = LANG.set(lang);
}

/// The catalogue of the chosen language (English until one is chosen).
pub fn texts() -> &'static Texts {
    Texts::of(LANG.get().copied().unwrap_or_default())
}

/// A seat's colour as the chosen language names it (`Blue`, `Modrý`).
pub fn seat_name(seat: Seat) -> String {
    texts().color(seat)
}

/// A seat's colour as the terminal board and its notation write it, in
/// every language: `blue`, `brown`, `white`, `black` (core's
/// `svg::PLAYER_COLOR_NAMES`).
pub fn seat_id(seat: Seat) -> &'static str {
    metropolys_core::svg::PLAYER_COLOR_NAMES[seat as usize % 4]
}

/// `12 (center, mall)`.
pub fn place(id: NeighborhoodId) -> String {
    texts().place(id)
}

/// `Family game` or `Expert game`, as titles name the game.
pub fn variant_name(variant: Variant) -> String {
    texts().variant(variant)
}

/// A building number, right-aligned to `width`, with its size in the
/// Expert game: ` 7 (medium)`.
pub fn building_text(variant: Variant, number: u8, width: usize) -> String {
    let text = texts().building(variant, number);
    let digits = number.to_string().len();
    format!("{}{text}", " ".repeat(width.saturating_sub(digits)))
}

/// How the narrator names the seats.
#[derive(Debug, Clone)]
pub enum Voice {
    /// By colour: `play`, `replay` and the HTML replay.
    Account,
    /// With who plays each seat (`Brown (ismcts)`): a game at the terminal.
    Table(Vec<String>),
}

/// Turns events into per-call logs, and into the text told since it was
/// last taken ([`Narrator::take_told`]).
pub struct Narrator {
    inner: metropolys_text::Narrator<'static>,
}

impl Narrator {
    /// A narrator for a game that starts at `initial`, speaking with
    /// `voice`; the opening events are told.
    pub fn new(initial: &State, voice: Voice) -> Narrator {
        let seats = match voice {
            Voice::Account => Seats::colors(),
            Voice::Table(names) => Seats {
                names: names.into_iter().map(Some).collect(),
                me: None,
                color_first: true,
            },
        };
        Narrator {
            inner: metropolys_text::Narrator::new(texts(), initial, seats),
        }
    }

    /// Takes the events of one transition.
    pub fn feed(&mut self, events: &[Event]) {
        self.inner.feed(events);
    }

    /// The text told since the last call: each call's title after an empty
    /// line, its lines indented, the ending after an empty line.
    pub fn take_told(&mut self) -> String {
        let mut out = String::new();
        for told in self.inner.take_told() {
            match told {
                Told::Title(t) => out.push_str(&format!("\n{t}\n")),
                Told::Line(l) => out.push_str(&format!("  {l}\n")),
                Told::Ending(e) => out.push_str(&format!("\n{e}\n")),
            }
        }
        out
    }

    /// The calls told so far, the unfinished one last (if it has any
    /// line), and the lines that ended the game (one paragraph), once it
    /// ended.
    pub fn finish(self) -> (Vec<CallLog>, Option<String>) {
        let n = self.inner.finish();
        let ending = (!n.ending.is_empty()).then(|| n.ending.join("\n"));
        (n.calls, ending)
    }
}
