"""dippin's human-gate lints: DIP127, DIP128, DIP129 and DIP150
(docs/runtime/edge-selection.md#choosing-an-edge says
what each mode does with labels, defaults and answers)."""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.diagnostics import Diagnostic, Edit, Fix, Severity
from dipcheck.model import Node, NodeKind
from dipcheck.rules.context import Context
from dipcheck.rules.dippin_routing import arrow
from dipcheck.rules.registry import rule
from dipcheck.source import Span
from dipcheck.suggest import suggestion_fix

MODES = ("choice", "freeform", "interview", "yes_no")


def _gates(context: Context) -> Iterator[tuple[Node, str]]:
    for node in context.workflow.nodes:
        if node.kind is NodeKind.HUMAN:
            yield node, node.value("mode").strip()


@rule(
    "DIP127",
    "invalid-human-mode",
    Severity.WARNING,
    summary="A human gate's `mode` is not choice, freeform, interview or yes_no.",
    rationale=(
        "The mode decides what the gate asks and how its answer routes; tracker does not "
        "know any other mode, so the gate does not behave as written."
    ),
    example="human Approve\n  mode: multiple_choice",
    fix="Use choice (the default), freeform, interview or yes_no.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def invalid_mode(context: Context) -> Iterator[Diagnostic]:
    for node, mode in _gates(context):
        if not mode or mode in MODES:
            continue
        item = node.get("mode")
        assert item is not None
        hint, fix = suggestion_fix(mode, MODES, item.value_span)
        yield context.finding(
            "DIP127",
            item.value_span,
            f"human gate `{node.id}` has mode `{mode}`; the modes are {', '.join(MODES)}{hint}",
            fix=fix,
        )


@rule(
    "DIP128",
    "interview-with-default",
    Severity.WARNING,
    summary="An interview gate with a `default:`.",
    rationale=(
        "An interview asks its questions and records the answers; it has no single answer a "
        "default could stand for, so `default:` is ignored."
    ),
    example="human Intake\n  mode: interview\n  default: skip",
    fix="Remove `default:`, or use `mode: choice` if the gate picks a route.",
    formats=("dip", "dot"),
)
def interview_default(context: Context) -> Iterator[Diagnostic]:
    for node, mode in _gates(context):
        item = node.get("default")
        if mode != "interview" or item is None or not item.text.strip():
            continue
        yield context.finding(
            "DIP128",
            item.span,
            f"interview gate `{node.id}` has `default: {item.text.strip()}`, which an "
            "interview never uses",
        )


@rule(
    "DIP129",
    "interview-with-labels",
    Severity.WARNING,
    summary="An interview gate with more than one labeled outgoing edge.",
    rationale=(
        "An interview answers with `success` (or `fail` when cancelled) and sets no preferred "
        "label (docs/runtime/edge-selection.md#choosing-an-edge), so labels on its edges never "
        "pick a route: the "
        "engine falls back to weight and the lexically smallest target."
    ),
    example='human Intake\n  mode: interview\nedges\n  Intake -> Plan  label: "go"\n  Intake '
    '-> Stop  label: "stop"',
    fix="Route on `ctx.outcome`, or make the gate `mode: choice`.",
    formats=("dip", "dot"),
)
def interview_labels(context: Context) -> Iterator[Diagnostic]:
    for node, mode in _gates(context):
        if mode != "interview":
            continue
        labeled = [
            edge
            for edge in context.workflow.edges_from(node.id)
            if not edge.implicit and edge.label.strip()
        ]
        if len(labeled) < 2:
            continue
        for edge in labeled:
            attr = edge.attr("label")
            assert attr is not None
            yield context.finding(
                "DIP129",
                attr.span,
                f"label on edge {arrow(edge)} never routes: interview gate `{node.id}` sets "
                f"no preferred label ({len(labeled)} of its edges are labeled)",
            )


@rule(
    "DIP150",
    "label-routing-without-choice",
    Severity.HINT,
    summary="A choice gate's edge routes by its display label, without a `choice:` key.",
    rationale=(
        "A choice gate routes by the key of the edge the human picks: `choice:` when present, "
        "else the label. Routing on the display text means rewording a label changes "
        "routing; an explicit `choice:` keeps the two apart. Adding `choice:` with the "
        "label's own text changes nothing at run time, so the fix is safe. dippin also "
        "reports yes_no gates and conditional edges; dipcheck does not: a yes_no gate's "
        "answer is the label `Yes` or `No` itself, which no other key can stand for (DC336 "
        "reports any other), and a condition is tried before any label "
        "(docs/runtime/edge-selection.md#choosing-an-edge)."
    ),
    example='human Approve\n  mode: choice\nedges\n  Approve -> Ship  label: "Ship it"',
    fix='Add `choice:` with a stable key (`choice: "Ship it"` is offered as a safe fix).',
    formats=("dip",),
    fix_availability="always",
    enabled=False,
)
def label_routing(context: Context) -> Iterator[Diagnostic]:
    for node, mode in _gates(context):
        if mode not in ("", "choice"):
            continue
        for edge in context.workflow.edges_from(node.id):
            attr = edge.attr("label")
            if edge.implicit or edge.conditional or attr is None or attr.value is None:
                continue
            if edge.attr("choice"):
                continue
            if not edge.label.strip():
                continue
            written = attr.value.span.text
            end = Span(attr.span.source, attr.span.end, attr.span.end)
            yield context.finding(
                "DIP150",
                attr.span,
                f"edge {arrow(edge)} from human gate `{node.id}` routes by its display label "
                f"{written}; add `choice: {written}` so rewording the label cannot change "
                "routing",
                fix=Fix(f"add `choice: {written}`", (Edit(end, f"  choice: {written}"),)),
            )
