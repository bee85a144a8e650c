"""The simulator's check of a tool command (``handlers.command_problem``) reads each node's
command once per run instead of scanning and expanding it at every visit: a fuzzed 172 KB
DOT pipeline with ``select = ALL`` took 25 s in the simulation rules, mostly there (tools/fuzz.py
lsp seed 1209 #241). The answers are the ones the scan at every visit gave."""

from __future__ import annotations

import time
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis.runtime import TOOL_SAFE_KEYS
from dipcheck.engine import lint_text
from dipcheck.references import placeholders
from dipcheck.simulate.expand import expand, expand_graph_variables
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import command_problem, command_text

PIECES = st.sampled_from(
    [
        *("${ctx.k}", "${ctx.outcome}", "${ctx.other}", "${ctx.inputs.k}", "${ctx."),
        *("${inputs.k}", "${inputs.other}", "${graph.goal}", "${k}", "${}", " ", "x"),
    ]
)
KEYS = st.sampled_from(["k", "outcome", "inputs.k", "graph.goal", "other", "inputs.other"])


def _graph(command: str) -> RunGraph:
    text = (
        "workflow W\n  goal: ship\n  start: T\n  exit: T\n\n  tool T\n    command:\n"
        f"      {command}\n"
    )
    result = lint_text(text, "<t>.dip")
    assert result.workflow is not None
    return RunGraph(result.workflow)


def _scanned_each_time(graph: RunGraph, ctx: Mapping[str, str]) -> str | None:
    """What command_problem answered when it scanned and expanded the command every time."""
    text = expand_graph_variables(command_text(graph, "T"), graph.graph_values)
    failed = "node 'T' tool_command variable expansion failed: tool_command references unsafe"
    where = "(docs/runtime/tools.md#keys-a-command-may-use)"
    for item in placeholders(text):
        namespace, _, key = item.inner.partition(".")
        if namespace == "ctx" and key not in TOOL_SAFE_KEYS and key in ctx:
            return (
                f"{failed} variable ${{ctx.{key}}} — LLM/tool output cannot be interpolated "
                f"into shell commands {where}"
            )
        if namespace == "inputs" and f"inputs.{key}" in ctx:
            return (
                f"{failed} variable ${{inputs.{key}}} — caller-supplied inputs cannot be "
                f"interpolated into shell commands {where}"
            )
    if not expand(text, ctx, graph.graph_values).strip():
        return (
            "node 'T' tool_command expanded to empty — check that all ${...} references "
            f"resolve {where}"
        )
    return None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(PIECES, min_size=1, max_size=8).map("".join),
    st.lists(st.dictionaries(KEYS, st.sampled_from(["", " ", "v"]), max_size=6), max_size=4),
)
def test_each_visit_gets_the_answer_a_full_scan_gave(command: str, contexts: list[dict]) -> None:
    if not command.strip():
        return  # (an empty command block is a different finding: no tool node to run)
    graph = _graph(command)
    for ctx in contexts:  # the same graph, so the facts read at the first visit are reused
        assert command_problem(graph, "T", ctx) == _scanned_each_time(graph, ctx)


def test_a_long_command_visited_often_is_read_once() -> None:
    """20,000 visits of a node whose command is 100 KB took seconds when every visit scanned
    it; reading it once makes them milliseconds."""
    graph = _graph("echo " + "${ctx.outcome} word " * 5000)
    started = time.process_time()
    for _ in range(20_000):
        assert command_problem(graph, "T", {"outcome": "success"}) is None
    assert time.process_time() - started < 1.0
