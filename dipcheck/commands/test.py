"""``dipcheck test``: run the scenario tests of workflows (``add_parser`` and ``run``).

Exit status: 0 when every test passes (and coverage reaches ``--fail-under``), 1 when a test
fails (or coverage falls short), 2 for a malformed test file (reported with its line), a
workflow that cannot be simulated, a path that does not exist, or a usage error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from dipcheck.records import replace
from dipcheck.target import KNOWN_TARGETS
from dipcheck.terminal import for_stream, visible, visible_line, visible_name
from dipcheck.writes import write_output

EXIT_OK, EXIT_FAILED, EXIT_ERROR = 0, 1, 2
REPORT_KINDS = ("text", "json", "lcov")
DEFAULT_REPORT_FILES = {"json": "coverage.json", "lcov": "coverage.lcov"}

EPILOG = """\
test files (beside the workflow, or named with `workflow:` at the top):
  build.tests.yaml   dipcheck's own: a list of tests, each a simulate scenario plus expect:
    - name: tests fail once, then pass
      nodes:
        Test: [{stdout: tests_fail, exit_code: 1}, {stdout: tests_pass}]
      expect:
        status: success            # or succeeded / failed, or any simulate status
        path: [Start, Build, Test, Fix, Test, Approve, Done]   # exact main-loop path
        path_contains: [Fix, Approve]                          # in this order
        visited: [Fix]
        not_visited: [Rework]
        immediately_after: {Fix: Test}
        edge_reason: {Test: condition, "Test#2": {reason: condition, to: Approve}}
        writes: [verdict]          # keys some node wrote
        context: {verdict: approve}   # values at the end of the run
        max_steps: 12              # the run takes at most 12 steps
  build.test.json    dippin's, read as dippin reads it (scenario key=value pairs, branch,
                     expect.status|visited|not_visited|path_contains|immediately_after); where
                     tracker's routing gives another verdict than dippin's simulator, the
                     output says where and why

coverage (--coverage): edges, node outcomes, human-gate answers, tool-output markers and
condition clauses the tests exercised; --coverage-report text (default), json[:FILE] or
lcov[:FILE] (default files coverage.json, coverage.lcov).

exit status:
  0  every test passed (and coverage reached --fail-under)
  1  a test failed, or coverage is under --fail-under
  2  a malformed test file (with its line), a workflow that cannot be simulated, usage error

examples:
  dipcheck test                      every test file under the current directory
  dipcheck test build.dip            the tests beside build.dip
  dipcheck test -k approve --verbose
  dipcheck test --update build.tests.yaml
  dipcheck test --coverage --coverage-report lcov:coverage.lcov --fail-under 80
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "test",
        help="run the scenario tests of workflows (.tests.yaml, dippin's .test.json)",
        description="Run workflow tests on the simulator (no LLM is called, no command is run): "
        "each test is a scenario and what the run must do.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="*",
        default=["."],
        metavar="PATH",
        help="test files, workflows (their test files are run) or directories (default: .)",
    )
    parser.add_argument("--format", choices=("text", "json", "junit"), default="text")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    parser.add_argument("-k", metavar="TEXT", help="only the tests whose name contains TEXT")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="show each test's status and path"
    )
    parser.add_argument(
        "--update",
        action="store_true",
        help="write each run's observed status and path into the test's expectations",
    )
    cover = parser.add_argument_group("coverage")
    cover.add_argument("--coverage", action="store_true", help="measure what the tests exercise")
    cover.add_argument(
        "--coverage-report",
        action="append",
        metavar="KIND[:FILE]",
        help="text, json[:FILE] or lcov[:FILE] (repeatable; implies --coverage)",
    )
    cover.add_argument(
        "--fail-under",
        type=_percentage,
        metavar="PCT",
        help="exit 1 when total coverage is under PCT percent (implies --coverage)",
    )
    parser.add_argument(
        "--target-version",
        metavar="VERSION",
        help="the tracker release to simulate (default: 0.64; known: "
        + ", ".join(KNOWN_TARGETS)
        + ")",
    )
    parser.add_argument("--config", metavar="FILE", help="use this configuration file")
    parser.add_argument("--isolated", action="store_true", help="ignore every configuration file")


def _percentage(value: str) -> float:
    """A percentage from 0 to 100 (argparse reports anything else as a usage error)."""
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if not 0 <= number <= 100:  # (NaN fails both comparisons)
        raise argparse.ArgumentTypeError(f"{value} is not a percentage from 0 to 100")
    return number


def _error(message: str) -> int:
    print(visible_line(f"dipcheck test: error: {message}"), file=sys.stderr)
    return EXIT_ERROR


def _reports(values: list[str] | None) -> list[tuple[str, str | None]] | str:
    reports: list[tuple[str, str | None]] = []
    for value in values or ["text"]:
        kind, _, target = value.partition(":")
        if kind not in REPORT_KINDS:
            return f"--coverage-report: unknown kind {kind!r} (text, json, lcov)"
        if kind == "text" and target:
            return "--coverage-report text prints to standard output and takes no file"
        reports.append((kind, target or DEFAULT_REPORT_FILES.get(kind)))
    return reports


def run(args: argparse.Namespace) -> int:
    from dipcheck.config import Config, ConfigError, load_config
    from dipcheck.target import parse_target
    from dipcheck.wftest import loader, report, runner

    reports = _reports(args.coverage_report)
    if isinstance(reports, str):
        return _error(reports)
    measuring = args.coverage or args.coverage_report is not None or args.fail_under is not None
    try:
        target = parse_target(args.target_version) if args.target_version else None
        if args.config and not args.isolated:
            load_config(None, args.config)  # a configuration error is a usage error
    except (ConfigError, ValueError) as error:
        return _error(str(error))
    configs: dict[str, Config] = {}

    def config_for(path: str) -> Config:
        # a configuration error is the workflow's error (exit 2), as simulate says it: the
        # tests are not run with the defaults instead of what the file meant to set
        directory = os.path.dirname(os.path.abspath(path))
        if directory not in configs:
            found = Config() if args.isolated else load_config(path, args.config)
            configs[directory] = replace(found, target=target) if target else found
        return configs[directory]

    started = time.perf_counter()
    files, missing = loader.discover(args.paths)
    for path in missing:
        print(
            f"dipcheck test: error: {visible_name(path)}: no such file or directory",
            file=sys.stderr,
        )
    select = None
    if args.k:
        wanted = args.k.lower()
        select = lambda name: wanted in name.lower()  # noqa: E731
    workflows = runner.Workflows(config_for)
    results = [runner.run_file(path, workflows, select) for path in files]
    if args.update:
        results = _update(results, workflows, select)
    seconds = time.perf_counter() - started
    shown_target = str(target) if target else str(Config().target)
    if results and results[0].prepared is not None:
        shown_target = results[0].prepared.target
    coverages = _measure(results) if measuring else []
    if args.format == "json":
        document = report.document(results, shown_target)
        if measuring:
            from dipcheck.wftest import coverage

            document["coverage"] = coverage.document([item for item, _ in coverages])
        output = report.dumps(document)
    elif args.format == "junit":
        output = report.junit(results)
    else:
        output = report.text(results, shown_target, seconds, args.verbose)
        if not files and not missing:
            output = "no test files found (*.tests.yaml, *.test.json)\n" + output
    code = _exit_code(results, missing)
    if measuring:
        text, under = _coverage_reports(coverages, reports, args.fail_under, args.format)
        output += text
        if under and code == EXIT_OK:
            code = EXIT_FAILED
    if args.format != "json":  # workflow text carries no terminal controls (dipcheck.terminal)
        output = visible(output)
    if args.output:
        write_output(args.output, [output])
    else:  # (JSON too is shown with escapes on a terminal: it keeps C1 and bidi controls)
        sys.stdout.write(for_stream(output, sys.stdout))
    return code


def _exit_code(results: list[Any], missing: list[str]) -> int:
    if missing or any(file.error is not None for file in results):
        return EXIT_ERROR
    if any(test.outcome != "passed" for file in results for test in file.results):
        return EXIT_FAILED
    return EXIT_OK


def _update(results: list[Any], workflows: Any, select: Any) -> list[Any]:
    from dipcheck.engine import tree_of
    from dipcheck.files import read_regular
    from dipcheck.wftest import runner, update
    from dipcheck.wftest.loader import MAX_TEST_FILE_BYTES
    from dipcheck.writes import FileChanged, WriteRefused, write_atomically

    refreshed: list[Any] = []
    for file in results:
        updates = {
            test.case.name: update.snapshot(test.observed, file.kind)
            for test in file.results
            if test.observed is not None
        }
        if file.error is not None or not updates:
            refreshed.append(file)
            continue
        try:  # (write_atomically keeps a byte-order mark itself)
            data = read_regular(file.path, MAX_TEST_FILE_BYTES)
            before = data.decode("utf-8").removeprefix("\ufeff")
            after = update.update_text(file.path, before, file.kind, updates)
            if after != before:
                write_atomically(file.path, before, after, tree_of(file.path))
                print(visible(f"dipcheck test: updated {visible_name(file.path)}"), file=sys.stderr)
        except update.UpdateError as error:
            print(visible_line(f"dipcheck test: error: {error}"), file=sys.stderr)
            refreshed.append(file)
            continue
        except (FileChanged, WriteRefused, OSError, UnicodeDecodeError) as error:
            reason = "it changed on disk meanwhile" if isinstance(error, FileChanged) else error
            print(
                visible(f"dipcheck test: error: {visible_name(file.path)} not updated: {reason}"),
                file=sys.stderr,
            )
            refreshed.append(file)
            continue
        refreshed.append(runner.run_file(file.path, workflows, select))
    return refreshed


def _measure(results: list[Any]) -> list[tuple[Any, dict[str, tuple[int, int]]]]:
    """The coverage of each workflow the tests ran on (all its test files together)."""
    from dipcheck.wftest import coverage

    groups: dict[int, tuple[Any, list[Any]]] = {}
    for file in results:
        if file.prepared is None:
            continue
        group = groups.setdefault(id(file.prepared), (file.prepared, []))
        group[1].extend(file.results)
    measured: list[tuple[Any, dict[str, tuple[int, int]]]] = []
    for prepared, tests in groups.values():
        graph = prepared.graph
        found = coverage.measure(prepared.path, graph, prepared.machine.target, tests)
        nodes = {}
        for node_id, node in graph.nodes.items():
            line, column = node.id_span.start_position()
            nodes[node_id] = (line + 1, column + 1)
        measured.append((found, nodes))
    return measured


def _display(path: str) -> str:
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def _coverage_reports(
    measured: list[Any], reports: list[tuple[str, str | None]], fail_under: float | None, fmt: str
) -> tuple[str, bool]:
    from dipcheck.wftest import coverage, lcov, report

    coverages = [item for item, _ in measured]
    shown = ""
    if not coverages and fmt == "text":
        shown += "\ncoverage: nothing was measured (no test ran on a workflow)\n"
    for kind, target in reports:
        if kind == "text":
            if fmt == "text" and coverages:
                shown += "\n" + coverage.text(coverages, lambda path: visible_name(_display(path)))
            continue
        body = (
            lcov.render(measured, _display)
            if kind == "lcov"
            else report.dumps(coverage.document(coverages))
        )
        assert target is not None
        write_output(target, [body])
        if fmt == "text":
            shown += f"coverage ({kind}) written to {target}\n"
    if fail_under is None:
        return shown, False
    if not coverages:
        # no test ran on a workflow: nothing was measured, and a gate that measured nothing
        # does not pass (as coverage.py's `--fail-under` with no data)
        failure = f"no coverage was measured (no test ran), so --fail-under {fail_under:g}% fails"
    else:
        total = coverage.total_percent(coverages)
        if total >= fail_under:
            return shown, False
        failure = f"coverage {total:.1f}% is under --fail-under {fail_under:g}%"
    if fmt == "text":
        shown += f"FAIL: {failure}\n"
    else:
        print(f"dipcheck test: {failure}", file=sys.stderr)
    return shown, True
