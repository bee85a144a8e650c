"""What an explored state's future depends on (docs/runtime/edge-selection.md,
docs/runtime/failures.md, docs/runtime/parallel.md).

Two engine states with the same :class:`StateKeys` key run the same way from there on: every
later run from one is a later run from the other, node for node, ending the same way. The key
is the node about to run plus everything the engine carries that a later step can look at:

* the context keys whose current value can still reach a condition, a tool command's safe-key
  check or a child workflow (backward liveness over every move the engine can make: edges,
  retry and fallback targets, the restart target, goal-gate redirects; a key the engine resets
  before a node, or a handler always rewrites, is dead before that node);
* the completed nodes the run can still get to (a selected edge to one is a loop restart);
* the goal gates completed so far, in completion order, with their last status (the exit
  checks them in that order and stops at the first unsatisfied one), the gates flagged for a
  recheck, the gates whose one-time fallback is used, the gates a human override covered;
* the retry counters of the nodes that can still run, and of every goal gate (its redirect
  budget is the same counter);
* the restarts used (counted for the whole run);
* the nodes whose one-time failure fallback is used, among those that can still run;
* whether a human override was taken (the run then ends ``validation_overridden``);
* the visit counts of the nodes a scenario answers per visit.

Nothing else in the engine's state changes what happens next except the step count, which only
matters to the simulator's own ``max_steps``; a run that reaches it makes the exploration
incomplete.
"""

from __future__ import annotations

from typing import Any

from dipcheck.analysis.runtime import Handler
from dipcheck.references import placeholders
from dipcheck.simulate import composite, explain
from dipcheck.simulate.graph import Reach, RunGraph
from dipcheck.simulate.handlers import command_text
from dipcheck.simulate.runner import RESET_KEYS, Machine, State

# Keys the engine resets before every node (§5.1): their value before a node reaches nothing.
# Only the keys themselves: a key *named* `ctx.outcome` (a declared write can make one) is
# neither reset nor rewritten, and a condition's `ctx.outcome` reads it before `outcome`
# (routing.resolve), so its value lives on.
_RESET = frozenset(RESET_KEYS)
# Keys a handler writes on every run of its node (§5.3, §5.7): dead before the node.
_OVERWRITES = {
    Handler.TOOL: frozenset({"tool_stdout", "tool_stderr"}),
    Handler.CODERGEN: frozenset({"last_response"}),
    Handler.PARALLEL: frozenset({"parallel.results"}),
}
# Handlers that hand the whole context to other nodes (branches, a child workflow, the stop
# and steer conditions): every key that routes anywhere is read there.
_READ_ALL = (Handler.PARALLEL, Handler.SUBGRAPH, Handler.MANAGER_LOOP)


def command_keys(graph: RunGraph, node: str) -> set[str]:
    """The context keys a tool command interpolates (``${ctx.K}``, ``${inputs.K}``)."""
    keys: set[str] = set()
    for item in placeholders(command_text(graph, node)):
        namespace, _, key = item.inner.partition(".")
        if namespace == "ctx":
            keys.add(key)
        elif namespace == "inputs":
            keys.add(f"inputs.{key}")
    return keys


def _interpolated(text: str) -> set[str]:
    """The context keys a condition text interpolates before it is evaluated (§5.2)."""
    keys: set[str] = set()
    for item in placeholders(text):
        namespace, _, key = item.inner.partition(".")
        if namespace == "ctx" and key:
            keys.add(key)
        elif namespace == "inputs" and key:
            keys.add(f"inputs.{key}")
    return keys


def condition_keys(machine: Machine, node: str) -> set[str]:
    """The keys ``node``'s edge conditions read (operands as written and bare, interpolations)."""
    return set(explain.read_keys(machine.graph, node, machine.target))


def relevant_keys(machine: Machine) -> frozenset[str]:
    """Context keys that can change a route: condition operands (with and without their
    ``ctx.`` prefix), keys a condition or a tool command interpolates (a command's unsafe key
    fails the run when it is set, §2.1), what fan-in needs, and the same for every child
    workflow a subgraph or manager loop runs (it gets the parent's context, §5.7)."""
    cache = machine.graph.memo.setdefault("relevant_keys", {})
    found = cache.get(machine.target)
    if found is None:
        found = cache[machine.target] = frozenset(_relevant(machine, set()))
    return found


def _relevant(machine: Machine, seen: set[int]) -> set[str]:
    graph = machine.graph
    seen.add(id(graph.workflow))
    keys: set[str] = {"parallel.results"}
    splits = machine.target.splits_condition_keywords
    for node in graph.nodes:
        keys |= condition_keys(machine, node)
        handler = graph.handler(node)
        if handler is Handler.TOOL:
            keys |= command_keys(graph, node)
        for name in ("stop_condition", "steer_condition"):
            text = graph.attr(node, name)
            for item in explain.comparisons(text, splits):
                keys.add(item.left)
                keys.add(explain.bare(item.left))
            keys |= _interpolated(text)
        if handler in (Handler.SUBGRAPH, Handler.MANAGER_LOOP):
            child = composite.child_of(machine, node)
            if child is not None and id(child.graph.workflow) not in seen:
                keys |= _relevant(child, seen)
    return keys


def successors(graph: RunGraph) -> dict[str, set[str]]:
    """Everywhere the engine can move to from each node: its edges, its own retry and
    fallback targets, itself (a retry), the restart target, and from the exit node every goal
    gate and the gates' redirect and fallback targets (§5.3 to §5.5)."""
    cache = graph.memo.setdefault("successors", {})
    found = cache.get(None)
    if found is not None:
        return found
    table: dict[str, set[str]] = {node: {node} for node in graph.nodes}
    for edge in graph.all_edges:
        if edge.source.value in table:
            table[edge.source.value].add(edge.target.value)
    for node in graph.nodes:
        jumps = [
            graph.attr(node, "retry_target"),
            graph.retry_fallback(node),
            graph.strict_fallback(node),
            graph.restart_target,
        ]
        if node == graph.exit:
            for gate in graph.goal_gates:
                jumps += [gate, graph.gate_redirect(gate), graph.gate_fallback(gate)]
        table[node] |= {target for target in jumps if target and target in graph.nodes}
    cache[None] = table
    return table


def reachable(graph: RunGraph) -> Reach:
    """Which nodes the run can still get to from which (a node reaches itself)."""
    cache = graph.memo.setdefault("reachable", {})
    found = cache.get(None)
    if found is None:
        found = cache[None] = Reach(successors(graph))
    return found


def live_keys(
    machine: Machine, relevant: frozenset[str], always: frozenset[str] = frozenset()
) -> dict[str, frozenset[str]]:
    """For each node, the relevant keys whose value before the node runs can still be read.

    A node reads some keys before its handler writes anything (a tool command's
    interpolations; everything, for handlers that pass the context on) and its conditions
    after (they see the handler's writes). ``always`` are live everywhere (a child workflow's
    keys its parent reads once the child ends)."""
    graph = machine.graph
    moves = successors(graph)
    before: dict[str, frozenset[str]] = {}
    after: dict[str, frozenset[str]] = {}
    killed: dict[str, frozenset[str]] = {}
    for node in graph.nodes:
        handler = graph.handler(node)
        early: set[str] = set()
        if handler is Handler.TOOL:
            early |= command_keys(graph, node)
        if handler in _READ_ALL:
            early |= relevant
        late = condition_keys(machine, node)
        if handler is Handler.FAN_IN:
            late.add("parallel.results")
        before[node] = frozenset((early & relevant) - _RESET)
        after[node] = frozenset(late & relevant)
        killed[node] = _RESET | _OVERWRITES.get(handler, frozenset())
    live: dict[str, frozenset[str]] = {node: frozenset() for node in graph.nodes}
    comes_from: dict[str, list[str]] = {}
    for node in graph.nodes:
        for target in moves[node]:
            comes_from.setdefault(target, []).append(node)
    # a worklist, not sweeps over every node until nothing changes: along a chain a key
    # read at the end would take one sweep per node to reach the start (quadratic)
    pending = list(graph.nodes)
    waiting = set(pending)
    while pending:
        node = pending.pop()
        waiting.discard(node)
        later = set(after[node])
        for target in moves[node]:
            later |= live.get(target, frozenset())
        value = before[node] | always | frozenset(later - killed[node])
        if value != live[node]:
            live[node] = value
            for source in comes_from.get(node, ()):
                if source not in waiting:
                    waiting.add(source)
                    pending.append(source)
    return live


class StateKeys:
    """The key of an explored state (see the module docstring); built once per workflow."""

    def __init__(
        self,
        machine: Machine,
        relevant: frozenset[str],
        pinned: frozenset[str] = frozenset(),
        always: frozenset[str] = frozenset(),
    ) -> None:
        graph = machine.graph
        self.gates = graph.goal_gates
        self.relevant = tuple(sorted(relevant | always))
        self.live = {
            node: tuple(sorted(keys)) for node, keys in live_keys(machine, relevant, always).items()
        }
        self.reach = reachable(graph)
        self.pinned = pinned

    def __call__(self, state: State) -> tuple[Any, ...]:
        node = state.node
        ctx = state.ctx
        gates = self.gates
        # what the state holds for nodes the run can still get to (an undeclared node ends
        # the run: none); the state grows with the run, so what is looked at item by item
        # is only what can matter (a loop over the whole state made each step cost the run)
        reach = self.reach.among(node, {*state.completed, *state.retries, *state.fallback_taken})
        outcomes = state.outcomes
        return (
            node,
            tuple((key, ctx[key]) for key in self.live.get(node, self.relevant) if key in ctx),
            frozenset(reach.intersection(state.completed)) - gates,
            tuple(
                (item, outcomes.get(item, ""))
                for item in filter(gates.__contains__, state.completed)
            ),
            tuple(sorted((gate, outcomes.get(gate, "")) for gate in state.gate_recheck)),
            state.gate_fallback,
            state.covered,
            tuple(
                sorted(
                    (item, state.retries[item])
                    for item in reach | gates.intersection(state.retries)
                    if state.retries.get(item)
                )
            ),
            state.restarts,
            state.fallback_taken & reach,
            state.overridden,
            tuple(sorted((p, state.visits[p]) for p in self.pinned.intersection(state.visits))),
        )
