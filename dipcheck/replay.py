"""The run cache: ``dipcheck lint FILE…`` run again on unchanged inputs prints what the same
command printed the last time, without loading the linter.

pre-commit runs ``dipcheck lint`` on the files a commit touches, and most such runs find every
file as the run before left it. :mod:`dipcheck.cache` keeps each file's findings, but a run
served from it still builds the command-line parser, reads the configuration and renders the
report: about 70 ms beyond the interpreter's own start, where issue 19 §3 allows 60 ms in all.
A run entry keeps the whole answer of one command line instead:

* its key: the command line, the working directory, the environment variables a lint reads
  (``DIPCHECK_*``, ``NO_COLOR``, ``PATH``), the encodings of the standard streams and whether
  each is a terminal (colour and the escaping of control characters depend on it: pre-commit
  gives its hooks a pseudo-terminal when its own output is one), and the code fingerprint
  (:mod:`dipcheck.fingerprint`);
* its content: the configuration file the run used (its path and hash: a configuration file
  that appears closer to the files, or goes away, is a miss), the hash of every linted file,
  every file their lint read (recorded as the result cache records them), the exit status and
  what the run wrote to standard output. Only a run whose files all had the same
  configuration file is kept (each file is linted with the closest one), and it is answered
  only while that is still so.

Only a plain lint of named regular files is kept: no option outside :data:`_SWITCHES` and
:data:`_VALUED` (so no ``--fix``, ``--diff``, ``--watch``, ``--add-ignore``, ``--output``,
``--no-cache`` or ``--show-settings``), no standard input, no directory (its files are found
by a walk an entry could not re-check cheaply) and nothing written to standard error (a
warning is said by every run; the progress bar, drawn on a terminal for ten files or more and
erased when done, is no part of the answer: :func:`unwatched`). Entries live in the result
cache's directory under ``runs/``, are written atomically, at most :data:`MAX_RUNS` of them (the
oldest go first), and are read only from a directory the result cache would trust.
"""

from __future__ import annotations

import contextlib
import os
import sys

from dipcheck.configfile import find_config
from dipcheck.files import (
    MAX_FILE_BYTES,
    inside,
    outside_tree,
    read_private,
    read_regular,
    tree_of,
    unchanged,
    unsafe_directory,
)
from dipcheck.fingerprint import code_fingerprint
from dipcheck.hashing import sha256_hex
from dipcheck.sealing import seal, unseal

# typing.TYPE_CHECKING without importing typing, which imports re: with these modules, a run
# answered from the run cache imports neither (tests/test_replay.py)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import TextIO

    from dipcheck.result import LintResult

MAGIC = b"dipcheck-run 1"
DEFAULT_DIRECTORY = ".dipcheck_cache"
RUNS = "runs"
MAX_RUNS = 256
MAX_ENTRY_BYTES = 16 * 1024 * 1024
_MAX_FIELDS = 1_000_000
# `dipcheck lint` options a kept run may have: they change nothing but the output, which the
# entry holds for this exact command line
_SWITCHES = frozenset(
    {"-q", "--quiet", "--statistics", "--exit-zero", "--isolated", "--no-shell", "--no-env-checks"}
)
_VALUED = frozenset(
    {
        "--format",
        "--select",
        "--extend-select",
        "--ignore",
        "--fail-on",
        "--target-version",
        "--extra-models",
        "--dialect",
        "--ordewell-runners",
        "--config",
        "--color",
        "--cache-dir",
        "-j",
        "--jobs",
    }
)
_ENVIRONMENT = ("NO_COLOR", "PATH")


def cache_directory(explicit: str | None, config_path: str | None) -> str:
    """The result cache's directory: ``--cache-dir``, else ``$DIPCHECK_CACHE_DIR``, else
    ``.dipcheck_cache`` beside the configuration file (or in the working directory, also when
    a symbolic link takes the configuration's directory out of it)."""
    if explicit:
        return explicit
    from_environment = os.environ.get("DIPCHECK_CACHE_DIR")
    if from_environment:
        return from_environment
    here = os.getcwd()
    root = os.path.dirname(os.path.abspath(config_path)) if config_path else here
    if root.startswith(here.rstrip(os.sep) + os.sep) and not inside(root, here):
        root = here  # (`sub -> ../outside` on the way to it: no cache is made outside)
    return os.path.join(root, DEFAULT_DIRECTORY)


class _Options:
    """What a kept run's command line says about where its configuration and cache are."""

    def __init__(self, words: Sequence[str]) -> None:
        self.paths: list[str] = []
        self.known: dict[str, str | None] = {}  # (each folder's configuration file)
        self.config: str | None = None
        self.isolated = False
        self.cache_dir: str | None = None
        self.usable = bool(words) and words[0] == "lint"
        rest = iter(words[1:])
        for word in rest:
            name, equals, value = word.partition("=")
            if word in _SWITCHES:
                self.isolated = self.isolated or word == "--isolated"
            elif name in _VALUED:
                if not equals:
                    value = next(rest, "")
                if name == "--config":
                    self.config = value
                elif name == "--cache-dir":
                    self.cache_dir = value
            elif word.startswith("-") or not word:
                self.usable = False  # `-`, `--`, an abbreviation, an option that acts
                return
            else:
                self.paths.append(word)
        self.usable = self.usable and bool(self.paths)

    def config_path(self) -> str | None:
        if self.isolated:
            return None
        if self.config:
            return self.config
        return find_config(self.paths[0], self.known)

    def one_config(self, first: str | None) -> bool:
        """Whether every path has the settings of ``first``, the first path's configuration
        file (each file is linted with the closest one: an entry records only that one)."""
        if self.isolated or self.config:
            return True
        folders = {os.path.dirname(os.path.abspath(path)) for path in self.paths[1:]}
        return all(find_config(folder, self.known) == first for folder in folders)


class Run:
    """One ``dipcheck lint`` command line that may be answered from the run cache."""

    def __init__(self, words: Sequence[str], options: _Options) -> None:
        self.options = options
        self.config_path = options.config_path()
        self.directory = cache_directory(options.cache_dir, self.config_path)
        environment = sorted(
            (name, value)
            for name, value in os.environ.items()
            if name.startswith("DIPCHECK_") or name in _ENVIRONMENT
        )
        streams = [
            (stream.encoding, stream.errors, stream.isatty()) for stream in (sys.stdout, sys.stderr)
        ]
        # (repr writes a surrogate or a control character as an escape: one key per command)
        key = repr((MAGIC, code_fingerprint(), list(words), os.getcwd(), environment, streams))
        self.entry = os.path.join(self.directory, RUNS, sha256_hex(key.encode("utf-8")))
        self.noted: tuple[Sequence[LintResult], str, str | None] | None = None
        self._streams: tuple[_Tee, _Tee] | None = None
        self._config_before: bytes | None = None

    # -- answering ---------------------------------------------------------------------------

    def replay(self) -> int | None:
        """Write the kept output and return the exit status, or None when the entry is missing
        or anything it depends on changed (the run then lints)."""
        if not self._trusted():
            return None
        data = unseal(read_private(self.entry, MAX_ENTRY_BYTES))
        fields = None if data is None else _fields(data)
        if fields is None or len(fields) < 5 or fields[0] != MAGIC:
            return None
        try:
            status = int(fields[1])
            output = fields[2].decode("utf-8", "surrogatepass")
            config = fields[3].decode("utf-8", "surrogateescape")
            pairs = [
                (fields[at].decode("utf-8", "surrogateescape"), fields[at + 1])
                for at in range(5, len(fields) - 1, 2)
            ]
        except (ValueError, UnicodeDecodeError):
            return None
        if status not in (0, 1) or config != (self.config_path or "") or len(fields) % 2 == 0:
            return None
        config_kept = _same(config, fields[4]) if config else fields[4] == b""
        if not config_kept or not all(_same(path, kept) for path, kept in pairs):
            return None
        if not self.options.one_config(self.config_path):
            return None  # (a configuration file closer to another file appeared)
        sys.stdout.write(output)
        return status

    def _trusted(self) -> bool:
        runs = os.path.join(self.directory, RUNS)
        return all(unsafe_directory(path) is None for path in (self.directory, runs))

    # -- keeping -----------------------------------------------------------------------------

    def capture(self) -> None:
        """Watch what the run writes to the standard streams from now on; :func:`note` tells
        this run what the lint found."""
        global _capturing
        self._config_before = _record(self.config_path) if self.config_path else b""
        self._streams = (_Tee(sys.stdout), _Tee(sys.stderr))
        sys.stdout, sys.stderr = self._streams  # type: ignore[assignment]
        _capturing = self

    def keep(self, status: int) -> None:
        """Write the entry after the run, when the run may be answered from it next time."""
        global _capturing
        if self._streams is None:
            return
        _capturing = None
        stdout, stderr = self._streams
        sys.stdout, sys.stderr = stdout.stream, stderr.stream
        if self.noted is None or status not in (0, 1) or stderr.written or stdout.overflow:
            return
        results, cache_root, config_path = self.noted
        if os.path.abspath(cache_root) != os.path.abspath(self.directory) or (
            config_path and os.path.abspath(config_path)
        ) != (self.config_path and os.path.abspath(self.config_path)):
            return  # (the run found its settings or its cache elsewhere)
        files = _linted(results)
        config = _record(self.config_path) if self.config_path else b""
        if files is None or config is None or config != self._config_before:
            return  # (a file changed while it was linted)
        fields = [MAGIC, b"%d" % status, "".join(stdout.written).encode("utf-8", "surrogatepass")]
        fields += [(self.config_path or "").encode("utf-8", "surrogateescape"), config]
        fields += [part for pair in files for part in pair]
        sealed = seal(_encode(fields))
        if sealed is not None:
            _write(self.entry, sealed)


_capturing: Run | None = None  # the run whose output is being watched


def note(results: Sequence[LintResult], cache_root: str, config_path: str | None) -> None:
    """What a plain lint found, with the result cache directory and the configuration file
    it used: the run being watched (:meth:`Run.capture`) keeps them for its entry."""
    if _capturing is not None:
        _capturing.noted = (results, cache_root, config_path)


def unwatched(stream: TextIO) -> TextIO:
    """``stream`` without the watch :meth:`Run.capture` put on it: for what is drawn and
    erased again (the progress bar), which an answer must not repeat."""
    return stream.stream if isinstance(stream, _Tee) else stream


def prepare(words: Sequence[str]) -> Run | None:
    """The :class:`Run` of a command line the run cache may answer, else None."""
    options = _Options(words)
    if not options.usable or not _usable_streams():
        return None
    for path in options.paths:
        try:
            if not os.path.isfile(path) or os.path.islink(path):
                return None
            if outside_tree(path, tree_of(path)) is not None:
                return None  # (a folder on its way now a link out of the tree: DC002 to say)
        except ValueError:  # a NUL in the name
            return None
    return Run(words, options)


def _usable_streams() -> bool:
    """Whether both standard streams are open (``pythonw`` has none)."""
    try:
        return all(isinstance(stream.isatty(), bool) for stream in (sys.stdout, sys.stderr))
    except (AttributeError, ValueError):
        return False


class _Tee:
    """A text stream that passes writes on and remembers them (up to the entry limit, and
    only while every write succeeded)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.written: list[str] = []
        self.size = 0
        self.overflow = False  # more than an entry keeps, or a write failed

    def write(self, text: str) -> int:
        if not self.overflow:
            self.size += len(text)
            self.overflow = self.size > MAX_ENTRY_BYTES // 4
            self.written.append(text)
        try:
            return self.stream.write(text)
        except BaseException:  # (a closed pipe: the run ends with status 0, its output cut)
            self.overflow = True
            raise

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def _linted(results: Iterable[LintResult]) -> list[tuple[bytes, bytes]] | None:
    """``(path, record)`` of every linted file and every file its lint read, or None when a
    linted file no longer holds the text that was linted."""
    from dipcheck.result import decode_text

    pairs: dict[str, bytes] = {}
    for result in results:
        try:
            data = read_regular(result.path, MAX_FILE_BYTES)
            if decode_text(data, result.path) != result.source.text:
                return None
        except (OSError, UnicodeDecodeError):
            return None
        pairs[result.path] = b"=" + sha256_hex(data).encode("ascii")
        for path, recorded in result.dependencies.items():
            pairs[path] = b"-" if recorded is None else b"~" + recorded.encode("ascii")
    return [(path.encode("utf-8", "surrogateescape"), kept) for path, kept in pairs.items()]


def _record(path: str) -> bytes | None:
    try:
        return b"=" + sha256_hex(read_regular(path, MAX_FILE_BYTES)).encode("ascii")
    except OSError:
        return None


def _same(path: str, kept: bytes) -> bool:
    """Is ``path`` as the entry recorded it: ``=hash`` (the bytes), ``~record`` (a
    :func:`~dipcheck.files.unchanged` record) or ``-`` (it could not be read)?"""
    if kept.startswith(b"="):
        return _record(path) == kept
    if kept == b"-":
        return unchanged(path, None)
    return kept.startswith(b"~") and unchanged(path, kept[1:].decode("ascii", "replace"))


def _encode(fields: Iterable[bytes]) -> bytes:
    """Fields as an entry holds them: ``length:bytes,`` each (read back by :func:`_fields`)."""
    return b"".join(b"%d:%s," % (len(part), part) for part in fields)


def _fields(data: bytes) -> list[bytes] | None:
    """The ``length:bytes,`` fields of an entry, or None when it is not made of them."""
    fields: list[bytes] = []
    at = 0
    while at < len(data) and len(fields) < _MAX_FIELDS:
        colon = data.find(b":", at, at + 12)
        digits = data[at:colon]
        if colon < 0 or not digits.isdigit() or (digits[:1] == b"0" and len(digits) > 1):
            return None
        end = colon + 1 + int(data[at:colon])
        if data[end : end + 1] != b",":
            return None
        fields.append(data[colon + 1 : end])
        at = end + 1
    return fields if at == len(data) else None


def _write(path: str, data: bytes) -> None:
    """Write ``path`` atomically in its directory (created private inside the result cache's
    directory), then drop the oldest entries past :data:`MAX_RUNS`; quietly nothing when that
    cannot be done."""
    runs = os.path.dirname(path)
    temporary = os.path.join(runs, f".{os.getpid()}.{os.urandom(6).hex()}.tmp")
    if unsafe_directory(os.path.dirname(runs)):
        return  # (missing: the result cache makes it, with its tags; or not this user's alone)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        os.makedirs(runs, mode=0o700, exist_ok=True)
        if unsafe_directory(runs):
            return
        handle = os.open(temporary, flags, 0o600)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
        with os.scandir(runs) as listing:
            entries = [item for item in listing if item.is_file(follow_symlinks=False)]
        if len(entries) > MAX_RUNS:
            entries.sort(key=lambda item: item.stat(follow_symlinks=False).st_mtime_ns)
            for item in entries[: len(entries) - MAX_RUNS]:
                os.unlink(item.path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
