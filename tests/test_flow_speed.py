"""The availability checks' shortcuts give the findings of the general path, on random
workflows and on the fixtures: reads of ambient keys left out before their place is
described (``ContextReads``' ``settled``), and the failure-loss question (DC108) skipped when
no parallel block can lose a failed branch's writes; and the witness walk's nearest
predecessor found in one pass, as ``min`` over the candidates found it."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis import runtime, typed_outputs
from dipcheck.analysis.context_reads import ContextReads, Read
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.diagnostics import Diagnostic, finished
from dipcheck.engine import lint_text
from dipcheck.frontends.dip import load_dip
from dipcheck.model import RefKind, Workflow
from dipcheck.rules import availability
from dipcheck.rules.availability import Availability
from dipcheck.rules.context import Context
from dipcheck.source import SourceText

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
KEYS = ["a", "b", "c"]
# ambient keys (two of tracker's, one by prefix), a scoped read, keys nobody writes
READ = [*KEYS, "outcome", "last_response", "tool_stdout", "node.N0.response", "zz"]
CONDITIONS = ["", "when ctx.outcome = success", "when ctx.outcome = fail", "when ctx.a = x"]


@st.composite
def workflows(draw: st.DrawFn) -> str:
    size = draw(st.integers(min_value=1, max_value=8))
    names = [f"N{index}" for index in range(size)]
    lines = ["workflow Random", "  start: N0", f"  exit: N{size - 1}"]
    written = st.lists(st.sampled_from(KEYS), max_size=2, unique=True)
    read = st.lists(st.sampled_from(READ), max_size=3)
    for block in range(draw(st.sampled_from([0, 0, 1, 2]))):
        branches = [f"B{block}_{index}" for index in range(draw(st.integers(1, 3)))]
        lines.append(f"  parallel P{block} -> {', '.join(branches)}")
        policy = draw(st.sampled_from(["", "all", "any"]))
        if policy:
            lines.append(f"    fan_in_policy: {policy}")
        if draw(st.integers(0, 3)):
            lines.append(f"  fan_in J{block} <- {', '.join(branches)}")
            names.append(f"J{block}")
        for branch in branches:
            lines += [f"  agent {branch}", "    prompt: Branch."]
            keys = draw(written)
            if keys:
                lines.append(f"    writes: {', '.join(keys)}")
            names.append(branch)
        names.append(f"P{block}")
    for index in range(size):
        if index and draw(st.integers(0, 7)) == 0:
            lines += [f"  subgraph N{index}", "    ref: child.dip"]
            continue
        reads = "".join(f" ${{ctx.{key}}}" for key in draw(read))
        lines += [f"  agent N{index}", f"    prompt: Step{reads}."]
        keys = draw(written)
        if keys:
            lines.append(f"    writes: {', '.join(keys)}")
    pairs = st.tuples(st.sampled_from(names), st.sampled_from(names), st.sampled_from(CONDITIONS))
    edges = sorted(set(draw(st.lists(pairs, max_size=14))))
    edges += [(f"N{index}", f"N{index + 1}", "") for index in range(size - 1)]
    lines.append("  edges")
    lines.extend(f"    {source} -> {target}  {condition}" for source, target, condition in edges)
    return "\n".join(lines) + "\n"


class _General(Availability):
    """Every read classified (with :func:`_general`), an ambient one as ``_classify`` once
    told it apart, and the failure-loss question asked of every read available on every
    path."""

    _lossy = True  # (shadows the shortcut's property)

    def _classify(self, item: Read, reached: bool) -> Diagnostic | None:
        if self.workflow.format != "yaml" and item.ref.kind is not RefKind.SCOPED:
            ambient = typed_outputs.is_ambient if self.typed else runtime.is_ambient
            if ambient(item.key):
                return None
        return super()._classify(item, reached)


def _findings(analysis: type[Availability], workflow: Workflow) -> list[Diagnostic]:
    return [finished(item) for item in analysis(Context(workflow)).findings]


def _general(workflow: Workflow) -> list[Diagnostic]:
    def every_read(workflow: Workflow, settled: object = None) -> ContextReads:
        return ContextReads(workflow)

    with mock.patch.object(availability, "ContextReads", every_read):
        return _findings(_General, workflow)


def _workflow(text: str) -> Workflow:
    workflow = load_dip(SourceText("random.dip", text)).workflow
    assert workflow is not None
    return workflow


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_availability_findings_as_the_general_path(text: str) -> None:
    workflow = _workflow(text)
    assert _findings(Availability, workflow) == _general(workflow), text


@settings(max_examples=200, deadline=None)
@given(workflows())
def test_settled_reads_are_only_left_out(text: str) -> None:
    """The reads kept are the others, in the same order, described the same."""
    workflow = _workflow(text)
    every = ContextReads(workflow).items

    def settled(key: str) -> bool:
        return key in ("outcome", "a", "node.N0.response")

    kept = ContextReads(workflow, settled).items
    # (a scoped read is never left out, whatever its key)
    expected = [item for item in every if item.ref.kind is RefKind.SCOPED or not settled(item.key)]
    assert kept == expected, text


def test_fixtures_and_corpus_like_files_as_the_general_path() -> None:
    """The fixtures in every format (the typed-outputs DOT dialect's own ambient keys, step
    workflows, lossy parallel blocks)."""
    checked = 0
    for path in sorted(FIXTURES.rglob("*")):
        if path.suffix not in (".dip", ".dot", ".yaml", ".yml") or not path.is_file():
            continue
        workflow = lint_text(path.read_text(encoding="utf-8"), str(path)).workflow
        if workflow is None:
            continue
        assert _findings(Availability, workflow) == _general(workflow), path
        checked += 1
    assert checked >= 5


def test_lossy_block_still_reports_a_lost_key() -> None:
    text = "\n".join(
        [
            "workflow Lossy",
            "  start: S",
            "  exit: E",
            "  agent S",
            "    prompt: Go.",
            "  parallel P -> A, B",
            "  fan_in J <- A, B",
            "  agent A",
            "    prompt: A.",
            "    writes: k",
            "  agent B",
            "    prompt: B.",
            "    writes: m",
            "  agent E",
            "    prompt: Use ${ctx.k} after ${ctx.outcome}.",
            "  edges",
            "    S -> P",
            "    J -> E",
        ]
    )
    workflow = _workflow(text + "\n")
    found = _findings(Availability, workflow)
    assert [item.code for item in found] == ["DC108"]
    assert found == _general(workflow)


@settings(max_examples=200, deadline=None)
@given(workflows(), st.sets(st.integers(0, 30)), st.sets(st.integers(0, 30)))
def test_the_nearest_predecessor_is_the_first_nearest(
    text: str, lacking: set[int], seen: set[int]
) -> None:
    """``ContextFlow._back`` (one pass) picks what ``min`` over the candidates picked."""
    flow = ContextFlow(_workflow(text))
    depth = flow.tree[1]
    names = sorted(depth)

    def lacks(candidate: str, into: str) -> bool:
        return candidate in depth and names.index(candidate) in lacking

    for node in names:
        visited = {node, *(name for index, name in enumerate(names) if index in seen)}
        options = [p for p in flow.predecessors[node] if p not in visited and lacks(p, node)]
        expected = min(options, key=depth.__getitem__) if options else None
        assert flow._back(node, lacks, visited) == expected, (text, node)
