"""A long chain is explored, walked, linted with the DC4xx rules and diffed in memory linear in
it, and ``--max-seconds`` bounds the exploration however long the workflow (a hostile-input
probe: an 8,000-node chain took 42.8 s and 1.49 GB for ``simulate --all-paths --max-seconds
5``, 67 s and 2.9 GB to lint with DC4, 72 s and 1.57 GB to diff with itself). The state keys
held the set of nodes reachable from every node, a retry listed everything downstream of its
target, and the explored runs kept every state they went through, each as big as the run
before it: all quadratic along a chain, and the first of them before the clock started.

Reachability is now answered from the strongly connected components; :class:`Reach` must
answer as a breadth-first search does."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import tracemalloc
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.engine import lint_text
from dipcheck.model import Workflow
from dipcheck.semdiff.routing import Effect, effects, prepare
from dipcheck.simulate.children import load_child
from dipcheck.simulate.explore import Exploration, explore, sweep
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import Machine

T = TypeVar("T")
LENGTH = 2_000  # the former code held 4 to 10 times the bound below at this length
PEAK = 40 << 20
STATES = 100  # the searches' own budget: the cost that matters is what comes before them
# the clock stops it, not the paths: with 5,000 steps a run, the chain's whole space (about
# 15,000 states) takes this machine about ten times the second it is given
BUDGETS = ("--max-seconds", "1", "--max-paths", "1000000", "--max-steps", "5000")


def _chain(length: int) -> str:
    lines = ["workflow Chain", "  start: n0", f"  exit: n{length - 1}"]
    for index in range(length):
        lines += [f"  agent n{index}", "    prompt: p"]
    lines.append("  edges")
    lines += [f"    n{index} -> n{index + 1}" for index in range(length - 1)]
    return "\n".join(lines) + "\n"


def _workflow(length: int) -> Workflow:
    result = lint_text(_chain(length), "chain.dip")
    assert result.workflow is not None
    return result.workflow


def _peak(work: Callable[[], T]) -> tuple[T, int]:
    """What ``work`` returns and the most memory it held at once (bytes, Python's own)."""
    tracemalloc.start()
    try:
        found = work()
        return found, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_exploring_a_long_chain_keeps_no_reachable_set_per_node() -> None:
    machine = Machine(RunGraph(_workflow(LENGTH)), children=load_child)
    result, peak = _peak(lambda: explore(machine, max_paths=10))
    assert result.states == 10
    assert result.truncated == (
        "the path limit (10) was reached; a run reached the simulator's step limit (max_steps 500)"
    )
    assert peak < PEAK


def test_a_walk_of_thousands_of_steps_keeps_no_state_per_step() -> None:
    machine = Machine(RunGraph(_workflow(LENGTH)), children=load_child, max_steps=LENGTH + 1)
    result, peak = _peak(lambda: explore(machine, max_paths=1))
    (only,) = result.paths
    assert only.end.status == "success"
    assert only.path == [f"n{index}" for index in range(LENGTH)]
    assert peak < PEAK


def test_the_simulation_rules_explore_a_long_chain_in_little_memory() -> None:
    """What the DC4xx rules explore: the coarse sweep, then the exact exploration (with a
    budget of their own: what is prepared before either search is what grew with the chain)."""
    machine = Machine(RunGraph(_workflow(LENGTH)), children=load_child)

    def both() -> tuple[Exploration, Exploration]:
        return sweep(machine, max_states=STATES), explore(
            machine, max_states=STATES, list_paths=False
        )

    (coarse, exact), peak = _peak(both)
    assert (coarse.states, coarse.truncated) == (
        STATES,
        f"the state limit ({STATES}) was reached; a coarse sweep (each node and context once)",
    )
    assert (exact.states, exact.truncated) == (STATES, f"the state limit ({STATES}) was reached")
    assert peak < PEAK


def test_a_long_chain_diffed_with_itself_explores_in_little_memory() -> None:
    """What ``dipcheck diff`` explores of each version, and that the diff is empty."""
    result = lint_text(_chain(LENGTH), "chain.dip")
    assert result.workflow is not None
    workflow, findings = result.workflow, list(result.diagnostics)
    (old, new), peak = _peak(
        lambda: (
            prepare(workflow, findings, max_states=STATES),
            prepare(workflow, findings, max_states=STATES),
        )
    )
    assert (old.complete, len(old.fires or ())) == (False, STATES)
    cut = (
        "the exploration of every run stopped at its state budget: edges it did not see are "
        "not reported as dead"
    )
    assert effects(old, new) == [Effect("note", "old", cut), Effect("note", "new", cut)]
    assert peak < PEAK


def test_max_seconds_stops_the_exploration_of_a_long_chain(tmp_path: Path) -> None:
    """The former code took 20 s on this chain before its clock started (and 1 GB)."""
    (tmp_path / "chain.dip").write_text(_chain(6_000), encoding="utf-8")
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "dipcheck", "simulate", "--all-paths", "chain.dip", *BUDGETS],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    elapsed = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    summary = result.stdout.splitlines()[2]
    assert re.fullmatch(
        r"explored \d+ states: \d+ distinct terminal paths \(incomplete: the time limit \(1 s\) "
        r"was reached; a run reached the simulator's step limit \(max_steps 5000\)\)",
        summary,
    ), summary
    assert elapsed < 20


# -- Reach against a breadth-first search ----------------------------------------------------


def _searched(moves: dict[str, list[str]], source: str) -> set[str]:
    if source not in moves:
        return set()
    seen = {source}
    queue = deque([source])
    while queue:
        for target in moves[queue.popleft()]:
            if target in moves and target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


@st.composite
def _graphs(draw: st.DrawFn) -> dict[str, list[str]]:
    names = [f"n{index}" for index in range(draw(st.integers(1, 12)))]
    outside = ["gone"]  # a target that is not a node: nothing reaches it
    return {name: draw(st.lists(st.sampled_from(names + outside), max_size=4)) for name in names}


def _pairs(moves: dict[str, list[str]]) -> Iterator[tuple[str, str]]:
    everything = [*moves, "gone"]
    for source in everything:
        for target in everything:
            yield source, target


@settings(max_examples=150, deadline=None)
@given(_graphs())
def test_reach_answers_as_a_breadth_first_search(moves: dict[str, list[str]]) -> None:
    from dipcheck.simulate.graph import Reach

    reach = Reach(moves)
    everything = [*moves, "gone"]
    for source in everything:
        assert reach.among(source, everything) == _searched(moves, source)
    for source, target in _pairs(moves):
        assert reach.reaches(source, target) == (target in _searched(moves, source))
