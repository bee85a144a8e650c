"""``dipcheck simulate --all-paths --suggest-tests``: for each edge the workflow's tests do not
take, a test that does — its scenario read off an explored path that takes the edge — ready to
paste into the workflow's ``.tests.yaml``.

What the world did at each step of the path becomes a scenario entry (an agent's status and
the values it wrote, a tool's output and exit code, a human's answer, one entry per visit when
they differ); a value the explorer gave a condition operand nothing sets goes into
``context:``. Every suggestion is run before it is shown, and kept only if its run takes the
edge; its expectations are that run's status and path.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Sequence
from typing import Any

from dipcheck.analysis.runtime import Handler
from dipcheck.model import Edge
from dipcheck.records import record
from dipcheck.simulate.explore import OTHER, Exploration, Terminal
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import declared_writes, find_marker, placeholder
from dipcheck.simulate.session import Prepared
from dipcheck.simulate.trace import Step
from dipcheck.terminal import visible_lines
from dipcheck.wftest import coverage, loader, runner
from dipcheck.wftest.model import DIPCHECK

MAX_TRIES = 8  # explored paths tried per edge
OTHER_OUTPUT = "other output"
_FREE = re.compile(r"""([A-Za-z_][\w.\-]*)=('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")


@record
class Suggestion:
    edge: Edge
    test: dict[str, Any]  # name, context, nodes, expect


def _literal(text: str) -> str:
    import ast

    value = ast.literal_eval(text)
    return value if isinstance(value, str) else str(value)


def _example(pattern: str, marker: str) -> str | None:
    """A line ``marker_grep`` matches with ``marker`` as its result (None: not found)."""
    for candidate in (marker, *_generated(pattern, marker)):
        found, _ = find_marker(pattern, candidate)
        if found == marker:
            return candidate
    return None


def _generated(pattern: str, marker: str) -> list[str]:
    try:
        import re._parser as parser  # the standard library's regex parser
    except ImportError:  # pragma: no cover - a Python without it
        return []
    try:
        tree = parser.parse(pattern)
    except re.error:
        return []
    try:
        return [_emit(tree, marker, parser)]
    except (TypeError, ValueError, IndexError):
        return []


def _emit(items: Any, marker: str, parser: Any) -> str:
    out: list[str] = []
    for op, argument in items:
        if op is parser.LITERAL:
            out.append(chr(argument))
        elif op is parser.SUBPATTERN:
            group, _, _, body = argument
            out.append(marker if group == 1 else _emit(body, marker, parser))
        elif op is parser.BRANCH:
            out.append(_emit(argument[1][0], marker, parser))
        elif op is parser.IN:
            kind, value = argument[0]
            if kind is parser.LITERAL:
                out.append(chr(value))
            elif kind is parser.RANGE:
                out.append(chr(value[0]))
            else:
                out.append("a")
        elif op in (parser.MAX_REPEAT, parser.MIN_REPEAT):
            low, _, body = argument
            out.append(_emit(body, marker, parser) * max(low, 1))
        elif op is parser.ANY:
            out.append("x")
        elif op is parser.CATEGORY:
            out.append(
                "0" if "DIGIT" in str(argument) else " " if "SPACE" in str(argument) else "a"
            )
        elif op is not parser.AT:
            raise ValueError(op)
    return "".join(out)


def _entry(graph: RunGraph, step: Step) -> dict[str, Any] | None:
    """What the world did at one step, as a scenario entry ({} for the default)."""
    node = step.model_node or step.node.rsplit("/", 1)[-1]
    if node not in graph.nodes:
        return {}
    handler = graph.handler(node)
    writes = dict(step.writes)
    entry: dict[str, Any] = {}
    if handler is Handler.CODERGEN:
        if step.outcome in ("fail", "retry"):
            entry["outcome"] = step.outcome
        chosen = {
            key: writes[key]
            for key in declared_writes(graph, node)
            if key in writes and writes[key] != placeholder(step.node, key)
        }
        if chosen:
            entry["writes"] = chosen
    elif handler is Handler.TOOL:
        stdout = writes.get("tool_stdout", "")
        stdout = OTHER_OUTPUT if stdout == OTHER else stdout
        pattern = graph.attr(node, "marker_grep")
        marker = writes.get("tool_marker")
        if pattern and marker:
            example = _example(pattern, marker)
            if example is None:
                return None
            stdout = example if not stdout or find_marker(pattern, stdout)[0] != marker else stdout
        if stdout:
            entry["stdout"] = stdout
        if any(note.startswith("exit code ") for note in step.notes):
            entry["exit_code"] = 1
    elif handler is Handler.HUMAN:
        mode = graph.human_mode(node)
        if mode == "yes_no":
            entry["choice"] = "Yes" if step.outcome == "success" else "No"
        elif mode == "interview":
            if step.outcome == "fail":
                entry["outcome"] = "fail"
        elif mode == "freeform":
            entry["text"] = writes.get("human_response", "")
        elif step.edge is not None and step.edge.reason == "label" and step.edge.edge is not None:
            edge = step.edge.edge
            entry["choice"] = edge.label or edge.choice or edge.target.value
    elif handler is Handler.MANAGER_LOOP:
        return {}
    return entry


def scenario_of(graph: RunGraph, terminal: Terminal) -> dict[str, Any] | None:
    """The scenario (context and nodes) of an explored path (None: it cannot be written)."""
    visits: dict[str, list[dict[str, Any]]] = {}
    for step in terminal.steps:
        if not step.own:
            continue  # the child workflow's own choices are its tests' business
        entry = _entry(graph, step)
        if entry is None:
            return None
        visits.setdefault(step.node, []).append(entry)
    nodes: dict[str, Any] = {}
    for name, entries in visits.items():
        if not any(entries):
            continue
        if all(entry == entries[0] for entry in entries):
            nodes[name] = entries[0]
        else:
            nodes[name] = entries
    context: dict[str, str] = {}
    for world in terminal.world:
        for key, value in _FREE.findall(world.split(": ", 1)[-1]):
            if key not in ("stdout", "label"):
                context.setdefault(key, _literal(value))
    result: dict[str, Any] = {}
    if context:
        result["context"] = context
    if nodes:
        result["nodes"] = nodes
    return result


class _Takers:
    """Which explored paths take each edge (by their place in ``paths``), read off every
    path's steps once: an edge the path leaves a main-loop node by, or a parallel node's
    edge to a branch the path runs."""

    def __init__(self, paths: Sequence[Terminal], graph: RunGraph) -> None:
        self.by_edge: dict[int, list[int]] = {}
        self.by_branch: dict[tuple[str, str], list[int]] = {}
        for place, terminal in enumerate(paths):
            for step in terminal.steps:
                if step.depth == 0 and step.edge is not None and step.edge.edge is not None:
                    found = self.by_edge.setdefault(id(step.edge.edge), [])
                elif step.depth == 1 and step.within in graph.parallels:
                    found = self.by_branch.setdefault((step.within, step.node), [])
                else:
                    continue
                if not found or found[-1] != place:
                    found.append(place)

    def of(self, edge: Edge) -> list[int]:
        branch = self.by_branch.get((edge.source.value, edge.target.value), [])
        return sorted({*self.by_edge.get(id(edge), ()), *branch})


def _yaml_text(tests: Sequence[dict[str, Any]]) -> str:
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    def convert(value: Any, depth: int) -> Any:
        if isinstance(value, dict):
            mapping = CommentedMap((key, convert(item, depth + 1)) for key, item in value.items())
            if depth >= 3:  # a node's entry: {outcome: fail}
                mapping.fa.set_flow_style()
            return mapping
        if isinstance(value, list):
            seq = CommentedSeq(convert(item, depth + 1) for item in value)
            if all(not isinstance(item, dict) for item in value):
                seq.fa.set_flow_style()
            return seq
        return value

    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096
    stream = io.StringIO()
    yaml.dump(convert(list(tests), 0), stream)
    return stream.getvalue()


def _verified(
    prepared: Prepared, test: dict[str, Any], edge: Edge, workflows: runner.Workflows
) -> dict[str, Any] | None:
    """The test with its expectations, when its scenario really takes ``edge``."""
    text = _yaml_text([{"name": test["name"], **{k: v for k, v in test.items() if k != "name"}}])
    parsed = loader.read(f"{prepared.path}.suggested.tests.yaml", text)
    parsed.workflow = prepared.path
    try:
        compiled = loader.compile_file(parsed, prepared.graph)
    except Exception:
        return None
    case = compiled.tests[0]
    result = runner.run_test(prepared, case, DIPCHECK, workflows.reachable(prepared.graph))
    observed = result.observed
    if observed is None:
        return None
    found = coverage.measure(prepared.path, prepared.graph, prepared.machine.target, [result])
    if not any(item.kind == "edges" and item.key is edge and item.covered for item in found.items):
        return None
    return {**test, "expect": {"status": observed.end.status, "path": observed.path}}


@record
class Suggested:
    suggestions: list[Suggestion]
    unreached: list[Edge]  # no explored path could be turned into a test for these
    taken: list[Edge]  # the tests beside the workflow take these already
    untried: list[Edge]  # the time ran out before these were tried
    max_seconds: float | None = None


def suggest(
    prepared: Prepared,
    explored: Exploration,
    workflows: runner.Workflows,
    max_seconds: float | None = None,
) -> Suggested:
    """Tests for the edges the tests beside the workflow leave untaken. Each is run before it
    is kept; ``max_seconds``: the edges left when that long has passed are not tried."""
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    graph = prepared.graph
    results: list[runner.TestResult] = []
    for path in loader.tests_beside(prepared.path):
        file = runner.run_file(path, workflows)
        if file.prepared is prepared:
            results.extend(file.results)
    measured = coverage.measure(prepared.path, graph, prepared.machine.target, results)
    taken = [item.key for item in measured.items if item.kind == "edges" and item.covered]
    missing = [edge for edge in coverage.measured_edges(graph) if not any(edge is e for e in taken)]
    found = Suggested([], [], taken, [], max_seconds)
    paths = sorted(explored.paths, key=lambda terminal: len(terminal.steps))
    takers = _Takers(paths, graph)
    for place, edge in enumerate(missing):
        if deadline is not None and time.monotonic() > deadline:
            found.untried = missing[place:]
            break
        line = edge.span.start_position()[0] + 1
        name = f"takes {edge.source.value} -> {edge.target.value} (line {line})"
        for taker in takers.of(edge)[:MAX_TRIES]:
            terminal = paths[taker]
            scenario = scenario_of(graph, terminal)
            test = None
            if scenario is not None:
                test = _verified(prepared, {"name": name, **scenario}, edge, workflows)
            if test is not None:
                found.suggestions.append(Suggestion(edge, test))
                break
        else:
            found.unreached.append(edge)
    return found


def render(prepared: Prepared, found: Suggested) -> str:
    suggestions = found.suggestions
    stem = prepared.path.rsplit(".", 1)[0]
    lines = [
        f"# dipcheck simulate --suggest-tests: {len(suggestions)} test(s) for edges of "
        f"{prepared.path} that no test takes ({len(found.taken)} already taken)",
        f"# paste them under `tests:` in {stem}.tests.yaml",
    ]
    for edge in found.unreached:
        line = edge.span.start_position()[0] + 1
        lines.append(
            f"# no explored path could be written as a test for {edge.source.value} -> "
            f"{edge.target.value} (line {line})"
        )
    if found.untried:
        lines.append(
            f"# incomplete: the time limit ({found.max_seconds:g} s) was reached before a test "
            f"was tried for {len(found.untried)} more edge(s):"
        )
    for edge in found.untried:
        line = edge.span.start_position()[0] + 1
        lines.append(f"#   {edge.source.value} -> {edge.target.value} (line {line})")
    body = _yaml_text([item.test for item in suggestions]) if suggestions else ""
    return visible_lines(lines) + body  # (each comment one line, whatever a node id holds)
