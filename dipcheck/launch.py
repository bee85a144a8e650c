"""The ``dipcheck`` command (and ``python -m dipcheck``): a command line the run cache holds
(:mod:`dipcheck.replay`) is answered before the command-line parser is even imported; any
other runs :func:`dipcheck.cli.main`, which a kept run watches to fill its entry."""

from __future__ import annotations

import contextlib
import os
import sys

TYPE_CHECKING = False  # as typing's, without importing typing (and re): dipcheck/replay.py
if TYPE_CHECKING:
    from typing import NoReturn


def entry() -> NoReturn:
    """:func:`~dipcheck.cli.main` (or the run cache's answer), then the process ends without
    the interpreter's teardown, which frees every module and object one by one (a fifth of a
    cached one-file lint: ``benchmarks/startup.py``). By then every pool has been shut down
    and every file closed; only the standard streams still need flushing."""
    from dipcheck import cycles

    cycles.for_a_command()  # first: the imports below make objects too
    from dipcheck import replay

    for stream in (sys.stdout, sys.stderr):
        # a file name that is not UTF-8 (lone surrogates, as Python decodes it) is printed as
        # the bytes it has, as git prints it, where a strict stream (a UTF-8 locale other
        # than C) would end the run with a traceback
        if getattr(stream, "errors", None) == "strict":
            with contextlib.suppress(AttributeError, ValueError):
                stream.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
    run = replay.prepare(sys.argv[1:])
    try:
        code = None if run is None else run.replay()
    except BrokenPipeError:  # the reader went away, as cli.main takes it
        code = 0
    if code is None:
        if run is not None:
            run.capture()
        code = _main()
        if run is not None:
            run.keep(code)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # the reader went away, or it is closed
            stream.flush()
    os._exit(code)


def _main() -> int:
    from dipcheck.cli import main

    try:
        return main()
    except SystemExit as stop:  # argparse: --help, usage errors
        if isinstance(stop.code, str):
            print(stop.code, file=sys.stderr)
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
