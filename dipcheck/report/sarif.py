"""``--format sarif``: SARIF 2.1.0, the format GitHub code scanning and other CI tools read.

One run; ``tool.driver.rules`` holds every rule with its documentation (short and full
description, help text and Markdown, ``helpUri``), results point at exact regions (columns in
Unicode code points, ``run.columnKind``), related locations carry the notes, fixes become
SARIF ``fixes``, and ``partialFingerprints`` identify a finding by its rule, file, the text it
covers and the text of its line, so that alerts survive edits elsewhere in the file.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from dipcheck import __version__, jsontext
from dipcheck.diagnostics import Diagnostic, Fix, Severity
from dipcheck.hashing import sha256_hex
from dipcheck.report.json import sorted_diagnostics
from dipcheck.result import LintResult
from dipcheck.rules import registry
from dipcheck.rules.docs import help_markdown, help_text
from dipcheck.source import SourceText, Span

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SOURCE_ROOT = "%SRCROOT%"
FINGERPRINT = "dipcheck/v1"

LEVELS = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
    Severity.HINT: "note",
}


def artifact(path: str) -> dict[str, str]:
    """An artifactLocation: relative paths against %SRCROOT% (the current directory), an
    absolute path below it included."""
    where = _where(path)
    if os.path.isabs(where):
        return {"uri": "file://" + _quoted(where)}
    return {"uri": _quoted(where), "uriBaseId": SOURCE_ROOT}


def _where(path: str) -> str:
    """``path`` as the report names its file, however it was typed (``./a.dip``, ``a.dip``,
    ``/work/a.dip`` from ``/work``): one alert keeps one location and one fingerprint."""
    if os.path.isabs(path):
        here = os.getcwd()
        if not path.startswith(here.rstrip(os.sep) + os.sep):
            return os.path.normpath(path)
        path = os.path.relpath(path, here)
    return os.path.normpath(path)


def _quoted(path: str) -> str:
    """``path`` percent-encoded for a URI, byte by byte: a name that is not UTF-8 (its bytes
    are lone surrogates here) keeps the bytes it has on disk."""
    return quote(path.replace(os.sep, "/").encode("utf-8", "surrogateescape"))


def region(span: Span) -> dict[str, int]:
    line, column = span.start_position()
    end_line, end_column = span.end_position()
    return {
        "startLine": line + 1,
        "startColumn": column + 1,
        "endLine": end_line + 1,
        "endColumn": end_column + 1,
    }


def location(span: Span) -> dict[str, Any]:
    return {"physicalLocation": {"artifactLocation": artifact(span.path), "region": region(span)}}


# GitHub code scanning refuses a rule whose fullDescription is longer than this
MAX_FULL_DESCRIPTION = 1024


def _full_description(rationale: str) -> str:
    """The rationale's first paragraph, cut at a word within :data:`MAX_FULL_DESCRIPTION`
    characters (the whole of it is in ``help``)."""
    first = rationale.split("\n\n", 1)[0]
    if len(first) <= MAX_FULL_DESCRIPTION:
        return first
    cut = first[: MAX_FULL_DESCRIPTION - 1]
    return cut[: cut.rfind(" ")].rstrip() + "…" if " " in cut else cut + "…"


def _rule(rule: registry.Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": _full_description(rule.rationale)},
        "help": {
            "text": help_text(rule),
            # absolute links: a code-scanning alert is not shown beside docs/rules/
            "markdown": help_markdown(rule, rule.url.rsplit("/rules/", 1)[0] + "/runtime/"),
        },
        "helpUri": rule.url,
        "defaultConfiguration": {"level": LEVELS[rule.severity], "enabled": rule.enabled},
        "properties": {
            "tags": sorted(rule.formats),
            "fixAvailability": rule.fix_availability,
            "fixFormats": sorted(rule.fixable_formats),
        },
    }


def _fix(fix: Fix) -> dict[str, Any]:
    by_file: dict[str, list[dict[str, Any]]] = {}
    for edit in fix.edits:
        by_file.setdefault(edit.span.path, []).append(
            {"deletedRegion": region(edit.span), "insertedContent": {"text": edit.text}}
        )
    return {
        "description": {"text": fix.description + ("" if fix.safe else " (unsafe)")},
        "artifactChanges": [
            {"artifactLocation": artifact(path), "replacements": replacements}
            for path, replacements in by_file.items()
        ],
    }


LONG_TEXT = 1000  # code points: a longer covered text or line enters a fingerprint as its digest


def fingerprint(
    item: Diagnostic, seen: dict[str, int], digests: dict[tuple[str, int, int], str]
) -> str:
    """A hash of what the finding is about, independent of line numbers: the code, the file,
    the covered text and its line's text (stripped); ``:n`` counts repeats in one file. A text
    longer than :data:`LONG_TEXT` enters as its digest, computed once (``digests``), so that
    thousands of findings on one huge line hash the line once."""
    source = item.span.source
    line, _ = item.span.start_position()
    covered = _part(source, item.span.start, item.span.end, digests)
    line_text = _part(source, source.line_starts[line], source.line_end(line), digests)
    material = "\0".join((item.code, _where(item.span.path), covered, line_text.strip()))
    digest = sha256_hex(material.encode("utf-8", "surrogateescape"))[:32]
    seen[digest] = seen.get(digest, 0) + 1
    return f"{digest}:{seen[digest]}"


def _part(
    source: SourceText, start: int, end: int, digests: dict[tuple[str, int, int], str]
) -> str:
    """The text from ``start`` to ``end``, or past :data:`LONG_TEXT` the digest of it stripped."""
    if end - start <= LONG_TEXT:
        return source.text[start:end]
    key = (source.path, start, end)
    if key not in digests:
        digests[key] = sha256_hex(source.text[start:end].strip().encode("utf-8"))
    return digests[key]


def _result(
    item: Diagnostic,
    index: dict[str, int],
    seen: dict[str, int],
    digests: dict[tuple[str, int, int], str],
) -> dict[str, Any]:
    message = item.message + (f"\nhelp: {item.help}" if item.help else "")
    result: dict[str, Any] = {
        "ruleId": item.code,
        "level": LEVELS[item.severity],
        "message": {"text": message},
        "locations": [location(item.span)],
        "partialFingerprints": {FINGERPRINT: fingerprint(item, seen, digests)},
    }
    if item.code in index:
        result["ruleIndex"] = index[item.code]
    if item.related:
        result["relatedLocations"] = [
            {"id": number, **location(related.span), "message": {"text": related.message}}
            for number, related in enumerate(item.related, start=1)
        ]
    if item.fix is not None:
        result["fixes"] = [_fix(item.fix)]
    return result


def document(results: Sequence[LintResult]) -> dict[str, Any]:
    rules = registry.all_rules()
    index = {rule.code: number for number, rule in enumerate(rules)}
    seen: dict[str, int] = {}
    digests: dict[tuple[str, int, int], str] = {}
    diagnostics = sorted_diagnostics(results)
    root = os.getcwd().replace(os.sep, "/").rstrip("/") + "/"
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "dipcheck",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "informationUri": registry.REPOSITORY_URL,
                        "rules": [_rule(rule) for rule in rules],
                    }
                },
                "originalUriBaseIds": {SOURCE_ROOT: {"uri": "file://" + _quoted(root)}},
                "columnKind": "unicodeCodePoints",
                "artifacts": [{"location": artifact(result.path)} for result in results],
                "invocations": [{"executionSuccessful": True}],
                "results": [_result(item, index, seen, digests) for item in diagnostics],
            }
        ],
    }


def render(results: Sequence[LintResult]) -> str:
    return jsontext.utf8_safe(jsontext.dumps(document(results))) + "\n"
