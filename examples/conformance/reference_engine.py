#!/usr/bin/env python3
"""The reference engine behind the conformance protocol, in Python.

A complete adapter for ``metropolys conform`` (docs/conformance-protocol.md):
read one JSON request per line on stdin, write one JSON response per line on
stdout. Replace the ``Engine`` methods with calls into your own engine; the
loop in ``serve`` stays as it is.

    metropolys conform --engine "python3 examples/conformance/reference_engine.py"

The same ``Engine`` object also works with the in-process checker:
``metropolys.conformance.check(Engine, games=200)``.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List, Optional

import metropolys

PASS_ID = 715  # bids are neighborhood * 13 + building - 1
# The protocol's score categories: the engine's own (core's score sheet).
CATEGORIES = metropolys.SCORE_CATEGORIES


class Engine:
    """The protocol's operations as methods. Rejections return the ruling
    (``"R-9"``); everything else returns the answer's value."""

    name = "python reference adapter"
    unsupported: List[str] = []  # e.g. ["metropolys_cards", "players_2"]

    def __init__(self) -> None:
        self.game: Optional[metropolys.Game] = None

    def new_game(self, config: Dict[str, Any]) -> Optional[str]:
        try:
            self.game = metropolys.Game.from_config(config)
        except metropolys.MetropolysError as e:
            return e.rule or "invalid"
        return None

    def to_act(self) -> Optional[int]:
        return self.game.to_act

    def legal(self) -> List[int]:
        return self.game.legal_action_ids()

    def apply(self, player: int, action: int) -> Optional[str]:
        try:
            self.game = self.game.apply_for(player, action)
        except metropolys.IllegalActionError as e:
            return e.rule or "illegal"
        return None

    def scores(self) -> List[Dict[str, int]]:
        return [{k: sheet[k] for k in CATEGORIES} for sheet in self.game.scores()]

    def is_over(self) -> bool:
        return self.game.is_over

    def winners(self) -> List[int]:
        return self.game.winners


def answer(engine: Engine, request: Dict[str, Any]) -> Dict[str, Any]:
    """The response to one request."""
    op = request.get("op")
    if op == "hello":
        return {"ok": True, "version": 1, "name": engine.name,
                "unsupported": engine.unsupported}
    if op in ("new_game", "apply"):
        if op == "new_game":
            rule = engine.new_game(request["config"])
        else:
            rule = engine.apply(request["player"], request["action"])
        if rule is None:
            return {"ok": True}
        return {"ok": False, "error": "rejected", "rule": rule}
    if engine.game is None and op in ("to_act", "legal", "scores", "is_over", "winners"):
        return {"ok": False, "error": "no_game", "message": "send new_game first"}
    if op == "to_act":
        return {"ok": True, "to_act": engine.to_act()}
    if op == "legal":
        return {"ok": True, "legal": engine.legal()}
    if op == "scores":
        return {"ok": True, "scores": engine.scores()}
    if op == "is_over":
        return {"ok": True, "over": engine.is_over()}
    if op == "winners":
        return {"ok": True, "winners": engine.winners()}
    if op == "quit":
        return {"ok": True}
    return {"ok": False, "error": "unknown_request", "message": f"unknown op {op!r}"}


def serve(engine: Engine) -> None:
    """Answers requests from stdin until ``quit`` or the end of input."""
    out = sys.stdout
    for line in sys.stdin:
        try:
            request = json.loads(line)
            response = answer(engine, request)
        except (ValueError, KeyError, TypeError) as e:
            request, response = {}, {"ok": False, "error": "bad_request", "message": str(e)}
        out.write(json.dumps(response) + "\n")
        out.flush()
        if request.get("op") == "quit":
            break


if __name__ == "__main__":
    serve(Engine())
