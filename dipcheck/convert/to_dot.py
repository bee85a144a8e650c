"""A workflow written as a tracker DOT pipeline: the graph tracker's ``.dip`` adapter builds
(docs/runtime/loading.md#from-dippin-to-trackers-graph), so that tracker runs the DOT file as it
runs the ``.dip`` one.

* shapes by kind (agent ``box``, human ``hexagon``, tool ``parallelogram``, parallel
  ``component``, fan_in ``tripleoctagon``, subgraph ``tab``, conditional ``diamond``,
  manager_loop ``house``); the start node ``Mdiamond`` and the exit node ``Msquare``, with
  ``type`` naming the handler wherever the shape alone would pick another one;
* the adapter's renames (``model`` → ``llm_model``, ``command`` → ``tool_command``, a node's
  ``fallback_target`` → ``fallback_retry_target`` …), ``reads``/``writes`` as comma lists,
  a subgraph's ``params`` as ``subgraph_params`` (sorted ``k=v``), an agent's (and a parallel
  or fan-in's) ``params:`` entries as attributes of their own, ``*_file`` directives as the
  text they include;
* ``defaults`` as graph attributes (``on_failure`` → ``fallback_target``, ``max_retries`` →
  ``default_max_retry`` …), ``vars`` as ``params.K``, the stylesheet as ``model_stylesheet``;
* edges with the condition text tracker evaluates, the routing key (``choice``, else
  ``label``) as the label, ``weight`` when above 0; the fork and join edges that
  ``parallel``/``fan_in`` lists imply written out, with ``parallel_join`` on the parallel node.

What DOT cannot say is listed in the notes: ``override`` on an edge (tracker's DOT loader
never sets it), ``inputs``, the ``else`` edge (tracker ignores it anyway), prompt fragments and
branch overrides; back-edge marks are not written (tracker's engine never reads them).
"""

from __future__ import annotations

import re

from dipcheck import integers
from dipcheck.convert.comments import Attached, Comment
from dipcheck.frontends.dot_schema import SHAPE_HANDLERS
from dipcheck.model import Edge, Field, Node, NodeKind, Workflow
from dipcheck.records import field, record
from dipcheck.semdiff.shape import list_value, pairs_value
from dipcheck.simulate.graph import RunGraph

KIND_SHAPES = {
    NodeKind.AGENT: "box",
    NodeKind.HUMAN: "hexagon",
    NodeKind.TOOL: "parallelogram",
    NodeKind.PARALLEL: "component",
    NodeKind.FAN_IN: "tripleoctagon",
    NodeKind.SUBGRAPH: "tab",
    NodeKind.CONDITIONAL: "diamond",
    NodeKind.MANAGER_LOOP: "house",
}
NODE_NAMES = {
    "model": "llm_model",
    "provider": "llm_provider",
    "command": "tool_command",
    "cmd_timeout": "command_timeout",
    "cache_tools": "cache_tool_results",
    "compaction": "context_compaction",
    "compaction_threshold": "context_compaction_threshold",
    "fallback_target": "fallback_retry_target",
}
GRAPH_NAMES = {
    "model": "llm_model",
    "provider": "llm_provider",
    "retry_policy": "default_retry_policy",
    "max_retries": "default_max_retry",
    "fidelity": "default_fidelity",
    "on_failure": "fallback_target",
    "cache_tools": "cache_tool_results",
    "compaction": "context_compaction",
}
_INCLUDED = {
    "prompt_file": "prompt",
    "system_prompt_file": "system_prompt",
    "command_file": "command",
}
_NO_DOT = {
    "prompt_include": "a prompt fragment file",
    "prompt_prefix": "the defaults prompt prefix opt-out",
    "prompt_suffix": "the defaults prompt suffix opt-out",
}
_NO_DOT_DEFAULTS = frozenset(
    {
        "prompt_prefix",
        "prompt_suffix",
        "prompt_prefix_file",
        "prompt_suffix_file",
        "system_prompt_file",
    }
)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYWORDS = frozenset({"node", "edge", "graph", "digraph", "subgraph", "strict"})


@record
class Output:
    text: str
    notes: list[str] = field(default_factory=list)


def dot_id(name: str) -> str:
    if _IDENTIFIER.fullmatch(name) and name.lower() not in _KEYWORDS:
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dot_value(value: str) -> str:
    """A DOT value as tracker's loader decodes it: an identifier or a number as it is, any
    other text quoted (``\\\\`` and ``\\"`` escaped; line breaks written as they are)."""
    if (_IDENTIFIER.fullmatch(value) and value.lower() not in _KEYWORDS) or (
        value.isascii() and value.isdigit()
    ):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Writer:
    def __init__(self, workflow: Workflow, attached: Attached) -> None:
        self.workflow = workflow
        self.attached = attached
        self.graph = RunGraph(workflow)
        self.lines: list[str] = []
        self.notes: list[str] = []

    def line_of(self, item: Node | Field | Edge) -> int:
        return self.workflow.source.line_of(item.span.start) + 1

    def comments(self, items: list[Comment], indent: str) -> None:
        for comment in items:
            self.lines.extend(f"{indent}//{' ' if text else ''}{text}" for text in comment.lines)

    def trailing(self, element: object) -> str:
        found = self.attached.trailing(element)
        return "".join(f"  // {' '.join(c.lines)}" for c in found)

    def statement(self, element: Field | None, key: str, value: str, indent: str = "  ") -> None:
        if element is not None:
            self.comments(self.attached.leading(element), indent)
        suffix = self.trailing(element) if element is not None else ""
        self.lines.append(f"{indent}{key}={dot_value(value)};{suffix}")

    def run(self) -> Output:
        workflow = self.workflow
        name = workflow.name.value if workflow.name else "Workflow"
        self.comments(self.attached.head, "")
        self.lines.append(f"digraph {dot_id(name)} {{")
        self.graph_attributes()
        seen: set[str] = set()
        for node in workflow.nodes:
            if node.id in seen:
                self.notes.append(
                    f"line {self.line_of(node)}: `{node.id}` is declared again; only its first "
                    "declaration is written (tracker uses the first one too)"
                )
                continue
            seen.add(node.id)
            self.node(node)
        self.edges()
        if self.attached.tail:
            self.lines.append("")
            self.comments(self.attached.tail, "  ")
        self.lines.append("}")
        return Output("\n".join(self.lines) + "\n", self.notes)

    # -- graph attributes ----------------------------------------------------------------

    def graph_attributes(self) -> None:
        workflow = self.workflow
        for item in workflow.header:
            if item.key in ("start", "exit"):
                self.comments(self.attached.leading(item), "  ")
                continue  # the Mdiamond and Msquare shapes say it
            key = {"stylesheet": "model_stylesheet"}.get(item.key, item.key)
            value = list_value(item.text) if key == "requires" else item.text
            self.statement(item, key, value)
        for item in workflow.defaults:
            if item.key in _NO_DOT_DEFAULTS:
                self.notes.append(
                    f"line {self.line_of(item)}: `defaults` `{item.key}` has no DOT attribute "
                    "(tracker applies prompt fragments to .dip files only); not written"
                )
                self.comments(self.attached.leading(item), "  ")
                continue
            self.statement(item, GRAPH_NAMES.get(item.key, item.key), item.text.strip())
        for item in workflow.vars:
            self.statement(item, dot_id(f"params.{item.key}"), item.text.strip())
        for declaration in workflow.inputs:
            self.comments(self.attached.leading(declaration), "  ")
            self.notes.append(
                f"line {workflow.source.line_of(declaration.span.start) + 1}: input "
                f"`{declaration.name.value}` has no form in a tracker DOT file; not written"
            )
        if workflow.start and workflow.start == workflow.exit:
            self.notes.append(
                f"`{workflow.start}` is both the start and the exit node, which a DOT file "
                "cannot say: tracker marks them by shape (`Mdiamond`, `Msquare`) and a node has "
                "one, so the DOT has no exit node (DIP002); give the workflow an exit node of "
                "its own"
            )
        if workflow.else_target is not None:
            self.notes.append(
                f"`else -> {workflow.else_target.value}` is not written: DOT has no such edge, "
                "and tracker ignores it in .dip files too (DC309)"
            )
        if len(self.lines) > 1:
            self.lines.append("")

    # -- nodes ---------------------------------------------------------------------------

    def shape(self, node: Node) -> list[tuple[str, str]]:
        handler = self.graph.handler(node.id)
        if node.id == self.workflow.start:
            shape = "Mdiamond"
        elif node.id == self.workflow.exit:
            shape = "Msquare"
        else:
            shape = KIND_SHAPES[node.kind]
        implied = SHAPE_HANDLERS[shape]
        if implied == "conditional":  # applyDiamondOverrides
            if node.value("command").strip():
                implied = "tool"
            elif node.value("prompt").strip():
                implied = "codergen"
        attrs = [("shape", shape)]
        if implied != handler.value:
            attrs.append(("type", handler.value))
        return attrs

    def node_attributes(self, node: Node) -> list[tuple[str, str, Field | None]]:
        result: list[tuple[str, str, Field | None]] = []
        flattened: list[tuple[str, str, Field | None]] = []
        for item in node.fields:
            key = item.key
            if key in _INCLUDED:
                if item.included is not None:
                    result.append(
                        (NODE_NAMES.get(_INCLUDED[key], _INCLUDED[key]), item.included.value, item)
                    )
                else:
                    self.notes.append(
                        f"line {self.line_of(item)}: `{key}: {item.text.strip()}` of "
                        f"`{node.id}` could not be read; its text is not written"
                    )
                continue
            if key in _NO_DOT:
                self.notes.append(
                    f"line {self.line_of(item)}: `{key}` of `{node.id}` ({_NO_DOT[key]}) has "
                    "no DOT attribute; not written"
                )
                continue
            if key == "params" and node.kind in (
                NodeKind.AGENT,
                NodeKind.PARALLEL,
                NodeKind.FAN_IN,
            ):
                flattened.extend((child.key, child.text.strip(), None) for child in item.children)
                continue
            if key in ("params", "inputs") and node.kind is NodeKind.SUBGRAPH:
                value = ",".join(sorted(f"{c.key}={c.text.strip()}" for c in item.children))
                result.append(("subgraph_params", value or pairs_value(item.text), item))
                continue
            if key == "steer_context":
                value = ",".join(sorted(f"{c.key}={c.text.strip()}" for c in item.children))
                result.append((key, value or pairs_value(item.text), item))
                continue
            if key == "default" and node.kind is NodeKind.HUMAN:
                result.append(("default_choice", item.text.strip(), item))
                continue
            if key == "ref" and node.kind is NodeKind.SUBGRAPH:
                result.append(("subgraph_ref", item.text.strip(), item))
                continue
            value = list_value(item.text) if key in ("reads", "writes") else item.text
            if "\n" not in value:
                value = value.strip()
            result.append((NODE_NAMES.get(key, key), value, item))
        written = {key for key, _, _ in result}
        result.extend(entry for entry in flattened if entry[0] not in written)
        for branch in node.branches:
            if branch.fields:
                self.notes.append(
                    f"line {self.line_of(node)}: the overrides of branch `{branch.target.value}` "
                    f"of `{node.id}` have no DOT form; not written"
                )
        parallel = self.graph.parallels.get(node.id)
        if parallel is not None and "parallel_targets" not in written:
            result.append(("parallel_targets", ",".join(parallel.branches), None))
        if parallel is not None and parallel.join and "parallel_join" not in written:
            result.append(("parallel_join", parallel.join, None))
        return result

    def node(self, node: Node) -> None:
        self.comments(self.attached.leading(node), "  ")
        attrs: list[tuple[str, str, Field | None]] = [(k, v, None) for k, v in self.shape(node)]
        attrs.extend(self.node_attributes(node))
        simple = all("\n" not in value for _, value, _ in attrs) and not any(
            element is not None
            and (self.attached.leading(element) or self.attached.trailing(element))
            for _, _, element in attrs
        )
        suffix = self.trailing(node)
        if simple and sum(len(k) + len(v) + 4 for k, v, _ in attrs) < 80:
            inner = ", ".join(f"{key}={dot_value(value)}" for key, value, _ in attrs)
            self.lines.append(f"  {dot_id(node.id)} [{inner}];{suffix}")
            return
        self.lines.append(f"  {dot_id(node.id)} [{suffix}")
        for index, (key, value, element) in enumerate(attrs):
            if element is not None:
                self.comments(self.attached.leading(element), "    ")
            comma = "," if index < len(attrs) - 1 else ""
            after = self.trailing(element) if element is not None else ""
            self.lines.append(f"    {key}={dot_value(value)}{comma}{after}")
        self.lines.append("  ];")

    # -- edges ---------------------------------------------------------------------------

    def edges(self) -> None:
        graph = self.graph
        explicit = [edge for edge in self.workflow.edges if not edge.implicit]
        implied = [edge for edge in graph.all_edges if edge.implicit]
        if explicit or implied:
            self.lines.append("")
        back = 0
        for edge in explicit:
            back += edge.is_back_edge
            self.comments(self.attached.leading(edge), "  ")
            self.lines.append(self.edge_line(edge) + self.trailing(edge))
        if implied:
            self.lines.append("  // the fork and join edges of the parallel and fan_in nodes")
            for edge in implied:
                self.lines.append(self.edge_line(edge))
        if back:
            self.notes.append(
                f"{back} back-edge mark{'s' * (back != 1)} (`restart: true`/`loop`) not written: "
                "tracker's engine never reads them, and its DOT cycle check asks for a "
                "conditional edge in each cycle instead"
            )

    def edge_line(self, edge: Edge) -> str:
        attrs: list[str] = []
        condition = self.graph.condition_text(edge)
        if condition:
            attrs.append(f"condition={dot_value(condition)}")
        key = edge.choice or edge.label
        if key:
            attrs.append(f"label={dot_value(key)}")
        if edge.choice and edge.label and edge.choice != edge.label:
            self.notes.append(
                f"line {self.line_of(edge)}: the edge `{edge.source.value} -> "
                f"{edge.target.value}` is labelled with its choice `{edge.choice}` (DOT routes "
                f"by the label); its display label `{edge.label}` is not written"
            )
        weight = edge.attr_value("weight").strip()
        if weight.isdigit() and integers.parse_or(weight, 0) > 0:
            attrs.append(f"weight={weight}")
        if edge.override:
            self.notes.append(
                f"line {self.line_of(edge)}: `override: true` on `{edge.source.value} -> "
                f"{edge.target.value}` cannot be written: tracker's DOT loader never sets it, "
                "so the escalation no longer overrides failed goal gates"
            )
        text = f"  {dot_id(edge.source.value)} -> {dot_id(edge.target.value)}"
        return text + (f" [{', '.join(attrs)}];" if attrs else ";")


def to_dot(workflow: Workflow, attached: Attached) -> Output:
    return _Writer(workflow, attached).run()
