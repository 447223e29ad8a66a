"""The bots' review of a finished game in the web client, in real browsers.

Offline (the page as a static folder, `metropolys web DIR`): a game with a
person at the screen offers no review while it is played; a game between
two bots in Web Workers plays to its end, and the review is computed in a
Web Worker (the package's ReviewWorker) while the page keeps answering. The
graph has one line per seat; a click on a point shows the board at that
decision (the pieces are the engine's at that step: the `metropolys` Python
module replays the record's first decisions), the arrow keys move along it,
a graded decision of the list shows the move the bot would have chosen
(its sentence, and its bid as a ghost on the board), and each seat has its
accuracy. The layout is checked at 1280x800 and on a phone 375 px wide (no
horizontal scrolling), axe-core audits it, and the panel speaks Czech,
Polish and French.

Online (`metropolys serve`): a match with a bot is not reviewed while it is
played (the page never asks the server); once it is over, the table and
the replay show the server's review (`GET /api/v1/matches/{id}/review`),
whose points move the board and the replay.

Screenshots go to OUT_DIR (look at them: review-*.png).

Usage: python review.py METROPOLYS_BIN OUT_DIR   (scripts/test-server)
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
import urllib.request

import metropolys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import (LAPTOP, audit, body, browser, click_move, errors, page_record, select, set_size, snapshot,
                   static_site, wait)

BIN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
PHONE_375 = (375, 812)
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GRADES = ("inaccuracy", "mistake", "blunder")


def catalogue(lang):
    """The review's messages of a catalogue (metropolys-text/locales), id -> text."""
    path = os.path.join(ROOT, "metropolys-text", "locales", lang, "metropolys.ftl")
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^(review-[a-z-]+) = (.*)$", line.rstrip("\n"))
            if m:
                out[m.group(1)] = m.group(2)
    return out


def setup(d, players, seats, seed, variant="family", replace=False):
    """Starts a game; `replace`: one that replaces the saved game in progress (the page asks first)."""
    wait(d, lambda: body(d, "data-page") == "setup", "the setup")
    select(d, "#players", str(players))
    select(d, "#variant", variant)
    for i, kind in enumerate(seats):
        select(d, f"select[name=seat{i}]", kind)
    box = d.find_element(By.ID, "seed")
    box.clear()
    box.send_keys(str(seed))
    d.find_element(By.ID, "start").click()
    if replace:
        wait(d, lambda: d.find_element(By.ID, "discard").is_displayed(), "the question before the saved game is replaced")
        d.find_element(By.ID, "discard-yes").click()
    wait(d, lambda: body(d, "data-page") == "game", "the game")


def review_state(d, box="review"):
    return d.execute_script("const e = document.getElementById(arguments[0]);"
                            "return e.hidden ? 'hidden' : e.dataset.state", box)


def not_offered(d, box="review"):
    """No review, nor anything to ask for one, is shown."""
    assert review_state(d, box) in ("hidden", None, "none"), review_state(d, box)
    assert not any(e.is_displayed() for e in d.find_elements(By.CSS_SELECTOR, f"#{box} button")), "a review button"


def ask(d, preset, box="review", timeout=120):
    """Asks for the review by `preset` and waits for it; returns how long it took."""
    select(d, f"#{box}-preset", preset)
    t = time.time()
    d.find_element(By.ID, f"{box}-start").click()
    wait(d, lambda: review_state(d, box) in ("ready", "failed"), "the review", timeout)
    assert review_state(d, box) == "ready", d.find_element(By.ID, f"{box}-status").text
    return time.time() - t


def steps(d, box="review"):
    return int(d.execute_script(
        f"return document.querySelector('#{box} .review-graph').getAttribute('aria-valuemax')"))


def shown_step(d, box="review"):
    return int(d.execute_script(f"return document.getElementById('{box}').dataset.step"))


def click_step(d, k, box="review"):
    """Clicks step `k`'s column of the graph, as a person would."""
    column = d.find_element(By.CSS_SELECTOR, f"#{box} rect.review-step[data-step='{k}']")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", d.find_element(By.CSS_SELECTOR, f"#{box} .review-graph"))
    ActionChains(d).move_to_element(column).click().perform()
    wait(d, lambda: shown_step(d, box) == k, f"step {k} shown")


def pieces_at(record, k):
    """The buildings and bids after the first `k` decisions of `record`, as the engine has them."""
    part = dict(record)
    part["actions"] = record["actions"][:k]
    state = metropolys.load_record(part).to_dict()
    return (sorted([c["neighborhood"], c["player"], c["building"]] for c in state["constructed"]),
            sorted([b["neighborhood"], b["player"], b["building"]] for b in state["bids"]))


def board_pieces(d):
    s = snapshot(d)
    return sorted(s["buildings"]), sorted(s["bids"])


def check_graph(d, players, box="review"):
    lines = d.find_elements(By.CSS_SELECTOR, f"#{box} .review-graph polyline.review-line")
    assert len(lines) == players, f"{len(lines)} lines for {players} seats"
    colours = {line.get_attribute("stroke") for line in lines}
    assert len(colours) == players, colours
    seats = d.find_elements(By.CSS_SELECTOR, f"#{box} .review-seats li")
    assert len(seats) == players, len(seats)
    return len(d.find_elements(By.CSS_SELECTOR, f"#{box} .review-list li"))


def no_horizontal_scroll(d, what):
    sizes = d.execute_script("return [document.documentElement.scrollWidth, innerWidth,"
                             " Array.from(document.querySelectorAll('#review *, #replay-review *')).filter(e => {"
                             "   const r = e.getBoundingClientRect(); return r.width > 0 && r.right > innerWidth + 0.5; })"
                             " .slice(0, 5).map(e => e.className.baseVal ?? e.className)]")
    assert sizes[0] <= sizes[1] and not sizes[2], f"{what}: wider than the window: {sizes}"


def look(d, box, name):
    """A screenshot of the page with the review in view."""
    d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'start'})", box)
    d.save_screenshot(os.path.join(OUT, name))


tmp = tempfile.mkdtemp(prefix="mtp-review-")
site = os.path.join(tmp, "site")
host, static = static_site(BIN, site)
server = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0", "--database", os.path.join(tmp, "db.sqlite"),
                           "--bot-seconds", "0.05"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
url = server.stdout.readline().split("open ")[1].split(" ")[0]
drivers = []
report = []
try:
    d = browser(LAPTOP)
    drivers.append(d)
    en = catalogue("en")

    # ----- offline: no review while a game is played ------------------------------
    d.get(static)
    d.execute_script("localStorage.clear()")
    d.get(static)
    setup(d, 2, ["human", "beginner"], seed=4)
    wait(d, lambda: snapshot(d)["legal"], "a move to play")
    assert body(d, "data-status") == "playing"
    not_offered(d)
    before = int(body(d, "data-move"))
    click_move(d, snapshot(d), random.Random(3))
    wait(d, lambda: int(body(d, "data-move")) > before, "a move played")
    not_offered(d)

    # ----- offline: two bots play, the review is computed in a worker ---------------
    # (The game left for a new one stays saved: Start asks before replacing it.)
    d.find_element(By.ID, "new-game-link").click()
    setup(d, 2, ["beginner", "casual"], seed=5, replace=True)
    wait(d, lambda: body(d, "data-status") == "finished", "the bots' game ends", 120)
    record = page_record(d)
    n = len(record["actions"])
    wait(d, lambda: review_state(d) == "offered", "the review offered at the end")
    assert d.find_element(By.ID, "review-start").text == en["review-start"]
    # While it is computed the page keeps answering (a script comes back at once).
    select(d, "#review-preset", "strong")
    d.find_element(By.ID, "review-start").click()
    probes = []
    while review_state(d) == "computing":
        t = time.perf_counter()
        d.execute_script("return document.body.dataset.status")
        probes.append(time.perf_counter() - t)
        time.sleep(0.02)
    assert review_state(d) == "ready", d.find_element(By.ID, "review-status").text
    graded = check_graph(d, 2)
    assert steps(d) == n, (steps(d), n)
    final = board_pieces(d)
    assert final == pieces_at(record, n), "the final position"
    # A point of the graph: the board at that decision.
    k = n // 2
    click_step(d, k)
    assert board_pieces(d) == pieces_at(record, k), f"the board at step {k}"
    where = d.find_element(By.CSS_SELECTOR, "#review .review-where").text
    assert re.search(rf"\b{k}\b", where) and re.search(rf"\b{n}\b", where), where
    assert d.find_element(By.CSS_SELECTOR, "#review .review-graph").get_attribute("aria-valuenow") == str(k)
    # The arrow keys move along the graph.
    ActionChains(d).send_keys(Keys.ARROW_RIGHT).perform()
    wait(d, lambda: shown_step(d) == k + 1, "one step on")
    assert board_pieces(d) == pieces_at(record, k + 1)
    ActionChains(d).send_keys(Keys.HOME).perform()
    wait(d, lambda: shown_step(d) == 0, "the setup")
    assert board_pieces(d) == pieces_at(record, 0)
    # The graded decisions: the catalogue's grade words, the suggestion, the ghost.
    words = {en[f"review-grade-{g}"] for g in GRADES}
    marks = d.find_elements(By.CSS_SELECTOR, "#review .review-list .grade")
    assert len(marks) == graded and all(m.text in words for m in marks), [m.text for m in marks]
    # The game's own log marks the same decisions, each on the line of its decision.
    listed = [(li.get_attribute("data-step"), li.get_attribute("data-grade"))
              for li in d.find_elements(By.CSS_SELECTOR, "#review .review-list li")]
    logged = d.execute_script("""
        return [...document.querySelectorAll('#log .log-grade')].map((g) => [
            String(Number(g.closest('li').dataset.decision) + 1), g.dataset.grade]);""")
    assert [tuple(x) for x in logged] == listed, (logged, listed)
    summary = d.find_element(By.CSS_SELECTOR, "#review .review-seats").text
    assert en["review-accuracy"] in summary and en["review-mistakes"] in summary, summary
    labels = d.find_element(By.ID, "review").text
    assert en["review-revealed"] in labels and en["review-known"] in labels, "the two readings named apart"
    ghosted = 0
    if graded:
        first = d.find_element(By.CSS_SELECTOR, "#review .review-list li button")
        step = int(first.get_attribute("data-step"))
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", first)
        first.click()
        wait(d, lambda: shown_step(d) == step, "the graded decision shown")
        assert board_pieces(d) == pieces_at(record, step)
        suggestion = d.find_element(By.CSS_SELECTOR, "#review .review-now .review-suggestion").text
        assert suggestion.startswith(en["review-suggestion"].split(":")[0]), suggestion
        # A bid the bot preferred is drawn on the board as a ghost, where it would have gone.
        bids = d.find_elements(By.CSS_SELECTOR, "#review .review-list li:not([data-best='pass']) button")
        if bids:
            li = bids[0].find_element(By.XPATH, "..")
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", bids[0])
            bids[0].click()
            wait(d, lambda: shown_step(d) == int(li.get_attribute("data-step")), "a decision the bot would have bid in")
            ghosts = d.find_elements(By.CSS_SELECTOR, "#ghosts use.ghost")
            assert len(ghosts) == 1 and ghosts[0].get_attribute("data-n") == li.get_attribute("data-best"), \
                [g.get_attribute("data-n") for g in ghosts]
            ghosted = len(ghosts)
            d.save_screenshot(os.path.join(OUT, "review-offline-ghost.png"))
    look(d, "review", "review-offline.png")
    passes = audit(d, "the offline review")
    # The final position again.
    d.execute_script("document.querySelector('#review .review-nav .secondary').click()")
    wait(d, lambda: shown_step(d) == n, "the final position")
    assert board_pieces(d) == final
    assert not d.find_elements(By.CSS_SELECTOR, "#ghosts use")
    # A phone 375 px wide: one column, nothing wider than the window.
    set_size(d, PHONE_375)
    time.sleep(0.3)
    no_horizontal_scroll(d, "the offline review at 375 px")
    click_step(d, k)
    look(d, "review", "review-offline-phone.png")
    look(d, "board-wrap", "review-offline-phone-board.png")
    set_size(d, LAPTOP)
    assert not errors(d), errors(d)
    probes.sort()
    report.append(f"offline: a game of {n} decisions reviewed by strong in a worker; the page answered in "
                  f"{probes[len(probes) // 2] * 1000 if probes else 0:.0f} ms (median) meanwhile; "
                  f"{graded} graded decisions, {ghosted} ghost; axe passes {passes}")

    # ----- the panel in Czech, Polish and French -------------------------------------
    for lang in ("cs", "pl", "fr"):
        words = catalogue(lang)
        d.get(f"{static}?lang={lang}")
        setup(d, 3, ["beginner", "beginner", "beginner"], seed=6)
        wait(d, lambda: body(d, "data-status") == "finished", f"the bots' game ends ({lang})", 120)
        wait(d, lambda: review_state(d) == "offered", "the review offered")
        ask(d, "beginner")
        check_graph(d, 3)
        text = d.find_element(By.ID, "review").text
        for key in ("review-title", "review-start", "review-known", "review-revealed", "review-accuracy"):
            assert words[key] in text, (lang, key, words[key])
        assert "review-" not in text, f"a message id shown ({lang})"
        grades = {words[f"review-grade-{g}"] for g in GRADES}
        assert all(m.text in grades for m in d.find_elements(By.CSS_SELECTOR, "#review .review-list .grade"))
        if lang == "fr":
            set_size(d, PHONE_375)
            time.sleep(0.3)
            no_horizontal_scroll(d, "the French review at 375 px")
            look(d, "review", "review-offline-phone-fr.png")
            set_size(d, LAPTOP)
        assert not errors(d), errors(d)
    report.append("the panel in cs, pl, fr: the catalogues' words")

    # ----- online: a match with a bot --------------------------------------------------
    def rest(method, path, payload=None):
        req = urllib.request.Request(f"{url}api/v1{path}", method=method,
                                     data=None if payload is None else json.dumps(payload).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            return json.loads(r.read())

    created = rest("POST", "/matches", {"players": 2, "variant": "family", "seats": ["human", "beginner"]})
    match = created["match"]["id"]
    joined = rest("POST", f"/matches/{match}/join", {"seat": 0})
    token = joined["token"]
    d.get(f"{url}#/match/{match}")
    wait(d, lambda: body(d, "data-status") == "playing", "the match is played")
    time.sleep(0.5)
    not_offered(d)
    # The seat plays by its WebSocket (a script in the page); the table watches.
    d.set_script_timeout(180)
    ws = url.replace("http", "ws", 1) + f"api/v1/matches/{match}/ws?token={token}"
    outcome = d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const ws = new WebSocket(arguments[0]);
        let seen = 0;
        ws.onmessage = (ev) => {
          const m = JSON.parse(ev.data);
          if (m.type !== 'update') return;
          if (m.status === 'finished') { ws.close(); done('finished'); return; }
          seen += 1;
          // While the table shows the match played, it offers no review and never asks for one.
          const box = document.getElementById('review');
          const asked = performance.getEntriesByType('resource').some(e => /\/api\/v1\/matches\/[^/]+\/review/.test(e.name));
          if (document.body.dataset.status === 'playing' && (!box.hidden || asked)) {
            ws.close(); done('offered during play'); return;
          }
          if (m.legal && m.legal.length) ws.send(JSON.stringify({move: m.move, action: m.legal[(m.move * 7) % m.legal.length]}));
        };
        ws.onerror = () => done('socket error');
    """, ws)
    assert outcome == "finished", outcome
    wait(d, lambda: body(d, "data-status") == "finished", "the table sees the end")
    online = rest("GET", f"/matches/{match}/record")
    m_n = len(online["actions"])
    wait(d, lambda: review_state(d) == "offered", "the review offered once the match is over")
    ask(d, "strong")
    check_graph(d, 2)
    assert steps(d) == m_n
    k = m_n // 3
    click_step(d, k)
    assert board_pieces(d) == pieces_at(online, k), "the table's board at that decision"
    look(d, "review", "review-online.png")
    passes_online = audit(d, "the online review")
    d.execute_script("document.querySelector('#review .review-nav .secondary').click()")
    wait(d, lambda: shown_step(d) == m_n, "the final position")
    assert board_pieces(d) == pieces_at(online, m_n)
    # The server's review is the engine's (the same reviewer and seed 0).
    served = rest("GET", f"/matches/{match}/review?preset=strong")
    assert len(served["decisions"]) == m_n and served["reviewer"] == "strong"
    # The replay of the finished match offers it too; its points move the replay.
    d.get(f"{url}#/replay/{match}")
    wait(d, lambda: body(d, "data-step") == "0", "the replay")
    wait(d, lambda: review_state(d, "replay-review") == "offered", "the review offered in the replay")
    ask(d, "strong", box="replay-review")
    check_graph(d, 2, box="replay-review")
    click_step(d, k, box="replay-review")
    wait(d, lambda: body(d, "data-step") == str(k), "the replay at that decision")
    shown = d.execute_script("return document.querySelectorAll('#replay-board #pieces use.building').length")
    assert shown == len(pieces_at(online, k)[0]), shown
    # The replay's own controls move the review's cursor.
    d.find_element(By.ID, "next").click()
    wait(d, lambda: body(d, "data-step") == str(k + 1), "the replay one step on")
    wait(d, lambda: shown_step(d, "replay-review") == k + 1, "the review follows the replay")
    set_size(d, PHONE_375)
    time.sleep(0.3)
    no_horizontal_scroll(d, "the replay's review at 375 px")
    look(d, "replay-review", "review-replay-phone.png")
    set_size(d, LAPTOP)
    look(d, "replay-review", "review-replay.png")
    assert not errors(d), errors(d)
    report.append(f"online: a match of {m_n} decisions, no review while played, the server's review on the "
                  f"table and in the replay; axe passes {passes_online}")
    print("\n".join(report))
    print(f"screenshots: {OUT}/review-*.png")
finally:
    for x in drivers:
        x.quit()
    host.kill()
    server.kill()
    shutil.rmtree(tmp, ignore_errors=True)
