"""arena(per_game=True): the games of an arena run as rows, and ranges of a
run (what metropolys.dask's tasks play)."""

from __future__ import annotations

import pickle

import pytest

import metropolys
from metropolys import Game, bots

from conftest import METROPOLYS_DECK

SEATS = [bots.Greedy(), bots.Random(), bots.Ismcts(iterations=10, playout="greedy")]


def test_per_game_rows_hold_each_games_setup_seating_and_result() -> None:
    rows = metropolys.arena(SEATS, 6, seed=4, per_game=True, threads=2)
    assert list(rows)[:8] == [
        "game", "seed", "bot_0", "bot_name_0", "bot_1", "bot_name_1", "bot_2", "bot_name_2"
    ]
    simulate_columns = list(metropolys.simulate(0, players=3))
    assert list(rows)[8:] == simulate_columns[2:]
    assert rows["game"].tolist() == list(range(6))
    # Bots rotate by one seat per game; each rotation of 3 games shares a deal.
    assert rows["bot_0"].tolist() == [0, 1, 2, 0, 1, 2]
    assert rows["bot_name_1"].tolist() == ["random", "ismcts", "greedy"] * 2
    assert len(set(rows["seed"].tolist())) == 2 and rows["seed"][0] == rows["seed"][2]
    for g in range(6):
        game = Game(players=3, variant="expert", seed=int(rows["seed"][g]))
        assert rows["start_player"][g] == game.to_act == 0
        for p in range(3):
            assert rows[f"objective_area_{p}"][g] == game.objective(p)["area"]
            assert rows[f"objective_neighborhood_{p}"][g] == game.objective(p)["neighborhood"]
        totals = [int(rows[f"total_{p}"][g]) for p in range(3)]
        best = max(totals)
        assert set(rows["winners"][g]) <= {p for p in range(3) if totals[p] == best}
        assert [bool(rows[f"win_{p}"][g]) for p in range(3)] == [p in rows["winners"][g] for p in range(3)]


def test_per_game_rows_add_up_to_the_arena_rows() -> None:
    rows = metropolys.arena(SEATS, 9, seed=1, per_game=True)
    summary = metropolys.arena(SEATS, 9, seed=1)
    for b, row in enumerate(summary):
        twelfths = sum(
            12 // len(rows["winners"][g])
            for g in range(9) for p in range(3)
            if rows[f"bot_{p}"][g] == b and p in rows["winners"][g]
        )
        totals = sum(int(rows[f"total_{p}"][g]) for g in range(9) for p in range(3) if rows[f"bot_{p}"][g] == b)
        assert row["wins"] == twelfths / 12 and row["mean_total"] == totals / 9


@pytest.mark.parametrize("first,games", [(0, 4), (4, 5), (7, 2)])
def test_a_range_of_a_run_is_those_games_of_the_run(first: int, games: int) -> None:
    whole = metropolys.arena(SEATS, 9, seed=8, per_game=True)
    part = metropolys.arena(SEATS, games, seed=8, per_game=True, first=first, threads=2)
    assert all(part[k].tolist() == whole[k][first:first + games].tolist() for k in whole)
    # A summary of a range is the summary of those games.
    again = metropolys.arena(SEATS, games, seed=8, first=first)
    assert [r["games"] for r in again] == [games] * 3


def test_the_cluster_sums_give_the_local_rows_exactly() -> None:
    # metropolys.dask's tasks tally per-game rows with the arena's own
    # (Rust) tally, and the parts of a run merge into its rows exactly.
    rows = metropolys.arena(SEATS, 7, seed=2, per_game=True)
    whole = metropolys._metropolys._arena_tally(rows)
    games, twelfths, totals = whole
    assert games == 7 and sum(twelfths) == 12 * 7
    names = [b.name for b in SEATS]
    local = metropolys.arena(SEATS, 7, seed=2)
    assert metropolys._metropolys._arena_rows(names, [whole]) == local
    parts = [
        metropolys._metropolys._arena_tally(metropolys.arena(SEATS, hi - lo, seed=2, per_game=True,
                                                             first=lo))
        for lo, hi in ((0, 3), (3, 4), (4, 7))
    ]
    assert metropolys._metropolys._arena_rows(names, parts[::-1]) == local
    with pytest.raises(ValueError):
        metropolys._metropolys._arena_rows(names, [(7, twelfths[:2], totals)])
    # A shared victory is 12 // k twelfths for each winner.
    shared = {"winners": [[0, 2]], "bot_0": [2], "total_0": [40], "bot_1": [0],
              "total_1": [31], "bot_2": [1], "total_2": [40]}
    assert metropolys._metropolys._arena_tally(shared) == (1, [0, 6, 6], [31, 40, 40])
    for bad in ({**shared, "winners": [[3]]}, {**shared, "bot_1": [7]},
                {**shared, "total_2": []}):
        with pytest.raises(ValueError):
            metropolys._metropolys._arena_tally(bad)


def test_metropolys_cards_and_the_deck() -> None:
    two = [bots.Greedy(), bots.Random()]
    rows = metropolys.arena(two, 4, variant="family", seed=3, metropolys_deck=METROPOLYS_DECK, per_game=True)
    assert "objective_neighborhood_0" not in rows
    for g in range(4):
        cards = [rows[f"metropolys_card_{p}"][g] for p in range(2)]
        assert all(sorted(c) in [sorted(d) for d in METROPOLYS_DECK] for c in cards)
        assert cards[0] != cards[1]
    with pytest.raises(metropolys.InvalidConfigError, match="R-22"):
        metropolys.arena(two, 2, metropolys_deck=METROPOLYS_DECK[:2])
    with pytest.raises(metropolys.InvalidConfigError, match="R-22"):
        metropolys.arena(two, 2, metropolys_deck=[["park"]])


def test_no_games_per_game_are_the_empty_columns_and_arguments_are_checked() -> None:
    empty = metropolys.arena(SEATS, 0, per_game=True)
    assert all(len(c) == 0 for c in empty.values())
    assert list(empty) == list(metropolys.arena(SEATS, 1, per_game=True))
    with pytest.raises(ValueError, match="at least one game"):
        metropolys.arena(SEATS, 0)
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        metropolys.arena(SEATS, 0, players=2, per_game=True)
    with pytest.raises(ValueError, match="format"):
        metropolys.arena(SEATS, 1, per_game=True, format="csv")
    with pytest.raises(ValueError):
        metropolys.arena(SEATS, 2, first=2**64 - 1)
    with pytest.raises(ValueError):
        metropolys.arena(SEATS, 1, first=-1)


def test_arrow_per_game_rows() -> None:
    pytest.importorskip("pyarrow")
    table = metropolys.arena(SEATS, 3, per_game=True, format="arrow")
    assert table.num_rows == 3 and table.column_names == list(metropolys.arena(SEATS, 3, per_game=True))


@pytest.mark.parametrize(
    "bot",
    [bots.Random(seed=3), bots.Greedy(seed=2**64 - 1), bots.Ismcts(iterations=7, seed=5, threads=2, exploration=0.5, playout="greedy", reward="score")],
)
def test_native_bots_pickle(bot: object) -> None:
    # What sends them to the workers of a cluster.
    again = pickle.loads(pickle.dumps(bot))
    assert type(again) is type(bot) and repr(again) == repr(bot)
    game = Game(players=3, variant="expert", seed=9)
    assert again.choose(game) == type(bot)(**again.__getnewargs_ex__()[1]).choose(game)  # type: ignore[attr-defined]
