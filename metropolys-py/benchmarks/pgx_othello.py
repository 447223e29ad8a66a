"""pgx's CPU Othello, measured as metropolys-py/benchmarks/rl.py measures
``VectorEnv.step``: a batch of N games, one jitted, vmapped step call per
batched step (observation and legal-action mask included, as pgx's state
carries them), the actions drawn beforehand from the masks.

Run it in a separate virtual environment (pgx needs jax and jaxlib):

    python3 -m venv /tmp/pgx && /tmp/pgx/bin/pip install pgx
    /tmp/pgx/bin/python metropolys-py/benchmarks/pgx_othello.py [--envs 1024] [--game othello|backgammon]

Prints two rows in the format of rl.py: CPU ns (process time, all threads
summed) and elapsed ns per game-step.
"""

from __future__ import annotations

import argparse
import time

import jax
import jax.numpy as jnp
import pgx


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--game", default="othello")
    args = parser.parse_args()
    env = pgx.make(args.game)
    init = jax.jit(jax.vmap(env.init))
    # Stochastic games (backgammon's dice) take a key per step (pgx 2.x);
    # the others ignore it.
    step = jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    keys = jax.random.split(key, args.envs)
    state = init(keys)

    @jax.jit
    def choose(state, key):
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=1)

    total = 0
    elapsed = 0
    for t in range(args.steps):
        key, sub, step_key = jax.random.split(key, 3)
        actions = choose(state, sub).block_until_ready()
        step_keys = jax.random.split(step_key, args.envs).block_until_ready()
        start = time.process_time_ns()
        wall = time.perf_counter_ns()
        state = step(state, actions, step_keys)
        state.observation.block_until_ready()
        if t >= args.steps // 10:
            total += time.process_time_ns() - start
            elapsed += time.perf_counter_ns() - wall
        # Finished games restart, as VectorEnv's do.
        done = state.terminated | state.truncated
        if bool(done.any()):
            fresh = init(jax.random.split(sub, args.envs))
            state = jax.tree_util.tree_map(
                lambda a, b: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), state, fresh
            )
    timed = args.steps - args.steps // 10
    print(
        f"row\tpgx {args.game}: step N={args.envs} (CPU, jax {jax.__version__})"
        f"\t{total / (timed * args.envs):.1f}\tns/game-step\tjit(vmap(step)), obs + mask"
    )
    print(
        f"row\tpgx {args.game}: step N={args.envs} (elapsed, jax {jax.__version__})"
        f"\t{elapsed / (timed * args.envs):.1f}\tns/game-step\twall clock, all of jax's threads"
    )


if __name__ == "__main__":
    main()
