"""Scenario files: what the world does during a simulated run.

```yaml
context: {key: value}            # initial context; a declared input's name sets inputs.<name>
nodes:
  Build: {outcome: fail}         # success | fail | retry ; default success
  Review:                        # a list gives one entry per visit, the last repeats
    - {outcome: retry}
    - {outcome: success, writes: {verdict: approve}}
  Approve: {choice: "Ship it"}   # human gates: the label (any case) or its number
  Ask: {text: "looks good"}      # freeform gates: the typed text
  Check: {stdout: "tests_pass", exit_code: 0}   # tools (stdout is right-trimmed)
  Supervise: {cycles: 3}         # manager loops: polls while the child still runs
  Child/Work: {outcome: fail}    # a node of a subgraph child: Parent/Child
max_steps: 500
```

The file is read with ruamel (round trip, so every key keeps its line) and checked with
pydantic; then every entry is checked against the workflow: an unknown node, an outcome the
node's handler cannot produce, a label no edge carries, or a field that does not apply to the
node's kind is a :class:`ScenarioError` with the line and column and a did-you-mean.
"""

from __future__ import annotations

import re
from typing import Any

from dipcheck import integers
from dipcheck.analysis.routing import routing_key
from dipcheck.analysis.runtime import Handler
from dipcheck.records import field, record
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.handlers import YES_NO, producible
from dipcheck.simulate.world import Choice, DefaultOracle
from dipcheck.suggest import did_you_mean
from dipcheck.yamlbound import load_bounded, over_limit

MAX_SCENARIO_BYTES = 1024 * 1024


class ScenarioError(Exception):
    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path = path
        self.line = line
        self.column = column
        self.message = message


@record
class Scenario:
    path: str = "<default scenario>"
    context: dict[str, str] = field(default_factory=dict)
    nodes: dict[str, list[Choice]] = field(default_factory=dict)
    max_steps: int | None = None

    @property
    def default(self) -> bool:
        return not self.context and not self.nodes


class ScenarioOracle(DefaultOracle):
    """Answers from a scenario; nodes it does not name take the runtime's default answer."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario

    def choices(self, machine: Any, state: Any, path: str, visit: int) -> list[Choice]:
        entries = self.scenario.nodes.get(path)
        if not entries:
            return [Choice()]
        return [entries[min(visit, len(entries)) - 1]]


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _describe(value: object) -> str:
    """A YAML value as the person who wrote it sees it (for "expected …, got …")."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:39] + "…"
        return f"the text {shown!r}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "a value of another kind"


ONE_VALUE = "one value (text, a number, true or false)"
ENTRY = "what the node does: a mapping such as {outcome: fail}, or a list of them (one per visit)"


def _scalar(value: object) -> object:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise ValueError(f"expected {ONE_VALUE}, got {_describe(value)}")


def _models():  # type: ignore[no-untyped-def]
    """The pydantic models (pydantic is imported only when a scenario file is read). No
    unions: pydantic would name their members in its errors; :func:`_message` says in the
    scenario's own terms what was expected."""
    from typing import Annotated

    from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

    Scalar = Annotated[Any, BeforeValidator(_scalar)]

    class Entry(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=False)
        outcome: str | None = None
        choice: Scalar = None
        text: Scalar = None
        stdout: Scalar = None
        stderr: Scalar = None
        exit_code: int | None = None
        writes: dict[str, Scalar] = Field(default_factory=dict)
        cycles: int = Field(default=0, ge=0)

    class Document(BaseModel):
        model_config = ConfigDict(extra="forbid")
        context: dict[str, Scalar] = Field(default_factory=dict)
        nodes: dict[str, Any] = Field(default_factory=dict)  # entries: see load_scenario
        max_steps: int | None = Field(default=None, ge=1)

    return Entry, Document


ENTRY_FIELDS = ("outcome", "choice", "text", "stdout", "stderr", "exit_code", "writes", "cycles")
TOP_FIELDS = ("context", "nodes", "max_steps")


def position(
    tree: Any, location: tuple[Any, ...], value: bool = False, start: tuple[int, int] = (1, 1)
) -> tuple[int, int]:
    """1-based line and column of the deepest part of ``location`` found in the ruamel tree
    (of the last key's value when ``value`` is set); ``start`` when none of it is."""
    line, column = start
    node = tree
    for index, part in enumerate(location):
        lc = getattr(node, "lc", None)
        last = index == len(location) - 1
        try:
            if isinstance(part, int) and isinstance(node, list):
                if lc is not None:
                    line, column = (n + 1 for n in lc.item(part))
                node = node[part]
            elif isinstance(node, dict) and part in node:
                if lc is not None:
                    where = lc.value(part) if value and last else lc.key(part)
                    line, column = (n + 1 for n in where)
                node = node[part]
            else:
                break
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    return line, column


def load_scenario(path: str, text: str, graph: RunGraph, children: Any = None) -> Scenario:
    """Read and check a scenario file for the workflow ``graph`` describes."""
    from ruamel.yaml.error import MarkedYAMLError

    if len(text) > MAX_SCENARIO_BYTES:
        raise ScenarioError(path, 1, 1, f"the scenario is larger than {MAX_SCENARIO_BYTES} bytes")
    try:
        tree = load_bounded(text)
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or ""
        if not over_limit(problem):
            problem = f"not valid YAML: {problem}"
        raise ScenarioError(path, line, column, problem) from None
    except RecursionError:  # the YAML reader is recursive; nothing of a scenario nests so deep
        raise ScenarioError(path, 1, 1, "the scenario nests too deep to read") from None
    if tree is None:
        tree = {}
    if not isinstance(tree, dict):
        raise ScenarioError(path, 1, 1, "a scenario is a mapping with context:, nodes:, max_steps:")
    return scenario_from_tree(path, tree, graph, children)


def scenario_from_tree(
    path: str, tree: Any, graph: RunGraph, children: Any = None, others: tuple[str, ...] = ()
) -> Scenario:
    """A scenario from an already read ruamel mapping (a scenario file's, or a test's in a
    test file, whose other keys ``others`` are left alone); errors point into ``path``."""
    from pydantic import ValidationError

    entry_model, document_model = _models()
    try:
        document = document_model.model_validate(
            {key: value for key, value in tree.items() if key not in others}
        )
    except ValidationError as error:
        raise _pydantic_error(path, tree, error, others=others) from None
    except RecursionError:
        raise ScenarioError(path, 1, 1, "the scenario nests too deep to read") from None
    scenario = Scenario(path=path, max_steps=document.max_steps)
    scenario.context = {key: _text(value) for key, value in document.context.items()}
    checker = _Checker(path, tree, graph, children)
    for name, value in document.nodes.items():
        listed = isinstance(value, list)
        entries = []
        if listed and not value:
            line, column = position(tree, ("nodes", name), True)
            raise ScenarioError(path, line, column, f"nodes.{name}: expected {ENTRY}, got []")
        for index, raw in enumerate(value if listed else [value]):
            base = ("nodes", name, index) if listed else ("nodes", name)
            if not isinstance(raw, dict):
                line, column = position(tree, base, True)
                raise ScenarioError(
                    path, line, column, f"{_where(base)}: expected {ENTRY}, got {_describe(raw)}"
                )
            try:
                entry = entry_model.model_validate(raw)
            except ValidationError as error:
                raise _pydantic_error(path, tree, error, base) from None
            entries.append(checker.entry(name, index if listed else None, entry))
        scenario.nodes[name] = entries
    return scenario


def _pydantic_error(
    path: str,
    tree: Any,
    error: Any,
    base: tuple[Any, ...] = (),
    others: tuple[str, ...] = (),
) -> ScenarioError:
    """The first validation problem as a located error in the scenario's own terms (a test
    file's other keys ``others`` are fields too)."""
    problem = error.errors()[0]
    location = _keys_of(tree, (*base, *problem["loc"]))
    key = bool(location) and location[-1] == "[key]"
    if key or problem["type"] == "invalid_key":  # (a key that is not text: nested, or at the top)
        if key:
            location = location[:-1]
        line, column = position(tree, location)  # the key itself
        name = _yaml_name(problem["input"])  # (the key: pydantic's location has str() or 1)
        return ScenarioError(
            path,
            line,
            column,
            f"{_where(location[:-1])}: the name `{name}` must be text (quote it)",
        )
    else:
        line, column = position(tree, location, problem["type"] != "extra_forbidden")
    where = _where(location)
    if problem["type"] == "extra_forbidden":
        name = str(location[-1])
        known = ENTRY_FIELDS if location[:1] == ("nodes",) else (*TOP_FIELDS, *others)
        hint = did_you_mean(name, known)
        return ScenarioError(
            path, line, column, f"unknown field `{name}`{hint}; known: {', '.join(known)}"
        )
    return ScenarioError(path, line, column, f"{where}: {_message(problem, tree, location)}")


def _where(location: tuple[Any, ...]) -> str:
    """``nodes.Review[1].writes``: the place in the scenario, as its author would name it."""
    text = ""
    for part in location:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part}]"
        else:
            text += f".{_yaml_name(part)}" if text else _yaml_name(part)
    return text or "the scenario"


def _yaml_name(key: object) -> str:
    """A mapping key as YAML spells it (``null``, ``true``: not Python's None, True)."""
    return "null" if key is None else _text(key)


def _keys_of(tree: Any, location: tuple[Any, ...]) -> tuple[Any, ...]:
    """``location`` with the mapping keys pydantic names by their ``str()`` (``'None'`` for a
    null key) given back as the keys themselves, so that they are found in ``tree``."""
    node = tree
    found: list[Any] = []
    for part in location:
        if isinstance(node, dict) and isinstance(part, str) and part not in node:
            part = next(
                (key for key in node if not isinstance(key, str) and str(key) == part), part
            )
        found.append(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(found)


def _value_at(tree: Any, location: tuple[Any, ...]) -> object:
    node = tree
    for part in location:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    return node


# What each place expects, by the name of the field (or its parent's, for the entries of a
# mapping such as `context:` and `writes:`).
_EXPECTED = {
    "context": "a mapping of key: value",
    "nodes": "a mapping of node name: what it does",
    "writes": "a mapping of key: value",
    "outcome": "text: success, fail or retry",
    "exit_code": "a whole number",
    "cycles": "a whole number, 0 or more",
    "max_steps": "a whole number, 1 or more",
}


def _message(problem: dict[str, Any], tree: Any, location: tuple[Any, ...]) -> str:
    """What was expected and what was found, without pydantic's vocabulary."""
    if problem["type"] == "value_error":
        return str(problem.get("ctx", {}).get("error") or problem["msg"])
    got = _describe(_value_at(tree, location))
    name = location[-1] if location else None
    expected = _EXPECTED.get(name) if isinstance(name, str) else None
    if problem["type"] in ("greater_than_equal", "greater_than") and expected is None:
        expected = f"a number, at least {problem.get('ctx', {}).get('ge', '')}".rstrip(", ")
    if expected is None:
        expected = "a mapping" if problem["type"] == "dict_type" else ONE_VALUE
    return f"expected {expected}, got {got}"


class _Checker:
    def __init__(self, path: str, tree: Any, graph: RunGraph, children: Any) -> None:
        self.path = path
        self.tree = tree
        self.graph = graph
        self.children = children

    def fail(self, location: tuple[Any, ...], message: str, value: bool = False) -> ScenarioError:
        line, column = position(self.tree, location, value)
        return ScenarioError(self.path, line, column, message)

    def resolve(self, name: str) -> tuple[RunGraph, str]:
        """The workflow and node id a scenario name addresses (``Parent/Child``; a name that
        is a node id of the workflow as a whole, a DOT id holding a `/`, is that node)."""
        graph = self.graph
        if name in graph.nodes:
            return graph, name
        parts = name.split("/")
        for depth, part in enumerate(parts):
            if part not in graph.nodes:
                known = sorted(graph.nodes)
                where = "the workflow" if depth == 0 else f"the child of `{parts[depth - 1]}`"
                raise self.fail(
                    ("nodes", name),
                    f"no node `{part}` in {where}{did_you_mean(part, known)}",
                )
            if depth == len(parts) - 1:
                return graph, part
            graph = self._child_graph(graph, part, name)
        raise AssertionError("unreachable")

    def _child_graph(self, graph: RunGraph, node: str, name: str) -> RunGraph:
        handler = graph.handler(node)
        if handler not in (Handler.SUBGRAPH, Handler.MANAGER_LOOP):
            raise self.fail(
                ("nodes", name),
                f"`{node}` is a {handler.value} node, not a subgraph or manager loop: "
                f"`{name}` names nothing",
            )
        ref = graph.attr(node, "ref" if handler is Handler.SUBGRAPH else "subgraph_ref")
        loaded = self.children(graph.workflow, ref) if self.children and ref else "no loader"
        if isinstance(loaded, str):
            raise self.fail(("nodes", name), f"the child workflow of `{node}` cannot be loaded")
        return graph.child(loaded, {})

    def entry(self, name: str, index: int | None, entry: Any) -> Choice:
        graph, node = self.resolve(name)
        base = ("nodes", name) if index is None else ("nodes", name, index)
        handler = graph.handler(node)
        given = {key for key in ENTRY_FIELDS if key in entry.model_fields_set}
        allowed = _fields_for(graph, node, handler)
        for key in sorted(given - allowed):
            raise self.fail(
                (*base, key),
                f"`{key}` does not apply to `{node}`, a {_kind(graph, node, handler)} node "
                f"(it takes: {', '.join(sorted(allowed)) or 'no field'})",
            )
        outcome = entry.outcome
        if outcome is not None and outcome not in producible(graph, node):
            options = producible(graph, node)
            raise self.fail(
                (*base, "outcome"),
                f"`{node}` ({_kind(graph, node, handler)}) cannot end with `{outcome}`; it can "
                f"end with: {', '.join(options)}{did_you_mean(outcome, options)}",
                value=True,
            )
        label = None if entry.choice is None else _text(entry.choice)
        if label is not None:
            label = self._label(graph, node, label, (*base, "choice"))
        if graph.human_mode(node) == "yes_no" and handler is Handler.HUMAN and outcome:
            label = label or ("No" if outcome == "fail" else "Yes")
            outcome = None
        line, _ = position(self.tree, base)
        return Choice(
            outcome=outcome,
            label=label,
            text=None if entry.text is None else _text(entry.text),
            stdout=None if entry.stdout is None else _text(entry.stdout),
            stderr=_text(entry.stderr),
            exit_code=entry.exit_code,
            writes=tuple((key, _text(value)) for key, value in entry.writes.items()),
            cycles=entry.cycles,
            why=f"from the scenario (line {line})",
        )

    def _label(self, graph: RunGraph, node: str, label: str, location: tuple[Any, ...]) -> str:
        """The answer a gate gets, as tracker's console interviewer reads what a person types
        (``pipeline/handlers/interviewer_console.go``, ``matchConsoleChoice``): a choice's text
        in any case, or its number in the list the gate shows (1 for the first). The list is
        one entry per outgoing edge, its label or else its target (``executeChoice`` in
        ``pipeline/handlers/human.go``); a yes_no gate shows Yes, No. An edge's ``choice:`` key
        is accepted too."""
        answer = label.strip()
        mode = graph.human_mode(node)
        shown = (
            list(YES_NO)
            if mode == "yes_no"
            else [edge.label or edge.target.value for edge in graph.edges_from(node)]
        )
        # a freeform gate matches typed text against its labels, never a number (human.go,
        # matchFreeformLabel)
        matched = match_answer(answer, shown, numbers=mode != "freeform")
        if matched is not None:
            return matched
        if mode == "yes_no":
            raise self.fail(
                location,
                f"`{node}` is a yes_no gate: answer Yes or No (any case) or 1 or 2, not {label!r}",
                True,
            )
        keys = [edge.choice or routing_key(edge) for edge in graph.edges_from(node)]
        for key in keys:
            if key.lower() == answer.lower():
                return key
        if mode == "freeform":
            accepted = "a label in any case: " + (", ".join(repr(i) for i in shown) or "none")
        else:
            accepted = "a label in any case or its number: " + (
                ", ".join(f"{index} {item!r}" for index, item in enumerate(shown, 1)) or "none"
            )
        raise self.fail(
            location,
            f"no edge from `{node}` carries the label {label!r}{_hint(answer, shown)}; "
            f"tracker takes {accepted}",
            value=True,
        )


_ACCELERATOR = re.compile(r"\[[^\]]{1,3}\]\s*")


def match_answer(answer: str, shown: list[str], numbers: bool = True) -> str | None:
    """The entry of ``shown`` a typed ``answer`` selects, as tracker's console matches it: the
    same text ignoring case, else (``numbers``) a number from 1 to the number of entries."""
    for item in shown:
        if item.lower() == answer.lower():
            return item
    number = integers.parse(answer) if answer.isdigit() else None
    if numbers and number is not None and 1 <= number <= len(shown):
        return shown[number - 1]
    return None


def _hint(answer: str, shown: list[str]) -> str:
    """A did-you-mean, saying so when the answer lacks the label's accelerator (``[B] Blue``
    is answered ``[B] Blue`` or its number, not ``Blue`` or ``B``)."""
    for item in shown:
        accelerator = _ACCELERATOR.match(item)
        if accelerator is None:
            continue
        key = accelerator.group().strip()
        bare = item[accelerator.end() :]
        if answer.lower() in (bare.lower(), key[1:-1].lower()):
            return (
                f" (did you mean `{item}`? the accelerator `{key}` is part of the label tracker "
                "matches)"
            )
    return did_you_mean(answer, shown)


def _kind(graph: RunGraph, node: str, handler: Handler) -> str:
    if handler is Handler.HUMAN:
        return f"{graph.human_mode(node)} human"
    return handler.value


def _fields_for(graph: RunGraph, node: str, handler: Handler) -> set[str]:
    if graph.format == "yaml":
        return {"outcome", "writes", "stdout", "exit_code"}
    if handler is Handler.CODERGEN:
        return {"outcome", "writes"}
    if handler is Handler.TOOL:
        return {"outcome", "stdout", "stderr", "exit_code", "writes"}
    if handler is Handler.HUMAN:
        mode = graph.human_mode(node)
        if mode == "freeform":
            return {"choice", "text"}
        if mode == "interview":
            return {"outcome"}
        if mode == "yes_no":
            return {"choice", "outcome"}
        return {"choice"}
    if handler is Handler.MANAGER_LOOP:
        return {"cycles"}
    return set()
