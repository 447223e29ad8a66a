"""Data and fit of the bots' learned belief over the opponents' secret cards.

A search that samples the opponents' cards (``ismcts``) may draw them from
a belief that weighs each card an opponent may hold by what the opponent
has done. The learned belief (``"belief": "learned"``) is a log-linear
model over each opponent's possible cards, per kind of card (the area card,
the neighborhood card, the Metropolys card): the weight of a card is
``exp(w · features + bias[card])``, with three features per card (the
hand-written belief's log-likelihood of the opponent's constructions under
the card, the points the card would score on the opponent's buildings as
they stand / 10, and those points times the share of its 13 buildings
constructed). This module makes it, as
https://github.com/metropolys/metropolys/blob/main/docs/learning.md
("The learned belief") describes:

* :func:`selfplay` plays games of a teacher bot against itself in Rust and
  returns, at every decision kept, the seat to act's examples: one row per
  card an opponent's card may be, with its features and whether it is the
  card held;
* :func:`fit` fits the weights by maximum likelihood (SciPy's L-BFGS-B, a
  small L2 penalty), the split by game, and measures the mean
  log-probability of the cards held on held-out games against the uniform
  deal and the hand-written belief;
* :func:`rust_weights` writes the weights as the bots' source file
  (``metropolys-bots/src/belief_weights.rs``).

``python -m metropolys.belief --help`` runs the whole recipe. Fitting
needs the ``learning`` extra (SciPy comes with scikit-learn).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from . import _metropolys, _recipe
from .board import AREAS, METROPOLYS_CARDS
from .board import KINDS as KINDS_OF_NEIGHBORHOODS

__all__ = ["selfplay", "fit", "Fitted", "rust_weights", "main", "KINDS", "FEATURES"]

#: The kinds of secret card, by the ``kind`` column's value.
KINDS = ("area", "neighborhood", "metropolys")
#: The number of cards of each kind, from the engine (its area cards, its
#: kinds, its Metropolys cards), the ``candidate`` column's range per kind.
CARDS = (len(AREAS), len(KINDS_OF_NEIGHBORHOODS), len(METROPOLYS_CARDS))
#: The features of a candidate card (``metropolys_bots::learned::BELIEF_FEATURES``).
FEATURES = _metropolys._BELIEF_FEATURES


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
    """Plays ``games`` games of ``teacher`` (a bot kind, ``params`` its JSON
    parameters) in every seat, game ``g`` with ``players[g % len(players)]``
    players, and returns the belief's examples, one row per card an
    opponent's card may be: ``features`` (float64, rows × 3), ``example``
    (the rows of one example are one opponent's card, consecutive),
    ``kind`` (0 area, 1 neighborhood, 2 Metropolys card), ``candidate``
    (the card's index among its kind), ``truth`` (the card held),
    ``game``, ``players``, ``decision``. ``stride`` keeps one decision in
    that many. Seeded: the same rows whatever ``threads``."""
    return _metropolys._belief_selfplay(
        games,
        teacher=teacher,
        params=params,
        players=list(players),
        variant=variant,
        seed=seed,
        threads=threads,
        stride=stride,
    )


def _scores(samples: dict[str, np.ndarray], rows: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """Each row's log-weight under ``theta`` (3 feature weights, then a
    bias per card of the rows' kind)."""
    x = samples["features"][rows]
    bias = theta[FEATURES:]
    scores: np.ndarray = x @ theta[:FEATURES] + bias[samples["candidate"][rows].astype(np.int64)]
    return scores


def _log_probability(samples: dict[str, np.ndarray], rows: np.ndarray, scores: np.ndarray) -> tuple[float, np.ndarray]:
    """The mean log-probability of the cards held, each example's scores
    normalised over its candidates; and each row's probability."""
    example = samples["example"][rows]
    starts = np.flatnonzero(np.r_[True, example[1:] != example[:-1]])
    top = np.maximum.reduceat(scores, starts)
    sizes = np.diff(np.r_[starts, len(rows)])
    shifted = scores - np.repeat(top, sizes)
    e = np.exp(shifted)
    total = np.add.reduceat(e, starts)
    log_total = np.log(total)
    truth = samples["truth"][rows]
    held = shifted[truth] - log_total
    return float(held.mean()), e / np.repeat(total, sizes)


@dataclass
class Fitted:
    """The fitted weights of each kind of card and what they were
    measured at."""

    #: Per kind (``"area"``, ...): ``{"features": [3 floats], "bias": [...]}``.
    weights: dict[str, dict[str, list[float]]]
    #: Per kind: examples and the held-out mean log-probability of the
    #: card held, uniform, hand-written (β = 0.2) and learned.
    test: dict[str, dict[str, float]]
    #: The settings of the fit.
    settings: dict[str, Any]


def fit(samples: dict[str, np.ndarray], *, seed: int = 0, alpha: float = 1e-3, test_fraction: float = 0.2) -> Fitted:
    """Fits each kind's weights by maximum likelihood on the games not held
    out (``test_fraction`` of the games, drawn with ``seed``), with an L2
    penalty ``alpha`` on the biases (the features' weights are free),
    and measures on the held-out games. A kind with no examples keeps the
    hand-written belief (the log-likelihood's weight 1, the rest 0)."""
    from scipy.optimize import minimize  # type: ignore[import-untyped, import-not-found, unused-ignore]

    games = np.unique(samples["game"])
    if len(games) < 2:
        raise ValueError(f"fit: the examples of at least 2 games are needed (some to fit, some to test), not {len(games)}")
    if not 0 < test_fraction < 1:
        raise ValueError(f"fit: test_fraction must be above 0 and below 1, not {test_fraction}")
    rng = np.random.default_rng(seed)
    held_out = set(rng.choice(games, size=max(1, int(len(games) * test_fraction)), replace=False).tolist())
    is_test = np.isin(samples["game"], list(held_out))
    weights: dict[str, dict[str, list[float]]] = {}
    test: dict[str, dict[str, float]] = {}
    for k, name in enumerate(KINDS):
        n = CARDS[k]
        hand = np.zeros(FEATURES + n)
        hand[0] = 1.0
        of_kind = samples["kind"] == k
        train_rows = np.flatnonzero(of_kind & ~is_test)
        test_rows = np.flatnonzero(of_kind & is_test)
        if len(train_rows) == 0 or len(test_rows) == 0:
            weights[name] = {"features": hand[:FEATURES].tolist(), "bias": hand[FEATURES:].tolist()}
            continue
        x = samples["features"][train_rows]
        cand = samples["candidate"][train_rows].astype(np.int64)
        example = samples["example"][train_rows]
        starts = np.flatnonzero(np.r_[True, example[1:] != example[:-1]])
        truth = samples["truth"][train_rows]
        m = len(starts)

        def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
            mean, p = _log_probability(samples, train_rows, _scores(samples, train_rows, theta))
            # d(-mean log p(truth))/d score = (p - truth) / examples
            g_rows = (p - truth) / m
            grad = np.zeros_like(theta)
            grad[:FEATURES] = x.T @ g_rows
            np.add.at(grad[FEATURES:], cand, g_rows)
            bias = theta[FEATURES:]
            grad[FEATURES:] += 2 * alpha * bias
            return -mean + alpha * float(bias @ bias), grad

        result = minimize(loss, hand, jac=True, method="L-BFGS-B", options={"maxiter": 500})
        theta = result.x
        uniform = np.zeros_like(theta)
        measured = {
            "examples": float(len(np.unique(samples["example"][test_rows]))),
            "uniform": _log_probability(samples, test_rows, _scores(samples, test_rows, uniform))[0],
            "hand": _log_probability(samples, test_rows, _scores(samples, test_rows, hand))[0],
            "learned": _log_probability(samples, test_rows, _scores(samples, test_rows, theta))[0],
        }
        test[name] = {key: round(v, 4) for key, v in measured.items()}
        weights[name] = {"features": theta[:FEATURES].tolist(), "bias": theta[FEATURES:].tolist()}
    settings = {"seed": seed, "alpha": alpha, "test_fraction": test_fraction, "optimizer": "scipy L-BFGS-B"}
    return Fitted(weights=weights, test=test, settings=settings)


def rust_weights(weights: dict[str, dict[str, list[float]]]) -> str:
    """The bots' weights file (``metropolys-bots/src/belief_weights.rs``)
    holding ``weights`` (each number written so that it reads back as the
    same ``f64``). ``ValueError`` unless it holds each kind of card's
    ``features`` and ``bias`` (one per card of the kind), finite."""
    if set(weights) != set(KINDS):
        raise ValueError(f"rust_weights: the kinds must be {list(KINDS)}, not {sorted(weights)}")
    for name, cards in zip(KINDS, CARDS):
        _recipe.check_lengths(f"rust_weights: {name}", weights[name], {"features": FEATURES, "bias": cards})

    def field(name: str, opening: str, xs: list[float]) -> str:
        # As rustfmt lays it out: on one line when it fits in 100
        # columns, else one number per line.
        numbers = [_recipe.rust_float(x) for x in xs]
        line = f"        {name}: {opening}{', '.join(numbers)}],\n"
        if len(line) <= 101:
            return line
        inner = "".join(f"            {n},\n" for n in numbers)
        return f"        {name}: {opening}\n{inner}        ],\n"

    parts = []
    for name in KINDS:
        w = weights[name]
        parts.append(
            f"    {name}: Weights {{\n"
            + field("features", "[", w["features"])
            + field("bias", "&[", w["bias"])
            + "    },\n"
        )
    return _RUST_HEAD.format(features=FEATURES) + "pub(crate) const LEARNED: BeliefWeights = BeliefWeights {\n" + "".join(parts) + "};\n"


_RUST_HEAD = """//! The learned belief's weights; their model card, with the data, the
//! fit and what they are worth, is `data/belief.md`. Written by
//! `python -m metropolys.belief --rust`; do not edit by hand.

/// The weights of one kind of secret card: one per feature
/// ([`crate::belief::FEATURES`]) and one per card.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Weights {{
    /// The weight of each feature.
    pub(crate) features: [f64; {features}],
    /// The weight of each card (by its index among its kind).
    pub(crate) bias: &'static [f64],
}}

/// The weights of the three kinds of secret card.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BeliefWeights {{
    /// Area cards (by `Area::index`).
    pub(crate) area: Weights,
    /// Neighborhood cards (by `Kind::index`).
    pub(crate) neighborhood: Weights,
    /// Metropolys cards (by their index in `METROPOLYS_CARDS`).
    pub(crate) metropolys: Weights,
}}

/// The fitted weights.
"""


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m metropolys.belief``: generate the examples, fit, write
    the weights (Rust source) and a JSON summary for the model card."""
    ap = argparse.ArgumentParser(
        prog="python -m metropolys.belief",
        description="Data and fit of the bots' learned belief over the opponents' secret cards (https://github.com/metropolys/metropolys/blob/main/docs/learning.md).",
    )
    _recipe.add_selfplay_arguments(ap, games=2000, teacher="the bot in every seat", stride=4)
    ap.add_argument("--alpha", type=float, default=1e-3, help="L2 penalty on the cards' weights")
    ap.add_argument("--rust", type=Path, help="the weights file to write (metropolys-bots/src/belief_weights.rs)")
    ap.add_argument("--summary", type=Path, help="a JSON summary for the model card")
    a = ap.parse_args(argv)
    run = _recipe.generate(ap, a, selfplay)
    print(f"{a.games} games, {run.examples} examples ({run.rows} rows) in {run.seconds:.1f} s")
    fitted = fit(run.samples, seed=a.seed, alpha=a.alpha)
    for name, t in fitted.test.items():
        print(
            f"{name}: held-out mean log-probability of the card held: uniform {t['uniform']:.4f}, "
            f"hand-written {t['hand']:.4f}, learned {t['learned']:.4f} ({int(t['examples'])} examples)"
        )
    if a.rust:
        a.rust.write_text(rust_weights(fitted.weights))
        print(f"wrote {a.rust}")
    _recipe.write_summary(a.summary, _recipe.fit_summary(a, run, fitted))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
