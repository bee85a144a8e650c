"""The DOT lexer's fast paths (frontends/dot_lexer.py) give exactly what the lexer they replace
gave: blanks and line joins read with the lexeme after them rather than as lexemes of their
own, and a quoted string matched up to its first closing quote and read by hand only when it
holds a backslash. The lexer as it was is restated here as the reference (its regular
expression, a word's characters since widened to gographviz's letters, U+0080 to U+10FFFF but
U+FFFD, and its loop; the strings read by hand go through the same methods), and both lex
generated DOT-shaped text, the corpus, and the corners: a blank tail, line joins, escaped
quotes, joined and unterminated strings and comments, and the token limit. An attribute value's
span without its quotes (``Attr.inner_span``), found without copying the value when no `"` is
inside it, is compared with the test it skips; and the dialect read from the token's value
rather than a copy of it, with the dialect as it was read."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dot_properties import DOT_TEXT, FILES

from dipcheck.frontends import dot_lexer
from dipcheck.frontends.dot_checks import Attr
from dipcheck.frontends.dot_lexer import PUNCTUATION, LexResult, QuotedString, _Lexer
from dipcheck.frontends.dot_tokens import detect_dialect
from dipcheck.model import Dialect, Text
from dipcheck.source import SourceText, Span

_REFERENCE = re.compile(
    r"""
      [ \t\r\n\f\v][ \t\r\n\f\v]*(?P<blank>)
    | [A-Za-z_\u0080-\ufffc\ufffe-\U0010ffff][A-Za-z0-9_.\u0080-\ufffc\ufffe-\U0010ffff]*(?P<word>)
    | [{}\[\]=;,:](?P<punct>)
    | "[^"\\]*+"(?![ \t\r\n\f\v]*\+)(?P<string>)
    | -[->](?P<edge>)
    | //[^\n]*(?P<comment>)
    | \#[^\n]*(?P<hash_comment>)
    | /\*.*?\*/(?P<block>)
    | \\\r?\n(?P<join>)
    | [0-9][A-Za-z0-9_.]*(?P<number>)
    | \.[0-9]+(?P<fraction>)
    | -[0-9][A-Za-z0-9_.]*(?P<negative>)
    | -\.[0-9]+(?P<negative_fraction>)
    | .(?P<other>)
    """,
    re.VERBOSE | re.DOTALL,
)
_NUMBERS = frozenset({"number", "fraction", "negative", "negative_fraction"})


class _Reference(_Lexer):
    """The lexer's loop before the fast paths: one lexeme per blank, strings without escapes
    matched whole by the regular expression."""

    def run(self) -> LexResult:
        text, source, result = self.text, self.source, self.result
        tokens = result.tokens
        room = dot_lexer.MAX_TOKENS
        index = 0
        while index < len(text) and result.over_limit is None:
            for match in _REFERENCE.finditer(text, index):
                kind = match.lastgroup
                if kind in ("blank", "join"):
                    continue
                start, end = match.span()
                value = match.group()
                if kind == "word":
                    self.token(dot_lexer._ANY_CASE.get(value, "ID"), start, end)
                elif kind == "punct":
                    self.token(PUNCTUATION[value], start, end)
                elif kind == "string":
                    body = Text(text[start + 1 : end - 1], source, ((0, start + 1),))
                    result.strings[start] = QuotedString(body, (Span(source, start, end),))
                    self.token("STRING", start, end)
                elif kind in _NUMBERS:
                    self.token("ID", start, end)
                elif kind == "edge":
                    self.token("ARROW" if value == "->" else "UNDIRECTED", start, end)
                elif kind != "other":
                    result.comments.append(Span(source, start, end))
                    continue
                else:
                    if value == '"':
                        index = self.quoted(start)
                    elif value == "<":
                        index = self.html(start)
                    elif text.startswith("/*", start):
                        self.problem(start, start + 2, "unterminated comment: `/*` is never closed")
                        result.comments.append(Span(source, start, len(text)))
                        index = len(text)
                    else:
                        self.token("OTHER", start, end)
                        if len(tokens) > room:
                            self.stop(start, end)
                            break
                        continue
                    room = dot_lexer.MAX_TOKENS - self.parts
                    if len(tokens) > room:
                        self.stop(tokens[-1].start_pos or 0, tokens[-1].end_pos or 0)
                    break
                if len(tokens) > room:
                    self.stop(start, end)
                    break
            else:
                break
        result.count = len(tokens) + self.parts
        return result


def _summary(result: LexResult) -> tuple[Any, ...]:
    return (
        [(token.type, str(token), token.start_pos, token.end_pos) for token in result.tokens],
        result.strings,
        result.problems,
        result.comments,
        result.over_limit,
        result.count,
    )


def _same(text: str) -> None:
    source = SourceText("<test>.dot", text)
    fast = _Lexer(source).run()
    reference = _Reference(source).run()
    assert _summary(fast) == _summary(reference)
    assert all(token.value == str(token) for token in fast.tokens)


# DOT lexemes and the characters around them, for texts denser in corners than DOT_TEXT
_PIECES = [
    *' \t\r\n\f\v"\\+[]{}=;,:<>#/*-._0a9é\u2603\U0001f600',
    '"plain"',
    '"a\\"b"',
    '"a\\nb" + "c"',
    '"x" +\n "y\\\\"',
    "\\\n",
    "\\\r\n",
    "/* c */",
    "// c\n",
    "# c\n",
    "->",
    "--",
    "-.5",
    "1.5s",
    "<<b>x</b>>",
    "digraph",
    "Node",
]
_CORNERS = st.lists(st.sampled_from(_PIECES), max_size=60).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_CORNERS, DOT_TEXT))
def test_the_lexer_lexes_as_the_lexer_it_replaces(text: str) -> None:
    _same(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_CORNERS, st.integers(0, 12))
def test_the_token_limit_stops_both_at_the_same_place(text: str, limit: int) -> None:
    saved = dot_lexer.MAX_TOKENS
    dot_lexer.MAX_TOKENS = limit
    try:
        _same(text)
    finally:
        dot_lexer.MAX_TOKENS = saved


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n\t  ",
        "a" + " " * 10_000,  # a blank tail, read once
        'a = "b"   ',
        'a = "b\\"c" ;',  # the match stops at the escaped quote
        'a = "b\\" + "c"',  # ... which is followed by `+`
        'a = "b" + "c" + d',
        'a = "b" +',
        'a = "never closed',
        'a = "b\\',
        "a \\\n b \\\r\n c \\ d",
        "/* never closed",
        "a /* b */ c // d\n# e",
        "<a <b> c",
        "x -> y -- z - w -.5 .5 5.",
    ],
)
def test_corners_lex_as_before(text: str) -> None:
    _same(text)


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_the_corpus_lexes_as_before(path: Any) -> None:
    _same(path.read_text(encoding="utf-8"))


def _inner_span_reference(entry: Attr) -> Span:
    """``Attr.inner_span`` before its fast path."""
    span = entry.value_span
    text = span.text
    quoted = entry.token_type == "STRING" and len(text) >= 2 and text[0] == text[-1] == '"'
    if quoted and '"' not in text[1:-1].replace('\\"', ""):
        return Span(span.source, span.start + 1, span.end - 1)
    return span


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(['"', "\\", "+", " ", "a", "é"]), max_size=12).map("".join),
    st.integers(0, 12),
    st.integers(0, 12),
    st.sampled_from(["STRING", "ID", "HTML"]),
)
def test_a_values_inner_span_is_the_one_it_was(
    text: str, start: int, length: int, token_type: str
) -> None:
    source = SourceText("<test>.dot", text)
    start = min(start, len(text))
    span = Span(source, start, min(start + length, len(text)))
    value = Text(span.text, source, ((0, span.start),))
    entry = Attr("k", Span(source, 0, 0), value, span, token_type == "STRING", token_type)
    assert entry.inner_span == _inner_span_reference(entry)


def _dialect_reference(lexed: LexResult, source: SourceText) -> Dialect:
    """``detect_dialect`` as it read each name, through ``str(token)``."""
    tokens = lexed.tokens
    for index, token in enumerate(tokens):
        if token.type != "ID" or str(token) not in ("facts", "outputs"):
            continue
        if str(token) == "facts":
            return Dialect.TYPED_OUTPUTS
        value = tokens[index + 2] if index + 2 < len(tokens) else None
        if value is not None and tokens[index + 1].type == "EQUAL" and ":" in str(value):
            return Dialect.TYPED_OUTPUTS
    for quoted in lexed.strings.values():
        value = quoted.text.value
        if any(
            marker in value for marker in ("{{ inputs.", "{{ context.", "{{inputs.", "{{context.")
        ):
            return Dialect.TYPED_OUTPUTS
    return Dialect.TRACKER


_DIALECT_PIECES = [*_PIECES, "facts", "outputs", "outputs=", '"a:b"', "x:y", '"{{ inputs.a }}"']


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_DIALECT_PIECES), max_size=30).map("".join))
def test_the_dialect_is_the_one_it_was(text: str) -> None:
    source = SourceText("<test>.dot", text)
    lexed = _Lexer(source).run()
    assert detect_dialect(lexed, source) == _dialect_reference(lexed, source)
