"""The offline page in real browsers, with no game server: written as a
static folder by `metropolys web DIR` and hosted by Python's http.server, a
whole Expert game against the greedy bot in a Web Worker, played by
clicking, with a decision taken back (undo); at every decision the page is
checked against the engine (the `metropolys` Python module replaying the
record the page offers for download), and the pieces that pop in stay on
their neighborhoods all through their animation. Four bots play an Expert
game with the Metropolys cards, whose whole score sheet can be reached at
1280x800. Then hot-seat on a phone: two people at one screen, each seeing
only their own cards, and only once they say they are ready (R-21); once
reloaded, Start asks before a new game replaces the saved one (both
answers). The same page served by `metropolys serve` at /offline loads
under the server's Content Security Policy. axe-core audits each page;
screenshots go to OUT.

Usage: python offline.py METROPOLYS_BIN OUT_DIR   (scripts/test-server)
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

import metropolys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import (LAPTOP, PHONE, assert_pops_in_place, assert_reachable, audit, body, browser, click_move, errors,
                   off_place, page_record, pop_samples, select, small_targets, snapshot, start_pop_sampler,
                   static_site, wait)

BIN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
rng = random.Random(11)


def setup(d, players, seats, seed=None, variant="expert"):
    wait(d, lambda: body(d, "data-page") == "setup", "the setup")
    select(d, "#players", str(players))
    select(d, "#variant", variant)
    for i, kind in enumerate(seats):
        select(d, f"select[name=seat{i}]", kind)
    if seed is not None:
        box = d.find_element(By.ID, "seed")
        box.clear()
        box.send_keys(str(seed))
    d.find_element(By.ID, "start").click()
    wait(d, lambda: body(d, "data-page") == "game", "the game")


tmp = tempfile.mkdtemp(prefix="mtp-offline-")
site = os.path.join(tmp, "site")
host, static = static_site(BIN, site)
assert os.path.exists(os.path.join(site, "index.html")) and os.path.exists(os.path.join(site, "engine", "metropolys_wasm_bg.wasm"))
server = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0", "--database", os.path.join(tmp, "db.sqlite")],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
served = server.stdout.readline().split("open ")[1].split(" ")[0]
drivers = []
try:
    d = browser(LAPTOP)
    drivers.append(d)

    # ----- a whole game against a bot in a Worker, from the static folder ----
    d.get(static)
    audits = {"setup": audit(d, "the offline setup")}
    setup(d, 2, ["human", "greedy"], seed=7)
    checked = 0
    undone = False
    popped = live = 0
    deadline = time.time() + 240
    while body(d, "data-status") != "finished" and time.time() < deadline:
        if body(d, "data-to-act") != "0":
            time.sleep(0.05)
            continue
        wait(d, lambda: snapshot(d)["legal"] or snapshot(d)["pass"], "legal actions", 10)
        s = snapshot(d)
        record = page_record(d)
        game = metropolys.load_record(record)
        assert s["move"] == len(record["actions"]) and game.to_act == 0, (s["move"], game.to_act)
        v = game.view(0)
        assert sorted(s["buildings"]) == sorted([c["neighborhood"], c["player"], c["building"]] for c in v["constructed"])
        assert s["bids"] == [[x["neighborhood"], x["player"], x["building"]] for x in v["bids"]]
        assert s["supply"] == ",".join(map(str, v["supply"][0]))
        legal = game.legal_action_ids()
        assert sorted(set(i // 13 for i in legal if i < 715)) == sorted(s["legal"]), s["move"]
        assert s["pass"] == (715 in legal)
        checked += 1
        # The pieces that popped in since the last turn, as they came and held at moments of their pop.
        samples = pop_samples(d)
        assert not off_place(samples), f"pieces popped in away from their neighborhood: {off_place(samples)[:4]}"
        live += len(samples)
        if checked > 1:
            popped += assert_pops_in_place(d, f"move {s['move']}")
        if checked == 8:
            d.save_screenshot(os.path.join(OUT, "offline.png"))
            audits["game"] = audit(d, "the offline game")
            # The side panel's tabs by the arrow keys, as on the online table (controls.js).
            tabs = d.find_elements(By.CSS_SELECTOR, ".tabs [role=tab]")
            first = next(t for t in tabs if t.get_attribute("aria-selected") == "true")
            d.execute_script("arguments[0].focus()", first)
            ActionChains(d).send_keys(Keys.ARROW_RIGHT).perform()
            moved = d.switch_to.active_element
            assert moved.get_attribute("aria-selected") == "true" and moved.id != first.id, moved.id
            assert d.find_element(By.ID, moved.get_attribute("aria-controls")).is_displayed()
            ActionChains(d).send_keys(Keys.HOME).perform()
            assert d.switch_to.active_element.id == tabs[0].id
            d.execute_script("arguments[0].click()", first)
            d.execute_script("document.activeElement.blur()")
        if not undone and s["move"] >= 10:
            # U undoes (the keys the online table shares: controls.js).
            ActionChains(d).send_keys("u").perform()
            wait(d, lambda: int(body(d, "data-move")) < s["move"] and body(d, "data-to-act") == "0", "undone")
            after = page_record(d)
            assert len(after["actions"]) < len(record["actions"])
            assert after["actions"] == record["actions"][:len(after["actions"])]
            undone = True
            continue
        start_pop_sampler(d)
        click_move(d, s, rng)
        wait(d, lambda: int(body(d, "data-move")) > s["move"], "the move is played", 20)
    wait(d, lambda: body(d, "data-status") == "finished", "the end", 30)
    assert popped >= 10 and live > 0, (popped, live)
    record = page_record(d)
    assert [x["kind"] for x in record["seats"]] == ["human", "greedy"], record["seats"]
    path = os.path.join(tmp, "offline.json")
    with open(path, "w") as f:
        json.dump(record, f)
    subprocess.run([BIN, "verify", path], check=True, stdout=subprocess.DEVNULL)
    end = metropolys.load_record(record)
    sheet = d.find_element(By.ID, "score-sheet").text
    for sc in end.scores():
        assert str(sc["total"]) in sheet, (sc, sheet)
    d.save_screenshot(os.path.join(OUT, "offline-end.png"))
    audits["end"] = audit(d, "the offline end")
    assert undone and checked >= 10
    assert not errors(d), errors(d)

    # ----- four bots: the whole score sheet can be reached at 1280x800 --------
    d.get(static)
    wait(d, lambda: body(d, "data-page") == "setup", "the setup")
    select(d, "#players", "4")
    select(d, "#variant", "expert")
    d.find_element(By.ID, "metropolys-cards").click()
    for i in range(4):
        select(d, f"select[name=seat{i}]", "random")
    d.find_element(By.ID, "start").click()
    wait(d, lambda: body(d, "data-status") == "finished", "the four bots' game ends", 120)
    for css, what in (("#score-sheet tr:first-of-type th:last-child button", "the last seat's column"),
                      ("#score-sheet tr:last-child td:last-child", "the score sheet's last row, last column"),
                      ("#score-sheet tr[data-category=total] td:last-child", "the last seat's total")):
        assert_reachable(d, d.find_element(By.CSS_SELECTOR, css), what)
    d.execute_script("document.querySelector('.side').scrollTop = 0")
    d.save_screenshot(os.path.join(OUT, "offline-sheet-4.png"))
    assert not errors(d), errors(d)

    # ----- hot-seat on a phone ---------------------------------------------
    p = browser(PHONE)
    drivers.append(p)
    p.get(static)
    p.execute_script("localStorage.clear()")
    p.get(static)
    setup(p, 2, ["human", "human"], seed=3)
    whole = None
    handoffs = 0
    undone_hotseat = False
    for turn in range(6):
        seat = int(body(p, "data-to-act"))
        if p.find_element(By.ID, "handoff").is_displayed():
            # A new person to play: nothing of anyone's cards until they are ready.
            hidden = snapshot(p)
            at = hidden["html"].find('data-card="')
            assert hidden["cards"] == [] and at < 0, ("cards shown before the handoff", hidden["html"][at - 300:at + 100])
            p.find_element(By.ID, "handoff-ready").click()
            handoffs += 1
        wait(p, lambda: snapshot(p)["cards"] and body(p, "data-seat") == str(seat), "the cards of the seat to play")
        s = snapshot(p)
        record = page_record(p)
        whole = metropolys.load_record(record).to_dict()
        objective = whole["objectives"][seat]
        other = whole["objectives"][1 - seat]
        assert f"area:{objective['area']}" in s["cards"], (s["cards"], objective)
        for key in (f"area:{other['area']}", f"kind:{other['neighborhood']}"):
            if key not in s["cards"]:
                assert f'data-card="{key}"' not in s["html"], (seat, key)
        if turn == 0:
            small = small_targets(p, "#pass, #hint, #undo, .tabs [role=tab], .neighborhood.legal > circle")
            assert not small, f"tap targets under 44 px: {small}"
            p.save_screenshot(os.path.join(OUT, "offline-phone.png"))
            audits["phone"] = audit(p, "the offline game on a phone")
        if turn == 3:
            # Undo at one person's turn takes back the other's move: the page
            # hands the device over first, with nobody's cards on screen.
            p.find_element(By.ID, "undo").click()
            wait(p, lambda: p.find_element(By.ID, "handoff").is_displayed(), "the hand-over screen after an undo")
            hidden = snapshot(p)
            assert hidden["cards"] == [] and 'data-card="' not in hidden["html"], "cards shown after an undo"
            undone_hotseat = True
            continue
        click_move(p, s, rng)
        wait(p, lambda: int(body(p, "data-move")) > s["move"], "the move is played")
    assert handoffs >= 3 and undone_hotseat, handoffs
    assert not errors(p), errors(p)

    # ----- after a reload, Start asks before a new game replaces the saved one ----
    kept = p.execute_script("return localStorage.getItem('metropolys-offline')")
    assert kept, "the game in progress is saved"
    kept_moves = len(json.loads(kept)["record"]["actions"])

    def start_new(seed):
        wait(p, lambda: body(p, "data-page") == "setup", "the setup")
        select(p, "#players", "2")
        select(p, "select[name=seat1]", "greedy")
        box = p.find_element(By.ID, "seed")
        box.clear()
        box.send_keys(str(seed))
        p.find_element(By.ID, "start").click()

    p.get(static)
    wait(p, lambda: body(p, "data-page") == "setup", "the setup after a reload")
    assert p.find_element(By.ID, "resume").is_displayed()
    start_new(99)
    wait(p, lambda: p.find_element(By.ID, "discard").is_displayed(), "the question before the saved game is replaced")
    assert body(p, "data-page") == "setup"
    p.save_screenshot(os.path.join(OUT, "offline-replace-saved.png"))
    audits["replace"] = audit(p, "the question before a saved game is replaced")
    # No: the saved game stays, and goes on where it was.
    p.find_element(By.ID, "discard-no").click()
    assert not p.find_element(By.ID, "discard").is_displayed() and body(p, "data-page") == "setup"
    assert p.execute_script("return localStorage.getItem('metropolys-offline')") == kept, "the saved game changed"
    p.find_element(By.ID, "resume").click()
    wait(p, lambda: body(p, "data-page") == "game", "the saved game")
    assert int(body(p, "data-move")) == kept_moves, (body(p, "data-move"), kept_moves)
    # Yes: the new game replaces it (leaving a game for the setup asks nothing: it stays saved).
    p.find_element(By.ID, "new-game-link").click()
    start_new(99)
    wait(p, lambda: p.find_element(By.ID, "discard").is_displayed(), "the question again")
    p.find_element(By.ID, "discard-yes").click()
    wait(p, lambda: body(p, "data-page") == "game", "the new game")
    wait(p, lambda: json.loads(p.execute_script("return localStorage.getItem('metropolys-offline')") or "null")
         and json.loads(p.execute_script("return localStorage.getItem('metropolys-offline')"))["record"]["config"]["seed"] == 99,
         "the new game saved in place of the old one")
    assert not errors(p), errors(p)

    # ----- the same page from the game server --------------------------------
    d.get(served + "offline")
    d.execute_script("localStorage.clear()")
    d.get(served + "offline")
    setup(d, 3, ["human", "random", "greedy"], seed=5, variant="family")
    wait(d, lambda: snapshot(d)["legal"], "a move to play")
    assert not errors(d), errors(d)
    print(f"offline: a game of {len(end.scores())} seats, {checked} positions checked against the engine, "
          f"a decision undone, {popped} pieces popped in place ({live} live samples), a four-seat score sheet "
          f"reached, hot-seat cards hidden between turns, a saved game kept or replaced as asked; axe passes: {audits}")
finally:
    for x in drivers:
        x.quit()
    host.kill()
    server.kill()
    shutil.rmtree(tmp, ignore_errors=True)
