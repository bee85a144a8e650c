"""Instructions per language-server re-lint, counted by valgrind: a figure the machine's load
does not move.

Wall and CPU time of a 20 ms lint vary by a third on a shared 2-core machine (another
process's cache misses are ours too); the number of instructions the interpreter executes
does not. This script runs, under ``valgrind --tool=callgrind``, a Python process that lints
``--file`` (tracker's ``build_product.dip`` by default) twice, then lints ``--edits`` edited
versions of it as the language server does after a keystroke: one character typed at the end
of a random line (a fixed seed, so every tree gets the same edits), with the shell checks
off as they are while the user types (``shelltools.SPAWN``), ``engine.lint_text`` in process.
A second run without the edits gives the start-up and warm-up count, which is subtracted:
what is printed is the count per edited lint.

    python benchmarks/lint_instructions.py                       # this checkout
    python benchmarks/lint_instructions.py --against /tmp/old    # and another source tree
    python benchmarks/lint_instructions.py --edits 40 --file some.dip

``--against`` takes a directory holding a ``dipcheck`` package (a ``git worktree`` of an
older commit): both are run with the same interpreter, each through ``PYTHONPATH``. valgrind
makes the interpreter about 50 times slower: a tree takes about half a minute.
Exit status 2 when valgrind or the file is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import callgrind

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_FILE = PROJECT.parent / "shared" / "corpus" / "tracker" / "examples" / "build_product.dip"

_PROGRAM = """
import random, sys
from dipcheck.engine import lint_text
from dipcheck.shelltools import SPAWN
SPAWN.set(False)
path, edits = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read()
lines = text.split("\\n")
chosen = random.Random(7)
for _ in range(2):
    lint_text(text, path)
versions = []
for _ in range(edits):
    edited = list(lines)
    edited[chosen.randrange(len(lines))] += "x"
    versions.append("\\n".join(edited))
for version in versions:
    lint_text(version, path)
"""


def _instructions(tree: Path, path: Path, edits: int) -> int:
    """Instructions of one run of the program under callgrind, with ``tree`` first on the
    import path."""
    return callgrind.run(tree, "-c", _PROGRAM, str(path), str(edits))


def per_lint(tree: Path, path: Path, edits: int) -> float:
    """Instructions per edited lint in ``tree``: the run with edits less the run without."""
    return (_instructions(tree, path, edits) - _instructions(tree, path, 0)) / edits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--against", type=Path, action="append", default=[])
    args = parser.parse_args()
    if callgrind.missing():
        return 2
    if not args.file.is_file():
        print(f"{args.file}: not found", file=sys.stderr)
        return 2
    print(f"{args.file.name}: {args.edits} edited re-lints, shell checks off")
    for tree in [*args.against, PROJECT]:
        count = per_lint(tree.resolve(), args.file, args.edits)
        print(f"{count / 1e6:8.1f} M instructions per lint   {tree}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
