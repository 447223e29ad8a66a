"""``per_seat``: the per-game rows of ``simulate`` and ``arena(...,
per_game=True)`` turned into one row per seat (long form), for balance
studies."""

from __future__ import annotations

from typing import Any, List, Tuple


def _layout(columns: List[str]) -> Tuple[int, List[str], List[str]]:
    """The player count, the per-game columns and the stems of the per-seat
    columns (``total`` for ``total_0`` … ``total_{p-1}``), in order."""
    players = 0
    while f"total_{players}" in columns:
        players += 1
    if players == 0:
        raise ValueError(
            "per_seat: no total_0 column: give a frame of the rows of metropolys.simulate "
            "or metropolys.arena(..., per_game=True)"
        )
    per_seat = {f"{stem}_{p}" for stem in _stems(columns, players) for p in range(players)}
    game = [c for c in columns if c not in per_seat]
    return players, game, _stems(columns, players)


def _stems(columns: List[str], players: int) -> List[str]:
    """The stems ``s`` of which every seat has a column ``s_{p}``."""
    stems: List[str] = []
    for c in columns:
        stem, _, seat = c.rpartition("_")
        if seat == "0" and stem and all(f"{stem}_{p}" in columns for p in range(players)):
            stems.append(stem)
    return stems


def per_seat(frame: Any) -> Any:
    """One row per seat of each game (long form) of a pandas ``DataFrame``
    of ``metropolys.simulate``'s or ``metropolys.arena(..., per_game=True)``'s
    rows (``pandas.DataFrame(result)``, the arrow form's ``to_pandas()``,
    a frame read back from Parquet or CSV, or a partition of
    ``metropolys.dask``'s frames, which ``metropolys.dask.per_seat`` maps).

    Each game gives one row per seat, in seat order, with the game's
    columns (``game``, ``seed``, ``start_player``, ``calls``, ``winners``,
    …), then ``seat``, ``turn_order`` (the seat's place in the order of
    play: 0 for the start player, 1 for the next, …), then every per-seat
    column without its suffix: ``objective_area_{p}`` becomes
    ``objective_area``, ``win_{p}`` ``win``, ``win_share_{p}``
    ``win_share``, ``total_{p}`` ``total``, and so on (``bot`` and
    ``bot_name`` for arena rows). The games keep the frame's order and
    index, each index value repeated for the game's seats.

    Needs pandas. For example, the share of wins by place in the order of
    play::

        seats = metropolys.per_seat(pandas.DataFrame(metropolys.simulate(10_000)))
        seats.groupby("turn_order")["win_share"].mean()
    """
    import pandas as pd  # type: ignore[import-untyped, import-not-found, unused-ignore]

    columns = [str(c) for c in frame.columns]
    players, game, stems = _layout(columns)
    parts = []
    for p in range(players):
        part = frame[game].copy()
        part["seat"] = pd.Series(p, index=frame.index, dtype="uint8")
        if "start_player" in columns:
            start = frame["start_player"].astype("int64")
            part["turn_order"] = ((p - start) % players).astype("uint8")
        for stem in stems:
            part[stem] = frame[f"{stem}_{p}"]
        parts.append(part)
    # Game by game, in the frame's order, each game's seats in seat order.
    n = len(frame)
    order = [p * n + i for i in range(n) for p in range(players)]
    return pd.concat(parts).take(order)
