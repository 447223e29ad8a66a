"""Bots that play Metropolys, native (Rust) and fast, and the arena.

>>> import metropolys
>>> from metropolys import bots
>>> game = metropolys.Game(players=3, variant="expert", seed=1)
>>> bot = bots.Ismcts(iterations=200, seed=7)
>>> game.is_legal(bot.choose(game))
True
>>> rows = metropolys.arena([bots.Greedy(), bots.Random()], games=10, seed=1)
>>> [row["bot"] for row in rows]
['greedy', 'random']
>>> bots.from_spec("beginner", seed=3).name
'beginner'

* ``Random(seed=0)``: uniform over the legal actions.
* ``Greedy(seed=0)``: a one-ply evaluation of every legal action.
* ``Ismcts(iterations=None, seconds=None, seed=0, threads=1)``:
  information-set Monte Carlo tree search.
* ``from_spec(kind, params=None, seed=0)``: any bot kind of the bots crate,
  among them the difficulty presets ``"beginner"``, ``"casual"``,
  ``"strong"`` and ``"expert"`` (``PRESETS``), as the command line's
  ``--bots`` and C's ``mtp_bot_new`` take them.

Each has ``choose(game) -> Action`` for the seat to act, decided from that
seat's view only (R-21): a bot never sees an opponent's secret cards. The
GIL is released while a native bot thinks, so bots in several Python
threads decide in parallel (one bot object used from several threads at
once decides one call at a time). ``arena`` plays many games between bots
rotated over the seats; a Python object with a ``choose(game)`` method (the
``Bot`` protocol) can sit at the table too. See ``https://github.com/metropolys/metropolys/blob/main/docs/bots.md`` and
``https://github.com/metropolys/metropolys/blob/main/docs/python.md``.
"""

from __future__ import annotations

from typing import Any, Dict, Protocol, Union

from ._metropolys import Action, Game, SpecBot
from ._metropolys import GreedyBot as Greedy
from ._metropolys import IsmctsBot as Ismcts
from ._metropolys import RandomBot as Random
from ._metropolys import arena

#: The difficulty presets, weakest first
#: (https://github.com/metropolys/metropolys/blob/main/docs/bots.md gives their ratings
#: and times per decision).
PRESETS = ("beginner", "casual", "strong", "expert")


def from_spec(
    kind: str, params: Union[None, str, Dict[str, Any]] = None, seed: int = 0
) -> SpecBot:
    """The bot of ``kind`` with ``params`` (a dict, JSON text or ``None``),
    seeded with ``seed``: ``from_spec("expert")``,
    ``from_spec("ismcts", {"iterations": 500}, seed=7)``. Raises
    ``ValueError`` naming an unknown kind or a bad parameter."""
    return SpecBot(kind, params, seed)


class Bot(Protocol):
    """Anything that can sit in the ``arena``: an object whose
    ``choose(game)`` returns the action of the seat to act in ``game``."""

    def choose(self, game: Game) -> Action:
        """The action to play for the seat to act in ``game``."""
        ...


__all__ = ["PRESETS", "Bot", "Greedy", "Ismcts", "Random", "SpecBot", "arena", "from_spec"]
