"""The recursive-descent reader of ``.dip`` token streams (``dip_descent.read_tree``) builds
the tree the LALR tables build, token for token, for every stream the tables take, and gives
up on every stream they refuse: on generated files, on generated streams of any terminals, and
on every corpus and fixture file."""

from __future__ import annotations

from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from helpers import CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.frontends.dip_descent import read_tree
from dipcheck.frontends.dip_lexer import lex
from dipcheck.grammar import load_tables
from dipcheck.lalr import ParserState, Token, Tree, UnexpectedToken
from dipcheck.source import SourceText

PROJECT = Path(__file__).resolve().parents[1]


def _tables_tree(tokens: list[Token], end: int) -> Tree | None:
    state = ParserState(load_tables("dip.lark"))
    if not state.feed_all(tokens):
        return None
    try:
        return state.feed_token(Token("$END", "", end), True)
    except UnexpectedToken:
        return None


def _shape(value: Any) -> Any:
    """A tree as nested tuples; a token by its identity (the same token objects, not equal
    ones, must end up in the tree)."""
    if isinstance(value, Tree):
        return (value.data, [_shape(child) for child in value.children])
    return id(value)


def _check(tokens: list[Token], end: int) -> None:
    expected = _tables_tree(tokens, end)
    found = read_tree(tokens)
    if expected is None:
        assert found is None
    else:
        assert found is not None and _shape(found) == _shape(expected)


def _check_text(text: str) -> None:
    lexed = lex(SourceText("<t>.dip", text))
    tokens = list(chain.from_iterable(p for g in lexed.groups for p in (g.structure, g.content)))
    _check(tokens, len(text))


LINES = [
    "workflow W\n",
    "workflow\n",
    "dip 1\n",
    "dip 1 2\n",
    "dip\n",
    "stray text\n",
    "  goal: g\n",
    "  start: A\n",
    "  defaults\n    model: m\n",
    "  vars\n    x: 1\n",
    "  inputs\n    name: text\n      required: true\n",
    "  vars\n",
    "  agent A\n    prompt: hi\n",
    "  agent A\n",
    "  tool T\n    command:\n      echo hi\n      echo there\n",
    "  human H\n    mode: choice\n",
    "  parallel P -> A, B\n",
    "  parallel P\n    branch: A\n      model: m\n",
    "  parallel P ->\n",
    "  fan_in J <- A, B, C\n",
    "  fan_in J\n",
    "  edges\n",
    "  edges\n    A -> B\n",
    "    A -> B when ctx.outcome = success\n",
    "    A -> B when\n",
    "    A -> B on fail\n",
    "    A -> B loop\n",
    "    A -> B label: go weight: 2\n",
    '    A -> B label: "a b" c\n',
    "    A -> B when ctx.x = 1 loop label: x\n",
    "    else -> C\n",
    "    else -> C when x\n",
    "    A -> -> T\n",
    "    A -> B label:\n",
    "  agent\n",
    "  ->\n",
    "    stray: value\n",
    "      deep: indent\n",
    "  prompt:\n    line one\n\n    line two\n",
    "  x: [1, 2]\n",
    "  A -> B\n",
    "  edges\n    A, B\n",
    "  agent A -> B\n",
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(LINES), max_size=14))
def test_generated_files(lines: list[str]) -> None:
    _check_text("".join(lines))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINES[4:]), max_size=14))
def test_generated_workflow_bodies(lines: list[str]) -> None:
    _check_text("workflow W\n" + "".join(lines))


_TERMINALS = [
    "_INDENT",
    "_DEDENT",
    "_NL",
    "KEY",
    "COLON",
    "VALUE",
    "RAW",
    "WORKFLOW",
    "DEFAULTS",
    "VARS",
    "INPUTS",
    "EDGES",
    "PARALLEL",
    "FAN_IN",
    "KIND",
    "ELSE",
    "DIP",
    "NAME",
    "STRING",
    "COMMA",
    "ARROW",
    "LARROW",
    "OTHER",
    "WHEN",
    "COND",
    "ON",
    "LOOP",
    "ATTR",
    "STRAY",
]
# the streams of a file's start, to reach the inner rules with arbitrary kinds
_PREFIXES = [
    [],
    ["DIP", "NAME"],
    ["WORKFLOW", "NAME", "_NL", "_INDENT"],
    ["WORKFLOW", "NAME", "_NL", "_INDENT", "EDGES", "_NL", "_INDENT"],
    ["WORKFLOW", "NAME", "_NL", "_INDENT", "KIND", "NAME", "_NL", "_INDENT"],
]


@settings(max_examples=1500, deadline=None)
@given(
    st.sampled_from(_PREFIXES),
    st.lists(st.sampled_from(_TERMINALS), max_size=16),
    st.integers(0, 3),
)
def test_generated_streams_of_any_terminals(
    prefix: list[str], kinds: list[str], closing: int
) -> None:
    """Streams the lexer never makes: the reader must still refuse what the tables refuse."""
    everything = [*prefix, *kinds, *(["_DEDENT"] * closing)]
    tokens = [Token(kind, kind.lower(), index) for index, kind in enumerate(everything)]
    _check(tokens, len(tokens))


def _files() -> list[Path]:
    found = [*CORPUS.rglob("*.dip"), *(PROJECT / "fixtures").rglob("*.dip")]
    return sorted(found)


@pytest.mark.parametrize("path", _files(), ids=lambda path: path.name)
def test_corpus_and_fixture_files(path: Path) -> None:
    _check_text(path.read_text(encoding="utf-8", errors="replace"))
