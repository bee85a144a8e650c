"""What a change does to routing: edges that can now fire or no longer can, nodes that gained
or lost a way to the exit, whether any run still succeeds, findings introduced or fixed.

Which edges can fire comes from exploring every run (``dipcheck simulate --all-paths``,
:mod:`dipcheck.simulate.explore`, tracker's rules of docs/runtime/README.md) within a budget of
states: an edge some explored run takes can fire. An edge never fires when a finding proves it
(DC302, DC303, DC313: a condition no status can make true) or when the exploration was complete
and no run took it. A change is only claimed with both proofs — "can no longer fire" needs a
run of the old version that took the edge and a proof for the new one — so a budget cut never
reads as a change. Ways to the exit are counted over the edges that can fire when both
explorations were complete, over every edge otherwise.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable

from dipcheck.diagnostics import Diagnostic
from dipcheck.model import Dialect, Edge, Workflow
from dipcheck.records import field, record
from dipcheck.semdiff.compare import pair_edges
from dipcheck.semdiff.shape import EdgeShape, Shape, shape
from dipcheck.simulate.graph import RunGraph
from dipcheck.target import DEFAULT, TargetVersion

DEFAULT_MAX_STATES = 3000
# findings that prove an edge never fires
DEAD_EDGE_CODES = frozenset({"DC302", "DC303", "DC313"})


@record
class Side:
    """One version in a diff: the workflow, its shape, the edges explored runs take (``None``:
    not explored) and its findings."""

    workflow: Workflow
    shape: Shape
    fires: set[int] | None
    complete: bool
    succeeds: bool | None
    findings: list[Diagnostic]
    edge_ids: dict[int, int] = field(default_factory=dict)  # id(EdgeShape) → id(Edge)
    proven_dead: set[int] = field(default_factory=set)  # id(Edge) a finding proves dead


def prepare(
    workflow: Workflow,
    findings: list[Diagnostic],
    target: TargetVersion = DEFAULT,
    max_states: int = DEFAULT_MAX_STATES,
) -> Side:
    from dipcheck.simulate.children import load_child
    from dipcheck.simulate.explore import explore
    from dipcheck.simulate.runner import Machine

    graph = RunGraph(workflow)
    shaped = shape(workflow, target)
    edge_ids = {
        id(item): id(edge)
        for source, edges in graph.edges.items()
        for item, edge in zip(shaped.edges.get(source, []), edges, strict=True)
    }
    fires: set[int] | None = None
    complete = False
    succeeds: bool | None = None
    explorable = workflow.start in graph.nodes and workflow.dialect in (
        Dialect.TRACKER,
        Dialect.STEPS,
    )
    if explorable and max_states > 0:
        machine = Machine(graph, target, children=load_child)
        result = explore(machine, max_paths=0, max_states=max_states, list_paths=False)
        fires = set(result.taken_edges)
        complete = result.complete
        succeeds = result.succeeded if complete or result.succeeded else None
    dead = set()
    for item in findings:
        # DC303 also reports conditions that are always true: only "never true" is dead
        if item.code in DEAD_EDGE_CODES and (
            item.code != "DC303" or "is never true" in item.message
        ):
            element = workflow.element_at(item.span)
            if isinstance(element, Edge):
                dead.add(id(element))
    return Side(workflow, shaped, fires, complete, succeeds, findings, edge_ids, dead)


@record(frozen=True, slots=True)
class Effect:
    """``kind``: ``fires`` (an edge that can now fire), ``dead`` (one that no longer can,
    or an added edge that never can), ``exit-gained``/``exit-lost`` (a node that gained or
    lost a way to the exit), ``succeeds`` (whether any run succeeds changed),
    ``introduced``/``fixed`` (a finding), ``note``."""

    kind: str
    subject: str
    detail: str = ""
    line: int = 0


def _fires(version: Side, edge: EdgeShape) -> bool:
    """Did an explored run take the edge?"""
    return version.fires is not None and version.edge_ids.get(id(edge)) in version.fires


def _dead(version: Side, edge: EdgeShape) -> bool:
    """Is it proven that no run takes the edge? A condition that is never true (DC303) does
    not keep an edge from being taken by its label (a human gate's answer picks an edge
    whatever its condition, docs/runtime/edge-selection.md#preferred-label): a run the
    explorer saw take it wins over the finding."""
    if version.edge_ids.get(id(edge)) in version.proven_dead and not _fires(version, edge):
        return True
    return version.fires is not None and version.complete and not _fires(version, edge)


def _edge_effects(old: Side, new: Side) -> list[Effect]:
    effects: list[Effect] = []
    for source in sorted(set(old.shape.edges) | set(new.shape.edges)):
        pairing = pair_edges(old.shape.edges.get(source, []), new.shape.edges.get(source, []))
        for a, b in pairing.pairs:
            if _fires(old, a) and _dead(new, b):
                effects.append(Effect("dead", b.describe(), "some run took it before", b.line))
            elif _fires(new, b) and _dead(old, a):
                effects.append(Effect("fires", b.describe(), "no run could take it before", b.line))
        for b in pairing.added:
            if _dead(new, b):
                effects.append(Effect("dead", b.describe(), "added, and no run takes it", b.line))
    return effects


def _reachable(version: Side, fired: bool = True) -> set[str]:
    """Nodes some run reaches (along edges that can fire, or every edge)."""
    start = version.shape.settings.get("start", "")
    successors = _successors(version, fired)
    seen = {start} if start in version.shape.nodes else set()
    queue = deque(seen)
    while queue:
        current = queue.popleft()
        for target in successors.get(current, ()):
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


def _successors(version: Side, fired: bool) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for edge in version.shape.all_edges():
        if not fired or version.fires is None or _fires(version, edge):
            table.setdefault(edge.source, []).append(edge.target)
    return table


def to_exit(version: Side, fired: bool) -> set[str]:
    """Nodes that some run reaches and from which a run can go on to the exit, along the
    edges that can fire (``fired``) or along every edge."""
    exit_id = version.shape.settings.get("exit", "")
    predecessors: dict[str, list[str]] = {}
    for source, targets in _successors(version, fired).items():
        for target in targets:
            predecessors.setdefault(target, []).append(source)
    seen = {exit_id} if exit_id in version.shape.nodes else set()
    queue = deque(seen)
    while queue:
        current = queue.popleft()
        for source in predecessors.get(current, ()):
            if source not in seen:
                seen.add(source)
                queue.append(source)
    return seen & _reachable(version, fired)


def _exit_effects(old: Side, new: Side) -> list[Effect]:
    fired = old.complete and new.complete  # compare like with like
    before, after = to_exit(old, fired), to_exit(new, fired)
    shared = set(old.shape.nodes) & set(new.shape.nodes)
    effects: list[Effect] = []
    for node in sorted((after - before) & shared):
        effects.append(Effect("exit-gained", node, line=new.shape.nodes[node].line))
    for node in sorted((before - after) & shared):
        effects.append(Effect("exit-lost", node, line=new.shape.nodes[node].line))
    if old.succeeds is not None and new.succeeds is not None and old.succeeds != new.succeeds:
        effects.append(
            Effect(
                "succeeds",
                "runs",
                "some run succeeded before; none does now"
                if old.succeeds
                else "no run succeeded before; some run does now",
            )
        )
    return effects


# The loaders' own codes: syntax, unknown attributes and values are said differently in each
# format (a .dip typo is not a DOT typo).
LOADER_CODES = frozenset({"DC001", "DC004", "DC005", "DC006", "DC011"})


def format_specific() -> frozenset[str]:
    """Codes left out when two formats are compared: the loaders' and the rules that only
    one of ``.dip`` and DOT has."""
    from dipcheck.rules import registry

    one_format = {
        rule.code for rule in registry.all_rules() if not {"dip", "dot"} <= set(rule.formats)
    }
    return LOADER_CODES | one_format


def anchor(workflow: Workflow, item: Diagnostic) -> str:
    """What a finding is about, independent of where the text moved: an edge, a node, or
    the file."""
    element = workflow.element_at(item.span)
    if isinstance(element, Edge):
        return f"edge {element.source.value} -> {element.target.value}"
    if element is not None:
        return f"node {element.id}"
    return "file"


def unmatched(
    old: Workflow,
    old_findings: list[Diagnostic],
    new: Workflow,
    new_findings: list[Diagnostic],
    by_message: bool = True,
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The findings of each side that the other side does not have. They are matched first
    by code and message (unless ``by_message`` is off: messages differ between formats),
    then by code and what they are about (a finding whose message changed with the text it
    quotes is the same finding), then, across formats, by code alone."""
    keys: list[Callable[[Workflow, Diagnostic], tuple[str, str]]] = [
        lambda workflow, item: (item.code, anchor(workflow, item))
    ]
    if by_message:
        keys.insert(0, lambda workflow, item: (item.code, item.message))
    else:
        keys.append(lambda workflow, item: (item.code, ""))
    left, right = list(old_findings), list(new_findings)
    for key in keys:
        counts = Counter(key(old, item) for item in left)
        kept: list[Diagnostic] = []
        for item in right:
            found = key(new, item)
            if counts[found] > 0:
                counts[found] -= 1
            else:
                kept.append(item)
        matched = Counter(key(new, item) for item in right)
        matched.subtract(Counter(key(new, item) for item in kept))
        rest: list[Diagnostic] = []
        for item in left:
            found = key(old, item)
            if matched[found] > 0:
                matched[found] -= 1
            else:
                rest.append(item)
        left, right = rest, kept
    return left, right


def _finding_effects(old: Side, new: Side) -> list[Effect]:
    fixed, introduced = unmatched(old.workflow, old.findings, new.workflow, new.findings)
    return [_finding(item, "introduced") for item in introduced] + [
        _finding(item, "fixed") for item in fixed
    ]


def _finding(item: Diagnostic, kind: str) -> Effect:
    line = item.span.start_position()[0] + 1
    return Effect(kind, item.code, f"{item.severity.label}: {item.message}", line)


def effects(old: Side, new: Side) -> list[Effect]:
    result = _edge_effects(old, new) + _exit_effects(old, new) + _finding_effects(old, new)
    for version, name in ((old, "old"), (new, "new")):
        if version.fires is not None and not version.complete:
            result.append(
                Effect(
                    "note",
                    name,
                    "the exploration of every run stopped at its state budget: edges it did "
                    "not see are not reported as dead",
                )
            )
    return result
