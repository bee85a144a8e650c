"""The prompt Ordewell composes for a task (other-formats.md §5.5; ``composeAugmentedPrompt``
in ``promptAugment.ts``), from the plan's stored state: the plan map, the outputs of the direct
dependencies, the TDD and checkpoint blocks, the base prompt and the completion instruction.

Everything Ordewell derives from the plan is reproduced byte for byte (headings, rows, tags,
labels, the window, the footer, defused tails). Its fixed instruction prose is not: each fixed
block is one placeholder line in its place: ``[ordewell:guardrail]``,
``[ordewell:tdd]``, ``[ordewell:checkpoint]``, ``[ordewell:completion DONE_<marker>]``.
"""

from __future__ import annotations

import math
from functools import cmp_to_key
from typing import Any

from dipcheck.jsvalue import (
    UNDEFINED,
    JsTypeError,
    coalesce,
    difference,
    key,
    pad_end,
    pad_start,
    sign,
    to_string,
    truthy,
)
from dipcheck.plan import Plan, PlanTask
from dipcheck.records import record

MAP_MAX_ENTRIES = 30
MAP_MIN_ROWS = 3
GUARDRAIL = "[ordewell:guardrail]"
TDD = "[ordewell:tdd]"
CHECKPOINT = "[ordewell:checkpoint]"


class HandoverError(Exception):
    """Ordewell itself would fail composing this prompt (a TypeError on a malformed stored
    value), or the task does not exist."""


@record(frozen=True)
class Options:
    plan_map: bool = True
    tdd: bool = False
    plan_map_max: int | None = None


def find_task(plan: Plan, wanted: str) -> PlanTask | None:
    """The task with id ``wanted`` (the first in the tree), else the one whose order label
    is ``wanted`` (``3``, ``#3``, ``2.1``)."""
    for task in plan.flat:
        if isinstance(task.id, str) and task.id == wanted:
            return task
    from dipcheck.analysis.plan_facts import label

    bare = wanted.lstrip("#")
    matches = [task for task in plan.flat if label(task) == bare]
    return matches[0] if len(matches) == 1 else None


def _text(value: Any) -> str:
    """A template literal's ``${value}``."""
    try:
        return to_string(value)
    except JsTypeError as error:
        raise HandoverError(f"Ordewell fails composing the prompt: TypeError: {error}") from None


def _defuse(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise HandoverError(
            f"Ordewell fails composing the prompt: a dependency's outputSummary.{what} is "
            f"{_text(value) if value is not UNDEFINED else 'missing'}, not text (TypeError)"
        )
    return value.replace("<<<ORDEWELL_", "<<<ORDEWELL-")


def _order_label(task: PlanTask) -> str:
    if task.parent is None:
        return _text(task.js.get("order", UNDEFINED))
    parent_order = task.parent.js.get("order", UNDEFINED)
    return f"{_text(parent_order)}.{_text(task.js.get('order', UNDEFINED))}"


def _tag(task: PlanTask, current: bool) -> str:
    if current:
        return "NOW"
    status = task.js.get("status", UNDEFINED)
    if status == "completed":
        return "done"
    if status == "failed":
        return "failed"
    if status == "blocked":
        return "blocked"
    if status == "in_progress":
        return "running"
    if task.js.get("type") == "user":
        return "user"
    return "next"


def _parent_order(task: PlanTask) -> Any:
    if task.parent is None:
        return -1.0
    return coalesce(task.parent.js.get("order", UNDEFINED), -1.0)


def _row_order(a: PlanTask, b: PlanTask) -> int:
    parents = difference(_parent_order(a), _parent_order(b))
    if parents != 0 and not math.isnan(parents):
        return sign(parents)
    if math.isnan(parents):
        return 0
    return sign(difference(a.js.get("order"), b.js.get("order")))


def _window(rows: list[PlanTask], current: int, limit: int) -> tuple[list[PlanTask], int]:
    """``pickWindow``: up to ``limit`` rows, at most a third of them before the current one,
    clamped at the end; the first rows when the task is not in the map."""
    total = len(rows)
    if total <= limit:
        return rows, 0
    if current < 0:
        window = rows[:limit]
        return window, total - len(window)
    look_back = min(current, math.floor(limit / 3))
    start = current - look_back
    if start + limit > total:
        start = total - limit
    start = max(start, 0)
    window = rows[start : start + limit]  # Array.prototype.slice, as Python slices
    return window, total - len(window)


def _rows(plan: Plan) -> tuple[list[PlanTask], dict[Any, int]]:
    """The plan map's rows in order (top-level tasks by order, then every subtask grouped by
    its parent's order; a stable sort) and where each id first appears; computed once per
    plan (the order does not depend on the current task)."""
    cached = plan.__dict__.get("_map_rows")
    if cached is None:
        rows = sorted(plan.flat, key=cmp_to_key(_row_order))
        first: dict[Any, int] = {}
        for index, row in enumerate(rows):
            first.setdefault(key(row.id), index)
        cached = plan.__dict__["_map_rows"] = (rows, first)
    return cached


def plan_map(plan: Plan, task: PlanTask, limit: int | None) -> str:
    """``renderPlanMap``; empty below three rows."""
    if len(plan.flat) < MAP_MIN_ROWS:
        return ""
    rows, first = _rows(plan)
    wanted = key(task.id)
    current = first.get(wanted, -1)
    window, omitted = _window(rows, current, MAP_MAX_ENTRIES if limit is None else limit)
    current_task = rows[current] if current >= 0 else None
    lines: list[str] = []
    for row in window:
        is_current = key(row.id) == wanted
        tag = _tag(row, is_current)
        label = _order_label(row)
        order = label if row.parent is not None else pad_start(label, 2)
        arrow = "   ← you are here" if is_current else ""
        runner = row.js.get("assignedRunner", UNDEFINED)
        shown = f" ({_text(runner)})" if truthy(runner) else ""
        lines.append(
            f"{order}. [{pad_end(tag, 7)}] {_text(row.js.get('title', UNDEFINED))}{shown}{arrow}"
        )
    footer = ""
    if omitted > 0:
        footer = f"\n({omitted} task{'' if omitted == 1 else 's'} omitted from this view)"
    note = ""
    if current_task is not None and truthy(current_task.js.get("assignedRunner", UNDEFINED)):
        note = f"\nYou are running as: {_text(current_task.js['assignedRunner'])}"
    return "\n".join(["## Plan map", "", GUARDRAIL, "", "\n".join(lines) + footer + note])


def prior_outputs(plan: Plan, task: PlanTask) -> str:
    """``collectDirectDependencyOutputs`` + ``renderPriorOutputs``: each direct dependency
    that exists and has an output summary, by order."""
    by_id: dict[Any, PlanTask] = {}
    for item in plan.flat:
        by_id[key(item.id)] = item  # a Map built from the flattened tree: the last one wins
    deps = coalesce(task.js.get("dependencies", UNDEFINED), [])
    if isinstance(deps, str):
        deps = list(deps)
    if not isinstance(deps, list):
        raise HandoverError("Ordewell fails composing the prompt: `dependencies` is not a list")
    outputs: list[tuple[Any, Any, Any, Any]] = []
    for dep_id in deps:
        dep = by_id.get(key(dep_id))
        if dep is None:
            continue
        summary = dep.js.get("outputSummary", UNDEFINED)
        if not truthy(summary):
            continue
        review = summary.get("reviewReason", UNDEFINED) if isinstance(summary, dict) else UNDEFINED
        tail = summary.get("logTail", UNDEFINED) if isinstance(summary, dict) else UNDEFINED
        outputs.append(
            (dep.js.get("order", UNDEFINED), dep.js.get("title", UNDEFINED), review, tail)
        )
    if not outputs:
        return ""
    outputs.sort(key=cmp_to_key(lambda a, b: sign(difference(a[0], b[0]))))
    blocks = []
    for order, title, review, tail in outputs:
        if truthy(tail):
            shown_tail = "\n".join("  " + line for line in _defuse(tail, "logTail").split("\n"))
        else:
            shown_tail = "  (no output captured)"
        reason = _defuse(review, "reviewReason") or "(no review note)"
        blocks.append(
            f"### Task {_text(order)}: {_text(title)}\n- Review: {reason}\n- Tail:\n{shown_tail}"
        )
    return "## Prior task outputs\n\n" + "\n\n".join(blocks)


def compose(plan: Plan, task: PlanTask, options: Options | None = None) -> str:
    """``composeAugmentedPrompt`` with the fixed prose as placeholders."""
    options = options or Options()
    base = coalesce(task.js.get("prompt", UNDEFINED), "")
    blocks: list[str] = []
    if options.plan_map:
        rendered = plan_map(plan, task, options.plan_map_max)
        if rendered:
            blocks.append(rendered)
    outputs = prior_outputs(plan, task)
    if outputs:
        blocks.append(outputs)
    if options.tdd:
        blocks.append(TDD)
    if task.js.get("autonomy") == "HITL" or task.js.get("sliceType") == "HITL":
        blocks.append(CHECKPOINT)
    marker = f"\n\n[ordewell:completion DONE_{_text(task.js.get('completionMarker', UNDEFINED))}]"
    if not blocks:
        return _text(base) + marker
    return "\n\n".join(blocks) + "\n\n" + _text(base) + marker


def missing_marker(task: PlanTask) -> bool:
    marker = task.js.get("completionMarker", UNDEFINED)
    return marker is UNDEFINED or marker is None
