"""``--all-paths`` lists exactly the runs the workflow can make (hypothesis).

On random small workflows (agents that write a key, tools, choice / yes-no / freeform human
gates, conditions on the outcome, the tool's output, a written key and the preferred label,
retries with and without a retry target, node and graph fallbacks, goal gates, loops and a
restart target), the exploration's terminal paths are compared with a brute-force enumeration:
every sequence of answers the world can give, one per node visit and one per unset condition
operand, each run from the start by the single-run simulator. The two sets of
(status, how the run ended, route) must be equal, where the route is the main-loop path with
a node's attempts retried in place counted once.

The brute force knows nothing of the explorer: its answers come from this test's own reading
of what each kind of node can report (tracker-runtime.md §5.3), with the values it generated
the conditions from.

The same runs are the oracle of the DC4xx facts, which the exploration gathers expanding each
state key once (``list_paths=False``), merging runs that reach one node in states it takes to
have the same future: the edges taken, the nodes that routed or matched no edge, whether and
with how few restarts a run succeeds, and which restart edges can still lead to success must
be what the single runs, taken together, show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from helpers import CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.engine import lint_file, lint_text
from dipcheck.simulate.children import load_child
from dipcheck.simulate.explore import explore
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import Machine, simulate
from dipcheck.simulate.trace import Run
from dipcheck.simulate.world import Choice

STDOUTS = ("", "a", "b")
VERDICTS = ("ok", "bad")
# the values an agent writes to each key it can declare: a key named `ctx.outcome` (a declared
# write makes one) is read by the conditions' `ctx.outcome` before the engine's outcome
# (tracker-runtime.md §5.2), and the engine never resets it (§3.3 reserves the bare name)
WRITTEN = {"verdict": VERDICTS, "ctx.verdict": VERDICTS, "ctx.outcome": ("success", "fail", "bad")}
MAX_RUNS = 2_500  # the brute force gives up beyond this (the example is then discarded)
MAX_STEPS = 40


@dataclass
class Case:
    text: str
    kinds: dict[str, str] = field(default_factory=dict)
    labels: dict[str, list[str]] = field(default_factory=dict)
    writers: dict[str, str] = field(default_factory=dict)  # agent -> the key it writes


# the kinds of the nodes before the exit (an agent, which can write, twice as often)
KINDS = ("agent", "agent", "tool", "human", "yes_no", "freeform")
# the conditions that read what the agents write, by the key they write
READERS = {
    "verdict": ("ctx.verdict = ok",),
    "ctx.verdict": ("ctx.verdict = ok",),
    # `bad` is true only while the key named `ctx.outcome` holds it
    "ctx.outcome": ("ctx.outcome = bad", "ctx.outcome = success"),
}


def _conditions(kinds: dict[str, str], source: str) -> list[str]:
    options = ["ctx.outcome = success", "ctx.outcome = fail", "ctx.tool_stdout = a"]
    if kinds[source] == "tool":
        options.append("ctx.tool_stdout = b")
    if kinds[source] in ("human", "yes_no"):
        options.append("ctx.preferred_label = Yes" if kinds[source] == "yes_no" else "")
    return [option for option in options if option]


@st.composite
def cases(draw: st.DrawFn, meeting: bool = False) -> Case:
    """A random workflow; ``meeting``: one whose edges only lead forward from a first agent
    that writes a key which later nodes' conditions read, so that runs that wrote different
    values meet at a later node in otherwise equal states (what merging states by key must
    keep apart)."""
    count = draw(st.integers(3 if meeting else 2, 5))
    names = [f"N{index}" for index in range(count)]
    case = Case("")
    for name in names[:-1]:
        case.kinds[name] = draw(st.sampled_from(KINDS))
    case.kinds[names[-1]] = "agent"
    if meeting:
        case.kinds[names[0]] = "agent"
    # the key the agents may write: `verdict`, or a key named `ctx.verdict` or `ctx.outcome`,
    # which the conditions' `ctx.verdict` and `ctx.outcome` read first (see WRITTEN)
    written = draw(st.sampled_from(sorted(WRITTEN) if meeting else [None, *sorted(WRITTEN)]))
    forward = meeting or draw(st.booleans())  # half the others only lead forward too

    def ahead(name: str) -> list[str]:
        return names[names.index(name) + 1 :] if forward else names

    lines = [
        "workflow W",
        f"  start: {names[0]}",
        f"  exit: {names[-1]}",
        "  defaults",
        f"    max_restarts: {draw(st.integers(0, 2))}",
        f"    max_retries: {draw(st.integers(0, 1))}",
    ]
    if not forward and draw(st.integers(0, 3)) == 0:
        lines.append(f"    on_failure: {draw(st.sampled_from(names))}")
    if not forward and draw(st.integers(0, 5)) == 0:
        lines.append(f"    restart_target: {draw(st.sampled_from(names))}")
    for name in names:
        kind = case.kinds[name]
        if kind == "agent":
            lines += [f"  agent {name}", f"    prompt: do {name}"]
            first = meeting and name == names[0]
            if written and name != names[-1] and (first or draw(st.booleans())):
                lines.append(f"    writes: {written}")
                case.writers[name] = written
            if draw(st.integers(0, 4)) == 0:
                lines.append("    goal_gate: true")
            if ahead(name) and draw(st.integers(0, 4)) == 0:
                lines.append(f"    retry_target: {draw(st.sampled_from(ahead(name)))}")
        elif kind == "tool":
            lines += [f"  tool {name}", f"    command: run {name}"]
        else:
            lines += [f"  human {name}", f"    label: {name}?"]
            if kind != "human":
                lines.append(f"    mode: {kind}")
        if ahead(name) and draw(st.integers(0, 5)) == 0:
            lines.append(f"    fallback_target: {draw(st.sampled_from(ahead(name)))}")

    def after_writer(name: str) -> bool:
        if not forward:
            return bool(case.writers) and name not in case.writers
        return any(names.index(writer) < names.index(name) for writer in case.writers)

    lines.append("  edges")
    for source in names[:-1]:
        human = case.kinds[source] in ("human", "freeform")
        for index in range(draw(st.integers(1, 3))):
            target = draw(st.sampled_from(ahead(source)))
            parts = [f"    {source} -> {target}"]
            if draw(st.booleans()):
                # half the conditions of a node that a writer can come before read what it
                # writes (where runs that wrote different values can meet)
                if after_writer(source) and draw(st.booleans()):
                    options = list(READERS[written])
                else:
                    options = _conditions(case.kinds, source)
                parts.append(f"when {draw(st.sampled_from(options))}")
            if human:
                label = f"L{index}"
                case.labels.setdefault(source, []).append(label)
                parts.append(f"label: {label}")
            if draw(st.integers(0, 4)) == 0:
                parts.append(f"weight: {draw(st.integers(1, 2))}")
            if draw(st.integers(0, 5)) == 0:
                parts.append("restart: true")
            lines.append("  ".join(parts))
    for name in case.labels:
        if draw(st.integers(0, 2)) == 0:
            default = draw(st.sampled_from(case.labels[name]))
            at = lines.index(f"    label: {name}?") + 1
            lines.insert(at, f"    default: {default}")
    case.text = "\n".join(lines) + "\n"
    return case


class Tape:
    """The brute force's world: answers by position in the run, alternative 0 past the end of
    the tape; records how many alternatives each position had."""

    def __init__(self, case: Case, tape: list[int]) -> None:
        self.case = case
        self.tape = tape
        self.taken: list[int] = []
        self.widths: list[int] = []

    def _pick(self, options: list[Any]) -> Any:
        position = len(self.taken)
        index = self.tape[position] if position < len(self.tape) else 0
        self.taken.append(index)
        self.widths.append(len(options))
        return options[index]

    def choices(self, machine: Machine, state: Any, path: str, visit: int) -> list[Choice]:
        kind = self.case.kinds[path]
        if kind == "agent":
            written = [()]
            if path in self.case.writers:
                key = self.case.writers[path]
                written = [(), *(((key, value),) for value in WRITTEN[key])]
            options = [Choice(outcome="success", writes=item) for item in written]
            options += [Choice(outcome="fail"), Choice(outcome="retry")]
        elif kind == "tool":
            options = [Choice(exit_code=code, stdout=out) for code in (0, 1) for out in STDOUTS]
        elif kind == "yes_no":
            options = [Choice(label="Yes"), Choice(label="No")]
        elif kind == "human":
            options = [Choice(label=label) for label in self.case.labels[path]]
        else:
            options = [Choice(text=text) for text in [*self.case.labels[path], "something else"]]
        return [self._pick(options)]

    def free(
        self, machine: Machine, state: Any, node: str, keys: tuple[str, ...]
    ) -> list[Mapping[str, str]]:
        values: dict[str, str] = {}
        for key in keys:
            options = [None, "ok", "bad", "a", "b", "Yes"]
            picked = self._pick(options)
            if picked is not None:
                values[key] = picked
        return [values]

    def runs(self, machine: Machine, state: Any) -> list[Any]:
        raise AssertionError("the generated workflows have no child workflows")

    def cut(self, reason: str) -> None:
        raise AssertionError("one answer per visit: nothing to cut")


def _route(run: Run) -> tuple[str, ...]:
    """The main-loop nodes, an attempt that retried in place dropped (the test's own reading)."""
    top = run.top
    route = []
    for index, step in enumerate(top):
        again = index + 1 < len(top) and top[index + 1].node == step.node
        edge = step.edge
        if step.outcome == "retry" and again and edge is not None and edge.reason == "retry":
            continue
        route.append(step.node)
    return tuple(route)


def every_run(machine: Machine, case: Case) -> list[Run] | None:
    """The run of every sequence of answers; None past MAX_RUNS or when a run reaches the
    simulator's step limit."""
    runs: list[Run] = []
    pending: list[list[int]] = [[]]
    while pending:
        if len(runs) >= MAX_RUNS:
            return None
        tape = pending.pop()
        world = Tape(case, tape)
        run = simulate(machine, world)  # type: ignore[arg-type]
        assert run.end is not None
        if run.end.status == "max_steps":
            return None  # a run the simulator cuts: the exploration says it is incomplete
        runs.append(run)
        for position in range(len(tape), len(world.widths)):
            for other in range(1, world.widths[position]):
                pending.append([*world.taken[:position], other])
    return runs


def brute_force(machine: Machine, case: Case) -> set[tuple[str, str, tuple[str, ...]]] | None:
    """Every (status, cause, route) over every sequence of answers (None: see every_run)."""
    runs = every_run(machine, case)
    if runs is None:
        return None
    return {(run.end.status, run.end.cause, _route(run)) for run in runs if run.end is not None}


# how a step that chose an edge by itself (not a retry, fallback or gate redirect) says so
ROUTED = frozenset({"condition", "label", "suggested", "weight", "lexical"})


def facts_of(runs: list[Run]) -> dict[str, Any]:
    """What the single runs show together, in the terms of the exploration's facts (this
    test's own reading of a run's steps: every node is in the main loop here)."""
    taken: set[int] = set()
    routed: set[str] = set()
    stuck: set[str] = set()
    restart_edges: dict[int, bool] = {}  # edge → some run restarting through it succeeds
    fewest: int | None = None
    for run in runs:
        end = run.end
        assert end is not None
        restarts = 0
        for step in run.steps:
            edge = step.edge
            if edge is None:
                continue
            if edge.edge is not None:
                taken.add(id(edge.edge))
            if edge.reason in ROUTED:
                routed.add(step.node)
            if edge.restart is not None and edge.edge is not None:
                restarts += 1
                restart_edges[id(edge.edge)] = restart_edges.get(id(edge.edge), False) or (
                    end.succeeded
                )
        last = run.steps[-1]
        if end.cause in ("no_matching_edges", "condition_error"):
            routed.add(last.node)
        if end.cause == "no_matching_edges" and last.outcome != "fail":
            stuck.add(last.node)
        if end.succeeded and (fewest is None or restarts < fewest):
            fewest = restarts
    return {
        "taken": taken,
        "routed": routed,
        "stuck": stuck,
        "succeeded": any(run.end is not None and run.end.succeeded for run in runs),
        "exhausted restarts": any(
            run.end is not None and run.end.cause == "restarts" for run in runs
        ),
        "fewest restarts": fewest,
        "restart edges": restart_edges,
    }


def _machine(case: Case) -> Machine:
    result = lint_text(case.text, "w.dip")
    assert result.workflow is not None, result.diagnostics
    return Machine(RunGraph(result.workflow), max_steps=MAX_STEPS)


SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@SETTINGS
@given(cases())
def test_all_paths_equals_every_scenario(case: Case) -> None:
    machine = _machine(case)
    expected = brute_force(machine, case)
    if expected is None:
        return  # too many runs to enumerate, or runs the simulator cuts: nothing to compare
    explored = explore(machine, max_paths=0, max_states=200_000)
    assert explored.complete, explored.truncated
    listed = {(t.end.status, t.end.cause, tuple(t.route)) for t in explored.paths}
    assert listed == expected, case.text
    assert len(listed) == len(explored.paths)  # each distinct end listed once


@SETTINGS
@given(st.one_of(cases(), cases(meeting=True)))
def test_each_state_once_finds_what_every_scenario_does(case: Case) -> None:
    machine = _machine(case)
    runs = every_run(machine, case)
    if runs is None:
        return  # as above
    explored = explore(machine, max_paths=0, max_states=200_000, list_paths=False)
    assert explored.complete, explored.truncated
    found = {
        "taken": explored.taken_edges,
        "routed": explored.routed,
        "stuck": set(explored.stuck),
        "succeeded": explored.succeeded,
        "exhausted restarts": explored.exhausted_restarts,
        "fewest restarts": explored.fewest_restarts,
        "restart edges": {edge: any(ends) for edge, ends in explored.restart_edges.items()},
    }
    assert found == facts_of(runs), case.text


# -- the examples and the budgets ----------------------------------------------------

EXAMPLES = CORPUS / "tracker" / "examples"


def _explore_file(path: Path, **options: Any) -> Any:
    result = lint_file(str(path))
    assert result.workflow is not None
    machine = Machine(RunGraph(result.workflow), children=load_child)
    return explore(machine, **options)


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="../shared/corpus not found beside the project")
def test_every_human_answer_is_listed() -> None:
    explored = _explore_file(EXAMPLES / "human_gate_showcase.dip", max_paths=0)
    assert explored.complete
    routes = {tuple(t.route) for t in explored.paths if t.end.status == "success"}
    colours = ("RedPath", "BluePath", "GreenPath", "WildcardPath")
    spices = ("MildPath", "MediumPath", "HotPath")
    for colour in colours:  # the defaults (Red, Mild) and every other answer, each combined
        for spice in spices:
            assert any(
                colour in route and spice in route and "FinalSummary" in route for route in routes
            ), (colour, spice)
    assert any("NoPath" in route for route in routes)  # the binary gate's other answer
    assert len(explored.paths) == 62


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="../shared/corpus not found beside the project")
def test_a_budget_cut_still_lists_a_successful_run() -> None:
    explored = _explore_file(EXAMPLES / "build_product.dip", max_paths=50)
    assert explored.truncated == "the path limit (50) was reached"
    assert any(t.end.succeeded and t.route[-1] == "Done" for t in explored.paths)


def test_budgets_say_what_cut_the_exploration() -> None:
    case = Case(
        "workflow W\n  start: A\n  exit: Z\n  defaults\n    max_restarts: 1\n    max_retries: 0\n"
        "  agent A\n    prompt: a\n  agent B\n    prompt: b\n"
        "  agent Z\n    prompt: z\n  edges\n    A -> B\n    B -> A  when ctx.outcome = fail\n"
        "    B -> Z\n"
    )
    machine = _machine(case)
    assert explore(machine, max_states=3).truncated == "the state limit (3) was reached"
    assert explore(machine, max_paths=2).truncated == "the path limit (2) was reached"
    machine.max_steps = 3
    cut = explore(machine, max_paths=0)
    assert "a run reached the simulator's step limit (max_steps 3)" in cut.truncated
    assert not cut.complete
    machine.max_steps = MAX_STEPS
    assert explore(machine, max_paths=0).complete
    assert explore(machine, max_seconds=0.0).truncated == "the time limit (0 s) was reached"


PARENT = """\
workflow Parent
  start: Start
  exit: Done
  agent Start
    label: Start
  agent Decide
    prompt: Decide.
    writes: flag
  subgraph Run
    ref: child.dip
  agent Done
    label: Done
  edges
    Start -> Decide
    Decide -> Run
    Run -> Done
"""
CHILD = """\
workflow Child
  start: Begin
  exit: End
  agent Begin
    label: Begin
  agent Fast
    prompt: Go fast.
  agent Stop
    prompt: Stop.
  agent End
    label: End
  edges
    Begin -> Fast  when ctx.flag = yes
    Begin -> Stop
    Fast -> End
"""


def test_a_key_the_parent_writes_routes_the_child(tmp_path: Path) -> None:
    (tmp_path / "child.dip").write_text(CHILD, encoding="utf-8")
    parent = tmp_path / "parent.dip"
    parent.write_text(PARENT, encoding="utf-8")
    explored = _explore_file(parent, max_paths=0)
    assert explored.complete
    ends = {(t.end.status, tuple(t.route)): t for t in explored.paths}
    route = ("Start", "Decide", "Run", "Done")

    def flag(terminal: Any) -> str:
        [decide] = [step for step in terminal.steps if step.node == "Decide"]
        return dict(decide.writes)["flag"]

    # the child sees the value the parent's agent wrote: `yes` goes fast and succeeds ...
    assert flag(ends[("success", route)]) == "yes"
    # ... anything else stops in a node with no edges, and the parent run fails (§5.7)
    assert flag(ends[("fail", route[:3])]) != "yes"
    assert {status for status, _ in ends} == {"success", "fail"}
