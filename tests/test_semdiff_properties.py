"""Property tests of ``dipcheck diff`` and ``dipcheck convert`` on generated workflows:

* every random edit (a field set, added or removed, a prompt rewritten, a node added or
  removed, an edge added or removed, a condition or label changed, two routed edges swapped)
  is reported, and nothing else is;
* a pure reformat (indentation, blank lines, comments, the order of nodes and fields, quotes,
  spacing, ``dipcheck fmt``) reports no change at all, routing and findings included;
* ``.dip`` → DOT → ``.dip`` gives the same workflow, comments kept.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.config import Config
from dipcheck.convert import convert
from dipcheck.convert.to_dip import dip_value, label_value
from dipcheck.engine import lint_text
from dipcheck.formatter import format_dip
from dipcheck.frontends.common import read_from_disk
from dipcheck.semdiff import diff
from dipcheck.semdiff.compare import PROMPT_KEYS, Pairing, _order, compare, pair_edges
from dipcheck.semdiff.shape import EdgeShape, shape
from dipcheck.semdiff.sources import Version

KEYS = {
    "agent": ("prompt", "model", "label", "reasoning_effort", "max_turns"),
    "tool": ("command", "timeout", "label", "output_limit"),
    "human": ("label", "mode", "timeout"),
}
WORDS = (
    st.text(alphabet="abcdefghij klmno:#\"'-_.${}", min_size=1, max_size=16)
    .map(str.strip)
    .filter(bool)
)
LINES = st.lists(
    st.text(alphabet='abcdefgh ij#:-"', min_size=1, max_size=20).map(str.rstrip).filter(bool),
    min_size=2,
    max_size=4,
).map("\n".join)
CONDITIONS = st.sampled_from(
    [
        "",
        "ctx.outcome = success",
        "ctx.outcome = fail",
        "ctx.verdict = approve",
        "ctx.verdict != approve",
        "ctx.tool_stdout contains done",
    ]
)
LABELS = st.sampled_from(["", "ship", "rework", "go now", "[Y] yes"])


@dataclass
class Spec:
    nodes: dict[str, tuple[str, dict[str, str]]]
    edges: list[tuple[str, str, str, str]]  # source, target, condition, label
    comments: list[str] = field(default_factory=list)


def value_for(key: str, draw: st.DrawFn) -> str:
    if key in ("prompt", "command") and draw(st.booleans()):
        return draw(LINES)
    if key in ("max_turns", "output_limit"):
        return str(draw(st.integers(1, 99)))
    if key == "timeout":
        return draw(st.sampled_from(["5m", "30s", "1h"]))
    if key == "mode":
        return draw(st.sampled_from(["choice", "freeform", "yes_no"]))
    return draw(WORDS)


@st.composite
def specs(draw: st.DrawFn) -> Spec:
    count = draw(st.integers(1, 5))
    nodes: dict[str, tuple[str, dict[str, str]]] = {
        "Start": ("agent", {"label": "Start"}),
        "Done": ("agent", {"label": "Done"}),
    }
    for index in range(count):
        kind = draw(st.sampled_from(sorted(KEYS)))
        keys = draw(st.lists(st.sampled_from(KEYS[kind]), min_size=1, max_size=3, unique=True))
        nodes[f"N{index}"] = (kind, {key: value_for(key, draw) for key in keys})
    names = list(nodes)
    pairs = draw(
        st.lists(
            st.tuples(st.sampled_from(names[:1] + names[2:]), st.sampled_from(names[1:])),
            min_size=1,
            max_size=8,
            unique=True,
        )
    )
    edges = [(a, b, draw(CONDITIONS), draw(LABELS)) for a, b in pairs if a != b]
    comments = draw(st.lists(st.text(alphabet="abc xyz", min_size=1, max_size=12), max_size=3))
    return Spec(nodes, edges or [("Start", "Done", "", "")], comments)


@dataclass(frozen=True)
class Layout:
    indent: int = 2
    blank: int = 1
    comments: bool = False
    node_order: tuple[int, ...] = ()
    field_order_reversed: bool = False
    quote_all: bool = False
    edge_spacing: int = 2
    edge_sources_shuffled: bool = False


def write(spec: Spec, layout: Layout = Layout()) -> str:
    pad = " " * layout.indent
    lines = ["workflow Generated", f"{pad}start: Start", f"{pad}exit: Done"]
    names = list(spec.nodes)
    if layout.node_order:
        names = [names[i] for i in layout.node_order]
    for number, node_id in enumerate(names):
        kind, fields = spec.nodes[node_id]
        lines += [""] * layout.blank
        if layout.comments:
            lines.append(f"{pad}# node {number}: {spec.comments[0] if spec.comments else ''}")
        lines.append(f"{pad}{kind} {node_id}")
        items = list(fields.items())
        if layout.field_order_reversed:
            items.reverse()
        for key, value in items:
            if layout.comments:
                lines.append(f"{pad * 2}# the {key}")
            single = dip_value(value)
            if single is not None:
                if layout.quote_all and not single.startswith('"'):
                    single = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
                lines.append(f"{pad * 2}{key}: {single}")
            else:
                lines.append(f"{pad * 2}{key}:")
                lines += [f"{pad * 3}{line}" if line else "" for line in value.split("\n")]
    lines += [""] * layout.blank + [f"{pad}edges"]
    edges = list(spec.edges)
    if layout.edge_sources_shuffled:  # the order of different sources' edges does not matter
        edges.sort(key=lambda edge: (edge[0] != "Start", edge[0][::-1]))
    gap = " " * layout.edge_spacing
    for source, target, condition, label in edges:
        parts = [f"{source} -> {target}"]
        if condition:
            parts.append(f"when {condition}")
        if label:
            parts.append(f"label: {label_value(label)}")
        line = f"{pad * 2}{gap.join(parts)}"
        if layout.comments:
            line += "  # why"
        lines.append(line)
    return "\n".join(lines) + "\n"


def shaped(text: str):  # type: ignore[no-untyped-def]
    result = lint_text(text, "<generated>.dip")
    assert result.workflow is not None, [item.message for item in result.diagnostics[:3]]
    return shape(result.workflow)


def changes(old: str, new: str) -> set[tuple[str, str, str, str]]:
    return {(c.kind, c.what, c.subject, c.detail) for c in compare(shaped(old), shaped(new))}


# -- every edit is reported, and nothing else ----------------------------------------------


def _what(key: str) -> str:
    return "prompt" if key in PROMPT_KEYS else "field"


@st.composite
def edits(draw: st.DrawFn) -> tuple[Spec, Spec, set[tuple[str, str, str, str]]]:
    spec = draw(specs())
    nodes = {key: (kind, dict(fields)) for key, (kind, fields) in spec.nodes.items()}
    edges = list(spec.edges)
    middle = [name for name in nodes if name not in ("Start", "Done")]
    choice = draw(
        st.sampled_from(
            [
                "set",
                "add-field",
                "drop-field",
                "add-node",
                "drop-node",
                "add-edge",
                "drop-edge",
                "condition",
                "label",
                "swap",
            ]
        )
    )
    expected: set[tuple[str, str, str, str]] = set()
    if choice in ("set", "add-field", "drop-field") and middle:
        node = draw(st.sampled_from(middle))
        kind, fields = nodes[node]
        if choice == "set" and fields:
            key = draw(st.sampled_from(sorted(fields)))
            new = value_for(key, draw)
            if new.strip() != fields[key].strip():
                fields[key] = new
                expected.add(("changed", _what(key), node, key))
        elif choice == "add-field":
            free = [key for key in KEYS[kind] if key not in fields]
            if free:
                key = draw(st.sampled_from(free))
                fields[key] = value_for(key, draw)
                expected.add(("added", _what(key), node, key))
        elif choice == "drop-field" and len(fields) > 1:
            key = draw(st.sampled_from(sorted(fields)))
            del fields[key]
            expected.add(("removed", _what(key), node, key))
    elif choice == "add-node":
        name = f"M{len(nodes)}"
        kind = draw(st.sampled_from(sorted(KEYS)))
        nodes[name] = (kind, {KEYS[kind][0]: value_for(KEYS[kind][0], draw)})
        expected.add(("added", "node", name, kind))
    elif choice == "drop-node" and middle:
        node = draw(st.sampled_from(middle))
        kind, _ = nodes.pop(node)
        expected.add(("removed", "node", node, kind))
        for edge in [edge for edge in edges if node in edge[:2]]:
            edges.remove(edge)
            expected.add(("removed", "edge", f"{edge[0]} -> {edge[1]}", ""))
    elif choice == "add-edge":
        taken = {(a, b) for a, b, _, _ in edges}
        free = [
            (a, b)
            for a in nodes
            for b in nodes
            if a != b and a != "Done" and b != "Start" and (a, b) not in taken
        ]
        if free:
            a, b = draw(st.sampled_from(free))
            edges.append((a, b, draw(CONDITIONS), draw(LABELS)))
            expected.add(("added", "edge", f"{a} -> {b}", ""))
    elif choice == "drop-edge" and len(edges) > 1:
        edge = draw(st.sampled_from(edges))
        edges.remove(edge)
        expected.add(("removed", "edge", f"{edge[0]} -> {edge[1]}", ""))
    elif choice in ("condition", "label"):
        index = draw(st.integers(0, len(edges) - 1))
        a, b, condition, label = edges[index]
        if choice == "condition":
            new = draw(CONDITIONS)
            if new != condition:
                edges[index] = (a, b, new, label)
                kind = "added" if not condition else "removed" if not new else "changed"
                expected.add((kind, "condition", f"{a} -> {b}", ""))
        else:
            new = draw(LABELS)
            if new != label:
                edges[index] = (a, b, condition, new)
                kind = "added" if not label else "removed" if not new else "changed"
                expected.add((kind, "edge", f"{a} -> {b}", "label"))
    elif choice == "swap":
        routed: dict[str, list[int]] = {}
        for index, (a, _, condition, label) in enumerate(edges):
            if condition or label:
                routed.setdefault(a, []).append(index)
        pairs = [indexes for indexes in routed.values() if len(indexes) >= 2]
        if pairs:
            first, second = draw(st.sampled_from(pairs))[:2]
            edges[first], edges[second] = edges[second], edges[first]
            expected.add(("changed", "order", edges[first][0], "edges tried"))
    return spec, Spec(nodes, edges, spec.comments), expected


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits())
def test_every_edit_is_reported_and_nothing_else(
    case: tuple[Spec, Spec, set[tuple[str, str, str, str]]],
) -> None:
    before, after, expected = case
    assert changes(write(before), write(after)) == expected


# -- a reformat is no change -----------------------------------------------------------------


@st.composite
def layouts(draw: st.DrawFn, spec: Spec) -> Layout:
    order = draw(st.permutations(range(len(spec.nodes))))
    return Layout(
        indent=draw(st.sampled_from([2, 3, 4])),
        blank=draw(st.integers(0, 2)),
        comments=draw(st.booleans()),
        node_order=tuple(order),
        field_order_reversed=draw(st.booleans()),
        quote_all=draw(st.booleans()),
        edge_spacing=draw(st.integers(1, 4)),
        edge_sources_shuffled=draw(st.booleans()),
    )


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_reformat_is_no_change(data: st.DataObject) -> None:
    spec = data.draw(specs())
    original = write(spec)
    layout = data.draw(layouts(spec))
    for other in (write(spec, layout), format_dip(original), format_dip(write(spec, layout))):
        assert changes(original, other) == set()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_reformat_has_no_routing_effect_and_no_new_finding(data: st.DataObject) -> None:
    spec = data.draw(specs())
    # the declaration order of nodes stays: a rule that reports one node of an unreachable
    # region names the first one declared, so moving nodes may move such a finding
    layout = replace(data.draw(layouts(spec)), node_order=())
    old = Version("old.dip", "old.dip", write(spec), read_from_disk)
    new = Version("new.dip", "new.dip", write(spec, layout), read_from_disk)
    result = diff(old, new, Config(), max_states=500)
    assert result.changes == []
    assert [item for item in result.effects if item.kind != "note"] == []


# -- .dip → DOT → .dip ---------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs(), st.booleans())
def test_dip_to_dot_and_back_is_the_same_workflow(spec: Spec, comments: bool) -> None:
    text = write(spec, Layout(comments=comments))
    config = Config()
    original = lint_text(text, "/nowhere/generated.dip", config)
    to_dot = convert(original, "dot", config)
    assert to_dot.parity.changes == []
    back = convert(to_dot.converted, "dip", config)
    assert back.parity.changes == []
    assert compare(shaped(text), shaped(back.text), across_formats=True) == []
    if comments:
        for line in text.splitlines():
            if line.strip().startswith("#"):
                assert line.strip() in {item.strip() for item in back.text.splitlines()}


# -- pairing the edges of a source -------------------------------------------------------------


def _paired_by_search(old: list[EdgeShape], new: list[EdgeShape]) -> Pairing:
    """The definition (and the former code): each old edge tries every new edge in order."""
    pairs: list[tuple[EdgeShape, EdgeShape]] = []
    taken_left: set[int] = set()
    taken_right: set[int] = set()
    for exact in (True, False):
        for i, a in enumerate(old):
            if i in taken_left:
                continue
            for j, b in enumerate(new):
                if j in taken_right or a.target != b.target:
                    continue
                if exact and (a.condition, a.key) != (b.condition, b.key):
                    continue
                pairs.append((a, b))
                taken_left.add(i)
                taken_right.add(j)
                break
    removed = [a for i, a in enumerate(old) if i not in taken_left]
    added = [b for j, b in enumerate(new) if j not in taken_right]
    pairs.sort(key=lambda pair: new.index(pair[1]))
    return Pairing(pairs, removed, added)


def _edge_shape(target: str, condition: str, key: str, line: int) -> EdgeShape:
    return EdgeShape("A", target, condition, key, key, "", "", False, False, False, line)


_EDGE_SHAPES = st.builds(
    _edge_shape,
    st.sampled_from(["B", "C", "D"]),
    st.sampled_from(["", "ctx.x = 1", "ctx.x = 2"]),
    st.sampled_from(["", "yes"]),
    st.integers(0, 2),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_EDGE_SHAPES, max_size=12), st.lists(_EDGE_SHAPES, max_size=12))
def test_edges_are_paired_as_searching_every_new_edge_would(
    old: list[EdgeShape], new: list[EdgeShape]
) -> None:
    assert pair_edges(old, new) == _paired_by_search(old, new)


def test_a_source_with_twenty_thousand_edges_is_paired_in_a_moment() -> None:
    """Each old edge tried every new edge of its source, and the pairs were ordered with
    `list.index`: a node with 20,000 conditional edges (a 600 KB file) took 39 s to diff or to
    convert; the new edges are now looked up by target, condition and routing key."""
    old = [_edge_shape(f"B{index % 100}", f"ctx.x = {index % 7}", "", 0) for index in range(20_000)]
    new = [_edge_shape(f"B{index % 100}", f"ctx.x = {index % 5}", "", 0) for index in range(20_000)]
    started = time.process_time()
    pairing = pair_edges(old, new)
    assert time.process_time() - started < 2
    assert (len(pairing.pairs), pairing.removed, pairing.added) == (20_000, [], [])
    # in the order of the new edges: the 200 alike new[0] (B0 when ctx.x = 0), then new[1]'s
    assert pairing.pairs[0] == (old[0], new[0])
    assert pairing.pairs[200] == (old[1], new[1])


def test_the_order_of_twenty_thousand_edges_is_compared_in_a_moment() -> None:
    """The pairs were put in the old version's order with `list.index` (one scan of the old
    edges per pair): a node with 10,000 conditional edges took 24 s to diff."""
    old = [_edge_shape(f"B{index}", f"ctx.x = {index}", "", 0) for index in range(20_000)]
    new = list(reversed(old))
    started = time.process_time()
    moved = _order("A", pair_edges(old, new), old)
    assert time.process_time() - started < 2
    assert moved is not None and moved.what == "order"
    assert moved.old is not None and moved.old.startswith("A -> B0 when ctx.x = 0, A -> B1 when")
    assert moved.new is not None and moved.new.startswith("A -> B19999 when ctx.x = 19999, ")
    # the twin: the same order is no change
    assert _order("A", pair_edges(old, old), old) is None
