"""Tool commands as shell text: masking workflow placeholders and handing the text to a parser
(``bash -n``, ``shellcheck``). (A lighter reading of a command's words without any process
is :mod:`dipcheck.analysis.shell_words`.)

Nothing here executes a command: ``bash -n`` only parses, shellcheck only analyses. Verdicts
are cached by content, in memory and in small JSON files per tool in the private per-user
cache directory (:mod:`dipcheck.files`), so repeated runs and the language server do not start
a process for text they have seen.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import Any

from dipcheck.files import (
    private_cache_directory,
    program_identity,
    read_private,
    usable_directory,
    which,
)
from dipcheck.hashing import sha256_hex
from dipcheck.records import record
from dipcheck.references import placeholders
from dipcheck.sealing import seal, unseal

_CACHE_VERSION = 1  # each shard keeps the format the one file of earlier releases had
_MAX_CACHE_BYTES = 4 * 1024 * 1024  # a shard file longer than this is not read
# verdicts kept per shard (256 shards per tool), newest last, within _MAX_KEPT_BYTES of JSON
_MAX_ENTRIES = 16
_MAX_KEPT_BYTES = 32 * 1024
_SHARD = re.compile(r"[0-9a-f]{2}")
_STALE_SECONDS = 3600  # a temporary file this old was left by a process that was killed
SHELLCHECK_SHELLS = frozenset({"sh", "bash", "dash", "ksh", "busybox"})
# Checks that misfire on workflow commands (as actionlint finds for `run:` scripts): sourced
# files are not at hand (SC1090, SC1091); variables come from tracker's environment (SC2154);
# the shell is given on the command line (SC2148); masked placeholders make some tests look
# constant (SC2043, SC2050, SC2157, SC2194).
SHELLCHECK_EXCLUDED = (
    *("SC1090", "SC1091", "SC2043", "SC2050"),
    *("SC2148", "SC2154", "SC2157", "SC2194"),
)
# shellcheck reports every level down to style; dipcheck keeps its errors and warnings and the
# few info/style checks in SHELLCHECK_ELEVATED (rules/shell.py, DC207).
SHELLCHECK_MINIMUM = "style"
# What shellcheck is told besides the shell; also part of a verdict's cache key. --norc: no
# .shellcheckrc is read, as shellcheck looks for one beside the script and above it, and the
# scripts are temporary files (/tmp/.shellcheckrc or /.shellcheckrc, which another user may
# have planted, could turn checks off, and the verdict would be cached)
SHELLCHECK_OPTIONS = (
    *("--norc", "-f", "json1", "-S", SHELLCHECK_MINIMUM),
    *("-e", ",".join(SHELLCHECK_EXCLUDED)),
)
_VARIABLE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)")


@lru_cache(maxsize=4096)
def placeholder_spans(
    text: str, variables: frozenset[str] = frozenset()
) -> tuple[tuple[int, int], ...]:
    """Where tracker substitutes text into a command before the shell (or its own command
    checks) see it: each ``${ns.key}`` workflow placeholder and each ``$name`` graph variable
    in ``variables`` (longest name first), as sorted ``(start, end)`` offsets.

    Shell parameter expansions such as ``${HOME}`` or ``${x:-y}`` have no dot in their name
    and are left alone; they are the shell's own."""
    spans: list[tuple[int, int]] = [
        (item.start, item.end) for item in placeholders(text) if "." in item.inner.split(":", 1)[0]
    ]
    if variables:
        for match in _VARIABLE.finditer(text):
            name = max(
                (name for name in variables if match.group(1).startswith(name)),
                key=len,
                default=None,
            )
            if name is not None:
                spans.append((match.start(), match.start() + 1 + len(name)))
    return tuple(sorted(spans))


@lru_cache(maxsize=4096)  # the language server masks the same commands after every edit
def mask_placeholders(text: str, variables: frozenset[str] = frozenset()) -> str:
    """Replace each placeholder (:func:`placeholder_spans`) with underscores of equal length
    (tracker substitutes them before the shell sees the text; columns stay those of the
    file). Built from slices: a list of the text's characters cost 0.3 ms for a 27 KB
    command, paid after every edit inside it."""
    pieces: list[str] = []
    done = 0  # the text before this offset is in `pieces`
    for start, end in placeholder_spans(text, variables):
        if end > done:  # (spans may overlap: their union is masked)
            start = max(start, done)
            pieces += (text[done:start], "_" * (end - start))
            done = end
    pieces.append(text[done:])
    return "".join(pieces)


def shebang_shell(script: str) -> str | None:
    """The shell a ``#!`` line names (``/bin/sh``, ``/usr/bin/env bash`` …), ``""`` when there
    is no shebang."""
    if not script.startswith("#!"):
        return ""
    words = script[2:].split("\n", 1)[0].split()
    if not words:
        return None
    name = os.path.basename(words[0])
    if name == "env" and len(words) > 1:
        name = os.path.basename(words[1])
    return name


def _shard(key: str) -> str:
    """The shard of a verdict: the first two hex digits of its key (a sha256)."""
    return key[:2] if _SHARD.fullmatch(key[:2]) else "00"


class _ResultCache:
    """Verdicts of one tool by sha256 of its input, kept in the private per-user cache
    directory (none when that directory is refused: see :mod:`dipcheck.files`) in 256 JSON
    files by the key's first two hex digits (``bash-n/3f.json``): a process reads only the
    files of the verdicts it looks up. One file for all verdicts made every run read all of
    them: 1 MB of JSON and 20 ms once a machine had checked a few thousand scripts.

    ``valid`` tells a verdict of the right shape; any other entry read from a file is a miss.
    Each file keeps only the most recently written or used (:data:`_MAX_ENTRIES`,
    :data:`_MAX_KEPT_BYTES`)."""

    def __init__(self, name: str, valid: Callable[[Any], bool] = lambda _: True) -> None:
        self.name = name
        self.parent = private_cache_directory()
        self.valid = valid
        self.shards: dict[str, dict[str, Any]] = {}  # the files read: shard -> entries

    def _path(self, shard: str) -> str | None:
        return (
            None if self.parent is None else os.path.join(self.parent, self.name, f"{shard}.json")
        )

    def _read(self, shard: str) -> dict[str, Any]:
        path = self._path(shard)
        data = None if path is None else unseal(read_private(path, _MAX_CACHE_BYTES))
        try:
            stored = json.loads(data) if data is not None else None
        except (ValueError, RecursionError):  # (brackets nested too deep for the JSON reader)
            return {}
        if not isinstance(stored, dict) or stored.get("version") != _CACHE_VERSION:
            return {}
        entries = stored.get("entries")
        if not isinstance(entries, dict):
            return {}
        return entries

    def _get(self, key: str) -> Any:
        return self.shards[_shard(key)].get(key)

    def fill(self, keys: list[str], compute: Callable[[list[str]], list[Any]]) -> list[Any]:
        """The verdict for each key; ``compute`` gets the keys that are not cached yet and
        answers None for one it could not judge (not cached: tried again next run). While
        :data:`SPAWN` is off, keys not cached yet get None (not checked now)."""
        for key in keys:  # a verdict used now moves to the end; a malformed one is a miss
            shard = _shard(key)
            if shard not in self.shards:
                self.shards[shard] = self._read(shard)
            entries = self.shards[shard]
            verdict = entries.pop(key, None)
            if verdict is not None and self.valid(verdict):
                entries[key] = verdict
        missing = sorted({key for key in keys if self._get(key) is None})
        if missing and not SPAWN.get():
            return [self._get(key) for key in keys]
        if missing:
            for key, verdict in zip(missing, compute(missing), strict=True):
                if verdict is not None:  # None: the tool gave no verdict (it timed out)
                    self.shards[_shard(key)][key] = verdict
            self._save({_shard(key) for key in keys})
        return [self._get(key) for key in keys]

    def _save(self, shards: set[str]) -> None:
        """Write the files of ``shards`` (those this lookup read and judged), each merged
        with what other processes (parallel workers, other runs) wrote since this one read
        it."""
        if self.parent is None:
            return
        directory = os.path.join(self.parent, self.name)
        if not usable_directory(directory):
            return
        with contextlib.suppress(OSError):  # the one file of earlier releases
            os.unlink(os.path.join(self.parent, f"{self.name}.json"))
        for shard in sorted(shards):
            self.shards[shard] = self._write(directory, shard)

    def _write(self, directory: str, shard: str) -> dict[str, Any]:
        entries = self.shards[shard]
        merged = {key: value for key, value in self._read(shard).items() if key not in entries}
        merged.update(entries)  # what this process read, used and judged: newest last
        kept: list[tuple[str, Any]] = []
        size = 0
        for key, value in reversed(merged.items()):
            if len(kept) == _MAX_ENTRIES:
                break
            entry_size = len(key) + len(json.dumps(value))
            if size + entry_size <= _MAX_KEPT_BYTES:  # else too large to keep: judged again
                size += entry_size
                kept.append((key, value))
        entries = dict(reversed(kept))
        name = f"{shard}.json"
        _remove_stale_temporaries(directory, name)
        import tempfile  # (here: a run whose verdicts are all cached writes nothing)

        sealed = seal(json.dumps({"version": _CACHE_VERSION, "entries": entries}).encode("utf-8"))
        if sealed is None:
            return entries
        try:
            handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}.")
        except OSError:
            return entries
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(sealed)
            os.replace(temporary, os.path.join(directory, name))
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return entries


def _remove_stale_temporaries(directory: str, name: str) -> None:
    """Remove the temporary files of ``name`` that a killed process left in ``directory``."""
    now = time.time()
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if not entry.name.startswith(f".{name}.") or not entry.is_file(
                    follow_symlinks=False
                ):
                    continue
                if now - entry.stat(follow_symlinks=False).st_mtime > _STALE_SECONDS:
                    os.unlink(entry.path)
    except OSError:
        pass


# Whether a check may start bash or shellcheck for a script whose verdict is not cached. The
# language server turns it off while the user types (a verdict per keystroke would cost a
# process each time) and lints once more, with it on, when the typing pauses.
SPAWN: ContextVar[bool] = ContextVar("dipcheck_spawn_shell_checks", default=True)


def _bash_verdict(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and type(value[0]) is int
        and isinstance(value[1], str)
    )


def _shellcheck_verdict(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    try:
        for item in value:
            _comment(item)
    except (TypeError, ValueError, KeyError, AttributeError):
        return False
    return True


@cache
def _cache(name: str) -> _ResultCache:
    return _ResultCache(name, _VERDICTS[name])


@lru_cache(maxsize=4096)  # the language server asks for the same commands after every edit
def _digest(*parts: str) -> str:
    return sha256_hex("\0".join(parts).encode("utf-8"))


# -- bash -n ----------------------------------------------------------------------------------


@cache
def bash_path() -> str | None:
    return which("bash")


@cache
def _bash_identity() -> str:
    return program_identity(bash_path())


def _run_bash(script: str) -> list[Any] | None:
    """``[exit status, stderr]`` of ``bash -n``, or None when bash gave no verdict (it could
    not start, ran out of time or was killed): not a pass, and not kept."""
    import subprocess  # here, not at the top: most runs find every verdict cached

    bash = bash_path()
    assert bash is not None
    try:
        completed = subprocess.run(
            ["bash", "-n"],
            executable=bash,
            input=script,
            capture_output=True,
            text=True,
            timeout=10,
            env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C"},
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if completed.returncode < 0:
        return None
    return [completed.returncode, completed.stderr]


def bash_check(scripts: list[str]) -> list[tuple[int, str] | None]:
    """``bash -n`` verdicts (exit status, stderr) for each script, several at a time (None:
    not checked now, see :data:`SPAWN`, or bash gave no verdict). A verdict is kept under
    the script and the bash that judged it."""
    identity = _bash_identity()
    by_key = {_digest(identity, script): script for script in scripts}

    def compute(keys: list[str]) -> list[list[Any] | None]:
        if len(keys) == 1:  # (the language server's usual case: the command just edited)
            return [_run_bash(by_key[keys[0]])]
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=min(4, len(keys))) as pool:
            return list(pool.map(_run_bash, [by_key[key] for key in keys]))

    verdicts = _cache("bash-n").fill([_digest(identity, script) for script in scripts], compute)
    return [None if verdict is None else (int(verdict[0]), str(verdict[1])) for verdict in verdicts]


# -- shellcheck -------------------------------------------------------------------------------


@record(frozen=True, slots=True)
class ShellcheckComment:
    """One shellcheck finding; lines and columns are 1-based, columns count characters and the
    end column is exclusive (shellcheck's ``json1`` format)."""

    code: int
    level: str
    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    replacements: tuple[tuple[int, int, int, int, str], ...] = ()


# shellcheck's time grows faster than its input on some scripts (7,000 characters of `{{ a }}`
# groups take it 10 s, 56,000 over 100 s): it gets this long, and scripts up to this size;
# tracker's commands and command files are a few thousand characters.
SHELLCHECK_SECONDS = 10
SHELLCHECK_MAX_CHARS = 32 * 1024
# ... and faster than the square of how deep expansions and groups nest: 400 nested `$(`
# take it 2.4 s and 330 MB, 5,000 nested `${` past the time limit and 1 GB (and a script
# that runs out the time leaves every script checked with it unchecked). A script nested
# deeper than this is not given to it; real commands nest a few levels.
SHELLCHECK_MAX_NESTING = 100
_BRACKET = re.compile(r"[(){}\[\]]")


def nesting(script: str) -> int:
    """How deep the brackets of ``script`` nest at most (quotes not read: an over-count for
    brackets inside strings, which real commands hold few of)."""
    depth = deepest = 0
    for found in _BRACKET.finditer(script):
        if found.group() in "({[":
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
    return deepest


@cache
def shellcheck_path() -> str | None:
    return which("shellcheck")


@cache
def _shellcheck_identity() -> str:
    return program_identity(shellcheck_path())


def _run_shellcheck(group: list[tuple[str, str]], shell: str) -> list[list[dict[str, Any]] | None]:
    """shellcheck on several scripts in one process; comments per script, or None for each
    when shellcheck did not answer within :data:`SHELLCHECK_SECONDS` or failed."""
    import subprocess
    import tempfile

    executable = shellcheck_path()
    assert executable is not None
    with tempfile.TemporaryDirectory(prefix="dipcheck-sc-") as directory:
        names = []
        for index, (script, _) in enumerate(group):
            name = os.path.join(directory, f"s{index}.sh")
            with open(name, "w", encoding="utf-8") as handle:
                handle.write(script)
            names.append(name)
        command = [executable, *SHELLCHECK_OPTIONS]
        if shell:
            command += ["-s", shell]
        try:
            completed = subprocess.run(
                [*command, *names],
                capture_output=True,
                text=True,
                timeout=SHELLCHECK_SECONDS,
                env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C.UTF-8"},
                check=False,
            )
            # 0: no comment, 1: comments; anything else (a bad option, a crash) or output
            # that is not json1 is no verdict, not a clean script
            comments = json.loads(completed.stdout)["comments"]
            if completed.returncode not in (0, 1) or not isinstance(comments, list):
                return [None for _ in group]
        except (OSError, subprocess.SubprocessError, ValueError, TypeError, KeyError):
            return [None for _ in group]
    result: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for comment in comments:
        if isinstance(comment, dict):  # (another shape: the verdict check refuses the script)
            result.setdefault(comment.get("file", ""), []).append(comment)
        else:
            return [None for _ in group]
    return [result[name] for name in names]


def shellcheck(scripts: list[tuple[str, str]]) -> list[list[ShellcheckComment] | None]:
    """shellcheck's comments for each ``(script, shell)``; ``shell`` ``""`` lets shellcheck
    read the script's shebang. One process per shell for all scripts not cached yet (None:
    not checked now, see :data:`SPAWN`, or shellcheck gave no answer in time). A script over
    :data:`SHELLCHECK_MAX_CHARS`, or nested deeper than :data:`SHELLCHECK_MAX_NESTING`, is not
    given to shellcheck (None)."""
    identity = _shellcheck_identity()
    keys = [_digest(identity, shell, script, *SHELLCHECK_OPTIONS) for script, shell in scripts]
    by_key = dict(zip(keys, scripts, strict=True))

    def compute(missing: list[str]) -> list[list[dict[str, Any]] | None]:
        groups: dict[str, list[str]] = {}
        for key in missing:
            script = by_key[key][0]
            if len(script) <= SHELLCHECK_MAX_CHARS and nesting(script) <= SHELLCHECK_MAX_NESTING:
                groups.setdefault(by_key[key][1], []).append(key)
        found: dict[str, list[dict[str, Any]] | None] = {}
        for shell, group in groups.items():
            comments = _run_shellcheck([by_key[key] for key in group], shell)
            found.update(zip(group, comments, strict=True))
        return [found.get(key) for key in missing]

    return [
        None if verdict is None else [_comment(item) for item in verdict]
        for verdict in _cache("shellcheck").fill(keys, compute)
    ]


def _comment(item: dict[str, Any]) -> ShellcheckComment:
    fix = item.get("fix") or {}
    replacements = tuple(
        (
            int(part["line"]),
            int(part["column"]),
            int(part["endLine"]),
            int(part["endColumn"]),
            str(part["replacement"]),
        )
        for part in fix.get("replacements", [])
    )
    return ShellcheckComment(
        code=int(item["code"]),
        level=str(item["level"]),
        message=str(item["message"]),
        line=int(item["line"]),
        column=int(item["column"]),
        end_line=int(item.get("endLine", item["line"])),
        end_column=int(item.get("endColumn", item["column"])),
        replacements=replacements,
    )


_VERDICTS: dict[str, Callable[[Any], bool]] = {
    "bash-n": _bash_verdict,
    "shellcheck": _shellcheck_verdict,
}
