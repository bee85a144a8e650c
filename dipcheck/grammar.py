"""The grammars shipped in ``dipcheck.grammars`` (the project's ``grammars/``) and their tables.

Each grammar's LALR tables are built ahead of time by lark and shipped beside it as plain JSON
(``grammars/*.tables``, written by ``python -m dipcheck.grammar``); :mod:`dipcheck.lalr` runs
them, so a lint neither imports lark nor reads anything but JSON. When a grammar's text is not
the one its tables were built from (a grammar edited without running the command), the tables
are built from the grammar in memory, with lark, for the life of the process.
"""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

import dipcheck.grammars
from dipcheck.hashing import sha256_hex
from dipcheck.lalr import ParserState, Tables, Tree
from dipcheck.records import field, record
from dipcheck.source import Span

if TYPE_CHECKING:
    from lark import Lark

# The grammars whose tables ship: file name -> (start rule, lexer): "contextual" when the text
# is lexed by the grammar's own terminals, "tokens" when a front-end's lexer hands the tokens.
SHIPPED = {
    "condition.lark": ("start", "contextual"),
    "dip.lark": ("start", "tokens"),
    "dot.lark": ("start", "tokens"),
}
# The layout of the stored tables: change it when :func:`build_tables` writes another.
_FORMAT = "dipcheck-lalr-1"

# The grammars' directory (a package of plain files: read with open(), not importlib.resources,
# whose import costs a one-file lint more than reading the grammar does).
_GRAMMARS = os.path.dirname(os.path.abspath(dipcheck.grammars.__file__))


def _beside(name: str) -> str:
    return os.path.join(_GRAMMARS, name)


def grammar_text(name: str) -> str:
    with open(_beside(name), encoding="utf-8") as handle:
        return handle.read()


def tables_key(name: str) -> str:
    """What the tables of a grammar depend on: its text, start rule and lexer, and the layout."""
    start, lexer = SHIPPED[name]
    return sha256_hex("\0".join((grammar_text(name), start, lexer, _FORMAT)).encode("utf-8"))


def _lark(name: str) -> Lark:
    from lark import Lark
    from lark.lexer import Lexer

    class _Handed(Lexer):  # the tokens come from a front-end's lexer: no terminals to build
        def __init__(self, conf: object) -> None:
            del conf

        def lex(self, lexer_state: Any, parser_state: Any) -> Any:
            raise NotImplementedError

    start, lexer = SHIPPED[name]
    return Lark(
        grammar_text(name),
        parser="lalr",
        start=start,
        lexer="contextual" if lexer == "contextual" else _Handed,
        propagate_positions=False,
        maybe_placeholders=False,
    )


def build_tables(name: str) -> dict[str, Any]:
    """The tables of grammar ``name``, built by lark, as plain data for :class:`Tables`.

    The rules carry what lark's tree builder does at each reduction (which children are kept,
    which ``_rule`` children are inlined, whether a ``?rule`` of one child gives way to it),
    taken from lark's own builder; a grammar needing more of lark (token callbacks, a terminal
    lark checks against a keyword list) is refused."""
    from lark.parse_tree_builder import maybe_create_child_filter
    from lark.parsers.lalr_analysis import Shift

    parser = _lark(name)
    frontend = parser.parser
    table = frontend.parser._parse_table
    start = SHIPPED[name][0]
    rules: list[list[Any]] = []
    index_of: dict[Any, int] = {}
    for rule in parser.rules:
        options = rule.options
        included = maybe_create_child_filter(rule.expansion, options.keep_all_tokens, False, None)
        include = None if included is None else [list(item) for item in included.args[0]]
        tree_name = rule.alias or options.template_source or rule.origin.name
        expand_one = bool(options.expand1 and not rule.alias)
        index_of[rule] = len(rules)
        rules.append([rule.origin.name, tree_name, len(rule.expansion), expand_one, include])
    count = len(table.states)
    if sorted(table.states) != list(range(count)):
        raise ValueError(f"{name}: the states are not numbered 0..{count - 1}")
    states = [
        {
            symbol: [True, target] if action is Shift else [False, index_of[target]]
            for symbol, (action, target) in sorted(table.states[state].items())
        }
        for state in range(count)
    ]
    data: dict[str, Any] = {
        "key": tables_key(name),
        "start": table.start_states[start],
        "end": table.end_states[start],
        "rules": rules,
        "states": states,
    }
    if SHIPPED[name][1] == "contextual":
        data["lexer"] = _contextual_lexer(name, frontend.lexer, count)
    return data


def _contextual_lexer(name: str, lexer: Any, count: int) -> dict[str, Any]:
    """lark's contextual lexer as data: each state's terminals in the order lark tries them."""
    scanners: list[list[str]] = []
    numbers: dict[tuple[str, ...], int] = {}
    regexps: dict[str, str] = {}

    def number(basic: Any) -> int:
        scanner = basic.scanner  # built on first use: lark drops keyword-like strings here
        if basic.callback or basic.user_callbacks:
            raise ValueError(f"{name}: a terminal needs a lark callback")
        names = tuple(terminal.name for terminal in scanner.terminals)
        for terminal in scanner.terminals:
            regexps[terminal.name] = terminal.pattern.to_regexp()
        if names not in numbers:
            numbers[names] = len(scanners)
            scanners.append(list(names))
        return numbers[names]

    root = lexer.root_lexer
    return {
        "ignore": sorted(root.ignore_types),
        "newlines": sorted(root.newline_types),
        "by_state": [number(lexer.lexers[state]) for state in range(count)],
        "root": number(root),
        "scanners": scanners,
        "regexps": regexps,
    }


@cache
def load_tables(name: str) -> Tables:
    """The LALR tables of grammar ``name``: the shipped ones when they were built from its
    text, else built now."""
    try:
        with open(_beside(name.removesuffix(".lark") + ".tables"), encoding="utf-8") as handle:
            data = json.load(handle)
        if isinstance(data, dict) and data.get("key") == tables_key(name):
            return Tables(data)
    except (OSError, ValueError, TypeError, KeyError, IndexError):
        pass  # missing, unreadable or stale: build them below
    return Tables(build_tables(name))


def write_tables() -> list[str]:
    """Build every shipped grammar's tables and write them beside the grammar; the paths."""
    written = []
    for name in SHIPPED:
        path = _beside(name.removesuffix(".lark") + ".tables")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(build_tables(name), handle, separators=(",", ":"), sort_keys=True)
            handle.write("\n")
        written.append(path)
    return written


class Checkpoint:
    """A point of an LALR parse to go back to when a syntax error is recovered from.

    Reductions only ever append to the trees on the value stack: a repetition's new child is
    added to its list in place, and the tree a reduction builds around it shares that list;
    deeper trees are complete. So a checkpoint keeps the stack and each tree's number of
    children, and going back cuts the lists to those numbers. Taking one costs the stack's
    depth, not the size of the trees (copying the trees at every statement made a file of
    85,000 statements quadratic)."""

    __slots__ = ("_lengths", "_state")

    def __init__(self, state: ParserState) -> None:
        stack = list(state.value_stack)
        self._state = ParserState(state.tables, list(state.state_stack), stack)
        self._lengths = [len(value.children) if isinstance(value, Tree) else -1 for value in stack]

    @property
    def position(self) -> int:
        return self._state.position

    def accepts(self, kind: str) -> bool:
        return self._state.accepts(kind)

    def restore(self) -> ParserState:
        """A parser state at this point (what was parsed since is dropped)."""
        state = self._state
        for value, length in zip(state.value_stack, self._lengths, strict=True):
            if length >= 0:
                del value.children[length:]
        return ParserState(state.tables, list(state.state_stack), list(state.value_stack))


@record(frozen=True, slots=True)
class SyntaxProblem:
    span: Span
    message: str


@record
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


if __name__ == "__main__":
    for written in write_tables():
        print(f"wrote {written}", file=sys.stderr)
