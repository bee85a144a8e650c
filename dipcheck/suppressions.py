"""Suppression comments.

    # dipcheck: ignore[DC104, unsafe-tool-command-key] reason …
    # dipcheck: file-ignore[DIP111]
    # dipcheck: disable[DC1]
    …
    # dipcheck: enable[DC1]

``ignore`` on a line of its own applies to the next line of code and everything indented
under it (a node and its fields, a ``key:`` and its block); written at the end of a line it
applies to that line and its block. ``file-ignore`` applies to the whole file. ``disable``
applies from its line to the first later ``enable`` naming any of the same rules (or to the
end of the file). Codes, kebab names, groups and code prefixes are accepted; a blanket ``ignore``
without codes is not (it hides findings nobody has looked at). ``#`` lines inside a
multi-line ``key:`` block or a YAML block scalar are content, not comments, so a suppression
for text in such a block goes on the ``key:`` line.

In a DOT file the comment is ``// dipcheck: ignore[…]`` (or ``#``, or inside ``/* */``) and
"the line and everything under it" is the statement that starts there: a node statement with
its whole attribute list, quoted multi-line prompts included.

A code that suppresses nothing is reported as DC901 (with a fix that removes it), an unknown
code or a list of none (``ignore[]``, ``ignore[,]``) as DC902, an ``enable`` that ends no
``disable`` as DC903, and a comment that means to be a suppression but is not one
(``# dipcheck: ignore`` without codes, ``ignore DC102`` without brackets, ``ignroe[…]``,
``dipcheck`` without the colon, ``ignore[ALL]`` …) as DC904, with the rewrite.

:mod:`dipcheck.suppression_edits` writes the comments that suppress given findings
(``--add-ignore``, the language server's "suppress" action).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Container
from functools import cached_property, lru_cache

from dipcheck.diagnostics import Diagnostic, Edit, Fix
from dipcheck.dipblocks import code_end, content_lines
from dipcheck.lazyre import lazy
from dipcheck.records import field, record
from dipcheck.rules import registry
from dipcheck.rules.registry import finding
from dipcheck.source import SourceText, Span
from dipcheck.suggest import closest
from dipcheck.textchange import LocalSearch


# (the two patterns of suppression comments are compiled when a text first mentions
# dipcheck: most files never do, and compiling them costs more than the quick test)
@lru_cache(maxsize=1)
def _directive() -> re.Pattern[str]:
    return re.compile(
        r"(?:#|//|/\*)\s*dipcheck:\s*(ignore|file-ignore|disable|enable)\s*\[([^\]]*)\]"
    )


_VALUE_KEY = lazy(r"[ \t]*[A-Za-z0-9_][A-Za-z0-9_.\-]*[ \t]*:[ \t]*")
_YAML_BLOCK = lazy(r".*:\s*[|>][+-]?[0-9]?\s*(#.*)?$")
_QUOTED_VALUE = lazy(r"[ \t]*[A-Za-z0-9_][A-Za-z0-9_.\-]*[ \t]*:[ \t]*\"")
# a YAML line's sequence dash, plain key and colon, and node properties (anchor, tag)
_YAML_DASH = lazy(r"-[ \t]+")
# (after its first character, each step of a key takes the blanks before one character that
# is no blank, possessively: a key's blanks were once matched both by a lazy repetition and
# by the blanks before its colon, and a line of 200,000 tabs took minutes)
_YAML_KEY = lazy(
    r"(?:[^\s#'\"\[\]{},&*!|>%@`?:-]|[?:-](?=\S))"
    r"(?:[ \t]*+(?:[^ \t:#]|:(?=\S)|(?<=\S)#))*+[ \t]*:(?:[ \t]+|$)"
)
_YAML_PROPERTIES = lazy(r"(?:[&!]\S*[ \t]+)*")
_NOT_PLAIN = lazy(r"[#|>\"'\[{&*!%@`]|[?:-](?:\s|$)")  # what starts a value that is not plain


# A comment that sets out to be a suppression: `dipcheck` (any case), an optional colon and
# the directive word; _malformed decides whether it is one gone wrong.
@lru_cache(maxsize=1)
def _attempt() -> re.Pattern[str]:
    return re.compile(
        r"(?:#|//|/\*)[ \t]*(dipcheck)\b[ \t]*(:?)[ \t]*([A-Za-z][A-Za-z_-]*)?", re.IGNORECASE
    )


KINDS = ("ignore", "file-ignore", "disable", "enable")
_MENTION = re.compile("dipcheck", re.IGNORECASE)
_FOLDED = "\u0130\u0131\u212a"  # dotted I, dotless i, Kelvin sign: i, i and k to _MENTION
_CODE_TOKEN = lazy(r"[ \t]*,?[ \t]*([A-Za-z][A-Za-z0-9_-]*)")
# Loading failures a comment cannot (or must not) hide: the file has to be mended.
NOT_ADOPTABLE = frozenset({"DC000", "DC001", "DC002"})


def _mentions(text: str) -> bool:
    """Whether ``text`` names dipcheck in any case, as ``_MENTION`` decides. Its UTF-8 bytes
    are lowered (ASCII letters only) and searched: a case-insensitive regex over a 3,000-line
    workflow costs milliseconds on every lint. The three characters outside ASCII that the
    regex also folds into these letters (the dotted and dotless i, the Kelvin sign) leave the
    decision to the regex."""
    if not text.isascii() and any(special in text for special in _FOLDED):
        return _MENTION.search(text) is not None
    return b"dipcheck" in text.encode("utf-8", "surrogatepass").lower()


# whether a whole file mentions dipcheck: the language server's next lint is of the same
# document one edit on, and is searched only around that edit (0.4 ms of every lint of a
# 3,000-line workflow before)
_mentioned = LocalSearch(_mentions, len("dipcheck"))


@record
class Entry:
    """One code of one suppression comment."""

    code: str
    span: Span
    lines: range
    file_wide: bool
    rules: frozenset[str]
    removal: Edit  # deletes this code from its comment (the whole comment when it is alone)
    used: bool = False


@record
class Malformed:
    """A comment that means to suppress something but is not a suppression (DC904).

    ``rewrite`` replaces ``directive`` (from ``dipcheck`` to the end of the codes) with the
    comment as it should read; a blanket one (no codes) has ``rewrite`` None and ``lines``
    the lines it would cover: the fix names the codes found there."""

    span: Span  # the whole comment
    directive: Span
    problems: list[str]
    kind: str
    rewrite: str | None
    lines: range
    file_wide: bool
    removal: Edit  # deletes the comment


@record
class Suppressions:
    entries: list[Entry] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)

    def apply(
        self,
        diagnostics: list[Diagnostic],
        source: SourceText,
        anchors: dict[int, int],
        active: Callable[[str], bool],
    ) -> list[Diagnostic]:
        """Drop suppressed findings; report unused and unknown codes. A finding inside an
        included file (``prompt_file`` …) counts as being on the line of the directive that
        included it (``anchors``: id of the included source → line). Codes of rules that are
        not ``active`` (turned off in the configuration) are never reported as unused."""
        if not self.entries and not self.malformed:
            return diagnostics + self.problems
        lines = [_line_of(item, source, anchors) for item in diagnostics]
        covering = _Covering(diagnostics, lines)
        broken = [_malformed_finding(item, covering) for item in self.malformed]
        found: dict[str, list[int]] = {}  # code → the lines of its findings, sorted
        for item, line in zip(diagnostics, lines, strict=True):
            found.setdefault(item.code, [])
            if line is not None:
                found[item.code].append(line)
        for numbers in found.values():
            numbers.sort()
        # each entry against the findings of its codes, then each finding against the entries
        # of its code: 15,000 ignore comments tried for each of thousands of findings took
        # minutes
        file_wide: set[str] = set()
        ranges: dict[str, list[range]] = {}
        for entry in self.entries:
            for code in entry.rules & found.keys():
                if entry.file_wide:
                    file_wide.add(code)
                    entry.used = True
                    continue
                ranges.setdefault(code, []).append(entry.lines)
                numbers = found[code]
                first = bisect_left(numbers, entry.lines.start)
                if first < len(numbers) and numbers[first] < entry.lines.stop:
                    entry.used = True
        covers = {code: _Cover(spans) for code, spans in ranges.items()}
        kept: list[Diagnostic] = []
        for item, line in zip(diagnostics, lines, strict=True):
            if item.code in file_wide:
                continue
            cover = covers.get(item.code)
            if cover is None or line is None or not cover.holds(line):
                kept.append(item)
        for entry in self.entries:
            if not entry.used and any(active(code) for code in entry.rules):
                kept.append(
                    finding(
                        "DC901",
                        entry.span,
                        f"`{entry.code}` in this suppression matches no finding; remove it",
                        fix=Fix(f"remove `{entry.code}`", (entry.removal,)),
                    )
                )
        return kept + self.problems + broken


class _Cover:
    """Whether any of many line ranges holds a line: the ranges by first line, with the
    furthest end reached so far."""

    def __init__(self, spans: list[range]) -> None:
        spans = sorted((span for span in spans if span), key=lambda span: span.start)
        self._starts = [span.start for span in spans]
        self._reach: list[int] = []
        furthest = 0
        for span in spans:
            furthest = max(furthest, span.stop)
            self._reach.append(furthest)

    def holds(self, line: int) -> bool:
        before = bisect_right(self._starts, line)
        return before > 0 and self._reach[before - 1] > line


def _line_of(item: Diagnostic, source: SourceText, anchors: dict[int, int]) -> int | None:
    """The line of ``source`` a finding counts as being on (an included file's finding: the
    line of the directive that included it)."""
    if item.span.source is source:
        return source.line_of(item.span.start)
    return anchors.get(id(item.span.source))


class _Covering:
    """The codes of the findings a blanket suppression covers, in the order of the findings,
    each once: the findings kept sorted by line, and the answer kept for each range (15,000
    blanket ignores each went through 15,000 findings)."""

    def __init__(self, diagnostics: list[Diagnostic], lines: list[int | None]) -> None:
        adopted = [
            (line, index)
            for index, (item, line) in enumerate(zip(diagnostics, lines, strict=True))
            if adoptable(item) and line is not None
        ]
        adopted.sort()
        self._lines = [line for line, _ in adopted]
        self._order = [index for _, index in adopted]
        self._diagnostics = diagnostics
        self._all = list(dict.fromkeys(item.code for item in diagnostics if adoptable(item)))
        self._known: dict[tuple[int, int], list[str]] = {}

    def codes(self, lines: range, file_wide: bool) -> list[str]:
        if file_wide:
            return self._all
        key = (lines.start, lines.stop)
        if key not in self._known:
            first = bisect_left(self._lines, lines.start)
            last = bisect_left(self._lines, lines.stop, first)
            inside = sorted(self._order[first:last])
            codes = (self._diagnostics[index].code for index in inside)
            self._known[key] = list(dict.fromkeys(codes))
        return self._known[key]


def _malformed_finding(item: Malformed, covering: _Covering) -> Diagnostic:
    message = f"`{item.span.text}` is not a suppression and suppresses nothing: " + "; ".join(
        item.problems
    )
    if item.rewrite is not None:
        fix = Fix(f"rewrite as `{item.rewrite}`", (Edit(item.directive, item.rewrite),), False)
        return finding("DC904", item.span, message, fix=fix)
    if item.kind == "enable":
        return finding("DC904", item.span, message + "; name the codes it ends")
    if not item.kind:
        return finding("DC904", item.span, message)
    codes = covering.codes(item.lines, item.file_wide)
    if not codes:
        message += "; it covers no finding: remove it"
        return finding("DC904", item.span, message, fix=Fix("remove the comment", (item.removal,)))
    rewrite = f"dipcheck: {item.kind}[{', '.join(codes)}]"
    message += f"; the findings it covers: {', '.join(codes)}"
    fix = Fix(f"name the codes: `{rewrite}`", (Edit(item.directive, rewrite),), safe=False)
    return finding("DC904", item.span, message, fix=fix)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _yaml_content_lines(lines: list[str]) -> set[int]:
    """Lines that are text inside YAML block scalars and after the first line of quoted and
    plain scalars that go on over several lines (never comments)."""
    content: set[int] = set()
    index = 0
    quote = ""  # a quoted scalar the lines before left open
    while index < len(lines):
        line = lines[index].rstrip()
        if quote:
            content.add(index)
            quote = _yaml_scan(line, quote)[1]
            index += 1
            continue
        if ("'" in line or '"' in line) and (opened := _yaml_scan(line, "")[1]):
            quote = opened  # (`key: "text` going on on the next line)
            index += 1
            continue
        if line.strip() and _YAML_BLOCK.match(line):
            base = _indent(line)
            cursor = index + 1
            while cursor < len(lines):
                text = lines[cursor].rstrip()
                if text.strip() and _indent(text) <= base:
                    break
                content.add(cursor)
                cursor += 1
            index = cursor
            continue
        base = _plain_base(line)
        if base != -1:
            # `key: text` going on over deeper lines: one plain scalar, which a comment ends
            cursor = last = index + 1
            while cursor < len(lines):
                text = lines[cursor].rstrip()
                if text.strip():
                    if _indent(text) <= base or text.lstrip().startswith("#"):
                        break
                    last = cursor + 1
                    if _yaml_scan(text, "")[0] != -1:
                        break
                cursor += 1
            content.update(range(index + 1, last))
            index = max(last, index + 1)
            continue
        index += 1
    return content


def _plain_base(line: str) -> int:
    """The column the lines going on with a plain (unquoted) scalar that ``line`` starts are
    indented beyond (its key's, or its sequence dash's), or -1 when the line's value is of
    another kind, is missing (a nested block follows) or is followed by a comment."""
    if line.startswith(("---", "...")) or _yaml_scan(line, "")[0] != -1:
        return -1
    base = column = _indent(line)
    while (dash := _YAML_DASH.match(line, column)) is not None:
        base, column = column, dash.end()
    key = _YAML_KEY.match(line, column)
    if key is not None:
        base, column = column, key.end()
    value = line[_YAML_PROPERTIES.match(line, column).end() :]
    if not value.strip() or _NOT_PLAIN.match(value):
        return -1
    return base


def _content(text: str, fmt: str) -> Container[int]:
    """Lines inside multi-line values of a .dip or YAML file (other formats have none).
    Cached by text: the lint and the language server's suppression actions ask about the
    same text one after the other (a .dip file's are also found again only around an edit,
    see :mod:`dipcheck.dipblocks`)."""
    if fmt == "dip":
        return content_lines(text)
    return _yaml_content(text) if fmt == "yaml" else frozenset()


@lru_cache(maxsize=64)
def _yaml_content(text: str) -> frozenset[int]:
    return frozenset(_yaml_content_lines(text.split("\n")))


class _Blocks:
    """The blocks of a .dip or YAML file's lines, found in one pass on first use: the line
    after the block each line starts (:func:`_block_end`) and the next line of code at or
    after each line. Searched again for each suppression, 15,000 ignore comments took
    minutes: each looked past all the comments after it, and each block past the blank
    lines that follow it."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    @cached_property
    def _ends(self) -> list[int]:
        lines = self.lines
        ends = [0] * len(lines)
        open_lines: list[tuple[int, int]] = []  # (indentation, line) of blocks not ended yet
        previous = -1  # the last line that is not blank
        for number, line in enumerate(lines):
            text = line.rstrip()
            if not text.strip():
                continue
            indent = _indent(text)
            while open_lines and open_lines[-1][0] >= indent:
                first = open_lines.pop()[1]
                ends[first] = max(previous, first) + 1
            open_lines.append((indent, number))
            previous = number
        for _, first in open_lines:
            ends[first] = max(previous, first) + 1
        return ends

    @cached_property
    def _code(self) -> list[int]:
        lines = self.lines
        following = [len(lines)] * (len(lines) + 1)
        for number in range(len(lines) - 1, -1, -1):
            text = lines[number]
            code = text.strip() and not text.lstrip().startswith(("#", "//"))
            following[number] = number if code else following[number + 1]
        return following

    def block_end(self, lines: list[str], first: int) -> int:
        if not lines[first].strip():  # (a blank line starts no block of its own)
            return _block_end(lines, first)
        return self._ends[first]

    def next_code(self, number: int) -> int:
        """The first line of code at or after ``number`` (not blank, not a comment)."""
        return self._code[number]


def _block_end(lines: list[str], first: int) -> int:
    """Index after the last line indented deeper than line ``first``."""
    base = _indent(lines[first])
    cursor = first + 1
    last = first
    while cursor < len(lines):
        text = lines[cursor].rstrip()
        if text.strip():
            if _indent(text) <= base:
                break
            last = cursor
        cursor += 1
    return last + 1


def _comment_start(line: str, fmt: str) -> int:
    """Where a trailing `#` comment starts on a .dip or YAML line (after a blank, outside
    quotes, as the format's reader sees it), or -1."""
    if fmt == "dip":
        end = code_end(line, 0)  # (the lexer's own rule)
        return end if end < len(line) else -1
    return _yaml_scan(line, "")[0]


_VALUE_STARTS = ("", ":", "[", "{", ",", "-", "?")  # what a YAML value starts after (blanks aside)


def _yaml_scan(line: str, quote: str) -> tuple[int, str]:
    """A YAML line read from inside a ``quote`` left open by the lines before it (or "" for
    none): where its comment starts (-1: none) and the quote still open at its end. A quoted
    scalar opens at the start of a value (after ``:[{,-?`` and blanks); inside double quotes a
    backslash escapes the next character, inside single quotes ``''`` is a quote."""
    index = 0
    length = len(line)
    while index < length:
        char = line[index]
        if quote:
            if quote == '"' and char == "\\":
                index += 2
                continue
            if quote == "'" and line.startswith("''", index):
                index += 2
                continue
            if char == quote:
                quote = ""
        elif char in "\"'" and line[:index].rstrip(" \t")[-1:] in _VALUE_STARTS:
            quote = char  # (at the start of a value; `said "hi` is plain text)
        elif char == "#" and (index == 0 or line[index - 1] in " \t"):
            return index, ""
        index += 1
    return -1, quote


def _removal(
    source: SourceText,
    line: str,
    number: int,
    start: int,
    match: re.Match[str],
    part_start: int,
    code: str,
    alone: bool,
) -> Edit:
    """The edit that deletes one code from a suppression comment (``part_start``: the code's
    offset in the line), or the whole comment when it is the comment's only code."""
    if alone:
        return _comment_removal(source, line, number, start)
    offset = source.line_starts[number]
    inside = line[match.start(2) : match.end(2)]
    local = part_start - match.start(2)
    before = inside[:local].rstrip(" \t")
    if before.endswith(","):  # `A, B` → `A`: delete from the comma before it
        begin = match.start(2) + len(before) - 1
        return Edit(Span(source, offset + begin, offset + part_start + len(code)), "")
    after = local + len(code)
    rest = inside[after:]
    comma = rest.find(",")
    stop = after + comma + 1
    while stop < len(inside) and inside[stop] in " \t":
        stop += 1
    return Edit(Span(source, offset + part_start, offset + match.start(2) + stop), "")


class _DotLayout:
    """Where a DOT file's comments, multi-line strings and statements are (from its tokens)."""

    def __init__(self, source: SourceText) -> None:
        from dipcheck.frontends.dot_lexer import lex

        lexed = lex(source)
        self.source = source
        self.tokens = lexed.tokens
        self.comments: dict[int, int] = {}
        for span in lexed.comments:
            self.comments.setdefault(source.line_of(span.start), span.start)
        self.content: set[int] = set()
        for token in self.tokens:
            if token.type in ("STRING", "HTML"):  # (a string or an HTML label over lines)
                first = source.line_of(token.start_pos or 0)
                last = source.line_of(token.end_pos or 0)
                self.content.update(range(first + 1, last + 1))

    @cached_property
    def token_lines(self) -> list[int]:
        """The line each token starts on, in order (a statement's first token is looked up
        by bisection: searching from the first token for each of 20,000 suppressions took
        minutes)."""
        line_of, tokens = self.source.line_of, self.tokens
        return [line_of(token.start_pos or 0) for token in tokens]

    def comment_start(self, number: int) -> int:
        """The column of the comment on line ``number``, or -1."""
        start = self.comments.get(number)
        return -1 if start is None else start - self.source.line_starts[number]

    def statement_end(self, line: int) -> int:
        """The line after the end of the statement that starts on (or after) ``line``."""
        source = self.source
        tokens = self.tokens
        index = bisect_left(self.token_lines, line)
        depth = 0
        last = line
        while index < len(tokens):
            token = tokens[index]
            if token.type in ("LSQB", "LBRACE"):
                depth += 1
            elif token.type in ("RSQB", "RBRACE"):
                depth -= 1
                if depth < 0:
                    break  # closes an enclosing block: the statement ended before it
            last = source.line_of(token.end_pos or 0)
            index += 1
            if depth or index >= len(tokens):
                continue
            following = tokens[index]
            if following.type == "SEMI":
                break
            continuing = token.type in ("ARROW", "UNDIRECTED", "EQUAL") or following.type in (
                "ARROW",
                "UNDIRECTED",
                "EQUAL",
                "LSQB",
            )
            if not continuing and source.line_of(following.start_pos or 0) > last:
                break
        return max(last, line) + 1


def scan(source: SourceText, fmt: str) -> Suppressions:
    result = Suppressions()
    text = source.text
    if not _mentioned(text):
        return result
    lines = text.split("\n")
    dot = _DotLayout(source) if fmt == "dot" else None
    content = dot.content if dot is not None else set(_content(text, fmt))
    open_blocks: list[tuple[Entry, int]] = []  # disable entries not ended yet, with their line
    blocks = _Blocks(lines)
    for number, line in enumerate(lines):
        if number in content or not _mentions(line):
            continue
        start = _comment_start(line, fmt) if dot is None else dot.comment_start(number)
        if start == -1:
            continue
        if fmt == "dip" and _VALUE_KEY.fullmatch(line[:start]):
            continue  # `key: # …` keeps `# …` as the value in .dip: not a comment
        match = _directive().match(line, start)
        own_line = _comment_span(line, start) is None
        extent = blocks.block_end if dot is None else (lambda _, first: dot.statement_end(first))
        if match is None:
            broken = _malformed(source, line, number, start)
            if broken is not None:
                broken.lines = _covered(broken.kind, own_line, lines, number, extent, blocks)
                result.malformed.append(broken)
            continue
        kind = match.group(1)
        covered = _covered(kind, own_line, lines, number, extent, blocks)
        offset = source.line_starts[number]
        codes_start = offset + match.start(2)
        raw_codes = match.group(2)
        parts = raw_codes.split(",")
        if not any(part.strip() for part in parts):  # (`[]`, or commas and blanks only)
            result.problems.append(
                finding(
                    "DC902",
                    Span(source, offset + match.start(), offset + match.end()),
                    f"a suppression needs at least one code: `# dipcheck: {kind}[CODE]`",
                )
            )
            continue
        if any(part.strip().upper() == "ALL" for part in parts):
            # `ALL` is a blanket suppression spelt as a selector: refused as the bare one is
            begin = line.lower().index("dipcheck", match.start())
            result.malformed.append(
                Malformed(
                    Span(source, offset + start, offset + _comment_end(line, start)),
                    Span(source, offset + begin, offset + match.end()),
                    [
                        f"`ALL` names every rule, and a blanket {kind} is refused (it would "
                        "hide findings nobody has looked at)"
                    ],
                    kind,
                    None,
                    covered,
                    kind == "file-ignore",
                    _comment_removal(source, line, number, start),
                )
            )
            continue
        alone = sum(1 for part in parts if part.strip()) == 1
        position = 0
        for part in parts:
            code = part.strip()
            part_start = codes_start + position + (len(part) - len(part.lstrip()))
            position += len(part) + 1
            if not code:
                continue
            span = Span(source, part_start, part_start + len(code))
            rules = registry.select(code)
            if not rules:
                result.problems.append(
                    finding("DC902", span, f"`{code}` is not a dipcheck rule code, name or prefix")
                )
                continue
            codes = frozenset(rule.code for rule in rules)
            if kind == "enable":
                _end_blocks(result, open_blocks, codes, number, span, code)
                continue
            removal = _removal(source, line, number, start, match, part_start - offset, code, alone)
            entry = Entry(code, span, covered, kind == "file-ignore", codes, removal)
            result.entries.append(entry)
            if kind == "disable":
                open_blocks.append((entry, number))
    return result


def _covered(
    kind: str,
    own_line: bool,
    lines: list[str],
    number: int,
    extent: Callable[[list[str], int], int],
    blocks: _Blocks,
) -> range:
    """The lines a directive of ``kind`` on line ``number`` applies to (``extent``: the line
    after the block or statement that starts on a line)."""
    if kind in ("disable", "enable", "file-ignore"):
        return range(number, len(lines))
    if not own_line:
        return range(number, extent(lines, number))
    target = blocks.next_code(number + 1)
    return range(target, extent(lines, target)) if target < len(lines) else range(0)


def _comment_end(line: str, start: int) -> int:
    """Where the comment starting at ``start`` ends on its line (after ``*/`` for a block
    comment closed there; trailing blanks left out)."""
    if line.startswith("/*", start):
        close = line.find("*/", start + 2)
        if close != -1:
            return close + 2
    return len(line.rstrip(" \t\r"))


def _malformed(source: SourceText, line: str, number: int, start: int) -> Malformed | None:
    """A comment that sets out to be a suppression (``dipcheck:``, or ``dipcheck`` followed by
    a directive word) but that :func:`_directive` does not accept, with what is wrong."""
    attempt = _attempt().match(line, start)
    if attempt is None:
        return None
    name, colon, word = attempt.group(1), attempt.group(2), attempt.group(3) or ""
    kind = word.lower() if word.lower() in KINDS else closest(word.lower(), KINDS)
    if not colon and kind is None:
        return None  # prose that mentions dipcheck ("# dipcheck runs in CI")
    offset = source.line_starts[number]
    comment_end = _comment_end(line, start)
    span = Span(source, offset + start, offset + comment_end)
    removal = _comment_removal(source, line, number, start)
    problems: list[str] = []
    if name != "dipcheck" or (kind is not None and word.lower() == kind and word != kind):
        problems.append("a suppression is written in lower case")
    if not colon:
        problems.append("a colon must follow `dipcheck`")
    if kind is None:
        missing = f"`{word}` is not a directive" if word else "the directive is missing"
        problems.append(
            f"{missing}: write `dipcheck: ignore[CODE]` (or `file-ignore`, `disable`, `enable`)"
        )
        return Malformed(span, span, problems, "", None, range(0), False, removal)
    if word.lower() != kind:
        problems.append(f"`{word}` is not a directive (did you mean `{kind}`?)")
    closed = line.startswith("/*", start) and line[:comment_end].endswith("*/")
    stop = comment_end - 2 if closed else comment_end
    cursor = end = attempt.end()
    codes: str | None = None
    bracket = line.find("[", cursor, stop)
    if bracket != -1 and not line[cursor:bracket].strip():
        close = line.find("]", bracket, stop)
        if close == -1:
            problems.append("its `[` is never closed")
            codes, end = line[bracket + 1 : stop].strip(), stop
        else:
            codes, end = line[bracket + 1 : close].strip(), close + 1
    else:
        found: list[str] = []
        while token := _CODE_TOKEN.match(line, end, stop):
            if token.group(1).upper() == "ALL" or not registry.select(token.group(1)):
                break
            found.append(token.group(1))
            end = token.end()
        if found:
            problems.append("the codes belong in brackets")
            codes = ", ".join(found)
        elif kind == "enable":
            problems.append("`enable` names no code")
        else:
            problems.append(
                f"`{kind}` names no code, and a blanket {kind} is refused (it would hide "
                "findings nobody has looked at)"
            )
    directive = Span(source, offset + attempt.start(1), offset + end)
    named = codes is not None and codes.replace(",", " ").strip()  # (`[,]` names none)
    rewrite = f"dipcheck: {kind}[{codes}]" if named else None
    return Malformed(
        span, directive, problems, kind, rewrite, range(0), kind == "file-ignore", removal
    )


def _comment_removal(source: SourceText, line: str, number: int, start: int) -> Edit:
    """The edit that deletes the comment at ``start`` (its line, when it is alone there)."""
    offset = source.line_starts[number]
    kept = _comment_span(line, start)
    if kept is None:
        end = source.line_starts[number + 1] if number + 1 < source.line_count else len(source.text)
        return Edit(Span(source, offset, end), "")
    return Edit(Span(source, offset + kept[0], offset + kept[1]), "")


def _comment_span(line: str, start: int) -> tuple[int, int] | None:
    """What deleting the comment at ``start`` removes of ``line``, or None when it is alone
    there; in DOT, code can follow a closed ``/* … */`` (``/* dipcheck: ignore[X] */ B [...]``
    taken for a line of its own covered the next statement, and its removal deleted ``B``)."""
    end = _comment_end(line, start)
    if line[:start].strip():  # code before it: the comment and the blanks before it
        return len(line[:start].rstrip(" \t")), end
    after = line[end:]
    if after.strip(" \t\r"):  # code after it: the comment and the blanks after it
        return start, len(line) - len(after.lstrip(" \t"))
    return None


def _end_blocks(
    result: Suppressions,
    open_blocks: list[tuple[Entry, int]],
    codes: frozenset[str],
    number: int,
    span: Span,
    code: str,
) -> None:
    """An ``enable`` code ends every open ``disable`` sharing a rule with it (DC903 if none)."""
    ended = [item for item in open_blocks if item[0].rules & codes]
    if not ended:
        result.problems.append(
            finding(
                "DC903",
                span,
                f"`enable[{code}]` ends no `# dipcheck: disable[…]` above it; remove it",
            )
        )
        return
    for item in ended:
        entry, first = item
        entry.lines = range(first, number + 1)
        open_blocks.remove(item)


def adoptable(item: Diagnostic) -> bool:
    """Should ``--add-ignore`` write a comment for this finding? Not for loading failures
    (the file must be mended) nor for findings about suppressions themselves (DC9xx)."""
    return item.code not in NOT_ADOPTABLE and not item.code.startswith("DC9")
