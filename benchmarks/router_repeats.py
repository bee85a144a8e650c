"""DIP103 (overlapping-condition) on one node whose edges all test the same comparison.

Builds a `.dip` workflow with N edges `R -> E when ctx.route = done` from one node (the shape
of fuzz input dot seed 1207 #5421, a DOT chain `A -> A -> … -> A [condition=…]`), runs the
rule alone on its parsed workflow with the cyclic garbage collector paused (as the engine runs
rules), and prints the median CPU time per size and the growth between the two sizes.

    python benchmarks/router_repeats.py                      # 2,000 and 16,000 edges, 3 runs
    python benchmarks/router_repeats.py --sizes 1000 8000 --runs 5
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time

from dipcheck.frontends.dip import load_dip
from dipcheck.rules.context import Context
from dipcheck.rules.dippin_routing import overlapping_condition
from dipcheck.source import SourceText


def context(count: int, value: str = "done") -> Context:
    """The rule's context for a workflow whose node ``R`` has ``count`` edges, each testing
    ``ctx.route = value`` (``value`` formatted with the edge's number: ``"v{}"`` gives every
    edge its own value). tests/test_router_scaling.py builds its workflows here too."""
    lines = [f"    R -> E  when ctx.route = {value.format(index)}" for index in range(count)]
    text = (
        "workflow W\n  start: R\n  exit: E\n  agent R\n    prompt: p\n    writes: route\n"
        "  agent E\n    prompt: e\n  edges\n" + "\n".join(lines) + "\n"
    )
    workflow = load_dip(SourceText("router.dip", text)).workflow
    assert workflow is not None
    return Context(workflow)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs=2, default=[2000, 16000], metavar="N")
    parser.add_argument("--runs", type=int, default=3, help="runs per size (default 3)")
    options = parser.parse_args()
    medians = []
    for size in options.sizes:
        prepared = context(size)
        times = []
        gc.disable()
        try:
            for _ in range(options.runs):
                started = time.process_time()
                found = len(list(overlapping_condition(prepared)))
                times.append(time.process_time() - started)
        finally:
            gc.enable()
        medians.append(statistics.median(times))
        print(f"{size} edges: {medians[-1]:.3f} s CPU, {found} DIP103 findings")
    small, large = options.sizes
    growth = medians[1] / medians[0]
    ratio = large / small
    print(f"{ratio:.0f}x the edges took {growth:.1f}x the time (linear: about {ratio:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
