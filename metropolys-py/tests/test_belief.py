"""metropolys.belief: the learned belief's examples, a tiny fit, and the
weights file the bots compile, written from its summary."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from metropolys import belief

ROOT = Path(__file__).resolve().parents[2]


def test_examples_are_one_opponent_card_each_and_the_same_whatever_the_threads():
    a = belief.selfplay(6, teacher="greedy", seed=3, threads=1, stride=3)
    b = belief.selfplay(6, teacher="greedy", seed=3, threads=2, stride=3)
    for k in a:
        np.testing.assert_array_equal(a[k], b[k])
    rows = len(a["game"])
    assert a["features"].shape == (rows, belief.FEATURES)
    assert a["features"].dtype == np.float64
    # Each example holds exactly one card held, and its rows are of one kind.
    truths = np.bincount(a["example"], weights=a["truth"])
    assert (truths == 1).all()
    for e in np.unique(a["example"])[:50]:
        assert len(np.unique(a["kind"][a["example"] == e])) == 1
    assert set(np.unique(a["kind"])) == {0, 1}
    assert set(np.unique(a["players"])) == {2, 3, 4}
    with pytest.raises(ValueError, match="R-1"):
        belief.selfplay(2, teacher="greedy", players=[1])


def test_a_tiny_fit_reads_the_cards_better_than_chance_on_held_out_games():
    pytest.importorskip("scipy", reason="fitting needs the learning extra")
    samples = belief.selfplay(24, teacher="greedy", seed=5, stride=2)
    fitted = belief.fit(samples, seed=5)
    for name in ("area", "neighborhood"):
        t = fitted.test[name]
        assert t["uniform"] == pytest.approx(np.log(1 / 4), abs=1e-3)
        assert t["learned"] > t["uniform"], (name, t)
        assert len(fitted.weights[name]["features"]) == belief.FEATURES
    # No Metropolys cards in these games: that kind keeps the hand-written
    # belief.
    assert fitted.weights["metropolys"]["features"] == [1.0, 0.0, 0.0]
    # Too few games, or no share held out, is an error, not a fit.
    with pytest.raises(ValueError, match="at least 2 games"):
        belief.fit(belief.selfplay(1, teacher="greedy", seed=5), seed=5)
    with pytest.raises(ValueError, match="test_fraction"):
        belief.fit(samples, test_fraction=1.0)


def test_the_weights_the_bots_compile_are_the_summarys():
    """metropolys-bots/src/belief_weights.rs is written from
    metropolys-bots/data/belief.json (the fit's summary, the model card's
    figures): the two must not drift apart."""
    summary = json.loads((ROOT / "metropolys-bots/data/belief.json").read_text())
    compiled = (ROOT / "metropolys-bots/src/belief_weights.rs").read_text()
    assert belief.rust_weights(summary["weights"]) == compiled


def test_weights_of_the_wrong_sizes_are_refused_not_written():
    summary = json.loads((ROOT / "metropolys-bots/data/belief.json").read_text())
    w = summary["weights"]
    area = w["area"]
    with pytest.raises(ValueError, match="area: bias must hold"):
        belief.rust_weights({**w, "area": {**area, "bias": area["bias"][:-1]}})
    with pytest.raises(ValueError, match="features must hold 3 numbers"):
        belief.rust_weights({**w, "area": {**area, "features": [0.0]}})
    with pytest.raises(ValueError, match="the kinds must be"):
        belief.rust_weights({"area": area})


def test_the_command_line_writes_the_weights_and_the_summary(tmp_path):
    pytest.importorskip("scipy", reason="fitting needs the learning extra")
    out = subprocess.run(
        [sys.executable, "-m", "metropolys.belief", "--games", "6", "--teacher", "greedy",
         "--rust", str(tmp_path / "w.rs"), "--summary", str(tmp_path / "s.json")],
        capture_output=True, text=True, check=True,
    ).stdout
    assert "held-out mean log-probability" in out
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["data"]["games"] == 6
    assert (tmp_path / "w.rs").read_text() == belief.rust_weights(summary["weights"])
