"""Manager loops: DC326 (configurations the handler refuses) and DC327 (conditions that cannot
change while the loop polls), each with its exact range and a passing twin."""

from __future__ import annotations

import pytest
from helpers import Finding, dedent, lint, only, run, template

LOOP = template(
    """
    workflow Loop
      goal: watch
      start: Supervise
      exit: Done
      manager_loop Supervise
        subgraph_ref: child.dip
        max_cycles: 12
        stop_condition: stack.child.cycles >= 10
        steer_condition: stack.child.cycles = 5
        steer_context:
          hint: halfway
      agent Done
        label: Done
      edges
        Supervise -> Done
    """
)


def messages(text: str, code: str, path: str = "<test>.dip") -> list[str]:
    return [item.message for item in run(text, path).diagnostics if item.code == code]


def test_loop_is_clean() -> None:
    assert only(lint(LOOP), "DC326", "DC327") == []


# -- DC326 ----------------------------------------------------------------------------------


def test_dc326_steer_condition_without_context() -> None:
    text = LOOP.replace("    steer_context:\n      hint: halfway\n", "")
    assert only(lint(text), "DC326") == [
        Finding("DC326", "error", (9, 5), (9, 20), "steer_condition")
    ]
    assert messages(text, "DC326") == [
        "manager loop `Supervise` has a steer_condition but no steer_context: nothing to "
        "inject, and the handler fails the run"
    ]


def test_dc326_steer_context_without_condition() -> None:
    text = LOOP.replace("    steer_condition: stack.child.cycles = 5\n", "")
    assert only(lint(text), "DC326") == [
        Finding("DC326", "error", (9, 5), (9, 18), "steer_context")
    ]


def test_dc326_twin_neither() -> None:
    text = LOOP.replace(
        "    steer_condition: stack.child.cycles = 5\n    steer_context:\n      hint: halfway\n", ""
    )
    assert only(lint(text), "DC326") == []


def test_dc326_ambiguous_steer_key() -> None:
    text = LOOP.replace("      hint: halfway\n", "      hint: halfway\n      steer.hint: later\n")
    assert only(lint(text), "DC326") == [Finding("DC326", "error", (11, 7), (11, 11), "hint")]


@pytest.mark.parametrize(
    ("condition", "text", "reason"),
    [
        ("stack.child.cycles >= ten", "stack.child.cycles >= ten", "numeric comparison requires"),
        ("stack.child.cycles", "stack.child.cycles", "missing comparison operator"),
        ("stack.child.cycles>=10", "stack.child.cycles>=10", "require surrounding spaces"),
    ],
)
def test_dc326_conditions_tracker_cannot_evaluate(condition: str, text: str, reason: str) -> None:
    source = LOOP.replace("stack.child.cycles >= 10", condition)
    [finding] = only(lint(source), "DC326")
    assert (finding.start, finding.text) == ((8, 21), text)
    assert reason in messages(source, "DC326")[0]


def test_dc326_twin_empty_operand_is_fine_at_run_time() -> None:
    # `tracker validate` rejects an empty operand, the evaluator does not
    text = LOOP.replace("stack.child.cycles >= 10", "stack.child.cycles >= 10 || ctx.x =")
    assert only(lint(text), "DC326") == []


def test_dc326_dot_steer_context_without_pairs() -> None:
    text = dedent(
        """
        digraph G {
          S [shape=Mdiamond]
          E [shape=Msquare]
          M [shape=house, subgraph_ref="child.dip", steer_condition="stack.child.cycles = 2",
             steer_context="hint"]
          S -> M -> E
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC326") == [
        Finding("DC326", "error", (5, 21), (5, 25), "hint")
    ]
    twin = text.replace('"hint"', '"hint=go"')
    assert only(lint(twin, "g.dot"), "DC326") == []


# -- DC327 ----------------------------------------------------------------------------------


def test_dc327_status_is_running_while_polling() -> None:
    text = LOOP.replace("stack.child.cycles >= 10", "stack.child.status = success")
    assert only(lint(text), "DC327") == [
        Finding("DC327", "warning", (8, 21), (8, 39), "stack.child.status")
    ]
    [message] = messages(text, "DC327")
    assert message.startswith(
        "manager loop `Supervise`: stop_condition cannot change while the loop polls, so it "
        "stops the child at the first tick or never"
    )
    assert message.endswith("so this clause is always false")


def test_dc327_unknown_observable() -> None:
    text = LOOP.replace("stack.child.cycles >= 10", "stack.child.outcome = success")
    assert only(lint(text), "DC327") == [
        Finding("DC327", "warning", (8, 21), (8, 40), "stack.child.outcome")
    ]
    assert "which the loop never writes" in messages(text, "DC327")[0]


def test_dc327_child_key_and_steer_condition() -> None:
    text = LOOP.replace("stack.child.cycles = 5", "ctx.review_done = true")
    [finding] = only(lint(text), "DC327")
    assert (finding.start, finding.text) == ((9, 22), "ctx.review_done")
    assert (
        "it steers at every tick or never: `review_done` does not change"
        in (messages(text, "DC327")[0])
    )


def test_dc327_twin_any_clause_on_cycles() -> None:
    text = LOOP.replace(
        "stack.child.cycles >= 10", "stack.child.status = success || stack.child.cycles >= 10"
    )
    assert only(lint(text), "DC327") == []
