"""The context reads that the availability rules (DC101 to DC106, DC108) classify, in
tracker's order: node attributes in declaration order, then edge conditions in edge order
(docs/runtime/context.md#the-variable-check), each with the key it reads and a phrase naming
where it is read.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from functools import cached_property

from dipcheck.model import Edge, Origin, Reference, RefKind, Workflow
from dipcheck.records import record


@record(frozen=True, slots=True)
class Read:
    """A reference with what the checks need to phrase and place a finding."""

    ref: Reference
    key: str
    after: bool
    where: str


class ContextReads:
    """The references the availability checks look at, in tracker's order: node attributes
    in declaration order, then edge conditions in edge order. ``settled(key)``: a `ctx` key
    (not a scoped one, not a step's) whose reads the caller answers without looking at them
    (an ambient key), left out before their place is described (most of a workflow's reads
    are often its conditions' `ctx.outcome`)."""

    def __init__(self, workflow: Workflow, settled: Callable[[str], bool] | None = None) -> None:
        self.workflow = workflow
        self.settled = settled

    @cached_property
    def _conditions(self) -> dict[str, tuple[list[int], list[Edge]]]:
        """Per source node, the starts of its edges' conditions in text order and the first
        edge (in edge order) of each: a reference is found by bisection, not by a scan of
        every edge (5,000 conditional edges from one node were 25 million checks)."""
        spans: dict[str, dict[tuple[int, int], Edge]] = {}
        for edge in self.workflow.edges:
            condition = edge.condition
            if condition is not None:
                key = (condition.span.start, condition.span.end)
                spans.setdefault(edge.source.value, {}).setdefault(key, edge)
        index: dict[str, tuple[list[int], list[Edge]]] = {}
        for owner, found in spans.items():
            ordered = sorted(found.items(), key=lambda item: item[0])
            index[owner] = ([start for (start, _), _ in ordered], [edge for _, edge in ordered])
        return index

    def _edge(self, ref: Reference) -> Edge | None:
        starts, edges = self._conditions.get(ref.owner, ((), ()))
        offset = ref.span.start
        position = bisect.bisect_right(starts, offset) - 1
        if position >= 0:
            condition = edges[position].condition
            if condition is not None and condition.span.contains(offset):
                return edges[position]
        return None

    def describe(self, ref: Reference) -> str:
        if ref.origin is Origin.READS:
            return "its `reads:` declaration"
        if ref.origin is Origin.CONDITION or ref.attribute == "condition":
            edge = self._edge(ref)
            if edge is not None:
                return f"the condition on edge `{edge.source.value} -> {edge.target.value}`"
            return "an edge condition"
        if ref.origin is Origin.INPUTS:
            return "its `inputs:`"
        return f"its `{ref.attribute}`"

    @cached_property
    def items(self) -> list[Read]:
        workflow = self.workflow
        settled = self.settled
        order = {node.id: index for index, node in enumerate(workflow.nodes)}
        selected: list[tuple[int, int, int, Read]] = []
        for ref in workflow.references:
            if workflow.format == "yaml":
                if ref.kind is not RefKind.STEP:
                    continue
                key = ref.key
            elif ref.kind is RefKind.CTX:
                key = ref.key
                if settled is not None and settled(key):
                    continue
            elif ref.kind is RefKind.SCOPED and ref.namespace == "ctx":
                key = f"node.{ref.node}.{ref.key}" if ref.key else f"node.{ref.node}"
            else:
                continue
            if ref.attribute == "label" or not key:
                continue
            condition = ref.origin is Origin.CONDITION or ref.attribute == "condition"
            item = Read(ref, key, after=condition, where=self.describe(ref))
            group = 1 if condition else 0
            selected.append((group, order.get(ref.owner, len(order)), ref.span.start, item))
        selected.sort(key=lambda entry: entry[:3])
        return [entry[3] for entry in selected]
