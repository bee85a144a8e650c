"""Shared test helpers: lint dedented text and get findings as plain comparable tuples."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic
from dipcheck.engine import LintResult, lint_paths, lint_text
from dipcheck.source import Span

if TYPE_CHECKING:
    from dipcheck.analysis.dataflow import ContextFlow

PROJECT = Path(__file__).resolve().parents[1]
FIXTURES = PROJECT / "fixtures"
CORPUS = PROJECT.parent / "shared" / "corpus"


class Finding(NamedTuple):
    """A diagnostic as ``(code, severity, (line, col), (end_line, end_col), text)``.

    Lines and columns are 1-based like the CLI and JSON output; ``end`` is exclusive and
    ``text`` is the slice of the source the range covers."""

    code: str
    severity: str
    start: tuple[int, int]
    end: tuple[int, int]
    text: str


def position(span: Span) -> tuple[tuple[int, int], tuple[int, int]]:
    """The 1-based (line, column) start and end of a span."""
    line, column = span.start_position()
    end_line, end_column = span.end_position()
    return (line + 1, column + 1), (end_line + 1, end_column + 1)


def as_finding(item: Diagnostic) -> Finding:
    start, end = position(item.span)
    return Finding(item.code, item.severity.label, start, end, item.span.text)


def dedent(text: str) -> str:
    """Dedent a triple-quoted fixture and drop the newline after the opening quotes."""
    return textwrap.dedent(text).lstrip("\n")


class Template(str):
    """Fixture text for "change one thing" tests.

    ``replace`` fails when the text to replace does not occur, so that a typo in a test
    cannot silently lint the unchanged text (and make a passing-twin assertion vacuous)."""

    def replace(self, old: str, new: str, count: int = -1) -> Template:  # type: ignore[override]
        if old not in self:
            raise AssertionError(f"fixture text does not contain {old!r}")
        return Template(str.replace(self, old, new, count))

    def __add__(self, other: str) -> Template:
        return Template(str.__add__(self, other))


def template(text: str) -> Template:
    return Template(dedent(text))


def run(text: str, path: str = "<test>.dip", **options: object) -> LintResult:
    """Lint dedented ``text`` through the same entry point the CLI and the server use."""
    return lint_text(dedent(text), path, **options)  # type: ignore[arg-type]


def lint(text: str, path: str = "<test>.dip", **options: object) -> list[Finding]:
    """Every finding of ``text`` (dedented), in report order."""
    return [as_finding(item) for item in run(text, path, **options).diagnostics]


def codes(text: str, path: str = "<test>.dip", **options: object) -> list[str]:
    return [item.code for item in lint(text, path, **options)]


def only(findings: list[Finding], *wanted: str) -> list[Finding]:
    """The findings whose code is one of ``wanted``."""
    return [item for item in findings if item.code in wanted]


def unsealed(path: Path) -> bytes:
    """The content of a cache file dipcheck wrote (sealed with this user's key, see
    :mod:`dipcheck.sealing`), for a test to read what it holds."""
    from dipcheck import sealing

    content = sealing.unseal(path.read_bytes())
    assert content is not None, f"{path} is not sealed with this user's key"
    return content


def write_sealed(path: Path, content: bytes) -> None:
    """Write ``content`` to the cache file ``path`` as dipcheck would (sealed): what a test
    plants there is then judged by what it holds, not refused for its seal."""
    from dipcheck import sealing

    sealed = sealing.seal(content)
    assert sealed is not None, "no sealing key for this user"
    path.write_bytes(sealed)


def dipcheck(
    *args: str | Path,
    cwd: Path = PROJECT,
    stdin: str | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m dipcheck ARGS`` as a process (NO_COLOR removed; ``env`` added)."""
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", *(str(arg) for arg in args)],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


def context_flow(text: str) -> ContextFlow:
    """The context-flow analysis of the `.dip` workflow ``text`` (which must load)."""
    from dipcheck.analysis.dataflow import ContextFlow
    from dipcheck.frontends.dip import load_dip
    from dipcheck.source import SourceText

    workflow = load_dip(SourceText("random.dip", text)).workflow
    assert workflow is not None
    return ContextFlow(workflow)


class SweepFinding(NamedTuple):
    """A finding of :func:`every_rule_findings`: the file, the code, the text the range covers,
    the message and whether it carries a fix."""

    path: str
    code: str
    text: str
    message: str
    fixed: bool


@cache
def every_rule_findings() -> tuple[SweepFinding, ...]:
    """Every rule's findings (``select = ["ALL"]``) on the fixtures and, when it is there, the
    corpus, linted once per test process (a worker process per core): two test files read
    them, and the DC4xx rules' simulations alone take about a minute of it."""
    paths = [str(FIXTURES)]
    if CORPUS.is_dir():
        paths.append(str(CORPUS))
    return tuple(
        SweepFinding(result.path, item.code, item.span.text, item.message, item.fix is not None)
        for result in lint_paths(paths, Config(select=("ALL",)))
        for item in result.diagnostics
    )
