"""Fast paths of the did-you-mean search and of tracker's condition reading, against the
general paths they stand in for.

* ``suggest.Names`` leaves out the prefixes under which every name is too long or too short
  to be within the distance bound (``_Lengths``: the least and greatest length of a run of
  the sorted names): its answers must stay those of the plain scan.
* ``routing.dippin_raw``, ``clauses._split_outside`` and ``routing.parse_clause`` skip the
  quote handling of a text without quotes: their results must be those of the quote-aware
  path (restated here as it was).
* ``Guards.exhaustive`` answers once per sequence of conditions (identical conditions share
  one parse) and DC302 reads each distinct condition once: on generated workflows full of
  repeated conditions, their answers must be those of the edge-by-edge reading.
* DIP103 merges the earlier edges that test an edge's comparisons only when there are
  several runs of them: its findings must be those of trying every earlier edge in order."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import clauses
from dipcheck.analysis import routing
from dipcheck.analysis.guards import Guards
from dipcheck.analysis.routing import Clause, ConditionError
from dipcheck.engine import lint_text
from dipcheck.model import Workflow
from dipcheck.rules import registry
from dipcheck.rules.context import Context
from dipcheck.rules.routing import _fires_only_on_retry
from dipcheck.suggest import Names, _Lengths, _scan

# Names of very different lengths over few letters: whole subtrees of one length, near misses
# and ties at every distance.
SHORT = st.text(alphabet="ab_", max_size=4)
LONG = st.text(alphabet="ab_1", min_size=5, max_size=14)
NAMES = st.one_of(SHORT, LONG, st.builds(lambda n: f"key_{n:05d}", st.integers(0, 300)))


@settings(max_examples=120, deadline=None)  # (each example scans the names up to 28 times: 7 s)
@given(
    names=st.lists(NAMES, min_size=64, max_size=180),
    words=st.lists(st.one_of(NAMES, st.text(alphabet="abkey_0123m", max_size=16)), max_size=10),
    limit=st.integers(min_value=0, max_value=4),
)
def test_the_search_that_skips_names_of_the_wrong_length_answers_as_the_scan(
    names: list[str], words: list[str], limit: int
) -> None:
    index = Names(names)  # one index for every look-up: the kept prefixes are reused
    for word in [*words, *names[:4]]:
        assert index._search(word, limit, None) == _scan(word, names, limit)
        exclude = names[len(word) % len(names)]
        others = [name for name in names if name != exclude]
        assert index._search(word, limit, exclude) == _scan(word, others, limit)


@settings(max_examples=300, deadline=None)
@given(lengths=st.lists(st.integers(0, 40), min_size=1, max_size=70), data=st.data())
def test_length_bounds_of_a_run(lengths: list[int], data: st.DataObject) -> None:
    table = _Lengths(["x" * size for size in lengths])
    low = data.draw(st.integers(0, len(lengths) - 1))
    high = data.draw(st.integers(low + 1, len(lengths)))
    assert table.bounds(low, high) == (min(lengths[low:high]), max(lengths[low:high]))


def test_a_misspelt_name_of_another_length_still_finds_its_match() -> None:
    names = [f"key_{i:05d}" for i in range(300)] + ["missing_00001", "outcome"]
    index = Names(names)
    assert index.closest("missing_00002") == "missing_00001"
    assert index.closest("missin_00002") == "missing_00001"  # one shorter: still in reach
    assert index.closest("kex_00042") == "key_00042"
    assert index.closest("ke_00042", 1) == "key_00042"
    assert index.closest("ky", 2) is None  # every name at least four letters longer
    assert index.closest("utcome") == "outcome"


# -- tracker's reading of a condition --------------------------------------------------------

# Condition texts: identifiers, operators, blanks, `&&`/`||`, keywords and, sometimes, quotes.
PIECES = st.sampled_from(
    [
        "ctx.a",
        "b-c/d.e",
        " ",
        "  ",
        "\t",
        "=",
        "==",
        "!=",
        ">=",
        "<",
        "->",
        "&&",
        "||",
        "&",
        "|",
        " and ",
        " or ",
        "not ",
        " contains ",
        " not in ",
        "(",
        ")",
        "x",
        "1",
        "é",
        "'",
        '"',
        "\\",
    ]
)
TEXTS = st.lists(PIECES, max_size=14).map("".join)


def _dippin_raw_general(text: str) -> str:
    """``dippin_raw`` of a text without double quotes, as the tokenizer with strings reads it."""
    return " ".join(map(routing._dip_token, routing._DIP_TOKEN.finditer(text)))


def _split_general(text: str, separator: str) -> list[str]:
    quotes = clauses._quote_spans(text)
    parts: list[str] = []
    start = 0
    while True:
        index = clauses._find_outside(text, separator, quotes, start)
        if index < 0:
            parts.append(text[start:])
            return parts
        parts.append(text[start:index])
        start = index + len(separator)


def _parse_clause_general(text: str) -> Clause:
    clause = text.strip()
    negations = 0
    while clause.startswith("not "):
        negations += 1
        clause = clause[4:].strip()
    quotes = clauses._quote_spans(clause)
    for operator in clauses.OPERATORS:
        index = clauses._find_outside(clause, operator, quotes)
        if index < 0:
            continue
        left = clause[:index].strip()
        right = clause[index + len(operator) :].strip()
        op = operator.strip()
        if op == "=" and left.endswith((">", "<")):
            raise ConditionError(
                f"invalid condition clause {clause!r}: numeric comparison operators (>, <, >=, "
                "<=) require surrounding spaces"
            )
        if not left or not right:
            raise ConditionError(f"empty operand around {op!r} in clause {clause!r}")
        return Clause(clause, negations, left, op, right)
    raise ConditionError(f"invalid condition clause: {clause!r} (missing comparison operator)")


def _outcome(function: Callable[..., object], *args: str) -> object:
    """The function's result, or the message of the :class:`ConditionError` it raised."""
    try:
        return function(*args)
    except ConditionError as error:
        return f"error: {error}"


@settings(max_examples=600, deadline=None)
@given(text=TEXTS)
def test_dippin_raw_without_quotes_is_the_tokenizers_reading(text: str) -> None:
    if '"' not in text:
        assert routing.dippin_raw(text) == _dippin_raw_general(text)


@settings(max_examples=600, deadline=None)
@given(text=TEXTS, separator=st.sampled_from(["&&", "||"]))
def test_split_without_quotes_is_the_quote_aware_split(text: str, separator: str) -> None:
    assert _outcome(clauses._split_outside, text, separator) == _outcome(
        _split_general, text, separator
    )


@settings(max_examples=600, deadline=None)
@given(text=TEXTS)
def test_clause_reading_without_quotes_is_the_quote_aware_reading(text: str) -> None:
    assert _outcome(routing.parse_clause, text) == _outcome(_parse_clause_general, text)


def test_corner_cases_of_the_quote_free_paths() -> None:
    assert routing.dippin_raw("ctx.a!=b&&c") == "ctx.a != b & & c"
    assert routing.dippin_raw("ctx.x='a b'  and y") == 'ctx.x = "a b" and y'
    assert clauses._split_outside("a&&&b", "&&") == ["a", "&b"]
    assert clauses._split_outside('a && "b && c"', "&&") == ["a ", ' "b && c"']
    assert routing.split_condition("a = 1 && b = 2 || c = 3") == [["a = 1", "b = 2"], ["c = 3"]]
    clause = routing.parse_clause("not ctx.a != x and ctx.b = y")
    assert (clause.negations, clause.left, clause.op) == (1, "ctx.a", "!=")
    assert clause.right_raw == "x and ctx.b = y"


# -- conditions read once per distinct parse ---------------------------------------------------

CONDITIONS = [
    "ctx.outcome = success",
    "ctx.outcome = fail",
    "ctx.outcome = retry",
    "ctx.outcome == retry and ctx.x = a",
    "ctx.outcome = retry or ctx.x = a",
    "not ctx.outcome = retry",
    "(ctx.outcome = retry)",
    "ctx.x = a",
    "ctx.x = b",
    "ctx.x != a",
    "not ctx.x = a",
    "ctx.x != a and ctx.x != b",
    "ctx.x in a,b",
    "ctx.x contains a",
    "ctx.x = ",
]


@st.composite
def workflows(draw: st.DrawFn) -> str:
    """A `.dip` workflow whose edges draw their conditions (or none, or `on retry`) from a
    small pool, so that many nodes route on the same conditions in the same order."""
    count = draw(st.integers(2, 8))
    lines = ["workflow W", "  start: N0", f"  exit: N{count - 1}", ""]
    for index in range(count):
        lines.append(f"  agent N{index}")
        if draw(st.booleans()):
            lines.append(f"    retry_target: N{draw(st.integers(0, count))}")
    lines.append("  edges")
    for _ in range(draw(st.integers(1, 24))):
        source, target = draw(st.integers(0, count - 1)), draw(st.integers(0, count))
        choice = draw(st.integers(-2, len(CONDITIONS) - 1))
        tail = (
            "" if choice == -2 else "  on retry" if choice == -1 else f"  when {CONDITIONS[choice]}"
        )
        lines.append(f"    N{source} -> N{target}{tail}")
    return "\n".join(lines) + "\n"


def _load(text: str) -> Workflow:
    result = lint_text(text, "<speed2>.dip")
    assert result.workflow is not None
    return result.workflow


@settings(max_examples=200, deadline=None)
@given(workflows(), st.randoms(use_true_random=False))
def test_exhaustive_once_per_conditions_answers_as_each_node(text: str, random: Random) -> None:
    workflow = _load(text)
    guards = Guards(workflow)
    ids = [node.id for node in workflow.nodes]
    random.shuffle(ids)
    for node_id in ids:  # the shared answers, asked in any order
        edges = guards.edges_from(node_id)
        conditional = [edge for edge in edges if edge.conditional]
        assert guards.exhaustive(edges) == Guards(workflow)._exhaustive_of(conditional)


@settings(max_examples=200, deadline=None)
@given(workflows())
def test_dead_retry_edges_read_once_per_condition_are_those_of_each_edge(text: str) -> None:
    workflow = _load(text)
    check = registry.get("DC302")
    assert check is not None and check.check is not None
    found = [(item.span.start, item.span.end) for item in check.check(Context(workflow))]
    expected = []
    for edge in workflow.edges:  # each edge read on its own, as before
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        compare = _fires_only_on_retry(condition.expr)
        if compare is not None:
            span = condition.locate(compare.start, compare.end)
            expected.append((span.start, span.end))
    assert found == expected


def _dip103_reference(workflow: Workflow) -> list[tuple[int, int, str]]:
    """DIP103 by trying every earlier conditional edge of the same source, in order: the first
    that tests one of the edge's comparisons and can hold with it is reported."""
    guards = Guards(workflow)
    found = []
    for source in dict.fromkeys(edge.source.value for edge in workflow.edges):
        earlier: list[tuple[object, dict[object, object]]] = []
        for edge in workflow.edges_from(source):
            condition = edge.condition
            if condition is None or condition.expr is None or not edge.conditional:
                continue
            own = guards.literals(condition.expr)
            for other, keys in earlier:
                repeated = next((item for item in own if item.key in keys), None)
                if repeated is None or not guards.may_overlap(
                    other.condition.expr,  # type: ignore[attr-defined]
                    condition.expr,
                ):
                    continue
                span = condition.locate(repeated.compare.start, repeated.compare.end)
                found.append((span.start, span.end, f"{edge.source.value} -> {edge.target.value}"))
                break
            earlier.append((edge, {item.key: item for item in own}))
    return found


@settings(max_examples=200, deadline=None)
@given(workflows())
def test_overlapping_conditions_are_those_of_trying_every_earlier_edge(text: str) -> None:
    workflow = _load(text)
    check = registry.get("DIP103")
    assert check is not None and check.check is not None
    found = [
        (item.span.start, item.span.end, item.message.split(" tests ")[0].removeprefix("edge "))
        for item in check.check(Context(workflow))
    ]
    assert found == _dip103_reference(workflow)
