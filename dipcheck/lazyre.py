"""Regular expressions compiled when first used.

Compiling a pattern costs a tenth of a millisecond or more, and a module-level pattern is
compiled when its module is imported, whether the run uses it or not: a one-file lint
imported about 60 of dipcheck's patterns and used fewer than half. :func:`lazy` stands for a
pattern that is compiled the first time one of its methods is looked up; each method found
is kept on the stand-in, so later calls cost what they cost on the compiled pattern. Only
method calls (``pattern.match(...)``) reach it: pass it to ``re.sub`` or ``re.match`` and
those see a stranger.
"""

from __future__ import annotations

import re
from typing import Any, cast


class _Lazy:
    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> Any:  # only for what is not on the stand-in yet
        found = getattr(re.compile(self._source, self._flags), name)
        setattr(self, name, found)
        return found

    def __repr__(self) -> str:
        return f"lazy({self._source!r}, {self._flags})"


def lazy(source: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use (see the module's docstring)."""
    return cast("re.Pattern[str]", _Lazy(source, flags))
