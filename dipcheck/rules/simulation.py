"""DC4xx: findings proved by exploring every run the workflow can make (``dipcheck simulate
--all-paths``, :mod:`dipcheck.simulate.explore`).

The exploration tries every outcome a node's handler can produce, each human answer, each tool
output the conditions compare against and each value an unknown condition operand is compared
with, under the runtime's own rules (docs/runtime/README.md). A finding that says something
happens on *some* run (DC401) needs only one witness: a coarse sweep (each node and context
once) runs first and finds witnesses where the exact exploration is cut, or skipped because the
sweep alone already exceeds the budget. A finding that says something happens on
*every* run, or *never* (DC402 to DC405), is reported only when the exploration was complete:
on workflows whose state space is larger than the lint's budget they are not reported.

All five are off by default (``--extend-select DC4``): the exploration costs far more than the
rest of the lint (see benchmarks/simulate.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING

from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Dialect, Edge
from dipcheck.records import record
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

if TYPE_CHECKING:
    from dipcheck.simulate.explore import Exploration
    from dipcheck.simulate.graph import RunGraph
    from dipcheck.simulate.runner import Machine

LINT_MAX_STATES = 3000  # per workflow; larger state spaces get the existential findings only
FORMATS = ("dip", "dot")  # YAML step workflows have no failure routing or restarts to prove
# Handlers that always report success: an outcome condition on their edges is DC303's finding.
_ALWAYS_SUCCEED = ("conditional",)
# Statuses an edge can see; `retry` (DC302) and any other value (DC313) never reach an edge.
_STATUSES = ("success", "fail", "partial_success")


@record
class Explored:
    """One exploration per linted workflow, shared by the DC4xx rules."""

    context: Context

    @cached_property
    def machine(self) -> Machine:
        from dipcheck.simulate.children import load_child
        from dipcheck.simulate.graph import RunGraph
        from dipcheck.simulate.runner import Machine

        return Machine(RunGraph(self.context.workflow), self.context.target, children=load_child)

    @property
    def graph(self) -> RunGraph:
        return self.machine.graph

    @cached_property
    def sweep(self) -> Exploration | None:
        """The coarse sweep (each node and context once): quick, never complete."""
        from dipcheck.simulate.explore import sweep

        workflow = self.context.workflow
        if workflow.start not in workflow.node_map or workflow.dialect is not Dialect.TRACKER:
            return None  # the exploration follows tracker's rules, not another runtime's
        return sweep(self.machine, max_states=LINT_MAX_STATES)

    @cached_property
    def result(self) -> Exploration | None:
        """The exact exploration, unless the sweep shows it could not be complete: the sweep
        found more distinct node-and-context states than the budget (the exact one has at
        least as many), or a node with more alternatives than the explorer tries (the exact
        one reaches that node in the same state)."""
        from dipcheck.simulate.explore import explore

        found = self.sweep
        if found is None or found.halted or found.capped:
            return None
        return explore(self.machine, max_states=LINT_MAX_STATES, list_paths=False)

    @cached_property
    def stuck(self) -> dict[str, list[tuple[str, list[tuple[Edge, str]]]]]:
        """Where a node can match no edge: every case the exact exploration found (all of
        them when it is complete), else also those of the sweep."""
        exact, coarse = self.result, self.sweep
        if exact is not None and exact.complete:
            return exact.stuck
        found: dict[str, list[tuple[str, list[tuple[Edge, str]]]]] = {}
        for source in (exact, coarse):
            for node, cases in (source.stuck if source is not None else {}).items():
                known = found.setdefault(node, [])
                known.extend(case for case in cases if case not in known)
        return found


def _explored(context: Context) -> Explored:
    return context.shared("simulation", lambda: Explored(context))


def _complete(context: Context) -> tuple[Explored, Exploration] | None:
    """The exploration, when it saw every run: not cut short by its state budget, and no run
    stopped by a limit of the simulator's (a cycle of subgraph refs, nesting too deep)."""
    explored = _explored(context)
    result = explored.result
    if result is None or not result.complete:
        return None
    if any(terminal.end.cause == "limit" for terminal in result.paths):
        return None
    return explored, result


@rule(
    "DC401",
    "no-matching-edge",
    Severity.WARNING,
    summary="A reachable node can end in a way none of its edges matches: the run stops with "
    "'no matching edges'.",
    rationale=(
        "When every outgoing edge of a node is conditional and none is true, tracker stops the "
        "whole run with `no matching edges` (docs/runtime/edge-selection.md#no-matching-edge). The "
        "exploration "
        "found a run in which the node succeeds — or prints an output its conditions do not "
        "name — and no edge applies. (A *failed* node without a matching edge is not reported: "
        "tracker fails the run for an unhandled failure anyway.)"
    ),
    example=(
        "tool Check\n  command: ./check.sh\n...\nedges\n"
        "  Check -> Ship when ctx.tool_stdout = pass\n"
        "  Check -> Fix when ctx.tool_stdout = fail\n"
        "# prints anything else → no matching edges"
    ),
    fix="Add an unconditional edge (a fallback) or a condition for the missing case.",
    formats=FORMATS,
    enabled=False,
)
def no_matching_edge(context: Context) -> Iterator[Diagnostic]:
    explored = _explored(context)
    graph = explored.graph
    for node_id, worlds in sorted(explored.stuck.items()):
        node = graph.nodes.get(node_id)
        if node is None:
            continue
        world, rejected = worlds[0]
        related = tuple(
            Related(edge.span, f"false here: {why}") for edge, why in rejected if edge is not None
        )
        yield context.finding(
            "DC401",
            node.id_span,
            f"when `{node_id}` {world}, none of its {len(rejected)} conditional edges matches "
            "and it has no unconditional edge: tracker stops the run with 'no matching edges' "
            "(docs/runtime/edge-selection.md#choosing-an-edge)",
            related,
        )


@rule(
    "DC402",
    "loop-without-exit",
    Severity.WARNING,
    summary="Taking this loop edge, no run can reach the exit any more: it only ends when the "
    "restart budget runs out.",
    rationale=(
        "A loop back to a completed node is a restart (docs/runtime/failures.md#loop-restarts), "
        "and restarts "
        "are capped by `max_restarts`. The exploration found that once this edge is taken, "
        "whatever the nodes do afterwards, the run never reaches a successful end — the loop has "
        "no way out — although other runs do succeed. The edge that closes the loop (back to a "
        "node drawn before it) is reported, not the loop's other edges."
    ),
    example=(
        "Fix -> Test\nTest -> Fix when ctx.outcome = fail\nTest -> Fix\n"
        "# nothing leaves the Test/Fix loop"
    ),
    fix="Give the loop an exit: an edge from inside it that leads towards the exit node.",
    formats=FORMATS,
    enabled=False,
)
def loop_without_exit(context: Context) -> Iterator[Diagnostic]:
    found = _complete(context)
    if found is None:
        return
    explored, result = found
    if not result.succeeded:
        return  # nothing succeeds at all: DC403 or other rules say why
    graph = explored.graph
    order = _drawing_order(graph)
    for edge in graph.all_edges:
        outcomes = result.restart_edges.get(id(edge))
        if not outcomes or any(outcomes) or edge.implicit:
            continue
        # the loop's back edge; an edge into a node that a retry inside the loop cleared is
        # a restart too, but the loop is the back edge's finding
        if order.get(edge.target.value, 0) <= order.get(edge.source.value, 0):
            yield context.finding(
                "DC402",
                edge.span,
                f"after `{edge.source.value} -> {edge.target.value}` loops back (a restart, "
                "docs/runtime/failures.md#loop-restarts) no run reaches the exit: every "
                "continuation ends when "
                "the restart budget or a failure stops it",
            )


@rule(
    "DC403",
    "exit-beyond-restart-budget",
    Severity.WARNING,
    summary="No run reaches the exit within `max_restarts`; only runs with more restarts would.",
    rationale=(
        "tracker fails a run at the restart that exceeds `max_restarts` (default 5, counted for "
        "the whole run, docs/runtime/failures.md#loop-restarts). The exploration found no "
        "successful run within "
        "the budget, but found one when the budget was raised: every path to the exit loops "
        "more often than the workflow allows."
    ),
    example="defaults\n  max_restarts: 1\n# the exit is only reached after the second loop",
    fix="Raise `max_restarts`, or shorten the loops on the way to the exit.",
    formats=FORMATS,
    enabled=False,
)
def exit_beyond_restart_budget(context: Context) -> Iterator[Diagnostic]:
    found = _complete(context)
    if found is None:
        return
    explored, result = found
    if result.succeeded or not result.exhausted_restarts:
        return
    from dipcheck.simulate.explore import explore
    from dipcheck.simulate.graph import RunGraph
    from dipcheck.simulate.runner import Machine

    graph = explored.graph
    budget = graph.max_restarts
    wider = RunGraph(graph.workflow, max_restarts=budget + len(graph.nodes) + 1)
    machine = Machine(wider, context.target, children=explored.machine.children)
    again = explore(machine, max_states=LINT_MAX_STATES, list_paths=False)
    needed = again.fewest_restarts_to_succeed()
    if needed is None:
        return
    workflow = context.workflow
    item = workflow.default("max_restarts")
    span = item.value_span if item is not None else workflow.decl_span
    where = (
        f"`max_restarts: {budget}`"
        if item is not None
        else f"the default `max_restarts` ({budget})"
    )
    yield context.finding(
        "DC403",
        span,
        f"no run reaches the exit within {where}: the shortest successful run needs {needed} "
        f"restart{'s' if needed != 1 else ''} (docs/runtime/failures.md#loop-restarts)",
    )


@rule(
    "DC404",
    "unsatisfiable-goal-gate",
    Severity.WARNING,
    summary="A goal gate is never satisfied when the exit checks it: runs that reach the exit "
    "through it fail or are redirected.",
    rationale=(
        "At the exit, tracker checks every completed `goal_gate` node: its last status must be "
        "success (docs/runtime/failures.md#goal-gates). The exploration found exit checks with "
        "this gate "
        "completed, and in none of them had it succeeded — typically because the edges that "
        "leave the gate on success never lead to the exit."
    ),
    example=(
        "agent Gate\n  goal_gate: true\n...\nGate -> Rework when ctx.outcome = success\n"
        "Gate -> Done when ctx.outcome = fail"
    ),
    fix="Route the gate's success towards the exit, or drop `goal_gate: true`.",
    formats=FORMATS,
    enabled=False,
)
def unsatisfiable_goal_gate(context: Context) -> Iterator[Diagnostic]:
    found = _complete(context)
    if found is None:
        return
    explored, result = found
    for gate, checks in sorted(result.gate_checks.items()):
        node = explored.graph.nodes.get(gate)
        if node is None or not checks or any(checks):
            continue
        item = node.get("goal_gate")
        span = item.span if item is not None else node.id_span
        yield context.finding(
            "DC404",
            span,
            f"goal gate `{gate}` is never satisfied when the exit checks it ({len(checks)} "
            "explored exit checks): it has not succeeded in any of them "
            "(docs/runtime/failures.md#goal-gates)",
        )


@rule(
    "DC405",
    "dead-edge",
    Severity.WARNING,
    summary="A conditional edge is never taken on any run: its condition is never true when "
    "its node routes.",
    rationale=(
        "The exploration routed the edge's source node under every outcome, answer and output "
        "its conditions distinguish (docs/runtime/conditions.md, "
        "docs/runtime/edge-selection.md#choosing-an-edge): this condition was never "
        "the first true one. Either it can never be true there, or an earlier edge always wins. "
        "(Unconditional fallbacks behind exhaustive conditions are not reported, nor the cases "
        "DC302, DC303, DC304 and DC313 explain.)"
    ),
    example=(
        "Check -> Ship when ctx.outcome = success\nCheck -> Fix when ctx.outcome = fail\n"
        'Check -> Retry when ctx.tool_stdout = "retry"  # dead: an earlier edge always wins'
    ),
    fix="Fix the condition, reorder the edges, or remove the edge.",
    formats=FORMATS,
    enabled=False,
)
def dead_edge(context: Context) -> Iterator[Diagnostic]:
    found = _complete(context)
    if found is None:
        return
    explored, result = found
    graph = explored.graph
    for edge in graph.all_edges:
        if edge.implicit or not edge.conditional or id(edge) in result.taken_edges:
            continue
        if edge.source.value not in result.routed or _explained_elsewhere(explored, edge):
            continue
        yield context.finding(
            "DC405",
            edge.condition.span if edge.condition is not None else edge.span,
            f"`{edge.source.value} -> {edge.target.value}` is never taken: on no explored run "
            f"is `{graph.condition_text(edge)}` the first true condition when "
            f"`{edge.source.value}` routes (docs/runtime/edge-selection.md#choosing-an-edge)",
        )


def _drawing_order(graph: RunGraph) -> dict[str, int]:
    """Each node's position in a depth-first reverse postorder from the start along the
    edges: an edge to a node that does not come later closes a loop (a back edge)."""
    order: list[str] = []
    seen = {graph.start}
    stack: list[tuple[str, int]] = [(graph.start, 0)]
    while stack:
        node, index = stack[-1]
        edges = graph.edges_from(node)
        if index < len(edges):
            stack[-1] = (node, index + 1)
            target = edges[index].target.value
            if target not in seen and target in graph.nodes:
                seen.add(target)
                stack.append((target, 0))
        else:
            stack.pop()
            order.append(node)
    order.reverse()
    return {node: position for position, node in enumerate(order)}


def _explained_elsewhere(explored: Explored, edge: Edge) -> bool:
    """Dead for a reason another rule states precisely: an `outcome = retry` condition (DC302),
    an outcome condition after a handler that always succeeds (DC303), an `internal.*` or
    `params.*` operand that never resolves (DC304), an outcome value no status has (DC313), a
    regex the exploration cannot satisfy."""
    from dipcheck.simulate import explain

    graph = explored.graph
    handler = graph.handler(edge.source.value).value if edge.source.value in graph.nodes else ""
    always = handler in _ALWAYS_SUCCEED or (
        handler == "wait.human" and graph.human_mode(edge.source.value) in ("choice", "freeform")
    )
    for item in explain.edge_comparisons(graph, edge, explored.machine.target):
        key = explain.bare(item.left)
        if key == "outcome" and (item.right not in _STATUSES or always):
            return True
        if key.startswith(("internal.", "params.")) or item.op.endswith("matches"):
            return True
    return False
