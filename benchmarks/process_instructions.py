"""Instructions of whole lint processes, counted by valgrind: the synthetic shapes and the
corpus, a figure the machine's speed does not move.

A lint's time on this 2-core machine moves by up to a factor of two within the hour; the
number of instructions the interpreter executes does not (to about 0.1 %, once the shell
checks' verdict caches are warm: a first run also asks ``bash -n`` and shellcheck). This
script runs ``python -P -m dipcheck lint --no-cache --jobs 1 --format json FILE`` under
``valgrind --tool=callgrind`` with a fixed hash seed, start-up and report included, for each
shape of ``synthetic.py`` at ``--nodes`` (written to a temporary folder, each alone in its
own) and for the corpus, in this checkout and in each ``--against`` tree (a directory holding
a ``dipcheck`` package, such as a ``git archive`` of an older commit with its ``grammars``
moved under ``dipcheck/``). Each tree is put first on ``PYTHONPATH``; run the script from
outside the project's directory or with ``-P`` (it does that for the children).

    python benchmarks/process_instructions.py                        # nine shapes + corpus
    python benchmarks/process_instructions.py --against /tmp/old --shapes chain skips
    python benchmarks/process_instructions.py --nodes 1500 --no-corpus

valgrind makes the interpreter about 50 times slower: a 1,500-node shape takes about half a
minute, the corpus about a minute. Exit status 2 when valgrind is missing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import callgrind
from synthetic import SHAPES  # (the generators beside this script)

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"


def instructions(tree: Path, target: Path) -> int:
    """Instructions of one cold lint of ``target`` with ``tree``'s dipcheck, under callgrind."""
    arguments = ("-m", "dipcheck", "lint", "--no-cache", "--jobs", "1", "--format", "json")
    return callgrind.run(tree, *arguments, str(target), exits=(0, 1), cwd=tempfile.gettempdir())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=1500, help="size of each shape")
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--no-corpus", action="store_true")
    parser.add_argument("--against", type=Path, action="append", default=[])
    args = parser.parse_args()
    if callgrind.missing():
        return 2
    trees = [tree.resolve() for tree in (*args.against, PROJECT)]
    with tempfile.TemporaryDirectory() as folder:
        targets: list[tuple[str, Path]] = []
        for shape in args.shapes:
            path = Path(folder, shape, f"{shape}.dip")
            path.parent.mkdir()
            path.write_text(SHAPES[shape](args.nodes), encoding="utf-8")
            targets.append((f"{shape} {args.nodes}", path))
        if not args.no_corpus and args.corpus.is_dir():
            targets.append(("corpus", args.corpus.resolve()))
        print("whole `lint --no-cache --jobs 1 --format json` process, million instructions")
        print(f"{'':14}" + "".join(f"{tree.name[-14:]:>16}" for tree in trees))
        for label, target in targets:
            counts = [instructions(tree, target) / 1e6 for tree in trees]
            print(f"{label:14}" + "".join(f"{count:16.1f}" for count in counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
