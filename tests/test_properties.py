"""Property tests: arbitrary text and mutated real workflows never make the linter raise, and
every range it reports lies inside the file it points into."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import CORPUS, FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.engine import LintResult, lint_text
from dipcheck.report import json as json_report
from dipcheck.report import text as text_report
from dipcheck.source import SourceText, Span

# Characters that mean something to the .dip lexer, plus anything else.
SYNTAX = [*" \t\n\r\"'#:-><=!,()[]${}|&\\.", "->", "<-", "\n  ", "\n    ", "\n      "]
WORDS = [
    "workflow W",
    "dip 2",
    "start: A",
    "exit: B",
    "agent A",
    "tool B",
    "human H",
    "parallel P -> A, B",
    "fan_in J <- A, B",
    "branch: A",
    "defaults",
    "vars",
    "inputs",
    "edges",
    "A -> B",
    "when ctx.x = 1",
    "on success",
    "label: ",
    "loop",
    "else -> A",
    "prompt:",
    "params:",
    "steer_context: a=1",
    "stylesheet:",
    "${ctx.",
    "${ctx.node.A.x}",
    "$branch",
    "prompt_file: p.md",
    "# comment",
    "---",
]
TEXT = st.lists(
    st.one_of(st.sampled_from(SYNTAX), st.characters(codec="utf-8"), st.text(max_size=5)),
    max_size=150,
).map("".join)
STRUCTURED = st.lists(
    st.tuples(st.sampled_from(["", "  ", "    ", "      ", "\t", "   "]), st.sampled_from(WORDS)),
    max_size=30,
).map(lambda lines: "\n".join(indent + word for indent, word in lines))


def _sample_files() -> list[Path]:
    files = sorted(FIXTURES.rglob("*.dip"))
    if (CORPUS / "tracker").is_dir():
        files += sorted((CORPUS / "tracker").rglob("*.dip"))
    return files


FILES = _sample_files()


def _inside(source: SourceText, offset: int) -> None:
    """``offset`` is in the text, and its 1-based line/column is a real place in the file."""
    assert 0 <= offset <= len(source.text)
    line, column = (number + 1 for number in source.position(offset))
    lines = source.text.split("\n")
    assert 1 <= line <= len(lines)
    assert 1 <= column <= len(lines[line - 1]) + 1


def _check_span(span: Span) -> None:
    assert 0 <= span.start <= span.end <= len(span.source.text)
    _inside(span.source, span.start)
    _inside(span.source, span.end)
    assert span.start_position() <= span.end_position()


def _check(result: LintResult) -> None:
    for item in result.diagnostics:
        assert item.code != "DC000", item.message
        _check_span(item.span)
        for related in item.related:
            _check_span(related.span)
        if item.fix is not None:
            for edit in item.fix.edits:
                _check_span(edit.span)
    if result.workflow is not None:
        for reference in result.workflow.references:
            _check_span(reference.span)
            if reference.node_span is not None:
                _check_span(reference.node_span)
    # both reporters accept whatever came out
    json_report.render([result])
    text_report.render([result])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(), TEXT))
def test_arbitrary_text_never_raises(text: str) -> None:
    _check(lint_text(text, "<hypothesis>.dip"))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STRUCTURED)
def test_arbitrary_dip_shaped_lines_never_raise(text: str) -> None:
    _check(lint_text(text, "<hypothesis>.dip"))


# -- mutations of real workflows --------------------------------------------------------------


def _delete(lines: list[str], data: st.DataObject) -> None:
    if lines:
        del lines[data.draw(st.integers(0, len(lines) - 1))]


def _duplicate(lines: list[str], data: st.DataObject) -> None:
    if lines:
        index = data.draw(st.integers(0, len(lines) - 1))
        lines.insert(index, lines[index])


def _swap(lines: list[str], data: st.DataObject) -> None:
    if len(lines) > 1:
        first = data.draw(st.integers(0, len(lines) - 1))
        second = data.draw(st.integers(0, len(lines) - 1))
        lines[first], lines[second] = lines[second], lines[first]


MUTATIONS = [_delete, _duplicate, _swap]


@pytest.mark.skipif(not FILES, reason="no sample workflows (fixtures/ or ../shared/corpus)")
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_workflows_never_raise(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    for mutate in data.draw(st.lists(st.sampled_from(MUTATIONS), max_size=4)):
        mutate(lines, data)
    text = "\n".join(lines)
    if data.draw(st.booleans()):
        offset = data.draw(st.integers(0, len(text)))
        text = text[:offset] + data.draw(TEXT.map(lambda inserted: inserted[:8])) + text[offset:]
    if data.draw(st.booleans()):
        text = text[: data.draw(st.integers(0, len(text)))]
    # the real path, so that prompt_file and friends resolve next to the original
    _check(lint_text(text, str(path)))
