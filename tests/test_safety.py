"""Tool-command safety and writes: DC201-DC206 and DIP157, each with its exact range and a
passing twin."""

from __future__ import annotations

from pathlib import Path

from helpers import Finding, lint, only, run, template

BASE = template(
    """
    workflow Safe
      start: Plan
      exit: Done
      inputs
        spec: file
        token: secret
      vars
        branch: main
      agent Plan
        prompt: Plan the change.
        writes: plan_file
      tool Apply
        timeout: 1m
        command:
          echo "applying on ${params.branch} for ${graph.goal}"
          git status
      agent Done
        label: Done
      edges
        Plan -> Apply
        Apply -> Done
    """
)


def messages(text: str, code: str) -> list[str]:
    return [item.message for item in run(text).diagnostics if item.code == code]


def test_base_is_clean() -> None:
    assert only(lint(BASE), "DC201", "DC202", "DC203", "DC204", "DC205", "DC206", "DIP157") == []


# -- DC201 ---------------------------------------------------------------------------------


def test_dc201_llm_output_in_a_command() -> None:
    text = BASE.replace("      git status", '      git commit -m "${ctx.last_response}"')
    assert only(lint(text), "DC201") == [
        Finding("DC201", "error", (16, 22), (16, 42), "${ctx.last_response}")
    ]
    assert messages(text, "DC201")[0].startswith(
        "tool `Apply` interpolates `${ctx.last_response}` into its shell command: "
        "`last_response` is not one of the keys tracker allows there"
    )


def test_dc201_scoped_and_graph_keys_in_the_ctx_namespace_are_blocked() -> None:
    text = BASE.replace("      git status", "      echo ${ctx.node.Plan.outcome} ${ctx.graph.goal}")
    findings = only(lint(text), "DC201")
    assert [item.text for item in findings] == ["${ctx.node.Plan.outcome}", "${ctx.graph.goal}"]


def test_dc201_twin_safe_keys_and_namespaces() -> None:
    text = BASE.replace("      git status", "      echo ${ctx.human_response} ${params.branch}")
    assert only(lint(text), "DC201") == []


def test_dc201_in_a_command_file(tmp_path: Path) -> None:
    (tmp_path / "apply.sh").write_text("set -eu\nprintf '%s' \"${ctx.tool_stdout}\"\n")
    inline = '      echo "applying on ${params.branch} for ${graph.goal}"\n      git status'
    text = BASE.replace("    command:\n" + inline, "    command_file: apply.sh")
    result = run(text, str(tmp_path / "safe.dip"))
    [item] = [item for item in result.diagnostics if item.code == "DC201"]
    assert item.span.path.endswith("apply.sh")
    assert item.span.text == "${ctx.tool_stdout}"
    assert item.span.start_position() == (1, 13)  # 0-based: line 2, column 14


def test_dc201_key_nobody_writes_is_dc102_only() -> None:
    # nothing writes `plan_summary`, so it is unset at run time and expands to "" (no safety
    # failure, §2.1); DC102 owns the span, DC201 stays quiet
    text = BASE.replace("      git status", '      echo "${ctx.plan_summary}"')
    assert only(lint(text), "DC201", "DC102") == [
        Finding("DC102", "warning", (16, 13), (16, 32), "${ctx.plan_summary}")
    ]
    assert messages(text, "DC102") == [
        "`Apply` reads context key `plan_summary` in its `command`, but no node in this "
        "workflow writes it, so it expands to an empty string; a node that wrote it would not "
        "help: tracker fails the run when a tool command's `${ctx.plan_summary}` holds a value "
        "(only human_response, interview_answers, outcome, preferred_label may be interpolated "
        "there). Write the value to a file in an earlier node and read the file in the command"
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DC102"]
    assert item.fix is None  # renaming it to a key a node writes would break the command
    written = BASE.replace("      git status", '      echo "${ctx.plan_file}"')
    assert only(lint(written), "DC201", "DC102") == [
        Finding("DC201", "error", (16, 13), (16, 29), "${ctx.plan_file}")
    ]


# -- DIP157 --------------------------------------------------------------------------------


def test_dip157_inputs_in_a_command() -> None:
    text = BASE.replace("      git status", "      cp ${inputs.spec} SPEC.md")
    assert only(lint(text), "DIP157") == [
        Finding("DIP157", "error", (16, 10), (16, 24), "${inputs.spec}")
    ]
    assert "staged at `.tracker/inputs/spec`" in messages(text, "DIP157")[0]


def test_dip157_secret_gets_the_sharper_message() -> None:
    text = BASE.replace("      git status", '      curl -H "Authorization: ${inputs.token}" x')
    assert "it is a secret" in messages(text, "DIP157")[0]


def test_dip157_twin_reads_the_staged_path() -> None:
    text = BASE.replace("      git status", "      cp .tracker/inputs/spec SPEC.md")
    assert only(lint(text), "DIP157") == []


# -- DC202 ---------------------------------------------------------------------------------


def test_dc202_outcome_in_a_prompt_is_always_empty() -> None:
    text = BASE.replace("    prompt: Plan the change.", "    prompt: Last outcome: ${ctx.outcome}")
    assert only(lint(text), "DC202") == [
        Finding("DC202", "warning", (10, 27), (10, 41), "${ctx.outcome}")
    ]


def test_dc202_preferred_label_in_a_command() -> None:
    text = BASE.replace("      git status", "      echo ${ctx.preferred_label}")
    findings = only(lint(text), "DC202", "DC201")
    assert findings == [Finding("DC202", "warning", (16, 12), (16, 34), "${ctx.preferred_label}")]


def test_dc202_twin_outcome_in_a_condition() -> None:
    text = BASE.replace("    Plan -> Apply\n", "    Plan -> Apply  when ctx.outcome = success\n")
    assert only(lint(text), "DC202") == []


# -- DC203 ---------------------------------------------------------------------------------


def test_dc203_reserved_writes_key() -> None:
    text = BASE.replace("    writes: plan_file", "    writes: plan_file, outcome")
    assert only(lint(text), "DC203") == [Finding("DC203", "error", (11, 24), (11, 31), "outcome")]


def test_dc203_inputs_namespace_and_answers_key() -> None:
    text = BASE.replace("    writes: plan_file", "    writes: inputs.spec").replace(
        "  agent Done\n",
        "  human Ask\n    mode: interview\n    answers_key: human_response\n  agent Done\n",
    )
    findings = only(lint(text), "DC203")
    assert [item.text for item in findings] == ["inputs.spec", "human_response"]


def test_dc203_only_where_writes_are_applied() -> None:
    gate = "  human Ask\n    mode: {mode}\n    writes: human_response\n  agent Done\n"
    freeform = BASE.replace("  agent Done\n", gate.format(mode="freeform"))
    assert only(lint(freeform), "DC203") == []  # never applied, so never refused: DC205's
    assert only(lint(freeform), "DC205") == [Finding("DC205", "info", (19, 5), (19, 11), "writes")]
    assert messages(freeform, "DC205") == [
        "`writes:` on `Ask` is ignored at run time: human gates apply `writes:` only in "
        "`mode: interview` (this one is `freeform`); the node sets `human_response` itself, so "
        "the declaration only documents it"
    ]
    interview = BASE.replace("  agent Done\n", gate.format(mode="interview"))
    assert only(lint(interview), "DC203") == [
        Finding("DC203", "error", (19, 13), (19, 27), "human_response")
    ]


def test_dc203_twin_default_answers_key_and_plain_key() -> None:
    text = BASE.replace(
        "  agent Done\n",
        "  human Ask\n    mode: interview\n    answers_key: interview_answers\n  agent Done\n",
    )
    assert only(lint(text), "DC203") == []


# -- DC204 ---------------------------------------------------------------------------------


def test_dc204_trusted_namespace_is_a_warning() -> None:
    text = BASE.replace("    writes: plan_file", "    writes: internal.plan")
    assert only(lint(text), "DC204") == [
        Finding("DC204", "warning", (11, 13), (11, 26), "internal.plan")
    ]


def test_dc204_agent_output_reaching_a_shell_is_an_error() -> None:
    text = BASE.replace("    writes: plan_file", "    writes: graph.params.branch")
    [item] = [item for item in run(text).diagnostics if item.code == "DC204"]
    assert (item.severity.label, item.span.text) == ("error", "graph.params.branch")
    assert item.message.startswith("agent `Plan` writes `graph.params.branch`, and tool command(s)")
    assert [related.span.text for related in item.related] == ["${params.branch}"]


def test_dc204_twin_plain_key() -> None:
    text = BASE.replace("    writes: plan_file", "    writes: branch_name")
    assert only(lint(text), "DC204") == []


# -- DC205 ---------------------------------------------------------------------------------


def test_dc205_writes_on_a_choice_gate() -> None:
    text = BASE.replace(
        "  agent Done\n", "  human Ask\n    mode: choice\n    writes: decision\n  agent Done\n"
    )
    assert only(lint(text), "DC205") == [Finding("DC205", "warning", (19, 5), (19, 11), "writes")]
    assert "only in `mode: interview`" in messages(text, "DC205")[0]


def test_dc205_writes_on_passthrough_exit() -> None:
    text = BASE.replace("    label: Done", "    label: Done\n    writes: summary")
    assert only(lint(text), "DC205") == [Finding("DC205", "warning", (19, 5), (19, 11), "writes")]
    assert "passthrough `exit` handler" in messages(text, "DC205")[0]


def test_dc205_twin_interview_applies_writes() -> None:
    text = BASE.replace(
        "  agent Done\n", "  human Ask\n    mode: interview\n    writes: decision\n  agent Done\n"
    )
    assert only(lint(text), "DC205") == []


# -- DC206 ---------------------------------------------------------------------------------

PARALLEL = template(
    """
    workflow Par
      start: Fork
      exit: Done
      parallel Fork -> A, B
      agent A
        prompt: Review A.
        writes: verdict
      agent B
        prompt: Review B.
        writes: notes, verdict
      fan_in Join <- A, B
      agent Done
        label: Done
      edges
        Join -> Done
    """
)


def test_dc206_two_branches_write_the_same_key() -> None:
    assert only(lint(PARALLEL), "DC206") == [
        Finding("DC206", "warning", (10, 20), (10, 27), "verdict")
    ]
    [item] = [item for item in run(PARALLEL).diagnostics if item.code == "DC206"]
    assert [(related.span.text, related.message) for related in item.related] == [
        ("verdict", "`A` writes it here")
    ]


def test_dc206_twin_distinct_keys() -> None:
    text = PARALLEL.replace("writes: notes, verdict", "writes: notes, verdict_b")
    assert only(lint(text), "DC206") == []


# -- DC215 ---------------------------------------------------------------------------------

GATE_THEN_TOOL = template(
    """
    workflow Goal
      start: Ask
      exit: Done
      human Ask
        label: What should be reviewed?
        mode: freeform
      tool Save
        timeout: 1m
        command:
          printf '%s\\n' "${ctx.human_response}" > goal.txt
      agent Done
        label: Done
      edges
        Ask -> Save
        Save -> Done
    """
)


def test_dc215_freeform_text_pasted_into_a_command() -> None:
    text = GATE_THEN_TOOL
    assert only(lint(text), "DC215") == [
        Finding("DC215", "warning", (10, 22), (10, 43), "${ctx.human_response}")
    ]
    assert messages(text, "DC215") == [
        "tool `Save` pastes `${ctx.human_response}` into its shell command: after the "
        "`freeform` gate `Ask` it holds text a person typed, and tracker inserts it before "
        "the shell parses the command, so a quote in it breaks the command and `$(...)` or a "
        "backtick runs"
    ]


def test_dc215_interview_answers_in_a_command() -> None:
    text = GATE_THEN_TOOL.replace("mode: freeform", "mode: interview").replace(
        "${ctx.human_response}", "${ctx.interview_answers}"
    )
    assert only(lint(text), "DC215") == [
        Finding("DC215", "warning", (10, 22), (10, 46), "${ctx.interview_answers}")
    ]


def test_dc215_passing_twin_choice_gate_sets_only_a_label() -> None:
    # a choice gate stores no typed text: the key is empty or a label the author wrote
    assert only(lint(GATE_THEN_TOOL.replace("mode: freeform", "mode: choice")), "DC215") == []


def test_dc215_passing_twin_gate_after_the_tool() -> None:
    text = GATE_THEN_TOOL.replace("start: Ask", "start: Save").replace(
        "Ask -> Save\n    Save -> Done", "Save -> Ask\n    Ask -> Done"
    )
    assert only(lint(text), "DC215") == []
