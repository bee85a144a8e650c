"""Scenario errors speak the scenario's language: what was expected at that place and what was
found, never pydantic's vocabulary or class names (issue 19 §2)."""

from __future__ import annotations

import re

import pytest
from helpers import dedent
from hypothesis import given, settings
from hypothesis import strategies as st
from simulate_support import machine_for
from test_simulate_scenario import WORKFLOW

from dipcheck.simulate.children import load_child
from dipcheck.simulate.scenario import ScenarioError, load_scenario

LEAKS = re.compile(
    r"Input should|instance of|pydantic|\bEntry\b|\bDocument\b|_type\b|list\[|\.(str|int|float|"
    r"bool|none)\b|Value error|function-|union|For further information",
    re.IGNORECASE,
)


def _error(scenario: str) -> ScenarioError:
    graph = machine_for(WORKFLOW).graph
    with pytest.raises(ScenarioError) as caught:
        load_scenario("s.yaml", dedent(scenario), graph, load_child)
    return caught.value


@pytest.mark.parametrize(
    ("scenario", "where", "message"),
    [
        (
            "nodes: [1, 2]",
            (1, 8),
            "nodes: expected a mapping of node name: what it does, got a list",
        ),
        (
            "nodes: {Build: 5}",
            (1, 16),
            "nodes.Build: expected what the node does: a mapping such as {outcome: fail}, or a "
            "list of them (one per visit), got the number 5",
        ),
        (
            "nodes: {Build: [{outcome: success}, 3]}",
            (1, 37),
            "nodes.Build[1]: expected what the node does: a mapping such as {outcome: fail}, or "
            "a list of them (one per visit), got the number 3",
        ),
        (
            "nodes: {Check: {writes: [1]}}",
            (1, 25),
            "nodes.Check.writes: expected a mapping of key: value, got a list",
        ),
        (
            "nodes: {Check: {writes: {a: [1]}}}",
            (1, 29),
            "nodes.Check.writes.a: expected one value (text, a number, true or false), got a list",
        ),
        ("context: [a]", (1, 10), "context: expected a mapping of key: value, got a list"),
        (
            "context: {a: {b: 1}}",
            (1, 14),
            "context.a: expected one value (text, a number, true or false), got a mapping",
        ),
        ("context: {1: x}", (1, 11), "context: the name `1` must be text (quote it)"),
        # (a null or boolean key was named as Python names it, `None`, and a null key at the
        # top or under `nodes:` was placed at 1:1 instead of at the key)
        (": : :", (1, 1), "the scenario: the name `null` must be text (quote it)"),
        ("context: {k: 1}\n~: x", (2, 1), "the scenario: the name `null` must be text (quote it)"),
        ("nodes:\n  ~: {outcome: fail}", (2, 3), "nodes: the name `null` must be text (quote it)"),
        ("context:\n  ~: 1", (2, 3), "context: the name `null` must be text (quote it)"),
        (
            "nodes: {Check: {writes: {true: 1}}}",
            (1, 26),
            "nodes.Check.writes: the name `true` must be text (quote it)",
        ),
        (
            "max_steps: zero",
            (1, 12),
            "max_steps: expected a whole number, 1 or more, got the text 'zero'",
        ),
        (
            "max_steps: 0",
            (1, 12),
            "max_steps: expected a whole number, 1 or more, got the number 0",
        ),
        (
            "nodes: {Check: {exit_code: x}}",
            (1, 28),
            "nodes.Check.exit_code: expected a whole number, got the text 'x'",
        ),
        (
            "nodes: {Check: {outcome: 5}}",
            (1, 26),
            "nodes.Check.outcome: expected text: success, fail or retry, got the number 5",
        ),
        (
            "nodes: {Approve: {choice: {a: 1}}}",
            (1, 27),
            "nodes.Approve.choice: expected one value (text, a number, true or false), got a "
            "mapping",
        ),
    ],
)
def test_a_bad_value_says_what_was_expected_there(
    scenario: str, where: tuple[int, int], message: str
) -> None:
    error = _error(scenario)
    assert ((error.line, error.column), error.message) == (where, message)
    assert not LEAKS.search(error.message)


_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 3),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text("ab1 ", max_size=3),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text("ab1", max_size=2), inner, max_size=2)
    ),
    max_leaves=6,
)
_PLACES = st.sampled_from(
    [
        "{value}",
        "context: {value}",
        "context: {{k: {value}}}",
        "nodes: {value}",
        "nodes: {{Build: {value}}}",
        "nodes: {{Build: [{value}]}}",
        "nodes: {{Check: {{writes: {value}}}}}",
        "nodes: {{Check: {{writes: {{k: {value}}}}}}}",
        "nodes: {{Check: {{exit_code: {value}}}}}",
        "nodes: {{Check: {{outcome: {value}}}}}",
        "nodes: {{Approve: {{choice: {value}}}}}",
        "nodes: {{Supervise: {{cycles: {value}}}}}",
        "max_steps: {value}",
    ]
)


@settings(max_examples=400, deadline=None)
@given(_PLACES, _VALUES)
def test_no_error_leaks_the_validator(place: str, value: object) -> None:
    import json

    text = place.format(value=json.dumps(value))  # JSON is YAML flow syntax
    graph = machine_for(WORKFLOW).graph
    try:
        load_scenario("s.yaml", text, graph, load_child)
    except ScenarioError as error:
        assert error.line >= 1 and error.column >= 1
        assert not LEAKS.search(error.message), (text, error.message)
