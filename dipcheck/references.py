"""Scanners that find references inside text values, each with its exact span.

``${ns.key}`` placeholders are found the way tracker's expander finds them (``${`` up to the
next ``}``, an unterminated ``${`` ends the scan); ``$name`` graph variables only count when the
name is one the runtime substitutes (a declared var or a graph attribute).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from dipcheck.model import Origin, Reference, RefKind, Text
from dipcheck.source import Span

_NAMESPACES = {
    "ctx": RefKind.CTX,
    "inputs": RefKind.INPUTS,
    "params": RefKind.PARAMS,
    "graph": RefKind.GRAPH,
    "stack": RefKind.STACK,
}
_DOLLAR_NAME = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)")


@dataclass(frozen=True, slots=True)
class Placeholder:
    """A ``${…}`` occurrence: its inner text and the span of the whole placeholder."""

    inner: str
    start: int
    end: int


def placeholders(text: str) -> Iterator[Placeholder]:
    """Every ``${…}`` in ``text`` (offsets into ``text``), as tracker's single pass sees them."""
    index = text.find("${")
    while index != -1:
        close = text.find("}", index + 2)
        if close == -1:
            return
        yield Placeholder(text[index + 2 : close], index, close + 1)
        index = text.find("${", close + 1)


def classify(inner: str) -> tuple[RefKind, str, str, str | None, int]:
    """(kind, namespace, key, scoped node id, offset of the node id in ``inner``)."""
    namespace, dot, rest = inner.partition(".")
    if not dot:
        return RefKind.OTHER, "", inner, None, -1
    if namespace == "ctx" and rest.startswith("node."):
        node, _, key = rest[5:].partition(".")
        return RefKind.SCOPED, "ctx", key, node, 4 + 5
    if namespace == "node":
        node, _, key = rest.partition(".")
        return RefKind.SCOPED, "node", key, node, 5
    kind = _NAMESPACES.get(namespace, RefKind.OTHER)
    return kind, namespace, rest, None, -1


def scan_text(
    text: Text,
    owner: str,
    attribute: str,
    graph_variables: frozenset[str] = frozenset(),
) -> list[Reference]:
    """References in one attribute value: ``${…}`` placeholders and known ``$name`` variables."""
    value = text.value
    result: list[Reference] = []
    if "$" not in value:
        return result
    for item in placeholders(value):
        kind, namespace, key, node, node_offset = classify(item.inner)
        node_span = None
        if node is not None:
            node_start = item.start + 2 + node_offset
            node_span = text.span(node_start, node_start + len(node))
        result.append(
            Reference(
                kind=kind,
                key=key,
                span=text.span(item.start, item.end),
                owner=owner,
                attribute=attribute,
                origin=Origin.INTERP,
                node=node,
                node_span=node_span,
                explicit=True,
                namespace=namespace,
            )
        )
    if graph_variables:
        for match in _DOLLAR_NAME.finditer(value):
            if match.start() + 1 < len(value) and value[match.start() + 1] == "{":
                continue
            name = _longest_variable(match.group(1), graph_variables)
            if name is None:
                continue
            result.append(
                Reference(
                    kind=RefKind.VAR,
                    key=name,
                    span=text.span(match.start(), match.start() + 1 + len(name)),
                    owner=owner,
                    attribute=attribute,
                    origin=Origin.INTERP,
                    namespace="$",
                )
            )
    result.sort(key=lambda ref: ref.span.start)
    return result


def _longest_variable(candidate: str, names: frozenset[str]) -> str | None:
    """The longest known variable the text after ``$`` starts with (tracker matches prefixes)."""
    best: str | None = None
    for name in names:
        if candidate.startswith(name) and (best is None or len(name) > len(best)):
            best = name
    return best


@dataclass(frozen=True, slots=True)
class ListItem:
    value: str
    span: Span


def list_items(text: Text) -> list[ListItem]:
    """Entries of a comma list or of a ``- item`` block (``reads:``, ``writes:``, ``outputs:``)."""
    value = text.value
    items: list[ListItem] = []
    position = 0
    for line in value.split("\n"):
        offset = position
        position += len(line) + 1
        stripped = line.lstrip(" \t")
        lead = len(line) - len(stripped)
        if stripped.startswith("- ") or stripped == "-":
            lead += 2 if stripped.startswith("- ") else 1
        cursor = lead
        for part in line[lead:].split(","):
            start = cursor
            cursor += len(part) + 1
            inner = part.strip()
            if not inner:
                continue
            begin = start + (len(part) - len(part.lstrip()))
            items.append(ListItem(inner, text.span(offset + begin, offset + begin + len(inner))))
    return items
