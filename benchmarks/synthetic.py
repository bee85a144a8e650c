"""Scaling of lint time and memory with workflow size.

Generates synthetic `.dip` workflows (agents and tools in a chain of diamonds, with
back edges, parallel blocks, `writes:`/`reads:` and `${ctx.*}` references, so every analysis
has work to do) and lints each size in a fresh subprocess, reporting the median wall time of
``lint_text`` over several runs and the process's peak RSS.

    python benchmarks/synthetic.py                 # 500 1000 2000 5000 nodes
    python benchmarks/synthetic.py --sizes 5000 --runs 5
    python benchmarks/synthetic.py --write 5000 > big.dip

Budget (issue 3): 5,000 nodes in under 2 s and under 300 MB RSS.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

BUDGET_SECONDS = 2.0
BUDGET_MB = 300


def generate(size: int) -> str:
    """A workflow with ``size`` nodes (rounded to a multiple of 10)."""
    blocks = max(size // 10, 1)
    lines = [
        "workflow Synthetic",
        '  goal: "scaling benchmark"',
        "  start: N0_0",
        f"  exit: N{blocks - 1}_9",
        "",
        "  defaults",
        "    model: claude-sonnet-4-6",
        "    provider: anthropic",
        "",
    ]
    edges: list[str] = []
    for block in range(blocks):
        n = [f"N{block}_{index}" for index in range(10)]
        previous = f"N{block - 1}_9" if block else None
        lines += [
            f"  agent {n[0]}",
            f"    prompt: Start block {block}. Previous: ${{ctx.key{block - 1 if block else 0}}}",
            f"    writes: key{block}",
            "",
            f"  tool {n[1]}",
            "    timeout: 1m",
            "    command:",
            f"      echo block {block}",
            "      printf 'ok\\n'",
            "",
            f"  agent {n[2]}",
            f"    prompt: Left branch of block {block} reads ${{ctx.key{block}}}",
            f"    writes: left{block}",
            "",
            f"  agent {n[3]}",
            f"    prompt: Right branch of block {block}",
            f"    reads: key{block}",
            "",
            f"  agent {n[4]}",
            f"    prompt: Join {block}: ${{ctx.left{block}}} ${{ctx.node.{n[2]}.last_response}}",
            "",
            f"  parallel {n[5]} -> {n[6]}, {n[7]}",
            "",
            f"  agent {n[6]}",
            f"    prompt: Review A of block {block}",
            f"    writes: review_a{block}",
            "",
            f"  agent {n[7]}",
            f"    prompt: Review B of block {block}",
            f"    writes: review_b{block}",
            "",
            f"  fan_in {n[8]} <- {n[6]}, {n[7]}",
            "",
            f"  agent {n[9]}",
            f"    prompt: Finish block {block} with ${{ctx.review_a{block}}}",
            "",
        ]
        if previous:
            edges.append(f"    {previous} -> {n[0]}")
        edges += [
            f"    {n[0]} -> {n[1]}",
            f"    {n[1]} -> {n[2]}  when ctx.tool_stdout contains ok",
            f"    {n[1]} -> {n[3]}",
            f"    {n[2]} -> {n[4]}",
            f"    {n[3]} -> {n[4]}",
            f"    {n[4]} -> {n[5]}  when ctx.outcome = success",
            f"    {n[4]} -> {n[0]}  when ctx.outcome = fail  loop",
            f"    {n[8]} -> {n[9]}",
        ]
    lines += ["  edges", *edges, ""]
    return "\n".join(lines)


def _measure(size: int, runs: int) -> dict[str, float]:
    """Runs inside a fresh interpreter: times lint_text on the generated workflow."""
    import resource
    import time

    from dipcheck.engine import lint_text

    text = generate(size)
    timings = []
    findings = 0
    for _ in range(runs):
        begin = time.perf_counter()
        result = lint_text(text, "synthetic.dip")
        timings.append(time.perf_counter() - begin)
        findings = len(result.diagnostics)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "nodes": size,
        "lines": text.count("\n") + 1,
        "median_s": statistics.median(timings),
        "peak_mb": peak,
        "findings": findings,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000, 5000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write", type=int, metavar="N", help="print a workflow of N nodes")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        sys.stdout.write(generate(args.write))
        return 0
    if args.child:
        print(json.dumps(_measure(args.child, args.runs)))
        return 0
    print(f"{'nodes':>6} {'lines':>7} {'median lint':>12} {'peak RSS':>9} {'findings':>8}")
    failed = False
    for size in args.sizes:
        output = subprocess.run(
            [sys.executable, __file__, "--child", str(size), "--runs", str(args.runs)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        row = json.loads(output)
        print(
            f"{row['nodes']:>6} {row['lines']:>7} {row['median_s']:>11.3f}s "
            f"{row['peak_mb']:>7.0f}MB {row['findings']:>8}"
        )
        if size >= 5000 and (row["median_s"] > BUDGET_SECONDS or row["peak_mb"] > BUDGET_MB):
            failed = True
    if failed:
        print(f"over budget: {BUDGET_SECONDS}s / {BUDGET_MB}MB at 5,000 nodes")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
