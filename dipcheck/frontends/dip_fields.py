"""Lowering ``.dip`` fields: ``key: value`` lines, multi-line blocks and their values.

:class:`FieldLowering` turns ``field`` parse trees into :class:`Field` objects and checks them
against the dippin schema the way the loader does: unknown keys (DC004, DC009), values that do
not parse (DC005), repeated keys (DC006), mapping blocks (``params:``, ``steer_context:``,
``inputs:``) split into entries, and file directives read (DC003). It also holds what every
part of the lowering shares: the source, the diagnostics and the parse-tree helpers. The
graph (``dip_graph``) and the file structure (``dip``) build on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from dipcheck.diagnostics import (
    CodeLimit,
    Diagnostic,
    Edit,
    Fix,
    Related,
    Severity,
    loading_finding,
)
from dipcheck.frontends import dip_schema as schema
from dipcheck.frontends import escapes
from dipcheck.frontends.common import FileReader, include_file
from dipcheck.frontends.dip_lexer import FIELD_LINE
from dipcheck.lalr import Token, Tree
from dipcheck.model import Field, Name, SegmentBuilder, Text
from dipcheck.records import record, replace
from dipcheck.source import SourceText, Span, new_span
from dipcheck.suggest import suggestion_fix


class Keyed(Protocol):
    """Anything with a key and the span of the key (fields, edge attributes)."""

    @property
    def key(self) -> str: ...

    @property
    def key_span(self) -> Span: ...


K = TypeVar("K", bound=Keyed)

_DOUBLE_ESCAPE = re.compile(r'\\(["\\])')
_PAIRS = (("\\\\", "\\"), ('\\"', '"'))
# the value types that take any text, on one line or as a block (check_value passes them)
_ANY_TEXT = frozenset({schema.ValueType.STRING, schema.ValueType.LIST, schema.ValueType.CONDITION})
_TWINS = tuple(schema.INLINE_TWIN.items())
# The (type, text) pairs of one-line values schema.check_value passed, in any lowering:
# most typed values (`timeout: 30m`, `max_retries: 2`) are written on node after node, and
# the language server lowers the same file again on each edit. check_value depends on the
# pair alone; the pairs kept are short and at most _PASSED_SIZE (all dropped past that).
_PASSED: set[tuple[str, str]] = set()
_PASSED_LENGTH = 64
_PASSED_SIZE = 4096
# the value types check_value reads as more than a value (a block of entries, a file)
_READ_TYPES = frozenset({schema.ValueType.MAPPING, schema.ValueType.FILE})


def decode_string(text: str, source: SourceText, start: int) -> tuple[Text, bool]:
    """Unquote a single-line value as dippin does; the Text maps back through escapes."""
    if len(text) >= 2 and text[0] == text[-1] in "\"'":
        inner = text[1:-1]
        if ("\\" if text[0] == '"' else "''") not in inner:
            return Text(inner, source, ((0, start + 1),)), True  # no escape: a plain slice
    if len(text) >= 2 and text[0] == text[-1] == '"':
        # `\"` and `\\` are escapes (left to right, so `\\"` is a backslash and a quote)
        decoded = (
            escapes.decode_pairs(inner, _PAIRS, start + 1, True)
            if (text.count("\\") > escapes.MANY)
            else None
        )
        if decoded is not None:
            return Text(decoded[0], source, decoded[1]), True
        segments = SegmentBuilder()
        segments.add(0, start + 1)
        base = start + 1
        for count, escape in enumerate(_DOUBLE_ESCAPE.finditer(inner)):
            at = escape.start()
            segments.add(at - count, base + at + 1)  # the escaped character
            if escape.end() < len(inner):
                segments.add(at - count + 1, base + escape.end())  # what follows it
        value = _DOUBLE_ESCAPE.sub(r"\1", inner)
        return Text(value, source, segments.build()), True
    if len(text) >= 2 and text[0] == text[-1] == "'":
        inner = text[1:-1]
        segments = SegmentBuilder()
        segments.add(0, start + 1)
        base = start + 1
        for count, escape in enumerate(re.finditer("''", inner)):
            segments.add(escape.start() - count + 1, base + escape.end())
        return Text(inner.replace("''", "'"), source, segments.build()), True
    return Text.at(text, source, start), False


def shown(item: Field) -> str:
    """A field's value as a message quotes it: its first line in backticks, cut at 40
    characters, or what it is when that says nothing (an empty value, a block)."""
    value = item.value.value
    if not value.strip():
        return "an empty value"
    line = value.strip().split("\n", 1)[0]
    cut = line if len(line) <= 40 else f"{line[:39]}…"
    return f"`{cut}`" if line == value.strip() else f"the block starting `{cut}`"


def child_tokens(tree: Tree) -> list[Token]:
    return [child for child in tree.children if isinstance(child, Token)]


def child_trees(tree: Tree) -> list[Tree]:
    return [child for child in tree.children if isinstance(child, Tree)]


def last_token(tree: Tree) -> Token:
    for child in reversed(tree.children):
        if isinstance(child, Token):
            return child
        if isinstance(child, Tree) and child.children:
            return last_token(child)
    raise ValueError("empty tree")


@record(eq=False, repr=False)  # an object with state, not a value: identity, no field dump
class FieldLowering:
    """The fields of a ``.dip`` file, and the state every part of its lowering shares.

    The constructor takes what the lexer and the loader hand over; each layer of the lowering
    adds its own state in ``__post_init__`` (calling its parent's first)."""

    source: SourceText
    raw_blocks: dict[int, Text]  # multi-line block values by their token's offset (dip_lexer)
    base_dir: str | None  # file directives are read relative to it (None: no directory)
    display_base: str  # the directory an included file's name is shown in
    reader: FileReader

    def __post_init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self.limit = CodeLimit()
        self.included: list[SourceText] = []
        self.texts: dict[str, str] = {}  # the files directives read, by path (read_once)
        self.folders: set[str] = set()  # the directives' folders found inside base_dir

    # -- small helpers -------------------------------------------------------------------

    def span(self, token: Token) -> Span:
        return new_span(Span, (self.source, token.start_pos or 0, token.end_pos or 0))

    def between(self, first: Token, last: Token) -> Span:
        return new_span(Span, (self.source, first.start_pos or 0, last.end_pos or 0))

    def report(
        self, code: str, span: Span, message: str, severity: Severity | None = None, **extra: object
    ) -> None:
        """Report a loading finding with its code's default severity, or ``severity`` where
        dippin accepts the file but reads it otherwise than written."""
        if self.limit.admit(code):
            found = loading_finding(code, span, message, **extra)  # type: ignore[arg-type]
            self.diagnostics.append(found if severity is None else found.with_severity(severity))

    def name(self, token: Token) -> Name:
        span = new_span(Span, (self.source, token.start_pos or 0, token.end_pos or 0))
        if token.type == "STRING":
            text, _ = decode_string(token.value, self.source, token.start_pos or 0)
            return Name(text.value, span)
        return Name(token.value, span)

    def repeats(
        self,
        items: Iterable[K],
        describe: Callable[[str], str],
        severity: Severity | None = None,
    ) -> dict[str, K]:
        """Report every key given again (DC006), pointing back at its first occurrence: an
        error, or ``severity`` where dippin keeps the last value without a word."""
        seen: dict[str, K] = {}
        for item in items:
            first = seen.get(item.key)
            if first is not None:
                self.report(
                    "DC006",
                    item.key_span,
                    describe(item.key),
                    severity,
                    related=(Related(first.key_span, "first given here"),),
                )
            else:
                seen[item.key] = item
        return seen

    # -- fields --------------------------------------------------------------------------

    def field(self, tree: Tree) -> Field:
        """A ``field`` tree: ``KEY (VALUE | RAW)? block?``."""
        source = self.source
        parts = tree.children
        key_token = parts[0]
        assert isinstance(key_token, Token)
        value_token: Token | None = None
        block: Tree | None = None
        for child in parts[1:]:  # at most a value and a block, in that order
            if child.__class__ is not Tree:
                if value_token is None:
                    value_token = child  # type: ignore[assignment]
            elif block is None:
                block = child  # type: ignore[assignment]
        children: tuple[Field, ...] = ()
        if block is not None:
            nested = [item for item in block.children if item.__class__ is Tree]
            children = tuple([self.field(item) for item in nested])  # type: ignore[arg-type]
        if value_token is None:
            end = source.text.index(":", key_token.end_pos or 0) + 1
            value = Text("", source, ((0, end),))
            value_span = new_span(Span, (source, end, end))
            is_block = quoted = False
            last_end = key_token.end_pos or 0
        else:
            value_start = value_token.start_pos or 0
            last_end = value_token.end_pos or 0
            value_span = new_span(Span, (source, value_start, last_end))
            is_block = quoted = False
            if value_token.type == "RAW":
                value = self.raw_blocks[value_start]
                is_block = True
            elif value_token.value[0] not in "\"'":  # no quote: verbatim (decode_string's end)
                value = Text(value_token.value, source, ((0, value_start),))
            else:
                value, quoted = decode_string(value_token.value, source, value_start)
        # the field ends where its last nested field ends, else at its last token
        end_pos = children[-1].span.end if children else last_end
        key_start = key_token.start_pos or 0
        return Field(
            key_token.value,
            new_span(Span, (source, key_start, key_token.end_pos or 0)),
            value,
            value_span,
            new_span(Span, (source, key_start, end_pos)),
            is_block,
            quoted,
            children,
        )

    def block_fields(self, items: list[Tree]) -> list[Field]:
        """The fields of a block's ``field`` trees. The commonest, ``KEY VALUE`` with an
        unquoted value and ``KEY RAW`` (a multi-line block: a prompt), are made here (what
        :meth:`field` makes of them); any other goes through :meth:`field`."""
        source = self.source
        result: list[Field] = []
        append = result.append
        for item in items:
            parts: list[Any] = item.children
            if len(parts) == 2:
                key_token, value_token = parts
                if value_token.__class__ is Token and value_token.type == "VALUE":
                    value: str = value_token.value
                    if value[0] not in "\"'":
                        key_start: int = key_token.start_pos
                        start: int = value_token.start_pos
                        end: int = value_token.end_pos
                        append(
                            Field(
                                key_token.value,
                                new_span(Span, (source, key_start, key_token.end_pos)),
                                Text(value, source, ((0, start),)),
                                new_span(Span, (source, start, end)),
                                new_span(Span, (source, key_start, end)),
                                False,
                                False,
                                (),
                            )
                        )
                        continue
                elif value_token.__class__ is Token and value_token.type == "RAW":
                    key_start = key_token.start_pos
                    start = value_token.start_pos
                    end = value_token.end_pos
                    append(
                        Field(
                            key_token.value,
                            new_span(Span, (source, key_start, key_token.end_pos)),
                            self.raw_blocks[start],
                            new_span(Span, (source, start, end)),
                            new_span(Span, (source, key_start, end)),
                            True,
                            False,
                            (),
                        )
                    )
                    continue
            append(self.field(item))
        return result

    def check_fields(
        self,
        fields: Iterable[Field],
        table: dict[str, schema.FieldSpec],
        where: str,
        params_hint: bool = False,
        nested: frozenset[str] = frozenset(),
    ) -> list[Field]:
        """Report unknown keys, bad values and repeats; return the fields with mapping blocks
        and file directives resolved."""
        fields = list(fields)
        if self.plain(fields, table):
            return fields
        return self.check_each(fields, table, where, params_hint, nested)

    def plain(self, fields: list[Field], table: dict[str, schema.FieldSpec]) -> bool:
        """Whether :meth:`check_fields` keeps ``fields`` as they are, reporting nothing: the
        commonest fields, each key known, without a nested block, given once, and of a type
        any text passes or a one-line value of a checked type that passes (so no mapping, no
        file directive and nothing for the twins' check). Half the cost of `check_each`."""
        get = table.get
        keys: set[str] = set()
        for item in fields:
            key = item.key
            spec = get(key)
            if spec is None or item.children or key in keys:
                return False
            kind = spec.type
            if kind not in _ANY_TEXT and (
                kind in _READ_TYPES or item.block or not self.passes(kind, item.value.value)
            ):
                return False
            keys.add(key)
        return True

    def check_each(
        self,
        fields: list[Field],
        table: dict[str, schema.FieldSpec],
        where: str,
        params_hint: bool = False,
        nested: frozenset[str] = frozenset(),
    ) -> list[Field]:
        """:meth:`check_fields` field by field, for any fields."""
        known = [item for item in fields if item.key in table]
        final = seen = {item.key: item for item in known}  # (the last of each key)
        if len(seen) < len(known):  # a key is given again: report each repeat
            # dippin assigns each field as it reads it (parse_nodes.go applyNodeField, the
            # header's parseWorkflowStringField, applyDefaultField, a branch's setters, an
            # input's applyInputField): the last value stays, without a diagnostic
            seen = self.repeats(
                known,
                lambda key: (
                    f"`{key}` is set twice in {where}; dippin keeps the last value "
                    f"({shown(final[key])})"
                ),
                Severity.WARNING,
            )
        result: list[Field] = []
        for item in fields:
            spec = table.get(item.key)
            if spec is None:
                self.unknown_field(item, table, where, params_hint)
                result.append(item)
                continue
            if item.children and item.key not in nested:
                first, last = item.children[0], item.children[-1]
                self.report(
                    "DC001",
                    Span(self.source, first.span.start, last.span.end),
                    f"unexpected indented block under `{item.key}:`; only `key:` with nothing "
                    "after the colon starts a multi-line value",
                )
            if spec.type in _ANY_TEXT:
                result.append(item)
            else:
                result.append(self.check_value(item, spec))
        for directive, inline in _TWINS:
            if directive in seen and inline in seen:
                self.report(
                    "DC006",
                    seen[directive].key_span,
                    f"`{inline}` and `{directive}` are both set in {where}; dippin refuses "
                    "a node with both",
                    related=(Related(seen[inline].key_span, f"`{inline}` set here"),),
                )
        return result

    def unknown_field(
        self, item: Field, table: dict[str, schema.FieldSpec], where: str, params_hint: bool
    ) -> None:
        alias = schema.RUNTIME_ALIASES.get(item.key)
        if alias is not None and alias in table:
            fix = Fix(f"rename `{item.key}` to `{alias}`", (Edit(item.key_span, alias),))
            self.report(
                "DC009",
                item.key_span,
                f"`{item.key}` is tracker's graph attribute name, not a .dip field; dippin "
                f"rejects it: write `{alias}:`",
                fix=fix,
            )
            return
        if item.key == "retry" and item.children:
            self.report(
                "DC004",
                item.key_span,
                "nested `retry` blocks are not supported: use the flat fields retry_policy, "
                "max_retries, base_delay, retry_target and fallback_target",
            )
            return
        if item.key in schema.FORK_ONLY_FIELDS:
            self.report(
                "DC004",
                item.key_span,
                f"`{item.key}` exists only in the dippin fork (its ACID/spec extension); upstream "
                "dippin and tracker reject it, so the workflow does not load",
            )
            return
        if self.limit.full("DC004"):
            self.report("DC004", item.key_span, "")  # only counted: no did-you-mean search
            return
        hint, fix = suggestion_fix(item.key, table, item.key_span, rename=True)
        message = f"unknown field `{item.key}` in {where}{hint}"
        if fix is None and params_hint:
            message += "; handler parameters belong under `params:`"
        elif fix is None and where == "the workflow header" and item.key in schema.DEFAULTS_FIELDS:
            message += f"; `{item.key}` belongs under `defaults`"
        self.report("DC004", item.key_span, message, fix=fix)

    def check_value(self, item: Field, spec: schema.FieldSpec) -> Field:
        kind = spec.type
        if kind is schema.ValueType.MAPPING:
            return self.mapping(item)
        if kind is schema.ValueType.FILE:
            return self.directive(item)
        if item.block and kind not in (
            schema.ValueType.STRING,
            schema.ValueType.LIST,
            schema.ValueType.CONDITION,
        ):
            self.report(
                "DC005",
                item.value_span,
                f"`{item.key}` takes a single {kind.value}, not a multi-line block",
            )
            return item
        if self.passes(kind, item.text):
            return item
        problem = schema.check_value(kind, item.text)
        if problem is not None:
            span = item.value_span if item.value_span.end > item.value_span.start else item.key_span
            self.report("DC005", span, f"{problem} for `{item.key}`")
        return item

    def passes(self, kind: schema.ValueType, text: str) -> bool:
        """Whether ``schema.check_value`` passes ``text`` as a ``kind``: a short pair that
        passed is kept (see :data:`_PASSED`)."""
        pair = (kind._value_, text)  # (an enum member hashes in Python, its value in C)
        if pair in _PASSED:
            return True
        if schema.check_value(kind, text) is not None:
            return False
        if len(text) <= _PASSED_LENGTH:
            if len(_PASSED) >= _PASSED_SIZE:
                _PASSED.clear()
            _PASSED.add(pair)
        return True

    def mapping(self, item: Field) -> Field:
        """Parse a ``params:``/``steer_context:``/``inputs:`` block into child fields."""
        entries: list[Field] = []
        text = item.value
        value = text.value
        position = 0
        for line in value.split("\n"):
            line_start = position
            position += len(line) + 1
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            lead = line_start + len(line) - len(line.lstrip())
            if FIELD_LINE.match(stripped) and ("=" not in stripped.split(":", 1)[0]):
                key, _, rest = stripped.partition(":")
                entries.append(self.entry(text, lead, key.strip(), rest, lead + len(key) + 1))
                continue
            if "=" in stripped:
                cursor = lead
                for part in stripped.split(","):
                    part_start = cursor + len(part) - len(part.lstrip())
                    cursor += len(part) + 1
                    key, equals, rest = part.strip().partition("=")
                    if not equals or not key.strip():
                        self.report(
                            "DC005",
                            text.span(part_start, part_start + len(part.strip())),
                            f"`{item.key}` entries are `key: value` (or `key=value`)",
                        )
                        continue
                    entries.append(
                        self.entry(text, part_start, key.strip(), rest, part_start + len(key) + 1)
                    )
                continue
            self.report(
                "DC005",
                text.span(lead, lead + len(stripped)),
                f"`{item.key}` entries are `key: value` lines, not {stripped!r}",
            )
        self.repeats(
            entries,
            lambda key: f"duplicate {item.key} key `{key}`; only the last value takes effect",
        )
        for entry in entries:
            if item.key == "steer_context" and ":" in entry.key:
                self.report(
                    "DC005",
                    entry.key_span,
                    f"steer_context key `{entry.key}` contains `:`, which tracker rejects",
                )
        return replace(item, children=tuple(entries))

    def entry(self, text: Text, start: int, key: str, rest: str, rest_start: int) -> Field:
        value_text = rest.strip()
        value_start = rest_start + (len(rest) - len(rest.lstrip()))
        if len(value_text) >= 2 and value_text[0] == value_text[-1] and value_text[0] in "\"'":
            decoded, quoted = decode_string(value_text, self.source, 0)
            inner = Text(decoded.value, text.source, ((0, text.offset(value_start + 1)),))
        else:
            inner, quoted = Text(value_text, text.source, ((0, text.offset(value_start)),)), False
        key_span = text.span(start, start + len(key))
        value_span = text.span(value_start, value_start + len(value_text))
        return Field(
            key=key,
            key_span=key_span,
            value=inner,
            value_span=value_span,
            span=key_span.cover(value_span),
            quoted=quoted,
        )

    def read_once(self, path: str) -> str:
        """The text of a file a directive names, read (and recorded by a lint's reader) once
        per file: a workflow whose 300 nodes name the same 4 MiB prompt file read it 300
        times, each a copy of its own (1.2 GB, 14 s); each directive still gets a source of
        its own (a finding in the file is anchored at the directive that read it)."""
        text = self.texts.get(path)
        if text is None:
            text = self.texts[path] = self.reader(path)
        return text

    def directive(self, item: Field) -> Field:
        if not item.text.strip():
            self.report("DC003", item.key_span, f"`{item.key}` names no file")
            return item
        inclusion = include_file(
            self.base_dir,
            self.display_base,
            item.text,
            self.read_once,
            self.folders,
            recorder=self.reader,
        )
        if inclusion.source is None:
            self.report("DC003", item.value_span, f"`{item.key}`: {inclusion.error}")
            return item
        self.included.append(inclusion.source)
        return replace(item, included=Text(inclusion.source.text, inclusion.source, ((0, 0),)))
