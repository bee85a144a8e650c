"""DC109 stale-loop-key: a condition that, on one way around a loop, reads the value an earlier
iteration left. Each finding with its exact range and message; each twin differs in one place
and is quiet (the writer is on every way around, written only before the loop, the reader
rewrites the key itself, the loop does not come back)."""

from __future__ import annotations

from helpers import Finding, lint, only, run, template

JUDGE = template(
    """
    workflow Judge
      start: Test
      exit: Done
      tool Test
        command: make test
        timeout: 5m
      agent Judge
        prompt: Judge the test run.
      agent Fix
        prompt: Fix the failures.
      agent Done
        prompt: Report.
      edges
        Test -> Judge
        Judge -> Fix  when ctx.tool_stdout contains FAIL
        Judge -> Done
        Fix -> Judge  when ctx.outcome = fail  restart: true
        Fix -> Test  restart: true
    """
)


def _dc109(text: str) -> list[Finding]:
    return only(lint(text), "DC109")


def test_a_loop_that_skips_the_tool_reads_its_old_output() -> None:
    assert _dc109(JUDGE) == [Finding("DC109", "warning", (15, 24), (15, 39), "ctx.tool_stdout")]
    [item] = [item for item in run(JUDGE).diagnostics if item.code == "DC109"]
    assert item.message == (
        "the condition on `Judge -> Fix` reads `tool_stdout`, which `Test` writes inside the "
        "loop, but the loop Judge → Fix → Judge runs `Judge` again without rewriting it, so "
        "that iteration routes on the previous one's value (a restart keeps the context, "
        "docs/runtime/failures.md#loop-restarts)"
    )
    assert [(note.span.text, note.message) for note in item.related] == [
        ("Fix", "loop: `Fix` does not rewrite `tool_stdout`"),
        ("Test", "writes `tool_stdout`"),
    ]


def test_twin_every_way_around_runs_the_tool() -> None:
    assert _dc109(JUDGE.replace("Fix -> Judge  when", "Fix -> Test  when")) == []


def test_twin_another_tool_on_the_loop_rewrites_the_output() -> None:
    text = (
        JUDGE.replace("    Fix -> Judge  when", "    Fix -> Lint  when").replace(
            "  agent Done\n", "  tool Lint\n    command: make lint\n    timeout: 5m\n  agent Done\n"
        )
        + "    Lint -> Judge\n"
    )
    assert _dc109(text) == []


def test_twin_the_tool_routes_on_its_own_output() -> None:
    text = JUDGE.replace("    Test -> Judge\n", "    Test -> Judge  when ctx.tool_stdout = ok\n")
    text = text.replace("    Judge -> Done\n", "    Judge -> Done\n    Test -> Fix\n")
    assert _dc109(text) == [Finding("DC109", "warning", (15, 24), (15, 39), "ctx.tool_stdout")]


CONFIG = template(
    """
    workflow Config
      start: Setup
      exit: Done
      agent Setup
        prompt: Pick a mode.
        writes: mode
      agent Work
        prompt: Work.
      agent Review
        prompt: Review.
      agent Done
        prompt: Report.
      edges
        Setup -> Work
        Work -> Review  when ctx.mode = careful
        Work -> Done
        Review -> Work  restart: true
    """
)


def test_twin_a_key_written_only_before_the_loop_keeps_its_value_on_purpose() -> None:
    assert _dc109(CONFIG) == []


def test_a_key_one_way_around_the_loop_rewrites() -> None:
    text = _one_way_around(CONFIG)
    assert _dc109(text) == [Finding("DC109", "warning", (18, 26), (18, 34), "ctx.mode")]
    [item] = [item for item in run(text).diagnostics if item.code == "DC109"]
    assert "which `Replan` writes inside the loop, but the loop Work → Review → Work" in (
        item.message
    )


SCOPED = template(
    """
    workflow Scoped
      start: Probe
      exit: Done
      tool Probe
        command: ./probe.sh
        timeout: 1m
      agent Decide
        prompt: Decide.
      agent Wait
        prompt: Wait a little.
      agent Done
        prompt: Report.
      edges
        Probe -> Decide
        Decide -> Wait  when node.Probe.tool_stdout = busy
        Decide -> Done
        Wait -> Probe  restart: true
    """
)


def test_twin_scoped_key_of_a_node_on_every_way_around() -> None:
    assert _dc109(SCOPED) == []


def test_scoped_key_of_a_node_one_way_around_skips() -> None:
    text = SCOPED.replace(
        "    Wait -> Probe  restart: true\n",
        "    Wait -> Decide  when ctx.outcome = fail  restart: true\n"
        "    Wait -> Probe  restart: true\n",
    )
    assert _dc109(text) == [
        Finding("DC109", "warning", (15, 26), (15, 48), "node.Probe.tool_stdout")
    ]


BREACH = template(
    """
    workflow Breach
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Implement
        prompt: Implement the milestone.
      human Decide
        label: "Continue?"
      human Escalate
        label: "Retry?"
      agent Done
        label: Done
      edges
        Start -> Implement
        Implement -> Done  when ctx.outcome = success
        Implement -> Decide  when ctx.turn_breach_class = operator_decision
        Implement -> Escalate
        Decide -> Done  label: stop
        Escalate -> Done  label: "give up"
        Escalate -> Implement  label: retry  restart: true
    """
)


def test_a_marker_an_agent_sets_only_on_a_breach_outlives_the_iteration() -> None:
    assert _dc109(BREACH) == [
        Finding("DC109", "warning", (17, 31), (17, 52), "ctx.turn_breach_class")
    ]
    [item] = [item for item in run(BREACH).diagnostics if item.code == "DC109"]
    assert item.message == (
        "the condition on `Implement -> Decide` reads `turn_breach_class`, which `Implement` "
        "writes only on a turn-limit breach, leaving the previous value otherwise "
        "(pipeline/handlers/codergen.go); nothing on the loop Implement → Escalate → "
        "Implement resets it, so an iteration that does not write it routes on the value an "
        "earlier one left (a restart keeps the context, docs/runtime/failures.md#loop-restarts)"
    )
    assert [(note.span.text, note.message) for note in item.related] == [
        ("Escalate", "loop: `Escalate` does not rewrite `turn_breach_class`"),
        ("Implement", "writes `turn_breach_class` only on a turn-limit breach"),
    ]


def test_twin_the_marker_is_read_once() -> None:
    text = BREACH.replace("    Escalate -> Implement  label: retry  restart: true\n", "")
    assert _dc109(text) == []


def _one_way_around(text: str) -> str:
    """CONFIG with `Replan`, which writes `mode`, on one way around the loop."""
    return text.replace(
        "  agent Done\n", "  agent Replan\n    prompt: Replan.\n    writes: mode\n  agent Done\n"
    ).replace(
        "    Review -> Work  restart: true\n",
        "    Review -> Replan  when ctx.outcome = fail\n    Review -> Work  restart: true\n"
        "    Replan -> Work  restart: true\n",
    )


def test_twin_per_node_keys_and_a_key_not_written_on_every_first_pass() -> None:
    # outcome is reset before every node (§5.1): never stale
    assert _dc109(JUDGE.replace("ctx.tool_stdout contains FAIL", "ctx.outcome = fail")) == []
    # nothing writes `mode` before the first pass: DC104 says so, not DC109
    text = _one_way_around(
        CONFIG.replace("    prompt: Pick a mode.\n    writes: mode\n", "    prompt: Start.\n")
    )
    codes = [item.code for item in lint(text)]
    assert "DC104" in codes and "DC109" not in codes


def test_a_parallel_branch_that_writes_the_key_rewrites_it_at_the_join() -> None:
    text = JUDGE.replace(
        "    Fix -> Judge  when ctx.outcome = fail  restart: true\n",
        "    Fix -> Fork  when ctx.outcome = fail  restart: true\n    Join -> Judge\n",
    ).replace(
        "  agent Done\n",
        "  parallel Fork -> Rerun, Notes\n  tool Rerun\n    command: make test\n"
        "    timeout: 5m\n  agent Notes\n    prompt: Notes.\n  fan_in Join <- Rerun, Notes\n"
        "  agent Done\n",
    )
    assert _dc109(text) == []
    without = text.replace("parallel Fork -> Rerun, Notes", "parallel Fork -> Notes, Notes2")
    without = without.replace("fan_in Join <- Rerun, Notes", "fan_in Join <- Notes, Notes2")
    without = without.replace("  tool Rerun\n    command: make test\n    timeout: 5m\n", "")
    without = without.replace(
        "  agent Notes\n", "  agent Notes2\n    prompt: More.\n  agent Notes\n"
    )
    assert [item.text for item in _dc109(without)] == ["ctx.tool_stdout"]


def test_dot_pipeline_of_the_tracker_dialect() -> None:
    text = """\
digraph Judge {
  start [shape=Mdiamond]
  done [shape=Msquare]
  test [shape=parallelogram, tool_command="make test", timeout="5m"]
  judge [shape=box, prompt="Judge the test run."]
  fix [shape=box, prompt="Fix the failures."]
  start -> test
  test -> judge
  judge -> fix [condition="ctx.tool_stdout contains FAIL"]
  judge -> done
  fix -> judge [condition="ctx.outcome = fail"]
  fix -> test
}
"""
    found = only(lint(text, "judge.dot"), "DC109")
    assert [(item.start, item.text) for item in found] == [((9, 28), "ctx.tool_stdout")]


def test_writers_asks_only_the_nodes_that_may_write_a_key() -> None:
    """LoopReads asked every node about every condition key (5,000 keys over 10,000 nodes:
    33 million questions, 7 to 52 s by hash seed); it now asks the nodes whose handler,
    declaration or name may write the key. The writers must be those of asking every node,
    on every corpus workflow and every key the analysis could follow."""
    import pytest
    from helpers import CORPUS

    from dipcheck.analysis.dataflow import ContextFlow
    from dipcheck.analysis.loops import _BUILTIN, LoopReads

    files = sorted(CORPUS.glob("tracker/**/*.dip"))
    if not files:
        pytest.skip("the shared corpus is not beside the project")
    for path in files:
        workflow = run(path.read_text(encoding="utf-8"), str(path)).workflow
        if workflow is None:
            continue
        loops = LoopReads(workflow, ContextFlow(workflow))
        keys = {*loops.flow.producers, *_BUILTIN, "human_response", "nobody_writes_this"}
        keys |= {f"node.{node.id}.{key}" for node in workflow.nodes for key in ("x", "outcome")}
        for key in sorted(keys):
            always = {node for node in loops.handlers if loops._writes(node, key) == "always"}
            sometimes = {node for node in loops.handlers if loops._writes(node, key) == "sometimes"}
            assert always <= loops._candidates(key) and sometimes <= loops._candidates(key), (
                path.name,
                key,
            )
