"""The run cache (``dipcheck/replay.py``): a ``dipcheck lint FILE…`` command line run again on
unchanged inputs prints what it printed before, without loading the linter; any change to
what the run depended on lints again.

Whether an answer came from the run cache is told by marking the entry: its kept output is
replaced by ``MARKER``, so a run that prints the marker was answered from the entry and one
that prints findings was linted."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import dipcheck, unsealed, write_sealed
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import replay

MARKER = "answered from the run cache\n"

WORKFLOW = """\
workflow Demo
  start: A
  exit: B
  agent A
    prompt_file: prompts/plan.md
  agent B
    label: B
  edges
    A -> B
    A -> Gone
"""
CLEAN = WORKFLOW.replace("prompt_file: prompts/plan.md", "prompt: Plan.").replace(
    "    A -> Gone\n", ""
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "plan.md").write_text("Check ${ctx.outcome}.\n", encoding="utf-8")
    (tmp_path / "demo.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "clean.dip").write_text(CLEAN, encoding="utf-8")
    return tmp_path


def _lint(project: Path, *words: str, env: dict[str, str] | None = None):
    return dipcheck("lint", *(words or ("demo.dip",)), cwd=project, env=env)


def _runs(project: Path) -> list[Path]:
    runs = project / ".dipcheck_cache" / replay.RUNS
    return sorted(runs.iterdir()) if runs.is_dir() else []


def _mark(project: Path) -> None:
    """Replace the output kept in the one entry by :data:`MARKER` (the rest as it was)."""
    [entry] = _runs(project)
    fields = replay._fields(unsealed(entry))
    assert fields is not None and fields[0] == replay.MAGIC
    fields[2] = MARKER.encode("utf-8")
    write_sealed(entry, replay._encode(fields))


def test_a_run_again_is_answered_from_the_entry(project: Path) -> None:
    first = _lint(project)
    assert first.returncode == 1 and "DC202" in first.stdout and first.stderr == ""
    assert len(_runs(project)) == 1
    second = _lint(project)
    assert (second.returncode, second.stdout, second.stderr) == (1, first.stdout, "")
    _mark(project)
    marked = _lint(project)
    assert (marked.returncode, marked.stdout, marked.stderr) == (1, MARKER, "")


def test_a_clean_run_keeps_exit_status_zero(project: Path) -> None:
    first = _lint(project, "clean.dip")
    assert first.returncode == 0
    _mark(project)
    assert (_lint(project, "clean.dip").returncode, _lint(project, "clean.dip").stdout) == (
        0,
        MARKER,
    )


def test_the_same_content_with_a_new_time_is_still_answered(project: Path) -> None:
    _lint(project)
    _mark(project)
    for name in ("demo.dip", "prompts/plan.md"):
        path = project / name
        path.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        os.utime(path, ns=(1, 1))
    assert _lint(project).stdout == MARKER


def _edit_workflow(project: Path) -> None:
    (project / "demo.dip").write_text(WORKFLOW.replace("label: B", "label: Bee"), "utf-8")


def _edit_prompt(project: Path) -> None:
    (project / "prompts" / "plan.md").write_text("Check ${ctx.outcome} twice.\n", "utf-8")


def _remove_prompt(project: Path) -> None:
    (project / "prompts" / "plan.md").unlink()


def _add_config(project: Path) -> None:
    (project / "dipcheck.toml").write_text('ignore = ["DC202"]\n', encoding="utf-8")


@pytest.mark.parametrize(
    "change", [_edit_workflow, _edit_prompt, _remove_prompt, _add_config], ids=lambda f: f.__name__
)
def test_a_changed_input_lints_again(project: Path, change) -> None:
    _lint(project)
    _mark(project)
    change(project)
    again = _lint(project)
    assert MARKER not in again.stdout and again.stderr == ""
    assert again.stdout == _lint(project, "--no-cache", "demo.dip").stdout


def test_a_config_that_changes_or_goes_lints_again(project: Path) -> None:
    _add_config(project)
    quiet = _lint(project)
    assert quiet.returncode == 1 and "DC202" not in quiet.stdout
    _mark(project)
    (project / "dipcheck.toml").write_text("ignore = []\n", encoding="utf-8")
    assert "DC202" in _lint(project).stdout
    _mark(project)
    (project / "dipcheck.toml").unlink()
    assert "DC202" in _lint(project).stdout


def test_a_pyproject_that_gains_a_section_lints_again(project: Path) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    _lint(project)
    _mark(project)
    with (project / "pyproject.toml").open("a", encoding="utf-8") as stream:
        stream.write('[tool.dipcheck]\nignore = ["DC202"]\n')
    assert "DC202" not in _lint(project).stdout


@pytest.mark.parametrize(
    "words, env",
    [
        (("--format", "json", "demo.dip"), None),
        (("--format=concise", "demo.dip"), None),
        (("demo.dip", "clean.dip"), None),
        (("demo.dip",), {"DIPCHECK_DOCS_URL": "https://example.invalid/"}),
        (("demo.dip",), {"NO_COLOR": "1"}),
    ],
)
def test_another_command_line_or_environment_is_another_entry(
    project: Path, words: tuple[str, ...], env: dict[str, str] | None
) -> None:
    _lint(project)
    _mark(project)
    other = _lint(project, *words, env=env)
    assert MARKER not in other.stdout
    assert len(_runs(project)) == 2


@pytest.mark.parametrize(
    "words",
    [
        ("--no-cache", "demo.dip"),
        ("--fix", "demo.dip"),
        ("--diff", "demo.dip"),
        ("--show-settings", "demo.dip"),
        ("--output", "report.txt", "demo.dip"),
        ("--form", "json", "demo.dip"),  # an abbreviation argparse accepts
        (".",),
        ("prompts/../demo.dip", "."),
        ("--", "demo.dip"),
        ("nothing.dip",),
    ],
)
def test_other_runs_are_not_kept(project: Path, words: tuple[str, ...]) -> None:
    _lint(project, *words)
    assert _runs(project) == []


def test_standard_input_is_not_kept(project: Path) -> None:
    dipcheck("lint", "-", cwd=project, stdin=WORKFLOW)
    assert _runs(project) == []


def test_a_linked_file_is_not_kept(project: Path) -> None:
    (project / "link.dip").symlink_to(project / "demo.dip")
    _lint(project, "link.dip")
    assert _runs(project) == []


def test_a_directory_others_can_write_is_not_used(project: Path) -> None:
    _lint(project)
    _mark(project)
    runs = project / ".dipcheck_cache" / replay.RUNS
    runs.chmod(0o777)
    again = _lint(project)
    assert MARKER not in again.stdout and "DC202" in again.stdout
    assert again.stderr == ""


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: b"",
        lambda data: b"99999999999:" + data,
        lambda data: data.replace(replay.MAGIC, b"dipcheck-run 0"),
        lambda data: replay._encode([replay.MAGIC, b"7", b"x", b"", b""]),
        lambda data: replay._encode([replay.MAGIC, b"1", b"x", b"", b"", b"demo.dip"]),
        lambda data: replay._encode([replay.MAGIC, b"1", b"x", b"", b"", b"demo.dip", b"?"]),
        lambda data: replay._encode([replay.MAGIC, b"one", b"x", b"", b""]),
        lambda data: replay._encode([replay.MAGIC, b"1", b"\xff", b"", b""]),
    ],
)
def test_a_damaged_entry_is_a_miss(project: Path, damage) -> None:
    first = _lint(project)
    [entry] = _runs(project)
    write_sealed(entry, damage(unsealed(entry)))
    again = _lint(project)
    assert (again.returncode, again.stdout, again.stderr) == (1, first.stdout, "")
    assert replay._fields(unsealed(entry))[2] == first.stdout.encode("utf-8")


# -- in process -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "words, usable, paths, config, cache_dir",
    [
        (["lint", "a.dip"], True, ["a.dip"], None, None),
        (
            ["lint", "-q", "--format", "json", "a.dip", "b.dip"],
            True,
            ["a.dip", "b.dip"],
            None,
            None,
        ),
        (["lint", "--config=c.toml", "--cache-dir", "d", "a.dip"], True, ["a.dip"], "c.toml", "d"),
        (["lint", "--select", "-x", "a.dip"], True, ["a.dip"], None, None),
        (["lint"], False, [], None, None),
        (["lint", "--format", "json"], False, [], None, None),
        (["rule", "a.dip"], False, ["a.dip"], None, None),
        (["lint", "--watch", "a.dip"], False, [], None, None),
        (["lint", "--quiet=1", "a.dip"], False, [], None, None),
        (["lint", "-", "a.dip"], False, [], None, None),
        (["lint", "", "a.dip"], False, [], None, None),
        ([], False, [], None, None),
    ],
)
def test_which_command_lines_may_be_kept(
    words: list[str], usable: bool, paths: list[str], config: str | None, cache_dir: str | None
) -> None:
    options = replay._Options(words)
    assert options.usable is usable
    if usable:
        assert (options.paths, options.config, options.cache_dir) == (paths, config, cache_dir)


def _watched_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keep_stdout: bool = False
) -> replay.Run:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir(mode=0o700)
    (tmp_path / "a.dip").write_text(CLEAN, encoding="utf-8")
    if not keep_stdout:
        monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    run = replay.prepare(["lint", "--isolated", "a.dip"])
    assert run is not None and run.replay() is None
    run.capture()
    return run


def _result(path: str):
    from dipcheck.result import LintResult
    from dipcheck.source import SourceText

    text = Path(path).read_text(encoding="utf-8")
    return LintResult(path, SourceText(path, text), None)


def test_a_run_that_warned_is_not_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = _watched_run(tmp_path, monkeypatch)
    print("findings", file=sys.stdout)
    print("dipcheck: warning: something", file=sys.stderr)
    replay.note([_result("a.dip")], str(tmp_path / "cache"), None)
    run.keep(0)
    assert not (tmp_path / "cache" / replay.RUNS).exists()


def test_a_watched_run_is_kept_and_answered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _watched_run(tmp_path, monkeypatch)
    print("findings", file=sys.stdout)
    replay.note([_result("a.dip")], str(tmp_path / "cache"), None)
    run.keep(1)
    assert sys.stdout.getvalue() == "findings\n"
    again = replay.prepare(["lint", "--isolated", "a.dip"])
    assert again is not None and again.replay() == 1
    assert sys.stdout.getvalue() == "findings\nfindings\n"


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_run_whose_reader_went_away_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A closed pipe cuts the output and the run ends with status 0 (cli.main): keeping it
    would answer the next run with part of the report and the wrong status."""
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    run = _watched_run(tmp_path, monkeypatch, keep_stdout=True)
    with pytest.raises(BrokenPipeError):
        print("findings", file=sys.stdout)
    replay.note([_result("a.dip")], str(tmp_path / "cache"), None)
    run.keep(0)
    assert not (tmp_path / "cache" / replay.RUNS).exists()


def test_a_replay_to_a_closed_pipe_ends_quietly(project: Path) -> None:
    """An answer longer than the stream's buffer meets the closed pipe while it is written:
    status 0 and nothing on standard error, as cli.main ends such a run."""
    missing = "".join(f"    A -> Gone{number}\n" for number in range(300))
    (project / "big.dip").write_text(WORKFLOW + missing, encoding="utf-8")
    first = _lint(project, "big.dip")
    assert len(first.stdout) > 64 * 1024 and len(_runs(project)) == 1
    reader = subprocess.Popen(
        [sys.executable, "-m", "dipcheck", "lint", "big.dip"],
        cwd=project,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # before the answer is written
    error = reader.stderr.read()
    assert reader.wait(timeout=60) == 0 and error == b""
    assert _lint(project, "big.dip").stdout == first.stdout


@pytest.mark.parametrize("status, root", [(2, "cache"), (0, "elsewhere"), (0, None)])
def test_a_run_is_kept_only_after_a_lint_into_its_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, status: int, root: str | None
) -> None:
    run = _watched_run(tmp_path, monkeypatch)
    if root is not None:
        replay.note([_result("a.dip")], str(tmp_path / root), None)
    run.keep(status)
    assert not (tmp_path / "cache" / replay.RUNS).exists()


def test_a_linted_file_changed_before_the_entry_is_written_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _watched_run(tmp_path, monkeypatch)
    linted = _result("a.dip")
    (tmp_path / "a.dip").write_text(WORKFLOW, encoding="utf-8")
    replay.note([linted], str(tmp_path / "cache"), None)
    run.keep(0)
    assert not (tmp_path / "cache" / replay.RUNS).exists()


def test_the_oldest_entries_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay, "MAX_RUNS", 3)
    root = tmp_path / "cache"
    root.mkdir(mode=0o700)
    for number in range(5):
        replay._write(str(root / replay.RUNS / f"entry{number}"), b"%d" % number)
        os.utime(root / replay.RUNS / f"entry{number}", ns=(number, number * 10**9))
    names = sorted(path.name for path in (root / replay.RUNS).iterdir())
    assert names == ["entry2", "entry3", "entry4"]


def test_no_entry_is_written_without_the_result_cache_directory(tmp_path: Path) -> None:
    replay._write(str(tmp_path / "cache" / replay.RUNS / "entry"), b"x")
    assert not (tmp_path / "cache").exists()


def test_an_entry_is_not_written_into_a_directory_others_can_write(tmp_path: Path) -> None:
    root = tmp_path / "cache"
    root.mkdir(mode=0o777)
    root.chmod(0o777)
    replay._write(str(root / replay.RUNS / "entry"), b"x")
    assert not (root / replay.RUNS / "entry").exists()


@given(st.lists(st.binary(max_size=40), max_size=12))
def test_fields_read_back_what_was_written(fields: list[bytes]) -> None:
    assert replay._fields(replay._encode(fields)) == fields


@given(st.binary(max_size=200))
def test_fields_of_any_bytes_are_a_list_or_none(data: bytes) -> None:
    fields = replay._fields(data)
    assert fields is None or replay._encode(fields) == data


def test_the_cache_directory_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DIPCHECK_CACHE_DIR", raising=False)
    config = str(tmp_path / "sub" / "dipcheck.toml")
    assert replay.cache_directory("given", config) == "given"
    assert replay.cache_directory(None, config) == str(tmp_path / "sub" / ".dipcheck_cache")
    assert replay.cache_directory(None, None) == str(tmp_path / ".dipcheck_cache")
    monkeypatch.setenv("DIPCHECK_CACHE_DIR", "from-env")
    assert replay.cache_directory(None, config) == "from-env"


def test_json_output_is_kept_exactly(project: Path) -> None:
    first = _lint(project, "--format", "json", "demo.dip")
    second = _lint(project, "--format", "json", "demo.dip")
    assert second.stdout == first.stdout
    codes = [item["code"] for item in json.loads(second.stdout)["diagnostics"]]
    assert codes == ["DIP149", "DIP003", "DC202"] and len(_runs(project)) == 1


# Never imported by a run the run cache answers: the parser, the settings, the result cache,
# the linter, and the standard modules only they need.
NEVER_FOR_A_KEPT_RUN = (
    "argparse",
    "typing",
    "re",
    "json",
    "enum",
    "dipcheck.cli",
    "dipcheck.config",
    "dipcheck.cache",
    "dipcheck.records",
    "dipcheck.source",
    "dipcheck.frontends",
    "dipcheck.engine",
    "dipcheck.rules",
    "dipcheck.report",
)


def test_a_kept_run_imports_only_the_run_cache(project: Path) -> None:
    """``python -X importtime`` lists every module the process imports after the
    interpreter's own start (a module ``site`` imported is not listed again)."""
    _lint(project)
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dipcheck", "lint", "demo.dip"],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1 and "DIP003" in run.stdout
    after_runpy = run.stderr.split("| runpy\n", 1)[1]
    imported = {line.rsplit("|", 1)[1].strip() for line in after_runpy.splitlines() if "|" in line}
    assert "dipcheck.replay" in imported
    offending = {
        name
        for name in imported
        if any(name == item or name.startswith(item + ".") for item in NEVER_FOR_A_KEPT_RUN)
    }
    assert offending == set()


def test_a_run_that_used_other_settings_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _watched_run(tmp_path, monkeypatch)  # (`--isolated`: no configuration file)
    (tmp_path / "dipcheck.toml").write_text("ignore = []\n", encoding="utf-8")
    replay.note([_result("a.dip")], str(tmp_path / "cache"), "dipcheck.toml")
    run.keep(0)
    assert not (tmp_path / "cache" / replay.RUNS).exists()


@pytest.mark.parametrize("changed", [False, True])
def test_a_config_changed_during_the_run_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changed: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    (tmp_path / "cache").mkdir(mode=0o700)
    (tmp_path / "a.dip").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "c.toml").write_text("ignore = []\n", encoding="utf-8")
    run = replay.prepare(["lint", "--config", "c.toml", "a.dip"])
    assert run is not None
    run.capture()
    if changed:
        (tmp_path / "c.toml").write_text('ignore = ["DIP003"]\n', encoding="utf-8")
    replay.note([_result("a.dip")], str(tmp_path / "cache"), "c.toml")
    run.keep(0)
    assert (tmp_path / "cache" / replay.RUNS).exists() is not changed


# -- the answer is always the lint's ----------------------------------------------------------

_STEPS = st.sampled_from(
    [
        "lint",
        "edit the workflow",
        "restore the workflow",
        "edit the prompt",
        "remove the prompt",
        "restore the prompt",
        "add a config",
        "change the config",
        "remove the config",
        "touch the workflow",
    ]
)


def _apply(project: Path, step: str) -> None:
    workflow, prompt, config = (
        project / "demo.dip",
        project / "prompts" / "plan.md",
        project / "dipcheck.toml",
    )
    if step == "edit the workflow":
        workflow.write_text(WORKFLOW.replace("A -> Gone", "A -> B"), encoding="utf-8")
    elif step == "restore the workflow":
        workflow.write_text(WORKFLOW, encoding="utf-8")
    elif step == "edit the prompt":
        prompt.write_text("Plan.\n", encoding="utf-8")
    elif step == "remove the prompt":
        prompt.unlink(missing_ok=True)
    elif step == "restore the prompt":
        prompt.write_text("Check ${ctx.outcome}.\n", encoding="utf-8")
    elif step == "add a config":
        config.write_text('ignore = ["DC202"]\n', encoding="utf-8")
    elif step == "change the config":
        config.write_text('fail-on = "warning"\n', encoding="utf-8")
    elif step == "remove the config":
        config.unlink(missing_ok=True)
    elif step == "touch the workflow":
        os.utime(workflow)


@settings(max_examples=12, deadline=None)
@given(steps=st.lists(_STEPS, min_size=1, max_size=6))
def test_every_answer_is_what_a_lint_would_say(tmp_path_factory, steps: list[str]) -> None:
    """After any sequence of edits, each answer (from the run cache or not) is exactly what a
    lint without any cache prints, with the same exit status."""
    project = tmp_path_factory.mktemp("steps")
    (project / "prompts").mkdir()
    _apply(project, "restore the prompt")
    _apply(project, "restore the workflow")
    for step in ["lint", *steps, "lint"]:
        _apply(project, step)
        answer = _lint(project)
        fresh = _lint(project, "--no-cache", "demo.dip")
        assert (answer.returncode, answer.stdout, answer.stderr) == (
            fresh.returncode,
            fresh.stdout,
            fresh.stderr,
        )


# -- on a terminal (pre-commit gives its hooks a pseudo-terminal when its own output is one) ---


def _on_terminal(project: Path, *words: str) -> tuple[int, bytes]:
    """Run ``dipcheck lint WORDS`` with standard output and error on a pseudo-terminal; its
    exit status and everything the terminal received."""
    import pty

    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    reader, writer = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "dipcheck", "lint", *words],
        cwd=project,
        stdin=subprocess.DEVNULL,
        stdout=writer,
        stderr=writer,
        env=environment,
    )
    os.close(writer)
    received = b""
    while True:
        try:
            chunk = os.read(reader, 65536)
        except OSError:  # EIO: the process closed its side
            break
        if not chunk:
            break
        received += chunk
    os.close(reader)
    return process.wait(timeout=120), received


def test_a_run_on_a_terminal_is_kept_and_answered_in_colour(project: Path) -> None:
    first = _on_terminal(project, "demo.dip")
    assert first[0] == 1 and b"\x1b[" in first[1]  # coloured
    assert first == _on_terminal(project, "--no-cache", "demo.dip")
    assert len(_runs(project)) == 1
    _mark(project)
    assert _on_terminal(project, "demo.dip") == (1, MARKER.replace("\n", "\r\n").encode())
    piped = _lint(project)  # the same command line into a pipe: another entry, no colour
    assert "\x1b[" not in piped.stdout and MARKER not in piped.stdout
    assert len(_runs(project)) == 2


def test_the_progress_bar_is_no_part_of_the_answer(project: Path) -> None:
    names = [f"flow{number}.dip" for number in range(12)]
    for name in names:
        (project / name).write_text(CLEAN, encoding="utf-8")
    first = _on_terminal(project, *names)
    assert b"/12 files" in first[1]  # the bar was drawn (and erased)
    assert len(_runs(project)) == 1
    _mark(project)
    assert _on_terminal(project, *names)[1] == MARKER.replace("\n", "\r\n").encode()


def test_a_file_name_that_is_not_utf8_is_kept(project: Path) -> None:
    """Its name reaches the report as the bytes it has (standard output escapes surrogates
    back), and the entry keeps them."""
    name = os.fsdecode(b"de\xffmo.dip")
    (project / name).write_text(WORKFLOW, encoding="utf-8")

    def lint() -> tuple[int, bytes, bytes]:
        run = subprocess.run(
            [sys.executable, "-m", "dipcheck", "lint", "--format", "concise", name],
            cwd=project,
            capture_output=True,
            check=False,
            env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},  # as in a UTF-8 locale
        )
        return run.returncode, run.stdout, run.stderr

    first = lint()
    assert first[0] == 1 and first[2] == b"" and b"de\xffmo.dip:10:" in first[1]
    assert lint() == first
    _mark(project)
    assert lint() == (1, MARKER.encode(), b"")
    (project / name).write_text(CLEAN, encoding="utf-8")
    assert lint()[0] == 0


_WORDS = st.lists(
    st.one_of(
        st.sampled_from(
            ["lint", "-", "--", "-q", "--format", "--config=", "--cache-dir", "--isolated", "="]
        ),
        st.text(max_size=12),
    ),
    max_size=8,
)


@given(words=_WORDS)
def test_any_command_line_is_judged_without_an_error(words: list[str]) -> None:
    """Whatever the command line (empty words, `=` alone, a valued option at the end, NUL
    characters), deciding whether the run cache may answer it raises nothing."""
    options = replay._Options(words)
    if options.usable:
        assert words[0] == "lint" and options.paths
        assert all(path and not path.startswith("-") for path in options.paths)
    replay.prepare(words)
