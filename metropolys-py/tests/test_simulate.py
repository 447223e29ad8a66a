"""simulate: column lists that agree with step-by-step play."""

from __future__ import annotations

import pytest

import metropolys
from metropolys import Game, SplitMix64

from conftest import SETUPS

CATEGORIES = [
    "trendy",
    "subway",
    "subway_card",
    "archaeology",
    "archaeology_card",
    "area",
    "neighborhood",
    "highest_building",
    "metropolys",
    "total",
    "constructed",
]


def step_by_step(seed: int, players: int, variant: str) -> Game:
    game = Game(players=players, variant=variant, seed=seed)
    rng = SplitMix64(seed)
    while not game.is_over:
        game = game.apply(game.random_action(rng))
    return game


@pytest.mark.parametrize("players,variant", SETUPS)
def test_simulate_agrees_with_step_by_step_play(players: int, variant: str) -> None:
    n, seed = 6, 1000 * players
    result = metropolys.simulate(n, seed=seed, players=players, variant=variant)
    expected_columns = ["game", "seed", "calls", "winners"]
    expected_columns += [f"win_{p}" for p in range(players)]
    expected_columns += [f"{c}_{p}" for c in CATEGORIES for p in range(players)]
    assert list(result) == expected_columns
    assert all(len(col) == n for col in result.values())
    assert result["game"] == list(range(n))
    assert result["seed"] == [seed + i for i in range(n)]
    for i in range(n):
        end = step_by_step(seed + i, players, variant)
        assert result["calls"][i] == end.call_number
        assert result["winners"][i] == end.winners
        for p in range(players):
            assert result[f"win_{p}"][i] == (p in end.winners)
        sheets = end.scores()
        for c in CATEGORIES:
            for p in range(players):
                assert result[f"{c}_{p}"][i] == sheets[p][c], (i, c, p)


def test_simulate_with_an_explicit_config() -> None:
    from conftest import METROPOLYS_DECK

    config = {
        "players": 3,
        "variant": "expert",
        "start_player": 2,
        "seed": 999,  # replaced by seed + i
        "metropolys_deck": METROPOLYS_DECK,
    }
    result = metropolys.simulate(4, seed=50, config=config, threads=2)
    assert "total_2" in result and "total_3" not in result
    for i in range(4):
        game = Game.from_config(dict(config, seed=50 + i))
        assert game.to_act == 2 and game.uses_metropolys_cards
        rng = SplitMix64(50 + i)
        while not game.is_over:
            game = game.apply(game.random_action(rng))
        assert result["winners"][i] == game.winners
        assert [result[f"metropolys_{p}"][i] for p in range(3)] == [
            s["metropolys"] for s in game.scores()
        ]
    with pytest.raises(metropolys.InvalidConfigError, match="R-1"):
        metropolys.simulate(1, config={"players": 3, "start_player": 5})
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.simulate(1, config="{")


def test_threads_do_not_change_results() -> None:
    one = metropolys.simulate(25, seed=7, players=3, variant="expert")
    for threads in (2, 3, 0, 100):
        assert metropolys.simulate(25, seed=7, players=3, variant="expert", threads=threads) == one


def test_simulate_edge_cases() -> None:
    empty = metropolys.simulate(0)
    assert empty["game"] == [] and "total_3" in empty
    assert metropolys.simulate(1, seed=2**64 - 1)["seed"] == [2**64 - 1]
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.simulate(1, players=5)
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.simulate(1, variant="solo")


def test_simulate_loads_into_pandas() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(metropolys.simulate(20, players=4))
    assert df.shape[0] == 20
    assert df[[f"win_{p}" for p in range(4)]].sum(axis=1).min() >= 1


def test_score_categories_are_the_numeric_score_sheet_keys_in_order() -> None:
    assert metropolys.SCORE_CATEGORIES == tuple(CATEGORIES)
    sheet = Game(players=2, variant="family", seed=1).scores()[0]
    numeric = [k for k, v in sheet.items() if isinstance(v, int) and k != "player"]
    assert numeric == list(metropolys.SCORE_CATEGORIES)
