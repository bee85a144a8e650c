"""Workflow regular expressions run as Go runs them (issue 19 §1, "bounded everywhere"):
``marker_grep`` and the ``matches`` operator are matched with RE2 (``dipcheck/gore.py``), whose
time is linear in the text, so a hostile pattern from a pull request cannot hang ``simulate``,
``test``, the DC4 rules or the language server; and what Go refuses or reads differently,
dipcheck refuses or reads the same way.

Before, Python's backtracking ``re`` took exponential time on ``^(a|aa)+$`` against a run of
``a`` ending in ``b``: sixty characters never finished."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from helpers import dedent, dipcheck

from dipcheck.analysis.routing import ConditionError, compare
from dipcheck.gore import PatternError, compile_go
from dipcheck.simulate.handlers import find_marker

HOSTILE = r"^(a|aa)+$"
TEXT = "a" * 60 + "b"  # never matched by HOSTILE; a backtracking engine tries 2^60 ways


def _quickly(work, *arguments):  # type: ignore[no-untyped-def]
    started = time.process_time()
    result = work(*arguments)
    assert time.process_time() - started < 1.0
    return result


def test_a_backtracking_pattern_is_matched_in_linear_time() -> None:
    assert _quickly(find_marker, HOSTILE, TEXT) == (None, "no stdout line matches")
    assert _quickly(compare, TEXT, "matches", HOSTILE) is False
    assert _quickly(compare, TEXT, "not matches", HOSTILE) is True


def test_the_twin_a_matching_pattern_still_matches() -> None:
    assert find_marker(HOSTILE, "aaaa") == ("a", "")  # its first group, as before
    assert find_marker(r"^workspace-(ready|missing)$", "x\nworkspace-ready") == ("ready", "")
    assert compare("aaaa", "matches", HOSTILE) is True


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        (r"(?=x)a", "invalid perl operator: (?="),  # lookahead: Go refuses it
        (r"(a)\1", "invalid escape sequence: \\1"),  # a backreference: likewise
        (r"\Z", "invalid escape sequence: \\Z"),  # Go has \z only
        (r"(a", "missing ): (a"),
    ],
)
def test_what_go_refuses_is_refused(pattern: str, message: str) -> None:
    with pytest.raises(PatternError) as raised:
        compile_go(pattern)
    assert str(raised.value) == message
    assert find_marker(pattern, "a") == (None, f"invalid regex: {message}")
    with pytest.raises(ConditionError, match="invalid regex"):
        compare("a", "matches", pattern)


def test_digits_and_word_characters_are_ascii_as_in_go() -> None:
    """Go's `\\d` and `\\w` are ASCII; Python's `re` matched any Unicode digit or letter."""
    assert find_marker(r"(\d+)", "build ٣") == (None, "no stdout line matches")
    assert find_marker(r"(\d+)", "build 3") == ("3", "")
    assert compare("é", "matches", r"^\w$") is False


WORKFLOW = dedent(
    f"""
    workflow W
      start: Start
      exit: Done
      agent Start
        label: Start
      tool Lint
        timeout: 1m
        command: echo hi
        marker_grep: "{HOSTILE}"
      agent Fix
        prompt: fix it
      agent Done
        label: Done
      edges
        Start -> Lint
        Lint -> Done  when ctx.tool_stdout = {TEXT}
        Lint -> Fix  when ctx.tool_stdout != {TEXT}
        Fix -> Done
    """
)


@pytest.mark.parametrize(
    "command",
    [
        ("simulate", "--all-paths", "--isolated", "w.dip"),
        ("lint", "--isolated", "--no-cache", "--extend-select", "DC4", "w.dip"),
    ],
    ids=["simulate", "lint-DC4"],
)
def test_a_hostile_marker_grep_does_not_hang_the_commands(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    run = dipcheck(*command, cwd=tmp_path)  # (the helper's own timeout: 120 s)
    assert run.returncode in (0, 1), run.stdout + run.stderr
    assert run.stderr == ""  # RE2 is told not to log the patterns it refuses


def test_a_hostile_scenario_output_does_not_hang_dipcheck_test(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "w.tests.yaml").write_text(
        f"tests:\n  - name: slow\n    nodes:\n      Lint: {{stdout: {TEXT}}}\n"
        "    expect:\n      status: success\n",
        encoding="utf-8",
    )
    run = dipcheck("test", "w.dip", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout
