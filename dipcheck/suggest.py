"""Did-you-mean suggestions."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dipcheck.diagnostics import Edit, Fix
from dipcheck.source import Span


def distance(left: str, right: str, limit: int = 3) -> int:
    """Levenshtein distance, giving up (returning ``limit``) once it reaches ``limit``."""
    if abs(len(left) - len(right)) >= limit:
        return limit
    previous = list(range(len(right) + 1))
    for row, char in enumerate(left, 1):
        current = [row]
        for column, other in enumerate(right, 1):
            current.append(
                min(
                    previous[column] + 1,
                    current[column - 1] + 1,
                    previous[column - 1] + (char != other),
                )
            )
        if min(current) >= limit:
            return limit
        previous = current
    return min(previous[-1], limit)


def closest(word: str, candidates: Iterable[str], max_distance: int = 2) -> str | None:
    """The candidate nearest to ``word`` within ``max_distance`` edits (ties: first in order)."""
    best: str | None = None
    best_distance = max_distance + 1
    for candidate in candidates:
        if candidate == word:
            continue
        score = distance(word, candidate, best_distance)
        if score < best_distance:
            best, best_distance = candidate, score
    return best


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean `x`?)`` or an empty string."""
    match = closest(word, candidates)
    return f" (did you mean `{match}`?)" if match else ""


def suggestion_fix(
    word: str,
    candidates: Iterable[str],
    span: Span,
    render: Callable[[str], str] = str,
) -> tuple[str, Fix | None]:
    """A did-you-mean hint for a message (``""`` when nothing is close) and an unsafe fix
    that writes ``render(suggestion)`` over ``span``."""
    match = closest(word, candidates)
    if match is None:
        return "", None
    text = render(match)
    return f" (did you mean `{text}`?)", Fix(f"change to `{text}`", (Edit(span, text),), False)
