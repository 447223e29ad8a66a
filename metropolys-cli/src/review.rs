//! The bots' review of a game (`metropolys_bots::review`) as the terminal
//! tells it: computed with a progress bar on a terminal's standard error,
//! then a header, a table per seat, one entry per graded error and a
//! compact graph of the win chances, within the given width. Shared by
//! `review`, `play` (its `review` at the end of a game) and the HTML
//! replay (`replay --html --review`).
//!
//! Two readings are always labelled apart, in the catalogue's words: the
//! grades, accuracies and suggestions are judged with what the acting
//! player knew; the graph and the turning points with every card revealed.
//! Decisions are numbered from 1, as the HTML replay's steps (`decision 12
//! of 55` shows the board after decision 12); the JSON keeps the bots'
//! indices, from 0.

use crate::failure::{bot_failure, Failure};
use crate::io::progress_bar;
use crate::narrate::{seat_name, texts};
use metropolys_bots::review::{review_with_progress, Decision, Review, ReviewOptions};
use metropolys_bots::{BotError, BotKind};
use metropolys_core::{Record, Seat, Variant};
use std::fmt::Write as _;

/// The reviewers: the bots' difficulty presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    /// The greedy evaluation, 64 worlds per estimate
    Beginner,
    /// A short search, 128 worlds
    Casual,
    /// A search of about a thousand futures, 256 worlds
    Strong,
    /// The strongest search, 512 worlds
    Expert,
}

impl From<Preset> for BotKind {
    fn from(p: Preset) -> BotKind {
        match p {
            Preset::Beginner => BotKind::Beginner,
            Preset::Casual => BotKind::Casual,
            Preset::Strong => BotKind::Strong,
            Preset::Expert => BotKind::Expert,
        }
    }
}

/// The decisions reviewed in parallel by default: the machine's cores, at
/// most the bots' limit ([`metropolys_bots::MAX_THREADS`]).
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, metropolys_bots::MAX_THREADS)
}

/// The options of a whole review (every seat, every card revealed after
/// the game) by `preset` from seed 0 on the default threads: what `play`
/// and the HTML replay ask for.
pub fn whole(preset: BotKind) -> ReviewOptions {
    ReviewOptions {
        preset,
        threads: default_threads(),
        ..ReviewOptions::default()
    }
}

/// Reviews `record`, with a progress bar of the decisions on standard
/// error when it is a terminal (and `progress` is asked). Options that the
/// bots refuse are usage errors; a record that does not replay is invalid.
pub fn compute(
    record: &Record,
    options: &ReviewOptions,
    progress: bool,
) -> Result<Review, Failure> {
    let total = record
        .actions
        .iter()
        .filter(|ra| options.only.is_none_or(|s| s == ra.player))
        .count();
    let bar = progress_bar(
        total as u64,
        "{msg} {bar:40} {pos}/{len}  {elapsed_precise}",
        progress,
    );
    bar.set_message(texts().format("review-computing", &[]));
    let result = review_with_progress(record, options, &|done, _| bar.set_position(done as u64));
    bar.finish_and_clear();
    result.map_err(|e| match e {
        BotError::BadParameters { reason, .. } => Failure::Usage(format!("review: {reason}")),
        BotError::Review(m) => Failure::Invalid(format!("review: {m}")),
        other => bot_failure(other.to_string()),
    })
}

/// A seat as the terminal names it: `0 Blue` (the colour in the chosen
/// language).
pub fn seat_label(seat: Seat) -> String {
    format!("{seat} {}", seat_name(seat))
}

/// The preset's name as players read it (`Strong`), else as the bots
/// name it.
pub fn preset_name(name: &str) -> String {
    texts()
        .preset(name)
        .map_or_else(|| name.to_string(), |(label, _)| label)
}

/// A grade in the chosen language (`blunder`).
pub fn grade_word(d: &Decision) -> String {
    texts()
        .grade(d.grade.id())
        .unwrap_or_else(|| d.grade.id().to_string())
}

/// What the reviewer would have played instead of a graded decision, and
/// the win chance it would have kept (with what the player knew).
pub fn suggestion(variant: Variant, d: &Decision) -> String {
    texts().review_suggestion(variant, d.best, d.known.drop)
}

/// The review's first line: `Review · Reviewed by the Strong bot`.
pub fn title(review: &Review) -> String {
    let t = texts();
    format!(
        "{} · {}",
        t.format("review-title", &[]),
        t.format(
            "review-by",
            &[("preset", preset_name(&review.reviewer).into())]
        )
    )
}

/// The block characters of the graph, lowest first.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// A value from 0 to 1 as one of [`BARS`].
fn bar(v: f64) -> char {
    let i = (v.clamp(0.0, 1.0) * (BARS.len() - 1) as f64).round() as usize;
    BARS[i.min(BARS.len() - 1)]
}

/// The columns of a graph of `n` positions in `width` columns: for each
/// column the positions it stands for (one each when they fit, else
/// consecutive runs of about equal length).
fn columns(n: usize, width: usize) -> Vec<std::ops::Range<usize>> {
    let cols = n.min(width.max(1));
    (0..cols)
        .map(|c| (c * n / cols)..((c + 1) * n / cols).max(c * n / cols + 1))
        .collect()
}

/// A line wrapped at words to `width`, its continuation indented by
/// `indent` spaces more than its first line's `first` spaces.
fn wrapped(text: &str, first: usize, indent: usize, width: usize) -> String {
    let (head, rest) = (" ".repeat(first), " ".repeat(first + indent));
    let options = textwrap::Options::new(width)
        .initial_indent(&head)
        .subsequent_indent(&rest)
        .break_words(true);
    let mut s = textwrap::wrap(text, options).join("\n");
    s.push('\n');
    s
}

/// `label: value`, as the language writes it.
fn labelled(label: &str, value: &str) -> String {
    texts().format(
        "review-label",
        &[("label", label.into()), ("value", value.into())],
    )
}

/// The review in words within `width` columns (at least 40): the header,
/// the table per seat, each inaccuracy, mistake and blunder with what the
/// reviewer suggests, and the win chances per seat as a graph with the
/// turning points.
pub fn text(review: &Review, variant: Variant, width: usize) -> String {
    let width = width.max(40);
    let t = texts();
    let word = |id: &str| t.format(id, &[]);
    let mut s = String::new();
    s.push_str(&wrapped(&title(review), 0, 2, width));
    s.push_str(&wrapped(
        &t.format(
            "review-settings",
            &[
                ("seed", metropolys_text::Arg::Number(review.seed as f64)),
                ("worlds", review.worlds.into()),
            ],
        ),
        2,
        2,
        width,
    ));
    let known = [
        "review-accuracy",
        "review-inaccuracies",
        "review-mistakes",
        "review-blunders",
    ]
    .map(word);
    s.push_str(&wrapped(
        &labelled(&word("review-known"), &known.join(", ")),
        2,
        4,
        width,
    ));
    let graph = review.win_chances();
    if !graph.is_empty() {
        s.push_str(&wrapped(
            &labelled(
                &word("review-revealed"),
                &format!(
                    "{}, {}",
                    word("review-win-chance"),
                    word("review-turning-points")
                ),
            ),
            2,
            4,
            width,
        ));
    }
    s.push('\n');
    s.push_str(&table(review, &known));
    let errors: Vec<&Decision> = review
        .decisions
        .iter()
        .filter(|d| d.grade.is_error())
        .collect();
    if !errors.is_empty() {
        s.push('\n');
    }
    for d in errors {
        let line = format!(
            "{} {} · {} · {}: {}",
            word("review-decision"),
            d.index + 1,
            seat_label(d.seat),
            grade_word(d),
            t.action(variant, d.played)
        );
        s.push_str(&wrapped(&line, 0, 4, width));
        s.push_str(&wrapped(&suggestion(variant, d), 4, 2, width));
    }
    if !graph.is_empty() {
        s.push('\n');
        s.push_str(&sparklines(review, &graph, width));
    }
    s
}

/// The table per seat: accuracy (with what the player knew, 0 to 100),
/// inaccuracies, mistakes and blunders; with `only`, that seat's row.
fn table(review: &Review, headings: &[String; 4]) -> String {
    let rows: Vec<[String; 5]> = review
        .seats
        .iter()
        .filter(|r| review.only.is_none_or(|s| s == r.seat))
        .map(|r| {
            [
                seat_label(r.seat),
                r.accuracy.map_or_else(|| "-".into(), |a| format!("{a:.1}")),
                r.inaccuracies.to_string(),
                r.mistakes.to_string(),
                r.blunders.to_string(),
            ]
        })
        .collect();
    let first = rows.iter().map(|r| r[0].chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = headings
        .iter()
        .enumerate()
        .map(|(k, h)| {
            rows.iter()
                .map(|r| r[k + 1].chars().count())
                .chain([h.chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = format!("  {:first$}", "");
    for (h, w) in headings.iter().zip(&widths) {
        let _ = write!(s, "  {h:>w$}");
    }
    s.push('\n');
    for r in &rows {
        let _ = write!(s, "  {:first$}", r[0]);
        for (v, w) in r[1..].iter().zip(&widths) {
            let _ = write!(s, "  {v:>w$}");
        }
        s.push('\n');
    }
    s
}

/// Each seat's win chance after each position (with every card revealed)
/// as a row of block characters, its last value beside it; a row of `^`
/// under the turning points, which are listed below by number.
fn sparklines(review: &Review, graph: &[Vec<f64>], width: usize) -> String {
    let t = texts();
    let labels: Vec<String> = (0..review.players).map(seat_label).collect();
    let label = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    // "  LABEL  GRAPH  100 %"
    let room = width.saturating_sub(2 + label + 2 + 2 + 5).max(8);
    let cols = columns(graph.len(), room);
    let mut s = format!("{}\n", t.format("review-win-chance", &[]));
    for (p, l) in labels.iter().enumerate() {
        let line: String = cols
            .iter()
            .map(|r| {
                let values: Vec<f64> = graph[r.clone()]
                    .iter()
                    .map(|w| w.get(p).copied().unwrap_or(0.0))
                    .collect();
                bar(values.iter().sum::<f64>() / values.len().max(1) as f64)
            })
            .collect();
        let last = graph.last().and_then(|w| w.get(p)).copied().unwrap_or(0.0);
        let _ = writeln!(
            s,
            "  {l:label$}  {line}  {:>3} %",
            (last * 100.0).round() as i64
        );
    }
    if !review.turning_points.is_empty() {
        // Position k of the graph is the one after decision k (index k-1).
        let marks: String = cols
            .iter()
            .map(|r| {
                let hit = review.turning_points.iter().any(|&i| r.contains(&(i + 1)));
                if hit {
                    '^'
                } else {
                    ' '
                }
            })
            .collect();
        let _ = writeln!(s, "  {:label$}  {}", "", marks.trim_end());
        let numbers: Vec<String> = review
            .turning_points
            .iter()
            .map(|i| (i + 1).to_string())
            .collect();
        let decision = t.format("review-decision", &[]);
        let numbers: Vec<String> = numbers.iter().map(|n| format!("{decision} {n}")).collect();
        s.push_str(&wrapped(
            &labelled(
                &t.format("review-turning-points", &[]),
                &numbers.join(" · "),
            ),
            0,
            4,
            width,
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_columns_cover_every_position_once() {
        for (n, w) in [(1, 10), (10, 10), (56, 60), (56, 20), (785, 61), (3, 1)] {
            let cols = columns(n, w);
            assert_eq!(cols.len(), n.min(w));
            assert_eq!(cols[0].start, 0);
            assert_eq!(cols.last().unwrap().end, n);
            for pair in cols.windows(2) {
                assert_eq!(pair[0].end, pair[1].start);
                assert!(!pair[0].is_empty());
            }
        }
    }

    #[test]
    fn bars_rise_with_the_value() {
        assert_eq!(bar(0.0), '▁');
        assert_eq!(bar(1.0), '█');
        assert_eq!(bar(7.0), '█');
        assert!(bar(0.3) < bar(0.7));
    }
}
