"""Finding the configuration file (:mod:`dipcheck.config` reads it): kept apart so that a run
the run cache answers (:mod:`dipcheck.replay`) finds it without loading the settings' code."""

from __future__ import annotations

import os

from dipcheck.files import inside, read_regular, tree_of

MAX_CONFIG_BYTES = 4 * 1024 * 1024
CONFIG_NAMES = ("dipcheck.toml", ".dipcheck.toml", "pyproject.toml")


def find_config(start: str, known: dict[str, str | None] | None = None) -> str | None:
    """The closest dipcheck configuration file at or above ``start``. ``known``: each folder's
    answer found so far, filled in on the way: the searches of many files share their folders'
    parents (a `pyproject.toml` at the top that names dipcheck but configures nothing was read
    and parsed again for each of 3,000 folders)."""
    directory = os.path.abspath(start)
    if known is not None and directory in known:
        return known[directory]  # (a folder asked before: not even looked at)
    if not os.path.isdir(directory):
        directory = os.path.dirname(directory)
    walked: list[str] = []
    found: str | None = None
    while True:
        if known is not None and directory in known:
            found = known[directory]
            break
        walked.append(directory)
        found = _config_in(directory)
        if found is not None:
            break
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    if known is not None:
        known.update(dict.fromkeys(walked, found))
    return found


def _config_in(directory: str) -> str | None:
    """The configuration file of ``directory`` itself, if it has one."""
    for name in CONFIG_NAMES:
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate) and (name != "pyproject.toml" or _has_section(candidate)):
            return candidate
    return None


def leads_outside(found: str, start: str | None = None) -> bool:
    """Whether a symbolic link takes the configuration file ``found`` (found by
    :func:`find_config` from ``start``, not named with ``--config``) out of the directory it
    was found in, or, when that directory lies in the tree being checked (``tree_of(start)``),
    out of that tree: a pull request could plant ``dipcheck.toml -> /etc/…``, or ``sub ->
    ../outside`` beside a ``dipcheck.toml`` there, so the errors of such a file must not quote
    what it holds (``dipcheck.config.load_config``)."""
    directory = os.path.dirname(os.path.abspath(found))
    tree = tree_of(start or os.getcwd())
    if directory == tree or directory.startswith(tree.rstrip(os.sep) + os.sep):
        return not inside(found, tree)
    return not inside(found, directory)


# "dipcheck" as a file saved in UTF-8 (or ASCII, Latin-1 …), UTF-16 or UTF-32 spells it: a
# `[tool.dipcheck]` table in a UTF-16 file was taken for no table, and the settings of a
# folder above applied instead of the error of a file that is not UTF-8
_NAMED = tuple(
    {
        "dipcheck".encode(codec)
        for codec in ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
    }
)


def _has_section(path: str) -> bool:
    """Whether a ``pyproject.toml`` configures dipcheck: it has a ``tool.dipcheck`` key in
    any TOML spelling (``[tool.dipcheck]``, ``[tool]`` with ``dipcheck = …`` or
    ``dipcheck.select = …``, an inline table). A file that names dipcheck but cannot be read
    as TOML (not UTF-8, a syntax error) counts: loading it is then a configuration error, not
    settings silently dropped."""
    try:
        data = read_regular(path, MAX_CONFIG_BYTES)
    except OSError:
        return False
    if not any(name in data for name in _NAMED):
        return False
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    if "[tool.dipcheck" in text:
        return True
    import tomllib

    try:
        tool = tomllib.loads(text).get("tool")
    except (tomllib.TOMLDecodeError, RecursionError):
        return True
    return isinstance(tool, dict) and "dipcheck" in tool
