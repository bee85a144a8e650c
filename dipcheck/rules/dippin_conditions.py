"""dippin's lints on the variables and values of edge conditions: DIP120, DIP121, DIP122."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from dipcheck import conditions
from dipcheck.analysis import runtime
from dipcheck.analysis.guards import literal
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Severity
from dipcheck.model import Edge, NodeKind
from dipcheck.references import list_items
from dipcheck.rules.context import Context
from dipcheck.rules.dippin_routing import arrow
from dipcheck.rules.registry import rule
from dipcheck.source import Span

NAMESPACES = frozenset({"ctx", "graph", "params", "stack", "inputs"})
OUTPUT_CHANNELS = frozenset({"tool_stdout", "tool_marker", "tool_route"})


def _compares(edge: Edge) -> Iterator[conditions.Compare]:
    condition = edge.condition
    if condition is not None and condition.expr is not None:
        yield from conditions.comparisons(condition.expr)


@rule(
    "DIP120",
    "condition-variable-namespace",
    Severity.HINT,
    summary="A condition variable without a namespace (`outcome` instead of `ctx.outcome`).",
    rationale=(
        "dippin expects every condition variable under `ctx.`, `graph.`, `params.`, `stack.` "
        "or `inputs.`. tracker looks a bare name up as a context key, so `outcome` still "
        "works, but the bare form hides which namespace is meant and breaks on names that "
        "clash with other namespaces."
    ),
    example="edges\n  Check -> Ship when outcome = success",
    fix="Prefix the variable with `ctx.` (a safe automatic fix is offered).",
    formats=("dip",),
    fix_availability="always",
    enabled=False,
)
def condition_namespace(context: Context) -> Iterator[Diagnostic]:
    for edge in context.workflow.edges:
        condition = edge.condition
        if condition is None or condition.shorthand:
            continue
        for compare in _compares(edge):
            name = compare.left.text
            head, dot, _ = name.partition(".")
            if dot and head in NAMESPACES:
                continue
            key, _ = conditions.variable_key(name)
            span = condition.locate(compare.left.start, compare.left.end)
            yield context.finding(
                "DIP120",
                span,
                f"condition variable `{name}` on edge {arrow(edge)} has no namespace: write "
                f"`ctx.{key}`",
                fix=Fix(f"write `ctx.{key}`", (Edit(span, f"ctx.{key}"),)),
            )


def _reserved(key: str) -> bool:
    return runtime.is_ambient(key) or key.startswith(("status", "stack.", "node."))


@rule(
    "DIP121",
    "condition-variable-not-written",
    Severity.WARNING,
    summary="A condition routes on a key that its source node's `writes:` does not declare.",
    rationale=(
        "When a node declares what it writes, an edge out of it that tests another key "
        "routes on a value some earlier node left behind, usually a stale one. Runtime keys "
        "(`ctx.outcome`, `ctx.tool_stdout` …) and the `graph.`, `params.`, `inputs.`, "
        "`stack.` and `node.` namespaces are not reported. A key that no node writes at all "
        "is DC101/DC102's finding, not this one."
    ),
    example=(
        "agent Triage\n  writes: approval\nagent Review\n  writes: verdict\nedges\n"
        "  Triage -> Review\n  Review -> Ship when ctx.approval = yes"
    ),
    fix="Route on a key the node writes, or add the key to its `writes:`.",
    formats=("dip", "dot"),
)
def condition_not_written(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    written = context.flow.producers
    declared: dict[str, set[str]] = {}  # source node → the keys its `writes:` lists
    # condition (a workflow's identical conditions share one parse) → the comparisons that
    # test a key some node writes, other than the runtime's
    tested: dict[int, list[tuple[conditions.Compare, str]]] = {}
    for edge in workflow.edges:
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        found = tested.get(id(condition.expr))
        if found is None:
            found = tested[id(condition.expr)] = _written_keys(condition.expr, written)
        if not found:
            continue
        node = workflow.node(edge.source.value)
        writes = node.get("writes") if node is not None else None
        if node is None or writes is None:
            continue
        for compare, key in found:
            # read only now: most conditions test runtime keys (`ctx.outcome`), and a node's
            # list is read once for all its edges
            keys = declared.get(node.id)
            if keys is None:
                items = runtime.entries(writes, workflow)
                keys = declared[node.id] = {item.value.removeprefix("ctx.") for item in items}
            if key in keys or not keys:
                continue
            yield context.finding(
                "DIP121",
                condition.locate(compare.left.start, compare.left.end),
                f"edge {arrow(edge)} routes on `{key}`, which `{edge.source.value}` does not "
                f"write (its writes: {', '.join(sorted(keys))}); the value comes from "
                "another node",
            )


def _written_keys(
    expr: conditions.Expr, written: Mapping[str, list[str]]
) -> list[tuple[conditions.Compare, str]]:
    """The comparisons of ``expr`` whose key is in ``written`` (with a producer) and not the
    runtime's, each with its key."""
    result = []
    for compare in conditions.comparisons(expr):
        key, _ = conditions.variable_key(compare.left.text)
        if not _reserved(key) and written.get(key):
            result.append((compare, key))
    return result


def _matches(op: str, value: str, outputs: list[str]) -> bool:
    if op in ("=", "in"):
        return value in outputs
    if op == "contains":
        return any(value in item for item in outputs)
    if op == "startswith":
        return any(item.startswith(value) for item in outputs)
    if op == "endswith":
        return any(item.endswith(value) for item in outputs)
    return True


@rule(
    "DIP122",
    "condition-value-not-in-outputs",
    Severity.WARNING,
    summary="A tool edge tests its output for a value that the tool's `outputs:` does not list.",
    rationale=(
        "`outputs:` lists what a tool prints for routing. A condition on `tool_stdout`, "
        "`tool_marker` or `tool_route` that looks for anything else can never hold, usually "
        "a typo. (dippin checks the values of every comparison on such an edge, even "
        "`ctx.outcome = success`; dipcheck checks only the output channels.)"
    ),
    example="tool Check\n  outputs: pass, fail\nedges\n  Check -> Ship when ctx.tool_stdout = "
    "passed",
    fix="Use one of the listed outputs, or add the value to `outputs:`.",
    formats=("dip",),
)
def value_not_in_outputs(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for edge in workflow.edges:
        node = workflow.node(edge.source.value)
        if node is None or node.kind is not NodeKind.TOOL or edge.condition is None:
            continue
        field = node.get("outputs")
        outputs = [item.value for item in list_items(field.value)] if field is not None else []
        if not outputs:
            continue
        condition = edge.condition
        for compare in _compares(edge):
            found = literal(compare)
            if found.variable not in OUTPUT_CHANNELS:
                continue
            bad = [value for value in found.values if not _matches(found.op, value, outputs)]
            if not bad:
                continue
            span: Span = condition.locate(compare.right[0].start, compare.right[-1].end)
            yield context.finding(
                "DIP122",
                span,
                f"edge {arrow(edge)} tests `{found.variable}` for "
                f"{', '.join(f'`{value}`' for value in bad)}, which tool `{node.id}` does not "
                f"list in `outputs:` ({', '.join(outputs)})",
            )
