"""Ordewell plans (seed 002, other-formats.md §5): the shape of a task (O01-O05), tasks that
never run (O15), values dropped while parsing (O17), and the format-neutral DIP008, DIP003 and
DIP005 on the task tree.

Ordewell's own validator (``PlanValidator.ts``) checks the slice shape and, for top-level
tasks, the runner when a plan is generated; duplicate ids, unknown dependencies and cycles only
when a plan is *modified*, and then only among top-level tasks. These rules check every task,
subtasks included, and their messages say when Ordewell itself would not notice.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from dipcheck.analysis.plan_facts import PlanFacts, label
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.jsvalue import UNDEFINED, to_string, truthy
from dipcheck.plan import JString, Plan, PlanKind, PlanTask
from dipcheck.rules.context import Context
from dipcheck.rules.registry import extend, rule
from dipcheck.source import Span
from dipcheck.suggest import Names, closest

PLAN = ("ordewell",)


def plan_of(context: Context) -> Plan | None:
    plan = context.workflow.plan
    return plan if isinstance(plan, Plan) else None


def facts(context: Context) -> PlanFacts:
    plan = plan_of(context)
    assert plan is not None
    return context.shared("plan_facts", lambda: PlanFacts(plan))


def describe(task: PlanTask) -> str:
    title = task.js.get("title", UNDEFINED)
    # (quoted as the id is: a repr's escapes and its choice of quote are Python's, and the
    # reports escape what a terminal must not get)
    shown = f' ("{to_string(title)}")' if isinstance(title, str) and title else ""
    ident = to_string(task.id)
    return f'task {label(task)} "{ident}"{shown}' if ident else f"task {label(task)}{shown}"


def _value_anchor(task: PlanTask, name: str) -> Span:
    member = task.member(name)
    return member.span if member is not None else task.anchor


# -- the slice shape -------------------------------------------------------------------------


@rule(
    "O01",
    "missing-slice-type",
    Severity.ERROR,
    summary="A task has no valid `sliceType` (`AFK` or `HITL`) after inheritance.",
    rationale=(
        "Every task of a generated plan needs `sliceType`; `ai` subtasks that leave it out "
        "inherit their parent's, and any value other than `AFK`/`HITL` counts as missing. "
        "Ordewell refuses the whole plan (`validateVerticalSliceShape`, PlanValidator.ts) and "
        "asks the planner again — or, in a reply with an earlier draft, runs that draft (O14)."
    ),
    example='{"tasks": [{"id": "t1", "title": "Add the model", "prompt": "…", "autonomy": "AFK"}]}',
    fix='Give the task `"sliceType": "AFK"` (no human needed) or `"HITL"`.',
    formats=PLAN,
)
def missing_slice_type(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None or plan.stored:
        return
    for task in plan.flat:
        if task.js.get("sliceType", UNDEFINED) is not UNDEFINED:
            continue
        member = task.member("sliceType")
        written = f" (`{member.value.span.text}` is not `AFK` or `HITL`)" if member else ""
        inherit = (
            ", and its parent has none to inherit"
            if task.parent is not None and not task.is_user
            else ""
        )
        yield context.finding(
            "O01",
            member.span if member is not None else task.anchor,
            f"{describe(task)} has no sliceType{written}{inherit}: Ordewell refuses the plan; "
            'add `"sliceType": "AFK"` or `"HITL"`',
        )


@rule(
    "O02",
    "missing-autonomy",
    Severity.ERROR,
    summary="An `ai` task has no valid `autonomy` (`AFK` or `HITL`) after inheritance.",
    rationale=(
        'Every `ai` task (a task whose `type` is not `"user"`) needs `autonomy`; `ai` '
        "subtasks inherit their parent's, and any other value counts as missing. Ordewell "
        "refuses the plan (`validateVerticalSliceShape`, PlanValidator.ts)."
    ),
    example='{"id": "t1", "title": "Add the model", "prompt": "…", "sliceType": "AFK"}',
    fix='Add `"autonomy": "AFK"` (runs unattended) or `"HITL"` (pauses at checkpoints).',
    formats=PLAN,
)
def missing_autonomy(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None or plan.stored:
        return
    for task in plan.flat:
        if task.is_user or task.js.get("autonomy", UNDEFINED) is not UNDEFINED:
            continue
        member = task.member("autonomy")
        written = f" (`{member.value.span.text}` is not `AFK` or `HITL`)" if member else ""
        yield context.finding(
            "O02",
            member.span if member is not None else task.anchor,
            f"{describe(task)} is an ai task without autonomy{written}: Ordewell refuses the "
            'plan; add `"autonomy": "AFK"` or `"HITL"`',
        )


@rule(
    "O03",
    "afk-task-with-user-steps",
    Severity.ERROR,
    summary="A task with `autonomy: AFK` (its own or inherited) has `userSteps`.",
    rationale=(
        "An AFK slice runs without a human; `userSteps` are human touchpoints. Ordewell "
        "refuses the plan (`validateVerticalSliceShape`, PlanValidator.ts)."
    ),
    example='{"id": "t2", "autonomy": "AFK", "sliceType": "AFK", "userSteps": '
    '[{"order": 1, "instruction": "Approve the design"}]}',
    fix="Make the task `HITL`, or move the human steps into a `user` task it depends on.",
    formats=PLAN,
)
def afk_with_user_steps(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None or plan.stored:
        return
    for task in plan.flat:
        steps = task.js.get("userSteps", UNDEFINED)
        if task.js.get("autonomy") != "AFK" or not isinstance(steps, list) or not steps:
            continue
        own = "" if "autonomy" not in task.inherited and task.member("autonomy") else " (inherited)"
        yield context.finding(
            "O03",
            _value_anchor(task, "userSteps"),
            f"{describe(task)} is AFK{own} but has {len(steps)} userSteps: Ordewell refuses "
            "the plan; make it HITL or move the steps to a user task",
        )


@rule(
    "O04",
    "user-task-not-hitl",
    Severity.ERROR,
    summary='A `type: "user"` task whose `sliceType` is not `HITL`.',
    rationale=(
        "A user task is a human's work, so its slice must be `HITL`; user tasks inherit "
        "nothing from their parent. Ordewell refuses the plan (`validateVerticalSliceShape`)."
    ),
    example='{"id": "u1", "type": "user", "sliceType": "AFK", "title": "Approve the design"}',
    fix='Set `"sliceType": "HITL"` on the user task.',
    formats=PLAN,
)
def user_not_hitl(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None or plan.stored:
        return
    for task in plan.flat:
        if task.is_user and task.js.get("sliceType") == "AFK":
            yield context.finding(
                "O04",
                _value_anchor(task, "sliceType"),
                f'user {describe(task)} has sliceType "AFK": Ordewell refuses the plan; user '
                'tasks must be `"HITL"`',
            )


@rule(
    "O05",
    "unknown-runner",
    Severity.ERROR,
    summary="`assignedRunner` names a runner that is not enabled.",
    rationale=(
        "A top-level task's runner is checked when the plan is generated (PlanValidator.ts); "
        "a subtask's is not, and the plan is then refused when it is loaded to run "
        "(`validateAssignedRunners`, PlanStore.ts, which checks every `ai` task). The enabled "
        "runners are `--ordewell-runners`, the `ordewell-runners` setting, or a session file's "
        "own `plan.runners` (default `claude-code,codex,opencode`)."
    ),
    example='{"id": "t1", "assignedRunner": "claude", …}',
    fix="Use one of the enabled runners (or enable the runner).",
    formats=PLAN,
    fix_availability="sometimes",
)
def unknown_runner(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    for task in plan.flat:
        member = task.member("assignedRunner")
        if member is None or not isinstance(member.value, JString):
            continue
        runner = member.value.value
        if runner in plan.runners:
            continue
        checked_at_generation = not plan.stored and task.parent is None
        if not checked_at_generation and task.is_user:
            continue  # only ai tasks are checked at load
        when = (
            "Ordewell refuses the plan"
            if checked_at_generation
            else "Ordewell accepts the plan but refuses to load it to run"
        )
        where = "the session's runners" if plan.runners_from_session else "the enabled runners"
        suggestion = closest(runner, list(plan.runners))
        fix = None
        hint = f"; enable it or use one of {', '.join(plan.runners)}"
        if suggestion:
            fix = Fix(
                f"change to `{suggestion}`",
                (Edit(member.value.inner, suggestion),),
                safe=False,
            )
            hint = f" (did you mean `{suggestion}`?)"
        yield context.finding(
            "O05",
            member.span,
            f'{describe(task)}: runner "{runner}" is not one of {where} '
            f"({', '.join(plan.runners)}): {when}{hint}",
            fix=fix,
        )


# -- what never runs, what is dropped ----------------------------------------------------------


@rule(
    "O15",
    "never-scheduled-task",
    Severity.ERROR,
    summary="An `ai` task with no prompt (nor description or title to stand in) never runs.",
    rationale=(
        "The scheduler only starts an `ai` task with a non-empty prompt (`getReadyTasks`, "
        "TaskOrchestrator.ts); when the planner leaves `prompt` out, the description and then "
        "the title stand in (`parseTask`). A task with none of them is never ready, so it and "
        "every task that depends on it never run, and the plan never completes."
    ),
    example='{"id": "t3", "type": "ai", "sliceType": "AFK", "autonomy": "AFK"}',
    fix="Give the task a `prompt`.",
    formats=PLAN,
)
def never_scheduled(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    known = facts(context)
    blocked = 0  # as a mask: a scan of them all for each task took 99 s for 12,000 tasks
    for index in known.blocked_forever:
        blocked |= 1 << index
    for task in plan.flat:
        if task.is_user or truthy(task.js.get("prompt", UNDEFINED)):
            continue
        if plan.stored and task.js.get("status") == "completed":
            continue
        waiting = known.reached_by[task.index] & blocked
        tail = ""
        if waiting:
            first: list[PlanTask] = []
            rest = waiting
            while rest and len(first) < 5:
                lowest = rest & -rest
                first.append(known.flat[lowest.bit_length() - 1])
                rest ^= lowest
            shown = ", ".join(f"task {label(item)}" for item in first)
            count = waiting.bit_count()
            more = f" and {count - 5} more" if count > 5 else ""
            tail = f"; neither do the tasks that depend on it ({shown}{more})"
        what = "prompt" if plan.stored else "prompt, description or title"
        yield context.finding(
            "O15",
            task.anchor,
            f"{describe(task)} has no {what}: Ordewell never starts it{tail}; give it a `prompt`",
        )


@rule(
    "O17",
    "dropped-invalid-value",
    Severity.WARNING,
    summary="An invalid `autonomy`/`sliceType` is dropped silently and the parent's is used, "
    "or `autonomy` on a user task is discarded.",
    rationale=(
        "`parseTask` (PlanValidator.ts) keeps `autonomy` and `sliceType` only when they are "
        "exactly `AFK` or `HITL`; anything else (`afk`, `Hitl`, `manual`) is dropped and an "
        '`ai` subtask takes its parent\'s value — so `"autonomy": "hitl"` on a subtask of an '
        "AFK task runs it unattended, without the checkpoint block. `autonomy` on a user task "
        "is discarded."
    ),
    example='{"id": "t2.1", "autonomy": "hitl", "sliceType": "AFK"}  (parent: AFK)',
    fix="Write the value exactly `AFK` or `HITL` (upper case), or remove it.",
    formats=PLAN,
    fix_availability="sometimes",
)
def dropped_value(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None or plan.stored:
        return
    for task in plan.flat:
        for name, why in task.dropped.items():
            member = task.member(name)
            if member is None:
                continue
            value = member.value
            if why == "user":
                yield context.finding(
                    "O17",
                    value.span,
                    f"user {describe(task)}: Ordewell discards `autonomy` on user tasks; remove it",
                )
                continue
            inherited = task.inherited.get(name)
            if inherited is None:
                continue  # nothing to inherit: O01/O02 report it
            fix = None
            if isinstance(value, JString) and value.value.strip().upper() in ("AFK", "HITL"):
                upper = value.value.strip().upper()
                fix = Fix(f'change to "{upper}"', (Edit(value.inner, upper),), safe=False)
            yield context.finding(
                "O17",
                value.span,
                f"{describe(task)}: {name} `{value.span.text}` is not `AFK` or `HITL`, so "
                f'Ordewell drops it and the task inherits "{inherited}" from its parent; '
                'write `"AFK"` or `"HITL"`',
                fix=fix,
            )


# -- the format-neutral checks on the task tree ----------------------------------------------

_MODIFIED_ONLY = "Ordewell checks this only when a plan is modified, and only among top-level tasks"


@extend(
    "DIP008",
    "ordewell",
    "In an Ordewell plan: two tasks anywhere in the task tree (subtasks included) share an "
    "`id`. Ordewell does not check this when a plan is generated (`checkUniqueIds` runs only "
    "when a plan is modified, over top-level tasks); at run time the later task shadows the "
    "earlier one in every lookup by id (PlanStore.ts), so dependencies and hand-overs reach "
    "only one of them.",
)
def duplicate_task_id(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    first: dict[object, PlanTask] = {}
    from dipcheck.jsvalue import key

    for task in plan.flat:
        if task.member("id") is None and not isinstance(task.id, str):
            continue
        ident = key(task.id)
        earlier = first.get(ident)
        if earlier is None:
            first[ident] = task
            continue
        notice = (
            _MODIFIED_ONLY
            if task.parent is None and earlier.parent is None
            else "Ordewell never checks this for subtasks"
        )
        if task.member("id") is None:
            yield context.finding(
                "DIP008",
                task.anchor,
                f'{describe(task)} has no id, so Ordewell gives it "", as it does '
                f"{describe(earlier)}: the later one shadows the earlier wherever a task is looked "
                f"up by id; {notice}; give every task an id",
                related=(Related(earlier.anchor, "the other task without an id"),),
            )
            continue
        yield context.finding(
            "DIP008",
            task.id_span if task.member("id") else task.anchor,
            f'duplicate task id "{to_string(task.id)}" (also {describe(earlier)}): the later '
            f"task shadows the earlier one wherever Ordewell looks a task up by id; {notice}; "
            "rename one",
            related=(Related(earlier.id_span, "first task with this id"),),
        )


@extend(
    "DIP003",
    "ordewell",
    "In an Ordewell plan: a `dependencies` entry names no task id (anywhere in the tree). "
    "Ordewell does not check this when a plan is generated (`checkDepsResolve` runs only when "
    "a plan is modified, over top-level tasks); at run time the unknown id never completes, so "
    "the task and everything depending on it never run (TaskOrchestrator.ts `getReadyTasks`).",
)
def unknown_dependency(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    known = facts(context)
    # the did-you-mean candidates, indexed once: a scan of every id for each unknown
    # dependency made a plan of thousands of tasks quadratic
    ids = Names(item.id for item in plan.flat if isinstance(item.id, str) and item.id)
    for task in plan.flat:
        for dep in task.deps:
            if known.resolve(dep):
                continue
            text = dep.text
            suggestion = closest(text, ids) if text else None
            fix = None
            hint = "; declare the task or remove the dependency"
            if suggestion:
                # written as JSON writes it: escaped inside the string's quotes (an id with
                # a `\` or a `"` was written raw, which changed it or broke the JSON), a
                # whole string in place of a value of another type
                written = json.dumps(suggestion, ensure_ascii=False)
                if isinstance(dep.node, JString):
                    edit = Edit(dep.node.inner, written[1:-1])
                else:
                    edit = Edit(dep.node.span, written)
                fix = Fix(f"change to `{suggestion}`", (edit,), safe=False)
                hint = f" (did you mean `{suggestion}`?)"
            notice = (
                "Ordewell does not check this when the plan is generated"
                if plan.kind is not PlanKind.SESSION
                else "Ordewell does not check this when it loads the plan"
            )
            yield context.finding(
                "DIP003",
                dep.node.span,
                f'{describe(task)} depends on "{text}", which names no task: it never '
                f"completes, so this task and its dependents never run; {notice}{hint}",
                fix=fix,
            )


@extend(
    "DIP005",
    "ordewell",
    "In an Ordewell plan: tasks that depend on each other in a circle (a task depending on "
    "itself included). None of them ever becomes ready, nor does anything depending on them. "
    "Ordewell does not check this when a plan is generated (`checkNoCycles` runs only when a "
    "plan is modified, over top-level tasks, and keys its graph by id, so a duplicated id can "
    "make it report a cycle that is not there).",
)
def dependency_cycle(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    known = facts(context)
    for cycle in known.cycles:
        tasks = [known.flat[target] for target, _ in cycle]
        closing = cycle[-1][1]
        names = [f"task {label(item)}" for item in [cycle[0][1].task, *tasks]]
        if len(cycle) == 1:
            chain = f"{describe(closing.task)} depends on itself"
        else:
            chain = "dependency cycle: " + " → ".join(names)
        involves_subtask = any(item.parent is not None for item in tasks)
        notice = (
            "Ordewell never checks cycles among subtasks" if involves_subtask else (_MODIFIED_ONLY)
        )
        related = tuple(
            Related(dep.node.span, f'task {label(dep.task)} depends on "{dep.text}"')
            for _, dep in cycle[:-1]
        )
        yield context.finding(
            "DIP005",
            closing.node.span,
            f"{chain}: none of these tasks ever becomes ready, nor anything that depends on "
            f"them; {notice}; remove one of the dependencies",
            related=related,
        )
