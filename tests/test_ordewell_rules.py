"""Ordewell plan rules (rule-codes.md Onn, other-formats.md §5): each with a failing fixture
asserting code, severity and exact range, and a passing twin that differs minimally."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from dipcheck.frontends.json_scan import parse_strict
from dipcheck.plan import JString
from dipcheck.source import SourceText
from tests.helpers import Finding, Template, lint, only, run, template

PLAN = template(
    """
    {"tasks": [
      {"id": "model", "order": 1, "title": "Add the settings model", "type": "ai",
       "sliceType": "AFK", "autonomy": "AFK", "dependencies": [],
       "prompt": "Create src/settings/model.ts with the Settings interface."},
      {"id": "store", "order": 2, "title": "Persist the settings", "type": "ai",
       "sliceType": "AFK", "autonomy": "AFK", "dependencies": ["model"],
       "prompt": "Save the settings as JSON in src/settings/store.ts."},
      {"id": "cli", "order": 3, "title": "Wire the CLI flag", "type": "ai",
       "sliceType": "AFK", "autonomy": "AFK", "dependencies": ["store"],
       "prompt": "Add a --settings option in src/cli/options.ts that the store reads."}
    ]}
    """
)


def findings(text: str, *codes: str, path: str = "<test>.json", **options: object) -> list[Finding]:
    return only(lint(text, path, **options), *codes)


def test_the_base_plan_is_clean() -> None:
    assert lint(PLAN, "<test>.json") == []


# -- O01-O05, O15, O17 -------------------------------------------------------------------------


def test_o01_missing_slice_type_points_at_the_id_member() -> None:
    bad = PLAN.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": ["store"]',
        '"autonomy": "AFK", "dependencies": ["store"]',
    )
    assert findings(bad, "O01") == [Finding("O01", "error", (8, 4), (8, 15), '"id": "cli"')]
    assert findings(PLAN, "O01") == []


def test_a_task_s_title_is_quoted_as_its_id_is_with_its_own_characters() -> None:
    # it was a Python repr: `('it\\'s \\x00')`, its quote chosen by the apostrophes and a
    # NUL written as four characters in JSON, beside the id's real ones
    unsliced = PLAN.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": ["store"]',
        '"autonomy": "AFK", "dependencies": ["store"]',
    )

    def message(text: str) -> str:
        [item] = [item for item in run(text, "<test>.json").diagnostics if item.code == "O01"]
        return item.message

    odd = unsliced.replace("Wire the CLI flag", "Wire the CLI's flag \\u0000")
    assert message(odd).startswith('task 3 "cli" ("Wire the CLI\'s flag \x00") has no sliceType')
    assert message(unsliced).startswith('task 3 "cli" ("Wire the CLI flag") has no sliceType')


def test_o01_invalid_value_points_at_the_field() -> None:
    bad = PLAN.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": []',
        '"sliceType": "afk", "autonomy": "AFK", "dependencies": []',
    )
    assert findings(bad, "O01", "O17") == [
        Finding("O01", "error", (3, 4), (3, 22), '"sliceType": "afk"')
    ]


def test_o01_and_o02_subtasks_inherit_from_their_parent() -> None:
    sub = PLAN.replace(
        '"prompt": "Add a --settings option in src/cli/options.ts that the store reads."}',
        '"prompt": "Add a --settings option in src/cli/options.ts that the store reads.",\n'
        '   "subtasks": [{"id": "cli-help", "order": 1, "title": "Help text",\n'
        '                 "prompt": "Document the flag in the help output."}]}',
    )
    assert findings(sub, "O01", "O02") == []
    orphan = sub.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": ["store"]',
        '"dependencies": ["store"]',
    )
    assert findings(orphan, "O01", "O02") == [
        Finding("O01", "error", (8, 4), (8, 15), '"id": "cli"'),
        Finding("O02", "error", (8, 4), (8, 15), '"id": "cli"'),
        Finding("O01", "error", (11, 18), (11, 34), '"id": "cli-help"'),
        Finding("O02", "error", (11, 18), (11, 34), '"id": "cli-help"'),
    ]


def test_o02_missing_autonomy_on_an_ai_task_only() -> None:
    bad = PLAN.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": ["model"]',
        '"sliceType": "AFK", "dependencies": ["model"]',
    )
    assert findings(bad, "O02") == [Finding("O02", "error", (5, 4), (5, 17), '"id": "store"')]
    user = bad.replace(
        '"title": "Persist the settings", "type": "ai"',
        '"title": "Persist the settings", "type": "user"',
    ).replace(
        '"sliceType": "AFK", "dependencies": ["model"]',
        '"sliceType": "HITL", "dependencies": ["model"]',
    )
    assert findings(user, "O02") == []


def test_o03_afk_task_with_user_steps() -> None:
    bad = PLAN.replace(
        '"prompt": "Save the settings as JSON in src/settings/store.ts."}',
        '"prompt": "Save the settings as JSON in src/settings/store.ts.",\n'
        '   "userSteps": [{"order": 1, "instruction": "Check the file"}]}',
    )
    assert findings(bad, "O03") == [
        Finding(
            "O03",
            "error",
            (8, 4),
            (8, 64),
            '"userSteps": [{"order": 1, "instruction": "Check the file"}]',
        )
    ]
    twin = bad.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": ["model"]',
        '"sliceType": "AFK", "autonomy": "HITL", "dependencies": ["model"]',
    )
    assert findings(twin, "O03") == []


def test_o04_user_task_must_be_hitl() -> None:
    bad = PLAN.replace(
        '"title": "Wire the CLI flag", "type": "ai"', '"title": "Wire the CLI flag", "type": "user"'
    )
    assert findings(bad, "O04") == [Finding("O04", "error", (9, 4), (9, 22), '"sliceType": "AFK"')]
    twin = bad.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": ["store"]',
        '"sliceType": "HITL", "dependencies": ["store"]',
    )
    assert findings(twin, "O04") == []


def test_o05_unknown_runner_with_the_configured_runners() -> None:
    bad = PLAN.replace(
        '"type": "ai",\n   "sliceType": "AFK", "autonomy": "AFK", "dependencies": []',
        '"type": "ai", "assignedRunner": "codex",\n'
        '   "sliceType": "AFK", "autonomy": "AFK", "dependencies": []',
    )
    assert findings(bad, "O05") == []
    from dipcheck.config import Config

    narrow = Config(ordewell_runners=("claude-code",))
    assert findings(bad, "O05", config=narrow) == [
        Finding("O05", "error", (2, 80), (2, 105), '"assignedRunner": "codex"')
    ]


def test_o15_task_without_prompt_description_or_title() -> None:
    bad = PLAN.replace('"title": "Wire the CLI flag", ', "").replace(
        ',\n   "prompt": "Add a --settings option in src/cli/options.ts that the store reads."', ""
    )
    assert findings(bad, "O15") == [Finding("O15", "error", (8, 4), (8, 15), '"id": "cli"')]
    twin = PLAN.replace(
        ',\n   "prompt": "Add a --settings option in src/cli/options.ts that the store reads."', ""
    )  # the title stands in for the prompt
    assert findings(twin, "O15") == []


def _chain(count: int, prompt: Callable[[int], str | None]) -> str:
    """A plan of ``count`` tasks, each depending on the one before, with ``prompt(index)``
    as its prompt (none when it is None)."""
    tasks = []
    for index in range(count):
        task: dict[str, object] = {
            "id": f"t{index}",
            "order": index + 1,
            "sliceType": "AFK",
            "autonomy": "AFK",
        }
        text = prompt(index)
        if text is not None:
            task["prompt"] = text
        task["dependencies"] = [f"t{index - 1}"] if index else []
        tasks.append(task)
    return json.dumps({"tasks": tasks})


def test_o15_a_long_chain_without_prompts_in_linear_time() -> None:
    """O15 scanned every never-ready task for each task without a prompt, with a bit test on
    a plan-sized mask each: a chain of 12,000 such tasks took 99 s in the rule. The tasks
    that depend on it are one mask now. Its twin: the message lists the same tasks."""
    import time

    from tests.helpers import run

    chain = _chain(6000, lambda index: None)
    started = time.process_time()
    result = run(chain, "<test>.json")
    elapsed = time.process_time() - started
    found = [item for item in result.diagnostics if item.code == "O15"]
    assert found[1].message == (
        'task 2 "t1" has no prompt, description or title: Ordewell never starts it; neither '
        "do the tasks that depend on it (task 3, task 4, task 5, task 6, task 7 and 5993 "
        "more); give it a `prompt`"
    )
    assert elapsed < 3  # 10 s before
    short = PLAN.replace(
        ',\n   "prompt": "Save the settings as JSON in src/settings/store.ts."', ""
    ).replace('"title": "Persist the settings", ', "")
    assert [item.message for item in run(short, "<test>.json").diagnostics] == [
        'task 2 "store" has no prompt, description or title: Ordewell never starts it; '
        "neither do the tasks that depend on it (task 3); give it a `prompt`"
    ]


def test_o17_invalid_value_dropped_and_inherited() -> None:
    sub = PLAN.replace(
        '"prompt": "Add a --settings option in src/cli/options.ts that the store reads."}',
        '"prompt": "Add a --settings option in src/cli/options.ts that the store reads.",\n'
        '   "subtasks": [{"id": "cli-help", "order": 1, "title": "Help text", "autonomy": "hitl",\n'
        '                 "prompt": "Document the flag in the help output."}]}',
    )
    found = findings(sub, "O17", "O02")
    assert found == [Finding("O17", "warning", (11, 82), (11, 88), '"hitl"')]
    twin = sub.replace('"autonomy": "hitl"', '"autonomy": "HITL"')
    assert findings(twin, "O17", "O02") == []


# -- DIP008, DIP003, DIP005 on the task tree ---------------------------------------------------


def test_dip008_duplicate_id_in_a_subtask() -> None:
    bad = PLAN.replace(
        '"prompt": "Add a --settings option in src/cli/options.ts that the store reads."}',
        '"prompt": "Add a --settings option in src/cli/options.ts that the store reads.",\n'
        '   "subtasks": [{"id": "model", "order": 1, "title": "Help text",\n'
        '                 "prompt": "Document the flag in the help output."}]}',
    )
    (found,) = findings(bad, "DIP008")
    assert found == Finding("DIP008", "error", (11, 25), (11, 30), "model")
    assert "never checks this for subtasks" in lint_message(bad, "DIP008")
    assert (
        findings(
            bad.replace(
                '{"id": "model", "order": 1, "title": "Help text"',
                '{"id": "help", "order": 1, "title": "Help text"',
            ),
            "DIP008",
        )
        == []
    )


def test_dip003_unknown_dependency_suggests_the_closest_id() -> None:
    bad = PLAN.replace('"dependencies": ["store"]', '"dependencies": ["stor"]')
    assert findings(bad, "DIP003") == [Finding("DIP003", "error", (9, 60), (9, 66), '"stor"')]
    assert "did you mean `store`" in lint_message(bad, "DIP003")
    assert findings(PLAN, "DIP003") == []


@pytest.mark.parametrize(
    ("task_id", "written"),
    [("step\\new", '"step\\\\ne"'), ('say "hi"', '"say \\"hi"'), ("tab\there", '"tab\\there!"')],
)
def test_dip003_fix_writes_the_suggested_id_as_json_writes_it(task_id: str, written: str) -> None:
    """The fix wrote the id raw inside the string's quotes: `step\\new` became `step` + a
    line break + `ew`, and `say "hi"` broke the JSON (eighth audit)."""
    from dipcheck.config import Config
    from dipcheck.fixes import fix_text

    bad = PLAN.replace('"id": "model"', f'"id": {json.dumps(task_id)}').replace(
        '"dependencies": ["model"]', f'"dependencies": [{written}]'
    )
    [found] = findings(bad, "DIP003")
    assert (found.code, found.severity, found.text) == ("DIP003", "error", written)
    fixed = fix_text(bad, "<test>.json", Config(), unsafe=True).text
    assert json.loads(fixed)["tasks"][1]["dependencies"] == [task_id]
    assert findings(fixed, "DIP003", "DC001") == []


def test_dip003_fix_of_a_dependency_that_is_no_string_writes_a_string() -> None:
    bad = PLAN.replace('"id": "model"', '"id": "12"').replace(
        '"dependencies": ["model"]', '"dependencies": [13]'
    )
    from dipcheck.config import Config
    from dipcheck.fixes import fix_text

    assert findings(bad, "DIP003") == [Finding("DIP003", "error", (6, 60), (6, 62), "13")]
    fixed = fix_text(bad, "<test>.json", Config(), unsafe=True).text
    # (the raw id in place of the number: `[12]`, another number that names no task either)
    assert json.loads(fixed)["tasks"][1]["dependencies"] == ["12"]
    assert findings(fixed, "DIP003", "DC001") == []


def test_thousands_of_unknown_dependencies_get_their_suggestion_in_linear_time() -> None:
    """Each unknown dependency scanned every task id: a plan of 4,000 tasks each depending
    on a misspelt id took three minutes; the ids are now indexed once. Its twin: the same
    suggestion."""
    import json
    import time

    from tests.helpers import run

    tasks = [
        {"id": f"task-{index}", "title": "T", "prompt": "p", "dependencies": [f"tsak-{index}"]}
        for index in range(4000)
    ]
    text = json.dumps({"tasks": tasks})
    started = time.process_time()
    found = [item for item in run(text, "<test>.json").diagnostics if item.code == "DIP003"]
    assert time.process_time() - started < 20
    assert len(found) == 1000
    assert "(did you mean `task-0`?)" in found[0].message


def test_dip005_cycle_and_self_dependency() -> None:
    bad = PLAN.replace('"dependencies": []', '"dependencies": ["cli"]')
    assert findings(bad, "DIP005") == [Finding("DIP005", "error", (6, 60), (6, 67), '"model"')]
    message = lint_message(bad, "DIP005")
    assert "task 1 → task 3 → task 2 → task 1" in message
    self_loop = PLAN.replace('"dependencies": []', '"dependencies": ["model"]')
    assert findings(self_loop, "DIP005") == [
        Finding("DIP005", "error", (3, 60), (3, 67), '"model"')
    ]
    assert findings(PLAN, "DIP005") == []


def lint_message(text: str, code: str) -> str:
    from tests.helpers import run

    return next(item.message for item in run(text, "<test>.json").diagnostics if item.code == code)


# -- O10-O14, O16 ------------------------------------------------------------------------------


def test_o10_indirect_reference_names_the_chain_and_the_fix() -> None:
    bad = PLAN.replace(
        "Add a --settings option in src/cli/options.ts that the store reads.",
        "Add a --settings option; reuse the Settings interface from task 1.",
    )
    assert findings(bad, "O10") == [
        Finding(
            "O10",
            "warning",
            (10, 4),
            (10, 82),
            '"prompt": "Add a --settings option; reuse the Settings interface from task 1."',
        )
    ]
    message = lint_message(bad, "O10")
    assert "task 3 → task 2 → task 1" in message and 'add "model" to its dependencies' in message
    twin = bad.replace('"dependencies": ["store"]', '"dependencies": ["store", "model"]')
    assert findings(twin, "O10") == []


def test_o10_by_id_and_by_title() -> None:
    by_id = PLAN.replace("that the store reads.", "that the store reads (see model).")
    assert [item.code for item in findings(by_id, "O10")] == ["O10"]
    by_title = PLAN.replace("that the store reads.", "as in Add the settings model.")
    assert [item.code for item in findings(by_title, "O10")] == ["O10"]


def test_o10_works_out_transitive_dependencies_only_for_a_prompt_naming_a_task(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The transitive dependencies of every task (a plan-sized mask each, 160 MB of a 46,000-task
    plan's 684 MB) were worked out for O10 whatever the prompts said. They are worked out once
    a prompt names a task that is not itself or a direct dependency. Its twin: such a prompt
    still gets its finding."""
    from dipcheck.analysis.plan_facts import PlanFacts

    asked: list[int] = []
    reach = PlanFacts.reach

    def counted(self: PlanFacts) -> list[int]:
        asked.append(len(self.flat))
        return reach.func(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(PlanFacts, "reach", property(counted))
    direct = PLAN.replace("that the store reads.", "that task 2 (store) reads; cli itself.")
    assert findings(direct, "O10") == [] and asked == []
    indirect = PLAN.replace("that the store reads.", "that the store reads (see model).")
    assert [item.code for item in findings(indirect, "O10")] == ["O10"] and asked == [3]


def test_o10_chains_of_a_long_plan_in_linear_time() -> None:
    """The chain an O10 message shows was found by a search over every task depending on
    the named one: a chain of 5,000 tasks, each naming the task two back, took 9 s in O10
    (quadratic). The search stays near the chain now. Its twin: the message is the same."""
    import time

    from tests.helpers import run

    chain = _chain(
        8000, lambda index: f"Reuse what task {index - 1} made" if index > 1 else "Start"
    )
    started = time.process_time()
    result = run(chain, "<test>.json")
    elapsed = time.process_time() - started
    found = [item for item in result.diagnostics if item.code == "O10"]
    assert len(found) == 1000 and elapsed < 6  # 5,000 tasks: 9 s in O10 alone before
    assert found[0].message == (
        'task 3 "t2" names task 1 (`task 1`), which it depends on only through task 3 → '
        "task 2 → task 1: Ordewell hands a task the outputs of its direct dependencies only, "
        'so task 1\'s output never reaches it; add "t0" to its dependencies'
    )


def test_o11_same_file_in_independent_tasks() -> None:
    same_file = PLAN.replace(
        "Add a --settings option in src/cli/options.ts",
        "Add a --settings option in src/settings/model.ts",
    )  # cli depends on store, which depends on model: never in the same wave
    assert findings(same_file, "O11") == []
    bad = same_file.replace('"dependencies": ["store"]', '"dependencies": []')
    (found,) = findings(bad, "O11")
    assert (found.code, found.severity, found.start, found.end) == (
        "O11",
        "warning",
        (10, 4),
        (10, 86),
    )
    assert found.text.startswith('"prompt": "Add a --settings')
    assert "`src/settings/model.ts`" in lint_message(bad, "O11")


def test_o11_many_tasks_naming_one_file_in_linear_time() -> None:
    """O11 compared every pair of tasks naming a file, and listed every earlier one on each
    finding: 1,000 tasks that all name README.md took 10 s and 134 MB, 3,000 took 80 s.
    The tasks are compared as masks now, and a finding lists ten others and counts the
    rest. Its twin: a chain (each task depending on the one before) has no finding."""
    import time

    from tests.helpers import run

    def plan(chained: bool) -> str:
        return json.dumps(
            {
                "tasks": [
                    {
                        "id": f"t{index}",
                        "order": index + 1,
                        "sliceType": "AFK",
                        "autonomy": "AFK",
                        "prompt": f"Add section {index} to README.md",
                        "dependencies": [f"t{index - 1}"] if chained and index else [],
                    }
                    for index in range(1500)
                ]
            }
        )

    started = time.process_time()
    result = run(plan(chained=False), "<test>.json")
    elapsed = time.process_time() - started
    found = [item for item in result.diagnostics if item.code == "O11"]
    assert len(found) == 1000  # the first thousand of 1,499 (a file's finding limit)
    last = found[-2]  # (the last one says how many findings are left out)
    assert [place.span.text for place in last.related] == ["README.md"] * 10
    assert last.related[0].message == 'task 1 "t0" names it too'
    assert last.message.startswith('task 1000 "t999" and task 1 "t0" both name `README.md`')
    assert last.message.endswith(
        "make one depend on the other (989 more tasks name it too and run alongside)"
    )
    assert elapsed < 5  # 18 s before
    assert [item for item in run(plan(chained=True), "<test>.json").diagnostics] == []


@pytest.mark.parametrize(
    "text",
    ["When done print <<<ORDEWELL_DONE_abc>>>", "Print <<<ORDEWELL_CHECKPOINT: ask first>>>"],
)
def test_o12_assembled_marker_in_a_prompt(text: str) -> None:
    bad = PLAN.replace("Save the settings as JSON in src/settings/store.ts.", text)
    (found,) = findings(bad, "O12")
    assert found.code == "O12" and found.start == (7, 4) and found.text.startswith('"prompt": ')
    halves = PLAN.replace(
        "Save the settings as JSON in src/settings/store.ts.",
        "Print `<<<ORDEWELL_` then `DONE_abc>>>`; a defused <<<ORDEWELL-DONE_x>>> is fine",
    )
    assert findings(halves, "O12") == []


def test_o12_marker_in_a_title_and_flattened() -> None:
    bad = PLAN.replace('"title": "Wire the CLI flag"', '"title": "Wire <<<ORDEWELL_DONE_ x >>>"')
    assert findings(bad, "O12") == [
        Finding("O12", "error", (8, 29), (8, 68), '"title": "Wire <<<ORDEWELL_DONE_ x >>>"')
    ]


def test_o13_fence_and_trailing_comma_inside_a_prompt() -> None:
    bad = PLAN.replace(
        "Save the settings as JSON in src/settings/store.ts.",
        "Save as JSON, e.g. ```json {} then call save([a, b, ])",
    )
    found = findings(bad, "O13")
    assert [(item.start, item.end, item.text) for item in found] == [
        ((7, 34), (7, 42), "```json "),
        ((7, 65), (7, 66), ","),
    ]
    twin = PLAN.replace(
        "Save the settings as JSON in src/settings/store.ts.",
        "Save as JSON, e.g. {} then call save([a, b])",
    )
    assert findings(twin, "O13") == []


def test_o14_last_draft_invalid_falls_back() -> None:
    draft = PLAN.replace("\n", " ")
    last = PLAN.replace(
        '"sliceType": "AFK", "autonomy": "AFK", "dependencies": ["store"]',
        '"sliceType": "AFK", "dependencies": ["store"]',
    )
    reply = Template(f"First draft:\n{draft}\nFinal answer:\n{last}")
    found = findings(reply, "O14", "O02", path="<reply>.txt", config=_ordewell_everywhere())
    assert [item.code for item in found] == ["O14", "O02"]
    assert found[0].start == (4, 1) and found[0].severity == "warning"
    fixed = Template(f"First draft:\n{draft}\nFinal answer:\n{PLAN}")
    assert findings(fixed, "O14", "O02", path="<reply>.txt", config=_ordewell_everywhere()) == []


def _ordewell_everywhere() -> object:
    from dipcheck.config import Config
    from dipcheck.model import Dialect

    return Config(dialects=(("*", Dialect.ORDEWELL),))


def test_o16_dependency_on_a_parent_with_subtasks() -> None:
    sub = PLAN.replace(
        '"prompt": "Save the settings as JSON in src/settings/store.ts."}',
        '"prompt": "Save the settings as JSON in src/settings/store.ts.",\n'
        '   "subtasks": [{"id": "store-lock", "order": 1, "title": "File lock",\n'
        '                 "prompt": "Lock the file while writing."}]}',
    )
    assert findings(sub, "O16") == [Finding("O16", "warning", (11, 60), (11, 67), '"store"')]
    twin = sub.replace('"dependencies": ["store"]', '"dependencies": ["store", "store-lock"]')
    assert findings(twin, "O16") == []


# -- loading -----------------------------------------------------------------------------------


def test_json_that_is_not_a_plan_is_left_alone() -> None:
    assert lint('{"name": "pkg", "version": "1.0.0"}', "<package>.json") == []
    vscode = (
        '{"version": "2.0.0", "tasks": [{"label": "build", "type": "shell", "command": "make"}]}'
    )
    assert lint(vscode, "<tasks>.json") == []
    assert lint('{"tasks": "none", "autonomy": "x"}', "<x>.json") == [
        Finding("DC001", "error", (1, 1), (1, 35), '{"tasks": "none", "autonomy": "x"}')
    ]


def test_repairs_are_mirrored_not_reported() -> None:
    repaired = PLAN.replace('the store reads."}', 'the store reads.",}').replace(
        "Create src/settings/model.ts", "Create\nsrc/settings/model.ts"
    )
    assert lint(repaired, "<test>.json") == []


def test_truncated_plan_is_dc001() -> None:
    cut = PLAN[: PLAN.index('{"id": "cli"')]
    found = findings(Template(cut), "DC001")
    assert found == [Finding("DC001", "error", (1, 1), (1, 2), "{")]
    assert "truncated" in lint_message(Template(cut), "DC001")


def test_session_file_is_strict_json() -> None:
    session = Template(
        '{"meta": {"id": "s"}, "plan": {"runners": ["claude-code"], "tasks": [\n'
        '  {"id": "a", "order": 1, "title": "A", "type": "ai", "status": "pending",\n'
        '   "dependencies": [], "prompt": "Do A", "assignedRunner": "codex"}]}}\n'
    )
    assert findings(session, "O05") == [
        Finding("O05", "error", (3, 42), (3, 67), '"assignedRunner": "codex"')
    ]
    assert findings(session.replace('["claude-code"]', '["claude-code", "codex"]'), "O05") == []


def test_dip008_tasks_without_ids() -> None:
    bad = (
        PLAN.replace('{"id": "cli", ', "{")
        .replace('["store"]', '["store"]')
        .replace('{"id": "store", ', "{")
        .replace('"dependencies": ["model"]', '"dependencies": []')
        .replace('"dependencies": ["store"]', '"dependencies": []')
    )
    (found,) = findings(bad, "DIP008")
    assert (found.start, found.text) == ((8, 3), "{")
    assert "has no id" in lint_message(bad, "DIP008")


def test_spans_through_think_blocks_fences_and_escaped_newlines() -> None:
    # a think block and a fence before the plan, a raw newline inside a prompt (escaped by
    # the repair) before the text a finding points at: positions are the original file's
    reply = Template(
        "<think>\nplan {the} tasks\n</think>\nHere it is:\n```json\n"
        + PLAN.replace("Save the settings as JSON", "Save the settings\nas JSON").replace(
            "in src/settings/store.ts.", "in a list [a, ]."
        )
        + "```\n"
    )
    found = findings(reply, "O13", "DIP003", path="<r>.txt", config=_ordewell_everywhere())
    assert [(item.code, item.start, item.end, item.text) for item in found] == [
        ("O13", (13, 21), (13, 22), ",")
    ]
    unknown = reply.replace('["store"]', '["stor"]')
    found = findings(unknown, "DIP003", path="<r>.txt", config=_ordewell_everywhere())
    assert [(item.start, item.end, item.text) for item in found] == [((15, 60), (15, 66), '"stor"')]


def test_positions_after_an_escaped_surrogate_pair() -> None:
    """An escaped surrogate pair (an emoji written `\\ud83d\\ude00`) made every position inside
    its string approximate: O10's mention of `task 1` after one pointed at `de00 \\`. The
    pair is one character mapped onto both escapes now. Its twin: lone surrogates stay
    U+FFFD, and the values are those of Python's JSON reader."""
    from tests.helpers import run

    bad = PLAN.replace(
        "Add a --settings option in src/cli/options.ts that the store reads.",
        "\\ud83d\\ude00 \\u00e9 reuse task 1 \\ud83d\\ude00 or model",
    )
    found = [item for item in run(bad, "<test>.json").diagnostics if item.code == "O10"]
    assert [
        (place.span.text, place.span.start_position(), place.span.end_position())
        for place in found[0].related
        if place.message == "the mention"
    ] == [("task 1", (9, 40), (9, 46))]
    for body in ("\\ud83d\\ude00x", "a\\ud800b", "\\udc00", "\\ud800\\ud83d\\ude00\\n", "\\ud83d"):
        value = parse_strict(SourceText("s.json", f'"{body}"'))
        assert isinstance(value, JString)
        assert value.value == json.loads(f'"{body}"').encode("utf-16", "surrogatepass").decode(
            "utf-16", "replace"
        )


# -- memory of large plans -----------------------------------------------------------------------


def _layered_plan(count: int) -> str:
    """A plan as a planner writes a large one: layers of ten, each task depending on the one
    in its column a layer before (so each reaches a tenth of the tasks before it)."""
    tasks = [
        {
            "id": f"t{index}",
            "title": f"Task {index} of the plan",
            "dependencies": [f"t{index - 10}"] if index >= 10 else [],
            "prompt": f"Implement part {index} in src/p{index}.ts",
            "sliceType": "AFK",
            "autonomy": "AFK",
        }
        for index in range(count)
    ]
    return json.dumps({"tasks": tasks})


def test_plain_json_strings_keep_no_map_of_their_own() -> None:
    """A plan of 46,000 tasks took 975 MB to lint: every string of it carried its own map back
    into the file (a Text, two tuples), though nearly all are the text between their quotes.
    Such a string keeps none now (its map is its span's); one with escapes keeps its map."""
    import tracemalloc

    from dipcheck.frontends.ordewell import load_plan
    from dipcheck.plan import JString
    from dipcheck.source import SourceText

    text = _layered_plan(2000)
    tracemalloc.start()
    try:
        loaded = load_plan(SourceText("plan.json", text))
        size = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert loaded.workflow is not None and loaded.workflow.plan is not None
    assert size < 2000 * 9_600  # 10,800 bytes a task before
    first = loaded.workflow.plan.flat[0].value("title")
    assert isinstance(first, JString) and first.segments is None
    start = text.index('"Task 0 of the plan"') + 1
    assert (first.text.offset(0), first.text.offset(5)) == (start, start + 5)
    assert first.text.span(5, 6).text == "0"
    escaped = '{"tasks": [{"id": "a", "sliceType": "AFK", "autonomy": "AFK", "prompt": "x\\ny"}]}'
    plan = load_plan(SourceText("plan.json", escaped)).workflow
    assert plan is not None and plan.plan is not None
    prompt = plan.plan.flat[0].value("prompt")
    assert isinstance(prompt, JString) and prompt.value == "x\ny"
    assert prompt.segments is not None and prompt.text.span(2, 3).text == "y"


def test_the_reach_masks_of_a_long_plan_are_built_once() -> None:
    """The transitive dependencies of every task are a bit mask each, megabytes for a long
    plan (the masks of a 46,000-task plan: 130 MB); they were built, then copied without each
    task's own bit, twice the memory at the peak. Its twin: the masks are the same."""
    import tracemalloc

    from dipcheck.analysis.plan_facts import PlanFacts
    from dipcheck.frontends.ordewell import load_plan
    from dipcheck.source import SourceText

    loaded = load_plan(SourceText("plan.json", _layered_plan(6000)))
    assert loaded.workflow is not None and loaded.workflow.plan is not None
    facts = PlanFacts(loaded.workflow.plan)
    facts.edges  # noqa: B018 (built before the measurement)
    tracemalloc.start()
    try:
        reach = facts.reach
        size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < size * 1.3
    column = sum(1 << index for index in range(5989, -1, -10))
    assert reach[5999] == column and reach[5] == 0
    cyclic = json.dumps(
        {
            "tasks": [
                {"id": a, "sliceType": "AFK", "autonomy": "AFK", "prompt": "p", "dependencies": [b]}
                for a, b in (("a", "b"), ("b", "a"), ("c", "c"), ("d", "a"))
            ]
        }
    )
    plan = load_plan(SourceText("plan.json", cyclic)).workflow
    assert plan is not None and plan.plan is not None
    assert PlanFacts(plan.plan).reach == [0b10, 0b01, 0, 0b11]


def _one_id_plan(count: int, same: bool) -> str:
    rows = [
        json.dumps(
            {
                "id": "same" if same else f"t{index}",
                "title": f"t{index}",
                "prompt": "do it",
                "sliceType": "AFK",
                "autonomy": "AFK",
                "dependencies": [("same" if same else f"t{index - 1}")] if index else [],
            }
        )
        for index in range(count)
    ]
    return '{"tasks": [\n' + ",\n".join(rows) + "\n]}\n"


def test_a_plan_whose_dependencies_link_too_many_tasks_is_one_dc002() -> None:
    """10,000 tasks with one id, each depending on it: every dependency names every task,
    100 million links that the checks followed (a 1.2 MB plan took 7.8 GB and two minutes).
    Past 500,000 links the plan is not checked: the 51st dependency (line 53) passes them."""
    from tests.helpers import run

    text = _one_id_plan(10_000, same=True)
    line = text.splitlines()[52]
    column = line.index('["same"]') + 2  # (1-based, past the bracket)
    assert lint(text, "<test>.json") == [
        Finding("DC002", "error", (53, column), (53, column + 6), '"same"')
    ]
    [message] = [item.message for item in run(text, "<test>.json").diagnostics]
    assert message.startswith(
        "the file holds more than 500,000 dependency links (a dependency on a duplicated id "
        "links every task holding it)"
    )
    # the twin: as many tasks with their own ids, each depending on the one before, are read
    chain = _one_id_plan(10_000, same=False)
    assert "DC002" not in {item.code for item in lint(chain, "<test>.json")}


def test_a_plan_nested_past_dipcheck_s_limit_is_dc002_without_a_claim_about_ordewell() -> None:
    """600 nested arrays: the message said "Ordewell cannot read this plan", a guess (Node's
    `JSON.parse` reads them); it is dipcheck's own limit, DC002 as for every other limit
    (eighth audit)."""
    deep = "[" * 600 + "]" * 600
    bad = PLAN.replace('"dependencies": [],', f'"dependencies": [], "extra": {deep},')
    found = lint(bad, "<test>.json")
    # inside the plan object, the tasks array and a task: the 510th `[` is the 513th level
    column = bad.splitlines()[2].index("[" * 600) + 509 + 1
    assert found == [Finding("DC002", "error", (3, column), (3, column + 1), "[")]
    [item] = run(bad, "<test>.json").diagnostics
    assert item.message == (
        "the plan is nested deeper than 512 levels, over dipcheck's limit: it checks nothing in "
        "the file"
    )
    # the twin: 500 levels are read, and the plan is checked (clean)
    twin = PLAN.replace(
        '"dependencies": [],', f'"dependencies": [], "extra": {"[" * 500 + "]" * 500},'
    )
    assert lint(twin, "<test>.json") == []
