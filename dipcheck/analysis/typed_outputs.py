"""What the typed-outputs DOT engine (seed 003) does with context, in one place.

The facts are those of the seed's "Context" page (other-formats.md §3) and the decisions
docs/dot-typed-outputs.md records where the page is silent:

* Producers: an agent writes exactly its declared ``outputs`` and its final prose as
  ``response.<node>``; a script or probe node writes the dotted names in its ``facts``; a
  parallel node writes ``parallel.results``; the declared ``inputs`` are in the context from
  the start. A probe without ``facts`` writes facts the engine's catalogue names, which a
  static reader cannot list: it is opaque, like a subgraph.
* ``failure_reason`` is written on every failed stage: readable only where a failure edge
  leads (DC110 checks that, so availability ignores it).
* An edge with ``loop_restart=true`` clears the iteration context: only the inputs survive.
"""

from __future__ import annotations

from dipcheck.frontends.dot_schema import Output, parse_outputs
from dipcheck.model import Dialect, Edge, Node, Workflow
from dipcheck.references import ListItem, list_items

# keys the engine itself maintains: never reported as unproduced
AMBIENT_KEYS = frozenset(
    {
        "outcome",
        "preferred_label",
        "goal",
        "graph.goal",
        "current_node",
        "last_stage",
        "last_response",
        "tool.output",
        "failure_reason",
    }
)
AMBIENT_PREFIXES = ("graph.", "internal.", "human.gate.")
FAILURE_REASON = "failure_reason"


def applies(workflow: Workflow) -> bool:
    return workflow.dialect is Dialect.TYPED_OUTPUTS


def is_ambient(key: str) -> bool:
    return key in AMBIENT_KEYS or key.startswith(AMBIENT_PREFIXES)


def declared_outputs(node: Node) -> list[Output]:
    item = node.get("outputs")
    return parse_outputs(item.value) if item is not None else []


def facts(node: Node) -> list[ListItem]:
    item = node.get("facts")
    return list_items(item.value) if item is not None else []


def is_opaque(node: Node) -> bool:
    """A probe that does not list its facts writes names only the engine knows."""
    return node.handler == "probe" and node.get("facts") is None


def productions(workflow: Workflow) -> list[tuple[str, str, ListItem]]:
    """(node, key, where) for everything the engine writes into the context by node."""
    result: list[tuple[str, str, ListItem]] = []
    start = workflow.node(workflow.start)
    if start is not None:
        for decl in workflow.inputs:
            result.append((start.id, decl.name.value, ListItem(decl.name.value, decl.name.span)))
    for node in workflow.nodes:
        if node.handler in ("codergen", ""):
            for output in declared_outputs(node):
                if output.name.value:
                    result.append(
                        (node.id, output.name.value, ListItem(output.name.value, output.name.span))
                    )
            key = f"response.{node.id}"
            result.append((node.id, key, ListItem(key, node.id_span)))
        elif node.handler in ("tool", "script", "probe"):
            for item in facts(node):
                result.append((node.id, item.value, item))
        elif node.handler == "parallel":
            key = "parallel.results"
            result.append((node.id, key, ListItem(key, node.id_span)))
    return result


def restarts(edge: Edge) -> bool:
    return edge.attr_value("loop_restart").strip().lower() == "true"


def kept_keys(workflow: Workflow) -> frozenset[str]:
    """What a ``loop_restart`` keeps: the original inputs."""
    return frozenset(decl.name.value for decl in workflow.inputs)
