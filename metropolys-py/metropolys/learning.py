"""Self-play data and training of the bots' learned evaluation.

The bots' value network (``metropolys_bots::learned``) reads a position's
features (its observation with every card revealed, then each seat's
score as the position stands) and tells each seat's expected reward.
This module makes it, as
https://github.com/metropolys/metropolys/blob/main/docs/learning.md
describes:

* :func:`selfplay` plays games of a teacher bot against itself in Rust
  (threads, the GIL released, Ctrl-C honoured) and returns numpy arrays;
  :func:`save_shard` / :func:`load_shards` keep them as compressed ``.npz``
  shards;
* :func:`train` fits a small multilayer perceptron with scikit-learn
  (a fixed seed; its losses logged), rounds it into the bots' fixed-point
  network file and measures both on held-out games;
* :func:`evaluate` computes the values exactly as the bots do.

``python -m metropolys.learning --help`` runs the whole recipe. Training
needs the ``learning`` extra (scikit-learn).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from . import _metropolys, _recipe

__all__ = [
    "selfplay",
    "save_shard",
    "load_shards",
    "train",
    "Trained",
    "evaluate",
    "model_info",
    "main",
]

#: The columns of a sample set, as :func:`selfplay` returns them.
COLUMNS = ("features", "values", "outcomes", "game", "players", "decision")
#: The width of a feature row (the observation's 924 values, then 8;
#: ``metropolys_bots::learned::INPUTS``).
INPUTS: int = _metropolys._VALUE_INPUTS


def selfplay(
    games: int,
    *,
    teacher: str = "strong",
    params: str = "",
    players: Sequence[int] = (2, 3, 4),
    variant: str = "expert",
    seed: int = 0,
    threads: int | None = None,
    stride: int = 1,
    playouts: int = 0,
) -> dict[str, np.ndarray]:
    """Plays ``games`` games of ``teacher`` (a bot kind, ``params`` its JSON
    parameters) in every seat; game ``g`` has ``players[g % len(players)]``
    players. One row per decision: ``features`` (float32, rows × 932,
    the seat to act's observation with every card revealed, then each
    seat's score as it stands and its margin), ``values``
    (float32, rows × 4, each seat's reward at the end in the viewer's
    relative slots), ``outcomes`` (the same as ``values`` unless
    ``playouts``), ``game``, ``players``, ``decision``. ``stride`` keeps
    one decision in that many; ``playouts`` above 0 makes ``values`` the
    mean rewards of that many random playouts from each kept position.
    Seeded: the same rows whatever ``threads``. One call returns at most
    2,000,000 rows (7.5 GB of features): beyond, it stops with a
    ``ValueError`` (fewer games, a larger ``stride``, or several calls
    saved with ``save_shard``)."""
    return _metropolys._selfplay(
        games,
        teacher=teacher,
        params=params,
        players=list(players),
        variant=variant,
        seed=seed,
        threads=threads,
        stride=stride,
        playouts=playouts,
    )


def save_shard(path: str | Path, samples: dict[str, np.ndarray]) -> None:
    """Writes ``samples`` as one compressed ``.npz`` shard."""
    columns: dict[str, Any] = {k: samples[k] for k in COLUMNS}
    np.savez_compressed(path, **columns)


def load_shards(paths: Iterable[str | Path]) -> dict[str, np.ndarray]:
    """Reads shards and joins them (game numbers renumbered so that games
    of different shards stay apart)."""
    parts: dict[str, list[np.ndarray]] = {k: [] for k in COLUMNS}
    offset = 0
    for p in paths:
        with np.load(p) as z:
            for k in COLUMNS:
                a = z[k]
                if k == "game":
                    a = a.astype(np.uint32) + offset
                parts[k].append(a)
            if len(z["game"]):
                offset = int(parts["game"][-1].max()) + 1
    if not parts["game"]:
        raise ValueError("load_shards: no shard given")
    return {k: np.concatenate(v) for k, v in parts.items()}


def _inputs(features: np.ndarray) -> np.ndarray:
    """The features as the fixed-point network reads them (multiples of
    1/64), so that training sees what inference sees."""
    out: np.ndarray = np.round(np.clip(features, 0.0, 1.0) * 64.0) / 64.0
    return out


@dataclass
class Trained:
    """What :func:`train` returns."""

    #: The network file (``metropolys-bots/data/value.mtpnet``'s format).
    model: bytes
    #: The trainer's loss after each epoch (half the mean squared error,
    #: plus the L2 penalty).
    losses: list[float]
    #: Mean squared errors on the held-out games: ``float`` (the
    #: trainer's network), ``fixed`` (the file, as the bots compute it),
    #: ``mean`` (a constant per player count and slot: the baseline).
    test: dict[str, float]
    #: Rows and games used for training and for the test.
    sizes: dict[str, int]
    #: The settings of the fit.
    settings: dict[str, Any] = field(default_factory=dict)


def _mse(pred: np.ndarray, values: np.ndarray, players: np.ndarray) -> float:
    mask = np.arange(4)[None, :] < players[:, None]
    return float(((pred - values) ** 2)[mask].mean())


def _split(games: np.ndarray, fraction: float, seed: int) -> np.ndarray:
    """Rows whose game is among a seeded ``fraction`` of the games."""
    ids = np.unique(games)
    rng = np.random.default_rng(seed)
    held = rng.choice(ids, size=max(1, int(round(len(ids) * fraction))), replace=False)
    return np.isin(games, held)


def train(
    samples: dict[str, np.ndarray],
    *,
    hidden: Sequence[int] = (64, 32),
    seed: int = 0,
    epochs: int = 40,
    patience: int = 4,
    alpha: float = 1e-3,
    outcome_weight: float = 0.0,
    test_fraction: float = 0.1,
    log: Callable[[str], None] | None = print,
) -> Trained:
    """Fits the value network on ``samples`` (as :func:`selfplay` returns
    them) with scikit-learn's ``MLPRegressor`` (ReLU, Adam, L2 ``alpha``,
    batches of 256, seeded), one epoch at a time over shuffled rows. The
    games, not the rows, are split: ``test_fraction`` of them are held out
    for the test and as many for validation (positions of one game share
    its outcome, so a split by rows would reward remembering games); the
    epoch with the best validation error is kept, and the fit stops after
    ``patience`` epochs without a better one. The network is then rounded
    into the bots' fixed-point file. The target is ``outcome_weight`` ×
    ``outcomes`` + (1 − ``outcome_weight``) × ``values`` (the same unless
    the samples were made with playouts)."""
    if not 0.0 <= outcome_weight <= 1.0:
        raise ValueError(f"train: outcome_weight must be from 0 to 1, not {outcome_weight}")
    try:
        from sklearn.neural_network import MLPRegressor  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError as e:  # pragma: no cover - depends on the extra
        raise ImportError(
            "metropolys.learning.train needs scikit-learn: pip install 'metropolys[learning]'"
        ) from e
    games = samples["game"]
    test_rows = _split(games, test_fraction, seed)
    rest = np.flatnonzero(~test_rows)
    valid_mask = _split(games[rest], test_fraction / (1.0 - test_fraction), seed + 1)
    valid_rows = rest[valid_mask]
    train_rows = rest[~valid_mask]
    if len(train_rows) == 0 or len(valid_rows) == 0 or not test_rows.any():
        raise ValueError("train: too few games to hold some out; generate more")
    x = _inputs(samples["features"])
    y = (
        outcome_weight * samples["outcomes"].astype(np.float64)
        + (1.0 - outcome_weight) * samples["values"].astype(np.float64)
    )
    players = samples["players"]
    settings = {
        "hidden": list(hidden),
        "seed": seed,
        "epochs": epochs,
        "patience": patience,
        "alpha": alpha,
        "outcome_weight": outcome_weight,
        "test_fraction": test_fraction,
        "trainer": "scikit-learn MLPRegressor (Adam, ReLU), split by game",
    }
    net = MLPRegressor(
        hidden_layer_sizes=tuple(hidden),
        activation="relu",
        solver="adam",
        alpha=alpha,
        batch_size=256,
        learning_rate_init=1e-3,
        random_state=seed,
        shuffle=False,
    )
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    losses: list[float] = []
    best: tuple[float, list[np.ndarray], list[np.ndarray]] | None = None
    stale = 0
    for epoch in range(epochs):
        order = rng.permutation(train_rows)
        net.partial_fit(x[order], y[order])
        losses.append(float(net.loss_))
        valid = _mse(np.clip(net.predict(x[valid_rows]), 0, 1), y[valid_rows], players[valid_rows])
        if log:
            log(f"epoch {epoch + 1:3d}  loss {net.loss_:.5f}  validation MSE {valid:.5f}")
        if best is None or valid < best[0]:
            best = (valid, [w.copy() for w in net.coefs_], [b.copy() for b in net.intercepts_])
            stale = 0
        else:
            stale += 1
            if stale >= patience:
                break
    assert best is not None
    net.coefs_, net.intercepts_ = best[1], best[2]
    if log:
        log(f"trained in {time.perf_counter() - start:.1f} s; kept the epoch with validation MSE {best[0]:.5f}")
    layers = [
        (w.astype(np.float32), [float(v) for v in b])
        for w, b in zip(net.coefs_, net.intercepts_)
    ]
    model = _metropolys._quantize_value_net(layers)
    float_pred = np.clip(net.predict(x[test_rows]), 0.0, 1.0)
    fixed_pred = evaluate(samples["features"][test_rows], model)
    mean = np.zeros_like(y[test_rows])
    for n in (2, 3, 4):
        rows = players[train_rows] == n
        if rows.any():
            mean[players[test_rows] == n] = y[train_rows][rows].mean(axis=0)
    test = {
        "float": _mse(float_pred, y[test_rows], players[test_rows]),
        "fixed": _mse(fixed_pred, y[test_rows], players[test_rows]),
        "mean": _mse(mean, y[test_rows], players[test_rows]),
    }
    if log:
        log(
            "held-out games' MSE: float {float:.5f}, fixed point {fixed:.5f}, "
            "per-count mean {mean:.5f}".format(**test)
        )
    sizes = {
        "train_rows": int(len(train_rows)),
        "validation_rows": int(len(valid_rows)),
        "test_rows": int(test_rows.sum()),
        "test_games": int(len(np.unique(games[test_rows]))),
    }
    return Trained(
        model=model,
        losses=losses,
        test=test,
        sizes=sizes,
        settings=settings,
    )


def evaluate(features: np.ndarray, model: bytes | None = None) -> np.ndarray:
    """Each row's values (rows × 4, in the viewer's relative slots) under
    the network file ``model`` (None: the one the bots ship), computed in
    fixed point exactly as the bots compute them."""
    obs = np.ascontiguousarray(features, dtype=np.float32)
    if obs.ndim != 2:
        raise ValueError("evaluate: features must be a 2-D array (rows × 932)")
    return _metropolys._evaluate_value_net(obs, model)


def model_info(model: bytes | None = None) -> dict[str, Any]:
    """The network's hash (which names it) and its layers' sizes."""
    digest, shape = _metropolys._value_net_info(model)
    return {"hash": digest, "layers": [list(s) for s in shape]}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m metropolys.learning``: generate shards, train, write the
    network file and a JSON summary for the model card."""
    ap = argparse.ArgumentParser(
        prog="python -m metropolys.learning",
        description="Self-play data and training of the bots' value network (https://github.com/metropolys/metropolys/blob/main/docs/learning.md).",
    )
    _recipe.add_selfplay_arguments(ap, games=2000, teacher="the bot in every seat", stride=1)
    ap.add_argument("--shards", type=Path, help="folder of .npz shards: read if present, else written")
    ap.add_argument("--hidden", default="64,32", help="hidden layer sizes")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--alpha", type=float, default=1e-3, help="L2 penalty")
    ap.add_argument("--playouts", type=int, default=0, help="value each kept position by this many random playouts")
    ap.add_argument("--outcome-weight", type=float, default=0.0, help="the game's end's share of the target (with --playouts)")
    ap.add_argument("--out", type=Path, required=True, help="the network file to write")
    ap.add_argument("--summary", type=Path, help="a JSON summary for the model card")
    a = ap.parse_args(argv)
    shard_files = sorted(a.shards.glob("*.npz")) if a.shards and a.shards.is_dir() else []
    start = time.perf_counter()
    if shard_files:
        samples = load_shards(shard_files)
        print(f"read {len(samples['game'])} rows from {len(shard_files)} shards")
    else:
        run = _recipe.generate(ap, a, selfplay, playouts=a.playouts)
        samples = run.samples
        print(f"{a.games} games, {run.rows} rows in {run.seconds:.1f} s")
        if a.shards:
            a.shards.mkdir(parents=True, exist_ok=True)
            save_shard(a.shards / f"selfplay-{a.teacher}-{a.seed}.npz", samples)
    generated = time.perf_counter() - start
    trained = train(
        samples,
        hidden=[int(h) for h in a.hidden.split(",")],
        seed=a.seed,
        epochs=a.epochs,
        alpha=a.alpha,
        outcome_weight=a.outcome_weight,
    )
    a.out.write_bytes(trained.model)
    info = model_info(trained.model)
    print(f"wrote {a.out} ({len(trained.model)} bytes, hash {info['hash']})")
    summary = {
        "hash": info["hash"],
        "layers": info["layers"],
        "data": _recipe.data_summary(
            a, int(len(np.unique(samples["game"]))), int(len(samples["game"])), generated, playouts=a.playouts
        ),
        "fit": trained.settings,
        "losses": trained.losses,
        "test": trained.test,
        "sizes": trained.sizes,
    }
    _recipe.write_summary(a.summary, summary)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
