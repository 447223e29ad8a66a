"""metropolys.learning: the self-play generator, the trainer (a tiny run)
and the fixed-point network, as the bots compute it."""

import subprocess
import sys

import numpy as np
import pytest

import metropolys
from metropolys import learning


def test_selfplay_rows_are_decisions_and_the_same_whatever_the_threads():
    a = learning.selfplay(9, teacher="greedy", seed=3, threads=1)
    b = learning.selfplay(9, teacher="greedy", seed=3, threads=2)
    for k in learning.COLUMNS:
        np.testing.assert_array_equal(a[k], b[k])
    rows = len(a["game"])
    assert a["features"].shape == (rows, 932)
    assert a["features"].dtype == np.float32
    assert a["values"].shape == (rows, 4)
    assert set(np.unique(a["players"])) == {2, 3, 4}
    # Each game's rows count its decisions from 0.
    first = a["game"] == 0
    np.testing.assert_array_equal(a["decision"][first], np.arange(first.sum()))
    # Values are the end's rewards; slots beyond the player count are 0.
    for n in (2, 3, 4):
        v = a["values"][a["players"] == n]
        assert (v[:, n:] == 0).all() and ((v >= 0) & (v <= 1)).all()
    # A recorded game replays: its decisions are as many as its rows.
    other = learning.selfplay(9, teacher="greedy", seed=4, threads=1)
    assert not np.array_equal(other["values"], a["values"])


def test_selfplay_refuses_bad_options():
    with pytest.raises(ValueError, match="R-1"):
        learning.selfplay(2, teacher="greedy", players=[5])
    with pytest.raises(ValueError):
        learning.selfplay(2, teacher="minimax")
    with pytest.raises(ValueError, match="threads"):
        learning.selfplay(2, teacher="greedy", threads=0)
    with pytest.raises(ValueError):
        learning.selfplay(2, teacher="greedy", variant="chess")


def test_shards_round_trip(tmp_path):
    a = learning.selfplay(4, teacher="greedy", seed=1)
    b = learning.selfplay(4, teacher="greedy", seed=2)
    learning.save_shard(tmp_path / "a.npz", a)
    learning.save_shard(tmp_path / "b.npz", b)
    both = learning.load_shards([tmp_path / "a.npz", tmp_path / "b.npz"])
    assert len(both["game"]) == len(a["game"]) + len(b["game"])
    # The second shard's games are numbered after the first's.
    assert len(np.unique(both["game"])) == 8
    np.testing.assert_array_equal(both["features"][: len(a["game"])], a["features"])


def test_a_tiny_training_run_gives_a_network_the_bots_read():
    pytest.importorskip("sklearn", reason="training needs the learning extra")
    samples = learning.selfplay(30, teacher="greedy", seed=5)
    logged = []
    trained = learning.train(samples, hidden=(8,), epochs=3, seed=1, log=logged.append)
    assert logged and "held-out games' MSE" in logged[-1]
    assert 1 <= len(trained.losses) <= 3
    assert trained.sizes["test_games"] == 3
    info = learning.model_info(trained.model)
    assert info["layers"] == [[932, 8], [8, 4]]
    # The fixed-point network follows the float one closely, and both do
    # at least as well as nothing more than a constant would be expected
    # to on such a tiny run (a loose bound: the point is the pipeline).
    assert abs(trained.test["fixed"] - trained.test["float"]) < 2e-3
    values = learning.evaluate(samples["features"][:10], trained.model)
    assert values.shape == (10, 4) and ((values >= 0) & (values <= 1)).all()
    # The same seed gives the same network.
    again = learning.train(samples, hidden=(8,), epochs=3, seed=1, log=None)
    assert again.model == trained.model


def test_the_shipped_network_and_damaged_files():
    info = learning.model_info()
    assert info["layers"][0][0] == 932 and info["layers"][-1][1] == 4
    assert len(info["hash"]) == 16
    obs = learning.selfplay(1, teacher="greedy", players=[2])["features"]
    v = learning.evaluate(obs)
    assert ((v[:, :2] >= 0) & (v[:, :2] <= 1)).all()
    with pytest.raises(ValueError, match="MTPVNET1"):
        learning.evaluate(obs, b"not a network")
    with pytest.raises(ValueError, match="columns"):
        learning.evaluate(np.zeros((2, 10), dtype=np.float32))


def test_the_recipe_runs_from_the_command_line(tmp_path):
    pytest.importorskip("sklearn", reason="training needs the learning extra")
    out = tmp_path / "net.mtpnet"
    summary = tmp_path / "net.json"
    subprocess.run(
        [sys.executable, "-m", "metropolys.learning", "--games", "12",
         "--teacher", "greedy", "--hidden", "8", "--epochs", "2",
         "--shards", str(tmp_path / "shards"), "--out", str(out),
         "--summary", str(summary)],
        check=True, capture_output=True, text=True,
    )
    assert learning.model_info(out.read_bytes())["layers"] == [[932, 8], [8, 4]]
    assert (tmp_path / "shards").glob("*.npz")
    assert "test" in summary.read_text()


def test_a_learned_bot_plays_legal_games():
    g = metropolys.Game(players=3, seed=2)
    bot = metropolys.SpecBot("ismcts", {"iterations": 50, "leaf": "value"}, seed=1)
    decisions = 0
    while not g.is_over:
        action = bot.choose(g)
        assert g.is_legal(action)
        g = g.apply(action)
        decisions += 1
    assert decisions > 20


def test_playout_targets_and_a_stride():
    some = learning.selfplay(4, teacher="greedy", seed=6, stride=3, playouts=16)
    same_game = some["game"][1:] == some["game"][:-1]
    steps = np.diff(some["decision"].astype(int))[same_game]
    assert len(steps) > 20 and (steps == 3).all()
    # The playouts' means are not the game's end; the outcomes are.
    assert not np.array_equal(some["values"], some["outcomes"])
    for n in (2, 3, 4):
        rows = some["players"] == n
        assert (some["values"][rows][:, n:] == 0).all()
    with pytest.raises(ValueError, match="stride"):
        learning.selfplay(1, teacher="greedy", stride=0)
    pytest.importorskip("sklearn", reason="training needs the learning extra")
    trained = learning.train(
        learning.selfplay(30, teacher="greedy", seed=7, stride=2, playouts=4),
        hidden=(8,), epochs=2, outcome_weight=0.5, log=None,
    )
    assert trained.settings["outcome_weight"] == 0.5
    with pytest.raises(ValueError, match="outcome_weight"):
        learning.train(some, outcome_weight=2.0, log=None)
