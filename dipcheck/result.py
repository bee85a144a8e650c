"""What linting one file returns, and how a workflow file's bytes become text.

Kept apart from :mod:`dipcheck.engine` so that the result cache, the reporters and a run whose
results all come from the cache do not import the front-ends and rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dipcheck.records import field, record

if TYPE_CHECKING:
    from dipcheck.diagnostics import Diagnostic, Severity
    from dipcheck.model import Workflow
    from dipcheck.source import SourceText


@record
class LintResult:
    """One file's findings. ``workflow`` is None for results that come from the cache or a
    worker process; ``dependencies`` maps every file the lint read (absolute path) to a hash
    of its text (None: it could not be read); ``not_a_workflow``: a YAML or DOT file that is
    no workflow (``lint_paths`` leaves it out unless it was named)."""

    path: str
    source: SourceText
    workflow: Workflow | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    dependencies: dict[str, str | None] = field(default_factory=dict)
    not_a_workflow: bool = False

    def count(self, severity: Severity) -> int:
        return sum(1 for item in self.diagnostics if item.severity is severity)


def decode_text(data: bytes, path: str) -> str:
    """A workflow file's bytes as text: UTF-8, without a leading byte-order mark, except in a
    `.dot` file: tracker's DOT parser reads the mark as part of the first word and refuses
    the file, which the DOT front-end reports (DC011)."""
    text = data.decode("utf-8")
    if text.startswith("\ufeff") and not path.lower().endswith(".dot"):
        return text[1:]
    return text
