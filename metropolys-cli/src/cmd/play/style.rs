//! How a game at the terminal is printed: at most 80 columns (the
//! terminal's width when it is wider), long lines wrapped at a word with
//! their continuation indented, and colour (each seat's name on its colour
//! with its ink, both core's, so that it reads on dark and light
//! terminals alike; call titles in bold, illegal moves in red) when
//! standard output is a terminal and `NO_COLOR` is not set
//! (<https://no-color.org>).

use crate::narrate::{seat_id, seat_name};
use metropolys_core::svg::{ink_on, player_color};
use std::io::IsTerminal;

/// The width and colour of the terminal game's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The most columns a line takes.
    pub width: usize,
    /// How to colour the text.
    pub color: Paint,
}

/// How the text is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    /// No colour: a pipe, a file, or `NO_COLOR`.
    Off,
    /// The 256 colours of xterm, which nearly every terminal has: each of
    /// core's colours as the nearest of them.
    Xterm256,
    /// Core's colours exactly (24-bit), where the terminal says it has
    /// them (`COLORTERM=truecolor` or `24bit`).
    Rgb,
}

/// The width used when the terminal's is unknown or narrower.
pub const DEFAULT_WIDTH: usize = 80;

impl Style {
    /// 80 columns, no colour: what a pipe or a file gets.
    #[cfg(test)]
    pub fn plain() -> Style {
        Style {
            width: DEFAULT_WIDTH,
            color: Paint::Off,
        }
    }

    /// The style for standard output: its width when it is a terminal
    /// wider than 80 columns, else 80; colour when it is a terminal and
    /// `NO_COLOR` is unset or empty, 24-bit when `COLORTERM` says the
    /// terminal has it.
    pub fn for_stdout() -> Style {
        let terminal = std::io::stdout().is_terminal();
        let width = if terminal {
            console::Term::stdout()
                .size_checked()
                .map_or(DEFAULT_WIDTH, |(_, cols)| {
                    usize::from(cols).max(DEFAULT_WIDTH)
                })
        } else {
            DEFAULT_WIDTH
        };
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let rgb = std::env::var("COLORTERM").is_ok_and(|v| v == "truecolor" || v == "24bit");
        Style {
            width,
            color: match (terminal && !no_color, rgb) {
                (false, _) => Paint::Off,
                (true, false) => Paint::Xterm256,
                (true, true) => Paint::Rgb,
            },
        }
    }

    /// `text` as printed: each line wrapped to the width (a continuation
    /// indented two columns past the line's own indent), then coloured.
    pub fn render(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut lines = text.split('\n').peekable();
        while let Some(line) = lines.next() {
            out.push_str(&self.paint(&wrap(line, self.width)));
            if lines.peek().is_some() {
                out.push('\n');
            }
        }
        out
    }

    /// Colours a (wrapped) line: seat names in their colours, call titles
    /// in bold, illegal moves and failures in red.
    fn paint(&self, line: &str) -> String {
        if self.color == Paint::Off {
            return line.to_string();
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with("Call ") || trimmed.starts_with("Game over") {
            return console::style(line).bold().force_styling(true).to_string();
        }
        if trimmed.starts_with("Illegal move") {
            return console::style(line).red().force_styling(true).to_string();
        }
        let mut out = String::with_capacity(line.len() + 16);
        let mut word = String::new();
        for c in line.chars().map(Some).chain(std::iter::once(None)) {
            if let Some(c) = c.filter(char::is_ascii_alphabetic) {
                word.push(c);
                continue;
            }
            out.push_str(&seat_colour(&word, self.color));
            word.clear();
            out.extend(c);
        }
        out
    }
}

/// A word on its seat's colour, in the ink core draws numbers with on it,
/// when it is a seat's name (`blue`, `brown`, `white`, `black`), else as it
/// is: a chip that reads on any terminal background.
fn seat_colour(word: &str, paint: Paint) -> String {
    let Some(seat) = (0..4).find(|&p| seat_id(p) == word || seat_name(p) == word) else {
        return word.to_string();
    };
    let colour = |hex: &str| {
        let rgb = rgb(hex);
        match paint {
            Paint::Rgb => console::Color::TrueColor(rgb[0], rgb[1], rgb[2]),
            Paint::Off | Paint::Xterm256 => console::Color::Color256(xterm256(rgb)),
        }
    };
    console::Style::new()
        .force_styling(true)
        .bg(colour(player_color(seat)))
        .fg(colour(ink_on(seat)))
        .bold()
        .apply_to(word)
        .to_string()
}

/// A colour `#rrggbb` of core's as its three bytes (black for anything
/// else).
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| {
        hex.get(1 + 2 * i..3 + 2 * i)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0)
    };
    [byte(0), byte(1), byte(2)]
}

/// The colour of xterm's 256 (its 6 × 6 × 6 cube and its 24 grays) nearest
/// to `rgb` as the eye sees it (the distance in CIELAB).
fn xterm256(rgb: [u8; 3]) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let cube = (0..216u8).map(|i| {
        let c = [i / 36, i / 6 % 6, i % 6].map(|l| LEVELS[l as usize]);
        (16 + i, c)
    });
    let grays = (0..24u8).map(|i| (232 + i, [8 + 10 * i; 3]));
    let target = lab(rgb);
    cube.chain(grays)
        .min_by(|a, b| {
            let d = |c: [u8; 3]| {
                let l = lab(c);
                (0..3).map(|k| (l[k] - target[k]).powi(2)).sum::<f64>()
            };
            d(a.1).total_cmp(&d(b.1))
        })
        .map_or(16, |(index, _)| index)
}

/// CIELAB (D65) of an sRGB colour.
fn lab(rgb: [u8; 3]) -> [f64; 3] {
    let [r, g, b] = rgb.map(|c| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    });
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let x = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
    let y = f(0.2126729 * r + 0.7151522 * g + 0.0721750 * b);
    let z = f((0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883);
    [116.0 * y - 16.0, 500.0 * (x - y), 200.0 * (y - z)]
}

/// One line wrapped at words to `width` columns, continuations indented two
/// columns past the line's indent (a word longer than a line is broken).
fn wrap(line: &str, width: usize) -> String {
    if console::measure_text_width(line) <= width {
        return line.to_string();
    }
    let indent = line.len() - line.trim_start_matches(' ').len();
    let continuation = " ".repeat((indent + 2).min(width / 2));
    let options = textwrap::Options::new(width)
        .initial_indent(&line[..indent])
        .subsequent_indent(&continuation)
        .break_words(true);
    textwrap::wrap(line.trim_start_matches(' '), options).join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_words_with_an_indented_continuation() {
        let text = format!("  {}\nshort", "word ".repeat(40).trim_end());
        let out = Style::plain().render(&text);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 3, "{out}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{out}");
        assert!(lines[0].starts_with("  word"));
        assert!(lines[1].starts_with("    word"), "{out}");
        assert_eq!(lines.last(), Some(&"short"));
        // Wider terminals take longer lines.
        let wide = Style {
            width: 120,
            color: Paint::Off,
        };
        assert!(wide.render(&text).lines().count() < lines.len());
        // A prompt (no newline at the end) stays one.
        assert_eq!(Style::plain().render("blue (you) > "), "blue (you) > ");
    }

    #[test]
    fn colour_marks_seats_titles_and_mistakes_only_when_asked() {
        let coloured = Style {
            width: 80,
            color: Paint::Rgb,
        };
        let text = "Call 3: brown (ismcts) opens.\nblue (you) bids 5; black waits; white.\nIllegal move: R-9";
        let out = coloured.render(text);
        assert!(out.contains("\u{1b}["), "{out}");
        assert_eq!(console::strip_ansi_codes(&out), text);
        // Each seat on core's colour, in core's ink: blue #0072b2 with
        // white, white with #222222.
        assert!(out.contains("\u{1b}[48;2;0;114;178m"), "{out:?}");
        assert!(out.contains("\u{1b}[38;2;255;255;255m"), "{out:?}");
        assert!(
            out.contains("\u{1b}[38;2;34;34;34m\u{1b}[48;2;255;255;255m"),
            "{out:?}"
        );
        // Words that merely contain a colour are left alone.
        assert_eq!(
            coloured.render("scored, entered, redo"),
            "scored, entered, redo"
        );
        assert!(!Style::plain().render(text).contains('\u{1b}'));
        let xterm = Style {
            width: 80,
            color: Paint::Xterm256,
        };
        let out = xterm.render("blue and brown");
        assert!(out.contains("\u{1b}[48;5;"), "{out:?}");
        assert!(!out.contains("48;2;"), "{out:?}");
    }

    /// The nearest of xterm's colours: exact where one is, and of the same
    /// hue for core's seats (not an olive for brown).
    #[test]
    fn core_s_colours_become_their_nearest_xterm_colours() {
        assert_eq!(xterm256([0, 0, 0]), 16);
        assert_eq!(xterm256([255, 255, 255]), 231);
        assert_eq!(xterm256([0x87, 0x5f, 0x00]), 94);
        assert_eq!(xterm256(rgb(player_color(1))), 94, "brown");
        assert_eq!(xterm256(rgb(player_color(0))), 32, "blue");
        assert_eq!(rgb("#0072b2"), [0, 0x72, 0xb2]);
    }
}
