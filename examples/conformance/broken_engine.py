#!/usr/bin/env python3
"""Engines that break the protocol, for the tester's own tests:

    broken_engine.py hang      answers the handshake and a few requests, then hangs
    broken_engine.py crash     answers a few requests, then exits with status 3
    broken_engine.py garbage   answers a few requests, then writes a line that is not JSON
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reference_engine import Engine, answer  # noqa: E402
import json  # noqa: E402

mode = sys.argv[1] if len(sys.argv) > 1 else ""
if mode not in ("hang", "crash", "garbage"):
    sys.exit("usage: broken_engine.py hang|crash|garbage")
engine = Engine()
for n, line in enumerate(sys.stdin):
    if n == 40:
        if mode == "hang":
            time.sleep(3600)
        if mode == "crash":
            print("broken_engine: crashing on purpose", file=sys.stderr)
            sys.exit(3)
        if mode == "garbage":
            print("legal: 1 2 3", flush=True)
            continue
    print(json.dumps(answer(engine, json.loads(line))), flush=True)
