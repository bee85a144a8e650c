"""Loading the lark grammars shipped in ``dipcheck.grammars`` (the project's ``grammars/``).

Grammars are built once per process, and lark's analysis is cached on disk so that a CLI
start does not rebuild the LALR tables. lark itself is imported only when a grammar is first
needed: a run whose results all come from the result cache never loads it.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from dipcheck.source import Span

if TYPE_CHECKING:
    from lark import Lark
    from lark.parsers.lalr_parser_state import ParserState


def grammar_text(name: str) -> str:
    return files("dipcheck.grammars").joinpath(name).read_text(encoding="utf-8")


def _cache_path(name: str) -> str | bool:
    directory = os.environ.get("DIPCHECK_CACHE_DIR") or os.path.join(
        tempfile.gettempdir(), f"dipcheck-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
    )
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError:
        return False
    return os.path.join(directory, f"{name}.cache")


@cache
def load_grammar(name: str, start: str = "start", lexer: type | str = "contextual") -> Lark:
    """The LALR parser of a grammar; ``lexer``: lark's contextual lexer, or a lexer class of
    the caller's (a module-level class: lark's on-disk cache stores it by reference)."""
    from lark import Lark

    options: dict[str, Any] = {
        "parser": "lalr",
        "start": start,
        "propagate_positions": False,
        "maybe_placeholders": False,
        "lexer": lexer,
    }
    cache_path = _cache_path(name)
    try:
        return Lark(grammar_text(name), cache=cache_path, **options)
    except OSError:
        return Lark(grammar_text(name), **options)


def snapshot_state(state: ParserState) -> ParserState:
    """A copy of an LALR parser state that later reductions cannot change, to go back to when
    a syntax error is recovered from.

    lark extends the child list of a repetition in place, so the trees on the value stack are
    copied one level deep (deeper trees are complete and never change)."""
    from lark import Tree
    from lark.parsers.lalr_parser_state import ParserState

    values = [
        Tree(value.data, list(value.children)) if isinstance(value, Tree) else value
        for value in state.value_stack
    ]
    return ParserState(state.parse_conf, state.lexer, list(state.state_stack), values)


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    span: Span
    message: str


@dataclass
class ProblemLog:
    """Syntax problems of one file, at most one per line (the first error on a line explains
    the ones recovery would find after it)."""

    problems: list[SyntaxProblem] = field(default_factory=list)
    lines: set[int] = field(default_factory=set)

    def record(self, span: Span, message: str) -> None:
        line = span.source.line_of(span.start)
        if line not in self.lines:
            self.lines.add(line)
            self.problems.append(SyntaxProblem(span, message))
