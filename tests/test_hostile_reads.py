"""Only regular files are read, and every read is capped (issue 19 §1, "Only regular files are
read"): a FIFO, a device or ``/dev/stdin`` named by a file directive, a subgraph ref, found as a
linted file in a directory or named in a cache entry is refused with a finding — never waited
on, never read without end — in the CLI, ``--watch`` and the language server.

Each run is a process with a timeout and a memory limit, so that a regression fails the test
instead of hanging it or exhausting the machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import PROJECT, dedent, unsealed, write_sealed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
MEMORY = 1 << 30  # a run that reads /dev/zero without end stops here instead of the machine


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def lint(*args: str | Path, cwd: Path, stdin: int | None = None) -> subprocess.CompletedProcess:
    """``dipcheck lint --format concise ARGS``, killed after 60 s (a hang fails the test)."""
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--isolated", "--format", "concise", *args],
        cwd=cwd,
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limit_memory,
        check=False,
    )


AGENT = dedent(
    """
    workflow W
      start: A
      exit: A
      agent A
        {field}: {target}
    """
)
TOOL = dedent(
    """
    workflow W
      start: T
      exit: T
      tool T
        timeout: 1m
        {field}: {target}
    """
)
PARENT = dedent(
    """
    workflow Parent
      start: S
      exit: S
      subgraph S
        ref: {target}
    """
)


def _special(directory: Path, name: str, kind: str) -> Path:
    path = directory / name
    if kind == "fifo":
        os.mkfifo(path)
    else:  # a character device (/dev/zero's numbers), which only root can make
        os.mknod(path, 0o600 | __import__("stat").S_IFCHR, os.makedev(1, 5))
    return path


KINDS = [
    pytest.param("fifo", "a named pipe (FIFO)", id="fifo"),
    pytest.param(
        "device",
        "a character device",
        id="device",
        marks=pytest.mark.skipif(not IS_ROOT, reason="mknod needs root"),
    ),
]


@pytest.mark.parametrize(("kind", "described"), KINDS)
@pytest.mark.parametrize(
    ("text", "field"),
    [(AGENT, "prompt_file"), (AGENT, "system_prompt_file"), (TOOL, "command_file")],
    ids=["prompt_file", "system_prompt_file", "command_file"],
)
def test_a_file_directive_naming_a_special_file_is_dc003(
    tmp_path: Path, kind: str, described: str, text: str, field: str
) -> None:
    _special(tmp_path, "special.md", kind)
    (tmp_path / "w.dip").write_text(text.format(field=field, target="special.md"), "utf-8")
    run = lint("--no-cache", "w.dip", cwd=tmp_path)
    assert f"DC003 [error] `{field}`: `special.md` is {described}, not a regular file" in (
        run.stdout
    )


@pytest.mark.parametrize(("kind", "described"), KINDS)
def test_a_subgraph_child_that_is_a_special_file_is_not_read(
    tmp_path: Path, kind: str, described: str
) -> None:
    _special(tmp_path, "child.dip", kind)
    (tmp_path / "parent.dip").write_text(PARENT.format(target="child.dip"), "utf-8")
    run = lint("--no-cache", "parent.dip", cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr
    assert f"{described}, not a regular file" in run.stdout


def test_ref_dev_stdin_does_not_read_standard_input(tmp_path: Path) -> None:
    """``ref: /dev/stdin`` with standard input a pipe that stays open: reading it would wait
    for ever (in the language server it is the client's JSON-RPC stream)."""
    (tmp_path / "parent.dip").write_text(PARENT.format(target="/dev/stdin"), "utf-8")
    read_end, write_end = os.pipe()
    try:
        run = lint("--no-cache", "parent.dip", cwd=tmp_path, stdin=read_end)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert run.returncode in (0, 1), run.stderr
    assert run.stdout.startswith(
        "parent.dip:5:10: DIP126 [warning] subgraph `S` references `/dev/stdin`, which is not "
        "a workflow file: it is a symbolic link to a named pipe (FIFO), not a regular file; "
        "tracker would wait on it or read it without end\n"
    ), run.stdout


@pytest.mark.parametrize("manager", [False, True])
def test_a_ref_out_of_the_tree_does_not_say_whether_a_file_is_there(
    tmp_path: Path, manager: bool
) -> None:
    """`ref: /home/runner/.ssh/id_rsa` (or `../../../etc/passwd`) in a pull request: a file
    that existed gave no finding and a missing one a DIP126 "does not exist", so the CI log
    told the author which files the runner holds. Outside the tree being checked both now
    read the same, and neither is opened."""
    code, what, column = ("DIP135", "manager loop", 19) if manager else ("DIP126", "subgraph", 10)
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "there.dip").write_text("workflow C\n  start: A\n  exit: A\n  agent A\n", "utf-8")
    text = PARENT
    if manager:
        text = text.replace("subgraph S\n    ref:", "manager_loop S\n    subgraph_ref:")
    outputs = []
    for target in ("../there.dip", "../nowhere.dip", str(tmp_path / "there.dip")):
        (project / "parent.dip").write_text(text.format(target=target), "utf-8")
        run = lint("--no-cache", "--select", "DIP126,DIP135", "parent.dip", cwd=project)
        outputs.append(run.stdout.replace(target, "TARGET"))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0].startswith(
        f"parent.dip:5:{column}: {code} [info] {what} `S` references `TARGET`: it lies outside "
        "`.`, the tree being checked; dipcheck neither reads it nor says whether it exists\n"
    ), outputs[0]
    # the twin: inside the tree, a missing child is still said to be missing
    (project / "parent.dip").write_text(text.format(target="nowhere.dip"), "utf-8")
    run = lint("--no-cache", "--select", code, "parent.dip", cwd=project)
    assert run.stdout.startswith(
        f"parent.dip:5:{column}: {code} [warning] {what} `S` references `nowhere.dip`, which does "
        "not exist next to this workflow"
    ), run.stdout


def test_ref_to_a_symbolic_link_to_a_regular_file_is_not_dip126(tmp_path: Path) -> None:
    """The twin: a link to a workflow is a readable child (not followed here, but not a
    special file either)."""
    (tmp_path / "real.dip").write_text("workflow C\n  start: A\n  exit: A\n  agent A\n", "utf-8")
    (tmp_path / "child.dip").symlink_to(tmp_path / "real.dip")
    (tmp_path / "parent.dip").write_text(PARENT.format(target="child.dip"), "utf-8")
    run = lint("--no-cache", "parent.dip", cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr
    assert "DIP126" not in run.stdout


@pytest.mark.parametrize(("kind", "described"), KINDS)
def test_a_special_file_found_in_a_directory_is_dc002(
    tmp_path: Path, kind: str, described: str
) -> None:
    _special(tmp_path, "odd.dip", kind)
    (tmp_path / "ok.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    run = lint("--no-cache", ".", cwd=tmp_path)
    assert f"odd.dip:1:1: DC002 [error] not read: it is {described}, not a regular file" in (
        run.stdout
    )
    assert "2 files checked" in run.stdout


def test_a_symbolic_link_to_dev_zero_found_in_a_directory_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "zero.dip").symlink_to("/dev/zero")
    (tmp_path / "ok.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    run = lint("--no-cache", ".", cwd=tmp_path)
    assert "zero.dip:1:1: DC002" in run.stdout
    assert "MemoryError" not in run.stderr


def test_a_special_file_named_in_a_cache_entry_is_not_read(tmp_path: Path) -> None:
    """The cache records the prompt file; it is then replaced by a FIFO: deciding whether the
    entry still holds must not open the FIFO."""
    prompt = tmp_path / "p.md"
    prompt.write_text("Do the thing.\n", encoding="utf-8")
    (tmp_path / "w.dip").write_text(AGENT.format(field="prompt_file", target="p.md"), "utf-8")
    first = lint(".", cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    prompt.unlink()
    os.mkfifo(prompt)
    second = lint(".", cwd=tmp_path)
    assert "`p.md` is a named pipe (FIFO), not a regular file" in second.stdout


def test_a_forged_cache_entry_naming_a_fifo_is_a_miss(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    first = lint(".", cwd=tmp_path)
    assert first.returncode == 0
    (entry,) = (tmp_path / ".dipcheck_cache" / "results").iterdir()
    stored = json.loads(unsealed(entry))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for reads in ({str(fifo): "1:2:3"}, {str(fifo): None}, {"/dev/zero": "0:0:x"}):
        stored["reads"] = reads
        write_sealed(entry, json.dumps(stored).encode("utf-8"))
        second = lint(".", cwd=tmp_path)
        assert (second.returncode, second.stdout) == (first.returncode, first.stdout)


def test_a_fifo_configuration_file_named_with_config_is_an_error(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "dipcheck.toml")
    (tmp_path / "ok.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--config", "dipcheck.toml", "ok.dip"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert "not a regular file" in run.stderr


def test_a_fifo_scenario_is_refused(tmp_path: Path) -> None:
    (tmp_path / "ok.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    os.mkfifo(tmp_path / "scenario.yaml")
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "simulate", "ok.dip", "--scenario", "scenario.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert "not a regular file" in run.stderr


def test_fmt_refuses_a_fifo_found_in_a_directory(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "odd.dip")
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "fmt", "--check", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert "not a regular file" in run.stderr


def test_watch_reports_a_fifo_and_keeps_watching(tmp_path: Path) -> None:
    pytest.importorskip("watchfiles")
    from test_watch import Watcher

    os.mkfifo(tmp_path / "odd.dip")
    (tmp_path / "ok.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    watcher = Watcher(tmp_path)
    try:
        first = watcher.next_line(timeout=40)
        assert "odd.dip:1:1: DC002 [error] not read: it is a named pipe (FIFO)" in first
    finally:
        watcher.stop()


def test_read_regular_caps_what_it_reads(tmp_path: Path) -> None:
    from dipcheck.files import FileTooLarge, read_regular

    path = tmp_path / "big"
    path.write_bytes(b"x" * 1000)
    assert read_regular(str(path), 1000) == b"x" * 1000
    with pytest.raises(FileTooLarge):
        read_regular(str(path), 999)


def test_the_project_fixtures_still_read(tmp_path: Path) -> None:
    run = lint("--no-cache", PROJECT / "fixtures" / "review_loop.dip", cwd=tmp_path)
    assert run.returncode == 0, run.stdout


def test_a_fifo_test_file_is_an_error_not_a_hang(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n", "utf-8")
    os.mkfifo(tmp_path / "w.tests.yaml")
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "test", "w.tests.yaml"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "w.tests.yaml is a named pipe (FIFO), not a regular file" in run.stdout


def test_a_child_name_with_a_nul_character_is_missing_not_a_crash(tmp_path: Path) -> None:
    """Found by tools/fuzz.py (dot, seed 3030 #4436): `subgraph_ref="\\0"` reached os.stat,
    whose ValueError was a DC000 in seven rules."""
    from dipcheck.engine import lint_file

    (tmp_path / "w.dot").write_text(
        "digraph G { start [shape=Mdiamond]; done [shape=Msquare]; X [shape=house, "
        'subgraph_ref="a\x00b"]; start -> X -> done; }\n',
        encoding="utf-8",
    )
    found = [(item.code, item.message) for item in lint_file(str(tmp_path / "w.dot")).diagnostics]
    assert [code for code, _ in found if code == "DC000"] == []
    assert (
        "DIP135",
        "manager loop `X` references `a\x00b`, which does not exist next to this workflow "
        "(tried as written and with `.dip`)",
    ) in found


def test_read_regular_refuses_a_name_with_a_nul_character(tmp_path: Path) -> None:
    from dipcheck.files import read_regular

    (tmp_path / "a").write_text("x", encoding="utf-8")
    assert read_regular(str(tmp_path / "a"), 10) == b"x"  # the twin
    with pytest.raises(FileNotFoundError):
        read_regular(str(tmp_path / "a\x00b"), 10)


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX lookup (Windows uses shutil's)")
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["bash", "shellcheck", "dot"]),
            st.sampled_from(["executable", "plain", "directory", "absent"]),
        ),
        max_size=6,
    ),
    st.sampled_from(["bash", "shellcheck", "dot", "d0/bash"]),
)
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_which_finds_what_shutil_which_finds(
    tmp_path_factory: pytest.TempPathFactory, entries: list[tuple[str, str]], wanted: str
) -> None:
    """``files.which`` (the lookup a lint uses, without importing shutil) answers as
    :func:`shutil.which` on a ``$PATH`` of directories holding executables, plain files and
    directories of the name, in any order."""
    import shutil

    from dipcheck.files import which

    root = tmp_path_factory.mktemp("path")
    directories = []
    for index, (name, kind) in enumerate(entries):
        directory = root / f"d{index}"
        directory.mkdir()
        directories.append(str(directory))
        target = directory / name
        if kind == "directory":
            target.mkdir()
        elif kind != "absent":
            target.write_text("#!/bin/sh\n", encoding="utf-8")
            target.chmod(0o755 if kind == "executable" else 0o644)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", os.pathsep.join([*directories, *directories[:1]]))
        patch.chdir(root)
        assert which(wanted) == shutil.which(wanted)


def _program(directory: Path, name: str) -> str:
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / name
    target.write_text("#!/bin/sh\n", encoding="utf-8")
    target.chmod(0o755)
    return str(target)


def test_which_never_finds_a_program_through_a_relative_path_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `$PATH` with `.`, an empty entry or a relative directory found a `bash` planted at
    the top of the repository being linted (the current directory), and dipcheck ran it on
    every tool command; only absolute entries are searched now."""
    from dipcheck.files import which

    repository = tmp_path / "repo"
    _program(repository, "bash")
    _program(repository / "bin", "shellcheck")
    real = _program(tmp_path / "usr-bin", "bash")
    monkeypatch.chdir(repository)
    monkeypatch.setenv("PATH", os.pathsep.join(["", ".", "bin", str(tmp_path / "usr-bin")]))
    assert which("bash") == real
    assert which("shellcheck") is None
    assert which("./bash") == "./bash"  # a name with a separator is taken as it is


@pytest.mark.parametrize(
    ("program", "arguments"),
    [
        ("git", ["diff", "git:HEAD:w.dip", "w.dip"]),
        ("dot", ["graph", "--format", "svg", "-o", "w.svg", "w.dip"]),
    ],
)
def test_diff_and_graph_never_run_a_program_planted_in_the_repository(
    tmp_path: Path, program: str, arguments: list[str]
) -> None:
    """`dipcheck diff git:…` and `dipcheck graph --format svg` looked `git` and `dot` up with
    shutil.which, which searches a `.` entry of `$PATH`: a `git` at the top of the repository
    ran. They use the lookup the lint uses now."""
    repository = tmp_path / "repo"
    repository.mkdir()
    (repository / "w.dip").write_text(PARENT.format(target="c.dip"), "utf-8")
    planted = repository / program
    planted.write_text(f"#!/bin/sh\ntouch {tmp_path / 'ran'}\n", encoding="utf-8")
    planted.chmod(0o755)
    environment = {**os.environ, "PATH": os.pathsep.join([".", os.environ.get("PATH", "")])}
    subprocess.run(
        [sys.executable, "-m", "dipcheck", *arguments],
        cwd=repository,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert not (tmp_path / "ran").exists()


def test_which_on_windows_skips_the_current_directory_and_uses_pathext(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Windows shutil.which searches the current directory first: a `shellcheck.bat` in
    the repository ran before the one installed. The lookup tries `%PATHEXT%`'s extensions
    in its order, in the absolute `%PATH%` entries only."""
    from dipcheck import files

    repository = tmp_path / "repo"
    _program(repository, "shellcheck.BAT")
    _program(repository, "bash.EXE")
    installed = _program(tmp_path / "tools", "shellcheck.EXE")
    _program(tmp_path / "tools", "shellcheck.CMD")
    monkeypatch.chdir(repository)
    monkeypatch.setenv("PATH", os.pathsep.join([".", str(tmp_path / "tools")]))
    monkeypatch.setenv("PATHEXT", os.pathsep.join([".COM", ".EXE", ".BAT", ".CMD"]))
    monkeypatch.setattr(files.sys, "platform", "win32")
    assert files.which("shellcheck") == installed
    assert files.which("shellcheck.CMD") == str(tmp_path / "tools" / "shellcheck.CMD")
    assert files.which("bash") is None


def _dipcheck(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """``dipcheck ARGS``, killed after 60 s (a read of the FIFO would wait for a writer)."""
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    "command",
    [("simulate",), ("graph",), ("convert", "--to", "dot")],
    ids=["simulate", "graph", "convert"],
)
def test_a_special_file_named_to_a_command_is_named_for_what_it_is(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """Not "no such file" (it exists): what it is, as lint's DC002 says. The twin: a missing
    file is still "no such file"."""
    os.mkfifo(tmp_path / "pipe.dip")
    name = command[0]
    done = _dipcheck(tmp_path, command[0], "pipe.dip", *command[1:])
    assert (done.returncode, done.stderr) == (
        2,
        f"dipcheck {name}: error: pipe.dip: it is a named pipe (FIFO), not a regular file\n",
    )
    missing = _dipcheck(tmp_path, command[0], "gone.dip", *command[1:])
    assert missing.returncode == 2
    assert missing.stderr == f"dipcheck {name}: error: gone.dip: no such file\n"


def test_a_file_many_directives_name_is_read_once(tmp_path: Path) -> None:
    """300 nodes of an 18 KB workflow naming the same 4 MB prompt file: each directive read
    (and hashed) the file again and kept a copy of its text, 1.2 GB and 14 s; under the
    memory limit the run failed. The file is read once per workflow; every node still gets
    its text."""
    (tmp_path / "big.md").write_text(("x" * 99 + "\n") * 40_000, encoding="utf-8")
    lines = ["workflow W", "  start: N0", "  exit: N299"]
    for number in range(300):
        lines += [f"  agent N{number}", "    prompt_file: big.md"]
    lines += ["  edges", *(f"    N{number} -> N{number + 1}" for number in range(299))]
    (tmp_path / "w.dip").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = lint("--no-cache", "w.dip", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines()[0].startswith("w.dip:1:1: DC315 [info] no failure is routed")
    assert run.stdout.splitlines()[-1] == "Found 1 info in 1 file (1 file checked)."


def test_a_file_many_children_name_is_kept_once(tmp_path: Path) -> None:
    """300 subgraph children of a few dozen bytes each, all naming the same 4 MB prompt file:
    every child's parse read the file again and kept its own copy (1.2 GB and 20 s; the 2,000
    children a walk may meet make 8 GB). A file read again unchanged is the same text, kept
    once, its hash worked out once."""
    (tmp_path / "big.md").write_text(("x" * 99 + "\n") * 40_000, encoding="utf-8")
    count = 300
    for number in range(count):
        (tmp_path / f"c{number}.dip").write_text(
            f"workflow C{number}\n  start: A\n  exit: A\n  agent A\n    prompt_file: big.md\n",
            encoding="utf-8",
        )
    lines = ["workflow W", "  start: S0", f"  exit: S{count - 1}"]
    for number in range(count):
        lines += [f"  subgraph S{number}", f"    ref: c{number}.dip"]
    lines += ["  edges", *(f"    S{number} -> S{number + 1}" for number in range(count - 1))]
    (tmp_path / "w.dip").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = lint("--no-cache", "w.dip", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines()[-1] == "Found 1 info in 1 file (1 file checked)."


def test_simulate_verbose_shows_a_long_prompt_in_part(tmp_path: Path) -> None:
    """`simulate --verbose` of 300 steps whose node reads a 4 MB prompt file kept each step's
    whole expanded prompt and printed it: 7.5 GB of memory and 1.4 GB of output from an
    18 KB workflow (the memory limit stopped it here). Each step shows the first 64 KiB of
    what a node receives, and says how much more there is."""
    line = "x" * 99 + "\n"
    (tmp_path / "big.md").write_text(line * 40_000, encoding="utf-8")
    lines = ["workflow W", "  start: N0", "  exit: N299"]
    for number in range(300):
        lines += [f"  agent N{number}", "    prompt_file: big.md"]
    lines += ["  edges", *(f"    N{number} -> N{number + 1}" for number in range(299))]
    (tmp_path / "w.dip").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "simulate", "--verbose", "w.dip"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert (run.returncode, run.stderr) == (0, "")
    shown = run.stdout.splitlines()
    assert shown.count("          | " + "x" * 99) == 300 * (64 * 1024 // 100)
    assert (
        shown.count(
            f"          | ⟨… {4_000_000 - 64 * 1024:,} more characters of the prompt not shown⟩"
        )
        == 300
    )


def test_a_file_rewritten_with_its_time_set_back_is_read_again(tmp_path: Path) -> None:
    """read_from_disk keeps the texts it read by the file's place, size and times: a file
    rewritten in place with text of the same size, and its modification time then set back
    (as `cp -p` or an archive tool does), was answered with the old text. The change time,
    which no program can set back, is part of the key."""
    import time

    from dipcheck.files import read_from_disk

    target = tmp_path / "prompt.md"
    target.write_text("first", encoding="utf-8")
    before = target.stat()
    assert read_from_disk(str(target)) == "first"
    time.sleep(0.05)  # (a later change time, on any file system with sub-second times)
    with open(target, "r+", encoding="utf-8") as handle:  # the same inode
        handle.write("other")
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = target.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino,
        before.st_size,
        before.st_mtime_ns,
    )
    assert read_from_disk(str(target)) == "other"
