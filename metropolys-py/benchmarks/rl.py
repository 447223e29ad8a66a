"""What a learning agent pays per step: tensors from Rust, VectorEnv, and
the PettingZoo environment (when installed).

Usage: python metropolys-py/benchmarks/rl.py [--quick] [--envs N]

Rows print as ``row<TAB>name<TAB>value<TAB>unit<TAB>note`` (the format
``scripts/bench`` gathers). ``VectorEnv.step`` rows time the step call
only: the actions are drawn beforehand from the masks (a uniformly random
legal action per game), outside the timed region. Every figure is CPU
time of the process (``time.process_time_ns``, all threads summed), which a
shared, loaded machine disturbs less than wall-clock time: with two threads
it is the CPU cost per game-step, not the elapsed time. Compare ratios
from one run.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable, List

import numpy as np

import metropolys
from metropolys import Game, SplitMix64, VectorEnv


def emit(name: str, ns: float, unit: str, note: str) -> None:
    print(f"row\tPython RL: {name}\t{ns:.1f}\t{unit}\t{note}", flush=True)


def positions(games: int) -> List[Game]:
    out = []
    for seed in range(games):
        game = Game(4, "expert", seed)
        rng = SplitMix64(seed)
        while not game.is_over:
            out.append(game)
            game = game.apply(game.random_action(rng))
    return out


def per_call(pos: List[Game], f: Callable[[Game], object], repeat: int) -> float:
    for g in pos[:100]:
        f(g)
    start = time.process_time_ns()
    for _ in range(repeat):
        for g in pos:
            f(g)
    return (time.process_time_ns() - start) / (repeat * len(pos))


def vector_step(n: int, threads: int, opponents, steps: int, wall: bool = False) -> float:
    """Nanoseconds per game-step of VectorEnv.step (step call only): CPU
    time of the process, or elapsed time with ``wall``."""
    clock = time.perf_counter_ns if wall else time.process_time_ns
    env = VectorEnv(n, players=4, variant="expert", seed=0, threads=threads, opponents=opponents)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    keys = rng.random((16, metropolys.ACTION_COUNT)).astype(np.float32) + 1.0
    total = 0
    for t in range(steps):
        actions = (info["action_mask"] * keys[t % 16]).argmax(axis=1)
        start = clock()
        obs, rewards, terminated, truncated, info = env.step(actions)
        if t >= steps // 10:  # warm-up excluded
            total += clock() - start
    timed = steps - steps // 10
    return total / (timed * n)


def sample_legal(n: int, steps: int, numpy_argmax: bool = False) -> float:
    """Nanoseconds per game of drawing one uniformly random legal action per
    game from a batch's masks (``[n, 716]`` bool, positions of a 4-player
    game): ``metropolys.gym``'s Rust draw, or with ``numpy_argmax`` the
    numpy form it replaced (a random score per action, the best legal one)."""
    env = VectorEnv(n, players=4, variant="expert", seed=0)
    _, info = env.reset()
    masks = []
    for t in range(8):  # a few positions of the games, not only the first
        masks.append(info["action_mask"].copy())
        _, _, _, _, info = env.step(metropolys._metropolys._sample_legal(
            info["action_mask"], SplitMix64(t)))
    rng = np.random.default_rng(0)
    split = SplitMix64(0)
    start = time.process_time_ns()
    for t in range(steps):
        mask = masks[t % len(masks)]
        if numpy_argmax:
            scores = rng.random(mask.shape)
            scores[~mask] = -1.0
            np.asarray(scores.argmax(axis=1), dtype=np.int64)
        else:
            metropolys._metropolys._sample_legal(mask, split)
    return (time.process_time_ns() - start) / (steps * n)


def pettingzoo_step(steps: int, raw: bool = False, stock: bool = False) -> float:
    """Nanoseconds per AEC step (last() with the observation and mask of
    the agent to act, then step with a legal action). ``raw``: without
    wrappers; ``stock``: PettingZoo's own wrapper classes stacked as
    ``env()`` stacks its subclasses of them."""
    from metropolys.pettingzoo import env, raw_env

    if stock:
        from pettingzoo.utils import wrappers

        e = wrappers.OrderEnforcingWrapper(
            wrappers.AssertOutOfBoundsWrapper(
                wrappers.TerminateIllegalWrapper(raw_env(players=4, variant="expert"), -1)
            )
        )
    else:
        e = (raw_env if raw else env)(players=4, variant="expert")
    e.reset(seed=0)
    done = 0
    start = time.process_time_ns()
    while done < steps:
        for agent in e.agent_iter():
            observation, reward, termination, truncation, info = e.last()
            if termination or truncation:
                action = None
            else:
                action = int(observation["action_mask"].argmax())
                done += 1
            e.step(action)
            if done >= steps:
                break
        else:
            e.reset()
    return (time.process_time_ns() - start) / done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--envs", type=int, default=1024)
    args = parser.parse_args()
    quick = args.quick
    pos = positions(2 if quick else 20)
    repeat = 1 if quick else 5
    emit("Game.observation()", per_call(pos, lambda g: g.observation(), repeat), "ns/call",
         f"float32 ({metropolys.OBSERVATION_SIZE},), seat to act; {len(pos)} positions")
    buf = np.zeros(metropolys.OBSERVATION_SIZE, np.float32)
    emit("Game.observation(out=buf)", per_call(pos, lambda g: g.observation(0, out=buf), repeat),
         "ns/call", "written into a preallocated array")
    emit("Game.action_mask()", per_call(pos, lambda g: g.action_mask(), repeat), "ns/call",
         "bool (716,)")
    emit("Game.legal_action_ids_array()",
         per_call(pos, lambda g: g.legal_action_ids_array(), repeat), "ns/call", "int64")
    emit("Game.information_state()",
         per_call(pos[::10], lambda g: g.information_state(0), repeat), "ns/call",
         f"float32 ({metropolys.information_state_size(4)},)")
    n = 64 if quick else args.envs
    steps = 20 if quick else 300
    for threads in (1, 2):
        emit(f"VectorEnv.step N={n} threads={threads}", vector_step(n, threads, None, steps),
             "ns/game-step", "4p expert, obs + mask, every seat played by the caller")
    # Elapsed time, one and two threads (the machine must be otherwise idle
    # for the ratio to mean anything; run without taskset).
    one = vector_step(n, 1, None, steps, wall=True)
    two = vector_step(n, 2, None, steps, wall=True)
    emit(f"VectorEnv.step N={n} threads=1 (elapsed)", one, "ns/game-step", "wall clock")
    emit(f"VectorEnv.step N={n} threads=2 (elapsed)", two, "ns/game-step",
         f"wall clock: {one / two:.2f}x the speed of one thread")
    emit(f"VectorEnv.step N={n} threads=1 opponents=random",
         vector_step(n, 1, "random", steps), "ns/game-step",
         "learner's step incl. the 3 random opponents' moves in Rust")
    emit(f"sample_legal N={n}", sample_legal(n, steps), "ns/game-step",
         "metropolys.gym: one uniformly random legal action per game, in Rust")
    emit(f"sample_legal N={n} (numpy argmax)", sample_legal(n, steps, numpy_argmax=True),
         "ns/game-step", "the numpy form it replaced: a random score per action")
    try:
        import pettingzoo  # noqa: F401
    except ImportError:
        print("pettingzoo not installed: PettingZoo row skipped")
    else:
        emit("PettingZoo AEC step", pettingzoo_step(200 if quick else 5000), "ns/step",
             "last() (observation + mask) and step(), 4p expert, env() with its wrappers")
        emit("PettingZoo AEC step (raw_env)", pettingzoo_step(200 if quick else 5000, raw=True),
             "ns/step", "the same without PettingZoo's wrappers")
        emit("PettingZoo AEC step (stock wrappers)",
             pettingzoo_step(200 if quick else 5000, stock=True), "ns/step",
             "PettingZoo's own wrapper classes, each attribute through three __getattr__")


if __name__ == "__main__":
    main()
