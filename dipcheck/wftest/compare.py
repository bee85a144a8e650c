"""Where tracker's engine and dippin's simulator part ways on a dippin test, and why.

:func:`dippin_failures` checks a test's expectations against dippin's own run (as ``dippin
test`` would); when its verdict differs from the verdict on tracker's engine,
:func:`explain` finds the first node where the two paths differ and names the rule behind the
difference, citing docs/runtime/.
"""

from __future__ import annotations

from dipcheck.records import record
from dipcheck.simulate.render import ARROW
from dipcheck.simulate.trace import Step
from dipcheck.wftest.dippin_sim import VISIT_CAP, Decision, DippinRun
from dipcheck.wftest.expect import Observed
from dipcheck.wftest.model import Expectation


@record
class Disagreement:
    dippin_passes: bool  # dippin's verdict (tracker's is the opposite)
    dippin_failures: list[str]
    dippin_path: list[str]
    dippin_status: str
    where: str  # the node where the runs part (or "" when only the ending differs)
    why: str  # the rule, with its citation


def dippin_failures(expectations: list[Expectation], run: DippinRun) -> list[str]:
    """``dippin test``'s verdict: its error messages for this run (empty: it passes)."""
    if run.status == "error":
        return [f"simulation error: {run.message}"]
    path = run.path
    seen = set(path)
    found: list[str] = []
    for item in expectations:
        value = item.value
        if item.key == "status" and run.status != value:
            found.append(f"expected status {value!r}, got {run.status!r}")
        elif item.key == "visited":
            found.extend(
                f"expected node {name!r} to be visited" for name in value if name not in seen
            )
        elif item.key == "not_visited":
            found.extend(
                f"expected node {name!r} to NOT be visited" for name in value if name in seen
            )
        elif item.key == "path_contains":
            position = 0
            for name in value:
                if name in path[position:]:
                    position = path.index(name, position) + 1
                else:
                    found.append(f"expected {name!r} in path order")
        elif item.key == "immediately_after":
            for first, following in value.items():
                if first not in path:
                    found.append(f"immediately_after: {first!r} not in path")
                    continue
                index = path.index(first)
                if index + 1 >= len(path) or path[index + 1] != following:
                    found.append(f"immediately_after: expected {following!r} after {first!r}")
    return found


def explain(
    observed: Observed,
    run: DippinRun,
    expectations: list[Expectation],
    branch: tuple[str, ...] = (),
) -> Disagreement:
    failures = dippin_failures(expectations, run)
    ours = observed.flat
    names = [step.node for step in ours]
    theirs = run.path
    index = next(
        (i for i, (a, b) in enumerate(zip(names, theirs, strict=False)) if a != b),
        min(len(names), len(theirs)),
    )
    same = names == theirs
    at = index - 1 if not same else len(names) - 1
    step = ours[at] if 0 <= at < len(ours) else None
    decision = next((item for item in run.decisions if item.index == at), None)
    following = ours[index] if not same and index < len(ours) else None
    theirs_next = theirs[index] if not same and index < len(theirs) else None
    if following is not None and following.depth > 0 and branch and following.node not in branch:
        why = (
            f"tracker runs every branch of the parallel node {following.within}, {following.node} "
            f"included (docs/runtime/parallel.md#branches); the test's `branch` "
            f"({', '.join(branch)}) "
            f"limits only dippin's walk, and dippin goes on to {theirs_next or 'the end'}"
        )
    else:
        why = _why(observed, step, decision, at == len(ours) - 1, run, following, theirs_next)
    return Disagreement(
        dippin_passes=not failures,
        dippin_failures=failures,
        dippin_path=theirs,
        dippin_status=run.status,
        where=step.node if step is not None else "",
        why=why,
    )


def _tracker_side(observed: Observed, step: Step, last: bool) -> str:
    if step.edge is not None:
        edge = step.edge
        return f"tracker goes to {edge.target} ({edge.reason}: {edge.why})"
    if last:
        return f"tracker ends the run: {observed.end.status}"
    return "tracker goes on with the next main-loop node"


def _why(
    observed: Observed,
    step: Step | None,
    decision: Decision | None,
    last: bool,
    run: DippinRun,
    following: Step | None,
    theirs_next: str | None,
) -> str:
    if step is None:
        return f"the runs start differently ({run.message})"
    node = step.node
    tracker = _tracker_side(observed, step, last)
    if decision is not None and decision.target:
        dippin = f"dippin goes to {decision.target} ({decision.why})"
    elif theirs_next is not None:
        dippin = f"dippin goes on to {theirs_next}"
    else:
        dippin = f"dippin ends the run: {run.status} ({run.message})"
    end = observed.end
    reason = step.edge.reason if step.edge is not None else ""
    rule = decision.rule if decision is not None else ""
    if last and end.cause == "handler_error":
        return (
            f"the {step.handler} handler of {node} fails on tracker's engine, which ends the run "
            f"(docs/runtime/edge-selection.md#the-main-loop, "
            f"docs/runtime/failures.md#failures-only-a-run-meets): {end.message}; dippin's "
            "simulator runs no "
            f"handler: {dippin}"
        )
    if following is not None and following.depth > 0 and following.within == node:
        return (
            f"tracker runs every branch of the parallel node {node} inside its handler "
            f"(docs/runtime/parallel.md#branches), {following.node} first; dippin walks only the "
            "branches "
            f"a test's `branch` selects, following their edges to the fan-in: {dippin}"
        )
    if step.depth > 0:
        return (
            f"{node} runs as a branch inside {step.within}: tracker runs only the branch "
            "target, inside the parallel handler, and never follows its edges "
            f"(docs/runtime/parallel.md#branches); {dippin}"
        )
    if rule == "loop_break":
        return (
            f"dippin test caps node visits at {VISIT_CAP} and breaks the loop at {node}; "
            f"tracker has no visit cap — a loop ends only by its conditions or when "
            f"max_restarts is used up (docs/runtime/failures.md#loop-restarts): {tracker}; {dippin}"
        )
    if reason == "fallback" or (last and end.cause == "strict_failure"):
        return (
            f"{node} failed and none of its edges has a condition: tracker's strict failure "
            f"(docs/runtime/edge-selection.md#strict-failure) — {tracker}; dippin's simulator has "
            "no strict "
            f"failure: {dippin}"
        )
    if rule == "else":
        return (
            f"{dippin}; tracker ignores `else ->` (it is not wired into the engine, "
            f"docs/runtime/loading.md#from-dippin-to-trackers-graph): {tracker}"
        )
    if rule == "first_edge" and last and end.cause == "no_matching_edges":
        return (
            f"no condition on {node}'s edges is true and none is unconditional: {tracker} — no "
            f"matching edges (docs/runtime/edge-selection.md#no-matching-edge); {dippin}"
        )
    if reason in ("retry", "retry_fallback") or (last and end.cause == "retries_exhausted"):
        return (
            f"{node} returned `retry`: tracker retries it and never routes on it "
            f"(docs/runtime/failures.md#retries) — {tracker}; dippin's simulator has no retries: "
            f"{dippin}"
        )
    if reason.startswith("goal_gate") or (last and end.cause in ("goal_gate", "exit_failed")):
        return (
            f"tracker checks goal gates when the exit node completes "
            f"(docs/runtime/failures.md#goal-gates): {tracker}; dippin's simulator has no goal "
            f"gates: {dippin}"
        )
    if (step.edge is not None and step.edge.restart) or (last and end.cause == "restarts"):
        return (
            f"a loop restart: tracker allows max_restarts restarts per run "
            f"(docs/runtime/failures.md#loop-restarts) — {tracker}; {dippin}"
        )
    if decision is not None and step.outcome != decision.outcome and decision.outcome:
        return (
            f"{node} ends `{step.outcome}` on tracker's engine, where the handler sets "
            f"`outcome` after the engine resets it before every node "
            f"(docs/runtime/edge-selection.md#the-main-loop, "
            f"docs/runtime/edge-selection.md#choosing-an-edge), while dippin's context still holds "
            f"outcome={decision.outcome!r} there: "
            f"{tracker}; {dippin}"
        )
    if reason == "label" or rule == "label":
        return (
            f"at the human gate {node}, tracker routes by the answer's exact label or choice "
            f"key, after the conditions (docs/runtime/edge-selection.md#preferred-label); dippin "
            "matches "
            f"preferred_label as a substring before them: {tracker}; {dippin}"
        )
    if reason in ("weight", "lexical") and rule == "unconditional":
        return (
            f"{node} has several unconditional edges: tracker takes the highest weight, then "
            f"the lexically smallest target (docs/runtime/edge-selection.md#weight); dippin takes "
            "the "
            f"first declared: {tracker}; {dippin}"
        )
    if reason == "condition" or rule == "condition":
        return (
            f"the conditions on {node}'s edges read differently (tracker's context and "
            f"condition reading, docs/runtime/edge-selection.md#the-main-loop, "
            f"docs/runtime/conditions.md): {tracker}; {dippin}"
        )
    if last:
        tracker = f"{tracker} — {end.message}"
    return f"{tracker}; {dippin}"


def summary(disagreement: Disagreement) -> list[str]:
    """Lines for a report: dippin's verdict and path, then where and why tracker differs."""
    verdict = "pass" if disagreement.dippin_passes else "fail"
    lines = [
        f"dippin's simulator would {verdict} this test: {disagreement.dippin_status}, "
        f"path {f' {ARROW} '.join(disagreement.dippin_path)}"
    ]
    lines.extend(f"  dippin: {item}" for item in disagreement.dippin_failures)
    where = f" at {disagreement.where}" if disagreement.where else ""
    lines.append(f"tracker's routing differs{where}: {disagreement.why}")
    return lines
