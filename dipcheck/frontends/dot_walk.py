"""Walking a DOT parse tree: graphs, subgraphs and statements, as tracker's DOT loader does.

:class:`GraphWalk` collects graph attributes, nodes and edges with their attribute lists:
``node [...]``/``edge [...]`` defaults apply to the nodes and edges created after them in the
same (sub)graph, a node named again merges its attributes, an edge statement creates the
nodes it names and ``A -> B -> C`` is one edge per hop. Where the dialects differ (subgraph
attributes and labels, edges to subgraphs, quoted attribute names, node ids) it follows the
file's dialect. ``frontends/dot.py`` turns what it collects into the workflow.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from functools import lru_cache

from dipcheck.diagnostics import CodeLimit, Diagnostic, Edit, Fix, Related, Severity
from dipcheck.frontends import dot_schema as schema
from dipcheck.frontends.dot_checks import Attr, Checks, NodeBuild, last_values
from dipcheck.frontends.dot_lexer import LexResult, gographviz_ids
from dipcheck.lalr import Token, Tree
from dipcheck.model import Dialect, Name, Text
from dipcheck.records import field, record, replace
from dipcheck.source import PLACEHOLDER_TOKENS, SourceText, Span, new_span

_ATTRACTOR_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# gographviz's unquoted name: letters (any non-ASCII character but U+FFFD counts), digits
# and `_`, each set written as what it leaves out (`[A-Za-z_\u0080-\U0010ffff]` took 10 ms
# to compile)
_GOGRAPHVIZ_ID = re.compile(
    r"[^\x00-\x40\x5b-\x5e\x60\x7b-\x7f\ufffd]"
    r"[^\x00-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f\ufffd]*"
)


@record
class Scope:
    """What a graph or subgraph gives the statements in it: its `node`/`edge` defaults so far,
    the nodes it created, its label."""

    node_defaults: dict[str, Attr] = field(default_factory=dict)
    edge_defaults: dict[str, Attr] = field(default_factory=dict)
    created: set[str] = field(default_factory=set)
    label: Attr | None = None


# an attribute's key token and its value token (None for a bare `key`)
AttrPair = tuple[Token, Token | None]


@record
class EdgeBuild:
    source: Name
    target: Name
    span: Span
    attrs: list[Attr]


def _tokens(tree: Tree) -> list[Token]:
    return [child for child in tree.children if isinstance(child, Token)]


def _trees(tree: Tree) -> list[Tree]:
    return [child for child in tree.children if isinstance(child, Tree)]


def _first_token(item: Tree | Token) -> Token:
    while not isinstance(item, Token):
        if not item.children:
            raise ValueError("empty tree")
        item = item.children[0]
    return item


def _last_token(item: Tree | Token) -> Token:
    while not isinstance(item, Token):
        if not item.children:
            raise ValueError("empty tree")
        item = item.children[-1]
    return item


# The attributes ``node [...]``/``edge [...]`` defaults may give the nodes and edges after them,
# in all: each one takes a copy of every default in scope, so 6,000 defaults before 6,000 nodes
# made 18 million attributes (two and a half minutes). A real file sets a few defaults. A copy
# counts one, and each `${…}` placeholder in its value as many tokens as it is made of: one
# default holding `${ctx.x}` 30,000 times, given to 1,000 nodes, was 30 million references to
# check (a 270 KB file ran past two minutes and 750 MB).
MAX_INHERITED = 200_000


@lru_cache(maxsize=256)
def _weight(value: str) -> int:
    """What one inherited copy of an attribute whose value is ``value`` counts against
    :data:`MAX_INHERITED` (once per default: the same string is given to every node)."""
    return 1 + PLACEHOLDER_TOKENS * value.count("${")


class InheritedOverLimit(Exception):
    """The defaults give more than :data:`MAX_INHERITED` attributes; ``span`` is the node or
    edge statement that passed the limit."""

    def __init__(self, span: Span) -> None:
        super().__init__(span)
        self.span = span


class GraphWalk(Checks):
    """The graph attributes, nodes and edges a DOT parse tree declares."""

    def __init__(self, source: SourceText, lexed: LexResult, dialect: Dialect) -> None:
        self.source = source
        self.lexed = lexed
        self.dialect = dialect
        self.typed = dialect is Dialect.TYPED_OUTPUTS
        self.family = dialect.attractor_family
        self.diagnostics: list[Diagnostic] = []
        self.limit = CodeLimit()
        self.inherited = 0  # attributes the defaults gave so far (see MAX_INHERITED)
        self.graph_attrs: list[Attr] = []
        self.nodes: dict[str, NodeBuild] = {}
        self.edges: list[EdgeBuild] = []
        self.mentions: list[Name] = []
        # each node's mentions: (spelled quoted, the name, the attributes it gives), and the
        # nodes spelled both ways (see `spelling`)
        self.spellings: dict[str, list[tuple[bool, Name, list[Attr]]]] = {}
        self.mixed: dict[str, int] = {}  # node id → index of its other spelling's first
        self.reported_values: set[int] = set()
        self.graph_name: Name | None = None
        self.decl_span: Span | None = None
        self.node_table = (
            {**schema.NODE_ATTRIBUTES, **schema.TYPED_NODE_ATTRIBUTES}
            if self.typed
            else schema.NODE_ATTRIBUTES
        )
        self.graph_table = (
            {**schema.GRAPH_ATTRIBUTES, **schema.TYPED_GRAPH_ATTRIBUTES}
            if self.typed
            else schema.GRAPH_ATTRIBUTES
        )

    # -- helpers -------------------------------------------------------------------------

    def text_of(self, token: Token) -> tuple[Text, bool]:
        """The decoded value of an ID, STRING or HTML token and whether it was quoted."""
        start = token.start_pos or 0
        if token.type == "STRING":
            return self.lexed.strings[start].text, True
        return Text.at(token.value, self.source, start), False

    def value_of(self, token: Token) -> str:
        """The decoded value of an ID, STRING or HTML token (:meth:`text_of` without its map)."""
        if token.type == "STRING":
            return self.lexed.strings[token.start_pos or 0].text.value
        return token.value

    def name(self, token: Token) -> Name:
        return Name(self.value_of(token), self.span(token))

    # -- attributes ----------------------------------------------------------------------

    def pairs(self, tree: Tree | None) -> list[AttrPair]:
        """The ``(key, value)`` tokens of an ``attr_list`` tree (value None for a bare key);
        a separator tracker refuses is reported (:meth:`list_separator`)."""
        if tree is None:
            return []
        result: list[AttrPair] = []
        for block in tree.children:
            if not isinstance(block, Tree):
                continue
            children = block.children
            for index, item in enumerate(children):
                if isinstance(item, Tree):
                    result.append(
                        (item.children[0], item.children[2] if len(item.children) >= 3 else None)  # type: ignore[arg-type]
                    )
                elif item.type == "COMMA" or item.type == "SEMI":
                    following = children[index + 1 : index + 2]
                    closing = [getattr(end, "type", "") for end in following] == ["RSQB"]
                    if closing or item.type == "SEMI":
                        self.list_separator(item, closing)
        return result

    def attr_list(self, pairs: list[AttrPair], element: bool = True) -> list[Attr]:
        """The ``key=value`` entries of an attribute list (its ``(key, value)`` tokens, value
        None for a bare ``key``), repeated keys reported (DC006). ``element``: the list
        belongs to a node or an edge (or sets their defaults)."""
        result: list[Attr] = []
        seen: dict[str, Attr] = {}
        source = self.source
        strings = self.lexed.strings
        family = self.family
        for key_token, value_token in pairs:
            if key_token.type == "STRING":
                key = strings[key_token.start_pos].text.value
                if element and not family:
                    key = self.quoted_name(key_token, key)
            else:  # (value_of and Text.at written out: a call each per attribute)
                key = key_token.value
            if value_token is not None:
                start = value_token.start_pos
                token_type = value_token.type
                end = value_token.end_pos
                if token_type == "STRING":
                    value, quoted = strings[start].text, True
                else:
                    written = value_token.value
                    if not family and (written[0] < "A" or "." in written):
                        # gographviz reads the value's first id only (unquoted_ids says so)
                        ids = gographviz_ids(written)
                        if len(ids) > 1 and ids[-1][1] == len(written):
                            written = written[: ids[0][1]]
                            end = start + ids[0][1]
                    value, quoted = Text(written, source, ((0, start),)), False
                value_span = new_span(Span, (source, start, end))
            else:  # a bare `key`: gographviz's NewAttr (ast.go) gives it the value "true"
                start, end = key_token.start_pos, key_token.end_pos
                last = end - 1  # each character of "true" maps into the key, as its span is it
                value = Text("true", source, tuple((at, min(start + at, last)) for at in range(4)))
                quoted = False
                value_span = new_span(Span, (source, start, end))
                token_type = "ID"
            entry = Attr(
                key,
                new_span(Span, (source, key_token.start_pos, key_token.end_pos)),
                value,
                value_span,
                quoted,
                token_type,
            )
            first = seen.get(key)
            if first is not None:
                # gographviz's GetMap (ast.go) keeps the last value and the file loads
                self.report(
                    "DC006",
                    entry.key_span,
                    f"`{key}` is set twice in this attribute list: the last value wins and the "
                    "first is ignored — remove one",
                    severity=Severity.WARNING,
                    related=(Related(first.key_span, "first set here, ignored"),),
                )
            seen[key] = entry
            result.append(entry)
        return result

    def quoted_name(self, token: Token, key: str) -> str:
        """tracker's DOT loader matches node and edge attribute names as written, quotes and
        all (``pipeline/parser.go`` cleans the value, not the name), so ``"prompt"=…`` is an
        attribute named with its quotes that nothing reads; the model keeps that name."""
        plain = _GOGRAPHVIZ_ID.fullmatch(key) is not None
        self.report(
            "DC011",
            self.span(token),
            f"tracker never reads the quoted attribute name `{token}`: its DOT loader keeps "
            f"the quotes as part of the name, so the attribute is ignored — write `{key}` "
            "without quotes",
            severity=Severity.WARNING,
            fix=Fix(f"write `{key}` without quotes", (Edit(self.span(token), key),))
            if plain
            else None,
        )
        return f'"{key}"'

    # -- walking the tree ----------------------------------------------------------------

    def lower_graphs(self, tree: Tree | None) -> bool:
        graphs = _trees(tree) if tree is not None else []
        if not graphs:
            return False
        for index, graph in enumerate(graphs):
            tokens = _tokens(graph)
            keyword = next(token for token in tokens if token.type in ("GRAPH", "DIGRAPH"))
            name_token = next(
                (token for token in tokens if token.type in ("ID", "STRING", "HTML")), None
            )
            if index > 0:
                assert self.decl_span is not None
                self.report(
                    "DC001",
                    self.declaration(tokens[0], name_token or keyword),
                    "a second graph in one file: a workflow file holds one digraph (tracker's "
                    "DOT parser reads only one; move this graph into a file of its own)",
                    related=(Related(self.decl_span, "the first graph"),),
                )
                continue
            self.open_graph(tokens, name_token or keyword, name_token)
            self.statements(_trees(graph), Scope(), top=True)
        return True

    def declaration(self, first: Token, last: Token) -> Span:
        return Span(self.source, first.start_pos or 0, last.end_pos or 0)

    def open_graph(self, tokens: list[Token], last: Token, name_token: Token | None) -> Scope:
        """Take in the first graph's declaration: ``tokens`` from its first (``strict`` or the
        keyword) to ``last`` (its name, else the keyword); returns the graph's scope."""
        self.decl_span = self.declaration(tokens[0], last)
        self.graph_name = self.name(name_token) if name_token is not None else None
        if self.family:
            self.attractor_header(tokens)
        return Scope()

    def statements(self, items: list[Tree], scope: Scope, top: bool) -> None:
        for item in items:
            kind = item.data
            if kind == "stmt":  # a statement followed by `;`
                inner = _trees(item)
                if not inner:
                    continue
                item = inner[0]
                kind = item.data
            if kind == "assignment":
                key_token, _, value_token = _tokens(item)[:3]
                self.assignment(key_token, value_token, scope, top)
            elif kind == "attr_stmt":
                keyword = _tokens(item)[0]
                self.attr_stmt(keyword, self.pairs(next(iter(_trees(item)), None)), scope, top)
            elif kind == "node_stmt":
                parts = _trees(item)
                token = _tokens(parts[0])[0]
                pairs = self.pairs(parts[1] if len(parts) > 1 else None)
                self.node_stmt(token, pairs, _last_token(item).end_pos or 0, scope)
            elif kind == "edge_stmt":
                children = _trees(item)
                attr_tree = children[-1] if children[-1].data == "attr_list" else None
                self.edge_stmt(
                    [child for child in children if child.data in ("node_id", "subgraph")],
                    [_tokens(op)[0] for op in children if op.data == "edge_op"],
                    self.pairs(attr_tree),
                    lambda item=item: self.statement_span(item),  # type: ignore[misc]
                    scope,
                )
            elif kind == "subgraph":
                self.subgraph(item, scope)

    def assignment(self, key_token: Token, value_token: Token, scope: Scope, top: bool) -> None:
        """A ``key=value`` statement: a graph (or subgraph) attribute."""
        value, quoted = self.text_of(value_token)
        entry = Attr(
            self.value_of(key_token),
            self.span(key_token),
            value,
            self.span(value_token),
            quoted,
            value_token.type,
        )
        self.graph_attribute(entry, scope, top)

    def graph_attribute(self, entry: Attr, scope: Scope, top: bool) -> None:
        if top or not self.family:
            self.graph_attrs.append(entry)
        if not top and entry.key == "label":
            scope.label = entry

    def attr_stmt(self, keyword: Token, pairs: list[AttrPair], scope: Scope, top: bool) -> None:
        """``graph [...]``, ``node [...]`` or ``edge [...]``."""
        attrs = self.attr_list(pairs, keyword.type != "GRAPH")
        if keyword.type == "GRAPH":
            for entry in attrs:
                self.graph_attribute(entry, scope, top)
        elif keyword.type == "NODE":
            self.check_attrs(attrs, self.node_table, "node defaults")
            for entry in attrs:
                scope.node_defaults[entry.key] = entry
        else:
            self.check_attrs(attrs, schema.EDGE_ATTRIBUTES, "edge defaults", edge=True)
            for entry in attrs:
                scope.edge_defaults[entry.key] = entry

    def subgraph(self, tree: Tree, scope: Scope) -> list[Name]:
        """Lower a subgraph; return the nodes it names (an edge to it means an edge to each)."""
        inner = self.open_subgraph(scope)
        self.statements(_trees(tree), inner, top=False)
        self.close_subgraph(inner)
        return [Name(node_id, self.nodes[node_id].id_span) for node_id in sorted(inner.created)]

    def open_subgraph(self, scope: Scope) -> Scope:
        """The scope of a subgraph inside ``scope``: the defaults so far, no nodes yet."""
        return Scope(dict(scope.node_defaults), dict(scope.edge_defaults), set(), None)

    def close_subgraph(self, inner: Scope) -> None:
        """A subgraph's label is a class of the nodes it created (Attractor family)."""
        if self.family and inner.label is not None:
            for node_id in inner.created:
                self.nodes[node_id].classes.append(inner.label)

    def amend(
        self, attrs: list[Attr], defaults: dict[str, Attr], where: Callable[[], Span]
    ) -> list[Attr]:
        """``attrs`` with the defaults for the keys they do not set (gographviz's ``ammend``)
        for the node or edge statement at ``where()`` (asked only past the limit); raises
        :class:`InheritedOverLimit` past :data:`MAX_INHERITED` in the file."""
        if not defaults:
            return attrs
        given = {entry.key for entry in attrs}
        inherited = [
            replace(entry, inherited=True) for key, entry in defaults.items() if key not in given
        ]
        self.inherited += sum(_weight(entry.value.value) for entry in inherited)
        if self.inherited > MAX_INHERITED:
            raise InheritedOverLimit(where())
        return attrs + inherited

    def statement_span(self, tree: Tree) -> Span:
        return Span(self.source, _first_token(tree).start_pos or 0, _last_token(tree).end_pos or 0)

    def add_node(self, name: Name, attrs: list[Attr], scope: Scope, declared: bool) -> Name:
        node_id = name.value
        if self.family and not _ATTRACTOR_ID.fullmatch(node_id) and node_id not in self.nodes:
            self.refused(
                name.span,
                f"the node id `{node_id}` (ids are letters, digits and `_`)",
                "rename the node",
                None,
            )
        if node_id not in scope.created:
            scope.created.add(node_id)
            attrs = self.amend(attrs, scope.node_defaults, lambda: name.span)
        build = self.nodes.get(node_id)
        if build is None:
            build = NodeBuild(node_id, name.span, name.span)
            self.nodes[node_id] = build
        elif declared or attrs:
            self.mentions.append(name)
        if not self.family:
            self.spelling(name, attrs, scope)
        build.attrs.extend(attrs)
        if declared and not build.declared:
            build.declared = True
            build.id_span = name.span
        return name

    def spelling(self, name: Name, attrs: list[Attr], scope: Scope) -> None:
        """Note the attributes one mention of a node gives it under its spelling, quoted or
        not: gographviz and tracker's collector key nodes by the id as written, quotes
        included, and gographviz gives each spelling the defaults when it first meets it
        (``analyse.go`` ``createdNodes``; ``pipeline/parser.go`` ``nodeIndex``)."""
        node_id = name.value
        quoted = self.source.text[name.span.start] == '"'
        mentions = self.spellings.get(node_id)
        if mentions is None:
            self.spellings[node_id] = [(quoted, name, attrs)]
            return
        if quoted != mentions[0][0] and node_id not in self.mixed:
            # the other spelling, first met: gographviz creates a node for it, with the
            # defaults in scope
            given = {entry.key for entry in attrs}
            attrs = attrs + [
                replace(entry, inherited=True)
                for key, entry in scope.node_defaults.items()
                if key not in given
            ]
            self.mixed[node_id] = len(mentions)
        mentions.append((quoted, name, attrs))

    def spelled_apart(self) -> None:
        """A node written quoted in one place and not in another (``"start"``, ``start``):
        tracker builds a node for each spelling and keeps the one it met last
        (``pipeline/parser.go``: the collector keys nodes by the raw id, then
        ``Graph.AddNode`` stores each under the id without quotes, the later replacing the
        earlier), so what only the other spelling gives is lost. Reported at the first
        mention of the second spelling; an error when the node tracker keeps has another
        shape, a warning when it lacks other attributes."""
        for node_id, second in self.mixed.items():
            if gographviz_ids(node_id) != [(0, len(node_id))]:
                continue  # unquoted, it is not this node at all (unquoted_ids says so)
            mentions = self.spellings[node_id]
            first_quoted, first, _ = mentions[0]
            _, other, _ = mentions[second]
            # the spelling met last first wins: the collector adds nodes in that order
            kept = not first_quoted
            tracker = last_values([e for q, _, attrs in mentions if q == kept for e in attrs])
            written = last_values(self.nodes[node_id].attrs)
            lost = [
                key
                for key, entry in written.items()
                if key not in tracker or tracker[key].value.value != entry.value.value
            ]
            if not lost:
                continue
            shape = "shape" in lost
            winner = other if kept != first_quoted else first
            kept_shape = tracker["shape"].value.value if "shape" in tracker else ""
            what = (
                "lacks"
                if not shape
                else f"has shape `{kept_shape}`, not `{written['shape'].value.value}`"
                if kept_shape
                else 'has no shape (tracker refuses it: `unrecognized shape ""`)'
            )
            rest = ", ".join(f"`{key}`" for key in lost if key != "shape")
            if shape and rest:
                what += f", and lacks {rest}"
            elif not shape:
                what += f" {rest}"
            self.report(
                "DC011",
                other.span,
                f"tracker keys nodes by the id as written, quotes included: `{other.span.text}` "
                f"here and `{first.span.text}` (line {first.span.start_position()[0] + 1}) are two "
                f"nodes to it, and the one written `{winner.span.text}` replaces the other, so "
                f"tracker's node `{node_id}` {what} — write the id the same way everywhere",
                severity=None if shape else Severity.WARNING,
                related=(Related(first.span, f"`{first.span.text}` first written here"),),
            )

    def node_stmt(self, token: Token, pairs: list[AttrPair], end: int, scope: Scope) -> None:
        """A node statement: the node's name ``token``, its attributes, and where the
        statement ends."""
        attrs = self.attr_list(pairs)
        name = self.name(token)
        self.check_attrs(attrs, self.node_table, f"node `{name.value}`")
        first_time = name.value not in self.nodes
        self.add_node(name, attrs, scope, declared=True)
        build = self.nodes[name.value]
        if first_time or build.span == build.id_span:
            build.span = new_span(Span, (self.source, token.start_pos or 0, end))

    def edge_stmt(
        self,
        endpoints: list[Tree] | list[Token],
        ops: list[Token],
        pairs: list[AttrPair],
        where: Callable[[], Span],
        scope: Scope,
    ) -> None:
        """An edge statement: its ends (a name token, or a ``node_id`` or ``subgraph`` tree),
        the ``->``/``--`` between them, its attributes and where the statement is (asked only
        past the defaults' limit)."""
        if self.family:
            for op in ops:
                if op.type == "UNDIRECTED":
                    self.refused(self.span(op), "undirected edges", "write `->`", "->")
        attrs = self.attr_list(pairs)
        self.check_attrs(attrs, schema.EDGE_ATTRIBUTES, "edge", edge=True)
        attrs = self.amend(attrs, scope.edge_defaults, where)
        resolved: list[tuple[list[Name], Span]] = []
        plain: list[int] = []  # the ends that name one node (not a subgraph)
        for endpoint in endpoints:
            if isinstance(endpoint, Token):
                name = self.name(endpoint)
                plain.append(len(resolved))
                resolved.append(([self.add_node(name, [], scope, False)], name.span))
                continue
            span = Span(
                self.source,
                _first_token(endpoint).start_pos or 0,
                _last_token(endpoint).end_pos or 0,
            )
            if endpoint.data == "node_id":
                name = self.name(endpoint.children[0])
                plain.append(len(resolved))
                resolved.append(([self.add_node(name, [], scope, False)], span))
                continue
            names = self.subgraph(endpoint, scope)
            if not self.family:
                self.report(
                    "DC011",
                    span,
                    "tracker's DOT loader does not expand a subgraph used as an edge end: it "
                    "makes one edge to a node named after the subgraph, not one per node — "
                    "write one edge per node",
                )
                names = []
            resolved.append((names, span))
        for index in plain:
            # a node whose neighbours are subgraphs that make no edge (not expanded, or
            # empty) is in no edge: still a place that names it, for rename and references
            before = resolved[index - 1][0] if index > 0 else []
            after = resolved[index + 1][0] if index + 1 < len(resolved) else []
            if not before and not after:
                self.mentions.extend(resolved[index][0])
        for (sources, source_span), (targets, target_span) in itertools.pairwise(resolved):
            for source in sources:
                for target in targets:
                    self.edges.append(
                        EdgeBuild(source, target, source_span.cover(target_span), attrs)
                    )
