"""What the learning recipes' command lines share (``python -m
metropolys.learning``, ``metropolys.belief`` and ``metropolys.prior``):
the self-play options, the timed run, its summary for the model card, and
the checks and number formats of the weights files they write."""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np


def add_selfplay_arguments(ap: argparse.ArgumentParser, *, games: int, teacher: str, stride: int) -> None:
    """The options of the self-play data: ``--games`` (at least 1),
    ``--teacher``, ``--params``, ``--players``, ``--variant``, ``--seed``,
    ``--threads``, ``--stride``."""
    ap.add_argument("--games", type=_positive, default=games, help="self-play games to generate (at least 1)")
    ap.add_argument("--teacher", default="strong", help=teacher)
    ap.add_argument("--params", default="", help="the teacher's JSON parameters")
    ap.add_argument("--players", type=_players, default=[2, 3, 4], help="player counts, cycled (default 2,3,4)")
    ap.add_argument("--variant", default="expert")
    ap.add_argument("--seed", type=int, default=0, help="seed of the games and of the fit")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--stride", type=_positive, default=stride, help="keep one decision in this many")


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _players(text: str) -> list[int]:
    try:
        return [int(p) for p in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"player counts separated by commas (2,3,4), not {text!r}") from None


@dataclass
class Generated:
    """A timed self-play run."""

    #: The columns :func:`generate`'s ``selfplay`` returned.
    samples: dict[str, np.ndarray]
    #: Its wall-clock seconds.
    seconds: float

    @property
    def examples(self) -> int:
        """The number of examples (``example`` numbers them from 0)."""
        example = self.samples["example"]
        return int(example[-1]) + 1 if len(example) else 0

    @property
    def rows(self) -> int:
        """The number of rows."""
        return int(len(self.samples["game"]))


def generate(
    ap: argparse.ArgumentParser, a: argparse.Namespace, selfplay: Callable[..., dict[str, np.ndarray]], **more: Any
) -> Generated:
    """Runs ``selfplay`` with the options :func:`add_selfplay_arguments`
    added (and ``more``), timed. Options the engine refuses (players
    outside R-1, too many games or threads, an unknown teacher or bad
    parameters) end the command as usage errors, in one line naming why
    (exit status 2)."""
    start = time.perf_counter()
    try:
        samples = selfplay(a.games, threads=a.threads, **_options(a), **more)
    except ValueError as e:
        ap.error(str(e))
    return Generated(samples, time.perf_counter() - start)


#: The self-play options a run takes and its summary records (besides
#: ``games`` and ``threads``).
_OPTIONS = ("teacher", "params", "players", "variant", "seed", "stride")


def _options(a: argparse.Namespace) -> dict[str, Any]:
    return {name: getattr(a, name) for name in _OPTIONS}


def data_summary(
    a: argparse.Namespace, games: int, rows: int, seconds: float, examples: int | None = None, **more: Any
) -> dict[str, Any]:
    """The ``data`` part of a model card's summary: what was generated
    (``examples`` when the rows are grouped so), with which options (and
    ``more``), in how long."""
    data: dict[str, Any] = {"games": games}
    if examples is not None:
        data["examples"] = examples
    data.update(rows=rows, **_options(a), **more)
    data["seconds"] = round(seconds, 1)
    return data


def fit_summary(a: argparse.Namespace, run: Generated, fitted: Any) -> dict[str, Any]:
    """The summary of a fitted model (``fitted``: its ``settings``,
    ``weights`` and held-out ``test``) of examples from ``run``."""
    return {
        "data": data_summary(a, a.games, run.rows, run.seconds, examples=run.examples),
        "fit": fitted.settings,
        "weights": fitted.weights,
        "test": fitted.test,
    }


def write_summary(path: Path | None, summary: dict[str, Any]) -> None:
    """Writes a model card's summary as indented JSON (nothing without a
    path)."""
    if path is not None:
        path.write_text(json.dumps(summary, indent=2) + "\n")


def check_lengths(what: str, weights: Mapping[str, list[float]], sizes: Mapping[str, int]) -> None:
    """Raises ``ValueError`` unless ``weights`` holds exactly the lists
    ``sizes`` names, each of its length: a weights file the bots' crate
    would not compile, or would read wrongly, is never written."""
    if set(weights) != set(sizes):
        raise ValueError(f"{what}: the weights must be {sorted(sizes)}, not {sorted(weights)}")
    for name, size in sizes.items():
        if len(weights[name]) != size:
            raise ValueError(f"{what}: {name} must hold {size} numbers, not {len(weights[name])}")
        bad = [x for x in weights[name] if not np.isfinite(x)]
        if bad:
            raise ValueError(f"{what}: {name} must hold finite numbers, not {bad[0]}")


def rust_float(x: float, *, f32: bool = False) -> str:
    """``x`` as a Rust float literal that reads back as the same ``f64``
    (or, with ``f32``, the same ``f32``: the shortest such decimal)."""
    if f32:
        text = np.format_float_positional(np.float32(x), unique=True, trim="0")
    else:
        text = repr(float(x))
    return text if ("." in text or "e" in text) else text + ".0"
