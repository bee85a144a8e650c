"""Session 21's shortcuts in the availability checks give the answers of the general path on
random workflows: may-reach over a drawn graph without cycles solved in the order its
depth-first forest finishes, backwards, without the search for strongly connected components
(KeyFlow.reaches_each against ContextFlow.may_reach, whose bit tables cover every key, and
may_solve given an order against may_solve without one); the blocks that can lose a key
(DC108) found by a search from the one lossy join, against a search from each block's."""

from __future__ import annotations

from helpers import context_flow
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis.dataflow import may_solve
from dipcheck.analysis.keyflow import KeyFlow

KEYS = ["a", "b", "c", "d"]


@st.composite
def acyclic_workflows(draw: st.DrawFn) -> str:
    """Workflows whose drawn edges go from an earlier node to a later one (mostly: a few
    draws add one edge back, so that both ways are taken), with parallel blocks whose
    branches write keys, as siblings reading each other's keys do."""
    size = draw(st.integers(min_value=1, max_value=9))
    names = [f"N{index}" for index in range(size)]
    lines = ["workflow Random", f"  start: {draw(st.sampled_from(names))}", "  exit: N0"]
    written = st.lists(st.sampled_from(KEYS), max_size=2, unique=True)
    order = list(names)
    for block in range(draw(st.sampled_from([0, 1, 1, 2]))):
        width = draw(st.integers(min_value=1, max_value=4))
        branches = [f"B{block}_{index}" for index in range(width)]
        lines.append(f"  parallel P{block} -> {', '.join(branches)}")
        if draw(st.integers(0, 3)) == 0:
            lines.append("    fan_in_policy: all")  # a block that loses nothing
        joined = draw(st.booleans())
        if joined:
            lines.append(f"  fan_in J{block} <- {', '.join(branches)}")
        for branch in branches:
            lines += [f"  agent {branch}", "    prompt: Branch."]
            keys = draw(written)
            if keys:
                lines.append(f"    writes: {', '.join(keys)}")
        # the block sits between two of the numbered nodes
        at = draw(st.integers(0, len(order)))
        order[at:at] = [f"P{block}", *branches, *([f"J{block}"] if joined else [])]
    for name in names:
        lines += [f"  agent {name}", "    prompt: Step."]
        keys = draw(written)
        if keys:
            lines.append(f"    writes: {', '.join(keys)}")
    place = {name: index for index, name in enumerate(order)}
    pairs = st.tuples(st.sampled_from(order), st.sampled_from([*order, "Ghost"]))
    edges = [
        (source, target)
        for source, target in draw(st.lists(pairs, max_size=16))
        if target == "Ghost" or place[source] < place[target]
    ]
    if not draw(st.integers(0, 7)):
        edges.append((draw(st.sampled_from(order)), draw(st.sampled_from(order))))
    lines.append("  edges")
    lines.extend(f"    {source} -> {target}" for source, target in sorted(set(edges)))
    return "\n".join(lines) + "\n"


@settings(max_examples=500, deadline=None)
@given(acyclic_workflows())
def test_may_reach_without_cycles_as_the_bit_tables(text: str) -> None:
    flow = context_flow(text)
    questions = [
        (key, node, after)
        for key in [*KEYS, "zz"]
        for node in [*flow.node_ids, "Ghost"]
        for after in (False, True)
    ]
    expected = [flow.may_reach(*item) for item in questions]
    assert KeyFlow(flow).reaches_each(questions) == expected, text
    # each question on its own (the open ones are solved together otherwise)
    assert [KeyFlow(flow).reaches_each([item])[0] for item in questions] == expected, text


def test_siblings_reading_each_others_keys() -> None:
    """The benchmark's fan-out: each branch reads the key its next sibling writes, which
    reaches it along no edge (the join's edges go on to the readers after it)."""
    width = 6
    lines = ["workflow Fan", "  start: S", "  exit: R", "  agent S", "    prompt: Go."]
    lines.append(f"  parallel F -> {', '.join(f'B{index}' for index in range(width))}")
    for index in range(width):
        lines += [
            f"  agent B{index}",
            f"    prompt: Read ${{ctx.k{index + 1}}}.",
            f"    writes: k{index}",
        ]
    lines.append(f"  fan_in J <- {', '.join(f'B{index}' for index in range(width))}")
    lines += ["  agent R", "    prompt: Read ${ctx.k0}.", "  edges", "    S -> F", "    J -> R"]
    flow = context_flow("\n".join(lines) + "\n")
    questions = [(f"k{index + 1}", f"B{index}", False) for index in range(width)]
    questions += [(f"k{index}", "R", False) for index in range(width)]
    assert KeyFlow(flow).reaches_each(questions) == [flow.may_reach(*item) for item in questions]
    assert KeyFlow(flow).reaches_each(questions) == [False] * width + [True] * width


@settings(max_examples=500, deadline=None)
@given(
    st.integers(min_value=1, max_value=12).flatmap(
        lambda count: st.tuples(
            st.just(count),
            st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)), max_size=30),
            st.dictionaries(st.integers(0, count - 1), st.integers(1, 15), max_size=count),
        )
    )
)
def test_may_solve_in_an_order_as_over_the_components(
    graph: tuple[int, list[tuple[int, int]], dict[int, int]],
) -> None:
    count, pairs, bits = graph
    names = [f"n{index}" for index in range(count)]
    successors: dict[str, list[str]] = {name: [] for name in names}
    for source, target in pairs:
        if source < target:  # no cycle
            successors[names[source]].append(names[target])
    gen = {names[index]: value for index, value in bits.items()}
    # (each edge goes to a later name: the names in order are an order of the graph)
    assert may_solve(names, successors, gen, names) == may_solve(names, successors, gen)


@settings(max_examples=400, deadline=None)
@given(acyclic_workflows())
def test_losing_blocks_as_a_search_from_each_join(text: str) -> None:
    flow = context_flow(text)
    for key in [*KEYS, "zz"]:
        for node in flow.node_ids:
            expected = []
            if key in flow.producers:
                for block in flow.blocks:
                    if not block.lossy or block.join is None:
                        continue
                    writes = [
                        branch in flow.opaque or key in flow.keys_by_node.get(branch, ())
                        for branch in block.branches
                    ]
                    if any(writes) and not all(writes) and node in flow.reach([block.join]):
                        expected.append(block)
            assert flow.losing_blocks(key, node) == expected, (text, key, node)
