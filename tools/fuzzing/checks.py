"""What must hold for one file input, checked inside the worker process.

The input is written as a file (with the child workflow, prompt and script its references
may name) in a private directory and linted as the CLI lints a named file. A problem is:

* an exception escaping ``lint_file``, the JSON or text report, or ``format_dip`` (other
  than its documented :class:`FormatError` refusals: a file with syntax errors, and one past
  the token limit that ``lint`` reports as DC002);
* a DC000 finding (a front-end or a rule crashed: caught, but still a bug);
* a span of the linted file outside its text, or start after end (findings, related
  locations, fix edits);
* JSON output that does not parse, or a range in it outside the file's lines and columns.

Termination and memory are the supervisor's business (``worker``).
"""

from __future__ import annotations

import json
import os
import traceback
from dataclasses import dataclass, field
from typing import Any

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic
from dipcheck.engine import LintResult, lint_file
from dipcheck.model import Dialect
from dipcheck.report import json as json_report
from dipcheck.report import text as text_report
from dipcheck.source import SourceText, Span

# files next to the input, so that refs, prompt_file and command_file resolve (or not)
NEIGHBOURS = {
    "child.dip": "workflow Child\n  start: Work\n  exit: Done\n  agent Work\n    prompt: Do it.\n"
    "  agent Done\n    label: Done\n  edges\n    Work -> Done\n",
    "child.dot": "digraph Child {\n  Start [shape=Mdiamond]\n  Exit [shape=Msquare]\n"
    "  Start -> Exit\n}\n",
    "prompts/p.md": "Review ${ctx.last_response} and say STATUS: success.\n",
    "scripts/s.sh": "#!/bin/sh\necho ok\n",
}


@dataclass
class Outcome:
    problems: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)  # tracebacks, for the reproducer
    findings: int = 0

    def add(self, problem: str, detail: str = "") -> None:
        if problem not in self.problems:
            self.problems.append(problem)
            if detail:
                self.details.append(detail)

    def as_dict(self) -> dict[str, Any]:
        return {"problems": self.problems, "details": self.details, "findings": self.findings}


def prepare(directory: str) -> None:
    for name, text in NEIGHBOURS.items():
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    frame = frames[-1]
    return f" at {os.path.basename(frame.filename)}:{frame.lineno}"


def _exception(outcome: Outcome, stage: str, error: BaseException) -> None:
    outcome.add(
        f"{stage}: {type(error).__name__}{_where(error)}",
        "".join(traceback.format_exception(error)),
    )


def config_for(path: str, dialect: str | None) -> Config:
    """The configuration that reads ``path`` (absolute) in ``dialect``, as a ``dialect`` glob
    naming the file would."""
    if dialect is None:
        return Config()
    return Config(dialects=((path, Dialect(dialect)),))


def check_file(directory: str, name: str, data: bytes, dialect: str | None) -> Outcome:
    outcome = Outcome()
    path = os.path.join(directory, name)
    with open(path, "wb") as handle:
        handle.write(data)
    try:
        result = lint_file(path, config_for(path, dialect), named=True)
    except Exception as error:
        _exception(outcome, "lint", error)
        return outcome
    outcome.findings = len(result.diagnostics)
    source = result.source
    for item in result.diagnostics:
        if item.code == "DC000":
            # the message names the exception and where it was raised
            outcome.add(f"DC000: {item.message.split('; the other checks')[0]}")
        _check_spans(outcome, item, path, source)
    _check_json(outcome, result, path, source)
    try:
        text_report.render([result])
    except Exception as error:
        _exception(outcome, "text report", error)
    if name.endswith(".dip") and source is not None:
        over_limit = any(item.code == "DC002" for item in result.diagnostics)
        _check_fmt(outcome, source.text, over_limit)
    return outcome


def _spans(item: Diagnostic) -> list[tuple[str, Span]]:
    found = [("finding", item.span)]
    found += [("related", related.span) for related in item.related]
    if item.fix is not None:
        found += [("fix edit", edit.span) for edit in item.fix.edits]
    return found


def _check_spans(outcome: Outcome, item: Diagnostic, path: str, source: SourceText | None) -> None:
    for what, span in _spans(item):
        if span.source.path != path:
            continue  # another file (an included prompt, a child workflow)
        if source is not None and span.source.text != source.text:
            outcome.add(f"{item.code}: {what} span on a different text of the file")
            continue
        if not 0 <= span.start <= span.end <= len(span.source.text):
            outcome.add(
                f"{item.code}: {what} span {span.start}..{span.end} outside the text "
                f"(0..{len(span.source.text)})"
            )


def _check_json(outcome: Outcome, result: LintResult, path: str, source: SourceText | None) -> None:
    try:
        rendered = json_report.render([result])
    except Exception as error:
        _exception(outcome, "json report", error)
        return
    try:
        document = json.loads(rendered)
    except ValueError as error:
        outcome.add(f"json report: not JSON ({error})")
        return
    if source is None:
        return
    starts = source.line_starts
    for entry in document.get("diagnostics", []):
        ranges = [("finding", entry["file"], entry["range"])]
        ranges += [("related", item["file"], item["range"]) for item in entry["related"]]
        if entry.get("fix"):
            ranges += [("fix edit", entry["file"], edit["range"]) for edit in entry["fix"]["edits"]]
        for what, file, where in ranges:
            if file != path:
                continue
            ends = (where["start"], where["end"])
            if (ends[0]["line"], ends[0]["column"]) > (ends[1]["line"], ends[1]["column"]):
                outcome.add(f"{entry['code']}: json {what} range ends before it starts")
            for end in ends:
                line, column = end["line"], end["column"]
                if not 1 <= line <= len(starts):
                    outcome.add(f"{entry['code']}: json {what} line {line} outside the file")
                    continue
                stop = starts[line] if line < len(starts) else len(source.text)
                if not 1 <= column <= stop - starts[line - 1] + 1:
                    outcome.add(f"{entry['code']}: json {what} column {column} outside line {line}")


def _check_fmt(outcome: Outcome, text: str, over_limit: bool) -> None:
    """``over_limit``: lint reported DC002, so refusing a file past the token limit is the
    formatter's documented answer."""
    from dipcheck.formatter import FormatError, format_dip

    try:
        format_dip(text)
    except FormatError as error:
        refused = "syntax errors" in str(error)
        refused = refused or (over_limit and "over dipcheck's limit" in str(error))
        if not refused:
            outcome.add(f"fmt: {error}")
    except Exception as error:
        _exception(outcome, "fmt", error)
