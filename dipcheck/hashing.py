"""SHA-256 digests without importing :mod:`hashlib`, which loads OpenSSL: a few milliseconds of
every start-up, and the result cache's hit path needs nothing else of it (issue 19 §3)."""

from __future__ import annotations

import importlib

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
