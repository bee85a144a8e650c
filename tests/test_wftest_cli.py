"""``dipcheck test`` run as a process: the pytest-like report, JSON (validated against the
contract) and JUnit, exit status 0/1/2, malformed test files reported with their line, -k,
--update, and test discovery."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest
from helpers import FIXTURES, dedent
from test_cli import dipcheck

from dipcheck.wftest.contract import ReportDocument

REVIEW = FIXTURES / "wftest" / "review.dip"
REVIEW_TESTS = FIXTURES / "wftest" / "review.tests.yaml"


def _copy(tmp_path: Path, tests: str | None = None, name: str = "review.tests.yaml") -> Path:
    """review.dip in a fresh directory, with its own tests or ``tests`` as a test file."""
    shutil.copy(REVIEW, tmp_path / "review.dip")
    target = tmp_path / name
    if tests is None:
        shutil.copy(REVIEW_TESTS, target)
    else:
        target.write_text(dedent(tests), encoding="utf-8")
    return target


WRONG_PATH = """\
    tests:
      - name: clean lint ships
        nodes:
          Lint: {stdout: lint-clean}
        expect:
          status: success
      - name: expects the fix
        nodes:
          Lint: {stdout: lint-clean}
        expect:
          path: [Start, Lint, Fix, Done]
    """


def test_every_test_passes_one_line_each() -> None:
    result = dipcheck("test", REVIEW)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "fixtures/wftest/review.tests.yaml::clean lint ships PASSED",
        "fixtures/wftest/review.tests.yaml::dirty, fixed, rejected once, then shipped PASSED",
        "fixtures/wftest/review.tests.yaml::a crashing linter ends the run early PASSED",
    ]
    assert "3 passed in" in lines[-1] and "(tracker 0.64)" in lines[-1]


def test_a_failure_shows_both_paths_the_divergence_and_the_decision(tmp_path: Path) -> None:
    _copy(tmp_path, WRONG_PATH)
    result = dipcheck("test", ".", cwd=tmp_path)
    assert result.returncode == 1
    text = result.stdout
    assert "review.tests.yaml::clean lint ships PASSED" in text
    assert "review.tests.yaml::expects the fix FAILED" in text
    block = text.split("FAILURES", 1)[1]
    assert (
        "review.tests.yaml:11: path: the path differs from step 3: step 3 is 'Approve', not 'Fix'"
        in block
    )
    rows = [line.rstrip() for line in block.splitlines() if line.startswith("    ")]
    assert rows[:5] == [
        "            expected path    actual path",
        "         1  Start            Start",
        "         2  Lint             Lint",
        "    >    3  Fix            ≠ Approve",
        "         4  Done             Done",
    ]
    # the edge decision that led to the divergence: Lint's, with the rule that chose it
    assert (
        "    step 2, Lint (success): → Approve — condition: condition `ctx.tool_marker = clean` "
        "is true (ctx.tool_marker is 'clean') "
        "(docs/runtime/edge-selection.md#conditions)"
    ) in block
    assert "1 failed, 1 passed in" in text.splitlines()[-1]


def test_json_report_follows_the_contract(tmp_path: Path) -> None:
    _copy(tmp_path, WRONG_PATH)
    result = dipcheck("test", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    document = ReportDocument.model_validate_json(result.stdout)
    assert document.summary.model_dump() == {
        "files": 1,
        "tests": 2,
        "passed": 1,
        "failed": 1,
        "errors": 0,
    }
    (file,) = document.files
    assert file.format == "dipcheck" and file.workflow is not None
    assert file.workflow.endswith("review.dip")
    passed, failed = file.tests
    assert (passed.outcome, passed.status, passed.path) == (
        "passed",
        "success",
        ["Start", "Lint", "Approve", "Done"],
    )
    (failure,) = failed.failures
    assert (failure.expectation, failure.line, failure.column) == ("path", 11, 7)
    assert failure.expected == ["Start", "Lint", "Fix", "Done"]
    assert failure.actual == ["Start", "Lint", "Approve", "Done"]
    assert failure.decision[0].startswith("step 2, Lint (success): → Approve — condition:")
    assert document.coverage is None


def test_junit_report(tmp_path: Path) -> None:
    _copy(tmp_path, WRONG_PATH)
    result = dipcheck("test", "--format", "junit", cwd=tmp_path)
    assert result.returncode == 1
    root = ElementTree.fromstring(result.stdout)
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("2", "1", "0")
    (suite,) = root
    cases = {case.get("name"): case for case in suite}
    assert set(cases) == {"clean lint ships", "expects the fix"}
    assert list(cases["clean lint ships"]) == []
    (failure,) = cases["expects the fix"]
    assert failure.tag == "failure" and failure.get("type") == "path"
    assert failure.get("message", "").startswith("the path differs from step 3")
    assert "≠ Approve" in (failure.text or "")


def test_junit_report_escapes_what_xml_cannot_hold(tmp_path: Path) -> None:
    """A test named with U+FFFF (YAML's "\\uFFFF") went into the report raw: ElementTree
    wrote it, and no XML parser read the report back ("not well-formed")."""
    _copy(
        tmp_path,
        """\
        tests:
          - name: "odd \\uFFFF\\x01 <&]]> name"
            expect:
              status: fail
        """,
    )
    result = dipcheck("test", "--format", "junit", cwd=tmp_path)
    assert result.returncode == 1
    (suite,) = ElementTree.fromstring(result.stdout)
    (case,) = suite
    assert case.get("name") == "odd \\uffff\\x01 <&]]> name"
    (failure,) = case
    assert failure.get("message") == "expected status 'fail', got 'success'"


def test_k_runs_the_tests_whose_name_contains_it() -> None:
    result = dipcheck("test", REVIEW, "-k", "CRASHING", "-v")
    assert result.returncode == 0
    assert result.stdout.splitlines()[:2] == [
        "fixtures/wftest/review.tests.yaml::a crashing linter ends the run early PASSED",
        "  success: Start → Lint → Done",
    ]
    assert "1 passed" in result.stdout


MALFORMED_YAML = [
    ("tests:\n  - name: a\n    expect: {status: success\n", 4, 1, "not valid YAML"),
    (
        "tests:\n  - name: a\n    expect:\n      staus: success\n",
        4,
        7,
        "unknown expectation `staus` (did you mean `status`?)",
    ),
    (
        "tests:\n  - name: a\n    expect:\n      status: sucess\n",
        4,
        15,
        "unknown status `sucess` (did you mean `success`?)",
    ),
    (
        "tests:\n  - name: a\n    expect:\n      path: [Start, Lnit]\n",
        4,
        21,
        "no node `Lnit` in the workflow (did you mean `Lint`?)",
    ),
    (
        "tests:\n  - name: a\n    nodes:\n      Fixx: {outcome: fail}\n",
        4,
        7,
        "no node `Fixx` in the workflow (did you mean `Fix`?)",
    ),
    (
        "tests:\n  - name: a\n    nodes:\n      Fix: {outcome: done}\n",
        4,
        22,
        "`Fix` (codergen) cannot end with `done`",
    ),
    ("- name: a\n- name: a\n", 2, 9, "a second test named 'a' (the first is on line 1)"),
    ("- name: a\n  expectt: {}\n", 2, 3, "unknown field `expectt` (did you mean `expect`?)"),
    ("- nodes: {}\n", 1, 3, "every test needs a `name:`"),
    ("tests: []\n", 1, 1, "the file has no tests"),
    ("- name: a\n  expect:\n    waves: [[A]]\n", 3, 5, "`waves` is not supported for this file"),
    (
        "- name: a\n  expect:\n    edge_reason: {Lint: conditon}\n",
        3,
        25,
        "unknown edge reason `conditon` (did you mean `condition`?)",
    ),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), MALFORMED_YAML)
def test_a_malformed_test_file_exits_2_with_its_line(
    tmp_path: Path, text: str, line: int, column: int, message: str
) -> None:
    (tmp_path / "review.dip").write_bytes(REVIEW.read_bytes())
    (tmp_path / "review.tests.yaml").write_text(text, encoding="utf-8")
    result = dipcheck("test", "review.dip", cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert "review.tests.yaml ERROR" in result.stdout
    assert f"  review.tests.yaml:{line}:{column}: " in result.stdout
    assert message in result.stdout
    assert "1 error in" in result.stdout.splitlines()[-1]


MALFORMED_JSON = [
    ('{"tests": [\n  {"name": "a",}\n]}\n', 2, 16, "not valid JSON: expected a member name"),
    ('{"tests": {"name": "a"}}\n', 1, 11, "`tests` must be an array"),
    ('{"tests": []}\n', 1, 2, "the file has no tests"),
    ('{"not_a_test_suite": true, "items": [1, 2, 3]}\n', 1, 1, "the file has no tests"),
    ('{"tests": [{"name": "a", "expect": {"visited": "Lint"}}]}\n', 1, 48, "`visited` must be"),
    ('{"tests": [{"name": "a", "scenario": ["x"]}]}\n', 1, 38, "`scenario` must be an object"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), MALFORMED_JSON)
def test_a_malformed_dippin_file_exits_2_with_its_line(
    tmp_path: Path, text: str, line: int, column: int, message: str
) -> None:
    (tmp_path / "review.dip").write_bytes(REVIEW.read_bytes())
    (tmp_path / "review.test.json").write_text(text, encoding="utf-8")
    result = dipcheck("test", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert f"  review.test.json:{line}:{column}: " in result.stdout, result.stdout
    assert message in result.stdout


def test_unknown_keys_of_a_dippin_file_are_warnings_and_the_tests_run(tmp_path: Path) -> None:
    text = """\
        {
          "tests": [
            {
              "name": "clean",
              "scenario": {"Lint.tool_stdout": "lint-clean", "retries": 2},
              "expect": {"status": "success", "visted": ["Lint"], "path": ["Start"]},
              "tags": ["smoke"]
            }
          ],
          "version": 2
        }
        """
    _copy(tmp_path, text, "review.test.json")
    result = dipcheck("test", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    out = result.stdout
    assert "review.test.json::clean PASSED" in out
    assert (
        "warning: review.test.json:10:3: unknown key `version` in the file: dippin ignores it, "
        "and so does dipcheck (known: tests)"
    ) in out
    assert (
        "warning: review.test.json:7:7: unknown key `tags` in a test: dippin ignores it, and "
        "so does dipcheck (known: name, scenario, branch, expect)"
    ) in out
    assert (
        "warning: review.test.json:6:39: unknown key `visted` in `expect` (did you mean `visited`?)"
    ) in out
    assert (
        "warning: review.test.json:6:59: `path` is a dipcheck expectation, not a dippin one" in out
    )
    assert (
        "warning: review.test.json:5:65: `scenario.retries` is not a string: dippin's reader "
        "refuses it; dipcheck reads it as '2'"
    ) in out


def test_update_rewrites_only_the_tests_that_ran(tmp_path: Path) -> None:
    text = """\
        # the tests of review.dip
        tests:
          - name: clean lint ships   # a comment that stays
            nodes:
              Lint: {stdout: lint-clean}
            expect:
              status: fail
              path: [Start]
              not_visited: [Fix]

          - name: crash
            nodes: {Lint: {exit_code: 1}}
            expect: {status: fail}

          - name: no expectations yet
            nodes:
              Lint: [{stdout: lint-dirty}, {stdout: lint-clean}]
        """
    target = _copy(tmp_path, text)
    before = target.read_text(encoding="utf-8")
    result = dipcheck("test", "--update", "-k", "ships", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "updated" in result.stderr
    after = target.read_text(encoding="utf-8")
    old, new = before.splitlines(), after.splitlines()
    assert new[:5] == old[:5] and new[8:] == old[8:]  # everything but that test's expect
    assert new[5:8] == [
        "    expect:",
        "      status: success",
        "      path: [Start, Lint, Approve, Done]",
    ]
    assert "not_visited: [Fix]" in after  # its other expectations are kept
    # without -k every test is written; the flow-style one keeps its style
    again = dipcheck("test", "--update", cwd=tmp_path)
    assert again.returncode == 0, again.stdout
    final = target.read_text(encoding="utf-8")
    tail = final.split("  - name: crash\n", 1)[1]
    assert tail == (
        "    nodes: {Lint: {exit_code: 1}}\n"
        "    expect: {status: success, path: [Start, Lint, Done]}\n"
        "\n"
        "  - name: no expectations yet\n"
        "    nodes:\n"
        "      Lint: [{stdout: lint-dirty}, {stdout: lint-clean}]\n"
        "    expect:\n"
        "      status: success\n"
        "      path: [Start, Lint, Fix, Lint, Approve, Done]\n"
    )
    rerun = dipcheck("test", cwd=tmp_path)
    assert rerun.returncode == 0 and "3 passed" in rerun.stdout


def test_update_of_a_dippin_file_writes_status_and_path_contains(tmp_path: Path) -> None:
    text = """\
        {
          "tests": [
            {
              "name": "clean",
              "scenario": {"Lint.tool_stdout": "lint-clean"},
              "expect": {"status": "fail", "visited": ["Lint"]}
            },
            {"name": "untouched", "scenario": {}, "expect": {"status": "fail"}}
          ]
        }
        """
    target = _copy(tmp_path, text, "review.test.json")
    result = dipcheck("test", "--update", "-k", "clean", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    after = target.read_text(encoding="utf-8")
    assert after == dedent(text).replace(
        '"expect": {"status": "fail", "visited": ["Lint"]}',
        '"expect": {"status": "success", "visited": ["Lint"], '
        '"path_contains": ["Start", "Lint", "Approve", "Done"]}',
    )
    assert json.loads(after)["tests"][1] == {
        "name": "untouched",
        "scenario": {},
        "expect": {"status": "fail"},
    }


def test_discovery_and_missing_pieces(tmp_path: Path) -> None:
    (tmp_path / "alone.dip").write_bytes(REVIEW.read_bytes())  # no tests beside it
    nothing = dipcheck("test", "alone.dip", cwd=tmp_path)
    assert nothing.returncode == 0
    assert "no tests ran" in nothing.stdout
    missing = dipcheck("test", "nowhere.dip", cwd=tmp_path)
    assert missing.returncode == 2
    assert "nowhere.dip: no such file or directory" in missing.stderr
    (tmp_path / "orphan.tests.yaml").write_text("- name: a\n", encoding="utf-8")
    orphan = dipcheck("test", "orphan.tests.yaml", cwd=tmp_path)
    assert orphan.returncode == 2
    assert "orphan.tests.yaml:1:1: no workflow to test: no orphan.dip, orphan.dot" in orphan.stdout
    named = tmp_path / "nested" / "checks.tests.yaml"
    named.parent.mkdir()
    named.write_text("workflow: ../alone.dip\ntests:\n  - name: a\n", encoding="utf-8")
    found = dipcheck("test", cwd=tmp_path)  # a directory: every test file under it
    assert found.returncode == 2  # orphan.tests.yaml is still there
    assert "nested/checks.tests.yaml::a PASSED" in found.stdout


SECRET_WORKFLOW = dedent(
    """
    workflow W
      start: TOPSECRETNODE
      exit: TOPSECRETNODE
      agent TOPSECRETNODE
        label: secret
    """
)
ONE_TEST = "workflow: {target}\ntests:\n  - name: t\n    expect:\n      status: success\n"


@pytest.mark.parametrize("target", ["../outside/w.dip", "/proc/self/environ", "sub/w.dip"])
def test_a_test_file_cannot_name_a_workflow_outside_the_tree(tmp_path: Path, target: str) -> None:
    """A `.tests.yaml` from a pull request naming `/proc/self/environ` or a file beside the
    checkout (directly, or through a directory link): it is not read, so `test -v` cannot
    print what it holds (the node ids of another workflow were printed)."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "w.dip").write_text(SECRET_WORKFLOW, encoding="utf-8")
    flow = tmp_path / "flow"
    flow.mkdir()
    (flow / "sub").symlink_to("../outside", target_is_directory=True)
    (flow / "t.tests.yaml").write_text(ONE_TEST.format(target=target), encoding="utf-8")
    run = dipcheck("test", "-v", "t.tests.yaml", cwd=flow)
    assert run.returncode == 2, run.stdout + run.stderr
    assert (
        f"t.tests.yaml:1:11: `workflow:` names {target}, outside `.`, the tree being tested "
        "(symbolic links resolved): it is not read"
    ) in run.stdout
    assert "TOPSECRETNODE" not in run.stdout + run.stderr


@pytest.mark.parametrize("kind", ["fifo", "missing"])
def test_a_workflow_that_is_a_fifo_is_not_called_missing(tmp_path: Path, kind: str) -> None:
    # a FIFO named by `workflow:` was "no workflow file ff.dip": the author looked for a file
    # that is there (it is never opened: a read would wait for a writer)
    if kind == "fifo":
        os.mkfifo(tmp_path / "ff.dip")
    (tmp_path / "t.tests.yaml").write_text(ONE_TEST.format(target="ff.dip"), encoding="utf-8")
    run = dipcheck("test", "t.tests.yaml", cwd=tmp_path)
    assert run.returncode == 2, run.stdout + run.stderr
    expected = (
        "the workflow file ff.dip cannot be read: it is a named pipe (FIFO), not a regular file"
        if kind == "fifo"
        else "no workflow file ff.dip"
    )
    assert f"t.tests.yaml:1:11: {expected}" in run.stdout


def test_a_test_file_may_name_a_workflow_elsewhere_in_the_tree(tmp_path: Path) -> None:
    """The twin: tests kept in `tests/`, the workflow in `flows/`, run from the top."""
    (tmp_path / "flows").mkdir()
    (tmp_path / "flows" / "w.dip").write_text(SECRET_WORKFLOW, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.tests.yaml").write_text(
        ONE_TEST.format(target="../flows/w.dip"), encoding="utf-8"
    )
    run = dipcheck("test", "tests/t.tests.yaml", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout


def test_a_broken_configuration_beside_the_workflow_is_an_error(tmp_path: Path) -> None:
    """The tests ran with the default settings when the configuration found beside their
    workflow was wrong (exit 0, `tracker 0.64`), where lint and simulate stop with exit 2: the
    test file now fails with the configuration's error, and the other test files still run."""
    for name in ("good", "typo"):
        (tmp_path / name).mkdir()
        _copy(tmp_path / name)
    (tmp_path / "typo" / "dipcheck.toml").write_text('target-version = "0.66"\n')
    result = dipcheck("test", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    error = result.stdout.splitlines()[3:5]
    assert error == [
        "typo/review.tests.yaml ERROR",
        f"  typo/review.tests.yaml:1:1: the workflow cannot be simulated: {tmp_path}/typo/"
        "dipcheck.toml: target-version: unknown target version '0.66' (known: 0.64, 0.65)",
    ]
    assert "3 passed, 1 error in" in result.stdout.splitlines()[-1]


def test_the_twin_isolated_or_a_valid_configuration_runs_the_tests(tmp_path: Path) -> None:
    _copy(tmp_path)
    (tmp_path / "dipcheck.toml").write_text('target-version = "0.66"\n')
    result = dipcheck("test", "--isolated", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    (tmp_path / "dipcheck.toml").write_text('target-version = "0.65"\n')
    result = dipcheck("test", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed in" in result.stdout and "(tracker 0.65)" in result.stdout


@pytest.mark.parametrize(
    ("name", "tests"),
    [
        ("review.tests.yaml", '- name: "x\\ud800"\n'),
        ("review.test.json", '{"tests": [{"name": "x\\ud800", "scenario": {}}]}\n'),
    ],
)
def test_a_test_name_holding_a_lone_surrogate_is_shown_escaped(
    tmp_path: Path, name: str, tests: str
) -> None:
    """`"x\\ud800"` is a valid escape in YAML and JSON; no encoding can write the character
    it makes, and the text report was a UnicodeEncodeError traceback (tenth audit)."""
    shutil.copy(REVIEW, tmp_path / "review.dip")
    (tmp_path / name).write_text(tests, encoding="utf-8")
    text = dipcheck("test", "review.dip", cwd=tmp_path)
    assert (text.returncode, text.stderr) == (0, "")
    assert f"{name}::x\\ud800 PASSED" in text.stdout
    junit = dipcheck("test", "review.dip", "--format", "junit", cwd=tmp_path)
    assert junit.returncode == 0
    [case] = ElementTree.fromstring(junit.stdout).iter("testcase")
    assert case.get("name") == "x\\ud800"
    # the twin: a name without one is shown as it is
    (tmp_path / name).write_text(tests.replace("\\ud800", "y"), encoding="utf-8")
    assert f"{name}::xy PASSED" in dipcheck("test", "review.dip", cwd=tmp_path).stdout


def test_update_keeps_the_comments_and_lines_of_the_expectations_it_does_not_set(
    tmp_path: Path,
) -> None:
    """The whole `expect:` block was written anew, so every comment in it was lost, those on
    the expectations kept included (tenth audit). Only `status:` and `path:` are written."""
    shutil.copy(REVIEW, tmp_path / "review.dip")
    before = (
        "tests:\n  - name: a\n    expect:\n      # why we check Lint: it must always run\n"
        "      visited: [Lint]   # keep me\n      # and Fix must never run on a clean tree\n"
        "      not_visited: [Fix]\n"
    )
    (tmp_path / "review.tests.yaml").write_text(before, encoding="utf-8")
    result = dipcheck("test", "review.dip", "--update", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    after = (tmp_path / "review.tests.yaml").read_text(encoding="utf-8")
    assert after == before + "      status: success\n      path: [Start, Lint, Done]\n"
    # a key there already is written again where it stands, its neighbours' comments kept
    (tmp_path / "review.tests.yaml").write_text(
        before.replace("      not_visited", "      status: fail   # stale\n      not_visited"),
        encoding="utf-8",
    )
    dipcheck("test", "review.dip", "--update", cwd=tmp_path)
    again = (tmp_path / "review.tests.yaml").read_text(encoding="utf-8")
    assert (
        again
        == before.replace("      not_visited", "      status: success\n      not_visited")
        + "      path: [Start, Lint, Done]\n"
    )
