"""A long simulated path is printed with its loops folded ("(Test → Fix) x40", with the
multiplication sign) and wrapped, not as one line of kilobytes (issue 19 §2); JSON keeps every
step. Folding loses nothing: unfolding the text gives the path back."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import dedent, dipcheck
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.simulate.render import TIMES, WIDTH, fold, path_lines

LOOP = dedent(
    """
    workflow Loop
      start: Start
      exit: Done
      defaults
        max_restarts: 500
      agent Start
        label: Start
      tool Test
        command: make test
        timeout: 5m
      agent Fix
        prompt: Fix the failing tests.
      agent Done
        label: Done
      edges
        Start -> Test
        Test -> Done  when ctx.outcome = success
        Test -> Fix  when ctx.outcome = fail
        Fix -> Test  restart: true
    """
)


def _unfold(text: str) -> list[str]:
    """The steps a folded path stands for."""
    items, _ = _parse(text.replace("\n", " "), 0)
    return items


def _parse(text: str, index: int) -> tuple[list[str], int]:
    items: list[str] = []
    while index < len(text):
        char = text[index]
        if char in " →":
            index += 1
        elif char == ")":
            return items, index + 1
        else:
            if char == "(":
                group, index = _parse(text, index + 1)
            else:
                name = re.match(r"[^\s()→]+", text[index:])
                assert name is not None
                group, index = [name.group()], index + name.end()
            times = re.match(rf" {TIMES}(\d+)", text[index:])
            if times:
                group, index = group * int(times.group(1)), index + times.end()
            items.extend(group)
    return items, index


def test_a_long_loop_is_folded_and_the_json_keeps_every_step(tmp_path: Path) -> None:
    (tmp_path / "loop.dip").write_text(LOOP)
    visits = ", ".join(["{outcome: fail}"] * 120 + ["{outcome: success}"])
    (tmp_path / "s.yaml").write_text(f"nodes:\n  Test: [{visits}]\n")
    text = dipcheck("simulate", "loop.dip", "--scenario", "s.yaml", cwd=tmp_path).stdout
    lines = text.splitlines()
    first = next(index for index, line in enumerate(lines) if line.startswith("path: "))
    assert lines[first] == f"path: Start → (Test → Fix) {TIMES}120 → Test → Done"
    assert max(len(line) for line in lines) < 200
    data = json.loads(
        dipcheck(
            "simulate", "loop.dip", "--scenario", "s.yaml", "--format", "json", cwd=tmp_path
        ).stdout
    )
    assert data["path"] == ["Start", *(["Test", "Fix"] * 120), "Test", "Done"]
    assert _unfold(lines[first].removeprefix("path: ")) == data["path"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["A", "B", "C", "Dee", "E1"]), max_size=200))
def test_folding_and_wrapping_lose_nothing(path: list[str]) -> None:
    lines = path_lines(path, "path: ", "      ")
    assert all(len(line) <= WIDTH for line in lines)
    joined = " ".join(line.strip() for line in lines).removeprefix("path:").rstrip(" →")
    assert _unfold(joined) == path
    assert len(fold(path)) <= len(path)


def test_a_path_without_repeats_is_unchanged() -> None:
    path = ["Start", "Plan", "Build", "Test", "Done"]
    assert fold(path) == path
    assert path_lines(path, "path: ", "      ") == ["path: Start → Plan → Build → Test → Done"]
