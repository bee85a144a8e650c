"""The comments of a ``.dip`` or DOT file, attached to the workflow elements they describe, so
that a conversion writes each one beside the same element.

A ``.dip`` comment is a ``#`` line outside a raw block, or a ``#`` after a blank at the end of a
line (dippin-language.md §1.2; ``#`` lines inside a ``prompt:``/``command:`` block are the
block's text, not comments). A DOT comment is ``//``, ``#`` or ``/* … */`` (the DOT lexer's).

A comment above the workflow's declaration is the head; a comment on a line of its own
belongs to the element that follows it (a node, a field of a node, a header, ``defaults`` or
``vars`` field, an edge); a comment after code on the same line belongs to the element that
line ends; comments after the last element are the tail.
"""

from __future__ import annotations

from dipcheck.frontends.dip_lexer import FIELD_LINE, _strip_comment
from dipcheck.frontends.dip_lexer import lex as lex_dip
from dipcheck.frontends.dot_lexer import lex as lex_dot
from dipcheck.model import Edge, Field, InputDecl, Node, Workflow
from dipcheck.records import field, record
from dipcheck.source import SourceText

Element = Node | Field | Edge | InputDecl


@record(frozen=True, slots=True)
class Comment:
    lines: tuple[str, ...]  # the text of each line, without the comment marker
    start: int
    trailing: bool  # after code on the same line


@record
class Attached:
    before: dict[int, list[Comment]] = field(default_factory=dict)  # id(element) → comments
    after: dict[int, list[Comment]] = field(default_factory=dict)
    head: list[Comment] = field(default_factory=list)  # above the workflow's declaration
    tail: list[Comment] = field(default_factory=list)

    def leading(self, element: object) -> list[Comment]:
        return self.before.get(id(element), [])

    def trailing(self, element: object) -> list[Comment]:
        return self.after.get(id(element), [])

    @property
    def count(self) -> int:
        return (
            sum(map(len, self.before.values()))
            + sum(map(len, self.after.values()))
            + len(self.tail)
        )


def _strip_marker(text: str) -> str:
    body = text[1:] if text.startswith("#") else text[2:] if text.startswith("//") else text
    return body[1:] if body.startswith(" ") else body


def dip_comments(source: SourceText) -> list[Comment]:
    lexed = lex_dip(source)
    blocks = sorted(
        (token.start_pos or 0, token.end_pos or 0)
        for group in lexed.groups
        for token in group.content
        if token.type == "RAW"
    )
    result: list[Comment] = []
    block = 0
    offset = 0
    for line in source.text.split("\n"):
        start = offset
        offset += len(line) + 1
        while block < len(blocks) and blocks[block][1] < start:
            block += 1
        if block < len(blocks) and blocks[block][0] <= start + len(line):
            continue  # a line of a raw block: text, not a comment
        body = line.rstrip(" \t\r")
        indent = len(body) - len(body.lstrip(" \t"))
        if indent == len(body):
            continue
        if body[indent] == "#":
            result.append(Comment((_strip_marker(body[indent:]),), start + indent, False))
            continue
        field_line = FIELD_LINE.match(body, indent)
        if field_line is not None:
            rest = body[field_line.end() :].lstrip(" \t")
            if rest[:1] in ('"', "#") or not rest:
                continue  # a quoted value runs to the end of the line; `key:` opens a block
        cut = _strip_comment(body, indent)
        if cut < len(body):
            result.append(Comment((_strip_marker(body[cut:]),), start + cut, True))
    return result


def dot_comments(source: SourceText) -> list[Comment]:
    text = source.text
    result: list[Comment] = []
    for span in lex_dot(source).comments:
        raw = span.text
        line_start = text.rfind("\n", 0, span.start) + 1
        trailing = bool(text[line_start : span.start].strip())
        if raw.startswith("/*"):
            inner = raw[2:-2] if raw.endswith("*/") else raw[2:]
            lines = [
                line.strip().removeprefix("* ").removeprefix("*") for line in inner.split("\n")
            ]
            while lines and not lines[0]:
                lines.pop(0)
            while lines and not lines[-1]:
                lines.pop()
            result.append(Comment(tuple(lines) or ("",), span.start, trailing))
        else:
            result.append(Comment((_strip_marker(raw.rstrip()),), span.start, trailing))
    return result


def elements(workflow: Workflow) -> list[Element]:
    """Everything a comment can sit beside, in the order of the file."""
    found: list[Element] = [
        *workflow.header,
        *workflow.inputs,
        *workflow.defaults,
        *workflow.vars,
    ]
    for node in workflow.nodes:
        found.append(node)
        found.extend(item for item in node.fields if item.key_span.source is workflow.source)
    found.extend(edge for edge in workflow.edges if not edge.implicit)
    return [item for item in found if item.span.source is workflow.source]


def attach(workflow: Workflow) -> Attached:
    source = workflow.source
    found = dip_comments(source) if workflow.format == "dip" else dot_comments(source)
    result = Attached()
    if not found:
        return result
    ordered = sorted(elements(workflow), key=lambda item: (item.span.start, -item.span.end))
    for comment in found:
        if comment.start < workflow.decl_span.start:
            result.head.append(comment)
            continue
        line = source.line_of(comment.start)
        if comment.trailing:
            owner = None
            for item in ordered:
                if item.span.start <= comment.start and source.line_of(item.span.end) == line:
                    owner = item  # the innermost element that ends on this line
            if owner is not None:
                result.after.setdefault(id(owner), []).append(comment)
                continue
        following = next((item for item in ordered if item.span.start > comment.start), None)
        if following is None:
            result.tail.append(comment)
        else:
            result.before.setdefault(id(following), []).append(comment)
    return result
