"""metropolys.dask on a real cluster: a `dask scheduler` and two `dask
worker` processes started as separate OS processes on 127.0.0.1 for the
session (loopback.py); the same rows as the local functions, a worker
killed mid-run, Ctrl-C, bad input.

The fixtures live here, not in a conftest.py: a second `conftest` module
on sys.path beside tests/conftest.py made `python -m pytest metropolys-py`
hang: the spawned workers of tests/test_values.py imported this
directory's conftest instead of tests/conftest.py. Without the `dask`
extra the module skips itself."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from typing import Any, Callable, Dict, Iterator, List

import pytest

import metropolys
from metropolys import bots

from loopback import Loopback as Cluster

dask = pytest.importorskip("dask")
mdask = pytest.importorskip("metropolys.dask")
pd = pytest.importorskip("pandas")

pytest.importorskip("distributed")


@pytest.fixture(scope="session")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("cluster"), workers=2)
    assert c.address.startswith("tcp://127.0.0.1:")
    try:
        yield c
    finally:
        c.close()


@pytest.fixture
def client(cluster: Cluster) -> Any:
    return cluster.client


DECK = [
    ["park", "mall", "housing"],
    ["industry", "administration", "park"],
    ["housing", "industry", "mall"],
    ["administration", "mall", "park"],
]


def arrow_frame(table: Any) -> Any:
    """A local function's arrow table as the cluster's frames hold it:
    plain pandas types, text as Dask's string[pyarrow]."""
    frame = table.to_pandas()
    text = [c for c in frame.columns if not pd.api.types.is_numeric_dtype(frame[c]) and frame[c].dtype != bool]
    return frame.astype({c: "string[pyarrow]" for c in text})


def local_simulate(n: int, **kwargs: Any) -> Any:
    return arrow_frame(metropolys.simulate(n, format="arrow", **kwargs))


def as_text(values: Any) -> List[str]:
    """A list column of the numpy form as the frames hold it: JSON text."""
    return [json.dumps(list(row), separators=(",", ":")) for row in values]


def same_values(frame: Any, columns: Dict[str, Any]) -> None:
    """`frame` holds the numpy form's values, row for row (lists as text)."""
    assert list(frame.columns) == list(columns)
    for c, values in columns.items():
        expected = as_text(values) if c == "winners" or c.startswith("metropolys_card_") else values.tolist()
        assert frame[c].tolist() == expected, c


def test_the_workers_are_processes_of_their_own(cluster: Cluster, client: Any) -> None:
    pids = cluster.worker_pids()
    assert len(pids) == 2
    assert os.getpid() not in pids.values()
    assert set(pids.values()) == {w.pid for w in cluster.workers}
    assert all(a.startswith("tcp://127.0.0.1:") for a in pids)


@pytest.mark.parametrize(
    "n,partition_size,kwargs",
    [
        (5_000, 700, {"seed": 11}),
        (3_001, 3_001, {"seed": 2**64 - 1000, "players": 2, "variant": "family"}),
        (2_500, 999, {"seed": 5, "players": 3, "variant": "Expert", "threads": 2}),
        (1_200, 250, {"seed": 7, "config": {"players": 3, "variant": "expert", "start_player": 1, "metropolys_deck": DECK}}),
        (0, 10, {"seed": 1}),
    ],
)
def test_simulate_rows_equal_the_local_rows(client: Any, n: int, partition_size: int, kwargs: Dict[str, Any]) -> None:
    df = mdask.simulate(n, partition_size=partition_size, **kwargs)
    local = local_simulate(n, **kwargs)
    # The lazy frame already has the local columns and types.
    assert list(df.columns) == list(local.columns)
    assert df.dtypes.equals(local.dtypes)
    assert df.npartitions == max(1, -(-n // partition_size))
    got = df.compute()
    pd.testing.assert_frame_equal(got, local)
    same_values(got, metropolys.simulate(n, **kwargs))


def test_the_partition_size_changes_nothing(client: Any) -> None:
    a = mdask.simulate(3_000, seed=3, players=4, partition_size=1_000).compute()
    b = mdask.simulate(3_000, seed=3, players=4, partition_size=77).compute()
    pd.testing.assert_frame_equal(a, b)


def test_aggregations_run_on_the_workers_and_agree(client: Any) -> None:
    n = 8_000
    df = mdask.simulate(n, seed=21, players=3, partition_size=1_000)
    local = local_simulate(n, seed=21, players=3)
    wins = [f"win_{p}" for p in range(3)]
    pd.testing.assert_series_equal(df[wins].mean().compute(), local[wins].mean())
    by_card = df.groupby("objective_area_0")["total_0"].mean().compute().sort_index()
    expected = local.groupby("objective_area_0")["total_0"].mean().sort_index()
    pd.testing.assert_series_equal(by_card, expected, check_names=False, check_index_type=False)
    # Projection: a column's mean reads only that column from each partition.
    assert mdask.compute(df["calls"].sum(), progress=False) == local["calls"].sum()


def test_the_first_example_of_scale_md_runs(client: Any) -> None:
    # Issue 37: `groupby(...)["win_0"].mean()` raised NotImplementedError
    # on bool[pyarrow] columns with dask 2026 and pandas 3.
    df = mdask.simulate(3_000, seed=4, partition_size=1_000)
    local = local_simulate(3_000, seed=4)
    for column in ("win_0", "win_share_0"):
        got = df.groupby("objective_area_0")[column].mean().compute().sort_index()
        expected = local.groupby("objective_area_0")[column].mean().sort_index()
        pd.testing.assert_series_equal(got, expected, check_names=False, check_index_type=False)
    # Every column groups, the winners too (text).
    counts = df.groupby("winners")["game"].count().compute()
    assert counts.sum() == 3_000 and "[0]" in counts.index


@pytest.mark.parametrize("players,kwargs", [(2, {}), (3, {"config": {"players": 3, "metropolys_deck": DECK}})])
def test_parquet_written_by_the_workers_reads_back(client: Any, tmp_path: Any, players: int, kwargs: Dict[str, Any]) -> None:
    # Issue 37: pd.read_parquet and dd.read_parquet raised "data type
    # 'list<item: int64>[pyarrow]' not understood".
    n = 4_000
    path = tmp_path / "games"
    mdask.simulate(n, seed=9, players=players, partition_size=1_000, **kwargs).to_parquet(str(path))
    assert len(list(path.glob("*.parquet"))) == 4
    local = local_simulate(n, seed=9, players=players, **kwargs)
    # Plain pandas: the same columns, types and values (Dask names an
    # unnamed index "__null_dask_index__" in the files).
    back = pd.read_parquet(path).sort_index().rename_axis(None)
    assert back.index.tolist() == list(range(n))
    pd.testing.assert_frame_equal(back, local, check_index_type=False)
    # Plain Dask, lazily: the same frame.
    dd = pytest.importorskip("dask.dataframe")
    lazy = dd.read_parquet(str(path))
    pd.testing.assert_frame_equal(lazy.compute().sort_index().rename_axis(None), local, check_index_type=False)
    assert lazy["win_share_0"].sum().compute() == pytest.approx(local["win_share_0"].sum())


@pytest.mark.parametrize("kind", ["simulate", "arena", "per_seat"])
def test_to_parquet_reads_back_with_plain_pandas_and_a_plain_index(client: Any, tmp_path: Any, kind: str) -> None:
    # Dask's own to_parquet stores the unnamed index as a column
    # "__null_dask_index__", which plain pandas reads back as the index;
    # mdask.to_parquet writes the columns alone, in files named in
    # partition order (12 partitions: "part.10" would sort before "part.2").
    if kind == "arena":
        seats = [bots.Greedy(), bots.Random(), bots.Greedy(seed=3)]
        df = mdask.arena(seats, 36, seed=4, per_game=True, games_per_task=3)
        local = arrow_frame(metropolys.arena(seats, 36, seed=4, per_game=True, format="arrow"))
    else:
        df = mdask.simulate(6_000, seed=12, players=3, partition_size=500)
        local = local_simulate(6_000, seed=12, players=3)
        if kind == "per_seat":
            df, local = mdask.per_seat(df), metropolys.per_seat(local)
    assert df.npartitions == 12
    path = tmp_path / "games"
    assert mdask.to_parquet(df, str(path)) is None
    assert sorted(p.name for p in path.glob("*.parquet")) == [f"part.{i:06d}.parquet" for i in range(12)]
    back = pd.read_parquet(path)
    assert back.index.name is None
    assert isinstance(back.index, pd.RangeIndex) and back.index.equals(pd.RangeIndex(len(local)))
    assert list(back.columns) == list(df.columns) == list(local.columns)
    assert "__null_dask_index__" not in back.columns
    # The games in order, with the columns' types and values.
    pd.testing.assert_frame_equal(back, local.reset_index(drop=True))
    # Plain Dask reads the same rows, one partition per file.
    dd = pytest.importorskip("dask.dataframe")
    lazy = dd.read_parquet(str(path))
    assert lazy.npartitions == 12
    pd.testing.assert_frame_equal(lazy.compute().reset_index(drop=True), back)


def test_to_parquet_lazily_and_with_dasks_options(client: Any, tmp_path: Any) -> None:
    df = mdask.simulate(2_000, seed=5, players=2, partition_size=1_000)
    path = tmp_path / "games"
    write = mdask.to_parquet(df, str(path), compute=False, compression="gzip")
    assert not path.exists() or not list(path.glob("*.parquet"))  # nothing written yet
    mdask.compute(write, progress=False)
    back = pd.read_parquet(path)
    assert back.index.name is None and back["game"].tolist() == list(range(2_000))
    pq = pytest.importorskip("pyarrow.parquet")
    assert pq.ParquetFile(path / "part.000000.parquet").metadata.row_group(0).column(0).compression == "GZIP"
    # Dask's keywords override the defaults: the index written after all.
    mdask.to_parquet(df, str(tmp_path / "indexed"), write_index=True)
    assert pd.read_parquet(tmp_path / "indexed").index.name == "__null_dask_index__"


CLOSE = """
import os, sys, psutil
import metropolys.dask as mdask

if __name__ == "__main__":
    with mdask.connect(n_workers=1) as client:
        pids = list(client.run(os.getpid).values())
        total = mdask.simulate(2_000, seed=1, partition_size=500)["total_0"].sum().compute()
        cluster = client.cluster
    alive = [p for p in pids if psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE]
    print("total", total, "workers", len(pids), "alive", len(alive), "cluster", cluster.status.name, flush=True)
"""


def test_closing_the_client_of_a_local_cluster_stops_it_quietly(tmp_path: Any) -> None:
    # A client left open is closed at the interpreter's exit, whose nanny
    # then kills its workers with "killing" warnings; closing it (here at
    # the end of a `with` block, as the README does) stops the cluster and
    # its worker processes before then.
    script = tmp_path / "close.py"
    script.write_text(CLOSE)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    total = int(local_simulate(2_000, seed=1)["total_0"].sum())
    assert run.stdout.split() == ["total", str(total), "workers", "1", "alive", "0", "cluster", "closed"]
    assert "killing" not in run.stderr.lower() and "Traceback" not in run.stderr, run.stderr


def test_csv_written_by_the_workers_reads_back(client: Any, tmp_path: Any) -> None:
    n = 2_000
    mdask.simulate(n, seed=3, players=4, partition_size=500).to_csv(str(tmp_path / "games-*.csv"))
    local = local_simulate(n, seed=3, players=4)
    dd = pytest.importorskip("dask.dataframe")
    for back in (
        pd.concat(pd.read_csv(f, index_col=0) for f in sorted(tmp_path.glob("games-*.csv"))),
        dd.read_csv(str(tmp_path / "games-*.csv")).compute().set_index("Unnamed: 0"),
    ):
        back = back.sort_index().rename_axis(None)
        assert list(back.columns) == list(local.columns)
        # CSV keeps values, not types (read_csv infers int64 and its text
        # type).
        pd.testing.assert_frame_equal(back, local, check_dtype=False, check_index_type=False)
        assert back["winners"].map(json.loads).tolist() == [list(w) for w in metropolys.simulate(n, seed=3)["winners"]]


def test_per_seat_on_the_cluster_is_the_local_long_form(client: Any) -> None:
    df = mdask.simulate(1_000, seed=8, players=3, partition_size=300)
    got = mdask.per_seat(df).compute()
    expected = metropolys.per_seat(local_simulate(1_000, seed=8, players=3))
    pd.testing.assert_frame_equal(got, expected)
    assert len(got) == 3_000 and got["win_share"].sum() == pytest.approx(1_000)


ARENAS: List[Dict[str, Any]] = [
    {"bots": [bots.Greedy(), bots.Random()], "games": 21, "seed": 3, "variant": "family", "games_per_task": 4},
    {"bots": [bots.Ismcts(iterations=15), bots.Greedy(), bots.Random()], "games": 12, "seed": 8},
    {"bots": [bots.Greedy(), bots.Random(), bots.Greedy(seed=4), bots.Random()], "games": 9, "seed": 2**64 - 1,
     "metropolys_deck": DECK, "games_per_task": 2},
]


@pytest.mark.parametrize("case", range(len(ARENAS)))
def test_arena_rows_equal_the_local_rows(client: Any, case: int) -> None:
    args = dict(ARENAS[case])
    per_task = args.pop("games_per_task", None)
    local = metropolys.arena(**args)
    assert mdask.arena(**args, games_per_task=per_task, client=client) == local
    games = mdask.arena(**args, games_per_task=per_task, per_game=True)
    expected = arrow_frame(metropolys.arena(**args, per_game=True, format="arrow"))
    assert games.dtypes.equals(expected.dtypes)
    got = games.compute()
    pd.testing.assert_frame_equal(got, expected)
    same_values(got, metropolys.arena(**args, per_game=True))


def test_arena_shows_progress(client: Any, capsys: Any) -> None:
    pytest.importorskip("tqdm")
    rows = mdask.arena([bots.Greedy(), bots.Random()], 8, games_per_task=2, progress=True)
    assert rows == metropolys.arena([bots.Greedy(), bots.Random()], 8)
    assert "8/8" in capsys.readouterr().err


def test_compute_shows_dasks_progress_bar(client: Any, capsys: Any) -> None:
    total = mdask.compute(mdask.simulate(2_000, partition_size=500)["total_0"].sum())
    assert total == metropolys.simulate(2_000)["total_0"].sum()
    assert "100% Completed" in capsys.readouterr().out


def same_error(local: Callable[[], Any], remote: Callable[[], Any]) -> None:
    with pytest.raises(Exception) as expected:
        local()
    with pytest.raises(Exception) as got:
        remote()
    assert type(got.value) is type(expected.value)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n": -1}, {"n": 2**64}, {"n": True}, {"n": 1.5}, {"n": "3"},
        {"n": 1, "seed": -1}, {"n": 1, "seed": 2**64}, {"n": 1, "seed": True},
        {"n": 1, "players": 5}, {"n": 1, "players": True}, {"n": 1, "variant": "solo"},
        {"n": 1, "threads": -1}, {"n": 1, "config": "{"}, {"n": 1, "config": {"players": 3, "start_player": 5}},
    ],
)
def test_simulate_bad_input_gets_the_local_errors(kwargs: Dict[str, Any]) -> None:
    same_error(lambda: metropolys.simulate(**kwargs), lambda: mdask.simulate(**kwargs))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"games": -1}, {"games": 2**64}, {"games": True}, {"games": 0}, {"games": 2, "seed": -1},
        {"games": 2, "players": 3}, {"games": 2, "variant": "solo"},
        {"games": 2, "metropolys_deck": DECK[:2]}, {"games": 2, "metropolys_deck": [["park"]]},
    ],
)
def test_arena_bad_input_gets_the_local_errors(kwargs: Dict[str, Any]) -> None:
    two = [bots.Greedy(), bots.Random()]
    same_error(lambda: metropolys.arena(two, **kwargs), lambda: mdask.arena(two, **kwargs))


def test_cluster_only_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="partition_size must be at least 1"):
        mdask.simulate(10, partition_size=0)
    with pytest.raises(TypeError, match="partition_size must be an int"):
        mdask.simulate(10, partition_size=True)
    with pytest.raises(ValueError, match="more than 1000000"):
        mdask.simulate(10**12, partition_size=1)
    with pytest.raises(ValueError, match="games_per_task must be at least 1"):
        mdask.arena([bots.Greedy(), bots.Random()], 4, games_per_task=0)
    with pytest.raises(TypeError, match="a list of bots"):
        mdask.arena("greedy", 4)
    with pytest.raises(ValueError, match="ismtcs"):
        mdask.arena(["ismtcs", "greedy"], 4)


def test_arena_seats_what_the_local_arena_seats(client: Any) -> None:
    # Issue 37: bot specs and Python bots were refused ("native bots only").
    class FirstLegal:
        name = "first"

        def choose(self, game: metropolys.Game) -> metropolys.Action:
            return game.legal_actions()[0]

    specs = ["greedy", 'ismcts:{"iterations": 20}', bots.from_spec("beginner", seed=2)]
    assert mdask.arena(specs, 6, seed=1, games_per_task=3) == metropolys.arena(specs, 6, seed=1)
    seated = [FirstLegal(), "random"]
    rows = mdask.arena(seated, 8, seed=2, games_per_task=2)
    assert rows == metropolys.arena(seated, 8, seed=2)
    assert [r["bot"] for r in rows] == ["first", "random"]
    games = mdask.arena(seated, 4, seed=2, games_per_task=2, per_game=True).compute()
    assert games["bot_name_0"].tolist() == ["first", "random", "first", "random"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_scheduler_is_a_clear_error_in_bounded_time() -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    start = time.monotonic()
    with pytest.raises(ConnectionError, match=f"cannot reach the Dask scheduler at '{address}' within 2 s"):
        mdask.connect(address, timeout=2)
    assert time.monotonic() - start < 20
    with pytest.raises(TypeError):
        mdask.connect(8786)  # type: ignore[arg-type]


CTRL_C = """
import signal, sys, time
import metropolys.dask as mdask
from metropolys import bots
signal.signal(signal.SIGINT, signal.default_int_handler)
client = mdask.connect({address!r})

def ours():
    return client.run_on_scheduler(
        lambda dask_scheduler: sum(1 for k in dask_scheduler.tasks if "metropolys" in str(k))
    )

print("ready", flush=True)
try:
    if {mode!r} == "arena":
        mdask.arena([bots.Ismcts(iterations=4000), bots.Ismcts(iterations=4000)], 400,
                    games_per_task=2, client=client, progress=True)
    else:
        mdask.compute(mdask.simulate(10**9, partition_size=500_000)["total_0"].sum())
except KeyboardInterrupt:
    # Cancelled: none of the run's tasks is left on the scheduler.
    deadline = time.monotonic() + 15
    while ours() and time.monotonic() < deadline:
        time.sleep(0.1)
    left = ours()
    print("left", left, flush=True)
    sys.exit(42 if left == 0 else 43)
sys.exit(1)
"""


@pytest.mark.parametrize("mode", ["arena", "compute"])
def test_ctrl_c_cancels_the_clusters_tasks(cluster: Cluster, client: Any, mode: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CTRL_C.format(address=cluster.address, mode=mode)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        # Wait until the run's tasks are on the workers.
        deadline = time.monotonic() + 60
        while not any(client.processing().values()):
            assert time.monotonic() < deadline, "the run never started"
            time.sleep(0.05)
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        assert child.returncode == 42, out + err[-2000:]
        assert time.monotonic() - sent < 30
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    # The workers are free again: nothing of the run is processing.
    deadline = time.monotonic() + 30
    while any(client.processing().values()):
        assert time.monotonic() < deadline, client.processing()
        time.sleep(0.1)


def kill_mid_run(cluster: Cluster, client: Any, run: Callable[[], Any], name: str) -> Any:
    """Runs `run` in a thread with a third worker in the cluster, SIGKILLs
    that worker once it holds results of the run and is running one of its
    tasks, and returns what `run` returned. The run's tasks go to that
    worker first (loose restrictions: others may take them, and do once it
    is dead)."""
    victim = cluster.start_worker(name)
    address = next(a for a, w in client.scheduler_info()["workers"].items() if w["name"] == name)
    assert cluster.worker_pids()[address] == victim.pid
    result: Dict[str, Any] = {}

    def target() -> None:
        try:
            with dask.annotate(workers=[address], allow_other_workers=True):
                result["value"] = run()
        except BaseException as e:  # noqa: BLE001 - reported below
            result["error"] = e

    thread = threading.Thread(target=target)
    thread.start()
    deadline = time.monotonic() + 120
    while True:
        assert thread.is_alive(), f"the run ended before the worker was killed: {result}"
        assert time.monotonic() < deadline, "the worker never held a result while running a task"
        held = client.run_on_scheduler(
            lambda dask_scheduler, a=address: len(dask_scheduler.workers[a].has_what)
        )
        if held > 0 and client.processing().get(address):
            break
        time.sleep(0.02)
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(timeout=30)
    thread.join(timeout=300)
    assert not thread.is_alive()
    assert "error" not in result, result.get("error")
    assert address not in client.scheduler_info()["workers"]
    return result["value"]


def test_a_worker_killed_mid_simulate_changes_nothing(cluster: Cluster, client: Any) -> None:
    n = 60_000
    df = mdask.simulate(n, seed=77, players=4, partition_size=1_500)
    got = kill_mid_run(cluster, client, lambda: df.compute(), "victim-simulate")
    assert got.index.tolist() == list(range(n))  # no game missing or twice
    pd.testing.assert_frame_equal(got, local_simulate(n, seed=77, players=4))


def test_a_worker_killed_mid_arena_changes_nothing(cluster: Cluster, client: Any) -> None:
    seats = [bots.Ismcts(iterations=40), bots.Greedy(), bots.Random()]
    games = 60
    rows = kill_mid_run(
        cluster, client, lambda: mdask.arena(seats, games, seed=5, games_per_task=3, client=client), "victim-arena"
    )
    # Exactly the local rows: every game counted once (the sums of a task
    # recomputed after the kill replace the lost ones).
    assert rows == metropolys.arena(seats, games, seed=5)
    assert all(r["games"] == games for r in rows)
