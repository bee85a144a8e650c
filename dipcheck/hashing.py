"""SHA-256 digests without importing :mod:`hashlib`, which loads OpenSSL: a few milliseconds of
every start-up, and the result cache's hit path needs nothing else of it (issue 19 §3)."""

from __future__ import annotations

import importlib
from _operator import _compare_digest

TYPE_CHECKING = False  # as typing's, without importing typing (and re): dipcheck/replay.py
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def _constructor() -> Callable[[bytes], Any]:
    for name in ("_sha2", "_sha256"):  # CPython's built-in SHA-256 (3.12+, 3.11)
        try:
            return importlib.import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256


_SHA256 = _constructor()


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data`` in hexadecimal."""
    return str(_SHA256(data).hexdigest())


_BLOCK = 64  # SHA-256's block size in bytes
# each byte XORed with HMAC's inner and outer pad bytes, as tables for bytes.translate (a
# generator over the key's 64 bytes, twice per call, cost more than the hash of a small entry)
_INNER_PAD = bytes(byte ^ 0x36 for byte in range(256))
_OUTER_PAD = bytes(byte ^ 0x5C for byte in range(256))


def hmac_sha256_hex(key: bytes, data: bytes) -> str:
    """HMAC-SHA256 (RFC 2104) of ``data`` under ``key``, in hexadecimal: :mod:`hmac` imports
    :mod:`hashlib` (OpenSSL), which the cached path does without."""
    if len(key) > _BLOCK:
        key = _SHA256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    inner = _SHA256(key.translate(_INNER_PAD))
    inner.update(data)  # (not joined to the pad: an entry may be megabytes)
    return str(_SHA256(key.translate(_OUTER_PAD) + inner.digest()).hexdigest())


def same_digest(first: bytes, second: bytes) -> bool:
    """Whether two digests are equal, in a time that does not tell where they differ
    (``hmac.compare_digest``, from the built-in module it comes from: a loop over the bytes in
    Python cost 200 instructions a byte, every cache entry read)."""
    return _compare_digest(first, second)
