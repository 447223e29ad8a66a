//! The HTML replay in a real browser: headless Chromium loads a replay at a
//! given step (`?step=N`, one step per decision: an action a player chose),
//! the DOM it builds is checked against the game the engine replays,
//! screenshots of a middle step are checked for the board and its pieces,
//! a harness page steps through the replay with the keys, and the layout is
//! measured: the score beside the board and in view however long the log.
//!
//! Needs `METROPOLYS_CHROMIUM` (the browser to run, set by
//! `scripts/test-browser`, which installs Debian's `chromium-headless-shell`
//! when missing). Without it the test says so and does nothing.

use metropolys_core::{Event, Record, State};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the page should show at one step, computed from the record by the
/// engine alone.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Expected {
    call: u16,
    buildings: usize,
    tokens: usize,
    bids: usize,
    /// The step ends its call (the construction is on the board).
    ends_call: bool,
}

fn expected_steps(record: &Record) -> Vec<Expected> {
    let count = |s: &State| -> (usize, usize) {
        let b = (0..55).filter(|&i| s.building_at(i).is_some()).count();
        let t = (0..55).filter(|&i| s.token_at(i).is_some()).count();
        (b, t)
    };
    let mut state = State::new(&record.config).unwrap();
    let (b, t) = count(&state);
    let mut steps = vec![Expected {
        call: 0,
        buildings: b,
        tokens: t,
        bids: 0,
        ends_call: true,
    }];
    for ra in &record.actions {
        let call = state.call_number();
        let (after, events) = state.apply_for(ra.player, ra.action).unwrap();
        let built = events
            .iter()
            .any(|e| matches!(e, Event::Constructed { .. }));
        let (b, t) = count(&after);
        steps.push(Expected {
            call,
            buildings: b,
            tokens: t,
            bids: after.bids().len(),
            ends_call: built,
        });
        state = after;
    }
    steps
}

fn chromium() -> Option<String> {
    std::env::var("METROPOLYS_CHROMIUM")
        .ok()
        .filter(|s| !s.is_empty())
}

fn work_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the browser headless on `url` with extra arguments; returns stdout.
fn browse(browser: &str, profile: &Path, args: &[&str], url: &str) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--allow-file-access-from-files",
            "--virtual-time-budget=3000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .output()
        .expect("the browser runs");
    assert!(
        out.status.success(),
        "{browser} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A 4-player Expert game of `seed` played by `metropolys play`, its record
/// and HTML replay written to `rec` and `html`; the record.
fn play_expert(seed: &str, rec: &Path, html: &Path) -> Record {
    let o = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .args([
            "play",
            "--players",
            "4",
            "--variant",
            "expert",
            "--seed",
            seed,
        ])
        .arg("--record")
        .arg(rec)
        .arg("--html")
        .arg(html)
        .arg("--quiet")
        .output()
        .unwrap();
    assert!(o.status.success());
    Record::from_json(&std::fs::read_to_string(rec).unwrap()).unwrap()
}

/// Loads a harness page that writes `RESULT<json>END` and returns the JSON.
fn harness_result(browser: &str, profile: &Path, harness: &Path, args: &[&str]) -> String {
    let mut all = vec!["--dump-dom"];
    all.extend_from_slice(args);
    let dom = browse(
        browser,
        profile,
        &all,
        &format!("file://{}", harness.display()),
    );
    dom.split("RESULT")
        .nth(1)
        .and_then(|s| s.split("END").next())
        .unwrap_or_else(|| panic!("the harness did not run: {dom}"))
        .to_string()
}

/// The pieces drawn in a dumped DOM: (buildings, tokens, bids, highlight).
fn pieces_in(dom: &str) -> (usize, usize, usize, usize) {
    let layer = dom
        .split("<g id=\"pieces\">")
        .nth(1)
        .and_then(|s| s.split("</g>").next())
        .unwrap_or_else(|| panic!("no pieces layer in {dom}"));
    (
        layer.matches("class=\"building ").count(),
        layer.matches("class=\"token\"").count(),
        layer.matches("class=\"bid ").count(),
        layer.matches("class=\"highlight\"").count(),
    )
}

fn attr(dom: &str, name: &str) -> String {
    let key = format!("{name}=\"");
    let start = dom.find(&key).unwrap_or_else(|| panic!("no {name}")) + key.len();
    dom[start..].split('"').next().unwrap().to_string()
}

#[test]
#[ignore = "needs a browser: scripts/test-browser runs it with METROPOLYS_CHROMIUM set"]
fn the_replay_in_headless_chromium() {
    let browser = chromium().expect("METROPOLYS_CHROMIUM names the browser (scripts/test-browser)");
    let dir = work_dir();
    let profile = dir.join("profile");
    let (rec, html) = (dir.join("game.json"), dir.join("game.html"));
    let record = play_expert("2008", &rec, &html);
    let expected = expected_steps(&record);
    let last = expected.len() - 1;
    let url = format!("file://{}", html.display());

    // Step by step through the URL: a middle construction, the decision
    // after it (the next call's opening bid), the setup and the end.
    let middle = (last / 2..last).find(|&i| expected[i].ends_call).unwrap();
    for step in [middle, middle + 1, 0, last] {
        let dom = browse(
            &browser,
            &profile,
            &["--dump-dom"],
            &format!("{url}?step={step}"),
        );
        let e = &expected[step];
        assert_eq!(attr(&dom, "data-step"), step.to_string());
        let (b, t, d, h) = pieces_in(&dom);
        assert_eq!((b, t, d), (e.buildings, e.tokens, e.bids), "step {step}");
        assert_eq!(h, usize::from(e.ends_call && step > 0), "step {step}");
        // The score sheet only at the last step, a running score before.
        let sheet_hidden = dom.contains("<div id=\"sheet\" hidden=\"\">");
        assert_eq!(sheet_hidden, step != last, "step {step}");
        assert_eq!(
            dom.contains("<div id=\"score\"><div>Score as the position stands"),
            step != last,
            "step {step}"
        );
    }

    // A screenshot of the middle step: the board is drawn, with its pieces.
    let shot = dir.join(format!("step-{middle}.png"));
    let _ = std::fs::remove_file(&shot);
    browse(
        &browser,
        &profile,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,1000",
        ],
        &format!("{url}?step={middle}"),
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("a screenshot"),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (1280, 1000));
    let channels = info.color_type.samples();
    let pixels = &buf[..info.buffer_size()];
    let count = |rgb: [u8; 3]| -> usize {
        pixels
            .chunks(channels)
            .filter(|p| p[..3].iter().zip(rgb).all(|(&a, b)| a.abs_diff(b) <= 6))
            .count()
    };
    let total = (info.width * info.height) as usize;
    // The river (#9cc8e4) around the islands, a good part of the picture.
    assert!(count([0x9c, 0xc8, 0xe4]) > total / 40, "no river drawn");
    // Blue and brown buildings (#0072b2, #663300, core's PLAYER_COLORS)
    // are on the board by then.
    assert!(count([0x00, 0x72, 0xb2]) > 200, "no blue building drawn");
    assert!(count([0x66, 0x33, 0x00]) > 200, "no brown building drawn");
    eprintln!("screenshot of step {middle}: {}", shot.display());

    // The keys, through a harness page that drives the replay in a frame.
    let first_end = (1..=last).find(|&i| expected[i].ends_call).unwrap();
    let second_end = (first_end + 1..=last)
        .find(|&i| expected[i].ends_call)
        .unwrap();
    let harness = dir.join("keys.html");
    std::fs::write(
        &harness,
        format!(
            r#"<!DOCTYPE html><html><body><pre id="out"></pre>
<iframe id="f" src="{url}" width="1200" height="900"></iframe>
<script>
var f = document.getElementById('f');
f.onload = function () {{
  var d = f.contentDocument, w = f.contentWindow, log = [];
  function key(k, shift) {{
    d.dispatchEvent(new w.KeyboardEvent('keydown', {{ key: k, shiftKey: !!shift, bubbles: true }}));
    var layer = d.getElementById('pieces');
    log.push([k + (shift ? '+shift' : ''), Number(d.body.getAttribute('data-step')),
              layer.querySelectorAll('.building').length, layer.querySelectorAll('.bid').length,
              d.getElementById('sheet').hidden]);
  }}
  key('ArrowRight'); key('ArrowRight'); key('ArrowLeft');
  key('ArrowDown'); key('ArrowDown'); key('ArrowUp'); key('ArrowRight', true);
  key('PageUp'); key('End'); key('ArrowRight'); key('Home'); key('ArrowLeft');
  document.getElementById('out').textContent = 'RESULT' + JSON.stringify(log) + 'END';
}};
</script></body></html>"#
        ),
    )
    .unwrap();
    let json = harness_result(&browser, &profile, &harness, &[]);
    let log: Vec<(String, usize, usize, usize, bool)> = serde_json::from_str(&json).unwrap();
    let steps: Vec<(&str, usize)> = log.iter().map(|l| (l.0.as_str(), l.1)).collect();
    assert_eq!(
        steps,
        [
            ("ArrowRight", 1),
            ("ArrowRight", 2),
            ("ArrowLeft", 1),
            ("ArrowDown", first_end),
            ("ArrowDown", second_end),
            ("ArrowUp", first_end),
            ("ArrowRight+shift", second_end),
            ("PageUp", first_end),
            ("End", last),
            ("ArrowRight", last),
            ("Home", 0),
            ("ArrowLeft", 0),
        ]
    );
    for (k, step, buildings, bids, hidden) in &log {
        let e = &expected[*step];
        assert_eq!((*buildings, *bids), (e.buildings, e.bids), "{k} → {step}");
        assert_eq!(*hidden, *step != last, "{k} → {step}");
    }
}

/// The boxes of the board, the running score, the score sheet and the log
/// (left, top, right, bottom, in CSS pixels) in a window of 1280 × 1000,
/// at each of `steps` (`longest`: the step showing the most lines of
/// account; `last`: the last step) of the replay `html`.
fn layout(browser: &str, profile: &Path, html: &Path, name: &str) -> serde_json::Value {
    let harness = work_dir().join(format!("layout-{name}.html"));
    let url = format!("file://{}", html.display());
    std::fs::write(
        &harness,
        format!(
            r#"<!DOCTYPE html><html><body style="margin:0"><pre id="out"></pre>
<iframe id="f" width="1280" height="1000" style="border:0"></iframe>
<script>
var f = document.getElementById('f'), out = {{}}, todo = ['longest', 'last', 'setup'];
function measure(name) {{
  var d = f.contentDocument;
  function rect(id) {{ var r = d.getElementById(id).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }}
  var log = d.getElementById('log');
  out[name] = {{ step: Number(d.body.getAttribute('data-step')), board: rect('board'), score: rect('score'),
    sheet: rect('sheet'), log: rect('log'), scroll: [log.scrollHeight, log.clientHeight],
    seats: d.querySelectorAll('#seats .seat').length }};
}}
function next() {{
  var name = todo.shift();
  if (!name) {{ document.getElementById('out').textContent = 'RESULT' + JSON.stringify(out) + 'END'; return; }}
  f.onload = function () {{
    if (name === 'longest') {{
      var D = JSON.parse(f.contentDocument.getElementById('replay-data').textContent), best = 1;
      D.steps.forEach(function (s, i) {{ if (s[1] > D.steps[best][1]) best = i; }});
      f.onload = function () {{ measure(name); next(); }};
      f.src = '{url}?step=' + best;
      return;
    }}
    measure(name); next();
  }};
  f.src = '{url}?step=' + (name === 'last' ? 100000 : 0);
}}
next();
</script></body></html>"#
        ),
    )
    .unwrap();
    let json = harness_result(browser, profile, &harness, &["--window-size=1300,1100"]);
    serde_json::from_str(&json).unwrap()
}

#[test]
#[ignore = "needs a browser: scripts/test-browser runs it with METROPOLYS_CHROMIUM set"]
fn the_score_stays_beside_the_board_and_in_view() {
    let browser = chromium().expect("METROPOLYS_CHROMIUM names the browser (scripts/test-browser)");
    let dir = work_dir();
    let profile = dir.join("profile-layout");
    // A played game, and a record with a long description (told in the
    // setup at step 0).
    let (rec, html) = (dir.join("layout.json"), dir.join("layout.html"));
    let mut record = play_expert("7", &rec, &html);
    record.description = Some(format!("A long description: {}", "of the game ".repeat(40)));
    let described = dir.join("described.json");
    std::fs::write(&described, record.to_json_readable()).unwrap();
    let described_html = dir.join("described.html");
    let o = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .arg("replay")
        .arg(&described)
        .arg("--html")
        .arg(&described_html)
        .arg("--quiet")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for (name, page) in [("played", &html), ("described", &described_html)] {
        let l = layout(&browser, &profile, page, name);
        eprintln!("layout of {name}: {l}");
        let n = |v: &serde_json::Value, k: usize| v[k].as_f64().unwrap();
        for at in ["longest", "last", "setup"] {
            let m = &l[at];
            assert_eq!(m["seats"], 4, "{name} {at}: the legend");
            let (board, score, sheet, log) = (&m["board"], &m["score"], &m["sheet"], &m["log"]);
            // What matters at this step: the running score, or the score
            // sheet at the last step.
            let shown = if at == "last" { sheet } else { score };
            assert!(
                n(shown, 0) >= n(board, 2),
                "{name} {at}: the score is not beside the board: {m}"
            );
            assert!(
                n(shown, 1) < 1000.0,
                "{name} {at}: the score is below the fold: {m}"
            );
            if at != "last" {
                assert!(n(shown, 3) <= 1000.0, "{name} {at}: {m}");
            }
            // The log keeps to its box (it scrolls) and wraps long lines.
            assert!(n(log, 2) <= 1280.0, "{name} {at}: the log overflows: {m}");
            assert!(
                n(log, 3) - n(log, 1) <= 420.0,
                "{name} {at}: the log is not bounded: {m}"
            );
        }
    }
    // A screenshot of the longest account, to look at.
    let step = layout(&browser, &profile, &html, "again")["longest"]["step"].clone();
    let shot = dir.join("longest.png");
    browse(
        &browser,
        &profile,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,1000",
        ],
        &format!("file://{}?step={step}", html.display()),
    );
    assert!(shot.is_file());
    eprintln!(
        "screenshot of the longest account (step {step}): {}",
        shot.display()
    );
}

/// The bots' review in the replay (`replay --html --review`): a graded
/// decision of the list and a click on the win-chance graph show their
/// steps, the graph's cursor follows, and the log marks the graded
/// decision with its grade and the suggestion.
#[test]
#[ignore = "needs a browser: scripts/test-browser runs it with METROPOLYS_CHROMIUM set"]
fn the_review_steers_the_replay_in_headless_chromium() {
    let browser = chromium().expect("METROPOLYS_CHROMIUM names the browser (scripts/test-browser)");
    let dir = work_dir();
    let profile = dir.join("profile-review");
    let (rec, html) = (dir.join("review.json"), dir.join("review-plain.html"));
    let record = play_expert("11", &rec, &html);
    let page = dir.join("review.html");
    let o = Command::new(env!("CARGO_BIN_EXE_metropolys"))
        .arg("replay")
        .arg(&rec)
        .arg("--html")
        .arg(&page)
        .args(["--review", "beginner", "--quiet"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let url = format!("file://{}", page.display());
    let target = record.actions.len() / 3;
    let harness = dir.join("review-harness.html");
    std::fs::write(
        &harness,
        format!(
            r#"<!DOCTYPE html><html><body><pre id="out"></pre>
<iframe id="f" src="{url}" width="1200" height="900"></iframe>
<script>
var f = document.getElementById('f'), out = [];
function later(fn) {{ setTimeout(fn, 20); }}
f.onload = function () {{
  var d = f.contentDocument, w = f.contentWindow;
  var R = JSON.parse(d.getElementById('review-data').textContent);
  function state(what) {{
    var now = d.querySelector('#log .now');
    out.push({{ what: what, step: Number(d.body.getAttribute('data-step')),
      cursor: Number(d.getElementById('review-cursor').getAttribute('x1')),
      verdict: now && now.querySelector('.verdict') ? now.querySelector('.verdict').textContent : null,
      listed: d.querySelectorAll('#review-list li.now').length }});
  }}
  var button = d.querySelector('#review-list button');
  button.click();
  later(function () {{
    state('list ' + button.getAttribute('data-step'));
    var svg = d.getElementById('review-graph'), r = svg.getBoundingClientRect();
    var x = r.left + (R.x0 + {target} * R.dx) * r.width / svg.viewBox.baseVal.width;
    d.querySelector('#review-graph .plot').dispatchEvent(
      new w.MouseEvent('click', {{ clientX: x, clientY: r.top + r.height / 2, bubbles: true }}));
    later(function () {{
      state('graph {target}');
      document.getElementById('out').textContent = 'RESULT' + JSON.stringify({{ R: R, log: out }}) + 'END';
    }});
  }});
}};
</script></body></html>"#
        ),
    )
    .unwrap();
    let json = harness_result(&browser, &profile, &harness, &[]);
    let result: serde_json::Value = serde_json::from_str(&json).unwrap();
    let (r, log) = (&result["R"], result["log"].as_array().unwrap());
    let (x0, dx) = (r["x0"].as_f64().unwrap(), r["dx"].as_f64().unwrap());
    let first = &r["marks"][0];
    let step = first[0].as_u64().unwrap();
    // The list's first graded decision: its step, marked in the log with
    // its grade and the suggestion; the list and the cursor follow.
    assert_eq!(log[0]["step"].as_u64(), Some(step), "{result}");
    let verdict = log[0]["verdict"]
        .as_str()
        .unwrap_or_else(|| panic!("{result}"));
    assert!(
        verdict.starts_with(first[2].as_str().unwrap())
            && verdict.contains(first[3].as_str().unwrap()),
        "{verdict}"
    );
    assert_eq!(log[0]["listed"], 1, "{result}");
    assert!((log[0]["cursor"].as_f64().unwrap() - (x0 + step as f64 * dx)).abs() < 0.01);
    // A click on the graph: the step under it.
    assert_eq!(log[1]["step"].as_u64(), Some(target as u64), "{result}");
    assert!((log[1]["cursor"].as_f64().unwrap() - (x0 + target as f64 * dx)).abs() < 0.01);
}
