"""``dipcheck diff`` output: text for a terminal, Markdown for a pull-request comment, JSON for
scripts (``{"version": 1, "old", "new", "changes": [...], "routing": [...], "findings":
{"introduced": [...], "fixed": [...]}, "summary": {...}}``)."""

from __future__ import annotations

import difflib
import html
import json
import re
from collections.abc import Callable
from typing import Any

from dipcheck import jsontext
from dipcheck.semdiff import Diff
from dipcheck.semdiff.compare import Change
from dipcheck.semdiff.routing import Effect
from dipcheck.terminal import visible_lines

SIGNS = {"added": "+", "removed": "-", "changed": "~"}
ROUTING = ("fires", "dead", "exit-gained", "exit-lost", "succeeds")
_EFFECT_TEXT = {
    "fires": "can now fire",
    "dead": "can no longer fire",
    "exit-gained": "is now on a run that reaches the exit",
    "exit-lost": "is no longer on any run that reaches the exit",
}


def _backticked(text: str) -> str:
    return f"`{text}`"


def _longest_backticks(text: str) -> int:
    """The length of the longest run of backticks in ``text`` (0: none)."""
    return max((len(run) for run in re.findall("`+", text)), default=0)


def _code_span(text: str) -> str:
    """``text`` as a Markdown code span that no backtick in it can end: delimited by one
    backtick more than its longest run (a value holding a backtick ended the span, and what
    followed rendered as Markdown in the pull-request comment)."""
    fence = "`" * (_longest_backticks(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _short(value: str | None, limit: int = 80) -> str:
    text = " ".join((value or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _multiline(change: Change) -> bool:
    return "\n" in (change.old or "") or "\n" in (change.new or "")


def describe(change: Change, code: Callable[[str], str] | None = None) -> str:
    """One line: what changed, without the sign; ``code`` quotes a name or a value (in
    backticks by default: :func:`_code_span` for Markdown)."""
    code = code or _backticked
    what = change.what
    if what == "setting":
        subject = f"setting {code(change.subject)}"
    elif what == "node" and change.kind in ("added", "removed"):
        return f"node {code(change.subject)} ({change.detail})"
    elif what == "node":
        subject = f"node {code(change.subject)} {change.detail}"
    elif what in ("field", "prompt"):
        kind = "prompt" if what == "prompt" else "field"
        subject = f"{kind} {code(change.detail)} of {code(change.subject)}"
    elif what == "edge" and not change.detail:
        return f"edge {code(change.new or change.old)}"
    elif what == "edge":
        subject = f"{change.detail} of edge {code(change.subject)}"
    elif what == "condition":
        subject = f"condition of edge {code(change.subject)}"
    else:
        subject = f"order in which {code(change.subject)} tries its edges"
    if change.kind == "added":
        return f"{subject}: {code(_short(change.new))}"
    if change.kind == "removed":
        return f"{subject} (was {code(_short(change.old))})"
    if _multiline(change):
        return f"{subject} ({_line_count(change)})"
    return f"{subject}: {code(_short(change.old))} → {code(_short(change.new))}"


def _line_count(change: Change) -> str:
    lines = list(_text_diff(change))
    added = sum(1 for line in lines if line.startswith("+") and not line.startswith("+++"))
    removed = sum(1 for line in lines if line.startswith("-") and not line.startswith("---"))
    return f"+{added} -{removed} lines"


def _text_diff(change: Change) -> list[str]:
    return list(
        difflib.unified_diff(
            (change.old or "").split("\n"),
            (change.new or "").split("\n"),
            "old",
            "new",
            n=1,
            lineterm="",
        )
    )[2:]


def _where(change: Change) -> str:
    if change.kind == "removed" or not change.new_line:
        return f"old:{change.old_line}" if change.old_line else ""
    return f"new:{change.new_line}" if change.new_line else ""


def describe_effect(effect: Effect, code: Callable[[str], str] | None = None) -> str:
    code = code or _backticked
    if effect.kind in ("fires", "dead"):
        text = f"edge {code(effect.subject)} {_EFFECT_TEXT[effect.kind]}"
        return f"{text} ({effect.detail})" if effect.detail else text
    if effect.kind in ("exit-gained", "exit-lost"):
        return f"node {code(effect.subject)} {_EFFECT_TEXT[effect.kind]}"
    return effect.detail


def _counts(result: Diff) -> dict[str, int]:
    routing = [item for item in result.effects if item.kind in ROUTING]
    return {
        "changes": len(result.changes),
        "routing": len(routing),
        "introduced": sum(1 for item in result.effects if item.kind == "introduced"),
        "fixed": sum(1 for item in result.effects if item.kind == "fixed"),
    }


def summary_line(result: Diff) -> str:
    counts = _counts(result)
    if result.empty:
        return "no semantic change"
    return (
        f"{counts['changes']} change{'s' * (counts['changes'] != 1)}, "
        f"{counts['routing']} routing effect{'s' * (counts['routing'] != 1)}, "
        f"{counts['introduced']} finding{'s' * (counts['introduced'] != 1)} introduced, "
        f"{counts['fixed']} fixed"
    )


def text(result: Diff) -> str:
    lines = [f"dipcheck diff {result.old} → {result.new}: {summary_line(result)}"]
    if result.changes:
        lines += ["", "changes:"]
        for change in result.changes:
            where = _where(change)
            lines.append(
                f"  {SIGNS[change.kind]} {describe(change)}" + (f"  [{where}]" if where else "")
            )
            if _multiline(change):
                lines += [f"      {line}" for line in _text_diff(change)]
    routing = [item for item in result.effects if item.kind in ROUTING]
    if routing:
        lines += ["", "routing:"]
        lines += [f"  * {describe_effect(item)}" for item in routing]
    for kind, title, sign in (
        ("introduced", "findings introduced:", "+"),
        ("fixed", "findings fixed:", "-"),
    ):
        found = [item for item in result.effects if item.kind == kind]
        if found:
            lines += ["", title]
            side = "new" if kind == "introduced" else "old"
            lines += [
                f"  {sign} {item.subject} {item.detail}  [{side}:{item.line}]" for item in found
            ]
    notes = [item for item in result.effects if item.kind == "note"]
    if notes:
        lines += [""] + [f"note ({item.subject}): {item.detail}" for item in notes]
    return visible_lines(lines)  # (a DOT node id can hold a line break)


def _md(text_: str) -> str:
    return text_.replace("|", "\\|")


def markdown(result: Diff, title: str = "") -> str:
    head = title or f"dipcheck diff {_code_span(result.old)} → {_code_span(result.new)}"
    lines = [f"### {head}", "", f"**{summary_line(result)}**"]
    if result.changes:
        lines += ["", "| | change | where |", "|---|---|---|"]
        for change in result.changes:
            described = _md(describe(change, _code_span))
            lines.append(f"| {SIGNS[change.kind]} | {described} | {_where(change)} |")
        for change in result.changes:
            if _multiline(change):
                diff = _text_diff(change)
                # a fence longer than any run of backticks in the text: a prompt's own
                # ``` line (indented by the diff's one space) closed a fence of three
                fence = "`" * max(3, _longest_backticks("\n".join(diff)) + 1)
                lines += [
                    "",
                    f"<details><summary>{html.escape(describe(change))}</summary>",
                    "",
                    f"{fence}diff",
                    *diff,
                    fence,
                    "</details>",
                ]
    routing = [item for item in result.effects if item.kind in ROUTING]
    if routing:
        lines += ["", "**Routing**", ""]
        lines += [f"- {describe_effect(item, _code_span)}" for item in routing]
    for kind, title_ in (("introduced", "Findings introduced"), ("fixed", "Findings fixed")):
        found = [item for item in result.effects if item.kind == kind]
        if found:
            lines += ["", f"**{title_}**", ""]
            # (a finding's message quotes node ids, which can hold a backtick: the whole of
            # it in a code span, as the table's values)
            lines += [
                f"- `{item.subject}` {_code_span(item.detail)} (line {item.line})" for item in found
            ]
    notes = [item for item in result.effects if item.kind == "note"]
    if notes:
        lines += [""] + [f"_Note ({item.subject} version): {item.detail}._" for item in notes]
    return visible_lines(lines)  # (a DOT node id can hold a line break)


def _change_dict(change: Change) -> dict[str, Any]:
    return {
        "kind": change.kind,
        "what": change.what,
        "subject": change.subject,
        "detail": change.detail,
        "old": change.old,
        "new": change.new,
        "old_line": change.old_line or None,
        "new_line": change.new_line or None,
        "text": describe(change),
    }


def _effect_dict(effect: Effect) -> dict[str, Any]:
    return {
        "kind": effect.kind,
        "subject": effect.subject,
        "detail": effect.detail,
        "line": effect.line or None,
        "text": describe_effect(effect),
    }


def _finding_dict(effect: Effect) -> dict[str, Any]:
    severity, _, message = effect.detail.partition(": ")
    return {"code": effect.subject, "severity": severity, "message": message, "line": effect.line}


def document(result: Diff) -> dict[str, Any]:
    return {
        "version": 1,
        "old": result.old,
        "new": result.new,
        "changes": [_change_dict(change) for change in result.changes],
        "routing": [_effect_dict(item) for item in result.effects if item.kind in ROUTING],
        "findings": {
            kind: [_finding_dict(item) for item in result.effects if item.kind == kind]
            for kind in ("introduced", "fixed")
        },
        "notes": [item.detail for item in result.effects if item.kind == "note"],
        "summary": {**_counts(result), "empty": result.empty},
    }


def dumps(result: Diff) -> str:
    text = json.dumps(document(result), indent=2, ensure_ascii=False)
    return jsontext.utf8_safe(text) + "\n"
