"""A dippin test's scenario in tracker's terms (dippin-language.md §5.2, §5.5).

dippin's simulator keeps one flat context for the whole run, seeded from the test's
``scenario`` key/value pairs; a ``Node.key`` pair applies only while that node runs. dipcheck
runs the same test on tracker's engine, where every node's handler decides its own status and
the engine resets ``outcome`` before each node (docs/runtime/edge-selection.md#the-main-loop). So
each pair is read
as what the world does at the nodes it reaches:

* ``outcome=V`` — every agent and tool ends with ``V`` (tools by their exit code); ``Node.outcome``
  that one node (a yes_no gate answers No for ``fail``);
* ``tool_stdout``, ``tool_stderr``, ``tool_marker`` — what every tool (or that one) prints and
  matches; a tool the scenario says nothing about prints ``success``, dippin's default;
* ``preferred_label=L`` — a human gate picks the edge whose label contains ``L`` (dippin's
  case-insensitive match): on its first visit (dippin consumes the key once), or on every
  visit for ``Node.preferred_label``; ``human_response`` — what a freeform gate is told;
* any other key — the initial context, and the value written by every node that declares the
  key in ``writes:`` (dippin's context holds it throughout, tracker's nodes write their own);
* ``branch`` — nothing: tracker runs every branch of a parallel node (§5.7).

Each reading that is not one-to-one leaves a note on the test.
"""

from __future__ import annotations

from dipcheck.analysis.runtime import Handler
from dipcheck.records import field, record, replace
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import declared_writes, producible
from dipcheck.simulate.scenario import Scenario
from dipcheck.simulate.world import Choice
from dipcheck.wftest.model import DippinCase

DEFAULT_TOOL_STDOUT = "success"  # dippin-language.md §5.2 step 3
_TOOL_KEYS = ("tool_stdout", "tool_stderr", "tool_marker")


@record
class _Node:
    choice: Choice = field(default_factory=Choice)
    stdout_given: bool = False
    once: dict[str, str] = field(default_factory=dict)  # Choice fields for the first visit only


def split(case: DippinCase, graph: RunGraph) -> tuple[list[tuple[str, str]], dict[str, list]]:
    """Global pairs, and ``Node.key`` pairs by node (a prefix that is no node id is part of an
    ordinary key, such as ``inputs.x``)."""
    plain: list[tuple[str, str]] = []
    per_node: dict[str, list[tuple[str, str]]] = {}
    for key, value in case.pairs:
        head, dot, rest = key.partition(".")
        if dot and rest and head in graph.nodes:
            per_node.setdefault(head, []).append((rest, value))
        else:
            plain.append((key, value))
    return plain, per_node


def translate(case: DippinCase, graph: RunGraph) -> tuple[Scenario, list[str]]:
    plain, per_node = split(case, graph)
    reader = _Reader(graph)
    for key, value in plain:
        reader.apply(None, key, value)
    for node, pairs in per_node.items():
        for key, value in pairs:
            reader.apply(node, key, value)
    if case.branch:
        reader.notes.append(
            f"branch {', '.join(case.branch)}: tracker runs every branch of a parallel node "
            "(docs/runtime/parallel.md#branches); only dippin's walk is limited to these"
        )
    return reader.scenario(), reader.notes


class _Reader:
    def __init__(self, graph: RunGraph) -> None:
        self.graph = graph
        self.nodes: dict[str, _Node] = {}
        self.context: dict[str, str] = {}
        self.notes: list[str] = []

    def entry(self, node: str) -> _Node:
        return self.nodes.setdefault(node, _Node())

    def update(self, node: str, **changes: object) -> None:
        entry = self.entry(node)
        entry.choice = replace(entry.choice, **changes)  # type: ignore[arg-type]

    def targets(self, node: str | None, handlers: tuple[Handler, ...]) -> list[str]:
        graph = self.graph
        names = [node] if node is not None else list(graph.nodes)
        return [name for name in names if graph.handler(name) in handlers]

    def apply(self, node: str | None, key: str, value: str) -> None:
        bare = key.removeprefix("ctx.")
        where = f"`{node}.{key}`" if node else f"`{key}`"
        if bare == "outcome":
            self.outcome(node, value, where)
        elif bare in _TOOL_KEYS:
            tools = self.targets(node, (Handler.TOOL,))
            for tool in tools:
                if bare == "tool_stdout":
                    self.update(tool, stdout=value)
                    self.entry(tool).stdout_given = True
                elif bare == "tool_stderr":
                    self.update(tool, stderr=value)
                elif self.graph.attr(tool, "marker_grep"):
                    self.update(tool, marker=value or None)
            if node is not None and not tools:
                self.notes.append(f"{where}: `{node}` is not a tool; the pair changes nothing")
        elif bare == "preferred_label":
            self.label(node, value, where)
        elif bare == "human_response":
            gates = [
                gate
                for gate in self.targets(node, (Handler.HUMAN,))
                if self.graph.human_mode(gate) == "freeform"
            ]
            for gate in gates:
                self.update(gate, text=value)
        elif value == "" and node is None:
            self.notes.append(f"{where} is empty: dippin deletes the key; it is left unset")
        else:
            self.write(node, key, bare, value)

    def outcome(self, node: str | None, value: str, where: str) -> None:
        graph = self.graph
        if node is None:
            if value not in ("success", "fail", "retry"):
                self.context["outcome"] = value
                self.notes.append(
                    f"{where}={value!r} is no status tracker knows; tracker resets `outcome` "
                    "before every node (docs/runtime/edge-selection.md#the-main-loop), so it "
                    "routes nothing"
                )
                return
            chosen = self.targets(None, (Handler.CODERGEN, Handler.TOOL))
        else:
            chosen = [node]
        for name in chosen:
            handler = graph.handler(name)
            if handler is Handler.HUMAN and graph.human_mode(name) == "yes_no":
                self.update(name, label="No" if value == "fail" else "Yes")
            elif handler is Handler.TOOL and value in ("success", "fail"):
                self.update(name, outcome=value, exit_code=0 if value == "success" else 1)
            elif value in producible(graph, name) and handler not in (
                Handler.PARALLEL,
                Handler.FAN_IN,
                Handler.SUBGRAPH,
                Handler.MANAGER_LOOP,
            ):
                self.update(name, outcome=value)
            elif node is not None:
                self.notes.append(
                    f"{where}={value!r}: a {handler.value} node cannot end with it in tracker "
                    f"(it can end with {', '.join(producible(graph, name))}); ignored"
                )

    def label(self, node: str | None, value: str, where: str) -> None:
        graph = self.graph
        wanted = value.lower()
        for gate in self.targets(node, (Handler.HUMAN,)):
            mode = graph.human_mode(gate)
            if mode == "yes_no":
                if wanted in ("yes", "no"):
                    self.update(gate, label=value.capitalize())
                continue
            labels = [edge.label for edge in graph.edges_from(gate) if edge.label]
            match = next((label for label in labels if wanted in label.lower()), None)
            if match is None:
                if node is not None:
                    self.notes.append(f"{where}: no edge label of `{gate}` contains {value!r}")
                continue
            field_name = "text" if mode == "freeform" else "label"
            if node is None:  # dippin's context hands it to the first gate that routes
                self.entry(gate).once[field_name] = match
            else:
                self.update(gate, **{field_name: match})
        if node is None:
            self.notes.append(
                f"{where}: the first visit of each human gate with a matching label picks it "
                "(dippin consumes the key at the first gate that routes)"
            )

    def write(self, node: str | None, key: str, bare: str, value: str) -> None:
        graph = self.graph
        where = f"`{node}.{key}`" if node else f"`{key}`"
        if node is None:
            self.context[key] = value
        writers = [
            name
            for name in ([node] if node is not None else list(graph.nodes))
            if bare in declared_writes(graph, name)
        ]
        for name in writers:
            entry = self.entry(name)
            writes = dict(entry.choice.writes)
            writes[bare] = value
            self.update(name, writes=tuple(writes.items()))
        if node is not None and not writers:
            self.context[key if key.startswith("ctx.") else bare] = value
            self.notes.append(
                f"{where}: `{node}` does not declare `{bare}` in writes:, so the value is in "
                "the context from the start"
            )

    def scenario(self) -> Scenario:
        graph = self.graph
        for tool in graph.nodes:
            if graph.handler(tool) is not Handler.TOOL:
                continue
            entry = self.entry(tool)
            if not entry.stdout_given:
                self.update(tool, stdout=DEFAULT_TOOL_STDOUT)
        result = Scenario(path="<dippin scenario>", context=dict(self.context))
        for name, entry in self.nodes.items():
            later = replace(entry.choice, why="from the dippin scenario")
            first = replace(later, **entry.once) if entry.once else later
            result.nodes[name] = [first, later] if entry.once else [later]
        return result
