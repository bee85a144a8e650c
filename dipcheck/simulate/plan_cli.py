"""``dipcheck simulate`` for Ordewell plans: the waves (text or JSON) and
``--handover TASK`` (the prompt Ordewell composes for the task).

Exit status: 0 when the simulated run completes every task (always 0 for ``--handover``),
1 when it stops on a failure or leaves tasks not run, 2 for a plan that cannot be loaded, a
scenario that cannot be used or an unknown task.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

from dipcheck.analysis.plan_facts import PlanFacts, label
from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.jsvalue import key, to_string
from dipcheck.plan import Plan, PlanTask
from dipcheck.records import record
from dipcheck.simulate.plan_waves import DEFAULT_PARALLEL, OUTCOMES, Outcome, Scenario, simulate
from dipcheck.terminal import visible_lines


class PlanError(Exception):
    """A plan or scenario that cannot be simulated (exit status 2)."""


@record
class Loaded:
    path: str
    plan: Plan
    diagnostics: list[Diagnostic]
    warnings: list[str]


def load(path: str, config: Config, text: str | None = None) -> Loaded:
    """Lint the file as an Ordewell plan and take the plan Ordewell would run."""
    from dipcheck.engine import lint_text, named_outside, read_source

    if text is None:
        refused = named_outside(path)
        if refused is not None:
            raise PlanError(f"{path}: {refused}")
        source, problem = read_source(path)
        if source is None:
            assert problem is not None
            raise PlanError(f"{path}: {problem.message}")
        text = source.text
    result = lint_text(text, path, config, "ordewell")
    workflow = result.workflow
    plan = workflow.plan if workflow is not None else None
    if not isinstance(plan, Plan):
        problems = [item for item in result.diagnostics if item.severity is Severity.ERROR]
        why = problems[0].message if problems else "no Ordewell plan in it"
        raise PlanError(f"{path}: cannot be simulated: {why}")
    warnings: list[str] = []
    running = plan.runs
    if running is None:
        reason = plan.candidates[-1].error if plan.candidates else "it is invalid"
        warnings.append(
            f"Ordewell would accept none of the reply's plans (the last: {reason}); simulating "
            "the last one as written"
        )
        running = plan
    elif running is not plan:
        number = (plan.selected or 0) + 1
        warnings.append(
            f"the reply's last plan is invalid: simulating draft {number}, the one Ordewell runs"
        )
    return Loaded(path, running, result.diagnostics, warnings)


def scenario_from(path: str | None, plan: Plan) -> Scenario:
    """``max_parallel_sessions`` and ``tasks: {ID: {outcome: …}}`` from a YAML/JSON file."""
    if path is None:
        return Scenario()
    from dipcheck.engine import named_outside

    refused = named_outside(path)
    if refused is not None:
        raise PlanError(f"{path}: {refused}")
    from dipcheck.files import read_regular, why_unreadable
    from dipcheck.simulate.scenario import MAX_SCENARIO_BYTES

    try:
        text = read_regular(path, MAX_SCENARIO_BYTES).decode("utf-8")
    except OSError as error:
        raise PlanError(f"{path}: cannot read the scenario: {why_unreadable(error)}") from None
    except UnicodeDecodeError as error:
        raise PlanError(
            f"{path}: cannot read the scenario: not UTF-8 (byte {error.start})"
        ) from None
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    from dipcheck.yamlbound import load_bounded, over_limit

    try:
        data = load_bounded(text, typ="safe")
    except MarkedYAMLError as error:
        # placed at its mark, the problem alone (ruamel's whole text repeats the place on a
        # second line, which a one-line error shows as `\x0a`)
        mark = error.problem_mark or error.context_mark
        problem = error.problem or str(error)
        if not over_limit(problem):
            problem = f"the scenario is not YAML or JSON: {problem}"
        if mark is None:
            raise PlanError(f"{path}: {problem}") from None
        raise PlanError(f"{path}:{mark.line + 1}:{mark.column + 1}: {problem}") from None
    except YAMLError as error:
        raise PlanError(f"{path}: the scenario is not YAML or JSON: {error}") from None
    except RecursionError:  # the YAML reader is recursive
        raise PlanError(f"{path}:1:1: the scenario nests too deep to read") from None
    return scenario_of(data, plan, path)


def scenario_of(data: Any, plan: Plan, path: str) -> Scenario:
    """A plan scenario from its parsed mapping (``path`` names it in messages)."""
    if data is None:
        return Scenario()
    if not isinstance(data, dict):
        raise PlanError(f"{path}: a scenario is a mapping (max_parallel_sessions, tasks)")
    unknown = sorted(set(data) - {"max_parallel_sessions", "tasks"})
    if unknown:
        raise PlanError(
            f"{path}: unknown scenario key(s) {', '.join(map(str, unknown))} "
            "(known: max_parallel_sessions, tasks)"
        )
    limit = data.get("max_parallel_sessions", DEFAULT_PARALLEL)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise PlanError(f"{path}: max_parallel_sessions must be a whole number ≥ 0")
    tasks = data.get("tasks") or {}
    if not isinstance(tasks, dict):
        raise PlanError(f"{path}: `tasks` maps task ids to {{outcome: …}}")
    ids = {to_string(task.id) for task in plan.flat}
    outcomes: dict[str, str] = {}
    for ident, spec in tasks.items():
        name = str(ident)
        outcome = spec.get("outcome") if isinstance(spec, dict) else spec
        if outcome not in OUTCOMES:
            raise PlanError(
                f"{path}: task {name}: outcome must be one of {', '.join(OUTCOMES)}, "
                f"not {outcome!r}"
            )
        if name not in ids:
            raise PlanError(f"{path}: the scenario names task {name!r}, which the plan lacks")
        outcomes[name] = outcome
    return Scenario(limit, outcomes)


def _id(task: PlanTask) -> str:
    return to_string(task.id) if not isinstance(task.id, dict | list) else ""


def _name(task: PlanTask) -> str:
    title = task.js.get("title")
    shown = f" “{title}”" if isinstance(title, str) and title else ""
    return f"{_id(task)} (task {label(task)}{shown})"


def _ids(tasks: list[PlanTask]) -> list[str]:
    return [_id(task) for task in tasks]


def document(loaded: Loaded, scenario: Scenario, outcome: Outcome) -> dict[str, Any]:
    from dipcheck.report.json import diagnostic_dict

    # each task's id as text, made once: a task deep in a large plan is listed as an indirect
    # dependency of thousands of tasks
    names = [_id(task) for task in loaded.plan.flat]

    def ids(tasks: list[PlanTask]) -> list[str]:
        return [names[task.index] for task in tasks]

    return {
        "version": 1,
        "file": loaded.path,
        "format": "ordewell",
        "max_parallel_sessions": scenario.max_parallel,
        "waves": [ids(wave) for wave in outcome.waves],
        "user_waves": sorted(outcome.user_waves),
        "completed": ids(outcome.completed),
        "failed": ids(outcome.failed),
        "blocked": ids(outcome.blocked),
        "on_hold": ids(outcome.on_hold),
        "not_run": ids(outcome.not_run),
        "stopped_by_failure": outcome.stopped_by_failure,
        "all_complete": outcome.all_complete,
        "refused": outcome.refused,
        "started": [
            {
                "task": names[start.task.index],
                "wave": start.wave,
                "receives": ids(start.receives),
                "no_output": ids(start.without_output),
                "not_received": ids(start.indirect),
            }
            for start in outcome.starts
        ],
        "warnings": loaded.warnings,
        "diagnostics": [diagnostic_dict(item) for item in loaded.diagnostics],
    }


def text(loaded: Loaded, scenario: Scenario, outcome: Outcome) -> str:
    plan = loaded.plan
    facts = PlanFacts(plan)
    lines = [
        f"Ordewell plan {loaded.path}: {len(plan.flat)} task"
        f"{'' if len(plan.flat) == 1 else 's'}, at most {scenario.max_parallel} at once"
    ]
    lines.extend(f"warning: {item}" for item in loaded.warnings)
    if outcome.refused is not None:
        lines.append(f"refused: {outcome.refused}")
        return visible_lines(lines)
    starts = {(start.wave, start.task.index): start for start in outcome.starts}
    failed: set[Any] = set()
    for number, wave in enumerate(outcome.waves, 1):
        kind = "user tasks (done by a human)" if number - 1 in outcome.user_waves else ""
        lines.append("")
        lines.append(f"wave {number}{': ' + kind if kind else ''}")
        for task in wave:
            outcome_name = scenario.outcomes.get(_id(task), "success")
            lines.append(
                f"  {_name(task)}" + (f" → {outcome_name}" if outcome_name != "success" else "")
            )
            start = starts.get((number, task.index))
            if start is None:
                continue
            if start.receives:
                lines.append("    receives the output of " + ", ".join(map(_id, start.receives)))
            if start.without_output:
                lines.append(
                    "    depends on "
                    + ", ".join(map(_id, start.without_output))
                    + ", which left no output: nothing handed over"
                )
            if start.indirect_mask:
                shown = start.first_indirect(_SHOWN_INDIRECT)
                more = start.indirect_mask.bit_count() - len(shown)
                lines.append(
                    "    does not receive (indirect dependencies) "
                    + ", ".join(_via(facts, task, other) for other in shown)
                    + (f", and {more} more (--format json lists them all)" if more else "")
                )
            if not (start.receives or start.without_output or start.indirect_mask):
                lines.append("    receives no other task's output")
            if outcome_name == "fail":
                failed.add(key(task.id))
        if failed:
            blocked = [
                task
                for task in plan.flat
                if any(key(dep) in failed for dep in _deps(task))
                and task.js.get("status") != "completed"
            ]
            for task in blocked:
                why = [to_string(dep) for dep in _deps(task) if key(dep) in failed]
                lines.append(f"  blocked: {_id(task)} ({', '.join(why)} failed)")
            lines.append("  the run stops: a task failed, so no further wave starts")
    never = facts.blocked_forever
    if never:
        lines.append("")
        lines.append("never runs:")
        for index, reason in never.items():
            lines.append(f"  {_name(plan.flat[index])}: {reason}")
    lines.append("")
    if outcome.all_complete:
        lines.append("result: all tasks complete")
    elif outcome.stopped_by_failure:
        lines.append("result: stopped by a failure")
    else:
        lines.append("result: the run ends with tasks not run")
    for title, tasks in (
        ("completed", outcome.completed),
        ("failed", outcome.failed),
        ("blocked", outcome.blocked),
        ("on hold", outcome.on_hold),
        ("not run", outcome.not_run),
    ):
        if tasks:
            lines.append(f"  {title}: {', '.join(_ids(tasks))}")
    # task ids and titles are the plan's text: its control characters and line breaks are
    # shown, not sent
    return visible_lines(lines)


# the indirect dependencies named per task in the text report (a task deep in a large plan
# has hundreds, each with its chain)
_SHOWN_INDIRECT = 10


def _via(facts: PlanFacts, task: PlanTask, other: PlanTask) -> str:
    head, length = facts.chain(task, other.index, 6, shared=True)
    names = [_id(item) for item in head]
    if length > 6:
        names = [*names[:4], f"… {length - 5} more …", _id(other)]
    return f"{_id(other)} (via {' → '.join(names)})"


def _deps(task: PlanTask) -> list[Any]:
    value = task.js.get("dependencies")
    return value if isinstance(value, list) else []


def exit_status(outcome: Outcome) -> int:
    if outcome.refused is not None:
        return 2
    return 0 if outcome.all_complete else 1


def run_waves(loaded: Loaded, scenario_path: str | None, fmt: str) -> tuple[str, int]:
    pieces, status = waves_report(loaded, scenario_path, fmt)
    return "".join(pieces), status


def waves_report(loaded: Loaded, scenario_path: str | None, fmt: str) -> tuple[Iterator[str], int]:
    """The report in pieces of about a megabyte, and the exit status: the JSON report of a
    large plan (every indirect dependency of every started task) runs to tens of megabytes,
    and is written as it is encoded."""
    scenario = scenario_from(scenario_path, loaded.plan)
    outcome = simulate(loaded.plan, scenario)
    if fmt == "json":
        encoder = json.JSONEncoder(indent=2, ensure_ascii=False)
        chunks = encoder.iterencode(document(loaded, scenario, outcome))
        return _batched(chain(chunks, ["\n"])), exit_status(outcome)
    return iter([text(loaded, scenario, outcome)]), exit_status(outcome)


def _batched(chunks: Iterable[str], size: int = 1 << 20) -> Iterator[str]:
    batch: list[str] = []
    length = 0
    for chunk in chunks:
        batch.append(chunk)
        length += len(chunk)
        if length >= size:
            yield "".join(batch)
            batch, length = [], 0
    if batch:
        yield "".join(batch)
