"""Hostile input (issue 12): every Python loader answers bad input with a
documented exception, never a different value, a panic or an abort."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import metropolys
from metropolys import Action, Game, SplitMix64

# What a loader may raise: the package's errors (all ValueErrors) for bad
# values, TypeError for wrong Python types (docs/errors.md).
DOCUMENTED = (metropolys.MetropolysError, TypeError, ValueError)


def played(seed: int, steps: int, players: int = 3, variant: str = "expert") -> Game:
    game = Game(players=players, variant=variant, seed=seed)
    rng = SplitMix64(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(game.random_action(rng))
    return game


# ----- defect 1 and 9: actions ---------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        {"bid": {"neighborhood": 99, "building": 3}},
        {"bid": {"neighborhood": 12, "building": 0}},
        {"bid": [60, 0]},
        {"bid": {"neighborhood": 12}},
        {"bid": {"neighborhood": 12, "building": 3, "extra": 1}},
        {"bid": {"neighborhood": 2**100, "building": 3}},
        {"bid": {"neighborhood": True, "building": 3}},
        "Pass",
        '{"bid": [12, 3]}',
    ],
)
def test_a_malformed_bid_is_an_error_never_a_pass(value: object) -> None:
    with pytest.raises(metropolys.IllegalActionError):
        Action.from_json(value)
    game = Game(players=2, variant="family", seed=1)
    game = game.apply(game.legal_actions()[0])
    with pytest.raises(metropolys.IllegalActionError):
        game.apply(value)


def test_the_documented_shapes_still_parse() -> None:
    assert Action.from_json({"bid": {"neighborhood": 12, "building": 3}}) == Action.bid(12, 3)
    assert Action.from_json("pass") == Action.PASS
    assert Action.from_json('{"bid": {"neighborhood": 0, "building": 13}}') == Action.bid(0, 13)


def test_positional_json_is_rejected() -> None:
    with pytest.raises(metropolys.InvalidConfigError):
        Game.from_config('[3, "expert", 7]')
    record = played(5, 10).to_record()
    with pytest.raises(metropolys.RecordError):
        metropolys.load_record(json.dumps(list(record.values())))


# ----- defect 8: integers and types ------------------------------------------


@pytest.mark.parametrize(
    "call,error",
    [
        (lambda: Action.from_id(2**100), metropolys.IllegalActionError),
        (lambda: Action.from_id(-1), metropolys.IllegalActionError),
        (lambda: Action.bid(2**100, 1), metropolys.IllegalActionError),
        (lambda: Action.bid(1, -(2**70)), metropolys.IllegalActionError),
        (lambda: Game(players=2**70), metropolys.InvalidConfigError),
        (lambda: Game(seed=-1), ValueError),
        (lambda: Game(seed=2**64), ValueError),
        (lambda: SplitMix64(-5), ValueError),
        (lambda: Action.from_id(True), TypeError),
        (lambda: Action.from_id(1.0), TypeError),
        (lambda: Game(seed=True), TypeError),
        (lambda: Game(players=True), TypeError),
        (lambda: Game().supply(True), TypeError),
        (lambda: Game().supply(2**80), ValueError),
        (lambda: Game().view(-(2**80)), ValueError),
        (lambda: metropolys.neighborhood_kind(2**100), ValueError),
        (lambda: metropolys.adjacent(True, 1), TypeError),
        (lambda: Game().random_action(True), TypeError),
        (lambda: Game().random_action(-3), ValueError),
    ],
)
def test_integers_get_documented_errors(call, error: type) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error):
        call()
    try:
        call()
    except OverflowError:  # pragma: no cover - the defect itself
        pytest.fail("OverflowError is not a documented error")
    except error:
        pass


def test_numpy_integers_are_integers() -> None:
    np = pytest.importorskip("numpy")
    assert Action.from_id(np.int64(715)) == Action.PASS
    assert Game(players=np.uint8(3)).players == 3


def test_an_rng_out_of_range_is_an_error_not_none() -> None:
    class Liar:
        def randrange(self, n: int) -> int:
            return n + 5

    class Wrong:
        def randrange(self, n: int) -> object:
            return "0"

    game = Game(players=2, seed=3)
    with pytest.raises(ValueError, match="randrange"):
        game.random_action(Liar())
    with pytest.raises(TypeError):
        game.random_action(Wrong())


# ----- defect 4: unreachable states and pickles ------------------------------


def test_unreachable_states_are_rejected() -> None:
    game = played(4, 1)
    state = game.to_dict()
    later = (game.to_act + 1) % 3
    state["passed"][later] = True
    with pytest.raises(metropolys.InvalidStateError, match="I10"):
        Game.from_dict(state)


def test_a_pickle_with_a_foreign_configuration_or_history_is_rejected() -> None:
    game = played(7, 30)
    data = json.loads(game.__reduce__()[1][0])
    bad_players = dict(data, config=dict(data["config"], players=99))
    with pytest.raises(metropolys.InvalidStateError):
        Game._from_pickle(json.dumps(bad_players))
    other = json.loads(played(8, 30).__reduce__()[1][0])
    unrelated = dict(data, actions=other["actions"])
    with pytest.raises(metropolys.InvalidStateError):
        Game._from_pickle(json.dumps(unrelated))
    wrong_events = dict(data, events=other["events"])
    with pytest.raises(metropolys.InvalidStateError):
        Game._from_pickle(json.dumps(wrong_events))
    assert pickle.loads(pickle.dumps(game)) == game


# ----- the mutation fuzzer ---------------------------------------------------

ODD_VALUES = [
    -1, 0, 1, 2, 3, 13, 14, 54, 55, 99, 255, 256, 2**31, 2**63, 2**64, 2**100,
    -(2**70), True, False, None, "", "x", "pass", 1.5, float("nan"), [], {},
    [0, 1], {"bid": 1},
]


def mutate(value: object, rng: random.Random) -> object:
    """One random structural or leaf change somewhere in a JSON value."""
    if isinstance(value, dict) and value and rng.random() < 0.75:
        key = rng.choice(list(value))
        out = dict(value)
        r = rng.random()
        if r < 0.1:
            del out[key]
        elif r < 0.15:
            out["unknown_" + str(rng.randrange(9))] = rng.choice(ODD_VALUES)
        elif r < 0.2:
            return list(value.values())
        else:
            out[key] = mutate(value[key], rng)
        return out
    if isinstance(value, list) and value and rng.random() < 0.75:
        out = list(value)
        i = rng.randrange(len(out))
        r = rng.random()
        if r < 0.1:
            del out[i]
        elif r < 0.2:
            out.insert(i, out[i])
        elif r < 0.25:
            rng.shuffle(out)
        else:
            out[i] = mutate(out[i], rng)
        return out
    if isinstance(value, bool) or value is None:
        return rng.choice(ODD_VALUES)
    if isinstance(value, int) and rng.random() < 0.5:
        return value + rng.choice([-2, -1, 1, 2, 13, 55])
    return rng.choice(ODD_VALUES)


def check_accepted(game: Game) -> None:
    """An accepted game satisfies every invariant: it reloads as itself, and
    plays to the end without any error."""
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    rng = SplitMix64(1)
    steps = 0
    while not game.is_over:
        game = game.apply(game.random_action(rng))
        steps += 1
        assert steps < 2000


def fuzz(load, seeds, iterations: int, rng: random.Random):  # type: ignore[no-untyped-def]
    accepted = 0
    for _ in range(iterations):
        value = rng.choice(seeds)
        for _ in range(rng.randrange(1, 4)):
            value = mutate(value, rng)
        as_text = rng.random() < 0.5
        try:
            arg = json.dumps(value) if as_text else value
        except (TypeError, ValueError):
            continue
        try:
            result = load(arg)
        except DOCUMENTED:
            continue
        except BaseException as e:  # noqa: BLE001 - a panic is a BaseException
            pytest.fail(f"{type(e).__name__} for {arg!r:.300}: {e}")
        accepted += 1
        if isinstance(result, Game):
            check_accepted(result)
    return accepted


def test_mutation_fuzzer_over_every_python_loader() -> None:
    rng = random.Random(12)
    games = [played(s, steps, p, v) for s, (steps, p, v) in enumerate(
        [(0, 2, "family"), (5, 3, "expert"), (40, 4, "expert"), (80, 2, "expert"),
         (400, 3, "family"), (17, 4, "family")]
    )]
    states = [g.to_dict() for g in games]
    records = [g.to_record() for g in games]
    configs = [g.config for g in games] + [
        {"players": 3, "variant": "expert", "out_of_play": ["west"], "seed": 4},
        {"players": 4, "metropolys_deck": [["park", "mall", "housing"]] * 4},
    ]
    pickles = [json.loads(g.__reduce__()[1][0]) for g in games]
    actions = [a.to_dict() for a in games[1].legal_actions()[:20]] + ["pass"]
    total = 0
    total += fuzz(Game.from_json, states, 700, rng)
    total += fuzz(Game.from_dict, states, 300, rng)
    total += fuzz(Game.from_config, configs, 500, rng)
    total += fuzz(metropolys.load_record, records, 400, rng)
    total += fuzz(metropolys.verify_record, records, 200, rng)
    total += fuzz(lambda p: Game._from_pickle(p if isinstance(p, str) else json.dumps(p)),
                  pickles, 500, rng)
    total += fuzz(Action.from_json, actions, 500, rng)
    start = games[1]
    total += fuzz(start.apply, actions, 300, rng)

    def simulate(a: object) -> object:
        kwargs = a if isinstance(a, dict) else json.loads(a)  # type: ignore[arg-type]
        if not isinstance(kwargs, dict):
            raise TypeError("not keyword arguments")
        n = kwargs.get("n")
        if isinstance(n, int) and n > 5000:  # a legitimate but long batch
            return None
        return metropolys.simulate(**kwargs)

    total += fuzz(simulate, [{"n": 3, "seed": 1, "players": 2, "threads": 2}], 150, rng)
    assert total > 0  # the seeds themselves are accepted


def _two_bots() -> list:  # type: ignore[type-arg]
    return [metropolys.RandomBot(), metropolys.RandomBot()]


# Every integer argument follows one rule: a bool is a TypeError, an
# integer out of range (negative or beyond 64 bits) a ValueError, never an
# OverflowError nor a silently different value.
_INTEGER_ENTRY_POINTS = {
    "Game.observation(player)": lambda v: Game().observation(v),
    "Game.information_state(player)": lambda v: Game().information_state(v),
    "VectorEnv(players)": lambda v: metropolys.VectorEnv(1, players=v),
    "VectorEnv.reset(seed)": lambda v: metropolys.VectorEnv(1).reset(seed=v),
    "VectorEnv.game(i)": lambda v: metropolys.VectorEnv(1).game(v),
    "arena(games)": lambda v: metropolys.arena(_two_bots(), games=v),
    "arena(seed)": lambda v: metropolys.arena(_two_bots(), games=2, seed=v),
    "arena(threads)": lambda v: metropolys.arena(_two_bots(), games=2, threads=v),
    "arena(players)": lambda v: metropolys.arena(_two_bots(), games=2, players=v),
    "RandomBot(seed)": lambda v: metropolys.RandomBot(seed=v),
    "GreedyBot(seed)": lambda v: metropolys.GreedyBot(seed=v),
    "IsmctsBot(seed)": lambda v: metropolys.IsmctsBot(seed=v),
    "IsmctsBot(iterations)": lambda v: metropolys.IsmctsBot(iterations=v),
    "IsmctsBot(threads)": lambda v: metropolys.IsmctsBot(threads=v),
}


@pytest.mark.parametrize("value,error", [(True, TypeError), (-1, ValueError), (2**70, ValueError)])
@pytest.mark.parametrize("entry", sorted(_INTEGER_ENTRY_POINTS))
def test_one_integer_rule_everywhere(entry: str, value: int, error: type) -> None:
    call = _INTEGER_ENTRY_POINTS[entry]
    try:
        call(value)
    except OverflowError:
        pytest.fail(f"{entry}: OverflowError is not a documented error")
    except error:
        return
    pytest.fail(f"{entry}({value!r}) did not raise {error.__name__}")
