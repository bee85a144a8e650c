"""What the rules added since a revision cost on the corpus: lint CPU now against ``--base``.

The base revision is exported with ``git archive`` into a temporary directory; each side runs in
its own interpreter (``PYTHONPATH`` first), the rounds interleaved so that machine load falls on
both alike. Two figures, each the median of ``--rounds``:

* in process: ``lint_file`` over every corpus workflow (the lint work itself; warm-up first);
* as a process: ``dipcheck lint --no-cache --format json <corpus>``, CPU of the process and its
  workers (imports included).

    python benchmarks/rule_sweep.py --base 0f7095b
    python benchmarks/rule_sweep.py --base v0.1.0 --rounds 5 --corpus ../shared/corpus

Budget (issue 17): at most +25%. Exits 1 over budget, 2 when the corpus is missing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 1.25
IN_PROCESS = r"""
import sys, time
from pathlib import Path
from dipcheck.config import Config
from dipcheck.engine import lint_file
root = Path(sys.argv[1])
files = sorted(str(p) for p in root.rglob("*") if p.suffix in (".dip", ".dot", ".yaml", ".yml"))
config = Config()
for name in files:
    lint_file(name, config)
times = []
for _ in range(3):
    start = time.process_time()
    for name in files:
        lint_file(name, config)
    times.append(time.process_time() - start)
print(sorted(times)[1])
"""


def _env(tree: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'lsp'}")


def in_process(tree: Path, corpus: Path) -> float:
    done = subprocess.run(
        [sys.executable, "-c", IN_PROCESS, str(corpus)],
        env=_env(tree),
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1])


def as_process(tree: Path, corpus: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--no-cache", "--format", "json", str(corpus)],
        env=_env(tree),
        cwd=tempfile.gettempdir(),
        capture_output=True,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def export(revision: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision],
        capture_output=True,
        check=True,
    ).stdout
    tar = into / "base.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as opened:
        opened.extractall(into / "base", filter="data")
    return into / "base"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="git revision to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        base = export(args.base, Path(scratch))
        figures: dict[str, tuple[list[float], list[float]]] = {
            "in process (lint_file over the corpus)": ([], []),
            "as a process (dipcheck lint --no-cache)": ([], []),
        }
        measures = (in_process, as_process)
        for _ in range(args.rounds):
            for (before, now), measure in zip(figures.values(), measures, strict=True):
                before.append(measure(base, args.corpus))
                now.append(measure(ROOT, args.corpus))
    over = False
    for label, (before, now) in figures.items():
        old, new = statistics.median(before), statistics.median(now)
        ratio = new / old
        over |= ratio > BUDGET
        print(
            f"{label}: {args.base} {old:.3f} s CPU, now {new:.3f} s CPU, "
            f"{(ratio - 1) * 100:+.0f}% (median of {args.rounds}; budget +25%)"
        )
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
