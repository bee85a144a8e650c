"""Output of ``dipcheck test``: text like pytest's (one line per test, then each failure with
the expected and actual paths side by side, the first divergence and the edge decision behind
it), one JSON document, or JUnit XML.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any
from xml.etree import ElementTree

from dipcheck import jsontext
from dipcheck.simulate.render import ARROW
from dipcheck.terminal import visible_lines, visible_name, xml_text
from dipcheck.wftest import compare
from dipcheck.wftest.expect import Failure
from dipcheck.wftest.runner import FileResult, TestResult

CONTEXT = 3  # path entries shown on each side of the first divergence
RULE_WIDTH = 78


def counts(files: Sequence[FileResult]) -> dict[str, int]:
    results = [test for file in files for test in file.results]
    return {
        "files": len(files),
        "tests": len(results),
        "passed": sum(1 for test in results if test.outcome == "passed"),
        "failed": sum(1 for test in results if test.outcome == "failed"),
        "errors": sum(1 for test in results if test.outcome == "error")
        + sum(1 for file in files if file.error is not None),
    }


def _display(path: str) -> str:
    """A file's name as the text report shows it: relative when under the working directory,
    one line (:func:`~dipcheck.terminal.visible_name`: a name holding a line break started a
    line of its own, `::error file=x::…` in GitHub Actions)."""
    relative = os.path.relpath(path)
    return visible_name(path if relative.startswith("..") else relative)


def _rule(title: str, char: str = "=") -> str:
    text = f" {title} "
    side = max(RULE_WIDTH - len(text), 4) // 2
    return f"{char * side}{text}{char * side}"


# -- text ------------------------------------------------------------------------------------


def text(files: Sequence[FileResult], target: str, seconds: float, verbose: bool = False) -> str:
    lines: list[str] = []
    for file in files:
        name = _display(file.path)
        if file.error is not None:
            error = file.error
            lines.append(f"{name} ERROR")
            lines.append(f"  {_display(error.path)}:{error.line}:{error.column}: {error.message}")
            continue
        for test in file.results:
            lines.append(f"{name}::{test.case.name} {test.outcome.upper()}")
            if verbose and test.observed is not None:
                observed = test.observed
                lines.append(f"  {observed.end.status}: {f' {ARROW} '.join(observed.path)}")
                lines.extend(f"  note: {note}" for note in test.case.notes)
        for problem in file.warnings:
            lines.append(f"warning: {name}:{problem.line}:{problem.column}: {problem.message}")
    failing = [(file, test) for file in files for test in file.results if test.outcome != "passed"]
    if failing:
        lines.extend(["", _rule("FAILURES")])
        for file, test in failing:
            lines.extend(_failure_block(file, test))
    agreeing = [
        (file, test)
        for file in files
        for test in file.results
        if test.outcome == "passed" and test.disagreement is not None
    ]
    if agreeing:
        lines.extend(["", _rule("passing here, failing in dippin")])
        for file, test in agreeing:
            lines.append(_rule(f"{_display(file.path)}::{test.case.name}", "_"))
            assert test.disagreement is not None
            lines.extend(compare.summary(test.disagreement))
    summary = counts(files)
    parts = [
        f"{summary[key]} {word}"
        for key, word in (("failed", "failed"), ("passed", "passed"), ("errors", "error"))
        if summary[key]
    ]
    if summary["errors"] > 1:
        parts[-1] += "s"
    shown = ", ".join(parts) or "no tests ran"
    lines.extend(["", _rule(f"{shown} in {seconds:.2f}s (tracker {target})")])
    return visible_lines(lines)  # (a DOT node id can hold a line break)


def _failure_block(file: FileResult, test: TestResult) -> list[str]:
    name = _display(file.path)
    lines = [_rule(f"{name}::{test.case.name}", "_")]
    if test.error is not None:
        lines.append(f"{name}:{test.case.line}: error: {test.error}")
        return lines
    for failure in test.failures:
        lines.append(f"{name}:{failure.line}: {failure.key}: {failure.message}")
        if failure.side_by_side is not None:
            lines.extend(side_by_side(*failure.side_by_side, failure.key))
        lines.extend(f"    {line}" for line in failure.decision)
    for note in test.case.notes:
        lines.append(f"  note: {note}")
    if test.disagreement is not None:
        lines.extend(f"  {line}" for line in compare.summary(test.disagreement))
    return lines


def side_by_side(expected: list[str], actual: list[str], index: int, key: str) -> list[str]:
    """The two lists in columns around the first divergence (``>`` marks it)."""
    left_title = {"path_contains": "expected, in order", "waves": "expected waves"}.get(
        key, "expected path"
    )
    right_title = "actual waves" if key == "waves" else "actual path"
    width = max([len(left_title), *(len(item) for item in expected)]) + 2
    rows = max(len(expected), len(actual))
    lines = [f"      {'':>4}  {left_title:<{width}}  {right_title}"]
    low, high = max(0, index - CONTEXT), min(rows, index + CONTEXT + 1)
    if key == "path_contains":  # the expected list does not align with the path by position
        low, high = 0, min(rows, max(len(expected) + CONTEXT, 4 * CONTEXT))
    if low:
        lines.append(f"      {'…':>4}")
    filler = "" if key == "path_contains" else "(end)"
    for row in range(low, high):
        left = expected[row] if row < len(expected) else filler
        right = actual[row] if row < len(actual) else filler
        mark = ">" if row == index else " "
        sign = "≠" if row == index and key != "path_contains" else " "
        lines.append(f"    {mark} {row + 1:>4}  {left:<{width}}{sign} {right}")
    if high < rows:
        lines.append(f"      {'…':>4}  ({rows - high} more)")
    return lines


# -- JSON ------------------------------------------------------------------------------------


def jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        result: dict[str, Any] = {}
        for key, item in value.items():
            if isinstance(key, tuple):  # edge_reason: (node, visit) → (reason, target)
                node, visit = key
                name = node if visit == 1 else f"{node}#{visit}"
                reason, target = item
                result[name] = {"reason": reason, "to": target}
            else:
                result[str(key)] = jsonable(item)
        return result
    if isinstance(value, list | tuple):
        return [jsonable(item) for item in value]
    return value


def _failure_dict(failure: Failure) -> dict[str, Any]:
    return {
        "expectation": failure.key,
        "line": failure.line,
        "column": failure.column,
        "message": failure.message,
        "expected": jsonable(failure.expected),
        "actual": jsonable(failure.actual),
        "decision": failure.decision,
    }


def test_dict(test: TestResult) -> dict[str, Any]:
    observed = test.observed
    disagreement = test.disagreement
    return {
        "name": test.case.name,
        "line": test.case.line,
        "outcome": test.outcome,
        "seconds": round(test.seconds, 6),
        "status": observed.end.status if observed is not None else None,
        "path": observed.path if observed is not None else [],
        "error": test.error,
        "failures": [_failure_dict(failure) for failure in test.failures],
        "notes": test.case.notes,
        "dippin": None
        if disagreement is None
        else {
            "passes": disagreement.dippin_passes,
            "status": disagreement.dippin_status,
            "path": disagreement.dippin_path,
            "failures": disagreement.dippin_failures,
            "where": disagreement.where or None,
            "why": disagreement.why,
        },
    }


def file_dict(file: FileResult) -> dict[str, Any]:
    error = file.error
    return {
        "file": file.path,
        "format": file.kind,
        "workflow": file.workflow or None,
        "error": None
        if error is None
        else {"line": error.line, "column": error.column, "message": error.message},
        "warnings": [
            {"line": item.line, "column": item.column, "message": item.message}
            for item in file.warnings
        ],
        "tests": [test_dict(test) for test in file.results],
    }


def document(files: Sequence[FileResult], target: str) -> dict[str, Any]:
    return {
        "version": 1,
        "target": target,
        "files": [file_dict(file) for file in files],
        "summary": counts(files),
    }


def dumps(data: dict[str, Any]) -> str:
    return jsontext.utf8_safe(json.dumps(data, indent=2, ensure_ascii=False)) + "\n"


# -- JUnit -----------------------------------------------------------------------------------


def junit(files: Sequence[FileResult]) -> str:
    suites = ElementTree.Element("testsuites", name="dipcheck test")
    total = counts(files)
    for file in files:
        suite = ElementTree.SubElement(suites, "testsuite", name=file.path)
        cases = file.results
        if file.error is not None:
            case = ElementTree.SubElement(
                suite, "testcase", name="(test file)", classname=file.path, file=file.path
            )
            error = file.error
            element = ElementTree.SubElement(case, "error", message=error.message)
            element.text = f"{error.path}:{error.line}:{error.column}: {error.message}"
        for test in cases:
            case = ElementTree.SubElement(
                suite,
                "testcase",
                name=test.case.name,
                classname=file.path,
                file=file.path,
                line=str(test.case.line),
                time=f"{test.seconds:.6f}",
            )
            if test.error is not None:
                ElementTree.SubElement(case, "error", message=test.error).text = test.error
            elif test.failures:
                lines = _failure_block(file, test)[1:]
                element = ElementTree.SubElement(
                    case, "failure", message=test.failures[0].message, type=test.failures[0].key
                )
                element.text = "\n".join(lines)
            elif test.disagreement is not None:
                notes = compare.summary(test.disagreement)
                ElementTree.SubElement(case, "system-out").text = "\n".join(notes)
        failed = sum(1 for test in cases if test.outcome == "failed")
        errors = sum(1 for test in cases if test.outcome == "error") + (file.error is not None)
        suite.set("tests", str(len(cases) + (file.error is not None)))
        suite.set("failures", str(failed))
        suite.set("errors", str(errors))
        suite.set("time", f"{sum(test.seconds for test in cases):.6f}")
    suites.set("tests", str(total["tests"] + sum(1 for f in files if f.error is not None)))
    suites.set("failures", str(total["failed"]))
    suites.set("errors", str(total["errors"]))
    ElementTree.indent(suites)
    body = xml_text(ElementTree.tostring(suites, encoding="unicode"))  # U+FFFF in a test name
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'
