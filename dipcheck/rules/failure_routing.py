"""DC314-DC319 and DC339: what tracker does when a node (or a subgraph's child) fails or has
nowhere to go, and what the start, exit and parallel-branch nodes really run.

The facts come from :mod:`dipcheck.analysis.failure` (docs/runtime/edge-selection.md#the-main-loop,
docs/runtime/edge-selection.md#strict-failure, docs/runtime/failures.md#retries,
docs/runtime/parallel.md#branches and tracker's ``pipeline/engine.go``): a node without an outgoing
edge fails the
run; a failed node without a conditional edge takes the fallback chain or fails the run; a
failed node with conditional edges routes like any other outcome and fails the run when
nothing matches. Parallel branches run inside the parallel handler, once, with none of the
engine's routing, retry, goal-gate or fallback machinery.

DIP144 (dippin's "agent has no failure route") stays as dippin parity, off by default: it
asks every agent for a route. DC315 is tracker's own formulation, for every node kind: per
node where the workflow shows that failures are meant to be routed, once per workflow where a
long workflow routes none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache

from dipcheck.analysis import routing
from dipcheck.analysis.failure import (
    NODE_FALLBACKS,
    YES_NO,
    FailureFacts,
    FailurePath,
    Route,
    how_it_fails,
)
from dipcheck.analysis.runtime import Handler, handler_of
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.lazyre import lazy
from dipcheck.model import Dialect, Edge, Field, Node, NodeKind, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.outcomes import gated_branches, inert_branch_fields
from dipcheck.rules.registry import rule

FORMATS = ("dip", "dot")


def _tracker(context: Context) -> bool:
    """These facts are tracker's; a DOT file written for an Attractor-family engine is run by
    other rules."""
    return context.workflow.dialect is Dialect.TRACKER


def _written(item: Field) -> str:
    """A one-line field as written (`key: value` in `.dip`, `key="value"` in DOT)."""
    return item.span.text.strip()


def _quoted(names: list[str], limit: int = 3) -> str:
    shown = ", ".join(f"`{name}`" for name in names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _edge_text(edge: Edge) -> str:
    return f"`{edge.source.value} -> {edge.target.value}`"


def _first_edge(facts: FailureFacts, node: Node) -> Edge | None:
    """The node's first explicit outgoing edge (the place to route its failure next to)."""
    return next((edge for edge in facts.edges_from(node.id) if not edge.implicit), None)


def _fail_edge(workflow: Workflow, source: str, target: str) -> str:
    if workflow.format == "dot":
        return f'`{source} -> {target} [condition="outcome=fail"]`'
    return f"`{source} -> {target}  when ctx.outcome = fail`"


def _choice_gate(node: Node, workflow: Workflow) -> bool:
    mode = node.value("mode").strip()
    return handler_of(node, workflow) is Handler.HUMAN and mode not in (
        "interview",
        "freeform",
        "yes_no",
    )


def _fallback_key(workflow: Workflow) -> str:
    return "graph `fallback_target`" if workflow.format == "dot" else "`defaults.on_failure`"


# -- DC314 ----------------------------------------------------------------------------------


@rule(
    "DC314",
    "dead-end-node",
    Severity.ERROR,
    summary="A node other than the exit has no outgoing edge: the run fails when it gets there.",
    rationale=(
        "After a node finishes, tracker picks its next edge; a node with none, unless it is "
        "the exit node, fails the run (`no outgoing edges from non-exit node`, "
        "docs/runtime/failures.md#failures-only-a-run-meets, `pipeline/engine.go`), whatever the "
        "node's outcome — the "
        "fallback chain is not consulted. A human gate in choice mode fails even earlier, "
        "having no choices to offer (its choices are its edges): that is DC325's finding. "
        "Parallel branches are not reported: their edges are never followed "
        "(docs/runtime/parallel.md#branches)."
    ),
    example="edges\n  Build -> Test\n  Test -> Done  when ctx.outcome = success\n"
    "  Test -> Fix  when ctx.outcome = fail\n# Fix has no edge: the run fails after it",
    fix="Add the edge the run should take after the node (to the exit if it should end there).",
    formats=FORMATS,
)
def dead_end_node(context: Context) -> Iterator[Diagnostic]:
    if not _tracker(context):
        return
    workflow = context.workflow
    if workflow.exit not in workflow.node_map:
        return  # no valid exit node: DIP002, the file is refused before any node runs
    for node in context.failure.dead_ends:
        if _choice_gate(node, workflow):
            continue  # the gate fails before it finishes: no choices to offer (DC325)
        exit_hint = f" (to `{workflow.exit}` if the run should end there)"
        yield context.finding(
            "DC314",
            node.id_span,
            f"`{node.id}` has no outgoing edge and is not the exit node: when it finishes, "
            f"tracker fails the run ('no outgoing edges from non-exit node'), whatever its "
            f"outcome; add the edge the run should take next{exit_hint}",
        )


# -- DC315 ----------------------------------------------------------------------------------


@rule(
    "DC315",
    "unrouted-failure",
    Severity.WARNING,
    summary="A node's failure ends the run in a workflow that routes its other nodes' failures.",
    rationale=(
        "A failed node with no conditional edge goes to its `fallback_target`, else to the "
        "workflow's fallback (`defaults.on_failure`), else tracker fails the run (`node "
        "failed with no conditional edges to handle failure`); a failed node *with* "
        "conditional edges is routed like any other outcome, and when no condition holds and "
        "no unconditional edge exists the run fails with `no matching edges` — the fallbacks "
        "are not consulted then (docs/runtime/edge-selection.md#strict-failure, "
        "docs/runtime/edge-selection.md#no-matching-edge). Every node kind "
        "that can report `fail` counts: an agent (empty response, turn or cost limit, failed "
        "`writes:`), a tool (non-zero exit), a yes/no gate (No), an interview (cancelled), a "
        "gate that times out without a default, a parallel block (its `fan_in_policy` not "
        "met), a subgraph or manager loop (the child failed). Conditional nodes, choice and "
        "freeform gates and passthrough start nodes never fail. A yes/no gate whose `No` "
        "edge is unconditional is always reported: a No is `fail`, and with no conditional "
        "edge the failure is handled before labels are looked at, so that edge is never "
        "taken.\n\n"
        "Ending the run on a failure is tracker's normal, fail-fast behaviour, so the rule "
        "reports only where the workflow shows failures are meant to go somewhere: it has a "
        "failure handler — a node that two or more nodes send their failures to and that is a "
        "human gate, or is named by a `fallback_target`, or leads back to none of them (a "
        "failure summary; not the fix step a check loops back through) — "
        "or it declares a fallback (then only the nodes the fallback cannot catch, those "
        "with conditions, are reported). A workflow that routes no failure at all gets one "
        "finding (an info: ending the run is tracker's normal fail-fast behaviour and may be "
        "what its author wants), on its `defaults`, and only when five or more of its steps "
        "can fail this "
        "way: short workflows are usually fail-fast on purpose (test fixtures), while a long "
        "one loses the work of every earlier step, and a subgraph child that fails this way "
        "fails its parent's run outright, whatever the parent routes "
        "(docs/runtime/subgraphs.md#what-comes-back). DIP144 (off by "
        "default) asks for a route on every agent, as dippin does."
    ),
    example=(
        "FinalBuild -> Escalate  when ctx.outcome = fail\n"
        "FinalSpecCheck -> Escalate  when ctx.outcome = fail\n"
        "ReadSpec -> Decompose      # ReadSpec failing stops the run"
    ),
    fix="Route the failure like the others: a `when ctx.outcome = fail` edge to the handler, "
    "a `fallback_target:`, or `defaults.on_failure`.",
    formats=FORMATS,
)
def unrouted_failure(context: Context) -> Iterator[Diagnostic]:
    if not _tracker(context):
        return
    workflow = context.workflow
    facts = context.failure
    hub = _failure_handler(context)
    graph_target, graph_key = facts.graph_fallback()
    node_map = workflow.node_map
    for node_id, found in facts.paths.items():
        route = found.route
        # (only these routes can be reported: most nodes are passed over without a call)
        if route is Route.STOP or route is Route.FALLBACK:
            node = node_map[node_id]
            answer_no = _unreachable_no(context, node, found)
            if answer_no is not None:
                yield answer_no
            elif route is Route.STOP and hub:
                yield _unrouted(context, node, hub, facts.handlers[hub])
        elif route is Route.NO_MATCH:
            node = node_map[node_id]
            own = facts.fallback(node)[0] if node.value("fallback_target").strip() else ""
            if hub or graph_target or own:
                expected = own or graph_target or hub
                graph = graph_key if expected == graph_target else ""
                yield _no_match(context, node, expected, graph)
    if not graph_target and not any(found.routed for found in facts.paths.values()):
        yield from _nothing_routed(context)


# a workflow that routes no failure gets one finding when this many of its steps can fail
_MANY_STOPS = 5


def _nothing_routed(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    facts = context.failure
    stops = [node_id for node_id, found in facts.paths.items() if found.route is Route.STOP]
    if len(stops) < _MANY_STOPS:
        return
    if workflow.defaults:
        span = workflow.defaults[0].span.cover(workflow.defaults[-1].span)
    else:
        span = workflow.decl_span
    yield context.finding(
        "DC315",
        span,
        f"no failure is routed anywhere in this workflow: if any of its {len(stops)} steps "
        f"that can fail does ({_quoted(stops)}), tracker ends the run there; one "
        f"{_fallback_key(workflow)} naming a node that summarises or escalates routes them "
        "all",
        related=tuple(
            Related(workflow.node_map[node_id].id_span, "a failure here ends the run")
            for node_id in stops[:_MANY_STOPS]
        ),
    ).with_severity(Severity.INFO)  # fail-fast is tracker's normal behaviour, maybe the intent


def _unreachable_no(context: Context, node: Node, found: FailurePath) -> Diagnostic | None:
    """A yes/no gate whose `No` edge is unconditional: a No is outcome `fail`, and a failed
    node with no conditional edge never reaches label routing (§5.3 step 0 comes first)."""
    if (
        found.route not in (Route.STOP, Route.FALLBACK)
        or how_it_fails(node, context.workflow) != YES_NO
    ):
        return None
    edge = next(
        (e for e in context.failure.edges_from(node.id) if routing.routing_key(e) == "No"), None
    )
    if edge is None:
        return None
    then = (
        f"goes to the fallback `{found.target}`"
        if found.route is Route.FALLBACK
        else "stops the run ('node failed with no conditional edges to handle failure')"
    )
    return context.finding(
        "DC315",
        edge.span,
        f"answering No at yes/no gate `{node.id}` is outcome `fail`, and with no conditional "
        f"edge tracker handles the failure before it looks at labels: {_edge_text(edge)} is "
        f"never taken, a No {then}; write `when ctx.outcome = fail` on this edge (and "
        "`when ctx.outcome = success` on the Yes edge)",
        related=(Related(node.id_span, f"`{node.id}` is declared here"),),
    )


def _failure_handler(context: Context) -> str:
    """The node the workflow sends failures to, when it has one: the target of the failure
    routes of two or more nodes that is a human gate, or is named by a `fallback_target`, or
    leads back to none of the nodes whose failures it takes (a failure summary) — unlike a
    fix step that the checks routing to it loop back through. The busiest one wins."""
    workflow = context.workflow
    facts = context.failure
    found: list[tuple[int, str]] = []
    for target, sources in facts.handlers.items():
        if len(sources) < 2:
            continue
        node = workflow.node(target)
        if node is None:
            continue
        named = any(
            workflow.node_map[source].value(key).strip() == target
            for source in sources
            for key in NODE_FALLBACKS
        )
        if node.kind is NodeKind.HUMAN or named or not set(sources) & _reach(facts, target):
            found.append((len(sources), target))
    return max(found, key=lambda item: item[0])[1] if found else ""


def _reach(facts: FailureFacts, start: str) -> set[str]:
    """The nodes reachable from ``start`` along edges (``start`` only if on a cycle)."""
    seen: set[str] = set()
    stack = [edge.target.value for edge in facts.edges_from(start)]
    while stack:
        current = stack.pop()
        if current not in seen:
            seen.add(current)
            stack.extend(edge.target.value for edge in facts.edges_from(current))
    return seen


def _unrouted(context: Context, node: Node, hub: str, sources: list[str]) -> Diagnostic:
    workflow = context.workflow
    facts = context.failure
    how = how_it_fails(node, workflow)
    edge = _first_edge(facts, node)
    others = [source for source in sources if source != node.id]
    message = (
        f"if `{node.id}` fails ({how}), tracker stops the run: none of its edges is "
        "conditional and no fallback is set ('node failed with no conditional edges to "
        f"handle failure'), while {_quoted(others)} send their failures to `{hub}`; route "
        f"this one too: {_fail_edge(workflow, node.id, hub)}, `fallback_target: {hub}` or "
        f"{_fallback_key(workflow)}"
    )
    related = [Related(node.id_span, f"`{node.id}` is declared here")] if edge else []
    route = facts.paths[others[0]] if others else None
    if route is not None:
        shown = route.rest if route.route is Route.MAYBE and route.rest else route
        if shown.edge is not None:
            related.append(Related(shown.edge.span, f"`{others[0]}` routes its failure here"))
    return context.finding(
        "DC315", edge.span if edge else node.id_span, message, related=tuple(related)
    )


def _no_match(context: Context, node: Node, expected: str, graph_key: str) -> Diagnostic:
    workflow = context.workflow
    facts = context.failure
    how = how_it_fails(node, workflow)
    edge = _first_edge(facts, node)
    if graph_key:
        why = f"the workflow's fallback `{expected}` is not consulted for a node with conditions"
    elif node.value("fallback_target").strip() == expected:
        why = f"its `fallback_target: {expected}` is used only after a retry budget runs out"
    else:
        why = f"other nodes send their failures to `{expected}`"
    message = (
        f"if `{node.id}` fails ({how}), none of its edge conditions holds and it has no "
        "unconditional edge: tracker stops the run with 'no matching edges' — "
        f"{why}; add {_fail_edge(workflow, node.id, expected)}"
    )
    related = (Related(node.id_span, f"`{node.id}` is declared here"),) if edge else ()
    return context.finding("DC315", edge.span if edge else node.id_span, message, related=related)


# -- DC316 ----------------------------------------------------------------------------------

_BRANCH_FALLBACK = lazy(r"branch\.(\d+)\.(fallback_target|fallback_retry_target)")


@rule(
    "DC316",
    "branch-fallback-refused",
    Severity.ERROR,
    summary="A parallel branch target declares a `fallback_target`: tracker refuses to run the "
    "parallel block.",
    rationale=(
        "A branch runs inside the parallel handler, once, and never reaches the engine's "
        "failure routing, so a fallback on it would never be used. Since v0.39.1 the parallel "
        "handler fails instead of dispatching the branches when a branch target carries "
        "`fallback_target` or `fallback_retry_target` (in `.dip` a node's `fallback_target` "
        "is stored as `fallback_retry_target`), or a `branch.N.` override sets one "
        "(docs/runtime/failures.md#failures-only-a-run-meets, docs/runtime/parallel.md#branches, "
        "`handlers/parallel_fallback.go`): the run fails "
        "when it reaches the parallel node. The workflow-level `defaults.on_failure` is not "
        "affected."
    ),
    example="parallel Review -> A, B\nagent A\n  prompt: Review.\n  fallback_target: Escalate",
    fix="Remove it and route the branches' failure at the parallel node: `fan_in_policy` "
    "(`all`, `quorum`) and a `when ctx.outcome = fail` edge from it.",
    formats=FORMATS,
)
def branch_fallback_refused(context: Context) -> Iterator[Diagnostic]:
    if not _tracker(context):
        return
    workflow = context.workflow
    for parallel_id, parallel in context.failure.parallels.items():
        for member in parallel.branches:
            node = workflow.node(member.value)
            item = _fallback_field(node) if node is not None else None
            if item is not None:
                yield _refused(context, parallel_id, member.value, item)
        for item in parallel.node.fields:
            found = _BRANCH_FALLBACK.fullmatch(item.key)
            if found and item.text.strip():
                target = parallel.node.value(f"branch.{found.group(1)}.target").strip()
                yield _refused(context, parallel_id, target or f"branch {found.group(1)}", item)


def _fallback_field(node: Node) -> Field | None:
    for key in NODE_FALLBACKS:
        item = node.get(key)
        if item is not None and item.text.strip():
            return item
    return None


def _refused(context: Context, parallel_id: str, branch: str, item: Field) -> Diagnostic:
    return context.finding(
        "DC316",
        item.span,
        f"`{_written(item)}` on `{branch}`, a branch of parallel "
        f"`{parallel_id}`: tracker refuses to dispatch the branches and fails the run "
        "(a branch never uses a fallback); remove it and route the failure at "
        f"`{parallel_id}` (`fan_in_policy` and a fail edge)",
        related=(Related(context.workflow.node_map[parallel_id].id_span, "the parallel node"),),
    )


# -- DC317 ----------------------------------------------------------------------------------

_TRIVIAL_PROMPT = 6  # words on one line: a placeholder, not a task
_LIFECYCLE = frozenset(
    {"start", "begin", "init", "initialize", "done", "exit", "end", "finish", "complete"}
)


# what a placeholder prompt says: that the run starts, ends or passes through
# (compiled when first needed: compiling it costs more than a file that never asks)
@cache
def _lifecycle_words() -> re.Pattern[str]:
    return re.compile(
        r"\b(?:start(?:s|ed|ing)?|begin(?:s|ning)?|init(?:iali[sz](?:e|es|ed|ing))?|done|"
        r"complete[sd]?|finish(?:e[sd]|ing)?|end(?:s|ed)?|exit(?:s|ed|ing)?|"
        r"pass(?:es)?[ -]?through)\b",
        re.IGNORECASE,
    )


@rule(
    "DC317",
    "start-exit-node-with-prompt",
    Severity.WARNING,
    summary="A start or exit marker has a prompt: in `.dip` it runs as a full agent session, "
    "in DOT the prompt is never sent.",
    rationale=(
        "In `.dip`, an agent used as the start or exit node runs as tracker's passthrough "
        "only when it has no prompt (`ensureStartExitNodes`, "
        "docs/runtime/loading.md#from-dippin-to-trackers-graph). With a "
        "prompt — even `Initialize pipeline.` — it is a real agent session with the default "
        "tools: it costs an LLM call and time, may act on the repository, and its failure stops "
        "the run (or, at the exit, ends it as failed). tracker's own examples shipped this and "
        "removed it (a start node spent ten minutes building an unrelated project). Reported "
        "for a lifecycle marker — a node named or labelled Start, Begin, Init, Done, Exit, "
        "End, Finish or Complete — whose prompt is a placeholder (one line of at most six "
        "words that only says the run starts, ends or passes through, such as `Pipeline "
        "complete.`); a start or exit node given a real task (`Summarize the results.`, a "
        "first question) is left alone. In DOT, the `Mdiamond`/`Msquare` "
        "shape alone decides the handler, so any prompt on the start or exit node is never "
        "sent."
    ),
    example="agent Start\n  label: Start\n  prompt: Initialize pipeline.",
    fix="Remove the prompt (a prompt-less start/exit agent is a passthrough), or move the "
    "work into a node of its own.",
    formats=FORMATS,
)
def start_exit_with_prompt(context: Context) -> Iterator[Diagnostic]:
    if not _tracker(context):
        return
    workflow = context.workflow
    if not workflow.start or workflow.start == workflow.exit:
        return  # a one-node workflow does its work in its only node
    for role, node_id in (("start", workflow.start), ("exit", workflow.exit)):
        node = workflow.node(node_id)
        located = node.text_field("prompt") if node is not None else None
        if node is None or located is None or not located[1].value.strip():
            continue
        item, text = located
        handler = handler_of(node, workflow)
        if workflow.format == "dot":
            if handler in (Handler.START, Handler.EXIT):
                yield context.finding(
                    "DC317",
                    item.span,
                    f"the {role} node `{node_id}` runs tracker's passthrough {role} handler "
                    "(its shape decides), so this prompt is never sent; move the work into a "
                    "node of its own",
                )
            continue
        if handler is not Handler.CODERGEN or not _placeholder(node, text.value):
            continue
        cost = (
            "and its failure stops the run"
            if role == "start"
            else "and if it fails the run ends as failed"
        )
        yield context.finding(
            "DC317",
            item.span,
            f"the {role} node `{node_id}` has a prompt (`{text.value.strip()}`), so tracker "
            "runs it as a full agent session (an LLM call with the default tools) instead of "
            f"a passthrough, {cost}; remove the prompt to make `{node_id}` a passthrough",
        )


def _placeholder(node: Node, prompt: str) -> bool:
    """A lifecycle marker (named or labelled Start, Done, Exit …) with a one-line prompt of a
    few words that only says the run starts, ends or passes through (`Initialize pipeline.`,
    `Workflow complete.`): the author meant a passthrough. A short task (`Summarize the
    results.`) is a real closing step."""
    names = {node.id.lower(), node.value("label").strip().strip('"').lower()}
    text = prompt.strip()
    short = "\n" not in text and len(text.split()) <= _TRIVIAL_PROMPT
    return short and bool(names & _LIFECYCLE) and _lifecycle_words().search(text) is not None


# -- DC318 ----------------------------------------------------------------------------------


@rule(
    "DC318",
    "failure-fallback-skips-handler",
    Severity.WARNING,
    summary="Failures fall back to the exit node, skipping the failure handler the workflow's "
    "fail edges lead to; the failed run ends as a success.",
    rationale=(
        "A fallback (`defaults.on_failure`, a node's `fallback_target`) that names the exit "
        "node sends a failed node straight to the exit; the exit completes and the run ends "
        "as a *success* (docs/runtime/edge-selection.md#strict-failure, "
        "docs/runtime/failures.md#goal-gates). Where the workflow has a "
        "failure handler — a node its `fail` edges lead to that goes on to the exit (a "
        "failure summary) — the fallback skips it. tracker's own "
        "sprint_exec example was fixed this way: `on_failure: Exit` silently succeeded a run "
        "whose implementation step hit its turn limit, bypassing FailureSummary. A handler "
        "here is a node that some node's failure is routed to and whose only edges lead to "
        "the exit."
    ),
    example=(
        "defaults\n  on_failure: Exit\n...\nReview -> FailureSummary  when ctx.outcome = fail\n"
        "FailureSummary -> Exit"
    ),
    fix="Point the fallback at the failure handler (`on_failure: FailureSummary`).",
    formats=FORMATS,
)
def failure_fallback_skips_handler(context: Context) -> Iterator[Diagnostic]:
    if not _tracker(context):
        return
    workflow = context.workflow
    facts = context.failure
    exit_id = workflow.exit
    if exit_id not in workflow.node_map:
        return
    handler = next(
        (
            target
            for target in facts.handlers
            if target != exit_id
            and target in workflow.node_map  # an undeclared edge target is DIP003's
            and _leads_only_to(facts.edges_from(target), exit_id)
        ),
        None,
    )
    if handler is None:
        return
    sources = facts.handlers[handler]
    fields = [workflow.default(key) for key in ("on_failure", "fallback_target")]
    fields += [_fallback_field(node) for node in workflow.nodes if node.id in facts.main_loop]
    for item in fields:
        if item is None or item.text.strip() != exit_id:
            continue
        yield context.finding(
            "DC318",
            item.value_span,
            f"`{_written(item)}` sends a failed node straight to the exit node, where the "
            f"run ends as a success, skipping `{handler}`, which {_quoted(sources)} route their "
            f"failures to; name `{handler}` there instead",
            related=(Related(workflow.node_map[handler].id_span, "the failure handler"),),
        )


def _leads_only_to(edges: Sequence[Edge], target: str) -> bool:
    """Are there ``edges``, all of them to ``target``?"""
    for edge in edges:
        if edge.target.value != target:
            return False
    return bool(edges)


# -- DC319 ----------------------------------------------------------------------------------


@rule(
    "DC319",
    "parallel-branch-misuse",
    Severity.WARNING,
    summary="A parallel branch is treated as a main-loop node: it sets retry attributes a "
    "branch never uses, or a retry or fallback target sends the run into it.",
    rationale=(
        "A branch target runs once, inside the parallel handler "
        "(docs/runtime/parallel.md#branches, "
        "`handlers/parallel.go` `runBranch`): a `retry` status is simply a failed branch — no "
        "retry, no `retry_target`, no `retry_policy` or `max_retries` (a goal gate on a branch "
        "is never checked either: DC333 reports it, and names these attributes of the same "
        "block with it). Whether the block "
        "goes on is decided by the parallel node's `fan_in_policy`. (A fallback on a branch "
        "is worse, DC316: tracker refuses it.) The other way round, `retry_target`, "
        "`fallback_target`, `defaults.on_failure` or `defaults.restart_target` naming a "
        "branch sends the main loop into that branch alone (docs/runtime/failures.md): the "
        "parallel node "
        "does not run again, the other branches do not run, and the branch's edge to the "
        "fan_in leads to a join that merges the results of the earlier parallel run. "
        "tracker's ask_and_execute example dropped such a `retry_target: ImplementClaude`. "
        "Inert attributes are reported once per parallel block."
    ),
    example="parallel Review -> A, B\nagent A\n  prompt: Review.\n  max_retries: 3\n"
    "...\nagent Verify\n  retry_target: B",
    fix="Require the branches at the parallel node (`fan_in_policy: all` and a fail edge), "
    "and target the parallel node (or a node before it) to redo the block.",
    formats=FORMATS,
)
def parallel_branch_misuse(context: Context) -> Iterator[Diagnostic]:
    if not _tracker(context):
        return
    yield from _inert_branch_attributes(context)
    yield from _targets_into_branches(context)


def _inert_branch_attributes(context: Context) -> Iterator[Diagnostic]:
    if not context.failure.parallels:
        return  # (most workflows: no block, and no gate to look for on every node)
    gated = gated_branches(context)
    for parallel_id in context.failure.parallels:
        if parallel_id in gated:
            continue  # DC333 reports the block's goal gates and names these fields
        found = inert_branch_fields(context, parallel_id)
        if not found:
            continue
        keys = list(dict.fromkeys(item.key for _, items in found for item in items))
        names = [member for member, _ in found]
        first = found[0][1][0]
        rest = [item for _, items in found for item in items if item is not first]
        yield context.finding(
            "DC319",
            first.span,
            f"{', '.join(f'`{key}`' for key in keys)} on {_quoted(names)} never take effect: "
            f"they run only as branches of parallel `{parallel_id}`, once each, with no "
            "retries; require the branches at "
            f"`{parallel_id}` instead (`fan_in_policy: all` and a fail edge)",
            related=tuple(Related(item.span, "never takes effect either") for item in rest),
        )


def _targets_into_branches(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    facts = context.failure
    if not facts.branch_of:
        return  # no branch for a target to name (and no field to read on every node)
    places: list[tuple[Field, str]] = []
    for key in ("on_failure", "fallback_target", "fallback_retry_target", "restart_target"):
        item = workflow.default(key)
        if item is not None:
            places.append((item, "the workflow"))
    for node in workflow.nodes:
        if node.id not in facts.main_loop or node.id in facts.branch_of:
            continue
        for key in ("retry_target", *NODE_FALLBACKS):
            item = node.get(key)
            if item is not None:
                places.append((item, f"`{node.id}`"))
    for item, owner in places:
        target = item.text.strip()
        parallel = facts.branch_of.get(target)
        if parallel is None:
            continue
        yield context.finding(
            "DC319",
            item.value_span,
            f"`{_written(item)}` of {owner} sends the run to `{target}`, a branch of "
            f"parallel `{parallel}`: it then runs alone, outside the parallel block, and the "
            f"join merges the earlier run's results; target `{parallel}` to redo the block",
            related=(Related(workflow.node_map[parallel].id_span, "the parallel node"),),
        )


# -- DC339 ----------------------------------------------------------------------------------


@rule(
    "DC339",
    "child-failure-fails-parent",
    Severity.WARNING,
    summary="A subgraph's failure is routed by a condition, but the child can stop with a run "
    "error, which fails the parent's whole run instead.",
    rationale=(
        "When a subgraph child's run ends with an error (a strict failure: a node that fails "
        "with no conditional edge and no fallback; `no matching edges`), the subgraph handler "
        "returns the error and the parent's run fails; only a child that ends normally with "
        "another status than success makes the subgraph node `fail` "
        "(docs/runtime/subgraphs.md#what-comes-back). A parent edge such as `RunTests -> Fix "
        "when ctx.outcome = fail` then catches none of the failures the child leaves "
        "unrouted."
    ),
    example="subgraph RunTests\n  ref: child.dip\nedges\n  RunTests -> Fix  when ctx.outcome = "
    "fail    # child.dip: `tool Test` fails with no conditional edge",
    fix="Route the failure inside the child (a `fail` edge, or `defaults.on_failure`), and let "
    "the parent route on what the child writes (its context comes back under "
    "`node.<Subgraph>.*`).",
    formats=("dip", "dot"),
)
def child_failure_fails_parent(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    facts = context.failure
    for node in workflow.nodes:
        if node.kind is not NodeKind.SUBGRAPH:
            continue
        found = facts.paths.get(node.id)
        item = node.get("ref")
        if found is None or found.route is not Route.CONDITION or found.edge is None or not item:
            continue
        child = context.child(item)
        if child is None or child.workflow is None:
            continue
        inner = FailureFacts(child.workflow, context.target)
        stops = [
            name for name, path in inner.paths.items() if path.route in (Route.STOP, Route.NO_MATCH)
        ]
        if not stops:
            continue
        yield context.finding(
            "DC339",
            found.edge.span,
            f"{_edge_text(found.edge)} never catches a failure of {_quoted(stops)} in the "
            f"child `{item.text.strip()}`: nothing routes it there, so it stops the child's run "
            f"with an error, and that fails this whole run, not `{node.id}` alone",
        )
