"""Source text and every conversion between offsets, lines and columns.

An offset is an index into the decoded text (a code point index). Lines and columns are
0-based here; reporters add 1 where a format wants 1-based numbers. Columns are code points
unless a function says UTF-16 (the LSP default encoding).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import namedtuple
from functools import cached_property
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from dipcheck.records import record

if TYPE_CHECKING:
    from collections.abc import Callable

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


def kept_with(owner: object, key: str, build: Callable[[], T]) -> T:
    """``build()``, computed once and kept in ``owner``'s ``_derived`` memo under ``key`` (a
    value derived from an object that does not change: a source's text, a workflow)."""
    memo: dict[str, Any] | None = owner.__dict__.get("_derived")
    if memo is None:
        memo = owner.__dict__["_derived"] = {}
    elif key in memo:
        return memo[key]  # type: ignore[no-any-return]
    found = memo[key] = build()
    return found


class ByIdentity(Generic[K, V]):
    """Values worked out once per object, keyed by the object itself (not by equality: two
    equal records are still two places in a file). Each entry keeps its object, so that its
    id cannot be reused meanwhile."""

    __slots__ = ("_found",)

    def __init__(self) -> None:
        self._found: dict[int, tuple[K, V]] = {}

    def get(self, key: K, build: Callable[..., V], *args: Any) -> V:
        """``build(key, *args)``, computed on the first call for ``key``."""
        found = self._found.get(id(key))
        if found is None or found[0] is not key:
            found = self._found[id(key)] = (key, build(key, *args))
        return found[1]


@record(eq=False)
class SourceText:
    """The text of one file, with the line table needed to convert offsets."""

    path: str
    text: str

    @cached_property
    def line_starts(self) -> list[int]:
        """Offsets where lines start (computed when first needed: a cached lint result
        that is never shown never needs it)."""
        return _line_starts(self.text.split("\n"))

    @classmethod
    def with_line_starts(cls, path: str, text: str, line_starts: list[int]) -> SourceText:
        """A source whose line table is known already (the language server carries it from
        one edit to the next): ``line_starts`` must be those of ``text``."""
        source = cls(path, text)
        source.__dict__["line_starts"] = line_starts  # what cached_property stores
        return source

    def derived(self, key: str, build: Callable[[], T]) -> T:
        """``build()``, computed once per source and kept with it: a value that depends on
        the text alone, which several parts ask for (the DOT tokens: the front-end, the
        suppression quick fixes and the editor's highlighting each lexed the file). Not
        pickled with the source (see :meth:`__getstate__`)."""
        return kept_with(self, key, build)

    def __getstate__(self) -> dict[str, Any]:
        """The source's state for pickling (a worker process sends its results back):
        without :meth:`derived` values, which the receiver can compute again."""
        state = dict(self.__dict__)
        state.pop("_derived", None)
        return state

    def split_lines(self) -> list[str]:
        """The text split at each ``\\n``. The line table is built from the same split when it
        is not built yet (a lexer needs both; splitting a large file twice costs)."""
        lines = self.text.split("\n")
        if "line_starts" not in self.__dict__:
            self.__dict__["line_starts"] = _line_starts(lines)  # what cached_property stores
        return lines

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_of(self, offset: int) -> int:
        """The 0-based line holding ``offset`` (clamped into the text)."""
        offset = max(0, min(offset, len(self.text)))
        return bisect_right(self.line_starts, offset) - 1

    def position(self, offset: int) -> tuple[int, int]:
        """0-based (line, column in code points) of ``offset``."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect_right(self.line_starts, offset) - 1
        return line, offset - self.line_starts[line]

    def offset(self, line: int, column: int) -> int:
        """The offset of a 0-based (line, code point column), clamped to the line."""
        if line < 0:
            return 0
        if line >= len(self.line_starts):
            return len(self.text)
        start = self.line_starts[line]
        return min(start + max(column, 0), self.line_end(line))

    def line_end(self, line: int) -> int:
        """Offset just past the last character of ``line``, before its line break."""
        if line + 1 < len(self.line_starts):
            end = self.line_starts[line + 1] - 1
            if end > self.line_starts[line] and self.text[end - 1] == "\r":
                end -= 1
            return end
        return len(self.text)

    def raw_line(self, line: int) -> str:
        """Line ``line`` as ``text.split("\\n")`` cuts it (a ``\\r`` before its break kept),
        sliced from the text: splitting a 3,000-line workflow to read one or two of its lines
        cost 0.26 ms after every edit in the language server."""
        starts = self.line_starts
        end = starts[line + 1] - 1 if line + 1 < len(starts) else len(self.text)
        return self.text[starts[line] : end]

    def line_text(self, line: int) -> str:
        if line < 0 or line >= len(self.line_starts):
            return ""
        return self.text[self.line_starts[line] : self.line_end(line)]

    def utf16_position(self, offset: int) -> tuple[int, int]:
        """0-based (line, column in UTF-16 code units) of ``offset``."""
        line, column = self.position(offset)
        start = self.line_starts[line]
        prefix = self.text[start : start + column]
        return line, column + sum(1 for ch in prefix if ord(ch) > 0xFFFF)

    def offset_from_utf16(self, line: int, column: int) -> int:
        """Inverse of :meth:`utf16_position`, clamped to the line."""
        if line < 0:
            return 0
        if line >= len(self.line_starts):
            return len(self.text)
        offset = self.line_starts[line]
        end = self.line_end(line)
        units = 0
        while offset < end and units < column:
            units += 2 if ord(self.text[offset]) > 0xFFFF else 1
            offset += 1
        return offset


class Span(namedtuple("Span", "source start end")):
    """A half-open range ``[start, end)`` of offsets in one source (immutable; a named tuple
    because front-ends create one for every token). Made with ``collections.namedtuple``:
    ``typing.NamedTuple`` takes several times as long to define it (it compiles each field's
    annotation), on every start."""

    __slots__ = ()
    if TYPE_CHECKING:
        source: SourceText
        start: int
        end: int

    @property
    def text(self) -> str:
        return self.source.text[self.start : self.end]

    @property
    def path(self) -> str:
        return self.source.path

    def start_position(self) -> tuple[int, int]:
        return self.source.position(self.start)

    def end_position(self) -> tuple[int, int]:
        return self.source.position(self.end)

    def cover(self, other: Span) -> Span:
        """The smallest span holding both (same source)."""
        return Span(self.source, min(self.start, other.start), max(self.end, other.end))

    def contains(self, offset: int) -> bool:
        return self.start <= offset <= self.end


# ``Span(source, start, end)`` made as ``new_span(Span, (source, start, end))``: without the
# named tuple's ``__new__``, a Python function, for the front-ends' loops (a dozen spans a
# node in the lowering)
new_span = tuple.__new__


def _line_starts(lines: list[str]) -> list[int]:
    """The offset where each line starts: each line's length plus its line end, summed up."""
    starts = list(accumulate(map((1).__add__, map(len, lines)), initial=0))
    starts.pop()  # the offset past the end of the text: no line starts there
    return starts


def lines_with_ends(text: str) -> list[str]:
    """``text`` cut after each ``\\n``, each line keeping its line break (the last one has none
    when the text does not end with one): the lines of :class:`SourceText`, numbered as
    ``diff`` and ``patch`` number them. Not ``str.splitlines(keepends=True)``: that also cuts
    at a lone ``\\r``, ``\\f``, ``\\x85``, U+2028 and five more characters, so each one
    inside a prompt would shift every line after it by one."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]  # the text after the last break has none
    if not lines[-1]:
        lines.pop()
    return lines


def text_diff(before: str, after: str, old_name: str, new_name: str) -> str:
    """``before`` → ``after`` as a unified diff that ``patch`` applies: lines as
    :func:`lines_with_ends` cuts them, and a last line without a line break marked so (without
    the marker, the removed last line ran into the added one)."""
    from dipcheck.linediff import unified

    pieces: list[str] = []
    for line in unified(
        lines_with_ends(before), lines_with_ends(after), _diff_name(old_name), _diff_name(new_name)
    ):
        pieces.append(line)
        if not line.endswith("\n"):
            pieces.append("\n\\ No newline at end of file\n")
    return "".join(pieces)


_C_ESCAPES = {
    "\a": "\\a",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\v": "\\v",
    "\f": "\\f",
    "\r": "\\r",
    '"': '\\"',
    "\\": "\\\\",
}


def _diff_name(name: str) -> str:
    """A file name as a diff header gives it: as it is, or, when it holds a control character
    (a line break in it started a line of its own), a double quote or a backslash, quoted and
    escaped as git does, which ``patch`` reads back."""
    if not any(_c_escape(char) != char for char in name):
        return name
    return '"' + "".join(_c_escape(char) for char in name) + '"'


def _c_escape(char: str) -> str:
    if char in _C_ESCAPES:
        return _C_ESCAPES[char]
    if char < " " or "\x7f" <= char <= "\x9f":
        return "".join(f"\\{byte:03o}" for byte in char.encode("utf-8"))
    return char


def line_span(source: SourceText, line: int) -> Span:
    """The span of a line's text without its indentation and line break."""
    start = source.line_starts[line] if line < source.line_count else len(source.text)
    end = source.line_end(line) if line < source.line_count else start
    text = source.text
    while start < end and text[start] in " \t":
        start += 1
    while end > start and text[end - 1] in " \t\r":
        end -= 1
    return Span(source, start, end)


# The most tokens a front-end reads from one file: `.dip` and DOT tokens (words, strings,
# punctuation, indentation), JSON values of a plan. A file's cost grows with its tokens, not its
# bytes: 1 MB of adjacent empty DOT strings is 333,000 tokens and took 20 s and 540 MB, and 8 MB
# would take minutes and gigabytes. Past the limit the front-end stops reading and the file is
# one DC002 finding. The limit is about twice the largest 10,000-node workflow of
# benchmarks/synthetic.py (280,000 tokens, placeholders counted as below); tracker's largest
# example is 1,238 tokens and 140 placeholders (its prompts are one token each).
MAX_TOKENS = 500_000
# A `${…}` placeholder counts as the five tokens it is made of (`${`, a namespace, `.`, a key,
# `}`): the checks of its key (known keys, did-you-mean) cost about 100 µs each.
PLACEHOLDER_TOKENS = 5


def placeholders_past(source: SourceText, spent: int) -> Span | None:
    """The first ``${`` past :data:`MAX_TOKENS` when a front-end has already read ``spent``
    tokens and each placeholder opening in the text counts :data:`PLACEHOLDER_TOKENS`; None
    while the file stays within the limit."""
    text = source.text
    allowed = (MAX_TOKENS - spent) // PLACEHOLDER_TOKENS
    if text.count("${") <= allowed:
        return None
    found = -1
    for _ in range(allowed + 1):
        found = text.find("${", found + 1)
    close = text.find("}", found, found + 200)
    return Span(source, found, close + 1 if close != -1 else found + 2)
