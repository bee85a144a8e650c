"""Where a text differs from another: the one part an edit replaced.

A language server lints a document again after each key typed; a fact about the whole text
that only a few characters decide (does it mention dipcheck anywhere?) need then be looked for
again only around the part that changed. Finding that part costs comparisons of slices, which
copy and compare memory, and no loop over the characters in Python.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
_CHUNK = 4096  # characters compared at a time before halving


def changed_span(old: str, new: str) -> tuple[int, int, int]:
    """``(start, old_end, new_end)`` such that ``new`` is ``old`` with ``old[start:old_end]``
    replaced by ``new[start:new_end]``: ``start`` the length of the longest common prefix,
    then the ends leaving the longest common suffix of what follows it."""
    limit = min(len(old), len(new))
    start = _prefix(old, new, limit)
    same = _suffix(old, new, limit - start)
    return start, len(old) - same, len(new) - same


class RecentTexts(Generic[T]):
    """The work done lately on a few long texts (any document's), for an edited copy of one of
    them to start from: ``text_of`` gives an item's text; the last ``kept`` are kept (each
    holds its text), and ``ends`` characters at either end find an earlier version. What an
    item holds must be a function of its inputs alone, and whoever takes a part of it over
    checks that part against the text it came from, so no document sees another's."""

    def __init__(self, text_of: Callable[[T], str], kept: int = 16, ends: int = 64) -> None:
        self._text_of = text_of
        self._ends = ends
        self._items: deque[T] = deque(maxlen=kept)
        self._lock = threading.Lock()

    def closest(
        self, text: str, usable: Callable[[T], bool] | None = None
    ) -> tuple[T, int, int, int] | None:
        """The kept item (``usable``, when given) whose text shares the most with ``text`` at
        its start and end, among those with the same first or last ``ends`` characters,
        newest first, up to one that differs from it in at most ``ends`` characters; with
        :func:`changed_span` of its text and ``text``."""
        ends = self._ends
        head, tail = text[:ends], text[-ends:]
        with self._lock:
            items = tuple(self._items)
        best: tuple[T, int, int, int] | None = None
        kept = 0  # characters the best one shares with ``text``
        for item in reversed(items):
            old = self._text_of(item)
            if old[:ends] != head and old[-ends:] != tail:
                continue
            if usable is not None and not usable(item):
                continue
            start, old_end, new_end = changed_span(old, text)
            if best is None or start + len(text) - new_end > kept:
                best, kept = (item, start, old_end, new_end), start + len(text) - new_end
            if max(old_end, new_end) - start <= ends:
                break
        return best

    def keep(self, item: T, base: T | None = None) -> None:
        """Keep ``item``, and ``base``, the item it was made from, as recent as it (the text
        an edit is undone to is taken from a cache, but is still the closest to the next)."""
        with self._lock:
            if base is not None:
                for position, held in enumerate(self._items):
                    if held is base:
                        del self._items[position]
                        self._items.append(base)
                        break
            self._items.append(item)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


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
