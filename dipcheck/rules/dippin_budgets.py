"""dippin's lints on failure handling and limits: retries without an exit (DIP104), tools
without a timeout (DIP111), goal gates without recovery (DIP115), retries mistaken for
restarts (DIP134), manager-loop limits (DIP136, DIP137), agents with no failure route
(DIP144) and negative budgets (DIP145). What tracker does on a failure is in
docs/runtime/edge-selection.md#choosing-an-edge, docs/runtime/failures.md#goal-gates; the
failure-route facts are in
:mod:`dipcheck.analysis.guards`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from dipcheck import integers
from dipcheck.analysis import runtime
from dipcheck.analysis.graph import first_cycle_edge
from dipcheck.analysis.long_commands import Pace, Reading, read_command
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Field, Node, NodeKind
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

# a zero duration: `0`, `0.0`, `0s`, `0h0m`… — groups of zeros, each with an optional fraction
# of zeros and unit, written one token at a time (a `.` after a zero, a unit after a zero or
# a `.`): the nested repeats `(?:0+(?:\.0*)?(?:unit)?)+` that say the same backtracked
# exponentially on a long run of zeros that ends otherwise (`0.000…01`)
_ZERO_DURATION = re.compile(r"[+-]?0(?:0|(?<=0)\.|(?<=[0.])(?:ns|us|µs|μs|ms|s|m|h))*")


def _int(item: Field | None) -> int:
    return integers.parse_or(item.text, 0) if item is not None else 0


def _negative(text: str) -> bool:
    """Is an integer or duration text below zero?"""
    value = text.strip()
    return value.startswith("-") and not _ZERO_DURATION.fullmatch(value)


def failure_route(context: Context, node: Node) -> str:
    """How ``node``'s failures are routed, or ``""``: a fallback target, a bounded
    ``retry_target``, an ``on fail`` edge, or ``defaults.on_failure``."""
    guards = context.guards
    if guards.fallback(node):
        return "its fallback target"
    if node.value("retry_target").strip() and guards.max_retries(node) > 0:
        return "its retry_target with max_retries"
    if guards.fail_edge(node.id) is not None:
        return "its `fail` edge"
    if guards.on_failure():
        return "defaults.on_failure"
    if _graph_target(context, "fallback_retry_target"):
        return "the graph's fallback_retry_target"
    return ""


def _graph_target(context: Context, key: str) -> str:
    """A DOT graph attribute (``retry_target``, ``fallback_retry_target``) naming a declared
    node: tracker's engine falls back to it (``pipeline/engine_checkpoint.go``,
    docs/runtime/edge-selection.md#choosing-an-edge)."""
    target = context.workflow.default_value(key).strip()
    return target if target and context.workflow.node(target) is not None else ""


@rule(
    "DIP104",
    "retry-without-exit",
    Severity.WARNING,
    summary="A node that retries, with no `max_retries` and no route for when retries run out.",
    rationale=(
        "dippin calls this an unbounded retry. In tracker the policy itself bounds the "
        "retries (standard: 2, aggressive: 5, …); what is really missing is the exit: once "
        "they are used up the run fails, because the node has no fallback target, no `fail` "
        "edge and the workflow no `defaults.on_failure` (docs/runtime/failures.md#retries). "
        "A tool never retries, so its retry settings are DC338's, and `retry_policy: none` "
        "asks for no retries at all: neither is reported here."
    ),
    example="agent Build\n  prompt: Build.\n  retry_policy: aggressive",
    fix="Set `max_retries` and a `fallback_target` (or an `on fail` edge).",
    formats=("dip", "dot"),
)
def retry_without_exit(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in workflow.nodes:
        item = node.get("retry_policy") or node.get("retry_target")
        if item is None or not item.text.strip():
            continue
        if item.key == "retry_policy" and item.text.strip() == "none":
            continue  # (no retries asked for)
        if context.guards.max_retries(node) != 0 or failure_route(context, node):
            continue
        if runtime.handler_of(node, workflow) is runtime.Handler.TOOL:
            continue  # (a tool never retries: DC338)
        yield context.finding(
            "DIP104",
            item.key_span,
            f"`{node.id}` retries (`{item.key}: {item.text.strip()}`) without `max_retries` "
            "and nothing routes its failure: when the retries run out the run fails",
        )


@rule(
    "DIP111",
    "tool-without-timeout",
    Severity.WARNING,
    summary="A tool node without a `timeout`.",
    rationale=(
        "tracker gives a tool without `timeout:` (or with a zero one, which the adapter drops) "
        "a 30 second limit, kills the command when it expires, and fails the whole run: a "
        "timeout is a handler error, so no `fail` edge or fallback target is consulted "
        "(`pipeline/handlers/tool.go` `defaultToolTimeout`, `agent/exec/local.go`, "
        "`pipeline/engine.go` `handleNodeError`). A hanging command is therefore not the risk "
        "dippin describes; the risk is a long build, test suite, install or agent session "
        "killed at 30 s. dipcheck reads the command: it warns when it runs something that "
        "usually takes longer (builds, test runners, package installs, container builds, "
        "agent CLIs, polling loops, a `sleep` or `timeout` of 30 s or more), reports other "
        "commands as info, and commands made only of quick file and text utilities as a hint."
    ),
    example="tool Test\n  command: go test ./...",
    fix="Add `timeout:` with the longest run you expect (e.g. `timeout: 10m`).",
    formats=("dip", "dot"),
)
def tool_without_timeout(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.format == "dot" and workflow.dialect.attractor_family:
        return  # the 30-second default is tracker's; other engines choose their own
    for node in workflow.nodes:
        if node.kind is not NodeKind.TOOL:
            continue
        item = node.get("timeout")
        if item is not None and not _ZERO_DURATION.fullmatch(item.text.strip()):
            continue
        if item is not None and workflow.format == "dot":
            continue  # the tool handler refuses a DOT timeout that is not positive: DC005
        span = item.value_span if item is not None else node.id_span
        why = f"`timeout: {item.text.strip()}`, which tracker ignores" if item else "no `timeout:`"
        lead = (
            f"tool `{node.id}` has {why}, so tracker kills its command after the default 30 s "
            "and fails the run"
        )
        located = node.text_field("command")
        reading = read_command(located[1].value) if located is not None else Reading(Pace.UNKNOWN)
        if reading.pace is Pace.LONG:
            assert located is not None
            text = located[1]
            shown = " ".join(text.value[reading.start : reading.end].split())
            if len(shown) > 60:
                shown = shown[:57] + "…"
            yield context.finding(
                "DIP111",
                span,
                f"{lead}; `{shown}` ({reading.what}) can easily take longer: set `timeout:` "
                "to the longest run you expect",
                related=(Related(text.span(reading.start, reading.end), "likely to run long"),),
            )
        elif reading.pace is Pace.QUICK:
            yield context.finding(
                "DIP111",
                span,
                f"{lead}; this command should not need longer",
            ).with_severity(Severity.HINT)
        else:
            yield context.finding(
                "DIP111",
                span,
                f"{lead}; if the command can take longer, set `timeout:`",
            ).with_severity(Severity.INFO)


@rule(
    "DIP115",
    "goal-gate-without-recovery",
    Severity.WARNING,
    summary="A `goal_gate` agent with nowhere to go when the gate is not met.",
    rationale=(
        "At the exit, tracker sends an unmet goal gate to its `retry_target`, its fallback "
        "target or the workflow's `defaults.on_failure`; with none of them the run fails "
        "(docs/runtime/failures.md#goal-gates). dippin also accepts an `on fail` edge; it does not "
        "count "
        "`defaults.on_failure`, which tracker does. A gate on a node that only runs as a "
        "parallel branch is never checked at all (DC333 reports it), so it is not reported "
        "here. In a DOT pipeline the graph's `retry_target` and `fallback_retry_target` count "
        "too (`pipeline/engine_checkpoint.go`)."
    ),
    example="agent Verify\n  prompt: Verify.\n  goal_gate: true",
    fix="Add `retry_target:` (the node to redo) or `fallback_target:`.",
    formats=("dip", "dot"),
)
def goal_gate_without_recovery(context: Context) -> Iterator[Diagnostic]:
    guards = context.guards
    for node in context.workflow.nodes:
        gate = node.get("goal_gate")
        if node.kind is not NodeKind.AGENT or gate is None:
            continue
        if gate.text.strip().lower() not in ("true", "1", "yes", "on"):
            continue
        if node.id in context.flow.branch_of:
            continue  # never checked at all: DC333
        if (
            node.value("retry_target").strip()
            or guards.fallback(node)
            or guards.fail_edge(node.id) is not None
            or guards.on_failure()
            or _graph_target(context, "retry_target")
            or _graph_target(context, "fallback_retry_target")
        ):
            continue
        yield context.finding(
            "DIP115",
            gate.span,
            f"goal gate `{node.id}` has no retry_target, fallback target or `fail` edge: "
            "when the gate is not met at the exit, the run fails",
        )


@rule(
    "DIP134",
    "max-retries-for-restarts",
    Severity.WARNING,
    summary="`defaults.max_retries` is set in a workflow with loops, but `max_restarts` is not.",
    rationale=(
        "`max_retries` bounds the retries of one node. Loops (`loop` / `restart: true` edges, "
        "and any edge back to a completed node) are bounded by `max_restarts`, 5 by default, "
        "counted for the whole run (docs/runtime/failures.md#retries, "
        "docs/runtime/failures.md#loop-restarts)."
    ),
    example="defaults\n  max_retries: 10\nedges\n  Review -> Fix  loop",
    fix="Set `max_restarts:` in `defaults` to the number of loop iterations you expect.",
    formats=("dip", "dot"),
)
def retries_for_restarts(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    retries = workflow.default("max_retries")
    if _int(retries) == 0 or _int(workflow.default("max_restarts")) != 0:
        return
    loop = next((edge for edge in workflow.edges if edge.is_back_edge), None)
    if loop is None and workflow.format == "dot":
        loop = first_cycle_edge(workflow.edges, context.graph.successors)
    if loop is None:
        return
    assert retries is not None
    written = (
        f"{retries.key_span.text}={retries.text.strip()}"
        if workflow.format == "dot"
        else f"max_retries: {retries.text.strip()}"
    )
    yield context.finding(
        "DIP134",
        retries.span,
        f"`{written}` does not bound loops; without `max_restarts` tracker allows 5 loop "
        "restarts in the whole run and then fails it",
        related=(Related(loop.span, "a loop edge"),),
    )


@rule(
    "DIP136",
    "negative-manager-loop-limit",
    Severity.WARNING,
    summary="A manager loop's `poll_interval` or `max_cycles` is negative.",
    rationale="A negative interval or cycle count is meaningless and not what the author meant.",
    example="manager_loop Supervise\n  subgraph_ref: child.dip\n  max_cycles: -1",
    fix="Use a positive value (or leave it out: 45s and 1000 cycles are the defaults).",
    formats=("dip", "dot"),
)
def negative_loop_limit(context: Context) -> Iterator[Diagnostic]:
    for node in context.workflow.nodes:
        if node.kind is not NodeKind.MANAGER_LOOP:
            continue
        for key in ("poll_interval", "max_cycles"):
            item = node.get(key)
            if item is not None and _negative(item.text):
                yield context.finding(
                    "DIP136",
                    item.value_span,
                    f"`{key}: {item.text.strip()}` of manager loop `{node.id}` is negative",
                )


@rule(
    "DIP137",
    "unbounded-manager-loop",
    Severity.WARNING,
    summary="A manager loop with neither a `stop_condition` nor `max_cycles`.",
    rationale=(
        "Without a stop condition the loop ends only when the child finishes; tracker then "
        "fails the run after its default of 1000 cycles (docs/runtime/subgraphs.md#manager-loops)."
    ),
    example="manager_loop Supervise\n  subgraph_ref: child.dip\n  poll_interval: 30s",
    fix="Add `stop_condition:` (e.g. `stack.child.status = done`) or `max_cycles:`.",
    formats=("dip", "dot"),
)
def unbounded_manager_loop(context: Context) -> Iterator[Diagnostic]:
    for node in context.workflow.nodes:
        if node.kind is not NodeKind.MANAGER_LOOP:
            continue
        if node.value("stop_condition").strip() or _int(node.get("max_cycles")) != 0:
            continue
        yield context.finding(
            "DIP137",
            node.id_span,
            f"manager loop `{node.id}` has no stop_condition and no max_cycles: it stops "
            "only when the child finishes, or fails the run after 1000 cycles",
        )


@rule(
    "DIP144",
    "no-failure-route",
    Severity.WARNING,
    summary="An agent whose failure has nowhere to go.",
    rationale=(
        "When an agent fails and none of its edges is conditional, tracker takes its "
        "fallback target or `defaults.on_failure`, else ends the run; with conditional edges "
        "it may even continue along an unconditional edge as if it had succeeded "
        "(docs/runtime/edge-selection.md#choosing-an-edge). A failure route is a fallback target, "
        "a `retry_target` "
        "with `max_retries`, an `on fail` edge or `defaults.on_failure`. Not reported, unlike "
        "dippin: the exit node, a prompt-less start node (tracker runs it as a passthrough "
        "that cannot fail) and the branches of a `parallel` block (the fan_in policy counts "
        "a branch's failure, and tracker refuses a fallback target on a branch). Off by "
        "default: ending the run on a failure is tracker's normal, fail-fast behaviour that "
        "most workflows want (and a subgraph child's failure is the parent's to route), so "
        "select it (`--extend-select DIP144`) to require an explicit failure route on every "
        "agent, as dippin does. On by default instead: DC315, tracker's own formulation for "
        "every node kind: one finding per node where a workflow routes some failures and "
        "misses others, one per workflow where a long workflow routes none."
    ),
    example="agent Build\n  prompt: Build.\nedges\n  Build -> Test",
    fix="Add `Build -> Recover  on fail`, a `fallback_target`, or `defaults.on_failure`.",
    formats=("dip", "dot"),
    enabled=False,
)
def no_failure_route(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    branches = {
        member.value
        for node in workflow.nodes
        if node.kind is NodeKind.PARALLEL
        for member in node.members
    }
    exit_id = workflow.exit
    for node in workflow.nodes:
        if node.kind is not NodeKind.AGENT or node.id == exit_id or node.id in branches:
            continue
        if runtime.handler_of(node, workflow) is not runtime.Handler.CODERGEN:
            continue  # a prompt-less start node is tracker's passthrough: it cannot fail
        if workflow.node(node.id) is not node or not context.guards.edges_from(node.id):
            continue
        if failure_route(context, node):
            continue
        edges = context.guards.edges_from(node.id)
        if any(edge.conditional for edge in edges):
            effect = (
                "a failure is routed like any other outcome (an unconditional edge is "
                "taken as if it had succeeded)"
                if any(not edge.conditional for edge in edges)
                else "a failure matches no edge and the run ends"
            )
        else:
            effect = "if it fails, the run ends"
        yield context.finding(
            "DIP144",
            node.id_span,
            f"agent `{node.id}` has no failure route (no fallback target, no `fail` edge, "
            f"no defaults.on_failure): {effect}",
        )


@rule(
    "DIP145",
    "negative-budget",
    Severity.WARNING,
    summary="A negative budget in `defaults`.",
    rationale="Budgets are limits; 0 (or leaving the key out) means no limit, a negative "
    "value is a mistake.",
    example="defaults\n  max_cost_cents: -100",
    fix="Use a positive limit, or remove the key for no limit.",
    formats=("dip", "dot"),
)
def negative_budget(context: Context) -> Iterator[Diagnostic]:
    for key in ("max_total_tokens", "max_cost_cents", "max_wall_time", "stall_timeout"):
        item = context.workflow.default(key)
        if item is not None and _negative(item.text):
            yield context.finding(
                "DIP145", item.value_span, f"`{key}: {item.text.strip()}` is negative"
            )
