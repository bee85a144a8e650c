"""Text and JSON output of ``dipcheck simulate`` (the JSON shape is pinned in
:mod:`dipcheck.simulate.contract`). Both are deterministic: the same run gives the same
bytes — nothing depends on time, dictionary order of the input or the machine.
"""

from __future__ import annotations

import itertools
import json
import operator
from collections.abc import Sequence
from typing import Any

from dipcheck import jsontext
from dipcheck.diagnostics import Diagnostic
from dipcheck.simulate.trace import End, Run, Step, Taken
from dipcheck.terminal import visible_lines

ARROW = "→"
MAX_VALUE = 60


def _value(text: str) -> str:
    shown = text if len(text) <= MAX_VALUE else text[: MAX_VALUE - 1] + "…"
    return json.dumps(shown, ensure_ascii=False)


def numbered(steps: Sequence[Step]) -> list[tuple[str, Step]]:
    """Step numbers: ``3`` for a main-loop step, ``3.1``, ``3.2`` for what ran inside it."""
    result: list[tuple[str, Step]] = []
    counters: list[int] = []
    for step in steps:
        counters = counters[: step.depth + 1]
        counters.extend([0] * (step.depth + 1 - len(counters)))
        counters[step.depth] += 1
        result.append((".".join(str(count) for count in counters), step))
    return result


# -- text ------------------------------------------------------------------------------------


def text_run(run: Run, header: Sequence[str], verbose: bool = False) -> str:
    lines = [*header, ""]
    items = numbered(run.steps)
    width = max((len(step.node) + 2 * step.depth for _, step in items), default=4)
    for number, step in items:
        lines.extend(_step_lines(number, step, width, verbose))
    lines.append("")
    lines.extend(_end_lines(run.end, run.path))
    return visible_lines(lines)  # (a DOT node id can hold a line break)


def _step_lines(number: str, step: Step, width: int, verbose: bool) -> list[str]:
    pad = "  " * step.depth
    attempt = f"  (attempt {step.attempt})" if step.attempt > 1 else ""
    name = f"{step.node:<{width - 2 * step.depth}}"
    head = f"{pad}{number:>4}  {name}  {step.handler:<18} {step.outcome}"
    lines = [head.rstrip() + attempt]
    indent = pad + "        "
    for note in step.notes:
        lines.append(f"{indent}{note}")
    written = [f"{key}={_value(value)}" for key, value in step.writes if key != "parallel.results"]
    if written:
        lines.append(f"{indent}writes {', '.join(written)}")
    if verbose:
        for key, value in step.text:
            lines.append(f"{indent}{key}:")
            lines.extend(f"{indent}  | {line}" for line in value.split("\n"))
    if step.edge is not None:
        lines.extend(_edge_lines(step.edge, indent))
    return lines


def _edge_lines(edge: Taken, indent: str) -> list[str]:
    lines = [f"{indent}✗ {item.why}" for item in edge.rejected]
    override = "  [override]" if edge.override else ""
    lines.append(f"{indent}{ARROW} {edge.target}  {edge.reason}: {edge.why}{override}")
    if edge.restart is not None:
        lines.append(f"{indent}↻ {edge.restart_why}")
    return lines


def _end_lines(end: End | None, path: list[str]) -> list[str]:
    if end is None:
        return ["status: unknown"]
    return [f"status: {end.status} — {end.message}", *path_lines(path, "path: ", "      ")]


# -- long paths: loops folded, lines wrapped ---------------------------------------------------

MAX_PERIOD = 24  # the longest loop body folded
TIMES = "\u00d7"
WIDTH = 100


def fold(path: Sequence[str]) -> list[str]:
    """The path with each run of a repeated stretch written once with its count,
    ``A → (B → C) TIMES40 → D`` (TIMES: the multiplication sign). Short stretches are folded
    first, so that a loop within a loop folds inside it. JSON keeps the whole path."""
    items = list(path)
    for _ in range(3):
        before = items
        for period in range(1, MAX_PERIOD + 1):
            items = _fold_period(items, period)
        if items == before:
            break
    return items


def _fold_period(items: list[str], period: int) -> list[str]:
    if len(items) < 2 * period:
        return items
    out: list[str] = []
    index = 0
    # a stretch can only repeat where an item equals the one a period later: the places to
    # look at are found in one pass, and what lies between them is copied as it is (looking
    # at every place for every period made printing long paths slower than exploring them)
    repeats = itertools.compress(range(len(items)), map(operator.eq, items, items[period:]))
    for place in repeats:
        if place < index:
            continue
        out.extend(items[index:place])
        block = items[place : place + period]
        count = 1
        while items[place + count * period : place + (count + 1) * period] == block:
            count += 1
        if count > 1:
            body = block[0] if period == 1 else f"({f' {ARROW} '.join(block)})"
            out.append(f"{body} {TIMES}{count}")
            index = place + period * count
        else:
            out.append(items[place])
            index = place + 1
    out.extend(items[index:])
    return out


def path_lines(path: Sequence[str], first: str, rest: str) -> list[str]:
    """The folded path after ``first``, wrapped at :data:`WIDTH` (continuation lines start
    with ``rest``; a line breaks after an arrow)."""
    lines: list[str] = []
    current = first
    for position, item in enumerate(fold(path)):
        piece = item if position == 0 else f" {ARROW} {item}"
        if position and len(current) + len(piece) + 2 > WIDTH and current.strip():
            lines.append(current + f" {ARROW}")
            current = rest + item
        else:
            current += piece
    lines.append(current)
    return lines


# -- JSON ------------------------------------------------------------------------------------


def _range(edge: Taken) -> dict[str, Any] | None:
    from dipcheck.report.json import range_of

    if edge.edge is None:
        return None
    return range_of(edge.edge.span)


def step_dict(number: str, step: Step) -> dict[str, Any]:
    edge: dict[str, Any] | None = None
    if step.edge is not None:
        taken = step.edge
        edge = {
            "from": taken.source,
            "to": taken.target,
            "reason": taken.reason,
            "why": taken.why,
            "rejected": [
                {"from": item.edge.source.value, "to": item.edge.target.value, "why": item.why}
                for item in taken.rejected
            ],
            "restart": taken.restart,
            "restart_why": taken.restart_why,
            "override": taken.override,
            "range": _range(taken),
        }
    return {
        "index": number,
        "node": step.node,
        "handler": step.handler,
        "outcome": step.outcome,
        "attempt": step.attempt,
        "edge": edge,
        "writes": [key for key, _ in step.writes],
        "values": {key: value for key, value in step.writes},
        "notes": list(step.notes),
        "within": step.within,
        "depth": step.depth,
        "text": {key: value for key, value in step.text},
    }


def run_dict(run: Run) -> dict[str, Any]:
    end = run.end
    return {
        "status": end.status if end else "unknown",
        "class": "succeeded" if end and end.succeeded else "failed",
        "message": end.message if end else "",
        "path": run.path,
        "steps": [step_dict(number, step) for number, step in numbered(run.steps)],
    }


def document(
    file: str,
    target: str,
    scenario: str | None,
    run: Run,
    diagnostics: Sequence[Diagnostic] = (),
) -> dict[str, Any]:
    from dipcheck.report.json import diagnostic_dict

    return {
        "version": 1,
        "file": file,
        "target": target,
        "scenario": scenario,
        **run_dict(run),
        "diagnostics": [diagnostic_dict(item) for item in diagnostics],
    }


def dumps(data: dict[str, Any]) -> str:
    return jsontext.utf8_safe(jsontext.dumps(data)) + "\n"


# -- --all-paths -----------------------------------------------------------------------------


def text_paths(result: Any, header: Sequence[str]) -> str:
    lines = [*header, ""]
    state = "complete" if result.complete else f"incomplete: {result.truncated}"
    lines.append(
        f"explored {result.states} states: {len(result.paths)} distinct terminal paths ({state})"
    )
    number = 0
    groups = result.by_status()
    # the statuses that count as succeeded first, then the failures, each in discovery order
    order = sorted(groups, key=lambda status: not groups[status][0].end.succeeded)
    for status in order:
        group = groups[status]
        lines.append("")
        lines.append(f"{status} ({len(group)} path{'s' if len(group) != 1 else ''})")
        for terminal in group:
            number += 1
            lines.extend(path_lines(terminal.path, f"  {number:>3}. ", "       "))
            lines.append(f"       {terminal.end.message}")
            if terminal.world:
                lines.append(f"       world: {'; '.join(terminal.world)}")
    return visible_lines(lines)  # (a DOT node id can hold a line break)


def _compact(step: Step) -> dict[str, Any]:
    """A step of an explored path: the contract's fields only (paths can be long)."""
    edge = step.edge
    return {
        "node": step.node,
        "outcome": step.outcome,
        "edge": None
        if edge is None
        else {"from": edge.source, "to": edge.target, "reason": edge.reason},
        "writes": [key for key, _ in step.writes],
    }


def paths_document(prepared: Any, result: Any) -> dict[str, Any]:
    from dipcheck.report.json import diagnostic_dict

    paths = []
    for terminal in result.paths:
        end = terminal.end
        paths.append(
            {
                "status": end.status,
                "class": "succeeded" if end.succeeded else "failed",
                "message": end.message,
                "path": terminal.path,
                "world": terminal.world,
                "steps": [_compact(step) for step in terminal.steps],
            }
        )
    return {
        "version": 1,
        "file": prepared.path,
        "target": prepared.target,
        "scenario": None if prepared.scenario.default else prepared.scenario.path,
        "complete": result.complete,
        "truncated": result.truncated or None,
        "states": result.states,
        "paths": paths,
        "diagnostics": [diagnostic_dict(item) for item in prepared.diagnostics],
    }
