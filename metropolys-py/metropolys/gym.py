"""Gymnasium environments over ``metropolys.VectorEnv``.

    import gymnasium
    import metropolys.gym  # registers "metropolys/Metropolys-v0"

    env = gymnasium.make("metropolys/Metropolys-v0", players=4, opponents="greedy")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(mask=info["action_mask"])  # a legal action
    obs, reward, terminated, truncated, info = env.step(action)

    from metropolys.gym import MetropolysVectorEnv

    envs = MetropolysVectorEnv(num_envs=1024, players=4, seed=0)
    obs, info = envs.reset()
    actions = envs.sample_legal(info["action_mask"])
    obs, rewards, terminated, truncated, info = envs.step(actions)

They need the ``gym`` extra (``pip install "metropolys[gym]"``); ``import
metropolys`` alone never imports Gymnasium.

* ``MetropolysEnv`` (id ``metropolys/Metropolys-v0``) is one game, a
  ``gymnasium.Env``; ``MetropolysVectorEnv`` is ``num_envs`` games, a
  ``gymnasium.vector.VectorEnv``. Both are single-agent: you play seat 0;
  the other seats are played inside Rust by ``opponents``: ``"random"``
  (the default), a native bot kind (``"greedy"``, ``"ismcts"``) or
  ``(kind, params_dict)``, as for ``metropolys.VectorEnv``.
* Observation space ``Box(0, 1, (OBSERVATION_SIZE,), float32)``; action
  space ``Discrete(716)`` (batched: ``MultiDiscrete``). The legal-action
  mask is ``info["action_mask"]`` (bool; ``[N, 716]`` batched); an
  illegal action raises ``IllegalActionError`` (a ``ValueError``) and
  changes no game.
* Legal sampling: the action spaces draw legal actions.
  ``action_space.sample(mask=info["action_mask"])`` takes the bool mask
  (or Gymnasium's own int8 form) and ``action_space.sample()`` without a
  mask uses the environment's current mask, so a generic agent that
  samples its action space never plays an illegal action.
  ``MetropolysVectorEnv.sample_legal(mask)`` is the same draw, in Rust.
* Rewards: seat 0's, at the end of a game +1 if it is among the winners
  (R-20, shared victories included), -1 otherwise; 0 before.
* ``MetropolysEnv``: ``terminated`` at the end of a game (then call
  ``reset``); ``reset(seed=s)`` seeds the environment's generator, from
  which every game's seed is drawn (``info["seed"]``: the game is
  ``metropolys.Game(players, variant, seed=info["seed"])``).
* ``MetropolysVectorEnv``: Gymnasium's default ``AutoresetMode.NEXT_STEP``:
  the step after a game ends ignores that env's action and returns the
  first observation of its next game. ``reset(seed=...)`` takes one int or
  a list (one per env, as the Gymnasium vector API passes). ``copy=True``
  (default) returns copies of the observation and info arrays;
  ``copy=False`` returns the env's own buffers, overwritten by the next
  call.
* ``truncated`` is always false: every game ends (R-17).
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Dict, List, Optional, Sequence, SupportsFloat, Tuple, Union

import gymnasium  # type: ignore[import-not-found, unused-ignore]
import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from gymnasium.vector import VectorEnv  # type: ignore[import-not-found, unused-ignore]

import metropolys
from metropolys._metropolys import _sample_legal

__all__ = ["ENV_ID", "LegalDiscrete", "LegalMultiDiscrete", "MetropolysEnv", "MetropolysVectorEnv"]

#: The registered id of ``MetropolysEnv`` (``gymnasium.make(ENV_ID, ...)``).
ENV_ID = "metropolys/Metropolys-v0"

try:  # Gymnasium >= 1.1
    from gymnasium.vector import AutoresetMode  # type: ignore[import-not-found, unused-ignore]

    _NEXT_STEP: Any = AutoresetMode.NEXT_STEP
except ImportError:  # pragma: no cover - Gymnasium 1.0
    _NEXT_STEP = "NextStep"

Opponents = Union[str, Tuple[str, Dict[str, Any]]]
_Masks = Callable[[], Optional[npt.NDArray[np.bool_]]]


def _bool_mask(mask: Any, shape: Tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """A legal-action mask as bool: ``info["action_mask"]`` (bool) or
    Gymnasium's int8 form (1 legal, 0 not)."""
    m = np.asarray(mask)
    if m.shape != shape:
        raise ValueError(f"the action mask has shape {m.shape}, not {shape}")
    if m.dtype == np.bool_:
        return m
    if m.dtype.kind not in "iu" or not np.isin(m, (0, 1)).all():
        raise ValueError("the action mask holds bools, or int8 values 0 and 1 (Gymnasium's form)")
    return m.astype(np.bool_)


class _LegalSampling:
    """What both legal action spaces share: the environment's current masks
    (a weak reference, so a space never keeps its environment alive) and a
    ``SplitMix64`` drawn from the space's own seeded ``np_random``."""

    _masks: Optional[Callable[[], Optional[_Masks]]] = None

    def _attach(self, masks: _Masks) -> None:
        self._masks = weakref.WeakMethod(masks)  # type: ignore[arg-type, unused-ignore]

    def _current(self) -> Optional[npt.NDArray[np.bool_]]:
        getter = self._masks() if self._masks is not None else None
        return getter() if getter is not None else None

    def _draw(self, masks: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        seed = int(self.np_random.integers(0, 2**63))  # type: ignore[attr-defined]
        return _sample_legal(masks, metropolys.SplitMix64(seed))

    def __getstate__(self) -> Dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_masks", None)  # a weak reference does not pickle
        return state


class LegalDiscrete(_LegalSampling, spaces.Discrete):  # type: ignore[misc, unused-ignore]
    """``Discrete(716)`` whose ``sample`` draws legal actions:
    ``sample(mask=info["action_mask"])`` (bool, or Gymnasium's int8 form),
    and ``sample()`` uses the environment's current mask."""

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if probability is not None:
            return super().sample(mask=mask, probability=probability)  # type: ignore[no-any-return, unused-ignore]
        if mask is None:
            mask = self._current()
            if mask is None:  # not attached, or before reset: any action
                return super().sample()  # type: ignore[no-any-return, unused-ignore]
        m = _bool_mask(mask, (int(self.n),))
        return np.int64(self._draw(m[None, :])[0])


class LegalMultiDiscrete(_LegalSampling, spaces.MultiDiscrete):  # type: ignore[misc, unused-ignore]
    """The batched action space: ``sample(mask=info["action_mask"])`` (an
    ``[N, 716]`` bool array; Gymnasium's tuple of int8 masks works too) draws
    one legal action per game, and ``sample()`` uses the environment's
    current masks."""

    def sample(self, mask: Any = None, probability: Any = None) -> npt.NDArray[np.int64]:
        if probability is not None or isinstance(mask, tuple):
            return super().sample(mask=mask, probability=probability)  # type: ignore[no-any-return, unused-ignore]
        if mask is None:
            mask = self._current()
            if mask is None:
                return super().sample()  # type: ignore[no-any-return, unused-ignore]
        n = int(self.shape[0])
        return self._draw(_bool_mask(mask, (n, metropolys.ACTION_COUNT)))


def _observation_space(*batch: int) -> Any:
    return spaces.Box(0.0, 1.0, (*batch, metropolys.OBSERVATION_SIZE), np.float32)


def _single_agent(opponents: Any) -> None:
    if opponents is None:
        raise ValueError(
            "opponents must be a bot kind or (kind, params): this is a single-agent environment"
        )


class MetropolysEnv(gymnasium.Env):  # type: ignore[misc, unused-ignore]
    """One single-agent game of Metropolys as a ``gymnasium.Env``
    (registered as ``metropolys/Metropolys-v0``; see the module docs).
    ``reset(seed=s)`` seeds the generator every game's seed is drawn from."""

    metadata: Dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        players: int = 4,
        variant: str = "expert",
        opponents: Opponents = "random",
        render_mode: Optional[str] = None,
    ) -> None:
        _single_agent(opponents)
        if render_mode is not None:
            raise ValueError(f"render_mode must be None, not {render_mode!r}")
        self.env = metropolys.VectorEnv(1, players=players, variant=variant, opponents=opponents)
        self.render_mode = render_mode
        self.observation_space = _observation_space()
        self.action_space = LegalDiscrete(metropolys.ACTION_COUNT)
        self.action_space._attach(self._mask)
        self._last_mask: Optional[npt.NDArray[np.bool_]] = None

    def _mask(self) -> Optional[npt.NDArray[np.bool_]]:
        return self._last_mask

    def _info(self, info: Dict[str, Any]) -> Dict[str, Any]:
        self._last_mask = info["action_mask"][0].copy()
        return {
            "action_mask": self._last_mask.copy(),
            "to_act": int(info["to_act"][0]),
            "seed": int(info["seed"][0]),
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed(seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        obs, info = self.env.reset(game_seed)
        return obs[0].copy(), self._info(info)

    def step(
        self, action: Any
    ) -> Tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, Dict[str, Any]]:
        if self._last_mask is None:
            raise ValueError("call reset() before step()")
        if not self._last_mask.any():
            raise ValueError("the game is over: call reset() to start the next one")
        obs, rewards, terminated, truncated, info = self.env.step([action])
        reward = float(rewards[0, metropolys.VectorEnv.LEARNER_SEAT])
        return obs[0].copy(), reward, bool(terminated[0]), bool(truncated[0]), self._info(info)

    def game(self) -> metropolys.Game:
        """The current position as a ``metropolys.Game`` (whole, without
        history)."""
        return self.env.game(0)


class MetropolysVectorEnv(VectorEnv):  # type: ignore[misc, unused-ignore]
    """``num_envs`` single-agent games of Metropolys as a Gymnasium
    ``VectorEnv`` (see the module docs)."""

    metadata = {"autoreset_mode": _NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        players: int = 4,
        variant: str = "expert",
        seed: int = 0,
        threads: int = 1,
        opponents: Opponents = "random",
        copy: bool = True,
    ) -> None:
        _single_agent(opponents)
        self.env = metropolys.VectorEnv(
            num_envs,
            players=players,
            variant=variant,
            seed=seed,
            threads=threads,
            opponents=opponents,
        )
        self.num_envs = num_envs
        self.copy = copy
        self.render_mode = None
        self.single_observation_space = _observation_space()
        self.single_action_space = LegalDiscrete(metropolys.ACTION_COUNT)
        self.observation_space = _observation_space(num_envs)
        self.action_space = LegalMultiDiscrete(
            np.full(num_envs, metropolys.ACTION_COUNT, dtype=np.int64)
        )
        self.action_space._attach(self._masks)
        self._last_masks: Optional[npt.NDArray[np.bool_]] = None
        self._rng = metropolys.SplitMix64(seed)

    def _masks(self) -> Optional[npt.NDArray[np.bool_]]:
        return self._last_masks

    def _out(self, obs: npt.NDArray[Any], info: Dict[str, Any]) -> Tuple[Any, Dict[str, Any]]:
        self._last_masks = info["action_mask"].copy()
        if self.copy:
            return obs.copy(), {k: v.copy() for k, v in info.items()}
        return obs, info

    def reset(
        self,
        *,
        seed: Optional[Union[int, Sequence[Optional[int]]]] = None,
        options: Optional[Dict[str, Any]] = None,
    ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        if seed is None or isinstance(seed, int):
            first = seed
        else:  # one seed per env: the generators follow the first given
            first = next((int(s) for s in seed if s is not None), None)
        if first is not None:
            self._rng = metropolys.SplitMix64(first)
            self.action_space.seed(first)
        obs, info = self.env.reset(seed)
        return self._out(obs, info)

    def step(
        self, actions: Any
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]:
        obs, rewards, terminated, truncated, info = self.env.step(actions)
        seat_rewards = rewards[:, metropolys.VectorEnv.LEARNER_SEAT].astype(np.float64)
        obs, info = self._out(obs, info)
        return obs, seat_rewards, terminated.copy(), truncated.copy(), info

    def sample_legal(self, action_mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """One uniformly random legal action per game (0 for a game that
        restarts at the next step, whose action is ignored), drawn in Rust
        from the env's ``SplitMix64`` (seeded by ``seed`` and ``reset``)."""
        masks = _bool_mask(action_mask, (self.num_envs, metropolys.ACTION_COUNT))
        return _sample_legal(masks, self._rng)

    def close_extras(self, **kwargs: Any) -> None:
        pass


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="metropolys.gym:MetropolysEnv")
