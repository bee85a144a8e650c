"""The cyclic garbage collector, run while the server waits instead of while it answers.

The library pauses the collector while it lints a file and turns it back on afterwards; the
first allocation after that then scans everything the lint left alive (a 3,359-line workflow:
about 10 ms, the conversion of its diagnostics paying for it) before the diagnostics go out.
The server turns the collector off for good once it has started (:func:`take_over`) and
collects cycles itself: when no lint has run for ``quiet`` seconds, and at the latest after
``every`` lints (a client that never pauses still has its memory returned), always between
lints, never during one. Requests that lint nothing (hover, tokens, completion) allocate too:
every ``period`` seconds, a collection also runs when ``allocations`` objects have been made
since the last one. Reference counting frees everything else at once, as before.
"""

from __future__ import annotations

import asyncio
import gc


def take_over() -> None:
    """Stop automatic collection: from here on :class:`IdleCollector` decides."""
    gc.disable()


class IdleCollector:
    """Collects cycles after the lints quieten down (see the module's docstring)."""

    def __init__(
        self, quiet: float = 1.0, every: int = 64, period: float = 30.0, allocations: int = 10_000
    ) -> None:
        self.quiet = quiet
        self.every = every
        self.period = period
        self.allocations = allocations
        self.running = 0  # lints in flight
        self.since = 0  # lints finished since the last collection
        self._timer: asyncio.TimerHandle | None = None
        self._ticking = False

    def started(self) -> None:
        """A lint is about to run."""
        self.running += 1

    def finished(self) -> None:
        """A lint has finished (called on the event loop, before its result is used)."""
        self.running -= 1
        self.since += 1
        loop = asyncio.get_running_loop()
        if self._timer is not None:
            self._timer.cancel()
        # After `every` lints, collect as soon as this step of the loop is over (the caller
        # publishes its result first); otherwise once nothing has been linted for a while.
        delay = 0.0 if self.since >= self.every else self.quiet
        self._timer = loop.call_later(delay, self._collect)
        if not self._ticking:
            self._ticking = True
            loop.call_later(self.period, self._tick)

    def _collect(self) -> None:
        self._timer = None
        if self.running:  # a lint started meanwhile: its own finish schedules the next one
            return
        gc.collect()
        self.since = 0

    def _tick(self) -> None:
        asyncio.get_running_loop().call_later(self.period, self._tick)
        if gc.get_count()[0] >= self.allocations and not self.running:
            if self._timer is not None:
                self._timer.cancel()
            self._collect()
