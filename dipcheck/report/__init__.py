"""Reporters: turn lint results into text for people and machines, one module per format.

:func:`render` picks the module for a ``--format`` name; each module's ``render`` takes the
results (and what it needs of the options) and returns the whole report as text.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dipcheck.diagnostics import Severity

if TYPE_CHECKING:
    from dipcheck.engine import LintResult

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
    fail_on: Severity = Severity.ERROR,
    quiet: bool = False,
    skipped: int = 0,
) -> str:
    """``skipped``: files found in the named directories that were left out because they are
    no workflow (the text and JSON summaries count them)."""
    module = importlib.import_module(f"dipcheck.report.{FORMATS[fmt]}")
    if fmt in ("text", "concise"):
        style = "full" if fmt == "text" else "concise"
        return module.render(results, style, color, not quiet, skipped)
    if fmt == "junit":
        return module.render(results, fail_on)
    if fmt == "json":
        return module.render(results, skipped)
    return module.render(results)
