"""Decoding a quoted value with very many two-character escapes, fast and small.

A value of millions of escapes (hostile input, or a generated file) is decoded by a few
``str.replace`` calls instead of one escape at a time, and mapped back to its source by an
:class:`~dipcheck.model.EscapeMap` (the value once more, with each escaped character marked)
instead of a segment per escape. Front-ends take this path above :data:`MANY` backslashes;
below it their own per-escape decoding gives the same text and offsets.

Replacing ``\\\\`` first and then each ``\\c`` pairs every backslash with the character after
it, left to right, exactly as reading the value from the start does: a backslash left after
the first replacement is the last of an odd run, never next to another backslash.
"""

from __future__ import annotations

from dipcheck.model import EscapeMap

MANY = 512
_FIRST_MARK = 0xE000  # the private use area: characters a workflow hardly ever holds


def decode_pairs(
    body: str, escapes: tuple[tuple[str, str], ...], base: int, to_char: bool
) -> tuple[str, EscapeMap] | None:
    """``body`` with each escape of ``escapes`` (``(escape, character)`` pairs, ``\\\\``
    first) replaced by its character, and the map of the result to source offsets (the body
    starting at ``base``); None when no characters are left to mark the escapes with."""
    present = set(body)
    marks: list[str] = []
    code = _FIRST_MARK
    for _ in escapes:
        while code <= 0x10FFFF and chr(code) in present:
            code += 1
        if code > 0x10FFFF:
            return None
        marks.append(chr(code))
        code += 1
    coded = body
    for (escape, _), mark in zip(escapes, marks, strict=True):
        coded = coded.replace(escape, mark)
    value = coded.translate(
        {ord(mark): char for (_, char), mark in zip(escapes, marks, strict=True)}
    )
    return value, EscapeMap(base, coded, "".join(marks), to_char)
