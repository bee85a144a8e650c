"""Text for terminals and line-oriented reports, made harmless.

Workflow text reaches the terminal in findings (messages quote it, snippets show the line),
file names and simulator output. A raw control character there is an instruction to the
terminal (ESC starts an escape sequence that can clear the screen, retitle the window or hide
text; BEL rings; NUL and the C1 controls confuse what follows), so every C0 and C1 control
character but tab and newline, and DEL, is shown as a visible ``\\xNN`` escape, as git and
ruff do; so are the invisible bidirectional controls (``\\u202e``…, and the Arabic letter mark
``\\u061c``), which would reorder what the terminal shows, and the Unicode line and paragraph
separators (``\\u2028``, ``\\u2029``), which end a line for whatever reads the report by
Python's ``splitlines`` or as JavaScript source (a finding's message could make a line of its
own). A file name is one line, so in a name the line breaks are escaped too
(:func:`visible_name`): ``a\\n::error file=x::boom.dip`` printed raw makes a line that GitHub
Actions runs as a command. JSON and SARIF keep the real characters: JSON escapes them itself.

Output that is data — a diff to apply, a converted workflow, a graph's source — is written
exactly when it goes to a file or a pipe, and made visible only when it goes to a terminal
(:func:`for_stream`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import IO, TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    import argparse

# C0 and C1 controls but tab and newline, DEL, the invisible bidirectional controls (U+061C,
# U+200E/F, U+202A-U+202E, U+2066-U+2069), which reorder how a terminal shows the rest of the
# line ("Trojan Source"), the line and paragraph separators U+2028/U+2029, and the lone
# surrogates no output can write (a JSON or YAML `\ud800` escape: printing one raised); those
# of U+DC80-U+DCFF stand for the bytes of a file name that is not UTF-8, which the streams
# write back as they were (surrogateescape)
_UNICODE = "\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udc7f\udd00-\udfff"
_CONTROL = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_UNICODE}]")
# the same and the newline, for a file name (a carriage return is a C0 control already)
_NAME_CONTROL = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f{_UNICODE}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with each control character other than tab and newline as ``\\xNN``."""
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text


def visible_name(path: str) -> str:
    """A file name or path as one line: :func:`visible`, and a newline as ``\\x0a`` too."""
    return _NAME_CONTROL.sub(_escape, path) if _NAME_CONTROL.search(path) else path


def visible_line(text: str) -> str:
    """Text a report shows on one line — a finding's message, note, fix or help —
    :func:`visible`, and a line break as ``\\x0a`` too, as in a file name. No message is
    written over several lines, but the workflow text it quotes can be: a DOT node id holding
    a line break made the line after it start `::error file=x::boom`, which GitHub Actions
    reads as a command in the log of a CI lint."""
    return visible_name(text)


def visible_parser(**options: Any) -> argparse.ArgumentParser:
    """An argument parser whose usage errors and help are shown with :func:`visible`: its
    messages quote what was typed (`unrecognized arguments: …`, `ambiguous option: …`), which
    can hold an escape sequence. Its subparsers are of the same class (argparse makes them
    with the parser's own type)."""
    return _visible_parser_class()(**options)


@cache
def _visible_parser_class() -> type[argparse.ArgumentParser]:
    # (argparse, and the gettext it imports, only for the command line: this module is on
    # every lint's import path)
    import argparse

    class VisibleParser(argparse.ArgumentParser):
        def _print_message(self, message: str, file: IO[str] | None = None) -> None:
            super()._print_message(visible(message), file)

    return VisibleParser


def visible_lines(lines: Iterable[str]) -> str:
    """A report built line by line, each line ended with a newline and shown with
    :func:`visible_line`: a node id or label it quotes cannot start a line of its own."""
    return "".join(visible_line(line) + "\n" for line in lines)


# the code points outside XML 1.0's Char production that :func:`visible` leaves as they are
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """:func:`visible`, and the other code points XML 1.0 cannot hold — U+FFFE, U+FFFF and
    lone surrogates (the undecodable bytes of a file name) — as ``\\uNNNN``: escaped as a
    character reference or not, any of them makes a JUnit report unreadable to every XML
    parser. Markup holds none of them, so a whole serialized document can be passed."""
    shown = visible(text)
    if _NOT_XML.search(shown) is None:
        return shown
    return _NOT_XML.sub(lambda match: f"\\u{ord(match.group()):04x}", shown)


# How much of a value the user gave a usage or configuration error quotes.
QUOTED_CHARS = 60


def quoted(value: object, limit: int = QUOTED_CHARS) -> str:
    """A value the user gave (a selector, a version, a key) quoted for an error message: its
    ``repr`` (so controls and line breaks show as escapes), and of a longer string only the
    first ``limit`` characters and its length (a 100,000-character ``--select`` made an error
    message as long), of a longer other value the start of its ``repr``."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    shown = repr(value)
    return shown if len(shown) <= limit else shown[:limit] + "…"


def for_stream(text: str, stream: TextIO) -> str:
    """``text`` as it is written to ``stream``: exact for a file or a pipe (a diff that
    ``patch`` applies must keep every byte), visible (:func:`visible`) for a terminal."""
    try:
        interactive = stream.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        interactive = False
    return visible(text) if interactive else text
