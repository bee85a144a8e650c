"""Stale results and corrupt state (issue 19 §1): a subgraph child's ``prompt_file:`` is a
dependency of the parent's cached result; cache entries of the wrong shape are misses, never
crashes; invalid UTF-8 on standard input is a DC002 finding in every output format. (The
language server's share — re-linting the parent, malformed headers, requests after
``shutdown`` — is tested in ``tests/lsp/test_lsp_hostile.py``.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import dipcheck, unsealed, write_sealed

PARENT = "workflow P\n  start: S\n  exit: S\n  subgraph S\n    ref: sub/child.dip\n"
CHILD = "workflow C\n  start: A\n  exit: A\n  agent A\n    prompt_file: p.md\n"


def _family(directory: Path, prompt: str) -> None:
    (directory / "sub").mkdir(exist_ok=True)
    (directory / "parent.dip").write_text(PARENT, encoding="utf-8")
    (directory / "sub" / "child.dip").write_text(CHILD, encoding="utf-8")
    (directory / "sub" / "p.md").write_text(prompt, encoding="utf-8")


def _lint(directory: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return dipcheck(
        "lint", "--isolated", "--format", "concise", *extra, "parent.dip", cwd=directory
    )


def test_a_childs_prompt_file_is_a_dependency_of_the_cached_result(tmp_path: Path) -> None:
    _family(tmp_path, "Use ${ctx.whatever}\n")
    first = _lint(tmp_path)
    assert "DC310" in first.stdout  # the child's prompt, erased when tracker injects it
    (tmp_path / "sub" / "p.md").write_text("Plain words.\n", encoding="utf-8")
    second = _lint(tmp_path)
    assert second.stdout == _lint(tmp_path, "--no-cache").stdout
    assert "DC310" not in second.stdout


def test_the_twin_an_unchanged_prompt_keeps_the_cached_finding(tmp_path: Path) -> None:
    _family(tmp_path, "Use ${ctx.whatever}\n")
    first = _lint(tmp_path)
    (tmp_path / "unrelated.md").write_text("x\n", encoding="utf-8")
    assert _lint(tmp_path).stdout == first.stdout


def test_many_parents_of_one_child_all_depend_on_its_prompt(tmp_path: Path) -> None:
    _family(tmp_path, "Use ${ctx.whatever}\n")
    (tmp_path / "second.dip").write_text(PARENT.replace("workflow P", "workflow Q"), "utf-8")
    run = dipcheck("lint", "--isolated", "--format", "concise", ".", cwd=tmp_path)
    assert run.stdout.count("DC310") == 2
    (tmp_path / "sub" / "p.md").write_text("Plain words.\n", encoding="utf-8")
    again = dipcheck("lint", "--isolated", "--format", "concise", ".", cwd=tmp_path)
    assert "DC310" not in again.stdout


# -- cache entries of the wrong shape ----------------------------------------------------------

FLAWED = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: ${ctx.nowhere}\n"


def _corruptions(entry: dict) -> list[dict]:
    """Entries whose JSON parses but whose inner types are wrong."""
    (item,) = entry["result"]["diagnostics"]
    variants = []

    def variant(**changes: object) -> None:
        copy = json.loads(json.dumps(entry))
        for where, value in changes.items():
            target = copy
            *path, last = where.split(".")
            for key in path:
                target = target[int(key) if key.isdigit() else key]
            target[int(last) if last.isdigit() else last] = value
        variants.append(copy)

    variant(reads=["not", "a", "mapping"])
    variant(reads={"x": 5})
    variant(**{"result.diagnostics": "none"})
    variant(**{"result.diagnostics.0.2": 42})  # the message is a number
    variant(**{"result.diagnostics.0.1": 99})  # no such severity
    variant(**{"result.diagnostics.0.3": [0, 10**9, 10**9 + 5]})  # outside the text
    variant(**{"result.diagnostics.0.3": [7, 0, 1]})  # no such source
    variant(**{"result.diagnostics.0.3": ["0", 0, 1]})
    variant(**{"result.diagnostics.0.4": [[0, 0, 1]]})  # a related note without its text
    variant(**{"result.diagnostics.0.5": ["fix", "yes", []]})
    variant(**{"result.diagnostics.0.6": {"help": 1}})
    variant(**{"result.diagnostics.0": item[:3]})
    variant(**{"result.not_a_workflow": "no"})
    variant(**{"result.sources": [["x.md"]]})
    variant(path="another.dip")
    return variants


def test_cache_entries_with_wrong_inner_types_are_misses(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(FLAWED, encoding="utf-8")
    command = ("lint", "--isolated", "--format", "concise", "w.dip")
    cold = dipcheck(*command, cwd=tmp_path)
    assert "DC101" in cold.stdout or "DC102" in cold.stdout
    (entry_path,) = (tmp_path / ".dipcheck_cache" / "results").iterdir()
    entry = json.loads(unsealed(entry_path))
    for corrupt in _corruptions(entry):  # (sealed, as a bug of dipcheck's own could write it)
        write_sealed(entry_path, json.dumps(corrupt).encode("utf-8"))
        warm = dipcheck(*command, cwd=tmp_path)
        assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, ""), (
            corrupt
        )


def test_a_rules_snapshot_of_the_wrong_shape_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(FLAWED, encoding="utf-8")
    command = ("lint", "--isolated", "--format", "concise", "w.dip")
    cold = dipcheck(*command, cwd=tmp_path)
    (snapshot,) = (tmp_path / ".dipcheck_cache").glob("rules-*.json")
    rules = json.loads(unsealed(snapshot))
    for damage in ({"code": 5}, {"formats": "dip"}, {"enabled": "yes"}, {"severity": "error"}):
        broken = [*rules[:-1], dict(rules[-1], **damage)]  # after every other rule
        write_sealed(snapshot, json.dumps(broken).encode("utf-8"))
        for text in ("w.dip", "w.dip"):  # from the cache, then (after an edit) linted anew
            run = dipcheck(*command, cwd=tmp_path)
            assert (run.returncode, run.stdout, run.stderr) == (
                cold.returncode,
                cold.stdout,
                "",
            ), damage
            (tmp_path / text).write_text(FLAWED + "\n", encoding="utf-8")
        (tmp_path / "w.dip").write_text(FLAWED, encoding="utf-8")


# -- invalid UTF-8 on standard input -----------------------------------------------------------

INVALID = b"workflow W\n  start: A\n  exit: A\n  agent A\n    lab\xe9l: caf\xe9\n"


def _stdin(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", *args],
        cwd=cwd,
        input=INVALID,
        capture_output=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("fmt", ["text", "concise", "json", "sarif", "junit", "github"])
def test_invalid_utf8_on_stdin_is_dc002_in_every_format(tmp_path: Path, fmt: str) -> None:
    run = _stdin("lint", "--isolated", "--format", fmt, "-", cwd=tmp_path)
    assert b"Traceback" not in run.stderr
    assert b"DC002" in run.stdout
    assert run.returncode == (0 if fmt == "sarif" else 1)


def test_invalid_utf8_on_stdin_with_output_writes_the_report(tmp_path: Path) -> None:
    run = _stdin(
        "lint", "--isolated", "--format", "sarif", "--output", "out.sarif", "-", cwd=tmp_path
    )
    assert b"Traceback" not in run.stderr
    report = json.loads((tmp_path / "out.sarif").read_text(encoding="utf-8"))
    assert report["runs"][0]["results"][0]["ruleId"] == "DC002"


def test_fix_on_unreadable_stdin_passes_it_through(tmp_path: Path) -> None:
    run = _stdin("lint", "--isolated", "--fix", "-", cwd=tmp_path)
    assert b"Traceback" not in run.stderr
    assert run.stdout == INVALID
    assert b"DC002" in run.stderr


def test_fmt_on_unreadable_stdin_is_an_error(tmp_path: Path) -> None:
    run = _stdin("fmt", "-", cwd=tmp_path)
    assert b"Traceback" not in run.stderr
    assert run.returncode == 2
    assert b"(0xe9) cannot be decoded" in run.stderr


# -- configuration that is not UTF-8 -----------------------------------------------------------

CLEAN = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: hi\n"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("dipcheck.toml", b'select = ["DC\xe9"]\n'),
        ("pyproject.toml", b'[tool.dipcheck]\nselect = ["DC\xe9"]\n'),
        ("pyproject.toml", b'[project]\nname = "caf\xe9"\n[tool.dipcheck]\nselect = ["DC1"]\n'),
    ],
    ids=["dipcheck.toml", "pyproject.toml", "pyproject.toml-elsewhere"],
)
def test_a_configuration_that_is_not_utf8_is_an_error(
    tmp_path: Path, name: str, text: bytes
) -> None:
    (tmp_path / "w.dip").write_text(CLEAN, encoding="utf-8")
    (tmp_path / name).write_bytes(text)
    run = dipcheck("lint", "w.dip", cwd=tmp_path)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert f"{tmp_path / name}: not UTF-8 (byte 0xe9 at offset" in run.stderr


@pytest.mark.parametrize("name", ["dipcheck.toml", "pyproject.toml"])
def test_the_twin_a_utf8_configuration_is_read(tmp_path: Path, name: str) -> None:
    (tmp_path / "w.dip").write_text(CLEAN, encoding="utf-8")
    header = "[tool.dipcheck]\n" if name == "pyproject.toml" else ""
    (tmp_path / name).write_text(header + 'select = ["DC1"]  # café\n', encoding="utf-8")
    run = dipcheck("lint", "w.dip", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_pyproject_in_utf16_or_utf32_is_an_error_not_a_folder_above(
    tmp_path: Path, codec: str
) -> None:
    # its `[tool.dipcheck]` was looked for as UTF-8 bytes: not found, the file was passed over
    # and the configuration of the folder above applied, exit 0
    (tmp_path / "pyproject.toml").write_text('[tool.dipcheck]\nselect = ["DIP003"]\n')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "w.dip").write_text(CLEAN, encoding="utf-8")
    text = '[tool.dipcheck]\nselect = ["DC1"]\n'.encode(codec)
    (tmp_path / "sub" / "pyproject.toml").write_bytes(text)
    run = dipcheck("lint", "w.dip", cwd=tmp_path / "sub")
    assert run.returncode == 2
    # (with a byte order mark, not UTF-8; without, its NULs are UTF-8 but not TOML)
    said = run.stderr.removeprefix(f"dipcheck: error: {tmp_path / 'sub' / 'pyproject.toml'}: ")
    assert said.startswith("not UTF-8 (byte 0x" if codec in ("utf-16", "utf-32") else "Invalid ")
    assert said.count("\n") == 1
    # the twin: the same file in UTF-8 is read
    (tmp_path / "sub" / "pyproject.toml").write_text(text.decode(codec), encoding="utf-8")
    shown = dipcheck("lint", "--show-settings", "w.dip", cwd=tmp_path / "sub")
    assert f"# configuration file: {tmp_path / 'sub' / 'pyproject.toml'}" in shown.stdout


def test_a_pyproject_without_dipcheck_is_not_configuration_even_if_not_utf8(
    tmp_path: Path,
) -> None:
    (tmp_path / "w.dip").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_bytes(b'[project]\nname = "caf\xe9"\n')
    run = dipcheck("lint", "w.dip", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")


# -- tool.dipcheck in every TOML spelling --------------------------------------------------

UNKNOWN_KEY = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: hi ${ctx.nothing}\n"


@pytest.mark.parametrize(
    "text",
    [
        '[tool]\ndipcheck.ignore = ["DC102"]\n',
        'tool = {dipcheck = {ignore = ["DC102"]}}\n',
        '[tool.dipcheck]\nignore = ["DC102"]\n',
    ],
    ids=["dotted", "inline", "table"],
)
def test_a_pyproject_configures_dipcheck_in_any_toml_spelling(tmp_path: Path, text: str) -> None:
    # the dotted and inline spellings were not seen (only `[tool.dipcheck` was looked for):
    # their settings were silently dropped
    (tmp_path / "w.dip").write_text(UNKNOWN_KEY, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(f'{text}[project]\nname = "x"\n', encoding="utf-8")
    run = dipcheck("lint", "w.dip", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.startswith("All checks passed")


def test_the_twin_a_pyproject_naming_dipcheck_elsewhere_configures_nothing(
    tmp_path: Path,
) -> None:
    (tmp_path / "w.dip").write_text(UNKNOWN_KEY, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\ndependencies = ["dipcheck"]\n[tool.other]\ndipcheck = 1\n',
        encoding="utf-8",
    )
    run = dipcheck("lint", "--format", "concise", "w.dip", cwd=tmp_path)
    assert run.returncode == 0 and run.stderr == ""
    assert "w.dip:5:16: DC102 [warning]" in run.stdout


@pytest.mark.parametrize(
    ("name", "text", "kind"),
    [
        ("pyproject.toml", "[tool]\ndipcheck = 5\n", "an integer '5'"),
        ("pyproject.toml", 'tool = {dipcheck = "x\\u001b"}\n', "a string 'x\\x1b'"),
        ("dipcheck.toml", "[tool]\ndipcheck = [1]\n", "an array '[1]'"),
    ],
    ids=["integer", "string", "array"],
)
def test_a_tool_dipcheck_that_is_not_a_table_is_an_error(
    tmp_path: Path, name: str, text: str, kind: str
) -> None:
    (tmp_path / "w.dip").write_text(CLEAN, encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    run = dipcheck("lint", "w.dip", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == (
        f"dipcheck: error: {tmp_path / name}: `tool.dipcheck` must be a table of settings "
        f"([tool.dipcheck]), not {kind}\n"
    )


# -- a fan_in's parallel.results written by a scenario -------------------------------------

FAN_IN = (
    "workflow W\n  start: S\n  exit: J\n  agent S\n    prompt: s\n  fan_in J <- S\n  edges\n"
    "    S -> J\n"
)
UNMARSHAL = (
    "status: fail — handler error at node 'J': fan-in node 'J': failed to unmarshal "
    "parallel.results (docs/runtime/failures.md#failures-only-a-run-meets) "
)


@pytest.mark.parametrize(
    "results",
    [
        "[1, 2]",
        "{}",
        "[" * 5000 + "]" * 5000,
        "[" + "9" * 5000 + "]",
        '[{"status": "success", "context_updates": [1]}]',
        '[{"status": "success", "context_updates": {"a": 1}}]',
        '[{"status": 1}]',
        "not json",
    ],
    ids=["numbers", "object", "deep", "huge", "list-updates", "number-update", "status", "text"],
)
def test_parallel_results_tracker_cannot_unmarshal_fail_the_fan_in(
    tmp_path: Path, results: str
) -> None:
    """A scenario's `writes:` can put any text in parallel.results: a list of numbers, values
    of the wrong type, nesting past Python's recursion limit and a 5,000-digit number stopped
    the dry run with a traceback (AttributeError, TypeError, RecursionError, ValueError); they
    are the handler error tracker's fan-in returns when json.Unmarshal fails."""
    (tmp_path / "w.dip").write_text(FAN_IN, encoding="utf-8")
    (tmp_path / "s.yaml").write_text(
        f"nodes:\n  S: {{writes: {{parallel.results: {json.dumps(results)}}}}}\n",
        encoding="utf-8",
    )
    run = dipcheck("simulate", "--scenario", "s.yaml", "w.dip", cwd=tmp_path)
    assert run.returncode == 1, run.stderr[-2000:]
    assert [line for line in run.stdout.splitlines() if line.startswith("status:")] == [
        UNMARSHAL
    ], run.stdout


def test_parallel_results_tracker_reads_merge_the_successful_branches(tmp_path: Path) -> None:
    """The twin: results of the right shape (nulls as Go leaves them) are merged."""
    (tmp_path / "w.dip").write_text(FAN_IN, encoding="utf-8")
    results = (
        '[{"status": "success", "context_updates": {"a": "1", "b": null}, "other": 9}, null, '
        '{"status": "fail", "context_updates": {"c": "3"}}]'
    )
    (tmp_path / "s.yaml").write_text(
        f"nodes:\n  S: {{writes: {{parallel.results: {json.dumps(results)}}}}}\n",
        encoding="utf-8",
    )
    run = dipcheck("simulate", "--verbose", "--scenario", "s.yaml", "w.dip", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "status: success" in run.stdout
    assert 'writes a="1", b=""' in run.stdout, run.stdout
