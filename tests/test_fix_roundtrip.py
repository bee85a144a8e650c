"""Fixes round-trip: for every rule that can produce a fix, lint → `--fix --unsafe-fixes` →
lint again shows that finding gone and nothing new. Then `--fix`, `--diff`, `--show-fixes` and
`--unsafe-fixes` as a process: the diff applied with `patch` equals what --fix writes.

Adding a rule that can fix (``fix_availability`` other than "none")? Add one row to
FIX_CASES: the code and a workflow on which the rule reports a finding with a fix.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest
from helpers import CORPUS, FIXTURES, dedent, dipcheck
from test_dataflow import ASK
from test_routing_rules import DOT_AND, ELSE, GATE, LOOP, WRITES
from test_tracker_rules import TRK102

from dipcheck.engine import lint_paths
from dipcheck.rules import registry


class Case(NamedTuple):
    name: str  # the file name (its suffix picks the format)
    text: str


def _dip(text: str) -> Case:
    return Case("w.dip", dedent(text))


def _fixture(name: str) -> Case:
    return Case(Path(name).name, (FIXTURES / name).read_text(encoding="utf-8"))


_BASE = """
    workflow W
      start: A
      exit: B
      agent A
        prompt: Plan.
      agent B
        label: B
      edges
        A -> B
    """

_PLAN = "prompt: Plan."
# the dippin lints' fixes (issue 12): code → a variant of _BASE
DIPPIN_FIX_CASES: dict[str, str] = {
    "DIP106": _BASE.replace("label: B", "prompt: Use ${node.A.last_response}."),
    "DIP108": _BASE.replace(
        _PLAN, f"{_PLAN}\n        provider: anthropic\n        model: claude-sonet-4-6"
    ),
    "DIP113": _BASE.replace(
        _PLAN, f"{_PLAN}\n        retry_policy: agressive\n        max_retries: 2"
    ),
    "DIP114": _BASE.replace(_PLAN, f"{_PLAN}\n        fidelity: summary:hgh"),
    "DIP116": _BASE.replace(
        "      agent A",
        "      defaults\n        on_resume: preserv\n        fidelity: full\n      agent A",
    ),
    "DIP117": _BASE.replace(_PLAN, f"{_PLAN}\n        class: fast").rstrip(" ")
    + "      stylesheet:\n        .fats\n          model: claude-haiku-4-5\n",
    "DIP118": _BASE.rstrip(" ")
    + "      stylesheet:\n        #Aa\n          model: claude-haiku-4-5\n",
    "DIP119": _BASE.replace(_PLAN, f"{_PLAN}\n        reasoning_effort: hihg"),
    "DIP120": _BASE.replace("A -> B", "A -> B  when outcome = success\n        A -> B"),
    "DIP127": _BASE.replace(
        "      agent A\n        prompt: Plan.", "      human A\n        mode: choise"
    ),
    "DIP130": _BASE.replace(_PLAN, f"{_PLAN}\n        response_format: json_obect"),
    "DIP150": _BASE.replace(
        "      agent A\n        prompt: Plan.", "      human A\n        label: Go?"
    ).replace("A -> B", "A -> B  label: go"),
    "DIP151": _BASE.replace("A -> B", "A -> B  weight: 2"),
    "DIP153": _BASE.replace(
        "A -> B", "A -> F\n        F -> A2\n        A2 -> J\n        J -> B"
    ).replace(
        "  agent B",
        "  parallel F -> A2\n      agent A2\n        prompt: Two.\n"
        "      fan_in J <- A2\n      agent B",
    ),
    "DIP154": _BASE.replace(_PLAN, f"{_PLAN}\n        prompt_prefix: none"),
    "DIP155": _BASE.replace(
        "      agent A", "      inputs\n        topic: txt\n      agent A"
    ).replace(_PLAN, "prompt: Plan ${inputs.topic}."),
    "DIP156": _BASE.replace(
        "      agent A", "      inputs\n        topic: text\n      agent A"
    ).replace(_PLAN, "prompt: Plan ${inputs.topik} ${inputs.topic}."),
    "DC207": _BASE.replace(
        "      agent B",
        "      tool T\n        timeout: 1m\n        command:\n"
        "          cd sub\n          make\n      agent B",
    ).replace("A -> B", "A -> T\n        T -> B"),
}

_DOT_GATE = (
    "digraph P {\n"
    "  s [shape=Mdiamond]\n"
    "  e [shape=Msquare]\n"
    '  g [shape=hexagon, label="Pick", default_choice="A"]\n'
    "  s -> g\n"
    '  g -> e [label="[A] Accept"]\n'
    "}\n"
)

# an Ordewell plan (issue 20): a task with a subtask
_ORDEWELL = (
    '{"tasks": [{"id": "a", "order": 1, "title": "A", "type": "ai", "sliceType": "AFK",\n'
    ' "autonomy": "AFK", "prompt": "Do A",\n'
    ' "subtasks": [{"id": "b", "order": 1, "title": "B", "prompt": "Do B", "autonomy": "AFK"}]}]}\n'
)

# code → a workflow on which that rule reports a finding carrying a fix
FIX_CASES: dict[str, Case] = {
    "DC001": Case("w.dot", _DOT_GATE.replace("default_choice", "human.default_choice")),
    "DC011": Case("w.dot", _DOT_GATE.replace("default_choice", '"default_choice"')),
    "DC004": _dip(_BASE.replace("prompt: Plan.", "promt: Plan.")),
    "DC009": _dip(_BASE.replace("prompt: Plan.", "prompt: Plan.\n        llm_model: x")),
    "DC010": _dip(
        _BASE.replace(
            "prompt: Plan.", "prompt: Plan.\n        retry_target: Aa\n        max_retries: 2"
        )
    ),
    "DIP001": _dip(_BASE.replace("start: A", "start: Aa")),
    "DIP002": _dip(_BASE.replace("exit: B", "exit: Bb")),
    "DIP003": _dip(_BASE.replace("A -> B", "A -> Bb")),
    "DIP005": _dip(
        _BASE.replace("A -> B", "A -> C\n        C -> A\n        C -> B").replace(
            "  agent B", "  agent C\n        label: C\n      agent B"
        )
    ),
    "DC102": _dip(
        _BASE.replace("prompt: Plan.", "prompt: Plan.\n        writes: plan").replace(
            "label: B", "prompt: Use ${ctx.plna}"
        )
    ),
    "DC107": Case("w.dip", ASK),
    "DC301": Case("w.dot", DOT_AND),
    "DC303": Case("w.dip", GATE),
    "DC304": Case(
        "w.dip",
        LOOP.replace("  start: Start\n", "  start: Start\n  vars\n    mode: fast\n").replace(
            "ctx.internal.loop_restart_count = 0", "params.mode = fast"
        ),
    ),
    "DC307": Case("w.dip", WRITES),
    "DC330": _dip(
        _BASE.replace(
            "label: B",
            "prompt:\n          Output:\n          ```text\n          ${ctx.tool_stdout}\n"
            "          ```",
        )
    ),
    "DC331": _dip(
        _BASE.replace("      agent A", "      vars\n        repo: api\n      agent A").replace(
            _PLAN, "prompt: Plan $repo."
        )
    ),
    "DC309": Case("w.dip", ELSE),
    "TRK102": Case("w.dip", TRK102),
    **{code: _dip(text) for code, text in DIPPIN_FIX_CASES.items()},
    "DC901": _dip(_BASE.replace("  agent B", "  # dipcheck: ignore[DIP003]\n      agent B")),
    "DC904": _dip(
        _BASE.replace("  agent A", "  # dipcheck: ignore DC102\n      agent A").replace(
            _PLAN, "prompt: Plan ${ctx.notes}."
        )
    ),
    "L03": _fixture("steps/broken_undeclared_input.yaml"),
    "L10": _fixture("steps/broken_input_ref.yaml"),
    "L11": _fixture("steps/broken_prompt_ref.yaml"),
    "O05": Case(
        "plan.json",
        _ORDEWELL.replace('"type": "ai",', '"type": "ai", "assignedRunner": "claude-cod",', 1),
    ),
    "O17": Case("plan.json", _ORDEWELL.replace('"autonomy": "AFK"}]', '"autonomy": "hitl"}]')),
}


def _findings(directory: Path, name: str, code: str) -> list[dict]:  # type: ignore[type-arg]
    result = dipcheck(
        "lint",
        "--isolated",
        "--no-cache",
        "--format",
        "json",
        "--extend-select",
        code,
        name,
        cwd=directory,
    )
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)["diagnostics"]


def test_every_rule_that_can_fix_has_a_round_trip_case() -> None:
    fixable = {rule.code for rule in registry.all_rules() if rule.fix_availability != "none"}
    assert fixable == set(FIX_CASES)


@pytest.mark.parametrize("code", sorted(FIX_CASES))
def test_fix_round_trip(code: str, tmp_path: Path) -> None:
    if code == "DC207" and shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (tools/test.sh installs it)")
    case = FIX_CASES[code]
    (tmp_path / case.name).write_text(case.text, encoding="utf-8")
    before = _findings(tmp_path, case.name, code)
    target = [item for item in before if item["code"] == code and item["fix"] is not None]
    assert target, f"{code} reports no finding with a fix on its round-trip case"
    for item in before:  # whoever offers a fix declares that it can
        if item["fix"] is not None:
            assert registry.get(item["code"]).fix_availability != "none"  # type: ignore[union-attr]
    fixed = dipcheck(
        "lint",
        "--isolated",
        "--no-cache",
        "--fix",
        "--unsafe-fixes",
        "--extend-select",
        code,
        case.name,
        cwd=tmp_path,
    )
    assert fixed.returncode in (0, 1), fixed.stderr
    assert (tmp_path / case.name).read_text(encoding="utf-8") != case.text
    after = _findings(tmp_path, case.name, code)
    for item in target:
        assert (item["code"], item["message"]) not in {
            (other["code"], other["message"]) for other in after
        }
    new = Counter((item["code"], item["message"]) for item in after) - Counter(
        (item["code"], item["message"]) for item in before
    )
    assert not new, f"--fix of {code} introduced {sorted(new)}"


# -- the options as a process -----------------------------------------------------------------

BROKEN = dedent(
    """
    workflow W
      start: A
      exit: B
      agent A
        prompt: Plan.
        llm_model: claude-sonnet-4-6
        reasoning_effort: high
      agent B
        label: B
      edges
        A -> Bb
    """
).replace("reasoning_effort: high", "llm_provider: anthropic")


def test_fix_applies_safe_fixes_only_and_reports_what_remains(tmp_path: Path) -> None:
    path = tmp_path / "w.dip"
    path.write_text(BROKEN, encoding="utf-8")
    result = dipcheck("lint", "--isolated", "--fix", "--show-fixes", "w.dip", cwd=tmp_path)
    assert result.returncode == 1  # DIP003 (an unsafe fix) remains
    text = path.read_text(encoding="utf-8")
    assert "    model: claude-sonnet-4-6\n" in text and "    provider: anthropic\n" in text
    assert "A -> Bb" in text
    assert "error[DIP003]" in result.stdout and "DC009" not in result.stdout
    assert result.stderr == (
        "Fixed 2 findings in 1 file.\n- w.dip:\n    2 x DC009 (runtime-attribute-name)\n"
    )


def test_unsafe_fixes_too_with_the_option(tmp_path: Path) -> None:
    path = tmp_path / "w.dip"
    path.write_text(BROKEN, encoding="utf-8")
    result = dipcheck("lint", "--isolated", "--fix", "--unsafe-fixes", "w.dip", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert "A -> B\n" in path.read_text(encoding="utf-8")
    assert result.stdout == "All checks passed (1 file checked).\n"


@pytest.mark.skipif(shutil.which("patch") is None, reason="needs the patch program")
def test_diff_applied_with_patch_equals_fix(tmp_path: Path) -> None:
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "w.dip").write_text(BROKEN, encoding="utf-8")
        (tmp_path / name / "clean.dip").write_text(dedent(_BASE), encoding="utf-8")
    diff = dipcheck("lint", "--isolated", "--diff", "--unsafe-fixes", ".", cwd=tmp_path / "one")
    assert diff.returncode == 1
    assert diff.stdout.startswith("--- ./w.dip\n+++ ./w.dip\n")
    assert "Would fix 3 findings in 1 file." in diff.stderr
    assert (tmp_path / "one" / "w.dip").read_text(encoding="utf-8") == BROKEN  # nothing written
    applied = subprocess.run(
        ["patch", "-p0", "--quiet"],
        input=diff.stdout,
        cwd=tmp_path / "one",
        text=True,
        capture_output=True,
        check=False,
    )
    assert applied.returncode == 0, applied.stdout + applied.stderr
    fixed = dipcheck("lint", "--isolated", "--fix", "--unsafe-fixes", ".", cwd=tmp_path / "two")
    assert fixed.returncode == 0
    for name in ("w.dip", "clean.dip"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    nothing = dipcheck("lint", "--isolated", "--diff", ".", cwd=tmp_path / "two")
    assert (nothing.returncode, nothing.stdout) == (0, "")


@pytest.mark.skipif(shutil.which("patch") is None, reason="needs the patch program")
def test_diff_of_a_file_without_a_final_newline_applies(tmp_path: Path) -> None:
    text = "workflow W\n  start: A\n  exit: B\n  edges\n    A -> B\n  agent A\n    label: A\n"
    (tmp_path / "w.dip").write_text(text + "  agent B\n    llm_model: x", encoding="utf-8")
    diff = dipcheck("lint", "--isolated", "--diff", "w.dip", cwd=tmp_path)
    assert diff.stdout.endswith("+    model: x\n\\ No newline at end of file\n")
    subprocess.run(
        ["patch", "-p0", "--quiet"], input=diff.stdout, cwd=tmp_path, text=True, check=True
    )
    assert (tmp_path / "w.dip").read_text(encoding="utf-8").endswith("    model: x")
    assert dipcheck("lint", "--isolated", "w.dip", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize(
    "char",
    ["\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", ""],
    ids=ascii,
)
def test_diff_counts_only_newlines(tmp_path: Path, char: str) -> None:
    # `str.splitlines` also ends a line at these characters (`patch` does not): inside a prompt
    # they are text, and the hunk must number the lines as patch will ("": without one)
    text = (
        "workflow W\n  start: A\n  exit: B\n  agent A\n"
        f"    prompt: Say x{char}y.\n"
        "  agent B\n    label: B\n    llm_model: x\n  edges\n    A -> B\n"
    )
    (tmp_path / "w.dip").write_bytes(text.encode("utf-8"))
    # read as bytes: text mode would turn the lone `\r` into a line break of its own
    diff = subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--isolated", "--diff", "w.dip"],
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert diff.stdout.decode("utf-8") == (
        "--- w.dip\n"
        "+++ w.dip\n"
        "@@ -5,6 +5,6 @@\n"
        f"     prompt: Say x{char}y.\n"
        "   agent B\n"
        "     label: B\n"
        "-    llm_model: x\n"
        "+    model: x\n"
        "   edges\n"
        "     A -> B\n"
    )


def test_fix_keeps_permissions_and_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "w.dip"
    path.write_bytes(b"\xef\xbb\xbf" + BROKEN.encode("utf-8"))
    os.chmod(path, 0o640)
    dipcheck("lint", "--isolated", "--fix", "w.dip", cwd=tmp_path)
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"    model: claude-sonnet-4-6\n" in data
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert [entry.name for entry in tmp_path.iterdir()] == ["w.dip"]  # no temporary left


def test_fix_that_would_break_the_file_is_not_applied(tmp_path: Path) -> None:
    # renaming `promt` to `prompt` would give the node two prompts (DC006)
    text = dedent(_BASE).replace("prompt: Plan.", "prompt: Plan.\n    promt: Again.")
    path = tmp_path / "w.dip"
    path.write_text(text, encoding="utf-8")
    result = dipcheck("lint", "--isolated", "--fix", "--unsafe-fixes", "w.dip", cwd=tmp_path)
    assert path.read_text(encoding="utf-8") == text
    assert "error[DC004]" in result.stdout
    assert "not applied: it would add DC006" in result.stderr


def test_fix_from_standard_input_prints_the_fixed_text(tmp_path: Path) -> None:
    result = dipcheck(
        "lint", "--isolated", "--fix", "-", "--stdin-filename", "w.dip", stdin=BROKEN, cwd=tmp_path
    )
    assert result.stdout == BROKEN.replace("llm_model", "model").replace("llm_provider", "provider")
    assert "error[DIP003]" in result.stderr
    assert result.returncode == 1


def test_fix_options_that_do_not_combine() -> None:
    for args in (("--fix", "--add-ignore"), ("--watch", "--fix"), ("--add-ignore", "-")):
        result = dipcheck("lint", *args, "fixtures/review_loop.dip")
        assert result.returncode == 2, args
        assert result.stderr.startswith("dipcheck: error:")


def test_offered_fixes_are_declared_on_the_fixtures_and_corpus() -> None:
    """A rule that offers a fix on real files says so in the registry (the round-trip table
    then requires a case for it)."""
    paths = [str(FIXTURES)]
    if CORPUS.is_dir():
        paths.append(str(CORPUS))
    for result in lint_paths(paths):
        for item in result.diagnostics:
            if item.fix is not None:
                rule = registry.get(item.code)
                assert rule is not None and rule.fix_availability != "none", item.code


def test_fix_in_an_included_file_is_reported_not_applied(tmp_path: Path) -> None:
    (tmp_path / "p.md").write_text("The user wants ${ctx.human_response}\n", encoding="utf-8")
    text = ASK.replace("    prompt: Specify ${ctx.human_response}", "    prompt_file: p.md")
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    result = dipcheck("lint", "--isolated", "--fix", "--unsafe-fixes", "w.dip", cwd=tmp_path)
    assert "dipcheck: note: w.dip: DC107 fix edits p.md, which is not fixed from here" in (
        result.stderr
    )
    assert (tmp_path / "p.md").read_text() == "The user wants ${ctx.human_response}\n"
