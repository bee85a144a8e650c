"""dippin's lints on references and declared keys: DIP106 (prompt placeholders), DIP107 (keys
written and never read), DIP112 (reads with no upstream write; off by default, DC101/DC103/
DC104 own those spans) and the stylesheet lints DIP117 and DIP118."""

from __future__ import annotations

import re
from collections.abc import Iterator

from dipcheck.analysis.markdown import fence_at
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Severity
from dipcheck.model import NodeKind, Origin, Reference, RefKind
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.suggest import closest

PROMPT_ATTRIBUTES = frozenset({"prompt", "prompt_file"})
EXPANDED_NAMESPACES = ("ctx", "graph", "params", "stack")


@rule(
    "DIP106",
    "unknown-prompt-placeholder",
    Severity.WARNING,
    summary="A `${…}` in an agent prompt outside the ctx, graph, params, stack and inputs "
    "namespaces.",
    rationale=(
        "tracker expands `${ctx.K}`, `${graph.K}`, `${params.K}` and `${inputs.K}` in a "
        "prompt. Any other dotted name (`${context.x}`, `${node.X.k}`) silently becomes an "
        "empty string, and a name without a namespace (`${topic}`) stays in the prompt as "
        "literal text (tracker-runtime.md §7). dippin accepts `${node.X.k}`; tracker does "
        "not: write `${ctx.node.X.k}`. A `${ctx.node.X.k}` whose node X does not exist is "
        "DC105's finding; `${inputs.X}` is DIP156's."
    ),
    example="agent Plan\n  prompt: Plan ${topic} using ${context.spec}",
    fix="Use `${ctx.K}` for context keys, `${ctx.node.X.K}` for a node's scoped output.",
    formats=("dip",),
    fix_availability="sometimes",
)
def unknown_placeholder(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for ref in workflow.references:
        node = workflow.node(ref.owner)
        if node is None or node.kind is not NodeKind.AGENT:
            continue
        if ref.attribute not in PROMPT_ATTRIBUTES or ref.origin is not Origin.INTERP:
            continue
        inner = ref.text[2:-1]
        if ref.kind is RefKind.SCOPED and ref.namespace == "node":
            replacement = f"${{ctx.{inner}}}"
            yield context.finding(
                "DIP106",
                ref.span,
                f"`{ref.text}` in the prompt of `{node.id}` expands to an empty string: "
                f"tracker reads scoped keys as `{replacement}`",
                fix=Fix(f"write `{replacement}`", (Edit(ref.span, replacement),), safe=False),
            )
        elif ref.kind is RefKind.OTHER and "." in inner:
            namespace = inner.split(".", 1)[0]
            suggestion = closest(namespace, EXPANDED_NAMESPACES)
            hint = f" (did you mean `{suggestion}`?)" if suggestion else ""
            yield context.finding(
                "DIP106",
                ref.span,
                f"`{ref.text}` in the prompt of `{node.id}` expands to an empty string: "
                f"`{namespace}` is not a namespace tracker expands{hint}",
            )
        elif ref.kind is RefKind.OTHER and not _shell_variable(context, ref, inner):
            yield context.finding(
                "DIP106",
                ref.span,
                f"`{ref.text}` in the prompt of `{node.id}` has no namespace and stays in the "
                f"prompt as literal text; for a context key write `${{ctx.{inner}}}`",
            )


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ENVIRONMENT_NAME = re.compile(r"[A-Z][A-Z0-9_]*")


def _shell_variable(context: Context, ref: Reference, inner: str) -> bool:
    """Is a namespace-less ``${inner}`` meant to stay literal (or reported elsewhere)? Shell
    syntax (``${x:-y}``, ``${#a}``), an environment-style name (``${PATH}``), a name inside a
    fenced code block that no node writes, or a declared var (DC331 says how to read it)."""
    if not _IDENTIFIER.fullmatch(inner) or _ENVIRONMENT_NAME.fullmatch(inner):
        return True
    if any(item.key == inner for item in context.workflow.vars):
        return True
    if inner in context.flow.producers:
        return False
    node = context.workflow.node(ref.owner)
    located = node.text_field("prompt") if node is not None else None
    if located is None:
        return False
    text = located[1]
    offset = text.index(ref.span.start)
    return offset is not None and fence_at(text.value, offset) is not None
