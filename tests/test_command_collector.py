"""A command's process does not collect cycles over what a lint left alive just before it
reports and exits (``dipcheck.cycles.for_a_command``): a process test counts the collector's
passes through ``gc.callbacks`` in ``dipcheck lint`` as the console script runs it, and in
the same lint run through ``cli.main`` with the interpreter's own threshold (the twin)."""

from __future__ import annotations

import subprocess
import sys

from helpers import PROJECT

# A 600-node chain: its lint leaves about 40,000 container objects alive, far past the
# interpreter's threshold of 700 and far below a command's.
WORKFLOW = "\n".join(
    [
        "workflow Long",
        "  start: n0",
        "  exit: n599",
        *(f'  agent n{i}\n    prompt: "step {i}"' for i in range(600)),
        "  edges",
        *(f"    n{i} -> n{i + 1}" for i in range(599)),
        "",
    ]
)

COUNT_PASSES = """
import gc, os, sys
sys.argv = ["dipcheck", "lint", "--no-cache", "--quiet", sys.argv[1]]
def count(phase, info):
    if phase == "start":
        os.write(2, b"collection\\n")
"""


def lint_with(tmp_path, runner: str) -> subprocess.CompletedProcess[str]:
    """The 600-node lint in a process that runs ``runner`` after :data:`COUNT_PASSES`."""
    (tmp_path / "long.dip").write_text(WORKFLOW, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-c", COUNT_PASSES + runner, str(tmp_path / "long.dip")],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        timeout=120,
    )


def passes(tmp_path, runner: str) -> tuple[int, int]:
    process = lint_with(tmp_path, runner)
    return process.returncode, process.stderr.count("collection\n")


def test_the_command_does_not_collect_what_the_lint_leaves(tmp_path) -> None:
    runner = "from dipcheck.launch import entry\ngc.callbacks.append(count)\nentry()"
    code, collections = passes(tmp_path, runner)
    assert (code, collections) == (0, 0)


def test_with_the_interpreters_threshold_the_same_lint_collects(tmp_path) -> None:
    runner = "from dipcheck.cli import main\ngc.callbacks.append(count)\nsys.exit(main())"
    code, collections = passes(tmp_path, runner)
    assert code == 0
    assert collections >= 1


KEEPS = """
import gc, weakref
from dipcheck import cycles
class Thing:
    pass
{setup}
thing = Thing()
alive = weakref.ref(thing)
cycles.until_exit(thing)
del thing
gc.collect()
print(alive() is not None)
"""


def kept(setup: str) -> str:
    process = subprocess.run(
        [sys.executable, "-c", KEEPS.format(setup=setup)],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        timeout=60,
    )
    assert process.returncode == 0, process.stderr
    return process.stdout.strip()


def test_a_commands_process_keeps_what_it_hands_over_until_it_exits() -> None:
    assert kept("cycles.for_a_command()") == "True"


def test_elsewhere_what_is_handed_over_is_freed() -> None:
    assert kept("") == "False"


def test_the_lint_command_hands_over_its_results(tmp_path) -> None:
    runner = (
        "from dipcheck import cycles\n"
        "from dipcheck.launch import entry\n"
        "keep = cycles.until_exit\n"
        "def noted(value):\n"
        "    os.write(2, f'kept {type(value).__name__} of {len(value)}\\n'.encode())\n"
        "    keep(value)\n"
        "cycles.until_exit = noted\n"
        "entry()"
    )
    process = lint_with(tmp_path, runner)
    assert process.returncode == 0
    assert "kept list of 1\n" in process.stderr
