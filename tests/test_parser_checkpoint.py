"""Syntax-error recovery goes back to checkpoints (dipcheck.grammar.Checkpoint) that keep each
tree's number of children instead of copying the trees. The recovered trees and problems must
be those of copying checkpoints, on any mix of good and broken statements."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends import dip_lexer, dip_parser, dot_lexer, dot_parser
from dipcheck.grammar import Checkpoint
from dipcheck.lalr import ParserState, Tree
from dipcheck.source import SourceText


class CopyingCheckpoint:
    """The checkpoint as it was: the trees on the stack copied one level deep."""

    def __init__(self, state: object) -> None:
        assert isinstance(state, ParserState)
        values = [
            Tree(value.data, list(value.children)) if isinstance(value, Tree) else value
            for value in state.value_stack
        ]
        self._state = ParserState(state.tables, list(state.state_stack), values)
        self.position = self._state.position

    def accepts(self, kind: str) -> bool:
        return self._state.accepts(kind)

    def restore(self) -> object:
        copy = CopyingCheckpoint(self._state)
        return copy._state


DOT_STATEMENTS = [
    "a -> b;",
    'n [label="x", shape=box];',
    "a -> ;",
    "subgraph s { c; d -> e }",
    "{ f g }",
    "[shape=box]",
    "x = ;",
    "}",
    "{",
    "node [shape=box];",
    "g -> h -> i [label=y]",
    "-> ->",
]

DIP_LINES = [
    "  agent A\n    prompt: hi\n",
    "  tool T\n    command: echo hi\n",
    "  edges\n    A -> T\n",
    "  edges\n    A -> -> T\n",
    "  agent\n",
    "    stray: value\n",
    "  agent B\n    prompt:\n      line one\n      line two\n",
    "  human H\n    mode: choice\n",
    "      deep: indent\n",
    "  parallel P -> A, B\n",
    "  ->\n",
]


def _dot(source: SourceText, checkpoint: type, monkeypatch: object) -> object:
    monkeypatch.setattr(dot_parser, "Checkpoint", checkpoint)  # type: ignore[attr-defined]
    tree, problems = dot_parser.parse_tokens(source, dot_lexer.lex(source).tokens)
    return (tree, [(item.span.start, item.span.end, item.message) for item in problems])


def _dip(source: SourceText, checkpoint: type, monkeypatch: object) -> object:
    monkeypatch.setattr(dip_parser, "Checkpoint", checkpoint)  # type: ignore[attr-defined]
    tree, problems = dip_parser.parse_groups(source, dip_lexer.lex(source))
    return (tree, [(item.span.start, item.span.end, item.message) for item in problems])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DOT_STATEMENTS), max_size=25))
def test_dot_recovery_matches_copying_checkpoints(statements: list[str]) -> None:
    import pytest

    source = SourceText("<t>.dot", "digraph G {\n" + "\n".join(statements) + "\n}\n")
    with pytest.MonkeyPatch.context() as patch:
        copied = _dot(source, CopyingCheckpoint, patch)
    with pytest.MonkeyPatch.context() as patch:
        kept = _dot(source, Checkpoint, patch)
    assert kept == copied


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DIP_LINES), max_size=20))
def test_dip_recovery_matches_copying_checkpoints(lines: list[str]) -> None:
    import pytest

    text = "workflow W\n  start: A\n  exit: A\n" + "".join(lines)
    source = SourceText("<t>.dip", text)
    with pytest.MonkeyPatch.context() as patch:
        copied = _dip(source, CopyingCheckpoint, patch)
    with pytest.MonkeyPatch.context() as patch:
        kept = _dip(source, Checkpoint, patch)
    assert kept == copied


def test_a_checkpoint_does_not_copy_the_trees() -> None:
    """Taking a checkpoint at each of 20,000 statements after an error was quadratic (each
    copied the growing statement list: tools/fuzz.py dot seed 5555 #495, 300 KB, 28 s)."""
    body = "".join(f"n{number};\n" for number in range(20_000))
    source = SourceText("<t>.dot", "digraph G {\na -> ;\n" + body + "}\n")
    taken: list[Checkpoint] = []

    class Counting(Checkpoint):
        def __init__(self, state: object) -> None:
            super().__init__(state)  # type: ignore[arg-type]
            taken.append(self)

    import pytest

    with pytest.MonkeyPatch.context() as patch:
        _, problems = _dot(source, Counting, patch)  # type: ignore[misc]
    assert len(taken) > 20_000 and len(problems) == 1

    def largest(checkpoint: Checkpoint) -> list[object]:
        trees = [value for value in checkpoint._state.value_stack if isinstance(value, Tree)]
        return max((value.children for value in trees), key=len)

    # the statement list grows in one list that every later checkpoint shares, not copies
    assert largest(taken[-1]) is largest(taken[-1000]) and len(largest(taken[-1])) > 10_000
