"""Encoding the JSON report: the standard library's indenting encoder against
:func:`dipcheck.jsontext.dumps`, which writes the same text.

Lints a generated workflow once (``synthetic.py``'s ``skips`` shape: one DC104 finding with an
eleven-step witness path per node), then encodes its findings as ``--format json`` does, with
each encoder in turn, and prints the median CPU time of each and their ratio. The two texts
are compared first.

    python benchmarks/json_report.py                 # 2,000 nodes, median of 5
    python benchmarks/json_report.py --size 10000 --runs 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import skips

from dipcheck import jsontext
from dipcheck.engine import lint_text
from dipcheck.report.json import diagnostic_dict, sorted_diagnostics


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=2000, help="nodes (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per encoder (default 5)")
    options = parser.parse_args()
    result = lint_text(skips(options.size), "synthetic.dip")
    entries = [diagnostic_dict(item) for item in sorted_diagnostics([result])]

    def standard() -> list[str]:
        return [
            json.dumps(entry, ensure_ascii=False, indent=2).replace("\n", "\n    ")
            for entry in entries
        ]

    def ours() -> list[str]:
        return [jsontext.dumps(entry, 2) for entry in entries]

    assert standard() == ours(), "the two encoders disagree"
    size = sum(len(text) for text in ours())
    print(f"{len(entries)} findings, {size / 1e6:.1f} MB of JSON")
    medians = {}
    for name, encode in (("json.dumps(indent=2)", standard), ("jsontext.dumps", ours)):
        times = []
        for _ in range(options.runs):
            started = time.process_time()
            encode()
            times.append(time.process_time() - started)
        medians[name] = statistics.median(times)
        print(f"{name:22} {medians[name]:.3f} s CPU (median of {options.runs})")
    ratio = medians["json.dumps(indent=2)"] / medians["jsontext.dumps"]
    print(f"jsontext is {ratio:.1f}x faster")
    return 0


if __name__ == "__main__":
    sys.exit(main())
