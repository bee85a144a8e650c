"""Incremental lexing of ``.dip`` text for the language server's re-lint after a keystroke.

:func:`lex` returns exactly what :func:`dip_lexer.lex` returns, but when the text differs in
one region from a text of the same path lexed recently, it reuses that run: the line groups
before the change keep their tokens, the lexer resumes at a group boundary before the change
with the state it had there (indent stack, tokens left under the limit), and as soon as it
stands at a line after the change where the old run had a group boundary with the same indent
stack, the old run's remaining groups are taken over, moved by the length and line-count
differences (as new tokens: the tokens of a result are never changed once handed out).

Anything unusual is lexed afresh: a different or too large text, a change of more than half of
it, a carriage return in the change, a run that passes the token limit or nests too deep.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from itertools import accumulate, repeat
from operator import add, attrgetter
from threading import Lock

from dipcheck.frontends.dip_lexer import (
    INDENT,
    LINE_END,
    DipLexer,
    LexProblem,
    LexResult,
    LineGroup,
)
from dipcheck.lalr import Token
from dipcheck.model import _PACK_ABOVE, Segments, Text
from dipcheck.source import MAX_TOKENS, SourceText, Span

# A text longer than this is not kept: 256 KiB holds the largest hand-written workflow known
# (tracker's build_product.dip, 180 KB) with room; a larger file is a generated one, which is
# rarely edited a keystroke at a time and whose tokens would hold megabytes per kept text.
_MAX_CHARS = 1 << 18
_TEXTS_PER_PATH = 3  # the last texts linted, and the one each was lexed against
_PATHS = 4  # the documents open in an editor and being typed into at one time
_CHUNK = 2048  # characters compared at a time while looking for the changed region
_NEAR = 64  # a change of at most this many characters is not looked for in older texts

_new_str = str.__new__
_new_group = object.__new__
_group_line = attrgetter("line")


class _Run:
    """A kept lex run: the text, its lines and what the lexer made of them (containers of its
    own, which the caller of :func:`lex` cannot clear; the tokens and groups are never
    changed)."""

    __slots__ = (
        "chunks",
        "count",
        "groups",
        "line_starts",
        "lines",
        "maps",
        "problems",
        "raw_blocks",
        "text",
    )

    def __init__(self, source: SourceText, lexer: DipLexer, result: LexResult) -> None:
        self.text = source.text
        self.lines = lexer.lines
        self.line_starts = source.line_starts
        self.groups = list(result.groups)
        self.raw_blocks = dict(result.raw_blocks)
        self.maps = lexer.block_maps
        self.problems = list(result.problems)
        self.count = result.count
        # the text's _CHUNK pieces from its start and from its end, by their number, each cut
        # when a comparison first gets to it (a new text is compared without slicing it; a
        # keystroke compares up to it from both ends: half the pieces, not all)
        self.chunks: tuple[dict[int, str], dict[int, str]] = ({}, {})


_runs: OrderedDict[str, list[_Run]] = OrderedDict()  # by path, the latest first
_lock = Lock()


def lex(source: SourceText) -> LexResult:
    """:func:`dip_lexer.lex`, reusing a recent run of nearly the same text of the path."""
    text = source.text
    if len(text) > _MAX_CHARS:
        return DipLexer(source).run()
    with _lock:
        kept = _runs.get(source.path)
        if kept is None:
            # a path lexed once is only noted: a file linted once (the command line) costs
            # no copies and keeps no tokens alive; the language server lints it again
            _runs[source.path] = []
            _trim()
        else:
            kept = list(kept)
    if kept is None:
        return DipLexer(source).run()
    best: tuple[int, int, _Run] | None = None
    for run in kept:
        prefix, suffix = _common_ends(run, text)
        if best is None or prefix + suffix > best[0] + best[1]:
            best = (prefix, suffix, run)
        if len(text) - prefix - suffix <= _NEAR and len(run.text) - prefix - suffix <= _NEAR:
            break  # (a keystroke away from the latest text: the older ones cannot do better)
    base = None
    relexed = None
    if best is not None and 2 * (best[0] + best[1]) >= len(text):
        base = best[2]
        relexed = _relex(source, base, best[0], best[1])
    if relexed is None:
        lexer = DipLexer(source)
        result = lexer.run()
        if result.over_limit is not None or lexer.too_deep:
            return result
    else:
        result, lexer = relexed
    _keep(source.path, _Run(source, lexer, result), base)
    return result


def _keep(path: str, run: _Run, base: _Run | None) -> None:
    with _lock:
        runs = [run]
        if base is not None:
            runs.append(base)  # the text the user's edits start from stays
        runs.extend(item for item in _runs.pop(path, ()) if item is not base)
        _runs[path] = runs[:_TEXTS_PER_PATH]
        _trim()


def _trim() -> None:
    """Forget the paths lexed least recently beyond the last :data:`_PATHS` (under the lock)."""
    while len(_runs) > _PATHS:
        _runs.popitem(last=False)


def _common_ends(run: _Run, new: str) -> tuple[int, int]:
    """The lengths of the longest common prefix and (not overlapping it) suffix of a kept
    run's text and ``new``, found by comparing in C a chunk at a time, then bisecting."""
    old = run.text
    if old == new:
        return len(new), 0
    starts, ends = run.chunks
    limit = min(len(old), len(new))
    low = 0
    for index in range(limit // _CHUNK):
        chunk = starts.get(index)
        if chunk is None:  # (a dict: threads comparing at once store the same piece)
            chunk = starts[index] = old[low : low + _CHUNK]
        if not new.startswith(chunk, low):
            break
        low += _CHUNK
    high = min(low + _CHUNK, limit)
    while low < high:  # old[:low] == new[:low]; old[:high + 1] != new[:high + 1] or past end
        middle = (low + high + 1) // 2
        if new.startswith(old[low:middle], low):
            low = middle
        else:
            high = middle - 1
    prefix = low
    limit -= prefix
    old_end, new_end = len(old), len(new)
    low = 0  # old[old_end - low:] == new[new_end - low:]
    for index in range(limit // _CHUNK):
        chunk = ends.get(index)
        if chunk is None:
            chunk = ends[index] = old[old_end - low - _CHUNK : old_end - low]
        if not new.endswith(chunk, 0, new_end - low):
            break
        low += _CHUNK
    high = min(low + _CHUNK, limit)
    while low < high:
        middle = (low + high + 1) // 2
        if new.endswith(old[old_end - middle : old_end - low], 0, new_end - low):
            low = middle
        else:
            high = middle - 1
    return prefix, low


def _first_offset(group: LineGroup) -> int:
    # (a line's structure tokens have no place: its first content token is at its indent)
    return group.content[0].start_pos or 0


def _relex(
    source: SourceText, old: _Run, prefix: int, suffix: int
) -> tuple[LexResult, DipLexer] | None:
    """The lex of ``source`` from ``old`` (whose text shares ``prefix`` first and ``suffix``
    last characters with it) and the lexer that made it, or None when it must be lexed
    afresh."""
    text = source.text
    old_text = old.text
    old_end, new_end = len(old_text) - suffix, len(text) - suffix
    if "\r" in old_text[prefix:old_end] or "\r" in text[prefix:new_end]:
        return None
    groups = old.groups
    # the closing group (the blocks open at the end of the file) has no content
    body = len(groups) - (1 if groups and not groups[-1].content else 0)
    old_starts = old.line_starts
    changed_line = bisect_right(old_starts, prefix) - 1
    # A group's lexing looks ahead to the next line with text (where a raw block or stray
    # text ends), which is at most the next group's first line: the lexer restarts after
    # the group before the last one that starts before the changed line.
    kept = bisect_left(groups, old_starts[changed_line], 0, body, key=_first_offset) - 1
    if kept < 1:
        return None
    delta = len(text) - len(old_text)
    # the first old line whose start and the line end before it are both in the common
    # suffix: from there on each line is a line of the new text, ``lines_delta`` lines on
    old_stop = bisect_right(old_starts, old_end)
    lines_delta = text.count("\n", prefix, new_end) - old_text.count("\n", prefix, old_end)
    lines = _new_lines(source, old, changed_line, old_stop, delta)
    stack = [0]
    used = 0
    for group in groups[:kept]:
        used += _replay(group, stack, old_starts)
    lexer = DipLexer(source, lines)
    lexer.stack = list(stack)
    lexer.seen_content = True
    restart = groups[kept - 1].line
    restart_offset = old_starts[restart]
    result = lexer.result
    result.groups.extend(groups[:kept])
    maps = lexer.block_maps
    for start, block in old.raw_blocks.items():
        if start >= restart_offset:
            break
        result.raw_blocks[start] = Text(block.value, source, block.segments)
        maps[start] = old.maps[start]
    for problem in old.problems:
        if problem.span.start >= restart_offset:
            break
        result.problems.append(_moved_problem(problem, source, 0))
    stop = old_stop + lines_delta
    index, left = restart, MAX_TOKENS - used
    position = kept  # the old groups replayed into ``stack`` and ``used``
    step = 1  # lines lexed before the next look for a boundary in step with the old run
    while True:
        index, left = lexer.lex_lines(index, stop, left)
        if left < 0 or lexer.too_deep:
            return None
        if index >= len(lines):
            lexer.close(left)
            return result, lexer
        old_index = index - lines_delta
        at = bisect_left(groups, old_index, position, body, key=_group_line)
        if at < body and groups[at].line == old_index:
            for group in groups[position : at + 1]:
                used += _replay(group, stack, old_starts)
            position = at + 1
            if stack == lexer.stack:  # in step with the old run: the rest is the old rest
                break
        # (once in step the runs stay in step: looking less and less often bounds the looks
        # when a change of indentation moves every block after it)
        stop = index + step
        step = min(2 * step, 64)
    count = MAX_TOKENS - left + old.count - used
    if count > MAX_TOKENS:
        return None
    result.count = count
    _take_rest(lexer, old, position, old_starts[old_index], delta, lines_delta)
    return result, lexer


def _new_lines(
    source: SourceText, old: _Run, changed_line: int, old_stop: int, delta: int
) -> list[str]:
    """The lines of the new text: the old lines before ``changed_line`` and from ``old_stop``
    on, and the changed text between them cut at its line ends. Its line table too, unless
    the caller gave one (the language server does)."""
    text = source.text
    old_starts = old.line_starts
    begin = old_starts[changed_line]
    end = old_starts[old_stop] - 1 + delta if old_stop < len(old_starts) else len(text)
    changed = text[begin:end].split("\n")
    if "line_starts" not in source.__dict__:
        starts = old_starts[: changed_line + 1]
        starts.extend(accumulate(map((1).__add__, map(len, changed[:-1])), initial=begin))
        del starts[changed_line]  # (accumulate repeats the first line's start)
        starts.extend(map(add, old_starts[old_stop:], repeat(delta)))
        source.__dict__["line_starts"] = starts  # what SourceText.split_lines stores
    return old.lines[:changed_line] + changed + old.lines[old_stop:]


def _replay(group: LineGroup, stack: list[int], line_starts: list[int]) -> int:
    """Apply a group's structure tokens to the indent stack the lexer had before it; returns
    the group's number of tokens."""
    for token in group.structure:
        if token is INDENT:  # (the line's indent: where its first content token is)
            offset = group.content[0].start_pos or 0
            stack.append(offset - line_starts[bisect_right(line_starts, offset) - 1])
        else:
            stack.pop()
    return len(group.structure) + len(group.content)


def _take_rest(
    lexer: DipLexer, old: _Run, position: int, offset: int, delta: int, lines_delta: int
) -> None:
    """Append the old run's groups from ``position`` on (its raw blocks and problems from
    ``offset`` on) to the lexer's result, moved by ``delta`` characters and ``lines_delta``
    lines."""
    result = lexer.result
    source = lexer.source
    groups = result.groups
    if delta or lines_delta:
        append = groups.append
        for group in old.groups[position:]:
            # a group is made without a call to LineGroup (its fields stored here: hot); its
            # structure tokens have no place, and no one changes a group's lists
            moved = _new_group(LineGroup)
            moved.structure = group.structure
            moved.content = _moved_tokens(group.content, delta, lines_delta)
            moved.line = group.line + lines_delta
            append(moved)
    else:
        groups.extend(old.groups[position:])
    raw_blocks = result.raw_blocks
    maps = lexer.block_maps
    old_maps = old.maps
    for start, block in old.raw_blocks.items():
        if start >= offset:
            segments = block.segments
            line_map = old_maps[start]
            if delta:
                positions, sources = line_map
                sources = tuple(map(add, sources, repeat(delta)))
                line_map = positions, sources
                segments = (
                    tuple(zip(positions, sources, strict=True))
                    if len(positions) <= _PACK_ABOVE
                    else Segments(array("q", positions), array("q", sources))
                )
            raw_blocks[start + delta] = Text(block.value, source, segments)
            maps[start + delta] = line_map
    for problem in old.problems:
        if problem.span.start >= offset:
            result.problems.append(_moved_problem(problem, source, delta))


def _moved_tokens(tokens: list[Token], delta: int, lines_delta: int) -> list[Token]:
    """New tokens in the places of ``tokens`` moved by ``delta`` characters and
    ``lines_delta`` lines (new_token's steps, inline: hot)."""
    moved = []
    append = moved.append
    for token in tokens:
        if token is LINE_END:  # (no place to move)
            append(token)
            continue
        value = token.value
        new = _new_str(Token, value)
        new.type = token.type
        new.value = value
        new.start_pos = token.start_pos + delta  # type: ignore[operator]
        new.end_pos = token.end_pos + delta  # type: ignore[operator]
        line = token.line
        if line is None:
            new.line = new.column = new.end_line = new.end_column = None
        else:  # raw blocks and stray text have lines (their columns stay)
            new.line = line + lines_delta
            new.column = token.column
            new.end_line = token.end_line + lines_delta  # type: ignore[operator]
            new.end_column = token.end_column
        append(new)
    return moved


def _moved_problem(problem: LexProblem, source: SourceText, delta: int) -> LexProblem:
    span = problem.span
    return LexProblem(
        Span(source, span.start + delta, span.end + delta),
        problem.message,
        problem.code,
        problem.severity,
    )
