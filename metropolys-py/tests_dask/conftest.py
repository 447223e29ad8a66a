"""A real Dask cluster on loopback for the tests of metropolys.dask: a
`dask scheduler` and two `dask worker` processes, started as separate OS
processes on 127.0.0.1 for the session (loopback.py).

Without the `dask` extra these tests are skipped, never a collection
error: `pip install ./metropolys-py pytest` then `python -m pytest
metropolys-py` runs the rest (the test modules skip themselves, and the
cluster is started only by a test that asks for it)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest


@pytest.fixture(scope="session")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    pytest.importorskip("distributed")
    from loopback import Loopback

    c = Loopback(tmp_path_factory.mktemp("cluster"), workers=2)
    assert c.address.startswith("tcp://127.0.0.1:")
    try:
        yield c
    finally:
        c.close()


@pytest.fixture
def client(cluster: Any) -> Any:
    return cluster.client
