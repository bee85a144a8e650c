"""One simulation from a file (or an editor's text) to output: load the workflow with the same
engine ``dipcheck lint`` uses, build the machine, read the scenario, run or explore, render.
The CLI and the language server both go through here.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.model import Dialect
from dipcheck.records import field, record
from dipcheck.simulate.children import load_child
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import DEFAULT_MAX_STEPS, Machine, simulate
from dipcheck.simulate.scenario import (
    MAX_SCENARIO_BYTES,
    Scenario,
    ScenarioError,
    ScenarioOracle,
)
from dipcheck.simulate.trace import Run
from dipcheck.terminal import visible

if TYPE_CHECKING:
    from dipcheck.engine import LintResult
    from dipcheck.simulate.explore import Exploration


DEFAULT_MAX_SECONDS = 30.0  # --all-paths stops exploring after this long (and says so)


class SimulateError(Exception):
    """The simulation cannot start: a workflow that does not load, a bad scenario."""


@record
class Prepared:
    path: str
    graph: RunGraph
    machine: Machine
    scenario: Scenario
    config: Config
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def target(self) -> str:
        return str(self.machine.target)


def _loading_errors(result: LintResult) -> list[Diagnostic]:
    return [
        item
        for item in result.diagnostics
        if item.code.startswith("DC0") and item.severity is Severity.ERROR
    ]


def prepare(
    path: str,
    config: Config,
    scenario_path: str | None = None,
    max_steps: int | None = None,
    verbose: bool = False,
    text: str | None = None,
) -> Prepared:
    from dipcheck.engine import lint_file, lint_text, named_outside, not_loaded

    refused = named_outside(path) if text is None else None
    if refused is not None:
        raise SimulateError(f"{path}: {refused}")
    result = (
        lint_file(path, config, named=True)
        if text is None
        else lint_text(text, path, config, named=True)
    )
    workflow = result.workflow
    if workflow is None:
        raise SimulateError(not_loaded(path, result, positions=True))
    graph = RunGraph(workflow)
    if graph.start not in graph.nodes:
        where = f"`{graph.start}` is not a node" if graph.start else "no start node is declared"
        raise SimulateError(f"{path}: cannot simulate: {where}")
    scenario = Scenario()
    if scenario_path is not None:
        from dipcheck.files import read_regular, why_unreadable

        refused = named_outside(scenario_path)
        if refused is not None:
            raise SimulateError(f"{scenario_path}: {refused}")
        try:
            scenario_text = read_regular(scenario_path, MAX_SCENARIO_BYTES).decode("utf-8")
        except OSError as error:
            reason = why_unreadable(error)
            raise SimulateError(f"{scenario_path}: cannot read the scenario: {reason}") from None
        except UnicodeDecodeError as error:
            raise SimulateError(
                f"{scenario_path}: cannot read the scenario: not UTF-8 (byte {error.start})"
            ) from None
        try:
            from dipcheck.simulate.scenario import load_scenario

            scenario = load_scenario(scenario_path, scenario_text, graph, load_child)
        except ScenarioError as error:
            raise SimulateError(str(error)) from None
    steps = max_steps or scenario.max_steps or DEFAULT_MAX_STEPS
    machine = Machine(graph, config.target, max_steps=steps, verbose=verbose, children=load_child)
    return Prepared(path, graph, machine, scenario, config, _loading_errors(result))


def run(prepared: Prepared) -> Run:
    return simulate(prepared.machine, ScenarioOracle(prepared.scenario), prepared.scenario.context)


def explore(
    prepared: Prepared, max_paths: int, max_seconds: float = DEFAULT_MAX_SECONDS
) -> Exploration:
    from dipcheck.simulate.explore import explore as explore_paths

    return explore_paths(
        prepared.machine,
        prepared.scenario,
        max_paths=max_paths,
        max_seconds=max_seconds,
        context=prepared.scenario.context,
    )


_SHOWN_LOADING_ERRORS = 5


def _header(prepared: Prepared, what: str) -> list[str]:
    """The lines above a run or the explored paths (each made visible on its own)."""
    scenario = prepared.scenario.path if not prepared.scenario.default else "default scenario"
    header = [f"{what} {prepared.path} (tracker {prepared.target}, {scenario})"]
    dialect = prepared.graph.workflow.dialect
    if dialect is Dialect.STEPS:
        # (no engine of step workflows is published: tracker's rules stand in, in its words)
        header.append(
            "note: a YAML step workflow, simulated with tracker's rules and in its words: an "
            "`agent:` step is a `codergen` node whose answer is `last_response`, and its "
            "`conditions:` are tried in order (`on_result` is the outcome), then `next:`"
        )
    elif dialect is not Dialect.TRACKER:
        header.append(
            f"note: a DOT pipeline of the {dialect.value} dialect, simulated with tracker's "
            "rules (docs/runtime/README.md); its own runtime may route differently"
        )
    errors = prepared.diagnostics
    if errors:
        # (a missing prompt_file, say: what follows is what would happen if the file loaded)
        header.append(
            "note: tracker refuses to load this file (docs/runtime/loading.md), so no run "
            "happens until these are fixed:"
        )
        for item in errors[:_SHOWN_LOADING_ERRORS]:
            line, column = item.span.start_position()
            header.append(f"  {item.span.path}:{line + 1}:{column + 1}: {item.code} {item.message}")
        if len(errors) > _SHOWN_LOADING_ERRORS:
            header.append(f"  … and {len(errors) - _SHOWN_LOADING_ERRORS} more (dipcheck lint)")
    return header


def _scenario_name(prepared: Prepared) -> str | None:
    return None if prepared.scenario.default else os.path.normpath(prepared.scenario.path)


def run_document(prepared: Prepared, result: Run) -> dict[str, Any]:
    """The ``--format json`` document of a run."""
    from dipcheck.simulate import render

    return render.document(
        prepared.path, prepared.target, _scenario_name(prepared), result, prepared.diagnostics
    )


def render_run(prepared: Prepared, result: Run, fmt: str) -> str:
    from dipcheck.simulate import pictures, render

    if fmt == "json":
        return render.dumps(run_document(prepared, result))
    if fmt == "mermaid":
        return visible(pictures.mermaid(prepared.graph, result))
    if fmt == "dot":
        return visible(pictures.dot(prepared.graph, result))
    return visible(render.text_run(result, _header(prepared, "simulate"), prepared.machine.verbose))


def render_paths(prepared: Prepared, result: Exploration, fmt: str) -> str:
    from dipcheck.simulate import pictures, render

    if fmt == "json":
        return render.dumps(render.paths_document(prepared, result))
    if fmt in ("mermaid", "dot"):
        draw = pictures.mermaid if fmt == "mermaid" else pictures.dot
        return visible(draw(prepared.graph, None, covered=result.taken_edges))
    return visible(render.text_paths(result, _header(prepared, "all paths of")))
