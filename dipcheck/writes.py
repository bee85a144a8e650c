"""Writing files safely: a report the user named (``-o``, :func:`write_output`) and a file
dipcheck changes (``--fix``, ``--add-ignore``, ``fmt``, ``test --update``:
:func:`write_atomically`). Both write a temporary file beside the target and rename it over
the target, so a failed write leaves what was there; neither writes through a symbolic link
out of the tree, nor replaces a read-only file or one with other hard links.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import stat

from dipcheck.files import inside, kind_of, read_regular, tree_name, tree_of

TYPE_CHECKING = False  # as typing's, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable

_MAX_REWRITTEN_BYTES = 64 * 1024 * 1024


class FileChanged(Exception):
    """The file changed on disk after it was read; it is left as it is."""


class WriteRefused(Exception):
    """The file is not written; the message says why and what to do instead."""


class OutputUnwritable(Exception):
    """The output file the user named cannot be written; the message names it, says why and
    what to do."""


def write_output(path: str, pieces: Iterable[str | bytes]) -> None:
    """Write a report or other output the user named (``--output``, ``-o``) as a new file:
    a temporary file beside ``path``, then a rename over it. A symbolic link at ``path`` is
    replaced by the file, never written through (a link a pull request planted cannot make a
    run overwrite the file it points to), and a failed write leaves what was there. A stream
    that exists and is not a regular file — ``/dev/stdout``, a FIFO, a shell's ``>(…)`` — is
    written directly: there is nothing to replace; so is a name for one of the process's
    descriptors that leads to a regular file (``/dev/stdout`` redirected to a file).

    A path inside the working directory is not written when a symbolic link on its way
    (``sub -> ../outside`` planted in a checkout) leads out of it: the report would replace
    the file of that name there.

    Raises :class:`OutputUnwritable` when the file cannot be written (a missing directory, a
    directory at ``path``, no permission, a full disk, such a link)."""
    escape = _leads_outside(path)
    if escape is not None:
        raise OutputUnwritable(f"cannot write {path}: {escape}")
    try:
        _write_output(path, pieces)
    except OSError as error:
        raise OutputUnwritable(f"cannot write {path}: {_why_unwritable(path, error)}") from None


def _leads_outside(path: str) -> str | None:
    """Why ``path``, which lies in the working directory (:func:`tree_of`), is not written: a
    symbolic link takes the directory it names out of it, or the file is a link out of it to
    a device, a FIFO or a socket (``dipcheck.sarif -> /dev/sda``), which would be written
    through as a stream; None otherwise, and for a path named outside the working directory."""
    tree = tree_of(path)
    if tree != os.getcwd():
        return None
    where = f"outside `{tree_name(tree)}`, the working directory"
    if not inside(os.path.dirname(os.path.abspath(path)), tree):
        return (
            f"a symbolic link on its path leads to a directory {where}; name the directory it "
            "leads to if the file is to go there"
        )
    if not os.path.islink(path) or inside(path, tree) or names_a_descriptor(path):
        return None
    try:
        mode = os.stat(path).st_mode
    except OSError:  # a broken link: replaced by the new file
        return None
    if stat.S_ISREG(mode):
        return None  # replaced by the new file, never written through
    return (
        f"it is a symbolic link to {kind_of(mode)} {where}; name that itself if the report is "
        "to go there"
    )


def _why_unwritable(path: str, error: OSError) -> str:
    directory = os.path.dirname(path) or "."
    if error.errno == errno.ENOENT and not os.path.isdir(directory):
        return f"there is no directory {directory}; create it first"
    if error.errno == errno.EISDIR or os.path.isdir(path):
        return "it is a directory; name a file in it"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"permission denied; name a file in a directory you can write ({error.strerror})"
    return error.strerror or str(error)


def _encoded(piece: str | bytes) -> bytes:
    """A piece of output as the bytes written: text as UTF-8, and the name of a file that is
    not UTF-8 (lone surrogates to Python) as the bytes it has, as standard output writes it
    (:mod:`dipcheck.launch`); a strict encoding ended the run with a traceback."""
    return piece.encode("utf-8", "surrogateescape") if isinstance(piece, str) else piece


def _write_output(path: str, pieces: Iterable[str | bytes]) -> None:
    descriptor = names_a_descriptor(path)
    try:
        stream_like = descriptor or not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:  # nothing there yet (or a broken link): a new file
        stream_like = False
    if stream_like:  # (a descriptor's file is appended to: `>> log` keeps what it holds)
        with open(path, "ab" if descriptor else "wb") as stream:
            for piece in pieces:
                stream.write(_encoded(piece))
        return
    mode = _replaced_mode(path)
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(prefix=".dipcheck-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            for piece in pieces:
                handle.write(_encoded(piece))
        if mode is None:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask  # as open() would have made it, not mkstemp's 0600
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _replaced_mode(path: str) -> int | None:
    """The permissions of the regular file an output replaces (kept: a report the user made
    private stays so), None when there is none, or a symbolic link (replaced, not written
    through). Raises :class:`OutputUnwritable` for a file that is read-only, which `>` would
    not write either, or that has other hard links, which a new file would leave with the old
    text: as ``fmt`` and ``--fix`` refuse both."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(
        path, os.W_OK
    ):
        raise OutputUnwritable(
            f"cannot write {path}: it is read-only; make it writable or name another file"
        )
    if info.st_nlink > 1:
        others = info.st_nlink - 1
        raise OutputUnwritable(
            f"cannot write {path}: it has {others} other hard link{'s' * (others > 1)}, which "
            "replacing it would break; name another file, or remove the other links first"
        )
    return stat.S_IMODE(info.st_mode)


def names_a_descriptor(path: str) -> bool:
    """Whether ``path`` leads, through its symbolic links, to one of this process's open
    descriptors (``/dev/stdout``, ``/dev/fd/3``, ``/proc/self/fd/1``): written to, it reaches
    wherever that descriptor does (a file standard output is redirected to); a rename over it
    would replace the link (``/dev/stdout`` itself, as root) and leave that file empty."""
    descriptors = os.path.realpath("/proc/self/fd")
    current = os.path.abspath(path)
    for _ in range(40):  # (as many links as the kernel follows)
        if os.path.realpath(os.path.dirname(current)) == descriptors:
            return True
        if not os.path.islink(current):
            return False
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    return False


def write_atomically(path: str, original: str, text: str, tree: str | None = None) -> None:
    """Replace the text of the file ``path`` with ``text``, keeping its permissions, owner and
    byte-order mark: a temporary file in the same directory, flushed to disk, then renamed
    over it, so a failure leaves the file as it was.

    Raises :class:`FileChanged` when the file no longer holds ``original`` (checked before
    writing and again just before the rename), and :class:`WriteRefused`, leaving the file
    alone, when a symbolic link (the file, or a directory on its path) takes ``path`` outside
    ``tree``, when the file is read-only, or when it has other hard links (a rename would give
    this name a new file and leave the other names with the old text)."""
    if tree is not None and not inside(path, tree):
        raise WriteRefused(
            "it is a symbolic link to a file outside the tree being changed"
            if os.path.islink(path)
            else "a symbolic link on its path leads to a directory outside the tree being changed"
        )
    target = os.path.realpath(path)
    info = os.stat(target)
    if not stat.S_ISREG(info.st_mode):
        raise WriteRefused(f"it is {kind_of(info.st_mode)}, not a regular file")
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(
        target, os.W_OK
    ):
        raise WriteRefused("it is read-only; make it writable to change it")
    if info.st_nlink > 1:
        raise WriteRefused(
            f"it has {info.st_nlink - 1} other hard link{'s' * (info.st_nlink > 2)}, which "
            "replacing it would break; it is left unchanged (apply the change by hand, or "
            "break the link with `cp FILE tmp && mv tmp FILE` first)"
        )
    bom = _current(target, original)
    import tempfile

    directory, name = os.path.split(target)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            if bom:
                handle.write(codecs.BOM_UTF8)
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, stat.S_IMODE(info.st_mode))
        if hasattr(os, "chown") and (info.st_uid, info.st_gid) != _owner(temporary):
            with contextlib.suppress(OSError):
                os.chown(temporary, info.st_uid, info.st_gid)
        _current(target, original)  # an edit made meanwhile wins: nothing is replaced
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(directory)


def _current(target: str, original: str) -> bool:
    """Whether the file starts with a byte-order mark that ``original`` lacks (a `.dot`
    file's text keeps its mark: :func:`~dipcheck.result.decode_text`), to be written before
    the new text; :class:`FileChanged` unless the file still holds ``original``."""
    data = read_regular(target, _MAX_REWRITTEN_BYTES)
    encoded = original.encode("utf-8")
    if data == encoded:
        return False
    if not data.startswith(codecs.BOM_UTF8) or data[len(codecs.BOM_UTF8) :] != encoded:
        raise FileChanged(target)
    return True


def _owner(path: str) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_uid, info.st_gid


def _sync_directory(directory: str) -> None:
    """Flush the rename to disk where the platform allows it (best effort)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
