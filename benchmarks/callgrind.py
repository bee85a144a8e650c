"""Python under ``valgrind --tool=callgrind``, as the instruction-counting benchmarks run it
(``lint_instructions.py``, ``lsp_instructions.py``, ``process_instructions.py``).

A count is only comparable between runs that execute the same work, so every run uses the
interpreter binary itself (pyenv's ``python3`` is a shell script, which callgrind would count
instead), ``-P`` (the working directory is not put before ``PYTHONPATH``: run from a checkout,
that checkout's dipcheck would be found first and ``--against`` would measure it twice), one
tree first on ``PYTHONPATH`` and a fixed hash seed (the order of sets, and so the work, is the
same in every run).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

_COLLECTED = re.compile(r"Collected : (\d+)")


def missing() -> bool:
    """Whether valgrind is missing (then said on standard error)."""
    if shutil.which("valgrind") is not None:
        return False
    print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
    return True


def command(out: str, *arguments: str) -> list[str]:
    """The interpreter run with ``arguments`` under callgrind, its profile written to ``out``."""
    interpreter = os.path.realpath(sys.executable)
    profile = f"--callgrind-out-file={out}"
    return ["valgrind", "--tool=callgrind", profile, interpreter, "-P", *arguments]


def environment(tree: Path) -> dict[str, str]:
    """This process's environment with ``tree``'s dipcheck (and its server) first on the path."""
    return dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'lsp'}", PYTHONHASHSEED="0")


def run(tree: Path, *arguments: str, exits: tuple[int, ...] = (0,), cwd: str | None = None) -> int:
    """Instructions of one run of the interpreter with ``arguments`` and ``tree``'s dipcheck
    (callgrind's total over the process, as it reports it on standard error)."""
    completed = subprocess.run(
        command("/dev/null", *arguments),
        capture_output=True,
        text=True,
        env=environment(tree),
        check=False,
        cwd=cwd,
    )
    found = _COLLECTED.search(completed.stderr)
    if completed.returncode not in exits or found is None:
        raise RuntimeError(f"callgrind run failed in {tree}:\n{completed.stderr[-2000:]}")
    return int(found.group(1))
