"""DC208 to DC210, DC213, DC214: tool nodes tracker refuses to run
(docs/runtime/tools.md#denied-and-allowed-commands,
docs/runtime/failures.md#failures-only-a-run-meets; ``pipeline/handlers/tool_safety.go``,
``pipeline/handlers/tool.go``).

tracker checks a tool's command against its denylist (and the workflow's allowlist) only when
the node runs; a refusal is a handler error, so the whole run fails there, and `tracker
validate` says nothing beforehand. The matching is tracker's own (:mod:`dipcheck.analysis
.tool_safety`): statements split on `;`, `&&`, `||` and newlines with no regard for quotes,
comments or here-documents, so text the shell would never run can still be refused.
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.analysis import runtime
from dipcheck.analysis import tool_safety as safety
from dipcheck.analysis.shell_words import simple_commands
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.frontends.dip_schema import byte_size
from dipcheck.model import Field, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.rules.shell import Command, tool_commands
from dipcheck.shelltools import placeholder_spans

_HINTS = {
    "eval *": "run the command directly instead of through `eval`",
    "exec *": "run the program without `exec` (only `exec` with nothing but redirections, "
    "such as `exec 3>&-`, is allowed)",
    "source *": "run the script as a program, or set what it sets in this command",
    ". ./*": "run the script as a program, or set what it sets in this command",
    ". /*": "run the script as a program, or set what it sets in this command",
    "curl * | *": "download to a file first (`curl -o out.json …`), then read the file",
    "wget * | *": "download to a file first (`wget -O out …`), then read the file",
}
_SHELL_PIPE_HINT = "write the script to a file and run `sh FILE` instead of piping into a shell"


def _hint(pattern: str) -> str:
    return _HINTS.get(pattern, _SHELL_PIPE_HINT if pattern.startswith("* | ") else "")


def _patterns(workflow: Workflow, key: str) -> tuple[Field | None, list[tuple[str, int, int]]]:
    item = workflow.default(key)
    if item is None:
        return None, []
    return item, safety.comma_patterns(item.value.value)


def _variables(workflow: Workflow) -> frozenset[str]:
    return runtime.graph_attributes(workflow) | {"goal"}


def _shell_reading(command: Command, start: int) -> str:
    """Why the shell would not run the text at ``start`` as a command, or ``""``."""
    value = command.text.value
    line_start = value.rfind("\n", 0, start) + 1
    if value[line_start:start].strip() == "" and value.startswith("#", start):
        return (
            "; the line is a shell comment, but tracker's check does not skip comments "
            "(it splits the text on `;`, `&&`, `||` and newlines and reads nothing else)"
        )
    starts = set()
    for item in simple_commands(command.masked):
        starts.add(item.start)
        if item.words:
            starts.add(item.words[0].start)
    if start not in starts:
        return (
            "; to the shell this text is not a command of its own (it is inside quotes, a "
            "comment or a here-document), but tracker splits the text on `;`, `&&`, `||` and "
            "newlines without reading quotes, comments or here-documents"
        )
    return ""


def _verdicts(
    context: Context, extra: list[str], allowlist: list[str]
) -> Iterator[tuple[Command, safety.Verdict]]:
    variables = _variables(context.workflow)
    for command in tool_commands(context):
        spans = placeholder_spans(command.text.value, variables)
        for verdict in safety.statement_verdicts(command.text.value, spans, extra, allowlist):
            yield command, verdict


@rule(
    "DC208",
    "denied-tool-command",
    Severity.ERROR,
    summary="A tool command contains a statement that tracker's command denylist refuses.",
    rationale=(
        "Before a tool node runs, tracker splits its command into statements and refuses the "
        "node if any statement matches a denied pattern; the handler error ends the whole run "
        "(docs/runtime/tools.md#denied-and-allowed-commands, `pipeline/handlers/tool_safety.go`). "
        "The built-in patterns "
        "are `eval *`, `exec *` (except an `exec` with only redirections), `source *`, "
        "`. ./*`, `. /*`, `curl * | *`, `wget * | *` and a pipe into `sh`, `bash`, `zsh`, "
        "`/bin/sh` or `/bin/bash`; `defaults tool_denylist_add` adds more. Matching ignores "
        "case, collapses whitespace and puts spaces around `|`; each pattern must match a "
        "whole statement. Statements are split on `;`, `&&`, `||` and newlines with no regard "
        'for quotes, comments or here-documents: `echo "done; eval later"` contains the '
        'statement `eval later"`, and a comment line `# curl x | sh` is refused too (a comment '
        "that only starts with `# eval` is not: the pattern is anchored at the statement's "
        "start). tracker checks the command after substituting `${…}` and `$name` "
        "placeholders; dipcheck reports a statement only when it is refused whatever the "
        "placeholders hold (assuming they hold no `;`, `&&`, `||` or newline). Only "
        "`--bypass-denylist` turns the check off."
    ),
    example="tool Setup\n  command:\n    source .venv/bin/activate\n    pytest -q",
    fix="Restructure the command so no statement matches: run scripts as programs instead of "
    "sourcing them, download to a file instead of piping `curl`/`wget` into another command, "
    "call programs directly instead of through `eval`/`exec`; reword comments and quoted "
    "text that contain such statements.",
    formats=("dip", "dot"),
)
def denied_command(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    item, added = _patterns(workflow, "tool_denylist_add")
    extra = [pattern for pattern, _, _ in added]
    for command, verdict in _verdicts(context, extra, []):
        if verdict.pattern is None:
            continue
        statement = verdict.statement
        related: tuple[Related, ...] = ()
        if verdict.pattern in safety.BUILTIN_DENY_PATTERNS:
            origin = "tracker's built-in denied pattern"
        else:
            origin = "the denied pattern that `tool_denylist_add` adds:"
            if item is not None:
                related = tuple(
                    Related(item.value.span(start, end), "added to the denylist here")
                    for pattern, start, end in added
                    if pattern == verdict.pattern
                )
        hint = _hint(verdict.pattern)
        yield context.finding(
            "DC208",
            command.text.span(statement.start, statement.end),
            f"tracker refuses to run tool `{command.node}`: the statement "
            f"`{statement.text}` matches {origin} `{verdict.pattern}`, and the run fails "
            f"there{_shell_reading(command, statement.start)}" + (f"; {hint}" if hint else ""),
            related=related,
        )


@rule(
    "DC209",
    "tool-command-not-allowed",
    Severity.ERROR,
    summary="With `tool_commands_allow` set, a statement of a tool command matches none of its "
    "patterns.",
    rationale=(
        "`defaults tool_commands_allow` (DOT: the graph attribute) is a comma list of glob "
        "patterns; when it is set, every statement of every tool command must match one of "
        "them, or tracker refuses the node and the run fails "
        "(docs/runtime/tools.md#denied-and-allowed-commands). "
        "Statements are split as for the denylist (on `;`, `&&`, `||` and newlines, quotes "
        "and comments not read) and matched ignoring case but without collapsing whitespace; "
        "`*` matches anything. The CLI's `--tool-allowlist` adds patterns at run time; "
        "dipcheck checks the workflow's own list. Placeholders are treated as for DC208: only "
        "a statement that matches no pattern whatever they hold is reported."
    ),
    example='defaults\n  tool_commands_allow: "git *,go test *"\n…\ntool Build\n  command: '
    "make build",
    fix="Add a pattern for the statement to `tool_commands_allow`, or change the command to "
    "use an allowed program. Remember that `cd dir && go test` is two statements.",
    formats=("dip", "dot"),
)
def not_allowed(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    item, allow = _patterns(workflow, "tool_commands_allow")
    if item is None or not allow:
        return
    _, added = _patterns(workflow, "tool_denylist_add")
    extra = [pattern for pattern, _, _ in added]
    patterns = [pattern for pattern, _, _ in allow]
    shown = ", ".join(f"`{pattern}`" for pattern in patterns)
    for command, verdict in _verdicts(context, extra, patterns):
        if verdict.pattern is not None:
            continue  # denied first: DC208's
        statement = verdict.statement
        spacing = ""
        if safety.allowed(" ".join(statement.text.split()), patterns):
            spacing = (
                "; it would match with single spaces between its words: the allowlist is "
                "matched without collapsing whitespace"
            )
        yield context.finding(
            "DC209",
            command.text.span(statement.start, statement.end),
            f"tracker refuses to run tool `{command.node}`: the statement `{statement.text}` "
            f"matches none of the `tool_commands_allow` patterns ({shown}), and the run fails "
            f"there{spacing}{_shell_reading(command, statement.start)}",
            related=(Related(item.value_span, "the allowlist"),),
        )


def _tool_field(context: Context, key: str) -> Iterator[tuple[str, Field]]:
    for node in runtime.tool_nodes(context.workflow):
        item = node.get(key)
        if item is not None:
            yield node.id, item


@rule(
    "DC210",
    "unsafe-working-dir",
    Severity.ERROR,
    summary="A tool node's `working_dir` that tracker refuses.",
    rationale=(
        "Before running a tool, tracker refuses a `working_dir` that contains any of "
        "`` ` `` `$` `;` `|` `&` `(` `)` `<` `>` or a line break, or that still contains `..` "
        "after the path is cleaned; the handler error ends the run "
        "(docs/runtime/tools.md#denied-and-allowed-commands, "
        "`pipeline/handlers/tool.go` applyWorkingDir). `$name` graph variables are "
        "substituted before the check and are fine; `${…}` placeholders and shell variables "
        "such as `$HOME` are not substituted there and are refused. Only DOT tool nodes have "
        "the attribute (a `.dip` tool has no `working_dir`)."
    ),
    example='Build [shape=parallelogram, tool_command="make", working_dir="../app"]',
    fix="Use a path inside the run's directory without `..` or shell syntax, or `cd` in the "
    "command itself.",
    formats=("dot",),
)
def unsafe_working_dir(context: Context) -> Iterator[Diagnostic]:
    variables = _variables(context.workflow)
    for node_id, item in _tool_field(context, "working_dir"):
        value = item.value.value
        # `$name` graph variables are substituted first (prepareExecNode); a stand-in keeps
        # the path's shape
        chars = list(value)
        for start, end in placeholder_spans(value, variables):
            if value[start + 1] != "{":
                chars[start:end] = "v" * (end - start)
        problem = safety.working_dir_problem("".join(chars))
        if problem is None:
            continue
        yield context.finding(
            "DC210",
            item.value_span if item.value_span.end > item.value_span.start else item.key_span,
            f"tracker refuses the `working_dir` {value!r} of tool `{node_id}`: {problem}; the "
            "run fails when the node runs",
        )


@rule(
    "DC213",
    "tool-without-command",
    Severity.ERROR,
    summary="A tool node with no command.",
    rationale=(
        "tracker's tool handler fails with `missing required attribute 'tool_command'` when "
        "the node has no command, which ends the run (`pipeline/handlers/tool.go`). A "
        "`command_file` counts as a command (a missing file is DC003)."
    ),
    example="tool Test\n  label: Run the tests\n  timeout: 5m",
    fix="Give the node a `command:` (DOT: `tool_command`), or make it another kind of node.",
    formats=("dip", "dot"),
)
def tool_without_command(context: Context) -> Iterator[Diagnostic]:
    for node in runtime.tool_nodes(context.workflow):
        located = node.text_field("command")
        if located is not None and located[1].value.strip():
            continue
        if located is None and node.get("command_file") is not None:
            continue  # the file could not be read: DC003
        yield context.finding(
            "DC213",
            node.id_span,
            f"tool `{node.id}` has no command: tracker fails the node (`missing required "
            "attribute 'tool_command'`) and the run ends there",
        )


@rule(
    "DC214",
    "output-limit-capped",
    Severity.WARNING,
    summary="A tool's `output_limit` above tracker's 10 MB ceiling.",
    rationale=(
        "tracker silently lowers a tool's `output_limit` to 10 MB (10485760 bytes; "
        "`pipeline/handlers/tool.go`, docs/runtime/tools.md#denied-and-allowed-commands). Output "
        "beyond that is cut from "
        "the front, so a marker or a `_TRACKER_ROUTE=` line printed early can be lost although "
        "the limit says it would be kept."
    ),
    example="tool Logs\n  command: cat build.log\n  output_limit: 52428800",
    fix="Lower `output_limit` to 10485760 (10MB) or less, and print what routing needs at the "
    "end of the output (or use `marker_grep`).",
    formats=("dip", "dot"),
)
def output_limit_capped(context: Context) -> Iterator[Diagnostic]:
    for node_id, item in _tool_field(context, "output_limit"):
        size = byte_size(item.value.value)
        if size is None or size <= safety.MAX_OUTPUT_LIMIT:
            continue
        yield context.finding(
            "DC214",
            item.value_span,
            f"`output_limit` of tool `{node_id}` is {size} bytes, above tracker's ceiling of "
            f"{safety.MAX_OUTPUT_LIMIT} bytes (10MB): tracker keeps only the last 10MB",
        )
