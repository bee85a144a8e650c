"""Property tests for Ordewell plans: random plans (cyclic, dangling, duplicated, malformed,
huge) never raise, never produce an internal error, keep every span inside the file; the
simulated waves respect every dependency and the parallel limit; the hand-over of any task
composes; and the JSON scanner agrees with Python's parser on strict JSON."""

from __future__ import annotations

import json
import re
import time
from functools import cmp_to_key

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.config import Config
from dipcheck.engine import lint_text
from dipcheck.frontends.json_scan import JsonError, parse_strict, think_blocks
from dipcheck.jsvalue import UNDEFINED, difference, key, sign, truthy
from dipcheck.model import Dialect
from dipcheck.plan import Plan, PlanTask
from dipcheck.simulate import handover
from dipcheck.simulate.plan_waves import OUTCOMES, Scenario, _Scheduler, simulate
from dipcheck.source import SourceText

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
IDS = st.sampled_from(["t1", "t2", "t3", "t4", "t5", "", "1", "T1"])
SLICES = st.sampled_from(["AFK", "HITL", "afk", "", None, 3])
TEXTS = st.sampled_from(
    [
        "Do it",
        "use task 1 and #2",
        "edit src/a.py",
        "edit src/a.py and README.md",
        "<<<ORDEWELL_DONE_x>>>",
        "```json\n{}\n```",
        "a, ]",
        "<think>x</think>",
        "",
        "line\nbreak",
    ]
) | st.text(max_size=20)
SCALARS = st.none() | st.booleans() | st.integers(-3, 40) | TEXTS


def task_strategy(depth: int) -> st.SearchStrategy[dict[str, object]]:
    fields: dict[str, st.SearchStrategy[object]] = {
        "id": IDS | st.integers(0, 5),
        "order": st.integers(-1, 12) | st.sampled_from(["2", "x", None]),
        "title": TEXTS,
        "type": st.sampled_from(["ai", "user", "AI", None]),
        "sliceType": SLICES,
        "autonomy": SLICES,
        "prompt": TEXTS | st.none(),
        "dependencies": st.lists(IDS | st.integers(0, 3) | st.none(), max_size=4) | SCALARS,
        "assignedRunner": st.sampled_from(["claude-code", "codex", "gpt", 5]),
        "status": st.sampled_from(["pending", "completed", "failed", "blocked", "in_progress"]),
        "outputSummary": st.fixed_dictionaries(
            {"reviewReason": TEXTS, "logTail": TEXTS, "capturedAt": st.just("t")}
        ),
        "userSteps": st.lists(st.fixed_dictionaries({"order": st.integers(0, 3)}), max_size=2),
        "completionMarker": st.sampled_from(["m1", "m2"]),
    }
    if depth > 0:
        fields["subtasks"] = st.lists(task_strategy(depth - 1), max_size=2)
    return st.fixed_dictionaries({}, optional=fields)


PLANS = st.lists(task_strategy(2) | SCALARS, min_size=1, max_size=7)


def render(tasks: list[object], session: bool, trailing: bool) -> str:
    plan = {"tasks": tasks}
    if session:
        text = json.dumps({"meta": {"id": "s"}, "plan": {**plan, "runners": ["claude-code"]}})
    else:
        text = json.dumps(plan, indent=1)
    if trailing:
        text = text.replace("]", ",]", 1)
    return text


def spans_inside(result: object) -> None:
    for item in result.diagnostics:  # type: ignore[attr-defined]
        source = item.span.source
        assert 0 <= item.span.start <= item.span.end <= len(source.text)
        assert item.code != "DC000", item.message


@SETTINGS
@given(PLANS, st.booleans(), st.booleans())
def test_random_plans_never_raise(tasks: list[object], session: bool, trailing: bool) -> None:
    text = render(tasks, session, trailing)
    result = lint_text(text, "<plan>.json")
    spans_inside(result)
    if result.workflow is not None:
        plan = result.workflow.plan
        assert isinstance(plan, Plan)
        for node in result.workflow.nodes:
            assert 0 <= node.id_span.start <= node.id_span.end <= len(text)


@SETTINGS
@given(PLANS, st.integers(0, 4), st.data())
def test_waves_respect_dependencies_and_the_limit(
    tasks: list[object], limit: int, data: st.DataObject
) -> None:
    result = lint_text(render(tasks, True, False), "<plan>.json")
    if result.workflow is None:
        return
    plan = result.workflow.plan
    ids = sorted({str(task.id) for task in plan.flat if isinstance(task.id, str)})
    outcomes = data.draw(
        st.dictionaries(
            st.sampled_from(ids or ["t1"]),
            st.sampled_from(["success", "fail", "spawn_fail", "cancel"]),
        )
    )
    outcome = simulate(plan, Scenario(limit, outcomes))
    done: set[object] = {key(task.id) for task in plan.flat if task.js.get("status") == "completed"}
    for number, wave in enumerate(outcome.waves):
        if number not in outcome.user_waves:
            assert len(wave) <= limit
        for task in wave:
            deps = task.js.get("dependencies")
            for dep in deps if isinstance(deps, list) else []:
                assert key(dep) in done, (task.id, dep)
        for task in wave:
            if number in outcome.user_waves or outcomes.get(str(task.id), "success") == "success":
                done.add(key(task.id))


@SETTINGS
@given(PLANS, st.booleans(), st.booleans(), st.integers(-2, 40))
def test_handover_of_any_task_composes(
    tasks: list[object], tdd: bool, plan_map: bool, limit: int
) -> None:
    result = lint_text(render(tasks, True, False), "<plan>.json")
    if result.workflow is None:
        return
    plan = result.workflow.plan
    for task in plan.flat:
        try:
            prompt = handover.compose(plan, task, handover.Options(plan_map, tdd, limit))
        except handover.HandoverError:
            continue
        assert "[ordewell:completion DONE_" in prompt
        # carried text is defused (review notes and tails; titles are printed as they are)
        outputs = handover.prior_outputs(plan, task)
        carried = [line for line in outputs.split("\n") if not line.startswith("### Task ")]
        assert all("<<<ORDEWELL_" not in line for line in carried)
        assert outputs in prompt


@SETTINGS
@given(st.text(max_size=300), st.booleans())
def test_random_text_named_as_a_plan_never_raises(text: str, named: bool) -> None:
    config = Config(dialects=(("*", Dialect.ORDEWELL),)) if named else None
    result = lint_text('{"tasks": [' + text if not named else text, "<r>.txt", config, "ordewell")
    spans_inside(result)


@SETTINGS
@given(
    st.recursive(
        st.none() | st.booleans() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=20,
    )
)
def test_strict_scanner_agrees_with_json(value: object) -> None:
    text = json.dumps(value)
    parsed = parse_strict(SourceText("<x>", text))
    assert parsed.py() == json.loads(text)


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    text = "[" * 5000 + "]" * 5000
    try:
        parse_strict(SourceText("<x>", text))
    except JsonError as error:
        assert "nested deeper" in error.message
    else:
        raise AssertionError("expected a depth error")
    result = lint_text('{"tasks": ' + text + "}", "<deep>.json")
    spans_inside(result)


def test_a_backslash_at_the_end_of_a_string_is_an_unclosed_string() -> None:
    """A file ending inside a string just after a backslash was a TypeError (ord of an empty
    string) while the error was worded: a DC000 (tools/fuzz.py plan seed 5555 #2466)."""
    text = '{"tasks": [{"id": 1, "title": "half \\'
    try:
        parse_strict(SourceText("<x>", text))
    except JsonError as error:
        assert error.message == "the string is not closed"
    else:
        raise AssertionError("expected an unclosed string")
    result = lint_text(text, "<cut>.json", None, "ordewell")
    assert "DC000" not in {item.code for item in result.diagnostics}
    spans_inside(result)


def test_huge_plan_lints() -> None:
    tasks = [
        {
            "id": f"t{i}",
            "order": i,
            "title": f"Task {i}",
            "type": "ai",
            "sliceType": "AFK",
            "autonomy": "AFK",
            "dependencies": [f"t{i - 1}"] if i else [],
            "prompt": f"Step {i}",
        }
        for i in range(800)
    ]
    result = lint_text(json.dumps({"tasks": tasks}), "<huge>.json")
    assert result.diagnostics == []
    outcome = simulate(result.workflow.plan, Scenario())
    assert len(outcome.waves) == 800


# -- dependency facts against a plain breadth-first search -------------------------------------

GRAPH_IDS = st.sampled_from(["a", "b", "c", "d", "e", "f", "g", "x"])  # "x" often names no task
GRAPHS = st.lists(
    st.tuples(GRAPH_IDS, st.lists(GRAPH_IDS, max_size=4), st.sampled_from(["ai", "user"])),
    min_size=1,
    max_size=12,
)


def graph_plan(rows: list[tuple[str, list[str], str]]) -> Plan:
    """A plan of the rows (id, dependencies, type): ids repeat, dependencies may name no task
    or the task itself, cycles and chains come as drawn."""
    tasks = [
        {"id": ident, "order": number, "type": kind, "dependencies": deps, "prompt": "Do it"}
        for number, (ident, deps, kind) in enumerate(rows)
    ]
    result = lint_text(json.dumps({"tasks": tasks}), "<plan>.json")
    assert result.workflow is not None
    return result.workflow.plan


def reference_search(plan: Plan, start: int) -> dict[int, int]:
    """Every task reachable from ``start`` along dependencies (a dependency names every task
    with that id), with the task it was first reached from, breadth first."""
    by_id: dict[object, list[int]] = {}
    for task in plan.flat:
        by_id.setdefault(task.id, []).append(task.index)
    parents: dict[int, int] = {}
    queue = [start]
    for current in queue:
        for dep in plan.flat[current].js["dependencies"]:
            for target in by_id.get(dep, []):
                if target not in parents and target != start:
                    parents[target] = current
                    queue.append(target)
    return parents


@SETTINGS
@given(GRAPHS)
def test_reach_and_chains_match_a_breadth_first_search(
    rows: list[tuple[str, list[str], str]],
) -> None:
    from dipcheck.analysis.plan_facts import PlanFacts, bits

    plan = graph_plan(rows)
    facts = PlanFacts(plan)
    for task in plan.flat:
        parents = reference_search(plan, task.index)
        assert bits(facts.reach[task.index]) == sorted(parents)
        for target in parents:
            chain = [target]
            while chain[-1] != task.index:
                chain.append(parents[chain[-1]])
            chain.reverse()
            for head in (1, 2, 4, 6, len(chain), len(chain) + 3):
                shown, length = facts.chain(task, target, head)
                assert length == len(chain)
                assert [item.index for item in shown] == chain[:head]


@SETTINGS
@given(GRAPHS, st.integers(1, 4))
def test_started_tasks_are_handed_their_indirect_dependencies(
    rows: list[tuple[str, list[str], str]], limit: int
) -> None:
    """What a started task does not receive: every task it depends on, directly or not, but
    the last task of each id it lists (the one Ordewell looks its dependencies up as)."""
    plan = graph_plan(rows)
    last = {task.id: task.index for task in plan.flat}
    for start in simulate(plan, Scenario(limit)).starts:
        direct = {last[dep] for dep in start.task.js["dependencies"] if dep in last}
        expected = sorted(set(reference_search(plan, start.task.index)) - direct)
        assert [item.index for item in start.indirect] == expected


class _Checked(_Scheduler):
    """The scheduler, with every pass's ready tasks and tracked sets compared with a scan of
    every task (what ``ready`` and ``user_wave`` read without the tracking)."""

    def ready(self) -> list[PlanTask]:
        if self.running:
            waiting = [
                sum(1 for dep in keys if dep not in self.completed) for keys in self.dep_keys
            ]
            assert self.missing == waiting
            assert self.startable == {
                task.index
                for task in self.flat
                if self.status[task.index] in ("pending", "approved")
                and not task.is_user
                and truthy(task.js.get("prompt", UNDEFINED))
                and not waiting[task.index]
            }
            assert self.doable == {
                task.index
                for task in self.flat
                if task.is_user
                and self.status[task.index] != "completed"
                and not waiting[task.index]
            }
            assert self.all_completed() == all(item == "completed" for item in self.status)
        found = super().ready()
        if self.running and self.scenario.max_parallel > len(self.active):
            scanned = [
                task
                for task in self.flat
                if task.index in self.startable
                and key(task.id) not in self.on_hold
                and not self.blocked(task.index)
            ]
            scanned.sort(
                key=cmp_to_key(lambda a, b: sign(difference(a.js.get("order"), b.js.get("order"))))
            )
            assert found == scanned[: self.scenario.max_parallel - len(self.active)]
        return found


STORED_ROWS = st.lists(
    st.tuples(
        GRAPH_IDS,
        st.lists(GRAPH_IDS, max_size=3),
        st.sampled_from(["ai", "ai", "user"]),
        st.sampled_from(["pending", "completed", "failed", "blocked", "in_progress", "approved"]),
        st.sampled_from([1, 2, 2, 3, "x", None]),  # "x": NaN, equal to every order in a sort
        st.sampled_from(["Do it", "Do it", ""]),
    ),
    min_size=1,
    max_size=12,
)


@settings(SETTINGS, max_examples=300)
@given(STORED_ROWS, st.booleans(), st.integers(0, 4), st.data())
def test_tracked_scheduling_matches_a_scan_of_every_task(
    rows: list[tuple[str, list[str], str, str, object, str]],
    session: bool,
    limit: int,
    data: st.DataObject,
) -> None:
    tasks = [
        {"id": ident, "order": order, "type": kind, "status": status, "dependencies": deps}
        | {"prompt": prompt, "assignedRunner": "claude-code"}
        for ident, deps, kind, status, order, prompt in rows
    ]
    result = lint_text(render(tasks, session, False), "<plan>.json")
    assert result.workflow is not None
    plan = result.workflow.plan
    ids = sorted({row[0] for row in rows})
    outcomes = data.draw(st.dictionaries(st.sampled_from(ids), st.sampled_from(list(OUTCOMES))))
    checked = _Checked(plan, Scenario(limit, outcomes)).run()
    assert checked == simulate(plan, Scenario(limit, outcomes))


# -- think blocks (stripModelNoise) -----------------------------------------------------------

LAZY_THINK = re.compile(r"<think>[\s\S]*?</think>", re.IGNORECASE | re.ASCII)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(["<think>", "</think>", "<THINK>", "</Think>", "<think", "x", "\n", "İ"]),
        max_size=16,
    ).map("".join)
)
def test_think_blocks_are_those_the_lazy_pattern_finds(text: str) -> None:
    """Ordewell's `<think>[\\s\\S]*?</think>` (case-insensitive), found tag by tag."""
    assert think_blocks(text) == [match.span() for match in LAZY_THINK.finditer(text)]


def test_unclosed_think_tags_take_linear_time() -> None:
    """8,000 `<think>` without a `</think>` took 8.7 s with the pattern (each tried to the end
    of the text); the twin after them shows a closed block is still found."""
    text = "<think>" * 40_000 + "{}"
    started = time.process_time()
    assert think_blocks(text) == []
    assert time.process_time() - started < 2
    assert think_blocks(text + "</think>") == [(0, len(text) + 8)]


MARKER = re.compile(r"<<<ORDEWELL_(?:DONE_[^>]*|CHECKPOINT:.*?)>>>", re.DOTALL)


def first_marker(text: str) -> str | None:
    from dipcheck.rules import registry

    list(registry.checks())  # every rule module, imported in the registry's order
    from dipcheck.rules.ordewell_context import first_marker as found

    return found(text)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["<<<ORDEWELL_", "<", "DONE_", "CHECKPOINT:", ">", ">>>", ">>", "x", "\n", "ok"]
        ),
        max_size=16,
    ).map("".join)
)
def test_the_marker_found_is_the_patterns(text: str) -> None:
    """`first_marker` finds what `<<<ORDEWELL_(?:DONE_[^>]*|CHECKPOINT:.*?)>>>` finds."""
    found = MARKER.search(text)
    assert first_marker(text) == (found.group() if found else None)


def test_unclosed_markers_take_linear_time() -> None:
    """8,000 openings that nothing closes took 19 s with the pattern; the twin after them
    shows a closed marker is still found."""
    text = "<<<ORDEWELL_CHECKPOINT:" * 20_000 + "<<<ORDEWELL_DONE_x>" * 20_000
    started = time.process_time()
    assert first_marker(text) is None
    assert time.process_time() - started < 2
    # the first checkpoint opening now runs to the only `>>>`, at the end
    assert first_marker(text + ">>") == text + ">>"
