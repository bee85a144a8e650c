"""Every name in a workflow, with its span: the index behind definition, references, rename,
hover and document highlights.

Built from the model (never from text), so it is exact wherever the model is: node ids at their
declarations and in edges, member lists, ``start:``/``exit:``, node-valued fields
(``retry_target``, ``fallback_target``, ``on_failure`` …), ``else ->``, node-scoped references
(``${ctx.node.ID.k}``, ``node.ID.k``, YAML ``{{ step }}`` and ``inputs:``) and stylesheet
``#id`` selectors; context keys where they are produced (``writes:``, ``answers_key:``) and
read; workflow inputs and vars; subgraph refs and file directives; rule codes in suppression
comments; field keys; edge conditions. Occurrences may lie in other files (text included by a
file directive); lookups by position only consider the workflow's own source.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.frontends import dip_schema as schema
from dipcheck.frontends import dot_schema
from dipcheck.model import Dialect, Field, Node, Origin, Reference, RefKind, Text, Workflow
from dipcheck.records import record
from dipcheck.source import SourceText, Span
from dipcheck.suppressions import scan
from dipcheck_lsp import links

_YAML_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
# graph attributes of a DOT workflow that name nodes (the model keeps them in `defaults`)
_DOT_NODE_DEFAULTS = frozenset({"retry_target", "fallback_retry_target"})


class Kind(StrEnum):
    NODE = "node"  # a node id / step name
    KEY = "key"  # a context key (YAML: a step's output field, `plan.doc`)
    INPUT = "input"  # a workflow input
    VAR = "var"  # a `vars` entry
    SUBGRAPH = "subgraph"  # a subgraph ref
    FILE = "file"  # a file directive's path
    RULE = "rule"  # a rule code in a suppression comment
    FIELD = "field"  # a field key
    CONDITION = "condition"  # an edge condition


class Role(StrEnum):
    DECLARATION = "declaration"
    REFERENCE = "reference"


@record(frozen=True, slots=True)
class Occurrence:
    """One occurrence of a name. ``owner`` is the node it belongs to; for keys ``after``
    says the read happens after the owner ran (an edge condition) and ``scope`` names the
    node of a node-scoped reference. ``detail`` holds the model object it came from."""

    kind: Kind
    name: str
    span: Span
    role: Role
    owner: str | None = None
    after: bool = False
    scope: str | None = None
    detail: Any = None


def inner_span(text: Text) -> Span | None:
    """The span of a value without surrounding blanks (quotes are already outside it)."""
    value = text.value
    stripped = value.strip()
    if not stripped:
        return None
    lead = len(value) - len(value.lstrip())
    return text.span(lead, lead + len(stripped))


def narrow(span: Span, name: str) -> Span:
    """``span`` reduced to ``name`` when it covers more (quotes around a YAML scalar)."""
    text = span.text
    if text == name or text.count(name) != 1:
        return span
    start = span.start + text.index(name)
    return Span(span.source, start, start + len(name))


def key_span(ref: Reference) -> Span:
    """The part of a reference's span that is its key (``foo`` in ``${ctx.foo}``)."""
    index = ref.span.text.rfind(ref.key) if ref.key else -1
    if index < 0:
        return ref.span
    start = ref.span.start + index
    return Span(ref.span.source, start, start + len(ref.key))


class Index:
    def __init__(
        self, workflow: Workflow | None, source: SourceText, flow: ContextFlow | None = None
    ) -> None:
        self.workflow = workflow
        self.source = source
        self.occurrences: list[Occurrence] = []
        self._seen: set[tuple[int, int, int, Kind]] = set()
        if workflow is not None:
            self._nodes(workflow)
            self._keys(workflow, flow or ContextFlow(workflow))
            self._files(workflow)
            if workflow.format == "dip":
                self._fields(workflow)
            elif workflow.format == "dot":
                self._dot_fields(workflow)
            self._conditions(workflow)
        fmt = workflow.format if workflow is not None else "dip"
        for entry in scan(source, fmt).entries:
            self.add(Kind.RULE, entry.code, entry.span, Role.REFERENCE, detail=entry)

    def add(
        self,
        kind: Kind,
        name: str,
        span: Span,
        role: Role,
        owner: str | None = None,
        after: bool = False,
        scope: str | None = None,
        detail: Any = None,
    ) -> None:
        key = (id(span.source), span.start, span.end, kind)
        if key in self._seen or span.end < span.start:
            return
        self._seen.add(key)
        self.occurrences.append(Occurrence(kind, name, span, role, owner, after, scope, detail))

    # -- lookups -------------------------------------------------------------------------

    def at(self, offset: int) -> Occurrence | None:
        """The innermost occurrence in the workflow's own source at ``offset`` (a cursor
        just after a name still counts as on it)."""
        best: Occurrence | None = None
        for item in self.occurrences:
            span = item.span
            if span.source is not self.source or not span.start <= offset <= span.end:
                continue
            if best is None or _rank(item, offset) < _rank(best, offset):
                best = item
        return best

    def find(self, kind: Kind, name: str) -> list[Occurrence]:
        return [item for item in self.occurrences if item.kind is kind and item.name == name]

    def node(self, node_id: str) -> Node | None:
        return self.workflow.node(node_id) if self.workflow is not None else None

    # -- building ------------------------------------------------------------------------

    def _node_ref(self, name: str, span: Span, owner: str | None = None) -> None:
        self.add(Kind.NODE, name, narrow(span, name), Role.REFERENCE, owner)

    def _node_field(self, item: Field, owner: str | None) -> None:
        span = inner_span(item.value)
        if span is not None and not item.block:
            self._node_ref(item.text.strip(), span, owner)

    def _nodes(self, workflow: Workflow) -> None:
        for node in workflow.nodes:
            span = narrow(node.id_span, node.id)
            self.add(Kind.NODE, node.id, span, Role.DECLARATION, node.id, detail=node)
        for key in ("start", "exit"):
            item = workflow.header_field(key)
            if item is not None:
                self._node_field(item, None)
        for item in workflow.defaults:
            spec = schema.DEFAULTS_FIELDS.get(item.key)
            if (
                spec is not None and spec.type is schema.ValueType.NODE
            ) or item.key in _DOT_NODE_DEFAULTS:
                self._node_field(item, None)
        for name in workflow.mentions:
            self._node_ref(name.value, name.span, name.value)
        for node in workflow.nodes:
            for member in node.members:
                self._node_ref(member.value, member.span, node.id)
            for branch in node.branches:
                self._node_ref(branch.target.value, branch.target.span, node.id)
            if workflow.format not in ("dip", "dot"):
                continue
            table = schema.NODE_FIELDS[node.kind]
            for item in node.fields:
                spec = table.get(item.key)
                if spec is not None and spec.type is schema.ValueType.NODE:
                    self._node_field(item, node.id)
        for edge in workflow.edges:
            if not edge.implicit:
                self._node_ref(edge.source.value, edge.source.span, edge.source.value)
                self._node_ref(edge.target.value, edge.target.span, edge.source.value)
        if workflow.else_target is not None:
            self._node_ref(workflow.else_target.value, workflow.else_target.span)
        for ref in workflow.references:
            if ref.node is not None and ref.node_span is not None:
                self._node_ref(ref.node, ref.node_span, ref.owner)
        for selector in workflow.selectors:
            if selector.value.startswith("#") and len(selector.value) > 1:
                name = selector.value[1:].split()[0]
                start = selector.span.start + 1
                self._node_ref(name, Span(selector.span.source, start, start + len(name)))
        if workflow.format == "yaml":
            outputs = workflow.header_field("outputs")
            if outputs is not None:
                for match in _YAML_NAME.finditer(outputs.value.value):
                    if match.group() in workflow.node_map:
                        span = outputs.value.span(match.start(), match.end())
                        self._node_ref(match.group(), span)

    def _keys(self, workflow: Workflow, flow: ContextFlow) -> None:
        for production in flow.productions:
            if workflow.format == "yaml" and production.key == production.node:
                continue  # a step produces its own name: that is its declaration
            self.add(
                Kind.KEY,
                production.key,
                production.item.span,
                Role.DECLARATION,
                production.node,
                scope=production.node if workflow.format == "yaml" else None,
                detail=production,
            )
        for decl in workflow.inputs:
            self.add(Kind.INPUT, decl.name.value, decl.name.span, Role.DECLARATION, detail=decl)
        for item in workflow.vars:
            self.add(Kind.VAR, item.key, item.key_span, Role.DECLARATION, detail=item)
        for ref in workflow.references:
            self._reference(ref)

    def _reference(self, ref: Reference) -> None:
        after = ref.origin is Origin.CONDITION or ref.attribute == "condition"  # as the rules
        if ref.kind is RefKind.CTX:
            span = key_span(ref)
            self.add(Kind.KEY, ref.key, span, Role.REFERENCE, ref.owner, after, detail=ref)
        elif ref.kind in (RefKind.SCOPED, RefKind.STEP) and ref.node_span is not None:
            inner = ref.key if ref.kind is RefKind.SCOPED else ref.key.partition(".")[2]
            if not inner:
                return
            start = ref.node_span.end + 1
            span = Span(ref.span.source, start, start + len(inner))
            name = inner if ref.kind is RefKind.SCOPED else ref.key
            self.add(
                Kind.KEY, name, span, Role.REFERENCE, ref.owner, after, scope=ref.node, detail=ref
            )
        elif ref.kind is RefKind.INPUTS:
            self.add(Kind.INPUT, ref.key, key_span(ref), Role.REFERENCE, ref.owner, detail=ref)
        elif ref.kind is RefKind.VAR:
            self.add(Kind.VAR, ref.key, key_span(ref), Role.REFERENCE, ref.owner, detail=ref)

    def _files(self, workflow: Workflow) -> None:
        for node, item in links.subgraph_refs(workflow):
            span = inner_span(item.value)
            if span is not None:
                name = item.text.strip()
                self.add(Kind.SUBGRAPH, name, span, Role.REFERENCE, node.id, detail=item)
        for item in links.directives(workflow):
            span = inner_span(item.value)
            if span is not None:
                self.add(Kind.FILE, item.text.strip(), span, Role.REFERENCE, detail=item)

    def _fields(self, workflow: Workflow) -> None:
        """Field keys with their documentation (``detail`` = (spec, where))."""
        for item in workflow.header:
            self._field(item, schema.HEADER_FIELDS, "workflow header", None)
        for item in workflow.defaults:
            self._field(item, schema.DEFAULTS_FIELDS, "defaults", None)
        for decl in workflow.inputs:
            for item in decl.attrs:
                self._field(item, schema.INPUT_ATTRIBUTES, f"input {decl.name.value}", None)
        for node in workflow.nodes:
            table = schema.NODE_FIELDS[node.kind]
            for item in node.fields:
                self._field(item, table, f"{node.kind.value} {node.id}", node.id)
            for branch in node.branches:
                for item in branch.fields:
                    self._field(item, schema.BRANCH_FIELDS, "parallel branch", node.id)
        for edge in workflow.edges:
            for attr in edge.attrs:
                spec = schema.EDGE_ATTRIBUTES.get(attr.key)
                if spec is not None:
                    detail = (spec, "edge attribute")
                    self.add(Kind.FIELD, attr.key, attr.key_span, Role.REFERENCE, detail=detail)

    def _dot_fields(self, workflow: Workflow) -> None:
        """DOT attribute keys as written, with the documentation of what the runtime does
        with them (``detail`` = (attribute, where))."""
        node_table = dot_schema.NODE_ATTRIBUTES
        if workflow.dialect is Dialect.TYPED_OUTPUTS:
            node_table = {**node_table, **dot_schema.TYPED_NODE_ATTRIBUTES}
        graph_table = {**dot_schema.GRAPH_ATTRIBUTES, **dot_schema.TYPED_GRAPH_ATTRIBUTES}
        for item in (*workflow.header, *workflow.defaults):
            written = item.key_span.text
            spec = graph_table.get(written)
            if spec is not None:
                detail = (spec, "graph attribute")
                self.add(Kind.FIELD, written, item.key_span, Role.DECLARATION, detail=detail)
        for node in workflow.nodes:
            for item in node.fields:
                written = item.key_span.text
                spec = node_table.get(written)
                if spec is not None:
                    detail = (spec, f"{node.kind.value} {node.id}")
                    self.add(
                        Kind.FIELD, written, item.key_span, Role.DECLARATION, node.id, detail=detail
                    )
        for edge in workflow.edges:
            for attr in edge.attrs:
                spec = dot_schema.EDGE_ATTRIBUTES.get(attr.key)
                if spec is not None:
                    detail = (spec, "edge attribute")
                    self.add(Kind.FIELD, attr.key, attr.key_span, Role.REFERENCE, detail=detail)

    def _field(
        self, item: Field, table: dict[str, schema.FieldSpec], where: str, owner: str | None
    ) -> None:
        spec = table.get(item.key)
        if spec is not None:
            detail = (spec, where)
            self.add(Kind.FIELD, item.key, item.key_span, Role.DECLARATION, owner, detail=detail)

    def _conditions(self, workflow: Workflow) -> None:
        for edge in workflow.edges:
            condition = edge.condition
            if condition is not None and not edge.implicit:
                owner = edge.source.value
                self.add(
                    Kind.CONDITION,
                    condition.raw,
                    condition.span,
                    Role.REFERENCE,
                    owner,
                    detail=edge,
                )


def _rank(item: Occurrence, offset: int) -> tuple[int, int, int]:
    """Smaller is better: names before the conditions around them, a cursor inside before
    one just after the end, then the shortest span."""
    broad = 1 if item.kind is Kind.CONDITION else 0
    touching_end = 1 if offset == item.span.end and item.span.end > item.span.start else 0
    return (broad, touching_end, item.span.end - item.span.start)
