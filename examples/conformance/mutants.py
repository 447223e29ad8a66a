#!/usr/bin/env python3
"""Deliberately wrong engines: the reference adapter with one rule broken.

They exist to prove that ``metropolys conform`` finds and shrinks real rule
bugs (scripts/test-conform runs it against each):

    python3 examples/conformance/mutants.py MUTANT

MUTANT is one of:

* ``subway-tie``: the subway card changes hands on a tie (breaks R-14);
* ``forced-pass``: forced passes are not applied: the seat that cannot
  outbid is asked to act and may only pass (breaks R-11);
* ``chains-triangles``: the Expert chains card counts only triangles of
  mutually adjacent buildings (breaks R-19);
* ``highest-tie``: a tie for the highest building is broken by the highest
  building number instead of shared (breaks R-18);
* ``last-token``: no token is taken on the game's last construction
  (breaks R-13, R-17).

Each mutant perturbs the reference engine's answers, so everything else is
right.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from metropolys import board  # noqa: E402
from reference_engine import PASS_ID, Engine, serve  # noqa: E402

TOKEN_VALUE = {"trendy": 3, "subway": 1, "archaeology": -1}


class Mutant(Engine):
    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.name = f"mutant {kind}"

    def new_game(self, config: Dict[str, Any]) -> Optional[str]:
        rule = super().new_game(config)
        n = self.game.players if self.game is not None else 0
        self.forced: List[int] = []  # seats owing an explicit pass
        self.subway = [0] * n
        self.holder: Optional[int] = None
        self.lost_token: Optional[tuple] = None  # (seat, token)
        return rule

    # -- forced-pass ------------------------------------------------------
    def to_act(self) -> Optional[int]:
        return self.forced[0] if self.forced else super().to_act()

    def legal(self) -> List[int]:
        return [PASS_ID] if self.forced else super().legal()

    def apply(self, player: int, action: int) -> Optional[str]:
        if self.forced:
            if player != self.forced[0]:
                return "R-8"
            if action != PASS_ID:
                return "R-11"
            self.forced.pop(0)
            return None
        rule = super().apply(player, action)
        if rule is None:
            self.track(self.game.events)
        return rule

    def track(self, events: List[Dict[str, Any]]) -> None:
        for e in events:
            if self.kind == "forced-pass" and e["type"] == "passed" and e["forced"]:
                self.forced.append(e["player"])
            if e["type"] == "token_taken" and e["token"] == "subway":
                p = e["player"]
                self.subway[p] += 1
                h = self.holder
                if h is None or (h != p and self.subway[p] >= self.subway[h]):
                    self.holder = p  # R-14 wants strictly more
        if self.kind == "last-token" and self.game.is_over:
            last = [e for e in events if e["type"] == "constructed"][-1]
            for e in events:
                if e["type"] == "token_taken" and e["neighborhood"] == last["neighborhood"]:
                    self.lost_token = (e["player"], e["token"])

    # -- scoring mutants ----------------------------------------------------
    def scores(self) -> List[Dict[str, int]]:
        sheets = super().scores()
        full = self.game.scores()
        for p, s in enumerate(sheets):
            before = {k: s[k] for k in ("subway_card", "area", "highest_building",
                                        "trendy", "subway", "archaeology")}
            if self.kind == "subway-tie":
                s["subway_card"] = 3 if self.holder == p else 0
            if self.kind == "chains-triangles":
                objective = self.game.objective(p)
                if objective and objective.get("area") == "chains":
                    s["area"] = 4 * triangles(sorted(self.game.constructed(p)))
            if self.kind == "last-token" and self.lost_token and self.lost_token[0] == p:
                token = self.lost_token[1]
                s[token] -= TOKEN_VALUE[token]
            s["total"] += sum(s[k] - v for k, v in before.items())
        if self.kind == "highest-tie":
            for district in {d for sheet in full for d in sheet["highest_building_districts"]}:
                tied = [p for p, sheet in enumerate(full)
                        if district in sheet["highest_building_districts"]]
                if len(tied) > 1:
                    def top(p: int) -> int:
                        return max(self.game.building_at(nb)[1]
                                   for nb in board.district_neighborhoods(district)
                                   if (self.game.building_at(nb) or (None,))[0] == p)
                    keep = max(tied, key=top)
                    for p in tied:
                        if p != keep:
                            sheets[p]["highest_building"] -= 5
                            sheets[p]["total"] -= 5
        return sheets

    def winners(self) -> List[int]:
        sheets = self.scores()
        best = max((s["total"], s["constructed"]) for s in sheets)
        return [p for p, s in enumerate(sheets) if (s["total"], s["constructed"]) == best]


def triangles(nbs: List[int]) -> int:
    """The most disjoint triangles of mutually adjacent neighborhoods."""
    if len(nbs) < 3:
        return 0
    first, rest = nbs[0], nbs[1:]
    best = triangles(rest)
    for i, b in enumerate(rest):
        if not board.adjacent(first, b):
            continue
        for c in rest[i + 1:]:
            if board.adjacent(first, c) and board.adjacent(b, c):
                left = [x for x in rest if x not in (b, c)]
                best = max(best, 1 + triangles(left))
    return best


KINDS = ("subway-tie", "forced-pass", "chains-triangles", "highest-tie", "last-token")

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in KINDS:
        sys.exit(f"usage: mutants.py {{{','.join(KINDS)}}}")
    serve(Mutant(sys.argv[1]))
