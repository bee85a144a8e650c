"""A raw block's value (``dip_lexer._block_value``) cut from all its lines at once equals the
value, segments, baseline and last line's length read a line at a time
(``_block_value_by_line``), for blocks whose lines share the first line's indentation and for
those that do not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends.dip_lexer import _block_value, _block_value_by_line

INDENTS = st.sampled_from(["", " ", "  ", "    ", "\t", " \t", "\t ", "      "])
BODIES = st.sampled_from(["", "x", "ab c", "\r", " \r", "\rx", "y\t", "z \r", "é ü", "#", "  "])
LINES = st.tuples(INDENTS, BODIES).map("".join)


def _check(block: str) -> None:
    _block_value.cache_clear()
    fast = _block_value(block)
    assert fast == _block_value_by_line(block.split("\n"))
    assert type(fast[1]) is type(_block_value_by_line(block.split("\n"))[1])


@settings(max_examples=3000, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=12).map("\n".join))
def test_any_block(block: str) -> None:
    _check(block)


@settings(max_examples=300, deadline=None)
@given(INDENTS, st.lists(st.tuples(INDENTS, BODIES), min_size=1, max_size=8))
def test_blocks_indented_under_their_first_line(first: str, rest: list[tuple[str, str]]) -> None:
    _check("\n".join([first + "text", *(first + indent + body for indent, body in rest)]))


@settings(max_examples=20, deadline=None)
@given(INDENTS, st.integers(500, 700))
def test_long_blocks_are_packed_the_same(indent: str, count: int) -> None:
    _check("\n".join(f"{indent}line {number}" if number % 7 else "" for number in range(count)))
