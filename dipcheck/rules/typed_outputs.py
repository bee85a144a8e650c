"""Checks of the typed-outputs DOT engine (seed 003; docs/dot-typed-outputs.md).

The availability rules (DC101-DC104) apply to this dialect through the shared context-flow
analysis, which knows its producers and its clearing ``loop_restart``. What is particular to
the engine is here: ``failure_reason`` exists only after a failed stage (DC110), and a
``choice`` output can only hold the values its declaration lists (DC311).
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck import conditions
from dipcheck.analysis import typed_outputs
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Condition, Edge, Origin, RefKind, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule


def _failure_clause(condition: Condition | None) -> bool:
    """Does the condition only hold after a failure (an `outcome=fail` clause in an `&&`
    chain, or `outcome!=success`)?"""
    if condition is None or condition.expr is None:
        return False
    expr = condition.expr
    items = expr.items if isinstance(expr, conditions.BoolOp) and expr.op == "and" else (expr,)
    for item in items:
        if not isinstance(item, conditions.Compare) or item.negated:
            continue
        key, _ = conditions.variable_key(item.left.text)
        value = item.right_text.strip().lower()
        if key != "outcome":
            continue
        if item.op in ("=", "==") and value in ("fail", "failure"):
            return True
        if item.op == "!=" and value == "success":
            return True
    return False


def _fallback_routes(workflow: Workflow) -> set[str]:
    """Nodes a failure is routed to without an edge (fallback targets)."""
    targets = {node.value("fallback_target").strip() for node in workflow.nodes}
    for key in ("on_failure", "fallback_retry_target"):
        targets.add(workflow.default_value(key))
    targets.discard("")
    return targets


def _non_failure_entry(context: Context, node: str) -> Edge | None:
    """An edge into ``node`` that a run can take without a failure, if any."""
    workflow = context.workflow
    reachable = context.flow.reachable
    for edge in workflow.edges_to(node):
        if edge.source.value not in reachable:
            continue
        if not _failure_clause(edge.condition):
            return edge
    return None


@rule(
    "DC110",
    "failure-reason-outside-failure-path",
    Severity.ERROR,
    summary="`context.failure_reason` read where no failure leads (typed-outputs DOT engine).",
    rationale=(
        "The engine writes `failure_reason` when a stage fails, so a repair prompt reached by a "
        "failure edge can read it (seed 003). A node that can also be reached another way, or "
        "a condition that does not test for a failure, reads a value that is missing or "
        "belongs to an older failure; the engine's validator refuses the read."
    ),
    example=(
        'Build -> Repair [condition="outcome=fail"]\nReview -> Repair\n'
        'Repair [prompt="Fix: {{ context.failure_reason }}"]'
    ),
    fix="Reach the reading node only through edges conditioned on `outcome=fail` (or give the "
    "other route its own node), and test `outcome=fail` in a condition that reads the reason.",
    formats=("dot",),
)
def failure_reason_outside_failure_path(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if not typed_outputs.applies(workflow):
        return
    fallbacks = _fallback_routes(workflow)
    for ref in workflow.references:
        if ref.kind is not RefKind.CTX or ref.key != typed_outputs.FAILURE_REASON:
            continue
        if ref.origin is Origin.CONDITION or ref.attribute == "condition":
            edge = next(
                (
                    item
                    for item in workflow.edges_from(ref.owner)
                    if item.condition is not None and item.condition.span.contains(ref.span.start)
                ),
                None,
            )
            if edge is not None and not _failure_clause(edge.condition):
                yield context.finding(
                    "DC110",
                    ref.span,
                    f"the condition on `{edge.source.value} -> {edge.target.value}` reads "
                    "`failure_reason` without testing `outcome=fail`: after a successful stage "
                    "it is missing (or left from an earlier failure); add `outcome=fail &&`",
                )
            continue
        if ref.owner not in context.flow.reachable:
            continue
        if ref.owner == workflow.start:
            yield context.finding(
                "DC110",
                ref.span,
                f"`{ref.owner}` is the start node: nothing has failed yet when it reads "
                "`failure_reason`",
            )
            continue
        entry = _non_failure_entry(context, ref.owner)
        if entry is None:
            continue
        if not workflow.edges_to(ref.owner) and ref.owner in fallbacks:
            continue
        yield context.finding(
            "DC110",
            ref.span,
            f"`{ref.owner}` reads `failure_reason`, but the edge `{entry.source.value} -> "
            f"{entry.target.value}` reaches it without a failure (its condition does not test "
            "`outcome=fail`), so the value is missing there",
            related=(Related(entry.span, "reaches the node without a failure"),),
        )


def _choices(workflow: Workflow) -> dict[str, list[typed_outputs.Output]]:
    table: dict[str, list[typed_outputs.Output]] = {}
    for node in workflow.nodes:
        for output in typed_outputs.declared_outputs(node):
            if output.kind.value == "choice" and output.values:
                table.setdefault(output.name.value, []).append(output)
    return table


@rule(
    "DC311",
    "undeclared-choice-value",
    Severity.ERROR,
    summary="A condition routes on a `choice` output with a value its declaration does not "
    "allow (typed-outputs DOT engine).",
    rationale=(
        "A `choice` output accepts only the values it declares, `verdict:choice(approve|"
        "revise)`; the engine rejects any other value from the agent. A condition comparing "
        "the output with another value can never hold: a typo, or a value removed from the "
        "declaration, silently disables the route."
    ),
    example=(
        'Review [outputs="verdict:choice(approve|revise)"]\n'
        'Review -> Ship [condition="context.verdict=aprove"]'
    ),
    fix="Use one of the declared values, or add the value to the declaration.",
    formats=("dot",),
)
def undeclared_choice_value(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if not typed_outputs.applies(workflow):
        return
    choices = _choices(workflow)
    if not choices:
        return
    for edge in workflow.edges:
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        for compare in conditions.comparisons(condition.expr):
            key, _ = conditions.variable_key(compare.left.text)
            declared = choices.get(key)
            if not declared or compare.op not in ("=", "==", "!=", "in"):
                continue
            allowed = {value.value for output in declared for value in output.values}
            for operand in compare.right:
                values = operand.value.split(",") if compare.op == "in" else [operand.value]
                for value in values:
                    if value.strip() in allowed:
                        continue
                    names = ", ".join(f"`{item}`" for item in sorted(allowed))
                    yield context.finding(
                        "DC311",
                        condition.locate(operand.start, operand.end),
                        f"`{key}` is a choice of {names}; `{value.strip()}` is not one of "
                        f"them, so this comparison on `{edge.source.value} -> "
                        f"{edge.target.value}` is "
                        + ("always true" if compare.op == "!=" else "never true"),
                        related=tuple(Related(output.span, "declared here") for output in declared),
                    )
