"""dippin's ``.test.json`` files run unchanged: where tracker's routing agrees with dippin's
simulator the verdicts agree, and each disagreement names the node, the rule and its section
of tracker-runtime.md. The fixtures (fixtures/wftest/dippin/) are written in dippin's format
(dippin-language.md §5.5) for workflows where the two runtimes agree and, one by one, where
they do not: strict failure, the visit cap, retries, dippin's first-edge fallback, `else ->`,
a parallel node's branches, edge weights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FIXTURES, dedent
from test_cli import dipcheck

from dipcheck.config import Config
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.session import prepare
from dipcheck.wftest import dippin_sim, runner
from dipcheck.wftest.dippin import translate
from dipcheck.wftest.model import DippinCase

DIPPIN = FIXTURES / "wftest" / "dippin"


def _results(name: str) -> dict[str, runner.TestResult]:
    file = runner.run_file(str(DIPPIN / f"{name}.test.json"), runner.Workflows(Config()))
    assert file.error is None, file.error
    return {test.case.name: test for test in file.results}


# (test, tracker's verdict, dippin's verdict, where they part, words of the rule)
VERDICTS = [
    ("triage", "reproduced bug is fixed and shipped", "passed", True, None, None),
    ("triage", "a report that does not reproduce is closed", "passed", True, None, None),
    ("triage", "the reviewer asks for rework once", "passed", True, None, None),
    ("triage", "a wrong expectation fails everywhere", "failed", False, None, None),
    (
        "triage",
        "a rejected report is closed",
        "failed",
        True,
        "Close",
        "tracker's strict failure (docs/runtime/edge-selection.md#strict-failure)",
    ),
    (
        "triage",
        "a review that never passes stops looping",
        "failed",
        True,
        "Review",
        "dippin test caps node visits at 3 and breaks the loop at Review; tracker has no visit cap",
    ),
    (
        "triage",
        "a classifier that asks to retry moves on",
        "failed",
        True,
        "Classify",
        "Classify returned `retry`: tracker retries it and never routes on it "
        "(docs/runtime/failures.md#retries)",
    ),
    (
        "triage",
        "tools print success unless told otherwise",
        "failed",
        True,
        "Reproduce",
        "no matching edges (docs/runtime/edge-selection.md#no-matching-edge); dippin goes to Fix "
        "(no condition "
        "is true and there is no unconditional edge: the first edge",
    ),
    ("escalate", "green checks deploy", "passed", True, None, None),
    (
        "escalate",
        "anything else pages",
        "failed",
        True,
        "Check",
        "tracker ignores `else ->` (it is not wired into the engine, "
        "docs/runtime/loading.md#from-dippin-to-trackers-graph)",
    ),
    ("fanout", "every review runs before the summary", "passed", True, None, None),
    (
        "fanout",
        "only the security review",
        "failed",
        True,
        "Security",
        "tracker runs every branch of the parallel node Reviews, Style included "
        "(docs/runtime/parallel.md#branches); the test's `branch` (Security) limits only dippin's "
        "walk",
    ),
    (
        "fanout",
        "the summary is published",
        "passed",
        False,
        "Summarize",
        "tracker takes the highest weight, then the lexically smallest target "
        "(docs/runtime/edge-selection.md#weight); dippin takes the first declared",
    ),
]


@pytest.mark.parametrize(("file", "name", "ours", "theirs", "where", "rule"), VERDICTS)
def test_verdicts_agree_or_the_disagreement_is_explained(
    file: str, name: str, ours: str, theirs: bool, where: str | None, rule: str | None
) -> None:
    test = _results(file)[name]
    assert test.outcome == ours
    if rule is None:  # tracker and dippin agree
        assert test.disagreement is None
        assert (test.outcome == "passed") == theirs
        return
    found = test.disagreement
    assert found is not None and found.dippin_passes is theirs
    assert found.where == where
    assert rule in found.why


def test_the_report_says_where_and_why() -> None:
    result = dipcheck("test", DIPPIN / "triage.test.json")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "::a rejected report is closed _" in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("_"))
    ended = (
        "    the run ended at Close: fail — node 'Close' failed with no conditional edges to "
        "handle failure and no fallback_target/on_failure: the run fails "
        "(docs/runtime/edge-selection.md#strict-failure)"
    )
    assert lines[start + 1 : end] == [
        "fixtures/wftest/dippin/triage.test.json:34: status: expected status 'success', got 'fail'",
        ended,
        "    path: Start → Classify → Close",
        "fixtures/wftest/dippin/triage.test.json:35: visited: not visited: 'Done'",
        ended,
        "    path: Start → Classify → Close",
        "  dippin's simulator would pass this test: success, path Start → Classify → Close → Done",
        "  tracker's routing differs at Close: Close failed and none of its edges has a "
        "condition: tracker's strict failure (docs/runtime/edge-selection.md#strict-failure) — "
        "tracker ends "
        "the run: fail; dippin's simulator has no strict failure: dippin goes to Done (its "
        "only edge, unconditional)",
    ]


def test_json_carries_dippins_verdict() -> None:
    passing = dipcheck("test", DIPPIN / "fanout.test.json", "--format", "json")
    document = json.loads(passing.stdout)
    published = next(
        test for test in document["files"][0]["tests"] if test["name"] == "the summary is published"
    )
    assert published["outcome"] == "passed"
    assert published["dippin"]["passes"] is False
    assert published["dippin"]["path"][-3:] == ["Summarize", "Archive", "Done"]
    assert published["dippin"]["failures"] == [
        "immediately_after: expected 'Publish' after 'Summarize'",
        "expected node 'Archive' to NOT be visited",
    ]


# -- reading a dippin scenario in tracker's terms ---------------------------------------------

FLOW = dedent(
    """
    workflow Flow
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Plan
        prompt: plan
        writes: verdict
      tool Check
        command: ./check.sh
        timeout: 1m
      human Gate
        label: "Go?"
        mode: yes_no
      human Pick
        label: "Pick"
      agent Done
        label: Done
      edges
        Start -> Plan
        Plan -> Check
        Check -> Gate
        Gate -> Pick
        Pick -> Done label: "Ship now"
        Pick -> Plan label: "Rework later"
    """
)


def _graph(tmp_path: Path) -> RunGraph:
    path = tmp_path / "flow.dip"
    path.write_text(FLOW, encoding="utf-8")
    return prepare(str(path), Config()).graph


def test_scenario_pairs_become_what_the_nodes_do(tmp_path: Path) -> None:
    graph = _graph(tmp_path)
    case = DippinCase(
        (
            ("outcome", "fail"),
            ("verdict", "approve"),
            ("Check.tool_stdout", "ok"),
            ("Gate.outcome", "fail"),
            ("preferred_label", "ship"),
            ("inputs.region", "eu"),
        )
    )
    scenario, notes = translate(case, graph)
    plan = scenario.nodes["Plan"][0]
    assert (plan.outcome, plan.writes) == ("fail", (("verdict", "approve"),))
    check = scenario.nodes["Check"][0]
    assert (check.outcome, check.exit_code, check.stdout) == ("fail", 1, "ok")
    assert scenario.nodes["Gate"][0].label == "No"  # a yes_no gate answers No for fail
    first, later = scenario.nodes["Pick"]  # dippin consumes preferred_label once
    assert (first.label, later.label) == ("Ship now", None)
    assert scenario.context == {"verdict": "approve", "inputs.region": "eu"}
    assert any("first visit of each human gate" in note for note in notes)
    _, unknown = translate(DippinCase((("outcome", "partial"),)), graph)
    assert unknown == [
        "`outcome`='partial' is no status tracker knows; tracker resets `outcome` before every "
        "node (docs/runtime/edge-selection.md#the-main-loop), so it routes nothing"
    ]


def test_a_tool_the_scenario_does_not_mention_prints_success(tmp_path: Path) -> None:
    graph = _graph(tmp_path)
    scenario, _ = translate(DippinCase(()), graph)
    assert scenario.nodes["Check"][0].stdout == "success"
    emptied, _ = translate(DippinCase((("tool_stdout", ""),)), graph)
    assert emptied.nodes["Check"][0].stdout == ""


def test_dippins_simulator_follows_its_own_rules(tmp_path: Path) -> None:
    graph = _graph(tmp_path)
    run = dippin_sim.simulate(graph, DippinCase((("preferred_label", "rework"),)))
    # Pick goes back to Plan once (the label is consumed), then the first unconditional edge
    assert run.path == [
        "Start",
        "Plan",
        "Check",
        "Gate",
        "Pick",
        "Plan",
        "Check",
        "Gate",
        "Pick",
        "Done",
    ]
    assert run.status == "success"
    rules = [(item.node, item.rule) for item in run.decisions if item.node == "Pick"]
    assert rules == [("Pick", "label"), ("Pick", "unconditional")]


def test_a_node_not_visited_is_explained_by_the_decision_that_turned_away() -> None:
    test = _results("triage")["a wrong expectation fails everywhere"]
    (failure,) = test.failures
    assert failure.message == "not visited: 'Fix'"
    assert failure.decision == [
        "step 3, Reproduce (success): → Close — condition: condition `ctx.tool_stdout = "
        "not_reproduced` is true (ctx.tool_stdout is 'not_reproduced') "
        "(docs/runtime/edge-selection.md#conditions)",
        "  ✗ Reproduce -> Fix: `ctx.tool_stdout = reproduced` is false (ctx.tool_stdout is "
        "'not_reproduced')",
        "path: Start → Classify → Reproduce → Close → Done",
    ]
