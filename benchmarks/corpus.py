"""Lint time on the real-world corpus (tracker's `.dip` workflows and `.dot` pipelines).

Two measurements:

1. Whole corpus, the way a user or CI runs it: ``python -m dipcheck lint <corpus>/tracker
   --format json`` as a subprocess, so interpreter start-up and imports are included. One
   untimed warm-up run first (it fills lark's grammar cache, as any earlier run would have);
   the median of ``--runs`` timed runs is reported.
2. Per file, in process: ``lint_text`` on each file's text (parse + lint, including the reads of
   ``prompt_file``/``command_file`` directives), ``--runs`` times; the median per file, then
   the median, p95 and max over the files — once for the 61 `.dip` files and once for the 21
   `.dot` pipelines, which are held to the same per-file budget.

    python benchmarks/corpus.py
    python benchmarks/corpus.py --runs 15 --corpus ../shared/corpus

Budgets (issue 1): whole corpus under 0.5 s wall; per-file median under 3 ms (`.dip` and `.dot`
alike). Exits 1 when a budget is exceeded, 2 when the corpus is missing.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"
BUDGET_WALL_SECONDS = 0.5
BUDGET_FILE_MS = 3.0


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(math.ceil(fraction * len(ordered)), 1)
    return ordered[rank - 1]


def whole_corpus(tracker: Path, runs: int) -> list[float]:
    command = [
        sys.executable,
        "-m",
        "dipcheck",
        "lint",
        str(tracker),
        "--format",
        "json",
        "--no-cache",
    ]

    # as installed dipcheck runs: with its bytecode cached (an environment that forbids
    # writing .pyc files would add the compilation of every module to every run)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}

    def once() -> float:
        start = time.perf_counter()
        result = subprocess.run(
            command,
            cwd=PROJECT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            check=False,
            env=env,
        )
        elapsed = time.perf_counter() - start
        if result.returncode not in (0, 1):
            sys.exit(f"dipcheck failed (exit {result.returncode}): {result.stderr.decode()}")
        return elapsed

    once()  # warm-up: fills the grammar and bytecode caches like any earlier run would have
    return [once() for _ in range(runs)]


def per_file(files: list[Path], runs: int) -> dict[Path, float]:
    sys.path.insert(0, str(PROJECT))
    from dipcheck.engine import lint_text

    texts = {path: path.read_text(encoding="utf-8") for path in files}
    for path, text in texts.items():  # warm-up: imports, grammar construction
        lint_text(text, str(path))
    medians: dict[Path, float] = {}
    for path, text in texts.items():
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            lint_text(text, str(path))
            samples.append(time.perf_counter() - start)
        medians[path] = statistics.median(samples)
    return medians


def report_files(
    tracker: Path, suffix: str, files: list[Path], runs: int
) -> tuple[bool, dict[Path, float]]:
    medians = per_file(files, runs)
    values = [value * 1000 for value in medians.values()]
    median = statistics.median(values)
    ok = median < BUDGET_FILE_MS
    print(
        f"\nper .{suffix} file ({len(files)} files): lint_text (parse + lint + file directives), "
        f"median of {runs} runs each\n"
        f"  median {median:.2f} ms  p95 {percentile(values, 0.95):.2f} ms  "
        f"max {max(values):.2f} ms  budget {BUDGET_FILE_MS} ms (median)  "
        f"{'ok' if ok else 'OVER BUDGET'}"
    )
    slowest = sorted(medians.items(), key=lambda item: item[1], reverse=True)[:3]
    for path, seconds in slowest:
        lines = path.read_text(encoding="utf-8").count("\n")
        print(f"    {seconds * 1000:6.2f} ms  {path.relative_to(tracker)} ({lines} lines)")
    return ok, medians


def report_twins(timings: dict[Path, float]) -> None:
    """The same pipeline in both formats: the `.dot` file's time over its `.dip` twin's."""
    ratios = [
        seconds / timings[path.with_suffix(".dip")]
        for path, seconds in timings.items()
        if path.suffix == ".dot" and path.with_suffix(".dip") in timings
    ]
    if ratios:
        print(
            f"\n.dot / .dip twin ({len(ratios)} pipelines in both formats): median "
            f"{statistics.median(ratios):.2f}, min {min(ratios):.2f}, max {max(ratios):.2f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs (default 7, at least 5)")
    parser.add_argument(
        "--corpus", type=Path, default=DEFAULT_CORPUS, help="the corpus root (holding tracker/)"
    )
    args = parser.parse_args()
    runs = max(args.runs, 5)
    tracker = args.corpus / "tracker"
    files = sorted(tracker.rglob("*.dip")) if tracker.is_dir() else []
    if not files:
        print(f"no .dip files under {tracker}", file=sys.stderr)
        return 2
    dots = len(list(tracker.rglob("*.dot")))
    print(
        f"corpus: {tracker} ({len(files)} .dip files, {dots} .dot files), {runs} runs, "
        f"Python {sys.version.split()[0]}"
    )

    walls = whole_corpus(tracker, runs)
    wall = statistics.median(walls)
    wall_ok = wall < BUDGET_WALL_SECONDS
    print(
        "\nwhole corpus: python -m dipcheck lint <corpus>/tracker --format json (subprocess)\n"
        f"  median {wall:.3f} s  (min {min(walls):.3f}, max {max(walls):.3f})  "
        f"budget {BUDGET_WALL_SECONDS} s  {'ok' if wall_ok else 'OVER BUDGET'}"
    )

    file_ok = True
    timings: dict[Path, float] = {}
    for suffix, group in (("dip", files), ("dot", sorted(tracker.rglob("*.dot")))):
        if group:
            ok, medians = report_files(tracker, suffix, group, runs)
            file_ok = ok and file_ok
            timings.update(medians)
    report_twins(timings)
    return 0 if wall_ok and file_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
