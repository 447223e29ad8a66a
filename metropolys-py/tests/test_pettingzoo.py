"""The PettingZoo adapter (metropolys.pettingzoo). Skipped without pettingzoo."""

import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import metropolys  # noqa: E402
from metropolys.pettingzoo import OBSERVATION_SIZE, env, raw_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402


def run_episode(e, seed, policy_seed=0, options=None):
    """Plays one episode with a seeded masked-random policy; returns the
    actions, the observations seen and the final cumulative rewards."""
    e.reset(seed=seed, options=options)
    rng = np.random.default_rng(policy_seed)
    actions, observations, rewards = [], [], {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            rewards[agent] = reward
            e.step(None)
            continue
        observations.append(obs["observation"].copy())
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        e.step(action)
    return actions, observations, rewards


def test_import_metropolys_does_not_import_adapters():
    code = (
        "import sys, metropolys\n"
        "bad = [m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# api_test's advice for plain Box/Discrete observations does not apply to
# the Dict(observation, action_mask) convention of PettingZoo's own games.
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(
    "players,variant", [(2, "expert"), (3, "family"), (4, "expert"), (2, "family")]
)
def test_api_test(players, variant):
    api_test(env(players=players, variant=variant), num_cycles=1000, verbose_progress=False)


def test_pettingzoo_seed_test():
    """PettingZoo's own determinism check: same seed, same episode."""
    seed_test(lambda: env(players=3, variant="family"), num_cycles=200)


def test_pettingzoo_render_test():
    # PettingZoo's test renders every mode of the metadata, rgb_array too,
    # which needs the render extra: skipped without it (with pettingzoo
    # installed and cairosvg not, it failed).
    pytest.importorskip("cairosvg")
    render_test(lambda render_mode=None: env(players=2, render_mode=render_mode))


def test_spaces():
    e = env(players=3)
    e.reset(seed=1)
    for agent in e.possible_agents:
        assert e.action_space(agent).n == metropolys.ACTION_COUNT == 716
        space = e.observation_space(agent)
        assert space["observation"].shape == (OBSERVATION_SIZE,)
        assert space["action_mask"].shape == (716,)
        assert space.contains(e.observe(agent))


def test_action_mask_is_the_engine_legal_set_for_the_agent_to_act_only():
    e = env(players=3, seed=0)
    e.reset(seed=5)
    game = metropolys.Game(players=3, variant="expert", seed=5)
    for _ in range(15):
        agent = e.agent_selection
        seat = e.possible_agents.index(agent)
        assert seat == game.to_act
        mask = e.observe(agent)["action_mask"]
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(game.legal_action_ids())
        assert list(mask.astype(bool)) == list(game.action_mask())
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        action = int(np.flatnonzero(mask)[0])
        e.step(action)
        game = game.apply(action)


def test_seeded_random_episode_is_reproducible():
    a = run_episode(env(players=4, variant="expert"), seed=42)
    b = run_episode(env(players=4, variant="expert"), seed=42)
    assert a[0] == b[0]
    assert len(a[1]) == len(b[1])
    assert all((x == y).all() for x, y in zip(a[1], b[1]))
    assert a[2] == b[2]
    # Another seed is another setup (token layout, objectives).
    c = run_episode(env(players=4, variant="expert"), seed=43)
    assert any((x != y).any() for x, y in zip(a[1], c[1]))


def test_reset_seed_is_the_engine_seed_and_replays_to_the_same_end():
    e = raw_env(players=2, variant="family")
    actions, _, rewards = run_episode(e, seed=7)
    game = metropolys.Game(players=2, variant="family", seed=7)
    for a in actions:
        game = game.apply(a)
    assert game.is_over
    winners = set(game.winners)
    assert rewards == {f"player_{p}": (1.0 if p in winners else -1.0) for p in range(2)}


def test_rewards_only_at_game_end():
    e = env(players=3, variant="family")
    e.reset(seed=3)
    rng = np.random.default_rng(1)
    seen = []
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            seen.append((agent, reward, info))
            e.step(None)
            continue
        assert reward == 0
        assert all(r == 0 for r in e.rewards.values())
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(seen) == 3
    winners = set(seen[0][2]["winners"])
    for agent, reward, info in seen:
        seat = int(agent.split("_")[1])
        assert reward == (1.0 if seat in winners else -1.0)
        assert info["scores"][seat] == max(info["scores"]) or seat not in winners


def test_score_rewards():
    e = env(players=2, rewards="score")
    actions, _, rewards = run_episode(e, seed=9)
    game = metropolys.Game(players=2, variant="expert", seed=9)
    for a in actions:
        game = game.apply(a)
    totals = [s["total"] for s in game.scores()]
    assert rewards == {f"player_{p}": float(totals[p]) for p in range(2)}


def test_observation_hides_opponents_objectives():
    """R-21: an agent's observation does not depend on the others' secret
    objectives, but does on its own."""
    base = {"players": 3, "variant": "expert", "seed": 4}
    deal_a = [
        {"neighborhood": "park", "area": "chains"},
        {"neighborhood": "mall", "area": "lakes"},
        {"neighborhood": "industry", "area": "bridges"},
    ]
    deal_b = [deal_a[0], deal_a[2], deal_a[1]]  # seats 1 and 2 swap cards
    ea, eb = raw_env(players=3), raw_env(players=3)
    ea.reset(options={"config": dict(base, objectives=deal_a)})
    eb.reset(options={"config": dict(base, objectives=deal_b)})
    assert (ea.observe("player_0")["observation"] == eb.observe("player_0")["observation"]).all()
    assert (ea.observe("player_1")["observation"] != eb.observe("player_1")["observation"]).any()


def test_illegal_action_ends_the_game_with_a_penalty():
    e = env(players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    offender = e.agent_selection
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[offender] == -1


def _stock_env(**kwargs):
    from pettingzoo.utils import wrappers

    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def _trace(e, seed, illegal_at):
    """Every last() of a seeded episode; at step ``illegal_at`` the agent
    plays an illegal action, after which the dead agents step out."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    out = []
    for t, agent in enumerate(e.agent_iter()):
        obs, reward, term, trunc, info = e.last()
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward,
                    term, trunc, dict(e.rewards), dict(e.terminations)))
        if term or trunc:
            action = None
        elif t == illegal_at:
            action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    return out


@pytest.mark.parametrize("illegal_at", [None, 0, 7])
def test_env_wrappers_behave_as_pettingzoos_own(illegal_at):
    from pettingzoo.utils import wrappers

    e = env(players=3)
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    assert isinstance(e.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(e.env.env, wrappers.TerminateIllegalWrapper)
    assert str(e) == str(_stock_env(players=3))
    # OrderEnforcingWrapper's checks before reset are kept.
    for name in ("agent_selection", "agents", "rewards", "terminations", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    ours = _trace(e, 5, illegal_at)
    stock = _trace(_stock_env(players=3), 5, illegal_at)
    assert len(ours) > (10 if illegal_at is None else 3)
    assert ours == stock
    with pytest.raises(AssertionError, match="action space"):
        fresh = env(players=3)
        fresh.reset(seed=1)
        fresh.step(716)


def test_env_pickles_like_pettingzoos_own_stack():
    import pickle

    # EzPickle rebuilds the raw environment from its arguments (PettingZoo's
    # classic games do the same): the copy is a fresh environment to reset.
    for e in (env(players=3, variant="family"), _stock_env(players=3, variant="family")):
        copy = pickle.loads(pickle.dumps(e))
        assert type(copy) is type(e)
        assert type(copy.env.env) is type(e.env.env)
        copy.reset(seed=4)
        e.reset(seed=4)
        assert copy.agent_selection == e.agent_selection
        assert (copy.observe("player_0")["observation"] == e.observe("player_0")["observation"]).all()


def test_render_modes():
    text_env = env(players=2, render_mode="ansi")
    text_env.reset(seed=2)
    text = text_env.render()
    assert isinstance(text, str) and "players 2" in text
    assert "objectives ?" in text  # a spectator sees nobody's objectives
    svg_env = env(players=2, render_mode="svg")
    svg_env.reset(seed=2)
    svg = svg_env.render()
    assert isinstance(svg, str) and "<svg" in svg
    with pytest.raises(ValueError):
        raw_env(render_mode="rgba")


def test_rgb_array_renders_the_board():
    # The `render` extra (cairosvg) is installed by scripts/test-adapters.
    pytest.importorskip("cairosvg")
    e = env(players=3, variant="expert", render_mode="rgb_array")
    e.reset(seed=4)
    frame = e.render()
    assert isinstance(frame, np.ndarray)
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert frame.shape[:2] == (860, 1000)  # the SVG's size, status line included
    # Not blank: the board's colours are drawn on the white background.
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 10
    assert (frame == 255).all(axis=2).mean() < 0.95
    # A move changes the picture.
    mask = e.observe(e.agent_selection)["action_mask"]
    e.step(int(np.flatnonzero(mask)[0]))
    assert not np.array_equal(e.render(), frame)


def test_rgb_array_without_cairosvg_names_the_extra(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_cairosvg(name, *args, **kwargs):
        if name == "cairosvg":
            raise ImportError("No module named 'cairosvg'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_cairosvg)
    with pytest.raises(ImportError, match=r"metropolys\[render\]"):
        raw_env(render_mode="rgb_array")


def test_bad_arguments_are_rejected():
    with pytest.raises(ValueError):
        raw_env(players=5)
    with pytest.raises(ValueError):
        raw_env(rewards="money")
