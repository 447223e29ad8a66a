"""Conformance checking for engines written in Python.

``check(factory, games=200, seed=0)`` drives an engine object and the
reference engine through the same random games, compares them after every
decision, and shrinks the first disagreement to a small game record (no
subprocess). ``replay(engine, record)`` replays a record (for example one
written by ``metropolys conform``) through an engine and reports the first
difference from its ``expected``.

The engine object has the operations of the conformance protocol
(https://github.com/metropolys/metropolys/blob/main/docs/conformance-protocol.md) as methods; actions are integer ids
(``neighborhood * 13 + building - 1``, 715 for a pass)::

    new_game(config: dict) -> None | str     # None, or the ruling refusing it
    to_act() -> int | None                    # None when the game is over
    legal() -> list[int]                      # legal action ids ([] when over)
    apply(player: int, action: int) -> None | str   # None, or the ruling ("R-9")
    scores() -> list[dict]                    # per seat: the categories below
    is_over() -> bool
    winners() -> list[int]

Score categories: trendy, subway, subway_card, archaeology, archaeology_card,
area, neighborhood, highest_building, metropolys, total, constructed. An
optional ``unsupported`` attribute lists features the engine lacks
(``"players_2"``, ``"players_3"``, ``"players_4"``, ``"family"``,
``"expert"``, ``"metropolys_cards"``, ``"seeded_setup"``); those
configurations are skipped (or, for ``seeded_setup``, sent fully
resolved). An optional ``name`` attribute names the engine in diagnoses
(else its class name).

Both functions run the code of ``metropolys conform`` (the
``metropolys-conform`` crate, in Rust): games from the same generator,
the same comparisons, and proptest's shrinking (at most 30 seconds). Each
answer is checked as the protocol checks a line from a child process: an
answer it does not accept (a seat that does not exist, a score sheet
without a category, an unknown feature in ``unsupported``) raises
``ValueError`` naming the request; an exception the engine raises stops
the run and is re-raised.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Mapping, Optional, Union

from . import ACTION_COUNT, PASS_ID, SCORE_CATEGORIES  # noqa: F401
from ._metropolys import _conformance_check, _conformance_replay

__all__ = ["CATEGORIES", "CheckResult", "ConformanceError", "check", "replay"]

# The score categories compared, in order: the package's own (as are the
# action ids engines answer with, 0 to ACTION_COUNT - 1 with PASS_ID the
# pass, imported above).
CATEGORIES = SCORE_CATEGORIES


class ConformanceError(AssertionError):
    """Raised by ``CheckResult.raise_for_failure``; ``.result`` holds it."""

    def __init__(self, result: "CheckResult") -> None:
        super().__init__(result.diagnosis)
        self.result = result


@dataclass
class CheckResult:
    """What ``check`` found. ``ok`` when every decision agreed; otherwise
    ``record`` is the shrunk game record (``expected`` from the reference
    engine) and ``diagnosis`` says where and how the engines differ.
    ``found_length`` is the record's length before shrinking and
    ``shrink_runs`` the games played while shrinking; ``details`` holds the
    configuration of the game as found, the decision that disagreed there,
    what was compared, and the search and shrink times in seconds."""

    ok: bool
    games: int
    decisions: int
    record: Optional[Dict[str, Any]] = None
    diagnosis: str = ""
    found_length: int = 0
    shrink_runs: int = 0
    details: Dict[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.ok

    def raise_for_failure(self) -> "CheckResult":
        """Returns ``self`` when ok, else raises ``ConformanceError``."""
        if not self.ok:
            raise ConformanceError(self)
        return self


def check(factory: Callable[[], Any], games: int = 200, seed: int = 0,
          max_steps: int = 300) -> CheckResult:
    """Compares the engines ``factory()`` makes (one per game) with the
    reference engine over ``games`` random games from ``seed`` (0 to
    2**64 - 1), each of at most ``max_steps`` decisions (at most 10000);
    returns a ``CheckResult`` (call ``.raise_for_failure()`` to raise on a
    disagreement)."""
    found = _conformance_check(factory, games, seed, max_steps)
    if found["ok"]:
        return CheckResult(True, found["games"], found["decisions"])
    return CheckResult(False, found["games"], found["decisions"], found["record"],
                       found["diagnosis"], found["found_length"], found["shrink_runs"],
                       found["details"])


def replay(engine: Any, record: Union[str, Mapping[str, Any]]) -> Optional[str]:
    """Replays a game record (a dict, or its JSON text) through ``engine``
    and returns the first difference from the record's ``expected`` (None
    when it matches). A malformed record raises ``metropolys.RecordError``."""
    return _conformance_replay(engine, record)
