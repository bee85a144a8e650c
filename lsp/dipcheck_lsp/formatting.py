"""Document and range formatting: ``dipcheck.formatter`` as line edits.

The edits replace whole lines (positions at column 0, so no encoding conversion is needed).
The formatted lines are matched to the document's by :mod:`dipcheck.linediff` (difflib,
whose time grows with the product of the lines it matches, only on stretches short enough: a
330 KB workflow with every other line re-indented took half a minute, the server answering
nothing meanwhile).
A range request only ever edits the lines of its range: the formatter's edits of those lines
when applying just them keeps the workflow's meaning; else the same lines with their own
indentation kept (re-indenting half a block would change what it belongs to); else nothing.
"""

from __future__ import annotations

from lsprotocol import types

from dipcheck.formatter import FormatError, format_dip, lower, meaning
from dipcheck.linediff import opcodes
from dipcheck_lsp.convert import lsp_lines, units

Edit = tuple[int, int, list[str]]  # replace source lines [start, end) by these lines


def _line_edits(before: list[str], after: list[str]) -> list[Edit]:
    return [
        (i1, i2, after[j1:j2]) for tag, i1, i2, j1, j2 in opcodes(before, after) if tag != "equal"
    ]


def _apply(lines: list[str], edits: list[Edit]) -> str:
    result = list(lines)
    for start, end, new in sorted(edits, reverse=True):
        result[start:end] = new
    return "".join(result)


def _inside(edits: list[Edit], first: int, last: int) -> list[Edit]:
    """The edits of lines ``first`` to ``last``: a line-for-line edit split into its lines,
    any other edit only when it lies wholly inside the range."""
    chosen: list[Edit] = []
    for start, end, new in edits:
        if end - start == len(new):
            chosen.extend(
                (line, line + 1, [new[line - start]])
                for line in range(max(start, first), min(end, last + 1))
            )
        elif first <= start and max(end - 1, start) <= last:
            chosen.append((start, end, new))
    return chosen


def _keep_indentation(before: list[str], edits: list[Edit]) -> list[Edit]:
    """The one-line edits with each line's own indentation put back."""
    kept: list[Edit] = []
    for start, end, new in edits:
        if end - start == 1 and len(new) == 1:
            old = before[start]
            indent = old[: len(old) - len(old.lstrip(" \t"))]
            line = indent + new[0].lstrip(" \t")
            if line != old:
                kept.append((start, end, [line]))
    return kept


def _within(
    before: list[str], edits: list[Edit], first: int, last: int, wanted: object
) -> list[Edit]:
    """The edits a range request gets (see the module docstring)."""
    chosen = _inside(edits, first, last)
    for candidate in (chosen, _keep_indentation(before, chosen)):
        if meaning(lower(_apply(before, candidate))) == wanted:
            return candidate
    return []


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
    before = lsp_lines(text)
    edits = _line_edits(before, lsp_lines(formatted))
    if lines_range is not None:
        edits = _within(before, edits, *lines_range, meaning(lower(text)))
    return [
        types.TextEdit(
            types.Range(_position(before, start, encoding), _position(before, end, encoding)),
            "".join(new),
        )
        for start, end, new in edits
    ]
