"""Data and fit of the bots' learned prior over moves.

A search (``ismcts``) orders each position's legal actions: progressive
widening admits them in that order, and sequential halving starts from the
first of them at the root. Without a prior the greedy evaluation orders
them; the learned prior (``"prior": "learned"``) orders them by a score
fitted on the moves searches played: ``w · features +
building[b] + neighborhood[n]`` for a bid of building ``b`` on
neighborhood ``n``, ``w · features`` for the pass, with sixteen features
per action (the greedy evaluation among them). This module makes it, as
https://github.com/metropolys/metropolys/blob/main/docs/learning.md
("The learned prior") describes:

* :func:`selfplay` plays games of a searching teacher against itself in
  Rust and returns, at every decision kept, one row per legal action with
  its features and the visits the teacher's search gave it;
* :func:`fit` fits the weights as a conditional logit over each decision's
  legal actions by maximum likelihood of the move the search played (or,
  with ``target="visits"``, of the share of the root's visits each action
  got), with SciPy's L-BFGS-B and a small L2 penalty on the buildings' and
  neighborhoods' weights, the split by game, and measures on held-out
  games against the greedy evaluation alone;
* :func:`rust_weights` writes the weights as the bots' source file
  (``metropolys-bots/src/prior_weights.rs``).

``python -m metropolys.prior --help`` runs the whole recipe. Fitting needs
the ``learning`` extra (SciPy comes with scikit-learn).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from . import _metropolys
from . import _recipe
from ._metropolys import ACTION_COUNT, BUILDINGS_PER_PLAYER, NEIGHBORHOOD_COUNT, Action

__all__ = ["selfplay", "fit", "Fitted", "rust_weights", "main", "FEATURES"]

#: The features of a legal action (``metropolys_bots::prior::PRIOR_FEATURES``).
FEATURES = _metropolys._PRIOR_FEATURES
#: The weights: the features', then one per building number, then one per
#: neighborhood.
_WEIGHTS = FEATURES + BUILDINGS_PER_PLAYER + NEIGHBORHOOD_COUNT


def _bias_columns() -> tuple[np.ndarray, np.ndarray]:
    """For every action id, the index of its building's weight and of its
    neighborhood's weight among all the weights (-1 for the pass), from
    the engine's actions."""
    building = np.full(ACTION_COUNT, -1, dtype=np.int64)
    neighborhood = np.full(ACTION_COUNT, -1, dtype=np.int64)
    for i in range(ACTION_COUNT):
        a = Action.from_id(i)
        if a.building is not None and a.neighborhood is not None:
            building[i] = FEATURES + a.building - 1
            neighborhood[i] = FEATURES + BUILDINGS_PER_PLAYER + a.neighborhood
    return building, neighborhood


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
) -> dict[str, np.ndarray]:
    """Plays ``games`` games of ``teacher`` (a searching bot kind,
    ``params`` its JSON parameters) in every seat, game ``g`` with
    ``players[g % len(players)]`` players, and returns the prior's
    examples, one row per legal action of each decision kept that had more
    than one: ``features`` (float32, rows × 16), ``example`` (the rows of
    one example are one decision's legal actions, consecutive),
    ``action`` (its id), ``visits`` (the teacher's root visits), ``chosen``
    (the action the teacher played), ``game``, ``players``, ``decision``.
    ``stride`` keeps one decision in that many. Seeded: the same rows
    whatever ``threads``. A teacher that does not search gives no rows."""
    return _metropolys._prior_selfplay(
        games,
        teacher=teacher,
        params=params,
        players=list(players),
        variant=variant,
        seed=seed,
        threads=threads,
        stride=stride,
    )


class _Rows:
    """The rows of some examples, ready for the fit: features, the weights'
    columns of each row's biases, the examples' boundaries, the target
    (the action played, or the visits' shares) and the action played."""

    def __init__(self, samples: dict[str, np.ndarray], rows: np.ndarray, target: str) -> None:
        building, neighborhood = _bias_columns()
        ids = samples["action"][rows].astype(np.int64)
        self.x = samples["features"][rows].astype(np.float64)
        self.building = building[ids]
        self.neighborhood = neighborhood[ids]
        self.bid = self.building >= 0
        example = samples["example"][rows]
        self.starts = np.flatnonzero(np.r_[True, example[1:] != example[:-1]])
        self.sizes = np.diff(np.r_[self.starts, len(rows)])
        self.chosen = samples["chosen"][rows]
        visits = (samples["visits"][rows] if target == "visits" else self.chosen).astype(np.float64)
        total = np.repeat(np.add.reduceat(visits, self.starts), self.sizes)
        self.share = visits / np.maximum(total, 1.0)

    def scores(self, theta: np.ndarray) -> np.ndarray:
        """Each row's score under ``theta``."""
        s: np.ndarray = self.x @ theta[:FEATURES]
        s[self.bid] += theta[self.building[self.bid]] + theta[self.neighborhood[self.bid]]
        return s

    def probabilities(self, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each row's probability (its example's scores normalised) and its
        log."""
        top = np.maximum.reduceat(scores, self.starts)
        shifted = scores - np.repeat(top, self.sizes)
        log_total = np.log(np.add.reduceat(np.exp(shifted), self.starts))
        log_p = shifted - np.repeat(log_total, self.sizes)
        return np.exp(log_p), log_p

    def cross_entropy(self, theta: np.ndarray) -> float:
        """The mean cross-entropy of the target and the prior."""
        _, log_p = self.probabilities(self.scores(theta))
        return float(-(self.share * log_p).sum() / len(self.starts))

    def measures(self, theta: np.ndarray) -> dict[str, float]:
        """The cross-entropy, the share of decisions whose best-ordered
        action is the one played, and the played action's mean place in
        the order (1: first)."""
        s = self.scores(theta)
        example = np.repeat(np.arange(len(self.starts)), self.sizes)
        played = s[self.chosen]
        # The place of the action played: 1 + the actions ordered before it
        # (higher score; ties in the engine's order, as the search sorts).
        index = np.arange(len(s)) - np.repeat(self.starts, self.sizes)
        played_index = index[self.chosen]
        ahead = (s > played[example]) | ((s == played[example]) & (index < played_index[example]))
        place = 1 + np.add.reduceat(ahead.astype(np.int64), self.starts)
        return {
            "cross_entropy": round(self.cross_entropy(theta), 4),
            "first_is_played": round(float((place == 1).mean()), 4),
            "mean_place_of_played": round(float(place.mean()), 3),
        }


@dataclass
class Fitted:
    """The fitted weights and what they were measured at."""

    #: ``{"features": [16], "building": [13], "neighborhood": [55]}``.
    weights: dict[str, list[float]]
    #: The held-out measures (:meth:`_Rows.measures`) of the greedy
    #: evaluation alone (its weight fitted) and of the learned prior, and
    #: the numbers of examples.
    test: dict[str, Any]
    #: The settings of the fit.
    settings: dict[str, Any]


def _split(weights: np.ndarray) -> dict[str, list[float]]:
    b = FEATURES + BUILDINGS_PER_PLAYER
    return {
        "features": weights[:FEATURES].tolist(),
        "building": weights[FEATURES:b].tolist(),
        "neighborhood": weights[b:].tolist(),
    }


def fit(
    samples: dict[str, np.ndarray],
    *,
    seed: int = 0,
    alpha: float = 1e-3,
    test_fraction: float = 0.2,
    target: str = "chosen",
) -> Fitted:
    """Fits the weights by maximum likelihood of the ``target`` (``"chosen"``:
    the action the search played; ``"visits"``: the share of the root's
    visits each action got) on the games not held out (``test_fraction``
    of the games, drawn with ``seed``), with an L2 penalty ``alpha`` on the
    buildings' and neighborhoods' weights, and measures on the held-out
    games, beside the greedy evaluation alone (the same fit with only its
    weight free)."""
    from scipy.optimize import minimize  # type: ignore[import-untyped, import-not-found, unused-ignore]

    games = np.unique(samples["game"])
    if len(games) < 2:
        raise ValueError(f"fit: the examples of at least 2 games are needed (some to fit, some to test), not {len(games)}")
    if not 0 < test_fraction < 1:
        raise ValueError(f"fit: test_fraction must be above 0 and below 1, not {test_fraction}")
    if target not in ("chosen", "visits"):
        raise ValueError(f"fit: target must be 'chosen' or 'visits', not {target!r}")
    rng = np.random.default_rng(seed)
    held_out = rng.choice(games, size=max(1, int(len(games) * test_fraction)), replace=False)
    is_test = np.isin(samples["game"], held_out)
    train = _Rows(samples, np.flatnonzero(~is_test), target)
    test = _Rows(samples, np.flatnonzero(is_test), target)
    m = len(train.starts)

    def loss(theta: np.ndarray, free: np.ndarray) -> tuple[float, np.ndarray]:
        p, log_p = train.probabilities(train.scores(theta))
        g_rows = (p - train.share) / m
        grad = np.zeros_like(theta)
        grad[:FEATURES] = train.x.T @ g_rows
        np.add.at(grad, train.building[train.bid], g_rows[train.bid])
        np.add.at(grad, train.neighborhood[train.bid], g_rows[train.bid])
        bias = theta[FEATURES:]
        grad[FEATURES:] += 2 * alpha * bias
        value = float(-(train.share * log_p).sum() / m) + alpha * float(bias @ bias)
        return value, grad * free

    start = np.zeros(_WEIGHTS)
    start[0] = 1.0
    greedy_only = np.zeros(_WEIGHTS)
    greedy_only[0] = 1.0
    greedy = minimize(loss, start, args=(greedy_only,), jac=True, method="L-BFGS-B").x
    learned = minimize(loss, start, args=(np.ones(_WEIGHTS),), jac=True, method="L-BFGS-B", options={"maxiter": 1000}).x
    measured = {
        "examples": {"train": m, "test": len(test.starts)},
        "greedy": test.measures(greedy),
        "learned": test.measures(learned),
    }
    settings = {"seed": seed, "alpha": alpha, "test_fraction": test_fraction, "target": target, "optimizer": "scipy L-BFGS-B"}
    return Fitted(weights=_split(learned), test=measured, settings=settings)


def rust_weights(weights: dict[str, list[float]]) -> str:
    """The bots' weights file (``metropolys-bots/src/prior_weights.rs``)
    holding ``weights``, each number written so that it reads back as the
    same ``f32``. ``ValueError`` unless it holds ``features``,
    ``building`` and ``neighborhood`` of the engine's sizes, finite."""
    _recipe.check_lengths(
        "rust_weights",
        weights,
        {"features": FEATURES, "building": BUILDINGS_PER_PLAYER, "neighborhood": NEIGHBORHOOD_COUNT},
    )

    def field(name: str, xs: list[float]) -> str:
        numbers = "".join(f"        {_recipe.rust_float(x, f32=True)},\n" for x in xs)
        return f"    {name}: [\n{numbers}    ],\n"

    return (
        _RUST_HEAD.format(features=FEATURES, buildings=BUILDINGS_PER_PLAYER, neighborhoods=NEIGHBORHOOD_COUNT)
        + "#[rustfmt::skip]\npub(crate) const LEARNED: PriorWeights = PriorWeights {\n"
        + field("features", weights["features"])
        + field("building", weights["building"])
        + field("neighborhood", weights["neighborhood"])
        + "};\n"
    )


_RUST_HEAD = """//! The learned prior's weights; their model card, with the data, the fit
//! and what they are worth, is `data/prior.md`. Written by
//! `python -m metropolys.prior --rust`; do not edit by hand.

/// The weights of the learned prior over moves ([`crate::prior`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct PriorWeights {{
    /// The weight of each feature ([`crate::prior::PRIOR_FEATURES`]).
    pub(crate) features: [f32; {features}],
    /// The weight of each building number, 1 to {buildings}.
    pub(crate) building: [f32; {buildings}],
    /// The weight of each neighborhood, by its id.
    pub(crate) neighborhood: [f32; {neighborhoods}],
}}

/// The fitted weights.
"""


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m metropolys.prior``: generate the examples, fit, write
    the weights (Rust source) and a JSON summary for the model card."""
    ap = argparse.ArgumentParser(
        prog="python -m metropolys.prior",
        description="Data and fit of the bots' learned prior over moves (https://github.com/metropolys/metropolys/blob/main/docs/learning.md).",
    )
    _recipe.add_selfplay_arguments(ap, games=1000, teacher="the searching bot in every seat", stride=4)
    ap.add_argument("--alpha", type=float, default=1e-3, help="L2 penalty on the buildings' and neighborhoods' weights")
    ap.add_argument("--target", choices=("chosen", "visits"), default="chosen", help="fit the move played or the root's visits")
    ap.add_argument("--rust", type=Path, help="the weights file to write (metropolys-bots/src/prior_weights.rs)")
    ap.add_argument("--summary", type=Path, help="a JSON summary for the model card")
    a = ap.parse_args(argv)
    run = _recipe.generate(ap, a, selfplay)
    print(f"{a.games} games, {run.examples} examples ({run.rows} rows) in {run.seconds:.1f} s")
    if run.examples == 0:
        print(
            "no examples: the teacher gave no visits to learn from (it must search: an ismcts kind or a searching preset)",
            file=sys.stderr,
        )
        return 2
    fitted = fit(run.samples, seed=a.seed, alpha=a.alpha, target=a.target)
    for name in ("greedy", "learned"):
        t = fitted.test[name]
        print(
            f"{name}: held-out cross-entropy with the {a.target} {t['cross_entropy']:.4f}, "
            f"first in the order is the move played {t['first_is_played']:.1%}, "
            f"its mean place {t['mean_place_of_played']:.2f}"
        )
    if a.rust:
        a.rust.write_text(rust_weights(fitted.weights))
        print(f"wrote {a.rust}")
    _recipe.write_summary(a.summary, _recipe.fit_summary(a, run, fitted))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
