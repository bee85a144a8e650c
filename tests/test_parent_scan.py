"""Finding the workflows that may run a file as a subgraph reads every sibling ``.dip`` file
and keeps those with a ``ref:``/``subgraph_ref:`` field line (``workspace.has_ref_field``). It
answers as the multi-line pattern it replaces, and in time linear in the text."""

from __future__ import annotations

import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.workspace import has_ref_field

PATTERN = re.compile(r"^[ \t]*(?:subgraph_)?ref[ \t]*:", re.MULTILINE)
PIECES = ["ref", ":", " ", "\t", "\n", "\r", "x", "subgraph_", "prefer: ", "ref :", "  ref:"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_a_ref_field_is_found_as_the_pattern_finds_it(text: str) -> None:
    assert has_ref_field(text) == (PATTERN.search(text) is not None)


def test_the_search_sees_both_answers() -> None:
    """The twin: fields at a line's start count, the same text inside a line does not."""
    assert has_ref_field("workflow P\n  subgraph S\n    ref: child.dip\n")
    assert has_ref_field("x\nsubgraph_ref: c.dip")
    assert not has_ref_field("  prefer: x\n  xref: y\n  subgraph_ ref: z\n")


def _cpu(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        has_ref_field(text)
        best = min(best, time.process_time() - started)
    return best


def test_a_line_of_many_refs_is_searched_in_linear_time() -> None:
    """Each match looks back only to the one before it: looking back to the line's start
    made one long line of `xref:` quadratic."""
    small, large = "xref:" * 20_000, "xref:" * 160_000
    assert not has_ref_field(large)
    assert _cpu(large) < 16 * max(_cpu(small), 1e-4)
