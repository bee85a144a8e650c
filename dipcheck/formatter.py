"""``dipcheck fmt``: canonical layout for ``.dip`` files, without changing what they mean.

The formatter is driven by the same line pre-lexer the front-end uses, so it sees exactly the
lines, blocks and raw blocks the parser sees:

* indentation becomes two spaces per block level (tabs and odd widths included);
* declaration, section and edge lines get single spaces between words (two before each edge
  attribute), ``, `` in lists, ``key: value`` attributes, and edge conditions with runs of
  blanks collapsed (quoted strings and ``${…}`` untouched);
* a field line becomes ``key: value`` with the value as written;
* the content of multi-line blocks (``prompt:``, ``command:``, ``params:`` …) is moved to the
  block's new indentation and otherwise left alone, so its value is unchanged;
* comments stay where they are (indented like the lines they sit between) and runs of blank
  lines shrink to one; the file ends with one newline;
* fields keep the order they are written in (see the note in :func:`format_dip`).

A file with syntax errors is not formatted. Every result is checked before it is returned:
the formatted text must lower to the same workflow as the original (:func:`meaning`), or the
formatter refuses rather than change a workflow.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Any

from dipcheck import cycles
from dipcheck.frontends.dip import load_dip
from dipcheck.frontends.dip_lexer import _strip_comment, lex
from dipcheck.frontends.dip_parser import parse_groups
from dipcheck.lalr import Token
from dipcheck.model import Field, Workflow
from dipcheck.records import record
from dipcheck.source import MAX_TOKENS, SourceText

INDENT = "  "
_BLANKS = re.compile(r"[ \t]+")


class FormatError(Exception):
    """The file cannot be formatted (syntax errors, or a result that would change it)."""


@record(frozen=True, slots=True)
class _Line:
    """One output line; ``content`` marks a line of a raw block (a blank one is kept)."""

    text: str
    content: bool = False


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def collapse_blanks(text: str) -> str:
    """Runs of spaces and tabs as one space, except inside quotes and ``${…}``."""
    out: list[str] = []
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char in "\"'":
            end = index + 1
            while end < length and text[end] != char:
                end += 2 if char == '"' and text[end] == "\\" else 1
            out.append(text[index : end + 1])
            index = end + 1
        elif text.startswith("${", index):
            end = text.find("}", index)
            end = length - 1 if end == -1 else end
            out.append(text[index : end + 1])
            index = end + 1
        elif char in " \t":
            match = _BLANKS.match(text, index)
            assert match is not None
            out.append(" ")
            index = match.end()
        else:
            out.append(char)
            index += 1
    return "".join(out)


_ATTRIBUTE_STARTS = frozenset({"WHEN", "ON", "LOOP", "ATTR"})


def _join(tokens: list[Token]) -> str:
    """Tokens of a declaration or edge line with canonical spacing: one space between words,
    none before `,` and `:`, and two before each edge attribute (`when …`, `label: …`, `loop`),
    the layout dippin's own examples use."""
    pieces: list[str] = []
    for token in tokens:
        text = collapse_blanks(str(token)) if token.type == "COND" else str(token)
        if token.type in _ATTRIBUTE_STARTS:
            pieces.append("  ")
        elif pieces and token.type not in ("COLON", "COMMA"):
            pieces.append(" ")
        pieces.append(text)
    return "".join(pieces)


class _Formatter:
    def __init__(self, source: SourceText) -> None:
        self.source = source
        self.lines = source.text.split("\n")
        self.out: list[_Line] = []
        self.order: list[int] = []  # the source line of each output line
        self.taken: set[int] = set()  # source lines already emitted

    def line_of(self, offset: int) -> int:
        return self.source.line_of(offset)

    def text(self, line: int) -> str:
        return self.lines[line].rstrip(" \t\r")

    def run(self) -> str:
        lexed = lex(self.source)
        depth = 0
        # (source line, depth, original indent) of every significant line, in order
        significant: list[tuple[int, int, int]] = []
        for group in lexed.groups:
            for token in group.structure:
                depth += 1 if token.type == "_INDENT" else -1 if token.type == "_DEDENT" else 0
            content = [token for token in group.content if token.type != "_NL"]
            if not content:
                continue
            first = self.line_of(content[0].start_pos or 0)
            significant.append((first, depth, _indent_of(self.lines[first])))
            self.emit(first, depth, content)
        self.comments(significant)
        return self.render()

    # -- significant lines ---------------------------------------------------------------

    def emit(self, line: int, depth: int, content: list[Token]) -> None:
        first = content[0]
        if first.type == "STRAY":
            end = self.line_of(first.end_pos or 0)
            for number in range(line, end + 1):
                self.put(number, 0, self.text(number))
            return
        if first.type == "KEY":
            self.field(line, depth, content)
            return
        text = self.text(line)
        code_end = _strip_comment(text, _indent_of(text))
        comment = text[code_end:]
        self.put(line, depth, _join(content) + (f"  {comment}" if comment else ""))

    def field(self, line: int, depth: int, content: list[Token]) -> None:
        key = content[0]
        text = self.text(line)
        after = text.index(":", (key.end_pos or 0) - self.source.line_starts[line]) + 1
        rest = text[after:].strip(" \t")
        value = next((token for token in content[1:] if token.type == "VALUE"), None)
        if value is not None:
            value_end = (value.end_pos or 0) - self.source.line_starts[line]
            comment = text[value_end:].strip(" \t")
            rest = str(value) + (f"  {comment}" if comment else "")
        self.put(line, depth, f"{key}: {rest}" if rest else f"{key}:")
        raw = next((token for token in content[1:] if token.type == "RAW"), None)
        if raw is not None:
            self.raw_block(raw, depth + 1)

    def raw_block(self, raw: Token, depth: int) -> None:
        """Re-indent a raw block: every line loses what the lexer removes from it (at most the
        first line's indentation) and gains the new block indentation."""
        first = self.line_of(raw.start_pos or 0)
        last = self.line_of(raw.end_pos or 0)
        baseline = _indent_of(self.lines[first])
        for number in range(first, last + 1):
            text = self.text(number)
            if not text.strip(" \t"):
                self.put(number, 0, "", content=True)
                continue
            removed = min(baseline, _indent_of(text))
            self.put(number, depth, text[removed:], content=True)

    def put(self, line: int, depth: int, text: str, content: bool = False) -> None:
        self.taken.add(line)
        self.out.append(_Line(INDENT * depth + text, content))
        self.order.append(line)

    # -- comments and blank lines --------------------------------------------------------

    def comments(self, significant: list[tuple[int, int, int]]) -> None:
        """Place comment-only lines among the emitted lines, indented like the block level
        they were written at (between the levels of the lines around them)."""
        placed: list[tuple[float, _Line]] = [
            (float(index), item) for index, item in enumerate(self.out)
        ]
        previous: tuple[int, int, int] | None = None
        cursor = 0
        for number, raw in enumerate(self.lines):
            if number in self.taken:
                continue
            text = raw.rstrip(" \t\r")
            while cursor < len(significant) and significant[cursor][0] < number:
                previous = significant[cursor]
                cursor += 1
            following = significant[cursor] if cursor < len(significant) else None
            # after every output line that comes from an earlier source line
            key = bisect_left(self.order, number) - 1 + (number + 1) / (len(self.lines) + 2)
            if not text.strip(" \t"):
                placed.append((key, _Line("")))
                continue
            depth = self.comment_depth(_indent_of(text), previous, following)
            placed.append((key, _Line(INDENT * depth + text.lstrip(" \t"))))
        placed.sort(key=lambda item: item[0])
        self.out = [item for _, item in placed]

    @staticmethod
    def comment_depth(
        indent: int, previous: tuple[int, int, int] | None, following: tuple[int, int, int] | None
    ) -> int:
        levels = [item for item in (previous, following) if item is not None]
        if not levels:
            return 0
        low = min(depth for _, depth, _ in levels)
        high = max(depth for _, depth, _ in levels)
        best = low
        for _, depth, width in levels:
            if width <= indent and depth > best:
                best = depth
        return max(low, min(best, high))

    def render(self) -> str:
        result: list[str] = []
        blank_run = True  # at the start: no leading blank lines
        for item in self.out:
            if not item.text and not item.content:
                if blank_run:
                    continue  # runs of blank lines become one
                blank_run = True
            else:
                blank_run = not item.text
            result.append(item.text.rstrip(" \t"))
        while result and not result[-1]:
            result.pop()
        return "\n".join(result) + "\n" if result else ""


def _syntax_errors(source: SourceText) -> int:
    lexed = lex(source)
    _, problems = parse_groups(source, lexed)
    return len(lexed.problems) + len(problems)


def _no_files(path: str) -> str:
    raise FileNotFoundError(path)  # file directives are not read: their content is unchanged


def lower(text: str) -> Workflow | None:
    return load_dip(SourceText("<fmt>", text), None, _no_files).workflow


def format_dip(text: str) -> str:
    """The canonical layout of a ``.dip`` text; raises :class:`FormatError`.

    Fields keep the order they are written in. dippin's ``fmt`` sorts them into its canonical
    order, but that moves the comments that explain a field away from it and turns small edits
    into large diffs; the order has no meaning at run time, so it is left to the author."""
    with cycles.paused():
        return _format(text)


def _format(text: str) -> str:
    bom = "\ufeff" if text.startswith("\ufeff") else ""  # kept, as the file had it
    crlf = "\r\n" in text
    plain = text[len(bom) :].replace("\r\n", "\n")
    source = SourceText("<fmt>", plain)
    loaded = load_dip(source, None, _no_files)
    if any(item.code == "DC002" for item in loaded.diagnostics):  # past MAX_TOKENS
        raise FormatError(
            f"the file holds more than {MAX_TOKENS:,} tokens, over dipcheck's limit for one "
            "workflow; not formatted"
        )
    if _syntax_errors(source) or any(item.code == "DC001" for item in loaded.diagnostics):
        raise FormatError("the file has syntax errors (`dipcheck lint` shows them); not formatted")
    formatter = _Formatter(source)
    result = formatter.run()
    if meaning(loaded.workflow) != meaning(lower(result)):
        raise FormatError(
            "internal error: formatting would change what the workflow means; not formatted "
            "(please report this file)"
        )
    return bom + (result.replace("\n", "\r\n") if crlf else result)


# -- what a workflow means, without positions ---------------------------------------------


def _field(item: Field) -> tuple[Any, ...]:
    return (
        item.key,
        item.text,
        item.block,
        item.quoted,
        tuple(_field(child) for child in item.children),
    )


def meaning(workflow: Workflow | None) -> Any:
    """Everything the rules and the runtime can see in a workflow, as plain comparable data
    (no spans; edge conditions with their blanks collapsed)."""
    if workflow is None:
        return None
    return (
        workflow.name.value if workflow.name else None,
        workflow.version,
        tuple(_field(item) for item in workflow.header),
        tuple(_field(item) for item in workflow.defaults),
        tuple(_field(item) for item in workflow.vars),
        tuple(
            (decl.name.value, decl.type.value, tuple(_field(item) for item in decl.attrs))
            for decl in workflow.inputs
        ),
        tuple(
            (
                node.id,
                node.kind.value,
                tuple(_field(item) for item in node.fields),
                tuple(member.value for member in node.members),
                tuple(
                    (branch.target.value, tuple(_field(item) for item in branch.fields))
                    for branch in node.branches
                ),
            )
            for node in workflow.nodes
        ),
        tuple(
            (
                edge.source.value,
                edge.target.value,
                collapse_blanks(edge.condition.raw) if edge.condition else None,
                edge.condition.error is None if edge.condition else None,
                tuple((attr.key, attr.value.value if attr.value else None) for attr in edge.attrs),
                edge.implicit,
            )
            for edge in workflow.edges
        ),
        workflow.else_target.value if workflow.else_target else None,
        _field(workflow.stylesheet) if workflow.stylesheet else None,
        tuple(
            (ref.kind.value, ref.key, ref.owner, ref.attribute, ref.origin.value, ref.node)
            for ref in workflow.references
        ),
    )
