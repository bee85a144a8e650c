"""Checks that come from the Attractor family's lint catalogues (other-formats.md §1.3 and §2)
and have no DIP or tracker equivalent.

amplifier's CMD-001 and CMD-002 (tool commands whose failure cannot show) are DC212 and DC211.
The other Attractor rules map onto existing codes: ``start_node`` DIP001, ``terminal_node``
DIP002, ``reachability`` DIP004, ``edge_target_exists`` DIP003, ``exit_no_outgoing`` DIP006,
``condition_syntax`` DIP010, ``stylesheet_syntax`` and ``type_known`` DC005,
``fidelity_valid`` DIP114, ``retry_target_exists`` DC010, ``goal_gate_has_retry`` DIP115,
``prompt_on_llm_nodes`` DIP110, and amplifier's VOCAB-001 DC004 (docs/dot.md has the table).
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck import conditions
from dipcheck.analysis import runtime
from dipcheck.analysis.failure import always_exits_zero
from dipcheck.analysis.shell_words import simple_commands
from dipcheck.conditions import Expr, Operand
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Edge, Node, Text
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.suggest import closest

# What a stage's status can be when edges are chosen
# (docs/runtime/edge-selection.md#choosing-an-edge, Attractor
# §1.2 lower-cased). `retry` never reaches edge selection: DC302 reports it.
STATUSES = ("success", "fail", "partial_success", "skipped")


@rule(
    "DC312",
    "start-has-incoming-edges",
    Severity.ERROR,
    summary="An edge leads into the start node (Attractor `start_no_incoming`).",
    rationale=(
        "The Attractor specification refuses a pipeline whose start node has incoming edges: "
        "the start only begins a run. A loop that should begin again from the top goes to the "
        "first real stage (or uses `loop_restart=true`). tracker accepts such an edge (it is a "
        "loop restart through the passthrough start), so the check applies to the Attractor "
        "dialects."
    ),
    example='digraph P {\n  start [shape=Mdiamond]\n  a [shape=box, prompt="…"]\n'
    "  start -> a\n  a -> start\n}",
    fix="Route the edge to the first stage after the start node.",
    formats=("dot",),
)
def start_has_incoming(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if not workflow.dialect.attractor_family or not workflow.start:
        return
    for edge in workflow.edges_to(workflow.start):
        first = next(iter(workflow.edges_from(workflow.start)), None)
        hint = f" (route it to `{first.target.value}`)" if first is not None else ""
        yield context.finding(
            "DC312",
            edge.target.span,
            f"edge `{edge.source.value} -> {edge.target.value}` leads into the start node: "
            f"the Attractor specification refuses it{hint}",
        )


@rule(
    "DC313",
    "outcome-value-never-produced",
    Severity.WARNING,
    summary="A condition compares `outcome` with a value no stage status ever has.",
    rationale=(
        "`outcome` is the status the stage finished with: success, fail or partial_success "
        "(`retry` is handled before edges are chosen, DC302). A model's verdict (`disagree`, "
        "`approved`) or a misspelling (`failure`, `succeeded`) is never a status, so an edge "
        "that waits for it never fires; the verdict belongs in a context key the node writes "
        "(or its preferred label). (amplifier's `outcome_label_shadowing`, TOPO-009.) An edge "
        "out of a node that always reports success (a choice or freeform human gate, a "
        "conditional node) is DC303's finding, not this rule's."
    ),
    example='Review -> Escalate [condition="outcome=disagree"]',
    fix="Compare with a status, or route on the key or label that carries the verdict.",
    formats=("dip", "dot"),  # a step workflow's `on_result` values are its own results
)
def outcome_value_never_produced(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    # a workflow's identical conditions share one parse: each is examined once
    found: dict[int, list[tuple[Operand, str, str]]] = {}
    for edge in workflow.edges:
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        values = found.get(id(condition.expr))
        if values is None:
            values = found[id(condition.expr)] = _non_statuses(condition.expr)
        if not values:
            continue
        source = workflow.node(edge.source.value)
        if source is not None and runtime.success_only(source, workflow):
            continue  # DC303 reports every outcome condition out of a node that always succeeds
        for operand, value, op in values:
            close = _hint(value.strip().lower())
            verb = "always" if op == "!=" else "never"
            yield context.finding(
                "DC313",
                condition.locate(operand.start, operand.end),
                f"`{value.strip()}` is not a stage status (success, fail, "
                f"partial_success), so the condition on `{edge.source.value} -> "
                f"{edge.target.value}` {verb} holds{close}",
            )


def _non_statuses(expr: Expr) -> list[tuple[Operand, str, str]]:
    """Each value ``expr`` compares `outcome` with (``=``, ``==``, ``!=``, ``in``) that is no
    stage status: its operand, the value as written and the operator, in order."""
    result = []
    for compare in conditions.comparisons(expr):
        key, _ = conditions.variable_key(compare.left.text)
        if key != "outcome" or compare.op not in ("=", "==", "!=", "in"):
            continue
        for operand in compare.right:
            values = operand.value.split(",") if compare.op == "in" else [operand.value]
            for value in values:
                word = value.strip().lower()
                if word and word not in STATUSES and word != "retry":
                    result.append((operand, value, compare.op))
    return result


_MEANT = {"failure": "fail", "failed": "fail", "succeeded": "success", "successful": "success"}


def _hint(word: str) -> str:
    """A did-you-mean for a misspelled status, else the usual remedy."""
    match = _MEANT.get(word) or closest(word, STATUSES)
    if match:
        return f" (did you mean `{match}`?)"
    return "; a verdict belongs in a context key the node writes, routed on that key"


# -- tool commands whose exit status cannot fail (amplifier's CMD-001, CMD-002) -------------

# commands that only pass data along: at the end of a pipeline they succeed whatever came in
_FILTERS = frozenset(
    {"tee", "head", "tail", "cat", "sort", "uniq", "cut", "tr", "wc", "column", "fold", "nl"}
)


def _failure_routes(context: Context, node: Node) -> list[Edge]:
    """Edges out of ``node`` that only a failed outcome takes."""
    result = []
    for edge in context.workflow.edges_from(node.id):
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        for compare in conditions.comparisons(condition.expr):
            key, _ = conditions.variable_key(compare.left.text)
            value = compare.right_text.strip().lower()
            failing = (compare.op in ("=", "==") and value in ("fail", "failure")) or (
                compare.op == "!=" and value == "success"
            )
            if key == "outcome" and failing and not compare.negated:
                result.append(edge)
                break
    return result


def _tool_commands(context: Context) -> Iterator[tuple[Node, Text, list[Edge]]]:
    """Tool nodes whose failure is routed somewhere, with their command text."""
    for node in runtime.tool_nodes(context.workflow):
        located = node.text_field("command")
        routes = _failure_routes(context, node)
        if located is not None and routes:
            yield node, located[1], routes


@rule(
    "DC211",
    "command-always-succeeds",
    Severity.WARNING,
    summary="A tool's failure route never fires: its command ends in a step that always "
    "succeeds (amplifier's CMD-002).",
    rationale=(
        "A tool node's outcome is `fail` exactly when its command exits non-zero. A command "
        "whose last step is `… || true`, `true`, `:` or `exit 0` always exits 0, so the edge "
        "that waits for the failure is dead and a broken build or test run moves on as a "
        "success."
    ),
    example="tool Test\n  command: make test || true\n"
    "edges\n  Test -> Fix  when ctx.outcome = fail",
    fix="Drop the trailing `|| true` (or `exit 0`), or route on what the command prints.",
    formats=("dip", "dot"),
)
def command_always_succeeds(context: Context) -> Iterator[Diagnostic]:
    for node, text, routes in _tool_commands(context):
        last = always_exits_zero(text.value)
        if last is None:
            continue
        shown = text.value[last.start : last.end]
        edge = routes[0]
        yield context.finding(
            "DC211",
            text.span(last.start, last.end),
            f"`{shown}` makes the command of `{node.id}` always exit 0, so its outcome is never "
            f"`fail` and `{edge.source.value} -> {edge.target.value}` never fires",
            related=tuple(Related(item.span, "waits for a failure") for item in routes),
        )


@rule(
    "DC212",
    "pipeline-hides-failure",
    Severity.WARNING,
    summary="A tool's command ends in a pipeline whose last command hides the failure of the "
    "first (amplifier's CMD-001).",
    rationale=(
        "Without `set -o pipefail` a pipeline's exit status is its last command's. "
        "`go test ./... | tee test.log` exits 0 when the tests fail, because `tee` succeeded, "
        "so the tool's failure route never fires for the failure it was written for."
    ),
    example="tool Test\n  command: go test ./... | tee test.log\n"
    "edges\n  Test -> Fix  when ctx.outcome = fail",
    fix="Add `set -o pipefail` at the top of the command.",
    formats=("dip", "dot"),
)
def pipeline_hides_failure(context: Context) -> Iterator[Diagnostic]:
    for _, text, routes in _tool_commands(context):
        if "pipefail" in text.value:
            continue
        commands = simple_commands(text.value)
        if not commands or not commands[-1].certain or commands[-1].name not in _FILTERS:
            continue
        first = len(commands) - 1
        while first > 0 and commands[first - 1].piped and commands[first - 1].certain:
            first -= 1
        if first == len(commands) - 1:
            continue  # not a pipeline
        head, last = commands[first], commands[-1]
        edge = routes[0]
        yield context.finding(
            "DC212",
            text.span(head.start, head.end),
            f"a failure of `{head.name}` is lost: the pipeline's status is that of "
            f"`{last.name}`, its last command, so `{edge.source.value} -> "
            f"{edge.target.value}` does not fire when `{head.name}` fails — add `set -o "
            "pipefail`",
            related=(Related(text.span(last.start, last.end), "decides the exit status"),),
        )
