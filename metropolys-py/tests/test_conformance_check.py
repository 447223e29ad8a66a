"""metropolys.conformance: check() and replay() over engine objects."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import metropolys
from metropolys import conformance


class Reference:
    """The reference engine with the protocol's operations as methods."""

    def __init__(self) -> None:
        self.game: Optional[metropolys.Game] = None

    def new_game(self, config: Dict[str, Any]) -> Optional[str]:
        self.game = metropolys.Game.from_config(config)
        return None

    def to_act(self) -> Optional[int]:
        return self.game.to_act

    def legal(self) -> List[int]:
        return self.game.legal_action_ids()

    def apply(self, player: int, action: int) -> Optional[str]:
        try:
            self.game = self.game.apply_for(player, action)
        except metropolys.IllegalActionError as e:
            return e.rule
        return None

    def scores(self) -> List[Dict[str, int]]:
        return self.game.scores()

    def is_over(self) -> bool:
        return self.game.is_over

    def winners(self) -> List[int]:
        return self.game.winners


class OpeningPassAllowed(Reference):
    """Breaks R-7: the opener of a call may pass (it is then a no-op)."""

    def apply(self, player: int, action: int) -> Optional[str]:
        if action == 715 and not self.game.bids and player == self.game.to_act:
            return None
        return super().apply(player, action)


class TrendyWorthTwo(Reference):
    """Breaks §4: trendy tokens score 2, not 3."""

    def scores(self) -> List[Dict[str, int]]:
        sheets = [dict(s) for s in super().scores()]
        for s in sheets:
            s["total"] -= s["trendy"] // 3
            s["trendy"] -= s["trendy"] // 3
        return sheets


def test_the_reference_engine_agrees() -> None:
    result = conformance.check(Reference, games=30, seed=3)
    assert result.ok and result.games == 30 and result.decisions > 500
    assert result.raise_for_failure() is result


def test_an_illegal_probe_accepted_is_caught_and_shrunk() -> None:
    result = conformance.check(OpeningPassAllowed, games=50, seed=1)
    assert not result.ok
    assert "R-7" in result.diagnosis
    record = result.record
    assert record["expected"]["error"]["rule"] == "R-7"
    assert len(record["actions"]) <= result.found_length
    # The record replays with the reference engine, and fails for the mutant.
    assert conformance.replay(Reference(), record) is None
    assert conformance.replay(OpeningPassAllowed(), record) is not None
    with pytest.raises(conformance.ConformanceError):
        result.raise_for_failure()


def test_a_scoring_bug_is_caught_with_a_short_record() -> None:
    result = conformance.check(TrendyWorthTwo, games=100, seed=2)
    assert not result.ok and "trendy" in result.diagnosis
    assert len(result.record["actions"]) < 20
    assert conformance.replay(Reference(), result.record) is None
    assert conformance.replay(TrendyWorthTwo(), result.record) is not None


def test_unsupported_configurations_are_skipped() -> None:
    seen = []

    class TwoOnly(Reference):
        unsupported = ["players_3", "players_4", "metropolys_cards"]

        def new_game(self, config: Dict[str, Any]) -> Optional[str]:
            seen.append(config)
            return super().new_game(config)

    assert conformance.check(TwoOnly, games=10, seed=0).ok
    assert seen and all(c["players"] == 2 and "metropolys_deck" not in c for c in seen)


def test_the_checker_uses_the_package_constants() -> None:
    # One source for the score categories and the action ids: the checker
    # takes the package's own objects, not copies of their values.
    assert conformance.CATEGORIES is metropolys.SCORE_CATEGORIES
    assert conformance.PASS_ID is metropolys.PASS_ID
    assert conformance.ACTION_COUNT is metropolys.ACTION_COUNT
