"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

    ::error file=build.dip,line=12,endLine=12,col=5,endColumn=31,title=DC201::message

Properties and the message are escaped as the Actions runner requires (``%``, CR and LF in
the message; also ``:`` and ``,`` in properties). GitHub takes columns only for a one-line
range, so a finding spanning lines is annotated from its first to its last line. GitHub shows
a limited number of annotations per step; SARIF (``--format sarif``) scales further.
"""

from __future__ import annotations

from collections.abc import Sequence

from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.result import LintResult

COMMANDS = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
    Severity.HINT: "notice",
}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(item: Diagnostic) -> str:
    line, column = item.span.start_position()
    end_line, end_column = item.span.end_position()
    properties = [("file", item.span.path), ("line", str(line + 1)), ("endLine", str(end_line + 1))]
    if line == end_line:
        properties += [("col", str(column + 1)), ("endColumn", str(end_column + 1))]
    properties.append(("title", item.code))
    listed = ",".join(f"{key}={escape_property(value)}" for key, value in properties)
    message = item.message + (f"\nhelp: {item.help}" if item.help else "")
    return f"::{COMMANDS[item.severity]} {listed}::{escape_data(message)}"


def render(results: Sequence[LintResult]) -> str:
    lines = [annotation(item) for result in results for item in result.diagnostics]
    return "".join(line + "\n" for line in lines)
