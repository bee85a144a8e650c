"""tracker's own reading of a condition (`pipeline/condition.go`, docs/runtime/conditions.md):
split on ``||`` then ``&&`` outside double quotes, strip leading ``not ``, and find the operator
by tracker's priority list. No ``and``/``or`` keywords and no parentheses up to v0.64
(tracker#647).

Below the front-ends, so that a DOT condition dippin's grammar cannot read (tracker reads
``context.x = a b`` as a comparison with the value ``a b``) is still seen by every analysis:
:func:`tracker_expr` builds the condition AST of :mod:`dipcheck.conditions` from this reading.
:mod:`dipcheck.analysis.routing` evaluates it.
"""

from __future__ import annotations

import re

from dipcheck import conditions
from dipcheck.records import record

# tracker's operator search order (pipeline/condition.go): the first operator of this list
# found outside quotes wins, wherever it is in the clause.
OPERATORS = (
    " not contains ",
    " not startswith ",
    " not endswith ",
    " not in ",
    " not matches ",
    " contains ",
    " startswith ",
    " endswith ",
    " in ",
    " matches ",
    " >= ",
    " <= ",
    " > ",
    " < ",
    "!=",
    " == ",
    "=",
)


class ConditionError(Exception):
    """A condition tracker cannot evaluate: the run fails at edge selection (§5.2)."""


def go_quote(value: str) -> str:
    """A string literal as Go's ``strconv.Quote`` writes it (how dippin re-quotes)."""
    if value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'  # nothing to escape (most values): no walk over each character
    out = ['"']
    for char in value:
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif char == "\r":
            out.append("\\r")
        elif not char.isprintable():
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _quote_spans(text: str) -> list[tuple[int, int]]:
    """Double-quoted regions; a quote escaped by an odd number of backslashes does not
    count. Raises :class:`ConditionError` for an unmatched quote."""
    spans: list[tuple[int, int]] = []
    opened = -1
    index = text.find('"')
    while index >= 0:
        backslashes = 0
        cursor = index - 1
        while cursor >= 0 and text[cursor] == "\\":
            backslashes += 1
            cursor -= 1
        if not backslashes % 2:
            if opened < 0:
                opened = index
            else:
                spans.append((opened, index + 1))
                opened = -1
        index = text.find('"', index + 1)
    if opened >= 0:
        raise ConditionError(f"unmatched double quote in condition: {text}")
    return spans


def _find_outside(text: str, needle: str, quotes: list[tuple[int, int]], start: int = 0) -> int:
    if not quotes:
        return text.find(needle, start)
    while True:
        index = text.find(needle, start)
        if index < 0:
            return -1
        if not any(begin <= index < end for begin, end in quotes):
            return index
        start = index + 1


def _split_outside(text: str, separator: str) -> list[str]:
    if '"' not in text:  # (most conditions) nothing quoted: every separator splits
        return text.split(separator)
    quotes = _quote_spans(text)
    parts: list[str] = []
    start = 0
    while True:
        index = _find_outside(text, separator, quotes, start)
        if index < 0:
            parts.append(text[start:])
            return parts
        parts.append(text[start:index])
        start = index + len(separator)


def split_condition(text: str) -> list[list[str]]:
    """tracker's split: ``||`` branches of ``&&`` clauses (raw clause texts, trimmed)."""
    return [
        [clause.strip() for clause in _split_outside(branch, "&&")]
        for branch in _split_outside(text, "||")
    ]


@record(frozen=True, slots=True)
class Clause:
    """One clause as tracker reads it: ``not`` prefixes, left operand, operator, literal."""

    text: str
    negations: int
    left: str
    op: str
    right_raw: str

    @property
    def right(self) -> str:
        """The literal: one pair of surrounding double quotes removed, ``\\"`` and ``\\\\``
        decoded. The right side is never looked up as a variable."""
        return literal(self.right_raw)

    def render(self) -> str:
        """``ctx.x != "all_complete and …"``: the comparison with its literal quoted."""
        prefix = "not " * self.negations
        return f"{prefix}{self.left} {self.op} {go_quote(self.right)}"


def literal(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return re.sub(r'\\(["\\])', r"\1", text[1:-1])
    return text


def parse_clause(text: str) -> Clause:
    """Read one clause the way tracker does; malformed clauses raise ConditionError with
    tracker's reason."""
    clause = text.strip()
    negations = 0
    while clause.startswith("not "):
        negations += 1
        clause = clause[4:].strip()
    index, operator = _operator(clause)
    left = clause[:index].strip()
    right = clause[index + len(operator) :].strip()
    return Clause(clause, negations, left, operator.strip(), right)


def _operator(clause: str) -> tuple[int, str]:
    """Where tracker finds the operator of a clause (its leading `not`s removed), and which
    one: the first of :data:`OPERATORS` found outside quotes."""
    quotes = _quote_spans(clause)
    for operator in OPERATORS:
        index = _find_outside(clause, operator, quotes) if quotes else clause.find(operator)
        if index < 0:
            continue
        left = clause[:index].strip()
        right = clause[index + len(operator) :].strip()
        op = operator.strip()
        if op == "=" and left.endswith((">", "<")):
            raise ConditionError(
                f"invalid condition clause {clause!r}: numeric comparison operators (>, <, >=, "
                "<=) require surrounding spaces"
            )
        if not left or not right:
            raise ConditionError(f"empty operand around {op!r} in clause {clause!r}")
        return index, operator
    raise ConditionError(f"invalid condition clause: {clause!r} (missing comparison operator)")


def tracker_expr(text: str) -> conditions.Expr | None:
    """The condition AST of tracker's reading of ``text`` (offsets into ``text``), or None
    when tracker cannot read it: `||` and `&&` join as `or` and `and`, a leading `not ` is a
    negation, and a comparison's right side is one literal whatever it holds (`a b`)."""
    try:
        quotes = _quote_spans(text)
        branches = []
        or_symbols = []
        for start, end in _parts(text, quotes, "||", 0, len(text), or_symbols):
            and_symbols: list[tuple[str, int, int]] = []
            pieces = _parts(text, quotes, "&&", start, end, and_symbols)
            branches.append(
                _joined("and", [_compare(text, *piece) for piece in pieces], and_symbols)
            )
    except ConditionError:
        return None
    return _joined("or", branches, or_symbols)


def _parts(
    text: str,
    quotes: list[tuple[int, int]],
    separator: str,
    start: int,
    end: int,
    symbols: list[tuple[str, int, int]],
) -> list[tuple[int, int]]:
    """The pieces of ``text[start:end]`` between the ``separator``s outside quotes (whose
    places are added to ``symbols``)."""
    pieces = []
    while True:
        index = _find_outside(text[:end], separator, quotes, start)
        if index < 0:
            pieces.append((start, end))
            return pieces
        pieces.append((start, index))
        symbols.append((separator, index, index + len(separator)))
        start = index + len(separator)


def _compare(text: str, start: int, end: int) -> conditions.Expr:
    """One clause of ``text[start:end]`` as a comparison, inside a `Not` for each leading
    `not `; ConditionError when tracker cannot read it."""
    start, end = _trimmed(text, start, end)
    negations = []
    while text.startswith("not ", start, end):
        negations.append(start)
        start, end = _trimmed(text, start + 4, end)
    index, operator = _operator(text[start:end])
    words = operator.split()
    # (as the grammar places it: a `not` before the operator is the negation, not the operator)
    op_end = start + index + len(operator.rstrip())
    op_start = op_end - len(words[-1])
    left = _operand(text, start, start + index)
    right = _operand(text, start + index + len(operator), end)
    expr: conditions.Expr = conditions.Compare(
        left, words[-1], op_start, op_end, (right,), len(words) == 2, start, end
    )
    for at in reversed(negations):
        expr = conditions.Not(expr, at, end)
    return expr


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _operand(text: str, start: int, end: int) -> conditions.Operand:
    start, end = _trimmed(text, start, end)
    value = text[start:end]
    return conditions.Operand(value, start, end, len(value) >= 2 and value[0] == value[-1] == '"')


def _joined(
    op: str, items: list[conditions.Expr], symbols: list[tuple[str, int, int]]
) -> conditions.Expr:
    if len(items) == 1:
        return items[0]
    return conditions.BoolOp(op, tuple(items), items[0].start, items[-1].end, tuple(symbols))
