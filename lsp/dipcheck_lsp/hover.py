"""Hover text (Markdown) for whatever the index finds under the cursor."""

from __future__ import annotations

import os
from collections.abc import Callable

from dipcheck import catalog
from dipcheck.analysis import runtime
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.conditions import BoolOp, Compare, Expr, Group, Not
from dipcheck.frontends.dip_schema import FieldSpec
from dipcheck.model import Edge, Field, InputDecl, Node, NodeKind, Workflow
from dipcheck.rules import registry
from dipcheck.suppressions import Entry
from dipcheck_lsp import hints, links
from dipcheck_lsp.index import Index, Kind, Occurrence, Role
from dipcheck_lsp.navigation import producers
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
        return key_text(snapshot.index, snapshot.flow, occurrence)
    if kind is Kind.CONDITION:
        return condition_text(occurrence.detail)
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
        return f"**ctx.{name}** — built-in context key\n\nWritten by the runtime: always available."
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


# -- conditions -----------------------------------------------------------------------------


def condition_text(edge: Edge) -> str:
    condition = edge.condition
    assert condition is not None
    parts = [f"**Condition** of `{edge.source.value} -> {edge.target.value}`: `{condition.raw}`"]
    if condition.shorthand:
        parts.append(f"Written as the shorthand `{condition.span.text}`.")
    if condition.expr is None:
        parts.append(f"Does not parse: {condition.error}.")
        return "\n\n".join(parts)
    parts.append("Taken when\n\n" + "\n".join(describe(condition.expr, 0)))
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
    base = os.path.dirname(snapshot.path) if snapshot.path else None
    if occurrence.kind is Kind.SUBGRAPH:
        found = links.resolve_subgraph(base, occurrence.name, snapshot.root, exists)
        title = f"Subgraph child `{occurrence.name}`"
    else:
        path = links.directive_path(base, occurrence.name)
        found = path if path is not None and exists(path) else None
        title = f"File `{occurrence.name}`"
    return f"{title}: {found if found is not None else 'not found'}"
