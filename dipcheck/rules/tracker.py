"""TRK101 and TRK102: tracker's own coded lints, with its exact predicates (including its
substring tests on the raw condition text;
docs/runtime/loading.md#what-tracker-refuses-before-a-run)."""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck import integers
from dipcheck.analysis import runtime
from dipcheck.analysis.shell_words import simple_commands
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.model import Edge, Node, NodeKind, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.source import Span


def _raw(edge: Edge) -> str:
    return edge.condition.raw if edge.condition is not None else ""


def _output_limit(node: Node) -> int:
    return integers.parse_or(node.value("output_limit"), 0)


def _bounded(command: str) -> bool:
    """Does no command that merges stderr (`2>&1`) or runs `tee` print to standard output?"""
    for item in simple_commands(command):
        merges = any(r.fd == "2" and r.op == ">&" and r.target == "1" for r in item.redirects)
        tees = any(word.value == "tee" for word in item.words)
        if (merges or tees) and not item.stdout_redirected:
            return False
    return True


def _unbounded_output(command: str) -> int:
    """Index of `2>&1`, or of a whitespace-separated word `tee`, in the command; -1 if none."""
    index = command.find("2>&1")
    if index != -1:
        return index
    position = 0
    for word in command.split():
        position = command.find(word, position)
        if word == "tee":
            return position
        position += len(word)
    return -1


@rule(
    "TRK101",
    "stdout-routing-truncation",
    Severity.WARNING,
    summary="A tool routes on ctx.tool_stdout with one condition plus a fallback, and its "
    "command emits unbounded output.",
    rationale=(
        "tracker keeps only the tail of a tool's output (output_limit, 64KB by default). When "
        "a command pipes through `tee` or merges stderr with `2>&1`, a marker printed early can "
        "fall out of the window, and the run silently takes the unconditional fallback edge "
        "(tracker issue #208)."
    ),
    example=(
        "tool Test\n  command: make test 2>&1\nedges\n  Test -> Ship when ctx.tool_stdout "
        "contains PASS\n  Test -> Fix"
    ),
    fix="Use `marker_grep` to extract the marker, raise `output_limit`, split the command, or "
    "route on every expected marker explicitly.",
    formats=("dip", "dot"),
)
def stdout_truncation(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in runtime.tool_nodes(workflow):
        if node.value("marker_grep").strip() or _output_limit(node) > 0:
            continue
        edges = workflow.edges_from(node.id)
        stdout_edges = [
            edge
            for edge in edges
            if "ctx.tool_stdout" in _raw(edge) or "context.tool_stdout" in _raw(edge)
        ]
        if len(stdout_edges) != 1:
            continue
        if any("ctx.outcome" in _raw(edge) or "context.outcome" in _raw(edge) for edge in edges):
            continue
        if not any(not _raw(edge).strip() for edge in edges):
            continue
        located = node.text_field("command")
        if located is None:
            continue
        _, text = located
        index = _unbounded_output(text.value)
        if index == -1:
            continue
        word = "2>&1" if text.value.startswith("2>&1", index) else "tee"
        message = (
            f"tool node `{node.id}` routes on ctx.tool_stdout with a single conditional edge "
            "plus an unconditional fallback, and its command emits unbounded output "
            f"(`{word}`): if the output exceeds output_limit (64KB by default) only its tail is "
            "kept, so a truncated marker silently routes via the fallback edge"
        )
        harmless = []
        if _bounded(text.value):
            harmless.append(
                "here every `2>&1` and `tee` sends standard output to a file or /dev/null, so "
                "the output is bounded (tracker's check only looks for the text)"
            )
        target = stdout_edges[0].target.value
        if any(not _raw(e).strip() and e.target.value == target for e in edges):
            harmless.append(
                f"the conditional edge and the fallback both lead to `{target}`, so a truncated "
                "marker changes nothing"
            )
        finding = context.finding(
            "TRK101",
            node.id_span,
            message + "".join(f"; {item}" for item in harmless),
            related=(
                Related(stdout_edges[0].span, "the only edge that routes on ctx.tool_stdout"),
                Related(text.span(index, index + len(word)), "unbounded output"),
            ),
        )
        # kept for parity with `tracker validate`, but only informative when harmless
        yield finding.with_severity(Severity.INFO) if harmless else finding


_ACCEPT_LABELS = frozenset({"accept", "mark done", "approve"})


def _escalation_target(workflow: Workflow, gate: str) -> bool:
    """Is the gate a direct failure-escalation target (tracker's two tests)?"""
    for edge in workflow.edges_to(gate):
        if "outcome=fail" in _raw(edge).lower().replace(" ", ""):
            return True
    for key in ("on_failure",):
        if workflow.default_value(key) == gate:
            return True
    for node in workflow.nodes:
        for key in ("fallback_target", "fallback_retry_target"):
            if node.value(key).strip() == gate:
                return True
    return False


def _covered_goal_gates(workflow: Workflow, gate: str) -> list[str]:
    """Goal gates whose failure escalates to ``gate`` (a fail edge into it, or a fallback
    that names it): an override edge out of ``gate`` marks them satisfied
    (``engine_checkpoint.go: coveredGoalGates``, docs/runtime/failures.md#goal-gates)."""
    graph_fallback = workflow.default_value("on_failure") == gate
    result = []
    for node in workflow.nodes:
        if node.value("goal_gate").strip().lower() != "true":
            continue
        fallbacks = (
            node.value(key).strip() for key in ("fallback_target", "fallback_retry_target")
        )
        fail_edge = any(
            edge.target.value == gate and "outcome=fail" in _raw(edge).lower().replace(" ", "")
            for edge in workflow.edges_from(node.id)
        )
        if fail_edge or gate in fallbacks or graph_fallback:
            result.append(node.id)
    return result


def _reaches_exit_without_gate(workflow: Workflow, start: str) -> bool:
    exit_id = workflow.exit
    nodes = workflow.node_map
    if not exit_id or exit_id not in nodes:
        return False
    seen: set[str] = set()
    stack = [start]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        node = nodes.get(current)
        if node is None or node.kind is NodeKind.HUMAN:
            continue
        if current == exit_id:
            return True
        stack.extend(edge.target.value for edge in workflow.edges_from(current))
    return False


@rule(
    "TRK102",
    "accept-edge-without-override",
    Severity.WARNING,
    summary="An accept/approve edge out of a failure-escalation gate is not marked "
    "`override: true`.",
    rationale=(
        "When a human accepts a failed validation and the run goes on to the exit, tracker "
        "reports the run as `validation_overridden` only if the edge says `override: true`; "
        "otherwise the audit trail shows a clean success (spec §7.4). Routing is unaffected."
    ),
    example=(
        'edges\n  Verify -> Escalate when ctx.outcome = fail\n  Escalate -> Done label: "accept"'
    ),
    fix="Add `override: true` to the edge (a safe automatic fix is offered).",
    formats=("dip", "dot"),
    fix_availability="always",
)
def accept_without_override(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    nodes = workflow.node_map
    for edge in workflow.edges:
        if edge.implicit or edge.override:
            continue
        label = edge.label.strip().lower()
        if label not in _ACCEPT_LABELS:
            continue
        source = nodes.get(edge.source.value)
        if source is None or runtime.handler_of(source, workflow) is not runtime.Handler.HUMAN:
            continue
        if not _reaches_exit_without_gate(workflow, edge.target.value):
            continue
        if not _escalation_target(workflow, source.id):
            continue
        end = Span(edge.span.source, edge.span.end, edge.span.end)
        covered = _covered_goal_gates(workflow, source.id)
        message = (
            f"edge from human gate `{source.id}` to forward-progress node "
            f"`{edge.target.value}` via label {edge.label.strip()!r} is not marked "
            "`override: true`; the gate is reachable from an upstream failure, so this edge "
            "accepts a failed validation and the run should end as validation_overridden"
        )
        if covered:
            names = ", ".join(f"`{name}`" for name in covered)
            message += (
                f"; goal gate(s) {names} escalate to `{source.id}`, so with `override: true` "
                "taking this edge also marks them satisfied and the run can finish instead of "
                "retrying them: the flag changes the run's outcome, not only its audit trail"
            )
            fix = Fix(
                "add `override: true` (also satisfies the goal gates that escalate here)",
                (Edit(end, "  override: true"),),
                safe=False,
            )
        else:
            fix = Fix(
                "add `override: true` (audit-only; routing is unaffected)",
                (Edit(end, "  override: true"),),
            )
        yield context.finding("TRK102", edge.span, message, fix=fix)
