"""The comments that suppress given findings: ``--add-ignore`` (:func:`ignore_edits`) and the
language server's "suppress" action (:func:`suppression_edits`). Where a comment can go is
read as :mod:`dipcheck.suppressions` reads comments: a line inside a multi-line value gets
its comment above the block's ``key:`` line, a line that ends in another comment gets its
own comment line above it, and an existing ``ignore`` is extended.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable
from functools import cache

from dipcheck.diagnostics import Diagnostic, Edit
from dipcheck.dipblocks import BlockLines
from dipcheck.source import SourceText, Span
from dipcheck.suppressions import (
    _QUOTED_VALUE,
    _comment_start,
    _content,
    _directive,
    _DotLayout,
    _indent,
)


def suppression_edit(diagnostic: Diagnostic, fmt: str = "dip") -> Edit:
    """The edit that suppresses ``diagnostic``: a trailing comment on its line (or its codes
    added to the line's `ignore`), or — when the line is inside a multi-line block — a comment
    line above the block's `key:` line, or above the line when another comment ends it."""
    return suppression_edits([diagnostic], fmt)[0]


def suppression_edits(diagnostics: Iterable[Diagnostic], fmt: str = "dip") -> list[Edit]:
    """:func:`suppression_edit` for each finding, scanning each source for blocks once."""
    scanned: dict[int, _Layout] = {}
    makers: dict[tuple[int, tuple[str, int]], Callable[[list[str]], Edit]] = {}
    edits: list[Edit] = []
    for item in diagnostics:
        source = item.span.source
        if id(source) not in scanned:
            scanned[id(source)] = _layout(source, fmt)
        content, comment_at = scanned[id(source)]
        place = _placement(source, content, comment_at, source.line_of(item.span.start), fmt)
        make = makers.get((id(source), place))
        if make is None:
            make = makers[(id(source), place)] = _comment_maker(
                source, place, fmt, content, comment_at
            )
        edits.append(make([item.code]))
    return edits


# the lines inside multi-line values of a source, and where a line's comment starts (-1: none)
_Layout = tuple[Container[int], Callable[[int], int]]


def _layout(source: SourceText, fmt: str) -> _Layout:
    """:data:`_Layout` of ``source``: for DOT, from its tokens (a `// dipcheck:` inside a
    quoted label is no comment); else as the format's reader sees strings, each line read once
    (every finding's placement asks for its line's comment)."""
    if fmt == "dot":
        dot = _DotLayout(source)
        return dot.content, dot.comment_start
    return _content(source.text, fmt), cache(
        lambda line: _comment_start(source.raw_line(line), fmt)
    )


def ignore_edits(
    diagnostics: Iterable[Diagnostic], source: SourceText, anchors: dict[int, int], fmt: str
) -> list[Edit]:
    """Edits adding ``# dipcheck: ignore[…]`` comments to ``source`` that suppress every one of
    ``diagnostics``, one comment per line (codes of one line merged, an existing comment on
    the line extended). A finding in an included file (``anchors``: id of its source → line
    of the directive) is suppressed on the directive; one in another file is skipped."""
    content, comment_at = _layout(source, fmt)
    wanted: dict[tuple[str, int], list[str]] = {}
    for item in diagnostics:
        if item.span.source is source:
            line: int | None = source.line_of(item.span.start)
        else:
            line = anchors.get(id(item.span.source))
        if line is None:
            continue
        codes = wanted.setdefault(_placement(source, content, comment_at, line, fmt), [])
        if item.code not in codes:
            codes.append(item.code)
    return [
        _comment_maker(source, place, fmt, content, comment_at)(codes)
        for place, codes in wanted.items()
    ]


def _placement(
    source: SourceText,
    content: Container[int],
    comment_at: Callable[[int], int],
    line: int,
    fmt: str,
) -> tuple[str, int]:
    """Where the comment for a finding on ``line`` goes: ("end", line) for a trailing comment,
    ("above", line) for a comment line of its own above ``line``."""
    opens_block = line + 1 in content and line not in content
    if line in content or opens_block:
        if isinstance(content, BlockLines):
            return ("above", content.above(line))
        owner = line
        while owner > 0 and owner in content:
            owner -= 1  # the `key:` line that opens the block
        return ("above", owner)
    written = source.raw_line(line)
    if fmt == "dip" and _QUOTED_VALUE.match(written):
        return ("above", line)  # after a quoted .dip value, `# …` is part of the value
    start = comment_at(line)
    if start != -1 and _ignore_at(written, start) is None:
        # a comment other than an `ignore` (the first on a line is the one read): one added
        # at the end would be part of it, inside an open DOT `/*` too
        return ("above", line)
    return ("end", line)


def _ignore_at(line: str, start: int) -> re.Match[str] | None:
    """The `ignore` directive that is the comment at ``start`` of ``line`` (-1: none)."""
    match = _directive().match(line, start) if start != -1 else None
    return match if match is not None and match.group(1) == "ignore" else None


def _comment_maker(
    source: SourceText,
    place: tuple[str, int],
    fmt: str,
    content: Container[int],
    comment_at: Callable[[int], int],
) -> Callable[[list[str]], Edit]:
    """The edit that adds ``codes`` to the suppression at ``place``, as a function of the
    codes: the line is read once for every finding placed there (the language server offers
    a suppression for each finding, and a line of 370 KB with 1,000 findings was scanned
    1,000 times: 28 s)."""
    kind, line = place
    leader = "//" if fmt == "dot" else "#"
    if kind == "end":
        # (the line has no comment, or an `ignore`: _placement puts the comment above others)
        match = _ignore_at(source.raw_line(line), comment_at(line))
        if match is not None:
            close = source.line_starts[line] + match.end(2)
            return lambda codes: Edit(Span(source, close, close), f", {', '.join(codes)}")
        end = source.line_end(line)
        return lambda codes: Edit(
            Span(source, end, end), f"  {leader} dipcheck: ignore[{', '.join(codes)}]"
        )
    written = source.raw_line(line)
    indent = written[: _indent(written)]
    if line > 0 and line - 1 not in content:
        above = source.raw_line(line - 1)
        match = _directive().match(above, _indent(above))
        if match is not None and match.group(1) == "ignore" and not above[: match.start()].strip():
            close = source.line_starts[line - 1] + match.end(2)
            return lambda codes: Edit(Span(source, close, close), f", {', '.join(codes)}")
    start = source.line_starts[line]
    ending = "\r\n" if written.endswith("\r") else "\n"  # (the file's own line ends)
    return lambda codes: Edit(
        Span(source, start, start),
        f"{indent}{leader} dipcheck: ignore[{', '.join(codes)}]{ending}",
    )
