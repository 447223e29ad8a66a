"""Tensors from Rust (observation, mask, information state) and VectorEnv."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import metropolys
from metropolys import Game, IllegalActionError, SplitMix64, VectorEnv

from conftest import METROPOLYS_DECK, SETUPS

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import observation_oracle as oracle  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES_PER_SETUP = 50  # 300 games over the six setups


def positions(game: Game, seed: int):
    rng = SplitMix64(seed)
    yield game
    while not game.is_over:
        game = game.apply(game.random_action(rng))
        yield game


def test_layout_constants():
    assert metropolys.OBSERVATION_SIZE == oracle.SIZE == 924
    assert metropolys.OBSERVATION_VERSION == 1
    assert [(n, tuple(s)) for n, s in oracle.PIECES] == [
        (n, tuple(shape)) for n, (_, shape) in metropolys.OBSERVATION_PIECES.items()
    ]
    assert metropolys.information_state_size(2) == 924 + 25 * 14 * metropolys.DECISION_WIDTH
    with pytest.raises(ValueError, match="R-1"):
        metropolys.information_state_size(5)


@pytest.mark.parametrize("players,variant", SETUPS)
def test_observation_equals_the_python_oracle_on_every_position(players, variant):
    for g in range(GAMES_PER_SETUP):
        start = Game(players=players, variant=variant, seed=1000 + g, start_player=g % players)
        for game in positions(start, g):
            seats = range(players) if g % 10 == 0 else {game.to_act or 0, g % players}
            for seat in seats:
                got = game.observation(seat)
                assert got.dtype == np.float32 and got.shape == (oracle.SIZE,)
                want = oracle.encode(game.view(seat), seat)
                np.testing.assert_array_equal(got, want)
            if g % 10 == 1:
                seat = g % players
                np.testing.assert_array_equal(
                    game.observation(seat, reveal="all"),
                    oracle.encode(oracle.views(game, seat, reveal=True), seat),
                )


def test_observation_with_metropolys_cards_equals_the_oracle():
    for seed in range(10):
        start = Game.from_config(
            {"players": 4, "variant": "expert", "seed": seed, "metropolys_cards": METROPOLYS_DECK}
        )
        for game in positions(start, seed):
            for seat in range(4):
                np.testing.assert_array_equal(
                    game.observation(seat), oracle.encode(game.view(seat), seat)
                )


@pytest.mark.parametrize("players,variant", SETUPS)
def test_masks_agree_with_legal_action_ids_at_every_step(players, variant):
    for g in range(20):
        for game in positions(Game(players=players, variant=variant, seed=g), g):
            ids = game.legal_action_ids()
            mask = game.action_mask()
            assert mask.dtype == np.bool_ and mask.shape == (metropolys.ACTION_COUNT,)
            assert np.flatnonzero(mask).tolist() == ids
            arr = game.legal_action_ids_array()
            assert arr.dtype == np.int64 and arr.tolist() == ids


def test_r21_swapping_opponents_secrets_leaves_the_observation_unchanged():
    base = {"players": 3, "variant": "expert", "seed": 5}
    deals = [
        [
            {"neighborhood": "park", "area": "chains"},
            {"neighborhood": "mall", "area": "lakes"},
            {"neighborhood": "housing", "area": "bridges"},
        ],
        [
            {"neighborhood": "park", "area": "chains"},
            {"neighborhood": "industry", "area": "statues"},
            {"neighborhood": "administration", "area": "districts"},
        ],
    ]
    a = Game.from_config(dict(base, objectives=deals[0]))
    b = Game.from_config(dict(base, objectives=deals[1]))
    rng = SplitMix64(3)
    while not a.is_over:
        np.testing.assert_array_equal(a.observation(0), b.observation(0))
        np.testing.assert_array_equal(a.information_state(0), b.information_state(0))
        assert not np.array_equal(a.observation(0, reveal="all"), b.observation(0, reveal="all"))
        action = a.random_action(rng)
        a, b = a.apply(action), b.apply(action)
    assert not np.array_equal(a.observation(0), b.observation(0))  # revealed at the end


def test_observation_arguments():
    game = Game(players=2, seed=1)
    out = np.zeros(metropolys.OBSERVATION_SIZE, np.float32)
    assert game.observation(1, out=out) is out
    np.testing.assert_array_equal(out, game.observation(1))
    np.testing.assert_array_equal(game.observation(), game.observation(game.to_act))
    with pytest.raises(ValueError):
        game.observation(2)
    with pytest.raises(ValueError, match="reveal"):
        game.observation(0, reveal="some")
    with pytest.raises(ValueError):
        game.observation(0, out=np.zeros(5, np.float32))
    with pytest.raises(TypeError):
        game.observation(0, out=np.zeros(metropolys.OBSERVATION_SIZE, np.float64))  # type: ignore[arg-type]
    over = list(positions(game, 1))[-1]
    with pytest.raises(ValueError, match="R-17"):
        over.observation()
    assert not over.action_mask().any() and over.legal_action_ids_array().size == 0


def test_information_state_rows():
    game = Game(players=2, seed=3)
    rng = SplitMix64(4)
    decisions = []
    for _ in range(30):
        action = game.random_action(rng)
        decisions.append(action.id)
        game = game.apply(action)
    info = game.information_state(0)
    assert info.shape == (metropolys.information_state_size(2),)
    np.testing.assert_array_equal(info[: metropolys.OBSERVATION_SIZE], game.observation(0))
    rows = info[metropolys.OBSERVATION_SIZE :].reshape(-1, metropolys.DECISION_WIDTH)
    for k, a in enumerate(decisions):
        if a == metropolys.PASS_ID:
            assert rows[k, -1] == 1 and rows[k].sum() == 1
        else:
            assert rows[k, a // 13] == 1 and rows[k, 55 + a % 13] == 1 and rows[k].sum() == 2
    assert not rows[len(decisions) :].any()
    with pytest.raises(ValueError, match="history"):
        Game.from_json(game.to_json()).information_state(0)


# -- VectorEnv ---------------------------------------------------------------


def legal_choice(mask, rng):
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if legal.size else 0


@pytest.mark.parametrize("players,variant", SETUPS)
def test_vector_env_plays_the_games_single_games_play(players, variant):
    n = 5
    env = VectorEnv(n, players=players, variant=variant, seed=7, threads=2)
    obs, info = env.reset()
    assert obs.shape == (n, metropolys.OBSERVATION_SIZE) and obs.dtype == np.float32
    assert info["action_mask"].shape == (n, metropolys.ACTION_COUNT)
    games = [Game(players=players, variant=variant, seed=int(s)) for s in info["seed"]]
    done = [False] * n
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        actions = np.array([legal_choice(info["action_mask"][i], rng) for i in range(n)])
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i in range(n):
            if done[i]:
                games[i] = Game(players=players, variant=variant, seed=int(info["seed"][i]))
                done[i] = False
                assert not terminated[i] and not rewards[i].any()
                seat = games[i].to_act
            else:
                seat = games[i].to_act
                games[i] = games[i].apply(int(actions[i]))
                if games[i].is_over:
                    done[i] = True
                    ended += 1
                    winners = set(games[i].winners)
                    assert rewards[i].tolist() == [
                        1.0 if p in winners else -1.0 for p in range(players)
                    ]
                else:
                    seat = games[i].to_act
            assert terminated[i] == games[i].is_over and not truncated[i]
            assert info["to_act"][i] == (-1 if games[i].is_over else games[i].to_act)
            np.testing.assert_array_equal(obs[i], games[i].observation(seat))
            np.testing.assert_array_equal(info["action_mask"][i], games[i].action_mask())
            assert env.game(i) == games[i]
    assert ended > 0


def test_vector_env_single_agent_learner_plays_seat_zero():
    env = VectorEnv(8, players=3, seed=1, opponents="random")
    obs, info = env.reset()
    assert VectorEnv.LEARNER_SEAT == 0
    rng = np.random.default_rng(1)
    for _ in range(200):
        assert ((info["to_act"] == 0) | (info["to_act"] == -1)).all()
        assert (obs[:, 0] == 1.0).all()  # the viewer is seat 0
        actions = np.array([legal_choice(m, rng) for m in info["action_mask"]])
        obs, rewards, terminated, truncated, info = env.step(actions)


def bot_trace(opponents, threads, steps=120):
    env = VectorEnv(6, players=3, seed=5, threads=threads, opponents=opponents)
    obs, info = env.reset()
    rng = np.random.default_rng(3)
    trace = []
    for _ in range(steps):
        # The bots never move the learner's seat: it is to act, or the game is over.
        assert ((info["to_act"] == 0) | (info["to_act"] == -1)).all()
        assert (obs[:, 0] == 1.0).all()
        actions = np.array([legal_choice(m, rng) for m in info["action_mask"]])
        obs, rewards, term, trunc, info = env.step(actions)
        trace.append((obs.copy(), rewards.copy(), term.copy(), info["seed"].copy()))
    return trace


def test_vector_env_greedy_opponents_are_reproducible_whatever_the_threads():
    env = VectorEnv(2, opponents="greedy")
    assert env.opponents == "greedy" and "'greedy'" in repr(env)
    one, again, two = bot_trace("greedy", 1), bot_trace("greedy", 1), bot_trace("greedy", 2)
    assert any(t[2].any() for t in one)  # some games ended
    for a, b, c in zip(one, again, two):
        for x, y, z in zip(a, b, c):
            np.testing.assert_array_equal(x, y)
            np.testing.assert_array_equal(x, z)
    random = bot_trace("random", 1)
    assert any((a[0] != b[0]).any() for a, b in zip(one, random))


def test_vector_env_ismcts_opponents_with_params():
    spec = ("ismcts", {"iterations": 2, "playout": "random"})
    env = VectorEnv(2, opponents=spec)
    assert env.opponents == "ismcts"
    one, two = bot_trace(spec, 1, steps=15), bot_trace(spec, 2, steps=15)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_vector_env_is_deterministic_for_a_seed_whatever_the_threads():
    def run(threads):
        env = VectorEnv(16, players=4, seed=3, threads=threads, opponents="random")
        obs, info = env.reset()
        rng = np.random.default_rng(2)
        trace = []
        for _ in range(150):
            actions = np.array([legal_choice(m, rng) for m in info["action_mask"]])
            obs, rewards, term, trunc, info = env.step(actions)
            trace.append((obs.copy(), rewards.copy(), term.copy(), info["seed"].copy()))
        return trace

    one, two = run(1), run(2)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_vector_env_illegal_action_names_the_env_and_rule_and_changes_nothing():
    env = VectorEnv(3, players=2, seed=0)
    obs, info = env.reset()
    obs0, games0 = obs.copy(), [env.game(i) for i in range(3)]
    actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    actions[1] = metropolys.PASS_ID
    with pytest.raises(IllegalActionError, match=r"env 1: action 715 is illegal: R-7") as e:
        env.step(actions)
    assert isinstance(e.value, ValueError) and e.value.rule == "R-7"
    for bad in ([0, 0], [0, 0, 0, 0], np.zeros((3, 1), np.int64)):
        with pytest.raises(ValueError):
            env.step(bad)
    with pytest.raises(TypeError):
        env.step(np.zeros(3, np.float32))
    actions[1] = 9999
    with pytest.raises(IllegalActionError, match="env 1"):
        env.step(actions)
    np.testing.assert_array_equal(obs, obs0)
    assert [env.game(i) for i in range(3)] == games0
    actions[1] = actions[0]
    env.step(actions.astype(np.int32))  # any integer dtype


def test_vector_env_bad_arguments():
    with pytest.raises(ValueError, match="R-1"):
        VectorEnv(2, players=5)
    with pytest.raises(ValueError):
        VectorEnv(0)
    with pytest.raises(ValueError):
        VectorEnv(2, threads=0)
    with pytest.raises(ValueError, match="opponents: unknown bot kind"):
        VectorEnv(2, opponents="minimax")
    with pytest.raises(ValueError, match="unknown parameter"):
        VectorEnv(2, opponents=("ismcts", {"iteration": 5}))
    with pytest.raises(ValueError, match="seed"):
        VectorEnv(2, opponents=("greedy", {"seed": 1}))
    with pytest.raises(TypeError, match="opponents"):
        VectorEnv(2, opponents=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reset"):
        VectorEnv(2).step([0, 0])


def test_gymnasium_wrapper():
    gym = pytest.importorskip("gymnasium")
    from metropolys.gym import MetropolysVectorEnv

    envs = MetropolysVectorEnv(6, players=2, seed=4)
    assert isinstance(envs, gym.vector.VectorEnv)
    assert envs.single_observation_space.shape == (metropolys.OBSERVATION_SIZE,)
    assert envs.single_action_space.n == metropolys.ACTION_COUNT
    obs, info = envs.reset(seed=4)
    assert obs in envs.observation_space
    ended = 0
    for _ in range(400):
        actions = envs.sample_legal(info["action_mask"])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.shape == (6,) and set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
        assert (rewards[~terminated] == 0).all() and (rewards[terminated] != 0).all()
        ended += int(terminated.sum())
    assert ended > 0
    with pytest.raises(ValueError):
        MetropolysVectorEnv(2, opponents="none")


def test_gymnasium_vector_spaces_sample_legal_actions() -> None:
    pytest.importorskip("gymnasium")
    from metropolys.gym import MetropolysVectorEnv

    envs = MetropolysVectorEnv(8, players=3, seed=2)
    obs, info = envs.reset(seed=[5, 6, None])  # the Gymnasium vector API's list
    for _ in range(150):
        mask = info["action_mask"]
        for actions in (envs.action_space.sample(mask=mask), envs.action_space.sample(),
                        envs.sample_legal(mask)):
            live = mask.any(axis=1)
            assert mask[live, actions[live]].all()
        one = envs.single_action_space.sample(mask=mask[0]) if mask[0].any() else 0
        assert not mask[0].any() or mask[0, one]
        obs, rewards, terminated, truncated, info = envs.step(actions)
    # Seeded: the same draws again.
    envs.reset(seed=1)
    first = envs.sample_legal(info["action_mask"])
    envs.reset(seed=1)
    np.testing.assert_array_equal(envs.sample_legal(info["action_mask"]), first)


def test_gymnasium_single_env_is_registered_and_passes_the_env_checker() -> None:
    gym = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import metropolys.gym as mgym

    env = gym.make("metropolys/Metropolys-v0", players=2, opponents="greedy")
    assert isinstance(env.unwrapped, mgym.MetropolysEnv)
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=3)
    assert obs in env.observation_space and info["action_mask"].dtype == np.bool_
    first = env.unwrapped.game()
    assert first == Game(players=2, seed=info["seed"])
    total, steps = 0.0, 0
    terminated = False
    while not terminated:
        mask = info["action_mask"]
        action = env.action_space.sample(mask=mask if steps % 2 else mask.astype(np.int8))
        assert mask[action]
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
    assert total in (-1.0, 1.0) and not truncated
    with pytest.raises(ValueError, match="reset"):
        env.step(0)
    obs, info = env.reset()
    assert env.action_space.contains(int(env.action_space.sample()))
    assert info["action_mask"][env.action_space.sample()]  # no mask: the current one
    assert env.unwrapped.game() != first
    with pytest.raises(ValueError, match="single-agent"):
        gym.make("metropolys/Metropolys-v0", opponents=None)
    with pytest.raises(IllegalActionError):
        env.step(metropolys.PASS_ID)  # an opening pass


def test_rl_example_quick_mode():
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / "rl_policy_gradient.py"), "--quick"],
        check=True,
        capture_output=True,
        text=True,
    )
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["steps"] > 0 and summary["games"] > 0
    # --steps counts game-steps, as the summary does (32 games a batch).
    assert (summary["steps"], summary["batches"]) == (3200, 100)
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / "rl_policy_gradient.py"),
         "--envs", "8", "--steps", "20"],
        check=True, capture_output=True, text=True,
    )
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert (summary["steps"], summary["batches"]) == (24, 3)


@pytest.mark.parametrize(
    "kwargs,error",
    [
        ({"num_envs": 10**12}, ValueError),
        ({"num_envs": 2**70}, ValueError),
        ({"num_envs": -1}, ValueError),
        ({"num_envs": True}, TypeError),
        ({"num_envs": 4, "threads": 10**6}, ValueError),
        ({"num_envs": 4, "seed": -1}, ValueError),
    ],
)
def test_vector_env_absurd_sizes_and_wrong_types_are_errors(kwargs: dict, error: type) -> None:
    # Never an allocation that aborts the interpreter, never OverflowError.
    with pytest.raises(error):
        metropolys.VectorEnv(**kwargs)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_decisions_bounds_the_information_state(players: int) -> None:
    # At most 12 * players + 1 calls of at most 13 bids and
    # players - 1 voluntary passes.
    assert metropolys.max_decisions(players) == (12 * players + 1) * (12 + players)
    assert metropolys.information_state_size(players) == (
        metropolys.OBSERVATION_SIZE + metropolys.max_decisions(players) * metropolys.DECISION_WIDTH
    )


@pytest.mark.parametrize("players,error", [(1, ValueError), (5, ValueError), (-1, ValueError),
                                           (2**70, ValueError), (True, TypeError)])
def test_max_decisions_refuses_a_player_count_out_of_r1(players: int, error: type) -> None:
    with pytest.raises(error):
        metropolys.max_decisions(players)
    with pytest.raises(error):
        metropolys.information_state_size(players)


@pytest.mark.parametrize("big", [2**63, 2**64 - 1])
def test_vector_env_names_a_huge_unsigned_action_as_given(big: int) -> None:
    # A uint64 id of 2^63 or more is not wrapped to a negative id: the error
    # names the env and the value given, and no game changes.
    env = VectorEnv(3, players=2, seed=5)
    obs, _ = env.reset()
    first = env.game(0).to_json()
    actions = np.array([0, big, 0], dtype=np.uint64)
    with pytest.raises(IllegalActionError, match=f"env 1: action {big} is illegal") as info:
        env.step(actions)
    assert info.value.rule == "§8"
    assert env.game(0).to_json() == first


@pytest.mark.parametrize("big", [2**64, -(2**63) - 1, 10**30])
def test_vector_env_integers_beyond_int64_are_illegal_actions(big: int) -> None:
    # numpy makes such a list dtype object: still IllegalActionError (as
    # docs/errors.md promises), naming the env and the integer given.
    env = VectorEnv(4, players=2, seed=5)
    env.reset()
    first = env.game(0).to_json()
    with pytest.raises(IllegalActionError, match=f"env 0: action {big} is illegal") as info:
        env.step([big] * 4)
    assert info.value.rule == "§8"
    with pytest.raises(IllegalActionError, match=f"env 2: action {big}"):
        env.step([0, 0, big, 0])
    with pytest.raises(TypeError):
        env.step([0, None, big, 0])
    with pytest.raises(TypeError):
        env.step([0, True, big, 0])
    assert env.game(0).to_json() == first


def test_vector_env_takes_its_own_arrays_back() -> None:
    # Passing the env's own info["to_act"] (or any array it returned) back
    # is an ordinary (here illegal) action array, not "already borrowed".
    env = VectorEnv(3, players=2, seed=1)
    obs, info = env.reset()
    try:  # the seats to act, as action ids: legal or not, never a borrow error
        env.step(info["to_act"])
    except IllegalActionError:
        pass
    obs, info = env.reset()
    info["to_act"][:] = metropolys.PASS_ID  # an opening pass
    with pytest.raises(IllegalActionError, match="R-7"):
        env.step(info["to_act"])
    legal = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    info["to_act"][:] = legal
    env.step(info["to_act"])


def test_vector_env_game_before_reset_is_an_error() -> None:
    env = VectorEnv(2, players=3, seed=7)
    with pytest.raises(ValueError, match="reset"):
        env.game(0)
    env.reset()
    assert env.game(1) == Game(players=3, seed=int(env.reset()[1]["seed"][1]))


def test_vector_env_reset_takes_one_seed_per_env() -> None:
    env = VectorEnv(3, players=2, seed=0)
    _, one = env.reset(seed=9)
    seeds = one["seed"].copy()
    _, same = env.reset(seed=[9, 9, 9])
    np.testing.assert_array_equal(same["seed"], seeds)
    _, mixed = env.reset(seed=[9, 4])  # env 2: the batch's seed (now 9)
    assert mixed["seed"][0] == seeds[0] and mixed["seed"][2] == seeds[2]
    _, four = env.reset(seed=4)
    assert mixed["seed"][1] == four["seed"][1] != seeds[1]
    _, nones = env.reset(seed=np.array([9, 9, 9], dtype=np.uint64))
    np.testing.assert_array_equal(nones["seed"], seeds)
    for bad, error in (([1, 2, 3, 4], ValueError), ([-1], ValueError), ([1.5], TypeError),
                       ("12", TypeError), ([True], TypeError)):
        with pytest.raises(error):
            env.reset(seed=bad)
