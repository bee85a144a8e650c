"""Did-you-mean: the indexed look-up (`suggest.Names`) answers exactly as the plain scan."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.source import SourceText, Span
from dipcheck.suggest import Names, _scan, closest, distance, suggestion_fix

# A small alphabet makes near misses, shared prefixes and ties common.
WORDS = st.text(alphabet="abc_1", max_size=7)


@settings(max_examples=400, deadline=None)
@given(
    names=st.lists(WORDS, min_size=0, max_size=90),
    words=st.lists(WORDS, min_size=1, max_size=6),
    limit=st.integers(min_value=0, max_value=3),
)
def test_index_matches_the_scan(names: list[str], words: list[str], limit: int) -> None:
    index = Names(names)
    for word in [*words, *names[:3]]:
        expected = _scan(word, names, limit)
        assert index.closest(word, limit) == expected
        assert closest(word, index, limit) == expected
        assert index._search(word, limit, None) == expected  # the trie walk, whatever the size
        for exclude in names[:3]:  # one more name left out (an edge's other end)
            others = [name for name in names if name != exclude]
            assert index.closest(word, limit, exclude) == _scan(word, others, limit)
            assert index._search(word, limit, exclude) == _scan(word, others, limit)


def test_index_is_used_for_many_names_and_finds_the_first_of_equals() -> None:
    names = [f"key_{i:05d}" for i in range(5000)]
    index = Names(names)
    assert index.closest("kex_00042") == "key_00042"
    assert index.closest("key_0004") == "key_00004"  # one insertion from several: the first
    assert index.closest("unrelated_name") is None
    assert index.closest("key_00042") == "key_00002"  # itself excluded; 1 edit, the first
    assert list(index) == names and len(index) == 5000 and "key_00001" in index


def test_many_look_ups_stay_cheap() -> None:
    """Five thousand misspelt names against five thousand keys: the scan would compute 25
    million edit distances. Generous bound; the point is the growth, not the clock."""
    names = Names(f"key_{i:05d}" for i in range(5000))
    begin = time.process_time()
    found = sum(names.closest(f"kex_{i:05d}") is not None for i in range(5000))
    assert found == 5000
    assert time.process_time() - begin < 10


def test_distance() -> None:
    assert distance("kitten", "sitting", 5) == 3
    assert distance("kitten", "sitting") == 3  # the limit
    assert distance("abc", "abc") == 0


def test_suggestion_fix_describes_a_rename_of_a_key() -> None:
    source = SourceText("<test>", "promt: x")
    span = Span(source, 0, 5)
    hint, fix = suggestion_fix("promt", ("label", "prompt"), span, rename=True)
    assert hint == " (did you mean `prompt`?)"
    assert fix is not None and not fix.safe
    assert fix.description == "rename `promt` to `prompt`"
    assert [(edit.span.text, edit.text) for edit in fix.edits] == [("promt", "prompt")]
    _, change = suggestion_fix("promt", ("prompt",), span)
    assert change is not None and change.description == "change to `prompt`"
    assert suggestion_fix("zzzzz", ("prompt",), span, rename=True) == ("", None)


@settings(max_examples=300, deadline=None)
@given(
    st.text("abc", max_size=8),
    st.text("abcd", max_size=8),
    st.integers(min_value=1, max_value=5),
)
def test_banded_distance_matches_the_whole_table(left: str, right: str, limit: int) -> None:
    """Only the cells near the diagonal are computed; the answer is the full table's."""
    previous = list(range(len(right) + 1))
    for row, char in enumerate(left, 1):
        current = [row]
        for column, other in enumerate(right, 1):
            current.append(
                min(previous[column] + 1, current[-1] + 1, previous[column - 1] + (char != other))
            )
        previous = current
    assert distance(left, right, limit) == min(previous[-1], limit)


def test_long_names_are_cheap_to_compare() -> None:
    """Two step names of 300,000 characters (tools/fuzz.py yaml seed 4444 #68) were one
    table of 9·10¹⁰ cells: the lint never ended. The band makes distance linear, and a word
    over MAX_WORD characters is not looked up at all."""
    long = "Approve" + " and" * 75_000
    started = time.process_time()
    assert distance(long, long + "x") == 1
    assert distance("x" + long, long + "y") == 2
    assert closest(long + "x", [long, "Approve"]) is None
    assert closest(long[:200] + "x", [long[:200], "Approve"]) == long[:200]
    assert time.process_time() - started < 60  # was hours; the point is the growth
