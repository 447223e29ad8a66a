"""The WebAssembly package in a real browser: headless Chromium (Selenium
with Debian's chromium-driver) opens a page (tests/browser/page.html) that
loads the package's ES module, and plays a 3-player Expert game by clicking
against greedy and ismcts running in Web Workers (`BotWorker`). Checked:

* every move the page shows is the engine's (the page's record replays
  with the native engine's words: the Python module is not needed here, so
  the record is replayed by the package itself, in Node);
* while a bot thinks the page keeps answering: its 10 ms clock keeps
  ticking during every decision (a page whose main thread searched would
  not tick at all), and scripts sent by Selenium come back at once;
* a decision is cancelled within a fraction of a second (the worker is
  terminated) and the worker serves the next decision; a bot's error
  reaches the page as the package's class;
* the finished game is reviewed in a worker (`ReviewWorker`), told
  decision by decision while the page's clock ticks, the same review as
  `review()` gives in the page; a review is cancelled; errors keep their
  class.
* the `metropolys/bots` entry in the page refuses the expert until
  `loadValueNetwork()` has fetched value.mtpnet from beside it, then
  decides as the whole package; workers on that entry (`{entry:
  "bots"}`) load the network themselves and decide and review alike.

Screenshots go to OUT_DIR.

Usage: python browser.py PKG_DIR OUT_DIR   (scripts/test-wasm)
"""

import functools
import http.server
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

PKG, OUT = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM = os.environ.get("METROPOLYS_CHROMIUM", "/usr/bin/chromium")
DRIVER = os.environ.get("METROPOLYS_CHROMEDRIVER", "/usr/bin/chromedriver")
os.makedirs(OUT, exist_ok=True)
rng = random.Random(7)

# ----- a static server for the page and the package -------------------------

site = tempfile.mkdtemp(prefix="mtp-wasm-browser-")
shutil.copytree(PKG, os.path.join(site, "pkg"))
shutil.copy(os.path.join(HERE, "browser", "page.html"), os.path.join(site, "index.html"))


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def log_message(self, *args):
        pass


httpd = http.server.ThreadingHTTPServer(
    ("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=httpd.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{httpd.server_address[1]}/index.html?seed=7"


def chromium():
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
              "--disable-gpu", "--window-size=1200,900"):
        o.add_argument(a)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(DRIVER), options=o)
    d.set_script_timeout(60)
    return d


def wait(d, cond, what, timeout=60):
    return WebDriverWait(d, timeout, poll_frequency=0.02).until(lambda _: cond(), message=what)


def state(d):
    return d.execute_script("return document.body.dataset.state")


d = chromium()
try:
    d.get(url)
    wait(d, lambda: state(d) in ("human", "thinking", "over", "error"), "the page loads the module")
    # Responsiveness seen from outside: how long Selenium's scripts take to
    # come back while a bot thinks.
    probes = []
    clicks = 0
    screenshot_taken = False
    deadline = time.time() + 600
    while state(d) != "over":
        assert time.time() < deadline, "the game did not end"
        s = state(d)
        assert s != "error", d.execute_script("return page.errors")
        if s == "thinking":
            t = time.perf_counter()
            d.execute_script("return document.getElementById('clock').textContent")
            probes.append(time.perf_counter() - t)
            if not screenshot_taken and d.execute_script("return page.thinking") and len(probes) > 5:
                d.save_screenshot(os.path.join(OUT, "thinking.png"))
                screenshot_taken = True
            time.sleep(0.01)
            continue
        if s == "human":
            buttons = d.find_elements(By.CSS_SELECTOR, "#moves button")
            assert buttons, "no legal move offered"
            move = d.execute_script("return document.body.dataset.move")
            rng.choice(buttons).click()
            clicks += 1
            wait(d, lambda: d.execute_script("return document.body.dataset.move") != move,
                 "the click plays the move")
    d.save_screenshot(os.path.join(OUT, "over.png"))
    page = d.execute_script("return page")
    gaps = page["gaps"]
    decisions = page["decisions"]
    kinds = {x["kind"] for x in decisions}
    assert kinds == {"greedy", "ismcts"}, kinds
    thought = sum(x["ms"] for x in decisions if x["kind"] == "ismcts")
    # A page whose main thread ran the search would not tick at all during
    # a decision (its timers wait until the search returns), so each
    # ismcts decision (250 ms of search) must see the clock tick (a loaded
    # machine delays timers: twice is the bound, six or more is usual);
    # single long gaps can come from the load too and are only reported.
    searches = [x for x in decisions if x["kind"] == "ismcts"]
    starved = [x for x in searches if x["ticks"] < 2]
    assert not starved, f"the clock barely ticked while ismcts thought: {starved}"
    gaps_sorted = sorted(gaps)
    median = gaps_sorted[len(gaps_sorted) // 2]
    worst = gaps_sorted[-1]
    assert median < 50, f"the 10 ms clock ticked every {median:.0f} ms (median) while bots thought"
    probes.sort()
    assert probes and probes[len(probes) // 2] < 0.2, f"Selenium's scripts took {probes[len(probes) // 2]:.2f} s (median)"
    record = page["record"]
    assert len(record["actions"]) == int(d.execute_script("return document.body.dataset.move"))
    print(f"a game of {len(record['actions'])} decisions ({clicks} clicks); ismcts thought "
          f"{thought / 1000:.1f} s in all over {len(searches)} decisions, the page's 10 ms clock "
          f"ticking {min(x['ticks'] for x in searches)}+ times in each; while bots thought its "
          f"median gap was {median:.0f} ms (largest {worst:.0f} ms), and Selenium's scripts came "
          f"back in {probes[len(probes) // 2] * 1000:.0f} ms (median, largest {probes[-1] * 1000:.0f} ms)")

    # The record the page wrote replays in the package (Node), to the same
    # totals the page showed.
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(record, f)
    node = (
        "import { Game } from " + json.dumps("file://" + os.path.join(os.path.abspath(PKG), "node.js")) + ";"
        "import { readFileSync } from 'node:fs';"
        "const g = Game.verifyRecord(readFileSync(process.argv[1], 'utf8'));"
        "console.log(JSON.stringify({over: g.isOver, totals: g.totals()}));"
    )
    out = subprocess.run(["node", "--input-type=module", "-e", node, f.name],
                         check=True, capture_output=True, text=True).stdout
    os.unlink(f.name)
    replayed = json.loads(out)
    status = d.find_element(By.ID, "status").text
    assert replayed["over"], replayed
    assert f"totals {', '.join(map(str, replayed['totals']))}" in status, (status, replayed)

    # Cancelling: a search of 30 s stops at once, the worker serves the
    # next one, and errors keep their class.
    result = d.execute_script("return await window.cancelTest()")
    assert result["aborted"] == "AbortError", result
    assert result["abortedBySignal"] == "AbortError", result
    assert result["cancelMs"] < 3000, result
    assert result["legal"], result
    assert result["errorClass"] == "RangeError", result
    assert result["ruleError"] == "IllegalActionError R-17", result
    print(f"cancelled a 30 s search {result['cancelMs']:.0f} ms after asking; "
          "the worker answered the next decision")

    # The review of the finished game, in a worker.
    result = d.execute_script("return await window.reviewTest()")
    assert result["decisions"] == result["actions"], result
    assert result["progress"] == result["decisions"], result
    assert result["last"] == [result["decisions"], result["decisions"]], result
    assert result["same"], "the worker's review differs from the page's"
    assert result["ticked"] >= 2 or result["ms"] < 100, result
    assert result["aborted"] == "AbortError", result
    assert result["errorClass"] == "RangeError", result
    assert result["recordError"] == "RecordError", result
    print(f"reviewed the game ({result['decisions']} decisions, strong) in a worker in "
          f"{result['ms']:.0f} ms, the page's clock ticking {result['ticked']} times")
    # The `metropolys/bots` entry: the network fetched from beside it.
    result = d.execute_script("return await window.botsEntryTest()")
    assert result["before"] is False and result["after"] is True, result
    assert result["refused"] == "Error", result
    assert result["same"], result
    assert result["worker"] == result["id"], result
    assert result["sameReview"], result
    assert result["badEntry"] == "RangeError", result
    print(f"metropolys/bots in the page: refused the expert before its network, fetched "
          f"value.mtpnet, then decided {result['id']} as the whole package does; so did a "
          f"BotWorker on that entry, loading the network itself, and a ReviewWorker reviewed as the page")
    severe = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe
    print(f"screenshots: {OUT}/")
finally:
    d.quit()
    httpd.shutdown()
    shutil.rmtree(site, ignore_errors=True)
