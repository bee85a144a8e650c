"""DIP004 on files with many unreachable nodes (issue 19 §1, "bounded everywhere"): the
entries are found in linear time, and the details of the findings (the nodes behind each
entry, the edge targets that may be misspelt entries) have a work budget.

Before, every unreachable node was searched from every other one: 6,000 isolated DOT nodes
took 11 s in DIP004 alone, and 60,000 more than five minutes."""

from __future__ import annotations

import time

from helpers import Finding, as_finding, dedent, lint, only
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.engine import lint_text
from dipcheck.rules.structure import _Budget, _entries


def _brute_entries(unreached: list[str], inside: dict[str, list[str]]) -> list[str]:
    """The definition: a node that no unreached node outside its own cycle leads to, and the
    first declared one of that cycle."""

    def reach(node: str) -> set[str]:
        seen, stack = {node}, [node]
        while stack:
            for target in inside[stack.pop()]:
                if target not in seen:
                    seen.add(target)
                    stack.append(target)
        return seen

    behind = {node: reach(node) for node in unreached}
    order = {node: index for index, node in enumerate(unreached)}

    def entered_from_outside(node: str) -> bool:
        return any(node in behind[other] and other not in behind[node] for other in unreached)

    def first_of_its_cycle(node: str) -> bool:
        return not any(
            node in behind[other] and other in behind[node] and order[other] < order[node]
            for other in unreached
        )

    return [
        node for node in unreached if not entered_from_outside(node) and first_of_its_cycle(node)
    ]


@st.composite
def graphs(draw: st.DrawFn) -> tuple[list[str], dict[str, list[str]]]:
    names = [f"n{index}" for index in range(draw(st.integers(1, 12)))]
    names = draw(st.permutations(names))
    edges = draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=30))
    inside: dict[str, list[str]] = {name: [] for name in names}
    for source, target in edges:
        inside[source].append(target)
    return list(names), inside


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_the_entries_are_the_definitions(graph: tuple[list[str], dict[str, list[str]]]) -> None:
    unreached, inside = graph
    order = {node: index for index, node in enumerate(unreached)}
    entries = _entries(unreached, inside, order)
    assert entries == _brute_entries(unreached, inside)
    covered = set(entries)  # every unreached node is an entry or behind one
    for entry in entries:
        covered.update(_Budget().behind(entry, inside) or ())
    assert covered == set(unreached)


def test_the_nodes_behind_an_entry_are_listed_until_the_budget_is_spent() -> None:
    inside = {"a": ["b"], "b": ["c", "a"], "c": []}
    budget = _Budget()
    assert sorted(budget.behind("a", inside) or []) == ["b", "c"]
    budget.walked = budget.WALK - 2
    assert budget.behind("a", inside) is None


WORKFLOW = """
    workflow W
      start: A
      exit: A

      agent A
        prompt: hi
    """


def test_sixty_thousand_isolated_nodes_take_seconds() -> None:
    orphans = "".join(f"  agent X{index}\n    prompt: hi\n" for index in range(60_000))
    started = time.process_time()
    result = lint_text(dedent(WORKFLOW) + "\n" + orphans, "w.dip")
    assert time.process_time() - started < 60
    found = [item for item in result.diagnostics if item.code == "DIP004"]
    assert len(found) == 1000  # one per orphan, held to the per-code limit
    first = as_finding(found[0])
    assert first[:4] == ("DIP004", "error", (8, 9), (8, 11))
    assert found[0].message == "node `X0` is not reachable from the start node `A`"


def test_a_long_unreachable_chain_past_the_budget_is_reported_without_its_list() -> None:
    """1,500 entries each leading into one chain of 2,000 nodes: 3 million nodes to list; the
    budget lists the nodes behind the first 499."""
    heads = "".join(f"  agent H{index}\n    prompt: hi\n" for index in range(1_500))
    chain = "".join(f"  agent C{index}\n    prompt: hi\n" for index in range(2_000))
    edges = "".join(f"    H{index} -> C0\n" for index in range(1_500))
    edges += "".join(f"    C{index} -> C{index + 1}\n" for index in range(1_999))
    text = dedent(WORKFLOW) + "\n" + heads + chain + "\n  edges\n" + edges
    started = time.process_time()
    found = [item for item in lint_text(text, "w.dip").diagnostics if item.code == "DIP004"]
    assert time.process_time() - started < 60
    listed = [item for item in found if "cannot run either" in item.message]
    unlisted = [item for item in found if "not listed" in item.message]
    assert (len(listed), len(unlisted)) == (499, 501)
    assert unlisted[0].message == (
        "node `H499` is not reachable from the start node `A` (the nodes after it are not "
        "listed: the file has too many unreachable)"
    )


def test_misspelt_targets_are_compared_with_the_entries_within_the_budget() -> None:
    """1,500 unreachable nodes and 1,500 edges to misspelt targets: each entry's name was
    compared with every target (2.25 million edit distances, the first 500,000 in the budget:
    8 s). The budget is 50,000: the notes of the first 33 entries, each of which looks at the
    1,500 targets."""
    nodes = "".join(f"  agent Node{index}\n    prompt: hi\n" for index in range(1_500))
    edges = "".join(f"    A -> Nod{index}\n" for index in range(1_500))
    text = dedent(WORKFLOW) + "\n" + nodes + "\n  edges\n" + edges
    started = time.process_time()
    found = [item for item in lint_text(text, "w.dip").diagnostics if item.code == "DIP004"]
    assert time.process_time() - started < 10
    noted = [item.message.split("`")[1] for item in found if item.related]
    assert noted == [f"Node{index}" for index in range(33)]
    assert found[0].related[0].message == "`Nod0` here may be meant as `Node0`"


def test_one_unreachable_entry_lists_the_nodes_behind_it() -> None:
    text = (
        WORKFLOW
        + """
      agent B
        prompt: hi

      agent C
        prompt: hi

      edges
        B -> C
    """
    )
    assert only(lint(text), "DIP004") == [
        Finding("DIP004", "error", (8, 9), (8, 10), "B"),
    ]


def test_an_entry_declared_after_the_nodes_behind_it_is_the_only_finding() -> None:
    """The nodes behind a misspelt edge target declared before it (here `Done`): one finding
    on the entry, `B`, whose list names them, and none on `Done` itself."""
    text = (
        WORKFLOW
        + """
      agent Done
        prompt: hi

      agent B
        prompt: hi

      edges
        B -> Done
    """
    )
    found = [item for item in lint_text(dedent(text), "w.dip").diagnostics if item.code == "DIP004"]
    assert [as_finding(item)[:4] for item in found] == [("DIP004", "error", (11, 9), (11, 10))]
    assert found[0].message == (
        "node `B` is not reachable from the start node `A`, and the node after it cannot run "
        "either: `Done`"
    )


def test_a_cycle_entered_from_an_unreachable_node_is_reported_at_that_node() -> None:
    text = (
        WORKFLOW
        + """
      agent L1
        prompt: hi

      agent L2
        prompt: hi

      agent H
        prompt: hi

      edges
        L1 -> L2
        L2 -> L1
        H -> L1
    """
    )
    assert only(lint(text), "DIP004") == [Finding("DIP004", "error", (14, 9), (14, 10), "H")]
