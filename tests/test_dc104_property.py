"""DC104 agrees with a brute-force enumeration of simple paths on random small graphs.

A key is available at a reader on every path exactly when no simple path from the start to the
reader avoids all producers (a path that avoids them can be shortened to a simple one), so the
brute force enumerates simple paths with networkx and compares, and checks that the witness
DC104 reports is a real path that passes no producer."""

from __future__ import annotations

from itertools import pairwise

import networkx as nx
from helpers import dedent
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.engine import lint_text


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]], set[int], int]:
    size = draw(st.integers(min_value=1, max_value=7))
    pairs = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))
    edges = sorted(set(draw(st.lists(pairs, max_size=14))))
    producers = set(draw(st.sets(st.integers(0, size - 1), max_size=size)))
    reader = draw(st.integers(0, size - 1))
    return size, edges, producers, reader


def workflow_text(size: int, edges: list[tuple[int, int]], producers: set[int], reader: int) -> str:
    lines = ["workflow Random", "  start: N0", f"  exit: N{size - 1}"]
    for index in range(size):
        lines.append(f"  agent N{index}")
        prompt = "Use ${ctx.k}." if index == reader else f"Step {index}."
        lines.append(f"    prompt: {prompt}")
        if index in producers:
            lines.append("    writes: k")
    lines.append("  edges")
    lines.extend(f"    N{source} -> N{target}  loop" for source, target in edges)
    return dedent("\n".join(lines) + "\n")


def brute_force_fires(
    size: int, edges: list[tuple[int, int]], producers: set[int], reader: int
) -> bool:
    graph = nx.DiGraph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from(edges)
    if reader != 0 and not nx.has_path(graph, 0, reader):
        return False  # unreachable: DIP004's business
    # tracker's check first: some producer reaches the reader (a node reaches itself)
    if not any(nx.has_path(graph, producer, reader) for producer in producers):
        return False  # DC102 / DC103, not DC104
    if reader == 0:
        return True  # the start reads before anything ran
    return any(
        not any(node in producers for node in path[:-1])
        for path in nx.all_simple_paths(graph, 0, reader)
    )


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_dc104_matches_simple_path_enumeration(
    case: tuple[int, list[tuple[int, int]], set[int], int],
) -> None:
    size, edges, producers, reader = case
    text = workflow_text(size, edges, producers, reader)
    result = lint_text(text, "random.dip")
    fired = [item for item in result.diagnostics if item.code == "DC104"]
    assert bool(fired) == brute_force_fires(size, edges, producers, reader), text
    if fired:
        assert result.workflow is not None
        flow = ContextFlow(result.workflow)
        witness = flow.witness("k", f"N{reader}", after=False, limit=100)
        assert witness is not None and witness.skipped == 0
        path = [int(name[1:]) for name in witness.nodes]
        assert path[0] == 0 and path[-1] == reader
        assert all(pair in edges for pair in pairwise(path))
        assert not any(node in producers for node in path[:-1])
