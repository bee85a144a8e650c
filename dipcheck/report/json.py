"""``--format json``: one document in the shape ``docs/output-format.md`` describes (version 1)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from json.encoder import encode_basestring as _string  # a JSON string literal (C when present)
from typing import Any

from dipcheck import __version__, jsontext
from dipcheck.diagnostics import Diagnostic, Fix, Severity
from dipcheck.result import LintResult
from dipcheck.rules import registry
from dipcheck.source import Span

Position = tuple[int, int]  # 0-based line and column


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
    return [item for item, _, _ in _placed(results)]


def _placed(results: Sequence[LintResult]) -> list[tuple[Diagnostic, Position, Position]]:
    """:func:`sorted_diagnostics` with each finding's 0-based start and end position, worked
    out once for the sort and the report."""
    placed = [
        (item, item.span.start_position(), item.span.end_position())
        for result in results
        for item in result.diagnostics
    ]
    placed.sort(key=lambda entry: (entry[0].span.path, entry[1], entry[0].code, entry[2]))
    return placed


def render(results: Sequence[LintResult], skipped: int = 0) -> str:
    return "".join(chunks(results, skipped))


def chunks(results: Sequence[LintResult], skipped: int = 0) -> Iterator[str]:
    """The report of :func:`render` in pieces, one per finding, for writing as it is built
    (a report of 10,000 findings with paths is tens of megabytes of text): each finding is
    written straight to text (:func:`_entry_text`), never held as nested dictionaries."""
    placed = _placed(results)
    shared = _Shared()
    counts = {severity: 0 for severity in Severity}
    for item, _, _ in placed:
        counts[item.severity] += 1
    document = {
        "version": 1,
        "tool": {"name": "dipcheck", "version": __version__},
        "files": [result.path for result in results],
        "diagnostics": (_entry_text(*entry, shared) for entry in placed),
        "summary": {
            "files": len(results),
            "errors": counts[Severity.ERROR],
            "warnings": counts[Severity.WARNING],
            "infos": counts[Severity.INFO],
            "hints": counts[Severity.HINT],
            "skipped": skipped,
        },
    }
    for piece in encode(document, written="diagnostics"):
        yield jsontext.utf8_safe(piece)
    yield "\n"


# A finding's entry in the report, written directly: what ``jsontext.dumps(diagnostic_dict(
# item), 2)`` writes (tests/test_report_json_entries.py compares the two), without building
# its eleven dictionaries and walking them again. Each ``pad`` is a line break and the
# indentation of the lines inside the object being written.


class _Shared:
    """The texts many entries of one report share, each written once instead of for every
    finding: a rule's first lines (``code``, ``name``) and its ``url`` by code, a file name
    and a severity as JSON strings."""

    __slots__ = ("files", "rules", "severities")

    def __init__(self) -> None:
        self.rules: dict[str, tuple[str, str]] = {}
        self.files: dict[str, str] = {}
        self.severities: dict[Severity, str] = {}


def _entry_text(
    item: Diagnostic, start: Position, end: Position, shared: _Shared | None = None
) -> str:
    """``shared``: the texts shared by the entries of one report (:class:`_Shared`)."""
    if shared is None:
        shared = _Shared()
    code = item.code
    rule_texts = shared.rules.get(code)
    if rule_texts is None:
        rule_texts = shared.rules[code] = _rule_texts(code)
    path = item.span.path
    file = shared.files.get(path)
    if file is None:
        file = shared.files[path] = _string(path)
    severity = shared.severities.get(item.severity)
    if severity is None:
        severity = shared.severities[item.severity] = _string(item.severity.label)
    pad = "\n      "
    related = "[]"
    if item.related:
        inner = "\n          "
        related = (
            "[\n        "
            + ",\n        ".join(
                f'{{{inner}"file": {_string(entry.span.path)},'
                f'{inner}"range": {_span_range(entry.span, inner)},'
                f'{inner}"message": {_string(entry.message)}\n        }}'
                for entry in item.related
            )
            + "\n      ]"
        )
    fix = "null" if item.fix is None else _fix_text(item.fix)
    return (
        f"{rule_texts[0]}"
        f'{pad}"severity": {severity},'
        f'{pad}"message": {_string(item.message)},'
        f'{pad}"file": {file},'
        f'{pad}"range": {_range_text(start, end, pad)},'
        f'{pad}"related": {related},'
        f'{pad}"fix": {fix},'
        f'{pad}"url": {rule_texts[1]}\n    }}'
    )


def _rule_texts(code: str) -> tuple[str, str]:
    """An entry's first line with its ``code`` and ``name`` members, and its ``url`` value."""
    rule = registry.get(code)
    pad = "\n      "
    head = (
        f'{{{pad}"code": {_string(code)},'
        f'{pad}"name": {_string(rule.name if rule else code.lower())},'
    )
    return head, _string(rule.url if rule else "")


def _fix_text(fix: Fix) -> str:
    pad = "\n        "
    edits = "[]"
    if fix.edits:
        inner = "\n            "
        edits = (
            "[\n          "
            + ",\n          ".join(
                f'{{{inner}"range": {_span_range(edit.span, inner)},'
                f'{inner}"text": {_string(edit.text)}\n          }}'
                for edit in fix.edits
            )
            + "\n        ]"
        )
    return (
        f'{{{pad}"description": {_string(fix.description)},'
        f'{pad}"safety": "{"safe" if fix.safe else "unsafe"}",'
        f'{pad}"edits": {edits}\n      }}'
    )


def _span_range(span: Span, pad: str) -> str:
    return _range_text(span.start_position(), span.end_position(), pad)


def _range_text(start: Position, end: Position, pad: str) -> str:
    """A ``range`` object (1-based lines and columns) whose key is on a line indented by
    ``pad``."""
    outer = pad + "  "
    inner = outer + "  "
    return (
        f'{{{outer}"start": {{{inner}"line": {start[0] + 1},{inner}"column": {start[1] + 1}'
        f'{outer}}},{outer}"end": {{{inner}"line": {end[0] + 1},{inner}"column": {end[1] + 1}'
        f"{outer}}}{pad}}}"
    )


def encode(value: dict[str, Any], written: str | None = None) -> Iterator[str]:
    """``json.dumps(value, ensure_ascii=False, indent=2)`` in pieces: a top-level list (or
    iterator) is encoded one item at a time (with :func:`dipcheck.jsontext.dumps`), so the
    whole text is never built at once. The items under the key ``written`` are JSON text
    already (indented as a top-level list's items are) and are copied as they are."""
    if not value:
        yield "{}"
        return
    for position, (key, item) in enumerate(value.items()):
        yield ("{\n  " if position == 0 else ",\n  ") + jsontext.dumps(key) + ": "
        if isinstance(item, list | Iterator):
            as_is = key == written
            empty = True
            for entry in item:
                text = entry if as_is else jsontext.dumps(entry, 2)
                yield ("[\n    " if empty else ",\n    ") + text
                empty = False
            yield "[]" if empty else "\n  ]"
        else:
            yield jsontext.dumps(item, 1)
    yield "\n}"
