"""JSON with exact spans, read the way Ordewell reads a planner reply (other-formats.md §5.6,
``JsonExtractor.ts``/``PlanValidator.ts``), and strictly (a session file, read with ``JSON.parse``).

Ordewell rewrites a reply before parsing it: ``<think>…</think>`` blocks and code fences are
deleted from the whole text, which is then trimmed; in a candidate object, raw newlines, carriage
returns and tabs inside strings are escaped and every ``,`` followed by blanks and ``}``/``]`` is
deleted (string contents included). Each rewrite here yields the new text and an
:class:`OffsetMap` back to the text before it, so that every value parsed from the final text
has its span in the original file.

Nothing here raises on hostile input: the parser is iterative, nesting deeper than
:data:`MAX_DEPTH` is an error like any syntax error, and every scan is linear (balanced braces
are matched with one stack, not by rescanning from each brace).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from dipcheck.jsvalue import JS_SPACE, JS_SPACE_CLASS
from dipcheck.plan import JArray, JLiteral, JMember, JNumber, JObject, JString, JValue
from dipcheck.records import record
from dipcheck.source import MAX_TOKENS, SourceText, Span

MAX_DEPTH = 512


@record(frozen=True, slots=True)
class OffsetMap:
    """Offsets of a derived text → offsets of the text it came from: a breakpoint ``(n, o)``
    maps ``n + k`` to ``o + k`` until the next breakpoint. No breakpoints: the identity."""

    new: tuple[int, ...] = ()
    old: tuple[int, ...] = ()

    def back(self, offset: int) -> int:
        if not self.new:
            return offset
        index = bisect_right(self.new, offset) - 1
        if index < 0:
            return offset
        return self.old[index] + (offset - self.new[index])

    def breaks_inside(self, start: int, end: int) -> bool:
        """Is the map not a plain shift over ``[start, end)``?"""
        if not self.new:
            return False
        return bisect_right(self.new, start) < bisect_left(self.new, end)


@record(frozen=True, slots=True)
class Chain:
    """Several maps applied one after the other (the last rewrite's map first)."""

    maps: tuple[OffsetMap, ...] = ()

    def then(self, later: OffsetMap) -> Chain:
        if not later.new or (later.new == (0,) and later.old == (0,)):
            return self  # the identity
        return Chain((*self.maps, later))

    def back(self, offset: int) -> int:
        for item in reversed(self.maps):
            offset = item.back(offset)
        return offset

    def contiguous(self, start: int, end: int) -> bool:
        for item in reversed(self.maps):
            if item.breaks_inside(start, end):
                return False
            start, end = item.back(start), item.back(start) + (end - start)
        return True

    def span(self, source: SourceText, start: int, end: int) -> Span:
        begin = self.back(start)
        finish = self.back(end - 1) + 1 if end > start else begin
        return Span(source, begin, max(begin, finish))


def delete(text: str, ranges: list[tuple[int, int]]) -> tuple[str, OffsetMap]:
    """``text`` without the sorted, disjoint ``ranges``."""
    if not ranges:
        return text, OffsetMap()
    pieces: list[str] = []
    new: list[int] = [0]
    old: list[int] = [0]
    cursor = 0
    length = 0
    for start, end in ranges:
        pieces.append(text[cursor:start])
        length += start - cursor
        cursor = end
        new.append(length)
        old.append(end)
    pieces.append(text[cursor:])
    return "".join(pieces), OffsetMap(tuple(new), tuple(old))


# -- stripModelNoise ---------------------------------------------------------------------------

# Ordewell deletes `<think>[\s\S]*?</think>` (case-insensitive) matches; Go's regular
# expressions take linear time, Python's tried the lazy pattern from every `<think>` to the
# end of the text when there is no `</think>` (8,000 of them, 56 KB: 8.7 s), so the blocks are
# found tag by tag (think_blocks).
_THINK_OPEN = re.compile(r"<think>", re.IGNORECASE | re.ASCII)
_THINK_CLOSE = re.compile(r"</think>", re.IGNORECASE | re.ASCII)
FENCE_JSON = re.compile(r"```json" + JS_SPACE_CLASS + "*", re.IGNORECASE | re.ASCII)
FENCE = re.compile(r"```" + JS_SPACE_CLASS + "*")


@record(frozen=True, slots=True)
class Deletion:
    """Text a rewrite deletes, in original offsets, and which rewrite deletes it."""

    start: int
    end: int
    what: str


def think_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of ``<think>…</think>`` blocks, as the lazy pattern finds them left to right:
    each from a ``<think>`` to the first ``</think>`` after it. Once a ``<think>`` has no
    ``</think>`` after it, no later one has either."""
    spans: list[tuple[int, int]] = []
    position = 0
    while (opening := _THINK_OPEN.search(text, position)) is not None:
        closing = _THINK_CLOSE.search(text, opening.end())
        if closing is None:
            break
        spans.append((opening.start(), closing.end()))
        position = closing.end()
    return spans


def _spans(pattern: re.Pattern[str]) -> Callable[[str], list[tuple[int, int]]]:
    return lambda text: [match.span() for match in pattern.finditer(text)]


def strip_noise(text: str) -> tuple[str, Chain, list[Deletion]]:
    """The reply as Ordewell scans it: think blocks, then ```` ```json ```` fences, then
    other fences deleted (each over the text the previous one left), then trimmed."""
    chain = Chain()
    deletions: list[Deletion] = []
    finders = ((think_blocks, "think"), (_spans(FENCE_JSON), "fence"), (_spans(FENCE), "fence"))
    for find, what in finders:
        ranges = find(text)
        if not ranges:
            continue
        for start, end in ranges:
            deletions.append(Deletion(chain.back(start), chain.back(end - 1) + 1, what))
        text, step = delete(text, ranges)
        chain = chain.then(step)
    lead = len(text) - len(text.lstrip(JS_SPACE))
    if lead:
        text, step = delete(text, [(0, lead)])
        chain = chain.then(step)
    text = text.rstrip(JS_SPACE)  # what remains keeps its offsets
    return text, chain, deletions


# -- candidates --------------------------------------------------------------------------------


@record(frozen=True, slots=True)
class Objects:
    """What ``extractObjectsWithKey`` finds: the balanced objects with the key (start, end
    exclusive), the fallback (first balanced object, or None), whether an object ran to the
    end of the text unclosed."""

    matches: list[tuple[int, int]]
    fallback: tuple[int, int] | None
    unbalanced: int | None  # the first unclosed brace


# a string as Ordewell's scanners see it (a backslash escapes any next character; an unclosed
# string runs to the end), or a brace outside strings
_STRING_RUN = r'"(?:[^"\\]|\\[\s\S])*"?'
_STRINGS_OR_BRACES = re.compile(_STRING_RUN + r"|[{}]")
_STRINGS = re.compile(_STRING_RUN)


def find_objects(text: str, key: str = "tasks") -> Objects:
    """Every balanced ``{…}`` holding ``"<key>":``, skipping over a match (no descent into
    it) and descending into other objects; linear in the text."""
    braces = [
        (match.start(), match.group())
        for match in _STRINGS_OR_BRACES.finditer(text)
        if match.group() in ("{", "}")
    ]
    # match braces with a stack: the close of each open brace (or none: it runs to the end)
    close_of: dict[int, int] = {}
    stack: list[int] = []
    opens: list[int] = []
    for position, char in braces:
        if char == "{":
            stack.append(position)
            opens.append(position)
        elif stack:
            close_of[stack.pop()] = position + 1
    keys = [
        (m.start(), m.end())
        for m in re.finditer('"' + re.escape(key) + '"' + JS_SPACE_CLASS + "*:", text)
    ]
    key_starts = [start for start, _ in keys]
    matches: list[tuple[int, int]] = []
    fallback: tuple[int, int] | None = None
    unbalanced: int | None = None
    skip_to = -1
    for position in opens:
        if position < skip_to:
            continue
        end = close_of.get(position)
        if end is None:
            if unbalanced is None:
                unbalanced = position
            continue
        index = bisect_left(key_starts, position)
        if index < len(keys) and keys[index][1] <= end:
            matches.append((position, end))
            skip_to = end
            continue
        if fallback is None:
            fallback = (position, end)
    return Objects(matches, fallback, unbalanced)


# -- the repairs of a candidate ----------------------------------------------------------------

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape_controls(text: str) -> tuple[str, OffsetMap]:
    """Raw newlines, carriage returns and tabs inside strings become escapes (a character
    right after a backslash is kept as it is, as Ordewell does)."""
    if "\n" not in text and "\r" not in text and "\t" not in text:
        return text, OffsetMap()
    positions: list[int] = []
    for match in _STRINGS.finditer(text):
        body = match.group()
        if "\n" not in body and "\r" not in body and "\t" not in body:
            continue
        base = match.start()
        index = 1
        while index < len(body):
            char = body[index]
            if char == "\\":
                index += 2
                continue
            if char in "\n\r\t":
                positions.append(base + index)
            index += 1
    if not positions:
        return text, OffsetMap()
    pieces: list[str] = []
    new: list[int] = [0]
    old: list[int] = [0]
    cursor = 0
    for grown, position in enumerate(positions):
        pieces.append(text[cursor:position])
        pieces.append(_ESCAPES[text[position]])
        new.extend((position + grown + 1, position + grown + 2))
        old.extend((position, position + 1))
        cursor = position + 1
    pieces.append(text[cursor:])
    return "".join(pieces), OffsetMap(tuple(new), tuple(old))


TRAILING_COMMA = re.compile("," + JS_SPACE_CLASS + r"*[}\]]")


def strip_commas(text: str) -> tuple[str, OffsetMap, list[int]]:
    """Every ``,`` before blanks and a closing bracket deleted (strings included); the
    positions of the deleted commas."""
    commas = [match.start() for match in TRAILING_COMMA.finditer(text)]
    stripped, mapping = delete(text, [(position, position + 1) for position in commas])
    return stripped, mapping, commas


# -- the strict parser -------------------------------------------------------------------------

_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"((?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*)"')
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|(.))", re.DOTALL)
_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_LITERALS = (("true", True), ("false", False), ("null", None))


class JsonError(Exception):
    """Text ``JSON.parse`` refuses, or (``over_limit``) JSON past dipcheck's own limits,
    which ``JSON.parse`` may well read."""

    def __init__(self, offset: int, end: int, message: str, over_limit: bool = False) -> None:
        super().__init__(message)
        self.offset = offset
        self.end = end
        self.message = message
        self.over_limit = over_limit


class TooLarge(Exception):
    """The text holds more than :data:`~dipcheck.source.MAX_TOKENS` values; ``span`` is the
    first value past the limit."""

    def __init__(self, span: Span) -> None:
        super().__init__(f"more than {MAX_TOKENS} JSON values")
        self.span = span


class Parser:
    """``JSON.parse`` over ``text`` (already repaired), building values whose spans are mapped
    through ``chain`` into ``source``. Raises :class:`TooLarge` at the value past
    :data:`~dipcheck.source.MAX_TOKENS`."""

    def __init__(self, text: str, source: SourceText, chain: Chain, base: int = 0) -> None:
        self.text = text
        self.source = source
        self.chain = chain
        self.base = base  # where `text` starts in the coordinates `chain` maps from
        self.left = MAX_TOKENS
        self.names: dict[str, str] = {}

    def span(self, start: int, end: int) -> Span:
        if not self.chain.maps:
            return Span(self.source, self.base + start, self.base + end)
        return self.chain.span(self.source, self.base + start, self.base + end)

    def error(
        self, offset: int, message: str, length: int = 1, over_limit: bool = False
    ) -> JsonError:
        end = min(len(self.text), offset + length)
        return JsonError(offset, max(end, offset), message, over_limit)

    def parse(self) -> JValue:
        text = self.text
        position = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
        if position >= len(text):
            raise self.error(position, "the text holds no JSON value", 0)
        # containers being built: (value, pending key, start)
        stack: list[tuple[JObject | JArray, JString | None]] = []
        result: JValue | None = None
        while True:
            position = _SPACE.match(text, position).end()  # type: ignore[union-attr]
            if position >= len(text):
                raise self.error(len(text), "the JSON ends before its value is complete", 0)
            char = text[position]
            value: JValue | None = None
            start = position
            self.left -= 1
            if char == "{" or char == "[":
                if len(stack) >= MAX_DEPTH:
                    raise self.error(
                        position, f"nested deeper than {MAX_DEPTH} levels", over_limit=True
                    )
                container: JObject | JArray = (
                    JObject(Span(self.source, 0, 0))
                    if char == "{"
                    else JArray(Span(self.source, 0, 0))
                )
                container.span = Span(self.source, position, position)  # start, fixed on close
                position += 1
                after = _SPACE.match(text, position).end()  # type: ignore[union-attr]
                closer = "}" if char == "{" else "]"
                if after < len(text) and text[after] == closer:
                    container.span = self.span(container.span.start, after + 1)
                    value = container
                    position = after + 1
                else:
                    if self.left < 0:  # a container's text: its opening bracket
                        raise TooLarge(self.span(start, start + 1))
                    if char == "{":
                        key, position = self.key(after)
                        stack.append((container, key))
                    else:
                        stack.append((container, None))
                    continue
            elif char == '"':
                value, position = self.string(position)
            elif char == "-" or char.isdigit():
                match = _NUMBER.match(text, position)
                if match is None:
                    raise self.error(position, "a number must have digits after `-`")
                value = JNumber(self.span(position, match.end()), float(match.group()))
                position = match.end()
            else:
                for word, literal in _LITERALS:
                    if text.startswith(word, position):
                        value = JLiteral(self.span(position, position + len(word)), literal)
                        position += len(word)
                        break
                else:
                    raise self.error(position, f"unexpected `{_shown(char)}` where a value belongs")
            if self.left < 0:
                raise TooLarge(self.span(start, position))
            # attach the value, closing containers as long as their end follows
            while True:
                if not stack:
                    result = value
                    break
                container, key = stack[-1]
                if isinstance(container, JObject):
                    assert key is not None
                    container.members.append(JMember(key, value))
                else:
                    container.items.append(value)
                position = _SPACE.match(text, position).end()  # type: ignore[union-attr]
                closer = "}" if isinstance(container, JObject) else "]"
                if position < len(text) and text[position] == ",":
                    position += 1
                    if isinstance(container, JObject):
                        after = _SPACE.match(text, position).end()  # type: ignore[union-attr]
                        key, position = self.key(after)
                        stack[-1] = (container, key)
                    break
                if position < len(text) and text[position] == closer:
                    stack.pop()
                    container.span = self.span(container.span.start, position + 1)
                    value = container
                    position += 1
                    continue
                if position >= len(text):
                    raise self.error(position, f"the JSON ends before `{closer}` closes it", 0)
                raise self.error(
                    position, f"expected `,` or `{closer}`, found `{_shown(text[position])}`"
                )
            if result is not None and not stack:
                break
        end = _SPACE.match(text, position).end()  # type: ignore[union-attr]
        if end < len(text):
            raise self.error(end, f"unexpected `{_shown(text[end])}` after the JSON value")
        return result

    def key(self, position: int) -> tuple[JString, int]:
        text = self.text
        if position >= len(text):
            raise self.error(position, "the JSON ends where a member name belongs", 0)
        if text[position] != '"':
            raise self.error(
                position, f"expected a member name in quotes, found `{_shown(text[position])}`"
            )
        key, position = self.string(position)
        # one copy of each member name: a plan repeats the same few names in every task
        key.value = self.names.setdefault(key.value, key.value)
        position = _SPACE.match(text, position).end()  # type: ignore[union-attr]
        if position >= len(text) or text[position] != ":":
            found = _shown(text[position]) if position < len(text) else "the end"
            raise self.error(position, f"expected `:` after the member name, found `{found}`")
        return key, position + 1

    def string(self, position: int) -> tuple[JString, int]:
        text = self.text
        match = _STRING.match(text, position)
        if match is None:
            raise self.string_error(position)
        body = match.group(1)
        start = position + 1
        if "\\" not in body:
            value = body
            segments: tuple[tuple[int, int], ...] = ((0, start),)
        else:
            value, segments = _decode(body, start)
        end = match.end()
        span = self.span(position, end)
        mapped = self.text_map(value, segments, start, end - 1)
        if len(mapped) == 1 and mapped[0] == (0, span.start + 1):
            return JString(span, value), end  # the value is the text between the quotes
        return JString(span, value, mapped), end

    def text_map(
        self, value: str, segments: tuple[tuple[int, int], ...], start: int, end: int
    ) -> tuple[tuple[int, int], ...]:
        """The segments of the string's value (see :class:`~dipcheck.model.Text`) in the
        file's offsets."""
        base = self.base
        if not self.chain.maps:
            return segments if not base else tuple((i, o + base) for i, o in segments)
        if self.chain.contiguous(base + start, base + end):
            shift = self.chain.back(base + start) - start
            return tuple((index, offset + shift) for index, offset in segments)
        # a rewrite inside the string: map every character
        pieces: list[tuple[int, int]] = []
        bounds = [index for index, _ in segments[1:]] + [len(value)]
        previous = -2
        for (index, offset), next_index in zip(segments, bounds, strict=True):
            for k in range(index, next_index):
                original = self.chain.back(base + offset + (k - index))
                if original != previous + 1:
                    pieces.append((k, original))
                previous = original
        if not pieces:
            pieces.append((0, self.chain.back(base + start)))
        return tuple(pieces)

    def string_error(self, position: int) -> JsonError:
        text = self.text
        cursor = position + 1
        while cursor < len(text):
            char = text[cursor]
            if char == '"':
                break
            if char == "\\":
                following = text[cursor + 1 : cursor + 2]
                if not following:  # a backslash ends the file: the string is not closed
                    break
                if following == "u":
                    if not re.match(r"[0-9a-fA-F]{4}", text[cursor + 2 : cursor + 6]):
                        return self.error(cursor, "`\\u` must be followed by four hex digits", 2)
                elif following not in _SIMPLE:
                    return self.error(cursor, f"`\\{_shown(following)}` is not a JSON escape", 2)
                cursor += 2
                continue
            if ord(char) < 0x20:
                return self.error(cursor, f"raw control character U+{ord(char):04X} in a string")
            cursor += 1
        return self.error(position, "the string is not closed", 1)


def _decode(body: str, start: int) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A string's escapes decoded; segments map the value back to the body's offsets. An
    escaped surrogate pair (``\\uD83D\\uDE00``) is one character, as ``JSON.parse`` makes it
    (its segment covers both escapes); a lone surrogate is U+FFFD."""
    pieces: list[str] = []
    segments: list[tuple[int, int]] = [(0, start)]
    cursor = 0
    length = 0
    pending: int | None = None  # where an escaped high surrogate begins, not yet paired
    for match in _ESCAPE.finditer(body):
        code, simple = match.groups()
        number = int(code, 16) if code is not None else -1
        if pending is not None:
            if 0xDC00 <= number <= 0xDFFF and match.start() == cursor:
                high = int(body[pending + 2 : pending + 6], 16)
                pieces.append(chr(0x10000 + ((high - 0xD800) << 10) + (number - 0xDC00)))
                length += 1
                cursor = match.end()
                segments.append((length, start + cursor))
                pending = None
                continue
            pieces.append("\ufffd")  # the high surrogate before was alone
            length += 1
            segments.append((length, start + cursor))
            pending = None
        pieces.append(body[cursor : match.start()])
        length += match.start() - cursor
        segments.append((length, start + match.start()))
        cursor = match.end()
        if 0xD800 <= number <= 0xDBFF:
            pending = match.start()
            continue
        if code is None:
            pieces.append(_SIMPLE[simple])
        else:
            pieces.append("\ufffd" if 0xDC00 <= number <= 0xDFFF else chr(number))
        length += 1
        segments.append((length, start + cursor))
    if pending is not None:
        pieces.append("\ufffd")
        length += 1
        segments.append((length, start + cursor))
    pieces.append(body[cursor:])
    return "".join(pieces), tuple(segments)


def _shown(char: str) -> str:
    if char == "`":
        return "\\`"
    if ord(char) < 0x20 or char in "\u2028\u2029":
        return f"U+{ord(char):04X}"
    return char


def parse_strict(source: SourceText) -> JValue:
    """``JSON.parse`` of a whole file (a session file); raises :class:`JsonError` with offsets
    in the file."""
    return Parser(source.text, source, Chain()).parse()
