//! How a game at the terminal is printed: at most 80 columns (the
//! terminal's width when it is wider), long lines wrapped at a word with
//! their continuation indented, and colour (the seats in their colours,
//! call titles in bold, illegal moves in red) when standard output is a
//! terminal and `NO_COLOR` is not set (<https://no-color.org>).

use crate::narrate::seat_name;
use std::io::IsTerminal;

/// The width and colour of the terminal game's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The most columns a line takes.
    pub width: usize,
    /// Whether to colour the text (ANSI escapes).
    pub color: bool,
}

/// The width used when the terminal's is unknown or narrower.
pub const DEFAULT_WIDTH: usize = 80;

impl Style {
    /// 80 columns, no colour: what a pipe or a file gets.
    #[cfg(test)]
    pub fn plain() -> Style {
        Style {
            width: DEFAULT_WIDTH,
            color: false,
        }
    }

    /// The style for standard output: its width when it is a terminal
    /// wider than 80 columns, else 80; colour when it is a terminal and
    /// `NO_COLOR` is unset or empty.
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
        Style {
            width,
            color: terminal && !no_color,
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
        if !self.color {
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
            out.push_str(&seat_colour(&word));
            word.clear();
            out.extend(c);
        }
        out
    }
}

/// A word in its seat's colour when it is a seat's name (`blue`, `red`,
/// `white`, `gray`), else as it is.
fn seat_colour(word: &str) -> String {
    let style = console::Style::new().force_styling(true);
    let style = match word {
        w if w == seat_name(0) => style.blue().bold(),
        w if w == seat_name(1) => style.red().bold(),
        w if w == seat_name(2) => style.white().bold(),
        w if w == seat_name(3) => style.color256(245).bold(),
        _ => return word.to_string(),
    };
    style.apply_to(word).to_string()
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
            color: false,
        };
        assert!(wide.render(&text).lines().count() < lines.len());
        // A prompt (no newline at the end) stays one.
        assert_eq!(Style::plain().render("blue (you) > "), "blue (you) > ");
    }

    #[test]
    fn colour_marks_seats_titles_and_mistakes_only_when_asked() {
        let coloured = Style {
            width: 80,
            color: true,
        };
        let text =
            "Call 3: red (ismcts) opens.\nblue (you) bids 5; gray waits; white.\nIllegal move: R-9";
        let out = coloured.render(text);
        assert!(out.contains("\u{1b}["), "{out}");
        assert_eq!(console::strip_ansi_codes(&out), text);
        assert!(out.contains(&format!(
            "{}",
            console::style("blue").blue().bold().force_styling(true)
        )));
        // Words that merely contain a colour are left alone.
        assert_eq!(coloured.render("scored, entered"), "scored, entered");
        assert!(!Style::plain().render(text).contains('\u{1b}'));
    }
}
