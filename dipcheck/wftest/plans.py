"""The expectations of Ordewell plans: ``waves`` (the tasks started together, in start order)
and ``handover`` (texts the prompt Ordewell composes for a task contains, or must not).

A plan test runs on the plan simulator of `dipcheck simulate PLAN`
(its JSON has ``waves``, ``completed``, ``failed``, …, and its scenario
as ``max_parallel_sessions`` and ``tasks: {ID: {outcome}}``). This module checks expectations
against what the simulator returns, through the small :class:`PlanBackend` interface
(:func:`register` puts another in its place).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from dipcheck.records import record
from dipcheck.wftest.expect import Failure
from dipcheck.wftest.model import Expectation


@record
class PlanRun:
    waves: list[list[str]]
    completed: list[str]
    failed: list[str]
    all_complete: bool


class PlanBackend(Protocol):
    def run(self, path: str, scenario: Mapping[str, Any]) -> PlanRun:
        """Simulate the plan at ``path`` with a plan scenario (``max_parallel_sessions``,
        ``tasks``)."""
        ...

    def handover(self, path: str, scenario: Mapping[str, Any], task: str) -> str:
        """The prompt the task is handed once the tasks before it ran as the scenario says."""
        ...


_registered: PlanBackend | None = None


def register(found: PlanBackend | None) -> None:
    global _registered
    _registered = found


class _Simulator:
    """The plan simulator of `dipcheck simulate PLAN`, each plan loaded once per run."""

    def __init__(self) -> None:
        self._loaded: dict[str, Any] = {}

    def _plan(self, path: str) -> Any:
        from dipcheck.config import load_config
        from dipcheck.simulate.plan_cli import load

        if path not in self._loaded:
            self._loaded[path] = load(path, load_config(path)).plan
        return self._loaded[path]

    def run(self, path: str, scenario: Mapping[str, Any]) -> PlanRun:
        from dipcheck.jsvalue import to_string
        from dipcheck.simulate.plan_cli import PlanError, scenario_of
        from dipcheck.simulate.plan_waves import simulate

        plan = self._plan(path)
        outcome = simulate(plan, scenario_of(dict(scenario), plan, path))
        if outcome.refused is not None:
            raise PlanError(f"Ordewell refuses to run the plan: {outcome.refused}")

        def ids(tasks: list[Any]) -> list[str]:
            return [to_string(task.id) for task in tasks]

        return PlanRun(
            [ids(wave) for wave in outcome.waves],
            ids(outcome.completed),
            ids(outcome.failed),
            outcome.all_complete,
        )

    def handover(self, path: str, scenario: Mapping[str, Any], task: str) -> str:
        """The prompt composed from the plan's stored state (the outputs the file captured),
        as `dipcheck simulate PLAN --handover TASK` prints it."""
        from dipcheck.simulate.handover import compose, find_task
        from dipcheck.simulate.plan_cli import PlanError

        plan = self._plan(path)
        found = find_task(plan, task)
        if found is None:
            raise PlanError(f"no task {task!r} in the plan")
        return compose(plan, found)


def backend() -> PlanBackend:
    return _registered if _registered is not None else _Simulator()


def check(
    found: PlanBackend, path: str, scenario: Mapping[str, Any], expectations: list[Expectation]
) -> list[Failure]:
    run = found.run(path, scenario)
    failures: list[Failure] = []
    for item in expectations:
        failure: Failure | None = None
        if item.key == "status":
            ok = (
                run.all_complete if item.value in ("success", "succeeded") else not run.all_complete
            )
            if not ok:
                failure = _failure(
                    item,
                    f"expected status {item.value!r}, got "
                    f"{'success' if run.all_complete else 'fail'}",
                    run.all_complete,
                )
        elif item.key == "waves" and run.waves != item.value:
            index = next(
                (i for i, (a, b) in enumerate(zip(item.value, run.waves, strict=False)) if a != b),
                min(len(item.value), len(run.waves)),
            )
            failure = _failure(item, f"the waves differ from wave {index + 1}", run.waves)
            failure.side_by_side = (
                [", ".join(wave) for wave in item.value],
                [", ".join(wave) for wave in run.waves],
                index,
            )
        elif item.key == "handover":
            for task, spec in item.value.items():
                prompt = found.handover(path, scenario, task)
                missing = [text for text in spec["contains"] if text not in prompt]
                present = [text for text in spec["not_contains"] if text in prompt]
                if missing or present:
                    what = [f"lacks {text!r}" for text in missing]
                    what += [f"contains {text!r}" for text in present]
                    failure = _failure(item, f"the hand-over of {task} {', '.join(what)}", prompt)
                    break
        if failure is not None:
            failures.append(failure)
    return failures


def _failure(item: Expectation, message: str, actual: Any) -> Failure:
    return Failure(item.key, item.line, item.column, message, item.value, actual)
