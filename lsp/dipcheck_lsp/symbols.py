"""Document symbols: the workflow, its sections and nodes with their fields, and its edges."""

from __future__ import annotations

from collections.abc import Iterable

from lsprotocol import types

from dipcheck.model import Field, Node, NodeKind, Workflow
from dipcheck.source import Span
from dipcheck_lsp.convert import Positions

K = types.SymbolKind
NODE_KINDS = {
    NodeKind.AGENT: K.Function,
    NodeKind.HUMAN: K.Interface,
    NodeKind.TOOL: K.Method,
    NodeKind.PARALLEL: K.Struct,
    NodeKind.FAN_IN: K.Struct,
    NodeKind.CONDITIONAL: K.Enum,
    NodeKind.MANAGER_LOOP: K.Class,
    NodeKind.SUBGRAPH: K.Package,
}
MAX_DETAIL = 60


def node_kind(node: Node, workflow: Workflow) -> types.SymbolKind:
    """A node's symbol kind by its node kind (.dip and DOT; every YAML step is a function)."""
    return NODE_KINDS[node.kind] if workflow.format in ("dip", "dot") else K.Function


def _detail(text: str) -> str:
    first = text.strip().split("\n", 1)[0]
    return first if len(first) <= MAX_DETAIL else first[: MAX_DETAIL - 1] + "…"


class _Builder:
    def __init__(self, workflow: Workflow, positions: Positions) -> None:
        self.workflow = workflow
        self.positions = positions
        self.source = workflow.source
        self.graph = workflow.format in ("dip", "dot")  # nodes have kinds, edges are written

    def own(self, span: Span) -> bool:
        return span.source is self.source

    def symbol(
        self,
        name: str,
        kind: types.SymbolKind,
        span: Span,
        selection: Span,
        detail: str | None = None,
        children: list[types.DocumentSymbol] | None = None,
    ) -> types.DocumentSymbol:
        if not (span.start <= selection.start and selection.end <= span.end):
            selection = Span(span.source, span.start, span.start)
        return types.DocumentSymbol(
            name=name or "?",
            kind=kind,
            range=self.positions.span_range(span),
            selection_range=self.positions.span_range(selection),
            detail=detail or None,
            children=children or None,
        )

    def fields(
        self, fields: Iterable[Field], within: Span | None = None
    ) -> list[types.DocumentSymbol]:
        result = []
        for item in fields:
            if not self.own(item.span) or not self.own(item.key_span):
                continue
            if within is not None and not within.start <= item.span.start < within.end:
                continue  # a DOT default applied to the node, written elsewhere
            span = item.span.cover(item.key_span)
            name = item.key_span.text if self.workflow.format == "dot" else item.key
            result.append(
                self.symbol(
                    name,
                    K.Property,
                    span,
                    item.key_span,
                    None if item.children else _detail(item.text),
                    self.fields(item.children),
                )
            )
        return result

    def section(
        self,
        name: str,
        kind: types.SymbolKind,
        children: list[types.DocumentSymbol],
        spans: list[Span],
        keyword: Span | None = None,
    ) -> types.DocumentSymbol | None:
        """``keyword``: the section's key when the model has it (YAML's ``inputs:``), else
        the keyword line above the first entry is looked for."""
        if not spans:
            return None
        span = spans[0]
        for other in spans[1:]:
            span = span.cover(other)
        header = keyword or self.header(name, span)
        if header is not None:
            span = span.cover(header)
        selection = header or Span(span.source, span.start, span.start)
        return self.symbol(name, kind, span, selection, None, children)

    def header(self, keyword: str, body: Span) -> Span | None:
        """The section's keyword line (`defaults`, `edges` …) above its first entry."""
        source = body.source
        if source is not self.source:
            return None
        line = source.line_of(body.start) - 1
        while line >= 0:
            text = source.line_text(line)
            code = text.split(" #", 1)[0].strip()
            if code == keyword:
                start = source.line_starts[line] + text.index(keyword)
                return Span(source, start, start + len(keyword))
            if code and not code.startswith("#"):
                return None
            line -= 1
        return None

    def node(self, node: Node) -> types.DocumentSymbol:
        children = self.fields(node.fields, node.span if self.workflow.format == "dot" else None)
        for branch in node.branches:
            children.append(
                self.symbol(
                    f"branch {branch.target.value}",
                    K.Property,
                    branch.span,
                    branch.target.span,
                    None,
                    self.fields(branch.fields),
                )
            )
        label = node.value("label").strip()
        detail = node.kind.value if self.graph else "step"
        if label:
            detail += f" — {_detail(label)}"
        kind = node_kind(node, self.workflow)
        span = node.span.cover(node.id_span)
        children.sort(key=lambda item: (item.range.start.line, item.range.start.character))
        return self.symbol(node.id, kind, span, node.id_span, detail, children)

    def build(self) -> types.DocumentSymbol:
        workflow = self.workflow
        children: list[types.DocumentSymbol] = []
        # (a YAML workflow's `start` is synthetic: its key and value are the first step's name;
        # its `inputs` are listed as a section below)
        synthetic = ("start", "exit") if workflow.format == "dot" else ()  # from node shapes
        header = [
            item
            for item in workflow.header
            if self.own(item.span)
            and item.key_span != item.value_span
            and item.key != "inputs"
            and item.key not in synthetic
        ]
        children.extend(self.fields(header))
        for title, fields in (("defaults", workflow.defaults), ("vars", workflow.vars)):
            found = self.section(
                title, K.Namespace, self.fields(fields), [item.span for item in fields]
            )
            if found is not None:
                children.append(found)
        inputs = [
            self.symbol(decl.name.value, K.Field, decl.span, decl.name.span, decl.type.value)
            for decl in workflow.inputs
        ]
        key = workflow.header_field("inputs")  # a YAML workflow's `inputs:`
        found = self.section(
            "inputs",
            K.Namespace,
            inputs,
            [decl.span for decl in workflow.inputs],
            key.key_span if key is not None and self.own(key.key_span) else None,
        )
        if found is not None:
            children.append(found)
        children.extend(self.node(node) for node in workflow.nodes)
        if self.graph:
            edges = [edge for edge in workflow.edges if not edge.implicit]
            items = []
            for edge in edges:
                detail = edge.condition.raw if edge.condition is not None else edge.label or None
                name = f"{edge.source.value} -> {edge.target.value}"
                items.append(self.symbol(name, K.Event, edge.span, edge.span, detail))
            spans = [edge.span for edge in edges]
            if workflow.else_target is not None and workflow.else_span is not None:
                name = f"else -> {workflow.else_target.value}"
                items.append(self.symbol(name, K.Event, workflow.else_span, workflow.else_span))
                spans.append(workflow.else_span)
            found = self.section("edges", K.Namespace, items, spans)
            if found is not None:
                children.append(found)
        children.sort(key=lambda item: (item.range.start.line, item.range.start.character))
        whole = Span(self.source, 0, len(self.source.text))
        name = workflow.name.value if workflow.name is not None else "workflow"
        selection = workflow.name.span if workflow.name is not None else workflow.decl_span
        return self.symbol(name, K.Module, whole, selection, "workflow", children)


def document_symbols(workflow: Workflow | None, positions: Positions) -> list[types.DocumentSymbol]:
    if workflow is None:
        return []
    if workflow.format == "ordewell":
        from dipcheck_lsp import plan

        found = plan.document_symbols(workflow, positions)
        return [found] if found is not None else []
    return [_Builder(workflow, positions).build()]


def flatten(
    symbols: list[types.DocumentSymbol], uri: str, container: str | None = None
) -> list[types.SymbolInformation]:
    """The same symbols for clients without hierarchical document symbols."""
    result: list[types.SymbolInformation] = []
    for item in symbols:
        result.append(
            types.SymbolInformation(
                name=item.name,
                kind=item.kind,
                location=types.Location(uri, item.range),
                container_name=container,
            )
        )
        result.extend(flatten(item.children or [], uri, item.name))
    return result
