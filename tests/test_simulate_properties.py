"""Properties of the simulator on random small workflows and scenarios (hypothesis):

* every edge a run takes is one the runtime's selection order allows — checked here against
  an independent reading of tracker-runtime.md §5.3, not against the simulator's own code;
* no node runs without an incoming taken edge (or redirect) from the step before;
* ``--all-paths`` contains the default scenario's path.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.engine import lint_text
from dipcheck.simulate.explore import explore
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import Machine, simulate
from dipcheck.simulate.scenario import Scenario, ScenarioOracle
from dipcheck.simulate.world import Choice

CONDITIONS = (
    "",
    "ctx.outcome = success",
    "ctx.outcome = fail",
    "ctx.tool_stdout = a",
    "ctx.tool_stdout = b",
)
KINDS = ("agent", "tool", "human")


@dataclass
class Case:
    text: str
    kinds: dict[str, str]
    scenario: Scenario


@st.composite
def cases(draw: st.DrawFn) -> Case:
    count = draw(st.integers(3, 7))
    names = [f"N{index}" for index in range(count)]
    kinds = {name: draw(st.sampled_from(KINDS)) for name in names}
    kinds[names[-1]] = "agent"
    lines = [
        "workflow W",
        f"  start: {names[0]}",
        f"  exit: {names[-1]}",
        "  defaults",
        f"    max_restarts: {draw(st.integers(0, 3))}",
    ]
    if draw(st.booleans()):
        lines.append(f"    on_failure: {draw(st.sampled_from(names))}")
    for name in names:
        kind = kinds[name]
        lines.append(f"  {kind} {name}")
        if kind == "agent":
            lines.append(f"    prompt: do {name}")
        elif kind == "tool":
            lines.append(f"    command: run {name}")
        elif draw(st.booleans()):
            lines.append("    mode: yes_no")
            kinds[name] = "yes_no"
        else:
            lines.append(f"    label: {name}?")
    lines.append("  edges")
    labels: dict[str, list[str]] = {}
    for source in names[:-1]:
        for _ in range(draw(st.integers(1, 3))):
            target = draw(st.sampled_from(names))
            parts = [f"    {source} -> {target}"]
            condition = draw(st.one_of(st.just(""), st.sampled_from(CONDITIONS)))
            if condition:
                parts.append(f"when {condition}")
            if kinds[source] == "human":
                label = f"L{len(labels.setdefault(source, []))}"
                labels[source].append(label)
                parts.append(f"label: {label}")
            if draw(st.integers(0, 4)) == 0:
                parts.append(f"weight: {draw(st.integers(1, 3))}")
            lines.append("  ".join(parts))
    scenario = Scenario()
    for name in names:
        if not draw(st.booleans()):
            continue
        visits = []
        for _ in range(draw(st.integers(1, 3))):
            kind = kinds[name]
            if kind == "agent":
                visits.append(Choice(outcome=draw(st.sampled_from(("success", "fail", "retry")))))
            elif kind == "tool":
                visits.append(
                    Choice(
                        exit_code=draw(st.sampled_from((0, 1))),
                        stdout=draw(st.sampled_from(("", "a", "b"))),
                    )
                )
            elif kind == "yes_no":
                visits.append(Choice(label=draw(st.sampled_from(("Yes", "No")))))
            elif labels.get(name):
                visits.append(Choice(label=draw(st.sampled_from(labels[name]))))
        if visits:
            scenario.nodes[name] = visits
    return Case("\n".join(lines) + "\n", kinds, scenario)


def _machine(case: Case) -> Machine:
    result = lint_text(case.text, "w.dip")
    assert result.workflow is not None, result.diagnostics
    return Machine(RunGraph(result.workflow), max_steps=200)


def _truth(condition: str, outcome: str, stdout: str) -> bool:
    """The test's own reading of the five conditions it generates (§5.2)."""
    if not condition:
        return True
    key, value = condition.split(" = ")
    return (outcome if key == "ctx.outcome" else stdout) == value


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(cases())
def test_every_taken_edge_is_allowed_and_follows_the_last(case: Case) -> None:
    machine = _machine(case)
    graph = machine.graph
    run = simulate(machine, ScenarioOracle(case.scenario))
    steps = run.top
    assert steps and steps[0].node == graph.start
    stdout = ""
    for index, step in enumerate(steps):
        writes = dict(step.writes)
        stdout = writes.get("tool_stdout", stdout)
        if index + 1 < len(steps):  # the next node is where this step's edge or redirect led
            assert step.edge is not None
            expected = step.edge.restart or step.edge.target
            assert steps[index + 1].node == expected
        taken = step.edge
        if taken is None or taken.edge is None:
            continue
        edges = graph.edges_from(step.node)
        assert taken.edge in edges  # an outgoing edge of the node
        conditional = [edge for edge in edges if edge.conditional]
        texts = {id(edge): graph.condition_text(edge) for edge in edges}
        true = [edge for edge in conditional if _truth(texts[id(edge)], step.outcome, stdout)]
        if taken.reason == "condition":
            assert true and taken.edge is true[0]  # the first true condition, in order
        else:
            assert not true  # no condition was true (§5.3 step 1 first)
            if taken.reason == "label":
                assert case.kinds[step.node] in ("human", "yes_no")
                assert taken.edge.label in {edge.label for edge in edges}
            else:
                assert taken.reason in ("weight", "lexical")
                plain = [edge for edge in edges if not edge.conditional]
                assert taken.edge in plain
                top = max(int(edge.attr_value("weight") or 0) for edge in plain)
                best = sorted(
                    edge.target.value
                    for edge in plain
                    if int(edge.attr_value("weight") or 0) == top
                )
                assert taken.edge.target.value == best[0]  # highest weight, then lexical


@SETTINGS
@given(cases())
def test_all_paths_contains_the_default_path(case: Case) -> None:
    machine = _machine(case)
    default = simulate(machine, ScenarioOracle(Scenario()))
    explored = explore(machine, max_paths=1000, max_states=5000)
    assert explored.paths[0].path == default.path
    assert explored.paths[0].end.status == default.end.status
    # and with a scenario, the scenario's own run comes first
    scenario_run = simulate(machine, ScenarioOracle(case.scenario))
    pinned = explore(machine, case.scenario, max_paths=1000, max_states=5000)
    assert pinned.paths[0].path == scenario_run.path
