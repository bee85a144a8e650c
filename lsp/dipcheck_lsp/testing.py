"""Workflow tests in the editor: ``dipcheck.runTests`` (``workspace/executeCommand``), the
"▶ Run tests" code lenses, and test failures as diagnostics on the test file.

A test file (``*.tests.yaml``, ``*.tests.yml``, dippin's ``*.test.json``) is "linted" by
running its tests against its workflow — the editor's text of both when they are open — so a
malformed file, a failing expectation or a dippin test whose verdict tracker's routing
changes shows where it is written, and edits to the workflow re-run the tests that depend on
it. Lenses: one on a workflow's header when test files sit beside it, one at the top of a test
file and one on each test. The command's ``arguments`` are a URI (a workflow or a test file)
and optionally ``{"test": name, "format": "json" | "text", "show": bool}``; it answers with
the JSON document of ``dipcheck test --format json`` (or the text report), and with ``show``
— what the lenses send — also logs the text report (``window/logMessage``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from lsprotocol import types

from dipcheck.config import Config
from dipcheck.engine import LintResult
from dipcheck.files import outside_tree, read_regular, tree_of
from dipcheck.source import SourceText
from dipcheck_lsp.convert import Positions, path_of, uri_of
from dipcheck_lsp.findings import Converted
from dipcheck_lsp.protocol import Refused, document_path, sent

COMMAND = "dipcheck.runTests"
FORMATS = ("json", "text")
LENS_ALL = "▶ Run tests"
LENS_ONE = "▶ Run test"
SOURCE = "dipcheck test"
_STOP = frozenset(",:]}#\n")


def is_test_path(path: str | None) -> bool:
    from dipcheck.wftest.loader import is_test_file

    return path is not None and is_test_file(path)


def _token(source: SourceText, positions: Positions, line: int, column: int) -> types.Range:
    """The range of the word, key or quoted string starting at a 1-based line and column."""
    start = source.offset(line - 1, column - 1)
    text = source.text
    end = start
    if end < len(text) and text[end] in "\"'":
        quote = text[end]
        end += 1
        while end < len(text) and text[end] not in (quote, "\n"):
            end += 2 if text[end] == "\\" else 1
        end = min(end + 1, len(text))
    else:
        while end < len(text) and text[end] not in _STOP:
            end += 1
        while end > start and text[end - 1] in " \t\r":
            end -= 1
    if end == start:
        end = source.line_end(line - 1)
    return positions.range(start, end)


def _diagnostic(
    source: SourceText,
    positions: Positions,
    line: int,
    column: int,
    message: str,
    severity: types.DiagnosticSeverity,
    code: str,
) -> types.Diagnostic:
    return types.Diagnostic(
        range=_token(source, positions, line, column),
        message=message,
        severity=severity,
        code=code,
        source=SOURCE,
    )


def diagnostics(file: Any, source: SourceText, positions: Positions) -> list[types.Diagnostic]:
    """A test file's run as diagnostics: the file's error, its warnings, each failure at its
    expectation, a test that could not run at its name, a dippin disagreement as information."""
    from dipcheck.wftest import compare

    error, warning, info = (
        types.DiagnosticSeverity.Error,
        types.DiagnosticSeverity.Warning,
        types.DiagnosticSeverity.Information,
    )
    found: list[types.Diagnostic] = []
    if file.error is not None:
        item = file.error
        found.append(
            _diagnostic(source, positions, item.line, item.column, item.message, error, "malformed")
        )
    for problem in file.warnings:
        found.append(
            _diagnostic(
                source, positions, problem.line, problem.column, problem.message, warning, "ignored"
            )
        )
    for test in file.results:
        case = test.case
        if test.error is not None:
            found.append(
                _diagnostic(source, positions, case.line, case.column, test.error, error, "error")
            )
        for failure in test.failures:
            text = "\n".join([f"{case.name}: {failure.message}", *failure.decision])
            found.append(
                _diagnostic(
                    source, positions, failure.line, failure.column, text, error, failure.key
                )
            )
        if test.disagreement is not None:
            text = "\n".join([f"{case.name}:", *compare.summary(test.disagreement)])
            found.append(
                _diagnostic(source, positions, case.line, case.column, text, info, "dippin")
            )
    return found


def run_document(
    path: str,
    text: str,
    config: Config,
    reader: Callable[[str], str | None],
) -> tuple[Any, set[str]]:
    """Run an open test file (its workflow's open text if there is one): the file result and
    the paths it depended on."""
    from dipcheck.wftest import loader, runner

    workflows = runner.Workflows(config)
    deps = {path}
    workflow_text: str | None = None
    try:
        parsed = loader.read(path, text)
        if parsed.workflow is not None:
            deps.add(os.path.normpath(os.path.abspath(parsed.workflow)))
            workflow_text = reader(parsed.workflow)
    except Exception:  # the run below reports the problem with its line
        pass
    for suffix in loader.WORKFLOW_SUFFIXES:  # a workflow created later is picked up
        deps.add(os.path.normpath(os.path.abspath(loader.stem(path) + suffix)))
    return runner.run_file(path, workflows, None, text, workflow_text), deps


def lint_tests(
    request: Any, reader: Callable[[str], str | None]
) -> tuple[LintResult, Converted, set[str]]:
    """The "lint" of a test document: its tests run, as diagnostics."""
    path = request.path
    source = SourceText(path, request.text)
    file, deps = run_document(path, request.text, request.config, reader)
    positions = Positions(source, request.encoding)
    converted = Converted(own=diagnostics(file, source, positions))
    return LintResult(path, source, None, []), converted, deps


# -- lenses ----------------------------------------------------------------------------------


def _command(title: str, uri: str, test: str | None = None) -> types.Command:
    options: dict[str, Any] = {"show": True}
    if test is not None:
        options["test"] = test
    return types.Command(title=title, command=COMMAND, arguments=[uri, options])


@lru_cache(maxsize=32)
def _tests_in(path: str, text: str) -> tuple[tuple[str, int, int], ...]:
    """Each test of a test file's text: its name, and the 1-based line and column where it
    starts (its ``name:``); nothing for a file that does not read."""
    from dipcheck.wftest import loader
    from dipcheck.wftest.model import DIPPIN, TestFileError, where

    try:
        parsed = loader.read(path, text)
    except TestFileError:
        return ()
    found: list[tuple[str, int, int]] = []
    for index, item in enumerate(parsed.items):
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(name, str) or not name.strip():
            if parsed.kind != DIPPIN:
                continue
            name = f"test {index + 1}"
        if "name" in item:
            line, column = where(item, ("name",))
        else:
            location = ("tests", index) if isinstance(parsed.tree, dict) else (index,)
            line, column = where(parsed.tree, location)
        found.append((name.strip(), line, column))
    return tuple(found)


def code_lenses(snapshot: Any, exists: Callable[[str], bool]) -> list[types.CodeLens]:
    from dipcheck.wftest import loader

    path = snapshot.path
    positions = snapshot.positions
    if is_test_path(path):
        top = positions.range(0, 0)
        lenses = [types.CodeLens(range=top, command=_command(LENS_ALL, snapshot.uri))]
        for name, line, column in _tests_in(path, snapshot.source.text):
            start = snapshot.source.offset(line - 1, column - 1)
            lenses.append(
                types.CodeLens(
                    range=positions.range(start, start),
                    command=_command(LENS_ONE, snapshot.uri, name),
                )
            )
        return lenses
    workflow = snapshot.result.workflow
    if path is None or workflow is None:
        return []
    stem = os.path.splitext(path)[0]
    if not any(exists(stem + suffix) for suffix in loader.TEST_SUFFIXES):
        return []
    where = positions.span_range(workflow.decl_span)
    return [types.CodeLens(range=where, command=_command(LENS_ALL, snapshot.uri))]


# -- the command -------------------------------------------------------------------------------


def parse_arguments(arguments: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
    if not arguments or not isinstance(arguments[0], str):
        raise Refused(f"{COMMAND} takes a workflow's or a test file's URI (and an options object)")
    options = arguments[1] if len(arguments) > 1 else {}
    if not isinstance(options, dict):
        raise Refused(f"{COMMAND}: the second argument must be an options object")
    if options.get("format", "json") not in FORMATS:
        raise Refused(f"{COMMAND}: format must be one of {', '.join(FORMATS)}")
    test = options.get("test")
    if test is not None and not isinstance(test, str):
        raise Refused(f"{COMMAND}: `test` is a test's name")
    return arguments[0], options


def _text_for_positions(path: str) -> str:
    """The text of a test file that is not open, for the positions of its diagnostics: empty
    for one a symbolic link takes out of the tree (its tests were not read either: its one
    finding is at its start) and for a FIFO or device, which is not opened."""
    from dipcheck.wftest import loader

    if outside_tree(path, tree_of(path)) is not None:
        return ""
    try:
        data = read_regular(path, loader.MAX_TEST_FILE_BYTES)
    except OSError:
        data = b""
    return data.decode("utf-8", errors="replace")


def run_tests(
    uri: str,
    options: dict[str, Any],
    texts: Callable[[str], str | None],
    config_for: Callable[[str], Config],
    encoding: str,
) -> tuple[Any, str | None, dict[str, list[types.Diagnostic]]]:
    """Run the tests a URI names (in a worker thread): the answer, the text report to log
    (with ``show``), and the diagnostics of each test file run, by URI."""
    import time

    from dipcheck.wftest import loader, report, runner

    path = path_of(uri)
    if path is None:
        raise Refused(f"{COMMAND}: {sent(uri)} is not a file")
    document_path(COMMAND, uri)  # refuses a NUL, as dipcheck.simulate and dipcheck.graph do
    files = [path] if is_test_path(path) else loader.tests_beside(path)
    if not files:
        raise Refused(
            f"{COMMAND}: no test file beside {os.path.basename(path)} (.tests.yaml, .test.json)"
        )
    wanted = options.get("test")
    select = (lambda name: name == wanted) if isinstance(wanted, str) else None
    workflows = runner.Workflows(config_for)
    started = time.perf_counter()
    results = []
    for file in files:
        workflow = loader.workflow_beside(file)
        workflow_text = texts(workflow) if workflow else None
        results.append(runner.run_file(file, workflows, select, texts(file), workflow_text))
    seconds = time.perf_counter() - started
    target = next((item.prepared.target for item in results if item.prepared), "")
    published: dict[str, list[types.Diagnostic]] = {}
    for file in results:
        file_uri = uri_of(os.path.abspath(file.path))
        text = texts(file.path)
        if file_uri is None:
            continue
        if text is None:
            text = _text_for_positions(file.path)
        source = SourceText(file.path, text)
        published[file_uri] = diagnostics(file, source, Positions(source, encoding))
    report_text = report.text(results, target, seconds)
    shown = report_text if options.get("show") else None
    if options.get("format", "json") == "text":
        return report_text, shown, published
    return report.document(results, target), shown, published
