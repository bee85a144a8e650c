"""dippin's lints on references and declared keys: DIP106 (prompt placeholders), DIP107 (keys
written and never read), DIP112 (reads with no upstream write; off by default, DC101/DC103/
DC104 own those spans) and the stylesheet lints DIP117 and DIP118."""

from __future__ import annotations

import re
from collections.abc import Iterator

from dipcheck.analysis import runtime
from dipcheck.analysis.markdown import fence_at
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Severity
from dipcheck.model import NodeKind, Origin, Reference, RefKind
from dipcheck.references import ListItem, list_items
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.suggest import Names, closest, suggestion_fix

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
        "literal text (docs/runtime/expansion.md). dippin accepts `${node.X.k}`; tracker does "
        "not: write `${ctx.node.X.k}`. A `${ctx.node.X.k}` whose node X does not exist is "
        "DC105's finding; `${inputs.X}` is DIP156's."
    ),
    example="agent Plan\n  prompt: Plan ${topic} using ${context.spec}",
    fix="Use `${ctx.K}` for context keys, `${ctx.node.X.K}` for a node's scoped output.",
    formats=("dip", "dot"),
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
    if any(item.key == inner for item in context.workflow.vars) or inner in context.boundary.bound:
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


def _referenced_keys(context: Context) -> set[str]:
    keys: set[str] = set()
    for ref in context.workflow.references:
        if ref.kind is RefKind.CTX or ref.kind is RefKind.SCOPED:
            keys.add(ref.key)
    return keys


@rule(
    "DIP107",
    "written-key-never-read",
    Severity.INFO,
    summary="A `writes:` key that nothing in the workflow reads.",
    rationale=(
        "A declared write that no node reads (in `reads:`, a `${ctx.K}` placeholder, a "
        "condition or a `node.X.K` alias) is dead output, or the reader misspells it. dippin "
        "counts only `reads:` declarations; dipcheck counts every reference, and follows "
        "subgraph boundaries the way tracker merges contexts (`pipeline/subgraph.go`, "
        "docs/runtime/subgraphs.md#subgraphs): a child starts from its parent's whole context, so "
        "a key "
        "a child reads is read; a child's final context is merged back into the parent, so a "
        "child's key its parent reads is read too (the parents are the workflows near the "
        "file that name it). Keys tracker itself hands on (`human_response` is added to the "
        "next agent's prompt, `pipeline/transforms.go`) are never reported. A workflow whose "
        "subgraph child cannot be read is skipped; a file that looks like a child but whose "
        "parent was not found gets an info-level finding that says so."
    ),
    example="agent Plan\n  writes: plan, risks\nagent Build\n  reads: plan",
    fix="Read the key where it is needed, or remove it from `writes:`.",
    formats=("dip", "dot"),
)
def written_never_read(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    referenced = _referenced_keys(context)
    if context.flow.opaque:
        below = _children_reads(context)
        if below is None:
            return  # a child we cannot read may read anything
        referenced |= below
    for node in workflow.nodes:
        writes = node.get("writes")
        for item in runtime.entries(writes, workflow) if writes is not None else ():
            key = item.value.removeprefix("ctx.")
            if key in referenced or runtime.is_ambient(key):
                continue
            boundary = context.boundary
            if boundary.read_by_parent(key):
                continue
            message = f"`{node.id}` writes `{key}`, but no node reads it"
            if boundary.parents:
                message += f", nor does the workflow that runs it ({boundary.parent_names()})"
            if boundary.orphan:
                yield context.finding(
                    "DIP107", item.span, message + boundary.orphan_note(written=True)
                ).with_severity(Severity.INFO)
                continue
            yield context.finding("DIP107", item.span, message)


def _children_reads(context: Context) -> set[str] | None:
    """The context keys this file's subgraph children (transitively) read, or None when one
    of them cannot be read."""
    keys: set[str] = set()
    for link in context.links:
        child = link.child.workflow
        if child is None:
            return None
        keys.update(ref.key for ref in child.references if ref.kind is RefKind.CTX)
    return keys


@rule(
    "DIP112",
    "read-without-upstream-write",
    Severity.WARNING,
    summary="A `reads:` key that no upstream node writes (dippin's check).",
    rationale=(
        "dippin propagates `writes:` forward (Kahn's algorithm over non-back edges) and "
        "reports a `reads:` key no earlier node writes. Nodes on a cycle are never visited "
        "and so never checked, and a loop that writes a key on its first pass is not "
        "understood. DC101, DC103 and DC104 report the same `reads:` entries with tracker's "
        "own rules and a proper every-path analysis, so this rule is off by default; select "
        "it (`--extend-select DIP112`) to see dippin's verdicts."
    ),
    example="agent Build\n  reads: plan\n  prompt: Build the plan.",
    fix="Write the key in an earlier node (`writes: plan`), or stop reading it.",
    formats=("dip", "dot"),
    enabled=False,
)
def read_without_write(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    order = context.graph.forward_order[0]
    written: dict[str, set[str]] = {}
    for node in workflow.nodes:
        writes = node.get("writes")
        for item in runtime.entries(writes, workflow) if writes is not None else ():
            written.setdefault(item.value.removeprefix("ctx."), set()).add(node.id)
    readers: list[tuple[str, list[ListItem]]] = []
    named: set[str] = set()  # the nodes `node.<id>.…` reads name
    for node_id in order:
        node = workflow.node(node_id)
        reads = node.get("reads") if node is not None else None
        items = list_items(reads.value) if reads is not None else []
        readers.append((node_id, items))
        for item in items:
            key = item.value.removeprefix("ctx.")
            if key.startswith("node."):
                named.add(key[5:].split(".", 1)[0])
    upstream = context.graph.upstream(named.union(*written.values()))
    for node_id, items in readers:
        for item in items:
            key = item.value.removeprefix("ctx.")
            if key.startswith("node."):
                scoped = key[5:].split(".", 1)[0]
                # (a node past the analysis's budget is not judged)
                if upstream.judged(scoped) and not upstream.has(node_id, scoped):
                    why = "does not exist" if workflow.node(scoped) is None else "is not upstream"
                    yield context.finding(
                        "DIP112", item.span, f"`{node_id}` reads `{key}`, but node `{scoped}` {why}"
                    )
                continue
            writers = written.get(key, ())
            if runtime.is_ambient(key) or any(upstream.has(node_id, who) for who in writers):
                continue
            if not all(upstream.judged(who) for who in writers):
                continue
            yield context.finding(
                "DIP112",
                item.span,
                f"`{node_id}` reads `{key}`, but no upstream node writes it",
            )


_SELECTOR_TOKEN = re.compile(r"[.#][A-Za-z0-9_\-./]+")


def _selectors(context: Context) -> Iterator[tuple[str, str, int, int]]:
    """(kind ``.``/``#``, name, start, end) of the stylesheet's class and id selectors."""
    sheet = context.workflow.stylesheet
    if sheet is None:
        return
    text = sheet.value.value
    position = 0
    depth = 0  # inside a CSS-style `{ … }` block (DOT's model_stylesheet)
    for line in text.split("\n"):
        start = position
        position += len(line) + 1
        # a selector starts a line of the .dip block, or comes before a `{` at any indent
        if depth == 0 and line.strip() and (line[:1] not in " \t" or "{" in line):
            for match in _SELECTOR_TOKEN.finditer(line.split("{", 1)[0]):
                yield (
                    match.group()[0],
                    match.group()[1:],
                    start + match.start(),
                    start + match.end(),
                )
        depth = max(0, depth + line.count("{") - line.count("}"))


@rule(
    "DIP117",
    "undefined-stylesheet-class",
    Severity.WARNING,
    summary="A stylesheet `.class` selector that no node declares in `class:`.",
    rationale="The selector matches nothing, so its properties are never applied.",
    example="agent Plan\n  class: fast\nstylesheet:\n  .fats\n    model: claude-haiku-4-5",
    fix="Correct the class name, or add it to the nodes' `class:`.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def undefined_class(context: Context) -> Iterator[Diagnostic]:
    classes = [
        item.value
        for node in context.workflow.nodes
        for field in node.fields
        if field.key == "class"
        for item in list_items(field.value)
    ]
    yield from _unmatched(
        context, "DIP117", ".", classes, "matches no node: no `class:` declares it"
    )


@rule(
    "DIP118",
    "unknown-stylesheet-id",
    Severity.WARNING,
    summary="A stylesheet `#id` selector that names no node.",
    rationale="The selector matches nothing, so its properties are never applied.",
    example="stylesheet:\n  #Plna\n    model: claude-opus-4-6",
    fix="Correct the node id.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def unknown_id(context: Context) -> Iterator[Diagnostic]:
    yield from _unmatched(context, "DIP118", "#", sorted(context.graph.ids), "names no node")


def _unmatched(
    context: Context, code: str, kind: str, names: list[str], why: str
) -> Iterator[Diagnostic]:
    """Stylesheet selectors of one kind (``.`` or ``#``) whose name is not in ``names``."""
    sheet = context.workflow.stylesheet
    candidates = Names(names)  # indexed once for every selector's did-you-mean
    for found, name, start, end in _selectors(context):
        if found != kind or name in names:
            continue
        assert sheet is not None
        span = sheet.value.span(start, end)
        hint, fix = suggestion_fix(name, candidates, span, lambda match: kind + match)
        yield context.finding(
            code, span, f"stylesheet selector `{kind}{name}` {why}{hint}", fix=fix
        )
