"""Immutability, equality, hashing, copy, pickle, JSON and record round-trips."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import metropolys
from metropolys import Action, Game

from conftest import SETUPS, play_out, positions


def test_apply_leaves_the_original_untouched(mid_call: Game) -> None:
    before_json = mid_call.to_json()
    before_events = mid_call.events
    before_legal = mid_call.legal_action_ids()
    for action in mid_call.legal_actions():
        after = mid_call.apply(action)
        assert after != mid_call
    with pytest.raises(metropolys.IllegalActionError):
        mid_call.apply(Action.bid(3, 13))
    assert mid_call.to_json() == before_json
    assert mid_call.events == before_events
    assert mid_call.legal_action_ids() == before_legal


def test_game_is_frozen(mid_call: Game) -> None:
    with pytest.raises(AttributeError):
        mid_call.to_act = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        mid_call.anything = 1  # type: ignore[attr-defined]


def test_equality_and_hash() -> None:
    a = Game(players=3, seed=9)
    b = Game(players=3, seed=9)
    c = Game(players=3, seed=10)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != c
    assert a != "a game" and not (a == 1)
    # Transpositions reach the same position: equal whatever the history.
    assert len({a, b, c}) == 2


@pytest.mark.parametrize("players,variant", SETUPS)
def test_json_round_trip_every_position(players: int, variant: str) -> None:
    for g in positions(seed=players * 10, players=players, variant=variant):
        back = Game.from_json(g.to_json())
        assert back == g and hash(back) == hash(g)
        assert back.to_json() == g.to_json()
        assert back.legal_action_ids() == g.legal_action_ids()
        assert back.to_act == g.to_act and back.scores() == g.scores()
        assert json.loads(g.to_json()) == g.to_dict()
        assert Game.from_dict(g.to_dict()) == g
        # A loaded position has no history and no events.
        assert back.history is None and back.config is None and back.events == []


def test_pickle_and_copy_keep_everything(mid_call: Game, finished: Game) -> None:
    for g in (Game(), mid_call, finished):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            p = pickle.loads(pickle.dumps(g, protocol=protocol))
            assert type(p) is Game
            assert p == g and hash(p) == hash(g)
            assert p.events == g.events
            assert p.history == g.history and p.config == g.config
            assert p.to_record() == g.to_record()
        assert copy.copy(g) is g and copy.deepcopy(g) is g  # immutable
        assert copy.deepcopy({"g": [g]})["g"][0] == g
    loaded = Game.from_json(mid_call.to_json())
    assert pickle.loads(pickle.dumps(loaded)).history is None


def test_games_cross_process_boundaries() -> None:
    import multiprocessing as mp

    games = [Game(players=2, seed=s) for s in range(3)]
    ctx = mp.get_context("spawn")
    with ctx.Pool(2) as pool:
        ends = pool.map(_finish, games)
    for g, end in zip(games, ends):
        assert end == play_out(g, 0)[0]
        assert end.history is not None and end.history[0][1] == end.history[0][1]


def _finish(game: Game) -> Game:
    return play_out(game, 0)[0]


def test_record_round_trip(finished: Game) -> None:
    record = finished.to_record()
    assert record["format"] == "metropolys-record" and record["version"] == 1
    assert record["expected"]["winners"] == finished.winners
    assert record["expected"]["totals"] == finished.totals()
    assert len(record["actions"]) == len(finished.history or [])
    # Forced passes are not decisions: every recorded player was asked.
    replayed = metropolys.verify_record(record)
    assert replayed == finished and replayed.events == finished.events
    assert metropolys.load_record(json.dumps(record)) == finished
    assert Game.from_record(record).history == finished.history
    # Records of unfinished games work too.
    g = Game(players=4, variant="family", seed=2).apply(Action.bid(0, 1))
    assert metropolys.verify_record(g.to_record()) == g
    assert metropolys.load_record(Game(players=2).to_record()).events[0]["type"] == "call_started"


def test_config_round_trip(mid_call: Game) -> None:
    assert mid_call.config is not None
    assert Game.from_config(mid_call.config) == Game(players=3, variant="expert", seed=5)


def test_history_lists_decisions(mid_call: Game) -> None:
    g = mid_call.apply(Action.PASS)
    h = g.history
    assert h is not None and len(h) == 3 and h[-1] == (2, Action.PASS)
    assert mid_call.history is not None and len(mid_call.history) == 2
