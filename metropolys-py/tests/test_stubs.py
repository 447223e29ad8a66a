"""The type stubs match the module."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import subprocess
import sys

import pytest

import metropolys
import metropolys._metropolys as ext

PACKAGE = pathlib.Path(metropolys.__file__).parent
STUB = PACKAGE / "_metropolys.pyi"


def stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text())


def public(names):  # type: ignore[no-untyped-def]
    return {n for n in names if not n.startswith("_") or n == "__version__"}


def test_stub_files_are_installed() -> None:
    assert STUB.is_file() and (PACKAGE / "py.typed").is_file()


def test_module_names_match_the_stub() -> None:
    stub_names = set()
    for node in stub_tree().body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            stub_names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            stub_names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            stub_names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    stub_names.discard("__all__")
    assert public(stub_names) == public(dir(ext)) - {"board"}
    assert set(ext.__all__) == public(stub_names)


@pytest.mark.parametrize("cls", ["Action", "Game", "SplitMix64"])
def test_class_members_match_the_stub(cls: str) -> None:
    node = next(n for n in stub_tree().body if isinstance(n, ast.ClassDef) and n.name == cls)
    stub_members = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef):
            stub_members.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            stub_members.add(item.target.id)
    runtime = getattr(ext, cls)
    own = {n for n in vars(runtime) if not n.startswith("__") or n in stub_members}
    assert {n for n in stub_members if not n.startswith("__")} == {n for n in own if not n.startswith("__")}
    for name in stub_members:
        assert hasattr(runtime, name), name


def test_every_public_callable_has_a_docstring() -> None:
    for name in public(dir(ext)):
        obj = getattr(ext, name)
        if callable(obj):
            assert inspect.getdoc(obj), name
    for cls in (ext.Action, ext.Game, ext.SplitMix64):
        for name, member in vars(cls).items():
            if not name.startswith("_") and name != "PASS":
                assert inspect.getdoc(member), f"{cls.__name__}.{name}"


def test_package_exports() -> None:
    for name in metropolys.__all__:
        assert hasattr(metropolys, name), name
    assert public(dir(ext)) - {"board"} <= set(metropolys.__all__)


# The optional adapters (metropolys.openspiel, metropolys.pettingzoo,
# metropolys.gym, metropolys.dask) import
# their extras at import time and subclass untyped pybind11/PettingZoo
# classes, so stubtest cannot compare them; mypy --strict still checks them.
# The adapters and their private helper (which needs numpy) are not part of
# the typed API; on Python 3.9 stubtest also misreads the helper's
# `from typing import Any, Sequence` (not classes there) as broken types.
STUBTEST_ALLOWLIST = [
    "metropolys\\.openspiel(\\..*)?",
    "metropolys\\.pettingzoo(\\..*)?",
    "metropolys\\._observation(\\..*)?",
    "metropolys\\.gym(\\..*)?",
    "metropolys\\.dask(\\..*)?",
    # Python 3.9's typing makes these special forms, which stubtest misreads
    # where a pure-Python module imports them (`from typing import Any`).
    "metropolys\\.[a-z_]+\\.(Any|Callable|Dict|Iterable|Iterator|List|Mapping|Optional|Protocol|Sequence|Tuple|TypedDict|Union)",
]


def test_stubtest(tmp_path: pathlib.Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed")
    allowlist = tmp_path / "allowlist.txt"
    allowlist.write_text("\n".join(STUBTEST_ALLOWLIST) + "\n")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "metropolys",
            "--allowlist",
            str(allowlist),
            "--ignore-unused-allowlist",
        ],
        capture_output=True,
        text=True,
        cwd=str(PACKAGE.parent.parent),
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_on_the_package() -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "-p", "metropolys"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
