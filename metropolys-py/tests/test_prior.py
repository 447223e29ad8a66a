"""metropolys.prior: the learned prior's examples, a tiny fit, and the
weights file the bots compile, written from its summary."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from metropolys import prior

ROOT = Path(__file__).resolve().parents[2]
TEACHER = dict(teacher="ismcts", params='{"iterations": 60}')


def test_examples_are_one_decision_each_and_the_same_whatever_the_threads():
    a = prior.selfplay(4, **TEACHER, seed=3, threads=1, stride=5)
    b = prior.selfplay(4, **TEACHER, seed=3, threads=2, stride=5)
    for k in a:
        np.testing.assert_array_equal(a[k], b[k])
    rows = len(a["game"])
    assert a["features"].shape == (rows, prior.FEATURES)
    assert a["features"].dtype == np.float32
    # Each example is one decision: one action played, the root's visits
    # summing to the teacher's iterations.
    assert (np.bincount(a["example"], weights=a["chosen"]) == 1).all()
    assert (np.bincount(a["example"], weights=a["visits"]) == 60).all()
    assert set(np.unique(a["players"])) == {2, 3, 4}
    # A bot that does not search teaches nothing; a bad table is refused.
    assert len(prior.selfplay(2, teacher="greedy")["game"]) == 0
    with pytest.raises(ValueError, match="R-1"):
        prior.selfplay(2, **TEACHER, players=[1])


def test_a_tiny_fit_orders_the_moves_played_better_than_the_greedy_evaluation():
    pytest.importorskip("scipy", reason="fitting needs the learning extra")
    samples = prior.selfplay(24, **TEACHER, seed=5, stride=2)
    fitted = prior.fit(samples, seed=5)
    g, l = fitted.test["greedy"], fitted.test["learned"]
    assert l["cross_entropy"] < g["cross_entropy"], fitted.test
    assert len(fitted.weights["features"]) == prior.FEATURES
    assert len(fitted.weights["building"]) == 13
    assert len(fitted.weights["neighborhood"]) == 55
    # Fitting the visits instead is a choice; bad settings are errors.
    assert prior.fit(samples, seed=5, target="visits").settings["target"] == "visits"
    with pytest.raises(ValueError, match="target"):
        prior.fit(samples, target="votes")
    with pytest.raises(ValueError, match="at least 2 games"):
        prior.fit(prior.selfplay(1, **TEACHER, seed=5), seed=5)
    with pytest.raises(ValueError, match="test_fraction"):
        prior.fit(samples, test_fraction=0.0)


def test_the_weights_the_bots_compile_are_the_summarys():
    """metropolys-bots/src/prior_weights.rs is written from
    metropolys-bots/data/prior.json (the fit's summary, the model card's
    figures): the two must not drift apart."""
    summary = json.loads((ROOT / "metropolys-bots/data/prior.json").read_text())
    compiled = (ROOT / "metropolys-bots/src/prior_weights.rs").read_text()
    assert prior.rust_weights(summary["weights"]) == compiled


def test_weights_of_the_wrong_sizes_are_refused_not_written():
    summary = json.loads((ROOT / "metropolys-bots/data/prior.json").read_text())
    w = summary["weights"]
    with pytest.raises(ValueError, match="features must hold 16 numbers, not 15"):
        prior.rust_weights({**w, "features": w["features"][:-1]})
    with pytest.raises(ValueError, match="neighborhood must hold 55 numbers"):
        prior.rust_weights({**w, "neighborhood": w["neighborhood"] + [0.0]})
    with pytest.raises(ValueError, match="finite"):
        prior.rust_weights({**w, "building": [float("nan")] * 13})
    with pytest.raises(ValueError, match="the weights must be"):
        prior.rust_weights({"features": w["features"]})


def test_the_command_line_writes_the_weights_and_the_summary(tmp_path):
    pytest.importorskip("scipy", reason="fitting needs the learning extra")
    out = subprocess.run(
        [sys.executable, "-m", "metropolys.prior", "--games", "6", "--teacher", "ismcts",
         "--params", '{"iterations": 40}', "--stride", "2",
         "--rust", str(tmp_path / "w.rs"), "--summary", str(tmp_path / "s.json")],
        capture_output=True, text=True, check=True,
    ).stdout
    assert "first in the order is the move played" in out
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["data"]["games"] == 6
    assert (tmp_path / "w.rs").read_text() == prior.rust_weights(summary["weights"])
    # A teacher that does not search gives nothing to fit: an error, not a
    # file.
    bad = subprocess.run(
        [sys.executable, "-m", "metropolys.prior", "--games", "2", "--teacher", "greedy",
         "--rust", str(tmp_path / "x.rs")],
        capture_output=True, text=True,
    )
    assert bad.returncode == 2 and "must search" in bad.stderr
    assert not (tmp_path / "x.rs").exists()
    # No games is a usage error, not a teacher's fault.
    none = subprocess.run(
        [sys.executable, "-m", "metropolys.prior", "--games", "0"], capture_output=True, text=True,
    )
    assert none.returncode == 2 and "--games: must be at least 1, not 0" in none.stderr
    # What the engine refuses is a usage error too, in one line naming the
    # rule, not a traceback.
    for args, why in ((["--players", "5"], "R-1: players must be"), (["--threads", "0"], "threads must be from 1")):
        bad = subprocess.run(
            [sys.executable, "-m", "metropolys.prior", "--games", "1", *args], capture_output=True, text=True,
        )
        assert bad.returncode == 2 and why in bad.stderr and "Traceback" not in bad.stderr, bad.stderr
