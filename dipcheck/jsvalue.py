"""JavaScript's value conversions, for the parts of Ordewell (a TypeScript program) that dipcheck
reproduces: ``String(x)``, ``Number(x)``, template-literal interpolation, truthiness, ``??``,
``Map`` key identity, ``padStart``/``padEnd`` (UTF-16 lengths) and comparator signs.

JSON values are held as Python values: ``str``, ``float`` (every JSON number is a double),
``bool``, ``None`` (``null``), ``list``, ``dict`` (an object; a repeated key keeps its last value,
as ``JSON.parse`` does) and :data:`UNDEFINED` for a member that is absent. ECMAScript facts
only; no Ordewell code or prose.
"""

from __future__ import annotations

import math
import re
from typing import Any, Final


class _Undefined:
    __slots__ = ()

    def __repr__(self) -> str:
        return "undefined"

    def __bool__(self) -> bool:
        return False


UNDEFINED: Final = _Undefined()

# ECMAScript WhiteSpace and LineTerminator: what `\s` matches and `trim()` removes
JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
JS_SPACE_CLASS = "[" + re.escape(JS_SPACE) + "]"


class JsTypeError(Exception):
    """A conversion JavaScript refuses with a TypeError (an object whose `toString` member is
    not a function has no primitive value)."""


def nullish(value: Any) -> bool:
    return value is None or value is UNDEFINED


def coalesce(value: Any, fallback: Any) -> Any:
    """``value ?? fallback``."""
    return fallback if nullish(value) else value


def truthy(value: Any) -> bool:
    if nullish(value) or value is False:
        return False
    if isinstance(value, float | int) and not isinstance(value, bool):
        return value != 0 and not math.isnan(value)
    if isinstance(value, str):
        return value != ""
    return True


def trim(text: str) -> str:
    return text.strip(JS_SPACE)


def number_to_string(number: float) -> str:
    """``Number.prototype.toString()`` (radix 10): the shortest round-trip digits, plain
    notation from 1e-7 up to below 1e21, exponent notation (``1e+21``, ``1.5e-7``) outside."""
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    if number == 0:
        return "0"
    if number < 0:
        return "-" + number_to_string(-number)
    if number < 1e21 and number == int(number):
        return str(int(number))
    digits_tuple, exponent = _shortest(number)
    digits = "".join(map(str, digits_tuple))
    k = len(digits)
    point = k + exponent  # the value is 0.d1…dk times 10**point
    if k <= point <= 21:
        return digits + "0" * (point - k)
    if 0 < point <= 21:
        return digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return "0." + "0" * (-point) + digits
    tail = "." + digits[1:] if k > 1 else ""
    exp = point - 1
    return f"{digits[0]}{tail}e{'+' if exp >= 0 else '-'}{abs(exp)}"


def _shortest(number: float) -> tuple[tuple[int, ...], int]:
    """The shortest digits that round-trip (Python's repr agrees with ECMAScript's choice)
    without trailing zeros, and their exponent."""
    from decimal import Decimal

    parts = Decimal(repr(float(number))).as_tuple()
    digits = list(parts.digits)
    exponent = int(parts.exponent)
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
        exponent += 1
    while len(digits) > 1 and digits[0] == 0:
        digits.pop(0)
    return tuple(digits), exponent


def to_string(value: Any) -> str:
    """``String(value)`` (also what a template literal and ``+ ''`` produce)."""
    if isinstance(value, str):
        return value
    if value is UNDEFINED:
        return "undefined"
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float | int):
        return number_to_string(float(value))
    if isinstance(value, list):
        return _join(value)
    if isinstance(value, dict):
        return _object_string(value)
    return str(value)


def _join(items: list[Any], depth: int = 0) -> str:
    if depth > 200:
        raise JsTypeError("array nested too deeply to convert")
    parts: list[str] = []
    for item in items:
        if nullish(item):
            parts.append("")
        elif isinstance(item, list):
            parts.append(_join(item, depth + 1))
        else:
            parts.append(to_string(item))
    return ",".join(parts)


def _object_string(value: dict[str, Any]) -> str:
    """A plain object's primitive value with hint string: an own ``toString`` member shadows
    the inherited function; since JSON cannot hold a function, such a member is not callable
    and ``valueOf`` (inherited, returning the object) gives no primitive either."""
    if "toString" in value:
        raise JsTypeError("Cannot convert object to primitive value")
    return "[object Object]"


_HEX = re.compile(r"0[xX][0-9a-fA-F]+\Z")
_OCT = re.compile(r"0[oO][0-7]+\Z")
_BIN = re.compile(r"0[bB][01]+\Z")
_DECIMAL = re.compile(r"[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\Z")


def to_number(value: Any) -> float:
    """``Number(value)``."""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, float | int):
        return float(value)
    if value is None:
        return 0.0
    if value is UNDEFINED:
        return math.nan
    if isinstance(value, str):
        text = trim(value)
        if not text:
            return 0.0
        for pattern, base in ((_HEX, 16), (_OCT, 8), (_BIN, 2)):
            if pattern.match(text):
                return float(int(text[2:], base))
        if _DECIMAL.match(text):
            return float(text.replace("Infinity", "inf"))
        return math.nan
    if isinstance(value, list):
        return to_number(_join(value))
    if isinstance(value, dict):
        if "valueOf" in value and "toString" in value:
            raise JsTypeError("Cannot convert object to primitive value")
        if "toString" in value:
            raise JsTypeError("Cannot convert object to primitive value")
        return math.nan
    return math.nan


def difference(a: Any, b: Any) -> float:
    """``a - b`` with JavaScript's numeric conversion (a comparator's result)."""
    return to_number(a) - to_number(b)


def sign(number: float) -> int:
    """A comparator's result as ``Array.prototype.sort`` reads it (NaN counts as equal)."""
    if math.isnan(number) or number == 0:
        return 0
    return -1 if number < 0 else 1


def key(value: Any) -> tuple[str, Any]:
    """A ``Map``/``Set`` key with SameValueZero identity (``"1"``, ``1`` and ``true`` differ;
    objects are keys by identity)."""
    if isinstance(value, bool):
        return ("boolean", value)
    if isinstance(value, float | int):
        number = float(value)
        return ("number", "NaN" if math.isnan(number) else number + 0.0)
    if isinstance(value, str):
        return ("string", value)
    if value is None:
        return ("null", None)
    if value is UNDEFINED:
        return ("undefined", None)
    return ("object", id(value))


def utf16_length(text: str) -> int:
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def pad_start(text: str, width: int, fill: str = " ") -> str:
    missing = width - utf16_length(text)
    return fill * missing + text if missing > 0 else text


def pad_end(text: str, width: int, fill: str = " ") -> str:
    missing = width - utf16_length(text)
    return text + fill * missing if missing > 0 else text


def same(a: Any, b: Any) -> bool:
    """``a === b`` for JSON values (objects: the same object)."""
    return key(a) == key(b) if not isinstance(a, list | dict) else a is b
