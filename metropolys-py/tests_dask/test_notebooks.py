"""The notebooks of examples/ run from top to bottom as a user runs them,
`jupyter nbconvert --to notebook --execute`, with the packages of the
`notebooks` extra (scripts/test-dask installs that extra's list, read from
pyproject.toml): examples/notebooks/balance.ipynb at a small scale on its
default local cluster, drawing its plots; examples/notebooks/review.ipynb
with a few games, reviewing them and drawing its plots;
examples/python/metropolys.ipynb showing the board. Both are stored without outputs, and the extras they
name cover every package they import."""

from __future__ import annotations

import ast
import os
import pathlib
import re
import shutil
import subprocess
import sys
from typing import Any, Dict, List, Set, Tuple

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbconvert")
pytest.importorskip("ipykernel")
pytest.importorskip("matplotlib")

ROOT = pathlib.Path(__file__).resolve().parents[2]
JUPYTER = pathlib.Path(sys.executable).parent / "jupyter"

# Each notebook, the extras its introduction asks for, and what its run
# must show: (MIME type, at least how many outputs of it).
NOTEBOOKS: Dict[str, Tuple[Tuple[str, ...], str, int]] = {
    "examples/notebooks/balance.ipynb": (("dask", "notebooks"), "image/png", 4),
    "examples/notebooks/review.ipynb": (("notebooks",), "image/png", 4),
    "examples/python/metropolys.ipynb": (("notebooks",), "image/svg+xml", 2),
}


def load_pyproject() -> Dict[str, Any]:
    tomllib = pytest.importorskip("tomllib")
    with open(ROOT / "metropolys-py" / "pyproject.toml", "rb") as f:
        project: Dict[str, Any] = tomllib.load(f)["project"]
    return project


def canonical(requirement: str) -> str:
    """A requirement's distribution name, normalized (PEP 503)."""
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match, requirement
    return re.sub(r"[-_.]+", "-", match.group(0)).lower()


def code(path: pathlib.Path) -> List[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def test_the_notebooks_are_those_of_the_repository() -> None:
    found = sorted(
        str(p.relative_to(ROOT)) for p in ROOT.glob("examples/**/*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    assert found == sorted(NOTEBOOKS)


def test_the_notebooks_extra_names_the_tools_that_open_and_run_them() -> None:
    names = {canonical(r) for r in load_pyproject()["optional-dependencies"]["notebooks"]}
    assert {"jupyter", "nbconvert", "ipykernel", "matplotlib", "pandas"} <= names


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_its_extras_cover_what_it_imports(name: str) -> None:
    project = load_pyproject()
    extras, _, _ = NOTEBOOKS[name]
    provided = {canonical(r) for r in project["dependencies"]}
    for extra in extras:
        provided |= {canonical(r) for r in project["optional-dependencies"][extra]}
    # The notebook's introduction names the extras it needs.
    intro = nbformat.read(ROOT / name, as_version=4).cells[0].source
    assert f'metropolys-py[{",".join(extras)}]' in intro
    imported: Set[str] = set()
    for source in code(ROOT / name):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"metropolys"}
    assert third_party, name
    from importlib.metadata import packages_distributions  # Python 3.10+, as tomllib (3.11)

    distributions = packages_distributions()
    for module in sorted(third_party):
        owners = {canonical(d) for d in distributions.get(module, [])}
        assert owners & provided, f"{name} imports {module} ({owners or 'not installed'}), which no extra of {extras} installs"


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_stored_without_outputs(name: str) -> None:
    nb = nbformat.read(ROOT / name, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_runs_with_nbconvert_and_shows_its_output(name: str, tmp_path: pathlib.Path) -> None:
    _, mime, at_least = NOTEBOOKS[name]
    source = ROOT / name
    if name == "examples/notebooks/balance.ipynb":
        # The one line to change for a real cluster is there, set to a local one.
        assert any(line.startswith("SCHEDULER = None") for c in code(source) for line in c.splitlines())
    notebook = tmp_path / source.name
    shutil.copy(source, notebook)
    env = dict(os.environ, METROPOLYS_NOTEBOOK_SCALE="0.01")
    run = subprocess.run(
        [str(JUPYTER), "nbconvert", "--to", "notebook", "--execute", "--output", "executed.ipynb",
         "--ExecutePreprocessor.timeout=600", str(notebook)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    nb = nbformat.read(tmp_path / "executed.ipynb", as_version=4)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert [o for o in outputs if o.get("output_type") == "error"] == []
    shown = [o for o in outputs if mime in o.get("data", {})]
    assert len(shown) >= at_least, [o.get("output_type") for o in outputs]
    # Every code cell ran.
    assert all(c.execution_count is not None for c in nb.cells if c.cell_type == "code")
