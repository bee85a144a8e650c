"""Line diffs (`dipcheck.linediff`): difflib's opcodes and unified diffs for texts up to about
a thousand lines, and for longer ones a diff cut into stretches at anchors, in time near the
lines' count (`fmt --diff` of 24,000 re-indented lines took almost a minute)."""

from __future__ import annotations

import difflib
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import linediff
from dipcheck.source import text_diff

LINES = st.lists(st.sampled_from(["a\n", "b\n", "c\n", "d\n", "e\n", "  a\n", "x"]), max_size=40)


def rebuilt(before: list[str], after: list[str], found: list[linediff.Opcode]) -> list[str]:
    """``after`` as the opcodes make it from ``before``, checking they cover both in order."""
    result: list[str] = []
    i = j = 0
    for tag, i1, i2, j1, j2 in found:
        assert (i1, j1) == (i, j) and tag in ("equal", "replace", "delete", "insert")
        if tag == "equal":
            assert before[i1:i2] == after[j1:j2]
        result.extend(after[j1:j2])
        i, j = i2, j2
    assert (i, j) == (len(before), len(after))
    return result


def applied(before: list[str], diff: list[str]) -> list[str]:
    """A unified diff applied to ``before``, as `patch` reads it."""
    result: list[str] = []
    at = 0
    for line in diff[2:]:
        if line.startswith("@@"):
            old = line.split()[1][1:]
            start = int(old.split(",")[0])
            length = int(old.split(",")[1]) if "," in old else 1
            first = start - 1 if length else start
            result.extend(before[at:first])
            at = first
        elif line.startswith(" "):
            assert before[at] == line[1:]
            result.append(line[1:])
            at += 1
        elif line.startswith("-"):
            assert before[at] == line[1:]
            at += 1
        else:
            result.append(line[1:])
    return result + before[at:]


@settings(max_examples=300, deadline=None)
@given(LINES, LINES)
def test_a_short_diff_is_difflibs(before: list[str], after: list[str]) -> None:
    assert list(linediff.unified(before, after, "a", "b")) == list(
        difflib.unified_diff(before, after, "a", "b")
    )


@settings(max_examples=300, deadline=None)
@given(LINES, LINES)
def test_a_long_diff_cut_into_stretches_is_a_correct_diff(
    before: list[str], after: list[str]
) -> None:
    """The stretches (forced here on short texts) give opcodes and a unified diff that make
    ``after`` from ``before``."""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(linediff, "MAX_PAIRS", 0)
        patched.setattr(linediff, "MAX_STRETCH_PAIRS", 4)
        assert rebuilt(before, after, linediff.opcodes(before, after)) == after
        diff = list(linediff.unified(before, after, "a", "b"))
    assert applied(before, diff) == after if diff else before == after


def test_a_long_re_indented_text_is_diffed_in_a_moment() -> None:
    """24,000 lines of which every other one changes: difflib took almost a minute."""
    before = "".join(f"  agent N{index}\n    prompt: go {index}\n" for index in range(12_000))
    after = before.replace("    prompt", "      prompt")
    started = time.process_time()
    diff = text_diff(before, after, "w.dip", "w.dip (formatted)")
    assert time.process_time() - started < 10
    lines = diff.splitlines(keepends=True)
    assert lines[:5] == [
        "--- w.dip\n",
        "+++ w.dip (formatted)\n",
        lines[2],
        "   agent N0\n",
        "-    prompt: go 0\n",
    ]
    assert applied(before.splitlines(keepends=True), lines) == after.splitlines(keepends=True)
