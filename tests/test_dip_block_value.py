"""A raw block's value (``dip_lexer._block_value``, cut from all its lines at once, and
``_block_value_by_line``) gives the value, segments, baseline and last line's length that
reading the block a line at a time into a ``SegmentBuilder`` gave, for blocks whose lines share
the first line's indentation and for those that do not; and the lexer's map of a block into
the file is those segments moved to the block's place (packed past 512 lines)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends.dip_lexer import _block_value, _block_value_by_line, lex
from dipcheck.model import SegmentBuilder, Segments
from dipcheck.source import SourceText

INDENTS = st.sampled_from(["", " ", "  ", "    ", "\t", " \t", "\t ", "      "])
BODIES = st.sampled_from(["", "x", "ab c", "\r", " \r", "\rx", "y\t", "z \r", "é ü", "#", "  "])
LINES = st.tuples(INDENTS, BODIES).map("".join)


def _reference(block: str) -> tuple[str, list[tuple[int, int]], int, int]:
    """The block read a line at a time, as the lexer did before (segments relative to the
    block's start)."""
    pieces: list[str] = []
    segments = SegmentBuilder()
    position = offset = 0
    baseline = -1
    trimmed = ""
    for line in block.split("\n"):
        trimmed = line.rstrip(" \t\r")
        content = trimmed.lstrip(" \t")
        remove = len(trimmed) - len(content)
        if baseline < 0:
            baseline = remove
        elif remove > baseline:
            content = trimmed[baseline:]
            remove = baseline
        segments.add(position, offset + remove)
        pieces.append(content)
        position += len(content) + 1
        offset += len(line) + 1
    return "\n".join(pieces), list(segments.build()), baseline, len(trimmed)


def _relative(block: str, found: Any) -> tuple[str, list[tuple[int, int]], int, int]:
    value, positions, removes, baseline, end = found
    offsets, offset = [], 0
    for line in block.split("\n"):
        offsets.append(offset)
        offset += len(line) + 1
    sources = [start + remove for start, remove in zip(offsets, removes, strict=True)]
    return value, list(zip(positions, sources, strict=True)), baseline, end


def _check(block: str) -> None:
    _block_value.cache_clear()
    expected = _reference(block)
    assert _relative(block, _block_value(block)) == expected
    assert _relative(block, _block_value_by_line(block.split("\n"))) == expected


@settings(max_examples=3000, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=12).map("\n".join))
def test_any_block(block: str) -> None:
    _check(block)


@settings(max_examples=300, deadline=None)
@given(INDENTS, st.lists(st.tuples(INDENTS, BODIES), min_size=1, max_size=8))
def test_blocks_indented_under_their_first_line(first: str, rest: list[tuple[str, str]]) -> None:
    _check("\n".join([first + "text", *(first + indent + body for indent, body in rest)]))


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 700), st.sampled_from(["    ", "\t\t\t\t", "\t  \t"]), st.booleans())
def test_the_lexers_map_of_a_block(count: int, indent: str, shallow: bool) -> None:
    lines = [f"{indent}line {number}" if number % 7 else "" for number in range(count)]
    lines[0] = indent + "first"
    if shallow:
        lines[-1] = "   x"  # (indented less than the first line, deeper than the key)
    text = "workflow W\n  prompt:\n" + "\n".join(lines) + "\n  start: A\n"
    _block_value.cache_clear()
    [block] = lex(SourceText("<t>.dip", text)).raw_blocks.values()
    begin = len("workflow W\n  prompt:\n")
    body = text[begin : text.index("\n  start")].rstrip("\n")
    value, segments, _, _ = _reference(body)
    assert block.value == value
    assert list(block.segments) == [(position, begin + at) for position, at in segments]
    assert isinstance(block.segments, Segments) == (len(segments) > 512)
