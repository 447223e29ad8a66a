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
//! web client shares (`metropolys_server::web::REPLAY_SCRIPT`).

use crate::narrate::{seat_name, CallLog, Narrator, Voice};
use metropolys_core::svg::{self, xml_escape, Piece};
use metropolys_core::{Event, Kind, NeighborhoodId, RecordedAction, State, Token, Variant};
use metropolys_server::web::REPLAY_SCRIPT;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The key to the neighborhood colours (as on the printed board).
fn kind_key() -> String {
    let mut k = String::from("<p class=\"key\">Neighborhoods:");
    for &kind in Kind::ALL {
        let _ = write!(
            k,
            " <span class=\"swatch\" style=\"background:{}\"></span> {kind} ({})",
            svg::kind_color(kind),
            svg::kind_color_name(kind)
        );
    }
    k.push_str("</p>");
    k
}

/// The legend of the seats' colours (as the buildings are drawn), with who
/// played each seat when it is known (`who[p]`, empty when not).
fn seat_key(players: u8, who: &[String]) -> String {
    let mut k = String::from("<p class=\"key\" id=\"seats\">Seats:");
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

/// The pieces on the board at one step.
#[derive(Debug, Clone, Default)]
struct Pieces {
    /// (neighborhood, seat, building number).
    buildings: Vec<(NeighborhoodId, u8, u8)>,
    /// (neighborhood, token index in `Token::ALL`).
    tokens: Vec<(NeighborhoodId, usize)>,
    /// (neighborhood, seat, building number), the latest bid last.
    bids: Vec<(NeighborhoodId, u8, u8)>,
}

impl Pieces {
    fn of(state: &State) -> Pieces {
        let mut p = Pieces::default();
        for id in 0..metropolys_core::NEIGHBORHOOD_COUNT as u8 {
            if let Some((seat, number)) = state.building_at(id) {
                p.buildings.push((id, seat, number));
            }
            if let Some(t) = state.token_at(id) {
                p.tokens.push((id, t.index()));
            }
        }
        p.bids = state
            .bids()
            .iter()
            .map(|b| (b.neighborhood, b.player, b.building))
            .collect();
        p
    }
}

/// One step of the replay: the setup, or one decision and what followed
/// it (forced passes, the end of the call).
#[derive(Debug, Clone)]
struct Step {
    /// The call's index among the calls told (None: the setup).
    call: Option<usize>,
    /// How many lines of the call's account are shown.
    lines: usize,
    /// The decision's own line (counting from 1), 0 for the setup.
    line: usize,
    pieces: Pieces,
    highlight: Option<NeighborhoodId>,
    /// Total prestige per seat as the position stands.
    totals: Vec<i32>,
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
/// each seat (`human`, a bot spec; empty when not known).
pub fn page(
    title: &str,
    header: &str,
    initial: &State,
    actions: &[RecordedAction],
    scores: &str,
    who: &[String],
) -> String {
    let (steps, calls, ending, end) = replay_steps(initial, actions);
    let board = svg::scripted_board(initial, &pieces_used(&steps));
    let data = replay_data(header, initial, &end, &steps, &calls);
    // Safe inside <script>: no "</" can end the element early.
    let data = data.to_string().replace("</", "<\\/");
    let status = match end.to_act() {
        Some(p) => format!("Game not over: {} to act.", seat_name(p)),
        None => ending.unwrap_or_default(),
    };
    let title = xml_escape(title);
    fill(
        PAGE,
        &[
            ("title", &title),
            ("style", STYLE),
            ("header", &xml_escape(header)),
            ("key", &kind_key()),
            ("seats", &seat_key(initial.players(), who)),
            ("board", &board),
            ("sheet", &xml_escape(scores)),
            ("status", &xml_escape(&status)),
            ("data", &data),
            ("pieces_script", svg::PIECES_SCRIPT),
            ("replay_script", REPLAY_SCRIPT),
            ("start_script", START),
        ],
    )
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

/// The steps of the replay (the setup, then one per decision the engine
/// accepts), the calls as told, the ending's text and the last position.
fn replay_steps(
    initial: &State,
    actions: &[RecordedAction],
) -> (Vec<Step>, Vec<CallLog>, Option<String>, State) {
    let totals = |s: &State| -> Vec<i32> { s.totals().totals().to_vec() };
    let mut narrator = Narrator::new(initial, Voice::Account);
    let mut steps = vec![Step {
        call: None,
        lines: 0,
        line: 0,
        pieces: Pieces::of(initial),
        highlight: None,
        totals: totals(initial),
    }];
    let mut state = *initial;
    for ra in actions {
        let Ok((after, events)) = state.apply_for(ra.player, ra.action) else {
            break;
        };
        let first_mark = narrator.marks().len();
        narrator.feed(&events);
        // The decision's own line is the first the action told (forced
        // passes and the end of the call follow it).
        if let Some(&(call, line)) = narrator.marks().get(first_mark) {
            let built = events.iter().find_map(|e| match e {
                Event::Constructed { neighborhood, .. } => Some(*neighborhood),
                _ => None,
            });
            steps.push(Step {
                call: Some(call),
                lines: narrator.lines_told(call),
                line,
                pieces: Pieces::of(&after),
                highlight: built,
                totals: totals(&after),
            });
        }
        state = after;
    }
    let (calls, ending) = narrator.finish();
    (steps, calls, ending, state)
}

/// Every piece the steps show, each drawn once at (0, 0) as a definition.
fn pieces_used(steps: &[Step]) -> Vec<Piece> {
    let mut used = BTreeSet::new();
    for s in steps {
        used.extend(
            s.pieces
                .buildings
                .iter()
                .map(|&(_, seat, n)| Piece::Building(seat, n)),
        );
        used.extend(
            s.pieces
                .tokens
                .iter()
                .filter_map(|&(_, t)| Token::ALL.get(t).map(|&t| Piece::Token(t))),
        );
        let last = s.pieces.bids.len();
        used.extend(
            s.pieces
                .bids
                .iter()
                .enumerate()
                .map(|(i, &(_, seat, number))| Piece::Bid {
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
/// the seats, the setup as told, the calls as told and one row per step.
fn replay_data(
    setup: &str,
    initial: &State,
    end: &State,
    steps: &[Step],
    calls: &[CallLog],
) -> Value {
    json!({
        "setup": setup,
        "points": (0..metropolys_core::NEIGHBORHOOD_COUNT as u8)
            .map(|id| { let (x, y) = svg::point(id); json!([x.round() as i32, y.round() as i32]) })
            .collect::<Vec<_>>(),
        "seats": (0..initial.players()).map(seat_name).collect::<Vec<_>>(),
        "expert": initial.variant() == Variant::Expert,
        "over": end.is_over(),
        "calls": calls.iter().map(|c| json!({
            "call": c.call, "title": c.title, "lines": c.lines,
        })).collect::<Vec<_>>(),
        "steps": steps.iter().map(|s| {
            let mut v = vec![
                json!(s.call.map_or(-1, |c| c as i64)),
                json!(s.lines),
                json!(s.line),
                json!(s.pieces.buildings.iter().map(|&(n, p, b)| [n, p, b]).collect::<Vec<_>>()),
                json!(s.pieces.tokens.iter().map(|&(n, t)| [n as usize, t]).collect::<Vec<_>>()),
                json!(s.pieces.bids.iter().map(|&(n, p, b)| [n, p, b]).collect::<Vec<_>>()),
                json!(s.highlight.map_or(-1, i32::from)),
                json!(s.totals),
            ];
            v.shrink_to_fit();
            Value::Array(v)
        }).collect::<Vec<_>>(),
    })
}
