"""What the installed package tells its readers leads somewhere they can go."""

from __future__ import annotations

import inspect
import pathlib
import re

import metropolys
import metropolys._metropolys as ext

# A repository path such as docs/python.md: not installed with the package,
# so a reader of an installed docstring cannot open it (issue 24). URLs of
# the documentation are fine.
BARE = re.compile(r"(?<![/\w.])docs/[\w-]+\.md")
PACKAGE = pathlib.Path(metropolys.__file__).parent


def docstrings(obj: object, seen: set[int]) -> list[tuple[str, str]]:
    out = []
    if id(obj) in seen:
        return out
    seen.add(id(obj))
    doc = inspect.getdoc(obj)
    if doc:
        out.append((getattr(obj, "__qualname__", repr(obj)), doc))
    if inspect.isclass(obj) or inspect.ismodule(obj):
        for name, member in vars(obj).items():
            if not name.startswith("__") and (callable(member) or isinstance(member, property) or inspect.isclass(member)):
                out += docstrings(member, seen)
    return out


def test_installed_files_point_to_reachable_documentation() -> None:
    files = sorted(PACKAGE.glob("*.py")) + sorted(PACKAGE.glob("*.pyi"))
    assert any(f.name == "__init__.py" for f in files)
    bad = [
        f"{f.name}: {m.group(0)}" for f in files for m in BARE.finditer(f.read_text(encoding="utf-8"))
    ]
    assert bad == []


def test_extension_docstrings_point_to_reachable_documentation() -> None:
    found = docstrings(ext, set())
    assert len(found) > 50
    bad = [f"{name}: {m.group(0)}" for name, doc in found for m in BARE.finditer(doc)]
    assert bad == []
    assert any("https://github.com/metropolys/metropolys/blob/main/docs/" in doc for _, doc in found)
