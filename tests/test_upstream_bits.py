"""``GraphFacts.upstream`` (DIP112 and DIP147's upstream sets, as bits over the nodes asked
about) against dippin's propagation written out with a set per node, on random graphs with
back edges, cycles, edges to unknown nodes and repeated node ids; and its budget."""

from __future__ import annotations

from collections import deque
from types import SimpleNamespace

from helpers import lint
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis import graph
from dipcheck.analysis.graph import GraphFacts

IDS = [f"n{i}" for i in range(12)]


def facts(ids: list[str], edges: list[tuple[str, str, bool]]) -> GraphFacts:
    nodes = [SimpleNamespace(id=node) for node in ids]
    links = [
        SimpleNamespace(
            source=SimpleNamespace(value=a), target=SimpleNamespace(value=b), is_back_edge=back
        )
        for a, b, back in edges
    ]
    return GraphFacts(SimpleNamespace(nodes=nodes, edges=links))  # type: ignore[arg-type]


def sets_per_node(ids: list[str], edges: list[tuple[str, str, bool]]) -> dict[str, set[str]]:
    """dippin's propagation as it reads: each processed node hands its set and itself on."""
    known = set(ids)
    successors: dict[str, list[str]] = {node: [] for node in ids}
    degree = dict.fromkeys(ids, 0)
    for source, target, back in edges:
        if back or source not in known or target not in known:
            continue
        successors[source].append(target)
        degree[target] += 1
    above: dict[str, set[str]] = {node: set() for node in ids}
    queue = deque(node for node in ids if degree[node] == 0)
    while queue:
        current = queue.popleft()
        for target in successors[current]:
            above[target] |= above[current] | {current}
            degree[target] -= 1
            if degree[target] == 0:
                queue.append(target)
    return above


graphs = st.tuples(
    st.lists(st.sampled_from(IDS), min_size=1, max_size=12),
    st.lists(st.tuples(st.sampled_from([*IDS, "x"]), st.sampled_from(IDS), st.booleans())),
    st.sets(st.sampled_from(IDS)),
)


@settings(max_examples=400, deadline=None)
@given(graphs)
def test_upstream_bits_agree_with_a_set_per_node(case) -> None:
    ids, edges, wanted = case
    expected = sets_per_node(ids, edges)
    found = facts(ids, edges).upstream(wanted)
    order = facts(ids, edges).forward_order[0]
    for node in set(ids):
        for source in wanted:
            assert found.judged(source)
            assert found.has(node, source) is (source in expected[node])
        assert list(found.above(node)) == [
            source for source in dict.fromkeys(order) if source in wanted & expected[node]
        ]


def test_past_the_budget_later_sources_are_not_judged(monkeypatch) -> None:
    chain = [(f"n{i}", f"n{i + 1}", False) for i in range(11)]
    monkeypatch.setattr(graph, "MAX_UPSTREAM_BITS", 12 * 3)  # room for three sources
    found = facts(IDS, chain).upstream(IDS)
    assert found.sources == ["n0", "n1", "n2"]
    assert (found.judged("n2"), found.judged("n3")) == (True, False)
    assert found.has("n11", "n2") and not found.has("n1", "n2")


def chain(length: int, restricted: int) -> str:
    lines = ["workflow Chain", "  start: n0", f"  exit: n{length - 1}"]
    for index in range(length):
        lines.append(f"  agent n{index}")
        if index == restricted:
            lines += ["    tool_access: none", "    writes: summary"]
        if index == length - 1:
            lines.append("    reads: summary")
        lines.append(f'    prompt: "step {index}"')
    lines.append("  edges")
    lines += [f"    n{index} -> n{index + 1}" for index in range(length - 1)]
    return "\n".join(lines) + "\n"


def test_dip147_on_a_long_chain_reports_the_restricted_writer() -> None:
    # 3,000 nodes: a set of every upstream node per node held 4.5 million entries (250 MB)
    found = [item for item in lint(chain(3000, 0)) if item.code == "DIP147"]
    assert [(item.severity, item.start, item.end, item.text) for item in found] == [
        ("hint", (6005, 12), (6005, 19), "summary")
    ]


def test_dip147_twin_the_restricted_agent_is_downstream_of_the_reader() -> None:
    assert [item for item in lint(chain(3000, 2999)) if item.code == "DIP147"] == []
