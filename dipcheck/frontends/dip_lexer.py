"""The line pre-lexer for ``.dip`` files.

It turns text into the tokens ``grammars/dip.lark`` is written against, the way dippin's own
lexer does: indentation becomes ``_INDENT``/``_DEDENT``/``_NL`` from an indent stack (a tab
counts as one column), blank and comment-only lines vanish, a line that is exactly ``key:``
followed by deeper lines captures those lines verbatim as one ``RAW`` token, ``key: value``
keeps the rest of the line as one ``VALUE`` token, and every other line is split into words,
strings and punctuation. Keywords are contextual: only the first word of a line can be one,
and ``X -> Y`` is always an edge whatever ``X`` is called.

Lines are grouped so that the parser driver can skip one line (and the block under it) when
it does not parse. Raw blocks keep a map from their text back to file offsets. Lexing stops at
the line that takes the file past :data:`~dipcheck.source.MAX_TOKENS` tokens
(``LexResult.over_limit``: the first token past it).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import accumulate, count, repeat
from operator import add, mul
from sys import intern as _intern

from dipcheck.diagnostics import Severity
from dipcheck.dipblocks import code_end as _strip_comment
from dipcheck.lalr import Token, new_token
from dipcheck.model import _PACK_ABOVE, Segments, Text
from dipcheck.records import field, record
from dipcheck.source import MAX_TOKENS, SourceText, Span

MAX_DEPTH = 64  # real workflows nest a few levels; deeper input is rejected, not recursed into
_new_str = str.__new__
FIELD_LINE = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_.\-]*)[ \t]*:")
BLOCK_KEY = re.compile(r"[A-Za-z0-9_]+")
# what dippin's lexer steps over before a word: an identifier starts with a letter or a digit
# (tryLexIdentifier), and `_` `-` `.` `/` start no other token (lexOneToken skips them)
SKIPPED_LEAD = re.compile(r"[_\-./]+")
YAML_BLOCK_INDICATOR = re.compile(r"[|>][+-]?[0-9]?")
# a word (all of it: possessive, as dippin reads the word before it looks for `->`) then `->`
EDGE_START = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-./]*+[ \t]*->")
# The tokens of declaration and edge lines, in the order dippin's lexer tries them; any other
# character is OTHER (dippin drops it silently; here it is reported by the parser).
# Each match is the blanks before a token and the token; the blanks at the end of the code
# match alone (no group: ``lastgroup`` is None). Matching the blanks with the token, not as a
# match of their own, halves the matches of a line.
LINE_TOKEN = re.compile(
    r"""[ \t]*+
    (?: (?P<STRING>"[^"\\]*+(?:\\.[^"\\]*+)*+"|'[^']*+(?:''[^']*+)*')
      | (?P<NAME>[A-Za-z0-9_][A-Za-z0-9_\-./]*)
      | (?P<ARROW>->)
      | (?P<LARROW><-)
      | (?P<COLON>:)
      | (?P<COMMA>,)
      | (?P<OTHER>==|!=|<=|>=|.)
      | $)""",
    re.VERBOSE,
)
# The lines _plain_line_words reads: a word, then `-> word` and maybe `when` and a condition
# (its first character no `:`, which would make `when` an attribute name), or one more word.
PLAIN_LINE = re.compile(
    r"""(?P<first>[A-Za-z0-9_][A-Za-z0-9_\-./]*+)
    (?: [ \t]*(?P<arrow>->)[ \t]*+(?P<target>[A-Za-z0-9_][A-Za-z0-9_\-./]*+)
        (?: [ \t]+(?P<when>when)[ \t]++(?P<condition>[^#"':][^#"']*) )?
      | [ \t]++(?P<second>[A-Za-z0-9_][A-Za-z0-9_\-./]*+)
    )?""",
    re.VERBOSE,
)
# a word that may end a `when` condition (`loop`, or an attribute name before a colon)
ATTRIBUTE_WORD = re.compile(r"loop|label|choice|weight|restart|override")
SECTION_KEYWORDS = {
    "workflow": "WORKFLOW",
    "defaults": "DEFAULTS",
    "vars": "VARS",
    "inputs": "INPUTS",
    "edges": "EDGES",
    "parallel": "PARALLEL",
    "fan_in": "FAN_IN",
}
# The characters dippin's lexer steps over without a token (lexOneToken: no punctuation,
# arrow, operator, quote or identifier starts with them), among those lexed as OTHER here
SKIPPED = frozenset("-+*/.@$%^&|~`?;{}]\\")
NODE_KINDS = frozenset({"agent", "human", "tool", "subgraph", "conditional", "manager_loop"})
EDGE_ATTRIBUTES = frozenset({"label", "choice", "weight", "restart", "override"})
# The end of every line: one token, without a place. Nothing reads where a line ends (the
# parsers read its kind and leave it out of the tree, an error there is placed on the word
# before it, the re-lex finds a group's line in ``LineGroup.line``), and a token object per
# line was a quarter of a file's tokens, each costing as much to make as a word's.
LINE_END = Token("_NL", "")
# The same holds for the tokens that open and close a block: the parsers read their kinds
# alone, an error at one is placed on the line's content, and the re-lex reads where a
# group starts from its first content token.
INDENT = Token("_INDENT", "")
DEDENT = Token("_DEDENT", "")


@record(frozen=True, slots=True)
class LexProblem:
    """A problem the lexer finds on its own (bad indentation, unterminated string …)."""

    span: Span
    message: str
    code: str = "DC001"
    severity: Severity | None = None  # None: the code's own (lowered where dippin reads on)


@record(slots=True)
class LineGroup:
    """The tokens of one logical line: block structure first, then content and ``_NL``."""

    structure: list[Token]
    content: list[Token]
    line: int


@record(slots=True)
class LexResult:
    groups: list[LineGroup]
    raw_blocks: dict[int, Text]
    problems: list[LexProblem] = field(default_factory=list)
    ignored: list[Span] = field(default_factory=list)
    over_limit: Span | None = None  # the first token past MAX_TOKENS: lexing stopped there
    count: int = 0  # tokens read


def _indent_width(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def dippin_word(word: str) -> str:
    """A name as dippin's lexer reads it: what it steps over before the first letter or digit
    left out, the rest kept (`_a_b` is `a_b`)."""
    skipped = SKIPPED_LEAD.match(word)
    return word[skipped.end() :] if skipped is not None else word


@cache
def _block_end(indent: int) -> re.Pattern[str]:
    """Finds the line end before the first line with text indented by at most ``indent``
    columns: at most that many spaces and tabs, then a character that is neither, and not
    only blanks and ``\\r`` after it (such a line is blank, as ``str.rstrip(" \\t\\r")``
    sees it). The leading line end is a literal, which makes the search fast, and the blanks
    are matched possessively: giving some back could never let a blank through the first
    look-ahead, so trying costs time on every deeper line for nothing."""
    return re.compile(rf"\n[ \t]{{0,{indent}}}+(?![ \t\n])(?![ \t\r]*$)", re.MULTILINE)


# A raw block's value: the value, where each line starts in it, what each line loses at its
# start (its indentation up to the baseline), the baseline and the last line's trimmed length.
_BlockValue = tuple[str, tuple[int, ...], tuple[int, ...], int, int]
# A raw block's segments unpacked: where each line starts in the value, and in the file.
BlockMap = tuple[tuple[int, ...], Sequence[int]]


@lru_cache(maxsize=1024)
def _block_value(block: str) -> _BlockValue:
    """A raw block's value from its lines (the first and last ones with text): each line
    right-trimmed and stripped of its indentation up to the first line's (the baseline).
    A line's start in the value and what it loses are its segment: the lexer adds the line's
    offset in the file.

    When every line with text starts with the first line's indentation (the usual block),
    every such line loses those columns, so the lines are cut and their starts summed up
    without a Python step per line; otherwise :func:`_block_value_by_line` reads the block."""
    lines = block.split("\n")
    trimmed = [line.rstrip(" \t\r") for line in lines]
    first = trimmed[0]
    baseline = len(first) - len(first.lstrip(" \t"))
    blank = trimmed.count("")
    if baseline and len(trimmed) - blank != sum(
        map(str.startswith, trimmed, repeat(first[:baseline]))
    ):
        return _block_value_by_line(lines)
    contents = [line[baseline:] for line in trimmed]
    # a line starts in the value after the lines before it and their line ends
    positions = tuple(map(add, accumulate(map(len, contents[:-1]), initial=0), count()))
    # a line with text loses the baseline, a blank line nothing
    removes = (
        (baseline,) * len(lines)
        if not blank
        else tuple(map(mul, map(bool, trimmed), repeat(baseline)))
    )
    return "\n".join(contents), positions, removes, baseline, len(trimmed[-1])


def _block_value_by_line(lines: list[str]) -> _BlockValue:
    """:func:`_block_value` of any block, a line at a time: a line indented less than the
    first loses only its own indentation."""
    pieces: list[str] = []
    positions: list[int] = []
    removes: list[int] = []
    position = 0
    baseline = -1
    trimmed = ""
    for line in lines:
        trimmed = line.rstrip(" \t\r")
        content = trimmed.lstrip(" \t")
        remove = len(trimmed) - len(content)
        if baseline < 0:
            baseline = remove
        elif remove > baseline:
            content = trimmed[baseline:]
            remove = baseline
        positions.append(position)
        removes.append(remove)
        pieces.append(content)
        position += len(content) + 1
    return "\n".join(pieces), tuple(positions), tuple(removes), baseline, len(trimmed)


class DipLexer:
    """Lexes one source; call :meth:`run` once."""

    def __init__(self, source: SourceText, lines: list[str] | None = None) -> None:
        """``lines``: the text split at each ``\\n``, when the caller has them."""
        self.source = source
        self.lines = source.split_lines() if lines is None else lines
        self.cache_words = len(self.lines) <= _LINE_CACHE_SIZE
        self.result = LexResult(groups=[], raw_blocks={})
        self.stack = [0]
        self.seen_content = False
        self.too_deep = False
        # each raw block's segments unpacked, by the block's offset: where its lines start in
        # the value and in the file (the re-lex moves a block by the second alone)
        self.block_maps: dict[int, BlockMap] = {}

    # -- helpers -------------------------------------------------------------------------

    def _offset(self, line: int, column: int) -> int:
        return self.source.line_starts[line] + column

    def _problem(
        self, line: int, start: int, end: int, message: str, severity: Severity | None = None
    ) -> None:
        span = Span(self.source, self._offset(line, start), self._offset(line, end))
        self.result.problems.append(LexProblem(span, message, severity=severity))

    @staticmethod
    def _trimmed(text: str) -> str:
        return text.rstrip(" \t\r")

    def _significant(self, index: int) -> tuple[str, int] | None:
        """The trimmed text and indent of line ``index`` if it carries code."""
        text = self._trimmed(self.lines[index])
        indent = _indent_width(text)
        if indent == len(text) or text[indent] == "#":
            return None
        return text, indent

    # -- main loop -----------------------------------------------------------------------

    def run(self) -> LexResult:
        left = self.lex_lines(0, len(self.lines), MAX_TOKENS)[1]
        if left >= 0:
            self.close(left)
        return self.result

    def close(self, left: int) -> None:
        """End the lexing at the end of the file, with ``left`` tokens left under the limit:
        the blocks still open are closed there."""
        end_line = max(len(self.lines) - 1, 0)
        closing = [DEDENT] * (len(self.stack) - 1)
        if closing:
            self.result.groups.append(LineGroup(closing, [], end_line))
        self.result.count = MAX_TOKENS - left

    def lex_lines(self, index: int, stop: int, left: int) -> tuple[int, int]:
        """Lex the lines from ``index`` on until a group ends at or past line ``stop`` (or the
        file ends), with ``left`` tokens left under the limit; returns the next line's index
        and the tokens left (below 0: the limit is passed, ``over_limit`` is set). The
        incremental re-lex (:mod:`dip_relex`) resumes here after a group it keeps."""
        lines = self.lines
        count = min(stop, len(lines))
        stack = self.stack
        groups = self.result.groups
        line_starts = self.source.line_starts
        field_line = FIELD_LINE.match
        seen = self.seen_content  # (a local: read on every line, set once)
        while index < count:
            text = lines[index].rstrip(" \t\r")  # what _significant does, inline: hot
            code = text.lstrip(" \t")
            if not code or code[0] == "#":
                index += 1
                continue
            indent = len(text) - len(code)
            # a line at the current block's level needs no structure tokens; one that opens a
            # block or closes one is given its token here, any other by _indentation
            level = stack[-1]
            if indent == level:
                structure = []
            elif indent > level and len(stack) <= MAX_DEPTH:
                stack.append(indent)
                structure = [INDENT]
            elif len(stack) > 1 and indent == stack[-2]:
                stack.pop()
                structure = [DEDENT]
            else:
                structure = self._indentation(index, indent)
            if structure is None:
                index += 1
                continue
            if not indent or not seen:
                content, index = self._line(index, text, indent)
            elif (found := field_line(text, indent)) is None:
                content = self._words(index, text, indent)
                index += 1
            elif (
                (value := text[found.end() :].lstrip(" \t"))
                and ("#" not in value and value[0] not in "|>")
                and found[1][0] != "_"  # (a key dippin reads without its `_`: _field)
            ):
                # `key: value`, what _field makes of it: the value is the rest of the line
                # (without a `#` no comment ends it; the line is trimmed already); its tokens
                # made here (new_token's steps: hot)
                start = line_starts[index] + indent
                key = _intern(found[1])
                key_token = _new_str(Token, key)
                key_token.type = "KEY"
                key_token.value = key
                key_token.start_pos = start
                key_token.end_pos = start + len(key)
                key_token.line = key_token.column = None
                key_token.end_line = key_token.end_column = None
                end = start - indent + len(text)
                value_token = _new_str(Token, value)
                value_token.type = "VALUE"
                value_token.value = value
                value_token.start_pos = end - len(value)
                value_token.end_pos = end
                value_token.line = value_token.column = None
                value_token.end_line = value_token.end_column = None
                content = [key_token, value_token, LINE_END]
                index += 1
            else:
                content, index = self._field(index, text, indent, found)
            left -= len(structure) + len(content)
            if left < 0:
                self.result.over_limit = _past_limit(self.source, structure + content, left)
                return index, left
            groups.append(LineGroup(structure, content, index))
            if not seen:
                seen = self.seen_content = True
        return index, left

    def _indentation(self, line: int, indent: int) -> list[Token] | None:
        """Structure tokens for a line at ``indent``, or None when it matches no block.

        A line that dedents to a level no enclosing block has is reported and skipped like a
        comment (dippin pops its indent stack and drops the line without a word)."""
        stack = self.stack
        if indent > stack[-1]:
            if len(stack) > MAX_DEPTH:
                if not self.too_deep:
                    self.too_deep = True
                    self._problem(
                        line,
                        0,
                        indent,
                        f"blocks nested more than {MAX_DEPTH} levels deep: this line and every "
                        "line nested as deep are skipped",
                    )
                return None
            stack.append(indent)
            return [INDENT]
        depth = len(stack)
        while indent < stack[depth - 1]:
            depth -= 1
        if indent != stack[depth - 1]:
            self._problem(
                line,
                0,
                indent,
                f"inconsistent indentation: this line is indented by {indent} "
                f"(a tab counts as 1) but the enclosing blocks are indented by "
                f"{', '.join(str(level) for level in stack)}; dippin silently drops such a line",
            )
            return None
        tokens = [DEDENT] * (len(stack) - depth)
        del stack[depth:]
        return tokens

    def _skip_block(self, index: int, indent: int) -> int:
        """Skip a badly indented line and every deeper line under it."""
        index += 1
        while index < len(self.lines):
            significant = self._significant(index)
            if significant is not None and significant[1] <= indent:
                break
            index += 1
        return index

    def _line(self, index: int, text: str, indent: int) -> tuple[list[Token], int]:
        """Content tokens of the line at ``index``; returns them and the next line index."""
        if not self.seen_content and self.stack == [0]:
            version = re.match(r"dip(?=[ \t])", text[indent:])
            if version:
                return self._words(index, text, indent, first_kind="DIP"), index + 1
        if indent == 0 and not self._is_workflow(text):
            return self._stray(index, text)
        # (a line FIELD_LINE matches never starts as an edge: after the key come blanks and
        # a colon, where EDGE_START needs `->`)
        match = FIELD_LINE.match(text, indent)
        if match:
            return self._field(index, text, indent, match)
        return self._words(index, text, indent), index + 1

    @staticmethod
    def _is_workflow(text: str) -> bool:
        # words are separated by spaces and tabs only (str.split() would also split on
        # control characters such as \x1c and find no word at all on a line of them)
        return text.split(" ", 1)[0].split("\t", 1)[0] == "workflow"

    def _stray(self, index: int, text: str) -> tuple[list[Token], int]:
        """Top-level text that is not a workflow declaration: one STRAY token per block."""
        first = index
        index = self._skip_block(index, 0)
        last = index - 1
        while last > first and self._significant(last) is None:
            last -= 1
        end_text = self._trimmed(self.lines[last])
        start_offset = self._offset(first, 0)
        end_offset = self._offset(last, len(end_text))
        value = self.source.text[start_offset:end_offset]
        token = new_token("STRAY", value, start_offset, start_offset + len(value))
        token.line, token.column, token.end_line = first + 1, 1, last + 1
        token.end_column = len(end_text) + 1
        return [token, LINE_END], index

    # -- field lines ---------------------------------------------------------------------

    def _field(
        self, index: int, text: str, indent: int, match: re.Match[str]
    ) -> tuple[list[Token], int]:
        key = match.group(1)
        colon = match.end() - 1
        base = self.source.line_starts[index]
        start = base + indent
        written = len(key)
        read = dippin_word(key)
        if read and read != key:
            # `_model:` is the field `model`, its name still spanning what is written (a
            # line's first token starts at its indent: dip_relex)
            self._problem(
                index,
                indent,
                indent + written,
                f"dippin reads the field name `{key}` as `{read}` (its lexer skips what comes "
                "before a letter or a digit: a name starts with one)",
                Severity.WARNING,
            )
            key = read
        tokens = [new_token("KEY", _intern(key), start, start + written)]  # (as a word)
        rest = text[colon + 1 :].lstrip(" \t")
        value_start = len(text) - len(rest)
        next_index = index + 1
        if not rest:
            if BLOCK_KEY.fullmatch(key):
                raw, next_index = self._raw_block(index, indent)
                if raw is not None:
                    tokens.append(raw)
        else:
            # a quoted value keeps the rest of the line; else a comment ends it
            value = rest if rest[0] in '"#' else rest[: _strip_comment(rest, 0)].rstrip(" \t")
            value_end = value_start + len(value)
            if value and value[0] in "|>" and YAML_BLOCK_INDICATOR.fullmatch(value):
                raw, after = self._raw_block(index, indent)
                if raw is not None:
                    self._problem(
                        index,
                        value_start,
                        value_end,
                        f"`{key}: {value}` is a YAML block scalar, which .dip does not have: "
                        f"dippin reads the indented lines as fields; write `{key}:` with "
                        "nothing after the colon to start a multi-line block",
                    )
                    tokens.append(raw)
                    next_index = after
                    value = ""
            if value:
                start = base + value_start
                tokens.append(new_token("VALUE", value, start, start + len(value)))
        tokens.append(LINE_END)
        return tokens, next_index

    def _raw_block(self, index: int, indent: int) -> tuple[Token | None, int]:
        """Capture the deeper lines after a ``key:`` line verbatim.

        The block ends at the first line with text indented no deeper than ``indent`` (found
        by one regular-expression search over the source); blank lines at its start and end
        are not part of it. Its value is made by :func:`_block_value`, which the language
        server's re-lint after each keystroke finds cached for every block but the edited
        one."""
        lines = self.lines
        line_starts = self.source.line_starts
        if index + 1 >= len(lines):
            return None, index + 1
        found = _block_end(indent).search(self.source.text, line_starts[index + 1] - 1)
        stop = self.source.line_of(found.start() + 1) if found else len(lines)
        first = index + 1
        while first < stop and not lines[first].strip(" \t\r"):
            first += 1
        if first == stop:
            return None, index + 1
        last = stop - 1
        while not lines[last].strip(" \t\r"):
            last -= 1
        begin = line_starts[first]
        value, positions, removes, baseline, end_column = _block_value(
            self.source.text[begin : line_starts[last] + len(lines[last])]
        )
        start = begin + baseline
        token = new_token("RAW", value, start, start + len(value))
        token.line, token.column, token.end_line = first + 1, baseline + 1, last + 1
        token.end_column = end_column + 1
        token.end_pos = line_starts[last] + end_column  # the value is shorter than the text
        # each line's segment: its start in the value, and in the file where its kept text
        # starts (a map of more lines than a tuple holds cheaply is packed)
        sources = list(map(add, line_starts[first : last + 1], removes))
        segments: tuple[tuple[int, int], ...] | Segments = (
            tuple(zip(positions, sources, strict=True))
            if len(positions) <= _PACK_ABOVE
            else Segments(array("q", positions), array("q", sources))
        )
        self.result.raw_blocks[start] = Text(value, self.source, segments)
        self.block_maps[start] = (positions, sources)
        return token, last + 1

    # -- word lines (declarations, sections, edges) --------------------------------------

    def _words(
        self, index: int, text: str, indent: int, first_kind: str | None = None
    ) -> list[Token]:
        """The tokens of a declaration, section or edge line (its words come from
        :func:`_line_words`, which a re-lint of nearly the same text finds cached)."""
        cached = self.cache_words and len(text) <= _CACHED_LINE_CHARS
        scan = _cached_line_words if cached else _line_words
        words, end, unterminated = scan(text, indent, first_kind)
        if unterminated >= 0:
            self._problem(
                index, unterminated, end, "unterminated string literal: add the closing quote"
            )
        if len(words) > 3 and words[0][0] == "ELSE" and words[2][0] == "NAME":
            words = self._else_tail(index, text, words)
        elif "ATTR" in (kinds := [kind for kind, _, _ in words]) and "OTHER" in kinds:
            words = self._skipped_before_values(index, text, words)
        base = self.source.line_starts[index]
        tokens = []
        append = tokens.append
        for kind, value, column in words:  # new_token's steps, inline: the hottest loop
            start = base + column
            token = _new_str(Token, value)
            token.type = kind
            # one string for every use of a word (each node id is named by several edges,
            # and most conditions are written many times): the model keeps these values
            token.value = _intern(value)
            token.start_pos = start
            token.end_pos = start + len(value)
            token.line = token.column = token.end_line = token.end_column = None
            append(token)
        append(LINE_END)
        return tokens

    def _else_tail(self, index: int, text: str, words: tuple[_Word, ...]) -> tuple[_Word, ...]:
        """The words of ``else -> X …`` without what follows ``X``: dippin's parseElseDefault
        reads the target and discards the rest of the line (`else` takes no attributes)."""
        first = words[3][2]
        _, last_value, last_column = words[-1]
        end = last_column + len(last_value)
        self._problem(
            index,
            first,
            end,
            f"dippin ignores `{text[first:end]}`: `else -> {words[2][1]}` takes nothing after "
            "its target",
            Severity.WARNING,
        )
        return words[:3]

    def _skipped_before_values(
        self, index: int, text: str, words: tuple[_Word, ...]
    ) -> tuple[_Word, ...]:
        """The words of an edge line without the characters dippin's lexer skips between an
        attribute's colon and its value (`weight: -1` is `weight: 1` to dippin: no token
        starts with `-`, so lexOneToken steps over it)."""
        kept = list(words)
        position = len(kept) - 2
        while position >= 0:
            if kept[position][0] == "ATTR" and kept[position + 1][0] == "COLON":
                first = stop = position + 2
                while stop < len(kept) and kept[stop][0] == "OTHER" and kept[stop][1] in SKIPPED:
                    stop += 1
                if first < stop < len(kept) and kept[stop][0] in ("NAME", "STRING"):
                    start, end = kept[first][2], kept[stop - 1][2] + len(kept[stop - 1][1])
                    self._problem(
                        index,
                        start,
                        end,
                        f"dippin's lexer skips `{text[start:end]}` here: it reads "
                        f"`{kept[position][1]}: {kept[stop][1]}`",
                        Severity.WARNING,
                    )
                    del kept[first:stop]
            position -= 1
        return tuple(kept)


_Word = tuple[str, str, int]  # (token type, text, column)


def _line_words(
    text: str, indent: int, first_kind: str | None
) -> tuple[tuple[_Word, ...], int, int]:
    """The words of a declaration, section or edge line, typed, as ``(kind, value, column)``;
    the column where the code ends (a comment or the line end); and the column of an
    unterminated string (-1: none). Only the words that stay become tokens: the words of a
    ``when`` condition become one COND. A pure function of the line, so that the language
    server's re-lint after a keystroke finds every line but the edited one cached
    (:data:`_cached_line_words`)."""
    if first_kind is None and len(text) <= MAX_TOKENS:  # (a longer line may pass the limit)
        plain = _plain_line_words(text, indent)
        if plain is not None:
            return plain, len(text), -1
    end = _strip_comment(text, indent)
    words: list[_Word] = []
    unterminated = -1
    for found in LINE_TOKEN.finditer(text, indent, end):
        kind = found.lastgroup
        if kind is None:  # the blanks before the end
            break
        value = found.group(kind)
        position = found.start(kind)
        if kind == "OTHER" and value in "\"'":
            unterminated = position
            words.append(("STRING", text[position:end], position))
            break
        words.append((kind, value, position))
        if len(words) > MAX_TOKENS:  # the lexer stops at this line: no need to read on
            return tuple(words), end, unterminated
    if words:
        words = _keywords(words, text, first_kind, EDGE_START.match(text, indent) is not None)
    return tuple(words), end, unterminated


def _plain_line_words(text: str, indent: int) -> tuple[_Word, ...] | None:
    """The words of the commonest lines, read with one match: ``A -> B``, ``A -> B when
    <condition>`` (a condition without quotes, comments or attribute words), ``kind Name`` and
    a lone word; None for any other line (the general scan reads it). The same words as the
    general scan: the line holds no ``#`` and ends with its last word (it is trimmed)."""
    found = PLAIN_LINE.fullmatch(text, indent)
    if found is None:
        return None
    first, target, condition = found.group("first", "target", "condition")
    if target is not None:
        edge = (
            ("ELSE" if first == "else" else "NAME", first, indent),
            ("ARROW", "->", found.start("arrow")),
            ("NAME", target, found.start("target")),
        )
        if condition is None:
            return edge
        if ATTRIBUTE_WORD.search(condition):  # it may end the condition: the general scan
            return None
        start = found.start("condition")
        return (*edge, ("WHEN", "when", found.start("when")), ("COND", condition, start))
    second = found.group("second")
    kind = SECTION_KEYWORDS.get(first, "KIND" if first in NODE_KINDS else "NAME")
    if second is None:
        return ((kind, first, indent),)
    return ((kind, first, indent), ("NAME", second, found.start("second")))


# The words of a line are cached (the language server lints the same lines again after
# every keystroke) in a file of at most _LINE_CACHE_SIZE lines, whose word lines then all fit
# (a larger file would only churn the cache), for lines of at most _CACHED_LINE_CHARS.
_LINE_CACHE_SIZE = 8192
_CACHED_LINE_CHARS = 1000
_cached_line_words = lru_cache(maxsize=_LINE_CACHE_SIZE)(_line_words)


def _keywords(words: list[_Word], text: str, first_kind: str | None, edge: bool) -> list[_Word]:
    """Give the first word of a line, and edge attribute words, their keyword types."""
    kind, value, column = words[0]
    if first_kind is not None:
        words[0] = (first_kind, value, column)
    elif kind != "NAME":
        pass
    elif edge:
        if value == "else":
            words[0] = ("ELSE", value, column)
        return _edge_keywords(words, text)
    elif value in SECTION_KEYWORDS:
        words[0] = (SECTION_KEYWORDS[value], value, column)
    elif value in NODE_KINDS:
        words[0] = ("KIND", value, column)
    return words


def _edge_keywords(words: list[_Word], text: str) -> list[_Word]:
    """Type edge attribute words and fold each ``when`` condition into one COND word. A
    ``word:`` starts an attribute; inside a condition only the attribute names do (dippin
    v0.41), so `when ctx.x = a:b` keeps `a:b` in the condition."""
    result = words[:3]
    position = 3
    count = len(words)
    while position < count:
        word = words[position]
        kind, value, column = word
        if kind != "NAME":
            result.append(word)
        elif position + 1 < count and words[position + 1][0] == "COLON":
            result.append(("ATTR", value, column))
        elif value == "loop":
            result.append(("LOOP", value, column))
        elif value == "on":
            result.append(("ON", value, column))
        elif value == "when":
            result.append(("WHEN", value, column))
            stop = position + 1
            while stop < count:
                kind, value, _ = words[stop]
                if kind == "NAME" and (
                    value == "loop"
                    or (
                        value in EDGE_ATTRIBUTES
                        and stop + 1 < count
                        and words[stop + 1][0] == "COLON"
                    )
                ):
                    break
                stop += 1
            if stop > position + 1:
                first = words[position + 1][2]
                _, last_value, last_column = words[stop - 1]
                result.append(("COND", text[first : last_column + len(last_value)], first))
            position = stop
            continue
        else:
            result.append(word)
        position += 1
    return result


def _past_limit(source: SourceText, tokens: list[Token], past: int) -> Span:
    """The first token with text among the last ``-past`` of a line's ``tokens`` (those past the
    limit), or else the line's last token with text: indentation and line ends have none."""
    visible = [token for token in tokens if token.end_pos != token.start_pos]
    later = [token for token in tokens[past:] if token.end_pos != token.start_pos]
    chosen = later[0] if later else visible[-1] if visible else tokens[past]
    start = chosen.start_pos or 0
    return Span(source, start, chosen.end_pos or start)


def lex(source: SourceText) -> LexResult:
    return DipLexer(source).run()
