"""The other files a workflow names — subgraph children and file directives — resolved the way
tracker resolves them (docs/runtime/subgraphs.md#loading-the-child: a subgraph ref is tried
relative to the parent's
directory, then to the working directory, each with and without ``.dip``; file directives
are relative to the workflow's directory)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from dipcheck.files import inside, too_broad
from dipcheck.frontends.dip_schema import FILE_DIRECTIVES
from dipcheck.model import Field, Node, NodeKind, Workflow

SUBGRAPH_FIELD = {NodeKind.SUBGRAPH: "ref", NodeKind.MANAGER_LOOP: "subgraph_ref"}


def subgraph_refs(workflow: Workflow) -> Iterator[tuple[Node, Field]]:
    """``ref:`` of subgraph nodes and ``subgraph_ref:`` of manager loops."""
    for node in workflow.nodes:
        key = SUBGRAPH_FIELD.get(node.kind)
        item = node.get(key) if key and workflow.format == "dip" else None
        if item is not None and item.text.strip():
            yield node, item


def directives(workflow: Workflow) -> Iterator[Field]:
    """File directive fields (``prompt_file:`` …) of nodes and defaults."""
    if workflow.format != "dip":
        return
    for node in workflow.nodes:
        for item in node.fields:
            if item.key in FILE_DIRECTIVES:
                yield item
    for item in workflow.defaults:
        if item.key in FILE_DIRECTIVES:
            yield item


def subgraph_candidates(base_dir: str | None, ref: str, root: str | None) -> list[str]:
    """Every path tracker may load for a subgraph ref, in the order it tries them."""
    value = ref.strip()
    if not value:
        return []
    bases = [""] if os.path.isabs(value) else [base for base in (base_dir, root) if base]
    result: list[str] = []
    for base in bases:
        path = os.path.normpath(os.path.join(base, value))
        for candidate in (path, path + ".dip"):
            if candidate not in result and not (candidate.endswith(".dip.dip")):
                result.append(candidate)
    return result


def resolve_subgraph(
    base_dir: str | None, ref: str, root: str | None, exists: Callable[[str], bool]
) -> str | None:
    """The first candidate that exists inside the workflow's directory or the workspace (its
    links resolved; a workspace that is the home directory or ``/`` bounds nothing), as the
    lint loads only a child inside its tree: an absolute ref or ``kids -> ../elsewhere`` leads
    nowhere."""
    bounds = [base for base in (base_dir, root if root and not too_broad(root) else None) if base]
    return next(
        (
            path
            for path in subgraph_candidates(base_dir, ref, root)
            if exists(path) and any(inside(path, base) for base in bounds)
        ),
        None,
    )
