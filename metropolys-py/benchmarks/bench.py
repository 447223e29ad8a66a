"""What the Python module costs, against the Rust work it wraps.

Usage: python metropolys-py/benchmarks/bench.py [--quick] [--rust NAME=NS]...

* ``--quick``: a few games per row (figures only indicative).
* ``--rust NAME=NS``: the same work measured in Rust (the rows of
  ``metropolys-core/benches/summary.rs``), printed as a ratio;
  ``scripts/bench`` passes them.

Rows print as ``row<TAB>name<TAB>value<TAB>unit<TAB>note``, the format
``scripts/bench`` gathers into its table. Every game here is the game the
Rust summary plays for the same seed: configuration seed ``i``, moves drawn
with ``SplitMix64(i)``.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable, Dict, List, Tuple

import metropolys
from metropolys import Game, SplitMix64, bots

RUST: Dict[str, float] = {}


def row(name: str, ns: float, unit: str, rust_name: str, note: str) -> None:
    ref = RUST.get(rust_name)
    if ref:
        note += f"; {ns / ref:.2f}x the Rust '{rust_name}' row ({ref:.1f} ns)"
    print(f"row\tPython: {name}\t{ns:.1f}\t{unit}\t{note}")


def per_call(n: int, f: Callable[[int], object]) -> float:
    """Nanoseconds per call of ``f(i)`` for ``i`` in ``range(n)``, after a
    short warm-up."""
    for i in range(max(n // 20, 1)):
        f(i)
    start = time.perf_counter_ns()
    for i in range(n):
        f(i)
    return (time.perf_counter_ns() - start) / n


def step_loop(players: int, variant: str, seed: int) -> int:
    """A whole game as reinforcement-learning code plays it: legal ids, draw
    one, apply the id; then the totals and winners. Returns the decisions."""
    game = Game(players, variant, seed)
    rng = SplitMix64(seed)
    steps = 0
    while True:
        ids = game.legal_action_ids()
        if not ids:
            break
        game = game.apply(ids[rng.below(len(ids))])
        steps += 1
    game.totals()
    game.winners
    return steps


def random_action_loop(players: int, variant: str, seed: int) -> int:
    """The same game, drawing with ``Game.random_action`` (no id list)."""
    game = Game(players, variant, seed)
    rng = SplitMix64(seed)
    steps = 0
    while True:
        action = game.random_action(rng)
        if action is None:
            break
        game = game.apply(action)
        steps += 1
    game.totals()
    game.winners
    return steps


def positions(games: int) -> Tuple[List[Game], List[int], List[int], List[Game]]:
    """Every position of the 4-player Expert games of seeds ``0..games``,
    the id chosen there, how many decisions came before, and the finished
    games."""
    pos: List[Game] = []
    chosen: List[int] = []
    decisions: List[int] = []
    finals: List[Game] = []
    for seed in range(games):
        game = Game(4, "expert", seed)
        rng = SplitMix64(seed)
        d = 0
        while True:
            ids = game.legal_action_ids()
            if not ids:
                break
            i = ids[rng.below(len(ids))]
            decisions.append(d)
            d += 1
            pos.append(game)
            chosen.append(i)
            game = game.apply(i)
        finals.append(game)
    return pos, chosen, decisions, finals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rust", action="append", default=[], metavar="NAME=NS")
    args = parser.parse_args()
    for item in args.rust:
        name, _, ns = item.rpartition("=")
        try:
            RUST[name] = float(ns)
        except ValueError:
            pass
    quick = args.quick
    print(f"metropolys Python benchmark ({'quick' if quick else 'full'} mode), "
          f"module {metropolys.__version__}")

    # simulate: whole games in Rust, results as column lists.
    for players, variant in [(4, "expert"), (3, "expert"), (2, "expert"), (4, "family")]:
        n = 200 if quick else 100_000
        metropolys.simulate(max(n // 20, 1), seed=10**9, players=players, variant=variant)
        start = time.perf_counter_ns()
        result = metropolys.simulate(n, seed=0, players=players, variant=variant)
        per = (time.perf_counter_ns() - start) / n
        assert len(result["game"]) == n
        row(f"simulate {players}p {variant}", per, "ns/game", f"game/{players}p {variant}",
            f"{1e9 / per:.0f} games/s, one thread, columns for pandas")

    # Step loops written in Python.
    for players, variant in [(4, "expert"), (2, "expert")]:
        n = 5 if quick else 500
        steps = 0

        def one(i: int) -> None:
            nonlocal steps
            steps += step_loop(players, variant, i)

        per = per_call(n, one)
        decisions = steps / (n + max(n // 20, 1))
        row(f"step loop {players}p {variant}", per, "ns/game",
            f"game/{players}p {variant} step loop",
            f"legal_action_ids, draw, apply(id); {per / decisions:.0f} ns/decision")
    n = 5 if quick else 500
    per = per_call(n, lambda i: random_action_loop(4, "expert", i))
    row("random_action loop 4p expert", per, "ns/game", "game/4p expert step loop",
        "random_action(rng), apply(action)")

    # Per call, over every position of the games of seeds 0..49 (the
    # positions of the Rust and C per-action rows).
    pos, chosen, decisions, finals = positions(5 if quick else 50)
    rounds = 1 if quick else 5
    m = len(pos)

    def over_positions(f: Callable[[int], object]) -> float:
        return per_call(m * rounds, lambda i: f(i % m))

    row("legal_action_count", over_positions(lambda i: pos[i].legal_action_count()),
        "ns/call", "legal_action_count", "almost no work: the cost of a call")
    row("legal_action_ids", over_positions(lambda i: pos[i].legal_action_ids()),
        "ns/call", "legal_action_ids", "a list of ints")
    row("action_mask", over_positions(lambda i: pos[i].action_mask()),
        "ns/call", "legal_action_ids", "a numpy bool array (716,)")
    row("apply(id)", over_positions(lambda i: pos[i].apply(chosen[i])),
        "ns/call", "apply (events, new Vec)", "a new Game: state, events, history")
    for lo, hi in [(0, 40), (40, 80), (80, None)]:
        pairs = [(g, a) for g, a, d in zip(pos, chosen, decisions)
                 if d >= lo and (hi is None or d < hi)]
        k = len(pairs)
        label = f"{lo}+" if hi is None else f"{lo}-{hi - 1}"
        row(f"apply(id), decisions {label}",
            per_call(k * rounds, lambda i: pairs[i % k][0].apply(pairs[i % k][1])),
            "ns/call", f"apply, decisions {label}", "a new Game each time")
    f = len(finals)
    row("totals 4p expert", per_call(f * rounds * 4, lambda i: finals[i % f].totals()),
        "ns/game", "scores 4p expert", "the four totals")
    row("scores 4p expert", per_call(f * rounds, lambda i: finals[i % f].scores()),
        "ns/game", "scores 4p expert", "score sheets as dicts, with the groups")
    row("Game(4, 'expert', seed)", per_call(2000 if quick else 200_000,
                                            lambda i: Game(4, "expert", i)),
        "ns/call", "setup 4p expert", "setup and a new Game")
    # A search decides on a helper thread while the caller watches for
    # Ctrl-C: a short search takes its own time, not a signal poll's (20 ms).
    start = Game(2, "expert", 3)
    for iterations in (1, 100):
        bot = bots.from_spec("ismcts", {"iterations": iterations}, seed=1)
        row(f"ismcts choose, {iterations} iteration{'s' if iterations > 1 else ''}",
            per_call(20 if quick else 200, lambda i: bot.choose(start)),
            "ns/decision", "", "2p expert opening; a thread per decision")


if __name__ == "__main__":
    main()
