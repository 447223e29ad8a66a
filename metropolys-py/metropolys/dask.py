"""Simulations and tournaments on a Dask cluster.

Needs the ``dask`` extra: ``pip install "metropolys[dask]"`` (dask,
distributed, pandas, pyarrow). For example::

    import metropolys.dask as mdask
    from metropolys import bots

    with mdask.connect() as client:                 # a local cluster, stopped at the end
        df = mdask.simulate(10**6, seed=0, partition_size=100_000)   # lazy
        print(df[[f"win_{p}" for p in range(4)]].mean().compute())   # on the workers
        mdask.to_parquet(df, "games/")              # never held by the client
        print(mdask.arena([bots.Greedy(), "random"], games=10_000, progress=True))

* ``connect(address=None)``: a ``distributed.Client`` of the scheduler at
  ``address`` (``"tcp://host:8786"``), or of a new local cluster when
  ``None``, which closing the client stops; an unreachable scheduler is a
  ``ConnectionError`` within ``timeout`` seconds.
* ``simulate(n, seed, ...)``: ``metropolys.simulate`` as a lazy
  ``dask.dataframe`` made with ``from_map`` over ranges of game indices.
  Game ``i`` is seeded from ``(seed, i)`` alone (configuration seed and
  move generator ``seed + i``), never from its partition, so the rows are
  those of a local ``metropolys.simulate(n, seed)``, row for row, whatever
  the partition size and the workers. The index is the game number.
* ``arena(bots, games, ...)``: ``metropolys.arena`` with one task per range
  of games (keyed by the range's first game); the per-bot rows equal the
  local ones. ``per_game=True`` gives one row per game as a lazy dataframe
  instead.
* ``compute(collection)``: computes Dask collections on the cluster with a
  progress bar; Ctrl-C cancels their tasks on the cluster.
* ``per_seat(frame)``: one row per seat of each game (``metropolys.per_seat``
  on every partition).
* ``to_parquet(frame, path)``: a lazy frame written to Parquet by the
  workers, one file per partition, which plain ``pandas.read_parquet``
  reads back with a plain ``RangeIndex`` and the games in order.

The frames hold plain pandas types (numpy numbers and booleans, strings;
``winners`` and Metropolys cards as JSON text), so ``to_parquet`` and
``to_csv`` output reads back with ``pandas.read_parquet``,
``dask.dataframe.read_parquet`` and ``read_csv``. ``arena`` seats what
``metropolys.arena`` seats: native bots, bot specs such as ``"expert"``,
and Python bots that pickle.

Tasks are pure functions of their arguments: a task recomputed after a
worker died plays the same games, and its result replaces the lost one (it
is never counted twice). See
https://github.com/metropolys/metropolys/blob/main/docs/scale.md.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union

try:
    import dask as _dask  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import dask.dataframe as _dd  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import distributed as _distributed  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import pandas as _pd  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as e:  # pragma: no cover - exercised without the extra
    raise ImportError(
        'metropolys.dask needs dask, distributed and pandas: pip install "metropolys[dask]"'
    ) from e

# Dask, distributed and pandas are typed loosely or not at all: used as Any.
dask: Any = _dask
dd: Any = _dd
distributed: Any = _distributed
pd: Any = _pd

from . import _metropolys
from ._frames import per_seat as _per_seat
from ._metropolys import GreedyBot, IsmctsBot, RandomBot, SpecBot

__all__ = ["MAX_PARTITIONS", "arena", "compute", "connect", "per_seat", "simulate", "to_parquet"]

MAX_PARTITIONS = 1_000_000
"""The most partitions (or tasks) one call makes: the graph of a run lives
in the client's memory, one small entry per partition."""

_Bot = Union[RandomBot, GreedyBot, IsmctsBot, SpecBot, str, Any]


def connect(
    address: Optional[str] = None,
    *,
    timeout: float = 10,
    n_workers: int = 2,
    threads_per_worker: int = 1,
) -> Any:
    """A ``distributed.Client``: of the scheduler at ``address`` (such as
    ``"tcp://10.0.0.5:8786"``, what ``dask scheduler`` prints), or, when
    ``address`` is ``None``, of a new local cluster of ``n_workers`` worker
    processes with ``threads_per_worker`` threads each. The client becomes
    the default one, which the lazy results of ``simulate`` and ``arena``
    compute on.

    Close the client when done: ``client.close()``, or use it as a context
    manager (``with mdask.connect() as client: ...``). Closing the client of
    a local cluster stops that cluster, its worker processes included (left
    open, they are killed at the interpreter's exit, with warnings); a
    scheduler at ``address`` and its workers keep running.

    A scheduler that does not answer within ``timeout`` seconds raises
    ``ConnectionError`` naming the address."""
    if address is None:
        # The client starts the cluster itself, so that it owns it: closing
        # the client closes the cluster (a client given a cluster object
        # leaves it running).
        return distributed.Client(
            n_workers=n_workers,
            threads_per_worker=threads_per_worker,
            processes=True,
            dashboard_address=":0",
        )
    if not isinstance(address, str):
        raise TypeError(f"address must be a str such as 'tcp://host:8786' or None, not {type(address).__name__}")
    try:
        return distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as e:
        raise ConnectionError(
            f"cannot reach the Dask scheduler at {address!r} within {timeout:g} s: {e}. "
            "Is `dask scheduler` running there, and is the port open?"
        ) from e


def _partition_size(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, not {value}")
    return value


def _ranges(n: int, size: int, name: str) -> List[Tuple[int, int]]:
    count = -(-n // size)
    if count > MAX_PARTITIONS:
        raise ValueError(
            f"{n} games in parts of {size} make {count} partitions, more than {MAX_PARTITIONS}: "
            f"give a larger {name}"
        )
    return [(lo, min(lo + size, n)) for lo in range(0, n, size)]


def _lazy(
    func: Callable[..., Any],
    ranges: List[Tuple[int, int]],
    args: Tuple[Any, ...],
    empty: Any,
    n: int,
    label: str,
) -> Any:
    """The lazy dataframe of ``func`` over ``ranges`` of ``n`` games, with
    the columns of ``empty`` (the local function's arrow table of no
    games)."""
    meta = _frame(empty, 0, 0)
    if not ranges:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_map(
        func,
        ranges,
        args=args,
        meta=meta,
        divisions=tuple(lo for lo, _ in ranges) + (n - 1,),
        label=label,
        enforce_metadata=False,
    )


def _frame(table: Any, lo: int, hi: int) -> Any:
    """The rows of games ``lo .. hi`` of a local function's arrow table, as
    pandas gives them (``table.to_pandas()``: numpy numbers and booleans;
    text as ``string[pyarrow]``, as Dask holds it), indexed by game
    number. Every column is a
    scalar (the arrow form writes the winners and Metropolys cards as
    text), so that ``to_parquet`` and ``to_csv`` files read back with
    ``pandas.read_parquet``, ``dask.dataframe.read_parquet`` and
    ``read_csv``, and every column can be grouped by and aggregated."""
    frame = table.to_pandas()
    # Text as Dask holds it (it converts object and `str` columns to
    # `string[pyarrow]`), so that every partition has the types of the
    # frame's metadata.
    text = [c for c in frame.columns if frame[c].dtype == object or isinstance(frame[c].dtype, pd.StringDtype)]
    frame = frame.astype({c: pd.StringDtype("pyarrow") for c in text})
    frame.index = pd.RangeIndex(lo, hi)
    return frame


def _simulate_part(
    bounds: Tuple[int, int],
    seed: int,
    players: int,
    variant: str,
    config: Any,
    threads: int,
    columns: Optional[List[str]] = None,
) -> Any:
    lo, hi = bounds
    table = _metropolys.simulate(hi - lo, seed, players, variant, threads, config, format="arrow", first=lo)
    frame = _frame(table, lo, hi)
    return frame if columns is None else frame[columns]


def simulate(
    n: int,
    seed: int = 0,
    players: int = 4,
    variant: str = "expert",
    threads: int = 1,
    config: Any = None,
    *,
    partition_size: int = 100_000,
) -> Any:
    """``metropolys.simulate(n, seed, players, variant, config=config)`` as a
    lazy ``dask.dataframe.DataFrame``, one partition per ``partition_size``
    games, built with ``from_map``; nothing runs until it is computed
    (``.compute()``, ``.to_parquet(path)``, ``compute(...)``), and then on
    the cluster's workers.

    The frame is the arrow form of the local result as pandas gives it,
    ``metropolys.simulate(..., format="arrow").to_pandas()``: the same
    columns, with plain pandas types (``uint64``, ``int16``, ``bool``,
    ``float64`` for ``win_share_{p}``, ``string[pyarrow]`` text, with
    ``winners`` and Metropolys cards as JSON text), which ``to_parquet`` and ``to_csv`` write and
    ``pandas.read_parquet``, ``dask.dataframe.read_parquet`` and
    ``read_csv`` read back. The index is the game number, with known
    divisions.
    Game ``i`` is seeded ``seed + i`` whatever partition plays it, so the
    rows equal the local run's, row for row. ``threads`` is the threads each
    task uses (1 suits workers that run one task per core). Arguments get
    the errors of the local ``simulate``; more than ``MAX_PARTITIONS``
    partitions is a ``ValueError``."""
    # An empty batch at game n checks every argument as the local function
    # does (n as a count, seed, players, variant, config, threads) and gives
    # the columns and dtypes.
    meta_columns = _metropolys.simulate(0, seed, players, variant, threads, config, format="arrow", first=n)
    size = _partition_size(partition_size, "partition_size")
    if isinstance(config, dict):
        config = dict(config)
    return _lazy(
        _simulate_part,
        _ranges(n, size, "partition_size"),
        (seed, players, variant, config, threads),
        meta_columns,
        n,
        "metropolys-simulate",
    )


def _bots(bots: Iterable[object]) -> List[_Bot]:
    """The bots as a list (an iterator is read once): whatever the local
    ``arena`` seats, which checks them."""
    if isinstance(bots, (str, bytes)):
        raise TypeError(
            f"arena: bots must be a list of bots (one per seat), not the string {bots!r}: "
            f"write [{bots!r}, ...]"
        )
    return list(bots)


def _token(bot: object) -> str:
    """What names a bot in the keys of a run's tasks: a native bot's repr
    (its kind, parameters and seed), a spec as written, and for a Python
    object Dask's token of its pickled state."""
    if isinstance(bot, (RandomBot, GreedyBot, IsmctsBot, SpecBot)):
        return repr(bot)
    if isinstance(bot, str):
        return f"spec:{bot}"
    return f"object:{dask.base.tokenize(bot)}"


def _arena_games(
    format: Literal["numpy", "arrow"],
    bounds: Tuple[int, int],
    bots: List[_Bot],
    players: Optional[int],
    variant: str,
    seed: int,
    deck: Any,
) -> Any:
    """Games ``bounds`` of the run, one row each (local ``arena``)."""
    lo, hi = bounds
    return _metropolys.arena(
        bots, hi - lo, players, variant, seed, 1, metropolys_deck=deck, per_game=True, format=format, first=lo
    )


def _arena_part(bounds: Tuple[int, int], *args: Any, columns: Optional[List[str]] = None) -> Any:
    frame = _frame(_arena_games("arrow", bounds, *args), *bounds)
    return frame if columns is None else frame[columns]


def _arena_tally(bounds: Tuple[int, int], *args: Any) -> Tuple[Tuple[int, List[int], List[int]], List[str]]:
    """Games, per bot the wins in twelfths of a game and the sum of final
    totals, over the games of ``bounds`` (exact integers, so the sums of
    any split of a run are the run's), added in Rust by the arena's own
    tally (shared victories, R-20, included); and the bots' names as the
    local arena gives them (every game seats every bot)."""
    columns = _arena_games("numpy", bounds, *args)
    names = [""] * len(args[0])
    for p in range(len(names)):
        names[int(columns[f"bot_{p}"][0])] = str(columns[f"bot_name_{p}"][0])
    return _metropolys._arena_tally(columns), names


def arena(
    bots: Sequence[_Bot],
    games: int,
    players: Optional[int] = None,
    variant: str = "expert",
    seed: int = 0,
    *,
    metropolys_deck: Optional[Sequence[Sequence[str]]] = None,
    games_per_task: Optional[int] = None,
    per_game: bool = False,
    client: Optional[Any] = None,
    progress: bool = False,
) -> Any:
    """``metropolys.arena(bots, games, players, variant, seed,
    metropolys_deck=...)`` on a cluster: one task per ``games_per_task``
    games (by default a multiple of the player count making about 200
    tasks), keyed by the index of its first game.

    Returns the per-bot rows of the local ``arena`` with the same arguments,
    exactly (the tasks add exact integer sums); with ``per_game=True``, a
    lazy ``dask.dataframe.DataFrame`` of the local ``arena(...,
    per_game=True, format="arrow")`` columns, one row per game, indexed by
    game number.

    ``bots`` are what the local ``arena`` takes: native bots (``RandomBot``,
    ``GreedyBot``, ``IsmctsBot``, ``SpecBot``), bot specs as the command
    line writes them (``"greedy"``, ``"expert"``,
    ``'ismcts:{"iterations": 500}'``), and Python objects with a
    ``choose(game)`` method, which must pickle (Dask sends them with
    cloudpickle). Every task plays with fresh copies of the bots, so for
    the rows to be reproducible and equal to the local ones a bot's
    decisions must depend only on the game it is handed and its seed, not
    on wall time (give ``IsmctsBot`` an iteration budget) or on what it
    decided before. ``client`` defaults to the current one.
    ``progress=True`` shows a bar (tqdm when installed, else Dask's).
    Ctrl-C cancels the run's tasks on the cluster and raises
    ``KeyboardInterrupt``."""
    seated = _bots(bots)
    deck = None if metropolys_deck is None else [list(c) for c in metropolys_deck]
    # No games at `games`: every argument checked as the local arena checks
    # it (and the columns of per-game rows); the rows of no games name the
    # bots as the local arena does.
    meta_columns = _metropolys.arena(
        seated, 0, players, variant, seed, 1, metropolys_deck=deck, per_game=True, format="arrow", first=games
    )
    if not per_game and games == 0:
        _metropolys.arena(seated, 0, players, variant, seed, 1, metropolys_deck=deck)
    n = len(seated)
    if games_per_task is None:
        games_per_task = n * max(1, math.ceil(games / (200 * n)))
    size = _partition_size(games_per_task, "games_per_task")
    ranges = _ranges(games, size, "games_per_task")
    args = (seated, players, variant, seed, deck)
    if per_game:
        return _lazy(_arena_part, ranges, args, meta_columns, games, "metropolys-arena")
    client = client if client is not None else distributed.get_client()
    # A task's key names the run and its range of games: the same range of
    # the same run is the same task, whoever asks for it.
    token = dask.base.tokenize(_arena_tally, [_token(b) for b in seated], players, variant, seed, deck)
    futures = [
        client.submit(_arena_tally, r, *args, key=f"metropolys-arena-{token}-{r[0]}-{r[1]}", pure=True)
        for r in ranges
    ]
    parts = _gather(client, futures, [hi - lo for lo, hi in ranges], progress, "game")
    # Every game seats every bot: any task names them as the local arena.
    names = parts[0][1]
    return _metropolys._arena_rows(names, [tally for tally, _ in parts])


def per_seat(frame: Any) -> Any:
    """``metropolys.per_seat`` of a lazy frame of ``simulate`` or
    ``arena(..., per_game=True)``: one row per seat of each game (long
    form), partition by partition on the workers, with the frame's index
    (the game number) and divisions."""
    return frame.map_partitions(_per_seat, meta=_per_seat(frame._meta))


def _part_file(width: int, index: int) -> str:
    """The name of the Parquet file of partition ``index``: zero-padded to
    ``width`` digits, so that the files sort in partition order."""
    return f"part.{index:0{width}d}.parquet"


def to_parquet(frame: Any, path: Any, **kwargs: Any) -> Any:
    """Writes a lazy frame of ``simulate``, ``arena(..., per_game=True)``
    or ``per_seat`` to Parquet at ``path`` (a folder; ``"s3://..."`` with
    s3fs), one file per partition, each written by a worker.

    The files hold the frame's columns and no index: the index (the game
    number) is the ``game`` column already, and Dask's own
    ``frame.to_parquet(path)`` would store it as an extra column
    ``__null_dask_index__`` that plain pandas reads back as the index. Here
    ``pandas.read_parquet(path)`` gives the frame's columns with a plain
    ``RangeIndex``, and ``dask.dataframe.read_parquet(path)`` the same per
    partition. The files are named ``part.000000.parquet``,
    ``part.000001.parquet``, ... (six digits: up to ``MAX_PARTITIONS``
    partitions), so that readers, which list them in name order, read the
    games in order.

    Other keywords go to Dask's ``DataFrame.to_parquet`` (``compression``,
    ``storage_options``, ``overwrite``, ...), and override these choices
    (``write_index``, ``name_function``). ``compute=False`` returns the
    write as a lazy value for ``compute(...)`` (a progress bar, Ctrl-C);
    by default it is written before the call returns, on the default
    client's cluster."""
    width = len(str(MAX_PARTITIONS - 1))
    options: Dict[str, Any] = {"write_index": False, "name_function": functools.partial(_part_file, width)}
    options.update(kwargs)
    return frame.to_parquet(path, **options)


def _bar(total: int, unit: str) -> Any:
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    return tqdm(total=total, unit=unit)


def _gather(
    client: Any,
    futures: List[Any],
    weights: List[int],
    progress: bool,
    unit: str,
) -> List[Any]:
    """The futures' results in order, with a progress bar; any exception
    (Ctrl-C's ``KeyboardInterrupt`` included) cancels the futures on the
    cluster first."""
    try:
        if progress:
            bar = _bar(sum(weights), unit)
            if bar is None:
                distributed.progress(futures, notebook=False)
            else:
                weight = {f.key: w for f, w in zip(futures, weights)}
                with bar:
                    for f in distributed.as_completed(futures):
                        bar.update(weight[f.key])
        return list(client.gather(futures))
    except BaseException:
        client.cancel(futures, force=True)
        raise


def compute(collection: Any, *, client: Optional[Any] = None, progress: bool = True) -> Any:
    """Computes Dask collections on the cluster and returns their results:
    ``collection`` is a lazy dataframe, an aggregation of one, the
    ``to_parquet(..., compute=False)`` of one, delayed values, or a list or
    dict of these. Dask's progress bar shows the tasks (``progress=True``);
    Ctrl-C cancels them on the cluster and raises ``KeyboardInterrupt``."""
    client = client if client is not None else distributed.get_client()
    futures = client.compute(collection)
    flat = list(futures.values()) if isinstance(futures, dict) else futures if isinstance(futures, list) else [futures]
    try:
        if progress:
            distributed.progress(flat, notebook=False)
        return client.gather(futures)
    except BaseException:
        client.cancel(flat, force=True)
        raise
