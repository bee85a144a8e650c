"""DC301, DC302, DC303, DC306, DC309 and DC337: what tracker really does with a route.

Each rule states a fact of docs/runtime/ and points at the text that the
runtime reads differently from its author. Runtime routing facts (the condition text tracker
receives, its clause split, edge selection) come from :mod:`dipcheck.analysis.routing`, the
module the simulator uses too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from dipcheck import conditions
from dipcheck.analysis import routing, runtime
from dipcheck.analysis.routing import Clause, ConditionError
from dipcheck.analysis.shell_words import SimpleCommand, simple_commands
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.lazyre import lazy
from dipcheck.model import Condition, Edge, NodeKind, Workflow
from dipcheck.records import record, replace
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.source import ByIdentity, Span
from dipcheck.target import KNOWN_TARGETS, TargetVersion, parse_target

# -- DC301 -----------------------------------------------------------------------------------

_POSITIVE = frozenset({"=", "==", "contains", "startswith", "endswith", "in", "matches"})
_LEFTOVER = lazy(r"\s(and|or)\s|(^|\s)not\s|[()]")


@record(frozen=True, slots=True)
class _Misreading:
    start: int  # offsets into the condition text as written
    end: int
    what: str


def _misreading(expr: conditions.Expr, raw: str, fmt: str) -> _Misreading | None:
    """The first construct tracker ≤ v0.64 does not read as dippin does (tracker#647)."""
    found: list[_Misreading] = []
    for node in conditions.walk(expr):
        if isinstance(node, conditions.BoolOp):
            for symbol, start, end in node.symbols:
                if symbol in ("and", "or"):
                    found.append(_Misreading(start, end, f"`{symbol}`"))
        elif isinstance(node, conditions.Compare) and node.negated and node.op in ("=", "==", "!="):
            between = raw[node.left.end : node.op_start]
            offset = between.find("not")
            start = node.left.end + max(offset, 0)
            found.append(_Misreading(start, start + 3, f"`not {node.op}`"))
        elif isinstance(node, conditions.Group) and fmt != "dip":  # .dip: DIP010 owns it
            found.append(_Misreading(node.start, node.start + 1, "parentheses"))
    return min(found, key=lambda item: item.start) if found else None


def _clause_verdict(clause: Clause) -> bool | None:
    """True/False when the clause tracker reads is (practically) constant, else None."""
    if re.search(r"\s", clause.left):
        # a left side with blanks is never a context key: it resolves to ""
        try:
            result = routing.compare("", clause.op, clause.right)
        except ConditionError:
            return None
    elif _LEFTOVER.search(clause.right_raw):
        # the right side swallowed the rest of the condition: no real value equals it
        result = clause.op not in _POSITIVE
    else:
        return None
    return not result if clause.negations % 2 else result


def _reading(text: str) -> tuple[list[list[Clause]], bool | None]:
    """tracker's clauses for a runtime condition text, and whether the whole condition is
    then (practically) always true, never true, or neither."""
    branches = [
        [routing.parse_clause(item) for item in branch] for branch in routing.split_condition(text)
    ]
    verdicts: list[bool | None] = []
    for branch in branches:
        values = [_clause_verdict(clause) for clause in branch]
        if any(value is False for value in values):
            verdicts.append(False)
        elif all(value is True for value in values):
            verdicts.append(True)
        else:
            verdicts.append(None)
    if any(value is True for value in verdicts):
        return branches, True
    if all(value is False for value in verdicts):
        return branches, False
    return branches, None


_DC301_HELP = (
    "tracker up to v0.64 splits a condition only on `&&`/`||`, which dippin rejects in .dip "
    "files (DIP010). Working patterns: one clause per edge, ordered so that the first edge "
    "that matches is the one you want (conditions are tried in declaration order); an "
    "intermediate tool or conditional node that turns the combination into one marker; or "
    '`target-version = "0.65"` when the workflows run on a tracker with #647 fixed.'
)


@rule(
    "DC301",
    "condition-keyword-not-split",
    Severity.WARNING,
    summary="A condition that tracker ≤ v0.64 evaluates differently from how it reads "
    "(`and`/`or`, `not =`, parentheses).",
    rationale=(
        "tracker up to v0.64 splits a condition only on `&&` and `||` (tracker#647, "
        "docs/runtime/conditions.md). `ctx.a != x and ctx.a != y` is ONE clause whose first "
        "operator is `!=` and whose right side is the literal `x and ctx.a != y`: it is "
        "practically always true, so the edge declared first swallows every later route. "
        "`not` is understood only as a leading `not ` or in `not contains/startswith/"
        "endswith/in/matches`; `ctx.a not = x` compares the non-existent key `ctx.a not`. "
        "Parentheses are never grouping. Applies to target versions up to 0.64; with "
        '`target-version = "0.65"` (tracker with #647 fixed) the rule is silent.'
    ),
    example=(
        "edges\n  PickNextTask -> ImplementTask  when ctx.tool_stdout != all_complete and "
        "ctx.tool_stdout != no_tasks_found\n  PickNextTask -> Finish  when ctx.tool_stdout = "
        "all_complete"
    ),
    fix="Write one clause per edge and rely on first-match order, route through an "
    "intermediate node, or target a tracker release with #647 fixed. In DOT, where `&&`/`||` "
    "are allowed, an unsafe fix rewrites `and`/`or` as `&&`/`||`.",
    formats=("dip", "dot"),
    targets=("0.64",),
    fix_availability="sometimes",
)
def keyword_not_split(context: Context) -> Iterator[Diagnostic]:
    if context.target.splits_condition_keywords:
        return
    workflow = context.workflow
    for edge in workflow.edges:
        condition = edge.condition
        if condition is None or condition.expr is None or condition.shorthand:
            continue
        problem = _misreading(condition.expr, condition.raw, workflow.format)
        if problem is None:
            continue
        text = routing.runtime_text(condition.raw, workflow.format)
        try:
            branches, verdict = _reading(text)
        except ConditionError as error:
            yield context.finding(
                "DC301",
                condition.locate(problem.start, problem.end),
                f"tracker ≤ v{context.target} does not read {problem.what} in this condition "
                f"as dippin does (tracker#647), and its own reading fails: {error}",
                help=_DC301_HELP,
            )
            continue
        clauses = [clause for branch in branches for clause in branch]
        shown = " || ".join(
            " && ".join(_describe(clause) for clause in branch) for branch in branches
        )
        count = "one comparison" if len(clauses) == 1 else f"{len(clauses)} comparisons"
        route = f"`{edge.source.value} -> {edge.target.value}`"
        if verdict is True:
            later = _later_edges(workflow, edge)
            outcome = f", so {route} is taken whenever it is tried" + (
                " and the edges declared after it (" + ", ".join(later) + ") never are"
                if later
                else ""
            )
            truth = "practically always true"
        elif verdict is False:
            truth = "practically never true"
            outcome = f", so {route} never fires"
        else:
            truth = "not what the condition says"
            outcome = ""
        catchers = _harmless(workflow, edge, context.target, text)
        harmless = ""
        if catchers is not None:
            harmless = (
                f"; here that does no harm: the edges declared before it ({', '.join(catchers)}) "
                "take every value on which the two readings differ, but moving this edge "
                "above them would change the route"
            )
        found = context.finding(
            "DC301",
            condition.locate(problem.start, problem.end),
            f"tracker ≤ v{context.target} does not split conditions on {problem.what} "
            f"(tracker#647): it reads the condition as {count}, {shown}, which is "
            f"{truth}{outcome}{harmless}",
            related=(Related(condition.span, "the condition tracker misreads"),),
            fix=_keyword_fix(condition, workflow.format),
            help=_DC301_HELP,
        )
        yield found.with_severity(Severity.INFO) if catchers is not None else found


_EQUALITY = frozenset({"=", "==", "!="})
_SPLITTING = next(
    target for target in map(parse_target, KNOWN_TARGETS) if target.splits_condition_keywords
)


def _harmless(workflow: Workflow, edge: Edge, target: TargetVersion, text: str) -> list[str] | None:
    """The edges declared before ``edge`` (same source) that catch every value on which
    tracker's reading of its condition (whose runtime text is ``text``) and dippin's differ,
    so that the misreading never changes the route; None when some value gets through to
    ``edge`` (or the question is out of reach: several keys, operators other than equality).

    Only equality on one key is decided: its truth depends only on which literal, if any,
    the key's value equals, so the literals (and one value equal to none of them) are every
    case. A right side tracker swallowed whole (`x and ctx.k != y`) is not a value a key
    practically holds, as DC301's verdict already assumes."""
    condition = edge.condition
    if condition is None or condition.expr is None:
        return None
    key = _single_key([condition.expr])
    if key is None:
        return None
    earlier: list[tuple[Edge, str]] = []
    for item in workflow.edges_from(edge.source.value):
        if item is edge:
            break
        other = item.condition
        if item.implicit or other is None:
            continue
        if other.expr is None or _single_key([other.expr]) != key:
            return None  # an earlier route on something else: out of reach
        earlier.append((item, routing.runtime_text(other.raw, workflow.format)))
    literals = {
        value
        for item in (condition.expr, *(e.condition.expr for e, _ in earlier if e.condition))
        if item is not None
        for node in conditions.comparisons(item)
        for value in (operand.value for operand in node.right)
    }
    caught: set[int] = set()
    for value in [*sorted(literals | {""}), "\x00none of them"]:

        def lookup(name: str, value: str = value) -> str | None:
            return value if name == key else None

        try:
            meant = routing.evaluate(text, lookup, _SPLITTING)
            read = routing.evaluate(text, lookup, target)
            if meant == read:
                continue
            catcher = next(
                (e for e, other in earlier if routing.evaluate(other, lookup, target)), None
            )
        except ConditionError:
            return None
        if catcher is None:
            return None
        caught.add(id(catcher))
    names = [f"`{e.source.value} -> {e.target.value}`" for e, _ in earlier if id(e) in caught]
    return list(dict.fromkeys(names)) or None


def _single_key(exprs: list[conditions.Expr]) -> str | None:
    """The one context key every comparison tests with `=`/`!=`, or None."""
    keys: set[str] = set()
    for expr in exprs:
        for node in conditions.comparisons(expr):
            if node.op not in _EQUALITY:
                return None
            keys.add(conditions.variable_key(node.left.text)[0])
    return keys.pop() if len(keys) == 1 else None


def _describe(clause: Clause) -> str:
    """``key `ctx.a` != "x and ctx.b != y"``: how tracker reads one clause."""
    text = f"key `{clause.left}` {clause.op} {routing.go_quote(clause.right)}"
    return f"not ({text})" if clause.negations % 2 else text


def _later_edges(workflow: Workflow, edge: Edge) -> list[str]:
    edges = workflow.edges_from(edge.source.value)
    index = edges.index(edge)
    return list(
        dict.fromkeys(
            f"`{item.source.value} -> {item.target.value}`"
            for item in edges[index + 1 :]
            if not item.implicit
        )
    )


def _keyword_fix(condition: Condition, fmt: str) -> Fix | None:
    """In DOT, `and`/`or` between comparisons become `&&`/`||` (tracker's separators)."""
    if fmt == "dip" or condition.expr is None:
        return None
    edits: list[Edit] = []
    for node in conditions.walk(condition.expr):
        if isinstance(node, conditions.Group):
            return None
        if isinstance(node, conditions.Compare) and node.negated and node.op in ("=", "==", "!="):
            return None
        if isinstance(node, conditions.BoolOp):
            for symbol, start, end in node.symbols:
                if symbol in ("and", "or"):
                    edits.append(
                        Edit(condition.locate(start, end), "&&" if symbol == "and" else "||")
                    )
    if not edits:
        return None
    return Fix("write `&&`/`||`, which tracker splits on", tuple(edits), safe=False)


# -- shared helpers --------------------------------------------------------------------------


def _outcome_compares(expr: conditions.Expr) -> list[conditions.Compare]:
    return [
        node
        for node in conditions.comparisons(expr)
        if conditions.variable_key(node.left.text)[0] == "outcome"
    ]


def _when_span(edge: Edge) -> Span | None:
    """The `when …`/`on …` text of an edge (keyword included), for fixes that remove it."""
    condition = edge.condition
    if condition is None:
        return None
    if condition.shorthand:
        return condition.span
    source = condition.span.source
    before = source.text[edge.span.start : condition.span.start]
    index = before.rfind("when")
    if index < 0:
        return None
    start = edge.span.start + index
    while start > edge.span.start and source.text[start - 1] in " \t":
        start -= 1
    return Span(source, start, condition.span.end)


# -- DC302 -----------------------------------------------------------------------------------


def _fires_only_on_retry(expr: conditions.Expr) -> conditions.Compare | None:
    for item in routing.conjuncts(expr):
        item = routing.unwrap(item)
        if (
            isinstance(item, conditions.Compare)
            and not item.negated
            and item.op in ("=", "==")
            and conditions.variable_key(item.left.text)[0] == "outcome"
            and item.right_text == "retry"
        ):
            return item
    return None


def _other_ways_in(workflow: Workflow, target: str, dead: set[int]) -> bool:
    """Can the runtime reach ``target`` other than through the dead edges?"""
    if target == workflow.start:
        return True
    for edge in workflow.edges_to(target):
        if id(edge) not in dead:
            return True
    routes = ("retry_target", "fallback_target", "fallback_retry_target")
    for node in workflow.nodes:
        if any(node.value(key).strip() == target for key in routes):
            return True
    return any(workflow.default_value(key) == target for key in ("on_failure", "restart_target"))


@rule(
    "DC302",
    "dead-retry-edge",
    Severity.WARNING,
    summary="An edge conditioned on `ctx.outcome = retry` (or `on retry`), which never fires.",
    rationale=(
        "A `retry` status never reaches edge selection: the engine retries the node (its "
        "`retry_policy`/`max_retries`, going to `retry_target`), and once the retries are "
        "exhausted it goes to `fallback_retry_target` or fails the run "
        "(docs/runtime/failures.md#retries). An edge that waits for `outcome = retry` is dead, and "
        "a node reached only "
        "through it never runs."
    ),
    example="edges\n  ReviewConsensus -> Postmortem  on retry  label: retry",
    fix="Say where a retry goes with `retry_target:` on the node and where exhausted retries "
    "go with `fallback_retry_target:`; route on `fail` (`on fail`) for failures.",
    formats=("dip", "dot"),
)
def dead_retry_edge(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    dead: dict[int, tuple[Edge, conditions.Compare]] = {}
    # a workflow's identical conditions share one parse: each is read once
    retries: ByIdentity[conditions.Expr, conditions.Compare | None] = ByIdentity()
    for edge in workflow.edges:
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        compare = retries.get(condition.expr, _fires_only_on_retry)
        if compare is not None:
            dead[id(edge)] = (edge, compare)
    ids = set(dead)
    for edge, compare in dead.values():
        condition = edge.condition
        assert condition is not None
        target = edge.target.value
        unreachable = target in workflow.node_map and not _other_ways_in(workflow, target, ids)
        tail = f"; `{target}` has no other way in, so it never runs" if unreachable else ""
        yield context.finding(
            "DC302",
            condition.locate(compare.start, compare.end),
            f"edge `{edge.source.value} -> {target}` waits for outcome `retry`, which never "
            "reaches edge selection: the runtime retries "
            f"`{edge.source.value}` itself and, once its retries are exhausted, goes to "
            "`fallback_retry_target` or fails the run" + tail,
        )


# -- DC303 -----------------------------------------------------------------------------------


@rule(
    "DC303",
    "outcome-route-on-success-only-node",
    Severity.WARNING,
    summary="A `ctx.outcome` condition out of a node whose handler always reports success "
    "(choice/freeform human gates, conditional nodes, pass-through start and exit nodes).",
    rationale=(
        "A choice or freeform human gate reports `success` whatever the human picks; the "
        "choice travels as the preferred label, and a conditional node, like a pass-through "
        "start or exit node, is always `success` "
        "(docs/runtime/edge-selection.md#choosing-an-edge). A `fail` branch out of such a node "
        "never fires, and a "
        "`success` condition is always true — and because conditions are checked before "
        "labels, it swallows the human's choice."
    ),
    example=(
        "human HumanApproval\n  label: Approve?\nedges\n"
        '  HumanApproval -> CreatePR  when ctx.outcome = success  label: "approved"\n'
        '  HumanApproval -> Fix  when ctx.outcome = fail  label: "changes requested"'
    ),
    fix="Route on the labels alone (remove the `when` from labelled edges; an unsafe fix is "
    "offered), or use `mode: yes_no` when the answer is a yes/no outcome.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def success_only_outcome_route(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in workflow.nodes:
        why = runtime.success_only(node, workflow)
        if why is None:
            continue
        edges = workflow.edges_from(node.id)
        labelled = [edge for edge in edges if edge.label or edge.choice]
        # the targets an edge without a condition leads to: removing a condition from another
        # edge to one of them would declare that edge twice (DIP009, an error), so no fix
        plain = {edge.target.value for edge in edges if edge.condition is None}
        for edge in edges:
            condition = edge.condition
            if condition is None or condition.expr is None:
                continue
            compares = _outcome_compares(condition.expr)
            if not compares:
                continue
            truth = routing.outcome_truth(condition.expr, "success")
            if truth is None:
                continue
            route = f"`{node.id} -> {edge.target.value}`"
            if truth and node.kind is NodeKind.HUMAN:
                others = [item for item in labelled if item is not edge]
                choices = ", ".join(f"`{routing.routing_key(item)}`" for item in others)
                message = (
                    f"the condition on {route} is always true: {why}, and conditions are "
                    "checked before the human's label"
                    + (f", so the choices {choices} are ignored" if choices else "")
                )
            elif truth:
                later = _later_edges(workflow, edge)
                message = f"the condition on {route} is always true: {why}" + (
                    f", so the edges declared after it ({', '.join(later)}) are never taken"
                    if later
                    else ""
                )
            else:
                message = f"the condition on {route} is never true: {why}"
            fix = None
            span = _when_span(edge)
            if (edge.label or edge.choice) and span is not None and edge.target.value not in plain:
                plain.add(edge.target.value)  # (a second such edge to it is not fixed either)
                fix = Fix(
                    "route on the label alone (remove the condition)",
                    (Edit(span, ""),),
                    safe=False,
                )
            first = compares[0]
            yield context.finding(
                "DC303",
                condition.locate(first.start, first.end),
                message,
                related=(Related(node.id_span, f"`{node.id}` is declared here"),),
                fix=fix,
            )


# -- DC306 -----------------------------------------------------------------------------------

# Commands whose output certainly reaches standard output when they run.
_PRINTERS = frozenset({"ls", "pwd", "date", "env", "printenv"})
_TEST_RUNNERS = {"go": "test", "cargo": "test", "npm": "test"}


def _noise(command: SimpleCommand, markers: set[str]) -> bool:
    """Does this command certainly print something that is not one of the markers?"""
    if not command.certain or command.piped or command.stdout_redirected or not command.words:
        return False
    name = command.name
    words = command.words
    if name in ("echo", "printf"):
        args = [word for word in words[1:] if not (name == "echo" and word.value in ("-n", "-e"))]
        if not args or any(word.expands for word in args):
            return False  # may print the marker, or nothing
        text = " ".join(word.value for word in args)
        if name == "printf":
            text = text.replace("\\n", "").replace("%%", "%")
            if "%" in text:
                return False
        return text.strip() not in markers and text.strip() != ""
    if name in _PRINTERS or name == "pytest":
        return True
    return (
        _TEST_RUNNERS.get(name) is not None
        and len(words) > 1
        and (words[1].value == _TEST_RUNNERS[name])
    )


def _reached(commands: tuple[SimpleCommand, ...]) -> list[SimpleCommand]:
    """The commands, with every command after a conditional `exit`/`return` marked as not
    certain (the script may have ended with a marker before it)."""
    result: list[SimpleCommand] = []
    ended = False
    for command in commands:
        if ended and command.certain:
            command = replace(command, certain=False)
        if command.name in ("exit", "return") and not command.certain:
            ended = True
        result.append(command)
    return result


def _stdout_literals(edge: Edge) -> list[tuple[conditions.Compare, list[str]]]:
    condition = edge.condition
    if condition is None or condition.expr is None:
        return []
    found = []
    for compare in conditions.comparisons(condition.expr):
        if conditions.variable_key(compare.left.text)[0] != "tool_stdout":
            continue
        if compare.op not in ("=", "==", "!=", "in"):
            continue
        if compare.op == "in":
            values = [item.strip() for item in compare.right_text.split(",")]
        else:
            values = [compare.right_text]
        found.append((compare, values))
    return found


@rule(
    "DC306",
    "noisy-stdout-equality",
    Severity.WARNING,
    summary="An edge compares `ctx.tool_stdout` for equality while the command also prints "
    "other text to standard output.",
    rationale=(
        "`ctx.tool_stdout` is the command's whole standard output with only trailing "
        "whitespace trimmed (docs/runtime/edge-selection.md#choosing-an-edge). When the command "
        "also prints "
        "something else — a test runner's report, an `echo` of progress — an equality with "
        "the marker never holds (and `!=` always does), so the run silently takes another "
        "edge. Only output that certainly reaches stdout is counted: redirected, piped, "
        "conditional and variable output is not."
    ),
    example=(
        "tool RunTests\n  command:\n    go test ./... 2>&1\n    echo tests_pass\nedges\n"
        "  RunTests -> Ship  when ctx.tool_stdout = tests_pass"
    ),
    fix="Send the other output elsewhere (`>/dev/null`, `>&2`, a log file), route with "
    "`contains`, or use `marker_grep` and `ctx.tool_marker`.",
    formats=("dip", "dot"),
)
def noisy_stdout_equality(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in runtime.tool_nodes(workflow):
        located = node.text_field("command")
        if located is None:
            continue
        _, text = located
        checks = [
            (edge, compare, values)
            for edge in workflow.edges_from(node.id)
            for compare, values in _stdout_literals(edge)
        ]
        if not checks:
            continue
        commands = _reached(simple_commands(text.value))
        markers = {value for _, _, values in checks for value in values}
        noisy = [command for command in commands if _noise(command, markers)]
        if not noisy:
            continue
        for edge, compare, values in checks:
            first = noisy[0]
            shown = text.value[first.start : first.end]
            condition = edge.condition
            assert condition is not None
            never = "always holds" if compare.op == "!=" else "never holds"
            yield context.finding(
                "DC306",
                condition.locate(compare.start, compare.end),
                f"`{edge.source.value} -> {edge.target.value}` compares the whole standard "
                f"output of `{node.id}` with {', '.join(f'`{v}`' for v in values)}, but the "
                f"command also prints other text (`{shown}`), so the comparison {never}",
                related=(Related(text.span(first.start, first.end), "prints to stdout"),),
            )


# -- DC309 -----------------------------------------------------------------------------------


@rule(
    "DC309",
    "ignored-routing-syntax",
    Severity.WARNING,
    summary="Routing syntax the runtime ignores: `else ->`.",
    rationale=(
        "dippin parses `else -> X`, but tracker never wires it into the graph "
        "(docs/runtime/loading.md#from-dippin-to-trackers-graph): a node whose conditions all fail "
        "and that has "
        'no unconditional edge of its own stops the run with "no matching edges" instead of '
        "going to X."
    ),
    example="edges\n  Check -> Ship  when ctx.outcome = success\n  else -> Triage",
    fix="Give each node that relies on it an unconditional edge to the same target (offered "
    "as an unsafe fix).",
    formats=("dip",),
    fix_availability="sometimes",
)
def ignored_else(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    target = workflow.else_target
    span = workflow.else_span
    if target is None or span is None:
        return
    covered = [
        node.id
        for node in workflow.nodes
        if (edges := workflow.edges_from(node.id))
        and all(edge.conditional for edge in edges)
        and node.id != target.value
    ]
    names = ", ".join(f"`{name}`" for name in covered)
    fix = None
    if covered:
        line_start = span.source.text.rfind("\n", 0, span.start) + 1
        indent = span.source.text[line_start : span.start]
        replacement = "\n".join(
            f"{indent}{name} -> {target.value}" if i else f"{name} -> {target.value}"
            for i, name in enumerate(covered)
        )
        fix = Fix(
            "replace it with an unconditional edge from each node it covers",
            (Edit(span, replacement),),
            safe=False,
        )
    yield context.finding(
        "DC309",
        span,
        f"tracker ignores `else -> {target.value}`"
        + (
            f': when no condition of {names} matches, the run fails with "no matching edges" '
            f"instead of going to `{target.value}`"
            if covered
            else ""
        ),
        fix=fix,
    )


# -- DC337 -----------------------------------------------------------------------------------


@rule(
    "DC337",
    "edge-out-of-a-branch",
    Severity.WARNING,
    summary="An edge leaves a node that only runs as a parallel branch: tracker never follows it.",
    rationale=(
        "A parallel node runs each branch target itself, on a copy of the context, and then "
        "goes to its join; the targets' own outgoing edges are ignored "
        "(docs/runtime/parallel.md#branches). A step chained after a branch (`A -> LintA`, "
        "then `LintA -> Join`) therefore never runs this way, whatever the edge says. An edge "
        "from a branch to its own fan_in is how a DOT fork is drawn, and is not reported."
    ),
    example="parallel Fork -> A, B\nfan_in Join <- A, B\nedges\n  A -> LintA\n  LintA -> Join",
    fix="Make the chained step a branch of its own, run it inside a subgraph the branch "
    "calls, or move it after the join.",
    formats=("dip", "dot"),
)
def edge_out_of_a_branch(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    facts = context.failure
    branch_only = facts.branch_only
    if not branch_only:
        return
    for node in workflow.nodes:
        node_id = node.id
        if node_id not in branch_only or workflow.node_map.get(node_id) is not node:
            continue
        parallel = facts.branch_of[node_id]
        join = facts.parallels[parallel].join
        for edge in workflow.edges_from(node_id):
            target = edge.target.value
            if edge.implicit or target == join:
                continue
            yield context.finding(
                "DC337",
                edge.span,
                f"edge `{node_id} -> {target}` leaves `{node_id}`, a branch of parallel "
                f"`{parallel}`: tracker runs the branch inside `{parallel}` and never follows "
                f"its edges, so `{target}` does not run after it",
            )
