"""dippin's tool-access and writable-paths lints: DIP139 to DIP142, DIP147, DIP148 and DIP163 to
DIP165. They apply to agents and to the branch overrides of block-form `parallel` nodes.
(DIP143 and DIP146, the subgraph-boundary checks, are cross-file: `dippin_crossfile`.)"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from dipcheck import integers
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Field, NodeKind, Workflow
from dipcheck.records import record
from dipcheck.references import ListItem, list_items
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

RE_ENABLING_PARAMS = ("allowed_tools", "disallowed_tools", "tool_choice", "permission_mode")
MODES = ("require", "prefer")


@record(frozen=True, slots=True)
class Holder:
    """An agent, or a parallel branch override: what carries tool-access settings."""

    what: str  # "agent `X`" or "branch `X` of parallel `P`"
    node: str  # the agent's id, or the branch's target
    fields: tuple[Field, ...]
    branch: bool

    def get(self, key: str) -> Field | None:
        for item in reversed(self.fields):
            if item.key == key:
                return item
        return None

    def value(self, key: str) -> str:
        item = self.get(key)
        return item.text if item is not None else ""


def holders(context: Context) -> Iterator[Holder]:
    """The agents and branch overrides, listed once per lint (nine rules ask; kept with the
    context, which forgets them when the rules are done)."""
    return iter(context.shared("access_holders", lambda: list(_holders(context.workflow))))


def _holders(workflow: Workflow) -> Iterator[Holder]:
    for node in workflow.nodes:
        if node.kind is NodeKind.AGENT:
            yield Holder(f"agent `{node.id}`", node.id, node.fields, False)
        for branch in node.branches:
            yield Holder(
                f"branch `{branch.target.value}` of parallel `{node.id}`",
                branch.target.value,
                branch.fields,
                True,
            )


def _access(holder: Holder) -> str:
    return holder.value("tool_access").strip().lower()


@rule(
    "DIP139",
    "invalid-tool-access",
    Severity.WARNING,
    summary="A `tool_access` value other than `none`.",
    rationale=(
        "`tool_access: none` runs the agent without tools; it is the only meaningful value. "
        "Anything else (a typo such as `nnoe`, or `read-only`) restricts nothing."
    ),
    example="agent Summarize\n  tool_access: read-only",
    fix="Write `tool_access: none`, or remove the field.",
    formats=("dip", "dot"),
)
def invalid_tool_access(context: Context) -> Iterator[Diagnostic]:
    for holder in holders(context):
        item = holder.get("tool_access")
        if item is not None and _access(holder) not in ("", "none"):
            yield context.finding(
                "DIP139",
                item.value_span,
                f"`tool_access: {item.text.strip()}` on {holder.what} restricts nothing: the "
                "only value is `none`",
            )


@rule(
    "DIP140",
    "params-re-enable-tools",
    Severity.WARNING,
    summary="An agent with `tool_access` whose `params:` set tool permissions again.",
    rationale=(
        "`params:` keys such as `allowed_tools` or `permission_mode` reach the agent backend "
        "and can hand back the tools `tool_access` took away."
    ),
    example="agent Summarize\n  tool_access: none\n  params:\n    allowed_tools: Bash",
    fix="Remove the params key, or drop `tool_access` if the agent needs the tools.",
    formats=("dip",),
)
def params_re_enable(context: Context) -> Iterator[Diagnostic]:
    for node in context.workflow.nodes:
        if node.kind is not NodeKind.AGENT or not node.value("tool_access").strip():
            continue
        params = node.get("params")
        for entry in params.children if params is not None else ():
            if entry.key in RE_ENABLING_PARAMS:
                yield context.finding(
                    "DIP140",
                    entry.key_span,
                    f"params key `{entry.key}` of agent `{node.id}` may re-enable the tools "
                    f"that `tool_access: {node.value('tool_access').strip()}` removes",
                )


@rule(
    "DIP141",
    "dead-writable-paths",
    Severity.INFO,
    summary="`writable_paths` on an agent or branch that has `tool_access: none`.",
    rationale="Without tools the agent writes no files, so the list of writable paths is dead "
    "configuration that suggests a capability the agent does not have.",
    example="agent Summarize\n  tool_access: none\n  writable_paths: docs/**",
    fix="Remove `writable_paths`, or `tool_access: none` if the agent must write.",
    formats=("dip", "dot"),
)
def dead_writable_paths(context: Context) -> Iterator[Diagnostic]:
    for holder in holders(context):
        item = holder.get("writable_paths")
        if item is None or not item.text.strip() or _access(holder) != "none":
            continue
        yield context.finding(
            "DIP141",
            item.key_span,
            f"`writable_paths` on {holder.what} is dead: it has `tool_access: none`",
        )


def unsafe_entry(entry: str) -> str:
    """Why a writable_paths glob is unsafe, or ``""``."""
    text = entry.strip()
    if text.startswith(("/", "~", "\\")) or (len(text) > 1 and text[1] == ":"):
        return "is absolute"
    cleaned = posixpath.normpath(text.replace("\\", "/"))
    if ".." in cleaned.split("/"):
        return "leaves the working directory (`..`)"
    if text.count("{") != text.count("}"):
        return "has unbalanced braces (a `{a,b}` brace list is split at its comma)"
    return ""


@rule(
    "DIP142",
    "unsafe-writable-path",
    Severity.WARNING,
    summary="A `writable_paths` entry that is absolute, leaves the tree or splits a brace list.",
    rationale=(
        "Writable paths are relative globs inside the working directory. An absolute path or "
        "a `..` escapes the jail; `{a,b}` is split at the comma of the list into two broken "
        "globs."
    ),
    example="agent Build\n  writable_paths: src/**, ../shared/**",
    fix="Use relative globs inside the working directory; list brace alternatives separately.",
    formats=("dip", "dot"),
)
def unsafe_writable_path(context: Context) -> Iterator[Diagnostic]:
    for holder in holders(context):
        item = holder.get("writable_paths")
        if item is None:
            continue
        for entry in list_items(item.value):
            why = unsafe_entry(entry.value)
            if why:
                yield context.finding(
                    "DIP142",
                    entry.span,
                    f"writable path `{entry.value}` of {holder.what} {why}",
                )


def _reads(workflow: Workflow, node_id: str) -> list[ListItem]:
    node = workflow.node(node_id)
    reads = node.get("reads") if node is not None else None
    return list_items(reads.value) if reads is not None else []


def _writes(workflow: Workflow, node_id: str) -> list[ListItem]:
    node = workflow.node(node_id)
    writes = node.get("writes") if node is not None else None
    return list_items(writes.value) if writes is not None else []


@rule(
    "DIP147",
    "tool-access-chain",
    Severity.HINT,
    summary="A tool-less agent's output (`writes:` → `reads:`) reaches an agent with tools.",
    rationale=(
        "An agent restricted with `tool_access: none` usually handles untrusted text. When a "
        "later agent that keeps its tools reads a key it wrote, that text can steer the tool "
        "user: the restriction is bypassed one step later. Only declared `writes:`/`reads:` "
        "keys are followed."
    ),
    example="agent ReadIssue\n  tool_access: none\n  writes: summary\nagent Fix\n  reads: summary",
    fix="Restrict the reader too, or have a tool validate the data in between.",
    formats=("dip", "dot"),
)
def tool_access_chain(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    restricted = {
        node.id
        for node in workflow.nodes
        if node.kind is NodeKind.AGENT and node.value("tool_access").strip().lower() == "none"
    }
    if not restricted:
        return
    order = context.graph.forward_order[0]
    upstream = context.graph.upstream(restricted)
    for sink in order:
        node = workflow.node(sink)
        if node is None or node.kind is not NodeKind.AGENT or node.value("tool_access").strip():
            continue
        reads = {item.value: item for item in _reads(workflow, sink)}
        if not reads:
            continue
        for source in upstream.above(sink):
            shared = [item for item in _writes(workflow, source) if item.value in reads]
            if not shared:
                continue
            key = shared[0].value
            yield context.finding(
                "DIP147",
                reads[key].span,
                f"agent `{sink}` keeps its tools and reads `{key}`, written by `{source}` "
                "which has `tool_access: none`: text from the restricted agent can steer "
                "this one's tools",
                related=(Related(shared[0].span, f"`{source}` writes it here"),),
            )


@rule(
    "DIP148",
    "negative-last-response-truncate",
    Severity.WARNING,
    summary="A negative `last_response_truncate`.",
    rationale="The value is a byte cap on `last_response`; a negative cap is a mistake.",
    example="agent Plan\n  last_response_truncate: -1",
    fix="Use a positive number of bytes, or remove the field.",
    formats=("dip", "dot"),
)
def negative_truncate(context: Context) -> Iterator[Diagnostic]:
    for holder in holders(context):
        item = holder.get("last_response_truncate")
        text = item.text.strip() if item is not None else ""
        number = integers.parse(text) if text.startswith("-") else None
        if item is not None and number is not None and number < 0:
            yield context.finding(
                "DIP148",
                item.value_span,
                f"`last_response_truncate: {text}` on {holder.what} is negative",
            )


@rule(
    "DIP163",
    "invalid-writable-paths-mode",
    Severity.WARNING,
    summary="A `writable_paths_mode` other than exactly `require` or `prefer`.",
    rationale="The mode decides whether the write jail is enforced; dippin compares it "
    "exactly (no trimming, no case folding) and refuses anything else.",
    example="agent Build\n  writable_paths: src/**\n  writable_paths_mode: Require",
    fix="Write `require` (enforce the jail) or `prefer` (use it when the host supports it).",
    formats=("dip",),
)
def invalid_mode(context: Context) -> Iterator[Diagnostic]:
    for holder in holders(context):
        item = holder.get("writable_paths_mode")
        if item is not None and item.text and item.text not in MODES:
            yield context.finding(
                "DIP163",
                item.value_span,
                f"`writable_paths_mode: {item.text}` on {holder.what} is not `require` or `prefer`",
            )


def _scoped(context: Context, holder: Holder) -> bool:
    """Does something give ``holder``'s mode globs to apply to?"""
    if holder.value("writable_paths").strip():
        return True
    if holder.branch:
        target = context.workflow.node(holder.node)
        return target is not None and bool(target.value("writable_paths").strip())
    return any(
        other.branch and other.node == holder.node and other.value("writable_paths").strip()
        for other in holders(context)
    )


@rule(
    "DIP164",
    "writable-paths-mode-without-paths",
    Severity.HINT,
    summary="A `writable_paths_mode` with no `writable_paths` to apply to.",
    rationale=(
        "The mode says how to enforce the writable paths of the agent (or of the branch and "
        "its target agent). Without any paths there is nothing to enforce."
    ),
    example="agent Build\n  writable_paths_mode: require",
    fix="Add `writable_paths:`, or remove the mode.",
    formats=("dip",),
)
def mode_without_paths(context: Context) -> Iterator[Diagnostic]:
    for holder in holders(context):
        item = holder.get("writable_paths_mode")
        if item is None or not item.text.strip() or _scoped(context, holder):
            continue
        yield context.finding(
            "DIP164",
            item.span,
            f"`writable_paths_mode` on {holder.what} has no writable_paths to apply to",
        )


@rule(
    "DIP165",
    "writable-paths-prefer",
    Severity.HINT,
    summary="`writable_paths_mode: prefer` runs without the jail on hosts that lack it.",
    rationale="`prefer` enforces the writable paths only where the host supports Landlock ABI "
    "v3; elsewhere the agent runs unjailed, silently.",
    example="agent Build\n  writable_paths: src/**\n  writable_paths_mode: prefer",
    fix="Use `require` when the restriction matters.",
    formats=("dip",),
)
def mode_prefer(context: Context) -> Iterator[Diagnostic]:
    for holder in holders(context):
        item = holder.get("writable_paths_mode")
        if item is not None and item.text == "prefer":
            yield context.finding(
                "DIP165",
                item.value_span,
                f"{holder.what} runs without the write jail on hosts without Landlock ABI v3 "
                "(`writable_paths_mode: prefer`)",
            )
