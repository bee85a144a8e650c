"""The .dip front-end: every construct of the language lowers into the model with exact spans,
and loader problems (DC003-DC009) are reported with exact ranges, never fatally."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Finding, as_finding, codes, dedent, lint, only, position, run, template

from dipcheck.config import parse_config
from dipcheck.engine import lint_file
from dipcheck.model import Field, NodeKind, Workflow

LOADING = ("DC001", "DC003", "DC004", "DC005", "DC006", "DC007", "DC008", "DC009")


def load(text: str, path: str = "<test>.dip") -> Workflow:
    """Lower ``text``; the fixture must load without any loading finding."""
    result = run(text, path)
    assert only([as_finding(item) for item in result.diagnostics], *LOADING) == []
    assert result.workflow is not None
    return result.workflow


def fields(items: tuple[Field, ...]) -> list[tuple[str, str]]:
    return [(item.key, item.text) for item in items]


# -- file shape, version line, header --------------------------------------------------------


def test_version_line_and_header_fields() -> None:
    workflow = load(
        r"""
        dip 2
        workflow Build
          goal: "Ship \"v2\" # not a comment"
          start: A
          exit: A
          requires: git, make
          agent A
            label: A
        """
    )
    assert workflow.version == 2
    assert workflow.name is not None and workflow.name.value == "Build"
    assert workflow.name.span.text == "Build"
    assert position(workflow.decl_span) == ((2, 1), (2, 15))
    assert fields(workflow.header) == [
        ("goal", 'Ship "v2" # not a comment'),
        ("start", "A"),
        ("exit", "A"),
        ("requires", "git, make"),
    ]
    goal = workflow.header_field("goal")
    assert goal is not None and goal.quoted
    assert goal.value_span.text == r'"Ship \"v2\" # not a comment"'
    assert goal.key_span.text == "goal"
    assert workflow.start == "A" and workflow.exit == "A"


def test_version_defaults_to_one() -> None:
    assert load("workflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n").version == 1


@pytest.mark.parametrize(
    ("version", "column", "flagged"),
    [("0", 1, "dip 0"), ("x", 1, "dip x"), ("-1", 5, "-"), ("2 3", 7, "3")],
)
def test_invalid_version_line_is_dc001(version: str, column: int, flagged: str) -> None:
    text = f"dip {version}\nworkflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n"
    assert only(lint(text), *LOADING) == [
        Finding("DC001", "error", (1, column), (1, column + len(flagged)), flagged)
    ]
    result = run(text)
    assert result.workflow is not None and result.workflow.version == 1
    assert only([as_finding(item) for item in result.diagnostics], "DIP001", "DIP002") == []


def test_stray_text_and_a_second_workflow_are_warnings() -> None:
    text = dedent(
        """
        ---
        workflow Parent
          start: A
          exit: A
          agent A
            label: A
        ---
        workflow Child
          start: B
          exit: B
          agent B
            label: B
        """
    )
    assert only(lint(text), "DC007", "DC008") == [
        Finding("DC007", "warning", (1, 1), (1, 4), "---"),
        Finding("DC007", "warning", (7, 1), (7, 4), "---"),
        Finding("DC008", "warning", (8, 1), (8, 15), "workflow Child"),
    ]
    result = run(text)
    dc008 = next(item for item in result.diagnostics if item.code == "DC008")
    assert [item.span.text for item in dc008.related] == ["workflow Parent"]
    # dippin merges the second workflow into the first: its start wins, its nodes are appended
    assert result.workflow is not None
    assert result.workflow.start == "B"
    assert [node.id for node in result.workflow.nodes] == ["A", "B"]


def test_passing_twin_of_dc007_and_dc008_comments_are_not_stray_text() -> None:
    text = "# ---\n# notes\nworkflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n"
    assert only(lint(text), "DC007", "DC008") == []


def test_body_line_outside_the_workflow_is_a_syntax_error() -> None:
    text = "start: A\nworkflow W\n  exit: A\n  agent A\n    label: A\n"
    assert only(lint(text), "DC001") == [Finding("DC001", "error", (1, 1), (1, 9), "start: A")]


# -- inputs, defaults, vars ------------------------------------------------------------------


INPUTS = template(
    """
    workflow W
      start: A
      exit: A
      inputs
        topic: text
          required: true
          description: "What to research"
          max_length: 80
          pattern: ^[a-z ]+$
        tier: enum
          options: gold, silver
          default: gold
        budget: number
          min: 1
          max: 10
      agent A
        prompt: Research ${inputs.topic} at tier ${inputs.tier}.
    """
)


def test_inputs_block_with_typed_entries_and_attributes() -> None:
    workflow = load(INPUTS)
    assert [(item.name.value, item.type.value) for item in workflow.inputs] == [
        ("topic", "text"),
        ("tier", "enum"),
        ("budget", "number"),
    ]
    topic = workflow.inputs[0]
    assert fields(topic.attrs) == [
        ("required", "true"),
        ("description", "What to research"),
        ("max_length", "80"),
        ("pattern", "^[a-z ]+$"),
    ]
    assert topic.name.span.text == "topic"
    assert topic.type.span.text == "text"
    assert fields(workflow.inputs[1].attrs) == [("options", "gold, silver"), ("default", "gold")]


def test_inputs_bad_attribute_value_unknown_attribute_and_duplicate() -> None:
    text = (
        INPUTS.replace("required: true", "required: maybe")
        .replace("max_length: 80", "max_lenght: 80")
        .replace("budget: number", "topic: number")
    )
    assert only(lint(text), *LOADING) == [
        Finding("DC005", "error", (6, 17), (6, 22), "maybe"),
        Finding("DC004", "error", (8, 7), (8, 17), "max_lenght"),
        Finding("DC006", "error", (13, 5), (13, 10), "topic"),
    ]
    messages = [item.message for item in run(text).diagnostics if item.code == "DC004"]
    assert messages == ["unknown field `max_lenght` in input `topic` (did you mean `max_length`?)"]


def test_input_without_type_is_dc005() -> None:
    # with attributes under it, `budget:` starts a raw block: there is still no type
    text = INPUTS.replace("budget: number", "budget:")
    assert only(lint(text), *LOADING) == [Finding("DC005", "error", (13, 5), (13, 11), "budget")]
    workflow = run(text).workflow
    assert workflow is not None
    assert [(item.name.value, item.type.value) for item in workflow.inputs][-1] == ("budget", "")
    text = INPUTS.replace("budget: number\n      min: 1\n      max: 10\n", "budget:\n")
    assert only(lint(text), *LOADING) == [Finding("DC005", "error", (13, 5), (13, 11), "budget")]


DEFAULTS = template(
    """
    workflow W
      start: A
      exit: A
      defaults
        model: claude-sonnet-4-6
        provider: anthropic
        retry_policy: standard
        max_retries: 2
        fidelity: summary:medium
        max_restarts: 10
        restart_target: A
        cache_tools: true
        compaction: auto
        on_resume: preserve
        on_failure: A
        max_total_tokens: 200000
        max_cost_cents: 500
        max_wall_time: 1h30m
        stall_timeout: 90s
        tool_commands_allow: git *, make test
        tool_denylist_add: rm -rf *, curl *
        prompt_prefix: "Be brief."
        prompt_suffix: Reply with STATUS.
      agent A
        prompt: go
    """
)


def test_defaults_block_every_field() -> None:
    workflow = load(DEFAULTS)
    assert fields(workflow.defaults) == [
        ("model", "claude-sonnet-4-6"),
        ("provider", "anthropic"),
        ("retry_policy", "standard"),
        ("max_retries", "2"),
        ("fidelity", "summary:medium"),  # everything after the first colon
        ("max_restarts", "10"),
        ("restart_target", "A"),
        ("cache_tools", "true"),
        ("compaction", "auto"),
        ("on_resume", "preserve"),
        ("on_failure", "A"),
        ("max_total_tokens", "200000"),
        ("max_cost_cents", "500"),
        ("max_wall_time", "1h30m"),
        ("stall_timeout", "90s"),
        ("tool_commands_allow", "git *, make test"),
        ("tool_denylist_add", "rm -rf *, curl *"),
        ("prompt_prefix", "Be brief."),
        ("prompt_suffix", "Reply with STATUS."),
    ]
    assert workflow.default_value("on_failure") == "A"


def test_defaults_unknown_key_bad_values_and_inline_system_prompt() -> None:
    text = (
        DEFAULTS.replace("max_retries: 2", "max_retires: 2")
        .replace("max_total_tokens: 200000", "max_total_tokens: 200k")
        .replace("max_wall_time: 1h30m", "max_wall_time: 2d")
        .replace("stall_timeout: 90s", "stall_timeout: 90s\n    system_prompt: You are careful.")
    )
    assert only(lint(text), *LOADING) == [
        Finding("DC004", "error", (8, 5), (8, 16), "max_retires"),
        Finding("DC005", "error", (16, 23), (16, 27), "200k"),
        Finding("DC005", "error", (18, 20), (18, 22), "2d"),
        Finding("DC004", "error", (20, 5), (20, 18), "system_prompt"),
    ]
    messages = {
        item.span.text: item.message for item in run(text).diagnostics if item.code != "DC005"
    }
    assert messages["max_retires"] == (
        "unknown field `max_retires` in defaults (did you mean `max_retries`?)"
    )
    assert "use `system_prompt_file` there" in messages["system_prompt"]


def test_defaults_file_cascade_fields(tmp_path: Path) -> None:
    (tmp_path / "fragments").mkdir()
    (tmp_path / "fragments" / "prefix.md").write_text("Prefix ${graph.goal}\n")
    (tmp_path / "fragments" / "suffix.md").write_text("Suffix\n")
    (tmp_path / "fragments" / "system.md").write_text("System\n")
    path = tmp_path / "w.dip"
    path.write_text(
        DEFAULTS.replace(
            '    prompt_prefix: "Be brief."\n    prompt_suffix: Reply with STATUS.\n',
            "    prompt_prefix_file: fragments/prefix.md\n"
            "    prompt_suffix_file: fragments/suffix.md\n"
            "    system_prompt_file: fragments/system.md\n",
        )
    )
    result = lint_file(str(path))
    assert only([as_finding(item) for item in result.diagnostics], *LOADING) == []
    assert result.workflow is not None
    prefix = result.workflow.default("prompt_prefix_file")
    assert prefix is not None and prefix.included is not None
    assert prefix.included.value == "Prefix ${graph.goal}\n"
    assert prefix.included.source.path == str(tmp_path / "fragments" / "prefix.md")
    system = result.workflow.default("system_prompt_file")
    assert system is not None and system.included is not None
    assert system.included.value == "System\n"


def test_defaults_inline_and_file_prefix_together_is_dc006(tmp_path: Path) -> None:
    (tmp_path / "prefix.md").write_text("Prefix\n")
    path = tmp_path / "w.dip"
    path.write_text(
        DEFAULTS.replace('"Be brief."', '"Be brief."\n    prompt_prefix_file: prefix.md')
    )
    findings = only([as_finding(item) for item in lint_file(str(path)).diagnostics], *LOADING)
    assert findings == [Finding("DC006", "error", (23, 5), (23, 23), "prompt_prefix_file")]


def test_vars_block_and_duplicate_key() -> None:
    text = template(
        """
        workflow W
          start: A
          exit: A
          vars
            branch: main
            reviewer: "a # b"
          agent A
            prompt: Work on $branch.
        """
    )
    workflow = load(text)
    assert fields(workflow.vars) == [("branch", "main"), ("reviewer", "a # b")]
    duplicate = text.replace('reviewer: "a # b"', "branch: dev")
    assert only(lint(duplicate), *LOADING) == [Finding("DC006", "error", (6, 5), (6, 11), "branch")]
    diagnostic = next(item for item in run(duplicate).diagnostics if item.code == "DC006")
    assert diagnostic.message == "duplicate vars key `branch`; only the last value takes effect"
    assert [position(item.span) for item in diagnostic.related] == [((5, 5), (5, 11))]


# -- nodes -----------------------------------------------------------------------------------


AGENT = template(
    """
    workflow W
      start: A
      exit: A
      agent A
        label: "Plan it"
        class: fast, cheap
        reads: spec
        writes: plan, risks
        retry_policy: patient
        max_retries: 3
        base_delay: 2s
        retry_target: A
        fallback_target: A
        prompt:
          Plan the work.
        system_prompt: You plan.
        model: anthropic/claude@latest
        provider: anthropic
        backend: native
        working_dir: src
        tool_access: none
        writable_paths: docs/**, plans/*.md
        writable_paths_mode: require
        last_response_truncate: 4000
        max_turns: 12
        cmd_timeout: 30s
        goal_gate: yes
        auto_status: TRUE
        cache_tools: off
        reasoning_effort: high
        fidelity: full
        compaction: auto
        compaction_threshold: 0.8
        response_format: json_object
        response_schema:
          {"type": "object", "required": ["plan"]}
        prompt_prefix: none
        params:
          temperature: 0.2
          seed: 7
    """
)


def test_agent_every_field() -> None:
    workflow = load(AGENT)
    node = workflow.node("A")
    assert node is not None and node.kind is NodeKind.AGENT
    assert node.kind_span.text == "agent" and node.id_span.text == "A"
    assert [item.key for item in node.fields] == [
        "label",
        "class",
        "reads",
        "writes",
        "retry_policy",
        "max_retries",
        "base_delay",
        "retry_target",
        "fallback_target",
        "prompt",
        "system_prompt",
        "model",
        "provider",
        "backend",
        "working_dir",
        "tool_access",
        "writable_paths",
        "writable_paths_mode",
        "last_response_truncate",
        "max_turns",
        "cmd_timeout",
        "goal_gate",
        "auto_status",
        "cache_tools",
        "reasoning_effort",
        "fidelity",
        "compaction",
        "compaction_threshold",
        "response_format",
        "response_schema",
        "prompt_prefix",
        "params",
    ]
    assert node.value("label") == "Plan it"
    assert node.value("prompt") == "Plan the work."
    assert node.value("response_schema") == '{"type": "object", "required": ["plan"]}'
    params = node.get("params")
    assert params is not None
    assert fields(params.children) == [("temperature", "0.2"), ("seed", "7")]
    assert [item.key_span.text for item in params.children] == ["temperature", "seed"]
    assert [item.value_span.text for item in params.children] == ["0.2", "7"]


@pytest.mark.parametrize(
    ("old", "new", "flagged"),
    [
        ("max_turns: 12", "max_turns: twelve", "twelve"),
        ("cmd_timeout: 30s", "cmd_timeout: 30", "30"),
        ("goal_gate: yes", "goal_gate: sure", "sure"),
        ("compaction_threshold: 0.8", "compaction_threshold: high", "high"),
        ("prompt_prefix: none", "prompt_prefix: Be nice.", "Be nice."),
        ("writable_paths: docs/**, plans/*.md", "writable_paths: ,", ","),
    ],
)
def test_agent_bad_typed_values_are_dc005(old: str, new: str, flagged: str) -> None:
    text = AGENT.replace(old, new)
    findings = only(lint(text), *LOADING)
    assert [(item.code, item.severity, item.text) for item in findings] == [
        ("DC005", "error", flagged)
    ]
    line = text.splitlines().index("    " + new) + 1
    column = len("    " + new) - len(flagged) + 1
    assert findings[0].start == (line, column)
    assert findings[0].end == (line, column + len(flagged))


@pytest.mark.parametrize(
    "value", ["0x1p-2", "0X1.8P-1", "0x_1p-1", "8_0e-2", ".5", "5.", "+Inf", "-infinity", "NaN"]
)
def test_float_value_go_parsefloat_accepts_is_clean(value: str) -> None:
    # dippin reads compaction_threshold with strconv.ParseFloat: hexadecimal floats, `_`
    # between digits and the specials are all floats to it
    text = AGENT.replace("compaction_threshold: 0.8", f"compaction_threshold: {value}")
    assert only(lint(text), *LOADING) == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0x1p", "invalid number '0x1p'"),
        ("0x1.8", "invalid number '0x1.8'"),
        ("1__0", "invalid number '1__0'"),
        ("+nan", "invalid number '+nan'"),
        ("1e400", "number '1e400' is out of range (past ±1.8e308)"),
        ("0x1p1024", "number '0x1p1024' is out of range (past ±1.8e308)"),
    ],
)
def test_float_value_go_parsefloat_refuses_is_dc005(value: str, message: str) -> None:
    text = AGENT.replace("compaction_threshold: 0.8", f"compaction_threshold: {value}")
    findings = only(lint(text), *LOADING)
    line = text.splitlines().index(f"    compaction_threshold: {value}") + 1
    assert findings == [Finding("DC005", "error", (line, 27), (line, 27 + len(value)), value)]
    [found] = [item.message for item in run(text).diagnostics if item.code == "DC005"]
    assert found == f"{message} for `compaction_threshold`"


def test_agent_typed_value_as_a_block_is_dc005() -> None:
    text = AGENT.replace("max_turns: 12", "max_turns:\n      12")
    assert only(lint(text), *LOADING) == [Finding("DC005", "error", (26, 7), (26, 9), "12")]


def test_human_tool_conditional_and_subgraph_fields() -> None:
    workflow = load(
        """
        workflow W
          start: Ask
          exit: Done
          human Ask
            mode: interview
            prompt: Answer the questions.
            questions_key: questions
            answers_key: answers
            default: skip
            timeout: 10m
            timeout_action: default
          tool Build
            command:
              make build
              make test
            timeout: 5m
            outputs: ok, broken
            marker_grep: ^RESULT=(\\w+)
            route_required: false
            output_limit: 65536
          conditional Route
            label: route
          subgraph Child
            ref: child.dip
            params:
              task: review
          subgraph Child2
            ref: child.dip
            inputs:
              topic: "security # review"
          agent Done
            label: Done
          edges
            Ask -> Build
            Build -> Route
            Route -> Child
            Child -> Child2
            Child2 -> Done
        """
    )
    kinds = {node.id: node.kind for node in workflow.nodes}
    assert kinds == {
        "Ask": NodeKind.HUMAN,
        "Build": NodeKind.TOOL,
        "Route": NodeKind.CONDITIONAL,
        "Child": NodeKind.SUBGRAPH,
        "Child2": NodeKind.SUBGRAPH,
        "Done": NodeKind.AGENT,
    }
    ask = workflow.node("Ask")
    assert ask is not None
    assert fields(ask.fields)[-2:] == [("timeout", "10m"), ("timeout_action", "default")]
    build = workflow.node("Build")
    assert build is not None
    assert build.value("command") == "make build\nmake test"
    assert build.value("marker_grep") == "^RESULT=(\\w+)"
    child2 = workflow.node("Child2")
    assert child2 is not None
    inputs = child2.get("inputs")
    assert inputs is not None
    assert fields(inputs.children) == [("topic", "security # review")]
    assert inputs.children[0].value_span.text == '"security # review"'


@pytest.mark.parametrize(
    ("node", "old", "new", "flagged"),
    [
        ("human", "timeout_action: default", "timeout_action: retry", "retry"),
        ("human", "timeout: 10m", "timeout: 10 minutes", "10 minutes"),
        ("tool", "output_limit: 65536", "output_limit: -1", "-1"),
        ("tool", "route_required: false", "route_required: nope", "nope"),
    ],
)
def test_human_and_tool_bad_values(node: str, old: str, new: str, flagged: str) -> None:
    text = template(
        """
        workflow W
          start: Ask
          exit: Build
          human Ask
            timeout: 10m
            timeout_action: default
          tool Build
            command: make
            route_required: false
            output_limit: 65536
          edges
            Ask -> Build
        """
    ).replace(old, new)
    findings = only(lint(text), *LOADING)
    assert [(item.code, item.text) for item in findings] == [("DC005", flagged)], node
    line = text.splitlines().index("    " + new) + 1
    assert findings[0].start == (line, len("    " + new) - len(flagged) + 1)


def test_manager_loop_with_steer_context_block_and_inline() -> None:
    text = template(
        """
        workflow W
          start: Supervise
          exit: Supervise2
          manager_loop Supervise
            subgraph_ref: child.dip
            poll_interval: 30s
            max_cycles: 12
            stop_condition: stack.child.status = success
            steer_condition: stack.child.cycles = 5
            steer_context:
              hint: halfway_through
              priority: high
          manager_loop Supervise2
            subgraph_ref: child.dip
            steer_context: hint=wrap_up, priority=low
          edges
            Supervise -> Supervise2
        """
    )
    workflow = load(text)
    block = workflow.node("Supervise")
    inline = workflow.node("Supervise2")
    assert block is not None and inline is not None
    assert block.kind is NodeKind.MANAGER_LOOP
    assert block.value("stop_condition") == "stack.child.status = success"
    steer = block.get("steer_context")
    assert steer is not None and steer.block
    assert fields(steer.children) == [("hint", "halfway_through"), ("priority", "high")]
    assert [position(item.key_span) for item in steer.children] == [
        ((11, 7), (11, 11)),
        ((12, 7), (12, 15)),
    ]
    steer = inline.get("steer_context")
    assert steer is not None and not steer.block
    assert fields(steer.children) == [("hint", "wrap_up"), ("priority", "low")]
    assert [position(item.key_span) for item in steer.children] == [
        ((15, 20), (15, 24)),
        ((15, 34), (15, 42)),
    ]
    assert [item.value_span.text for item in steer.children] == ["wrap_up", "low"]

    bad = text.replace("poll_interval: 30s", "poll_interval: 30").replace(
        "hint=wrap_up, priority=low", "hint=wrap_up, priority, hint=x"
    )
    assert only(lint(bad), *LOADING) == [
        Finding("DC005", "error", (6, 20), (6, 22), "30"),
        Finding("DC005", "error", (15, 34), (15, 42), "priority"),
        Finding("DC006", "error", (15, 44), (15, 48), "hint"),
    ]


def test_dc005_and_dc006_inside_a_steer_context_block() -> None:
    text = template(
        """
        workflow W
          start: S
          exit: S
          manager_loop S
            subgraph_ref: child.dip
            steer_context:
              hint: halfway
                # a comment line inside the block
              just words
              hint: again
        """
    )
    assert only(lint(text), *LOADING) == [
        Finding("DC005", "error", (9, 7), (9, 17), "just words"),
        Finding("DC006", "error", (10, 7), (10, 11), "hint"),
    ]
    assert only(lint(text.replace("      just words\n", "")), "DC005") == []


def test_parallel_inline_and_block_forms_and_fan_in() -> None:
    workflow = load(
        """
        workflow W
          start: Fork
          exit: Join2
          parallel Fork -> A, B
          fan_in Join <- A, B
          parallel Fork2
            branch: C
              model: claude-haiku-4-5
              provider: anthropic
              fidelity: summary:low
            branch: D
          fan_in Join2 <- C, D
          agent A
            prompt: a
          agent B
            prompt: b
          agent C
            prompt: c
          agent D
            prompt: d
          edges
            Join -> Fork2
        """
    )
    fork = workflow.node("Fork")
    assert fork is not None and fork.kind is NodeKind.PARALLEL
    assert [(item.value, item.span.text) for item in fork.members] == [("A", "A"), ("B", "B")]
    assert [position(item.span) for item in fork.members] == [
        ((4, 20), (4, 21)),
        ((4, 23), (4, 24)),
    ]
    join = workflow.node("Join")
    assert join is not None and join.kind is NodeKind.FAN_IN
    assert [item.value for item in join.members] == ["A", "B"]
    fork2 = workflow.node("Fork2")
    assert fork2 is not None
    assert [item.value for item in fork2.members] == ["C", "D"]
    assert [branch.target.value for branch in fork2.branches] == ["C", "D"]
    assert fields(fork2.branches[0].fields) == [
        ("model", "claude-haiku-4-5"),
        ("provider", "anthropic"),
        ("fidelity", "summary:low"),
    ]
    assert fork2.branches[1].fields == ()
    implicit = [(e.source.value, e.target.value) for e in workflow.edges if e.implicit]
    assert implicit == [
        ("Fork", "A"),
        ("Fork", "B"),
        ("A", "Join"),
        ("B", "Join"),
        ("Fork2", "C"),
        ("Fork2", "D"),
        ("C", "Join2"),
        ("D", "Join2"),
    ]


def test_parallel_branch_unknown_field_is_dc004() -> None:
    text = "workflow W\n  start: P\n  exit: P\n  parallel P\n    branch: A\n      modle: x\n"
    text += "  agent A\n    prompt: a\n"
    findings = only(lint(text), "DC004")
    assert findings == [Finding("DC004", "error", (6, 7), (6, 12), "modle")]


def test_empty_parallel_fan_in_and_node_body_are_dc001() -> None:
    text = template(
        """
        workflow W
          start: A
          exit: A
          parallel P
          fan_in J
          agent A
          agent B
            label: B
        """
    )
    assert only(lint(text), "DC001") == [
        Finding("DC001", "error", (4, 3), (4, 13), "parallel P"),
        Finding("DC001", "error", (5, 3), (5, 11), "fan_in J"),
        Finding("DC001", "error", (6, 3), (6, 10), "agent A"),
    ]


# -- file directives -------------------------------------------------------------------------


def test_file_directives_read_the_files(tmp_path: Path) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "plan.md").write_text("Plan ${graph.goal}.\n")
    (tmp_path / "prompts" / "system.md").write_text("You are a planner.\n")
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "build.sh").write_text("make build\n")
    path = tmp_path / "w.dip"
    path.write_text(
        dedent(
            """
            workflow W
              start: Plan
              exit: Build
              agent Plan
                prompt_file: prompts/plan.md
                system_prompt_file: ./prompts/system.md
                prompt_include: prompts/system.md
              tool Build
                command_file: scripts/build.sh
              edges
                Plan -> Build
            """
        )
    )
    result = lint_file(str(path))
    assert only([as_finding(item) for item in result.diagnostics], *LOADING) == []
    assert result.workflow is not None
    plan = result.workflow.node("Plan")
    build = result.workflow.node("Build")
    assert plan is not None and build is not None
    assert plan.value("prompt") == "Plan ${graph.goal}.\n"
    assert plan.value("system_prompt") == "You are a planner.\n"
    directive = plan.get("prompt_file")
    assert directive is not None and directive.included is not None
    assert directive.value_span.text == "prompts/plan.md"
    assert build.value("command") == "make build\n"
    included = {source.path for source in result.workflow.sources[1:]}
    assert included == {
        str(tmp_path / "prompts" / "plan.md"),
        str(tmp_path / "prompts" / "system.md"),
        str(tmp_path / "scripts" / "build.sh"),
    }


DIRECTIVES = template(
    """
    workflow W
      start: A
      exit: T
      agent A
        prompt_file: prompts/a.md
      tool T
        command_file: scripts/t.sh
      edges
        A -> T
    """
)


def _directive_findings(tmp_path: Path, text: str) -> list[Finding]:
    (tmp_path / "prompts").mkdir(exist_ok=True)
    (tmp_path / "prompts" / "a.md").write_text("Do A.\n")
    (tmp_path / "scripts").mkdir(exist_ok=True)
    (tmp_path / "scripts" / "t.sh").write_text("true\n")
    path = tmp_path / "w.dip"
    path.write_text(text)
    return only([as_finding(item) for item in lint_file(str(path)).diagnostics], *LOADING)


def test_dc003_passing_twin(tmp_path: Path) -> None:
    assert _directive_findings(tmp_path, DIRECTIVES) == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("prompts/missing.md", "`prompt_file`: `prompts/missing.md` does not exist"),
        ("/etc/hostname", "absolute; tracker only reads paths relative to the workflow's"),
        ("../outside.md", "leaves the workflow's directory, which tracker refuses"),
        ("prompts/../../outside.md", "leaves the workflow's directory"),
        ("prompts", "`prompts` is a directory"),
        ("prompts/a\0b.md", "contains a NUL character, which no file name can hold"),
    ],
)
def test_dc003_bad_prompt_file(tmp_path: Path, value: str, message: str) -> None:
    (tmp_path.parent / "outside.md").write_text("outside\n")
    text = DIRECTIVES.replace("prompt_file: prompts/a.md", f"prompt_file: {value}")
    findings = _directive_findings(tmp_path, text)
    assert findings == [Finding("DC003", "error", (5, 18), (5, 18 + len(value)), value)]
    diagnostic = next(
        item for item in lint_file(str(tmp_path / "w.dip")).diagnostics if item.code == "DC003"
    )
    assert message in diagnostic.message


def test_dc003_symlink_and_missing_command_file(tmp_path: Path) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "real.md").write_text("real\n")
    (tmp_path / "prompts" / "a.md").symlink_to(tmp_path / "prompts" / "real.md")
    text = DIRECTIVES.replace("scripts/t.sh", "scripts/nope.sh")
    path = tmp_path / "w.dip"
    path.write_text(text)
    findings = only([as_finding(item) for item in lint_file(str(path)).diagnostics], "DC003")
    assert findings == [
        Finding("DC003", "error", (5, 18), (5, 30), "prompts/a.md"),
        Finding("DC003", "error", (7, 19), (7, 34), "scripts/nope.sh"),
    ]


def test_dc003_empty_directive_points_at_the_key(tmp_path: Path) -> None:
    text = DIRECTIVES.replace("prompt_file: prompts/a.md", "prompt_file:")
    assert _directive_findings(tmp_path, text) == [
        Finding("DC003", "error", (5, 5), (5, 16), "prompt_file")
    ]


# -- unknown fields, bad values, duplicates ----------------------------------------------------


NODE = template(
    """
    workflow W
      start: A
      exit: B
      agent A
        prompt: Do it.
        model: claude-sonnet-4-6
        max_turns: 5
        params:
          temperature: 0.2
      subgraph B
        ref: child.dip
      edges
        A -> B
    """
)


def test_node_passing_twin() -> None:
    assert only(lint(NODE), *LOADING) == []


def test_dc004_did_you_mean() -> None:
    text = NODE.replace("prompt: Do it.", "promt: Do it.")
    assert only(lint(text), *LOADING) == [Finding("DC004", "error", (5, 5), (5, 10), "promt")]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DC004")
    assert diagnostic.message == "unknown field `promt` in agent `A` (did you mean `prompt`?)"
    assert diagnostic.fix is not None and not diagnostic.fix.safe
    assert diagnostic.fix.description == "rename `promt` to `prompt`"
    assert [(edit.span.text, edit.text) for edit in diagnostic.fix.edits] == [("promt", "prompt")]


@pytest.mark.parametrize(
    ("old", "new", "where", "line"),
    [
        ("max_turns: 5", "temperature: 0.7", "agent `A`", 7),
        ("ref: child.dip", "ref: child.dip\n    severity: high", "subgraph `B`", 12),
    ],
)
def test_dc004_params_hint_for_agents_and_subgraphs(
    old: str, new: str, where: str, line: int
) -> None:
    text = NODE.replace(old, new)
    key = new.splitlines()[-1].strip().split(":")[0]
    assert only(lint(text), *LOADING) == [
        Finding("DC004", "error", (line, 5), (line, 5 + len(key)), key)
    ]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DC004")
    assert diagnostic.message == (
        f"unknown field `{key}` in {where}; handler parameters belong under `params:`"
    )


def test_dc004_unknown_field_in_tool_has_no_params_hint() -> None:
    text = "workflow W\n  start: T\n  exit: T\n  tool T\n    command: make\n    shell: bash\n"
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DC004")
    assert diagnostic.message == "unknown field `shell` in tool `T`"
    assert diagnostic.span.text == "shell"


def test_dc004_conditional_accepts_only_common_fields() -> None:
    text = "workflow W\n  start: C\n  exit: C\n  conditional C\n    label: c\n    prompt: x\n"
    assert only(lint(text), *LOADING) == [Finding("DC004", "error", (6, 5), (6, 11), "prompt")]


def test_dc004_header_key_that_belongs_under_defaults() -> None:
    text = NODE.replace("  exit: B\n", "  exit: B\n  max_restarts: 3\n")
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DC004")
    assert diagnostic.span.text == "max_restarts"
    assert diagnostic.message.endswith("; `max_restarts` belongs under `defaults`")


def test_dc004_unknown_edge_attribute() -> None:
    text = NODE.replace("A -> B", "A -> B lable: go  colour: red")
    assert only(lint(text), *LOADING) == [
        Finding("DC004", "error", (13, 12), (13, 17), "lable"),
        Finding("DC004", "error", (13, 23), (13, 29), "colour"),
    ]
    messages = [item.message for item in run(text).diagnostics if item.code == "DC004"]
    assert messages[0] == "unknown edge attribute `lable` (did you mean `label`?)"
    assert messages[1].startswith("unknown edge attribute `colour`; edge attributes are")


def test_dc004_fork_only_fields_say_so() -> None:
    text = NODE.replace("max_turns: 5", "satisfies: ACID-1")
    findings = only(lint(text), *LOADING)
    assert [(item.code, item.start, item.text) for item in findings] == [
        ("DC004", (7, 5), "satisfies")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DC004"]
    assert item.message == (
        "`satisfies` exists only in the dippin fork (its ACID/spec extension); upstream dippin "
        "and tracker reject it, so the workflow does not load"
    )
    assert item.fix is None


def test_dc004_nested_retry_block() -> None:
    text = NODE.replace("max_turns: 5", "retry:\n      max_retries: 3")
    findings = only(lint(text), *LOADING)
    assert [(item.code, item.start, item.text) for item in findings] == [
        ("DC004", (7, 5), "retry"),
    ]


def test_dc005_edge_weight_that_is_not_an_integer() -> None:
    text = NODE.replace("A -> B", "A -> B weight: heavy")
    assert only(lint(text), *LOADING) == [Finding("DC005", "error", (13, 20), (13, 25), "heavy")]


@pytest.mark.parametrize(
    ("edge", "flagged", "column"),
    [
        ("A -> B restart: sure", "sure", 21),
        ("A -> B override: maybe", "maybe", 22),
        ("A -> B override: yes", "yes", 22),
        ("A -> B restart: True", "True", 21),
    ],
)
def test_dc005_edge_flag_that_dippin_reads_as_false(edge: str, flagged: str, column: int) -> None:
    # dippin's applyEdgeValueAttribute sets `restart`/`override` when the value is exactly
    # `true` and reads anything else as false, without a diagnostic: the file loads
    text = NODE.replace("A -> B", edge)
    assert only(lint(text), *LOADING) == [
        Finding("DC005", "warning", (13, column), (13, column + len(flagged)), flagged)
    ]
    key = edge.split()[3].rstrip(":")
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC005"]
    assert message == (
        f"dippin reads `{key}: {flagged}` as `{key}: false`: only `true` sets the flag"
    )
    workflow = run(text).workflow
    assert workflow is not None
    [edge_read] = [item for item in workflow.edges if not item.implicit]
    assert not edge_read.override and not edge_read.is_back_edge
    assert "DC012" not in codes(text)  # (no override on an agent's edge: tracker loads it)


def test_dc005_edge_values_passing_twin() -> None:
    text = NODE.replace("A -> B", "A -> B weight: 2 restart: false override: true")
    assert only(lint(text), *LOADING) == []


def test_dc006_node_field_twice_is_a_warning() -> None:
    # dippin's applyNodeField assigns each field as it reads it: the last value stays,
    # without a diagnostic, and tracker runs the file
    text = NODE.replace("max_turns: 5", "max_turns: 5\n    model: gpt-5")
    assert only(lint(text), *LOADING) == [Finding("DC006", "warning", (8, 5), (8, 10), "model")]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DC006")
    assert (
        diagnostic.message
        == "`model` is set twice in agent `A`; dippin keeps the last value (`gpt-5`)"
    )
    assert [position(item.span) for item in diagnostic.related] == [((6, 5), (6, 10))]
    workflow = run(text).workflow
    assert workflow is not None
    node = workflow.node("A")
    assert node is not None and node.value("model") == "gpt-5"  # the last one wins


@pytest.mark.parametrize(
    ("old", "new", "where", "kept", "start"),
    [
        ("exit: B", "exit: B\n  exit: A", "the workflow header", "`A`", (4, 3)),
        (
            "prompt: Do it.",
            "prompt: Do it.\n    prompt:\n      Two\n      lines",
            "agent `A`",
            "the block starting `Two`",
            (6, 5),
        ),
        (
            "ref: child.dip",
            "ref: child.dip\n    ref: ''",
            "subgraph `B`",
            "an empty value",
            (12, 5),
        ),
    ],
)
def test_dc006_field_twice_says_which_value_dippin_keeps(
    old: str, new: str, where: str, kept: str, start: tuple[int, int]
) -> None:
    text = NODE.replace(old, new)
    key = new.split("\n")[1].strip().split(":")[0]
    end = (start[0], start[1] + len(key))
    assert only(lint(text), *LOADING) == [Finding("DC006", "warning", start, end, key)]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC006"]
    assert message == f"`{key}` is set twice in {where}; dippin keeps the last value ({kept})"


def test_dc006_params_key_twice_inside_the_raw_block() -> None:
    text = NODE.replace("temperature: 0.2", "temperature: 0.2\n      temperature: 0.9")
    assert only(lint(text), *LOADING) == [
        Finding("DC006", "error", (10, 7), (10, 18), "temperature")
    ]


def test_dc006_prompt_and_prompt_file(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("A\n")
    path = tmp_path / "w.dip"
    path.write_text(NODE.replace("prompt: Do it.", "prompt: Do it.\n    prompt_file: a.md"))
    result = lint_file(str(path))
    assert only([as_finding(item) for item in result.diagnostics], *LOADING) == [
        Finding("DC006", "error", (6, 5), (6, 16), "prompt_file")
    ]
    diagnostic = next(item for item in result.diagnostics if item.code == "DC006")
    assert "`prompt` and `prompt_file` are both set" in diagnostic.message
    assert [item.span.text for item in diagnostic.related] == ["prompt"]


def test_dc006_edge_attribute_twice_is_a_warning_and_the_last_value_is_read() -> None:
    # dippin's applyEdgeStringAttribute assigns the label as it reads it: the last one stays
    text = NODE.replace("A -> B", "A -> B label: one weight: 2 label: two")
    assert only(lint(text), *LOADING) == [Finding("DC006", "warning", (13, 33), (13, 38), "label")]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC006"]
    assert message == "`label` is given twice on this edge; dippin keeps the last value (`two`)"
    workflow = run(text).workflow
    assert workflow is not None
    [edge] = [item for item in workflow.edges if not item.implicit]
    assert edge.label == "two" and edge.attr_value("weight") == "2"


def test_edge_attributes_given_once_are_clean() -> None:
    text = NODE.replace("A -> B", "A -> B label: one weight: 2")
    assert only(lint(text), *LOADING) == []


@pytest.mark.parametrize(
    ("edge", "start", "later", "raw"),
    [
        ("A -> B on fail when ctx.y = 2", 20, "when ctx.y = 2", "ctx.y = 2"),
        ("A -> B on fail on success", 20, "on success", "ctx.outcome = success"),
        ("A -> B when ctx.y = 2 label: go on fail", 37, "on fail", "ctx.outcome = fail"),
    ],
)
def test_dc006_second_condition_on_an_edge_is_a_warning_and_the_last_one_is_read(
    edge: str, start: int, later: str, raw: str
) -> None:
    # dippin's applyEdgeAttribute sets the condition for each `when`/`on` it reads (the
    # last one stays, without a diagnostic): tracker tests that one
    text = NODE.replace("A -> B", edge)
    assert only(lint(text), *LOADING) == [
        Finding("DC006", "warning", (13, start), (13, start + len(later)), later)
    ]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC006"]
    assert message == (
        f"this edge already has a condition; dippin keeps the last one (`{later}`), and "
        "tracker tests only it"
    )
    workflow = run(text).workflow
    assert workflow is not None
    [edge_read] = [item for item in workflow.edges if not item.implicit]
    assert edge_read.condition is not None and edge_read.condition.raw == raw


def test_second_on_for_a_source_declared_later_is_dropped_and_the_first_condition_stays() -> None:
    # dippin drops an `on` whose source node it has not read yet (applyOnAttribute), so the
    # earlier `when` stays: no DC006, the `on` gets the DC001 warning
    text = template(
        """
        workflow W
          start: A
          exit: B
          edges
            A -> B when ctx.y = 2 label: go on fail
          agent A
            prompt: Do it.
          agent B
            prompt: Done.
        """
    )
    assert only(lint(text), *LOADING) == [Finding("DC001", "warning", (5, 37), (5, 44), "on fail")]
    workflow = run(text).workflow
    assert workflow is not None
    [edge_read] = [item for item in workflow.edges if not item.implicit]
    assert edge_read.condition is not None and edge_read.condition.raw == "ctx.y = 2"


def test_one_condition_on_an_edge_is_clean() -> None:
    text = NODE.replace("A -> B", "A -> B on fail label: go")
    assert only(lint(text), *LOADING) == []


def test_dc009_runtime_attribute_name_with_safe_fix() -> None:
    text = NODE.replace("model: claude-sonnet-4-6", "llm_model: claude-sonnet-4-6")
    assert only(lint(text), *LOADING) == [Finding("DC009", "error", (6, 5), (6, 14), "llm_model")]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DC009")
    assert "write `model:`" in diagnostic.message
    assert diagnostic.fix is not None and diagnostic.fix.safe
    assert [(edit.span.text, edit.text) for edit in diagnostic.fix.edits] == [
        ("llm_model", "model")
    ]


def test_yaml_block_scalar_is_dc001_and_the_block_is_still_read() -> None:
    text = NODE.replace("prompt: Do it.", "prompt: |\n      Do it.")
    assert only(lint(text), *LOADING) == [Finding("DC001", "error", (5, 13), (5, 14), "|")]
    workflow = run(text).workflow
    assert workflow is not None
    node = workflow.node("A")
    assert node is not None and node.value("prompt") == "Do it."


# -- edges -----------------------------------------------------------------------------------


def test_edges_with_every_attribute() -> None:
    workflow = load(
        """
        workflow W
          start: A
          exit: D
          agent A
            prompt: a
          tool T
            command: check
            marker_grep: ^RESULT=
          human H
            prompt: Continue?
          agent D
            label: D
          edges
            A -> T  when ctx.outcome = success and ctx.reason = override  label: "Go now"
            A -> H  on fail  weight: 2
            T -> H  on broken
            T -> D  on ok  restart: false
            H -> A  label: 'retry it''s'  choice: retry  loop
            H -> D  choice: done  override: true  restart: true
            else -> D
        """
    )
    edges = [edge for edge in workflow.edges if not edge.implicit]
    summary = [
        (
            edge.source.value,
            edge.target.value,
            edge.condition.raw if edge.condition else None,
            [(a.key, a.value.value if a.value else None) for a in edge.attrs],
        )
        for edge in edges
    ]
    assert summary == [
        (
            "A",
            "T",
            "ctx.outcome = success and ctx.reason = override",
            [("label", "Go now")],
        ),
        ("A", "H", "ctx.outcome = fail", [("weight", "2")]),
        ("T", "H", "ctx.tool_marker = broken", []),
        ("T", "D", "ctx.tool_marker = ok", [("restart", "false")]),
        ("H", "A", None, [("label", "retry it's"), ("choice", "retry"), ("loop", None)]),
        ("H", "D", None, [("choice", "done"), ("override", "true"), ("restart", "true")]),
    ]
    first = edges[0]
    assert first.condition is not None
    assert first.condition.span.text == "ctx.outcome = success and ctx.reason = override"
    assert first.source.span.text == "A" and position(first.source.span) == ((14, 5), (14, 6))
    assert first.span.text == (
        'A -> T  when ctx.outcome = success and ctx.reason = override  label: "Go now"'
    )
    shorthand = edges[1].condition
    assert shorthand is not None and shorthand.shorthand
    assert shorthand.span.text == "on fail"  # the condition has no text of its own
    assert edges[4].is_back_edge and edges[5].is_back_edge and not edges[0].is_back_edge
    assert edges[5].override and not edges[4].override
    assert edges[4].label == "retry it's" and edges[4].choice == "retry"
    assert workflow.else_target is not None and workflow.else_target.value == "D"
    assert workflow.else_span is not None and workflow.else_span.text == "else -> D"


def test_on_shorthand_needs_an_outcome_channel() -> None:
    text = template(
        """
        workflow W
          start: H
          exit: T
          human H
            prompt: ok?
          tool T
            command: make
          edges
            H -> T  on yes
            T -> H  on ok
        """
    )
    findings = only(lint(text), *LOADING)
    assert findings == [
        Finding("DC001", "error", (9, 13), (9, 19), "on yes"),
        Finding("DC001", "error", (10, 13), (10, 18), "on ok"),
    ]


@pytest.mark.parametrize("kind", ["agent", "human"])
def test_on_from_a_node_declared_after_the_edges_is_dropped(kind: str) -> None:
    # dippin's applyOnAttribute finds no source among the nodes read so far and drops the
    # shorthand silently: the edge is unconditional (for an agent source too)
    text = dedent(
        f"""
        workflow W
          start: S
          exit: E
          agent S
            label: s
          edges
            S -> H
            H -> E on approved
          {kind} H
            label: h
          agent E
            label: e
        """
    )
    assert only(lint(text), *LOADING) == [
        Finding("DC001", "warning", (8, 12), (8, 23), "on approved")
    ]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC001"]
    assert message == (
        f"dippin drops `on approved`: {kind} `H` is declared after this edge, and dippin "
        "resolves `on` while it reads the edge, so the edge is unconditional — declare `H` "
        "above the edges block"
    )
    workflow = run(text).workflow
    assert workflow is not None
    assert [edge.condition for edge in workflow.edges if edge.source.value == "H"] == [None]


def test_on_from_a_node_declared_before_the_edges_is_resolved() -> None:
    text = NODE.replace("A -> B", "A -> B on approved")
    assert only(lint(text), *LOADING) == []
    workflow = run(text).workflow
    assert workflow is not None
    [edge] = [item for item in workflow.edges if not item.implicit]
    assert edge.condition is not None and edge.condition.raw == "ctx.outcome = approved"


def test_second_else_is_dc001() -> None:
    text = NODE + "    else -> B\n    else -> A\n"
    assert only(lint(text), *LOADING) == [Finding("DC001", "error", (15, 5), (15, 14), "else -> A")]


@pytest.mark.parametrize(
    ("tail", "end"),
    [("now", 18), ("when ctx.x = 1", 29), ('label: "a b"', 27)],
)
def test_words_after_the_else_target_are_a_warning(tail: str, end: int) -> None:
    # dippin's parseElseDefault reads the target, then discards the rest of the line
    text = NODE + f"    else -> B {tail}\n"
    assert only(lint(text), *LOADING) == [Finding("DC001", "warning", (14, 15), (14, end), tail)]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC001"]
    assert message == f"dippin ignores `{tail}`: `else -> B` takes nothing after its target"
    workflow = run(text).workflow
    assert workflow is not None and workflow.else_target is not None
    assert workflow.else_target.value == "B"


def test_else_with_a_comment_after_its_target_is_clean() -> None:
    text = NODE + "    else -> B  # the default\n"
    assert only(lint(text), *LOADING) == []


@pytest.mark.parametrize("edge", ["A -> B when", "A -> B when label: go"])
def test_when_without_a_condition_is_a_warning(edge: str) -> None:
    # dippin's readConditionRaw returns "" (no error); tracker tests no condition
    text = NODE.replace("A -> B", edge)
    assert only(lint(text), *LOADING) == [Finding("DC001", "warning", (13, 12), (13, 16), "when")]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC001"]
    assert message == (
        "`when` without a condition: dippin reads an empty condition, and tracker takes the "
        "edge unconditionally"
    )
    workflow = run(text).workflow
    assert workflow is not None
    [edge_read] = [item for item in workflow.edges if not item.implicit]
    assert edge_read.condition is None and not edge_read.conditional


@pytest.mark.parametrize(
    ("section", "after"),
    [("defaults", "  agent S"), ("vars", "  agent S"), ("inputs", "  agent S"), ("defaults", "")],
)
def test_a_section_with_no_field_is_refused(section: str, after: str) -> None:
    # dippin's parseDefaults/parseVars/parseInputs expect a newline and an indent after the
    # keyword (parser.go `expect` records a parse error); an empty one passed
    body = "  agent S\n    prompt: s\n"
    text = f"workflow W\n  start: S\n  exit: S\n{body if not after else ''}  {section}\n"
    text += body if after else ""
    line = 6 if not after else 4
    assert only(lint(text), *LOADING) == [
        Finding("DC001", "error", (line, 3), (line, 3 + len(section)), section)
    ]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC001"]
    assert message.startswith(f"`{section}` has no field under it: dippin expects")
    # the twin: with a field (or a comment and a field) below it
    field = {"defaults": "model: gpt-5.2", "vars": "mode: fast", "inputs": "topic: string"}
    filled = text.replace(f"  {section}\n", f"  {section}\n    # one\n    {field[section]}\n")
    assert only(lint(filled), *LOADING) == []


DIP2 = dedent(
    """
    dip 2

    workflow W
      start: Fan
      exit: Join
      parallel Fan -> A, B
      agent A
        prompt: a
        fallback_target: B
      agent B
        prompt: b
      fan_in Join <- A, B
      subgraph C
        ref: child.dip
        params:
          x: 1
      edges
        Fan -> A
        A -> Join
        B -> Join  label: done
        Join -> C
    """
)


def test_what_dip_2_refuses() -> None:
    # dippin-language.md, dip 2 differences: a node's `fallback_target`, a subgraph's
    # `params:` and an edge repeating a parallel/fan_in list (parser.go
    # rejectRedundantFanEdgesUnderV2) are refused under `dip 2`; all passed
    assert only(lint(DIP2), *LOADING) == [
        Finding("DC004", "error", (9, 5), (9, 20), "fallback_target"),
        Finding("DC004", "error", (15, 5), (15, 11), "params"),
        Finding("DC001", "error", (18, 5), (18, 13), "Fan -> A"),
        Finding("DC001", "error", (19, 5), (19, 14), "A -> Join"),
    ]
    messages = [item.message for item in run(DIP2).diagnostics if item.code == "DC001"]
    assert messages[0] == (
        "edge Fan -> A repeats parallel `Fan`'s list, which is the only place for it in dip 2: "
        "dippin refuses the file (`dippin fmt` removes the edge)"
    )
    # the twins: the same file in dip 1 (DIP153 says it there, off by default), and dip 2
    # spelled as dip 2 wants it (an edge with a label of its own is real routing)
    dip1 = DIP2.replace("dip 2\n\n", "")
    assert only(lint(dip1), *LOADING) == []
    assert [
        item.code
        for item in run(
            dip1, config=parse_config({"extend-select": ["DIP153"]}, "dipcheck.toml")
        ).diagnostics
        if item.code == "DIP153"
    ] == ["DIP153", "DIP153"]
    spelled = (
        DIP2.replace("fallback_target", "fallback_retry_target")
        .replace("    params:\n      x: 1\n", "")
        .replace("    Fan -> A\n    A -> Join\n", "")
    )
    assert only(lint(spelled), *LOADING) == []


def test_loop_with_a_value_is_refused() -> None:
    # dippin's applyLoopAttribute refuses `loop: true` ("`loop` takes no value"); it passed
    text = NODE.replace("A -> B", "A -> B when ctx.outcome = fail loop: true")
    assert only(lint(text), *LOADING) == [
        Finding("DC001", "error", (13, 36), (13, 46), "loop: true")
    ]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC001"]
    assert message == "`loop` takes no value: dippin refuses `loop: true`; write `loop` alone"
    workflow = run(text).workflow
    assert workflow is not None  # (read as the flag it was meant to be: no follow-on finding)
    [edge_read] = [item for item in workflow.edges if not item.implicit]
    assert edge_read.attr("loop") is not None and edge_read.condition is not None
    # the twin: the bare flag
    bare = NODE.replace("A -> B", "A -> B when ctx.outcome = fail loop")
    assert only(lint(bare), *LOADING) == []


def test_when_with_a_condition_is_clean() -> None:
    text = NODE.replace("A -> B", "A -> B when ctx.outcome = success label: go")
    assert only(lint(text), *LOADING) == []


@pytest.mark.parametrize(
    ("edge", "skipped", "start", "read"),
    [
        ("A -> B weight: -1", "-", 16, "weight: 1"),
        ("A -> B weight: - -2", "- -", 16, "weight: 2"),
        ("A -> B label: @go", "@", 15, "label: go"),
    ],
)
def test_characters_dippin_skips_before_an_edge_value_are_a_warning(
    edge: str, skipped: str, start: int, read: str
) -> None:
    # dippin's lexer starts no token with `-` or `@` (lexOneToken steps over them), so
    # `weight: -1` reads as `weight: 1`; no other finding follows
    text = NODE.replace("A -> B", edge)
    assert only(lint(text), *LOADING) == [
        Finding("DC001", "warning", (13, start + 4), (13, start + 4 + len(skipped)), skipped)
    ]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC001"]
    assert message == f"dippin's lexer skips `{skipped}` here: it reads `{read}`"
    workflow = run(text).workflow
    assert workflow is not None
    [edge_read] = [item for item in workflow.edges if not item.implicit]
    key, value = read.split(": ")
    assert edge_read.attr_value(key) == value


def test_edge_value_without_skipped_characters_is_clean() -> None:
    text = NODE.replace("A -> B", "A -> B weight: 1 label: go")
    assert only(lint(text), *LOADING) == []


def test_multi_word_label_is_dc001_on_the_dropped_words() -> None:
    text = NODE.replace("A -> B", "A -> B label: Ship it now")
    assert only(lint(text), *LOADING) == [Finding("DC001", "error", (13, 24), (13, 30), "it now")]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DC001")
    assert 'quote a value with spaces: `label: "Ship it now"`' in diagnostic.message


# -- comments, strings, raw blocks, stylesheet -------------------------------------------------


def test_comments_full_line_trailing_inside_quotes_and_raw_blocks() -> None:
    workflow = load(
        """
        # a full-line comment before the workflow
        workflow W  # trailing on the declaration
          start: A  # trailing after a value
          exit: T
            # an indented comment line never changes the indentation
          agent A
            label: a#b
            prompt: "a # inside double quotes"
            system_prompt: 'b # inside single quotes'  # and a real one
            model: plain  # stripped
          tool T
            command:
              # a shell comment is content
              grep -c '#' notes.md  # so is this
          edges
            A -> T  # trailing on an edge
        """
    )
    assert workflow.start == "A"
    node = workflow.node("A")
    assert node is not None
    assert node.value("label") == "a#b"
    assert node.value("prompt") == "a # inside double quotes"
    assert node.value("system_prompt") == "b # inside single quotes"
    assert node.value("model") == "plain"
    tool = workflow.node("T")
    assert tool is not None
    assert tool.value("command") == (
        "# a shell comment is content\ngrep -c '#' notes.md  # so is this"
    )
    edge = workflow.edges[0]
    assert edge.span.text == "A -> T"


@pytest.mark.parametrize(
    ("written", "value"),
    [
        (r'"say \"hi\""', 'say "hi"'),
        (r'"back\\slash"', "back\\slash"),
        (r'"keep \n as is"', r"keep \n as is"),
        ("'it''s'", "it's"),
        (r"'no \escapes'", r"no \escapes"),
        ("''", ""),
        ('"unbalanced', '"unbalanced'),
        ('"quoted # x" # comment', '"quoted # x" # comment'),  # dippin keeps both
    ],
)
def test_quoted_single_line_values(written: str, value: str) -> None:
    workflow = load(f"workflow W\n  start: A\n  exit: A\n  agent A\n    label: {written}\n")
    node = workflow.node("A")
    assert node is not None
    label = node.get("label")
    assert label is not None
    assert label.text == value
    assert label.value_span.text == written


def test_raw_block_keeps_relative_indentation_blank_lines_and_maps_every_line() -> None:
    text = dedent(
        """
        workflow W
          start: A
          exit: A
          agent A
            prompt:
                Four deeper.
              Two deeper: ${ctx.x}

              After a blank line.\t

            label: A
        """
    )
    workflow = load(text)
    node = workflow.node("A")
    assert node is not None
    prompt = node.get("prompt")
    assert prompt is not None and prompt.block
    # the baseline is the first content line's indent; at most that much is removed
    assert prompt.text == "Four deeper.\nTwo deeper: ${ctx.x}\n\nAfter a blank line."
    assert prompt.value_span.text == (
        "Four deeper.\n      Two deeper: ${ctx.x}\n\n      After a blank line."
    )
    index = prompt.text.index("${ctx.x}")
    span = prompt.value.span(index, index + len("${ctx.x}"))
    assert span.text == "${ctx.x}"
    assert position(span) == ((7, 19), (7, 27))
    index = prompt.text.index("After")
    assert position(prompt.value.span(index, index + 5)) == ((9, 7), (9, 12))


def test_empty_key_without_a_block_is_an_empty_value() -> None:
    workflow = load("workflow W\n  start: A\n  exit: A\n  agent A\n    prompt:\n    label: A\n")
    node = workflow.node("A")
    assert node is not None
    prompt = node.get("prompt")
    assert prompt is not None and prompt.text == "" and not prompt.block
    assert prompt.value_span.start == prompt.value_span.end
    assert position(prompt.value_span) == ((5, 12), (5, 12))


def test_stylesheet_block() -> None:
    workflow = load(
        """
        workflow W
          start: A
          exit: A
          agent A
            class: fast
            label: A
          stylesheet:
            *
              model: claude-sonnet-4-6
            .fast
              model: claude-haiku-4-5
            #A
              reasoning_effort: high
          edges
            A -> A  loop
        """
    )
    assert workflow.stylesheet is not None
    assert workflow.stylesheet.text == (
        "*\n  model: claude-sonnet-4-6\n.fast\n  model: claude-haiku-4-5\n"
        "#A\n  reasoning_effort: high"
    )
    assert position(workflow.stylesheet.value_span)[0] == (8, 5)


def test_keywords_are_contextual() -> None:
    workflow = load(
        """
        workflow W
          start: agent
          exit: edges
          agent agent
            label: agent
          agent edges
            label: edges
          edges
            agent -> edges
        """
    )
    assert [node.id for node in workflow.nodes] == ["agent", "edges"]
    assert [(e.source.value, e.target.value) for e in workflow.edges] == [("agent", "edges")]


def test_crlf_line_endings() -> None:
    text = "workflow W\r\n  start: A\r\n  exit: A\r\n  agent A\r\n    prompt:\r\n"
    text += "      Use ${ctx.x}\r\n      here.\r\n"
    workflow = load(text)
    node = workflow.node("A")
    assert node is not None and node.value("prompt") == "Use ${ctx.x}\nhere."
    (reference,) = workflow.references
    assert reference.span.text == "${ctx.x}"
    assert position(reference.span) == ((6, 11), (6, 19))


def test_a_branch_target_keeps_the_underscores_after_its_first_letter() -> None:
    # dippin's lexer skips only what comes before the first letter or digit: `branch: _a_b`
    # names `a_b` (every `_` of it was removed: `ab`)
    text = dedent(
        """
        workflow W
          start: P
          exit: J
          parallel P
            branch: _a_b
            branch: c
          agent a_b
            prompt: a
          agent c
            prompt: c
          fan_in J <- a_b, c
        """
    )
    assert only(lint(text), *LOADING) == [Finding("DC001", "warning", (5, 13), (5, 17), "_a_b")]
    workflow = run(text).workflow
    assert workflow is not None
    node = workflow.node("P")
    assert node is not None
    assert [branch.target.value for branch in node.branches] == ["a_b", "c"]


UNDERSCORE = template(
    """
    workflow W
      start: _S
      exit: E
      agent _S
        prompt: s
      parallel P -> _A, B
      agent _A
        prompt: a
      agent B
        prompt: b
      fan_in J <- A, B
      agent E
        prompt: e
      edges
        _S -> P
        J -> E
    """
)


def test_node_name_starting_with_underscore_is_read_as_dippin_reads_it() -> None:
    # dippin's lexer starts an identifier with a letter or a digit (tryLexIdentifier) and
    # steps over `_` (lexOneToken): `agent _S` declares `S`, `_S -> P` is `S -> P`, while
    # `start: _S` is read as raw text and names no node (an error: DIP001)
    result = run(UNDERSCORE)
    assert only(lint(UNDERSCORE), *LOADING) == [
        Finding("DC001", "warning", (4, 9), (4, 11), "_S"),
        Finding("DC001", "warning", (6, 17), (6, 19), "_A"),
        Finding("DC001", "warning", (7, 9), (7, 11), "_A"),
        Finding("DC001", "warning", (15, 5), (15, 7), "_S"),
    ]
    messages = [item.message for item in result.diagnostics if item.code == "DC001"]
    assert messages[0] == (
        "dippin reads `_S` as `S` (its lexer skips what comes before a letter or a digit: a "
        "name starts with one); the node is `S`, and a field naming `_S` (start, exit, a retry "
        "or restart target) names no node"
    )
    assert messages[1] == (
        "dippin reads `_A` as `A` (its lexer skips what comes before a letter or a digit: a "
        "name starts with one); this names node `A`"
    )
    assert [(item.code, item.severity.label) for item in result.diagnostics][:1] == [
        ("DIP001", "error")
    ]
    workflow = result.workflow
    assert workflow is not None
    assert [node.id for node in workflow.nodes] == ["S", "P", "A", "B", "J", "E"]
    assert [(edge.source.value, edge.target.value) for edge in workflow.edges][:2] == [
        ("S", "P"),
        ("J", "E"),
    ]


def test_underscore_inside_a_node_name_is_clean() -> None:
    text = UNDERSCORE.replace("_S", "S_1").replace("_A", "A_1").replace("J <- A,", "J <- A_1,")
    assert only(lint(text), *LOADING) == []
    assert "DIP001" not in codes(text)


FIELD_NAMES = template(
    """
    workflow W
      start: A
      exit: A
      agent A
        _model: gpt-5
        _prompt:
          Plan the work.
        __x: 1
    """
)


def test_field_name_starting_with_underscore_is_read_as_dippin_reads_it() -> None:
    # the same lexer reads a field line's key: `_model:` is the field `model` (dippin reads
    # the file), where it was an unknown field, an error; `__x:` is `x`, which dippin does
    # not know (an error still). (The entries of a `params:` block are read from its text,
    # as before: how dippin reads a `_` there is not established.)
    result = run(FIELD_NAMES)
    assert only(lint(FIELD_NAMES), *LOADING) == [
        Finding("DC001", "warning", (5, 5), (5, 11), "_model"),
        Finding("DC001", "warning", (6, 5), (6, 12), "_prompt"),
        Finding("DC001", "warning", (8, 5), (8, 8), "__x"),
        Finding("DC004", "error", (8, 5), (8, 8), "__x"),
    ]
    assert next(item.message for item in result.diagnostics if item.code == "DC001") == (
        "dippin reads the field name `_model` as `model` (its lexer skips what comes before a "
        "letter or a digit: a name starts with one)"
    )
    workflow = result.workflow
    assert workflow is not None
    [node] = workflow.nodes
    assert [item.key for item in node.fields] == ["model", "prompt", "x"]
    assert [item.value.value for item in node.fields] == ["gpt-5", "Plan the work.", "1"]
    assert [item.key_span.text for item in node.fields] == ["_model", "_prompt", "__x"]
    # the language server's re-lint of the same text (dip_relex) reads it the same way
    assert only(lint(FIELD_NAMES), *LOADING) == only(lint(FIELD_NAMES), *LOADING)


def test_underscore_inside_a_field_name_is_clean() -> None:
    text = FIELD_NAMES.replace("_model", "model").replace("_prompt", "prompt")
    text = text.replace("__x: 1", "max_retries: 1")
    assert only(lint(text), *LOADING) == []


PARALLEL_BLOCK = template(
    """
    workflow W
      start: S
      exit: E
      agent S
        prompt: s
      parallel P
        model: gpt-5
        branch: A
        branch: B
      agent A
        prompt: a
      agent B
        prompt: b
      fan_in J <- A, B
      agent E
        prompt: e
      edges
        S -> P
        J -> E
    """
)


@pytest.mark.parametrize("line", ["model: gpt-5", "label: x", 'label: "the branch"', "label:"])
def test_stray_field_in_a_block_form_parallel_is_a_warning_and_dropped(line: str) -> None:
    # dippin's parseParallelBodyLine reads `branch` and `params` and steps over every other
    # token without a diagnostic: the field is lost, the file runs
    text = PARALLEL_BLOCK.replace("model: gpt-5", line)
    key = line.split(":")[0]
    assert only(lint(text), *LOADING) == [
        Finding("DC004", "warning", (7, 5), (7, 5 + len(key)), key)
    ]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC004"]
    assert message == (
        f"dippin ignores `{key}` in block-form parallel `P`: it reads only `branch:` and "
        "`params:` lines there and drops the rest without a word"
    )
    workflow = run(text).workflow
    assert workflow is not None
    node = workflow.node("P")
    assert node is not None and node.get(key) is None
    assert [branch.target.value for branch in node.branches] == ["A", "B"]


def test_stray_field_whose_value_holds_the_word_branch_is_an_error() -> None:
    text = PARALLEL_BLOCK.replace("model: gpt-5", "label: one branch")
    assert only(lint(text), *LOADING) == [Finding("DC004", "error", (7, 5), (7, 10), "label")]
    [message] = [item.message for item in run(text).diagnostics if item.code == "DC004"]
    assert message == (
        "`label` in block-form parallel `P`: dippin reads only `branch:` and `params:` lines "
        "there and steps over the rest word by word, so it reads the word `branch` in its value "
        "as a `branch:` line (and refuses it without a colon after it)"
    )


def test_block_form_parallel_with_params_is_clean() -> None:
    text = PARALLEL_BLOCK.replace("model: gpt-5", "params:\n      fan_in_policy: all")
    assert only(lint(text), *LOADING) == []
    workflow = run(text).workflow
    assert workflow is not None
    node = workflow.node("P")
    assert node is not None and node.get("params") is not None
