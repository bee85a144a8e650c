"""The cyclic garbage collector, paused while one file is read and checked; and in a command's
process, what is never freed.

Reading a workflow allocates many small objects (tokens, trees, spans, fields) that reference
counting frees on its own; the collector's passes over them while they are alive cost as much
as the work itself on a large file, and grow with it: each pass scans every object still alive,
so a file twice as long paid four times (``dipcheck fmt`` on 24,000 lines: 4.6 s, 2.2 s
without). Cycles, if any, are collected once the collector is back on.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# In a command's process, a collection runs once this many more container objects have been
# made than freed since the last one (the interpreter's default is 700). A lint pauses the
# collector while it works, so the first object made after it triggered a pass over all that
# the file left alive, only for the process to report and exit: 0.14 s of a 10,000-node lint,
# and 3 % of the corpus's instructions. A million objects still bounds what cycles can hold
# (a lint makes a few hundred per file, from the DOT tokens kept with their source).
COMMAND_THRESHOLD = 1_000_000

# What a command's process keeps to the end (None elsewhere): it ends with ``os._exit``
# (``launch.entry``), which frees nothing, so a lint's results need not be freed object by
# object before it.
_until_exit: list[object] | None = None


@contextmanager
def paused() -> Iterator[None]:
    """No automatic cyclic collection inside the block; the collector's state is restored
    after it (one turned off by the caller, as the language server does, stays off)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def for_a_command() -> None:
    """Collect cycles less often in a command's process (:data:`COMMAND_THRESHOLD`); the
    language server and library callers keep the collector as they set it. The process keeps
    what it hands to :func:`until_exit`."""
    global _until_exit
    gc.set_threshold(COMMAND_THRESHOLD, *gc.get_threshold()[1:])
    _until_exit = []


def until_exit(value: object) -> None:
    """In a command's process (:func:`for_a_command`), keep ``value`` alive until the process
    ends: freeing a 10,000-node lint's results (their workflows, every token and span) one
    object at a time took about 0.8 % of the lint after its report was written. Elsewhere
    (the language server, a library caller), nothing: the value is freed as usual."""
    if _until_exit is not None:
        _until_exit.append(value)
