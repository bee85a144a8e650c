"""The shortcuts the rules take at scale (issue 19 §3), each checked against the direct way it
replaced (kept here as the reference) on generated `.dip` workflows: the handler table, the
failure paths read with one truth per condition text, the exhaustive test's order, and the
rules that examine each distinct condition (a workflow's identical conditions share one parse)
or each distinct pair of model and provider fields once."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import conditions
from dipcheck.analysis import runtime
from dipcheck.analysis.failure import YES_NO, FailureFacts, FailurePath, Route, how_it_fails
from dipcheck.analysis.guards import FAIL_VALUES, OUTCOME_VARIABLES, Guards
from dipcheck.diagnostics import Diagnostic, Related
from dipcheck.engine import lint_text
from dipcheck.model import Edge, Node, NodeKind, Workflow
from dipcheck.rules import registry
from dipcheck.rules.attractor import STATUSES, _hint
from dipcheck.rules.context import Context
from dipcheck.rules.dippin_conditions import _reserved
from dipcheck.rules.dippin_routing import arrow
from dipcheck.rules.structure import _loop_hint

KINDS = ["agent", "agent", "tool", "human", "conditional"]
CONDITIONS = [
    "ctx.outcome = success",
    "ctx.outcome = fail",
    "ctx.outcome = failure",
    "ctx.outcome = passed",
    "ctx.outcome != success",
    "ctx.outcome in fail,retry",
    'ctx.outcome in "success,approved"',
    "outcome = Succeeded",
    "ctx.outcome = success and ctx.verdict = yes",
    "ctx.outcome = fail or ctx.verdict = no",
    "not ctx.outcome = fail",
    "(ctx.outcome = success)",
    "ctx.verdict = yes",
    "ctx.verdict = no",
    "ctx.verdict != yes && ctx.verdict != no",
    "ctx.tool_stdout contains ready",
    "ctx.note  =  a",
    "ctx.a:b = c",
    "ctx.outcome = ",
]
FIELDS = [
    "writes: verdict",
    "writes: verdict, note",
    "writes: other",
    "fallback_target: N0",
    "fallback_target: N2",
    "retry_target: N1",
    "mode: yes_no",
    "mode: freeform",
    "mode: interview",
    "timeout: 5m",
    "timeout_action: fail",
    "default: Yes",
    "model: gpt-5",
    "model: claude-sonnet-4-6",
    "model: gpt-4o",
    "provider: openai",
    "provider: anthropic",
    "provider: google",
    "command: make test || true",
    "command: make test",
    "marker_grep: ^(ok|bad)$",
]
DEFAULTS = ["model: claude-sonnet-4-6", "provider: anthropic", "model: gpt-5", "on_failure: N1"]


@st.composite
def workflows(draw: st.DrawFn) -> str:
    count = draw(st.integers(2, 7))
    lines = ["workflow W", "  start: N0", f"  exit: N{count - 1}"]
    defaults = draw(st.lists(st.sampled_from(DEFAULTS), max_size=3, unique=True))
    if defaults:
        lines += ["  defaults", *(f"    {item}" for item in defaults)]
    for index in range(count):
        kind = draw(st.sampled_from(KINDS))
        lines.append(f"  {kind} N{index}")
        if kind in ("agent", "human"):
            lines.append(f"    prompt: step {index} ${{ctx.verdict}}")
        if kind == "tool" and not draw(st.booleans()):
            lines.append("    command: make check")
        fields = draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True))
        lines += [f"    {item}" for item in fields]
    lines.append("  edges")
    for _ in range(draw(st.integers(1, 12))):
        source, target = draw(st.integers(0, count - 1)), draw(st.integers(0, count - 1))
        condition = draw(st.sampled_from(["", "", *CONDITIONS]))
        lines.append(f"    N{source} -> N{target}" + (f"  when {condition}" if condition else ""))
    return "\n".join(lines) + "\n"


def _load(text: str) -> Workflow:
    result = lint_text(text, "<shortcuts>.dip")
    assert result.workflow is not None
    return result.workflow


def _keys(found: Iterable[Diagnostic]) -> list[tuple[str, int, int, str, tuple[object, ...]]]:
    return [
        (item.code, item.span.start, item.span.end, item.message, item.related) for item in found
    ]


def _run(code: str, workflow: Workflow) -> list[tuple[str, int, int, str, tuple[object, ...]]]:
    check = registry.get(code)
    assert check is not None and check.check is not None
    return _keys(check.check(Context(workflow)))


# -- references: the direct ways -----------------------------------------------------------------


def _handler_reference(node: Node, workflow: Workflow) -> runtime.Handler:
    return runtime._handler(node, workflow)


def _path_reference(facts: FailureFacts, node: Node) -> FailurePath:
    """The failure path as worked out before: one truth per edge, asked edge by edge."""

    def truth(edge: Edge) -> bool | None:
        if not edge.conditional or edge.condition is None:
            return True
        return facts._truth(edge.condition.raw)

    edges = facts.edges_from(node.id)
    if not edges:
        return FailurePath(Route.DEAD_END)
    if not any(edge.conditional for edge in edges):
        target, origin = facts.fallback(node)
        if target:
            return FailurePath(Route.FALLBACK, target=target, origin=origin)
        return FailurePath(Route.STOP)
    definite: FailurePath | None = None
    for edge in edges:
        if edge.conditional and truth(edge) is True:
            definite = FailurePath(Route.CONDITION, edge)
            break
    if definite is None and how_it_fails(node, facts.workflow) == YES_NO:
        from dipcheck.analysis import routing

        for edge in edges:
            if routing.routing_key(edge) == "No":
                definite = FailurePath(Route.CONDITION, edge)
                break
    if definite is None:
        from dipcheck.analysis import routing

        plain = [edge for edge in edges if not edge.conditional]
        if not plain:
            definite = FailurePath(Route.NO_MATCH)
        else:
            top = max(routing.weight(edge) for edge in plain)
            best = min(
                (edge for edge in plain if routing.weight(edge) == top),
                key=lambda edge: edge.target.value,
            )
            definite = FailurePath(Route.UNCONDITIONAL, best)
    for edge in edges:
        if edge is definite.edge:
            break
        if edge.conditional and truth(edge) is None:
            return FailurePath(Route.MAYBE, edge, rest=definite)
    return definite


def _exhaustive_reference(guards: Guards, edges: list[Edge]) -> bool:
    conditional = [edge for edge in edges if edge.conditional]
    singles = [guards.single(edge) for edge in conditional]
    equalities = [item for item in singles if item is not None and item.is_equality]
    if guards._remainder_covered(conditional, equalities):
        return True
    outcomes = {item.values[0] for item in equalities if item.variable in OUTCOME_VARIABLES}
    if "success" in outcomes and outcomes & FAIL_VALUES:
        return True
    if (
        len(conditional) >= 2
        and len(equalities) == len(conditional)
        and len({item.variable for item in equalities}) == 1
    ):
        return True
    keys = {item.key for item in singles if item is not None}
    return any(item is not None and item.complement_key in keys for item in singles)


def _dc313_reference(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for edge in workflow.edges:
        condition = edge.condition
        if condition is None or condition.expr is None:
            continue
        source = workflow.node(edge.source.value)
        if source is not None and runtime.success_only(source, workflow):
            continue
        for compare in conditions.comparisons(condition.expr):
            key, _ = conditions.variable_key(compare.left.text)
            if key != "outcome" or compare.op not in ("=", "==", "!=", "in"):
                continue
            for operand in compare.right:
                values = operand.value.split(",") if compare.op == "in" else [operand.value]
                for value in values:
                    word = value.strip().lower()
                    if not word or word in STATUSES or word == "retry":
                        continue
                    verb = "always" if compare.op == "!=" else "never"
                    yield context.finding(
                        "DC313",
                        condition.locate(operand.start, operand.end),
                        f"`{value.strip()}` is not a stage status (success, fail, "
                        f"partial_success), so the condition on `{edge.source.value} -> "
                        f"{edge.target.value}` {verb} holds{_hint(word)}",
                    )


def _dip121_reference(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    written = context.flow.producers
    for edge in workflow.edges:
        node = workflow.node(edge.source.value)
        writes = node.get("writes") if node is not None else None
        condition = edge.condition
        if node is None or writes is None or condition is None or condition.expr is None:
            continue
        for compare in conditions.comparisons(condition.expr):
            key, _ = conditions.variable_key(compare.left.text)
            if _reserved(key) or not written.get(key):
                continue
            keys = {item.value.removeprefix("ctx.") for item in runtime.entries(writes, workflow)}
            if key in keys or not keys:
                continue
            yield context.finding(
                "DIP121",
                condition.locate(compare.left.start, compare.left.end),
                f"edge {arrow(edge)} routes on `{key}`, which `{edge.source.value}` does not "
                f"write (its writes: {', '.join(sorted(keys))}); the value comes from "
                "another node",
            )


def _dip009_reference(context: Context) -> Iterator[tuple[int, str]]:
    seen: set[tuple[str, str, str]] = set()
    for edge in context.workflow.edges:
        if edge.implicit:
            continue
        raw = conditions.normalize(edge.condition.raw) if edge.condition is not None else ""
        key = (edge.source.value, edge.target.value, raw)
        if key in seen:
            yield edge.span.start, raw
        seen.add(key)


# -- the properties ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(workflows())
def test_the_handler_table_gives_each_node_its_handler(text: str) -> None:
    workflow = _load(text)
    for node in workflow.nodes:
        assert runtime.handler_of(node, workflow) is _handler_reference(node, workflow)
    stranger = _load(text.replace("agent N0", "tool N0", 1)).nodes[0]
    assert runtime.handler_of(stranger, workflow) is _handler_reference(stranger, workflow)


@settings(max_examples=150, deadline=None)
@given(workflows())
def test_failure_paths_match_the_edge_by_edge_reading(text: str) -> None:
    workflow = _load(text)
    facts = FailureFacts(workflow)
    for node_id, found in facts.paths.items():
        node = workflow.node_map[node_id]
        assert found == _path_reference(FailureFacts(workflow), node)


@settings(max_examples=150, deadline=None)
@given(workflows())
def test_exhaustive_does_not_depend_on_the_order_of_its_tests(text: str) -> None:
    workflow = _load(text)
    guards = Guards(workflow)
    for node in workflow.nodes:
        edges = guards.edges_from(node.id)
        assert guards.exhaustive(edges) == _exhaustive_reference(guards, edges)


@settings(max_examples=150, deadline=None)
@given(workflows())
def test_rules_that_read_each_condition_once(text: str) -> None:
    workflow = _load(text)
    assert _run("DC313", workflow) == _keys(_dc313_reference(Context(workflow)))
    assert _run("DIP121", workflow) == _keys(_dip121_reference(Context(workflow)))
    duplicates = [(item[1], item[3]) for item in _run("DIP009", workflow)]
    assert [start for start, _ in duplicates] == [
        start for start, _ in _dip009_reference(Context(workflow))
    ]


def _dip010_reference(context: Context) -> Iterator[Diagnostic]:
    """DIP010 as it was: each condition examined on its own, the message begun for each."""
    for edge in context.workflow.edges:
        condition = edge.condition
        if condition is None or condition.shorthand:
            continue
        raw = condition.raw if len(condition.raw) <= 120 else condition.raw[:119] + "…"
        prefix = f'edge {edge.source.value} -> {edge.target.value}: invalid condition "{raw}"'
        if condition.expr is None:
            if condition.error and condition.error.startswith("unterminated"):
                continue
            yield context.finding(
                "DIP010",
                condition.error_span,
                f"{prefix}: {condition.error}{_loop_hint(edge)}",
            )
            continue
        problems = conditions.dippin_incompatibilities(condition.expr)
        if not problems:
            continue
        first = problems[0]
        related = tuple(
            Related(condition.locate(item.start, item.end), item.message) for item in problems[1:]
        )
        yield context.finding(
            "DIP010",
            condition.locate(first.start, first.end),
            f"{prefix}: {first.message}",
            related=related,
        )


@settings(max_examples=150, deadline=None)
@given(workflows())
def test_invalid_conditions_are_found_once_per_condition(text: str) -> None:
    workflow = _load(text)
    assert _run("DIP010", workflow) == _keys(_dip010_reference(Context(workflow)))


def _models_reference(context: Context) -> list[tuple[str, int, str]]:
    """DIP108's verdict agent by agent: (agent, start of the field reported, reason)."""
    workflow = context.workflow
    catalog = context.catalog
    found = []
    for node in workflow.nodes:
        if node.kind is not NodeKind.AGENT:
            continue
        model_field = node.get("model")
        if model_field is None:
            model_field = workflow.default("model")
        provider_field = node.get("provider")
        if provider_field is None:
            provider_field = workflow.default("provider")
        model = model_field.text.strip() if model_field is not None else ""
        provider_name = provider_field.text.strip() if provider_field is not None else ""
        if not model or "$" in model or "$" in provider_name:
            continue
        if catalog.resolve_alias(model, provider_name) is not None or not provider_name:
            continue
        assert model_field is not None and provider_field is not None
        provider = catalog.provider(provider_name)
        if provider is None:
            found.append((node.id, provider_field.value_span.start, "provider"))
        elif not provider.open and not provider.has(model):
            found.append((node.id, model_field.value_span.start, "model"))
    return found


@settings(max_examples=150, deadline=None)
@given(workflows())
def test_agents_sharing_model_fields_share_one_verdict(text: str) -> None:
    from dipcheck.rules.dippin_agents import _models

    workflow = _load(text)
    context = Context(workflow)
    models = _models(context)
    found = sorted(
        (agent, item.value_span.start, "provider" if "provider" in why else "model")
        for item, why, agents, _ in models.unknown.values()
        for agent in agents
    )
    assert found == sorted(_models_reference(context))


def _dc332_reference(context: Context) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """DC332 as it was (the safe-router test first, every condition's literals read for every
    node): (the node's id span start, its id, the values no status matches)."""
    from dipcheck.rules.outcomes import _routes_on_outcome_only

    workflow = context.workflow
    guards = context.guards
    for node in workflow.nodes:
        edges = workflow.edges_from(node.id)
        if not edges or not all(edge.conditional for edge in edges):
            continue
        if workflow.node(node.id) is not node or runtime.success_only(node, workflow):
            continue
        if workflow.format == "dip" and not guards.safe_router(node.id):
            continue
        routes = _routes_on_outcome_only(context, node, edges)
        if routes is None:
            continue
        statuses = runtime.outcomes(node, workflow)
        tested = [
            value
            for _, expr in routes
            for item in guards.literals(expr)
            if item.variable in OUTCOME_VARIABLES and item.op in ("=", "in")
            for value in item.values
        ]
        impossible = [value for value in dict.fromkeys(tested) if value not in statuses]
        if not impossible:
            continue
        if any(all(guards.outcome_truth(e, s) is False for _, e in routes) for s in statuses):
            yield node.id_span.start, node.id, tuple(impossible)


@settings(max_examples=400, deadline=None)
@given(workflows())
def test_unmatched_outcomes_whatever_the_order_of_the_tests(text: str) -> None:
    workflow = _load(text)
    found = [(start, message.split("`")[1]) for _, start, _, message, _ in _run("DC332", workflow)]
    reference = _dc332_reference(Context(workflow))
    assert found == [(start, node_id) for start, node_id, _ in reference]


# -- shell words: the tests a word skips ----------------------------------------------------------

_SHELL_CHARS = st.sampled_from(list("ab_=1<>&|'\"\\$`{}() \t-x9"))


def _unquote_reference(text: str) -> tuple[str, bool]:
    """shell_words._unquote before its shortcut for words with nothing to remove."""
    import re

    from dipcheck.analysis.shell_words import _skip_quoted

    out: list[str] = []
    expands = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "'":
            end = text.find("'", index + 1)
            end = len(text) if end < 0 else end
            out.append(text[index + 1 : end])
            index = end + 1
        elif char == '"':
            end = _skip_quoted(text, index)
            inner = text[index + 1 : end - 1 if end <= len(text) and text[end - 1] == '"' else end]
            expands = expands or "$" in inner or "`" in inner
            out.append(re.sub(r'\\([$`"\\])', r"\1", inner))
            index = end
        elif char == "\\" and index + 1 < len(text):
            out.append(text[index + 1])
            index += 2
        else:
            if char in "$`":
                expands = True
            out.append(char)
            index += 1
    return "".join(out), expands


@settings(max_examples=500, deadline=None)
@given(st.text(_SHELL_CHARS, max_size=12))
def test_shell_word_shortcuts(word: str) -> None:
    import re

    from dipcheck.analysis.shell_words import _ASSIGNMENT, _REDIRECT, _unquote

    assert _unquote(word) == _unquote_reference(word)
    if "<" not in word and ">" not in word:
        assert _REDIRECT.match(word) is None
    direct = re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", word) is not None
    assert direct == ("=" in word and _ASSIGNMENT.match(word) is not None)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["ctx", ".", "node", "X", "tool_stdout", "tool_stderr", "tool_std", "o"]),
        max_size=6,
    )
)
def test_a_fenced_tool_output_names_tool_std(parts: list[str]) -> None:
    """DC330 and DC334 skip a text without `tool_std`: no placeholder in it can be fenced."""
    from dipcheck.rules.prompt_text import _TOOL_OUTPUT, _fenced_key

    inner = "".join(parts)
    if _fenced_key(inner):
        assert _TOOL_OUTPUT in inner


def _cycles_reference(workflow: Workflow, start: str) -> list[list[Edge]]:
    """GraphFacts.cycles as it was: the depth-first walk kept each node's next edge index."""
    table: dict[str, list[Edge]] = {}
    dot = workflow.format == "dot"
    for edge in workflow.edges:
        counts = not edge.conditional if dot else not edge.is_back_edge
        if not edge.implicit and counts:
            table.setdefault(edge.source.value, []).append(edge)
    found: list[list[Edge]] = []
    entered: set[str] = set()
    state: dict[str, int] = {}
    path: list[Edge] = []
    stack: list[tuple[str, int]] = [(start, 0)]
    state[start] = 1
    while stack:
        node, position = stack[-1]
        edges = table.get(node, [])
        if position >= len(edges):
            stack.pop()
            state[node] = 2
            if path:
                path.pop()
            continue
        stack[-1] = (node, position + 1)
        edge = edges[position]
        target = edge.target.value
        mark = state.get(target)
        if mark == 1:
            if target not in entered:
                entered.add(target)
                begin = len(path)
                for index, item in enumerate(path):
                    if item.source.value == target:
                        begin = index
                        break
                found.append([*path[begin:], edge])
            continue
        if mark == 2:
            continue
        state[target] = 1
        path.append(edge)
        stack.append((target, 0))
    return found


@settings(max_examples=200, deadline=None)
@given(workflows(), st.integers(0, 6))
def test_cycles_walk_each_edge_once_in_order(text: str, start: int) -> None:
    from dipcheck.analysis.graph import GraphFacts

    text = text.replace("N1 -> N0", "N1 -> N0  loop", 1)
    workflow = _load(text)
    found = GraphFacts(workflow).cycles(f"N{start}")
    assert found == _cycles_reference(workflow, f"N{start}")


def _skip_quoted_reference(text: str, index: int) -> int:
    """shell_words._skip_quoted before it jumped over the plain text inside "…"."""
    length = len(text)
    char = text[index]
    if char in "'`":
        end = text.find(char, index + 1)
        return length if end < 0 else end + 1
    frames: list[list[object] | None] = []

    def enter(at: int) -> int:
        if text[at] == '"':
            frames.append(None)
        else:
            opener = text[at + 1]
            frames.append([opener, ")" if opener == "(" else "}", 0])
        return at + 1

    cursor = enter(index)
    while cursor < length:
        frame = frames[-1]
        current = text[cursor]
        expansion = current == "$" and text[cursor + 1 : cursor + 2] in ("(", "{")
        if current == "\\":
            cursor += 2
        elif frame is None:
            if current == '"':
                frames.pop()
                if not frames:
                    return cursor + 1
                cursor += 1
            elif expansion:
                cursor = enter(cursor)
            else:
                cursor += 1
        elif current in "'`":
            end = text.find(current, cursor + 1)
            cursor = length if end < 0 else end + 1
        elif current == '"' or expansion:
            cursor = enter(cursor)
        else:
            if current == frame[0]:
                frame[2] += 1  # type: ignore[operator]
            elif current == frame[1]:
                frame[2] -= 1  # type: ignore[operator]
                if frame[2] == 0:
                    frames.pop()
                    if not frames:
                        return cursor + 1
            cursor += 1
    return length


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(['"', "'", "`", "$(", "${"]), st.text(_SHELL_CHARS, max_size=20))
def test_quoted_units_end_where_they_did(opener: str, rest: str) -> None:
    from dipcheck.analysis.shell_words import _skip_quoted, simple_commands

    text = opener + rest
    assert _skip_quoted(text, 0) == _skip_quoted_reference(text, 0)
    simple_commands(f"echo {text}; ls")  # (the scanner takes any text)


@settings(max_examples=300, deadline=None)
@given(workflows())
def test_the_first_cycle_edge_is_the_first_whose_target_reaches_its_source(text: str) -> None:
    """DIP134 in DOT: one pass over the strongly connected components, against a search from
    every edge's target (the former way)."""
    from dipcheck.analysis.graph import GraphFacts, first_cycle_edge

    workflow = _load(text)
    facts = GraphFacts(workflow)
    expected = next(
        (
            edge
            for edge in workflow.edges
            if edge.source.value in facts.reachable([edge.target.value])
        ),
        None,
    )
    assert first_cycle_edge(workflow.edges, facts.successors) is expected


PARALLEL_TAIL = (
    "  parallel P -> N0, N1\n  fan_in J <- N0, N1\n  agent Z\n    prompt: z\n"
    "  edges\n    N0 -> P\n    P -> N0  when ctx.outcome = fail\n    P -> N1\n    J -> Z\n"
)


@settings(max_examples=200, deadline=None)
@given(workflows(), st.booleans())
def test_the_main_loop_follows_the_edges_it_did(text: str, parallel: bool) -> None:
    from collections import deque

    from dipcheck.analysis.failure import NODE_FALLBACKS

    if parallel:  # a parallel block with a join: its branches are left to it
        text = text.replace("  edges\n", PARALLEL_TAIL, 1)
    workflow = _load(text)
    facts = FailureFacts(workflow)

    def successors(node_id: str) -> Iterator[str]:
        found = facts.parallels.get(node_id)
        branches = {m.value for m in found.branches} if found and found.join else set()
        for edge in facts.edges_from(node_id):
            if edge.target.value not in branches or edge.conditional:
                yield edge.target.value
        node = workflow.node(node_id)
        if node is not None:
            for key in ("retry_target", *NODE_FALLBACKS):
                if node.value(key).strip():
                    yield node.value(key).strip()

    ids = workflow.node_map
    expected: set[str] = set()
    if workflow.start in ids:
        seeds = [workflow.start]
        for key in ("on_failure", "fallback_target", "fallback_retry_target"):
            if workflow.default_value(key) in ids:
                seeds.append(workflow.default_value(key))
        for key in ("restart_target", "retry_target"):
            if workflow.default_value(key) in ids:
                seeds.append(workflow.default_value(key))
        expected, queue = set(seeds), deque(seeds)
        while queue:
            for target in successors(queue.popleft()):
                if target in ids and target not in expected:
                    expected.add(target)
                    queue.append(target)
    assert facts.main_loop == expected
