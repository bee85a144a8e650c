"""What tracker's adapter and handlers refuse, and its validator's warnings: DC012, DC320 to
DC328 and the DOT handler types only `tracker validate` knows (DC005), each with its exact
range and a passing twin."""

from __future__ import annotations

import pytest
from helpers import Finding, dedent, lint, only, run, template

FLOW = template(
    """
    workflow Flow
      goal: ship
      start: Start
      exit: Done
      agent Start
        label: Start
      conditional Route
        label: Route
      agent Ship
        prompt: Ship it.
      agent Fix
        prompt: Fix it.
      human Review
        label: Review
      agent Done
        label: Done
      edges
        Start -> Route
        Route -> Ship  when ctx.verdict = pass
        Route -> Fix  when ctx.verdict = fail
        Ship -> Review
        Fix -> Review
        Review -> Done  label: accept  override: true
        Review -> Fix  label: retry
    """
)
CODES = ("DC012", "DC320", "DC321", "DC322", "DC323", "DC324", "DC325", "DC328")


def messages(text: str, code: str, path: str = "<test>.dip") -> list[str]:
    return [item.message for item in run(text, path).diagnostics if item.code == code]


def test_flow_is_clean() -> None:
    assert only(lint(FLOW), *CODES) == []


# -- DC012 ----------------------------------------------------------------------------------


def test_dc012_override_on_an_edge_from_an_agent() -> None:
    text = FLOW.replace("    Ship -> Review\n", "    Ship -> Review  override: true\n")
    assert only(lint(text), "DC012") == [
        Finding("DC012", "error", (21, 21), (21, 35), "override: true")
    ]
    assert messages(text, "DC012") == [
        "tracker refuses to load the workflow: `override: true` on edge Ship -> Review, whose "
        "source `Ship` is an agent node, not a human gate"
    ]


def test_dc012_twin_false_flag() -> None:
    text = FLOW.replace("    Ship -> Review\n", "    Ship -> Review  override: false\n")
    assert only(lint(text), "DC012") == []


# -- DC320, DC321 ---------------------------------------------------------------------------


def test_dc320_conditional_without_a_fail_condition() -> None:
    text = FLOW.replace("when ctx.verdict = fail", "when ctx.verdict = retry")
    assert only(lint(text), "DC320") == [Finding("DC320", "info", (7, 15), (7, 20), "Route")]
    [message] = messages(text, "DC320")
    assert message.startswith("`tracker validate` warns: conditional node `Route` has no fail edge")
    assert "no unconditional edge either" in message


def test_dc320_does_not_say_a_value_is_missed_when_the_conditions_take_every_one() -> None:
    # `= pass` beside `!= pass` take every value: "a value no condition names ends the run"
    # was false there (audit 13)
    text = FLOW.replace("when ctx.verdict = fail", "when ctx.verdict != pass")
    [message] = messages(text, "DC320")
    assert message.endswith(
        "; its conditions take every value between them, so only the warning is at stake"
    )
    assert only(lint(text), "DC320") == [Finding("DC320", "info", (7, 15), (7, 20), "Route")]
    # the twin: two values named, others missed
    other = FLOW.replace("when ctx.verdict = fail", "when ctx.verdict = retry")
    assert "no unconditional edge either" in messages(other, "DC320")[0]


def test_dc320_twin_fail_in_any_case_and_spaced_not_equal() -> None:
    text = FLOW.replace("when ctx.verdict = fail", "when ctx.tool_stdout contains FAILED")
    assert only(lint(text), "DC320") == []
    # dippin spaces the operator (`ctx.outcome != success`): tracker's substring test then
    # finds no `!=success`
    spaced = FLOW.replace("when ctx.verdict = fail", "when ctx.outcome != success")
    assert len(only(lint(spaced), "DC320")) == 1


def test_dc321_mixed_labels() -> None:
    text = FLOW.replace("when ctx.verdict = pass", "when ctx.verdict = pass  label: ship")
    assert only(lint(text), "DC321") == [Finding("DC321", "info", (7, 15), (7, 20), "Route")]
    assert messages(text, "DC321") == [
        "`tracker validate` warns: conditional node `Route` has inconsistent edge label usage "
        "(1/2 labeled)"
    ]
    both = text.replace("when ctx.verdict = fail", "when ctx.verdict = fail  label: fix")
    assert only(lint(both), "DC321") == []


def test_dc320_dc321_dot_diamond() -> None:
    text = dedent(
        """
        digraph G {
          S [shape=Mdiamond]
          E [shape=Msquare]
          C [shape=diamond]
          S -> C
          C -> E [label="ok", condition="outcome=success"]
          C -> S [condition="outcome=retry"]
        }
        """
    )
    found = only(lint(text, "g.dot"), "DC320", "DC321")
    assert [(item.code, item.start, item.text) for item in found] == [
        ("DC320", (4, 3), "C"),
        ("DC321", (4, 3), "C"),
    ]


# -- DC322 ----------------------------------------------------------------------------------

LOOP = template(
    """
    workflow Loop
      goal: watch
      start: Supervise
      exit: Done
      manager_loop Supervise
        subgraph_ref: child.dip
        max_cycles: 12
        stop_condition: stack.child.cycles = 10
      agent Done
        label: Done
      edges
        Supervise -> Done
    """
)


def test_dc322_manager_loop_note() -> None:
    assert only(lint(LOOP), "DC322") == [Finding("DC322", "info", (5, 16), (5, 25), "Supervise")]


def test_dc322_twin_dot_type_manager_loop_is_dc005() -> None:
    text = dedent(
        """
        digraph G {
          S [shape=Mdiamond]
          E [shape=Msquare]
          M [shape=box, type=manager_loop, subgraph_ref="child.dip"]
          S -> M -> E
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC322", "DC005") == [
        Finding("DC005", "error", (4, 22), (4, 34), "manager_loop")
    ]
    [message] = messages(text, "DC005", "g.dot")
    assert "no handler of that name is registered when the workflow runs" in message
    house = text.replace("shape=box, type=manager_loop", "shape=house")
    assert [item.code for item in only(lint(house, "g.dot"), "DC322", "DC005")] == ["DC322"]


# -- DC323 ----------------------------------------------------------------------------------

FORK = template(
    """
    workflow Fork
      goal: review
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel Split -> A, B
        params:
          fan_in_policy: all
      agent A
        prompt: a
      agent B
        prompt: b
      fan_in Join <- A, B
      agent Done
        label: Done
      edges
        Start -> Split
        Join -> Done
    """
)


def test_dc323_twin_known_policies() -> None:
    assert only(lint(FORK), "DC323", "DC324") == []
    quorum = FORK.replace("fan_in_policy: all", "fan_in_policy: quorum\n      quorum: 1")
    assert only(lint(quorum), "DC323") == []


@pytest.mark.parametrize(
    ("replacement", "text", "why"),
    [
        ("fan_in_policy: All", "All", "unknown `fan_in_policy` 'All'"),
        ("fan_in_policy: quorum", "quorum", "but it has no `quorum`"),
        ("fan_in_policy: quorum\n      quorum: 0", "0", "its `quorum` '0' is not a positive"),
    ],
)
def test_dc323_refused_policies(replacement: str, text: str, why: str) -> None:
    source = FORK.replace("fan_in_policy: all", replacement)
    [finding] = only(lint(source), "DC323")
    assert (finding.severity, finding.text) == ("error", text)
    assert why in messages(source, "DC323")[0]


def test_dc323_dot_attribute() -> None:
    text = dedent(
        """
        digraph G {
          S [shape=Mdiamond]
          E [shape=Msquare]
          P [shape=component, fan_in_policy="majority"]
          A [shape=box, prompt="a"]
          J [shape=tripleoctagon]
          S -> P -> A -> J -> E
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC323") == [
        Finding("DC323", "error", (4, 38), (4, 46), "majority")
    ]


# -- DC324 ----------------------------------------------------------------------------------


def test_dc324_fan_in_reached_around_the_parallel() -> None:
    text = FORK.replace(
        "    Start -> Split\n", "    Start -> Split  when ctx.go = yes\n    Start -> Join\n"
    )
    assert only(lint(text), "DC324") == [Finding("DC324", "warning", (14, 10), (14, 14), "Join")]


def test_dc324_not_through_an_edge_a_node_that_always_succeeds_never_takes() -> None:
    # a pass-through start node is always `success` (§5.3): its `fail` edge is DC303's dead
    # edge, not a way to the fan_in around the parallel node
    dead = "    Start -> Split\n    Start -> Join  when ctx.outcome = fail\n"
    text = FORK.replace("    Start -> Split\n", dead)
    assert only(lint(text), "DC303", "DC324") == [
        Finding("DC303", "warning", (19, 25), (19, 43), "ctx.outcome = fail")
    ]
    # twins: the same edge out of an agent that can fail, or taken on success
    agent = text.replace("    label: Start\n", "    label: Start\n    prompt: go\n")
    assert only(lint(agent), "DC324") == [Finding("DC324", "warning", (15, 10), (15, 14), "Join")]
    taken = text.replace("ctx.outcome = fail", "ctx.outcome = success")
    assert only(lint(taken), "DC324") == [Finding("DC324", "warning", (14, 10), (14, 14), "Join")]


def test_dc324_dot_fan_in_with_no_parallel() -> None:
    text = dedent(
        """
        digraph G {
          S [shape=Mdiamond]
          E [shape=Msquare]
          J [shape=tripleoctagon]
          S -> J -> E
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC324") == [Finding("DC324", "error", (4, 3), (4, 4), "J")]


# -- DC325 ----------------------------------------------------------------------------------


def test_dc325_choice_gate_without_edges() -> None:
    text = FLOW.replace("exit: Done", "exit: Review").replace(
        "    Review -> Done  label: accept  override: true\n    Review -> Fix  label: retry\n", ""
    )
    assert only(lint(text), "DC325") == [Finding("DC325", "error", (13, 9), (13, 15), "Review")]
    twin = text.replace("    label: Review\n", "    label: Review\n    mode: freeform\n")
    assert only(lint(twin), "DC325") == []


# -- DC328 ----------------------------------------------------------------------------------


def test_dc328_requirements_other_than_git() -> None:
    text = FLOW.replace("  goal: ship\n", "  goal: ship\n  requires: Git, docker\n")
    assert only(lint(text), "DC328") == [Finding("DC328", "info", (3, 18), (3, 24), "docker")]
    assert only(lint(text.replace(", docker", "")), "DC328") == []
