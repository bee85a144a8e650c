"""Pieces every front-end shares: the result type, diagnostics helpers and file inclusion."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from typing import TYPE_CHECKING

from dipcheck.files import (
    DIP_FILES,
    PROGRAM_LOOKUP,
    FileTooLarge,
    NotRegularFile,
    describe_size,
    dip_files_record,
    file_stamp,
    place_of,
    program_lookup,
    read_from_disk,
    refusal_record,
    stays_inside,
    text_digest,
)
from dipcheck.hashing import sha256_hex
from dipcheck.records import field, record
from dipcheck.source import SourceText

if TYPE_CHECKING:  # the result cache uses this module: it does not import the model
    from dipcheck.diagnostics import Diagnostic
    from dipcheck.model import Condition, Text, Workflow
    from dipcheck.source import Span

# Reads an included file given its absolute path; raises OSError or UnicodeDecodeError.
FileReader = Callable[[str], str]


def digest(data: bytes) -> str:
    return sha256_hex(data)


class RecordingReader:
    """A :data:`FileReader` that remembers every file a lint read, so that a cached result
    can tell whether any of them changed — whatever directive (prompt file, command file,
    subgraph child …) read it. ``reads`` maps the absolute path to ``stamp:place:sha256``
    of what was read (the stamp taken before reading, :func:`~dipcheck.files.file_stamp`;
    the place: where its links lead, :func:`~dipcheck.files.place_of`), or None when it
    could not be read;
    :func:`unchanged` compares a file with such a record."""

    def __init__(
        self, inner: FileReader = read_from_disk, real_folders: dict[str, str] | None = None
    ) -> None:
        """``real_folders``: the folders resolved in the pass this lint is part of (see
        :func:`~dipcheck.files.place_of`; by default, this lint's own)."""
        self.inner = inner
        self.reads: dict[str, str | None] = {}
        self._real_folders = {} if real_folders is None else real_folders

    def __call__(self, path: str) -> str:
        key = os.path.abspath(path)
        try:
            if "\0" in path:  # (os.stat would raise ValueError: no file has such a name)
                raise FileNotFoundError(errno.ENOENT, "a file name cannot hold a NUL", path)
            info = os.stat(path)
            stamp = f"{file_stamp(info)}:{place_of(path, self._real_folders)}"
            # (read_from_disk takes the stat just made instead of making its own)
            text = read_from_disk(path, info) if self.inner is read_from_disk else self.inner(path)
        except (OSError, UnicodeDecodeError):
            self.reads[key] = None
            raise
        self.reads[key] = f"{stamp}:{text_digest(text)}"
        return text

    def refused(self, path: str) -> None:
        """Record that ``path`` was refused unread (:func:`~dipcheck.files.refusal_record`):
        a cached result keeps the refusal only while its cause is there."""
        self.reads.setdefault(os.path.abspath(path), refusal_record(path))

    def looked_for_parents(self, folder: str) -> None:
        """Record the ``.dip`` files of ``folder``, searched for workflows that run this one
        (:func:`~dipcheck.files.dip_files_record`), listed once per pass of a command over
        many files (kept with the pass's resolved folders, under the same key)."""
        key = DIP_FILES + folder
        if key in self.reads:
            return
        record = self._real_folders.get(key)
        if record is None:
            record = self._real_folders[key] = dip_files_record(folder)
        self.reads[key] = record

    def on_path(self, name: str) -> bool:
        """Whether the program ``name`` is on PATH, recorded as a read is (a program
        installed or removed later is a changed input: :func:`~dipcheck.files.unchanged`)."""
        key = PROGRAM_LOOKUP + name
        if key not in self.reads:
            self.reads[key] = program_lookup(name)
        return self.reads[key] is not None


@record
class FrontendResult:
    workflow: Workflow | None
    diagnostics: list[Diagnostic] = field(default_factory=list)


@record(frozen=True, slots=True)
class Inclusion:
    source: SourceText | None
    error: str | None


def note_refused(reader: FileReader, path: str) -> None:
    """Tell ``reader`` that ``path`` was refused unread, when it records what a lint reads."""
    if isinstance(reader, RecordingReader):
        reader.refused(path)


def include_file(
    base_dir: str | None,
    display_base: str,
    relative: str,
    reader: FileReader,
    folders: set[str] | None = None,
    recorder: FileReader | None = None,
) -> Inclusion:
    """Resolve a file directive the way tracker does: relative to the workflow's directory,
    never absolute, never leaving that directory, never through a symlink at the leaf; and
    never outside that directory once every symbolic link on the way is resolved (a
    directory link such as ``prompts -> /etc`` inside the workflow's folder).

    ``folders``: the folders (relative to ``base_dir``) already found to stay inside it, for
    the directives of one file: its 30 prompts in `prompts/stage/` each looked at both
    folders again (see :func:`_stays_inside`). ``recorder``: the lint's reader, when
    ``reader`` is another one in front of it, told of a path refused unread."""
    path = relative.strip()
    if not path:
        return Inclusion(None, "the path is empty")
    if "\0" in path:
        shown = path.replace("\0", "\\0")
        return Inclusion(None, f"`{shown}` contains a NUL character, which no file name can hold")
    if os.path.isabs(path) or path.startswith("~") or (len(path) > 1 and path[1] == ":"):
        return Inclusion(
            None,
            f"`{path}` is absolute; tracker only reads paths relative to the workflow's directory",
        )
    normal = os.path.normpath(path)
    if normal == ".." or normal.startswith(".." + os.sep):
        return Inclusion(None, f"`{path}` leaves the workflow's directory, which tracker refuses")
    if base_dir is None:
        return Inclusion(None, f"`{path}` cannot be resolved: the workflow has no directory")
    full = os.path.join(base_dir, normal)
    try:
        leaf_mode = os.lstat(full).st_mode
    except (OSError, ValueError):  # (what os.path.islink takes for "not a link")
        leaf_mode = 0
    if stat.S_ISLNK(leaf_mode):
        note_refused(recorder or reader, full)
        return Inclusion(None, f"`{path}` is a symbolic link, which tracker refuses")
    if not _stays_inside(base_dir, normal, folders):
        note_refused(recorder or reader, full)
        return Inclusion(
            None,
            f"`{path}` leads outside the workflow's directory through a symbolic link, so it "
            "is not read; keep included files inside the workflow's directory tree",
        )
    try:
        text = reader(full)
    except UnicodeDecodeError:
        return Inclusion(None, f"`{path}` is not UTF-8 text")
    except FileNotFoundError:
        return Inclusion(None, f"`{path}` does not exist")
    except IsADirectoryError:
        return Inclusion(None, f"`{path}` is a directory")
    except NotRegularFile as error:
        return Inclusion(None, f"`{path}` is {error.kind}, not a regular file")
    except FileTooLarge as error:
        return Inclusion(None, f"`{path}` is larger than {describe_size(error.limit)}")
    except (OSError, ValueError) as error:  # ValueError: a path the OS cannot represent
        message = error.strerror if isinstance(error, OSError) else None
        return Inclusion(None, f"`{path}` cannot be read: {message or error}")
    display = os.path.normpath(os.path.join(display_base, normal)) if display_base else normal
    return Inclusion(SourceText(display, text), None)


def _stays_inside(base_dir: str, normal: str, folders: set[str] | None) -> bool:
    """``stays_inside(base_dir, normal)`` for a ``normal`` whose last part is not a symbolic
    link (include_file has just looked): then the file resolves to its folder's resolved
    path with its name below it, inside ``base_dir`` when its folder is. A folder found
    inside is kept in ``folders``; one that is not is left to the whole path's test (a
    folder can lead out and the file, its name, back in)."""
    if folders is None:
        return stays_inside(base_dir, normal)
    folder = os.path.dirname(normal)
    if not folder:  # (the one part, just looked at)
        return True
    if folder in folders:
        return True
    if stays_inside(base_dir, folder):
        folders.add(folder)
        return True
    return stays_inside(base_dir, normal)


def make_condition(text: Text, span: Span) -> Condition:
    """A DOT edge condition written as ``text`` (decoded, mapped into the file) at ``span``.
    One that dippin's grammar cannot read but tracker can (``context.x = a b``: the value is
    everything after the operator) is read as tracker reads it, so that the analyses still
    see its keys; tracker's own clause errors are DIP010's (rules/structure.py)."""
    from dipcheck import clauses, conditions
    from dipcheck.model import Condition

    parsed = conditions.parse(text.value)
    if parsed.expr is None:
        expr = clauses.tracker_expr(text.value)
        if expr is not None:
            parsed = conditions.ParseResult(expr)
    return Condition(
        raw=text.value,
        text=text,
        span=span,
        expr=parsed.expr,
        error=parsed.error,
        error_start=parsed.error_start,
        error_end=parsed.error_end,
    )
