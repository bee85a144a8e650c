"""JSON that remembers where each part was: objects and arrays come back as :class:`JsonObject`
and :class:`JsonArray` (a ``dict`` and a ``list``) carrying an ``lc`` with ruamel's interface
(``key(k)``, ``value(k)``, ``item(i)``: 0-based line and column) and the character offsets of
every value, so that a test file in JSON can be reported on by line and edited in place the way
a YAML one is.

The grammar is RFC 8259's (``json.loads`` accepts the same documents); a later duplicate key
wins, as it does for Go's ``encoding/json`` (dippin's reader).
"""

from __future__ import annotations

import json.decoder
import re
from bisect import bisect_right
from typing import Any

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_LITERALS = {"true": True, "false": False, "null": None}
MAX_DEPTH = 200


class JsonError(ValueError):
    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.line = line  # 1-based
        self.column = column
        self.message = message


class _Lines:
    def __init__(self, text: str) -> None:
        self.starts = [0] + [match.end() for match in re.finditer("\n", text)]

    def position(self, offset: int) -> tuple[int, int]:
        """0-based (line, column) of an offset."""
        line = bisect_right(self.starts, offset) - 1
        return line, offset - self.starts[line]


class LineCol:
    """Positions inside one object or array (ruamel's ``lc`` interface, 0-based)."""

    def __init__(self, lines: _Lines) -> None:
        self._lines = lines
        self.keys: dict[Any, int] = {}  # key → offset of the key
        self.values: dict[Any, tuple[int, int]] = {}  # key or index → value (start, end)
        self.line = 0
        self.col = 0

    def key(self, key: Any) -> tuple[int, int]:
        return self._lines.position(self.keys[key])

    def value(self, key: Any) -> tuple[int, int]:
        return self._lines.position(self.values[key][0])

    def item(self, index: int) -> tuple[int, int]:
        return self._lines.position(self.values[index][0])

    def span(self, key: Any) -> tuple[int, int]:
        """The offsets of a member's or item's value (end exclusive)."""
        return self.values[key]


class JsonObject(dict[str, Any]):
    lc: LineCol
    start: int = 0
    end: int = 0


class JsonArray(list[Any]):
    lc: LineCol
    start: int = 0
    end: int = 0


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = _Lines(text)

    def fail(self, offset: int, message: str) -> JsonError:
        line, column = self.lines.position(min(offset, len(self.text)))
        return JsonError(line + 1, column + 1, message)

    def skip(self, offset: int) -> int:
        match = _WHITESPACE.match(self.text, offset)
        assert match is not None
        return match.end()

    def value(self, offset: int, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            raise self.fail(offset, f"nested deeper than {MAX_DEPTH} levels")
        text = self.text
        if offset >= len(text):
            raise self.fail(offset, "unexpected end of the document: a value is missing")
        char = text[offset]
        if char == "{":
            return self.object(offset, depth)
        if char == "[":
            return self.array(offset, depth)
        if char == '"':
            return self.string(offset)
        for word, result in _LITERALS.items():
            if text.startswith(word, offset):
                return result, offset + len(word)
        match = _NUMBER.match(text, offset)
        if match:
            number = match.group()
            parsed: Any = int(number) if re.fullmatch(r"-?\d+", number) else float(number)
            return parsed, match.end()
        raise self.fail(offset, f"expected a value, found {char!r}")

    def string(self, offset: int) -> tuple[str, int]:
        try:
            return json.decoder.scanstring(self.text, offset + 1, True)
        except json.JSONDecodeError as error:
            raise self.fail(error.pos, error.msg) from None

    def object(self, start: int, depth: int) -> tuple[JsonObject, int]:
        result = JsonObject()
        result.lc = LineCol(self.lines)
        result.lc.line, result.lc.col = self.lines.position(start)
        result.start = start
        offset = self.skip(start + 1)
        if self.text.startswith("}", offset):
            result.end = offset + 1
            return result, offset + 1
        while True:
            if not self.text.startswith('"', offset):
                raise self.fail(offset, "expected a member name in double quotes")
            key_at = offset
            key, offset = self.string(offset)
            offset = self.skip(offset)
            if not self.text.startswith(":", offset):
                raise self.fail(offset, f"expected ':' after the member name {key!r}")
            offset = self.skip(offset + 1)
            value_at = offset
            value, offset = self.value(offset, depth + 1)
            result[key] = value
            result.lc.keys[key] = key_at
            result.lc.values[key] = (value_at, offset)
            offset = self.skip(offset)
            if self.text.startswith(",", offset):
                offset = self.skip(offset + 1)
                continue
            if self.text.startswith("}", offset):
                result.end = offset + 1
                return result, offset + 1
            raise self.fail(offset, "expected ',' or '}' after a member")

    def array(self, start: int, depth: int) -> tuple[JsonArray, int]:
        result = JsonArray()
        result.lc = LineCol(self.lines)
        result.lc.line, result.lc.col = self.lines.position(start)
        result.start = start
        offset = self.skip(start + 1)
        if self.text.startswith("]", offset):
            result.end = offset + 1
            return result, offset + 1
        while True:
            value_at = offset
            value, offset = self.value(offset, depth + 1)
            result.lc.values[len(result)] = (value_at, offset)
            result.append(value)
            offset = self.skip(offset)
            if self.text.startswith(",", offset):
                offset = self.skip(offset + 1)
                continue
            if self.text.startswith("]", offset):
                result.end = offset + 1
                return result, offset + 1
            raise self.fail(offset, "expected ',' or ']' after an item")


def loads(text: str) -> Any:
    """The document ``text`` holds, with positions (raises :class:`JsonError`)."""
    parser = _Parser(text)
    offset = parser.skip(0)
    value, offset = parser.value(offset, 0)
    offset = parser.skip(offset)
    if offset != len(text):
        raise parser.fail(offset, "extra data after the document")
    return value
