"""DC304, DC305, DC307, DC308 and DC310: the values a node really sees — keys the runtime
never writes, graph attributes it never sets, writes it cannot split, reads that change
nothing, and placeholders it erases when it injects a subgraph child
(docs/runtime/context.md, docs/runtime/expansion.md, docs/runtime/subgraphs.md)."""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.analysis import runtime
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.model import NodeKind, Origin, Reference, RefKind, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.source import Span
from dipcheck.suggest import Names, closest

# -- DC304 -----------------------------------------------------------------------------------


def _has_kind(workflow: Workflow, kind: NodeKind) -> bool:
    return any(node.kind is kind for node in workflow.nodes)


def _never_written(key: str, workflow: Workflow) -> str | None:
    """Why the runtime never writes ``key``, or None."""
    if key.startswith("internal."):
        return (
            "the engine never writes `internal.*` keys a workflow can read (only its tests "
            "set `internal.loop_restart_count`)"
        )
    if key.startswith("stack.") and not _has_kind(workflow, NodeKind.MANAGER_LOOP):
        return "only a manager_loop node writes `stack.*` keys, and this workflow has none"
    if key.startswith(("parallel.", "fan_in.")) and not _has_kind(workflow, NodeKind.PARALLEL):
        return f"only a parallel node writes `{key.split('.')[0]}.*`, and this workflow has none"
    return None


def _condition_param(ref: Reference, context: Context) -> str | None:
    """The parameter a condition's left side ``params.x`` or ``ctx.params.x`` names: with
    ``ctx.`` stripped, neither is a key of the context (unless a node writes it)."""
    if ref.origin is not Origin.CONDITION:
        return None
    if ref.kind is RefKind.PARAMS:
        return ref.key
    written = ref.key in context.flow.producers
    if ref.kind is RefKind.CTX and ref.key.startswith("params.") and not written:
        return ref.key.removeprefix("params.")
    return None


@rule(
    "DC304",
    "never-written-runtime-key",
    Severity.WARNING,
    summary="A condition or placeholder reads a runtime-owned key that the runtime never "
    "writes, so it is always empty.",
    rationale=(
        "`ctx.internal.loop_restart_count` is never written by the engine "
        "(docs/runtime/conditions.md), `stack.*` exists only under a manager loop and "
        "`parallel.*`/`fan_in.*` only "
        "after a parallel node. A condition's left side `params.x` never resolves, because the "
        "context holds `graph.params.x` (docs/runtime/conditions.md#the-left-side). Each reads as "
        "an empty string, so the edge "
        "always or never fires."
    ),
    example="edges\n  Postmortem -> Plan  when ctx.internal.loop_restart_count = 0  loop",
    fix="Count iterations with a key a node writes (a tool that echoes a counter), or read "
    "`graph.params.x` instead of `params.x` (offered as a fix).",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def never_written_key(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for ref in workflow.references:
        param = _condition_param(ref, context)
        if param is not None:
            replacement = f"graph.params.{param}"
            yield context.finding(
                "DC304",
                ref.span,
                f"`{ref.text}` as a condition's left side never resolves: the context holds "
                f"`{replacement}`, so it always compares an empty string",
                fix=Fix(f"read `{replacement}`", (Edit(ref.span, replacement),), safe=False),
            )
            continue
        if ref.kind is RefKind.CTX:
            key = ref.key
        elif ref.kind is RefKind.STACK and ref.origin is Origin.CONDITION:
            key = f"stack.{ref.key}"
        else:
            continue
        why = _never_written(key, workflow)
        if why is None:
            continue
        yield context.finding(
            "DC304",
            ref.span,
            f"`{ref.text}` is always empty: {why}",
        )


# -- DC305 -----------------------------------------------------------------------------------


@rule(
    "DC305",
    "unknown-graph-attribute",
    Severity.WARNING,
    summary="`${graph.X}` where `X` is not an attribute the runtime sets for the workflow.",
    rationale=(
        "`${graph.X}` expands from the graph attributes, which are exactly the workflow-level "
        "settings the adapter maps (`goal`, the `defaults` under their runtime names, "
        "`params.*` from `vars`, `workflow_dir` …; "
        "docs/runtime/loading.md#from-dippin-to-trackers-graph, docs/runtime/expansion.md). "
        "Anything else "
        "— `${graph.name}` is the common one — silently expands to an empty string."
    ),
    example="agent Report\n  prompt: Report for ${graph.name}",
    fix="Use an attribute the workflow sets (declare it in `vars:` and read `${params.x}`), "
    "or set the default it comes from.",
    formats=("dip", "dot"),
)
def unknown_graph_attribute(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    known = runtime.graph_attributes(workflow)
    candidates: Names | None = None  # sorted once, searched by index: 4,000 reads took 3 s
    for ref in workflow.references:
        if ref.kind is not RefKind.GRAPH or not ref.key or ref.key in known:
            continue
        source = runtime.GRAPH_ATTRIBUTE_SOURCES.get(ref.key)
        if source is not None:
            why = f"this workflow sets no `defaults: {source}`, which is where it comes from"
        elif ref.key == "goal":
            why = "this workflow declares no `goal:`"
        elif ref.key.startswith("params."):
            why = f"`vars:` declares no `{ref.key[7:]}`"
        else:
            if candidates is None:
                candidates = Names(sorted(known))
            match = closest(ref.key, candidates)
            hint = f" (did you mean `{match}`?)" if match else ""
            why = f"`{ref.key}` is not a graph attribute the runtime sets{hint}"
        yield context.finding(
            "DC305",
            ref.span,
            f"`{ref.text}` always expands to an empty string: {why}",
        )


# -- DC307 -----------------------------------------------------------------------------------


@rule(
    "DC307",
    "multi-key-writes-without-json",
    Severity.WARNING,
    summary="An agent declares two or more `writes:` keys but never asks for JSON.",
    rationale=(
        "The runtime fills several declared keys only from a JSON object in the response; "
        "with prose and more than one key it records `writes_error` and fails the node "
        "(docs/runtime/context.md#declared-writes). Without `response_format` or an instruction to "
        "answer in "
        "JSON, a model answers in prose."
    ),
    example="agent Plan\n  prompt: Plan the change.\n  writes: plan, risks",
    fix="Set `response_format: json_object` (offered as an unsafe fix) or a schema, or tell "
    "the model to answer with a JSON object holding the keys.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def multi_key_writes(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in runtime.nodes_run_by(workflow, runtime.Handler.CODERGEN):
        writes = node.get("writes")
        if writes is None:
            continue
        keys = list(dict.fromkeys(item.value for item in runtime.entries(writes, workflow)))
        if len(keys) < 2:
            continue
        if node.value("response_format").strip() or node.value("response_schema").strip():
            continue
        texts = (node.value("prompt"), node.value("system_prompt"))
        if any("json" in item.lower() for item in texts):
            continue
        fix = None
        if workflow.format == "dip" and not writes.block:
            source = writes.key_span.source
            line_start = source.text.rfind("\n", 0, writes.key_span.start) + 1
            indent = source.text[line_start : writes.key_span.start]
            end = Span(source, writes.span.end, writes.span.end)
            fix = Fix(
                "ask for a JSON object (`response_format: json_object`)",
                (Edit(end, f"\n{indent}response_format: json_object"),),
                safe=False,
            )
        yield context.finding(
            "DC307",
            writes.value_span,
            f"`{node.id}` declares {len(keys)} `writes:` keys "
            f"({', '.join(f'`{key}`' for key in keys)}) but neither sets `response_format` "
            "nor asks for JSON: a prose answer cannot be split into keys, so the node fails",
            fix=fix,
        )


# -- DC308 -----------------------------------------------------------------------------------

# What a level adds to the prompt, for the levels that do not add `reads:` keys.
_LEVEL_ADDS = {
    "full": "appends only `human_response` and `last_response` to the prompt",
    "summary:low": "adds only the goal and a list of completed nodes to the prompt",
    "compact": "adds only the goal and `outcome` to the prompt",
}


def _context_key(ref: Reference) -> str:
    return f"node.{ref.node}.{ref.key}" if ref.kind is RefKind.SCOPED else ref.key


def _branch_fidelity(workflow: Workflow, node_id: str) -> bool:
    """Does a parallel branch block set a fidelity for ``node_id`` (it then runs at that
    level as a branch; handlers/parallel.go applies branch overrides)?"""
    return node_id in workflow.derived("branch_fidelity", lambda: _branch_fidelities(workflow))


def _branch_fidelities(workflow: Workflow) -> frozenset[str]:
    """The nodes a parallel branch block sets a fidelity for (found once per workflow, not
    once per node asked about: a thousand parallel blocks made that a million branches)."""
    return frozenset(
        branch.target.value
        for node in workflow.nodes
        for branch in node.branches
        if any(item.key == "fidelity" for item in branch.fields)
    )


@rule(
    "DC308",
    "reads-without-effect",
    Severity.INFO,
    summary="A `reads:` entry on an agent whose prompt fidelity does not put the key in the "
    "prompt.",
    rationale=(
        "Only an agent's prompt has a fidelity (`handlers/prompt.go` `ResolvePrompt`; tool and "
        "human nodes build no context section, so they are never reported). The level is the "
        "node's `fidelity`, else `defaults.fidelity`, else `full`; an invalid value is skipped "
        "silently (`pipeline/fidelity.go` `ResolveFidelity`). What each level adds to the "
        "prompt: `full` appends `human_response` and `last_response` only "
        "(`pipeline/transforms.go` `InjectPipelineContext`); `summary:high` every context key; "
        "`summary:medium` and `truncate` a fixed set plus the node's `reads:` keys; "
        "`summary:low` the goal and a list of completed nodes; `compact` the goal and "
        "`outcome` (`CompactContextWithPinnedKeys`; docs/runtime/context.md#fidelity). So at "
        "`full`, "
        "`summary:low` and `compact` the model does not see a read key unless the prompt "
        "interpolates `${ctx.K}`. The declaration still documents the read and tracker still "
        "validates it."
    ),
    example="agent Review\n  reads: plan\n  prompt: Review the plan.",
    fix="Interpolate `${ctx.K}` in the prompt, or set `fidelity: summary:medium`.",
    formats=("dip", "dot"),
)
def reads_without_effect(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    interpolated: dict[str, set[str]] = {}
    for ref in workflow.references:
        if ref.namespace == "ctx" and ref.origin is Origin.INTERP:
            interpolated.setdefault(ref.owner, set()).add(_context_key(ref))
    for ref in workflow.references:
        if ref.origin is not Origin.READS or ref.kind not in (RefKind.CTX, RefKind.SCOPED):
            continue
        node = workflow.node(ref.owner)
        if node is None or runtime.handler_of(node, workflow) is not runtime.Handler.CODERGEN:
            continue
        key = _context_key(ref)
        fidelity = runtime.prompt_fidelity(node, workflow)
        shown = runtime.FIDELITY_KEYS[fidelity.level]
        if shown is None or fidelity.level in runtime.READS_FIDELITIES or key in shown:
            continue
        if key in interpolated.get(node.id, set()) or _branch_fidelity(workflow, node.id):
            continue
        yield context.finding(
            "DC308",
            ref.span,
            f"`{node.id}` declares `reads: {key}`, but {fidelity.describe()}, and that level "
            f"{_LEVEL_ADDS[fidelity.level]}: the model sees "
            f"`{key}` only where the prompt interpolates `${{ctx.{key}}}` (or at "
            "`summary:medium`, which adds `reads:` keys)",
        )


# -- DC310 -----------------------------------------------------------------------------------

# How many erased placeholders one finding lists as related locations.
_SHOWN_PLACEHOLDERS = 20


def _erased(child: Workflow) -> list[Reference]:
    """The child's `${ctx.*}` and `${inputs.*}` placeholders in node attributes: injection
    expands every attribute with no context (the node label is not an attribute)."""
    return [
        ref
        for ref in child.references
        if ref.origin is Origin.INTERP
        and ref.attribute not in ("label", "condition")
        and ref.namespace in ("ctx", "inputs")
        and ref.span.text.startswith("${")
    ]


@rule(
    "DC310",
    "erased-subgraph-placeholder",
    Severity.WARNING,
    summary="A subgraph child's attribute uses `${ctx.*}` or `${inputs.*}`, which the runtime "
    "erases when it injects the child.",
    rationale=(
        "When a subgraph (or manager loop) runs its child, tracker first expands every child "
        "node attribute with the child's params and graph attributes and no context at all "
        "(`InjectParamsIntoGraph`, docs/runtime/subgraphs.md#what-the-child-sees, [inferred]): "
        "each `${ctx.*}` and "
        "`${inputs.*}` becomes an empty string before the child runs, although the child gets "
        "the parent's whole context. Run on its own, the same file works, which is why the "
        "finding is reported on the parent's `ref:`. Labels and edge conditions are not "
        "expanded at injection and keep their placeholders."
    ),
    example=(
        "# parent.dip\nsubgraph Review\n  ref: review.dip\n"
        "# review.dip\nagent Critic\n  prompt: Review ${ctx.last_response}"
    ),
    fix="Pass the value as a subgraph param (`params:`/`inputs:` on the parent's node) and read "
    "`${params.x}` in the child, or have the child read the key in a condition or from a "
    "file written by an earlier node.",
    formats=("dip", "dot"),
)
def erased_subgraph_placeholder(context: Context) -> Iterator[Diagnostic]:
    reported: set[tuple[int, int]] = set()
    for link in context.links:
        child = link.child.workflow
        # the injection is the subgraph handler's (pipeline/subgraph.go); a manager loop
        # starts its child differently and steers keys into it
        if child is None or any(n.kind is not NodeKind.SUBGRAPH for n, _ in link.chain):
            continue
        node, item = link.chain[0]
        if (id(child), id(item)) in reported:
            continue
        reported.add((id(child), id(item)))
        erased = _erased(child)
        if not erased:
            continue
        names = sorted({ref.text for ref in erased})
        shown = ", ".join(f"`{name}`" for name in names[:5])
        more = f" and {len(names) - 5} more" if len(names) > 5 else ""
        via = (
            ""
            if len(link.chain) == 1
            else " (through " + " → ".join(f"`{n.id}`" for n, _ in link.chain[1:]) + ")"
        )
        related = tuple(
            Related(ref.span, f"erased when `{ref.owner}` is injected")
            for ref in erased[:_SHOWN_PLACEHOLDERS]
        )
        yield context.finding(
            "DC310",
            item.value_span,
            f"child `{link.child.ref.strip()}` of `{node.id}`{via} uses {shown}{more} in its "
            "node attributes; tracker expands them with no context when it injects the child, "
            "so they always become empty strings there",
            related=related,
        )
