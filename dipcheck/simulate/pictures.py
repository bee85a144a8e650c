"""Pictures of a workflow with a simulated path highlighted: Mermaid (renders in GitHub
Markdown) and Graphviz DOT (``dot -Tsvg``).

Visited nodes and taken edges are styled; a taken edge is labelled with the numbers of the
steps that took it. Engine redirects that follow no edge of the graph (a retry, a strict-failure
fallback, a goal-gate redirect) are drawn as extra dashed edges. Node shapes are tracker's
(tracker-runtime.md §0.2). Node ids are never written into the picture's syntax: Mermaid gets
generated identifiers (``n0``, ``n1`` …) with the id in a quoted, escaped label; DOT gets
quoted, escaped identifiers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from dipcheck.analysis.runtime import Handler
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.trace import Run

GREEN = "#2e7d32"
GREEN_FILL = "#dff0d8"
RED = "#c62828"
RED_FILL = "#f8d7da"
GREY = "#9e9e9e"
MAX_LABEL = 48

_MERMAID_SHAPES = {
    Handler.START: ('(["', '"])'),
    Handler.EXIT: ('(["', '"])'),
    Handler.HUMAN: ('{{"', '"}}'),
    Handler.TOOL: ('[/"', '"/]'),
    Handler.CONDITIONAL: ('{"', '"}'),
    Handler.PARALLEL: ('[["', '"]]'),
    Handler.FAN_IN: ('[["', '"]]'),
    Handler.SUBGRAPH: ('[["', '"]]'),
    Handler.MANAGER_LOOP: ('[["', '"]]'),
}
_DOT_SHAPES = {
    Handler.CODERGEN: "box",
    Handler.HUMAN: "hexagon",
    Handler.TOOL: "parallelogram",
    Handler.PARALLEL: "component",
    Handler.FAN_IN: "tripleoctagon",
    Handler.SUBGRAPH: "tab",
    Handler.CONDITIONAL: "diamond",
    Handler.MANAGER_LOOP: "house",
    Handler.START: "Mdiamond",
    Handler.EXIT: "Msquare",
}


@dataclass
class Picture:
    """What to draw: every edge of the graph (with the steps that took it), redirects, and
    which nodes were visited."""

    edges: list[tuple[str, str, str, bool, list[str]]] = field(default_factory=list)
    redirects: list[tuple[str, str, str]] = field(default_factory=list)
    visited: set[str] = field(default_factory=set)
    failed: str | None = None
    title: str = ""


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


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
        return f"{numbers}: {_short(text)}"
    return numbers or _short(text)


# -- Mermaid ---------------------------------------------------------------------------------


def mermaid_text(text: str) -> str:
    """Text inside a quoted Mermaid label: entity codes for the characters Mermaid reads."""
    return (
        text.replace("#", "#35;")
        .replace('"', "#quot;")
        .replace("<", "#lt;")
        .replace(">", "#gt;")
        .replace("|", "#124;")
    )


def mermaid(graph: RunGraph, run: Run | None, covered: Iterable[int] = ()) -> str:
    drawn = picture(graph, run, covered)
    ids = {node: f"n{index}" for index, node in enumerate(graph.nodes)}
    lines = ["```mermaid", "flowchart TD"]
    if drawn.title:
        lines.append(f"    %% {drawn.title}")
    for node, ident in ids.items():
        left, right = _MERMAID_SHAPES.get(graph.handler(node), ('["', '"]'))
        lines.append(f"    {ident}{left}{mermaid_text(node)}{right}")
    styled: list[int] = []
    index = 0
    for source, target, text, taken, steps in drawn.edges:
        if source not in ids or target not in ids:
            continue
        label = _label(text, steps)
        arrow = f'-->|"{mermaid_text(label)}"|' if label else "-->"
        lines.append(f"    {ids[source]} {arrow} {ids[target]}")
        if taken:
            styled.append(index)
        index += 1
    redirect_links: list[int] = []
    for source, target, text in drawn.redirects:
        if source in ids and target in ids:
            lines.append(f'    {ids[source]} -.->|"{mermaid_text(text)}"| {ids[target]}')
            redirect_links.append(index)
            index += 1
    lines.append(f"    classDef visited fill:{GREEN_FILL},stroke:{GREEN},stroke-width:2px")
    lines.append(f"    classDef failed fill:{RED_FILL},stroke:{RED},stroke-width:3px")
    visited = [ids[node] for node in ids if node in drawn.visited and node != drawn.failed]
    if visited:
        lines.append(f"    class {','.join(visited)} visited")
    if drawn.failed in ids:
        lines.append(f"    class {ids[drawn.failed]} failed")
    if styled:
        lines.append(f"    linkStyle {','.join(map(str, styled))} stroke:{GREEN},stroke-width:3px")
    if redirect_links:
        joined = ",".join(map(str, redirect_links))
        lines.append(f"    linkStyle {joined} stroke:{GREEN},stroke-width:2px")
    lines.append("```")
    return "\n".join(lines) + "\n"


# -- Graphviz DOT ----------------------------------------------------------------------------


def dot_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def dot(graph: RunGraph, run: Run | None, covered: Iterable[int] = ()) -> str:
    drawn = picture(graph, run, covered)
    name = graph.workflow.name.value if graph.workflow.name else "workflow"
    lines = [
        f"digraph {dot_string(name)} {{",
        f'  graph [rankdir=TB, fontname="Helvetica", labelloc=t, label={dot_string(drawn.title)}];',
        '  node [style="rounded,filled", fillcolor="white", fontname="Helvetica"];',
        f'  edge [fontname="Helvetica", fontsize=10, color="{GREY}", fontcolor="{GREY}"];',
    ]
    for node in graph.nodes:
        attrs = [f"shape={_DOT_SHAPES.get(graph.handler(node), 'box')}"]
        if node == drawn.failed:
            attrs += [f'fillcolor="{RED_FILL}"', f'color="{RED}"', "penwidth=3"]
        elif node in drawn.visited:
            attrs += [f'fillcolor="{GREEN_FILL}"', f'color="{GREEN}"', "penwidth=2"]
        lines.append(f"  {dot_string(node)} [{', '.join(attrs)}];")
    for source, target, text, taken, steps in drawn.edges:
        label = _label(text, steps)
        attrs = [f"label={dot_string(label)}"] if label else []
        if taken:
            attrs += [f'color="{GREEN}"', f'fontcolor="{GREEN}"', "penwidth=2.5"]
        suffix = f" [{', '.join(attrs)}]" if attrs else ""
        lines.append(f"  {dot_string(source)} -> {dot_string(target)}{suffix};")
    for source, target, text in drawn.redirects:
        lines.append(
            f"  {dot_string(source)} -> {dot_string(target)} [label={dot_string(text)}, "
            f'style=dashed, color="{GREEN}", fontcolor="{GREEN}"];'
        )
    lines.append("}")
    return "\n".join(lines) + "\n"
