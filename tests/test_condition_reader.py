"""The hand-written condition reader (``conditions._read``) is only a shortcut: whenever it
reads a text, the result is the one the LALR tables give, field by field (every node, offset,
operator symbol and quote flag); on anything else it steps aside and the tables answer, so
every error message stays theirs."""

from __future__ import annotations

import pytest
from helpers import CORPUS, FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_lalr import CONDITION_PIECES

from dipcheck import conditions
from dipcheck.engine import lint_paths

# the grammar's language, built from its rules, so that most generated texts parse
_NAMES = st.sampled_from(
    [
        "ctx.outcome",
        "outcome",
        "ctx.andy",
        "notes",
        "ordinal",
        "in_progress",
        "or",
        "and",
        "in",
        "||x",
        "a&&b",
        "ü.näme",
        "x:y",
        "ctx.node.review.verdict",
        "😀",
    ]
)
_STRINGS = st.sampled_from(['"a b"', '"a \\" b"', '"\\\\"', '""', "'it''s'", "''", "'x'"])
_OPERATORS = st.sampled_from(
    ["=", "==", "!=", "<=", ">=", "<", ">", "contains", "startswith", "endswith", "in", "matches"]
)
_BLANKS = st.sampled_from(["", " ", "  ", "\t", " \t "])
_VALUES = st.one_of(_NAMES, _STRINGS, st.sampled_from(["not", "v0", "x,y", "a, 'b'", "1"]))


@st.composite
def _compare(draw: st.DrawFn) -> str:
    blank = draw(_BLANKS)
    negated = draw(st.sampled_from(["", " not"]))
    operator = draw(_OPERATORS)
    # a word operator needs a blank (or a mark) beside it; a sign does not
    left_gap = " " if operator[0].isalpha() or negated else blank
    right_gap = " " if operator[0].isalpha() else blank
    return f"{draw(_NAMES)}{negated}{left_gap}{operator}{right_gap}{draw(_VALUES)}"


def _extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    joined = st.tuples(
        inner, st.sampled_from([" and ", " or ", " && ", " || ", "&&", "||"]), inner
    ).map("".join)
    return st.one_of(
        joined,
        inner.map(lambda text: f"not {text}"),
        st.tuples(_BLANKS, inner, _BLANKS).map(lambda parts: f"({''.join(parts)})"),
    )


_CONDITIONS = st.recursive(_compare(), _extend, max_leaves=6)


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    """A condition with a few pieces inserted, deleted or replaced (most no longer parse)."""
    text = draw(st.tuples(_BLANKS, _CONDITIONS, _BLANKS).map("".join))
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 2))
        piece = draw(
            st.one_of(st.sampled_from([*CONDITION_PIECES, "\u00a0", "\r", "\\", ""]), st.text())
        )
        text = text[:where] + piece + text[where + cut :]
    return text


_READ = conditions._read


def _same_as_tables(text: str) -> bool:
    """Whether the reader read ``text``; if it did, its result is the tables' own."""
    expr = _READ(text)
    if expr is None:
        return False
    assert conditions.ParseResult(expr) == conditions._by_tables(text)
    return True


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.tuples(_BLANKS, _CONDITIONS, _BLANKS).map("".join))
def test_the_reader_reads_conditions_as_the_tables_do(text: str) -> None:
    assert _same_as_tables(text) == (conditions._by_tables(text).expr is not None)


@settings(max_examples=700, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_on_mutated_conditions_the_reader_agrees_or_steps_aside(text: str) -> None:
    _same_as_tables(text)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(CONDITION_PIECES), max_size=14).map("".join))
def test_on_pieces_the_reader_agrees_or_steps_aside(text: str) -> None:
    _same_as_tables(text)


@pytest.mark.parametrize(
    "text",
    [
        "ctx.a = b",
        " ctx.outcome=success\t",
        "ctx.a = 'it''s' and not ctx.b != \"x \\\" y\" || (c in x, 'y')",
        "or = and && in in not",
        "a not contains b",
        "ctx.andy = notes or ordinal = 1",
        "a = b and(c = d)",
        "a = b ||c = d &&not e = f",
        "a = b ||||=c",
        '(a = "x")or b = c',
        "not " * conditions.MAX_NESTING + "a = b",
        "(" * conditions.MAX_NESTING + "a = b" + ")" * conditions.MAX_NESTING,
    ],
)
def test_the_reader_reads_the_usual_forms(text: str) -> None:
    assert _same_as_tables(text)


@pytest.mark.parametrize(
    "text",
    [
        "a = b\n",
        "a\u00a0= b",
        'a = "b',
        "a = b)",
        "a ! b",
        "a = b c",
        "not " * (conditions.MAX_NESTING + 1) + "a = b",
        "(" * (conditions.MAX_NESTING + 1) + "a = b" + ")" * (conditions.MAX_NESTING + 1),
    ],
)
def test_the_reader_steps_aside(text: str) -> None:
    assert conditions._read(text) is None
    assert conditions.parse(text) == conditions._by_tables(text)


def test_every_condition_of_the_corpus_and_the_fixtures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every front-end's conditions (.dip, DOT, YAML steps) in a lint of the corpus and the
    fixtures: where the reader reads one, the tables agree."""
    seen: list[bool] = []

    def checked(text: str) -> conditions.Expr | None:
        seen.append(_same_as_tables(text))
        return _READ(text)

    monkeypatch.setattr(conditions, "_read", checked)
    conditions.parse.cache_clear()
    try:
        lint_paths([str(CORPUS), str(FIXTURES)], jobs=1)
    finally:
        conditions.parse.cache_clear()
    assert sum(seen) > 0.8 * len(seen) > 50, (sum(seen), len(seen))


# -- tracker's reading as an AST (clauses.tracker_expr) ---------------------------------------

_TRACKER_KEYS = st.sampled_from(["ctx.a", "context.b", "outcome", "x_1", "ctx.node.r.v"])
_TRACKER_OPERATORS = st.sampled_from(
    [" = ", "=", " == ", " != ", "!=", " contains ", " not contains ", " startswith ", " < "]
)
_TRACKER_VALUES = st.one_of(
    st.from_regex(r"[a-z0-9_.]{1,6}", fullmatch=True).filter(
        lambda word: word not in {"not", "in", "and", "or", "contains", "startswith"}
    ),
    st.sampled_from(['"a b"', '"x && y"', '"p || q"', '"a = b"', '""', '"\\" q"']),
)
_TRACKER_CLAUSES = st.builds(
    lambda negated, key, op, value: ("not " if negated else "") + key + op + value,
    st.booleans(),
    _TRACKER_KEYS,
    _TRACKER_OPERATORS,
    _TRACKER_VALUES,
)
_TRACKER_CONDITIONS = st.lists(
    st.lists(_TRACKER_CLAUSES, min_size=1, max_size=3).map(" && ".join), min_size=1, max_size=3
).map(" || ".join)


@settings(max_examples=300, deadline=None)
@given(_TRACKER_CONDITIONS)
def test_tracker_s_reading_is_the_grammar_s_where_both_read_a_condition(text: str) -> None:
    # where dippin's grammar reads a condition of tracker's syntax, both readings give the
    # same AST, offsets and symbols included (`&&`/`||` as and/or, a leading `not`)
    from dipcheck.clauses import tracker_expr

    parsed = conditions.parse(text)
    assert parsed.expr is not None, parsed.error
    assert tracker_expr(text) == parsed.expr


def test_tracker_s_reading_of_what_the_grammar_cannot_read() -> None:
    from dipcheck.clauses import tracker_expr

    text = "context.x = a b && not ctx.y not contains two words"
    assert conditions.parse(text).expr is None
    found = tracker_expr(text)
    assert isinstance(found, conditions.BoolOp)
    first, second = found.items
    assert isinstance(first, conditions.Compare) and isinstance(second, conditions.Not)
    assert (first.left.text, first.op, first.right_text) == ("context.x", "=", "a b")
    inner = second.expr
    assert isinstance(inner, conditions.Compare)
    assert (inner.left.text, inner.op, inner.negated, inner.right_text) == (
        "ctx.y",
        "contains",
        True,
        "two words",
    )
    assert text[inner.op_start : inner.op_end] == "contains"
    assert found.symbols == (("&&", 16, 18),)
    # what tracker cannot read either: no operator, an empty operand, an open quote
    assert tracker_expr("context.done") is None
    assert tracker_expr("outcome= && x=1") is None
    assert tracker_expr('x = "open') is None
