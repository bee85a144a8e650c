"""Context flow in step workflows: DC103 (a referenced step never runs before the reader) and
DC104 (it has not run on every path), with exact ranges, in `|` and `>` block scalars, in the
list and mapping forms of `inputs:`, and passing twins."""

from __future__ import annotations

from helpers import FIXTURES, Finding, as_finding, lint, only, template

from dipcheck.engine import lint_file

FLOW = template(
    """
    name: flow
    steps:
      - name: triage
        agent: triager
        prompt: Triage the issue.
        conditions:
          - on_result: bug
            next: fix
        next: report
      - name: fix
        agent: dev
        prompt: |
          Fix the bug.
          Earlier summary: {{ summary }}
        next: report
      - name: report
        agent: writer
        inputs: {patch: fix}
        prompt: >
          Report on the fix,
          quoting {{ fix }} where useful.
        next: summary
      - name: summary
        agent: writer
        prompt: Summarise.
        next: null
    """
)


def yaml(text: str) -> list[Finding]:
    return lint(text, "<test>.yaml")


def test_clean_spec_workflow_has_no_flow_findings() -> None:
    result = lint_file(str(FIXTURES / "steps" / "spec_driven.yaml"))
    assert [item.code for item in result.diagnostics] == []


def test_dc103_reference_in_a_literal_block_to_a_later_step() -> None:
    assert only(yaml(FLOW), "DC103") == [
        Finding("DC103", "warning", (14, 24), (14, 37), "{{ summary }}")
    ]


def test_dc104_mapping_form_of_inputs_on_the_branch_that_skips_fix() -> None:
    assert only(yaml(FLOW), "DC104") == [Finding("DC104", "warning", (18, 21), (18, 24), "fix")]


def test_dc104_reference_in_a_folded_block() -> None:
    text = FLOW.replace("    inputs: {patch: fix}\n", "")
    assert only(yaml(text), "DC104") == [
        Finding("DC104", "warning", (20, 15), (20, 24), "{{ fix }}")
    ]


def test_dc104_list_form_of_inputs() -> None:
    text = FLOW.replace("inputs: {patch: fix}", "inputs: [triage, fix]")
    assert only(yaml(text), "DC104") == [Finding("DC104", "warning", (18, 22), (18, 25), "fix")]


def test_twins_every_path_runs_fix_and_the_summary_reference_is_gone() -> None:
    text = FLOW.replace("    next: report\n  - name: fix", "    next: fix\n  - name: fix")
    text = text.replace("      Earlier summary: {{ summary }}\n", "")
    assert only(yaml(text), "DC103", "DC104") == []


def test_self_reference_runs_only_after_a_loop() -> None:
    text = FLOW.replace("Earlier summary: {{ summary }}", "Previous attempt: {{ fix }}")
    # `fix` never runs before itself (no loop back to it): the step is not available yet
    assert only(yaml(text), "DC103") == [
        Finding("DC103", "warning", (14, 25), (14, 34), "{{ fix }}")
    ]
    redo = "    conditions:\n      - on_result: redo\n        next: fix\n    next: summary\n"
    looped = text.replace("    next: summary\n", redo)
    assert only(yaml(looped), "DC103") == []
    assert [item.text for item in only(yaml(looped), "DC104")] == ["{{ fix }}", "fix"]


def test_broken_flow_fixture() -> None:
    result = lint_file(str(FIXTURES / "steps" / "broken_flow.yaml"))
    assert [as_finding(item) for item in result.diagnostics] == [
        Finding("DC103", "warning", (18, 42), (18, 62), "{{ review.reasons }}"),
        Finding("DC104", "warning", (54, 20), (54, 26), "review"),
        Finding("DC104", "warning", (55, 45), (55, 65), "{{ review.verdict }}"),
    ]
