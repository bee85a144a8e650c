"""DC326 and DC327: what the manager loop handler refuses, and conditions it can never see
change (docs/runtime/failures.md#failures-only-a-run-meets,
docs/runtime/subgraphs.md#manager-loops; ``pipeline/handlers/manager_loop.go``).

While a manager loop polls, the parent run waits inside the node: the only context keys that
change are the two the handler writes each tick, ``stack.child.cycles`` (the tick count) and
``stack.child.status`` (``running`` until the loop ends). The child runs on a copy of the
context and its writes come back only when it finishes, after which the loop returns without
evaluating its conditions again; ``stack.child.exit_status`` is written at that moment too.
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.analysis import routing, runtime
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.model import Field, Node, Workflow
from dipcheck.records import record
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

OBSERVABLES = ("stack.child.status", "stack.child.cycles", "stack.child.exit_status")
_CONDITIONS = ("stop_condition", "steer_condition")


def manager_loops(workflow: Workflow) -> Iterator[Node]:
    if workflow.dialect.attractor_family:
        return
    yield from runtime.nodes_run_by(workflow, runtime.Handler.MANAGER_LOOP)


def _steer_keys(item: Field, workflow: Workflow) -> tuple[list[tuple[str, Field]], bool]:
    """The steer_context keys (with the field that holds each) and whether tracker parses the
    value: a `.dip` block always flattens to `k=v` pairs; a DOT string needs at least one."""
    if workflow.format != "dot":
        return [(child.key, child) for child in item.children], True
    keys = []
    for pair in item.value.value.split(","):
        key, equals, _ = pair.strip().partition("=")
        if equals:
            keys.append((key.strip(), item))
    return keys, bool(keys) or not item.value.value


def _clause_problems(raw: str) -> list[tuple[int, int, str]]:
    """(start, end, reason) for each clause ``EvaluateCondition`` rejects when it evaluates
    it: an unmatched quote, no operator, an unspaced numeric operator, a numeric comparison
    with a non-numeric literal, a regex that does not compile. (An empty operand is not an
    error at run time, unlike in `tracker validate`.)"""
    try:
        branches = routing.split_condition(raw)
    except routing.ConditionError as error:
        quote = raw.rfind('"')
        return [(max(quote, 0), len(raw), str(error))]
    problems = []
    cursor = 0
    for branch in branches:
        for clause in branch:
            start = max(raw.find(clause, cursor), 0) if clause else cursor
            end = start + len(clause)
            cursor = end
            if not clause:
                continue
            try:
                parsed = routing.parse_clause(clause)
            except routing.ConditionError as error:
                if str(error).startswith("empty operand"):
                    continue
                problems.append((start, end, str(error)))
                continue
            try:
                routing.compare("", parsed.op, parsed.right)
            except routing.ConditionError as error:
                problems.append((start, end, str(error)))
    return problems


@rule(
    "DC326",
    "manager-loop-refused",
    Severity.ERROR,
    summary="A manager loop configuration its handler refuses, which fails the run.",
    rationale=(
        "The manager loop handler checks its configuration when the node runs and fails the "
        "run on (docs/runtime/failures.md#failures-only-a-run-meets, "
        "`pipeline/handlers/manager_loop.go`): "
        "`steer_condition` without `steer_context`, or `steer_context` without "
        "`steer_condition` (steering needs both); a `steer_context` with both `k` and "
        "`steer.k` (keys are moved under `steer.`, so the two collide); a DOT `steer_context` "
        "that holds no `k=v` pair; and, each time it evaluates `stop_condition` or "
        "`steer_condition`, a clause tracker's evaluator rejects (no operator, an unspaced "
        "`>=`, a numeric comparison with a word, a regex that does not compile, an unmatched "
        "quote). A missing `subgraph_ref` is DIP135; DOT `poll_interval`/`max_cycles` values "
        "the handler refuses are DC005."
    ),
    example="manager_loop Supervise\n  subgraph_ref: child.dip\n  steer_condition: "
    "stack.child.cycles = 5",
    fix="Set `steer_condition` and `steer_context` together (or neither), give each steer key "
    "one spelling, and write conditions as `key op value` clauses joined by `&&`/`||`.",
    formats=("dip", "dot"),
)
def manager_loop_refused(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in manager_loops(workflow):
        steer = node.get("steer_context")
        condition = node.get("steer_condition")
        keys, parses = _steer_keys(steer, workflow) if steer is not None else ([], True)
        if steer is not None and not parses:
            yield context.finding(
                "DC326",
                steer.value_span,
                f"manager loop `{node.id}`: steer_context {steer.value.value!r} holds no "
                "`key=value` pair, and the handler fails the run",
            )
        names = {key for key, _ in keys}
        for key, item in keys:
            if not key.startswith("steer.") and f"steer.{key}" in names:
                yield context.finding(
                    "DC326",
                    item.key_span,
                    f"manager loop `{node.id}`: steer_context has both `{key}` and `steer.{key}`;"
                    " tracker moves every key under `steer.`, refuses the ambiguity and fails "
                    "the run",
                )
        has_condition = condition is not None and condition.value.value.strip() != ""
        if has_condition and not keys and (steer is None or parses):
            assert condition is not None
            yield context.finding(
                "DC326",
                condition.key_span,
                f"manager loop `{node.id}` has a steer_condition but no steer_context: "
                "nothing to inject, and the handler fails the run",
            )
        if keys and not has_condition:
            assert steer is not None
            yield context.finding(
                "DC326",
                steer.key_span,
                f"manager loop `{node.id}` has a steer_context but no steer_condition: "
                "nothing triggers the injection, and the handler fails the run",
            )
        for key in _CONDITIONS:
            item = node.get(key)
            if item is None or not item.value.value.strip():
                continue
            problems = _clause_problems(item.value.value)
            if not problems:
                continue
            (start, end, reason), rest = problems[0], problems[1:]
            yield context.finding(
                "DC326",
                item.value.span(start, max(end, start + 1)),
                f"manager loop `{node.id}`: tracker cannot evaluate its {key} "
                f"({reason}); when it does, the handler fails the run (`{key} … is invalid`)",
                related=tuple(
                    Related(item.value.span(a, max(b, a + 1)), why) for a, b, why in rest
                ),
            )


@record(frozen=True, slots=True)
class _Operand:
    key: str
    start: int
    end: int
    clause: routing.Clause


def _operands(raw: str) -> list[_Operand] | None:
    try:
        branches = routing.split_condition(raw)
    except routing.ConditionError:
        return None
    result = []
    cursor = 0
    for branch in branches:
        for text in branch:
            start = max(raw.find(text, cursor), 0) if text else cursor
            cursor = start + len(text)
            try:
                clause = routing.parse_clause(text)
            except routing.ConditionError:
                return None
            left = raw.find(clause.left, start)
            key = clause.left
            for prefix in ("ctx.", "context."):
                if key.startswith(prefix):
                    key = key[len(prefix) :]
            result.append(_Operand(key, left, left + len(clause.left), clause))
    return result


def _unknown_observables(raw: str) -> Iterator[tuple[str, int]]:
    """``stack.child.<word>`` tokens anywhere in the text that the loop never writes, as
    tracker's ``extractStackChildKeys`` scans for them (its stderr warning)."""
    marker = "stack.child."
    index = raw.find(marker)
    while index != -1:
        end = index + len(marker)
        while end < len(raw) and (raw[end].isascii() and (raw[end].isalnum() or raw[end] == "_")):
            end += 1
        if end > index + len(marker) and raw[index:end] not in OBSERVABLES:
            yield raw[index:end], index
        index = raw.find(marker, end)


def _frozen(operand: _Operand) -> str:
    """Why the operand's value cannot change while the loop polls."""
    key = operand.key
    if key == "stack.child.status":
        holds = routing.compare("running", operand.clause.op, operand.clause.right)
        if operand.clause.negations % 2:
            holds = not holds
        return (
            "`stack.child.status` is `running` whenever the condition is evaluated (it takes "
            "its final value only when the loop ends), so this clause is always "
            f"{'true' if holds else 'false'}"
        )
    if key == "stack.child.exit_status":
        return (
            "`stack.child.exit_status` is written only when the child finishes, after the "
            "last evaluation"
        )
    return (
        f"`{key}` does not change while the loop polls (the parent waits in this node, and the "
        "child's writes reach the parent only when the child finishes)"
    )


@rule(
    "DC327",
    "manager-loop-condition-never-changes",
    Severity.WARNING,
    summary="A manager loop's stop or steer condition that cannot change while the loop polls, "
    "or that reads a `stack.child.*` key the loop never writes.",
    rationale=(
        "At each tick the manager loop evaluates `stop_condition` and `steer_condition` on the "
        "parent's context, where only `stack.child.cycles` changes: `stack.child.status` stays "
        "`running` until the loop ends, `stack.child.exit_status` and the child's own keys "
        "arrive only when the child finishes — and then the loop returns without evaluating "
        "again (docs/runtime/subgraphs.md#manager-loops, `pipeline/handlers/manager_loop.go`). A "
        "condition "
        "that does not read `stack.child.cycles` is therefore fixed for the whole loop: a "
        "stop_condition either stops the child at the first tick or never (the loop then ends "
        "only when the child does, or fails the run at `max_cycles`); a steer_condition steers "
        "at every tick or never. tracker fixed its own example this way "
        "(`stack.child.status = success` became `stack.child.cycles = 10`). A "
        "`stack.child.<key>` other than status, cycles and exit_status is never written "
        "(tracker warns on stderr) and is always empty."
    ),
    example="manager_loop Supervise\n  subgraph_ref: child.dip\n  max_cycles: 20\n  "
    "stop_condition: stack.child.status = success",
    fix="Stop on `stack.child.cycles` (e.g. `stack.child.cycles >= 10`), or let the loop end "
    "when the child finishes and route on the outcome; read the child's results after the "
    "node.",
    formats=("dip", "dot"),
)
def condition_never_changes(context: Context) -> Iterator[Diagnostic]:
    for node in manager_loops(context.workflow):
        for key in _CONDITIONS:
            item = node.get(key)
            if item is None or not item.value.value.strip():
                continue
            raw = item.value.value
            for name, index in _unknown_observables(raw):
                yield context.finding(
                    "DC327",
                    item.value.span(index, index + len(name)),
                    f"manager loop `{node.id}`: {key} reads `{name}`, which the loop never "
                    "writes (it writes stack.child.status, stack.child.cycles and "
                    "stack.child.exit_status), so it is always empty",
                )
            operands = _operands(raw)
            if not operands or any(op.key == "stack.child.cycles" for op in operands):
                continue
            if any(
                op.key.startswith("stack.child.") and op.key not in OBSERVABLES for op in operands
            ):
                continue  # reported above
            first, rest = operands[0], operands[1:]
            effect = (
                "it stops the child at the first tick or never (then the loop ends only when "
                "the child does, or fails the run at max_cycles)"
                if key == "stop_condition"
                else "it steers at every tick or never"
            )
            yield context.finding(
                "DC327",
                item.value.span(first.start, first.end),
                f"manager loop `{node.id}`: {key} cannot change while the loop polls, so "
                f"{effect}: {_frozen(first)}",
                related=tuple(
                    Related(item.value.span(op.start, op.end), _frozen(op)) for op in rest
                ),
            )
