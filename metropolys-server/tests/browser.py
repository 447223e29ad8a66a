"""The web client in a real browser: two Chromium sessions (Selenium with
Debian's chromium-driver) take the two human seats of a match with a bot and
play a whole Expert game with the Metropolys cards by clicking (one move by
keyboard, one hint). At every move the page is checked against the engine
(the `metropolys` Python module replaying the game's record): pieces on the
board, seat to act, the seat's supply and cards; and a seat's page never
holds another seat's cards before the end. Screenshots go to OUT.

Usage: python browser.py METROPOLYS_BIN OUT_DIR   (scripts/test-server)
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import metropolys
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

BIN, OUT = sys.argv[1], sys.argv[2]
CHROMIUM = os.environ.get("METROPOLYS_CHROMIUM", "/usr/bin/chromium")
DRIVER = os.environ.get("METROPOLYS_CHROMEDRIVER", "/usr/bin/chromedriver")
AREA_TEXT = {  # what the client writes for an area card (app.js)
    "bridges": "Bridges: neighborhoods at both ends",
    "statues": "Statues: neighborhoods beside a statue",
    "lakes": "Lakes: neighborhoods beside a lake",
    "border": "Border: neighborhoods on the river",
    "districts": "Districts: a building in each district",
    "chains": "Chains: chains of adjacent neighborhoods",
}
os.makedirs(OUT, exist_ok=True)
rng = random.Random(7)


def browser(width, height):
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
              "--disable-gpu", f"--window-size={width},{height}"):
        o.add_argument(a)
    d = webdriver.Chrome(service=Service(DRIVER), options=o)
    d.set_script_timeout(10)
    return d


def wait(d, cond, what, timeout=30):
    return WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda _: cond(), message=what)


def body(d, attr):
    return d.execute_script("return document.body.getAttribute(arguments[0])", attr)


SNAPSHOT_JS = """
const q = s => Array.from(document.querySelectorAll(s));
const num = (e, a) => parseInt(e.getAttribute(a), 10);
return {
  move: parseInt(document.body.dataset.move, 10),
  status: document.body.dataset.status,
  to_act: document.body.dataset.toAct === '' ? null : parseInt(document.body.dataset.toAct, 10),
  buildings: q('#pieces use.building').map(e => [num(e, 'data-n'), num(e, 'data-seat'), num(e, 'data-num')]),
  bids: q('#pieces use.bid').map(e => [num(e, 'data-n'), num(e, 'data-seat'), num(e, 'data-num')]),
  tokens: q('#pieces use.token').map(e => [num(e, 'data-n'), e.getAttribute('data-token')]),
  supply: (document.getElementById('supply').dataset.supply || ''),
  cards: q('#cards [data-card]').map(e => e.getAttribute('data-card')),
  legal: q('.neighborhood.legal').map(e => num(e, 'data-n')),
  pass: !document.getElementById('pass').disabled,
  html: document.documentElement.outerHTML,
};
"""


def snapshot(d):
    return d.execute_script(SNAPSHOT_JS)


# ----- the server -----------------------------------------------------------

tmp = tempfile.mkdtemp(prefix="mtp-browser-")
server = subprocess.Popen(
    [BIN, "serve", "--addr", "127.0.0.1:0", "--database", os.path.join(tmp, "db.sqlite"),
     "--bot-seconds", "0.2"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
line = server.stdout.readline()
url = line.split("open ")[1].split(" ")[0]
print("server:", url)
drivers = []
try:
    a = browser(1280, 900)
    b = browser(1280, 900)
    drivers = [a, b]

    # Seat 0 creates an Expert match with the Metropolys cards and a bot.
    a.get(url)
    wait(a, lambda: a.find_elements(By.CSS_SELECTOR, "select[name=seat2]"), "the lobby")
    a.find_element(By.CSS_SELECTOR, "select[name=variant] option[value=expert]").click()
    a.find_element(By.NAME, "metropolys").click()
    a.find_element(By.CSS_SELECTOR, "select[name=seat2] option[value=greedy]").click()
    a.find_element(By.ID, "create-button").click()
    wait(a, lambda: body(a, "data-move") is not None, "seat 0 at the table")
    match = a.current_url.rsplit("/", 1)[1]
    a.save_screenshot(os.path.join(OUT, "waiting.png"))
    # Seat 1 joins from the lobby.
    b.get(url)
    wait(b, lambda: b.find_elements(By.CSS_SELECTOR, f"tr[data-match='{match}'] button.join"), "the match in the lobby")
    b.find_element(By.CSS_SELECTOR, f"tr[data-match='{match}'] button.join").click()
    wait(b, lambda: body(b, "data-move") is not None, "seat 1 at the table")
    seats = {a: int(body(a, "data-seat")), b: int(body(b, "data-seat"))}
    assert sorted(seats.values()) == [0, 1], seats

    snapshots = []  # (seat, snapshot)
    moves_by_keyboard = hinted = 0
    phone = shot = phone_shot = False
    deadline = time.time() + 240
    while time.time() < deadline:
        if all(body(d, "data-status") == "finished" for d in drivers):
            break
        progressed = False
        for d in drivers:
            seat = seats[d]
            if body(d, "data-status") != "playing" or body(d, "data-to-act") != str(seat):
                continue
            try:
                wait(d, lambda: snapshot(d)["legal"] or snapshot(d)["pass"], "legal actions", 5)
            except Exception:
                continue
            s = snapshot(d)
            snapshots.append((seat, s))
            move = s["move"]
            if not shot and move >= 25 and d is a:
                a.save_screenshot(os.path.join(OUT, "web-client.png"))
                shot = True
            if not phone and move >= 30 and d is b:
                b.set_window_size(390, 844)
                phone = True
            if not hinted and d is a:
                d.find_element(By.ID, "hint").click()
                wait(d, lambda: d.find_element(By.ID, "hint-text").get_attribute("data-action"), "a hint")
                h = int(d.find_element(By.ID, "hint-text").get_attribute("data-action"))
                assert (h == 715 and s["pass"]) or (h < 715 and h // 13 in s["legal"]), (h, s["legal"])
                hinted += 1
            if s["pass"] and (not s["legal"] or rng.random() < 0.35):
                d.find_element(By.ID, "pass").click()
            elif moves_by_keyboard == 0 and d is b:
                n = s["legal"][0]
                g = d.find_element(By.CSS_SELECTOR, f"#n{n}")
                d.execute_script("arguments[0].focus()", g)
                ActionChains(d).send_keys(Keys.ENTER).perform()
                wait(d, lambda: d.find_element(By.ID, "picker").is_displayed(), "the picker")
                ActionChains(d).send_keys(Keys.ENTER).perform()  # the focused first building
                moves_by_keyboard += 1
            else:
                n = rng.choice(s["legal"])
                d.find_element(By.CSS_SELECTOR, f"#n{n}").click()
                wait(d, lambda: d.find_element(By.ID, "picker").is_displayed(), "the picker")
                picks = d.find_elements(By.CSS_SELECTOR, "#picker-buttons button.pick")
                if phone and d is b and not phone_shot:
                    d.save_screenshot(os.path.join(OUT, "phone.png"))
                    phone_shot = True
                rng.choice(picks).click()
            wait(d, lambda: int(body(d, "data-move")) > move, "the move is played", 20)
            progressed = True
        if not progressed:
            time.sleep(0.1)
    for d in drivers:
        wait(d, lambda: body(d, "data-status") == "finished", "the end", 30)
    time.sleep(1.5)  # the log's animation
    b.set_window_size(1280, 900)
    a.save_screenshot(os.path.join(OUT, "final.png"))
    finals = {seats[d]: snapshot(d) for d in drivers}
    sheet = {seats[d]: d.find_element(By.ID, "score-sheet").text for d in drivers}

    # ----- the engine's account of the same game ---------------------------
    with urllib.request.urlopen(f"{url}api/v1/matches/{match}/record") as r:
        record = json.loads(r.read())
    path = os.path.join(tmp, "record.json")
    with open(path, "w") as f:
        json.dump(record, f)
    subprocess.run([BIN, "verify", path], check=True, stdout=subprocess.DEVNULL)
    end = metropolys.load_record(record)
    assert end.is_over

    def engine_at(m):
        return metropolys.load_record({"format": record["format"], "version": record["version"],
                                       "config": record["config"], "actions": record["actions"][:m]})

    def secrets_of(view, p):
        o = view["objectives"][p]
        keys = ["area:" + o["area"]]
        if o.get("neighborhood"):
            keys.append("kind:" + o["neighborhood"])
        if view["metropolys_cards"]:
            keys.append("metropolys:" + ",".join(view["metropolys_cards"][p]))
        return keys

    whole = end.to_dict()
    players = record["config"]["players"]
    checked = 0
    for seat, s in snapshots:
        game = engine_at(s["move"])
        v = game.view(seat)
        assert s["to_act"] == game.to_act == seat, (s["move"], s["to_act"], game.to_act)
        assert sorted(s["buildings"]) == sorted([c["neighborhood"], c["player"], c["building"]] for c in v["constructed"]), s["move"]
        assert s["bids"] == [[x["neighborhood"], x["player"], x["building"]] for x in v["bids"]], s["move"]
        assert sorted(s["tokens"]) == sorted([int(n), t] for n, t in v["tokens"].items()), s["move"]
        assert s["supply"] == ",".join(map(str, v["supply"][seat])), s["move"]
        legal = game.legal_action_ids()
        assert sorted(set(i // 13 for i in legal if i < 715)) == sorted(s["legal"]), s["move"]
        assert s["pass"] == (715 in legal), s["move"]
        # the seat's own cards, and no one else's, anywhere in the page.
        assert sorted(s["cards"]) == sorted(secrets_of(whole, seat)), (s["cards"], seat)
        for other in range(players):
            if other == seat:
                continue
            for key in secrets_of(whole, other):
                assert f'data-card="{key}"' not in s["html"], (seat, key)
            area = whole["objectives"][other]["area"]
            if area != whole["objectives"][seat]["area"]:
                assert AREA_TEXT[area] not in s["html"], (seat, area)
        checked += 1
    # The end: every card shown, the score sheet is the engine's.
    for seat, s in finals.items():
        assert s["status"] == "finished"
        for p in range(players):
            for key in secrets_of(whole, p):
                assert f'data-card="{key}"' in s["html"], (seat, key)
        for sc in end.scores():
            assert str(sc["total"]) in sheet[seat]
    print(f"browser: {len(record['actions'])} moves, {checked} positions checked against the engine, "
          f"winners {end.winners}, {moves_by_keyboard} by keyboard, {hinted} hint")
    assert checked >= 20 and moves_by_keyboard == 1 and hinted == 1 and shot and phone_shot
finally:
    for d in drivers:
        d.quit()
    server.kill()
    server.wait()
    shutil.rmtree(tmp, ignore_errors=True)
