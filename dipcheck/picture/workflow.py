"""The picture of a whole workflow, as ``dipcheck graph`` draws it.

* every node with tracker's shape for its handler
(docs/runtime/loading.md#from-dippin-to-trackers-graph) and every edge in
  the order tracker tries them, the ones its adapter adds for ``parallel``/``fan_in`` included
  (``RunGraph``);
* conditions, labels and choices on the edges; back edges (``restart: true``/``loop``) in
  blue with ``↺``, left out of Graphviz's ranking so that the forward flow reads top-down;
* the branches of each parallel node in a cluster; with ``expand``, the child workflow of
  each subgraph and manager loop in a cluster of its own (nested up to :data:`MAX_DEPTH`);
* findings (of the drawn file; an expanded child is drawn without its own): a node or edge
  with an error in red, with a warning in amber, the codes under the node's name and every
  finding in the tooltip;
* coverage: edges the tests did not take dashed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.model import Edge, Node, NodeKind, Workflow
from dipcheck.picture.drawing import (
    LABEL_GREY,
    Arrow,
    Box,
    Cluster,
    Drawing,
    Look,
    shorten,
    wrap,
)
from dipcheck.records import record
from dipcheck.simulate.graph import RunGraph, node_attr

MAX_DEPTH = 3
# boxes an expanded drawing holds at most: past them a subgraph is drawn without its child
# (25 subgraph nodes in each of four workflows that call each other expanded to 25⁴ clusters:
# 2 GB and no answer in a minute)
MAX_EXPANDED_BOXES = 5_000
EDGE_WRAP = 26
RED, RED_FILL = "#c62828", "#fdecea"
AMBER, AMBER_FILL = "#b26a00", "#fff4e0"
BLUE = "#1565c0"
CHILD = "#eef3fb"
_PREFIX = re.compile(r"(?<![\w.])(?:ctx|context)\.")

ChildLoader = Callable[[Workflow, str], "Workflow | str"]


@record(frozen=True, slots=True)
class Options:
    expand: bool = False
    direction: str = "TB"


DEFAULT_OPTIONS = Options()


@record
class _Marks:
    """Findings by node id and by edge (``id()``), and those that belong to neither."""

    nodes: dict[str, list[Diagnostic]]
    edges: dict[int, list[Diagnostic]]
    rest: list[Diagnostic]


def _locate(workflow: Workflow, diagnostics: Sequence[Diagnostic]) -> _Marks:
    marks = _Marks({}, {}, [])
    included = {
        id(item.included.source): node.id
        for node in workflow.nodes
        for item in node.fields
        if item.included is not None
    }
    for item in diagnostics:
        span = item.span
        if span.source is not workflow.source:
            owner = included.get(id(span.source))
            if owner is None:
                marks.rest.append(item)
            else:
                marks.nodes.setdefault(owner, []).append(item)
            continue
        element = workflow.element_at(span)
        if isinstance(element, Edge):
            marks.edges.setdefault(id(element), []).append(item)
        elif element is not None:
            marks.nodes.setdefault(element.id, []).append(item)
        else:
            marks.rest.append(item)
    return marks


def _worst(items: Sequence[Diagnostic]) -> Severity | None:
    return max((item.severity for item in items), default=None)


def _codes(items: Sequence[Diagnostic]) -> str:
    shown = [item for item in items if item.severity >= Severity.WARNING]
    codes = list(dict.fromkeys(item.code for item in shown))
    if not codes:
        return ""
    sign = "⛔" if _worst(shown) is Severity.ERROR else "⚠"
    return f"{sign} {' '.join(codes[:4])}" + (" …" if len(codes) > 4 else "")


def _findings_text(items: Sequence[Diagnostic]) -> str:
    return "\n".join(
        f"{item.code} {item.severity.label}: {shorten(item.message, 160)}" for item in items
    )


def condition_label(text: str) -> str:
    """A condition as the picture shows it: without the ``ctx.`` prefixes, wrapped."""
    return wrap(_PREFIX.sub("", " ".join(text.split())), EDGE_WRAP)


def _edge_label(graph: RunGraph, edge: Edge) -> str:
    parts: list[str] = []
    condition = graph.condition_text(edge)
    if condition:
        parts.append(condition_label(condition))
    key = edge.choice or edge.label
    if key:
        parts.append(wrap(shorten(key, 60), EDGE_WRAP) if not condition else f"[{key}]")
    if edge.override:
        parts.append("(override)")
    if not parts and any(other.conditional for other in graph.edges_from(edge.source.value)):
        parts.append("otherwise")
    text = "\n".join(parts)
    if edge.is_back_edge:
        return f"↺ {text}" if text else "↺"
    return text


def _edge_tooltip(graph: RunGraph, edge: Edge, findings: Sequence[Diagnostic]) -> str:
    line = f"{edge.source.value} → {edge.target.value}"
    condition = graph.condition_text(edge)
    if condition:
        line += f" when {condition}"
    if edge.choice or edge.label:
        line += f" [{edge.choice or edge.label}]"
    if edge.is_back_edge:
        line += " (back edge)"
    if edge.implicit:
        line += " (added for parallel/fan_in)"
    return "\n".join(filter(None, [line, _findings_text(findings)]))


def _node_tooltip(graph: RunGraph, node: Node, findings: Sequence[Diagnostic]) -> str:
    handler = graph.handler(node.id).value
    lines = [f"{node.kind.value} {node.id} ({handler})"]
    label = node.value("label").strip()
    if label and label != node.id:
        lines.append(shorten(label, 120))
    for key in ("prompt", "command"):
        text = node.value(key).strip()
        if text:
            lines.append(f"{key}: {shorten(text.split(chr(10))[0], 100)}")
    ref = node_attr(node, "ref") or node_attr(node, "subgraph_ref")
    if ref:
        lines.append(f"ref: {ref}")
    if findings:
        lines.append(_findings_text(findings))
    return "\n".join(lines)


class _Painter:
    def __init__(self, options: Options, loader: ChildLoader | None) -> None:
        self.options = options
        self.loader = loader
        self.drawing = Drawing("workflow", direction=options.direction, edge_font_color=LABEL_GREY)
        self.unexpanded = 0  # subgraphs left unexpanded at MAX_EXPANDED_BOXES
        self.drawing.graph_attrs.update(
            {"nodesep": "0.3", "ranksep": "0.45", "newrank": "true", "fontsize": "16"}
        )
        looks = self.drawing.looks
        looks["error"] = Look(fill=RED_FILL, color=RED, width=2.5)
        looks["warning"] = Look(fill=AMBER_FILL, color=AMBER, width=2)
        looks["branches"] = Look(color="#b0bec5")
        looks["child"] = Look(fill=CHILD, color="#90a4ae")
        looks["child-link"] = Look(color="#90a4ae", line="dotted")

    def arrow_look(self, base: str, untested: bool) -> str:
        name = f"{base or 'edge'}-untested" if untested else base
        if name and name not in self.drawing.looks:
            color = {"error": RED, "warning": AMBER, "back": BLUE}.get(base, "")
            width = {"error": 2.5, "warning": 2, "back": 1.5}.get(base, 0)
            self.drawing.looks[name] = Look(
                color=color, width=width, line="dashed" if untested else "solid"
            )
        return name

    def paint(
        self,
        graph: RunGraph,
        prefix: str,
        cluster: str,
        marks: _Marks | None,
        untested: set[int],
        chain: tuple[str, ...],
    ) -> None:
        workflow = graph.workflow
        branch_cluster = self.branch_clusters(graph, prefix, cluster)
        for node_id, node in graph.nodes.items():
            found = marks.nodes.get(node_id, []) if marks else []
            worst = _worst([item for item in found if item.severity >= Severity.WARNING])
            look = "error" if worst is Severity.ERROR else "warning" if worst is not None else ""
            note = _codes(found)
            ref = node_attr(node, "ref") or node_attr(node, "subgraph_ref")
            if ref and node.kind in (NodeKind.SUBGRAPH, NodeKind.MANAGER_LOOP):
                note = "\n".join(filter(None, [f"→ {shorten(os.path.basename(ref), 40)}", note]))
            self.drawing.boxes.append(
                Box(
                    prefix + node_id,
                    node_id,
                    graph.handler(node_id),
                    look,
                    _node_tooltip(graph, node, found),
                    branch_cluster.get(node_id, cluster),
                    note,
                )
            )
        for edge in graph.all_edges:
            found = marks.edges.get(id(edge), []) if marks else []
            worst = _worst([item for item in found if item.severity >= Severity.WARNING])
            base = (
                "error"
                if worst is Severity.ERROR
                else "warning"
                if worst is not None
                else "back"
                if edge.is_back_edge
                else ""
            )
            label = _edge_label(graph, edge)
            codes = _codes(found)
            self.drawing.arrows.append(
                Arrow(
                    prefix + edge.source.value,
                    prefix + edge.target.value,
                    "\n".join(filter(None, [label, codes])),
                    self.arrow_look(base, id(edge) in untested),
                    _edge_tooltip(graph, edge, found),
                    constraint=not edge.is_back_edge,
                )
            )
        # (``chain``: the workflows drawn around this one, itself last: the top one alone has
        # one, and its children are the first of MAX_DEPTH levels)
        if self.options.expand and self.loader is not None and len(chain) <= MAX_DEPTH:
            for node in workflow.nodes:
                if node.kind in (NodeKind.SUBGRAPH, NodeKind.MANAGER_LOOP):
                    self.expand(graph, node, prefix, cluster, chain)

    def branch_clusters(self, graph: RunGraph, prefix: str, cluster: str) -> dict[str, str]:
        """Each parallel node's branches in a cluster, when no branch is shared, none is
        the start or exit and a branch is not itself a parallel node."""
        owners: dict[str, list[str]] = {}
        for node_id, info in graph.parallels.items():
            for branch in info.branches:
                owners.setdefault(branch, []).append(node_id)
        result: dict[str, str] = {}
        for node_id, info in graph.parallels.items():
            branches = [b for b in info.branches if b in graph.nodes]
            if len(branches) < 2 or any(
                len(owners[b]) > 1 or b in (graph.start, graph.exit) or b in graph.parallels
                for b in branches
            ):
                continue
            key = f"{prefix}{node_id}#branches"
            self.drawing.clusters.append(
                Cluster(key, f"{node_id}: parallel branches", cluster, "branches")
            )
            for branch in branches:
                result[branch] = key
        return result

    def expand(
        self, graph: RunGraph, node: Node, prefix: str, cluster: str, chain: tuple[str, ...]
    ) -> None:
        assert self.loader is not None
        ref = node_attr(node, "ref") or node_attr(node, "subgraph_ref")
        if not ref:
            return
        child = self.loader(graph.workflow, ref)
        if isinstance(child, str):
            return
        path = os.path.realpath(child.source.path)
        if path in chain:
            return  # a workflow that includes itself: drawn once
        child_graph = RunGraph(child)
        if len(self.drawing.boxes) + len(child_graph.nodes) > MAX_EXPANDED_BOXES:
            self.unexpanded += 1
            return
        inner = f"{prefix}{node.id}/"
        key = f"{inner}#cluster"
        label = f"{node.id} runs {shorten(ref, 60)}"
        self.drawing.clusters.append(Cluster(key, label, cluster, "child", tooltip=path))
        self.paint(child_graph, inner, key, None, set(), (*chain, path))
        here = prefix + node.id
        runs = "child-link"
        if child_graph.start in child_graph.nodes:
            self.drawing.arrows.append(
                Arrow(here, inner + child_graph.start, "runs", runs, f"{node.id} runs {ref}")
            )
        if child_graph.exit in child_graph.nodes:
            self.drawing.arrows.append(
                Arrow(
                    inner + child_graph.exit,
                    here,
                    "returns",
                    runs,
                    f"{ref} returns to {node.id}",
                    constraint=False,
                )
            )


def draw(
    workflow: Workflow,
    diagnostics: Sequence[Diagnostic] = (),
    untested: Callable[[RunGraph], set[int]] | None = None,
    options: Options = DEFAULT_OPTIONS,
    loader: ChildLoader | None = None,
) -> Drawing:
    """The picture of ``workflow`` with ``diagnostics`` overlaid; ``untested`` gives the
    edges (``id()``) to dash; ``loader`` reads the child workflows ``expand`` draws."""
    graph = RunGraph(workflow)
    marks = _locate(workflow, diagnostics)
    painter = _Painter(options, loader)
    base = _file_name(workflow.source.path)
    name = workflow.name.value if workflow.name else base
    painter.drawing.name = name
    # the chain of workflows drawn around each one starts with this one: a child that is
    # this file again is not drawn inside it
    path = workflow.source.path
    top = "<top>" if path.startswith("<") else os.path.realpath(path)
    painter.paint(graph, "", "", marks, untested(graph) if untested else set(), (top,))
    counts = {
        severity: sum(1 for item in diagnostics if item.severity is severity)
        for severity in (Severity.ERROR, Severity.WARNING)
    }
    summary = ", ".join(
        f"{count} {severity.label}{'s' * (count != 1)}"
        for severity, count in counts.items()
        if count
    )
    title = f"{name} ({base})"
    painter.drawing.title = f"{title}: {summary}" if summary else title
    if painter.unexpanded:
        painter.drawing.title += (
            f" ({painter.unexpanded} subgraph{'s' * (painter.unexpanded != 1)} not expanded: "
            f"the drawing holds at most {MAX_EXPANDED_BOXES:,} boxes)"
        )
    return painter.drawing


def _file_name(path: str) -> str:
    """The base name of ``path`` as the title shows it: in a name that is not UTF-8, each
    byte that is not is U+FFFD (Python reads it as a lone surrogate, which no UTF-8 output
    can hold: the drawing ended with a UnicodeEncodeError traceback)."""
    return os.path.basename(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


FORMATS = ("mermaid", "dot", "svg", "png")


def render(
    workflow: Workflow,
    fmt: str,
    diagnostics: Sequence[Diagnostic] = (),
    untested: Callable[[RunGraph], set[int]] | None = None,
    options: Options = DEFAULT_OPTIONS,
    loader: ChildLoader | None = None,
) -> str | bytes:
    """The picture in ``fmt``: Mermaid (a fenced Markdown block) or DOT text, or SVG/PNG
    bytes from Graphviz (:class:`~dipcheck.picture.graphviz.GraphvizError` without it)."""
    from dipcheck.picture.drawing import to_dot, to_mermaid

    drawing = draw(workflow, diagnostics, untested, options, loader)
    if fmt == "mermaid":
        return to_mermaid(drawing)
    text = to_dot(drawing)
    if fmt == "dot":
        return text
    from dipcheck.picture.graphviz import render as graphviz

    return graphviz(text, fmt)
