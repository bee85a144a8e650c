"""Context keys a loop iteration reads as an earlier iteration left them
(docs/runtime/edge-selection.md#the-main-loop, docs/runtime/failures.md#loop-restarts,
docs/runtime/context.md#human_response-is-one-shot).

The engine resets only ``outcome``, ``preferred_label`` and ``suggested_next_nodes`` before a
node runs (§5.1), and a loop restart clears completion and retry counts, never the context
(§5.4). So when a node's edge condition reads key K and the run can come back to that node
along a loop on which nothing rewrites K, the condition sees the value an earlier iteration
left.

A *stale read* is such a condition operand: some node on a cycle through the reader writes K
(the reader itself included: the author expects a fresh value each time round), and another
cycle through the reader passes no node that rewrites K on every run. What writes K:

* on every run — a declared key (``writes:``, ``answers_key``): its producers (a declared
  write lands when the node succeeds; a failure is routed by its outcome); ``tool_stdout``,
  ``tool_stderr``, ``tool_route``: every tool (the route is cleared before it is looked for,
  ``pipeline/handlers/tool.go``); ``tool_marker``, ``tool_marker_error``: every tool with
  ``marker_grep`` (cleared the same way); ``last_response``, ``node_cost_exceeded``,
  ``node_no_progress``: every agent (``pipeline/handlers/codergen.go``); ``human_response``:
  freeform and interview gates, and every agent, which clears the one-shot key (§5.8);
  ``interview_answers``: interview gates without their own ``answers_key``; ``node.X.K``: X,
  when X writes K on every run; subgraph and manager-loop nodes (they merge a child's whole
  context); a parallel node and its join when a branch writes K (the fan_in merges the
  branches' updates, §5.7);
* on some runs only — ``turn_breach_class`` and ``turn_limit_msg``: an agent writes them on
  a turn-limit breach and leaves them untouched otherwise (``applyBreachMarker``,
  ``pipeline/handlers/codergen.go``), and ``node.X.`` of those for agent X.

Keys the engine resets or that never change (``outcome``, ``graph.*``, ``params.*``,
``inputs.*`` …) and other ambient keys are never reported. Cycles follow the runtime's flow
graph (:class:`~dipcheck.analysis.dataflow.ContextFlow`), conditions ignored.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property

from dipcheck.analysis import runtime
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.model import Edge, Origin, Reference, RefKind, Workflow
from dipcheck.records import record

_CODERGEN = runtime.Handler.CODERGEN
_TOOL = runtime.Handler.TOOL
_HUMAN = runtime.Handler.HUMAN
# Keys a handler writes on every run of its node (clearing them when it has nothing to say).
_EVERY_RUN = {
    _TOOL: frozenset({"tool_stdout", "tool_stderr", "tool_route"}),
    _CODERGEN: frozenset(
        {"last_response", "node_cost_exceeded", "node_no_progress", "human_response"}
    ),
}
_MARKER_KEYS = frozenset({"tool_marker", "tool_marker_error"})  # tools with marker_grep
# Keys a handler writes on some runs only, leaving the previous value otherwise.
_SOME_RUNS = {_CODERGEN: frozenset({"turn_breach_class", "turn_limit_msg"})}
# When an agent writes them (for messages).
WHEN_WRITTEN = dict.fromkeys(_SOME_RUNS[_CODERGEN], "on a turn-limit breach")
INTERVIEW_KEY = "interview_answers"
_BUILTIN = frozenset(
    {INTERVIEW_KEY, *_MARKER_KEYS, *_EVERY_RUN[_TOOL], *_EVERY_RUN[_CODERGEN]}
    | _SOME_RUNS[_CODERGEN]
)


@record(frozen=True, slots=True)
class StaleRead:
    """A condition operand that can read ``key`` as the previous iteration left it."""

    ref: Reference
    key: str
    edge: Edge  # the edge whose condition reads it
    loop: tuple[str, ...]  # reader → … → reader, through no node that rewrites the key
    writers: tuple[str, ...]  # the nodes on cycles through the reader that write the key
    sometimes: tuple[str, ...]  # those of them that write it on some runs only


class LoopReads:
    def __init__(self, workflow: Workflow, flow: ContextFlow) -> None:
        self.workflow = workflow
        self.flow = flow
        self._writers: dict[str, tuple[set[str], set[str]] | None] = {}

    @cached_property
    def handlers(self) -> dict[str, runtime.Handler]:
        return {node.id: runtime.handler_of(node, self.workflow) for node in self.workflow.nodes}

    def _writes(self, node_id: str, key: str) -> str:
        """How ``node_id``'s own run writes ``key``: "always", "sometimes" or ""."""
        node = self.workflow.node_map[node_id]
        handler = self.handlers[node_id]
        if key.startswith("node."):
            owner, _, inner = key[len("node.") :].partition(".")
            return self._writes(node_id, inner) if owner == node_id and inner else ""
        if node_id in self.flow.producers.get(key, ()):
            return "always"
        if key in _EVERY_RUN.get(handler, ()):
            return "always"
        if key in _MARKER_KEYS and handler is _TOOL and node.value("marker_grep").strip():
            return "always"
        if handler is _HUMAN and key in ("human_response", INTERVIEW_KEY):
            mode = node.value("mode").strip()
            if key == "human_response" and mode in ("freeform", "interview"):
                return "always"
            if key == INTERVIEW_KEY and mode == "interview":
                return "" if node.value("answers_key").strip() else "always"
        if key in _SOME_RUNS.get(handler, ()):
            return "sometimes"
        return ""

    @cached_property
    def _by_handler(self) -> dict[runtime.Handler, list[str]]:
        table: dict[runtime.Handler, list[str]] = {}
        for node_id, handler in self.handlers.items():
            table.setdefault(handler, []).append(node_id)
        return table

    def _candidates(self, key: str) -> set[str]:
        """The nodes whose own run may write ``key``: for any other, :meth:`_writes` is ""
        (asking every node about every key made 5,000 condition keys over 10,000 nodes
        quadratic)."""
        if key.startswith("node."):
            owner = key[len("node.") :].partition(".")[0]
            return {owner} if owner in self.handlers else set()
        found = {node for node in self.flow.producers.get(key, ()) if node in self.handlers}
        for handler, nodes in self._by_handler.items():
            if (
                key in _EVERY_RUN.get(handler, ())
                or key in _SOME_RUNS.get(handler, ())
                or (handler is _TOOL and key in _MARKER_KEYS)
                or (handler is _HUMAN and key in ("human_response", INTERVIEW_KEY))
            ):
                found.update(nodes)
        return found

    def writers(self, key: str) -> tuple[set[str], set[str]] | None:
        """The nodes after which ``key`` holds a value written on this visit, always and on
        some runs; None for a key this analysis does not follow."""
        if key not in self._writers:
            self._writers[key] = self._find_writers(key)
        return self._writers[key]

    def _find_writers(self, key: str) -> tuple[set[str], set[str]] | None:
        declared = key in self.flow.producers
        if not (declared or key.startswith("node.") or key in _BUILTIN):
            return None  # reset before every node, constant, or not this analysis's concern
        always: set[str] = set(self.flow.opaque)
        sometimes: set[str] = set()
        for node_id in self._candidates(key):
            how = self._writes(node_id, key)
            if how == "always":
                always.add(node_id)
            elif how == "sometimes":
                sometimes.add(node_id)
        for block in self.flow.blocks:
            if any(branch in always for branch in block.branches):
                always.add(block.parallel)
                if block.join is not None:
                    always.add(block.join)
        if not always - set(self.flow.opaque) and not sometimes:
            return None  # nothing in this workflow writes it: DC101 to DC105 say so
        return always, sometimes

    @cached_property
    def findings(self) -> list[StaleRead]:
        result: list[StaleRead] = []
        seen: set[tuple[str, str]] = set()
        for ref in self.workflow.references:
            key = _condition_key(ref)
            if key is None or (ref.owner, key) in seen:
                continue
            found = self._check(ref, key)
            if found is not None:
                seen.add((ref.owner, key))
                result.append(found)
        return result

    def _check(self, ref: Reference, key: str) -> StaleRead | None:
        flow = self.flow
        reader = ref.owner
        if reader not in flow.reachable or reader in flow.branch_of:
            return None  # never runs, or runs as a branch whose edges are ignored (§5.7)
        found = self.writers(key)
        if found is None:
            return None
        always, sometimes = found
        if reader in always:
            return None  # it rewrites the key before its conditions are evaluated
        if key in flow.producers and not flow.always_available(key, reader, after=True):
            return None  # not written on every first pass: DC104's finding
        onward = flow.reach(flow.successors[reader])
        if reader not in onward:
            return None  # not in a loop
        back = flow.reaching(reader)
        inside = tuple(
            node for node in sorted(always | sometimes) if node in onward and node in back
        )
        if not inside:
            return None  # written before the loop only: the same value on purpose
        loop = self._loop(reader, always)
        edge = self._edge(ref)
        if loop is None or edge is None:
            return None
        return StaleRead(
            ref, key, edge, loop, inside, tuple(node for node in inside if node in sometimes)
        )

    def _loop(self, reader: str, writers: set[str]) -> tuple[str, ...] | None:
        """The shortest cycle reader → … → reader through no writer (breadth first)."""
        successors = self.flow.successors
        parents: dict[str, str] = {}
        queue = deque([reader])
        while queue:
            current = queue.popleft()
            for target in successors[current]:
                if target == reader:
                    path = [current]
                    while path[-1] != reader:
                        path.append(parents[path[-1]])
                    return (*reversed(path), reader)
                if target in writers or target in parents:
                    continue
                parents[target] = current
                queue.append(target)
        return None

    def _edge(self, ref: Reference) -> Edge | None:
        for edge in self.workflow.edges_from(ref.owner):
            condition = edge.condition
            if condition is not None and condition.span.contains(ref.span.start):
                return edge
        return None


def _condition_key(ref: Reference) -> str | None:
    """The context key an edge-condition operand reads (None for any other reference)."""
    if ref.origin is not Origin.CONDITION:
        return None
    if ref.kind is RefKind.CTX:
        return ref.key or None
    if ref.kind is RefKind.SCOPED and ref.namespace == "ctx" and ref.node and ref.key:
        return f"node.{ref.node}.{ref.key}"
    return None
