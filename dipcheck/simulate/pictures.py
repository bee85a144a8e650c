"""Pictures of a workflow with a simulated path highlighted: Mermaid (renders in GitHub
Markdown) and Graphviz DOT (``dot -Tsvg``), drawn through :mod:`dipcheck.picture.drawing`.

Visited nodes and taken edges are styled; a taken edge is labelled with the numbers of the
steps that took it. Engine redirects that follow no edge of the graph (a retry, a strict-failure
fallback, a goal-gate redirect) are drawn as extra dashed edges. Node shapes are tracker's
(docs/runtime/loading.md#from-dippin-to-trackers-graph).
"""

from __future__ import annotations

from collections.abc import Iterable

from dipcheck.analysis.runtime import Handler
from dipcheck.picture.drawing import Arrow, Box, Drawing, Look, shorten, to_dot, to_mermaid
from dipcheck.records import field, record
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.trace import Run

GREEN = "#2e7d32"
GREEN_FILL = "#dff0d8"
RED = "#c62828"
RED_FILL = "#f8d7da"
MAX_LABEL = 48


@record
class Picture:
    """What to draw: every edge of the graph (with the steps that took it), redirects, and
    which nodes were visited."""

    edges: list[tuple[str, str, str, bool, list[str]]] = field(default_factory=list)
    redirects: list[tuple[str, str, str]] = field(default_factory=list)
    visited: set[str] = field(default_factory=set)
    failed: str | None = None
    title: str = ""


def _edge_text(graph: RunGraph, edge) -> str:  # type: ignore[no-untyped-def]
    condition = graph.condition_text(edge)
    if condition:
        return "when " + condition
    return edge.choice or edge.label


def picture(graph: RunGraph, run: Run | None, covered: Iterable[int] = ()) -> Picture:
    result = Picture()
    numbers: dict[int, list[str]] = {}
    for index in covered:
        numbers.setdefault(index, [])
    if run is not None:
        _trace(graph, run, result, numbers)
    for edge in graph.all_edges:
        steps = numbers.get(id(edge))
        text = _edge_text(graph, edge)
        result.edges.append(
            (edge.source.value, edge.target.value, text, steps is not None, steps or [])
        )
    if run is None:
        for edge in graph.all_edges:
            if id(edge) in numbers:
                result.visited |= {edge.source.value, edge.target.value}
        if graph.start in graph.nodes:
            result.visited.add(graph.start)
    return result


def _trace(graph: RunGraph, run: Run, result: Picture, numbers: dict[int, list[str]]) -> None:
    fork_edges = {(e.source.value, e.target.value): e for e in graph.all_edges}
    number = 0
    for step in run.steps:
        if step.depth != 0:
            continue
        number += 1
        result.visited.add(step.model_node)
        branches = [
            inner.model_node
            for inner in run.steps
            if inner.depth == 1 and inner.within == step.node
        ]
        for branch in branches:
            if step.handler == Handler.PARALLEL.value:
                result.visited.add(branch)
                fork = fork_edges.get((step.model_node, branch))
                if fork is not None:
                    numbers.setdefault(id(fork), []).append(str(number))
        if step.edge is None:
            continue
        if step.edge.edge is not None:
            numbers.setdefault(id(step.edge.edge), []).append(str(number))
        else:
            result.redirects.append(
                (step.edge.source, step.edge.target, f"{number} {step.edge.reason}")
            )
    end = run.end
    if end is not None:
        result.title = f"dipcheck simulate: {end.status}"
        if not end.succeeded and run.top:
            result.failed = run.top[-1].model_node


def _label(text: str, steps: list[str]) -> str:
    numbers = ", ".join(steps)
    if numbers and text:
        return f"{numbers}: {shorten(text, MAX_LABEL)}"
    return numbers or shorten(text, MAX_LABEL)


def _drawing(graph: RunGraph, drawn: Picture) -> Drawing:
    name = graph.workflow.name.value if graph.workflow.name else "workflow"
    drawing = Drawing(
        name,
        title=drawn.title,
        looks={
            "visited": Look(fill=GREEN_FILL, color=GREEN, width=2),
            "failed": Look(fill=RED_FILL, color=RED, width=3),
            "taken": Look(color=GREEN, width=2.5),
            "redirect": Look(color=GREEN, width=2, line="dashed"),
        },
    )
    for node in graph.nodes:
        look = "failed" if node == drawn.failed else "visited" if node in drawn.visited else ""
        drawing.boxes.append(Box(node, node, graph.handler(node), look))
    for source, target, text, taken, steps in drawn.edges:
        if source in graph.nodes and target in graph.nodes:
            look = "taken" if taken else ""
            drawing.arrows.append(Arrow(source, target, _label(text, steps), look))
    for source, target, text in drawn.redirects:
        if source in graph.nodes and target in graph.nodes:
            drawing.arrows.append(Arrow(source, target, text, "redirect"))
    return drawing


def mermaid(graph: RunGraph, run: Run | None, covered: Iterable[int] = ()) -> str:
    return to_mermaid(_drawing(graph, picture(graph, run, covered)))


def dot(graph: RunGraph, run: Run | None, covered: Iterable[int] = ()) -> str:
    return to_dot(_drawing(graph, picture(graph, run, covered)))
