"""Runs the examples of the documentation: every ```python, ```sh and
```bash block of README.md and docs/*.md, as pytest items collected by
Sybil (https://sybil.readthedocs.io), a pytest plugin loaded by
`scripts/test-docs` (`-p docs_examples`). A new file in docs/ is found
without being named anywhere.

Directives, HTML comments on the lines just before a block's opening fence
(invisible on a rendered page):

- `<!-- docs-examples: skip (REASON) -->`, the line just before the fence:
  the block does not run (it needs a cluster, takes hours, is a fragment,
  installs system packages, or is already exercised by a named test
  script); the test is reported as skipped with REASON.
- `<!-- docs-examples: replace `OLD` with `NEW` -->`, one or more lines
  before the fence: the block runs with each OLD replaced by NEW, to run
  scaled down (`10**8` games as `10**4`). An OLD that the block does not
  contain is an error, so a scaled example cannot drift from its text.

Any other `docs-examples:` comment, or one that no block follows, is an
error: a mistyped directive never silently runs or skips a block.

How blocks run:

- The Python blocks of one file run in order in one namespace (a block may
  use what an earlier block of the file made), in this Python (the venv
  with `metropolys` and its extras installed).
- A shell block runs with `bash -e -o pipefail`, its output captured and
  shown when it fails, within `DOCS_EXAMPLES_TIMEOUT` seconds (600).
- Both run in a scratch directory per file, target/docs-examples/FILE/,
  that links the repository's top-level folders (metropolys-py, examples,
  tests, scripts, target, ...), so relative paths in the examples resolve and the
  files they write land there; `cargo` finds the workspace above it and
  reuses its target folder. `HOME` is that directory too (for examples that
  write under `~`), `PATH` starts with the venv's `bin` and the folder of
  `metropolys` (`METROPOLYS_BIN_DIR`), and `PREFIX` is an install prefix
  inside it (the C library's examples install there).
- Dask clients and clusters a file's Python blocks left open are closed
  after its last block.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Tuple

import pytest
from sybil import Document, Example, Region, Sybil
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

# The repository (another tree for the runner's own tests,
# tests/docs/test_runner.py).
ROOT = Path(os.environ.get("DOCS_EXAMPLES_ROOT", Path(__file__).resolve().parents[2])).resolve()
SCRATCH = Path(os.environ.get("DOCS_EXAMPLES_SCRATCH", ROOT / "target" / "docs-examples"))
TIMEOUT = float(os.environ.get("DOCS_EXAMPLES_TIMEOUT", "600"))
LANGUAGES = ("python", "sh", "bash")

DIRECTIVE = re.compile(r"^<!--\s*docs-examples:(?P<body>.*?)-->\s*$")
ANY_DIRECTIVE = re.compile(r"docs-examples:")
SKIP = re.compile(r"^skip \((?P<reason>.+)\)$")
REPLACE = re.compile(r"^replace `(?P<old>[^`]+)` with `(?P<new>[^`]*)`$")
# Top-level entries of the repository not linked into a scratch directory:
# cargo must find the workspace's own manifest above it, not a link to it
# (target/ is linked: examples name files built there).
NOT_LINKED = {"Cargo.toml", "Cargo.lock", ".git", ".venv", "dist"}


class DirectiveError(ValueError):
    """A `docs-examples:` comment that is malformed or misplaced."""


def directives(lines: List[str], fence: int, path: str) -> Tuple[Optional[str], List[Tuple[str, str]]]:
    """The skip reason and the replacements of the block whose opening
    fence is line `fence` (0-based) of `lines`."""
    skip: Optional[str] = None
    replacements: List[Tuple[str, str]] = []
    i = fence - 1
    while i >= 0:
        match = DIRECTIVE.match(lines[i].strip())
        if match is None:
            break
        body = match.group("body").strip()
        if (s := SKIP.match(body)) is not None:
            if i != fence - 1:
                raise DirectiveError(
                    f"{path}:{i + 1}: a skip directive must be on the line just before the block's fence"
                )
            skip = s.group("reason").strip()
        elif (r := REPLACE.match(body)) is not None:
            replacements.insert(0, (r.group("old"), r.group("new")))
        else:
            raise DirectiveError(f"{path}:{i + 1}: not a docs-examples directive: {lines[i].strip()!r}")
        i -= 1
    if skip is not None and replacements:
        raise DirectiveError(f"{path}:{fence + 1}: a block is either skipped or run scaled, not both")
    return skip, replacements


def check_placement(lines: List[str], fences: Iterable[int], path: str) -> None:
    """Every `docs-examples:` comment belongs to a block: it is followed,
    through other directives, by the fence of a runnable block."""
    owned = set()
    for fence in fences:
        i = fence - 1
        while i >= 0 and DIRECTIVE.match(lines[i].strip()):
            owned.add(i)
            i -= 1
    for i, line in enumerate(lines):
        if ANY_DIRECTIVE.search(line) and line.lstrip().startswith("<!--") and i not in owned:
            raise DirectiveError(
                f"{path}:{i + 1}: a docs-examples directive must stand just before a "
                f"```python, ```sh or ```bash block: {line.strip()!r}"
            )


def scratch(path: str) -> Path:
    """The scratch directory of the document at `path`, made on first use
    (emptied from an earlier run) with links to the repository's folders."""
    rel = Path(path).resolve().relative_to(ROOT)
    where = SCRATCH / str(rel).replace(os.sep, "_")
    made = _made.get(where)
    if made is None:
        if where.exists():
            shutil.rmtree(where)
        where.mkdir(parents=True)
        for entry in ROOT.iterdir():
            if entry.name not in NOT_LINKED:
                (where / entry.name).symlink_to(entry)
        (where / "prefix").mkdir()
        _made[where] = True
    return where


_made: Dict[Path, bool] = {}


def shell_env(where: Path) -> Dict[str, str]:
    env = dict(os.environ)
    home = Path(os.environ.get("HOME", str(Path.home())))
    # cargo and rustup keep their homes when HOME changes.
    env.setdefault("CARGO_HOME", str(home / ".cargo"))
    env.setdefault("RUSTUP_HOME", str(home / ".rustup"))
    env["HOME"] = str(where)
    env["PREFIX"] = str(where / "prefix")
    path = [str(Path(sys.executable).parent)]
    if os.environ.get("METROPOLYS_BIN_DIR"):
        path.append(os.environ["METROPOLYS_BIN_DIR"])
    env["PATH"] = os.pathsep.join(path + [env.get("PATH", "")])
    env["VIRTUAL_ENV"] = str(Path(sys.executable).parent.parent)
    return env


def run_shell(example: Example) -> Optional[str]:
    where = scratch(example.path)
    # A session of its own, so that a block over time is ended whole (the
    # programs it started too), not only its shell.
    process = subprocess.Popen(
        ["bash", "-e", "-o", "pipefail", "-c", example.parsed],
        cwd=where,
        env=shell_env(where),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        out = output.decode("utf-8", "replace")
        return f"timed out after {TIMEOUT:g} s (DOCS_EXAMPLES_TIMEOUT):\n{example.parsed}\n--- output ---\n{out}"
    out = output.decode("utf-8", "replace")
    if process.returncode != 0:
        return f"exit status {process.returncode}:\n{example.parsed}\n--- output ---\n{out}"
    return None


_python = PythonEvaluator()


def run_python(example: Example) -> Optional[str]:
    where = scratch(example.path)
    before = os.getcwd()
    os.chdir(where)
    try:
        return _python(example)
    finally:
        os.chdir(before)


def skipped(reason: str) -> Any:
    def evaluate(example: Example) -> None:
        # Reported at the block (the item's location), not here.
        raise pytest.skip.Exception(reason, _use_item_location=True)

    return evaluate


class Scaled(str):
    """A block's source with its replacements made (Sybil reads `line_offset`
    from the source it is given)."""

    line_offset = 0


class BlockParser:
    """The runnable blocks of a Markdown document, with their directives."""

    def __init__(self) -> None:
        self.lexer = FencedCodeBlockLexer(language="|".join(LANGUAGES))

    def __call__(self, document: Document) -> Iterable[Region]:
        lines = document.text.split("\n")
        regions = list(self.lexer(document))
        fences = [document.text.count("\n", 0, r.start) for r in regions]
        check_placement(lines, fences, document.path)
        for region, fence in zip(regions, fences):
            skip, replacements = directives(lines, fence, document.path)
            source = region.lexemes["source"]
            text = str(source)
            for old, new in replacements:
                if old not in text:
                    raise DirectiveError(
                        f"{document.path}:{fence + 1}: replace `{old}`: the block does not contain it"
                    )
                text = text.replace(old, new)
            if replacements:
                scaled = Scaled(text)
                scaled.line_offset = getattr(source, "line_offset", 0)
                region.parsed = scaled
            else:
                region.parsed = source
            language = region.lexemes["language"]
            if skip is not None:
                region.evaluator = skipped(skip)
            elif language == "python":
                region.evaluator = run_python
            else:
                region.evaluator = run_shell
            yield region


def close_dask(namespace: Dict[str, Any]) -> None:
    """Closes the Dask clients and clusters a document's blocks left."""
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return
    for value in list(namespace.values()):
        if isinstance(value, (distributed.Client, distributed.deploy.Cluster)):
            try:
                value.close()
            except Exception:  # pragma: no cover - best effort at the end
                pass
    try:
        client = distributed.get_client()
    except ValueError:
        return
    cluster = client.cluster
    client.close()
    if cluster is not None:
        cluster.close()


sybil = Sybil(
    parsers=[BlockParser()],
    patterns=["README.md", "docs/*.md"],
    path=str(ROOT),
    teardown=close_dask,
)
pytest_collect_file = sybil.pytest()
