"""The DOT lexer: text → tokens with exact offsets, for ``grammars/dot.lark``.

Hand-written because three DOT features do not fit a regular lexer: quoted strings may span
lines and are joined with ``+``, HTML strings nest ``<…>``, and a problem (an unterminated
string or comment, a stray character) must become a DC001 at its exact place while the rest
of the file is still tokenised.

A quoted string becomes one ``STRING`` token covering every ``+``-joined part; its decoded
value and the map from decoded characters back to the file are kept in
:attr:`LexResult.strings`, keyed by the token's start offset. Decoding follows tracker's
``unescapeDOT``: ``\\n``, ``\\t``, ``\\\\`` and ``\\"`` are decoded, any other backslash is kept
as written. Comments are ``//`` and ``#`` to the end of the line and ``/* … */``; a backslash
before a line break outside a string joins the lines. Lexing stops at the first token (or
``+``-joined part) past :data:`~dipcheck.source.MAX_TOKENS` (:attr:`LexResult.over_limit`).
"""

from __future__ import annotations

import itertools
import re

from dipcheck.frontends import escapes
from dipcheck.lalr import Token, new_token
from dipcheck.model import EscapeMap, SegmentBuilder, Text
from dipcheck.records import field, record
from dipcheck.source import MAX_TOKENS, SourceText, Span, new_span

KEYWORDS = {
    "strict": "STRICT",
    "graph": "GRAPH",
    "digraph": "DIGRAPH",
    "node": "NODE",
    "edge": "EDGE",
    "subgraph": "SUBGRAPH",
}
PUNCTUATION = {
    "{": "LBRACE",
    "}": "RBRACE",
    "[": "LSQB",
    "]": "RSQB",
    "=": "EQUAL",
    ";": "SEMI",
    ",": "COMMA",
    ":": "COLON",
}
# every spelling of each keyword (they are case-insensitive), so that a word is looked up as
# it is written, not lowered first
_ANY_CASE = {
    "".join(spelling): kind
    for word, kind in KEYWORDS.items()
    for spelling in itertools.product(*((char, char.upper()) for char in word))
}
_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"'}

# One match per lexeme, with the blanks and line joins before it: a blank is not a lexeme of
# its own, so that the loop in `_Lexer.scan` goes round once per token or comment (it went
# round once more for nearly every token when blanks were lexemes). Group 1 is what comes
# before the lexeme (possessive: it never gives back a blank for `other` to match), so the
# lexeme runs from `match.end(1)` to `match.end()`; at the end of the text only the empty
# `end` matches (no alternative runs past it, so a long blank tail is read once). Identifiers
# may carry dots (`human.default_choice`); a bare value may start with a digit (`900s`, `1.5`,
# `-.5`); both are IDs to the grammar. Punctuation and edge operators are named after their
# token's kind. `string` is a quoted string not joined to another by `+`, up to the first
# `"` after its opening one: one without a backslash is a common string, its body searched
# for its closing quote as for one character (`[^"]` is one instruction of the regex engine,
# `[^"\\]` a test of a set for each character, and nearly three quarters of a pipeline's
# text are quoted prompts and commands); one with a backslash (whose `\"` may be the quote
# the match stopped at) is read by hand, as is any other character (`other`: a joined or
# unterminated string, an HTML string, an unterminated comment, a stray character), so that
# the lexemes follow one another without a gap. Each alternative starts with a character or a
# set (the regex engine tests it before it enters the alternative) and ends with an empty
# group naming its kind (`match.lastgroup`); they start differently, so their order only
# puts the frequent ones first. A word's character sets (`[A-Za-z_\u0080-\U0010ffff]` but
# U+FFFD first, then with digits and `.`: gographviz's `_letter`, dot.bnf `_unicode_byte`,
# takes every character from U+0080 but U+FFFD, the one it decodes a bad byte to) are written
# as what they leave out: as written, each took 5 ms to compile in every process that lints a
# DOT file, and 0.1 ms as the same set negated.
_LEXEME = re.compile(
    r"""
    ((?:[ \t\r\n\f\v]++|\\\r?\n)*+)
    (?:
      [^\x00-\x40\x5b-\x5e\x60\x7b-\x7f\ufffd]
      [^\x00-\x2d\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f\ufffd]*(?P<word>)
    | =(?P<EQUAL>)
    | ,(?P<COMMA>)
    | ;(?P<SEMI>)
    | \[(?P<LSQB>)
    | \](?P<RSQB>)
    | "[^"]*+"(?![ \t\r\n\f\v]*\+)(?P<string>)
    | \{(?P<LBRACE>)
    | \}(?P<RBRACE>)
    | ->(?P<ARROW>)
    | --(?P<UNDIRECTED>)
    | :(?P<COLON>)
    | //[^\n]*(?P<comment>)
    | \#[^\n]*(?P<hash_comment>)
    | /\*.*?\*/(?P<block>)
    | [0-9][A-Za-z0-9_.]*(?P<number>)
    | \.[0-9]+(?P<fraction>)
    | -[0-9][A-Za-z0-9_.]*(?P<negative>)
    | -\.[0-9]+(?P<negative_fraction>)
    | \Z(?P<end>)
    | .(?P<other>)
    )
    """,
    re.VERBOSE | re.DOTALL,
)
# One id of gographviz's lexer (dot.bnf `id`; its DFA takes the longest match): a name (a
# letter, `_` or any character from U+0080 but U+FFFD, then those and digits) or a numeral
# `[-](.digits | digits[.digits*])`. `_LEXEME` reads more as one word or number (`gpt4.1`,
# `900s`, `1_setup`, `1.2.3`): :func:`gographviz_ids` cuts such a token as gographviz does.
_GOGRAPHVIZ_ONE = re.compile(
    r"[^\x00-\x40\x5b-\x5e\x60\x7b-\x7f\ufffd]"
    r"[^\x00-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f\ufffd]*"
    r"|-?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)"
)
gographviz_one = _GOGRAPHVIZ_ONE.fullmatch  # is a word one id to gographviz?
# the lexemes that are one token each, by the group that names them: the token's kind, or ""
# for a word (an ID or a keyword)
_SIMPLE: dict[str | None, str] = {
    "word": "",
    **{kind: kind for kind in PUNCTUATION.values()},
    "ARROW": "ARROW",
    "UNDIRECTED": "UNDIRECTED",
    **dict.fromkeys(("number", "fraction", "negative", "negative_fraction"), "ID"),
}
# the same by the number of the group (`match.lastindex`: the empty group closed last), None
# for a lexeme that is not one token: indexing a tuple by the number takes neither the name's
# lookup (`match.lastgroup`) nor a call of `dict.get` per token
_NAMES = {number: name for name, number in _LEXEME.groupindex.items()}
_KINDS: tuple[str | None, ...] = tuple(
    _SIMPLE.get(_NAMES.get(number)) for number in range(_LEXEME.groups + 1)
)
_COMMENTS = frozenset({"comment", "hash_comment", "block"})
_BLANKS = re.compile(r"[ \t\r\n\f\v]+")
_QUOTED = re.compile(r'"([^"\\]*+(?:\\.[^"\\]*+)*+)"', re.DOTALL)
_DECODED = re.compile(r'\\([nt\\"])')
_PAIRS = (("\\\\", "\\"), ('\\"', '"'), ("\\n", "\n"), ("\\t", "\t"))


@record(frozen=True, slots=True)
class QuotedString:
    """A decoded quoted string (all of its ``+``-joined parts) and where each part is."""

    text: Text
    parts: tuple[Span, ...]

    @property
    def concatenated(self) -> bool:
        return len(self.parts) > 1


@record(frozen=True, slots=True)
class LexProblem:
    span: Span
    message: str


@record
class LexResult:
    tokens: list[Token] = field(default_factory=list)
    strings: dict[int, QuotedString] = field(default_factory=dict)
    problems: list[LexProblem] = field(default_factory=list)
    comments: list[Span] = field(default_factory=list)
    # the first token (or `+`-joined string part) past MAX_TOKENS: lexing stopped there
    over_limit: Span | None = None
    count: int = 0  # tokens and `+`-joined parts read
    # the text starts with a byte-order mark (U+FEFF), read as a blank
    marked: bool = False


_token = new_token
_new_str = str.__new__


class _Lexer:
    def __init__(self, source: SourceText) -> None:
        self.source = source
        self.text = source.text
        self.result = LexResult()
        self.parts = 0  # `+`-joined string parts after the first: they count as tokens

    def token(self, kind: str, start: int, end: int) -> None:
        self.result.tokens.append(_token(kind, self.text[start:end], start, end))

    def problem(self, start: int, end: int, message: str) -> None:
        self.result.problems.append(LexProblem(Span(self.source, start, end), message))

    def run(self) -> LexResult:
        """The lexemes in one pass of :data:`_LEXEME`, left (and taken up again after it) only
        for a lexeme read by hand."""
        self.result.marked = self.text.startswith("\ufeff")
        index: int | None = 1 if self.result.marked else 0
        while index is not None:
            index = self.scan(index)
        self.result.count = len(self.result.tokens) + self.parts
        return self.result

    def scan(self, index: int) -> int | None:
        """The lexemes from ``index`` up to one read by hand: the offset after that one, or
        None at the end of the text or of the tokens allowed."""
        text = self.text
        source = self.source
        result = self.result
        tokens = result.tokens
        append = tokens.append
        keywords = _ANY_CASE.get
        kinds = _KINDS
        room = MAX_TOKENS - self.parts  # tokens that may be read before lexing stops
        # each lexeme is at least one character long (but the last, `end`): when the rest of
        # the text cannot hold the tokens allowed, a simple token need not be counted
        counting = len(tokens) + len(text) - index > room
        for match in _LEXEME.finditer(text, index):
            start = match.end(1)
            end = match.end()
            token_kind = kinds[match.lastindex]
            if token_kind is not None:  # (new_token written out: most tokens are these)
                value = text[start:end]
                token = _new_str(Token, value)
                token.type = token_kind or keywords(value, "ID")
                token.value = value
                token.start_pos = start
                token.end_pos = end
                token.line = token.column = token.end_line = token.end_column = None
                append(token)
                if counting and len(tokens) > room:
                    self.stop(start, end)
                    return None
                continue
            kind = match.lastgroup
            if kind == "string" and "\\" not in (body := text[start + 1 : end - 1]):
                # its value is its body, one segment long (spans made by new_span: without the
                # named tuple's __new__, a Python function)
                value = Text(body, source, ((0, start + 1),))
                span = new_span(Span, (source, start, end))
                result.strings[start] = QuotedString(value, (span,))
                append(_token("STRING", text[start:end], start, end))
            elif kind in _COMMENTS:
                result.comments.append(new_span(Span, (source, start, end)))
                continue
            elif kind == "end":
                return None
            else:
                char = text[start]
                if char == '"':
                    index = self.quoted(start)
                elif char == "<":
                    index = self.html(start)
                elif text.startswith("/*", start):
                    self.problem(start, start + 2, "unterminated comment: `/*` is never closed")
                    result.comments.append(Span(source, start, len(text)))
                    return None
                else:
                    append(_token("OTHER", char, start, end))
                    if counting and len(tokens) > room:
                        self.stop(start, end)
                        return None
                    continue
                if len(tokens) > MAX_TOKENS - self.parts:
                    self.stop(tokens[-1].start_pos or 0, tokens[-1].end_pos or 0)
                    return None
                return index  # go on after the lexeme read by hand
            if counting and len(tokens) > room:
                self.stop(start, end)
                return None
        return None  # (not reached: the last lexeme is `end`)

    def stop(self, start: int, end: int) -> None:
        if self.result.over_limit is None:
            self.result.over_limit = Span(self.source, start, end)

    def string_part(
        self, start: int, segments: SegmentBuilder, base: int, packed: bool
    ) -> tuple[int, list[str], EscapeMap | None] | None:
        """Decode the quoted string at ``start``: (end offset, characters, None), its map
        added to ``segments`` from text offset ``base``; or, for a first part with a great
        many escapes when ``packed``, (end offset, characters, its whole map). None when it
        is never closed."""
        match = _QUOTED.match(self.text, start)
        if match is None:
            return None
        body = match.group(1)
        if packed and body.count("\\") > escapes.MANY:  # a great many escapes
            decoded = escapes.decode_pairs(body, _PAIRS, start + 1, False)
            if decoded is not None:
                return match.end(), [decoded[0]], decoded[1]
        segments.add(base, start + 1)
        if "\\" not in body:
            return match.end(), [body], None
        # the text between the decoded escapes (at even places) and their letters (at odd
        # ones), split in C; a backslash the split passes over is kept as written, and the
        # character after it is no backslash, so the escapes pair up as reading the body from
        # its start pairs them
        pieces = _DECODED.split(body)
        offset = start + 1
        length = base
        cursor = 0
        add = segments.add
        for index in range(0, len(pieces) - 1, 2):
            gap = len(pieces[index])
            length += gap
            cursor += gap
            add(length, offset + cursor)  # the escape, one character of the value
            length += 1
            cursor += 2
            add(length, offset + cursor)  # what follows it
        pieces[1::2] = map(_ESCAPES.__getitem__, pieces[1::2])
        chars = ["".join(pieces)]
        return match.end(), chars, None

    def quoted(self, start: int) -> int:
        """A quoted string with escapes, joined to others by ``+`` or never closed (the others
        are read by :data:`_LEXEME`); returns the offset after it."""
        text = self.text
        segments = SegmentBuilder()
        first = self.string_part(start, segments, 0, packed=True)
        if first is None:
            line_end = text.find("\n", start)
            self.problem(
                start,
                start + 1,
                'unterminated string: this `"` is never closed (the rest of the file would be '
                "part of the string)",
            )
            return len(text) if line_end == -1 else line_end + 1
        end, chars, mapped = first
        length = sum(len(chunk) for chunk in chars)
        parts = [Span(self.source, start, end)]
        cursor = end
        while True:
            probe = _BLANKS.match(text, cursor)
            after = probe.end() if probe is not None else cursor
            if not text.startswith("+", after):
                break
            probe = _BLANKS.match(text, after + 1)
            following = probe.end() if probe is not None else after + 1
            if not text.startswith('"', following):
                break
            self.parts += 1
            if mapped is not None:  # joined to more: the first part mapped escape by escape
                again = self.string_part(start, segments, 0, packed=False)
                assert again is not None
                _, chars, mapped = again
            part = self.string_part(following, segments, length, packed=False)
            if part is None:
                break
            part_end, part_chars, _ = part
            if len(self.result.tokens) + self.parts > MAX_TOKENS:
                self.stop(following, part_end)
                break
            length += sum(len(chunk) for chunk in part_chars)
            chars.extend(part_chars)
            parts.append(Span(self.source, following, part_end))
            end = cursor = part_end
        decoded = Text("".join(chars), self.source, mapped or segments.build())
        self.result.strings[start] = QuotedString(decoded, tuple(parts))
        self.token("STRING", start, end)
        return end

    def html(self, start: int) -> int:
        """An HTML string ``<…>`` with nested angle brackets."""
        text = self.text
        depth = 0
        index = start
        while index < len(text):
            char = text[index]
            if char == "<":
                depth += 1
            elif char == ">":
                depth -= 1
                if depth == 0:
                    self.token("HTML", start, index + 1)
                    return index + 1
            index += 1
        self.problem(start, start + 1, "unterminated HTML string: this `<` is never closed")
        line_end = text.find("\n", start)
        return len(text) if line_end == -1 else line_end + 1


def gographviz_ids(word: str) -> list[tuple[int, int]]:
    """The (start, end) in the unquoted ``word`` (an ``ID`` token) of each id gographviz's
    lexer reads there, up to the first character no id starts with: when the last one ends
    before the word does, gographviz cannot read the word (a parse error at that character,
    e.g. the `.` of `human.default_choice`)."""
    if gographviz_one(word) is not None:
        return [(0, len(word))]
    ids = []
    at = 0
    while (match := _GOGRAPHVIZ_ONE.match(word, at)) is not None:
        ids.append((at, match.end()))
        at = match.end()
    return ids


def lex(source: SourceText) -> LexResult:
    """The tokens, strings, problems and comments of a DOT source, lexed once per source and
    shared (:meth:`~dipcheck.source.SourceText.derived`): read them, never change them."""
    return source.derived("dot-lex", _Lexer(source).run)
