"""Context-flow facts: who produces each key, which producers may reach a node, and which
keys are available on *every* path to it.

Key sets are Python integers used as bit sets (one bit per key), so both dataflow problems
run in time linear in nodes + edges per pass, and a question about one reference is a bit
test. The two analyses:

* may-reach (union): bit k of ``may_in[n]`` is set when some producer of k has a path of at
  least one edge to n — tracker's reachability check (every edge, synthesized fork/join edges
  included, conditions ignored, loops included; docs/runtime/context.md#the-variable-check).
* must-availability (intersection): bit k of ``must_in[n]`` is set when every path from the
  start to n passes a producer of k. Loops are solved to a fixed point; opaque nodes
  (subgraph, manager_loop) may write anything. Back edges (`loop`, `restart: true`) are
  ordinary edges: a tracker loop restart clears completion state and retry counts, not the
  context, so keys written on an earlier pass stay available.

Paths follow the runtime, not the drawing. A ``parallel`` node runs *every* branch inside its
handler on a snapshot of the context, and the ``fan_in`` merges the updates of all successful
branches (docs/runtime/parallel.md#fan-in, ``handlers/parallel.go``/``fanin.go``); the main loop
goes
from the parallel node straight to its join (the synthesized ``P -> J`` edge, taken by
suggestion, §0.2). So the must-analysis walks ``P -> J`` carrying the *union* of the branches'
writes, a branch node sees the parallel node's context, and a branch's own outgoing edges are
never followed (the runtime ignores them). The pessimistic variant, for blocks whose
``fan_in_policy`` lets the join succeed with a failed branch, carries the *intersection*
instead: what survives any branch failing.

In the typed-outputs DOT dialect (seed 003) the producers are that engine's (declared outputs,
facts, inputs: ``analysis/typed_outputs.py``) and an edge with ``loop_restart=true`` clears the
iteration context, so only the declared inputs reach its target (:meth:`_across`); its
join does not merge branch outputs (they are read through ``parallel.results``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import cached_property

from dipcheck.analysis import runtime, typed_outputs
from dipcheck.analysis.bitsets import Bits, Sparse, positions
from dipcheck.analysis.graph import components, postorder
from dipcheck.model import Edge, Node, NodeKind, Workflow
from dipcheck.records import record
from dipcheck.references import ListItem


@record(frozen=True, slots=True)
class Witness:
    """A path from the start that passes no producer. When the path is long, ``skipped``
    nodes between the first node and the rest are left out."""

    nodes: tuple[str, ...]
    skipped: int
    cleared: tuple[str, str] | None = None  # a clearing restart on the path (seed 003)

    def render(self) -> str:
        if self.skipped and len(self.nodes) > 1:
            head, rest = self.nodes[0], self.nodes[1:]
            return " → ".join((head, f"… ({self.skipped} more)", *rest))
        return " → ".join(self.nodes)


@record(frozen=True, slots=True)
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
                for item in runtime.entries(writes, workflow):
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
        if typed_outputs.applies(workflow):  # declared outputs, facts, inputs (seed 003)
            for node_id, key, item in typed_outputs.productions(workflow):
                result.append(Production(node_id, key, item))
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
                or typed_outputs.is_opaque(node)
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
    def positions(self) -> dict[str, int]:
        """Each produced key's bit position in the tables. (Positions, not the bits: a table of
        ``1 << position`` for 10,000 keys holds 10,000 integers of up to 10,000 bits, 7 MB.)"""
        return {key: index for index, key in enumerate(self.producers)}

    def bit(self, key: str) -> int:
        """``key``'s bit in the tables, 0 for a key no node produces."""
        position = self.positions.get(key)
        return 0 if position is None else 1 << position

    @cached_property
    def gen(self) -> Bits:
        """The keys each node writes, as bits (``gen[node]``, 0 for a node writing none)."""
        table: dict[str, list[int]] = {}
        for index, nodes in enumerate(self.producers.values()):
            for node in nodes:
                table.setdefault(node, []).append(index)
        return Bits(table)

    def release(self) -> None:
        """Forget the key-set tables (one integer of up to a bit per key for each node, 7 MB
        each at 10,000 nodes and keys) and the breadth-first tree the witnesses walk (about
        1 MB there); a later question builds the one it needs again."""
        for name in _TABLES:
            self.__dict__.pop(name, None)

    # -- graph ---------------------------------------------------------------------------

    @cached_property
    def edges(self) -> list[Edge]:
        """Every edge between declared nodes, as drawn (synthesized fork/join edges too)."""
        ids = set(self.node_ids)
        return [
            edge
            for edge in self.workflow.edges
            if edge.source.value in ids and edge.target.value in ids
        ]

    @cached_property
    def all_successors(self) -> dict[str, list[str]]:
        """Successors along every drawn edge: tracker's reachability (§1.3)."""
        table: dict[str, list[str]] = {node: [] for node in self.node_ids}
        for edge in self.edges:
            table[edge.source.value].append(edge.target.value)
        return table

    @cached_property
    def blocks(self) -> list[ParallelBlock]:
        """Every parallel node with its branches and the fan_in that joins them."""
        workflow = self.workflow
        ids = set(self.node_ids)
        if workflow.format == "yaml":
            return []
        join_ids = {node.id for node in workflow.nodes if node.kind is NodeKind.FAN_IN}
        result: list[ParallelBlock] = []
        for node in workflow.nodes:
            if node.kind is not NodeKind.PARALLEL or workflow.node_map[node.id] is not node:
                continue
            branches = [member.value for member in node.members if member.value in ids]
            if not branches:  # a fork drawn with edges (DOT): every target but a fan_in
                branches = [
                    edge.target.value
                    for edge in workflow.edges_from(node.id)
                    if edge.target.value in ids
                    and workflow.node_map[edge.target.value].kind is not NodeKind.FAN_IN
                ]
            branches = list(dict.fromkeys(branches))
            if not branches:
                continue
            join = self._join(branches[0], join_ids)
            members = [node] if join is None else [node, workflow.node_map[join]]
            policy = next(
                (text for text in (_policy_text(item) for item in members) if text), "any"
            )
            lossy = join is not None and not any(
                _strict_policy(item, len(branches)) for item in members
            )
            result.append(ParallelBlock(node.id, tuple(branches), join, lossy, policy))
        return result

    def _join(self, first: str, joins: set[str]) -> str | None:
        """The fan_in whose sources include the first branch (the adapter's rule, §0.2), else
        the one of ``joins`` (every fan_in) it leads to (a fork drawn with edges)."""
        found = runtime.first_fan_in(self.workflow).get(first)
        if found is not None:
            return found
        for edge in self.workflow.edges_from(first):
            if edge.target.value in joins:
                return edge.target.value
        return None

    @cached_property
    def branch_of(self) -> dict[str, str]:
        """Branch node → its parallel node, for nodes that only ever run as a branch (every
        edge into them comes from their parallel node)."""
        result: dict[str, str] = {}
        for block in self.blocks:
            for branch in block.branches:
                sources = {edge.source.value for edge in self.workflow.edges_to(branch)}
                if sources <= {block.parallel}:
                    result.setdefault(branch, block.parallel)
        return result

    @cached_property
    def inflow(self) -> dict[str, list[tuple[str, ParallelBlock | None]]]:
        """The runtime's flow graph, backwards: each node's predecessors, and the parallel
        block when the step is a parallel node handing over to its join. A branch-only
        node's own edges are never followed (except a nested parallel's forks)."""
        table: dict[str, list[tuple[str, ParallelBlock | None]]] = {
            node: [] for node in self.node_ids
        }
        by_parallel = {block.parallel: block for block in self.blocks}
        branch_of = self.branch_of
        joined: set[tuple[str, str]] = set()
        for edge in self.edges:
            source, target = edge.source.value, edge.target.value
            if source in branch_of:
                block = by_parallel.get(source)
                if block is None or target not in block.branches:
                    continue
            block = by_parallel.get(source)
            if block is not None and target == block.join and source not in branch_of:
                joined.add((source, target))
                table[target].append((source, block))
            else:
                table[target].append((source, None))
        for block in self.blocks:
            key = (block.parallel, block.join or "")
            if block.join is not None and block.parallel not in branch_of and key not in joined:
                table[block.join].append((block.parallel, block))
        return table

    @cached_property
    def predecessors(self) -> dict[str, list[str]]:
        return {node: [source for source, _ in items] for node, items in self.inflow.items()}

    @cached_property
    def successors(self) -> dict[str, list[str]]:
        """Successors in the runtime's flow graph (see :attr:`inflow`)."""
        table: dict[str, list[str]] = {node: [] for node in self.node_ids}
        for target in self.node_ids:  # keep the drawn order of each source's edges
            for source, _ in self.inflow[target]:
                table[source].append(target)
        order = {
            (edge.source.value, edge.target.value): index for index, edge in enumerate(self.edges)
        }
        for source, targets in table.items():
            targets.sort(key=lambda target: order.get((source, target), len(order)))
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
        """Nodes the runtime can go to from ``seeds`` (the seeds included)."""
        return self._walk(seeds, self.successors)

    def reaching(self, node: str) -> set[str]:
        """Nodes the runtime can come from to ``node`` (``node`` included)."""
        return self._walk([node], self.predecessors)

    def drawn_reach(self, seeds: Iterable[str]) -> set[str]:
        """Nodes reached from ``seeds`` along any drawn edge (the seeds included; §1.3)."""
        return self._walk(seeds, self.all_successors)

    @cached_property
    def opaque_reach(self) -> set[str]:
        """Nodes an opaque node reaches along any drawn edge (themselves included; §1.2)."""
        return self.drawn_reach(self.opaque)

    @cached_property
    def start(self) -> str | None:
        start = self.workflow.start
        return start if start in self.inflow else None

    # -- may-reach -----------------------------------------------------------------------

    @cached_property
    def may_in(self) -> dict[str, int]:
        """Keys some producer reaches along at least one edge (:func:`may_solve`)."""
        return may_solve(self.node_ids, self.all_successors, self.gen)

    def may_reach(self, key: str, node: str, after: bool) -> bool:
        """Does some producer of ``key`` reach ``node``? ``after``: the reference is evaluated
        after the node ran (an edge condition), so the node's own writes count."""
        bit = self.bit(key)
        if not bit:
            return False
        available = self.may_in.get(node, 0)
        if after or self.self_reach:
            available |= self.gen.get(node, 0)
        return bool(available & bit)

    # -- must-availability ---------------------------------------------------------------

    @cached_property
    def universe(self) -> int:
        return (1 << len(self.positions)) - 1

    @cached_property
    def reachable(self) -> set[str]:
        return self.reach([self.start]) if self.start is not None else set()

    def _branch_bits(self, branch: str) -> int:
        return self.universe if branch in self.opaque else self.gen[branch]

    def _carried(self, pessimistic: bool) -> dict[str, int]:
        """What each parallel block adds on its way to the join, by parallel node id: the
        union of its branches' writes, or (pessimistic, for a lossy block) what every branch
        writes."""
        result: dict[str, int] = {}
        merged = not typed_outputs.applies(self.workflow)  # seed 003: only parallel.results
        for block in self.blocks:
            if not merged:
                result[block.parallel] = 0
                continue
            bits = [self._branch_bits(branch) for branch in block.branches]
            if pessimistic and block.lossy:
                value = self.universe
                for item in bits:
                    value &= item
            else:
                value = 0
                for item in bits:
                    value |= item
            result[block.parallel] = value
        return result

    def _solve(self, carried: dict[str, int]) -> tuple[Sparse, Sparse]:
        """Keys available on entry to each reachable node and after each node, on every path
        from the start (fixed point). The entries are those of the last pass: it changed
        nothing, so each was made from the final values."""
        if self.start is None:
            return Sparse({}), Sparse({})
        universe = self.universe
        gen = self.gen
        opaque = self.opaque
        order = self._reverse_postorder()
        out = dict.fromkeys(self.node_ids, universe)
        entries: dict[str, int] = {}
        changed = True
        while changed:
            changed = False
            for node in order:
                value = entries[node] = self._entry(node, out, carried)
                value = universe if node in opaque else value | gen[node]
                if value != out[node]:
                    out[node] = value
                    changed = True
        return Sparse(entries), Sparse(out)

    def _entry(self, node: str, out: dict[str, int], carried: dict[str, int]) -> int:
        if node == self.start:
            return 0
        value = self.universe
        reachable = self.reachable
        for source, block in self.inflow[node]:
            if source in reachable:
                incoming = out[source] | (carried[block.parallel] if block is not None else 0)
                value &= self._across(source, node, incoming)
        return value

    # -- restarts that clear the context (the typed-outputs engine's `loop_restart`) -----

    @cached_property
    def clearing(self) -> frozenset[tuple[str, str]]:
        """Steps ``source -> target`` that clear the iteration context on the way."""
        if not typed_outputs.applies(self.workflow):
            return frozenset()
        return frozenset(
            (edge.source.value, edge.target.value)
            for edge in self.edges
            if typed_outputs.restarts(edge)
        )

    @cached_property
    def kept(self) -> int:
        """The keys a clearing restart keeps (the declared inputs)."""
        value = 0
        for key in typed_outputs.kept_keys(self.workflow):
            value |= self.bit(key)
        return value

    def _across(self, source: str, target: str, value: int) -> int:
        """What of ``value`` (available after ``source``) is still there at ``target``."""
        if self.clearing and (source, target) in self.clearing:
            return value & self.kept
        return value

    @cached_property
    def carried(self) -> dict[str, int]:
        """What each parallel block carries to its join: the union of its branches' writes."""
        return self._carried(pessimistic=False)

    @cached_property
    def _must(self) -> tuple[Sparse, Sparse]:
        return self._solve(self.carried)

    @property
    def must_out(self) -> Sparse:
        """Keys available after each node on every path from the start."""
        return self._must[1]

    @property
    def must_in(self) -> Sparse:
        """Keys available when each reachable node starts, on every path from the start."""
        return self._must[0]

    @cached_property
    def _pessimistic(self) -> tuple[Sparse, Sparse]:
        """``(must_in, must_out)`` when every lossy parallel block may lose a failed branch's
        writes; the optimistic tables when no block is lossy."""
        if not any(block.lossy for block in self.blocks):
            return self._must
        return self._solve(self._carried(pessimistic=True))

    def _reverse_postorder(self) -> list[str]:
        assert self.start is not None
        order = postorder(self.start, self.successors)
        order.reverse()
        return order

    def always_available(self, key: str, node: str, after: bool) -> bool:
        """Is ``key`` written on every path from the start to ``node`` (or, ``after``, to the
        moment ``node`` finished)? True when the start is invalid or ``node`` unreachable."""
        bit = self.bit(key)
        if not bit or node not in self.reachable:
            return True
        table = self.must_out if after else self.must_in
        return bool(table.get(node, self.universe) & bit)

    def survives_branch_failure(self, key: str, node: str, after: bool) -> bool:
        """Is ``key`` still available at ``node`` when a branch of a lossy parallel block
        fails and its join succeeds anyway? True when no lossy block is involved."""
        bit = self.bit(key)
        if not bit or node not in self.reachable:
            return True
        must_in, must_out = self._pessimistic
        table = must_out if after else must_in
        return bool(table.get(node, self.universe) & bit)

    def losing_blocks(self, key: str, node: str) -> list[ParallelBlock]:
        """Lossy parallel blocks that run before ``node`` in which some, but not every,
        branch writes ``key``."""
        bit = self.bit(key)
        if not bit:
            return []
        partial, joins = self._losses
        found = partial.get(bit.bit_length() - 1, 0) & joins.get(node, 0)
        return [self.blocks[position] for position in positions(found)]

    @cached_property
    def _losses(self) -> tuple[dict[int, int], dict[str, int]]:
        """For :meth:`losing_blocks`, with lossy blocks as bits by their position in
        :attr:`blocks`: by key (bit position), the blocks in which some but not every branch
        writes it; by node, the blocks whose join reaches it (itself included), solved in
        one pass over the strongly connected components of the flow graph (by a search from
        the join when there is one)."""
        partial: dict[int, int] = {}
        joins: dict[str, int] = {}
        for position, block in enumerate(self.blocks):
            if not block.lossy:
                continue
            union, common = 0, self.universe
            for branch in block.branches:
                bits = self._branch_bits(branch)
                union |= bits
                common &= bits
            for slot in positions(union & ~common):
                partial[slot] = partial.get(slot, 0) | 1 << position
            if block.join is not None:
                joins[block.join] = joins.get(block.join, 0) | 1 << position
        if not partial or not joins:
            return partial, {}
        if len(joins) == 1:
            # one join (most workflows): the nodes it reaches, without the search for the
            # graph's cycles (most of the table's cost on a 1,500-node fan-out)
            [(join, value)] = joins.items()
            return partial, dict.fromkeys(self.reach([join]), value)
        successors = self.successors
        reached = dict.fromkeys(self.node_ids, 0)
        for node, value in joins.items():
            reached[node] = value
        for component in components(self.node_ids, successors):
            if len(component) > 1:
                value = 0
                for node in component:
                    value |= reached[node]
                for node in component:
                    reached[node] = value
            for node in component:
                value = reached[node]
                if value:
                    for target in successors[node]:
                        reached[target] |= value
        return partial, reached

    def keys_always(self, node: str, after: bool = False) -> list[str]:
        """Produced keys written on every path from the start to ``node`` (sorted)."""
        if node not in self.reachable:
            return []
        table = self.must_out if after else self.must_in
        value = table.get(node, 0)
        return sorted(key for key, index in self.positions.items() if value >> index & 1)

    def keys_maybe(self, node: str, after: bool = False) -> list[str]:
        """Produced keys some producer can deliver to ``node`` (sorted; tracker's notion)."""
        value = self.may_in.get(node, 0)
        if after or self.self_reach:
            value |= self.gen.get(node, 0)
        return sorted(key for key, index in self.positions.items() if value >> index & 1)

    # -- witness paths -------------------------------------------------------------------

    @cached_property
    def tree(self) -> tuple[dict[str, str | None], dict[str, int]]:
        """A breadth-first tree of the flow graph from the start: parent and depth of every
        reachable node."""
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

    def _step_bits(self, source: str, target: str) -> int:
        """What the step ``source -> target`` adds beyond ``source``'s own output: a parallel
        node handing over to its join carries its branches' writes."""
        for item, block in self.inflow[target]:
            if item == source and block is not None:
                return self.carried[block.parallel]
        return 0

    @cached_property
    def tree_gen(self) -> dict[str, int]:
        """Keys written somewhere on the tree path from the start to each node (inclusive)."""
        parents, depth = self.tree
        gen = self.gen
        result: dict[str, int] = {}
        for node in sorted(depth, key=depth.__getitem__):
            parent = parents[node]
            own = self.universe if node in self.opaque else gen[node]
            if parent is not None:
                own |= self._across(parent, node, result[parent] | self._step_bits(parent, node))
            result[node] = own
        return result

    def witness(self, key: str, node: str, after: bool, limit: int = 8) -> Witness | None:
        """A path from the start to ``node`` on which no node writes ``key`` (when the read
        happens before ``node`` runs, ``node`` itself may write it); see :meth:`walk_back`."""
        bit = self.bit(key)
        if not bit or self.start is None or node not in self.reachable:
            return None
        must_out = self.must_out
        tree_gen = self.tree_gen
        depth = self.tree[1]

        def lacks(candidate: str, into: str) -> bool:
            if candidate not in depth:
                return False
            value = must_out[candidate] | self._step_bits(candidate, into)
            return not self._across(candidate, into, value) & bit

        return self.walk_back(
            node,
            after,
            lacks,
            lambda name: bool(must_out[name] & bit),
            lambda name: bool(tree_gen[name] & bit),
            lambda source, target: self._clears(source, target, bit),
            limit,
        )

    def walk_back(
        self,
        node: str,
        after: bool,
        lacks: Callable[[str, str], bool],
        written: Callable[[str], bool],
        on_tree_path: Callable[[str], bool],
        clears: Callable[[str, str], bool],
        limit: int,
    ) -> Witness | None:
        """The witness of one key at a reachable ``node``, from the key's answers:
        ``lacks(p, n)``, the key is missing after the step ``p -> n``; ``written(n)``, it
        is available after ``n``; ``on_tree_path(n)``, some node (or step) of the tree path
        from the start to ``n`` writes it; ``clears(p, n)``, the step clears it.

        Built without a search per finding: walk back from the reader through predecessors
        that lack the key until the breadth-first tree path from the start is itself free
        of producers. Only the last ``limit`` nodes of that tree path are materialised. The
        path follows the flow graph, so it never passes through a single branch of a
        parallel block."""
        parents, depth = self.tree
        tail: list[str] = []
        visited = {node}
        current: str | None = node
        if not after:
            if node == self.start:
                return Witness((node,), 0)
            tail.append(node)
            current = self._back(node, lacks, visited)
        elif node not in depth or written(node):
            return None
        cleared: tuple[str, str] | None = None
        while current is not None and on_tree_path(current):
            if tail and clears(current, tail[-1]):
                cleared = (current, tail[-1])  # any path to the restart will do
                break
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
        return Witness((*reversed(prefix), *reversed(tail)), max(skipped, 0), cleared)

    def _clears(self, source: str, target: str, bit: int) -> bool:
        return (source, target) in self.clearing and not self.kept & bit

    def _back(self, node: str, lacks: Callable[[str, str], bool], visited: set[str]) -> str | None:
        """The predecessor nearest the start that also lacks the key."""
        depth = self.tree[1]
        found: str | None = None
        nearest = 0
        for source in self.predecessors[node]:  # (the first of the nearest, as min() picks)
            if source not in visited and lacks(source, node):
                at = depth[source]
                if found is None or at < nearest:
                    found, nearest = source, at
        return found


def may_solve(
    node_ids: list[str],
    successors: dict[str, list[str]],
    gen: Bits | dict[str, int],
    order: list[str] | None = None,
) -> dict[str, int]:
    """The keys of ``gen`` (bits by node) that reach each node along at least one edge of
    ``successors``: the least solution of the union equations, one pass over the strongly
    connected components in order (inside a cycle every node reaches every other, itself
    included). ``order``: the nodes of a graph without cycles, each before the nodes it
    leads to (each is then a component of its own)."""
    reach = dict.fromkeys(node_ids, 0)
    if order is not None:
        for node in order:
            out = reach[node] | gen.get(node, 0)
            if out:
                for target in successors[node]:
                    reach[target] |= out
        return reach
    for component in components(node_ids, successors):
        first = component[0]
        if len(component) > 1 or first in successors[first]:
            value = 0
            for node in component:
                value |= reach[node] | gen.get(node, 0)
            for node in component:
                reach[node] = value
        for node in component:
            out = reach[node] | gen.get(node, 0)
            for target in successors[node]:
                reach[target] |= out
    return reach


_TABLES = ("gen", "may_in", "_must", "_pessimistic", "tree_gen", "carried", "_losses", "tree")


@record(frozen=True, slots=True)
class ParallelBlock:
    """A parallel node, its branches (in order) and the fan_in that joins them. ``lossy``:
    the join can succeed while a branch failed (``fan_in_policy`` ``any``, the default, or a
    ``quorum`` below the branch count), so a failed branch's writes can be missing.
    ``policy`` is the policy as written (on the parallel node, else on the join)."""

    parallel: str
    branches: tuple[str, ...]
    join: str | None
    lossy: bool
    policy: str = "any"


def _policy_value(node: Node, key: str) -> str:
    """A parallel/fan_in setting, as a field or inside ``params:`` (the adapter copies
    ``params`` into the node's attributes, §0.2)."""
    value = node.value(key).strip()
    if value:
        return value
    params = node.get("params")
    if params is not None:
        for child in params.children:
            if child.key == key:
                return child.text.strip()
    return ""


def _policy_text(node: Node) -> str:
    """``all``, ``any``, ``quorum 2`` … as written on the node, or ``""``."""
    policy = _policy_value(node, "fan_in_policy").lower()
    if policy == "quorum":
        return f"quorum {_policy_value(node, 'quorum')}".strip()
    return policy


def _strict_policy(node: Node, branches: int) -> bool:
    """Does the node's ``fan_in_policy`` fail the block when any branch fails (§5.7)?"""
    policy = _policy_value(node, "fan_in_policy").lower()
    if policy == "all":
        return True
    if policy == "quorum":
        try:
            return int(_policy_value(node, "quorum")) >= branches
        except ValueError:
            return False
    return False
