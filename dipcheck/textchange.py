"""Where a text differs from another: the one part an edit replaced.

A language server lints a document again after each key typed; a fact about the whole text
that only a few characters decide (does it mention dipcheck anywhere?) need then be looked for
again only around the part that changed. Finding that part costs comparisons of slices, which
copy and compare memory, and no loop over the characters in Python.
"""

from __future__ import annotations

from collections.abc import Callable

_CHUNK = 4096  # characters compared at a time before halving


def changed_span(old: str, new: str) -> tuple[int, int, int]:
    """``(start, old_end, new_end)`` such that ``new`` is ``old`` with ``old[start:old_end]``
    replaced by ``new[start:new_end]``: ``start`` the length of the longest common prefix,
    then the ends leaving the longest common suffix of what follows it."""
    limit = min(len(old), len(new))
    start = _prefix(old, new, limit)
    same = _suffix(old, new, limit - start)
    return start, len(old) - same, len(new) - same


class LocalSearch:
    """``search(text)``, for a search that tells whether a text holds a match at most ``width``
    characters long decided by those characters alone (a word, in any case), remembering the
    text searched last and the answer: when that text had no match, a text that is it with
    one part changed is searched only around that part (a match elsewhere would have been in
    it)."""

    def __init__(self, search: Callable[[str], bool], width: int) -> None:
        self.search = search
        self.width = width
        self.last: tuple[str, bool] | None = None  # one text, replaced by the next

    def __call__(self, text: str) -> bool:
        last = self.last
        if last is None or last[1]:
            found = self.search(text)
        else:
            start, _, end = changed_span(last[0], text)
            reach = self.width - 1  # a match may start or end this far outside the change
            found = self.search(text[max(0, start - reach) : end + reach])
        self.last = (text, found)
        return found


def _prefix(old: str, new: str, limit: int) -> int:
    """The length of the common prefix of ``old`` and ``new`` (``limit``: the shorter's)."""
    low = 0  # old[:low] == new[:low]
    while low < limit:
        high = min(limit, low + _CHUNK)
        if old.startswith(new[low:high], low):
            low = high
            continue
        while high - low > 1:  # old[:high] != new[:high]: the first difference is before high
            middle = (low + high) // 2
            if old.startswith(new[low:middle], low):
                low = middle
            else:
                high = middle
        return low
    return limit


def _suffix(old: str, new: str, limit: int) -> int:
    """The length of the common suffix of ``old`` and ``new``, at most ``limit``."""
    old_size, new_size = len(old), len(new)
    low = 0  # the last `low` characters are the same
    while low < limit:
        high = min(limit, low + _CHUNK)
        if old.endswith(new[new_size - high : new_size - low], 0, old_size - low):
            low = high
            continue
        while high - low > 1:
            middle = (low + high) // 2
            if old.endswith(new[new_size - middle : new_size - low], 0, old_size - low):
                low = middle
            else:
                high = middle
        return low
    return limit
