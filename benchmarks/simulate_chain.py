"""The simulator on a long chain (issue 19 §1, "bounded everywhere"): time and peak memory of
the three commands that explore a workflow, on a generated chain of ``--nodes`` agents.

    python benchmarks/simulate_chain.py                  # 8,000 nodes
    python benchmarks/simulate_chain.py --nodes 2000 4000 8000

For each size, each command runs once as a fresh process (its wall time and its own peak
resident memory, from ``os.wait4``):

1. ``dipcheck simulate --all-paths --max-seconds 5 chain.dip``;
2. ``dipcheck lint --isolated --no-cache --no-shell --extend-select DC4 chain.dip`` (the
   simulation rules explore it);
3. ``dipcheck diff chain.dip chain.dip`` (both sides explored).

Memory should grow linearly with the chain: a table of what each node reaches, or a copy of
the run's state per step, makes it quadratic (1.5 to 2.9 GB at 8,000 nodes before the fix).
Prints a row per command and size; exit status 0.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def chain(size: int) -> str:
    """A workflow of ``size`` agents, each leading to the next."""
    lines = ["workflow W", "  start: n0", f"  exit: n{size - 1}"]
    for index in range(size):
        lines += [f"  agent n{index}", "    prompt: p"]
    lines.append("  edges")
    lines += [f"    n{index} -> n{index + 1}" for index in range(size - 1)]
    return "\n".join(lines) + "\n"


COMMANDS = {
    "simulate --all-paths": ["simulate", "--isolated", "--all-paths", "--max-seconds", "5"],
    "lint --extend-select DC4": [
        *("lint", "--isolated", "--no-cache", "--no-shell", "--extend-select", "DC4"),
    ],
    "diff (itself)": ["diff"],
}


def measure(arguments: list[str], cwd: str) -> tuple[float, float, int]:
    """Wall seconds, peak resident MB and exit status of one ``dipcheck`` process."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "dipcheck", *arguments],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, process.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, nargs="+", default=[8000], help="chain sizes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dipcheck-chain-") as scratch:
        for size in args.nodes:
            Path(scratch, "chain.dip").write_text(chain(size), encoding="utf-8")
            for name, command in COMMANDS.items():
                files = ["chain.dip", "chain.dip"] if name.startswith("diff") else ["chain.dip"]
                seconds, megabytes, status = measure([*command, *files], scratch)
                print(
                    f"{size:>6} nodes  {name:<26} {seconds:7.2f} s  {megabytes:7.1f} MB peak"
                    f"  (exit {status})"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
