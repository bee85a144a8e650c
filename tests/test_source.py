"""Offsets ⇄ 0-based line/column conversion, code points and UTF-16."""

from __future__ import annotations

from dipcheck.source import SourceText, Span, line_span, lines_with_ends


def test_line_table_and_positions() -> None:
    source = SourceText("a.dip", "ab\ncd\n\nef")
    assert source.line_starts == [0, 3, 6, 7]
    assert source.line_count == 4
    assert source.position(0) == (0, 0)
    assert source.position(2) == (0, 2)  # the newline belongs to its line
    assert source.position(3) == (1, 0)
    assert source.position(6) == (2, 0)
    assert source.position(9) == (3, 2)
    assert source.line_of(4) == 1


def test_positions_are_clamped_into_the_text() -> None:
    source = SourceText("a.dip", "ab\ncd")
    assert source.position(-5) == (0, 0)
    assert source.position(99) == (1, 2)
    assert source.offset(-1, 0) == 0
    assert source.offset(7, 3) == len(source.text)
    assert source.offset(0, 99) == 2  # clamped to the end of line 0, before the newline
    assert source.offset(1, -3) == 3


def test_offset_inverts_position() -> None:
    text = "workflow W\n  start: A\r\n\n  exit: B"
    source = SourceText("a.dip", text)
    for offset in range(len(text) + 1):
        line, column = source.position(offset)
        if offset < len(text) and text[offset] in "\r\n":
            continue  # line ends clamp to before the line break
        assert source.offset(line, column) == offset


def test_line_text_strips_crlf() -> None:
    source = SourceText("a.dip", "one\r\ntwo\r\n")
    assert source.line_text(0) == "one"
    assert source.line_text(1) == "two"
    assert source.line_text(2) == ""
    assert source.line_text(9) == ""
    assert source.line_end(0) == 3


def test_lines_with_ends_are_the_line_tables_lines() -> None:
    # only `\n` ends a line: not U+2028, `\x85`, `\f` (str.splitlines ends one at each) nor a
    # lone `\r`; each line keeps its break, so joining them gives the text back
    text = "a\u2028b\r\nc\rd\x85\x0ce\n\nf"
    lines = lines_with_ends(text)
    assert lines == ["a\u2028b\r\n", "c\rd\x85\x0ce\n", "\n", "f"]
    assert "".join(lines) == text
    assert [line.removesuffix("\n") for line in lines] == SourceText("a.dip", text).split_lines()
    assert lines_with_ends("a\n") == ["a\n"]
    assert lines_with_ends("") == []


def test_columns_count_code_points_and_utf16_counts_surrogates() -> None:
    text = "  label: \U0001f600 é x"
    source = SourceText("a.dip", text)
    x = text.index("x")
    assert source.position(x) == (0, 13)
    # the emoji is two UTF-16 code units; é is one
    assert source.utf16_position(x) == (0, 14)
    assert source.offset_from_utf16(0, 14) == x
    # a column inside a surrogate pair lands after the character
    emoji = text.index("\U0001f600")
    assert source.offset_from_utf16(0, emoji + 1) == emoji + 1
    assert source.offset_from_utf16(0, 999) == len(text)
    assert source.offset_from_utf16(5, 0) == len(text)
    assert source.offset_from_utf16(-1, 0) == 0


def test_utf16_round_trip_on_every_offset() -> None:
    text = "a\U0001f600b\n\U0001f600\U0001f600c\nd"
    source = SourceText("a.dip", text)
    for offset in range(len(text) + 1):
        if offset < len(text) and text[offset] == "\n":
            continue
        line, column = source.utf16_position(offset)
        assert source.offset_from_utf16(line, column) == offset


def test_span_text_cover_and_contains() -> None:
    source = SourceText("a.dip", "  agent Plan\n")
    kind = Span(source, 2, 7)
    name = Span(source, 8, 12)
    assert kind.text == "agent"
    assert kind.path == "a.dip"
    assert kind.cover(name).text == "agent Plan"
    assert name.start_position() == (0, 8)
    assert name.end_position() == (0, 12)
    assert name.contains(8) and name.contains(12) and not name.contains(13)


def test_line_span_excludes_indentation_and_trailing_blanks() -> None:
    source = SourceText("a.dip", "x\n    tool T \t\r\nlast")
    assert line_span(source, 1).text == "tool T"
    assert line_span(source, 2).text == "last"
    beyond = line_span(source, 7)
    assert beyond.start == beyond.end == len(source.text)
