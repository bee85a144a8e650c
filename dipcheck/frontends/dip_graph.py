"""Lowering the graph of a ``.dip`` workflow: node blocks and the ``edges`` section.

:class:`GraphLowering` turns node declarations (with their ``parallel ->``/``fan_in <-``
member lists and ``branch:`` blocks) into :class:`Node` objects and edge lines into
:class:`Edge` objects with their ``when``/``on`` conditions and attributes; once every node is
known it resolves the ``on X`` shorthands and adds the fork and join edges that ``parallel``
and ``fan_in`` lists imply.
"""

from __future__ import annotations

import re

from dipcheck import conditions
from dipcheck.diagnostics import Related, Severity
from dipcheck.frontends import dip_schema as schema
from dipcheck.frontends.dip_fields import FieldLowering, child_tokens, last_token
from dipcheck.frontends.dip_lexer import SKIPPED_LEAD, dippin_word
from dipcheck.lalr import Token, Tree
from dipcheck.model import Branch, Condition, Edge, EdgeAttr, Field, Name, Node, NodeKind, Text
from dipcheck.source import Span, new_span
from dipcheck.suggest import closest

_NODE_KINDS = {kind.value: kind for kind in NodeKind}  # by the declaration's keyword
# each kind's field table, by the keyword too (an enum member hashes in Python, a str in C)
_NODE_TABLES = {kind.value: schema.NODE_FIELDS[kind] for kind in NodeKind}
_PARALLEL, _FAN_IN = NodeKind.PARALLEL, NodeKind.FAN_IN
_ON_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
# the identifiers dippin's lexer reads in a line (tryLexIdentifier), a double-quoted string
# being one literal token of its own
_WORD_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?|[A-Za-z0-9][A-Za-z0-9_\-./]*')


def _attr_value(item: EdgeAttr) -> str:
    return "the flag" if item.value is None else f"`{item.value.value}`"


def _declaring_word(item: Field) -> str | None:
    """`branch` or `params` where dippin's block-form parallel would read it as a declaration
    among the words of a one-line value it steps over, else None."""
    if item.block or item.quoted:
        return None  # (a raw block, a quoted value: one token, no word of its own)
    for match in _WORD_OR_STRING.finditer(item.text):
        if match.group() in ("branch", "params"):
            return match.group()
    return None


class GraphLowering(FieldLowering):
    """The nodes and edges of a ``.dip`` workflow."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.nodes: list[Node] = []
        self.edges: list[Edge] = []
        self.pending_on: list[tuple[int, Token, Token]] = []
        self.else_target: Name | None = None
        self.else_span: Span | None = None

    # -- nodes ---------------------------------------------------------------------------

    def node(self, tree: Tree) -> None:
        # `KIND NAME`, then for parallel and fan_in an arrow and a member list, then a block
        children = tree.children
        keyword, id_token = children[0], children[1]
        assert isinstance(keyword, Token) and isinstance(id_token, Token)
        kind = _NODE_KINDS[keyword.value]
        table = _NODE_TABLES[keyword.value]
        node_id = id_token.value
        if node_id[0] == "_":
            node_id = self.identifier(id_token, declared=True).value
        member_list = body = None
        for child in children[2:]:
            if child.__class__ is Tree:
                data = child.data  # type: ignore[union-attr]
                if data == "block" and body is None:
                    body = child
                elif data == "member_list" and member_list is None:
                    member_list = child
        members: tuple[Name, ...] = ()
        if member_list is not None:
            members = tuple(
                self.identifier(token)
                for token in child_tokens(member_list)
                if token.type == "NAME"
            )
        raw_fields: list[Field] = []
        if body is not None:
            # (`block: _INDENT field* _DEDENT`: its children are the field trees)
            raw_fields = self.block_fields(body.children)  # type: ignore[union-attr,arg-type]
        # the node ends where its last field ends (else at its last token: its id or members)
        end = raw_fields[-1].span.end if raw_fields else last_token(tree).end_pos or 0
        span = new_span(Span, (self.source, keyword.start_pos or 0, end))
        branches: list[Branch] = []
        if kind is _PARALLEL:
            for item in raw_fields:
                if item.key == "branch":
                    branch_fields = self.check_fields(
                        item.children, schema.BRANCH_FIELDS, f"branch `{item.text}`"
                    )
                    target = Name(item.text.strip(), item.value_span)
                    if target.value.startswith("_"):
                        target = self.read_as(target, dippin_word(target.value))
                    branches.append(
                        Branch(
                            target,
                            tuple(branch_fields),
                            item.span,
                        )
                    )
            if branches and not members:
                members = tuple(branch.target for branch in branches)
            if not members:
                self.report(
                    "DC001",
                    self.between(keyword, id_token),
                    f"parallel `{id_token}` has no branches: write "
                    f"`parallel {id_token} -> A, B` or indented `branch: A` lines",
                )
        elif kind is _FAN_IN:
            if not members:
                self.report(
                    "DC001",
                    self.between(keyword, id_token),
                    f"fan_in `{id_token}` has no sources: write `fan_in {id_token} <- A, B`",
                )
        elif not raw_fields:
            self.report(
                "DC001",
                self.between(keyword, id_token),
                f"{kind.value} `{id_token}` has an empty body: declare at least one "
                "indented field under it",
            )
        if kind is _PARALLEL:
            raw_fields = [item for item in raw_fields if item.key != "branch"]
            if member_list is None:
                raw_fields = self.block_parallel_fields(raw_fields, id_token.value)
        fields = raw_fields
        if not self.plain(raw_fields, table):  # (check_fields, its message made only here)
            where = f"{keyword.value} `{id_token}`"  # (the keyword is the kind's value)
            fields = self.check_each(
                raw_fields, table, where, kind in (NodeKind.AGENT, NodeKind.SUBGRAPH)
            )
        source = self.source
        self.nodes.append(
            Node(
                node_id,
                kind,
                new_span(Span, (source, id_token.start_pos, id_token.end_pos)),
                new_span(Span, (source, keyword.start_pos, keyword.end_pos)),
                span,
                tuple(fields),
                members,
                tuple(branches),
            )
        )

    def block_parallel_fields(self, fields: list[Field], node_id: str) -> list[Field]:
        """The fields of a block-form parallel that dippin reads: its `params:`. dippin's
        parseParallelBodyLine reads `branch` and `params` and steps over every other token,
        so any other field is dropped without a word, unless the words dippin steps over
        hold `branch` or `params` (read as a declaration) or an indented block (whose
        dedent ends the parallel early): dippin then refuses the file."""
        kept: list[Field] = []
        for item in fields:
            if item.key == "params":
                kept.append(item)
                continue
            where = f"block-form parallel `{node_id}`"
            if item.children:
                self.report(
                    "DC004",
                    item.key_span,
                    f"`{item.key}` in {where}: dippin reads only `branch:` and `params:` lines "
                    "there, and the indented block under it ends the parallel early (dippin "
                    "then refuses the lines after it)",
                )
            elif (word := _declaring_word(item)) is not None:
                self.report(
                    "DC004",
                    item.key_span,
                    f"`{item.key}` in {where}: dippin reads only `branch:` and `params:` lines "
                    f"there and steps over the rest word by word, so it reads the word `{word}` "
                    f"in its value as a `{word}:` line (and refuses it without a colon after it)",
                )
            else:
                self.report(
                    "DC004",
                    item.key_span,
                    f"dippin ignores `{item.key}` in {where}: it reads only `branch:` and "
                    "`params:` lines there and drops the rest without a word",
                    Severity.WARNING,
                )
        return kept

    def identifier(self, token: Token, declared: bool = False) -> Name:
        """A node name written as a word (a declaration's id, an edge's end, a member), read
        as dippin's lexer reads it: the `_` (or `-`, `.`, `/`) it starts with skipped."""
        name = self.name(token)
        if token.type != "NAME" or not SKIPPED_LEAD.match(name.value):
            return name
        return self.read_as(name, dippin_word(name.value), declared)

    def read_as(self, name: Name, read: str, declared: bool = False) -> Name:
        """Report that dippin reads the node name ``name`` as ``read``; the name read."""
        if not read:
            self.report(
                "DC001",
                name.span,
                f"`{name.value}` is no name to dippin: its lexer starts a name with a letter or "
                "a digit and skips the rest",
            )
            return name
        if declared:
            then = (
                f"the node is `{read}`, and a field naming `{name.value}` (start, exit, a retry "
                "or restart target) names no node"
            )
        else:
            then = f"this names node `{read}`"
        self.report(
            "DC001",
            name.span,
            f"dippin reads `{name.value}` as `{read}` (its lexer skips what comes before a "
            f"letter or a digit: a name starts with one); {then}",
            Severity.WARNING,
        )
        return Name(read, name.span)

    # -- edges ---------------------------------------------------------------------------

    def edges_block(self, tree: Tree) -> None:
        # `EDGES edge*`. The commonest edges, `A -> B`, `A -> B when <condition>` and
        # `A -> B label: "x"`, are lowered here: what :meth:`edge` makes of them without its
        # general steps
        source = self.source
        append = self.edges.append
        for item in tree.children[1:]:
            if item.data == "else_edge":  # type: ignore[union-attr]
                self.else_edge(item)  # type: ignore[arg-type]
                continue
            children: list[Token] = item.children  # type: ignore[union-attr,assignment]
            count = len(children)
            attrs: tuple[EdgeAttr, ...] = ()
            if children[0].value[0] == "_" or children[2].value[0] == "_":  # type: ignore[union-attr]
                self.edge(item)  # type: ignore[arg-type]
                continue
            if count == 3:
                first, _, target = children
                end: int = target.end_pos  # type: ignore[assignment]
                condition = None
            elif count == 4 and children[3].data == "when_attr":  # type: ignore[attr-defined]
                parts = children[3].children  # type: ignore[attr-defined]
                if len(parts) != 2:
                    self.edge(item)  # type: ignore[arg-type]
                    continue
                first, _, target = children[:3]
                end = parts[1].end_pos
                condition = self.condition(parts[1])
            elif count == 4 and children[3].data == "value_attr":  # type: ignore[attr-defined]
                # (`ATTR COLON value+`: one attribute, nothing to repeat)
                parts = children[3].children  # type: ignore[attr-defined]
                first, _, target = children[:3]
                end = parts[-1].end_pos
                condition = None
                made = self.value_attr(parts[0], parts[2:])
                if made is not None:
                    attrs = (made,)
            else:
                self.edge(item)  # type: ignore[arg-type]
                continue
            start: int = first.start_pos  # type: ignore[assignment]
            append(
                Edge(
                    Name(first.value, new_span(Span, (source, start, first.end_pos))),
                    Name(target.value, new_span(Span, (source, target.start_pos, target.end_pos))),
                    new_span(Span, (source, start, end)),
                    condition,
                    attrs,
                )
            )

    def else_edge(self, tree: Tree) -> None:
        keyword, _, target = child_tokens(tree)
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
        self.else_target = self.identifier(target)
        self.else_span = span

    def edge(self, tree: Tree) -> None:
        # `NAME ARROW NAME edge_attr*`: three tokens, then attribute trees of tokens only
        children = tree.children
        source, target = children[0], children[2]
        assert isinstance(source, Token) and isinstance(target, Token)
        last = children[-1]  # the target, or the last attribute
        end = last_token(last) if last.__class__ is Tree else last  # type: ignore[arg-type]
        span = new_span(Span, (self.source, source.start_pos or 0, end.end_pos or 0))
        condition: Condition | None = None
        condition_span: Span | None = None
        attrs: list[EdgeAttr] = []
        for attr in children[3:]:
            assert isinstance(attr, Tree)
            parts: list[Token] = attr.children  # type: ignore[assignment]
            keyword = parts[0]
            if attr.data in ("when_attr", "on_attr"):
                attr_span = self.between(keyword, parts[-1])
                if condition_span is not None:
                    if attr.data == "on_attr" and not any(
                        node.id == source.value for node in self.nodes
                    ):
                        # dippin drops an `on` whose source it has not read yet (see
                        # resolve_shorthands) and the earlier condition stays
                        self.pending_on.append((len(self.edges), keyword, parts[1]))
                        continue
                    # dippin's applyEdgeAttribute sets the edge's condition for each `when`
                    # or `on` it reads: the last replaces the earlier, without a diagnostic
                    self.report(
                        "DC006",
                        attr_span,
                        f"this edge already has a condition; dippin keeps the last one "
                        f"(`{attr_span.text}`), and tracker tests only it",
                        Severity.WARNING,
                        related=(Related(condition_span, "the condition dippin replaces"),),
                    )
                    condition = None
                    if self.pending_on and self.pending_on[-1][0] == len(self.edges):
                        self.pending_on.pop()  # (the earlier `on` of this edge)
                condition_span = attr_span
                if attr.data == "when_attr":
                    if len(parts) < 2:
                        # dippin's readConditionRaw returns "" and its validator skips an
                        # empty condition; tracker then has no condition to test
                        self.report(
                            "DC001",
                            self.span(keyword),
                            "`when` without a condition: dippin reads an empty condition, and "
                            "tracker takes the edge unconditionally",
                            Severity.WARNING,
                        )
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
        if len(attrs) > 1:
            # dippin's applyEdgeValueAttribute assigns each attribute as it reads it: the
            # last value stays, without a diagnostic
            final = {item.key: item for item in attrs}
            if len(final) < len(attrs):
                self.repeats(
                    attrs,
                    lambda key: (
                        f"`{key}` is given twice on this edge; dippin keeps the last "
                        f"value ({_attr_value(final[key])})"
                    ),
                    Severity.WARNING,
                )
                attrs = list(final.values())
        self.edges.append(
            Edge(self.identifier(source), self.identifier(target), span, condition, tuple(attrs))
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
        if key == "loop":
            # dippin's applyLoopAttribute refuses a value: the flag is the bare word
            self.report(
                "DC001",
                span,
                f"`loop` takes no value: dippin refuses `loop: {first}`; write `loop` alone",
            )
            return EdgeAttr(key, key_span, None, key_span)
        if key == "weight":
            problem = schema.check_value(schema.ValueType.INTEGER, value.value)
            if problem:
                self.report("DC005", value.span, f"{problem} for `weight`")
        elif key in ("restart", "override") and value.value not in ("true", "false"):
            # dippin sets the flag when the value is exactly `true` (applyEdgeValueAttribute)
            # and reads every other value as false, without a word
            self.report(
                "DC005",
                value.span,
                f"dippin reads `{key}: {first}` as `{key}: false`: only `true` sets the flag",
                severity=Severity.WARNING,
            )
        return EdgeAttr(key, key_span, value, span)

    def condition(self, token: Token) -> Condition:
        # what common.make_condition makes, without its keyword call and imports
        start = token.start_pos or 0
        source = self.source
        value = token.value
        parsed = conditions.parse(value)
        return Condition(
            value,
            Text(value, source, ((0, start),)),  # (Text.at, inline)
            new_span(Span, (source, start, token.end_pos or 0)),
            parsed.expr,
            parsed.error,
            parsed.error_start,
            parsed.error_end,
        )

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
            if node.span.start > span.start:
                # dippin's applyOnAttribute looks the source up among the nodes read so far
                # and, finding none, drops the shorthand without a word
                self.report(
                    "DC001",
                    span,
                    f"dippin drops `on {word}`: {node.kind.value} `{node.id}` is declared after "
                    "this edge, and dippin resolves `on` while it reads the edge, so the edge "
                    f"is unconditional — declare `{node.id}` above the edges block",
                    Severity.WARNING,
                )
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
