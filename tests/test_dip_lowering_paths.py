"""The ``.dip`` lowering's short paths for the commonest lines give what the general path
gives: ``load_dip``'s whole result (every field and span of the workflow, every diagnostic)
is the same with the short paths as with the general methods they stand in for, on generated
files and on mutated ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends.dip import _Lowering, load_dip
from dipcheck.frontends.dip_fields import child_trees
from dipcheck.frontends.dip_graph import GraphLowering
from dipcheck.lalr import Tree
from dipcheck.model import Field, Reference
from dipcheck.references import condition_references
from dipcheck.source import SourceText

PROJECT = Path(__file__).resolve().parents[1]


def _general_edges_block(self: GraphLowering, tree: Tree) -> None:
    """Every edge through :meth:`GraphLowering.edge`, as before the short path."""
    for item in child_trees(tree):
        if item.data == "else_edge":
            self.else_edge(item)
        else:
            self.edge(item)


def _general_block_fields(self: GraphLowering, items: list[Tree]) -> list[Field]:
    """Every field through :meth:`FieldLowering.field`, as before the short path."""
    return [self.field(item) for item in items]


def _general_edge_condition_references(self: _Lowering) -> list[Reference]:
    """Every edge condition read by ``condition_references``, as before the moved copies."""
    result: list[Reference] = []
    for edge in self.edges:
        if edge.condition is not None:
            result.extend(condition_references(edge.source.value, edge.condition))
    return result


def _result(source: SourceText, general: bool) -> Any:
    with pytest.MonkeyPatch.context() as patch:
        if general:
            patch.setattr(GraphLowering, "edges_block", _general_edges_block)
            patch.setattr(GraphLowering, "block_fields", _general_block_fields)
            patch.setattr(
                _Lowering, "edge_condition_references", _general_edge_condition_references
            )
        result = load_dip(source, None)
    return result.workflow, result.diagnostics


def _check(text: str) -> None:
    source = SourceText("<t>.dip", text)  # (one source: spans compare their source by identity)
    assert _result(source, False) == _result(source, True)


NAMES = st.sampled_from(["A", "B", "c_1", "D-2", "else", "when", "x.y", "loop", '"Q"'])
CONDITIONS = st.sampled_from(
    [
        "ctx.outcome = success",
        "ctx.x != 1 and not ctx.y = 2",
        "ctx.a contains ${ctx.b}",
        "(((",
        "",
        "ctx.node.N.k = v",
        "x=1",
        "ctx.a = ${ctx.b} or graph.c != 2 and params.p = ${x}",
        "node.N.k = 1 or context.node.M.j = 2",
        '\\"quoted\\" = 1',
    ]
)
ATTRS = st.sampled_from(
    ["", " loop", " label: go", ' label: "a b"', " weight: x", " on fail", " when y", " foo: 1"]
)


@st.composite
def _edge_line(draw: st.DrawFn) -> str:
    source, target = draw(NAMES), draw(NAMES)
    line = f"    {source} -> {target}"
    if draw(st.booleans()):
        line += " when " + draw(CONDITIONS)
    return line + draw(ATTRS) + draw(st.sampled_from(["", "  ", " # c", "\t"]))


NODE_LINES = st.sampled_from(
    [
        "  agent A\n    prompt: go ${ctx.k}\n    writes: k\n",
        "  agent A\n    prompt: 'quoted'\n    model: \"m\"\n    reads: a, b\n",
        "  agent A\n    prompt: x\n    params:\n      a: 1\n    retry:\n      max: 2\n",
        "  agent A\n    prompt: x\n    max_turns: many\n    prompt: again\n",
        "  agent A\n    prompt: x\n    unknown_key: v\n    prompt_file: p.md\n",
        "  parallel P -> A, B\n    model: m\n",
        "  fan_in J <- A, B\n",
        "  agent E\n",
        "  tool B\n    command: echo\n",
        "  agent c_1\n    prompt:\n      many\n      lines\n",
        "  human D-2\n    mode: choice\n",
        "  agent A\n    prompt: twice\n",
    ]
)


@st.composite
def _file(draw: st.DrawFn) -> str:
    nodes = "".join(draw(st.lists(NODE_LINES, max_size=4)))
    edges = draw(st.lists(_edge_line(), max_size=8))
    text = "workflow W\n  start: A\n  exit: B\n" + nodes
    if edges or draw(st.booleans()):
        text += "  edges\n" + "".join(line + "\n" for line in edges)
    if draw(st.booleans()):
        text += "    else -> B\n"
    return text


@settings(max_examples=400, deadline=None)
@given(_file())
def test_generated_files(text: str) -> None:
    _check(text)


@settings(max_examples=400, deadline=None)
@given(_file(), st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([*"-> :#\"'\n\t x"]))))
def test_mutated_files(text: str, edits: list[tuple[int, str]]) -> None:
    for position, piece in edits:
        at = position % (len(text) + 1)
        text = text[:at] + piece + text[at + 1 :] if piece != "x" else text[:at] + text[at + 1 :]
    _check(text)


def _files() -> list[Path]:
    return sorted([*CORPUS.rglob("*.dip"), *(PROJECT / "fixtures").rglob("*.dip")])


@pytest.mark.parametrize("path", _files(), ids=lambda path: path.name)
def test_corpus_and_fixture_files(path: Path) -> None:
    _check(path.read_text(encoding="utf-8", errors="replace"))
