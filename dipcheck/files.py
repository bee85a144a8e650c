"""Reading files safely, and the files dipcheck keeps for itself.

Every file dipcheck reads — a linted file, a ``prompt_file:``/``command_file:`` target, a
subgraph child, a configuration or scenario file, a cache entry — is read by
:func:`read_regular`: regular files only, and never more than a limit, so a FIFO or a device
can neither hang a run nor exhaust its memory.

A cache directory holds verdicts and results that decide findings; one that another user
can write (a shared temp directory created by someone else, a directory others may write to)
lets that user forge or suppress findings, so it is refused and the run goes on without it.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from _thread import allocate_lock  # threading.Lock, without importing threading
from collections import OrderedDict

from dipcheck.hashing import sha256_hex

TYPE_CHECKING = False  # as typing's, without importing typing (and re): dipcheck/replay.py
if TYPE_CHECKING:
    from typing import BinaryIO

_warned: set[str] = set()


def default_cache_directory() -> str:
    """The per-user cache directory: ``$DIPCHECK_CACHE_DIR``, else
    :func:`user_cache_directory`."""
    return os.environ.get("DIPCHECK_CACHE_DIR") or user_cache_directory()


def user_cache_directory() -> str:
    """``$XDG_CACHE_HOME/dipcheck`` or ``~/.cache/dipcheck`` (``%LOCALAPPDATA%\\dipcheck`` on
    Windows), else a directory named after the user in the system temp directory."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return os.path.join(os.environ["LOCALAPPDATA"], "dipcheck")
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):
        home = os.path.expanduser("~")
        base = os.path.join(home, ".cache") if os.path.isabs(home) else ""
    if base:
        return os.path.join(base, "dipcheck")
    import tempfile  # (here: a cached lint needs no temporary file)

    user = os.getuid() if hasattr(os, "getuid") else "user"
    return os.path.join(tempfile.gettempdir(), f"dipcheck-{user}")


def program_identity(path: str | None) -> str:
    """What tells the program at ``path`` from another one there: the path, and the size and
    modification time of the file it leads to (a package upgrade in place changes them)."""
    if path is None:
        return "-"
    try:
        info = os.stat(path)
    except OSError:
        return path
    return f"{path}:{info.st_size}:{info.st_mtime_ns}"


def which(name: str) -> str | None:
    """The program ``name`` found on ``$PATH`` as the shell finds it, except that a relative
    entry of ``$PATH`` (``.``, an empty entry, ``bin``) and, on Windows, the current directory
    are not searched: dipcheck runs inside repositories that arrive in pull requests, where a
    ``bash`` or ``shellcheck`` planted at the top would then run (Go's ``exec.LookPath``
    refuses such a result for the same reason). A name with a separator is taken as it is.
    :func:`shutil.which` is not used: its import brings the compression modules into every
    run, and on Windows it searches the current directory first."""
    if os.sep in name or (os.altsep is not None and os.altsep in name):
        candidates = [name]
    else:
        entries = os.environ.get("PATH", os.defpath).split(os.pathsep)
        directories = [entry for entry in dict.fromkeys(entries) if os.path.isabs(entry)]
        names = _windows_names(name) if sys.platform == "win32" else [name]
        candidates = [os.path.join(where, each) for where in directories for each in names]
    for candidate in candidates:
        if os.access(candidate, os.F_OK | os.X_OK) and not os.path.isdir(candidate):
            return candidate
    return None


def _windows_names(name: str) -> list[str]:
    """The file names Windows runs for the command ``name``: itself when it ends with one of
    ``%PATHEXT%``'s extensions, else ``name`` with each of them, in order."""
    extensions = [
        extension
        for extension in os.environ.get("PATHEXT", ".COM;.EXE;.BAT;.CMD").split(os.pathsep)
        if extension
    ]
    if any(name.lower().endswith(extension.lower()) for extension in extensions):
        return [name]
    return [name + extension for extension in extensions]


def unsafe_directory(path: str) -> str | None:
    """Why the existing ``path`` may not hold a cache, or None when it may: it is a real
    directory, not a symbolic link, owned by this user and private to it (0700, as dipcheck
    makes it: a directory others may read was made by something else, such as a checkout)."""
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
    if hasattr(os, "getuid") and info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        # (a checkout makes its directories 0755: a `.dipcheck_cache/` in a pull request)
        return (
            f"it is not private (mode {stat.S_IMODE(info.st_mode):04o}, where dipcheck makes "
            "its cache directories 0700): one it did not make, such as a checkout's, may hold "
            f"entries that hide findings; run `chmod 700 {path}` if it is yours"
        )
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
        from dipcheck.terminal import visible_name

        # (the directory is beside a configuration file, whose path a checkout can name)
        warning = f"dipcheck: warning: not using the cache in {path}: {problem}"
        print(visible_name(warning), file=sys.stderr)
    return False


def private_cache_directory() -> str | None:
    """:func:`default_cache_directory` when it may hold a cache, else None (no cache)."""
    path = default_cache_directory()
    return path if usable_directory(path) else None


# -- containment ------------------------------------------------------------------------------


def inside(path: str, root: str, real_folders: dict[str, str] | None = None) -> bool:
    """Whether ``path``, every symbolic link resolved, is ``root`` or lies below it (also with
    its links resolved). ``real_folders``: see :func:`real_path`."""
    return below(real_path(path, real_folders), real_path(root, real_folders))


def below(real: str, top: str) -> bool:
    """:func:`inside` for two paths whose links are resolved already (``real`` and ``top``
    as :func:`real_path` gives them, or a folder of such a path)."""
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def real_path(path: str, real_folders: dict[str, str] | None = None) -> str:
    """``os.path.realpath(path)``. ``real_folders`` keeps each folder's resolved path for
    one pass over many files in a few folders (a lint's reads, the files a command found):
    a name in a folder that is not itself a link resolves to the folder's resolved path with
    the name below it, so the folder is resolved once (resolving walks every component from
    ``/``). Names that are links, and ``.`` and ``..``, are resolved in full."""
    if real_folders is not None:
        folder, name = os.path.split(path)
        if name not in ("", ".", ".."):
            try:
                is_link = stat.S_ISLNK(os.lstat(path).st_mode)
            except (OSError, ValueError):
                is_link = True  # (resolved in full below, as without the memo)
            if not is_link:
                real = real_folders.get(folder)
                if real is None:
                    real = real_folders[folder] = os.path.realpath(folder or os.curdir)
                # (os.path.join of a resolved folder, which ends with a separator only when it
                # is the root, and a name: without its call, as many as a lint reads files)
                return real + name if real.endswith(os.sep) else real + os.sep + name
    return os.path.realpath(path)


def stays_inside(root: str, relative: str) -> bool:
    """:func:`inside` for ``root`` joined with ``relative``, a normalised relative path that
    does not climb (no ``..``): when no component of ``relative`` is a symbolic link, the
    resolved path is ``root``'s resolved path with ``relative`` below it, so only those
    components are looked at (an included file's one or two, not every directory from ``/``
    down, twice). A component that does not exist ends the walk: nothing below it exists
    either, and resolution keeps such a tail as written."""
    # `root` with the separator os.path.join puts before a relative part (none after an
    # empty root, a separator or a bare drive): each component is then appended, not joined
    path = os.path.join(root, "")
    for part in relative.split(os.sep):
        path += part
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            return True
        if stat.S_ISLNK(mode):
            return inside(os.path.join(root, relative), root)
        path += os.sep
    return True


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


def why_unreadable(error: OSError) -> str:
    """Why :func:`read_regular` could not read a file, as dipcheck's messages say it (lower
    case, without Python's ``[Errno 2] …: 'name'``): "no such file", "it is a directory, not
    a regular file", "permission denied" …"""
    if isinstance(error, NotRegularFile):
        return f"it is {error.kind}, not a regular file"
    if isinstance(error, FileTooLarge):
        return f"it is larger than {describe_size(error.limit)}"
    if error.errno == errno.ENOENT:
        return "no such file"
    if error.errno == errno.EISDIR:
        return "it is a directory, not a regular file"
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    reason = error.strerror or str(error)
    return reason[:1].lower() + reason[1:]


def kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def tree_of(argument: str) -> str:
    """The tree a command-line path belongs to: the current directory when the path lies
    below it, else the directory named (the file's directory for a file). The current
    directory is not a tree for a path below it when it is the file system's root or the
    home directory (an editor opened there, a command run from there): a link from a
    project's folder to a key file in the home directory would not leave it. Such a path's
    tree is then the directory named, as for a path outside."""
    here = os.getcwd()
    full = os.path.abspath(argument)
    if full == here or (full.startswith(here.rstrip(os.sep) + os.sep) and not too_broad(here)):
        return here
    return full if os.path.isdir(full) else os.path.dirname(full)


def search_top(path: str, trees: tuple[str, ...] = ()) -> str | None:
    """The directory the searches above ``path`` for the workflows that run it stop at, so
    that nothing above the project is read or said to exist: the working directory when the
    path lies below it (a lint run in the project, an editor opened on it), else the
    innermost of ``trees`` (the directories named on the command line) holding it; None (no
    bound) for a path outside all of them."""
    tree = tree_of(path)
    if tree == os.getcwd():
        return os.path.realpath(tree)
    # (each path resolved once: resolving walks every component from `/`)
    real = os.path.realpath(path) if trees else ""
    innermost: str | None = None
    for top in trees:
        real_top = os.path.realpath(top)
        if below(real, real_top) and (innermost is None or len(real_top) > len(innermost)):
            innermost = real_top
    return innermost


def too_broad(directory: str) -> bool:
    """Is ``directory`` the file system's root or the user's home directory?"""
    real = os.path.realpath(directory)
    return real == os.path.realpath(os.sep) or real == os.path.realpath(os.path.expanduser("~"))


def tree_name(tree: str) -> str:
    """How a message names ``tree``: relative to the working directory when it lies in it."""
    return os.path.relpath(tree) if inside(tree, os.getcwd()) else tree


def outside_tree(path: str, tree: str, real_folders: dict[str, str] | None = None) -> str | None:
    """How a symbolic link takes ``path`` out of ``tree`` ("it is a symbolic link to a file
    outside `flow`"), for a message saying it is not read; None when it lies inside.
    ``real_folders``: see :func:`real_path`."""
    if inside(path, tree, real_folders):
        return None
    how = (
        f"it is a symbolic link to a {'directory' if os.path.isdir(path) else 'file'}"
        if os.path.islink(path)
        else "a symbolic link on its path leads to a directory"
    )
    return f"{how} outside `{tree_name(tree)}`"


def not_a_file(path: str) -> str | None:
    """Why the command-line argument ``path`` cannot be read as a file ("no such file", "it
    is a named pipe (FIFO), not a regular file" …), or None when it is a regular file. ``-``,
    which ``lint`` and ``fmt`` read as standard input, is said to be no file name here."""
    if path == "-":
        return "standard input is not read by this command: name a file"
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return "no such file"
    if stat.S_ISREG(info.st_mode):
        return None
    return f"it is {kind_of(info.st_mode)}, not a regular file"


def read_regular(path: str, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (symbolic links followed), at most ``limit``.

    Anything else — a FIFO, ``/dev/zero``, ``/dev/stdin``, a socket, a directory — is refused
    before it is opened (:class:`NotRegularFile`; :class:`IsADirectoryError` for a directory),
    so a read never waits for a writer or runs without end; a file with more than ``limit``
    bytes is :class:`FileTooLarge`. The file is opened without blocking and checked again once
    open, so that it cannot be swapped for a FIFO in between. A name with a NUL character,
    which no file can have, is :class:`FileNotFoundError` (``os.stat`` raises ValueError)."""
    if "\0" in path:
        raise FileNotFoundError(errno.ENOENT, "a file name cannot hold a NUL character", path)
    return _read_checked(path, limit, os.stat(path).st_mode)


# read_regular's open: read only, without blocking (a FIFO swapped in after the check), never
# taking a terminal as the controlling one, binary on Windows
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


def _read_checked(path: str, limit: int, mode: int) -> bytes:
    """:func:`read_regular` once ``os.stat`` gave ``mode`` for ``path`` (refused here unless
    it is a regular file's; the open file is checked again)."""
    _check_regular(path, mode)
    descriptor = os.open(path, _OPEN_FLAGS)
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


# -- reading included files, and telling whether one changed ----------------------------------

# The largest workflow file dipcheck reads.
MAX_FILE_BYTES = 8 * 1024 * 1024
# The largest file a workflow includes (prompt file, command file, subgraph child).
MAX_INCLUDED_BYTES = 4 * 1024 * 1024


# The texts read_from_disk read lately, by the file (device and inode, whatever path named it)
# and its size and times: a file many workflows include (300 children naming one 4 MiB prompt)
# is kept once, with its hash.
_Kept = tuple[str, str]  # (text, sha256 of its UTF-8)
_KEPT: OrderedDict[tuple[object, ...], _Kept] = OrderedDict()
_KEPT_BY_TEXT: dict[int, _Kept] = {}  # id(text) -> the same pair (text_digest)
_KEPT_LOCK = allocate_lock()
_MAX_KEPT_CHARS = 64 * 1024 * 1024
_kept_chars = 0


def read_from_disk(path: str, info: os.stat_result | None = None) -> str:
    """The text of a regular file of at most :data:`MAX_INCLUDED_BYTES` (see
    :func:`dipcheck.files.read_regular`: a FIFO or a device is refused, not read). A file
    read again unchanged (the same device, inode, size, modification and change time) gives
    the same text object, not a copy of its own. ``info``: ``os.stat(path)``, when the caller
    has just made it (a lint's recording reader: three calls per included file were two too
    many)."""
    if info is None:
        if "\0" in path:  # (os.stat would raise ValueError)
            raise FileNotFoundError(errno.ENOENT, "a file name cannot hold a NUL character", path)
        info = os.stat(path)
    # (the change time too: a program can set a file's modification time back after
    # rewriting it, as `cp -p` and archive tools do, but not its change time)
    stamp = (info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    key = (info.st_dev, info.st_ino, *stamp)
    with _KEPT_LOCK:
        kept = _KEPT.get(key)
        if kept is not None:
            _KEPT.move_to_end(key)
            return kept[0]
    text = _read_checked(path, MAX_INCLUDED_BYTES, info.st_mode).decode("utf-8")
    _keep_text(key, (text, sha256_hex(text.encode("utf-8"))))
    return text


def _keep_text(key: tuple[object, ...], kept: _Kept) -> None:
    global _kept_chars
    with _KEPT_LOCK:
        if key in _KEPT:
            return
        _KEPT[key] = kept
        _KEPT_BY_TEXT[id(kept[0])] = kept
        _kept_chars += len(kept[0])
        while _kept_chars > _MAX_KEPT_CHARS and len(_KEPT) > 1:
            _, dropped = _KEPT.popitem(last=False)
            _KEPT_BY_TEXT.pop(id(dropped[0]), None)
            _kept_chars -= len(dropped[0])


def text_digest(text: str) -> str:
    """The sha256 of ``text``'s UTF-8: remembered for a text :func:`read_from_disk` keeps."""
    with _KEPT_LOCK:
        kept = _KEPT_BY_TEXT.get(id(text))
    if kept is not None and kept[0] is text:
        return kept[1]
    return sha256_hex(text.encode("utf-8"))


def file_stamp(info: os.stat_result) -> str:
    """``size:mtime:ctime:inode`` of a file, the part of a
    :class:`~dipcheck.frontends.common.RecordingReader` record that is compared without
    reading it. The change time and the inode too, as git's index keeps them: a file rewritten
    with its size and modification time kept (``cp -p``, an archive with fixed timestamps, a
    store with every mtime 1) gets a new change time, and a file put in its place a new inode;
    a stamp that differs only costs reading the file and comparing its hash."""
    return f"{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}:{info.st_ino}"


def place_of(path: str, real_folders: dict[str, str] | None = None) -> str:
    """Where ``path`` leads, every symbolic link resolved (a digest of its real path): part of
    a :class:`~dipcheck.frontends.common.RecordingReader` record, because whether a file
    directive may read a file depends on it (a folder swapped for a link out of the tree, the
    file it holds unchanged, makes a read that passed a refused one).

    ``real_folders`` keeps each folder's resolved path for one lint, or for one pass of a
    command over many files, which read many files from a few folders: a name in a folder
    that is not itself a link resolves to the folder's resolved path with the name below it,
    so the folder is resolved once (resolving walks every component from ``/``: 587
    resolutions were 4 % of the corpus lint). A folder swapped for a link after it was
    resolved only makes the record name the earlier place, which the next lookup finds
    changed: a miss, never a stale hit."""
    real = real_path(path, real_folders)
    return sha256_hex(real.encode("utf-8", "surrogateescape"))[:16]


# A lint's record of whether a program is on PATH (:func:`program_lookup`) is kept among its
# file reads under this prefix and the program's name: no file's name can hold a NUL, so no
# path, relative or absolute, is taken for such a record (the run cache keeps the linted
# files, named as they were typed, beside the files their lint read).
PROGRAM_LOOKUP = "\0PATH:"
ON_PATH = "on PATH"


def program_lookup(name: str) -> str | None:
    """What a lint records for the program ``name`` under ``PROGRAM_LOOKUP + name``:
    :data:`ON_PATH` when :func:`which` finds it, else None. A program installed or removed
    later changes what a rule says (DIP125), with ``$PATH`` itself the same."""
    return ON_PATH if which(name) is not None else None


# A lint's record of a path it refused to read (a symbolic link, or a folder on the way
# leading out of the tree) starts with this: no stamp can (stamps are numbers)
REFUSED = "refused"


def refusal_record(path: str) -> str:
    """What a lint records for ``path`` when it refuses it unread: whether it is a link,
    and where it leads. Replacing the link with a file, or the folder link with a folder,
    changes it, so the refusal is not served from a cache once the cause is gone."""
    try:
        kind = "link" if stat.S_ISLNK(os.lstat(path).st_mode) else "entry"
    except (OSError, ValueError):
        kind = "missing"
    return f"{REFUSED}:{kind}:{place_of(path)}"


# A lint's record of the `.dip` files of a folder it looked through for workflows that run the
# linted one as a child (a parent made or removed there changes what the lint says): this
# prefix, then the folder. The parents found are read, so an edit of one is a changed input
# too; an existing sibling edited to add a `ref` to the file is not noticed by the record.
DIP_FILES = "\0dip-files:"


def dip_files_record(folder: str) -> str:
    """What a lint records under ``DIP_FILES + folder``: a digest of the names of the regular
    ``.dip`` files directly in ``folder`` (names only: editing one workflow of a folder must
    not make every other one's cached result stale)."""
    try:
        with os.scandir(folder) as found:
            names = sorted(
                entry.name
                for entry in found
                if entry.name.endswith(".dip") and entry.is_file(follow_symlinks=False)
            )
    except OSError:
        return "-"
    return sha256_hex("\0".join(names).encode("utf-8", "surrogateescape"))[:32]


def unchanged(path: str, recorded: str | None) -> bool:
    """Would reading ``path`` now give what a
    :class:`~dipcheck.frontends.common.RecordingReader` recorded (``stamp:place:sha256``)?
    It must lead to the same place (:func:`place_of`); then the stamp (:func:`file_stamp`)
    decides when it is the same, and otherwise the content hash does. A program's record
    (:data:`PROGRAM_LOOKUP`) is looked up on PATH again."""
    if path.startswith(PROGRAM_LOOKUP):
        return program_lookup(path[len(PROGRAM_LOOKUP) :]) == recorded
    if path.startswith(DIP_FILES):
        return dip_files_record(path[len(DIP_FILES) :]) == recorded
    if recorded is not None and recorded.startswith(REFUSED):
        return recorded == refusal_record(path)
    try:
        info = os.lstat(path)
    except OSError:
        return recorded is None
    if stat.S_ISLNK(info.st_mode):
        return False  # include_file refuses symbolic links before it reads
    if recorded is None:
        try:
            read_from_disk(path)
        except (OSError, UnicodeDecodeError):
            return True
        return False
    stamp, place, content = _fields(recorded)
    if place != place_of(path):
        return False
    if stamp == file_stamp(info):
        return True
    try:
        text = read_from_disk(path)
    except (OSError, UnicodeDecodeError):
        return False
    return content == sha256_hex(text.encode("utf-8"))


def _fields(recorded: str) -> tuple[str, str, str]:
    """A record's stamp (:func:`file_stamp`), place and content hash (empty strings for a
    record that is not one: it then matches nothing)."""
    stamp, _, rest = recorded.rpartition(":")  # rest: the content hash
    stamp, _, place = stamp.rpartition(":")
    return stamp, place, rest
