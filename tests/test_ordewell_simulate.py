"""`dipcheck simulate` on Ordewell plans: the hand-over of three tasks of the 12-task fixture,
pinned against other-formats.md §5.5 as written (plan map rows and window, subtask labels,
defused tails, dependency order, placeholders), and the waves of three scenarios against §5.4.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import FIXTURES, dipcheck

PLAN12 = FIXTURES / "ordewell" / "plan-12.json"
SESSION = FIXTURES / "ordewell" / "session.json"
REPLY = FIXTURES / "ordewell" / "reply-two-drafts.txt"

ALL_ROWS = """\
 1. [done   ] Add the settings model (claude-code)
 2. [done   ] Persist settings to disk (codex)
 3. [done   ] Wire the --settings flag into the CLI (claude-code)
 4. [running] Settings screen (codex)
 5. [next   ] Settings API endpoint (claude-code)
 6. [next   ] Connect the UI to the API (claude-code)
 7. [next   ] Respect the telemetry setting (claude-code)
 8. [next   ] Migrate old config files (claude-code)
 9. [user   ] Review the settings screen (claude-code)
10. [next   ] End-to-end test (claude-code)
11. [next   ] Document the settings (opencode)
12. [next   ] Release note (claude-code)
4.1. [NOW    ] Settings form component (claude-code)   ← you are here
4.2. [next   ] Route and navigation entry (claude-code)
7.1. [next   ] Find every telemetry call (claude-code)
7.2. [next   ] Guard the calls (claude-code)
7.3. [next   ] Telemetry tests (claude-code)"""

MODEL_OUTPUT = """\
### Task 1: Add the settings model
- Review: Completion marker observed; exit code 0.
- Tail:
  Added Settings interface and defaults().
  Tests: 6 passed.
  <<<ORDEWELL-DONE_settings-model-7f3a>>>"""


def handover(*args: str, path: Path = PLAN12) -> str:
    result = dipcheck("simulate", path, "--handover", *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_handover_of_a_subtask() -> None:
    # every row (17 < 30), subtasks after all top-level rows with dotted unpadded labels, the
    # dependency's tail defused, the base prompt, the completion placeholder; no newline after
    assert handover("settings-ui-form") == (
        "## Plan map\n\n[ordewell:guardrail]\n\n"
        + ALL_ROWS
        + "\nYou are running as: claude-code\n\n## Prior task outputs\n\n"
        + MODEL_OUTPUT
        + "\n\nCreate `web/src/settings/Form.tsx`: a form bound to the Settings interface, "
        "with validation messages.\n\n[ordewell:completion DONE_settings-ui-form-7f3a]"
    )


def test_handover_with_a_window_and_outputs_in_plan_order() -> None:
    # 7 rows: two before the current one (floor(7/3)), the footer counts the other ten; the
    # dependencies are listed cli-flag, settings-model but printed by order (1, then 3)
    assert handover("docs", "--plan-map-max", "7") == (
        "## Plan map\n\n[ordewell:guardrail]\n\n"
        " 9. [user   ] Review the settings screen (claude-code)\n"
        "10. [next   ] End-to-end test (claude-code)\n"
        "11. [NOW    ] Document the settings (opencode)   ← you are here\n"
        "12. [next   ] Release note (claude-code)\n"
        "4.1. [next   ] Settings form component (claude-code)\n"
        "4.2. [next   ] Route and navigation entry (claude-code)\n"
        "7.1. [next   ] Find every telemetry call (claude-code)\n"
        "(10 tasks omitted from this view)\n"
        "You are running as: opencode\n\n"
        "## Prior task outputs\n\n"
        + MODEL_OUTPUT
        + "\n\n### Task 3: Wire the --settings flag into the CLI\n"
        "- Review: Completion marker observed; exit code 0.\n"
        "- Tail:\n  Option parsed and passed to the store.\n\n"
        "Document every setting, the `--settings` flag and the migration in "
        "`docs/settings.md`.\n\n[ordewell:completion DONE_docs-7f3a]"
    )


def test_handover_of_a_hitl_task_with_tdd_and_no_map() -> None:
    # its dependencies have no output yet: no prior-outputs block; TDD before the checkpoint
    assert handover("release-note", "--tdd", "--no-plan-map") == (
        "[ordewell:tdd]\n\n[ordewell:checkpoint]\n\n"
        "Add the release note for the settings feature to `CHANGELOG.md`, linking the "
        "settings documentation.\n\n[ordewell:completion DONE_release-note-7f3a]"
    )


def test_handover_review_placeholder_and_missing_marker_warning(tmp_path: Path) -> None:
    plan = json.loads(PLAN12.read_text(encoding="utf-8"))
    for task in plan["tasks"]:
        if task["id"] == "settings-ui":
            del task["completionMarker"]
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    result = dipcheck("simulate", path, "--handover", "settings-ui", "--no-plan-map")
    assert result.returncode == 0
    assert result.stdout == (
        "## Prior task outputs\n\n### Task 2: Persist settings to disk\n"
        "- Review: (no review note)\n- Tail:\n  store.ts written; 4 new tests pass.\n"
        "  Note: writes are atomic (rename).\n\nBuild the settings screen in the web UI.\n\n"
        "[ordewell:completion DONE_undefined]"
    )
    assert "no completionMarker" in result.stderr


def test_handover_of_an_unknown_task_is_an_error() -> None:
    result = dipcheck("simulate", PLAN12, "--handover", "nope")
    assert result.returncode == 2 and "no task 'nope'" in result.stderr


# -- waves (§5.4) ------------------------------------------------------------------------------


def waves(path: Path, scenario: dict[str, object] | None, tmp_path: Path) -> dict[str, object]:
    args: list[str | Path] = ["simulate", path, "--format", "json"]
    if scenario is not None:
        file = tmp_path / "scenario.json"
        file.write_text(json.dumps(scenario), encoding="utf-8")
        args += ["--scenario", file]
    result = dipcheck(*args)
    assert result.returncode in (0, 1), result.stderr
    document = json.loads(result.stdout)
    assert document["version"] == 1
    return document


def test_waves_every_task_succeeds(tmp_path: Path) -> None:
    # ready tasks start by `order` (a subtask's own order counts), three at a time; the user
    # task is done by the human when no ai task is ready
    document = waves(PLAN12, None, tmp_path)
    assert document["waves"] == [
        ["settings-ui-form", "telemetry-audit", "settings-ui"],
        ["settings-ui-route", "telemetry-guard", "api-endpoint"],
        ["telemetry-tests", "ui-api-client", "telemetry"],
        ["migration"],
        ["docs"],
        ["review-ux"],
        ["e2e"],
        ["release-note"],
    ]
    assert document["all_complete"] is True and document["not_run"] == []


def test_waves_a_failure_stops_the_run(tmp_path: Path) -> None:
    scenario = {"max_parallel_sessions": 2, "tasks": {"telemetry-audit": {"outcome": "fail"}}}
    document = waves(PLAN12, scenario, tmp_path)
    assert document["waves"] == [["settings-ui-form", "telemetry-audit"]]
    assert document["failed"] == ["telemetry-audit"]
    assert document["blocked"] == ["telemetry-guard", "docs"]  # direct dependents only
    assert document["stopped_by_failure"] is True and document["all_complete"] is False
    assert "settings-ui" in document["not_run"]


def test_waves_a_spawn_failure_refills_the_slot(tmp_path: Path) -> None:
    scenario = {"max_parallel_sessions": 2, "tasks": {"api": {"outcome": "spawn_fail"}}}
    document = waves(SESSION, scenario, tmp_path)
    # the stored failed task gets a fresh chance; its spawn fails, pdf takes its slot
    assert document["waves"] == [["api-validation", "pdf"]]
    assert document["on_hold"] == ["api"]
    assert document["not_run"] == ["api", "signoff"]
    assert document["stopped_by_failure"] is False and document["all_complete"] is False


def test_text_output_lists_what_each_task_receives() -> None:
    result = dipcheck("simulate", SESSION)
    assert result.returncode == 0
    assert "  api (task 3 “Invoice API”)\n    receives the output of model\n" in result.stdout
    assert "does not receive (indirect dependencies) schema (via api → model → schema)" in (
        result.stdout
    )


def test_reply_simulates_the_draft_ordewell_runs() -> None:
    result = dipcheck("simulate", REPLY, "--dialect", "ordewell", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["waves"] == [["theme-tokens"], ["toggle"]]
    assert "draft 1" in result.stderr


@pytest.mark.parametrize("outcome", ["cancel", "spawn_fail"])
def test_held_tasks_are_not_run(outcome: str, tmp_path: Path) -> None:
    document = waves(SESSION, {"tasks": {"pdf": {"outcome": outcome}}}, tmp_path)
    assert "pdf" in document["on_hold"] and "pdf" in document["not_run"]


def test_a_stored_task_whose_type_is_not_ai_keeps_its_status(tmp_path: Path) -> None:
    # resetForRun approves only tasks whose `type` is exactly "ai": a stored task without a
    # type keeps `blocked` and never starts (PlanStore.ts); with "ai" it runs
    session = json.loads(SESSION.read_text(encoding="utf-8"))
    pdf = session["plan"]["tasks"][3]
    pdf["status"] = "blocked"
    del pdf["type"]
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    assert "pdf" not in [item for wave in waves(path, None, tmp_path)["waves"] for item in wave]
    pdf["type"] = "ai"
    path.write_text(json.dumps(session), encoding="utf-8")
    assert ["api-validation", "api", "pdf"] in waves(path, None, tmp_path)["waves"]


def test_configuration_names_replies_and_runners(tmp_path: Path) -> None:
    (tmp_path / "plans").mkdir()
    (tmp_path / "plans" / "reply.txt").write_text(REPLY.read_text(encoding="utf-8"))
    (tmp_path / "plans" / "notes.txt").write_text("no plan here\n")
    plan = json.loads(PLAN12.read_text(encoding="utf-8"))
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    (tmp_path / "dipcheck.toml").write_text(
        'ordewell-runners = "claude-code,codex"\n[dialect]\n"plans/reply.txt" = "ordewell"\n'
    )
    result = dipcheck("lint", "--format", "json", "--no-cache", ".", cwd=tmp_path)
    found = {
        (Path(item["file"]).name, item["code"]) for item in json.loads(result.stdout)["diagnostics"]
    }
    # `docs` runs on opencode, which this configuration does not enable; the reply falls back
    assert found == {("plan.json", "O05"), ("reply.txt", "O14"), ("reply.txt", "O02")}
    cli = dipcheck(
        "lint", "--isolated", "--no-cache", "--ordewell-runners", "codex", "plan.json", cwd=tmp_path
    )
    # every task but the two on codex (the top-level user task too: checked at generation)
    assert cli.stdout.count("[O05]") == 15


def _chain_plan(path: Path, count: int) -> Path:
    """``count`` ai tasks, each depending on the one before (plan-N.json names a plan)."""
    tasks = [
        {
            "id": f"t{index}",
            "order": index + 1,
            "title": f"Task {index}",
            "type": "ai",
            "status": "pending",
            "dependencies": [f"t{index - 1}"] if index else [],
            "prompt": "Do it.",
            "assignedRunner": "claude-code",
            "subtasks": [],
        }
        for index in range(count)
    ]
    file = path / "plan-1.json"
    file.write_text(json.dumps({"tasks": tasks}), encoding="utf-8")
    return file


def test_text_output_names_at_most_ten_indirect_dependencies(tmp_path: Path) -> None:
    """A task deep in a large plan has hundreds of indirect dependencies, each with its chain
    (3,000 tasks wrote 322 MB); the text names ten, JSON lists them all."""
    plan = _chain_plan(tmp_path, 14)
    result = dipcheck("simulate", plan)
    assert result.returncode == 0, result.stderr
    last = result.stdout.split("  t13 ", 1)[1]
    line = next(text for text in last.splitlines() if "does not receive" in text)
    assert line.startswith("    does not receive (indirect dependencies) t0 (via t13 → ")
    assert line.count("(via ") == 10 and line.endswith(
        ", and 2 more (--format json lists them all)"
    )
    document = waves(plan, None, tmp_path)
    assert document["waves"] == [[f"t{index}"] for index in range(14)]


def test_text_output_twin_ten_indirect_dependencies_are_all_named(tmp_path: Path) -> None:
    result = dipcheck("simulate", _chain_plan(tmp_path, 12))
    last = result.stdout.split("  t11 ", 1)[1]
    line = next(text for text in last.splitlines() if "does not receive" in text)
    assert line.count("(via ") == 10 and "json lists them all" not in line


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_report_written_to_a_file_is_the_one_printed(fmt: str, tmp_path: Path) -> None:
    """The report is written in pieces of about a megabyte as it is encoded (a large plan's
    JSON report runs to tens of megabytes): the file holds what standard output shows."""
    plan = _chain_plan(tmp_path, 500)
    printed = dipcheck("simulate", plan, "--format", fmt)
    out = tmp_path / f"report.{fmt}"
    written = dipcheck("simulate", plan, "--format", fmt, "-o", out)
    assert (printed.returncode, written.returncode, written.stdout) == (0, 0, "")
    assert out.read_text(encoding="utf-8") == printed.stdout
    if fmt == "json":  # several pieces
        assert len(printed.stdout) > 2 << 20
        started = json.loads(printed.stdout)["started"]
        assert started[-1]["not_received"] == [f"t{i}" for i in range(498)]


def test_the_indirect_dependencies_of_a_long_chain_are_not_listed_ahead(tmp_path: Path) -> None:
    """Every task of a chain has all the tasks before it as indirect dependencies: each start
    listed them, 580 MB for a 12,000-task chain whose text report names ten of each. They are
    kept as a mask now and listed when asked. Its twin: the list asked for is complete."""
    import tracemalloc

    from dipcheck.config import Config
    from dipcheck.simulate import plan_cli
    from dipcheck.simulate.plan_waves import simulate

    loaded = plan_cli.load(str(_chain_plan(tmp_path, 4000)), Config())
    tracemalloc.start()
    try:
        outcome = simulate(loaded.plan, plan_cli.scenario_from(None, loaded.plan))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 << 20  # the lists alone were 64 MB
    last = outcome.starts[-1]
    assert [task.index for task in last.indirect] == list(range(3998))
    assert [task.index for task in last.first_indirect(3)] == [0, 1, 2]


def _counted_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[list[int], list[int]]:
    """The targets of the searches over every dependent (`_distances_to`), and the number of
    tasks each search near a chain (`_distances_near`) found, as the report makes them."""
    from dipcheck.analysis.plan_facts import PlanFacts

    whole: list[int] = []
    near: list[int] = []
    full, close = PlanFacts._distances_to, PlanFacts._distances_near

    def counted_near(self: PlanFacts, start: int, target: int, limit: int | None = None) -> object:
        found = close(self, start, target, limit)
        near.append(len(found) if found is not None else -1)
        return found

    monkeypatch.setattr(
        PlanFacts, "_distances_to", lambda self, target: whole.append(target) or full(self, target)
    )
    monkeypatch.setattr(PlanFacts, "_distances_near", counted_near)
    return whole, near


def test_a_long_chain_s_indirect_dependencies_are_searched_once_per_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each task of a chain names its first ten indirect dependencies, the chain's first
    tasks, with the chain to each: every one was a search down the whole chain again (5,000
    tasks took a minute; eighth audit). Counted, not timed: one search over the dependents
    per target, kept; and the text is what the search from each task gave (the last task's
    line, checked by hand)."""
    from dipcheck.cli import main

    whole, near = _counted_searches(monkeypatch)
    plan = _chain_plan(tmp_path, 300)
    assert main(["simulate", str(plan)]) == 0
    shown = capsys.readouterr().out
    assert sorted(whole) == list(range(10))  # t0 … t9, each searched once and kept
    assert max(near) <= 257  # (a search near the chain gives up past 256 tasks)
    line = next(text for text in shown.split("  t299 ", 1)[1].splitlines() if "not receive" in text)
    assert line.startswith(
        "    does not receive (indirect dependencies) t0 (via t299 → t298 → t297 → t296 → "
        "… 295 more … → t0), t1 (via t299 → t298 → t297 → t296 → … 294 more … → t1)"
    )


def test_a_chain_written_the_other_way_searches_near_each_task(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each task depending on the NEXT one: each task's first indirect dependencies are the
    tasks just after it, a different ten for every task, and each was searched back through
    all its dependents (quadratic: 10,000 tasks 10 s, 30,000 past 20 s; audit 17). Counted:
    no search over every dependent, and each search near the chain finds a dozen tasks."""
    from dipcheck.cli import main

    whole, near = _counted_searches(monkeypatch)
    plan = _chain_plan(tmp_path, 300)
    data = json.loads(plan.read_text(encoding="utf-8"))
    for index, task in enumerate(data["tasks"]):
        task["dependencies"] = [f"t{index + 1}"] if index < 299 else []
    plan.write_text(json.dumps(data), encoding="utf-8")
    assert main(["simulate", str(plan)]) == 0
    shown = capsys.readouterr().out
    assert whole == []
    assert len(near) == 10 * (300 - 2) - sum(range(1, 10)) and max(near) == 12
    line = next(text for text in shown.split("  t0 ", 1)[1].splitlines() if "not receive" in text)
    assert line.startswith(
        "    does not receive (indirect dependencies) t2 (via t0 → t1 → t2), t3 (via t0 → t1 "
        "→ t2 → t3)"
    )
