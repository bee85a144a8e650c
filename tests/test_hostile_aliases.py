"""Bounded everywhere (issue 19 §1): YAML alias bombs in the files read with
:func:`dipcheck.yamlbound.load_bounded` — scenario files, Ordewell plan scenarios and test
files. An alias loads as the anchored value itself, shared, but what prints, walks or copies
the value meets it once per alias: a 1 KB test file of ten anchors nine aliases wide stands for
9⁹ values, and quoting its ``status:`` in the error message took 40 s and 1.6 GB before
failing with a MemoryError. Past 100,000 nodes stood for by aliases the file is refused at the
alias, as YAML step workflows are (tests/test_yaml_properties.py)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

MEMORY = 512 << 20

# [&a0 lol, &a1 [*a0 (9 times)], &a2 [*a1 (9 times)], …, &a9 [*a8 (9 times)]]: *a9
# stands for 9⁹ values
BOMB = (
    "["
    + ", ".join(
        ["&a0 lol"] + [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    )
    + "]"
)
# the first `*a5` of a6's list: the aliases before it stand for 74,727 nodes, and a5 for 66,430
PAST = BOMB.index("&a6 [") + len("&a6 [") + 1
REFUSED = (
    "anchors and aliases expand beyond 100000 nodes (`*a5` alone stands for 66430); a loader "
    "would build every copy"
)
WORKFLOW = "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: a\n  agent B\n"
WORKFLOW += "    prompt: b\n  edges\n    A -> B\n"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (30, 30))


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m dipcheck ARGS`` with 512 MB and 30 s of CPU (it takes well under 2 s)."""
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limits,
        check=False,
    )


@pytest.mark.parametrize(
    ("key", "before"),
    [("status", "      status: "), ("immediately_after", "      immediately_after: {A: ")],
)
def test_an_alias_bomb_in_a_test_file_is_refused_at_the_alias(
    tmp_path: Path, key: str, before: str
) -> None:
    """`status:` was quoted with repr, `immediately_after:` values with str: both expand."""
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    closing = "}" if key == "immediately_after" else ""
    (tmp_path / "w.tests.yaml").write_text(
        f"tests:\n  - name: x\n    expect:\n{before}{BOMB}{closing}\n", encoding="utf-8"
    )
    result = run("test", cwd=tmp_path)
    assert result.returncode == 2, result.stderr[-2000:]
    assert f"  w.tests.yaml:4:{len(before) + PAST}: {REFUSED}\n" in result.stdout


def test_an_alias_bomb_in_a_plan_scenario_is_refused_at_the_alias(tmp_path: Path) -> None:
    """An outcome that is not one of the known ones was quoted with repr."""
    task = {"type": "ai", "assignedRunner": "codex", "autonomy": "AFK", "sliceType": "AFK"}
    plan = {"tasks": [{**task, "id": "a", "title": "A", "prompt": "do a"}]}
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    before = "  a: {outcome: "
    (tmp_path / "s.yaml").write_text(f"tasks:\n{before}{BOMB}}}\n", encoding="utf-8")
    result = run("simulate", "--isolated", "--scenario", "s.yaml", "plan.json", cwd=tmp_path)
    assert result.returncode == 2, result.stderr[-2000:]
    assert result.stderr == (
        f"dipcheck simulate: error: s.yaml:2:{len(before) + PAST}: {REFUSED}\n"
    )


def test_an_alias_bomb_in_a_scenario_is_refused_at_the_alias(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    before = "  A: {writes: {k: "
    (tmp_path / "s.yaml").write_text(f"nodes:\n{before}{BOMB}}}}}\n", encoding="utf-8")
    result = run("simulate", "--scenario", "s.yaml", "w.dip", cwd=tmp_path)
    assert result.returncode == 2, result.stderr[-2000:]
    assert result.stderr == (
        f"dipcheck simulate: error: s.yaml:2:{len(before) + PAST}: {REFUSED}\n"
    )


def test_an_alias_inside_what_it_names_is_refused(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "w.tests.yaml").write_text(
        "tests:\n  - name: x\n    expect:\n      status: &r [*r]\n", encoding="utf-8"
    )
    result = run("test", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        "  w.tests.yaml:4:19: alias `*r` is inside the node it refers to: the structure would "
        "be infinite\n"
    ) in result.stdout


def test_shared_values_up_to_the_limit_are_read() -> None:
    """The twin: aliases standing for exactly the limit load, shared as before; one node more
    is refused (a scenario entry reused by a few tests is far below it)."""
    from ruamel.yaml.composer import ComposerError

    from dipcheck.yamlbound import MAX_ALIAS_EXPANSION, load_bounded

    # `a: &a [x, x, … (999 of them)]` (1,000 nodes), then aliases of it: each stands for 1,000
    head = "a: &a [" + ", ".join(["x"] * 999) + "]\n"
    exact = MAX_ALIAS_EXPANSION // 1000
    loaded = load_bounded(head + "b: [" + ", ".join(["*a"] * exact) + "]\n")
    assert len(loaded["b"]) == exact and loaded["b"][0] is loaded["a"]
    with pytest.raises(ComposerError) as refused:
        load_bounded(head + "b: [" + ", ".join(["*a"] * exact) + ", [x, *a]]\n")
    assert refused.value.problem == (
        "anchors and aliases expand beyond 100000 nodes (`*a` alone stands for 1000); a loader "
        "would build every copy"
    )
