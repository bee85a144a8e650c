"""Scanners that find references inside text values, each with its exact span.

``${ns.key}`` placeholders are found the way tracker's expander finds them (``${`` up to the
next ``}``, an unterminated ``${`` ends the scan); ``$name`` graph variables only count when the
name is one the runtime substitutes (a declared var or a graph attribute).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from dipcheck import conditions
from dipcheck.model import Condition, Origin, Reference, RefKind, Text
from dipcheck.records import record
from dipcheck.source import Span, new_span

_NAMESPACES = {
    "ctx": RefKind.CTX,
    "inputs": RefKind.INPUTS,
    "params": RefKind.PARAMS,
    "graph": RefKind.GRAPH,
    "stack": RefKind.STACK,
}
_DOLLAR_NAME = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)")
# `{{`, what is inside (no brace), `}}`: the blanks around the inside are stripped in Python.
# (`\{\{\s*([^{}]*?)\s*\}\}` split a run of blanks three ways at every `{{` before it: 20,000
# `{{` and 300,000 spaces without a `}}` took minutes; tools/fuzz.py dot seed 1208 #27722)
_TEMPLATE = re.compile(r"\{\{([^{}]*+)\}\}")
_TEMPLATE_NAMESPACES = {"inputs": RefKind.INPUTS, "context": RefKind.CTX}
_CONDITION_NAMESPACES = {
    "graph": RefKind.GRAPH,
    "params": RefKind.PARAMS,
    "inputs": RefKind.INPUTS,
    "stack": RefKind.STACK,
}


@record(frozen=True, slots=True)
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
    segments = text.segments
    # A value with one segment maps index i to source offset `shift + i`: its spans are made
    # here, without a call to Text.span for each.
    verbatim = segments.__class__ is tuple and len(segments) == 1
    shift = segments[0][1] - segments[0][0] if verbatim else 0  # type: ignore[index]
    source = text.source
    find = value.find
    index = find("${")  # the placeholders, as `placeholders` finds them
    while index != -1:
        close = find("}", index + 2)
        if close == -1:
            break
        kind, namespace, key, node, node_offset = classify(value[index + 2 : close])
        node_span = None
        if verbatim:
            span = new_span(Span, (source, shift + index, shift + close + 1))
            if node is not None:
                node_start = shift + index + 2 + node_offset
                node_span = new_span(Span, (source, node_start, node_start + len(node)))
        else:
            span = text.span(index, close + 1)
            if node is not None:
                node_start = index + 2 + node_offset
                node_span = text.span(node_start, node_start + len(node))
        result.append(
            Reference(
                kind, key, span, owner, attribute, Origin.INTERP, node, node_span, True, namespace
            )
        )
        index = find("${", close + 1)
    # a `$name` needs a `$` that no `{` follows
    if graph_variables and value.count("$") != value.count("${"):
        for match in _DOLLAR_NAME.finditer(value):
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
    if len(result) > 1:
        result.sort(key=lambda ref: ref.span.start)
    return result


def scan_templates(text: Text, owner: str, attribute: str) -> list[Reference]:
    """``{{ inputs.x }}`` and ``{{ context.a.b }}`` templates (the typed-outputs DOT engine of
    seed 003). Any other ``{{ … }}`` is a reference of kind OTHER with its text as the key."""
    value = text.value
    if "{{" not in value:
        return []
    result: list[Reference] = []
    for match in _TEMPLATE.finditer(value):
        inner = match.group(1).strip()  # what `\s` matches is what str.strip() removes
        namespace, dot, key = inner.partition(".")
        kind = _TEMPLATE_NAMESPACES.get(namespace) if dot and key else None
        result.append(
            Reference(
                kind=kind or RefKind.OTHER,
                key=key if kind is not None else inner,
                span=text.span(match.start(), match.end()),
                owner=owner,
                attribute=attribute,
                origin=Origin.INTERP,
                explicit=kind is RefKind.CTX,
                namespace=namespace if kind is not None else "",
            )
        )
    return result


def _longest_variable(candidate: str, names: frozenset[str]) -> str | None:
    """The longest known variable the text after ``$`` starts with (tracker matches prefixes)."""
    best: str | None = None
    for name in names:
        if candidate.startswith(name) and (best is None or len(name) > len(best)):
            best = name
    return best


@record(frozen=True, slots=True)
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


def read_reference(owner: str, entry: str, span: Span) -> Reference:
    """A ``reads:`` entry as a reference (a ``ctx.``/``context.`` prefix is dropped)."""
    key, explicit = conditions.variable_key(entry)
    if key.startswith("node."):
        node, _, inner = key[5:].partition(".")
        offset = span.start + (len(entry) - len(key)) + 5
        return Reference(
            RefKind.SCOPED,
            inner,
            span,
            owner,
            "reads",
            Origin.READS,
            node=node,
            node_span=Span(span.source, offset, offset + len(node)),
            explicit=explicit,
            namespace="ctx",
        )
    return Reference(
        RefKind.CTX, key, span, owner, "reads", Origin.READS, explicit=explicit, namespace="ctx"
    )


def condition_references(owner: str, condition: Condition) -> list[Reference]:
    """Left-hand operands of a condition (attributed to the edge's source node) and any
    ``${…}`` placeholders in it (tracker expands the whole condition before evaluating)."""
    result: list[Reference] = []
    if condition.expr is not None:
        for compare in conditions.comparisons(condition.expr):
            operand = compare.left
            key, explicit = conditions.variable_key(operand.text)
            span = condition.locate(operand.start, operand.end)
            namespace, dot, rest = key.partition(".")
            if key.startswith("node."):
                node, _, inner = rest.partition(".")
                node_start = operand.end - len(key) + 5
                result.append(
                    Reference(
                        RefKind.SCOPED,
                        inner,
                        span,
                        owner,
                        "condition",
                        Origin.CONDITION,
                        node=node,
                        node_span=condition.locate(node_start, node_start + len(node)),
                        explicit=explicit,
                        namespace="ctx",
                    )
                )
            elif not explicit and dot and namespace in _CONDITION_NAMESPACES:
                result.append(
                    Reference(
                        _CONDITION_NAMESPACES[namespace],
                        rest,
                        span,
                        owner,
                        "condition",
                        Origin.CONDITION,
                        namespace=namespace,
                    )
                )
            else:
                result.append(
                    Reference(
                        RefKind.CTX,
                        key,
                        span,
                        owner,
                        "condition",
                        Origin.CONDITION,
                        explicit=explicit,
                        namespace="ctx",
                    )
                )
    if not condition.shorthand:
        result.extend(scan_text(condition.text, owner, "condition"))
    return result
