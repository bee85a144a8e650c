"""The token limit (issue 19 §1, "bounded everywhere"): a front-end stops reading a file at
the first token past ``MAX_TOKENS`` (YAML: the first node past ``MAX_NODES``), a ``${…}``
placeholder counting as five, and the file is one DC002 finding on that token.

Before the limit, 1 MB of adjacent empty DOT strings took 20 s and 540 MB, 1 MB of YAML flow
items 75 s, and 8 MB of `${ctx.k}` placeholders on one prompt line 64 s and 650 MB.

Most tests lower the limit (in every module that reads it) and move a file across it one token
at a time, so that the boundary and the position are exact; the real limit is exercised by a
1.5 MB file in a memory-limited process and by the synthetic 10,000-node workflows, which must
stay under it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import PROJECT, Finding, as_finding

import dipcheck.frontends.dip
import dipcheck.frontends.dot
import dipcheck.frontends.ordewell
import dipcheck.frontends.yaml_steps
import dipcheck.source
from dipcheck import yamlbound
from dipcheck.engine import lint_text
from dipcheck.formatter import FormatError, format_dip
from dipcheck.frontends import dip_lexer, dot_lexer
from dipcheck.frontends.yaml_steps import tree
from dipcheck.source import MAX_TOKENS, SourceText


def _generator():  # type: ignore[no-untyped-def]
    """benchmarks/synthetic.py, whose generators the scaling figures use."""
    spec = importlib.util.spec_from_file_location(
        "synthetic_shapes", PROJECT / "benchmarks" / "synthetic.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


synthetic = _generator()

MESSAGE = (
    "the file holds more than {limit:,} {unit}, over dipcheck's limit for one workflow: it stops "
    "reading here and checks nothing in the file; split the workflow into smaller files"
)


@pytest.fixture
def limit(monkeypatch: pytest.MonkeyPatch):
    """Sets the token limit in every loaded module that reads it."""
    assert dipcheck.frontends.dip and dipcheck.frontends.dot and dipcheck.frontends.ordewell
    assert dipcheck.frontends.yaml_steps

    readers = [
        module
        for name, module in list(sys.modules.items())
        if name.startswith("dipcheck") and getattr(module, "MAX_TOKENS", None) == MAX_TOKENS
    ]

    def set_limit(value: int) -> None:
        for module in readers:
            monkeypatch.setattr(module, "MAX_TOKENS", value)

    return set_limit


def findings(text: str, path: str) -> list[Finding]:
    return [as_finding(item) for item in lint_text(text, path).diagnostics]


def too_many(start: tuple[int, int], end: tuple[int, int], text: str, limit: int, unit: str):
    return Finding("DC002", "error", start, end, text), MESSAGE.format(limit=limit, unit=unit)


def only_finding(text: str, path: str) -> tuple[Finding, str]:
    result = lint_text(text, path).diagnostics
    assert len(result) == 1, [as_finding(item) for item in result]
    return as_finding(result[0]), result[0].message


# -- .dip ---------------------------------------------------------------------------------------

DIP = (
    "workflow W\n  start: A\n  exit: B\n\n  agent A\n    prompt: hi\n\n  agent B\n"
    "    prompt: hi\n\n  edges\n    A -> B\n"
)
LAST_EDGE = "    B -> A\n"  # four tokens: B, ->, A and the line end; the last line is 13


def dip_tokens() -> int:
    return dip_lexer.lex(SourceText("w.dip", DIP)).count


def test_a_dip_file_one_token_over_the_limit_is_one_finding_on_that_token(limit) -> None:
    before = dip_tokens()
    limit(before + 2)  # B and -> fit; A is the first token past
    assert only_finding(DIP + LAST_EDGE, "w.dip") == too_many(
        (13, 10), (13, 11), "A", before + 2, "tokens"
    )


def test_a_dip_line_whose_first_token_past_is_its_end_points_at_its_last_word(limit) -> None:
    before = dip_tokens()
    limit(before + 3)  # only the line end is past: it has no text of its own
    assert only_finding(DIP + LAST_EDGE, "w.dip") == too_many(
        (13, 10), (13, 11), "A", before + 3, "tokens"
    )
    limit(before)  # the whole line is past: its first word
    assert only_finding(DIP + LAST_EDGE, "w.dip")[0].start == (13, 5)


def test_a_dip_file_at_the_limit_is_linted(limit) -> None:
    limit(dip_tokens() + 4)
    result = findings(DIP + LAST_EDGE, "w.dip")
    assert "DC002" not in {item.code for item in result}
    assert result  # linted: the A ⇄ B loop has findings of its own


def test_placeholders_count_five_tokens_each(limit) -> None:
    text = DIP.replace(
        "    prompt: hi\n\n  agent B", "    prompt: use ${ctx.a} ${ctx.b} ${ctx.c}\n\n  agent B"
    )
    tokens = dip_lexer.lex(SourceText("w.dip", text)).count
    limit(tokens + 14)  # room for two placeholders, not three
    assert only_finding(text, "w.dip") == too_many(
        (6, 35), (6, 43), "${ctx.c}", tokens + 14, "tokens"
    )
    limit(tokens + 15)
    assert "DC002" not in {item.code for item in findings(text, "w.dip")}


def test_a_long_line_is_not_read_to_its_end() -> None:
    """4,000,000 words on one edge line: the lexer stops at the limit inside the line."""
    line = "    A -> B " + "x " * (MAX_TOKENS + 10) + "\n"
    started = time.process_time()
    finding, _ = only_finding(DIP + line, "w.dip")
    assert finding.code == "DC002" and finding.text == "x"
    assert time.process_time() - started < 30


def test_the_formatter_refuses_a_file_over_the_limit(limit) -> None:
    limit(dip_tokens() + 2)
    with pytest.raises(FormatError, match=r"more than \d+ tokens, over dipcheck's limit"):
        format_dip(DIP + LAST_EDGE)
    limit(dip_tokens() + 4)
    assert format_dip(DIP + LAST_EDGE) == DIP + LAST_EDGE


# -- DOT ----------------------------------------------------------------------------------------

DOT = (
    'digraph G {\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  a [prompt="p"]\n'
    "  start -> a -> exit\n}\n"
)


def dot_tokens(text: str) -> int:
    return dot_lexer.lex(SourceText("g.dot", text)).count


def test_a_dot_file_one_token_over_the_limit(limit) -> None:
    total = dot_tokens(DOT)
    limit(total - 1)  # the closing brace is the first token past
    assert only_finding(DOT, "g.dot") == too_many((6, 1), (6, 2), "}", total - 1, "tokens")
    limit(total - 8)  # `"p"`: a quoted string is one token
    assert only_finding(DOT, "g.dot")[0].text == '"p"'
    limit(total)
    assert "DC002" not in {item.code for item in findings(DOT, "g.dot")}


def test_joined_string_parts_count_as_tokens(limit) -> None:
    """`"p" + "q" + "r"` is one token and two parts, counted in the order they are read: the
    parts after the first, then the string."""
    text = DOT.replace('"p"', '"p" + "q" + "r"')
    total = dot_tokens(text)
    assert total == dot_tokens(DOT) + 2
    before = total - 3 - 7  # the string's three units, and `] start -> a -> exit }` after it
    limit(before + 1)  # `"q"` fits, `"r"` is the first past
    assert only_finding(text, "g.dot") == too_many((4, 25), (4, 28), '"r"', before + 1, "tokens")
    limit(before + 2)  # both parts fit, the string they make is past
    assert only_finding(text, "g.dot")[0].text == '"p" + "q" + "r"'
    limit(total)
    assert "DC002" not in {item.code for item in findings(text, "g.dot")}


def test_a_graph_that_is_not_a_workflow_is_still_left_alone(limit) -> None:
    limit(3)
    assert findings("digraph G {\n  a -> b -> c -> d\n}\n", "g.dot") == []


# -- YAML steps ---------------------------------------------------------------------------------

# nodes: the top mapping, `steps`, the list, the step's mapping, `name`, `a`, `agent`, `x`
STEPS = "steps:\n  - name: a\n    agent: x\n"


def test_a_steps_file_one_node_over_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tree, "MAX_NODES", 7)
    assert only_finding(STEPS, "w.yaml") == too_many((3, 12), (3, 13), "x", 7, "YAML nodes")
    monkeypatch.setattr(tree, "MAX_NODES", 3)  # a block mapping: shown at its first key
    assert only_finding(STEPS, "w.yaml")[0][2:] == ((2, 5), (2, 10), "name:")
    monkeypatch.setattr(tree, "MAX_NODES", 8)
    assert "DC002" not in {item.code for item in findings(STEPS, "w.yaml")}


def test_a_yaml_file_that_is_not_a_step_workflow_is_not_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tree, "MAX_NODES", 3)
    assert findings("jobs:\n  build:\n    runs-on: x\n", "ci.yaml") == []


def test_yaml_placeholders_count_before_the_parser_runs(limit) -> None:
    text = STEPS.replace("agent: x", "agent: x\n    prompt: ${ctx.a} ${ctx.b}")
    limit(5)  # one placeholder
    assert only_finding(text, "w.yaml") == too_many((4, 22), (4, 30), "${ctx.b}", 5, "tokens")
    limit(10)
    assert "DC002" not in {item.code for item in findings(text, "w.yaml")}


# -- Ordewell plans -----------------------------------------------------------------------------

# values: the plan, the tasks list, the task, "a", "t", "AFK", [] (member names are not values)
PLAN = '{"tasks": [{"id": "a", "title": "t", "sliceType": "AFK", "dependencies": []}]}\n'


def test_a_plan_one_value_over_the_limit(limit) -> None:
    limit(6)
    assert only_finding(PLAN, "plan.json") == too_many((1, 74), (1, 76), "[]", 6, "JSON values")
    limit(3)
    assert only_finding(PLAN, "plan.json")[0].text == '"a"'
    limit(2)  # a container with members: its opening bracket
    assert only_finding(PLAN, "plan.json")[0][2:] == ((1, 12), (1, 13), "{")
    limit(7)
    assert "DC002" not in {item.code for item in findings(PLAN, "plan.json")}


# -- the real limit -----------------------------------------------------------------------------


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (768 << 20, 768 << 20))


def test_a_file_over_the_real_limit_is_refused_in_bounded_time_and_memory(tmp_path: Path) -> None:
    before = dip_tokens()
    lines = (MAX_TOKENS - before) // 4 + 1  # the last line's B is the first token past
    path = tmp_path / "big.dip"
    path.write_text(DIP + LAST_EDGE * lines, encoding="utf-8")
    past = before + 4 * (lines - 1)  # tokens before the last line
    first_past = MAX_TOKENS - past  # how many of its tokens fit
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--no-cache", "--format", "concise", path],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert time.monotonic() - started < 60
    assert result.returncode == 1, result.stderr
    line = 13 + lines - 1
    column = {0: 5, 1: 7, 2: 10, 3: 10}[first_past]  # B, ->, A, and A for the line end
    message = MESSAGE.format(limit=MAX_TOKENS, unit="tokens")
    expected = f"{path}:{line}:{column}: DC002 [error] {message}"
    assert result.stdout.splitlines()[0] == expected


@pytest.mark.parametrize("shape", sorted(synthetic.SHAPES))
def test_every_synthetic_10000_node_workflow_is_under_the_limit(shape: str) -> None:
    text = synthetic.SHAPES[shape](10_000)
    source = SourceText(f"{shape}.dip", text)
    lexed = dip_lexer.lex(source)
    assert lexed.over_limit is None
    assert dipcheck.source.placeholders_past(source, lexed.count) is None
    assert lexed.count + 5 * text.count("${") < MAX_TOKENS * 0.6  # room for 15,000 nodes


def test_the_documented_limits_are_the_limits() -> None:
    from dipcheck.rules.registry import get

    rationale = get("DC002").rationale
    document = (PROJECT / "docs" / "output-format.md").read_text(encoding="utf-8")
    for figure in (f"{MAX_TOKENS:,}", f"{tree.MAX_NODES:,}"):
        assert figure in rationale and figure in document


# -- scenarios and test files (YAML read whole, with the same node limit) -----------------------

# nodes: the mapping, `context`, its mapping, `a`, `x`, `max_steps`, `5`
SCENARIO = "context:\n  a: x\nmax_steps: 5\n"


def test_a_scenario_over_the_node_limit_is_refused_at_the_node(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from simulate_support import machine_for
    from test_simulate_scenario import WORKFLOW

    from dipcheck.simulate.children import load_child
    from dipcheck.simulate.scenario import ScenarioError, load_scenario

    graph = machine_for(WORKFLOW).graph
    monkeypatch.setattr(yamlbound, "MAX_NODES", 6)
    with pytest.raises(ScenarioError) as caught:
        load_scenario("s.yaml", SCENARIO, graph, load_child)
    assert (caught.value.line, caught.value.column, caught.value.message) == (
        3,
        12,
        "the file holds more than 6 YAML nodes, over dipcheck's limit",
    )
    monkeypatch.setattr(yamlbound, "MAX_NODES", 7)
    assert load_scenario("s.yaml", SCENARIO, graph, load_child).max_steps == 5


def test_a_test_file_over_the_node_limit_is_refused_at_the_node(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dipcheck.wftest.loader import _read_yaml
    from dipcheck.wftest.model import TestFileError

    text = "tests:\n  - name: a\n    expect: {status: success}\n"
    # the mapping, `tests`, the list, the test, `name`, `a`, `expect`, its mapping, `status`, …
    monkeypatch.setattr(yamlbound, "MAX_NODES", 8)
    with pytest.raises(TestFileError) as caught:
        _read_yaml("t.tests.yaml", text)
    assert (caught.value.line, caught.value.column, caught.value.message) == (
        3,
        14,
        "the file holds more than 8 YAML nodes, over dipcheck's limit",
    )
    monkeypatch.setattr(yamlbound, "MAX_NODES", 10)
    assert _read_yaml("t.tests.yaml", text)


def test_bounded_loading_stops_early_on_a_million_flow_items() -> None:
    started = time.process_time()
    with pytest.raises(Exception, match="more than 60,000 YAML nodes") as caught:
        yamlbound.load_bounded("- {a: x," + "x," * 1_000_000 + "}\n")
    # the list, the mapping, `a`, `x`, then a key `x` and its empty value for each `x,`: the
    # node past the limit is the key `x` at column 8 + 2k (0-based), k = (MAX_NODES - 4) // 2
    assert caught.value.problem_mark.column == 8 + 2 * ((yamlbound.MAX_NODES - 4) // 2)
    assert time.process_time() - started < 60


def test_a_plan_scenario_over_the_node_limit_is_refused_at_the_node(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dipcheck.config import Config
    from dipcheck.simulate.plan_cli import PlanError, load, scenario_from

    plan = load(str(PROJECT / "fixtures" / "ordewell" / "plan-12.json"), Config()).plan
    path = tmp_path / "scenario.yaml"
    # nodes: the mapping, `max_parallel_sessions`, `2`, `tasks`, its mapping, `settings-model`, …
    text = "max_parallel_sessions: 2\ntasks:\n  settings-model: {outcome: fail}\n"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(yamlbound, "MAX_NODES", 5)
    with pytest.raises(PlanError) as caught:
        scenario_from(str(path), plan)
    assert (
        str(caught.value)
        == f"{path}:3:3: the file holds more than 5 YAML nodes, over dipcheck's limit"
    )
    monkeypatch.setattr(yamlbound, "MAX_NODES", 9)
    assert scenario_from(str(path), plan).max_parallel == 2
