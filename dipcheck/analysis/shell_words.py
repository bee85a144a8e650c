"""A small, forgiving reading of a tool command as shell: simple commands, their words and
redirections, and whether each one certainly runs.

This is not a shell parser (``bash -n`` is, DIP123); it is enough to answer the questions the
routing rules ask, such as "does anything besides the marker certainly reach standard
output?" (DC306). Quotes, ``$(…)``, ``${…}``, backticks, comments and here-documents are
skipped over as units, so their content never splits a command. A command *certainly runs*
when it sits at the top level of the script: not in an ``if``/``while``/``for``/``case``
body, not in a function body, not after ``&&`` or ``||``, and not in an ``elif`` test.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import Any

from dipcheck.lazyre import lazy
from dipcheck.records import record
from dipcheck.textchange import RecentTexts

_REDIRECT = lazy(r"^(\d*|&)(>>|>\||>&|>|<<<|<&|<>|<)(.*)$")
_ASSIGNMENT = lazy(r"[A-Za-z_][A-Za-z0-9_]*=")
_HEREDOC = lazy(r"<<(-?)[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")
# A run of characters that can neither end a word nor start a quote, expansion or operator.
_PLAIN = re.compile(r"[^\s'\"`$\\#;&|<>()]+")
_IN_DOUBLE_QUOTES = re.compile(r'[\\"$]')  # inside "…" every other character is plain
# "…" with no backslash, `$(` or `${` inside: its unit ends at its second quote.
_PLAIN_DOUBLE_QUOTED = lazy(r'"[^"\\$]*(?:\$(?![({])[^"\\$]*)*"')
# The characters at which the scanner may do anything but start or extend a word: any other
# takes the word path at once (the checks for blanks, comments, quotes, heredocs and
# separators cannot match it).
_SPECIAL_CHARS = frozenset(" \t\r\n#\\'\"`$<&;|")
_OPENERS = frozenset({"then", "do"})
_CLOSERS = frozenset({"fi", "done", "esac"})


@record(frozen=True, slots=True)
class Word:
    """A word as written (``text``, with its offsets in the command) and its value with
    quotes removed. ``expands``: it contains a ``$`` expansion or a backtick outside single
    quotes, so its value is only known at run time."""

    text: str
    start: int
    end: int
    value: str
    expands: bool


@record(frozen=True, slots=True)
class Redirect:
    fd: str  # "" (stdout for >, stdin for <), a digit, or "&" (stdout and stderr)
    op: str
    target: str


@record(frozen=True, slots=True)
class SimpleCommand:
    """One simple command: its words (assignments and redirections removed), redirections,
    and where it sits. ``piped``: its output goes into a following ``|``."""

    words: tuple[Word, ...]
    redirects: tuple[Redirect, ...]
    start: int
    end: int
    certain: bool
    piped: bool

    @property
    def name(self) -> str:
        return self.words[0].value if self.words else ""

    @property
    def stdout_redirected(self) -> bool:
        """Is standard output sent to a file, ``/dev/null`` or standard error?"""
        for item in self.redirects:
            if item.op in (">", ">>", ">|") and item.fd in ("", "1", "&"):
                return True
            if item.op == ">&" and item.fd in ("", "1") and item.target != "1":
                return True
        return False


def _skip_quoted(text: str, index: int) -> int:
    """The index after the quoted/expansion unit starting at ``index`` (``'…'``, ``"…"``,
    `` `…` ``, ``$( … )``, ``$(( … ))``, ``${ … }``), nested units included; the end of the
    text when it is not closed. Iterative: nesting thousands deep is a loop, not recursion."""
    length = len(text)
    char = text[index]
    if char in "'`":
        end = text.find(char, index + 1)
        return length if end < 0 else end + 1
    plain = _PLAIN_DOUBLE_QUOTED.match(text, index) if char == '"' else None
    if plain is not None:  # (most "…": nothing nested, no frames needed)
        return plain.end()
    # One frame per open unit: None inside "…", else [opener, closer, depth] of $( or ${.
    frames: list[list[Any] | None] = []

    def enter(at: int) -> int:
        if text[at] == '"':
            frames.append(None)
        else:
            opener = text[at + 1]
            frames.append([opener, ")" if opener == "(" else "}", 0])
        return at + 1

    def closes(after: int) -> int | None:
        frames.pop()
        return None if frames else after

    cursor = enter(index)
    while cursor < length:
        frame = frames[-1]
        current = text[cursor]
        expansion = current == "$" and text[cursor + 1 : cursor + 2] in ("(", "{")
        if current == "\\":
            cursor += 2
        elif frame is None:  # inside "…"
            if current == '"':
                done = closes(cursor + 1)
                if done is not None:
                    return done
                cursor += 1
            elif expansion:
                cursor = enter(cursor)
            else:  # up to the next character that can end or open something here
                found = _IN_DOUBLE_QUOTES.search(text, cursor + 1)
                cursor = found.start() if found is not None else length
        elif current in "'`":
            end = text.find(current, cursor + 1)
            cursor = length if end < 0 else end + 1
        elif current == '"' or expansion:
            cursor = enter(cursor)
        else:
            if current == frame[0]:
                frame[2] += 1
            elif current == frame[1]:
                frame[2] -= 1
                if frame[2] == 0:
                    done = closes(cursor + 1)
                    if done is not None:
                        return done
            cursor += 1
    return length


_SPECIAL = lazy(r"['\"\\$`]")  # what makes a word differ from its value


def _unquote(text: str) -> tuple[str, bool]:
    """A word's value (quotes and escapes removed) and whether it expands anything."""
    if _SPECIAL.search(text) is None:
        return text, False  # (most words: nothing to remove)
    plain = _PLAIN_DOUBLE_QUOTED.fullmatch(text)
    if plain is not None:  # (the next most: one "…" with nothing escaped or nested)
        inner = text[1:-1]
        return inner, "$" in inner or "`" in inner
    out: list[str] = []
    expands = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "'":
            end = text.find("'", index + 1)
            end = len(text) if end < 0 else end
            out.append(text[index + 1 : end])
            index = end + 1
        elif char == '"':
            end = _skip_quoted(text, index)
            inner = text[index + 1 : end - 1 if end <= len(text) and text[end - 1] == '"' else end]
            expands = expands or "$" in inner or "`" in inner
            out.append(re.sub(r'\\([$`"\\])', r"\1", inner) if "\\" in inner else inner)
            index = end
        elif char == "\\" and index + 1 < len(text):
            out.append(text[index + 1])
            index += 2
        else:
            if char in "$`":
                expands = True
            out.append(char)
            index += 1
    return "".join(out), expands


def _defines(text: str, spans: list[tuple[int, int]], parts: list[str]) -> bool:
    """Does a word of a command (``parts``, the text at ``spans``) end with ``()``, as a
    function's header does? Looked for in the command's text first: most have no ``()``."""
    if text.find("()", spans[0][0], spans[-1][1]) < 0:
        return False
    return any(part.endswith("()") for part in parts)


# A parser state at a line start of the script's top level: (offset, commands before it,
# depth, open braces, function_pending). Nothing before the offset looks past it, so the
# state is decided by the text before it.
_Mark = tuple[int, int, int, tuple[bool, ...], bool]
_OFFSET = itemgetter(0)
# Scripts at least this long keep their marks, for the parse of an edited copy, unless they
# have more lines than this (a mark takes about 150 bytes).
INCREMENTAL_CHARS = 1024
_MAX_MARKS = 5000


class _Parse:
    """A script, its simple commands and its marks (never changed once made)."""

    __slots__ = ("commands", "marks", "text")

    def __init__(
        self, text: str, commands: tuple[SimpleCommand, ...], marks: tuple[_Mark, ...]
    ) -> None:
        self.text = text
        self.commands = commands
        self.marks = marks


# (the parse of an undone edit's text comes from the cache; it is kept as recent as the new one)
_RECENT: RecentTexts[_Parse] = RecentTexts(attrgetter("text"))


def _moved(command: SimpleCommand, delta: int) -> SimpleCommand:
    words = tuple(
        Word(word.text, word.start + delta, word.end + delta, word.value, word.expands)
        for word in command.words
    )
    return SimpleCommand(
        words,
        command.redirects,
        command.start + delta,
        command.end + delta,
        command.certain,
        command.piped,
    )


@lru_cache(maxsize=1024)
def simple_commands(text: str) -> tuple[SimpleCommand, ...]:
    """The simple commands of a script, in order (cached: several rules ask, and the
    language server re-lints the same commands on every keystroke). A long script is parsed
    again only from the top-level line before the first character an earlier version of it
    differs in, up to the first line after the last one where the parser is in the same
    state as it was there: typing in a 27 KB command re-reads a few lines, not all of it."""
    if len(text) < INCREMENTAL_CHARS or text.count("\n") > _MAX_MARKS:
        return tuple(_scan(text, 0, [], 0, [], False, None, None))
    marks: list[_Mark] = []
    found = _RECENT.closest(text)
    if found is None:
        base = None
        result = _scan(text, 0, [], 0, [], False, marks, None)
    else:
        base, prefix, _, new_end = found
        suffix = len(text) - new_end
        # the last line start the edit leaves in place, and the parser's state there
        at = bisect_right(base.marks, prefix, key=_OFFSET)
        if at:
            offset, count, depth, braces, pending = base.marks[at - 1]
        else:
            offset, count, depth, braces, pending = 0, 0, 0, (), False
        marks.extend(base.marks[:at])
        reuse = (base, len(text) - len(base.text), len(text) - suffix)
        result = _scan(
            text, offset, list(base.commands[:count]), depth, list(braces), pending, marks, reuse
        )
    commands = tuple(result)
    _RECENT.keep(_Parse(text, commands, tuple(marks)), base)
    return commands


def _scan(
    text: str,
    index: int,
    result: list[SimpleCommand],
    depth: int,
    braces: list[bool],  # per open `{`: does it open a function body?
    function_pending: bool,  # a function header whose `{` is on the next line
    marks: list[_Mark] | None,
    reuse: tuple[_Parse, int, int] | None,
) -> list[SimpleCommand]:
    """Parse ``text`` from ``index``, a top-level line start where the parser is in the
    state given (0 and nothing open at the start), appending to ``result`` the commands
    found and to ``marks`` (when given) the state at each top-level line start. ``reuse``:
    an earlier version of the text, the offset to add to its positions, and where the text
    left to parse is the same as the end of the earlier one; the scan stops at the first
    line start from there where the state is the earlier one's at the same place, and takes
    the rest from it."""
    words: list[tuple[int, int]] = []
    guarded = False  # the current command follows && or ||
    heredocs: list[tuple[str, bool]] = []
    length = len(text)
    word_start = -1
    if reuse is not None:
        base, delta, same_from = reuse

    def finish(separator: str) -> None:
        nonlocal depth, guarded, words, function_pending
        command_words = words
        words = []
        if not command_words:
            guarded = separator in ("&&", "||")
            return
        parts = [text[start:end] for start, end in command_words]
        certain = not guarded
        head = parts[0]
        while parts and head in ("then", "do", "else", "elif", "if", "while", "until", "!"):
            if head in _OPENERS:
                depth += 1
            if head == "elif":
                certain = False
            parts.pop(0)
            command_words.pop(0)
            head = parts[0] if parts else ""
        if head in _CLOSERS or head == "}":
            if head == "}" and braces:
                if braces.pop():
                    depth -= 1
            elif head in _CLOSERS:
                depth = max(depth - 1, 0)
            parts.pop(0)
            command_words.pop(0)
        if head == "case":
            depth += 1
        if parts and (parts[0] == "function" or _defines(text, command_words, parts)):
            if parts[-1] == "{":
                braces.append(True)
                depth += 1
            else:
                function_pending = True
            parts, command_words = [], []
        elif parts and parts[0] == "{":
            braces.append(function_pending)
            if function_pending:
                depth += 1
            function_pending = False
            parts.pop(0)
            command_words.pop(0)
        certain = certain and depth == 0
        items: list[Word] = []
        redirects: list[Redirect] = []
        pending: tuple[str, str] | None = None
        for (start, end), raw in zip(command_words, parts, strict=True):
            if pending is not None:
                redirects.append(Redirect(pending[0], pending[1], _unquote(raw)[0]))
                pending = None
                continue
            # (every redirection operator has a `<` or `>`: most words need no match)
            match = _REDIRECT.match(raw) if "<" in raw or ">" in raw else None
            if match and not raw.startswith(("'", '"')):
                fd, op, target = match.groups()
                if target:
                    redirects.append(Redirect(fd, op, _unquote(target)[0]))
                else:
                    pending = (fd, op)
                continue
            if not items and "=" in raw and _ASSIGNMENT.match(raw):
                continue  # an assignment before the command name
            if _SPECIAL.search(raw) is None:  # (_unquote's own first test, without the call)
                value, expands = raw, False
            else:
                value, expands = _unquote(raw)
            items.append(Word(raw, start, end, value, expands))
        if items or redirects:
            result.append(
                SimpleCommand(
                    tuple(items),
                    tuple(redirects),
                    command_words[0][0] if command_words else 0,
                    command_words[-1][1] if command_words else 0,
                    certain,
                    separator == "|",
                )
            )
        guarded = separator in ("&&", "||") or (separator == "|" and guarded)

    def end_word(position: int) -> None:
        nonlocal word_start
        if word_start >= 0:
            words.append((word_start, position))
            word_start = -1

    while index < length:
        char = text[index]
        if char not in _SPECIAL_CHARS:  # (most steps: a word's first character)
            if word_start < 0:
                word_start = index
            run = _PLAIN.match(text, index + 1)
            index = run.end() if run else index + 1
            continue
        if char in " \t\r":
            if word_start >= 0:  # (end_word, inline: a blank is the next most common step)
                words.append((word_start, index))
                word_start = -1
            index += 1
            continue
        if char == "\n":
            end_word(index)
            finish("\n")
            index += 1
            for delimiter, strip in heredocs:
                while index < length:
                    line_end = text.find("\n", index)
                    line_end = length if line_end < 0 else line_end
                    line = text[index:line_end]
                    index = line_end + 1
                    if (line.strip() if strip else line) == delimiter:
                        break
            heredocs = []
            if marks is not None and index < length:
                state = (depth, tuple(braces), function_pending)
                if reuse is not None and index >= same_from:
                    position = bisect_left(base.marks, index - delta, key=_OFFSET)
                    old = base.marks[position] if position < len(base.marks) else None
                    if old is not None and old[0] == index - delta and old[2:] == state:
                        count = old[1]
                        shift = len(result) - count
                        rest = base.commands[count:]
                        result.extend(rest if not delta else (_moved(c, delta) for c in rest))
                        marks.extend(
                            (offset + delta, before + shift, *after)
                            for offset, before, *after in base.marks[position:]
                        )
                        return result
                marks.append((index, len(result), *state))
            continue
        if char == "#" and word_start < 0:
            newline = text.find("\n", index)
            index = length if newline < 0 else newline
            continue
        if char == "\\" and index + 1 < length:
            if text[index + 1] == "\n":
                end_word(index)
                index += 2
                continue
            if word_start < 0:
                word_start = index
            index += 2
            continue
        if char in "'\"`" or (char == "$" and text[index + 1 : index + 2] in ("(", "{")):
            if word_start < 0:
                word_start = index
            index = _skip_quoted(text, index)
            continue
        if text.startswith("<<", index) and not text.startswith("<<<", index):
            match = _HEREDOC.match(text, index)
            if match:
                heredocs.append((match.group(3), match.group(1) == "-"))
                end_word(index)
                words.append((index, match.end()))
                index = match.end()
                continue
        two = text[index : index + 2]
        if two in ("&&", "||") or char in ";|" or (char == "&" and two != "&>"):
            previous = text[index - 1] if index else ""
            if char == "&" and previous in "<>":
                if word_start < 0:
                    word_start = index
                index += 1
                continue
            end_word(index)
            separator = two if two in ("&&", "||") else char
            finish(separator if separator != ";;" else ";")
            index += len(separator)
            continue
        if word_start < 0:
            word_start = index
        run = _PLAIN.match(text, index + 1)
        index = run.end() if run else index + 1
    end_word(length)
    finish("\n")
    return result
