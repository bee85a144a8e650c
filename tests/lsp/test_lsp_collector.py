"""The language server collects cycles between lints (dipcheck_lsp/collector.py): once the
lints pause, or after ``every`` lints in a row, and never while a lint runs."""

from __future__ import annotations

import asyncio
import gc

import pytest
from dipcheck_lsp.collector import IdleCollector


@pytest.fixture
def collections(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each gc.collect() call the collector makes, counted instead of run."""
    calls: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda *args: calls.append(1) or 0)
    return calls


def test_cycles_are_collected_once_the_lints_pause(collections: list[int]) -> None:
    async def scenario() -> tuple[int, int]:
        collector = IdleCollector(quiet=0.05, every=100)
        collector.started()
        collector.finished()
        await asyncio.sleep(0)
        right_after = len(collections)
        await asyncio.sleep(0.15)
        return right_after, len(collections)

    assert asyncio.run(scenario()) == (0, 1)


def test_no_collection_while_a_lint_runs(collections: list[int]) -> None:
    """The twin: a lint still running when the pause is over postpones the collection to
    after its own finish."""

    async def scenario() -> tuple[int, int]:
        collector = IdleCollector(quiet=0.05, every=100)
        collector.started()
        collector.started()
        collector.finished()
        await asyncio.sleep(0.15)  # the first lint's pause is over; the second still runs
        during = len(collections)
        collector.finished()
        await asyncio.sleep(0.15)
        return during, len(collections)

    assert asyncio.run(scenario()) == (0, 1)


def test_a_client_that_never_pauses_still_gets_its_memory_back(collections: list[int]) -> None:
    async def scenario(lints: int) -> int:
        collector = IdleCollector(quiet=60, every=3)
        for _ in range(lints):
            collector.started()
            collector.finished()
        await asyncio.sleep(0.05)
        return len(collections)

    assert asyncio.run(scenario(2)) == 0
    assert asyncio.run(scenario(3)) == 1


def _allocating(threshold: int) -> int:
    """Collections made by the periodic check when 5,000 objects are made after one lint and
    no lint follows (the pause-timer is far away), with the collector's threshold given."""
    calls: list[int] = []

    async def scenario() -> None:
        collector = IdleCollector(quiet=60, every=100, period=0.05, allocations=threshold)
        collector.started()
        collector.finished()
        kept = [[] for _ in range(5000)]
        await asyncio.sleep(0.2)
        assert kept

    enabled = gc.isenabled()
    gc.disable()  # (the count of objects made since the last collection must grow)
    real = gc.collect
    try:
        real()
        gc.collect = lambda *args: calls.append(1) or 0  # type: ignore[assignment]
        asyncio.run(scenario())
    finally:
        gc.collect = real  # type: ignore[assignment]
        if enabled:
            gc.enable()
    return len(calls)


def test_requests_that_lint_nothing_still_get_collections() -> None:
    """Hover, tokens and completion allocate without linting: a periodic check collects once
    enough objects have been made."""
    assert _allocating(1000) >= 1


def test_no_periodic_collection_below_the_threshold() -> None:
    """The twin: fewer objects made than the threshold, no collection."""
    assert _allocating(10_000_000) == 0
