"""The DOT front-end: text → tokens → parse tree → :class:`Workflow`.

Lowering follows what tracker's DOT loader does (``pipeline/parser.go`` over gographviz's
``Analyse``, docs/runtime/loading.md#how-tracker-loads-a-dip-file,
docs/runtime/loading.md#what-tracker-refuses-before-a-run): ``node [...]`` and ``edge [...]``
defaults apply
to nodes and edges created after them in the same (sub)graph, and only to keys the statement
did not set; a node named again merges its attributes (the later value wins); an edge
statement creates the nodes it names; ``A -> B -> C [attrs]`` is one edge per hop with the
same attributes; the shape (or ``type``) selects the handler. Under the tracker dialect every
``k=v`` and ``graph [...]`` is a graph attribute, even inside a subgraph (tracker's collector
ignores the subgraph), and a node without a shape has no handler. Under the Attractor family
(``attractor``, ``typed-outputs``; other-formats.md §1.1) ``box`` is the default shape, a
node named ``start``/``exit`` is the start/exit without its shape, subgraph attributes stay
in the subgraph, a subgraph ``label`` becomes a class of its nodes, and an edge to a subgraph
is an edge to each of its nodes.

Attributes become fields under their ``.dip`` names (``tool_command`` → ``command``, see
``dot_schema``) with exact spans, including every ``${…}``/``{{ … }}`` inside a quoted,
escaped value. Besides syntax errors (DC001) the loader reports unknown attributes (DC004),
values the runtime rejects or misreads (DC005: shapes, handler types, numbers, booleans,
durations, the stylesheet, output kinds), keys given twice in one attribute list (DC006) and
DOT that the runtime's parser does not read as Graphviz does (DC011).

Whether a ``.dot`` file found in a directory is a workflow at all is decided by what it says
(``Mdiamond`` or ``Msquare`` shapes, ``prompt``/``tool_command``/``llm_model``/… attributes):
an ordinary Graphviz file yields no workflow and no findings, unless configuration names its
dialect or the user named the file (``require``).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace

from lark import Token, Tree

from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.frontends import dot_schema as schema
from dipcheck.frontends.common import FileReader, FrontendResult, make_condition, read_from_disk
from dipcheck.frontends.dot_checks import Attr, Checks, NodeBuild, last_values
from dipcheck.frontends.dot_lexer import LexResult, lex
from dipcheck.frontends.dot_parser import parse_tokens
from dipcheck.model import (
    Condition,
    Dialect,
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
from dipcheck.references import (
    condition_references,
    list_items,
    read_reference,
    scan_templates,
    scan_text,
)
from dipcheck.source import SourceText, Span, line_span
from dipcheck.suggest import closest

# Words that make a .dot file found in a directory a workflow rather than an ordinary
# Graphviz drawing (a file named on the command line is always read as a workflow): the
# start/exit shapes, stage attributes, and graph and node attributes of the runtime (`goal`,
# the model and retry settings) that Graphviz does not know — a pipeline whose start and exit
# were drawn with other shapes is still linted.
WORKFLOW_MARKERS = frozenset(
    {
        "Mdiamond",
        "Msquare",
        "prompt",
        "tool_command",
        "outputs",
        "facts",
        "goal_gate",
        "goal",
        "llm_model",
        "llm_provider",
        "llm_prompt",
        "is_codergen",
        "reasoning_effort",
        "default_max_retry",
        "retry_target",
        "fallback_retry_target",
    }
)
_TYPED_MARKERS = ("{{ inputs.", "{{ context.", "{{inputs.", "{{context.")
_ATTRACTOR_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# gographviz's unquoted name: letters (any non-ASCII character counts), digits and `_`
_GOGRAPHVIZ_ID = re.compile(r"[A-Za-z_\u0080-\U0010ffff][A-Za-z0-9_\u0080-\U0010ffff]*")
_START_IDS = ("start", "Start")
_EXIT_IDS = ("exit", "end", "Exit", "End")


@dataclass
class _Scope:
    node_defaults: dict[str, Attr] = field(default_factory=dict)
    edge_defaults: dict[str, Attr] = field(default_factory=dict)
    created: set[str] = field(default_factory=set)
    label: Attr | None = None


@dataclass
class _EdgeBuild:
    source: Name
    target: Name
    span: Span
    attrs: list[Attr]


def _tokens(tree: Tree) -> list[Token]:
    return [child for child in tree.children if isinstance(child, Token)]


def _trees(tree: Tree) -> list[Tree]:
    return [child for child in tree.children if isinstance(child, Tree)]


# Handler names `tracker validate` registers that no handler answers to at run time
# (cmd/tracker/validate.go buildValidationRegistry; the run registry in
# pipeline/handlers/registry.go), with the name to use instead.
_VALIDATE_ONLY_TYPES = {
    "spawn": "",
    "manager_loop": "; a manager loop's handler is `stack.manager_loop` (or `shape=house`)",
}


def _first_token(item: Tree | Token) -> Token:
    if isinstance(item, Token):
        return item
    for child in item.children:
        if isinstance(child, Token | Tree):
            return _first_token(child)
    raise ValueError("empty tree")


def _last_token(item: Tree | Token) -> Token:
    if isinstance(item, Token):
        return item
    for child in reversed(item.children):
        if isinstance(child, Token | Tree):
            return _last_token(child)
    raise ValueError("empty tree")


def is_workflow_text(lexed: LexResult) -> bool:
    """Does the text use any attribute or shape only a workflow uses?"""
    for token in lexed.tokens:
        if token.type == "ID" and str(token) in WORKFLOW_MARKERS:
            return True
        if token.type == "STRING" and str(token)[1:-1] in ("Mdiamond", "Msquare"):
            return True
    return False


def detect_dialect(lexed: LexResult) -> Dialect:
    """typed-outputs when the file uses that engine's templates or declarations (`facts`,
    `outputs="name:kind"`)."""
    tokens = lexed.tokens
    for index, token in enumerate(tokens):
        if token.type != "ID" or str(token) not in ("facts", "outputs"):
            continue
        if str(token) == "facts":
            return Dialect.TYPED_OUTPUTS
        value = tokens[index + 2] if index + 2 < len(tokens) else None
        if value is not None and tokens[index + 1].type == "EQUAL" and ":" in str(value):
            return Dialect.TYPED_OUTPUTS
    for quoted in lexed.strings.values():
        value = quoted.text.value
        if "{{" in value and any(marker in value for marker in _TYPED_MARKERS):
            return Dialect.TYPED_OUTPUTS
    return Dialect.TRACKER


class _Lowering(Checks):
    def __init__(self, source: SourceText, lexed: LexResult, dialect: Dialect) -> None:
        self.source = source
        self.lexed = lexed
        self.dialect = dialect
        self.typed = dialect is Dialect.TYPED_OUTPUTS
        self.family = dialect.attractor_family
        self.diagnostics: list[Diagnostic] = []
        self.graph_attrs: list[Attr] = []
        self.nodes: dict[str, NodeBuild] = {}
        self.edges: list[_EdgeBuild] = []
        self.mentions: list[Name] = []
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
        return Text.at(str(token), self.source, start), False

    def name(self, token: Token) -> Name:
        return Name(self.text_of(token)[0].value, self.span(token))

    # -- attributes ----------------------------------------------------------------------

    def attr_list(self, tree: Tree | None, element: bool = True) -> list[Attr]:
        """The ``key=value`` entries of an attribute list, repeated keys reported (DC006).
        ``element``: the list belongs to a node or an edge (or sets their defaults)."""
        if tree is None:
            return []
        result: list[Attr] = []
        seen: dict[str, Attr] = {}
        for block in _trees(tree):
            for item in _trees(block):
                parts = _tokens(item)
                key_token = parts[0]
                key = self.text_of(key_token)[0].value
                if element and not self.family and key_token.type == "STRING":
                    key = self.quoted_name(key_token, key)
                if len(parts) >= 3:
                    value, quoted = self.text_of(parts[2])
                    value_token = parts[2]
                    value_span = self.span(value_token)
                    token_type = value_token.type
                else:  # a bare `key`: no value (nothing in the file to point into)
                    end = key_token.end_pos or 0
                    value, quoted = Text.at("", self.source, end), False
                    value_span = Span(self.source, end, end)
                    token_type = "ID"
                entry = Attr(key, self.span(key_token), value, value_span, quoted, token_type)
                first = seen.get(key)
                if first is not None:
                    self.report(
                        "DC006",
                        entry.key_span,
                        f"`{key}` is set twice in this attribute list; only the last value "
                        "takes effect",
                        related=(Related(first.key_span, "first set here"),),
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
            first = tokens[0]
            last = name_token or keyword
            decl = Span(self.source, first.start_pos or 0, last.end_pos or 0)
            if index > 0:
                assert self.decl_span is not None
                self.report(
                    "DC001",
                    decl,
                    "a second graph in one file: a workflow file holds one digraph (tracker's "
                    "DOT parser reads only one; move this graph into a file of its own)",
                    related=(Related(self.decl_span, "the first graph"),),
                )
                continue
            self.decl_span = decl
            self.graph_name = self.name_of(name_token)
            if self.family:
                self.attractor_header(tokens)
            self.statements(_trees(graph), _Scope(), top=True)
        return True

    def name_of(self, token: Token | None) -> Name | None:
        return self.name(token) if token is not None else None

    def statements(self, items: list[Tree], scope: _Scope, top: bool) -> None:
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
                value, quoted = self.text_of(value_token)
                entry = Attr(
                    self.text_of(key_token)[0].value,
                    self.span(key_token),
                    value,
                    self.span(value_token),
                    quoted,
                    value_token.type,
                )
                self.graph_attribute(entry, scope, top)
            elif kind == "attr_stmt":
                self.attr_stmt(item, scope, top)
            elif kind == "node_stmt":
                self.node_stmt(item, scope)
            elif kind == "edge_stmt":
                self.edge_stmt(item, scope)
            elif kind == "subgraph":
                self.subgraph(item, scope)

    def graph_attribute(self, entry: Attr, scope: _Scope, top: bool) -> None:
        if top or not self.family:
            self.graph_attrs.append(entry)
        if not top and entry.key == "label":
            scope.label = entry

    def attr_stmt(self, tree: Tree, scope: _Scope, top: bool) -> None:
        keyword = _tokens(tree)[0]
        attrs = self.attr_list(next(iter(_trees(tree)), None), keyword.type != "GRAPH")
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

    def subgraph(self, tree: Tree, scope: _Scope) -> list[Name]:
        """Lower a subgraph; return the nodes it names (an edge to it means an edge to each)."""
        inner = _Scope(dict(scope.node_defaults), dict(scope.edge_defaults), set(), None)
        self.statements(_trees(tree), inner, top=False)
        if self.family and inner.label is not None:
            for node_id in inner.created:
                self.nodes[node_id].classes.append(inner.label)
        return [Name(node_id, self.nodes[node_id].id_span) for node_id in sorted(inner.created)]

    def add_node(self, token: Token, attrs: list[Attr], scope: _Scope, declared: bool) -> Name:
        name = self.name(token)
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
            attrs = _amend(attrs, scope.node_defaults)
        build = self.nodes.get(node_id)
        if build is None:
            build = NodeBuild(node_id, name.span, name.span)
            self.nodes[node_id] = build
        elif declared or attrs:
            self.mentions.append(name)
        build.attrs.extend(attrs)
        if declared and not build.declared:
            build.declared = True
            build.id_span = name.span
        return name

    def node_stmt(self, tree: Tree, scope: _Scope) -> None:
        parts = _trees(tree)
        node_id = parts[0]
        token = _tokens(node_id)[0]
        attr_tree = parts[1] if len(parts) > 1 else None
        attrs = self.attr_list(attr_tree)
        self.check_attrs(attrs, self.node_table, f"node `{self.name(token).value}`")
        first_time = self.name(token).value not in self.nodes
        name = self.add_node(token, attrs, scope, declared=True)
        build = self.nodes[name.value]
        if first_time or build.span == build.id_span:
            end = _last_token(tree)
            build.span = Span(self.source, token.start_pos or 0, end.end_pos or 0)

    def edge_stmt(self, tree: Tree, scope: _Scope) -> None:
        children = _trees(tree)
        attr_tree = children[-1] if children and children[-1].data == "attr_list" else None
        endpoints = [item for item in children if item.data in ("node_id", "subgraph")]
        if self.family:
            for op in _trees(tree):
                if op.data == "edge_op" and _tokens(op)[0].type == "UNDIRECTED":
                    self.refused(self.span(_tokens(op)[0]), "undirected edges", "write `->`", "->")
        attrs = self.attr_list(attr_tree)
        self.check_attrs(attrs, schema.EDGE_ATTRIBUTES, "edge", edge=True)
        attrs = _amend(attrs, scope.edge_defaults)
        resolved: list[tuple[list[Name], Span]] = []
        for endpoint in endpoints:
            span = Span(
                self.source,
                _first_token(endpoint).start_pos or 0,
                _last_token(endpoint).end_pos or 0,
            )
            if endpoint.data == "node_id":
                resolved.append(([self.add_node(_tokens(endpoint)[0], [], scope, False)], span))
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
        for (sources, source_span), (targets, target_span) in itertools.pairwise(resolved):
            for source in sources:
                for target in targets:
                    self.edges.append(
                        _EdgeBuild(source, target, source_span.cover(target_span), attrs)
                    )

    # -- checks while lowering -----------------------------------------------------------

    def handler_of(self, build: NodeBuild) -> tuple[str, NodeKind, Span]:
        """(handler name, kind, span of the text that chose it), reporting what the runtime
        would refuse (DC005) or never see (DIP003 is left to the rules)."""
        attrs = last_values(build.attrs)
        shape = attrs.get("shape")
        explicit = attrs.get("type")
        types = schema.TYPED_OUTPUT_TYPES if self.typed else schema.TRACKER_TYPES
        if explicit is not None and explicit.value.value.strip():
            name = explicit.value.value.strip()
            kind = types.get(name)
            if kind is None:
                suggestion = closest(name, sorted(types))
                hint = f" (did you mean `{suggestion}`?)" if suggestion else ""
                self.report(
                    "DC005",
                    explicit.value_span,
                    f"node `{build.id}` names an unknown handler type `{name}`{hint}; "
                    + (
                        "tracker refuses it (`unregistered handler`)"
                        if not self.typed
                        else "the engine has no such handler"
                    ),
                )
                return name, NodeKind.AGENT, explicit.value_span
            if not self.typed and name in _VALIDATE_ONLY_TYPES:
                self.report(
                    "DC005",
                    explicit.value_span,
                    f"node `{build.id}` names the handler type `{name}`, which only `tracker "
                    "validate`'s registry knows: no handler of that name is registered when the "
                    f'workflow runs (`no handler registered for "{name}"`), so the run fails '
                    f"there{_VALIDATE_ONLY_TYPES[name]}",
                )
            return name, kind, explicit.value_span
        if shape is None or not shape.value.value.strip():
            if self.family:
                if build.id in _START_IDS:
                    return "start", NodeKind.AGENT, build.id_span
                if build.id in _EXIT_IDS:
                    return "exit", NodeKind.AGENT, build.id_span
                return "codergen", NodeKind.AGENT, build.id_span
            if build.declared or build.attrs:
                self.report(
                    "DC005",
                    build.id_span,
                    f"node `{build.id}` has no shape: tracker refuses it (`node "
                    f'"{build.id}" has unrecognized shape ""`); the Attractor default is '
                    "`shape=box` — write it",
                )
            return "", NodeKind.AGENT, build.id_span
        value = shape.value.value.strip()
        handler = schema.SHAPE_HANDLERS.get(value)
        if handler is None:
            suggestion = closest(value, schema.SHAPE_HANDLERS)
            hint = f" (did you mean `{suggestion}`?)" if suggestion else ""
            self.report(
                "DC005",
                shape.value_span,
                f"shape `{value}` of node `{build.id}` has no handler{hint}; tracker refuses "
                "the graph (`unrecognized shape`). Workflow shapes: "
                + ", ".join(schema.SHAPE_HANDLERS),
            )
            return "", NodeKind.AGENT, shape.value_span
        if handler == "conditional":  # applyDiamondOverrides
            if attrs.get("tool_command") is not None and attrs["tool_command"].value.value:
                handler = "tool"
            elif attrs.get("prompt") is not None and attrs["prompt"].value.value:
                handler = "codergen"
        return handler, schema.HANDLER_KINDS[handler], shape.value_span

    def node_fields(self, build: NodeBuild, handler: str) -> list[Field]:
        fields: list[Field] = []
        for entry in build.attrs:
            spec = self.node_table.get(entry.key)
            name = spec.field if spec is not None else entry.key
            if name == "ref" and handler == "stack.manager_loop":
                name = "subgraph_ref"
            fields.append(entry.as_field(name))
        if self.family and handler == "codergen":
            effective = last_values(build.attrs)
            label = effective.get("label")
            if "prompt" not in effective and label is not None:
                fields.append(label.as_field("prompt"))  # Attractor: prompt falls back to label
        for label in build.classes:
            derived = label.value.value.strip().lower().replace(" ", "-")
            fields.append(
                Field(
                    key="class",
                    key_span=label.key_span,
                    value=Text.at(derived, self.source, label.value_span.start),
                    value_span=label.value_span,
                    span=label.span,
                )
            )
        return fields

    def build(self) -> Workflow | None:
        assert self.decl_span is not None
        nodes: list[Node] = []
        handlers: dict[str, str] = {}
        for build in self.nodes.values():
            handler, kind, kind_span = self.handler_of(build)
            handlers[build.id] = handler
            if not self.family and not build.declared and not build.attrs:
                continue  # only named by edges: DIP003 reports the edges
            self.check_node(build, handler)
            nodes.append(
                Node(
                    id=build.id,
                    kind=kind,
                    id_span=build.id_span,
                    kind_span=kind_span,
                    span=build.span,
                    fields=tuple(self.node_fields(build, handler)),
                    handler=handler,
                )
            )
        edges = [self.edge(item) for item in self.edges]
        nodes = self.members(nodes, edges)
        header, defaults, variables, inputs, style = self.graph(nodes)
        selectors = self.selectors(style)
        references = self.references(nodes, edges)
        return Workflow(
            source=self.source,
            format="dot",
            name=self.graph_name,
            decl_span=self.decl_span,
            header=tuple(header),
            defaults=tuple(defaults),
            vars=tuple(variables),
            inputs=tuple(inputs),
            nodes=tuple(nodes),
            edges=tuple(edges),
            stylesheet=style,
            references=references,
            sources=(self.source,),
            dialect=self.dialect,
            selectors=tuple(selectors),
            mentions=tuple(self.mentions),
        )

    def members(self, nodes: list[Node], edges: list[Edge]) -> list[Node]:
        """A parallel node's branches are its ``parallel_targets`` when it has them (the
        parallel handler reads that attribute first, ``pipeline/handlers/parallel.go``
        ``collectBranchEdges``; tracker's .dip adapter writes it), else its edge targets (the
        fan-in excluded); a fan-in's sources are the nodes with an edge into it, except the
        parallel nodes whose ``parallel_join`` it is."""
        kinds = {node.id: node.kind for node in nodes}
        # a parallel node's edge to the fan-in named by its `parallel_join` is its join edge
        # (tracker's .dip adapter adds it), not a source of the fan-in
        joins = {
            node.id: field_text
            for node in nodes
            if node.kind is NodeKind.PARALLEL
            and (field_text := node.value("parallel_join").strip())
        }
        result: list[Node] = []
        for node in nodes:
            joining = {source for source, join in joins.items() if join == node.id}
            targets = node.get("parallel_targets")
            if node.kind is NodeKind.PARALLEL and targets is not None and targets.text.strip():
                members = tuple(Name(item.value, item.span) for item in list_items(targets.value))
            elif node.kind is NodeKind.PARALLEL:
                members = tuple(
                    edge.target
                    for edge in edges
                    if edge.source.value == node.id
                    and kinds.get(edge.target.value) is not NodeKind.FAN_IN
                )
            elif node.kind is NodeKind.FAN_IN:
                members = tuple(
                    edge.source
                    for edge in edges
                    if edge.target.value == node.id and edge.source.value not in joining
                )
            else:
                result.append(node)
                continue
            unique: dict[str, Name] = {}
            for member in members:
                unique.setdefault(member.value, member)
            result.append(_with_members(node, tuple(unique.values())))
        return result

    def edge(self, item: _EdgeBuild) -> Edge:
        condition: Condition | None = None
        attrs: list[EdgeAttr] = []
        for entry in last_values(item.attrs).values():
            if entry.key == "condition":
                condition = make_condition(entry.value, entry.value_span)
                continue
            attrs.append(
                EdgeAttr(
                    entry.key, entry.key_span, Name(entry.value.value, entry.value_span), entry.span
                )
            )
        return Edge(item.source, item.target, item.span, condition, tuple(attrs))

    def graph(
        self, nodes: list[Node]
    ) -> tuple[list[Field], list[Field], list[Field], list[InputDecl], Field | None]:
        header: list[Field] = []
        defaults: list[Field] = []
        variables: list[Field] = []
        inputs: list[InputDecl] = []
        style: Field | None = None
        for entry in self.graph_attrs:
            key = entry.key
            spec = self.graph_table.get(key)
            if key.startswith("params.") and len(key) > len("params."):
                variables.append(entry.as_field(key[len("params.") :]))
                continue
            if spec is None:
                self.unknown_graph_attr(entry)
                header.append(entry.as_field(key))
                continue
            self.check_typed(entry, spec.type)
            item = entry.as_field(spec.field)
            if key == "inputs" and self.typed:
                inputs.extend(self.input_decls(entry))
                continue
            if key in schema.HEADER_GRAPH_ATTRIBUTES:
                header.append(item)
                if key == "model_stylesheet":
                    style = item
            else:
                defaults.append(item)
        header.extend(self.endpoints(nodes))
        return header, defaults, variables, inputs, style

    def input_decls(self, entry: Attr) -> list[InputDecl]:
        result: list[InputDecl] = []
        for item in list_items(entry.value):
            name, colon, kind = item.value.partition(":")
            start = item.span.start
            name_span = Span(self.source, start, start + len(name.rstrip()))
            kind_text = kind.strip()
            kind_span = (
                Span(self.source, item.span.end - len(kind_text), item.span.end)
                if colon
                else name_span
            )
            result.append(
                InputDecl(Name(name.strip(), name_span), Name(kind_text, kind_span), (), item.span)
            )
        return result

    def endpoints(self, nodes: list[Node]) -> list[Field]:
        """``start``/``exit`` header fields for the (last) Mdiamond and Msquare nodes, as
        tracker's ``Graph.AddNode`` records them (by the shape, whatever handler a ``type``
        gives the node, ``pipeline/graph.go``); the value points at the node id."""
        fields: list[Field] = []
        for key, handler, shape in (("start", "start", "Mdiamond"), ("exit", "exit", "Msquare")):
            chosen = [
                node
                for node in nodes
                if node.handler == handler or node.value("shape").strip() == shape
            ]
            if not chosen:
                continue
            node = chosen[-1]
            id_span = node.id_span
            quoted = id_span.text.startswith('"')
            offset = id_span.start + 1 if quoted else id_span.start
            fields.append(
                Field(
                    key=key,
                    key_span=node.kind_span,
                    value=Text.at(node.id, self.source, offset),
                    value_span=Span(self.source, offset, offset + len(node.id))
                    if quoted
                    else id_span,
                    span=node.kind_span,
                )
            )
        return fields

    def references(self, nodes: list[Node], edges: list[Edge]) -> tuple[Reference, ...]:
        variables = frozenset({"goal", *(entry.key for entry in self.graph_attrs)})
        result: list[Reference] = []
        for node in nodes:
            for item in node.fields:
                if item.key in ("label", "shape", "type", "class"):
                    continue
                if item.key == "reads":
                    for entry in list_items(item.value):
                        result.append(read_reference(node.id, entry.value, entry.span))
                    continue
                if item.key in ("writes", "outputs", "facts"):
                    continue
                result.extend(scan_text(item.value, node.id, item.key, variables))
                if self.typed:
                    result.extend(scan_templates(item.value, node.id, item.key))
        for edge in edges:
            if edge.condition is not None:
                result.extend(condition_references(edge.source.value, edge.condition))
        result.sort(key=lambda ref: (ref.span.path, ref.span.start))
        return tuple(result)


def _amend(attrs: list[Attr], defaults: dict[str, Attr]) -> list[Attr]:
    """``attrs`` with the defaults for the keys they do not set (gographviz's ``ammend``)."""
    given = {entry.key for entry in attrs}
    inherited = [
        replace(entry, inherited=True) for key, entry in defaults.items() if key not in given
    ]
    return attrs + inherited


def _with_members(node: Node, members: tuple[Name, ...]) -> Node:
    return Node(
        id=node.id,
        kind=node.kind,
        id_span=node.id_span,
        kind_span=node.kind_span,
        span=node.span,
        fields=node.fields,
        members=members,
        handler=node.handler,
    )


def load_dot(
    source: SourceText,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    dialect: Dialect | None = None,
    require: bool = False,
) -> FrontendResult:
    """Parse and lower one DOT source. A file that is not a workflow (no workflow shapes or
    attributes) gives no workflow and no findings unless ``require`` is set. ``dialect``
    comes from configuration; without it the file's own syntax decides."""
    del base_dir, reader  # DOT workflows name no files
    lexed = lex(source)
    if not require and not is_workflow_text(lexed):
        return FrontendResult(None, [])
    chosen = dialect or detect_dialect(lexed)
    tree, problems = parse_tokens(source, lexed.tokens)
    lowering = _Lowering(source, lexed, chosen)
    for problem in lexed.problems:
        lowering.report("DC001", problem.span, problem.message)
    # a token right after an unterminated string or comment is a consequence, not an error
    consequences = {_next_token_start(lexed, problem.span.end) for problem in lexed.problems}
    if lexed.problems:
        consequences.add(len(source.text))  # the end comes too early because text was lost
    for item in problems:
        if item.span.start not in consequences:
            lowering.report("DC001", item.span, item.message)
    if not chosen.attractor_family:
        _dotted_names(lowering, lexed)
        for quoted in lexed.strings.values():
            if quoted.concatenated:
                first, last = quoted.parts[0], quoted.parts[-1]
                lowering.report(
                    "DC011",
                    first.cover(last),
                    "`+` joins quoted strings in Graphviz, but tracker's DOT parser "
                    "(gographviz) does not support it: the file fails to load — write one "
                    "string",
                )
    if not lowering.lower_graphs(tree):
        span = Span(source, 0, 0) if not source.text.strip() else _first_line(source)
        if tree is not None or not problems:
            lowering.report("DC001", span, "no graph: a DOT workflow is `digraph Name { … }`")
        return FrontendResult(None, lowering.diagnostics)
    workflow = lowering.build()
    return FrontendResult(workflow, lowering.diagnostics)


def _dotted_names(lowering: _Lowering, lexed: LexResult) -> None:
    """gographviz reads an unquoted name as letters, digits and `_` only, so a `.` in one
    (`human.default_choice=…`, an Attractor spelling) stops tracker from loading the file
    (tracker commit d4ab4d2: "The DOT parser rejects dotted attribute names")."""
    depth = 0
    tokens = lexed.tokens
    for index, token in enumerate(tokens):
        kind = token.type
        depth += kind == "LSQB"
        depth -= kind == "RSQB" and depth > 0
        text = str(token)
        if kind != "ID" or "." not in text or not (text[0].isalpha() or text[0] == "_"):
            continue
        span = lowering.span(token)
        following = tokens[index + 1].type if index + 1 < len(tokens) else ""
        problem = (
            f"tracker's DOT parser (gographviz) does not accept `.` in an unquoted name, so "
            f"`{text}` stops the file from loading (`DOT parse error`)"
        )
        if depth and following == "EQUAL":
            read = text.rsplit(".", 1)[1]
            if read in schema.NODE_ATTRIBUTES or read in schema.EDGE_ATTRIBUTES:
                lowering.report(
                    "DC001",
                    span,
                    f"{problem}; tracker reads this value from `{read}` — rename it",
                    fix=Fix(f"rename `{text}` to `{read}`", (Edit(span, read),)),
                )
            else:
                lowering.report(
                    "DC001",
                    span,
                    f"{problem}; quoting it does not help (tracker then keeps the quotes in the "
                    "name and never reads it) — use an attribute tracker reads",
                )
            continue
        lowering.report(
            "DC001",
            span,
            f'{problem} — quote it: `"{text}"`',
            fix=Fix(f"quote `{text}`", (Edit(span, f'"{text}"'),)),
        )


def _next_token_start(lexed: LexResult, offset: int) -> int:
    starts = (token.start_pos or 0 for token in lexed.tokens)
    return next((start for start in starts if start >= offset), -1)


def _first_line(source: SourceText) -> Span:
    text = source.text
    first = len(text) - len(text.lstrip())
    return line_span(source, source.line_of(first))
