"""Lowering a step workflow's YAML tree into the :class:`~dipcheck.model.Workflow` (see the
package docstring): steps become nodes, ``conditions:`` and ``next:`` become edges, prompt
placeholders and ``inputs:`` entries become references."""

from __future__ import annotations

import re
from typing import Any

from dipcheck import conditions
from dipcheck.diagnostics import Related, loading_finding
from dipcheck.frontends import step_refs
from dipcheck.frontends.yaml_steps.tree import (
    CORE_TAG,
    Alias,
    Findings,
    Map,
    Scalar,
    Seq,
    Value,
    YNode,
    scalar_text,
)
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
from dipcheck.records import replace
from dipcheck.source import SourceText, Span, line_span
from dipcheck.suggest import suggestion_fix

TOP_LEVEL_KEYS = ("name", "description", "inputs", "outputs", "steps")
STEP_KEYS = ("name", "agent", "tool", "prompt", "inputs", "output", "next", "conditions")
REMOVED_STEP_KEYS = ("outputs",)  # reported by L01, not as unknown keys
CONDITION_KEYS = ("on_result", "next")

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})


def _kind(node: YNode | None) -> str:
    """What a node is, for messages: "a list", "an empty value" …"""
    if node is None:
        return "a missing value"
    if isinstance(node, Scalar):
        if node.style is None and node.tag is None and node.value in _NULLS:
            return "an empty value"
        return "a block of text" if node.style in ("|", ">") else "a single value"
    if isinstance(node, Seq):
        return "a list"
    if isinstance(node, Map):
        return "a mapping"
    return _kind(node.target)


class Lowering:
    def __init__(self, source: SourceText, findings: Findings) -> None:
        self.source = source
        self.findings = findings
        self.texts: dict[int, Text] = {}
        self.header: list[Field] = []
        self.inputs: list[InputDecl] = []
        self.nodes: list[Node] = []
        self.edges: list[Edge] = []
        self.references: list[Reference] = []
        self.ends: dict[str, None] = {}  # the steps that can end the run, in order

    # -- small helpers -------------------------------------------------------------------

    def span(self, start: int, end: int) -> Span:
        return Span(self.source, start, end)

    def node_span(self, node: YNode) -> Span:
        """Where a node is written; an empty value is shown as its whole line."""
        if node.end > node.start:
            return self.span(node.start, node.end)
        return line_span(self.source, self.source.line_of(node.start))

    def report(self, code: str, span: Span, message: str, **extra: Any) -> None:
        self.findings.add(loading_finding(code, span, message, **extra))

    @staticmethod
    def resolve(node: YNode | None) -> Value | None:
        return node.target if isinstance(node, Alias) else node

    def is_null(self, node: YNode | None) -> bool:
        value = self.resolve(node)
        if value is None:
            return True
        return (
            isinstance(value, Scalar)
            and value.style is None
            and value.tag in (None, CORE_TAG + "null")
            and value.value in _NULLS
        )

    def scalar(self, node: YNode | None) -> Scalar | None:
        """The scalar a value is (through an alias), or None for null and collections."""
        value = self.resolve(node)
        if isinstance(value, Scalar) and not self.is_null(value):
            return value
        return None

    def text(self, node: Scalar) -> Text:
        cached = self.texts.get(id(node))
        if cached is None:
            cached = self.texts[id(node)] = scalar_text(self.source, node)
        return cached

    def name(self, node: Scalar) -> Name:
        text = self.text(node)
        if not text.value:
            return Name("", self.span(node.start, node.end))
        return Name(text.value, text.span(0, len(text.value)))

    def pairs(self, mapping: Map) -> list[tuple[str, YNode, YNode]]:
        """``(key, key node, value node)`` in order, merge keys (``<<: *base``) expanded:
        merged entries come first and never override an explicit key."""
        explicit: list[tuple[str, YNode, YNode]] = []
        merged: list[tuple[str, YNode, YNode]] = []
        merges: list[YNode] = []
        for key_node, value_node in mapping.pairs:
            key = self.resolve(key_node)
            if isinstance(key, Scalar) and key.value == "<<" and key.style is None:
                merges.append(value_node)
            elif isinstance(key, Scalar):
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
            bases = value.items if isinstance(value, Seq) else [value_node]
            for base_node in bases:
                base = self.resolve(base_node)
                if not isinstance(base, Map):
                    self.report(
                        "DC005",
                        self.node_span(base_node),
                        f"`<<` merges mappings, not {_kind(base_node)}",
                    )
                    continue
                for key_node, item in base.pairs:
                    key = self.resolve(key_node)
                    if isinstance(key, Scalar) and key.value not in present:
                        present.add(key.value)
                        merged.append((key.value, key_node, item))
        return merged + explicit

    def field(self, key: str, key_node: YNode, value_node: YNode) -> Field:
        value = self.resolve(value_node)
        if isinstance(value, Scalar) and not isinstance(value_node, Alias):
            value_span = self.span(value.start, value.end)
        else:
            value_span = self.span(value_node.start, value_node.end)
        if isinstance(value, Scalar):
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
            block=isinstance(value, Scalar) and value.style in ("|", ">"),
            quoted=isinstance(value, Scalar) and value.style in ("'", '"'),
        )

    def where(self, item: Field) -> Span:
        """A field's value, or its key when the value is empty."""
        return item.value_span if item.value_span.end > item.value_span.start else item.key_span

    def unknown_key(self, item: Field, known: tuple[str, ...], what: str) -> None:
        if self.findings.limit.full("DC004"):
            # only counted: no did-you-mean search (an edit distance per known name)
            self.report("DC004", item.key_span, f"unknown {what} `{item.key}`")
            return
        hint, fix = suggestion_fix(item.key, known, item.key_span, rename=True)
        message = f"unknown {what} `{item.key}`{hint}"
        if fix is None:
            message += f"; {what}s are {', '.join(known)}"
        # (the rule's own help speaks of a `.dip` node's `params:`, which steps have not)
        help_text = "Correct the key (see the suggestion), or remove it."
        self.report("DC004", item.key_span, message, fix=fix, help=help_text)

    def wrong_type(self, item: Field, expected: str) -> None:
        self.report("DC005", self.where(item), f"`{item.key}:` takes {expected}")

    # -- the document --------------------------------------------------------------------

    def lower(self, root: Map, steps: Seq, steps_key: YNode) -> Workflow | None:
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
                if not isinstance(value, Scalar):
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
            if not self.findings.items:
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
            ends=tuple(self.ends),
        )

    def workflow_inputs(self, value_node: YNode) -> None:
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return
        if isinstance(value, Seq):
            for name, _ in self.names(value, "a workflow input"):
                untyped = Name("", self.span(name.span.end, name.span.end))
                self.inputs.append(InputDecl(name, untyped, (), name.span))
            return
        if not isinstance(value, Map):
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
            if isinstance(spec, Map):
                attrs = tuple(self.field(*entry) for entry in self.pairs(spec))
                declared = next((attr for attr in reversed(attrs) if attr.key == "type"), None)
                if declared is not None:
                    type_name = Name(declared.text, declared.value_span)
            elif isinstance(spec, Scalar) and not self.is_null(spec):
                type_name = self.name(spec)
            elif isinstance(spec, Seq):
                self.report(
                    "DC005",
                    self.where(item),
                    f"input `{key}` is described by a mapping (`type:`, `required:`, "
                    "`default:`, `description:`), not a list",
                )
            self.inputs.append(InputDecl(name, type_name, attrs, item.span))

    def workflow_outputs(self, item: Field, value_node: YNode) -> None:
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return
        entries = value.items if isinstance(value, Seq) else None
        if entries is None or any(self.scalar(entry) is None for entry in entries):
            self.wrong_type(item, "a list of step names (`[review]`)")

    # -- steps ---------------------------------------------------------------------------

    def step(self, entry: YNode) -> None:
        mapping = self.resolve(entry)
        if not isinstance(mapping, Map):
            self.report(
                "DC001",
                self.node_span(entry),
                f"a step is a mapping (`- name: plan` with `agent:` or `tool:`), not "
                f"{_kind(entry)}",
            )
            return
        fields: list[Field] = []
        values: dict[str, tuple[Field, YNode]] = {}
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
            elif key == "prompt" and isinstance(self.resolve(value_node), Seq | Map):
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
            elif source is not None:
                self.ends[source.value] = None  # `next: null` (or a value that is no name)
        elif source is not None:
            self.ends[source.value] = None  # no `next:`: the run ends after it
        if node is not None:
            self.step_references(node)

    def step_node(
        self,
        entry: YNode,
        mapping: Map,
        fields: list[Field],
        values: dict[str, tuple[Field, YNode]],
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
            id_span=self.span(entry.start, entry.end) if isinstance(entry, Alias) else name.span,
            kind_span=kind_field.key_span,
            span=self.span(mapping.start, mapping.end),
            fields=tuple(fields),
        )
        self.nodes.append(node)
        return node

    def target(self, item: Field, value_node: YNode) -> Name | None:
        """A ``next:`` value: a step name, or None for null (the workflow ends)."""
        if self.is_null(value_node):
            return None
        scalar = self.scalar(value_node)
        if scalar is None:
            self.wrong_type(item, "one step name, or null to end the workflow")
            return None
        return self.name(scalar)

    def step_conditions(self, source: Name | None, item: Field, value_node: YNode) -> None:
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return
        if not isinstance(value, Seq):
            self.wrong_type(item, "a list of `- on_result: …` / `next: …` entries")
            return
        for entry in value.items:
            mapping = self.resolve(entry)
            if not isinstance(mapping, Map):
                self.report(
                    "DC005",
                    self.node_span(entry),
                    f"a condition is a mapping with `on_result:` and `next:`, not {_kind(entry)}",
                )
                continue
            parts: dict[str, tuple[Field, YNode]] = {}
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
            if source is not None and "next" in parts and target is None:
                self.ends[source.value] = None  # `next: null`: this result ends the run
            if source is None or result is None or target is None:
                continue
            self.edges.append(Edge(source, target, entry_span, condition=result))

    def on_result(self, item: Field, value_node: YNode) -> Condition | None:
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

    def step_inputs(self, item: Field, value_node: YNode) -> tuple[Field, ...]:
        """One child per entry: list entries have an empty key, mapping entries the alias."""
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return ()
        children: list[Field] = []
        if isinstance(value, Seq):
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
        elif isinstance(value, Map):
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

    def step_output(self, item: Field, value_node: YNode) -> tuple[Field, ...]:
        """One child per declared section: ``field: description`` or a list of names."""
        value = self.resolve(value_node)
        if self.is_null(value_node):
            return ()
        if isinstance(value, Map):
            return tuple(self.field(*entry) for entry in self.pairs(value))
        if not isinstance(value, Seq):
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

    def names(self, sequence: Seq, what: str) -> list[tuple[Name, YNode]]:
        """The scalar entries of a list of names; any other entry is reported (DC005)."""
        result: list[tuple[Name, YNode]] = []
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
