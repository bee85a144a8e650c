"""Finding and reading test files.

Beside a workflow ``build.dip``: dipcheck's own ``build.tests.yaml`` (or ``.tests.yml``) and
dippin's ``build.test.json`` (dippin-language.md §5.5, read as dippin reads it). A test file
tests the workflow of the same name (``.dip``, ``.dot``, a YAML step workflow, an Ordewell plan
``.json``); a ``.tests.yaml`` may name another one with a top-level ``workflow:``.

dipcheck's format — a list of tests, or a mapping with ``tests:`` (and ``workflow:``)::

    tests:
      - name: tests fail once, then pass
        nodes:                              # a simulate scenario: context, nodes, max_steps
          Test: [{stdout: tests_fail, exit_code: 1}, {stdout: tests_pass}]
        expect:
          status: success
          path_contains: [Test, Fix, Test, Approve]

Reading happens in two steps: :func:`read` checks the file's syntax and shape (no workflow
needed), :func:`compile_file` checks every test against the workflow (node names, outcomes,
labels) and builds its scenario. Both raise :class:`~dipcheck.wftest.model.TestFileError` with
the line; dippin files get warnings instead wherever dippin itself would carry on.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

from dipcheck import integers
from dipcheck.engine import tree_of
from dipcheck.files import (
    FileTooLarge,
    inside,
    not_a_file,
    outside_tree,
    read_regular,
    tree_name,
)
from dipcheck.records import field, record
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.scenario import Scenario, ScenarioError, scenario_from_tree
from dipcheck.simulate.trace import REASONS, STATUSES
from dipcheck.suggest import did_you_mean
from dipcheck.wftest import jsonpos
from dipcheck.wftest.model import (
    CLASSES,
    DIPCHECK,
    DIPPIN,
    DIPPIN_EXPECTATIONS,
    DIPPIN_TEST_KEYS,
    EXPECTATIONS,
    JSON_SUFFIX,
    PLAN_EXPECTATIONS,
    TEST_SUFFIXES,
    DippinCase,
    Expectation,
    Problem,
    TestCase,
    TestFile,
    TestFileError,
    where,
)
from dipcheck.yamlbound import load_bounded, over_limit

MAX_TEST_FILE_BYTES = 4 * 1024 * 1024
WORKFLOW_SUFFIXES = (".dip", ".dot", ".yaml", ".yml", ".json")
DIPPIN_WORKFLOW_SUFFIXES = (".dip", ".dot")
SCENARIO_KEYS = ("context", "nodes", "max_steps")
PLAN_SCENARIO_KEYS = ("max_parallel_sessions", "tasks")
TEST_KEYS = ("name", *SCENARIO_KEYS, "expect")
PLAN_TEST_KEYS = ("name", *PLAN_SCENARIO_KEYS, "expect")
SKIPPED_DIRECTORIES = frozenset({".git", ".hg", ".venv", "venv", "node_modules", "__pycache__"})
DIPPIN_STATUSES = ("success", "fail", "dead_end")


def is_test_file(path: str) -> bool:
    return path.lower().endswith(TEST_SUFFIXES)


def stem(path: str) -> str:
    """A test or workflow file's path without its suffix (``build.tests.yaml`` → ``build``)."""
    lower = path.lower()
    for suffix in TEST_SUFFIXES:
        if lower.endswith(suffix):
            return path[: -len(suffix)]
    return os.path.splitext(path)[0]


def tests_beside(workflow: str) -> list[str]:
    """The test files of a workflow file, as they exist on disk."""
    base = os.path.splitext(workflow)[0]
    return [base + suffix for suffix in TEST_SUFFIXES if os.path.isfile(base + suffix)]


def workflow_beside(test_file: str) -> str | None:
    """The workflow a test file tests by its name (the first that exists)."""
    base = stem(test_file)
    dippin = test_file.lower().endswith(JSON_SUFFIX)
    for suffix in DIPPIN_WORKFLOW_SUFFIXES if dippin else WORKFLOW_SUFFIXES:
        if os.path.isfile(base + suffix):
            return base + suffix
    return None


def discover(paths: Iterable[str]) -> tuple[list[str], list[str]]:
    """The test files ``paths`` name (test files as given, the test files beside workflow
    files, every test file under directories), and the paths that do not exist."""
    found: list[str] = []
    missing: list[str] = []
    for path in paths:
        if os.path.isdir(path) and outside_tree(path, tree_of(path)) is None:
            found.extend(sorted(_walk(path)))
        elif os.path.isdir(path):  # a link out of the tree: refused (read), not walked
            found.append(path)
        elif not os.path.exists(path):
            missing.append(path)
        elif is_test_file(path):
            found.append(path)
        else:
            found.extend(tests_beside(path))
    unique: dict[str, str] = {}
    for path in found:
        unique.setdefault(os.path.normpath(os.path.abspath(path)), path)
    return list(unique.values()), missing


def _walk(directory: str) -> Iterator[str]:
    for root, directories, files in os.walk(directory):
        directories[:] = sorted(name for name in directories if name not in SKIPPED_DIRECTORIES)
        for name in files:
            if is_test_file(name):
                yield os.path.join(root, name)


# -- step 1: syntax and shape -----------------------------------------------------------------


@record
class Parsed:
    path: str
    kind: str
    tree: Any
    items: list[Any]  # the tests, as read
    workflow: str | None  # the workflow file (None: none was found)
    warnings: list[Problem] = field(default_factory=list)


def read(path: str, text: str | None = None) -> Parsed:
    """Read a test file (``text``: an editor's unsaved text of it). Neither it nor the workflow
    beside it is read when a symbolic link takes it outside the tree being tested (a test file
    or workflow in a pull request linking to a key file would be quoted by the report)."""
    top = tree_of(path)
    if text is None:
        refused = _linked_outside(path, top)
        if refused is not None:
            raise TestFileError(path, 1, 1, f"not read: {refused}")
        try:
            data = read_regular(path, MAX_TEST_FILE_BYTES)
        except FileTooLarge:
            raise TestFileError(path, 1, 1, f"larger than {MAX_TEST_FILE_BYTES} bytes") from None
        except OSError as error:
            raise TestFileError(
                path, 1, 1, f"cannot read the test file: {error.strerror or error}"
            ) from None
        try:
            text = data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as error:
            raise TestFileError(path, 1, 1, f"not UTF-8: {error.reason}") from None
    parsed = (
        _read_json(path, text) if path.lower().endswith(JSON_SUFFIX) else _read_yaml(path, text)
    )
    refused = _linked_outside(parsed.workflow, top) if parsed.workflow is not None else None
    if refused is not None:
        raise TestFileError(path, 1, 1, f"the workflow {parsed.workflow} is not read: {refused}")
    return parsed


def _linked_outside(path: str, top: str) -> str | None:
    """Why ``path`` is not read when a symbolic link takes it outside ``top``; else None."""
    escape = outside_tree(path, top)
    return None if escape is None else f"{escape}, the tree being tested"


def _read_yaml(path: str, text: str) -> Parsed:
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        tree = load_bounded(text)
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or ""
        if not over_limit(problem):
            problem = f"not valid YAML: {problem}"
        raise TestFileError(path, line, column, problem) from None
    except YAMLError as error:
        raise TestFileError(path, 1, 1, f"not valid YAML: {error}") from None
    except RecursionError:  # the YAML reader is recursive, as for a scenario
        raise TestFileError(path, 1, 1, "the test file nests too deep to read") from None
    declared: str | None = None
    if isinstance(tree, dict):
        for key in tree:
            if key not in ("workflow", "tests"):
                line, column = where(tree, (key,))
                raise TestFileError(
                    path,
                    line,
                    column,
                    f"unknown key `{key}`{did_you_mean(str(key), ('workflow', 'tests'))}; a "
                    "test file is a list of tests, or a mapping with `tests:` (and `workflow:`)",
                )
        if "workflow" in tree:
            value = tree["workflow"]
            if not isinstance(value, str) or not value.strip():
                line, column = where(tree, ("workflow",), value=True)
                raise TestFileError(path, line, column, "`workflow:` is the workflow's file name")
            declared = os.path.join(os.path.dirname(path), value.strip())
        items = tree.get("tests")
        if not isinstance(items, list):
            line, column = where(tree, ("tests",)) if "tests" in tree else (1, 1)
            raise TestFileError(path, line, column, "`tests:` must be a list of tests")
    elif isinstance(tree, list):
        items = tree
    else:
        raise TestFileError(
            path, 1, 1, "a test file is a list of tests, or a mapping with `tests:`"
        )
    if not items:
        raise TestFileError(path, *where(tree, ()), "the file has no tests")
    workflow = declared if declared is not None else workflow_beside(path)
    if declared is not None:
        line, column = where(tree, ("workflow",), value=True)
        top = tree_of(path)
        if not inside(declared, top):
            # a test file from a pull request must not make `dipcheck test` read (and print
            # the node ids of) `/proc/self/environ` or a file beside the checkout
            shown = tree_name(top)
            raise TestFileError(
                path,
                line,
                column,
                f"`workflow:` names {declared}, outside `{shown}`, the tree being tested "
                "(symbolic links resolved): it is not read",
            )
        why = not_a_file(declared)
        if why == "no such file":
            raise TestFileError(path, line, column, f"no workflow file {declared}")
        if why is not None:  # (a FIFO there is not missing: say what it is)
            raise TestFileError(
                path, line, column, f"the workflow file {declared} cannot be read: {why}"
            )
    _check_items(path, tree, items, DIPCHECK)
    return Parsed(path, DIPCHECK, tree, items, workflow)


def _read_json(path: str, text: str) -> Parsed:
    try:
        tree = jsonpos.loads(text)
    except jsonpos.JsonError as error:
        message = f"not valid JSON: {error.message}"
        raise TestFileError(path, error.line, error.column, message) from None
    parsed = Parsed(path, DIPPIN, tree, [], workflow_beside(path))
    if not isinstance(tree, dict):
        raise TestFileError(path, 1, 1, 'a dippin test file is an object: {"tests": [...]}')
    for key in tree:
        if key != "tests":
            parsed.warnings.append(_ignored(tree, (key,), key, ("tests",), "the file"))
    items = tree.get("tests")
    if items is not None and not isinstance(items, list):
        raise TestFileError(path, *where(tree, ("tests",), True), "`tests` must be an array")
    if not items:
        # dippin refuses such a file ("test file has no tests")
        line, column = where(tree, ("tests",)) if "tests" in tree else (1, 1)
        raise TestFileError(path, line, column, "the file has no tests")
    parsed.items = items
    _check_items(path, tree, items, DIPPIN)
    return parsed


def _ignored(tree: Any, location: tuple[Any, ...], key: str, known: tuple[str, ...], what: str):
    line, column = where(tree, location)
    return Problem(
        line,
        column,
        f"unknown key `{key}` in {what}{did_you_mean(key, known)}: dippin ignores it, and so "
        f"does dipcheck (known: {', '.join(known)})",
    )


def _check_items(path: str, tree: Any, items: list[Any], kind: str) -> None:
    names: dict[str, int] = {}
    location: tuple[Any, ...] = ("tests",) if isinstance(tree, dict) else ()
    for index, item in enumerate(items):
        line, column = where(tree, (*location, index))
        if not isinstance(item, dict):
            raise TestFileError(path, line, column, "a test is a mapping with `name:`")
        name = item.get("name")
        if kind == DIPCHECK and (not isinstance(name, str) or not name.strip()):
            at = where(item, ("name",), True) if "name" in item else (line, column)
            raise TestFileError(path, *at, "every test needs a `name:` (a non-empty string)")
        if kind == DIPPIN and name is not None and not isinstance(name, str):
            raise TestFileError(path, *where(item, ("name",), True), "`name` must be a string")
        if isinstance(name, str) and name:
            if name in names:
                raise TestFileError(
                    path,
                    *where(item, ("name",), True),
                    f"a second test named {name!r} (the first is on line {names[name]}): "
                    "names tell tests apart in reports and in --update",
                )
            names[name] = where(item, ("name",))[0]


# -- step 2: against the workflow -------------------------------------------------------------


def compile_file(parsed: Parsed, graph: RunGraph | None, children: Any = None) -> TestFile:
    """The tests of a read file, checked against the workflow ``graph`` describes (None for
    an Ordewell plan)."""
    result = TestFile(parsed.path, parsed.kind, parsed.workflow or "", [], list(parsed.warnings))
    for index, item in enumerate(parsed.items):
        if parsed.kind == DIPPIN:
            assert graph is not None
            result.tests.append(_dippin_test(parsed, result, index, item, graph))
        elif graph is None:
            result.tests.append(_plan_test(parsed, index, item))
        else:
            result.tests.append(_dipcheck_test(parsed, item, graph, children))
    return result


def _dipcheck_test(parsed: Parsed, item: Any, graph: RunGraph, children: Any) -> TestCase:
    path = parsed.path
    for key in item:
        if key not in TEST_KEYS and key in PLAN_SCENARIO_KEYS:
            raise TestFileError(
                path,
                *where(item, (key,)),
                f"`{key}` belongs to an Ordewell plan's scenario; {parsed.workflow} is not a plan",
            )
    try:
        scenario = scenario_from_tree(path, item, graph, children, others=("name", "expect"))
    except ScenarioError as error:
        raise TestFileError(path, error.line, error.column, error.message) from None
    expectations = _expectations(path, item, graph, plan=False)
    line, column = where(item, ("name",))
    return TestCase(str(item["name"]).strip(), line, column, expectations, scenario)


def _plan_test(parsed: Parsed, index: int, item: Any) -> TestCase:
    path = parsed.path
    for key in item:
        if key not in PLAN_TEST_KEYS:
            hint = did_you_mean(str(key), PLAN_TEST_KEYS)
            raise TestFileError(
                path,
                *where(item, (key,)),
                f"unknown key `{key}`{hint}; a plan test takes: {', '.join(PLAN_TEST_KEYS)}",
            )
    plan = {key: item[key] for key in PLAN_SCENARIO_KEYS if key in item}
    expectations = _expectations(path, item, None, plan=True)
    line, column = where(item, ("name",))
    return TestCase(str(item["name"]).strip(), line, column, expectations, Scenario(), plan=plan)


# -- expectations -------------------------------------------------------------------------


def _expectations(path: str, item: Any, graph: RunGraph | None, plan: bool) -> list[Expectation]:
    expect = item.get("expect")
    if expect is None:
        return []
    if not isinstance(expect, dict):
        raise TestFileError(path, *where(item, ("expect",), True), "`expect:` must be a mapping")
    result: list[Expectation] = []
    for key, value in expect.items():
        line, column = where(expect, (key,))
        if key not in EXPECTATIONS:
            raise TestFileError(
                path,
                line,
                column,
                f"unknown expectation `{key}`{did_you_mean(str(key), EXPECTATIONS)}; known: "
                f"{', '.join(EXPECTATIONS)}",
            )
        if plan and key not in PLAN_EXPECTATIONS and key != "status":
            raise TestFileError(
                path,
                line,
                column,
                f"`{key}` is not supported for an Ordewell plan (it takes status, waves, handover)",
            )
        if not plan and key in PLAN_EXPECTATIONS:
            raise TestFileError(
                path,
                line,
                column,
                f"`{key}` is not supported for this file: it is an expectation of Ordewell "
                "plans, and this test file tests a workflow",
            )
        checked = _value(path, expect, key, value, graph, plan)
        result.append(Expectation(key, checked, line, column))
    return result


def _fail(path: str, tree: Any, location: tuple[Any, ...], message: str) -> TestFileError:
    return TestFileError(path, *where(tree, location, True), message)


def _strings(path: str, tree: Any, key: Any, value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or any(
        item is None or isinstance(item, dict | list) for item in value
    ):
        raise _fail(path, tree, (key,), f"`{key}` must be a list of {what}")
    return [str(item) for item in value]


def _mapping(path: str, tree: Any, key: Any, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, tree, (key,), f"`{key}` must be a mapping")
    return {str(name): item for name, item in value.items()}


def _scalar_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _value(path: str, expect: Any, key: str, value: Any, graph: RunGraph | None, plan: bool) -> Any:
    if key == "status":
        allowed = (*STATUSES, *CLASSES) if not plan else ("success", "fail", *CLASSES)
        if not isinstance(value, str) or value not in allowed:
            shown = value if isinstance(value, str) else repr(value)
            raise _fail(
                path,
                expect,
                (key,),
                f"unknown status `{shown}`{did_you_mean(str(value), allowed)}; one of "
                f"{', '.join(allowed)}",
            )
        return value
    if key == "max_steps":
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise _fail(path, expect, (key,), "`max_steps` must be a whole number, at least 1")
        return value
    if key in ("path", "path_contains", "visited", "not_visited"):
        names = _strings(path, expect, key, value, "node ids")
        if graph is not None:
            _known_nodes(path, expect[key], names, graph)
        return names
    if key == "writes":
        return _strings(path, expect, key, value, "context keys")
    if key == "context":
        mapping = _mapping(path, expect, key, value)
        for name, item in mapping.items():
            if isinstance(item, dict | list):
                raise _fail(path, expect[key], (name,), f"`context.{name}` must be a plain value")
        return {name: _scalar_text(item) for name, item in mapping.items()}
    if key == "immediately_after":
        mapping = _mapping(path, expect, key, value)
        pairs = {name: _scalar_text(item) for name, item in mapping.items()}
        if graph is not None:
            _known_nodes(path, expect[key], [*pairs, *pairs.values()], graph)
        return pairs
    if key == "edge_reason":
        return _edge_reasons(path, expect[key], _mapping(path, expect, key, value), graph)
    if key == "waves":
        if not isinstance(value, list) or not all(isinstance(item, list) for item in value):
            raise _fail(path, expect, (key,), "`waves` must be a list of lists of task ids")
        return [[str(task) for task in wave] for wave in value]
    # handover: {TASK: [texts]} or {TASK: {contains: [texts], not_contains: [texts]}}
    result: dict[str, dict[str, list[str]]] = {}
    for task, spec in _mapping(path, expect, key, value).items():
        if isinstance(spec, list):
            spec = {"contains": spec}
        if not isinstance(spec, dict) or set(spec) - {"contains", "not_contains"}:
            raise _fail(
                path,
                expect[key],
                (task,),
                f"`handover.{task}` is a list of texts the prompt contains, or a mapping "
                "with `contains:` and `not_contains:`",
            )
        result[task] = {
            part: _strings(path, spec, part, spec.get(part, []), "texts")
            for part in ("contains", "not_contains")
        }
    return result


def _known_nodes(path: str, tree: Any, names: list[str], graph: RunGraph) -> None:
    known = sorted(graph.nodes)
    for index, name in enumerate(names):
        head = name.split("/", 1)[0]
        if name in graph.nodes or head in graph.nodes:  # (a DOT id may hold a `/`)
            continue
        location: tuple[Any, ...] = (index,) if isinstance(tree, list) else ()
        if isinstance(tree, dict):
            location = (name,) if name in tree else ()
        line, column = where(tree, location)
        raise TestFileError(
            path, line, column, f"no node `{head}` in the workflow{did_you_mean(head, known)}"
        )


def _edge_reasons(
    path: str, tree: Any, mapping: dict[str, Any], graph: RunGraph | None
) -> dict[tuple[str, int], tuple[str, str | None]]:
    """``{Node: reason}``, ``{"Node#2": reason}`` (its second visit) or
    ``{Node: {reason: R, to: Target}}`` → ``{(node, visit): (reason, target)}``."""
    result: dict[tuple[str, int], tuple[str, str | None]] = {}
    for name, spec in mapping.items():
        node, _, visit_text = name.partition("#")
        if not visit_text:
            visit = 1
        elif visit_text.isdigit() and integers.parse_or(visit_text, 0) >= 1:
            visit = integers.parse_or(visit_text, 0)
        else:
            raise _fail(path, tree, (name,), f"`{name}`: the visit after `#` is a number from 1")
        head = node.split("/", 1)[0]
        if graph is not None and head not in graph.nodes and node not in graph.nodes:
            raise TestFileError(
                path,
                *where(tree, (name,)),
                f"no node `{head}` in the workflow{did_you_mean(head, sorted(graph.nodes))}",
            )
        target: str | None = None
        if isinstance(spec, dict):
            extra = set(spec) - {"reason", "to"}
            if extra or "reason" not in spec:
                raise _fail(
                    path, tree, (name,), f"`edge_reason.{name}` takes `reason:` (and `to:`)"
                )
            target = _scalar_text(spec.get("to")) or None
            reason = spec["reason"]
        else:
            reason = spec
        if not isinstance(reason, str) or reason not in REASONS:
            shown = reason if isinstance(reason, str) else repr(reason)
            raise _fail(
                path,
                tree,
                (name,),
                f"unknown edge reason `{shown}`{did_you_mean(str(reason), REASONS)}; one of "
                f"{', '.join(REASONS)}",
            )
        if graph is not None and target is not None and target not in graph.nodes:
            raise _fail(
                path,
                tree,
                (name,),
                f"no node `{target}` in the workflow{did_you_mean(target, sorted(graph.nodes))}",
            )
        result[(node, visit)] = (reason, target)
    return result


# -- dippin tests -------------------------------------------------------------------------


def _dippin_test(
    parsed: Parsed, file: TestFile, index: int, item: Any, graph: RunGraph
) -> TestCase:
    from dipcheck.wftest.dippin import translate

    path = parsed.path
    for key in item:
        if key not in DIPPIN_TEST_KEYS:
            file.warnings.append(_ignored(item, (key,), key, DIPPIN_TEST_KEYS, "a test"))
    name = item.get("name") or f"test {index + 1}"
    line, column = where(parsed.tree, ("tests", index))
    if "name" in item:
        line, column = where(item, ("name",))
    pairs: list[tuple[str, str]] = []
    scenario = item.get("scenario")
    if scenario is not None:
        if not isinstance(scenario, dict):
            raise _fail(
                path, item, ("scenario",), "`scenario` must be an object of key/value strings"
            )
        for key, value in scenario.items():
            if isinstance(value, dict | list) or value is None:
                raise _fail(path, scenario, (key,), f"`scenario.{key}` must be a string")
            if not isinstance(value, str):
                file.warnings.append(
                    Problem(
                        *where(scenario, (key,), True),
                        f"`scenario.{key}` is not a string: dippin's reader refuses it; "
                        f"dipcheck reads it as {_scalar_text(value)!r}",
                    )
                )
            pairs.append((key, _scalar_text(value)))
    branch: list[str] = []
    if item.get("branch") is not None:
        branch = _strings(path, item, "branch", item["branch"], "node ids")
    expectations = _dippin_expectations(path, file, item, graph)
    case = DippinCase(tuple(pairs), tuple(branch))
    translated, notes = translate(case, graph)
    return TestCase(str(name), line, column, expectations, translated, case, notes)


def _dippin_expectations(
    path: str, file: TestFile, item: Any, graph: RunGraph
) -> list[Expectation]:
    expect = item.get("expect")
    if expect is None:
        return []
    if not isinstance(expect, dict):
        raise _fail(path, item, ("expect",), "`expect` must be an object")
    result: list[Expectation] = []
    for key, value in expect.items():
        line, column = where(expect, (key,))
        if key not in DIPPIN_EXPECTATIONS:
            problem = _ignored(expect, (key,), key, DIPPIN_EXPECTATIONS, "`expect`")
            if key in EXPECTATIONS:
                problem = Problem(
                    line,
                    column,
                    f"`{key}` is a dipcheck expectation, not a dippin one: dippin ignores it in "
                    "a .test.json file, and so does dipcheck (write the test in a .tests.yaml "
                    "file to use it)",
                )
            file.warnings.append(problem)
            continue
        if key == "status":
            if not isinstance(value, str):
                raise _fail(path, expect, (key,), "`status` must be a string")
            if value == "":
                continue  # dippin: an empty status is no expectation
            if value not in DIPPIN_STATUSES:
                file.warnings.append(
                    Problem(
                        *where(expect, (key,), True),
                        f"status {value!r} is none of dippin's ({', '.join(DIPPIN_STATUSES)}): "
                        "no run can have it, so the test fails in dippin and in dipcheck",
                    )
                )
            result.append(Expectation(key, value, line, column))
        elif key == "immediately_after":
            mapping = _mapping(path, expect, key, value)
            if any(not isinstance(item, str) for item in mapping.values()):
                raise _fail(path, expect, (key,), "`immediately_after` maps node ids to node ids")
            if mapping:
                result.append(Expectation(key, mapping, line, column))
        else:
            names = _strings(path, expect, key, value, "node ids")
            if any(not isinstance(entry, str) for entry in value):
                raise _fail(path, expect, (key,), f"`{key}` must be an array of strings")
            for index, name in enumerate(names):
                if name not in graph.nodes:
                    file.warnings.append(
                        Problem(
                            *where(expect[key], (index,)),
                            f"no node `{name}` in the workflow"
                            f"{did_you_mean(name, sorted(graph.nodes))}",
                        )
                    )
            if names:
                result.append(Expectation(key, names, line, column))
    return result
