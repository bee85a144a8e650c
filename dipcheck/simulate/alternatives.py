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
  hands back as far as the parent can read it.

The success alternatives come first. Where a combination would exceed a cap the oracle says so
(:attr:`ExploreOracle.cuts`) and the exploration is not complete.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from dipcheck.analysis.runtime import Handler
from dipcheck.simulate import composite, explain
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import declared_writes, producible
from dipcheck.simulate.runner import Machine, State
from dipcheck.simulate.scenario import Scenario
from dipcheck.simulate.statekey import successors
from dipcheck.simulate.world import ChildRun, Choice

if TYPE_CHECKING:
    from dipcheck.simulate.explore import Explorer

OTHER = "⟨other⟩"  # a value no condition compares with
MAX_WRITE_COMBINATIONS = 16
MAX_FREE_COMBINATIONS = 64
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

    def __init__(self, explorer: Explorer, scenario: Scenario, max_states: int) -> None:
        self.explorer = explorer
        self.scenario = scenario
        self.max_states = max_states
        self.keep = explorer.relevant  # the keys it reads from a child workflow's context
        self.child_runs: dict[tuple[Any, ...], list[ChildRun]] = {}
        self.local: dict[tuple[int, str, str], list[str]] = {}
        self.cuts: list[str] = []

    def cut(self, reason: str) -> None:
        if reason not in self.cuts:
            self.cuts.append(reason)

    def _table(self, machine: Machine) -> dict[str, list[explain.Comparison]]:
        return comparisons_by_key(machine.graph, machine)

    def _values(self, machine: Machine, key: str) -> list[str]:
        return candidates(self._table(machine).get(key, []))

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
        keys = [key for key in declared_writes(machine.graph, node) if key in self._table(machine)]
        if not keys:
            return [Choice()]
        pools = [[None, *self._values(machine, key)] for key in keys]
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
        of the first run found that ends that way)."""
        keep = self.keep
        key = (id(machine.graph), tuple(sorted(state.ctx.items())))
        found = self.child_runs.get(key)
        if found is None:
            child = type(self.explorer)(  # an Explorer, without importing its module back
                machine,
                self.scenario,
                max_paths=0,
                max_states=self.max_states,
                keep=keep,
                deadline=self.explorer.deadline,
            )
            explored = child.run(state, list_paths=False, facts=False)  # ends only
            if explored.truncated:
                where = machine.prefix.rstrip("/")
                self.cut(f"exploring the child workflow of `{where}`: {explored.truncated}")
            representatives: dict[tuple[Any, ...], ChildRun] = {}
            for terminal, final in child.finals:
                end = terminal.end
                handed = tuple(sorted((k, v) for k, v in final.items() if k in keep))
                group = (end.status, end.error, handed)
                if group not in representatives:
                    representatives[group] = (terminal.steps, end, final)
            found = self.child_runs[key] = list(representatives.values())
        return found


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
