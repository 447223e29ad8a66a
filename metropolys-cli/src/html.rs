//! The self-contained HTML replay: one SVG board per call, the call's account
//! beside it, step controls (buttons and arrow keys), the score sheet at the
//! end. No network: styles and script are inline.

use crate::account::{seat_name, CallLog};
use metropolys_core::svg::{self, xml_escape, SvgOptions};
use metropolys_core::{Kind, State};
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

/// The HTML page for a told game.
pub fn page(title: &str, header: &str, calls: &[CallLog], end: &State, scores: &str) -> String {
    let mut h = String::with_capacity(calls.len() * 48 * 1024 + 8192);
    let title = xml_escape(title);
    let _ = write!(
        h,
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: Helvetica, Arial, sans-serif; margin: 1em; background: #fafaf7; color: #222; }}
h1 {{ font-size: 1.3em; margin: 0 0 .4em; }}
.controls {{ margin: .5em 0; display: flex; gap: .4em; align-items: center; }}
.controls button {{ font-size: 1em; padding: .2em .8em; }}
.frame {{ display: flex; gap: 1em; flex-wrap: wrap; align-items: flex-start; }}
.frame[hidden] {{ display: none; }}
.frame svg {{ max-width: 100%; height: auto; width: 760px; border: 1px solid #ccc; }}
.key .swatch {{ display: inline-block; width: .9em; height: .9em; border: 1px solid #5b5346; border-radius: 50%; vertical-align: -.1em; }}
.log {{ white-space: pre; font-family: Menlo, Consolas, monospace; font-size: .85em; }}
pre {{ font-size: .85em; }}
</style></head>
<body>
<h1>{title}</h1>
<details><summary>Setup</summary><pre>{}</pre></details>
<div class="controls">
<button id="first" title="first call (Home)">&#x23EE;</button>
<button id="prev" title="previous call (&#x2190;)">&#x25C0;</button>
<button id="next" title="next call (&#x2192;)">&#x25B6;</button>
<button id="last" title="last call (End)">&#x23ED;</button>
<span id="where"></span>
</div>
{}
"#,
        xml_escape(header),
        kind_key()
    );
    for (i, c) in calls.iter().enumerate() {
        let caption = if c.summary.is_empty() {
            format!("Call {} (going on)", c.call)
        } else {
            format!("Call {}: {}", c.call, c.summary)
        };
        let board = svg::render_with(
            &c.state,
            &SvgOptions {
                highlight: c.built,
                caption: Some(caption),
                ..SvgOptions::default()
            },
        );
        let mut log = xml_escape(&c.title);
        for l in &c.lines {
            log.push('\n');
            log.push_str(&xml_escape(l));
        }
        let _ = write!(
            h,
            "<section class=\"frame\" data-call=\"{}\"{}>\n{board}\n<div class=\"log\">{log}</div>\n</section>\n",
            c.call,
            if i + 1 == calls.len() { "" } else { " hidden" }
        );
    }
    let status = match end.to_act() {
        Some(p) => format!("Game not over: {} to act.", seat_name(p)),
        None => String::new(),
    };
    let _ = write!(
        h,
        r#"<h2>Score sheet</h2>
<pre>{}{}</pre>
<script>
(function () {{
  var frames = document.querySelectorAll('.frame');
  var at = frames.length - 1;
  function show(i) {{
    if (frames.length === 0) return;
    at = Math.max(0, Math.min(frames.length - 1, i));
    for (var k = 0; k < frames.length; k++) frames[k].hidden = (k !== at);
    document.getElementById('where').textContent =
      'call ' + frames[at].getAttribute('data-call') + ' (' + (at + 1) + ' of ' + frames.length + ')';
  }}
  document.getElementById('first').onclick = function () {{ show(0); }};
  document.getElementById('prev').onclick = function () {{ show(at - 1); }};
  document.getElementById('next').onclick = function () {{ show(at + 1); }};
  document.getElementById('last').onclick = function () {{ show(frames.length - 1); }};
  document.addEventListener('keydown', function (e) {{
    if (e.key === 'ArrowLeft') show(at - 1);
    else if (e.key === 'ArrowRight') show(at + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(frames.length - 1);
  }});
  show(0);
}})();
</script>
</body></html>
"#,
        xml_escape(scores),
        xml_escape(&status)
    );
    h
}
