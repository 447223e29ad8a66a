"""The examples run."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


def test_play_script() -> None:
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "play.py"), "--players", "3", "--games", "50"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "winners:" in run.stdout and "replayed step by step" in run.stdout


def test_notebook_code_cells() -> None:
    pytest.importorskip("pandas")
    notebook = json.loads((EXAMPLES / "metropolys.ipynb").read_text())
    namespace: dict = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]).replace("20_000", "200"), namespace)
    assert namespace["game"].is_over


def test_review_notebook_code_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    # examples/notebooks/review.ipynb at its smallest scale (scripts/test-dask
    # runs it whole with nbconvert): a few games, reviewed, and its tables.
    pytest.importorskip("pandas")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    monkeypatch.setenv("METROPOLYS_NOTEBOOK_SCALE", "0.01")
    notebook = json.loads((EXAMPLES.parent / "notebooks" / "review.ipynb").read_text())
    namespace: dict = {}
    try:
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec("".join(cell["source"]), namespace)
    finally:
        plt.close("all")
    decisions = namespace["decisions"]
    assert len(namespace["games"]) == 4
    assert len(decisions) == sum(len(g.to_record()["actions"]) for _, _, g, _ in namespace["games"])
    assert set(namespace["reliability"].index.get_level_values("players")) == {2, 4}
