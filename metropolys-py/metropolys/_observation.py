"""Names and text helpers shared by the OpenSpiel and PettingZoo adapters.

The observation tensors themselves are written in Rust (``Game.observation``,
``Game.information_state``; the crate metropolys-tensor); their layout,
version ``metropolys.OBSERVATION_VERSION``, is documented in https://github.com/metropolys/metropolys/blob/main/docs/rl.md.
``split`` names the pieces of a flat observation.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

import numpy as np
import numpy.typing as npt

import metropolys

FloatArray = npt.NDArray[np.float32]

SIZE = metropolys.OBSERVATION_SIZE
KINDS = metropolys.board.KINDS
AREAS = metropolys.board.AREAS


def _name(x: Any) -> str:
    """The lower-case name of an enum-like value (str or object with .name)."""
    if isinstance(x, str):
        return x.lower()
    return str(getattr(x, "name", x)).lower()


def views(game: "metropolys.Game", viewer: int, reveal: bool = False) -> Dict[str, Any]:
    """``game.view(viewer)``, with every seat's objectives filled in when
    ``reveal`` is true (each taken from that seat's own view)."""
    view = game.view(viewer)
    if reveal:
        objs = list(view["objectives"])
        cards = list(view.get("metropolys_cards") or [])
        for p in range(game.players):
            if objs[p] is None or (cards and cards[p] is None):
                other = game.view(p)
                objs[p] = other["objectives"][p]
                if cards:
                    cards[p] = other["metropolys_cards"][p]
        view = dict(view, objectives=objs, metropolys_cards=cards)
    return view


def split(flat: FloatArray) -> Dict[str, FloatArray]:
    """Named, reshaped views into a flat observation (``OBSERVATION_PIECES``)."""
    return {
        name: flat[offset : offset + int(np.prod(shape))].reshape(shape)
        for name, (offset, shape) in metropolys.OBSERVATION_PIECES.items()
    }


def objective_text(obj: Optional[Dict[str, Any]], card: Any = None) -> str:
    """A short text for one seat's objectives: ``park+chains``, ``?``."""
    if not obj:
        return "?"
    bits = []
    if obj.get("neighborhood") is not None:
        bits.append(_name(obj["neighborhood"]))
    if obj.get("area") is not None:
        bits.append(_name(obj["area"]))
    if card:
        bits.append("/".join(_name(k) for k in card))
    return "+".join(bits)


def text(view: Dict[str, Any], objectives: Optional[Sequence[Any]] = None) -> str:
    """A compact, deterministic text of a view, one fact per line."""
    n = int(view["players"])
    objs = view["objectives"] if objectives is None else objectives
    cards = view.get("metropolys_cards") or [None] * n
    lines = [
        f"players {n} variant {_name(view['variant'])} call {view['call']}"
        + (" game over" if view.get("game_over") else f" to act {view.get('to_act')}"),
        "out of play: " + (",".join(_name(d) for d in view.get("out_of_play", [])) or "-"),
        "constructed: "
        + (
            " ".join(
                f"{c['neighborhood']}:p{c['player']}b{c['building']}"
                for c in sorted(view["constructed"], key=lambda c: int(c["neighborhood"]))
            )
            or "-"
        ),
        "tokens: "
        + (
            " ".join(
                f"{nb}:{_name(k)[0]}"
                for nb, k in sorted(view["tokens"].items(), key=lambda kv: int(kv[0]))
            )
            or "-"
        ),
        "bids: "
        + (
            " ".join(f"{b['neighborhood']}:p{b['player']}b{b['building']}" for b in view["bids"])
            or "-"
        ),
    ]
    for seat in range(n):
        taken = view["taken"][seat]
        flags = []
        if view["passed"][seat]:
            flags.append("passed")
        if view.get("subway_card") == seat:
            flags.append("subway-card")
        if view.get("archaeology_card") == seat:
            flags.append("archaeology-card")
        lines.append(
            f"p{seat}: supply {','.join(str(x) for x in view['supply'][seat]) or '-'}"
            f" taken t{taken.get('trendy', 0)} s{taken.get('subway', 0)}"
            f" a{taken.get('archaeology', 0)}"
            f" objectives {objective_text(objs[seat], cards[seat] if seat < len(cards) else None)}"
            + (" " + " ".join(flags) if flags else "")
        )
    return "\n".join(lines)
