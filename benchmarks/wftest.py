"""``dipcheck test`` speed: 50 tests on the largest example, ``build_product.dip``.

The tests are generated once, into a temporary directory, with a ``workflow:`` line that
points at the corpus file (its prompt files and scripts stay where they are): test i sets the
i-th combination of what the tool nodes print (each value a condition on the tool's edges
compares with, in turn) and whether the i-th agent fails; its expectations are the status and
path of its own run (so all 50 pass), plus ``visited`` and ``not_visited`` checks. Then

1. ``python -m dipcheck test <dir>`` as a subprocess, ``--runs`` times after one untimed
   warm-up: median, min and max wall time (interpreter start-up, imports, loading and linting
   the workflow once, reading the test file, 50 simulations, the report), and the median CPU
   time of the process (user + system), which a busy machine does not inflate;
2. the same with ``--coverage`` (the coverage of all five kinds and the text summary).

    python benchmarks/wftest.py
    python benchmarks/wftest.py --runs 9 --corpus ../shared/corpus

Budget (issue 21): 50 tests on build_product.dip under 5 s (median of the plain run). Exits 1
when it is exceeded, 2 when the corpus is missing.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"
BUDGET_SECONDS = 5.0
TESTS = 50


def generate(workflow: Path, folder: Path) -> Path:
    sys.path.insert(0, str(PROJECT))
    from dipcheck.analysis.runtime import Handler
    from dipcheck.config import Config
    from dipcheck.wftest import coverage, runner, update
    from dipcheck.wftest.model import DIPCHECK

    workflows = runner.Workflows(Config())
    prepared = workflows.get(str(workflow))
    assert not isinstance(prepared, str), prepared
    graph = prepared.graph
    tools = [node for node in graph.nodes if graph.handler(node) is Handler.TOOL]
    agents = [node for node in graph.nodes if graph.handler(node) is Handler.CODERGEN]
    outputs = {
        tool: [value for _, _, value in coverage.tool_outputs(graph, tool, prepared.machine.target)]
        or [""]
        for tool in tools
    }
    lines = [f"workflow: {workflow}", "tests:"]
    for index in range(TESTS):
        lines.append(f"  - name: generated {index + 1}")
        lines.append("    nodes:")
        for tool in tools:
            choices = outputs[tool]
            lines.append(f"      {tool}: {{stdout: {choices[index % len(choices)]!r}}}")
        lines.append(f"      {agents[index % len(agents)]}: {{outcome: fail}}")
    target = folder / "build_product.tests.yaml"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    file = runner.run_file(str(target), workflows)
    assert file.error is None, file.error
    updates = {}
    for test in file.results:
        assert test.observed is not None
        updates[test.case.name] = update.snapshot(test.observed, DIPCHECK)
        seen = sorted({step.node for step in test.observed.steps})
        unseen = sorted(set(graph.nodes) - set(seen))
        updates[test.case.name]["visited"] = seen[:5]
        updates[test.case.name]["not_visited"] = unseen[:5]
    text = update.update_text(str(target), target.read_text(encoding="utf-8"), DIPCHECK, updates)
    target.write_text(text, encoding="utf-8")
    return target


def timed(command: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Wall times and CPU times (user + system of the process) of ``runs`` runs."""

    def once() -> tuple[float, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        result = subprocess.run(command, cwd=PROJECT, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if result.returncode != 0 or f"{TESTS} passed" not in result.stdout:
            sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout[-2000:]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return elapsed, cpu

    once()  # warm-up: the grammar cache, the shell-check cache, the file system cache
    measured = [once() for _ in range(runs)]
    return [wall for wall, _ in measured], [cpu for _, cpu in measured]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    workflow = (args.corpus / "tracker" / "examples" / "build_product.dip").resolve()
    if not workflow.is_file():
        print(f"no corpus: {workflow} is missing", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        generate(workflow, folder)
        base = [sys.executable, "-m", "dipcheck", "test", str(folder)]
        for title, command in (
            (f"dipcheck test, {TESTS} tests on build_product.dip", base),
            ("the same with --coverage", [*base, "--coverage"]),
        ):
            times, cpu = timed(command, args.runs)
            print(
                f"{title}: median {statistics.median(times):.2f} s "
                f"(min {min(times):.2f}, max {max(times):.2f}, {args.runs} runs); "
                f"CPU median {statistics.median(cpu):.2f} s"
            )
            if command is base:
                plain = statistics.median(times)
    if plain > BUDGET_SECONDS:
        print(f"over budget: {plain:.2f} s > {BUDGET_SECONDS:.1f} s", file=sys.stderr)
        return 1
    print(f"within budget ({BUDGET_SECONDS:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
