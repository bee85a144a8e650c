"""A did-you-mean for an edge end never suggests the edge's other end: that would make the
edge a self-loop (issue 19 §2). Twins: the same typo next to another close node id."""

from __future__ import annotations

from helpers import Finding, run, template

FLOW = template(
    """
    workflow W
      start: Plan
      exit: Done
      agent Plan
        prompt: Plan it.
      agent Done
        label: Done
      edges
        Plan -> Plam
        Plan -> Done
    """
)


def _dip003(text: str) -> list[tuple[Finding, str, str | None]]:
    found = []
    for item in run(text).diagnostics:
        if item.code == "DIP003":
            line, column = item.span.start_position()
            end_line, end_column = item.span.end_position()
            finding = Finding(
                item.code,
                item.severity.label,
                (line + 1, column + 1),
                (end_line + 1, end_column + 1),
                item.span.text,
            )
            edit = item.fix.edits[0].text if item.fix else None
            found.append((finding, item.message, edit))
    return found


def test_an_edge_target_is_not_offered_the_edge_source() -> None:
    assert _dip003(FLOW) == [
        (
            Finding("DIP003", "error", (9, 13), (9, 17), "Plam"),
            "edge target `Plam` is not a declared node",
            None,
        )
    ]


def test_another_close_node_is_still_suggested() -> None:
    text = FLOW.replace("  agent Done\n", "  agent Plant\n    prompt: p\n  agent Done\n")
    assert _dip003(text) == [
        (
            Finding("DIP003", "error", (11, 13), (11, 17), "Plam"),
            "edge target `Plam` is not a declared node (did you mean `Plant`?)",
            "Plant",
        )
    ]


def test_an_edge_source_is_not_offered_the_edge_target() -> None:
    text = FLOW.replace("    Plan -> Plam\n", "    Dune -> Done\n")
    ((finding, message, edit),) = _dip003(text)
    assert finding == Finding("DIP003", "error", (9, 5), (9, 9), "Dune")
    assert (message, edit) == ("edge source `Dune` is not a declared node", None)
    # the twin: an edge from the typo to another node is offered `Done`
    other = FLOW.replace("    Plan -> Plam\n", "    Dune -> Plan\n")
    ((_, message, edit),) = _dip003(other)
    assert (message, edit) == (
        "edge source `Dune` is not a declared node (did you mean `Done`?)",
        "Done",
    )


def test_a_parallel_branch_is_not_offered_the_parallel_itself() -> None:
    text = template(
        """
        workflow W
          start: Fork
          exit: Join
          parallel Fork -> Frk, B
          agent B
            prompt: b
          fan_in Join <- Frk, B
        """
    )
    messages = [item.message for item in run(text).diagnostics if item.code == "DC010"]
    assert "parallel branch `Frk` is not a declared node" in messages


def test_many_edges_whose_nearest_node_is_their_own_source_stay_linear() -> None:
    """`Q1 -> Q1x` for thousands of nodes: the did-you-mean's nearest node was the edge's
    other end every time, and each such edge then scanned every node id (sorted anew): 4,000
    of them took a minute and a half. The index now leaves the other end out itself."""
    import time

    count = 3000
    nodes = "".join(f"  agent Q{index}\n    prompt: p\n" for index in range(count))
    edges = "".join(f"    A -> Q{index}\n    Q{index} -> Q{index}x\n" for index in range(count))
    text = f"workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: a\n{nodes}  edges\n{edges}"
    started = time.process_time()
    found = [item for item in run(text).diagnostics if item.code == "DIP003"]
    assert time.process_time() - started < 30
    assert len(found) == 1000
    # `Q0x`: one edit from `Q0` (the other end, left out), two from `Q10` … and `Q1`, `Q2` …
    assert found[0].message == "edge target `Q0x` is not a declared node (did you mean `Q1`?)"
