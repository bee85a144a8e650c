"""Work shared by this process and forked copies of it, the results in order (POSIX ``fork``).

:func:`shared` computes ``work(0)``, …, ``work(count - 1)``. This process and ``helpers``
forked copies of it take the next indices from one job pipe, so a slow item does not hold up
the others, and this process keeps working instead of waiting: one forked process fewer than
a pool of workers, and no pool to import (``multiprocessing`` and ``concurrent.futures``: about
15 ms of a run's start). A helper sends each result back through its own pipe as ``marshal``
data (plain values only: ``send`` makes them, ``receive`` rebuilds the result); nothing else
writes to those pipes, and only this process's copies read the job pipe.

A helper that dies (the OOM killer of a CI container, say) loses nothing: its pipe ends, and
the indices it took and did not send back are computed here at the end, as is a result that
cannot be read back (a bug in ``receive`` ends no run). When no process or
pipe can be made (the user's process limit, no file descriptor left), this process does the
work of the helpers it could not start.
"""

from __future__ import annotations

import marshal
import os
import select
import signal
from collections.abc import Callable, Iterator
from typing import Any, NoReturn, TypeVar

T = TypeVar("T")

_CLAIM = 4  # bytes of one claim in the job pipe: the first index of a run of indices
_HEAD = 8  # bytes of a result's length before it
# At most this many claims, so that all of them fit in the job pipe's buffer before anyone
# reads it: 4 KiB, one page, is the least Linux gives a pipe (once a user's pipes hold more
# than ``/proc/sys/fs/pipe-user-pages-soft``). Above 1,024 items a claim is a run of indices.
_MOST_CLAIMS = 1024


def shared(
    count: int,
    work: Callable[[int], T],
    helpers: int,
    send: Callable[[T], Any],
    receive: Callable[[Any], T],
) -> Iterator[T]:
    """``work(index)`` for each index below ``count``, yielded in index order, computed here
    and in ``helpers`` forked processes (``send`` turns a helper's result into plain values,
    ``receive`` turns them back)."""
    if count <= 0:
        return
    size = -(-count // _MOST_CLAIMS)  # indices per claim
    try:
        jobs, feed = os.pipe()
    except OSError:  # no file descriptor left: this process does it all
        yield from map(work, range(count))
        return
    try:
        _write_all(
            feed, b"".join(start.to_bytes(_CLAIM, "little") for start in range(0, count, size))
        )
    finally:
        os.close(feed)
    children: dict[int, int] = {}  # a helper's result pipe (read end) -> its process id
    done: dict[int, T] = {}
    try:
        for _ in range(min(helpers, count)):
            try:
                read_end, write_end = os.pipe()
            except OSError:  # no file descriptor left: the helpers started so far
                break
            try:
                pid = os.fork()
            except OSError:  # the user's process limit, or no memory for one more
                os.close(read_end)
                os.close(write_end)
                break
            if pid == 0:
                _help(jobs, write_end, [read_end, *children], size, count, work, send)
            os.close(write_end)
            children[read_end] = pid
        poller = select.poll()
        for fd in children:
            poller.register(fd, select.POLLIN)

        def take(timeout: int | None) -> None:
            """Read each result that is ready (waiting up to ``timeout`` ms for one)."""
            for fd, _ in poller.poll(timeout):
                head = _exactly(fd, _HEAD)
                data = None if head is None else _exactly(fd, int.from_bytes(head, "little"))
                if data is None:  # the helper is done, or died (perhaps mid-result)
                    poller.unregister(fd)
                    os.close(fd)
                    os.waitpid(children.pop(fd), 0)
                    continue
                try:
                    index, payload = marshal.loads(data)
                    done[index] = receive(payload)
                except Exception:  # (a result this process cannot read is computed here)
                    continue

        # the last result is yielded once every helper has ended, so that a caller that
        # stops after taking ``count`` results leaves no helper behind
        given = 0
        last = count - 1
        for index in _claims(jobs, size, count):
            done[index] = work(index)
            if children:
                take(0)
            while given in done and given < last:
                yield done.pop(given)
                given += 1
        while children:
            take(None)
            while given in done and given < last:
                yield done.pop(given)
                given += 1
        for index in range(given, count):  # and what a helper that died took and did not send
            yield done.pop(index) if index in done else work(index)
    finally:
        os.close(jobs)
        for fd, pid in children.items():  # only when the caller stopped early, or an error
            os.close(fd)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


def _help(
    jobs: int,
    out: int,
    inherited: list[int],
    size: int,
    count: int,
    work: Callable[[int], T],
    send: Callable[[T], Any],
) -> NoReturn:
    """A helper process: take claims until the job pipe is empty, send each result, end
    without the interpreter's teardown (nothing of the parent's is flushed or freed twice)."""
    status = 1
    try:
        for fd in inherited:
            os.close(fd)
        for index in _claims(jobs, size, count):
            data = marshal.dumps((index, send(work(index))))
            _write_all(out, len(data).to_bytes(_HEAD, "little") + data)
        status = 0
    finally:
        os._exit(status)


def _claims(jobs: int, size: int, count: int) -> Iterator[int]:
    """The indices of each claim this process takes from the job pipe, until it is empty (a
    claim is written whole, in one write of less than the pipe's buffer, so a read of its
    size takes exactly one)."""
    while len(claim := os.read(jobs, _CLAIM)) == _CLAIM:
        start = int.from_bytes(claim, "little")
        yield from range(start, min(start + size, count))


def _exactly(fd: int, size: int) -> bytes | None:
    """``size`` bytes from a pipe, or None when it ends first."""
    parts: list[bytes] = []
    left = size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
