"""Integers written in workflow fields, read the way Go's ``strconv.Atoi`` reads them.

An optional sign and ASCII digits, within 64 bits; anything else — a second sign (``--9``), a
Unicode digit (``²``, ``٣``), a value past 64 bits, a number too long for Python's ``int`` to
convert — is not an integer. ``str.isdigit`` followed by ``int()`` accepts some of these and
raises on others.
"""

from __future__ import annotations

import re

_INTEGER = re.compile(r"[+-]?[0-9]{1,19}")
_LOW, _HIGH = -(2**63), 2**63 - 1


def parse(text: str, exact: bool = False) -> int | None:
    """The integer ``text`` (blanks around it allowed, unless ``exact``: ``Atoi`` of a value
    taken as written) writes, or None."""
    value = text if exact else text.strip()
    if not _INTEGER.fullmatch(value):
        return None
    number = int(value)
    return number if _LOW <= number <= _HIGH else None


def parse_or(text: str, default: int, exact: bool = False) -> int:
    """:func:`parse`, with ``default`` for text that is not an integer."""
    number = parse(text, exact)
    return default if number is None else number
