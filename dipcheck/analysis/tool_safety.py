"""tracker's tool-command gate, reproduced: how it splits a command into statements, the
built-in denylist, ``tool_denylist_add``, the ``tool_commands_allow`` allowlist, the ``exec``
file-descriptor exemption and the ``working_dir`` check
(docs/runtime/tools.md#denied-and-allowed-commands;
``pipeline/handlers/tool_safety.go``, ``pipeline/handlers/tool.go``, ``registry.go``).

tracker applies these to the command *after* expanding ``${…}`` and ``$name`` placeholders.
A placeholder's value is unknown to a static reader, so :func:`statement_verdicts` tries a few
values in its place and reports only what holds for all of them; the values assume that a
placeholder does not expand to a statement separator (``;``, ``&&``, ``||``, a newline).

Nothing here runs the command; it is text matching only.
"""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import lru_cache
from operator import attrgetter

from dipcheck.lazyre import lazy
from dipcheck.records import record
from dipcheck.textchange import RecentTexts

# defaultDenyPatterns (tool_safety.go), in tracker's order: the first match is the one named.
BUILTIN_DENY_PATTERNS = (
    "eval *",
    "exec *",
    "source *",
    ". ./*",
    ". /*",
    "curl * | *",
    "wget * | *",
    "* | sh",
    "* | sh *",
    "* | bash",
    "* | bash *",
    "* | zsh",
    "* | zsh *",
    "* | /bin/sh",
    "* | /bin/sh *",
    "* | /bin/bash",
    "* | /bin/bash *",
)

# Go's RE2 `\s` is ASCII whitespace without \v.
_GO_SPACE = "[\t\n\f\r ]"
# tracker's separator is `\s*(;|&&|\|\|)\s*`; the whitespace around it is left to the pieces'
# trimming (the same statements), so that a long run of blanks is not rescanned from each
# of its characters (quadratic: 20,000 blanks took half a minute)
_SEPARATOR = lazy(r";|&&|\|\|")
_COLLAPSE = lazy(rf"{_GO_SPACE}+")
_PIPE = lazy(rf"{_GO_SPACE}*\|{_GO_SPACE}*")
# what _COLLAPSE changes: a whitespace character other than a space, or two spaces
_UNCOLLAPSED = lazy(r"[\t\n\f\r]|  ")
_REDIR_DUP = lazy(r"[0-9]*(?:>&|<&)(?:[0-9]+|-)")
_REDIR_FUSED = lazy(r"[0-9]*(?:>>|<>|>|<)[^&|;<>\\`()]+")
_REDIR_AMP_FUSED = lazy(r"&>>?[^&|;<>\\`()]+")
_REDIR_OPERATOR = lazy(r"(?:[0-9]*(?:>>|<>|>|<)|&>>?)")
_TARGET_FORBIDDEN = frozenset("&|;<>\\`()")
# Values tried in place of each placeholder: empty, one word, two words.
PROBES = ("", "x", "x y")
# working_dir: applyWorkingDir refuses these characters, then `..` after cleaning.
WORKING_DIR_FORBIDDEN = "`$;|&()<>\n\r"
# tool.go MaxOutputLimit
MAX_OUTPUT_LIMIT = 10 * 1024 * 1024


@record(frozen=True, slots=True)
class Statement:
    """One statement as tracker splits it: its text (trimmed) and offsets in the command."""

    text: str
    start: int
    end: int


def split_statements(command: str) -> list[Statement]:
    """``splitCommandStatements``: newlines become ``;``, then the text is split on ``;``,
    ``&&`` and ``||`` with the whitespace around them; empty pieces are dropped. Quotes,
    comments and here-documents mean nothing to it."""
    statements = _split(command, 0)
    if not statements:
        flat = command.replace("\n", ";")
        stripped = flat.strip()
        begin = len(flat) - len(flat.lstrip())
        return [Statement(stripped, begin, begin + len(stripped))]
    return statements


def _split(command: str, offset: int) -> list[Statement]:
    """The non-empty statements of ``command``, with ``offset`` added to their offsets."""
    flat = command.replace("\n", ";")  # same length: offsets stay those of the command
    statements: list[Statement] = []
    position = 0
    for match in [*_SEPARATOR.finditer(flat), None]:
        end = match.start() if match is not None else len(flat)
        piece = flat[position:end]
        stripped = piece.strip()
        if stripped:
            begin = offset + position + len(piece) - len(piece.lstrip())
            statements.append(Statement(stripped, begin, begin + len(stripped)))
        if match is not None:
            position = match.end()
    return statements


def _glob_source(pattern: str) -> str:
    return re.escape(pattern.lower()).replace(r"\*", ".*")


@lru_cache(maxsize=512)
def _glob(pattern: str) -> re.Pattern[str]:
    return re.compile(_glob_source(pattern))


@lru_cache(maxsize=1)
def _builtin() -> re.Pattern[str]:
    """The built-in patterns as one alternation, in their order: a full match takes the first
    alternative that matches the whole text, so its group number names tracker's first
    match."""
    return re.compile("|".join(f"({_glob_source(item)})" for item in BUILTIN_DENY_PATTERNS))


def glob_match(pattern: str, text: str) -> bool:
    """``globMatch``: ``*`` matches any run of characters, the rest literally, the whole text,
    ignoring case."""
    return _glob(pattern).fullmatch(text.lower()) is not None


def normalise(statement: str) -> str:
    """A statement as the denylist sees it: whitespace runs collapsed, a single space on each
    side of every `|`. Each substitution is made only when it can change something: most
    statements have single spaces and no `|`, and the two passes were a third of judging
    one."""
    if _UNCOLLAPSED.search(statement) is not None:
        statement = _COLLAPSE.sub(" ", statement)
    return _PIPE.sub(" | ", statement) if "|" in statement else statement


def exec_only_redirects(statement: str) -> bool:
    """``isExecFdRedirectOnly``: an ``exec`` whose other words are all file-descriptor
    redirections (``exec 3>&-``, ``exec >log``) replaces no process and is exempt from
    ``exec *``. Anything tracker cannot prove to be only redirections is not exempt."""
    if "$(" in statement or "`" in statement:
        return False
    if statement.count('"') % 2 or statement.count("'") % 2:
        return False
    fields = statement.split()
    if len(fields) < 2 or fields[0].lower() != "exec":
        return False
    rest = fields[1:]
    index = 0
    while index < len(rest):
        token = rest[index]
        if (
            _REDIR_DUP.fullmatch(token)
            or _REDIR_FUSED.fullmatch(token)
            or _REDIR_AMP_FUSED.fullmatch(token)
        ):
            index += 1
            continue
        if _REDIR_OPERATOR.fullmatch(token):
            index += 1
            if index >= len(rest) or not rest[index] or set(rest[index]) & _TARGET_FORBIDDEN:
                return False
            index += 1
            continue
        return False
    return True


_EXEC = BUILTIN_DENY_PATTERNS.index("exec *")
_BUILTIN_PREFIXES = tuple(
    item.removesuffix("*") for item in BUILTIN_DENY_PATTERNS if "|" not in item
)


def denied_by(statement: str, extra: Sequence[str] = ()) -> str | None:
    """The pattern that denies one statement (built-in patterns first, then ``extra``), or
    None."""
    return _denied_by(statement, tuple(extra))


@lru_cache(maxsize=8192)  # a statement without placeholders is the same for every probe
def _denied_by(statement: str, extra: tuple[str, ...]) -> str | None:
    text = normalise(statement)
    lowered = text.lower()  # glob_match, with the text lowered once for every pattern
    # every built-in pattern but those of _BUILTIN_PREFIXES holds a `|`: without one, and
    # without those prefixes, none can match (the alternation tried each of the twelve
    # patterns that start with `*` at every position of the text)
    if "|" in lowered or lowered.startswith(_BUILTIN_PREFIXES):
        found = _builtin().fullmatch(lowered)
    else:
        found = None
    if found is not None and found.lastindex is not None:
        first = found.lastindex - 1
        if first != _EXEC or not exec_only_redirects(text):
            return BUILTIN_DENY_PATTERNS[first]
        for pattern in BUILTIN_DENY_PATTERNS[_EXEC + 1 :]:  # `exec` with only redirections
            if _glob(pattern).fullmatch(lowered) is not None:
                return pattern
    for pattern in extra:
        if _glob(pattern).fullmatch(lowered) is not None:
            return pattern
    return None


def allowed(statement: str, allowlist: Sequence[str]) -> bool:
    """Does one statement match an allowlist pattern? (No whitespace normalisation here.)"""
    return any(glob_match(pattern, statement) for pattern in allowlist)


def comma_patterns(value: str) -> list[tuple[str, int, int]]:
    """``parseGraphCommaList``: the comma-separated patterns of a graph attribute, trimmed,
    empty ones dropped, each with its offsets in ``value``."""
    result = []
    position = 0
    for part in value.split(","):
        stripped = part.strip()
        if stripped:
            begin = position + len(part) - len(part.lstrip())
            result.append((stripped, begin, begin + len(stripped)))
        position += len(part) + 1
    return result


@record(frozen=True, slots=True)
class Verdict:
    """A statement of the written command that tracker refuses whatever its placeholders
    expand to: ``pattern`` is the denying pattern, or None when the statement matches no
    allowlist pattern."""

    statement: Statement
    pattern: str | None


def _substitute(text: str, spans: Sequence[tuple[int, int]], value: str) -> str:
    parts = []
    position = 0
    for start, end in spans:
        parts.append(text[position:start])
        parts.append(value)
        position = end
    parts.append(text[position:])
    return "".join(parts)


def _pieces(statement: Statement, inside: Sequence[tuple[int, int]], value: str) -> list[str]:
    """The statements one written statement becomes when the placeholders ``inside`` it
    (offsets in the statement) hold ``value``."""
    return [item.text for item in split_statements(_substitute(statement.text, inside, value))]


def _placeholders_in(
    statements: Sequence[Statement], spans: Sequence[tuple[int, int]]
) -> Iterator[list[tuple[int, int]]]:
    """For each of ``statements`` (in order, not overlapping) the placeholder ``spans`` that
    overlap it, as offsets in the statement. One walk over both: testing every span against
    every statement was most of a re-lint after an edit of a 300-line command."""
    ordered = sorted(spans)
    first = 0  # the first span that may still overlap a statement at or after the current one
    for statement in statements:
        while first < len(ordered) and ordered[first][1] <= statement.start:
            first += 1
        inside: list[tuple[int, int]] = []
        index = first
        while index < len(ordered) and ordered[index][0] < statement.end:
            start, end = ordered[index]
            if end > statement.start:
                inside.append((start - statement.start, end - statement.start))
            index += 1
        yield inside


def statement_verdicts(
    command: str,
    spans: Sequence[tuple[int, int]],
    extra_deny: Sequence[str] = (),
    allowlist: Sequence[str] = (),
) -> Iterator[Verdict]:
    """The statements of ``command`` that tracker refuses whatever the placeholders at
    ``spans`` hold: denied by a built-in or ``extra_deny`` pattern for each of the
    :data:`PROBES` values, or, when an allowlist is given, a statement without placeholders
    (and not denied) that matches none of its patterns. (Whether some value of a placeholder
    makes a statement match an allowlist pattern cannot be settled by trying values, so such
    statements are never reported.)"""
    yield from _statement_verdicts(command, tuple(spans), tuple(extra_deny), tuple(allowlist))


@lru_cache(maxsize=4096)  # the language server checks the same commands after every edit
def _statement_verdicts(
    command: str,
    spans: tuple[tuple[int, int], ...],
    extra_deny: tuple[str, ...],
    allowlist: tuple[str, ...],
) -> tuple[Verdict, ...]:
    """A long command's verdicts are made, when they can be, from those on an earlier
    version of it (:func:`_edited`): typing in a 27 KB command judges a few lines again."""
    if len(command) < INCREMENTAL_CHARS:
        return tuple(_uncached_verdicts(split_statements(command), spans, extra_deny, allowlist))
    ordered = tuple(sorted(spans))
    found = _RECENT.closest(
        command, lambda item: item.extra_deny == extra_deny and item.allowlist == allowlist
    )
    verdicts = None if found is None else _edited(found, command, ordered)
    if verdicts is None:
        statements = split_statements(command)
        verdicts = tuple(_uncached_verdicts(statements, ordered, extra_deny, allowlist))
    _RECENT.keep(_Checked(command, ordered, extra_deny, allowlist, verdicts))
    return verdicts


def _uncached_verdicts(
    statements: Sequence[Statement],
    spans: Sequence[tuple[int, int]],
    extra_deny: Sequence[str],
    allowlist: Sequence[str],
) -> Iterator[Verdict]:
    """The verdicts on ``statements``, a command's (in order) or some of them."""
    for statement, inside in zip(statements, _placeholders_in(statements, spans), strict=True):
        if not statement.text:
            continue
        if inside:
            denials = [
                next(filter(None, (denied_by(piece, extra_deny) for piece in pieces)), None)
                for pieces in (_pieces(statement, inside, value) for value in PROBES)
            ]
        else:  # the same text whatever the placeholders hold: one verdict
            denials = [denied_by(statement.text, extra_deny)]
        if all(denials):
            yield Verdict(statement, denials[0])
        elif allowlist and not inside and not allowed(statement.text, allowlist):
            yield Verdict(statement, None)


# Commands at least this long keep their verdicts for those of an edited copy (the last 16,
# each with its command: textchange.RecentTexts).
INCREMENTAL_CHARS = 1024


class _Checked:
    """A command, the inputs its verdicts depend on, and its verdicts (never changed once
    made)."""

    __slots__ = ("allowlist", "command", "extra_deny", "spans", "verdicts")

    def __init__(
        self,
        command: str,
        spans: tuple[tuple[int, int], ...],
        extra_deny: tuple[str, ...],
        allowlist: tuple[str, ...],
        verdicts: tuple[Verdict, ...],
    ) -> None:
        self.command = command
        self.spans = spans  # sorted
        self.extra_deny = extra_deny
        self.allowlist = allowlist
        self.verdicts = verdicts


_RECENT: RecentTexts[_Checked] = RecentTexts(attrgetter("command"))


def _edited(
    found: tuple[_Checked, int, int, int], command: str, spans: tuple[tuple[int, int], ...]
) -> tuple[Verdict, ...] | None:
    """The verdicts on ``command`` from those on an earlier version of it (``found``): a
    statement never reaches past a `;` or a newline, and what lies between two of them is
    split and judged alone, so the statements before the last of them ahead of the change
    and after the first of them behind it are the earlier version's (moved by the edit's
    length), as are their verdicts when their placeholders are the same; only those between
    are split and judged again. None when no statement is left there (a command without
    statements has a verdict of its own)."""
    base, start, old_end, new_end = found
    delta = new_end - old_end
    low = max(command.rfind(";", 0, start), command.rfind("\n", 0, start)) + 1
    high = min(
        (at for at in (command.find(";", new_end), command.find("\n", new_end)) if at >= 0),
        default=len(command),
    )
    middle = _split(command[low:high], low)
    if not middle:
        return None
    # placeholders of the statements kept at the start: before `low`, the same in both
    cut, old_cut = bisect_left(spans, (low,)), bisect_left(base.spans, (low,))
    if spans[:cut] != base.spans[:old_cut]:
        return None
    # and at the end: those ending after `high`, the same moved by the edit's length
    after = [span for span in spans if span[1] > high]
    old_high = high - delta
    if after != [(begin + delta, end + delta) for begin, end in base.spans if end > old_high]:
        return None
    verdicts = [verdict for verdict in base.verdicts if verdict.statement.start < low]
    verdicts.extend(_uncached_verdicts(middle, spans, base.extra_deny, base.allowlist))
    for verdict in base.verdicts:
        statement = verdict.statement
        if statement.start > old_high:
            moved = Statement(statement.text, statement.start + delta, statement.end + delta)
            verdicts.append(Verdict(moved, verdict.pattern))
    return tuple(verdicts)


def working_dir_problem(value: str) -> str | None:
    """Why ``applyWorkingDir`` refuses a tool's ``working_dir`` (None: it does not)."""
    bad = sorted({char for char in value if char in WORKING_DIR_FORBIDDEN})
    if bad:
        shown = " ".join(repr(char)[1:-1] for char in bad)
        return f"it contains the shell metacharacter(s) {shown}"
    cleaned = posixpath.normpath(value) if value else "."
    if ".." in cleaned:
        return f"it still contains `..` after cleaning (`{cleaned}`): path traversal"
    return None
