"""The linear-time rewrites of the context-flow analysis agree with the former (quadratic)
algorithms on random small workflows: may-reach (now one pass over the strongly connected
components, was a worklist), the blocks that lose a key on a failed branch (now bit sets
solved once, was a search back from every reader), the components themselves, and the
key-set tables (gen as positions, the must-entries from the solver's last pass)."""

from __future__ import annotations

from collections import deque

import networkx as nx
from helpers import context_flow
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis.bitsets import Sparse
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.analysis.graph import components


@st.composite
def workflows(draw: st.DrawFn) -> str:
    """Agents writing a few keys, parallel blocks with fan_ins, random edges (loops too)."""
    size = draw(st.integers(min_value=2, max_value=9))
    keys = ["a", "b", "c"]
    names = [f"N{index}" for index in range(size)]
    lines = ["workflow Random", "  start: N0", f"  exit: N{size - 1}"]
    blocks = draw(st.integers(min_value=0, max_value=2))
    for block in range(blocks):
        width = draw(st.integers(min_value=2, max_value=3))
        branches = [f"B{block}_{index}" for index in range(width)]
        policy = draw(st.sampled_from(["", "all", "any"]))
        lines.append(f"  parallel P{block} -> {', '.join(branches)}")
        if policy:
            lines.append(f"    fan_in_policy: {policy}")
        lines.append(f"  fan_in J{block} <- {', '.join(branches)}")
        for branch in branches:
            written = draw(st.lists(st.sampled_from(keys), max_size=2, unique=True))
            lines += [f"  agent {branch}", "    prompt: Branch."]
            if written:
                lines.append(f"    writes: {', '.join(written)}")
        names += [f"P{block}", f"J{block}"]
    for index in range(size):
        written = draw(st.lists(st.sampled_from(keys), max_size=2, unique=True))
        lines += [f"  agent N{index}", "    prompt: Step ${ctx.a}."]
        if written:
            lines.append(f"    writes: {', '.join(written)}")
    pairs = st.tuples(st.sampled_from(names), st.sampled_from(names))
    edges = sorted(set(draw(st.lists(pairs, max_size=16))))
    lines.append("  edges")
    lines.extend(f"    {source} -> {target}  loop" for source, target in edges)
    return "\n".join(lines) + "\n"


def worklist_may_in(flow: ContextFlow) -> dict[str, int]:
    """The former may-reach: a FIFO worklist to the fixed point."""
    gen = flow.gen
    reach = dict.fromkeys(flow.node_ids, 0)
    queue = deque(flow.node_ids)
    queued = set(flow.node_ids)
    while queue:
        node = queue.popleft()
        queued.discard(node)
        out = reach[node] | gen[node]
        for target in flow.all_successors[node]:
            merged = reach[target] | out
            if merged != reach[target]:
                reach[target] = merged
                if target not in queued:
                    queued.add(target)
                    queue.append(target)
    return reach


def searched_losing_blocks(flow: ContextFlow, key: str, node: str) -> list[object]:
    """The former losing_blocks: the nodes reaching ``node`` searched for every reader."""
    bit = flow.bit(key)
    reaching = flow.reaching(node)
    result = []
    for block in flow.blocks:
        if not block.lossy or block.join not in reaching:
            continue
        writers = [b for b in block.branches if flow._branch_bits(b) & bit]
        if writers and len(writers) < len(block.branches):
            result.append(block)
    return result


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_rewritten_flow_facts_match_the_former_algorithms(text: str) -> None:
    flow = context_flow(text)
    assert flow.may_in == worklist_may_in(flow), text
    for node in flow.node_ids:
        for key in ("a", "b", "c", "unknown"):
            assert flow.losing_blocks(key, node) == searched_losing_blocks(flow, key, node), text


def table_gen(flow: ContextFlow) -> dict[str, int]:
    """The former gen: a table of each node's keys as one integer."""
    table = dict.fromkeys(flow.node_ids, 0)
    for index, nodes in enumerate(flow.producers.values()):
        for node in nodes:
            table[node] |= 1 << index
    return table


def recomputed_entries(flow: ContextFlow, out: dict[str, int], pessimistic: bool) -> dict[str, int]:
    """The former must_in: a pass of its own over the reachable nodes once ``out`` was solved."""
    if not out:
        return {}
    carried = flow._carried(pessimistic)
    return {node: flow._entry(node, out, carried) for node in flow.reachable}


_BITS = st.one_of(
    st.integers(min_value=0, max_value=1 << 40),
    st.lists(st.integers(min_value=0, max_value=5000), max_size=12).map(
        lambda positions: sum(1 << position for position in set(positions))
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=3), _BITS, max_size=8), st.text(max_size=3))
def test_a_sparse_table_gives_back_every_set(table: dict[str, int], name: str) -> None:
    """Kept as positions or as the integer, each set reads back unchanged."""
    sparse = Sparse(dict(table))  # (a table it takes over)
    assert sparse == table and len(sparse) == len(table) and list(sparse) == list(table)
    assert {key: sparse[key] for key in sparse} == table
    assert sparse.get(name, -1) == table.get(name, -1)
    assert (name in sparse) == (name in table)


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_the_solved_tables_match_the_former_ones(text: str) -> None:
    flow = context_flow(text)
    assert {node: flow.gen[node] for node in flow.node_ids} == table_gen(flow), text
    assert flow.must_in == recomputed_entries(flow, flow.must_out, False), text
    must_in, must_out = flow._pessimistic
    assert must_in == recomputed_entries(flow, must_out, True), text
    before = (flow.may_in, flow.must_in, flow.must_out, flow.tree_gen, flow._pessimistic)
    flow.release()
    assert (flow.may_in, flow.must_in, flow.must_out, flow.tree_gen, flow._pessimistic) == before


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=9).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), max_size=20),
        )
    )
)
def test_components_are_networkx_components_in_topological_order(
    case: tuple[int, list[tuple[int, int]]],
) -> None:
    size, edges = case
    successors: dict[str, list[str]] = {str(index): [] for index in range(size)}
    for source, target in edges:
        successors[str(source)].append(str(target))
    found = components(list(successors), successors)
    graph = nx.DiGraph()
    graph.add_nodes_from(successors)
    graph.add_edges_from((str(s), str(t)) for s, t in edges)
    assert sorted(map(sorted, found)) == sorted(
        map(sorted, nx.strongly_connected_components(graph))
    )
    position = {node: index for index, part in enumerate(found) for node in part}
    assert all(position[str(s)] <= position[str(t)] for s, t in edges)


def test_components_of_a_long_chain_without_recursion() -> None:
    size = 50_000
    successors = {str(index): [str(index + 1)] for index in range(size - 1)}
    successors[str(size - 1)] = ["0"]  # one cycle through everything
    found = components(list(successors), successors)
    assert len(found) == 1 and len(found[0]) == size
