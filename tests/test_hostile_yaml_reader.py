"""A character YAML does not allow (ESC, NUL, U+FFFE) or a ``%YAML`` version the loader does not
read, in the YAML files read with :func:`dipcheck.yamlbound.load_bounded` (scenarios, Ordewell
plan scenarios, test files): a one-line error placed at the character or the version, exit 2
(fifth audit). ruamel raises a ``ReaderError`` for the first, which is not a ``MarkedYAMLError``,
and an ``AssertionError`` for the second: both were tracebacks ("internal error"). YAML step
workflows report the same as DC001 (tests/test_yaml_properties.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import dipcheck

WORKFLOW = "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: a\n  agent B\n"
WORKFLOW += "    prompt: b\n  edges\n    A -> B\n"
VERSION = (
    "`%YAML 1.3`: the YAML loader reads versions 1.1 and 1.2 only; write `%YAML 1.2` or drop "
    "the directive"
)
CHARACTERS = [("\x1b", "U+001B"), ("\x00", "U+0000"), ("\ufffe", "U+FFFE")]


def _plan(tmp_path: Path) -> None:
    task = {"type": "ai", "assignedRunner": "codex", "autonomy": "AFK", "sliceType": "AFK"}
    plan = {"tasks": [{**task, "id": "a", "title": "A", "prompt": "do a"}]}
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")


@pytest.mark.parametrize(("character", "name"), CHARACTERS)
def test_a_character_yaml_refuses_in_a_scenario_is_an_error_at_it(
    tmp_path: Path, character: str, name: str
) -> None:
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "s.yaml").write_text(f'context: {{k: "x{character}y"}}\n', encoding="utf-8")
    for extra in ((), ("--all-paths",)):
        result = dipcheck("simulate", *extra, "--scenario", "s.yaml", "w.dip", cwd=tmp_path)
        assert (result.returncode, result.stderr) == (
            2,
            f"dipcheck simulate: error: s.yaml:1:16: not valid YAML: character {name} is not "
            "allowed in YAML (special characters are not allowed)\n",
        )
    # the twin: the same scenario with a plain character runs
    (tmp_path / "s.yaml").write_text('context: {k: "xy"}\n', encoding="utf-8")
    assert dipcheck("simulate", "--scenario", "s.yaml", "w.dip", cwd=tmp_path).returncode == 0


def test_a_character_yaml_refuses_in_a_plan_scenario_and_a_test_file(tmp_path: Path) -> None:
    _plan(tmp_path)
    (tmp_path / "s.yaml").write_text("tasks:\n  a: {outcome: \x07}\n", encoding="utf-8")
    planned = dipcheck("simulate", "--isolated", "--scenario", "s.yaml", "plan.json", cwd=tmp_path)
    assert (planned.returncode, planned.stderr) == (
        2,
        "dipcheck simulate: error: s.yaml:2:16: the scenario is not YAML or JSON: character "
        "U+0007 is not allowed in YAML (special characters are not allowed)\n",
    )
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "w.tests.yaml").write_text(
        "tests:\n  - name: x\x00\n    expect: {status: success}\n", encoding="utf-8"
    )
    tested = dipcheck("test", cwd=tmp_path)
    assert tested.returncode == 2 and "Traceback" not in tested.stderr
    assert (
        "  w.tests.yaml:2:12: not valid YAML: character U+0000 is not allowed in YAML (special "
        "characters are not allowed)\n"
    ) in tested.stdout


def test_a_yaml_version_the_loader_does_not_read_is_an_error_at_the_version(
    tmp_path: Path,
) -> None:
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    _plan(tmp_path)
    (tmp_path / "s.yaml").write_text("%YAML 1.3\n---\ncontext: {k: 1}\n", encoding="utf-8")
    ran = dipcheck("simulate", "--scenario", "s.yaml", "w.dip", cwd=tmp_path)
    assert (ran.returncode, ran.stderr) == (
        2,
        f"dipcheck simulate: error: s.yaml:1:7: not valid YAML: {VERSION}\n",
    )
    (tmp_path / "p.yaml").write_text("%YAML 1.3\n---\ntasks: {}\n", encoding="utf-8")
    planned = dipcheck("simulate", "--isolated", "--scenario", "p.yaml", "plan.json", cwd=tmp_path)
    assert (planned.returncode, planned.stderr) == (
        2,
        f"dipcheck simulate: error: p.yaml:1:7: the scenario is not YAML or JSON: {VERSION}\n",
    )
    (tmp_path / "w.tests.yaml").write_text(
        "%YAML 1.3\n---\ntests:\n  - name: t\n    expect: {status: success}\n", encoding="utf-8"
    )
    tested = dipcheck("test", cwd=tmp_path)
    assert tested.returncode == 2 and "Traceback" not in tested.stderr
    assert f"  w.tests.yaml:1:7: not valid YAML: {VERSION}\n" in tested.stdout
    # the twin: `%YAML 1.2` is read
    (tmp_path / "w.tests.yaml").write_text(
        "%YAML 1.2\n---\ntests:\n  - name: t\n    expect: {status: success}\n", encoding="utf-8"
    )
    assert dipcheck("test", cwd=tmp_path).returncode == 0
