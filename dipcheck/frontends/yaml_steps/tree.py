"""The YAML tree of a step-workflow file, built safely from ruamel's parser events, and
scalar values mapped back to the characters they came from (see the package docstring)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from dipcheck.diagnostics import CodeLimit, Diagnostic, Related, loading_finding, too_many_tokens
from dipcheck.model import Text
from dipcheck.records import record
from dipcheck.source import SourceText, Span, line_span
from dipcheck.yamlbound import MAX_ALIAS_EXPANSION, MAX_NODES, recursive_alias, too_many_copies

MAX_DEPTH = 100  # ruamel's scanner is quadratic in flow-nesting depth: refuse deeper files

CORE_TAG = "tag:yaml.org,2002:"
SAFE_TAGS = frozenset(
    {"!"}
    | {
        CORE_TAG + name
        for name in (
            "str",
            "int",
            "float",
            "bool",
            "null",
            "seq",
            "map",
            "binary",
            "timestamp",
            "omap",
            "pairs",
            "set",
            "merge",
        )
    }
)

SPACE = " \t\r\n"
_WORD = re.compile(r"[^ \t\r\n]+")
LINE_BREAKS = "\r\n"
_PROPERTY_END = " \t\r\n,[]{}"
_ESCAPE_WIDTH = {"x": 4, "u": 6, "U": 10}


# -- the YAML tree --------------------------------------------------------------------------


@record(eq=False, slots=True)
class Scalar:
    value: str
    style: str | None  # None (plain), "'", '"', "|" or ">"
    tag: str | None
    start: int  # the scalar as written, properties skipped
    end: int  # block scalars: the end of the last content line
    raw_end: int  # where the scanner stopped (block scalars: after the trailing breaks)
    size: int = 1


@record(eq=False, slots=True)
class Seq:
    items: list[YNode]
    flow: bool
    tag: str | None
    start: int
    end: int = 0
    size: int = 1


@record(eq=False, slots=True)
class Map:
    pairs: list[tuple[YNode, YNode]]
    flow: bool
    tag: str | None
    start: int
    end: int = 0
    size: int = 1


@record(eq=False, slots=True)
class Alias:
    name: str
    target: Scalar | Seq | Map | None
    start: int
    end: int
    size: int = 1


YNode = Scalar | Seq | Map | Alias
Value = Scalar | Seq | Map


class Refused(Exception):
    """The document is refused before it is fully read (an alias bomb, absurd nesting)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class TooLarge(Refused):
    """The file holds more than :data:`MAX_NODES` YAML nodes: nothing in it is checked."""


class Findings:
    """A step-workflow file's findings, in the order found. A mapping reached through several
    aliases is checked once per alias, so a finding already made is not made again; past
    :data:`~dipcheck.diagnostics.MAX_PER_CODE` findings of one code, a finding is only
    counted (50,000 duplicate keys made 50,000 findings)."""

    __slots__ = ("items", "limit", "seen")

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self.limit = CodeLimit()
        self.seen: set[tuple[str, int, int, str]] = set()

    def add(self, diagnostic: Diagnostic) -> None:
        key = (diagnostic.code, diagnostic.span.start, diagnostic.span.end, diagnostic.message)
        if key in self.seen:
            return
        self.seen.add(key)
        if self.limit.admit(diagnostic.code):
            self.items.append(diagnostic)

    def result(self) -> list[Diagnostic]:
        """The findings kept, the last one of a code over the limit saying how many more."""
        return self.limit.noted(self.items)


class TreeBuilder:
    """Builds the first document's tree from parser events; reports duplicate keys, unsafe
    tags and bad aliases as it goes, and stops when aliases expand too far."""

    def __init__(self, source: SourceText, findings: Findings) -> None:
        self.source = source
        self.text = source.text
        self.findings = findings
        self.root: YNode | None = None
        self.documents = 0
        self.anchors: dict[str, Value] = {}
        self.stack: list[tuple[Seq | Map, dict[str, Scalar]]] = []
        self.open_ids: set[int] = set()
        self.pending_key: list[YNode | None] = []
        self.expansion = 0

    def span(self, start: int, end: int) -> Span:
        return Span(self.source, start, end)

    def feed(self, events: Iterable[Any]) -> None:
        from ruamel.yaml import events as kinds

        nodes = 0
        for event in events:
            if isinstance(event, kinds.NodeEvent):
                nodes += 1
                if nodes > MAX_NODES:
                    start, end = event.start_mark.index, event.end_mark.index
                    span = self.span(start, end if end > start else self.word_end(start))
                    raise TooLarge(too_many_tokens(span, MAX_NODES, "YAML nodes"))
            if isinstance(event, kinds.DocumentStartEvent):
                self.documents += 1
                if self.documents == 2:
                    self.second_document(event.start_mark.index)
            if self.documents != 1:
                continue
            if isinstance(event, kinds.ScalarEvent):
                self.scalar(event)
            elif isinstance(event, kinds.SequenceStartEvent | kinds.MappingStartEvent):
                self.open(event, isinstance(event, kinds.MappingStartEvent))
            elif isinstance(event, kinds.SequenceEndEvent | kinds.MappingEndEvent):
                self.close(event.end_mark.index)
            elif isinstance(event, kinds.AliasEvent):
                self.alias(event)

    def word_end(self, offset: int) -> int:
        """The end of the word at ``offset``: where a node without a text of its own (a block
        mapping, an empty value) is shown."""
        text = self.text
        while offset < len(text) and text[offset] not in _PROPERTY_END:
            offset += 1
        return offset

    def second_document(self, offset: int) -> None:
        if self.text.startswith("---", offset):
            span = self.span(offset, offset + 3)
        else:
            span = line_span(self.source, self.source.line_of(offset))
        self.findings.add(
            loading_finding(
                "DC001",
                span,
                "a step workflow file holds one YAML document; everything from this second "
                "document on is ignored",
            )
        )

    # -- node properties -----------------------------------------------------------------

    def skip_space(self, offset: int) -> int:
        text = self.text
        while offset < len(text):
            char = text[offset]
            if char in SPACE:
                offset += 1
            elif char == "#":
                newline = text.find("\n", offset)
                offset = len(text) if newline == -1 else newline + 1
            else:
                break
        return offset

    def properties(self, event: Any) -> tuple[int, str | None]:
        """Where the node's own text starts (after ``&anchor``/``!tag``), and its tag."""
        offset = event.start_mark.index
        tag = str(event.tag) if event.tag is not None else None
        if event.anchor is None and tag is None:
            return offset, None
        text = self.text
        tag_span: tuple[int, int] | None = None
        for _ in range(2):
            offset = self.skip_space(offset)
            if offset >= len(text) or text[offset] not in "&!":
                break
            begin = offset
            if text.startswith("!<", offset):
                close = text.find(">", offset)
                offset = len(text) if close == -1 else close + 1
            else:
                while offset < len(text) and text[offset] not in _PROPERTY_END:
                    offset += 1
            if text[begin] == "!":
                tag_span = (begin, offset)
        if tag_span is None and tag is not None:
            # for `!tag &anchor` ruamel marks the anchor: the tag is the token before it
            end = event.start_mark.index
            while end > 0 and text[end - 1] in SPACE:
                end -= 1
            begin = end
            while begin > 0 and text[begin - 1] not in SPACE:
                begin -= 1
            tag_span = (begin, end)
        if tag is not None and tag not in SAFE_TAGS and tag_span is not None:
            begin, end = tag_span
            self.findings.add(
                loading_finding(
                    "DC001",
                    self.span(begin, end),
                    f"tag `{text[begin:end]}` is not a YAML core tag; a safe loader refuses it "
                    "(tags that construct objects are never honoured)",
                )
            )
        return self.skip_space(offset), tag

    # -- events --------------------------------------------------------------------------

    def scalar(self, event: Any) -> None:
        start, tag = self.properties(event)
        raw_end = event.end_mark.index
        start = min(start, raw_end)  # an empty value ends where its properties end
        value: str = event.value
        style = event.style
        end = raw_end
        if style in ("|", ">"):
            end = start + len(self.text[start:raw_end].rstrip())
            if style == ">":
                value = value.replace("\a", "")  # the round-trip scanner's fold markers
        node = Scalar(value, style, tag, start, end, raw_end)
        self.anchor(event.anchor, node)
        self.attach(node)

    def open(self, event: Any, mapping: bool) -> None:
        start, tag = self.properties(event)
        flow = bool(event.flow_style)
        node: Seq | Map = Map([], flow, tag, start) if mapping else Seq([], flow, tag, start)
        self.anchor(event.anchor, node)
        self.attach(node)
        self.stack.append((node, {}))
        self.open_ids.add(id(node))
        self.pending_key.append(None)
        if len(self.stack) > MAX_DEPTH:
            raise Refused(
                loading_finding(
                    "DC001",
                    self.span(start, min(start + 1, len(self.text))),
                    f"collections nest deeper than {MAX_DEPTH} levels here; dipcheck does not "
                    "read further",
                )
            )

    def close(self, end: int) -> None:
        node, _ = self.stack.pop()
        self.open_ids.discard(id(node))
        self.pending_key.pop()
        children: list[YNode] = (
            node.items if isinstance(node, Seq) else [part for pair in node.pairs for part in pair]
        )
        if node.flow or not children:
            node.end = max(end, node.start)
        else:
            node.end = children[-1].end
        node.size = min(1 + sum(child.size for child in children), MAX_ALIAS_EXPANSION + 1)

    def alias(self, event: Any) -> None:
        start, end = event.start_mark.index, event.end_mark.index
        name = event.anchor
        target = self.anchors.get(name)
        node = Alias(name, None, start, end)
        if target is None:
            self.findings.add(
                loading_finding(
                    "DC001", self.span(start, end), f"alias `*{name}` has no anchor `&{name}`"
                )
            )
        elif id(target) in self.open_ids:
            self.findings.add(
                loading_finding("DC001", self.span(start, end), recursive_alias(name))
            )
        else:
            node.target = target
            node.size = target.size
            self.expansion += target.size
            if self.expansion > MAX_ALIAS_EXPANSION:
                raise Refused(
                    loading_finding(
                        "DC001", self.span(start, end), too_many_copies(name, target.size)
                    )
                )
        self.attach(node)

    def anchor(self, name: str | None, node: Value) -> None:
        if name is not None:
            self.anchors[name] = node

    def attach(self, node: YNode) -> None:
        if not self.stack:
            self.root = node
            return
        parent, seen = self.stack[-1]
        if isinstance(parent, Seq):
            parent.items.append(node)
            return
        key = self.pending_key[-1]
        if key is None:
            self.pending_key[-1] = node
            return
        self.pending_key[-1] = None
        parent.pairs.append((key, node))
        if isinstance(key, Scalar) and key.value != "<<":
            first = seen.get(key.value)
            if first is None:
                seen[key.value] = key
            else:
                self.findings.add(
                    loading_finding(
                        "DC006",
                        self.span(key.start, key.end),
                        f"`{key.value}` appears twice in this mapping; YAML loaders keep one "
                        "of the values (ruamel refuses the file)",
                        related=(Related(self.span(first.start, first.end), "first set here"),),
                    )
                )


# -- scalar values mapped back into the source ------------------------------------------------


def _escape_width(text: str, offset: int) -> int:
    """Source length of the double-quoted escape sequence at ``offset`` (a backslash)."""
    if offset + 1 >= len(text):
        return 1
    return _ESCAPE_WIDTH.get(text[offset + 1], 2)


def scalar_text(source: SourceText, node: Scalar) -> Text:
    """The scalar's loaded value, each character mapped to the source character it came from.

    Characters the loader drops (indentation, the line breaks a fold turns into spaces,
    quotes, escape syntax) are skipped while the value is walked alongside the text; a
    character with no source at all (clip chomping at the end of the file) maps to the last
    character of the scalar."""
    value = node.value
    text = source.text
    style = node.style
    if style in ("'", '"'):
        cursor, limit = node.start + 1, max(node.raw_end - 1, node.start + 1)
    elif style in ("|", ">"):
        newline = text.find("\n", node.start, node.raw_end)
        cursor, limit = (node.raw_end if newline == -1 else newline + 1), node.raw_end
    else:
        cursor, limit = node.start, node.raw_end
    if not value or (text.startswith(value, cursor) and cursor + len(value) <= limit):
        return Text.at(value, source, cursor if value else node.start)
    last = max(min(limit, len(text)) - 1, 0)
    segments: list[tuple[int, int]] = []
    delta: int | None = None
    index = 0
    # A run that is not verbatim is not tried again from inside it: the word not before its
    # end, the rest of the line not before the line's end (the characters are then located
    # one by one, to the same places). Retrying at each character of a long escaped stretch
    # was quadratic: 50,000 backslashes took minutes.
    word_retry = line_retry = 0
    while index < len(value):
        word = _WORD.match(value, index) if index >= word_retry else None
        if word is not None:
            while cursor < limit and text[cursor] in SPACE:
                cursor += 1
            # the longest run that can be verbatim: up to the end of the source line
            source_eol = text.find("\n", cursor, limit)
            longest = index + ((limit if source_eol == -1 else source_eol) - cursor)
            runs = [word.group()]
            if index >= line_retry:
                value_eol = value.find("\n", index, longest)
                runs.insert(0, value[index : longest if value_eol == -1 else value_eol])
            run = next((run for run in runs if _copied(run, text, cursor, limit, style)), None)
            if run is not None:
                if cursor - index != delta:
                    segments.append((index, cursor))
                    delta = cursor - index
                index, cursor = index + len(run), cursor + len(run)
                continue
            word_retry, line_retry = word.end(), max(line_retry, longest)
        position, width = _locate(text, value[index], cursor, limit, style)
        if position < 0:
            position, width = last, 0
        if position - index != delta:
            segments.append((index, position))
            delta = position - index
        cursor = position + width
        index += 1
    return Text(value, source, tuple(segments))


def _copied(run: str, text: str, cursor: int, limit: int, style: str | None) -> bool:
    """Is ``run`` (several value characters) verbatim in the source at ``cursor``? Runs with
    quote or escape characters are never taken wholesale: the source may escape them."""
    if len(run) < 2 or (style == '"' and "\\" in run) or (style == "'" and "'" in run):
        return False
    return cursor + len(run) <= limit and text.startswith(run, cursor)


def _locate(text: str, char: str, cursor: int, limit: int, style: str | None) -> tuple[int, int]:
    """Where the value character ``char`` comes from at or after ``cursor``, and how many
    source characters produce it; ``(-1, 0)`` when the scalar's text is exhausted."""
    while cursor < limit:
        here = text[cursor]
        if style == '"' and here == "\\":
            following = text[cursor + 1] if cursor + 1 < len(text) else ""
            if following and following in LINE_BREAKS:
                cursor += 2  # an escaped line break produces nothing
                continue
            return cursor, _escape_width(text, cursor)
        if style == "'" and text.startswith("''", cursor):
            return cursor, 2
        if here == char or (char == " " and here in LINE_BREAKS):
            return cursor, 1
        if here in SPACE:
            cursor += 1
            continue
        return cursor, 1
    return -1, 0
