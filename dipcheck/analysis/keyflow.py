"""The context-flow questions of :class:`~dipcheck.analysis.dataflow.ContextFlow` for one key
at a time, answered from the shape of the graphs instead of bit tables over every key.

The tables of ``ContextFlow`` hold, for each node, a set of up to one bit per key: building
them is most of the availability checks' time on a large workflow, and they are a third of
its peak memory. Most keys have one writer, and then each question is a test of ancestry in
a tree, read from two numbers per node:

* may-reach: a producer that is a proper ancestor of the reader in a depth-first forest of
  the drawn graph reaches it (the tree path is a path). Reads not settled so are answered
  by :func:`~dipcheck.analysis.dataflow.may_solve` over their keys only (when the drawn
  graph has no cycle, in the order the forest's nodes finish, backwards, with no search
  for its cycles).
* must-availability: a key is available on entry to ``n`` on every path from the start
  exactly when some writer sits strictly before ``n`` on every path. The flow graph gets a
  node on each step that hands a parallel block's writes to its join (it writes what the
  block carries), and writers that cannot matter are dropped: a node with no successor
  (a branch) and a writer that another writer strictly dominates. When one writer is
  left, the question is whether it strictly dominates ``n`` (the dominator tree);
  when more are left, the same fixed point as ``ContextFlow._solve`` runs over those
  keys only.
* the witness walk's "is the key written on the breadth-first tree path to ``n``": a
  writer is an ancestor of ``n`` in that tree.

A workflow whose steps clear the context (``loop_restart`` in the typed-outputs dialect)
is left to ``ContextFlow``: a clearing step is not a writer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property

from dipcheck.analysis import typed_outputs
from dipcheck.analysis.dataflow import ContextFlow, ParallelBlock, Witness, may_solve
from dipcheck.analysis.graph import postorder

_ALL = "\0all"  # a step that carries every key (a branch is opaque)


class KeyFlow:
    """Per-key answers equal to ``ContextFlow``'s :meth:`~ContextFlow.may_reach`,
    :meth:`~ContextFlow.always_available`, :meth:`~ContextFlow.survives_branch_failure` and
    :meth:`~ContextFlow.witness`."""

    def __init__(self, flow: ContextFlow) -> None:
        self.flow = flow
        self.exact = not flow.clearing
        self._writers: tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]] = ({}, {})
        self._hard: list[tuple[dict[str, int], list[int]] | None] = [None, None]
        self._tests: tuple[dict[str, tuple[int, int] | int], ...] = ({}, {})
        if self.exact:
            self._build()

    # -- may-reach -----------------------------------------------------------------------

    def reaches_each(self, queries: Iterable[tuple[str, str, bool]]) -> list[bool]:
        """:meth:`ContextFlow.may_reach` for each ``(key, node, after)``."""
        flow = self.flow
        producers = flow.producers
        pre, size, acyclic = self._drawn_forest()
        self_reach = flow.self_reach
        answers: list[bool] = []
        open_: list[tuple[int, str, str, bool]] = []
        for key, node, after in queries:
            nodes = producers.get(key)
            if not nodes:
                answers.append(False)
                continue
            if (after or self_reach) and node in nodes:
                answers.append(True)
                continue
            at = pre.get(node)
            if at is None:
                answers.append(False)  # not a node: nothing reaches it
                continue
            found = False
            for producer in nodes:
                low = pre.get(producer)
                if low is not None and low < at < low + size[producer]:
                    found = True
                    break
            if not found:
                open_.append((len(answers), key, node, after))
            answers.append(found)
        if open_:
            slots: dict[str, int] = {}
            for _, key, _, _ in open_:
                slots.setdefault(key, len(slots))
            gen: dict[str, int] = {}
            for key, slot in slots.items():
                for producer in producers[key]:
                    gen[producer] = gen.get(producer, 0) | 1 << slot
            # (the nodes finish after every node they lead to: backwards, each edge goes
            # forward, and the search for cycles was most of the solution's cost)
            order = list(reversed(size)) if acyclic else None
            table = may_solve(flow.node_ids, flow.all_successors, gen, order)
            for index, key, node, after in open_:
                value = table.get(node, 0)
                if after or self_reach:
                    value |= gen.get(node, 0)
                answers[index] = bool(value >> slots[key] & 1)
        return answers

    def _drawn_forest(self) -> tuple[dict[str, int], dict[str, int], bool]:
        """A depth-first forest of the drawn graph (from the start first): each node's
        preorder number and the size of its subtree, filled as the nodes finish; and
        whether the graph has no cycle."""
        flow = self.flow
        successors = flow.all_successors
        pre: dict[str, int] = {}
        size: dict[str, int] = {}
        acyclic = True
        roots = list(successors)
        if flow.start is not None:
            roots.insert(0, flow.start)
        for root in roots:
            if root in pre:
                continue
            pre[root] = len(pre)
            stack = [(root, iter(successors[root]))]
            while stack:
                node, targets = stack[-1]
                for target in targets:
                    if target not in pre:
                        pre[target] = len(pre)
                        stack.append((target, iter(successors[target])))
                        break
                    if target not in size:
                        acyclic = False  # an edge back to a node still being searched
                else:
                    stack.pop()
                    size[node] = len(pre) - pre[node]
        return pre, size, acyclic

    # -- must-availability ---------------------------------------------------------------

    def _build(self) -> None:
        """The flow graph from the start, with a node on each step that hands a parallel
        block over to its join, numbered in reverse postorder; its dominator tree as each
        node's preorder number and subtree size."""
        flow = self.flow
        inflow = flow.inflow
        names = list(inflow)
        ids = {name: index for index, name in enumerate(names)}
        successors: list[list[int]] = [[] for _ in names]
        steps: dict[tuple[str, str], int] = {}
        handed: list[ParallelBlock] = []
        for target, items in inflow.items():
            into = ids[target]
            for source, block in items:
                if block is None:
                    successors[ids[source]].append(into)
                elif (source, target) not in steps:
                    steps[source, target] = len(successors)
                    successors[ids[source]].append(len(successors))
                    successors.append([into])
                    handed.append(block)
        order = postorder(ids[flow.start], successors) if flow.start is not None else []
        order.reverse()
        number = [-1] * len(successors)
        for position, index in enumerate(order):
            number[index] = position
        count = len(order)
        predecessors: list[list[int]] = [[] for _ in range(count)]
        for position, index in enumerate(order):
            for target in successors[index]:
                predecessors[number[target]].append(position)
        self._leaf = [not successors[index] for index in order]
        self._number = {name: number[index] for name, index in ids.items() if number[index] >= 0}
        self._steps = {step: number[index] for step, index in steps.items() if number[index] >= 0}
        self._handed = {
            number[len(names) + offset]: block
            for offset, block in enumerate(handed)
            if number[len(names) + offset] >= 0
        }
        self._predecessors = predecessors
        self._pre, self._size = _dominator_tree(predecessors)
        self._carries = (self._carried(False), self._carried(True))

    def _carried(self, pessimistic: bool) -> dict[str, list[int]]:
        """Key → the (reachable) hand-over steps that carry it; :data:`_ALL` for steps that
        carry every key. Mirrors ``ContextFlow._carried``."""
        flow = self.flow
        result: dict[str, list[int]] = {}
        if typed_outputs.applies(flow.workflow):
            return result  # that engine's join merges nothing
        for step, block in self._handed.items():
            sets: list[frozenset[str] | None] = [
                None if branch in flow.opaque else flow.keys_by_node.get(branch, frozenset())
                for branch in block.branches
            ]
            if pessimistic and block.lossy:
                if all(item is None for item in sets):
                    carried: Iterable[str] = (_ALL,)
                else:
                    known = [item for item in sets if item is not None]
                    carried = known[0].intersection(*known[1:])
            elif any(item is None for item in sets):
                carried = (_ALL,)
            else:
                carried = frozenset().union(*(item for item in sets if item is not None))
            for key in carried:
                result.setdefault(key, []).append(step)
        return result

    def _raw_writers(self, key: str, pessimistic: bool) -> list[int]:
        """The reachable writers of ``key``: its producers, the opaque nodes and the
        hand-over steps that carry it."""
        flow = self.flow
        number = self._number
        found = [number[name] for name in flow.producers[key] if name in number]
        if flow.opaque:
            found += [number[name] for name in flow.opaque if name in number]
        carries = self._carries[pessimistic]
        if carries:
            found += carries.get(key, ())
            found += carries.get(_ALL, ())
        return found

    def _writers_of(self, key: str, pessimistic: bool) -> tuple[int, ...]:
        """The writers of ``key`` that matter: not leaves, not strictly dominated by another
        writer (in dominator-tree preorder)."""
        memo = self._writers[pessimistic]
        found = memo.get(key)
        if found is None:
            pre, size, leaf = self._pre, self._size, self._leaf
            raw = self._raw_writers(key, pessimistic)
            if len(raw) == 1:  # (most keys: one producer, nothing opaque, no parallel block)
                found = memo[key] = () if leaf[raw[0]] else (raw[0],)
                return found
            kept: list[int] = []
            candidates = sorted({item for item in raw if not leaf[item]}, key=pre.__getitem__)
            # The kept writers' subtrees are disjoint and come in preorder, so the only one
            # that can hold a later candidate is the last one kept (linear, where testing every
            # kept writer was quadratic in a key's writers: 4,000 branches writing one key)
            for item in candidates:
                if kept:
                    last = kept[-1]
                    if pre[last] < pre[item] < pre[last] + size[last]:
                        continue
                kept.append(item)
            found = memo[key] = tuple(kept)
        return found

    def _test(self, key: str, pessimistic: bool) -> tuple[int, int] | int:
        """How to tell whether ``key`` is written strictly before a node on every path from
        the start: ``(low, high)``, the node's dominator-tree preorder number lies strictly
        between them (one writer; none: an empty range); or the key's slot in
        :meth:`_solved`'s entries."""
        memo = self._tests[pessimistic]
        found = memo.get(key)
        if found is None:
            writers = self._writers_of(key, pessimistic)
            if not writers:
                found = (0, 0)
            elif len(writers) == 1:
                low = self._pre[writers[0]]
                found = (low, low + self._size[writers[0]])
            else:
                found = self._solved(pessimistic)[0][key]
            memo[key] = found
        return found

    def _solved(self, pessimistic: bool) -> tuple[dict[str, int], list[int]]:
        """The keys with more than one writer that matters, and ``ContextFlow._solve``'s
        entries over those keys only."""
        memo = self._hard[pessimistic]
        if memo is not None:
            return memo
        slots: dict[str, int] = {}
        for key in self.flow.producers:
            if len(self._writers_of(key, pessimistic)) > 1:
                slots[key] = len(slots)
        universe = (1 << len(slots)) - 1
        count = len(self._predecessors)
        gen = [0] * count
        for key, slot in slots.items():
            for item in self._raw_writers(key, pessimistic):
                gen[item] |= 1 << slot
        out = [universe] * count
        entries = [0] * count
        changed = True
        while changed:
            changed = False
            for node, sources in enumerate(self._predecessors):
                value = 0
                if node:  # (nothing is available when the start runs)
                    value = universe
                    for source in sources:
                        value &= out[source]
                entries[node] = value
                value |= gen[node]
                if value != out[node]:
                    out[node] = value
                    changed = True
        memo = self._hard[pessimistic] = (slots, entries)
        return memo

    def _available(self, key: str, node: str, after: bool, pessimistic: bool) -> bool:
        producers = self.flow.producers.get(key)
        if producers is None:
            return True
        index = self._number.get(node)
        if index is None:
            return True  # unreachable (or no start)
        if after and (node in producers or node in self.flow.opaque):
            return True
        test = self._tests[pessimistic].get(key)
        if test is None:
            test = self._test(key, pessimistic)
        if isinstance(test, tuple):
            return test[0] < self._pre[index] < test[1]
        return bool(self._solved(pessimistic)[1][index] >> test & 1)

    def always(self, key: str, node: str, after: bool) -> bool:
        """:meth:`ContextFlow.always_available`."""
        if not self.exact:
            return self.flow.always_available(key, node, after)
        return self._available(key, node, after, False)

    def survives(self, key: str, node: str, after: bool) -> bool:
        """:meth:`ContextFlow.survives_branch_failure`."""
        if not self.exact:
            return self.flow.survives_branch_failure(key, node, after)
        return self._available(key, node, after, True)

    # -- witness paths -------------------------------------------------------------------

    def witness(self, key: str, node: str, after: bool, limit: int = 8) -> Witness | None:
        """:meth:`ContextFlow.witness`."""
        flow = self.flow
        if not self.exact:
            return flow.witness(key, node, after, limit)
        if key not in flow.producers or node not in self._number:
            return None
        depth = flow.tree[1]
        steps = self._steps
        carriers = self._carriers(key)
        written = self._written(key)

        if carriers:

            def lacks(candidate: str, into: str) -> bool:
                return (
                    candidate in depth
                    and not written(candidate)
                    and steps.get((candidate, into)) not in carriers
                )
        else:

            def lacks(candidate: str, into: str) -> bool:
                return candidate in depth and not written(candidate)

        pre = self._bfs_tree[0]
        intervals = self._tree_intervals(key, carriers)
        if len(intervals) == 1:
            [(low, high)] = intervals

            def on_tree_path(name: str) -> bool:
                return low <= pre[name] < high
        else:

            def on_tree_path(name: str) -> bool:
                at = pre[name]
                return any(low <= at < high for low, high in intervals)

        return flow.walk_back(node, after, lacks, written, on_tree_path, _never, limit)

    def _written(self, key: str) -> Callable[[str], bool]:
        """Is ``key``, a produced key, available after a reachable node on every path from
        the start (:meth:`_available` for one key)?"""
        producers = self.flow.producers[key]
        opaque = self.flow.opaque
        number = self._number
        test = self._test(key, False)
        if isinstance(test, tuple):
            low, high = test
            pre = self._pre

            def written(name: str) -> bool:
                return name in producers or name in opaque or low < pre[number[name]] < high
        else:
            entries = self._solved(False)[1]

            def written(name: str) -> bool:
                return (
                    name in producers or name in opaque or bool(entries[number[name]] >> test & 1)
                )

        return written

    def _carriers(self, key: str) -> frozenset[int]:
        """The hand-over steps that carry ``key`` (:meth:`ContextFlow._step_bits`)."""
        carried = self._carries[False]
        if not carried:
            return frozenset()
        return frozenset((*carried.get(key, ()), *carried.get(_ALL, ())))

    @cached_property
    def _bfs_tree(self) -> tuple[dict[str, int], dict[str, int]]:
        """The breadth-first tree of :attr:`ContextFlow.tree`: each node's preorder number and
        the size of its subtree."""
        return _tree_numbers(self.flow.tree[0])

    @cached_property
    def _tree_steps(self) -> dict[int, str]:
        """The hand-over steps that are edges of the breadth-first tree, with their joins."""
        parents = self.flow.tree[0]
        return {
            step: target
            for (source, target), step in self._steps.items()
            if parents.get(target) == source
        }

    def _tree_intervals(self, key: str, carriers: frozenset[int]) -> list[tuple[int, int]]:
        """The preorder intervals of the breadth-first tree below a writer of ``key``: a
        producer, an opaque node, or the join of a tree step that carries it."""
        flow = self.flow
        pre, size = self._bfs_tree
        names: Iterable[str] = flow.producers[key]
        if flow.opaque:
            names = [*names, *flow.opaque]
        if carriers:
            joins = self._tree_steps
            names = [*names, *(joins[step] for step in carriers if step in joins)]
        return [(pre[name], pre[name] + size[name]) for name in names if name in pre]


def _never(source: str, target: str) -> bool:
    return False


def _dominator_tree(predecessors: list[list[int]]) -> tuple[list[int], list[int]]:
    """Preorder numbers and subtree sizes of the dominator tree of a graph whose nodes are
    numbered in reverse postorder from node 0, the entry (Cooper, Harvey and Kennedy's
    algorithm). The first pass uses the forward edges only and is exact when every other
    edge goes to a node that dominates its source (a reducible graph: loops entered at
    their head); otherwise passes over every edge run to the fixed point."""
    count = len(predecessors)
    idom = [0] * count
    for node in range(1, count):
        idom[node] = _meet(idom, (item for item in predecessors[node] if item < node))
    pre, size = _tree_numbers_of(idom)
    if all(
        pre[node] <= pre[item] < pre[node] + size[node]
        for node in range(count)
        for item in predecessors[node]
        if item >= node
    ):
        return pre, size
    changed = True
    while changed:
        changed = False
        for node in range(1, count):
            value = _meet(idom, iter(predecessors[node]))
            if value != idom[node]:
                idom[node] = value
                changed = True
    return _tree_numbers_of(idom)


def _meet(idom: list[int], sources: Iterable[int]) -> int:
    """The nearest common dominator of ``sources`` (numbered in reverse postorder)."""
    found = -1
    for item in sources:
        if found < 0:
            found = item
            continue
        other = item
        while other != found:
            while other > found:
                other = idom[other]
            while found > other:
                found = idom[found]
    return found


def _tree_numbers_of(parent: list[int]) -> tuple[list[int], list[int]]:
    """Preorder numbers and subtree sizes of the tree whose node ``n`` has parent
    ``parent[n]`` (``parent[n] < n`` for every node but the root, 0)."""
    count = len(parent)
    size = [1] * count
    for node in range(count - 1, 0, -1):
        size[parent[node]] += size[node]
    pre = [0] * count
    free = [1] * count
    for node in range(1, count):
        above = parent[node]
        pre[node] = free[above]
        free[above] += size[node]
        free[node] = pre[node] + 1
    return pre, size


def _tree_numbers(parents: dict[str, str | None]) -> tuple[dict[str, int], dict[str, int]]:
    """:func:`_tree_numbers_of` for a tree by name, listed parents first."""
    index = {name: position for position, name in enumerate(parents)}
    parent = [index[above] if above is not None else 0 for above in parents.values()]
    pre, size = _tree_numbers_of(parent)
    return dict(zip(parents, pre, strict=True)), dict(zip(parents, size, strict=True))
