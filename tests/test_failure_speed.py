"""The failure facts' shortcuts (issue 19 §3, session 21), each checked against the direct way
it replaced, restated here as the reference, on generated `.dip` workflows with failure edges,
retries, fallbacks and parallel blocks: the handler look-up, the edge table, the main loop, the
failure paths read in one walk over the edges, the nodes whose end the main loop handles, and
DC315's walk over the failure paths, DC318's search for a failure handler and DC332's tests
put in a cheaper order."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis import routing, runtime
from dipcheck.analysis.failure import (
    GRAPH_FALLBACKS,
    NODE_FALLBACKS,
    YES_NO,
    FailureFacts,
    FailurePath,
    Route,
    how_it_fails,
)
from dipcheck.diagnostics import Diagnostic, Related
from dipcheck.engine import lint_text
from dipcheck.model import Edge, Name, Node, Workflow
from dipcheck.references import list_items
from dipcheck.rules import failure_routing, outcomes
from dipcheck.rules.context import Context

KINDS = ["agent", "agent", "tool", "human", "conditional", "subgraph"]
CONDITIONS = [
    "ctx.outcome = success",
    "ctx.outcome = fail",
    "ctx.outcome != fail",
    "ctx.outcome in fail,retry",
    "ctx.outcome = passed",
    "ctx.outcome = fail or ctx.verdict = no",
    "ctx.outcome = success and ctx.verdict = yes",
    "not ctx.outcome = success",
    "ctx.verdict = yes",
    "ctx.verdict = no",
    "ctx.outcome = ",
]
FIELDS = [
    "fallback_target: N0",
    "fallback_target: N3",
    "fallback_target: Nowhere",
    "fallback_retry_target: N2",
    "retry_target: N1",
    "retry_target:  N4 ",
    "mode: yes_no",
    "mode: interview",
    "timeout: 5m",
    "timeout_action: fail",
    "default: Yes",
    "command: make test || true",
    "command: make test",
    "fan_in_policy: all",
    "max_retries: 2",
]
DEFAULTS = [
    "on_failure: N1",
    "on_failure: Nowhere",
    "fallback_target: N2",
    "restart_target: N3",
    "retry_target: N4",
]
LABELS = ["", "", "", "  label: No", "  label: Yes", "  weight: 2"]


@st.composite
def workflows(draw: st.DrawFn) -> str:
    count = draw(st.integers(2, 8))
    lines = ["workflow W", "  start: N0", f"  exit: N{count - 1}"]
    defaults = draw(st.lists(st.sampled_from(DEFAULTS), max_size=3, unique=True))
    if defaults:
        lines += ["  defaults", *(f"    {item}" for item in defaults)]
    for index in range(count):
        kind = draw(st.sampled_from(KINDS))
        lines.append(f"  {kind} N{index}")
        if kind in ("agent", "human") and draw(st.booleans()):
            lines.append(f"    prompt: step {index}")
        if kind == "subgraph":
            lines.append("    ref: child.dip")
        fields = draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True))
        lines += [f"    {item}" for item in fields]
    if draw(st.booleans()):  # a parallel block: branches, a join, perhaps a fallback on one
        first, second = draw(st.integers(0, count - 1)), draw(st.integers(0, count - 1))
        lines += [f"  parallel P -> N{first}, N{second}", f"  fan_in J <- N{first}, N{second}"]
    lines.append("  edges")
    names = [f"N{index}" for index in range(count)] + ["P", "J", "Ghost"]
    for _ in range(draw(st.integers(0, 14))):
        source, target = draw(st.sampled_from(names)), draw(st.sampled_from(names))
        condition = draw(st.sampled_from(["", "", *CONDITIONS]))
        label = draw(st.sampled_from(LABELS))
        lines.append(
            f"    {source} -> {target}" + (f"  when {condition}" if condition else "") + label
        )
    return "\n".join(lines) + "\n"


def _load(text: str) -> Workflow:
    result = lint_text(text, "<failure-speed>.dip")
    assert result.workflow is not None
    return result.workflow


# -- references: the direct ways, as they were -------------------------------------------------


def _edges_reference(facts: FailureFacts) -> dict[str, list[Edge]]:
    table: dict[str, list[Edge]] = {}
    stated: set[tuple[str, str]] = set()
    for edge in facts.workflow.edges:
        if not edge.implicit:
            stated.add((edge.source.value, edge.target.value))
            table.setdefault(edge.source.value, []).append(edge)
    for edge in facts.workflow.edges:
        if edge.implicit and (edge.source.value, edge.target.value) not in stated:
            table.setdefault(edge.source.value, []).append(edge)
    for node_id, parallel in facts.parallels.items():
        if parallel.join and (node_id, parallel.join) not in stated:
            span = parallel.node.id_span
            join = Edge(Name(node_id, span), Name(parallel.join, span), span, implicit=True)
            table.setdefault(node_id, []).append(join)
    return table


def _main_loop_reference(facts: FailureFacts) -> frozenset[str]:
    workflow = facts.workflow

    def successors(node_id: str) -> Iterator[str]:
        parallel = facts.parallels.get(node_id)
        if parallel is not None and parallel.join:
            branches = {m.value for m in parallel.branches}
            for edge in facts.edges_from(node_id):
                if edge.target.value not in branches or edge.conditional:
                    yield edge.target.value
        else:
            for edge in facts.edges_from(node_id):
                yield edge.target.value
        node = workflow.node(node_id)
        if node is not None:
            for key in ("retry_target", *NODE_FALLBACKS):
                value = node.value(key).strip()
                if value:
                    yield value

    ids = workflow.node_map
    if workflow.start not in ids:
        return frozenset()
    seeds = [workflow.start]
    for key in (*GRAPH_FALLBACKS, "restart_target", "retry_target"):
        value = workflow.default_value(key)
        if value in ids:
            seeds.append(value)
    seen = set(seeds)
    queue = deque(seeds)
    while queue:
        for target in successors(queue.popleft()):
            if target in ids and target not in seen:
                seen.add(target)
                queue.append(target)
    return frozenset(seen)


def _fallback_reference(facts: FailureFacts, node: Node) -> tuple[str, str]:
    for key in NODE_FALLBACKS:
        value = node.value(key).strip()
        if value and value in facts.workflow.node_map:
            return value, key
    for key in GRAPH_FALLBACKS:
        value = facts.workflow.default_value(key)
        if value and value in facts.workflow.node_map:
            return value, key
    return "", ""


def _path_reference(facts: FailureFacts, node: Node) -> FailurePath:
    """The failure path as worked out before: every edge's truth listed, the definite route
    found, then the edges before it walked for one that other keys decide."""
    edges = facts.edges_from(node.id)
    if not edges:
        return FailurePath(Route.DEAD_END)
    conditional = [edge.conditional for edge in edges]
    if not any(conditional):
        target, origin = _fallback_reference(facts, node)
        if target:
            return FailurePath(Route.FALLBACK, target=target, origin=origin)
        return FailurePath(Route.STOP)
    truths = [
        facts._truth(edge.condition.raw) if flag and edge.condition is not None else False
        for edge, flag in zip(edges, conditional, strict=True)
    ]
    definite: FailurePath | None = None
    for edge, truth in zip(edges, truths, strict=True):
        if truth is True:
            definite = FailurePath(Route.CONDITION, edge)
            break
    if definite is None and how_it_fails(node, facts.workflow) == YES_NO:
        for edge in edges:
            if routing.routing_key(edge) == "No":
                definite = FailurePath(Route.CONDITION, edge)
                break
    if definite is None:
        plain = [edge for edge in edges if not edge.conditional]
        if not plain:
            definite = FailurePath(Route.NO_MATCH)
        else:
            top = max(routing.weight(edge) for edge in plain)
            best = min(
                (edge for edge in plain if routing.weight(edge) == top),
                key=lambda edge: edge.target.value,
            )
            definite = FailurePath(Route.UNCONDITIONAL, best)
    for edge, truth in zip(edges, truths, strict=True):
        if edge is definite.edge:
            break
        if truth is None:
            return FailurePath(Route.MAYBE, edge, rest=definite)
    return definite


def _runs_reference(facts: FailureFacts) -> list[Node]:
    workflow = facts.workflow
    return [
        node
        for node in workflow.nodes
        if workflow.node(node.id) is node
        and node.id != workflow.exit
        and node.id in facts.main_loop
        and node.id not in facts.branch_of
    ]


def _dc315_reference(context: Context) -> Iterator[Diagnostic]:
    """DC315 as it walked every failure path."""
    workflow = context.workflow
    facts = context.failure
    hub = failure_routing._failure_handler(context)
    graph_target, graph_key = facts.graph_fallback()
    for node_id, found in facts.paths.items():
        node = workflow.node_map[node_id]
        own = facts.fallback(node)[0] if node.value("fallback_target").strip() else ""
        answer_no = failure_routing._unreachable_no(context, node, found)
        if answer_no is not None:
            yield answer_no
        elif found.route is Route.STOP and hub:
            yield failure_routing._unrouted(context, node, hub, facts.handlers[hub])
        elif found.route is Route.NO_MATCH and (hub or graph_target or own):
            expected = own or graph_target or hub
            yield failure_routing._no_match(
                context, node, expected, graph_key if expected == graph_target else ""
            )
    if not graph_target and not any(found.routed for found in facts.paths.values()):
        yield from failure_routing._nothing_routed(context)


def _dc318_handler_reference(context: Context) -> str | None:
    """The failure handler DC318 names, as it listed every candidate first."""
    workflow, facts, exit_id = context.workflow, context.failure, context.workflow.exit
    handlers = [
        target
        for target in facts.handlers
        if target != exit_id
        and target in workflow.node_map
        and facts.edges_from(target)
        and all(edge.target.value == exit_id for edge in facts.edges_from(target))
    ]
    return handlers[0] if handlers else None


def _dc332_reference(context: Context) -> Iterator[Diagnostic]:
    """DC332 with its former order of tests."""
    workflow, guards = context.workflow, context.guards
    seen: dict[int, list[str]] = {}
    for node in workflow.nodes:
        edges = workflow.edges_from(node.id)
        if not edges or not all(edge.conditional for edge in edges):
            continue
        if workflow.node(node.id) is not node:
            continue
        statuses = runtime.outcomes(node, workflow)
        if len(statuses) == 1 and runtime.success_only(node, workflow):
            continue
        tested = [
            value
            for edge in edges
            if edge.condition is not None and edge.condition.expr is not None
            for value in outcomes._outcome_values(guards, edge.condition.expr, seen)
        ]
        impossible = [value for value in dict.fromkeys(tested) if value not in statuses]
        if not impossible:
            continue
        routes = outcomes._routes_on_outcome_only(context, node, edges)
        if routes is None:
            continue
        if workflow.format == "dip" and not guards.safe_router(node.id):
            continue
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


def _keys(found: Iterator[Diagnostic]) -> list[tuple[object, ...]]:
    return [
        (item.code, item.span.start, item.span.end, item.message, item.related, item.severity)
        for item in found
    ]


# -- properties --------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_the_handler_look_up_answers_as_the_rules_do(text: str) -> None:
    workflow = _load(text)
    for node in workflow.nodes:
        assert runtime.handler_of(node, workflow) is runtime._handler(node, workflow)
    stranger = _load(text.replace("workflow W", "workflow V")).nodes[0]  # not in the table
    assert runtime.handler_of(stranger, workflow) is runtime._handler(stranger, workflow)


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_the_failure_facts_match_the_direct_way(text: str) -> None:
    workflow = _load(text)
    facts = FailureFacts(workflow)
    expected_edges = _edges_reference(facts)
    assert set(facts._edges) == set(expected_edges)
    for node_id, edges in expected_edges.items():
        assert list(facts.edges_from(node_id)) == edges
    assert facts.main_loop == _main_loop_reference(facts)
    runs = _runs_reference(facts)
    assert facts.dead_ends == tuple(node for node in runs if not facts.edges_from(node.id))
    assert facts.paths == {
        node.id: _path_reference(facts, node) for node in runs if how_it_fails(node, workflow)
    }
    for node in workflow.nodes:
        assert facts.fallback(node) == _fallback_reference(facts, node)
        assert FailureFacts(workflow).path(node) == _path_reference(facts, node)


def test_a_condition_that_holds_after_an_undecided_one_is_a_maybe() -> None:
    workflow = _load(
        "workflow W\n  start: A\n  exit: C\n  agent A\n    prompt: a\n  agent B\n"
        "    prompt: b\n  agent C\n  edges\n    A -> B  when ctx.verdict = yes\n"
        "    A -> C  when ctx.outcome = fail\n    A -> B  when ctx.outcome = fail\n"
        "    B -> C\n"
    )
    facts = FailureFacts(workflow)
    found = facts.paths["A"]
    assert found.route is Route.MAYBE and found.edge is not None
    assert found.edge.target.value == "B"
    assert found.rest is not None and found.rest.route is Route.CONDITION
    assert found.rest.edge is not None and found.rest.edge.target.value == "C"
    assert found == _path_reference(facts, workflow.node_map["A"])


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_the_failure_rules_report_as_the_direct_way_did(text: str) -> None:
    workflow = _load(text)
    assert _keys(failure_routing.unrouted_failure(Context(workflow))) == _keys(
        _dc315_reference(Context(workflow))
    )
    context = Context(workflow)
    expected = _dc318_handler_reference(context)
    found = _keys(failure_routing.failure_fallback_skips_handler(context))
    if expected is None or workflow.exit not in workflow.node_map:
        assert found == []
    else:
        assert all(f"skipping `{expected}`," in str(item[3]) for item in found)
    assert _keys(outcomes.unmatched_outcome(Context(workflow))) == _keys(
        _dc332_reference(Context(workflow))
    )


def _gated_reference(context: Context) -> dict[str, list[tuple[Node, object]]]:
    gates: dict[str, list[tuple[Node, object]]] = {}
    for node in context.workflow.nodes:
        gate = node.get("goal_gate")
        parallel = context.flow.branch_of.get(node.id)
        if gate is None or parallel is None or gate.text.strip().lower() not in outcomes.TRUE_WORDS:
            continue
        gates.setdefault(parallel, []).append((node, gate))
    return gates


def _into_branches_reference(context: Context) -> list[tuple[str, str]]:
    """(field as written, branch) of each field DC319 reports as sending the run into a
    branch, read from every node as before."""
    workflow, facts = context.workflow, context.failure
    places = [
        item
        for key in ("on_failure", "fallback_target", "fallback_retry_target", "restart_target")
        if (item := workflow.default(key)) is not None
    ]
    for node in workflow.nodes:
        if node.id not in facts.main_loop or node.id in facts.branch_of:
            continue
        places += [
            item for key in ("retry_target", *NODE_FALLBACKS) if (item := node.get(key)) is not None
        ]
    return [
        (item.span.text.strip(), item.text.strip())
        for item in places
        if item.text.strip() in facts.branch_of
    ]


@settings(max_examples=300, deadline=None)
@given(workflows(), st.booleans())
def test_the_branch_rules_and_entries_read_as_before(text: str, gate: bool) -> None:
    if gate:
        text = text.replace("    max_retries: 2", "    goal_gate: true")
    workflow = _load(text)
    context = Context(workflow)
    assert outcomes.gated_branches(context) == _gated_reference(context)
    found = [item.message for item in failure_routing._targets_into_branches(Context(workflow))]
    expected = _into_branches_reference(Context(workflow))
    assert len(found) == len(expected)
    for message, (written, branch) in zip(found, expected, strict=True):
        assert message.startswith(f"`{written}` of ") and f"`{branch}`, a branch" in message
    for node in workflow.nodes:
        for item in node.fields:
            assert runtime.entries(item, workflow) == list_items(item.value)
            assert runtime.entries(item, workflow) is runtime.entries(item, workflow)
