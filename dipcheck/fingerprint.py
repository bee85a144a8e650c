"""What identifies the code that lints: dipcheck's own files and the programs rules start.
A cached result (:mod:`dipcheck.cache`) or run (:mod:`dipcheck.replay`) is used only under the
same fingerprint, so an editable install never serves what older code found."""

from __future__ import annotations

import os
from functools import cache

from dipcheck import __version__
from dipcheck.files import program_identity, which
from dipcheck.hashing import sha256_hex

EXTERNAL_PROGRAMS = ("bash", "shellcheck")


@cache
def code_fingerprint() -> str:
    """Size and modification time of every module, grammar and data file of dipcheck (the
    model catalog is data), and of the programs rules start."""
    package = os.path.dirname(os.path.abspath(__file__))
    import dipcheck.grammars  # a directory beside the package (pyproject.toml: package-dir)

    grammars = os.path.dirname(os.path.abspath(dipcheck.grammars.__file__))
    parts: list[str] = [__version__]
    for top in (package, grammars):
        for root, dirs, names in os.walk(top):
            dirs[:] = sorted(name for name in dirs if name != "__pycache__")
            where = os.path.relpath(root, top)
            for name in sorted(names):
                if name.endswith((".py", ".lark", ".tables", ".json")):
                    info = os.stat(os.path.join(root, name))
                    parts.append(f"{where}/{name}:{info.st_size}:{info.st_mtime_ns}")
    parts.extend(f"{name}={program_identity(which(name))}" for name in EXTERNAL_PROGRAMS)
    return sha256_hex("\n".join(parts).encode("utf-8"))
