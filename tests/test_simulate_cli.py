"""``dipcheck simulate`` run as a process: text, JSON (validated against the contract),
pictures (DOT rendered by Graphviz, Mermaid parsed), exit status, determinism."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import FIXTURES
from test_cli import dipcheck

from dipcheck.simulate.contract import PathsDocument, SimulateDocument

RELEASE = "fixtures/simulate/release.dip"
FAILS_ONCE = "fixtures/simulate/release-fails-once.yaml"


def test_text_output_explains_every_step_and_is_deterministic() -> None:
    first = dipcheck("simulate", RELEASE, "--scenario", FAILS_ONCE)
    second = dipcheck("simulate", RELEASE, "--scenario", FAILS_ONCE)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout  # byte-identical
    text = first.stdout
    assert "→ Fix  condition: condition `ctx.tool_stdout = tests_fail` is true" in text
    assert "✗ Test -> Approve: `ctx.tool_stdout = tests_pass` is false" in text
    assert "↻ Test already completed: loop restart 1 of 3" in text
    assert text.rstrip().endswith("path: Start → Build → Test → Fix → Test → Approve → Done")
    assert "status: success — reached the exit node 'Done'" in text


def test_verbose_shows_resolved_and_unresolved_text() -> None:
    resolved = dipcheck("simulate", RELEASE, "--scenario", FAILS_ONCE, "--verbose").stdout
    assert "| Build release Ship version 1.2 of the service for 1.2; notes: first cut" in resolved
    default = dipcheck("simulate", RELEASE, "-v").stdout
    assert "notes: ⟨unresolved ${ctx.notes}⟩" in default


def test_json_output_follows_the_contract() -> None:
    result = dipcheck("simulate", RELEASE, "--scenario", FAILS_ONCE, "--format", "json")
    document = SimulateDocument.model_validate_json(result.stdout)
    assert document.status == "success" and document.class_ == "succeeded"
    assert document.path == ["Start", "Build", "Test", "Fix", "Test", "Approve", "Done"]
    fix = document.steps[3]
    assert fix.edge is not None and fix.edge.restart == "Test"
    assert fix.edge.range is not None and (
        fix.edge.range.start.line,
        fix.edge.range.start.column,
    ) == (38, 5)
    test = document.steps[2]
    assert test.edge is not None and (test.edge.from_, test.edge.to) == ("Test", "Fix")
    assert [item.to for item in test.edge.rejected] == ["Approve"]
    assert test.values["tool_stdout"] == "tests_fail" and "tool_stdout" in test.writes


def test_exit_status() -> None:
    failing = FIXTURES / "simulate" / "never-ships.yaml"
    result = dipcheck("simulate", RELEASE, "--scenario", str(failing))
    assert result.returncode == 1
    assert "status: restarts_exhausted" in result.stdout
    missing = dipcheck("simulate", "nope.dip")
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_scenario_errors_point_at_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("nodes:\n  Tset: {stdout: tests_pass}\n", encoding="utf-8")
    result = dipcheck("simulate", RELEASE, "--scenario", str(bad))
    assert result.returncode == 2
    assert f"{bad}:2:3: no node `Tset` in the workflow (did you mean `Test`?)" in result.stderr
    assert "Traceback" not in result.stderr


def test_unloadable_workflow_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken.dip"
    broken.write_text("this is not a workflow\n", encoding="utf-8")
    result = dipcheck("simulate", str(broken))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not a workflow dipcheck can load" in result.stderr


MISSING_PROMPT = (
    "workflow A\n  start: S\n  exit: E\n  agent S\n    label: S\n    prompt_file: p.md\n"
    "  agent E\n    label: E\n  edges\n    S -> E\n"
)


@pytest.mark.parametrize("extra", [(), ("--all-paths",)])
def test_a_file_tracker_refuses_to_load_says_so_above_the_run(
    tmp_path: Path, extra: tuple[str, ...]
) -> None:
    # the missing prompt file stops tracker's load (docs/runtime/loading.md): the run shown
    # cannot happen, which the output said nowhere
    (tmp_path / "m.dip").write_text(MISSING_PROMPT, encoding="utf-8")
    result = dipcheck("simulate", "m.dip", *extra, cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert lines[1:4] == [
        "note: tracker refuses to load this file (docs/runtime/loading.md), so no run happens "
        "until these are fixed:",
        "  m.dip:6:18: DC003 `prompt_file`: `p.md` does not exist",
        "",
    ]
    # the twin: with the file there, no note
    (tmp_path / "p.md").write_text("Do it.\n", encoding="utf-8")
    loaded = dipcheck("simulate", "m.dip", *extra, cwd=tmp_path)
    assert loaded.stdout.splitlines()[1] == ""
    assert "note:" not in loaded.stdout


def test_the_dialect_note_is_a_line_of_its_own(tmp_path: Path) -> None:
    (tmp_path / "a.dot").write_text(
        "digraph G {\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  start -> exit\n}\n",
        encoding="utf-8",
    )
    (tmp_path / "dipcheck.toml").write_text('[dialect]\n"*.dot" = "attractor"\n')
    result = dipcheck("simulate", "a.dot", cwd=tmp_path)
    # it was joined to the first line by an escaped line break (`\x0a`)
    assert result.stdout.splitlines()[:3] == [
        "simulate a.dot (tracker 0.64, default scenario)",
        "note: a DOT pipeline of the attractor dialect, simulated with tracker's rules "
        "(docs/runtime/README.md); its own runtime may route differently",
        "",
    ]


def test_target_version_from_configuration(tmp_path: Path) -> None:
    workflow = tmp_path / "w.dip"
    workflow.write_text(
        "workflow W\n  start: T\n  exit: Z\n  tool T\n    command: run\n"
        "  agent Loop\n    prompt: l\n  agent Z\n    prompt: z\n  edges\n"
        "    T -> Loop when ctx.tool_stdout != done and ctx.tool_stdout != skip\n"
        "    T -> Z\n    Loop -> Z\n",
        encoding="utf-8",
    )
    scenario = tmp_path / "s.yaml"
    scenario.write_text("nodes: {T: {stdout: done}}\n", encoding="utf-8")
    # tracker 0.64 reads `and` as part of the literal (tracker#647): the edge is taken
    assert "T → Loop" in dipcheck("simulate", str(workflow), "--scenario", str(scenario)).stdout
    (tmp_path / "dipcheck.toml").write_text('target-version = "0.65"\n', encoding="utf-8")
    configured = dipcheck("simulate", str(workflow), "--scenario", str(scenario))
    assert "(tracker 0.65," in configured.stdout and "path: T → Z" in configured.stdout
    flag = dipcheck(
        "simulate", str(workflow), "--scenario", str(scenario), "--target-version", "0.64"
    )
    assert "path: T → Loop → Z" in flag.stdout


def test_yaml_step_workflow() -> None:
    result = dipcheck("simulate", "fixtures/steps/spec_driven.yaml", "--format", "json")
    document = SimulateDocument.model_validate_json(result.stdout)
    assert document.path == ["plan", "implement", "review"]


def test_a_step_workflow_s_trace_says_whose_words_it_uses(tmp_path: Path) -> None:
    # The trace names tracker's handler and context keys; a YAML author must be told so.
    (tmp_path / "s.yaml").write_text("nodes:\n  review: {outcome: approved}\n")
    result = dipcheck(
        "simulate",
        str(FIXTURES / "steps" / "spec_driven.yaml"),
        "--scenario",
        "s.yaml",
        cwd=tmp_path,
    )
    lines = result.stdout.splitlines()
    assert lines[1] == (
        "note: a YAML step workflow, simulated with tracker's rules and in its words: an "
        "`agent:` step is a `codergen` node whose answer is `last_response`, and its "
        "`conditions:` are tried in order (`on_result` is the outcome), then `next:`"
    )
    # what the note says about `on_result` holds: the scenario's outcome picks the entry
    assert "→ summarise  condition: condition `outcome = approved` is true" in result.stdout
    assert lines[3].split() == ["1", "plan", "codergen", "success"]
    # the twin: a .dip trace carries no such note
    assert "note:" not in dipcheck("simulate", RELEASE).stdout


SMALL_LOOP = """\
workflow W
  start: Start
  exit: Done
  defaults
    max_restarts: 1
    max_retries: 0
  agent Start
    label: Start
  tool Test
    command: make test
  agent Fix
    prompt: fix
  agent Done
    label: Done
  edges
    Start -> Test
    Test -> Done  when ctx.tool_stdout = pass
    Test -> Fix
    Fix -> Test  restart: true
"""


def test_all_paths_lists_every_end_and_says_complete(tmp_path: Path) -> None:
    workflow = tmp_path / "loop.dip"
    workflow.write_text(SMALL_LOOP, encoding="utf-8")
    text = dipcheck("simulate", str(workflow), "--all-paths")
    assert text.returncode == 0
    assert "explored 7 states: 7 distinct terminal paths (complete)" in text.stdout
    result = dipcheck("simulate", str(workflow), "--all-paths", "--format", "json")
    document = PathsDocument.model_validate_json(result.stdout)
    assert document.complete and document.truncated is None
    ends = sorted((path.status, " ".join(path.path)) for path in document.paths)
    assert ends == [
        ("fail", "Start Test Fix"),  # Fix fails: no fallback (§5.3 step 0)
        ("fail", "Start Test Fix"),  # Fix asks for a retry: none allowed (§5.4)
        ("fail", "Start Test Fix Test Fix"),
        ("fail", "Start Test Fix Test Fix"),
        ("restarts_exhausted", "Start Test Fix Test Fix"),  # the second loop back
        ("success", "Start Test Done"),
        ("success", "Start Test Fix Test Done"),
    ]
    # the default scenario's path comes first: the tool prints nothing, the loop runs out
    default = SimulateDocument.model_validate_json(
        dipcheck("simulate", str(workflow), "--format", "json").stdout
    )
    first = document.paths[0]
    assert (first.status, first.path) == ("restarts_exhausted", default.path)


def test_all_paths_budget_cut_says_so_and_keeps_the_successes() -> None:
    text = dipcheck("simulate", RELEASE, "--all-paths", "--max-paths", "40").stdout
    assert "distinct terminal paths (incomplete: the path limit (40) was reached)" in text
    groups = re.findall(r"^(\w+) \(\d+ paths?\)$", text, re.MULTILINE)
    assert groups[0] == "success"  # the runs that succeed are explored, and listed, first
    assert "  1. Start → Build → Test → Approve → Done\n" in text
    result = dipcheck("simulate", RELEASE, "--all-paths", "--max-paths", "40", "--format", "json")
    document = PathsDocument.model_validate_json(result.stdout)
    assert not document.complete and len(document.paths) == 40
    assert {"success", "restarts_exhausted", "fail"} <= {path.status for path in document.paths}


# -- pictures --------------------------------------------------------------------------------


def _run(scenario: str | None = FAILS_ONCE) -> SimulateDocument:
    args = ["simulate", RELEASE, "--format", "json"] + (
        ["--scenario", scenario] if scenario else []
    )
    return SimulateDocument.model_validate_json(dipcheck(*args).stdout)


def test_dot_renders_with_graphviz(tmp_path: Path) -> None:
    if shutil.which("dot") is None:
        pytest.skip("Graphviz `dot` is not on PATH (tools/test.sh installs it)")
    source = dipcheck("simulate", RELEASE, "--scenario", FAILS_ONCE, "--format", "dot").stdout
    rendered = subprocess.run(
        ["dot", "-Tsvg"], input=source, capture_output=True, text=True, check=False, timeout=60
    )
    assert rendered.returncode == 0, rendered.stderr
    assert rendered.stderr == ""
    svg = rendered.stdout
    assert svg.lstrip().startswith(("<?xml", "<svg", "<!DOCTYPE"))
    for node in ("Start", "Build", "Test", "Fix", "Approve", "Done"):
        assert f"<title>{node}</title>" in svg
    assert "<title>Test&#45;&gt;Fix</title>" in svg  # the taken edge is drawn
    assert "#2e7d32" in svg  # …and styled


MERMAID_NODE = re.compile(
    r'^    (n\d+)(\(\["|\{\{"|\[/"|\{"|\[\["|\[")(.*?)("\]\)|"\}\}|"/\]|"\}|"\]\]|"\])$'
)
MERMAID_EDGE = re.compile(r'^    (n\d+) (-->|-\.->)(?:\|"([^"]*)"\|)? (n\d+)$')


def _unescape(text: str) -> str:
    return (
        text.replace("#quot;", '"')
        .replace("#lt;", "<")
        .replace("#gt;", ">")
        .replace("#124;", "|")
        .replace("#35;", "#")
    )


def test_mermaid_is_well_formed_and_shows_the_path() -> None:
    output = dipcheck("simulate", RELEASE, "--scenario", FAILS_ONCE, "--format", "mermaid").stdout
    lines = output.rstrip("\n").split("\n")
    assert lines[0] == "```mermaid" and lines[-1] == "```" and lines[1] == "flowchart TD"
    names: dict[str, str] = {}
    edges: list[tuple[str, str, str]] = []
    classes: dict[str, set[str]] = {}
    link_styles: set[int] = set()
    for line in lines[2:-1]:
        if line.startswith("    %%") or line.startswith("    classDef "):
            continue
        if node := MERMAID_NODE.match(line):
            label = node.group(3)
            assert '"' not in label  # the shape pattern above already checked the quoting
            names[node.group(1)] = _unescape(label)
        elif edge := MERMAID_EDGE.match(line):
            label = edge.group(3) or ""
            assert '"' not in label
            edges.append((names[edge.group(1)], names[edge.group(4)], _unescape(label)))
        elif line.startswith("    class "):
            ids, kind = line[len("    class ") :].split(" ")
            classes[kind] = set(ids.split(","))
        elif line.startswith("    linkStyle "):
            link_styles |= {int(item) for item in line.split(" ")[5].split(",")}
        else:
            raise AssertionError(f"line Mermaid would not accept: {line!r}")
    run = _run()
    ids = {name: ident for ident, name in names.items()}
    visited = {step.node for step in run.steps}
    assert {ids[node] for node in visited} <= classes["visited"]
    for step in run.steps:  # every taken edge is drawn, numbered and styled
        if step.edge is None:
            continue
        matching = [
            index
            for index, (source, target, label) in enumerate(edges)
            if (source, target) == (step.edge.from_, step.edge.to)
            and step.index in label.split(": ")[0].split(", ")
        ]
        assert matching and set(matching) <= link_styles, step
    # the label with brackets, quotes, `<`, `#` and `|` arrives intact after unescaping
    assert any(label.endswith('[Y] Ship "now" <b>#1|x') for _, _, label in edges)


def test_every_format_is_byte_identical_across_runs() -> None:
    for fmt in ("json", "mermaid", "dot"):
        args = ("simulate", RELEASE, "--scenario", FAILS_ONCE, "--format", fmt)
        assert dipcheck(*args).stdout == dipcheck(*args).stdout, fmt
    paths = ("simulate", RELEASE, "--all-paths", "--max-paths", "200", "--format", "json")
    assert dipcheck(*paths).stdout == dipcheck(*paths).stdout
