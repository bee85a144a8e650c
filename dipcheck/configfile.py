"""Finding the configuration file (:mod:`dipcheck.config` reads it): kept apart so that a run
the run cache answers (:mod:`dipcheck.replay`) finds it without loading the settings' code."""

from __future__ import annotations

import os

from dipcheck.files import inside, read_regular

MAX_CONFIG_BYTES = 4 * 1024 * 1024
CONFIG_NAMES = ("dipcheck.toml", ".dipcheck.toml", "pyproject.toml")


def find_config(start: str) -> str | None:
    """The closest dipcheck configuration file at or above ``start``. A ``pyproject.toml``
    that a symbolic link takes out of its directory is not read to see whether it configures
    dipcheck: it is returned, and :func:`linked_outside` refuses it."""
    directory = os.path.abspath(start)
    if not os.path.isdir(directory):
        directory = os.path.dirname(directory)
    while True:
        for name in CONFIG_NAMES:
            candidate = os.path.join(directory, name)
            if os.path.isfile(candidate) and (
                name != "pyproject.toml"
                or linked_outside(candidate) is not None
                or _has_section(candidate)
            ):
                return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def linked_outside(found: str) -> str | None:
    """Why the configuration file ``found`` (found by :func:`find_config`, not named with
    ``--config``) is not read: a symbolic link takes it out of the directory it was found in,
    where a pull request could plant ``dipcheck.toml -> /etc/…`` and have CI quote that file's
    keys in the error. None when it may be read."""
    if inside(found, os.path.dirname(os.path.abspath(found))):
        return None
    instead = (
        "name it with --config to read it, or put a dipcheck.toml beside it"
        if os.path.basename(found) == "pyproject.toml"
        else "name it with --config to read it, or replace the link with a copy of the file"
    )
    return f"not read: it is a symbolic link leading outside its directory; {instead}"


def _has_section(path: str) -> bool:
    """Whether a ``pyproject.toml`` configures dipcheck. A file that is not UTF-8 and names
    dipcheck at all counts (loading it is then a configuration error, not settings dropped)."""
    try:
        data = read_regular(path, MAX_CONFIG_BYTES)
    except OSError:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return b"dipcheck" in data
    return b"[tool.dipcheck" in data
