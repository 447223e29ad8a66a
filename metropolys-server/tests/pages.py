"""What the browser tests of the web client share (browser.py, offline.py):
Chromium through Selenium with an exact viewport, waiting, the pages'
state as the DOM shows it, layout checks and the accessibility audit
(axe-core, bundled by the PyPI package selenium-axe-python)."""

import os
import socket
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait
from selenium_axe_python import Axe

CHROMIUM = os.environ.get("METROPOLYS_CHROMIUM", "/usr/bin/chromium")
DRIVER = os.environ.get("METROPOLYS_CHROMEDRIVER", "/usr/bin/chromedriver")
LAPTOP = (1280, 800)
PHONE = (390, 844)
TAP = 44  # the smallest tap target, in CSS pixels


def browser(size=LAPTOP):
    """Headless Chromium whose viewport is exactly `size` (a phone's, with
    touch, when narrow); the page's console is kept."""
    width, height = size
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              f"--window-size={max(width, 500)},{height + 140}"):
        o.add_argument(a)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(DRIVER), options=o)
    d.set_script_timeout(30)
    set_size(d, size)
    return d


def set_size(d, size):
    width, height = size
    mobile = width < 600
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile})


def errors(d):
    """The page's console errors (uncaught exceptions included)."""
    return [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"
            and "favicon" not in e["message"]]


def wait(d, cond, what, timeout=30):
    """Waits until `cond()` holds; a timeout names `what` and the page's console errors."""
    try:
        return WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda _: cond(), message=what)
    except TimeoutException:
        raise TimeoutException(f"{what} (the page's console: {errors(d)})") from None


def body(d, attr):
    return d.execute_script("return document.body.getAttribute(arguments[0])", attr)


# What a page shows, read off its DOM: the pieces on the board (from the
# <use> elements core's pieces script places: href #b{seat}_{n}, #d/#l
# bids, #t{i} tokens), the legal neighborhoods, the seat's cards and supply.
SNAPSHOT_JS = """
const q = s => Array.from(document.querySelectorAll(s));
const ref = e => e.getAttribute('href').slice(1);
const n = e => parseInt(e.getAttribute('data-n'), 10);
const piece = e => { const m = /^[bdl](\\d)_(\\d+)$/.exec(ref(e)); return [n(e), +m[1], +m[2]]; };
const d = document.body.dataset;
return {
  move: parseInt(d.move, 10),
  status: d.status,
  seat: d.seat === undefined || d.seat === '' ? null : parseInt(d.seat, 10),
  to_act: d.toAct === '' || d.toAct === undefined ? null : parseInt(d.toAct, 10),
  legal_agrees: d.legalAgrees,
  buildings: q('#pieces use.building').map(piece),
  bids: q('#pieces use.bid').map(piece),
  tokens: q('#pieces use.token').map(e => [n(e), parseInt(ref(e).slice(1), 10)]),
  supply: (document.getElementById('supply').dataset.supply || ''),
  cards: q('#cards [data-card]').map(e => e.getAttribute('data-card')),
  legal: q('.neighborhood.legal').map(n),
  pass: !document.getElementById('pass').disabled && !document.getElementById('actions').hidden,
  turn: document.getElementById('turn').textContent,
  html: document.documentElement.outerHTML,
};
"""


def snapshot(d):
    return d.execute_script(SNAPSHOT_JS)


def rect(d, element):
    return d.execute_script("const r = arguments[0].getBoundingClientRect();"
                            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
                            " width: r.width, height: r.height};", element)


def viewport(d):
    return d.execute_script("return [window.innerWidth, window.innerHeight]")


def assert_inside(d, element, what):
    """`element` is wholly inside the viewport (no scrolling needed)."""
    r = rect(d, element)
    w, h = viewport(d)
    assert r["width"] > 0 and r["height"] > 0, f"{what} is not shown: {r}"
    assert r["left"] >= -0.5 and r["top"] >= -0.5 and r["right"] <= w + 0.5 and r["bottom"] <= h + 0.5, \
        f"{what} is not inside the {w}x{h} viewport: {r}"


def overlaps(a, b):
    return not (a["right"] <= b["left"] or a["left"] >= b["right"]
                or a["bottom"] <= b["top"] or a["top"] >= b["bottom"])


def small_targets(d, selector):
    """The elements of `selector` shown smaller than a tap target."""
    return d.execute_script("""
        return Array.from(document.querySelectorAll(arguments[0])).filter(e => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && (r.width < arguments[1] - 0.5 || r.height < arguments[1] - 0.5);
        }).map(e => (e.id || e.className.baseVal || e.className || e.tagName) + ' ' +
                    Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height));
    """, selector, TAP)


def audit(d, where):
    """axe-core's audit of the page as it stands: no serious or critical
    violation. Returns the count of rules that passed."""
    axe = Axe(d)
    axe.inject()
    results = axe.run()
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, f"accessibility ({where}):\n" + Axe.report(bad)
    return len(results["passes"])


def assert_no_page_scroll(d, what):
    """The page itself does not scroll (its boxes may scroll inside)."""
    sizes = d.execute_script(
        "const e = document.documentElement; return [e.scrollWidth, e.scrollHeight, innerWidth, innerHeight,"
        " Array.from(document.querySelectorAll('body *')).filter(x => x.getBoundingClientRect().bottom > innerHeight + 1"
        " && getComputedStyle(x).position !== 'fixed').slice(0, 5).map(x => x.id || x.className),"
        " ['header', '#game', '.side', '.board-area', '#turnbox', 'main'].map(s => { const e = document.querySelector(s);"
        " if (!e) return s; const r = e.getBoundingClientRect(); return s + ' ' + Math.round(r.top) + '-' + Math.round(r.bottom); })]")
    assert sizes[0] <= sizes[2] and sizes[1] <= sizes[3], f"{what}: the page scrolls: {sizes}"


REACHABLE_JS = """
// Brought into view as a person would (the boxes that scroll, scrolled),
// `e` must then be inside the viewport and inside every box that clips it;
// a box that hides its overflow cannot be scrolled by a person, so it must
// not have needed scrolling.
const e = arguments[0];
e.scrollIntoView({block: 'nearest', inline: 'nearest'});
const r = e.getBoundingClientRect();
const bad = [];
const name = a => a.id || String(a.className) || a.tagName;
if (r.width <= 0 || r.height <= 0) bad.push('not shown');
if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
  bad.push('outside the viewport: ' + JSON.stringify(r));
for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
  const st = getComputedStyle(a);
  if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
  const b = a.getBoundingClientRect();
  const left = b.left + a.clientLeft, top = b.top + a.clientTop;
  const right = left + a.clientWidth, bottom = top + a.clientHeight;
  if (r.left < left - 0.5 || r.right > right + 0.5 || r.top < top - 0.5 || r.bottom > bottom + 0.5)
    bad.push('clipped by ' + name(a) + ': ' + JSON.stringify([left, top, right, bottom]) + ' ' + JSON.stringify(r));
  if ((st.overflowX === 'hidden' || st.overflowX === 'clip') && a.scrollLeft > 0) bad.push('sideways past ' + name(a) + "'s hidden overflow");
  if ((st.overflowY === 'hidden' || st.overflowY === 'clip') && a.scrollTop > 0) bad.push('down past ' + name(a) + "'s hidden overflow");
}
return bad;
"""


def assert_reachable(d, element, what):
    """`element` can be brought into view, wholly, by scrolling the boxes a person can scroll."""
    bad = d.execute_script(REACHABLE_JS, element)
    assert not bad, f"{what} cannot be reached: {bad}"


# The pop of a new piece, held at moments of its animation (restarted and
# paused, so that the moments are exact however busy the machine): where
# its box stands against its neighborhood's circle.
POP_HELD_JS = """
const out = [];
for (const u of document.querySelectorAll('#pieces use.new')) {
  const n = u.getAttribute('data-n');
  const c = document.querySelector('#n' + n + ' circle').getBoundingClientRect();
  u.classList.remove('new');
  u.getBoundingClientRect();
  u.classList.add('new');
  const a = u.getAnimations()[0];
  if (!a) { out.push({n, error: 'no animation'}); continue; }
  a.pause();
  for (const ms of [0, 50, 150, 250, 350, 450]) {
    a.currentTime = ms;
    const r = u.getBoundingClientRect();
    out.push({n, ms, dx: r.left + r.width / 2 - (c.left + c.width / 2), dy: r.top + r.height / 2 - (c.top + c.height / 2),
              width: r.width, radius: c.width / 2});
  }
  a.finish();
}
return out;
"""

# The same, sampled live at each frame while pieces pop in (the page as it
# comes: started before a move, read after).
POP_SAMPLER_JS = """
const samples = window.popSamples = [];
const until = performance.now() + arguments[0];
const frame = () => {
  for (const u of document.querySelectorAll('#pieces use.new')) {
    const a = u.getAnimations()[0];
    if (!a || a.playState !== 'running') continue;
    const n = u.getAttribute('data-n');
    const c = document.querySelector('#n' + n + ' circle').getBoundingClientRect();
    const r = u.getBoundingClientRect();
    samples.push({n, ms: a.currentTime, dx: r.left + r.width / 2 - (c.left + c.width / 2),
                  dy: r.top + r.height / 2 - (c.top + c.height / 2), width: r.width, radius: c.width / 2});
  }
  if (performance.now() < until) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""


def off_place(samples):
    """The samples of popping pieces whose box is not centred on their neighborhood."""
    return [x for x in samples if "error" in x or abs(x["dx"]) > x["radius"] or abs(x["dy"]) > x["radius"]]


def assert_pops_in_place(d, what):
    """Every piece that has just popped in stays on its neighborhood throughout its animation;
    returns how many were checked."""
    held = d.execute_script(POP_HELD_JS)
    assert not off_place(held), f"{what}: pieces pop in away from their neighborhood: {off_place(held)[:4]}"
    return len({x["n"] for x in held})


def start_pop_sampler(d, ms=3000):
    d.execute_script(POP_SAMPLER_JS, ms)


def pop_samples(d):
    return d.execute_script("return window.popSamples || []")


def free_port():
    """A TCP port of loopback that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def page_record(d):
    """The record the offline page offers for download (its 'Record' link)."""
    return d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('save-link').href).then(r => r.json()).then(done, e => done(String(e)));")


def select(d, css, value):
    """Chooses `value` in the select `css`."""
    d.find_element(By.CSS_SELECTOR, f"{css} option[value='{value}']").click()


def click_move(d, s, rng):
    """Plays a random legal move of snapshot `s` by clicking: a pass now and
    then, else a legal neighborhood and a building in the picker."""
    if s["pass"] and (not s["legal"] or rng.random() < 0.3):
        d.find_element(By.ID, "pass").click()
        return
    n = rng.choice(s["legal"])
    target = d.find_element(By.CSS_SELECTOR, f"#n{n}")
    d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", target)
    target.click()
    wait(d, lambda: d.find_element(By.ID, "picker").is_displayed(), "the picker")
    rng.choice(d.find_elements(By.CSS_SELECTOR, "#picker-buttons button")).click()


def static_site(bin_path, site):
    """Writes the offline page as a static folder (`metropolys web SITE`)
    and hosts it with Python's http.server on a free port of loopback;
    returns the server's process and the site's address, once it answers."""
    subprocess.run([bin_path, "web", site], check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    host = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", site],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return host, f"http://127.0.0.1:{port}/"
