"""dipcheck.forked: work shared with forked helpers, results in order, nothing lost."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path
from typing import NoReturn

import pytest

from dipcheck import forked

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")


def _plain(value: object) -> object:
    return value


def test_results_come_in_order_from_this_process_and_a_helper() -> None:
    parent = os.getpid()

    def work(index: int) -> tuple[int, int]:
        time.sleep(0.002)  # (long enough that the helper takes some)
        return index * index, os.getpid()

    results = list(forked.shared(40, work, 1, _plain, tuple))
    assert [value for value, _ in results] == [index * index for index in range(40)]
    makers = {pid for _, pid in results}
    assert parent in makers and len(makers) == 2  # the helper's results came back too


def test_one_process_alone_is_the_plain_loop() -> None:
    calls: list[int] = []

    def work(index: int) -> int:
        calls.append(index)
        return -index

    assert list(forked.shared(5, work, 0, _plain, _plain)) == [0, -1, -2, -3, -4]
    assert calls == [0, 1, 2, 3, 4]
    assert list(forked.shared(0, work, 2, _plain, _plain)) == []


def test_more_items_than_claims_fit_are_taken_in_runs() -> None:
    # above 1,024 items a claim is a run of indices; every index is computed once, in order
    count = 3 * forked._MOST_CLAIMS + 7
    assert list(forked.shared(count, lambda index: index, 2, _plain, _plain)) == list(range(count))


def test_a_helper_that_dies_leaves_its_items_to_this_process() -> None:
    parent = os.getpid()
    here: list[int] = []

    def work(index: int) -> int:
        if os.getpid() != parent:
            os._exit(9)  # the helper dies on the first item it takes (the OOM killer, say)
        here.append(index)
        time.sleep(0.01)
        return index + 100

    assert list(forked.shared(12, work, 1, _plain, _plain)) == [i + 100 for i in range(12)]
    # every item was computed here; the one the helper took came last, out of order
    assert sorted(here) == list(range(12)) and here != sorted(here)


def test_a_caller_that_stops_early_leaves_no_helper_behind() -> None:
    def work(index: int) -> int:
        time.sleep(0.005)
        return os.getpid()

    results = forked.shared(200, work, 1, _plain, _plain)
    seen = {next(results) for _ in range(20)}
    results.close()
    helpers = seen - {os.getpid()}
    assert helpers  # (the helper had sent results by then)
    for pid in helpers:
        with pytest.raises(ProcessLookupError):  # killed and reaped: no process, no zombie
            os.kill(pid, 0)


def test_a_helper_still_working_is_stopped_when_the_caller_stops() -> None:
    parent = os.getpid()
    taken: list[int] = []

    def work(index: int) -> int:
        if os.getpid() != parent:
            taken.append(index)  # (the helper's own copy of the list)
            if len(taken) > 1:
                time.sleep(60)  # the helper's second item never ends
        else:
            time.sleep(0.01)
        return index

    results = forked.shared(50, work, 1, _plain, _plain)
    assert next(results) == 0
    begin = time.monotonic()
    results.close()  # waited a minute for the helper before it was killed
    assert time.monotonic() - begin < 10


def test_a_helper_does_not_flush_what_this_process_buffered(tmp_path: Path) -> None:
    # a helper ends without the interpreter's teardown, which would flush every buffered file
    # of this process a second time
    with open(tmp_path / "out.txt", "w", encoding="utf-8") as out:
        out.write("once\n")  # buffered, not yet written
        assert list(forked.shared(30, lambda index: index, 1, _plain, _plain)) == list(range(30))
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == "once\n"


@pytest.mark.parametrize("failing", ["fork", "pipe"])
def test_no_process_or_pipe_to_spare_leaves_the_work_here(
    failing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a fork refused (the user's process limit: EAGAIN) or no file descriptor left (EMFILE)
    # ended the whole lint in a traceback
    here: list[int] = []

    def refuse(*args: object) -> NoReturn:
        code = errno.EAGAIN if failing == "fork" else errno.EMFILE
        raise OSError(code, os.strerror(code))

    def work(index: int) -> int:
        here.append(index)
        return index * 3

    monkeypatch.setattr(os, failing, refuse)
    assert list(forked.shared(20, work, 2, _plain, _plain)) == [index * 3 for index in range(20)]
    assert here == list(range(20))


def test_a_refused_second_fork_keeps_the_first_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    forks = 0
    real_fork = os.fork

    def second_refused() -> int:
        nonlocal forks
        forks += 1
        if forks > 1:
            raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        return real_fork()

    def work(index: int) -> tuple[int, int]:
        time.sleep(0.002)
        return index, os.getpid()

    monkeypatch.setattr(os, "fork", second_refused)
    results = list(forked.shared(40, work, 3, _plain, tuple))
    assert [index for index, _ in results] == list(range(40))
    assert len({pid for _, pid in results}) == 2 and forks == 2


def test_a_result_that_cannot_be_read_back_is_computed_here() -> None:
    parent = os.getpid()

    def work(index: int) -> tuple[int, int]:
        time.sleep(0.002)
        return index, os.getpid()

    def receive(payload: object) -> tuple[int, int]:
        index, pid = payload  # type: ignore[misc]
        if index % 5 == 0:
            raise ValueError("unreadable")  # (decoding a helper's result failed)
        return index, pid

    results = list(forked.shared(40, work, 1, _plain, receive))
    assert [index for index, _ in results] == list(range(40))
    assert all(pid == parent for index, pid in results if index % 5 == 0)
    assert {pid for _, pid in results} != {parent}  # (the helper's other results came back)
