"""Metropolys as a PettingZoo AEC environment.

    from metropolys.pettingzoo import env

    e = env(players=3, variant="expert")
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = e.action_space(agent).sample(mask)
        e.step(action)

It needs the ``pettingzoo`` extra (``pip install "metropolys[pettingzoo]"``);
``import metropolys`` alone never imports PettingZoo or Gymnasium.

* Agents: ``player_0`` … ``player_{n-1}`` (seat order, R-1). Turn order is
  the game's: the engine applies forced passes itself (R-11), so the agent
  selected always has a legal action.
* Action space: ``Discrete(716)``: ``neighborhood * 13 + building - 1``,
  pass = 715. Illegal actions end the game with reward -1 for the offender
  (PettingZoo's ``TerminateIllegalWrapper``, as in its classic games).
* Observation space: ``Dict(observation=Box(0, 1, (SIZE,), float32),
  action_mask=Box(0, 1, (716,), int8))``. The observation encodes the agent's
  own view only (R-21): opponents' objectives stay hidden until the game
  ends. It is ``Game.observation`` (written in Rust); the layout is
  documented in https://github.com/metropolys/metropolys/blob/main/docs/rl.md.
* Rewards only at game end: ``rewards="win"`` (default) gives +1 to every
  winner (R-20, shared victories included) and -1 to the others;
  ``rewards="score"`` gives each player's total prestige. ``info`` of every
  agent then holds ``"scores"`` (totals by seat) and ``"winners"``.
* ``reset(seed=s)`` sets the game up from seed ``s`` (the same game as
  ``metropolys.Game(players, variant, seed=s)``); later resets without a seed
  draw fresh seeds from a generator seeded by ``s`` (or by the ``seed`` given
  to ``env``). ``reset(options={"config": {...}})`` plays an explicit
  configuration (``Game.from_config``) instead.
* Render modes: ``"ansi"`` returns a text summary of the public state,
  ``"human"`` prints it, ``"svg"`` returns the board as an SVG string
  (``Game.to_svg``), ``"rgb_array"`` the board as an ``H x W x 3`` ``uint8``
  array (the SVG rasterised by cairosvg: ``pip install "metropolys[render]"``,
  which needs the cairo library, e.g. Debian's ``libcairo2``).
"""

from __future__ import annotations

import io
import operator
from typing import Any, Dict, List, Optional, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from gymnasium.utils import EzPickle  # type: ignore[import-not-found, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]

import metropolys

from . import _observation as obs

__all__ = ["env", "raw_env", "OBSERVATION_SIZE"]

OBSERVATION_SIZE = obs.SIZE


def env(**kwargs: Any) -> Any:
    """The wrapped environment (illegal action = loss, bounds and order
    checks), as PettingZoo's classic games do: ``TerminateIllegalWrapper``,
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, with their
    behaviour unchanged. Returns an ``AECEnv``.

    Each wrapper here is a subclass of PettingZoo's that reads the state
    attributes every step touches (``agent_selection``, ``agents``,
    ``rewards``, ``terminations``, ``truncations``, ``infos``,
    ``_cumulative_rewards``) straight from the raw environment, where they
    live, instead of through each layer's ``__getattr__``: that chain of
    lookups was nine tenths of a wrapped step."""
    e = raw_env(**kwargs)
    e = _TerminateIllegalWrapper(e, illegal_reward=-1)
    e = _AssertOutOfBoundsWrapper(e)
    e = _OrderEnforcingWrapper(e)
    return e


# The attributes of the raw environment each step reads, forwarded by the
# wrappers below without a ``__getattr__`` chain. PettingZoo's wrappers keep
# no copy of any of them (``TerminateIllegalWrapper`` writes them on
# ``env.unwrapped``), so reading the raw environment gives the same values.
_HOT = (
    "agent_selection",
    "agents",
    "rewards",
    "terminations",
    "truncations",
    "infos",
    "_cumulative_rewards",
)
# OrderEnforcingWrapper refuses these before reset().
_BEFORE_RESET = {
    "rewards",
    "terminations",
    "truncations",
    "infos",
    "agent_selection",
    "agents",
}


def _forwarded(name: str, check_reset: bool) -> property:
    get: Any
    if check_reset and name in _BEFORE_RESET:

        def get(self: Any) -> Any:
            if not self._has_reset:
                raise AttributeError(f"{name} cannot be accessed before reset")
            return getattr(self._raw, name)

    else:
        get = operator.attrgetter("_raw." + name)

    def put(self: Any, value: Any) -> None:
        setattr(self._raw, name, value)

    return property(get, put, doc=f"``{name}`` of the raw environment.")


def _fast(cls: Any, check_reset: bool = False) -> Any:
    """``cls`` (one of PettingZoo's wrappers) reading the hot attributes
    from the raw environment directly."""

    def __init__(self: Any, env: Any, *args: Any, **kwargs: Any) -> None:
        self._raw = env.unwrapped
        cls.__init__(self, env, *args, **kwargs)

    def __str__(self: Any) -> str:
        return str(self.env)

    # Named as the module attribute it is bound to below, so that pickle
    # finds the class.
    name = "_" + cls.__name__
    attrs: Dict[str, Any] = {
        "__init__": __init__,
        "__str__": __str__,
        "__module__": __name__,
        "__qualname__": name,
    }
    for hot in _HOT:
        attrs[hot] = _forwarded(hot, check_reset)
    return type(name, (cls,), attrs)


_TerminateIllegalWrapper = _fast(wrappers.TerminateIllegalWrapper)
_AssertOutOfBoundsWrapper = _fast(wrappers.AssertOutOfBoundsWrapper)
_OrderEnforcingWrapper = _fast(wrappers.OrderEnforcingWrapper, check_reset=True)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc, unused-ignore]
    """The unwrapped AEC environment. Use :func:`env` unless you need it."""

    RENDER_MODES = ("ansi", "human", "svg", "rgb_array")
    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "metropolys_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 4,
        variant: str = "expert",
        seed: Optional[int] = None,
        start_player: int = 0,
        rewards: str = "win",
        render_mode: Optional[str] = None,
    ) -> None:
        EzPickle.__init__(self, players, variant, seed, start_player, rewards, render_mode)
        super().__init__()
        if players not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4, not {players} (R-1)")
        if rewards not in ("win", "score"):
            raise ValueError(f"rewards must be 'win' or 'score', not {rewards!r}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {self.RENDER_MODES}")
        if render_mode == "rgb_array":
            _rasteriser()  # fail early, naming the extra to install
        self.players = players
        self.variant = variant
        self.start_player = start_player
        self.reward_mode = rewards
        self.render_mode = render_mode
        self._rng = np.random.default_rng(seed)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(metropolys.ACTION_COUNT) for a in self.agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (obs.SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (metropolys.ACTION_COUNT,), np.int8),
                }
            )
            for a in self.agents
        }
        self.game: Optional[metropolys.Game] = None

    # -- spaces ---------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # -- AEC API --------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(0, 2**63 - 1))
        config = (options or {}).get("config")
        if config is not None:
            self.game = metropolys.Game.from_config(config)
            if self.game.players != self.players:
                raise ValueError(
                    f"the configuration has {self.game.players} players, the environment {self.players}"
                )
        else:
            self.game = metropolys.Game(
                players=self.players,
                variant=self.variant,
                seed=game_seed,
                start_player=self.start_player,
            )
        self.agents = self.possible_agents[:]
        self.rewards: Dict[str, float] = {a: 0.0 for a in self.agents}
        self._cumulative_rewards: Dict[str, float] = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_act()

    def _agent_to_act(self) -> str:
        assert self.game is not None and self.game.to_act is not None
        return str(self.possible_agents[self.game.to_act])

    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]:
        assert self.game is not None, "call reset() first"
        seat = self._seats[agent]
        observation = self.game.observation(seat)
        if self.game.to_act == seat:
            mask = self.game.action_mask().view(np.int8)
        else:
            mask = np.zeros(metropolys.ACTION_COUNT, np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None, "call reset() first"
        if action is None:
            raise ValueError(f"{agent} is to act and must give an action, not None")
        self._cumulative_rewards[agent] = 0
        self.game = self.game.apply(int(action))
        if self.game.is_over:
            values = self._final_rewards()
            winners = [int(w) for w in self.game.winners]
            totals = [s["total"] for s in self.game.scores()]
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = values[i]
                self.terminations[a] = True
                self.infos[a] = {"scores": totals, "winners": winners}
            self._accumulate_rewards()
        else:
            self.agent_selection = self._agent_to_act()
        if self.render_mode == "human":
            self.render()

    def _final_rewards(self) -> List[float]:
        assert self.game is not None
        if self.reward_mode == "score":
            return [float(s["total"]) for s in self.game.scores()]
        winners = {int(w) for w in self.game.winners}
        return [1.0 if i in winners else -1.0 for i in range(self.players)]

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode")
            return None
        assert self.game is not None, "call reset() first"
        if self.render_mode == "svg":
            return self.game.to_svg()
        if self.render_mode == "rgb_array":
            return rgb_array(self.game.to_svg())
        view = self.game.view(0)
        if not view.get("game_over"):
            # A spectator's view: nobody's objectives.
            text = obs.text(view, [None] * self.players)
        else:
            text = obs.text(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _rasteriser() -> Any:
    """The ``cairosvg`` module, or an ``ImportError`` naming the extra."""
    try:
        import cairosvg  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from PIL import Image  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: F401
    except (ImportError, OSError) as e:  # OSError: cairosvg without libcairo
        raise ImportError(
            'render_mode="rgb_array" needs the render extra: '
            'pip install "metropolys[render]" (cairosvg, which needs the cairo '
            f"library, e.g. apt-get install libcairo2): {e}"
        ) from e
    return cairosvg


def rgb_array(svg: str) -> npt.NDArray[np.uint8]:
    """An SVG document rasterised (on white) as an ``H x W x 3`` ``uint8``
    array, at the SVG's size (needs the ``render`` extra)."""
    cairosvg = _rasteriser()
    from PIL import Image  # type: ignore[import-untyped, import-not-found, unused-ignore]

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)
