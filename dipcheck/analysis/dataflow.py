"""Context-flow facts: who produces each key, which producers may reach a node, and which
keys are available on *every* path to it.

Key sets are Python integers used as bit sets (one bit per key), so both dataflow problems
run in time linear in nodes + edges per pass, and a question about one reference is a bit
test. The two analyses:

* may-reach (union): bit k of ``may_in[n]`` is set when some producer of k has a path of at
  least one edge to n — tracker's reachability check (conditions ignored, loops included).
* must-availability (intersection): bit k of ``must_in[n]`` is set when every path from the
  start to n passes a producer of k. Loops are solved to a fixed point; a fan_in's input is
  the intersection over its branches, so a key is available after the join only when every
  branch writes it; opaque nodes (subgraph, manager_loop) may write anything. Back edges
  (`loop`, `restart: true`) are ordinary edges: a tracker loop restart clears completion state
  and retry counts, not the context, so keys written on an earlier pass stay available.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from dipcheck.analysis import runtime
from dipcheck.model import Edge, NodeKind, Workflow
from dipcheck.references import ListItem, list_items


@dataclass(frozen=True, slots=True)
class Witness:
    """A path from the start that passes no producer. When the path is long, ``skipped``
    nodes between the first node and the rest are left out."""

    nodes: tuple[str, ...]
    skipped: int

    def render(self) -> str:
        if self.skipped and len(self.nodes) > 1:
            head, rest = self.nodes[0], self.nodes[1:]
            return " → ".join((head, f"… ({self.skipped} more)", *rest))
        return " → ".join(self.nodes)


@dataclass(frozen=True, slots=True)
class Production:
    """One place that makes a node produce a key (a ``writes:`` entry, ``answers_key``, or
    the node itself for step workflows)."""

    node: str
    key: str
    item: ListItem


class ContextFlow:
    def __init__(self, workflow: Workflow) -> None:
        self.workflow = workflow
        self.node_ids = [node.id for node in workflow.nodes]
        self.self_reach = workflow.format != "yaml"

    # -- producers -----------------------------------------------------------------------

    @cached_property
    def productions(self) -> list[Production]:
        """Every declared production, in node order (tracker's producer index)."""
        result: list[Production] = []
        workflow = self.workflow
        for node in workflow.nodes:
            if workflow.format == "yaml":
                result.append(Production(node.id, node.id, ListItem(node.id, node.id_span)))
                output = node.get("output")
                if output is not None:
                    for child in output.children:
                        key = f"{node.id}.{child.key}"
                        result.append(Production(node.id, key, ListItem(key, child.key_span)))
                continue
            writes = node.get("writes")
            if writes is not None:
                for item in list_items(writes.value):
                    result.append(Production(node.id, item.value, item))
            answers = node.get("answers_key")
            if answers is not None and answers.text.strip():
                result.append(
                    Production(
                        node.id,
                        answers.text.strip(),
                        ListItem(answers.text.strip(), answers.value_span),
                    )
                )
        return result

    @cached_property
    def productions_by_key(self) -> dict[str, list[Production]]:
        table: dict[str, list[Production]] = {}
        for production in self.productions:
            table.setdefault(production.key, []).append(production)
        return table

    @cached_property
    def keys_by_node(self) -> dict[str, frozenset[str]]:
        table: dict[str, set[str]] = {}
        for production in self.productions:
            table.setdefault(production.node, set()).add(production.key)
        return {node: frozenset(keys) for node, keys in table.items()}

    @cached_property
    def opaque(self) -> frozenset[str]:
        return (
            frozenset(
                node.id
                for node in self.workflow.nodes
                if runtime.handler_of(node, self.workflow) in runtime.OPAQUE_HANDLERS
            )
            if self.workflow.format != "yaml"
            else frozenset()
        )

    @cached_property
    def producers(self) -> dict[str, list[str]]:
        """Producer node ids by key, opaque nodes excluded (they are handled separately)."""
        table: dict[str, list[str]] = {}
        for production in self.productions:
            if production.node in self.opaque:
                continue
            nodes = table.setdefault(production.key, [])
            if production.node not in nodes:
                nodes.append(production.node)
        return table

    @cached_property
    def bits(self) -> dict[str, int]:
        return {key: 1 << index for index, key in enumerate(self.producers)}

    @cached_property
    def gen(self) -> dict[str, int]:
        table = dict.fromkeys(self.node_ids, 0)
        bits = self.bits
        for key, nodes in self.producers.items():
            for node in nodes:
                table[node] |= bits[key]
        return table

    # -- graph ---------------------------------------------------------------------------

    @cached_property
    def edges(self) -> list[Edge]:
        ids = set(self.node_ids)
        return [
            edge
            for edge in self.workflow.edges
            if edge.source.value in ids and edge.target.value in ids
        ]

    @cached_property
    def predecessors(self) -> dict[str, list[str]]:
        table: dict[str, list[str]] = {node: [] for node in self.node_ids}
        for edge in self.edges:
            table[edge.target.value].append(edge.source.value)
        return table

    @cached_property
    def successors(self) -> dict[str, list[str]]:
        table: dict[str, list[str]] = {node: [] for node in self.node_ids}
        for edge in self.edges:
            table[edge.source.value].append(edge.target.value)
        return table

    @staticmethod
    def _walk(seeds: Iterable[str], table: dict[str, list[str]]) -> set[str]:
        seen = set(seeds)
        queue = deque(seen)
        while queue:
            for target in table.get(queue.popleft(), ()):
                if target not in seen:
                    seen.add(target)
                    queue.append(target)
        return seen

    def reach(self, seeds: Iterable[str]) -> set[str]:
        """Nodes reachable from ``seeds`` (the seeds included)."""
        return self._walk(seeds, self.successors)

    def reaching(self, node: str) -> set[str]:
        """Nodes that have a path to ``node`` (``node`` included)."""
        return self._walk([node], self.predecessors)

    @cached_property
    def opaque_reach(self) -> set[str]:
        """Nodes an opaque node reaches (themselves included)."""
        return self.reach(self.opaque)

    @cached_property
    def start(self) -> str | None:
        start = self.workflow.start
        return start if start in self.predecessors else None

    # -- may-reach -----------------------------------------------------------------------

    @cached_property
    def may_in(self) -> dict[str, int]:
        """Keys some producer reaches along at least one edge (union, fixed point)."""
        gen = self.gen
        reach = dict.fromkeys(self.node_ids, 0)
        queue = deque(self.node_ids)
        queued = set(self.node_ids)
        successors = self.successors
        while queue:
            node = queue.popleft()
            queued.discard(node)
            out = reach[node] | gen[node]
            for target in successors[node]:
                merged = reach[target] | out
                if merged != reach[target]:
                    reach[target] = merged
                    if target not in queued:
                        queued.add(target)
                        queue.append(target)
        return reach

    def may_reach(self, key: str, node: str, after: bool) -> bool:
        """Does some producer of ``key`` reach ``node``? ``after``: the reference is evaluated
        after the node ran (an edge condition), so the node's own writes count."""
        bit = self.bits.get(key)
        if bit is None:
            return False
        available = self.may_in.get(node, 0)
        if after or self.self_reach:
            available |= self.gen.get(node, 0)
        return bool(available & bit)

    # -- must-availability ---------------------------------------------------------------

    @cached_property
    def universe(self) -> int:
        return (1 << len(self.bits)) - 1

    @cached_property
    def reachable(self) -> set[str]:
        return self.reach([self.start]) if self.start is not None else set()

    @cached_property
    def must_out(self) -> dict[str, int]:
        """Keys available after each node on every path from the start (intersection)."""
        if self.start is None:
            return {}
        universe = self.universe
        gen = self.gen
        opaque = self.opaque
        reachable = self.reachable
        order = self._reverse_postorder()
        out = dict.fromkeys(self.node_ids, universe)
        predecessors = self.predecessors
        changed = True
        while changed:
            changed = False
            for node in order:
                value = self._must_in(node, out, predecessors, reachable)
                value = universe if node in opaque else value | gen[node]
                if value != out[node]:
                    out[node] = value
                    changed = True
        return out

    def _must_in(
        self,
        node: str,
        out: dict[str, int],
        predecessors: dict[str, list[str]],
        reachable: set[str],
    ) -> int:
        if node == self.start:
            return 0
        value = self.universe
        for source in predecessors[node]:
            if source in reachable:
                value &= out[source]
        return value

    @cached_property
    def must_in(self) -> dict[str, int]:
        out = self.must_out
        if not out:
            return {}
        return {
            node: self._must_in(node, out, self.predecessors, self.reachable)
            for node in self.reachable
        }

    def _reverse_postorder(self) -> list[str]:
        assert self.start is not None
        order: list[str] = []
        seen = {self.start}
        stack: list[tuple[str, int]] = [(self.start, 0)]
        successors = self.successors
        while stack:
            node, index = stack[-1]
            targets = successors[node]
            if index < len(targets):
                stack[-1] = (node, index + 1)
                target = targets[index]
                if target not in seen:
                    seen.add(target)
                    stack.append((target, 0))
            else:
                stack.pop()
                order.append(node)
        order.reverse()
        return order

    def always_available(self, key: str, node: str, after: bool) -> bool:
        """Is ``key`` written on every path from the start to ``node`` (or, ``after``, to the
        moment ``node`` finished)? True when the start is invalid or ``node`` unreachable."""
        bit = self.bits.get(key)
        if bit is None or node not in self.reachable:
            return True
        table = self.must_out if after else self.must_in
        return bool(table.get(node, self.universe) & bit)

    def keys_always(self, node: str, after: bool = False) -> list[str]:
        """Produced keys written on every path from the start to ``node`` (sorted)."""
        if node not in self.reachable:
            return []
        table = self.must_out if after else self.must_in
        value = table.get(node, 0)
        return sorted(key for key, bit in self.bits.items() if value & bit)

    def keys_maybe(self, node: str, after: bool = False) -> list[str]:
        """Produced keys some producer can deliver to ``node`` (sorted; tracker's notion)."""
        value = self.may_in.get(node, 0)
        if after or self.self_reach:
            value |= self.gen.get(node, 0)
        return sorted(key for key, bit in self.bits.items() if value & bit)

    @cached_property
    def tree(self) -> tuple[dict[str, str | None], dict[str, int]]:
        """A breadth-first tree from the start: parent and depth of every reachable node."""
        if self.start is None:
            return {}, {}
        parents: dict[str, str | None] = {self.start: None}
        depth = {self.start: 0}
        queue = deque([self.start])
        while queue:
            current = queue.popleft()
            for target in self.successors[current]:
                if target not in parents:
                    parents[target] = current
                    depth[target] = depth[current] + 1
                    queue.append(target)
        return parents, depth

    @cached_property
    def tree_gen(self) -> dict[str, int]:
        """Keys written somewhere on the tree path from the start to each node (inclusive)."""
        parents, depth = self.tree
        gen = self.gen
        result: dict[str, int] = {}
        for node in sorted(depth, key=depth.__getitem__):
            parent = parents[node]
            own = self.universe if node in self.opaque else gen[node]
            result[node] = own | (result[parent] if parent is not None else 0)
        return result

    def witness(self, key: str, node: str, after: bool, limit: int = 8) -> Witness | None:
        """A path from the start to ``node`` on which no node writes ``key`` (when the read
        happens before ``node`` runs, ``node`` itself may write it).

        Built without a search per finding: walk back from the reader through predecessors
        that lack the key (the must-analysis says which) until the breadth-first tree path
        from the start is itself free of producers. Only the last ``limit`` nodes of that
        tree path are materialised."""
        bit = self.bits.get(key)
        if bit is None or self.start is None or node not in self.reachable:
            return None
        parents, depth = self.tree
        must_out = self.must_out
        tree_gen = self.tree_gen

        def lacks(candidate: str) -> bool:
            return candidate in depth and not must_out[candidate] & bit

        tail: list[str] = []
        visited = {node}
        current: str | None = node
        if not after:
            if node == self.start:
                return Witness((node,), 0)
            tail.append(node)
            current = self._back(node, lacks, visited)
        elif not lacks(node):
            return None
        while current is not None and tree_gen[current] & bit:
            tail.append(current)
            visited.add(current)
            current = self._back(current, lacks, visited)
        if current is None:
            return None
        prefix: list[str] = []
        cursor: str | None = current
        while cursor is not None and len(prefix) < limit:
            prefix.append(cursor)
            cursor = parents[cursor]
        skipped = depth[current] + 1 - len(prefix)
        if skipped > 0:
            prefix.append(self.start)
            skipped -= 1
        return Witness((*reversed(prefix), *reversed(tail)), max(skipped, 0))

    def _back(self, node: str, lacks: Callable[[str], bool], visited: set[str]) -> str | None:
        """The predecessor nearest the start that also lacks the key."""
        depth = self.tree[1]
        options = [p for p in self.predecessors[node] if p not in visited and lacks(p)]
        return min(options, key=depth.__getitem__) if options else None

    # -- parallel blocks -----------------------------------------------------------------

    @cached_property
    def branch_of(self) -> dict[str, str]:
        """Branch node → its parallel node, for nodes that only ever run as a branch."""
        ids = set(self.node_ids)
        result: dict[str, str] = {}
        for node in self.workflow.nodes:
            if node.kind is not NodeKind.PARALLEL:
                continue
            for member in node.members:
                if member.value in ids:
                    result[member.value] = node.id
        for edge in self.workflow.edges:
            target = edge.target.value
            if target in result and not edge.implicit and edge.source.value != result[target]:
                del result[target]  # it also runs as an ordinary node
        return result
