"""`review`: a recorded game judged decision by decision by a bot preset,
as a pandas frame (or JSON values), and its graph, `plot_review`."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

import metropolys
from metropolys import Game

from conftest import play_out

GRADES = ["forced", "best", "good", "inaccuracy", "mistake", "blunder"]


@pytest.fixture(scope="module")
def two_players() -> Game:
    game, _ = play_out(Game(players=2, variant="expert", seed=21), 21)
    return game


@pytest.fixture(scope="module")
def unfinished() -> Game:
    game = Game(players=3, variant="expert", seed=4)
    rng = metropolys.SplitMix64(4)
    for _ in range(25):
        action = game.random_action(rng)
        assert action is not None
        game = game.apply(action)
    assert not game.is_over
    return game


def quick(record: Any, **kwargs: Any) -> Any:
    kwargs.setdefault("worlds", 8)
    kwargs.setdefault("threads", 1)
    return metropolys.review(record, "beginner", **kwargs)


def test_one_row_per_decision_with_valid_grades(two_players: Game) -> None:
    pd = pytest.importorskip("pandas")
    record = two_players.to_record()
    df = quick(two_players, seed=3)
    assert len(df) == len(record["actions"])
    assert df["index"].tolist() == list(range(len(df)))
    assert df["seat"].tolist() == [a["player"] for a in record["actions"]]
    assert df["played_id"].tolist() == [int(metropolys.Action.from_json(a["action"])) for a in record["actions"]]
    grade = df["grade"]
    assert isinstance(grade.dtype, pd.CategoricalDtype) and grade.cat.ordered
    assert list(grade.cat.categories) == GRADES
    assert grade.notna().all()
    assert (grade == "forced").tolist() == (df["legal_actions"] == 1).tolist()
    assert ((grade == "best") == ((df["played"] == df["best"]) & (grade != "forced"))).all()
    # Ordered: the errors are the grades from "inaccuracy" on.
    assert ((grade >= "inaccuracy") == grade.isin(["inaccuracy", "mistake", "blunder"])).all()
    # Both readings, named apart, for every decision of a finished game.
    for reading in ("known", "revealed"):
        for column in ("win", "best_win", "drop", "score", "best_score"):
            values = df[f"{reading}_{column}"]
            assert values.dtype == "float64" and values.notna().all(), (reading, column)
        assert ((df[f"{reading}_best_win"] - df[f"{reading}_win"] - df[f"{reading}_drop"]).abs() < 1e-9).all()
    # The acting seat's revealed win chance is its column of the graph.
    for p in (0, 1):
        mine = df["seat"] == p
        assert (df.loc[mine, "revealed_win"] == df.loc[mine, f"revealed_win_{p}"]).all()
    assert ((df["revealed_win_0"] + df["revealed_win_1"] - 1).abs() < 1e-9).all()
    assert df["accuracy"].isna().tolist() == (grade == "forced").tolist()
    assert df["accuracy"].dropna().between(0, 100).all()
    # Bids have a building and its size, passes neither.
    passes = df["played"] == "pass"
    assert df["played_building"].isna().tolist() == passes.tolist()
    assert df["played_size"].isna().tolist() == passes.tolist()
    assert str(df["played_building"].dtype) == "UInt8"
    assert set(df["played_size"].dropna()) <= {"small", "medium", "tall"}
    assert df["call"].iloc[0] == 1 and df["opening"].iloc[0]
    assert df["call"].is_monotonic_increasing


def test_the_summary_is_in_attrs(two_players: Game) -> None:
    pytest.importorskip("pandas")
    df = quick(two_players, seed=3)
    a = df.attrs
    assert a["reviewer"] == "beginner" and a["seed"] == 3 and a["worlds"] == 8
    assert a["players"] == 2 and a["variant"] == "expert" and a["over"] and a["only"] is None
    assert len(a["win_chances"]) == len(df) + 1
    assert a["win_chances"][0] == a["start"]["win"]
    assert [w[0] for w in a["win_chances"][1:]] == df["revealed_win_0"].tolist()
    assert a["turning_points"] == df.loc[df["turning_point"], "index"].tolist()
    assert len(a["turning_points"]) <= 3
    for s in a["seats"]:
        mine = df[(df["seat"] == s["seat"]) & (df["grade"] != "forced")]
        assert s["decisions"] == len(mine)
        assert s["inaccuracies"] == (mine["grade"] == "inaccuracy").sum()
        assert s["mistakes"] == (mine["grade"] == "mistake").sum()
        assert s["blunders"] == (mine["grade"] == "blunder").sum()
        assert s["accuracy"] == pytest.approx(mine["accuracy"].mean())
    assert a["labels"]["title"] == "Reviewed by the Beginner bot"
    assert a["labels"]["seats"] == ["Blue", "Brown"]


def test_reproducible_from_the_seed_whatever_the_threads(two_players: Game) -> None:
    pd = pytest.importorskip("pandas")
    first = quick(two_players, seed=9)
    pd.testing.assert_frame_equal(first, quick(two_players, seed=9))
    pd.testing.assert_frame_equal(first, quick(two_players, seed=9, threads=2))
    pd.testing.assert_frame_equal(first, quick(two_players, seed=9, threads=None))
    other = quick(two_players, seed=10)
    assert not first["known_win"].equals(other["known_win"])


def test_record_as_text_dict_or_game_gives_the_same_frame(two_players: Game) -> None:
    pd = pytest.importorskip("pandas")
    record = two_players.to_record()
    from_game = quick(two_players, seed=2)
    pd.testing.assert_frame_equal(from_game, quick(json.dumps(record), seed=2))
    pd.testing.assert_frame_equal(from_game, quick(record, seed=2))
    pd.testing.assert_frame_equal(from_game, quick(metropolys.load_record(record), seed=2))


def test_the_dict_form_needs_no_pandas_and_holds_the_same_numbers(
    two_players: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = quick(two_players, seed=5, format="dict")
    assert sorted(raw) == sorted(
        ["reviewer", "seed", "worlds", "players", "over", "only", "start", "decisions", "seats",
         "turning_points", "win_chances"]
    )
    assert len(raw["decisions"]) == len(two_players.to_record()["actions"])
    d = raw["decisions"][0]
    assert sorted(d) == ["best", "grade", "index", "known", "played", "revealed", "seat"]
    assert sorted(d["known"]) == ["best", "drop", "played"]
    assert {x["grade"] for x in raw["decisions"]} <= set(GRADES)
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` fails
    assert quick(two_players, seed=5, format="dict") == raw
    with pytest.raises(ImportError, match=r'needs pandas: pip install pandas') as e:
        quick(two_players, seed=5)
    assert "metropolys[pandas]" in str(e.value) and 'format="dict"' in str(e.value)
    monkeypatch.undo()
    pytest.importorskip("pandas")
    df = quick(two_players, seed=5)
    assert df["known_drop"].tolist() == [x["known"]["drop"] for x in raw["decisions"]]
    assert df["grade"].astype(str).tolist() == [x["grade"] for x in raw["decisions"]]


def test_one_seat_of_an_unfinished_game(unfinished: Game) -> None:
    pytest.importorskip("pandas")
    with pytest.raises(ValueError, match="not over"):
        quick(unfinished)
    df = quick(unfinished, seat=1)
    record = unfinished.to_record()
    mine = [i for i, a in enumerate(record["actions"]) if a["player"] == 1]
    assert df["index"].tolist() == mine and (df["seat"] == 1).all()
    assert df["known_win"].notna().all() and df["grade"].notna().all()
    # No revealed reading: what the seat may see of a game being played.
    assert df["revealed_win"].isna().all() and df["revealed_win_0"].isna().all()
    assert df.attrs["only"] == 1 and not df.attrs["over"]
    assert df.attrs["win_chances"] == [] and df.attrs["start"] is None
    assert not df["turning_point"].any()


def test_a_family_game_and_a_game_without_decisions() -> None:
    pytest.importorskip("pandas")
    family, _ = play_out(Game(players=3, variant="family", seed=2), 2)
    df = quick(family)
    assert len(df) == len(family.to_record()["actions"]) and df.attrs["variant"] == "family"
    # Building sizes are the Expert game's.
    assert df["played_size"].isna().all() and df["played_building"].notna().any()
    empty = quick(Game(players=2, seed=1), seat=0)
    assert len(empty) == 0 and list(empty.columns) == [c for c in quick(family).columns if not c.endswith("_2")]
    assert list(empty["grade"].cat.categories) == GRADES


def test_frames_concatenate(two_players: Game, unfinished: Game) -> None:
    pd = pytest.importorskip("pandas")
    both = pd.concat([quick(two_players), quick(unfinished, seat=0)], ignore_index=True)
    assert list(both["grade"].cat.categories) == GRADES


def test_words_in_the_language_asked(two_players: Game) -> None:
    pytest.importorskip("pandas")
    df = quick(two_players, lang="fr")
    row = df.iloc[0]
    assert row["played_text"] == metropolys.describe_action(row["played_id"], "expert", lang="fr")
    assert row["best_text"] == metropolys.describe_action(row["best_id"], "expert", lang="fr")
    assert row["played"] == str(metropolys.Action.from_id(row["played_id"]))
    assert df.attrs["lang"] == "fr" and df.attrs["labels"]["grades"]["blunder"] == "gaffe"


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"preset": "greedy"}, ValueError, "preset"),
        ({"preset": "nobody"}, ValueError, "nobody"),
        ({"worlds": 0}, ValueError, "worlds"),
        ({"worlds": 100_001}, ValueError, "worlds"),
        ({"worlds": -1}, ValueError, "worlds"),
        ({"threads": 0}, ValueError, "threads"),
        ({"seat": 2}, ValueError, "seat 2"),
        ({"seat": -1}, ValueError, "seat -1"),
        ({"format": "csv"}, ValueError, "format"),
        ({"lang": "de"}, ValueError, "lang"),
        ({"seed": -1}, ValueError, "out of range"),
        ({"seat": True}, TypeError, "bool"),
    ],
)
def test_bad_arguments(two_players: Game, kwargs: Any, error: type, match: str) -> None:
    kwargs = {"preset": "beginner", "worlds": 8, "format": "dict", **kwargs}
    with pytest.raises(error, match=match):
        metropolys.review(two_players, **kwargs)


def test_bad_records() -> None:
    with pytest.raises(metropolys.RecordError):
        metropolys.review("{not json", "beginner", format="dict")
    record = Game(players=2, seed=1).apply(metropolys.Action.bid(0, 1)).to_record()
    record["actions"].append({"player": 0, "action": {"bid": {"neighborhood": 0, "building": 1}}})
    with pytest.raises(metropolys.RecordError):
        metropolys.review(record, "beginner", format="dict")
    loaded = Game.from_json(Game(players=2, seed=1).to_json())
    with pytest.raises(metropolys.RecordError, match="no record"):
        metropolys.review(loaded, "beginner", format="dict")


def test_plot_review_returns_an_axes(two_players: Game, unfinished: Game) -> None:
    pytest.importorskip("pandas")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    df = quick(two_players, seed=3)
    ax = metropolys.plot_review(df)
    assert isinstance(ax, matplotlib.axes.Axes)
    assert ax.get_title() == "Reviewed by the Beginner bot"
    assert [line.get_label() for line in ax.get_lines()][:2] == ["Blue", "Brown"]
    assert len(ax.get_lines()[0].get_xdata()) == len(df) + 1
    fig, given = plt.subplots()
    assert metropolys.plot_review(df, ax=given) is given
    with pytest.raises(ValueError, match="one seat"):
        metropolys.plot_review(quick(unfinished, seat=0))
    plt.close("all")


def test_ctrl_c_stops_a_review() -> None:
    from test_cancel import STOP_WITHIN, _interrupt

    # The expert reviewer searches 20,000 iterations per 4-player decision,
    # its leaves valued by the network: minutes for a whole game.
    status, took, out, err = _interrupt(
        "import metropolys, sys\n"
        "game = metropolys.Game(players=4, seed=1)\n"
        "rng = metropolys.SplitMix64(1)\n"
        "while not game.is_over:\n"
        "    game = game.apply(game.random_action(rng))\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    metropolys.review(game, 'expert', threads=1, format='dict')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(42)\n"
    )
    assert status == 42, (out, err)
    assert "interrupted" in out
    assert took < STOP_WITHIN, took
    assert "panicked" not in err
