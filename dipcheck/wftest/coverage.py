"""``dipcheck test --coverage``: what a workflow's tests exercised.

Five kinds of item, each with the line it is written on:

* **edges** — every edge the engine can take: explicit edges and the ones tracker's adapter
  synthesizes for ``parallel`` (the fork edges and the edge to the join); the synthesized
  ``branch -> fan_in`` edges are left out, since branch targets run inside the parallel
  handler and their edges are never followed (docs/runtime/parallel.md#branches);
* **outcomes** — each status a node's handler can end with (success, fail, retry; a YAML step's
  results);
* **answers** — each answer a human gate can give: a label of choice gates, Yes and No, a
  freeform gate's labels and "any other text", an interview answered or cancelled;
* **markers** — each tool output a condition on the tool's edges compares with (``tool_stdout``,
  ``tool_marker``, ``tool_route``), and each alternative of an enumerable ``marker_grep``;
* **clauses** — each comparison inside each condition, once true and once false, whenever the
  engine evaluated that condition.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from dipcheck.analysis.routing import compare, routing_key
from dipcheck.analysis.runtime import Handler
from dipcheck.model import Edge
from dipcheck.records import field, record
from dipcheck.simulate import explain
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import human, producible
from dipcheck.simulate.scenario import ScenarioOracle
from dipcheck.simulate.trace import Step
from dipcheck.target import TargetVersion
from dipcheck.terminal import visible_line
from dipcheck.wftest.runner import TestResult

KINDS = ("edges", "outcomes", "answers", "markers", "clauses")
OTHER_TEXT = "(any other text)"
_OUTPUT_KEYS = ("tool_stdout", "tool_marker", "tool_route")
_LITERAL = re.compile(r"[^.*+?\[\]{}()|\\^$]+")


@record
class Item:
    kind: str
    node: str  # the node it belongs to (an edge's source)
    label: str
    line: int  # 1-based
    column: int
    hits: int = 0
    reached: bool = False  # its node ran (or its condition was evaluated)
    key: Any = None

    @property
    def covered(self) -> bool:
        return self.hits > 0


@record
class Coverage:
    workflow: str
    items: list[Item] = field(default_factory=list)
    visits: dict[str, int] = field(default_factory=dict)  # node → steps that ran it

    def count(self, kind: str | None = None) -> tuple[int, int]:
        chosen = [item for item in self.items if kind is None or item.kind == kind]
        return sum(1 for item in chosen if item.covered), len(chosen)


def percent(covered: int, total: int) -> float:
    return 100.0 * covered / total if total else 100.0


def _position(span: Any) -> tuple[int, int]:
    line, column = span.start_position()
    return line + 1, column + 1


def _edge_label(edge: Edge) -> str:
    return f"{edge.source.value} -> {edge.target.value}"


def measured_edges(graph: RunGraph) -> list[Edge]:
    branches = {branch for info in graph.parallels.values() for branch in info.branches}
    return [
        edge
        for edge in graph.all_edges
        if not (
            edge.implicit
            and edge.source.value in branches
            and edge.target.value in graph.nodes
            and graph.handler(edge.target.value) is Handler.FAN_IN
        )
    ]


def _ran(results: Iterable[TestResult]) -> Iterable[tuple[TestResult, Step]]:
    """The steps of this workflow's own nodes: main-loop steps and parallel branches."""
    for result in results:
        if result.observed is None:
            continue
        for step in result.observed.steps:
            if step.own:
                yield result, step


def measure(
    workflow: str, graph: RunGraph, target: TargetVersion, results: Sequence[TestResult]
) -> Coverage:
    coverage = Coverage(workflow)
    ran = list(_ran(results))
    for _, step in ran:
        coverage.visits[step.node] = coverage.visits.get(step.node, 0) + 1
    coverage.items.extend(_edges(graph, ran))
    coverage.items.extend(_outcomes(graph, ran))
    coverage.items.extend(_answers(graph, ran))
    coverage.items.extend(_markers(graph, target, ran))
    coverage.items.extend(_clauses(graph, target, results))
    for item in coverage.items:
        if item.kind != "clauses":
            item.reached = coverage.visits.get(item.node, 0) > 0
    return coverage


def _edges(graph: RunGraph, ran: list[tuple[TestResult, Step]]) -> list[Item]:
    hits: dict[int, int] = {}
    for _, step in ran:
        if step.depth == 0 and step.edge is not None and step.edge.edge is not None:
            hits[id(step.edge.edge)] = hits.get(id(step.edge.edge), 0) + 1
        elif step.depth == 1 and step.within in graph.parallels:
            for edge in graph.edges_from(step.within):
                if edge.target.value == step.node:  # the fork edge its branch ran by
                    hits[id(edge)] = hits.get(id(edge), 0) + 1
                    break
    return [
        Item(
            "edges",
            edge.source.value,
            _edge_label(edge),
            *_position(edge.span),
            hits.get(id(edge), 0),
            key=edge,
        )
        for edge in measured_edges(graph)
    ]


def _outcomes(graph: RunGraph, ran: list[tuple[TestResult, Step]]) -> list[Item]:
    hits: dict[tuple[str, str], int] = {}
    for _, step in ran:
        hits[(step.node, step.outcome)] = hits.get((step.node, step.outcome), 0) + 1
    items: list[Item] = []
    for node_id, node in graph.nodes.items():
        line, column = _position(node.id_span)
        for outcome in producible(graph, node_id):
            items.append(
                Item(
                    "outcomes",
                    node_id,
                    f"{node_id}: {outcome}",
                    line,
                    column,
                    hits.get((node_id, outcome), 0),
                )
            )
    return items


def gate_options(graph: RunGraph, gate: str) -> list[tuple[str, str]]:
    """A human gate's possible answers: (what the answer is called, its routing key)."""
    mode = graph.human_mode(gate)
    if mode == "yes_no":
        return [("Yes", "Yes"), ("No", "No")]
    if mode == "interview":
        return [("answered", "success"), ("cancelled", "fail")]
    options: list[tuple[str, str]] = []
    for edge in graph.edges_from(gate):
        name = edge.label or edge.choice or edge.target.value
        if mode == "freeform" and not (edge.label or edge.choice):
            continue
        option = (name, routing_key(edge))
        if option not in options:
            options.append(option)
    if mode == "freeform":
        options.append((OTHER_TEXT, ""))
    return options


def _answer(graph: RunGraph, result: TestResult, step: Step) -> str:
    """The routing key of the answer a gate gave at a step (the scenario's choice for that
    visit, run through the handler again)."""
    oracle = ScenarioOracle(result.case.scenario)
    choice = oracle.choices(None, None, step.node, step.attempt)[0]
    outcome = human(graph, step.node, step.node, {}, choice)
    if graph.human_mode(step.node) == "interview":
        return outcome.status
    return outcome.preferred


def _answers(graph: RunGraph, ran: list[tuple[TestResult, Step]]) -> list[Item]:
    gates = [node for node in graph.nodes if graph.handler(node) is Handler.HUMAN]
    hits: dict[tuple[str, str], int] = {}
    for result, step in ran:
        if step.node in gates and step.outcome != "error":
            answer = _answer(graph, result, step)
            hits[(step.node, answer)] = hits.get((step.node, answer), 0) + 1
    items: list[Item] = []
    for gate in gates:
        line, column = _position(graph.nodes[gate].id_span)
        for name, key in gate_options(graph, gate):
            items.append(
                Item("answers", gate, f"{gate}: {name!r}", line, column, hits.get((gate, key), 0))
            )
    return items


def marker_options(pattern: str) -> list[str]:
    """The alternatives of an enumerable marker_grep (``^(ready|missing)$``, ``done``)."""
    body = pattern.removeprefix("^").removesuffix("$")
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    parts = body.split("|")
    if all(_LITERAL.fullmatch(part) for part in parts):
        return parts
    return []


def tool_outputs(graph: RunGraph, tool: str, target: TargetVersion) -> list[tuple[str, str, str]]:
    """(key, operator, value) for each output a condition on the tool's edges compares with,
    and each alternative of its marker_grep."""
    found: list[tuple[str, str, str]] = []
    for edge in graph.edges_from(tool):
        for item in explain.edge_comparisons(graph, edge, target):
            key = explain.bare(item.left)
            if key in _OUTPUT_KEYS:
                entry = (key, item.op.removeprefix("not "), item.right)
                if entry not in found:
                    found.append(entry)
    pattern = graph.attr(tool, "marker_grep")
    for option in marker_options(pattern) if pattern else []:
        if not any(key == "tool_marker" and value == option for key, _, value in found):
            found.append(("tool_marker", "=", option))
    return found


def _markers(
    graph: RunGraph, target: TargetVersion, ran: list[tuple[TestResult, Step]]
) -> list[Item]:
    items: list[Item] = []
    for tool in graph.nodes:
        if graph.handler(tool) is not Handler.TOOL:
            continue
        line, column = _position(graph.nodes[tool].id_span)
        steps = [step for _, step in ran if step.node == tool]
        for key, op, value in tool_outputs(graph, tool, target):
            hits = 0
            for step in steps:
                written = dict(step.writes)
                if key not in written:
                    continue
                try:
                    hits += compare(written[key], op, value)
                except Exception:  # an invalid regex matches nothing
                    continue
            items.append(Item("markers", tool, f"{tool}: {key} {op} {value}", line, column, hits))
    return items


def _clauses(graph: RunGraph, target: TargetVersion, results: Sequence[TestResult]) -> list[Item]:
    hits: dict[tuple[int, int, bool], int] = {}
    evaluated: set[int] = set()
    for result in results:
        for edge, values in result.evaluations:
            evaluated.add(id(edge))
            for index, value in enumerate(values):
                if value is not None:
                    hits[(id(edge), index, value)] = hits.get((id(edge), index, value), 0) + 1
    items: list[Item] = []
    for edge in graph.all_edges:
        if not edge.conditional or edge.condition is None:
            continue
        line, column = _position(edge.condition.span)
        for index, item in enumerate(explain.edge_comparisons(graph, edge, target)):
            negated = "not " if item.negated else ""
            text = f"{negated}{item.left} {item.op} {item.right}"
            for value in (True, False):
                found = Item(
                    "clauses",
                    edge.source.value,
                    f"{_edge_label(edge)}: `{text}` {'true' if value else 'false'}",
                    line,
                    column,
                    hits.get((id(edge), index, value), 0),
                    reached=id(edge) in evaluated,
                    key=(edge, index, value),
                )
                items.append(found)
    return items


# -- output ------------------------------------------------------------------------------------


def text(coverages: Sequence[Coverage], display: Any) -> str:
    lines: list[str] = []
    for coverage in coverages:
        covered, total = coverage.count()
        lines.append(
            f"coverage of {display(coverage.workflow)}: {percent(covered, total):.1f}% "
            f"({covered} of {total})"
        )
        for kind in KINDS:
            done, of = coverage.count(kind)
            if of:
                lines.append(f"  {kind:<9} {done:>4}/{of:<4} {percent(done, of):5.1f}%")
        missing = [item for item in coverage.items if not item.covered]
        if missing:
            lines.append("  not covered:")
            for item in missing:
                where = f"{display(coverage.workflow)}:{item.line}:{item.column}"
                # (a label quotes a node id, which can hold a line break: one line each)
                lines.append(f"    {where}  {item.kind[:-1]} {visible_line(item.label)}")
    covered = sum(coverage.count()[0] for coverage in coverages)
    total = sum(coverage.count()[1] for coverage in coverages)
    if len(coverages) > 1:
        lines.append(f"total coverage: {percent(covered, total):.1f}% ({covered} of {total})")
    return "\n".join(lines) + "\n" if lines else ""


def document(coverages: Sequence[Coverage]) -> dict[str, Any]:
    covered = sum(coverage.count()[0] for coverage in coverages)
    total = sum(coverage.count()[1] for coverage in coverages)
    return {
        "percent": round(percent(covered, total), 2),
        "covered": covered,
        "total": total,
        "workflows": [
            {
                "file": coverage.workflow,
                "percent": round(percent(*coverage.count()), 2),
                "covered": coverage.count()[0],
                "total": coverage.count()[1],
                "kinds": {
                    kind: dict(zip(("covered", "total"), coverage.count(kind), strict=True))
                    for kind in KINDS
                },
                "items": [
                    {
                        "kind": item.kind,
                        "node": item.node,
                        "label": item.label,
                        "line": item.line,
                        "column": item.column,
                        "hits": item.hits,
                        "covered": item.covered,
                    }
                    for item in coverage.items
                ],
            }
            for coverage in coverages
        ],
    }


def total_percent(coverages: Sequence[Coverage]) -> float:
    covered = sum(coverage.count()[0] for coverage in coverages)
    total = sum(coverage.count()[1] for coverage in coverages)
    return percent(covered, total)
