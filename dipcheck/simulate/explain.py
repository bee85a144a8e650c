"""Why an edge won or lost, in words that cite the runtime's rules (docs/runtime/conditions.md,
docs/runtime/edge-selection.md#choosing-an-edge), and the comparisons each condition makes (its
operands and literals).

A condition is read the way the configured runtime reads it: up to v0.64 by tracker's own
split (``||``, ``&&``, first operator of its priority list, tracker#647), later by dippin's
grammar.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from dipcheck import conditions
from dipcheck.analysis import routing
from dipcheck.model import Edge
from dipcheck.records import record
from dipcheck.references import placeholders
from dipcheck.simulate.expand import expand
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.trace import Rejected
from dipcheck.target import TargetVersion

_STEP = {
    "condition": "docs/runtime/edge-selection.md#conditions",
    "label": "docs/runtime/edge-selection.md#preferred-label",
    "suggested": "docs/runtime/edge-selection.md#suggested-nodes",
    "weight": "docs/runtime/edge-selection.md#weight",
    "lexical": "docs/runtime/edge-selection.md#weight",
}


@record(frozen=True, slots=True)
class Comparison:
    """One clause: ``left op right`` (``right`` is the literal, ``negated`` a leading not)."""

    left: str
    op: str
    right: str
    negated: bool = False


def bare(key: str) -> str:
    """A left operand without its ``ctx.``/``context.`` prefix (the key it usually reads)."""
    for prefix in ("ctx.", "context."):
        if key.startswith(prefix):
            return key[len(prefix) :]
    return key


@lru_cache(maxsize=4096)
def comparisons(text: str, splits_keywords: bool) -> tuple[Comparison, ...]:
    """The clauses of a runtime condition text; malformed clauses are skipped."""
    if not text.strip():
        return ()
    found: list[Comparison] = []
    if splits_keywords:
        parsed = conditions.parse(text)
        if parsed.expr is not None:
            _walk(parsed.expr, found)
        return tuple(found)
    try:
        branches = routing.split_condition(text)
    except routing.ConditionError:
        return ()
    for branch in branches:
        for clause_text in branch:
            try:
                clause = routing.parse_clause(clause_text)
            except routing.ConditionError:
                continue
            found.append(
                Comparison(clause.left, clause.op, clause.right, bool(clause.negations % 2))
            )
    return tuple(found)


def _walk(expr: conditions.Expr, found: list[Comparison]) -> None:
    if isinstance(expr, conditions.Compare):
        op = f"not {expr.op}" if expr.negated else expr.op
        found.append(Comparison(expr.left.text, op, expr.right_text))
    elif isinstance(expr, conditions.Not | conditions.Group):
        _walk(expr.expr, found)
    else:
        for item in expr.items:
            _walk(item, found)


def edge_comparisons(graph: RunGraph, edge: Edge, target: TargetVersion) -> tuple[Comparison, ...]:
    return comparisons(graph.condition_text(edge), target.splits_condition_keywords)


def operand_keys(graph: RunGraph, node_id: str, target: TargetVersion) -> tuple[str, ...]:
    """The left operands of the conditions on ``node_id``'s edges (computed once)."""
    cache = graph.memo.setdefault("operand_keys", {})
    found = cache.get((node_id, target))
    if found is None:
        found = cache[(node_id, target)] = _operand_keys(graph, node_id, target)
    return found


def read_keys(graph: RunGraph, node_id: str, target: TargetVersion) -> tuple[str, ...]:
    """Every context key the conditions on ``node_id``'s edges can look up: each operand as
    written and without its ``ctx.``/``context.`` prefix (§5.2 ``resolveVariable``), and each
    key the text interpolates before it is evaluated (``${ctx.K}``, ``${inputs.K}``)."""
    cache = graph.memo.setdefault("read_keys", {})
    found = cache.get((node_id, target))
    if found is None:
        keys: dict[str, None] = {}
        for key in operand_keys(graph, node_id, target):
            keys[key] = keys[bare(key)] = None
        for edge in graph.edges_from(node_id):
            for item in placeholders(graph.condition_text(edge)):
                namespace, _, key = item.inner.partition(".")
                if namespace == "ctx" and key:
                    keys[key] = None
                elif namespace == "inputs" and key:
                    keys[f"inputs.{key}"] = None
        found = cache[(node_id, target)] = tuple(keys)
    return found


def _operand_keys(graph: RunGraph, node_id: str, target: TargetVersion) -> tuple[str, ...]:
    keys: list[str] = []
    for edge in graph.edges_from(node_id):
        for item in edge_comparisons(graph, edge, target):
            if item.left not in keys:
                keys.append(item.left)
    return tuple(keys)


def _shown(text: str) -> str:
    return f"`{text}`"


def values_of(graph: RunGraph, edge: Edge, ctx: Mapping[str, str], target: TargetVersion) -> str:
    """``ctx.outcome is "success"`` for each operand the condition compares."""
    parts: list[str] = []
    for item in edge_comparisons(graph, edge, target):
        value, found = routing.resolve(item.left, ctx.get)
        shown = f"{item.left} is {value!r}" if found else f"{item.left} is not set (empty)"
        if shown not in parts:
            parts.append(shown)
    return ", ".join(parts)


def condition_display(graph: RunGraph, edge: Edge, ctx: Mapping[str, str]) -> str:
    text = graph.condition_text(edge)
    expanded = expand(text, ctx, graph.graph_values)
    return _shown(expanded) if expanded == text else f"{_shown(text)} (expanded: {expanded!r})"


def rejected(
    edges: tuple[Edge, ...], graph: RunGraph, ctx: Mapping[str, str], target: TargetVersion
) -> tuple[Rejected, ...]:
    result: list[Rejected] = []
    for edge in edges:
        values = values_of(graph, edge, ctx, target)
        detail = f" ({values})" if values else ""
        result.append(
            Rejected(
                edge,
                f"{edge.source.value} -> {edge.target.value}: "
                f"{condition_display(graph, edge, ctx)} is false{detail}",
            )
        )
    return tuple(result)


def why(
    selection: routing.Selection,
    reason: str,
    graph: RunGraph,
    ctx: Mapping[str, str],
    target: TargetVersion,
) -> str:
    edge = selection.edge
    assert edge is not None
    cite = _STEP[reason]
    if reason == "condition":
        values = values_of(graph, edge, ctx, target)
        detail = f" ({values})" if values else ""
        return f"condition {condition_display(graph, edge, ctx)} is true{detail} ({cite})"
    if reason == "label":
        preferred = ctx.get("preferred_label", "")
        key = "choice" if edge.choice else "label" if edge.label else "target id"
        return f"preferred label {preferred!r} matches this edge's {key} ({cite})"
    if reason == "suggested":
        return (
            f"the handler suggested {edge.target.value} (suggested_next_nodes) and no condition "
            f"or label chose first ({cite})"
        )
    plain = [item for item in graph.edges_from(edge.source.value) if not item.conditional]
    if reason == "lexical":
        return (
            f"{len(plain)} unconditional edges share the highest weight: the lexically smallest "
            f"target {edge.target.value} wins ({cite})"
        )
    if len(plain) == 1:
        return f"the only unconditional edge ({cite})"
    return f"the highest weight ({routing.weight(edge)}) among unconditional edges ({cite})"
