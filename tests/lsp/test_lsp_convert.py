"""Offsets ⇄ LSP positions in all three position encodings, and LSP's line breaks."""

from __future__ import annotations

import pytest
from dipcheck_lsp.convert import Positions, apply_change, change_lines, encoding_name
from hypothesis import given
from hypothesis import strategies as st
from lsp_support import line_end, line_starts, offset_at, position_at
from lsprotocol import types

from dipcheck.source import SourceText

TEXT = 'a: "Ünï 🚀" x\r\nb\rc\n🚀🚀 end'


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_positions_round_trip(encoding: str) -> None:
    positions = Positions(SourceText("x", TEXT), encoding)
    for offset in range(len(TEXT) + 1):
        if TEXT[offset - 1 : offset + 1] == "\r\n":
            continue  # between the two characters of one line break
        position = positions.position(offset)
        assert position == position_at(TEXT, offset, encoding)
        assert positions.offset(position) == offset_at(TEXT, position, encoding)
    assert positions.offset(position_at(TEXT, TEXT.index("x"), encoding)) == TEXT.index("x")


def test_columns_per_encoding() -> None:
    source = SourceText("x", TEXT)
    offset = TEXT.index("x")
    columns = {
        name: Positions(source, name).position(offset).character
        for name in ("utf-8", "utf-16", "utf-32")
    }
    assert columns == {"utf-8": 16, "utf-16": 12, "utf-32": 11}


def test_lone_carriage_return_ends_a_line() -> None:
    positions = Positions(SourceText("x", TEXT), "utf-16")
    assert positions.position(TEXT.index("c")) == types.Position(2, 0)
    assert positions.position(TEXT.index("end")) == types.Position(3, 5)
    # a position inside a surrogate pair or past the line end is clamped
    assert positions.offset(types.Position(3, 1)) == TEXT.index("🚀🚀") + 1
    assert positions.offset(types.Position(1, 99)) == TEXT.index("b") + 1


def test_encoding_names() -> None:
    assert encoding_name(types.PositionEncodingKind.Utf8) == "utf-8"
    assert encoding_name("utf-32") == "utf-32"
    assert encoding_name(None) == "utf-16"


# -- incremental changes ----------------------------------------------------------------------


def _change(text: str, encoding: str, start: tuple[int, int], end: tuple[int, int]) -> str:
    where = types.Range(types.Position(*start), types.Position(*end))
    return apply_change(text, where, "X", encoding)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_a_change_past_the_line_end_keeps_the_line_break(encoding: str) -> None:
    # pygls deleted the line break (and a character of the next line) for these
    assert _change("ab\ncd\n", encoding, (0, 2), (0, 3)) == "abX\ncd\n"
    assert _change("ab\r\ncd", encoding, (0, 1), (0, 9)) == "aX\r\ncd"
    assert _change("abc", encoding, (0, 10), (0, 10)) == "abcX"  # pygls: "abXc"
    assert _change("ab\ncd", encoding, (7, 0), (9, 9)) == "ab\ncdX"
    assert _change("ab\ncd", encoding, (1, 1), (0, 1)) == "aXd"  # read backwards


@pytest.mark.parametrize("breaks", ["\x0c", "\x0b", "\x1c", "\x85", "\u2028", "\u2029"])
def test_only_lsp_line_breaks_end_lines_in_a_change(breaks: str) -> None:
    assert _change(f"a{breaks}b\nc\rd", "utf-16", (1, 0), (1, 1)) == f"a{breaks}b\nX\rd"
    assert _change(f"a{breaks}b\nc\rd", "utf-16", (2, 0), (2, 1)) == f"a{breaks}b\nc\rX"


def test_a_change_inside_a_character_resolves_to_the_character_after_it() -> None:
    assert _change("é🚀z", "utf-8", (0, 1), (0, 4)) == "éXz"
    assert _change("é🚀z", "utf-16", (0, 2), (0, 2)) == "é🚀Xz"
    assert _change("\ud800z", "utf-8", (0, 2), (0, 3)) == "\ud800Xz"  # a lone surrogate: 3 units


# -- properties -------------------------------------------------------------------------------

ENCODINGS = st.sampled_from(["utf-8", "utf-16", "utf-32"])
# line breaks of every kind, characters of 1 to 4 UTF-8 bytes, astral ones, a lone surrogate
# (what a client's invalid UTF-16 decodes to), the replacement character and Python-only
# line breaks
TEXTS = st.lists(
    st.sampled_from(
        ["\r\n", "\r", "\n", "a", " ", "é", "€", "🚀", "\ud800", "\ufffd", "\x0c", "\u2028"]
    )
    | st.characters(),
    max_size=40,
).map("".join)


def _units(text: str, encoding: str) -> int:
    if encoding == "utf-32":
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _inside(text: str, position: types.Position, encoding: str) -> bool:
    starts = line_starts(text)
    if not 0 <= position.line < len(starts):
        return False
    line = text[starts[position.line] : line_end(text, starts, position.line)]
    return 0 <= position.character <= _units(line, encoding)


@given(TEXTS, st.data(), ENCODINGS)
def test_every_offset_converts_to_a_position_inside_the_document(
    text: str, data: st.DataObject, encoding: str
) -> None:
    positions = Positions(SourceText("x", text), encoding)
    offset = data.draw(st.integers(-3, len(text) + 3))
    position = positions.position(offset)
    assert _inside(text, position, encoding)
    offset = max(0, min(offset, len(text)))
    if text[offset - 1 : offset + 1] == "\r\n":
        assert positions.offset(position) == offset - 1  # inside a line break: its line's end
    else:
        assert positions.offset(position) == offset


@given(TEXTS, st.integers(0, 50), st.integers(0, 2**31 - 1), ENCODINGS)
def test_every_position_resolves_inside_the_document(
    text: str, line: int, character: int, encoding: str
) -> None:
    positions = Positions(SourceText("x", text), encoding)
    offset = positions.offset(types.Position(line, character))
    assert 0 <= offset <= len(text)
    assert text[offset - 1 : offset + 1] != "\r\n"
    assert _inside(text, positions.position(offset), encoding)


@given(TEXTS, st.data(), st.sampled_from(["", "X", "\n", "🚀\r\n"]), ENCODINGS)
def test_a_change_at_converted_positions_replaces_those_offsets(
    text: str, data: st.DataObject, new: str, encoding: str
) -> None:
    positions = Positions(SourceText("x", text), encoding)
    places = [offset for offset in range(len(text) + 1) if text[offset - 1 : offset + 1] != "\r\n"]
    start, end = sorted((data.draw(st.sampled_from(places)), data.draw(st.sampled_from(places))))
    where = types.Range(positions.position(start), positions.position(end))
    assert apply_change(text, where, new, encoding) == text[:start] + new + text[end:]


POSITIONS = st.builds(types.Position, st.integers(0, 12), st.integers(0, 12))


@given(
    TEXTS,
    st.lists(st.tuples(POSITIONS, POSITIONS, TEXTS), min_size=1, max_size=6),
    ENCODINGS,
)
def test_changes_carry_the_line_starts_of_the_text(
    text: str, changes: list[tuple[types.Position, types.Position, str]], encoding: str
) -> None:
    """Each change gives the text apply_change gives, and the line starts it carries to the
    next change are those of the changed text (None when either text has a ``\r``)."""
    starts: list[int] | None = None
    for start, end, new in changes:
        where = types.Range(start, end)
        expected = apply_change(text, where, new, encoding)
        crossed = "\r" in text or "\r" in new
        text, starts = change_lines(text, starts, where, new, encoding)
        assert text == expected
        if crossed:
            assert starts is None
        else:
            assert starts == SourceText("x", text).line_starts


@given(TEXTS, st.lists(st.integers(-3, 45), max_size=12), ENCODINGS)
def test_positions_in_any_order_count_the_units_before_them(
    text: str, offsets: list[int], encoding: str
) -> None:
    """Each line's wide characters are found once and kept (see the test below); the
    columns are still the code units of the line up to the offset, whatever was asked
    before."""
    positions = Positions(SourceText("x", text), encoding)
    starts = line_starts(text)
    for offset in offsets:
        clamped = max(0, min(offset, len(text)))
        line = max(index for index, start in enumerate(starts) if start <= clamped)
        end = min(clamped, line_end(text, starts, line))
        expected = types.Position(line, _units(text[starts[line] : end], encoding))
        assert positions.position(offset) == expected


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_positions_on_one_long_line_take_no_time_per_character_before_them(
    encoding: str,
) -> None:
    """A 300 KB document on one line with 150,000 symbols (tools/fuzz.py lsp seed 1205 #486)
    took most of a minute: each position counted the line up to its offset again. 60,000
    characters with 6,000 positions took 20 s in UTF-16; now the line is read once."""
    import time

    text = "é🚀x" * 20_000
    positions = Positions(SourceText("x", text), encoding)
    offsets = range(0, len(text), 10)
    started = time.process_time()
    columns = [positions.position(offset).character for offset in offsets]
    assert time.process_time() - started < 5
    for index in range(0, len(offsets), 499):
        assert columns[index] == _units(text[: offsets[index]], encoding)
