"""Session 21's short paths in the ``.dip`` lowering and the model, against the general ones.

* ``FieldLowering.check_fields`` returns the fields as they are when each key is known, of a
  type any text passes, without a block and given once: it must give what ``check_each``
  (the field-by-field path) gives, fields and diagnostics, for any fields (a whole file
  lowered both ways: ``test_lowering_speed2.py``, which also covers this file's inputs).
* ``Node.get``'s table is filled by a loop, ``Edge.conditional``/``is_back_edge`` start False
  and are set only when true, ``Workflow.node`` is the node table's bound ``get`` and
  ``Workflow.derived`` reads a memo made with the workflow: each must answer as before.
"""

from __future__ import annotations

import pickle
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import records
from dipcheck.frontends import dip_schema as schema
from dipcheck.frontends.common import read_from_disk
from dipcheck.frontends.dip import _Lowering
from dipcheck.model import (
    Condition,
    Edge,
    EdgeAttr,
    Field,
    Name,
    Node,
    NodeKind,
    Text,
    Workflow,
    last_field,
)
from dipcheck.source import SourceText, Span

SOURCE = SourceText("t.dip", "abcdefghij" * 4)
SPAN = Span(SOURCE, 0, 1)

# known keys of every value type (strings, integers, a mapping block, a file directive and
# its inline twin), unknown ones, one a runtime alias
KEYS = st.sampled_from(
    [
        "prompt",
        "model",
        "reads",
        "writes",
        "max_turns",
        "params",
        "prompt_file",
        "goal_gate",
        "x",
        "promt",
        "spec",
    ]
)
VALUES = st.sampled_from(["", "v", "3", "-1", "true", "a, b", "k: v", "missing.md"])


def _lowering() -> _Lowering:
    return _Lowering(SOURCE, {}, None, "", read_from_disk)


@st.composite
def _fields(draw: st.DrawFn) -> list[Field]:
    result = []
    for key, value in draw(st.lists(st.tuples(KEYS, VALUES), max_size=6)):
        children: tuple[Field, ...] = ()
        if draw(st.integers(0, 5)) == 0:
            children = (Field("k", SPAN, Text.at("v", SOURCE, 0), SPAN, SPAN),)
        result.append(Field(key, SPAN, Text.at(value, SOURCE, 2), SPAN, SPAN, children=children))
    return result


@settings(max_examples=300, deadline=None)
@given(_fields(), st.booleans(), st.sampled_from([NodeKind.AGENT, NodeKind.TOOL]))
def test_check_fields_gives_what_check_each_gives(
    fields: list[Field], hint: bool, kind: NodeKind
) -> None:
    table = schema.NODE_FIELDS[kind]
    fast, general = _lowering(), _lowering()
    found = fast.check_fields(iter(fields), table, "agent `A`", hint)
    expected = general.check_each(list(fields), table, "agent `A`", hint)
    assert found == expected
    assert fast.diagnostics == general.diagnostics
    assert found is not fields  # (a list of its own: callers may change it)


def test_check_fields_corner_cases() -> None:
    plain = Field("prompt", SPAN, Text.at("go", SOURCE, 0), SPAN, SPAN)
    writes = Field("writes", SPAN, Text.at("k", SOURCE, 0), SPAN, SPAN)
    table = schema.NODE_FIELDS[NodeKind.AGENT]
    for fields in ([], [plain], [plain, writes], [plain, plain], [writes, plain, writes]):
        fast, general = _lowering(), _lowering()
        assert fast.check_fields(fields, table, "w") == general.check_each(fields, table, "w")
        assert fast.diagnostics == general.diagnostics
    repeated = _lowering()
    repeated.check_fields([plain, writes, plain], table, "w")
    assert [item.code for item in repeated.diagnostics] == ["DC006"]


def _field(key: str, value: str) -> Field:
    return Field(key, SPAN, Text.at(value, SOURCE, 0), SPAN, SPAN)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(KEYS, VALUES), max_size=8), KEYS)
def test_node_table_is_last_field(pairs: list[tuple[str, str]], key: str) -> None:
    fields = tuple(_field(k, v) for k, v in pairs)
    node = Node("n", NodeKind.AGENT, SPAN, SPAN, SPAN, fields)
    assert node.get(key) is last_field(fields, key)
    item = last_field(fields, key)
    assert node.value(key) == (item.text if item is not None else node.value(key))


CONDITIONS = st.sampled_from([None, "", "  ", "ctx.a = 1", " x "])
ATTRS = st.lists(
    st.tuples(
        st.sampled_from(["loop", "restart", "label", "override"]),
        st.sampled_from(["true", " TRUE ", "false", "x"]),
    ),
    max_size=3,
)


@settings(max_examples=200, deadline=None)
@given(CONDITIONS, ATTRS, st.booleans())
def test_edge_flags_are_what_the_properties_computed(
    raw: str | None, attrs: list[tuple[str, str]], implicit: bool
) -> None:
    condition = None if raw is None else Condition(raw, Text.at(raw, SOURCE, 0), SPAN, None)
    made = tuple(EdgeAttr(key, SPAN, Name(value, SPAN), SPAN) for key, value in attrs)
    edge = Edge(Name("a", SPAN), Name("b", SPAN), SPAN, condition, made, implicit)
    conditional = condition is not None and condition.raw.strip() != ""
    back = any(item.key == "loop" for item in made) or (
        edge.attr_value("restart") == "true"  # (exactly: dippin's and tracker's test)
    )
    for copy in (edge, pickle.loads(pickle.dumps(edge)), records.replace(edge)):
        assert type(copy) is Edge
        assert copy.conditional is conditional
        assert copy.is_back_edge is back


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["A", "B", "C"]), max_size=5), st.sampled_from(["A", "B", "Z"]))
def test_workflow_node_and_derived(ids: list[str], wanted: str) -> None:
    nodes = tuple(
        Node(node_id, NodeKind.AGENT, Span(SOURCE, index, index + 1), SPAN, SPAN)
        for index, node_id in enumerate(ids)
    )
    workflow = Workflow(SOURCE, "dip", None, SPAN, nodes=nodes)
    first = next((node for node in nodes if node.id == wanted), None)
    assert workflow.node(wanted) is first
    assert workflow.node(wanted) is workflow.node_map.get(wanted)
    calls: list[Any] = []
    assert workflow.derived("k", lambda: calls.append(1) or len(calls)) == 1
    assert workflow.derived("k", lambda: calls.append(2) or len(calls)) == 1
    copy = records.replace(workflow)
    assert copy == workflow
    assert copy.derived("k", lambda: "fresh") == "fresh"  # (a memo of its own)
    assert copy.node(wanted) is first
