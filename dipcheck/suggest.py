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

# A prefix of the sorted names: the name it is, if any, and for each next letter the range
# of names under it and their least and greatest lengths.
_Node = tuple[str | None, dict[str, tuple[int, int, int, int]]]
# A prefix waiting in the search: its length, its range of names, its edit-distance row and
# whether it is new.
_Entry = tuple[int, int, int, list[int], bool]


def distance(left: str, right: str, limit: int = 3) -> int:
    """Levenshtein distance, giving up (returning ``limit``) once it reaches ``limit``.

    Only the cells within ``limit - 1`` of the table's diagonal are computed (any other is at
    least ``limit``), so the cost is the length times the limit, not the product of the
    lengths: two names of 300,000 characters took hours."""
    if abs(len(left) - len(right)) >= limit:
        return limit
    # Each place in one word whose character the other word does not hold at all takes an
    # edit of its own: as many as the limit end the comparison before the table (most of
    # the words of a line that does not parse, compared with the declarations).
    if (
        sum(map(set(right).__contains__, left)) <= len(left) - limit
        or sum(map(set(left).__contains__, right)) <= len(right) - limit
    ):
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

    __slots__ = ("_answers", "_lengths", "_names", "_nodes", "_order", "_sorted")

    def __init__(self, names: Iterable[str]) -> None:
        self._names = list(names)
        self._order: dict[str, int] = {}
        for index, name in enumerate(self._names):
            self._order.setdefault(name, index)
        self._sorted: list[str] | None = None
        self._lengths: _Lengths | None = None
        self._nodes: dict[tuple[int, int], _Node] = {}
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
        """The nearest name other than ``word`` and ``exclude`` (the first in order among
        equally near ones), by widening the bound one edit at a time: the first bound that
        finds a name gives the least distance, and narrow bounds prune hardest. A wider bound
        resumes from the prefixes the narrower one kept back instead of walking the shared
        prefixes again (the misspelt names that match nothing paid for every bound)."""
        if self._sorted is None:
            self._sorted = sorted(self._order)
            self._lengths = _Lengths(self._sorted)
        names = self._sorted
        if not names:
            return None
        order = self._order
        width = len(word)
        # A name more than ``max_distance`` longer or shorter than the word is too far: the
        # prefixes under which every name is are left out (names of one shape, such as
        # `key_00042`, share a length that a misspelt `missing_00042` does not).
        shortest, longest = width - max_distance, width + max_distance
        # The first (in the given order) name at the least distance found so far; a name's
        # distance is exact when it is within ``max_distance``.
        best: int | None = None
        best_distance = max_distance

        def found(name: str, far: int) -> None:
            nonlocal best, best_distance
            if far <= best_distance and name != word and name != exclude:
                index = order[name]
                if far < best_distance or best is None or index < best:
                    best, best_distance = index, far

        # Each entry: the prefix length, the range of sorted names that share the prefix,
        # the edit-distance row of the prefix against ``word`` (exact in every cell up to
        # ``max_distance``), and whether the prefix is new (its own name not yet checked).
        pending: list[_Entry] = [(0, 0, len(names), list(range(width + 1)), True)]
        nodes = self._nodes
        for bound in range(1, max_distance + 1):
            stack, pending = pending, []
            while stack:
                depth, low, high, row, new = stack.pop()
                node = nodes.get((depth, low))
                name, branches = node if node is not None else self._node(depth, low, high)
                if new and name is not None and row[-1] <= max_distance:
                    found(name, row[-1])
                if not branches:
                    continue
                if min(row) < bound:  # every letter extends the prefix within the bound
                    if len(branches) == 1:  # (a chain of one name) no row to share
                        for char, (begin, end, least, most) in branches.items():
                            if least <= longest and most >= shortest:
                                current = _next_row(row, word, char, depth, max_distance)
                                stack.append((depth + 1, begin, end, current, True))
                        continue
                    # A letter's row differs from that of a letter the word lacks only where
                    # it matches the word next to a cell within ``max_distance``.
                    first, last = max(depth - max_distance, 0), min(depth + max_distance, width - 1)
                    near = {word[i] for i in range(first, last + 1) if row[i] <= max_distance}
                    other: list[int] | None = None
                    for char, (begin, end, least, most) in branches.items():
                        if least > longest or most < shortest:
                            continue
                        if char in near:
                            current = _next_row(row, word, char, depth, max_distance)
                        else:
                            if other is None:
                                other = _next_row(row, word, "", depth, max_distance)
                            current = other
                        stack.append((depth + 1, begin, end, current, True))
                    continue
                # Every cell is at the bound, so an extension within it matches the rest of
                # the word after such a cell letter for letter: look those names up whole.
                prefix = names[low][:depth]
                for i in range(max(depth - bound, 0), min(depth + bound + 1, width)):
                    if row[i] == bound and prefix + word[i:] in order:
                        found(prefix + word[i:], bound)
                if bound < max_distance:
                    pending.append((depth, low, high, row, False))
            # Every name within the bound has been seen by now.
            if best is not None and best_distance <= bound:
                return self._names[best]
        return None

    def _node(self, depth: int, low: int, high: int) -> _Node:
        """The prefix of length ``depth`` shared by the sorted names of ``[low, high)``: the
        name it is (if any) and, for each next letter, the range of names that extend the
        prefix with it; kept for the next look-ups, which walk the same prefixes."""
        key = (depth, low)
        node = self._nodes.get(key)
        if node is None:
            names, lengths = self._sorted, self._lengths
            assert names is not None and lengths is not None
            name = None
            if len(names[low]) == depth:  # the prefix itself is a name (it sorts first)
                name = names[low]
                low += 1
            # The names that extend the prefix by a letter sort between the prefix plus that
            # letter and the prefix plus the next code point, so a bisection finds each run.
            prefix = names[low][:depth] if low < high else ""
            branches: dict[str, tuple[int, int, int, int]] = {}
            while low < high:
                char = names[low][depth]
                end = _run_end(names, prefix, char, low, high)
                branches[char] = (low, end, *lengths.bounds(low, end))
                low = end
            node = self._nodes[key] = (name, branches)
        return node


class _Lengths:
    """The least and greatest length of any run of the sorted names, each in two look-ups:
    tables of the least and greatest lengths of the runs of 1, 2, 4, … names from every
    position (a sparse table), built in one pass of C per table."""

    __slots__ = ("_least", "_most")

    def __init__(self, names: list[str]) -> None:
        self._least = [list(map(len, names))]
        self._most = [self._least[0]]
        size = 1
        while size * 2 <= len(names):
            least, most = self._least[-1], self._most[-1]
            self._least.append(list(map(min, least[:-size], least[size:])))
            self._most.append(list(map(max, most[:-size], most[size:])))
            size *= 2

    def bounds(self, low: int, high: int) -> tuple[int, int]:
        """The least and greatest length among the names of ``[low, high)`` (not empty): two
        runs of a power of two that cover it."""
        level = (high - low).bit_length() - 1
        other = high - (1 << level)
        least, most = self._least[level], self._most[level]
        return min(least[low], least[other]), max(most[low], most[other])


def _run_end(names: list[str], prefix: str, char: str, low: int, high: int) -> int:
    """The end of the run of ``names[low:high]`` (sorted, all starting with ``prefix``) whose
    next letter after the prefix is ``char`` or sorts before it."""
    if char == "\U0010ffff":
        return high
    return bisect_left(names, prefix + chr(ord(char) + 1), low, high)


def _next_row(row: list[int], word: str, char: str, depth: int, limit: int) -> list[int]:
    """The edit-distance row of the prefix of length ``depth`` extended by ``char``, from
    the prefix's row. Only the cells within ``limit`` of the diagonal are computed: any other
    is more than ``limit`` and is set to ``limit + 1``, which leaves every cell within
    ``limit`` exact (a path through a cell over the limit stays over it)."""
    cap = limit + 1
    current = [cap] * len(row)
    first = depth + 1 - limit
    if first <= 0:
        first = 1
        left = current[0] = min(row[0] + 1, cap)
    else:
        left = cap
    for column in range(first, min(depth + 2 + limit, len(row))):
        value = row[column - 1] if word[column - 1] == char else row[column - 1] + 1
        above = row[column] + 1
        if above < value:
            value = above
        if left + 1 < value:
            value = left + 1
        current[column] = left = value
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
