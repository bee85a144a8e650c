"""``dipcheck lint --watch``: lint, then lint again whatever changes, printing only changes.

Files are watched with ``watchfiles`` (a Rust ``notify`` backend: inotify, FSEvents,
ReadDirectoryChangesW; changes arrive debounced and batched). A changed workflow is linted
again, and so is every workflow that read a changed file (prompt files, command files,
subgraph children: each result records what it read). For each workflow linted again whose
findings differ, its findings are printed, or that it is now clean; nothing is printed for a
change that changes no finding.

The settings are read again when a configuration file changes, appears or goes: the one in
use, and any ``dipcheck.toml``, ``.dipcheck.toml`` or ``pyproject.toml`` in the watched tree or
in a folder above it (where the search for one looks). New settings lint every file again;
settings that cannot be read are reported and the ones in use are kept, as the language
server does.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from dipcheck.config import Config, ConfigError
from dipcheck.configfile import CONFIG_NAMES
from dipcheck.engine import LintResult, Settings, expand_paths, lint_paths
from dipcheck.files import DIP_FILES, read_from_disk, unchanged
from dipcheck.terminal import visible_line, visible_name

DEBOUNCE_MS = 200
# How long the watch waits for a change before it looks whether it owes a check of every file
# (see _changes): the watcher also wakes this often while nothing changes
WAKE_MS = 1000
# In a batch of :func:`_changes`: the watcher was set up again, and changes made meanwhile
# were not reported; no file has this name
RESYNC = "\0resync"


def _key(result: LintResult) -> list[tuple[str, str, tuple[int, int], tuple[int, int]]]:
    return [
        (item.code, item.message, item.span.start_position(), item.span.end_position())
        for item in result.diagnostics
    ]


def _roots(paths: Sequence[str]) -> list[str]:
    """Directories to watch: the directories given, and those of the files given."""
    roots = {
        os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
        for path in paths
    }
    return sorted(roots)


def _directories(paths: Sequence[str]) -> set[str]:
    """The directories to watch: each root and every directory below it, symbolic links not
    followed (as the workflow files are found)."""
    return {directory for root in _roots(paths) for directory, _, _ in os.walk(root)}


def _above(paths: Sequence[str], settings_files: set[str]) -> set[str]:
    """The folders outside the watched tree where a configuration file that applies to it
    may appear or change: every folder above a root (:func:`~dipcheck.configfile.find_config`
    looks up to ``/``), and the folders of the one in use (``--config`` may name one
    anywhere, and a link may lead anywhere)."""
    found = set()
    for root in _roots(paths):
        folder = os.path.dirname(root)
        while folder not in found:
            found.add(folder)
            folder = os.path.dirname(folder)
    found.update(os.path.dirname(path) for path in settings_files)
    return found


def _settings_files(config: Config) -> set[str]:
    """The configuration file ``config`` was read from, as named and where its links lead
    (editing ``conf/real.toml`` changes ``dipcheck.toml -> conf/real.toml``)."""
    if not config.path:
        return set()
    return {os.path.abspath(config.path), os.path.realpath(config.path)}


def _changes(
    paths: Sequence[str], watchfiles: Any, above: set[str], settings_files: set[str]
) -> Iterator[set[str]]:
    """Each batch of changed paths (absolute) under ``paths``, and of configuration files in
    the folders ``above`` them (and ``settings_files``, which ``--config`` may name as it
    likes, or a link may lead to), until Ctrl-C. Each directory is watched on its own, and the
    set again when a batch changes it: watchfiles' recursive watch follows symbolic links, so
    a link to ``/`` in the tree had it walk and watch the whole machine (ending in a
    traceback at a directory even root may not read)."""
    directories = _directories(paths)
    resync = False

    def wanted(_change: object, path: str) -> bool:
        # (in a folder above the tree, such as the home folder, only configuration files and
        # workflows: a lint looks there for a child's parents)
        return (
            os.path.dirname(path) in directories
            or os.path.basename(path) in CONFIG_NAMES
            or path.endswith(".dip")
            or path in settings_files
        )

    while directories:
        try:
            for changes in watchfiles.watch(
                *sorted(directories | above),
                watch_filter=wanted,
                recursive=False,
                debounce=DEBOUNCE_MS,
                rust_timeout=WAKE_MS,
                yield_on_timeout=True,
                raise_interrupt=True,  # (Ctrl-C: exit status 130, as during a lint)
                ignore_permission_denied=True,
            ):
                changed = {os.path.abspath(path) for _, path in changes}
                if resync:  # (the new watcher is up: what changed before it is looked for)
                    changed.add(RESYNC)
                    resync = False
                if not changed:
                    continue  # (a wake with nothing to report)
                yield changed
                # the tree is walked again only when a directory came or went; a new watcher
                # then, even for the same set of paths (a folder removed and made again while
                # the batch was linted is a new folder the old watcher does not see), and the
                # old one's pending events and the files made in a new folder before it is
                # watched are never reported: the resync looks for them
                if not any(path in directories or os.path.isdir(path) for path in changed):
                    continue
                directories, resync = _directories(paths), True
                break
            else:
                return
        except FileNotFoundError:  # a directory went between the walk and the watch
            directories, resync = _directories(paths), True


def affected(
    changed: Iterable[str], results: dict[str, LintResult], candidates: Iterable[str]
) -> list[str]:
    """The workflow files to lint again after ``changed`` (absolute paths) changed: changed
    workflow files (new ones too), and every workflow that read a changed file."""
    changed = set(changed)
    real = _Resolver()
    # a path as the watcher reports it and as a lint recorded it may differ by a link on the
    # way (a watched folder that is a link, a workflow or folder linked inside the tree):
    # both sides are also compared with every link resolved
    changed_real = {real(path) for path in changed}
    # a workflow made or removed in a folder a lint searched for parents (DIP_FILES; an edit
    # of one is seen through the parents a lint read)
    linted = {real(os.path.abspath(path)) for path in results}
    changed_real.update(
        DIP_FILES + os.path.dirname(path)
        for path in list(changed_real)
        if path.endswith(".dip") and ((path in linted) != os.path.isfile(path))
    )
    wanted = [
        path
        for path in candidates
        if os.path.abspath(path) in changed
        or path not in results
        or changed.intersection(results[path].dependencies)
        or real(os.path.abspath(path)) in changed_real
        or not changed_real.isdisjoint(map(real, results[path].dependencies))
    ]
    return wanted


class _Resolver:
    """``os.path.realpath`` of paths, each folder resolved once (a change is compared with
    every file every workflow read: thousands of paths in a few folders)."""

    def __init__(self) -> None:
        self.folders: dict[str, str] = {}

    def __call__(self, path: str) -> str:
        if "\0" in path:  # (a lint's record of a program on PATH: not a file)
            return path
        folder, name = os.path.split(path)
        real = self.folders.get(folder)
        if real is None:
            real = self.folders[folder] = os.path.realpath(folder)
        full = os.path.join(real, name)
        return os.path.realpath(full) if os.path.islink(full) else full


def stale(results: dict[str, LintResult]) -> set[str]:
    """The workflow files (absolute paths) whose text, or a file their lint read, is not what
    it was when they were linted: what a watch that missed changes must lint again."""
    found = set()
    for path, result in results.items():
        try:
            same = read_from_disk(path) == result.source.text
        except (OSError, UnicodeDecodeError, ValueError):
            same = False
        if not same or not all(
            unchanged(read, recorded) for read, recorded in result.dependencies.items()
        ):
            found.add(os.path.abspath(path))
    return found


def removed(results: Iterable[str], candidates: Iterable[str]) -> list[str]:
    """The files linted before that are no longer among ``candidates`` (a set: asking a
    list of 20,000 workflow files about each of them took 13 s after every change)."""
    present = set(candidates)
    return [path for path in results if path not in present]


def _settings_again(
    changed: set[str],
    settings_files: set[str],
    paths: Sequence[str],
    current: Settings,
    again: Callable[[], tuple[Config, Settings]],
) -> tuple[Config, Settings] | None:
    """The settings read again when ``changed`` holds a configuration file and some file's
    settings are not what they were (``current``); else None. Settings that cannot be read
    are reported, and None."""
    touched = sorted(
        path for path in changed if path in settings_files or os.path.basename(path) in CONFIG_NAMES
    )
    if not touched:
        return None
    try:
        fresh, chosen = again()
        candidates = expand_paths(paths, fresh, chosen)
        # (every file's settings read now, so that one that cannot be used is said here)
        differ = [chosen(path) for path in candidates] != [current(path) for path in candidates]
    except ConfigError as error:
        print(
            visible_line(f"dipcheck: error: {error} (the settings in use are kept)"),
            file=sys.stderr,
            flush=True,
        )
        return None
    if not differ:
        return None
    print(
        visible_name(
            f"[{time.strftime('%H:%M:%S')}] settings changed ({', '.join(touched)}): linting "
            "every file again"
        ),
        file=sys.stderr,
        flush=True,
    )
    return fresh, chosen


def watch(
    paths: Sequence[str],
    settings: tuple[Config, Settings],
    args: argparse.Namespace,
    again: Callable[[], tuple[Config, Settings]],
) -> int:
    """Lint ``paths`` with ``settings`` (those of the first path, and each file's), then again
    as files change; ``again`` reads the settings again when a configuration file changes."""
    config, chosen = settings
    try:
        import watchfiles
    except ImportError:
        python = sys.executable or "python3"
        print(
            "dipcheck: error: --watch needs the watchfiles package, which the Python dipcheck "
            f"runs on does not have: `{python} -m pip install watchfiles` (installed with "
            "pipx: `pipx inject dipcheck watchfiles`)",
            file=sys.stderr,
        )
        return 2
    from dipcheck.report import text as text_report

    style = "full" if args.format == "text" else "concise"
    named = {path for path in paths if not os.path.isdir(path)}
    results = {
        result.path: result
        for result in lint_paths(paths, config, jobs=args.jobs, named=named, settings=chosen)
    }
    sys.stdout.write(text_report.render(list(results.values()), style, tail=True))
    watched = visible_name(", ".join(paths) or ".")
    print(f"Watching {watched} for changes (Ctrl-C stops).", file=sys.stderr)
    sys.stdout.flush()
    settings_files = _settings_files(config)
    followed = set(settings_files)  # (what the watch is set up for)
    for changed in _changes(paths, watchfiles, _above(paths, followed), followed):
        if RESYNC in changed:
            changed = (changed - {RESYNC}) | stale(results)
        fresh = _settings_again(changed, settings_files, paths, chosen, again)
        if fresh is not None:
            # (where the new settings come from is in the tree or above it: already watched)
            config, chosen = fresh
            settings_files = _settings_files(config)
        try:
            candidates = expand_paths(paths, config, chosen)
            for gone in removed(results, candidates):
                del results[gone]
                print(visible_name(f"[{time.strftime('%H:%M:%S')}] {gone}: removed"), flush=True)
            relint = candidates if fresh is not None else affected(changed, results, candidates)
            found = lint_paths(relint, config, jobs=1, named=named, settings=chosen)
        except ConfigError as error:
            # (a new folder under a configuration file that cannot be read: its files wait)
            print(
                visible_line(f"dipcheck: error: {error} (its files are linted once it is mended)"),
                file=sys.stderr,
                flush=True,
            )
            continue
        for result in found:
            before = results.get(result.path)
            results[result.path] = result
            if before is not None and _key(before) == _key(result):
                continue
            _print_change(result, style)
    return 0


def _print_change(result: LintResult, style: str) -> None:
    """A file's findings after a change altered them."""
    from dipcheck.report import text as text_report

    stamp = time.strftime("%H:%M:%S")
    count = len(result.diagnostics)
    if not count:
        print(visible_name(f"[{stamp}] {result.path}: all checks passed"), flush=True)
        return
    print(
        visible_name(f"[{stamp}] {result.path}: {count} finding{'s' if count != 1 else ''}"),
        flush=True,
    )
    sys.stdout.write(text_report.render([result], style, tail=False))
    sys.stdout.flush()
