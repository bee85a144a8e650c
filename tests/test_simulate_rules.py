"""DC401 to DC405, the findings the exhaustive exploration proves: each fires on a minimal workflow
(code, severity and exact range asserted) and stays quiet on its twin that differs in one
place. They are off by default and selected like any rule (`--extend-select DC4`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import CORPUS, Finding, every_rule_findings, lint, run, template
from test_cli import dipcheck

from dipcheck.config import Config
from dipcheck.rules import registry

DC4 = Config(select=("DC4",))


def _dc4(text: str) -> list[Finding]:
    return lint(text, config=DC4)


def test_off_by_default_and_documented() -> None:
    for code, name in (
        ("DC401", "no-matching-edge"),
        ("DC402", "loop-without-exit"),
        ("DC403", "exit-beyond-restart-budget"),
        ("DC404", "unsatisfiable-goal-gate"),
        ("DC405", "dead-edge"),
    ):
        found = registry.get(code)
        assert found is not None and found.name == name and not found.enabled
        assert found.summary and found.rationale and found.example and found.fix
    assert [item.code for item in registry.select("DC4")] == [
        "DC401", "DC402", "DC403", "DC404", "DC405",
    ]  # fmt: skip


NO_MATCH = template(
    """
    workflow W
      start: Check
      exit: Done
      tool Check
        command: ./check.sh
      agent Ship
        prompt: ship
      agent Fix
        prompt: fix
      agent Done
        prompt: done
      edges
        Check -> Ship when ctx.tool_stdout = pass
        Check -> Fix when ctx.tool_stdout = fail
        Ship -> Done
        Fix -> Done
    """
)


def test_dc401_no_matching_edge() -> None:
    findings = _dc4(NO_MATCH)
    assert [(f.code, f.severity, f.start, f.end, f.text) for f in findings] == [
        ("DC401", "warning", (4, 8), (4, 13), "Check")
    ]
    assert not _dc4(NO_MATCH + "    Check -> Fix\n")  # a fallback edge


def test_dc401_message_names_the_case() -> None:
    result = dipcheck("lint", "--select", "DC401", "--format", "concise", "-", stdin=NO_MATCH)
    assert "when `Check` succeeds and prints nothing, none of its 2 conditional edges" in (
        result.stdout
    )


LOOP = template(
    """
    workflow W
      start: Test
      exit: Done
      tool Test
        command: make test
      agent Fix
        prompt: fix
      agent Again
        prompt: again
      agent Done
        prompt: done
      edges
        Test -> Done when ctx.tool_stdout = pass
        Test -> Fix when ctx.tool_stdout = fail
        Test -> Done
        Fix -> Again
        Again -> Fix
    """
)


def test_dc402_loop_without_exit() -> None:
    findings = _dc4(LOOP)
    assert [(f.code, f.severity, f.start, f.end, f.text) for f in findings] == [
        ("DC402", "warning", (17, 5), (17, 17), "Again -> Fix")
    ]
    assert not _dc4(LOOP.replace("    Again -> Fix\n", "    Again -> Test\n"))


BUDGET = template(
    """
    workflow W
      start: A
      exit: Z
      defaults
        max_restarts: 0
      agent A
        prompt: a
      tool B
        command: ./prepare.sh
      agent Z
        prompt: z
      edges
        A -> Z when ctx.tool_stdout = ready
        A -> B
        B -> A
    """
)


def test_dc403_exit_beyond_restart_budget() -> None:
    # A can only reach Z once B has printed `ready`, i.e. after looping back to A: one
    # restart, and the budget is 0 — so the `ready` edge is also dead under it (DC405).
    findings = _dc4(BUDGET)
    assert [(f.code, f.severity, f.start, f.end, f.text) for f in findings] == [
        ("DC403", "warning", (5, 19), (5, 20), "0"),
        ("DC405", "warning", (13, 17), (13, 40), "ctx.tool_stdout = ready"),
    ]
    message = run(BUDGET, config=DC4).diagnostics[0].message
    assert message == (
        "no run reaches the exit within `max_restarts: 0`: the shortest successful run needs 1 "
        "restart (docs/runtime/failures.md#loop-restarts)"
    )
    assert not _dc4(BUDGET.replace("max_restarts: 0", "max_restarts: 1"))


GATE = template(
    """
    workflow W
      start: Gate
      exit: Done
      agent Gate
        prompt: judge
        goal_gate: true
      agent Rework
        prompt: rework
      agent Done
        prompt: done
      edges
        Gate -> Rework when ctx.outcome = success
        Gate -> Done when ctx.outcome = fail
        Rework -> Gate
    """
)


def test_dc404_unsatisfiable_goal_gate() -> None:
    findings = _dc4(GATE)
    assert [(f.code, f.severity, f.start, f.end, f.text) for f in findings] == [
        ("DC404", "warning", (6, 5), (6, 20), "goal_gate: true")
    ]
    swapped = GATE.replace(
        "Gate -> Rework when ctx.outcome = success", "Gate -> Rework when ctx.outcome = fail"
    )
    swapped = swapped.replace(
        "Gate -> Done when ctx.outcome = fail", "Gate -> Done when ctx.outcome = success"
    )
    assert not _dc4(swapped)


DEAD = template(
    """
    workflow W
      start: Check
      exit: Done
      tool Check
        command: ./check.sh
      agent Ship
        prompt: ship
      agent Fix
        prompt: fix
      agent Done
        prompt: done
      edges
        Check -> Ship when ctx.outcome = success
        Check -> Fix when ctx.outcome = fail
        Check -> Ship when ctx.tool_stdout = pass
        Check -> Fix
        Ship -> Done
        Fix -> Done
    """
)


def test_dc405_dead_edge() -> None:
    # a tool ends with success or fail, so one of the first two edges always wins (§5.3);
    # the unconditional fallback after them is dead too but not reported (a defence)
    findings = _dc4(DEAD)
    assert [(f.code, f.severity, f.start, f.end, f.text) for f in findings] == [
        ("DC405", "warning", (15, 24), (15, 46), "ctx.tool_stdout = pass")
    ]
    stdout_edge = "    Check -> Ship when ctx.tool_stdout = pass\n"
    success_edge = "    Check -> Ship when ctx.outcome = success\n"
    reordered = DEAD.replace(stdout_edge, "").replace(success_edge, stdout_edge + success_edge)
    assert not _dc4(reordered)


NAMED_CTX = template(
    """
    workflow W
      start: Draft
      exit: Done
      agent Draft
        prompt: draft
        writes: ctx.outcome
      agent Review
        prompt: review
      agent Ship
        prompt: ship
      agent Fix
        prompt: fix
      agent Done
        label: Done
      edges
        Draft -> Review
        Review -> Ship when ctx.outcome = success
        Review -> Fix when ctx.outcome = fail
        Ship -> Done
        Fix -> Done
    """
)


def test_a_written_key_named_ctx_k_routes_the_conditions_that_name_it() -> None:
    # `writes: ctx.outcome` stores the key `ctx.outcome` (tracker-runtime.md §3.3 reserves
    # only the bare `outcome`), and Review's `ctx.outcome` reads that key before its own
    # outcome (§5.2): Draft's response decides, and either value can be in it, so neither
    # edge is dead; a response holding neither value leaves Review no edge (DC401)
    findings = _dc4(NAMED_CTX)
    assert [(f.code, f.severity, f.start, f.end, f.text) for f in findings] == [
        ("DC401", "warning", (7, 9), (7, 15), "Review")
    ]
    # the twin: without the write, Review's own outcome routes it, always somewhere
    assert _dc4(NAMED_CTX.replace("    writes: ctx.outcome\n", "")) == []


def test_dead_edge_leaves_other_rules_their_cases() -> None:
    # `ctx.outcome = retry` never fires (DC302's finding), nor an outcome test after a choice
    # gate that always succeeds (DC303's)
    text = template(
        """
        workflow W
          start: A
          exit: Z
          agent A
            prompt: a
          human Ask
            label: ok?
          agent Z
            prompt: z
          edges
            A -> Z when ctx.outcome = retry
            A -> Ask
            Ask -> Z when ctx.outcome = fail
            Ask -> Z
        """
    )
    assert not _dc4(text)


def test_edges_to_undeclared_nodes_are_explored_without_internal_errors() -> None:
    # DIP003 reports the edge; the run that takes it ends "node not found" (§4.5)
    text = template(
        """
        workflow W
          start: A
          exit: Z
          human A
            label: go?
          agent Z
            prompt: z
          edges
            A -> Ghost label: "[G] Ghost"
            A -> Z label: "[Z] Done"
        """
    )
    assert [f.code for f in lint(text, config=Config(select=("DC4", "DC000")))] == []


# What DC4xx reports on the corpus: DC401 on the DOT versions of eight examples, at tools
# that route on two output values with no fallback; each .dip twin has the `fallback` edge
# that this finding asks for. Nothing on the .dip files.
CORPUS_DC401 = {
    "dotpowers-auto.dot": "CheckBrainstormDone CheckExistingPlans CheckImplementBudget "
    "CheckReworkBudget",
    "dotpowers-simple-auto.dot": "CheckBrainstormDone CheckExistingPlans CheckImplementBudget "
    "CheckReworkBudget",
    "dotpowers-simple.dot": "CheckBrainstormDone CheckExistingPlans CheckImplementBudget "
    "CheckImplementerReady CheckReworkBudget",
    "dotpowers.dot": "CheckBrainstormDone CheckExistingPlans CheckImplementBudget "
    "CheckImplementerReady CheckReworkBudget",
    "kitchen-sink.dot": "CheckExistingPlans CheckImplementBudget CheckReworkBudget",
    "scenario-testing.dot": "CheckBrainstormDone CheckExistingPlans CheckImplementBudget "
    "CheckImplementerReady CheckReworkBudget RunScenarios",
    "test-kitchen.dot": "CheckExistingPlans CheckImplementBudget CheckImplementerReady "
    "CheckReworkBudget",
    "vulnerability_analyzer.dot": "EvaluateFindings",
}


@pytest.mark.corpus
def test_findings_on_the_corpus() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    found: dict[str, list[str]] = {}
    for item in every_rule_findings():  # (every rule's: linted once for two test files)
        path = Path(item.path)
        # the simulation rules' own codes, and those a file that cannot be read, parsed or
        # linted gets whatever is selected
        if not path.is_relative_to(CORPUS) or not item.code.startswith(
            ("DC4", "DC000", "DC001", "DC002")
        ):
            continue
        if item.code == "DC001" and path.name == "megaplan_quality.dot":
            continue  # `human.default_choice`: tracker cannot load it (test_corpus.KNOWN)
        assert item.code == "DC401", (item.path, item.code, item.message)
        found.setdefault(path.name, []).append(item.text)
    assert {name: " ".join(sorted(nodes)) for name, nodes in found.items()} == CORPUS_DC401
