"""The workflow as tracker's engine sees it when it runs
(docs/runtime/loading.md#from-dippin-to-trackers-graph, docs/runtime/README.md).

A :class:`RunGraph` is computed once per workflow and holds what the simulator asks at every
step: each node's handler, its outgoing edges in the order edge selection walks them (explicit
edges in declaration order, then the edges the adapter synthesizes for ``parallel``/``fan_in``
lists, duplicates dropped), the join of each parallel node, the condition text tracker
evaluates for each edge, and the graph attributes (``max_restarts``, ``restart_target``,
``on_failure`` …) under their runtime names.

Attribute names are read in the ``.dip`` spelling first and then in tracker's own spelling
(``default`` / ``default_choice``, ``ref`` / ``subgraph_ref``), so a model lowered from DOT,
which uses tracker's names, needs no change here.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Collection, Iterable, Mapping
from functools import cached_property
from typing import Any

from dipcheck.analysis.graph import components
from dipcheck.analysis.routing import runtime_text
from dipcheck.analysis.runtime import Handler, handler_of
from dipcheck.model import Edge, Field, Name, Node, NodeKind, Workflow
from dipcheck.records import record

# tracker's built-in retry policies: name → retries (§5.4).
RETRY_POLICIES = {"none": 0, "standard": 2, "aggressive": 5, "patient": 3, "linear": 3}
DEFAULT_MAX_RESTARTS = 5
DEFAULT_GATE_BUDGET = 3  # goal-gate retries when neither the node nor the graph sets max_retries

# Graph attributes: the runtime name → the `.dip` `defaults` key it comes from (§0.2).
_GRAPH_ALIASES = {
    "fallback_target": "on_failure",
    "default_max_retry": "max_retries",
    "default_retry_policy": "retry_policy",
    "max_restarts": "max_restarts",
    "restart_target": "restart_target",
}

# Node attributes: the `.dip` name → tracker's name for it.
_NODE_ALIASES = {
    "default": "default_choice",
    "ref": "subgraph_ref",
    "fallback_target": "fallback_retry_target",
    "command": "tool_command",
}


def field_value(item: Field | None) -> str:
    return item.text.strip() if item is not None else ""


def node_attr(node: Node, name: str) -> str:
    """A node attribute by its `.dip` name (or tracker's), looking in ``params:`` too."""
    for key in (name, _NODE_ALIASES.get(name, "")):
        if not key:
            continue
        value = field_value(node.get(key))
        if value:
            return value
        params = node.get("params")
        if params is not None:
            for child in params.children:
                if child.key == key and child.text.strip():
                    return child.text.strip()
    return ""


def to_int(text: str, default: int) -> int:
    try:
        return int(text.strip())
    except ValueError:
        return default


@record(frozen=True, slots=True)
class Parallel:
    """A parallel node: its branch targets (run inside the handler) and its join."""

    branches: tuple[str, ...]
    join: str | None


def source_file(workflow: Workflow) -> str:
    """The real path of a workflow's file (its display name when it has no file)."""
    path = workflow.source.path
    return path if path.startswith("<") else os.path.realpath(path)


class Reach:
    """Which nodes a walk along ``moves`` can get to from which, in memory linear in the graph.

    A table of every node's reachable set is quadratic along a chain (an 8,000-node chain
    holds 32 million entries). Instead the strongly connected components are numbered the
    way Tarjan's algorithm finishes them, a component after every component it reaches: a
    node of the source's own component is reachable, one of a higher number never is, and
    only the rest takes a search, which skips every component numbered below the lowest
    one it looks for (none of those leads back up to it). Along a run the nodes asked about
    are mostly behind the source, so the search is rare. A target of ``moves`` that is not
    one of its keys is not a node: nothing reaches it."""

    def __init__(self, moves: Mapping[str, Iterable[str]]) -> None:
        # the edges between nodes only, and the components numbered so that each comes after
        # every component it reaches (analysis.graph.components lists sources first)
        rows = {name: [item for item in moves[name] if item in moves] for name in moves}
        groups = components(rows, rows)
        last = len(groups) - 1
        self._component = {
            member: last - index for index, group in enumerate(groups) for member in group
        }
        onward: list[set[int]] = [set() for _ in groups]
        for name, row in rows.items():
            here = self._component[name]
            onward[here].update(
                self._component[target] for target in row if self._component[target] != here
            )
        self._onward = [tuple(items) for items in onward]

    def among(self, source: str, items: Collection[str]) -> set[str]:
        """Those of ``items`` that can be reached from ``source`` (itself included); ``items``
        is read twice."""
        start = self._component.get(source)
        if start is None:
            return set()
        found: set[str] = set()
        wanted: dict[int, list[str]] = {}  # components below the source's: a search decides
        component = self._component
        # the items of no component or one numbered above the source's are dropped without a
        # Python loop (along a run, most of what it holds is behind it)
        places = map(component.get, items, itertools.repeat(start + 1))
        kept = itertools.compress(items, map(start.__ge__, places))
        for item in kept:
            place = component[item]
            if place == start:
                found.add(item)
            else:
                wanted.setdefault(place, []).append(item)
        if wanted:
            floor = min(wanted)
            seen = {start}
            frontier = [start]
            while frontier and wanted:
                for place in self._onward[frontier.pop()]:
                    if place >= floor and place not in seen:
                        seen.add(place)
                        frontier.append(place)
                        found.update(wanted.pop(place, ()))
        return found

    def reaches(self, source: str, target: str) -> bool:
        return bool(self.among(source, (target,)))


class RunGraph:
    def __init__(
        self,
        workflow: Workflow,
        params: Mapping[str, str] | None = None,
        max_restarts: int | None = None,
    ) -> None:
        self.workflow = workflow
        self._max_restarts = max_restarts  # an override (DC403 tries a larger budget)
        self.format = workflow.format
        self.start = workflow.start
        self.exit = workflow.exit
        self.params = dict(params or {})
        self._children: dict[tuple[int, tuple[tuple[str, str], ...]], RunGraph] = {}
        self._attrs: dict[tuple[str, str], str] = {}
        self.memo: dict[str, dict[Any, Any]] = {}  # facts other modules compute once
        # the files of this workflow and of the workflows running it, outermost first
        self.lineage: tuple[str, ...] = (source_file(workflow),)

    def child(self, workflow: Workflow, params: Mapping[str, str]) -> RunGraph:
        """The run graph of a child workflow with the parent's ``params`` bound (built once
        per child and parameter set)."""
        key = (id(workflow), tuple(sorted(params.items())))
        found = self._children.get(key)
        if found is None:
            found = self._children[key] = RunGraph(workflow, params)
            found.lineage = (*self.lineage, source_file(workflow))
        return found

    # -- nodes ---------------------------------------------------------------------------

    @cached_property
    def nodes(self) -> dict[str, Node]:
        return dict(self.workflow.node_map)

    @cached_property
    def handlers(self) -> dict[str, Handler]:
        return {node_id: handler_of(node, self.workflow) for node_id, node in self.nodes.items()}

    def handler(self, node_id: str) -> Handler:
        return self.handlers[node_id]

    def attr(self, node_id: str, name: str) -> str:
        key = (node_id, name)
        found = self._attrs.get(key)
        if found is None:
            node = self.nodes.get(node_id)
            found = self._attrs[key] = node_attr(node, name) if node is not None else ""
        return found

    @cached_property
    def goal_gates(self) -> frozenset[str]:
        return frozenset(n for n in self.nodes if self.attr(n, "goal_gate").lower() == "true")

    def is_goal_gate(self, node_id: str) -> bool:
        return node_id in self.goal_gates

    def human_mode(self, node_id: str) -> str:
        return self.attr(node_id, "mode") or "choice"

    # -- graph attributes ----------------------------------------------------------------

    def graph_attr(self, name: str) -> str:
        cache = self.memo.setdefault("graph_attr", {})
        found = cache.get(name)
        if found is None:
            found = cache[name] = self._graph_attr(name)
        return found

    def _graph_attr(self, name: str) -> str:
        alias = _GRAPH_ALIASES.get(name)
        for key in (alias, name):
            if key:
                value = self.workflow.default_value(key)
                if value:
                    return value
        return ""

    @cached_property
    def max_restarts(self) -> int:
        if self._max_restarts is not None:
            return self._max_restarts
        return to_int(self.graph_attr("max_restarts"), DEFAULT_MAX_RESTARTS)

    @cached_property
    def restart_target(self) -> str | None:
        target = self.graph_attr("restart_target")
        return target if target in self.nodes else None

    def retry_limit(self, node_id: str) -> int:
        """Retries allowed on a ``retry`` status (docs/runtime/failures.md#retries):
        ``max_retries`` on the node or the
        graph overrides the count of the policy (node, graph, then ``standard``)."""
        explicit = self.attr(node_id, "max_retries") or self.graph_attr("default_max_retry")
        if explicit:
            return max(to_int(explicit, 0), 0)
        policy = self.attr(node_id, "retry_policy") or self.graph_attr("default_retry_policy")
        return RETRY_POLICIES.get(policy, RETRY_POLICIES["standard"])

    def gate_budget(self, node_id: str) -> int:
        """Goal-gate redirects allowed for an unsatisfied gate
        (docs/runtime/failures.md#goal-gates), default 3."""
        explicit = self.attr(node_id, "max_retries") or self.graph_attr("default_max_retry")
        return max(to_int(explicit, DEFAULT_GATE_BUDGET), 0) if explicit else DEFAULT_GATE_BUDGET

    def first_node(self, candidates: list[str]) -> str | None:
        for candidate in candidates:
            if candidate and candidate in self.nodes:
                return candidate
        return None

    def strict_fallback(self, node_id: str) -> str | None:
        """Where a failed node with no conditional edge goes
        (docs/runtime/edge-selection.md#strict-failure): node
        ``fallback_target``, node ``fallback_retry_target``, graph ``fallback_target``
        (``on_failure``), graph ``fallback_retry_target``."""
        node = self.nodes[node_id]
        return self.first_node(
            [
                field_value(node.get("fallback_target")),
                field_value(node.get("fallback_retry_target")),
                self.graph_attr("fallback_target"),
                self.graph_attr("fallback_retry_target"),
            ]
        )

    def retry_fallback(self, node_id: str) -> str | None:
        """Where a node goes once its retries are exhausted: its ``fallback_retry_target``
        (a `.dip` node-level ``fallback_target`` is renamed to it,
        docs/runtime/loading.md#from-dippin-to-trackers-graph)."""
        node = self.nodes[node_id]
        return self.first_node(
            [
                field_value(node.get("fallback_target")),
                field_value(node.get("fallback_retry_target")),
            ]
        )

    def gate_redirect(self, node_id: str) -> str | None:
        """The goal-gate retry target (docs/runtime/failures.md#goal-gates): node ``retry_target``,
        node fallbacks, graph
        ``retry_target``, graph fallbacks — the first that exists."""
        node = self.nodes[node_id]
        return self.first_node(
            [
                field_value(node.get("retry_target")),
                field_value(node.get("fallback_target")),
                field_value(node.get("fallback_retry_target")),
                self.graph_attr("retry_target"),
                self.graph_attr("fallback_target"),
                self.graph_attr("fallback_retry_target"),
            ]
        )

    def gate_fallback(self, node_id: str) -> str | None:
        """The one-time fallback once a gate's budget is exhausted
        (docs/runtime/failures.md#goal-gates): the same chain as
        a strict failure's [inferred: docs/runtime/failures.md#goal-gates says "take the fallback "
        "once"]."""
        return self.strict_fallback(node_id)

    # -- edges ---------------------------------------------------------------------------

    @cached_property
    def parallels(self) -> dict[str, Parallel]:
        """Each parallel node's branches and join: the fan_in that lists the first branch among
        its sources (the adapter's ``parallel_join``, docs/runtime/loading.md#edges)."""
        fan_ins = [node for node in self.workflow.nodes if node.kind is NodeKind.FAN_IN]
        result: dict[str, Parallel] = {}
        for node in self.workflow.nodes:
            if node.kind is not NodeKind.PARALLEL or node.id in result:
                continue
            branches = tuple(member.value for member in node.members)
            join = None
            if branches:
                for fan_in in fan_ins:
                    if branches[0] in {member.value for member in fan_in.members}:
                        join = fan_in.id
                        break
            if join is None:
                join = node_attr(node, "parallel_join") or None
            result[node.id] = Parallel(branches, join)
        return result

    @cached_property
    def edges(self) -> dict[str, tuple[Edge, ...]]:
        """Outgoing edges in tracker's order: explicit edges, then synthesized ones (the
        fork edges, the parallel→join edge, the fan-in edges); an edge whose endpoints an
        earlier edge already has is not added again."""
        table: dict[str, list[Edge]] = {}
        seen: set[tuple[str, str]] = set()

        def add(edge: Edge) -> None:
            key = (edge.source.value, edge.target.value)
            if edge.implicit and key in seen:
                return
            seen.add(key)
            table.setdefault(edge.source.value, []).append(edge)

        for edge in self.workflow.edges:
            if not edge.implicit:
                add(edge)
        for edge in self.workflow.edges:
            if edge.implicit:
                add(edge)
        for node_id, parallel in self.parallels.items():
            if parallel.join is not None:
                node = self.nodes[node_id]
                span = node.id_span
                add(Edge(Name(node_id, span), Name(parallel.join, span), span, implicit=True))
        return {key: tuple(value) for key, value in table.items()}

    def edges_from(self, node_id: str) -> tuple[Edge, ...]:
        return self.edges.get(node_id, ())

    @cached_property
    def all_edges(self) -> tuple[Edge, ...]:
        return tuple(edge for edges in self.edges.values() for edge in edges)

    @cached_property
    def _texts(self) -> dict[int, str]:
        return {
            id(edge): runtime_text(edge.condition.raw, self.format)
            for edge in self.all_edges
            if edge.condition is not None
        }

    def condition_text(self, edge: Edge) -> str:
        """The condition string tracker evaluates for ``edge`` (empty: unconditional)."""
        return self._texts.get(id(edge), "")

    @cached_property
    def _edge_reach(self) -> Reach:
        moves: dict[str, list[str]] = {node: [] for node in self.nodes}
        for edge in self.all_edges:
            moves.setdefault(edge.source.value, []).append(edge.target.value)
            moves.setdefault(edge.target.value, [])
        return Reach(moves)

    def downstream(self, node_id: str, among: Collection[str]) -> set[str]:
        """Those of ``among`` that are ``node_id`` or reachable from it along any edge: what
        a restart or a retry clears (``clearDownstream``) of the nodes the run holds something
        for. Only those are looked up: listing everything downstream at each retry would be
        quadratic along a chain."""
        return self._edge_reach.among(node_id, among)

    @cached_property
    def graph_values(self) -> dict[str, str]:
        """The graph attributes the run seeds as ``graph.*`` context keys
        (docs/runtime/loading.md#from-dippin-to-trackers-graph,
        docs/runtime/edge-selection.md#the-main-loop)."""
        values: dict[str, str] = {}
        goal = self.workflow.header_field("goal")
        if goal is not None:
            values["goal"] = goal.text.strip()
        for item in self.workflow.defaults:
            if item.children:
                continue
            runtime = next(
                (name for name, alias in _GRAPH_ALIASES.items() if alias == item.key), item.key
            )
            values[runtime] = item.text.strip()
        for item in self.workflow.vars:
            values[f"params.{item.key}"] = item.text.strip()
        for key, value in self.params.items():  # a parent's subgraph params win (§5.7)
            values[f"params.{key}"] = value
        return values
