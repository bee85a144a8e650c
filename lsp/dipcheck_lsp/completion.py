"""Completion from the text around the cursor plus the latest model of the document.

The context comes from the current text — half-typed lines do not parse, so the model cannot
say where the cursor is — and the candidates from the newest lint snapshot (node ids and kinds,
the context-key dataflow), which may be a version behind while the user types:

* field names valid for the enclosing block (node kind, ``defaults``, workflow header, branch);
* node ids after ``->``, in ``parallel``/``fan_in`` lists, at the start of an edge line and as
  the value of node-valued fields (``start:``, ``retry_target:`` …);
* context keys after ``${ctx.`` — those available at the enclosing node first, then those some
  path delivers, then the runtime's built-in keys; inside a tool's ``command:`` only the keys
  tracker lets a command interpolate; ``${ctx.node.`` node ids and their keys;
  ``${inputs.`` declared inputs;
* models after ``model:`` (the provider's, when one is set) and providers after ``provider:``;
* rule codes inside ``# dipcheck: ignore[…]``;
* YAML step workflows: step names after ``next:``, in ``inputs: [...]`` and in ``{{ … }}``.
"""

from __future__ import annotations

import re

from lsprotocol import types

from dipcheck import catalog
from dipcheck.analysis import runtime
from dipcheck.frontends import dip_schema as schema
from dipcheck.model import NodeKind, Workflow
from dipcheck.records import record
from dipcheck.rules import registry
from dipcheck_lsp.state import Snapshot

TRIGGERS = [".", ">", "[", ",", " ", "{"]
NODE_KINDS = tuple(kind.value for kind in NodeKind)
SECTIONS = ("defaults", "vars", "inputs", "edges")
GRAPH_KEYS = {
    "goal": "the workflow's goal",
    "name": "the workflow's name",
    "start": "the start node",
    "exit": "the exit node",
}

_SUPPRESSION = re.compile(r"#\s*dipcheck:\s*(?:ignore|file-ignore)\s*\[([^\]]*)$")
_PLACEHOLDER = re.compile(r"\$\{([A-Za-z0-9_.\-]*)$")
_ARROW = re.compile(r"^\s*(?:[A-Za-z0-9_][\w\-./]*|else)\s*->\s*[\w\-./]*$")
_MEMBERS = re.compile(r"^\s*(parallel\s+\S+\s*->|fan_in\s+\S+\s*<-)\s*(.*)$")
_VALUE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^\s:]*)$")
_FIELD_NAME = re.compile(r"^(\s+)([A-Za-z_]*)$")
_DECLARATION = re.compile(
    r"^(agent|human|tool|subgraph|conditional|manager_loop|parallel|fan_in)\s+(\S+)"
)
_KEY_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:")
_YAML_NEXT = re.compile(r"^\s*(?:-\s+)?next\s*:\s*[\w-]*$")
_YAML_PLACEHOLDER = re.compile(r"\{\{\s*([\w.\-]*)$")
_YAML_INPUTS = re.compile(r"^\s*(?:-\s+)?inputs\s*:\s*\[[^\]]*$")


@record(frozen=True)
class Line:
    """A line of the document above the cursor: its number, indentation and text."""

    number: int
    indent: int
    text: str


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def ancestors(lines: list[str], number: int, indent: int) -> list[Line]:
    """The lines that enclose a position at ``indent`` on line ``number``, nearest first."""
    found: list[Line] = []
    for index in range(number - 1, -1, -1):
        text = lines[index]
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        width = _indent(text)
        if width < indent:
            found.append(Line(index, width, stripped))
            indent = width
            if width == 0:
                break
    return found


def block_keys(lines: list[str], parent: Line, indent: int) -> set[str]:
    """Keys already written directly under ``parent``."""
    keys: set[str] = set()
    for text in lines[parent.number + 1 :]:
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        width = _indent(text)
        if width <= parent.indent:
            break
        match = _KEY_LINE.match(stripped)
        if width == indent and match is not None:
            keys.add(match.group(1))
    return keys


def complete(
    text: str, line: int, column: int, snapshot: Snapshot | None
) -> list[types.CompletionItem]:
    """Candidates at 0-based ``line`` and code-point ``column`` of ``text``."""
    lines = text.split("\n")
    if line >= len(lines):
        return []
    prefix = lines[line][:column]
    workflow = snapshot.result.workflow if snapshot is not None else None
    fmt = snapshot.fmt if snapshot is not None else "dip"
    if fmt is None:
        return []  # not a workflow (an open prompt file, say)
    suppression = _SUPPRESSION.search(prefix)
    if suppression is not None:
        return rule_items(suppression.group(1))
    if fmt == "yaml":
        return yaml_items(prefix, workflow)
    chain = ancestors(lines, line, _indent(prefix) if prefix.strip() else len(prefix))
    placeholder = _PLACEHOLDER.search(prefix)
    if placeholder is not None:
        declarations = [match for item in chain if (match := _DECLARATION.match(item.text))]
        owner = declarations[0].group(2) if declarations else None
        in_command = (
            bool(declarations)
            and declarations[0].group(1) == "tool"
            and (prefix.lstrip().startswith("command:") or chain[0].text == "command:")
        )
        return placeholder_items(placeholder.group(1), owner, snapshot, in_command)
    if _ARROW.match(prefix):
        return node_items(workflow)
    members = _MEMBERS.match(prefix)
    if members is not None:
        listed = {part.strip() for part in members.group(2).split(",")}
        return node_items(workflow, exclude=listed)
    value = _VALUE.match(prefix)
    if value is not None:
        return value_items(value.group(1), chain, lines, workflow)
    name = _FIELD_NAME.match(prefix)
    if name is not None and ":" not in lines[line][column:]:
        return field_items(lines, chain, len(name.group(1)), workflow)
    return []


# -- candidates -----------------------------------------------------------------------------


def rule_items(written: str) -> list[types.CompletionItem]:
    listed = {part.strip().upper() for part in written.split(",")}
    return [
        types.CompletionItem(
            label=rule.code,
            kind=types.CompletionItemKind.Value,
            detail=rule.name,
            documentation=rule.summary,
        )
        for rule in registry.all_rules()
        if rule.code not in listed
    ]


def node_items(
    workflow: Workflow | None, exclude: set[str] | None = None
) -> list[types.CompletionItem]:
    if workflow is None:
        return []
    items: list[types.CompletionItem] = []
    for node in workflow.node_map.values():
        if exclude and node.id in exclude:
            continue
        label = node.value("label").strip()
        items.append(
            types.CompletionItem(
                label=node.id,
                kind=types.CompletionItemKind.Reference,
                detail=f"{node.kind.value} — {label}" if label else node.kind.value,
            )
        )
    return items


def placeholder_items(
    written: str, owner: str | None, snapshot: Snapshot | None, in_command: bool = False
) -> list[types.CompletionItem]:
    workflow = snapshot.result.workflow if snapshot is not None else None
    namespace, dot, rest = written.partition(".")
    if not dot:
        return [
            types.CompletionItem(label=name, kind=types.CompletionItemKind.Module, detail=doc)
            for name, doc in (
                ("ctx", "context keys"),
                ("graph", "workflow attributes"),
                ("inputs", "declared workflow inputs"),
                ("params", "parameters passed by a parent workflow"),
            )
        ]
    if namespace == "graph":
        return [
            types.CompletionItem(label=key, kind=types.CompletionItemKind.Property, detail=doc)
            for key, doc in GRAPH_KEYS.items()
        ]
    if workflow is None or snapshot is None:
        return []
    if namespace == "inputs":
        return [
            types.CompletionItem(
                label=decl.name.value,
                kind=types.CompletionItemKind.Variable,
                detail=f"input ({decl.type.value})" if decl.type.value else "input",
            )
            for decl in workflow.inputs
        ]
    if namespace != "ctx":
        return []
    if in_command:
        return command_key_items()
    if rest.startswith("node."):
        scoped, dot, _ = rest[5:].partition(".")
        if not dot:
            return node_items(workflow)
        flow = snapshot.flow
        keys = sorted(flow.keys_by_node.get(scoped, ())) if flow is not None else []
        return [
            types.CompletionItem(
                label=key, kind=types.CompletionItemKind.Variable, detail=f"written by {scoped}"
            )
            for key in keys
        ]
    return key_items(snapshot, owner)


def command_key_items() -> list[types.CompletionItem]:
    """Inside a tool's `command:` tracker interpolates only its safe keys; anything else
    fails the node (DC201), so nothing else is offered."""
    allowed = ", ".join(sorted(runtime.TOOL_SAFE_KEYS))
    return [
        types.CompletionItem(
            label=key,
            kind=types.CompletionItemKind.Variable,
            detail="allowed in a tool command",
            documentation=f"tracker interpolates only {allowed} into a tool command; any other "
            "`${ctx.…}` there fails the node (DC201)",
            sort_text=f"0{key}",
        )
        for key in sorted(runtime.TOOL_SAFE_KEYS)
    ]


def key_items(snapshot: Snapshot, owner: str | None) -> list[types.CompletionItem]:
    """Context keys at ``owner``: every-path keys, then some-path keys, then built-ins."""
    flow = snapshot.flow
    groups: list[tuple[list[str], str]] = []
    if flow is not None and owner is not None and owner in flow.node_ids:
        always = flow.keys_always(owner)
        maybe = [key for key in flow.keys_maybe(owner) if key not in always]
        groups = [(always, "available on every path"), (maybe, "available on some paths")]
    elif flow is not None:
        groups = [(sorted(flow.producers), "produced in this workflow")]
    builtins = sorted(key for key in runtime.ALWAYS_AVAILABLE if "." not in key)
    groups.append((builtins, "built in"))
    items: list[types.CompletionItem] = []
    seen: set[str] = set()
    for rank, (keys, detail) in enumerate(groups):
        for key in keys:
            if key in seen:
                continue
            seen.add(key)
            items.append(
                types.CompletionItem(
                    label=key,
                    kind=types.CompletionItemKind.Variable,
                    detail=detail,
                    sort_text=f"{rank}{key}",
                )
            )
    return items


def value_items(
    key: str, chain: list[Line], lines: list[str], workflow: Workflow | None
) -> list[types.CompletionItem]:
    if key == "model":
        provider = _provider_near(chain, lines, workflow)
        return [
            types.CompletionItem(label=model, kind=types.CompletionItemKind.Value, detail=item.name)
            for model, item in catalog.models(provider)
        ]
    if key == "provider":
        return [
            types.CompletionItem(
                label=item.name, kind=types.CompletionItemKind.EnumMember, detail=item.description
            )
            for item in catalog.PROVIDERS
        ]
    spec = _spec_for(key, chain)
    if spec is None:
        return []
    if spec.type is schema.ValueType.NODE:
        return node_items(workflow)
    if spec.type is schema.ValueType.BOOLEAN:
        return [
            types.CompletionItem(label=word, kind=types.CompletionItemKind.Keyword)
            for word in ("true", "false")
        ]
    return []


def _spec_for(key: str, chain: list[Line]) -> schema.FieldSpec | None:
    table = _table(chain[0]) if chain else None
    return table.get(key) if table is not None else None


def _table(parent: Line) -> dict[str, schema.FieldSpec] | None:
    """The fields valid directly under ``parent``."""
    declaration = _DECLARATION.match(parent.text)
    if declaration is not None:
        return schema.NODE_FIELDS[NodeKind(declaration.group(1))]
    if parent.text == "defaults":
        return schema.DEFAULTS_FIELDS
    if parent.text.startswith("workflow"):
        return schema.HEADER_FIELDS
    if parent.text.startswith("branch:"):
        return schema.BRANCH_FIELDS
    return None


def _provider_near(chain: list[Line], lines: list[str], workflow: Workflow | None) -> str | None:
    """The provider set in the block being edited, else under ``defaults``."""
    if chain:
        parent = chain[0]
        for text in lines[parent.number + 1 :]:
            if text.strip() and _indent(text) <= parent.indent:
                break
            match = re.match(r"\s*provider\s*:\s*(\S+)", text)
            if match is not None:
                return match.group(1)
    if workflow is not None:
        return workflow.default_value("provider") or None
    return None


def field_items(
    lines: list[str], chain: list[Line], indent: int, workflow: Workflow | None
) -> list[types.CompletionItem]:
    if not chain:
        return []
    parent = chain[0]
    if parent.text == "edges":
        items = node_items(workflow)
        items.append(types.CompletionItem(label="else", kind=types.CompletionItemKind.Keyword))
        return items
    if _KEY_LINE.match(parent.text) and not parent.text.startswith("branch:"):
        return []  # inside a multi-line value or a mapping block
    table = _table(parent)
    if table is None:
        return []
    present = block_keys(lines, parent, indent)
    items = [
        types.CompletionItem(
            label=key,
            kind=types.CompletionItemKind.Property,
            detail=spec.type.value,
            documentation=spec.doc,
            insert_text=f"{key}: ",
        )
        for key, spec in table.items()
        if key not in present
    ]
    if parent.text.startswith("workflow"):
        items.extend(
            types.CompletionItem(
                label=word, kind=types.CompletionItemKind.Keyword, insert_text=f"{word} "
            )
            for word in (*SECTIONS, *NODE_KINDS)
        )
    return items


def yaml_items(prefix: str, workflow: Workflow | None) -> list[types.CompletionItem]:
    placeholder = _YAML_PLACEHOLDER.search(prefix)
    if placeholder is not None and workflow is not None:
        if placeholder.group(1).startswith("input."):
            return [
                types.CompletionItem(label=decl.name.value, kind=types.CompletionItemKind.Variable)
                for decl in workflow.inputs
            ]
        return node_items(workflow)
    if _YAML_NEXT.match(prefix) or _YAML_INPUTS.match(prefix):
        return node_items(workflow)
    return []
