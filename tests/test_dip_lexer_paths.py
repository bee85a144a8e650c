"""The ``.dip`` lexer's short path for indented ``key: value`` and word lines gives the tokens,
groups and problems of the general path (every line through ``DipLexer._line``), on generated
and mutated files and on the corpus and fixtures; and the fact that path relies on: a line
``FIELD_LINE`` matches never starts as an edge (``EDGE_START``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends.dip_lexer import (
    DEDENT,
    EDGE_START,
    FIELD_LINE,
    DipLexer,
    LexResult,
    LineGroup,
    _past_limit,
)
from dipcheck.source import MAX_TOKENS, SourceText

PROJECT = Path(__file__).resolve().parents[1]


class _GeneralLexer(DipLexer):
    """Every line through ``_line``: the main loop before the short path."""

    def run(self) -> LexResult:
        index = 0
        lines = self.lines
        count = len(lines)
        stack = self.stack
        groups = self.result.groups
        left = MAX_TOKENS
        while index < count:
            text = lines[index].rstrip(" \t\r")
            code = text.lstrip(" \t")
            if not code or code[0] == "#":
                index += 1
                continue
            indent = len(text) - len(code)
            structure = [] if indent == stack[-1] else self._indentation(index, indent)
            if structure is None:
                index += 1
                continue
            content, index = self._line(index, text, indent)
            left -= len(structure) + len(content)
            if left < 0:
                self.result.over_limit = _past_limit(self.source, structure + content, left)
                return self.result
            groups.append(LineGroup(structure, content, index))
            self.seen_content = True
        end_line = max(count - 1, 0)
        closing = [DEDENT] * (len(self.stack) - 1)
        if closing:
            self.result.groups.append(LineGroup(closing, [], end_line))
        self.result.count = MAX_TOKENS - left
        return self.result


_PLACE = ("type", "value", "start_pos", "end_pos", "line", "column", "end_line", "end_column")


def _shape(result: LexResult) -> Any:
    def tokens(items: list[Any]) -> list[Any]:
        return [(str(token), *(getattr(token, name) for name in _PLACE)) for token in items]

    return (
        [(tokens(group.structure), tokens(group.content), group.line) for group in result.groups],
        {start: (text.value, tuple(text.segments)) for start, text in result.raw_blocks.items()},
        result.problems,
        result.ignored,
        result.over_limit,
        result.count,
    )


def _check(text: str) -> None:
    source = SourceText("<t>.dip", text)
    assert _shape(DipLexer(source).run()) == _shape(_GeneralLexer(source).run())


LINES = st.sampled_from(
    [
        "workflow W",
        "dip 1",
        "  goal: g",
        "  agent A",
        "    prompt: hi ${ctx.x}",
        "    prompt: hi # comment",
        '    prompt: "quoted # not a comment"',
        "    label: 'it''s'",
        "    prompt: |",
        "    prompt: >-",
        "    prompt:",
        "      raw line",
        "",
        "  # comment",
        "    key.with-dots: v",
        "    k :v",
        "    a/b: c",
        "    x-> y: z",
        "    A -> B when ctx.outcome = success",
        "    A -> B label: go",
        "  edges",
        "\tkey: tab",
        "        deeper: value",
        "  stray:",
        "key: top",
        "    : empty key",
        "    k: ",
        "    k: \r",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(LINES, max_size=16))
def test_generated_files(lines: list[str]) -> None:
    _check("\n".join(lines))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(LINES, max_size=12),
    st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([*":#|>\"' \t\n-x"]))),
)
def test_mutated_files(lines: list[str], edits: list[tuple[int, str]]) -> None:
    text = "\n".join(lines)
    for position, piece in edits:
        at = position % (len(text) + 1)
        text = text[:at] + piece + text[at + 1 :] if piece != "x" else text[:at] + text[at + 1 :]
    _check(text)


@settings(max_examples=2000, deadline=None)
@given(st.text(st.sampled_from([*"aZ0_.-/: \t>#"]), max_size=12))
def test_a_field_line_never_starts_as_an_edge(text: str) -> None:
    assert not (FIELD_LINE.match(text) and EDGE_START.match(text))


def _files() -> list[Path]:
    return sorted([*CORPUS.rglob("*.dip"), *(PROJECT / "fixtures").rglob("*.dip")])


@pytest.mark.parametrize("path", _files(), ids=lambda path: path.name)
def test_corpus_and_fixture_files(path: Path) -> None:
    _check(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize("back", [0, 1, 3, 69])
def test_blocks_nested_past_the_depth_limit(back: int) -> None:
    lines = [" " * depth + f"agent A{depth}" for depth in range(1, 71)]
    _check("workflow W\n" + "\n".join([*lines, " " * (70 - back) + "tail: x", "  end: y"]))
