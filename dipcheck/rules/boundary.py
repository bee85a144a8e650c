"""What crosses a subgraph boundary, as tracker merges contexts (``pipeline/subgraph.go``,
docs/runtime/subgraphs.md#subgraphs): a child starts from a snapshot of its parent's whole context,
and
its whole final context is merged back into the parent (also under ``node.<Subgraph>.*``). A
manager loop does the same with its child (``handlers/manager_loop.go``).

So, for a file that runs as a child, a key its parent may hold when the subgraph node runs is
available to it, and a key the parent (or the parent's own parent) reads is not dead output.
The parents are the workflows near the file that name it (:meth:`Workspace.parents`). When
none is found but the file looks like a child (it sits in a ``subgraphs/`` directory, say),
rules say so instead of treating the file as a whole program.
"""

from __future__ import annotations

import os

from dipcheck.analysis import runtime
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.frontends.common import FileReader
from dipcheck.model import RefKind, Workflow
from dipcheck.records import record
from dipcheck.workspace import ParentLink, Workspace

# How many levels of parents are followed (a parent's parent …).
MAX_LEVELS = 3
_CHILD_DIRECTORIES = frozenset(
    {"subgraph", "subgraphs", "child", "children", "subflows", "subworkflows", "sub"}
)


@record(frozen=True, slots=True)
class Boundary:
    """``provided``: keys some parent's context may hold when it runs this file (None: any
    key, an opaque node of the parent's reaches the call). ``read_above``: keys the parents
    read (None: any). ``child_hint``: why the file looks like a child, when no parent was
    found."""

    parents: tuple[ParentLink, ...] = ()
    provided: frozenset[str] | None = frozenset()
    read_above: frozenset[str] | None = frozenset()
    child_hint: str = ""
    bound: frozenset[str] = frozenset()  # parameter names the parents pass (`params:`/`inputs:`)

    def provides(self, key: str) -> bool:
        return self.provided is None or key in self.provided

    def read_by_parent(self, key: str) -> bool:
        return self.read_above is None or key in self.read_above

    @property
    def orphan(self) -> bool:
        """Does the file look like a child whose parent dipcheck could not find?"""
        return not self.parents and bool(self.child_hint)

    def parent_names(self) -> str:
        """``parent.dip` as `Review``, for each parent."""
        names = dict.fromkeys(
            f"`{os.path.basename(link.path)}` as `{link.node.id}`" for link in self.parents
        )
        return ", ".join(names)

    def orphan_note(self, written: bool) -> str:
        """What an orphan child's finding adds: where the key may come from (a read) or go
        to (``written``)."""
        flow = (
            "a child's final context is merged into its parent, which may read the key"
            if written
            else "a child starts from its parent's context, which may hold the key"
        )
        return (
            f"; this file looks like a subgraph child ({self.child_hint}), but dipcheck found "
            f"no workflow next to it or above it that runs it: {flow}"
        )


def child_hint(path: str) -> str:
    """Why ``path`` looks like a subgraph child, or ``""``."""
    directory = os.path.basename(os.path.dirname(os.path.abspath(path)))
    if directory.lower() in _CHILD_DIRECTORIES:
        return f"it is in a `{directory}/` directory"
    stem = os.path.splitext(os.path.basename(path))[0].lower()
    if "child" in stem or "subgraph" in stem:
        return "its name says so"
    return ""


def _read_keys(workflow: Workflow, node_id: str) -> set[str]:
    """Every context key ``workflow`` reads, with the ``node.<node_id>.K`` aliases of a
    child's keys read as ``K``."""
    keys: set[str] = set()
    for ref in workflow.references:
        if ref.kind is RefKind.CTX:
            keys.add(ref.key)
        elif ref.kind is RefKind.SCOPED and ref.key:
            keys.add(ref.key if ref.node == node_id else f"node.{ref.node}.{ref.key}")
    return keys


def boundary(
    workspace: Workspace,
    path: str | None,
    workflow: Workflow,
    reader: FileReader | None = None,
    level: int = 0,
) -> Boundary:
    """The :class:`Boundary` of the file ``path`` (nothing crosses when the path is
    unknown)."""
    if path is None or workflow.format != "dip":
        return Boundary()
    links = workspace.parents(path, reader)
    if not links:
        return Boundary(child_hint=child_hint(path))
    provided: set[str] | None = set()
    read_above: set[str] | None = set()
    bound: set[str] = set()
    for link in links:
        for key in ("params", "inputs"):
            block = link.node.get(key)
            if block is not None:
                bound.update(item.key for item in block.children)
        flow = ContextFlow(link.workflow)
        node = link.node.id
        others = flow.opaque - {node}
        if provided is not None:
            if others and node in flow.drawn_reach(others):
                provided = None
            else:
                provided.update(flow.keys_maybe(node))
        if read_above is not None:
            read_above.update(_read_keys(link.workflow, node))
        if level + 1 < MAX_LEVELS:
            above = boundary(workspace, link.path, link.workflow, reader, level + 1)
            if above.parents:
                if provided is not None and above.provided is not None:
                    provided.update(above.provided)
                else:
                    provided = None
                if read_above is not None and above.read_above is not None:
                    read_above.update(above.read_above)
                else:
                    read_above = None
    return Boundary(
        links,
        frozenset(provided) if provided is not None else None,
        frozenset(key for key in read_above if not runtime.is_ambient(key))
        if read_above is not None
        else None,
        bound=frozenset(bound),
    )
