"""Reading files safely, and the files dipcheck keeps for itself.

Every file dipcheck reads — a linted file, a ``prompt_file:``/``command_file:`` target, a
subgraph child, a configuration or scenario file, a cache entry — is read by
:func:`read_regular`: regular files only, and never more than a limit, so a FIFO or a device
can neither hang a run nor exhaust its memory.

A cache directory holds verdicts and parse tables that decide findings; one that another user
can write (a shared temp directory created by someone else, a directory others may write to)
lets that user forge or suppress findings, so it is refused and the run goes on without it.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from typing import BinaryIO

_warned: set[str] = set()


def default_cache_directory() -> str:
    """The per-user cache directory: ``$DIPCHECK_CACHE_DIR``, else ``$XDG_CACHE_HOME/dipcheck``
    or ``~/.cache/dipcheck`` (``%LOCALAPPDATA%\\dipcheck`` on Windows), else a directory named
    after the user in the system temp directory."""
    explicit = os.environ.get("DIPCHECK_CACHE_DIR")
    if explicit:
        return explicit
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return os.path.join(os.environ["LOCALAPPDATA"], "dipcheck")
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):
        home = os.path.expanduser("~")
        base = os.path.join(home, ".cache") if os.path.isabs(home) else ""
    if base:
        return os.path.join(base, "dipcheck")
    user = os.getuid() if hasattr(os, "getuid") else "user"
    return os.path.join(tempfile.gettempdir(), f"dipcheck-{user}")


def unsafe_directory(path: str) -> str | None:
    """Why the existing ``path`` may not hold a cache, or None when it may: it is a real
    directory, not a symbolic link, owned by this user and writable by no one else."""
    try:
        info = os.lstat(path)
    except OSError as error:
        return f"it cannot be read: {error.strerror or error}"
    if stat.S_ISLNK(info.st_mode):
        return "it is a symbolic link"
    if not stat.S_ISDIR(info.st_mode):
        return "it is not a directory"
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return f"it belongs to another user (uid {info.st_uid})"
    if hasattr(os, "getuid") and info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"other users can write to it (run `chmod go-w {path}`)"
    return None


def usable_directory(path: str) -> bool:
    """Whether ``path`` may hold a cache: it is created (mode 0700) when missing, and refused
    when :func:`unsafe_directory` finds a reason, said on standard error once per directory
    and process. A directory that cannot be created means no cache, quietly."""
    try:
        if not os.path.lexists(path):
            os.makedirs(path, mode=0o700, exist_ok=True)
    except OSError:
        return False
    problem = unsafe_directory(path)
    if problem is None:
        return True
    if path not in _warned:
        _warned.add(path)
        print(f"dipcheck: warning: not using the cache in {path}: {problem}", file=sys.stderr)
    return False


def private_cache_directory() -> str | None:
    """:func:`default_cache_directory` when it may hold a cache, else None (no cache)."""
    path = default_cache_directory()
    return path if usable_directory(path) else None


# -- containment ------------------------------------------------------------------------------


def inside(path: str, root: str) -> bool:
    """Whether ``path``, every symbolic link resolved, is ``root`` or lies below it (also with
    its links resolved)."""
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


# -- reading ----------------------------------------------------------------------------------

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotRegularFile(OSError):
    """The path names something other than a regular file; ``kind`` says what (a FIFO, a
    character device …)."""

    def __init__(self, path: str, kind: str) -> None:
        super().__init__(f"{path} is {kind}, not a regular file")
        self.kind = kind


class FileTooLarge(OSError):
    """The file holds more than the bytes a read may take; ``size`` is what ``stat`` said
    (0 for files such as those of ``/proc`` that do not know their size)."""

    def __init__(self, path: str, limit: int, size: int) -> None:
        super().__init__(f"{path} is larger than {describe_size(limit)}")
        self.limit = limit
        self.size = size


def kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_regular(path: str, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (symbolic links followed), at most ``limit``.

    Anything else — a FIFO, ``/dev/zero``, ``/dev/stdin``, a socket, a directory — is refused
    before it is opened (:class:`NotRegularFile`; :class:`IsADirectoryError` for a directory),
    so a read never waits for a writer or runs without end; a file with more than ``limit``
    bytes is :class:`FileTooLarge`. The file is opened without blocking and checked again once
    open, so that it cannot be swapped for a FIFO in between."""
    _check_regular(path, os.stat(path).st_mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    descriptor = os.open(path, flags | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(descriptor)
        _check_regular(path, info.st_mode)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(descriptor)
    if size > limit:
        raise FileTooLarge(path, limit, info.st_size)
    return b"".join(chunks)


def _check_regular(path: str, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(21, "is a directory", path)
    if not stat.S_ISREG(mode):
        raise NotRegularFile(path, kind_of(mode))


def read_stream(stream: BinaryIO, limit: int) -> bytes:
    """At most ``limit`` bytes of ``stream`` (standard input); :class:`FileTooLarge` when it
    holds more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(getattr(stream, "name", "<stdin>"), limit, 0)
    return data


def describe_size(limit: int) -> str:
    if limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MiB"
    return f"{limit} bytes"


def read_private(path: str, limit: int) -> bytes | None:
    """:func:`read_regular` of a cache file, None when it cannot be read."""
    try:
        return read_regular(path, limit)
    except OSError:
        return None
