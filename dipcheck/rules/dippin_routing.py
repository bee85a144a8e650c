"""dippin's routing lints: DIP101, DIP102, DIP103, DIP105, DIP149, DIP151, DIP152 and DIP153.

The triggers are upstream's (dippin-language.md §2.4); the shared "safe router" test lives in
:mod:`dipcheck.analysis.guards`. Where upstream is vague or wrong about what tracker does,
the rule says so in its documentation (DIP103, DIP105, DIP151).
"""

from __future__ import annotations

import heapq
import re
from collections import deque
from collections.abc import Iterable, Iterator

from dipcheck.analysis.guards import Literal
from dipcheck.analysis.routing import by_weight
from dipcheck.diagnostics import Diagnostic, Fix, Related, Severity, delete_lines, delete_spaced
from dipcheck.model import Edge, NodeKind, implied_by_lists, repeats_a_list
from dipcheck.rules.context import Context
from dipcheck.rules.registry import declare, rule

LiteralKey = tuple[str, str, tuple[str, ...], bool]
# DIP103 compares at most this many pairs of edges per node (thousands of edges that all test
# one comparison would be millions of pairs); a hand-written router has a few edges.
_PAIR_BUDGET = 20_000

DIP_ONLY = ("dip",)


def arrow(edge: Edge) -> str:
    return f"{edge.source.value} -> {edge.target.value}"


@rule(
    "DIP101",
    "conditional-only-entry",
    Severity.WARNING,
    summary="A node is entered only through conditional edges from a node that may match none.",
    rationale=(
        "When every edge into a node is conditional and one of its sources is not a safe "
        "router, the node runs only if that condition happens to hold. A safe router is a "
        "node whose conditions cover every case (both outcomes `success` and `fail`; two or "
        "more equalities on one variable; a pair `X op V` / `not X op V`), that has an "
        "unconditional edge, that is a `marker_grep` tool, or that an `else ->` covers. "
        "Implicit fork/join edges are not counted. (tracker ignores `else ->`, see DC309.)"
    ),
    example="edges\n  Check -> Deploy when ctx.tool_stdout contains ready\n  Check -> Wait when "
    "ctx.tool_stdout contains pending",
    fix="Give the source an unconditional fallback edge, or make its conditions cover every "
    "case (e.g. add the `fail` route).",
    formats=("dip", "dot"),
)
def conditional_only_entry(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    guards = context.guards
    start = workflow.start
    for node in workflow.nodes:
        if node.id == start or workflow.node(node.id) is not node:
            continue
        incoming = [edge for edge in workflow.edges_to(node.id) if not edge.implicit]
        if not incoming or not all(edge.conditional for edge in incoming):
            continue
        unsafe = [edge for edge in incoming if not guards.safe_router(edge.source.value)]
        if not unsafe:
            continue
        sources = ", ".join(dict.fromkeys(f"`{edge.source.value}`" for edge in unsafe))
        yield context.finding(
            "DIP101",
            node.id_span,
            f"node `{node.id}` is entered only through conditional edges, and {sources} may "
            "match none of its conditions (no unconditional edge, conditions that do not "
            "cover every case)",
            related=tuple(Related(edge.span, "conditional edge into the node") for edge in unsafe),
        )


@rule(
    "DIP102",
    "no-default-edge",
    Severity.WARNING,
    summary="A node routes only through conditional edges that may all be false.",
    rationale=(
        "tracker evaluates a node's conditions in order; when none holds and the node has no "
        "unconditional edge, edge selection fails with `no matching edges` and the run ends "
        "(docs/runtime/edge-selection.md#choosing-an-edge). Exhaustive conditions (see DIP101), a "
        "`marker_grep` tool "
        "and an `else ->` (dippin only; tracker ignores it) are not reported."
    ),
    example="edges\n  Review -> Ship when ctx.verdict = approved\n  Review -> Fix when "
    "ctx.verdict contains changes",
    fix="Add an unconditional fallback edge (`Review -> Escalate`) or cover every case.",
    formats=("dip", "dot"),
)
def no_default_edge(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    guards = context.guards
    for node in workflow.nodes:
        if workflow.node(node.id) is not node:
            continue
        edges = guards.edges_from(node.id)
        if not any(edge.conditional for edge in edges) or guards.safe_router(node.id):
            continue
        yield context.finding(
            "DIP102",
            node.id_span,
            f"node `{node.id}` has only conditional edges and they do not cover every case: "
            "when none holds, tracker stops the run with `no matching edges`",
            related=tuple(Related(edge.span, f"edge {arrow(edge)}") for edge in edges),
        )


@rule(
    "DIP103",
    "overlapping-condition",
    Severity.WARNING,
    summary="Two edges from one node test the same comparison and can both hold.",
    rationale=(
        "Conditions are tried in declaration order and the first that holds wins, so the "
        "later edge is taken only when the earlier one is false. dippin flags any comparison "
        "that repeats on a later edge; dipcheck also requires that both conditions can hold "
        "at once, so `a = 1 and b = 2` next to `a = 1 and b = 3` (never both true) is not "
        "reported."
    ),
    example="edges\n  Check -> Ship when ctx.status = green\n  Check -> Audit when ctx.status = "
    "green and ctx.audit = yes",
    fix="Make the conditions disjoint, or order the more specific edge first.",
    formats=("dip", "dot"),
)
def overlapping_condition(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    guards = context.guards
    for source in dict.fromkeys(edge.source.value for edge in workflow.edges):
        edges = workflow.edges_from(source)
        if len(edges) < 2:
            continue  # (most nodes) no earlier edge to repeat
        seen: list[tuple[Edge, dict[LiteralKey, Literal]]] = []
        having: dict[LiteralKey, list[int]] = {}  # literal → the earlier edges that test it
        budget = _PAIR_BUDGET
        for edge in edges:
            condition = edge.condition
            if condition is None or condition.expr is None or not edge.conditional:
                continue
            own = guards.literals(condition.expr)
            # only earlier edges that test one of this edge's comparisons can repeat it, in
            # declaration order: each key's list is in that order already, and merging them
            # lazily costs only the pairs compared (building the whole set was quadratic when
            # 20,000 edges from one node test the same key)
            runs = [having[item.key] for item in own if item.key in having]
            # (most edges) no earlier edge tests any of its comparisons, or one run: no merge
            candidates: Iterable[int] = (
                heapq.merge(*runs) if len(runs) > 1 else runs[0] if runs else ()
            )
            reported = False
            previous = -1
            for index in candidates:
                if index == previous:
                    continue  # tested through two of its comparisons
                previous = index
                earlier, keys = seen[index]
                if reported or budget <= 0:
                    break
                budget -= 1
                assert earlier.condition is not None and earlier.condition.expr is not None
                repeated = next((item for item in own if item.key in keys), None)
                if repeated is None or not guards.may_overlap(
                    earlier.condition.expr, condition.expr
                ):
                    continue
                first = keys[repeated.key]
                text = condition.raw[repeated.compare.start : repeated.compare.end]
                yield context.finding(
                    "DIP103",
                    condition.locate(repeated.compare.start, repeated.compare.end),
                    f"edge {arrow(edge)} tests `{text}` again: edge {arrow(earlier)} "
                    "tests it first and wins whenever both conditions hold",
                    related=(
                        Related(
                            earlier.condition.locate(first.compare.start, first.compare.end),
                            f"first tested on edge {arrow(earlier)}",
                        ),
                    ),
                )
                reported = True
            keys = {item.key: item for item in own}  # (the last of a repeated comparison)
            for key in keys:
                having.setdefault(key, []).append(len(seen))
            seen.append((edge, keys))


@rule(
    "DIP105",
    "exit-only-through-back-edges",
    Severity.WARNING,
    summary="The exit node is reachable from the start only through a back edge.",
    rationale=(
        "dippin walks every edge except back edges (`loop`, `restart: true`), conditional "
        "ones included, plus the implicit fork/join edges and the `else ->` target. When the "
        "exit is not reached that way, every run must restart a loop to finish. (dippin's "
        "documentation says it checks for a path of unconditional edges; it does not.) An "
        "exit that no edge reaches at all is DIP004."
    ),
    example="edges\n  Start -> Work\n  Work -> Done  loop",
    fix="Add a forward edge towards the exit, or drop the `loop` mark from an edge that is "
    "not a return.",
    formats=("dip", "dot"),
)
def exit_through_back_edges(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    start, end = workflow.start, workflow.exit
    ids = context.graph.ids
    if start not in ids or end not in ids:
        return
    if end not in context.graph.reachable({start}):
        return  # not reachable at all: DIP004
    table: dict[str, list[str]] = {}
    for edge in workflow.edges:
        if not edge.is_back_edge:
            table.setdefault(edge.source.value, []).append(edge.target.value)
    seeds = {start}
    if workflow.else_target is not None:
        seeds.add(workflow.else_target.value)
    seen, queue = set(seeds), deque(seeds)
    while queue:
        for target in table.get(queue.popleft(), ()):
            if target not in seen:
                seen.add(target)
                queue.append(target)
    if end in seen:
        return
    exit_field = workflow.header_field("exit")
    assert exit_field is not None
    yield context.finding(
        "DIP105",
        exit_field.value_span,
        f"the exit node `{end}` is reachable from `{start}` only through back edges "
        "(`loop`/`restart: true`): no forward path leads to it",
    )


def _unconditional(context: Context, node_id: str) -> list[Edge]:
    return [
        edge
        for edge in context.guards.edges_from(node_id)
        if not edge.conditional and not edge.is_back_edge
    ]


@rule(
    "DIP149",
    "ambiguous-routing",
    Severity.WARNING,
    summary="A node has two or more unconditional edges.",
    rationale=(
        "Only one edge is taken. tracker picks among unconditional edges by `weight`, then "
        "the lexically smallest target (docs/runtime/edge-selection.md#choosing-an-edge), which is "
        "rarely what the "
        "author meant; dippin's simulator takes the first. `parallel` and `human` nodes are "
        "exempt (their edges are branches and choices), and so are nodes that only run as a "
        "parallel branch, whose edges tracker never follows (DC337)."
    ),
    example="edges\n  Plan -> Implement\n  Plan -> Review",
    fix="Put a condition on all but one edge, or fork with a `parallel` node.",
    formats=("dip", "dot"),
)
def ambiguous_routing(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    branch_only = context.failure.branch_only
    for node in workflow.nodes:
        if node.kind in (NodeKind.PARALLEL, NodeKind.HUMAN) or workflow.node(node.id) is not node:
            continue
        edges = _unconditional(context, node.id)
        if len(edges) < 2 or node.id in branch_only:
            continue
        chosen = by_weight(edges)
        targets = ", ".join(f"`{edge.target.value}`" for edge in edges)
        yield context.finding(
            "DIP149",
            edges[1].span,
            f"node `{node.id}` has {len(edges)} unconditional edges (to {targets}); only one "
            f"is taken: tracker takes `{chosen.target.value}` (highest weight, then the "
            "lexically smallest target)",
            related=tuple(
                Related(edge.span, "another unconditional edge")
                for edge in edges
                if edge != edges[1]
            ),
        )


@rule(
    "DIP151",
    "unused-weight",
    Severity.HINT,
    summary="An edge `weight:` that changes nothing.",
    rationale=(
        "dippin calls `weight` unused (and drops it in dip 2). tracker does use it, but only "
        "to choose among two or more unconditional edges of one node "
        "(docs/runtime/edge-selection.md#choosing-an-edge). dipcheck reports a weight exactly when "
        "it has no effect: on a conditional "
        "edge, or on a node's only unconditional edge. Removing it is a safe fix."
    ),
    example='edges\n  Review -> Done  when ctx.outcome = success  label: "ok"  weight: 2',
    fix="Remove `weight:` (a safe automatic fix is offered).",
    formats=DIP_ONLY,
    fix_availability="always",
    enabled=False,
)
def unused_weight(context: Context) -> Iterator[Diagnostic]:
    for edge in context.workflow.edges:
        attr = edge.attr("weight")
        if attr is None or attr.value is None or attr.value.value.strip() in ("0", "+0", "-0"):
            continue
        if not edge.conditional and len(_unconditional(context, edge.source.value)) >= 2:
            continue  # the weight breaks a tie in tracker
        why = (
            "the edge is conditional, and tracker weighs only unconditional edges"
            if edge.conditional
            else f"it is the only unconditional edge of `{edge.source.value}`"
        )
        yield context.finding(
            "DIP151",
            attr.span,
            f"`{attr.span.text}` on edge {arrow(edge)} has no effect: {why}",
            fix=Fix(f"remove `{attr.span.text}`", (delete_spaced(attr.span),)),
        )


declare(
    "DIP138",
    "stdout-routing-without-markers",
    Severity.WARNING,
    summary="Reserved by dippin (a tool that routes on stdout without marker_grep or "
    "outputs); never reported.",
    rationale=(
        "dippin assigns the code and documents it but has no check behind it, in the fork "
        "and upstream alike. dipcheck keeps the number reserved so that it keeps its meaning; "
        "TRK101 reports the stdout-routing hazard tracker itself warns about."
    ),
    example="tool Check\n  command: ./check\nedges\n  Check -> Ship when ctx.tool_stdout = ok",
    fix="Nothing to fix: the code is never reported.",
    formats=DIP_ONLY,
    enabled=False,
)


_MARKER_SPECIALS = set(".*+?[]{}()|\\^$")
_GROUP = re.compile(r"^\((.*)\)$")


def enumerable_markers(pattern: str) -> list[str] | None:
    """The markers a ``marker_grep`` can produce when dippin can list them: one literal, or
    one group of literal alternatives spanning the whole pattern (``^``/``$`` allowed)."""
    text = pattern.strip()
    text = text[1:] if text.startswith("^") else text
    text = text[:-1] if text.endswith("$") else text
    group = _GROUP.match(text)
    branches = group.group(1).split("|") if group else [text]
    if any(not item or _MARKER_SPECIALS & set(item) for item in branches):
        return None
    return branches


@rule(
    "DIP152",
    "unrouted-marker",
    Severity.WARNING,
    summary="A `marker_grep` tool can emit a marker that no edge routes.",
    rationale=(
        "When the marker's pattern lists its values (one literal, or `(a|b|c)` spanning the "
        "pattern), each should have an edge on `ctx.tool_marker` (`on a`). Otherwise that "
        "value matches no condition and, without a fallback, tracker stops the run with "
        "`no matching edges`. An unconditional or non-marker edge (or `else ->`) covers the "
        "rest. Patterns dippin cannot enumerate are not checked."
    ),
    example="tool Probe\n  marker_grep: ^(ready|missing|broken)$\nedges\n  Probe -> Go  on "
    "ready\n  Probe -> Setup  on missing",
    fix="Add an edge for each listed marker (`Probe -> Repair  on broken`) or a fallback edge.",
    formats=("dip", "dot"),
)
def unrouted_marker(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    exit_id = workflow.exit
    for node in workflow.nodes:
        grep = node.get("marker_grep")
        if node.kind is not NodeKind.TOOL or grep is None or node.id == exit_id:
            continue
        markers = enumerable_markers(grep.text)
        if markers is None:
            continue
        edges = context.guards.edges_from(node.id)
        routed: set[str] = set()
        covered = False
        for edge in edges:
            found = context.guards.single(edge) if edge.conditional else None
            if found is not None and found.is_equality and found.variable == "tool_marker":
                routed.add(found.values[0])
            else:
                covered = True
        if workflow.else_target is not None and edges:
            covered = True
        missing = sorted(set(markers) - routed)
        if covered or not missing:
            continue
        listed = ", ".join(f"`{item}`" for item in missing)
        yield context.finding(
            "DIP152",
            grep.value_span,
            f"tool `{node.id}` can set tool_marker to {listed} but no edge routes "
            f"{'it' if len(missing) == 1 else 'them'} (add `on {missing[0]}` edges or a "
            "fallback edge)",
        )


@rule(
    "DIP153",
    "redundant-fan-edge",
    Severity.HINT,
    summary="An explicit edge that repeats an edge a `parallel` or `fan_in` list already implies.",
    rationale=(
        "`parallel P -> A, B` creates P→A and P→B, and `fan_in J <- A, B` creates A→J and "
        "B→J. Writing them again in `edges` changes nothing (dip 2 rejects it, `dippin fmt` "
        "deletes it). An edge with a condition, label, choice, weight, override or back-edge "
        "mark is real routing and is not reported."
    ),
    example="parallel Fork -> A, B\nfan_in Join <- A, B\nedges\n  Fork -> A\n  A -> Join",
    fix="Delete the edge (a safe automatic fix is offered).",
    formats=DIP_ONLY,
    fix_availability="always",
    enabled=False,
)
def redundant_fan_edge(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.version >= 2:
        return  # (a refusal in dip 2: the front-end's DC001)
    implied = implied_by_lists(workflow.nodes)
    for edge in workflow.edges:
        owner = repeats_a_list(edge, implied)
        if owner is None:
            continue
        yield context.finding(
            "DIP153",
            edge.span,
            f"edge {arrow(edge)} is already implied by {owner}; the explicit copy is redundant",
            fix=Fix(f"delete the edge {arrow(edge)}", (delete_lines(edge.span),)),
        )
