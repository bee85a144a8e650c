"""What each leaf handler does with a node and the world's :class:`Choice`
(docs/runtime/edge-selection.md#outcomes-by-node-kind, docs/runtime/context.md#declared-writes,
docs/runtime/context.md#human_response-is-one-shot).

A handler returns an :class:`Outcome`: the status, the context keys it writes, the preferred
label and suggested nodes, or a handler error (which ends the run). Parallel, fan-in, subgraph
and manager-loop nodes run other nodes and live in :mod:`dipcheck.simulate.composite`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from dipcheck.analysis.routing import routing_key
from dipcheck.analysis.runtime import TOOL_SAFE_KEYS, Handler
from dipcheck.gore import PatternError, compile_go
from dipcheck.records import field, record
from dipcheck.references import list_items, placeholders
from dipcheck.simulate.expand import expand, expand_graph_variables
from dipcheck.simulate.graph import RunGraph, node_attr
from dipcheck.simulate.world import Choice

if TYPE_CHECKING:
    from dipcheck.simulate.trace import Step

YES_NO = ("Yes", "No")
FREEFORM_AUTO_TEXT = "auto-approved"  # what tracker's auto-approve types when a gate has no labels


@record
class Outcome:
    status: str  # success | fail | retry
    updates: dict[str, str] = field(default_factory=dict)
    preferred: str = ""
    suggested: tuple[str, ...] = ()
    error: str | None = None  # a handler error: the run fails (§5.1 step 4)
    limit: str | None = None  # the dry run stopped here (a budget of the simulator's)
    notes: list[str] = field(default_factory=list)
    nested: list[Step] = field(default_factory=list)
    override_ok: bool = False  # a human answered: an override edge taken now counts (§5.5)
    child_overridden: bool = False


def placeholder(node: str, key: str) -> str:
    return f"<{node}.{key}>"


def declared_writes(graph: RunGraph, node_id: str) -> list[str]:
    item = graph.nodes[node_id].get("writes")
    return [entry.value for entry in list_items(item.value)] if item is not None else []


def _apply_writes(
    graph: RunGraph, node_id: str, path: str, choice: Choice, outcome: Outcome
) -> None:
    given = dict(choice.writes)
    for key in declared_writes(graph, node_id):
        outcome.updates[key] = given.pop(key, placeholder(path, key))
    outcome.updates.update(given)


def codergen(graph: RunGraph, node_id: str, path: str, ctx: Mapping[str, str], choice: Choice):
    if graph.format != "yaml" and not graph.nodes[node_id].value("prompt").strip():
        return Outcome(
            "fail",
            error=f"node {node_id!r} missing required attribute 'prompt' "
            "(docs/runtime/failures.md#failures-only-a-run-meets)",
        )
    status = choice.outcome or "success"
    outcome = Outcome(status)
    response = placeholder(path, "response")
    outcome.updates["last_response"] = response
    outcome.updates[f"response.{node_id}"] = response
    if status == "success":
        _apply_writes(graph, node_id, path, choice, outcome)
    if graph.attr(node_id, "auto_status").lower() == "true":
        outcome.notes.append(f"auto_status: the status comes from a `STATUS: {status}` line")
    if ctx.get("human_response"):
        # one-shot: the first codergen node to run while it is set clears it (§5.8)
        outcome.updates["human_response"] = ""
    return outcome


_ROUTE_LINE = re.compile(r"^_TRACKER_ROUTE=(.*)$", re.MULTILINE)


def tool(graph: RunGraph, node_id: str, path: str, ctx: Mapping[str, str], choice: Choice):
    problem = command_problem(graph, node_id, ctx) if graph.format != "yaml" else None
    if problem is not None:
        return Outcome("fail", error=problem)
    if choice.exit_code is not None:
        exit_code = choice.exit_code
    else:
        exit_code = 1 if choice.outcome == "fail" else 0
    stdout = (choice.stdout or "").rstrip()
    outcome = Outcome("success" if exit_code == 0 else "fail")
    if graph.format == "yaml" and choice.outcome:
        outcome.status = choice.outcome  # a step's result is whatever it reports
    outcome.updates["tool_stdout"] = stdout
    outcome.updates["tool_stderr"] = choice.stderr.rstrip()
    if exit_code != 0:
        outcome.notes.append(
            f"exit code {exit_code}: status fail (docs/runtime/tools.md#tool-outcomes)"
        )
    pattern = graph.attr(node_id, "marker_grep")
    if pattern:
        marker, problem = find_marker(pattern, stdout)
        if choice.marker is not None:
            marker = choice.marker
        if marker is None:
            outcome.status = "fail"
            outcome.updates["tool_marker_error"] = problem
            outcome.notes.append(
                f"marker_grep {pattern!r}: {problem}: status fail "
                "(docs/runtime/tools.md#tool-outcomes)"
            )
        else:
            outcome.updates["tool_marker"] = marker
            outcome.notes.append(f"marker_grep {pattern!r} matched: tool_marker={marker!r}")
    routes = _ROUTE_LINE.findall(stdout)
    if routes:
        outcome.updates["tool_route"] = routes[-1].strip()
    elif graph.attr(node_id, "route_required").lower() == "true":
        outcome.status = "fail"
        outcome.notes.append("route_required and no `_TRACKER_ROUTE=` line: status fail")
    if outcome.status == "success":
        _apply_writes(graph, node_id, path, choice, outcome)
    return outcome


def command_text(graph: RunGraph, node_id: str) -> str:
    return graph.nodes[node_id].value("command") or graph.attr(node_id, "command")


def _command_facts(graph: RunGraph, node_id: str) -> tuple[str, dict[str, tuple[int, str]], bool]:
    """What the check of a tool command needs, read once per run (an exploration visits a tool
    node many times, and a long command was scanned and expanded at every visit): the command
    after the `$name` pass; for each context key that makes the expansion fail when it holds
    a value, the position and text of the first placeholder it makes fail, in the order of
    the placeholders; and whether the command can never expand to nothing (text
    outside the placeholders, or a `${nodot}` kept as written, always remains)."""
    text = expand_graph_variables(command_text(graph, node_id), graph.graph_values)
    failing: dict[str, tuple[int, str]] = {}
    outside: list[str] = []
    position = 0
    literal = False
    for index, item in enumerate(placeholders(text)):
        namespace, dot, key = item.inner.partition(".")
        literal = literal or not dot
        outside.append(text[position : item.start])
        position = item.end
        if namespace == "ctx" and key not in TOOL_SAFE_KEYS:
            failing.setdefault(key, (index, f"${{ctx.{key}}}"))
        elif namespace == "inputs":
            failing.setdefault(f"inputs.{key}", (index, f"${{inputs.{key}}}"))
    outside.append(text[position:])
    return text, failing, literal or bool("".join(outside).strip())


def command_problem(graph: RunGraph, node_id: str, ctx: Mapping[str, str]) -> str | None:
    """The handler error tracker raises while expanding a tool command
    (docs/runtime/tools.md#keys-a-command-may-use): a `${ctx.K}`
    outside the four safe keys, or any `${inputs.K}`, whose key holds a value; or a command
    that expands to nothing."""
    commands = graph.memo.setdefault("commands", {})  # read once per node, not per visit
    facts = commands.get(node_id)
    if facts is None:
        facts = commands[node_id] = _command_facts(graph, node_id)
    text, failing, never_empty = facts
    if len(failing) <= len(ctx):
        found = next((key for key in failing if key in ctx), None)
    else:  # (the first failing placeholder among the keys that hold a value)
        present = [key for key in ctx if key in failing]
        found = min(present, key=lambda key: failing[key][0]) if present else None
    if found is not None:
        written = failing[found][1]
        source = "LLM/tool output" if written.startswith("${ctx.") else "caller-supplied inputs"
        return (
            f"node {node_id!r} tool_command variable expansion failed: tool_command "
            f"references unsafe variable {written} — {source} cannot be interpolated into "
            "shell commands (docs/runtime/tools.md#keys-a-command-may-use)"
        )
    if not never_empty and not expand(text, ctx, graph.graph_values).strip():
        return (
            f"node {node_id!r} tool_command expanded to empty — check that all ${{...}} "
            "references resolve (docs/runtime/tools.md#keys-a-command-may-use)"
        )
    return None


def find_marker(pattern: str, stdout: str) -> tuple[str | None, str]:
    """``tool_marker`` from the first stdout line the regex matches: its first capture group
    when it has one, else the match [inferred from `examples/posix-tool-command.dip`, whose
    `^workspace-(ready|missing)$` is routed on `tool_marker = ready`]."""
    try:
        regex = compile_go(pattern)  # RE2, as Go: linear in the text, whatever the pattern
    except PatternError as error:
        return None, f"invalid regex: {error}"
    for line in stdout.split("\n"):
        match = regex.search(line)
        if match:
            if regex.groups and match.group(1) is not None:
                return match.group(1), ""
            return match.group(0), ""
    return None, "no stdout line matches"


def human(graph: RunGraph, node_id: str, path: str, ctx: Mapping[str, str], choice: Choice):
    mode = graph.human_mode(node_id)
    if mode == "yes_no":
        return _yes_no(choice)
    if mode == "freeform":
        return _freeform(graph, node_id, choice)
    if mode == "interview":
        return _interview(graph, node_id, choice)
    return _choose(graph, node_id, choice)


def _yes_no(choice: Choice) -> Outcome:
    answer = "Yes"
    why = "auto-approve answers Yes (docs/runtime/edge-selection.md#answers-without-a-person)"
    if choice.label is not None:
        answer = "No" if choice.label.strip().lower() == "no" else "Yes"
        why = choice.why or "the scenario's answer"
    outcome = Outcome("success" if answer == "Yes" else "fail", preferred=answer, override_ok=True)
    outcome.notes.append(
        f"answered {answer} ({why}): status {outcome.status}, preferred label {answer!r} "
        "(docs/runtime/edge-selection.md#choosing-an-edge)"
    )
    return outcome


def _choose(graph: RunGraph, node_id: str, choice: Choice) -> Outcome:
    edges = graph.edges_from(node_id)
    if not edges:
        return Outcome(
            "fail",
            error=f"human gate node {node_id!r} has no outgoing edges to derive choices from",
        )
    options = [(edge.label or edge.target.value, routing_key(edge)) for edge in edges]
    default = node_attr(graph.nodes[node_id], "default")
    if choice.label is not None:
        selected, why = choice.label, choice.why or "the scenario's choice"
    elif default:
        selected, why = default, "auto-approve takes the gate's `default:` "
        "(docs/runtime/edge-selection.md#answers-without-a-person)"
    else:
        selected, why = options[0][0], "auto-approve takes the first label "
        "(docs/runtime/edge-selection.md#answers-without-a-person)"
    preferred = next((key for label, key in options if label == selected), selected)
    outcome = Outcome("success", preferred=preferred, override_ok=True)
    mapped = f", choice key {preferred!r}" if preferred != selected else ""
    outcome.notes.append(
        f"chose {selected!r} ({why}){mapped}: preferred label "
        "(docs/runtime/edge-selection.md#choosing-an-edge)"
    )
    return outcome


def _freeform(graph: RunGraph, node_id: str, choice: Choice) -> Outcome:
    edges = graph.edges_from(node_id)
    labels = [edge.label for edge in edges if edge.label]
    if choice.text is not None or choice.label is not None:
        text = choice.text if choice.text is not None else choice.label or ""
        why = choice.why or "the scenario's text"
    elif labels:
        text, why = labels[0], "auto-approve takes the first label; `default:` is ignored "
        "(docs/runtime/edge-selection.md#answers-without-a-person)"
    else:
        text, why = FREEFORM_AUTO_TEXT, "auto-approve's canned answer (the gate has no labels)"
    outcome = Outcome("success", updates={"human_response": text}, override_ok=True)
    normal = text.strip().lower()
    for edge in edges:
        if normal and normal in {edge.label.lower(), edge.choice.lower()} - {""}:
            outcome.preferred = routing_key(edge)
            break
    else:
        default = _bare_default(graph, node_id)
        if default and default.lower() == normal:
            outcome.preferred = default
    shown = f", preferred label {outcome.preferred!r}" if outcome.preferred else ", no label"
    outcome.notes.append(
        f"typed {text!r} ({why}){shown} (docs/runtime/edge-selection.md#choosing-an-edge)"
    )
    return outcome


def _bare_default(graph: RunGraph, node_id: str) -> str:
    """The node's bare `default` attribute, the only default a freeform gate compares its
    text with (`pipeline/handlers/human.go`, `matchFreeformLabel`): in DOT an attribute of
    that name; a `.dip` gate has none, since dippin's adapter passes `default:` on as
    `default_choice`, which only choice mode reads (docs/runtime/loading.md). The DOT
    front-end stores both DOT spellings as the field `default`: the name written tells."""
    if graph.format == "dip":
        return ""
    for item in reversed(graph.nodes[node_id].fields):
        if item.key == "default" and item.key_span.text.strip('"') == "default":
            return item.text.strip()
    return ""


def _interview(graph: RunGraph, node_id: str, choice: Choice) -> Outcome:
    status = choice.outcome or "success"
    key = node_attr(graph.nodes[node_id], "answers_key") or "interview_answers"
    outcome = Outcome(status, override_ok=True)
    if status == "success":
        outcome.updates[key] = placeholder(node_id, key)
        outcome.updates["human_response"] = placeholder(node_id, "interview summary")
        outcome.notes.append(
            f"interview answered: {key} and human_response written "
            "(docs/runtime/edge-selection.md#choosing-an-edge)"
        )
    else:
        outcome.notes.append(
            "interview cancelled: status fail (docs/runtime/edge-selection.md#choosing-an-edge)"
        )
    return outcome


def passthrough(graph: RunGraph, node_id: str, path: str, ctx: Mapping[str, str], choice: Choice):
    return Outcome("success")


def conditional(graph: RunGraph, node_id: str, path: str, ctx: Mapping[str, str], choice: Choice):
    outcome = Outcome("success")
    outcome.notes.append(
        "a conditional node always reports success "
        "(docs/runtime/edge-selection.md#choosing-an-edge)"
    )
    return outcome


LEAF = {
    Handler.CODERGEN: codergen,
    Handler.TOOL: tool,
    Handler.HUMAN: human,
    Handler.START: passthrough,
    Handler.EXIT: passthrough,
    Handler.CONDITIONAL: conditional,
}


def producible(graph: RunGraph, node_id: str) -> tuple[str, ...]:
    """The statuses a node's handler can return (what a scenario may ask for)."""
    handler = graph.handler(node_id)
    if graph.format == "yaml":
        return ("success", "fail", *_yaml_results(graph, node_id))
    if handler is Handler.CODERGEN:
        return ("success", "fail", "retry")
    if handler is Handler.TOOL:
        return ("success", "fail")
    if handler is Handler.HUMAN:
        mode = graph.human_mode(node_id)
        return ("success", "fail") if mode in ("yes_no", "interview") else ("success",)
    if handler in (Handler.START, Handler.EXIT, Handler.CONDITIONAL):
        return ("success",)
    return ("success", "fail")


def _yaml_results(graph: RunGraph, node_id: str) -> list[str]:
    """A step's results its `conditions:` route on (`on_result: R` is `outcome = R`)."""
    results: list[str] = []
    for edge in graph.edges_from(node_id):
        text = graph.condition_text(edge)
        if text.startswith("outcome = "):
            value = text[len("outcome = ") :].strip().strip('"')
            if value not in ("success", "fail") and value not in results:
                results.append(value)
    return results
