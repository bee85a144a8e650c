"""Edge conditions: the AST, the parser glue for ``grammars/condition.lark`` and the checks of
what each runtime can do with a condition.

AST nodes hold offsets relative to the condition text; ``Condition.text`` (a :class:`Text`)
maps them into the file, so one parse can be cached and reused for every identical condition.
"""

from __future__ import annotations

import re
from functools import lru_cache

from dipcheck.grammar import load_tables
from dipcheck.lalr import Token, Tree, UnexpectedCharacters, UnexpectedToken
from dipcheck.lazyre import lazy
from dipcheck.records import record

# Parentheses and `not` nested deeper than this are not read (the AST and every analysis of it
# are recursive); hand-written conditions nest a few levels.
MAX_NESTING = 100


@record(frozen=True, slots=True)
class Operand:
    text: str
    start: int
    end: int
    quoted: bool = False

    @property
    def value(self) -> str:
        """The literal value with quotes removed and escapes decoded."""
        if not self.quoted:
            return self.text
        return unquote(self.text)


@record(frozen=True, slots=True)
class Compare:
    left: Operand
    op: str
    op_start: int
    op_end: int
    right: tuple[Operand, ...]
    negated: bool
    start: int
    end: int

    @property
    def unquoted_list(self) -> bool:
        return len(self.right) > 1

    @property
    def right_text(self) -> str:
        return ",".join(item.value for item in self.right)


@record(frozen=True, slots=True)
class Not:
    expr: Expr
    start: int
    end: int


@record(frozen=True, slots=True)
class BoolOp:
    op: str  # "and" or "or"
    items: tuple[Expr, ...]
    start: int
    end: int
    symbols: tuple[tuple[str, int, int], ...] = ()


@record(frozen=True, slots=True)
class Group:
    expr: Expr
    start: int
    end: int


Expr = Compare | Not | BoolOp | Group


@record(frozen=True, slots=True)
class ParseResult:
    expr: Expr | None
    error: str | None = None
    error_start: int = 0
    error_end: int = 0


def unquote(text: str) -> str:
    """Decode a quoted literal the way dippin does (``\\"``/``\\\\`` or ``''``)."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        body = text[1:-1]
        out: list[str] = []
        index = 0
        while index < len(body):
            char = body[index]
            if char == "\\" and index + 1 < len(body) and body[index + 1] in '"\\':
                out.append(body[index + 1])
                index += 2
                continue
            out.append(char)
            index += 1
        return "".join(out)
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text


def _operand(token: Token, quoted: bool) -> Operand:
    return Operand(str(token), token.start_pos or 0, token.end_pos or 0, quoted)


def _build(tree: Tree | Token) -> Expr:
    assert not isinstance(tree, Token)
    kind = tree.data
    children = tree.children
    if kind == "compare":
        left = children[0]
        negated = len(children) == 4
        op = children[2] if negated else children[1]
        value = children[-1]
        right = _values(value)
        assert isinstance(left, Token) and isinstance(op, Token)
        return Compare(
            left=_operand(left, False),
            op=str(op),
            op_start=op.start_pos or 0,
            op_end=op.end_pos or 0,
            right=right,
            negated=negated,
            start=left.start_pos or 0,
            end=right[-1].end if right else op.end_pos or 0,
        )
    if kind == "negation":
        token, inner = children
        assert isinstance(token, Token)
        expr = _build(inner)
        return Not(expr, token.start_pos or 0, expr.end)
    if kind == "group":
        opening, inner, closing = children
        assert isinstance(opening, Token) and isinstance(closing, Token)
        return Group(_build(inner), opening.start_pos or 0, closing.end_pos or 0)
    if kind in ("or_expr", "and_expr"):
        items = tuple(_build(child) for child in children if not isinstance(child, Token))
        symbols = tuple(
            (str(child), child.start_pos or 0, child.end_pos or 0)
            for child in children
            if isinstance(child, Token)
        )
        return BoolOp(
            "or" if kind == "or_expr" else "and", items, items[0].start, items[-1].end, symbols
        )
    raise ValueError(f"unexpected condition node {kind}")


def _values(tree: Tree | Token) -> tuple[Operand, ...]:
    assert not isinstance(tree, Token)
    if tree.data == "items":
        result: list[Operand] = []
        for child in tree.children:
            if isinstance(child, Token):
                continue
            result.extend(_values(child))
        return tuple(result)
    token = tree.children[0]
    assert isinstance(token, Token)
    return (_operand(token, tree.data == "string"),)


@lru_cache(maxsize=4096)
def parse(text: str) -> ParseResult:
    """Parse condition text; on failure the error names the offending token."""
    if not text.strip():
        return ParseResult(None, "empty condition", 0, len(text))
    expr = _read(text)
    if expr is not None:
        return ParseResult(expr)
    return _by_tables(text)


def _by_tables(text: str) -> ParseResult:
    """:func:`parse` by the LALR tables alone (:func:`_read` is a shortcut to the same result)."""
    try:
        tree = load_tables("condition.lark").parse_text(text)
    except UnexpectedToken as error:
        token = error.token
        if token.type == "$END":
            start, end = _last_word(text)
            return ParseResult(
                None, "condition ends too early: " + _expected(error.expected), start, end
            )
        start = token.start_pos or 0
        return ParseResult(
            None,
            f"unexpected `{token}`: {_expected(error.expected)}",
            start,
            start + len(str(token)),
        )
    except UnexpectedCharacters as error:
        position = error.pos_in_stream
        char = text[position]
        if char in "\"'":
            return ParseResult(None, "unterminated string literal", position, len(text))
        return ParseResult(None, f"unexpected character `{char}`", position, position + 1)
    too_deep = _too_deep(tree)
    if too_deep is not None:
        return ParseResult(
            None,
            f"parentheses and `not` nest deeper than {MAX_NESTING} levels here; dipcheck does "
            "not read the condition further",
            too_deep.start_pos or 0,
            too_deep.end_pos or 0,
        )
    return ParseResult(_build(tree))


# A shortcut for the conditions that parse: one regular expression cuts the text into the
# grammar's tokens (blanks; a word, a run of WORD characters, which is also how `not`, `and`,
# `in`… are written: the reader decides by position whether a word is a keyword, as the
# contextual lexer does; a quoted string; an operator sign; a parenthesis or a comma), then a
# recursive descent follows the rules of condition.lark and builds what `_build` builds.
# Anything else (an error, a character no token starts with, nesting past MAX_NESTING) is
# left to the tables, so every message stays theirs (tests/test_condition_reader.py).
_TOKEN = re.compile(
    r"""[ \t]*+(?:([^\s()"',=!<>]++)"""
    r"""|("[^"\\]*+(?:\\.[^"\\]*+)*+"|'[^']*+(?:''[^']*+)*')"""
    r"""|(==|!=|<=|>=|[=<>])|([(),]))"""
)
_RUN, _STRING, _SIGN, _MARK = 1, 2, 3, 4
_OPERATOR_WORDS = frozenset({"contains", "startswith", "endswith", "in", "matches"})
_OR = frozenset({"or", "||"})
_AND = frozenset({"and", "&&"})

_Piece = tuple[int, str, int, int]  # which token group, its text, start, end


class _Unread(Exception):
    """The text is not one the reader below is sure of: the LALR tables parse it."""


def _read(text: str) -> Expr | None:
    """The AST the tables build for ``text`` when it parses, None when unsure (or invalid)."""
    pieces: list[_Piece] = []
    position = 0
    for found in _TOKEN.finditer(text):
        if found.start() != position:
            return None
        group = found.lastindex or 0
        position = found.end()
        pieces.append((group, found.group(group), found.start(group), position))
    if text[position:].strip(" \t"):
        return None
    reader = _Reader(pieces)
    try:
        expr = reader.joined(0, "or")
    except _Unread:
        return None
    return expr if reader.index == len(pieces) else None


class _Reader:
    """A recursive descent over the tokens, one method per rule of ``condition.lark``."""

    __slots__ = ("index", "pieces")

    def __init__(self, pieces: list[_Piece]) -> None:
        self.pieces = pieces
        self.index = 0

    def _next(self) -> _Piece:
        if self.index >= len(self.pieces):
            raise _Unread
        piece = self.pieces[self.index]
        self.index += 1
        return piece

    def _joiner(self, words: frozenset[str], sign: str) -> tuple[str, int, int] | None:
        """The `and`/`or` here, if any: a word of ``words``, or ``sign`` before a word (the
        tables then read the rest of the word as the next token)."""
        if self.index < len(self.pieces):
            group, value, start, end = self.pieces[self.index]
            if group == _RUN:
                if value in words:
                    self.index += 1
                    return value, start, end
                if value.startswith(sign):
                    self.pieces[self.index] = (_RUN, value[2:], start + 2, end)
                    return sign, start, start + 2
        return None

    def joined(self, depth: int, operator: str) -> Expr:
        """An ``or`` of ``and``s of unary terms (condition.lark's ``or_expr`` and
        ``and_expr``): ``operator`` is the one joining the items read here."""
        words, sign = (_OR, "||") if operator == "or" else (_AND, "&&")
        first = self.joined(depth, "and") if operator == "or" else self.unary(depth)
        symbol = self._joiner(words, sign)
        if symbol is None:
            return first
        items = [first]
        symbols = []
        while symbol is not None:
            symbols.append(symbol)
            items.append(self.joined(depth, "and") if operator == "or" else self.unary(depth))
            symbol = self._joiner(words, sign)
        return BoolOp(operator, tuple(items), first.start, items[-1].end, tuple(symbols))

    def unary(self, depth: int) -> Expr:
        group, value, start, end = self._next()
        if group == _MARK and value == "(":
            if depth >= MAX_NESTING:
                raise _Unread
            inner = self.joined(depth + 1, "or")
            closing = self._next()
            if closing[:2] != (_MARK, ")"):
                raise _Unread
            return Group(inner, start, closing[3])
        if group != _RUN:
            raise _Unread
        if value == "not":
            if depth >= MAX_NESTING:
                raise _Unread
            expr = self.unary(depth + 1)
            return Not(expr, start, expr.end)
        left = Operand(value, start, end)
        group, op, op_start, op_end = self._next()
        negated = group == _RUN and op == "not"
        if negated:
            group, op, op_start, op_end = self._next()
        if not (group == _SIGN or (group == _RUN and op in _OPERATOR_WORDS)):
            raise _Unread
        right = [self._item()]
        while self.index < len(self.pieces) and self.pieces[self.index][:2] == (_MARK, ","):
            self.index += 1
            right.append(self._item())
        return Compare(left, op, op_start, op_end, tuple(right), negated, start, right[-1].end)

    def _item(self) -> Operand:
        group, value, start, end = self._next()
        if group == _RUN:
            return Operand(value, start, end)
        if group == _STRING:
            return Operand(value, start, end, True)
        raise _Unread


def _too_deep(tree: Tree) -> Token | None:
    """The first token inside more than :data:`MAX_NESTING` groups and negations, if any
    (counted without recursion)."""
    stack: list[tuple[Tree | Token, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Token):
            continue
        if node.data in ("group", "negation"):
            depth += 1
        if depth > MAX_NESTING:
            first: Tree | Token = node
            while isinstance(first, Tree) and first.children:
                first = first.children[0]
            return first if isinstance(first, Token) else None
        stack.extend((child, depth) for child in reversed(node.children))
    return None


def _last_word(text: str) -> tuple[int, int]:
    """The last blank-separated word: where a condition that ends too early is reported."""
    end = len(text.rstrip())
    start = end
    while start > 0 and text[start - 1] not in " \t":
        start -= 1
    return start, end


_EXPECTED_NAMES = {
    "WORD": "a name or value",
    "STRING": "a quoted value",
    "OP": "an operator (=, !=, contains, startswith, endswith, in, …)",
    "NOT": "`not`",
    "AND": "`and`",
    "OR": "`or`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "COMMA": "`,`",
}


def _expected(names: set[str] | frozenset[str]) -> str:
    described = sorted({_EXPECTED_NAMES.get(name, name) for name in names})
    return "expected " + " or ".join(described) if described else "unexpected input"


def walk(expr: Expr) -> list[Expr]:
    """Every node of the AST, parents before children."""
    result: list[Expr] = []
    stack: list[Expr] = [expr]
    while stack:
        node = stack.pop()
        result.append(node)
        if isinstance(node, BoolOp):
            stack.extend(reversed(node.items))
        elif isinstance(node, (Not, Group)):
            stack.append(node.expr)
    return result


def comparisons(expr: Expr) -> list[Compare]:
    """The comparisons of the AST in :func:`walk`'s order (without listing the rest)."""
    if isinstance(expr, Compare):
        return [expr]
    result: list[Compare] = []
    stack: list[Expr] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, Compare):
            result.append(node)
        elif isinstance(node, BoolOp):
            stack.extend(reversed(node.items))
        elif isinstance(node, (Not, Group)):
            stack.append(node.expr)
    return result


@record(frozen=True, slots=True)
class Incompatibility:
    """A reason why dippin's condition parser rejects a condition (upstream DIP010)."""

    message: str
    start: int
    end: int


DIPPIN_OPERATORS = frozenset({"=", "==", "!=", "contains", "startswith", "endswith", "in"})


def dippin_incompatibilities(expr: Expr) -> list[Incompatibility]:
    """What dippin's parser (and so tracker's loader) rejects in a condition that parses here."""
    problems: list[Incompatibility] = []
    for node in walk(expr):
        if isinstance(node, Group):
            problems.append(
                Incompatibility(
                    "parentheses are not part of the condition grammar: dippin and tracker "
                    "cannot group; `and` binds tighter than `or`, so rewrite without them",
                    node.start,
                    node.end,
                )
            )
        elif isinstance(node, BoolOp):
            for symbol, start, end in node.symbols:
                if symbol in ("&&", "||"):
                    word = "and" if symbol == "&&" else "or"
                    problems.append(
                        Incompatibility(
                            f"`{symbol}` is not part of the .dip condition grammar (dippin's "
                            f"lexer drops the characters); write `{word}`",
                            start,
                            end,
                        )
                    )
        elif isinstance(node, Compare):
            if node.op not in DIPPIN_OPERATORS:
                problems.append(
                    Incompatibility(
                        f"operator `{node.op}` is rejected by dippin's condition parser, so "
                        "the workflow fails to load; use =, !=, contains, startswith, "
                        "endswith or in",
                        node.op_start,
                        node.op_end,
                    )
                )
            if node.unquoted_list:
                quoted = ",".join(item.value for item in node.right)
                problems.append(
                    Incompatibility(
                        f"an unquoted list after `{node.op}` does not parse: the .dip lexer "
                        f'splits it at the commas; quote it: `"{quoted}"`',
                        node.right[0].start,
                        node.right[-1].end,
                    )
                )
            for operand in (node.left, *node.right):
                if not operand.quoted and ":" in operand.text:
                    problems.append(
                        Incompatibility(
                            f"`{operand.text}` contains `:`, which the .dip lexer splits into a "
                            "separate token; quote the value",
                            operand.start,
                            operand.end,
                        )
                    )
    problems.sort(key=lambda item: (item.start, item.end))
    return problems


# Outside quotes a run of blanks becomes one space; a quoted run (to its closing quote, or to
# the end when unclosed) is kept as written.
_BLANKS_OR_QUOTED = lazy(r"\"[^\"]*\"?|'[^']*'?|[ \t]+")


def normalize(text: str) -> str:
    """Condition text with runs of blanks outside quotes collapsed, as dippin rejoins tokens."""
    text = text.strip()
    if '"' not in text and "'" not in text:  # (most conditions) split at blanks, in C
        return " ".join([part for part in text.replace("\t", " ").split(" ") if part])
    return _BLANKS_OR_QUOTED.sub(_collapsed, text)


def _collapsed(match: re.Match[str]) -> str:
    found = match.group()
    return found if found[0] in "\"'" else " "


def variable_key(name: str) -> tuple[str, bool]:
    """A condition operand's context key and whether it had a ``ctx.``/``context.`` prefix."""
    for prefix in ("ctx.", "context."):
        if name.startswith(prefix):
            return name[len(prefix) :], True
    return name, False
