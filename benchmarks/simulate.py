"""Simulator speed: ``--all-paths`` on the largest example, one default run per example, and
what the DC4xx exploration adds to a lint of the corpus.

1. ``python -m dipcheck simulate <largest example> --all-paths`` (default cap of 1,000 paths,
   text output to a pipe) as a subprocess, ``--runs`` times after one untimed warm-up: median,
   min and max wall time. The largest example is the `.dip` under ``<corpus>/tracker/examples``
   with the most lines (``build_product.dip``, 3,359 lines).
2. In process: the default-scenario run of every example (``--runs`` times each): the median
   per file, then the median and max over the files.
3. ``python -m dipcheck lint <corpus>/tracker --no-cache`` with and without
   ``--extend-select DC4`` (medians of ``--runs`` runs; the result cache off, so that both
   measure linting): the DC4xx rules are on by default only if they add less than 10%.

    python benchmarks/simulate.py
    python benchmarks/simulate.py --runs 9 --corpus ../shared/corpus

Budget (issue 10): ``--all-paths`` on the largest example under 5 s (median). Exits 1 when it is
exceeded, 2 when the corpus is missing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"
BUDGET_ALL_PATHS_SECONDS = 5.0
DEFAULT_ON_RATIO = 0.10


def timed(command: list[str], runs: int, ok: tuple[int, ...] = (0, 1)) -> list[float]:
    def once() -> float:
        start = time.perf_counter()
        result = subprocess.run(
            command, cwd=PROJECT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
        )
        elapsed = time.perf_counter() - start
        if result.returncode not in ok:
            sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.decode()}")
        return elapsed

    once()  # warm-up: the grammar cache, the file system cache
    return [once() for _ in range(runs)]


def default_runs(files: list[Path], runs: int) -> dict[Path, float]:
    sys.path.insert(0, str(PROJECT))
    from dipcheck.engine import lint_file
    from dipcheck.simulate.children import load_child
    from dipcheck.simulate.graph import RunGraph
    from dipcheck.simulate.runner import Machine, simulate

    workflows = {path: lint_file(str(path)).workflow for path in files}
    medians: dict[Path, float] = {}
    for path, workflow in workflows.items():
        if workflow is None:
            continue
        samples = []
        for _ in range(runs + 1):
            start = time.perf_counter()
            simulate(Machine(RunGraph(workflow), children=load_child))
            samples.append(time.perf_counter() - start)
        medians[path] = statistics.median(samples[1:])
    return medians


def show(label: str, samples: list[float]) -> None:
    print(
        f"{label}: median {statistics.median(samples):.2f} s "
        f"(min {min(samples):.2f}, max {max(samples):.2f}, {len(samples)} runs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    tracker = args.corpus / "tracker"
    examples = sorted((tracker / "examples").rglob("*.dip"))
    if not examples:
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    largest = max(examples, key=lambda path: len(path.read_text(encoding="utf-8").splitlines()))
    python = [sys.executable, "-m", "dipcheck"]

    all_paths = timed([*python, "simulate", str(largest), "--all-paths"], args.runs, ok=(0,))
    show(f"simulate --all-paths {largest.name}", all_paths)

    medians = default_runs(examples, args.runs)
    ordered = sorted(medians.values())
    slowest = max(medians, key=medians.__getitem__)
    print(
        f"default run per example ({len(medians)} files): median "
        f"{statistics.median(ordered) * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms "
        f"({slowest.name})"
    )

    lint = [*python, "lint", str(tracker), "--format", "json", "--no-cache"]
    plain = timed(lint, args.runs)
    with_dc4 = timed([*lint, "--extend-select", "DC4"], args.runs)
    show("lint corpus", plain)
    show("lint corpus --extend-select DC4", with_dc4)
    ratio = statistics.median(with_dc4) / statistics.median(plain) - 1
    verdict = "on by default" if ratio < DEFAULT_ON_RATIO else "off by default"
    print(f"DC4xx exploration adds {ratio:.0%} to the lint: {verdict} (threshold 10%)")

    if statistics.median(all_paths) > BUDGET_ALL_PATHS_SECONDS:
        print(f"over budget: --all-paths median > {BUDGET_ALL_PATHS_SECONDS} s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
