"""The part of a text an edit changed, and searches that look only there."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dipcheck import suppressions, textchange
from dipcheck.textchange import LocalSearch, RecentTexts, changed_span

LETTERS = st.sampled_from(["a", "b", "\n", "é", "🚀", "dip", "check", "DipCheck", "\u0130", "K"])
TEXTS = st.lists(LETTERS, max_size=30).map("".join)


def _reference(old: str, new: str) -> tuple[int, int, int]:
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    same = 0
    while same < limit - start and old[-1 - same] == new[-1 - same]:
        same += 1
    return start, len(old) - same, len(new) - same


@given(TEXTS, TEXTS, st.integers(1, 5))
def test_the_changed_span_is_between_the_common_prefix_and_suffix(
    old: str, new: str, chunk: int
) -> None:
    saved = textchange._CHUNK
    textchange._CHUNK = chunk  # (small chunks: the halving inside one is tested too)
    try:
        assert changed_span(old, new) == _reference(old, new)
    finally:
        textchange._CHUNK = saved


@given(TEXTS, st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40), TEXTS), max_size=8))
def test_a_local_search_answers_as_the_whole_search(
    text: str, edits: list[tuple[int, int, str]]
) -> None:
    """Through a chain of edits (and unrelated texts), the mention of dipcheck found around
    each change is the one found in the whole text."""
    search = LocalSearch(suppressions._mentions, len("dipcheck"))
    assert search(text) == suppressions._mentions(text)
    for start, end, new in edits:
        start, end = sorted((min(start, len(text)), min(end, len(text))))
        text = text[:start] + new + text[end:]
        assert search(text) == suppressions._mentions(text)


def test_a_match_that_ends_or_starts_at_the_change_is_found() -> None:
    search = LocalSearch(suppressions._mentions, len("dipcheck"))
    assert not search("# xdipchecx y")
    assert search("# xdipcheck y")  # the change is the match's last letter
    assert not search("# xdipchecx y")
    assert not search("# xXipcheck y")
    assert search("# xDipcheck y")  # … its first letter


def test_recent_texts_finds_the_closest_usable_earlier_version() -> None:
    base = "a" * 100 + "\n" + "b" * 100
    recent: RecentTexts[tuple[str, str]] = RecentTexts(lambda item: item[0], kept=3, ends=8)
    recent.keep((base, "first"))
    recent.keep(("z" * 201, "unrelated"))  # shares neither end: never compared
    edited = base[:50] + "X" + base[51:]
    assert recent.closest(edited) == ((base, "first"), 50, 51, 51)
    # an item the caller cannot use (other settings) is passed over
    assert recent.closest(edited, lambda item: item[1] != "first") is None
    # of two candidates, the one sharing more of the text wins
    further = base[:20] + "Y" + base[21:]
    recent.keep((further, "second"))
    assert recent.closest(edited)[0] == (base, "first")


def test_recent_texts_keeps_the_last_few_and_moves_the_base_up() -> None:
    recent: RecentTexts[str] = RecentTexts(str, kept=2, ends=4)
    recent.keep("one.....1")
    recent.keep("two.....2")
    recent.keep("three...3", base="one.....1")  # "one" moves up: "two" is the oldest, dropped
    assert recent.closest("two.....2") is None
    assert recent.closest("one.....1") == ("one.....1", 9, 9, 9)
    recent.keep("four....4")  # without a base, the oldest ("one") goes
    assert recent.closest("one.....1") is None
    assert recent.closest("three...3") == ("three...3", 9, 9, 9)
