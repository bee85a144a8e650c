"""Ordewell plans: what each task is handed (seed 002, other-formats.md §5.3-§5.6).

A task sees the plan map, then the review note and output tail of its *direct* dependencies
only, then its own prompt (``promptAugment.ts``); tasks of one wave see nothing of each other;
a marker in text that reaches a runner completes a task; the reply's repairs rewrite strings;
an invalid last draft silently falls back to an earlier one. O10-O14 and O16.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from dipcheck.analysis.plan_facts import effective_prompt, label
from dipcheck.diagnostics import Diagnostic, Related, Severity
from dipcheck.jsvalue import JS_SPACE_CLASS, to_string
from dipcheck.plan import JString, PlanKind
from dipcheck.rules.context import Context
from dipcheck.rules.ordewell import PLAN, describe, facts, plan_of
from dipcheck.rules.registry import rule


@rule(
    "O10",
    "indirect-context-reference",
    Severity.WARNING,
    summary="A prompt names a task it depends on only indirectly: that task's output is not "
    "handed over.",
    rationale=(
        "Ordewell hands a task the review note and output tail of its direct dependencies "
        "only (`collectDirectDependencyOutputs`, promptAugment.ts): a task that depends on A, "
        "which depends on B, sees A's output and not B's. A prompt that counts on B's result "
        "(by `task N`, `#N`, B's id or B's exact title) gets it only if A repeated it. "
        "Declaring the dependency is the fix (seed 002, 'Honest limits')."
    ),
    example='{"id": "t3", "dependencies": ["t2"], "prompt": "Use the schema from task 1"}  '
    "(t2 depends on t1)",
    fix="Add the named task's id to `dependencies`.",
    formats=PLAN,
)
def indirect_reference(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    known = facts(context)
    # the transitive dependencies (a mask per task, 160 MB for 46,000 tasks) are worked out
    # only once a prompt names a task other than itself and its direct dependencies
    everyone = (1 << len(known.flat)) - 1
    for task in plan.flat:
        text, member = effective_prompt(task)
        if member is None or not isinstance(member.value, JString):
            continue
        direct = known.direct_mask(task)
        others = everyone & ~direct & ~(1 << task.index)
        if next(known.mentions(task, text, others), None) is None:
            continue
        indirect = known.reach[task.index] & ~direct
        if not indirect:
            continue
        reported: set[int] = set()
        for mention in known.mentions(task, text, indirect):
            other = mention.task
            if other.index in reported:
                continue
            reported.add(other.index)
            chain = known.chain_text(task, other.index)
            place = member.value.text.span(mention.start, mention.end)
            yield context.finding(
                "O10",
                member.span,
                f"{describe(task)} names task {label(other)} "
                f"(`{text[mention.start : mention.end]}`), which it depends on only through "
                f"{chain}: Ordewell hands a task the outputs of its direct dependencies only, "
                f'so task {label(other)}\'s output never reaches it; add "{to_string(other.id)}" '
                "to its dependencies",
                related=(
                    Related(place, "the mention"),
                    Related(other.anchor, f"task {label(other)}"),
                ),
            )


@rule(
    "O11",
    "same-wave-file-conflict",
    Severity.WARNING,
    summary="Two tasks that can run in the same wave name the same file.",
    rationale=(
        "Tasks with no dependency path between them are started together, up to the "
        "parallel limit (`getReadyTasks`, TaskOrchestrator.ts), and see nothing of each other "
        "(seed 002): both editing one file means conflicting edits or one task undoing the "
        "other's. A parent task and its subtasks run concurrently too."
    ),
    example='t2: "Add the flag to src/cli.py"   t3: "Document the flag in src/cli.py"  '
    "(neither depends on the other)",
    fix="Make one task depend on the other, or split the work so each file has one owner.",
    formats=PLAN,
)
def same_wave_file(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    known = facts(context)
    owners: dict[str, list[tuple[int, int, int]]] = {}
    for index, found in known.paths.items():
        task = known.flat[index]
        if plan.stored and task.js.get("status") == "completed":
            continue
        for path, start, end in found:
            owners.setdefault(path, []).append((index, start, end))
    # each task against the earlier ones naming the same file, as masks: neither depends
    # on the other (comparing pairs took 80 s for 3,000 tasks that all name one file)
    reports: dict[tuple[int, str], tuple[list[tuple[int, int, int]], int]] = {}
    for path, places in owners.items():
        if len(places) < 2:
            continue
        places.sort()
        where = {index: (index, start, end) for index, start, end in places}
        earlier = 0
        for later, _, _ in places:
            unrelated = earlier & ~known.reach[later] & ~known.reached_by[later]
            earlier |= 1 << later
            if not unrelated:
                continue
            shown: list[tuple[int, int, int]] = []
            rest = unrelated
            while rest and len(shown) < _SHOWN_OWNERS:
                lowest = rest & -rest
                shown.append(where[lowest.bit_length() - 1])
                rest ^= lowest
            reports[(later, path)] = (shown, unrelated.bit_count())
    for (index, path), (others, count) in sorted(reports.items()):
        task = known.flat[index]
        _, member = effective_prompt(task)
        if member is None or not isinstance(member.value, JString):
            continue
        related = []
        for other_index, start, end in others:
            other = known.flat[other_index]
            _, other_member = effective_prompt(other)
            if other_member is not None and isinstance(other_member.value, JString):
                place = other_member.value.text.span(start, end)
            else:
                place = other.anchor
            related.append(Related(place, f"{describe(other)} names it too"))
        first = known.flat[others[0][0]]
        yield context.finding(
            "O11",
            member.span,
            f"{describe(task)} and {describe(first)} both name `{path}` and neither depends on "
            "the other, so Ordewell can run them in the same wave, each blind to the other's "
            f"edits; make one depend on the other{_more(count - len(others))}",
            related=tuple(related),
        )


_SHOWN_OWNERS = 10  # the other tasks an O11 finding lists


def _more(count: int) -> str:
    if not count:
        return ""
    return f" ({count} more task{'s' * (count != 1)} name it too and run alongside)"


_FLATTEN = re.compile(
    r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[()][AB012]|\x1b[=>]"
    r"|[\x00-\x08\x0b-\x1f\x7f]|[\u2500-\u259f]|" + JS_SPACE_CLASS + "+"
)
_MARKER_OPEN = "<<<ORDEWELL_"


def first_marker(text: str) -> str | None:
    """The leftmost ``<<<ORDEWELL_DONE_…>>>`` or ``<<<ORDEWELL_CHECKPOINT:…>>>``, as the pattern
    ``<<<ORDEWELL_(?:DONE_[^>]*|CHECKPOINT:.*?)>>>`` (dot-all) finds it. Python tried that
    pattern from every opening to the end of the text when nothing closed it (8,000 openings
    in 184 KB: 19 s); here the next ``>`` and the next ``>>>`` are each looked for once per
    stretch of text, so the search is linear."""
    greater = closing = -2  # the next `>` and `>>>` found so far; -1: none after; -2: not yet
    position = 0
    while (start := text.find(_MARKER_OPEN, position)) >= 0:
        rest = start + len(_MARKER_OPEN)
        if text.startswith("DONE_", rest):
            if greater != -1 and greater < rest + 5:
                greater = text.find(">", rest + 5)
            if greater >= 0 and text.startswith(">>>", greater):
                return text[start : greater + 3]
        elif text.startswith("CHECKPOINT:", rest):
            if closing != -1 and closing < rest + 11:
                closing = text.find(">>>", rest + 11)
            if closing >= 0:
                return text[start : closing + 3]
        position = start + 1
    return None


def assembled_marker(text: str) -> str | None:
    """An assembled completion or checkpoint marker as the watcher would see it (the
    whitespace-flattened view of the terminal, VerdictEngine.ts), or None."""
    if "ORDEWELL" not in text:
        return None
    return first_marker(text) or first_marker(_FLATTEN.sub("", text))


@rule(
    "O12",
    "assembled-marker",
    Severity.ERROR,
    summary="An assembled `<<<ORDEWELL_DONE_…>>>` or `<<<ORDEWELL_CHECKPOINT:…>>>` in text that "
    "reaches a runner.",
    rationale=(
        "The watcher completes (or checkpoints) a task when its terminal shows the marker, "
        "also in a whitespace-flattened view (VerdictEngine.ts), and interactive runners echo "
        "their prompt. Ordewell gives its own marker instruction in two halves and defuses "
        "markers in carried output (`<<<ORDEWELL-`, promptAugment.ts) for this reason; a "
        "marker written into a prompt, a description standing in for a missing prompt, or a "
        "title (the plan map prints every title into every prompt, undefused) is not."
    ),
    example='{"prompt": "When done, print <<<ORDEWELL_DONE_t1>>>"}',
    fix="Leave the completion instruction to Ordewell; quote a marker only split or defused "
    "(`<<<ORDEWELL-`).",
    formats=PLAN,
)
def assembled_marker_rule(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    for task in plan.flat:
        _, prompt_member = effective_prompt(task)
        members = [prompt_member] if prompt_member is not None else []
        title = task.member("title")
        if title is not None and title is not prompt_member:
            members.append(title)
        for member in members:
            value = member.value
            if not isinstance(value, JString):
                continue
            marker = assembled_marker(value.value)
            if marker is None:
                continue
            where = member.key.value
            why = (
                "the plan map prints every title into every task's prompt"
                if where == "title"
                else "runners echo their prompt into the terminal the watcher reads"
            )
            shown = marker if len(marker) <= 60 else marker[:57] + "…"
            yield context.finding(
                "O12",
                member.span,
                f"{describe(task)}: its {where} holds the assembled marker `{shown}`; {why}, "
                "so the marker completes or checkpoints a task the moment the session starts; "
                "remove it or write it defused (`<<<ORDEWELL-`)",
            )


_WHAT = {
    "think": "a `<think>…</think>` block",
    "fence": "a code fence",
    "comma": "a comma before a closing bracket",
}


@rule(
    "O13",
    "prompt-rewritten-by-repair",
    Severity.WARNING,
    summary="Ordewell's JSON repair will change this text inside a string before the task sees it.",
    rationale=(
        "Before parsing a planner reply Ordewell deletes `<think>…</think>` blocks and code "
        "fences from the whole text and then drops every `,` followed by blanks and `}` or "
        "`]` (`stripModelNoise`, `stripTrailingCommas`, JsonExtractor.ts) — string contents "
        "included. A prompt that shows a fenced example or writes `[a, b, ]` reaches the "
        "runner without them."
    ),
    example='{"prompt": "Add a test:\\n```python\\nassert f([1, 2, ]) == 3\\n```"}',
    fix="Write the example without fences (indent it) and without a trailing comma.",
    formats=PLAN,
)
def rewritten_by_repair(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None or plan.kind is PlanKind.SESSION:
        return
    for span, what in plan.rewrites:
        shown = span.text if len(span.text) <= 40 else span.text[:37] + "…"
        yield context.finding(
            "O13",
            span,
            f"Ordewell's repair of the reply deletes {_WHAT[what]} here (`{shown}`) before "
            "parsing, inside this string: the task gets the text without it; rewrite it",
        )


@rule(
    "O14",
    "draft-fallback",
    Severity.WARNING,
    summary="A planner reply's last plan is invalid, so Ordewell silently runs an earlier draft.",
    rationale=(
        "`parsePlanJson` (PlanValidator.ts) tries every `tasks` object of a reply from the "
        "last to the first and commits the first that parses and validates. When the final "
        "answer is broken, an earlier draft — a schema echo, a first attempt — runs instead, "
        "with no warning."
    ),
    example='Draft: {"tasks": [...]}  …  Final: {"tasks": [{"id": "t1", …}],}  (invalid)',
    fix="Fix the last plan (the findings on it say what is wrong), or delete the drafts.",
    formats=PLAN,
)
def draft_fallback(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None or len(plan.candidates) < 2:
        return
    last = plan.candidates[-1]
    if last.error is None:
        return
    if plan.selected is None:
        return
    chosen = plan.candidates[plan.selected]
    related = [Related(chosen.span, "the draft Ordewell runs instead")]
    if last.error_span is not None:
        related.insert(0, Related(last.error_span, last.error))
    yield context.finding(
        "O14",
        last.span,
        f"the last plan in this reply is invalid ({last.error}), so Ordewell silently runs "
        f"draft {plan.selected + 1} of {len(plan.candidates)} instead; fix the last plan",
        related=tuple(related),
    )


@rule(
    "O16",
    "parent-subtasks-race",
    Severity.WARNING,
    summary="A task depends on a parent task whose subtasks run as tasks of their own.",
    rationale=(
        "Subtasks are flattened into the schedule and run concurrently with their parent "
        "(`flattenTasks`, PlanStore.ts); a dependency on the parent waits for the parent "
        "alone, so the dependent can start while the subtasks are still running."
    ),
    example='{"id": "t3", "dependencies": ["t2"]}  (t2 has subtasks t2a, t2b)',
    fix="Depend on the subtasks too (or instead), or fold them into the parent.",
    formats=PLAN,
)
def parent_subtasks_race(context: Context) -> Iterator[Diagnostic]:
    plan = plan_of(context)
    if plan is None:
        return
    known = facts(context)
    for task in plan.flat:
        lineage = {item.index for item in task.ancestors()}
        for dep in task.deps:
            for parent in known.resolve(dep):
                if not parent.subtasks or parent.index in lineage or parent is task:
                    continue
                waiting = [sub for sub in parent.subtasks if sub.index not in known.direct(task)]
                if not waiting:
                    continue
                names = ", ".join(f'"{to_string(sub.id)}"' for sub in waiting[:4])
                more = f" and {len(waiting) - 4} more" if len(waiting) > 4 else ""
                yield context.finding(
                    "O16",
                    dep.node.span,
                    f'{describe(task)} depends on "{dep.text}", whose subtasks ({names}{more}) '
                    "Ordewell schedules as tasks of their own, concurrently with it: this task "
                    "can start before they finish; depend on them too",
                )
                break
