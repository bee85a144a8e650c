"""Where a cold ``dipcheck lint --no-cache f.dip`` spends its time (issue 19 §3's ≤ 100 ms).

    python benchmarks/startup_parts.py                 # parallel-ralph-dev.dip, 9 runs
    python benchmarks/startup_parts.py --runs 15 --file some.dip

Each figure is the median of ``--runs`` fresh processes (bytecode cached, the warm-up run
writes it; no result cache):

1. the bare interpreter (``python -c pass``);
2. the whole command, as ``benchmarks/startup.py`` times it;
3. the lint itself, timed inside a process that has first imported every module a lint of the
   file loads (the list comes from a first process that lints the file and prints
   ``sys.modules``): the first lint (regular expressions compiled on first use, tables built
   on first call) and a second one of the same file (what the lint's own work costs).

The imports are what remains: the whole command less the interpreter and the first lint. It
also prints what they read: the number of modules, the bytes of their cached bytecode and the
time ``marshal.loads`` takes on it alone. The last line is the floor of this design: the
whole command less the first-use costs (first lint less second), i.e. a start whose every
regular expression and table were free. Exit status 2 when the file is missing, else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_FILE = (
    PROJECT.parent / "shared" / "corpus" / "tracker" / "examples" / "parallel-ralph-dev.dip"
)

_MODULES = """
import io, json, sys
from dipcheck.cli import main
sys.stdout = io.StringIO()
try:
    main(["lint", "--no-cache", sys.argv[1]])
except SystemExit:
    pass
sys.stdout = sys.__stdout__
print(json.dumps(sorted(name for name, module in sys.modules.items()
                        if getattr(module, "__spec__", None) is not None)))
"""

_IMPORT_ALL = """
import importlib, json, os, sys
for name in json.loads(open(sys.argv[1]).read()):
    try:
        importlib.import_module(name)
    except Exception:
        pass
"""

_LINTS = (
    _IMPORT_ALL
    + """
import io, time
from dipcheck.cli import main
def lint():
    sys.stdout = io.StringIO()
    started = time.perf_counter()
    try:
        main(["lint", "--no-cache", sys.argv[2]])
    except SystemExit:
        pass
    sys.stdout = sys.__stdout__
    return (time.perf_counter() - started) * 1000
print(json.dumps([lint(), lint()]), flush=True)
os._exit(0)
"""
)

_BYTECODE = """
import importlib.util, json, marshal, os, sys, time
blobs = []
for name in json.loads(open(sys.argv[1]).read()):
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        continue
    if spec is None or not (spec.origin or "").endswith(".py"):
        continue
    cached = importlib.util.cache_from_source(spec.origin)
    if os.path.exists(cached):
        with open(cached, "rb") as handle:
            blobs.append((name, handle.read()[16:]))
started = time.perf_counter()
for _, blob in blobs:
    marshal.loads(blob)
took = (time.perf_counter() - started) * 1000
own = [len(blob) for name, blob in blobs if name.split(".")[0] == "dipcheck"]
print(json.dumps([len(blobs), sum(len(blob) for _, blob in blobs), len(own), sum(own), took]))
"""


def _run(command: list[str], cwd: Path, environment: dict[str, str]) -> tuple[float, str]:
    started = time.perf_counter()
    completed = subprocess.run(
        command, cwd=cwd, env=environment, capture_output=True, text=True, check=False
    )
    took = (time.perf_counter() - started) * 1000
    if completed.returncode not in (0, 1) or completed.stderr.strip():
        raise SystemExit(f"{command[:3]}: exit {completed.returncode} {completed.stderr[-300:]}")
    return took, completed.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="the workflow to lint")
    parser.add_argument("--runs", type=int, default=9, help="runs of each (default 9, min 5)")
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"{args.file}: not found (the shared corpus sits beside the project)")
        return 2
    path = args.file.resolve()
    runs = max(5, args.runs)
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="dipcheck-parts-") as scratch:
        environment = {
            key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"
        }
        environment["DIPCHECK_CACHE_DIR"] = os.path.join(scratch, "cache")
        listing = os.path.join(scratch, "modules.json")
        _, names = _run([python, "-c", _MODULES, path.name], path.parent, environment)
        Path(listing).write_text(names, encoding="utf-8")
        commands = {
            "interpreter": [python, "-c", "pass"],
            "whole command": [python, "-m", "dipcheck", "lint", "--no-cache", path.name],
        }
        for command in commands.values():  # warm-up: bytecode, shell verdicts
            _run(command, path.parent, environment)
        walls: dict[str, list[float]] = {name: [] for name in commands}
        first: list[float] = []
        second: list[float] = []
        for _ in range(runs):
            for name, command in commands.items():
                walls[name].append(_run(command, path.parent, environment)[0])
            lints = [python, "-c", _LINTS, listing, path.name]
            one, two = json.loads(_run(lints, path.parent, environment)[1])
            first.append(one)
            second.append(two)
        _, counted = _run([python, "-c", _BYTECODE, listing], path.parent, environment)
        modules, size, own_modules, own_size, unmarshal = json.loads(counted)
    median = {name: statistics.median(values) for name, values in walls.items()}
    bare = median["interpreter"]
    whole = median["whole command"]
    linted = statistics.median(first)
    warm = statistics.median(second)
    print(f"dipcheck lint --no-cache {path.name}: medians of {runs} fresh processes")
    print(f"  whole command                        {whole:6.1f} ms")
    print(f"    the interpreter alone              {bare:6.1f} ms")
    print(f"    the first lint (modules imported)  {linted:6.1f} ms")
    print(
        f"      of it first-use costs            {linted - warm:6.1f} ms   (second lint {warm:.1f})"
    )
    print(
        f"    imports and the rest               {whole - bare - linted:6.1f} ms"
        f"   ({modules} modules)"
    )
    print(
        f"  bytecode the imports read: {size / 1e6:.2f} MB ({own_modules} dipcheck modules, "
        f"{own_size / 1e6:.2f} MB); marshal.loads alone {unmarshal:.1f} ms"
    )
    print(
        f"  floor of this design (the whole command less first-use costs): "
        f"{whole - (linted - warm):.1f} ms (issue 19 target: 100 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
