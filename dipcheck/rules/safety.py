"""DC201 to DC206, DC215 and DIP157: what may reach a shell command, and what `writes:` may name.

tracker refuses (fails the whole run) when a tool command interpolates a context key outside
its four-key allowlist and that key holds a value, or any ``${inputs.*}``; it fails a node
whose ``writes:`` names a reserved key; it silently ignores ``writes:`` on handlers that do
not apply them (docs/runtime/tools.md#keys-a-command-may-use,
docs/runtime/context.md#declared-writes).
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.analysis import runtime
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Field, NodeKind, Reference, RefKind, Workflow
from dipcheck.references import ListItem, list_items
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

COMMAND_ATTRIBUTES = frozenset({"command", "command_file"})
PROMPT_ATTRIBUTES = frozenset(
    {"prompt", "prompt_file", "system_prompt", "system_prompt_file", "command", "command_file"}
)
SAFE_KEYS_TEXT = ", ".join(sorted(runtime.TOOL_SAFE_KEYS))


def command_references(workflow: Workflow) -> Iterator[Reference]:
    """References inside tool commands (inline or from `command_file`)."""
    nodes = workflow.node_map
    for ref in workflow.references:
        node = nodes.get(ref.owner)
        if node is not None and node.kind is NodeKind.TOOL and ref.attribute in COMMAND_ATTRIBUTES:
            yield ref


def declared_writes(workflow: Workflow) -> Iterator[tuple[str, ListItem]]:
    """Each entry of each node's ``writes:``, with the node's id (listed once per workflow:
    four rules ask)."""
    return iter(workflow.derived("declared_writes", lambda: list(_declared_writes(workflow))))


def _declared_writes(workflow: Workflow) -> Iterator[tuple[str, ListItem]]:
    for node in workflow.nodes:
        writes = node.get("writes")
        if writes is not None:
            for item in runtime.entries(writes, workflow):
                yield node.id, item


@rule(
    "DC201",
    "unsafe-tool-command-key",
    Severity.ERROR,
    summary="A tool command interpolates a context key outside tracker's safe allowlist.",
    rationale=(
        "LLM and tool output must not be spliced into a shell command. tracker allows only "
        f"{SAFE_KEYS_TEXT} (plus the `graph.*` and `params.*` namespaces) in a tool command; "
        "any other `${ctx.K}` makes the node fail — and with it the whole run — as soon as the "
        "key holds a value. That includes `${ctx.last_response}`, `${ctx.tool_stdout}`, "
        "`${ctx.node.X.*}` and even `${ctx.graph.goal}`. (dippin's DIP124 says any "
        "`${ctx.*}` in a command expands to empty, which is no longer true; it is off by "
        "default and this rule and DC202 report those spans.)"
    ),
    example='tool Apply\n  command:\n    git commit -m "${ctx.last_response}"',
    fix="Write the value to a file in an earlier node (an agent can write files; a tool can "
    "redirect output), then read the file in the command, e.g. "
    "`git commit -F .ai/commit-message.txt`; tools also get `$TRACKER_RUN_DIR`.",
)
def unsafe_tool_key(context: Context) -> Iterator[Diagnostic]:
    flow = context.flow
    for ref in command_references(context.workflow):
        if ref.namespace != "ctx":
            continue
        key = ref.key if ref.kind is RefKind.CTX else f"node.{ref.node}.{ref.key}"
        if ref.kind is RefKind.CTX and key in runtime.TOOL_SAFE_KEYS:
            continue
        if (
            ref.kind is RefKind.CTX
            and not runtime.is_ambient(key)
            and key not in flow.producers
            and ref.owner not in flow.opaque_reach
        ):
            continue  # nothing writes it, so it expands to "": DC102 owns this span
        yield context.finding(
            "DC201",
            ref.span,
            f"tool `{ref.owner}` interpolates `{ref.text}` into its shell command: `{key}` is not "
            f"one of the keys tracker allows there ({SAFE_KEYS_TEXT}), so the run fails "
            "whenever the key holds a value — and if it did not, LLM or tool output would be "
            "executed by the shell",
        )


@rule(
    "DIP157",
    "inputs-in-tool-command",
    Severity.ERROR,
    summary="`${inputs.X}` inside a tool command.",
    rationale=(
        "Workflow inputs are caller-supplied and untrusted by construction: tracker blocks the "
        "whole `inputs.*` namespace in tool commands and fails the run when the input has a "
        "value. File inputs are staged at `.tracker/inputs/<name>`; read that path instead."
    ),
    example="inputs\n  spec: file\n…\ntool Setup\n  command: cp ${inputs.spec} SPEC.md",
    fix="Read the staged file (`.tracker/inputs/<name>`) or write the value to a file in an "
    "earlier node; never interpolate the input.",
)
def inputs_in_command(context: Context) -> Iterator[Diagnostic]:
    declared = {item.name.value: item.type.value for item in context.workflow.inputs}
    for ref in command_references(context.workflow):
        if ref.kind is not RefKind.INPUTS:
            continue
        kind = declared.get(ref.key)
        if kind == "secret":
            extra = "; it is a secret, which must never appear on a command line"
        elif kind == "file":
            extra = f"; the file is staged at `.tracker/inputs/{ref.key}`: read that path"
        else:
            extra = ""
        yield context.finding(
            "DIP157",
            ref.span,
            f"tool `{ref.owner}` interpolates `{ref.text}` into its shell command: inputs are "
            f"untrusted and tracker refuses them in tool commands{extra}",
        )


@rule(
    "DC202",
    "always-empty-key",
    Severity.WARNING,
    summary="`${ctx.outcome}` or `${ctx.preferred_label}` in a prompt or command.",
    rationale=(
        "The engine resets `outcome` and `preferred_label` to an empty string before every "
        "node runs; only the conditions on the node's outgoing edges see the new values. In a "
        "prompt or a command they always expand to nothing. (In a command this rule, not "
        "dippin's DIP124, reports them.)"
    ),
    example="agent Report\n  prompt: The previous step ended with ${ctx.outcome}.",
    fix="Route on the outcome with edge conditions instead, or have the earlier node write "
    "the information to a key of its own.",
)
def always_empty(context: Context) -> Iterator[Diagnostic]:
    for ref in context.workflow.references:
        if (
            ref.kind is RefKind.CTX
            and ref.key in runtime.RESET_BEFORE_NODE
            and ref.attribute in PROMPT_ATTRIBUTES
        ):
            yield context.finding(
                "DC202",
                ref.span,
                f"`{ref.text}` is always empty here: the engine resets `{ref.key}` before "
                f"`{ref.owner}` runs; only the conditions on its outgoing edges see the new value",
            )


@rule(
    "DC203",
    "reserved-writes-key",
    Severity.ERROR,
    summary="`writes:` or `answers_key` names a key the runtime reserves.",
    rationale=(
        "tracker rejects declared writes into the tool-command safe keys, the writes signal "
        "keys, the marker keys, the route sentinel and the `inputs.*` namespace, and fails the "
        "node at run time (`pipeline/handlers/declared_writes.go`). The check runs only where "
        "writes are applied (agents, tools, interview gates), so a `writes:` on another node "
        "is DC205's finding, not this one. (`answers_key: interview_answers` is the default "
        "and is not reported.)"
    ),
    example="agent Classify\n  prompt: Classify.\n  writes: outcome",
    fix="Choose another key name (e.g. `classification`) and route on it.",
)
def reserved_writes(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for owner, item in declared_writes(workflow):
        node = workflow.node(owner)
        if node is None or not runtime.applies_writes(node, workflow):
            continue  # the declaration is never applied, so never refused (DC205)
        key = item.value
        if key in runtime.RESERVED_WRITES or key.startswith(runtime.RESERVED_WRITES_PREFIX):
            yield context.finding(
                "DC203",
                item.span,
                f"`{owner}` declares `writes: {key}`, a key tracker reserves; the node fails "
                "with a writes_error at run time",
            )
    for node in context.workflow.nodes:
        answers = node.get("answers_key")
        if answers is None:
            continue
        key = answers.text.strip()
        if key == "interview_answers":
            continue
        if key in runtime.RESERVED_WRITES or key.startswith(runtime.RESERVED_WRITES_PREFIX):
            yield context.finding(
                "DC203",
                answers.value_span,
                f"`answers_key: {key}` makes the interview overwrite a key the runtime "
                "reserves (tracker does not check this; the next node sees the answers JSON)",
            )


def _command_namespace_reads(workflow: Workflow) -> dict[str, list[Reference]]:
    """Context keys that tool commands read through `${graph.*}` / `${params.*}`: in tool
    mode tracker resolves those from the context keys `graph.K` and `graph.params.K`."""
    table: dict[str, list[Reference]] = {}
    for ref in command_references(workflow):
        if ref.kind is RefKind.GRAPH:
            table.setdefault(f"graph.{ref.key}", []).append(ref)
        elif ref.kind is RefKind.PARAMS:
            table.setdefault(f"graph.params.{ref.key}", []).append(ref)
    return table


@rule(
    "DC204",
    "writes-into-trusted-namespace",
    Severity.WARNING,
    summary="`writes:` names a key in a namespace the runtime or the author owns.",
    rationale=(
        "`graph.`, `params.`, `node.`, `steer.`, `stack.`, `parallel.`, `internal.` and `_` "
        "keys are written by the engine or come from the workflow itself, and tool commands "
        "treat `${graph.*}`/`${params.*}` as trusted. An agent that writes `graph.params.x` "
        "puts LLM text into every later `${params.x}` in a shell command — that case is "
        "reported as an error."
    ),
    example="agent Plan\n  writes: graph.params.branch\n…\ntool Push\n  command: git push "
    "origin ${params.branch}",
    fix="Write to a plain key (e.g. `branch_name`) and read it where it is safe.",
)
def trusted_namespace(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    reads = _command_namespace_reads(workflow)
    for owner, item in declared_writes(workflow):
        key = item.value
        if not key.startswith(runtime.TRUSTED_NAMESPACES):
            continue
        node = workflow.node_map.get(owner)
        sinks = reads.get(key, [])
        llm = node is not None and runtime.handler_of(node, workflow) is runtime.Handler.CODERGEN
        if llm and sinks:
            yield context.finding(
                "DC204",
                item.span,
                f"agent `{owner}` writes `{key}`, and tool command(s) interpolate it as "
                f"{', '.join(f'`{ref.text}` in `{ref.owner}`' for ref in sinks)}: LLM output "
                "would reach a shell",
                related=tuple(
                    Related(ref.span, "interpolated into a shell command here") for ref in sinks
                ),
            ).with_severity(Severity.ERROR)
            continue
        namespace = key.split(".", 1)[0] + "." if "." in key else "_"
        yield context.finding(
            "DC204",
            item.span,
            f"`{owner}` writes `{key}` into the `{namespace}` namespace, which the runtime or "
            "the workflow owns; use a plain key",
        )


@rule(
    "DC205",
    "writes-ignored",
    Severity.WARNING,
    summary="`writes:` on a node whose handler never applies it.",
    rationale=(
        "Only agents, tools and interview-mode human gates extract declared writes from their "
        "output (`pipeline/handlers/declared_writes.go`). On other nodes the declaration does "
        "nothing at run time — yet tracker's validator still counts it as a producer, hiding "
        "a real missing-key problem. Declaring a key the node writes itself (a gate's "
        "`human_response`) is harmless and reported as info. A subgraph or manager-loop node "
        "is different: its "
        "child's whole final context is merged into the workflow (`pipeline/subgraph.go`, "
        "docs/runtime/subgraphs.md#what-comes-back), so `writes:` there documents what the child "
        "returns; it is "
        "reported only for a key the child (or its own children) never writes, and not at "
        "all when the child cannot be read."
    ),
    example="human Approve\n  mode: choice\n  writes: approval",
    fix="Move the `writes:` to the agent or tool that produces the value, or use "
    "`mode: interview` with `answers_key`.",
)
def writes_ignored(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in workflow.nodes:
        writes = node.get("writes")
        if writes is None or runtime.applies_writes(node, workflow):
            continue
        handler = runtime.handler_of(node, workflow)
        if handler in runtime.OPAQUE_HANDLERS:
            yield from _child_writes(context, node.id, writes)
            continue
        if handler is runtime.Handler.HUMAN:
            why = (
                f"human gates apply `writes:` only in `mode: interview` (this one is "
                f"`{node.value('mode').strip() or 'choice'}`)"
            )
        elif handler in (runtime.Handler.START, runtime.Handler.EXIT):
            why = (
                f"`{node.id}` has no prompt, so it runs as the passthrough `{handler.value}` "
                "handler"
            )
        else:
            why = f"the `{handler.value}` handler never applies `writes:`"
        keys = [item.value for item in runtime.entries(writes, workflow)]
        own = runtime.possible_keys(node, workflow, frozenset()) or frozenset()
        if keys and all(key in own for key in keys):
            # harmless: the handler writes these keys itself (a gate's `human_response`)
            named = ", ".join(f"`{key}`" for key in keys)
            yield context.finding(
                "DC205",
                writes.key_span,
                f"`writes:` on `{node.id}` is ignored at run time: {why}; the node sets "
                f"{named} itself, so the declaration only documents it",
            ).with_severity(Severity.INFO)
            continue
        yield context.finding(
            "DC205",
            writes.key_span,
            f"`writes:` on `{node.id}` is ignored at run time: {why}",
        )


# Human gates whose answer is text the person typed (human.go: freeform stores the reply in
# `human_response`; interview stores a summary there and the answers JSON in `answers_key`,
# `interview_answers` by default). Choice and yes/no gates set only `preferred_label`.
_TYPED_TEXT_KEYS = {"freeform": ("human_response",), "interview": ("human_response",)}


def _typed_text_gates(workflow: Workflow) -> dict[str, list[str]]:
    """Context key → the human gates that store typed text in it."""
    gates: dict[str, list[str]] = {}
    for node in runtime.nodes_run_by(workflow, runtime.Handler.HUMAN):
        mode = node.value("mode").strip()
        keys = list(_TYPED_TEXT_KEYS.get(mode, ()))
        if mode == "interview" and node.value("answers_key").strip() in ("", "interview_answers"):
            keys.append("interview_answers")
        for key in keys:
            gates.setdefault(key, []).append(node.id)
    return gates


@rule(
    "DC215",
    "typed-text-in-command",
    Severity.WARNING,
    summary="A tool command interpolates what a person typed at a freeform or interview gate.",
    rationale=(
        "`human_response` and `interview_answers` are on tracker's tool-command allowlist "
        "(docs/runtime/tools.md#keys-a-command-may-use), so tracker pastes their value into the "
        "command text "
        "before the shell parses it. After a `mode: freeform` gate `human_response` is "
        "whatever the person typed, and after a `mode: interview` gate it is a summary of "
        "the answers (`pipeline/handlers/human.go`): a quote in that text ends the quoted "
        "word it sits in, and `$(...)` or a backtick in it runs as a command. Choice and "
        "yes/no gates are not reported: they set only the chosen label."
    ),
    example=(
        "human DescribeGoal\n  mode: freeform\ntool SaveGoal\n  command:\n"
        "    printf '%s\\n' \"${ctx.human_response}\" > goal.txt"
    ),
    fix="Hand the text to an agent instead (`${ctx.node.DescribeGoal.human_response}` in its "
    "prompt) and let the agent write whatever file the command needs; a shell command cannot "
    "quote arbitrary text that is pasted into it.",
)
def typed_text_in_command(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    gates = _typed_text_gates(workflow)
    if not gates:
        return
    for ref in command_references(workflow):
        if ref.kind is not RefKind.CTX or ref.key not in gates:
            continue
        sources = [gate for gate in gates[ref.key] if ref.owner in context.graph.reachable((gate,))]
        if not sources:
            continue
        gate = sources[0]
        mode = workflow.node_map[gate].value("mode").strip()
        yield context.finding(
            "DC215",
            ref.span,
            f"tool `{ref.owner}` pastes `{ref.text}` into its shell command: after the "
            f"`{mode}` gate `{gate}` it holds text a person typed, and tracker inserts it "
            "before the shell parses the command, so a quote in it breaks the command and "
            "`$(...)` or a backtick runs",
        )


def _child_writes(context: Context, node_id: str, writes: Field) -> Iterator[Diagnostic]:
    """DC205 on a subgraph or manager loop: the declared keys its child never writes."""
    exported: set[str] = set()
    names: list[str] = []
    for link in context.links:
        if link.chain[0][0].id != node_id:
            continue
        child = link.child.workflow
        if child is None:
            return  # a child we cannot read may write anything
        if link.depth == 1:
            names.append(link.chain[0][1].text.strip())
        exported.update(item.value for _, item in declared_writes(child))
        exported.update(
            node.value("answers_key").strip()
            for node in child.nodes
            if node.value("answers_key").strip()
        )
    if not names:
        return
    for item in list_items(writes.value):
        if item.value in exported or runtime.is_ambient(item.value):
            continue
        yield context.finding(
            "DC205",
            item.span,
            f"`{node_id}` declares `writes: {item.value}`, but its child `{names[0]}` never "
            f"writes `{item.value}`: tracker merges the child's final context into this "
            "workflow, so the key arrives only if the child writes it",
        )


@rule(
    "DC206",
    "conflicting-parallel-writes",
    Severity.WARNING,
    summary="Two branches of one parallel block write the same key.",
    rationale=(
        "The fan_in merges the branches' updates in order and the later branch wins, so "
        "which value survives depends on branch order and on which branches succeeded."
    ),
    example="parallel Fork -> A, B\nagent A\n  writes: verdict\nagent B\n  writes: verdict",
    fix="Give each branch its own key (`verdict_a`, `verdict_b`) and combine them after the join.",
)
def conflicting_parallel(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    writes = {}
    for owner, item in declared_writes(workflow):
        writes.setdefault(owner, []).append(item)
    for node in workflow.nodes:
        if node.kind is not NodeKind.PARALLEL:
            continue
        first: dict[str, tuple[str, ListItem]] = {}
        for member in node.members:
            for item in writes.get(member.value, []):
                earlier = first.get(item.value)
                if earlier is None:
                    first[item.value] = (member.value, item)
                elif earlier[0] != member.value:
                    yield context.finding(
                        "DC206",
                        item.span,
                        f"branches `{earlier[0]}` and `{member.value}` of parallel `{node.id}` "
                        f"both write `{item.value}`; after the join the later branch's value "
                        "wins",
                        related=(Related(earlier[1].span, f"`{earlier[0]}` writes it here"),),
                    )
