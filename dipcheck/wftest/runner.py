"""Running test files: each workflow is loaded once (with the engine ``dipcheck lint`` uses),
each test simulated from its own scenario, its expectations checked; a dippin test is also run
the way dippin runs it, and a verdict that differs is explained.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from typing import Any

from dipcheck.config import Config, ConfigError
from dipcheck.model import Edge
from dipcheck.records import field, record
from dipcheck.shelltools import SPAWN
from dipcheck.simulate import explain
from dipcheck.simulate.children import load_child
from dipcheck.simulate.expand import expand
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import DEFAULT_MAX_STEPS, Machine, follow
from dipcheck.simulate.scenario import ScenarioOracle
from dipcheck.simulate.session import Prepared, SimulateError, prepare
from dipcheck.wftest import compare, dippin_sim, expect, loader, plans
from dipcheck.wftest.model import DIPPIN, Problem, TestCase, TestFileError

Select = Callable[[str], bool]

# one condition evaluation: the edge, and each clause's truth (None: it could not be read)
Evaluation = tuple[Edge, tuple[bool | None, ...]]


class RecordingMachine(Machine):
    """The simulator's engine, recording every condition it evaluates and what each of the
    condition's clauses was at that moment (for clause coverage)."""

    remember_decisions = False  # each evaluation counts

    def __init__(self, *args: Any, evaluations: list[Evaluation], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.evaluations = evaluations

    def _truth(self, lookup, ctx):  # type: ignore[no-untyped-def]
        inner = super()._truth(lookup, ctx)
        graph, target, record = self.graph, self.target, self.evaluations

        def truth(edge: Edge) -> bool:
            result = inner(edge)
            record.append((edge, clause_values(graph, edge, ctx, target)))
            return result

        return truth


def clause_values(
    graph: RunGraph, edge: Edge, ctx: Mapping[str, str], target: Any
) -> tuple[bool | None, ...]:
    from dipcheck.analysis import routing

    text = expand(graph.condition_text(edge), ctx, graph.graph_values)
    values: list[bool | None] = []
    for item in explain.comparisons(text, target.splits_condition_keywords):
        actual, _ = routing.resolve(item.left, ctx.get)
        try:
            value = routing.compare(actual, item.op, item.right)
        except routing.ConditionError:
            values.append(None)
            continue
        values.append(not value if item.negated else value)
    return tuple(values)


@record
class TestResult:
    case: TestCase
    observed: expect.Observed | None = None
    failures: list[expect.Failure] = field(default_factory=list)
    disagreement: compare.Disagreement | None = None
    error: str | None = None
    seconds: float = 0.0
    evaluations: list[Evaluation] = field(default_factory=list)

    @property
    def outcome(self) -> str:
        if self.error is not None:
            return "error"
        return "failed" if self.failures else "passed"


@record
class FileResult:
    path: str
    kind: str
    workflow: str = ""
    results: list[TestResult] = field(default_factory=list)
    error: TestFileError | None = None
    warnings: list[Problem] = field(default_factory=list)
    prepared: Prepared | None = None


class Workflows:
    """Each workflow loaded once per run (tests of one workflow then share its graph, so
    their coverage adds up)."""

    def __init__(self, config: Config | Callable[[str], Config]) -> None:
        self.config = config
        self.loaded: dict[str, Prepared | str] = {}

    def get(self, path: str, text: str | None = None) -> Prepared | str:
        key = os.path.normpath(os.path.abspath(path))
        if text is None and key in self.loaded:
            return self.loaded[key]
        spawn = SPAWN.set(False)  # the workflow is loaded, not linted: no bash, no shellcheck
        try:
            config = self.config(path) if callable(self.config) else self.config
            found: Prepared | str = prepare(path, config, text=text)
        except (SimulateError, ConfigError) as error:
            found = str(error)
        finally:
            SPAWN.reset(spawn)
        if text is None:
            self.loaded[key] = found
        return found

    def reachable(self, graph: RunGraph) -> Callable[[str, str], bool]:
        """Whether the run can get from one node to another (built once per graph)."""
        from dipcheck.simulate.statekey import reachable

        return reachable(graph).reaches


def run_file(
    path: str,
    workflows: Workflows,
    select: Select | None = None,
    text: str | None = None,
    workflow_text: str | None = None,
) -> FileResult:
    """Read a test file and run its tests (those ``select`` accepts by name). ``text`` and
    ``workflow_text`` replace what is on disk (an editor's unsaved documents)."""
    kind = DIPPIN if path.lower().endswith(".test.json") else "dipcheck"
    result = FileResult(path, kind)
    try:
        parsed = loader.read(path, text)
    except TestFileError as error:
        result.error = error
        return result
    result.warnings = list(parsed.warnings)
    if parsed.workflow is None:
        stem = os.path.basename(path).split(".")[0]
        result.error = TestFileError(
            path,
            1,
            1,
            f"no workflow to test: no {stem}.dip, {stem}.dot or other workflow "
            "file of that name beside it (or name one with `workflow:`)",
        )
        return result
    result.workflow = parsed.workflow
    if parsed.workflow.lower().endswith(".json"):
        return _run_plan(result, parsed, select)
    prepared = workflows.get(parsed.workflow, workflow_text)
    if isinstance(prepared, str):
        result.error = TestFileError(path, 1, 1, f"the workflow cannot be simulated: {prepared}")
        return result
    result.prepared = prepared
    try:
        compiled = loader.compile_file(parsed, prepared.graph, load_child)
    except TestFileError as error:
        result.error = error
        return result
    result.warnings = compiled.warnings
    reach = workflows.reachable(prepared.graph)
    for case in compiled.tests:
        if select is None or select(case.name):
            result.results.append(run_test(prepared, case, kind, reach))
    return result


def run_test(
    prepared: Prepared, case: TestCase, kind: str, reach: Callable[[str, str], bool]
) -> TestResult:
    started = time.perf_counter()
    result = TestResult(case)
    graph = prepared.graph
    machine = RecordingMachine(
        graph,
        prepared.machine.target,
        max_steps=case.scenario.max_steps or DEFAULT_MAX_STEPS,
        children=load_child,
        evaluations=result.evaluations,
    )
    try:
        steps, end, final = follow(
            machine, ScenarioOracle(case.scenario), machine.initial(case.scenario.context)
        )
        observed = expect.Observed(steps, end, final.ctx)
        result.observed = observed
        result.failures = expect.check(case.expectations, observed, kind, reach)
        if kind == DIPPIN and case.dippin is not None:
            run = dippin_sim.simulate(graph, case.dippin)
            found = compare.explain(observed, run, case.expectations, case.dippin.branch)
            if found.dippin_passes == bool(result.failures):
                result.disagreement = found
    except Exception as error:  # a crash on one test is that test's error, never a traceback
        result.error = f"internal error while simulating: {type(error).__name__}: {error}"
    result.seconds = time.perf_counter() - started
    return result


def _run_plan(result: FileResult, parsed: loader.Parsed, select: Select | None) -> FileResult:
    try:
        compiled = loader.compile_file(parsed, None)
    except TestFileError as error:
        result.error = error
        return result
    found = plans.backend()
    for case in compiled.tests:
        if select is not None and not select(case.name):
            continue
        started = time.perf_counter()
        test = TestResult(case)
        try:
            test.failures = plans.check(
                found, parsed.workflow or "", case.plan or {}, case.expectations
            )
        except Exception as error:
            test.error = f"the plan simulator failed: {type(error).__name__}: {error}"
        test.seconds = time.perf_counter() - started
        result.results.append(test)
    return result
