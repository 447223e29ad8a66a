"""The web client in real browsers, as friends use it on game night: Alice
(a laptop, 1280x800) creates a private Expert match with the Metropolys
cards and a bot, giving her name as she takes her seat, and finds the
invite link beside the board; Bob (a phone, 390x844) joins through it,
asked for his name (the server refuses one that reads as Alice's, and one
with an invisible character: the page says so and asks again); they play
the whole game by clicking (one move by keyboard, one hint) and chat,
hostile text included, while Carol watches with no move control in
sight; then a rematch with the same seats, a cancelled abandoned match,
the finished game reopened and replayed step by step after its viewers
left, a seat moved to another browser with the seat link (behind its
warning), and Bob on his phone against a bot in a two-player match: the
board opens on the districts in play and pans to each bid the bot makes,
pieces pop in on their neighborhoods, the server stopped (close 1001
`server stopping`) is said until it is back, and his seat given up from
elsewhere (close 1000 `left`) is said and leaves him watching. At every decision
the page is checked against the engine (the
`metropolys` Python module replaying the record): pieces, seat to act,
legal moves (the page derives them from the engine in the page; they must
be the server's), the seat's supply and cards; no page ever holds another
seat's cards before the end (R-21). The layout is checked at both sizes
(the board, the turn line and the controls inside the window, tap targets
of 44 px on the phone, the bid picker beside its neighborhood and not over
it), and axe-core audits every page. Screenshots go to OUT.

Usage: python browser.py METROPOLYS_BIN OUT_DIR   (scripts/test-server)
"""

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import metropolys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import (LAPTOP, PHONE, assert_inside, assert_no_page_scroll, audit, body, browser, errors, free_port,
                   off_place, overlaps, pop_samples, rect, small_targets, snapshot, start_pop_sampler, wait)

BIN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
rng = random.Random(7)
ABANDON = 2  # --abandon-seconds
HOSTILE = ['<img src=x onerror="window.pwned=1">', "<script>window.pwned=2</script>&amp; \"quoted\""]


def start_server(tmp, port):
    p = subprocess.Popen(
        [BIN, "serve", "--addr", f"127.0.0.1:{port}", "--database", os.path.join(tmp, "db.sqlite"),
         "--bot-seconds", "0.2", "--abandon-seconds", str(ABANDON)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    return p, line.split("open ")[1].split(" ")[0]


def set_name(d, name):
    """The name this browser used last (what the page offers when a seat is taken)."""
    d.execute_script("localStorage.setItem('metropolys-name', JSON.stringify(arguments[0]))", name)


def name_dialog(d):
    wait(d, lambda: d.find_element(By.ID, "name-dialog").is_displayed(), "the page asks for a name")
    return d.find_element(By.ID, "name-input")


def give_name(d, name):
    """Types `name` in the page's name dialog and takes the seat."""
    box = name_dialog(d)
    box.clear()
    if name:
        box.send_keys(name)
    d.find_element(By.ID, "name-ok").click()


def post(url, path, token=None):
    req = urllib.request.Request(f"{url}api/v1{path}", data=b"{}", method="POST",
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def create(url, body):
    req = urllib.request.Request(f"{url}api/v1/matches", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def catalogue_en():
    """The English catalogue's `ui-*` messages without variables (the page's words), id -> text."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    out = {}
    with open(os.path.join(root, "metropolys-text", "locales", "en", "metropolys.ftl"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("ui-") and " = " in line and "{" not in line:
                k, v = line.rstrip("\n").split(" = ", 1)
                out[k] = v
    return out


EN = catalogue_en()

# Where a page's board shows: each neighborhood whose centre is inside
# both the board's frame and the viewport.
IN_VIEW_JS = """
const w = document.getElementById('board-wrap').getBoundingClientRect();
const left = Math.max(w.left, 0), top = Math.max(w.top, 0);
const right = Math.min(w.right, innerWidth), bottom = Math.min(w.bottom, innerHeight);
return Array.from(document.querySelectorAll('#board g.neighborhood')).filter(g => {
  const r = g.querySelector('circle').getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return x >= left && x <= right && y >= top && y <= bottom;
}).map(g => parseInt(g.getAttribute('data-n'), 10));
"""


def in_view(d):
    return d.execute_script(IN_VIEW_JS)


def select(d, css, value):
    d.find_element(By.CSS_SELECTOR, f"{css} option[value='{value}']").click()


def tab(d, name):
    d.find_element(By.ID, f"tab-{name}").click()


def record_of(url, match):
    with urllib.request.urlopen(f"{url}api/v1/matches/{match}/record") as r:
        return json.loads(r.read())


def secrets_of(view, p):
    """The keys the page gives seat p's secret cards (ui/panel.js)."""
    o = view["objectives"][p]
    keys = ["area:" + o["area"]]
    if o.get("neighborhood"):
        keys.append("kind:" + o["neighborhood"])
    if view["metropolys_cards"]:
        keys.append("metropolys:" + ",".join(view["metropolys_cards"][p]))
    return keys


def chat(d, text):
    tab(d, "chat")
    box = d.find_element(By.ID, "chat-text")
    box.clear()
    box.send_keys(text)
    d.find_element(By.CSS_SELECTOR, "#chat-form button").click()


# Makes the page's next move carry the move number before the current
# one, and keeps what the page sends in window.mtpSent.
STALE_ONCE = """
window.mtpSent = [];
const send = WebSocket.prototype.send;
let stale = true;
WebSocket.prototype.send = function (data) {
  const v = JSON.parse(data);
  if (stale && typeof v.move === "number") { v.move -= 1; stale = false; }
  window.mtpSent.push(v);
  return send.call(this, JSON.stringify(v));
};
"""


# What a page's console says of a request that met the server down (it is
# stopped and started again on purpose twice): no fault of the page's.
DOWN = ("net::ERR_CONNECTION_REFUSED", "net::ERR_CONNECTION_RESET", "net::ERR_EMPTY_RESPONSE")


def log_count(d):
    return d.execute_script("return document.querySelectorAll('#log li').length")


def chat_lines(d):
    return d.execute_script(
        "return Array.from(document.querySelectorAll('#chat-log li')).map(li => li.lastChild.textContent)")


tmp = tempfile.mkdtemp(prefix="mtp-browser-")
# A port of its own: the server is killed mid-game and started again there.
port = free_port()
server, url = start_server(tmp, port)
print("server:", url)
drivers = []
audits = {}
try:
    alice = browser(LAPTOP)
    bob = browser(PHONE)
    carol = browser(LAPTOP)
    drivers = [alice, bob, carol]

    # ----- Alice creates a private match -------------------------------------
    alice.get(url)
    wait(alice, lambda: alice.find_elements(By.CSS_SELECTOR, "select[name=seat2]"), "the lobby")
    audits["lobby"] = audit(alice, "the lobby")
    set_name(alice, "Alice")
    select(alice, "select[name=variant]", "expert")
    alice.find_element(By.ID, "metropolys-cards").click()
    wait(alice, lambda: alice.find_element(By.ID, "deck").is_displayed(), "the deck")
    select(alice, "select[name=seat2]", "greedy")
    alice.find_element(By.ID, "private").click()
    alice.save_screenshot(os.path.join(OUT, "lobby.png"))
    alice.find_element(By.ID, "create-button").click()
    # Her name is asked as she takes her seat, the one she used last offered.
    assert name_dialog(alice).get_attribute("value") == "Alice"
    audits["name"] = audit(alice, "the name asked before a seat is taken")
    alice.find_element(By.ID, "name-ok").click()
    wait(alice, lambda: body(alice, "data-status") == "open" and body(alice, "data-seat") == "0", "Alice at the table")
    match = alice.current_url.rsplit("/", 1)[1]
    # The invite link is beside the board while a seat waits, in no tab.
    wait(alice, lambda: alice.find_element(By.ID, "invite-box").is_displayed(), "the invite box")
    invite = alice.find_element(By.ID, "invite-link").get_attribute("value")
    assert f"#/match/{match}/invite/" in invite, invite
    assert_inside(alice, alice.find_element(By.ID, "invite-box"), "the invite box")
    alice.find_element(By.ID, "copy-invite").click()
    wait(alice, lambda: alice.find_element(By.ID, "invite-note").text, "the invite copied (or to copy)")
    # The seat link is another thing: behind its warning, in the Table tab.
    tab(alice, "table")
    assert not alice.find_element(By.ID, "copy-seat").is_displayed(), "the seat link is out in the open"
    summary = alice.find_element(By.CSS_SELECTOR, "#seat-link-box summary").text
    assert "do not share" in summary and "another device" in summary, summary
    tab(alice, "log")
    alice.save_screenshot(os.path.join(OUT, "waiting.png"))

    # A private match is not in the lobby.
    carol.get(url)
    wait(carol, lambda: carol.find_elements(By.CSS_SELECTOR, "#matches p, #matches table"), "Carol's lobby")
    time.sleep(0.5)
    assert not carol.find_elements(By.CSS_SELECTOR, f"tr[data-match='{match}']"), "a private match is listed"

    # ----- Bob joins through the invite link, on his phone -------------------
    bob.get(url)
    # The lobby drawn, not only its static markup.
    wait(bob, lambda: body(bob, "data-page") == "lobby", "Bob's lobby")
    set_name(bob, "Bob <b>&amp;")
    bob.get(invite)
    wait(bob, lambda: bob.find_elements(By.CSS_SELECTOR, "#join-bar button.join[data-seat='1']"), "the seat to take")
    bob.find_element(By.CSS_SELECTOR, "#join-bar button.join[data-seat='1']").click()
    assert name_dialog(bob).get_attribute("value") == "Bob <b>&amp;", "the last name used is offered"
    # Names the server refuses (bad_message): one that reads as another
    # seat's, one with an invisible character. The page says so, and asks again.
    for refused in ("ALICE", "Bob\u200b"):
        give_name(bob, refused)
        wait(bob, lambda: bob.find_element(By.ID, "name-error").text, f"the refusal of {refused!r}")
        assert bob.find_element(By.ID, "name-dialog").is_displayed(), "the dialog closed on a refused name"
        assert bob.find_element(By.ID, "name-error").text.startswith("This name cannot be used:"), \
            bob.find_element(By.ID, "name-error").text
        assert body(bob, "data-seat") in ("", None), "a refused name took a seat"
    bob.save_screenshot(os.path.join(OUT, "name-refused.png"))
    give_name(bob, "Bob <b>&amp;")
    wait(bob, lambda: not bob.find_element(By.ID, "name-dialog").is_displayed(), "the dialog closes")
    assert bob.execute_script("return JSON.parse(localStorage.getItem('metropolys-name'))") == "Bob <b>&amp;"
    # The console holds the two refusals, as the browser logs a request answered 400; nothing else.
    refusals = errors(bob)
    assert len(refusals) <= 2 and all("/join" in e and "400" in e for e in refusals), refusals
    for d in (alice, bob):
        wait(d, lambda: body(d, "data-status") == "playing", "the match starts")
    wait(alice, lambda: not alice.find_element(By.ID, "invite-box").is_displayed(), "no invite once every seat is taken")
    # Bob's page hears the start as a spectator first (the match starts
    # with his join), then as seat 1 once it holds his credential.
    wait(bob, lambda: body(bob, "data-seat") == "1", "Bob at seat 1")
    seats = {id(alice): 0, id(bob): 1}
    names = alice.execute_script(
        "return Array.from(document.querySelectorAll('#players-table td.who')).map(t => t.textContent)")
    assert "Alice" in names[0] and "Bob <b>&amp;" in names[1], names
    assert not alice.find_elements(By.CSS_SELECTOR, "#players-table b"), "a name became markup"

    # ----- the game ------------------------------------------------------------
    snapshots = []  # (seat, snapshot)
    by_keyboard = hinted = 0
    laptop_checked = phone_checked = chatted = notified = hidden_set = restarted = resynced = False
    while_down = []  # the pages' console errors read at the restart
    deadline = time.time() + 300
    while time.time() < deadline:
        if all(body(d, "data-status") == "finished" for d in (alice, bob)):
            break
        progressed = False
        if not hidden_set and body(alice, "data-to-act") not in ("0", None):
            # Alice's page goes to the background while the others play.
            alice.execute_script("Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});")
            hidden_set = True
        for d in (alice, bob):
            seat = seats[id(d)]
            if body(d, "data-status") != "playing" or body(d, "data-to-act") != str(seat):
                continue
            try:
                wait(d, lambda: snapshot(d)["legal"] or snapshot(d)["pass"], "legal actions", 5)
            except Exception:
                continue
            s = snapshot(d)
            snapshots.append((seat, s))
            move = s["move"]
            assert s["legal_agrees"] == "true", f"the engine in the page and the server disagree at move {move}"
            if d is alice and hidden_set and not notified:
                # It became Alice's turn while her page was hidden: the title says so.
                assert alice.title.startswith("▶"), alice.title
                alice.execute_script("delete document.hidden; document.dispatchEvent(new Event('visibilitychange'));")
                wait(alice, lambda: not alice.title.startswith("▶"), "the title back")
                notified = True
            if not chatted and d is bob and move >= 6:
                chat(bob, HOSTILE[0])
                chat(alice, HOSTILE[1])
                for x in (alice, bob):
                    wait(x, lambda: len(chat_lines(x)) >= 2, "the chat")
                    assert chat_lines(x)[:2] == HOSTILE, chat_lines(x)
                    assert x.execute_script("return window.pwned") is None, "chat text ran as markup"
                    assert not x.find_elements(By.CSS_SELECTOR, "#chat-log img, #chat-log script")
                tab(alice, "log")
                tab(bob, "log")
                chatted = True
                # Carol watches: the board, the log and the chat to read, and
                # no move control anywhere (nor a dead one).
                carol.get(f"{url}#/match/{match}")
                wait(carol, lambda: body(carol, "data-status") == "playing" and body(carol, "data-seat") == "",
                     "Carol watching")
                wait(carol, lambda: carol.find_element(By.ID, "watch-note").is_displayed(), "the note that she watches")
                for css in ("#actions", "#pass", "#hint", "#show-mine", "#mine", "#chat-form", "#invite-box",
                            "#leave", "#cancel-match", "#seat-link-box"):
                    shown = [e for e in carol.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]
                    assert not shown, f"a spectator sees {css}"
                assert not carol.find_elements(By.CSS_SELECTOR, ".neighborhood.legal"), "a spectator may bid"
                carol.find_element(By.CSS_SELECTOR, "#n0").click()
                time.sleep(0.2)
                assert not carol.find_element(By.ID, "picker").is_displayed(), "the picker opened for a spectator"
                assert carol.find_element(By.ID, "board-wrap").is_displayed() and log_count(carol) > 0
                tab(carol, "chat")
                wait(carol, lambda: chat_lines(carol)[:2] == HOSTILE, "the chat, to read")
                assert carol.find_element(By.ID, "chat-watching").is_displayed()
                carol.save_screenshot(os.path.join(OUT, "spectator.png"))
                audits["spectator"] = audit(carol, "a spectator's table")
                carol.get(url + "#/")
            if chatted and not restarted and d is bob and move >= 30:
                # The server dies (SIGKILL) and comes back: each page reconnects
                # and asks for what it missed only; its log and chat stay as they were.
                counts = {id(x): (log_count(x), len(chat_lines(x))) for x in (alice, bob)}
                server.kill()
                server.wait()
                for x in (alice, bob):
                    wait(x, lambda: "reconnecting" in x.find_element(By.ID, "turn").text, "the page sees the drop")
                server, url = start_server(tmp, port)
                for x in (alice, bob):
                    wait(x, lambda: "reconnecting" not in x.find_element(By.ID, "turn").text, "the page reconnects", 30)
                    wait(x, lambda: body(x, "data-move") == str(move), "the position again")
                time.sleep(0.5)
                # The server was down on purpose: a request that met it down
                # (a lobby's poll of the match list) is no fault of a page's;
                # any other error is kept for the checks below.
                while_down += [e for x in drivers for e in errors(x) if not any(k in e for k in DOWN)]
                for x in (alice, bob):
                    assert (log_count(x), len(chat_lines(x))) == counts[id(x)], \
                        ("a reconnection changed the log or the chat", counts[id(x)], log_count(x), len(chat_lines(x)))
                restarted = True
                continue
            if restarted and not resynced and d is alice and s["pass"]:
                # A move sent with an old move number (as from a page that missed
                # an update): the server refuses it (stale_move), the page asks for
                # the whole game again (sync) and its log starts again with it, so
                # it tells the game once, not twice.
                lines = log_count(alice)
                drawn = int(body(alice, "data-updates"))
                alice.execute_script(STALE_ONCE)
                alice.find_element(By.ID, "pass").click()
                wait(alice, lambda: alice.execute_script("return window.mtpSent.some(m => m.op === 'sync')"),
                     "the page asks for the whole game again")
                wait(alice, lambda: int(body(alice, "data-updates")) > drawn, "the whole game again")
                assert log_count(alice) == lines, ("a sync doubled the log", lines, log_count(alice))
                assert body(alice, "data-move") == str(move)
                resynced = True
                continue
            if not laptop_checked and d is alice and s["legal"] and move >= 20:
                # 1280x800: the whole board, the turn line and the controls in view.
                for css in ("#board svg", "#turnbox", "#pass", "#hint", "#cards"):
                    assert_inside(alice, alice.find_element(By.CSS_SELECTOR, css), css)
                assert_no_page_scroll(alice, "the table at 1280x800")
                audits["table"] = audit(alice, "the table at 1280x800")
                n = s["legal"][-1]
                alice.find_element(By.CSS_SELECTOR, f"#n{n}").click()
                wait(alice, lambda: alice.find_element(By.ID, "picker").is_displayed(), "the picker")
                picker = alice.find_element(By.ID, "picker")
                assert_inside(alice, picker, "the picker")
                circle = alice.find_element(By.CSS_SELECTOR, f"#n{n} circle")
                assert not overlaps(rect(alice, picker), rect(alice, circle)), "the picker covers its neighborhood"
                alice.save_screenshot(os.path.join(OUT, "table.png"))
                ActionChains(alice).send_keys(Keys.ESCAPE).perform()
                wait(alice, lambda: not alice.find_element(By.ID, "picker").is_displayed(), "the picker closes")
                laptop_checked = True
            if not hinted and d is alice:
                d.find_element(By.ID, "hint").click()
                wait(d, lambda: d.find_element(By.ID, "hint-text").get_attribute("data-action"), "a hint")
                h = int(d.find_element(By.ID, "hint-text").get_attribute("data-action"))
                assert (h == 715 and s["pass"]) or (h < 715 and h // 13 in s["legal"]), (h, s["legal"])
                hinted += 1
            if s["pass"] and (not s["legal"] or rng.random() < 0.3):
                d.find_element(By.ID, "pass").click()
            elif by_keyboard == 0 and d is alice:
                n = s["legal"][0]
                g = d.find_element(By.CSS_SELECTOR, f"#n{n}")
                d.execute_script("arguments[0].focus()", g)
                ActionChains(d).send_keys(Keys.ENTER).perform()
                wait(d, lambda: d.find_element(By.ID, "picker").is_displayed(), "the picker")
                ActionChains(d).send_keys(Keys.ENTER).perform()  # the focused first building
                by_keyboard += 1
            else:
                n = rng.choice(s["legal"])
                target = d.find_element(By.CSS_SELECTOR, f"#n{n}")
                d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", target)
                target.click()
                wait(d, lambda: d.find_element(By.ID, "picker").is_displayed(), "the picker")
                picks = d.find_elements(By.CSS_SELECTOR, "#picker-buttons button")
                if d is bob and not phone_checked:
                    # 390x844: tap targets of 44 px, the picker beside its neighborhood.
                    small = small_targets(bob, "#picker-buttons button, #pass, #hint, .tabs [role=tab], "
                                               ".neighborhood.legal > circle, #zoom-in, #zoom-out, #zoom-fit")
                    assert not small, f"tap targets under 44 px on the phone: {small}"
                    picker = bob.find_element(By.ID, "picker")
                    assert_inside(bob, picker, "the picker on the phone")
                    circle = bob.find_element(By.CSS_SELECTOR, f"#n{n} circle")
                    assert not overlaps(rect(bob, picker), rect(bob, circle)), "the picker covers its neighborhood"
                    assert_inside(bob, bob.find_element(By.ID, "turnbox"), "the turn line on the phone")
                    # No blank band: the zoomed picture fills its frame.
                    frame = rect(bob, bob.find_element(By.ID, "board-wrap"))
                    picture = rect(bob, bob.find_element(By.CSS_SELECTOR, "#board svg"))
                    assert picture["height"] >= frame["height"] - 1 and picture["width"] >= frame["width"] - 1, \
                        (frame, picture)
                    bob.save_screenshot(os.path.join(OUT, "phone.png"))
                    audits["phone"] = audit(bob, "the table at 390x844")
                    phone_checked = True
                rng.choice(picks).click()
            wait(d, lambda: int(body(d, "data-move")) > move, "the move is played", 20)
            progressed = True
        if not progressed:
            time.sleep(0.1)
    for d in (alice, bob):
        wait(d, lambda: body(d, "data-status") == "finished", "the end", 30)
    time.sleep(0.6)
    assert_no_page_scroll(alice, "the end at 1280x800")
    assert_inside(alice, alice.find_element(By.ID, "end-title"), "the winner")
    alice.save_screenshot(os.path.join(OUT, "final.png"))
    bob.save_screenshot(os.path.join(OUT, "final-phone.png"))
    audits["end"] = audit(alice, "the end of the game")
    finals = {seats[id(d)]: snapshot(d) for d in (alice, bob)}
    sheet = {seats[id(d)]: d.find_element(By.ID, "score-sheet").text for d in (alice, bob)}
    groups = alice.execute_script("return document.querySelectorAll('#groups path.group-line').length")
    ended_title = alice.find_element(By.ID, "end-title").text
    starred = sorted(int(b.get_attribute("data-seat"))
                     for b in alice.find_elements(By.CSS_SELECTOR, "#score-sheet th button.winner"))

    # ----- the engine's account of the same game ---------------------------
    record = record_of(url, match)
    path = os.path.join(tmp, "record.json")
    with open(path, "w") as f:
        json.dump(record, f)
    subprocess.run([BIN, "verify", path], check=True, stdout=subprocess.DEVNULL)
    assert [s.get("name") for s in record["seats"]] == ["Alice", "Bob <b>&amp;", None], record["seats"]
    assert record["seats"][2]["kind"] == "greedy", record["seats"]
    end = metropolys.load_record(record)
    assert end.is_over

    def engine_at(m):
        return metropolys.load_record({"format": record["format"], "version": record["version"],
                                       "config": record["config"], "actions": record["actions"][:m]})

    whole = end.to_dict()
    players = record["config"]["players"]
    checked = 0
    for seat, s in snapshots:
        game = engine_at(s["move"])
        v = game.view(seat)
        assert s["to_act"] == game.to_act == seat, (s["move"], s["to_act"], game.to_act)
        assert sorted(s["buildings"]) == sorted([c["neighborhood"], c["player"], c["building"]] for c in v["constructed"]), s["move"]
        assert s["bids"] == [[x["neighborhood"], x["player"], x["building"]] for x in v["bids"]], s["move"]
        tokens = metropolys.TOKENS
        assert sorted(s["tokens"]) == sorted([int(n), tokens.index(t)] for n, t in v["tokens"].items()), s["move"]
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
                if key not in secrets_of(whole, seat):
                    assert f'data-card="{key}"' not in s["html"], (seat, key)
        checked += 1
    # The end: every card shown, the score sheet is the engine's.
    winners = end.winners
    for seat, s in finals.items():
        assert s["status"] == "finished"
        for p in range(players):
            for key in secrets_of(whole, p):
                assert f'data-card="{key}"' in s["html"], (seat, key)
        for sc in end.scores():
            assert str(sc["total"]) in sheet[seat]
    top = end.scores()[winners[0]]
    assert groups == len(top["area_groups"]) + len(top["metropolys_groups"]), (groups, top)
    assert starred == sorted(winners), (starred, winners)
    assert ("win" in ended_title) if len(winners) == 1 else ("share the victory" in ended_title), ended_title
    logged = [errors(d) for d in (alice, bob)]  # (read once: reading empties the log)
    assert not any(logged) and not while_down, (logged, while_down)

    # ----- a rematch with the same seats ----------------------------------------
    alice.find_element(By.ID, "rematch").click()
    wait(alice, lambda: not alice.current_url.endswith(match), "Alice at the rematch")
    rematch = alice.current_url.rsplit("/", 1)[1]
    wait(bob, lambda: bob.find_element(By.ID, "rematch").text == "Join the rematch", "Bob told of the rematch")
    bob.find_element(By.ID, "rematch").click()
    wait(bob, lambda: bob.current_url.endswith(rematch), "Bob at the rematch")
    for d in (alice, bob):
        wait(d, lambda: body(d, "data-status") == "playing", "the rematch starts")
    assert body(alice, "data-seat") == "0" and body(bob, "data-seat") == "1"
    left_first = time.time()

    # ----- an abandoned match is cancelled ------------------------------------
    bob.get(url + "#/")
    wait(bob, lambda: body(bob, "data-page") == "lobby", "Bob in the lobby")
    time.sleep(ABANDON + 1)
    tab(alice, "table")
    alice.find_element(By.ID, "cancel-match").click()
    alice.switch_to.alert.accept()
    wait(alice, lambda: body(alice, "data-status") == "cancelled", "the match cancelled")
    alice.get(url + "#/")
    # Her games, private ones included, are listed in her lobby (finished,
    # and the cancelled rematch); never in another browser's.
    wait(alice, lambda: alice.find_elements(By.CSS_SELECTOR, f"#my-games tr[data-match='{match}']"),
         "the private match among Alice's games")
    assert alice.find_elements(By.CSS_SELECTOR, f"#my-games tr[data-match='{rematch}']"), "the rematch among her games"
    assert not carol.find_elements(By.CSS_SELECTOR, f"#my-games tr[data-match='{match}']")

    # ----- the finished game, after its viewers left ---------------------------
    time.sleep(max(0, left_first + 21 - time.time()))  # the server's sweeper has let it go
    # (A private match is not in the lobby: its replay is opened by its link.)
    carol.get(f"{url}#/replay/{match}")
    wait(carol, lambda: body(carol, "data-step") == "0", "the replay")
    last = len(record["actions"])
    ActionChains(carol).send_keys(Keys.END).perform()
    wait(carol, lambda: body(carol, "data-step") == str(last), "the last step")
    shown = carol.execute_script(
        "return Array.from(document.querySelectorAll('#replay-board #pieces use.building')).length")
    assert shown == len(whole["constructed"]), (shown, len(whole["constructed"]))
    ActionChains(carol).send_keys(Keys.HOME).perform()
    ActionChains(carol).send_keys(Keys.ARROW_RIGHT).perform()
    wait(carol, lambda: body(carol, "data-step") == "1", "one step on")
    carol.save_screenshot(os.path.join(OUT, "replay.png"))
    audits["replay"] = audit(carol, "the replay")
    carol.get(f"{url}#/match/{match}")
    wait(carol, lambda: body(carol, "data-status") == "finished", "the final position of a game nobody watched")
    assert carol.find_element(By.ID, "score-sheet").text

    # ----- a seat moves to another device ------------------------------------------
    alice.get(f"{url}#/match/{match}")
    wait(alice, lambda: body(alice, "data-seat") == "0", "Alice back at her seat")
    tab(alice, "table")
    alice.find_element(By.CSS_SELECTOR, "#seat-link-box summary").click()
    warning = alice.find_element(By.CSS_SELECTOR, "#seat-link-box .warn").text
    assert "Do not give it to anyone" in warning, warning
    alice.find_element(By.ID, "copy-seat").click()
    link = wait(alice, lambda: alice.find_element(By.ID, "seat-link-out").get_attribute("value"), "the seat link")
    assert "/seat/0/" in link, link
    alice.save_screenshot(os.path.join(OUT, "seat-link.png"))
    # The same link as a QR code, read from the screen by a real reader (ZBar).
    alice.find_element(By.ID, "show-seat-qr").click()
    code = wait(alice, lambda: alice.find_elements(By.CSS_SELECTOR, "#seat-qr[open] svg"), "the seat's QR code")[0]
    assert code.get_attribute("aria-label"), "the QR code has no name"
    alice.save_screenshot(os.path.join(OUT, "seat-qr.png"))
    qr_png = os.path.join(OUT, "seat-qr-code.png")
    code.screenshot(qr_png)
    scanned = subprocess.run(["zbarimg", "--quiet", "--raw", qr_png], capture_output=True, text=True, check=True).stdout.strip()
    assert scanned == link, ("the QR code reads as another link", scanned, link)
    alice.find_element(By.ID, "seat-qr-done").click()
    wait(alice, lambda: alice.find_element(By.ID, "seat-qr").get_attribute("open") is None, "the QR code put away")
    carol.get(url + "#/")
    carol.get(scanned)
    wait(carol, lambda: body(carol, "data-seat") == "0", "Carol holds seat 0")
    assert "/seat/" not in carol.current_url, "the credential stays in the address bar"

    # ----- Bob's phone against a bot: the board goes where the game is ----------
    # Two players: two districts are out of play (the seed says which).
    solo_seed = 5
    out = set(metropolys.Game.from_config({"players": 2, "seed": solo_seed}).out_of_play)
    playing = {n for n in range(metropolys.NEIGHBORHOOD_COUNT) if metropolys.neighborhood_district(n) not in out}
    solo = create(url, {"players": 2, "seats": ["human", "greedy"], "seed": solo_seed, "start_player": 1})["match"]["id"]
    bob.get(url + "#/")
    wait(bob, lambda: body(bob, "data-page") == "lobby", "Bob's lobby")
    bob.get(f"{url}#/match/{solo}")
    wait(bob, lambda: bob.find_elements(By.CSS_SELECTOR, "#join-bar button.join[data-seat='0']"), "the seat to take")
    # The board opens zoomed on the districts in play, not on a corner of the city.
    seen = in_view(bob)
    inside = [n for n in seen if n in playing]
    assert len(seen) >= 6 and len(inside) >= 0.8 * len(seen), ("the board opens away from the game", out, seen)
    bob.save_screenshot(os.path.join(OUT, "phone-two-players.png"))
    bob.find_element(By.CSS_SELECTOR, "#join-bar button.join[data-seat='0']").click()
    give_name(bob, "Bob")
    wait(bob, lambda: body(bob, "data-seat") == "0", "Bob at his seat")
    panned = live = 0
    for turn in range(10):
        if panned >= 3:
            break
        wait(bob, lambda: body(bob, "data-to-act") == "0" and (snapshot(bob)["legal"] or snapshot(bob)["pass"]),
             "Bob's turn after the bot's bid", 20)
        s = snapshot(bob)
        samples = pop_samples(bob)
        assert not off_place(samples), f"pieces popped in away from their neighborhood: {off_place(samples)[:4]}"
        live += len(samples)
        if s["bids"]:
            # The bot's bid, where Bob may outbid it: on his screen, in the board's frame.
            latest = s["bids"][-1][0]
            assert latest in in_view(bob), (f"the latest bid ({latest}) is not on the phone's screen", in_view(bob))
            assert_inside(bob, bob.find_element(By.CSS_SELECTOR, f"#n{latest} circle"), "the latest bid's neighborhood")
            assert_inside(bob, bob.find_element(By.ID, "turnbox"), "the turn line")
            near = [n for n in s["legal"] if n in in_view(bob)]
            assert near or not s["legal"], ("none of the neighborhoods to outbid on is on the screen", s["legal"])
            if not panned:
                bob.save_screenshot(os.path.join(OUT, "phone-your-turn.png"))
            panned += 1
        start_pop_sampler(bob)
        if s["legal"]:
            # The lowest building: the bot can outbid it, and Bob's turn comes back after a bid.
            target = bob.find_element(By.CSS_SELECTOR, f"#n{s['legal'][0]}")
            bob.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", target)
            target.click()
            wait(bob, lambda: bob.find_element(By.ID, "picker").is_displayed(), "the picker")
            bob.find_elements(By.CSS_SELECTOR, "#picker-buttons button")[0].click()
        else:
            bob.find_element(By.ID, "pass").click()
        wait(bob, lambda: int(body(bob, "data-move")) > s["move"], "Bob's move is played", 20)
        # The page back at its top, as between two turns: the board is where the player looks.
        bob.execute_script("window.scrollTo(0, 0)")
    assert panned >= 2, panned
    assert live > 0, "no piece was seen popping in"

    # The server stopped (Ctrl-C): it closes each socket with 1001 `server
    # stopping`; the page says so, and is back at the seat once it is up again.
    server.send_signal(signal.SIGINT)
    wait(bob, lambda: bob.find_element(By.ID, "turn").text == EN["ui-closed-stopping"], "the page says the server stops")
    server.wait(timeout=30)
    server, url = start_server(tmp, port)
    wait(bob, lambda: bob.find_element(By.ID, "turn").text != EN["ui-closed-stopping"] and body(bob, "data-seat") == "0",
         "Bob back at his seat", 30)
    while_down += [e for x in drivers for e in errors(x) if not any(k in e for k in DOWN)]

    # His seat given up on another device: the server closes the socket
    # (1000 `left`); the page says so, forgets the seat and watches.
    token = bob.execute_script("return JSON.parse(localStorage.getItem('metropolys-seats'))[arguments[0]].token", solo)
    post(url, f"/matches/{solo}/leave", token)
    wait(bob, lambda: bob.find_element(By.ID, "conn-note").text == EN["ui-closed-seat-lost"], "the page says the seat is gone")
    wait(bob, lambda: body(bob, "data-seat") == "" and bob.find_element(By.ID, "watch-note").is_displayed(),
         "Bob watching")
    assert not bob.find_element(By.ID, "pass").is_displayed()
    assert bob.execute_script("return JSON.parse(localStorage.getItem('metropolys-seats'))[arguments[0]]", solo) is None
    logged = [errors(d) for d in drivers]
    assert not any(logged) and not while_down, (logged, while_down)

    print(f"browser: {len(record['actions'])} moves, {checked} positions checked against the engine, "
          f"winners {winners}, {by_keyboard} by keyboard, {hinted} hint, chat and rematch and cancel and "
          f"replay checked, a server restart changed no log or chat line, a stale move's sync retold the log once; a spectator with no move control; "
          f"on a phone the board opened on the districts in play and panned to {panned} bids of the bot; "
          f"a server stopping and a seat given up elsewhere said; axe passes: {audits}")
    assert checked >= 20 and by_keyboard == 1 and hinted == 1
    assert laptop_checked and phone_checked and chatted and notified and restarted and resynced
finally:
    for d in drivers:
        d.quit()
    server.kill()
    server.wait()
    shutil.rmtree(tmp, ignore_errors=True)
