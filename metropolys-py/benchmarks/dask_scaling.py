"""Games per second of `metropolys.dask.simulate` on 1 and 2 worker
processes of a real cluster on loopback, against the local `simulate` in
the same run, and the cost of one task (for the projection of
docs/scale.md).

Each measurement is the same work: `n` random 4-player Expert games, then
the mean of every seat's win and total columns. Locally that is
`metropolys.simulate(n, threads=t)` and the means over the numpy columns;
on the cluster `metropolys.dask.simulate(n, partition_size=p)` and the
same means computed by the workers (one thread each), so only the means
travel to the client. CPU µs/game is the CPU time of the process (locally)
or of the worker processes (on the cluster) per game: unlike the rates, it
does not depend on what else the machine runs. The task cost is measured with partitions of one
game on one worker: (time − games × per-game time) / tasks.

Usage: .venv/bin/python metropolys-py/benchmarks/dask_scaling.py [--quick]
       [--games N] [--partition-size P]
Prints a Markdown table. Timings are wall-clock on a shared machine: take
ratios measured in one run, not absolute figures.
"""

from __future__ import annotations

import argparse
import resource
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


def best_of(repeats: int, run: Callable[[], object], cpu: Callable[[], float]) -> Tuple[float, float]:
    """The best wall time of `repeats` runs, and the CPU time `cpu()` counts
    per run (on a shared machine, CPU time does not depend on what else
    runs)."""
    times = []
    before = cpu()
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), (cpu() - before) / repeats


def own_cpu() -> float:
    return time.process_time()


def workers_cpu(client: object) -> Callable[[], float]:
    def cpu() -> float:
        used = client.run(lambda: sum(resource.getrusage(resource.RUSAGE_SELF)[:2]))  # type: ignore[attr-defined]
        return float(sum(used.values()))

    return cpu


def local(n: int, threads: int) -> None:
    result = metropolys.simulate(n, seed=0, threads=threads)
    [result[c].mean() for c in COLUMNS]


def on_cluster(n: int, partition_size: int) -> None:
    mdask.simulate(n, seed=0, partition_size=partition_size)[COLUMNS].mean().compute()


def warm_up(cluster: Loopback, size: int) -> None:
    """Every worker imports what a task needs before the timed runs."""
    assert cluster.client is not None
    cluster.client.run(lambda: __import__("metropolys.dask") and None)
    on_cluster(size, size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run that only checks it works")
    parser.add_argument("--games", type=int, default=2_000_000)
    parser.add_argument("--partition-size", type=int, default=100_000)
    args = parser.parse_args()
    n, size, repeats, tiny = args.games, args.partition_size, 3, 400
    if args.quick:
        n, size, repeats, tiny = 20_000, 5_000, 1, 40

    rows: List[Tuple[str, float, str, float]] = []
    t1, u1 = best_of(repeats, lambda: local(n, 1), own_cpu)
    rows.append(("local `simulate`, 1 thread", n / t1, "1.00", u1 / n))
    t2, u2 = best_of(repeats, lambda: local(n, 2), own_cpu)
    rows.append(("local `simulate`, 2 threads", n / t2, f"{t1 / t2:.2f}", u2 / n))
    with tempfile.TemporaryDirectory() as d:
        cluster = Loopback(pathlib.Path(d), workers=1)
        try:
            cpu = workers_cpu(cluster.client)
            warm_up(cluster, size)
            c1, v1 = best_of(repeats, lambda: on_cluster(n, size), cpu)
            rows.append((f"`metropolys.dask`, 1 worker process ({n // size} partitions)", n / c1, f"{t1 / c1:.2f}", v1 / n))
            # The cost of a task: partitions of one game, one worker.
            per_game = t1 / n
            tt, _ = best_of(repeats, lambda: on_cluster(tiny, 1), cpu)
            task_ms = max(tt - tiny * per_game, 0.0) / tiny * 1e3
            cluster.start_worker("w1")
            warm_up(cluster, size)
            c2, v2 = best_of(repeats, lambda: on_cluster(n, size), cpu)
            rows.append((f"`metropolys.dask`, 2 worker processes ({n // size} partitions)", n / c2, f"{t1 / c2:.2f}", v2 / n))
        finally:
            cluster.close()

    print(f"\n{n:,} random 4-player Expert games, best of {repeats}; ratio to local 1 thread\n")
    print("| run | games/s | ratio | CPU µs/game |")
    print("| --- | ---: | ---: | ---: |")
    for name, rate, ratio, cpu_per_game in rows:
        print(f"| {name} | {rate:,.0f} | {ratio} | {cpu_per_game * 1e6:.1f} |")
    print(f"\nper game (local, 1 thread): {per_game * 1e6:.1f} µs; per task (1-game partitions, {tiny} tasks): {task_ms:.2f} ms")
    print(f"2 worker processes / 1: {c1 / c2:.2f}x the games per second")


if __name__ == "__main__":
    main()
