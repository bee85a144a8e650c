"""Two pieces of the language server's answer, timed in process (median CPU of several runs).

* **positions on one long line** — ``Positions.position`` for every tenth offset of a
  single 60,000-character line, ASCII and mixed (``é🚀x``), in UTF-16 and UTF-8: the
  conversion of every symbol, folding range and finding of a document written on one line.
* **DOT suppression edits** — the "ignore this finding" quick fixes of every finding of the
  largest corpus DOT file (tracker's ``kitchen-sink.dot``), computed after its lint, as the
  server does on each edit. They need the file's tokens; the lint has lexed it already.

    python benchmarks/lsp_conversions.py               # 5 runs each
    python benchmarks/lsp_conversions.py --runs 9 --dot some.dot
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from dipcheck_lsp.convert import Positions

from dipcheck.engine import lint_text
from dipcheck.source import SourceText
from dipcheck.suppressions import suppression_edits

DEFAULT_DOT = (
    Path(__file__).resolve().parents[2] / "shared/corpus/tracker/examples/kitchen-sink.dot"
)


def median_cpu(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--dot", type=Path, default=DEFAULT_DOT, help="the DOT file")
    options = parser.parse_args()
    for name, text in (("ascii", "x" * 60_000), ("mixed", "é🚀x" * 20_000)):
        for encoding in ("utf-16", "utf-8"):

            def convert(text: str = text, encoding: str = encoding) -> None:
                positions = Positions(SourceText("line", text), encoding)
                for offset in range(0, len(text), 10):
                    positions.position(offset)

            seconds = median_cpu(convert, options.runs)
            print(f"positions, one {name} line, {encoding}: 6,000 in {seconds * 1000:.1f} ms")
    if not options.dot.is_file():
        print(f"{options.dot}: not found, no DOT figure", file=sys.stderr)
        return 2
    text = options.dot.read_text(encoding="utf-8")
    result = lint_text(text, str(options.dot))
    seconds = median_cpu(lambda: suppression_edits(result.diagnostics, "dot"), options.runs)
    lint = median_cpu(lambda: lint_text(text, str(options.dot)), options.runs)
    print(
        f"{options.dot.name} ({len(text)} characters, {len(result.diagnostics)} findings): "
        f"lint {lint * 1000:.1f} ms, suppression edits after it {seconds * 1000:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
