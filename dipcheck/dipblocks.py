"""The lines inside the multi-line blocks of a `.dip` file, where `#` starts content, not a
comment: after a `key:` line, every line up to the next one with text indented no deeper than
the key (blank lines included).

They are found by regular-expression searches, prompt blocks running to thousands of lines;
the text is searched with a line end put before it, so that the line end a match starts with
is the one before its line, and line numbers are counted from the line ends in between. The
scan is a chain of steps, each from the line end where the one before stopped: for a text one
edit away from the text scanned last (the language server's next lint), the steps that read
nothing past the edit are taken over, and once a new step stops where an old one started
after the edit, the old steps from there on (moved by the edit's length and lines): only the
blocks around the edit are searched again (the whole scan: 0.65 ms of a 3,000-line workflow).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import chain

from dipcheck.lazyre import lazy
from dipcheck.textchange import changed_span

# A `.dip` line that is exactly `key:` (trailing blanks allowed), its indentation captured;
# matched from the line end before it (a literal first character makes the search fast)
_DIP_BLOCK_LINE = lazy(r"\n([ \t]*)[A-Za-z0-9_]+:[^\S\n]*$", re.MULTILINE)

# One step: (where it starts, the line there, the `key:` line it found, where it stopped —
# the line end before the block's end — or None when the block runs to the end of the text,
# the line it stopped on, the line end after the last character it read).
_Step = tuple[int, int, int, int | None, int, int]


class BlockLines:
    """Line numbers as sorted, disjoint ranges, one per block: a set of the thousands of
    lines inside a workflow's prompts took 0.1 ms to build after each edit."""

    __slots__ = ("firsts", "ranges")

    def __init__(self, ranges: list[range]) -> None:
        self.ranges = ranges
        self.firsts = [item.start for item in ranges]

    def __contains__(self, line: object) -> bool:
        index = bisect_right(self.firsts, line) - 1 if isinstance(line, int) else -1
        return index >= 0 and line in self.ranges[index]

    def __iter__(self) -> Iterator[int]:
        return chain.from_iterable(self.ranges)

    def above(self, line: int) -> int:
        """The line above the lines in a row of these that hold ``line`` (``line`` when it is
        none of them): a block's `key:` line. The ranges of two blocks never touch (the line
        where one ends is at or before the next `key:` line)."""
        index = bisect_right(self.firsts, line) - 1
        if index >= 0 and line in self.ranges[index]:
            return self.ranges[index].start - 1
        return line


# (the text, the text with the leading line end, its steps, its line ends or -1: not
# counted, the lines inside blocks)
_Scan = tuple[str, str, list[_Step], int, BlockLines]
# The two texts scanned or asked for last, the latest last: after an edit is typed and
# deleted again, the next edit is one edit away from the text before the first
_RECENT: list[_Scan] = []


@lru_cache(maxsize=64)
def _dip_block_end(indent: int) -> re.Pattern[str]:
    """The line end before the first line with text indented by at most ``indent``."""
    return re.compile(rf"\n[ \t]{{0,{indent}}}(?![ \t])(?=[^\n]*\S)")


def content_lines(source_text: str) -> BlockLines:
    """The numbers of the lines inside the multi-line blocks of ``source_text``."""
    recent = list(_RECENT)
    for scan in recent:
        if scan[0] == source_text:
            _RECENT[:] = [item for item in recent if item is not scan] + [scan]
            return scan[4]
    text = "\n" + source_text
    if recent:
        steps, newlines = _rescan(text, recent[-1])
    else:
        steps, newlines = _steps(text, 0, 0), -1
    if newlines < 0 and steps and steps[-1][3] is None:  # (a block runs to the end)
        newlines = text.count("\n")
    ranges = [
        range(block + 1, newlines if stop is None else last_line)
        for _, _, block, stop, last_line, _ in steps
    ]
    lines = BlockLines([item for item in ranges if item])
    _RECENT[:] = [*recent[-1:], (source_text, text, steps, newlines, lines)]
    return lines


def _steps(
    text: str,
    position: int,
    line: int,
    follow: Callable[[int, int], list[_Step] | None] | None = None,
) -> list[_Step]:
    """The steps of the scan of ``text`` from ``position`` (a line end, on line ``line``).
    ``follow``: the steps known to come after a step stopping at a position and line, or
    None."""
    steps: list[_Step] = []
    while found := _DIP_BLOCK_LINE.search(text, position):
        block = line + text.count("\n", position, found.start())
        end = _dip_block_end(len(found.group(1))).search(text, found.end())
        if end is None:
            steps.append((position, line, block, None, block, len(text)))
            break
        stop = end.start()
        last = block + text.count("\n", found.start(), stop)
        after = text.find("\n", stop + 1)  # (the end's look-ahead reads no further)
        steps.append((position, line, block, stop, last, after if after >= 0 else len(text)))
        position, line = stop, last
        known = follow(position, line) if follow is not None else None
        if known is not None:
            steps.extend(known)
            break
    return steps


def _rescan(text: str, last: _Scan) -> tuple[list[_Step], int]:
    """The steps of the scan of ``text`` and its line ends (-1: not counted), from the scan of
    an earlier text (see the module docstring)."""
    _, old, old_steps, old_newlines, _ = last
    start, old_end, new_end = changed_span(old, text)
    kept = 0
    while kept < len(old_steps) and old_steps[kept][5] < start:
        kept += 1
    position, line = 0, 0
    if kept:
        _, _, _, stop, line, _ = old_steps[kept - 1]
        assert stop is not None  # (a block running to the end is read to the end: not kept)
        position = stop
    moved = new_end - old_end
    # where each old step started, on which line, and where the old scan found no more block
    starts = {step[0]: (index, step[1]) for index, step in enumerate(old_steps)}
    final = old_steps[-1][3:5] if old_steps else (0, 0)
    if final[0] is not None:
        starts[final[0]] = (len(old_steps), final[1])

    def follow(at: int, line: int) -> list[_Step] | None:
        known = starts.get(at - moved) if at >= new_end else None
        if known is None:
            return None
        index, shift = known[0], line - known[1]
        return [
            (
                where + moved,
                first + shift,
                block + shift,
                stop + moved if stop is not None else None,
                last_line + shift,
                after + moved,
            )
            for where, first, block, stop, last_line, after in old_steps[index:]
        ]

    steps = old_steps[:kept] + _steps(text, position, line, follow)
    newlines = -1  # (counted when needed)
    if old_newlines >= 0:
        newlines = old_newlines - old.count("\n", start, old_end) + text.count("\n", start, new_end)
    return steps, newlines


def code_end(line: str, start: int) -> int:
    """Index where a .dip line's code ends (from ``start``): a ``#`` at the start or after a
    blank, outside quotes (a `"` opens a string anywhere, with backslash escapes; a `'`
    after a blank or `(,=`, with `''` for a quote). The lexer's rule, which the suppression
    scanner shares: text in a string is never a comment."""
    if line.find("#", start) == -1:
        return len(line)
    quote = ""
    index = start
    length = len(line)
    while index < length:
        char = line[index]
        if quote:
            if char == "\\" and quote == '"':
                index += 2
                continue
            if quote == "'" and line.startswith("''", index):
                index += 2  # `''` is an escaped quote inside a single-quoted string
                continue
            if char == quote:
                quote = ""
        elif char == '"' or (char == "'" and (index == start or line[index - 1] in " \t(,=")):
            quote = char
        elif char == "#" and (index == start or line[index - 1] in " \t"):
            return index
        index += 1
    return length
