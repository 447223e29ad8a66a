"""The web client in real browsers, as friends use it on game night: Alice
(a laptop, 1280x800) creates a private Expert match with the Metropolys
cards and a bot; Bob (a phone, 390x844) joins through her invite link; they
play the whole game by clicking (one move by keyboard, one hint) and chat,
hostile text included; then a rematch with the same seats, a cancelled
abandoned match, the finished game reopened and replayed step by step
after its viewers left, and a seat moved to another browser with the
seat link. At every decision the page is checked against the engine (the
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
                   overlaps, rect, small_targets, snapshot, wait)

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
    d.execute_script("const i = document.getElementById('my-name'); i.value = arguments[0];"
                     "i.dispatchEvent(new Event('change'));", name)


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
    wait(alice, lambda: body(alice, "data-status") == "open" and body(alice, "data-seat") == "0", "Alice at the table")
    match = alice.current_url.rsplit("/", 1)[1]
    tab(alice, "table")
    alice.find_element(By.ID, "copy-invite").click()
    invite = wait(alice, lambda: alice.find_element(By.ID, "link-out").get_attribute("value"), "the invite link")
    assert f"#/match/{match}/invite/" in invite, invite
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
    for d in (alice, bob):
        wait(d, lambda: body(d, "data-status") == "playing", "the match starts")
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
    laptop_checked = phone_checked = chatted = notified = hidden_set = restarted = False
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
                for x in (alice, bob):
                    assert (log_count(x), len(chat_lines(x))) == counts[id(x)], \
                        ("a reconnection changed the log or the chat", counts[id(x)], log_count(x), len(chat_lines(x)))
                restarted = True
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
    assert not any(e for d in (alice, bob) for e in errors(d)), [errors(d) for d in (alice, bob)]

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
    alice.find_element(By.ID, "copy-seat").click()
    link = wait(alice, lambda: alice.find_element(By.ID, "link-out").get_attribute("value"), "the seat link")
    carol.get(url + "#/")
    carol.get(link)
    wait(carol, lambda: body(carol, "data-seat") == "0", "Carol holds seat 0")
    assert "/seat/" not in carol.current_url, "the credential stays in the address bar"
    assert not any(e for d in drivers for e in errors(d)), [errors(d) for d in drivers]

    print(f"browser: {len(record['actions'])} moves, {checked} positions checked against the engine, "
          f"winners {winners}, {by_keyboard} by keyboard, {hinted} hint, chat and rematch and cancel and "
          f"replay checked, a server restart changed no log or chat line; axe passes: {audits}")
    assert checked >= 20 and by_keyboard == 1 and hinted == 1
    assert laptop_checked and phone_checked and chatted and notified and restarted
finally:
    for d in drivers:
        d.quit()
    server.kill()
    server.wait()
    shutil.rmtree(tmp, ignore_errors=True)
