"""How tracker reads a condition and picks the edge to follow (docs/runtime/conditions.md,
docs/runtime/edge-selection.md#choosing-an-edge).

Rules and the simulator share this module, so a finding and a dry run never disagree about
a route:

* :func:`runtime_text` — the condition string tracker receives (for ``.dip``, dippin rejoins
  the condition's tokens with single spaces and re-quotes string literals, §0.2/§1.8);
* :func:`split_condition` / :func:`parse_clause` — tracker's own reading: split on ``||``
  then ``&&`` outside double quotes, strip leading ``not ``, find the operator by tracker's
  priority list (no ``and``/``or`` keywords and no parentheses up to v0.64, tracker#647);
* :func:`evaluate` — the truth of a condition for a context, under a target version;
* :func:`select_edge` — the selection order: strict failure, condition, preferred label,
  suggested nodes, weight with the lexical tie-break.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from dipcheck import conditions, gore, integers
from dipcheck.clauses import (
    Clause,
    ConditionError,
    go_quote,
    parse_clause,
    split_condition,
)
from dipcheck.model import Edge
from dipcheck.records import record
from dipcheck.target import DEFAULT, TargetVersion

# The tokens of a `.dip` condition as dippin's line lexer produces them (dip_lexer.LINE_TOKEN).
# double-quoted strings (`"(?:\\.|[^"\\])*"`) are scanned by _double_quoted, see dippin_raw
_DIP_TOKEN = re.compile(
    r"""(?P<STRING>'[^']*+(?:''[^']*+)*')
    | [A-Za-z0-9_][A-Za-z0-9_\-./]*
    | ->|<-|==|!=|<=|>=
    | [^ \t]""",
    re.VERBOSE,
)
# The same tokens in a text without quotes (no string can start): ``findall`` gives them whole.
_DIP_PLAIN_TOKEN = re.compile(
    r"""[A-Za-z0-9_][A-Za-z0-9_\-./]*
    | ->|<-|==|!=|<=|>=
    | [^ \t]""",
    re.VERBOSE,
)


def _double_quoted(text: str, start: int) -> tuple[int, bool]:
    """Scan the double-quoted string opening at ``start`` (escapes: a backslash and any
    character but a line break): (its end, True), or (where it cannot go on, False)."""
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == '"':
            return index + 1, True
        if char == "\\":
            if index + 1 >= len(text) or text[index + 1] == "\n":
                return index, False
            index += 2
        else:
            index += 1
    return index, False


def dippin_raw(text: str) -> str:
    """``Condition.Raw`` for a ``.dip`` condition: tokens joined by one space, string
    literals re-quoted with double quotes.

    A double quote that opens no string is a token of its own. Every later quote before the
    point where that string's scan stopped is the second character of an escape in the same
    scan, so it opens no string either and is not scanned again (rescanning from each made
    a long run of escaped quotes quadratic: 50,000 took minutes)."""
    if '"' not in text:  # (most conditions) every token is the lexer's: one pass in C
        if "'" not in text:  # nor a string to re-quote: the tokens as they are
            return " ".join(_DIP_PLAIN_TOKEN.findall(text))
        return " ".join(map(_dip_token, _DIP_TOKEN.finditer(text)))
    tokens: list[str] = []
    position, unclosed_until = 0, -1
    while position < len(text):
        if text[position] in " \t":
            position += 1
            continue
        if text[position] == '"' and position > unclosed_until:
            end, closed = _double_quoted(text, position)
            if closed:
                tokens.append(go_quote(conditions.unquote(text[position:end])))
                position = end
                continue
            unclosed_until = end
        match = _DIP_TOKEN.match(text, position)
        assert match is not None  # `[^ \t]` takes any other character
        tokens.append(_dip_token(match))
        position = match.end()
    return " ".join(tokens)


def _dip_token(match: re.Match[str]) -> str:
    """A token of :data:`_DIP_TOKEN` as dippin rejoins it: a single-quoted string re-quoted.
    (Searching skips only blanks: every other character starts a token.)"""
    token = match.group(0)
    return token if match.group("STRING") is None else go_quote(conditions.unquote(token))


def runtime_text(raw: str, fmt: str) -> str:
    """The condition text tracker evaluates for a condition written as ``raw``."""
    return dippin_raw(raw) if fmt == "dip" else raw.strip()


Lookup = Callable[[str], str | None]


def resolve(name: str, lookup: Lookup) -> tuple[str, bool]:
    """A left operand's value (§5.2 ``resolveVariable``): the exact key, then the key with
    ``ctx.``/``context.`` removed; ``("", False)`` when neither is set. (The engine's
    internal store is never written for ``internal.*`` keys a workflow can name.)"""
    value = lookup(name)
    if value is not None:
        return value, True
    for prefix in ("ctx.", "context."):
        if name.startswith(prefix):
            value = lookup(name[len(prefix) :])
            if value is not None:
                return value, True
    return "", False


# RE2's refusal of a pattern over its memory budget: not a syntax error, and Go, whose
# programs are smaller (`\pL` is one instruction there, RE2 expands it into UTF-8 byte
# ranges), compiles patterns RE2 refuses so
_TOO_LARGE = "pattern too large"


def regex_problem(pattern: str) -> str | None:
    """tracker's reason when ``pattern`` is not a regular expression Go compiles, else None:
    RE2's syntax errors only (a pattern RE2 finds too large is not said to be invalid)."""
    try:
        gore.compile_go(pattern)
    except gore.PatternError as error:
        return None if _TOO_LARGE in str(error) else _invalid_regex(pattern, error)
    return None


def _invalid_regex(pattern: str, error: gore.PatternError) -> str:
    return f"invalid regex {go_quote(pattern)} in condition: {error}"


def compare(actual: str, op: str, expected: str) -> bool:
    """tracker's operators on strings (``not …`` forms included)."""
    negated = op.startswith("not ")
    base = op[4:] if negated else op
    if base in ("=", "=="):
        result = actual == expected
    elif base == "!=":
        result = actual != expected
    elif base == "contains":
        result = expected in actual
    elif base == "startswith":
        result = actual.startswith(expected)
    elif base == "endswith":
        result = actual.endswith(expected)
    elif base == "in":
        result = actual in [item.strip() for item in expected.split(",")]
    elif base == "matches":
        try:  # RE2, as Go: linear in the text, whatever the pattern
            result = gore.search(expected, actual) is not None
        except gore.PatternError as error:
            raise ConditionError(_invalid_regex(expected, error)) from None
    elif base in (">", ">=", "<", "<="):
        try:
            right = float(expected)
        except ValueError:
            raise ConditionError(
                f"numeric comparison requires a numeric literal, got {expected!r}"
            ) from None
        try:
            left = float(actual)
        except ValueError:
            return False
        result = {
            ">": left > right,
            ">=": left >= right,
            "<": left < right,
            "<=": left <= right,
        }[base]
    else:
        raise ConditionError(f"unknown operator {op!r}")
    return not result if negated else result


def evaluate_clause(clause: Clause, lookup: Lookup) -> bool:
    actual, _ = resolve(clause.left, lookup)
    result = compare(actual, clause.op, clause.right)
    return not result if clause.negations % 2 else result


def evaluate(text: str, lookup: Lookup, target: TargetVersion = DEFAULT) -> bool:
    """Is the condition (runtime text) true for the context ``lookup`` reads? Empty text is
    true. Up to v0.64 tracker's split is used; later targets read ``and``/``or``/``not`` and
    parentheses as dippin's grammar does. Branches short-circuit as tracker's do, so an
    error in a clause that is never reached is not raised."""
    if not text.strip():
        return True
    if target.splits_condition_keywords:
        parsed = conditions.parse(text)
        if parsed.expr is None:
            raise ConditionError(f"invalid condition {text!r}: {parsed.error}")
        return _evaluate_expr(parsed.expr, lookup)
    read = _read(text)
    if isinstance(read, str):
        raise ConditionError(read)
    return any(all(_clause_true(item, lookup) for item in branch) for branch in read)


@lru_cache(maxsize=8192)
def _read(text: str) -> tuple[tuple[Clause | str, ...], ...] | str:
    """tracker's reading of a condition, once per text: its ``||`` branches of clauses, a
    malformed clause kept as its error (raised only if evaluation reaches it), or the error
    of the whole text."""
    try:
        branches = split_condition(text)
    except ConditionError as error:
        return str(error)
    result: list[tuple[Clause | str, ...]] = []
    for branch in branches:
        items: list[Clause | str] = []
        for clause in branch:
            try:
                items.append(parse_clause(clause))
            except ConditionError as error:
                items.append(str(error))
        result.append(tuple(items))
    return tuple(result)


def _clause_true(item: Clause | str, lookup: Lookup) -> bool:
    if isinstance(item, str):
        raise ConditionError(item)
    return evaluate_clause(item, lookup)


def _evaluate_expr(expr: conditions.Expr, lookup: Lookup) -> bool:
    if isinstance(expr, conditions.Compare):
        actual, _ = resolve(expr.left.text, lookup)
        op = f"not {expr.op}" if expr.negated else expr.op
        return compare(actual, op, expr.right_text)
    if isinstance(expr, conditions.Not):
        return not _evaluate_expr(expr.expr, lookup)
    if isinstance(expr, conditions.Group):
        return _evaluate_expr(expr.expr, lookup)
    if expr.op == "and":
        return all(_evaluate_expr(item, lookup) for item in expr.items)
    return any(_evaluate_expr(item, lookup) for item in expr.items)


# -- conditions an outcome decides ------------------------------------------------------------


def unwrap(expr: conditions.Expr) -> conditions.Expr:
    """The expression inside any parentheses around it."""
    while isinstance(expr, conditions.Group):
        expr = expr.expr
    return expr


def conjuncts(expr: conditions.Expr) -> list[conditions.Expr]:
    """The parts of a condition joined by `and` (the condition itself when there are none)."""
    expr = unwrap(expr)
    if isinstance(expr, conditions.BoolOp) and expr.op == "and":
        return [item for part in expr.items for item in conjuncts(part)]
    return [expr]


def disjuncts(expr: conditions.Expr) -> list[conditions.Expr]:
    """The parts of a condition joined by `or` (the condition itself when there are none)."""
    expr = unwrap(expr)
    if isinstance(expr, conditions.BoolOp) and expr.op == "or":
        return [item for part in expr.items for item in disjuncts(part)]
    return [expr]


def _compare_truth(node: conditions.Expr, outcome: str) -> bool | None:
    """The truth of a comparison on `outcome` given its value; None for anything else."""
    negated = False
    node = unwrap(node)
    while isinstance(node, conditions.Not):
        negated = not negated
        node = unwrap(node.expr)
    if not isinstance(node, conditions.Compare):
        return None
    if conditions.variable_key(node.left.text)[0] != "outcome":
        return None
    op = f"not {node.op}" if node.negated else node.op
    try:
        result = compare(outcome, op, node.right_text)
    except ConditionError:
        return None
    return not result if negated else result


def outcome_truth(expr: conditions.Expr, outcome: str) -> bool | None:
    """Is the condition decided by `outcome` alone (an and/or of outcome comparisons and
    other tests)? True: always true for that outcome; False: never; None: undecided."""
    if any(_compare_truth(item, outcome) is False for item in conjuncts(expr)):
        return False
    if any(_compare_truth(item, outcome) is True for item in disjuncts(expr)):
        parts = conjuncts(expr)
        if len(parts) == 1 or all(_compare_truth(item, outcome) is True for item in parts):
            return True
    return None


# -- edge selection (§5.3) -----------------------------------------------------------------


def weight(edge: Edge) -> int:
    """The weight tracker ranks an unconditional edge by (``edgeWeight`` in
    ``pipeline/engine_edges.go``): ``strconv.Atoi`` of the value as written, negative ones
    included (they rank below the default), and 0 for anything ``Atoi`` refuses: blanks,
    ``1_000``, a Unicode digit, a value past 64 bits."""
    return integers.parse_or(edge.attr_value("weight"), 0, exact=True)


def by_weight(edges: Sequence[Edge]) -> Edge:
    """The edge of ``edges`` (unconditional ones) that tracker's weight step takes: the
    highest weight, then the lexically smallest target (§5.3, step 4)."""
    return min(edges, key=lambda edge: (-weight(edge), edge.target.value))


def routing_key(edge: Edge) -> str:
    """What a preferred label is matched against: ``choice``, else ``label``, else the
    target id."""
    return edge.choice or edge.label or edge.target.value


@record(frozen=True, slots=True)
class Selection:
    """The edge tracker takes, and why.

    ``reason`` is ``condition``, ``label``, ``suggested`` or ``weight`` when an edge was
    chosen (``tiebreak`` when several unconditional edges shared the top weight and the
    lexically smallest target won); otherwise ``strict_failure`` (a failed node with no
    conditional edge: the caller takes the fallback chain or fails the run),
    ``no_matching_edges``, ``no_edges`` or ``error`` (a condition could not be evaluated;
    ``error`` holds tracker's reason). ``rejected`` lists the conditional edges whose
    condition was false before the choice, in order."""

    edge: Edge | None
    reason: str
    rejected: tuple[Edge, ...] = ()
    tiebreak: bool = False
    error: str | None = None


def select_edge(
    edges: Sequence[Edge],
    outcome: str,
    preferred_label: str,
    suggested: Sequence[str],
    truth: Callable[[Edge], bool],
) -> Selection:
    """tracker's ``selectEdge`` over a node's outgoing edges (explicit edges in declaration
    order, then the synthesized ones). ``truth`` evaluates an edge's condition and may raise
    :class:`ConditionError`."""
    if not edges:
        return Selection(None, "no_edges")
    if outcome == "fail" and not any(edge.conditional for edge in edges):
        return Selection(None, "strict_failure")
    rejected: list[Edge] = []
    for edge in edges:
        if not edge.conditional:
            continue
        try:
            taken = truth(edge)
        except ConditionError as error:
            return Selection(None, "error", tuple(rejected), error=str(error))
        if taken:
            return Selection(edge, "condition", tuple(rejected))
        rejected.append(edge)
    done = tuple(rejected)
    if preferred_label:
        for edge in edges:
            if routing_key(edge) == preferred_label:
                return Selection(edge, "label", done)
    if suggested:
        for edge in edges:
            if edge.target.value in suggested:
                return Selection(edge, "suggested", done)
    plain = [edge for edge in edges if not edge.conditional]
    if not plain:
        return Selection(None, "no_matching_edges", done)
    top = max(weight(edge) for edge in plain)
    best = [edge for edge in plain if weight(edge) == top]
    best.sort(key=lambda edge: edge.target.value)
    tied = len({edge.target.value for edge in best}) > 1
    return Selection(best[0], "weight", done, tiebreak=tied)
