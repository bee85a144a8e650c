"""Speed of ``dipcheck graph``, ``dipcheck diff`` and ``dipcheck convert`` on the largest
example (``build_product.dip``, 3,359 lines, 40 nodes, 83 edges).

1. ``python -m dipcheck graph build_product.dip --format F`` for mermaid, dot, svg and png
   (svg/png only when Graphviz is installed), as a subprocess, ``--runs`` times after one
   untimed warm-up: median, min and max of the wall time and of the CPU time (the process and
   its children, so Graphviz is counted). The command lints the file first (its findings are
   drawn), so this is lint + picture.
2. In process: the picture alone (``dipcheck.picture.workflow.draw`` and both emitters) on the
   linted file, median of ``--runs``.
3. ``python -m dipcheck diff`` of the file and a copy with one condition changed (both
   versions linted and explored within the default budget of 3,000 states), as a subprocess.
4. In process: ``dipcheck.convert.convert`` of every corpus file that has a twin in the other
   format, to that format, with its parity check (a second lint): median per file and the
   slowest.

    python benchmarks/graph_diff.py
    python benchmarks/graph_diff.py --runs 9 --corpus ../shared/corpus

Budget (issue 21): ``graph`` under 1 s (median wall time of the mermaid and dot runs). Exits 1
when it is exceeded, 2 when the corpus is missing.
"""

from __future__ import annotations

import argparse
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
BUDGET_GRAPH_SECONDS = 1.0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(
    command: list[str], runs: int, ok: tuple[int, ...] = (0,)
) -> tuple[list[float], list[float]]:
    def once() -> tuple[float, float]:
        cpu = _children_cpu()
        start = time.perf_counter()
        result = subprocess.run(
            command, cwd=PROJECT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
        )
        elapsed = time.perf_counter() - start
        if result.returncode not in ok:
            sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.decode()}")
        return elapsed, _children_cpu() - cpu

    once()  # warm-up: the grammar tables, the shell-check cache, the file system cache
    pairs = [once() for _ in range(runs)]
    return [wall for wall, _ in pairs], [cpu for _, cpu in pairs]


def spread(values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    return (
        f"median {statistics.median(values) * scale:.3f} {unit} "
        f"(min {min(values) * scale:.3f}, max {max(values) * scale:.3f})"
    )


def in_process(path: Path, runs: int) -> list[float]:
    sys.path.insert(0, str(PROJECT))
    from dipcheck.engine import lint_file
    from dipcheck.picture.drawing import to_dot, to_mermaid
    from dipcheck.picture.workflow import draw

    result = lint_file(str(path))
    assert result.workflow is not None
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        drawing = draw(result.workflow, result.diagnostics)
        to_mermaid(drawing)
        to_dot(drawing)
        times.append(time.perf_counter() - start)
    return times


def conversions(corpus: Path) -> dict[str, float]:
    from dipcheck.config import Config
    from dipcheck.convert import convert
    from dipcheck.engine import lint_file

    config = Config()
    found: dict[str, float] = {}
    for dot in sorted((corpus / "tracker").rglob("*.dot")):
        if not dot.with_suffix(".dip").is_file():
            continue
        for path, target in ((dot, "dip"), (dot.with_suffix(".dip"), "dot")):
            result = lint_file(str(path), config)
            start = time.perf_counter()
            convert(result, target, config)
            found[str(path.relative_to(corpus))] = time.perf_counter() - start
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    example = args.corpus / "tracker" / "examples" / "build_product.dip"
    if not example.is_file():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    python = [sys.executable, "-m", "dipcheck"]
    over = False
    print(f"dipcheck graph {example.name} ({args.runs} runs, subprocess, lint + picture)")
    formats = ["mermaid", "dot"] + (["svg", "png"] if shutil.which("dot") else [])
    with tempfile.TemporaryDirectory() as scratch:
        for fmt in formats:
            output = os.path.join(scratch, f"out.{fmt}")
            wall, cpu = timed(
                [*python, "graph", str(example), "--format", fmt, "-o", output], args.runs
            )
            print(f"  {fmt:8} wall {spread(wall)}; cpu {spread(cpu)}")
            if fmt in ("mermaid", "dot") and statistics.median(wall) > BUDGET_GRAPH_SECONDS:
                over = True
        picture = in_process(example, args.runs)
        print(f"  the picture alone, in process: {spread(picture, 'ms', 1000)}")
        edited = Path(scratch) / "build_product.dip"
        text = example.read_text(encoding="utf-8")
        edited.write_text(
            text.replace(
                "ReadSpec -> Decompose  when ctx.outcome = success",
                "ReadSpec -> Decompose  when ctx.outcome = succes",
            ),
            encoding="utf-8",
        )
        wall, cpu = timed([*python, "diff", str(example), str(edited)], args.runs, ok=(1,))
        print(f"dipcheck diff (one condition changed): wall {spread(wall)}; cpu {spread(cpu)}")
    found = conversions(args.corpus)
    slowest = max(found, key=found.__getitem__)
    print(
        f"dipcheck convert + parity check, {len(found)} twin files in process: median "
        f"{statistics.median(found.values()) * 1000:.0f} ms, slowest {slowest} "
        f"{found[slowest] * 1000:.0f} ms"
    )
    verdict = "over" if over else "within"
    print(f"budget: graph < {BUDGET_GRAPH_SECONDS} s (mermaid and dot): {verdict}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
