"""The ``.dip`` front-end: text → tokens → parse tree → :class:`Workflow`.

Besides syntax errors it reports only what a loader reports: unknown fields (DC004), values
that do not parse (DC005), duplicate keys (DC006), file directives that cannot be read
(DC003) and text the parser ignores (DC007, DC008). Every lint finding is left to the rules.

The lowering is layered: ``dip_fields`` lowers and checks fields, ``dip_graph`` nodes and
edges, and this module the file's structure (version line, workflow declarations, sections,
stray text) and the references, and holds the entry point :func:`load_dip`.
"""

from __future__ import annotations

import os
from operator import attrgetter

from dipcheck import integers
from dipcheck.diagnostics import Related, past_token_limit
from dipcheck.frontends import dip_schema as schema
from dipcheck.frontends.common import FileReader, FrontendResult, read_from_disk
from dipcheck.frontends.dip_fields import child_tokens, child_trees
from dipcheck.frontends.dip_graph import GraphLowering
from dipcheck.frontends.dip_lexer import FIELD_LINE
from dipcheck.frontends.dip_parser import parse_groups
from dipcheck.frontends.dip_relex import lex
from dipcheck.frontends.stylesheet import dip_selectors
from dipcheck.lalr import Token, Tree
from dipcheck.model import (
    Field,
    InputDecl,
    Name,
    NodeKind,
    Reference,
    Workflow,
    implied_by_lists,
    repeats_a_list,
)
from dipcheck.references import condition_references, list_items, read_reference, scan_text
from dipcheck.source import SourceText, Span, line_span, new_span

# the order of a file's references: by file, then by offset
_BY_PLACE = attrgetter("span.source.path", "span.start")


class _Lowering(GraphLowering):
    def __post_init__(self) -> None:
        super().__post_init__()
        self.version = 1
        self.workflow_name: Name | None = None
        self.decl_span: Span | None = None
        self.header: list[Field] = []
        self.defaults: list[Field] = []
        self.vars: list[Field] = []
        self.inputs: list[InputDecl] = []

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
        if self.version >= 2:
            self.dip2_refusals()
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

    def dip2_refusals(self) -> None:
        """What dippin refuses under `dip 2` (dippin-language.md, dip 2 differences): a
        node's `fallback_target` (the exhaustion route is `fallback_retry_target`), a
        subgraph's `params:` (replaced by `inputs:`), and an edge that only repeats a
        `parallel`/`fan_in` list (parser.go rejectRedundantFanEdgesUnderV2)."""
        for node in self.nodes:
            for item in node.fields:
                if item.key == "fallback_target":
                    self.report(
                        "DC004",
                        item.key_span,
                        "`fallback_target` is not a node field in dip 2 (dippin refuses it): "
                        "spell the route taken when retries run out `fallback_retry_target`",
                    )
                elif item.key == "params" and node.kind is NodeKind.SUBGRAPH:
                    self.report(
                        "DC004",
                        item.key_span,
                        "a subgraph takes no `params:` in dip 2 (dippin refuses it): pass "
                        "the values in an `inputs:` block",
                    )
        implied = implied_by_lists(self.nodes)
        for edge in self.edges:
            owner = repeats_a_list(edge, implied)
            if owner is not None:
                self.report(
                    "DC001",
                    edge.span,
                    f"edge {edge.source.value} -> {edge.target.value} repeats {owner}'s list, "
                    "which is the only place for it in dip 2: dippin refuses the file "
                    "(`dippin fmt` removes the edge)",
                )

    def version_line(self, tree: Tree) -> None:
        keyword, number = child_tokens(tree)[:2]
        text = str(number)
        version = integers.parse_or(text, 0) if text.isdigit() else 0
        if version < 1:
            self.report(
                "DC001",
                self.between(keyword, number),
                f"invalid version declaration `dip {text}`: the version is a whole "
                "number of 1 or more",
            )
            return
        self.version = version

    def stray(self, tree: Tree) -> None:
        token = child_tokens(tree)[0]
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
        for item in child_trees(tree):
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
        fields = [self.field(item) for block in child_trees(tree) for item in child_trees(block)]
        if not fields:
            # dippin's parseDefaults/parseVars/parseInputs expect a newline and an indent
            # after the keyword: without a field below it, a parse error
            self.report(
                "DC001",
                self.span(keyword),
                f"`{keyword}` has no field under it: dippin expects an indented block after "
                "it and refuses the file; add a field, or remove the line",
            )
            return
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
                if (
                    "$" not in item.value.value
                    and item.key != "reads"
                    and not item.children
                    and item.included is None
                ):
                    continue  # (nothing for field_references to find)
                result.extend(self.field_references(node.id, item, variables))
            for branch in node.branches:
                for item in branch.fields:
                    result.extend(self.field_references(node.id, item, variables))
        result.extend(self.edge_condition_references())
        result.sort(key=_BY_PLACE)
        return tuple(result)

    def edge_condition_references(self) -> list[Reference]:
        """The references of the edges' conditions. Most conditions are written many times
        (`ctx.outcome = success`), and what a condition copied verbatim from the file reads
        depends on its text alone, its spans moved by where it is: so each text is read once
        and its references are moved to every later edge with the same text."""
        result: list[Reference] = []
        append = result.append
        moved: dict[str, list[tuple[Reference, int, int, int, int]]] = {}
        for edge in self.edges:
            condition = edge.condition
            if condition is None:
                continue
            owner = edge.source.value
            text = condition.text
            segments = text.segments
            if (
                condition.shorthand
                or segments.__class__ is not tuple
                or len(segments) != 1
                or condition.raw is not text.value
            ):
                result.extend(condition_references(owner, condition))
                continue
            base = segments[0][1]  # (the one segment starts at the text's offset 0)
            known = moved.get(text.value)
            if known is None:
                found = condition_references(owner, condition)
                result.extend(found)
                moved[text.value] = [
                    (
                        ref,
                        ref.span.start - base,
                        ref.span.end - base,
                        -1 if ref.node_span is None else ref.node_span.start - base,
                        -1 if ref.node_span is None else ref.node_span.end - base,
                    )
                    for ref in found
                ]
                continue
            source = text.source
            for ref, start, end, node_start, node_end in known:
                append(
                    Reference(
                        ref.kind,
                        ref.key,
                        new_span(Span, (source, base + start, base + end)),
                        owner,
                        ref.attribute,
                        ref.origin,
                        ref.node,
                        None
                        if node_start < 0
                        else new_span(Span, (source, base + node_start, base + node_end)),
                        ref.explicit,
                        ref.namespace,
                    )
                )
        return result

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
    too_large = past_token_limit(source, lexed.over_limit, lexed.count)
    if too_large is not None:
        return FrontendResult(None, [too_large])
    tree, problems = parse_groups(source, lexed)
    lexed.groups.clear()  # the tokens the tree does not keep (line ends, indentation) can go
    display_base = os.path.dirname(source.path)
    lowering = _Lowering(source, lexed.raw_blocks, base_dir, display_base, reader)
    for problem in lexed.problems:
        lowering.report(problem.code, problem.span, problem.message, problem.severity)
    for item in problems:
        lowering.report("DC001", item.span, item.message)
    workflow = lowering.lower(tree)
    return FrontendResult(workflow, lowering.limit.noted(lowering.diagnostics))
