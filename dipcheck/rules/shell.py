"""DIP123: tool commands that are not valid shell.

The command text (inline, or the content of its `command_file`) is handed to ``bash -n``,
which parses without executing. Workflow placeholders (``${ctx.x}``, ``${params.x}`` …) are
replaced by underscores of the same length first, so line and column positions stay those of
the file. Results are cached by content (in memory and on disk) so repeated runs and the
language server do not spawn bash for text they have seen.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from functools import cache

from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.model import NodeKind, Text
from dipcheck.references import placeholders
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

_LINE = re.compile(r"^bash: line (\d+): (.*)$")
_CACHE_VERSION = 1


def mask_placeholders(text: str) -> str:
    """Replace each ``${ns.key}`` workflow placeholder with underscores of equal length.

    Shell parameter expansions such as ``${HOME}`` or ``${x:-y}`` have no dot in their name
    and are left alone; they are the shell's own."""
    pieces: list[str] = []
    position = 0
    for item in placeholders(text):
        if "." not in item.inner.split(":", 1)[0]:
            continue
        pieces.append(text[position : item.start])
        pieces.append("_" * (item.end - item.start))
        position = item.end
    pieces.append(text[position:])
    return "".join(pieces)


@cache
def _bash() -> str | None:
    return shutil.which("bash")


class _ResultCache:
    """bash -n verdicts by sha256 of the masked command, kept in one JSON file."""

    def __init__(self) -> None:
        import json

        directory = os.environ.get("DIPCHECK_CACHE_DIR") or os.path.join(
            tempfile.gettempdir(), f"dipcheck-{os.getuid() if hasattr(os, 'getuid') else 'u'}"
        )
        self.path = os.path.join(directory, "bash-n.json")
        self.entries: dict[str, list[object]] = {}
        self.dirty = False
        try:
            with open(self.path, encoding="utf-8") as handle:
                data = json.load(handle)
            if data.get("version") == _CACHE_VERSION:
                self.entries = data.get("entries", {})
        except (OSError, ValueError, AttributeError):
            self.entries = {}

    def save(self) -> None:
        import json

        if not self.dirty:
            return
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=os.path.dirname(self.path))
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump({"version": _CACHE_VERSION, "entries": self.entries}, stream)
            os.replace(temporary, self.path)
            self.dirty = False
        except OSError:
            pass


@cache
def _cache() -> _ResultCache:
    return _ResultCache()


def _run_bash(script: str) -> tuple[int, str]:
    import subprocess

    bash = _bash()
    assert bash is not None
    try:
        completed = subprocess.run(
            ["bash", "-n"],
            executable=bash,
            input=script,
            capture_output=True,
            text=True,
            timeout=10,
            env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C"},
        )
    except (OSError, subprocess.SubprocessError) as error:
        return 0, f"bash could not check the command: {error}"
    return completed.returncode, completed.stderr


def check_scripts(scripts: list[str]) -> list[tuple[int, str]]:
    """``bash -n`` verdicts (exit status, stderr) for each script, cached by content."""
    import hashlib
    from concurrent.futures import ThreadPoolExecutor

    cache = _cache()
    keys = [hashlib.sha256(script.encode("utf-8")).hexdigest() for script in scripts]
    missing = sorted(
        {
            key: script
            for key, script in zip(keys, scripts, strict=True)
            if key not in cache.entries
        }.items()
    )
    if missing:
        workers = min(4, len(missing))
        with ThreadPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_run_bash, [script for _, script in missing]))
        for (key, _), (status, stderr) in zip(missing, results, strict=True):
            cache.entries[key] = [status, stderr]
        cache.dirty = True
        cache.save()
    verdicts: list[tuple[int, str]] = []
    for key in keys:
        status, stderr = cache.entries[key]
        verdicts.append((int(status), str(stderr)))  # type: ignore[call-overload]
    return verdicts


def _line_span_of(text: Text, number: int) -> tuple[int, int]:
    """Start and end index in ``text.value`` of the 1-based line ``number``, trimmed."""
    lines = text.value.split("\n")
    number = max(1, min(number, len(lines)))
    start = sum(len(line) + 1 for line in lines[: number - 1])
    line = lines[number - 1]
    begin = start + len(line) - len(line.lstrip())
    end = start + len(line.rstrip())
    return (begin, end) if end > begin else (start, start + len(line))


def _last_code_line(text: Text) -> int:
    lines = text.value.split("\n")
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
        "`bash -n` finds it without running anything; workflow placeholders are masked first."
    ),
    example="tool Check\n  command:\n    if [ -f go.mod ]; then\n      go vet ./...",
    fix="Correct the shell syntax at the reported line (a missing `fi`, `done`, quote or "
    "parenthesis is the usual cause).",
    formats=("dip", "dot"),
)
def shell_syntax(context: Context) -> Iterator[Diagnostic]:
    if _bash() is None:
        return
    commands: list[tuple[str, Text]] = []
    for node in context.workflow.nodes:
        if node.kind is not NodeKind.TOOL:
            continue
        located = node.text_field("command")
        if located is None or not located[1].value.strip():
            continue
        commands.append((node.id, located[1]))
    if not commands:
        return
    verdicts = check_scripts([mask_placeholders(text.value) + "\n" for _, text in commands])
    for (node_id, text), (status, stderr) in zip(commands, verdicts, strict=True):
        if status == 0:
            continue
        messages = [line for line in stderr.strip().splitlines() if line.startswith("bash: ")]
        first = messages[0] if messages else "bash: bash -n failed"
        match = _LINE.match(first)
        last = _last_code_line(text)
        number, detail = (int(match.group(1)), match.group(2)) if match else (last, first[6:])
        if number > last:
            number = last
            detail += " (at the end of the command: something opened earlier is never closed)"
        start, end = _line_span_of(text, number)
        yield context.finding(
            "DIP123",
            text.span(start, end),
            f"shell syntax error in the command of tool `{node_id}`: {detail}",
        )
