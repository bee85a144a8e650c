"""What the world can do at a node visit, for ``--all-paths``: every alternative that can change
the route (docs/runtime/edge-selection.md#preferred-label and
docs/runtime/edge-selection.md#other-kinds).

* an agent: success (with each combination of the values conditions compare its ``writes:``
  keys with, and one they do not), fail, retry;
* a tool: exit 0 and exit 1, each with every output the conditions that can read it compare
  against (and one they do not), each ``marker_grep`` match, and on exit 0 each combination of
  its written keys' values;
* a human gate: each answer (the gate's default first), for yes/no gates Yes and No, for
  freeform gates each edge label and a text matching none, for interviews answered and
  cancelled;
* an operand nothing in the run sets: each value a condition compares it with, and none;
* a child workflow (subgraph, manager loop): each distinct way it can end, with the context it
  hands back as far as the parent can read it (explored once for all the parent's values of
  the keys it writes before it reads them, where that is exact: :meth:`ExploreOracle.runs`).

The success alternatives come first. Where a combination would exceed a cap the oracle says so
(:attr:`ExploreOracle.cuts`) and the exploration is not complete.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from dipcheck.analysis.runtime import Handler
from dipcheck.simulate import composite, explain
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import declared_writes, producible
from dipcheck.simulate.runner import Machine, State
from dipcheck.simulate.scenario import Scenario
from dipcheck.simulate.statekey import live_keys, relevant_keys, successors
from dipcheck.simulate.world import ChildRun, Choice

if TYPE_CHECKING:
    from dipcheck.simulate.explore import Explorer, Terminal
    from dipcheck.simulate.trace import End

OTHER = "⟨other⟩"  # a value no condition compares with
MAX_WRITE_COMBINATIONS = 16
MAX_FREE_COMBINATIONS = 64
MAX_SHARED = 64  # child explorations kept for reuse (each holds its ends and some state keys)
_CHILDREN = (Handler.SUBGRAPH, Handler.MANAGER_LOOP)  # nodes that run a child workflow


def comparisons_by_key(graph: RunGraph, machine: Machine) -> dict[str, list[explain.Comparison]]:
    """Every comparison of every condition (and manager-loop condition), by the bare key —
    the child workflows' too: a key the parent writes can route a child (§5.7)."""
    cache = graph.memo.setdefault("comparisons_by_key", {})
    found = cache.get(machine.target)
    if found is None:
        found = cache[machine.target] = {}
        _comparisons(machine, found, set())
    return found


def _comparisons(
    machine: Machine, table: dict[str, list[explain.Comparison]], seen: set[int]
) -> None:
    graph = machine.graph
    seen.add(id(graph.workflow))
    splits = machine.target.splits_condition_keywords
    texts = [graph.condition_text(edge) for edge in graph.all_edges]
    for node in graph.nodes:
        for name in ("stop_condition", "steer_condition"):
            text = graph.attr(node, name)
            if text:
                texts.append(text)
        if graph.handler(node) in _CHILDREN:
            child = composite.child_of(machine, node)
            if child is not None and id(child.graph.workflow) not in seen:
                _comparisons(child, table, seen)
    for text in texts:
        for item in explain.comparisons(text, splits):
            table.setdefault(explain.bare(item.left), []).append(item)


def candidates(items: list[explain.Comparison]) -> list[str]:
    """Values that make each comparison true, then one that makes none true."""
    values: list[str] = []
    for item in items:
        op = item.op.removeprefix("not ")
        if op == "in":
            options = [part.strip() for part in item.right.split(",")]
        elif op in (">", ">=", "<", "<="):
            options = _numbers(item.right)
        else:
            options = [item.right]
        for option in options:
            if option not in values:
                values.append(option)
    values.append(OTHER)
    return values


def _numbers(text: str) -> list[str]:
    try:
        number = float(text)
    except ValueError:
        return [text]
    shown = [number - 1, number, number + 1]
    return [str(int(value)) if value.is_integer() else str(value) for value in shown]


class ExploreOracle:
    """Every alternative; nodes a scenario names keep the scenario's answer."""

    share_children = True  # False: each distinct start of a child explored afresh (tests)

    def __init__(self, explorer: Explorer, scenario: Scenario, max_states: int) -> None:
        self.explorer = explorer
        self.scenario = scenario
        self.max_states = max_states
        self.keep = explorer.relevant  # the keys it reads from a child workflow's context
        self.child_runs: dict[tuple[Any, ...], list[ChildRun]] = {}
        self.shared: dict[tuple[Any, ...], _Shared | None] = {}
        self.carried: dict[int, frozenset[str]] = {}
        self.local: dict[tuple[int, str, str], list[str]] = {}
        self.cuts: list[str] = []

    def cut(self, reason: str) -> None:
        if reason not in self.cuts:
            self.cuts.append(reason)

    def _table(self, machine: Machine) -> dict[str, list[explain.Comparison]]:
        return comparisons_by_key(machine.graph, machine)

    def _readers(self, machine: Machine, key: str) -> list[explain.Comparison]:
        """The comparisons that can read the key named ``key``: an operand names the key as
        written, or with a ``ctx.``/``context.`` prefix that ``routing.resolve`` drops when
        no key is named as written (docs/runtime/conditions.md). A key named ``ctx.K`` (a
        declared write can make one) is read by the operand ``ctx.K`` itself."""
        table = self._table(machine)
        found = table.get(key, [])
        bare = explain.bare(key)
        if bare != key:
            found = [*found, *(item for item in table.get(bare, ()) if item.left == key)]
        return found

    def choices(self, machine: Machine, state: State, path: str, visit: int) -> list[Choice]:
        entries = self.scenario.nodes.get(path)
        if entries:
            return [entries[min(visit, len(entries)) - 1]]
        graph = machine.graph
        node = path.rsplit("/", 1)[-1]
        handler = graph.handler(node)
        if graph.format == "yaml":
            results = [r for r in producible(graph, node) if r not in ("success", "fail")]
            return [Choice(), *(Choice(outcome=item) for item in results), Choice(outcome="fail")]
        if handler is Handler.CODERGEN:
            return [*self._writes(machine, node), Choice(outcome="fail"), Choice(outcome="retry")]
        if handler is Handler.TOOL:
            return list(self._tool(machine, node))
        if handler is Handler.HUMAN:
            return self._human(graph, node)
        return [Choice()]

    def _writes(self, machine: Machine, node: str) -> list[Choice]:
        """Success with each combination of values for the declared keys conditions read."""
        readers = {key: self._readers(machine, key) for key in declared_writes(machine.graph, node)}
        keys = [key for key, found in readers.items() if found]
        if not keys:
            return [Choice()]
        pools = [[None, *candidates(readers[key])] for key in keys]
        combos = list(itertools.islice(itertools.product(*pools), MAX_WRITE_COMBINATIONS + 1))
        if len(combos) > MAX_WRITE_COMBINATIONS:
            self.cut(
                f"`{node}` writes more value combinations than the explorer tries "
                f"({MAX_WRITE_COMBINATIONS})"
            )
            combos = combos[:MAX_WRITE_COMBINATIONS]
        return [
            Choice(writes=tuple((k, v) for k, v in zip(keys, combo, strict=True) if v))
            for combo in combos
        ]

    def _tool(self, machine: Machine, node: str) -> Iterator[Choice]:
        """Exit 0, then exit 1, each with every output the conditions that can read it compare
        against (and one they do not) and each marker match; a failed tool's output routes
        too, wherever a conditional edge reads it (§5.3 step 0 only applies without one)."""
        graph = machine.graph
        stdout = list(dict.fromkeys(["", *self._local(machine, node, "tool_stdout")]))
        markers: list[str | None] = [None]
        if graph.attr(node, "marker_grep"):
            # a match is taken to be one of the values conditions compare the marker with
            literals = self._local(machine, node, "tool_marker")[:-1]
            markers = [*literals, None]
        written = self._writes(machine, node)
        for text, marker in itertools.product(stdout, markers):
            for item in written:
                yield Choice(exit_code=0, stdout=text, marker=marker, writes=item.writes)
        for text, marker in itertools.product(stdout, markers):
            yield Choice(exit_code=1, stdout=text, marker=marker)

    def _local(self, machine: Machine, node: str, key: str) -> list[str]:
        """Candidate values of ``key`` from the conditions that can read the value ``node``
        writes: on its own edges, and for a tool's output on the edges of every node the run
        can reach before another tool overwrites it (empty when none reads ``key``)."""
        cache_key = (id(machine.graph), node, key)
        found = self.local.get(cache_key)
        if found is None:
            graph = machine.graph
            nodes = [node]
            if graph.handler(node) is Handler.TOOL:
                nodes = _until_next_tool(graph, node)
            items = [
                item
                for source in nodes
                for edge in graph.edges_from(source)
                for item in explain.edge_comparisons(graph, edge, machine.target)
                if explain.bare(item.left) == key
            ]
            for source in nodes:  # a child workflow gets the context, the output included
                if source != node and graph.handler(source) in _CHILDREN:
                    child = composite.child_of(machine, source)
                    if child is not None:
                        items += comparisons_by_key(child.graph, child).get(key, [])
            found = self.local[cache_key] = candidates(items) if items else []
        return found

    def _human(self, graph: RunGraph, node: str) -> list[Choice]:
        mode = graph.human_mode(node)
        edges = graph.edges_from(node)
        if mode == "yes_no":
            return [Choice(label="Yes"), Choice(label="No")]
        if mode == "interview":
            return [Choice(), Choice(outcome="fail")]
        labels = [edge.label or edge.target.value for edge in edges]
        if mode == "freeform":
            texts = [edge.label for edge in edges if edge.label] or ["auto-approved"]
            return [Choice(text=text) for text in dict.fromkeys([*texts, OTHER])]
        default = graph.attr(node, "default")
        first = [default] if default else []
        return [Choice(label=label) for label in dict.fromkeys([*first, *labels])] or [Choice()]

    def free(
        self, machine: Machine, state: State, node: str, keys: tuple[str, ...]
    ) -> list[Mapping[str, str]]:
        node_id = node.rsplit("/", 1)[-1]
        pools = [[None, *self._local(machine, node_id, key)] for key in keys]
        combos = list(itertools.islice(itertools.product(*pools), MAX_FREE_COMBINATIONS + 1))
        if len(combos) > MAX_FREE_COMBINATIONS:
            self.cut(
                f"the conditions on `{node_id}`'s edges compare unset keys with more value "
                f"combinations than the explorer tries ({MAX_FREE_COMBINATIONS})"
            )
            combos = combos[:MAX_FREE_COMBINATIONS]
        return [
            {key: value for key, value in zip(keys, combo, strict=True) if value is not None}
            for combo in combos
        ]

    def runs(self, machine: Machine, state: State) -> list[ChildRun]:
        """Each distinct way the child can end: its status, whether the engine returned an
        error, and the values it hands back of the keys the parent reads (the steps are those
        of the first run found that ends that way). A start that differs from another only in
        keys the child writes before it reads them reuses that one's exploration (see below)."""
        # (the node's path too: two nodes that run one child file with the same params share
        # its graph, and each names the child's steps under its own path)
        key = (id(machine.graph), machine.prefix, tuple(sorted(state.ctx.items())))
        found = self.child_runs.get(key)
        if found is None:
            found = self._reused(machine, state) if self.share_children else None
            if found is None:
                child = self._explorer(machine)
                explored = child.run(state, list_paths=False, facts=False)  # ends only
                self._cut_child(machine, explored.truncated)
                found = _ends(child.finals, self.keep)
            self.child_runs[key] = found
        return found

    def _explorer(self, machine: Machine) -> Explorer:
        return type(self.explorer)(  # an Explorer, without importing its module back
            machine,
            self.scenario,
            max_paths=0,
            max_states=self.max_states,
            keep=self.keep,
            deadline=self.explorer.deadline,
            max_memory=self.explorer.max_memory,
            memory_limit=self.explorer.memory_limit,
        )

    def _cut_child(self, machine: Machine, truncated: str) -> None:
        if truncated:
            where = machine.prefix.rstrip("/")
            self.cut(f"exploring the child workflow of `{where}`: {truncated}")

    # -- one exploration of a child for many values of the keys it writes before reading --
    #
    # A child started with the value V of a key k it writes before it reads it (k is not live
    # at its start, over every key the exploration keeps, and every node that hands the context
    # on reads them all) carries V, untouched and unread, in the state keys and final contexts
    # of the runs that have not written k yet: no condition, command, handler, nested child
    # or text sees it. Explored once with a marker M in k, the same exploration with V has
    # every state and final context with M replaced by V, step for step, provided that
    # replacement merges no two state keys the marked exploration told apart (V may equal a
    # value a tool writes: see `_Shared.fits`). Its ends are then grouped as the exploration
    # with V would group them, with V in place of M. Nested handlers charge the work budget
    # of the outermost node as the exploration with V would (all of it, or over the budget).

    def _reused(self, machine: Machine, state: State) -> list[ChildRun] | None:
        """The child's ends from the exploration with its carried keys marked, when it
        stands for this start (None: explore this start itself)."""
        carried = self._carried(machine)
        ctx = state.ctx
        names = tuple(sorted(name for name in ctx if name in carried))
        if not names:
            return None
        rest = tuple(sorted((k, v) for k, v in ctx.items() if k not in carried))
        key = (id(machine.graph), machine.prefix, machine.depth, composite.running_nodes())
        key += (names, rest)
        if key in self.shared:
            entry = self.shared[key]
        else:
            if len(self.shared) >= MAX_SHARED:  # the oldest forgotten: memory stays bounded
                del self.shared[next(iter(self.shared))]
            entry = self.shared[key] = self._marked(machine, state, names)
        values = {name: ctx[name] for name in names}
        if entry is None or not entry.fits(values):
            return None
        composite.charge(entry.spent)
        self._cut_child(machine, entry.truncated)
        return entry.ends(self.keep, values)

    def _carried(self, machine: Machine) -> frozenset[str]:
        """The keys the child writes before it reads (see above), but ``human_response`` (a
        codergen node and a parallel node's branches test it, unseen by the liveness)."""
        found = self.carried.get(id(machine.graph))
        if found is None:
            relevant = relevant_keys(machine) | self.keep  # what the child's explorer keeps
            live = live_keys(machine, relevant).get(machine.graph.start)
            found = frozenset()
            if live is not None:
                found = frozenset(name for name in relevant - live if name != "human_response")
            self.carried[id(machine.graph)] = found
        return found

    def _marked(self, machine: Machine, state: State, names: tuple[str, ...]) -> _Shared | None:
        """The child explored with a marker of its own in each of ``names`` (None when the
        exploration cannot stand for others: over the work budget, stopped by the clock, or
        a run wrote a marker's text itself)."""
        marks = {name: f"\x00{name} from the parent\x00" for name in names}  # (objects of
        start = state.copy()  # their own: a value is the parent's when it *is* the marker)
        start.ctx.update(marks)
        child = self._explorer(machine)
        noting = _Noting(child.key)
        child.key = noting
        done = composite.measured(lambda: child.run(start, list_paths=False, facts=False))
        if done is None:
            return None
        explored, spent = done
        if explored.halted and explored.states < self.max_states:
            return None  # the time limit, not the state limit
        marked: list[tuple[Any, ...]] = []
        plain: list[tuple[Any, ...]] = []
        for made in noting.made:
            hit = False
            for name, value in made[1]:  # the context part of a state key
                mark = marks.get(name)
                if mark is not None and value == mark:
                    if value is not mark:
                        return None
                    hit = True
            (marked if hit else plain).append(made)
        for _, final in child.finals:
            for name, value in final.items():
                if value in marks.values() and value is not marks.get(name):
                    return None
        # a key the parent's value could turn into: alike but for the marked keys' values
        shapes = {_shape(made, marks) for made in marked}
        others = {made for made in plain if _shape(made, marks) in shapes}
        # the first end of each group as the marked exploration groups them (a later one is
        # never the first of its group, whatever value replaces the marker)
        firsts: dict[tuple[Any, ...], tuple[Terminal, dict[str, str]]] = {}
        for terminal, final in child.finals:
            firsts.setdefault(_group(terminal.end, final, self.keep), (terminal, final))
        ends = [
            (None if any(v is marks.get(k) for k, v in final.items()) else group, terminal, final)
            for group, (terminal, final) in firsts.items()
        ]
        return _Shared(marks, marked, others, ends, explored.truncated, spent)


class _Noting:
    """A state-key function that keeps every key it makes."""

    def __init__(self, keys: Callable[[State], tuple[Any, ...]]) -> None:
        self.keys = keys
        self.made: set[tuple[Any, ...]] = set()

    def __call__(self, state: State) -> tuple[Any, ...]:
        found = self.keys(state)
        self.made.add(found)
        return found


class _Shared:
    """A child explored with markers in its carried keys: the state keys that hold a marker,
    those they could be mistaken for (the others at the same nodes), and every end."""

    def __init__(
        self,
        marks: dict[str, str],
        marked: list[tuple[Any, ...]],
        others: set[tuple[Any, ...]],
        finals: list[tuple[tuple[Any, ...] | None, Terminal, dict[str, str]]],
        truncated: str,
        spent: int,
    ) -> None:
        self.marks = marks
        self.marked = marked
        self.others = others
        self.finals = finals  # (its group, None when it holds a marker; the end; its context)
        self.truncated = truncated
        self.spent = spent

    def fits(self, values: dict[str, str]) -> bool:
        """Whether putting ``values`` in place of the markers keeps every two state keys of
        the exploration apart (so it would have merged, expanded and cut the same states)."""
        marks = self.marks
        if any(values[name] == mark for name, mark in marks.items()):
            return False
        seen: set[tuple[Any, ...]] = set()
        for made in self.marked:
            ctx = tuple((k, values[k] if v is marks.get(k) else v) for k, v in made[1])
            image = (made[0], ctx, *made[2:])
            if image in self.others or image in seen:
                return False
            seen.add(image)
        return True

    def ends(self, keep: frozenset[str], values: dict[str, str]) -> list[ChildRun]:
        """The first run of each distinct way to end, with ``values`` in place of the
        markers (as :func:`_ends` groups the runs of the exploration with ``values``)."""
        marks = self.marks
        representatives: dict[tuple[Any, ...], ChildRun] = {}
        for group, terminal, final in self.finals:
            if group is None:
                final = {k: values[k] if v is marks.get(k) else v for k, v in final.items()}
                group = _group(terminal.end, final, keep)
            if group not in representatives:
                representatives[group] = (terminal.steps, terminal.end, final)
        return list(representatives.values())


def _shape(made: tuple[Any, ...], marks: dict[str, str]) -> tuple[Any, ...]:
    """A state key without the values of the marked keys."""
    ctx = tuple((k, None if k in marks else v) for k, v in made[1])
    return (made[0], ctx, *made[2:])


def _group(end: End, final: dict[str, str], keep: frozenset[str]) -> tuple[Any, ...]:
    """How a child's run ends, as its parent tells runs apart: the status, whether the engine
    returned an error, the values of the keys the parent reads."""
    return (end.status, end.error, tuple(sorted((k, v) for k, v in final.items() if k in keep)))


def _ends(finals: list[tuple[Terminal, dict[str, str]]], keep: frozenset[str]) -> list[ChildRun]:
    """The first run of each distinct way to end."""
    representatives: dict[tuple[Any, ...], ChildRun] = {}
    for terminal, final in finals:
        group = _group(terminal.end, final, keep)
        if group not in representatives:
            representatives[group] = (terminal.steps, terminal.end, final)
    return list(representatives.values())


def _until_next_tool(graph: RunGraph, node: str) -> list[str]:
    """``node`` and the nodes reachable from it without running another tool."""
    table = successors(graph)
    seen = [node]
    frontier = [node]
    while frontier:
        for target in sorted(table.get(frontier.pop(), ())):
            if target in seen or target not in graph.nodes:
                continue
            if graph.handler(target) is not Handler.TOOL:
                seen.append(target)
                frontier.append(target)
    return seen
