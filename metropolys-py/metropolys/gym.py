"""A Gymnasium vector environment over ``metropolys.VectorEnv``.

    from metropolys.gym import MetropolysVectorEnv

    envs = MetropolysVectorEnv(num_envs=1024, players=4, seed=0)
    obs, info = envs.reset()
    actions = envs.sample_legal(info["action_mask"])
    obs, rewards, terminated, truncated, info = envs.step(actions)

It needs the ``gym`` extra (``pip install "metropolys[gym]"``); ``import
metropolys`` alone never imports Gymnasium.

* Single-agent: you play seat 0 of every game; the other seats are played
  inside Rust by ``opponents``: ``"random"`` (the default), a native bot
  kind (``"greedy"``, ``"ismcts"``) or ``(kind, params_dict)``, as for
  ``metropolys.VectorEnv``.
* ``single_observation_space``: ``Box(0, 1, (OBSERVATION_SIZE,), float32)``;
  ``single_action_space``: ``Discrete(716)``. The legal-action mask of each
  game is ``info["action_mask"]`` (``[N, 716]`` bool); an illegal action
  raises ``IllegalActionError`` (a ``ValueError``) and changes no game.
* Rewards: seat 0's, at the end of a game +1 if it is among the winners
  (R-20, shared victories included), -1 otherwise; 0 before.
* Autoreset: Gymnasium's default ``AutoresetMode.NEXT_STEP``: the step after
  a game ends ignores that env's action and returns the first observation
  of its next game. ``truncated`` is always false.
* ``copy=True`` (default) returns copies of the observation and info arrays;
  ``copy=False`` returns the env's own buffers, overwritten by the next call.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from gymnasium.vector import VectorEnv  # type: ignore[import-not-found, unused-ignore]

import metropolys

__all__ = ["MetropolysVectorEnv"]

try:  # Gymnasium >= 1.1
    from gymnasium.vector import AutoresetMode  # type: ignore[import-not-found, unused-ignore]

    _NEXT_STEP: Any = AutoresetMode.NEXT_STEP
except ImportError:  # pragma: no cover - Gymnasium 1.0
    _NEXT_STEP = "NextStep"


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
        opponents: Union[str, Tuple[str, Dict[str, Any]]] = "random",
        copy: bool = True,
    ) -> None:
        if opponents is None:
            raise ValueError(
                "opponents must be a bot kind or (kind, params): this is a single-agent environment"
            )
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
        self.single_observation_space = spaces.Box(
            0.0, 1.0, (metropolys.OBSERVATION_SIZE,), np.float32
        )
        self.single_action_space = spaces.Discrete(metropolys.ACTION_COUNT)
        self.observation_space = spaces.Box(
            0.0, 1.0, (num_envs, metropolys.OBSERVATION_SIZE), np.float32
        )
        self.action_space = spaces.MultiDiscrete(
            np.full(num_envs, metropolys.ACTION_COUNT, dtype=np.int64)
        )
        self._rng = np.random.default_rng(seed)

    def _out(self, obs: npt.NDArray[Any], info: Dict[str, Any]) -> Tuple[Any, Dict[str, Any]]:
        if self.copy:
            return obs.copy(), {k: v.copy() for k, v in info.items()}
        return obs, info

    def reset(
        self,
        *,
        seed: Optional[Union[int, List[int]]] = None,
        options: Optional[Dict[str, Any]] = None,
    ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        if isinstance(seed, list):
            raise ValueError("seed must be one int for the whole batch (or None)")
        if seed is not None:
            self._rng = np.random.default_rng(seed)
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
        restarts at the next step, whose action is ignored)."""
        scores = self._rng.random(action_mask.shape)
        scores[~action_mask] = -1.0
        return np.asarray(scores.argmax(axis=1), dtype=np.int64)

    def close_extras(self, **kwargs: Any) -> None:
        pass
