"""Instructions per edit of the whole language server, counted by valgrind: what
``lsp_latency.py`` times, in a figure the machine's load does not move.

``lsp_latency.py`` measures the time from a ``didChange`` to its ``publishDiagnostics``; on
this shared 2-core machine the same tree's p95 moves between 14 and 23 ms within minutes.
This script drives the same session (the same file, the same seeded edits: a character typed
at the end of a random line, then deleted) against a server started under
``valgrind --tool=callgrind``, once with ``--changes`` edits more than the other, and prints
the difference per edit: everything the server process executes for an edit, in every
thread — reading the message, applying the change, the lint, the conversion of the
diagnostics and their publication. ``lint_instructions.py`` counts the lint alone.

    python benchmarks/lsp_instructions.py                       # this checkout
    python benchmarks/lsp_instructions.py --against /tmp/old    # and another source tree

``--against`` takes a directory holding the ``dipcheck`` package and ``lsp/`` (a ``git
worktree`` of an older commit, or a ``git archive`` with ``grammars/`` moved into
``dipcheck/``); each tree is run through ``PYTHONPATH`` with a fixed hash seed. valgrind makes
the server about 30 times slower: a tree takes about a minute at the default 60 edits.
Exit status 2 when valgrind or the file is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
from pathlib import Path

import callgrind
from lsp_latency import DEFAULT_FILE, measure

PROJECT = Path(__file__).resolve().parents[1]
_BASE_CHANGES = 10  # the shorter session: start-up, the first lints, these edits
_TOTALS = re.compile(r"^totals: (\d+)", re.MULTILINE)


def _instructions(tree: Path, path: Path, changes: int, seed: int) -> int:
    """Instructions of one server process (every thread) over a session of ``changes``
    edits, with ``tree`` first on the import path."""
    with tempfile.TemporaryDirectory(prefix="lsp-instructions-") as scratch:
        out = Path(scratch) / "callgrind.out"
        command = callgrind.command(str(out), "-m", "dipcheck", "lsp")
        environment = callgrind.environment(tree)
        asyncio.run(measure(path, changes, seed, command, environment))
        found = _TOTALS.search(out.read_text(encoding="utf-8")) if out.is_file() else None
    if found is None:
        raise RuntimeError(f"callgrind wrote no totals for the server of {tree}")
    return int(found.group(1))


def per_edit(tree: Path, path: Path, changes: int, seed: int) -> float:
    """Instructions per edit in ``tree``: the longer session less the shorter."""
    longer = _instructions(tree, path, _BASE_CHANGES + changes, seed)
    return (longer - _instructions(tree, path, _BASE_CHANGES, seed)) / changes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="the workflow to edit")
    parser.add_argument("--changes", type=int, default=60, help="edits counted (default 60)")
    parser.add_argument("--seed", type=int, default=5, help="random seed for edit positions")
    parser.add_argument("--against", type=Path, action="append", default=[])
    args = parser.parse_args()
    if callgrind.missing():
        return 2
    if not args.file.is_file():
        print(f"{args.file}: not found", file=sys.stderr)
        return 2
    print(f"{args.file.name}: {args.changes} edits, didChange → publishDiagnostics, every thread")
    for tree in [*args.against, PROJECT]:
        count = per_edit(tree.resolve(), args.file, args.changes, args.seed)
        print(f"{count / 1e6:8.1f} M instructions per edit   {tree}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
