"""How fast this machine runs Python right now: one line printed before a timed benchmark.

The development machine is shared and its speed drifts by up to 2.5x within a day, so a time
measured at one hour cannot be compared with one measured at another. Each timed benchmark
(``synthetic.py``, ``corpus_cold.py``, ``lsp_latency.py``) first prints the CPU time of a
fixed pure-Python loop, the median of three runs: compare two figures only when their probes
agree, or scale one by the ratio of the probes. Instruction counts
(``process_instructions.py``, ``lint_instructions.py``) do not drift and need no probe.

The CPU time of work done in several processes at once also depends on how much the cores
slow each other (two virtual CPUs may share one physical core): ``corpus_cold.py`` prints
that too, measured with the same loop run twice at once (:func:`contention`).

    python benchmarks/machine.py
"""

from __future__ import annotations

import os
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


def contention() -> float:
    """How much more CPU time the probe's loop takes when two copies run at once, in two
    processes, than when one runs alone (the median of three pairs; 1.0 when the cores do
    not slow each other). Linux and macOS (``os.fork``)."""
    ratios = []
    for _ in range(3):
        alone = _loop()
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:  # the other copy: its time back through the pipe, then out at once
            try:
                os.write(writer, repr(_loop()).encode("ascii"))
            finally:
                os._exit(0)
        mine = _loop()
        os.waitpid(pid, 0)
        os.close(writer)
        with os.fdopen(reader, "rb") as pipe:
            theirs = float(pipe.read())
        ratios.append((mine + theirs) / 2 / alone)
    return statistics.median(ratios)


def describe_contention() -> str:
    return (
        f"machine contention: the loop in two processes at once takes {contention():.2f}x "
        "the CPU time of one alone (median of 3 pairs)"
    )


if __name__ == "__main__":
    print(describe())
    print(describe_contention())
