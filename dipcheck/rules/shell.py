"""Tool commands as shell scripts: DIP123 (``bash -n``), DIP124 (``${ctx.*}`` in a command,
dippin's view; off by default), DIP125 (the first command is not on PATH) and DC207
(shellcheck).

The command text (inline, or the content of its ``command_file``) is only ever handed to a
parser: ``bash -n`` parses without executing, shellcheck analyses. Workflow placeholders
(``${ctx.x}``, ``${params.x}`` …) and graph variables (``$goal``) are replaced by underscores
of the same length first, so the positions the tools report are those of the file
(:mod:`dipcheck.shelltools`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

from dipcheck.analysis.shell_words import simple_commands
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Severity
from dipcheck.model import NodeKind, Text, Workflow
from dipcheck.records import record
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.rules.safety import command_references
from dipcheck.shelltools import (
    SHELLCHECK_SHELLS,
    ShellcheckComment,
    bash_check,
    bash_path,
    mask_placeholders,
    shebang_shell,
    shellcheck,
    shellcheck_path,
)

_LINE = re.compile(r"^bash: line (\d+): (.*)$")
# shellcheck checks rated info or style that dipcheck reports as warnings: each is a way for
# data (file names, file contents, command output an earlier agent produced) to be read as
# code or options. The other info/style checks are left out (style, portability, taste).
# shellcheck warnings that change nothing the command does: reported as info
SHELLCHECK_QUIET = frozenset({2034})  # a variable assigned and never used
SHELLCHECK_ELEVATED = {
    2029: "data expanded on this side of `ssh` is parsed again as a command by the remote shell",
    2035: "a file name starting with `-` becomes an option of the command",
    2059: "data in a printf format string is read as format directives",
}
WIKI = "https://www.shellcheck.net/wiki/SC{code}"
# Names that are not programs looked up on PATH: bash builtins, keywords, and `mkdir`, which
# dippin treats as preamble.
NOT_PROGRAMS = frozenset(
    [
        ".",
        ":",
        "[",
        "[[",
        "!",
        "{",
        "(",
        "alias",
        "bg",
        "bind",
        "break",
        "builtin",
        "caller",
        "case",
        "cd",
        "command",
        "compgen",
        "complete",
        "compopt",
        "continue",
        "coproc",
        "declare",
        "dirs",
        "disown",
        "echo",
        "enable",
        "eval",
        "exec",
        "exit",
        "export",
        "false",
        "fc",
        "fg",
        "for",
        "function",
        "getopts",
        "hash",
        "help",
        "history",
        "if",
        "jobs",
        "kill",
        "let",
        "local",
        "logout",
        "mapfile",
        "popd",
        "printf",
        "pushd",
        "pwd",
        "read",
        "readarray",
        "readonly",
        "return",
        "select",
        "set",
        "shift",
        "shopt",
        "source",
        "suspend",
        "test",
        "time",
        "times",
        "trap",
        "true",
        "type",
        "typeset",
        "ulimit",
        "umask",
        "unalias",
        "unset",
        "until",
        "wait",
        "while",
        "mkdir",
    ]
)
_PROGRAM = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")


@cache
def _function() -> re.Pattern[str]:
    """A shell function definition (compiled when first needed: few commands define one)."""
    return re.compile(r"(?:^|[\s;&|(])(?:function\s+)?([A-Za-z_][A-Za-z0-9_-]*)\s*\(\s*\)")


@lru_cache(maxsize=1024)
def first_program(script: str) -> tuple[str, int, int] | None:
    """The first program the script runs that is not a builtin, a keyword, `mkdir` or a
    function the script defines, as ``(name, start, end)``; None when there is none. Names
    that expand (``$tool``) or are paths (``./run.sh``) are not programs looked up on PATH."""
    defines = "()" in script.replace(" ", "")
    functions = {match.group(1) for match in _function().finditer(script)} if defines else set()
    for command in simple_commands(script):
        if not command.words:
            continue
        word = command.words[0]
        name = word.value
        if word.expands or name in NOT_PROGRAMS or name in functions:
            continue
        if _PROGRAM.fullmatch(word.text):
            return name, word.start, word.end
    return None


@record(frozen=True, slots=True)
class Command:
    node: str
    text: Text
    masked: str


def _variables(workflow: Workflow) -> frozenset[str]:
    """The ``$name`` graph variables tracker substitutes in a command (§2.2)."""
    names = {"goal"}
    for item in workflow.vars:
        names.update((item.key, f"params.{item.key}"))
    return frozenset(names)


def tool_commands(context: Context) -> list[Command]:
    """Every tool's non-empty command text (inline or from its file), masked; computed once."""

    def build() -> list[Command]:
        variables = _variables(context.workflow)
        result: list[Command] = []
        for node in context.workflow.nodes:
            located = node.text_field("command") if node.kind is NodeKind.TOOL else None
            if located is None or not located[1].value.strip():
                continue
            text = located[1]
            result.append(Command(node.id, text, mask_placeholders(text.value, variables)))
        return result

    return context.shared("tool_commands", build)


def _line_range(text: str, number: int) -> tuple[int, int]:
    """Start and end index in ``text`` of the 1-based line ``number``, trimmed."""
    lines = text.split("\n")
    number = max(1, min(number, len(lines)))
    start = sum(len(line) + 1 for line in lines[: number - 1])
    line = lines[number - 1]
    begin = start + len(line) - len(line.lstrip())
    end = start + len(line.rstrip())
    return (begin, end) if end > begin else (start, start + len(line))


def _last_code_line(text: str) -> int:
    lines = text.split("\n")
    for index in range(len(lines), 0, -1):
        if lines[index - 1].strip():
            return index
    return 1


@rule(
    "DIP123",
    "shell-syntax-error",
    Severity.WARNING,
    summary="A tool command that bash cannot parse.",
    rationale=(
        "A shell syntax error fails the tool node every time it runs, usually deep into a run. "
        "`bash -n` finds it without running anything; workflow placeholders are masked first, "
        "and the line bash reports is mapped back into the `.dip` file (or the "
        "`command_file`). Commands are checked several at a time and verdicts are cached; "
        "`--no-shell` skips the check."
    ),
    example="tool Check\n  command:\n    if [ -f go.mod ]; then\n      go vet ./...",
    fix="Correct the shell syntax at the reported line (a missing `fi`, `done`, quote or "
    "parenthesis is the usual cause).",
    formats=("dip", "dot"),
)
def shell_syntax(context: Context) -> Iterator[Diagnostic]:
    commands = tool_commands(context)
    if bash_path() is None or not commands:
        return
    verdicts = bash_check([command.masked + "\n" for command in commands])
    for command, verdict in zip(commands, verdicts, strict=True):
        if verdict is None or verdict[0] == 0:
            continue  # not checked now (the language server while typing), or valid
        stderr = verdict[1]
        text = command.text
        messages = [line for line in stderr.strip().splitlines() if line.startswith("bash: ")]
        first = messages[0] if messages else "bash: bash -n failed"
        match = _LINE.match(first)
        last = _last_code_line(text.value)
        number, detail = (int(match.group(1)), match.group(2)) if match else (last, first[6:])
        if number > last:
            number = last
            detail += " (at the end of the command: something opened earlier is never closed)"
        start, end = _line_range(text.value, number)
        yield context.finding(
            "DIP123",
            text.span(start, end),
            f"shell syntax error in the command of tool `{command.node}`: {detail}",
        )


@rule(
    "DIP124",
    "context-in-tool-command",
    Severity.WARNING,
    summary="`${ctx.*}` in a tool command (dippin's check).",
    rationale=(
        "dippin warns that `${ctx.*}` in a tool command expands to an empty string. That "
        "describes an old runtime: tracker now expands four safe keys and fails the run for "
        "any other key that holds a value. DC201 (unsafe key) and DC202 (always-empty key) "
        "report those spans with what tracker really does, so this rule is off by default; "
        "select it (`--extend-select DIP124`) for dippin parity."
    ),
    example='tool Commit\n  command: git commit -m "${ctx.summary}"',
    fix="Write the value to a file in an earlier node and read the file in the command.",
    formats=("dip",),
    enabled=False,
)
def context_in_command(context: Context) -> Iterator[Diagnostic]:
    for ref in command_references(context.workflow):
        if ref.namespace == "ctx":
            yield context.finding(
                "DIP124",
                ref.span,
                f"`{ref.text}` in the command of tool `{ref.owner}`: dippin expects it to "
                "expand to an empty string (tracker: see DC201/DC202)",
            )


@rule(
    "DIP125",
    "command-not-on-path",
    Severity.HINT,
    summary="The first program a tool command runs is not on this machine's PATH.",
    rationale=(
        "A tool that calls a program the machine lacks fails when it runs. Like dippin, "
        "dipcheck looks at the first command that is not a shell builtin (`mkdir` and "
        "`command -v` queries are skipped too; paths such as `./run.sh` are not looked up). "
        "The answer depends on the machine running dipcheck, so it is only a hint, and "
        "`--no-env-checks` skips it (in CI, where the workflow's tools are not installed)."
    ),
    example="tool Lint\n  command: golangci-lint run ./...",
    fix="Install the program where the workflow runs, or call it by the name installed there.",
    formats=("dip", "dot"),
    enabled=False,
)
def command_not_on_path(context: Context) -> Iterator[Diagnostic]:
    for command in tool_commands(context):
        found = first_program(command.text.value)
        if found is None:
            continue
        name, start, end = found
        if not context.on_path(name):
            yield context.finding(
                "DIP125",
                command.text.span(start, end),
                f"`{name}`, the first program tool `{command.node}` runs, is not on this "
                "machine's PATH",
            )


def _offset(text: str, line: int, column: int) -> int:
    """Index in ``text`` of a 1-based (line, column), clamped to the text."""
    lines = text.split("\n")
    line = max(1, min(line, len(lines)))
    start = sum(len(item) + 1 for item in lines[: line - 1])
    return start + max(0, min(column - 1, len(lines[line - 1])))


def _finding(context: Context, command: Command, comment: ShellcheckComment) -> Diagnostic:
    value = command.text.value
    start = _offset(value, comment.line, comment.column)
    end = _offset(value, comment.end_line, comment.end_column)
    if end <= start:
        end = min(start + 1, len(value))
    edits = tuple(
        Edit(
            command.text.span(_offset(value, line, col), _offset(value, end_line, end_col)),
            replacement,
        )
        for line, col, end_line, end_col, replacement in comment.replacements
    )
    link = WIKI.format(code=comment.code)
    level = comment.level
    why = SHELLCHECK_ELEVATED.get(comment.code)
    quiet = comment.code in SHELLCHECK_QUIET
    if why is not None and level not in ("error", "warning"):
        level = f"{level} in shellcheck, reported because {why}"
        quiet = True
    found = context.finding(
        "DC207",
        command.text.span(start, end),
        f"shellcheck SC{comment.code} ({level}) in the command of tool "
        f"`{command.node}`: {comment.message} ({link})",
        fix=Fix(f"apply shellcheck's fix for SC{comment.code}", edits, safe=False)
        if edits
        else None,
        help=link,
    )
    return found.with_severity(Severity.INFO) if quiet else found


@rule(
    "DC207",
    "shellcheck",
    Severity.WARNING,
    summary="shellcheck finds a problem in a tool command (only when shellcheck is installed).",
    rationale=(
        "Beyond syntax, shellcheck knows the mistakes that make shell scripts fail at run "
        "time: unquoted expansions that split, `cd` without a check, bash features in a "
        "`#!/bin/sh` script. Each tool command (inline or its `command_file`) goes to "
        "`shellcheck -f json1` with the shell of its shebang (bash when there is "
        "none; scripts for other interpreters are skipped), workflow placeholders masked so "
        "columns stay right; findings appear at their exact place and name the SCnnnn check "
        "with a link to its wiki page. shellcheck's errors and warnings are reported as "
        "warnings (SC2034, a variable never used, as an info: it changes nothing the command "
        "does), and, as infos, three checks it rates info because they are about data being "
        "read as code or options, which matters in workflows whose files and outputs an LLM "
        "wrote: SC2059 "
        "(a variable in a printf format string: `%` or `\\` in the data become directives, "
        "and a routing marker printed that way can be mangled), SC2035 (a glob such as "
        '`rm *.log` passes a file named `-rf` as an option) and SC2029 (`ssh host "cmd '
        '$var"` expands here, and the remote shell parses the result again). Its other '
        "info and style checks are not reported; SC2086 (unquoted expansion) in particular "
        "stays out: in tool commands it fires mostly on constants the author controls, and "
        "tracker already keeps LLM output out of commands (DC201, DIP157). Checks that "
        "misfire on masked templates are disabled "
        "(SC1090, SC1091, SC2043, SC2050, SC2148, SC2154, SC2157, SC2194), and shellcheck's "
        "parse errors are left to DIP123. When shellcheck is not installed this rule is "
        "silently off; `--no-shell` skips it. shellcheck gets 10 s per run and scripts of up "
        "to 32 KiB whose brackets nest at most 100 deep (its time grows faster than its "
        "input on some scripts, and than the square of their nesting): a script it does "
        "not judge in time is not reported, and is tried again on the next run."
    ),
    example='tool Clean\n  command:\n    #!/bin/sh\n    rm -rf "$BUILD_DIR"/*\n    [[ -d out ]] '
    "&& rm -r out",
    fix="Follow the advice of the linked shellcheck page (some checks offer a fix).",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def shellcheck_findings(context: Context) -> Iterator[Diagnostic]:
    if shellcheck_path() is None:
        return
    checked: list[tuple[Command, str]] = []
    for command in tool_commands(context):
        shell = shebang_shell(command.masked)
        if shell == "":
            checked.append((command, "bash"))
        elif shell in SHELLCHECK_SHELLS:
            checked.append((command, ""))
    if not checked:
        return
    verdicts = shellcheck([(command.masked, shell) for command, shell in checked])
    for (command, _), comments in zip(checked, verdicts, strict=True):
        for comment in comments or ():
            if comment.level == "error" and 1000 <= comment.code < 2000:
                continue  # a parse error: DIP123's
            if (
                comment.level not in ("error", "warning")
                and comment.code not in SHELLCHECK_ELEVATED
            ):
                continue
            yield _finding(context, command, comment)
