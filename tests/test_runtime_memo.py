"""Facts kept with a workflow (``Workflow.derived``): the handler each node runs and the nodes
each handler runs are worked out once per workflow, and belong to that workflow only."""

from __future__ import annotations

from helpers import dedent, run

from dipcheck.analysis import runtime
from dipcheck.analysis.runtime import Handler
from dipcheck.model import Workflow
from dipcheck.records import replace

TEXT = dedent(
    """
    workflow W
      start: A
      exit: B

      agent A
        label: first
      agent B
        prompt: finish

      edges
        A -> B
    """
)


def _workflow() -> Workflow:
    workflow = run(TEXT).workflow
    assert workflow is not None
    return workflow


def _started_at(workflow: Workflow, node_id: str) -> Workflow:
    """The same nodes (the very objects) in a workflow that starts elsewhere."""
    header = tuple(
        replace(item, value=replace(item.value, value=node_id)) if item.key == "start" else item
        for item in workflow.header
    )
    moved = replace(workflow, header=header)
    assert moved.start == node_id and moved.nodes[0] is workflow.nodes[0]
    return moved


def test_a_node_runs_the_handler_its_own_workflow_gives_it() -> None:
    """A prompt-less agent is the passthrough start only in the workflow that starts there:
    asked about one workflow first, the other still gets its own answer, either way round."""
    first = _workflow()
    other = _started_at(first, "B")
    node = first.nodes[0]
    assert runtime.handler_of(node, first) is Handler.START
    assert runtime.handler_of(node, other) is Handler.CODERGEN
    again = _workflow()
    second = _started_at(again, "B")
    assert runtime.handler_of(again.nodes[0], second) is Handler.CODERGEN
    assert runtime.handler_of(again.nodes[0], again) is Handler.START


def test_nodes_run_by_a_handler_are_listed_per_workflow() -> None:
    first = _workflow()
    other = _started_at(first, "B")
    assert [node.id for node in runtime.nodes_run_by(first, Handler.START)] == ["A"]
    assert [node.id for node in runtime.nodes_run_by(other, Handler.START)] == []
    assert [node.id for node in runtime.nodes_run_by(other, Handler.CODERGEN)] == ["A", "B"]
    assert [node.id for node in runtime.nodes_run_by(first, Handler.CODERGEN)] == ["B"]
