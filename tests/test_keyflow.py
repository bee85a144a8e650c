"""The per-key answers of analysis/keyflow.py (tree ancestry, dominators, small fixed points)
agree with ContextFlow's bit tables over every key, on random workflows: loops and back
edges, parallel blocks (nested too, lossy or not, with opaque branches), subgraph nodes that
may write anything, edges to nodes that do not exist, and starts that are not nodes."""

from __future__ import annotations

from itertools import pairwise

from helpers import context_flow
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.analysis.graph import postorder
from dipcheck.analysis.keyflow import KeyFlow, _dominator_tree

KEYS = ["a", "b", "c", "d"]


@st.composite
def workflows(draw: st.DrawFn) -> str:
    size = draw(st.integers(min_value=1, max_value=10))
    names = [f"N{index}" for index in range(size)]
    start = draw(st.sampled_from([*names, "Nowhere"])) if not draw(st.integers(0, 3)) else "N0"
    lines = ["workflow Random", f"  start: {start}", f"  exit: N{size - 1}"]
    written = st.lists(st.sampled_from(KEYS), max_size=2, unique=True)
    for block in range(draw(st.sampled_from([0, 1, 1, 2, 2, 3]))):
        width = draw(st.integers(min_value=1, max_value=3))
        branches = [f"B{block}_{index}" for index in range(width)]
        if block and draw(st.booleans()):
            branches[0] = f"P{block - 1}"  # a nested parallel
        policy = draw(st.sampled_from(["", "all", "any"]))
        lines.append(f"  parallel P{block} -> {', '.join(branches)}")
        if policy:
            lines.append(f"    fan_in_policy: {policy}")
        if draw(st.integers(0, 3)):
            lines.append(f"  fan_in J{block} <- {', '.join(branches)}")
            names.append(f"J{block}")
        for branch in branches:
            if branch.startswith("P"):
                continue
            if draw(st.integers(0, 5)) == 0:
                lines += [f"  subgraph {branch}", "    ref: child.dip"]
            else:
                lines += [f"  agent {branch}", "    prompt: Branch."]
                keys = draw(written)
                if keys:
                    lines.append(f"    writes: {', '.join(keys)}")
            names.append(branch)
        names.append(f"P{block}")
    for index in range(size):
        if index and draw(st.integers(0, 7)) == 0:
            lines += [f"  subgraph N{index}", "    ref: child.dip"]
            continue
        lines += [f"  agent N{index}", "    prompt: Step."]
        keys = draw(written)
        if keys:
            lines.append(f"    writes: {', '.join(keys)}")
    pairs = st.tuples(st.sampled_from(names), st.sampled_from([*names, "Ghost"]))
    edges = draw(st.lists(pairs, max_size=18))
    if draw(st.integers(0, 3)):  # a spine through the blocks, so that most of it runs
        spine = draw(st.permutations([name for name in names if name[0] in "NPJ"]))
        edges += pairwise(spine)
    edges = sorted(set(edges))
    lines.append("  edges")
    lines.extend(f"    {source} -> {target}  loop" for source, target in edges)
    return "\n".join(lines) + "\n"


def _questions(flow: ContextFlow) -> list[tuple[str, str, bool]]:
    nodes = [*flow.node_ids, "Ghost"]
    return [(key, node, after) for key in [*KEYS, "zz"] for node in nodes for after in (0, 1)]


@settings(max_examples=400, deadline=None)
@given(workflows())
def test_key_flow_answers_as_the_bit_tables(text: str) -> None:
    flow = context_flow(text)
    keys = KeyFlow(flow)
    questions = _questions(flow)
    assert keys.reaches_each(questions) == [flow.may_reach(*item) for item in questions], text
    for key, node, after in questions:
        case = (text, key, node, after)
        assert keys.always(key, node, after) == flow.always_available(key, node, after), case
        assert keys.survives(key, node, after) == flow.survives_branch_failure(key, node, after), (
            case
        )
        assert keys.witness(key, node, after) == flow.witness(key, node, after), case


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_answers_do_not_depend_on_the_order_they_are_asked_in(text: str) -> None:
    """A key with several writers is solved once for all of them, when first asked about."""
    flow = context_flow(text)
    questions = _questions(flow)
    forward, backward = KeyFlow(flow), KeyFlow(flow)
    expected = [forward.always(*item) for item in questions]
    assert [backward.always(*item) for item in reversed(questions)] == expected[::-1], text


def _dominators_by_removal(predecessors: list[list[int]]) -> list[set[int]]:
    """Each node's dominators: the nodes whose removal cuts it off from node 0."""
    count = len(predecessors)
    successors: list[list[int]] = [[] for _ in range(count)]
    for node, sources in enumerate(predecessors):
        for source in sources:
            successors[source].append(node)
    result: list[set[int]] = [{0} for _ in range(count)]
    for removed in range(1, count):
        seen = {0}
        stack = [0]
        while stack:
            for target in successors[stack.pop()]:
                if target != removed and target not in seen:
                    seen.add(target)
                    stack.append(target)
        for node in range(count):
            if node not in seen:
                result[node].add(removed)
    return result


@st.composite
def numbered_graphs(draw: st.DrawFn) -> list[list[int]]:
    """Predecessor lists of a graph numbered in reverse postorder from node 0: a random
    depth-first tree (each node's parent numbered before it, visited so), then any edges."""
    count = draw(st.integers(min_value=1, max_value=9))
    successors: list[list[int]] = [[] for _ in range(count)]
    for node in range(1, count):
        successors[draw(st.integers(0, node - 1))].append(node)
    pairs = st.tuples(st.integers(0, count - 1), st.integers(0, count - 1))
    for source, target in draw(st.lists(pairs, max_size=14)):
        successors[source].append(target)
    # renumber in a real reverse postorder, as keyflow numbers its graph
    order = postorder(0, successors)
    order.reverse()
    number = {node: position for position, node in enumerate(order)}
    predecessors: list[list[int]] = [[] for _ in order]
    for node in order:
        for target in successors[node]:
            predecessors[number[target]].append(number[node])
    return predecessors


@settings(max_examples=500, deadline=None)
@given(numbered_graphs())
def test_dominator_tree_on_irreducible_graphs_too(predecessors: list[list[int]]) -> None:
    pre, size = _dominator_tree(predecessors)
    expected = _dominators_by_removal(predecessors)
    for node in range(len(predecessors)):
        found = {
            other
            for other in range(len(predecessors))
            if pre[other] <= pre[node] < pre[other] + size[other]
        }
        assert found == expected[node], (predecessors, node)


def test_a_loop_entered_from_outside_its_head() -> None:
    # 0 -> 1 -> 2 -> 3 -> 2 and 0 -> 3: the forward edges alone make 1 dominate 2, but the
    # path 0 -> 3 -> 2 avoids it
    pre, size = _dominator_tree([[], [0], [1, 3], [2, 0]])
    assert [pre[node] <= pre[2] < pre[node] + size[node] for node in range(4)] == [
        True,
        False,
        True,
        False,
    ]


class _CountedList(list):
    """A list that counts the items read from it by index."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        _CountedList.reads += 1
        return super().__getitem__(index)


def _routed_writers(count: int) -> str:
    lines = ["workflow Wide", "  start: S", "  exit: M", "  agent S", "    prompt: Start."]
    for index in range(count):
        lines += [f"  agent W{index}", "    prompt: Write.", "    writes: k"]
    lines += ["  agent M", "    prompt: Merge ${ctx.k}.", "  edges"]
    for index in range(count):
        lines += [f"    S -> W{index}  when ctx.route = v{index}", f"    W{index} -> M"]
    return "\n".join(lines) + "\n"


def test_writers_no_one_dominates_are_found_in_linear_work() -> None:
    """A key written by 2,000 routed siblings: none dominates another, so all of them matter
    (the join reads the key on every path); finding that reads the dominator-tree numbering
    a few times per writer, where testing each against every writer kept was quadratic."""
    flow = context_flow(_routed_writers(2000))
    keys = KeyFlow(flow)
    keys._pre = _CountedList(keys._pre)
    _CountedList.reads = 0
    assert keys.always("k", "M", False) is flow.always_available("k", "M", False) is True
    assert len(keys._writers_of("k", False)) == 2000
    assert _CountedList.reads < 20 * 2000


def test_postorder_of_a_mapping_and_of_a_deep_list() -> None:
    # a mapping of names (the data flow's successors): targets in their order, a cycle once,
    # an unreachable node left out
    graph = {"s": ["a", "b"], "a": ["c"], "b": ["c", "s"], "c": [], "lone": ["s"]}
    assert postorder("s", graph) == ["c", "a", "b", "s"]
    # a list indexed by node (keyflow's numbering), far deeper than any recursion limit
    chain = [[index + 1] for index in range(100_000)] + [[]]
    assert postorder(0, chain) == list(range(100_000, -1, -1))
