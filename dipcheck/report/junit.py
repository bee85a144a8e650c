"""``--format junit``: JUnit XML, one test case per linted file.

A file fails when it has a finding at or above the failure level (``--fail-on``, the same
rule as the exit status); the ``<failure>`` lists every finding of the file, one
``file:line:col: CODE [severity] message`` line each. Findings below the level are listed in
the test case's ``<system-out>`` and do not fail it. Control characters, which XML 1.0 cannot
hold, are shown as ``\\xNN``, and the other code points it cannot hold as ``\\uNNNN``
(:func:`dipcheck.terminal.xml_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from xml.etree import ElementTree

from dipcheck.diagnostics import Severity
from dipcheck.report.text import render_concise
from dipcheck.result import LintResult
from dipcheck.terminal import xml_text


def render(results: Sequence[LintResult], fail_on: Callable[[str], Severity]) -> str:
    """A test case per file, failed by a finding at or above its file's ``fail_on`` level."""
    suites = ElementTree.Element("testsuites", name="dipcheck")
    suite = ElementTree.SubElement(suites, "testsuite", name="dipcheck")
    failures = 0
    for result in results:
        path = xml_text(result.path)
        case = ElementTree.SubElement(suite, "testcase", name=path, classname="dipcheck", file=path)
        lines = xml_text("\n".join(render_concise(item) for item in result.diagnostics))
        level = fail_on(result.path)
        failing = [item for item in result.diagnostics if item.severity >= level]
        if failing:
            failures += 1
            worst = max(item.severity for item in failing)
            count = len(result.diagnostics)
            failure = ElementTree.SubElement(
                case,
                "failure",
                message=f"{count} finding{'s' if count != 1 else ''}",
                type=worst.label,
            )
            failure.text = lines
        elif lines:
            ElementTree.SubElement(case, "system-out").text = lines
    for element in (suites, suite):
        element.set("tests", str(len(results)))
        element.set("failures", str(failures))
        element.set("errors", "0")
    ElementTree.indent(suites)
    body = ElementTree.tostring(suites, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'
