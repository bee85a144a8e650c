"""The incremental ``.dip`` re-lex (``dip_relex.lex``) returns exactly what a fresh lex of the
same text returns, after any sequence of edits of generated and corpus files, and the lint
of the edited text is the same; and it does take its short path (the common keystroke
re-lexes a few lines, not the file)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from helpers import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.engine import lint_text
from dipcheck.frontends import dip, dip_relex
from dipcheck.frontends.dip_lexer import DipLexer, LexResult
from dipcheck.frontends.dip_lexer import lex as fresh_lex
from dipcheck.report.json import render
from dipcheck.shelltools import SPAWN
from dipcheck.source import SourceText

_PLACE = ("type", "value", "start_pos", "end_pos", "line", "column", "end_line", "end_column")
_paths = itertools.count()


def _shape(result: LexResult, source: SourceText) -> Any:
    """Every field of a lex result; the sources its spans and values name must be ``source``."""
    assert all(text.source is source for text in result.raw_blocks.values())
    assert all(problem.span.source is source for problem in result.problems)

    def tokens(items: list[Any]) -> list[Any]:
        return [
            (type(token), str(token), *(getattr(token, name) for name in _PLACE)) for token in items
        ]

    return (
        [(tokens(group.structure), tokens(group.content), group.line) for group in result.groups],
        [
            (start, text.value, type(text.segments), tuple(text.segments))
            for start, text in result.raw_blocks.items()
        ],
        [(p.span.start, p.span.end, p.message, p.code) for p in result.problems],
        [(span.start, span.end) for span in result.ignored],
        None if result.over_limit is None else (result.over_limit.start, result.over_limit.end),
        result.count,
        source.line_starts,
    )


def _check(path: str, text: str) -> None:
    source = SourceText(path, text)
    fresh = SourceText(path, text)
    assert _shape(dip_relex.lex(source), source) == _shape(fresh_lex(fresh), fresh)


# an edit: where (a fraction of the text), how many characters it removes, what it inserts
PIECES = st.sampled_from(
    [
        "x",
        "",
        "\n",
        "\n\n",
        " ",
        "  ",
        "\t",
        "\r",
        "#",
        " # c",
        ":",
        '"',
        "'",
        "->",
        " -> B",
        "\n  agent B\n",
        "\n    prompt:\n      raw text\n",
        "\n      more raw\n",
        "\nworkflow W2\n",
        "\nstray\n",
        "  edges\n    A -> B when ctx.x = y\n",
    ]
)
EDITS = st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 3) | st.integers(0, 200), PIECES),
    min_size=1,
    max_size=8,
)


def _apply(text: str, edit: tuple[float, int, str]) -> str:
    where, removed, inserted = edit
    at = int(where * len(text))
    return text[:at] + inserted + text[at + removed :]


def _edit_sequence(text: str, edits: list[tuple[float, int, str]]) -> None:
    path = f"<relex-{next(_paths)}>.dip"
    _check(path, text)  # (a path lexed once is only noted)
    _check(path, text)
    for edit in edits:
        text = _apply(text, edit)
        _check(path, text)


LINES = st.sampled_from(
    [
        "workflow W",
        "dip 1",
        "  goal: g",
        "  agent A",
        "  agent B",
        "    prompt: hi ${ctx.x}",
        "    prompt: hi # comment",
        '    label: "quoted # not a comment"',
        "    prompt: |",
        "    prompt:",
        "      raw line",
        "        deeper raw",
        "",
        "  # comment",
        "  edges",
        "    A -> B when ctx.outcome = success",
        "    A -> B label: go",
        "\tkey: tab",
        "  stray:",
        "key: top",
        "    k: \r",
        "  " * 30 + "agent Deep",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(LINES, max_size=40), EDITS)
def test_edits_of_generated_files(lines: list[str], edits: list[tuple[float, int, str]]) -> None:
    _edit_sequence("\n".join(lines), edits)


def _corpus_files() -> list[Path]:
    return sorted(CORPUS.rglob("*.dip"))[:12]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the corpus (../shared/corpus) is absent")
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 11), EDITS)
def test_edits_of_corpus_files(which: int, edits: list[tuple[float, int, str]]) -> None:
    files = _corpus_files()
    _edit_sequence(files[which % len(files)].read_text(encoding="utf-8"), edits)


def test_same_text_and_a_text_back_to_an_older_one() -> None:
    path = f"<relex-{next(_paths)}>.dip"
    text = "workflow W\n  agent A\n    prompt:\n      hello\n  edges\n    A -> B\n"
    for version in (text, text, text.replace("hello", "hi"), text, text + "  agent B\n"):
        _check(path, version)


@pytest.fixture
def lexed_lines(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many lines the lexer reads (counted through ``DipLexer.lex_lines``)."""
    counted = [0]
    general = DipLexer.lex_lines

    def lex_lines(self: DipLexer, index: int, stop: int, left: int) -> tuple[int, int]:
        after = general(self, index, stop, left)
        counted[0] += after[0] - index
        return after

    monkeypatch.setattr(DipLexer, "lex_lines", lex_lines)
    return counted


def test_a_keystroke_relexes_a_few_lines(lexed_lines: list[int]) -> None:
    path = f"<relex-{next(_paths)}>.dip"
    nodes = [f"  agent N{i}\n    prompt:\n      line one\n      line two\n" for i in range(200)]
    text = "workflow W\n" + "".join(nodes) + "  edges\n    N0 -> N1\n"
    _check(path, text)
    _check(path, text)
    lexed_lines[0] = 0
    middle = text.index("line two", len(text) // 2)
    edited = text[:middle] + "x" + text[middle:]
    _check(path, edited)  # the re-lex, then the fresh lex of the check: one file's lines
    assert lexed_lines[0] < len(text.split("\n")) + 20


def test_lint_of_edited_text_is_the_lint_of_a_fresh_lex(monkeypatch: pytest.MonkeyPatch) -> None:
    if not CORPUS.is_dir():
        pytest.skip("the corpus (../shared/corpus) is absent")
    path = str(sorted(CORPUS.rglob("*.dip"))[0])
    text = Path(path).read_text(encoding="utf-8")
    lines = text.split("\n")
    token = SPAWN.set(False)
    try:
        versions = [text]
        for at in range(3, len(lines), max(len(lines) // 7, 1)):
            edited = list(lines)
            edited[at] += "x"
            versions.append("\n".join(edited))
        incremental = [render([lint_text(version, path)]) for version in versions]
        monkeypatch.setattr(dip, "lex", fresh_lex)
        assert incremental == [render([lint_text(version, path)]) for version in versions]
    finally:
        SPAWN.reset(token)
