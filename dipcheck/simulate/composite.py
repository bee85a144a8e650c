"""Handlers that run other nodes: parallel, fan-in, subgraph and manager loop
(docs/runtime/parallel.md, docs/runtime/subgraphs.md).

* **parallel** runs each branch target inside the handler on a copy of the context (the targets
  are never completed and their own edges are ignored), writes ``parallel.results``, decides
  its status by ``fan_in_policy`` and suggests its join.
* **fan_in** merges the updates of the successful branches and applies the same policy.
* **subgraph** runs the child workflow with its own engine on a snapshot of the parent context;
  a child that ends in a runtime error fails the parent run, otherwise success /
  validation_overridden map to success and anything else to fail; the child's context is
  merged back. Which endings are errors [inferred from the engine's returns]: a strict
  failure, no matching edges, no outgoing edges, a bad condition, too many restarts and a
  handler error return an error; exhausted retries, an unsatisfied goal gate and a failed exit
  node return a failed result.
* **manager_loop** runs the child, polls it (``stack.child.*``), evaluates ``stop_condition``
  and ``steer_condition`` at each poll, and fails the run at ``max_cycles``. How many polls
  happen while the child runs depends on timing: by default none (the child finishes before
  the first poll, as in tracker's golden run); a scenario's ``cycles: N`` says otherwise.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import TYPE_CHECKING, Protocol, TypeVar

from dipcheck.analysis import routing
from dipcheck.analysis.runtime import Handler
from dipcheck.records import field, record
from dipcheck.simulate.expand import expand
from dipcheck.simulate.graph import RunGraph, field_value, node_attr, source_file, to_int
from dipcheck.simulate.handlers import LEAF, Outcome
from dipcheck.simulate.trace import Step

if TYPE_CHECKING:
    from dipcheck.model import Workflow
    from dipcheck.simulate.runner import Machine, State
    from dipcheck.simulate.world import Oracle

T = TypeVar("T")

MAX_BRANCH_COMBINATIONS = 256
BRANCH_NOTE = (
    "branch run inside the parallel handler: its own edges are not followed "
    "(docs/runtime/parallel.md#branches)"
)
POLICIES = ("any", "all", "quorum")
# The dry run's budgets for handlers that run other nodes (the runtime has none): how deep
# parallel branches and child workflows may run inside one another, how much work (branch
# runs and child steps) one node of the outermost workflow may cause, and how much of a
# branch's context update parallel.results keeps (nested results are JSON-encoded inside
# each other, so each level of nesting would double their size).
MAX_NESTING = 16
MAX_NESTED_WORK = 20_000
MAX_RESULT_VALUE = 16 * 1024
# The polls of a manager loop one visit may make (a scenario's `cycles:`, up to the node's
# `max_cycles`; both may be 64-bit numbers): as many as the simulator's steps
MAX_POLLS = 10_000


class _OverBudget(Exception):
    """The work of one outermost node went over :data:`MAX_NESTED_WORK`."""


@record
class _Running:
    """The composite handlers running now (outermost first) and the work left to them."""

    nodes: tuple[tuple[int, str, str], ...] = ()  # (id of the graph, node id, shown path)
    work: list[int] = field(default_factory=lambda: [MAX_NESTED_WORK])


_RUNNING: ContextVar[_Running | None] = ContextVar("dipcheck_running_composites", default=None)


def _charge(amount: int) -> None:
    running = _RUNNING.get()
    if running is not None:
        running.work[0] -= amount
        if running.work[0] < 0:
            raise _OverBudget


def charge(amount: int) -> None:
    """Count ``amount`` of work against the outermost node's budget (raises past it): the
    work a child workflow's exploration did, when its ends are reused instead of explored."""
    _charge(amount)


def running_nodes() -> tuple[tuple[int, str], ...]:
    """The composite nodes running now, outermost first (graph id, node id): how deep a
    nested handler runs and which parallel nodes it may not run again depend on them."""
    running = _RUNNING.get()
    return tuple(item[:2] for item in running.nodes) if running is not None else ()


def measured(work: Callable[[], T]) -> tuple[T, int] | None:
    """``work()`` against a copy of the budget left to the outermost node (which it leaves as
    it was), and how much of it the work spent; None when the work went over it."""
    running = _RUNNING.get()
    if running is None:
        return work(), 0
    left = [running.work[0]]
    token = _RUNNING.set(_Running(running.nodes, left))
    try:
        result = work()
    except _OverBudget:
        return None
    finally:
        _RUNNING.reset(token)
    return result, running.work[0] - left[0]


def _limited(message: str) -> list[tuple[Outcome, str]]:
    return [(Outcome("fail", limit=f"{message}; the dry run stops here"), "")]


class ChildLoader(Protocol):
    def __call__(self, parent: Workflow, ref: str) -> Workflow | str:
        """The child workflow ``ref`` names (relative to ``parent``'s file), or why it could
        not be loaded."""
        ...


def run(
    machine: Machine,
    handler: Handler,
    node_id: str,
    state: State,
    ctx: dict[str, str],
    visit: int,
    oracle: Oracle,
) -> list[tuple[Outcome, str]]:
    if handler is Handler.FAN_IN:
        return [(fan_in(machine.graph, node_id, ctx), "")]
    outer = _RUNNING.get()
    entry = (id(machine.graph), node_id, machine.path(node_id))
    running = outer or _Running()
    if handler is Handler.PARALLEL and any(item[:2] == entry[:2] for item in running.nodes):
        chain = " → ".join(item[2] for item in (*running.nodes, entry))
        return _limited(
            f"parallel node {node_id!r} runs itself again through its branches ({chain}): "
            "tracker would nest it without end"
        )
    if len(running.nodes) >= MAX_NESTING:
        return _limited(
            f"node {node_id!r} runs inside {MAX_NESTING} parallel branches and child "
            "workflows, the simulator's limit"
        )
    token = _RUNNING.set(_Running((*running.nodes, entry), running.work))
    try:
        if handler is Handler.PARALLEL:
            return parallel(machine, node_id, state, ctx, oracle)
        if handler is Handler.SUBGRAPH:
            return subgraph(machine, node_id, state, ctx, oracle)
        return manager_loop(machine, node_id, state, ctx, visit, oracle)
    except _OverBudget:
        if outer is not None:
            raise
        return _limited(
            f"node {node_id!r} needs more than {MAX_NESTED_WORK} branch runs and child "
            "steps inside it (nested parallel blocks and child workflows), the simulator's "
            "limit"
        )
    finally:
        _RUNNING.reset(token)


# -- parallel / fan_in -----------------------------------------------------------------------


def _policy(graph: RunGraph, node_id: str) -> tuple[str, int, str | None]:
    node = graph.nodes[node_id]
    policy = node_attr(node, "fan_in_policy") or "any"
    quorum = to_int(node_attr(node, "quorum"), 0)
    if policy not in POLICIES:
        return policy, quorum, f"unknown fan_in_policy {policy!r} on node {node_id!r}"
    if policy == "quorum" and quorum < 1:
        return policy, quorum, f"fan_in_policy quorum on node {node_id!r} needs quorum >= 1"
    return policy, quorum, None


def _decide(policy: str, quorum: int, statuses: list[str]) -> bool:
    wins = sum(1 for status in statuses if status == "success")
    if policy == "all":
        return wins == len(statuses) and wins > 0
    if policy == "quorum":
        return wins >= quorum
    return wins > 0


def parallel(
    machine: Machine, node_id: str, state: State, ctx: dict[str, str], oracle: Oracle
) -> list[tuple[Outcome, str]]:
    graph = machine.graph
    info = graph.parallels.get(node_id)
    join = info.join if info is not None else None
    branches = list(info.branches) if info is not None and info.branches else []
    if not branches:
        branches = [e.target.value for e in graph.edges_from(node_id) if e.target.value != join]
    if not branches:
        return [(Outcome("fail", error=f"parallel node {node_id!r} has no branches"), "")]
    for branch in branches:
        node = graph.nodes.get(branch)
        if node is not None and (
            field_value(node.get("fallback_target"))
            or field_value(node.get("fallback_retry_target"))
        ):
            message = (
                f"parallel branch target {branch!r} carries a fallback_target, which the "
                "parallel handler refuses (docs/runtime/failures.md#failures-only-a-run-meets)"
            )
            return [(Outcome("fail", error=message), "")]
    policy, quorum, problem = _policy(graph, node_id)
    if problem:
        return [(Outcome("fail", error=problem), "")]
    everything = [_branch_runs(machine, branch, state, ctx, oracle) for branch in branches]
    for runs in everything:
        for _, out, _ in runs:
            if out.limit:  # a branch stopped the dry run: so does the parallel node
                stopped = Outcome("fail", limit=out.limit)
                stopped.nested.extend(out.nested)
                return [(stopped, "")]
    keep = machine.keep
    alternatives = [_distinct(runs, keep) for runs in everything]
    results: list[tuple[Outcome, str]] = []
    combos = itertools.islice(itertools.product(*alternatives), MAX_BRANCH_COMBINATIONS + 1)
    for count, combo in enumerate(combos):
        if count == MAX_BRANCH_COMBINATIONS:
            oracle.cut(
                f"the branches of `{node_id}` have more combinations of outcomes than the "
                f"explorer tries ({MAX_BRANCH_COMBINATIONS})"
            )
            break
        statuses = tuple("fail" if out.error else out.status for _, out, _ in combo)
        outcome = _combine(machine, node_id, ctx, combo, join, policy, quorum)
        shown = ", ".join(
            f"{branch} {status}" for branch, status in zip(branches, statuses, strict=True)
        )
        results.append((outcome, f"{outcome.status} ({shown})"))
    return results


def _distinct(
    runs: list[tuple[str, Outcome, int]], keep: frozenset[str] | None
) -> list[tuple[str, Outcome, int]]:
    """A branch's runs that end differently or write differently (as far as anything reads):
    runs that end alike and write alike make the parallel node route alike."""
    found: dict[tuple[object, ...], tuple[str, Outcome, int]] = {}
    for item in runs:
        out = item[1]
        written = tuple(sorted((k, v) for k, v in out.updates.items() if keep is None or k in keep))
        found.setdefault(("fail" if out.error else out.status, written), item)
    return list(found.values())


def _branch_runs(
    machine: Machine, branch: str, state: State, ctx: dict[str, str], oracle: Oracle
) -> list[tuple[str, Outcome, int]]:
    _charge(1)
    graph = machine.graph
    path = machine.path(branch)
    visit = state.visits.get(path, 0) + 1
    if branch not in graph.nodes:
        missing = Outcome("fail", notes=[f"target node {branch!r} not found in graph"])
        return [(branch, missing, visit)]
    handler = graph.handler(branch)
    leaf = LEAF.get(handler)
    if leaf is None:
        return [
            (branch, outcome, visit)
            for outcome, _ in run(machine, handler, branch, state, dict(ctx), visit, oracle)
        ]
    return [
        (branch, leaf(graph, branch, path, dict(ctx), choice), visit)
        for choice in oracle.choices(machine, state, path, visit)
    ]


def _combine(
    machine: Machine,
    node_id: str,
    ctx: Mapping[str, str],
    combo: tuple[tuple[str, Outcome, int], ...],
    join: str | None,
    policy: str,
    quorum: int,
) -> Outcome:
    graph = machine.graph
    statuses = [outcome.status if not outcome.error else "fail" for _, outcome, _ in combo]
    ok = _decide(policy, quorum, statuses)
    elided: list[str] = []
    keep = machine.keep  # exploring: only the updates that can route reach the fan-in
    records = [
        {
            "node_id": branch,
            "status": status,
            "context_updates": {
                key: _kept(value, f"{branch}: {key}", elided)
                for key, value in sorted(out.updates.items())
                if keep is None or key in keep
            },
        }
        for (branch, out, _), status in zip(combo, statuses, strict=True)
    ]
    outcome = Outcome("success" if ok else "fail")
    outcome.updates["parallel.results"] = json.dumps(records, sort_keys=True)
    if elided:
        outcome.notes.append(
            f"parallel.results keeps a placeholder for {', '.join(elided)}: longer than "
            f"{MAX_RESULT_VALUE} characters (nested parallel results are encoded inside each "
            "other and double at every level), the simulator's limit"
        )
    if policy != "any":
        outcome.updates["fan_in.policy_detail"] = (
            f"{policy}: {statuses.count('success')} of {len(statuses)} branches succeeded"
        )
    if join is not None and (policy == "any" or ok):
        outcome.suggested = (join,)
    if ctx.get("human_response") and any(
        graph.handler(branch) is Handler.CODERGEN for branch, _, _ in combo if branch in graph.nodes
    ):
        outcome.updates["human_response"] = ""
    summary = ", ".join(
        f"{branch} {status}" for (branch, _, _), status in zip(combo, statuses, strict=True)
    )
    outcome.notes.append(
        f"branches run inside the handler: {summary}; fan_in_policy {policy}: status "
        f"{outcome.status} (docs/runtime/parallel.md#branches)"
    )
    if outcome.suggested:
        outcome.notes.append(f"suggests the join {join} (docs/runtime/parallel.md#the-join)")
    elif join is None:
        outcome.notes.append(
            "no join: edge selection picks by weight and lexical order "
            "(docs/runtime/parallel.md#the-join)"
        )
    within = machine.path(node_id)
    for (branch, out, visit), status in zip(combo, statuses, strict=True):
        outcome.nested.append(
            Step(
                node=machine.path(branch),
                handler=graph.handler(branch).value if branch in graph.nodes else "",
                outcome=status,
                attempt=visit,
                writes=tuple(sorted(out.updates.items())),
                notes=(*out.notes, BRANCH_NOTE),
                within=within,
                depth=machine.depth + 1,
                model_node=branch,
            )
        )
        outcome.nested.extend(step.deeper() for step in out.nested)
    return outcome


def _kept(value: str, name: str, elided: list[str]) -> str:
    """A branch's context update as parallel.results keeps it in the dry run."""
    if len(value) <= MAX_RESULT_VALUE:
        return value
    elided.append(name)
    return f"<{len(value)} characters, not kept by the dry run>"


def _branch_results(raw: str) -> list[tuple[str, dict[str, str]]] | None:
    """``parallel.results`` as tracker's fan-in unmarshals it (``[]ParallelResult``: a list of
    objects whose ``status`` is text and ``context_updates`` maps text to text), or None when
    it would fail to: a scenario's `writes:` can put any text there, and `[1]`, nesting past
    Python's recursion limit or a 5,000-digit number stopped the dry run with a traceback.
    Each branch as its status and its context updates; numbers are read as 0 (only their type
    matters), a null as what Go leaves (an empty text, no updates)."""
    try:
        records = json.loads(raw, parse_int=lambda _: 0)
    except (ValueError, RecursionError):
        return None
    records = [] if records is None else records
    if not isinstance(records, list):
        return None
    result = []
    for item in records:
        item = {} if item is None else item
        if not isinstance(item, dict):
            return None
        status, updates = item.get("status"), item.get("context_updates")
        if status is not None and not isinstance(status, str):
            return None
        if updates is not None and not (
            isinstance(updates, dict)
            and all(value is None or isinstance(value, str) for value in updates.values())
        ):
            return None
        result.append((status or "", {key: value or "" for key, value in (updates or {}).items()}))
    return result


def fan_in(graph: RunGraph, node_id: str, ctx: Mapping[str, str]) -> Outcome:
    raw = ctx.get("parallel.results", "")
    if not raw:
        return Outcome(
            "fail",
            error=f"fan-in node {node_id!r}: missing parallel.results in context "
            "(docs/runtime/failures.md#failures-only-a-run-meets)",
        )
    records = _branch_results(raw)
    if records is None:
        return Outcome(
            "fail",
            error=f"fan-in node {node_id!r}: failed to unmarshal parallel.results "
            "(docs/runtime/failures.md#failures-only-a-run-meets)",
        )
    policy, quorum, problem = _policy(graph, node_id)
    if problem:
        return Outcome("fail", error=problem)
    statuses = [status for status, _ in records]
    outcome = Outcome("success" if _decide(policy, quorum, statuses) else "fail")
    for status, updates in records:
        if status == "success":
            outcome.updates.update(updates)
    outcome.notes.append(
        f"merges the updates of the successful branches; fan_in_policy {policy}: status "
        f"{outcome.status} (docs/runtime/parallel.md#fan-in)"
    )
    return outcome


# -- subgraph / manager_loop -----------------------------------------------------------------


def _child(machine: Machine, node_id: str, key: str) -> tuple[Machine | None, str, bool]:
    """The machine of the child workflow, and its ref; or None, why, and whether the child
    is already running above (a cycle of refs)."""
    graph = machine.graph
    ref = graph.attr(node_id, key)
    if not ref:
        return None, f"missing required attribute {'subgraph_ref'!r}", False
    if machine.children is None:
        return None, f"subgraph node {node_id!r} references {ref!r} but it was not loaded", False
    loaded = machine.children(graph.workflow, ref)
    if isinstance(loaded, str):
        problem = f"subgraph node {node_id!r} references {ref!r} but it was not loaded: {loaded}"
        return None, problem, False
    if source_file(loaded) in graph.lineage:
        chain = " → ".join(os.path.basename(path) for path in (*graph.lineage, source_file(loaded)))
        return (
            None,
            f"subgraph node {node_id!r} references {ref!r}, which is already running above "
            f"it ({chain}): tracker would start it again without end (§5.7)",
            True,
        )
    child_graph = graph.child(loaded, _params(graph, node_id))
    child = machine.child(child_graph, node_id)
    return child, ref, False


def child_of(machine: Machine, node_id: str) -> Machine | None:
    """The machine of the child workflow a subgraph or manager-loop node runs (None when it
    cannot be loaded)."""
    key = "ref" if machine.graph.handler(node_id) is Handler.SUBGRAPH else "subgraph_ref"
    return _child(machine, node_id, key)[0]


def _params(graph: RunGraph, node_id: str) -> dict[str, str]:
    node = graph.nodes[node_id]
    values: dict[str, str] = {}
    for key in ("params", "inputs"):
        item = node.get(key)
        if item is not None:
            for child in item.children:
                values[child.key] = child.text.strip()
    return values


def _child_start(parent: Machine, child: Machine, node_id: str, ctx: Mapping[str, str]) -> State:
    state = child.initial()
    state.ctx.update(ctx)  # the parent's snapshot is applied after the child's graph.* keys
    for key, value in _params(parent.graph, node_id).items():
        state.ctx.setdefault(f"inputs.{key}", value)
    return state


def _refused(message: str, cycle: bool) -> list[tuple[Outcome, str]]:
    """A child that cannot run: a cycle of refs is the dry run's limit, anything else a
    handler error."""
    if cycle:
        return _limited(message)
    return [(Outcome("fail", error=message), "")]


def subgraph(
    machine: Machine, node_id: str, state: State, ctx: dict[str, str], oracle: Oracle
) -> list[tuple[Outcome, str]]:
    child, ref, cycle = _child(machine, node_id, "ref")
    if child is None:
        return _refused(ref, cycle)
    results: list[tuple[Outcome, str]] = []
    for steps, end, final in oracle.runs(child, _child_start(machine, child, node_id, ctx)):
        _charge(len(steps))
        outcome = Outcome("success")
        outcome.nested.extend(steps)
        if end.status == "max_steps":
            outcome.limit = f"the child workflow {ref!r} stopped: {end.message}"
        elif end.error:
            outcome.error = (
                f"child workflow {ref!r} ended with a runtime error ({end.message}); the "
                "subgraph handler returns an error and the parent run fails "
                "(docs/runtime/subgraphs.md#what-comes-back)"
            )
        else:
            outcome.status = "success" if end.succeeded else "fail"
            outcome.child_overridden = end.status == "validation_overridden"
            outcome.updates.update(_merged(ctx, final))
            outcome.notes.append(
                f"child {ref!r} ended {end.status}: status {outcome.status}; its context is "
                "merged back (docs/runtime/subgraphs.md#what-comes-back)"
            )
        results.append((outcome, f"{outcome.status} (child {end.status})"))
    return results


def _merged(parent: Mapping[str, str], child: Mapping[str, str]) -> dict[str, str]:
    return {key: value for key, value in child.items() if parent.get(key) != value}


def manager_loop(
    machine: Machine,
    node_id: str,
    state: State,
    ctx: dict[str, str],
    visit: int,
    oracle: Oracle,
) -> list[tuple[Outcome, str]]:
    graph = machine.graph
    child, ref, cycle = _child(machine, node_id, "subgraph_ref")
    if child is None:
        return _refused(f"manager_loop: {ref}", cycle)
    max_cycles = to_int(graph.attr(node_id, "max_cycles") or "1000", 1000)
    stop = graph.attr(node_id, "stop_condition")
    steer = graph.attr(node_id, "steer_condition")
    results: list[tuple[Outcome, str]] = []
    for choice in oracle.choices(machine, state, machine.path(node_id), visit):
        polled, notes = _poll(machine, node_id, ctx, choice.cycles, max_cycles, stop, steer)
        if polled is not None:
            results.append((polled, polled.status))
            continue
        start = _child_start(machine, child, node_id, ctx)
        for steps, end, final in oracle.runs(child, start):
            _charge(len(steps))
            outcome = Outcome("success")
            outcome.nested.extend(steps)
            cycles = str(choice.cycles)
            if end.status == "max_steps":
                outcome.limit = f"the child workflow {ref!r} stopped: {end.message}"
            elif end.status == "stuck":
                outcome.error = f"manager_loop: child {ref!r} ended with an error: {end.message}"
            elif end.succeeded:
                outcome.updates.update(_merged(ctx, final))
                outcome.updates.update(
                    {"stack.child.status": "success", "stack.child.cycles": cycles}
                )
                outcome.updates["stack.child.exit_status"] = "success"
                outcome.child_overridden = end.status == "validation_overridden"
            else:
                outcome.status = "fail"
                outcome.updates.update(
                    {"stack.child.status": "failed", "stack.child.cycles": cycles}
                )
                outcome.updates["stack.child.exit_status"] = "fail"
            polls = "before the first poll" if not choice.cycles else f"after {choice.cycles} polls"
            outcome.notes.extend(notes)
            outcome.notes.append(
                f"the child {ref!r} finished {polls} with {end.status}: status "
                f"{outcome.status} (docs/runtime/subgraphs.md#manager-loops)"
            )
            results.append((outcome, f"{outcome.status} (child {end.status})"))
    return results


def _poll(
    machine: Machine,
    node_id: str,
    ctx: dict[str, str],
    cycles: int,
    max_cycles: int,
    stop: str,
    steer: str,
) -> tuple[Outcome | None, list[str]]:
    """The polls made while the child still runs: an outcome when one of them ends the loop,
    and what the others did."""
    notes: list[str] = []
    local = dict(ctx)
    local["stack.child.status"] = "running"
    fmt = machine.graph.format
    for tick in range(1, cycles + 1):
        local["stack.child.cycles"] = str(tick)
        if tick > MAX_POLLS:  # (so max_cycles is above it too)
            limit = (
                f"manager loop {node_id!r} polls its child more than {MAX_POLLS} times "
                f"(cycles: {cycles}, max_cycles {max_cycles}), the simulator's limit; the dry "
                "run stops here"
            )
            return Outcome("fail", limit=limit), notes
        if tick >= max_cycles:
            return Outcome(
                "fail",
                error=f"manager_loop: max_cycles {max_cycles} reached "
                "(docs/runtime/subgraphs.md#manager-loops)",
            ), notes
        for name, condition in (("stop_condition", stop), ("steer_condition", steer)):
            if not condition:
                continue
            text = expand(routing.runtime_text(condition, fmt), local, machine.graph.graph_values)
            try:
                hit = routing.evaluate(text, local.get, machine.target)
            except routing.ConditionError as error:
                message = f"manager_loop: {name} {condition!r} is invalid: {error}"
                return Outcome("fail", error=message), notes
            if hit and name == "stop_condition":
                outcome = Outcome(
                    "success",
                    updates={
                        "stack.child.status": "stop_condition_met",
                        "stack.child.cycles": str(tick),
                    },
                )
                outcome.notes.extend(notes)
                outcome.notes.append(
                    f"poll {tick}: stop_condition is true: the child is stopped, status success "
                    "(docs/runtime/subgraphs.md#manager-loops)"
                )
                return outcome, []
            if hit:
                notes.append(
                    f"poll {tick}: steer_condition is true: steer_context pushed into the child"
                )
    return None, notes
