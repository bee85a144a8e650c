"""A child workflow explored once for every parent value of the keys it writes before it reads
them (``ExploreOracle.runs``) against each distinct start explored afresh
(``ExploreOracle.share_children`` off), on generated parents whose parallel block runs subgraph
branches (and a grandchild inside the child), reached with contexts that differ in keys the
child reads and in keys it does not; the child's tools print the very values the parent's
tool printed, and a state the parent's value reaches (the exit, when the child's start fails)
may be reached after the child printed one of them. Compared field by field: each child
start's ends (steps, end, final context), the facts and finals of the sweep, the listed paths
and the DC4xx diagnostics; some examples run under a small work budget of the outermost node,
which the reused ends charge, or keep one exploration for reuse at a time.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_simulate_child_reuse import chain_edges, parallel_block

from dipcheck.config import Config
from dipcheck.engine import lint_file
from dipcheck.rules import simulation
from dipcheck.simulate import alternatives, composite, explore
from dipcheck.simulate.alternatives import ExploreOracle
from dipcheck.simulate.children import load_child
from dipcheck.simulate.explore import Explorer
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import Machine
from dipcheck.simulate.scenario import Scenario

CHILD_CONDITIONS = (
    "",
    "ctx.outcome = fail",
    "ctx.tool_stdout = a",
    "ctx.tool_stdout = b",
    "ctx.flag = yes",
    "ctx.note = n1",
)


@st.composite
def _child(draw: st.DrawFn, grandchild: bool) -> str:
    """Tools printing what the parent's tool prints, agents writing the parent's keys, edges
    back to the start (a state there may hold a value the child printed) and a condition on
    the start node (the parent's value read before any tool runs)."""
    count = draw(st.integers(2, 3))
    names = [f"C{index}" for index in range(count)]
    lines = ["workflow Child", "  start: C0", f"  exit: {names[-1]}", "  defaults"]
    lines.append(f"    max_restarts: {draw(st.integers(0, 1))}")
    for node in names:
        kinds = ("agent",) if node in ("C0", names[-1]) else ("tool", "tool", "agent", "sub")
        kind = draw(st.sampled_from(kinds))
        if kind == "sub" and grandchild:
            lines += [f"  subgraph {node}", "    ref: grand.dip"]
        elif kind == "tool":
            lines += [f"  tool {node}", f"    command: echo {node}"]
        else:
            lines += [f"  agent {node}", f"    prompt: do {node}"]
            if draw(st.booleans()):
                lines.append(f"    writes: {draw(st.sampled_from(('flag', 'note')))}")
    lines.append("  edges")
    if draw(st.booleans()):  # the parent's value and one a tool printed meet at the exit
        lines.append(f"    C0 -> {names[-1]}  when ctx.outcome = fail")
    lines += chain_edges(draw, names, CHILD_CONDITIONS)
    return "\n".join(lines) + "\n"


GRANDCHILD = """workflow Grand
  start: G0
  exit: G1
  tool G0
    command: echo g
  agent G1
    prompt: end
  edges
    G0 -> G1
"""


@st.composite
def _files(draw: st.DrawFn) -> dict[str, str]:
    """A parent: a tool whose output the children route on, an agent writing keys a child
    may or may not read, a parallel block of subgraph (and agent) branches, and after the
    join conditions on what came back."""
    grandchild = draw(st.booleans())
    branches = draw(st.lists(st.sampled_from(("sub", "sub", "agent")), min_size=1, max_size=2))
    lines = ["workflow Parent", "  start: P0", "  exit: P3", "  defaults"]
    lines.append(f"    max_restarts: {draw(st.integers(0, 1))}")
    lines += ["  agent P0", "    prompt: begin", "  tool P1", "    command: echo p"]
    lines += ["  agent P2", "    prompt: middle", "    writes: note"]
    if draw(st.booleans()):
        lines.append("    writes: flag")
    lines += ["  agent P3", "    prompt: end"]
    lines += parallel_block(draw, branches)
    after_join = ["    Join -> P3"]
    if not grandchild and branches.count("sub") < 2 and draw(st.booleans()):  # (test time)
        lines += ["  subgraph Solo", "    ref: child.dip"]
        after_join = ["    Join -> Solo", "    Solo -> P3"]
    lines += ["  edges", "    P0 -> P1", "    P1 -> P2", "    P2 -> Fork", *after_join]
    lines.append("    P1 -> P2  when ctx.tool_stdout = a")
    files = {"parent.dip": "\n".join(lines) + "\n", "child.dip": draw(_child(grandchild))}
    if grandchild:
        files["grand.dip"] = GRANDCHILD
    return files


def _observe(path: Path, budget: int, kept: int = alternatives.MAX_SHARED) -> tuple[Any, ...]:
    """What a sweep, a listing and the DC4xx rules make of ``path``, with every child start's
    ends as the parent's explorer got them."""
    root = str(path.parent)
    relative = os.path.relpath(root)  # (how a child's path shows, from a relative `ref`)

    def clean(text: str) -> str:
        return text.replace(root, "").replace(relative, "")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(composite, "MAX_NESTED_WORK", budget)
        patch.setattr(alternatives, "MAX_SHARED", kept)
        patch.setattr(simulation, "LINT_MAX_STATES", STATES)  # (small: the test's time)
        result = lint_file(str(path), Config(select=("DC4",)))
        assert result.workflow is not None
        machine = Machine(RunGraph(result.workflow), children=load_child)
        seen: list[Any] = [[clean(repr(item)) for item in result.diagnostics]]
        explorer = Explorer(machine, Scenario(), max_paths=0, max_states=STATES)
        found = explorer.run(explorer.machine.initial({}), list_paths=False)
        seen.append((found.states, found.truncated, found.succeeded, found.fewest_restarts))
        seen.append(sorted(found.routed))
        seen.append(found.gate_checks)
        seen.append([(repr(t.end), clean(repr(t.steps)), final) for t, final in explorer.finals])
        seen.append(
            [
                [(clean(repr(steps)), repr(end), final) for steps, end, final in runs]
                for runs in explorer.oracle.child_runs.values()
            ]
        )
        shown = explore.explore(machine, max_paths=20, max_states=STATES // 2)
        seen.append(shown.truncated)
        seen.append([(repr(t.end), clean(repr(t.steps))) for t in shown.paths])
    return tuple(seen)


_FOLDERS = itertools.count()
STATES = 60


def _write(base: Path, files: dict[str, str]) -> Path:
    root = base / str(next(_FOLDERS))  # a folder of its own: no lint cache or memo reused
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root / "parent.dip"


def _both(
    base: Path, files: dict[str, str], budget: int, kept: int = alternatives.MAX_SHARED
) -> tuple[Any, Any]:
    observed = []
    for sharing in (True, False):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ExploreOracle, "share_children", sharing)
            observed.append(_observe(_write(base, files), budget, kept))
    return observed[0], observed[1]


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    files=_files(),
    budget=st.sampled_from((composite.MAX_NESTED_WORK, 60, 200)),
    kept=st.sampled_from((alternatives.MAX_SHARED, 1)),  # 1: each kept exploration forgotten
)
def test_shared_child_explorations_change_nothing(
    tmp_path: Path, files: dict[str, str], budget: int, kept: int
) -> None:
    shared, afresh = _both(tmp_path, files, budget, kept)
    for now, before in zip(shared, afresh, strict=True):
        assert now == before


def _counting(patch: pytest.MonkeyPatch) -> list[int]:
    """How many child workflows are explored (with markers or not)."""
    count = [0]
    explorer: Callable[..., Any] = ExploreOracle._explorer

    def counted(self: ExploreOracle, *args: Any) -> Any:
        count[0] += 1
        return explorer(self, *args)

    patch.setattr(ExploreOracle, "_explorer", counted)
    return count


STREAM = """workflow Stream
  start: S0
  exit: S3
  agent S0
    prompt: start
  tool S1
    command: echo s
  tool S2
    command: echo t
  agent S3
    prompt: end
  edges
    S0 -> S1
    S1 -> S2
    S2 -> S3  when ctx.tool_stdout = done
    S2 -> S1  when ctx.tool_stdout = again  restart: true
    S2 -> S3
"""

PARENT = """workflow Parent
  start: P0
  exit: P3
  agent P0
    prompt: begin
  tool P1
    command: echo p
  subgraph A
    ref: stream.dip
  subgraph B
    ref: stream.dip
    params:
      stream: b
  parallel Fork -> A, B
  fan_in Join <- A, B
  agent P3
    prompt: end
  edges
    P0 -> P1
    P1 -> Fork
    Join -> P3  when ctx.tool_stdout = done
    Join -> P3
"""


def test_one_exploration_serves_every_value_the_parent_printed(tmp_path: Path) -> None:
    """The parent's tool prints `done`, `again`, nothing or something else, and the child
    writes that key before it reads it: each branch's child is explored once, not once per
    value, and the results are those of the exploration per value."""
    files = {"parent.dip": PARENT, "stream.dip": STREAM}
    counts = []
    for sharing in (True, False):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ExploreOracle, "share_children", sharing)
            count = _counting(patch)
            path = _write(tmp_path, files)
            observed = _observe(path, composite.MAX_NESTED_WORK)
            counts.append((count[0], observed))
    (shared, now), (afresh, before) = counts
    assert now == before
    assert afresh >= 2 * shared > 0


def test_a_value_the_child_printed_is_explored_afresh(tmp_path: Path) -> None:
    """A child that reaches `C1` with the parent's value (its start failed) or after its tool
    printed `x` or nothing (the key, the rest alike): a parent value `x` would merge states
    the marked exploration kept apart, so that value is explored on its own; a value the child
    never prints (`done`) reuses the marked exploration. The results are those without
    sharing."""
    child = """workflow Meet
  start: C0
  exit: C2
  agent C0
    prompt: start
  tool T
    command: echo t
  agent C1
    prompt: middle
  agent C2
    prompt: end
  edges
    C0 -> T  when ctx.outcome = success
    C0 -> C1  when ctx.outcome = fail
    T -> C1  when ctx.tool_stdout = x
    T -> C1
    C1 -> C2
"""
    files = {"parent.dip": PARENT.replace("stream.dip", "meet.dip"), "meet.dip": child}
    fits: list[bool] = []
    original = alternatives._Shared.fits

    def noted(self: alternatives._Shared, values: dict[str, str]) -> bool:
        fits.append(original(self, values))
        return fits[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(alternatives._Shared, "fits", noted)
        shared, afresh = _both(tmp_path, files, composite.MAX_NESTED_WORK)
    assert True in fits and False in fits
    assert shared == afresh


def test_a_marker_the_child_could_print_is_not_reused(tmp_path: Path) -> None:
    """A parent value equal to a marker's text is explored on its own."""
    files = {"parent.dip": PARENT, "stream.dip": STREAM}
    path = _write(tmp_path, files)
    result = lint_file(str(path), Config(select=("DC4",)))
    assert result.workflow is not None
    machine = Machine(RunGraph(result.workflow), children=load_child)
    explorer = Explorer(machine, Scenario(), max_paths=0, max_states=300)
    explorer.run(explorer.machine.initial({}), list_paths=False)
    entries = [entry for entry in explorer.oracle.shared.values() if entry is not None]
    assert entries
    for entry in entries:
        assert entry.fits({name: "done" for name in entry.marks})
        assert not entry.fits(dict(entry.marks))


NEST = """workflow Nest
  start: N0
  exit: N3
  agent N0
    prompt: start
  tool N1
    command: echo n
  subgraph N2
    ref: grand.dip
  agent N3
    prompt: end
  edges
    N0 -> N1
    N1 -> N2
    N2 -> N3  when ctx.tool_stdout = done
    N2 -> N3
"""


def _second_start(tmp_path: Path, sharing: bool, budget: int) -> tuple[list[Any], list[int]]:
    """A child started with `done`, then, left ``budget`` of the outermost node's work, with
    `again`: its runs, or the budget running out (as each nested child charges it); and the
    work of the reused explorations."""
    files = {"parent.dip": PARENT.replace("stream.dip", "nest.dip")}
    files |= {"nest.dip": NEST, "grand.dip": GRANDCHILD}
    path = _write(tmp_path, files)
    root, relative = str(path.parent), os.path.relpath(path.parent)
    result = lint_file(str(path), Config(select=("DC0",)))
    assert result.workflow is not None
    machine = Machine(RunGraph(result.workflow), children=load_child)
    explorer = Explorer(machine, Scenario(), max_paths=0, max_states=STATES)
    oracle = explorer.oracle
    child = composite.child_of(explorer.machine, "A")
    assert child is not None
    outcomes: list[Any] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ExploreOracle, "share_children", sharing)
        for value, left in (("done", composite.MAX_NESTED_WORK), ("again", budget)):
            ctx = {**explorer.machine.initial({}).ctx, "tool_stdout": value}
            start = composite._child_start(explorer.machine, child, "A", ctx)
            token = composite._RUNNING.set(composite._Running((), [left]))
            try:
                runs = oracle.runs(child, start)
            except composite._OverBudget:
                outcomes.append("over budget")
                continue
            finally:
                composite._RUNNING.reset(token)
            shown = [
                (repr(steps).replace(root, "").replace(relative, ""), repr(end), final)
                for steps, end, final in runs
            ]
            outcomes.append(shown)
    spent = [entry.spent for entry in oracle.shared.values() if entry is not None]
    return outcomes, spent


def test_reused_ends_charge_the_work_budget_as_exploring_them_would(tmp_path: Path) -> None:
    """The second start reuses the first's exploration, whose grandchild runs cost work: with
    any budget left, it goes over exactly when exploring it afresh would."""
    _, spent = _second_start(tmp_path, True, composite.MAX_NESTED_WORK)
    assert spent and spent[0] > 0
    for budget in (0, spent[0] - 1, spent[0], spent[0] + 1):
        now, _ = _second_start(tmp_path, True, budget)
        before, _ = _second_start(tmp_path, False, budget)
        assert now == before
        assert (now[1] == "over budget") == (budget < spent[0])


TWO_RUNS_PARENT = """workflow Parent
  start: P0
  exit: P1

  agent P0
    prompt: begin

  subgraph S1
    ref: child.dip

  subgraph S2
    ref: child.dip

  agent P1
    prompt: end

  edges
    P0 -> S1
    S1 -> S2
    S2 -> P1
"""
TWO_RUNS_CHILD = """workflow Child
  start: C0
  exit: C1

  agent C0
    prompt: child start

  agent C1
    prompt: child end

  edges
    C0 -> C1
"""


def test_two_nodes_running_one_child_file_name_its_steps_each(tmp_path: Path) -> None:
    """`S1` and `S2` run `child.dip` with the same params, so they share its graph, and reach
    it with the same context: the child's ends explored for `S1` were handed to `S2` with
    their steps named `S1/C0`, `S1/C1` (every listed path but the first through `S2`)."""
    path = _write(tmp_path, {"parent.dip": TWO_RUNS_PARENT, "child.dip": TWO_RUNS_CHILD})
    result = lint_file(str(path), Config(select=("DC4",)))
    assert result.workflow is not None
    machine = Machine(RunGraph(result.workflow), children=load_child)
    listed = explore.explore(machine, max_paths=20, max_states=200)
    named = [[step.node for step in terminal.steps] for terminal in listed.paths]
    through = [nodes[nodes.index("S2") + 1 :] for nodes in named if "S2" in nodes]
    assert len(through) == 5
    for nodes in through:
        children = [node for node in nodes if "/" in node]
        assert children and all(node.startswith("S2/") for node in children), nodes
    # (the twin: the steps of the first node's run are named under it)
    firsts = [nodes[nodes.index("S1") + 1 : nodes.index("S2")] for nodes in named if "S2" in nodes]
    assert all(nodes == ["S1/C0", "S1/C1"] for nodes in firsts)
