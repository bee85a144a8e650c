"""`dipcheck lint --watch` as a process: the first report, then a report only for workflows
whose findings a change altered — including the workflow that includes a changed prompt
file — and nothing for a change that alters no finding."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("watchfiles")

WORKFLOW = (
    "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt_file: prompts/a.md\n"
    "  agent B\n    label: B\n  edges\n    A -> B\n"
)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Watcher:
    def __init__(
        self,
        directory: Path,
        isolated: bool = True,
        extra: list[str] | None = None,
        watched: str = ".",
        interruptible: bool = False,
    ) -> None:
        """``interruptible``: Ctrl-C reaches the process even when this test runs in the
        background (a shell's `&` makes its children ignore SIGINT, and Python keeps a signal
        ignored that it starts with)."""
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "dipcheck",
                "lint",
                *(["--isolated"] if isolated else []),
                *(extra or []),
                "--format",
                "concise",
                "--watch",
                watched,
            ],
            cwd=directory,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={key: value for key, value in os.environ.items() if key != "NO_COLOR"},
            preexec_fn=_default_sigint if interruptible else None,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def next_line(self, timeout: float = 20) -> str:
        return self.lines.get(timeout=timeout)

    def quiet_for(self, seconds: float) -> list[str]:
        end = time.monotonic() + seconds
        seen = []
        while time.monotonic() < end:
            try:
                seen.append(self.lines.get(timeout=0.1))
            except queue.Empty:
                continue
        return seen

    def change(self, path: Path, text: str, attempts: int = 6) -> str:
        """Write ``text`` to ``path`` and return the next line printed; write it again if
        nothing comes (the watcher may not have been watching yet)."""
        for _ in range(attempts):
            path.write_text(text, encoding="utf-8")
            try:
                return self.lines.get(timeout=4)
            except queue.Empty:
                continue
        raise AssertionError(f"no output after changing {path}")

    def stop(self) -> str:
        self.process.terminate()
        _, stderr = self.process.communicate(timeout=20)
        return stderr


def test_watch_relints_the_workflow_that_includes_a_changed_file(tmp_path: Path) -> None:
    (tmp_path / "prompts").mkdir()
    prompt = tmp_path / "prompts" / "a.md"
    prompt.write_text("Plan.\n", encoding="utf-8")
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "other.dip").write_text(WORKFLOW.replace("prompt_file: prompts/a.md", "prompt: Hi"))
    watcher = Watcher(tmp_path)
    try:
        assert watcher.next_line() == "All checks passed (2 files checked)."
        header = watcher.change(prompt, "Use ${ctx.outcome} now.\n")
        assert header.endswith("] ./w.dip: 1 finding"), header
        assert watcher.next_line().startswith("prompts/a.md:1:5: DC202 [warning]")
        (tmp_path / "notes.md").write_text("not included anywhere\n", encoding="utf-8")
        other = tmp_path / "other.dip"
        other.write_text(other.read_text().replace("label: B", "label: Bee"), encoding="utf-8")
        assert watcher.quiet_for(2.5) == []  # no finding changed
        assert watcher.change(prompt, "Plan.\n").endswith("] ./w.dip: all checks passed")
    finally:
        stderr = watcher.stop()
    assert "Watching . for changes" in stderr
    assert "Traceback" not in stderr


def test_watch_reads_the_settings_again_when_a_configuration_file_changes(
    tmp_path: Path,
) -> None:
    """The settings were read once: a `dipcheck.toml` written, changed or removed while
    watching was ignored until the watch was started again (the language server reads it
    again). A file that cannot be read is reported, and the settings in use are kept."""
    project = tmp_path / "project"
    (project / "prompts").mkdir(parents=True)
    (project / "prompts" / "a.md").write_text("Use ${ctx.outcome} now.\n", encoding="utf-8")
    (project / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    watcher = Watcher(project, isolated=False)
    settings = project / "dipcheck.toml"
    try:
        finding = watcher.next_line()
        assert finding.startswith("prompts/a.md:1:5: DC202 [warning] `${ctx.outcome}`"), finding
        assert [watcher.next_line() for _ in range(2)] == [
            "",
            "Found 1 warning in 1 file (1 file checked).",
        ]
        header = watcher.change(settings, 'ignore = ["DC202"]\n')
        assert header.endswith("] ./w.dip: all checks passed"), header
        # a broken file: reported, the settings in use kept (nothing linted again)
        settings.write_text("ignore = [\n", encoding="utf-8")
        assert watcher.quiet_for(2.5) == []
        settings.write_text('ignore = ["DC202"]\n', encoding="utf-8")
        assert watcher.quiet_for(2.5) == []  # the same settings: nothing to say
        settings.unlink()
        header = watcher.next_line()
        assert header.endswith("] ./w.dip: 1 finding"), header
        assert watcher.next_line() == finding
        # a folder above the watched one is where the search for settings looks too
        above = tmp_path / "dipcheck.toml"
        header = watcher.change(above, 'ignore = ["DC2"]\n')
        assert header.endswith("] ./w.dip: all checks passed"), header
    finally:
        stderr = watcher.stop()
    assert "Traceback" not in stderr
    notices = [line.split("] ", 1)[-1] for line in stderr.splitlines() if "settings" in line]
    assert notices == [
        f"settings changed ({settings}): linting every file again",
        f"dipcheck: error: {settings}: Invalid value (at end of document) (the settings in use "
        "are kept)",
        f"settings changed ({settings}): linting every file again",  # (removed)
        f"settings changed ({above}): linting every file again",
    ], stderr


READS = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: Use ${ctx.nobody_writes}.\n"


def test_a_new_folder_under_a_broken_configuration_file_waits(tmp_path: Path) -> None:
    """A folder that arrived with a `dipcheck.toml` that cannot be read ended the watch
    (exit 2); its files are now linted once the file is mended."""
    (tmp_path / "w.dip").write_text(WORKFLOW.replace("prompt_file: prompts/a.md", "prompt: Hi"))
    watcher = Watcher(tmp_path, isolated=False)
    try:
        assert watcher.next_line() == "All checks passed (1 file checked)."
        time.sleep(1)
        (tmp_path / "sub").mkdir()
        (tmp_path / "sub" / "dipcheck.toml").write_text("ignore = [\n", encoding="utf-8")
        (tmp_path / "sub" / "x.dip").write_text(READS, encoding="utf-8")
        assert watcher.quiet_for(3) == []
        assert watcher.process.poll() is None  # still watching
        header = watcher.change(tmp_path / "sub" / "dipcheck.toml", 'ignore = ["DC2"]\n')
        assert header.endswith("] ./sub/x.dip: 1 finding"), header
        assert watcher.next_line().startswith("./sub/x.dip:5:17: DC102 ")
    finally:
        stderr = watcher.stop()
    assert "Traceback" not in stderr
    assert f"{tmp_path / 'sub' / 'dipcheck.toml'}: Invalid value" in stderr, stderr


def test_watch_sees_the_file_config_names_whatever_its_name(tmp_path: Path) -> None:
    """`--config ../cfg/custom.toml`: only files named dipcheck.toml, .dipcheck.toml or
    pyproject.toml were watched outside the tree, so editing it changed nothing."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "w.dip").write_text(READS, encoding="utf-8")
    (tmp_path / "cfg").mkdir()
    custom = tmp_path / "cfg" / "custom.toml"
    custom.write_text('ignore = ["DC102"]\n', encoding="utf-8")
    watcher = Watcher(project, isolated=False, extra=["--config", str(custom)])
    try:
        assert watcher.next_line() == "All checks passed (1 file checked)."
        header = watcher.change(custom, "ignore = []\n")
        assert header.endswith("] ./w.dip: 1 finding"), header
    finally:
        stderr = watcher.stop()
    assert f"settings changed ({custom}): linting every file again" in stderr, stderr


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_watch_sees_an_edit_to_the_file_a_configuration_link_leads_to(tmp_path: Path) -> None:
    """`dipcheck.toml -> conf/real.toml`: an edit to `conf/real.toml` changed the settings
    and the watch did not notice (it compared the names of the changed files)."""
    (tmp_path / "w.dip").write_text(READS, encoding="utf-8")
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "real.toml").write_text('ignore = ["DC102"]\n', encoding="utf-8")
    (tmp_path / "dipcheck.toml").symlink_to(Path("conf") / "real.toml")
    watcher = Watcher(tmp_path, isolated=False)
    try:
        assert watcher.next_line() == "All checks passed (1 file checked)."
        header = watcher.change(tmp_path / "conf" / "real.toml", "ignore = []\n")
        assert header.endswith("] ./w.dip: 1 finding"), header
    finally:
        stderr = watcher.stop()
    assert "Traceback" not in stderr


def test_the_files_gone_are_found_in_time_linear_in_their_number() -> None:
    """After each change the watcher asked the list of workflow files found again whether it
    held each file linted before: 13 s for a tree of 20,000 workflows (5 minutes for 100,000)
    before anything was linted again."""
    from dipcheck.watch import removed

    candidates = [f"./flows/w{number:06d}.dip" for number in range(20_000)]
    results = dict.fromkeys([*candidates[1:], "./gone.dip"])
    started = time.monotonic()
    assert removed(results, candidates) == ["./gone.dip"]
    assert time.monotonic() - started < 1
    assert removed(results, [*candidates[1:], "./gone.dip"]) == []


def test_watch_does_not_follow_links_out_of_the_tree(tmp_path: Path) -> None:
    """watchfiles' recursive watch follows symbolic links: a link to / in the tree had it
    walk and watch the whole machine, and end in a traceback at the first directory it could
    not read (PermissionError about /proc/1/task/1/fdinfo). Each directory of the tree is
    watched on its own now, links not followed, and a new directory is watched too."""
    (tmp_path / "w.dip").write_text(WORKFLOW.replace("prompt_file: prompts/a.md", "prompt: Hi"))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "root").symlink_to("/")
    (tmp_path / "sub" / "up").symlink_to("..")
    watcher = Watcher(tmp_path)
    try:
        assert watcher.next_line() == "All checks passed (1 file checked)."
        header = watcher.change(tmp_path / "w.dip", "workflow W\n  start: A\n")
        assert header.endswith("] ./w.dip: 2 findings"), header  # the watch is on
        assert [watcher.next_line()[:17] for _ in range(2)] == [
            "./w.dip:1:1: DIP0",
            "./w.dip:2:10: DIP",
        ]
        (tmp_path / "new").mkdir()
        time.sleep(1)  # the batch that brings the directory, then its own watch
        header = watcher.change(tmp_path / "new" / "x.dip", "workflow X\n  start: A\n")
        assert header.endswith("] ./new/x.dip: 2 findings"), header
    finally:
        stderr = watcher.stop()
    assert "Watching . for changes" in stderr
    assert "Traceback" not in stderr


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (("-o", "out.txt"), "--watch prints to the terminal; it does not write --output"),
        (("--format", "json"), "--watch prints the text or concise format"),
    ],
)
def test_watch_refuses_what_it_would_ignore(
    tmp_path: Path, extra: tuple[str, ...], said: str
) -> None:
    # `--watch -o out.txt` printed to the terminal and wrote no file, without a word
    (tmp_path / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n")
    done = subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--watch", *extra, "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and said in done.stderr
    assert not (tmp_path / "out.txt").exists()


def test_a_file_made_in_a_new_folder_is_seen(tmp_path: Path) -> None:
    """A folder made with a file in it at once (`git checkout`, `mkdir -p x && cp`): the
    watcher set up for the new folder never heard of the file made before it, and the
    DC003 its absence gave stayed on screen."""
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "a.md").write_text("Plan.\n", encoding="utf-8")
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    watcher = Watcher(tmp_path)
    try:
        assert watcher.next_line() == "All checks passed (1 file checked)."
        time.sleep(0.5)
        (tmp_path / "prompts" / "a.md").unlink()
        (tmp_path / "prompts").rmdir()
        assert watcher.next_line().endswith("] ./w.dip: 1 finding")
        assert " DC003 " in watcher.next_line()
        (tmp_path / "prompts").mkdir()
        (tmp_path / "prompts" / "a.md").write_text("Plan again.\n", encoding="utf-8")
        assert watcher.next_line(timeout=15).endswith("] ./w.dip: all checks passed")
    finally:
        stderr = watcher.stop()
    assert "Traceback" not in stderr


def test_a_change_seen_through_a_link_reaches_the_workflow_that_read_it(tmp_path: Path) -> None:
    """The watcher names a change by the path it watches, a lint records a file by the path
    it read: a prompt folder linked inside the tree (`prompts -> shared/prompts`), edited
    under its real name, did not lint again the workflow that read it through the link."""
    (tmp_path / "shared" / "prompts").mkdir(parents=True)
    prompt = tmp_path / "shared" / "prompts" / "a.md"
    prompt.write_text("Plan.\n", encoding="utf-8")
    (tmp_path / "prompts").symlink_to(tmp_path / "shared" / "prompts")
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    watcher = Watcher(tmp_path)
    try:
        assert watcher.next_line() == "All checks passed (1 file checked)."
        header = watcher.change(prompt, "Use ${ctx.outcome} now.\n")
        assert header.endswith("] ./w.dip: 1 finding"), header
        assert " DC202 " in watcher.next_line()
        assert watcher.change(prompt, "Plan.\n").endswith("] ./w.dip: all checks passed")
    finally:
        stderr = watcher.stop()
    assert "Traceback" not in stderr


def test_ctrl_c_while_waiting_exits_130_as_during_a_lint(tmp_path: Path) -> None:
    """Ctrl-C while the watch waited exited 0 with watchfiles' own log line ("KeyboardInterrupt
    caught, stopping watch"); during a lint it exited 130."""
    (tmp_path / "w.dip").write_text(WORKFLOW.replace("prompt_file: prompts/a.md", "prompt: Hi"))
    watcher = Watcher(tmp_path, interruptible=True)
    assert watcher.next_line() == "All checks passed (1 file checked)."
    time.sleep(1)
    watcher.process.send_signal(signal.SIGINT)
    _, stderr = watcher.process.communicate(timeout=20)
    assert watcher.process.returncode == 130
    assert "KeyboardInterrupt" not in stderr and "Traceback" not in stderr


def _parent_made_later(tmp_path: Path, folder: str, watched: str) -> None:
    """Watch ``watched`` with a child in ``folder`` that reads a key nobody writes (DC102, an
    info), then make beside the tree's top a parent that writes it: the child is linted again
    and is clean."""
    (tmp_path / folder).mkdir()
    (tmp_path / folder / "child.dip").write_text(
        "workflow Child\n  start: A\n  exit: A\n  agent A\n    prompt: Use ${ctx.notes}\n"
    )
    shown = f"{watched}/{folder}" if watched == "." else folder
    watcher = Watcher(tmp_path, extra=["--extend-select", "DC102"], watched=watched)
    try:
        assert watcher.next_line().startswith(f"{shown}/child.dip:")
        assert watcher.next_line() == ""
        assert watcher.next_line().startswith("Found 1 info")
        parent = (
            "workflow Parent\n  start: S\n  exit: E\n  agent S\n    prompt: s\n"
            f"    writes: notes\n  subgraph C\n    ref: {folder}/child.dip\n  agent E\n"
            "    prompt: e\n  edges\n    S -> C\n    C -> E\n"
        )
        lines = [watcher.change(tmp_path / "parent.dip", parent)]
        lines += watcher.quiet_for(2)
        assert any(line.endswith(f"] {shown}/child.dip: all checks passed") for line in lines)
    finally:
        stderr = watcher.stop()
    assert "Traceback" not in stderr


def test_a_parent_made_while_watching_lints_its_child_again(tmp_path: Path) -> None:
    """The child's DC102 (no workflow runs it) stayed on screen after a parent that writes
    the key was made beside it: nothing tied the child to the folder searched for parents."""
    _parent_made_later(tmp_path, "subgraphs", ".")


def test_a_parent_made_above_the_watched_folder_lints_its_child_again(tmp_path: Path) -> None:
    """`--watch sub`: the lint looked for the child's parents in the folder above, but the
    watch heard only of configuration files there."""
    _parent_made_later(tmp_path, "sub", "sub")
