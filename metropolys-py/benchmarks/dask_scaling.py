"""Games per second of `metropolys.dask.simulate` on 1 and 2 worker
processes of a real cluster on loopback, against the local `simulate` in
the same run, and the cost of one task (for the projection of
docs/scale.md).

Each measurement is the same work: `n` random 4-player Expert games, then
the mean of every seat's win and total columns. Locally that is
`metropolys.simulate(n, threads=t)` and the means over the numpy columns;
on the cluster `metropolys.dask.simulate(n, partition_size=p)` and the
same means computed by the workers (one thread each), so only the means
travel to the client. The task cost is measured with partitions of one
game on one worker: (time − games × per-game time) / tasks.

Usage: .venv/bin/python metropolys-py/benchmarks/dask_scaling.py [--quick]
       [--games N] [--partition-size P]
Prints a Markdown table. Timings are wall-clock on a shared machine: take
ratios measured in one run, not absolute figures.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time
from typing import Callable, List, Tuple

import metropolys
import metropolys.dask as mdask

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests_dask"))
from loopback import Loopback  # noqa: E402

COLUMNS = [f"{c}_{p}" for c in ("win", "total") for p in range(4)]


def best_of(repeats: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def local(n: int, threads: int) -> None:
    result = metropolys.simulate(n, seed=0, threads=threads)
    [result[c].mean() for c in COLUMNS]


def on_cluster(n: int, partition_size: int) -> None:
    mdask.simulate(n, seed=0, partition_size=partition_size)[COLUMNS].mean().compute()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run that only checks it works")
    parser.add_argument("--games", type=int, default=2_000_000)
    parser.add_argument("--partition-size", type=int, default=100_000)
    args = parser.parse_args()
    n, size, repeats, tiny = args.games, args.partition_size, 3, 400
    if args.quick:
        n, size, repeats, tiny = 20_000, 5_000, 1, 40

    rows: List[Tuple[str, float, str]] = []
    t1 = best_of(repeats, lambda: local(n, 1))
    rows.append(("local `simulate`, 1 thread", n / t1, "1.00"))
    t2 = best_of(repeats, lambda: local(n, 2))
    rows.append(("local `simulate`, 2 threads", n / t2, f"{t1 / t2:.2f}"))
    with tempfile.TemporaryDirectory() as d:
        cluster = Loopback(pathlib.Path(d), workers=1)
        try:
            on_cluster(size, size)  # warm up: imports on the worker
            c1 = best_of(repeats, lambda: on_cluster(n, size))
            rows.append((f"`metropolys.dask`, 1 worker process ({n // size} partitions)", n / c1, f"{t1 / c1:.2f}"))
            # The cost of a task: partitions of one game, one worker.
            per_game = t1 / n
            tt = best_of(repeats, lambda: on_cluster(tiny, 1))
            task_ms = max(tt - tiny * per_game, 0.0) / tiny * 1e3
            cluster.start_worker("w1")
            on_cluster(size, size)
            c2 = best_of(repeats, lambda: on_cluster(n, size))
            rows.append((f"`metropolys.dask`, 2 worker processes ({n // size} partitions)", n / c2, f"{t1 / c2:.2f}"))
        finally:
            cluster.close()

    print(f"\n{n:,} random 4-player Expert games, best of {repeats}; ratio to local 1 thread\n")
    print("| run | games/s | ratio |")
    print("| --- | ---: | ---: |")
    for name, rate, ratio in rows:
        print(f"| {name} | {rate:,.0f} | {ratio} |")
    print(f"\nper game (local, 1 thread): {per_game * 1e6:.1f} µs; per task (1-game partitions, {tiny} tasks): {task_ms:.2f} ms")


if __name__ == "__main__":
    main()
