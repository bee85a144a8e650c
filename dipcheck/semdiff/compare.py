"""What changed between two :class:`~dipcheck.semdiff.shape.Shape` s: settings, nodes, fields,
prompts, edges, conditions and the order in which a node's edges are tried.

Edges are paired per source node: first the edges whose target, condition and routing key are
all the same (in order), then the remaining edges to the same target (in order); whatever is
left is added or removed. The order of a node's edges is reported when the paired edges whose
place matters (conditional or labelled ones, :attr:`EdgeShape.ordered`) are tried in another
order.

``across_formats`` compares what the runtime sees, as for a file and its conversion to the
other format: what one of the formats cannot say and the runtime does not read is left out
(back-edge marks, which only dippin's validator reads; a ``choice`` written as the DOT
``label`` it routes by; Graphviz presentation attributes; the ``else`` edge tracker ignores;
a node ``label`` that only repeats the node's id where the other side has none, which is
Graphviz's own default and what a converted ``.dip`` node needs as the one field of its body;
not on a human gate, whose label tracker shows as the question).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from dipcheck.model import NodeKind
from dipcheck.records import record
from dipcheck.semdiff.shape import EdgeShape, NodeShape, Shape

PROMPT_KEYS = frozenset(
    {"prompt", "system_prompt", "prompt_prefix", "prompt_suffix", "response_schema", "command"}
)


@record(frozen=True, slots=True)
class Change:
    """One difference. ``what`` is ``setting``, ``node``, ``field``, ``prompt``, ``edge``,
    ``condition`` or ``order``; ``kind`` is ``added``, ``removed`` or ``changed``;
    ``subject`` names the node, edge (``A -> B``) or setting; ``detail`` the field or edge
    attribute. Lines are 1-based (0: none)."""

    kind: str
    what: str
    subject: str
    detail: str = ""
    old: str | None = None
    new: str | None = None
    old_line: int = 0
    new_line: int = 0

    def sort_key(self) -> tuple[int, str, str]:
        order = ("setting", "node", "field", "prompt", "edge", "condition", "order")
        return (order.index(self.what), self.subject, self.detail)


@record(frozen=True, slots=True)
class Pairing:
    """Edges of both versions paired, per source: ``pairs`` of (old, new) and the rest."""

    pairs: list[tuple[EdgeShape, EdgeShape]]
    removed: list[EdgeShape]
    added: list[EdgeShape]


def pair_edges(old: Iterable[EdgeShape], new: Iterable[EdgeShape]) -> Pairing:
    """Each old edge, in order, takes the first new edge not yet taken with the same target,
    condition and routing key; then the edges left, the first with the same target. The new
    edges are looked up by those keys (a source with 60,000 edges tried every new edge for
    each old one)."""
    left, right = list(old), list(new)
    pairs: list[tuple[EdgeShape, EdgeShape]] = []
    taken_left: set[int] = set()
    taken_right: set[int] = set()
    for exact in (True, False):
        waiting: dict[tuple[str, ...], deque[int]] = {}
        for j, b in enumerate(right):
            if j not in taken_right:
                waiting.setdefault(_pairing_key(b, exact), deque()).append(j)
        for i, a in enumerate(left):
            if i in taken_left:
                continue
            candidates = waiting.get(_pairing_key(a, exact))
            if candidates:
                j = candidates.popleft()
                pairs.append((a, right[j]))
                taken_left.add(i)
                taken_right.add(j)
    removed = [a for i, a in enumerate(left) if i not in taken_left]
    added = [b for j, b in enumerate(right) if j not in taken_right]
    first: dict[EdgeShape, int] = {}
    for j, b in enumerate(right):
        first.setdefault(b, j)
    pairs.sort(key=lambda pair: first[pair[1]])
    return Pairing(pairs, removed, added)


def _pairing_key(edge: EdgeShape, exact: bool) -> tuple[str, ...]:
    return (edge.target, edge.condition, edge.key) if exact else (edge.target,)


def _edge_name(edge: EdgeShape) -> str:
    return f"{edge.source} -> {edge.target}"


def _settings(old: Shape, new: Shape, across: bool) -> list[Change]:
    changes: list[Change] = []
    for key in sorted(set(old.settings) | set(new.settings)):
        if across and key == "else":
            continue
        before, after = old.settings.get(key), new.settings.get(key)
        if before == after:
            continue
        kind = "added" if before is None else "removed" if after is None else "changed"
        changes.append(
            Change(
                kind,
                "setting",
                key,
                old=before,
                new=after,
                old_line=old.setting_lines.get(key, 0),
                new_line=new.setting_lines.get(key, 0),
            )
        )
    if not across:
        for key in sorted(set(old.presentation) | set(new.presentation)):
            before, after = old.presentation.get(key), new.presentation.get(key)
            if before != after:
                kind = "added" if before is None else "removed" if after is None else "changed"
                changes.append(Change(kind, "setting", key, old=before, new=after))
    return changes


def _node(old: NodeShape, new: NodeShape, across: bool = False) -> list[Change]:
    changes: list[Change] = []
    lines = {"old_line": old.line, "new_line": new.line}
    for detail, before, after in (
        ("kind", old.kind, new.kind),
        ("handler", old.handler, new.handler),
        ("branches", ", ".join(old.branches), ", ".join(new.branches)),
        ("join", old.join, new.join),
    ):
        if before != after:
            changes.append(Change("changed", "node", old.id, detail, before, after, **lines))
    for key in sorted(set(old.fields) | set(new.fields)):
        before, after = old.fields.get(key), new.fields.get(key)
        if before == after or (across and _names_itself(old, key, before, after)):
            continue
        kind = "added" if before is None else "removed" if after is None else "changed"
        what = "prompt" if key in PROMPT_KEYS else "field"
        where = {
            "old_line": old.lines.get(key, old.line),
            "new_line": new.lines.get(key, new.line),
        }
        changes.append(Change(kind, what, old.id, key, before, after, **where))
    return changes


def _names_itself(node: NodeShape, key: str, before: str | None, after: str | None) -> bool:
    """Is the only difference a ``label`` equal to the node's id on one side, none on the
    other (see the module's documentation)?"""
    return (
        key == "label" and node.kind != NodeKind.HUMAN.value and {before, after} == {None, node.id}
    )


def _edge_attrs(a: EdgeShape, b: EdgeShape, across: bool) -> list[Change]:
    changes: list[Change] = []
    lines = {"old_line": a.line, "new_line": b.line}
    name = _edge_name(b)
    if a.condition != b.condition:
        kind = "added" if not a.condition else "removed" if not b.condition else "changed"
        changes.append(
            Change(kind, "condition", name, "", a.condition or None, b.condition or None, **lines)
        )
    attrs: list[tuple[str, str, str]] = [("weight", a.weight, b.weight)]
    if across:
        attrs.append(("routing key", a.key, b.key))
    else:
        attrs += [("label", a.label, b.label), ("choice", a.choice, b.choice)]
        attrs.append(("back edge", _flag(a.back), _flag(b.back)))
    attrs.append(("override", _flag(a.override), _flag(b.override)))
    for detail, before, after in attrs:
        if before != after:
            kind = "added" if not before else "removed" if not after else "changed"
            changes.append(
                Change(kind, "edge", name, detail, before or None, after or None, **lines)
            )
    return changes


def _flag(value: bool) -> str:
    return "true" if value else ""


def _order(source: str, pairing: Pairing, old_edges: list[EdgeShape]) -> Change | None:
    ordered = [(a, b) for a, b in pairing.pairs if a.ordered and b.ordered]
    place: dict[EdgeShape, int] = {}  # each edge's first place (list.index per pair: n²)
    for index, edge in enumerate(old_edges):
        place.setdefault(edge, index)
    before = sorted(ordered, key=lambda pair: place[pair[0]])
    if [pair[1] for pair in before] == [pair[1] for pair in ordered]:
        return None
    return Change(
        "changed",
        "order",
        source,
        "edges tried",
        ", ".join(a.describe() for a, _ in before),
        ", ".join(b.describe() for _, b in ordered),
        before[0][0].line if before else 0,
        ordered[0][1].line if ordered else 0,
    )


def compare(old: Shape, new: Shape, across_formats: bool = False) -> list[Change]:
    changes = _settings(old, new, across_formats)
    for node_id in sorted(set(old.nodes) | set(new.nodes)):
        before, after = old.nodes.get(node_id), new.nodes.get(node_id)
        if before is None and after is not None:
            changes.append(
                Change("added", "node", node_id, after.kind, None, after.kind, 0, after.line)
            )
        elif after is None and before is not None:
            changes.append(
                Change("removed", "node", node_id, before.kind, before.kind, None, before.line)
            )
        elif before is not None and after is not None:
            changes.extend(_node(before, after, across_formats))
    for source in sorted(set(old.edges) | set(new.edges)):
        old_edges, new_edges = old.edges.get(source, []), new.edges.get(source, [])
        pairing = pair_edges(old_edges, new_edges)
        for edge in pairing.removed:
            changes.append(
                Change("removed", "edge", _edge_name(edge), "", edge.describe(), None, edge.line)
            )
        for edge in pairing.added:
            changes.append(
                Change("added", "edge", _edge_name(edge), "", None, edge.describe(), 0, edge.line)
            )
        for a, b in pairing.pairs:
            changes.extend(_edge_attrs(a, b, across_formats))
        moved = _order(source, pairing, old_edges)
        if moved is not None:
            changes.append(moved)
    changes.sort(key=Change.sort_key)
    return changes
