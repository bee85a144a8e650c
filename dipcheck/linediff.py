"""Line diffs whose time stays near the lines' count, for texts of any length.

difflib matches lines in time that grows with the product of the two texts' lengths when many
lines differ: `dipcheck fmt --diff` of a 24,000-line workflow whose every node it re-indents
took almost a minute, and the language server's formatting two minutes without answering.
Texts up to about a thousand lines each (:data:`MAX_PAIRS` pairs of lines) are matched by
difflib whole, as before. A longer pair is cut into stretches first: the lines equal at both
ends, then anchors — the lines found exactly once in each text, the longest run of them that is
in the same order in both (patience diff's anchors) — and difflib matches each stretch between
two anchors; a stretch still too long for it (:data:`MAX_STRETCH_PAIRS`) is replaced whole.
The result is always a correct diff; only for long texts may it be longer than the shortest.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from difflib import SequenceMatcher

# The most pairs of lines (lines before times lines after) difflib matches in one go: two whole
# texts up to about a thousand lines each, a stretch between anchors of longer ones.
MAX_PAIRS = 1_000_000
MAX_STRETCH_PAIRS = 10_000

# (tag, i1, i2, j1, j2) as difflib gives them: ``before[i1:i2]`` becomes ``after[j1:j2]``
Opcode = tuple[str, int, int, int, int]


def opcodes(before: list[str], after: list[str]) -> list[Opcode]:
    """How ``before`` becomes ``after``: equal, replaced, deleted and inserted runs of lines,
    in order, covering both lists (difflib's opcodes)."""
    if len(before) * len(after) <= MAX_PAIRS:
        return _matched(before, after, 0, len(before), 0, len(after))
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    i2, j2 = len(before), len(after)
    while i2 > start and j2 > start and before[i2 - 1] == after[j2 - 1]:
        i2, j2 = i2 - 1, j2 - 1
    found: list[Opcode] = [("equal", 0, start, 0, start)]
    i1 = j1 = start
    for i, j in _anchors(before, after, start, i2, start, j2):
        found.extend(_stretch(before, after, i1, i, j1, j))
        found.append(("equal", i, i + 1, j, j + 1))
        i1, j1 = i + 1, j + 1
    found.extend(_stretch(before, after, i1, i2, j1, j2))
    found.append(("equal", i2, len(before), j2, len(after)))
    return _joined(found)


def _stretch(
    before: list[str], after: list[str], i1: int, i2: int, j1: int, j2: int
) -> list[Opcode]:
    if (i2 - i1) * (j2 - j1) <= MAX_STRETCH_PAIRS:
        return _matched(before, after, i1, i2, j1, j2)
    return [("replace", i1, i2, j1, j2)]


def _matched(
    before: list[str], after: list[str], i1: int, i2: int, j1: int, j2: int
) -> list[Opcode]:
    """difflib's opcodes of ``before[i1:i2]`` into ``after[j1:j2]``, in whole-list offsets."""
    if i1 == i2 or j1 == j2:
        tag = "insert" if i1 == i2 else "delete"
        return [] if i1 == i2 and j1 == j2 else [(tag, i1, i2, j1, j2)]
    matcher = SequenceMatcher(None, before[i1:i2], after[j1:j2], autojunk=False)
    return [
        (tag, i1 + a1, i1 + a2, j1 + b1, j1 + b2) for tag, a1, a2, b1, b2 in matcher.get_opcodes()
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


def _joined(found: list[Opcode]) -> list[Opcode]:
    """``found`` without empty runs, and adjacent equal runs as one."""
    result: list[Opcode] = []
    for tag, i1, i2, j1, j2 in found:
        if i1 == i2 and j1 == j2:
            continue
        if result and tag == "equal" and result[-1][0] == "equal":
            result[-1] = ("equal", result[-1][1], i2, result[-1][3], j2)
        else:
            result.append((tag, i1, i2, j1, j2))
    return result


def unified(
    before: list[str], after: list[str], old_name: str, new_name: str, context: int = 3
) -> Iterator[str]:
    """The lines of a unified diff of ``before`` into ``after`` (each line keeping its line
    break), as ``diff -u`` and difflib write one: nothing when they are equal."""
    groups = _hunks(opcodes(before, after), context)
    if not groups:
        return
    yield f"--- {old_name}\n"
    yield f"+++ {new_name}\n"
    for group in groups:
        first, last = group[0], group[-1]
        yield f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in before[i1:i2])
                continue
            yield from ("-" + line for line in before[i1:i2])
            yield from ("+" + line for line in after[j1:j2])


def _range(start: int, stop: int) -> str:
    """A hunk's line range: its first line (1-based; the line before it when it is empty)
    and its length, left out when it is one."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


def _hunks(found: list[Opcode], context: int) -> list[list[Opcode]]:
    """The changes grouped into hunks with up to ``context`` equal lines around each, a run
    of more than twice that many equal lines between changes starting a new hunk."""
    if not any(tag != "equal" for tag, *_ in found):
        return []
    ops = list(found)
    tag, i1, i2, j1, j2 = ops[0]
    if tag == "equal":
        ops[0] = (tag, max(i1, i2 - context), i2, max(j1, j2 - context), j2)
    tag, i1, i2, j1, j2 = ops[-1]
    if tag == "equal":
        ops[-1] = (tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context))
    groups: list[list[Opcode]] = []
    current: list[Opcode] = []
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal" and i2 - i1 > 2 * context:
            current.append((tag, i1, i1 + context, j1, j1 + context))
            groups.append(current)
            current = [(tag, i2 - context, i2, j2 - context, j2)]
        else:
            current.append((tag, i1, i2, j1, j2))
    if any(tag != "equal" for tag, *_ in current):
        groups.append(current)
    return groups
