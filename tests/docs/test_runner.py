"""The docs-examples runner's own tests (pytest's pytester): a failing
example fails the run, skip and replace directives do what
docs_examples.py says, a mistyped or misplaced directive is an error, and
a new file in docs/ is found without being named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ["pytester"]

PLUGIN_DIR = Path(__file__).resolve().parent


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, pytester: Any) -> None:
    monkeypatch.setenv("DOCS_EXAMPLES_ROOT", str(pytester.path))
    monkeypatch.setenv("PYTHONPATH", str(PLUGIN_DIR))


def run(pytester: Any, files: dict) -> Any:
    for name, text in files.items():
        path = pytester.path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    docs = ["docs"] if (pytester.path / "docs").exists() else []
    return pytester.runpytest_subprocess("-p", "docs_examples", "-p", "no:cacheprovider", "-rs", "README.md", *docs)


def test_examples_run_and_a_failing_one_fails(pytester: Any, env: None) -> None:
    result = run(pytester, {
        "README.md": "```python\nx = 2\n```\n\n```python\nassert x == 2\n```\n\n```sh\ntest -d docs\n```\n",
        "docs/new.md": "```bash\nfalse\necho never\n```\n\n```python\nassert 1 == 2\n```\n",
    })
    result.assert_outcomes(passed=3, failed=2)


def test_skip_and_replace_directives(pytester: Any, env: None) -> None:
    result = run(pytester, {
        "README.md": (
            "<!-- docs-examples: skip (needs a cluster) -->\n```python\nraise SystemExit(1)\n```\n\n"
            "<!-- docs-examples: replace `10**9` with `10` -->\n"
            "<!-- docs-examples: replace `sleep 3600` with `true` -->\n"
            "```sh\nsleep 3600; test $((10**9)) = 10 || exit 1\n```\n\n"
            "```text\nnot run\n```\n"
        ),
    })
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*README.md:3: needs a cluster*"])


BAD = [
    ("<!-- docs-examples: skip -->\n```python\npass\n```\n", "not a docs-examples directive"),
    ("<!-- docs-examples: skip (why) -->\n\n```python\npass\n```\n", "must stand just before"),
    ("<!-- docs-examples: replace `a` with `b` -->\n```sh\ntrue\n```\n", "does not contain it"),
    ("<!-- docs-examples: skip (why) -->\n```text\nx\n```\n", "must stand just before"),
    ("<!-- docs-examples: skip (a) -->\n<!-- docs-examples: replace `t` with `u` -->\n```sh\ntrue\n```\n",
     "just before the block"),
]


def test_a_mistyped_or_misplaced_directive_is_an_error(pytester: Any, env: None) -> None:
    files = {f"docs/bad{i}.md": text for i, (text, _) in enumerate(BAD)}
    result = run(pytester, {"README.md": "```python\npass\n```\n", **files})
    # Collection errors stop the run before any example runs.
    result.assert_outcomes(passed=0, errors=len(BAD))
    assert result.ret != 0
    for i, (_, message) in enumerate(BAD):
        result.stdout.fnmatch_lines([f"*bad{i}.md*{message}*"])
