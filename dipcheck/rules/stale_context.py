"""DC107 and DC109: context keys read when the value they hold is stale — the one-shot
`human_response` already cleared by an agent, or a key a loop iteration reads as the previous
iteration left it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from dipcheck.analysis import runtime, typed_outputs
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.analysis.loops import WHEN_WRITTEN, LoopReads
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.model import Dialect, Node, NodeKind, Origin, RefKind, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule


class _HumanResponse:
    """Where the one-shot `human_response` is still set
    (docs/runtime/context.md#human_response-is-one-shot).

    A human gate sets it; the first agent that runs afterwards (or a parallel block with an
    agent branch) clears it. Subgraphs and manager loops merge a child context that may set
    it, so they count as setting it. The state space is (node, set-or-cleared): a path that
    reaches a reader with the key cleared is found by a breadth-first search over it."""

    def __init__(self, workflow: Workflow, flow: ContextFlow) -> None:
        self.workflow = workflow
        self.flow = flow

    def effect(self, node_id: str, fresh: bool) -> bool:
        node = self.workflow.node_map[node_id]
        handler = runtime.handler_of(node, self.workflow)
        if handler in (runtime.Handler.HUMAN, *runtime.OPAQUE_HANDLERS):
            return True
        if handler is runtime.Handler.CODERGEN:
            return False
        if handler is runtime.Handler.PARALLEL:
            return fresh and not self.agent_branches(node)
        return fresh

    def agent_branches(self, node: Node) -> list[str]:
        nodes = self.workflow.node_map
        return [
            member.value
            for member in node.members
            if member.value in nodes
            and runtime.handler_of(nodes[member.value], self.workflow) is runtime.Handler.CODERGEN
        ]

    def describe_clearer(self, node_id: str) -> str:
        """What clears the response, for a message: "`Explore` runs", or "parallel `Fork`
        runs agent branch `Scan`"."""
        node = self.workflow.node_map[node_id]
        if node.kind is NodeKind.PARALLEL:
            names = ", ".join(f"`{name}`" for name in self.agent_branches(node))
            return f"parallel `{node_id}` runs agent branch {names}"
        return f"`{node_id}` runs"

    def stale_path(self, reader: str, after: bool) -> list[str] | None:
        """A path from the start on which `human_response` is cleared (or never set) when
        ``reader`` reads it (``after``: in a condition, once ``reader`` has run); None when
        it is set on every path."""
        start = self.flow.start
        if start is None:
            return None
        if reader == start and not after:
            return [reader]  # nothing has run before the start node
        first = (start, self.effect(start, False))
        parents: dict[tuple[str, bool], tuple[str, bool] | None] = {first: None}
        queue = deque([first])
        successors = self.flow.successors
        while queue:
            state = queue.popleft()
            node, fresh = state
            if after and node == reader and not fresh:
                return self._path(parents, state)
            for target in successors[node]:
                if not after and target == reader and not fresh:
                    return [*self._path(parents, state), target]
                following = (target, self.effect(target, fresh))
                if following not in parents:
                    parents[following] = state
                    queue.append(following)
        return None

    @staticmethod
    def _path(
        parents: dict[tuple[str, bool], tuple[str, bool] | None], state: tuple[str, bool]
    ) -> list[str]:
        path: list[str] = []
        cursor: tuple[str, bool] | None = state
        while cursor is not None:
            path.append(cursor[0])
            cursor = parents[cursor]
        return list(reversed(path))


@rule(
    "DC107",
    "stale-human-response",
    Severity.WARNING,
    summary="`${ctx.human_response}` read where the one-shot human response is already cleared.",
    rationale=(
        "tracker clears `human_response` as soon as the first agent after a human gate has "
        "run (#352). A second agent that reads `${ctx.human_response}` gets an empty string — "
        "the user's request silently disappears from its prompt. The scoped alias "
        "`${ctx.node.<Gate>.human_response}` keeps the answer for the rest of the run."
    ),
    example=(
        "human Ask\n  mode: freeform\nagent Explore\n  prompt: Explore ${ctx.human_response}\n"
        "agent Spec\n  prompt: Specify ${ctx.human_response}"
    ),
    fix="Read `${ctx.node.<Gate>.human_response}` (offered as a fix when one gate precedes the "
    "reader).",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def stale_human_response(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    flow = context.flow
    analysis = _HumanResponse(workflow, flow)
    gates = [
        node.id
        for node in workflow.nodes
        if runtime.handler_of(node, workflow) is runtime.Handler.HUMAN
    ]
    for ref in workflow.references:
        if ref.kind is not RefKind.CTX or ref.key != "human_response":
            continue
        if ref.attribute == "label" or ref.owner not in workflow.node_map:
            continue
        after = ref.origin is Origin.CONDITION or ref.attribute == "condition"
        if ref.owner not in flow.reachable:
            continue
        path = analysis.stale_path(ref.owner, after)
        if path is None:
            continue
        before = [step for step in path if step in gates]
        reaching = flow.reaching(ref.owner)
        preceding = [
            gate
            for gate in gates
            if gate in flow.reachable and gate in reaching and gate != ref.owner
        ]
        route = " → ".join(path)
        if before:
            gate = before[-1]
            cleared = [
                step
                for step in path[path.index(gate) + 1 :]
                if step != ref.owner and not analysis.effect(step, True)
            ]
            who = analysis.describe_clearer(cleared[0]) if cleared else "an agent"
            why = (
                f"along {route}, {who} after gate `{gate}` and the runtime then clears "
                "the one-shot human_response"
            )
        elif len(path) == 1:
            why = "it is the start node, so no human gate has run yet"
        else:
            why = f"along {route} no human gate has run yet"
        fix = None
        if len(preceding) == 1:
            replacement = f"${{ctx.node.{preceding[0]}.human_response}}"
            fix = Fix(f"read `{replacement}` instead", (Edit(ref.span, replacement),), safe=False)
        yield context.finding(
            "DC107",
            ref.span,
            f"`{ref.text}` can be empty when `{ref.owner}` reads it: {why}"
            + (
                f"; read `${{ctx.node.{preceding[0]}.human_response}}`"
                if len(preceding) == 1
                else ""
            ),
            fix=fix,
        )


@rule(
    "DC109",
    "stale-loop-key",
    Severity.WARNING,
    summary="A condition reads a key that one way around a loop leaves over from the previous "
    "iteration.",
    rationale=(
        "A loop restart clears completion and retry counts, never the context "
        "(docs/runtime/failures.md#loop-restarts), and only `outcome`, `preferred_label` and "
        "`suggested_next_nodes` are reset before a node runs "
        "(docs/runtime/edge-selection.md#the-main-loop). A node on the loop "
        "writes the key each time round, so the condition expects this iteration's value; "
        "but along another way around the loop no node writes it (a tool's `tool_stdout`, "
        "a `writes:` key, `human_response`, `node.X.*`), and there the condition routes on "
        "the previous iteration's value — typically taking the same branch again and again "
        "until the restart budget runs out. Keys written only before the loop are not "
        "reported: those keep their value on purpose. A warning: the run goes on, down a "
        "branch the author did not mean for this iteration."
    ),
    example=(
        "tool Test\n  command: make test\nagent Judge\n  prompt: Judge the work.\n"
        "edges\n  Test -> Judge\n  Judge -> Fix when ctx.tool_stdout contains FAIL\n"
        "  Judge -> Done\n  Fix -> Test\n  Fix -> Judge when ctx.outcome = fail\n"
        "# Fix -> Judge comes back without running Test: Judge reads the old test output"
    ),
    fix="Route the loop through a node that writes the key again (or resets it), or route "
    "on a key every iteration writes (for a marker an agent sets only on some runs, put an "
    "edge on `ctx.outcome` before the one that reads it).",
    formats=("dip", "dot"),
)
def stale_loop_key(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect is not Dialect.TRACKER or typed_outputs.applies(workflow):
        return  # other runtimes clear or scope their loop context differently
    nodes = workflow.node_map
    for item in LoopReads(workflow, context.flow).findings:
        reader, key = item.ref.owner, item.key
        route = " → ".join(item.loop)
        # the writers worth naming: the reader itself first, then the others (at most three)
        writers = sorted(item.writers, key=lambda name: name != reader)
        shown = ", ".join(f"`{name}`" for name in writers[:3])
        if len(writers) > 3:
            shown += f" and {len(writers) - 3} more"
        related = [
            Related(nodes[step].id_span, f"loop: `{step}` does not rewrite `{key}`")
            for step in dict.fromkeys(item.loop[1:-1])
            if step in nodes
        ]
        for name in writers[:3]:
            sticky = name in item.sometimes
            note = f"writes `{key}` only {_when(key)}" if sticky else f"writes `{key}`"
            related.append(Related(nodes[name].id_span, note))
        if len(item.sometimes) == len(item.writers):  # nothing on the loop writes it each time
            why = (
                f"which {shown} write{'s' if len(writers) == 1 else ''} only {_when(key)}, "
                "leaving the previous value otherwise (pipeline/handlers/codergen.go); nothing "
                f"on the loop {route} resets it, so an iteration that does not write it routes "
                "on the value an earlier one left"
            )
        else:
            why = (
                f"which {shown} write{'s' if len(writers) == 1 else ''} inside the loop, but "
                f"the loop {route} runs `{reader}` again without rewriting it, so that "
                "iteration routes on the previous one's value"
            )
        yield context.finding(
            "DC109",
            item.ref.span,
            f"the condition on `{reader} -> {item.edge.target.value}` reads `{key}`, {why} "
            "(a restart keeps the context, docs/runtime/failures.md#loop-restarts)",
            related=tuple(related),
        )


def _when(key: str) -> str:
    return WHEN_WRITTEN.get(key.rsplit(".", 1)[-1], "on some runs")
