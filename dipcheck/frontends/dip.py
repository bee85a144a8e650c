"""The ``.dip`` front-end: text → tokens → parse tree → :class:`Workflow`.

Besides syntax errors it reports only what a loader reports: unknown fields (DC004), values
that do not parse (DC005), duplicate keys (DC006), file directives that cannot be read
(DC003) and text the parser ignores (DC007, DC008). Every lint finding is left to the rules.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Protocol, TypeVar

from lark import Token, Tree

from dipcheck import conditions
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, loading_finding
from dipcheck.frontends import dip_schema as schema
from dipcheck.frontends.common import (
    FileReader,
    FrontendResult,
    include_file,
    make_condition,
    read_from_disk,
)
from dipcheck.frontends.dip_lexer import FIELD_LINE, lex
from dipcheck.frontends.dip_parser import parse_groups
from dipcheck.frontends.stylesheet import dip_selectors
from dipcheck.model import (
    Branch,
    Condition,
    Edge,
    EdgeAttr,
    Field,
    InputDecl,
    Name,
    Node,
    NodeKind,
    Reference,
    Text,
    Workflow,
)
from dipcheck.references import condition_references, list_items, read_reference, scan_text
from dipcheck.source import SourceText, Span, line_span
from dipcheck.suggest import closest

_ON_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


class Keyed(Protocol):
    """Anything with a key and the span of the key (fields, edge attributes)."""

    @property
    def key(self) -> str: ...

    @property
    def key_span(self) -> Span: ...


K = TypeVar("K", bound=Keyed)


def decode_string(text: str, source: SourceText, start: int) -> tuple[Text, bool]:
    """Unquote a single-line value as dippin does; the Text maps back through escapes."""
    if len(text) >= 2 and text[0] == text[-1] in "\"'":
        inner = text[1:-1]
        if ("\\" if text[0] == '"' else "''") not in inner:
            return Text(inner, source, ((0, start + 1),)), True  # no escape: a plain slice
    if len(text) >= 2 and text[0] == text[-1] == '"':
        chars: list[str] = []
        segments: list[tuple[int, int]] = [(0, start + 1)]
        index = 1
        while index < len(text) - 1:
            char = text[index]
            if char == "\\" and index + 1 < len(text) - 1 and text[index + 1] in '"\\':
                segments.append((len(chars), start + index + 1))
                chars.append(text[index + 1])
                index += 2
                if index < len(text) - 1:
                    segments.append((len(chars), start + index))
                continue
            chars.append(char)
            index += 1
        return Text("".join(chars), source, _dedupe(segments)), True
    if len(text) >= 2 and text[0] == text[-1] == "'":
        chars = []
        segments = [(0, start + 1)]
        index = 1
        while index < len(text) - 1:
            if text.startswith("''", index) and index + 1 < len(text) - 1:
                chars.append("'")
                index += 2
                segments.append((len(chars), start + index))
                continue
            chars.append(text[index])
            index += 1
        return Text("".join(chars), source, _dedupe(segments)), True
    return Text.at(text, source, start), False


def _dedupe(segments: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    result: dict[int, int] = {}
    for text_offset, source_offset in segments:
        result[text_offset] = source_offset
    return tuple(sorted(result.items()))


def _tokens(tree: Tree) -> list[Token]:
    return [child for child in tree.children if isinstance(child, Token)]


def _trees(tree: Tree) -> list[Tree]:
    return [child for child in tree.children if isinstance(child, Tree)]


def _last_token(tree: Tree) -> Token:
    for child in reversed(tree.children):
        if isinstance(child, Token):
            return child
        if isinstance(child, Tree) and child.children:
            return _last_token(child)
    raise ValueError("empty tree")


class _Lowering:
    def __init__(
        self,
        source: SourceText,
        raw_blocks: dict[int, Text],
        base_dir: str | None,
        display_base: str,
        reader: FileReader,
    ) -> None:
        self.source = source
        self.raw_blocks = raw_blocks
        self.base_dir = base_dir
        self.display_base = display_base
        self.reader = reader
        self.diagnostics: list[Diagnostic] = []
        self.included: list[SourceText] = []
        self.version = 1
        self.workflow_name: Name | None = None
        self.decl_span: Span | None = None
        self.header: list[Field] = []
        self.defaults: list[Field] = []
        self.vars: list[Field] = []
        self.inputs: list[InputDecl] = []
        self.nodes: list[Node] = []
        self.edges: list[Edge] = []
        self.pending_on: list[tuple[int, Token, Token]] = []
        self.else_target: Name | None = None
        self.else_span: Span | None = None

    # -- small helpers -------------------------------------------------------------------

    def span(self, token: Token) -> Span:
        return Span(self.source, token.start_pos or 0, token.end_pos or 0)

    def between(self, first: Token, last: Token) -> Span:
        return Span(self.source, first.start_pos or 0, last.end_pos or 0)

    def report(self, code: str, span: Span, message: str, **extra: object) -> None:
        self.diagnostics.append(loading_finding(code, span, message, **extra))  # type: ignore[arg-type]

    def name(self, token: Token) -> Name:
        if token.type == "STRING":
            text, _ = decode_string(str(token), self.source, token.start_pos or 0)
            return Name(text.value, self.span(token))
        return Name(str(token), self.span(token))

    def repeats(self, items: Iterable[K], describe: Callable[[str], str]) -> dict[str, K]:
        """Report every key given again (DC006), pointing back at its first occurrence."""
        seen: dict[str, K] = {}
        for item in items:
            first = seen.get(item.key)
            if first is not None:
                self.report(
                    "DC006",
                    item.key_span,
                    describe(item.key),
                    related=(Related(first.key_span, "first given here"),),
                )
            else:
                seen[item.key] = item
        return seen

    # -- fields --------------------------------------------------------------------------

    def field(self, tree: Tree) -> Field:
        """A ``field`` tree: ``KEY (VALUE | RAW)? block?``."""
        key_token = tree.children[0]
        assert isinstance(key_token, Token)
        value_token = next((child for child in tree.children[1:] if isinstance(child, Token)), None)
        block = next((child for child in tree.children if isinstance(child, Tree)), None)
        children = tuple(self.field(item) for item in _trees(block)) if block is not None else ()
        if value_token is None:
            end = self.source.text.index(":", key_token.end_pos or 0) + 1
            value = Text.at("", self.source, end)
            value_span = Span(self.source, end, end)
            is_block = quoted = False
        elif value_token.type == "RAW":
            value = self.raw_blocks[value_token.start_pos or 0]
            value_span = self.span(value_token)
            is_block, quoted = True, False
        else:
            value, quoted = decode_string(str(value_token), self.source, value_token.start_pos or 0)
            value_span = self.span(value_token)
            is_block = False
        end_token = _last_token(tree)
        span = Span(self.source, key_token.start_pos or 0, end_token.end_pos or 0)
        return Field(
            key=str(key_token),
            key_span=self.span(key_token),
            value=value,
            value_span=value_span,
            span=span,
            block=is_block,
            quoted=quoted,
            children=children,
        )

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
        seen = self.repeats(
            [item for item in fields if item.key in table],
            lambda key: f"`{key}` is set twice in {where}; only the last value takes effect",
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
            result.append(self.check_value(item, spec))
        for directive, inline in schema.INLINE_TWIN.items():
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
        suggestion = closest(item.key, table)
        message = f"unknown field `{item.key}` in {where}"
        fix = None
        if suggestion:
            message += f" (did you mean `{suggestion}`?)"
            fix = Fix(
                f"rename `{item.key}` to `{suggestion}`",
                (Edit(item.key_span, suggestion),),
                safe=False,
            )
        elif params_hint:
            message += "; handler parameters belong under `params:`"
        elif where == "the workflow header" and item.key in schema.DEFAULTS_FIELDS:
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
        problem = schema.check_value(kind, item.text)
        if problem is not None:
            span = item.value_span if item.value_span.end > item.value_span.start else item.key_span
            self.report("DC005", span, f"{problem} for `{item.key}`")
        return item

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

    def directive(self, item: Field) -> Field:
        if not item.text.strip():
            self.report("DC003", item.key_span, f"`{item.key}` names no file")
            return item
        inclusion = include_file(self.base_dir, self.display_base, item.text, self.reader)
        if inclusion.source is None:
            self.report("DC003", item.value_span, f"`{item.key}`: {inclusion.error}")
            return item
        self.included.append(inclusion.source)
        return replace(item, included=Text(inclusion.source.text, inclusion.source, ((0, 0),)))

    # -- top level -----------------------------------------------------------------------

    def lower(self, tree: Tree | None) -> Workflow | None:
        workflows: list[Tree] = []
        if tree is not None:
            for child in tree.children:
                if not isinstance(child, Tree):
                    continue
                if child.data == "version":
                    self.version_line(child)
                elif child.data == "stray":
                    self.stray(child)
                elif child.data == "workflow":
                    workflows.append(child)
        if not workflows:
            span = (
                line_span(self.source, 0) if self.source.text.strip() else Span(self.source, 0, 0)
            )
            self.report(
                "DC001",
                span,
                "no `workflow` declaration: a .dip file starts with "
                "`workflow <Name>` followed by an indented body",
            )
            return None
        for index, workflow in enumerate(workflows):
            self.workflow(workflow, index)
        self.resolve_shorthands()
        self.implicit_edges()
        assert self.decl_span is not None
        references = self.references()
        style = next((item for item in reversed(self.header) if item.key == "stylesheet"), None)
        return Workflow(
            source=self.source,
            format="dip",
            name=self.workflow_name,
            decl_span=self.decl_span,
            version=self.version,
            header=tuple(self.header),
            defaults=tuple(self.defaults),
            vars=tuple(self.vars),
            inputs=tuple(self.inputs),
            nodes=tuple(self.nodes),
            edges=tuple(self.edges),
            else_target=self.else_target,
            else_span=self.else_span,
            stylesheet=style,
            selectors=tuple(dip_selectors(style.value)) if style is not None else (),
            references=references,
            sources=(self.source, *self.included),
        )

    def version_line(self, tree: Tree) -> None:
        keyword, number = _tokens(tree)[:2]
        text = str(number)
        if not text.isdigit() or int(text) < 1:
            self.report(
                "DC001",
                self.between(keyword, number),
                f"invalid version declaration `dip {text}`: the version is a whole "
                "number of 1 or more",
            )
            return
        self.version = int(text)

    def stray(self, tree: Tree) -> None:
        token = _tokens(tree)[0]
        first_line = str(token).split("\n", 1)[0].strip()
        first_word = first_line.split(None, 1)[0] if first_line else ""
        span = line_span(self.source, self.source.line_of(token.start_pos or 0))
        looks_like_body = (
            first_word in schema.NODE_FIELDS
            or first_word
            in (
                "agent",
                "human",
                "tool",
                "subgraph",
                "conditional",
                "manager_loop",
                "parallel",
                "fan_in",
                "defaults",
                "vars",
                "inputs",
                "edges",
            )
            or (
                FIELD_LINE.match(first_line) is not None
                and first_line.split(":", 1)[0] in schema.HEADER_FIELDS
            )
        )
        if looks_like_body:
            self.report(
                "DC001",
                span,
                "this line is not indented under a `workflow` "
                "declaration; dippin ignores it — indent it to put it "
                "in the workflow body",
            )
        else:
            self.report(
                "DC007",
                Span(self.source, token.start_pos or 0, token.end_pos or 0),
                "text outside the workflow declaration is ignored by the parser",
            )

    def workflow(self, tree: Tree, index: int) -> None:
        keyword = tree.children[0]
        assert isinstance(keyword, Token)
        name_token = tree.children[1] if len(tree.children) > 1 else None
        if not isinstance(name_token, Token):
            name_token = None
            self.report("DC001", self.span(keyword), "`workflow` needs a name: `workflow <Name>`")
        span = self.span(keyword) if name_token is None else self.between(keyword, name_token)
        if index == 0:
            self.decl_span = span
            self.workflow_name = self.name_of(name_token)
        else:
            assert self.decl_span is not None
            self.report(
                "DC008",
                span,
                "a second `workflow` declaration: dippin merges it into the first (its name, "
                "goal, start and exit replace the first's, its nodes are appended)",
                related=(Related(self.decl_span, "first workflow declared here"),),
            )
            if name_token is not None:
                self.workflow_name = self.name_of(name_token)
        header: list[Field] = []
        for item in _trees(tree):
            kind = item.data
            if kind == "field":
                header.append(self.field(item))
            elif kind == "section":
                self.section(item)
            elif kind == "edges":
                self.edges_block(item)
            else:
                self.node(item)
        self.header.extend(self.check_fields(header, schema.HEADER_FIELDS, "the workflow header"))

    def name_of(self, token: Token | None) -> Name | None:
        return None if token is None else self.name(token)

    def section(self, tree: Tree) -> None:
        keyword = tree.children[0]
        assert isinstance(keyword, Token)
        fields = [self.field(item) for block in _trees(tree) for item in _trees(block)]
        if keyword.type == "DEFAULTS":
            for item in fields:
                if item.key == "system_prompt":
                    self.report(
                        "DC004",
                        item.key_span,
                        "`system_prompt` cannot be set under "
                        "defaults; use `system_prompt_file` there or set it per agent",
                    )
            fields = [item for item in fields if item.key != "system_prompt"]
            self.defaults.extend(self.check_fields(fields, schema.DEFAULTS_FIELDS, "defaults"))
        elif keyword.type == "VARS":
            self.vars.extend(self.plain_block(fields, "vars"))
        else:
            self.input_block(fields)

    def plain_block(self, fields: list[Field], where: str) -> list[Field]:
        self.repeats(
            fields, lambda key: f"duplicate {where} key `{key}`; only the last value takes effect"
        )
        for item in fields:
            if item.children:
                self.report(
                    "DC001",
                    item.children[0].span.cover(item.children[-1].span),
                    f"unexpected indented block under `{item.key}:`",
                )
        return fields

    def input_block(self, fields: list[Field]) -> None:
        self.repeats(fields, lambda key: f"input `{key}` is declared twice")
        for item in fields:
            type_text = item.text.strip()
            if not type_text or item.block:
                # `name:` followed by deeper lines is a raw block, not a type and attributes
                type_text = ""
                self.report(
                    "DC005",
                    item.key_span,
                    f"input `{item.key}` needs a type: text, number, bool, enum, file or secret",
                )
            attrs = self.check_fields(item.children, schema.INPUT_ATTRIBUTES, f"input `{item.key}`")
            self.inputs.append(
                InputDecl(
                    name=Name(item.key, item.key_span),
                    type=Name(type_text, item.value_span),
                    attrs=tuple(attrs),
                    span=item.span,
                )
            )

    # -- nodes ---------------------------------------------------------------------------

    def node(self, tree: Tree) -> None:
        tokens = _tokens(tree)
        keyword, id_token = tokens[0], tokens[1]
        kind = NodeKind(str(keyword))
        blocks = _trees(tree)
        members: tuple[Name, ...] = ()
        member_list = next((item for item in blocks if item.data == "member_list"), None)
        if member_list is not None:
            members = tuple(
                self.name(token) for token in _tokens(member_list) if token.type == "NAME"
            )
        body = next((item for item in blocks if item.data == "block"), None)
        raw_fields = [self.field(item) for item in _trees(body)] if body is not None else []
        end = _last_token(tree)
        span = Span(self.source, keyword.start_pos or 0, end.end_pos or 0)
        declaration = self.between(keyword, id_token)
        where = f"{kind.value} `{id_token}`"
        table = schema.NODE_FIELDS[kind]
        branches: list[Branch] = []
        if kind is NodeKind.PARALLEL:
            for item in raw_fields:
                if item.key == "branch":
                    branch_fields = self.check_fields(
                        item.children, schema.BRANCH_FIELDS, f"branch `{item.text}`"
                    )
                    branches.append(
                        Branch(
                            Name(item.text.strip(), item.value_span),
                            tuple(branch_fields),
                            item.span,
                        )
                    )
            if branches and not members:
                members = tuple(branch.target for branch in branches)
            if not members:
                self.report(
                    "DC001",
                    declaration,
                    f"parallel `{id_token}` has no branches: write "
                    f"`parallel {id_token} -> A, B` or indented `branch: A` lines",
                )
        elif kind is NodeKind.FAN_IN:
            if not members:
                self.report(
                    "DC001",
                    declaration,
                    f"fan_in `{id_token}` has no sources: write `fan_in {id_token} <- A, B`",
                )
        elif not raw_fields:
            self.report(
                "DC001",
                declaration,
                f"{kind.value} `{id_token}` has an empty body: declare at least one "
                "indented field under it",
            )
        fields = self.check_fields(
            [
                item
                for item in raw_fields
                if not (kind is NodeKind.PARALLEL and item.key == "branch")
            ],
            table,
            where,
            params_hint=kind in (NodeKind.AGENT, NodeKind.SUBGRAPH),
        )
        self.nodes.append(
            Node(
                id=str(id_token),
                kind=kind,
                id_span=self.span(id_token),
                kind_span=self.span(keyword),
                span=span,
                fields=tuple(fields),
                members=members,
                branches=tuple(branches),
            )
        )

    # -- edges ---------------------------------------------------------------------------

    def edges_block(self, tree: Tree) -> None:
        for item in _trees(tree):
            if item.data == "else_edge":
                self.else_edge(item)
            else:
                self.edge(item)

    def else_edge(self, tree: Tree) -> None:
        keyword, _, target = _tokens(tree)
        span = self.between(keyword, target)
        if self.else_target is not None:
            assert self.else_span is not None
            self.report(
                "DC001",
                span,
                "only one `else ->` is allowed per workflow",
                related=(Related(self.else_span, "the first `else ->`"),),
            )
            return
        self.else_target = self.name(target)
        self.else_span = span

    def edge(self, tree: Tree) -> None:
        tokens = _tokens(tree)
        source, target = tokens[0], tokens[2]
        end = _last_token(tree)
        span = Span(self.source, source.start_pos or 0, end.end_pos or 0)
        condition: Condition | None = None
        condition_span: Span | None = None
        attrs: list[EdgeAttr] = []
        for attr in _trees(tree):
            parts = _tokens(attr)
            keyword = parts[0]
            if attr.data in ("when_attr", "on_attr"):
                attr_span = self.between(keyword, parts[-1])
                if condition_span is not None:
                    self.report(
                        "DC006",
                        attr_span,
                        "this edge already has a condition; only one `when`/`on` applies",
                        related=(Related(condition_span, "first condition"),),
                    )
                    continue
                condition_span = attr_span
                if attr.data == "when_attr":
                    if len(parts) < 2:
                        self.report("DC001", self.span(keyword), "`when` needs a condition")
                        continue
                    condition = self.condition(parts[1])
                else:
                    self.pending_on.append((len(self.edges), keyword, parts[1]))
                continue
            if attr.data == "loop_attr":
                attrs.append(EdgeAttr("loop", self.span(keyword), None, self.span(keyword)))
            else:
                item = self.value_attr(keyword, parts[2:])
                if item is not None:
                    attrs.append(item)
        self.repeats(attrs, lambda key: f"`{key}` is given twice on this edge")
        self.edges.append(
            Edge(
                source=self.name(source),
                target=self.name(target),
                span=span,
                condition=condition,
                attrs=tuple(attrs),
            )
        )

    def value_attr(self, keyword: Token, values: list[Token]) -> EdgeAttr | None:
        key = str(keyword)
        key_span = self.span(keyword)
        first = values[0]
        span = self.between(keyword, values[-1])
        if key not in schema.EDGE_ATTRIBUTES:
            suggestion = closest(key, schema.EDGE_ATTRIBUTES)
            hint = (
                f" (did you mean `{suggestion}`?)"
                if suggestion
                else (
                    "; edge attributes are when, on, label, choice, weight, loop, restart, override"
                )
            )
            self.report("DC004", key_span, f"unknown edge attribute `{key}`{hint}")
            return None
        if len(values) > 1:
            extra = self.between(values[1], values[-1])
            self.report(
                "DC001",
                extra,
                f"`{key}:` takes one value; dippin keeps `{first}` and silently drops "
                f'`{extra.text}` — quote a value with spaces: `{key}: "{first} {extra.text}"`',
            )
        value = self.name(first)
        if key == "weight":
            problem = schema.check_value(schema.ValueType.INTEGER, value.value)
            if problem:
                self.report("DC005", value.span, f"{problem} for `weight`")
        elif key in ("restart", "override"):
            problem = schema.check_value(schema.ValueType.BOOLEAN, value.value)
            if problem:
                self.report("DC005", value.span, f"{problem} for `{key}`")
        return EdgeAttr(key, key_span, value, span)

    def condition(self, token: Token) -> Condition:
        text = Text.at(str(token), self.source, token.start_pos or 0)
        return make_condition(text, self.span(token))

    def resolve_shorthands(self) -> None:
        """Turn ``on X`` into the condition it stands for, now that node kinds are known."""
        kinds = {node.id: node for node in self.nodes}
        for index, keyword, value in self.pending_on:
            edge = self.edges[index]
            span = self.between(keyword, value)
            word = str(value)
            if not _ON_TOKEN.fullmatch(word):
                self.report(
                    "DC005",
                    self.span(value),
                    f"`on {word}`: an outcome token is letters, digits, `_` and `-`",
                )
                continue
            node = kinds.get(edge.source.value)
            if node is None:
                continue
            if node.kind is NodeKind.AGENT:
                variable = "ctx.outcome"
            elif node.kind is NodeKind.TOOL and node.get("marker_grep") is not None:
                variable = "ctx.tool_marker"
            else:
                self.report(
                    "DC001",
                    span,
                    f"`on {word}` needs a source with an outcome channel (an agent, or a tool "
                    f"with marker_grep); {node.kind.value} `{node.id}` has none — use "
                    f"`when ctx.outcome = {word}`",
                )
                continue
            raw = f"{variable} = {word}"
            parsed = conditions.parse(raw)
            condition = Condition(
                raw=raw,
                text=Text.at(raw, self.source, span.start),
                span=span,
                expr=parsed.expr,
                error=parsed.error,
                shorthand=True,
            )
            self.edges[index] = Edge(
                source=edge.source,
                target=edge.target,
                span=edge.span,
                condition=condition,
                attrs=edge.attrs,
            )

    def implicit_edges(self) -> None:
        """The fork and join edges that `parallel` and `fan_in` lists imply."""
        for node in self.nodes:
            if node.kind is NodeKind.PARALLEL:
                for member in node.members:
                    self.edges.append(
                        Edge(Name(node.id, node.id_span), member, member.span, implicit=True)
                    )
            elif node.kind is NodeKind.FAN_IN:
                for member in node.members:
                    self.edges.append(
                        Edge(member, Name(node.id, node.id_span), member.span, implicit=True)
                    )

    # -- references ----------------------------------------------------------------------

    def references(self) -> tuple[Reference, ...]:
        variables = frozenset(
            {
                "goal",
                *(item.key for item in self.vars),
                *(f"params.{item.key}" for item in self.vars),
            }
        )
        result: list[Reference] = []
        for node in self.nodes:
            for item in node.fields:
                result.extend(self.field_references(node.id, item, variables))
            for branch in node.branches:
                for item in branch.fields:
                    result.extend(self.field_references(node.id, item, variables))
        for edge in self.edges:
            condition = edge.condition
            if condition is None:
                continue
            result.extend(condition_references(edge.source.value, condition))
        result.sort(key=lambda ref: (ref.span.path, ref.span.start))
        return tuple(result)

    def field_references(
        self, owner: str, item: Field, variables: frozenset[str]
    ) -> list[Reference]:
        if item.key == "reads":
            return [
                read_reference(owner, entry.value, entry.span) for entry in list_items(item.value)
            ]
        if item.key == "writes":
            return []
        if item.children:
            # a `params:`/`inputs:`/`steer_context:` block: scan each entry once, by its key
            found: list[Reference] = []
            for child in item.children:
                found.extend(scan_text(child.value, owner, f"{item.key}.{child.key}", variables))
            return found
        found = scan_text(item.value, owner, item.key, variables)
        if item.included is not None:
            found.extend(scan_text(item.included, owner, item.key, variables))
        return found


def load_dip(
    source: SourceText,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
) -> FrontendResult:
    """Parse and lower one ``.dip`` source. File directives resolve against ``base_dir``."""
    lexed = lex(source)
    tree, problems = parse_groups(source, lexed)
    display_base = os.path.dirname(source.path)
    lowering = _Lowering(source, lexed.raw_blocks, base_dir, display_base, reader)
    for problem in lexed.problems:
        lowering.report(problem.code, problem.span, problem.message)
    for item in problems:
        lowering.report("DC001", item.span, item.message)
    workflow = lowering.lower(tree)
    return FrontendResult(workflow, lowering.diagnostics)
