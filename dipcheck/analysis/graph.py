"""Graph facts shared by the rules: adjacency, reachability and back-edge-free cycles."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cached_property

from dipcheck.model import Edge, NodeKind, Workflow


class GraphFacts:
    def __init__(self, workflow: Workflow) -> None:
        self.workflow = workflow

    @cached_property
    def ids(self) -> frozenset[str]:
        return frozenset(node.id for node in self.workflow.nodes)

    @cached_property
    def successors(self) -> dict[str, list[str]]:
        """Every edge, explicit and implicit, conditional or not, back edges included."""
        table: dict[str, list[str]] = {}
        for edge in self.workflow.edges:
            table.setdefault(edge.source.value, []).append(edge.target.value)
        return table

    def reachable(self, seeds: Iterable[str]) -> set[str]:
        """Nodes reachable from ``seeds`` (the seeds included) along every edge."""
        table = self.successors
        seen = set(seeds)
        queue = deque(seen)
        while queue:
            current = queue.popleft()
            for target in table.get(current, ()):
                if target not in seen:
                    seen.add(target)
                    queue.append(target)
        return seen

    @cached_property
    def human_gates(self) -> frozenset[str]:
        return frozenset(node.id for node in self.workflow.nodes if node.kind is NodeKind.HUMAN)

    @cached_property
    def start_valid(self) -> bool:
        return self.workflow.start in self.ids

    def cycles(self, start: str) -> list[list[Edge]]:
        """Cycles reachable from ``start`` that the runtime calls unconditional: made of
        explicit edges not marked as back edges (dippin's DIP005), or in a DOT file of edges
        without a condition (tracker's ``validateNoCycles``).

        Each cycle is the list of edges that form it, the closing edge last; one cycle is
        reported per node at which a cycle is entered."""
        table: dict[str, list[Edge]] = {}
        dot = self.workflow.format == "dot"
        for edge in self.workflow.edges:
            counts = not edge.conditional if dot else not edge.is_back_edge
            if not edge.implicit and counts:
                table.setdefault(edge.source.value, []).append(edge)
        found: list[list[Edge]] = []
        entered: set[str] = set()
        state: dict[str, int] = {}  # 1 = on the stack, 2 = done
        path: list[Edge] = []
        stack: list[tuple[str, int]] = [(start, 0)]
        state[start] = 1
        while stack:
            node, position = stack[-1]
            edges = table.get(node, [])
            if position >= len(edges):
                stack.pop()
                state[node] = 2
                if path:
                    path.pop()
                continue
            stack[-1] = (node, position + 1)
            edge = edges[position]
            target = edge.target.value
            mark = state.get(target)
            if mark == 1:
                if target not in entered:
                    entered.add(target)
                    begin = len(path)
                    for index, item in enumerate(path):
                        if item.source.value == target:
                            begin = index
                            break
                    found.append([*path[begin:], edge])
                continue
            if mark == 2:
                continue
            state[target] = 1
            path.append(edge)
            stack.append((target, 0))
        return found
