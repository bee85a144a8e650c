"""Property tests of ``dipcheck test``: the position-keeping JSON reader agrees with
``json.loads`` and puts every value where it is; ``--update`` then a re-run always passes its
status and path and leaves every other test as it was; coverage never counts more than there
is; a plan's expectations are checked through the plan-simulator interface."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import FIXTURES, dipcheck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.config import Config
from dipcheck.simulate.trace import STATUSES
from dipcheck.wftest import coverage, jsonpos, plans, runner, update
from dipcheck.wftest.model import DIPCHECK, DIPPIN

REVIEW = FIXTURES / "wftest" / "review.dip"
# one load of the workflow for every example (it is the same file in the same place)
WORKFLOWS = runner.Workflows(Config())

# -- the JSON reader ---------------------------------------------------------------------------

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


def _located(text: str, value: Any) -> None:
    """Every member and item starts where the reader says it does."""
    if isinstance(value, dict):
        for key, item in value.items():
            start, end = value.lc.span(key)
            assert json.loads(text[start:end]) == item
            line, column = value.lc.value(key)
            lines = text.split("\n")
            assert sum(len(row) + 1 for row in lines[:line]) + column == start
            _located(text, item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            start, end = value.lc.span(index)
            assert json.loads(text[start:end]) == item
            _located(text, item)


@given(_values, st.sampled_from([None, 1, 2]), st.booleans())
def test_the_json_reader_agrees_with_json_and_knows_where_values_are(
    value: Any, indent: int | None, ascii_only: bool
) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    found = jsonpos.loads(text)
    assert found == json.loads(text)
    _located(text, found)


@given(st.text(max_size=40))
def test_the_json_reader_refuses_what_json_refuses(text: str) -> None:
    try:
        expected: Any = json.loads(text)
    except ValueError:
        with pytest.raises(jsonpos.JsonError):
            jsonpos.loads(text)
        return
    if isinstance(expected, float) or "NaN" in text or "Infinity" in text:
        return  # json.loads also takes NaN and Infinity, which RFC 8259 does not
    assert jsonpos.loads(text) == expected


# -- --update ----------------------------------------------------------------------------------

_entry = st.fixed_dictionaries(
    {},
    optional={
        "stdout": st.sampled_from(["lint-clean", "lint-dirty", "garbage", ""]),
        "exit_code": st.sampled_from([0, 1]),
    },
)
_approve = st.sampled_from(["Yes", "No"])
_test = st.fixed_dictionaries(
    {
        "lint": st.lists(_entry, min_size=1, max_size=3),
        "approve": st.lists(_approve, min_size=1, max_size=2),
        "expect": st.sampled_from([None, "flow", "block", "other"]),
        "style": st.sampled_from(["block", "flow"]),
    }
)


def _yaml(tests: list[dict[str, Any]]) -> str:
    lines = ["# generated", "tests:"]
    for index, test in enumerate(tests):
        lint = json.dumps(test["lint"]) if len(test["lint"]) > 1 else json.dumps(test["lint"][0])
        approve = json.dumps([{"choice": answer} for answer in test["approve"]])
        expect = {
            None: "",
            "flow": "{status: fail, path: [Start]}",
            "block": "\n      status: fail\n      visited: [Lint]",
            "other": "\n      not_visited: [Fix]",
        }[test["expect"]]
        if test["style"] == "flow":
            body = f"name: t{index}, nodes: {{Lint: {lint}, Approve: {approve}}}"
            if test["expect"] == "flow":
                body += f", expect: {expect}"
            lines.append(f"  - {{{body}}}")
            continue
        lines.append(f"  - name: t{index}  # test {index}")
        lines.append(f"    nodes:\n      Lint: {lint}\n      Approve: {approve}")
        if test["expect"] is not None:
            lines.append(
                f"    expect: {expect}" if test["expect"] == "flow" else f"    expect:{expect}"
            )
        lines.append("")
    return "\n".join(lines) + "\n"


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_test, min_size=1, max_size=4), st.data())
def test_update_then_rerun_passes_and_leaves_the_other_tests(
    tmp_path: Path, tests: list[dict[str, Any]], data: st.DataObject
) -> None:
    (tmp_path / "review.dip").write_bytes(REVIEW.read_bytes())
    target = tmp_path / "review.tests.yaml"
    text = _yaml(tests)
    target.write_text(text, encoding="utf-8")
    chosen = data.draw(st.sets(st.sampled_from([f"t{i}" for i in range(len(tests))]), min_size=1))
    first = runner.run_file(str(target), WORKFLOWS)
    assert first.error is None, first.error
    updates = {
        test.case.name: update.snapshot(test.observed, DIPCHECK)
        for test in first.results
        if test.case.name in chosen and test.observed is not None
    }
    after = update.update_text(str(target), text, DIPCHECK, updates)
    target.write_text(after, encoding="utf-8")
    second = runner.run_file(str(target), WORKFLOWS)
    assert second.error is None, second.error
    for old, new in zip(first.results, second.results, strict=True):
        assert old.case.name == new.case.name
        if new.case.name in chosen:
            assert not [item for item in new.failures if item.key in ("status", "path")]
            assert new.observed is not None and old.observed is not None
            assert new.observed.path == old.observed.path
        else:
            assert [(item.key, item.value) for item in new.case.expectations] == [
                (item.key, item.value) for item in old.case.expectations
            ]
            assert new.outcome == old.outcome


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["success", "fail", "dead_end"]), min_size=1, max_size=3))
def test_update_of_dippin_json_then_rerun_passes(statuses: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        (folder / "review.dip").write_bytes(REVIEW.read_bytes())
        tests = [
            {
                "name": f"t{i}",
                "scenario": {"Lint.tool_stdout": "lint-clean"},
                "expect": {"status": s},
            }
            for i, s in enumerate(statuses)
        ]
        target = folder / "review.test.json"
        text = json.dumps({"tests": tests}, indent=2) + "\n"
        target.write_text(text, encoding="utf-8")
        first = runner.run_file(str(target), runner.Workflows(Config()))
        updates = {"t0": update.snapshot(first.results[0].observed, DIPPIN)}
        after = update.update_text(str(target), text, DIPPIN, updates)
        assert json.loads(after)["tests"][1:] == tests[1:]
        target.write_text(after, encoding="utf-8")
        second = runner.run_file(str(target), runner.Workflows(Config()))
        assert second.results[0].outcome == "passed"


# -- coverage --------------------------------------------------------------------------------


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_test, min_size=0, max_size=4))
def test_coverage_counts_never_exceed_the_totals(
    tmp_path: Path, tests: list[dict[str, Any]]
) -> None:
    (tmp_path / "review.dip").write_bytes(REVIEW.read_bytes())
    target = tmp_path / "review.tests.yaml"
    if not tests:
        tests = [{"lint": [{}], "approve": ["Yes"], "expect": None, "style": "block"}]
    target.write_text(_yaml(tests), encoding="utf-8")
    file = runner.run_file(str(target), WORKFLOWS)
    assert file.prepared is not None
    found = coverage.measure(
        file.prepared.path, file.prepared.graph, file.prepared.machine.target, file.results
    )
    assert found.count() == (sum(1 for item in found.items if item.covered), 30)
    for kind in coverage.KINDS:
        covered, total = found.count(kind)
        assert 0 <= covered <= total
    covered, total = found.count()
    assert 0.0 <= coverage.percent(covered, total) <= 100.0
    for item in found.items:
        assert item.hits >= 0
        if item.kind != "clauses" and item.covered:
            assert item.reached  # an item of a node that never ran is never covered


# -- Ordewell plans ----------------------------------------------------------------------------


class _FakePlans:
    """A stand-in plan simulator: two waves, and a hand-over that names its dependencies."""

    def run(self, path: str, scenario: Any) -> plans.PlanRun:
        failed = [
            task
            for task, spec in (scenario.get("tasks") or {}).items()
            if spec.get("outcome") == "fail"
        ]
        return plans.PlanRun([["a", "b"], ["c"]], ["a", "b", "c"], failed, not failed)

    def handover(self, path: str, scenario: Any, task: str) -> str:
        return f"## Prior task outputs\n### Task 1: a\n{task}"


def test_plan_tests_run_through_the_plan_simulator_interface(tmp_path: Path) -> None:
    (tmp_path / "plan.json").write_text('{"tasks": []}\n', encoding="utf-8")
    target = tmp_path / "plan.tests.yaml"
    target.write_text(
        "- name: waves\n"
        "  max_parallel_sessions: 2\n"
        "  expect:\n"
        "    status: success\n"
        "    waves: [[a, b], [d]]\n"
        "    handover: {c: [Prior task outputs], d: {not_contains: ['### Task 1']}}\n",
        encoding="utf-8",
    )
    plans.register(_FakePlans())
    try:
        file = runner.run_file(str(target), runner.Workflows(Config()))
    finally:
        plans.register(None)
    assert file.error is None
    (test,) = file.results
    assert [(item.key, item.message) for item in test.failures] == [
        ("waves", "the waves differ from wave 2"),
        ("handover", "the hand-over of d contains '### Task 1'"),
    ]
    assert test.failures[0].side_by_side == (["a, b", "d"], ["a, b", "c"], 1)
    assert STATUSES  # the plan status uses the same words as a run's


def test_plan_tests_run_on_the_plan_simulator(tmp_path: Path) -> None:
    """The 12-task fixture's waves and a hand-over, through `dipcheck test` as a process."""
    shutil.copy(FIXTURES / "ordewell" / "plan-12.json", tmp_path / "plan.json")
    (tmp_path / "plan.tests.yaml").write_text(
        "- name: three at once\n"
        "  expect:\n"
        "    status: success\n"
        "    waves:\n"
        "      - [settings-ui-form, telemetry-audit, settings-ui]\n"
        "      - [settings-ui-route, telemetry-guard, api-endpoint]\n"
        "      - [telemetry-tests, ui-api-client, telemetry]\n"
        "      - [migration]\n"
        "      - [docs]\n"
        "      - [review-ux]\n"
        "      - [e2e]\n"
        "      - [release-note]\n"
        "    handover:\n"
        "      settings-ui: {contains: ['## Plan map'], not_contains: ['<<<ORDEWELL_DONE']}\n"
        "- name: one at a time\n"
        "  max_parallel_sessions: 1\n"
        "  expect:\n"
        "    waves: [[settings-ui-form], [telemetry-audit]]\n",
        encoding="utf-8",
    )
    result = dipcheck("test", str(tmp_path), "--format", "json")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    verdicts = [
        (test["name"], test["outcome"]) for file in document["files"] for test in file["tests"]
    ]
    assert verdicts == [("three at once", "passed"), ("one at a time", "failed")]
