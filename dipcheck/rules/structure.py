"""Structural checks DIP001 to DIP010 (dippin's ``Validate``: all errors, all fatal for tracker),
with real locations: edge findings point at the edge, start/exit findings at the value."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from dipcheck import conditions
from dipcheck.analysis import routing
from dipcheck.analysis.graph import components as graph_components
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.model import Condition, Edge, Field, Name, Node, NodeKind, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.source import Span
from dipcheck.suggest import Names, closest


def _noun(context: Context) -> str:
    return "step" if context.workflow.format == "yaml" else "node"


def _named(item: Field) -> Name:
    """A node id given as a field value, spanning the id itself (not its quotes)."""
    value = item.value.value
    stripped = value.strip()
    lead = len(value) - len(value.lstrip())
    if not stripped:
        return Name(stripped, item.value_span)
    return Name(stripped, item.value.span(lead, lead + len(stripped)))


def _declared(
    keys: set[tuple[str, str, str]], edge: tuple[str, str, str], at_source: bool, name: str
) -> bool:
    """Is ``edge`` (source, target, condition) with ``name`` at its source (else its target)
    one of ``keys``?"""
    source, target, condition = edge
    return ((name, target, condition) if at_source else (source, name, condition)) in keys


def _unknown(
    context: Context,
    code: str,
    name: Name,
    what: str,
    other_end: str | None = None,
    declared: Callable[[str], bool] | None = None,
) -> Diagnostic:
    """An unknown node id, with a did-you-mean — never ``other_end``, the edge's other node
    (suggesting it would turn the edge into a self-loop). ``declared(name)``: whether the
    edge with ``name`` in place of the unknown id is declared already (the suggestion is then
    given without a fix: applying it made a duplicate edge, DIP009)."""
    ids = context.graph.ids
    names = context.shared("suggest.node-ids", lambda: Names(sorted(ids)))
    suggestion = names.closest(name.value, exclude=other_end)
    message = f"{what} `{name.value}` is not a declared {_noun(context)}"
    fix = None
    if suggestion and declared is not None and declared(suggestion):
        message += (
            f" (did you mean `{suggestion}`? that edge is declared already: remove this one, "
            "or name another node)"
        )
    elif suggestion:
        message += f" (did you mean `{suggestion}`?)"
        fix = Fix(f"change to `{suggestion}`", (Edit(name.span, suggestion),), safe=False)
    elif context.workflow.format == "dot" and code == "DIP003":
        message += (
            ": an edge creates the node without a shape, which tracker refuses "
            "(`unrecognized shape`); declare it with a shape"
        )
    help_text = context.for_steps("Correct the step name (see the suggestion), or add the step.")
    return context.finding(code, name.span, message, fix=fix, help=help_text)


_DOT_SHAPES = {"start": "Mdiamond", "exit": "Msquare"}
_DOT_NAMES = {"start": ("start", "begin"), "exit": ("exit", "end", "done")}


def _shaped(workflow: Workflow, key: str) -> list[Node]:
    """The DOT nodes tracker counts as start (exit) nodes: by the shape only, whatever handler
    a ``type`` gives them (``pipeline/validate.go`` ``validateStartExit`` counts shapes; a
    ``type="start"`` box is no start node). The Attractor family also takes the node its id
    makes the start (exit): the front-end gave it that handler."""
    shape = _DOT_SHAPES[key]
    family = workflow.dialect.attractor_family
    return [
        node
        for node in workflow.nodes
        if node.value("shape").strip() == shape or (family and node.handler == key)
    ]


def _shape_span(node: Node) -> Span:
    """Where ``node``'s shape is written: what makes it a start (exit) node, not its ``type``."""
    item = node.get("shape")
    return item.value_span if item is not None else node.kind_span


def _dot_endpoint(context: Context, key: str, code: str) -> Iterator[Diagnostic]:
    """tracker's ``validateStartExit``: exactly one node of the start (exit) shape, whatever
    handler a ``type`` gives it (``pipeline/validate.go`` counts shapes)."""
    workflow = context.workflow
    shape = _DOT_SHAPES[key]
    chosen = _shaped(workflow, key)
    if not chosen:
        # a node named for the role but drawn with another shape (`circle`, `doublecircle`):
        # point at its shape, the text to change
        named = [node for node in workflow.nodes if node.id.lower() in _DOT_NAMES[key]]
        hint = (
            f" (node `{named[0].id}` is not one: the runtime recognises the {key} by its shape)"
            if named
            else ""
        )
        example = named[0].id if named else key.capitalize()
        yield context.finding(
            code,
            named[0].kind_span if named else workflow.decl_span,
            f"the graph has no {key} node: give exactly one node `shape={shape}`{hint}",
            # (the rule's own help is the `.dip` header's `start:`/`exit:`, which DOT lacks)
            help=f"Draw the {key} node with that shape, e.g. `{example} [shape={shape}]`.",
        )
        return
    first = chosen[0]
    for extra in chosen[1:]:
        yield context.finding(
            code,
            _shape_span(extra),
            f"the graph has {len(chosen)} {key} nodes (shape={shape}), expected exactly 1: "
            f"tracker refuses the graph",
            related=(Related(_shape_span(first), f"the first {key} node, `{first.id}`"),),
            help=f"Keep `shape={shape}` on one node and give the others another shape.",
        )


def _endpoint(context: Context, key: str, code: str) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.format == "dot":
        yield from _dot_endpoint(context, key, code)
        return
    item = workflow.header_field(key)
    if item is None or not item.text.strip():
        span = item.key_span if item is not None else workflow.decl_span
        yield context.finding(
            code,
            span,
            f"workflow has no {key} node declared: add `{key}: <NodeId>` to the header",
        )
        return
    if item.text.strip() not in context.graph.ids:
        yield _unknown(context, code, _named(item), f"{key} node")


@rule(
    "DIP001",
    "missing-start-node",
    Severity.ERROR,
    summary="The workflow has no start node, or `start:` names no declared node.",
    rationale="The runtime refuses to load a workflow without a valid start node.",
    example="workflow W\n  exit: Done\n  agent Done\n    label: Done",
    fix="Add `start: <NodeId>` to the workflow header, naming a declared node.",
    fix_availability="sometimes",
)
def missing_start(context: Context) -> Iterator[Diagnostic]:
    yield from _endpoint(context, "start", "DIP001")


@rule(
    "DIP002",
    "missing-exit-node",
    Severity.ERROR,
    summary="The workflow has no exit node, or `exit:` names no declared node.",
    rationale="The runtime refuses to load a workflow without a valid exit node.",
    example="workflow W\n  start: Begin\n  agent Begin\n    label: Begin",
    fix="Add `exit: <NodeId>` to the workflow header, naming a declared node.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def missing_exit(context: Context) -> Iterator[Diagnostic]:
    yield from _endpoint(context, "exit", "DIP002")


@rule(
    "DIP003",
    "unknown-node-reference",
    Severity.ERROR,
    summary="An edge, `else ->` or `defaults.on_failure` names an undeclared node.",
    rationale=(
        "The runtime cannot route to a node that does not exist; dippin refuses the workflow. "
        "The message suggests the closest declared id. Members of `parallel`/`fan_in` lists "
        "and node-id fields, which dippin does not check, are DC010."
    ),
    example="edges\n  Plan -> Implment",
    fix="Correct the node id or declare the node.",
    fix_availability="sometimes",
)
def unknown_node_reference(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    ids = context.graph.ids
    normalized: dict[str, str] = {}
    keys: set[tuple[str, str, str]] | None = None  # every edge's, as DIP009 compares them
    for edge in workflow.edges:
        if edge.implicit:
            continue
        ends = (
            ((edge.target, "`next:` target", edge.source),)
            if workflow.format == "yaml"
            else (
                (edge.source, "edge source", edge.target),
                (edge.target, "edge target", edge.source),
            )
        )
        for end, what, other in ends:
            if end.value not in ids:
                if keys is None:
                    keys = {_edge_key(item, normalized) for item in workflow.edges}
                own = _edge_key(edge, normalized)
                declared = partial(_declared, keys, own, end is edge.source)
                yield _unknown(context, "DIP003", end, what, other.value, declared)
    if workflow.else_target is not None and workflow.else_target.value not in ids:
        yield _unknown(context, "DIP003", workflow.else_target, "`else` target")
    on_failure = workflow.default("on_failure")
    if on_failure is not None and on_failure.text.strip() and on_failure.text.strip() not in ids:
        yield _unknown(
            context,
            "DIP003",
            _named(on_failure),
            "`on_failure` target",
        )


@rule(
    "DC010",
    "unknown-node-in-field",
    Severity.ERROR,
    summary="A node id in a node field or fork/join list names no declared node.",
    rationale=(
        "`parallel P -> A, B` and `fan_in J <- A, B` members, `retry_target`, `fallback_target`, "
        "`fallback_retry_target`, `defaults.restart_target` and `branch:` targets must name "
        "nodes. dippin does not check them, so the mistake surfaces at run time ('node not "
        "found', 'retry_target does not exist in graph')."
    ),
    example="parallel Fork -> Lint, Tset\nfan_in Join <- Lint, Tset",
    fix="Correct the id or declare the node.",
    fix_availability="sometimes",
)
def unknown_node_in_field(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    ids = context.graph.ids
    for node in workflow.nodes:
        if node.kind in (NodeKind.PARALLEL, NodeKind.FAN_IN):
            what = "parallel branch" if node.kind is NodeKind.PARALLEL else "fan_in source"
            for member in node.members:
                if member.value not in ids:
                    yield _unknown(context, "DC010", member, what, node.id)
        for key in ("retry_target", "fallback_target", "fallback_retry_target"):
            item = node.get(key)
            if item is not None and item.text.strip() and item.text.strip() not in ids:
                yield _unknown(context, "DC010", _named(item), f"`{key}`")
    for key in ("restart_target", "retry_target", "fallback_retry_target"):
        item = workflow.default(key)
        if item is not None and item.text.strip() and item.text.strip() not in ids:
            yield _unknown(context, "DC010", _named(item), f"`{key}`")


@rule(
    "DIP004",
    "unreachable-node",
    Severity.ERROR,
    summary="A node cannot be reached from the start node.",
    rationale=(
        "Every edge counts (conditional ones and back edges too), plus the implicit fork and "
        "join edges and the `on_failure` and `else` targets. A node no path reaches is dead "
        "code, usually a missing or misspelled edge."
    ),
    example="workflow W\n  start: A\n  exit: B\n  …\n  agent Orphan\n    prompt: never runs",
    fix="Add an edge into the node, or delete it.",
)
def unreachable_node(context: Context) -> Iterator[Diagnostic]:
    """One finding per unreachable *entry* — a node no other unreachable node leads to (the
    first declared one of a cycle of them) — listing the nodes behind it as related
    information, so one misspelled edge target is one finding, not one per node after it,
    whatever order the nodes are declared in."""
    workflow = context.workflow
    graph = context.graph
    if not graph.start_valid:
        return
    seeds = {workflow.start}
    extras = (
        # tracker's DOT check walks edges only (validateReachability), from its start node,
        # the last one drawn as one; with several, DIP001 refuses the graph, and the others
        # are its start nodes too, not nodes the start cannot reach
        [node.id for node in _shaped(workflow, "start")]
        if workflow.format == "dot"
        else (
            workflow.default_value("on_failure"),
            workflow.else_target.value if workflow.else_target else "",
        )
    )
    for extra in extras:
        if extra:
            seeds.add(extra)
    reached = graph.reachable(seeds)
    unreached = list(dict.fromkeys(node.id for node in workflow.nodes if node.id not in reached))
    if not unreached:
        return
    dangling = [
        edge
        for edge in workflow.edges
        if edge.source.value in reached and edge.target.value not in workflow.node_map
    ]
    budget = _Budget()
    pending = set(unreached)
    # a path between two unreached nodes never passes a reached one: the edges among them do
    inside = {
        node: [t for t in graph.successors.get(node, ()) if t in pending] for node in unreached
    }
    order = {node: index for index, node in enumerate(unreached)}
    for node_id in _entries(unreached, inside, order):
        after = budget.behind(node_id, inside)
        if after is not None:
            after.sort(key=order.__getitem__)
        yield _unreachable(context, node_id, after, dangling, budget)


def _entries(
    unreached: list[str], inside: dict[str, list[str]], order: dict[str, int]
) -> list[str]:
    """The unreached nodes that no other unreachable node leads to, in declaration order: the
    first declared node of each group of them (a cycle, or one node) that no edge from the
    rest enters. Every unreached node is behind one of them. Linear: the components of the
    unreached nodes (a node-by-node search took minutes for 60,000 isolated nodes)."""
    groups = graph_components(unreached, inside)
    group_of = {member: number for number, group in enumerate(groups) for member in group}
    entered = [False] * len(groups)
    for number, group in enumerate(groups):
        for member in group:
            for target in inside[member]:
                if group_of[target] != number:
                    entered[group_of[target]] = True
    entries = [
        min(group, key=order.__getitem__)
        for number, group in enumerate(groups)
        if not entered[number]
    ]
    return sorted(entries, key=order.__getitem__)


class _Budget:
    """The work DIP004 spends on the details of its findings in one file: the nodes behind
    each entry, and the edge targets that may be misspelt entries. A file of tens of thousands
    of unreachable nodes gets its findings without the details once it is spent."""

    WALK = 1_000_000  # nodes visited to list the nodes behind the entries
    # edge targets compared with an entry's name: an edit distance each, about 10 µs, so
    # 500,000 (1,500 unreachable nodes and 1,500 misspelt targets) took 8 s
    COMPARISONS = 50_000

    def __init__(self) -> None:
        self.walked = 0
        self.compared = 0

    def behind(self, node: str, inside: dict[str, list[str]]) -> list[str] | None:
        """The unreached nodes ``node`` leads to, itself excluded; None once spent."""
        seen = {node}
        queue = [node]
        while queue:
            current = queue.pop()
            self.walked += 1
            if self.walked > self.WALK:
                return None
            for target in inside[current]:
                if target not in seen:
                    seen.add(target)
                    queue.append(target)
        seen.discard(node)
        return list(seen)

    def compare(self, count: int) -> bool:
        self.compared += count
        return self.compared <= self.COMPARISONS


def _unreachable(
    context: Context,
    node_id: str,
    after: list[str] | None,
    dangling: list[Edge],
    budget: _Budget,
) -> Diagnostic:
    workflow = context.workflow
    node = workflow.node_map[node_id]
    if workflow.format == "yaml":
        message = (
            f"step `{node_id}` never runs: no `next:` or `conditions:` route leads to it from "
            f"the first step `{workflow.start}`"
        )
        noun = "step"
    else:
        message = f"node `{node_id}` is not reachable from the start node `{workflow.start}`"
        noun = "node"
    if after:
        names = ", ".join(f"`{name}`" for name in after)
        plural = "s" if len(after) > 1 else ""
        message += f", and the {noun}{plural} after it cannot run either: {names}"
    elif after is None:
        message += f" (the {noun}s after it are not listed: the file has too many unreachable)"
    related: list[Related] = []
    if budget.compare(len(dangling)):
        for edge in dangling:
            target = edge.target.value
            if closest(target, [node_id]) == node_id:
                related.append(
                    Related(edge.target.span, f"`{target}` here may be meant as `{node_id}`")
                )
    for name in after or ():
        other = workflow.node_map[name]
        related.append(Related(other.id_span, f"unreachable too: it comes after `{node_id}`"))
    help_text = context.for_steps(
        "Route to it with `next:` or `conditions:` from a step that runs, or delete it."
    )
    return context.finding("DIP004", node.id_span, message, related=tuple(related), help=help_text)


def _way_out(context: Context, cycle: list[Edge]) -> tuple[str, str]:
    """How a run can leave a cycle of unconditional edges, or ``""``: a conditional edge out
    of it, a human gate's label, or an unconditional edge that edge selection prefers to the
    loop edge (highest weight, then the lexically smallest target;
    docs/runtime/edge-selection.md#choosing-an-edge).
    The second item names an unconditional edge out that selection never prefers."""
    workflow = context.workflow
    inside = {edge.source.value for edge in cycle}
    outranked = ""
    for edge in cycle:
        source = edge.source.value
        for other in workflow.edges_from(source):
            target = other.target.value
            if target in inside:
                continue
            if other.conditional:
                return f"`{source} -> {target}` leaves it when its condition holds", ""
            if source in context.graph.human_gates:
                return (
                    f"a human gate (`{source}`) can leave it by its label (`{source} -> {target}`)",
                    "",
                )
            plain = [item for item in workflow.edges_from(source) if not item.conditional]
            chosen = routing.by_weight(plain)
            if chosen.target.value not in inside:
                return (
                    f"`{source} -> {chosen.target.value}` leaves it (edge selection prefers it "
                    "to the loop edge)",
                    "",
                )
            outranked = outranked or f"`{source} -> {target}`"
    return "", outranked


@rule(
    "DIP005",
    "unconditional-cycle",
    Severity.ERROR,
    summary="A cycle whose edges are not marked `loop` (or `restart: true`).",
    rationale=(
        "dippin treats a cycle as intended only when one of its edges is a back edge. A "
        "condition on the edge does not count: mark the edge that returns with `loop` (or "
        "`restart: true`). dippin's own `explain DIP005` suggests adding a condition; that "
        "does not silence it. In a DOT file the check is tracker's (`validateNoCycles`): a "
        "cycle counts when none of its edges has a condition, since nothing can then leave it."
    ),
    example="edges\n  Impl -> Review\n  Review -> Impl when ctx.outcome = fail",
    fix=(
        "In `.dip`, add `loop` to the edge that closes the cycle (offered as a fix). In DOT, "
        "put a condition on it (by hand: only the author knows the condition)."
    ),
    formats=("dip", "dot"),
    fix_availability="always",
    fix_formats=("dip",),
)
def unconditional_cycle(context: Context) -> Iterator[Diagnostic]:
    if not context.graph.start_valid:
        return
    for cycle in context.graph.cycles(context.workflow.start):
        closing = cycle[-1]
        names = [edge.source.value for edge in cycle] + [closing.target.value]
        related = tuple(Related(edge.span, "part of the cycle") for edge in cycle[:-1])
        if context.workflow.format == "dot":
            if context.workflow.dialect.attractor_family:
                continue  # the Attractor specification has no such check
            way_out, outranked = _way_out(context, cycle)
            if way_out:
                consequence = (
                    f"{way_out}, yet tracker refuses the graph (`graph contains a cycle`: "
                    "its check only looks for a cycle of edges without conditions)"
                )
            else:
                trapped = (
                    f"its only way out, {outranked}, loses to the loop edge in edge selection "
                    "(highest weight, then the smallest target name)"
                    if outranked
                    else "no edge leads out of it"
                )
                consequence = (
                    f"{trapped}, so a run that enters it never leaves, and tracker refuses the "
                    "graph (`graph contains a cycle`)"
                )
            yield context.finding(
                "DIP005",
                closing.span,
                f"unconditional cycle: {' → '.join(names)} — no edge in it has a condition: "
                f"{consequence}; put a condition on the edge that loops back",
                related=related,
            )
            continue
        fix = None
        if closing.source.value != context.workflow.exit:  # DIP006 forbids that edge anyway
            fix = Fix(
                "mark the closing edge as a back edge with `loop`",
                (Edit(Span(closing.span.source, closing.span.end, closing.span.end), "  loop"),),
                safe=False,
            )
        yield context.finding(
            "DIP005",
            closing.span,
            f"unconditional cycle detected: {' → '.join(names)} (no edge in it is marked "
            "`loop`; a condition does not break the cycle)",
            related=related,
            fix=fix,
        )


@rule(
    "DIP006",
    "exit-has-outgoing-edges",
    Severity.ERROR,
    summary="The exit node has outgoing edges.",
    rationale="The run ends at the exit node; edges leaving it can never be taken.",
    example="edges\n  Done -> Plan",
    fix="Remove the edge, or choose another exit node.",
    formats=("dip", "dot"),
)
def exit_outgoing(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    exit_id = workflow.exit
    if not exit_id:
        return
    for edge in workflow.edges_from(exit_id):
        yield context.finding(
            "DIP006",
            edge.span,
            f"exit node `{exit_id}` has an outgoing edge to `{edge.target.value}`",
        )


@rule(
    "DIP007",
    "parallel-fan-in-mismatch",
    Severity.ERROR,
    summary="A `parallel` without a `fan_in` over exactly the same nodes, or the reverse.",
    rationale=(
        "The runtime joins branches at the fan_in whose sources equal the parallel's targets; "
        "a subset does not match, so the branches never join."
    ),
    example="parallel Fork -> A, B, C\nfan_in Join <- A, B",
    fix="List the same nodes in the parallel and its fan_in.",
    formats=("dip", "dot"),
)
def parallel_mismatch(context: Context) -> Iterator[Diagnostic]:
    nodes = context.workflow.nodes
    forks = [node for node in nodes if node.kind is NodeKind.PARALLEL]
    joins = [node for node in nodes if node.kind is NodeKind.FAN_IN]
    join_sets = {tuple(sorted(m.value for m in node.members)) for node in joins}
    fork_sets = {tuple(sorted(m.value for m in node.members)) for node in forks}
    for node in forks:
        if tuple(sorted(m.value for m in node.members)) not in join_sets:
            yield context.finding(
                "DIP007",
                node.id_span,
                f"parallel `{node.id}` has no fan_in whose sources are exactly "
                f"{', '.join(m.value for m in node.members) or 'its branches'}",
            )
    for node in joins:
        if tuple(sorted(m.value for m in node.members)) not in fork_sets:
            yield context.finding(
                "DIP007",
                node.id_span,
                f"fan_in `{node.id}` has no parallel whose branches are exactly "
                f"{', '.join(m.value for m in node.members) or 'its sources'}",
            )


@rule(
    "DIP008",
    "duplicate-node-id",
    Severity.ERROR,
    summary="Two nodes are declared with the same id.",
    rationale="Node ids are how edges and references find nodes; a repeated id is ambiguous.",
    example="agent Plan\n  prompt: a\nagent Plan\n  prompt: b",
    fix="Rename one of the nodes.",
)
def duplicate_node(context: Context) -> Iterator[Diagnostic]:
    first: dict[str, Span] = {}
    for node in context.workflow.nodes:
        if node.id in first:
            yield context.finding(
                "DIP008",
                node.id_span,
                f"{_noun(context)} `{node.id}` is declared more than once",
                related=(Related(first[node.id], "first declared here"),),
                help=context.for_steps("Rename one of the steps."),
            )
        else:
            first[node.id] = node.id_span


def _edge_key(edge: Edge, normalized: dict[str, str]) -> tuple[str, str, str]:
    """Source, target and condition text as dippin compares them; ``normalized`` keeps each
    condition text's normal form (a workflow repeats its conditions on edge after edge)."""
    if edge.condition is None:
        return edge.source.value, edge.target.value, ""
    raw = edge.condition.raw
    found = normalized.get(raw)
    if found is None:
        found = normalized[raw] = conditions.normalize(raw)
    return edge.source.value, edge.target.value, found


@rule(
    "DIP009",
    "duplicate-edge",
    Severity.ERROR,
    summary="The same edge (source, target and condition) is declared twice.",
    rationale=(
        "The second copy can never be taken differently from the first. Labels, weights and "
        "back-edge flags do not make edges different; a different condition does."
    ),
    example="edges\n  A -> B\n  A -> B",
    fix="Delete one of the two edges.",
)
def duplicate_edge(context: Context) -> Iterator[Diagnostic]:
    seen: dict[tuple[str, str, str], Edge] = {}
    normalized: dict[str, str] = {}
    for edge in context.workflow.edges:
        if edge.implicit:
            continue
        key = _edge_key(edge, normalized)
        if key in seen:
            yield context.finding(
                "DIP009",
                edge.span,
                f"duplicate edge {edge.source.value} -> {edge.target.value}"
                + (f" when {key[2]}" if key[2] else ""),
                related=(Related(seen[key].span, "first declared here"),),
            )
        else:
            seen[key] = edge


def _loop_hint(edge: Edge) -> str:
    """Why a condition ends early when a bare `loop` follows it (dippin reads it as the flag)."""
    condition, flag = edge.condition, edge.attr("loop")
    if condition is None or flag is None:
        return ""
    if not (condition.error or "").startswith("condition ends too early"):
        return ""
    between = condition.span.source.text[condition.span.end : flag.key_span.start]
    if between.strip():
        return ""
    return '; the bare `loop` after it is read as the back-edge flag: quote a value `"loop"`'


@rule(
    "DIP010",
    "invalid-condition",
    Severity.ERROR,
    summary="An edge condition that the runtime's condition parser rejects.",
    rationale=(
        "tracker loads workflows through dippin, which refuses a condition it cannot parse. "
        "dippin's documentation shows parentheses and unquoted `in` lists, but its parser has "
        "neither; `<`, `>`, `matches`, `&&` and `||` are not in the .dip grammar either. A DOT "
        "condition is checked by tracker's own clause syntax (`validate` fails on a clause "
        "without an operator, an empty operand, an unmatched quote, an unspaced `>=`), or by "
        "the Attractor specification's `key=value && …` language under that dialect."
    ),
    example="edges\n  Check -> Ship when (ctx.a = 1 or ctx.b = 2) and ctx.c = 3",
    fix="Rewrite the condition with the operators the message lists; quote `in` lists.",
    formats=("dip", "dot"),
)
def invalid_condition(context: Context) -> Iterator[Diagnostic]:
    if context.workflow.format == "dot":
        yield from _invalid_dot_conditions(context)
        return
    # a workflow's identical conditions share one parse: each is examined once
    found: dict[int, list[conditions.Incompatibility]] = {}
    for edge in context.workflow.edges:
        condition = edge.condition
        if condition is None or condition.shorthand:
            continue
        if condition.expr is None:
            if condition.error and condition.error.startswith("unterminated"):
                continue  # already a syntax error (DC001)
            yield context.finding(
                "DIP010",
                condition.error_span,
                f"{_invalid(edge, condition)}: {condition.error}{_loop_hint(edge)}",
            )
            continue
        problems = found.get(id(condition.expr))
        if problems is None:
            problems = found[id(condition.expr)] = conditions.dippin_incompatibilities(
                condition.expr
            )
        if not problems:
            continue
        first = problems[0]
        related = tuple(
            Related(condition.locate(item.start, item.end), item.message) for item in problems[1:]
        )
        yield context.finding(
            "DIP010",
            condition.locate(first.start, first.end),
            f"{_invalid(edge, condition)}: {first.message}",
            related=related,
        )


def _invalid(edge: Edge, condition: Condition) -> str:
    """The start of a DIP010 message: the edge and its condition (shortened)."""
    raw = condition.raw if len(condition.raw) <= 120 else condition.raw[:119] + "…"
    return f'edge {edge.source.value} -> {edge.target.value}: invalid condition "{raw}"'


def _dot_condition_problems(raw: str, attractor: bool) -> list[tuple[int, int, str]]:
    """(start, end, reason) for each clause the runtime rejects: tracker's clause syntax
    (``analysis/routing.py``), or the Attractor language's ``key=value && …``."""
    try:
        branches = routing.split_condition(raw)
    except routing.ConditionError:
        quote = raw.rfind('"')
        return [(quote, len(raw), "a double quote is never closed")]
    if attractor and len(branches) > 1:
        at = raw.find("||")
        return [
            (
                at,
                at + 2,
                "`||` is not in the Attractor condition language: use one edge per alternative",
            )
        ]
    problems: list[tuple[int, int, str]] = []
    cursor = 0
    for branch in branches:
        for clause in branch:
            if not clause:  # (placed at the operator it stands beside, the next one)
                found = [at for at in (raw.find("&&", cursor), raw.find("||", cursor)) if at >= 0]
                at = min(found, default=cursor)
                cursor = min(at + 2, len(raw))
                problems.append((at, cursor, "an empty operand around `&&` or `||`"))
                continue
            start = max(raw.find(clause, cursor), 0)
            end = start + len(clause)
            cursor = end
            try:
                parsed = routing.parse_clause(clause)
            except routing.ConditionError as error:
                if not (attractor and "missing comparison operator" in str(error)):
                    problems.append((start, end, str(error)))
                continue
            if attractor and parsed.op not in ("=", "!="):
                problems.append(
                    (
                        start,
                        end,
                        f"`{parsed.op}` is not in the Attractor condition "
                        "language (only `=` and `!=`, or a bare key)",
                    )
                )
            elif parsed.op.removeprefix("not ") == "matches":
                problem = routing.regex_problem(parsed.right)
                if problem is not None:
                    problems.append((start, end, problem))
            elif parsed.op in (">", ">=", "<", "<="):
                try:
                    float(parsed.right)
                except ValueError:
                    problems.append(
                        (
                            start,
                            end,
                            f"numeric comparison requires a numeric literal, got {parsed.right!r}",
                        )
                    )
    return problems


def _invalid_dot_conditions(context: Context) -> Iterator[Diagnostic]:
    """A DOT condition goes to the runtime as written: tracker's own clause syntax, or the
    Attractor specification's for the Attractor family."""
    attractor = context.workflow.dialect.attractor_family
    runtime_name = "the Attractor condition language" if attractor else "tracker"
    for edge in context.workflow.edges:
        condition = edge.condition
        if condition is None or not condition.raw.strip():
            continue
        problems = _dot_condition_problems(condition.raw, attractor)
        if not problems:
            continue
        (start, end, reason), rest = problems[0], problems[1:]
        related = tuple(Related(condition.locate(a, b), why) for a, b, why in rest)
        yield context.finding(
            "DIP010",
            condition.locate(start, end),
            f"edge {edge.source.value} -> {edge.target.value}: invalid condition "
            f'"{condition.raw}" ({runtime_name} rejects it): {reason}',
            related=related,
        )
