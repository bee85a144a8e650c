"""``--format json``: one document in the shape ``docs/output-format.md`` describes (version 1)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from dipcheck import __version__, jsontext
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.result import LintResult
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
    value = _lazy_document(results, skipped)
    value["diagnostics"] = list(value["diagnostics"])
    return value


def _lazy_document(results: Sequence[LintResult], skipped: int) -> dict[str, Any]:
    """:func:`document` with the diagnostics as an iterator: each entry is built when it is
    encoded, so thousands of findings are never held as dictionaries all at once."""
    diagnostics = sorted_diagnostics(results)
    counts = {severity: 0 for severity in Severity}
    for item in diagnostics:
        counts[item.severity] += 1
    return {
        "version": 1,
        "tool": {"name": "dipcheck", "version": __version__},
        "files": [result.path for result in results],
        "diagnostics": map(diagnostic_dict, diagnostics),
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
    return "".join(chunks(results, skipped))


def chunks(results: Sequence[LintResult], skipped: int = 0) -> Iterator[str]:
    """The report of :func:`render` in pieces, one per finding, for writing as it is built
    (a report of 10,000 findings with paths is tens of megabytes of text)."""
    for piece in encode(_lazy_document(results, skipped)):
        yield jsontext.utf8_safe(piece)
    yield "\n"


def encode(value: dict[str, Any]) -> Iterator[str]:
    """``json.dumps(value, ensure_ascii=False, indent=2)`` in pieces: a top-level list (or
    iterator) is encoded one item at a time (with :func:`dipcheck.jsontext.dumps`), so the
    whole text is never built at once."""
    if not value:
        yield "{}"
        return
    for position, (key, item) in enumerate(value.items()):
        yield ("{\n  " if position == 0 else ",\n  ") + jsontext.dumps(key) + ": "
        if isinstance(item, list | Iterator):
            empty = True
            for entry in item:
                yield ("[\n    " if empty else ",\n    ") + jsontext.dumps(entry, 2)
                empty = False
            yield "[]" if empty else "\n  ]"
        else:
            yield jsontext.dumps(item, 1)
    yield "\n}"
