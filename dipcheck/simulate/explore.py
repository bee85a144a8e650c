"""``--all-paths``: every combination of what the world can do that changes the route.

At each node visit the explorer offers every alternative that can matter: success / fail /
retry where the handler can produce it, each human answer, each tool output the conditions
compare against (and one they do not), each value a condition's unknown operand is compared
with. It walks the resulting state graph depth first, the runtime's default answer first (so
the first path found is the default scenario's), and never expands a state twice: a state is
the node about to run plus everything the engine carries that can change what happens next
(completed nodes, retry and restart counters, fallbacks taken, goal-gate bookkeeping, and the
context keys that conditions read). Restart and retry budgets make every path finite.

The exploration also records what the DC4xx rules need: where a producible outcome matches no
edge, which edges were taken, which states can still reach a successful end, what every goal
gate check found.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from dipcheck.analysis.runtime import Handler
from dipcheck.model import Edge
from dipcheck.references import placeholders
from dipcheck.simulate import explain
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import command_text, declared_writes
from dipcheck.simulate.runner import Machine, State, Transition
from dipcheck.simulate.scenario import Scenario, ScenarioOracle
from dipcheck.simulate.trace import End, Step
from dipcheck.simulate.world import ChildRun, Choice

DEFAULT_MAX_STATES = 20_000
OTHER = "⟨other⟩"  # a value no condition compares with
MAX_WRITE_COMBINATIONS = 16


class Terminal:
    """One distinct end of a run: its steps, how it ended, what the world did on the way
    (unwound from the exploration's trail when first asked for)."""

    def __init__(self, trail: Any, end: End) -> None:
        self._trail = trail
        self.end = end

    @cached_property
    def _chain(self) -> list[Transition]:
        chain: list[Transition] = []
        cursor = self._trail
        while cursor is not None:
            cursor, item, _ = cursor
            chain.append(item)
        chain.reverse()
        return chain

    @cached_property
    def steps(self) -> list[Step]:
        return [step for item in self._chain for step in item.steps]

    @cached_property
    def world(self) -> list[str]:
        return [
            f"{item.steps[0].node}: {item.label}" if item.steps else item.label
            for item in self._chain
            if item.label
        ]

    @property
    def path(self) -> list[str]:
        depth = min((step.depth for step in self.steps), default=0)
        return [step.node for step in self.steps if step.depth == depth]


@dataclass
class Exploration:
    paths: list[Terminal] = field(default_factory=list)
    states: int = 0
    truncated: str = ""  # why exploration stopped early ("" when it is complete)
    taken_edges: set[int] = field(default_factory=set)
    # node → (how it ended, the false conditions) for each run where a node that did not fail
    # matched no edge
    stuck: dict[str, list[tuple[str, list[tuple[Edge, str]]]]] = field(default_factory=dict)
    routed: set[str] = field(default_factory=set)  # nodes whose edges were evaluated
    gate_checks: dict[str, list[bool]] = field(default_factory=dict)
    restart_edges: dict[int, list[bool]] = field(default_factory=dict)  # edge → can succeed?
    succeeded: bool = False
    exhausted_restarts: bool = False

    @property
    def complete(self) -> bool:
        return not self.truncated

    def fewest_restarts_to_succeed(self) -> int | None:
        """The fewest loop restarts among the explored successful runs."""
        counts = [
            sum(1 for step in terminal.steps if step.edge is not None and step.edge.restart)
            for terminal in self.paths
            if terminal.end.succeeded
        ]
        return min(counts) if counts else None

    def by_status(self) -> dict[str, list[Terminal]]:
        groups: dict[str, list[Terminal]] = {}
        for terminal in self.paths:
            groups.setdefault(terminal.end.status, []).append(terminal)
        return groups


def comparisons_by_key(graph: RunGraph, machine: Machine) -> dict[str, list[explain.Comparison]]:
    """Every comparison of every condition (and manager-loop condition), by the bare key."""
    table: dict[str, list[explain.Comparison]] = {}
    splits = machine.target.splits_condition_keywords
    texts = [graph.condition_text(edge) for edge in graph.all_edges]
    for node in graph.nodes:
        for name in ("stop_condition", "steer_condition"):
            text = graph.attr(node, name)
            if text:
                texts.append(text)
    for text in texts:
        for item in explain.comparisons(text, splits):
            table.setdefault(explain.bare(item.left), []).append(item)
    return table


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

    def __init__(self, machine: Machine, scenario: Scenario, max_states: int) -> None:
        self.scenario = scenario
        self.max_states = max_states
        self.tables: dict[int, dict[str, list[explain.Comparison]]] = {}
        self.child_runs: dict[tuple[Any, ...], list[ChildRun]] = {}
        self.local: dict[tuple[int, str, str], list[str]] = {}
        self.moves: dict[int, dict[str, set[str]]] = {}

    def _table(self, machine: Machine) -> dict[str, list[explain.Comparison]]:
        key = id(machine.graph)
        if key not in self.tables:
            self.tables[key] = comparisons_by_key(machine.graph, machine)
        return self.tables[key]

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
            results = [*(r for r in _results(graph, node)), "fail"]
            return [Choice(), *(Choice(outcome=result) for result in results)]
        if handler is Handler.CODERGEN:
            if state.last == node and state.ctx.get("outcome") == "retry":
                # a retry streak runs to exhaustion: retry-then-success routes like success
                return [Choice(outcome="retry")]
            writes = list(self._writes(machine, node))
            return [*writes, Choice(outcome="fail"), Choice(outcome="retry")]
        if handler is Handler.TOOL:
            return list(self._tool(machine, node))
        if handler is Handler.HUMAN:
            return self._human(graph, node)
        return [Choice()]

    def _writes(self, machine: Machine, node: str) -> Iterator[Choice]:
        keys = [key for key in declared_writes(machine.graph, node) if key in self._table(machine)]
        if not keys:
            yield Choice()
            return
        pools = [[None, *self._values(machine, key)] for key in keys]
        for combo in itertools.islice(itertools.product(*pools), MAX_WRITE_COMBINATIONS):
            yield Choice(writes=tuple((k, v) for k, v in zip(keys, combo, strict=True) if v))

    def _tool(self, machine: Machine, node: str) -> Iterator[Choice]:
        """Exit 0 with each output the conditions right after the tool compare against (and
        one they do not); exit 1 with no output. A failure's output routes like a success's
        wherever a condition reads it, so exit 1 needs no output variants."""
        graph = machine.graph
        stdout = ["", *self._local(machine, node, "tool_stdout")]
        markers: list[str | None] = [None]
        if graph.attr(node, "marker_grep"):
            # a match is taken to be one of the values conditions compare the marker with
            literals = self._local(machine, node, "tool_marker")[:-1]
            markers = [*literals, None]
        for text, marker in itertools.product(dict.fromkeys(stdout), markers):
            yield Choice(exit_code=0, stdout=text, marker=marker)
        for marker in markers:
            yield Choice(exit_code=1, stdout="", marker=marker)

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
                nodes = self._until_next_tool(machine, node)
            items = [
                item
                for source in nodes
                for edge in graph.edges_from(source)
                for item in explain.edge_comparisons(graph, edge, machine.target)
                if explain.bare(item.left) == key
            ]
            found = self.local[cache_key] = candidates(items) if items else []
        return found

    def _until_next_tool(self, machine: Machine, node: str) -> list[str]:
        """``node`` and the nodes reachable from it without running another tool."""
        graph = machine.graph
        table = self.moves.get(id(graph))
        if table is None:
            table = self.moves[id(graph)] = successors(graph)
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
        return [
            {key: value for key, value in zip(keys, combo, strict=True) if value is not None}
            for combo in itertools.islice(itertools.product(*pools), 64)
        ]

    def runs(self, machine: Machine, state: State) -> list[ChildRun]:
        relevant = relevant_keys(machine)
        key = (id(machine.graph), tuple(sorted((k, state.ctx.get(k)) for k in relevant)))
        if key not in self.child_runs:
            child = Explorer(machine, self.scenario, max_paths=0, max_states=self.max_states)
            child.run(state)
            representatives: dict[tuple[str, bool], ChildRun] = {}
            for terminal, final in child.finals:
                group = (terminal.end.status, terminal.end.error)
                representatives.setdefault(group, (terminal.steps, terminal.end, final))
            self.child_runs[key] = list(representatives.values())
        return self.child_runs[key]


def _results(graph: RunGraph, node: str) -> list[str]:
    from dipcheck.simulate.handlers import producible

    return [result for result in producible(graph, node) if result not in ("success", "fail")]


def _command_keys(graph: RunGraph, node: str) -> set[str]:
    """The context keys a tool command interpolates (``${ctx.K}``, ``${inputs.K}``)."""
    keys: set[str] = set()
    for item in placeholders(command_text(graph, node)):
        namespace, _, key = item.inner.partition(".")
        if namespace == "ctx":
            keys.add(key)
        elif namespace == "inputs":
            keys.add(f"inputs.{key}")
    return keys


def relevant_keys(machine: Machine) -> frozenset[str]:
    """Context keys that can change a route: condition operands (with and without their
    ``ctx.`` prefix), keys a condition interpolates, and what fan-in and gates need."""
    graph = machine.graph
    keys: set[str] = {"parallel.results"}
    splits = machine.target.splits_condition_keywords
    texts = [graph.condition_text(edge) for edge in graph.all_edges]
    texts += [graph.attr(node, name) for node in graph.nodes for name in ("stop_condition",)]
    for node in graph.nodes:  # a tool command's unsafe keys fail the run when set (§2.1)
        if graph.handler(node) is Handler.TOOL:
            keys |= _command_keys(graph, node)
    for text in texts:
        for item in explain.comparisons(text, splits):
            keys.add(item.left)
            keys.add(explain.bare(item.left))
        for part in text.split("${")[1:]:
            inner = part.split("}", 1)[0]
            if inner.startswith("ctx."):
                keys.add(inner[4:])
    return frozenset(keys)


# Keys the engine resets before every node, and keys a handler always writes: their value
# before the node cannot reach a later condition.
_RESET = frozenset(
    {"outcome", "preferred_label", "suggested_next_nodes", "ctx.outcome", "ctx.preferred_label"}
)
_OVERWRITES = {
    Handler.TOOL: frozenset({"tool_stdout", "tool_stderr", "ctx.tool_stdout", "ctx.tool_stderr"}),
    Handler.CODERGEN: frozenset({"last_response", "ctx.last_response"}),
    Handler.PARALLEL: frozenset({"parallel.results"}),
}


def successors(graph: RunGraph) -> dict[str, set[str]]:
    """Everywhere the engine can move to from each node: its edges, its own retry and
    fallback targets, itself (a retry), the restart target, and from the exit node every goal
    gate and the gates' redirect and fallback targets (docs/runtime/edge-selection.md,
    docs/runtime/failures.md)."""
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
    return table


def reachable(graph: RunGraph) -> dict[str, frozenset[str]]:
    """For each node, the nodes the run can still get to from it."""
    table = successors(graph)
    result: dict[str, frozenset[str]] = {}
    for node in graph.nodes:
        seen = {node}
        frontier = [node]
        while frontier:
            for target in table.get(frontier.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    frontier.append(target)
        result[node] = frozenset(seen)
    return result


def live_keys(machine: Machine, relevant: frozenset[str]) -> dict[str, frozenset[str]]:
    """For each node, the relevant keys whose value before the node runs can still reach a
    condition (backward liveness over every way the engine moves: edges, retry and fallback
    targets, the restart target, goal-gate redirects; a handler that always rewrites a key
    kills it)."""
    graph = machine.graph
    moves = successors(graph)
    reads: dict[str, set[str]] = {}
    for node in graph.nodes:
        used = {key for key in explain.operand_keys(graph, node, machine.target)}
        used |= {explain.bare(key) for key in used}
        if graph.handler(node) is Handler.FAN_IN:
            used.add("parallel.results")
        if graph.handler(node) is Handler.MANAGER_LOOP:
            used |= relevant  # stop/steer conditions and the child see the whole context
        if graph.handler(node) is Handler.TOOL:
            used |= _command_keys(graph, node)
        reads[node] = used & relevant
    live: dict[str, frozenset[str]] = {node: frozenset() for node in graph.nodes}
    changed = True
    while changed:
        changed = False
        for node in graph.nodes:
            after = set(reads[node])
            for target in moves[node]:
                after |= live.get(target, frozenset())
            killed = _RESET | _OVERWRITES.get(graph.handler(node), frozenset())
            value = frozenset(key for key in after if key not in killed)
            if value != live[node]:
                live[node] = value
                changed = True
    return live


class Explorer:
    def __init__(
        self,
        machine: Machine,
        scenario: Scenario,
        *,
        max_paths: int,
        max_states: int = DEFAULT_MAX_STATES,
    ) -> None:
        self.relevant = relevant_keys(machine)
        self.gates = machine.graph.goal_gates
        self.machine = Machine(
            machine.graph,
            machine.target,
            prefix=machine.prefix,
            depth=machine.depth,
            max_steps=machine.max_steps,
            children=machine.children,
            keep=self.relevant,
        )
        self.scenario = scenario
        self.max_paths = max_paths
        self.max_states = max_states
        self.oracle = ExploreOracle(self.machine, scenario, max_states)
        self.live = live_keys(self.machine, self.relevant)
        self.reach = reachable(self.machine.graph)
        self.pinned = {name for name, entries in scenario.nodes.items() if len(entries) > 1}
        self.finals: list[tuple[Terminal, dict[str, str]]] = []

    def key(self, state: State) -> tuple[Any, ...]:
        """What the state's future depends on, except its counters (:meth:`counters`,
        compared by dominance in :meth:`run`)."""
        ctx = state.ctx
        gates = self.gates
        reach = self.reach.get(state.node, frozenset())  # an undeclared node ends the run
        outcomes = state.outcomes
        # the exit checks completed gates in completion order; satisfied ones are skipped,
        # and a gate that runs again is first cleared, then completed anew (§5.5)
        unsatisfied = tuple(
            (node, outcomes.get(node, ""))
            for node in state.completed
            if node in gates and outcomes.get(node) not in ("success", "partial_success")
        )
        live = self.live.get(state.node, self.relevant)
        streak = state.last == state.node and ctx.get("outcome") == "retry"
        return (
            state.node,
            streak,
            tuple(sorted((k, ctx[k]) for k in live if k in ctx)),
            frozenset(item for item in state.completed if item in reach),
            unsatisfied,
            state.fallback_taken & reach,
            state.gate_fallback,
            state.gate_recheck,
            state.covered,
            state.overridden,
            tuple(sorted((p, v) for p, v in state.visits.items() if p in self.pinned)),
        )

    def counters(self, state: State) -> tuple[int, dict[str, int]]:
        """What :meth:`key` leaves out: the restarts used and the goal gates' retry counters
        (their redirect budget, docs/runtime/failures.md#goal-gates). Other nodes' retry counters
        only decide how many
        attempts a retry streak takes before it is exhausted, never where it then goes (§5.4),
        so they are not tracked at all."""
        gates = self.gates
        return state.restarts, {n: c for n, c in state.retries.items() if c and n in gates}

    def run(self, start: State) -> Exploration:
        result = Exploration()
        machine = self.machine
        # state key → its index and the counters it was expanded with: a state whose counters
        # are all at least those of an expanded state with the same key can only do less (fewer
        # restarts and redirects left, §5.4, §5.5), so it is not expanded again
        seen: dict[tuple[Any, ...], tuple[int, list[tuple[int, dict[str, int]]]]] = {}
        expanded = 0
        # (from state, key of the state it leads to or None at an end, transition)
        edges: list[tuple[int, tuple[Any, ...] | None, Transition]] = []
        signatures: set[tuple[Any, ...]] = set()
        self._default_run(result, start, signatures)
        # fewest counters used first, depth first among equals: a state is then usually first
        # expanded with the smallest counters it can have, and later visits are dominated
        order = itertools.count()
        queue: list[tuple[int, int, State, tuple[Any, ...], Any]] = []
        heapq.heappush(queue, (0, -next(order), start, self.key(start), None))
        while queue:
            _, _, state, key, trail = heapq.heappop(queue)
            counters = self.counters(state)
            known = seen.get(key)
            if known is not None and _dominated(counters, known[1]):
                continue
            if expanded >= self.max_states:
                result.truncated = f"the state limit ({self.max_states}) was reached"
                break
            expanded += 1
            if known is None:
                known = seen[key] = (len(seen), [])
            known[1].append(counters)
            index = known[0]
            pending: list[tuple[State, tuple[Any, ...], Any]] = []
            for transition in machine.expand(state, self.oracle):
                self._record(result, state, transition)
                link = self._link(trail, transition)
                if transition.end is not None:
                    edges.append((index, None, transition))
                    self._finish(result, link, transition, signatures)
                    if self.max_paths and len(result.paths) >= self.max_paths:
                        result.truncated = f"the path limit ({self.max_paths}) was reached"
                        break
                    continue
                assert transition.state is not None
                following = self.key(transition.state)
                edges.append((index, following, transition))
                pending.append((transition.state, following, link))
            if result.truncated:
                break
            for following, following_key, link in pending:
                restarts, gates = self.counters(following)
                cost = restarts + sum(gates.values())
                heapq.heappush(queue, (cost, -next(order), following, following_key, link))
        result.states = expanded
        self._success_reach(result, seen, edges)
        return result

    def _default_run(
        self, result: Exploration, start: State, signatures: set[tuple[Any, ...]]
    ) -> None:
        """The scenario's own run, first: the state search below prunes repeated loop
        iterations, and the run the user would see must be among the paths."""
        oracle = ScenarioOracle(self.scenario)
        trail: Any = None
        state = start
        while True:
            transition = self.machine.expand(state, oracle)[0]
            self._record(result, state, transition)
            trail = self._link(trail, transition)
            if transition.end is not None:
                self._finish(result, trail, transition, signatures)
                return
            assert transition.state is not None
            state = transition.state

    def _link(self, trail: Any, transition: Transition) -> tuple[Any, Transition, int]:
        """A trail link: the previous link, the transition, and a hash of the nodes so far."""
        depth = self.machine.depth
        nodes = tuple(step.node for step in transition.steps if step.depth == depth)
        return (trail, transition, hash((trail[2] if trail else 0, nodes)))

    def _record(self, result: Exploration, state: State, transition: Transition) -> None:
        result.taken_edges.update(transition.taken)
        graph = self.machine.graph
        if state.node in graph.nodes and graph.handler(state.node) is Handler.PARALLEL:
            within = self.machine.path(state.node)  # its branches: the fork edges are taken
            for step in transition.steps:
                if step.depth == self.machine.depth + 1 and step.within == within:
                    fork = _fork_edge(graph, state.node, step.model_node)
                    if fork is not None:
                        result.taken_edges.add(id(fork))
        for gate, satisfied in transition.gates:
            result.gate_checks.setdefault(gate, []).append(satisfied)
        end = transition.end
        first = transition.steps[0] if transition.steps else None
        if first is None or first.depth != self.machine.depth:
            return
        if (first.edge is not None and first.edge.reason in _SELECTED) or (
            end is not None and end.cause in ("no_matching_edges", "condition_error")
        ):
            result.routed.add(state.node)
        if end is not None and end.cause == "no_matching_edges" and first.outcome != "fail":
            world = _ending(first, transition.label)
            rejected = [(item.edge, item.why) for item in end.rejected]
            result.stuck.setdefault(state.node, []).append((world, rejected))

    def _finish(
        self,
        result: Exploration,
        link: Any,
        transition: Transition,
        signatures: set[tuple[Any, ...]],
    ) -> None:
        end = transition.end
        assert end is not None
        if end.succeeded:
            result.succeeded = True
        if end.cause == "restarts":
            result.exhausted_restarts = True
        signature = (end.status, link[2])  # the path's nodes, hashed along the trail
        if signature in signatures:
            return
        signatures.add(signature)
        terminal = Terminal(link, end)
        result.paths.append(terminal)
        final = transition.state.ctx if transition.state is not None else {}
        self.finals.append((terminal, dict(final)))

    def _success_reach(
        self,
        result: Exploration,
        seen: dict[tuple[Any, ...], tuple[int, list[tuple[int, dict[str, int]]]]],
        edges: list[tuple[int, tuple[Any, ...] | None, Transition]],
    ) -> None:
        """For each restart edge, whether any explored continuation still ends in success."""
        successors: dict[int, list[int]] = {}
        good: set[int] = set()
        targets: list[tuple[int, Transition]] = []
        for source, target, transition in edges:
            if target is None:
                if transition.end is not None and transition.end.succeeded:
                    good.add(source)
                continue
            found = seen.get(target)
            if found is None:
                continue
            destination = found[0]
            successors.setdefault(destination, []).append(source)
            targets.append((destination, transition))
        frontier = list(good)
        while frontier:
            current = frontier.pop()
            for previous in successors.get(current, ()):
                if previous not in good:
                    good.add(previous)
                    frontier.append(previous)
        for destination, transition in targets:
            for step in transition.steps:
                edge = step.edge
                if step.depth == 0 and edge is not None and edge.restart and edge.edge is not None:
                    result.restart_edges.setdefault(id(edge.edge), []).append(destination in good)


def _dominated(counters: tuple[int, dict[str, int]], expanded: list[Any]) -> bool:
    """Was a state with the same key and no larger counters already expanded?"""
    restarts, gates = counters
    for other_restarts, other_gates in expanded:
        if other_restarts <= restarts and all(
            used <= gates.get(gate, 0) for gate, used in other_gates.items()
        ):
            return True
    return False


_SELECTED = frozenset({"condition", "label", "suggested", "weight", "lexical"})


def _ending(step: Step, label: str) -> str:
    """``succeeds and prints 'x'``: how a step ended, for a finding's message."""
    words = "succeeds" if step.outcome == "success" else f"ends with `{step.outcome}`"
    writes = dict(step.writes)
    if "tool_stdout" in writes:
        stdout = writes["tool_stdout"]
        words += f" and prints {stdout!r}" if stdout else " and prints nothing"
        if stdout == OTHER:
            words = words.replace(repr(OTHER), "something no condition names")
    elif label and "label=" in label:
        words += f" ({label.split(' ', 1)[1]})"
    return words


def _fork_edge(graph: RunGraph, parallel: str, branch: str) -> Edge | None:
    for edge in graph.edges_from(parallel):
        if edge.target.value == branch:
            return edge
    return None


def explore(
    machine: Machine,
    scenario: Scenario | None = None,
    *,
    max_paths: int = 1000,
    max_states: int = DEFAULT_MAX_STATES,
    context: Mapping[str, str] | None = None,
) -> Exploration:
    scenario = scenario or Scenario()
    explorer = Explorer(machine, scenario, max_paths=max_paths, max_states=max_states)
    return explorer.run(explorer.machine.initial(context or scenario.context))
