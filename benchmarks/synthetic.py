"""Scaling of lint time and memory with workflow size, per workflow shape.

Generates synthetic `.dip` workflows of several shapes and sizes, lints each one with
``python -m dipcheck lint --no-cache FILE --format json`` in a fresh subprocess (interpreter
start-up, imports and the JSON report included) and reports, per shape and size, the median
CPU time (user + system of the child), the median wall time and the peak RSS of the child,
then the growth from 1,000 to 10,000 nodes.

Shapes (``--shapes``, all by default):

* ``chain``      — a plain chain of agents, each writing a key its successor reads.
* ``skips``      — a chain whose failure edges skip the next node, so every reader of the
                   previous node's key gets an every-path finding (DC104) with a witness path.
* ``branches``   — two-way branches where only one side writes the key the join (and a node
                   a few branches later) reads: DC104 on every join.
* ``unknown``    — a chain where every node also reads a key nobody writes, half of them one
                   edit away from a real key (DC102 with a did-you-mean on each).
* ``fanout``     — one parallel block with half the nodes as branches (each reading its
                   neighbour's key: DC106), then a chain reading the branches' keys (DC108).
* ``loops``      — a chain with properly nested back edges (loops inside loops, half the
                   nodes deep) and a key read at every level.
* ``conditions`` — routers with several conditional edges each (conditions over several
                   keys, some unwritten), joined again after every router.
* ``diamonds``   — the original mix: diamonds, back edges, parallel blocks, reads and writes.
* ``router``     — one node with an edge to every other node, each taken on its own value of
                   one key (``when ctx.route = vN``), which every target reads back: pairwise
                   work over one node's edges (DIP103, the data-flow rules) shows here.

    python benchmarks/synthetic.py                          # every shape, 1k and 10k
    python benchmarks/synthetic.py --shapes skips --sizes 1000 10000 20000 --runs 5
    python benchmarks/synthetic.py --write skips 1000 > big.dip

Budget (issue 19 §3), judged on CPU time because the development machine is shared: per
shape, the 10,000-node figure at most 10x the 1,000-node one (linear), and 10,000 nodes in
under 1.5 s and under 150 MB. Exit status 1 when a shape is over budget.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

BUDGET_SECONDS = 1.5
BUDGET_MB = 150
BUDGET_RATIO = 10.0
HEADER = [
    "workflow Synthetic",
    '  goal: "scaling benchmark"',
    "",
    "  defaults",
    "    model: claude-sonnet-4-6",
    "    provider: anthropic",
    "",
]


def _workflow(start: str, exit_: str, nodes: list[str], edges: list[str]) -> str:
    head = [*HEADER[:2], f"  start: {start}", f"  exit: {exit_}", *HEADER[2:]]
    return "\n".join([*head, *nodes, "  edges", *edges, ""])


def _agent(name: str, prompt: str, writes: str | None = None) -> str:
    lines = [f"  agent {name}", f"    prompt: {prompt}"]
    if writes:
        lines.append(f"    writes: {writes}")
    return "\n".join(lines) + "\n"


def chain(size: int) -> str:
    nodes, edges = [], []
    for i in range(size):
        read = f" after ${{ctx.key_{i - 1:05d}}}" if i else ""
        nodes.append(_agent(f"C{i}", f"Step {i}{read}.", f"key_{i:05d}"))
        if i:
            edges.append(f"    C{i - 1} -> C{i}")
    return _workflow("C0", f"C{size - 1}", nodes, edges)


def skips(size: int) -> str:
    nodes, edges = [], []
    for i in range(size):
        read = f" after ${{ctx.key_{i - 1:05d}}}" if i else ""
        nodes.append(_agent(f"S{i}", f"Step {i}{read}.", f"key_{i:05d}"))
        if i + 1 < size:
            edges.append(f"    S{i} -> S{i + 1}  when ctx.outcome = success")
        if i + 2 < size:
            edges.append(f"    S{i} -> S{i + 2}  when ctx.outcome = fail")
    return _workflow("S0", f"S{size - 1}", nodes, edges)


def branches(size: int) -> str:
    blocks = max(size // 4, 1)
    nodes, edges = [], []
    for b in range(blocks):
        back = f" and ${{ctx.key_{b - 3:05d}}}" if b >= 3 else ""
        nodes += [
            _agent(f"A{b}", f"Decide {b}{back}."),
            _agent(f"W{b}", f"Write {b}.", f"key_{b:05d}"),
            _agent(f"X{b}", f"Skip {b}."),
            _agent(f"J{b}", f"Join {b} with ${{ctx.key_{b:05d}}}."),
        ]
        if b:
            edges.append(f"    J{b - 1} -> A{b}")
        edges += [
            f"    A{b} -> W{b}  when ctx.outcome = success",
            f"    A{b} -> X{b}  when ctx.outcome = fail",
            f"    W{b} -> J{b}",
            f"    X{b} -> J{b}",
        ]
    return _workflow("A0", f"J{blocks - 1}", nodes, edges)


def unknown(size: int) -> str:
    nodes, edges = [], []
    for i in range(size):
        # half one edit away from a written key (a did-you-mean), half unrelated
        typo = f"kex_{i - 1:05d}" if i % 2 else f"missing_{i:05d}"
        read = f" after ${{ctx.key_{i - 1:05d}}} and ${{ctx.{typo}}}" if i else ""
        nodes.append(_agent(f"U{i}", f"Step {i}{read}.", f"key_{i:05d}"))
        if i:
            edges.append(f"    U{i - 1} -> U{i}")
    return _workflow("U0", f"U{size - 1}", nodes, edges)


def fanout(size: int) -> str:
    width = max(size // 2 - 1, 2)
    readers = max(size - width - 2, 1)
    branch_ids = [f"B{i}" for i in range(width)]
    nodes = [
        _agent("Start", "Start."),
        f"  parallel Fork -> {', '.join(branch_ids)}\n",
    ]
    for i in range(width):
        nodes.append(
            _agent(f"B{i}", f"Branch {i} reads ${{ctx.out_{(i + 1) % width:05d}}}.", f"out_{i:05d}")
        )
    nodes.append(f"  fan_in Join <- {', '.join(branch_ids)}\n")
    edges = ["    Start -> Fork", "    Join -> R0"]
    for i in range(readers):
        nodes.append(_agent(f"R{i}", f"Read ${{ctx.out_{i % width:05d}}}."))
        if i:
            edges.append(f"    R{i - 1} -> R{i}")
    return _workflow("Start", f"R{readers - 1}", nodes, edges)


def loops(size: int) -> str:
    nodes, edges = [], []
    half = size // 2
    for i in range(size):
        read = f" with ${{ctx.key_{i - 1:05d}}}" if i else ""
        nodes.append(_agent(f"L{i}", f"Level {i}{read}.", f"key_{i:05d}"))
        if i + 1 < size:
            edges.append(f"    L{i} -> L{i + 1}  when ctx.outcome = success")
    for i in range(1, half):  # L(size-1-i) -> L(i): loops nested half the nodes deep
        edges.append(f"    L{size - 1 - i} -> L{i}  when ctx.outcome = fail  loop")
    return _workflow("L0", f"L{size - 1}", nodes, edges)


def conditions(size: int) -> str:
    blocks = max(size // 6, 1)
    nodes, edges = [], []
    for b in range(blocks):
        router, targets, join = f"R{b}", [f"T{b}_{t}" for t in range(4)], f"M{b}"
        nodes.append(_agent(router, f"Route {b}.", f"verdict_{b:05d}, score_{b:05d}"))
        for t, target in enumerate(targets):
            nodes.append(_agent(target, f"Handle {t} of {b}."))
        nodes.append(_agent(join, f"Merge {b}."))
        if b:
            edges.append(f"    M{b - 1} -> {router}")
        v, s = f"ctx.verdict_{b:05d}", f"ctx.score_{b:05d}"
        edges += [
            f"    {router} -> {targets[0]}  when {v} = pass and {s} = high",
            f"    {router} -> {targets[1]}  when {v} = pass and not {s} = high",
            f"    {router} -> {targets[2]}  when {v} = fail or ctx.retry_{b:05d} = yes",
            f"    {router} -> {targets[3]}",
            *(f"    {target} -> {join}" for target in targets),
        ]
    return _workflow("R0", f"M{blocks - 1}", nodes, edges)


def diamonds(size: int) -> str:
    blocks = max(size // 10, 1)
    nodes: list[str] = []
    edges: list[str] = []
    for block in range(blocks):
        n = [f"N{block}_{index}" for index in range(10)]
        previous = f"N{block - 1}_9" if block else None
        nodes += [
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
    return _workflow("N0_0", f"N{blocks - 1}_9", nodes, edges)


def router(size: int) -> str:
    nodes = [_agent("Router", "Pick a route.", "route")]
    nodes.append(_agent("Done", "Finish."))
    edges = []
    for i in range(max(size - 2, 1)):
        nodes.append(_agent(f"R{i}", f"Route {i}: ${{ctx.route}}."))
        edges += [f"    Router -> R{i}  when ctx.route = v{i}", f"    R{i} -> Done"]
    edges.append("    Router -> Done")
    return _workflow("Router", "Done", nodes, edges)


SHAPES: dict[str, Callable[[int], str]] = {
    "chain": chain,
    "skips": skips,
    "branches": branches,
    "unknown": unknown,
    "fanout": fanout,
    "loops": loops,
    "conditions": conditions,
    "diamonds": diamonds,
    "router": router,
}


def lint_once(path: Path, timeout: float | None) -> tuple[float, float, float, int | None]:
    """One ``dipcheck lint`` subprocess: (cpu seconds, wall seconds, peak RSS MB, number of
    findings); the number is None when the run was stopped after ``timeout`` seconds.

    Only the end of the report is read (its summary): a process's peak RSS counts the
    memory of the process it was forked from, so this one must stay small."""
    command = [sys.executable, "-m", "dipcheck", "lint", "--no-cache", str(path), "--format"]
    command.append("json")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        begin = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        timer = threading.Timer(timeout, process.kill) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - begin
        if timer:
            timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        cpu, rss = usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
        if timeout and process.returncode < 0 and wall >= timeout:
            return cpu, wall, rss, None
        if process.returncode not in (0, 1):
            err.seek(0)
            raise RuntimeError(
                f"lint of {path} exited {process.returncode}: {err.read()[-2000:]!r}"
            )
        size = out.seek(0, os.SEEK_END)
        out.seek(max(size - 4096, 0))
        tail = out.read().decode("utf-8", "replace")
    summary = json.loads("{" + tail[tail.rindex('"summary"') :])["summary"]
    return cpu, wall, rss, sum(summary[kind] for kind in ("errors", "warnings", "infos", "hints"))


def _alone(folder: Path, name: str) -> Path:
    """Where to write the workflow ``name``: a folder of its own, so that its lint does not
    also read the files measured before it (the parent scan reads a workflow's siblings to
    find the ones that reference it: with every shape in one folder, the last shape measured
    paid for reading the 17 files before it)."""
    own = folder / name.removesuffix(".dip")
    own.mkdir()
    return own / name


def preflight(folder: Path) -> str | None:
    """Why the timings would mean nothing, or None: each shape at 20 nodes is linted in full
    and must not end in DC000 (an internal error: a broken install that cannot load its
    grammars lints every file in a tenth of a second and finds one problem)."""
    for shape, make in SHAPES.items():
        path = _alone(folder, f"preflight_{shape}.dip")
        path.write_text(make(20))
        command = [sys.executable, "-m", "dipcheck", "lint", "--no-cache", str(path)]
        process = subprocess.run([*command, "--format", "json"], capture_output=True)
        if process.returncode not in (0, 1):
            return (
                f"lint of the {shape} shape exited {process.returncode}: {process.stderr[-2000:]!r}"
            )
        for item in json.loads(process.stdout)["diagnostics"]:
            if item["code"] == "DC000":
                return f"lint of the {shape} shape failed inside dipcheck: {item['message']}"
    return None


def measure(
    shape: str, size: int, runs: int, folder: Path, timeout: float | None = None
) -> dict[str, float | int | str]:
    path = _alone(folder, f"{shape}_{size}.dip")
    text = SHAPES[shape](size)
    path.write_text(text)
    cpu, wall, rss = [], [], []
    findings = -1  # stopped at the time limit
    for _ in range(runs):
        c, w, r, count = lint_once(path, timeout)
        cpu.append(c)
        wall.append(w)
        rss.append(r)
        if count is None:
            cpu, wall = [math.inf], [math.inf]
            break
        findings = count
    return {
        "shape": shape,
        "nodes": size,
        "lines": text.count("\n") + 1,
        "cpu_s": statistics.median(cpu),
        "wall_s": statistics.median(wall),
        "peak_mb": max(rss),
        "findings": findings,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="one JSON row per measurement")
    parser.add_argument(
        "--timeout", type=float, help="stop a lint after this many seconds (reported as inf)"
    )
    parser.add_argument("--write", nargs=2, metavar=("SHAPE", "N"), help="print a workflow")
    args = parser.parse_args()
    if args.write:
        sys.stdout.write(SHAPES[args.write[0]](int(args.write[1])))
        return 0
    failed: list[str] = []
    if not args.json:
        # (imported here: the tests load this file for its generators alone)
        from machine import describe

        print(describe())
        print(
            f"{'shape':<11} {'nodes':>6} {'lines':>7} {'cpu':>8} {'wall':>8} {'peak RSS':>9} "
            f"{'findings':>8}"
        )
    with tempfile.TemporaryDirectory() as tmp:
        broken = preflight(Path(tmp))
        if broken is not None:
            print(f"not measured: {broken}", file=sys.stderr)
            return 2
        for shape in args.shapes:
            rows = {}
            for size in args.sizes:
                row = measure(shape, size, args.runs, Path(tmp), args.timeout)
                rows[size] = row
                if args.json:
                    print(json.dumps(row), flush=True)
                else:
                    print(
                        f"{shape:<11} {size:>6} {row['lines']:>7} {row['cpu_s']:>7.2f}s "
                        f"{row['wall_s']:>7.2f}s {row['peak_mb']:>7.0f}MB {row['findings']:>8}",
                        flush=True,
                    )
            small, big = rows.get(1000), rows.get(10000)
            if small and big:
                ratio = float(big["cpu_s"]) / float(small["cpu_s"])
                if not args.json:
                    print(f"{shape:<11} 1k→10k cpu x{ratio:.1f}", flush=True)
                if ratio > BUDGET_RATIO:
                    failed.append(f"{shape}: 1k→10k x{ratio:.1f} > x{BUDGET_RATIO:.0f}")
            if big and float(big["cpu_s"]) > BUDGET_SECONDS:
                failed.append(f"{shape}: 10k cpu {big['cpu_s']:.2f}s > {BUDGET_SECONDS}s")
            if big and float(big["peak_mb"]) > BUDGET_MB:
                failed.append(f"{shape}: 10k peak {big['peak_mb']:.0f}MB > {BUDGET_MB}MB")
    for line in failed:
        print(f"over budget: {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
