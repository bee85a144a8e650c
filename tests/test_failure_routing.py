"""DC314-DC319: failure routing, dead ends, start/exit prompts and parallel branches. Each rule:
code, severity and exact range (with the text it covers), the message substance, and a passing
twin that differs minimally. Where a rule states what the run does, the simulator (which
follows tracker-runtime.md §5) is asked to agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Finding, as_finding, lint, only, run, template
from simulate_support import simulate_text


def messages(text: str, code: str, path: str = "<test>.dip") -> list[str]:
    return [item.message for item in run(text, path).diagnostics if item.code == code]


# -- DC314 dead-end-node --------------------------------------------------------------------------

DEAD_END = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      agent Build
        prompt: Build it.
      tool Test
        timeout: 1m
        command: make test
      agent Fix
        prompt: Fix the failing tests.
      agent Done
      edges
        Start -> Build
        Build -> Test
        Test -> Done  when ctx.outcome = success
        Test -> Fix  when ctx.outcome = fail
    """
)


def test_dc314_a_node_without_edges_fails_the_run() -> None:
    assert only(lint(DEAD_END), "DC314") == [Finding("DC314", "error", (10, 9), (10, 12), "Fix")]
    [message] = messages(DEAD_END, "DC314")
    assert "no outgoing edges from non-exit node" in message
    assert "(to `Done` if the run should end there)" in message
    # the simulator stops there too, whatever Fix's outcome
    sim = simulate_text(DEAD_END, "nodes: {Test: {outcome: fail}}")
    assert sim.path[-1] == "Fix" and sim.status != "success"


def test_dc314_twin_with_the_edge_back() -> None:
    assert only(lint(DEAD_END + "    Fix -> Test  loop\n"), "DC314") == []


def test_dc314_branches_and_the_exit_are_not_dead_ends() -> None:
    text = template(
        """
        workflow W
          start: Start
          exit: Done
          agent Start
          parallel Fan -> A, B
          agent A
            prompt: a
          agent B
            prompt: b
          fan_in Join <- A, B
          agent Done
          edges
            Start -> Fan
            Join -> Done
        """
    )
    assert only(lint(text), "DC314") == []


def test_dc314_in_dot() -> None:
    text = template(
        """
        digraph W {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="a"]
          b [shape=box, prompt="b"]
          s -> a
          a -> e [condition="outcome=success"]
          a -> b [condition="outcome=fail"]
        }
        """
    )
    assert only(lint(text, "<test>.dot"), "DC314") == [
        Finding("DC314", "error", (5, 3), (5, 4), "b")
    ]
    assert only(lint(text.replace("}", "  b -> a\n}"), "<test>.dot"), "DC314") == []


# -- DC315 unrouted-failure -----------------------------------------------------------------------

ESCALATING = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      agent Plan
        prompt: Plan the change.
      agent Build
        prompt: Build it.
      tool Check
        timeout: 1m
        command: make check
      human Escalate
        label: "Something failed. Accept or retry?"
      agent Done
      edges
        Start -> Plan
        Plan -> Build
        Build -> Check  when ctx.outcome = success
        Build -> Escalate  when ctx.outcome = fail
        Check -> Done  when ctx.outcome = success
        Check -> Escalate  when ctx.outcome = fail
        Escalate -> Done  label: accept
        Escalate -> Plan  label: retry  loop
    """
)


def test_dc315_a_node_the_escalation_misses() -> None:
    assert only(lint(ESCALATING), "DC315") == [
        Finding("DC315", "warning", (17, 5), (17, 18), "Plan -> Build")
    ]
    [message] = messages(ESCALATING, "DC315")
    assert message.startswith("if `Plan` fails (an empty response, a turn or cost limit")
    assert "node failed with no conditional edges to handle failure" in message
    assert "`Build`, `Check` send their failures to `Escalate`" in message
    assert "`Plan -> Escalate  when ctx.outcome = fail`" in message
    # what the run does: tracker's strict failure stops it at Plan
    sim = simulate_text(ESCALATING, "nodes: {Plan: {outcome: fail}}")
    assert sim.status == "fail" and sim.run.end is not None
    assert sim.run.end.cause == "strict_failure" and sim.path[-1] == "Plan"


def test_dc315_twin_routed_like_the_others() -> None:
    routed = ESCALATING.replace(
        "    Plan -> Build\n", "    Plan -> Build\n    Plan -> Escalate  when ctx.outcome = fail\n"
    )
    assert only(lint(routed), "DC315") == []
    fallback = ESCALATING.replace(
        "    prompt: Plan the change.\n",
        "    prompt: Plan the change.\n    fallback_target: Escalate\n",
    )
    assert only(lint(fallback), "DC315") == []
    graph = ESCALATING.replace(
        "  agent Start\n", "  defaults\n    on_failure: Escalate\n  agent Start\n"
    )
    assert only(lint(graph), "DC315") == []


def test_dc315_quiet_when_the_workflow_is_fail_fast() -> None:
    # one route is not a convention: Check's failure goes to a fix step, nothing else routes
    text = template(
        """
        workflow W
          start: Start
          exit: Done
          agent Start
          agent Build
            prompt: Build it.
          tool Check
            timeout: 1m
            command: make check
          agent Fix
            prompt: Fix it.
          agent Done
          edges
            Start -> Build
            Build -> Check
            Check -> Done  when ctx.outcome = success
            Check -> Fix  when ctx.outcome = fail
            Fix -> Check  loop
        """
    )
    assert only(lint(text), "DC315") == []


def test_dc315_a_fix_loop_target_is_not_a_failure_handler() -> None:
    # Test and Review both send failures to Build, which loops back to them: a fix step
    text = template(
        """
        workflow W
          start: Start
          exit: Done
          agent Start
          agent Plan
            prompt: Plan.
          agent Build
            prompt: Build.
          tool Test
            timeout: 1m
            command: make test
          agent Review
            prompt: Review.
          agent Done
          edges
            Start -> Plan
            Plan -> Build
            Build -> Test
            Test -> Review  when ctx.outcome = success
            Test -> Build  when ctx.outcome = fail  loop
            Review -> Done  when ctx.outcome = success
            Review -> Build  when ctx.outcome = fail  loop
        """
    )
    assert only(lint(text), "DC315") == []


def test_dc315_a_parallel_block_that_fails() -> None:
    text = (
        ESCALATING.replace(
            "  human Escalate\n",
            "  parallel Review -> R1, R2\n  agent R1\n    prompt: r1\n  agent R2\n    prompt: r2\n"
            "  fan_in Reviewed <- R1, R2\n  human Escalate\n",
        )
        .replace(
            "    Check -> Done  when ctx.outcome = success\n",
            "    Check -> Review  when ctx.outcome = success\n    Reviewed -> Done\n",
        )
        .replace(
            "    Plan -> Build\n",
            "    Plan -> Build\n    Plan -> Escalate  when ctx.outcome = fail\n",
        )
    )
    assert only(lint(text), "DC315") == [Finding("DC315", "warning", (12, 12), (12, 18), "Review")]
    assert messages(text, "DC315")[0].startswith("if `Review` fails (every branch fails)")
    fixed = text.replace(
        "    Reviewed -> Done\n",
        "    Reviewed -> Done\n    Review -> Escalate  when ctx.outcome = fail\n",
    )
    assert only(lint(fixed), "DC315") == []


ON_FAILURE = template(
    """
    workflow W
      start: Start
      exit: Done
      defaults
        on_failure: Escalate
      agent Start
      agent Build
        prompt: Build it.
      tool Check
        timeout: 1m
        command: make check
      human Escalate
        label: "Something failed."
      agent Done
      edges
        Start -> Build
        Build -> Check  when ctx.outcome = success
        Check -> Done
        Escalate -> Done
    """
)


def test_dc315_conditions_bypass_the_workflow_fallback() -> None:
    assert only(lint(ON_FAILURE), "DC315") == [
        Finding("DC315", "warning", (17, 5), (17, 47), "Build -> Check  when ctx.outcome = success")
    ]
    [message] = messages(ON_FAILURE, "DC315")
    assert "'no matching edges'" in message
    assert "the workflow's fallback `Escalate` is not consulted" in message
    sim = simulate_text(ON_FAILURE, "nodes: {Build: {outcome: fail}}")
    assert sim.status == "stuck" and sim.run.end is not None
    assert sim.run.end.cause == "no_matching_edges"
    # Check has no conditional edge: on_failure catches it, nothing to report
    twin = ON_FAILURE.replace("    Check -> Done\n", "    Build -> Escalate\n    Check -> Done\n")
    assert only(lint(twin), "DC315") == []


YES_NO = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      human Approve
        label: "Ship it?"
        mode: yes_no
      agent Ship
        prompt: Ship.
      agent Rework
        prompt: Rework.
      agent Done
      edges
        Start -> Approve
        Approve -> Ship  label: Yes
        Approve -> Rework  label: No
        Ship -> Done
        Rework -> Done
    """
)


def test_dc315_an_unconditional_no_edge_is_never_taken() -> None:
    assert only(lint(YES_NO), "DC315") == [
        Finding("DC315", "warning", (16, 5), (16, 33), "Approve -> Rework  label: No")
    ]
    [message] = messages(YES_NO, "DC315")
    assert "answering No at yes/no gate `Approve` is outcome `fail`" in message
    assert "`Approve -> Rework` is never taken" in message
    conditional = YES_NO.replace("  label: Yes", "  when ctx.outcome = success").replace(
        "  label: No", "  when ctx.outcome = fail"
    )
    assert only(lint(conditional), "DC315") == []


def test_dc315_in_dot() -> None:
    text = template(
        """
        digraph W {
          s [shape=Mdiamond]
          e [shape=Msquare]
          plan [shape=box, prompt="plan"]
          build [shape=box, prompt="build"]
          test [shape=parallelogram, tool_command="make test"]
          help [shape=hexagon, label="Help"]
          s -> plan
          plan -> build
          build -> test [condition="outcome=success"]
          build -> help [condition="outcome=fail"]
          test -> e [condition="outcome=success"]
          test -> help [condition="outcome=fail"]
          help -> e
        }
        """
    )
    assert only(lint(text, "<test>.dot"), "DC315") == [
        Finding("DC315", "warning", (9, 3), (9, 16), "plan -> build")
    ]
    assert '`plan -> help [condition="outcome=fail"]`' in messages(text, "DC315", "<test>.dot")[0]


# -- DC316 branch-fallback-refused ----------------------------------------------------------------

BRANCHES = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      parallel Review -> R1, R2
      agent R1
        prompt: Review for bugs.
        fallback_target: Escalate
      agent R2
        prompt: Review for style.
      fan_in Reviewed <- R1, R2
      human Escalate
        label: "A review failed."
      agent Done
      edges
        Start -> Review
        Reviewed -> Done
        Review -> Escalate  when ctx.outcome = fail
        Escalate -> Done
    """
)


def test_dc316_a_branch_fallback_is_refused() -> None:
    assert only(lint(BRANCHES), "DC316") == [
        Finding("DC316", "error", (8, 5), (8, 30), "fallback_target: Escalate")
    ]
    [message] = messages(BRANCHES, "DC316")
    assert "tracker refuses to dispatch the branches and fails the run" in message


def test_dc316_twin_without_the_branch_fallback() -> None:
    assert only(lint(BRANCHES.replace("    fallback_target: Escalate\n", "")), "DC316") == []


def test_dc316_in_dot() -> None:
    text = template(
        """
        digraph W {
          s [shape=Mdiamond]
          e [shape=Msquare]
          fan [shape=component]
          a [shape=box, prompt="a", fallback_retry_target="e"]
          b [shape=box, prompt="b"]
          join [shape=tripleoctagon]
          s -> fan
          fan -> a
          fan -> b
          a -> join
          b -> join
          join -> e
        }
        """
    )
    assert only(lint(text, "<test>.dot"), "DC316") == [
        Finding("DC316", "error", (5, 29), (5, 54), 'fallback_retry_target="e"')
    ]
    assert messages(text, "DC316", "<test>.dot")[0].startswith('`fallback_retry_target="e"` on `a`')


# -- DC317 start-exit-node-with-prompt ------------------------------------------------------------

LIFECYCLE = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
        label: Start
        prompt: Initialize pipeline.
      agent Work
        prompt: Do the work.
      agent Done
        label: Done
      edges
        Start -> Work
        Work -> Done
    """
)


def test_dc317_a_placeholder_prompt_makes_a_session() -> None:
    assert only(lint(LIFECYCLE), "DC317") == [
        Finding("DC317", "warning", (6, 5), (6, 33), "prompt: Initialize pipeline.")
    ]
    [message] = messages(LIFECYCLE, "DC317")
    assert "the start node `Start` has a prompt (`Initialize pipeline.`)" in message
    assert "full agent session" in message and "its failure stops the run" in message


def test_dc317_twins() -> None:
    assert only(lint(LIFECYCLE.replace("    prompt: Initialize pipeline.\n", "")), "DC317") == []
    # a start node given a real task is the workflow's first step, not a marker
    task = LIFECYCLE.replace(
        "    prompt: Initialize pipeline.\n",
        "    prompt:\n      Read SPEC.md and list the milestones it describes,\n"
        "      one per line, in the order they should be built.\n",
    )
    assert only(lint(task), "DC317") == []


@pytest.mark.parametrize(
    ("prompt", "reported"),
    [
        ("Workflow complete.", True),
        ("Start the workflow", True),
        ("Pass through to final review fan-out.", True),
        ("Done.", True),
        # a short task is a real closing step, not a placeholder (dippin's examples close
        # with `Summarize the results.`)
        ("Summarize the results.", False),
        ("Package and ship the implementation.", False),
        ("Final report.", False),
    ],
)
def test_dc317_a_placeholder_says_only_that_the_run_starts_or_ends(
    prompt: str, reported: bool
) -> None:
    text = LIFECYCLE.replace("    prompt: Initialize pipeline.\n", "").replace(
        "    label: Done\n", f"    label: Done\n    prompt: {prompt}\n"
    )
    assert [item.code for item in only(lint(text), "DC317")] == (["DC317"] if reported else [])


def test_dc317_exit_placeholder() -> None:
    text = LIFECYCLE.replace("    prompt: Initialize pipeline.\n", "").replace(
        "    label: Done\n", "    label: Done\n    prompt: Pipeline complete.\n"
    )
    assert only(lint(text), "DC317") == [
        Finding("DC317", "warning", (10, 5), (10, 31), "prompt: Pipeline complete.")
    ]
    assert "if it fails the run ends as failed" in messages(text, "DC317")[0]


def test_dc317_dot_prompt_on_the_start_shape_is_never_sent() -> None:
    text = template(
        """
        digraph W {
          start [shape=Mdiamond, prompt="Set up the workspace and clone the repo"]
          exit [shape=Msquare]
          work [shape=box, prompt="work"]
          start -> work -> exit
        }
        """
    )
    assert only(lint(text, "<test>.dot"), "DC317") == [
        Finding(
            "DC317",
            "warning",
            (2, 26),
            (2, 74),
            'prompt="Set up the workspace and clone the repo"',
        )
    ]
    assert "this prompt is never sent" in messages(text, "DC317", "<test>.dot")[0]
    plain = text.replace(', prompt="Set up the workspace and clone the repo"', "")
    assert only(lint(plain, "<test>.dot"), "DC317") == []


# -- DC318 failure-fallback-skips-handler ---------------------------------------------------------

SUMMARY = template(
    """
    workflow W
      start: Start
      exit: Exit
      defaults
        on_failure: Exit
      agent Start
      agent Implement
        prompt: Implement the sprint.
      agent Review
        prompt: Review the sprint.
      agent FailureSummary
        prompt: Summarise what failed and why.
      agent Exit
      edges
        Start -> Implement
        Implement -> Review
        Review -> Exit  when ctx.outcome = success
        Review -> FailureSummary  when ctx.outcome = fail
        FailureSummary -> Exit
    """
)


def test_dc318_on_failure_exit_skips_the_failure_summary() -> None:
    assert only(lint(SUMMARY), "DC318") == [Finding("DC318", "warning", (5, 17), (5, 21), "Exit")]
    [message] = messages(SUMMARY, "DC318")
    assert "the run ends as a success, skipping `FailureSummary`" in message
    assert message.startswith("`on_failure: Exit` sends a failed node straight to the exit")
    assert "name `FailureSummary` there instead" in message
    sim = simulate_text(SUMMARY, "nodes: {Implement: {outcome: fail}}")
    assert sim.path == ["Start", "Implement", "Exit"] and sim.status == "success"


def test_dc318_twins() -> None:
    assert (
        only(lint(SUMMARY.replace("on_failure: Exit", "on_failure: FailureSummary")), "DC318") == []
    )
    # no failure handler to skip: on_failure: Exit is then the author's choice
    plain = SUMMARY.replace("    Review -> FailureSummary  when ctx.outcome = fail\n", "").replace(
        "    FailureSummary -> Exit\n",
        "    FailureSummary -> Exit\n    Start -> FailureSummary  when ctx.outcome = success\n",
    )
    assert only(lint(plain), "DC318") == []


def test_dc318_an_undeclared_handler_is_not_a_crash() -> None:
    """A handler named only by edges (no declaration: DIP003, tracker refuses the file) was a
    KeyError in DC318 (tools/fuzz.py dip seed 4444 #208)."""
    undeclared = SUMMARY.replace(
        "  agent FailureSummary\n    prompt: Summarise what failed and why.\n", ""
    )
    found = lint(undeclared)
    assert only(found, "DC000") == [] and only(found, "DC318") == []
    assert "DIP003" in {item.code for item in found}


# -- DC319 parallel-branch-misuse: inert attributes -----------------------------------------------

RETRYING_BRANCHES = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      parallel Review -> R1, R2
      agent R1
        prompt: Review for bugs.
        max_retries: 3
        retry_target: R1
      agent R2
        prompt: Review for style.
        retry_policy: patient
      fan_in Reviewed <- R1, R2
      agent Done
      edges
        Start -> Review
        Reviewed -> Done
    """
)


def test_dc319_retry_fields_on_branches_never_take_effect() -> None:
    found = only(lint(RETRYING_BRANCHES), "DC319")
    assert found == [Finding("DC319", "warning", (9, 5), (9, 21), "retry_target: R1")]
    [item] = [d for d in run(RETRYING_BRANCHES).diagnostics if d.code == "DC319"]
    assert item.message.startswith(
        "`retry_target`, `max_retries`, `retry_policy` on `R1`, `R2` never take effect"
    )
    assert [related.span.text for related in item.related] == [
        "max_retries: 3",
        "retry_policy: patient",
    ]


def test_dc319_leaves_goal_gates_on_branches_to_dc333() -> None:
    text = RETRYING_BRANCHES.replace(
        "    max_retries: 3\n    retry_target: R1\n", "    goal_gate: true\n"
    ).replace("    retry_policy: patient\n", "")
    assert only(lint(text), "DC319") == []
    assert [item.code for item in only(lint(text), "DC333")] == ["DC333"]


def test_dc319_leaves_a_gated_blocks_retry_fields_to_dc333() -> None:
    # a goal gate on one branch: DC333 names the block's retry fields, DC319 stays silent
    text = RETRYING_BRANCHES.replace(
        "    retry_policy: patient\n", "    retry_policy: patient\n    goal_gate: true\n"
    )
    assert only(lint(text), "DC319") == []
    [item] = [d for d in run(text).diagnostics if d.code == "DC333"]
    assert "`retry_target`, `max_retries`, `retry_policy` on `R1`, `R2` do nothing either" in (
        item.message
    )


def test_dc319_twin_on_a_main_loop_node() -> None:
    text = (
        RETRYING_BRANCHES.replace("    max_retries: 3\n    retry_target: R1\n", "")
        .replace("    retry_policy: patient\n", "")
        .replace(
            "  agent Done\n",
            "  agent Judge\n    prompt: Judge.\n    max_retries: 3\n"
            "    retry_target: Judge\n  agent Done\n",
        )
        .replace("    Reviewed -> Done\n", "    Reviewed -> Judge\n    Judge -> Done\n")
    )
    assert only(lint(text), "DC319") == []


# -- DC319 parallel-branch-misuse: targets into a branch ------------------------------------------

RETRY_BRANCH = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      parallel Implement -> A, B
      agent A
        prompt: Implement with model A.
      agent B
        prompt: Implement with model B.
      fan_in Implemented <- A, B
      agent Verify
        prompt: Verify the winner.
        goal_gate: true
        retry_target: A
      agent Done
      edges
        Start -> Implement
        Implemented -> Verify
        Verify -> Done
    """
)


def test_dc319_retry_target_into_a_branch() -> None:
    assert only(lint(RETRY_BRANCH), "DC319") == [
        Finding("DC319", "warning", (14, 19), (14, 20), "A")
    ]
    [message] = messages(RETRY_BRANCH, "DC319")
    assert "a branch of parallel `Implement`: it then runs alone" in message
    assert "target `Implement` to redo the block" in message


def test_dc319_twin_targets_the_parallel_node() -> None:
    assert (
        only(lint(RETRY_BRANCH.replace("retry_target: A", "retry_target: Implement")), "DC319")
        == []
    )


# -- DC315 unrouted-failure: a workflow that routes nothing ---------------------------------------

LONG_FAIL_FAST = template(
    """
    workflow W
      start: Start
      exit: Done
      defaults
        max_retries: 2
        fidelity: summary:high
      agent Start
      agent A
        prompt: a
      agent B
        prompt: b
      agent C
        prompt: c
      agent D
        prompt: d
      agent E
        prompt: e
      agent Done
      edges
        Start -> A
        A -> B
        B -> C
        C -> D
        D -> E
        E -> Done
    """
)


def test_dc315_one_finding_for_a_long_workflow_that_routes_nothing() -> None:
    assert only(lint(LONG_FAIL_FAST), "DC315") == [
        Finding("DC315", "info", (5, 5), (6, 27), "max_retries: 2\n    fidelity: summary:high")
    ]
    [message] = messages(LONG_FAIL_FAST, "DC315")
    assert "if any of its 5 steps that can fail does" in message


def test_dc315_workflow_twins() -> None:
    short = LONG_FAIL_FAST.replace("    D -> E\n    E -> Done\n", "    D -> Done\n").replace(
        "  agent E\n    prompt: e\n", ""
    )
    assert only(lint(short), "DC315") == []
    routed = LONG_FAIL_FAST.replace(
        "    A -> B\n", "    A -> B\n    A -> Done  when ctx.outcome = fail\n"
    )
    assert only(lint(routed), "DC315") == []
    fallback = LONG_FAIL_FAST.replace(
        "    fidelity: summary:high\n", "    fidelity: summary:high\n    on_failure: E\n"
    )
    assert only(lint(fallback), "DC315") == []


def test_dc314_leaves_a_choice_gate_without_edges_to_dc325() -> None:
    # the gate fails before it finishes (no choices to offer); a yes/no gate does finish
    gate = DEAD_END.replace(
        "  agent Fix\n    prompt: Fix the failing tests.\n", "  human Fix\n    label: Fix?\n"
    )
    assert only(lint(gate), "DC314") == []
    yes_no = gate.replace("    label: Fix?\n", "    label: Fix?\n    mode: yes_no\n")
    assert only(lint(yes_no), "DC314") == [Finding("DC314", "error", (10, 9), (10, 12), "Fix")]


# -- DC339 ----------------------------------------------------------------------------------

CALLER = template(
    """
    workflow Parent
      start: Start
      exit: Done
      agent Start
        label: Start
      subgraph RunTests
        ref: child.dip
      agent Fix
        prompt: The tests failed. Fix them.
      agent Done
        label: Done
      edges
        Start -> RunTests
        RunTests -> Done  when ctx.outcome = success
        RunTests -> Fix  when ctx.outcome = fail
        Fix -> RunTests  restart: true
    """
)
STRICT_CHILD = template(
    """
    workflow Child
      start: Begin
      exit: End
      agent Begin
        label: Begin
      tool Test
        command: make test
        timeout: 5m
      agent End
        label: End
      edges
        Begin -> Test
        Test -> End
    """
)


def test_dc339_a_child_s_unrouted_failure_fails_the_parent(tmp_path: Path) -> None:
    # reference §5.7: a child's run error (a strict failure) fails the parent's run; the
    # parent's `fail` edge never sees it
    from dipcheck.engine import lint_file

    (tmp_path / "child.dip").write_text(STRICT_CHILD)
    (tmp_path / "parent.dip").write_text(CALLER)

    def found() -> list[Finding]:
        result = lint_file(str(tmp_path / "parent.dip"))
        return [as_finding(item) for item in result.diagnostics if item.code == "DC339"]

    assert found() == [
        Finding("DC339", "warning", (15, 5), (15, 45), "RunTests -> Fix  when ctx.outcome = fail")
    ]
    [item] = [x for x in lint_file(str(tmp_path / "parent.dip")).diagnostics if x.code == "DC339"]
    assert item.message == (
        "`RunTests -> Fix` never catches a failure of `Test` in the child `child.dip`: nothing "
        "routes it there, so it stops the child's run with an error, and that fails this whole "
        "run, not `RunTests` alone"
    )
    # twins: the child routes its failure (to its exit, as a fail); a fallback in the child
    routed = STRICT_CHILD.replace(
        "    Test -> End\n",
        "    Test -> End  when ctx.outcome = success\n    Test -> End  when ctx.outcome = fail\n",
    )
    (tmp_path / "child.dip").write_text(routed)
    assert found() == []
    fallback = STRICT_CHILD.replace(
        "  exit: End\n", "  exit: End\n  defaults\n    on_failure: End\n"
    )
    (tmp_path / "child.dip").write_text(fallback)
    assert found() == []
