"""``dipcheck test --coverage`` against a hand count, its LCOV checked by ``lcov --summary``
and by a parser of the format, ``--fail-under``, and ``simulate --suggest-tests``.

Hand count for fixtures/wftest/review.dip and its three tests (review.tests.yaml):

* edges, 7: all taken (Lint → Done by the crashing linter, Approve → Fix by the rejection);
* outcomes, 9: Start, Done success; Lint success/fail; Fix success/fail/retry; Approve
  success/fail — Fix never fails or retries: 7;
* answers, 2: Approve (yes_no) Yes and No: 2;
* markers, 2: tool_marker clean and dirty: 2;
* clauses, 10 (five one-clause conditions, true and false): `ctx.outcome = fail` on
  Lint → Done is evaluated only when the markers did not match, and then it is true;
  `ctx.outcome = fail` on Approve → Fix only after Approve → Done was false: 8.

26 of 30, 86.7%.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from helpers import FIXTURES
from ruamel.yaml import YAML
from simulate_support import choice_gates
from test_cli import dipcheck

from dipcheck.wftest.contract import ReportDocument

REVIEW = FIXTURES / "wftest" / "review.dip"
KINDS = {
    "edges": (7, 7),
    "outcomes": (7, 9),
    "answers": (2, 2),
    "markers": (2, 2),
    "clauses": (8, 10),
}
UNCOVERED = [
    ("outcomes", "Fix: fail", 17, 9),
    ("outcomes", "Fix: retry", 17, 9),
    ("clauses", "Lint -> Done: `ctx.outcome = fail` false", 31, 24),
    ("clauses", "Approve -> Fix: `ctx.outcome = fail` false", 34, 26),
]


def test_text_summary_matches_the_hand_count() -> None:
    result = dipcheck("test", REVIEW, "--coverage")
    assert result.returncode == 0, result.stdout
    summary = result.stdout.split("\ncoverage of ", 1)[1].splitlines()
    assert summary == [
        "fixtures/wftest/review.dip: 86.7% (26 of 30)",
        "  edges        7/7    100.0%",
        "  outcomes     7/9     77.8%",
        "  answers      2/2    100.0%",
        "  markers      2/2    100.0%",
        "  clauses      8/10    80.0%",
        "  not covered:",
        "    fixtures/wftest/review.dip:17:9  outcome Fix: fail",
        "    fixtures/wftest/review.dip:17:9  outcome Fix: retry",
        "    fixtures/wftest/review.dip:31:24  clause Lint -> Done: `ctx.outcome = fail` false",
        "    fixtures/wftest/review.dip:34:26  clause Approve -> Fix: `ctx.outcome = fail` false",
    ]


def test_json_coverage_matches_the_hand_count() -> None:
    result = dipcheck("test", REVIEW, "--coverage", "--format", "json")
    document = ReportDocument.model_validate_json(result.stdout)
    assert document.coverage is not None
    (workflow,) = document.coverage.workflows
    assert (workflow.covered, workflow.total, workflow.percent) == (26, 30, 86.67)
    assert {kind: (count.covered, count.total) for kind, count in workflow.kinds.items()} == KINDS
    missing = [
        (item.kind, item.label, item.line, item.column)
        for item in workflow.items
        if not item.covered
    ]
    assert missing == UNCOVERED
    edges = {item.label: item.hits for item in workflow.items if item.kind == "edges"}
    assert edges == {
        "Start -> Lint": 3,
        "Lint -> Approve": 3,
        "Lint -> Fix": 1,
        "Lint -> Done": 1,
        "Fix -> Lint": 2,
        "Approve -> Done": 2,
        "Approve -> Fix": 1,
    }
    for item in workflow.items:
        assert item.covered == (item.hits > 0)


def _records(text: str) -> dict[str, list[str]]:
    """An LCOV tracefile's records (one SF: file), by kind, checked for well-formedness."""
    lines = text.splitlines()
    assert lines[0] == "TN:dipcheck" and lines[-1] == "end_of_record"
    records: dict[str, list[str]] = {}
    for line in lines[1:-1]:
        kind, _, value = line.partition(":")
        assert kind in {"SF", "FN", "FNDA", "FNF", "FNH", "BRDA", "BRF", "BRH", "DA", "LF", "LH"}
        records.setdefault(kind, []).append(value)
    return records


def test_lcov_is_valid_and_matches_the_hand_count(tmp_path: Path) -> None:
    shutil.copy(REVIEW, tmp_path / "review.dip")
    shutil.copy(FIXTURES / "wftest" / "review.tests.yaml", tmp_path)
    result = dipcheck("test", "--coverage-report", "lcov:out.lcov", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert "coverage (lcov) written to out.lcov" in result.stdout
    text = (tmp_path / "out.lcov").read_text(encoding="utf-8")
    records = _records(text)
    assert records["SF"] == ["review.dip"]
    # a line record per node and per edge line: 5 nodes, 7 edges, each on its own line
    lines = dict(value.split(",") for value in records["DA"])
    assert lines == {
        "9": "3",  # Start
        "12": "5",  # Lint
        "17": "2",  # Fix
        "20": "3",  # Approve
        "24": "3",  # Done
        "28": "3",
        "29": "3",
        "30": "1",
        "31": "1",
        "32": "2",
        "33": "2",
        "34": "1",
    }
    assert (records["LF"], records["LH"]) == (["12"], ["12"])
    assert (records["FNF"], records["FNH"]) == (["5"], ["5"])
    assert len(records["BRDA"]) == 23 and records["BRF"] == ["23"] and records["BRH"] == ["19"]
    keys = [tuple(value.split(",")[:3]) for value in records["BRDA"]]
    assert len(set(keys)) == len(keys)  # line, block and branch name one branch each
    lcov = shutil.which("lcov")
    if lcov is None:
        pytest.skip("lcov is not installed (tools/test.sh installs it with apt-get)")
    summary = subprocess.run(
        [lcov, "--summary", str(tmp_path / "out.lcov"), "--rc", "lcov_branch_coverage=1"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = summary.stdout + summary.stderr
    assert "lines......: 100.0% (12 of 12 lines)" in report
    assert "functions..: 100.0% (5 of 5 functions)" in report
    assert "branches...: 82.6% (19 of 23 branches)" in report


def test_fail_under(tmp_path: Path) -> None:
    under = dipcheck("test", REVIEW, "--fail-under", "90")
    assert under.returncode == 1
    assert "FAIL: coverage 86.7% is under --fail-under 90%" in under.stdout
    enough = dipcheck("test", REVIEW, "--fail-under", "86")
    assert enough.returncode == 0
    bad = dipcheck("test", REVIEW, "--coverage-report", "html")
    assert bad.returncode == 2 and "unknown kind 'html'" in bad.stderr


def test_a_coverage_gate_that_measured_nothing_fails_and_claims_no_percentage(
    tmp_path: Path,
) -> None:
    # (with no test file, `--fail-under 80` passed, and `--fail-under 200` said 100.0%)
    shutil.copy(REVIEW, tmp_path / "review.dip")
    gated = dipcheck("test", "--fail-under", "80", cwd=tmp_path)
    assert gated.returncode == 1
    assert gated.stdout.endswith(
        "\ncoverage: nothing was measured (no test ran on a workflow)\n"
        "FAIL: no coverage was measured (no test ran), so --fail-under 80% fails\n"
    )
    assert "%" not in gated.stdout.replace("80%", "")
    as_json = dipcheck("test", "--fail-under", "80", "--format", "json", cwd=tmp_path)
    assert as_json.returncode == 1
    assert as_json.stderr == (
        "dipcheck test: no coverage was measured (no test ran), so --fail-under 80% fails\n"
    )
    # the twins: without a gate, no test is not a failure (pre-commit runs the tests beside
    # a changed workflow, which may have none); --coverage alone says nothing was measured
    plain = dipcheck("test", "--coverage", "review.dip", cwd=tmp_path)
    assert plain.returncode == 0
    assert "coverage: nothing was measured (no test ran on a workflow)" in plain.stdout
    assert dipcheck("test", cwd=tmp_path).returncode == 0
    # a gate past 100% (or not a number) is a usage error, not a gate that cannot pass
    for value in ("200", "-1", "nan", "lots"):
        wrong = dipcheck("test", "--fail-under", value, cwd=tmp_path)
        assert wrong.returncode == 2, value
        assert wrong.stderr.splitlines()[-1].startswith(
            "dipcheck test: error: argument --fail-under: "
        )


def test_coverage_of_one_workflow_adds_up_its_test_files(tmp_path: Path) -> None:
    shutil.copy(REVIEW, tmp_path / "review.dip")
    (tmp_path / "review.tests.yaml").write_text(
        "- name: clean\n  nodes: {Lint: {stdout: lint-clean}}\n", encoding="utf-8"
    )
    (tmp_path / "review.test.json").write_text(
        '{"tests": [{"name": "crash", "scenario": {"Lint.outcome": "fail"}}]}\n',
        encoding="utf-8",
    )
    result = dipcheck("test", "--coverage", "--format", "json", cwd=tmp_path)
    document = ReportDocument.model_validate_json(result.stdout)
    assert document.coverage is not None
    (workflow,) = document.coverage.workflows
    taken = {item.label for item in workflow.items if item.kind == "edges" and item.covered}
    assert taken == {"Start -> Lint", "Lint -> Approve", "Approve -> Done", "Lint -> Done"}


# -- simulate --suggest-tests ----------------------------------------------------------------


def test_suggested_tests_reach_the_edges_the_tests_miss(tmp_path: Path) -> None:
    shutil.copy(REVIEW, tmp_path / "review.dip")
    (tmp_path / "review.tests.yaml").write_text(
        "tests:\n  - name: clean\n    nodes: {Lint: {stdout: lint-clean}}\n", encoding="utf-8"
    )
    before = dipcheck("test", "--coverage", "--format", "json", cwd=tmp_path)
    document = ReportDocument.model_validate_json(before.stdout)
    assert document.coverage is not None
    untaken = {
        item.label
        for item in document.coverage.workflows[0].items
        if item.kind == "edges" and not item.covered
    }
    result = dipcheck("simulate", "review.dip", "--all-paths", "--suggest-tests", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("# dipcheck simulate --suggest-tests: ")
    assert "(3 already taken)" in lines[0]
    suggested = YAML(typ="safe").load(result.stdout)
    names = [test["name"] for test in suggested]
    reached = {name.split("takes ", 1)[1].rsplit(" (line", 1)[0] for name in names}
    written_off = {
        line.split("a test for ", 1)[1].rsplit(" (line", 1)[0]
        for line in lines
        if line.startswith("# no explored path")
    }
    assert reached | written_off == untaken and not reached & written_off
    assert reached  # at least some edges get a test
    # pasted under `tests:`, every suggestion passes and takes its edge
    with (tmp_path / "review.tests.yaml").open("a", encoding="utf-8") as handle:
        handle.write("\n".join(line for line in lines if not line.startswith("#")) + "\n")
    after = dipcheck("test", "--coverage", "--format", "json", cwd=tmp_path)
    assert after.returncode == 0, after.stdout
    document = ReportDocument.model_validate_json(after.stdout)
    assert document.coverage is not None
    now_taken = {
        item.label
        for item in document.coverage.workflows[0].items
        if item.kind == "edges" and item.covered
    }
    assert reached <= now_taken
    assert json.loads(after.stdout)["summary"]["passed"] == 1 + len(names)


def test_suggesting_tests_stops_at_the_time_limit(tmp_path: Path) -> None:
    # 300 edges no test takes, each suggestion dumped, read back and run: 0.1.0 took minutes
    # past --max-seconds; now the edges left when the time is up are listed as not tried
    (tmp_path / "gates.dip").write_text(choice_gates(100), encoding="utf-8")
    begin = time.monotonic()
    result = dipcheck(
        "simulate",
        "gates.dip",
        "--all-paths",
        "--suggest-tests",
        "--max-seconds",
        "1",
        cwd=tmp_path,
    )
    assert time.monotonic() - begin < 30
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    [note] = [line for line in lines if line.startswith("# incomplete:")]
    untried = [line[4:] for line in lines if line.startswith("#   ")]
    assert note == (
        "# incomplete: the time limit (1 s) was reached before a test was tried for "
        f"{len(untried)} more edge(s):"
    )
    suggested = YAML(typ="safe").load(result.stdout) or []
    reached = [test["name"].split("takes ", 1)[1] for test in suggested]
    written_off = [
        line.split("a test for ", 1)[1] for line in lines if line.startswith("# no explored path")
    ]
    # every edge (`A -> B (line N)`) is accounted for once: suggested, written off, not tried
    assert untried and len({*reached, *written_off, *untried}) == 300
    assert len(reached) + len(written_off) + len(untried) == 300


def test_suggest_tests_needs_all_paths() -> None:
    result = dipcheck("simulate", REVIEW, "--suggest-tests")
    assert result.returncode == 2
    assert "--suggest-tests works on the explored paths: add --all-paths" in result.stderr


SHIP = """\
digraph Ship {
  start [shape=Mdiamond]
  check [shape=parallelogram, tool_command="./check.sh"]
  deploy [shape=box, prompt="Deploy."]
  page [shape=box, prompt="Page someone."]
  done [shape=Msquare]
  start -> check
  check -> deploy [condition="ctx.tool_stdout=green && ctx.outcome=success"]
  check -> page
  deploy -> done
  page -> done
}
"""


def test_each_clause_of_a_condition_is_counted_true_and_false(tmp_path: Path) -> None:
    """A DOT pipeline: `check -> deploy` has two clauses. Printing `green` makes both true,
    `red` makes the first false while the second (the tool succeeded) stays true: three of the
    four clause items."""
    (tmp_path / "ship.dot").write_text(SHIP, encoding="utf-8")
    (tmp_path / "ship.tests.yaml").write_text(
        "- name: green\n  nodes: {check: {stdout: green}}\n"
        "- name: red\n  nodes: {check: {stdout: red}}\n",
        encoding="utf-8",
    )
    result = dipcheck("test", "--coverage", "--format", "json", cwd=tmp_path)
    document = ReportDocument.model_validate_json(result.stdout)
    assert document.coverage is not None
    (workflow,) = document.coverage.workflows
    clauses = {
        (item.label, item.line, item.column): item.hits
        for item in workflow.items
        if item.kind == "clauses"
    }
    assert clauses == {
        ("check -> deploy: `ctx.tool_stdout = green` true", 8, 30): 1,
        ("check -> deploy: `ctx.tool_stdout = green` false", 8, 30): 1,
        ("check -> deploy: `ctx.outcome = success` true", 8, 30): 2,
        ("check -> deploy: `ctx.outcome = success` false", 8, 30): 0,
    }
    markers = [(item.label, item.hits) for item in workflow.items if item.kind == "markers"]
    assert markers == [("check: tool_stdout = green", 1)]


def test_lcov_writes_a_hostile_node_id_on_one_line(tmp_path: Path) -> None:
    """A DOT node id holding line breaks was written raw into `FN:`/`FNDA:`, so the tracefile
    gained records of its own (`SF:passwd` here; `SF:/etc/passwd` as well), which coverage
    services read in CI (tenth audit). Each record stays on its line; the id's comma is
    escaped too (lcov 2 reads `FN:line,end,name`)."""
    hostile = "W\\nend_of_record\\nSF:passwd\\nDA:1,99"
    (tmp_path / "inj.dot").write_text(
        "digraph G {\n  node [shape=box]\n  Start [shape=Mdiamond]\n  Exit [shape=Msquare]\n"
        f'  "{hostile}" [prompt="p"]\n  Start -> "{hostile}" -> Exit\n}}\n',
        encoding="utf-8",
    )
    (tmp_path / "inj.tests.yaml").write_text(
        "- name: one\n  expect: {status: success}\n", encoding="utf-8"
    )
    result = dipcheck("test", "--coverage-report", "lcov:i.lcov", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = (tmp_path / "i.lcov").read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line.startswith("SF:")] == ["SF:inj.dot"]
    assert "FN:5,W\\x0aend_of_record\\x0aSF:passwd\\x0aDA:1\\x2c99" in lines
    assert "FNDA:1,W\\x0aend_of_record\\x0aSF:passwd\\x0aDA:1\\x2c99" in lines
    assert lines.count("end_of_record") == 1
    # the twin: a plain id is written as it is
    assert "FN:3,Start" in lines and "FNDA:1,Start" in lines


def test_a_dot_node_id_holding_a_slash_is_covered_and_named_in_tests(tmp_path: Path) -> None:
    """`a/b` was taken for the child workflow's node `b` of a subgraph `a`: its visits were
    not counted (coverage said its outcome and edge were never covered) and a test file that
    named it got "no node `a`" (tenth audit). A child's `Sub/Child` is still the child's."""
    (tmp_path / "sl.dot").write_text(
        "digraph G {\n  Start [shape=Mdiamond]\n  Exit [shape=Msquare]\n"
        '  "a/b" [shape=box, prompt="p"]\n  Start -> "a/b" -> Exit\n}\n',
        encoding="utf-8",
    )
    (tmp_path / "sl.tests.yaml").write_text(
        '- name: one\n  nodes: {"a/b": {outcome: success}}\n  expect:\n'
        '    status: success\n    visited: ["a/b"]\n',
        encoding="utf-8",
    )
    result = dipcheck("test", "--coverage", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    document = ReportDocument.model_validate_json(result.stdout)
    assert document.coverage is not None
    (workflow,) = document.coverage.workflows
    uncovered = {(item.kind, item.label) for item in workflow.items if not item.covered}
    assert uncovered == {("outcomes", "a/b: fail"), ("outcomes", "a/b: retry")}
