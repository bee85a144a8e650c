"""Graph facts shared by the rules: adjacency, reachability and back-edge-free cycles."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from typing import Any

from dipcheck.analysis.bitsets import positions
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
        # each node on the stack with the iterator over its edges not yet followed
        stack: list[tuple[str, Iterator[Edge]]] = [(start, iter(table.get(start, ())))]
        state[start] = 1
        while stack:
            node, edges = stack[-1]
            edge = next(edges, None)
            if edge is None:
                stack.pop()
                state[node] = 2
                if path:
                    path.pop()
                continue
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
            stack.append((target, iter(table.get(target, ()))))
        return found

    @cached_property
    def forward_order(self) -> tuple[list[str], dict[str, list[str]]]:
        """dippin's forward propagation (DIP112, DIP147): Kahn's algorithm over the edges that
        are not back edges (fork and join edges included), from every node without incoming
        edges. Returns the processing order and each node's successors along those edges.
        Nodes on a cycle are never processed."""
        ids = [node.id for node in self.workflow.nodes]
        known = set(ids)
        successors: dict[str, list[str]] = {node: [] for node in ids}
        degree = dict.fromkeys(ids, 0)
        for edge in self.workflow.edges:
            source, target = edge.source.value, edge.target.value
            if edge.is_back_edge or source not in known or target not in known:
                continue
            successors[source].append(target)
            degree[target] += 1
        queue = deque(node for node in ids if degree[node] == 0)
        order: list[str] = []
        while queue:
            current = queue.popleft()
            order.append(current)
            for target in successors[current]:
                degree[target] -= 1
                if degree[target] == 0:
                    queue.append(target)
        return order, successors

    def upstream(self, wanted: Iterable[str]) -> Upstream:
        """Which of the ``wanted`` nodes each node has upstream in :attr:`forward_order`: a
        processed node is upstream of the nodes it passes its own upstream set on to, at the
        moment it is processed (dippin's propagation)."""
        order, successors = self.forward_order
        wanted = set(wanted)
        room = MAX_UPSTREAM_BITS // max(1, len(order))
        sources: list[str] = []
        bits: dict[str, int] = {}
        for node in order:
            if node in wanted and node not in bits and len(sources) < room:
                bits[node] = 1 << len(sources)
                sources.append(node)
        masks = dict.fromkeys(successors, 0)
        for current in order:
            passed = masks[current] | bits.get(current, 0)
            if passed:
                for target in successors[current]:
                    masks[target] |= passed
        return Upstream(sources, bits, masks, frozenset(node for node in order if node in wanted))


# The most bits the sets of :meth:`GraphFacts.upstream` hold together (16 MiB): one bit per
# node asked about for each node. 10,000 nodes asking about all 10,000 fit; past that, the
# nodes asked about that come later in the processing order are left unjudged.
MAX_UPSTREAM_BITS = 1 << 27


class Upstream:
    """The answer of :meth:`GraphFacts.upstream`: a bit set per node over ``sources`` (the
    nodes asked about, in processing order, as many as the budget holds)."""

    __slots__ = ("_bits", "_processed", "masks", "sources")

    def __init__(
        self,
        sources: list[str],
        bits: dict[str, int],
        masks: dict[str, int],
        processed: frozenset[str],
    ) -> None:
        self.sources = sources
        self.masks = masks
        self._bits = bits
        self._processed = processed  # the nodes asked about that are processed

    def judged(self, source: str) -> bool:
        """Whether :meth:`has` knows about ``source``, one of the nodes asked about: it has a
        bit, or it is never processed (and so upstream of nothing)."""
        return source in self._bits or source not in self._processed

    def has(self, node: str, source: str) -> bool:
        """Whether ``source``, a judged node asked about, is upstream of ``node``."""
        return bool(self.masks.get(node, 0) & self._bits.get(source, 0))

    def above(self, node: str) -> Iterator[str]:
        """The sources upstream of ``node``, in processing order."""
        for index in positions(self.masks.get(node, 0)):
            yield self.sources[index]


def first_cycle_edge(edges: Iterable[Edge], successors: dict[str, list[str]]) -> Edge | None:
    """The first of ``edges`` into a node that can reach the edge's source along
    ``successors`` (the edges' own table): a loop edge where the file marks none (DOT). Such
    an edge joins two nodes of one strongly connected component; one pass finds them all (a
    search from every edge's target was quadratic)."""
    edges = list(edges)
    names = dict.fromkeys(name for edge in edges for name in (edge.source.value, edge.target.value))
    group = {
        name: number
        for number, members in enumerate(components(names, successors))
        for name in members
    }
    return next(
        (edge for edge in edges if group[edge.source.value] == group[edge.target.value]), None
    )


def components(nodes: Iterable[str], successors: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan's algorithm, without recursion), sources
    first: every edge between two components goes from an earlier one to a later one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work: list[tuple[str, int]] = [(root, 0)]
        while work:
            node, position = work[-1]
            targets = successors.get(node, ())
            if position < len(targets):
                work[-1] = (node, position + 1)
                target = targets[position]
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, 0))
                elif target in on_stack and index[target] < low[node]:
                    low[node] = index[target]
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                if low[node] < low[parent]:
                    low[parent] = low[node]
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
    found.reverse()
    return found


def postorder(
    root: Any, successors: Mapping[Any, Sequence[Any]] | Sequence[Sequence[Any]]
) -> list[Any]:
    """The nodes reachable from ``root`` (``successors[node]``: the nodes it leads to, a
    mapping or a list indexed by node), each after every node it leads to first: a depth-first
    postorder, targets taken in their order. Iterative: any depth."""
    seen = {root}
    order: list[Any] = []
    stack = [(root, iter(successors[root]))]
    while stack:
        node, targets = stack[-1]
        for target in targets:
            if target not in seen:
                seen.add(target)
                stack.append((target, iter(successors[target])))
                break
        else:
            stack.pop()
            order.append(node)
    return order
