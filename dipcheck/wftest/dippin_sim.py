"""dippin's own simulator, as ``dippin test`` runs it (dippin-language.md §5.2, §5.5), so that
a dippin test whose verdict differs on tracker's engine can say where and why.

One flat context seeded from the scenario; ``Node.key`` pairs applied when the node runs (an
empty value deletes the key); defaults seeded unless the scenario gives the key (a tool prints
``success`` and succeeds, an ``auto_status`` agent succeeds, a ``marker_grep`` tool's marker
comes from its output); human gates auto-succeed. The next edge: none → ``dead_end``; a single
unconditional edge; a gate's ``preferred_label`` (substring, case-insensitive, consumed); past
the visit cap of 3, the first false conditional edge (the loop exit), else the first
unconditional one, else the first; the first true condition; the first unconditional edge; the
workflow's ``else ->`` target; else the first edge even though it is false. Parallel nodes walk
each (selected) branch up to their fan-in. 500 steps is an error.
"""

from __future__ import annotations

from dipcheck import conditions
from dipcheck.analysis import routing
from dipcheck.analysis.runtime import Handler
from dipcheck.model import Edge, NodeKind
from dipcheck.records import field, record
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import find_marker
from dipcheck.wftest.dippin import split
from dipcheck.wftest.model import DippinCase

VISIT_CAP = 3  # dippin test's MaxNodeVisits
MAX_STEPS = 500


@record(frozen=True)
class Decision:
    """How dippin's simulator left a node: the rule (``only``, ``label``, ``loop_break``,
    ``condition``, ``unconditional``, ``else``, ``first_edge``, ``dead_end``), where to."""

    node: str
    rule: str
    target: str | None
    why: str
    outcome: str  # the context's `outcome` when the node routed
    index: int  # the node's place in the path


@record
class DippinRun:
    path: list[str] = field(default_factory=list)
    status: str = "success"  # success | dead_end | error
    message: str = ""
    decisions: list[Decision] = field(default_factory=list)  # one per path entry that routed


class _Simulator:
    def __init__(self, graph: RunGraph, case: DippinCase) -> None:
        self.graph = graph
        plain, per_node = split(case, graph)
        self.ctx: dict[str, str] = dict(plain)
        self.given = {key for key, _ in plain}
        self.per_node = per_node
        self.branch = set(case.branch)
        self.visits: dict[str, int] = {}
        self.run = DippinRun()
        goal = graph.workflow.header_field("goal")
        self.goal = goal.text.strip() if goal is not None else ""

    # -- one node -----------------------------------------------------------------------

    def enter(self, node: str) -> None:
        self.run.path.append(node)
        self.visits[node] = self.visits.get(node, 0) + 1
        own = self.per_node.get(node, [])
        for key, value in own:
            if value == "":
                self.ctx.pop(key, None)
            else:
                self.ctx[key] = value
        given = self.given | {key for key, _ in own}
        kind = self.kind(node)
        if kind == "agent" and self.graph.attr(node, "auto_status").lower() == "true":
            if "outcome" not in given:
                self.ctx["outcome"] = "success"
        elif kind == "tool":
            for key in ("tool_stdout", "outcome"):
                if key not in given:
                    self.ctx[key] = "success"
            pattern = self.graph.attr(node, "marker_grep")
            if pattern and "tool_marker" not in {key for key, _ in own}:
                marker, _ = find_marker(pattern, self.ctx.get("tool_stdout", ""))
                if marker is not None:
                    self.ctx["tool_marker"] = marker

    def kind(self, node: str) -> str:
        found = self.graph.nodes[node]
        if found.kind is NodeKind.AGENT and not found.handler:
            return "agent"
        handler = self.graph.handler(node)
        return {
            Handler.TOOL: "tool",
            Handler.HUMAN: "human",
            Handler.PARALLEL: "parallel",
            Handler.FAN_IN: "fan_in",
            Handler.CODERGEN: "agent",
        }.get(handler, handler.value)

    # -- conditions ---------------------------------------------------------------------

    def lookup(self, name: str) -> str:
        if name == "graph.goal":
            return self.goal
        bare = name[4:] if name.startswith("ctx.") else name
        if bare in self.ctx:
            return self.ctx[bare]
        return self.ctx.get(name, "")

    def true(self, edge: Edge) -> bool:
        parsed = conditions.parse(self.graph.condition_text(edge))
        if parsed.expr is None:
            return False
        return self.evaluate(parsed.expr)

    def evaluate(self, expr: conditions.Expr) -> bool:
        if isinstance(expr, conditions.Compare):
            op = f"not {expr.op}" if expr.negated else expr.op
            try:
                return routing.compare(self.lookup(expr.left.text), op, expr.right_text)
            except routing.ConditionError:
                return False
        if isinstance(expr, conditions.Not):
            return not self.evaluate(expr.expr)
        if isinstance(expr, conditions.Group):
            return self.evaluate(expr.expr)
        if expr.op == "and":
            return all(self.evaluate(item) for item in expr.items)
        return any(self.evaluate(item) for item in expr.items)

    # -- the next edge --------------------------------------------------------------------

    def next(self, node: str) -> Decision:
        edges = self.graph.edges_from(node)
        outcome = self.ctx.get("outcome", "")

        def decide(rule: str, edge: Edge | None, why: str) -> Decision:
            target = edge.target.value if edge else None
            return Decision(node, rule, target, why, outcome, len(self.run.path) - 1)

        if not edges:
            return decide("dead_end", None, "no outgoing edges: the run ends as dead_end")
        if len(edges) == 1 and not edges[0].conditional:
            return decide("only", edges[0], "its only edge, unconditional")
        preferred = self.ctx.get("preferred_label", "")
        if preferred and self.kind(node) == "human":
            for edge in edges:
                if preferred.lower() in edge.label.lower():
                    self.ctx.pop("preferred_label", None)
                    return decide("label", edge, f"preferred_label {preferred!r} is in its label")
        if self.visits.get(node, 0) > VISIT_CAP:
            self.ctx["_loop_break"] = node
            exit_edge = next((e for e in edges if e.conditional and not self.true(e)), None)
            exit_edge = exit_edge or next((e for e in edges if not e.conditional), edges[0])
            return decide(
                "loop_break",
                exit_edge,
                f"visit {self.visits[node]} of {node} passes dippin test's visit cap of "
                f"{VISIT_CAP}: the loop is broken by the first false condition (or the first "
                "unconditional edge)",
            )
        for edge in edges:
            if edge.conditional and self.true(edge):
                text = self.graph.condition_text(edge)
                return decide("condition", edge, f"the first true condition `{text}`")
        plain = next((edge for edge in edges if not edge.conditional), None)
        if plain is not None:
            return decide("unconditional", plain, "the first unconditional edge")
        otherwise = self.graph.workflow.else_target
        if otherwise is not None and otherwise.value in self.graph.nodes:
            return decide(
                "else",
                Edge(edges[0].source, otherwise, edges[0].span),
                f"no condition is true: the workflow's `else -> {otherwise.value}`",
            )
        return decide(
            "first_edge",
            edges[0],
            "no condition is true and there is no unconditional edge: the first edge, "
            "although its condition is false",
        )

    # -- the walk -----------------------------------------------------------------------

    def walk(self) -> DippinRun:
        graph = self.graph
        node: str | None = graph.start
        while node is not None:
            if node not in graph.nodes:
                return self.stop("error", f"node {node!r} not found")
            if len(self.run.path) >= MAX_STEPS:
                return self.stop("error", f"simulation exceeded {MAX_STEPS} steps")
            self.enter(node)
            if node == graph.exit:
                self.run.message = f"reached the exit node {node!r}"
                return self.run
            if self.kind(node) == "parallel":
                node = self.parallel(node)
                if node is None:
                    return self.run
                continue
            decision = self.next(node)
            self.run.decisions.append(decision)
            if decision.target is None:
                return self.stop("dead_end", f"no outgoing edges from {node!r}")
            node = decision.target
        return self.run

    def parallel(self, node: str) -> str | None:
        graph = self.graph
        targets = [edge.target.value for edge in graph.edges_from(node)]
        members = graph.nodes[node].members
        if members:
            targets = [member.value for member in members]
        join = next(
            (
                name
                for name in graph.nodes
                if self.kind(name) == "fan_in"
                and {member.value for member in graph.nodes[name].members} <= set(targets)
                and graph.nodes[name].members
            ),
            None,
        )
        for target in targets:
            if self.branch and target not in self.branch:
                continue
            current: str | None = target
            while current is not None and current != join and current in graph.nodes:
                if len(self.run.path) >= MAX_STEPS:
                    self.stop("error", f"simulation exceeded {MAX_STEPS} steps")
                    return None
                self.enter(current)
                decision = self.next(current)
                self.run.decisions.append(decision)
                current = decision.target
        if join is None:
            self.stop("dead_end", f"parallel node {node!r} has no fan_in to continue from")
            return None
        return join

    def stop(self, status: str, message: str) -> DippinRun:
        self.run.status = status
        self.run.message = message
        return self.run


def simulate(graph: RunGraph, case: DippinCase) -> DippinRun:
    return _Simulator(graph, case).walk()
