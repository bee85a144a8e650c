"""The DOT front-end's direct reading (frontends/dot_direct.py: the common statement shapes
lowered straight from the tokens) gives exactly what the parse tree's walk gives: the whole
``load_dot`` result, every field, span and finding, on generated pipelines in every dialect,
on mutated real pipelines and arbitrary DOT-shaped text, and on each shape it leaves to the
parser."""

from __future__ import annotations

import random
import sys
from dataclasses import fields as dataclass_fields
from dataclasses import is_dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dot_properties import DOT_TEXT, FILES, PIECES

from dipcheck.frontends import dot, dot_direct
from dipcheck.frontends.common import FrontendResult
from dipcheck.frontends.dot_lexer import lex
from dipcheck.frontends.dot_walk import GraphWalk
from dipcheck.model import Dialect
from dipcheck.records import fields as record_fields
from dipcheck.source import SourceText

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from fuzzing import gen_dot

DIALECTS = [None, Dialect.TRACKER, Dialect.ATTRACTOR, Dialect.TYPED_OUTPUTS]


def _both(text: str, dialect: Dialect | None) -> tuple[FrontendResult, FrontendResult]:
    """(direct, through the tree) for one text, both from the same lexed source."""
    source = SourceText("<hypothesis>.dot", text)
    direct = dot.load_dot(source, dialect=dialect, require=True)
    dot.DIRECT = False
    try:
        tree = dot.load_dot(source, dialect=dialect, require=True)
    finally:
        dot.DIRECT = True
    return direct, tree


def _same(text: str, dialect: Dialect | None) -> None:
    direct, tree = _both(text, dialect)
    assert direct == tree
    _same_classes(direct, tree)


def _same_classes(direct: object, tree: object) -> None:
    """The two results are made of the same classes all the way down: records compare field
    by field, so ``==`` alone would take a ``Field`` for its subclass, or ``1`` for ``True``.
    (Comparing the two ``repr``s says the same, but each span's repr holds its whole file:
    100 MB for one corpus pipeline, 26 s for the corpus.) Equal results have equal shapes,
    so the walk pairs each part with its twin; the source text is one object in both."""
    pairs: list[tuple[object, object]] = [(direct, tree)]
    while pairs:
        one, other = pairs.pop()
        assert type(one) is type(other), (one, other)
        if isinstance(one, SourceText):
            continue
        if isinstance(one, (list, tuple)):
            pairs.extend(zip(one, other, strict=True))  # type: ignore[call-overload]
        elif isinstance(one, dict):
            assert isinstance(other, dict)
            pairs.extend(zip(one.items(), other.items(), strict=True))
        else:
            made = record_fields(one) if hasattr(one, "__record_fields__") else None
            if made is None and is_dataclass(one):
                made = dataclass_fields(one)
            for item in made or ():
                pairs.append((getattr(one, item.name), getattr(other, item.name)))


def _direct(text: str) -> bool:
    """Whether the direct reading takes the whole of ``text``."""
    source = SourceText("<test>.dot", text)
    lexed = lex(source)
    return dot_direct.lower_tokens(GraphWalk(source, lexed, Dialect.TRACKER), lexed.tokens)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(DIALECTS))
def test_generated_pipelines_lower_alike(seed: int, dialect: Dialect | None) -> None:
    text, _ = gen_dot.pipeline(random.Random(seed))
    _same(text, dialect)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOT_TEXT, st.sampled_from(DIALECTS))
def test_arbitrary_dot_lowers_alike(text: str, dialect: Dialect | None) -> None:
    _same(text, dialect)


@pytest.mark.skipif(not FILES, reason="../shared/corpus not found beside the project")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_pipelines_lower_alike(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(FILES)).read_text(encoding="utf-8")
    for _ in range(data.draw(st.integers(1, 4))):
        offset = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "cut"]))
        if action == "delete":
            text = text[:offset] + text[offset + data.draw(st.integers(1, 40)) :]
        elif action == "insert":
            text = text[:offset] + data.draw(st.sampled_from(PIECES)) + text[offset:]
        else:
            text = text[:offset]
    _same(text, data.draw(st.sampled_from(DIALECTS)))


@pytest.mark.skipif(not FILES, reason="../shared/corpus not found beside the project")
@pytest.mark.parametrize("dialect", DIALECTS)
def test_corpus_lowers_alike_and_directly(dialect: Dialect | None) -> None:
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert _direct(text), path
        _same(text, dialect)


COMMON = """strict digraph "P" {
  graph [goal="g", label=<<b>x</b>>]; rankdir = LR
  node [shape=box; prompt="p ${ctx.k}"] edge [weight=2,]
  s [shape=Mdiamond] [label="a" + "b"]
  e [shape=Msquare];
  s -> a -- b [condition="outcome=success", "label"=x, label=y] [loop_restart];
  subgraph cluster_x { label="Stage"; node [shape=diamond] c; c -> d }
  { x y } z
  subgraph { w }
  "q" -> e
}
"""


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_shape_read_directly(dialect: Dialect | None) -> None:
    assert _direct(COMMON)
    _same(COMMON, dialect)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "digraph P { a:n -> b }",  # a port
        "digraph P { a -> b:s:e }",
        "digraph P { a -> { b c } }",  # a subgraph as an edge end
        "digraph P { { a b } -> c }",
        "digraph P { subgraph s { a } -> c }",
        "digraph P { a -> b } digraph Q { c }",  # a second graph
        "digraph P { a -> b } }",
        "digraph P { a [x=1,,y=2] }",
        "digraph P { a [=1] }",
        "digraph P { a = [ }",
        "digraph P { a -> }",
        "digraph P { ; a }",
        "digraph P { a;; }",
        "digraph P { node a }",
        "digraph P { subgraph x y }",
        "digraph P { a ! b }",
        "digraph P { a -> b",
        "digraph { a [x=",
        "P { a }",
        'digraph P { a [label="open] }',
    ],
)
def test_other_shapes_left_to_the_parser(text: str) -> None:
    assert not _direct(text)
    for dialect in DIALECTS:
        _same(text, dialect)


def test_defaults_past_the_limit_stop_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inherited-attribute limit stops both readings at the same statement, in a file
    the parser reads without error and in one it must recover."""
    monkeypatch.setattr("dipcheck.frontends.dot_walk.MAX_INHERITED", 5)
    good = "digraph P { node [a=1, b=2] x; y; z; w -> v [c=3] }"
    broken = "digraph P { node [a=1, b=2] x; y; z; w -> v [c=3] ! }"
    for text in (good, broken):
        direct, tree = _both(text, None)
        assert direct == tree
        assert [item.code for item in direct.diagnostics] == ["DC002"]
