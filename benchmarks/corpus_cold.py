"""Cold lint of the real-world corpus against dippin's per-file figure (issue 19 §3).

A cold run is a fresh ``python -m dipcheck lint --no-cache`` process (interpreter start-up,
imports and the report included; bytecode cached, no result cache). Two measurements:

1. The whole corpus in one cold run, the median of ``--runs`` runs, as CI runs it (the default
   ``--jobs``: two processes on this machine) and in one process (``--jobs 1``), interleaved:
   each run's CPU time (user + system, its forked processes included) and wall time, and the
   CPU time per linted workflow.
2. One process per `.dip` file, as an editor hook or a per-file script runs it: the median
   over the files of each file's CPU and wall time (one run per file, the whole set
   ``--runs`` times, the median per file).

Both are compared with dippin run once per file: 11 ms a file, the figure issue 19 quotes
(``dippin`` is a Go binary; this script does not build or run it). The issue's budget is
the corpus at most 0.5x dippin's time for the same files (measurement 1 against
``files x 11 ms``), judged on two figures: the wall time of the run as CI runs it (what its
user waits) and the CPU time of the corpus in one process (the work done; the CPU time of
a run in two processes also counts how much the machine's cores slow each other when both
are busy, which ``machine.py`` measures and this script prints). Exit status 1 when either
is over budget, 2 when the corpus is missing.

    python benchmarks/corpus_cold.py
    python benchmarks/corpus_cold.py --runs 5 --corpus ../shared/corpus --skip-per-file
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from machine import describe, describe_contention

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"
DIPPIN_MS_PER_FILE = 11.0  # issue 19 §3 (dippin, one process per file, this machine)
BUDGET_RATIO = 0.5


def lint(paths: list[str], *options: str) -> tuple[float, float, bytes]:
    """One cold ``dipcheck lint --no-cache --format json`` process: (cpu s, wall s, stdout)."""
    command = [sys.executable, "-m", "dipcheck", "lint", "--no-cache", "--format", "json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile() as out:
        begin = time.perf_counter()
        process = subprocess.run([*command, *options, *paths], stdout=out, stderr=subprocess.PIPE)
        wall = time.perf_counter() - begin
        out.seek(0)
        stdout = out.read()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode not in (0, 1):
        raise RuntimeError(f"lint exited {process.returncode}: {process.stderr[-2000:]!r}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-per-file", action="store_true", help="only measurement 1")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 2
    lint([str(args.corpus)])  # warm-up: bytecode and grammar caches, as any earlier run
    ways = {"as CI runs it": (), "in one process (--jobs 1)": ("--jobs", "1")}
    cpus: dict[str, list[float]] = {way: [] for way in ways}
    walls: dict[str, list[float]] = {way: [] for way in ways}
    files: list[str] = []
    for _ in range(args.runs):
        for way, options in ways.items():
            cpu, wall, stdout = lint([str(args.corpus)], *options)
            cpus[way].append(cpu)
            walls[way].append(wall)
            files = json.loads(stdout)["files"]
    count = len(files)
    dippin = count * DIPPIN_MS_PER_FILE / 1000
    print(describe())
    print(describe_contention())
    print(
        f"corpus: {count} workflows linted ({args.corpus}); dippin per file: {count} x "
        f"{DIPPIN_MS_PER_FILE:.0f} ms = {dippin:.2f}s"
    )
    cpu = {way: statistics.median(values) for way, values in cpus.items()}
    wall = {way: statistics.median(values) for way, values in walls.items()}
    for way in ways:
        print(
            f"1. whole corpus, one cold run {way}: cpu {cpu[way]:.2f}s ({cpu[way] / dippin:.2f}x),"
            f" wall {wall[way]:.2f}s ({wall[way] / dippin:.2f}x), "
            f"{cpu[way] / count * 1000:.1f} ms cpu per workflow"
        )
    judged = {
        "wall time as CI runs it": wall["as CI runs it"] / dippin,
        "cpu time in one process": cpu["in one process (--jobs 1)"] / dippin,
    }
    shown = ", ".join(f"{name} {ratio:.2f}x" for name, ratio in judged.items())
    print(f"budget (<= {BUDGET_RATIO}x): {shown}")
    if not args.skip_per_file:
        dips = sorted(path for path in files if path.endswith(".dip"))
        per_cpu: dict[str, list[float]] = {path: [] for path in dips}
        per_wall: dict[str, list[float]] = {path: [] for path in dips}
        for _ in range(args.runs):
            for path in dips:
                file_cpu, file_wall, _ = lint([path])
                per_cpu[path].append(file_cpu)
                per_wall[path].append(file_wall)
        file_cpu = statistics.median(statistics.median(v) for v in per_cpu.values()) * 1000
        file_wall = statistics.median(statistics.median(v) for v in per_wall.values()) * 1000
        print(
            f"2. one cold process per .dip file ({len(dips)} files): median cpu {file_cpu:.0f} "
            f"ms (wall {file_wall:.0f} ms) a file; {file_cpu / DIPPIN_MS_PER_FILE:.1f}x "
            f"dippin's {DIPPIN_MS_PER_FILE:.0f} ms"
        )
    over = [name for name, ratio in judged.items() if ratio > BUDGET_RATIO]
    if over:
        print(f"over budget: {', '.join(over)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
