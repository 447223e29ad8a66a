"""The tabular results read back from Parquet and CSV with plain pandas,
and `per_seat`, the long form (issue 37)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import metropolys

from conftest import METROPOLYS_DECK

pd = pytest.importorskip("pandas")


def arrow_frame(n: int, **kwargs: Any) -> Any:
    pytest.importorskip("pyarrow")
    return metropolys.simulate(n, format="arrow", **kwargs).to_pandas()


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seed": 1, "players": 4},
        {"seed": 2, "config": {"players": 3, "variant": "expert", "metropolys_deck": METROPOLYS_DECK}},
        {"seed": 3, "players": 2, "variant": "family"},
    ],
)
def test_the_arrow_form_reads_back_from_parquet_and_csv(tmp_path: Any, kwargs: Any) -> None:
    frame = arrow_frame(500, **kwargs)
    # Scalars only: no list in any cell.
    assert not any(isinstance(v, (list, tuple)) or hasattr(v, "__len__") and not isinstance(v, str)
                   for c in frame.columns for v in frame[c].head(20))
    frame.to_parquet(tmp_path / "games.parquet")
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "games.parquet"), frame)
    frame.to_csv(tmp_path / "games.csv", index=False)
    back = pd.read_csv(tmp_path / "games.csv")
    assert list(back.columns) == list(frame.columns)
    # CSV keeps the values (read_csv infers int64 and its text type).
    pd.testing.assert_frame_equal(back, frame, check_dtype=False)
    assert back["winners"].map(json.loads).tolist() == [json.loads(w) for w in frame["winners"]]


def test_the_numpy_form_reads_back_from_parquet(tmp_path: Any) -> None:
    pytest.importorskip("pyarrow")
    result = metropolys.simulate(300, seed=4, config={"players": 2, "variant": "expert", "metropolys_deck": METROPOLYS_DECK})
    frame = pd.DataFrame(result)
    frame.to_parquet(tmp_path / "games.parquet")
    back = pd.read_parquet(tmp_path / "games.parquet")
    assert list(back.columns) == list(frame.columns)
    for c in frame.columns:
        if c == "winners" or c.startswith("metropolys_card_"):
            # Lists come back as arrays.
            assert [list(v) for v in back[c]] == [list(v) for v in frame[c]], c
        else:
            assert back[c].tolist() == frame[c].tolist(), c


def test_per_seat_gives_one_row_per_seat() -> None:
    result = metropolys.simulate(200, seed=6, players=3)
    frame = pd.DataFrame(result)
    seats = metropolys.per_seat(frame)
    assert len(seats) == 600
    assert seats["seat"].tolist() == [0, 1, 2] * 200
    assert seats["game"].tolist() == [g for g in range(200) for _ in range(3)]
    assert list(seats.columns[:6]) == ["game", "seed", "start_player", "calls", "winners", "seat"]
    assert "turn_order" in seats and "total" in seats and "total_0" not in seats
    for p in range(3):
        mine = seats[seats["seat"] == p]
        assert mine["total"].tolist() == result[f"total_{p}"].tolist()
        assert mine["win"].tolist() == result[f"win_{p}"].tolist()
        assert mine["win_share"].tolist() == result[f"win_share_{p}"].tolist()
        assert mine["objective_area"].tolist() == result[f"objective_area_{p}"].tolist()
        assert (mine["turn_order"] == (p - mine["start_player"].astype(int)) % 3).all()
    # Every game's shares add up to one win.
    assert seats.groupby("game")["win_share"].sum().round(12).eq(1).all()


def test_per_seat_of_arena_games_names_the_bots() -> None:
    rows = metropolys.arena(["greedy", "random"], 4, seed=1, per_game=True)
    seats = metropolys.per_seat(pd.DataFrame(rows))
    assert seats["bot_name"].tolist() == ["greedy", "random", "random", "greedy"] * 2
    assert seats["bot"].tolist() == [0, 1, 1, 0] * 2


def test_per_seat_keeps_the_frames_order_and_index() -> None:
    frame = pd.DataFrame(metropolys.simulate(10, seed=2, players=2)).iloc[::-1]
    seats = metropolys.per_seat(frame)
    assert seats.index.tolist() == [g for g in range(9, -1, -1) for _ in range(2)]


def test_per_seat_refuses_other_frames() -> None:
    with pytest.raises(ValueError, match="total_0"):
        metropolys.per_seat(pd.DataFrame({"a": [1]}))
