"""Document and range formatting: ``dipcheck.formatter`` as line edits.

The edits replace whole lines (positions at column 0, so no encoding conversion is needed).
A range request gets the edits that touch its lines, as long as applying only those keeps the
workflow's meaning; when it would not (re-indenting half a block changes what it belongs to),
it gets the edits for the whole document instead.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from lsprotocol import types

from dipcheck.formatter import FormatError, format_dip, lower, meaning
from dipcheck_lsp.convert import units

Edit = tuple[int, int, list[str]]  # replace source lines [start, end) by these lines


def _line_edits(before: list[str], after: list[str]) -> list[Edit]:
    matcher = SequenceMatcher(None, before, after, autojunk=False)
    return [
        (i1, i2, after[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"
    ]


def _apply(lines: list[str], edits: list[Edit]) -> str:
    result = list(lines)
    for start, end, new in sorted(edits, reverse=True):
        result[start:end] = new
    return "".join(result)


def _position(lines: list[str], line: int, encoding: str) -> types.Position:
    if line < len(lines) or not lines or lines[-1].endswith(("\n", "\r")):
        return types.Position(line, 0)
    last = lines[-1]  # the end of a last line without a line break
    return types.Position(len(lines) - 1, units(last, encoding))


def format_edits(
    text: str, encoding: str, lines_range: tuple[int, int] | None = None
) -> list[types.TextEdit] | None:
    """Edits that format ``text``, or only its lines ``lines_range`` (first and last line,
    inclusive); None when the text cannot be formatted."""
    try:
        formatted = format_dip(text)
    except FormatError:
        return None
    before = text.splitlines(keepends=True)
    edits = _line_edits(before, formatted.splitlines(keepends=True))
    if lines_range is not None:
        first, last = lines_range
        chosen = [edit for edit in edits if edit[0] <= last and first <= max(edit[1] - 1, edit[0])]
        if meaning(lower(_apply(before, chosen))) == meaning(lower(text)):
            edits = chosen
    return [
        types.TextEdit(
            types.Range(_position(before, start, encoding), _position(before, end, encoding)),
            "".join(new),
        )
        for start, end, new in edits
    ]
