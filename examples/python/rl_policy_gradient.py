"""A linear softmax policy trained by REINFORCE on ``metropolys.VectorEnv``.

    python examples/python/rl_policy_gradient.py            # 20,480 game-steps
    python examples/python/rl_policy_gradient.py --quick    # 3,200 game-steps

A *game-step* is one decision of the learner in one game: one batched
``env.step`` over ``--envs`` games is ``--envs`` game-steps. ``--steps``
and the summary's ``steps`` both count game-steps (the run makes
``ceil(steps / envs)`` batched calls, reported as ``batches``).

The learner plays seat 0 of every game against uniformly random opponents
(``opponents="random"``, moved inside Rust). Its policy is a softmax over
the legal actions (the mask in ``info["action_mask"]``) of a linear function
of the observation. At the end of each game it receives +1 (a win, shared
victories included, R-20) or -1, and every decision of that game is
reinforced by the return minus a running baseline. It trains nothing heavy:
the point is a complete loop at engine speed with numpy only. The last line
printed is a JSON summary (game-steps, batches, games, win rates early and
late).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import List, Tuple

import numpy as np

import metropolys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument(
        "--steps", type=int, default=20_480,
        help="game-steps: one batched step of --envs games is --envs game-steps",
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a short run (tests)")
    args = parser.parse_args()
    if args.quick:
        args.envs, args.steps = 32, 3_200
    if args.envs < 1 or args.steps < 1:
        parser.error("--envs and --steps must be at least 1")

    n, d, a = args.envs, metropolys.OBSERVATION_SIZE, metropolys.ACTION_COUNT
    rng = np.random.default_rng(args.seed)
    weights = np.zeros((d, a), np.float32)
    baseline = 0.0
    env = metropolys.VectorEnv(n, players=args.players, seed=args.seed, opponents="random")
    obs, info = env.reset()
    # Per env: the decisions of its current game (observation, action, probabilities).
    episodes: List[List[Tuple[np.ndarray, int, np.ndarray]]] = [[] for _ in range(n)]
    results: List[float] = []
    start = time.perf_counter()
    batches = -(-args.steps // n)  # ceil: at least the game-steps asked for
    for _ in range(batches):
        mask = info["action_mask"]
        logits = obs @ weights
        logits[~mask] = -np.inf
        logits[~mask.any(axis=1)] = 0.0  # finished games: the action is ignored
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits, dtype=np.float32)
        probs /= probs.sum(axis=1, keepdims=True)
        actions = (probs.cumsum(axis=1) > rng.random((n, 1))).argmax(axis=1)
        for i in np.flatnonzero(mask.any(axis=1)):
            episodes[i].append((obs[i].copy(), int(actions[i]), probs[i].copy()))
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i in np.flatnonzero(terminated):
            ret = float(rewards[i, metropolys.VectorEnv.LEARNER_SEAT])
            results.append(ret)
            advantage = ret - baseline
            baseline += 0.05 * (ret - baseline)
            if episodes[i]:
                # d log pi(a|o) / dW = o (onehot(a) - pi), for every decision at once.
                o = np.stack([e[0] for e in episodes[i]])
                grad = -np.stack([e[2] for e in episodes[i]])
                grad[np.arange(len(grad)), [e[1] for e in episodes[i]]] += 1.0
                weights += (args.lr * advantage) * (o.T @ grad).astype(np.float32)
            episodes[i] = []
    elapsed = time.perf_counter() - start
    half = len(results) // 2
    win = lambda rs: float(np.mean([r > 0 for r in rs])) if rs else 0.0  # noqa: E731
    summary = {
        "steps": batches * n,
        "batches": batches,
        "games": len(results),
        "win_rate_first_half": round(win(results[:half]), 3),
        "win_rate_second_half": round(win(results[half:]), 3),
        "random_expectation": round(1 / args.players, 3),
        "seconds": round(elapsed, 2),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
