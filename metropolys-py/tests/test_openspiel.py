"""The OpenSpiel adapter (metropolys.openspiel). Skipped without pyspiel."""

import os
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import metropolys  # noqa: E402
import metropolys.openspiel as mo  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

NAME = "python_metropolys"


def load(**params):
    return pyspiel.load_game(NAME, params)


def deal(state, outcomes):
    """Applies the given chance outcomes (the objective deal)."""
    for o in outcomes:
        assert state.is_chance_node()
        state.apply_action(o)
    return state


def deal_random(state, rng):
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def play_random(state, rng):
    deal_random(state, rng)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_import_metropolys_does_not_import_adapters():
    code = (
        "import sys, metropolys\n"
        "bad = [m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_game_type_and_info():
    game = load(players=3, variant="family", seed=4)
    t = game.get_type()
    assert t.short_name == NAME
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 3
    assert game.num_distinct_actions() == metropolys.ACTION_COUNT == 716
    assert game.min_utility() == -1.0 and game.max_utility() == 1.0
    assert game.observation_tensor_size() == mo.obs.SIZE
    assert game.max_chance_outcomes() == 11  # 6 area cards, 5 neighborhood cards
    params = game.get_parameters()
    assert params["players"] == 3 and params["variant"] == "family" and params["seed"] == 4


def test_load_from_string_and_defaults():
    game = pyspiel.load_game("python_metropolys(players=4,variant=family,seed=9)")
    assert game.num_players() == 4
    assert game.get_parameters()["variant"] == "family"
    default = pyspiel.load_game(NAME)
    assert default.num_players() == 2
    assert default.get_parameters()["variant"] == "expert"


def test_bad_parameters_are_rejected():
    for params in ({"players": 5}, {"variant": "chess"}, {"deal": "x"}, {"returns": "x"}):
        with pytest.raises(Exception):
            load(**params)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "variant": "expert", "seed": 1},
        {"players": 3, "variant": "family", "seed": 2},
        {"players": 4, "variant": "expert", "seed": 3},
        {"players": 2, "variant": "family", "seed": 4, "deal": "seed", "returns": "score"},
    ],
)
def test_random_sim_test(params):
    """pyspiel's own API consistency checks for games, on random playouts."""
    game = load(**params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_state_serializes_and_deserializes():
    game = load(players=2, seed=5)
    state = play_random(game.new_initial_state(), np.random.RandomState(1))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert state2.returns() == state.returns()
    assert str(state2) == str(state)


def test_chance_nodes_deal_the_secret_objectives():
    game = load(players=2, variant="expert", seed=6)
    state = game.new_initial_state()
    # Area cards for seats 0 and 1, then neighborhood cards.
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == [mo.AREAS.index(a) for a in mo.EXPERT_AREAS]
    assert all(abs(p - 0.2) < 1e-12 for _, p in outcomes)
    state.apply_action(mo.AREAS.index("chains"))
    assert mo.AREAS.index("chains") not in [o for o, _ in state.chance_outcomes()]
    kinds = [o for o, _ in deal(state, [mo.AREAS.index("lakes")]).chance_outcomes()]
    assert kinds == [mo.KIND_OFFSET + k for k in range(5)]
    deal(state, [mo.KIND_OFFSET + mo.KINDS.index("park"), mo.KIND_OFFSET + mo.KINDS.index("mall")])
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, mo.KIND_OFFSET + 1) == "deal neighborhood park"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "deal area chains"
    assert not state.is_chance_node()
    assert state.current_player() == 0
    assert state.engine.view(0)["objectives"][0] == {"neighborhood": "park", "area": "chains"}
    assert state.engine.view(1)["objectives"][1] == {"neighborhood": "mall", "area": "lakes"}
    # The public setup comes from the seed parameter.
    seeded = metropolys.Game(players=2, variant="expert", seed=6)
    for key in ("out_of_play", "tokens"):
        assert state.engine.view(0)[key] == seeded.view(0)[key]


def test_family_two_players_deal_without_border():
    state = load(players=2, variant="family", seed=1).new_initial_state()
    outcomes = [o for o, _ in state.chance_outcomes()]
    assert outcomes == [mo.AREAS.index(a) for a in ("bridges", "statues", "lakes")]
    deal(state, [outcomes[0], outcomes[1]])
    assert not state.is_chance_node()


def test_seed_deal_is_the_seeded_engine_game():
    game = load(players=3, variant="expert", seed=11, deal="seed")
    state = game.new_initial_state()
    assert not state.is_chance_node()
    seeded = metropolys.Game(players=3, variant="expert", seed=11)
    for p in range(3):
        assert state.engine.view(p) == seeded.view(p)


def test_observations_hide_opponents_objectives():
    """R-21: a player's strings and tensors do not depend on opponents'
    secret objectives, only on their own."""
    game = load(players=2, variant="expert", seed=3)
    k = mo.KIND_OFFSET
    a = deal(game.new_initial_state(), [0, 1, k + 2, k + 3])  # bridges, statues, housing, mall
    b = deal(game.new_initial_state(), [0, 4, k + 2, k + 1])  # seat 1 differs
    moves = [a.legal_actions()[5]]
    for s in (a, b):
        for m in moves:
            s.apply_action(m)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.observation_string(1) != b.observation_string(1)
    assert a.observation_tensor(1) != b.observation_tensor(1)
    assert "housing+bridges" in a.observation_string(0)  # own cards are shown
    assert "?" in a.observation_string(0)
    # An observer given every player's private information sees both.
    obs_all = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    observer = game.make_py_observer(obs_all)
    assert observer.string_from(a, 0) != observer.string_from(b, 0)


def test_information_state_has_perfect_recall():
    game = load(players=2, seed=8)
    state = deal_random(game.new_initial_state(), np.random.RandomState(0))
    before = state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    after = state.information_state_string(0)
    assert before != after
    assert after.endswith(str(state.history()[-1]))


def test_objectives_revealed_at_game_end():
    game = load(players=2, seed=2)
    state = play_random(game.new_initial_state(), np.random.RandomState(3))
    assert "?" not in state.observation_string(0)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_returns_follow_the_score_sheet(seed):
    win = play_random(load(players=3, seed=seed).new_initial_state(), np.random.RandomState(seed))
    score = play_random(
        load(players=3, seed=seed, returns="score").new_initial_state(), np.random.RandomState(seed)
    )
    assert win.history() == score.history()
    engine = win.engine
    winners = set(engine.winners)
    assert win.returns() == [1.0 if p in winners else -1.0 for p in range(3)]
    assert score.returns() == [float(s["total"]) for s in engine.scores()]
    assert max(score.returns()) == score.returns()[min(winners)]


def test_mcts_bot_plays_complete_games():
    game = load(players=2, variant="expert", seed=12)
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=rng)
    for _ in range(2):
        state = deal_random(game.new_initial_state(), rng)
        while not state.is_terminal():
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0])


def test_mcts_beats_uniform_random():
    """A small MCTS bot (25 simulations, random rollouts) against a uniform
    random player over a fixed batch of seeded two-player games."""
    games, wins = 10, 0
    for i in range(games):
        game = load(players=2, variant="expert", seed=100 + i)
        rng = np.random.RandomState(100 + i)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(game, 2.0, 25, evaluator, random_state=rng)
        seat = i % 2
        state = deal_random(game.new_initial_state(), rng)
        while not state.is_terminal():
            if state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        wins += state.returns()[seat] > 0
    # A random player wins about half; MCTS should win almost every game.
    assert wins >= 8, f"MCTS won only {wins} of {games}"


def test_resample_from_infostate_keeps_the_information_set():
    game = load(players=3, variant="expert", seed=21)
    rng = np.random.RandomState(5)
    state = deal_random(game.new_initial_state(), rng)
    for _ in range(7):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    info = state.information_state_string(player)
    deals = set()
    for _ in range(30):
        sample = mo.resample_from_infostate(state, player, rng)
        assert sample.information_state_string(player) == info
        assert sample.legal_actions() == state.legal_actions()
        own = sample.engine.view(player)["objectives"][player]
        assert own == state.engine.view(player)["objectives"][player]
        deals.add(tuple(sample.history()[:6]))
    assert len(deals) > 1  # the opponents' cards really are re-dealt


def test_ismcts_bot_plays_with_the_resampler():
    game = load(players=2, variant="family", seed=13)
    rng = np.random.RandomState(6)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng)
    bot.set_resampler(lambda s, p: mo.resample_from_infostate(s, p, rng))
    state = deal_random(game.new_initial_state(), rng)
    for _ in range(6):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_example_quick_mode(tmp_path):
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    example = root / "examples" / "python" / "mcts_vs_random.py"
    if not example.exists():
        pytest.skip("example not found")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    out = subprocess.run(
        [sys.executable, str(example), "--quick"],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout
    assert "win rate" in out


def test_random_state_draws_are_reproducible():
    game = load(players=4, variant="family", seed=7)
    a = play_random(game.new_initial_state(), np.random.RandomState(9))
    b = play_random(game.new_initial_state(), np.random.RandomState(9))
    assert a.history() == b.history() and a.returns() == b.returns()
    r = random.Random(0)
    assert mo.action_to_string(metropolys.PASS_ID) == "pass"
    nb, building = r.randrange(55), r.randrange(1, 14)
    assert mo.action_to_string(nb * 13 + building - 1) == f"bid {nb} b{building}"


# -- tensors from Rust, the state's resampler, OpenSpiel's own algorithms -----


def test_game_provides_both_tensors():
    for players in (2, 3, 4):
        game = load(players=players, seed=1)
        assert game.get_type().provides_information_state_tensor
        assert game.observation_tensor_size() == metropolys.OBSERVATION_SIZE
        assert game.information_state_tensor_size() == metropolys.information_state_size(players)


@pytest.mark.parametrize("deal_mode", ["chance", "seed"])
def test_tensors_are_the_engine_tensors(deal_mode):
    game = load(players=3, variant="expert", seed=6, deal=deal_mode)
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    while state.is_chance_node():
        for p in range(3):
            o = np.array(state.observation_tensor(p), np.float32)
            assert o.shape == (metropolys.OBSERVATION_SIZE,)
            assert o[metropolys.OBSERVATION_PIECES["to_act"][0] :][:4].sum() == 0
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    while not state.is_terminal():
        engine = state.engine
        for p in range(3):
            np.testing.assert_array_equal(
                np.array(state.observation_tensor(p), np.float32), engine.observation(p)
            )
            np.testing.assert_array_equal(
                np.array(state.information_state_tensor(p), np.float32),
                engine.information_state(p),
            )
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_information_state_tensor_hides_opponents_objectives():
    game = load(players=2, variant="expert", seed=3)
    k = mo.KIND_OFFSET
    a = deal(game.new_initial_state(), [0, 1, k + 2, k + 3])
    b = deal(game.new_initial_state(), [0, 4, k + 2, k + 1])  # seat 1 differs
    for s in (a, b):
        s.apply_action(s.legal_actions()[5])
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_tensor(1) != b.information_state_tensor(1)


@pytest.mark.parametrize("deal_mode", ["chance", "seed"])
def test_resample_from_infostate_is_a_state_method(deal_mode):
    game = load(players=3, variant="expert", seed=21, deal=deal_mode)
    rng = np.random.RandomState(5)
    state = deal_random(game.new_initial_state(), rng)
    for _ in range(7):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    info = state.information_state_string(player)
    tensor = state.information_state_tensor(player)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(20):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == info
        assert sample.information_state_tensor(player) == tensor
        assert sample.legal_actions() == state.legal_actions()
        others.add(tuple(str(sample.engine.objective(p)) for p in range(3) if p != player))
    assert len(others) > 1


def test_openspiel_ismcts_bot_plays_whole_games_through_the_state_method():
    game = load(players=2, variant="family", seed=13)
    rng = np.random.RandomState(6)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)  # no set_resampler
    state = deal_random(game.new_initial_state(), rng)
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0])


def test_evaluate_bots_plays_ismcts_mcts_and_random():
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        """OpenSpiel's ISMCTSBot has no restart_at, which evaluate_bots
        calls; it keeps no state between games, so there is nothing to do."""

        def restart_at(self, state):
            pass

    game = load(players=3, variant="expert", seed=2)
    rng = np.random.RandomState(8)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ISMCTSBot(game, evaluator, 2.0, 5, random_state=rng),
        mcts.MCTSBot(game, 2.0, 5, evaluator, random_state=rng),
        uniform_random.UniformRandomBot(2, rng),
    ]
    for _ in range(2):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == 3 and all(r in (-1.0, 1.0) for r in returns)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "variant": "family", "seed": 3},
        {"players": 4, "variant": "expert", "seed": 5, "deal": "seed"},
    ],
)
def test_random_sim_test_with_serialization(params):
    pyspiel.random_sim_test(load(**params), num_sims=2, serialize=True, verbose=False)
