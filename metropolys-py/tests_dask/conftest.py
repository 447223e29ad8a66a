"""A real Dask cluster on loopback for the tests of metropolys.dask: a
`dask scheduler` and two `dask worker` processes, started as separate OS
processes on 127.0.0.1 for the session (loopback.py)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

pytest.importorskip("distributed")

from loopback import Loopback  # noqa: E402


@pytest.fixture(scope="session")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Loopback]:
    c = Loopback(tmp_path_factory.mktemp("cluster"), workers=2)
    assert c.address.startswith("tcp://127.0.0.1:")
    try:
        yield c
    finally:
        c.close()


@pytest.fixture
def client(cluster: Loopback) -> Any:
    return cluster.client
