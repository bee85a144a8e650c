"""What a rule's check receives: the workflow, shared analyses (computed once, on demand) and
a helper to build findings with the rule's default severity.

Besides the workflow a check can ask for ``target`` (the tracker release), ``catalog`` (the
model catalog with the run's extra models), ``path`` (the linted file's absolute path, None
when it is unknown, e.g. standard input without ``--stdin-filename``) and ``workspace``
(child workflows, shared by every file of a run; read them with ``reader``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from dipcheck.model import Workflow
from dipcheck.rules.registry import finding
from dipcheck.target import DEFAULT, TargetVersion

if TYPE_CHECKING:
    from dipcheck.analysis.dataflow import ContextFlow
    from dipcheck.analysis.failure import FailureFacts
    from dipcheck.analysis.graph import GraphFacts
    from dipcheck.analysis.guards import Guards
    from dipcheck.catalog import Catalog
    from dipcheck.frontends.common import FileReader
    from dipcheck.model import Field
    from dipcheck.rules.boundary import Boundary
    from dipcheck.workspace import ChildWorkflow, Link, Workspace

T = TypeVar("T")


class Context:
    def __init__(
        self,
        workflow: Workflow,
        target: TargetVersion = DEFAULT,
        *,
        catalog: Catalog | None = None,
        path: str | None = None,
        workspace: Workspace | None = None,
        reader: FileReader | None = None,
    ) -> None:
        self.workflow = workflow
        self.target = target
        self._catalog = catalog
        self.path = path
        self._workspace = workspace
        self.reader = reader  # how this lint reads files (recorded for the result cache)
        self._shared: dict[str, Any] = {}

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            from dipcheck.catalog import default_catalog

            self._catalog = default_catalog()
        return self._catalog

    @property
    def workspace(self) -> Workspace:
        if self._workspace is None:
            from dipcheck.workspace import Workspace

            self._workspace = Workspace()
        return self._workspace

    @cached_property
    def links(self) -> list[Link]:
        """Every child workflow this file reaches, transitively (``Workspace.walk``), resolved
        once per lint however many rules ask; empty when the file's path is unknown."""
        if self.path is None:
            return []
        return list(self.workspace.walk(self.path, self.workflow, reader=self.reader))

    def child(self, item: Field) -> ChildWorkflow | None:
        """The child a `ref:`/`subgraph_ref:` field names (memoised per lint); None when it
        cannot be resolved (a relative ref in a file whose location is unknown)."""
        import os

        children: dict[int, ChildWorkflow | None] = self.shared("children", dict)
        if id(item) not in children:
            ref = item.text.strip()
            if self.path is None and not os.path.isabs(ref):
                children[id(item)] = None
            else:
                children[id(item)] = self.workspace.child(
                    self.path or os.sep, ref, reader=self.reader
                )
        return children[id(item)]

    def on_path(self, name: str) -> bool:
        """Whether the program ``name`` is on this machine's PATH; a lint whose reader records
        its inputs for the caches records the answer too, so that a cached result does not
        outlive the program's installation or removal."""
        from dipcheck.frontends.common import RecordingReader

        if isinstance(self.reader, RecordingReader):
            return self.reader.on_path(name)
        from dipcheck.files import which

        return which(name) is not None

    def close(self) -> None:
        """Forget the analyses built for this lint. Some refer back to the context (they ask it
        for others), so until then the context, its analyses and the workflow they hold form a
        cycle that only the cycle collector would free; once forgotten, the model is freed as
        soon as the last result holding it is dropped (the language server drops one per
        edit)."""
        self._shared.clear()
        for name, value in vars(Context).items():
            if isinstance(value, cached_property):
                self.__dict__.pop(name, None)

    def shared(self, name: str, build: Callable[[], T]) -> T:
        """An analysis object several rules share, built on first use."""
        if name not in self._shared:
            self._shared[name] = build()
        result: T = self._shared[name]
        return result

    @cached_property
    def graph(self) -> GraphFacts:
        from dipcheck.analysis.graph import GraphFacts

        return GraphFacts(self.workflow)

    @cached_property
    def flow(self) -> ContextFlow:
        from dipcheck.analysis.dataflow import ContextFlow

        return ContextFlow(self.workflow)

    @cached_property
    def failure(self) -> FailureFacts:
        from dipcheck.analysis.failure import FailureFacts

        return FailureFacts(self.workflow, self.target)

    @cached_property
    def boundary(self) -> Boundary:
        """What crosses this file's subgraph boundary: keys its parents provide and read
        (``rules/boundary.py``); built on first use, since it searches for the parents."""
        from dipcheck.rules.boundary import boundary

        return boundary(self.workspace, self.path, self.workflow, self.reader)

    @cached_property
    def guards(self) -> Guards:
        from dipcheck.analysis.guards import Guards

        return Guards(self.workflow)

    finding = staticmethod(finding)

    def for_steps(self, text: str) -> str | None:
        """``text`` as a finding's help in a YAML step workflow, where a rule's own help
        speaks of `.dip` nodes, edges and keys; None (the rule's help) in the other formats."""
        return text if self.workflow.format == "yaml" else None
