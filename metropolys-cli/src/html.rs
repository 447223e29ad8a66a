//! The self-contained HTML replay. The board is drawn once (core's
//! `svg::render_board`); every piece that appears in the game (tokens,
//! buildings, bids, the ring around a new building) is drawn once as an SVG
//! definition (core's `svg::*_piece`); a small inline script places them for
//! the step shown. A step is one decision — an action a player chose, as the
//! record lists them; forced passes (R-11) are not decisions and are told
//! with the decision they follow — and step 0 is the setup. Beside the
//! board: the running score (the score sheet at the last step), then the
//! call's account up to the step, wrapped and scrolling within its box so
//! that the score stays in view. A legend names the seats' colours (and who
//! played each seat, when the record says). Controls are buttons with
//! inline SVG icons and keys: ← → a decision, ↑ ↓ (or Shift+← →, Page Up
//! and Page Down) a call, Home and End. `?step=N` in the address opens step
//! N. No network: styles and script are inline.

use crate::narrate::{seat_name, Narrator, Voice};
use metropolys_core::svg::{self, xml_escape, Piece};
use metropolys_core::{Event, Kind, NeighborhoodId, RecordedAction, State, Token, Variant};
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
        let first_mark = narrator.marks.len();
        narrator.feed(&events, &after);
        // The decision's own line is the first the action told (forced
        // passes and the end of the call follow it).
        if let Some(&(call, line)) = narrator.marks.get(first_mark) {
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

    // The pieces used, drawn once each at (0, 0) as definitions.
    let variant = initial.variant();
    let mut used = BTreeSet::new();
    for s in &steps {
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
    let board = svg::scripted_board(initial, &used.into_iter().collect::<Vec<_>>());

    let data = json!({
        "points": (0..metropolys_core::NEIGHBORHOOD_COUNT as u8)
            .map(|id| { let (x, y) = svg::point(id); json!([x.round() as i32, y.round() as i32]) })
            .collect::<Vec<_>>(),
        "seats": (0..initial.players()).map(seat_name).collect::<Vec<_>>(),
        "expert": variant == Variant::Expert,
        "over": state.is_over(),
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
    });
    // Safe inside <script>: no "</" can end the element early.
    let data = data.to_string().replace("</", "<\\/");
    let status = match state.to_act() {
        Some(p) => format!("Game not over: {} to act.", seat_name(p)),
        None => ending.unwrap_or_default(),
    };

    let mut h = String::with_capacity(board.len() + data.len() + 16 * 1024);
    let title = xml_escape(title);
    let _ = write!(
        h,
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: Helvetica, Arial, sans-serif; margin: 1em; background: #fafaf7; color: #222; }}
h1 {{ font-size: 1.3em; margin: 0 0 .4em; }}
.controls {{ margin: .5em 0; display: flex; gap: .4em; align-items: center; flex-wrap: wrap; }}
.controls button {{ padding: .25em .6em; line-height: 0; }}
.controls button svg {{ width: 18px; height: 18px; }}
#where {{ font-weight: bold; margin-left: .5em; }}
.keys {{ color: #666; font-size: .85em; }}
.frame {{ display: flex; gap: 1em; flex-wrap: wrap; align-items: flex-start; }}
#board {{ flex: 1 1 540px; max-width: 760px; min-width: 0; }}
#board svg {{ width: 100%; height: auto; border: 1px solid #ccc; }}
.side {{ flex: 1 1 22em; min-width: 18em; max-width: 44em; }}
.log {{ white-space: pre-wrap; overflow-wrap: anywhere; font-family: Menlo, Consolas, monospace; font-size: .85em; margin: .6em 0 0; max-height: 24em; overflow-y: auto; border-top: 1px solid #ddd; padding-top: .3em; }}
.log div {{ padding-left: 2ch; text-indent: -2ch; }}
.log .now {{ background: #ffe89a; }}
.key {{ margin: .3em 0; }}
.key .swatch {{ display: inline-block; width: .9em; height: .9em; border: 1px solid #5b5346; border-radius: 50%; vertical-align: -.1em; }}
.key .seat {{ margin-right: .8em; white-space: nowrap; }}
.key .piece {{ display: inline-block; width: .9em; height: .9em; border: 2px solid #111; box-shadow: 0 0 0 1.5px #fff; border-radius: 2px; vertical-align: -.15em; }}
#score table {{ border-collapse: collapse; }}
#score td, #score th {{ padding: .1em .6em; text-align: right; }}
#sheet h2 {{ font-size: 1.05em; margin: 0 0 .3em; }}
#sheet pre {{ white-space: pre-wrap; margin: 0; }}
pre {{ font-size: .85em; }}
</style></head>
<body>
<h1>{title}</h1>
<details><summary>Setup</summary><pre>{header}</pre></details>
<div class="controls">
<button id="first" title="setup (Home)" aria-label="setup"><svg viewBox="0 0 16 16"><path d="M2 2h2v12H2zM14 2v12L5 8z"/></svg></button>
<button id="prevcall" title="previous call (Up, Page Up, Shift+Left)" aria-label="previous call"><svg viewBox="0 0 16 16"><path d="M8 2v12L1 8zM15 2v12L8 8z"/></svg></button>
<button id="prev" title="previous decision (Left)" aria-label="previous decision"><svg viewBox="0 0 16 16"><path d="M12 2v12L4 8z"/></svg></button>
<button id="next" title="next decision (Right)" aria-label="next decision"><svg viewBox="0 0 16 16"><path d="M4 2v12l8-6z"/></svg></button>
<button id="nextcall" title="next call (Down, Page Down, Shift+Right)" aria-label="next call"><svg viewBox="0 0 16 16"><path d="M1 2v12l7-6zM8 2v12l7-6z"/></svg></button>
<button id="last" title="last decision (End)" aria-label="last decision"><svg viewBox="0 0 16 16"><path d="M2 2v12l9-6zM12 2h2v12h-2z"/></svg></button>
<span id="where"></span>
<span class="keys">keys: Left/Right a decision, Up/Down a call, Home/End</span>
</div>
{key}
{seats}
<div class="frame">
<div id="board">{board}</div>
<div class="side">
<div id="score"></div>
<div id="sheet" hidden><h2>Score sheet</h2><pre>{sheet}{status}</pre></div>
<pre class="log" id="log"></pre>
</div>
</div>
<script id="replay-data" type="application/json">{data}</script>
<script>
(function () {{
  var D = JSON.parse(document.getElementById('replay-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var S = D.steps, last = S.length - 1, at = 0;
  var layer = document.getElementById('pieces');
  var setup = document.querySelector('details pre').textContent;
  function put(ref, n, cls) {{
    var u = document.createElementNS(NS, 'use');
    u.setAttribute('href', '#' + ref);
    u.setAttribute('x', D.points[n][0]);
    u.setAttribute('y', D.points[n][1]);
    u.setAttribute('class', cls);
    u.setAttribute('data-n', n);
    layer.appendChild(u);
  }}
  function text(tag, s, cls) {{
    var e = document.createElement(tag);
    e.textContent = s;
    if (cls) e.className = cls;
    return e;
  }}
  function callOf(i) {{ return S[i][0]; }}
  function show(i) {{
    at = Math.max(0, Math.min(last, i));
    var s = S[at];
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    s[4].forEach(function (t) {{ put('t' + t[1], t[0], 'token'); }});
    s[3].forEach(function (b) {{ put('b' + b[1] + '_' + b[2], b[0], 'building seat' + b[1]); }});
    s[5].forEach(function (b, k) {{
      var latest = k === s[5].length - 1;
      put((latest ? 'l' : 'd') + b[1] + '_' + b[2], b[0], 'bid seat' + b[1] + (latest ? ' latest' : ''));
    }});
    if (s[6] >= 0) put('h', s[6], 'highlight');
    var log = document.getElementById('log');
    log.textContent = '';
    var where;
    if (s[0] < 0) {{
      log.textContent = setup;
      where = 'setup · ' + last + ' decisions';
    }} else {{
      var c = D.calls[s[0]];
      log.appendChild(text('div', c.title));
      for (var k = 0; k < s[1]; k++) log.appendChild(text('div', c.lines[k], k + 1 === s[2] ? 'now' : ''));
      var now = log.querySelector('.now');
      if (now) log.scrollTop = Math.max(0, now.offsetTop - log.offsetTop - log.clientHeight / 2);
      where = 'call ' + c.call + ' · decision ' + at + ' of ' + last;
    }}
    document.getElementById('where').textContent = where;
    var score = document.getElementById('score');
    score.textContent = '';
    var sheet = document.getElementById('sheet');
    sheet.hidden = at !== last;
    if (at !== last) {{
      score.appendChild(text('div', 'Score as the position stands:'));
      var table = document.createElement('table'), head = document.createElement('tr'), row = document.createElement('tr');
      D.seats.forEach(function (name, p) {{
        head.appendChild(text('th', name));
        row.appendChild(text('td', String(s[7][p])));
      }});
      table.appendChild(head);
      table.appendChild(row);
      score.appendChild(table);
    }}
    document.body.setAttribute('data-step', at);
    document.body.setAttribute('data-call', s[0] < 0 ? 0 : D.calls[s[0]].call);
  }}
  function isEnd(i) {{ return i === last || callOf(i + 1) !== callOf(i); }}
  function nextCall() {{
    var i = at + 1;
    while (i < last && !isEnd(i)) i++;
    show(i);
  }}
  function prevCall() {{
    var i = at - 1;
    while (i > 0 && !isEnd(i)) i--;
    show(i);
  }}
  document.getElementById('first').onclick = function () {{ show(0); }};
  document.getElementById('prevcall').onclick = prevCall;
  document.getElementById('prev').onclick = function () {{ show(at - 1); }};
  document.getElementById('next').onclick = function () {{ show(at + 1); }};
  document.getElementById('nextcall').onclick = nextCall;
  document.getElementById('last').onclick = function () {{ show(last); }};
  document.addEventListener('keydown', function (e) {{
    var k = e.key;
    if (k === 'ArrowRight' && e.shiftKey || k === 'ArrowDown' || k === 'PageDown') nextCall();
    else if (k === 'ArrowLeft' && e.shiftKey || k === 'ArrowUp' || k === 'PageUp') prevCall();
    else if (k === 'ArrowRight') show(at + 1);
    else if (k === 'ArrowLeft') show(at - 1);
    else if (k === 'Home') show(0);
    else if (k === 'End') show(last);
    else return;
    e.preventDefault();
  }});
  var m = /[?&]step=(\d+)/.exec(window.location.search);
  show(m ? parseInt(m[1], 10) : 0);
}})();
</script>
</body></html>
"#,
        header = xml_escape(header),
        sheet = xml_escape(scores),
        status = xml_escape(&status),
        key = kind_key(),
        seats = seat_key(initial.players(), who),
    );
    h
}
