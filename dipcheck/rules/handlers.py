"""What tracker's adapter and handlers refuse, and what its validator warns about, that a
static reading can predict (docs/runtime/loading.md#from-dippin-to-trackers-graph,
docs/runtime/loading.md#what-tracker-refuses-before-a-run,
docs/runtime/failures.md#failures-only-a-run-meets, docs/runtime/subgraphs.md#subgraphs): DC012 (an
`override`
edge not leaving a human gate), DC320/DC321 (tracker's two conditional-node warnings), DC322
(the validate/doctor registry that refuses every manager loop), DC323 (fan-in policy), DC324
(a fan_in no parallel ran before), DC325 (a choice gate with nothing to choose), DC328
(`requires:` entries tracker ignores). The manager loop's own refusals are in
:mod:`dipcheck.rules.manager_loop`.
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck import integers
from dipcheck.analysis import routing, runtime
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Edge, Field, Node, NodeKind, Workflow
from dipcheck.references import list_items
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule


def param(node: Node, key: str) -> Field | None:
    """A handler parameter: the attribute itself (DOT), or the entry of the `params:` block
    (`.dip`; tracker copies params into attributes that are not set otherwise)."""
    item = node.get(key)
    if item is not None:
        return item
    block = node.get("params")
    if block is None:
        return None
    found = None
    for child in block.children:
        if child.key == key:
            found = child
    return found


@rule(
    "DC012",
    "override-outside-human-gate",
    Severity.ERROR,
    summary="`override: true` on an edge that does not leave a human gate.",
    rationale=(
        "tracker's `.dip` adapter refuses the whole workflow when an edge with `override: true` "
        "leaves a node that is not a `human` gate (`edge A -> B: override: true is only valid "
        "on edges from wait.human gate nodes`, "
        "docs/runtime/loading.md#from-dippin-to-trackers-graph, "
        "docs/runtime/loading.md#what-tracker-refuses-before-a-run, "
        "`pipeline/dippin_adapter.go`): `validate`, `simulate` and `run` all stop there. The "
        "flag marks a human accepting a failed validation; no other node can do that."
    ),
    example="edges\n  Verify -> Ship  when ctx.outcome = success  override: true",
    fix="Remove `override: true`, or route through a human gate and put the flag on the "
    "gate's accepting edge.",
    formats=("dip",),
)
def override_outside_human(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    nodes = workflow.node_map
    for edge in workflow.edges:
        if edge.implicit or not edge.override:
            continue
        source = nodes.get(edge.source.value)
        if source is None or source.kind is NodeKind.HUMAN:
            continue  # an unknown source is DIP003's
        attr = edge.attr("override")
        assert attr is not None
        yield context.finding(
            "DC012",
            attr.span,
            f"tracker refuses to load the workflow: `override: true` on edge "
            f"{edge.source.value} -> {edge.target.value}, whose source `{source.id}` is "
            f"{'an' if source.kind.value[0] in 'aeiou' else 'a'} {source.kind.value} node, not "
            "a human gate",
        )


def _diamonds(workflow: Workflow) -> Iterator[Node]:
    """The nodes tracker's validator sees as diamonds: a `.dip` conditional that is not the
    start or exit (those are reshaped), a DOT node written with `shape=diamond`."""
    ends = (workflow.start, workflow.exit)
    for node in workflow.nodes:
        if workflow.format == "dot":
            if node.value("shape").strip() == "diamond":
                yield node
        elif node.kind is NodeKind.CONDITIONAL and node.id not in ends:
            yield node


def _runtime_condition(edge: Edge, workflow: Workflow) -> str:
    if edge.condition is None:
        return ""
    return routing.runtime_text(edge.condition.raw, workflow.format)


@rule(
    "DC320",
    "conditional-without-fail-edge",
    Severity.INFO,
    summary="tracker's validator warns that a conditional node has no fail edge.",
    rationale=(
        '`tracker validate` (and `doctor`, `simulate`) warns `conditional node "X" has no '
        "fail edge` for every diamond node none of whose outgoing conditions contains `fail` "
        "or `!=success` (docs/runtime/loading.md#what-tracker-refuses-before-a-run, "
        "`pipeline/validate.go`). The warning is "
        "reproduced so that a clean dipcheck run means a clean `tracker validate`; the node "
        "itself always succeeds (a conditional's handler does nothing), so what protects the "
        "run is an edge that matches whatever the routed value is — usually an unconditional "
        "fallback. Parity only: info."
    ),
    example="conditional Route\n…\nedges\n  Route -> Ship  when ctx.verdict = pass\n"
    "  Route -> Fix  when ctx.verdict = retry",
    fix="Route the unexpected value explicitly (e.g. `when ctx.verdict = fail`), or ignore "
    "the warning when an unconditional fallback edge already covers it.",
    formats=("dip", "dot"),
)
def conditional_without_fail_edge(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect.attractor_family:
        return
    for node in _diamonds(workflow):
        edges = workflow.edges_from(node.id)
        texts = [_runtime_condition(edge, workflow).lower() for edge in edges]
        if any("fail" in text or "!=success" in text for text in texts):
            continue
        if any(not text.strip() for text in texts):
            note = (
                "; an unconditional edge already catches every other value, so only the "
                "warning is at stake"
            )
        elif context.guards.every_value_taken(edges):
            note = "; its conditions take every value between them, so only the warning is at stake"
        else:
            note = (
                "; no unconditional edge either, so a value no condition names ends the run "
                "(`no matching edges`)"
            )
        yield context.finding(
            "DC320",
            node.id_span,
            f"`tracker validate` warns: conditional node `{node.id}` has no fail edge (no "
            f"outgoing condition mentions `fail` or `!=success`){note}",
        )


@rule(
    "DC321",
    "conditional-mixed-edge-labels",
    Severity.INFO,
    summary="tracker's validator warns that some edges of a conditional node are labelled and "
    "some are not.",
    rationale=(
        '`tracker validate` warns `conditional node "X" has inconsistent edge label usage '
        "(n/m labeled)` when a diamond node has two or more outgoing edges and only some carry "
        "a label (docs/runtime/loading.md#what-tracker-refuses-before-a-run, "
        "`pipeline/validate.go`). A conditional node sets no "
        "preferred label, so the labels are display text only; the warning is reproduced for "
        "parity: info."
    ),
    example="edges\n  Route -> Ship  when ctx.ok = yes  label: ship\n  Route -> Fix",
    fix="Label every outgoing edge of the node, or none.",
    formats=("dip", "dot"),
)
def conditional_mixed_labels(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect.attractor_family:
        return
    for node in _diamonds(workflow):
        edges = workflow.edges_from(node.id)
        labelled = [edge for edge in edges if edge.label]
        if len(edges) < 2 or not labelled or len(labelled) == len(edges):
            continue
        unlabelled = [edge for edge in edges if not edge.label]
        yield context.finding(
            "DC321",
            node.id_span,
            f"`tracker validate` warns: conditional node `{node.id}` has inconsistent edge "
            f"label usage ({len(labelled)}/{len(edges)} labeled)",
            related=tuple(Related(edge.span, "this edge has no label") for edge in unlabelled),
        )


@rule(
    "DC322",
    "manager-loop-refused-by-validate",
    Severity.INFO,
    summary="`tracker validate` and `tracker doctor` refuse every manager_loop node.",
    rationale=(
        "The handler registries that `tracker validate` and `tracker doctor` check against "
        "register `manager_loop`, but a manager loop node's handler is `stack.manager_loop`, "
        'so both commands (and `simulate` on a `.dipx` bundle) report `node "X" has '
        'unregistered handler "stack.manager_loop"` and exit 1, while `tracker run` and '
        "`simulate` on the file itself are fine "
        "(docs/runtime/loading.md#what-tracker-refuses-before-a-run, "
        "`cmd/tracker/validate.go`, `tracker_doctor_pipeline.go`). The workflow is not wrong; "
        'this note says why tracker\'s own check fails so that nobody "fixes" it. Info.'
    ),
    example="manager_loop Supervise\n  subgraph_ref: child.dip\n  stop_condition: "
    "stack.child.cycles = 10",
    fix="Nothing to fix in the workflow; do not gate CI on `tracker validate` for workflows "
    "with manager loops (dipcheck checks them), or suppress this note.",
    formats=("dip", "dot"),
)
def manager_loop_registry(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect.attractor_family:
        return
    for node in runtime.nodes_run_by(workflow, runtime.Handler.MANAGER_LOOP):
        if node.handler == "manager_loop":
            continue  # DOT `type=manager_loop`: validate accepts it, the run does not (DC005)
        yield context.finding(
            "DC322",
            node.id_span,
            f'`tracker validate` and `tracker doctor` will report `node "{node.id}" has '
            'unregistered handler "stack.manager_loop"` and fail, although `tracker run` '
            "runs this node: their handler registry lists only `manager_loop`",
        )


_POLICIES = ("any", "all", "quorum")


def _positive(text: str) -> bool:
    value = text.strip()
    number = integers.parse(value)
    return value == text and not value.startswith("-") and number is not None and number > 0


@rule(
    "DC323",
    "invalid-fan-in-policy",
    Severity.ERROR,
    summary="A `fan_in_policy` tracker does not know, or `quorum` without a positive `quorum`.",
    rationale=(
        "The parallel and fan_in handlers read `fan_in_policy` (`any`, the default, `all` or "
        "`quorum`, spelled exactly so) and, for `quorum`, a positive integer `quorum`. Any "
        "other policy, or `quorum` with `quorum` missing, not a number or below 1, is a "
        "handler error before any branch runs, and the run fails there "
        "(docs/runtime/failures.md#failures-only-a-run-meets, `pipeline/handlers/fanin_policy.go`)."
    ),
    example="parallel Fork -> A, B, C\n  params:\n    fan_in_policy: majority",
    fix="Use `any`, `all`, or `quorum` with `quorum: N` (N ≥ 1).",
    formats=("dip", "dot"),
)
def invalid_fan_in_policy(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect.attractor_family:
        return
    for node in workflow.nodes:
        handler = runtime.handler_of(node, workflow)
        if handler not in (runtime.Handler.PARALLEL, runtime.Handler.FAN_IN):
            continue
        policy = param(node, "fan_in_policy")
        if policy is None:
            continue
        value = policy.value.value
        if value in ("", "any", "all"):
            continue
        if value == "quorum":
            quorum = param(node, "quorum")
            if quorum is not None and _positive(quorum.value.value):
                continue
            where = quorum.value_span if quorum is not None else policy.value_span
            why = (
                "it has no `quorum`"
                if quorum is None
                else f"its `quorum` {quorum.value.value!r} is not a positive integer"
            )
            yield context.finding(
                "DC323",
                where,
                f"`{node.id}` uses `fan_in_policy: quorum` but {why}: the {handler.value} "
                "handler refuses it before any branch runs, and the run fails there",
            )
            continue
        hint = next((name for name in _POLICIES if name == value.strip().lower()), None)
        yield context.finding(
            "DC323",
            policy.value_span,
            f"`{node.id}` has an unknown `fan_in_policy` {value!r}: the {handler.value} handler "
            "accepts only any, all or quorum (exactly so spelled) and fails the run"
            + (f"; write `{hint}`" if hint else ""),
        )


def _without_parallel(workflow: Workflow) -> set[str]:
    """Nodes some path from the start reaches before any parallel node has run (not through
    an edge whose outcome condition a node that always succeeds never meets: DC303's)."""
    nodes = workflow.node_map
    start = workflow.start
    if start not in nodes:
        return set()
    seen = {start}
    stack = [start]
    while stack:
        current = stack.pop()
        node = nodes.get(current)
        if node is None or runtime.handler_of(node, workflow) is runtime.Handler.PARALLEL:
            continue
        always_succeeds = runtime.success_only(node, workflow) is not None
        for edge in workflow.edges_from(current):
            if always_succeeds and _never_on_success(edge):
                continue
            if edge.target.value not in seen:
                seen.add(edge.target.value)
                stack.append(edge.target.value)
    return seen


def _never_on_success(edge: Edge) -> bool:
    condition = edge.condition
    return (
        condition is not None
        and condition.expr is not None
        and routing.outcome_truth(condition.expr, "success") is False
    )


def _reaches(workflow: Workflow, sources: set[str], target: str) -> bool:
    seen = set(sources)
    stack = list(sources)
    while stack:
        current = stack.pop()
        if current == target:
            return True
        for edge in workflow.edges_from(current):
            if edge.target.value not in seen:
                seen.add(edge.target.value)
                stack.append(edge.target.value)
    return False


@rule(
    "DC324",
    "fan-in-without-parallel",
    Severity.ERROR,
    summary="A fan_in node that a path from the start reaches before any parallel node ran.",
    rationale=(
        "A fan_in merges the `parallel.results` a parallel node writes. Reached on a path on "
        'which no parallel node has run, it fails with `fan-in node "J": missing '
        "parallel.results in context`, a handler error that ends the run "
        "(docs/runtime/failures.md#failures-only-a-run-meets, `pipeline/handlers/fanin.go`). An "
        "error when no parallel node can reach the "
        "fan_in at all; a warning when one can but another path bypasses it."
    ),
    example="edges\n  Start -> Join\n…\nfan_in Join <- A, B",
    fix="Route into the fan_in only through its parallel node (`parallel P -> A, B` joins at "
    "`fan_in J <- A, B` by itself).",
    formats=("dip", "dot"),
)
def fan_in_without_parallel(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect.attractor_family:
        return
    fan_ins = list(runtime.nodes_run_by(workflow, runtime.Handler.FAN_IN))
    if not fan_ins:
        return  # (no walk of the whole graph for a workflow without a join)
    early = _without_parallel(workflow)
    forks = {node.id for node in runtime.nodes_run_by(workflow, runtime.Handler.PARALLEL)}
    for node in fan_ins:
        if node.id not in early:
            continue
        if forks and _reaches(workflow, forks, node.id):
            yield context.finding(
                "DC324",
                node.id_span,
                f"fan_in `{node.id}` can be reached from `{workflow.start}` without passing a "
                "parallel node; on that path it fails the run (`missing parallel.results in "
                "context`)",
            ).with_severity(Severity.WARNING)
            continue
        yield context.finding(
            "DC324",
            node.id_span,
            f"no parallel node runs before fan_in `{node.id}`: when the run reaches it, it "
            "fails (`missing parallel.results in context`)",
        )


_CHOICE_LESS_MODES = ("interview", "freeform", "yes_no")


@rule(
    "DC325",
    "choice-gate-without-edges",
    Severity.ERROR,
    summary="A human gate in choice mode with no outgoing edges.",
    rationale=(
        "A human gate in choice mode (the default: any `mode` other than `interview`, "
        "`freeform` or `yes_no`) offers its outgoing edges' labels as the choices. With no "
        'outgoing edge it fails (`human gate node "X" has no outgoing edges to derive '
        "choices from`), which ends the run — even when the gate is the exit node "
        "(docs/runtime/failures.md#failures-only-a-run-meets, `pipeline/handlers/human.go`)."
    ),
    example="workflow W\n  start: Plan\n  exit: Approve\n…\nhuman Approve\n  label: Ship it?",
    fix="Give the gate its choices as outgoing edges, or use `mode: freeform` (or "
    "`yes_no`/`interview`) when it only collects an answer.",
    formats=("dip", "dot"),
)
def choice_gate_without_edges(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect.attractor_family:
        return
    for node in runtime.nodes_run_by(workflow, runtime.Handler.HUMAN):
        mode = node.value("mode")
        if mode in _CHOICE_LESS_MODES or workflow.edges_from(node.id):
            continue
        shown = f"mode `{mode}` means choice" if mode.strip() else "choice is the default mode"
        yield context.finding(
            "DC325",
            node.id_span,
            f"human gate `{node.id}` asks for a choice ({shown}) but has no outgoing edges to "
            "offer: the gate fails and the run ends there",
        )


@rule(
    "DC328",
    "unimplemented-requirement",
    Severity.INFO,
    summary="A `requires:` entry other than `git`, which tracker ignores.",
    rationale=(
        "tracker checks only `git` among the workflow's `requires:` entries (case-insensitive); "
        'for any other it prints `requires "X" is not yet implemented` (the run goes on) and '
        "`tracker doctor` warns the same (docs/runtime/loading.md#which-command-checks-what, "
        "`pipeline/git_preflight.go`, "
        "`tracker_doctor_git.go`). The entry documents a need that nothing enforces. Info."
    ),
    example="workflow Build\n  requires: git, docker",
    fix="Check the dependency in a tool node at the start of the workflow (`command -v docker "
    "|| exit 1`), or keep the entry as documentation and suppress this note.",
    formats=("dip", "dot"),
)
def unimplemented_requirement(context: Context) -> Iterator[Diagnostic]:
    item = context.workflow.header_field("requires")
    if item is None:
        return
    for entry in list_items(item.value):
        if entry.value.strip().lower() == "git":
            continue
        yield context.finding(
            "DC328",
            entry.span,
            f"tracker does not check `requires: {entry.value}` (only `git` is implemented): it "
            "warns and runs anyway",
        )
