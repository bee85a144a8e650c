"""``--all-paths``: every route the run can take, and how each ends.

At each node visit the explorer offers every alternative that can matter
(:mod:`dipcheck.simulate.alternatives`) and follows the resulting runs, cheapest first: the cost
of a run so far is the number of steps that did not succeed plus the loop restarts it took, and
among equally cheap runs the longest goes first. The runs the workflow normally makes (every
node succeeding, each human answer, each output) therefore come first, then those with one
failure or one more loop, and so on, so that a budget cut keeps the successful ends.

**What is listed.** A terminal path is a distinct (status, how the run ended, route), where the
route is the sequence of main-loop nodes with the repeated attempts of a node retried in place
counted once (``A`` retried twice then succeeding routes like ``A`` succeeding; the listed
witness shows the attempts). Every scenario's run has its route listed; nothing else is listed.
The scenario's own run (the default one: every node succeeds, tools print nothing) is first.

**How it stays finite.** Two engine states with the same key (:mod:`dipcheck.simulate.statekey`)
have the same future. Listing paths, a state is expanded once per key *and route so far*: the
same state reached along the same route by different answers (outputs nothing reads, say) adds
nothing. For the DC4xx facts alone (``list_paths=False``), once per key.

**Complete means complete.** ``truncated`` says why the exploration may have missed a run: the
state, path, time or memory budget ran out, a run reached the simulator's ``max_steps``, or an
alternative had more combinations than the explorer tries. It is empty only when every run was
followed to its end.

The exploration also records what the DC4xx rules need: where a producible outcome matches no
edge, which edges were taken, which nodes routed, what every goal gate check found, and for each
loop restart whether a successful end can still be reached.
"""

from __future__ import annotations

import heapq
import itertools
import os
import time
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from dipcheck.analysis.runtime import Handler
from dipcheck.model import Edge
from dipcheck.records import field, record
from dipcheck.simulate.alternatives import OTHER, ExploreOracle
from dipcheck.simulate.runner import Machine, State, Transition
from dipcheck.simulate.scenario import Scenario, ScenarioOracle
from dipcheck.simulate.statekey import StateKeys, relevant_keys
from dipcheck.simulate.trace import End, Step

DEFAULT_MAX_STATES = 20_000
# The memory an exploration (its children's included) may add to the process: the states
# waiting in the queue each hold a run's completions, outcomes and visits, so on a long
# workflow the state budget alone let a 150 KB file take gigabytes. The corpus's largest
# explorations add under 200 MB.
DEFAULT_MAX_MEMORY = 512 << 20
_CLOCK_EVERY = 64  # expansions between looks at the clock and the memory in use


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident() -> int | None:
    """The process's resident memory in bytes (None where it cannot be read cheaply)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            pages = int(handle.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * _PAGE


# A run so far: (the run before, the steps of its last transition, what the world did there).
# Not the transition: it holds the state it leads to, and every state along a run is as big as
# the run before it (a walk of n steps would keep n² nodes and outcomes).
Trail = tuple[Any, tuple[Step, ...], str] | None
Move = tuple[int, tuple[Any, ...] | None, tuple[Step, ...], bool]


class Terminal:
    """One distinct end of a run: its steps, how it ended, what the world did on the way
    (unwound from the exploration's trail when first asked for)."""

    def __init__(self, trail: Trail, end: End) -> None:
        self._trail = trail
        self.end = end

    @cached_property
    def _chain(self) -> list[tuple[tuple[Step, ...], str]]:
        chain: list[tuple[tuple[Step, ...], str]] = []
        cursor = self._trail
        while cursor is not None:
            cursor, steps, label = cursor
            chain.append((steps, label))
        chain.reverse()
        return chain

    @cached_property
    def steps(self) -> list[Step]:
        return [step for steps, _ in self._chain for step in steps]

    @cached_property
    def world(self) -> list[str]:
        return [
            f"{steps[0].node}: {label}" if steps else label for steps, label in self._chain if label
        ]

    @property
    def path(self) -> list[str]:
        depth = min((step.depth for step in self.steps), default=0)
        return [step.node for step in self.steps if step.depth == depth]

    @property
    def route(self) -> list[str]:
        """The path with the repeated attempts of a node retried in place counted once."""
        depth = min((step.depth for step in self.steps), default=0)
        return [step.node for step in self.steps if step.depth == depth and not retried(step)]


def retried(step: Step) -> bool:
    """A step that ended in ``retry`` and went back to its own node (§5.4)."""
    edge = step.edge
    return (
        step.outcome == "retry"
        and edge is not None
        and edge.reason == "retry"
        and edge.target == step.model_node
    )


@record
class Exploration:
    paths: list[Terminal] = field(default_factory=list)
    states: int = 0
    truncated: str = ""  # why a run may have been missed ("" when the exploration is complete)
    halted: str = ""  # the budget that stopped the search, if one did
    capped: bool = False  # a node had more alternatives than the explorer tries
    taken_edges: set[int] = field(default_factory=set)
    # node → (how it ended, the false conditions) for each run where a node that did not fail
    # matched no edge
    stuck: dict[str, list[tuple[str, list[tuple[Edge, str]]]]] = field(default_factory=dict)
    routed: set[str] = field(default_factory=set)  # nodes whose edges were evaluated
    gate_checks: dict[str, list[bool]] = field(default_factory=dict)
    restart_edges: dict[int, list[bool]] = field(default_factory=dict)  # edge → can succeed?
    succeeded: bool = False
    exhausted_restarts: bool = False
    fewest_restarts: int | None = None  # among the runs that succeed

    @property
    def complete(self) -> bool:
        return not self.truncated

    def fewest_restarts_to_succeed(self) -> int | None:
        """The fewest loop restarts among the explored successful runs."""
        return self.fewest_restarts

    def by_status(self) -> dict[str, list[Terminal]]:
        groups: dict[str, list[Terminal]] = {}
        for terminal in self.paths:
            groups.setdefault(terminal.end.status, []).append(terminal)
        return groups


class Explorer:
    def __init__(
        self,
        machine: Machine,
        scenario: Scenario,
        *,
        max_paths: int,
        max_states: int = DEFAULT_MAX_STATES,
        max_seconds: float | None = None,
        keep: frozenset[str] = frozenset(),
        deadline: float | None = None,
        max_memory: int = DEFAULT_MAX_MEMORY,
        memory_limit: int | None = None,
    ) -> None:
        """``keep``: keys a parent reads from this (child) workflow's final context;
        ``deadline``: the parent's (a ``time.monotonic()`` value), for a child's exploration.
        ``max_seconds`` counts from here: what is worked out before the search is in it.
        ``max_memory``: the bytes the exploration may add to the process's resident memory
        (not checked where it cannot be read); ``memory_limit``: the parent's resident limit
        in bytes, for a child's exploration."""
        if max_seconds is not None:
            deadline = time.monotonic() + max_seconds
        if memory_limit is None:
            now = resident()
            memory_limit = None if now is None else now + max_memory
        own = relevant_keys(machine)
        self.relevant = own | keep
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
        self.max_seconds = max_seconds
        self.deadline = deadline
        self.max_memory = max_memory
        self.memory_limit = memory_limit
        self.oracle = ExploreOracle(self, scenario, max_states)
        pinned = frozenset(name for name, entries in scenario.nodes.items() if len(entries) > 1)
        # (a callable: a child's exploration made once for many parent values notes its keys)
        self.key: Callable[[State], tuple[Any, ...]] = StateKeys(self.machine, own, pinned, keep)
        # key mode: each end found (a child's parent picks one run per distinct way to end)
        self.finals: list[tuple[Terminal, dict[str, str]]] = []
        self._routes: dict[tuple[int, str], int] = {}
        self._signatures: set[tuple[str, str, int]] = set()
        self._halted = ""  # a budget ran out: the search stopped
        self._gaps: list[str] = []  # runs the search followed only part of the way

    # -- the search ----------------------------------------------------------------------

    def run(
        self, start: State, *, list_paths: bool = True, coarse: bool = False, facts: bool = True
    ) -> Exploration:
        """Explore from ``start``. ``coarse``: a state is expanded once per node and live
        context only (counters, completions and gate bookkeeping ignored) — a quick sweep
        whose findings are real runs but which is never complete (see :func:`sweep`).
        ``facts`` False: only the ends and whether the search is complete are wanted (a child
        workflow's exploration: its parent reads nothing else), not the taken edges, routing,
        gate checks and restart edges the DC4xx rules read."""
        result = Exploration()
        machine = self.machine
        if list_paths:
            self._default_run(result, start)
        index: dict[tuple[Any, ...], int] = {}  # key → its number, once expanded
        # (from state, key of the state it leads to or None at an end, its steps, whether it
        # ends the run successfully): the transitions themselves would keep every state
        moves: list[Move] = []
        seen: set[Any] = set()
        # (node seen before, cost so far, -steps, order, state, key, route, trail): the runs
        # with the fewest failures and loop restarts first, and among those the longest, so
        # that the ends the run normally reaches come first and a budget cut keeps them; the
        # coarse sweep first takes nodes it has not expanded yet (it is after coverage)
        order = itertools.count()
        visited: set[str] = set()
        queue: list[tuple[bool, int, int, int, State, tuple[Any, ...], int, Trail]] = []
        heapq.heappush(queue, (False, 0, 0, next(order), start, self.key(start), 0, None))
        while queue and not self._halted:
            _, cost, _, _, state, key, route, trail = heapq.heappop(queue)
            token = key[:2] if coarse else (key, route) if list_paths else key
            if token in seen:
                continue
            if result.states >= self.max_states:
                self._halted = f"the state limit ({self.max_states}) was reached"
                break
            if result.states % _CLOCK_EVERY == 0:
                self._halted = self._over_budget()
                if self._halted:
                    break
            seen.add(token)
            visited.add(state.node)
            result.states += 1
            first = key not in index
            if first:
                index[key] = len(index)
            number = index[key]
            noting = first and facts
            for transition in machine.expand(state, self.oracle):
                if noting:
                    self._record(result, state, transition, gates=True)
                link = (trail, transition.steps, transition.label)
                # the route only tells runs apart when paths are listed (the token, a path's
                # signature): gathering facts, every route is 0
                onward = self._extend(route, transition) if list_paths else 0
                if transition.end is not None:
                    if noting:
                        moves.append((number, None, transition.steps, transition.end.succeeded))
                    self._finish(result, state, link, transition, onward, list_paths)
                    continue
                following = transition.state
                assert following is not None
                next_key = self.key(following)
                if noting:
                    moves.append((number, next_key, transition.steps, False))
                again = coarse and following.node in visited
                step_cost = cost + self._cost(transition)
                item = (again, step_cost, -following.steps, next(order), following, next_key)
                heapq.heappush(queue, (*item, onward, link))
        for reason in self.oracle.cuts:
            self._gap(reason)
        result.capped = bool(self.oracle.cuts)
        if coarse:
            self._gap("a coarse sweep (each node and context once)")
        result.halted = self._halted
        result.truncated = "; ".join(item for item in (self._halted, *self._gaps) if item)
        if facts:
            self._success_reach(result, index, moves)
        return result

    def _over_budget(self) -> str:
        """Why the search must stop now: the time or memory budget is spent ("" if neither)."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            seconds = f" ({self.max_seconds:g} s)" if self.max_seconds is not None else ""
            return f"the time limit{seconds} was reached"
        if self.memory_limit is not None:
            now = resident()
            if now is not None and now > self.memory_limit:
                return f"the memory limit ({self.max_memory >> 20} MB) was reached"
        return ""

    def _gap(self, reason: str) -> None:
        if reason not in self._gaps:
            self._gaps.append(reason)

    def _cost(self, transition: Transition) -> int:
        """1 for a step that did not succeed, 1 for a loop restart."""
        depth = self.machine.depth
        cost = 0
        for step in transition.steps:
            if step.depth != depth:
                continue
            if step.outcome not in ("success", "partial_success"):
                cost += 1
            if step.edge is not None and step.edge.restart:
                cost += 1
        return cost

    def _extend(self, route: int, transition: Transition) -> int:
        """The route after ``transition``: its main-loop nodes interned one by one."""
        depth = self.machine.depth
        routes = self._routes
        for step in transition.steps:
            if step.depth != depth or retried(step):
                continue
            pair = (route, step.node)
            found = routes.get(pair)
            if found is None:
                found = routes[pair] = len(routes) + 1
            route = found
        return route

    def _default_run(self, result: Exploration, start: State) -> None:
        """The scenario's own run, first: the run the user would see heads the list."""
        oracle = ScenarioOracle(self.scenario)
        trail: Trail = None
        state = start
        route = 0
        while True:
            transition = self.machine.expand(state, oracle)[0]
            self._record(result, state, transition, gates=False)
            trail = (trail, transition.steps, transition.label)
            route = self._extend(route, transition)
            if transition.end is not None:
                self._finish(result, state, trail, transition, route, True)
                return
            assert transition.state is not None
            state = transition.state

    def _record(
        self, result: Exploration, state: State, transition: Transition, *, gates: bool
    ) -> None:
        result.taken_edges.update(transition.taken)
        graph = self.machine.graph
        if state.node in graph.nodes and graph.handler(state.node) is Handler.PARALLEL:
            within = self.machine.path(state.node)  # its branches: the fork edges are taken
            for step in transition.steps:
                if step.depth == self.machine.depth + 1 and step.within == within:
                    fork = _fork_edge(graph, state.node, step.model_node)
                    if fork is not None:
                        result.taken_edges.add(id(fork))
        if gates:  # once per state key: the count is of distinct checks
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
            cases = result.stuck.setdefault(state.node, [])
            if (world, rejected) not in cases:
                cases.append((world, rejected))

    def _finish(
        self,
        result: Exploration,
        state: State,
        link: Trail,
        transition: Transition,
        route: int,
        list_paths: bool,
    ) -> None:
        end = transition.end
        assert end is not None
        if end.succeeded:
            result.succeeded = True
            if result.fewest_restarts is None or state.restarts < result.fewest_restarts:
                result.fewest_restarts = state.restarts
        if end.cause == "restarts":
            result.exhausted_restarts = True
        if end.cause == "max_steps":
            self._gap(
                f"a run reached the simulator's step limit (max_steps {self.machine.max_steps})"
            )
        terminal = Terminal(link, end)
        if not list_paths:
            final = transition.state.ctx if transition.state is not None else {}
            self.finals.append((terminal, dict(final)))
            return
        signature = (end.status, end.cause, route)
        if signature in self._signatures:
            return
        if self.max_paths and len(result.paths) >= self.max_paths:
            self._halted = self._halted or f"the path limit ({self.max_paths}) was reached"
            return
        self._signatures.add(signature)
        result.paths.append(terminal)

    def _success_reach(
        self,
        result: Exploration,
        index: dict[tuple[Any, ...], int],
        moves: list[Move],
    ) -> None:
        """For each restart edge, whether any explored continuation still ends in success."""
        before: dict[int, list[int]] = {}
        good: set[int] = set()
        targets: list[tuple[int, tuple[Step, ...]]] = []
        for source, target, steps, succeeded in moves:
            if target is None:
                if succeeded:
                    good.add(source)
                continue
            destination = index.get(target)
            if destination is None:
                continue
            before.setdefault(destination, []).append(source)
            targets.append((destination, steps))
        frontier = list(good)
        while frontier:
            current = frontier.pop()
            for previous in before.get(current, ()):
                if previous not in good:
                    good.add(previous)
                    frontier.append(previous)
        for destination, steps in targets:
            for step in steps:
                edge = step.edge
                if step.depth == 0 and edge is not None and edge.restart and edge.edge is not None:
                    result.restart_edges.setdefault(id(edge.edge), []).append(destination in good)


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


def _fork_edge(graph: Any, parallel: str, branch: str) -> Edge | None:
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
    max_seconds: float | None = None,
    context: Mapping[str, str] | None = None,
    list_paths: bool = True,
    max_memory: int = DEFAULT_MAX_MEMORY,
) -> Exploration:
    """Explore every run from the start node. ``max_paths`` 0 lists without a limit;
    ``list_paths=False`` only gathers the facts the DC4xx rules need (each state once);
    ``max_memory``: the bytes the exploration may add to the process's resident memory."""
    scenario = scenario or Scenario()
    explorer = Explorer(
        machine,
        scenario,
        max_paths=max_paths,
        max_states=max_states,
        max_seconds=max_seconds,
        max_memory=max_memory,
    )
    start = explorer.machine.initial(context or scenario.context)
    return explorer.run(start, list_paths=list_paths)


def sweep(machine: Machine, *, max_states: int = DEFAULT_MAX_STATES) -> Exploration:
    """The coarse sweep: every node reached with each distinct live context once. What it
    records happened on a real run, but a run it pruned may do more, so it is never
    complete (the existential DC4xx findings use it when the exact exploration is cut)."""
    explorer = Explorer(machine, Scenario(), max_paths=0, max_states=max_states)
    return explorer.run(explorer.machine.initial({}), list_paths=False, coarse=True)
