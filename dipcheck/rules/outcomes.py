"""DC332, DC333, DC336 and DC338: what a node's status (or a gate's answer) can be, and who
looks at it.

A handler reports `success` or `fail` to edge selection (`retry` is handled first,
`partial_success` and `skipped` are never reported), a choice or freeform human gate and a
conditional node only `success` (docs/runtime/edge-selection.md#choosing-an-edge,
:func:`runtime.outcomes`). Goal gates are checked at the exit among the nodes the main loop
completed (docs/runtime/failures.md#goal-gates); a parallel branch runs inside its parallel
node's handler and is never one of them (docs/runtime/parallel.md#branches).
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.analysis import runtime
from dipcheck.analysis.guards import OUTCOME_VARIABLES, Guards
from dipcheck.analysis.routing import by_weight, routing_key
from dipcheck.conditions import Expr
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Edge, Field, Node, NodeKind
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

TRUE_WORDS = ("true", "1", "yes", "on")


def _routes_on_outcome_only(
    context: Context, node: Node, edges: tuple[Edge, ...]
) -> list[tuple[Edge, Expr]] | None:
    """The node's edges (all conditional) when edge selection can only pick one by its
    condition: no label or suggestion can pick one (not a human gate, not a parallel node)
    and the runtime follows them (not a branch-only node, no `else` that dippin would count,
    DC309)."""
    workflow = context.workflow
    handler = runtime.handler_of(node, workflow)
    if handler in (runtime.Handler.HUMAN, runtime.Handler.PARALLEL):
        return None
    if node.id in context.flow.branch_of or workflow.else_target is not None:
        return None
    result = [
        (edge, edge.condition.expr)
        for edge in edges
        if edge.condition is not None and edge.condition.expr is not None
    ]
    return result if len(result) == len(edges) else None


def _outcome_values(guards: Guards, expr: Expr, seen: dict[int, list[str]]) -> list[str]:
    """The values ``expr`` tests `outcome` for (``=``, ``in``), worked out once per condition
    (``seen``: a workflow's identical conditions share one parse)."""
    found = seen.get(id(expr))
    if found is None:
        found = seen[id(expr)] = [
            value
            for item in guards.literals(expr)
            if item.variable in OUTCOME_VARIABLES and item.op in ("=", "in")
            for value in item.values
        ]
    return found


@rule(
    "DC332",
    "unmatched-outcome",
    Severity.WARNING,
    summary="A node's edges are all conditions, some wait for an outcome it never reports, and "
    "a status it does report matches none of them.",
    rationale=(
        "A tool, an agent, a subgraph … reports `success` or `fail` to edge selection; a "
        "conditional node only `success` (`retry` is handled before edges are chosen, and no "
        "handler reports `partial_success` or `skipped`; "
        "docs/runtime/edge-selection.md#choosing-an-edge). When every "
        "edge of a node is conditional, nothing but a condition can pick one (only human "
        "gates set a preferred label, only parallel nodes suggest a join), so a status no "
        "condition accepts ends the run with `no matching edges` (`pipeline/engine_edges.go` "
        "`selectEdge`). dippin's DIP102 stays silent here: two equalities on one variable "
        "count as a complete partition (`ctx.outcome = passed` / `ctx.outcome = failed`), "
        "whatever values they list. Reported only when an edge waits for a value the node "
        "never reports (`passed`, `partial_success`, `retry` …): edges on `success` alone are "
        "a deliberate stop on failure (DIP102 in `.dip` files)."
    ),
    example=(
        "tool Test\n  command: make test\n  timeout: 5m\nedges\n"
        "  Test -> Ship  when ctx.outcome = passed\n  Test -> Fix  when ctx.outcome = failed"
    ),
    fix="Route on `ctx.outcome = success` and `ctx.outcome = fail`, or add an unconditional "
    "edge for the other cases.",
    formats=("dip", "dot"),
)
def unmatched_outcome(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    guards = context.guards
    outgoing, node_map = workflow.outgoing, workflow.node_map
    # (most nodes have a plain edge: one pass over the edges rules them out)
    plain = {edge.source.value for edge in workflow.edges if not edge.conditional}
    seen: dict[int, list[str]] = {}  # condition → the outcome values it tests for
    for node in workflow.nodes:
        edges = outgoing.get(node.id)
        if not edges or node.id in plain or node_map.get(node.id) is not node:
            continue
        # the values the edges test for (those of the routes when every edge is one: first,
        # as it rules out most nodes more cheaply than the routes do)
        tested: list[str] = []
        for edge in edges:
            expr = edge.condition.expr if edge.condition is not None else None
            if expr is not None:
                found = seen.get(id(expr))
                tested += _outcome_values(guards, expr, seen) if found is None else found
        if tested.count("success") == len(tested):
            continue  # none or `success` only: every node can report `success`
        statuses = runtime.outcomes(node, workflow)  # (`success` alone when it always succeeds)
        impossible = [value for value in dict.fromkeys(tested) if value not in statuses]
        if not impossible:
            continue  # only statuses it can report: a deliberate stop on the other (DIP102)
        if len(statuses) == 1 and runtime.success_only(node, workflow):
            continue  # a node that always succeeds is DC303's
        routes = _routes_on_outcome_only(context, node, edges)
        if routes is None:
            continue
        if workflow.format == "dip" and not guards.safe_router(node.id):
            continue  # DIP102 already says that no edge may match
        unmatched = [
            status
            for status in statuses
            if all(guards.outcome_truth(expr, status) is False for _, expr in routes)
        ]
        if not unmatched:
            continue
        missed = " or ".join(f"`{status}`" for status in unmatched)
        never = ", ".join(f"`{value}`" for value in impossible)
        handler = runtime.handler_of(node, workflow).value
        yield context.finding(
            "DC332",
            node.id_span,
            f"`{node.id}` has only conditional edges and none of them holds when it reports "
            f"{missed}: tracker then stops the run with `no matching edges`; its edges wait "
            f"for {never}, which a `{handler}` node never reports to edge selection (only "
            f"{' and '.join(f'`{status}`' for status in statuses)})",
            related=tuple(
                Related(edge.span, f"edge {edge.source.value} -> {edge.target.value}")
                for edge, _ in routes
            ),
        )


@rule(
    "DC333",
    "unchecked-goal-gate",
    Severity.WARNING,
    summary="A `goal_gate` on a node that only runs as a parallel branch: the gate is never "
    "checked (one finding per parallel node).",
    rationale=(
        "tracker checks goal gates when the exit node completes, among the nodes the main "
        "loop completed (`pipeline/engine_checkpoint.go` `goalGateCandidates`). A parallel "
        "branch runs inside its parallel node's handler on a copy of the context and is never "
        "marked completed (`pipeline/handlers/parallel.go`, docs/runtime/parallel.md#branches), so "
        "its "
        "`goal_gate: true` has no effect: a failed branch never sends the run back. (DIP115, "
        "which asks for a recovery route, does not report such a gate.) The branches' "
        "`retry_target`, `retry_policy` and `max_retries` do nothing either (a branch runs "
        "once); the finding names them, so that one misunderstanding of a parallel block is "
        "one finding (DC319 reports them only in a block without a goal gate)."
    ),
    example=(
        "parallel Fork -> Check, Lint\nagent Check\n  prompt: Check.\n  goal_gate: true\n"
        "fan_in Join <- Check, Lint"
    ),
    fix="Put the gate on a node after the join (an agent that judges the merged results), or "
    "use `fan_in_policy: all` to fail the block when a branch fails.",
    formats=("dip", "dot"),
)
def unchecked_goal_gate(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for parallel, found in gated_branches(context).items():
        gate, others = found[0][1], found[1:]
        names = ", ".join(f"`{node.id}`" for node, _ in found)
        what = f"goal gate {names} only runs" if not others else f"goal gates {names} only run"
        inert = inert_branch_fields(context, parallel)
        fields = [item for _, items in inert for item in items]
        also = ""
        if fields:
            keys = ", ".join(f"`{key}`" for key in dict.fromkeys(item.key for item in fields))
            also = (
                f"; {keys} on {_names([member for member, _ in inert])} do nothing either "
                "(a branch runs once, with no retries)"
            )
        yield context.finding(
            "DC333",
            gate.span,
            f"{what} as {'a branch' if not others else 'branches'} of `{parallel}`: tracker "
            "never marks a branch completed, so it never checks "
            f"{'this gate' if not others else 'these gates'} at the exit and a failed branch "
            f"does not send the run back{also}",
            related=(
                Related(workflow.node_map[parallel].id_span, "the parallel node"),
                *(Related(item.span, f"`{node.id}` is a goal gate too") for node, item in others),
                *(Related(item.span, "never takes effect on a branch") for item in fields),
            ),
        )


def gated_branches(context: Context) -> dict[str, list[tuple[Node, Field]]]:
    """Parallel node → its branches that set `goal_gate: true` (with the field), for the
    parallel blocks DC333 reports."""
    gates: dict[str, list[tuple[Node, Field]]] = {}
    branch_of = context.flow.branch_of
    if not branch_of:
        return gates  # (most workflows: no branch, no field to read on every node)
    for node in context.workflow.nodes:
        gate = node.get("goal_gate")
        parallel = branch_of.get(node.id)
        if gate is None or parallel is None or gate.text.strip().lower() not in TRUE_WORDS:
            continue
        gates.setdefault(parallel, []).append((node, gate))
    return gates


INERT_ON_BRANCH = ("retry_target", "retry_policy", "max_retries")


def inert_branch_fields(context: Context, parallel_id: str) -> list[tuple[str, list[Field]]]:
    """The branches of a parallel block that only run as branches, with the retry fields they
    set that a branch never uses (docs/runtime/parallel.md#branches)."""
    facts = context.failure
    parallel = facts.parallels.get(parallel_id)
    if parallel is None:
        return []
    found: list[tuple[str, list[Field]]] = []
    for member in dict.fromkeys(m.value for m in parallel.branches):
        node = context.workflow.node(member)
        if node is None or member not in facts.branch_only:
            continue
        items = [
            item
            for key in INERT_ON_BRANCH
            if (item := node.get(key)) is not None and item.text.strip()
        ]
        if items:
            found.append((member, items))
    return found


def _names(names: list[str]) -> str:
    if len(names) <= 3:
        return ", ".join(f"`{name}`" for name in names)
    return ", ".join(f"`{name}`" for name in names[:3]) + f" and {len(names) - 3} more"


# -- DC336 ----------------------------------------------------------------------------------

YES_NO_ANSWERS = ("Yes", "No")


@rule(
    "DC336",
    "yes-no-label-never-matches",
    Severity.WARNING,
    summary="An unconditional edge out of a yes_no gate routes on a label other than exactly "
    "`Yes` or `No`, so the answer never picks it.",
    rationale=(
        "A yes_no gate answers with the preferred label `Yes` or `No`, exactly, and edge "
        "selection takes the first edge whose `choice:`, else `label:`, equals it: no case "
        "is folded (docs/runtime/edge-selection.md#choosing-an-edge). An edge labelled `yes`, "
        "`YES` or `Approve` is never picked by the answer: a Yes goes to the unconditional "
        "edge of highest weight (then the lexically smallest target), and a No, the outcome "
        "`fail`, ends in the fallback or fails the run when no edge out of the gate has a "
        "condition (DC315). Reported where it matters: a gate with two unconditional edges "
        "or more (one alone is taken whatever its label). When other edges of the gate route "
        "on `ctx.outcome`, an unconditional edge is their fallback and only a label spelling "
        "an answer in another case (`yes`) is reported."
    ),
    example="human Approve\n  mode: yes_no\nedges\n  Approve -> Ship  label: yes\n"
    "  Approve -> Revise  label: no",
    fix="Label the edges `Yes` and `No`, or route on `ctx.outcome = success` / `fail`.",
    formats=("dip", "dot"),
)
def yes_no_label(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in workflow.nodes:
        if node.kind is not NodeKind.HUMAN or node.value("mode").strip() != "yes_no":
            continue
        edges = [edge for edge in workflow.edges_from(node.id) if not edge.implicit]
        unconditional = [edge for edge in edges if not edge.conditional]
        if len(unconditional) < 2:
            continue  # (the one unconditional edge is taken whatever the label)
        # (a gate routed by conditions on its outcome: an unconditional edge is its fallback,
        # whose label only names it, unless it spells an answer)
        by_condition = len(unconditional) < len(edges)
        answered = any(routing_key(edge) == "Yes" for edge in unconditional)
        heaviest = by_weight(unconditional)
        for edge in unconditional:
            name = "choice" if edge.choice else "label"
            attr = edge.attr(name)
            key = edge.choice or edge.label
            if attr is None or not key.strip() or key in YES_NO_ANSWERS:
                continue
            meant = next((word for word in YES_NO_ANSWERS if word.lower() == key.lower()), None)
            if meant is None and by_condition:
                continue
            if meant == "No" and not by_condition:
                # (a No is `fail`: with no conditional edge it is a strict failure, handled
                # before any label is looked at, so no label can take it: DC315)
                advice = "a No is `fail`, which goes nowhere by label: route it with "
                advice += "`when ctx.outcome = fail`"
            elif meant:
                advice = f"write `{meant}`"
            elif by_condition:
                advice = "label it `Yes`"
            else:
                advice = "label it `Yes`, and route a No with `when ctx.outcome = fail`"
            yes = (
                ""
                if answered
                else f" (a Yes goes to `{heaviest.target.value}`: highest weight, then the "
                "smallest target name)"
            )
            yield context.finding(
                "DC336",
                attr.span,
                f"edge `{edge.source.value} -> {edge.target.value}` routes on the {name} "
                f"`{key}`, but yes_no gate `{node.id}` answers exactly `Yes` or `No`, so the "
                f"answer never picks this edge{yes}; {advice}",
            )


# -- DC338 ----------------------------------------------------------------------------------

TOOL_INERT = ("retry_policy", "max_retries")


@rule(
    "DC338",
    "retry-on-a-tool",
    Severity.WARNING,
    summary="A tool node sets `retry_policy` or `max_retries`: a tool never reports `retry`, "
    "so its failed command is never run again.",
    rationale=(
        "tracker retries a node only when it reports the status `retry` "
        "(docs/runtime/failures.md#retries); a tool reports `success` when its command exits "
        "0 and `fail` otherwise (docs/runtime/edge-selection.md#choosing-an-edge). A flaky "
        "command with `max_retries: 3` fails on its first failure, routed like any `fail` "
        "(or ending the run when nothing routes it). A goal gate's recheck also counts "
        "`max_retries`, so a tool that is a goal gate is not reported."
    ),
    example="tool Flaky\n  command: ./integration-tests.sh\n  max_retries: 3",
    fix="Retry inside the command (a loop in the script), or route `fail` back to the tool "
    "with a condition and let `max_restarts` bound it.",
    formats=("dip", "dot"),
)
def retry_on_a_tool(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in workflow.nodes:
        items = [item for key in TOOL_INERT if (item := node.get(key)) is not None]
        if not items or runtime.handler_of(node, workflow) is not runtime.Handler.TOOL:
            continue
        if node.value("goal_gate").strip().lower() in TRUE_WORDS:
            continue
        for item in items:
            key = item.key
            if item.text.strip() in ("", "0", "none"):
                continue
            yield context.finding(
                "DC338",
                item.span,
                f"`{key}: {item.text.strip()}` on tool `{node.id}` never retries it: a tool "
                "reports `success` or `fail`, never `retry`, so a failed command is not run "
                "again",
            )
