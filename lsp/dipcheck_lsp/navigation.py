"""Definition, references, rename and document links over the index of a lint snapshot."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable

from lsprotocol import types

from dipcheck.frontends import step_refs
from dipcheck.frontends.dot_lexer import KEYWORDS as DOT_KEYWORDS
from dipcheck.source import SourceText, Span
from dipcheck_lsp import links
from dipcheck_lsp.convert import Positions, uri_of
from dipcheck_lsp.index import Index, Kind, Occurrence, Role
from dipcheck_lsp.protocol import sent
from dipcheck_lsp.state import Snapshot

# A new .dip node id: a word the .dip lexer reads as one token, without the `.` and `/` it also
# allows (a dot would break `${ctx.node.ID.key}` and `node.ID.key` references).
DOT_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
DIP_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
RESERVED_IDS = frozenset({"else"})  # the first word of an `else -> X` edge line
FILE_START = types.Range(types.Position(0, 0), types.Position(0, 0))


class RenameError(Exception):
    """A rename that would break the workflow; the message says why."""


class Locator:
    """Spans of a snapshot (its own source or an included file) as LSP locations."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.positions: dict[int, Positions] = {id(snapshot.source): snapshot.positions}

    def uri(self, source: SourceText) -> str | None:
        return self.snapshot.uri if source is self.snapshot.source else uri_of(source.path)

    def range(self, span: Span) -> types.Range:
        positions = self.positions.get(id(span.source))
        if positions is None:
            positions = Positions(span.source, self.snapshot.encoding)
            self.positions[id(span.source)] = positions
        return positions.span_range(span)

    def location(self, span: Span) -> types.Location | None:
        uri = self.uri(span.source)
        return types.Location(uri, self.range(span)) if uri is not None else None

    def locations(self, spans: Iterable[Span]) -> list[types.Location]:
        result: list[types.Location] = []
        seen: set[tuple[int, int, int]] = set()
        for span in spans:
            key = (id(span.source), span.start, span.end)
            location = self.location(span)
            if location is not None and key not in seen:
                seen.add(key)
                result.append(location)
        return result


def producers(index: Index, occurrence: Occurrence) -> list[Occurrence]:
    """Where a context key is produced (in the scope node only, for a node-scoped read)."""
    found = [
        item for item in index.find(Kind.KEY, occurrence.name) if item.role is Role.DECLARATION
    ]
    if occurrence.scope is not None:
        found = [item for item in found if item.owner == occurrence.scope]
    return found


def definition(
    snapshot: Snapshot, occurrence: Occurrence, exists: Callable[[str], bool]
) -> list[types.Location]:
    index = snapshot.index
    locator = Locator(snapshot)
    kind = occurrence.kind
    if kind is Kind.NODE:
        node = index.node(occurrence.name)
        return locator.locations([node.id_span]) if node is not None else []
    if kind is Kind.KEY:
        found = producers(index, occurrence)
        if not found and occurrence.scope is not None:
            node = index.node(occurrence.scope)
            return locator.locations([node.id_span]) if node is not None else []
        return locator.locations(item.span for item in found)
    if kind in (Kind.INPUT, Kind.VAR):
        declared = index.find(kind, occurrence.name)
        return locator.locations(item.span for item in declared if item.role is Role.DECLARATION)
    base = os.path.dirname(snapshot.path) if snapshot.path else None
    target: str | None = None
    if kind is Kind.SUBGRAPH:
        target = links.resolve_subgraph(base, occurrence.name, snapshot.root, exists)
    elif kind is Kind.FILE:
        target = read_by_lint(occurrence)
    uri = uri_of(target) if target is not None else None
    return [types.Location(uri, FILE_START)] if uri is not None else []


def read_by_lint(occurrence: Occurrence) -> str | None:
    """The file a directive names, when the lint read it (the front-end's ``include_file``
    rules: inside the workflow's directory, its links resolved); None for one it refused
    (``sys -> /proc/self``) or that is missing, which DC003 reports."""
    included = getattr(occurrence.detail, "included", None)
    return included.source.path if included is not None else None


def related(index: Index, occurrence: Occurrence, declarations: bool) -> list[Occurrence]:
    """Every occurrence of the same thing (``declarations``: with its declarations)."""
    found = index.find(occurrence.kind, occurrence.name)
    if occurrence.kind is Kind.KEY:
        scope = occurrence.scope
        found = [
            item
            for item in found
            if item.scope == scope
            or (item.role is Role.DECLARATION and (scope is None or item.owner == scope))
        ]
    if not declarations:
        found = [item for item in found if item.role is not Role.DECLARATION]
    return sorted(found, key=lambda item: (item.span.source is not index.source, item.span.start))


def references(
    snapshot: Snapshot, occurrence: Occurrence, declarations: bool
) -> list[types.Location]:
    if occurrence.kind in (Kind.CONDITION, Kind.FIELD):
        return []
    found = related(snapshot.index, occurrence, declarations)
    return Locator(snapshot).locations(item.span for item in found)


def renameable(occurrence: Occurrence | None) -> bool:
    return occurrence is not None and occurrence.kind is Kind.NODE


def check_name(snapshot: Snapshot, old: str, new: str) -> None:
    workflow = snapshot.index.workflow
    assert workflow is not None
    if workflow.format == "yaml":
        if not step_refs.is_name(new):
            raise RenameError(
                f"{sent(new, '`')} is not a valid step name ({step_refs.NAME_PATTERN}); "
                "prompts and inputs could not reference it"
            )
        if new == step_refs.INPUT_NAMESPACE:
            raise RenameError("`input` is reserved for workflow parameters (`input.<name>`)")
    elif workflow.format == "dot":
        if not DOT_ID.fullmatch(new) or new.lower() in DOT_KEYWORDS:
            raise RenameError(
                f"{sent(new, '`')} is not a valid node id: use letters, digits and `_`, starting "
                "with a letter or `_` (DOT keywords such as `node` and `edge` are not ids)"
            )
    elif not DIP_ID.fullmatch(new) or new in RESERVED_IDS:
        raise RenameError(
            f"{sent(new, '`')} is not a valid node id: use letters, digits, `_` and `-` "
            "(and not the word `else`)"
        )
    if new != old and new in workflow.node_map:
        what = "step" if workflow.format == "yaml" else "node"
        raise RenameError(f"a {what} named `{new}` already exists")


def rename(
    snapshot: Snapshot, occurrence: Occurrence, new: str
) -> list[tuple[str, types.TextEdit]]:
    """The edits that rename a node id or step name everywhere it occurs."""
    check_name(snapshot, occurrence.name, new)
    if new == occurrence.name:
        return []
    locator = Locator(snapshot)
    edits: list[tuple[str, types.TextEdit]] = []
    for item in related(snapshot.index, occurrence, declarations=True):
        uri = locator.uri(item.span.source)
        if uri is not None:
            edits.append((uri, types.TextEdit(locator.range(item.span), new)))
    return edits


def document_links(
    snapshot: Snapshot, exists: Callable[[str], bool], tooltips: bool
) -> list[types.DocumentLink]:
    """A link on each file directive the lint read (the front-end's ``include_file`` rules:
    relative, inside the workflow's directory, no symbolic link) and on each subgraph ref
    that resolves to a file (``links.resolve_subgraph``). A target that does not exist gets
    no link: DC003 reports it. ``tooltips``: the client shows them (the target's path)."""
    base = os.path.dirname(snapshot.path) if snapshot.path else None
    found: list[types.DocumentLink] = []
    for item in snapshot.index.occurrences:
        if item.span.source is not snapshot.source:
            continue
        target: str | None = None
        if item.kind is Kind.FILE:
            included = item.detail.included
            target = included.source.path if included is not None else None
        elif item.kind is Kind.SUBGRAPH:
            target = links.resolve_subgraph(base, item.name, snapshot.root, exists)
        uri = uri_of(target) if target is not None else None
        if uri is not None:
            found.append(
                types.DocumentLink(
                    range=snapshot.positions.span_range(item.span),
                    target=uri,
                    tooltip=target if tooltips else None,
                )
            )
    found.sort(key=lambda link: (link.range.start.line, link.range.start.character))
    return found
