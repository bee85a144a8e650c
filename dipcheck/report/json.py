"""``--format json``: one document in the shape ``rule-codes.md`` pins (version 1)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from dipcheck import __version__
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.engine import LintResult
from dipcheck.rules import registry
from dipcheck.source import Span


def range_of(span: Span) -> dict[str, dict[str, int]]:
    line, column = span.start_position()
    end_line, end_column = span.end_position()
    return {
        "start": {"line": line + 1, "column": column + 1},
        "end": {"line": end_line + 1, "column": end_column + 1},
    }


def diagnostic_dict(item: Diagnostic) -> dict[str, Any]:
    rule = registry.get(item.code)
    fix = None
    if item.fix is not None:
        fix = {
            "description": item.fix.description,
            "safety": "safe" if item.fix.safe else "unsafe",
            "edits": [{"range": range_of(edit.span), "text": edit.text} for edit in item.fix.edits],
        }
    return {
        "code": item.code,
        "name": rule.name if rule else item.code.lower(),
        "severity": item.severity.label,
        "message": item.message,
        "file": item.span.path,
        "range": range_of(item.span),
        "related": [
            {"file": related.span.path, "range": range_of(related.span), "message": related.message}
            for related in item.related
        ],
        "fix": fix,
        "url": rule.url if rule else "",
    }


def sorted_diagnostics(results: Sequence[LintResult]) -> list[Diagnostic]:
    """Every finding, sorted by file, start position, code and end position."""
    diagnostics = [item for result in results for item in result.diagnostics]
    diagnostics.sort(
        key=lambda item: (
            item.span.path,
            item.span.start_position(),
            item.code,
            item.span.end_position(),
        )
    )
    return diagnostics


def document(results: Sequence[LintResult], skipped: int = 0) -> dict[str, Any]:
    """The JSON document; ``skipped`` counts the files found in named directories that were
    left out because they are no workflow (``files`` lists every linted and named file)."""
    diagnostics = sorted_diagnostics(results)
    counts = {severity: 0 for severity in Severity}
    for item in diagnostics:
        counts[item.severity] += 1
    return {
        "version": 1,
        "tool": {"name": "dipcheck", "version": __version__},
        "files": [result.path for result in results],
        "diagnostics": [diagnostic_dict(item) for item in diagnostics],
        "summary": {
            "files": len(results),
            "errors": counts[Severity.ERROR],
            "warnings": counts[Severity.WARNING],
            "infos": counts[Severity.INFO],
            "hints": counts[Severity.HINT],
            "skipped": skipped,
        },
    }


def render(results: Sequence[LintResult], skipped: int = 0) -> str:
    return json.dumps(document(results, skipped), ensure_ascii=False, indent=2) + "\n"
