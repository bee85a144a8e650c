"""Checking a run against a test's expectations, and explaining each failure by the edge
decision behind it.

The path a test speaks of: in dipcheck's own test files, the main-loop path (what ``dipcheck
simulate`` prints as ``path:``, one entry per handler run, retries included); in a dippin
``.test.json``, every node of the workflow that ran, parallel branches included, as dippin's
simulator lists them. ``visited``/``not_visited`` look at every step, child-workflow steps
(``Parent/Child``) included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dipcheck.records import field, record
from dipcheck.simulate.render import ARROW
from dipcheck.simulate.trace import End, Step
from dipcheck.wftest.model import DIPPIN, Expectation

Reach = Callable[[str, str], bool]  # (from, to): can the run get there


@record
class Observed:
    """One simulated run, as the expectations see it."""

    steps: list[Step]
    end: End
    ctx: dict[str, str]
    top: list[Step] = field(init=False)
    flat: list[Step] = field(init=False)  # this workflow's own steps, branches included

    def __post_init__(self) -> None:
        self.top = [step for step in self.steps if step.depth == 0]
        self.flat = [step for step in self.steps if step.own]

    @property
    def path(self) -> list[str]:
        return [step.node for step in self.top]

    def walked(self, kind: str) -> list[Step]:
        return self.flat if kind == DIPPIN else self.top

    @property
    def visited(self) -> set[str]:
        return {step.node for step in self.steps}

    @property
    def written(self) -> set[str]:
        return {key for step in self.steps for key, _ in step.writes}


@record
class Failure:
    key: str
    line: int
    column: int
    message: str
    expected: Any
    actual: Any
    decision: list[str] = field(default_factory=list)  # the edge decision behind it
    side_by_side: tuple[list[str], list[str], int] | None = None  # expected, actual, divergence


def status_matches(expected: str, end: End, kind: str) -> bool:
    if expected == "succeeded" or (kind == DIPPIN and expected == "success"):
        return end.succeeded
    if expected == "failed" or (kind == DIPPIN and expected == "fail"):
        return not end.succeeded
    if kind == DIPPIN and expected == "dead_end":
        return end.status == "stuck" and end.cause == "no_edges"
    return end.status == expected


# -- decisions ------------------------------------------------------------------------------


def step_decision(step: Step, number: int) -> list[str]:
    """``step 4, Test (success): → Fix — condition: …`` and the edges that lost."""
    attempt = f", attempt {step.attempt}" if step.attempt > 1 else ""
    head = f"step {number}, {step.node} ({step.outcome}{attempt})"
    edge = step.edge
    if edge is None:
        return [f"{head}: left by no edge"]
    lines = [f"{head}: {ARROW} {edge.target} — {edge.reason}: {edge.why}"]
    lines.extend(f"  ✗ {item.why}" for item in edge.rejected)
    if edge.restart is not None:
        lines.append(f"  ↻ {edge.restart_why}")
    return lines


def end_decision(observed: Observed) -> list[str]:
    end = observed.end
    where = f" at {end.node}" if end.node else ""
    lines = [f"the run ended{where}: {end.status} — {end.message}"]
    lines.extend(f"  ✗ {item.why}" for item in end.rejected)
    return lines


def decision_for(observed: Observed, walked: list[Step], index: int) -> list[str]:
    """The decision that left ``walked[index]``: its own edge, or for a branch step the
    parallel node's (branches run inside it), or the end of the run."""
    if index < 0:
        return end_decision(observed)
    step = walked[index]
    if step.depth > 0:
        for position, top in enumerate(observed.top):
            if top.node == step.within:
                return [
                    f"{step.node} ran as a branch inside {top.node} "
                    "(docs/runtime/parallel.md#branches)",
                    *step_decision(top, position + 1),
                ]
    top_index = next((i for i, item in enumerate(observed.top) if item is step), None)
    if step.edge is None and (top_index is None or top_index == len(observed.top) - 1):
        return end_decision(observed)
    return step_decision(step, (top_index if top_index is not None else index) + 1)


def _ending(observed: Observed, walked: list[Step]) -> list[str]:
    """How the run ended, after the last decision it made."""
    lines = end_decision(observed)
    last = walked[-1] if walked else None
    if last is not None and last.edge is not None:
        lines = [*step_decision(last, len(walked)), *lines]
    return lines


def _shown(names: list[str]) -> str:
    return f" {ARROW} ".join(names) if names else "(nothing)"


# -- the checks ------------------------------------------------------------------------------


def check(
    expectations: list[Expectation], observed: Observed, kind: str, reach: Reach
) -> list[Failure]:
    found: list[Failure] = []
    walked = observed.walked(kind)
    names = [step.node for step in walked]
    for item in expectations:
        checker = _CHECKS.get(item.key)
        if checker is None:
            continue  # plan expectations are checked by plans.py
        failure = checker(item, observed, walked, names, kind, reach)
        if failure is not None:
            found.append(failure)
    return found


def _failure(item: Expectation, message: str, actual: Any, **extra: Any) -> Failure:
    return Failure(item.key, item.line, item.column, message, item.value, actual, **extra)


def _status(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    end = observed.end
    if status_matches(item.value, end, kind):
        return None
    shown = "success" if kind == DIPPIN and end.succeeded else end.status
    return _failure(
        item,
        f"expected status {item.value!r}, got {shown!r}",
        end.status,
        decision=[*_ending(observed, walked), f"path: {_shown(names)}"],
    )


def _path(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    expected: list[str] = item.value
    if names == expected:
        return None
    index = next(
        (i for i, (a, b) in enumerate(zip(expected, names, strict=False)) if a != b),
        min(len(expected), len(names)),
    )
    if index >= len(names):
        what = f"the run ended after {len(names)} steps, before {expected[index]!r}"
    elif index >= len(expected):
        what = f"the run went on to {names[index]!r} after the expected path ended"
    else:
        what = f"step {index + 1} is {names[index]!r}, not {expected[index]!r}"
    return _failure(
        item,
        f"the path differs from step {index + 1}: {what}",
        names,
        decision=decision_for(observed, walked, index - 1) if index else ["the run starts there"],
        side_by_side=(expected, names, index),
    )


def _path_contains(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    expected: list[str] = item.value
    position = 0
    last = -1
    for number, name in enumerate(expected):
        try:
            found = names.index(name, position)
        except ValueError:
            after = f" after {expected[number - 1]!r} (step {last + 1})" if number else ""
            return _failure(
                item,
                f"{name!r} is not in the path{after}",
                names,
                decision=decision_for(observed, walked, last if last >= 0 else len(walked) - 1),
                side_by_side=(expected, names, number),
            )
        last = found
        position = found + 1
    return None


def _turned_away(observed: Observed, walked: list[Step], name: str, reach: Reach) -> int:
    """The last step from whose node ``name`` could still be reached and whose edge led where
    it no longer can (-1: the end of the run)."""
    head = name.split("/", 1)[0]
    for index in range(len(walked) - 1, -1, -1):
        step = walked[index]
        edge = step.edge
        if step.depth or edge is None or not reach(step.node, head):
            continue
        if not reach(edge.restart or edge.target, head):
            return index
    return -1


def _visited(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    seen = observed.visited if kind != DIPPIN else set(names)
    missing = [name for name in item.value if name not in seen]
    if not missing:
        return None
    index = _turned_away(observed, walked, missing[0], reach)
    return _failure(
        item,
        f"not visited: {', '.join(repr(name) for name in missing)}",
        missing,
        decision=[*decision_for(observed, walked, index), f"path: {_shown(names)}"],
    )


def _not_visited(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    seen = observed.visited if kind != DIPPIN else set(names)
    present = [name for name in item.value if name in seen]
    if not present:
        return None
    first = next((i for i, step in enumerate(walked) if step.node == present[0]), None)
    decision = ["the run starts there"]
    if first is None:
        step = next(step for step in observed.steps if step.node == present[0])
        decision = [f"{step.node} ran inside {step.within}"]
    elif first > 0:
        decision = decision_for(observed, walked, first - 1)
    return _failure(
        item,
        f"visited, though it should not be: {', '.join(repr(name) for name in present)}",
        present,
        decision=[*decision, f"path: {_shown(names)}"],
    )


def _immediately_after(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    for first, following in item.value.items():
        if first not in names:
            index = _turned_away(observed, walked, first, reach)
            return _failure(
                item,
                f"immediately_after: {first!r} is not in the path",
                None,
                decision=[*decision_for(observed, walked, index), f"path: {_shown(names)}"],
            )
        index = names.index(first)
        actual = names[index + 1] if index + 1 < len(names) else None
        if actual == following:
            continue
        what = f"got {actual!r}" if actual else f"{first!r} is the last step"
        return _failure(
            item,
            f"immediately_after: expected {following!r} right after {first!r}, {what}",
            actual,
            decision=decision_for(observed, walked, index),
        )
    return None


def _edge_reason(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    for (node, visit), (reason, target) in item.value.items():
        steps = [(i, step) for i, step in enumerate(observed.top) if step.node == node]
        if len(steps) < visit:
            return _failure(
                item,
                f"edge_reason: {node} ran {len(steps)} time(s), not {visit}",
                None,
                decision=[f"path: {_shown(names)}"],
            )
        index, step = steps[visit - 1]
        edge = step.edge
        actual = (edge.reason, edge.target) if edge is not None else (None, None)
        if actual[0] == reason and (target is None or actual[1] == target):
            continue
        wanted = reason + (f" to {target}" if target else "")
        got = f"{actual[0]} to {actual[1]}" if edge is not None else "no edge (the run ended)"
        at = f"{node}#{visit}" if visit > 1 else node
        return _failure(
            item,
            f"edge_reason at {at}: expected {wanted}, got {got}",
            got,
            decision=step_decision(step, index + 1) if edge else end_decision(observed),
        )
    return None


def _writes(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    written = observed.written
    missing = [key for key in item.value if key not in written]
    if not missing:
        return None
    return _failure(
        item,
        f"never written: {', '.join(repr(key) for key in missing)}",
        sorted(written),
        decision=[f"keys written: {', '.join(sorted(written)) or '(none)'}"],
    )


def _context(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    for key, value in item.value.items():
        actual = observed.ctx.get(key)
        if actual == value:
            continue
        writer = next(
            (
                (index, step)
                for index, step in reversed(list(enumerate(observed.steps)))
                if key in dict(step.writes)
            ),
            None,
        )
        where = (
            [f"last written by {writer[1].node} (step {writer[0] + 1})"]
            if writer
            else ["no step wrote it"]
        )
        shown = "unset" if actual is None else repr(actual)
        return _failure(
            item, f"context {key!r}: expected {value!r}, got {shown}", actual, decision=where
        )
    return None


def _max_steps(item, observed, walked, names, kind, reach):  # type: ignore[no-untyped-def]
    count = len(observed.top)
    if count <= item.value:
        return None
    visits: dict[str, int] = {}
    for name in observed.path:
        visits[name] = visits.get(name, 0) + 1
    busiest = max(visits, key=lambda name: visits[name])
    return _failure(
        item,
        f"the run took {count} steps, more than {item.value}",
        count,
        decision=[f"{busiest} ran {visits[busiest]} times", *end_decision(observed)],
    )


_CHECKS = {
    "status": _status,
    "path": _path,
    "path_contains": _path_contains,
    "visited": _visited,
    "not_visited": _not_visited,
    "immediately_after": _immediately_after,
    "edge_reason": _edge_reason,
    "writes": _writes,
    "context": _context,
    "max_steps": _max_steps,
}
