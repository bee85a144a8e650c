"""The lines inside a `.dip` file's multi-line blocks, scanned again only around an edit."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import dipblocks
from dipcheck.dipblocks import content_lines

LINES = st.sampled_from(
    ["key:", "  prompt:", "    text", "", "  # c", "a: b", "\t", "x", "      deep:", "  ", "k: "]
)
TEXTS = st.lists(LINES, max_size=14).map("\n".join)
PIECES = st.sampled_from(["", "\n", "x", ":", "  ", "\n  key:", "\n", "\nz", "\t"])


def _reference(source_text: str) -> frozenset[int]:
    """The whole scan, as suppressions did it before it was kept across edits."""
    content: set[int] = set()
    text = "\n" + source_text
    position = line = 0
    block_line = re.compile(r"\n([ \t]*)[A-Za-z0-9_]+:[^\S\n]*$", re.MULTILINE)
    while found := block_line.search(text, position):
        line += text.count("\n", position, found.start())
        indent = len(found.group(1))
        end = re.compile(rf"\n[ \t]{{0,{indent}}}(?![ \t])(?=[^\n]*\S)").search(text, found.end())
        if end is None:
            content.update(range(line + 1, text.count("\n")))
            break
        last = line + text.count("\n", found.start(), end.start())
        content.update(range(line + 1, last))
        position, line = end.start(), last
    return frozenset(content)


def _check(text: str) -> None:
    lines, expected = content_lines(text), _reference(text)
    assert set(lines) == expected
    numbers = range(-1, text.count("\n") + 3)
    assert [number in lines for number in numbers] == [number in expected for number in numbers]
    for number in numbers:  # the line the suppression edit walked up to, one at a time
        owner = number
        while owner > 0 and owner in expected:
            owner -= 1
        assert lines.above(number) == owner


@settings(max_examples=300)
@given(TEXTS, st.lists(st.tuples(st.integers(0, 120), st.integers(0, 120), PIECES), max_size=10))
def test_the_lines_after_each_edit_are_those_of_a_whole_scan(
    text: str, edits: list[tuple[int, int, str]]
) -> None:
    dipblocks._RECENT.clear()
    _check(text)
    for start, end, piece in edits:
        start, end = sorted((min(start, len(text)), min(end, len(text))))
        text = text[:start] + piece + text[end:]
        _check(text)


@given(TEXTS, TEXTS)
def test_an_unrelated_text_is_scanned_whole(first: str, second: str) -> None:
    content_lines(first)
    _check(second)


@settings(max_examples=200)
@given(TEXTS, st.lists(st.tuples(st.integers(0, 120), PIECES), max_size=8))
def test_edits_typed_and_deleted_again(text: str, edits: list[tuple[int, str]]) -> None:
    """As a user types a character and deletes it: each edit is one away from the text
    before the one before (the text asked for last but one)."""
    dipblocks._RECENT.clear()
    for at, piece in edits:
        at = min(at, len(text))
        typed = text[:at] + piece + text[at:]
        _check(typed)
        _check(text)


def test_a_block_typed_before_a_text_without_blocks() -> None:
    dipblocks._RECENT.clear()
    _check("x")
    _check("key:\n  a\nx")
    assert set(content_lines("key:\n  a\nx")) == {1}
