"""A human gate's answer in a scenario is read as tracker reads what a person types at the
console (pipeline/handlers/interviewer_console.go, matchConsoleChoice): the label in any case
or its number in the gate's list; accelerators like `[B]` are part of the label (issue 19 §2)."""

from __future__ import annotations

import pytest
from helpers import dedent
from simulate_support import machine_for, simulate_text

from dipcheck.simulate.children import load_child
from dipcheck.simulate.scenario import ScenarioError, load_scenario

COLORS = """
workflow Colors
  start: Pick
  exit: Done
  human Pick
    label: "Pick your favorite color."
  human Again
    label: "Continue?"
    mode: yes_no
  human Say
    label: "Anything else?"
    mode: freeform
  agent Red
    prompt: red
  agent Blue
    prompt: blue
  agent Done
    prompt: done
  edges
    Pick -> Red  label: "[R] Red"
    Pick -> Blue  label: "[B] Blue"
    Red -> Again
    Blue -> Again
    Again -> Say  label: "Yes"
    Again -> Done  label: "No"
    Say -> Done  label: "[D] Done"
"""


def _path(answer: str) -> list[str]:
    return simulate_text(COLORS, f"nodes: {{Pick: {{choice: {answer}}}}}").path


@pytest.mark.parametrize("answer", ['"[B] Blue"', '"[b] blue"', '" [B] BLUE "', "2"])
def test_a_choice_is_its_label_in_any_case_or_its_number(answer: str) -> None:
    assert _path(answer)[:2] == ["Pick", "Blue"]


def test_the_first_label_by_number_and_the_auto_approve_default() -> None:
    assert _path("1")[:2] == ["Pick", "Red"]
    assert simulate_text(COLORS, "").path[:2] == ["Pick", "Red"]


def _error(scenario: str) -> ScenarioError:
    graph = machine_for(COLORS).graph
    with pytest.raises(ScenarioError) as caught:
        load_scenario("s.yaml", dedent(scenario), graph, load_child)
    return caught.value


@pytest.mark.parametrize("answer", ["Blue", "B", "blue"])
def test_an_answer_without_the_accelerator_says_the_accelerator_is_part_of_it(
    answer: str,
) -> None:
    error = _error(f"nodes: {{Pick: {{choice: {answer}}}}}")
    assert error.message == (
        f"no edge from `Pick` carries the label {answer!r} (did you mean `[B] Blue`? the "
        "accelerator `[B]` is part of the label tracker matches); tracker takes a label in any "
        "case or its number: 1 '[R] Red', 2 '[B] Blue'"
    )


def test_a_number_outside_the_list_is_refused() -> None:
    error = _error("nodes: {Pick: {choice: 3}}")
    assert error.message.startswith("no edge from `Pick` carries the label '3';")


def test_yes_no_takes_any_case_and_1_or_2() -> None:
    # No is a `fail` status, and with no conditional edge out of the gate the run stops there
    for answer, outcome in (("no", "fail"), ("NO", "fail"), ("2", "fail"), ("1", "success")):
        sim = simulate_text(COLORS, f"nodes: {{Again: {{choice: '{answer}'}}}}")
        again = next(step for step in sim.run.top if step.node == "Again")
        assert again.outcome == outcome, answer


def test_a_freeform_gate_matches_labels_in_any_case_but_not_numbers() -> None:
    path = simulate_text(COLORS, "nodes: {Say: {choice: '[d] done'}}").path
    assert path[-2:] == ["Say", "Done"]
    error = _error("nodes: {Say: {choice: 1}}")
    assert error.message == (
        "no edge from `Say` carries the label '1'; tracker takes a label in any case: '[D] Done'"
    )
