"""Property tests for Ordewell plans: random plans (cyclic, dangling, duplicated, malformed,
huge) never raise, never produce an internal error, keep every span inside the file; the
simulated waves respect every dependency and the parallel limit; the hand-over of any task
composes; and the JSON scanner agrees with Python's parser on strict JSON."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.config import Config
from dipcheck.engine import lint_text
from dipcheck.frontends.json_scan import JsonError, parse_strict
from dipcheck.jsvalue import key
from dipcheck.model import Dialect
from dipcheck.plan import Plan
from dipcheck.simulate import handover
from dipcheck.simulate.plan_waves import Scenario, simulate
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
