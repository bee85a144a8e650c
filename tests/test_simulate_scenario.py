"""Scenario files: every problem is a clear error with its line, column and a did-you-mean."""

from __future__ import annotations

import pytest
from helpers import dedent
from hypothesis import given, settings
from hypothesis import strategies as st
from simulate_support import machine_for, simulate_text

from dipcheck.simulate.children import load_child
from dipcheck.simulate.scenario import ScenarioError, load_scenario

WORKFLOW = """
workflow W
  start: Build
  exit: Done
  agent Build
    prompt: build
  tool Check
    command: make test
  human Approve
    label: Ship?
  human Ask
    mode: yes_no
  human Note
    mode: freeform
  agent Done
    prompt: done
  edges
    Build -> Check
    Check -> Approve
    Approve -> Ask label: "Ship it"
    Approve -> Build label: "Rework"
    Ask -> Note
    Note -> Done
"""


def _error(scenario: str) -> ScenarioError:
    graph = machine_for(WORKFLOW).graph
    with pytest.raises(ScenarioError) as caught:
        load_scenario("s.yaml", dedent(scenario), graph, load_child)
    return caught.value


def test_unknown_node_with_did_you_mean() -> None:
    error = _error(
        """
        nodes:
          Buidl: {outcome: fail}
        """
    )
    assert (error.line, error.column) == (2, 3)
    assert error.message == "no node `Buidl` in the workflow (did you mean `Build`?)"


def test_outcome_the_node_cannot_produce() -> None:
    error = _error(
        """
        nodes:
          Check: {outcome: retry}
        """
    )
    assert (error.line, error.column) == (2, 20)  # the value `retry`
    assert "cannot end with `retry`" in error.message and "success, fail" in error.message


def test_label_no_edge_carries() -> None:
    error = _error(
        """
        nodes:
          Approve:
            choice: Shp it
        """
    )
    assert (error.line, error.column) == (3, 13)  # the value `Shp it`
    assert "no edge from `Approve` carries the label 'Shp it'" in error.message
    assert "(did you mean `Ship it`?)" in error.message


def test_yes_no_answers_and_fields_that_do_not_apply() -> None:
    assert "answer Yes or No" in _error("nodes: {Ask: {choice: maybe}}").message
    wrong = _error("nodes:\n  Build: {stdout: hello}\n")
    assert (wrong.line, wrong.column) == (2, 11)
    assert "`stdout` does not apply to `Build`, a codergen node" in wrong.message


def test_unknown_field_and_bad_types() -> None:
    error = _error("nodes:\n  Check: {stdot: x}\n")
    assert (error.line, error.column) == (2, 11)
    assert "unknown field `stdot` (did you mean `stdout`?)" in error.message
    top = _error("contxt: {a: 1}\n")
    assert (top.line, top.column) == (1, 1) and "did you mean `context`" in top.message
    typed = _error("max_steps: many\n")
    assert (typed.line, typed.column) == (1, 12) and "max_steps" in typed.message


def test_list_entries_are_located() -> None:
    error = _error(
        """
        nodes:
          Build:
            - {outcome: retry}
            - {outcome: maybe}
        """
    )
    assert (error.line, error.column) == (4, 17)  # the second entry's `maybe`


def test_not_yaml() -> None:
    error = _error("nodes: {Build: [\n")
    assert error.line >= 1 and error.message.startswith("not valid YAML")


def test_yes_no_outcome_fail_means_no() -> None:
    sim = simulate_text(WORKFLOW, "nodes: {Ask: {outcome: fail}}")
    ask = next(step for step in sim.run.top if step.node == "Ask")
    assert ask.outcome == "fail"


def test_context_sets_declared_inputs() -> None:
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          inputs
            tier: text
          agent A
            prompt: go
          agent B
            prompt: b
          agent Z
            prompt: z
          edges
            A -> B when inputs.tier = gold
            A -> Z
            B -> Z
        """,
        "context: {tier: gold}",
    )
    assert sim.path == ["A", "B", "Z"]


_YAMLISH = st.text(
    alphabet=st.sampled_from(list("nodes:{}[]-, \n\"'BuildCheckApprove#&*!|>outcome")), max_size=80
)
_SHAPED = st.builds(
    lambda name, field, value: f"nodes:\n  {name}: {{{field}: {value}}}\n",
    st.sampled_from(["Build", "Check", "Approve", "Ask", "Note", "Child/X", "", "Build/Y"]),
    st.sampled_from(["outcome", "choice", "text", "stdout", "exit_code", "writes", "cycles", "x"]),
    st.sampled_from(
        ["success", "retry", "Yes", "'Ship it'", "[1, 2]", "{a: 1}", "-3", "~", "null"]
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_YAMLISH, _SHAPED))
def test_any_text_is_a_scenario_or_a_located_error(text: str) -> None:
    graph = machine_for(WORKFLOW).graph
    try:
        load_scenario("s.yaml", text, graph, load_child)
    except ScenarioError as error:
        assert error.line >= 1 and error.column >= 1 and error.message
