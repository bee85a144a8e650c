"""Fenced code blocks in prompt text, found the way CommonMark finds them: a line of three
or more backticks (or tildes), indented at most three spaces, opens a block that the next
line of at least as many of the same character, with nothing else on it, closes; an unclosed
block runs to the end of the text.

Prompts are markdown to the model, and tracker adds its own fences to some expansions
(``${ctx.tool_stdout}``, docs/runtime/expansion.md#tool-output-in-prompts), so rules need to know
whether a
placeholder sits inside a block the author wrote.
"""

from __future__ import annotations

from functools import lru_cache

from dipcheck.lazyre import lazy
from dipcheck.records import record

_FENCE = lazy(r"^( {0,3})(`{3,}|~{3,})(.*)$")


@record(frozen=True, slots=True)
class Fence:
    """A fenced block: the offsets of its opening line (without the newline), of its body,
    and of its closing line (``close_start == close_end == len(text)`` when unclosed)."""

    open_start: int
    open_end: int
    body_start: int
    body_end: int
    close_start: int
    close_end: int
    info: str

    @property
    def closed(self) -> bool:
        return self.close_end > self.close_start

    def contains(self, offset: int) -> bool:
        return self.body_start <= offset < self.body_end


@lru_cache(maxsize=1024)  # several rules ask about the same prompt, again after every edit
def fences(text: str) -> tuple[Fence, ...]:
    """Every fenced block of ``text``, in order."""
    result: list[Fence] = []
    opened: tuple[int, int, str, str] | None = None  # open start, open end, marker, info
    position = 0
    for line in text.split("\n"):
        start, end = position, position + len(line)
        position = end + 1
        match = _FENCE.match(line)
        if match is None:
            continue
        marker, rest = match.group(2), match.group(3)
        if opened is None:
            if marker[0] == "`" and "`" in rest:
                continue  # an info string may not contain a backtick: inline code, not a fence
            opened = (start, end, marker, rest.strip())
            continue
        if marker[0] == opened[2][0] and len(marker) >= len(opened[2]) and not rest.strip():
            body_start = min(opened[1] + 1, start)
            result.append(Fence(opened[0], opened[1], body_start, start, start, end, opened[3]))
            opened = None
    if opened is not None:
        body_start = min(opened[1] + 1, len(text))
        result.append(
            Fence(opened[0], opened[1], body_start, len(text), len(text), len(text), opened[3])
        )
    return tuple(result)


def fence_at(text: str, offset: int) -> Fence | None:
    """The fenced block whose body holds ``offset``, or None."""
    return next((fence for fence in fences(text) if fence.contains(offset)), None)
