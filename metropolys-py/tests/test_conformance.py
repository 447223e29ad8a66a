"""Every conformance vector in tests/conformance replays from Python exactly
as it does from Rust and C."""

from __future__ import annotations

import json
import pathlib

import pytest

import metropolys
from metropolys import Action, Game

VECTORS = sorted(
    (pathlib.Path(__file__).resolve().parents[2] / "tests" / "conformance").glob("*.json")
)


def test_the_vectors_are_there() -> None:
    assert len(VECTORS) >= 40


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_vector_verifies(path: pathlib.Path) -> None:
    record = json.loads(path.read_text())
    reached = metropolys.verify_record(record)
    expected = record.get("expected", {})
    rejected = expected.get("error")
    if rejected is not None:
        # Replaying the whole record stops at the rejected action, and the
        # position before it refuses that action, naming the ruling.
        with pytest.raises(metropolys.RecordError) as info:
            metropolys.load_record(record)
        assert rejected["rule"] in info.value.rules
        last = record["actions"][rejected["index"]]
        with pytest.raises(metropolys.IllegalActionError) as refused:
            reached.apply_for(last["player"], Action.from_json(last["action"]))
        assert rejected["rule"] in refused.value.rules
    else:
        loaded = metropolys.load_record(record)
        assert loaded == reached
        if "totals" in expected:
            assert [s["total"] for s in loaded.scores()] == expected["totals"]
        if "winners" in expected:
            assert loaded.winners == expected["winners"]
        if "scores" in expected:
            assert loaded.scores() == expected["scores"]
        # The game's own record replays to the same position.
        assert metropolys.verify_record(loaded.to_record()) == loaded
    # The reached position round-trips through JSON.
    assert Game.from_json(reached.to_json()) == reached
