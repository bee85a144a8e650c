"""Rendering DOT text to SVG or PNG with Graphviz's ``dot``, when it is installed."""

from __future__ import annotations

import subprocess

from dipcheck.files import which

TIMEOUT = 60
MEMORY_LIMIT = 2 << 30  # bytes of address space `dot` may use
INSTALL_HINT = (
    "Graphviz's `dot` is not on PATH: install Graphviz (apt-get install graphviz, "
    "brew install graphviz, choco install graphviz), or ask for `--format dot` or "
    "`--format mermaid`, which need nothing installed"
)


class GraphvizError(Exception):
    """``dot`` is missing, failed or took too long."""


def available() -> bool:
    return which("dot") is not None


# What XML 1.0 forbids (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF) and
# DEL, each drawn as its Unicode control picture (ESC as ␛) or the replacement character:
# Graphviz copies label text into the SVG as it is, so a label holding ESC made a file no XML
# reader takes (and a terminal obeyed its escape sequences)
_PICTURED = {
    **{code: 0x2400 + code for code in range(0x20) if chr(code) not in "\t\n\r"},
    0x7F: 0x2421,
    0xFFFE: 0xFFFD,
    0xFFFF: 0xFFFD,
}


def render(dot_text: str, fmt: str) -> bytes:
    """``dot_text`` rendered as ``fmt`` (``svg`` or ``png``); the characters XML forbids are
    drawn as pictures of themselves (:data:`_PICTURED`)."""
    if fmt not in ("svg", "png"):
        raise ValueError(f"cannot render {fmt!r}")
    dot_text = dot_text.translate(_PICTURED)
    program = which("dot")
    if program is None:
        raise GraphvizError(INSTALL_HINT)
    try:
        process = subprocess.Popen(
            [program, f"-T{fmt}"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    except OSError as error:
        raise GraphvizError(f"cannot run {program}: {error}") from None
    with process:
        _limit_memory(process.pid)
        try:
            output, errors = process.communicate(dot_text.encode("utf-8"), timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise GraphvizError(f"`dot -T{fmt}` took longer than {TIMEOUT} s") from None
    if process.returncode != 0 or not output:
        message = errors.decode("utf-8", errors="replace").strip()
        raise GraphvizError(
            f"`dot -T{fmt}` failed ({process.returncode}): {message[:500]} (it may use "
            f"{MEMORY_LIMIT >> 20} MiB; a graph this large is better drawn with --format dot "
            "and a layout of your choice)"
            if "memory" in message.lower() or process.returncode < 0
            else f"`dot -T{fmt}` failed ({process.returncode}): {message[:500]}"
        )
    return output


def _limit_memory(pid: int) -> None:
    """Cap the address space of the ``dot`` process (Linux): a layout of thousands of nodes
    can take gigabytes. Elsewhere only the time limit applies."""
    try:
        import resource

        resource.prlimit(pid, resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, AttributeError, OSError, ValueError):
        pass
