"""Fast paths of the routing and condition checks against the general paths they replace.

The did-you-mean index (`suggest.Names`) widens its bound one edit at a time, resuming from
the prefixes a narrower bound kept back, and keeps each prefix's branches for the next
look-ups: its answers must stay those of the plain scan, whatever the order of look-ups."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import conditions
from dipcheck.suggest import Names, _scan

# Few letters: shared prefixes, near misses and ties at every distance are common. The last
# code point exercises the end of a run of names.
NAMES = st.text(alphabet="ab_1\U0010ffff", max_size=9)


@settings(max_examples=300, deadline=None)
@given(
    names=st.lists(NAMES, min_size=64, max_size=160),
    words=st.lists(NAMES, min_size=1, max_size=12),
    limit=st.integers(min_value=0, max_value=4),
)
def test_the_widening_search_answers_as_the_scan(
    names: list[str], words: list[str], limit: int
) -> None:
    index = Names(names)  # one index for every look-up: the kept prefixes are reused
    for word in [*words, *names[:4]]:
        assert index._search(word, limit, None) == _scan(word, names, limit)
        exclude = names[len(word) % len(names)]
        others = [name for name in names if name != exclude]
        assert index._search(word, limit, exclude) == _scan(word, others, limit)


def test_a_far_name_found_early_does_not_hide_a_nearer_one() -> None:
    """A name two edits away can be met while the one-edit bound is still being walked; the
    answer is the first name one edit away all the same."""
    names = [f"x{i:03d}" for i in range(70)] + ["abcd", "zbcx", "abcz"]
    index = Names(names)
    assert index._search("abcx", 2, None) == _scan("abcx", names, 2) == "abcd"
    assert index._search("zzcx", 2, None) == _scan("zzcx", names, 2) == "zbcx"


def test_the_first_of_equally_far_names_wins_at_every_bound() -> None:
    names = [f"n{i:03d}" for i in range(80)] + ["qqqq_b", "qqqq_a", "pqqqqa"]
    index = Names(names)
    for word in ("qqqq", "qqqqq_", "pqqq", "q", "qqqq_ab"):
        for limit in range(4):
            assert index.closest(word, limit) == _scan(word, names, limit)


def _normalize_reference(text: str) -> str:
    """The character loop `conditions.normalize` replaced."""
    out: list[str] = []
    quote = ""
    pending_space = False
    for char in text.strip():
        if quote:
            out.append(char)
            if char == quote:
                quote = ""
            continue
        if char in " \t":
            pending_space = True
            continue
        if pending_space and out:
            out.append(" ")
        pending_space = False
        if char in "\"'":
            quote = char
        out.append(char)
    return "".join(out)


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=" \t\n\r\x0b\u00a0\"'ab=", max_size=24))
def test_normalize_matches_the_character_loop(text: str) -> None:
    assert conditions.normalize(text) == _normalize_reference(text)


def test_normalize_corners() -> None:
    for text in ('a  =  "x  y"', "a = 'it\"s   so'  and  b", 'a = "open   ', " \t a\t\tb ", ""):
        assert conditions.normalize(text) == _normalize_reference(text)


# Condition texts: comparisons joined by and/or, under `not` and parentheses.
_COMPARE = st.sampled_from(["ctx.a = x", "b != y", "ctx.c contains z", "d in p,q"])
_CONDITION = st.recursive(
    _COMPARE,
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from([" and ", " or ", " && "]), inner).map("".join),
        inner.map(lambda text: f"not {text}"),
        inner.map(lambda text: f"({text})"),
    ),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(_CONDITION)
def test_comparisons_are_the_compare_nodes_of_the_walk(text: str) -> None:
    expr = conditions.parse(text).expr
    if expr is None:
        return
    expected = [node for node in conditions.walk(expr) if isinstance(node, conditions.Compare)]
    assert conditions.comparisons(expr) == expected
    assert all(a is b for a, b in zip(conditions.comparisons(expr), expected, strict=True))
