"""Score sheets and events are typed as ``TypedDict``s (``metropolys.types``):
the shapes match what the engine returns, and mypy --strict uses them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
import pathlib
from typing import Any, Dict

import pytest

import metropolys
from metropolys import Game, types

from conftest import METROPOLYS_DECK, play_out

EVENT_TYPES: Dict[str, Any] = {
    "call_started": types.CallStarted,
    "bid_placed": types.BidPlaced,
    "passed": types.Passed,
    "constructed": types.Constructed,
    "bid_returned": types.BidReturned,
    "token_taken": types.TokenTaken,
    "card_taken": types.CardTaken,
    "game_ended": types.GameEnded,
}


def test_the_score_sheet_typed_dict_has_the_core_categories_in_order() -> None:
    # Core defines the categories once (SCORE_CATEGORIES is core's
    # ScoreSheet::CATEGORIES); the TypedDict is the seat, those categories
    # in their order, then the groups that scored.
    assert list(types.ScoreSheet.__annotations__) == [
        "player", *metropolys.SCORE_CATEGORIES,
        "area_groups", "highest_building_districts", "metropolys_groups"]
    sheet = Game(players=3, variant="expert", seed=2).scores()[0]
    assert list(sheet) == list(types.ScoreSheet.__annotations__)


def test_every_event_type_has_its_typed_dict() -> None:
    assert set(types.Event.__args__) == set(EVENT_TYPES.values())  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_events_and_score_sheets_have_the_typed_keys(seed: int) -> None:
    config = {"players": 4, "variant": "expert", "seed": seed, "metropolys_deck": METROPOLYS_DECK}
    start = Game.from_config(config)
    end, path = play_out(start, seed)
    seen = set()
    for game in path:
        for event in game.events:
            td = EVENT_TYPES[event["type"]]
            assert set(event) == set(td.__annotations__), event
            seen.add(event["type"])
    assert seen == set(EVENT_TYPES)
    for sheet in end.scores():
        assert set(sheet) == set(types.ScoreSheet.__annotations__)
    ended = end.events[-1]
    assert ended["type"] == "game_ended"
    for sheet in ended["scores"]:
        assert set(sheet) == set(types.ScoreSheet.__annotations__)


def test_mypy_strict_uses_the_typed_dicts(tmp_path: pathlib.Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed")
    good = tmp_path / "good.py"
    good.write_text(textwrap.dedent("""
        from metropolys import Game
        g = Game(players=2, variant="family", seed=1)
        total: int = g.scores()[0]["total"]
        for e in g.events:
            if e["type"] == "bid_placed":
                n: int = e["neighborhood"]
            elif e["type"] == "card_taken":
                f = e["from"]
    """))
    bad = tmp_path / "bad.py"
    bad.write_text(textwrap.dedent("""
        from metropolys import Game
        g = Game(players=2, variant="family", seed=1)
        x = g.scores()[0]["totl"]
    """))
    ok = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(good)],
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    ko = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(bad)],
                        capture_output=True, text=True)
    assert ko.returncode != 0 and "totl" in ko.stdout, ko.stdout
