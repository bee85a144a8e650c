"""Helpers for the simulator tests: simulate dedented workflow text under a scenario."""

from __future__ import annotations

from dataclasses import dataclass

from helpers import dedent

from dipcheck.engine import lint_file, lint_text
from dipcheck.simulate.children import load_child
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import Machine, simulate
from dipcheck.simulate.scenario import Scenario, ScenarioOracle, load_scenario
from dipcheck.simulate.trace import Run
from dipcheck.target import DEFAULT, TargetVersion


@dataclass
class Simulated:
    run: Run
    machine: Machine

    @property
    def path(self) -> list[str]:
        return self.run.path

    @property
    def status(self) -> str:
        assert self.run.end is not None
        return self.run.end.status

    @property
    def message(self) -> str:
        assert self.run.end is not None
        return self.run.end.message

    def edges(self) -> list[tuple[str, str | None, str | None]]:
        """(node, next node, reason) for every main-loop step."""
        return [
            (
                step.node,
                step.edge.target if step.edge else None,
                step.edge.reason if step.edge else None,
            )
            for step in self.run.top
        ]


def machine_for(text: str, path: str = "w.dip", target: TargetVersion = DEFAULT) -> Machine:
    result = lint_text(dedent(text), path)
    assert result.workflow is not None, result.diagnostics
    return Machine(RunGraph(result.workflow), target, children=load_child)


def simulate_text(
    text: str, scenario: str | None = None, path: str = "w.dip", target: TargetVersion = DEFAULT
) -> Simulated:
    machine = machine_for(text, path, target)
    loaded = Scenario()
    if scenario is not None:
        loaded = load_scenario("s.yaml", dedent(scenario), machine.graph, load_child)
        if loaded.max_steps:
            machine.max_steps = loaded.max_steps
    run = simulate(machine, ScenarioOracle(loaded), loaded.context)
    return Simulated(run, machine)


def simulate_file(path: str, scenario: str | None = None) -> Simulated:
    result = lint_file(path)
    assert result.workflow is not None
    machine = Machine(RunGraph(result.workflow), children=load_child)
    loaded = Scenario()
    if scenario is not None:
        loaded = load_scenario("s.yaml", dedent(scenario), machine.graph, load_child)
    return Simulated(simulate(machine, ScenarioOracle(loaded), loaded.context), machine)


def choice_gates(count: int) -> str:
    """A chain of ``count`` choice gates, each with two answers onward and one back to the
    first: every path is a different run, and a queued state holds its run's history."""
    lines = ["workflow H", "  start: G0", "  exit: Done", "  agent Done", "    label: Done"]
    for index in range(count):
        lines += [f"  human G{index}", f"    label: G{index}", "    mode: choice"]
    lines.append("  edges")
    for index in range(count):
        onward = f"G{index + 1}" if index + 1 < count else "Done"
        lines += [
            f'    G{index} -> {onward}  label: "[A] a"',
            f'    G{index} -> {onward}  label: "[B] b"',
            f'    G{index} -> G0  label: "[C] back"',
        ]
    return "\n".join(lines) + "\n"
