"""Lint time of a large Ordewell plan, and the hand-over time of its tasks.

Generates a plan the way a planner writes one: ``--tasks`` tasks (default 500) in layers of
ten, each depending on one or two tasks of the layer before (every fifth task also on one two
layers back), every tenth with two subtasks, prompts of a few sentences naming the files the
task edits (each file owned by one task) and the task they build on, a third of the tasks
completed with a captured output summary. Times, in process after an untimed warm-up:

* ``lint_text`` on the plan (JSON scan, lowering, every rule) — median of ``--runs``;
* ``compose`` (the hand-over, plan map included) for every task — the slowest one.

Times are CPU time of this process (``time.process_time``), which a machine shared with other
jobs does not inflate; the wall-clock median is printed beside the lint time.

With ``--simulate``, instead: ``python -m dipcheck simulate --dialect ordewell`` (text report)
on plans of each ``--sizes`` (default 1,000 and 3,000 tasks) as a fresh process, ``--runs``
times each: median wall time, median CPU time (user + system of the child) and peak RSS, and
the growth from the smallest size to the largest against the growth in tasks.

    python benchmarks/ordewell_plan.py
    python benchmarks/ordewell_plan.py --tasks 2000 --runs 9
    python benchmarks/ordewell_plan.py --simulate --runs 3
    python benchmarks/ordewell_plan.py --write 500 > plan.json

Budget (issue 20): lint of a 500-task plan under 1 s, any hand-over under 200 ms. Exits 1
when a budget is exceeded. Budget of ``--simulate`` (issue 19 §3, linear scaling): the CPU
time grows at most 1.5 times as fast as the plan (3,000 tasks: at most 4.5 times 1,000's).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINT_BUDGET = 1.0
HANDOVER_BUDGET = 0.2
SIMULATE_GROWTH_BUDGET = 1.5  # CPU growth over task growth


VERBS = ("Implement", "Add", "Wire", "Refactor", "Document", "Test", "Harden", "Migrate")
NOUNS = (
    "parser",
    "cache",
    "scheduler",
    "exporter",
    "client",
    "store",
    "router",
    "importer",
    "validator",
    "renderer",
    "queue",
    "index",
    "auth layer",
    "billing job",
    "report",
)


def generate(count: int) -> str:
    tasks: list[dict[str, object]] = []
    for index in range(count):
        layer = index // 10
        deps = []
        if layer:
            deps.append(f"task-{(layer - 1) * 10 + index % 10}")
            if index % 3 == 0:
                deps.append(f"task-{(layer - 1) * 10 + (index + 1) % 10}")
            if index % 5 == 0 and layer > 1:
                deps.append(f"task-{(layer - 2) * 10 + (index + 2) % 10}")
        done = index < count // 3
        task: dict[str, object] = {
            "id": f"task-{index}",
            "order": index + 1,
            "title": f"{VERBS[index % 8]} the {NOUNS[index % 15]} for component {index}",
            "description": f"Component {index} of the service.",
            "type": "ai",
            "status": "completed" if done else "pending",
            "dependencies": deps,
            "prompt": (
                f"Implement component {index} in `src/components/c{index}.ts` with its tests "
                f"in `test/components/c{index}.test.ts`. Build on the interfaces the "
                "previous layer exported; keep the public API small and documented. Run the "
                "type checker and the tests you touched before finishing."
            ),
            "assignedRunner": ("claude-code", "codex", "opencode")[index % 3],
            "autonomy": "AFK",
            "sliceType": "AFK",
            "completionMarker": f"{index:08x}-5e1c-4d3b-9a2f-0c8b7e6d5a4f",
            "subtasks": [],
        }
        if done:
            task["outputSummary"] = {
                "reviewReason": "Completion marker observed; exit code 0.",
                "logTail": f"Wrote src/components/c{index}.ts\n12 tests passed.\n"
                f"<<<ORDEWELL_DONE_{index:08x}-5e1c-4d3b-9a2f-0c8b7e6d5a4f>>>",
                "capturedAt": "2026-12-01T10:00:00.000Z",
            }
        if index % 10 == 9:
            task["subtasks"] = [
                {
                    "id": f"task-{index}-{part}",
                    "order": part,
                    "title": f"Component {index} part {part}",
                    "type": "ai",
                    "status": "pending",
                    "dependencies": [],
                    "prompt": f"Write `src/components/c{index}/part{part}.ts`.",
                    "assignedRunner": "claude-code",
                    "completionMarker": f"{index:08x}-{part}",
                    "subtasks": [],
                }
                for part in (1, 2)
            ]
        tasks.append(task)
    return json.dumps({"tasks": tasks}, indent=2) + "\n"


def simulate_scaling(sizes: list[int], runs: int) -> int:
    """Time ``dipcheck simulate`` on a plan of each size in fresh processes."""
    rows: list[tuple[int, float, float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            path = Path(folder) / f"plan-{size}.json"
            path.write_text(generate(size), encoding="utf-8")
            command = [sys.executable, "-m", "dipcheck", "simulate", "--dialect", "ordewell"]
            walls, cpus, peaks = [], [], []
            for _ in range(runs):
                start = time.perf_counter()
                child = subprocess.Popen(
                    [*command, str(path)], stdout=subprocess.DEVNULL, cwd=folder
                )
                _, status, usage = os.wait4(child.pid, 0)
                walls.append(time.perf_counter() - start)
                if os.waitstatus_to_exitcode(status) not in (0, 1):
                    print(f"simulate of {size} tasks failed (status {status})", file=sys.stderr)
                    return 2
                cpus.append(usage.ru_utime + usage.ru_stime)
                peaks.append(usage.ru_maxrss / 1024)  # KiB on Linux
            row = (size, statistics.median(walls), statistics.median(cpus), max(peaks))
            rows.append(row)
            print(
                f"{size} tasks: simulate {row[1]:.2f} s wall, {row[2]:.2f} s CPU "
                f"(median of {runs}), peak RSS {row[3]:.0f} MiB"
            )
    (small, _, small_cpu, _), (large, _, large_cpu, _) = rows[0], rows[-1]
    growth, allowed = large_cpu / small_cpu, SIMULATE_GROWTH_BUDGET * large / small
    print(
        f"growth {small} → {large} tasks ({large / small:.1f}x): CPU {growth:.2f}x "
        f"(budget {allowed:.1f}x)"
    )
    return 0 if growth <= allowed else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write", type=int, metavar="N", help="print an N-task plan and stop")
    parser.add_argument(
        "--simulate", action="store_true", help="time `dipcheck simulate` on --sizes instead"
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 3000])
    args = parser.parse_args()
    if args.write:
        sys.stdout.write(generate(args.write))
        return 0
    if args.simulate:
        return simulate_scaling(sorted(args.sizes), args.runs)
    from dipcheck.engine import lint_text
    from dipcheck.simulate import handover

    text = generate(args.tasks)
    result = lint_text(text, "<bench>.json")  # warm-up: imports, rule registry
    timings = []
    walls = []
    for _ in range(args.runs):
        start, wall = time.process_time(), time.perf_counter()
        result = lint_text(text, "<bench>.json")
        timings.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
    lint_time = statistics.median(timings)
    plan = result.workflow.plan if result.workflow is not None else None
    assert plan is not None, "the generated plan did not load"
    gc.collect()  # the lint's garbage, so that no collection lands inside a timed hand-over
    slowest = 0.0
    for task in plan.flat:
        start = time.process_time()
        handover.compose(plan, task, handover.Options(tdd=True))
        slowest = max(slowest, time.process_time() - start)
    codes: dict[str, int] = {}
    for item in result.diagnostics:
        codes[item.code] = codes.get(item.code, 0) + 1
    print(
        f"{len(plan.flat)} tasks ({len(text) // 1024} KiB): lint {lint_time * 1000:.0f} ms CPU, "
        f"{statistics.median(walls) * 1000:.0f} ms wall (median of {args.runs}; budget "
        f"{LINT_BUDGET * 1000:.0f} ms), slowest hand-over "
        f"{slowest * 1000:.1f} ms (budget {HANDOVER_BUDGET * 1000:.0f} ms); findings {codes}"
    )
    return 0 if lint_time <= LINT_BUDGET and slowest <= HANDOVER_BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
