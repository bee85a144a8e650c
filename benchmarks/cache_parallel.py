"""Result cache and worker processes on the real-world corpus.

    python benchmarks/cache_parallel.py                  # ../shared/corpus, 5 runs each
    python benchmarks/cache_parallel.py --runs 9 --corpus /path/to/corpus

Each figure is the median wall time of ``--runs`` subprocess runs of
``python -m dipcheck lint <corpus> --format json`` (interpreter start-up, imports and the
report included; lark's grammar cache is warm):

1. cold: an empty cache directory each run (every file linted, every entry written);
2. warm: the cache filled by an earlier run (nothing linted);
3. serial vs parallel: ``--no-cache -j 1`` against ``--no-cache`` (one worker per core).

Then, in process, where the time of a cold serial run goes: imports, linting per file
(front-end and rules), the cache writes, and the report. The goal (issue 13): warm at most 25%
of cold. Exit status 0 when met, 1 when not, 2 when the corpus is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"
GOAL = 0.25


CPU: dict[str, list[float]] = {}  # label → CPU seconds (user + system, all processes) per run


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], before: object = None, label: str = "") -> float:
    """Wall seconds of one run; its CPU seconds go to CPU[label]."""
    if callable(before):
        before()
    cpu = _children_cpu()
    start = time.perf_counter()
    result = subprocess.run(
        command, cwd=PROJECT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    elapsed = time.perf_counter() - start
    CPU.setdefault(label, []).append(_children_cpu() - cpu)
    if result.returncode not in (0, 1):
        sys.exit(f"dipcheck failed (exit {result.returncode}): {result.stderr.decode()}")
    return elapsed


def median(samples: list[float], label: str) -> str:
    middle = statistics.median(samples)
    cpu = statistics.median(CPU[label])
    return (
        f"median {middle:.3f} s (min {min(samples):.3f}, max {max(samples):.3f}); CPU {cpu:.3f} s"
    )


def breakdown(corpus: Path, cache_dir: str) -> None:
    """Where a cold serial run spends its time, measured in this process."""
    start = time.perf_counter()
    sys.path.insert(0, str(PROJECT))
    from dipcheck.cache import ResultCache
    from dipcheck.config import Config
    from dipcheck.engine import expand_paths, lint_one
    from dipcheck.report import json as json_report
    from dipcheck.rules import registry

    registry.all_rules()
    imported = time.perf_counter()
    config = Config()
    files = expand_paths([str(corpus)], config)
    cache = ResultCache(cache_dir, config)
    results, lint_time, store_time = [], 0.0, 0.0
    for path in files:
        begin = time.perf_counter()
        result = lint_one(path, config)
        middle = time.perf_counter()
        cache.store(result)
        lint_time += middle - begin
        store_time += time.perf_counter() - middle
        results.append(result)
    begin = time.perf_counter()
    json_report.render(results)
    report = time.perf_counter() - begin
    print(
        f"\nwhere a cold serial run goes (in process, {len(files)} files):\n"
        f"  imports (rules, front-ends) {imported - start:.3f} s\n"
        f"  linting                     {lint_time:.3f} s "
        f"({1000 * lint_time / len(files):.1f} ms/file)\n"
        f"  cache writes                {store_time:.3f} s\n"
        f"  JSON report                 {report:.3f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="the corpus root")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    base = [
        sys.executable,
        "-m",
        "dipcheck",
        "lint",
        str(args.corpus),
        "--format",
        "json",
        "--isolated",
    ]
    scratch = tempfile.mkdtemp(prefix="dipcheck-bench-")
    cache_dir = os.path.join(scratch, "cache")
    cold_command = [*base, "--cache-dir", cache_dir, "-j", "1"]

    def empty() -> None:
        shutil.rmtree(cache_dir, ignore_errors=True)

    try:
        timed([*base, "--no-cache"])  # fills lark's grammar cache, warms the page cache
        listing = subprocess.run(
            [*base, "--no-cache"], capture_output=True, text=True, cwd=PROJECT, check=False
        )
        count = json.loads(listing.stdout)["summary"]["files"]
        print(
            f"corpus: {args.corpus} ({count} files), {args.runs} runs each, {os.cpu_count()} cores"
        )
        cold = [timed(cold_command, empty, "cold") for _ in range(args.runs)]
        timed(cold_command)
        warm = [timed(cold_command, None, "warm") for _ in range(args.runs)]
        serial = [timed([*base, "--no-cache", "-j", "1"], None, "serial") for _ in range(args.runs)]
        parallel = [timed([*base, "--no-cache"], None, "parallel") for _ in range(args.runs)]
        ratio = statistics.median(warm) / statistics.median(cold)
        print(f"load average (1 min) after the runs: {os.getloadavg()[0]:.2f}")
        print(f"\ncold (empty cache, -j 1)   {median(cold, 'cold')}")
        print(f"warm (filled cache)        {median(warm, 'warm')}")
        print(f"  warm / cold = {ratio:.0%} (goal at most {GOAL:.0%})")
        print(f"\nserial (--no-cache -j 1)   {median(serial, 'serial')}")
        print(f"parallel (--no-cache)      {median(parallel, 'parallel')}")
        print(f"  speed-up = {statistics.median(serial) / statistics.median(parallel):.2f}x")
        breakdown(args.corpus, os.path.join(scratch, "breakdown"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
