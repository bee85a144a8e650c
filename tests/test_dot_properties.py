"""Property tests for the DOT front-end: arbitrary DOT-shaped text and mutated real pipelines,
under every dialect, never make the linter raise, and every range it reports — findings,
related places, fixes, references, node and field spans — lies inside the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import _check, _check_span

from dipcheck.config import Config, parse_config
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.engine import LintResult, lint_text

DIALECTS = [
    parse_config({"dialect": {"*.dot": name}}, "dipcheck.toml")
    for name in ("tracker", "attractor", "typed-outputs")
]
PIECES = [
    *' \t\n"\\[]{}=;,:<>+#/*-',
    "digraph P {",
    "strict graph G {",
    "}",
    "subgraph cluster_a {",
    "node [shape=box]",
    "edge [weight=2]",
    "graph [goal=",
    "s [shape=Mdiamond]",
    "e [shape=Msquare]",
    "a [shape=box, prompt=",
    '"x ${ctx.k} {{ context.v }}"',
    '"multi\nline \\" \\n"',
    '"a" + "b"',
    "<b>html</b>",
    " -> ",
    " -- ",
    "a -> b -> c",
    '[condition="outcome=fail && context.x!=y"]',
    "[loop_restart=true]",
    'outputs="v:choice(a|b),f:json"',
    'facts="pr.state"',
    'tool_command="echo ${ctx.k}"',
    'model_stylesheet="* { llm_model: m; } .c { x"',
    "// comment\n",
    "/* block */",
    "# line\n",
    "\\\n",
]
DOT_TEXT = st.lists(
    st.one_of(st.sampled_from(PIECES), st.characters(codec="utf-8")), max_size=120
).map("".join)


def _files() -> list[Path]:
    return sorted(CORPUS.rglob("*.dot")) if CORPUS.is_dir() else []


FILES = _files()


def _check_dot(result: LintResult) -> None:
    _check(result)
    workflow = result.workflow
    if workflow is None:
        return
    for node in workflow.nodes:
        for span in (node.id_span, node.kind_span, node.span):
            _check_span(span)
        for item in node.fields:
            _check_span(item.key_span)
            _check_span(item.value_span)
    for edge in workflow.edges:
        _check_span(edge.span)
        if edge.condition is not None:
            _check_span(edge.condition.span)
    for name in (*workflow.mentions, *workflow.selectors):
        _check_span(name.span)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOT_TEXT, st.sampled_from(DIALECTS))
def test_arbitrary_dot_never_raises(text: str, config: Config) -> None:
    _check_dot(lint_text(text, "<hypothesis>.dot", config))


@pytest.mark.skipif(not FILES, reason="../shared/corpus not found beside the project")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_dot_pipelines_never_raise(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    for _ in range(data.draw(st.integers(1, 4))):
        offset = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "cut"]))
        if action == "delete":
            end = min(len(text), offset + data.draw(st.integers(1, 40)))
            text = text[:offset] + text[end:]
        elif action == "insert":
            text = text[:offset] + data.draw(st.sampled_from(PIECES)) + text[offset:]
        else:
            text = text[:offset]
    _check_dot(lint_text(text, str(path), data.draw(st.sampled_from(DIALECTS))))


def _parsed(text: str) -> tuple[str, list[tuple[int, int, str]]]:
    from dipcheck.frontends.dot_lexer import lex
    from dipcheck.frontends.dot_parser import parse_tokens
    from dipcheck.source import SourceText

    source = SourceText("<hypothesis>.dot", text)
    tree, problems = parse_tokens(source, lex(source).tokens)
    shown = repr(tree)
    return shown, [(item.span.start, item.span.end, item.message) for item in problems]


def test_a_broken_file_gets_each_problem_and_a_tree() -> None:
    """Recovery: each broken statement is reported (the unclosed `[` where it opens), and
    the rest of the file still parses."""
    shown, problems = _parsed("digraph G {\n  a -> ;\n  b [x=1\n}\n")
    assert problems == [
        (19, 20, "unexpected `;`: expected `subgraph`, `{`, a name or value, a quoted string, "
         "an HTML string"),
        (30, 31, "unexpected `}`: expected `,`, `;`, `]`, a name or value, a quoted string, …"),
        (25, 26, "this `[` is never closed: an attribute list ends with `]`"),
    ]  # fmt: skip
    assert shown.startswith("Tree('start'")


def _moved(items: list[Diagnostic], by: int) -> list[tuple[str, int, int, int, str]]:
    """Each finding with its span moved back by ``by`` characters."""
    return sorted(
        (item.code, int(item.severity), item.span.start - by, item.span.end - by, item.message)
        for item in items
    )


@pytest.mark.skipif(not FILES, reason="../shared/corpus not found beside the project")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_byte_order_mark_adds_one_finding_and_moves_nothing_else(data: st.DataObject) -> None:
    # under tracker the mark is one DC011 error at the mark, the rest read as without it
    path = data.draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    offset = data.draw(st.integers(1, len(text)))
    text = text[:offset] + data.draw(st.sampled_from(PIECES)) + text[offset:]
    tracker = DIALECTS[0]
    plain = lint_text(text, str(path), tracker)
    marked = lint_text("\ufeff" + text, str(path), tracker)
    if plain.workflow is None:  # (a file that holds no graph: "no graph" spans its first line)
        return
    first, *rest = marked.diagnostics
    assert (first.code, first.severity, first.span.start, first.span.end) == (
        "DC011",
        Severity.ERROR,
        0,
        1,
    )
    assert _moved(rest, 1) == _moved(plain.diagnostics, 0)
