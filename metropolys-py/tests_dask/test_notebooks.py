"""The notebooks of examples/notebooks run from top to bottom (at a small
scale, on their default local cluster), draw their plots, and are stored
without outputs."""

from __future__ import annotations

import os
import pathlib
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("matplotlib")

NOTEBOOKS = sorted((pathlib.Path(__file__).resolve().parents[2] / "examples" / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert [n.name for n in NOTEBOOKS] == ["balance.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_without_outputs(path: pathlib.Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_runs_and_draws_its_plots(path: pathlib.Path, tmp_path: pathlib.Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("METROPOLYS_NOTEBOOK_SCALE", "0.01")
    nb = nbformat.read(path, as_version=4)
    # The one line to change for a real cluster is there, set to a local one.
    assert any(line.startswith("SCHEDULER = None") for c in nb.cells for line in c.source.splitlines())
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    figures = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs
        if o.get("output_type") == "display_data" and "image/png" in o.get("data", {})
    ]
    assert len(figures) >= 4
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"]
    assert errors == []
