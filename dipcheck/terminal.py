"""Text for terminals and line-oriented reports, made harmless.

Workflow text reaches the terminal in findings (messages quote it, snippets show the line),
file names and simulator output. A raw control character there is an instruction to the
terminal (ESC starts an escape sequence that can clear the screen, retitle the window or hide
text; BEL rings; NUL and the C1 controls confuse what follows), so every C0 and C1 control
character but tab and newline, and DEL, is shown as a visible ``\\xNN`` escape, as git and
ruff do. JSON and SARIF keep the real characters: JSON escapes them itself.

Output that is data — a diff to apply, a converted workflow, a graph's source — is written
exactly when it goes to a file or a pipe, and made visible only when it goes to a terminal
(:func:`for_stream`).
"""

from __future__ import annotations

import re
from typing import TextIO

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _escape(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}"


def visible(text: str) -> str:
    """``text`` with each control character other than tab and newline as ``\\xNN``."""
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text


def for_stream(text: str, stream: TextIO) -> str:
    """``text`` as it is written to ``stream``: exact for a file or a pipe (a diff that
    ``patch`` applies must keep every byte), visible (:func:`visible`) for a terminal."""
    try:
        interactive = stream.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        interactive = False
    return visible(text) if interactive else text
