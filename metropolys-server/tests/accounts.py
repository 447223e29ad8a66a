"""Accounts in real browsers, as a player with a laptop and a phone uses
them: Alice makes an account in the lobby of her laptop (1280x800),
creates a match against a bot and takes her seat, which the page ties to
her account; on her phone (390x844, another browser with nothing stored)
she signs in, finds the match among her games and plays on at her seat
(her cards, her moves; no seat link, since the account's token opens the
seat). The game is played out with her account's token; her rating then
shows in the laptop's lobby, and the leaderboard lists her and the bot.
Signing out on the phone forgets the seats only the account opened there.
Then correspondence: Alice gives a contact for her notices and creates a
match with a day a move against Bob; when she leaves while the game waits
for her, the server's notice relay (a sink here) is told, with her
contact. axe-core audits the lobby signed in and out; screenshots go to OUT.

Usage: python accounts.py METROPOLYS_BIN OUT_DIR   (scripts/test-server)
"""

import http.server
import json
import os
import threading
import random
import shutil
import subprocess
import sys
import tempfile
import urllib.request

import websocket  # websocket-client, which Selenium depends on
from selenium.webdriver.common.by import By

from pages import LAPTOP, PHONE, audit, body, browser, errors, free_port, select, wait

BIN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
PASSWORD = "Alice's long secret"


NOTICES = []


class Sink(http.server.BaseHTTPRequestHandler):
    """The notice relay: keeps every JSON body posted to it."""

    def do_POST(self):
        NOTICES.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def start_sink():
    sink = http.server.HTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    return sink, f"http://127.0.0.1:{sink.server_address[1]}/hook"


def start_server(tmp, port, hook):
    p = subprocess.Popen(
        [BIN, "serve", "--addr", f"127.0.0.1:{port}", "--database", os.path.join(tmp, "db.sqlite"),
         "--bot-seconds", "0.2", "--notify-url", hook],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    return p, line.split("open ")[1].split(" ")[0]


def api(url, path, token=None):
    req = urllib.request.Request(f"{url}api/v1{path}",
                                 headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def post(url, path, body):
    req = urllib.request.Request(f"{url}api/v1{path}", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def stored(d, key):
    return d.execute_script("return JSON.parse(localStorage.getItem(arguments[0]) || 'null')", key)


def account_form(d, name, password, button):
    wait(d, lambda: d.find_elements(By.ID, "account-form"), "the account form")
    for field, value in (("account-name", name), ("account-password", password)):
        box = d.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    d.find_element(By.ID, button).click()
    wait(d, lambda: d.find_elements(By.ID, "signed-in"), f"signed in ({button})")


def play_out(url, match, token, rng):
    """Plays the seat `token` opens with random legal actions until the end."""
    ws = websocket.create_connection(f"{url.replace('http', 'ws')}api/v1/matches/{match}/ws?token={token}",
                                     timeout=60)
    try:
        while True:
            m = json.loads(ws.recv())
            if m.get("type") != "update":
                continue
            if m["status"] == "finished":
                return m
            if m["legal"]:
                ws.send(json.dumps({"move": m["move"], "action": rng.choice(m["legal"])}))
    finally:
        ws.close()


def main():
    tmp = tempfile.mkdtemp(prefix="mtp-accounts-")
    sink, hook = start_sink()
    srv, url = start_server(tmp, free_port(), hook)
    laptop = phone = None
    try:
        # ----- the laptop: a new account, a match, a seat tied to it ---------
        laptop = browser(LAPTOP)
        laptop.get(url)
        wait(laptop, lambda: body(laptop, "data-page") == "lobby", "the lobby")
        audit(laptop, "the lobby, signed out")
        account_form(laptop, "Alice", PASSWORD, "sign-up")
        assert "Alice" in laptop.find_element(By.ID, "signed-in").text
        account = stored(laptop, "metropolys-account")
        assert account["token"].startswith("acct_"), account
        select(laptop, "#players", "2")
        select(laptop, "select[name=seat1]", "greedy")
        laptop.find_element(By.ID, "create-button").click()
        wait(laptop, lambda: laptop.find_element(By.ID, "name-dialog").is_displayed(), "the name dialog")
        laptop.find_element(By.ID, "name-ok").click()
        wait(laptop, lambda: body(laptop, "data-page") == "game", "the table")
        match = laptop.execute_script("return location.hash").split("/")[2]
        seat = stored(laptop, "metropolys-seats")[match]
        assert len(seat["token"]) == 64, "the laptop holds the seat's own credential"
        wait(laptop, lambda: any(g["summary"]["id"] == match for g in api(url, "/account", account["token"])["games"]),
             "the seat tied to the account")
        assert laptop.find_element(By.ID, "seat-link-box").get_attribute("hidden") is None, \
            "the seat's own credential can still be moved with its link"

        # ----- the phone: signed in, the game found, the seat opened ----------
        phone = browser(PHONE)
        phone.get(url)
        wait(phone, lambda: body(phone, "data-page") == "lobby", "the phone's lobby")
        assert not stored(phone, "metropolys-seats"), "a fresh browser"
        account_form(phone, "alice", PASSWORD, "sign-in")
        row = f"#my-games tr[data-match='{match}']"
        wait(phone, lambda: phone.find_elements(By.CSS_SELECTOR, row), "the match among her games")
        phone.save_screenshot(os.path.join(OUT, "account-phone.png"))
        assert stored(phone, "metropolys-seats")[match]["token"].startswith("acct_")
        phone.find_element(By.CSS_SELECTOR, f"{row} button").click()
        wait(phone, lambda: body(phone, "data-page") == "game", "the table on the phone")
        wait(phone, lambda: phone.find_element(By.ID, "chat-watching").get_attribute("hidden") is not None,
             "her seat, not a spectator's view")
        assert phone.find_element(By.ID, "seat-link-box").get_attribute("hidden") is not None, \
            "no seat link holds the account's token"
        phone.save_screenshot(os.path.join(OUT, "account-phone-table.png"))

        # ----- the game played out with the account's token -------------------
        end = play_out(url, match, stored(phone, "metropolys-account")["token"], random.Random(3))
        assert end["view"]["viewer"] == 0

        # ----- the rating and the leaderboard in the laptop's lobby ------------
        laptop.get(url + "#/")
        wait(laptop, lambda: body(laptop, "data-page") == "lobby", "back in the lobby")
        wait(laptop, lambda: laptop.find_elements(By.CSS_SELECTOR, "#my-ratings li"), "her rating")
        assert "2" in laptop.find_element(By.CSS_SELECTOR, "#my-ratings li").text
        variant = end["view"].get("variant") or api(url, f"/matches/{match}")["match"]["variant"]
        board_kind = lambda: laptop.find_element(By.ID, "leaderboard").get_attribute("data-kind")
        wait(laptop, lambda: board_kind() == "expert/4", "the leaderboard of 4-player expert games first")
        select(laptop, "#board-players", "2")
        wait(laptop, lambda: board_kind() == "expert/2", "the leaderboard redrawn for 2 players")
        select(laptop, "#board-variant", variant)
        wait(laptop, lambda: board_kind() == f"{variant}/2", "the leaderboard of the match's kind")
        wait(laptop, lambda: len(laptop.find_elements(By.CSS_SELECTOR, "#leaderboard tr")) == 3,
             "the leaderboard: a header, Alice and the bot")
        names = [r.text for r in laptop.find_elements(By.CSS_SELECTOR, "#leaderboard tr td:nth-child(2)")]
        assert "Alice" in names and any("greedy" in n for n in names), names
        assert laptop.find_elements(By.CSS_SELECTOR, "#leaderboard tr.me"), "her line is marked"
        board = api(url, f"/leaderboard?variant={variant}&players=2")["entries"]
        assert [e["games"] for e in board] == [1, 1], board
        laptop.execute_script("document.getElementById('account-panel').scrollIntoView()")
        laptop.save_screenshot(os.path.join(OUT, "account-lobby.png"))
        audit(laptop, "the lobby, signed in, with the leaderboard")

        # ----- signing out on the phone ------------------------------------
        phone.get(url + "#/")
        wait(phone, lambda: phone.find_elements(By.ID, "sign-out"), "the sign-out button")
        phone.find_element(By.ID, "sign-out").click()
        wait(phone, lambda: phone.find_elements(By.ID, "account-form"), "signed out")
        assert stored(phone, "metropolys-account") is None
        assert match not in (stored(phone, "metropolys-seats") or {}), "the account's seat went with it"
        # ----- correspondence: a contact, a day a move, a notice --------------
        laptop.get(url + "#/")
        wait(laptop, lambda: laptop.find_elements(By.ID, "account-contact"), "the notices form")
        contact = laptop.find_element(By.ID, "account-contact")
        contact.send_keys("alice@example.org")
        laptop.find_element(By.ID, "save-contact").click()
        wait(laptop, lambda: "correspondence" in laptop.find_element(By.ID, "notices-status").text,
             "the contact saved")
        assert api(url, "/account", account["token"])["contact"] == "alice@example.org"
        laptop.execute_script("document.getElementById('notices-form').scrollIntoView()")
        laptop.save_screenshot(os.path.join(OUT, "account-notices.png"))
        assert laptop.find_element(By.CSS_SELECTOR, "#turn-timer option[value='86400']").text == "1 day a move"
        select(laptop, "#players", "2")
        select(laptop, "select[name=seat1]", "human")
        select(laptop, "#turn-timer", "86400")
        laptop.find_element(By.ID, "create-button").click()
        wait(laptop, lambda: laptop.find_element(By.ID, "name-dialog").is_displayed(), "the name dialog")
        laptop.find_element(By.ID, "name-ok").click()
        wait(laptop, lambda: body(laptop, "data-page") == "game", "the correspondence table")
        slow = laptop.execute_script("return location.hash").split("/")[2]
        assert slow != match
        post(url, f"/matches/{slow}/join", {"seat": 1, "name": "Bob"})
        wait(laptop, lambda: "left to play" in laptop.find_element(By.ID, "timer").text, "her clock, in days")
        clock = laptop.find_element(By.ID, "timer").text
        assert clock in ("1 d 0 h left to play", "0 d 23 h left to play"), clock
        laptop.save_screenshot(os.path.join(OUT, "account-correspondence.png"))
        assert not NOTICES, "she is at the table: no notice"
        laptop.get(url + "#/")
        wait(laptop, lambda: NOTICES, "the notice of her turn, once she is away")
        n = NOTICES[0]
        assert (n["event"], n["account"], n["contact"], n["match"], n["seat"], n["move"]) == \
            ("your_turn", "Alice", "alice@example.org", slow, 0, 0), n
        row = f"#my-games tr[data-match='{slow}']"
        wait(laptop, lambda: laptop.find_elements(By.CSS_SELECTOR, row), "the game among hers")
        assert "1 day a move" in laptop.find_element(By.CSS_SELECTOR, row).text

        for d in (laptop, phone):
            bad = [e for e in errors(d) if "401" not in e]
            assert not bad, bad
        print("accounts in browsers: sign-up, a second device, a rated game, the leaderboard, sign-out")
    finally:
        for d in (laptop, phone):
            if d:
                d.quit()
        srv.terminate()
        srv.wait()
        sink.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)


main()
