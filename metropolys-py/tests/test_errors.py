"""Every error path: the exception class, the rule, the message."""

from __future__ import annotations

import json
import pickle

import pytest

import metropolys
from metropolys import (
    Action,
    Game,
    IllegalActionError,
    InvalidConfigError,
    InvalidStateError,
    MetropolysError,
    RecordError,
)


def raises(cls, rule, fn, *args):  # type: ignore[no-untyped-def]
    with pytest.raises(cls) as info:
        fn(*args)
    err = info.value
    assert isinstance(err, MetropolysError) and isinstance(err, ValueError)
    assert err.rule == rule, (err.rule, str(err))
    # `rules` holds the rulings one by one; `rule` is them joined.
    assert err.rule == ("/".join(err.rules) or None), (err.rules, err.rule)
    if rule is not None:
        assert str(err).startswith(err.rules[0]) or rule in str(err)
    return err


def test_hierarchy() -> None:
    for cls in (IllegalActionError, InvalidConfigError, InvalidStateError, RecordError):
        assert issubclass(cls, MetropolysError) and issubclass(cls, ValueError)
    e = IllegalActionError("R-9: x", "R-9")
    e2 = pickle.loads(pickle.dumps(e))
    assert type(e2) is IllegalActionError and e2.rule == "R-9" and str(e2) == "R-9: x"
    assert e2.rules == ("R-9",)
    with pytest.raises(IllegalActionError) as info:
        opened().apply(Action.bid(3, 6))  # neighborhood 3 holds a bid
    both = pickle.loads(pickle.dumps(info.value))
    assert both.rules == info.value.rules == ("R-7", "R-9") and both.rule == "R-7/R-9"


# ----- illegal actions --------------------------------------------------------


def opened() -> Game:
    """Seat 0 has bid building 5 on neighborhood 3; seat 1 is to act."""
    g = Game(players=4, variant="expert", seed=1)
    return g.apply(Action.bid(3, 5))


def test_opening_pass() -> None:
    raises(IllegalActionError, "R-7", Game().apply, Action.PASS)


def test_game_over() -> None:
    from conftest import play_out

    end, _ = play_out(Game(players=2, seed=3), 3)
    raises(IllegalActionError, "R-17", end.apply, 0)
    raises(IllegalActionError, "R-17", end.check, Action.bid(0, 1))


def test_wrong_player() -> None:
    g = opened()
    err = raises(IllegalActionError, "R-8", g.apply_for, 0, g.legal_actions()[0])
    assert "1" in str(err)


def test_not_adjacent_not_higher_occupied() -> None:
    g = opened()
    far = next(n for n in range(55) if n != 3 and not metropolys.adjacent(3, n) and n in g.free_neighborhoods())
    near = next(n for n in metropolys.neighbors(3) if n in g.free_neighborhoods())
    raises(IllegalActionError, "R-9", g.apply, Action.bid(far, 9))
    raises(IllegalActionError, "R-9", g.apply, Action.bid(near, 5))
    raises(IllegalActionError, "R-9", g.apply, Action.bid(near, 4))
    raises(IllegalActionError, "R-7/R-9", g.apply, Action.bid(3, 9))  # holds a bid


def test_building_on_board_and_constructed() -> None:
    g = Game(players=2, variant="family", seed=0)
    free = g.free_neighborhoods()
    g1 = g.apply(Action.bid(free[0], 13))
    # Seat 1 cannot outbid 13: forced pass, seat 0 constructs, call 2.
    assert g1.call_number == 2 and g1.building_at(free[0]) == (0, 13)
    raises(IllegalActionError, "R-13", g1.apply, Action.bid(free[1], 13))
    raises(IllegalActionError, "R-7/R-9", g1.apply, Action.bid(free[0], 2))
    g2 = g1.apply(Action.bid(free[1], 3))
    near = next(n for n in metropolys.neighbors(free[1]) if n in g2.free_neighborhoods())
    g3 = g2.apply(Action.bid(near, 4))
    back = next((n for n in metropolys.neighbors(near) if n in g3.free_neighborhoods()), None)
    if back is not None:
        raises(IllegalActionError, "R-9", g3.apply, Action.bid(back, 3))  # 3 is bid already


def test_out_of_play() -> None:
    g = Game(players=2, variant="family", seed=0)
    out = metropolys.district_neighborhoods(g.out_of_play[0])
    err = raises(IllegalActionError, "R-2", g.apply, Action.bid(out[0], 1))
    assert g.out_of_play[0] in str(err)


def test_unknown_action_ids() -> None:
    g = Game()
    raises(IllegalActionError, "§8", g.apply, 716)
    raises(IllegalActionError, "§8", g.apply, -5)
    err = raises(IllegalActionError, "§8", g.apply, 10**30)
    assert str(10**30) in str(err)
    assert not g.is_legal(716) and not g.is_legal(10**30)
    with pytest.raises(TypeError):
        g.apply(1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        g.apply(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        g.apply(True)  # bool is not an action id
    with pytest.raises(TypeError):
        g.is_legal(False)


# ----- configurations --------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs,rule",
    [
        ({"players": 1}, "R-1"),
        ({"players": 5}, "R-1"),
        ({"players": 300}, "R-1"),
        ({"players": -2}, "R-1"),
        ({"players": 3, "start_player": 3}, "R-1"),
        ({"players": 3, "start_player": -1}, "R-1"),
        ({"variant": "advanced"}, None),
    ],
)
def test_bad_keyword_configs(kwargs, rule) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidConfigError) as e:
        Game(**kwargs)
    assert e.value.rule == rule


@pytest.mark.parametrize(
    "config,rule",
    [
        ({"players": 3, "out_of_play": []}, "R-2"),
        ({"players": 2, "out_of_play": ["north", "south"]}, "R-2"),
        ({"players": 3, "out_of_play": ["center"]}, "R-2"),
        ({"players": 4, "tokens": {"0": "trendy"}}, "R-3/R-4"),
        ({"players": 2, "variant": "family", "objectives": [{"area": "chains"}, {"area": "lakes"}]}, "R-5"),
        ({"players": 2, "objectives": [{"area": "lakes"}]}, "R-5"),
        ({"players": 2, "metropolys_cards": [["park", "park", "mall"], ["park", "mall", "housing"]]}, "R-22"),
        ({"players": 2, "metropolys_deck": [["park", "mall", "housing"]]}, "R-22"),
        ({"players": 2, "unknown_field": 1}, None),
        ({"variant": "expert"}, None),
        ({"players": 2, "variant": "chess"}, None),
    ],
)
def test_bad_config_dicts(config, rule) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidConfigError) as e:
        Game.from_config(config)
    assert e.value.rule == rule
    if rule is not None:
        assert rule in str(e.value)
    else:
        assert "JSON" in str(e.value) or "variant" in str(e.value)


def test_malformed_config_json() -> None:
    with pytest.raises(InvalidConfigError, match="malformed JSON"):
        Game.from_config("{players: 2")


def test_config_of_wrong_python_type() -> None:
    with pytest.raises(TypeError):
        Game.from_config({"players": object()})


# ----- states ----------------------------------------------------------------


def test_bad_states() -> None:
    g = Game(players=3, seed=2)
    with pytest.raises(InvalidStateError, match="malformed JSON"):
        Game.from_json("not json")
    # A view loads as that seat's view; one that hides the wrong cards does
    # not.
    assert Game.from_json(json.dumps(g.view(0))).viewer == 0
    bad_view = g.view(0)
    bad_view["objectives"][1] = g.objective(1)
    with pytest.raises(InvalidStateError, match="R-21"):
        Game.from_dict(bad_view)
    d = g.to_dict()
    d["call"] = 7
    with pytest.raises(InvalidStateError, match="call"):
        Game.from_dict(d)
    d = g.to_dict()
    d["players"] = 5
    err = raises(InvalidStateError, "R-1", Game.from_dict, d)
    assert "5" in str(err)
    d = g.to_dict()
    d["tokens"].popitem()
    with pytest.raises(InvalidStateError, match="R-3"):
        Game.from_dict(d)
    with pytest.raises(InvalidStateError):
        Game._from_pickle("{}")


def test_seat_and_neighborhood_arguments() -> None:
    g = Game(players=2)
    for bad in (-1, 2, 99):
        with pytest.raises(ValueError, match="seat"):
            g.view(bad)
        with pytest.raises(ValueError):
            g.supply(bad)
        with pytest.raises(ValueError):
            g.objective(bad)
    for bad in (-1, 55):
        with pytest.raises(ValueError, match="neighborhood"):
            g.building_at(bad)
        with pytest.raises(ValueError):
            g.token_at(bad)
        with pytest.raises(ValueError):
            metropolys.neighbors(bad)
        with pytest.raises(ValueError):
            metropolys.adjacent(0, bad)
    with pytest.raises(ValueError):
        g.card_holder("joker")
    with pytest.raises(ValueError):
        g.tokens_taken(0, "gold")
    with pytest.raises(ValueError):
        metropolys.district_neighborhoods("downtown")
    with pytest.raises(ValueError):
        metropolys.SplitMix64(1).below(0)


# ----- records ---------------------------------------------------------------


def test_record_errors() -> None:
    game = Game(players=2, seed=4).apply(Action.bid(0, 3))
    record = game.to_record()
    bad = json.loads(json.dumps(record))
    bad["actions"][0]["player"] = 1
    err = raises(RecordError, "R-8", metropolys.load_record, bad)
    assert "action 0" in str(err)
    bad = json.loads(json.dumps(record))
    bad["expected"]["totals"] = [99, 0]
    with pytest.raises(RecordError, match="totals") as e:
        metropolys.verify_record(bad)
    assert e.value.rule is None
    assert metropolys.load_record(bad) == game  # expected is not checked
    bad = dict(record, format="chess-pgn")
    with pytest.raises(RecordError, match="format"):
        metropolys.load_record(bad)
    bad = dict(record, config={"players": 7})
    raises(RecordError, "R-1", metropolys.load_record, bad)
    with pytest.raises(RecordError, match="malformed JSON"):
        metropolys.load_record("[")
    with pytest.raises(RecordError, match=r"no record.*save game\.to_record\(\).*Game\.from_record"):
        Game.from_json(game.to_json()).to_record()


def test_apply_for_reports_core_turn_errors() -> None:
    # R-8 in core's words, naming the seat to act and the seat given.
    g = opened()
    err = raises(IllegalActionError, "R-8", g.apply_for, 3, g.legal_actions()[0])
    assert str(err).startswith("R-8: it is seat 1's turn, not seat 3's")
    # R-17 once the game is over, for any seat of the game.
    from conftest import play_out

    end, _ = play_out(Game(players=2, seed=4), 4)
    raises(IllegalActionError, "R-17", end.apply_for, 0, Action.PASS)
