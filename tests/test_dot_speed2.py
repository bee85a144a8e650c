"""The DOT front-end's second round of fast paths gives exactly what the code it replaces gave.

The lexer names a simple token's kind by the number of its regex group (``_KINDS``) rather
than by the group's name, tests the token limit only when the rest of the text could reach it,
and decodes a quoted string's escapes with one ``split`` rather than a match per escape. The
lexer as it was is restated here (``_Before``: its scan loop and its escape loop; everything
else is shared) and both lex generated DOT-shaped text, dense in escapes, joined strings and
corners, with the token limit near the text's length so that the bound on it is crossed either
way. ``Attr.span`` and ``inner_span`` made without ``Span.cover`` and the named tuple's
``__new__`` are compared with those. The lowering's ``attr_list`` (``value_of`` and
``Text.at`` written out) is compared with itself as it was on generated attribute lists, the
last values a handler is chosen from with ``last_values``, and a handler with no value checks
is shown to have nothing ``check_handler_values`` could report.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dot_properties import DOT_TEXT, FILES

from dipcheck.frontends import dot_lexer, dot_schema
from dipcheck.frontends.dot_checks import _HANDLER_VALUES, Attr, last_values
from dipcheck.frontends.dot_lexer import (
    _ANY_CASE,
    _COMMENTS,
    _KINDS,
    _LEXEME,
    _QUOTED,
    _SIMPLE,
    LexResult,
    QuotedString,
    _Lexer,
)
from dipcheck.frontends.dot_walk import AttrPair, GraphWalk
from dipcheck.lalr import new_token
from dipcheck.model import Dialect, SegmentBuilder, Text
from dipcheck.source import SourceText, Span, new_span

_ESCAPE = dot_lexer.re.compile(r"\\(.)", dot_lexer.re.DOTALL)


class _Before(_Lexer):
    """The lexer's scan loop and escape loop before this round."""

    def scan(self, index: int) -> int | None:
        text, source, result = self.text, self.source, self.result
        tokens = result.tokens
        room = dot_lexer.MAX_TOKENS - self.parts
        for match in _LEXEME.finditer(text, index):
            kind = match.lastgroup
            start, end = match.end(1), match.end()
            token_kind = _SIMPLE.get(kind)
            if token_kind is not None:
                value = text[start:end]
                token_kind = token_kind or _ANY_CASE.get(value, "ID")
                tokens.append(new_token(token_kind, value, start, end))
            elif kind == "string" and "\\" not in (body := text[start + 1 : end - 1]):
                value = Text(body, source, ((0, start + 1),))
                result.strings[start] = QuotedString(value, (Span(source, start, end),))
                tokens.append(new_token("STRING", text[start:end], start, end))
            elif kind in _COMMENTS:
                result.comments.append(Span(source, start, end))
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
                    tokens.append(new_token("OTHER", char, start, end))
                    if len(tokens) > room:
                        self.stop(start, end)
                        return None
                    continue
                if len(tokens) > dot_lexer.MAX_TOKENS - self.parts:
                    self.stop(tokens[-1].start_pos or 0, tokens[-1].end_pos or 0)
                    return None
                return index
            if len(tokens) > room:
                self.stop(start, end)
                return None
        return None

    def string_part(
        self, start: int, segments: SegmentBuilder, base: int, packed: bool
    ) -> tuple[int, list[str], Any] | None:
        match = _QUOTED.match(self.text, start)
        if match is None:
            return None
        body = match.group(1)
        if packed and body.count("\\") > dot_lexer.escapes.MANY:
            decoded = dot_lexer.escapes.decode_pairs(body, dot_lexer._PAIRS, start + 1, False)
            if decoded is not None:
                return match.end(), [decoded[0]], decoded[1]
        segments.add(base, start + 1)
        if "\\" not in body:
            return match.end(), [body], None
        chars: list[str] = []
        length = base
        cursor = 0
        for escape in _ESCAPE.finditer(body):
            decoded_char = dot_lexer._ESCAPES.get(escape.group(1))
            if decoded_char is None:
                continue
            chars.append(body[cursor : escape.start()])
            length += escape.start() - cursor
            segments.add(length, start + 1 + escape.start())
            chars.append(decoded_char)
            length += 1
            cursor = escape.end()
            segments.add(length, start + 1 + cursor)
        chars.append(body[cursor:])
        return match.end(), chars, None


def _summary(result: LexResult) -> tuple[Any, ...]:
    return (
        [
            (token.type, str(token), token.value, token.start_pos, token.end_pos, token.line)
            for token in result.tokens
        ],
        result.strings,
        result.problems,
        result.comments,
        result.over_limit,
        result.count,
    )


def _same(text: str) -> None:
    source = SourceText("<test>.dot", text)
    lexed = _Lexer(source).run()
    assert _summary(lexed) == _summary(_Before(source).run())
    spans = [*lexed.comments, *(part for quoted in lexed.strings.values() for part in quoted.parts)]
    assert all(type(span) is Span for span in spans)  # (made by new_span)


# quoted strings dense in escapes (decoded or kept), joined or not, and the lexemes around them
_STRING_BODY = st.lists(
    st.sampled_from(["\\n", "\\t", "\\\\", '\\"', "\\x", "\\\n", "\\é", "a", "é", "\n", " "]),
    max_size=12,
).map("".join)
_PIECES = st.one_of(
    _STRING_BODY.map(lambda body: f'"{body}"'),
    st.sampled_from(
        [*' \t\n"\\+[]{}=;,:<>#/*-.', "a", "0", "é", "\U0001f600", "->", "--", "digraph"]
    ),
    st.sampled_from(["/* c */", "// c\n", "<<b>x</b>>", '"a" + "b\\n"', "-.5", "1.5s"]),
)
_TEXT = st.lists(_PIECES, max_size=30).map("".join)


def test_a_group_numbers_kind_is_its_names() -> None:
    names = {number: name for name, number in _LEXEME.groupindex.items()}
    assert len(_KINDS) == _LEXEME.groups + 1
    for number, kind in enumerate(_KINDS):
        assert kind == _SIMPLE.get(names.get(number))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_TEXT, DOT_TEXT))
def test_the_lexer_lexes_as_before(text: str) -> None:
    _same(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT, st.integers(-4, 4))
def test_the_token_limit_near_the_texts_length_stops_both_alike(text: str, near: int) -> None:
    """The limit is tested per token only when the rest of the text could reach it: put it
    around the number of characters, where that bound decides."""
    saved = dot_lexer.MAX_TOKENS
    dot_lexer.MAX_TOKENS = max(len(text) // 2 + near, 0) if near % 2 else max(len(text) + near, 0)
    try:
        _same(text)
    finally:
        dot_lexer.MAX_TOKENS = saved


@settings(max_examples=40, deadline=None)
@given(_TEXT, st.text(alphabet="=;,[]{}:", max_size=12), st.integers(-2, 1))
def test_a_limit_the_rest_of_the_text_just_reaches_stops_both_alike(
    head: str, tail: str, near: int
) -> None:
    """Text whose every character is a token at its end, the limit about its length: the
    bound on the tokens the rest can hold is exact there."""
    text = head + tail
    saved = dot_lexer.MAX_TOKENS
    dot_lexer.MAX_TOKENS = len(_Before(SourceText("<t>.dot", head)).run().tokens)
    dot_lexer.MAX_TOKENS += len(tail) + near
    try:
        _same(text)
    finally:
        dot_lexer.MAX_TOKENS = saved


@pytest.mark.parametrize(
    "text",
    [
        'a="\\\\n"',  # an escaped backslash, then a plain n
        'a="\\\\\\n"',  # an escaped backslash, then a newline escape
        'a="\\x\\n\\"\\t"',  # a kept escape before decoded ones
        'a="\\n\\n\\n"',  # adjacent escapes: their segments meet
        'a="x\\n" + "\\ty" + "z"',
        'a="\\é\\\n"',
        'a="' + "\\n" * (dot_lexer.escapes.MANY + 1) + '" + "b"',  # packed, then joined
    ],
)
def test_escape_corners_lex_as_before(text: str) -> None:
    _same(text)


def test_the_corpus_lexes_as_before() -> None:
    for path in FILES:
        _same(path.read_text(encoding="utf-8"))


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.sampled_from(['"', "\\", "a", "é"]), max_size=10).map("".join),
    st.integers(0, 10),
    st.integers(0, 10),
    st.integers(0, 10),
    st.integers(0, 10),
    st.sampled_from(["STRING", "ID"]),
)
def test_an_attrs_spans_are_the_covers_they_were(
    text: str, key_start: int, key_length: int, value_start: int, value_length: int, kind: str
) -> None:
    source = SourceText("<test>.dot", text)
    key_start, value_start = min(key_start, len(text)), min(value_start, len(text))
    key = Span(source, key_start, min(key_start + key_length, len(text)))
    value = Span(source, value_start, min(value_start + value_length, len(text)))
    entry = Attr("k", key, Text(value.text, source, ((0, value.start),)), value, True, kind)
    assert entry.span == key.cover(value)
    assert type(entry.span) is Span
    inner = entry.inner_span
    assert type(inner) is Span
    if kind == "STRING" and inner != value:
        assert inner == Span(source, value.start + 1, value.end - 1)


class _WalkBefore(GraphWalk):
    def attr_list(self, pairs: list[AttrPair], element: bool = True) -> list[Attr]:
        """``GraphWalk.attr_list`` as it was (a repeated key's DC006 left out: unchanged)."""
        result: list[Attr] = []
        source = self.source
        for key_token, value_token in pairs:
            key = self.value_of(key_token)
            if element and not self.family and key_token.type == "STRING":
                key = self.quoted_name(key_token, key)
            if value_token is not None:
                start = value_token.start_pos
                token_type = value_token.type
                if token_type == "STRING":
                    value, quoted = self.lexed.strings[start].text, True
                else:
                    value, quoted = Text.at(value_token.value, source, start), False
                value_span = new_span(Span, (source, start, value_token.end_pos))
            else:  # (since read as "true", each character mapped into the key)
                start, end = key_token.start_pos, key_token.end_pos
                segments = tuple((at, min(start + at, end - 1)) for at in range(4))
                value, quoted = Text("true", source, segments), False
                value_span = new_span(Span, (source, start, end))
                token_type = "ID"
            key_span = new_span(Span, (source, key_token.start_pos, key_token.end_pos))
            result.append(Attr(key, key_span, value, value_span, quoted, token_type))
        return result


_ATTR_TEXT = st.lists(
    st.tuples(
        st.sampled_from(["k", "shape", '"prompt"', '"a\\nb"', "1.5", "<b>"]),
        st.sampled_from([None, "v", '"x y"', '"e\\"s"', "<h>", "-.5"]),
    ),
    max_size=8,
)


@settings(max_examples=60, deadline=None)
@given(_ATTR_TEXT, st.booleans(), st.sampled_from(list(Dialect)))
def test_attr_list_reads_the_pairs_as_before(
    items: list[tuple[str, str | None]], element: bool, dialect: Dialect
) -> None:
    text = " ".join(key if value is None else f"{key} = {value}" for key, value in items)
    source = SourceText("<test>.dot", text)
    lexed = _Lexer(source).run()
    tokens, pairs, index = lexed.tokens, [], 0
    while index < len(tokens):
        if index + 1 < len(tokens) and tokens[index + 1].type == "EQUAL":
            pairs.append((tokens[index], tokens[index + 2]))
            index += 3
        else:
            pairs.append((tokens[index], None))
            index += 1
    walk, before = GraphWalk(source, lexed, dialect), _WalkBefore(source, lexed, dialect)
    assert walk.attr_list(pairs, element) == before.attr_list(pairs, element)
    assert [found.message for found in walk.diagnostics if found.code != "DC006"] == [
        found.message for found in before.diagnostics
    ]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["shape", "type", "prompt", "tool_command", "x"]), max_size=8))
def test_each_keys_last_value_is_last_values(keys: list[str]) -> None:
    source = SourceText("<test>.dot", "x" * 20)
    attrs = [
        Attr(
            key,
            Span(source, at, at + 1),
            Text.at("v", source, at),
            Span(source, at, at),
            False,
            "ID",
        )
        for at, key in enumerate(keys)
    ]
    plain = {entry.key: entry for entry in attrs}
    assert plain == last_values(attrs)
    assert all(plain[key] is last_values(attrs)[key] for key in plain)


def test_handlers_without_value_checks_have_none() -> None:
    """check_handler_values returns early for these: its loop found no check for any key."""
    for handler in {*dot_schema.HANDLER_KINDS, "", "script", "probe", "spawn"}:
        assert _HANDLER_VALUES.get(handler) is None or _HANDLER_VALUES[handler]
