"""What a simulated run records: one :class:`Step` per handler execution, the edge (or redirect)
each step leaves by and why, and how the run :class:`End`\\ s.

Steps follow tracker's own trace: a retried node has one step per attempt, a goal-gate redirect
is the exit node's step, and a step's edge is the edge edge selection chose (a loop restart that
then continues elsewhere says so in ``restart``). Steps that run inside a handler — parallel
branches, the nodes of a subgraph or manager-loop child — are recorded after the step of the
node that ran them, with ``within`` naming it and ``depth`` > 0.
"""

from __future__ import annotations

from dipcheck.model import Edge
from dipcheck.records import field, record

# Why an edge or redirect was taken. The first five are tracker's own decision priorities
# (§5.3, `decision_edge` events); the rest are the engine's redirects (§5.3 step 0, §5.4, §5.5).
REASONS = (
    "condition",
    "label",
    "suggested",
    "weight",
    "lexical",
    "fallback",
    "retry",
    "retry_fallback",
    "goal_gate",
    "goal_gate_fallback",
    "goal_gate_recheck",
)

# How a run can end, and whether tracker counts it as succeeded (its `status_class`).
SUCCEEDED = frozenset({"success", "validation_overridden"})
STATUSES = (
    "success",  # the exit node completed and every goal gate is satisfied
    "validation_overridden",  # success after a human took an `override: true` edge (§5.5)
    "fail",  # a node failed with nowhere to go, retries exhausted, a handler error, a gate
    "stuck",  # edge selection found no edge: no outgoing edges, no matching edges, bad condition
    "restarts_exhausted",  # `max restarts (N) exceeded` (§5.4)
    "max_steps",  # the simulator's own step limit (not a runtime status)
)


@record(frozen=True, slots=True)
class Rejected:
    """An edge considered before the chosen one, and why it lost."""

    edge: Edge
    why: str


@record(frozen=True, slots=True)
class Taken:
    """How a step left its node: an edge of the graph, or an engine redirect (``edge`` None)."""

    source: str
    target: str
    reason: str
    why: str
    edge: Edge | None = None
    rejected: tuple[Rejected, ...] = ()
    restart: str | None = None  # a loop restart: the node the run really continues at
    override: bool = False
    restart_why: str = ""


@record(frozen=True, slots=True)
class Step:
    node: str  # `Parent/Child` for a node of a subgraph child
    handler: str
    outcome: str  # success | fail | retry | error
    attempt: int = 1  # visits of this node so far in the run, this one included
    edge: Taken | None = None
    writes: tuple[tuple[str, str], ...] = ()  # context keys the handler wrote, with values
    notes: tuple[str, ...] = ()  # what the handler saw and did (choices, retries, …)
    within: str | None = None  # the node whose handler ran this one (branch, child)
    depth: int = 0
    text: tuple[tuple[str, str], ...] = ()  # (attribute, text as the node receives it)
    model_node: str = ""  # the node id in its own workflow (for spans and pictures)

    @property
    def own(self) -> bool:
        """A step of the simulated workflow's own node, not of a child workflow's (whose
        ``node`` is `Parent/Child`): a DOT node id of its own may hold a `/` too."""
        return self.node == self.model_node if self.model_node else "/" not in self.node

    def leaving(self, edge: Taken | None, notes: tuple[str, ...] = ()) -> Step:
        """This step with its edge (and extra notes); cheaper than ``dataclasses.replace``."""
        return Step(
            self.node,
            self.handler,
            self.outcome,
            self.attempt,
            edge,
            self.writes,
            self.notes + notes,
            self.within,
            self.depth,
            self.text,
            self.model_node,
        )

    def deeper(self) -> Step:
        """This step one level further in (a child's step inside a parallel branch)."""
        return Step(
            self.node,
            self.handler,
            self.outcome,
            self.attempt,
            self.edge,
            self.writes,
            self.notes,
            self.within,
            self.depth + 1,
            self.text,
            self.model_node,
        )


@record(frozen=True, slots=True)
class End:
    status: str
    message: str  # the runtime's own words where it has some, and the section that says so
    node: str | None = None
    error: bool = False  # the engine returns an error (a subgraph parent then fails, §5.7)
    cause: str = ""  # no_matching_edges, no_edges, condition_error, strict_failure, …
    rejected: tuple[Rejected, ...] = ()  # no_matching_edges: the conditions that were false

    @property
    def succeeded(self) -> bool:
        return self.status in SUCCEEDED


@record
class Run:
    """One simulated run of a workflow."""

    steps: list[Step] = field(default_factory=list)
    end: End | None = None

    @property
    def top(self) -> list[Step]:
        """The main-loop steps (what tracker's trace entries list)."""
        return [step for step in self.steps if step.depth == 0]

    @property
    def path(self) -> list[str]:
        return [step.node for step in self.top]
