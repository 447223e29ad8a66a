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
