"""A progress bar on standard error while many files are linted (only on a terminal)."""

from __future__ import annotations

import sys
from typing import TextIO

MIN_FILES = 10  # fewer files finish before a bar is worth drawing
WIDTH = 30


class ProgressBar:
    def __init__(self, stream: TextIO = sys.stderr) -> None:
        self.stream = stream
        self.drawn = False

    @staticmethod
    def wanted(stream: TextIO = sys.stderr, quiet: bool = False) -> bool:
        return not quiet and stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        if total < MIN_FILES:
            return
        filled = WIDTH * done // total
        bar = "=" * filled + (">" if filled < WIDTH else "") + " " * (WIDTH - filled - 1)
        self.stream.write(f"\r[{bar}] {done}/{total} files")
        self.drawn = True
        if done == total:
            self.clear()
        self.stream.flush()

    def clear(self) -> None:
        if self.drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.drawn = False
