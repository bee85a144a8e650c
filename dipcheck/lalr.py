"""The LALR parser the front-ends run, on tables built ahead of time from the lark grammars.

lark builds the tables (``python -m dipcheck.grammar`` writes them beside each grammar, as
plain JSON); this module only runs them, so a lint never imports lark, which with what it
imports (``dataclasses``, ``inspect``, ``logging``, ``pickle``, ``hashlib``) was the largest
part of a one-file lint's start. The trees are those lark builds for the same grammar with
``maybe_placeholders=False``: the same rule names, the same filtered tokens, ``_rule``
children inlined and ``?rule`` nodes with one child replaced by it (a test compares the two
on generated text).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any, NoReturn


class Token(str):
    """A piece of the text with its kind and place: a ``str`` equal to its text, as lark's
    tokens are (tokens of different kinds are unequal)."""

    __slots__ = (
        "column",
        "end_column",
        "end_line",
        "end_pos",
        "line",
        "start_pos",
        "type",
        "value",
    )

    type: str
    value: str
    start_pos: int | None
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(
        cls,
        type: str,
        value: str,
        start_pos: int | None = None,
        line: int | None = None,
        column: int | None = None,
        end_line: int | None = None,
        end_column: int | None = None,
        end_pos: int | None = None,
    ) -> Token:
        token = str.__new__(cls, value)
        token.type = type
        token.value = value
        token.start_pos = start_pos
        token.line = line
        token.column = column
        token.end_line = end_line
        token.end_column = end_column
        token.end_pos = end_pos
        return token

    def _place(self) -> tuple[int | None, ...]:
        return (
            self.start_pos,
            self.line,
            self.column,
            self.end_line,
            self.end_column,
            self.end_pos,
        )

    def update(self, type: str | None = None, value: str | None = None) -> Token:
        """A copy with another kind or text, in the same place."""
        kind = self.type if type is None else type
        return Token(kind, self.value if value is None else value, *self._place())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Token, (self.type, self.value, *self._place()))


_new_str = str.__new__


def new_token(kind: str, value: str, start: int, end: int) -> Token:
    """A token at offsets ``start``..``end`` without lines and columns (the front-ends take
    those from the source): the fields set directly, without a call to ``Token.__new__``; a
    large file has 150,000 tokens."""
    token = _new_str(Token, value)
    token.type = kind
    token.value = value
    token.start_pos = start
    token.end_pos = end
    token.line = token.column = token.end_line = token.end_column = None
    return token


class Tree:
    """A node of the parse tree: the rule's name (or alias) and its children."""

    __slots__ = ("children", "data")

    def __init__(self, data: str, children: list[Tree | Token]) -> None:
        self.data = data
        self.children = children

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return self.data == other.data and self.children == other.children

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


class UnexpectedToken(Exception):
    """The parse table has no action for ``token`` here; ``expected``: the terminals it has."""

    def __init__(self, token: Token, expected: set[str]) -> None:
        super().__init__(f"unexpected {token.type} {token!r}")
        self.token = token
        self.expected = expected


class UnexpectedCharacters(Exception):
    """No terminal the parser can take matches the text at ``pos_in_stream``."""

    def __init__(self, pos_in_stream: int, allowed: set[str]) -> None:
        super().__init__(f"no terminal matches at {pos_in_stream}")
        self.pos_in_stream = pos_in_stream
        self.allowed = allowed


_Builder = Callable[[list[Any]], Any]
# a state's actions: terminal or rule name -> (True, next state) or (False, (size, the state
# each state goes to with the rule's name on top, what the reduction builds))
_Actions = dict[str, tuple[bool, Any]]


def _builder(name: str, origin: str, expand_one: bool, include: list[list[Any]] | None) -> _Builder:
    """What a reduction by a rule makes of the values it pops, as lark's tree builder does:
    ``include`` lists the kept children (index, whether an inlined ``_rule`` whose children
    take its place), None when all are kept as they are; ``expand_one``: a ``?rule``, whose
    single child stands for it. An inlined child's list is taken over, not copied, when it
    comes first (as lark does; :class:`dipcheck.grammar.Checkpoint` relies on it)."""
    if include is None:
        if expand_one:
            return lambda children: children[0] if len(children) == 1 else Tree(name, children)
        return lambda children: Tree(name, children)
    kept = [(int(index), bool(inline)) for index, inline in include]
    if kept == [(0, True), (1, False)] and name == origin and not expand_one:
        # a repetition, `rule: rule item`: the item joins the list of the tree of the items
        # before, which stays that tree (a new tree around the same list would be equal)
        def repeat(children: list[Any]) -> Any:
            items = children[0]
            items.children.append(children[1])
            return items

        return repeat
    if not expand_one and not any(inline for _, inline in kept):
        indices = [index for index, _ in kept]
        if len(indices) < 2:  # (itemgetter of one index gives the item, not a tuple)
            return lambda children: Tree(name, [children[index] for index in indices])
        pick = itemgetter(*indices)
        return lambda children: Tree(name, list(pick(children)))

    def build(children: list[Any]) -> Any:
        filtered: list[Any] = []
        for index, inline in kept:
            if inline:
                if filtered:
                    filtered += children[index].children
                else:
                    filtered = children[index].children
            else:
                filtered.append(children[index])
        if expand_one and len(filtered) == 1:
            return filtered[0]
        return Tree(name, filtered)

    return build


class _Scanner:
    """The terminals one parser state can take, tried in lark's order at a position."""

    __slots__ = ("allowed", "pattern")

    def __init__(self, names: list[str], regexps: dict[str, str], ignore: set[str]) -> None:
        self.pattern = re.compile("|".join(f"(?P<{name}>{regexps[name]})" for name in names))
        self.allowed = {name for name in names if name not in ignore} or {"<END-OF-FILE>"}


class Tables:
    """A grammar's LALR tables (and, for a grammar lexed here, its contextual lexer)."""

    def __init__(self, data: dict[str, Any]) -> None:
        # where each state goes with a rule's name on top of it (its goto), by the rule's name
        gotos: dict[str, dict[int, int]] = {str(rule[0]): {} for rule in data["rules"]}
        for index, actions in enumerate(data["states"]):
            for symbol, (shift, target) in actions.items():
                if shift and symbol in gotos:
                    gotos[symbol][index] = int(target)
        rules = [
            (int(size), gotos[str(origin)], _builder(str(name), str(origin), bool(expand), include))
            for origin, name, size, expand, include in data["rules"]
        ]
        self.states: list[_Actions] = [
            {
                symbol: (True, int(target)) if shift else (False, rules[target])
                for symbol, (shift, target) in actions.items()
            }
            for actions in data["states"]
        ]
        self.start = int(data["start"])
        self.end = int(data["end"])
        self._lexer: dict[str, Any] | None = data.get("lexer")
        self._scanners: dict[int, _Scanner] = {}
        # each state's scanner pattern (parse_text), compiled when the state is first reached
        self._patterns: list[re.Pattern[str] | None] = [None] * len(self.states)
        lexer = self._lexer or {}
        self._ignore = frozenset(lexer.get("ignore", ()))
        self._newlines = frozenset(lexer.get("newlines", ()))

    def expected(self, state: int) -> set[str]:
        """The terminals state ``state`` has an action for."""
        return {symbol for symbol in self.states[state] if symbol.isupper()}

    # -- the contextual lexer --------------------------------------------------------------

    def _scanner(self, index: int) -> _Scanner:
        scanner = self._scanners.get(index)
        if scanner is None:
            lexer = self._lexer
            assert lexer is not None, "the grammar has no lexer of its own"
            scanner = _Scanner(lexer["scanners"][index], lexer["regexps"], set(lexer["ignore"]))
            self._scanners[index] = scanner
        return scanner

    def parse_text(self, text: str) -> Any:
        """Lex ``text`` with each state's own terminals (lark's contextual lexer) and parse it.

        Raises :class:`UnexpectedToken` (also for a terminal that exists but is not taken
        here, as lark does) or :class:`UnexpectedCharacters`. (Most conditions never come here:
        :func:`dipcheck.conditions.parse` reads those that parse by itself.)"""
        lexer = self._lexer
        assert lexer is not None, "the grammar has no lexer of its own"
        ignore = self._ignore
        newlines = self._newlines
        by_state = lexer["by_state"]
        patterns = self._patterns
        state = self.start
        state_stack = [state]
        parser = ParserState(self, state_stack, [])
        position, line, line_start = 0, 1, 0
        last: Token | None = None
        end = len(text)
        while position < end:
            pattern = patterns[state]
            if pattern is None:
                pattern = patterns[state] = self._scanner(by_state[state]).pattern
            match = pattern.match(text, position)
            if match is None:
                self._unexpected_characters(text, position, by_state[state])
            kind: str = match.lastgroup  # type: ignore[assignment]  # (a match has a group)
            value = match.group()
            token = None
            if kind not in ignore:
                # Token(kind, value, position, line, column), the fields set inline
                token = _new_str(Token, value)
                token.type = kind
                token.value = value
                token.start_pos = position
                token.line = line
                token.column = position - line_start + 1
            if kind in newlines and "\n" in value:
                line += value.count("\n")
                line_start = position + value.rindex("\n") + 1
            position += len(value)
            if token is None:
                continue
            token.end_line = line
            token.end_column = position - line_start + 1
            token.end_pos = position
            last = token
            parser.feed_token(token)
            state = state_stack[-1]
        closing = Token("$END", "", 0, 1, 1) if last is None else last.update("$END", "")
        return parser.feed_token(closing, True)

    def _unexpected_characters(self, text: str, position: int, scanner: int) -> NoReturn:
        """Raise what no terminal of scanner ``scanner`` matching at ``position`` means: the
        token the grammar's whole lexer reads there, unexpected, or characters no terminal
        matches."""
        problem = UnexpectedCharacters(position, self._scanner(scanner).allowed)
        root = self._scanner(int(self._lexer["root"])).pattern  # type: ignore[index]
        found = root.match(text, position)
        while found is not None and found.lastgroup in self._ignore:
            found = root.match(text, found.end())
        if found is None:
            raise problem
        kind, value = str(found.lastgroup), found.group(0)
        raise UnexpectedToken(Token(kind, value, found.start()), problem.allowed)


class ParserState:
    """A parse in progress: the LALR state stack and the values beside it."""

    __slots__ = ("state_stack", "tables", "value_stack")

    def __init__(
        self,
        tables: Tables,
        state_stack: list[int] | None = None,
        value_stack: list[Any] | None = None,
    ) -> None:
        self.tables = tables
        self.state_stack = [tables.start] if state_stack is None else state_stack
        self.value_stack = [] if value_stack is None else value_stack

    @property
    def position(self) -> int:
        return self.state_stack[-1]

    def accepts(self, kind: str) -> bool:
        return kind in self.tables.states[self.state_stack[-1]]

    def feed_token(self, token: Token, is_end: bool = False) -> Any:
        """Shift ``token`` (reducing first as the table says); with ``is_end`` (the ``$END``
        token), reduce to the start rule and return the tree. Raises :class:`UnexpectedToken`
        where the table has no action, the reductions done before it kept (as lark's
        driver does: go back to a checkpoint)."""
        if self.feed_all((token,)):
            return None
        if is_end and self.state_stack[-1] == self.tables.end:  # the end state has no action
            return self.value_stack[-1]
        raise UnexpectedToken(token, self.tables.expected(self.state_stack[-1]))

    def feed_all(self, tokens: Iterable[Token]) -> bool:
        """Feed every one of ``tokens``; False at the first one the table has no action for
        (the state is then spent: go back to a checkpoint). :meth:`feed_token` as one loop,
        the tables and stacks looked up once: a 10,000-node workflow has 150,000 tokens."""
        states = self.tables.states
        state_stack = self.state_stack
        value_stack = self.value_stack
        push_state = state_stack.append
        push_value = value_stack.append
        state = state_stack[-1]  # the top of state_stack, kept in step with it
        for token in tokens:
            kind = token.type
            while True:
                action = states[state].get(kind)
                if action is None:
                    return False
                shift, target = action
                if shift:
                    state = target
                    push_state(target)
                    push_value(token)
                    break
                size, goto, build = target
                if size:
                    children = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    children = []
                state = goto[state_stack[-1]]
                push_state(state)
                push_value(build(children))
        return True
