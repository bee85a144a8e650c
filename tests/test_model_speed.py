"""The model's fast paths against the general ones they replace.

* A frozen slotted record of three or more fields is filled through its twin class
  (``records._twin``); an instance of a subclass takes the slot setters. Both must give the
  same instance, of the class asked for, still frozen, pickled and replaced alike.
* ``Node.get`` is a table's bound ``get``: it must answer as ``last_field`` over the fields.
* ``Workflow.derived`` and ``source.kept_with`` read their memo first: a value is built once,
  ``None`` included.
* ``Edge.conditional`` and ``Edge.is_back_edge`` are worked out when the edge is made: they
  must be what the properties computed on every read.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import records
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
from dipcheck.records import field, record
from dipcheck.source import SourceText, Span, kept_with

SOURCE = SourceText("t.dip", "abcdefghij")
SPAN = Span(SOURCE, 0, 1)


@record(frozen=True, slots=True)
class Wide:
    a: Any
    b: Any
    c: Any = None
    d: tuple[Any, ...] = ()
    e: list[Any] = field(default_factory=list)
    seen: list[Any] = field(default_factory=list, init=False, compare=False)

    def __post_init__(self) -> None:
        self.seen.append((self.a, self.b, self.c, self.d, self.e))


class Sub(Wide):
    """A plain subclass: its instances take the slot setters, not the twin."""

    __slots__ = ()


values = st.one_of(st.none(), st.integers(), st.text(max_size=5), st.tuples(st.integers()))


@settings(max_examples=200, deadline=None)
@given(values, values, st.lists(values, max_size=3), st.integers(0, 3))
def test_twin_path_makes_what_the_slot_setters_make(
    a: Any, b: Any, c: Any, given_count: int
) -> None:
    arguments = [a, b, c, (a,), [b]][: 2 + given_count]
    fast, general = Wide(*arguments), Sub(*arguments)
    assert type(fast) is Wide and type(general) is Sub
    for name in ("a", "b", "c", "d", "e", "seen"):
        assert getattr(fast, name) == getattr(general, name)
    assert fast.seen == [(fast.a, fast.b, fast.c, fast.d, fast.e)]
    with pytest.raises(records.FrozenInstanceError):
        fast.a = 1  # type: ignore[misc]
    with pytest.raises(records.FrozenInstanceError):
        del fast.b  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(fast))
    assert type(again) is Wide and again == fast
    changed = records.replace(fast, a=b)
    assert type(changed) is Wide and changed.a == b and changed.b == fast.b


def test_twin_is_not_what_users_see() -> None:
    item = Wide(1, 2)
    assert type(item) is Wide and repr(item).startswith("Wide(")
    assert item == Wide(1, 2) and item != Sub(1, 2)
    assert hash(Text.at("v", SOURCE, 2)) == hash(Text.at("v", SOURCE, 2))


def _field(key: str, value: str) -> Field:
    return Field(key, SPAN, Text.at(value, SOURCE, 0), SPAN, SPAN)


keys = st.sampled_from(["prompt", "model", "reads", "writes", "prompt_file", "x"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(keys, st.text(max_size=3)), max_size=8), keys)
def test_node_get_is_last_field(pairs: list[tuple[str, str]], key: str) -> None:
    fields = tuple(_field(k, v) for k, v in pairs)
    node = Node("n", NodeKind.AGENT, SPAN, SPAN, SPAN, fields)
    assert node.get(key) is last_field(fields, key)
    copy = records.replace(node, fields=fields[:1])
    assert copy.get(key) is last_field(fields[:1], key)
    again = pickle.loads(pickle.dumps(node))  # (its fields and their table, copied once)
    assert again.get(key) is last_field(again.fields, key)
    assert node == Node("n", NodeKind.AGENT, SPAN, SPAN, SPAN, fields)


def test_derived_builds_once_and_keeps_none() -> None:
    workflow = Workflow(SOURCE, "dip", None, SPAN)
    calls: list[str] = []

    def build(value: Any) -> Any:
        calls.append(value)
        return value

    assert workflow.derived("nothing", lambda: build(None)) is None
    assert workflow.derived("nothing", lambda: build("again")) is None
    assert workflow.derived("x", lambda: build(1)) == 1
    assert workflow.derived("x", lambda: build(2)) == 1
    assert calls == [None, 1]
    assert kept_with(SOURCE, "k", lambda: build(None)) is None
    assert kept_with(SOURCE, "k", lambda: build(3)) is None
    assert calls == [None, 1, None]


def _reference_conditional(edge: Edge) -> bool:
    """``Edge.conditional`` as the property computed it on every read."""
    return edge.condition is not None and edge.condition.raw.strip() != ""


def _reference_back_edge(edge: Edge) -> bool:
    """``Edge.is_back_edge`` as the property computed it on every read."""
    if edge.attr("loop") is not None:
        return True
    return edge.attr_value("restart") == "true"  # (exactly: dippin's and tracker's test)


attr_keys = st.sampled_from(["loop", "restart", "label", "choice", "override"])
attr_values = st.one_of(st.none(), st.sampled_from(["true", " TRUE ", "false", "", "1", "x"]))


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.none(), st.sampled_from(["", "  ", "ok", " a == b "])),
    st.lists(st.tuples(attr_keys, attr_values), max_size=4),
)
def test_edge_flags_are_the_properties(
    raw: str | None, pairs: list[tuple[str, str | None]]
) -> None:
    name = Name("a", SPAN)
    attrs = tuple(
        EdgeAttr(key, SPAN, None if value is None else Name(value, SPAN), SPAN)
        for key, value in pairs
    )
    condition = None if raw is None else Condition(raw, Text.at(raw, SOURCE, 0), SPAN, None)
    edge = Edge(name, name, SPAN, condition, attrs)
    assert edge.conditional is _reference_conditional(edge)
    assert edge.is_back_edge is _reference_back_edge(edge)
    plain = records.replace(edge, condition=None, attrs=())
    assert not plain.conditional and not plain.is_back_edge
    again = pickle.loads(pickle.dumps(edge))
    assert (again.conditional, again.is_back_edge) == (edge.conditional, edge.is_back_edge)
    assert edge == Edge(name, name, SPAN, condition, attrs)
