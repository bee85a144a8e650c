"""The engine's main loop, symbolically (docs/runtime/edge-selection.md#the-main-loop, with
docs/runtime/edge-selection.md#choosing-an-edge and docs/runtime/failures.md).

:meth:`Machine.expand` runs one node from a :class:`State` and returns every
:class:`Transition` the world's alternatives allow (one for a scenario run, several while
exploring). A transition carries the steps it recorded and either the next state or how the
run :class:`End`\\ s. :func:`simulate` follows a scenario from the start node to the end.

Order at each node, as the engine does it: reset ``outcome``/``preferred_label``/
``suggested_next_nodes``; run the handler (a handler error ends the run); merge its writes
and copy them to ``node.<id>.*``; a ``retry`` status goes to the retry logic; otherwise the node
is completed; the exit node checks goal gates; any other node has no outgoing edges (stuck),
fails strictly (fallback chain), or selects an edge — and a selected target that already
completed is a loop restart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dipcheck.analysis import routing
from dipcheck.analysis.runtime import Handler
from dipcheck.model import Edge
from dipcheck.records import field, record, replace
from dipcheck.simulate import composite, explain
from dipcheck.simulate.expand import expand, expand_graph_variables
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import LEAF, Outcome
from dipcheck.simulate.trace import End, Rejected, Run, Step, Taken
from dipcheck.simulate.world import DefaultOracle, Oracle
from dipcheck.target import DEFAULT, TargetVersion

DEFAULT_MAX_STEPS = 500
MAX_SHOWN_CHARS = 64 * 1024  # of a prompt or command a step shows (--verbose)
# The most steps a run may take, whatever max_steps asks: each step is kept for the report,
# so a run of a billion steps would neither end nor fit in memory.
MAX_STEPS_CEILING = 10_000
RESET_KEYS = ("outcome", "preferred_label", "suggested_next_nodes")
# Keys the simulator always knows the value of (or knows to be empty); any other condition
# operand that is not set is one the world decides (the explorer tries its values).
_KNOWN = frozenset(
    {
        "outcome",
        "preferred_label",
        "suggested_next_nodes",
        "tool_stdout",
        "tool_stderr",
        "tool_marker",
        "tool_marker_error",
        "tool_route",
        "human_response",
        "last_response",
    }
)
_KNOWN_PREFIXES = ("graph.", "params.", "internal.", "stack.", "node.", "parallel.", "fan_in.")


@record
class State:
    """Everything the engine carries from one node to the next (a checkpoint, roughly)."""

    node: str
    ctx: dict[str, str]
    # the completed nodes in completion order (a dict: a run of n steps asks whether a node
    # completed at each step, and a list would answer in n)
    completed: dict[str, None] = field(default_factory=dict)
    outcomes: dict[str, str] = field(default_factory=dict)
    retries: dict[str, int] = field(default_factory=dict)
    visits: dict[str, int] = field(default_factory=dict)
    restarts: int = 0
    fallback_taken: frozenset[str] = frozenset()
    gate_fallback: frozenset[str] = frozenset()
    gate_recheck: frozenset[str] = frozenset()
    covered: frozenset[str] = frozenset()
    overridden: bool = False
    steps: int = 0

    def copy(self) -> State:
        return State(
            self.node,
            dict(self.ctx),
            dict(self.completed),
            dict(self.outcomes),
            dict(self.retries),
            dict(self.visits),
            self.restarts,
            self.fallback_taken,
            self.gate_fallback,
            self.gate_recheck,
            self.covered,
            self.overridden,
            self.steps,
        )

    def complete(self, node: str) -> None:
        self.completed.setdefault(node)

    def clear(self, graph: RunGraph, target: str, retries: bool = False) -> None:
        """Forget that ``target`` and every node downstream of it completed (and, with
        ``retries``, their retry counts)."""
        held = [*self.completed, *self.retries] if retries else self.completed
        gone = graph.downstream(target, held)
        for item in gone:
            self.completed.pop(item, None)
        if retries:
            for item in gone:
                self.retries.pop(item, None)


@record(frozen=True, slots=True)
class Decision:
    """What edge selection decided at a node, with the words that explain it."""

    selection: routing.Selection
    rejected: tuple[Rejected, ...]
    reason: str  # the selection's reason, `lexical` for a tie broken by target name
    why: str  # why the chosen edge won ("" when none was chosen)


@record(frozen=True, slots=True)
class Transition:
    steps: tuple[Step, ...]
    state: State | None = None
    end: End | None = None
    taken: tuple[int, ...] = ()  # ids of the graph edges taken (for exploration coverage)
    label: str = ""  # what the world did, for exploration reports
    gates: tuple[tuple[str, bool], ...] = ()  # goal gates the exit checked: (gate, satisfied)


class Machine:
    """One workflow's engine: its :class:`RunGraph`, the target runtime version, and how
    node names are shown (``Parent/`` inside a child)."""

    # edge selection is remembered per node, status and the values its conditions read; a
    # subclass that watches every evaluation (:meth:`_truth`) turns this off
    remember_decisions = True

    def __init__(
        self,
        graph: RunGraph,
        target: TargetVersion = DEFAULT,
        *,
        prefix: str = "",
        depth: int = 0,
        max_steps: int = DEFAULT_MAX_STEPS,
        verbose: bool = False,
        children: composite.ChildLoader | None = None,
        keep: frozenset[str] | None = None,
    ) -> None:
        self.graph = graph
        self.target = target
        self.prefix = prefix
        self.depth = depth
        self.asked_steps = max_steps
        self.max_steps = min(max_steps, MAX_STEPS_CEILING)
        self.verbose = verbose
        self.children = children
        # the context keys worth carrying (None: all); exploration keeps only what routes
        self.keep = keep
        self._decisions: dict[tuple[object, ...], Decision] = {}

    def path(self, node: str) -> str:
        return f"{self.prefix}{node}"

    def child(self, graph: RunGraph, node_id: str) -> Machine:
        """The engine of the child workflow ``graph`` that node ``node_id`` runs (a subgraph
        or a manager loop): one level deeper, its names shown under the node's path."""
        return Machine(
            graph,
            self.target,
            prefix=f"{self.path(node_id)}/",
            depth=self.depth + 1,
            max_steps=self.max_steps,
            verbose=self.verbose,
            children=self.children,
        )

    def follow(self, oracle: Oracle, state: State) -> tuple[list[Step], End, State]:
        """:func:`follow` on this engine: how an oracle runs a child workflow to its end."""
        return follow(self, oracle, state)

    # -- starting ------------------------------------------------------------------------

    def initial(self, context: Mapping[str, str] | None = None) -> State:
        ctx = {f"graph.{key}": value for key, value in self.graph.graph_values.items()}
        for declared in self.graph.workflow.inputs:
            default = next((a.text for a in declared.attrs if a.key == "default"), None)
            if default is not None:
                ctx[f"inputs.{declared.name.value}"] = default.strip()
        inputs = {item.name.value for item in self.graph.workflow.inputs}
        for key, value in (context or {}).items():
            ctx[f"inputs.{key}" if key in inputs else key] = value
        return State(node=self.graph.start, ctx=ctx)

    # -- one node ------------------------------------------------------------------------

    def expand(self, state: State, oracle: Oracle) -> list[Transition]:
        node_id = state.node
        graph = self.graph
        if node_id not in graph.nodes:
            message = f"node {node_id!r} not found in graph "
            "(docs/runtime/failures.md#failures-only-a-run-meets)"
            end = End("fail", message, node_id, error=True, cause="not_found")
            return [Transition((), end=end)]
        if state.steps >= self.max_steps:
            ceiling = (
                f" (max_steps {self.asked_steps} is above the simulator's ceiling of "
                f"{MAX_STEPS_CEILING})"
                if self.asked_steps > self.max_steps
                else ""
            )
            end = End(
                "max_steps",
                f"the simulation stopped after {self.max_steps} steps (max_steps){ceiling}; "
                "the runtime has no such limit",
                node_id,
                cause="max_steps",
            )
            return [Transition((), end=end)]
        handler = graph.handler(node_id)
        visit = state.visits.get(self.path(node_id), 0) + 1
        ctx = dict(state.ctx)
        for key in RESET_KEYS:
            ctx[key] = ""
        transitions: list[Transition] = []
        alternatives = self._outcomes(handler, node_id, state, ctx, visit, oracle)
        for index, (outcome, what) in enumerate(alternatives):
            label = what if index else ""  # the first alternative is the default: not shown
            transitions.extend(
                self._after(state, ctx, node_id, handler, visit, outcome, label, oracle)
            )
        return transitions

    def _outcomes(
        self,
        handler: Handler,
        node_id: str,
        state: State,
        ctx: dict[str, str],
        visit: int,
        oracle: Oracle,
    ) -> list[tuple[Outcome, str]]:
        leaf = LEAF.get(handler)
        if leaf is None:
            return composite.run(self, handler, node_id, state, ctx, visit, oracle)
        path = self.path(node_id)
        result: list[tuple[Outcome, str]] = []
        for choice in oracle.choices(self, state, path, visit):
            outcome = leaf(self.graph, node_id, path, ctx, choice)
            if choice.why and handler in (Handler.CODERGEN, Handler.TOOL):
                outcome.notes.insert(0, choice.why)
            result.append((outcome, describe_choice(handler, outcome)))
        return result

    def _after(
        self,
        state: State,
        ctx: dict[str, str],
        node_id: str,
        handler: Handler,
        visit: int,
        outcome: Outcome,
        label: str,
        oracle: Oracle,
    ) -> list[Transition]:
        graph = self.graph
        path = self.path(node_id)
        new = state.copy()
        new.visits[path] = visit
        new.steps += 1
        base = Step(
            node=path,
            handler=handler.value,
            outcome="error" if outcome.error else outcome.status,
            attempt=visit,
            writes=tuple(sorted(outcome.updates.items())),
            notes=tuple(outcome.notes),
            depth=self.depth,
            within=self.prefix.rstrip("/") or None,
            text=self._text(node_id, ctx) if self.verbose else (),
            model_node=node_id,
        )
        nested = tuple(outcome.nested)
        if outcome.limit:
            end = End("max_steps", outcome.limit, path, cause="limit")
            return [Transition((base, *nested), end=end, label=label)]
        if outcome.error:
            message = f"handler error at node {node_id!r}: {outcome.error} "
            "(docs/runtime/edge-selection.md#the-main-loop)"
            end = End("fail", message, path, error=True, cause="handler_error")
            return [Transition((base, *nested), end=end, label=label)]
        ctx = dict(ctx)
        keep = self.keep
        updates = outcome.updates
        if keep is not None:
            updates = {key: value for key, value in updates.items() if key in keep}
        ctx.update(updates)
        status = outcome.status if outcome.status in ("success", "fail", "retry") else "fail"
        if graph.format == "yaml" and outcome.status not in ("success", "fail", "retry"):
            status = outcome.status  # a step's result is whatever it reports
        ctx["outcome"] = status
        if outcome.preferred:
            ctx["preferred_label"] = outcome.preferred
        if outcome.suggested:
            ctx["suggested_next_nodes"] = ",".join(outcome.suggested)
        for key, value in outcome.updates.items():
            alias = f"node.{node_id}.{key}"
            if not key.startswith("node.") and (keep is None or alias in keep):
                ctx[alias] = value
        new.ctx = ctx
        new.outcomes[node_id] = status
        if outcome.child_overridden:
            new.overridden = True
        if status == "retry":
            transitions = [self._retry(new, node_id, base, nested, label)]
        else:
            new.complete(node_id)
            if node_id == graph.exit:
                transitions = [self._exit(new, node_id, base, nested, label)]
            else:
                transitions = self._route(new, node_id, base, nested, outcome, label, oracle)
        # an ending transition keeps the final state: a parent merges a child's context
        return [item if item.state else replace(item, state=new) for item in transitions]

    # -- retries (§5.4) ------------------------------------------------------------------

    def _retry(
        self, state: State, node_id: str, step: Step, nested: tuple[Step, ...], label: str
    ) -> Transition:
        graph = self.graph
        limit = graph.retry_limit(node_id)
        count = state.retries.get(node_id, 0)
        if count < limit:
            state.retries[node_id] = count + 1
            target = graph.attr(node_id, "retry_target") or node_id
            taken = Taken(
                node_id,
                target,
                "retry",
                f"status retry: retry {count + 1} of {limit}, back to {target} "
                "(docs/runtime/failures.md#retries)",
            )
            state.clear(graph, target)
            state.node = target
            return Transition((step.leaving(taken), *nested), state=state, label=label)
        fallback = graph.retry_fallback(node_id)
        if fallback is not None:
            taken = Taken(
                node_id,
                fallback,
                "retry_fallback",
                f"status retry with its {limit} retries used: fallback_retry_target {fallback} "
                "(docs/runtime/failures.md#retries)",
            )
            state.clear(graph, fallback)
            state.node = fallback
            return Transition((step.leaving(taken), *nested), state=state, label=label)
        end = End(
            "fail",
            f"retries exhausted for node {node_id!r} ({limit} retries, no fallback_target): "
            "the run fails (docs/runtime/failures.md#retries)",
            self.path(node_id),
            cause="retries_exhausted",
        )
        return Transition((step, *nested), end=end, label=label)

    # -- the exit node and goal gates (§5.5) ----------------------------------------------

    def _exit(
        self, state: State, node_id: str, step: Step, nested: tuple[Step, ...], label: str
    ) -> Transition:
        graph = self.graph
        path = self.path(node_id)
        gates = [item for item in state.completed if graph.is_goal_gate(item)]
        gates += [item for item in sorted(state.gate_recheck) if item not in gates]
        checked: list[tuple[str, bool]] = []
        for gate in gates:
            status = state.outcomes.get(gate, "")
            if status in ("success", "partial_success") or gate in state.covered:
                checked.append((gate, True))
                continue
            checked.append((gate, False))
            redirect = self._gate_redirect(state, gate)
            if redirect is None:
                end = End(
                    "fail",
                    f"goal gate {gate!r} is unsatisfied (last status {status or 'none'}) and "
                    "has no retry or fallback target left: the run fails "
                    "(docs/runtime/failures.md#goal-gates)",
                    path,
                    cause="goal_gate",
                )
                return Transition((step, *nested), end=end, label=label, gates=tuple(checked))
            target, reason, why = redirect
            state.clear(graph, target)
            state.node = target
            taken = Taken(node_id, target, reason, why)
            moved = (step.leaving(taken), *nested)
            return Transition(moved, state=state, label=label, gates=tuple(checked))
        if state.outcomes.get(node_id) == "fail":
            message = f"the exit node {node_id!r} failed: the run fails "
            "(docs/runtime/failures.md#goal-gates)"
            end = End("fail", message, path, cause="exit_failed")
            return Transition((step, *nested), end=end, label=label, gates=tuple(checked))
        if state.overridden:
            end = End(
                "validation_overridden",
                "reached the exit after a human took an `override: true` edge: "
                "validation_overridden, a succeeded status (docs/runtime/failures.md#goal-gates)",
                path,
                cause="success",
            )
        else:
            end = End(
                "success",
                f"reached the exit node {node_id!r} (docs/runtime/edge-selection.md#the-main-loop)",
                path,
                cause="success",
            )
        return Transition((step, *nested), end=end, label=label, gates=tuple(checked))

    def _gate_redirect(self, state: State, gate: str) -> tuple[str, str, str] | None:
        graph = self.graph
        budget = graph.gate_budget(gate)
        used = state.retries.get(gate, 0)
        if used < budget:
            target = graph.gate_redirect(gate)
            if target is None:
                return None
            state.retries[gate] = used + 1
            return (
                target,
                "goal_gate",
                f"goal gate {gate} unsatisfied: redirect {used + 1} of {budget} to {target} "
                "(docs/runtime/failures.md#goal-gates)",
            )
        if gate not in state.gate_fallback:
            target = graph.gate_fallback(gate)
            if target is None:
                return None
            state.gate_fallback |= {gate}
            state.gate_recheck |= {gate}
            return (
                target,
                "goal_gate_fallback",
                f"goal gate {gate} unsatisfied with its {budget} redirects used: one-time "
                f"fallback to {target} (docs/runtime/failures.md#goal-gates)",
            )
        if gate in state.gate_recheck:
            state.gate_recheck -= {gate}
            return (
                gate,
                "goal_gate_recheck",
                f"goal gate {gate} still unsatisfied after its fallback: the engine re-enters "
                "the gate once more (observed on tracker v0.64, "
                "docs/runtime/failures.md#goal-gates)",
            )
        return None

    # -- edge selection (§5.3) -----------------------------------------------------------

    def _route(
        self,
        state: State,
        node_id: str,
        step: Step,
        nested: tuple[Step, ...],
        outcome: Outcome,
        label: str,
        oracle: Oracle,
    ) -> list[Transition]:
        graph = self.graph
        path = self.path(node_id)
        edges = graph.edges_from(node_id)
        if not edges:
            if not graph.exit:
                return [Transition((step, *nested), end=self._step_end(node_id), label=label)]
            message = f"no outgoing edges from non-exit node {node_id!r} "
            "(docs/runtime/failures.md#failures-only-a-run-meets)"
            end = End("stuck", message, path, error=True, cause="no_edges")
            return [Transition((step, *nested), end=end, label=label)]
        status = state.outcomes[node_id]
        if status == "fail" and graph.exit and not any(edge.conditional for edge in edges):
            return [self._strict_failure(state, node_id, step, nested, label)]
        transitions: list[Transition] = []
        keys = self.free_keys(node_id, state.ctx)
        choices = oracle.free(self, state, path, keys) if keys else [{}]
        for values in choices:
            ctx = state.ctx if not values else {**state.ctx, **values}
            decision = self._decide(node_id, edges, status, ctx)
            shown = ", ".join(f"{key}={value!r}" for key, value in sorted(values.items()))
            world = " ".join(part for part in (label, shown) if part)
            # with one choice the state is this transition's alone (no copy needed)
            following = state if len(choices) == 1 else state.copy()
            transitions.append(
                self._follow(following, ctx, node_id, step, nested, outcome, decision, world)
            )
        return transitions

    def _decide(
        self, node_id: str, edges: tuple[Edge, ...], status: str, ctx: Mapping[str, str]
    ) -> Decision:
        """The edge selection and its explanation, computed once per node, status, label,
        suggestion and value of every key the node's conditions read (they decide it all)."""
        graph = self.graph
        preferred = ctx.get("preferred_label", "")
        suggested = ctx.get("suggested_next_nodes", "")
        reads = explain.read_keys(graph, node_id, self.target)
        memo = (node_id, status, preferred, suggested, tuple(ctx.get(key) for key in reads))
        found = self._decisions.get(memo) if self.remember_decisions else None
        if found is not None:
            return found
        selection = routing.select_edge(
            edges,
            status,
            preferred,
            [item.strip() for item in suggested.split(",")],
            self._truth(ctx.get, ctx),
        )
        rejected = explain.rejected(selection.rejected, graph, ctx, self.target)
        reason = "lexical" if selection.tiebreak else selection.reason
        why = explain.why(selection, reason, graph, ctx, self.target) if selection.edge else ""
        found = Decision(selection, rejected, reason, why)
        if self.remember_decisions:
            self._decisions[memo] = found
        return found

    def _truth(
        self, lookup: Callable[[str], str | None], ctx: Mapping[str, str]
    ) -> Callable[[Edge], bool]:
        """How a condition is evaluated against ``ctx`` (a subclass may watch each one)."""
        graph = self.graph

        def truth(edge: Edge) -> bool:
            text = expand(graph.condition_text(edge), ctx, graph.graph_values)
            return routing.evaluate(text, lookup, self.target)

        return truth

    def free_keys(self, node_id: str, ctx: Mapping[str, str]) -> tuple[str, ...]:
        """Operands of ``node_id``'s conditions that nothing in the simulation has set."""
        found: list[str] = []
        for key in explain.operand_keys(self.graph, node_id, self.target):
            if key in _KNOWN or key.startswith(_KNOWN_PREFIXES):
                continue
            if routing.resolve(key, ctx.get)[1]:
                continue
            bare = explain.bare(key)
            if bare in _KNOWN or bare.startswith(_KNOWN_PREFIXES) or bare in found:
                continue
            found.append(bare)
        return tuple(found)

    def _follow(
        self,
        state: State,
        ctx: dict[str, str],
        node_id: str,
        step: Step,
        nested: tuple[Step, ...],
        outcome: Outcome,
        decision: Decision,
        label: str,
    ) -> Transition:
        graph = self.graph
        path = self.path(node_id)
        selection, rejected = decision.selection, decision.rejected
        edge = selection.edge
        if edge is None:
            if not graph.exit:
                return Transition((step, *nested), end=self._step_end(node_id), label=label)
            if selection.reason == "error":
                cause = "condition_error"
                message = (
                    f"evaluating a condition on an edge from {node_id!r} failed: "
                    f"{selection.error} — the run fails (docs/runtime/conditions.md)"
                )
            else:
                cause = "no_matching_edges"
                message = (
                    f"no matching edges from {node_id!r}: all {len(rejected)} conditional "
                    "edges are false and there is no unconditional edge "
                    "(docs/runtime/edge-selection.md#no-matching-edge)"
                )
                otherwise = graph.workflow.else_target
                if otherwise is not None:
                    message += (
                        f"; the workflow's `else -> {otherwise.value}` is not wired into "
                        "tracker and changes nothing "
                        "(docs/runtime/loading.md#from-dippin-to-trackers-graph)"
                    )
            failed = step.leaving(None, tuple(item.why for item in rejected))
            end = End("stuck", message, path, error=True, cause=cause, rejected=rejected)
            return Transition((failed, *nested), end=end, label=label)
        new = state  # its own copy: values the world gave unset operands are not kept
        override = edge.override and outcome.override_ok
        taken = Taken(
            node_id,
            edge.target.value,
            decision.reason,
            decision.why,
            edge,
            rejected,
            override=override,
        )
        if override:
            new.overridden = True
            gates = [g for g in new.completed if graph.is_goal_gate(g)]
            new.covered |= {g for g in gates if new.outcomes.get(g) not in ("success",)}
        target = edge.target.value
        if target in new.completed:
            return self._restart(new, node_id, step, nested, taken, label)
        new.node = target
        return Transition((step.leaving(taken), *nested), state=new, taken=(id(edge),), label=label)

    def _restart(
        self,
        state: State,
        node_id: str,
        step: Step,
        nested: tuple[Step, ...],
        taken: Taken,
        label: str,
    ) -> Transition:
        graph = self.graph
        edge_id = (id(taken.edge),) if taken.edge is not None else ()
        if state.restarts >= graph.max_restarts:
            end = End(
                "restarts_exhausted",
                f"{taken.target} already completed, so this is a loop restart, but all "
                f"{graph.max_restarts} restarts are used: max restarts ({graph.max_restarts}) "
                "exceeded, the run fails (docs/runtime/failures.md#retries)",
                self.path(node_id),
                error=True,
                cause="restarts",
            )
            return Transition((step.leaving(taken), *nested), end=end, taken=edge_id, label=label)
        state.restarts += 1
        target = graph.restart_target or taken.target
        state.clear(graph, target, retries=True)
        state.node = target
        where = f" at the graph's restart_target {target}" if target != taken.target else ""
        why = (
            f"{taken.target} already completed: loop restart {state.restarts} of "
            f"{graph.max_restarts}{where}, clearing it and everything downstream "
            "(docs/runtime/failures.md#loop-restarts)"
        )
        moved = step.leaving(replace(taken, restart=target, restart_why=why))
        return Transition((moved, *nested), state=state, taken=edge_id, label=label)

    def _strict_failure(
        self, state: State, node_id: str, step: Step, nested: tuple[Step, ...], label: str
    ) -> Transition:
        graph = self.graph
        fallback = graph.strict_fallback(node_id)
        if fallback is not None and node_id not in state.fallback_taken:
            state.fallback_taken |= {node_id}
            state.clear(graph, fallback)
            state.node = fallback
            taken = Taken(
                node_id,
                fallback,
                "fallback",
                f"failed with no conditional edge: strict failure, fallback {fallback} (taken "
                "once per node) (docs/runtime/edge-selection.md#strict-failure)",
            )
            return Transition((step.leaving(taken), *nested), state=state, label=label)
        again = " again (its fallback is used once per node)" if fallback is not None else ""
        end = End(
            "fail",
            f"node {node_id!r} failed{again} with no conditional edges to handle failure and no "
            "fallback_target/on_failure: the run fails "
            "(docs/runtime/edge-selection.md#strict-failure)",
            self.path(node_id),
            error=True,
            cause="strict_failure",
        )
        return Transition((step, *nested), end=end, label=label)

    def _step_end(self, node_id: str) -> End:
        return End(
            "success",
            f"step {node_id!r} has no next step that applies: the workflow ends",
            self.path(node_id),
            cause="success",
        )

    # -- what a node receives (--verbose) -------------------------------------------------

    def _text(self, node_id: str, ctx: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
        node = self.graph.nodes[node_id]
        graph_values = self.graph.graph_values
        shown: list[tuple[str, str]] = []
        for key in ("prompt", "command", "label"):
            found = node.text_field(key)
            if found is None or (key == "label" and self.graph.handler(node_id) != Handler.HUMAN):
                continue
            shown.append((key, _shown(key, found[1].value, ctx, graph_values)))
        return tuple(shown)


def _shown(key: str, value: str, ctx: Mapping[str, str], graph_values: Mapping[str, str]) -> str:
    """The text a node receives in ``key``, its first :data:`MAX_SHOWN_CHARS` characters
    (expanded) and how many more there are: every step keeps what it shows, and 300 steps of
    a node reading a 4 MB prompt file took 7.5 GB."""
    text = expand_graph_variables(value[:MAX_SHOWN_CHARS], graph_values)
    text = expand(text, ctx, graph_values, mark_unresolved=True)
    rest = max(0, len(value) - MAX_SHOWN_CHARS) + max(0, len(text) - MAX_SHOWN_CHARS)
    if rest:
        return f"{text[:MAX_SHOWN_CHARS]}\n⟨… {rest:,} more characters of the {key} not shown⟩"
    return text


def describe_choice(handler: Handler, outcome: Outcome) -> str:
    if handler is Handler.TOOL:
        stdout = outcome.updates.get("tool_stdout", "")
        return f"{outcome.status}" + (f" stdout={stdout!r}" if stdout else "")
    if handler is Handler.HUMAN and outcome.preferred:
        return f"{outcome.status} label={outcome.preferred!r}"
    return outcome.status


def follow(machine: Machine, oracle: Oracle, state: State) -> tuple[list[Step], End, State]:
    """Run from ``state`` to the end, taking the first alternative at every choice."""
    steps: list[Step] = []
    while True:
        transition = machine.expand(state, oracle)[0]
        steps.extend(transition.steps)
        if transition.end is not None:
            return steps, transition.end, transition.state or state
        assert transition.state is not None
        state = transition.state


def simulate(
    machine: Machine, oracle: Oracle | None = None, context: Mapping[str, str] | None = None
) -> Run:
    """Follow one scenario from the start node to the end of the run."""
    steps, end, _ = follow(machine, oracle or DefaultOracle(), machine.initial(context))
    return Run(steps, end)
