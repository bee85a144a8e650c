"""tracker's example workflows under the simulator.

Every `.dip` in `examples/` (subgraph children included) terminates with the default scenario
and explains its path. For a selection covering conditions, labels, parallel/fan_in, loops
with restarts, human gates, subgraphs and a manager loop, the exact path is pinned; each was
derived by hand from tracker-runtime.md, and the comments say which rule decided each edge
(§5.3 step 0 strict failure, 1 condition, 2 preferred label, 3 suggested, 4 weight/lexical;
§5.4 retries and restarts; §5.5 goal gates; §5.7 parallel, subgraph, manager loop).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from simulate_support import simulate_file

pytestmark = pytest.mark.corpus

EXAMPLES = Path(__file__).resolve().parents[1].parent / "shared/corpus/tracker/examples"
FILES = sorted(EXAMPLES.rglob("*.dip")) if EXAMPLES.is_dir() else []
DOT_FILES = sorted(EXAMPLES.rglob("*.dot")) if EXAMPLES.is_dir() else []


@pytest.fixture
def examples() -> Path:
    if not EXAMPLES.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    return EXAMPLES


def test_the_examples_are_there(examples: Path) -> None:
    assert (len(FILES), len(DOT_FILES)) == (38, 18)


@pytest.mark.parametrize(
    "path", FILES + DOT_FILES, ids=lambda path: str(path.relative_to(EXAMPLES))
)
def test_default_scenario_terminates_and_explains(examples: Path, path: Path) -> None:
    sim = simulate_file(str(path))
    end = sim.run.end
    assert end is not None and end.message
    assert end.status != "max_steps"  # a real end, not the simulator's step limit
    top = sim.run.top
    assert top
    for step in top[:-1]:  # every step but the last says where it went and why
        assert step.edge is not None and step.edge.why and step.edge.reason
    assert end.node in (None, top[-1].node)  # the run ends where its last step is


def _path(name: str, scenario: str | None = None) -> tuple[list[str], str]:
    sim = simulate_file(str(EXAMPLES / name), scenario)
    return sim.path, sim.status


def test_ralph_loop_default(examples: Path) -> None:
    # Start→IncrementCounter→Iterate→CheckCompletion: §5.3.4 (single unconditional edge).
    # CheckCompletion prints nothing: `= complete` and `= continue` are false (§5.3.1), the
    # unlabelled-condition fallback "fallback to continue" wins by weight (§5.3.4); same at
    # CheckBudget ("fallback to wrap up"); WrapUp→Exit §5.3.4; Iterate (goal gate) succeeded.
    assert _path("ralph-loop.dip") == (
        [
            "Start",
            "IncrementCounter",
            "Iterate",
            "CheckCompletion",
            "CheckBudget",
            "WrapUp",
            "Exit",
        ],
        "success",
    )


def test_ralph_loop_restart(examples: Path) -> None:
    # CheckCompletion `continue` → CheckBudget (§5.3.1, second condition); CheckBudget
    # `budget_ok` → IncrementCounter (§5.3.1), already completed → loop restart 1 of 10
    # (§5.4), no restart_target so the run continues at IncrementCounter; the second
    # CheckCompletion prints `complete` → Exit (§5.3.1); the goal gate Iterate succeeded.
    scenario = """
        nodes:
          CheckCompletion: [{stdout: continue}, {stdout: complete}]
          CheckBudget: {stdout: budget_ok}
        """
    path, status = _path("ralph-loop.dip", scenario)
    assert path == [
        "Start", "IncrementCounter", "Iterate", "CheckCompletion", "CheckBudget",
        "IncrementCounter", "Iterate", "CheckCompletion", "Exit",
    ]  # fmt: skip
    assert status == "success"


def test_human_gate_showcase_labels(examples: Path) -> None:
    # FreeformGate has no edge labels: auto-approve types "auto-approved", no preferred label,
    # single edge by weight (§5.3.4). BinaryGate/MultiChoiceGate/DefaultGate are choice gates
    # without `default:`: auto-approve picks the first label ("[Y] Yes", "[R] Red",
    # "[L] Mild", §8.1) and §5.3.2 (preferred label) routes on it.
    default, status = _path("human_gate_showcase.dip")
    assert default == [
        "Start", "FreeformGate", "EchoFreeform", "BinaryGate", "YesPath", "MultiChoiceGate",
        "RedPath", "DefaultGate", "MildPath", "FinalFreeform", "FinalSummary", "Exit",
    ]  # fmt: skip
    assert status == "success"
    # choosing "[N] No" routes by label to NoPath, whose only edge goes to Exit
    path, _ = _path("human_gate_showcase.dip", "nodes: {BinaryGate: {choice: '[N] No'}}")
    assert path == ["Start", "FreeformGate", "EchoFreeform", "BinaryGate", "NoPath", "Exit"]


def test_human_gate_test_suite_every_mode(examples: Path) -> None:
    # YesNoGate/TimedGate (yes_no): Yes → success, `ctx.outcome = success` (§5.3.1).
    # ChoiceGate `default: North` and DefaultTimedGate `default: Safe` win over the first
    # label (§8.1); BinaryChoiceGate takes its first label "[Y] Yes"; both route by their
    # `choice` key (§5.3.2). FreeformGate has no labels (§5.3.4); HybridGate (freeform with
    # labels) types its first label "Approve", which matches (§5.3.2). Interviews succeed,
    # so CancelableInterview takes `ctx.outcome = success` (§5.3.1).
    default, status = _path("human_gate_test_suite.dip")
    assert default == [
        "Start", "YesNoGate", "YesPath", "YesNoConfirm", "ChoiceGate", "NorthPath",
        "ChoiceConfirm", "BinaryChoiceGate", "ContinuePath", "BinaryConfirm", "FreeformGate",
        "FreeformEcho", "FreeformConfirm", "HybridGate", "ApproveRoute", "HybridConfirm",
        "QuestionWriter", "InterviewGate", "InterviewEcho", "InterviewConfirm",
        "QuestionWriter2", "CancelableInterview", "CompletedPath", "CancelConfirm",
        "TimedGate", "TimedYesPath", "TimeoutConfirm", "DefaultTimedGate", "SafePath",
        "DefaultConfirm", "Summary", "Exit",
    ]  # fmt: skip
    assert status == "success"
    # the other answers: No → fail → `ctx.outcome = fail` (§5.3.1); "East"/"Risky" by label;
    # typed "reject" matches the label "Reject" case-insensitively; a cancelled interview
    # fails → CanceledPath (§5.3.1)
    scenario = """
        nodes:
          YesNoGate: {choice: 'No'}
          ChoiceGate: {choice: East}
          HybridGate: {text: reject}
          CancelableInterview: {outcome: fail}
          TimedGate: {choice: 'No'}
          DefaultTimedGate: {choice: Risky}
        """
    path, status = _path("human_gate_test_suite.dip", scenario)
    assert [node for node in path if node.endswith(("Path", "Route"))] == [
        "NoPath", "EastPath", "ContinuePath", "RejectRoute", "CanceledPath", "TimedFailPath",
        "RiskyPath",
    ]  # fmt: skip
    assert status == "success"


def test_consensus_task_parallel_blocks(examples: Path) -> None:
    # Each parallel node runs its three branches inside the handler and suggests its join;
    # the synthesized edges are unconditional, so §5.3.3 (suggested) picks the join. The
    # fan_in's only edge is taken by weight; ReviewConsensus `on success` → Exit (§5.3.1).
    path, status = _path("consensus_task.dip")
    assert path == [
        "Start", "RefineDoD", "DoDParallel", "DoDJoin", "ConsolidateDoD", "PlanParallel",
        "PlanJoin", "DebateConsolidate", "Implement", "VerifyOutputs", "ReviewParallel",
        "ReviewJoin", "ReviewConsensus", "Exit",
    ]  # fmt: skip
    assert status == "success"
    sim = simulate_file(str(EXAMPLES / "consensus_task.dip"))
    reasons = {step.node: step.edge.reason for step in sim.run.top if step.edge}
    assert reasons["DoDParallel"] == "suggested"
    assert [s.node for s in sim.run.steps if s.within == "ReviewParallel"] == [
        "ReviewGemini", "ReviewGPT", "ReviewOpus",
    ]  # fmt: skip


def test_semport_loop_until_restarts_run_out(examples: Path) -> None:
    # PickFile succeeds: its only conditional edge (`ctx.outcome = fail`) is false, so
    # LoadSource by weight (§5.3.4); MarkPorted → PickFile is a restart each time (§5.4) and
    # the default budget is 5: the sixth loop back fails with "max restarts (5) exceeded".
    path, status = _path("semport.dip")
    assert (
        path
        == ["Start", "InitLedger"]
        + ["PickFile", "LoadSource", "PortFile", "WriteFile", "MarkPorted"] * 6
    )
    assert status == "restarts_exhausted"
    # when PickFile fails the second time, `ctx.outcome = fail` → TryBuild (§5.3.1), which
    # succeeds → `ctx.outcome = success` → Exit (§5.3.1)
    path, status = _path("semport.dip", "nodes: {PickFile: [{exit_code: 0}, {exit_code: 1}]}")
    assert path == [
        "Start", "InitLedger", "PickFile", "LoadSource", "PortFile", "WriteFile",
        "MarkPorted", "PickFile", "TryBuild", "Exit",
    ]  # fmt: skip
    assert status == "success"


def test_vulnerability_analyzer_conditions(examples: Path) -> None:
    # EvaluateFindings prints nothing: `has_findings`/`no_findings` false (§5.3.1), the
    # unconditional "fallback to write report" by weight (§5.3.4).
    assert _path("vulnerability_analyzer.dip")[0] == [
        "Start", "CloneTarget", "StaticScan", "EvaluateFindings", "WriteReport", "Exit",
    ]  # fmt: skip
    path, _ = _path(
        "vulnerability_analyzer.dip", "nodes: {EvaluateFindings: {stdout: no_findings}}"
    )
    assert path == [
        "Start",
        "CloneTarget",
        "StaticScan",
        "EvaluateFindings",
        "NoFindingsFail",
        "Exit",
    ]


def test_posix_tool_command_marker(examples: Path) -> None:
    # marker_grep `^workspace-(ready|missing)$`: with no matching line the tool fails (§5.3),
    # both edges are conditional (no strict failure) and `tool_marker = …` are false → no
    # matching edges (§5.3 step 5). With `workspace-ready`, tool_marker is "ready" → Exit.
    assert _path("posix-tool-command.dip") == (["CheckWorkspace"], "stuck")
    scenario = "nodes: {CheckWorkspace: {stdout: workspace-ready}}"
    assert _path("posix-tool-command.dip", scenario) == (["CheckWorkspace", "Exit"], "success")


def test_parallel_ralph_dev_subgraphs_parallel_restarts_and_a_gate(examples: Path) -> None:
    # CheckSpec `no_spec` → Brainstorm (§5.3.1). Brainstorm runs subgraphs/brainstorm-human.dip
    # (§5.7): its CheckBrainstormDone says `more_questions` (restart inside the child, §5.4)
    # then `done` → Exit; the child succeeds, so the subgraph succeeds (§5.7). The first
    # ValidateDecomposition output starts with `validation_failed` → DecomposeFeature, a
    # restart (§5.4); then `valid` → CommitContracts. ParallelStreams runs StreamA and StreamB
    # (each a subgraph child) inside the handler and suggests StreamsJoin (§5.3.3).
    # IntegrationTest `tests_fail` → IntegrationFix → IntegrationTest is a restart (§5.4);
    # `tests_pass` → ObjectiveGates; HumanApproval answers "approved", but the condition
    # `ctx.outcome = success` is checked first (§5.3.1) → CreatePR → Exit. The goal gate
    # IntegrationFix was cleared by the restart, so the exit has no gate to check (§5.5).
    scenario = """
        nodes:
          CheckSpec: {stdout: no_spec}
          Brainstorm/CheckBrainstormDone: [{stdout: more_questions}, {stdout: done}]
          ValidateDecomposition: [{stdout: "validation_failed: missing contract"}, {stdout: valid}]
          StreamA/CheckCompletion: {stdout: complete}
          StreamB/CheckVelocity: {stdout: cruising}
          StreamB/CheckCompletion: {stdout: complete}
          ContractCheck: {stdout: contracts_pass}
          MergeBranches: {stdout: merged}
          IntegrationTest: [{stdout: tests_fail}, {stdout: tests_pass}]
          ObjectiveGates: {stdout: gates_pass}
          HumanApproval: {choice: approved}
        """
    sim = simulate_file(str(EXAMPLES / "parallel-ralph-dev.dip"), scenario)
    assert sim.path == [
        "Start", "ExploreCodebase", "CheckSpec", "Brainstorm", "DecomposeFeature",
        "ValidateDecomposition", "DecomposeFeature", "ValidateDecomposition", "CommitContracts",
        "CreateBranches", "ParallelStreams", "StreamsJoin", "ContractCheck", "MergeBranches",
        "IntegrationTest", "IntegrationFix", "IntegrationTest", "ObjectiveGates", "SingleReview",
        "HumanApproval", "CreatePR", "Exit",
    ]  # fmt: skip
    assert sim.status == "success"
    child = [step.node for step in sim.run.steps if step.within == "Brainstorm"]
    assert child == [
        "Brainstorm/Start", "Brainstorm/HumanBrainstorm", "Brainstorm/RefineUnderstanding",
        "Brainstorm/CheckBrainstormDone", "Brainstorm/HumanBrainstorm",
        "Brainstorm/RefineUnderstanding", "Brainstorm/CheckBrainstormDone", "Brainstorm/Exit",
    ]  # fmt: skip
    stream_b = [step.node for step in sim.run.steps if step.within == "StreamB"]
    assert "StreamB/RalphHaiku" in stream_b  # `cruising` → RalphHaiku in that child (§5.3.1)
    restarts = [step.node for step in sim.run.top if step.edge and step.edge.restart]
    assert restarts == ["ValidateDecomposition", "IntegrationFix"]


def test_manager_loop_demo(examples: Path) -> None:
    # Supervise (manager_loop as the start node) runs subgraphs/manager_loop_child.dip; the
    # child finishes before the first poll by default (as in the golden), succeeds, and the
    # manager succeeds (§5.7) → Done by weight.
    sim = simulate_file(str(EXAMPLES / "manager_loop_demo.dip"))
    assert sim.path == ["Supervise", "Done"] and sim.status == "success"
    assert [s.node for s in sim.run.steps if s.depth == 1] == ["Supervise/DoWork", "Supervise/Done"]
    # still running after 10 polls: `stop_condition: stack.child.cycles = 10` is true at the
    # tenth poll (max_cycles 12 not reached), the child is stopped and the manager succeeds;
    # `steer_condition: stack.child.cycles = 5` steered at poll 5
    stopped = simulate_file(
        str(EXAMPLES / "manager_loop_demo.dip"), "nodes: {Supervise: {cycles: 11}}"
    )
    first = stopped.run.top[0]
    assert stopped.path == ["Supervise", "Done"]
    assert any("poll 10: stop_condition is true" in note for note in first.notes)
    assert any("poll 5: steer_condition is true" in note for note in first.notes)
    assert dict(first.writes)["stack.child.status"] == "stop_condition_met"


def test_variable_interpolation_subgraph_from_the_repository_root(
    examples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `ref: examples/variable_interpolation_child.dip` resolves against the current
    # directory (tracker's CLI tries the parent's directory, then the cwd, §5.7): from
    # tracker's root the child loads. AskUser (freeform, no labels) → AnalyzeRequest by
    # weight; AnalyzeRequest succeeds → `ctx.outcome = success` → ExecuteWithParams (§5.3.1);
    # the child's only node is its start and exit and succeeds → Report.
    monkeypatch.chdir(EXAMPLES.parent)
    sim = simulate_file(str(EXAMPLES / "variable_interpolation_demo.dip"))
    assert sim.path == ["AskUser", "AnalyzeRequest", "ExecuteWithParams", "Report"]
    assert [s.node for s in sim.run.steps if s.depth == 1] == ["ExecuteWithParams/ProcessTask"]
    assert sim.status == "success"


def test_dot_pipelines_route_like_their_dip_twins_where_the_edges_agree(examples: Path) -> None:
    # the DOT front-end lowers into the same model: the same rules decide. human_gate_showcase
    # has the same edges in both files; only the DOT file's DefaultGate carries
    # `default_choice="[M] Medium"` (tracker's name for `default:`), which auto-approve takes
    # (§8.1), so its path goes through MediumPath where the .dip file's takes the first label.
    dot_path, dot_status = _path("human_gate_showcase.dot")
    dip_path, dip_status = _path("human_gate_showcase.dip")
    assert dot_status == dip_status == "success"
    assert dot_path == [("MediumPath" if node == "MildPath" else node) for node in dip_path]
    # vulnerability_analyzer.dot lacks the .dip twin's unconditional fallback: with nothing
    # printed, `context.tool_stdout=has_findings` and `=no_findings` are false and no edge is
    # left (§5.3 step 5); printing `has_findings` takes the first edge (§5.3 step 1).
    assert _path("vulnerability_analyzer.dot") == (
        ["Start", "CloneTarget", "StaticScan", "EvaluateFindings"],
        "stuck",
    )
    path, status = _path(
        "vulnerability_analyzer.dot", "nodes: {EvaluateFindings: {stdout: has_findings}}"
    )
    assert path[-3:] == ["EvaluateFindings", "WriteReport", "Exit"] and status == "success"
