"""Where the two versions of ``dipcheck diff`` come from: a file, or ``git:REV:path`` — the
file as it is in commit ``REV`` of the git repository that holds the current directory.

``git`` is run with an argument list (never a shell). ``REV`` must look like a revision
(letters, digits and ``_./~^@{}-``, not starting with ``-``, no ``..``), so it can never be
read as an option; the path is taken relative to the repository's top directory and must
stay inside it. Files the workflow includes (``prompt_file`` …) are read from the same
commit.
"""

from __future__ import annotations

import os
import re
import subprocess

from dipcheck.files import MAX_INCLUDED_BYTES, read_regular, which, why_unreadable
from dipcheck.frontends.common import FileReader, read_from_disk
from dipcheck.records import record

GIT_PREFIX = "git:"
TIMEOUT = 30
_REVISION = re.compile(r"[A-Za-z0-9_./~^@{}\-]{1,200}")


class SourceError(Exception):
    """A version that cannot be read."""


@record(frozen=True, slots=True)
class Version:
    """``label`` is what the report calls it; ``path`` the file path the front-end sees
    (its suffix picks the format, its directory anchors included files)."""

    label: str
    path: str
    text: str
    reader: FileReader


def parse_git(spec: str) -> tuple[str, str]:
    """``git:REV:path`` → (REV, path); a ``SourceError`` for anything unsafe or malformed."""
    rest = spec[len(GIT_PREFIX) :]
    revision, colon, path = rest.partition(":")
    if not colon or not revision or not path:
        raise SourceError(f"{spec!r}: write git:REV:path, e.g. git:HEAD~1:workflows/build.dip")
    if not _REVISION.fullmatch(revision) or revision.startswith("-") or ".." in revision:
        raise SourceError(
            f"{spec!r}: {revision!r} is not a revision dipcheck accepts (a branch, tag, commit "
            "or HEAD~N; it cannot start with `-` or contain `..`)"
        )
    if "\0" in path or path.startswith("-"):
        raise SourceError(f"{spec!r}: the path cannot start with `-` or hold a NUL character")
    return revision, path


def _git(args: list[str], cwd: str, stdin: bytes | None = None) -> bytes:
    program = which("git")
    if program is None:
        raise SourceError("git is not on PATH")
    try:
        done = subprocess.run(
            [program, "--no-pager", *args],
            cwd=cwd,
            input=stdin,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0"},
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SourceError(f"git {args[0]}: {error}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise SourceError(message[-1] if message else f"git {args[0]} failed")
    return done.stdout


def _toplevel(cwd: str) -> str:
    # os.fsdecode: a directory name that is not UTF-8 (a traceback with .decode("utf-8"))
    return os.fsdecode(_git(["rev-parse", "--show-toplevel"], cwd)).strip()


def _relative(top: str, path: str) -> str:
    """``path`` as git names it in ``top``: its folder resolved, the file itself not (what a
    symbolic link in the working tree points at is another path, which the commits need not
    have: a pull request that made `deploy.dip` a link to `other.dip` was compared as
    `other.dip` in both commits)."""
    absolute = os.path.abspath(path)
    full = os.path.join(os.path.realpath(os.path.dirname(absolute)), os.path.basename(absolute))
    relative = os.path.relpath(full, os.path.realpath(top))
    if relative == ".." or relative.startswith(".." + os.sep) or os.path.isabs(relative):
        raise SourceError(f"{path}: outside the git repository at {top}")
    return relative.replace(os.sep, "/")


def _show(revision: str, top: str, relative: str) -> str:
    # the object's id, type and size first, and its bytes only when they are under the limit
    # (`git show` of a 300 MB blob was read whole, and only then found too large); by its id,
    # so that a branch that moves meanwhile cannot put another object in its place
    name = f"{revision}:{relative}"
    # a symbolic link is a blob too, whose text is the path it points at
    listed = _git(["ls-tree", "-z", revision, "--", relative], top)
    if listed.startswith(b"120000 "):
        raise SourceError(f"{name}: a symbolic link in that commit, not a file's text")
    found = _git(["cat-file", "--batch-check"], top, stdin=os.fsencode(name) + b"\n")
    fields = found.decode("utf-8", "replace").split()
    if len(fields) != 3 or fields[1] != "blob":
        what = f"a {fields[1]}" if len(fields) == 3 else "not in the repository"
        raise SourceError(f"{name}: {what}, not a file's text")
    if int(fields[2]) > MAX_INCLUDED_BYTES * 2:
        raise SourceError(f"{name} is too large")
    data = _git(["cat-file", "blob", fields[0]], top)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SourceError(f"{revision}:{relative} is not UTF-8 text") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_version(spec: str) -> Version:
    if not spec.startswith(GIT_PREFIX):
        from dipcheck.engine import named_outside

        refused = named_outside(spec)
        if refused is not None:
            raise SourceError(f"{spec}: {refused}")
        try:
            text = read_regular(spec, MAX_INCLUDED_BYTES * 2).decode("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = why_unreadable(error) if isinstance(error, OSError) else "not UTF-8 text"
            raise SourceError(f"{spec}: {reason}") from None
        return Version(spec, spec, text[1:] if text.startswith("\ufeff") else text, read_from_disk)
    revision, path = parse_git(spec)
    cwd = os.getcwd()
    top = _toplevel(cwd)
    relative = _relative(top, path)
    text = _show(revision, top, relative)

    def reader(included: str) -> str:
        try:
            inner = _relative(top, included)
            return _show(revision, top, inner)
        except SourceError as error:
            raise FileNotFoundError(str(error)) from None

    return Version(f"{revision}:{relative}", os.path.join(top, relative), text, reader)
