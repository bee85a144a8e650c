"""TRK101 and TRK102 with tracker's exact predicates: the firing case, and one twin per
condition of the predicate that turns it off."""

from __future__ import annotations

import pytest
from helpers import Finding, lint, only, run, template

TRK101 = template(
    """
    workflow Build
      start: Test
      exit: Done
      tool Test
        timeout: 5m
        command:
          make test 2>&1
      agent Fix
        prompt: Fix the tests.
      agent Done
        label: Done
      edges
        Test -> Done  when ctx.tool_stdout contains PASS
        Test -> Fix
        Fix -> Test  loop
    """
)


def test_trk101_fires_on_the_tool() -> None:
    assert only(lint(TRK101), "TRK101") == [Finding("TRK101", "warning", (4, 8), (4, 12), "Test")]
    [item] = [item for item in run(TRK101).diagnostics if item.code == "TRK101"]
    assert [(related.span.text, related.message) for related in item.related] == [
        (
            "Test -> Done  when ctx.tool_stdout contains PASS",
            "the only edge that routes on ctx.tool_stdout",
        ),
        ("2>&1", "unbounded output"),
    ]


def test_trk101_tee_word() -> None:
    text = TRK101.replace("make test 2>&1", "make test | tee test.log")
    [item] = [item for item in run(text).diagnostics if item.code == "TRK101"]
    assert item.related[1].span.text == "tee"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("    timeout: 5m\n", "    timeout: 5m\n    marker_grep: ^(PASS|FAIL)$\n"),
        ("    timeout: 5m\n", "    timeout: 5m\n    output_limit: 1048576\n"),
        (
            "    Test -> Fix\n",
            "    Test -> Fix  when ctx.tool_stdout contains FAIL\n    Test -> Done\n",
        ),
        ("    Test -> Fix\n", "    Test -> Fix  when ctx.outcome = fail\n    Test -> Done\n"),
        ("    Test -> Fix\n", "    Test -> Fix  when ctx.tool_stderr contains x\n"),
        ("make test 2>&1", "make test > test.log"),
        ("make test 2>&1", "make test | teeth"),
    ],
    ids=[
        "marker_grep",
        "output_limit",
        "two-stdout-edges",
        "outcome-edge",
        "no-fallback",
        "no-unbounded-output",
        "tee-must-be-a-word",
    ],
)
def test_trk101_twins(old: str, new: str) -> None:
    assert only(lint(TRK101.replace(old, new)), "TRK101") == []


TRK102 = template(
    """
    workflow Ship
      start: Verify
      exit: Done
      tool Verify
        timeout: 5m
        command: make verify
      human Escalate
        mode: choice
      agent Release
        prompt: Publish the release notes.
      agent Done
        label: Done
      edges
        Verify -> Release  when ctx.outcome = success
        Verify -> Escalate  when ctx.outcome = fail
        Escalate -> Release  label: "accept"
        Escalate -> Verify  label: "retry"  loop
        Release -> Done
    """
)


def test_trk102_fires_on_the_accept_edge() -> None:
    assert only(lint(TRK102), "TRK102") == [
        Finding("TRK102", "warning", (16, 5), (16, 41), 'Escalate -> Release  label: "accept"')
    ]
    [item] = [item for item in run(TRK102).diagnostics if item.code == "TRK102"]
    assert item.fix is not None and item.fix.safe
    assert [edit.text for edit in item.fix.edits] == ["  override: true"]


def test_trk102_fallback_target_makes_a_gate_an_escalation_target() -> None:
    text = TRK102.replace("    Verify -> Escalate  when ctx.outcome = fail\n", "").replace(
        "    command: make verify", "    command: make verify\n    fallback_target: Escalate"
    )
    assert [item.code for item in only(lint(text), "TRK102")] == ["TRK102"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('label: "accept"', 'label: "accept"  override: true'),
        ('label: "accept"', 'label: "ship it"'),
        ("    Verify -> Escalate  when ctx.outcome = fail\n", "    Verify -> Escalate\n"),
        ("    Release -> Done\n", "    Release -> Confirm\n    Confirm -> Done\n"),
    ],
    ids=["override", "other-label", "not-an-escalation-target", "another-gate-on-the-way"],
)
def test_trk102_twins(old: str, new: str) -> None:
    text = TRK102.replace(old, new)
    if "Confirm" in new:
        text = text.replace("  agent Done\n", "  human Confirm\n    mode: yes_no\n  agent Done\n")
    assert only(lint(text), "TRK102") == []


def test_trk102_label_is_matched_trimmed_and_case_insensitively() -> None:
    text = TRK102.replace('label: "accept"', 'label: " Mark Done "')
    assert [item.code for item in only(lint(text), "TRK102")] == ["TRK102"]


def test_trk101_bounded_redirection_is_kept_as_info() -> None:
    # tracker's predicate only looks for the text `2>&1`; with stdout sent to a file the
    # output is bounded, so the finding stays (parity) but as information
    text = TRK101.replace("make test 2>&1", "make test > test.log 2>&1\n      tail -n 1 test.log")
    [item] = [item for item in run(text).diagnostics if item.code == "TRK101"]
    assert item.severity.label == "info"
    assert item.message.endswith(
        "; here every `2>&1` and `tee` sends standard output to a file or /dev/null, so the "
        "output is bounded (tracker's check only looks for the text)"
    )
    quiet = TRK101.replace("make test 2>&1", "make test >/dev/null 2>&1")
    assert [i.severity.label for i in run(quiet).diagnostics if i.code == "TRK101"] == ["info"]


def test_trk101_same_target_misroute_changes_nothing() -> None:
    text = TRK101.replace("    Test -> Fix\n", "    Test -> Done\n").replace(
        "    Fix -> Test  loop\n", ""
    )
    [item] = [item for item in run(text).diagnostics if item.code == "TRK101"]
    assert item.severity.label == "info"
    assert item.message.endswith(
        "; the conditional edge and the fallback both lead to `Done`, so a truncated marker "
        "changes nothing"
    )
    # the unbounded, diverging case stays a warning
    [real] = [item for item in run(TRK101).diagnostics if item.code == "TRK101"]
    assert real.severity.label == "warning"


def test_trk102_goal_gate_covered_makes_the_fix_unsafe() -> None:
    # an override out of a gate that a goal gate escalates to marks that goal gate satisfied
    # (engine_checkpoint.go coveredGoalGates, tracker-runtime.md §5.5)
    text = TRK102.replace(
        "  tool Verify\n    timeout: 5m\n    command: make verify",
        "  agent Verify\n    prompt: Verify the build.\n    goal_gate: true",
    )
    assert [f.code for f in lint(text) if f.code.startswith("DC0")] == []
    [item] = [item for item in run(text).diagnostics if item.code == "TRK102"]
    assert item.message.endswith(
        "; goal gate(s) `Verify` escalate to `Escalate`, so with `override: true` taking this "
        "edge also marks them satisfied and the run can finish instead of retrying them: the "
        "flag changes the run's outcome, not only its audit trail"
    )
    assert item.fix is not None and not item.fix.safe
