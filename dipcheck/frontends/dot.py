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

The lowering is layered: ``dot_tokens`` decides from the tokens whether the file is a workflow
and in which dialect, ``dot_walk`` walks the parse tree and collects nodes, edges and
attributes, ``dot_checks`` checks attributes and values, and this module chooses each node's
handler and builds the :class:`Workflow`, and holds the entry point :func:`load_dot`.
"""

from __future__ import annotations

from dipcheck.diagnostics import Edit, Fix, past_token_limit, too_many_tokens
from dipcheck.frontends import dot_schema as schema
from dipcheck.frontends.common import FileReader, FrontendResult, make_condition, read_from_disk
from dipcheck.frontends.dot_checks import Attr, NodeBuild, last_values
from dipcheck.frontends.dot_direct import lower_tokens
from dipcheck.frontends.dot_lexer import LexResult, lex
from dipcheck.frontends.dot_parser import parse_tokens
from dipcheck.frontends.dot_tokens import (
    detect_dialect,
    is_workflow_text,
    nesting_too_deep,
    unquoted_ids,
)
from dipcheck.frontends.dot_walk import MAX_INHERITED, EdgeBuild, GraphWalk, InheritedOverLimit
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
from dipcheck.source import PLACEHOLDER_TOKENS, SourceText, Span, line_span
from dipcheck.suggest import closest

# Lower the common statement shapes straight from the tokens (dot_direct); False reads every
# file through the parse tree (the tests compare the two)
DIRECT = True

_START_IDS = ("start", "Start")
_EXIT_IDS = ("exit", "end", "Exit", "End")

# Handler names `tracker validate` registers that no handler answers to at run time
# (cmd/tracker/validate.go buildValidationRegistry; the run registry in
# pipeline/handlers/registry.go), with the name to use instead.
_VALIDATE_ONLY_TYPES = {
    "spawn": "",
    "manager_loop": "; a manager loop's handler is `stack.manager_loop` (or `shape=house`)",
}


def _shape_advice(typed: str, otherwise: str) -> str:
    """What to write for a missing or refused shape: for a node that names a known handler
    ``type``, a shape (tracker checks the shape whatever the type), else ``otherwise``."""
    if not typed:
        return otherwise
    fitting = [shape for shape, handler in schema.SHAPE_HANDLERS.items() if handler == typed]
    return "; tracker checks the shape whatever the `type`: " + (
        f"`shape={fitting[0]}` selects `{typed}`"
        if fitting
        else "write one of " + ", ".join(schema.SHAPE_HANDLERS)
    )


class _Lowering(GraphWalk):
    """Each node's handler, and the workflow built from what the walk collected."""

    # -- checks while lowering -----------------------------------------------------------

    def handler_of(self, build: NodeBuild) -> tuple[str, NodeKind, Span]:
        """(handler name, kind, span of the text that chose it), reporting what the runtime
        would refuse (DC005) or never see (DIP003 is left to the rules)."""
        # each key's last value (the order last_values keeps is not needed here)
        attrs = {entry.key: entry for entry in build.attrs}
        shape = attrs.get("shape")
        explicit = attrs.get("type")
        types = schema.TYPED_OUTPUT_TYPES if self.typed else schema.TRACKER_TYPES
        if explicit is not None and explicit.value.value.strip():
            name = explicit.value.value.strip()
            if not self.family:
                # tracker's validateShapes checks every node's shape, whatever its `type`
                self.shape_handler(build, shape, name if name in types else "")
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
        handler, span = self.shape_handler(build, shape, "")
        if handler == "conditional":  # applyDiamondOverrides
            if attrs.get("tool_command") is not None and attrs["tool_command"].value.value:
                handler = "tool"
            elif attrs.get("prompt") is not None and attrs["prompt"].value.value:
                handler = "codergen"
        return handler, schema.HANDLER_KINDS.get(handler, NodeKind.AGENT), span

    def shape_handler(self, build: NodeBuild, shape: Attr | None, typed: str) -> tuple[str, Span]:
        """The handler the node's shape selects ("" for none) and the span that chose it,
        reporting a shape the runtime refuses; ``typed``: the known handler type the node also
        names, or "". tracker compares the shape as written, blanks included (``validateShapes``
        over ``ShapeToHandler``); the Attractor family reads a shapeless node as a box."""
        value = "" if shape is None else shape.value.value
        if self.family:
            value = value.strip()
        if shape is None or not value:
            if self.family:
                if build.id in _START_IDS:
                    return "start", build.id_span
                if build.id in _EXIT_IDS:
                    return "exit", build.id_span
                return "codergen", build.id_span
            if build.declared or build.attrs:
                self.report(
                    "DC005",
                    build.id_span,
                    f"node `{build.id}` has no shape: tracker refuses it (`node "
                    f'"{build.id}" has unrecognized shape ""`)'
                    + _shape_advice(typed, "; the Attractor default is `shape=box` — write it"),
                )
            return "", build.id_span
        handler = schema.SHAPE_HANDLERS.get(value)
        if handler is not None:
            return handler, shape.value_span
        suggestion = closest(value.strip(), schema.SHAPE_HANDLERS)
        hint = f" (did you mean `{suggestion}`?)" if suggestion else ""
        blanks = (
            f"; it is compared as written, blanks included: write `{value.strip()}`"
            if value != value.strip()
            else ""
        )
        self.report(
            "DC005",
            shape.value_span,
            f"shape `{value}` of node `{build.id}` has no handler{hint}; tracker refuses "
            f"the graph (`unrecognized shape`){blanks}"
            + _shape_advice(typed, ". Workflow shapes: " + ", ".join(schema.SHAPE_HANDLERS)),
        )
        return "", shape.value_span

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
        self.spelled_apart()
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

    def edge(self, item: EdgeBuild) -> Edge:
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
        tracker's ``Graph.AddNode`` records them (by the shape only, whatever handler a
        ``type`` gives the node, ``pipeline/graph.go``; the Attractor family also by the id
        that gave the node the start/exit handler); the value points at the node id."""
        fields: list[Field] = []
        for key, shape in (("start", "Mdiamond"), ("exit", "Msquare")):
            chosen = [
                node
                for node in nodes
                if node.value("shape").strip() == shape or (self.family and node.handler == key)
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
    too_large = past_token_limit(source, lexed.over_limit, lexed.count)
    if too_large is not None:
        return FrontendResult(None, [too_large])
    chosen = dialect or detect_dialect(lexed, source)
    too_deep = nesting_too_deep(lexed, source)
    if too_deep is not None:
        return FrontendResult(None, [too_deep])
    if DIRECT and not lexed.problems:
        lowering = _Lowering(source, lexed, chosen)
        _gographviz_syntax(lowering, lexed, chosen)
        try:
            if lower_tokens(lowering, lexed.tokens):
                return FrontendResult(lowering.build(), lowering.limit.noted(lowering.diagnostics))
        except InheritedOverLimit as over:
            if not parse_tokens(source, lexed.tokens)[1]:  # the tree walk would stop there too
                return _over_limit(over)
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
    _gographviz_syntax(lowering, lexed, chosen)
    try:
        lowered = lowering.lower_graphs(tree)
    except InheritedOverLimit as over:
        return _over_limit(over)
    if not lowered:
        span = Span(source, 0, 0) if not source.text.strip() else _first_line(source)
        if tree is not None or not problems:
            lowering.report("DC001", span, "no graph: a DOT workflow is `digraph Name { … }`")
        return FrontendResult(None, lowering.limit.noted(lowering.diagnostics))
    workflow = lowering.build()
    return FrontendResult(workflow, lowering.limit.noted(lowering.diagnostics))


def _gographviz_syntax(lowering: _Lowering, lexed: LexResult, dialect: Dialect) -> None:
    """What tracker's DOT parser (gographviz) refuses or reads otherwise though Graphviz reads
    it: a byte-order mark, unquoted ids that are not one id to it (`human.default_choice`,
    `900s`), a last-line comment and ``+``-joined strings (the Attractor family reads them
    all)."""
    if dialect.attractor_family:
        return
    if lexed.marked:
        lowering.report(
            "DC011",
            Span(lowering.source, 0, 1),
            "the file starts with a byte-order mark (U+FEFF): tracker's DOT parser "
            "(gographviz) reads it as part of the first word and refuses the file — save it as "
            "UTF-8 without the mark",
        )
    unquoted_ids(lowering, lexed)
    _unended_line_comment(lowering, lexed)
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


def _unended_line_comment(lowering: _Lowering, lexed: LexResult) -> None:
    """gographviz ends a ``//`` or ``#`` comment at a line break only (dot.bnf
    ``_line_comment : '/' '/' { . } '\\n' | '#' { . } '\\n'``): one on the last line of
    a file that does not end with a line break is a parse error."""
    if not lexed.comments:
        return
    last = lexed.comments[-1]
    text = lowering.source.text
    if last.end != len(text) or text[last.start] not in "/#" or text.startswith("/*", last.start):
        return
    mark = "#" if text[last.start] == "#" else "//"
    end = Span(lowering.source, last.end, last.end)
    lowering.report(
        "DC001",
        last,
        f"the `{mark}` comment on the last line has no line break after it: "
        "tracker's DOT parser (gographviz) ends such a comment only at a line break, so "
        "the file fails to load (`DOT parse error`) — end the file with a line break",
        fix=Fix(
            "end the file with a line break",
            (Edit(end, "\n"),),
        ),
    )


def _over_limit(over: InheritedOverLimit) -> FrontendResult:
    unit = (
        "attributes given by `node [...]` and `edge [...]` defaults (each `${…}` in a "
        f"value counted as {PLACEHOLDER_TOKENS})"
    )
    return FrontendResult(None, [too_many_tokens(over.span, MAX_INHERITED, unit)])


def _next_token_start(lexed: LexResult, offset: int) -> int:
    starts = (token.start_pos or 0 for token in lexed.tokens)
    return next((start for start in starts if start >= offset), -1)


def _first_line(source: SourceText) -> Span:
    text = source.text
    first = len(text) - len(text.lstrip())
    return line_span(source, source.line_of(first))
