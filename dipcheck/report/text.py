"""Human-readable output: the cargo/rustc style (default) and a one-line ``concise`` style.

Workflow text (messages, snippets, paths) is shown with its control characters escaped
(:func:`dipcheck.terminal.visible`; in a path and in the one line of a message, note, fix or
help the line breaks too, :func:`~dipcheck.terminal.visible_name` and
:func:`~dipcheck.terminal.visible_line`); the caret line follows the escaped snippet. A snippet
shows at most :data:`SNIPPET_WIDTH` code points of its line, around the finding, with ``…``
where the line is cut, so that a report stays linear in the size of its input however long a
line is and however many findings it holds."""

from __future__ import annotations

from collections.abc import Sequence

from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.result import LintResult
from dipcheck.rules import registry
from dipcheck.source import SourceText
from dipcheck.terminal import visible, visible_line, visible_name

_COLORS = {
    Severity.ERROR: "\033[1;31m",
    Severity.WARNING: "\033[1;33m",
    Severity.INFO: "\033[1;36m",
    Severity.HINT: "\033[1;32m",
}
_BLUE = "\033[1;34m"
_BOLD = "\033[1m"
_RESET = "\033[0m"

SNIPPET_WIDTH = 160  # code points of a line a snippet shows at most
_CONTEXT = 60  # of them before the finding's start, when the line is cut


class _Style:
    def __init__(self, color: bool) -> None:
        self.color = color

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{_RESET}" if self.color else text


def _location(item: Diagnostic) -> tuple[int, int, int, int]:
    line, column = item.span.start_position()
    end_line, end_column = item.span.end_position()
    return line, column, end_line, end_column


def render_full(item: Diagnostic, color: bool = False) -> str:
    style = _Style(color)
    severity = item.severity
    line, column, end_line, end_column = _location(item)
    header = style.paint(f"{severity.label}[{item.code}]", _COLORS[severity])
    lines = [f"{header}{style.paint(': ' + visible_line(item.message), _BOLD)}"]
    gutter = len(str(line + 1))
    pad = " " * gutter
    where = f"{visible_name(item.span.path)}:{line + 1}:{column + 1}"
    lines.append(f"{pad}{style.paint('-->', _BLUE)} {where}")
    source = item.span.source
    length = source.line_end(line) - source.line_starts[line]
    if length or source.text:
        bar = style.paint("|", _BLUE)
        lines.append(f"{pad} {bar}")
        stop = end_column if end_line == line else length
        shown, lead, width, cut = _snippet(source, line, column, stop)
        lines.append(f"{style.paint(str(line + 1), _BLUE)} {bar} {shown}")
        marker = style.paint("^" * width, _COLORS[severity])
        suffix = " …" if end_line > line or cut else ""
        lines.append(f"{pad} {bar} {' ' * lead}{marker}{suffix}")
    for related in item.related:
        r_line, r_column = related.span.start_position()
        lines.append(
            f"{pad} = note: {visible_line(related.message)} "
            f"({visible_name(related.span.path)}:{r_line + 1}:{r_column + 1})"
        )
    help_text = item.help
    rule = registry.get(item.code)
    if help_text is None and rule is not None:
        help_text = rule.fix
    if item.fix is not None:
        kind = "fix" if item.fix.safe else "unsafe fix"
        lines.append(f"{pad} = {kind}: {visible_line(item.fix.description)}")
    if help_text:
        lines.append(f"{pad} = help: {visible_line(help_text)}")
    return "\n".join(lines)


def _snippet(source: SourceText, line: int, column: int, stop: int) -> tuple[str, int, int, bool]:
    """The snippet of ``line`` for a finding on its columns ``column:stop``: the shown text,
    the width of the caret line's lead and of its carets, and whether the finding goes on past
    the shown text. A line longer than :data:`SNIPPET_WIDTH` is cut to that many code points
    from :data:`_CONTEXT` before the finding, ``…`` marking each cut end; only the shown part
    is read."""
    begin = source.line_starts[line]
    start, end = 0, source.line_end(line) - begin
    cut_end = end > SNIPPET_WIDTH
    if cut_end:
        start = max(0, min(column - _CONTEXT, end - SNIPPET_WIDTH))
        cut_end = start + SNIPPET_WIDTH < end
        end = start + SNIPPET_WIDTH
    text = source.text[begin + start : begin + end]
    head = "…" if start > 0 else ""
    lead = len(head) + _columns(_shown(text[: column - start]))
    width = max(_columns(_shown(text[column - start : stop - start])), 1)
    shown = f"{head}{_shown(text)}{'…' if cut_end else ''}"
    return shown, lead, width, stop > end


def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes: two for a wide character (CJK, most emoji),
    none for a combining mark or a zero-width one, one for the others."""
    if text.isascii():
        return len(text)
    from unicodedata import category, east_asian_width

    total = 0
    for character in text:
        if category(character) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if east_asian_width(character) in ("W", "F") else 1
    return total


def _shown(text: str) -> str:
    """Source text as the snippet shows it: control characters escaped, tabs one column."""
    return visible(text).expandtabs(1)


def render_concise(item: Diagnostic) -> str:
    line, column, _, _ = _location(item)
    where = f"{visible_name(item.span.path)}:{line + 1}:{column + 1}"
    return f"{where}: {item.code} [{item.severity.label}] {visible_line(item.message)}"


def summary(results: Sequence[LintResult], skipped: int = 0) -> str:
    """The closing line(s); ``skipped``: files found in directories that are no workflow."""
    counts = {severity: 0 for severity in Severity}
    files_with_findings = 0
    for result in results:
        if result.diagnostics:
            files_with_findings += 1
        for item in result.diagnostics:
            counts[item.severity] += 1
    total = sum(counts.values())
    skips = f"{skipped} skipped: not {'a workflow' if skipped == 1 else 'workflows'}"
    if not results:
        return f"No files checked ({skips})." if skipped else "No files checked."
    checked = f"{len(results)} file{'s' if len(results) != 1 else ''} checked"
    if skipped:
        checked += f", {skips}"
    if total == 0:
        return f"All checks passed ({checked})."
    parts = [
        f"{counts[severity]} {severity.label}{'s' if counts[severity] != 1 else ''}"
        for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO, Severity.HINT)
        if counts[severity]
    ]
    found = (
        f"Found {', '.join(parts)} in {files_with_findings} "
        f"file{'s' if files_with_findings != 1 else ''} ({checked})."
    )
    hint = fix_hint(results)
    return f"{found}\n{hint}" if hint else found


def fix_hint(results: Sequence[LintResult]) -> str:
    """How many findings ``--fix`` (and ``--unsafe-fixes``) would change, or ""."""
    fixes = [item.fix for result in results for item in result.diagnostics if item.fix]
    safe = sum(1 for fix in fixes if fix.safe)
    unsafe = len(fixes) - safe
    if not fixes:
        return ""
    parts = []
    if safe:
        parts.append(f"{safe} fixable with `--fix`")
    if unsafe:
        parts.append(f"{unsafe} {'more' if safe else 'fixable'} with `--fix --unsafe-fixes`")
    return "[*] " + ", ".join(parts) + "."


def render(
    results: Sequence[LintResult],
    style: str = "full",
    color: bool = False,
    tail: bool = True,
    skipped: int = 0,
) -> str:
    """The findings of ``results``; ``tail``: end with the summary line(s)."""
    blocks: list[str] = []
    for result in results:
        for item in result.diagnostics:
            blocks.append(render_full(item, color) if style == "full" else render_concise(item))
    separator = "\n\n" if style == "full" else "\n"
    body = separator.join(blocks)
    if not tail:
        return f"{body}\n" if body else ""
    ending = summary(results, skipped)
    return f"{body}\n\n{ending}\n" if body else f"{ending}\n"
