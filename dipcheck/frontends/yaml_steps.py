"""The YAML step-workflow front-end (seed 001): text → YAML events → :class:`Workflow`.

Loading is safe by construction: ruamel's round-trip parser (``YAML(typ="rt")``) produces
events with exact marks, and this module builds its own small tree from them. Nothing is
ever *constructed*, so no tag can create an object; tags outside the YAML core schema are
reported instead (DC001). Aliases stay shared, and the number of nodes they would expand to
is counted while the tree is built: past :data:`MAX_ALIAS_EXPANSION` the file is reported
("billion laughs") instead of walked. Texts over :data:`MAX_YAML_CHARS` are DC002.

Recognising a step workflow *(dipcheck)*: the first document is a mapping with a ``steps:``
list in which some entry is a mapping with ``name:`` and some entry has ``agent:``, ``tool:``
or ``prompt:`` (the last condition keeps Drone, Woodpecker and Cloud Build pipelines, whose
steps also have names, out). Anything else is not a step workflow: the loader returns no
workflow and no findings, unless ``require`` is set (a configured ``include`` glob), in which
case the reason is reported. A file that does not parse is reported only when it has a
column-0 ``steps:`` key and mentions ``agent:``/``tool:``/``prompt:``.

Lowering: each step becomes a :class:`Node` (``agent:`` → AGENT, ``tool:`` → TOOL); its
``conditions:`` entries (in order) and then its ``next:`` become edges, ``on_result: R``
standing for ``outcome = R``. A step without ``next:`` (or with ``next: null``) ends the
workflow when no condition matches *(dipcheck: there is no implicit fall-through to the next
list entry)*. Prompt placeholders and ``inputs:`` entries become references.

Loader findings: DC001 (syntax, broken shape, unsafe tags, undefined or recursive aliases,
alias bombs, a second document), DC002 (too large), DC004 (unknown key; ``outputs:`` on a
step is left to L01), DC005 (a value of the wrong type, a step without ``agent:``/``tool:``
or with both, an invalid step name), DC006 (a key twice in one mapping, anywhere).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from dipcheck import conditions
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related
from dipcheck.frontends import step_refs
from dipcheck.frontends.common import FileReader, FrontendResult, read_from_disk
from dipcheck.model import (
    Condition,
    Dialect,
    Edge,
    Field,
    InputDecl,
    Name,
    Node,
    NodeKind,
    Origin,
    Reference,
    RefKind,
    Text,
    Workflow,
)
from dipcheck.rules.registry import finding
from dipcheck.source import SourceText, Span, line_span
from dipcheck.suggest import closest

if TYPE_CHECKING:
    from ruamel.yaml.error import StreamMark

MAX_YAML_CHARS = 2 * 1024 * 1024
MAX_ALIAS_EXPANSION = 100_000
MAX_DEPTH = 100  # ruamel's scanner is quadratic in flow-nesting depth: refuse deeper files

TOP_LEVEL_KEYS = ("name", "description", "inputs", "outputs", "steps")
STEP_KEYS = ("name", "agent", "tool", "prompt", "inputs", "output", "next", "conditions")
REMOVED_STEP_KEYS = ("outputs",)  # reported by L01, not as unknown keys
CONDITION_KEYS = ("on_result", "next")

_CORE = "tag:yaml.org,2002:"
SAFE_TAGS = frozenset(
    {"!"}
    | {
        _CORE + name
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
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})

_MENTIONS_STEPS = re.compile(r"""\bsteps["']?\s*:""")
_TOP_LEVEL_STEPS = re.compile(r"""^["']?steps["']?[ \t]*:""", re.MULTILINE)
_STEP_KEYWORD = re.compile(r"""\b(?:agent|tool|prompt)["']?[ \t]*:""")
_SPACE = " \t\r\n"
_WORD = re.compile(r"[^ \t\r\n]+")
_YAML_DIRECTIVE = re.compile(r"^%YAML[ \t]+(\S+)", re.MULTILINE)
_LINE_BREAKS = "\r\n"
_PROPERTY_END = " \t\r\n,[]{}"
_ESCAPE_WIDTH = {"x": 4, "u": 6, "U": 10}
_SYNTAX_HINTS = (
    ("found character '\\t'", "YAML is indented with spaces, never tabs"),
    ("found character '@'", "quote a value that starts with `@`"),
    ("found character '`'", "quote a value that starts with a backquote"),
    ("expected <block end>", "check the indentation of this line"),
    ("mapping values are not allowed here", "quote a value that contains `: `"),
    ("could not find expected ':'", "a key needs `: ` after it; quote a value that has one"),
)


# -- the YAML tree --------------------------------------------------------------------------


@dataclass(eq=False, slots=True)
class _Scalar:
    value: str
    style: str | None  # None (plain), "'", '"', "|" or ">"
    tag: str | None
    start: int  # the scalar as written, properties skipped
    end: int  # block scalars: the end of the last content line
    raw_end: int  # where the scanner stopped (block scalars: after the trailing breaks)
    size: int = 1


@dataclass(eq=False, slots=True)
class _Seq:
    items: list[_YNode]
    flow: bool
    tag: str | None
    start: int
    end: int = 0
    size: int = 1


@dataclass(eq=False, slots=True)
class _Map:
    pairs: list[tuple[_YNode, _YNode]]
    flow: bool
    tag: str | None
    start: int
    end: int = 0
    size: int = 1


@dataclass(eq=False, slots=True)
class _Alias:
    name: str
    target: _Scalar | _Seq | _Map | None
    start: int
    end: int
    size: int = 1


_YNode = _Scalar | _Seq | _Map | _Alias
_Value = _Scalar | _Seq | _Map


class _Refused(Exception):
    """The document is refused before it is fully read (an alias bomb, absurd nesting)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class _TreeBuilder:
    """Builds the first document's tree from parser events; reports duplicate keys, unsafe
    tags and bad aliases as it goes, and stops when aliases expand too far."""

    def __init__(self, source: SourceText) -> None:
        self.source = source
        self.text = source.text
        self.diagnostics: list[Diagnostic] = []
        self.root: _YNode | None = None
        self.documents = 0
        self.anchors: dict[str, _Value] = {}
        self.stack: list[tuple[_Seq | _Map, dict[str, _Scalar]]] = []
        self.open_ids: set[int] = set()
        self.pending_key: list[_YNode | None] = []
        self.expansion = 0

    def span(self, start: int, end: int) -> Span:
        return Span(self.source, start, end)

    def feed(self, events: Iterable[Any]) -> None:
        from ruamel.yaml import events as kinds

        for event in events:
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

    def second_document(self, offset: int) -> None:
        if self.text.startswith("---", offset):
            span = self.span(offset, offset + 3)
        else:
            span = line_span(self.source, self.source.line_of(offset))
        self.diagnostics.append(
            finding(
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
            if char in _SPACE:
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
            while end > 0 and text[end - 1] in _SPACE:
                end -= 1
            begin = end
            while begin > 0 and text[begin - 1] not in _SPACE:
                begin -= 1
            tag_span = (begin, end)
        if tag is not None and tag not in SAFE_TAGS and tag_span is not None:
            begin, end = tag_span
            self.diagnostics.append(
                finding(
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
        node = _Scalar(value, style, tag, start, end, raw_end)
        self.anchor(event.anchor, node)
        self.attach(node)

    def open(self, event: Any, mapping: bool) -> None:
        start, tag = self.properties(event)
        flow = bool(event.flow_style)
        node: _Seq | _Map = _Map([], flow, tag, start) if mapping else _Seq([], flow, tag, start)
        self.anchor(event.anchor, node)
        self.attach(node)
        self.stack.append((node, {}))
        self.open_ids.add(id(node))
        self.pending_key.append(None)
        if len(self.stack) > MAX_DEPTH:
            raise _Refused(
                finding(
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
        children: list[_YNode] = (
            node.items if isinstance(node, _Seq) else [part for pair in node.pairs for part in pair]
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
        node = _Alias(name, None, start, end)
        if target is None:
            self.diagnostics.append(
                finding("DC001", self.span(start, end), f"alias `*{name}` has no anchor `&{name}`")
            )
        elif id(target) in self.open_ids:
            self.diagnostics.append(
                finding(
                    "DC001",
                    self.span(start, end),
                    f"alias `*{name}` is inside the node it refers to: the structure would be "
                    "infinite",
                )
            )
        else:
            node.target = target
            node.size = target.size
            self.expansion += target.size
            if self.expansion > MAX_ALIAS_EXPANSION:
                alone = str(target.size) if target.size <= MAX_ALIAS_EXPANSION else "more than that"
                raise _Refused(
                    finding(
                        "DC001",
                        self.span(start, end),
                        f"anchors and aliases expand beyond {MAX_ALIAS_EXPANSION} nodes "
                        f"(`*{name}` alone stands for {alone}); a loader would build every copy",
                    )
                )
        self.attach(node)

    def anchor(self, name: str | None, node: _Value) -> None:
        if name is not None:
            self.anchors[name] = node

    def attach(self, node: _YNode) -> None:
        if not self.stack:
            self.root = node
            return
        parent, seen = self.stack[-1]
        if isinstance(parent, _Seq):
            parent.items.append(node)
            return
        key = self.pending_key[-1]
        if key is None:
            self.pending_key[-1] = node
            return
        self.pending_key[-1] = None
        parent.pairs.append((key, node))
        if isinstance(key, _Scalar) and key.value != "<<":
            first = seen.get(key.value)
            if first is None:
                seen[key.value] = key
            else:
                self.diagnostics.append(
                    finding(
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


def scalar_text(source: SourceText, node: _Scalar) -> Text:
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
            while cursor < limit and text[cursor] in _SPACE:
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
            if following and following in _LINE_BREAKS:
                cursor += 2  # an escaped line break produces nothing
                continue
            return cursor, _escape_width(text, cursor)
        if style == "'" and text.startswith("''", cursor):
            return cursor, 2
        if here == char or (char == " " and here in _LINE_BREAKS):
            return cursor, 1
        if here in _SPACE:
            cursor += 1
            continue
        return cursor, 1
    return -1, 0


# -- lowering ---------------------------------------------------------------------------------


def _kind(node: _YNode | None) -> str:
    """What a node is, for messages: "a list", "an empty value" …"""
    if node is None:
        return "a missing value"
    if isinstance(node, _Scalar):
        if node.style is None and node.tag is None and node.value in _NULLS:
            return "an empty value"
        return "a block of text" if node.style in ("|", ">") else "a single value"
    if isinstance(node, _Seq):
        return "a list"
    if isinstance(node, _Map):
        return "a mapping"
    return _kind(node.target)


class _Lowering:
    def __init__(self, source: SourceText) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.texts: dict[int, Text] = {}
        self.header: list[Field] = []
        self.inputs: list[InputDecl] = []
        self.nodes: list[Node] = []
        self.edges: list[Edge] = []
        self.references: list[Reference] = []

    # -- small helpers -------------------------------------------------------------------

    def span(self, start: int, end: int) -> Span:
        return Span(self.source, start, end)

    def node_span(self, node: _YNode) -> Span:
        """Where a node is written; an empty value is shown as its whole line."""
        if node.end > node.start:
            return self.span(node.start, node.end)
        return line_span(self.source, self.source.line_of(node.start))

    def report(self, code: str, span: Span, message: str, **extra: Any) -> None:
        self.diagnostics.append(finding(code, span, message, **extra))

    @staticmethod
    def resolve(node: _YNode | None) -> _Value | None:
        return node.target if isinstance(node, _Alias) else node

    def is_null(self, node: _YNode | None) -> bool:
        value = self.resolve(node)
        if value is None:
            return True
        return (
            isinstance(value, _Scalar)
            and value.style is None
            and value.tag in (None, _CORE + "null")
            and value.value in _NULLS
        )

    def scalar(self, node: _YNode | None) -> _Scalar | None:
        """The scalar a value is (through an alias), or None for null and collections."""
        value = self.resolve(node)
        if isinstance(value, _Scalar) and not self.is_null(value):
            return value
        return None

    def text(self, node: _Scalar) -> Text:
        cached = self.texts.get(id(node))
        if cached is None:
            cached = self.texts[id(node)] = scalar_text(self.source, node)
        return cached

    def name(self, node: _Scalar) -> Name:
        text = self.text(node)
        if not text.value:
            return Name("", self.span(node.start, node.end))
        return Name(text.value, text.span(0, len(text.value)))

    def pairs(self, mapping: _Map) -> list[tuple[str, _YNode, _YNode]]:
        """``(key, key node, value node)`` in order, merge keys (``<<: *base``) expanded:
        merged entries come first and never override an explicit key."""
        explicit: list[tuple[str, _YNode, _YNode]] = []
        merged: list[tuple[str, _YNode, _YNode]] = []
        merges: list[_YNode] = []
        for key_node, value_node in mapping.pairs:
            key = self.resolve(key_node)
            if isinstance(key, _Scalar) and key.value == "<<" and key.style is None:
                merges.append(value_node)
            elif isinstance(key, _Scalar):
                explicit.append((key.value, key_node, value_node))
            else:
                self.report(
                    "DC001",
                    self.node_span(key_node),
                    f"a key here must be a plain name, not {_kind(key_node)}",
                )
        present = {key for key, _, _ in explicit}
        for value_node in merges:
            value = self.resolve(value_node)
            bases = value.items if isinstance(value, _Seq) else [value_node]
            for base_node in bases:
                base = self.resolve(base_node)
                if not isinstance(base, _Map):
                    self.report(
                        "DC005",
                        self.node_span(base_node),
                        f"`<<` merges mappings, not {_kind(base_node)}",
                    )
                    continue
                for key_node, item in base.pairs:
                    key = self.resolve(key_node)
                    if isinstance(key, _Scalar) and key.value not in present:
                        present.add(key.value)
                        merged.append((key.value, key_node, item))
        return merged + explicit

    def field(self, key: str, key_node: _YNode, value_node: _YNode) -> Field:
        value = self.resolve(value_node)
        if isinstance(value, _Scalar) and not isinstance(value_node, _Alias):
            value_span = self.span(value.start, value.end)
        else:
            value_span = self.span(value_node.start, value_node.end)
        if isinstance(value, _Scalar):
            text = self.text(value)
        elif value is not None:
            text = Text.at(self.source.text[value.start : value.end], self.source, value.start)
        else:
            text = Text.at("", self.source, value_node.start)
        key_span = self.span(key_node.start, key_node.end)
        return Field(
            key=key,
            key_span=key_span,
            value=text,
            value_span=value_span,
            span=key_span.cover(value_span),
            block=isinstance(value, _Scalar) and value.style in ("|", ">"),
            quoted=isinstance(value, _Scalar) and value.style in ("'", '"'),
        )

    def where(self, item: Field) -> Span:
        """A field's value, or its key when the value is empty."""
        return item.value_span if item.value_span.end > item.value_span.start else item.key_span

    def unknown_key(self, item: Field, known: tuple[str, ...], what: str) -> None:
        suggestion = closest(item.key, known)
        message = f"unknown {what} `{item.key}`"
        fix = None
        if suggestion:
            message += f" (did you mean `{suggestion}`?)"
            fix = Fix(
                f"rename `{item.key}` to `{suggestion}`",
                (Edit(item.key_span, suggestion),),
                safe=False,
            )
        else:
            message += f"; {what}s are {', '.join(known)}"
        self.report("DC004", item.key_span, message, fix=fix)

    def wrong_type(self, item: Field, expected: str) -> None:
        self.report("DC005", self.where(item), f"`{item.key}:` takes {expected}")

    # -- the document --------------------------------------------------------------------

    def lower(self, root: _Map, steps: _Seq, steps_key: _YNode) -> Workflow | None:
        decl_span = self.span(steps_key.start, steps_key.end)
        workflow_name: Name | None = None
        for key, key_node, value_node in self.pairs(root):
            item = self.field(key, key_node, value_node)
            if key == "steps":
                continue
            if key not in TOP_LEVEL_KEYS:
                self.unknown_key(item, TOP_LEVEL_KEYS, "top-level key")
            elif key == "inputs":
                self.workflow_inputs(value_node)
            elif key in ("name", "description"):
                value = self.resolve(value_node)
                if not isinstance(value, _Scalar):
                    self.wrong_type(item, "a single value")
                elif key == "name" and not self.is_null(value):
                    workflow_name = self.name(value)
                    decl_span = workflow_name.span
            elif key == "outputs":
                self.workflow_outputs(item, value_node)
            self.header.append(item)
        for entry in steps.items:
            self.step(entry)
        if not self.nodes:
            if not self.diagnostics:
                self.report("DC001", decl_span, "the workflow has no usable step")
            return None
        first = self.nodes[0]
        name_field = first.get("name")
        assert name_field is not None  # a node exists only for a step with a name
        self.header.append(
            Field(
                key="start",
                key_span=first.id_span,
                value=name_field.value,
                value_span=first.id_span,
                span=first.id_span,
            )
        )
        self.references.sort(key=lambda ref: (ref.span.path, ref.span.start, ref.span.end))
        return Workflow(
            source=self.source,
            format="yaml",
            name=workflow_name,
            decl_span=decl_span,
            header=tuple(self.header),
            inputs=tuple(self.inputs),
            nodes=tuple(self.nodes),
            edges=tuple(self.edges),
            references=tuple(self.references),
            sources=(self.source,),
            dialect=Dialect.STEPS,
        )

    def workflow_inputs(self, value_node: _YNode) -> None:
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return
        if isinstance(value, _Seq):
            for name, _ in self.names(value, "a workflow input"):
                untyped = Name("", self.span(name.span.end, name.span.end))
                self.inputs.append(InputDecl(name, untyped, (), name.span))
            return
        if not isinstance(value, _Map):
            self.report(
                "DC005",
                self.node_span(value_node),
                "`inputs:` declares the workflow's parameters as a mapping "
                "(`issue: {type: string}`)",
            )
            return
        for key, key_node, spec_node in self.pairs(value):
            item = self.field(key, key_node, spec_node)
            name = Name(key, item.key_span)
            spec = self.resolve(spec_node)
            attrs: tuple[Field, ...] = ()
            type_name = Name("", self.span(item.key_span.end, item.key_span.end))
            if isinstance(spec, _Map):
                attrs = tuple(self.field(*entry) for entry in self.pairs(spec))
                declared = next((attr for attr in reversed(attrs) if attr.key == "type"), None)
                if declared is not None:
                    type_name = Name(declared.text, declared.value_span)
            elif isinstance(spec, _Scalar) and not self.is_null(spec):
                type_name = self.name(spec)
            elif isinstance(spec, _Seq):
                self.report(
                    "DC005",
                    self.where(item),
                    f"input `{key}` is described by a mapping (`type:`, `required:`, "
                    "`default:`, `description:`), not a list",
                )
            self.inputs.append(InputDecl(name, type_name, attrs, item.span))

    def workflow_outputs(self, item: Field, value_node: _YNode) -> None:
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return
        entries = value.items if isinstance(value, _Seq) else None
        if entries is None or any(self.scalar(entry) is None for entry in entries):
            self.wrong_type(item, "a list of step names (`[review]`)")

    # -- steps ---------------------------------------------------------------------------

    def step(self, entry: _YNode) -> None:
        mapping = self.resolve(entry)
        if not isinstance(mapping, _Map):
            self.report(
                "DC001",
                self.node_span(entry),
                f"a step is a mapping (`- name: plan` with `agent:` or `tool:`), not "
                f"{_kind(entry)}",
            )
            return
        fields: list[Field] = []
        values: dict[str, tuple[Field, _YNode]] = {}
        runner: list[Field] = []
        for key, key_node, value_node in self.pairs(mapping):
            item = self.field(key, key_node, value_node)
            if key == "inputs":
                item = replace(item, children=self.step_inputs(item, value_node))
            elif key == "output":
                item = replace(item, children=self.step_output(item, value_node))
            elif key in ("agent", "tool"):
                runner.append(item)
                if self.is_null(value_node) or (key == "agent" and self.scalar(value_node) is None):
                    self.wrong_type(
                        item, f"the name of {'an agent' if key == 'agent' else 'a tool'}"
                    )
            elif key == "prompt" and isinstance(self.resolve(value_node), _Seq | _Map):
                self.wrong_type(item, "text (a `|` block for several lines)")
            elif key not in STEP_KEYS and key not in REMOVED_STEP_KEYS:
                self.unknown_key(item, STEP_KEYS, "step key")
            fields.append(item)
            values[key] = (item, value_node)
        node = self.step_node(entry, mapping, fields, values, runner)
        source = Name(node.id, node.id_span) if node is not None else None
        if "conditions" in values:
            self.step_conditions(source, *values["conditions"])
        if "next" in values:
            item, value_node = values["next"]
            target = self.target(item, value_node)
            if source is not None and target is not None:
                self.edges.append(Edge(source, target, item.span))
        if node is not None:
            self.step_references(node)

    def step_node(
        self,
        entry: _YNode,
        mapping: _Map,
        fields: list[Field],
        values: dict[str, tuple[Field, _YNode]],
        runner: list[Field],
    ) -> Node | None:
        if "name" not in values:
            span = fields[0].key_span if fields else self.node_span(mapping)
            self.report("DC001", span, "this step has no `name:`")
            return None
        item, value_node = values["name"]
        scalar = self.scalar(value_node)
        if scalar is None or not scalar.value:
            self.wrong_type(item, "the step's name")
            return None
        name = self.name(scalar)
        if not step_refs.is_name(name.value):
            self.report(
                "DC005",
                name.span,
                f"step name `{name.value}` is not a name ({step_refs.NAME_PATTERN}): "
                "prompts and inputs cannot reference it",
            )
        if not runner:
            self.report(
                "DC005",
                name.span,
                f"step `{name.value}` has neither `agent:` nor `tool:`; say who runs it",
            )
        elif len({runner_field.key for runner_field in runner}) > 1:
            first = runner[0]
            second = next(other for other in runner if other.key != first.key)
            self.report(
                "DC005",
                second.key_span,
                f"step `{name.value}` has both `agent:` and `tool:`; a step is run by one of them",
                related=(Related(first.key_span, f"`{first.key}:` set here"),),
            )
        kind_field = runner[0] if runner else item
        node = Node(
            id=name.value,
            kind=NodeKind.TOOL if kind_field.key == "tool" else NodeKind.AGENT,
            # a step repeated through an alias (`- *shared`) is shown at the alias
            id_span=self.span(entry.start, entry.end) if isinstance(entry, _Alias) else name.span,
            kind_span=kind_field.key_span,
            span=self.span(mapping.start, mapping.end),
            fields=tuple(fields),
        )
        self.nodes.append(node)
        return node

    def target(self, item: Field, value_node: _YNode) -> Name | None:
        """A ``next:`` value: a step name, or None for null (the workflow ends)."""
        if self.is_null(value_node):
            return None
        scalar = self.scalar(value_node)
        if scalar is None:
            self.wrong_type(item, "one step name, or null to end the workflow")
            return None
        return self.name(scalar)

    def step_conditions(self, source: Name | None, item: Field, value_node: _YNode) -> None:
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return
        if not isinstance(value, _Seq):
            self.wrong_type(item, "a list of `- on_result: …` / `next: …` entries")
            return
        for entry in value.items:
            mapping = self.resolve(entry)
            if not isinstance(mapping, _Map):
                self.report(
                    "DC005",
                    self.node_span(entry),
                    f"a condition is a mapping with `on_result:` and `next:`, not {_kind(entry)}",
                )
                continue
            parts: dict[str, tuple[Field, _YNode]] = {}
            for key, key_node, part in self.pairs(mapping):
                field = self.field(key, key_node, part)
                if key not in CONDITION_KEYS:
                    self.unknown_key(field, CONDITION_KEYS, "condition key")
                parts[key] = (field, part)
            entry_span = self.span(mapping.start, mapping.end)
            missing = [key for key in CONDITION_KEYS if key not in parts]
            if missing:
                line_end = self.source.line_end(self.source.line_of(mapping.start))
                self.report(
                    "DC005",
                    entry_span if mapping.flow else self.span(mapping.start, line_end),
                    f"a condition needs {' and '.join(f'`{key}:`' for key in missing)}"
                    + (" (null ends the workflow)" if "next" in missing else ""),
                )
            result = self.on_result(*parts["on_result"]) if "on_result" in parts else None
            target = self.target(*parts["next"]) if "next" in parts else None
            if source is None or result is None or target is None:
                continue
            self.edges.append(Edge(source, target, entry_span, condition=result))

    def on_result(self, item: Field, value_node: _YNode) -> Condition | None:
        scalar = self.scalar(value_node)
        if scalar is None:
            self.wrong_type(item, "the result that selects this route (`approved`)")
            return None
        name = self.name(scalar)
        word = name.value
        literal = word if re.fullmatch(r"[A-Za-z0-9_.-]+", word) else _quote(word)
        raw = f"outcome = {literal}"
        return Condition(
            raw=raw,
            text=Text.at(raw, self.source, name.span.start),
            span=name.span,
            expr=conditions.parse(raw).expr,
            shorthand=True,
        )

    def step_inputs(self, item: Field, value_node: _YNode) -> tuple[Field, ...]:
        """One child per entry: list entries have an empty key, mapping entries the alias."""
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return ()
        children: list[Field] = []
        if isinstance(value, _Seq):
            for entry in value.items:
                scalar = self.scalar(entry)
                if scalar is None:
                    self.report(
                        "DC005",
                        self.node_span(entry),
                        "an `inputs:` entry names a step (`plan`) or a workflow parameter "
                        f"(`input.issue`), not {_kind(entry)}",
                    )
                    continue
                entry_span = self.span(entry.start, entry.end)
                children.append(
                    Field(
                        key="",
                        key_span=self.span(entry.start, entry.start),
                        value=self.text(scalar),
                        value_span=entry_span,
                        span=entry_span,
                        quoted=scalar.style in ("'", '"'),
                    )
                )
        elif isinstance(value, _Map):
            for key, key_node, entry in self.pairs(value):
                child = self.field(key, key_node, entry)
                if self.scalar(entry) is None:
                    self.report(
                        "DC005",
                        self.where(child),
                        f"input `{key}` names a step (`{key}: plan`), not {_kind(entry)}",
                    )
                    continue
                children.append(child)
        else:
            self.wrong_type(
                item, "a list of step names (`[plan, implement]`) or aliases (`{context: plan}`)"
            )
        return tuple(children)

    def step_output(self, item: Field, value_node: _YNode) -> tuple[Field, ...]:
        """One child per declared section: ``field: description`` or a list of names."""
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return ()
        if isinstance(value, _Map):
            return tuple(self.field(*entry) for entry in self.pairs(value))
        if not isinstance(value, _Seq):
            self.wrong_type(item, "the sections of the step's comment: `field: description` lines")
            return ()
        return tuple(
            Field(
                key=name.value,
                key_span=name.span,
                value=Text.at("", self.source, name.span.end),
                value_span=self.span(name.span.end, name.span.end),
                span=self.span(entry.start, entry.end),
            )
            for name, entry in self.names(value, "an output section")
        )

    def names(self, sequence: _Seq, what: str) -> list[tuple[Name, _YNode]]:
        """The scalar entries of a list of names; any other entry is reported (DC005)."""
        result: list[tuple[Name, _YNode]] = []
        for entry in sequence.items:
            scalar = self.scalar(entry)
            if scalar is None:
                self.report(
                    "DC005",
                    self.node_span(entry),
                    f"{what} is named by a single value, not {_kind(entry)}",
                )
            else:
                result.append((self.name(scalar), entry))
        return result

    # -- references ----------------------------------------------------------------------

    def step_references(self, node: Node) -> None:
        prompt = node.get("prompt")
        if prompt is not None:
            text = prompt.value
            for ref in step_refs.placeholders(text.value):
                span = text.span(ref.outer_start, ref.outer_end)
                self.reference(node.id, ref, text, span, Origin.INTERP)
        inputs = node.get("inputs")
        if inputs is not None:
            for entry in inputs.children:
                ref = step_refs.parse(entry.text)
                self.reference(node.id, ref, entry.value, entry.value_span, Origin.INPUTS)

    def reference(
        self, owner: str, ref: step_refs.StepRef, text: Text, span: Span, origin: Origin
    ) -> None:
        if ref.form is step_refs.Form.MALFORMED:
            return
        attribute = "prompt" if origin is Origin.INTERP else "inputs"
        if ref.form is step_refs.Form.INPUT:
            self.references.append(
                Reference(
                    RefKind.INPUTS,
                    ref.name,
                    span,
                    owner,
                    attribute,
                    origin,
                    namespace=step_refs.INPUT_NAMESPACE,
                )
            )
            return
        self.references.append(
            Reference(
                RefKind.STEP,
                ref.key,
                span,
                owner,
                attribute,
                origin,
                node=ref.name,
                node_span=text.span(ref.name_start, ref.name_start + len(ref.name)),
            )
        )


def _quote(word: str) -> str:
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


# -- entry point ------------------------------------------------------------------------------


def _syntax_error(source: SourceText, error: Exception) -> Diagnostic:
    """DC001 at the problem the YAML parser reports, covering the token there."""
    from ruamel.yaml.error import MarkedYAMLError
    from ruamel.yaml.reader import ReaderError

    text = source.text
    if isinstance(error, ReaderError):
        offset = min(max(int(error.position), 0), len(text))
        character = error.character
        code = character if isinstance(character, int) else ord(str(character)[:1] or "\0")
        return finding(
            "DC001",
            Span(source, offset, min(offset + 1, len(text))),
            f"character U+{code:04X} is not allowed in YAML ({error.reason})",
        )
    if not isinstance(error, MarkedYAMLError) or error.problem_mark is None:
        return finding("DC001", line_span(source, 0), f"YAML cannot be loaded: {error}")
    problem_span = _token(source, error.problem_mark)
    message = f"YAML syntax error: {error.problem or 'invalid YAML'}"
    context, context_mark = error.context, error.context_mark
    related: tuple[Related, ...] = ()
    if context and context_mark is not None and context_mark.index < problem_span.start:
        context_span = _token(source, context_mark)
        line = context_span.start_position()[0] + 1
        message += f" {context} that starts on line {line}"
        if problem_span.start >= len(text.rstrip()):
            # the file ended inside the construct: show where the construct begins
            related = (Related(problem_span, "the file ends here"),)
            problem_span = context_span
        else:
            related = (Related(context_span, context),)
    hint = next((advice for needle, advice in _SYNTAX_HINTS if needle in message), None)
    if hint:
        message += f" ({hint})"
    return finding("DC001", problem_span, message, related=related)


def _token(source: SourceText, mark: StreamMark) -> Span:
    """The text at a parser mark up to the next blank (one character at a blank, nothing at
    a line break or the end of the file)."""
    text = source.text
    offset = min(max(mark.index, 0), len(text))
    end = offset
    while end < len(text) and text[end] not in _SPACE:
        end += 1
    if end == offset and offset < len(text) and text[offset] not in _LINE_BREAKS:
        end += 1
    return Span(source, offset, end)


def _steps_of(root: _YNode | None, require: bool) -> tuple[_Map, _Seq, _YNode] | str:
    """The top-level mapping, its ``steps`` list and key — or why this is no step workflow."""
    if not isinstance(root, _Map):
        return "a step workflow is a YAML mapping with a `steps:` list"
    steps: tuple[_YNode, _YNode] | None = None
    for key, value in root.pairs:
        if isinstance(key, _Scalar) and key.value == "steps":
            steps = (key, value)
    if steps is None:
        return "a step workflow needs a top-level `steps:` list"
    key, value = steps
    items = value.target if isinstance(value, _Alias) else value
    if not isinstance(items, _Seq):
        return "`steps:` must be a list of steps (`- name: plan`)"
    if not require:
        mappings = [item.target if isinstance(item, _Alias) else item for item in items.items]
        keys = {
            part.value
            for mapping in mappings
            if isinstance(mapping, _Map)
            for part, _ in mapping.pairs
            if isinstance(part, _Scalar)
        }
        if "name" not in keys or not keys & {"agent", "tool", "prompt"}:
            return "its steps have no `name:` with `agent:`, `tool:` or `prompt:`"
    return root, items, key


def load_steps(
    source: SourceText,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    *,
    require: bool = False,
) -> FrontendResult:
    """Load one YAML file as a step workflow. YAML that is not a step workflow yields no
    workflow and no findings, unless ``require`` (then the reason is a DC001).

    Step workflows read no other files, so ``base_dir`` and ``reader`` are unused; they keep
    the signature every front-end shares."""
    del base_dir, reader
    text = source.text
    if not require and not _MENTIONS_STEPS.search(text):
        return FrontendResult(None)
    certain = require or bool(_TOP_LEVEL_STEPS.search(text) and _STEP_KEYWORD.search(text))
    if len(text) > MAX_YAML_CHARS:
        if not certain:
            return FrontendResult(None)
        return FrontendResult(
            None,
            [
                finding(
                    "DC002",
                    Span(source, 0, 0),
                    f"the file has {len(text)} characters, over the {MAX_YAML_CHARS} limit "
                    "for YAML workflows",
                )
            ],
        )
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    builder = _TreeBuilder(source)
    try:
        builder.feed(YAML(typ="rt").parse(text))
    except _Refused as refusal:
        if not certain:
            return FrontendResult(None)
        return FrontendResult(None, [*builder.diagnostics, refusal.diagnostic])
    except YAMLError as error:
        return FrontendResult(None, [_syntax_error(source, error)] if certain else [])
    except AssertionError as error:
        # ruamel asserts, instead of raising a YAMLError, on a `%YAML 1.x` other than 1.1/1.2
        version = _YAML_DIRECTIVE.search(text)
        if version is None or not str(error).startswith("version "):
            raise
        problem = finding(
            "DC001",
            Span(source, version.start(1), version.end(1)),
            f"`%YAML {version.group(1)}`: the YAML loader reads versions 1.1 and 1.2 only; "
            "write `%YAML 1.2` or drop the directive",
        )
        return FrontendResult(None, [problem] if certain else [])
    shape = _steps_of(builder.root, require)
    if isinstance(shape, str):
        if not require:
            return FrontendResult(None)
        where = builder.root.start if builder.root is not None else 0
        return FrontendResult(
            None,
            [
                finding(
                    "DC001",
                    line_span(source, source.line_of(where)),
                    f"{os.path.basename(source.path)} is configured as a step workflow, but "
                    f"{shape}",
                )
            ],
        )
    lowering = _Lowering(source)
    lowering.diagnostics.extend(builder.diagnostics)
    workflow = lowering.lower(*shape)
    # a mapping reached through several aliases is checked once per alias: report it once
    unique = {
        (item.code, item.span.start, item.span.end, item.message): item
        for item in lowering.diagnostics
    }
    return FrontendResult(workflow, list(unique.values()))
