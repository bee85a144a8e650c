"""Regular expressions written in a workflow, run as tracker runs them: Go's ``regexp``, whose
syntax and semantics are RE2's (docs/runtime/tools.md#tool-outcomes for ``marker_grep``, the
``matches`` operator of a condition).

They are matched with RE2 itself (the ``google-re2`` package), not Python's ``re``, for two
reasons. A pattern comes from a file under review, and Python's backtracking engine takes
exponential time on some (``^(a|aa)+$`` against sixty ``a`` and a ``b``): RE2's time is linear
in the text and its memory bounded. And RE2 accepts what Go accepts: Python's ``re`` takes
lookaround and backreferences, which Go refuses, and its ``\\d`` and ``\\w`` match any Unicode
digit or letter where Go's match ASCII only.

The binding is imported on first use (a lint that evaluates no pattern does not load it), and
told not to log a pattern it refuses (RE2 writes such errors to standard error itself).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

# RE2's budget for the automata of one pattern (its own default): a pattern over it is
# refused as too large, as Go's compiler refuses an oversized program. With at most
# _KEPT compiled patterns, a workflow of many patterns holds at most _KEPT times this.
_MAX_MEMORY = 8 << 20
_KEPT = 64


class PatternError(ValueError):
    """A pattern RE2 (and so Go) refuses; the message says why."""


@lru_cache(maxsize=_KEPT)
def compile_go(pattern: str) -> Any:
    """``pattern`` compiled as Go compiles it; :class:`PatternError` when Go refuses it."""
    import re2

    options = re2.Options()
    options.log_errors = False
    options.max_mem = _MAX_MEMORY
    try:
        return re2.compile(pattern, options=options)
    except re2.error as error:
        detail = error.args[0] if error.args else error
        if isinstance(detail, bytes):
            detail = detail.decode("utf-8", "replace")
        raise PatternError(str(detail)) from None


def search(pattern: str, text: str) -> Any:
    """The first match of ``pattern`` in ``text`` (Go's ``FindStringSubmatch``), or None."""
    return compile_go(pattern).search(text)
