"""A workflow reduced to what the runtime sees, in one form for every format.

:func:`shape` turns a :class:`~dipcheck.model.Workflow` (``.dip`` or DOT) into plain values
that two versions, or a file and its conversion, can be compared by:

* settings: header fields, ``defaults`` (under ``defaults.KEY``), ``vars`` (``vars.KEY``),
  ``inputs`` (``inputs.NAME``); Graphviz presentation attributes (``rankdir`` …) are kept
  apart in ``presentation``;
* nodes: kind, the handler tracker runs (docs/runtime/loading.md#from-dippin-to-trackers-graph),
and fields under their
  ``.dip`` names with the adapter's mappings applied: a ``*_file`` directive is the text it
  includes, an agent's (and a parallel or fan-in's) ``params:`` entries are fields of their
  own unless a field of that name exists, a subgraph's ``params``/``inputs`` and a manager
  loop's ``steer_context`` are sorted ``k=v`` lists, ``fallback_retry_target`` is
  ``fallback_target``; list values are comma lists without blanks, text values lose trailing
  blanks on each line, blank lines at either end and the indentation all their lines share;
* edges: every edge tracker can follow, in the order it tries them (the edges the adapter adds
  for ``parallel``/``fan_in`` included, ``RunGraph``), each with its condition in a canonical
  form of what tracker evaluates (§5.2: ``ctx.`` dropped, ``==`` as ``=``, literals quoted)
  and its routing key (``choice``, else ``label``).
"""

from __future__ import annotations

import textwrap

from dipcheck import conditions
from dipcheck.analysis import routing
from dipcheck.frontends import dip_schema, dot_schema
from dipcheck.model import Edge, Field, Node, NodeKind, Workflow
from dipcheck.records import field, record
from dipcheck.simulate.graph import RunGraph
from dipcheck.target import DEFAULT, TargetVersion

LIST_KEYS = frozenset({"reads", "writes", "class", "outputs", "requires", "writable_paths"})
# Graphviz attributes a DOT workflow may carry for its picture, which no runtime reads (names
# that are also workflow attributes, such as `label`, `class` or `mode`, excluded)
_WORKFLOW_NAMES = (
    {spec.field for spec in dot_schema.NODE_ATTRIBUTES.values()}
    | {spec.field for spec in dot_schema.GRAPH_ATTRIBUTES.values()}
    | set(dot_schema.NODE_ATTRIBUTES)
    | set(dot_schema.GRAPH_ATTRIBUTES)
    | dip_schema.ALL_FIELD_NAMES
)
PRESENTATION = dot_schema.GRAPHVIZ_ATTRIBUTES - _WORKFLOW_NAMES
_ALIASES = {"fallback_retry_target": "fallback_target"}
# attributes the node's kind, handler, branches and join already say
_DERIVED = frozenset({"shape", "type", "parallel_targets", "parallel_join", "fan_in_sources"})
_FLATTENED = (NodeKind.AGENT, NodeKind.PARALLEL, NodeKind.FAN_IN)
_DIRECTIVES = {
    "prompt_file": "prompt",
    "system_prompt_file": "system_prompt",
    "command_file": "command",
    "prompt_prefix_file": "prompt_prefix",
    "prompt_suffix_file": "prompt_suffix",
}


@record(frozen=True, slots=True)
class NodeShape:
    id: str
    kind: str
    handler: str
    fields: dict[str, str]
    branches: tuple[str, ...] = ()
    join: str = ""
    line: int = 0  # 1-based, where the node is declared
    lines: dict[str, int] = field(default_factory=dict, compare=False)  # field → its line


@record(frozen=True, slots=True)
class EdgeShape:
    source: str
    target: str
    condition: str
    key: str  # the routing key: choice, else label
    label: str
    choice: str
    weight: str
    back: bool
    override: bool
    implicit: bool
    line: int = 0

    @property
    def ordered(self) -> bool:
        """Does the edge's place among its source's edges matter? Conditions are tried in
        order, and the first edge whose routing key matches a preferred label wins (§5.3);
        the order of the other unconditional edges does not matter (weight, then the
        lexically smallest target)."""
        return bool(self.condition or self.key)

    def describe(self) -> str:
        text = f"{self.source} -> {self.target}"
        if self.condition:
            text += f" when {self.condition}"
        if self.key:
            text += f" [{self.key}]"
        return text


@record
class Shape:
    name: str
    format: str
    settings: dict[str, str] = field(default_factory=dict)
    presentation: dict[str, str] = field(default_factory=dict)
    nodes: dict[str, NodeShape] = field(default_factory=dict)
    edges: dict[str, list[EdgeShape]] = field(default_factory=dict)  # by source, in order
    setting_lines: dict[str, int] = field(default_factory=dict)

    def all_edges(self) -> list[EdgeShape]:
        return [edge for edges in self.edges.values() for edge in edges]


def text_value(value: str) -> str:
    """Trailing blanks of each line, blank lines at either end and the indentation all lines
    share removed (what a ``.dip`` block keeps of a text, dippin-language.md §1.2)."""
    if "\n" not in value:
        return value.strip()
    lines = [line.rstrip(" \t\r") for line in value.split("\n")]
    return textwrap.dedent("\n".join(lines).strip("\n")).strip(" \t")


def list_value(value: str) -> str:
    return ",".join(item.strip() for item in value.replace("\n", ",").split(",") if item.strip())


def pairs_value(value: str) -> str:
    """A ``k=v, k=v`` list (or ``k: v`` lines) as sorted ``k=v`` entries."""
    entries: list[str] = []
    for line in value.split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "=" not in stripped and ":" in stripped:
            key, _, rest = stripped.partition(":")
            entries.append(f"{key.strip()}={_unquoted(rest.strip())}")
            continue
        for part in stripped.split(","):
            key, _, rest = part.partition("=")
            if key.strip():
                entries.append(f"{key.strip()}={_unquoted(rest.strip())}")
    return ",".join(sorted(entries))


def _unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def normal_value(key: str, value: str) -> str:
    if key in LIST_KEYS:
        return list_value(value)
    if key in ("params", "steer_context"):
        return pairs_value(value)
    return text_value(value)


def _children_pairs(item: Field) -> str:
    return ",".join(sorted(f"{child.key}={child.text.strip()}" for child in item.children))


def inherited(node: Node, item: Field) -> bool:
    """Did the field come from a DOT ``node [...]`` default rather than the node's own
    statement?"""
    span = node.span
    return item.key_span.source is span.source and not (
        span.start <= item.key_span.start <= span.end
    )


def inert(node: Node, item: Field) -> bool:
    """A DOT ``node [...]`` default that lands on a kind of node that has no such field (a
    default ``llm_model`` on a tool): no handler of that kind reads it, and ``.dip`` cannot
    write it there."""
    table = dip_schema.NODE_FIELDS[node.kind]
    name = _ALIASES.get(item.key, item.key)
    return inherited(node, item) and name not in table and item.key not in table


def node_fields(
    node: Node, dot: bool = False, lines: dict[str, int] | None = None
) -> dict[str, str]:
    """A node's fields as the runtime reads them (see the module's documentation); ``dot``:
    Graphviz presentation attributes and inert defaults are left out. ``lines`` receives the
    line of each field."""
    result: dict[str, str] = {}
    flattened: dict[str, str] = {}
    lines = {} if lines is None else lines
    for item in node.fields:
        key = _ALIASES.get(item.key, item.key)
        if key in _DERIVED or (dot and (key in PRESENTATION or inert(node, item))):
            continue
        if item.key_span.source is node.span.source:
            line = item.key_span.source.line_of(item.key_span.start) + 1
            lines[_DIRECTIVES.get(key, key) if item.included is not None else key] = line
        if key in _DIRECTIVES and item.included is not None:
            result[_DIRECTIVES[key]] = text_value(item.included.value)
            continue
        if key == "params" and node.kind in _FLATTENED:
            for child in item.children:
                flattened[child.key] = text_value(child.text)
            continue
        if key in ("params", "inputs", "steer_context"):  # subgraph and manager-loop maps
            name = "params" if key == "inputs" else key
            result[name] = _children_pairs(item) if item.children else pairs_value(item.text)
            continue
        result[key] = normal_value(key, item.text)
    for key, value in flattened.items():
        result.setdefault(key, value)
    for branch in node.branches:
        for item in branch.fields:
            result[f"branch.{branch.target.value}.{item.key}"] = text_value(item.text)
    return result


def canonical_condition(text: str, target: TargetVersion = DEFAULT) -> str:
    """The condition tracker evaluates, written one way: ``a = "x" && not b != "y" || …``
    (left operands without ``ctx.``/``context.``, ``==`` as ``=``, literals quoted). Text
    tracker cannot read stays as it is, blanks collapsed."""
    if not text.strip():
        return ""
    if target.splits_condition_keywords:
        parsed = conditions.parse(text)
        if parsed.expr is not None:
            return _render(parsed.expr)
    try:
        branches = [
            [_clause(routing.parse_clause(clause)) for clause in branch]
            for branch in routing.split_condition(text)
        ]
    except routing.ConditionError:
        return " ".join(text.split())
    return " || ".join(" && ".join(branch) for branch in branches)


def _operand(text: str) -> str:
    for prefix in ("ctx.", "context."):
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text


def _clause(clause: routing.Clause) -> str:
    op = "=" if clause.op == "==" else clause.op
    right = routing.go_quote(clause.right)
    return f"{'not ' * clause.negations}{_operand(clause.left)} {op} {right}"


def _render(expr: conditions.Expr) -> str:
    if isinstance(expr, conditions.Compare):
        op = "=" if expr.op == "==" else expr.op
        prefix = "not " if expr.negated else ""
        return f"{_operand(expr.left.text)} {prefix}{op} {routing.go_quote(expr.right_text)}"
    if isinstance(expr, conditions.Not):
        return f"not ({_render(expr.expr)})"
    if isinstance(expr, conditions.Group):
        return _render(expr.expr)
    joiner = " && " if expr.op == "and" else " || "
    return "(" + joiner.join(_render(item) for item in expr.items) + ")"


def _line(span_start: int, workflow: Workflow) -> int:
    return workflow.source.line_of(span_start) + 1


def _weight(edge: Edge) -> str:
    """The weight tracker ranks the edge by (:func:`~dipcheck.analysis.routing.weight`:
    ``007`` is 7, a value ``Atoi`` refuses is 0), empty for the default 0."""
    number = routing.weight(edge)
    return str(number) if number else ""


def shape(workflow: Workflow, target: TargetVersion = DEFAULT) -> Shape:
    graph = RunGraph(workflow)
    result = Shape(workflow.name.value if workflow.name else "", workflow.format)
    settings, lines = result.settings, result.setting_lines
    for item in workflow.header:
        key = item.key
        if workflow.format == "dot" and key in PRESENTATION:
            result.presentation[key] = item.text.strip()
            continue
        settings[key] = normal_value(key, item.text)
        lines[key] = _line(item.key_span.start, workflow)
    if workflow.stylesheet is not None:
        settings["stylesheet"] = text_value(workflow.stylesheet.text)
    for item in workflow.defaults:
        key = f"defaults.{item.key}"
        if item.included is not None and item.key in _DIRECTIVES:
            key = f"defaults.{_DIRECTIVES[item.key]}"
            settings[key] = text_value(item.included.value)
        else:
            settings[key] = normal_value(item.key, item.text)
        lines[key] = _line(item.key_span.start, workflow)
    for item in workflow.vars:
        settings[f"vars.{item.key}"] = text_value(item.text)
        lines[f"vars.{item.key}"] = _line(item.key_span.start, workflow)
    for declaration in workflow.inputs:
        attrs = ", ".join(f"{a.key}={text_value(a.text)}" for a in declaration.attrs)
        key = f"inputs.{declaration.name.value}"
        settings[key] = declaration.type.value + (f" ({attrs})" if attrs else "")
        lines[key] = _line(declaration.span.start, workflow)
    if workflow.else_target is not None:
        settings["else"] = workflow.else_target.value
    for node_id, node in graph.nodes.items():
        parallel = graph.parallels.get(node_id)
        field_lines: dict[str, int] = {}
        result.nodes[node_id] = NodeShape(
            node_id,
            node.kind.value,
            graph.handler(node_id).value,
            node_fields(node, workflow.format == "dot", field_lines),
            parallel.branches if parallel else (),
            (parallel.join or "") if parallel else "",
            _line(node.id_span.start, workflow),
            field_lines,
        )
    for source, edges in graph.edges.items():
        result.edges[source] = [
            EdgeShape(
                edge.source.value,
                edge.target.value,
                canonical_condition(graph.condition_text(edge), target),
                edge.choice or edge.label,
                edge.label,
                edge.choice,
                _weight(edge),
                edge.is_back_edge,
                edge.override,
                edge.implicit,
                _line(edge.span.start, workflow),
            )
            for edge in edges
        ]
    return result
