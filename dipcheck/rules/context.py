"""What a rule's check receives: the workflow, shared analyses (computed once, on demand) and
a helper to build findings with the rule's default severity."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from dipcheck.model import Workflow
from dipcheck.rules.registry import finding
from dipcheck.target import DEFAULT, TargetVersion

if TYPE_CHECKING:
    from dipcheck.analysis.dataflow import ContextFlow
    from dipcheck.analysis.graph import GraphFacts

T = TypeVar("T")


class Context:
    def __init__(self, workflow: Workflow, target: TargetVersion = DEFAULT) -> None:
        self.workflow = workflow
        self.target = target
        self._shared: dict[str, Any] = {}

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

    finding = staticmethod(finding)
