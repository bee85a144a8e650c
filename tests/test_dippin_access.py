"""dippin's tool-access, writable-paths, inputs and reference lints (DIP106, DIP107, DIP112,
DIP117, DIP118, DIP139-DIP142, DIP147, DIP148, DIP155, DIP156, DIP158, DIP159, DIP163-DIP165):
an exact range for each finding and a minimal passing twin."""

from __future__ import annotations

import pytest
from helpers import Finding, lint, only, run, template

from dipcheck.config import Config
from dipcheck.rules.dippin_access import unsafe_entry
from dipcheck.rules.dippin_inputs import pattern_problem

AGENT = template(
    """
    workflow T
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Read
        prompt: Read the issue.
        tool_access: none
      agent Build
        prompt: Build.
        writable_paths: src/**, docs/*.md
        writable_paths_mode: require
      agent Done
        label: Done
      edges
        Start -> Read
        Read -> Build
        Build -> Done
    """
)


def test_access_base_is_clean() -> None:
    codes = ("DIP139", "DIP140", "DIP141", "DIP142", "DIP147", "DIP148", "DIP163", "DIP164")
    assert only(lint(AGENT), *codes, "DIP165") == []


def test_dip139_invalid_tool_access() -> None:
    text = AGENT.replace("tool_access: none", "tool_access: read-only")
    assert only(lint(text), "DIP139") == [
        Finding("DIP139", "warning", (8, 18), (8, 27), "read-only")
    ]


def test_dip140_params_re_enable_tools() -> None:
    text = AGENT.replace(
        "tool_access: none", "tool_access: none\n    params:\n      allowed_tools: x"
    )
    assert only(lint(text), "DIP140") == [
        Finding("DIP140", "warning", (10, 7), (10, 20), "allowed_tools")
    ]
    twin = text.replace("allowed_tools: x", "temperature: 0")
    assert only(lint(twin), "DIP140") == []


def test_dip141_writable_paths_without_tools() -> None:
    text = AGENT.replace("writable_paths: src/**", "tool_access: none\n    writable_paths: src/**")
    assert only(lint(text), "DIP141") == [
        Finding("DIP141", "info", (12, 5), (12, 19), "writable_paths")
    ]


def test_dip142_unsafe_entries() -> None:
    text = AGENT.replace("src/**, docs/*.md", "/etc/**, ../up/**, {a,b}/x")
    assert only(lint(text), "DIP142") == [
        Finding("DIP142", "warning", (11, 21), (11, 28), "/etc/**"),
        Finding("DIP142", "warning", (11, 30), (11, 38), "../up/**"),
        Finding("DIP142", "warning", (11, 40), (11, 42), "{a"),
        Finding("DIP142", "warning", (11, 43), (11, 47), "b}/x"),
    ]
    assert unsafe_entry("a/../../b") == "leaves the working directory (`..`)"
    assert unsafe_entry("a/b/../c") == ""
    assert unsafe_entry("C:\\x") == "is absolute"


def test_dip147_restricted_writer_feeds_a_tool_user() -> None:
    text = AGENT.replace("tool_access: none", "tool_access: none\n    writes: summary").replace(
        "prompt: Build.", "prompt: Build.\n    reads: summary"
    )
    assert only(lint(text), "DIP147") == [Finding("DIP147", "hint", (12, 12), (12, 19), "summary")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP147"]
    assert item.related[0].span.text == "summary"
    twin = text.replace("reads: summary", "reads: summary\n    tool_access: none")
    assert only(lint(twin), "DIP147") == []


def test_dip148_negative_truncate() -> None:
    text = AGENT.replace("tool_access: none", "tool_access: none\n    last_response_truncate: -1")
    assert only(lint(text), "DIP148") == [Finding("DIP148", "warning", (9, 29), (9, 31), "-1")]
    assert only(lint(text.replace(": -1", ": 100")), "DIP148") == []


def test_dip163_dip164_dip165_modes() -> None:
    bad = AGENT.replace("writable_paths_mode: require", "writable_paths_mode: Require")
    assert only(lint(bad), "DIP163") == [
        Finding("DIP163", "warning", (12, 26), (12, 33), "Require")
    ]
    prefer = AGENT.replace("writable_paths_mode: require", "writable_paths_mode: prefer")
    assert only(lint(prefer), "DIP165") == [Finding("DIP165", "hint", (12, 26), (12, 32), "prefer")]
    unscoped = AGENT.replace("    writable_paths: src/**, docs/*.md\n", "")
    assert only(lint(unscoped), "DIP164") == [
        Finding("DIP164", "hint", (11, 5), (11, 33), "writable_paths_mode: require")
    ]


def test_dip164_branch_gives_its_agent_the_paths() -> None:
    text = template(
        """
        workflow P
          start: Fork
          exit: Join
          parallel Fork
            branch: A
              writable_paths: src/**
          agent A
            prompt: a
            writable_paths_mode: require
          fan_in Join <- A
        """
    )
    assert only(lint(text), "DIP164") == []


# -- inputs --------------------------------------------------------------------------------

INPUTS = template(
    """
    workflow I
      start: Plan
      exit: Plan
      inputs
        topic: text
          required: true
        tier: enum
          options: gold, silver
          default: gold
        spec: file
      agent Plan
        prompt: Research ${inputs.topic} at ${inputs.tier}.
    """
)


def test_inputs_base_is_clean() -> None:
    assert only(lint(INPUTS), "DIP155", "DIP156", "DIP158", "DIP159") == []


def test_dip155_unknown_type() -> None:
    text = INPUTS.replace("topic: text", "topic: string")
    assert only(lint(text), "DIP155") == [Finding("DIP155", "error", (5, 12), (5, 18), "string")]


def test_dip156_undeclared_input_with_suggestion() -> None:
    text = INPUTS.replace("${inputs.topic}", "${inputs.topik}")
    findings = only(lint(text), "DIP156")
    assert findings == [Finding("DIP156", "warning", (12, 22), (12, 37), "${inputs.topik}")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP156"]
    assert item.fix is not None and [edit.text for edit in item.fix.edits] == ["${inputs.topic}"]


def test_dip158_constraints() -> None:
    text = INPUTS.replace("default: gold", "default: bronze").replace(
        "topic: text", "topic: number\n      pattern: (a"
    )
    assert only(lint(text), "DIP158") == [
        Finding("DIP158", "error", (6, 7), (6, 14), "pattern"),
        Finding("DIP158", "error", (6, 16), (6, 18), "(a"),
        Finding("DIP158", "error", (10, 16), (10, 22), "bronze"),
    ]
    regex = INPUTS.replace("required: true", "required: true\n      pattern: (?=x)")
    assert only(lint(regex), "DIP158") == [Finding("DIP158", "error", (7, 16), (7, 21), "(?=x)")]


@pytest.mark.parametrize(
    ("pattern", "problem"),
    [
        (r"^[a-z]+$", None),
        (r"\p{L}+", None),
        (r"(a", "missing ): (a"),
        # RE2 decides, not an approximation with Python's `re` (which takes `\Z`; Go does not)
        (r"\Z", "invalid escape sequence: \\Z"),
        (r"^(a|aa)+$", None),
    ],
)
def test_pattern_problem(pattern: str, problem: str | None) -> None:
    found = pattern_problem(pattern)
    assert (found is None) == (problem is None)
    if problem is not None:
        assert found is not None and problem in found


def test_dip159_unused_input() -> None:
    text = INPUTS.replace(" at ${inputs.tier}", "")
    assert only(lint(text), "DIP159") == [Finding("DIP159", "info", (7, 5), (7, 9), "tier")]
    # file and secret inputs are used through their staged path
    assert "spec" not in [item.text for item in only(lint(text), "DIP159")]


# -- references and stylesheet -------------------------------------------------------------


def test_dip106_unknown_namespaces() -> None:
    text = AGENT.replace("Read the issue.", "Read ${context.issue} ${topic} ${node.Start.x}")
    assert only(lint(text), "DIP106") == [
        Finding("DIP106", "warning", (7, 18), (7, 34), "${context.issue}"),
        Finding("DIP106", "warning", (7, 35), (7, 43), "${topic}"),
        Finding("DIP106", "warning", (7, 44), (7, 59), "${node.Start.x}"),
    ]
    twin = AGENT.replace("Read the issue.", "Read ${ctx.issue} ${graph.goal} ${ctx.node.Start.x}")
    assert only(lint(twin), "DIP106") == []


def test_dip106_leaves_shell_variables_alone() -> None:
    text = AGENT.replace(
        "prompt: Read the issue.",
        "prompt:\n      Run with ${PATH} and ${x:-1}.\n      ```sh\n      echo ${files}\n      ```",
    )
    assert only(lint(text), "DIP106") == []
    produced = text.replace("tool_access: none", "writes: files")
    assert only(lint(produced), "DIP106") == [
        Finding("DIP106", "warning", (10, 12), (10, 20), "${files}")
    ]


def test_dip107_written_key_never_read() -> None:
    text = AGENT.replace("tool_access: none", "writes: summary, notes").replace(
        "prompt: Build.", "prompt: Build from ${ctx.summary}."
    )
    assert only(lint(text), "DIP107") == [Finding("DIP107", "info", (8, 22), (8, 27), "notes")]


def test_dip112_is_off_by_default_and_reports_dippin_verdicts() -> None:
    text = AGENT.replace("prompt: Build.", "prompt: Build.\n    reads: plan")
    assert only(lint(text), "DIP112") == []
    selected = only(lint(text, config=Config(extend_select=("DIP112",))), "DIP112")
    assert selected == [Finding("DIP112", "warning", (11, 12), (11, 16), "plan")]
    # DC101 owns the span by default
    assert [item.code for item in only(lint(text), "DC101")] == ["DC101"]
    twin = text.replace("tool_access: none", "writes: plan")
    assert only(lint(twin, config=Config(extend_select=("DIP112",))), "DIP112") == []


def test_dip117_dip118_stylesheet_selectors() -> None:
    text = AGENT.replace("prompt: Read the issue.", "prompt: Read.\n    class: fast") + (
        "  stylesheet:\n    .fats\n      model: claude-haiku-4-5\n    #Biuld\n      model: x\n"
    )
    assert only(lint(text), "DIP117", "DIP118") == [
        Finding("DIP117", "warning", (21, 5), (21, 10), ".fats"),
        Finding("DIP118", "warning", (23, 5), (23, 11), "#Biuld"),
    ]
    twin = text.replace(".fats", ".fast").replace("#Biuld", "#Build")
    assert only(lint(twin), "DIP117", "DIP118") == []
