"""Reporters: turn lint results into text for people and machines, one module per format.

:func:`render` picks the module for a ``--format`` name; each module's ``render`` takes the
results (and what it needs of the options) and returns the whole report as text.
:func:`render_chunks` gives the same text in pieces, written as they are built (the JSON
report, which can be tens of megabytes, comes one finding at a time).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dipcheck.diagnostics import Severity
    from dipcheck.result import LintResult

# --format name → module in this package
FORMATS = {
    "text": "text",
    "concise": "text",
    "json": "json",
    "json-lines": "json_lines",
    "sarif": "sarif",
    "github": "github",
    "junit": "junit",
}
# Formats whose output a program reads: the fix and progress chatter goes to stderr.
MACHINE_FORMATS = frozenset({"json", "json-lines", "sarif", "github", "junit"})


def render(
    results: Sequence[LintResult],
    fmt: str,
    *,
    color: bool = False,
    fail_on: Severity | Callable[[str], Severity] | None = None,
    quiet: bool = False,
    skipped: int = 0,
) -> str:
    """``skipped``: files found in the named directories that were left out because they are
    no workflow (the text and JSON summaries count them); ``fail_on``: the failure level, or
    each file's by its path (default: error)."""
    module = importlib.import_module(f"dipcheck.report.{FORMATS[fmt]}")
    if fmt in ("text", "concise"):
        style = "full" if fmt == "text" else "concise"
        return module.render(results, style, color, not quiet, skipped)
    if fmt == "junit":
        from dipcheck.diagnostics import Severity

        if fail_on is None or isinstance(fail_on, Severity):
            level = Severity.ERROR if fail_on is None else fail_on
            return module.render(results, lambda _path: level)
        return module.render(results, fail_on)
    if fmt == "json":
        return module.render(results, skipped)
    return module.render(results)


def render_chunks(
    results: Sequence[LintResult],
    fmt: str,
    *,
    color: bool = False,
    fail_on: Severity | Callable[[str], Severity] | None = None,
    quiet: bool = False,
    skipped: int = 0,
) -> Iterator[str]:
    """:func:`render`'s text in pieces."""
    if fmt == "json":
        from dipcheck.report import json

        yield from json.chunks(results, skipped)
        return
    yield render(results, fmt, color=color, fail_on=fail_on, quiet=quiet, skipped=skipped)
