"""Checks across workflow files: subgraph children that are missing (DIP126, DIP135), reused
with the same bindings (DIP109), not bound to their required inputs (DIP160), tool access
that does not carry over into a child (DIP143, DIP146), and chains of refs that come back to a
workflow already running (DC335).

Children are resolved and parsed through the run's :class:`~dipcheck.workspace.Workspace`
(relative to the parent file, with and without `.dip`, transitively, at most
``workspace.MAX_DEPTH`` levels, never through a symbolic link or out of the entry file's
directory tree), so a child that many parents name is parsed once.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Field, Node, NodeKind, Workflow
from dipcheck.records import record
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.workspace import CYCLE, ChildWorkflow, Link, found_above, subgraph_refs

TRUE_WORDS = ("true", "1", "yes", "on")


def _levels(up: str) -> str:
    """``one level above`` … for a relative path made of ``..`` parts."""
    count = len([part for part in up.split(os.sep) if part == ".."])
    return "one level above" if count == 1 else f"{count} levels above"


def _missing(context: Context, kind: NodeKind, code: str, what: str) -> Iterator[Diagnostic]:
    key = "ref" if kind is NodeKind.SUBGRAPH else "subgraph_ref"
    for node in context.workflow.nodes:
        if node.kind is not kind:
            continue
        item = node.get(key)
        if item is None or not item.text.strip():
            message = f"{what} `{node.id}` names no child workflow (`{key}:` is empty)"
            span = item.key_span if item is not None else node.id_span
            if kind is NodeKind.MANAGER_LOOP:  # (no working directory can supply one)
                yield context.finding(
                    code,
                    span,
                    f"{message}: its handler fails the run when it gets there "
                    '(`missing required attribute "subgraph_ref"`)',
                ).with_severity(Severity.ERROR)
            else:
                yield context.finding(code, span, message)
            continue
        child = context.child(item)
        if child is not None and child.special:
            yield context.finding(
                code,
                item.value_span,
                f"{what} `{node.id}` references `{item.text.strip()}`, which is not a workflow "
                f"file: {child.problem}; tracker would wait on it or read it without end",
            )
            continue
        if child is not None and child.outside:
            yield context.finding(
                code,
                item.value_span,
                f"{what} `{node.id}` references `{item.text.strip()}`: {child.problem}; "
                "dipcheck neither reads it nor says whether it exists",
            ).with_severity(Severity.INFO)
            continue
        if child is None or not child.missing:
            continue
        assert context.path is not None
        parent_dir = os.path.dirname(context.path)
        message = (
            f"{what} `{node.id}` references `{item.text.strip()}`, which does not exist "
            "next to this workflow (tried as written and with `.dip`)"
        )
        above = found_above(parent_dir, item.text, context.workspace.trees, context.reader)
        if above is None:
            yield context.finding(code, item.value_span, message)
            continue
        up = os.path.relpath(above, parent_dir)
        message += (
            f"; it exists relative to `{up}` (the directory {_levels(up)} this file's), so "
            "tracker, which next tries its working directory, finds it only when run from "
            "there"
        )
        # an info: the author most likely runs tracker from there (tracker's own examples
        # name children relative to the repository root)
        yield context.finding(code, item.value_span, message).with_severity(Severity.INFO)


@rule(
    "DIP126",
    "missing-subgraph-file",
    Severity.WARNING,
    summary="A `subgraph` whose `ref:` names a file that does not exist.",
    rationale=(
        "The child workflow is loaded when the subgraph node runs; a missing file fails the "
        "run there. The ref is resolved against the directory of the workflow, as written "
        "and with `.dip` appended (docs/runtime/subgraphs.md#loading-the-child). tracker's "
        "CLI would then try its working directory (`cmd/tracker/loading.go`); a ref that only "
        "resolves from a directory above the file's is reported as an info that names that "
        "directory: the author most likely runs tracker from there, as tracker's own examples "
        "do. A ref that names a FIFO, a device or a socket is reported as well (it is never "
        "read: tracker would wait on it or read it without end). A ref that leads out of the "
        "tree being checked (an absolute path, `../..` past the project) is an info that says "
        "so: dipcheck does not look there, nor say whether a file exists there, so that a "
        "workflow in a pull request cannot learn from a CI log which files the runner holds."
    ),
    example="subgraph Review\n  ref: subgraphs/reveiw.dip",
    fix="Correct the path (relative to this file), or add the child workflow.",
    formats=("dip", "dot"),
)
def missing_subgraph(context: Context) -> Iterator[Diagnostic]:
    yield from _missing(context, NodeKind.SUBGRAPH, "DIP126", "subgraph")


@rule(
    "DIP135",
    "missing-manager-loop-file",
    Severity.WARNING,
    summary="A `manager_loop` whose `subgraph_ref:` is empty or names a file that does not exist.",
    rationale=(
        "The manager loop starts the child workflow and supervises it; without the file the "
        "node fails as soon as it runs. Resolution is the same as for `subgraph ref:` (DIP126). "
        "An empty `subgraph_ref:` is an error: the handler fails the run when it reaches the "
        "node, whatever the working directory (docs/runtime/failures.md#failures-only-a-run-meets)."
    ),
    example="manager_loop Supervise\n  subgraph_ref: child.dip",
    fix="Point `subgraph_ref:` at the child workflow, relative to this file.",
    formats=("dip", "dot"),
)
def missing_manager_child(context: Context) -> Iterator[Diagnostic]:
    yield from _missing(context, NodeKind.MANAGER_LOOP, "DIP135", "manager loop")


def _bindings(node: Node) -> tuple[tuple[str, str], ...]:
    block = node.get("inputs") or node.get("params")
    return tuple(sorted((item.key, item.text) for item in block.children)) if block else ()


@rule(
    "DIP109",
    "duplicate-subgraph-call",
    Severity.WARNING,
    summary="Two subgraph nodes run the same child with the same bindings.",
    rationale=(
        "dippin reports any second subgraph node with the same `ref:`. Running one child "
        "twice with different parameters is ordinary reuse (two parallel streams, say), so "
        "dipcheck reports only nodes that also bind the same `params:`/`inputs:`: they do "
        "the same work twice, usually a copy-paste slip."
    ),
    example="subgraph ReviewA\n  ref: review.dip\nsubgraph ReviewB\n  ref: review.dip",
    fix="Give the second call its own parameters, or route to the first node instead.",
    formats=("dip",),
)
def duplicate_subgraph_call(context: Context) -> Iterator[Diagnostic]:
    first: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[Node, Field]] = {}
    for node, item in subgraph_refs(context.workflow):
        if node.kind is not NodeKind.SUBGRAPH:
            continue
        key = (item.text.strip(), _bindings(node))
        earlier = first.setdefault(key, (node, item))
        if earlier[0] is node:
            continue
        yield context.finding(
            "DIP109",
            item.value_span,
            f"subgraph `{node.id}` runs `{key[0]}` with the same bindings as `{earlier[0].id}`",
            related=(Related(earlier[1].value_span, f"`{earlier[0].id}` runs it here"),),
        )


def restricts(workflow: Workflow) -> bool:
    """Does any agent or parallel branch of ``workflow`` set ``tool_access``?"""
    for node in workflow.nodes:
        if node.value("tool_access").strip():
            return True
        for branch in node.branches:
            if any(item.key == "tool_access" and item.text.strip() for item in branch.fields):
                return True
    return False


@record(frozen=True, slots=True)
class _Boundary:
    code: str
    link: Link
    detail: str


def _audit(child: Workflow) -> tuple[int, int]:
    """(agents, agents with tool_access) of a child workflow."""
    agents = [node for node in child.nodes if node.kind is NodeKind.AGENT]
    return len(agents), sum(1 for node in agents if node.value("tool_access").strip())


def _boundaries(context: Context) -> list[_Boundary]:
    """dippin's subgraph-boundary audit, once per workflow (DIP143 and DIP146 share it)."""
    workflow = context.workflow
    found: list[_Boundary] = []
    if next(subgraph_refs(workflow), None) is None:
        return found
    own = restricts(workflow)
    if context.path is None:
        if own:
            for node, item in subgraph_refs(workflow):
                link = Link(((node, item),), ChildWorkflow(item.text, None, None, None), 1)
                found.append(_Boundary("DIP143", link, "it cannot be resolved here"))
        return found
    intent: dict[tuple[int, ...], bool] = {(): own}
    for link in context.links:
        key = tuple(id(node) for node, _ in link.chain)
        parent = intent.get(key[:-1], own)
        child = link.child
        if child.workflow is not None:
            intent[key] = parent or restricts(child.workflow)
        if not parent or child.problem == CYCLE:
            continue  # nothing to carry over, or a file already audited on this chain
        if child.workflow is None:
            found.append(_Boundary("DIP143", link, f"it cannot be checked: {child.problem}"))
            continue
        agents, restricted = _audit(child.workflow)
        if agents and not restricted:
            found.append(_Boundary("DIP146", link, "none of its agents restricts tool access"))
        elif restricted < agents:
            found.append(
                _Boundary("DIP143", link, f"only {restricted} of its {agents} agents restrict it")
            )
    return found


def _boundary_findings(context: Context, code: str) -> Iterator[Diagnostic]:
    boundaries = context.shared("dippin_boundaries", lambda: _boundaries(context))
    for item in boundaries:
        if item.code != code:
            continue
        chain = item.link.chain
        node, field = chain[0]
        via = " → ".join(ref.text.strip() for _, ref in chain)
        related = tuple(
            Related(ref.value_span, f"`{inner.id}` runs `{ref.text.strip()}`")
            for inner, ref in chain[1:]
        )
        yield context.finding(
            code,
            field.value_span,
            f"`tool_access` does not carry over into child workflows: `{node.id}` runs "
            f"{via}, and {item.detail}",
            related=related,
        )


@rule(
    "DIP143",
    "tool-access-boundary",
    Severity.HINT,
    summary="Tool access is restricted here, and a child workflow cannot be shown to keep the "
    "restriction.",
    rationale=(
        "`tool_access: none` applies to the agents it is written on; a subgraph or manager "
        "loop runs its child with the child's own settings. When this workflow (or one "
        "above the child) restricts tools, each child is audited: a child that cannot be "
        "resolved or parsed, or that restricts only some of its agents, is reported here. "
        "A child that restricts none is DIP146; a child that restricts all (or has no "
        "agents) is fine."
    ),
    example="agent Triage\n  tool_access: none\nsubgraph Fix\n  ref: fix.dip",
    fix="Set `tool_access` on the child's agents too, or accept that the child uses tools.",
    formats=("dip", "dot"),
)
def tool_access_boundary(context: Context) -> Iterator[Diagnostic]:
    yield from _boundary_findings(context, "DIP143")


@rule(
    "DIP146",
    "child-re-grants-tools",
    Severity.HINT,
    summary="Tool access is restricted here, but a child workflow restricts none of its agents.",
    rationale=(
        "The restriction stops at the subgraph boundary: every agent of the child runs with "
        "its tools. The child is resolved transitively (children of children too), and the "
        "finding is placed on the ref in this file that leads to it."
    ),
    example="agent Triage\n  tool_access: none\nsubgraph Fix\n  ref: fix.dip   # agents "
    "without tool_access",
    fix="Set `tool_access: none` on the child's agents that must not use tools.",
    formats=("dip", "dot"),
)
def child_re_grants(context: Context) -> Iterator[Diagnostic]:
    yield from _boundary_findings(context, "DIP146")


@rule(
    "DIP160",
    "unbound-required-input",
    Severity.WARNING,
    summary="A subgraph node does not bind an input its child declares `required: true`.",
    rationale=(
        "The child's required input gets no value and the child run fails (a child default "
        "does not help: dippin still reports it, and dipcheck follows). Bind it under the "
        "subgraph's `params:` (dip 1) or `inputs:` (dip 2)."
    ),
    example="subgraph Research\n  ref: research.dip   # declares `topic: text` with "
    "`required: true`\n  params:\n    depth: 2",
    fix="Add the input to the subgraph node's `params:` / `inputs:`.",
    formats=("dip",),
)
def unbound_required_input(context: Context) -> Iterator[Diagnostic]:
    for node, item in subgraph_refs(context.workflow):
        if node.kind is not NodeKind.SUBGRAPH:
            continue
        child = context.child(item)
        if child is None or child.workflow is None:
            continue
        bound = {key for key, _ in _bindings(node)}
        block = "inputs" if context.workflow.version >= 2 else "params"
        for decl in child.workflow.inputs:
            required = next((a for a in reversed(decl.attrs) if a.key == "required"), None)
            if required is None or required.text.strip().lower() not in TRUE_WORDS:
                continue
            if decl.name.value in bound:
                continue
            yield context.finding(
                "DIP160",
                item.value_span,
                f"subgraph `{node.id}` does not bind input `{decl.name.value}`, which "
                f"`{item.text.strip()}` requires: add it under `{block}:`",
                related=(Related(decl.span, "declared required here"),),
            )


@rule(
    "DC335",
    "subgraph-reference-cycle",
    Severity.WARNING,
    summary="A subgraph or manager loop runs a workflow that is already running above it.",
    rationale=(
        "A chain of `ref:`/`subgraph_ref:` that comes back to a file makes each run of the "
        "child start the parent again. tracker's loader keeps one child per ref text and "
        "checks only the files it is loading at the moment (cmd/tracker/loading.go): "
        "depending on how the refs are written it refuses the chain (`circular subgraph "
        "reference detected`) or loads it, and then nothing bounds the nesting at run time "
        "(the subgraph handler has no depth limit, docs/runtime/subgraphs.md#subgraphs): "
        "unless a condition keeps the run away "
        "from the ref, it never ends."
    ),
    example="# review.dip\nsubgraph Check\n  ref: check.dip\n# check.dip\nsubgraph Again\n"
    "  ref: review.dip",
    fix="Break the cycle: move what both need into a third workflow that both reference, or "
    "repeat work with a loop edge (`restart: true`) instead of a subgraph.",
    formats=("dip", "dot"),
)
def subgraph_reference_cycle(context: Context) -> Iterator[Diagnostic]:
    reported: set[int] = set()
    for link in context.links:
        if link.child.problem != CYCLE:
            continue
        node, field = link.chain[0]
        if id(field) in reported:
            continue
        reported.add(id(field))
        files = [os.path.basename(context.path or "this workflow")]
        files += [ref.text.strip() for _, ref in link.chain]
        related = tuple(
            Related(ref.value_span, f"`{inner.id}` runs `{ref.text.strip()}`")
            for inner, ref in link.chain[1:]
        )
        yield context.finding(
            "DC335",
            field.value_span,
            f"`{node.id}` starts a chain of workflows that comes back to one already running "
            f"({' → '.join(files)}): tracker refuses the chain or nests the runs without end",
            related,
        )
