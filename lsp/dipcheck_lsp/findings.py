"""dipcheck findings as LSP diagnostics.

Each diagnostic carries ``code``, ``codeDescription.href`` (the rule's documentation),
``source: "dipcheck"``, related information for spans in files the client can open, and a
``data`` payload with everything a code action needs — the rule's fix and the "suppress this
finding" edit, already in LSP ranges — so that code actions never lint again.

Findings located in another file (text pulled in by ``prompt_file:`` and the other file
directives) are returned twice: under that file's own URI (push clients get them published
there) and, in the workflow itself, as an anchor diagnostic on the directive's value that
names the exact place and links to it. A pull client, or one that does not show the included
file, therefore still sees every finding in the workflow it is editing.
"""

from __future__ import annotations

import os
from typing import Any

from lsprotocol import types

from dipcheck.diagnostics import Diagnostic, Edit, Severity
from dipcheck.engine import LintResult
from dipcheck.model import Field, Workflow
from dipcheck.records import field, record, replace
from dipcheck.rules import registry
from dipcheck.source import SourceText
from dipcheck.suppression_edits import suppression_edits
from dipcheck_lsp.convert import Positions, range_list, uri_of

SOURCE = "dipcheck"
SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}
# Findings a suppression comment should not hide: the file does not load, or the finding is
# about a suppression comment itself.
UNSUPPRESSIBLE = frozenset({"DC000", "DC001", "DC002", "DC901", "DC902"})


@record
class Converted:
    """The diagnostics of one lint: the document's own and those of included files."""

    own: list[types.Diagnostic] = field(default_factory=list)
    foreign: dict[str, list[types.Diagnostic]] = field(default_factory=dict)


class _Converter:
    def __init__(self, result: LintResult, fmt: str, uri: str, version: int, encoding: str):
        self.result = result
        self.fmt = fmt
        self.uri = uri
        self.version = version
        self.encoding = encoding
        self.positions: dict[int, Positions] = {}
        self.directives = _directives(result.workflow)

    def at(self, source: SourceText) -> Positions:
        found = self.positions.get(id(source))
        if found is None:
            found = self.positions[id(source)] = Positions(source, self.encoding)
        return found

    def uri_for(self, source: SourceText) -> str | None:
        return self.uri if source is self.result.source else uri_of(source.path)

    def edit(self, edit: Edit) -> dict[str, Any] | None:
        uri = self.uri_for(edit.span.source)
        if uri is None:
            return None
        target = self.at(edit.span.source).span_range(edit.span)
        return {"uri": uri, "range": range_list(target), "newText": edit.text}

    def suppressible(self, item: Diagnostic) -> Diagnostic | None:
        """The finding as the suppression edit sees it: a finding in an included file is
        suppressed on the directive that includes it. An Ordewell plan has none: JSON has no
        comments, and one makes the plan invalid."""
        if item.code in UNSUPPRESSIBLE or self.fmt == "ordewell":
            return None
        if item.span.source is self.result.source:
            return item
        anchor = self.directives.get(id(item.span.source))
        return replace(item, span=anchor.key_span) if anchor is not None else None

    def data(self, item: Diagnostic, suppression: Edit | None) -> dict[str, Any]:
        payload: dict[str, Any] = {"uri": self.uri, "version": self.version}
        if item.fix is not None:
            edits = [self.edit(edit) for edit in item.fix.edits]
            if edits and all(edits):
                payload["fix"] = {
                    "title": item.fix.description,
                    "safe": item.fix.safe,
                    "edits": edits,
                }
        suppress = self.edit(suppression) if suppression is not None else None
        if suppress is not None:
            payload["suppress"] = suppress
        return payload

    def diagnostic(
        self, item: Diagnostic, target: types.Range, message: str, data: dict[str, Any]
    ) -> types.Diagnostic:
        rule = registry.get(item.code)
        related = []
        for extra in item.related:
            uri = self.uri_for(extra.span.source)
            if uri is not None:
                location = types.Location(uri, self.at(extra.span.source).span_range(extra.span))
                related.append(types.DiagnosticRelatedInformation(location, extra.message))
        return types.Diagnostic(
            range=target,
            message=f"{message}\nhelp: {item.help}" if item.help else message,
            severity=SEVERITY[item.severity],
            code=item.code,
            code_description=types.CodeDescription(href=rule.url) if rule else None,
            source=SOURCE,
            related_information=related or None,
            tags=[types.DiagnosticTag.Unnecessary] if item.code == "DC901" else None,
            data=data,
        )

    def suppressions(self) -> list[Edit | None]:
        """The suppression edit of each finding (None where there is none), computed in one
        pass so that each file is scanned for multi-line blocks only once."""
        located = [self.suppressible(item) for item in self.result.diagnostics]
        edits = iter(suppression_edits([item for item in located if item is not None], self.fmt))
        return [next(edits) if item is not None else None for item in located]

    def convert(self) -> Converted:
        converted = Converted()
        main = self.result.source
        for item, suppression in zip(self.result.diagnostics, self.suppressions(), strict=True):
            source = item.span.source
            target = self.at(source).span_range(item.span)
            data = self.data(item, suppression)
            if source is main:
                converted.own.append(self.diagnostic(item, target, item.message, data))
                continue
            anchor = self.directives.get(id(source))
            uri = uri_of(source.path)
            if uri is not None:
                converted.foreign.setdefault(uri, []).append(
                    self.diagnostic(item, target, item.message, data)
                )
            converted.own.append(self.anchored(item, anchor, target, data))
        return converted

    def anchored(
        self, item: Diagnostic, anchor: Field | None, target: types.Range, data: dict[str, Any]
    ) -> types.Diagnostic:
        """The finding in an included file, shown on the directive that includes it (or at
        the top of the workflow, should no directive be known for that file)."""
        source = item.span.source
        base = os.path.dirname(self.result.source.path)
        where = os.path.relpath(source.path, base) if base else source.path
        line, column = source.position(item.span.start)
        main = self.at(self.result.source)
        diagnostic = self.diagnostic(
            item,
            main.span_range(anchor.value_span) if anchor is not None else main.range(0, 0),
            f"in {where}:{line + 1}:{column + 1}: {item.message}",
            data,
        )
        uri = uri_of(source.path)
        if uri is not None:
            location = types.Location(uri, target)
            extra = types.DiagnosticRelatedInformation(location, "the finding is here")
            diagnostic.related_information = [extra, *(diagnostic.related_information or [])]
        return diagnostic


def _directives(workflow: Workflow | None) -> dict[int, Field]:
    """File directive fields by the id of the source they included."""
    table: dict[int, Field] = {}
    if workflow is None:
        return table
    fields = [item for node in workflow.nodes for item in node.fields]
    for item in (*fields, *workflow.defaults):
        if item.included is not None:
            table.setdefault(id(item.included.source), item)
    return table


def convert(result: LintResult, fmt: str, uri: str, version: int, encoding: str) -> Converted:
    return _Converter(result, fmt, uri, version, encoding).convert()
