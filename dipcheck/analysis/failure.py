"""What tracker does when a node fails, computed once per workflow
(docs/runtime/edge-selection.md#the-main-loop, docs/runtime/edge-selection.md#strict-failure,
docs/runtime/failures.md#retries, docs/runtime/parallel.md#branches; tracker's
``pipeline/engine.go``).

After a node's handler returns, the engine (``advanceToNextNode``):

1. fails the run when the node has no outgoing edge at all (``no outgoing edges from
   non-exit node``), whatever the node's outcome;
2. on outcome ``fail`` with no conditional edge (*strict failure*, ``checkStrictFailure``)
   goes, once per node, to the first existing node among the node's ``fallback_target``, its
   ``fallback_retry_target``, the graph's ``fallback_target`` (`.dip`: ``defaults.on_failure``)
   and the graph's ``fallback_retry_target`` — else fails the run (``node %q failed with no
   conditional edges to handle failure``);
3. otherwise selects an edge as for any outcome: the first conditional edge whose condition
   holds, then a label or suggestion match, then the unconditional edges; with none of them
   the run fails (``no matching edges``). The fallback chain is *not* consulted here.

:class:`FailureFacts` answers, for every node the main loop can run, whether its handler can
report ``fail`` at all (:func:`how_it_fails`) and where a failure goes (:class:`FailurePath`).
Parallel branch targets run inside the parallel handler, never in the main loop: their
failures count towards the parallel node's status (``fan_in_policy``), and their own edges and
fallbacks are ignored (a fallback on one is refused at dispatch, ``handlers/parallel_fallback.go``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from enum import StrEnum
from functools import cached_property, lru_cache

from dipcheck import conditions
from dipcheck.analysis import routing
from dipcheck.analysis.routing import ConditionError
from dipcheck.analysis.runtime import Handler, first_fan_in, handler_of
from dipcheck.analysis.shell_words import SimpleCommand, simple_commands
from dipcheck.model import Edge, Name, Node, NodeKind, Workflow
from dipcheck.records import record
from dipcheck.target import DEFAULT, TargetVersion

# The node attributes the strict-failure fallback reads, in order (`findFallbackTarget`); a
# `.dip` node-level `fallback_target` is stored as `fallback_retry_target` (§0.2) — either
# spelling is read here.
NODE_FALLBACKS = ("fallback_target", "fallback_retry_target")
# The graph attributes it reads next: `.dip` `defaults.on_failure` is the graph's
# `fallback_target` (§0.2); a DOT file writes the runtime names.
GRAPH_FALLBACKS = ("on_failure", "fallback_target", "fallback_retry_target")
# The node attributes that name where the main loop may go besides the edges, each with its
# `<key>_file` twin (which `Node.value` also reads): the twins spelled out once, not per node.
_FALLBACK_KEYS = tuple((key, f"{key}_file") for key in NODE_FALLBACKS)
_TARGET_KEYS = (("retry_target", "retry_target_file"), *_FALLBACK_KEYS)
_FALLBACK_FIELDS = frozenset(key for pair in _FALLBACK_KEYS for key in pair)
_TARGET_FIELDS = frozenset(key for pair in _TARGET_KEYS for key in pair)
YES_NO = "the answer is No"
_OUTCOME_OPERANDS = frozenset({"outcome", "ctx.outcome", "context.outcome"})


class Route(StrEnum):
    """Where a failed node goes."""

    DEAD_END = "dead_end"  # no outgoing edge: the run fails whatever the outcome
    FALLBACK = "fallback"  # strict failure, taken to the fallback chain's target
    STOP = "stop"  # strict failure with no fallback: the run fails
    CONDITION = "condition"  # a condition that holds on failure picks the edge
    MAYBE = "maybe"  # a condition on other keys may pick an edge; else as `rest` says
    UNCONDITIONAL = "unconditional"  # no condition holds: an unconditional edge is taken
    NO_MATCH = "no_match"  # no condition holds and no unconditional edge: the run fails


@record(frozen=True, slots=True)
class FailurePath:
    """Where a failure of one node goes. ``edge``: the edge taken (CONDITION,
    UNCONDITIONAL), or for MAYBE the first edge whose condition may hold. ``target`` and
    ``origin`` (the attribute that names it): the fallback of FALLBACK. ``rest``: for MAYBE,
    where the failure goes when none of the undecided conditions holds."""

    route: Route
    edge: Edge | None = None
    target: str = ""
    origin: str = ""
    rest: FailurePath | None = None

    @property
    def routed(self) -> bool:
        """Is the failure sent somewhere the author chose for failures (a fallback or a
        condition that holds on failure)?"""
        if self.route is Route.MAYBE and self.rest is not None:
            return self.rest.routed
        return self.route in (Route.FALLBACK, Route.CONDITION)


@record(frozen=True, slots=True)
class Parallel:
    """A parallel node's branch targets (run inside its handler) and its join (the node the
    handler suggests afterwards, `.dip` ``parallel_join``), when it has one."""

    node: Node
    branches: tuple[Name, ...]
    join: str


def outcome_truth(text: str, fmt: str, target: TargetVersion = DEFAULT) -> bool | None:
    """Does the condition ``text`` (as written) hold when ``outcome`` is ``fail``? True or
    False when the outcome alone decides it, None when other keys do (or tracker cannot
    evaluate it). Reads the condition as the target runtime does (§5.2)."""
    if len(text) > _MEMO_TEXT:
        return _outcome_truth(text, fmt, target)
    return _memo_truth(text, fmt, target)


_MEMO_TEXT = 200  # conditions up to this length are read once per process


@lru_cache(maxsize=4096)
def _memo_truth(text: str, fmt: str, target: TargetVersion) -> bool | None:
    """:func:`_outcome_truth` read once per condition text (a workflow repeats its
    conditions on edge after edge; the answer depends on the text alone; bounded, as a
    language server lives long)."""
    return _outcome_truth(text, fmt, target)


def _outcome_truth(text: str, fmt: str, target: TargetVersion) -> bool | None:
    runtime = routing.runtime_text(text, fmt)
    if not runtime.strip():
        return True
    if "outcome" not in runtime:
        # Each left operand either reading tests is a stretch of this text, so none is an
        # outcome operand: every comparison is undecided, and so is the whole condition.
        return None
    if target.splits_condition_keywords:
        parsed = conditions.parse(runtime)
        return None if parsed.expr is None else _expr_truth(parsed.expr)
    try:
        branches = routing.split_condition(runtime)
    except ConditionError:
        return None
    result: bool | None = False
    for branch in branches:
        value: bool | None = True
        for clause_text in branch:
            try:
                clause = routing.parse_clause(clause_text)
            except ConditionError:
                return None
            value = _and(value, _clause_truth(clause))
        result = _or(result, value)
    return result


def _clause_truth(clause: routing.Clause) -> bool | None:
    if clause.left not in _OUTCOME_OPERANDS:
        return None
    try:
        return routing.evaluate_clause(clause, {"outcome": "fail"}.get)
    except ConditionError:
        return None


def _expr_truth(expr: conditions.Expr) -> bool | None:
    if isinstance(expr, conditions.Compare):
        if expr.left.text not in _OUTCOME_OPERANDS:
            return None
        op = f"not {expr.op}" if expr.negated else expr.op
        try:
            return routing.compare("fail", op, expr.right_text)
        except ConditionError:
            return None
    if isinstance(expr, conditions.Not):
        inner = _expr_truth(expr.expr)
        return None if inner is None else not inner
    if isinstance(expr, conditions.Group):
        return _expr_truth(expr.expr)
    values = [_expr_truth(item) for item in expr.items]
    combine = _and if expr.op == "and" else _or
    result: bool | None = expr.op == "and"
    for value in values:
        result = combine(result, value)
    return result


def _and(left: bool | None, right: bool | None) -> bool | None:
    if left is False or right is False:
        return False
    return None if left is None or right is None else True


def _or(left: bool | None, right: bool | None) -> bool | None:
    if left is True or right is True:
        return True
    return None if left is None or right is None else False


def always_exits_zero(text: str) -> SimpleCommand | None:
    """The last step of a tool command when it makes the command always exit 0 (``… ||
    true``, ``true``, ``:``, ``exit``/``exit 0``), else None (amplifier's CMD-002)."""
    commands = simple_commands(text)
    if not commands:
        return None
    last = commands[-1]
    if not 0 < len(last.words) <= 2:
        return None  # (most commands: longer than any of the steps below)
    words = [word.value for word in last.words]
    guarded = not last.certain and words in (["true"], [":"])
    final = last.certain and (words in (["true"], [":"]) or words in (["exit"], ["exit", "0"]))
    return last if guarded or final else None


def how_it_fails(node: Node, workflow: Workflow) -> str:
    """How ``node``'s handler can end with outcome ``fail`` (a phrase for "`X` fails (…)"),
    or ``""`` when it never does: conditional nodes, passthrough start/exit nodes,
    choice and freeform human gates without a failing timeout (§5.3 "Other handler
    outcomes"). A fan_in node is counted as never failing on its own: it applies the policy of
    the parallel node before it to the same results, so the parallel node already failed."""
    handler = handler_of(node, workflow)
    if handler is Handler.CODERGEN:
        return "an empty response, a turn or cost limit, a failed `writes:`"
    if handler is Handler.TOOL:
        command = node.value("command") or node.value("tool_command")
        if command.strip() and always_exits_zero(command) is not None:
            return ""
        return "its command exits non-zero"
    if handler is Handler.HUMAN:
        return _human_failure(node)
    if handler is Handler.PARALLEL:
        policy = _param(node, "fan_in_policy") or "any"
        if policy == "any":
            return "every branch fails"
        return f"its `fan_in_policy: {policy}` is not met"
    if handler is Handler.SUBGRAPH:
        return "the child workflow does not succeed"
    if handler is Handler.MANAGER_LOOP:
        return "the child workflow fails"
    return ""


def _human_failure(node: Node) -> str:
    mode = node.value("mode").strip() or "choice"
    if mode == "yes_no":
        return YES_NO
    if mode == "interview":
        return "the interview is cancelled"
    if node.value("timeout").strip():
        if node.value("timeout_action").strip() == "fail":
            return "it times out (`timeout_action: fail`)"
        if not (node.value("default") or node.value("default_choice")).strip():
            return "it times out with no `default`"
    return ""


def _param(node: Node, key: str) -> str:
    """A node attribute written directly or under ``params:`` (parallel/fan_in policy)."""
    value = node.value(key).strip()
    if value:
        return value
    params = node.get("params")
    if params is not None:
        for child in params.children:
            if child.key == key:
                return child.text.strip()
    return ""


class FailureFacts:
    """Failure facts of one workflow, computed on first use."""

    def __init__(self, workflow: Workflow, target: TargetVersion = DEFAULT) -> None:
        self.workflow = workflow
        self.target = target
        self._truths: dict[str, bool | None] = {}  # condition text → its truth on failure

    # -- parallel blocks -----------------------------------------------------------------

    @cached_property
    def parallels(self) -> dict[str, Parallel]:
        """Each parallel node's branches and join. In `.dip` the join is the fan_in that
        lists the first branch (the adapter's ``parallel_join``, §0.2); in DOT only an
        explicit ``parallel_join`` attribute names one."""
        workflow = self.workflow
        first_join = first_fan_in(workflow)
        result: dict[str, Parallel] = {}
        for node in workflow.nodes:
            if node.kind is not NodeKind.PARALLEL or node.id in result:
                continue
            join = _param(node, "parallel_join")
            if not join and workflow.format == "dip" and node.members:
                join = first_join.get(node.members[0].value, "")
            result[node.id] = Parallel(node, node.members, join)
        return result

    @cached_property
    def branch_of(self) -> dict[str, str]:
        """Branch target → the (first) parallel node that dispatches it."""
        table: dict[str, str] = {}
        for parallel in self.parallels.values():
            for member in parallel.branches:
                table.setdefault(member.value, parallel.node.id)
        return table

    # -- edges and reachability ----------------------------------------------------------

    def edges_from(self, node_id: str) -> Sequence[Edge]:
        """Outgoing edges in the order edge selection walks them: explicit edges as declared,
        then the synthesized fork/join edges that no explicit edge states (§0.2)."""
        return self._edges.get(node_id, ())

    @cached_property
    def _edges(self) -> Mapping[str, Sequence[Edge]]:
        workflow = self.workflow
        if not any(parallel.join for parallel in self.parallels.values()) and not any(
            edge.implicit for edge in workflow.edges
        ):
            # (most workflows: every edge is stated, so this is the model's own table)
            return workflow.outgoing
        table: dict[str, list[Edge]] = {}
        stated: set[tuple[str, str]] = set()
        for edge in self.workflow.edges:
            if not edge.implicit:
                stated.add((edge.source.value, edge.target.value))
                table.setdefault(edge.source.value, []).append(edge)
        for edge in self.workflow.edges:
            if edge.implicit and (edge.source.value, edge.target.value) not in stated:
                table.setdefault(edge.source.value, []).append(edge)
        for node_id, parallel in self.parallels.items():
            if parallel.join and (node_id, parallel.join) not in stated:
                span = parallel.node.id_span
                join = Edge(Name(node_id, span), Name(parallel.join, span), span, implicit=True)
                table.setdefault(node_id, []).append(join)
        return table

    def _main_successors(self, node_id: str) -> list[str]:
        """Where the main loop can go after ``node_id``: its edges (a parallel node with a
        join goes to the join or along a conditional edge, never into a branch), and the
        nodes its retries, fallbacks and goal-gate redirects name."""
        parallel = self.parallels.get(node_id)
        edges = self._edges.get(node_id, ())
        if parallel is not None and parallel.join:
            branches = {m.value for m in parallel.branches}
            found = [
                edge.target.value
                for edge in edges
                if edge.target.value not in branches or edge.conditional
            ]
        else:  # (most nodes) every edge
            found = [edge.target.value for edge in edges]
        node = self.workflow.node_map.get(node_id)
        if node is not None:
            found += _named(node, _TARGET_KEYS, _TARGET_FIELDS)
        return found

    @cached_property
    def main_loop(self) -> frozenset[str]:
        """The nodes the engine's main loop can run: reachable from the start node along
        edges (not into the branches of a parallel block with a join), retry targets,
        fallbacks and the graph-level fallback and restart targets."""
        workflow = self.workflow
        ids = workflow.node_map
        if workflow.start not in ids:
            return frozenset()
        seeds = [workflow.start]
        for key in (*GRAPH_FALLBACKS, "restart_target", "retry_target"):
            value = workflow.default_value(key)
            if value in ids:
                seeds.append(value)
        seen = set(seeds)
        queue = deque(seeds)
        successors = self._main_successors
        while queue:
            current = queue.popleft()
            for target in successors(current):
                if target in ids and target not in seen:
                    seen.add(target)
                    queue.append(target)
        return frozenset(seen)

    # -- failure paths -------------------------------------------------------------------

    def graph_fallback(self) -> tuple[str, str]:
        """The graph-level fallback (`on_failure` …) that names a node, and its key."""
        return self._graph_fallback

    @cached_property
    def _graph_fallback(self) -> tuple[str, str]:
        # (asked for every node whose own fallback chain names no node)
        for key in GRAPH_FALLBACKS:
            value = self.workflow.default_value(key)
            if value and value in self.workflow.node_map:
                return value, key
        return "", ""

    def fallback(self, node: Node) -> tuple[str, str]:
        """The first existing node of the strict-failure fallback chain, and the key that
        names it (``findFallbackTarget``)."""
        for item in node.fields:
            if item.key in _FALLBACK_FIELDS:
                break
        else:
            return self._graph_fallback  # (most nodes: a glance at their few fields)
        for key in NODE_FALLBACKS:
            value = node.value(key).strip()
            if value and value in self.workflow.node_map:
                return value, key
        return self._graph_fallback

    def _truth(self, text: str) -> bool | None:
        """Does the condition ``text`` hold on failure (None: other keys decide)? Read once
        per workflow (its edges repeat a few conditions)."""
        if text not in self._truths:
            self._truths[text] = outcome_truth(text, self.workflow.format, self.target)
        return self._truths[text]

    def path(self, node: Node) -> FailurePath:
        """Where a failure of ``node`` goes."""
        edges = self._edges.get(node.id)
        if not edges:
            return FailurePath(Route.DEAD_END)
        # The usual answers in one walk over the edges: no condition (the fallback chain), or
        # a condition that holds on failure, after any that other keys decide.
        known = self._truths
        conditional = False
        undecided: Edge | None = None  # the first edge whose condition other keys decide
        for edge in edges:
            condition = edge.condition
            if not edge.conditional or condition is None:
                continue
            conditional = True
            truth = known.get(condition.raw, _UNREAD)
            if truth is _UNREAD:
                truth = self._truth(condition.raw)
            if truth is True:
                found = FailurePath(Route.CONDITION, edge)
                if undecided is None:
                    return found
                return FailurePath(Route.MAYBE, undecided, rest=found)
            if truth is None and undecided is None:
                undecided = edge
        if not conditional:
            target, origin = self.fallback(node)
            if target:
                return FailurePath(Route.FALLBACK, target=target, origin=origin)
            return FailurePath(Route.STOP)
        return self._undecided(node, edges)

    def _undecided(self, node: Node, edges: Sequence[Edge]) -> FailurePath:
        """:meth:`path` of a node with conditions, none of which holds on failure."""
        # each edge's truth on failure; False for an unconditional edge (no condition holds)
        truths = [
            self._truth(edge.condition.raw)
            if edge.conditional and edge.condition is not None
            else False
            for edge in edges
        ]
        definite = self._definite(node, edges, truths)
        for edge, truth in zip(edges, truths, strict=True):
            if edge is definite.edge:
                break
            if truth is None:
                return FailurePath(Route.MAYBE, edge, rest=definite)
        return definite

    def _definite(
        self, node: Node, edges: Sequence[Edge], truths: list[bool | None]
    ) -> FailurePath:
        """Where a failure goes when every condition that other keys decide is false
        (``truths``: as :meth:`path` works them out)."""
        for edge, truth in zip(edges, truths, strict=True):
            if truth is True:
                return FailurePath(Route.CONDITION, edge)
        if how_it_fails(node, self.workflow) == YES_NO:
            # a No is `fail` with the preferred label `No` (§5.3 step 2)
            for edge in edges:
                if routing.routing_key(edge) == "No":
                    return FailurePath(Route.CONDITION, edge)
        plain = [edge for edge in edges if not edge.conditional]
        if not plain:
            return FailurePath(Route.NO_MATCH)
        top = max(routing.weight(edge) for edge in plain)
        best = min(
            (edge for edge in plain if routing.weight(edge) == top),
            key=lambda edge: edge.target.value,
        )
        return FailurePath(Route.UNCONDITIONAL, best)

    @cached_property
    def _runs(self) -> list[Node]:
        """The nodes whose end the main loop handles: main-loop nodes (their first
        declaration) other than the exit, whose failure ends the run as failed, and than
        branch targets, whose failure is counted by their parallel node (§5.7)."""
        workflow = self.workflow
        node_map, exit_id = workflow.node_map, workflow.exit
        main_loop, branch_of = self.main_loop, self.branch_of
        return [
            node
            for node in workflow.nodes
            if node.id in main_loop
            and node.id != exit_id
            and node.id not in branch_of
            and node_map.get(node.id) is node
        ]

    @cached_property
    def paths(self) -> dict[str, FailurePath]:
        """The failure path of every main-loop node that can fail (the exit node, whose
        failure ends the run as failed, and branch-only nodes excluded)."""
        workflow = self.workflow
        return {node.id: self.path(node) for node in self._runs if how_it_fails(node, workflow)}

    @cached_property
    def branch_only(self) -> frozenset[str]:
        """Branch targets the main loop never runs: only their parallel node runs them."""
        return frozenset(self.branch_of) - self.main_loop

    @cached_property
    def dead_ends(self) -> tuple[Node, ...]:
        """Main-loop nodes other than the exit with no outgoing edge at all."""
        edges = self._edges
        return tuple(node for node in self._runs if not edges.get(node.id))

    @cached_property
    def handlers(self) -> dict[str, list[str]]:
        """Failure handlers: node → the nodes whose failure goes there (by a condition that
        holds on failure, or by their own fallback target), in declaration order."""
        table: dict[str, list[str]] = {}
        for node_id, found in self.paths.items():
            route = found.rest if found.route is Route.MAYBE and found.rest else found
            if route.route is Route.CONDITION and route.edge is not None:
                table.setdefault(route.edge.target.value, []).append(node_id)
            elif route.route is Route.FALLBACK and route.origin in NODE_FALLBACKS:
                table.setdefault(route.target, []).append(node_id)
        return table


_UNREAD = object()  # (a condition whose truth on failure is not read yet: None is a truth)


def _named(node: Node, keys: tuple[tuple[str, str], ...], fields: frozenset[str]) -> list[str]:
    """The non-empty values (stripped) of ``node``'s attributes ``keys`` (each with its
    `_file` twin; ``fields``: all of them), in that order."""
    for item in node.fields:
        if item.key in fields:
            break
    else:
        return []  # (most nodes set none: a glance at their few fields, no look-up or call)
    get = node.get
    found: list[str] = []
    for key, twin in keys:
        if get(key) is None and get(twin) is None:
            continue
        value = node.value(key).strip()
        if value:
            found.append(value)
    return found
