"""Loading the lark grammars shipped in ``dipcheck.grammars`` (the project's ``grammars/``).

A grammar's LALR tables are built ahead of time and shipped beside it (``grammars/*.tables``,
written by ``python -m dipcheck.grammar``), so a start neither rebuilds them nor trusts a cache
file someone else could have written. The tables are plain data (dicts, lists, tuples, strings,
numbers) in pickle's format, read by an unpickler that resolves no class or function at all,
so even a forged file cannot run code. When the shipped tables were built from another grammar
text or by another lark release, the tables are built here and kept, in the same form, in the
private per-user cache directory (:mod:`dipcheck.files`).

lark itself is imported only when a grammar is first needed: a run whose results all come
from the result cache never loads it.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import sys
import tempfile
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

import dipcheck.grammars
from dipcheck.hashing import sha256_hex
from dipcheck.records import field, record
from dipcheck.source import Span

if TYPE_CHECKING:
    from collections.abc import Iterable

    from lark import Lark, Token
    from lark.parsers.lalr_parser_state import ParserState

# The grammars whose tables ship: file name -> (start rule, lexer: "contextual" or the dotted
# name of a module-level lexer class).
SHIPPED = {
    "condition.lark": ("start", "contextual"),
    "dip.lark": ("start", "dipcheck.frontends.token_lexer.TokenListLexer"),
    "dot.lark": ("start", "dipcheck.frontends.token_lexer.TokenListLexer"),
}
_LEXER = "<lexer>"  # stands for the lexer class in stored tables
_MAX_TABLES = 4 * 1024 * 1024


# The grammars' directory (a package of plain files: read with open(), not importlib.resources,
# whose import costs a one-file lint more than reading the grammar does).
_GRAMMARS = os.path.dirname(os.path.abspath(dipcheck.grammars.__file__))


def _beside(name: str) -> str:
    return os.path.join(_GRAMMARS, name)


def grammar_text(name: str) -> str:
    with open(_beside(name), encoding="utf-8") as handle:
        return handle.read()


def _lexer_name(lexer: type | str) -> str:
    return lexer if isinstance(lexer, str) else f"{lexer.__module__}.{lexer.__qualname__}"


def tables_key(name: str, start: str, lexer: type | str) -> str:
    """What the tables of a grammar depend on: its text, start rule and lexer, and lark's
    release (the serialised form is lark's own)."""
    import lark

    parts = (grammar_text(name), start, _lexer_name(lexer), lark.__version__)
    return sha256_hex("\0".join(parts).encode("utf-8"))


def _options(start: str, lexer: type | str) -> dict[str, Any]:
    return {
        "parser": "lalr",
        "start": start,
        "propagate_positions": False,
        "maybe_placeholders": False,
        "lexer": lexer,
    }


class _PlainData(pickle.Unpickler):
    """Reads pickled plain data only: any class or function reference is refused, so loading
    cannot run code whoever wrote the file."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not plain data")


def _read_tables(data: bytes, key: str) -> tuple[dict[str, Any], dict[Any, Any]] | None:
    """The tables in ``data`` when they were built for ``key``, else None."""
    try:
        stored = _PlainData(io.BytesIO(data)).load()
    except Exception:  # a truncated or forged file is no tables, whatever it holds
        return None
    if not isinstance(stored, dict) or stored.get("key") != key:
        return None
    tables, memo = stored.get("data"), stored.get("memo")
    if not isinstance(tables, dict) or not isinstance(memo, dict):
        return None
    return tables, memo


def _tables_bytes(name: str, key: str) -> bytes:
    """The tables of grammar ``name`` (built now) as plain pickled data."""
    from lark import Lark

    start, lexer = _resolve(SHIPPED.get(name, ("start", "contextual")))
    parser = Lark(grammar_text(name), **_options(start, lexer))
    return _pickle_tables(parser, key)


def _pickle_tables(parser: Lark, key: str) -> bytes:
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {**data["options"], "lexer": _LEXER}
    data["parser"] = {**data["parser"]}
    data["parser"]["lexer_conf"] = {**data["parser"]["lexer_conf"], "lexer_type": _LEXER}
    blob = pickle.dumps({"key": key, "data": data, "memo": memo}, protocol=4)
    if _read_tables(blob, key) is None:  # a class slipped into the tables: do not keep them
        raise TypeError("the tables are not plain data")
    return blob


def _resolve(spec: tuple[str, str]) -> tuple[str, type | str]:
    start, lexer = spec
    if lexer == "contextual":
        return start, lexer
    module, _, attribute = lexer.rpartition(".")
    found: type = getattr(import_module(module), attribute)
    return start, found


def _from_tables(tables: dict[str, Any], memo: dict[Any, Any], lexer: type | str) -> Lark:
    from lark import Lark

    data = {**tables, "options": {**tables["options"], "lexer": lexer}}
    data["parser"] = {**tables["parser"]}
    data["parser"]["lexer_conf"] = {**tables["parser"]["lexer_conf"], "lexer_type": lexer}
    return Lark._load_from_dict(data, memo)


def _cached_tables_path(name: str, key: str) -> str | None:
    from dipcheck.files import private_cache_directory

    directory = private_cache_directory()
    if directory is None:
        return None
    return os.path.join(directory, f"{name}-{key[:24]}.tables")


@cache
def load_grammar(name: str, start: str = "start", lexer: type | str = "contextual") -> Lark:
    """The LALR parser of a grammar; ``lexer``: lark's contextual lexer, or a module-level
    lexer class of the caller's."""
    from lark import Lark

    key = tables_key(name, start, lexer)
    candidates: list[bytes] = []
    with (
        contextlib.suppress(OSError),
        open(_beside(name.removesuffix(".lark") + ".tables"), "rb") as shipped,
    ):
        candidates.append(shipped.read())
    cached = _cached_tables_path(name, key)
    if cached is not None:
        from dipcheck.files import read_private

        data = read_private(cached, _MAX_TABLES)
        if data is not None:
            candidates.append(data)
    for data in candidates:
        found = _read_tables(data, key)
        if found is not None:
            try:
                return _from_tables(*found, lexer)
            except Exception:  # tables that lark cannot load: build them below
                pass
    parser = Lark(grammar_text(name), **_options(start, lexer))
    if cached is not None:
        _keep(cached, parser, key)
    return parser


def _keep(path: str, parser: Lark, key: str) -> None:
    """Write the tables of ``parser`` to ``path`` atomically (quietly not when that fails)."""
    try:
        blob = _pickle_tables(parser, key)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(blob)
        os.replace(temporary, path)
    except (OSError, TypeError, pickle.PicklingError):
        pass


def write_tables() -> list[str]:
    """Build every shipped grammar's tables and write them beside the grammar; the paths."""
    written = []
    for name, spec in SHIPPED.items():
        start, lexer = _resolve(spec)
        path = _beside(name.removesuffix(".lark") + ".tables")
        with open(path, "wb") as handle:
            handle.write(_tables_bytes(name, tables_key(name, start, lexer)))
        written.append(path)
    return written


class Checkpoint:
    """A point of an LALR parse to go back to when a syntax error is recovered from.

    lark only ever appends to the trees on the value stack: a repetition's new child is added
    to its list in place, and the tree a reduction builds around it shares that list; deeper
    trees are complete. So a checkpoint keeps the stack and each tree's number of children,
    and going back cuts the lists to those numbers. Taking one costs the stack's depth, not
    the size of the trees (copying the trees at every statement made a file of 85,000
    statements quadratic)."""

    __slots__ = ("_lengths", "_state")

    def __init__(self, state: ParserState) -> None:
        from lark import Tree
        from lark.parsers.lalr_parser_state import ParserState

        stack = list(state.value_stack)
        self._state = ParserState(state.parse_conf, state.lexer, list(state.state_stack), stack)
        self._lengths = [len(value.children) if isinstance(value, Tree) else -1 for value in stack]

    @property
    def parse_conf(self) -> Any:
        return self._state.parse_conf

    @property
    def position(self) -> int:
        return self._state.position

    def restore(self) -> ParserState:
        """A parser state at this point (what was parsed since is dropped)."""
        from lark.parsers.lalr_parser_state import ParserState

        state = self._state
        for value, length in zip(state.value_stack, self._lengths, strict=True):
            if length >= 0:
                del value.children[length:]
        return ParserState(
            state.parse_conf, state.lexer, list(state.state_stack), list(state.value_stack)
        )


_Actions = dict[str, tuple[bool, Any]]
_TABLES: dict[int, tuple[object, dict[Any, _Actions]]] = {}


def action_table(conf: Any) -> dict[Any, _Actions]:
    """lark's LALR table of ``conf`` with each reduce action resolved once: ``(True, state)``
    to shift, ``(False, (size, rule name, tree builder))`` to reduce (lark looks the rule's
    length, name and callback up on every reduction; its rules hash in Python). Kept per
    table for the life of the process, as the grammar is."""
    from lark.parsers.lalr_analysis import Shift

    states = conf.states
    known = _TABLES.get(id(states))
    if known is not None and known[0] is states:
        return known[1]
    callbacks = conf.callbacks
    table: dict[Any, _Actions] = {
        state: {
            kind: (True, target)
            if action is Shift
            else (False, (len(target.expansion), target.origin.name, callbacks[target]))
            for kind, (action, target) in actions.items()
        }
        for state, actions in states.items()
    }
    _TABLES[id(states)] = (states, table)
    return table


def feed_all(state: ParserState, tokens: Iterable[Token]) -> bool:
    """Feed every one of ``tokens`` to ``state``; False at the first one the parse table has
    no action for (the state is then spent: go back to a :class:`Checkpoint`).

    This is lark's ``ParserState.feed_token`` (shift, or reduce until a shift) as one loop
    over all tokens, the tables and stacks looked up once instead of once per token: a
    10,000-node workflow has 150,000 tokens. It reads lark's tables directly: with a lark
    that lays them out otherwise it raises AttributeError, KeyError, TypeError or ValueError,
    and the caller feeds token by token instead."""
    conf = state.parse_conf
    table = action_table(conf)
    token_callbacks = {kind: call for kind, call in conf.callbacks.items() if isinstance(kind, str)}
    state_stack = state.state_stack
    value_stack = state.value_stack
    for token in tokens:
        kind = token.type
        while True:
            action = table[state_stack[-1]].get(kind)
            if action is None:
                return False
            shift, target = action
            if shift:
                state_stack.append(target)
                call = token_callbacks.get(kind)
                value_stack.append(token if call is None else call(token))
                break
            size, name, build = target  # reduce by a rule
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            state_stack.append(table[state_stack[-1]][name][1])
            value_stack.append(build(children))
    return True


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
