"""Shared helpers of the Python tests."""

from __future__ import annotations

import itertools
from typing import Iterator, List, Tuple

import pytest

import metropolys
from metropolys import Game, SplitMix64

PLAYER_COUNTS = (2, 3, 4)
VARIANTS = ("family", "expert")
SETUPS = list(itertools.product(PLAYER_COUNTS, VARIANTS))

METROPOLYS_DECK = [
    ["park", "mall", "housing"],
    ["industry", "administration", "park"],
    ["housing", "industry", "mall"],
    ["administration", "mall", "park"],
]


def play_out(game: Game, seed: int) -> Tuple[Game, List[Game]]:
    """Plays random legal actions (SplitMix64(seed)) to the end; returns the
    final game and every game on the way."""
    rng = SplitMix64(seed)
    path = [game]
    while not game.is_over:
        action = game.random_action(rng)
        assert action is not None
        game = game.apply(action)
        path.append(game)
    return game, path


def positions(seed: int, players: int = 3, variant: str = "expert") -> Iterator[Game]:
    """Every position of one random game."""
    _, path = play_out(Game(players=players, variant=variant, seed=seed), seed)
    return iter(path)


@pytest.fixture
def finished() -> Game:
    game, _ = play_out(Game(players=3, variant="expert", seed=11), 11)
    return game


@pytest.fixture
def mid_call() -> Game:
    """A game with two bids in the current call."""
    game = Game(players=3, variant="expert", seed=5)
    game = game.apply(metropolys.Action.bid(3, 2))
    legal = [a for a in game.legal_actions() if a.is_bid]
    return game.apply(legal[0])
