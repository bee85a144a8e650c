"""Writing the JSON report three ways, which give the same text: the standard library's
indenting encoder, :func:`dipcheck.jsontext.dumps` over the same dictionaries, and the
report's own writer (``report.json.render``), which writes each finding straight to text.

Lints a generated workflow once (``synthetic.py``'s ``skips`` shape: one DC104 finding with an
eleven-step witness path per node), then writes the whole ``--format json`` report each way
(the first two build each finding's dictionaries first, as the report did before) and prints
the median CPU time of each. The three texts are compared first.

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
from dipcheck.diagnostics import Severity
from dipcheck.engine import lint_text
from dipcheck.report import json as json_report
from dipcheck.result import LintResult


def _document(result: LintResult) -> dict[str, object]:
    diagnostics = json_report.sorted_diagnostics([result])
    return {
        "version": 1,
        "tool": {"name": "dipcheck", "version": json_report.__version__},
        "files": [result.path],
        "diagnostics": [json_report.diagnostic_dict(item) for item in diagnostics],
        "summary": {
            "files": 1,
            "errors": sum(item.severity is Severity.ERROR for item in diagnostics),
            "warnings": sum(item.severity is Severity.WARNING for item in diagnostics),
            "infos": sum(item.severity is Severity.INFO for item in diagnostics),
            "hints": sum(item.severity is Severity.HINT for item in diagnostics),
            "skipped": 0,
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=2000, help="nodes (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per writer (default 5)")
    options = parser.parse_args()
    result = lint_text(skips(options.size), "synthetic.dip")

    def standard() -> str:
        text = json.dumps(_document(result), ensure_ascii=False, indent=2)
        return jsontext.utf8_safe(text) + "\n"

    def dictionaries() -> str:
        return "".join(map(jsontext.utf8_safe, json_report.encode(_document(result)))) + "\n"

    def direct() -> str:
        return json_report.render([result])

    writers = {"json.dumps(indent=2)": standard, "jsontext.dumps": dictionaries, "render": direct}
    texts = {name: write() for name, write in writers.items()}
    assert len(set(texts.values())) == 1, "the writers disagree"
    print(f"{len(result.diagnostics)} findings, {len(texts['render']) / 1e6:.1f} MB of JSON")
    for name, write in writers.items():
        times = []
        for _ in range(options.runs):
            started = time.process_time()
            write()
            times.append(time.process_time() - started)
        print(f"{name:22} {statistics.median(times):.3f} s CPU (median of {options.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
