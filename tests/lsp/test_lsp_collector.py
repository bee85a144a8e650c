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
