"""Which files the open workflows depend on, and noticing when they change on disk.

A client that can watch files for the server (``workspace.didChangeWatchedFiles`` with
``dynamicRegistration``) is asked to, with ``client/registerCapability``: the configuration
files anywhere in the workspace, and every file an open workflow reads (prompt, command and
system-prompt files, subgraph children, whether they exist yet or not). The registration is
renewed when that set changes. A client that cannot (Neovim before 0.9, Neovim 0.10+ on Linux
without ``inotifywait``, many others) gets the same effect from :class:`Poller`: once a second
the server compares those files' modification times with the ones each lint saw (a few
``stat`` calls).
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Callable, Iterable

from lsprotocol import types

from dipcheck.configfile import CONFIG_NAMES

CONFIG_GLOB = "**/{" + ",".join(CONFIG_NAMES) + "}"
POLL_SECONDS = 1.0
_IDS = itertools.count(1)


def config_candidates(path: str) -> list[str]:
    """Every configuration file that could apply to ``path``: each name in its directory and
    each parent, up to the file system's root, as the search for one goes (a file two
    folders above the workspace root applies as well; it was not watched)."""
    result: list[str] = []
    directory = os.path.dirname(path)
    while True:
        result.extend(os.path.join(directory, name) for name in CONFIG_NAMES)
        parent = os.path.dirname(directory)
        if parent == directory:
            return result
        directory = parent


def watchers(paths: Iterable[str]) -> list[types.FileSystemWatcher]:
    """The configuration files anywhere, and each dependency by its absolute path."""
    found = [types.FileSystemWatcher(glob_pattern=CONFIG_GLOB)]
    found.extend(types.FileSystemWatcher(glob_pattern=path) for path in sorted(set(paths)))
    return found


def registration(paths: Iterable[str]) -> types.Registration:
    return types.Registration(
        id=f"dipcheck-watch-{next(_IDS)}",
        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers(paths)),
    )


Stamp = tuple[int, int] | None  # (mtime in ns, size), None for a missing file


def stamp(path: str) -> Stamp:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


class Poller:
    """Calls ``changed(paths)`` with the files whose stamp differs from the one a lint saw
    (``seen()`` lists those pairs)."""

    def __init__(
        self,
        seen: Callable[[], Iterable[tuple[str, Stamp]]],
        changed: Callable[[list[str]], None],
    ) -> None:
        self.seen = seen
        self.changed = changed
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self.run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def look(self) -> list[str]:
        moved: list[str] = []
        for path, old in self.seen():
            if path not in moved and stamp(path) != old:
                moved.append(path)
        return moved

    async def run(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            moved = self.look()
            if moved:
                self.changed(moved)
