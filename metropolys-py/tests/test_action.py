"""metropolys.Action: ids, constructors, ordering, hashing."""

from __future__ import annotations

import copy
import pickle

import pytest

import metropolys
from metropolys import ACTION_COUNT, PASS_ID, Action, IllegalActionError


def test_constants() -> None:
    assert ACTION_COUNT == 716 and PASS_ID == 715
    assert metropolys.NEIGHBORHOOD_COUNT == 55
    assert metropolys.BUILDINGS_PER_PLAYER == 13


def test_bid_and_pass() -> None:
    a = Action.bid(12, 3)
    assert (a.neighborhood, a.building, a.is_pass, a.is_bid) == (12, 3, False, True)
    assert a.id == 12 * 13 + 2
    assert repr(a) == "Action.bid(12, 3)"
    assert str(a) == "bid 3 on 12"
    assert Action.pass_() == Action.PASS
    assert Action.PASS.is_pass and Action.PASS.id == PASS_ID
    assert Action.PASS.neighborhood is None and Action.PASS.building is None
    assert repr(Action.PASS) == "Action.PASS"
    assert int(a) == a.id


def test_every_id_round_trips() -> None:
    actions = [Action.from_id(i) for i in range(ACTION_COUNT)]
    assert [a.id for a in actions] == list(range(ACTION_COUNT))
    assert actions == sorted(actions)  # ordered by id
    assert len(set(actions)) == ACTION_COUNT  # hashable, distinct
    for a in actions[:-1]:
        assert Action.bid(a.neighborhood, a.building) == a
        assert a < Action.PASS
    assert actions[-1] == Action.PASS


def test_json_forms() -> None:
    a = Action.bid(12, 3)
    assert a.to_json() == '{"bid":{"neighborhood":12,"building":3}}'
    assert a.to_dict() == {"bid": {"neighborhood": 12, "building": 3}}
    assert Action.PASS.to_json() == '"pass"' and Action.PASS.to_dict() == "pass"
    assert Action.from_json(a.to_json()) == a == Action.from_json(a.to_dict())
    assert Action.from_json("pass") == Action.from_json('"pass"') == Action.PASS


def test_frozen_and_copyable() -> None:
    a = Action.bid(1, 13)
    with pytest.raises(AttributeError):
        a.building = 4  # type: ignore[misc]
    assert copy.copy(a) == a and copy.deepcopy(a) == a
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        b = pickle.loads(pickle.dumps(a, protocol=protocol))
        assert b == a and hash(b) == hash(a)
    assert {a: 1}[Action.bid(1, 13)] == 1


@pytest.mark.parametrize(
    "make,rule",
    [
        (lambda: Action.bid(55, 1), "R-7/R-9"),
        (lambda: Action.bid(-1, 1), "R-7/R-9"),
        (lambda: Action.bid(0, 0), "R-7/R-9"),
        (lambda: Action.bid(0, 14), "R-7/R-9"),
        (lambda: Action.from_id(716), "§8"),
        (lambda: Action.from_id(-1), "§8"),
    ],
)
def test_actions_that_do_not_exist(make, rule: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as e:
        make()
    assert e.value.rule == rule
    assert rule in str(e.value)


def test_bad_json_form() -> None:
    # A dict or str of the wrong shape is a bad value (docs/errors.md).
    with pytest.raises(metropolys.IllegalActionError, match="building"):
        Action.from_json({"bid": {"neighborhood": 1}})
    # A value of no action type at all is a TypeError.
    with pytest.raises(TypeError):
        Action.from_json(1.5)  # type: ignore[arg-type]


def test_numpy_integers_are_action_ids() -> None:
    np = pytest.importorskip("numpy")
    game = metropolys.Game(players=2, seed=1)
    ids = np.array(game.legal_action_ids(), dtype=np.int64)
    assert game.is_legal(ids[0])
    assert game.apply(ids[0]) == game.apply(int(ids[0]))
    assert game.is_legal(np.int32(ids[-1]))
    assert not game.is_legal(np.int64(9999))
