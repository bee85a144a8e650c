"""Start-up: ``dipcheck lint f.dip`` in a fresh process, with and without the result cache.

    python benchmarks/startup.py                        # parallel-ralph-dev.dip, 9 runs each
    python benchmarks/startup.py --runs 15 --file some.dip
    python benchmarks/startup.py --against /tmp/old/bin/python   # two revisions, same runs
    python benchmarks/startup.py --lived-in 2048       # a machine that has checked scripts

Each run is a new ``python -m dipcheck lint <file>`` process (interpreter start-up, imports,
configuration, the lint or the cache look-up, and the text report), timed from start to exit.
Bytecode is cached (``PYTHONDONTWRITEBYTECODE`` is dropped and a warm-up run writes it), and
so are the shell verdicts (``bash -n``/shellcheck run in the warm-up only): what is measured
is dipcheck, not the compiler or other programs.

1. no result cache: ``dipcheck lint --no-cache f.dip`` (the file is linted);
2. result cache: ``dipcheck lint f.dip`` with the cache filled by the warm-up (nothing is
   linted: the run cache, ``dipcheck/replay.py``, prints what the same command printed);
3. per-file results: the same with ``--show-fixes``, which without ``--fix`` changes nothing
   but a warning on standard error and is an option the run cache does not keep, so the
   findings come from the per-file result cache and the report is rendered again (what a run
   that printed a warning, or one with an option the run cache does not keep, costs). Not a
   target; shown for scale.

``--lived-in N`` first fills the shell-verdict cache with N made-up verdicts of each tool
(``bash -n``'s, and shellcheck's of three comments each), written by each interpreter's own
dipcheck, as a machine that has checked N other scripts has it: the fresh cache directory of
the plain runs hides what reading the verdicts costs.

For scale, the bare interpreter (``python -c pass``, site and the editable-install hook
included) is timed the same way, and the medians are also printed less the bare
interpreter's: dipcheck's own share, which does not depend on what a machine's ``site`` loads
(an editable install's finder, a sandbox's ``.pth`` files). Run the script with a clean
virtual environment's interpreter to time a regular install
(``python -m venv /tmp/v && /tmp/v/bin/pip install . && /tmp/v/bin/python
benchmarks/startup.py``). Prints the median and p95 wall time and the median CPU time
(user + system) of each; on a busy machine the CPU time is the steadier figure. Targets (issue
19 §3): median ≤ 100 ms without the cache, ≤ 60 ms with it. Exit status 0 when both are met,
1 when not, 2 when the file is missing; a run that does not end with 0 or 1 stops the benchmark.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
EXAMPLES = PROJECT.parent / "shared" / "corpus" / "tracker" / "examples"
DEFAULT_FILE = EXAMPLES / "parallel-ralph-dev.dip"
TARGETS_MS = {"no result cache": 100.0, "result cache": 60.0}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path, environment: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one run of ``command``."""
    cpu = _children_cpu()
    started = time.perf_counter()
    completed = subprocess.run(
        command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, check=False
    )
    if completed.returncode not in (0, 1):  # 1: findings; anything else is not a lint
        raise SystemExit(f"{' '.join(command)}: exit status {completed.returncode}")
    return (time.perf_counter() - started) * 1000, (_children_cpu() - cpu) * 1000


# what ``--show-fixes`` without ``--fix`` says; the option keeps the run cache out of the way
_SHOW_FIXES_WARNING = "dipcheck: warning: --show-fixes "


def warm_up(command: list[str], cwd: Path, environment: dict[str, str]) -> None:
    """Run ``command`` once and stop unless it really linted (exit status 1 is also Python's
    answer to a missing module, so the status alone does not tell a lint from a failure)."""
    completed = subprocess.run(
        command, cwd=cwd, env=environment, capture_output=True, text=True, check=False
    )
    linted = command[1] == "-c" or bool(completed.stdout.strip())
    unexpected = [
        line
        for line in completed.stderr.splitlines()
        if line.strip() and not line.startswith(_SHOW_FIXES_WARNING)
    ]
    if completed.returncode not in (0, 1) or unexpected or not linted:
        raise SystemExit(
            f"{' '.join(command)}: exit status {completed.returncode}, "
            f"{completed.stderr.strip()[-300:] or 'no report'}"
        )


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


_FILL = """
import hashlib
from dipcheck.shelltools import _ResultCache
keys = [hashlib.sha256(str(number).encode()).hexdigest() for number in range({count})]
comment = {{"code": 2086, "level": "info", "line": 3, "column": 12, "endLine": 3,
            "endColumn": 19, "message": "Double quote to prevent globbing and word splitting.",
            "fix": {{"replacements": [{{"line": 3, "column": 12, "endLine": 3, "endColumn": 12,
                                       "replacement": '"'}}]}}}}
_ResultCache("bash-n").fill(keys, lambda asked: [[0, ""] for _ in asked])
_ResultCache("shellcheck").fill(keys, lambda asked: [[comment] * 3 for _ in asked])
"""


def lived_in(python: str, cwd: Path, environment: dict[str, str], count: int) -> None:
    """Fill the shell-verdict cache of ``environment`` with ``count`` verdicts of each tool."""
    fill = [python, "-c", _FILL.format(count=count)]
    subprocess.run(fill, cwd=cwd, env=environment, check=True)


def _commands(python: str, name: str) -> dict[str, list[str]]:
    lint = [python, "-m", "dipcheck", "lint", name]
    return {
        "interpreter only": [python, "-c", "pass"],
        "no result cache": [*lint[:4], "--no-cache", name],
        "result cache": lint,
        "per-file results": [*lint[:4], "--show-fixes", name],
    }


def _report(figures: dict[str, tuple[list[float], list[float]]], label: str) -> bool:
    """Print one interpreter's figures; whether both targets are met."""
    print(label)
    met = True
    for name, (walls, cpus) in figures.items():
        line = (
            f"  {name:<17} median {statistics.median(walls):6.1f} ms   p95 {p95(walls):6.1f} ms"
            f"   CPU median {statistics.median(cpus):6.1f} ms"
        )
        target = TARGETS_MS.get(name)
        if target is not None:
            ok = statistics.median(walls) <= target
            met = met and ok
            line += f"   (target ≤ {target:.0f} ms: {'met' if ok else 'NOT met'})"
        print(line)
    bare = statistics.median(figures["interpreter only"][0])
    shares = ", ".join(
        f"{name} {statistics.median(figures[name][0]) - bare:.1f} ms" for name in TARGETS_MS
    )
    print(f"  dipcheck's own share (median minus the bare interpreter): {shares}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="the workflow to lint")
    parser.add_argument("--runs", type=int, default=9, help="runs of each (default 9, min 7)")
    parser.add_argument(
        "--against",
        metavar="PYTHON",
        help="another interpreter (a venv holding another revision), timed in the same runs",
    )
    parser.add_argument(
        "--lived-in",
        type=int,
        default=0,
        metavar="N",
        help="first fill the shell-verdict cache with N made-up verdicts of each tool",
    )
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"{args.file}: not found (the shared corpus sits beside the project)")
        return 2
    runs = max(7, args.runs)
    path = args.file.resolve()
    pythons = {"this": sys.executable, **({"against": args.against} if args.against else {})}
    with tempfile.TemporaryDirectory(prefix="dipcheck-startup-") as cache_dir:
        environment = {
            key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"
        }
        environments = {
            who: {**environment, "DIPCHECK_CACHE_DIR": os.path.join(cache_dir, who)}
            for who in pythons
        }
        commands = {who: _commands(python, path.name) for who, python in pythons.items()}
        for who in commands if args.lived_in else ():
            os.makedirs(environments[who]["DIPCHECK_CACHE_DIR"], mode=0o700)
            lived_in(pythons[who], path.parent, environments[who], args.lived_in)
        for who, own in commands.items():  # warm-up: bytecode, shell verdicts, result cache
            for command in own.values():
                warm_up(command, path.parent, environments[who])
        figures = {who: {name: ([], []) for name in own} for who, own in commands.items()}
        for _ in range(runs):  # interleaved, so a burst of load hits every measure alike
            for who, own in commands.items():
                for name, command in own.items():
                    wall, cpu = timed(command, path.parent, environments[who])
                    figures[who][name][0].append(wall)
                    figures[who][name][1].append(cpu)
    title = f"dipcheck lint {path.name}: {runs} fresh processes each, bytecode cached"
    if args.lived_in:
        title += f", {args.lived_in} other verdicts of each tool in the cache"
    met = _report(figures["this"], title + (f" ({sys.executable})" if args.against else ""))
    if args.against:
        _report(figures["against"], f"against {args.against}, in the same runs")
        cpu = {
            who: {name: statistics.median(figures[who][name][1]) for name in TARGETS_MS}
            for who in figures
        }
        ratios = ", ".join(
            f"{name} {cpu['this'][name] / cpu['against'][name]:.2f} times" for name in TARGETS_MS
        )
        print(f"  CPU medians, this / against: {ratios}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
