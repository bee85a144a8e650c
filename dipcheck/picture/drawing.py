"""What a picture shows, independent of its syntax, and the two syntaxes it is written in:
Mermaid (renders in GitHub Markdown and VS Code's Markdown preview) and Graphviz DOT (``dot``
renders it as SVG or PNG).

A :class:`Drawing` holds boxes (nodes, drawn with tracker's shape for their handler,
docs/runtime/loading.md#from-dippin-to-trackers-graph), arrows, clusters and named :class:`Look` s
that boxes and arrows
refer to. Identifiers from the workflow are never written into either syntax as they are:
Mermaid gets generated identifiers (``n0``, ``c0`` …) with the text in quoted, escaped labels;
DOT gets quoted, escaped identifiers.
"""

from __future__ import annotations

from dipcheck.analysis.runtime import Handler
from dipcheck.records import field, record

GREY = "#9e9e9e"
LABEL_GREY = "#5f6368"
FONT = "Helvetica"

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
# tracker's shapes for its handlers (pipeline/graph.go shapeHandlerMap, §0.2)
DOT_SHAPES = {
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


@record(frozen=True, slots=True)
class Look:
    """A named style: ``fill`` for boxes, ``color`` for outlines and lines, ``font`` for an
    arrow's label, ``width`` in points (0: the default), ``line`` one of ``solid``,
    ``dashed``, ``dotted``, ``bold``."""

    fill: str = ""
    color: str = ""
    font: str = ""
    width: float = 0
    line: str = "solid"


@record(slots=True)
class Box:
    key: str
    label: str
    handler: Handler | None = None
    look: str = ""
    tooltip: str = ""
    cluster: str = ""
    note: str = ""  # a second, smaller line under the label (finding codes …)


@record(slots=True)
class Arrow:
    source: str
    target: str
    label: str = ""
    look: str = ""
    tooltip: str = ""
    constraint: bool = True  # False: Graphviz does not rank the target below the source


@record(slots=True)
class Cluster:
    key: str
    label: str
    parent: str = ""
    look: str = ""
    tooltip: str = ""


@record
class Drawing:
    name: str
    title: str = ""
    direction: str = "TB"
    boxes: list[Box] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    clusters: list[Cluster] = field(default_factory=list)
    looks: dict[str, Look] = field(default_factory=dict)
    graph_attrs: dict[str, str] = field(default_factory=dict)  # extra DOT graph attributes
    edge_font_size: int = 10
    edge_font_color: str = GREY


def wrap(text: str, width: int) -> str:
    """``text`` on lines of at most ``width`` characters, broken at blanks (a longer word
    stays whole); existing line breaks are kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            if current and len(current) + 1 + len(word) > width:
                lines.append(current)
                current = word
            else:
                current = f"{current} {word}" if current else word
        lines.append(current)
    return "\n".join(lines)


def shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


def _mermaid_label(text: str) -> str:
    return "<br/>".join(mermaid_text(line) for line in text.split("\n"))


def _mermaid_look(look: Look, box: bool) -> str:
    parts: list[str] = []
    if box and look.fill:
        parts.append(f"fill:{look.fill}")
    if look.color:
        parts.append(f"stroke:{look.color}")
    if look.width:
        parts.append(f"stroke-width:{look.width:g}px")
    if box and look.line in ("dashed", "dotted"):
        parts.append("stroke-dasharray:5 5")
    if not box and look.font:
        parts.append(f"color:{look.font}")
    return ",".join(parts)


def to_mermaid(drawing: Drawing, fenced: bool = True) -> str:
    ids = {box.key: f"n{index}" for index, box in enumerate(drawing.boxes)}
    lines = ["```mermaid"] if fenced else []
    lines.append(f"flowchart {'LR' if drawing.direction == 'LR' else 'TD'}")
    if drawing.title:
        lines.append(f"    %% {' '.join(drawing.title.split())}")
    children: dict[str, list[str]] = {}
    for cluster in drawing.clusters:
        children.setdefault(cluster.parent, []).append(cluster.key)
    members: dict[str, list[Box]] = {}
    for box in drawing.boxes:
        members.setdefault(box.cluster, []).append(box)
    cluster_ids = {cluster.key: f"c{index}" for index, cluster in enumerate(drawing.clusters)}
    labels = {cluster.key: cluster.label for cluster in drawing.clusters}

    def emit(cluster: str, depth: int) -> None:
        indent = "    " * depth
        for box in members.get(cluster, []):
            left, right = _MERMAID_SHAPES.get(box.handler, ('["', '"]'))  # type: ignore[arg-type]
            text = _mermaid_label(box.label)
            if box.note:
                text += "<br/>" + _mermaid_label(box.note)
            lines.append(f"{indent}{ids[box.key]}{left}{text}{right}")
        for inner in children.get(cluster, []):
            lines.append(
                f'{indent}subgraph {cluster_ids[inner]}["{_mermaid_label(labels[inner])}"]'
            )
            emit(inner, depth + 1)
            lines.append(f"{indent}end")

    emit("", 1)
    by_look: dict[str, list[int]] = {}
    index = 0
    for arrow in drawing.arrows:
        if arrow.source not in ids or arrow.target not in ids:
            continue
        look = drawing.looks.get(arrow.look, Look())
        shaft = {"dashed": "-.->", "dotted": "-.->", "bold": "==>"}.get(look.line, "-->")
        label = f'|"{_mermaid_label(arrow.label)}"|' if arrow.label else ""
        lines.append(f"    {ids[arrow.source]} {shaft}{label} {ids[arrow.target]}")
        if arrow.look:
            by_look.setdefault(arrow.look, []).append(index)
        index += 1
    used_box_looks = [name for name in drawing.looks if any(b.look == name for b in drawing.boxes)]
    for name in used_box_looks:
        lines.append(f"    classDef {name} {_mermaid_look(drawing.looks[name], box=True)}")
    for name in used_box_looks:
        keys = [ids[box.key] for box in drawing.boxes if box.look == name]
        lines.append(f"    class {','.join(keys)} {name}")
    for cluster in drawing.clusters:
        look = drawing.looks.get(cluster.look)
        if look is not None:
            lines.append(f"    style {cluster_ids[cluster.key]} {_mermaid_look(look, box=True)}")
    for name, indexes in by_look.items():
        style = _mermaid_look(drawing.looks[name], box=False)
        if style:
            lines.append(f"    linkStyle {','.join(map(str, indexes))} {style}")
    if fenced:
        lines.append("```")
    return "\n".join(lines) + "\n"


# -- Graphviz DOT ----------------------------------------------------------------------------


def dot_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _dot_look(look: Look, box: bool) -> list[str]:
    attrs: list[str] = []
    if box and look.fill:
        attrs.append(f'fillcolor="{look.fill}"')
    if look.color:
        attrs.append(f'color="{look.color}"')
    if not box and (look.font or look.color):
        attrs.append(f'fontcolor="{look.font or look.color}"')
    if look.width:
        attrs.append(f"penwidth={look.width:g}")
    if look.line != "solid":
        attrs.append(f'style="rounded,filled,{look.line}"' if box else f"style={look.line}")
    return attrs


def to_dot(drawing: Drawing) -> str:
    graph = [
        f"rankdir={drawing.direction}",
        f'fontname="{FONT}"',
        "labelloc=t",
        f"label={dot_string(drawing.title)}",
        *(f"{key}={value}" for key, value in drawing.graph_attrs.items()),
    ]
    lines = [
        f"digraph {dot_string(drawing.name)} {{",
        f"  graph [{', '.join(graph)}];",
        f'  node [style="rounded,filled", fillcolor="white", fontname="{FONT}"];',
        f'  edge [fontname="{FONT}", fontsize={drawing.edge_font_size}, color="{GREY}", '
        f'fontcolor="{drawing.edge_font_color}"];',
    ]
    children: dict[str, list[Cluster]] = {}
    for cluster in drawing.clusters:
        children.setdefault(cluster.parent, []).append(cluster)
    members: dict[str, list[Box]] = {}
    for box in drawing.boxes:
        members.setdefault(box.cluster, []).append(box)
    numbers = {cluster.key: index for index, cluster in enumerate(drawing.clusters)}

    def emit(cluster: str, depth: int) -> None:
        indent = "  " * depth
        for box in members.get(cluster, []):
            shape = DOT_SHAPES.get(box.handler, "box") if box.handler is not None else "box"
            attrs = [f"shape={shape}"]
            label = box.label + (f"\n{box.note}" if box.note else "")
            if label != box.key:
                attrs.append(f"label={dot_string(label)}")
            look = drawing.looks.get(box.look)
            if look is not None:
                attrs += _dot_look(look, box=True)
            if box.tooltip:
                attrs.append(f"tooltip={dot_string(box.tooltip)}")
            lines.append(f"{indent}{dot_string(box.key)} [{', '.join(attrs)}];")
        for inner in children.get(cluster, []):
            lines.append(f"{indent}subgraph {dot_string(f'cluster_{numbers[inner.key]}')} {{")
            look = drawing.looks.get(inner.look, Look(color=GREY))
            attrs = [f"label={dot_string(inner.label)}", "labeljust=l"]
            if look.fill:
                attrs += ['style="rounded,filled"', f'fillcolor="{look.fill}"']
            else:
                attrs.append('style="rounded"')
            attrs.append(f'color="{look.color or GREY}"')
            if inner.tooltip:
                attrs.append(f"tooltip={dot_string(inner.tooltip)}")
            lines.append(f"{indent}  graph [{', '.join(attrs)}];")
            emit(inner.key, depth + 1)
            lines.append(f"{indent}}}")

    emit("", 1)
    for arrow in drawing.arrows:
        attrs = [f"label={dot_string(arrow.label)}"] if arrow.label else []
        look = drawing.looks.get(arrow.look)
        if look is not None:
            attrs += _dot_look(look, box=False)
        if arrow.tooltip:
            attrs += [f"tooltip={dot_string(arrow.tooltip)}"]
            if arrow.label:
                attrs.append(f"labeltooltip={dot_string(arrow.tooltip)}")
        if not arrow.constraint:
            attrs.append("constraint=false")
        suffix = f" [{', '.join(attrs)}]" if attrs else ""
        lines.append(f"  {dot_string(arrow.source)} -> {dot_string(arrow.target)}{suffix};")
    lines.append("}")
    return "\n".join(lines) + "\n"
