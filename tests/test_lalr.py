"""dipcheck's own LALR driver (``dipcheck.lalr``) on the shipped tables parses as lark does with
the grammar: the same trees (rule names, kept tokens, inlined and collapsed rules, positions)
and the same errors (the token, what was expected), for edge conditions lexed by the contextual
lexer and for the token streams of the ``.dip`` and DOT lexers."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
from helpers import CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dot_properties import PIECES as DOT_PIECES
from test_parser_checkpoint import DIP_LINES

from dipcheck.frontends import dip_lexer, dot_lexer
from dipcheck.grammar import _lark, load_tables
from dipcheck.lalr import ParserState, Token, Tree, UnexpectedCharacters, UnexpectedToken
from dipcheck.source import SourceText

PROJECT = Path(__file__).resolve().parents[1]


def _shape(value: Any) -> Any:
    """A tree (dipcheck's or lark's) as nested tuples, tokens with every field."""
    if hasattr(value, "data"):
        return (value.data, [_shape(child) for child in value.children])
    fields = ("start_pos", "line", "column", "end_line", "end_column", "end_pos")
    return (value.type, str(value), *(getattr(value, field) for field in fields))


# -- conditions: text lexed by each state's terminals ---------------------------------------

CONDITION_PIECES = [
    *" \t()\"',=!<>|&\n",
    "ctx.outcome",
    "outcome",
    "success",
    " = ",
    "==",
    "!=",
    "<=",
    " contains ",
    " startswith ",
    " in ",
    " matches ",
    "not ",
    " and ",
    " or ",
    " && ",
    " || ",
    "'it''s'",
    '"a \\" b"',
    "x,y",
    "notx",
    "andy",
    "ü",
]


def _ours(text: str) -> Any:
    try:
        return _shape(load_tables("condition.lark").parse_text(text))
    except UnexpectedToken as error:
        return ("token", _shape(error.token)[:3], sorted(error.expected))
    except UnexpectedCharacters as error:
        return ("characters", error.pos_in_stream, sorted(error.allowed))


def _larks(text: str) -> Any:
    from lark.exceptions import UnexpectedCharacters as LarkCharacters
    from lark.exceptions import UnexpectedToken as LarkToken

    try:
        return _shape(_lark_parser("condition.lark").parse(text))
    except LarkToken as error:
        return ("token", _shape(error.token)[:3], sorted(error.expected))
    except LarkCharacters as error:
        return ("characters", error.pos_in_stream, sorted(error.allowed))


_LARK: dict[str, Any] = {}


def _lark_parser(name: str) -> Any:
    if name not in _LARK:
        _LARK[name] = _lark(name)
    return _LARK[name]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(CONDITION_PIECES), max_size=14).map("".join))
def test_conditions_parse_and_fail_as_with_lark(text: str) -> None:
    assert _ours(text) == _larks(text)


def test_the_condition_comparison_sees_trees_and_both_kinds_of_error() -> None:
    """The twin: the three outcomes the comparison above compares all occur."""
    assert _ours("ctx.a = 'b' && not ctx.c in x, y")[0] == "and_expr"
    assert _ours("ctx.a = = b") == (
        "token",
        ("OP", "=", 8),
        ["STRING", "WORD"],
    )
    assert _ours("ctx.a = b)")[0] == "token"  # a terminal that exists, not taken here
    assert _ours('ctx.a = "b') == ("characters", 8, ["STRING", "WORD"])


# -- the .dip and DOT token streams ---------------------------------------------------------


def _fed(tokens: list[Any], end: int, state: Any, errors: tuple[type, ...]) -> Any:
    """Feed ``tokens`` one by one, then the end; the tree's shape or where and why it failed."""
    for index, token in enumerate([*tokens, Token("$END", "", end, None, None, None, None, end)]):
        try:
            result = state.feed_token(token, token.type == "$END")
        except errors as error:
            return ("failed at", index, sorted(error.expected))  # type: ignore[attr-defined]
    return _shape(result)


def _compare(name: str, source: SourceText, tokens: list[Token]) -> Any:
    from lark.exceptions import UnexpectedToken as LarkToken

    end = len(source.text)
    ours = _fed(tokens, end, ParserState(load_tables(name)), (UnexpectedToken,))
    theirs = _fed(tokens, end, _lark_parser(name).parse_interactive([]).parser_state, (LarkToken,))
    assert ours == theirs
    # the one-loop feed of the whole stream (what the front-ends run first): the same answer
    whole = ParserState(load_tables(name))
    if whole.feed_all(tokens):
        closing = Token("$END", "", end, None, None, None, None, end)
        try:
            assert _shape(whole.feed_token(closing, True)) == theirs
        except UnexpectedToken:
            assert theirs[:2] == ("failed at", len(tokens))
    else:
        assert theirs[0] == "failed at" and theirs[1] < len(tokens)
    return ours


def _dot_tokens(source: SourceText) -> list[Token]:
    return dot_lexer.lex(source).tokens


def _dip_tokens(source: SourceText) -> list[Token]:
    groups = dip_lexer.lex(source).groups
    return [
        token for group in groups for part in (group.structure, group.content) for token in part
    ]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(DOT_PIECES), max_size=50).map("".join))
def test_dot_token_streams_parse_as_with_lark(text: str) -> None:
    source = SourceText("<t>.dot", text)
    _compare("dot.lark", source, _dot_tokens(source))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(DIP_LINES), max_size=20))
def test_dip_token_streams_parse_as_with_lark(lines: list[str]) -> None:
    source = SourceText("<t>.dip", "workflow W\n  start: A\n  exit: A\n" + "".join(lines))
    _compare("dip.lark", source, _dip_tokens(source))


def _real_files() -> list[Path]:
    found = sorted((PROJECT / "fixtures").rglob("*.dip")) + sorted(
        (PROJECT / "fixtures").rglob("*.dot")
    )
    if CORPUS.is_dir():
        found += sorted(CORPUS.rglob("*.dip")) + sorted(CORPUS.rglob("*.dot"))
    return found


def test_real_files_parse_as_with_lark() -> None:
    """Every fixture and (when present) corpus workflow: the same tree as lark's, and most of
    them parse (the comparison is not only of failures)."""
    parsed = 0
    files = _real_files()
    for path in files:
        source = SourceText(str(path), path.read_text(encoding="utf-8", errors="replace"))
        if path.suffix == ".dip":
            shape = _compare("dip.lark", source, _dip_tokens(source))
        else:
            shape = _compare("dot.lark", source, _dot_tokens(source))
        parsed += shape[0] != "failed at"
    assert parsed > len(files) // 2


# -- tokens and trees -----------------------------------------------------------------------


def test_tokens_equal_their_text_and_differ_by_kind() -> None:
    name = Token("NAME", "a", 0, 1, 1, 1, 2, 1)
    assert name == "a" and hash(name) == hash("a")
    assert name == Token("NAME", "a", 5) and name != Token("KEY", "a")
    moved = name.update(type="KEY")
    assert (moved.type, str(moved), moved.start_pos, moved.end_pos) == ("KEY", "a", 0, 1)
    copied = pickle.loads(pickle.dumps(name))
    assert copied == name and _shape(copied) == _shape(name)


def test_trees_compare_by_name_and_children() -> None:
    leaf = Token("NAME", "a")
    assert Tree("x", [leaf]) == Tree("x", [Token("NAME", "a")])
    assert Tree("x", [leaf]) != Tree("y", [leaf]) and Tree("x", [leaf]) != Tree("x", [])
    assert hash(Tree("x", [leaf])) == hash(Tree("x", [Token("NAME", "a")]))


@pytest.mark.parametrize("name", ["dip.lark", "dot.lark"])
def test_a_grammar_lexed_elsewhere_has_no_lexer_here(name: str) -> None:
    with pytest.raises(AssertionError, match="no lexer"):
        load_tables(name).parse_text("x")
