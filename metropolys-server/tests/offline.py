"""The offline page in real browsers, with no game server: written as a
static folder by `metropolys web DIR` and hosted by Python's http.server, a
whole Expert game against the greedy bot in a Web Worker, played by
clicking, with a decision taken back (undo); at every decision the page is
checked against the engine (the `metropolys` Python module replaying the
record the page offers for download). Then hot-seat on a phone: two people
at one screen, each seeing only their own cards, and only once they say
they are ready (R-21). The same page served by `metropolys serve` at
/offline loads under the server's Content Security Policy. axe-core audits
each page; screenshots go to OUT.

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
from selenium.webdriver.common.by import By

from pages import (LAPTOP, PHONE, audit, body, browser, click_move, errors, page_record, select, small_targets,
                   snapshot, static_site, wait)

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
        if checked == 8:
            d.save_screenshot(os.path.join(OUT, "offline.png"))
            audits["game"] = audit(d, "the offline game")
        if not undone and s["move"] >= 10:
            d.find_element(By.ID, "undo").click()
            wait(d, lambda: int(body(d, "data-move")) < s["move"] and body(d, "data-to-act") == "0", "undone")
            after = page_record(d)
            assert len(after["actions"]) < len(record["actions"])
            assert after["actions"] == record["actions"][:len(after["actions"])]
            undone = True
            continue
        click_move(d, s, rng)
        wait(d, lambda: int(body(d, "data-move")) > s["move"], "the move is played", 20)
    wait(d, lambda: body(d, "data-status") == "finished", "the end", 30)
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

    # ----- the same page from the game server --------------------------------
    d.get(served + "offline")
    d.execute_script("localStorage.clear()")
    d.get(served + "offline")
    setup(d, 3, ["human", "random", "greedy"], seed=5, variant="family")
    wait(d, lambda: snapshot(d)["legal"], "a move to play")
    assert not errors(d), errors(d)
    print(f"offline: a game of {len(end.scores())} seats, {checked} positions checked against the engine, "
          f"a decision undone, hot-seat cards hidden between turns; axe passes: {audits}")
finally:
    for x in drivers:
        x.quit()
    host.kill()
    server.kill()
    shutil.rmtree(tmp, ignore_errors=True)
