"""A workflow written as a ``.dip`` file (then laid out by ``dipcheck fmt``).

The inverse of :mod:`dipcheck.convert.to_dot`: the model already holds DOT attributes under
their ``.dip`` names (the DOT front-end maps them), so this writes

* the header (``goal``, ``start``, ``exit`` from the Mdiamond/Msquare nodes, ``requires``),
  ``defaults`` (the keys ``.dip`` has), ``vars`` (from ``params.K``) and the stylesheet;
* each node as ``<kind> <ID>`` with its fields; an attribute the kind has no field for goes
  under ``params:`` on agents, parallel and fan-in nodes (tracker's adapter copies ``params``
  back into attributes, docs/runtime/loading.md#from-dippin-to-trackers-graph) and is listed in the
  notes elsewhere;
  multi-line values as indented blocks, other values quoted when they need it;
* ``parallel P -> A, B`` and ``fan_in J <- A, B`` instead of the plain fork and join edges;
* each other edge with its condition rewritten for dippin (``&&``/``||`` as ``and``/``or``,
  bare operands with ``ctx.``, values quoted when they are not one word), its label (on a
  human gate's edge also as its ``choice``, the routing key the label is in DOT) and
  weight, and ``restart: true`` on the edges that close a cycle (dippin's DIP005 asks for a
  back edge where tracker's DOT check asks for a conditional edge; tracker's engine reads
  neither mark).
"""

from __future__ import annotations

import re

from dipcheck.analysis import routing
from dipcheck.convert.comments import Attached, Comment
from dipcheck.frontends import dip_schema
from dipcheck.frontends.dip_lexer import YAML_BLOCK_INDICATOR
from dipcheck.model import Edge, Field, Node, NodeKind, Workflow
from dipcheck.records import field, record
from dipcheck.semdiff.shape import PRESENTATION, inert, pairs_value
from dipcheck.simulate.graph import RunGraph

INDENT = "  "
_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-./]*")
_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-./]*")
_NAMESPACES = ("ctx.", "context.", "graph.", "params.", "stack.", "inputs.", "internal.")
_HEADER = ("goal", "requires")
_SKIPPED = frozenset({"shape", "type", "parallel_targets", "parallel_join", "fan_in_sources"})


class ConvertError(Exception):
    """A workflow that cannot be written as .dip (a node id .dip cannot spell)."""


@record
class Output:
    text: str
    notes: list[str] = field(default_factory=list)


def dip_value(value: str) -> str | None:
    """A single-line value as it can be written after ``key:`` (None: it needs a block)."""
    if "\n" in value:
        return None
    plain = (
        value
        and value == value.strip()
        and value[0] not in "\"'#"
        and " #" not in value
        and "\t#" not in value
        and not YAML_BLOCK_INDICATOR.fullmatch(value)
    )
    if plain:
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _quoted_word(text: str) -> str:
    """A condition operand as one dippin token: a word as it is, anything else quoted the
    way dippin re-quotes literals."""
    if _WORD.fullmatch(text):
        return text
    return routing.go_quote(text)


def label_value(text: str) -> str:
    """An edge attribute value as one token (dippin decodes ``\\"`` and ``\\\\`` only)."""
    if _WORD.fullmatch(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dip_condition(text: str) -> tuple[str, bool]:
    """A tracker condition as a dippin ``when`` condition, and whether ``&&``/``||`` had to
    become ``and``/``or`` (which tracker ≤ v0.64 does not split, tracker#647)."""
    try:
        branches = routing.split_condition(text)
        rendered = []
        for branch in branches:
            clauses = []
            for raw in branch:
                clause = routing.parse_clause(raw)
                left = clause.left
                if not left.startswith(_NAMESPACES):
                    left = "ctx." + left
                op = "=" if clause.op == "==" else clause.op
                clauses.append(
                    f"{'not ' * clause.negations}{left} {op} {_quoted_word(clause.right)}"
                )
            rendered.append(" and ".join(clauses))
        joined = " or ".join(rendered)
        return joined, len(branches) > 1 or any(len(branch) > 1 for branch in branches)
    except routing.ConditionError:
        keywords = "&&" in text or "||" in text
        return text.replace("&&", " and ").replace("||", " or "), keywords


def back_edges(graph: RunGraph) -> set[int]:
    """``id()`` of the edges that close a cycle in a depth-first walk from the start, in the
    order tracker tries the edges (iteratively: no recursion limit on long workflows)."""
    found: set[int] = set()
    state: dict[str, int] = {}  # 1: on the walk's path, 2: done
    roots = [graph.start] if graph.start in graph.nodes else []
    roots += [node for node in graph.nodes if node not in roots]
    for root in roots:
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(graph.edges_from(root)))]
        while stack:
            node, edges = stack[-1]
            edge = next(edges, None)
            if edge is None:
                state[node] = 2
                stack.pop()
                continue
            target = edge.target.value
            if state.get(target) == 1:
                found.add(id(edge))
            elif target not in state and target in graph.nodes:
                state[target] = 1
                stack.append((target, iter(graph.edges_from(target))))
    return found


class _Writer:
    def __init__(self, workflow: Workflow, attached: Attached) -> None:
        self.workflow = workflow
        self.attached = attached
        self.graph = RunGraph(workflow)
        self.lines: list[str] = []
        self.notes: list[str] = []
        self.presentation: dict[str, int] = {}
        self.inert: dict[str, int] = {}

    def weight(self, edge: Edge) -> int:
        """The edge's weight as ``.dip`` can write it: a positive integer, what tracker ranks
        the edge by (its adapter keeps a ``.dip`` weight above 0 only, and its engine reads a
        DOT weight with ``Atoi``: :func:`~dipcheck.analysis.routing.weight`). Any other value
        is noted and left out: ``.dip`` has no negative number (the parity check then shows
        the edge ranked differently), and a value tracker reads as 0 (not an integer, out of
        range, 0) is the default already."""
        text = edge.attr_value("weight")
        number = routing.weight(edge)
        if number > 0:
            return number
        if text.strip():
            shown = text if len(text) <= 40 else f"{text[:20]}…{text[-8:]}"
            why = (
                "dippin has no negative weight: tracker ranks this edge below its unweighted "
                "siblings, the converted edge level with them"
                if number < 0
                else "tracker reads it as 0, the default"
            )
            self.notes.append(
                f"line {self.line_of(edge)}: the weight `{shown}` of "
                f"`{edge.source.value} -> {edge.target.value}` is not written ({why})"
            )
        return 0

    def line_of(self, item: Node | Field | Edge) -> int:
        return self.workflow.source.line_of(item.span.start) + 1

    def comments(self, items: list[Comment], indent: str) -> None:
        for comment in items:
            self.lines.extend(f"{indent}#{' ' if text else ''}{text}" for text in comment.lines)

    def trailing(self, element: object) -> str:
        return "".join(f"  # {' '.join(c.lines)}" for c in self.attached.trailing(element))

    def field(self, key: str, value: str, indent: str, element: object = None) -> None:
        if element is not None:
            self.comments(self.attached.leading(element), indent)
        single = dip_value(value)
        suffix = self.trailing(element) if element is not None else ""
        if suffix and single is not None and single.startswith('"'):
            # after a quoted value `#` is not a comment (dippin-language.md §1.2): above it
            self.comments(self.attached.trailing(element), indent)
            suffix = ""
        if single is not None:
            self.lines.append(f"{indent}{key}: {single}{suffix}")
            return
        self.lines.append(f"{indent}{key}:{suffix}")
        lines = [line.rstrip(" \t\r") for line in value.split("\n")]
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        # the block keeps each line as written after the indentation of its first line
        self.lines.extend(f"{indent}{INDENT}{line}" if line else "" for line in lines)

    def block(self, key: str, entries: list[tuple[str, str]], indent: str) -> None:
        self.lines.append(f"{indent}{key}:")
        for name, value in entries:
            self.field(name, value, indent + INDENT)

    def run(self) -> Output:
        workflow = self.workflow
        name = workflow.name.value if workflow.name else "Workflow"
        if not _ID.fullmatch(name):
            name = re.sub(r"[^A-Za-z0-9_]", "_", name) or "Workflow"
        self.comments(self.attached.head, "")
        self.lines.append(f"workflow {name}")
        self.header()
        self.defaults()
        for node in workflow.nodes:
            if not _ID.fullmatch(node.id):
                raise ConvertError(
                    f"node id {node.id!r} cannot be written in .dip (letters, digits, _-./)"
                )
        seen: set[str] = set()
        for node in workflow.nodes:
            if node.id not in seen:
                seen.add(node.id)
                self.node(node)
        if workflow.stylesheet is not None:
            self.lines.append("")
            self.field("stylesheet", workflow.stylesheet.text, INDENT, workflow.stylesheet)
        self.edges()
        if self.attached.tail:
            self.lines.append("")
            self.comments(self.attached.tail, INDENT)
        if self.presentation:
            listed = ", ".join(
                f"`{key}` ({count})" for key, count in sorted(self.presentation.items())
            )
            self.notes.append(
                f"Graphviz presentation attributes, which no runtime reads, not written: {listed}"
            )
        if self.inert:
            listed = ", ".join(f"`{key}` ({count})" for key, count in sorted(self.inert.items()))
            self.notes.append(
                "`node [...]` defaults not written on the nodes whose kind has no such field "
                f"(no handler of that kind reads them): {listed}"
            )
        return Output("\n".join(self.lines) + "\n", self.notes)

    def header(self) -> None:
        workflow = self.workflow
        by_key = {item.key: item for item in workflow.header}
        for key in _HEADER:
            item = by_key.get(key)
            if item is not None:
                value = (
                    ", ".join(v for v in item.text.split(",") if v.strip())
                    if key == "requires"
                    else item.text.strip()
                )
                self.field(key, value, INDENT, item)
        for key in ("start", "exit"):
            item = by_key.get(key)
            if item is not None:
                self.field(key, item.text.strip(), INDENT, item)
        for item in workflow.header:
            if item.key in (*_HEADER, "start", "exit", "stylesheet"):
                continue
            self.comments(self.attached.leading(item), INDENT)
            what = "presentation attribute" if item.key in PRESENTATION else "graph attribute"
            self.notes.append(
                f"line {self.line_of(item)}: the {what} `{item.key}` has no .dip form; not written"
            )

    def defaults(self) -> None:
        workflow = self.workflow
        known = [item for item in workflow.defaults if item.key in dip_schema.DEFAULTS_FIELDS]
        for item in workflow.defaults:
            if item.key not in dip_schema.DEFAULTS_FIELDS:
                self.notes.append(
                    f"line {self.line_of(item)}: the graph attribute `{item.key}` has no "
                    "`defaults` field in .dip; not written"
                )
        if known:
            self.lines += ["", f"{INDENT}defaults"]
            for item in known:
                self.field(item.key, item.text.strip(), INDENT * 2, item)
        if workflow.vars:
            self.lines += ["", f"{INDENT}vars"]
            for item in workflow.vars:
                self.field(item.key, item.text.strip(), INDENT * 2, item)

    # -- nodes ---------------------------------------------------------------------------

    def node(self, node: Node) -> None:
        self.lines.append("")
        self.comments(self.attached.leading(node), INDENT)
        declaration = f"{INDENT}{node.kind.value} {node.id}"
        parallel = self.graph.parallels.get(node.id)
        if node.kind is NodeKind.PARALLEL and parallel is not None:
            declaration = f"{INDENT}parallel {node.id} -> {', '.join(parallel.branches)}"
        elif node.kind is NodeKind.FAN_IN:
            declaration = f"{INDENT}fan_in {node.id} <- {', '.join(self.fan_in_sources(node))}"
        self.lines.append(declaration + self.trailing(node))
        table = dip_schema.NODE_FIELDS[node.kind]
        indent = INDENT * 2
        extra: list[tuple[str, str]] = []
        written = 0
        for item in node.fields:
            key = item.key
            if key in _SKIPPED:
                continue
            if self.workflow.format == "dot" and inert(node, item):
                self.inert[key] = self.inert.get(key, 0) + 1
                continue
            if key in PRESENTATION and key not in table:
                self.presentation[key] = self.presentation.get(key, 0) + 1
                continue
            if key == "params" and node.kind in (NodeKind.SUBGRAPH,):
                pairs = [p.partition("=") for p in pairs_value(item.text).split(",") if p]
                self.comments(self.attached.leading(item), indent)
                self.block("params", [(k, v) for k, _, v in pairs], indent)
                written += 1
                continue
            if key == "steer_context" and node.kind is NodeKind.MANAGER_LOOP:
                pairs = [p.partition("=") for p in pairs_value(item.text).split(",") if p]
                self.comments(self.attached.leading(item), indent)
                self.block("steer_context", [(k, v) for k, _, v in pairs], indent)
                written += 1
                continue
            if key in table and key != "params":
                value = item.text
                if key in ("reads", "writes", "class", "outputs", "writable_paths"):
                    value = ", ".join(v.strip() for v in value.split(",") if v.strip())
                self.field(key, value if "\n" in value else value.strip(), indent, item)
                written += 1
            elif node.kind in (NodeKind.AGENT, NodeKind.PARALLEL, NodeKind.FAN_IN):
                self.comments(self.attached.leading(item), indent)
                extra.append((key, item.text.strip()))
            else:
                self.notes.append(
                    f"line {self.line_of(item)}: {node.kind.value} `{node.id}` has no field "
                    f"`{key}` in .dip; not written"
                )
        if extra:
            self.block("params", extra, indent)
            written += 1
        if not written and node.kind not in (NodeKind.PARALLEL, NodeKind.FAN_IN):
            self.field("label", node.id, indent)  # a .dip node body holds at least one field

    def fan_in_sources(self, node: Node) -> list[str]:
        joining = {p for p, info in self.graph.parallels.items() if info.join == node.id}
        return [member.value for member in node.members if member.value not in joining]

    # -- edges ---------------------------------------------------------------------------

    def implied(self, edge: Edge) -> bool:
        """Is the edge one that a ``parallel``/``fan_in`` list writes (a plain fork, join or
        parallel→join edge)?"""
        if edge.implicit:
            return True
        if edge.conditional or edge.attrs:
            return False
        source, target = edge.source.value, edge.target.value
        parallel = self.graph.parallels.get(source)
        if parallel is not None and (target in parallel.branches or target == parallel.join):
            return True
        node = self.graph.nodes.get(target)
        return (
            node is not None
            and node.kind is NodeKind.FAN_IN
            and source in {member.value for member in node.members}
        )

    def edges(self) -> None:
        edges = [edge for edge in self.workflow.edges if not self.implied(edge)]
        if not edges:
            return
        self.lines += ["", f"{INDENT}edges"]
        loops = back_edges(self.graph)
        keywords = 0
        for edge in edges:
            self.comments(self.attached.leading(edge), INDENT * 2)
            parts = [f"{edge.source.value} -> {edge.target.value}"]
            condition = self.graph.condition_text(edge)
            if condition:
                text, split = dip_condition(condition)
                keywords += split
                parts.append(f"when {text}")
            for name, value in (("label", edge.label), ("choice", edge.choice)):
                if "\n" in value or "\r" in value:
                    raise ConvertError(
                        f"the {name} of edge `{edge.source.value} -> {edge.target.value}` "
                        f"(line {self.line_of(edge)}) has a line break, which a .dip edge "
                        "attribute cannot hold (it is one token on the edge's line)"
                    )
            if edge.label:
                parts.append(f"label: {label_value(edge.label)}")
            source = self.graph.nodes.get(edge.source.value)
            if edge.label and source is not None and source.kind is NodeKind.HUMAN:
                # a gate's answer is its routing key: say so, as dippin asks (DIP150)
                parts.append(f"choice: {label_value(edge.choice or edge.label)}")
            weight = self.weight(edge)
            if weight:
                parts.append(f"weight: {weight}")
            if id(edge) in loops or edge.is_back_edge:
                parts.append("restart: true")
            for attr in edge.attrs:
                if attr.key not in ("label", "weight", "restart", "loop"):
                    self.notes.append(
                        f"line {self.line_of(edge)}: the edge attribute `{attr.key}` of "
                        f"`{edge.source.value} -> {edge.target.value}` has no .dip form; "
                        "not written"
                    )
            self.lines.append(f"{INDENT * 2}{'  '.join(parts)}{self.trailing(edge)}")
        if keywords:
            self.notes.append(
                f"{keywords} condition{'s' * (keywords != 1)} with `&&`/`||` written with "
                "`and`/`or` (dippin has no `&&`); tracker up to v0.64 does not split `and`/`or` "
                "(tracker#647, DC301), so on v0.64 these edges route differently"
            )


def to_dip(workflow: Workflow, attached: Attached) -> Output:
    return _Writer(workflow, attached).run()
