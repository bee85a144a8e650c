"""Syntax-error recovery feeds the groups between errors in runs, from one checkpoint per run
(``dip_parser._Driver._recover``), where it took two checkpoints for every group. The trees
and problems must be those of the group-at-a-time recovery, restated here, on any mix of good
and broken lines and on broken corpus files; and a file with one broken line must take a
number of checkpoints that grows with the logarithm of its length, not with its length."""

from __future__ import annotations

import pytest
from helpers import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_parser_checkpoint import DIP_LINES as CHECKPOINT_LINES

from dipcheck.frontends import dip_lexer, dip_parser
from dipcheck.grammar import Checkpoint, load_tables
from dipcheck.lalr import ParserState, Token, Tree, UnexpectedToken
from dipcheck.source import SourceText, Span


def _group_at_a_time(driver: dip_parser._Driver, state: ParserState) -> Tree | None:
    """The recovery as it was: a checkpoint before each group's structure and content."""
    depth = 0
    skip_child = False
    for group in driver.groups:
        structure = group.structure
        if skip_child:
            skip_child = False
            if structure and structure[0].type == "_INDENT":
                depth, structure = 1, structure[1:]
        if depth:
            structure, depth = driver._consume_skipped(structure, depth)
            if depth:
                continue
        before = Checkpoint(state)
        try:
            for token in structure:
                state.feed_token(token)
        except UnexpectedToken:
            state = before.restore()
            driver._unexpected_indent(group)
            depth = driver._skip_from(structure)
            continue
        after_structure = Checkpoint(state)
        try:
            for token in group.content:
                state.feed_token(token)
        except UnexpectedToken as error:
            state = after_structure.restore()
            driver._line_error(group, error)
            skip_child = True
    end = len(driver.source.text)
    try:
        return state.feed_token(Token("$END", "", end), True)
    except UnexpectedToken as error:
        expected = dip_parser._expected(error.expected)
        at = len(driver.source.text.rstrip())
        driver.log.record(Span(driver.source, at, at), "unexpected end of file: " + expected)
        return None


def _recovered(text: str, reference: bool) -> tuple[Tree | None, list[tuple[int, int, str]]]:
    source = SourceText("<recovery>.dip", text)
    driver = dip_parser._Driver(source, dip_lexer.lex(source))
    state = ParserState(load_tables("dip.lark"))
    tree = _group_at_a_time(driver, state) if reference else driver._recover(state)
    problems = [(item.span.start, item.span.end, item.message) for item in driver.log.problems]
    return tree, problems


# the checkpoint test's lines, and a block opener mistyped as a user typing at the end of
# `prompt:` makes it (the block under it is then read as lines)
DIP_LINES = [
    *CHECKPOINT_LINES,
    "  agent B\n    promptx:\n      line one\n      line two\n",
    "  production callers are external\n",
    "  tool C\n    commandx:\n      echo one\n      echo two\n",
    "  agent D\n    label: D\n    max_retries: 2\n",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DIP_LINES), max_size=40))
def test_runs_recover_as_one_group_at_a_time(lines: list[str]) -> None:
    text = "workflow W\n  start: A\n  exit: A\n" + "".join(lines)
    assert _recovered(text, reference=False) == _recovered(text, reference=True)


def _broken(text: str) -> list[str]:
    """Versions of ``text`` with one or two of its block-opening lines mistyped, as a user
    typing at the end of `prompt:` makes them (the block under it is read as lines)."""
    lines = text.split("\n")
    openers = [number for number, line in enumerate(lines) if line.rstrip().endswith(":")]
    versions = []
    for number in openers[:: max(1, len(openers) // 6)]:
        edited = list(lines)
        edited[number] += "x"
        versions.append("\n".join(edited))
    if len(openers) >= 2:
        edited = list(lines)
        edited[openers[0]] += "x"
        edited[openers[-1]] = "   " + edited[openers[-1]]
        versions.append("\n".join(edited))
    return versions


def test_runs_recover_broken_corpus_files_as_before() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    compared = 0
    for path in sorted(CORPUS.rglob("*.dip")):
        text = path.read_text(encoding="utf-8")
        for version in _broken(text):
            assert _recovered(version, reference=False) == _recovered(version, reference=True), path
            compared += 1
    assert compared > 40


class _Counted(Checkpoint):
    made = 0

    def __init__(self, state: ParserState) -> None:
        _Counted.made += 1
        super().__init__(state)


def test_one_broken_line_takes_a_logarithmic_number_of_checkpoints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nodes = "".join(f"  agent N{index}\n    label: N{index}\n" for index in range(2_000))
    text = "workflow W\n  start: N0\n  exit: N0\n" + nodes + "  edges\n    N0 -> -> N1\n"
    monkeypatch.setattr(dip_parser, "Checkpoint", _Counted)
    _, problems = _recovered(text, reference=False)
    arrow = text.rindex("-> N1")
    assert problems == [(arrow, arrow + 2, "unexpected `->`: expected a name")]
    # some 4,000 groups: the group-at-a-time recovery took two checkpoints for each
    assert _Counted.made < 40
