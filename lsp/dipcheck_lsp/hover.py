"""Hover text (Markdown) for whatever the index finds under the cursor."""

from __future__ import annotations

import os
from collections.abc import Callable

from dipcheck import catalog
from dipcheck.analysis import runtime
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.conditions import BoolOp, Compare, Expr, Group, Not
from dipcheck.diagnostics import Diagnostic
from dipcheck.files import not_a_file
from dipcheck.frontends.dip_schema import FieldSpec
from dipcheck.model import Edge, Field, InputDecl, Node, NodeKind, Workflow
from dipcheck.rules import registry
from dipcheck.source import Span
from dipcheck.suppressions import Entry
from dipcheck_lsp import hints, links
from dipcheck_lsp.index import Index, Kind, Occurrence, Role
from dipcheck_lsp.navigation import producers, read_by_lint
from dipcheck_lsp.state import Snapshot

VERBS = {
    "=": ("is", "is not"),
    "==": ("is", "is not"),
    "!=": ("is not", "is"),
    "contains": ("contains", "does not contain"),
    "startswith": ("starts with", "does not start with"),
    "endswith": ("ends with", "does not end with"),
    "in": ("is one of", "is not one of"),
}
MAX_COMMAND = 80


def hover(snapshot: Snapshot, occurrence: Occurrence, exists: Callable[[str], bool]) -> str | None:
    workflow = snapshot.index.workflow
    kind = occurrence.kind
    if kind is Kind.RULE:
        return rule_text(occurrence.detail)
    if workflow is None:
        return None
    if kind is Kind.NODE:
        node = workflow.node(occurrence.name)
        if node is None:
            return f"**{occurrence.name}** — not a declared node"
        return node_text(node, workflow)
    if kind is Kind.KEY:
        assert snapshot.flow is not None
        text = key_text(snapshot.index, snapshot.flow, occurrence)
        if occurrence.scope is None and runtime.is_ambient(occurrence.name):
            text += findings_text(snapshot.result.diagnostics, occurrence.span)
        return text
    if kind is Kind.CONDITION:
        return condition_text(occurrence.detail, snapshot.result.diagnostics)
    if kind is Kind.FIELD:
        spec, where = occurrence.detail
        return field_text(occurrence.name, spec, where)
    if kind is Kind.INPUT:
        return input_text(snapshot.index, occurrence.name)
    if kind is Kind.VAR:
        declared = workflow_var(workflow, occurrence.name)
        value = f" = `{declared.text}`" if declared is not None else " (not declared in `vars`)"
        return f"**${occurrence.name}** — graph variable{value}"
    if kind in (Kind.SUBGRAPH, Kind.FILE):
        return file_text(snapshot, occurrence, exists)
    return None


# -- nodes ----------------------------------------------------------------------------------


def _effective(node: Node, workflow: Workflow, key: str) -> tuple[str, bool]:
    """A node's value for ``key``, or the defaults' (second item: it came from defaults)."""
    own = node.value(key).strip()
    if own:
        return own, False
    return workflow.default_value(key), True


def node_text(node: Node, workflow: Workflow) -> str:
    if workflow.format == "ordewell":
        from dipcheck_lsp import plan

        text = plan.task_hover(node, workflow)
        if text is not None:
            return text
    if workflow.format == "yaml":
        runner = node.get("agent") or node.get("tool")
        who = f" run by {runner.key} `{runner.text}`" if runner is not None else ""
        parts = [f"**{node.id}** — step{who}"]
    elif workflow.format == "dot":
        handler = runtime.handler_of(node, workflow).value
        parts = [f"**{node.id}** — {node.kind.value} (handler `{node.handler or handler}`)"]
    else:
        parts = [f"**{node.id}** — {node.kind.value}"]
    label = node.value("label").strip()
    if label:
        parts.append(f"Label: {label}")
    if node.kind is NodeKind.AGENT and workflow.format in ("dip", "dot"):
        parts.append(model_line(node, workflow))
    elif node.kind is NodeKind.TOOL:
        command = node.value("command").strip()
        if command:
            first = command.split("\n", 1)[0]
            if len(first) > MAX_COMMAND or "\n" in command:
                first = first[: MAX_COMMAND - 1] + "…"
            parts.append(f"Command: `{first}`")
    elif node.kind is NodeKind.HUMAN:
        parts.append(f"Mode: {node.value('mode').strip() or 'choice'}")
    elif node.kind in (NodeKind.PARALLEL, NodeKind.FAN_IN):
        names = ", ".join(f"`{member.value}`" for member in node.members)
        parts.append(f"{'Branches' if node.kind is NodeKind.PARALLEL else 'Joins'}: {names}")
    elif node.kind in links.SUBGRAPH_FIELD:
        ref = node.value(links.SUBGRAPH_FIELD[node.kind]).strip()
        if ref:
            parts.append(f"Child workflow: `{ref}`")
    roles = [
        name
        for name, value in (("start", workflow.start), ("exit", workflow.exit))
        if value == node.id
    ]
    if roles:
        parts.append(f"The workflow's {' and '.join(roles)} node.")
    return "\n\n".join(parts)


def model_line(node: Node, workflow: Workflow) -> str:
    model, model_default = _effective(node, workflow, "model")
    provider, provider_default = _effective(node, workflow, "provider")
    if not provider and model:
        known = catalog.provider_of(model)
        provider = known.name if known is not None else ""
    if not model:
        return "Model: not set (the runtime's default)"
    text = f"Model: `{model}`"
    if provider:
        text += f" ({provider})"
    if model_default:
        text += " — from defaults"
    elif provider_default and provider:
        text += " — provider from defaults"
    return text


# -- context keys ---------------------------------------------------------------------------


def key_text(index: Index, flow: ContextFlow, occurrence: Occurrence) -> str:
    name, scope = occurrence.name, occurrence.scope
    yaml = index.workflow is not None and index.workflow.format == "yaml"
    if yaml:
        title = f"**{name}** — output field `{name.partition('.')[2]}` of step `{scope}`"
    elif scope is not None:
        title = f"**ctx.node.{scope}.{name}** — `{name}` as written by node `{scope}`"
    elif runtime.is_ambient(name):
        return builtin_text(name)
    else:
        title = f"**ctx.{name}** — context key"
    parts = [title]
    made = producers(index, occurrence)
    if made:
        parts.append("Produced by: " + ", ".join(dict.fromkeys(f"`{item.owner}`" for item in made)))
    elif scope is None:
        parts.append("No node in this workflow produces it.")
    if occurrence.role is Role.DECLARATION:
        readers = [
            item.owner
            for item in index.find(Kind.KEY, name)
            if item.role is Role.REFERENCE and item.owner and item.scope == scope
        ]
        if readers:
            parts.append("Read by: " + ", ".join(f"`{item}`" for item in dict.fromkeys(readers)))
    elif made and occurrence.owner is not None and (yaml or scope is None):
        parts.append(hints.sentence(flow, name, occurrence.owner, occurrence.after))
    return "\n\n".join(parts)


# What writes each built-in key (docs/runtime/context.md#built-in-keys,
# docs/runtime/context.md#declared-writes, docs/runtime/edge-selection.md#the-main-loop,
# docs/runtime/edge-selection.md#choosing-an-edge,
# docs/runtime/context.md#human_response-is-one-shot). tracker's
# availability check treats them all as always set, which only means it never reports them.
BUILTIN_WRITERS = {
    "outcome": "Holds the status of the node that just ran: set after each node and reset to "
    "empty before the next one runs, so a condition sees it but a prompt or a command reads an "
    "empty string",
    "preferred_label": "Holds the label a node prefers (a human gate's answer): set after the "
    "node and reset before the next one, so only conditions and edge selection see it",
    "suggested_next_nodes": "Holds the join a parallel node suggests: set after it and reset "
    "before the next node",
    "last_response": "Written by every agent, with its response",
    "human_response": "Written by a freeform or interview human gate, with what the person "
    "typed. One-shot: it is cleared once the next agent has run; "
    "`${ctx.node.<Gate>.human_response}` keeps it",
    "tool_stdout": "Written by every tool node, with its standard output",
    "tool_stderr": "Written by every tool node, with its standard error",
    "tool_marker": "Written by a tool with `marker_grep`, with the marker it matched",
    "tool_marker_error": "Written by a tool with `marker_grep` when the marker cannot be matched",
    "tool_route": "Written by a tool that prints a `_TRACKER_ROUTE=` line",
    "interview_questions": "Written by no handler by itself: an interview gate reads its "
    "questions from it (its default `questions_key`), else from `last_response`",
    "interview_answers": "Written by an interview gate, with the answers (its default "
    "`answers_key`)",
    "writes_error": "Written when a node's `writes:` cannot be extracted",
    "writes_warning": "Written when a node's `writes:` extraction finds extra keys or no JSON",
    "graph.goal": "Holds the workflow's `goal:`",
}


def builtin_text(name: str) -> str:
    what = BUILTIN_WRITERS.get(name, "Written by the runtime in some situations")
    return (
        f"**ctx.{name}** — built-in context key\n\n{what}.\n\n"
        "tracker's availability check never reports a built-in key; that does not mean it "
        "holds a value at every read."
    )


def findings_text(diagnostics: list[Diagnostic], span: Span) -> str:
    """The findings on the reference at ``span`` (the key, its ``${ctx.`` and ``}`` at most),
    as a section to add to its hover (or ""): what the runtime does there, beside the key's
    general description."""
    here = [
        item
        for item in diagnostics
        if item.span.source is span.source
        and span.start - len("${ctx.") <= item.span.start <= span.start
        and span.end <= item.span.end <= span.end + 1
    ]
    if not here:
        return ""
    return "\n\n" + "\n\n".join(
        f"**{item.code}** ({item.severity.label}): {item.message}" for item in here
    )


# -- conditions -----------------------------------------------------------------------------


def condition_text(edge: Edge, diagnostics: list[Diagnostic]) -> str:
    """What the condition says, and then the findings inside it: what the runtime does with
    it where that differs (DC301: tracker ≤ v0.64 reads `and` as part of a value)."""
    condition = edge.condition
    assert condition is not None
    parts = [f"**Condition** of `{edge.source.value} -> {edge.target.value}`: `{condition.raw}`"]
    if condition.shorthand:
        parts.append(f"Written as the shorthand `{condition.span.text}`.")
    if condition.expr is None:
        parts.append(f"Does not parse: {condition.error}.")
        return "\n\n".join(parts)
    inside = [
        item
        for item in diagnostics
        if item.span.source is condition.span.source
        and condition.span.start <= item.span.start
        and item.span.end <= condition.span.end
    ]
    read_as = " (as dippin reads it)" if any(item.code == "DC301" for item in inside) else ""
    parts.append(f"Taken when{read_as}\n\n" + "\n".join(describe(condition.expr, 0)))
    parts.extend(f"**{item.code}** ({item.severity.label}): {item.message}" for item in inside)
    return "\n\n".join(parts)


def describe(expr: Expr, depth: int) -> list[str]:
    """The condition as a nested Markdown list."""
    indent = "  " * depth
    if isinstance(expr, Group):
        return describe(expr.expr, depth)
    if isinstance(expr, Compare):
        return [f"{indent}- {compare_text(expr)}"]
    if isinstance(expr, Not):
        return [f"{indent}- not:", *describe(expr.expr, depth + 1)]
    assert isinstance(expr, BoolOp)
    head = "all of:" if expr.op == "and" else "any of:"
    lines = [f"{indent}- {head}"]
    for item in expr.items:
        lines.extend(describe(item, depth + 1))
    return lines


def compare_text(expr: Compare) -> str:
    positive, negative = VERBS.get(expr.op, (f"`{expr.op}`", f"not `{expr.op}`"))
    verb = negative if expr.negated else positive
    if expr.op == "in":
        values = [part.strip() for item in expr.right for part in item.value.split(",")]
        value = ", ".join(f"`{item}`" for item in values if item)
    else:
        value = f"`{expr.right_text}`" if expr.right_text else "empty"
    return f"`{expr.left.text}` {verb} {value}"


# -- rules, fields, inputs, files -----------------------------------------------------------


def rule_text(entry: Entry) -> str:
    rules = [registry.get(code) for code in sorted(entry.rules)]
    found = [item for item in rules if item is not None]
    if len(found) != 1:
        listed = ", ".join(f"`{item.code}`" for item in found)
        return f"**{entry.code}** — suppresses {len(found)} rules: {listed}"
    rule = found[0]
    parts = [
        f"**{rule.code}** `{rule.name}` ({rule.severity.label}"
        f"{'' if rule.enabled else ', off by default'})",
        rule.summary,
        f"**Why.** {rule.rationale}",
        f"**Example**\n\n```\n{rule.example}\n```",
        f"**Fix.** {rule.fix}",
        f"[Documentation]({rule.url})",
    ]
    return "\n\n".join(parts)


def field_text(key: str, spec: FieldSpec, where: str) -> str:
    return f"**{key}** ({where}, {spec.type.value})\n\n{spec.doc}"


def input_text(index: Index, name: str) -> str:
    declared = [item for item in index.find(Kind.INPUT, name) if item.role is Role.DECLARATION]
    if not declared:
        return f"**inputs.{name}** — not a declared workflow input"
    decl: InputDecl = declared[0].detail
    parts = [f"**inputs.{name}** — workflow input"]
    if decl.type.value:
        parts[0] += f" ({decl.type.value})"
    for attr in decl.attrs:
        if attr.key in ("description", "required", "default"):
            parts.append(f"{attr.key}: {attr.text}")
    return "\n\n".join(parts)


def workflow_var(workflow: Workflow, name: str) -> Field | None:
    return next((item for item in reversed(workflow.vars) if item.key == name), None)


def file_text(snapshot: Snapshot, occurrence: Occurrence, exists: Callable[[str], bool]) -> str:
    if occurrence.kind is not Kind.SUBGRAPH:  # a file directive: what the lint read
        read = read_by_lint(occurrence)
        return f"File `{occurrence.name}`: {read if read is not None else 'not read'}"
    base = os.path.dirname(snapshot.path) if snapshot.path else None
    found = links.resolve_subgraph(base, occurrence.name, snapshot.root, exists)
    if found is None:
        # a FIFO or a device there is not missing (it is never opened, only looked at)
        there = links.resolve_subgraph(base, occurrence.name, snapshot.root, os.path.exists)
        why = not_a_file(there) if there is not None else None
        if why is not None:
            return f"Subgraph child `{occurrence.name}`: {there} cannot be read: {why}"
    return f"Subgraph child `{occurrence.name}`: {found if found is not None else 'not found'}"
