"""Semantic tokens for a whole document.

Token types: ``keyword`` (node kinds, ``workflow``, section keywords, ``when``/``on``/``loop``;
in DOT the graph keywords and each node's shape or ``type``),
``class`` (the workflow's name), ``function`` (node ids where they are declared), ``variable``
(node ids everywhere else), ``property`` (field keys, edge attributes), ``parameter`` (context
keys: ``${…}`` references, ``reads:``/``writes:`` entries, condition operands), ``macro``
(``$name`` graph variables), ``operator`` and ``string`` (condition operators and values).
Where tokens nest (the node id inside ``${ctx.node.Plan.key}``) the more specific one wins
and the outer one is split around it. Tokens are single-line, sorted, never overlapping, and
measured in the negotiated position encoding.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Iterable

from dipcheck.conditions import BoolOp, Compare, Not, walk
from dipcheck.frontends.dot_lexer import KEYWORDS, lex
from dipcheck.model import Condition, Field, Origin, RefKind, Workflow
from dipcheck.records import record
from dipcheck.source import Span
from dipcheck_lsp.convert import Positions, units
from dipcheck_lsp.index import Index, Kind, Role

TOKEN_TYPES = [
    "keyword",
    "class",
    "function",
    "variable",
    "property",
    "parameter",
    "macro",
    "operator",
    "string",
]
TOKEN_MODIFIERS = ["declaration"]
_TYPE = {name: index for index, name in enumerate(TOKEN_TYPES)}
DECLARATION = 1

_SECTION = re.compile(r"^[ \t]*(defaults|vars|inputs|edges)[ \t]*\r?$", re.MULTILINE)
_WHEN = re.compile(r"when\s*$")


@record(frozen=True, slots=True)
class Token:
    start: int
    end: int
    type: str
    modifiers: int
    priority: int


class _Collector:
    def __init__(self, workflow: Workflow, index: Index) -> None:
        self.workflow = workflow
        self.index = index
        self.source = workflow.source
        self.tokens: list[Token] = []

    def add(self, span: Span, kind: str, priority: int, modifiers: int = 0) -> None:
        if span.source is self.source and span.end > span.start:
            self.tokens.append(Token(span.start, span.end, kind, modifiers, priority))

    def fields(self, fields: Iterable[Field]) -> None:
        for item in fields:
            self.add(item.key_span, "property", 1)
            self.fields(item.children)

    def collect(self) -> list[Token]:
        workflow = self.workflow
        dip = workflow.format == "dip"
        dot = workflow.format == "dot"
        if dip:
            self.keywords()
        elif dot:
            self.dot_keywords()
        if workflow.name is not None:
            self.add(workflow.name.span, "class", 3, DECLARATION)
        synthetic = ("start", "exit") if dot else ()  # derived from node shapes
        self.fields(item for item in workflow.header if item.key not in synthetic)
        self.fields(workflow.defaults)
        self.fields(workflow.vars)
        for decl in workflow.inputs:
            self.add(decl.name.span, "variable", 2, DECLARATION)
            self.fields(decl.attrs)
        for node in workflow.nodes:
            if dip or (dot and node.kind_span != node.id_span):
                self.add(node.kind_span, "keyword", 3)  # a DOT shape or `type` value
            self.fields(node.fields)
            for branch in node.branches:
                self.fields(branch.fields)
        for item in self.index.occurrences:
            if item.kind is Kind.NODE:
                declared = item.role is Role.DECLARATION
                kind = "function" if declared else "variable"
                self.add(item.span, kind, 3, DECLARATION if declared else 0)
            elif item.kind is Kind.KEY and item.role is Role.DECLARATION:
                self.add(item.span, "parameter", 2, DECLARATION)
        for ref in workflow.references:
            if ref.origin is Origin.CONDITION:
                continue
            kind = "macro" if ref.kind is RefKind.VAR else "parameter"
            self.add(ref.span, kind, 1)
        for edge in workflow.edges:
            if edge.implicit:
                continue
            for attr in edge.attrs:
                self.add(attr.key_span, "keyword" if attr.key == "loop" else "property", 2)
                if attr.value is not None:
                    self.add(attr.value.span, "string", 1)
            if edge.condition is not None:
                self.condition(edge.condition)
        return self.tokens

    def keywords(self) -> None:
        text = self.source.text
        blocks = sorted(
            (item.value_span.start, item.value_span.end)
            for item in self._all_fields()
            if item.block and item.value_span.source is self.source
        )
        starts = [start for start, _ in blocks]
        for match in _SECTION.finditer(text):
            position = match.start(1)
            index = bisect_left(starts, position + 1) - 1
            if index >= 0 and blocks[index][0] <= position < blocks[index][1]:
                continue  # text inside a multi-line value
            self.add(Span(self.source, position, match.end(1)), "keyword", 3)
        decl = self.workflow.decl_span
        if self.workflow.format == "dip" and decl.text.startswith("workflow"):
            self.add(Span(self.source, decl.start, decl.start + len("workflow")), "keyword", 3)

    def dot_keywords(self) -> None:
        """`digraph`, `node`, `edge`, `subgraph` … and the edge operators of a DOT file."""
        kinds = set(KEYWORDS.values())
        for token in lex(self.source).tokens:
            span = Span(self.source, token.start_pos or 0, token.end_pos or 0)
            if token.type in kinds:
                self.add(span, "keyword", 3)
            elif token.type in ("ARROW", "UNDIRECTED"):
                self.add(span, "operator", 2)

    def _all_fields(self) -> Iterable[Field]:
        workflow = self.workflow
        yield from workflow.header
        yield from workflow.defaults
        for node in workflow.nodes:
            yield from node.fields
            for branch in node.branches:
                yield from branch.fields

    def condition(self, condition: Condition) -> None:
        if condition.shorthand:
            word = condition.span.text.split(None, 1)[0] if condition.span.text else ""
            if word == "on":
                start = condition.span.start
                self.add(Span(self.source, start, start + 2), "keyword", 3)
                rest = condition.span.text[2:]
                offset = start + 2 + len(rest) - len(rest.lstrip())
                self.add(Span(self.source, offset, condition.span.end), "string", 1)
            return
        line_start = self.source.line_starts[self.source.line_of(condition.span.start)]
        before = self.source.text[line_start : condition.span.start]
        when = _WHEN.search(before)
        if when is not None:
            self.add(
                Span(self.source, line_start + when.start(), line_start + when.start() + 4),
                "keyword",
                3,
            )
        if condition.expr is None:
            return
        raw = condition.raw
        for node in walk(condition.expr):
            if isinstance(node, Compare):
                self.add(condition.locate(node.left.start, node.left.end), "parameter", 1)
                self.add(condition.locate(node.op_start, node.op_end), "operator", 2)
                if node.negated:
                    gap = raw[node.left.end : node.op_start]
                    found = gap.find("not")
                    if found >= 0:
                        start = node.left.end + found
                        self.add(condition.locate(start, start + 3), "operator", 2)
                for operand in node.right:
                    self.add(condition.locate(operand.start, operand.end), "string", 1)
            elif isinstance(node, BoolOp):
                for _, start, end in node.symbols:
                    self.add(condition.locate(start, end), "operator", 2)
            elif isinstance(node, Not):
                width = 3 if raw.startswith("not", node.start) else 1
                self.add(condition.locate(node.start, node.start + width), "operator", 2)


def _carve(tokens: list[Token]) -> list[Token]:
    """Resolve overlaps: higher priority first, lower ones split around what is taken."""
    taken: list[tuple[int, int]] = []
    result: list[Token] = []
    for token in sorted(tokens, key=lambda item: (-item.priority, item.start)):
        pieces = [(token.start, token.end)]
        index = max(bisect_left(taken, (token.start, token.start)) - 1, 0)
        while index < len(taken) and taken[index][0] < token.end:
            start, end = taken[index]
            pieces = [
                piece
                for low, high in pieces
                for piece in ((low, min(high, start)), (max(low, end), high))
                if piece[0] < piece[1]
            ]
            index += 1
        for low, high in pieces:
            insort(taken, (low, high))
            result.append(Token(low, high, token.type, token.modifiers, token.priority))
    result.sort(key=lambda item: item.start)
    return result


def semantic_tokens(workflow: Workflow | None, index: Index, positions: Positions) -> list[int]:
    """The LSP integer encoding of a document's tokens."""
    if workflow is None:
        return []
    source = workflow.source
    data: list[int] = []
    previous_line = previous_column = 0
    for token in _carve(_Collector(workflow, index).collect()):
        start = positions.position(token.start)  # LSP lines: a lone `\r` ends one too
        line = start.line
        if positions.line(token.end - 1) != line:
            continue  # clients without multi-line token support: skip
        column = start.character
        length = units(source.text[token.start : token.end], positions.encoding)
        delta_line = line - previous_line
        delta_column = column - previous_column if delta_line == 0 else column
        data.extend((delta_line, delta_column, length, _TYPE[token.type], token.modifiers))
        previous_line, previous_column = line, column
    return data
