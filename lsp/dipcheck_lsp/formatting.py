"""Document and range formatting: ``dipcheck.formatter`` as line edits.

The edits replace whole lines (positions at column 0, so no encoding conversion is needed).
The formatted lines are matched to the document's with difflib, whose time grows with the
product of the lines it matches (a 330 KB workflow with every other line re-indented took half
a minute, the server answering nothing meanwhile). A longer document is matched in stretches:
the lines equal at both ends, then the lines found exactly once in each (their longest run in
order, as patience diff anchors them); difflib matches each stretch between, and a stretch too
long for it is replaced whole.
A range request only ever edits the lines of its range: the formatter's edits of those lines
when applying just them keeps the workflow's meaning; else the same lines with their own
indentation kept (re-indenting half a block would change what it belongs to); else nothing.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from difflib import SequenceMatcher

from lsprotocol import types

from dipcheck.formatter import FormatError, format_dip, lower, meaning
from dipcheck_lsp.convert import lsp_lines, units

Edit = tuple[int, int, list[str]]  # replace source lines [start, end) by these lines
# The most pairs of lines (lines before times lines after) difflib matches in one go: a whole
# document up to about a thousand lines, a stretch between anchors of a longer one.
MAX_PAIRS = 1_000_000
MAX_STRETCH_PAIRS = 10_000


def _matched(before: list[str], after: list[str], i1: int, i2: int, j1: int, j2: int) -> list[Edit]:
    """difflib's edits of ``before[i1:i2]`` into ``after[j1:j2]``."""
    matcher = SequenceMatcher(None, before[i1:i2], after[j1:j2], autojunk=False)
    return [
        (i1 + a1, i1 + a2, after[j1 + b1 : j1 + b2])
        for tag, a1, a2, b1, b2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def _anchors(
    before: list[str], after: list[str], i1: int, i2: int, j1: int, j2: int
) -> list[tuple[int, int]]:
    """The longest run, in order in both, of the lines found once in each stretch."""
    once_before = Counter(before[i1:i2])
    once_after = Counter(after[j1:j2])
    where = {line: j for j, line in enumerate(after[j1:j2], j1) if once_after[line] == 1}
    pairs = [
        (i, where[line])
        for i, line in enumerate(before[i1:i2], i1)
        if once_before[line] == 1 and line in where
    ]
    # the longest increasing run of the `after` lines (patience sorting)
    tops: list[int] = []  # the smallest last `after` line of a run of each length
    ends: list[int] = []  # the pair ending that run
    previous: list[int] = []  # each pair's predecessor in its run
    for index, (_, j) in enumerate(pairs):
        length = bisect_left(tops, j)
        if length == len(tops):
            tops.append(j)
            ends.append(index)
        else:
            tops[length] = j
            ends[length] = index
        previous.append(ends[length - 1] if length else -1)
    run: list[tuple[int, int]] = []
    index = ends[-1] if ends else -1
    while index >= 0:
        run.append(pairs[index])
        index = previous[index]
    return run[::-1]


def _line_edits(before: list[str], after: list[str]) -> list[Edit]:
    if len(before) * len(after) <= MAX_PAIRS:
        return _matched(before, after, 0, len(before), 0, len(after))
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    i2, j2 = len(before), len(after)
    while i2 > start and j2 > start and before[i2 - 1] == after[j2 - 1]:
        i2, j2 = i2 - 1, j2 - 1
    edits: list[Edit] = []
    i1 = j1 = start
    for i, j in [*_anchors(before, after, start, i2, start, j2), (i2, j2)]:
        if (i - i1) * (j - j1) <= MAX_STRETCH_PAIRS:
            edits.extend(_matched(before, after, i1, i, j1, j))
        else:
            edits.append((i1, i, after[j1:j]))
        i1, j1 = i + 1, j + 1
    return edits


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
