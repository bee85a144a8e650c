"""Text for terminals and line-oriented reports, made harmless.

Workflow text reaches the terminal in findings (messages quote it, snippets show the line),
file names and simulator output. A raw control character there is an instruction to the
terminal (ESC starts an escape sequence that can clear the screen, retitle the window or hide
text; BEL rings; NUL and the C1 controls confuse what follows), so every C0 and C1 control
character but tab and newline, and DEL, is shown as a visible ``\\xNN`` escape, as git and
ruff do. JSON and SARIF keep the real characters: JSON escapes them itself.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _escape(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}"


def visible(text: str) -> str:
    """``text`` with each control character other than tab and newline as ``\\xNN``."""
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text
