"""Checks that come from the Attractor family's lint catalogues (other-formats.md §1.3 and §2)
and have no DIP or tracker equivalent.

The other Attractor rules map onto existing codes: ``start_node`` DIP001, ``terminal_node``
DIP002, ``reachability`` DIP004, ``edge_target_exists`` DIP003, ``exit_no_outgoing`` DIP006,
``condition_syntax`` DIP010, ``stylesheet_syntax`` and ``type_known`` DC005,
``fidelity_valid`` DIP114, ``retry_target_exists`` DC010, ``goal_gate_has_retry`` DIP115,
``prompt_on_llm_nodes`` DIP110, and amplifier's VOCAB-001 DC004 (docs/dot.md has the table).
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck import conditions
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.suggest import closest

# What a stage's status can be when edges are chosen (tracker-runtime.md §5.3, Attractor
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
    "DC314",
    "outcome-value-never-produced",
    Severity.WARNING,
    summary="A condition compares `outcome` with a value no stage status ever has.",
    rationale=(
        "`outcome` is the status the stage finished with: success, fail or partial_success "
        "(`retry` is handled before edges are chosen, DC302). A model's verdict (`disagree`, "
        "`approved`) or a misspelling (`failure`, `succeeded`) is never a status, so an edge "
        "that waits for it never fires; the verdict belongs in a context key the node writes "
        "(or its preferred label). (amplifier's `outcome_label_shadowing`, TOPO-009.)"
    ),
    example='Review -> Escalate [condition="outcome=disagree"]',
    fix="Compare with a status, or route on the key or label that carries the verdict.",
    formats=("dip", "dot"),  # a step workflow's `on_result` values are its own results
)
def outcome_value_never_produced(context: Context) -> Iterator[Diagnostic]:
    for edge in context.workflow.edges:
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        for compare in conditions.comparisons(condition.expr):
            key, _ = conditions.variable_key(compare.left.text)
            if key != "outcome" or compare.op not in ("=", "==", "!=", "in"):
                continue
            for operand in compare.right:
                values = operand.value.split(",") if compare.op == "in" else [operand.value]
                for value in values:
                    word = value.strip().lower()
                    if not word or word in STATUSES or word == "retry":
                        continue
                    close = _hint(word)
                    verb = "always" if compare.op == "!=" else "never"
                    yield context.finding(
                        "DC314",
                        condition.locate(operand.start, operand.end),
                        f"`{value.strip()}` is not a stage status (success, fail, "
                        f"partial_success), so the condition on `{edge.source.value} -> "
                        f"{edge.target.value}` {verb} holds{close}",
                    )


_MEANT = {"failure": "fail", "failed": "fail", "succeeded": "success", "successful": "success"}


def _hint(word: str) -> str:
    """A did-you-mean for a misspelled status, else the usual remedy."""
    match = _MEANT.get(word) or closest(word, STATUSES)
    if match:
        return f" (did you mean `{match}`?)"
    return "; a verdict belongs in a context key the node writes, routed on that key"
