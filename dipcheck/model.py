"""The format-neutral workflow model.

Front-ends (``.dip``, DOT, YAML) lower their syntax into these immutable objects; rules and the
simulator only ever see this model. Every element carries the span of the text it came from,
including text inside indented raw blocks and inside files pulled in by ``prompt_file`` and
friends (those spans point into the included file's own :class:`SourceText`).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar, overload

from dipcheck.dialect import Dialect
from dipcheck.records import field, record
from dipcheck.source import SourceText, Span, new_span

T = TypeVar("T")

if TYPE_CHECKING:
    from dipcheck.conditions import Expr


class Segments(Sequence[tuple[int, int]]):
    """Many ``(text_offset, source_offset)`` pairs, packed in two arrays (16 bytes a pair
    instead of about 110 as a tuple of tuples): the map of a value with a great many escapes
    or lines. It compares and hashes like the tuple of the same pairs."""

    __slots__ = ("_source", "_text")

    def __init__(self, text: array[int], source: array[int]) -> None:
        self._text = text
        self._source = source

    def __len__(self) -> int:
        return len(self._text)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return zip(self._text, self._source, strict=True)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[int, int], ...]: ...

    def __getitem__(self, index: int | slice) -> tuple[int, int] | tuple[tuple[int, int], ...]:
        if isinstance(index, slice):
            return tuple(zip(self._text[index], self._source[index], strict=True))
        return self._text[index], self._source[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Segments):
            return self._text == other._text and self._source == other._source
        if isinstance(other, tuple):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def locate(self, index: int) -> tuple[int, int]:
        """The pair of the segment holding text index ``index``."""
        position = max(bisect_right(self._text, index) - 1, 0)
        return self._text[position], self._source[position]


class EscapeMap:
    """The map of a quoted value with a great many two-character escapes (``\\"`` …).

    ``coded`` is the decoded value with each escaped character replaced by one of the
    ``marks`` (characters the value does not hold otherwise): text index ``i`` lies at source
    offset ``base + i`` plus the number of marks before it — plus one more for an escaped
    character itself when ``to_char`` (its own offset; else its backslash's). Counts are
    kept every :data:`STEP` characters, so an offset costs a count over at most that many."""

    STEP = 4096
    __slots__ = ("base", "checkpoints", "coded", "marks", "to_char")

    def __init__(self, base: int, coded: str, marks: str, to_char: bool) -> None:
        self.base = base
        self.coded = coded
        self.marks = marks
        self.to_char = to_char
        self.checkpoints: array[int] = array("q", [0])
        for start in range(0, len(coded), self.STEP):
            found = sum(coded.count(mark, start, start + self.STEP) for mark in marks)
            self.checkpoints.append(self.checkpoints[-1] + found)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EscapeMap):
            return NotImplemented
        return (self.base, self.coded, self.marks, self.to_char) == (
            other.base,
            other.coded,
            other.marks,
            other.to_char,
        )

    def __hash__(self) -> int:
        return hash((self.base, self.coded, self.marks, self.to_char))

    def locate(self, index: int) -> tuple[int, int]:
        coded, step = self.coded, self.STEP
        index = max(0, min(index, len(coded)))
        block = index // step
        before = self.checkpoints[block]
        before += sum(coded.count(mark, block * step, index) for mark in self.marks)
        extra = 1 if self.to_char and index < len(coded) and coded[index] in self.marks else 0
        return index, self.base + index + before + extra


# a memo's answer for a key it does not hold (None can be a kept value)
_ABSENT = object()
# sorts after every source offset: (index, _AFTER_ALL) follows every pair of text offset index
_AFTER_ALL = float("inf")
# a map of at most this many pairs stays a plain tuple
_PACK_ABOVE = 512


class SegmentBuilder:
    """Collects a :class:`Text`'s segments in order; a pair at the text offset of the one
    before replaces it (the later mapping wins)."""

    __slots__ = ("_source", "_text")

    def __init__(self) -> None:
        self._text: array[int] = array("q")
        self._source: array[int] = array("q")

    def add(self, text_offset: int, source_offset: int) -> None:
        if self._text and self._text[-1] == text_offset:
            self._source[-1] = source_offset
        else:
            self._text.append(text_offset)
            self._source.append(source_offset)

    def build(self) -> tuple[tuple[int, int], ...] | Segments:
        if len(self._text) <= _PACK_ABOVE:
            return tuple(zip(self._text, self._source, strict=True))
        return Segments(self._text, self._source)


@record(frozen=True, slots=True)
class Text:
    """A decoded value and a piecewise map from its characters back into a source.

    ``segments`` holds ``(text_offset, source_offset)`` pairs sorted by text offset; each
    segment maps the text from its offset up to the next segment one-to-one onto the source.
    Raw blocks have one segment per line (the indentation removed from every line is skipped);
    quoted strings have one segment per escape sequence. Long maps are packed
    (:class:`Segments`, built with :class:`SegmentBuilder`; :class:`EscapeMap` for a quoted
    value with many escapes), so that a value of millions of escapes or lines costs
    megabytes, not gigabytes.
    """

    value: str
    source: SourceText
    segments: tuple[tuple[int, int], ...] | Segments | EscapeMap

    @staticmethod
    def at(value: str, source: SourceText, start: int) -> Text:
        """A value copied verbatim from ``source`` at ``start``."""
        return Text(value, source, ((0, start),))

    def offset(self, index: int) -> int:
        """The source offset of text index ``index``."""
        segments = self.segments
        if segments.__class__ is tuple:  # (a plain type test: Segments is an ABC, slow to test)
            if len(segments) == 1:  # a verbatim value: no search
                text_start, source_start = segments[0]  # type: ignore[misc]
            else:
                position = bisect_right(segments, (index, _AFTER_ALL)) - 1  # type: ignore[arg-type]
                text_start, source_start = segments[max(position, 0)]  # type: ignore[index]
        else:
            text_start, source_start = segments.locate(index)
        return source_start + (index - text_start)

    def index(self, source_offset: int) -> int | None:
        """The index in ``value`` of the character at ``source_offset``, or None when that
        source character is not part of the value (indentation, an escape's backslash)."""
        segments = self.segments
        if isinstance(segments, Segments | EscapeMap):  # packed: source offsets only grow
            low, high = 0, len(self.value)
            while low < high:
                middle = (low + high) // 2
                if self.offset(middle) < source_offset:
                    low = middle + 1
                else:
                    high = middle
            return low if low < len(self.value) and self.offset(low) == source_offset else None
        for position, (text_start, source_start) in enumerate(segments):
            text_end = (
                segments[position + 1][0] if position + 1 < len(segments) else len(self.value)
            )
            if source_start <= source_offset < source_start + (text_end - text_start):
                return text_start + (source_offset - source_start)
        return None

    def span(self, start: int, end: int) -> Span:
        """The source span of ``value[start:end]``: up to the end of the last character's
        source text, all of it when that is a two-character escape (``\\"``)."""
        begin = self.offset(start)
        if end <= start:
            return new_span(Span, (self.source, begin, begin))
        last = self.offset(end - 1)
        finish = last + 1
        if self.source.text[last : last + 1] == "\\" and self.offset(end) == last + 2:
            finish = last + 2  # (an escape mapped to its backslash: its character follows)
        return new_span(Span, (self.source, begin, finish))


@record(frozen=True, slots=True)
class Name:
    """An identifier or short value with its span (node ids, labels, list members)."""

    value: str
    span: Span


@record(frozen=True, slots=True)
class Field:
    """``key: value`` with an optional nested block of fields (``inputs`` attributes, branches).

    ``value_span`` covers the value as written (quotes included, or the whole raw block);
    for an empty value it is zero-width just after the colon. ``included`` is the content of
    the file named by a file directive (``prompt_file`` …) when it could be read.
    """

    key: str
    key_span: Span
    value: Text
    value_span: Span
    span: Span
    block: bool = False
    quoted: bool = False
    children: tuple[Field, ...] = ()
    included: Text | None = None

    @property
    def text(self) -> str:
        return self.value.value


def last_field(fields: tuple[Field, ...], key: str) -> Field | None:
    """The field with ``key``; like dippin, the last occurrence wins (repeats are DC006)."""
    for item in reversed(fields):
        if item.key == key:
            return item
    return None


class NodeKind(StrEnum):
    AGENT = "agent"
    HUMAN = "human"
    TOOL = "tool"
    PARALLEL = "parallel"
    FAN_IN = "fan_in"
    SUBGRAPH = "subgraph"
    CONDITIONAL = "conditional"
    MANAGER_LOOP = "manager_loop"


class RefKind(StrEnum):
    """What a reference names."""

    CTX = "ctx"  # ${ctx.K}, a reads: entry, a condition operand
    SCOPED = "scoped"  # ${ctx.node.ID.K}, node.ID.K
    INPUTS = "inputs"  # ${inputs.K}
    PARAMS = "params"  # ${params.K}
    GRAPH = "graph"  # ${graph.K}
    STACK = "stack"  # ${stack.K}
    VAR = "var"  # $name graph variable
    STEP = "step"  # {{ step }} / a YAML inputs: entry
    OTHER = "other"  # ${x} with an unknown or missing namespace


class Origin(StrEnum):
    """Where a reference sits; decides how severe a missing producer is."""

    READS = "reads"
    INTERP = "interp"
    CONDITION = "condition"
    INPUTS = "inputs"


@record(frozen=True, slots=True)
class Reference:
    """One read of a name, with the exact span of the text that reads it.

    ``key`` is the name inside its namespace (``${ctx.a.b}`` → ``a.b``); for scoped references
    ``node`` is the node id and ``key`` the inner key. ``explicit`` records a ``ctx.`` or
    ``context.`` prefix on a condition operand or ``reads:`` entry.
    """

    kind: RefKind
    key: str
    span: Span
    owner: str
    attribute: str
    origin: Origin
    node: str | None = None
    node_span: Span | None = None
    explicit: bool = False
    namespace: str = ""

    @property
    def text(self) -> str:
        return self.span.text


@record(frozen=True, slots=True)
class Branch:
    """A ``branch: Target`` entry of a block-form parallel node."""

    target: Name
    fields: tuple[Field, ...]
    span: Span


@record(frozen=True, slots=True)
class Node:
    """A node. ``handler`` is the runtime handler when the source names it directly (a DOT
    shape or ``type``: ``start``, ``exit``, ``codergen`` …); empty when the kind decides."""

    id: str
    kind: NodeKind
    id_span: Span
    kind_span: Span
    span: Span
    fields: tuple[Field, ...] = ()
    members: tuple[Name, ...] = ()
    branches: tuple[Branch, ...] = ()
    handler: str = ""
    # ``get(key)``: the field with ``key``, the last occurrence winning (as `last_field`). The
    # bound ``get`` of a table built once, called directly: rules ask a node for its fields
    # about 50 times each (520,000 calls linting 10,000 nodes), and a method around the
    # table's ``get`` cost a Python call each time.
    get: Callable[[str], Field | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # (a loop, not a comprehension: that is a function call of its own on Python 3.11)
        by_key: dict[str, Field] = {}
        for item in self.fields:
            by_key[item.key] = item
        _set_get(self, by_key.get)

    def value(self, key: str) -> str:
        """The field's value, or the content of its ``<key>_file`` twin, or ``""``."""
        item = self.get(key)
        if item is not None:
            return item.value.value  # (not the `text` property: a call saved, rules ask often)
        directive = self.get(f"{key}_file")
        if directive is not None and directive.included is not None:
            return directive.included.value
        return ""

    def text_field(self, key: str) -> tuple[Field, Text] | None:
        """The field that holds ``key``'s text and that text (inline or from its file)."""
        item = self.get(key)
        if item is not None:
            return item, item.value
        directive = self.get(f"{key}_file")
        if directive is not None and directive.included is not None:
            return directive, directive.included
        return None


@record(frozen=True, slots=True)
class EdgeAttr:
    key: str
    key_span: Span
    value: Name | None
    span: Span


@record(frozen=True, slots=True)
class Condition:
    """An edge condition: its text, where it is, and its AST when it parses.

    AST offsets are relative to ``raw``; :meth:`locate` turns them into spans. A condition
    written with the ``on X`` shorthand has no text of its own in the file: every part of it
    is located at the ``on X`` attribute.
    """

    raw: str
    text: Text
    span: Span
    expr: Expr | None
    error: str | None = None
    error_start: int = 0
    error_end: int = 0
    shorthand: bool = False

    def locate(self, start: int, end: int) -> Span:
        if self.shorthand:
            return self.span
        return self.text.span(start, end)

    @property
    def error_span(self) -> Span:
        return self.locate(self.error_start, max(self.error_end, self.error_start))


@record(frozen=True, slots=True)
class Edge:
    source: Name
    target: Name
    span: Span
    condition: Condition | None = None
    attrs: tuple[EdgeAttr, ...] = ()
    implicit: bool = False
    # worked out once (an edge does not change): rules ask each edge several times, and a
    # property cost a Python call each time (22,000 calls linting 1,500 nodes). False is
    # written with the other fields, at a fraction of the cost of a slot's setter: only an
    # edge for which one is true pays that (a plain `A -> B` none).
    conditional: bool = field(default=False, init=False, repr=False, compare=False)
    is_back_edge: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        condition = self.condition
        if condition is not None and condition.raw.strip() != "":
            _set_conditional(self, True)
        if self.attrs and self._loops_back():
            _set_back_edge(self, True)

    def _loops_back(self) -> bool:
        if self.attr("loop") is not None:
            return True
        return self.attr_value("restart") == "true"  # (dippin: exactly `true`, else false)

    def attr(self, key: str) -> EdgeAttr | None:
        for item in self.attrs:
            if item.key == key:
                return item
        return None

    def attr_value(self, key: str) -> str:
        item = self.attr(key)
        return item.value.value if item is not None and item.value is not None else ""

    @property
    def label(self) -> str:
        return self.attr_value("label")

    @property
    def choice(self) -> str:
        return self.attr_value("choice")

    @property
    def override(self) -> bool:
        return self.attr_value("override") == "true"  # (dippin: exactly `true`, else false)


def implied_by_lists(nodes: Iterable[Node]) -> dict[tuple[str, str], str]:
    """The edges the `parallel`/`fan_in` lists imply, (source, target) → the node that lists
    it (`parallel P -> A, B` implies P→A and P→B, `fan_in J <- A, B` A→J and B→J). An
    explicit edge that repeats one with nothing of its own (no condition and no attribute)
    changes nothing: DIP153 in dip 1, a refusal in dip 2."""
    implied: dict[tuple[str, str], str] = {}
    for node in nodes:
        for member in node.members:
            if node.kind is NodeKind.PARALLEL:
                implied.setdefault((node.id, member.value), f"parallel `{node.id}`")
            elif node.kind is NodeKind.FAN_IN:
                implied.setdefault((member.value, node.id), f"fan_in `{node.id}`")
    return implied


def repeats_a_list(edge: Edge, implied: dict[tuple[str, str], str]) -> str | None:
    """The node whose list ``edge`` only repeats (see :func:`implied_by_lists`), or None."""
    if edge.implicit or edge.condition is not None or edge.attrs:
        return None
    return implied.get((edge.source.value, edge.target.value))


# (the slots' own setters: a frozen record refuses `self.name = …`, and object.__setattr__
# looks the slot up by name each time)
_set_get = Node.__dict__["get"].__set__
_set_conditional = Edge.__dict__["conditional"].__set__
_set_back_edge = Edge.__dict__["is_back_edge"].__set__


@record(frozen=True, slots=True)
class InputDecl:
    name: Name
    type: Name
    attrs: tuple[Field, ...]
    span: Span


@record(frozen=True)
class Workflow:
    """One workflow file, lowered. Lookup tables are computed once on first use.

    ``selectors`` are the stylesheet's selectors as written (``*``, ``box``, ``.class``,
    ``#id``) with their spans. ``mentions`` are further places that name a node without
    declaring it or routing to it (a DOT node statement that adds attributes to a node
    declared earlier, a DOT edge end beside subgraphs that make no edge): rename and
    references include them.
    """

    source: SourceText
    format: str
    name: Name | None
    decl_span: Span
    version: int = 1
    header: tuple[Field, ...] = ()
    defaults: tuple[Field, ...] = ()
    vars: tuple[Field, ...] = ()
    inputs: tuple[InputDecl, ...] = ()
    nodes: tuple[Node, ...] = ()
    edges: tuple[Edge, ...] = ()
    else_target: Name | None = None
    else_span: Span | None = None
    stylesheet: Field | None = None
    references: tuple[Reference, ...] = ()
    sources: tuple[SourceText, ...] = field(default=())
    dialect: Dialect = Dialect.TRACKER
    selectors: tuple[Name, ...] = ()
    mentions: tuple[Name, ...] = ()
    # format-specific detail the neutral model has no place for (an Ordewell plan's
    # `dipcheck.plan.Plan`: task tree, candidates, stored state)
    plan: Any = None
    # a YAML step workflow's steps that can end the run: `next:` null or absent, or a
    # condition's `next: null` (the format has no exit node)
    ends: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # the memo of `derived` (and of `source.kept_with`), made now so that `derived` reads
        # it as a plain attribute (not through `__dict__`, a slower look-up): rules ask about
        # 15 times a node
        self.__dict__["_derived"] = {}

    def derived(self, key: str, build: Callable[[], T]) -> T:
        """``build()``, computed once per workflow and kept with it: a fact that depends on the
        workflow alone and that many rules ask for (the handler each node runs, the keys
        nodes declare they write), which the analyses above the model compute."""
        memo: dict[str, Any] = self._derived  # type: ignore[attr-defined]
        found = memo.get(key, _ABSENT)
        if found is _ABSENT:
            found = memo[key] = build()
        return found  # type: ignore[no-any-return]

    def header_field(self, key: str) -> Field | None:
        return last_field(self.header, key)

    def default(self, key: str) -> Field | None:
        return last_field(self.defaults, key)

    def default_value(self, key: str) -> str:
        item = self.default(key)
        return item.text.strip() if item is not None else ""

    @property
    def start(self) -> str:
        item = self.header_field("start")
        return item.text.strip() if item is not None else ""

    @property
    def exit(self) -> str:
        item = self.header_field("exit")
        return item.text.strip() if item is not None else ""

    @cached_property
    def node(self) -> Callable[[str], Node | None]:
        """``node(node_id)``: the node with that id (as :attr:`node_map`), or None. The bound
        ``get`` of the table, kept on first use and then called directly: rules ask for
        nodes by id about 13 times a node, and a method around it cost a Python call each."""
        return self.node_map.get

    @cached_property
    def node_map(self) -> dict[str, Node]:
        """Nodes by id; the first declaration wins (later ones are DIP008)."""
        result: dict[str, Node] = {}
        for node in self.nodes:
            result.setdefault(node.id, node)
        return result

    @cached_property
    def outgoing(self) -> dict[str, tuple[Edge, ...]]:
        """Edges by source id, explicit edges in declaration order, then implicit ones."""
        table: dict[str, list[Edge]] = {}
        for edge in self.edges:
            table.setdefault(edge.source.value, []).append(edge)
        return {key: tuple(value) for key, value in table.items()}

    @cached_property
    def incoming(self) -> dict[str, tuple[Edge, ...]]:
        table: dict[str, list[Edge]] = {}
        for edge in self.edges:
            table.setdefault(edge.target.value, []).append(edge)
        return {key: tuple(value) for key, value in table.items()}

    def edges_from(self, node_id: str) -> tuple[Edge, ...]:
        return self.outgoing.get(node_id, ())

    def element_at(self, span: Span) -> Edge | Node | None:
        """The smallest edge, else the smallest node, whose text contains ``span`` (in this
        file's own source); of two the same size, the one declared first."""
        if span.source is not self.source:
            return None
        for table in self._containment:
            best = table.smallest_around(span.start, span.end)
            if best is not None:
                return best
        return None

    @cached_property
    def _containment(self) -> tuple[_Containment, _Containment]:
        # A finding is placed for each of up to a thousand findings of a code (semdiff, the
        # picture): searching every edge for each made a workflow of 60,000 edges take
        # minutes to diff, convert or draw.
        return _Containment(self.edges, self.source), _Containment(self.nodes, self.source)

    def edges_to(self, node_id: str) -> tuple[Edge, ...]:
        return self.incoming.get(node_id, ())


class _Containment:
    """Which of many elements' spans contain an offset range, without trying each: the spans
    sorted by start, with the furthest end reached so far. Searching back from the last span
    that starts at or before the range stops once no earlier span reaches the range's end,
    or once an earlier span, if it contained the range, would be larger than the smallest
    found; an element's spans are short and rarely overlap, so few are tried."""

    def __init__(self, items: Sequence[Edge | Node], source: SourceText) -> None:
        order = sorted(
            (item.span.start, index)
            for index, item in enumerate(items)
            if item.span.source is source
        )
        self._items = items
        self._index = [index for _, index in order]
        self._starts = [start for start, _ in order]
        self._reach: list[int] = []
        furthest = -1
        for index in self._index:
            furthest = max(furthest, items[index].span.end)
            self._reach.append(furthest)

    def smallest_around(self, start: int, end: int) -> Edge | Node | None:
        best: tuple[int, int] | None = None
        position = bisect_right(self._starts, start) - 1
        while position >= 0 and self._reach[position] >= end:
            first = self._starts[position]
            if best is not None and end - first > best[0]:
                break
            index = self._index[position]
            last = self._items[index].span.end
            if last >= end and (best is None or (last - first, index) < best):
                best = (last - first, index)
            position -= 1
        return None if best is None else self._items[best[1]]
