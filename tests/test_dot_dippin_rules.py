"""The format-neutral dippin lints (DIP1xx) and DC310 on DOT pipelines: each reads the fields
the DOT front-end lowers (`llm_model` as `model`, `tool_command` as `command`, graph attributes
as defaults …) and reports at the DOT attribute text. One case per rule: the finding (code,
severity, exact range) on a small pipeline, and a twin that differs minimally and has none."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest
from helpers import Finding, dedent, lint, only, position

from dipcheck.engine import lint_text
from dipcheck.rules import registry
from dipcheck.source import SourceText, Span

BASE = dedent(
    """
    digraph P {
      graph [goal="Ship it", default_max_retry=1]
      Start [shape=Mdiamond]
      Exit [shape=Msquare]
      Plan [shape=box, prompt="Plan the work.", llm_provider="anthropic",
            llm_model="claude-sonnet-4-6"]
      Build [shape=parallelogram, tool_command="make", timeout="5m"]
      Review [shape=box, prompt="Review the build."]
      Start -> Plan
      Plan -> Build
      Build -> Review
      Review -> Exit
    }
    """
)


class Case(NamedTuple):
    code: str
    edits: tuple[tuple[str, str], ...]  # (old, new) applied to BASE: the finding
    text: str  # the exact text the finding covers
    twin: tuple[tuple[str, str], ...]  # applied to the finding's pipeline: no finding
    where: str = ""  # unique text around ``text`` when ``text`` itself is not unique
    severity: str = ""  # when not the rule's default (a rule that grades by place)


def _apply(text: str, edits: tuple[tuple[str, str], ...]) -> str:
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


PLAN = 'prompt="Plan the work.", '
CASES = [
    Case(
        "DIP108",
        (("claude-sonnet-4-6", "claude-sonet-4-6"),),
        "claude-sonet-4-6",
        (("claude-sonet-4-6", "claude-sonnet-4-6"),),
    ),
    Case(
        "DIP108",
        (('llm_provider="anthropic"', 'llm_provider="google"'),),
        "google",
        (('llm_provider="google"', 'llm_provider="anthropic"'),),
    ),
    Case(
        "DIP161",
        (("claude-sonnet-4-6", "claude-opus-4-1"),),
        "claude-opus-4-1",
        (("claude-opus-4-1", "claude-opus-4-7"),),
    ),
    Case(
        "DIP162",
        (("claude-sonnet-4-6", "claude-sonet@latest"),),
        "claude-sonet@latest",
        (("claude-sonet@latest", "claude-sonnet@latest"),),
    ),
    # an empty prompt on the run's main path fails the run there (error, not the default)
    Case("DIP110", ((PLAN, ""),), "Plan", (("shape=box, ", f"shape=box, {PLAN}"),), "", "error"),
    Case("DIP111", ((', timeout="5m"', ""),), "Build", (('"make"', '"make", timeout="5m"'),)),
    Case(
        "DIP113",
        ((PLAN, PLAN + 'retry_policy="agressive", '),),
        "agressive",
        (("agressive", "aggressive"),),
    ),
    Case(
        "DIP114",
        ((PLAN, PLAN + 'fidelity="summary:hgh", '),),
        "summary:hgh",
        (("summary:hgh", "summary:high"),),
    ),
    Case(
        "DIP119",
        ((PLAN, PLAN + 'reasoning_effort="hihg", '),),
        "hihg",
        (("hihg", "high"),),
    ),
    Case(
        "DIP130",
        ((PLAN, PLAN + 'response_format="json_obect", '),),
        "json_obect",
        (("json_obect", "json_object"),),
    ),
    Case(
        "DIP132",
        ((PLAN, PLAN + 'response_format="json_schema", response_schema="{nope", '),),
        "n",
        (("{nope", '{\\"type\\": \\"object\\"}'),),
        "{nope",
    ),
    Case(
        "DIP115",
        ((PLAN, PLAN + 'goal_gate="true", '),),
        'goal_gate="true"',
        (("default_max_retry=1", 'default_max_retry=1, retry_target="Plan"'),),
    ),
    Case(
        "DIP104",
        (
            ("default_max_retry=1", "default_max_retry=0"),
            (PLAN, PLAN + 'retry_policy="standard", '),
        ),
        "retry_policy",
        (("default_max_retry=0", 'default_max_retry=0, fallback_retry_target="Exit"'),),
    ),
    Case(
        "DIP106",
        (("Plan the work.", "Plan ${topic}."),),
        "${topic}",
        (("${topic}", "${graph.goal}"),),
    ),
    Case(
        "DIP107",
        ((PLAN, PLAN + 'writes="plan", '),),
        "plan",
        (("Review the build.", "Review ${ctx.plan}."),),
    ),
    Case(
        "DIP117",
        (('goal="Ship it"', 'goal="Ship it", model_stylesheet=".fast { llm_model: gpt-5.4; }"'),),
        ".fast",
        ((PLAN, PLAN + 'class="fast", '),),
    ),
    Case(  # the multi-line form tracker's own pipelines use: selectors indented, one per line
        "DIP117",
        (
            (
                'goal="Ship it"',
                'goal="Ship it", model_stylesheet="\n    * { llm_model: gpt-5.4; }\n'
                '    .slow { llm_model: gpt-5.2; }\n    #Plan {\n      llm_model: o3;\n    }\n"',
            ),
        ),
        ".slow",
        ((PLAN, PLAN + 'class="slow", '),),
    ),
    Case(
        "DIP118",
        (('goal="Ship it"', 'goal="Ship it", model_stylesheet="#Plann { llm_model: gpt-5.4; }"'),),
        "#Plann",
        (("#Plann", "#Plan"),),
    ),
    Case(
        "DIP139",
        ((PLAN, PLAN + 'tool_access="nonee", '),),
        "nonee",
        (("nonee", "none"),),
    ),
    Case(
        "DIP141",
        ((PLAN, PLAN + 'tool_access="none", writable_paths="src/**", '),),
        "writable_paths",
        (('tool_access="none", ', ""),),
    ),
    Case(
        "DIP142",
        ((PLAN, PLAN + 'writable_paths="/etc/**", '),),
        "/etc/**",
        (("/etc/**", "src/**"),),
    ),
    Case(
        "DIP148",
        ((PLAN, PLAN + 'last_response_truncate="-1", '),),
        "-1",
        (('"-1"', '"100"'),),
    ),
    Case(
        "DIP145",
        (("default_max_retry=1", "default_max_retry=1, max_total_tokens=-5"),),
        "-5",
        (("-5", "5000"),),
    ),
    Case(
        "DIP149",
        (("  Start -> Plan", "  Plan -> Review\n  Start -> Plan"),),
        "Plan -> Build",
        (("  Plan -> Review\n", '  Plan -> Review [condition="outcome=fail"]\n'),),
    ),
    Case(
        "DIP102",
        (
            ("Build -> Review", 'Build -> Review [condition="context.tool_stdout=ok"]'),
            (
                "  Review -> Exit",
                '  Build -> Plan [condition="context.tool_stdout!=ok && context.tool_stdout!=no"]'
                "\n  Review -> Exit",
            ),
        ),
        "Build",
        # the remainder `!= ok && != no` with an edge for each value covers every case
        (
            (
                "  Review -> Exit",
                '  Build -> Exit [condition="context.tool_stdout=no"]\n  Review -> Exit',
            ),
        ),
    ),
    Case(
        "DIP101",
        (("Build -> Review", 'Build -> Review [condition="context.tool_stdout=ok"]'),),
        "Review",
        (
            (
                "  Review -> Exit",
                '  Build -> Plan [condition="context.tool_stdout!=ok"]\n  Review -> Exit',
            ),
        ),
    ),
    Case(
        "DIP127",
        (("Review [shape=box, ", 'Review [shape=hexagon, mode="choise", '),),
        "choise",
        (("choise", "freeform"),),
    ),
    Case(
        "DIP134",
        (("  Review -> Exit", '  Review -> Plan [condition="outcome=fail"]\n  Review -> Exit'),),
        "default_max_retry=1",
        (("default_max_retry=1", "default_max_retry=1, max_restarts=3"),),
    ),
    Case(
        "DIP137",
        (("Review [shape=box, ", 'Review [shape=house, subgraph_ref="child.dot", '),),
        "Review",
        (("child.dot", 'child.dot", max_cycles="10'),),
    ),
]


def _case_id(case: Case) -> str:
    return f"{case.code}-{case.text}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_dippin_rule_on_dot(case: Case, tmp_path: Path) -> None:
    (tmp_path / "child.dot").write_text(BASE, encoding="utf-8")  # for the manager loop
    source = _apply(BASE, case.edits)
    path = str(tmp_path / "p.dot")
    found = only(lint(source, path), case.code)
    start = _start(source, case)
    span = Span(SourceText(path, source), start, start + len(case.text))
    rule = registry.get(case.code)
    assert rule is not None and "dot" in rule.formats
    severity = case.severity or rule.severity.label
    assert found == [Finding(case.code, severity, *position(span), case.text)]
    assert only(lint(_apply(source, case.twin), path), case.code) == []


def _start(source: str, case: Case) -> int:
    """Where the finding's text is: inside its unique context, its only occurrence, or a
    node's id where the node is declared (`  Name [`)."""
    if case.where:
        assert source.count(case.where) == 1
        return source.index(case.where) + case.where.index(case.text)
    if source.count(case.text) == 1:
        return source.index(case.text)
    declared = f"  {case.text} ["
    assert source.count(declared) == 1, case.text
    return source.index(declared) + 2


def test_dip110_leaves_dot_passthroughs_and_shapeless_nodes_alone() -> None:
    """The Mdiamond/Msquare nodes run as passthroughs; a node without a shape has no handler
    (DC005 says so) and is not reported again."""
    source = BASE.replace("Start [shape=Mdiamond]", 'Start [shape=Mdiamond, label="Go"]').replace(
        'Review [shape=box, prompt="Review the build."]', 'Review [label="Review"]'
    )
    assert only(lint(source, "p.dot"), "DIP110", "DC005") == [
        Finding("DC005", "error", (8, 3), (8, 9), "Review")
    ]


def test_dip116_threshold_is_the_loaders_finding_in_dot() -> None:
    source = BASE.replace(PLAN, PLAN + 'context_compaction_threshold="80", ')
    start = source.index('"80"')
    span = Span(SourceText("p.dot", source), start, start + 4)
    assert only(lint(source, "p.dot"), "DIP116", "DC005") == [
        Finding("DC005", "error", *position(span), '"80"')
    ]


def test_dip111_message_gives_trackers_default_timeout() -> None:
    source = BASE.replace(', timeout="5m"', "")
    [item] = [d for d in lint_text(source, "p.dot").diagnostics if d.code == "DIP111"]
    assert "tracker kills its command after the default 30 s" in item.message


def test_dc310_a_dot_parent_whose_child_loses_its_placeholders(tmp_path: Path) -> None:
    child = dedent(
        """
        digraph C {
          S [shape=Mdiamond]
          E [shape=Msquare]
          Work [shape=box, prompt="Use ${ctx.plan}."]
          S -> Work -> E
        }
        """
    )
    (tmp_path / "child.dot").write_text(child, encoding="utf-8")
    parent = BASE.replace(
        'Review [shape=box, prompt="Review the build."]',
        'Review [shape=tab, subgraph_ref="child.dot"]',
    )
    path = str(tmp_path / "p.dot")
    start = parent.index("child.dot")
    span = Span(SourceText(path, parent), start, start + len("child.dot"))
    assert only(lint(parent, path), "DC310") == [
        Finding("DC310", "warning", *position(span), "child.dot")
    ]
    (tmp_path / "child.dot").write_text(child.replace("${ctx.plan}", "the plan"), "utf-8")
    assert only(lint(parent, path), "DC310") == []


def test_rules_left_to_dip_files() -> None:
    """Rules whose fields have no DOT form (docs/dot.md lists why)."""
    dip_only = {
        rule.code
        for rule in registry.all_rules()
        if "dip" in rule.formats and "dot" not in rule.formats
    }
    assert dip_only == {
        "DC012",
        "DC309",
        "DC331",
        "DIP109",
        "DIP120",
        "DIP122",
        "DIP124",
        "DIP133",
        "DIP138",
        "DIP140",
        "DIP150",
        "DIP151",
        "DIP153",
        "DIP154",
        "DIP155",
        "DIP156",
        "DIP158",
        "DIP159",
        "DIP160",
        "DIP163",
        "DIP164",
        "DIP165",
    }
