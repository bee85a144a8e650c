"""DC330, DC334 and DC331: text in prompts and commands that tracker renders differently from how
it reads.

* tracker wraps a non-empty ``${ctx.tool_stdout}``/``${ctx.tool_stderr}`` (also
  ``${ctx.<…>.tool_stdout}``) in its own fenced block when it expands a prompt
  (``pipeline/expand.go``, docs/runtime/expansion.md#tool-output-in-prompts), so a fence the author
  wrote
  around it breaks (tracker's own examples were fixed for this, commit 2f633ea);
* ``$name`` is replaced only for graph attributes (``pipeline/transforms.go``
  ``GraphVarMap``: every context key ``graph.X`` gives ``$X``), and a workflow's ``vars``
  become the graph attributes ``params.<name>`` (``pipeline/dippin_adapter.go``), so ``$name``
  for a var stays as written — only ``$params.name`` and ``${params.name}`` are replaced.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from dipcheck.analysis import runtime
from dipcheck.analysis.markdown import Fence, fence_at
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity, delete_lines
from dipcheck.model import Node, Text
from dipcheck.references import placeholders
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

# -- DC330 -----------------------------------------------------------------------------------

# The fields tracker expands outside tool mode, by handler (codergen ResolvePrompt, human
# resolveHumanPrompt); `system_prompt` is never `${}`-expanded.
_RENDERED = {runtime.Handler.CODERGEN: ("prompt",), runtime.Handler.HUMAN: ("prompt", "label")}


# in every placeholder whose value tracker fences (a text without it needs no closer look)
_TOOL_OUTPUT = "tool_std"


def _fenced_key(inner: str) -> str:
    """``Stdout``/``Stderr`` when tracker fences the placeholder's value, else ``""``."""
    namespace, _, key = inner.partition(".")
    if namespace != "ctx":
        return ""
    if key == "tool_stdout" or key.endswith(".tool_stdout"):
        return "Stdout"
    if key == "tool_stderr" or key.endswith(".tool_stderr"):
        return "Stderr"
    return ""


def _rendered_texts(node: Node, handler: runtime.Handler) -> Iterator[Text]:
    for key in _RENDERED.get(handler, ()):
        located = node.text_field(key)
        if located is not None:
            yield located[1]


@rule(
    "DC330",
    "double-fenced-tool-output",
    Severity.WARNING,
    summary="`${ctx.tool_stdout}` (or `tool_stderr`) inside a code fence written in the prompt.",
    rationale=(
        "When tracker expands a prompt, a non-empty `${ctx.tool_stdout}`, `${ctx.tool_stderr}` "
        "or `${ctx.node.X.tool_stdout}` becomes a `## Tool Stdout` heading and a fenced "
        "```` ```text ```` block of its own (`pipeline/expand.go`, "
        "docs/runtime/expansion.md#tool-output-in-prompts). Inside a fence the author wrote, the "
        "inner opening line is plain text, "
        "the inner closing fence closes the author's block early, the output lands outside "
        "any code block and the author's closing fence opens a new block that runs to the end "
        "of the prompt. tracker removed such fences from its own examples (commit 2f633ea)."
    ),
    example=(
        "agent Verify\n  prompt:\n    Test output:\n    ```text\n    ${ctx.tool_stdout}\n    ```"
    ),
    fix="Remove the fence around the placeholder (offered as an unsafe fix when the fence "
    "holds nothing else).",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def double_fenced_output(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in workflow.nodes:
        handler = runtime.handler_of(node, workflow)
        for text in _rendered_texts(node, handler):
            value = text.value
            if _TOOL_OUTPUT not in value:
                continue  # (most prompts: no placeholder can be a tool output)
            for item in placeholders(value):
                stream = _fenced_key(item.inner.strip())
                fence = fence_at(value, item.start) if stream else None
                if fence is None:
                    continue
                opening = text.span(fence.open_start, fence.open_end)
                yield context.finding(
                    "DC330",
                    text.span(item.start, item.end),
                    f"`{value[item.start : item.end]}` sits inside a code fence, but tracker "
                    f"already renders a non-empty tool {stream.lower()} as a `## Tool {stream}` "
                    "heading and its own ```text fence: the inner fence closes "
                    "yours early and the output ends up outside any code block; remove the "
                    "fence around it",
                    related=(Related(opening, "the fence opens here"),),
                    fix=_unfence(text, fence),
                )


def _unfence(text: Text, fence: Fence) -> Fix | None:
    """Delete the fence lines when the block holds only placeholders tracker fences, and
    each fence line is a line of its own in the source."""
    value = text.value
    body = value[fence.body_start : fence.body_end]
    rest = body
    for item in placeholders(body):
        if _fenced_key(item.inner.strip()):
            rest = rest.replace(body[item.start : item.end], "")
    if rest.strip() or not fence.closed:
        return None
    opening = text.span(fence.open_start, fence.open_end)
    closing = text.span(fence.close_start, fence.close_end)
    source = opening.source
    if source.line_of(opening.start) == source.line_of(closing.start):
        return None
    return Fix(
        "remove the fence around it",
        (delete_lines(opening), delete_lines(closing)),
        safe=False,
    )


@rule(
    "DC334",
    "inline-tool-output",
    Severity.INFO,
    summary="`${ctx.tool_stdout}` (or `tool_stderr`) in the middle of a line of a prompt.",
    rationale=(
        "tracker renders a non-empty `${ctx.tool_stdout}`, `${ctx.tool_stderr}` or "
        "`${ctx.node.X.tool_stdout}` in a prompt as a blank line, a `## Tool Stdout` heading "
        "and a fenced ```` ```text ```` block (`pipeline/expand.go`, "
        "docs/runtime/expansion.md#tool-output-in-prompts). Written inside a sentence or a list "
        "item, the block splits it: the text "
        "before the placeholder ends the sentence, the heading breaks the list, and the rest "
        "of the line follows the closing fence. The model still sees the output, so this is "
        "about how the prompt reads (info). tracker rewrote such a list item in its own "
        "examples (commit 2f633ea)."
    ),
    example="agent Verify\n  prompt:\n    1. Confirm tests pass (check ${ctx.tool_stdout})",
    fix="Put the placeholder on a line of its own (after the sentence that introduces it), or "
    "refer to the output in words.",
    formats=("dip", "dot"),
)
def inline_tool_output(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in workflow.nodes:
        handler = runtime.handler_of(node, workflow)
        for text in _rendered_texts(node, handler):
            value = text.value
            if _TOOL_OUTPUT not in value:
                continue  # (most prompts: no placeholder can be a tool output)
            for item in placeholders(value):
                stream = _fenced_key(item.inner.strip())
                if not stream or fence_at(value, item.start) is not None:
                    continue  # not fenced by tracker, or inside a fence: DC330
                line_start = value.rfind("\n", 0, item.start) + 1
                line_end = value.find("\n", item.end)
                line = value[line_start : len(value) if line_end < 0 else line_end]
                written = value[item.start : item.end]
                if line.strip() == written:
                    continue
                yield context.finding(
                    "DC334",
                    text.span(item.start, item.end),
                    f"`{written}` shares its line with other text, but tracker renders a "
                    f"non-empty tool {stream.lower()} as a `## Tool {stream}` heading and a "
                    "fenced block, which splits the line there; put the placeholder on a line "
                    "of its own, or refer to the output in words",
                )


# -- DC331 -----------------------------------------------------------------------------------

# `$name` or `${name}`; one preceded by a backslash is skipped where it is found (a leading
# lookbehind would make the search try it at every character of every text).
_BARE = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")
_SCANNED = ("prompt", "system_prompt", "command")


def _assigned(script: str, name: str) -> bool:
    """Does the shell script set ``name`` itself (so ``$name`` is its own variable)?"""
    word = re.escape(name)
    patterns = (
        rf"(?:^|[\s;&|(]){word}\+?=",
        rf"\bfor\s+{word}\b",
        rf"\b(?:read|getopts|local|declare|typeset|export|readonly)\b[^;\n]*\b{word}\b",
    )
    return any(re.search(pattern, script, re.MULTILINE) for pattern in patterns)


@rule(
    "DC331",
    "unsubstituted-var",
    Severity.WARNING,
    summary="`$name` or `${name}` for a workflow var: tracker substitutes only "
    "`$params.name` / `${params.name}`.",
    rationale=(
        "tracker replaces `$X` in every node attribute only when `X` is a graph attribute "
        "(`pipeline/transforms.go` `GraphVarMap`, from the context keys `graph.*`), and the "
        "adapter stores each `vars` entry as the graph attribute `params.<name>` "
        "(`pipeline/dippin_adapter.go`; a parent's subgraph `params:` do the same for a "
        "child). So `$name` is never replaced: a prompt keeps the literal text, and in a "
        "tool command the shell expands an unset variable to nothing, or stops a `set -u` "
        "script. `${name}` without a namespace is left as written too "
        "(docs/runtime/tools.md#graph-variables-in-commands, docs/runtime/expansion.md). Text that "
        "sets the variable itself (a command, or a shell snippet in a "
        "prompt) is not reported. (dippin's "
        "documentation says vars are substituted as `$key`; tracker does not do that.)"
    ),
    example="vars\n  repo: api\nagent Plan\n  prompt: Plan changes to $repo.",
    fix="Write `${params.name}` (offered as an unsafe fix).",
    formats=("dip",),
    fix_availability="always",
)
def unsubstituted_var(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    declared = {item.key for item in workflow.vars}
    attributes = runtime.graph_attributes(workflow) - {""}  # (each is a prefix to try)
    bound: frozenset[str] | None = None
    for node in workflow.nodes:
        for key in _SCANNED:
            located = node.text_field(key)
            if located is None:
                continue
            text = located[1]
            value = text.value
            for start, end, name, braced in _bare_names(value):
                if name not in declared:
                    if bound is None:
                        bound = context.boundary.bound
                    if name not in bound:
                        continue  # most are the shell's own variables
                after = start + 1  # startswith at an offset: no copy of the rest
                if not braced and any(value.startswith(attr, after) for attr in attributes):
                    continue  # tracker substitutes `$<attribute>` (a prefix of a longer name too)
                if _assigned(value, name):
                    continue  # a shell variable of the command (or of a snippet in the prompt)
                yield _finding(context, node.id, key, text, start, end, name, name in declared)


@lru_cache(maxsize=4096)  # the language server scans the same texts after every edit
def _bare_names(value: str) -> tuple[tuple[int, int, str, bool], ...]:
    """Each unescaped `$name` or `${name}` of ``value``: (start, end, name, braced)."""
    found: list[tuple[int, int, str, bool]] = []
    for match in _BARE.finditer(value):
        if match.start() and value[match.start() - 1] == "\\":
            continue  # `\$name` is escaped
        braced = match.group(1) is not None
        name = match.group(1) if braced else match.group(2)
        found.append((match.start(), match.end(), name, braced))
    return tuple(found)


def _finding(
    context: Context,
    owner: str,
    key: str,
    text: Text,
    start: int,
    end: int,
    name: str,
    declared: bool,
) -> Diagnostic:
    written = text.value[start:end]
    span = text.span(start, end)
    replacement = f"${{params.{name}}}"
    source = (
        f"the var `{name}` is the graph attribute `params.{name}`"
        if declared
        else f"the parameter `{name}` its parent passes is the graph attribute `params.{name}`"
    )
    if key == "command":
        effect = (
            f"so the shell sees `{written}`, an unset variable: it expands to nothing, and a "
            "`set -u` script stops there"
        )
    else:
        effect = f"so the {key.replace('_', ' ')} keeps the literal text `{written}`"
    return context.finding(
        "DC331",
        span,
        f"`{written}` in the {key.replace('_', ' ')} of `{owner}` is never replaced: tracker "
        f"substitutes `$X` only for graph attributes, and {source}, {effect}; write "
        f"`{replacement}`",
        fix=Fix(f"write `{replacement}`", (Edit(span, replacement),), safe=False),
    )
