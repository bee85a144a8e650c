"""Edge guards as dippin reads them, shared by the dippin lints: when a node's conditional
edges cover every case (dippin's "safe router", behind DIP101 and DIP102), when two edge
conditions can both hold (DIP103), and whether a node has a route for its failures (DIP104,
DIP115, DIP144). (How *tracker* evaluates a condition and picks an edge is
:mod:`dipcheck.analysis.routing`.)

A condition is reduced to *literals*: one comparison each, with ``==`` read as ``=`` and
``!=`` as a negated ``=``, the ``ctx.``/``context.`` prefix dropped and the negation of
enclosing ``not`` folded in. Facts are computed once per workflow (:class:`Guards`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from dipcheck import conditions, integers
from dipcheck.conditions import Compare, Expr, Group, Not
from dipcheck.model import Edge, Node, NodeKind, Workflow
from dipcheck.records import record
from dipcheck.source import ByIdentity

OUTCOME_VARIABLES = frozenset({"outcome"})
FAIL_VALUES = frozenset({"fail", "failure"})
_DNF_LIMIT = 64


@record(frozen=True, slots=True)
class Literal:
    """One comparison of a condition: ``variable op values``, possibly negated."""

    variable: str
    op: str
    values: tuple[str, ...]
    negated: bool
    compare: Compare

    @property
    def key(self) -> tuple[str, str, tuple[str, ...], bool]:
        return (self.variable, self.op, self.values, self.negated)

    @property
    def complement_key(self) -> tuple[str, str, tuple[str, ...], bool]:
        return (self.variable, self.op, self.values, not self.negated)

    @property
    def is_equality(self) -> bool:
        """``variable = value`` (not negated, a single value)."""
        return self.op == "=" and not self.negated and len(self.values) == 1


def literal(compare: Compare, negated: bool = False) -> Literal:
    variable, _ = conditions.variable_key(compare.left.text)
    op = compare.op
    flip = compare.negated
    if op == "==":
        op = "="
    elif op == "!=":
        op, flip = "=", not flip
    if op == "in":
        values = tuple(item.strip() for item in compare.right_text.split(","))
    else:
        values = (compare.right_text,)
    return Literal(variable, op, values, negated != flip, compare)


def literals(expr: Expr, negated: bool = False) -> list[Literal]:
    """Every comparison of ``expr`` in order, with the negation of enclosing ``not``s."""
    if isinstance(expr, Compare):
        return [literal(expr, negated)]
    if isinstance(expr, Not):
        return literals(expr.expr, not negated)
    if isinstance(expr, Group):
        return literals(expr.expr, negated)
    return [item for part in expr.items for item in literals(part, negated)]


def single_literal(expr: Expr | None) -> Literal | None:
    """The literal a condition consists of, when it is exactly one comparison."""
    while isinstance(expr, Group):
        expr = expr.expr
    negated = False
    while isinstance(expr, Not):
        negated, expr = not negated, expr.expr
        while isinstance(expr, Group):
            expr = expr.expr
    return literal(expr, negated) if isinstance(expr, Compare) else None


def _dnf(expr: Expr, negated: bool) -> list[list[Literal]] | None:
    """Disjunctive normal form (a list of conjunctions); None when it grows too large."""
    if isinstance(expr, Compare):
        return [[literal(expr, negated)]]
    if isinstance(expr, Group):
        return _dnf(expr.expr, negated)
    if isinstance(expr, Not):
        return _dnf(expr.expr, not negated)
    parts = [_dnf(item, negated) for item in expr.items]
    if any(part is None for part in parts):
        return None
    forms = [part or [] for part in parts]
    disjunction = (expr.op == "or") != negated
    if disjunction:
        result = [conj for part in forms for conj in part]
        return result if len(result) <= _DNF_LIMIT else None
    size = 1
    for part in forms:  # the size first: 40 two-way `or`s would be 2**40 conjunctions
        size *= len(part)
        if size > _DNF_LIMIT:
            return None
    return [[lit for conj in combo for lit in conj] for combo in product(*forms)]


def _contradict(first: Literal, second: Literal) -> bool:
    """Can two literals on the same variable never hold together? (Conservative: only
    contradictions that string comparison guarantees.)"""
    if first.variable != second.variable:
        return False
    if first.key == second.complement_key:
        return True
    for one, other in ((first, second), (second, first)):
        if not one.is_equality or other.negated:
            continue
        value = one.values[0]
        if other.op == "=" and len(other.values) == 1 and other.values[0] != value:
            return True
        if other.op == "in" and value not in other.values:
            return True
        if other.op == "contains" and other.values[0] not in value:
            return True
        if other.op == "startswith" and not value.startswith(other.values[0]):
            return True
        if other.op == "endswith" and not value.endswith(other.values[0]):
            return True
    return False


Forms = list[list[Literal]]


def _overlap(left: Forms | None, right: Forms | None) -> bool:
    """Can two conditions (in disjunctive normal form) be true at once? True unless every
    pair of their conjunctions contains two contradicting literals."""
    if left is None or right is None:
        return True
    for one in left:
        for other in right:
            if not any(_contradict(a, b) for a in one for b in other):
                return True
    return False


def _int(text: str) -> int:
    return integers.parse_or(text, 0)


class Guards:
    """Per-workflow guard facts, computed on first use. A condition's literals and normal form
    are worked out once per parsed condition (a node's edges are asked about by several
    rules, and a workflow's identical conditions share one parse)."""

    def __init__(self, workflow: Workflow) -> None:
        self.workflow = workflow
        self._safe: dict[str, bool] = {}
        self._edges: dict[str, list[Edge]] = {}
        self._literals: ByIdentity[Expr, list[Literal]] = ByIdentity()
        self._forms: ByIdentity[Expr, Forms | None] = ByIdentity()
        self._singles: ByIdentity[Expr, Literal | None] = ByIdentity()
        # the conditions of a node's conditional edges (by identity) → exhaustive; each entry
        # keeps its conditions, so that their ids cannot be reused meanwhile
        self._exhaustive: dict[tuple[int, ...], tuple[tuple[Expr | None, ...], bool]] = {}

    def literals(self, expr: Expr) -> list[Literal]:
        """:func:`literals` of ``expr`` (the list is shared: not to be changed)."""
        return self._literals.get(expr, literals)

    def forms(self, expr: Expr) -> Forms | None:
        """The condition's disjunctive normal form; None when it grows too large (shared)."""
        return self._forms.get(expr, _dnf, False)

    def single(self, edge: Edge) -> Literal | None:
        """The literal the edge's condition consists of, when it is exactly one comparison."""
        expr = edge.condition.expr if edge.condition is not None else None
        if expr is None:
            return None
        return self._singles.get(expr, single_literal)

    def may_overlap(self, first: Expr, second: Expr) -> bool:
        """Can both conditions be true at once?"""
        return _overlap(self.forms(first), self.forms(second))

    def outcome_truth(self, expr: Expr, outcome: str) -> bool | None:
        """Is the condition true (True), false (False) or undecided (None) when the node's
        status is ``outcome``, knowing nothing about any other key? (dippin's reading of
        `and`/`or`; tracker up to v0.64 reads those keywords as literal text, which only
        makes more conditions false, see DC301.)"""
        terms = self.forms(expr)
        if terms is None:
            return None
        decided = True
        for term in terms:
            values = [_outcome_literal(item, outcome) for item in term]
            if any(value is False for value in values):
                continue
            if all(value is True for value in values):
                return True
            decided = False
        return False if decided else None

    def edges_from(self, node_id: str) -> list[Edge]:
        """Outgoing edges as dippin's ``EdgesFrom`` lists them: explicit edges, then the
        implicit fork/join edges that no explicit edge already states."""
        found = self._edges.get(node_id)
        if found is None:
            edges = self.workflow.edges_from(node_id)
            if any(edge.implicit for edge in edges):
                stated = {(e.source.value, e.target.value) for e in edges if not e.implicit}
                found = [
                    edge
                    for edge in edges
                    if not (edge.implicit and (edge.source.value, edge.target.value) in stated)
                ]
            else:
                found = list(edges)  # (most nodes: nothing to leave out)
            self._edges[node_id] = found
        return found

    def exhaustive(self, edges: Iterable[Edge]) -> bool:
        """dippin's exhaustiveness test for a node's conditional edges: they cover both
        outcomes (``success`` and ``fail``/``failure``), or form a complete partition (two or
        more plain equalities on one variable: the author lists every case), or hold a
        complementary pair (``X op V`` and ``not X op V``; dipcheck also counts ``X = V``
        with ``X != V``, and a remainder edge ``X != a && X != b`` beside edges ``X = a`` and
        ``X = b``).

        The answer depends only on the conditions, so it is worked out once per sequence of
        them (a workflow's identical conditions share one parse: a thousand nodes that each
        route on `ctx.outcome = success` are one question)."""
        conditional = [edge for edge in edges if edge.conditional]
        exprs = tuple(
            edge.condition.expr if edge.condition is not None else None for edge in conditional
        )
        key = tuple(map(id, exprs))
        kept = self._exhaustive.get(key)
        if kept is None:
            kept = self._exhaustive[key] = (exprs, self._exhaustive_of(conditional))
        return kept[1]

    def _exhaustive_of(self, conditional: list[Edge]) -> bool:
        """:meth:`exhaustive` of a node's conditional edges, worked out."""
        singles = [self.single(edge) for edge in conditional]
        equalities = [item for item in singles if item is not None and item.is_equality]
        outcomes = {item.values[0] for item in equalities if item.variable in OUTCOME_VARIABLES}
        if "success" in outcomes and outcomes & FAIL_VALUES:
            return True  # (first: the cheapest test, and the commonest way to be exhaustive)
        if self._remainder_covered(conditional, equalities):
            return True
        if (
            len(conditional) >= 2
            and len(equalities) == len(conditional)
            and len({item.variable for item in equalities}) == 1
        ):
            return True
        keys = {item.key for item in singles if item is not None}
        return any(item is not None and item.complement_key in keys for item in singles)

    def every_value_taken(self, edges: Iterable[Edge]) -> bool:
        """Whether some conditional edge of ``edges`` holds whatever value its variables
        have: a complementary pair (``X = V`` beside ``X != V``, ``X op V`` beside ``not X op
        V``) or a remainder edge beside the equalities it excludes. Unlike
        :meth:`exhaustive`, no list of equalities is taken for all the values there are."""
        conditional = [edge for edge in edges if edge.conditional]
        singles = [self.single(edge) for edge in conditional]
        equalities = [item for item in singles if item is not None and item.is_equality]
        if self._remainder_covered(conditional, equalities):
            return True
        keys = {item.key for item in singles if item is not None}
        return any(item is not None and item.complement_key in keys for item in singles)

    def _remainder_covered(self, conditional: list[Edge], equalities: list[Literal]) -> bool:
        """Is one edge the remainder of the others: ``X != a && X != b`` (every value its
        negations exclude is the plain equality of another edge)? Then every value of ``X``
        takes some edge."""
        tested = {(item.variable, item.values[0]) for item in equalities}
        for edge in conditional:
            if edge.condition is None or edge.condition.expr is None:
                continue  # a condition that does not parse (DIP010)
            forms = self.forms(edge.condition.expr)
            if forms is None or len(forms) != 1 or not forms[0]:
                continue
            parts = forms[0]
            if all(
                item.op == "="
                and item.negated
                and len(item.values) == 1
                and (item.variable, item.values[0]) in tested
                for item in parts
            ):
                return True
        return False

    def marker_tool(self, node_id: str) -> bool:
        node = self.workflow.node(node_id)
        return (
            node is not None
            and node.kind is NodeKind.TOOL
            and bool(node.value("marker_grep").strip())
        )

    def else_covered(self, node_id: str) -> bool:
        """Does a section ``else ->`` catch this node's unmatched guards? (dippin U v0.43;
        tracker ignores ``else``, see DC309.)"""
        return self.workflow.else_target is not None

    def safe_router(self, node_id: str) -> bool:
        """dippin's safe router (DIP101): exhaustive conditions, an unconditional edge, a
        ``marker_grep`` tool, or ``else`` coverage."""
        cached = self._safe.get(node_id)
        if cached is None:
            edges = self.edges_from(node_id)
            cached = (
                any(not edge.conditional for edge in edges)
                or self.exhaustive(edges)
                or self.marker_tool(node_id)
                or self.else_covered(node_id)
            )
            self._safe[node_id] = cached
        return cached

    def max_retries(self, node: Node) -> int:
        own = node.get("max_retries")
        if own is not None:
            return _int(own.text)
        return _int(self.workflow.default_value("max_retries"))

    def fallback(self, node: Node) -> str:
        """The node's exhaustion route (``fallback_target`` or ``fallback_retry_target``)."""
        return (node.value("fallback_target") or node.value("fallback_retry_target")).strip()

    def fails_to(self, edge: Edge) -> bool:
        """Is the edge taken on a failure: ``ctx.outcome = fail`` (what ``on fail`` means)?"""
        found = self.single(edge)
        return (
            found is not None
            and found.is_equality
            and found.variable in OUTCOME_VARIABLES
            and found.values[0] in FAIL_VALUES
        )

    def fail_edge(self, node_id: str) -> Edge | None:
        return next((edge for edge in self.edges_from(node_id) if self.fails_to(edge)), None)

    def on_failure(self) -> str:
        """``defaults.on_failure`` when it names a declared node."""
        target = self.workflow.default_value("on_failure")
        return target if target and self.workflow.node(target) is not None else ""


def _outcome_literal(item: Literal, outcome: str) -> bool | None:
    """The truth of one literal when `outcome` holds ``outcome``; None when it is not a test
    of `outcome` or its operator cannot be decided from the value alone."""
    if item.variable not in OUTCOME_VARIABLES:
        return None
    if item.op in ("=", "in"):
        result = outcome in item.values
    elif item.op == "contains":
        result = item.values[0] in outcome
    elif item.op == "startswith":
        result = outcome.startswith(item.values[0])
    elif item.op == "endswith":
        result = outcome.endswith(item.values[0])
    else:
        return None
    return result != item.negated
