"""Writes never lose data or escape (issue 19 §1): ``dipcheck fmt`` writes the way ``--fix``
does — a temporary file, then a rename, after checking the file still holds what was read —
and neither writes through a symbolic link out of the tree, replaces a read-only file, or
breaks a hard link (it leaves such a file alone and says so, exit 2)."""

from __future__ import annotations

import argparse
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import dedent, dipcheck

UNFORMATTED = "workflow W\n  start: A\n  exit: A\n  agent A\n      label: A\n" + "\n" * 4
FIXABLE = dedent(
    """
    workflow W
      start: A
      exit: B
      agent A
        prompt: Plan.
        provider: anthropic
        model: claude-sonet-4-6
      agent B
        label: B
      edges
        A -> B
    """
)
# what each command is given, and the file text it would change
COMMANDS = {
    "fmt": (("fmt",), UNFORMATTED),
    "fix": (("lint", "--isolated", "--no-cache", "--fix", "--unsafe-fixes"), FIXABLE),
}


def _run(command: str, *paths: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    arguments, _ = COMMANDS[command]
    return dipcheck(*arguments, *paths, cwd=cwd)


def test_a_failed_fmt_write_leaves_the_file_whole(tmp_path: Path) -> None:
    """The disk fills up (here: a file size limit) while the formatted text is written."""
    big = UNFORMATTED.replace("label: A", "label: A\n      prompt: " + "x" * 3000)
    path = tmp_path / "w.dip"
    path.write_text(big, encoding="utf-8")

    def small_files() -> None:
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "fmt", "w.dip"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=small_files,
        check=False,
    )
    assert path.read_text(encoding="utf-8") == big, "the file lost its text"
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "w.dip: not written" in run.stderr
    assert [name for name in os.listdir(tmp_path) if name != "w.dip"] == []  # no temp file left


@pytest.mark.parametrize("command", COMMANDS)
def test_a_read_only_file_is_not_replaced(tmp_path: Path, command: str) -> None:
    _, text = COMMANDS[command]
    path = tmp_path / "w.dip"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o444)
    run = _run(command, "w.dip", cwd=tmp_path)
    assert path.read_text(encoding="utf-8") == text
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
    assert run.returncode == 2
    assert "it is read-only" in run.stderr
    assert "Traceback" not in run.stderr


def test_fix_reports_every_file_when_one_cannot_be_written(tmp_path: Path) -> None:
    # one read-only file made --fix stop before its report: the other files were fixed but
    # nothing said which, and no finding was shown
    (tmp_path / "a.dip").write_text(FIXABLE, encoding="utf-8")
    (tmp_path / "a.dip").chmod(0o444)
    (tmp_path / "b.dip").write_text(FIXABLE, encoding="utf-8")
    run = dipcheck(
        "lint", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", "--format", "concise",
        ".", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 2
    assert (tmp_path / "a.dip").read_text(encoding="utf-8") == FIXABLE
    assert "claude-sonnet-4-6" in (tmp_path / "b.dip").read_text(encoding="utf-8")
    # the file left alone is reported as it is, the fixed one as fixed
    assert run.stdout.startswith(
        "./a.dip:7:12: DIP108 [warning] `claude-sonet-4-6` is not a known anthropic model"
    )
    assert "./b.dip" not in run.stdout
    assert "./a.dip not fixed: it is read-only" in run.stderr
    assert "Fixed 1 finding in 1 file." in run.stderr


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_fix_writes_a_file_reached_through_a_link_in_the_tree_once(tmp_path: Path) -> None:
    """`b.dip -> a.dip`: both were fixed from the same text, the second write then found the
    file changed, and the run ended in exit 2 with `./b.dip not fixed: it changed on disk
    meanwhile` and b.dip's stale finding; --diff printed the change twice."""
    (tmp_path / "a.dip").write_text(FIXABLE, encoding="utf-8")
    (tmp_path / "b.dip").symlink_to("a.dip")
    diff = dipcheck(
        "lint", "--isolated", "--no-cache", "--diff", "--unsafe-fixes", ".", cwd=tmp_path
    )
    assert diff.returncode == 1
    assert diff.stdout.count("+++ ") == 1 and "+++ ./a.dip" in diff.stdout
    assert diff.stderr == "Would fix 1 finding in 1 file.\n"
    run = dipcheck("lint", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, "All checks passed (2 files checked).\n")
    assert run.stderr == "Fixed 1 finding in 1 file.\n"
    assert (tmp_path / "a.dip").read_text() == FIXABLE.replace("claude-sonet", "claude-sonnet")
    assert (tmp_path / "b.dip").is_symlink()
    # the twin: two files of the same text are two files, each fixed
    (tmp_path / "b.dip").unlink()
    (tmp_path / "a.dip").write_text(FIXABLE, encoding="utf-8")
    (tmp_path / "b.dip").write_text(FIXABLE, encoding="utf-8")
    run = dipcheck("lint", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "Fixed 2 findings in 2 files.\n")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_linked_file_is_fixed_by_the_path_whose_settings_fix_it(tmp_path: Path) -> None:
    """`y/b.dip -> ../x/a.dip`, where x/'s settings ignore the finding: the first path
    changed nothing and the second path's fix was dropped, in every run."""
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    (tmp_path / "x" / "a.dip").write_text(FIXABLE, encoding="utf-8")
    (tmp_path / "x" / "dipcheck.toml").write_text('ignore = ["DIP108"]\n', encoding="utf-8")
    (tmp_path / "y" / "b.dip").symlink_to(Path("..") / "x" / "a.dip")
    run = dipcheck("lint", "--no-cache", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, "All checks passed (2 files checked).\n")
    assert run.stderr == "Fixed 1 finding in 1 file.\n"
    assert "claude-sonnet-4-6" in (tmp_path / "x" / "a.dip").read_text(encoding="utf-8")


def test_diff_shows_a_hard_linked_file_once(tmp_path: Path) -> None:
    (tmp_path / "a.dip").write_text(FIXABLE, encoding="utf-8")
    os.link(tmp_path / "a.dip", tmp_path / "h.dip")
    run = dipcheck(
        "lint", "--isolated", "--no-cache", "--diff", "--unsafe-fixes", ".", cwd=tmp_path
    )
    assert run.stdout.count("+++ ") == 1 and "+++ ./a.dip" in run.stdout
    assert run.stderr == "Would fix 1 finding in 1 file.\n"


def test_add_ignore_goes_on_past_a_file_it_cannot_write(tmp_path: Path) -> None:
    # it stopped at the first file it could not write: the files after it got no comments,
    # and nothing said so
    (tmp_path / "a.dip").write_text(FIXABLE, encoding="utf-8")
    (tmp_path / "a.dip").chmod(0o444)
    (tmp_path / "b.dip").write_text(FIXABLE, encoding="utf-8")
    run = dipcheck("lint", "--isolated", "--no-cache", "--add-ignore", ".", cwd=tmp_path)
    assert run.returncode == 2
    assert (tmp_path / "a.dip").read_text(encoding="utf-8") == FIXABLE
    assert "# dipcheck: ignore[DIP108]" in (tmp_path / "b.dip").read_text(encoding="utf-8")
    assert "./a.dip not changed: it is read-only" in run.stderr
    assert run.stderr.endswith(
        "Added suppressions for 1 finding in 1 file.\n1 finding left, which a comment does not "
        "hide: 1 in a file left as it was; `dipcheck lint` shows it.\n"
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_hard_linked_file_is_left_alone_and_said_so(tmp_path: Path, command: str) -> None:
    _, text = COMMANDS[command]
    path = tmp_path / "w.dip"
    path.write_text(text, encoding="utf-8")
    other = tmp_path / "elsewhere.txt"
    os.link(path, other)
    run = _run(command, "w.dip", cwd=tmp_path)
    assert run.returncode == 2
    assert "it has 1 other hard link" in run.stderr
    assert os.path.samefile(path, other), "the hard link was broken"
    assert path.read_text(encoding="utf-8") == text


# how the file is reached: the link in the tree, what is linted, and what the refusal says
LINKS = {
    "file": ("link.dip", "../outside/x.dip", ".", "symbolic link to a file outside"),
    # (only the last part of the path was checked: the file outside was rewritten)
    "directory": ("sub", "../outside", "sub/x.dip", "on its path leads to a directory outside"),
}


@pytest.mark.parametrize("how", LINKS)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_out_of_the_tree_is_not_written_through(
    tmp_path: Path, command: str, how: str
) -> None:
    _, text = COMMANDS[command]
    link, target, argument, refusal = LINKS[how]
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.dip").write_text(text, encoding="utf-8")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / link).symlink_to(target, target_is_directory=how == "directory")
    run = _run(command, argument, cwd=tree)
    assert (outside / "x.dip").read_text(encoding="utf-8") == text
    assert refusal in run.stdout + run.stderr
    assert run.returncode != 0


@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_inside_the_tree_is_written_through_and_kept(tmp_path: Path, command: str) -> None:
    _, text = COMMANDS[command]
    (tmp_path / "real.dip").write_text(text, encoding="utf-8")
    (tmp_path / "link.dip").symlink_to("real.dip")
    run = _run(command, "link.dip", cwd=tmp_path)
    assert (tmp_path / "link.dip").is_symlink()
    assert (tmp_path / "real.dip").read_text(encoding="utf-8") != text, run.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_the_twin_an_ordinary_file_is_written(tmp_path: Path, command: str) -> None:
    _, text = COMMANDS[command]
    path = tmp_path / "w.dip"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o640)
    run = _run(command, "w.dip", cwd=tmp_path)
    assert path.read_text(encoding="utf-8") != text, run.stderr
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert run.returncode in (0, 1)


def test_fmt_keeps_an_edit_made_while_it_formatted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An editor saves the file between fmt's read and its write: the edit wins."""
    import dipcheck.formatter
    from dipcheck import fmt_cli

    path = tmp_path / "w.dip"
    path.write_text(UNFORMATTED, encoding="utf-8")
    edited = UNFORMATTED.replace("label: A", "label: Edited")
    real = dipcheck.formatter.format_dip

    def format_while_editing(text: str) -> str:
        path.write_text(edited, encoding="utf-8")
        return real(text)

    monkeypatch.setattr(dipcheck.formatter, "format_dip", format_while_editing)
    monkeypatch.chdir(tmp_path)
    status = fmt_cli.run(argparse.Namespace(paths=["w.dip"], check=False, diff=False))
    assert path.read_text(encoding="utf-8") == edited
    assert status == 2
    assert "changed on disk meanwhile" in capsys.readouterr().err


def test_fmt_does_not_follow_a_link_swapped_in_before_the_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dipcheck.formatter
    from dipcheck import fmt_cli

    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.dip"
    victim.write_text(UNFORMATTED, encoding="utf-8")
    tree = tmp_path / "tree"
    tree.mkdir()
    path = tree / "w.dip"
    path.write_text(UNFORMATTED, encoding="utf-8")
    real = dipcheck.formatter.format_dip

    def format_and_swap(text: str) -> str:
        path.unlink()
        path.symlink_to(victim)
        return real(text)

    monkeypatch.setattr(dipcheck.formatter, "format_dip", format_and_swap)
    monkeypatch.chdir(tree)
    status = fmt_cli.run(argparse.Namespace(paths=["."], check=False, diff=False))
    assert victim.read_text(encoding="utf-8") == UNFORMATTED
    assert status == 2


# -- dipcheck test --update ----------------------------------------------------------------------

REVIEW_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "wftest"
STALE_TESTS = "tests:\n  - name: clean lint ships\n    nodes:\n      Lint: {stdout: lint-clean}\n"


def _review(directory: Path) -> Path:
    (directory / "review.dip").write_bytes((REVIEW_DIR / "review.dip").read_bytes())
    target = directory / "review.tests.yaml"
    target.write_text(STALE_TESTS, encoding="utf-8")
    return target


def test_update_does_not_break_a_hard_link(tmp_path: Path) -> None:
    target = _review(tmp_path)
    os.link(target, tmp_path / "other-name.yaml")
    run = dipcheck("test", "--update", cwd=tmp_path)
    assert "Traceback" not in run.stderr
    assert "review.tests.yaml not updated: it has 1 other hard link" in run.stderr
    assert target.read_text(encoding="utf-8") == STALE_TESTS
    assert os.stat(target).st_nlink == 2


def test_update_does_not_replace_a_read_only_file(tmp_path: Path) -> None:
    target = _review(tmp_path)
    target.chmod(0o444)
    run = dipcheck("test", "--update", cwd=tmp_path)
    assert "review.tests.yaml not updated: it is read-only" in run.stderr
    assert target.read_text(encoding="utf-8") == STALE_TESTS


def test_update_twin_an_ordinary_test_file_is_updated_keeping_its_mode(tmp_path: Path) -> None:
    target = _review(tmp_path)
    target.chmod(0o640)
    run = dipcheck("test", "--update", cwd=tmp_path)
    assert "updated ./review.tests.yaml" in run.stderr, run.stderr
    assert "expect:" in target.read_text(encoding="utf-8")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert not list(tmp_path.glob("*.dipcheck-update"))


# --output and -o: the report replaces the named file; a symbolic link there (one a pull
# request planted, `report.json -> ~/.bashrc`) is replaced, never written through.
OUTPUTS = {
    "lint": ("lint", "--isolated", "--no-cache", "--format", "json", "w.dip", "--output"),
    "graph": ("graph", "--format", "mermaid", "w.dip", "-o"),
    "simulate": ("simulate", "w.dip", "--output"),
    "diff": ("diff", "w.dip", "w.dip", "--output"),
    "convert": ("convert", "w.dip", "--to", "dot", "-o"),
}


@pytest.mark.parametrize("command", sorted(OUTPUTS))
def test_output_through_a_planted_link_replaces_the_link(tmp_path: Path, command: str) -> None:
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    (project / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    victim = elsewhere / "bashrc"
    victim.write_text("keep me\n", encoding="utf-8")
    (project / "report").symlink_to(victim)
    run = dipcheck(*OUTPUTS[command], "report", cwd=project)
    assert run.returncode in (0, 1), run.stderr
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not (project / "report").is_symlink()
    assert (project / "report").read_text(encoding="utf-8").strip()
    assert sorted(path.name for path in project.iterdir()) == ["report", "w.dip"]  # no temp


@pytest.mark.parametrize("command", sorted(OUTPUTS))
def test_output_twin_a_new_file_and_dev_null(tmp_path: Path, command: str) -> None:
    """The twins: a new file is made with the usual mode; ``/dev/null`` (a stream, not a file
    to replace) is written to as it is."""
    (tmp_path / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    run = dipcheck(*OUTPUTS[command], "report", cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE((tmp_path / "report").stat().st_mode) == 0o666 & ~mask
    run = dipcheck(*OUTPUTS[command], "/dev/null", cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr
    assert Path("/dev/null").is_char_device()


def test_convert_writes_into_a_stream_it_is_named_and_keeps_the_link(tmp_path: Path) -> None:
    """``-o out`` with ``out -> /proc/self/fd/1`` (as ``/dev/stdout`` is): the converted text
    goes to the stream, and the link stays (convert had its own writer, which renamed a file
    over the link, as it would have over ``/dev/null``, and made the file mode 0600)."""
    if not os.path.exists("/proc/self/fd/1"):
        pytest.skip("no /proc/self/fd here")
    (tmp_path / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    (tmp_path / "out").symlink_to("/proc/self/fd/1")
    run = dipcheck(*OUTPUTS["convert"], "out", cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr
    assert run.stdout.startswith("digraph W {\n")
    assert os.readlink(tmp_path / "out") == "/proc/self/fd/1"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out", "w.dip"]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_directory_link_inside_the_tree_is_written_through(tmp_path: Path, command: str) -> None:
    _, text = COMMANDS[command]
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "x.dip").write_text(text, encoding="utf-8")
    (tmp_path / "sub").symlink_to("real", target_is_directory=True)
    run = _run(command, "sub/x.dip", cwd=tmp_path)
    assert (tmp_path / "real" / "x.dip").read_text(encoding="utf-8") != text, run.stdout


@pytest.mark.parametrize("command", sorted(OUTPUTS))
def test_output_to_a_descriptor_goes_to_where_it_leads(tmp_path: Path, command: str) -> None:
    """`--output /dev/stdout` with standard output redirected to a file (here a stand-in,
    `dev/stdout -> /proc/self/fd/1`: the real one is not to be replaced): the name led to a
    regular file, so the report was renamed over the link, which for `/dev/stdout` itself
    replaced it in /dev (as root) or failed with permission denied, and the redirected file
    stayed empty. A name that leads to one of the process's descriptors is written to
    (appended to: a `>>` redirection keeps what the file held)."""
    if not os.path.exists("/proc/self/fd/1"):
        pytest.skip("no /proc/self/fd here")
    (tmp_path / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "stdout").symlink_to("/proc/self/fd/1")
    redirected = tmp_path / "redirected.txt"
    redirected.write_text("earlier\n", encoding="utf-8")
    with redirected.open("ab") as stream:  # `>> redirected.txt`
        run = subprocess.run(
            [sys.executable, "-m", "dipcheck", *OUTPUTS[command], "dev/stdout"],
            cwd=tmp_path,
            stdout=stream,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert run.returncode in (0, 1), run.stderr
    assert os.readlink(tmp_path / "dev" / "stdout") == "/proc/self/fd/1"
    assert sorted(path.name for path in (tmp_path / "dev").iterdir()) == ["stdout"]
    assert redirected.read_text(encoding="utf-8").startswith("earlier\n")
    assert redirected.read_text(encoding="utf-8").removeprefix("earlier\n").strip()


@pytest.mark.parametrize("command", [*sorted(OUTPUTS), "test"])
def test_output_behind_a_directory_link_out_of_the_tree_is_not_written(
    tmp_path: Path, command: str
) -> None:
    """`-o sub/report.json` with `sub -> ../outside` planted in the tree: a link at the file
    is replaced, but one on its way was followed, and the report replaced
    `outside/report.json`. A path inside the working directory is not written when a link on
    its way leads out of it."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (project / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    (outside / "report").write_text("keep me\n", encoding="utf-8")
    (project / "sub").symlink_to("../outside", target_is_directory=True)
    if command == "test":
        (project / "w.tests.yaml").write_text(
            "- name: t\n  expect:\n    status: success\n", encoding="utf-8"
        )
        arguments: tuple[str, ...] = ("test", "--coverage-report", "lcov:sub/report")
    else:
        arguments = (*OUTPUTS[command], "sub/report")
    run = dipcheck(*arguments, cwd=project)
    prog = "dipcheck" if command == "lint" else f"dipcheck {command}"
    assert (run.returncode, run.stderr) == (
        2,
        f"{prog}: error: cannot write sub/report: a symbolic link on its path leads to a "
        "directory outside `.`, the working directory; name the directory it leads to if the "
        "file is to go there\n",
    )
    assert sorted(os.listdir(outside)) == ["report"]
    assert (outside / "report").read_text(encoding="utf-8") == "keep me\n"


def test_output_behind_a_directory_link_inside_the_tree_is_written(tmp_path: Path) -> None:
    """The twins: a link that stays in the tree is followed, and a path the user names outside
    the working directory is written wherever its links lead."""
    (tmp_path / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    (tmp_path / "reports").mkdir()
    (tmp_path / "sub").symlink_to("reports", target_is_directory=True)
    run = dipcheck(*OUTPUTS["lint"], "sub/report", cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr
    assert (tmp_path / "reports" / "report").read_text(encoding="utf-8").strip()
    project = tmp_path / "project"
    project.mkdir()
    (project / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    run = dipcheck(*OUTPUTS["lint"], tmp_path / "sub" / "named", cwd=project)
    assert run.returncode in (0, 1), run.stderr
    assert (tmp_path / "reports" / "named").read_text(encoding="utf-8").strip()


IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


@pytest.mark.skipif(not IS_ROOT, reason="mknod needs root")
@pytest.mark.parametrize("kind", ["block", "character"])
def test_output_through_a_planted_link_to_a_device_is_not_written(
    tmp_path: Path, kind: str
) -> None:
    """`dipcheck.sarif -> /dev/sda` planted in a checkout (a device node stands in for it: one
    that leads nowhere, or to what /dev/null is): a link to something that is not a regular
    file was written through as a stream, which as root would write the report over a disk.
    A link in the working directory that leads out of it to a device (or a FIFO) is refused;
    one that names a descriptor of the process (`out -> /proc/self/fd/1`) is still written."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    mode, device = (
        (stat.S_IFBLK, os.makedev(0, 0)) if kind == "block" else (stat.S_IFCHR, os.makedev(1, 3))
    )
    os.mknod(outside / "device", mode | 0o600, device)
    (project / "w.dip").write_text(UNFORMATTED, encoding="utf-8")
    (project / "dipcheck.sarif").symlink_to("../outside/device")
    run = dipcheck(*OUTPUTS["lint"], "dipcheck.sarif", cwd=project)
    assert (run.returncode, run.stderr) == (
        2,
        f"dipcheck: error: cannot write dipcheck.sarif: it is a symbolic link to a {kind} "
        "device outside `.`, the working directory; name that itself if the report is to go "
        "there\n",
    )
    assert (project / "dipcheck.sarif").is_symlink()


def test_output_naming_a_file_that_is_not_utf8_is_written(tmp_path: Path) -> None:
    """`-o FILE` encoded the report strictly: the name n\\xff.dip (a lone surrogate to Python)
    in it ended `simulate -o` and `test --coverage-report lcov:FILE` with a UnicodeEncodeError
    traceback. The name is written as its bytes, as standard output writes it."""
    from helpers import FIXTURES

    name = os.fsdecode(b"n\xff.dip")
    source = FIXTURES / "wftest"
    (tmp_path / name).write_bytes((source / "review.dip").read_bytes())
    (tmp_path / os.fsdecode(b"n\xff.tests.yaml")).write_bytes(
        (source / "review.tests.yaml").read_bytes()
    )

    def run(*args: str) -> subprocess.CompletedProcess[bytes]:
        command = [sys.executable, "-m", "dipcheck", *args]
        return subprocess.run(command, cwd=tmp_path, capture_output=True, timeout=120)

    simulated = run("simulate", name, "-o", "run.txt")
    assert (simulated.returncode, simulated.stderr) == (0, b"")
    assert (tmp_path / "run.txt").read_bytes().startswith(b"simulate n\xff.dip (tracker 0.64")
    tested = run("test", "--coverage-report", "lcov:cover.lcov", ".")
    assert tested.returncode == 0, tested.stderr
    assert b"SF:n\xff.dip\n" in (tmp_path / "cover.lcov").read_bytes()
