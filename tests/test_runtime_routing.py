"""How tracker reads, evaluates and routes on conditions (dipcheck.analysis.routing), checked
against the facts tracker-runtime.md §5.2/§5.3 states for v0.64 and the #647 fix."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipcheck import conditions
from dipcheck.analysis import routing
from dipcheck.analysis.routing import ConditionError
from dipcheck.engine import lint_text
from dipcheck.target import parse_target

V064 = parse_target("0.64")
V065 = parse_target("0.65")


def ctx(**values: str):
    return values.get


def test_dippin_raw_rejoins_tokens_and_requotes_strings() -> None:
    # §1.8: tokens rejoined with single spaces, string literals re-quoted with `"`.
    assert routing.runtime_text("ctx.x='a b'   and  ctx.y!=z", "dip") == (
        'ctx.x = "a b" and ctx.y != z'
    )
    assert routing.runtime_text('ctx.x = "say \\"hi\\""', "dip") == 'ctx.x = "say \\"hi\\""'
    # DOT conditions reach tracker verbatim
    assert routing.runtime_text(" outcome=success ", "dot") == "outcome=success"


# the token pattern dippin_raw followed before it scanned double-quoted strings itself
TOKEN = re.compile(
    r"""(?P<STRING>"(?:\\.|[^"\\])*"|'(?:[^']|'')*')|[A-Za-z0-9_][A-Za-z0-9_\-./]*"""
    r"|->|<-|==|!=|<=|>=|[^ \t]"
)


def reference_raw(text: str) -> str:
    return " ".join(
        routing.go_quote(conditions.unquote(match.group(0)))
        if match.group("STRING") is not None
        else match.group(0)
        for match in TOKEN.finditer(text)
    )


@given(st.text(alphabet=st.sampled_from(list("ab \"'\\\n\t=!-<>.x"))))
def test_dippin_raw_tokens_as_the_pattern_does(text: str) -> None:
    assert routing.dippin_raw(text) == reference_raw(text)


def test_a_long_run_of_escaped_quotes_is_tokenized_in_linear_time() -> None:
    """Found by tools/fuzz.py: an edge condition with 50,000 escaped quotes and no closing
    quote took minutes (each quote started a scan to the end); now milliseconds."""
    text = 'ctx.x == "' + '\\"' * 100_000
    started = time.perf_counter()
    raw = routing.dippin_raw(text)
    assert time.perf_counter() - started < 2.0
    assert raw == 'ctx.x == " ' + " ".join(["\\", '"'] * 100_000)
    assert routing.dippin_raw(text[:2000]) == reference_raw(text[:2000])


def test_split_ignores_separators_inside_quotes() -> None:
    assert routing.split_condition('a = "x||y" || b = 1 && c != "p&&q"') == [
        ['a = "x||y"'],
        ["b = 1", 'c != "p&&q"'],
    ]
    with pytest.raises(ConditionError, match="unmatched double quote"):
        routing.split_condition('a = "x')


def test_keyword_and_is_one_clause_through_v064() -> None:
    # §5.2 / tracker#647: `and` is not a delimiter; the first operator is `!=`.
    text = "ctx.tool_stdout != all_complete and ctx.tool_stdout != no_tasks_found"
    clause = routing.parse_clause(text)
    assert (clause.left, clause.op) == ("ctx.tool_stdout", "!=")
    assert clause.right == "all_complete and ctx.tool_stdout != no_tasks_found"
    # always true at v0.64, even when stdout is one of the two markers
    assert routing.evaluate(text, ctx(tool_stdout="all_complete"), V064) is True
    assert routing.evaluate(text, ctx(tool_stdout="no_tasks_found"), V064) is True
    # read as dippin reads it once #647 is fixed
    assert routing.evaluate(text, ctx(tool_stdout="all_complete"), V065) is False
    assert routing.evaluate(text, ctx(tool_stdout="task-3"), V065) is True


def test_operator_priority_is_by_list_order_not_position() -> None:
    # " contains " comes before "=" in tracker's list, so it wins although `=` is first.
    clause = routing.parse_clause("ctx.a = 1 and ctx.b contains x")
    assert (clause.left, clause.op, clause.right) == ("ctx.a = 1 and ctx.b", "contains", "x")


def test_not_prefixes_and_infix_not() -> None:
    assert routing.evaluate("not ctx.a = 1", ctx(a="2")) is True
    assert routing.evaluate("not not ctx.a = 1", ctx(a="1")) is True
    assert routing.evaluate("ctx.a not contains x", ctx(a="abc")) is True
    # `not` before `=` is not an operator tracker knows: the left side becomes `ctx.a not`,
    # which never resolves, so the comparison is against "".
    clause = routing.parse_clause("ctx.a not = 1")
    assert (clause.left, clause.op) == ("ctx.a not", "=")
    assert routing.evaluate("ctx.a not = 1", ctx(a="2"), V064) is False
    assert routing.evaluate("ctx.a not = 1", ctx(a="2"), V065) is True


def test_left_resolution_and_literals() -> None:
    lookup = ctx(outcome="success", **{"graph.goal": "ship"})
    assert routing.evaluate("ctx.outcome = success", lookup)
    assert routing.evaluate("context.outcome = success", lookup)
    assert routing.evaluate("outcome = success", lookup)
    assert routing.evaluate('graph.goal = "ship"', lookup)
    # params.x as a left side never resolves (the context holds graph.params.x)
    assert routing.evaluate("params.x = 1", ctx(**{"graph.params.x": "1"})) is False
    assert routing.evaluate('ctx.x = "a \\"b\\""', ctx(x='a "b"'))
    assert routing.evaluate('ctx.tier in "gold, silver"', ctx(tier="silver"))
    assert routing.evaluate("", ctx()) is True


def test_numeric_and_regex_operators() -> None:
    assert routing.evaluate("ctx.n > 3", ctx(n="4"))
    assert routing.evaluate("ctx.n >= 3", ctx(n="x")) is False  # non-numeric left: false
    with pytest.raises(ConditionError, match="numeric literal"):
        routing.evaluate("ctx.n > three", ctx(n="4"))
    with pytest.raises(ConditionError, match="surrounding spaces"):
        routing.parse_clause("ctx.n>=3")
    assert routing.evaluate("ctx.v matches ^v[0-9]+", ctx(v="v12"))
    with pytest.raises(ConditionError, match="invalid regex"):
        routing.evaluate("ctx.v matches (", ctx(v="v"))
    with pytest.raises(ConditionError, match="missing comparison operator"):
        routing.evaluate("ctx.ready", ctx())


def test_short_circuit_skips_unreached_errors() -> None:
    assert routing.evaluate("ctx.a = 1 || ctx.n > x", ctx(a="1")) is True
    with pytest.raises(ConditionError):
        routing.evaluate("ctx.a = 2 || ctx.n > x", ctx(a="1"))


EDGES = """workflow W
  start: A
  exit: Z
  agent A
    prompt: go
  agent B
    prompt: b
  agent C
    prompt: c
  agent Z
    prompt: z
  edges
    A -> B when ctx.outcome = fail
    A -> C label: "Ship it"
    A -> Z weight: 2
    A -> B
"""


def _edges():
    result = lint_text(EDGES, "w.dip")
    assert result.workflow is not None
    return result.workflow.edges_from("A")


def _truth(lookup):
    return lambda edge: routing.evaluate(
        routing.runtime_text(edge.condition.raw, "dip"), lookup, V064
    )


def test_select_edge_order() -> None:
    edges = _edges()
    chosen = routing.select_edge(edges, "fail", "", (), _truth(ctx(outcome="fail")))
    assert (chosen.edge.target.value, chosen.reason) == ("B", "condition")
    # condition false → preferred label (checked over every edge) → weight
    chosen = routing.select_edge(edges, "success", "Ship it", (), _truth(ctx(outcome="success")))
    assert (chosen.edge.target.value, chosen.reason) == ("C", "label")
    assert [edge.target.value for edge in chosen.rejected] == ["B"]
    chosen = routing.select_edge(edges, "success", "", ("B",), _truth(ctx(outcome="success")))
    assert (chosen.edge.target.value, chosen.reason) == ("B", "suggested")
    chosen = routing.select_edge(edges, "success", "", (), _truth(ctx(outcome="success")))
    assert (chosen.edge.target.value, chosen.reason, chosen.tiebreak) == ("Z", "weight", False)


@pytest.mark.parametrize(
    ("written", "weight"),
    [
        ("-5", -5),  # edgeWeight keeps the sign: below an edge without a weight
        ('"+007"', 7),
        ('" 5"', 0),  # Atoi refuses blanks, `_`, a Unicode digit, a value past 64 bits
        ('"1_000"', 0),
        ('"\u0663"', 0),
        ("99999999999999999999", 0),
    ],
)
def test_a_dot_weight_is_read_as_tracker_reads_it(written: str, weight: int) -> None:
    """tracker ranks unconditional DOT edges by `strconv.Atoi` of the weight as written
    (`edgeWeight`, `pipeline/engine_edges.go`). dipcheck read it with Python's `int()` after
    removing blanks, and made a negative weight 0: `a -> b [weight=-5]` tied with `a -> done`
    and the simulator went to `b` where tracker goes to `done`."""
    text = (
        "digraph G {\n  start [shape=Mdiamond]\n  done [shape=Msquare]\n"
        '  a [shape=box, prompt="x"]\n  b [shape=box, prompt="y"]\n'
        f"  start -> a\n  a -> b [weight={written}]\n  a -> done\n  b -> done\n}}\n"
    )
    result = lint_text(text, "w.dot")
    assert result.workflow is not None
    edges = result.workflow.edges_from("a")
    assert [routing.weight(edge) for edge in edges] == [weight, 0]
    chosen = routing.select_edge(edges, "success", "", (), _truth(ctx(outcome="success")))
    # the twin: a positive weight wins, anything else leaves `done` (0) or the tie to `b`
    expected = "b" if weight >= 0 else "done"
    assert chosen.edge.target.value == expected


def test_select_edge_strict_failure_and_dead_ends() -> None:
    edges = [edge for edge in _edges() if not edge.conditional]
    assert routing.select_edge(edges, "fail", "", (), _truth(ctx())).reason == "strict_failure"
    conditional = [edge for edge in _edges() if edge.conditional]
    chosen = routing.select_edge(conditional, "success", "", (), _truth(ctx(outcome="success")))
    assert chosen.reason == "no_matching_edges"
    assert routing.select_edge((), "success", "", (), _truth(ctx())).reason == "no_edges"
