"""Routers with many edges: DIP103 looks only at earlier edges that test one of an edge's
comparisons, and the data-flow rules find a condition's edge by bisection. Both read as the
pairwise scans they replace (found by benchmarks/synthetic.py --shapes router: 5,000 edges
from one node took 19 s, now 2 s)."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis.guards import Guards
from dipcheck.engine import lint_text
from dipcheck.model import Edge

# the DIP103 benchmark's workflow builder (benchmarks/router_repeats.py)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

COMPARISONS = ["ctx.a = 1", "ctx.a = 2", "ctx.b = x", "ctx.b != x", "ctx.outcome = success"]


@st.composite
def routers(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 7))
    lines = []
    for index in range(count):
        parts = draw(st.lists(st.sampled_from(COMPARISONS), min_size=1, max_size=3))
        joiner = draw(st.sampled_from([" and ", " or "]))
        negate = draw(st.sampled_from(["", "not "]))
        lines.append(f"    R -> T{index % 2}  when {negate}{joiner.join(parts)}")
    return (
        "workflow W\n  start: R\n  exit: E\n  agent R\n    prompt: ${ctx.a} ${ctx.b}\n"
        "    writes: a, b\n  agent T0\n    prompt: t\n  agent T1\n    prompt: t\n"
        "  agent E\n    prompt: e\n  edges\n" + "\n".join(lines) + "\n    R -> E\n"
        "    T0 -> E\n    T1 -> E\n"
    )


def _pairwise(guards: Guards, edges: list[Edge]) -> list[tuple[int, int]]:
    """The former scan: every edge against every earlier one; (repeated comparison's start
    in the file, the earlier comparison's start) per finding."""
    found: list[tuple[int, int]] = []
    seen: list[tuple[Edge, list]] = []
    for edge in edges:
        condition = edge.condition
        if condition is None or condition.expr is None or not edge.conditional:
            continue
        own = guards.literals(condition.expr)
        for earlier, earlier_literals in seen:
            assert earlier.condition is not None and earlier.condition.expr is not None
            keys = {item.key: item for item in earlier_literals}
            repeated = next((item for item in own if item.key in keys), None)
            if repeated is None or not guards.may_overlap(earlier.condition.expr, condition.expr):
                continue
            first = keys[repeated.key]
            found.append(
                (
                    condition.locate(repeated.compare.start, repeated.compare.end).start,
                    earlier.condition.locate(first.compare.start, first.compare.end).start,
                )
            )
            break
        seen.append((edge, own))
    return found


@settings(max_examples=200, deadline=None)
@given(routers())
def test_dip103_reports_what_the_pairwise_scan_reported(text: str) -> None:
    result = lint_text(text, "<router>.dip")
    assert result.workflow is not None
    reported = [
        (item.span.start, item.related[0].span.start)
        for item in result.diagnostics
        if item.code == "DIP103"
    ]
    workflow = result.workflow
    assert reported == _pairwise(Guards(workflow), list(workflow.edges_from("R")))


@settings(max_examples=100, deadline=None)
@given(routers())
def test_condition_reads_name_their_own_edge(text: str) -> None:
    """DC101/DC102 on a condition name the edge whose condition holds the key, as the scan
    over the node's edges did."""
    text = text.replace("ctx.b", "ctx.unwritten_b")
    result = lint_text(text, "<router>.dip")
    assert result.workflow is not None
    for item in result.diagnostics:
        if "in the condition on edge" not in item.message:
            continue
        edge = next(
            edge
            for edge in result.workflow.edges_from("R")
            if edge.condition is not None and edge.condition.span.contains(item.span.start)
        )
        assert f"edge `{edge.source.value} -> {edge.target.value}`" in item.message


def test_dip103_on_thousands_of_edges_testing_one_key_grows_linearly() -> None:
    """A DOT chain `A -> A -> … -> A [condition=…]` of 20,000 edges from one node, each
    testing the same comparison, took 39 s (tools/fuzz.py dot seed 1207 #5421): every edge
    gathered all earlier edges that test its comparison before looking at the first. Now
    they are merged lazily: 8 times the edges cost about 8 times as much (it was 46 times);
    the twin: edges testing different values repeat nothing."""
    import gc
    import time

    from router_repeats import context as router

    from dipcheck.rules.context import Context
    from dipcheck.rules.dippin_routing import overlapping_condition

    def seconds(context: Context, count: int) -> float:
        times = []
        gc.disable()  # as the engine runs the rules
        try:
            for _ in range(3):
                started = time.process_time()
                found = list(overlapping_condition(context))
                times.append(time.process_time() - started)
                assert len(found) == count - 1  # each edge repeats the first one's test
        finally:
            gc.enable()
        return sorted(times)[1]

    assert seconds(router(16_000), 16_000) < 16 * seconds(router(2_000), 2_000)
    assert list(overlapping_condition(router(2_000, "v{}"))) == []
