//! The bots' review drawn into the HTML replay (`replay --html --review`):
//! below the board, the win chances per seat with every card revealed as
//! an inline SVG graph (one polyline per seat in its colour, the turning
//! points and the graded decisions marked; a click shows that step), then,
//! with what each player knew, the table per seat and the list of the
//! inaccuracies, mistakes and blunders with the reviewer's suggestions.
//! The replay's log marks each graded decision beside its line
//! (`review.js`, started by the page's script when the review is there).

use crate::narrate::texts;
use crate::review::{grade_word, seat_label, suggestion};
use metropolys_bots::review::Review;
use metropolys_core::svg::{self, xml_escape};
use metropolys_core::Variant;
use serde_json::json;
use std::fmt::Write as _;

/// The style of the review's section (beside `replay.css`).
pub const STYLE: &str = include_str!("review.css");
/// The script that ties the graph, the list and the log to the replay.
pub const SCRIPT: &str = include_str!("review.js");

/// The graph's size in its own units, and its plot area.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 180.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 712.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 170.0;

/// A number for an SVG attribute: one decimal, no trailing `.0`.
fn n(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

/// The review's section of the page (its data for `review.js` inside), in
/// the chosen language; `variant` words the actions.
pub fn section(review: &Review, variant: Variant) -> String {
    let t = texts();
    let word = |id: &str| xml_escape(&t.format(id, &[]));
    let series = review.win_chances();
    let steps = series.len().max(review.decisions.len() + 1);
    let dx = if steps > 1 {
        (RIGHT - LEFT) / (steps - 1) as f64
    } else {
        0.0
    };
    let x = |step: usize| LEFT + step as f64 * dx;
    let y = |win: f64| BOTTOM - win.clamp(0.0, 1.0) * (BOTTOM - TOP);
    let mut s = String::from("<section id=\"review\">\n");
    let _ = writeln!(
        s,
        "<h2>{}</h2>\n<p class=\"about\">seed {} · {} worlds</p>",
        xml_escape(&crate::review::title(review)),
        review.seed,
        review.worlds
    );
    // The graph: with every card revealed.
    if !series.is_empty() {
        let _ = writeln!(
            s,
            "<h3>{} · {}</h3>\n<p class=\"hint\">{}</p>",
            word("review-win-chance"),
            word("review-revealed"),
            word("review-graph-hint")
        );
        let _ = write!(
            s,
            "<svg id=\"review-graph\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{} · {}\">",
            n(WIDTH),
            n(HEIGHT),
            word("review-win-chance"),
            word("review-revealed")
        );
        let _ = write!(
            s,
            "<rect class=\"plot\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            n(LEFT),
            n(TOP),
            n(RIGHT - LEFT),
            n(BOTTOM - TOP)
        );
        for v in [0.0, 0.5, 1.0] {
            let _ = write!(
                s,
                "<line class=\"grid\" x1=\"{}\" y1=\"{y0}\" x2=\"{}\" y2=\"{y0}\"/>\
                 <text class=\"axis\" x=\"{}\" y=\"{}\">{} %</text>",
                n(LEFT),
                n(RIGHT),
                n(LEFT - 4.0),
                n(y(v) + 4.0),
                (v * 100.0) as i32,
                y0 = n(y(v)),
            );
        }
        for &i in &review.turning_points {
            let _ = write!(
                s,
                "<line class=\"turn\" data-step=\"{step}\" x1=\"{x0}\" y1=\"{}\" x2=\"{x0}\" y2=\"{}\">\
                 <title>{} · {} {step}</title></line>",
                n(TOP),
                n(BOTTOM),
                word("review-turning-point"),
                word("review-decision"),
                step = i + 1,
                x0 = n(x(i + 1)),
            );
        }
        for p in 0..review.players {
            let points: Vec<String> = series
                .iter()
                .enumerate()
                .map(|(k, w)| {
                    format!(
                        "{},{}",
                        n(x(k)),
                        n(y(w.get(usize::from(p)).copied().unwrap_or(0.0)))
                    )
                })
                .collect();
            let points = points.join(" ");
            let _ = write!(
                s,
                "<polyline class=\"halo\" points=\"{points}\" stroke=\"{}\"/>\
                 <polyline class=\"seat-line\" data-seat=\"{p}\" points=\"{points}\" stroke=\"{}\">\
                 <title>{}</title></polyline>",
                svg::ink_on(p),
                svg::PLAYER_COLORS[usize::from(p) % 4],
                xml_escape(&seat_label(p))
            );
        }
        // Each graded decision on its seat's line, after the decision.
        for d in review.decisions.iter().filter(|d| d.grade.is_error()) {
            let step = d.index + 1;
            let win = series
                .get(step)
                .and_then(|w| w.get(usize::from(d.seat)))
                .copied()
                .unwrap_or(0.0);
            let _ = write!(
                s,
                "<circle class=\"mark g-{}\" data-step=\"{step}\" cx=\"{}\" cy=\"{}\" r=\"4\">\
                 <title>{} {step} · {} · {}</title></circle>",
                d.grade.id(),
                n(x(step)),
                n(y(win)),
                word("review-decision"),
                xml_escape(&seat_label(d.seat)),
                xml_escape(&grade_word(d))
            );
        }
        let _ = writeln!(
            s,
            "<line id=\"review-cursor\" x1=\"{x0}\" y1=\"{}\" x2=\"{x0}\" y2=\"{}\"/></svg>",
            n(TOP),
            n(BOTTOM),
            x0 = n(LEFT)
        );
    }
    // The grades: with what each player knew.
    let _ = writeln!(s, "<h3>{}</h3>", word("review-known"));
    let _ = write!(
        s,
        "<table class=\"review-seats\"><tr><th></th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        word("review-accuracy"),
        word("review-inaccuracies"),
        word("review-mistakes"),
        word("review-blunders")
    );
    for r in review
        .seats
        .iter()
        .filter(|r| review.only.is_none_or(|s| s == r.seat))
    {
        let _ = write!(
            s,
            "<tr><th><span class=\"piece\" style=\"background:{}\"></span> {}</th>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            svg::PLAYER_COLORS[usize::from(r.seat) % 4],
            xml_escape(&seat_label(r.seat)),
            r.accuracy.map_or_else(|| "-".into(), |a| format!("{a:.1}")),
            r.inaccuracies,
            r.mistakes,
            r.blunders
        );
    }
    s.push_str("</table>\n<ol id=\"review-list\">");
    let mut marks = Vec::new();
    for d in review.decisions.iter().filter(|d| d.grade.is_error()) {
        let step = d.index + 1;
        let said = suggestion(variant, d);
        let _ = write!(
            s,
            "<li class=\"g-{}\" data-step=\"{step}\"><button type=\"button\" data-step=\"{step}\">\
             {} {step} · {} · {}: {}</button> <span class=\"suggestion\">{}</span></li>",
            d.grade.id(),
            word("review-decision"),
            xml_escape(&seat_label(d.seat)),
            xml_escape(&grade_word(d)),
            xml_escape(&t.action(variant, d.played)),
            xml_escape(&said)
        );
        marks.push(json!([step, d.grade.id(), grade_word(d), said]));
    }
    s.push_str("</ol>\n");
    let data = json!({ "x0": LEFT, "dx": dx, "marks": marks }).to_string();
    // Safe inside <script>: no "</" can end the element early.
    let data = data.replace("</", "<\\/");
    let _ = writeln!(
        s,
        "<script id=\"review-data\" type=\"application/json\">{data}</script>\n</section>"
    );
    s
}
