//! The self-contained HTML replay. The board is drawn once (core's
//! `svg::render_board`); every piece that appears in the game (tokens,
//! buildings, bids, the ring around a new building) is drawn once as an SVG
//! definition (core's `svg::*_piece`); a small inline script places them for
//! the step shown. A step is one decision — an action a player chose, as the
//! record lists them; forced passes are not decisions and are told
//! with the decision they follow — and step 0 is the setup. Beside the
//! board: the running score (the score sheet at the last step), then the
//! call's account up to the step, wrapped and scrolling within its box so
//! that the score stays in view. A legend names the seats' colours (and who
//! played each seat, when the record says). Controls are buttons with
//! inline SVG icons and keys: ← → a decision, ↑ ↓ (or Shift+← →, Page Up
//! and Page Down) a call, Home and End. `?step=N` in the address opens step
//! N. No network: styles and script are inline. The page is a template
//! beside this file (`html/replay.html`, with `replay.css` and
//! `replay.js`, which starts the replay); the pieces are placed by core's
//! `svg::PIECES_SCRIPT`, the steps shown by the replay script the server's
//! web client shares (`metropolys_web::REPLAY_SCRIPT`). With the
//! bots' review of the game ([`review`]), the page shows it below the board
//! (a win-chance graph that steers the replay, the grades) and marks the
//! graded decisions in the log.

mod review;

use crate::narrate::{seat_name, texts};
use metropolys_bots::review::Review;
use metropolys_core::svg::{self, xml_escape, Piece};
use metropolys_core::{Kind, RecordedAction, State, Token, Variant};
use metropolys_text::{Replay, ReplayStep, Seats};
use metropolys_web::REPLAY_SCRIPT;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The key to the neighborhood colours (as on the printed board), the
/// kinds named in the chosen language.
fn kind_key() -> String {
    let t = texts();
    let mut k = format!(
        "<p class=\"key\">{}",
        xml_escape(&t.format("replay-neighborhoods", &[]))
    );
    for &kind in Kind::ALL {
        let _ = write!(
            k,
            " <span class=\"swatch\" style=\"background:{}\"></span> {}",
            svg::kind_color(kind),
            xml_escape(&t.kind(kind))
        );
    }
    k.push_str("</p>");
    k
}

/// The legend of the seats' colours (as the buildings are drawn), with who
/// played each seat when it is known (`who[p]`, empty when not).
fn seat_key(players: u8, who: &[String]) -> String {
    let mut k = format!(
        "<p class=\"key\" id=\"seats\">{}",
        xml_escape(&texts().format("ui-seats", &[]))
    );
    for p in 0..players {
        let player = who
            .get(p as usize)
            .filter(|w| !w.is_empty())
            .map_or_else(String::new, |w| format!(": {}", xml_escape(w)));
        let _ = write!(
            k,
            " <span class=\"seat\"><span class=\"piece\" style=\"background:{}\"></span> {p} {}{player}</span>",
            svg::PLAYER_COLORS[p as usize % 4],
            seat_name(p)
        );
    }
    k.push_str("</p>");
    k
}

/// The page template, its style and the script that starts the replay
/// (files beside this one); the pieces are placed by core's
/// [`svg::PIECES_SCRIPT`], the steps shown by the web client's
/// [`REPLAY_SCRIPT`].
const PAGE: &str = include_str!("html/replay.html");
const STYLE: &str = include_str!("html/replay.css");
const START: &str = include_str!("html/replay.js");

/// The HTML page replaying `actions` from `initial`, stopping before the
/// first action the engine refuses. `header` is the setup as told,
/// `scores` the score sheet shown at the last step, and `who` who played
/// each seat (`human`, a bot spec; empty when not known); `review`, the
/// bots' review of the game, when it is to be shown.
pub fn page(
    title: &str,
    header: &str,
    initial: &State,
    actions: &[RecordedAction],
    scores: &str,
    who: &[String],
    review: Option<&Review>,
) -> String {
    let replay = Replay::new(texts(), initial, actions, Seats::colors());
    let board = svg::scripted_board(initial, &pieces_used(&replay.steps));
    let data = replay_data(header, initial, &replay);
    // Safe inside <script>: no "</" can end the element early.
    let data = data.to_string().replace("</", "<\\/");
    let end = replay.end;
    let status = match end.to_act() {
        Some(p) => texts().format("replay-not-over", &[("who", seat_name(p).into())]),
        None => replay.ending.join(" "),
    };
    let title = xml_escape(title);
    let (header_text, key, seats) = (
        xml_escape(header),
        kind_key(),
        seat_key(initial.players(), who),
    );
    let (sheet, status_text) = (xml_escape(scores), xml_escape(&status));
    // The page's own words, in the chosen language.
    let t = texts();
    let word = |id: &str| xml_escape(&t.format(id, &[]));
    let lang = t.lang().tag().split('-').next().unwrap_or("en").to_string();
    let words = [
        ("lang", lang),
        ("t_setup", word("replay-setup-title")),
        ("t_keys", word("replay-keys")),
        ("t_sheet", word("ui-score-sheet")),
        ("t_first", word("ui-replay-first")),
        ("t_prevcall", word("ui-replay-prevcall")),
        ("t_prev", word("ui-replay-prev")),
        ("t_next", word("ui-replay-next")),
        ("t_nextcall", word("ui-replay-nextcall")),
        ("t_last", word("ui-replay-last")),
    ];
    let mut values: Vec<(&str, &str)> = words.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let shown_review = review.map_or_else(String::new, |r| review::section(r, initial.variant()));
    let (review_style, review_script) = match review {
        Some(_) => (review::STYLE, review::SCRIPT),
        None => ("", ""),
    };
    values.extend([
        ("review", shown_review.as_str()),
        ("review_style", review_style),
        ("review_script", review_script),
        ("title", title.as_str()),
        ("style", STYLE),
        ("header", &header_text),
        ("key", &key),
        ("seats", &seats),
        ("board", &board),
        ("sheet", &sheet),
        ("status", &status_text),
        ("data", &data),
        ("pieces_script", svg::PIECES_SCRIPT),
        ("replay_script", REPLAY_SCRIPT),
        ("start_script", START),
    ]);
    fill(PAGE, &values)
}

/// `template` with each `{{name}}` replaced by its value, in one pass over
/// the template (a value is never scanned for placeholders).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find("}}").and_then(|end| {
            let name = &after[..end];
            values.iter().find(|v| v.0 == name).map(|v| (v.1, end))
        }) {
            Some((value, end)) => {
                out.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every piece the steps show, each drawn once at (0, 0) as a definition.
fn pieces_used(steps: &[ReplayStep]) -> Vec<Piece> {
    let mut used = BTreeSet::new();
    for s in steps {
        used.extend(s.3.iter().map(|&[_, seat, n]| Piece::Building(seat, n)));
        used.extend(
            s.4.iter()
                .filter_map(|&[_, t]| Token::ALL.get(usize::from(t)).map(|&t| Piece::Token(t))),
        );
        let last = s.5.len();
        used.extend(
            s.5.iter()
                .enumerate()
                .map(|(i, &[_, seat, number])| Piece::Bid {
                    seat,
                    number,
                    latest: i + 1 == last,
                }),
        );
    }
    used.insert(Piece::Highlight);
    used.into_iter().collect()
}

/// What the replay script reads (its `D`): the neighborhoods' centres,
/// the setup as told, and the replay's seats, calls, steps and words
/// (metropolys-text's `Replay`, which the web client's replay gets too).
fn replay_data(setup: &str, initial: &State, replay: &Replay) -> Value {
    json!({
        "setup": setup,
        "points": (0..metropolys_core::NEIGHBORHOOD_COUNT as u8)
            .map(|id| { let (x, y) = svg::point(id); json!([x.round() as i32, y.round() as i32]) })
            .collect::<Vec<_>>(),
        "seats": replay.seats,
        "expert": initial.variant() == Variant::Expert,
        "over": replay.over,
        "calls": replay.calls,
        "steps": replay.steps,
        "where": replay.where_,
        "score_title": replay.score_title,
    })
}
