"""Cache files sealed with a secret of this user's, so that one written by another hand is not
believed.

The result cache lives in ``.dipcheck_cache/`` beside the configuration, inside the checkout,
and ``$DIPCHECK_CACHE_DIR`` may point into one: a pull request can commit entries there that
say a broken workflow is clean, or a kept run whose output is anything at all. A directory's
owner and mode tell little about who wrote its files (a checkout made with ``umask 077`` is
private and the runner's). So every cache file dipcheck writes (result entries, the rules
snapshot, kept runs, shell verdicts) starts with an HMAC-SHA256 of its content under a key
that only this user's dipcheck makes and reads, and a file whose seal is not right is a miss.

The key is 32 random bytes in ``seal.key`` of the per-user cache directory
(``$XDG_CACHE_HOME/dipcheck`` or ``~/.cache/dipcheck``; ``$DIPCHECK_CACHE_DIR`` is not used
for it, since it may be a directory of the checkout), created private (0600, in a 0700
directory) and refused when it is a link, not this user's, or readable by others. Without a
usable key nothing is cached (a file there that is refused is said on standard error).
"""

from __future__ import annotations

import contextlib
import os
import stat
from functools import cache

from dipcheck.files import read_regular, usable_directory, user_cache_directory
from dipcheck.hashing import hmac_sha256_hex, same_digest

MARK = b"dipcheck-seal-1 "  # then the seal in hex and a line break, then the content
_DIGEST_HEX = 64
_KEY_NAME = "seal.key"
_KEY_BYTES = 32


def seal(content: bytes) -> bytes | None:
    """``content`` with its seal in front, or None when there is no key (nothing is kept)."""
    key = _key()
    if key is None:
        return None
    return MARK + hmac_sha256_hex(key, content).encode("ascii") + b"\n" + content


def unseal(data: bytes | None) -> bytes | None:
    """The content of sealed ``data`` when its seal is right under this user's key, else
    None (missing, written by another hand or another key, or altered since)."""
    key = _key()
    if key is None or data is None or not data.startswith(MARK):
        return None
    start = len(MARK) + _DIGEST_HEX
    if data[start : start + 1] != b"\n":
        return None
    content = data[start + 1 :]
    given = data[len(MARK) : start]
    return content if same_digest(given, hmac_sha256_hex(key, content).encode("ascii")) else None


def ready() -> None:
    """Read (or make) this user's key now, before worker processes are forked: they then
    share the answer, and a key that is refused is said once, not once per worker."""
    _key()


@cache
def _key() -> bytes | None:
    """This user's key, made the first time it is needed; None when it cannot be made or
    the file there is not one this user's dipcheck made."""
    directory = user_cache_directory()
    if not usable_directory(directory):
        return None
    path = os.path.join(directory, _KEY_NAME)
    if not os.path.lexists(path):
        _make_key(directory, path)
    return _read_key(path)


def _make_key(directory: str, path: str) -> None:
    """Write a new key to ``path``, whole before anyone can read it: a private temporary file,
    then a hard link to the name, which fails when another process made the key first."""
    temporary = os.path.join(directory, f".{_KEY_NAME}.{os.getpid()}.{os.urandom(6).hex()}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    # (an error: made by another process meanwhile, or not writable; read or refused after)
    with contextlib.suppress(OSError):
        handle = os.open(temporary, flags, 0o600)
        with os.fdopen(handle, "wb") as stream:
            stream.write(os.urandom(_KEY_BYTES).hex().encode("ascii"))
        os.link(temporary, path)
    with contextlib.suppress(OSError):
        os.unlink(temporary)


def _read_key(path: str) -> bytes | None:
    """The key in ``path``, or None, said on standard error when a file is there that is not
    a key this user's dipcheck made (nothing would be cached, silently, until it goes)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None  # (it could not be made: a read-only home, quietly no cache)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
        return _refused(path, "it is not a regular file")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return _refused(path, f"it belongs to another user (uid {info.st_uid})")
    if os.name != "nt" and info.st_mode & 0o077:
        return _refused(
            path, f"other users may read it (mode {stat.S_IMODE(info.st_mode):04o}, not 0600)"
        )
    try:
        text = read_regular(path, 4 * _KEY_BYTES)
    except OSError as error:
        return _refused(path, f"it cannot be read ({error.strerror or error})")
    try:
        if len(text) == 2 * _KEY_BYTES:
            return bytes.fromhex(text.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        pass
    return _refused(path, "it does not hold a key dipcheck made")


def _refused(path: str, problem: str) -> None:
    import sys

    from dipcheck.terminal import visible_name

    print(
        visible_name(
            f"dipcheck: warning: nothing is cached: the cache key {path} is not used, {problem}; "
            "remove it and dipcheck makes a new one"
        ),
        file=sys.stderr,
    )
