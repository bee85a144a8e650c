"""Record methods compiled ahead of time against compiled on first call, in a cold lint.

    python benchmarks/record_methods.py                 # parallel-ralph-dev.dip, 21 runs each
    python benchmarks/record_methods.py --runs 31 --file some.dip

Each run is a fresh process that lints the file as ``dipcheck lint --no-cache`` does (the
text report is discarded), alternating two ways of making the ``@record`` classes' methods:

* ``ahead``: from ``dipcheck/_record_methods.py`` (what dipcheck does);
* ``compiled``: the table is hidden (``dipcheck.records._ahead = {}``), so each method is
  compiled from its source when first called, as before the table existed.

It prints the median CPU time (user + system) of each, their difference, and how long
importing the table takes (``-X importtime``, median). Bytecode is cached (a warm-up run of
each writes it). Run it from outside the project with a regular install's interpreter.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import DEFAULT_FILE, _children_cpu

SCRIPT = """
import sys
from dipcheck import records
if sys.argv[1] == "compiled":
    records._ahead = {}
from dipcheck.cli import main
main(["lint", "--no-cache", "--quiet", sys.argv[2]])
"""


def _run(mode: str, path: Path, env: dict[str, str]) -> float:
    before = _children_cpu()
    subprocess.run(
        [sys.executable, "-c", SCRIPT, mode, str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        check=False,
    )
    return _children_cpu() - before


def _table_import(env: dict[str, str]) -> float:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import dipcheck._record_methods"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    found = re.search(r"\|\s*(\d+)\s*\|\s*dipcheck\._record_methods\s*$", done.stderr, re.M)
    return int(found.group(1)) / 1e6 if found else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="the workflow to lint")
    parser.add_argument("--runs", type=int, default=21, help="runs of each (default 21)")
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"{args.file}: not found", file=sys.stderr)
        return 2
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    times: dict[str, list[float]] = {"ahead": [], "compiled": []}
    for mode in times:
        _run(mode, args.file, env)  # warm-up: bytecode written, shell verdicts cached
    for _ in range(args.runs):
        for mode, found in times.items():
            found.append(_run(mode, args.file, env))
    medians = {mode: statistics.median(found) * 1000 for mode, found in times.items()}
    table = statistics.median(_table_import(env) for _ in range(args.runs)) * 1000
    print(f"dipcheck lint --no-cache {args.file.name}: {args.runs} fresh processes each")
    for mode, value in medians.items():
        print(f"  {mode:9s} CPU median {value:6.1f} ms")
    print(f"  difference {medians['compiled'] - medians['ahead']:6.1f} ms")
    print(f"  importing the table: median {table:.2f} ms (-X importtime, self and children)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
