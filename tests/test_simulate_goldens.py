"""The tracker conformance goldens (tracker-runtime.md §8.1): for every fixture whose path does
not depend on a harness-only limit, the simulator — given the scenario the harness implies —
visits the same nodes, takes the same edge at every trace entry, completes the same nodes and
ends in the same status class as tracker's own recorded run.

The harness: a stub completer that answers every agent (an empty reply, i.e. `retry`, for
fixtures named `*retry*`), auto-approve for human gates (the default scenario's answers), and
real tool commands — which the simulator never runs, so their exit code and output come from
the scenario, read off the command in the fixture.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from simulate_support import simulate_file

pytestmark = pytest.mark.corpus

GOLDEN = (
    Path(__file__).resolve().parents[1].parent
    / "shared/corpus/tracker/cmd/tracker-conformance/testdata/golden"
)

# fixture → the scenario its harness run implies (None: the default scenario)
SCENARIOS: dict[str, str | None] = {
    "agent_linear": None,
    "control_flow": "nodes: {Setup: {stdout: setup-ok, exit_code: 0}}",  # printf 'setup-ok'
    "interview": None,
    "manager_loop": None,  # the child finishes before the first poll
    "parallel_fanin": None,
    "retry_exhausted": "nodes: {Flaky: {outcome: retry}}",  # the empty-reply stub
    "subgraph": None,
    "tool_failure": "nodes: {Boom: {exit_code: 1}}",  # exit 1
    "validation_overridden": "nodes: {Check: {exit_code: 1}}",  # exit 1
}
# Their path depends on a harness-only limit, which no scenario expresses.
HARNESS_ONLY = {
    "budget_exceeded": "MaxTotalTokens=10 breaks between nodes (a harness budget)",
    "paused_billing": "the billing stub's credit error (a harness billing pause)",
}


def _fixtures() -> list[str]:
    if not GOLDEN.is_dir():
        return []
    return sorted(path.name.removesuffix(".golden.json") for path in GOLDEN.glob("*.golden.json"))


@pytest.fixture
def golden_dir() -> Path:
    if not GOLDEN.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    return GOLDEN


def test_every_golden_is_classified(golden_dir: Path) -> None:
    assert sorted([*SCENARIOS, *HARNESS_ONLY]) == _fixtures()


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden(golden_dir: Path, name: str) -> None:
    golden = json.loads((golden_dir / f"{name}.golden.json").read_text())
    sim = simulate_file(str(golden_dir / f"{name}.dip"), SCENARIOS[name])
    assert sim.run.end is not None

    # the same status class
    assert ("succeeded" if sim.run.end.succeeded else "failed") == golden["status_class"]
    if golden["terminal_status"] in ("success", "validation_overridden", "fail"):
        expected = "fail" if golden["terminal_status"] == "fail" else golden["terminal_status"]
        assert sim.status == expected

    # the same edge at every trace entry (tracker sorts entries by node, stably)
    ours = sorted(
        (
            {
                "node_id": step.node,
                "handler_name": step.handler,
                "status": step.outcome,
                **({"edge_to": step.edge.target} if step.edge is not None else {}),
            }
            for step in sim.run.top
        ),
        key=lambda entry: entry["node_id"],
    )
    theirs = [
        {key: value for key, value in entry.items() if key != "stats"}
        for entry in golden["trace_entries"]
    ]
    assert ours == theirs

    # the same nodes visited (node_events names branches and `Parent/Child` nodes too)
    visited = {step.node for step in sim.run.steps}
    assert visited == set(golden["node_events"])

    # the same nodes completed
    completed = {step.node for step in sim.run.top if step.outcome in ("success", "fail")}
    assert completed == set(golden["completed_nodes"])
