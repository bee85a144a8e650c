"""Rendering DOT text to SVG or PNG with Graphviz's ``dot``, when it is installed."""

from __future__ import annotations

import shutil
import subprocess

TIMEOUT = 60
INSTALL_HINT = (
    "Graphviz's `dot` is not on PATH: install Graphviz (apt-get install graphviz, "
    "brew install graphviz, choco install graphviz), or ask for `--format dot` or "
    "`--format mermaid`, which need nothing installed"
)


class GraphvizError(Exception):
    """``dot`` is missing, failed or took too long."""


def available() -> bool:
    return shutil.which("dot") is not None


def render(dot_text: str, fmt: str) -> bytes:
    """``dot_text`` rendered as ``fmt`` (``svg`` or ``png``)."""
    if fmt not in ("svg", "png"):
        raise ValueError(f"cannot render {fmt!r}")
    program = shutil.which("dot")
    if program is None:
        raise GraphvizError(INSTALL_HINT)
    try:
        done = subprocess.run(
            [program, f"-T{fmt}"],
            input=dot_text.encode("utf-8"),
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise GraphvizError(f"`dot -T{fmt}` took longer than {TIMEOUT} s") from None
    except OSError as error:
        raise GraphvizError(f"cannot run {program}: {error}") from None
    if done.returncode != 0 or not done.stdout:
        message = done.stderr.decode("utf-8", errors="replace").strip()
        raise GraphvizError(f"`dot -T{fmt}` failed ({done.returncode}): {message[:500]}")
    return done.stdout
