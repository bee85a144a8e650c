"""How fast this machine runs Python right now: one line printed before a timed benchmark.

The development machine is shared and its speed drifts by up to 2.5x within a day, so a time
measured at one hour cannot be compared with one measured at another. Each timed benchmark
(``synthetic.py``, ``corpus_cold.py``, ``lsp_latency.py``) first prints the CPU time of a
fixed pure-Python loop, the median of three runs: compare two figures only when their probes
agree, or scale one by the ratio of the probes. Instruction counts
(``process_instructions.py``, ``lint_instructions.py``) do not drift and need no probe.

    python benchmarks/machine.py
"""

from __future__ import annotations

import statistics
import time

STEPS = 5_000_000


def _loop() -> float:
    begin = time.process_time()
    total = 0
    for step in range(STEPS):
        total += step
    return time.process_time() - begin


def probe() -> float:
    """CPU seconds of a ``STEPS``-step summing loop, the median of three runs."""
    return statistics.median(_loop() for _ in range(3))


def describe() -> str:
    return f"machine probe: {STEPS:,}-step Python loop {probe():.2f} s cpu (median of 3)"


if __name__ == "__main__":
    print(describe())
