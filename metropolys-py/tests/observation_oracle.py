"""The former Python encoder of a player's view (observation layout
version 1), kept as a test oracle: the Rust tensor (``Game.observation``,
metropolys-tensor) must equal its output on every position.

The encoding is built from ``Game.view(player)`` only, so it never holds more
than that player may know (R-21): the whole board, supplies, tokens, cards and
bids, the viewer's own objectives, and for each opponent nothing but the
number of objective cards (which is the same for every seat). Opponents'
objectives appear only when the caller asks for them explicitly
(``reveal=True``, used for OpenSpiel's "all players" observer) or once the
game is over, when every dealt objective is revealed.

Seats are encoded *relative to the viewer*: slot 0 is the viewer, slot 1 the
next player clockwise, and so on. There are always four slots; slots beyond
the player count stay zero. Every value lies in [0, 1].

The layout is documented in docs/rl.md and the metropolys-tensor crate.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

import metropolys
# The view helpers the package keeps; the encoding below is the oracle's own.
from metropolys._observation import _name, views

FloatArray = npt.NDArray[np.float32]

NEIGHBORHOODS = metropolys.NEIGHBORHOOD_COUNT
BUILDINGS = metropolys.BUILDINGS_PER_PLAYER
MAX_SEATS = metropolys.MAX_PLAYERS
KINDS = ("industry", "park", "housing", "mall", "administration")
AREAS = ("bridges", "statues", "lakes", "border", "districts", "chains")
TOKENS = ("trendy", "subway", "archaeology")
DISTRICTS = ("center", "north", "east", "south", "west")

# (name, shape) of each piece of the flat tensor, in order.
PIECES: Tuple[Tuple[str, Tuple[int, ...]], ...] = (
    ("viewer", (MAX_SEATS,)),  # absolute seat of the viewer, one-hot
    ("players", (3,)),  # 2, 3 or 4 players, one-hot
    ("variant", (2,)),  # family, expert
    ("to_act", (MAX_SEATS,)),  # relative seat to act, one-hot
    ("in_play", (NEIGHBORHOODS,)),  # neighborhood in play
    ("constructed", (MAX_SEATS, NEIGHBORHOODS)),  # owner (relative), one-hot
    ("constructed_number", (NEIGHBORHOODS,)),  # building number / 13
    ("tokens", (len(TOKENS), NEIGHBORHOODS)),  # tokens still on the board
    ("bids", (MAX_SEATS, NEIGHBORHOODS)),  # bid of this call: number / 13
    ("last_bid", (NEIGHBORHOODS,)),  # neighborhood of the most recent bid
    ("passed", (MAX_SEATS,)),  # passed in this call
    ("supply", (MAX_SEATS, BUILDINGS)),  # building in supply
    ("taken", (MAX_SEATS, len(TOKENS))),  # tokens taken / 9
    ("subway_card", (MAX_SEATS,)),  # holder, one-hot
    ("archaeology_card", (MAX_SEATS,)),  # holder, one-hot
    # Objectives visible to the viewer, per relative seat: neighborhood card
    # kind (5), area card (6), Metropolys card kinds (5).
    ("objectives", (MAX_SEATS, len(KINDS) + len(AREAS) + len(KINDS))),
    ("game_over", (1,)),
)

SIZE = int(sum(int(np.prod(shape)) for _, shape in PIECES))

_DISTRICT_OF: Optional[List[str]] = None


def _district_of(n: int) -> str:
    global _DISTRICT_OF
    if _DISTRICT_OF is None:
        _DISTRICT_OF = [
            str(metropolys.neighborhood_district(i)).lower() for i in range(NEIGHBORHOODS)
        ]
    return _DISTRICT_OF[n]


def encode(
    view: Dict[str, Any],
    viewer: int,
    out: Optional[FloatArray] = None,
    objectives: Optional[Sequence[Optional[Dict[str, Any]]]] = None,
) -> FloatArray:
    """Writes the encoding of ``view`` (a ``Game.view`` dict) into ``out``
    (a float32 array of length ``SIZE``, allocated when omitted).

    ``objectives``, when given, replaces ``view["objectives"]`` (used while
    objectives are still being dealt by OpenSpiel chance nodes).
    """
    if out is None:
        out = np.zeros(SIZE, np.float32)
    else:
        out.fill(0.0)
    parts = split(out)
    n = int(view["players"])

    def rel(seat: Any) -> int:
        return (int(seat) - viewer) % n


    parts["viewer"][viewer] = 1.0
    parts["players"][n - 2] = 1.0
    parts["variant"][0 if _name(view["variant"]) == "family" else 1] = 1.0
    if view.get("to_act") is not None:
        parts["to_act"][rel(view["to_act"])] = 1.0
    out_of_play = {_name(d) for d in view.get("out_of_play", [])}
    for i in range(NEIGHBORHOODS):
        if _district_of(i) not in out_of_play:
            parts["in_play"][i] = 1.0
    for c in view["constructed"]:
        nb = int(c["neighborhood"])
        parts["constructed"][rel(c["player"]), nb] = 1.0
        parts["constructed_number"][nb] = int(c["building"]) / BUILDINGS
    for nb, kind in view["tokens"].items():
        parts["tokens"][TOKENS.index(_name(kind)), int(nb)] = 1.0
    for b in view["bids"]:
        parts["bids"][rel(b["player"]), int(b["neighborhood"])] = int(b["building"]) / BUILDINGS
    if view["bids"]:
        parts["last_bid"][int(view["bids"][-1]["neighborhood"])] = 1.0
    for seat, passed in enumerate(view["passed"]):
        if passed:
            parts["passed"][rel(seat)] = 1.0
    for seat, numbers in enumerate(view["supply"]):
        for number in numbers:
            parts["supply"][rel(seat), int(number) - 1] = 1.0
    for seat, taken in enumerate(view["taken"]):
        for t, kind in enumerate(TOKENS):
            parts["taken"][rel(seat), t] = int(taken.get(kind, 0)) / 9.0
    if view.get("subway_card") is not None:
        parts["subway_card"][rel(view["subway_card"])] = 1.0
    if view.get("archaeology_card") is not None:
        parts["archaeology_card"][rel(view["archaeology_card"])] = 1.0
    objs = view["objectives"] if objectives is None else objectives
    for seat, obj in enumerate(objs):
        if not obj:
            continue
        row = parts["objectives"][rel(seat)]
        if obj.get("neighborhood") is not None:
            row[KINDS.index(_name(obj["neighborhood"]))] = 1.0
        if obj.get("area") is not None:
            row[len(KINDS) + AREAS.index(_name(obj["area"]))] = 1.0
    for seat, card in enumerate(view.get("metropolys_cards") or []):
        if card:
            row = parts["objectives"][rel(seat)]
            for kind in card:
                row[len(KINDS) + len(AREAS) + KINDS.index(_name(kind))] = 1.0
    if view.get("game_over"):
        parts["game_over"][0] = 1.0
    return out


def split(flat: FloatArray) -> Dict[str, FloatArray]:
    """Named, reshaped views into a flat encoding."""
    parts = {}
    i = 0
    for name, shape in PIECES:
        size = int(np.prod(shape))
        parts[name] = flat[i : i + size].reshape(shape)
        i += size
    return parts
