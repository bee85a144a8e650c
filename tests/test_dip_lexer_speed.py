"""The ``.dip`` lexer's short cuts against what they replace.

- Every line ends with the one shared ``LINE_END`` token, which has no place: the parser gives
  the same tree and the same problems as with a line end token of its own at the end of each
  line (what the lexer made before), on generated, broken and corpus files; and the re-lex
  keeps the shared token in the groups it moves.
- A ``key: value`` line's tokens, made inline in ``lex_lines``, are those ``_field`` makes.
"""

from __future__ import annotations

import itertools
import operator
from pathlib import Path
from typing import Any

import pytest
from helpers import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends import dip_relex
from dipcheck.frontends.dip_lexer import FIELD_LINE, LINE_END, DipLexer, LexResult, LineGroup, lex
from dipcheck.frontends.dip_parser import group_tokens, parse_groups
from dipcheck.lalr import Token, Tree
from dipcheck.source import SourceText

PROJECT = Path(__file__).resolve().parents[1]
_PLACE = ("type", "value", "start_pos", "end_pos", "line", "column", "end_line", "end_column")
_paths = itertools.count()


def _placed_line_ends(result: LexResult) -> list[LineGroup]:
    """The groups with a line end token of each line's own, placed after the line's last
    token (as the lexer placed it before the shared one)."""
    groups = []
    for group in result.groups:
        content = list(group.content)
        if content:
            assert content[-1] is LINE_END
            end = content[-2].end_pos if len(content) > 1 else 0
            content[-1] = Token("_NL", "", end, None, None, None, None, end)
        groups.append(LineGroup(list(group.structure), content, group.line))
    return groups


def _tree_shape(tree: Tree | Token | None) -> Any:
    if tree is None:
        return None
    if isinstance(tree, Token):
        return (str(tree), *(getattr(tree, name) for name in _PLACE))
    return (tree.data, [_tree_shape(child) for child in tree.children])


def _check_line_ends(text: str) -> None:
    source = SourceText("<t>.dip", text)
    shared = lex(source)
    assert all(group.content[-1] is LINE_END for group in shared.groups if group.content)
    placed = LexResult(_placed_line_ends(shared), dict(shared.raw_blocks))
    tree, problems = parse_groups(source, shared)
    placed_tree, placed_problems = parse_groups(source, placed)
    assert _tree_shape(tree) == _tree_shape(placed_tree)
    assert [(p.span.start, p.span.end, p.message) for p in problems] == [
        (p.span.start, p.span.end, p.message) for p in placed_problems
    ]


LINE_TEXTS = [
    "workflow W",
    "dip 1",
    "  goal: g",
    "  start: A",
    "  agent A",
    "  agent",
    "  agnet A",
    "  tool T extra",
    "    prompt: hi ${ctx.x}",
    "    prompt: hi # comment",
    '    prompt: "quoted # not a comment"',
    "    prompt: |",
    "    prompt:",
    "      raw line",
    "",
    "  # comment",
    "    k :v",
    "    : empty key",
    "  edges",
    "    A -> B",
    "    A -> B when ctx.outcome = success",
    "    A -> B label: go",
    "    A -> B [label: x]",
    "    A ->",
    "    A-> B",
    "    else -> B",
    "    A -> B when",
    "    A -> B weight:",
    "  parallel P -> A, B",
    "  parallel P -> A,",
    "  fan_in F <- A, B",
    "  defaults",
    "    model: m",
    "    model",
    "stray text",
    "key: top",
    "      too deep: x",
    " odd: indent",
    '    prompt: "unterminated',
    "    A -> B on",
    "    A -> B loop",
]
LINES = st.sampled_from(LINE_TEXTS)


@settings(max_examples=400, deadline=None)
@given(st.lists(LINES, max_size=20))
def test_the_shared_line_end_parses_as_placed_ones(lines: list[str]) -> None:
    _check_line_ends("\n".join(lines))


def _files() -> list[Path]:
    return sorted([*CORPUS.rglob("*.dip"), *(PROJECT / "fixtures").rglob("*.dip")])


@pytest.mark.parametrize("path", _files(), ids=lambda path: path.name)
def test_the_shared_line_end_parses_as_placed_ones_on_real_files(path: Path) -> None:
    _check_line_ends(path.read_text(encoding="utf-8", errors="replace"))


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, min_size=4, max_size=20), st.integers(0, 10_000), LINES)
def test_the_relex_keeps_the_shared_line_end(lines: list[str], where: int, inserted: str) -> None:
    path = f"<speed{next(_paths)}>.dip"
    text = "\n".join(["workflow W", "  goal: g", *lines])
    dip_relex.lex(SourceText(path, text))
    dip_relex.lex(SourceText(path, text))  # (a path lexed once is only noted)
    at = where % (len(text) + 1)
    edited = text[:at] + inserted + "\n" + text[at:]
    result = dip_relex.lex(SourceText(path, edited))
    assert all(group.content[-1] is LINE_END for group in result.groups if group.content)


# -- `key: value` lines: the inline tokens against _field's -------------------------------------

KEYS = st.from_regex(r"[A-Za-z0-9_][A-Za-z0-9_.\-]{0,6}", fullmatch=True)
VALUES = st.text(st.sampled_from([*"ab ${}.#|>\"'\t\r:-"]), max_size=12)


@settings(max_examples=1000, deadline=None)
@given(KEYS, st.sampled_from(["", " ", "\t", "  "]), st.sampled_from(["", " ", "\t "]), VALUES)
def test_a_value_line_gives_the_tokens_field_gives(
    key: str, before: str, after: str, value: str
) -> None:
    line = f"    {key}{before}:{after}{value}"
    text = f"workflow W\n  agent A\n    model: m\n{line}\n  agent B\n"
    source = SourceText("<t>.dip", text)
    lexer = DipLexer(source)
    groups = lexer.run().groups
    start = source.line_starts[3] + 4
    [group] = [group for group in groups if group.content and group.content[0].start_pos == start]
    general = DipLexer(SourceText("<t>.dip", text))
    trimmed = line.rstrip(" \t\r")
    match = FIELD_LINE.match(trimmed, 4)
    assert match is not None
    expected, _ = general._field(3, trimmed, 4, match)

    def shape(tokens: list[Token]) -> list[Any]:
        return [(type(token), str(token), *(getattr(token, n) for n in _PLACE)) for token in tokens]

    assert shape(group.content) == shape(expected)
    assert group.content[-1] is LINE_END


# -- the parser's token list: flattened in C against the generator it replaces ----------------


@settings(max_examples=300, deadline=None)
@given(st.lists(LINES, max_size=20))
def test_the_group_tokens_are_the_groups_parts_in_order(lines: list[str]) -> None:
    groups = lex(SourceText("<t>.dip", "\n".join(lines))).groups
    expected = [
        token for group in groups for part in (group.structure, group.content) for token in part
    ]
    tokens = group_tokens(groups)
    assert len(tokens) == len(expected)
    assert all(map(operator.is_, tokens, expected))
