"""The web client in the languages of the printed rulebook, in real
browsers: the offline page (a static folder from `metropolys web DIR`)
plays a whole game against the greedy bot in Czech and in Polish, by
clicking; the page's event log must hold exactly the lines the command
line tells for the page's own record in that language (`metropolys --lang
L replay`), and no rule number. The pseudo-locale (`?lang=en-XA`,
accented and 40 % longer) is laid out at 1280x800 and 390x844 with no
text cut off by its box and no page that scrolls sideways. The language
menu changes the language and remembers it; the rules page and the guided
first game speak French. Screenshots of each go to OUT.

Usage: python languages.py METROPOLYS_BIN OUT_DIR   (scripts/test-server)
"""

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from pages import LAPTOP, PHONE, body, browser, click_move, errors, page_record, select, snapshot, static_site, wait

BIN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
rng = random.Random(41)


def start(d, seats, seed, variant="family"):
    wait(d, lambda: body(d, "data-page") == "setup", "the setup")
    select(d, "#players", str(len(seats)))
    select(d, "#variant", variant)
    for i, kind in enumerate(seats):
        select(d, f"select[name=seat{i}]", kind)
    box = d.find_element(By.ID, "seed")
    box.clear()
    box.send_keys(str(seed))
    d.find_element(By.ID, "start").click()
    wait(d, lambda: body(d, "data-page") == "game", "the game")


def play_out(d, seconds=240):
    """Plays seat 0 by clicking until the game ends."""
    deadline = time.time() + seconds
    while body(d, "data-status") != "finished" and time.time() < deadline:
        if body(d, "data-to-act") != "0":
            time.sleep(0.05)
            continue
        wait(d, lambda: snapshot(d)["legal"] or snapshot(d)["pass"], "legal actions", 10)
        s = snapshot(d)
        click_move(d, s, rng)
        wait(d, lambda: int(body(d, "data-move")) > s["move"] or body(d, "data-status") == "finished",
             "the move is played", 20)
    wait(d, lambda: body(d, "data-status") == "finished", "the end", 30)


def log_lines(d):
    return d.execute_script("return Array.from(document.querySelectorAll('#log li')).map(li => li.textContent)")


def cli_lines(record, lang, tmp):
    """The calls' titles and lines, then the ending, as the command line tells the record."""
    path = os.path.join(tmp, f"record-{lang}.json")
    with open(path, "w") as f:
        json.dump(record, f)
    out = subprocess.run([BIN, "--lang", lang, "replay", path], check=True, capture_output=True, text=True).stdout
    return out


CLIPPED_JS = """
// Text cut off by its own box: an element whose content is wider or
// taller than the box that clips it (overflow other than visible), or a
// control (button, label, tab, heading, cell) whose text runs past it.
const bad = [];
for (const e of document.querySelectorAll('button, a.button, label, th, td, h1, h2, h3, [role=tab], .turn, .headline, p, li, legend, option, select')) {
  const r = e.getBoundingClientRect();
  // Shown to screen readers only (visually-hidden: a 1-pixel clip), or not shown.
  if (r.width <= 1 || r.height <= 1 || e.closest('.visually-hidden')) continue;
  const st = getComputedStyle(e);
  const clips = st.overflowX !== 'visible' || st.textOverflow === 'ellipsis' || st.whiteSpace === 'nowrap';
  if (clips && e.scrollWidth > e.clientWidth + 1 && !e.closest('.tabpanel, .board-wrap, .log, #players-table')) {
    bad.push((e.id || e.className || e.tagName) + ': ' + e.textContent.slice(0, 40) + ' ' + e.scrollWidth + '>' + e.clientWidth);
  }
}
const doc = document.documentElement;
if (doc.scrollWidth > innerWidth + 1) bad.push('the page scrolls sideways: ' + doc.scrollWidth + '>' + innerWidth);
return bad;
"""


tmp = tempfile.mkdtemp(prefix="mtp-languages-")
site = os.path.join(tmp, "site")
host, static = static_site(BIN, site)
drivers = []
results = {}
try:
    d = browser(LAPTOP)
    drivers.append(d)

    # ----- a whole game in Czech and in Polish ---------------------------
    for lang, seed in (("cs", 12), ("pl", 13)):
        d.get(f"{static}?lang={lang}")
        d.execute_script("localStorage.clear()")
        d.get(f"{static}?lang={lang}")
        wait(d, lambda: body(d, "data-page") == "setup", "the setup")
        assert d.execute_script("return document.documentElement.lang") == lang
        start(d, ["human", "greedy"], seed)
        play_out(d)
        record = page_record(d)
        told = cli_lines(record, lang, tmp)
        lines = log_lines(d)
        # Every line of the page's log is a line the command line tells, in order.
        cli = [line.strip() for line in told.splitlines() if line.strip()]
        at = 0
        for line in lines:
            while at < len(cli) and cli[at] != line:
                at += 1
            assert at < len(cli), f"{lang}: the page's line {line!r} is not the command line's"
            at += 1
        calls = [x for x in lines if re.match(r"^\S+ \S*\s?\d+:", x)]
        assert len(lines) > 60 and calls, (lang, len(lines))
        for line in lines:
            assert not re.search(r"R-\d|§", line), f"{lang}: a rule number in {line!r}"
        page = d.find_element(By.TAG_NAME, "body").text
        assert "Your turn" not in page and "Score" not in page, f"{lang}: English left on the page"
        d.save_screenshot(os.path.join(OUT, f"offline-{lang}.png"))
        assert not errors(d), errors(d)
        results[lang] = len(lines)

    # ----- the language menu, remembered ----------------------------------
    d.get(static)
    d.execute_script("localStorage.clear()")
    d.get(static)
    wait(d, lambda: body(d, "data-page") == "setup", "the setup")
    Select(d.find_element(By.ID, "language")).select_by_value("fr")
    wait(d, lambda: d.execute_script("return document.documentElement.lang") == "fr", "French")
    wait(d, lambda: body(d, "data-page") == "setup", "the setup in French")
    d.get(static)
    wait(d, lambda: body(d, "data-page") == "setup", "the setup again")
    assert d.execute_script("return document.documentElement.lang") == "fr", "the choice is remembered"
    assert d.find_element(By.ID, "start").text == "Commencer" or d.find_element(By.ID, "start").text != "Start"

    # ----- the guided first game and the rules page, in French -------------
    d.find_element(By.ID, "guided").click()
    wait(d, lambda: body(d, "data-page") == "game", "the guided game")
    wait(d, lambda: d.find_element(By.ID, "guide").is_displayed(), "the guide's first words")
    first = d.find_element(By.ID, "guide-text").text
    assert first and "R-" not in first
    d.save_screenshot(os.path.join(OUT, "guided-fr.png"))
    d.get(static + "rules.html")
    wait(d, lambda: body(d, "data-page") == "rules", "the rules page")
    text = d.find_element(By.ID, "rules-page").text
    assert "appel d'offres" in text.lower() and not re.search(r"R-\d|§", text), text[:300]
    assert d.find_elements(By.CSS_SELECTOR, "#call-board svg") and d.find_elements(By.CSS_SELECTOR, "#legend svg")
    d.save_screenshot(os.path.join(OUT, "rules-fr.png"))
    assert not errors(d), errors(d)

    # ----- the pseudo-locale: nothing clipped, at 1280x800 and 390x844 -----
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        p = browser(size)
        drivers.append(p)
        p.get(f"{static}?lang=en-XA")
        p.execute_script("localStorage.clear()")
        p.get(f"{static}?lang=en-XA")
        wait(p, lambda: body(p, "data-page") == "setup", "the setup")
        bad = p.execute_script(CLIPPED_JS)
        assert not bad, f"pseudo-locale, {name}, the setup: {bad}"
        start(p, ["human", "greedy"], 21, variant="expert")
        wait(p, lambda: snapshot(p)["legal"], "a move to play")
        bad = p.execute_script(CLIPPED_JS)
        assert not bad, f"pseudo-locale, {name}, the game: {bad}"
        p.save_screenshot(os.path.join(OUT, f"pseudo-{name}.png"))
        assert not errors(p), errors(p)
    print(f"languages: whole games in Czech ({results['cs']} log lines) and Polish ({results['pl']}) "
          "told as the command line tells them; the menu remembered French; the guided game and the rules "
          "page in French; the pseudo-locale clips nothing at 1280x800 and 390x844")
finally:
    for x in drivers:
        x.quit()
    host.kill()
    shutil.rmtree(tmp, ignore_errors=True)
