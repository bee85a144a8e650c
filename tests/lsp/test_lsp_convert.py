"""Offsets ⇄ LSP positions in all three position encodings, and LSP's line breaks."""

from __future__ import annotations

import pytest
from dipcheck_lsp.convert import Positions, encoding_name
from lsp_support import offset_at, position_at
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
