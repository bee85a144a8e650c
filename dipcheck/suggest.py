"""Did-you-mean suggestions.

:func:`closest` compares a word with every candidate; for many look-ups against the same
names, wrap them once in :class:`Names`, an index that finds the nearest names by walking
the candidates' shared prefixes (a trie laid out as a sorted list) with one row of the edit
distance table per prefix, and stops a prefix as soon as every extension is too far. A
look-up then costs about the number of prefixes within the distance bound, not the number
of names: a workflow with thousands of keys and thousands of misspelt reads stays linear.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator

from dipcheck.diagnostics import Edit, Fix
from dipcheck.source import Span

# Below this many candidates a plain scan is as fast as building an index.
_INDEX_FROM = 64
# A word longer than this gets no suggestion: no one mistypes a name that long, and the
# search costs the word's length for every candidate (the index: for every prefix it visits).
MAX_WORD = 256


def distance(left: str, right: str, limit: int = 3) -> int:
    """Levenshtein distance, giving up (returning ``limit``) once it reaches ``limit``.

    Only the cells within ``limit - 1`` of the table's diagonal are computed (any other is at
    least ``limit``), so the cost is the length times the limit, not the product of the
    lengths: two names of 300,000 characters took hours."""
    if abs(len(left) - len(right)) >= limit:
        return limit
    width = limit - 1  # the band: columns i - width … i + width of row i
    size = len(right)
    # band[k] is the cell of column (row - width + k); cells off the table count as ``limit``
    band = [k - width if 0 <= k - width <= size else limit for k in range(2 * width + 1)]
    for row, char in enumerate(left, 1):
        current: list[int] = []
        for k in range(2 * width + 1):
            column = row - width + k
            if column < 0 or column > size:
                current.append(limit)
            elif column == 0:
                current.append(min(row, limit))
            else:
                above = band[k + 1] + 1 if k < 2 * width else limit
                beside = current[k - 1] + 1 if k > 0 else limit
                diagonal = band[k] + (char != right[column - 1])
                current.append(min(above, beside, diagonal, limit))
        if min(current) >= limit:
            return limit
        band = current
    return min(band[size - len(left) + width], limit)


class Names:
    """Candidate names kept for repeated :func:`closest` look-ups (iterates in the order
    given; answers are those of the plain scan)."""

    __slots__ = ("_answers", "_names", "_order", "_sorted")

    def __init__(self, names: Iterable[str]) -> None:
        self._names = list(names)
        self._order: dict[str, int] = {}
        for index, name in enumerate(self._names):
            self._order.setdefault(name, index)
        self._sorted: list[str] | None = None
        self._answers: dict[tuple[str, int], str | None] = {}

    @property
    def names(self) -> list[str]:
        """The names in the order given (do not modify)."""
        return self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._order

    def closest(self, word: str, max_distance: int = 2, exclude: str | None = None) -> str | None:
        """The name nearest to ``word`` within ``max_distance`` edits, ``word`` itself and
        ``exclude`` left out; among equally near names the first in order."""
        if len(word) > MAX_WORD:
            return None
        slot = (word, max_distance, exclude)
        if slot not in self._answers:
            if len(self._order) < _INDEX_FROM:
                candidates = (name for name in self._names if name != exclude)
                self._answers[slot] = _scan(word, candidates, max_distance)
            else:
                self._answers[slot] = self._search(word, max_distance, exclude)
        return self._answers[slot]

    def _search(self, word: str, max_distance: int, exclude: str | None) -> str | None:
        """Nearest names by widening the bound one edit at a time: the first bound that
        finds a name is the least distance, and narrow bounds prune hardest."""
        if self._sorted is None:
            self._sorted = sorted(self._order)
        for bound in range(1, max_distance + 1):
            found = self._within(word, bound, exclude)
            if found is not None:
                return self._names[found]
        return None

    def _within(self, word: str, bound: int, exclude: str | None) -> int | None:
        """The first (in the given order) name other than ``word`` and ``exclude`` within
        ``bound`` edits of it, as an index into the given order. With no name nearer than
        ``bound``, that is the first name at exactly ``bound``."""
        names = self._sorted
        assert names is not None
        if not names:
            return None
        order = self._order
        width = len(word)
        best: int | None = None
        # Each entry: the prefix length, the range of sorted names that share the prefix,
        # and the edit-distance row of the prefix against ``word``.
        stack: list[tuple[int, int, int, list[int]]] = [(0, 0, len(names), list(range(width + 1)))]
        while stack:
            depth, low, high, row = stack.pop()
            if len(names[low]) == depth:  # the prefix itself is a name (it sorts first)
                name = names[low]
                if row[-1] <= bound and name != word and name != exclude:
                    index = order[name]
                    if best is None or index < best:
                        best = index
                low += 1
            if low >= high:
                continue
            # The names of [low, high) share this prefix; those that extend it by a letter
            # sort between the prefix plus that letter and the prefix plus the next code
            # point, so a plain bisection of the strings finds them.
            prefix = names[low][:depth]
            # A letter extends the prefix within the bound only if it matches the word next
            # to a cell within the bound, or every cell can take one more edit.
            useful = {word[i] for i in range(width) if row[i] <= bound}
            if min(row) + 1 <= bound:
                other: list[int] | None = None  # the row after a letter not in ``useful``
                while low < high:
                    char = names[low][depth]
                    end = _run_end(names, prefix, char, low, high)
                    if char in useful:
                        stack.append((depth + 1, low, end, _next_row(row, word, char)))
                    else:
                        if other is None:
                            other = _next_row(row, word, "")
                        stack.append((depth + 1, low, end, other))
                    low = end
                continue
            for char in useful:
                begin = bisect_left(names, prefix + char, low, high)
                end = _run_end(names, prefix, char, begin, high)
                if begin < end:
                    current = _next_row(row, word, char)
                    if min(current) <= bound:
                        stack.append((depth + 1, begin, end, current))
        return best


def _run_end(names: list[str], prefix: str, char: str, low: int, high: int) -> int:
    """The end of the run of ``names[low:high]`` (sorted, all starting with ``prefix``) whose
    next letter after the prefix is ``char`` or sorts before it."""
    if char == "\U0010ffff":
        return high
    return bisect_left(names, prefix + chr(ord(char) + 1), low, high)


def _next_row(row: list[int], word: str, char: str) -> list[int]:
    """The edit-distance row of a prefix extended by ``char``, from the prefix's row."""
    left = row[0] + 1
    current = [left]
    for column, letter in enumerate(word):
        value = row[column] if letter == char else row[column] + 1
        above = row[column + 1] + 1
        if above < value:
            value = above
        if left + 1 < value:
            value = left + 1
        current.append(value)
        left = value
    return current


def _scan(word: str, candidates: Iterable[str], max_distance: int) -> str | None:
    best: str | None = None
    best_distance = max_distance + 1
    for candidate in candidates:
        if candidate == word:
            continue
        score = distance(word, candidate, best_distance)
        if score < best_distance:
            best, best_distance = candidate, score
    return best


def closest(word: str, candidates: Iterable[str], max_distance: int = 2) -> str | None:
    """The candidate nearest to ``word`` within ``max_distance`` edits (ties: first in order;
    none for a word over :data:`MAX_WORD` characters). Pass a :class:`Names` when asking
    about many words against the same candidates."""
    if isinstance(candidates, Names):
        return candidates.closest(word, max_distance)
    return _scan(word, candidates, max_distance) if len(word) <= MAX_WORD else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean `x`?)`` or an empty string."""
    match = closest(word, candidates)
    return f" (did you mean `{match}`?)" if match else ""


def suggestion_fix(
    word: str,
    candidates: Iterable[str],
    span: Span,
    render: Callable[[str], str] = str,
    *,
    rename: bool = False,
) -> tuple[str, Fix | None]:
    """A did-you-mean hint for a message (``""`` when nothing is close) and an unsafe fix
    that writes ``render(suggestion)`` over ``span``; with ``rename`` (an unknown key at
    ``span``) the fix is described as renaming ``word``."""
    match = closest(word, candidates)
    if match is None:
        return "", None
    text = render(match)
    description = f"rename `{word}` to `{text}`" if rename else f"change to `{text}`"
    return f" (did you mean `{text}`?)", Fix(description, (Edit(span, text),), False)
