"""dippin lints on condition variables (DIP120-DIP122) and human gates (DIP127-DIP129, DIP150):
each fires with an exact range, and a minimal twin does not."""

from __future__ import annotations

import helpers
from helpers import Finding, only, template

from dipcheck.config import Config

# the style and parity checks among these are off by default (issue 18); they are tested as
# a migrating user selects them, with the `dippin` group
DIPPIN = Config(extend_select=("dippin",))


def lint(text: str, path: str = "<test>.dip", **options: object) -> list[Finding]:
    return helpers.lint(text, path, **{"config": DIPPIN, **options})


def run(text: str, path: str = "<test>.dip", **options: object) -> helpers.LintResult:
    return helpers.run(text, path, **{"config": DIPPIN, **options})


CONDITIONS = template(
    """
    workflow C
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Review
        prompt: Review.
        writes: verdict
      agent Other
        prompt: Other.
        writes: approval
      tool Check
        command: ./check
        timeout: 1m
        outputs: pass, fail
      agent Done
        label: Done
      edges
        Start -> Other
        Other -> Review
        Review -> Check when ctx.verdict = ok
        Review -> Done
        Check -> Done when ctx.tool_stdout = pass
        Check -> Done
    """
)


def test_conditions_base_is_clean() -> None:
    assert only(lint(CONDITIONS), "DIP120", "DIP121", "DIP122") == []


def test_dip120_bare_variable_with_a_safe_fix() -> None:
    text = CONDITIONS.replace("when ctx.verdict = ok", "when verdict = ok")
    assert only(lint(text), "DIP120") == [Finding("DIP120", "hint", (21, 26), (21, 33), "verdict")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP120"]
    assert item.fix is not None and item.fix.safe
    assert [(edit.span.text, edit.text) for edit in item.fix.edits] == [("verdict", "ctx.verdict")]


def test_dip120_twin_namespaced_and_on_shorthand() -> None:
    text = CONDITIONS.replace("when ctx.verdict = ok", "on success")
    assert only(lint(text), "DIP120") == []


def test_dip121_condition_on_a_key_the_source_does_not_write() -> None:
    text = CONDITIONS.replace("when ctx.verdict = ok", "when ctx.approval = ok")
    assert only(lint(text), "DIP121") == [
        Finding("DIP121", "warning", (21, 26), (21, 38), "ctx.approval")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP121"]
    assert "`Review` does not write" in item.message


def test_dip121_twin_key_in_writes_and_keys_nobody_writes() -> None:
    text = CONDITIONS.replace("writes: verdict", "writes: verdict, approval").replace(
        "when ctx.verdict = ok", "when ctx.approval = ok"
    )
    assert only(lint(text), "DIP121") == []
    unknown = CONDITIONS.replace("when ctx.verdict = ok", "when ctx.nobody = ok")
    assert only(lint(unknown), "DIP121") == []  # DC101's finding, not this one
    assert [item.code for item in only(lint(unknown), "DC101")] == ["DC101"]


def test_dip122_value_not_in_outputs() -> None:
    text = CONDITIONS.replace("ctx.tool_stdout = pass", "ctx.tool_stdout = passed")
    assert only(lint(text), "DIP122") == [
        Finding("DIP122", "warning", (23, 42), (23, 48), "passed")
    ]


def test_dip122_twin_listed_value_and_other_variables() -> None:
    text = CONDITIONS.replace("ctx.tool_stdout = pass", "ctx.outcome = success")
    assert only(lint(text), "DIP122") == []


GATE = template(
    """
    workflow G
      start: Ask
      exit: Done
      human Ask
        label: Ask
        mode: choice
      agent Yes
        prompt: Yes.
      agent Done
        label: Done
      edges
        Ask -> Yes  label: "go"  choice: go
        Ask -> Done  label: stop  choice: stop
        Yes -> Done
    """
)


def test_gate_base_is_clean() -> None:
    assert only(lint(GATE), "DIP127", "DIP128", "DIP129", "DIP150") == []


def test_dip127_invalid_mode_with_suggestion() -> None:
    text = GATE.replace("mode: choice", "mode: choise")
    assert only(lint(text), "DIP127") == [Finding("DIP127", "warning", (6, 11), (6, 17), "choise")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP127"]
    assert "did you mean `choice`?" in item.message


def test_dip127_twin_yes_no() -> None:
    assert only(lint(GATE.replace("mode: choice", "mode: yes_no")), "DIP127") == []


def test_dip128_interview_with_default() -> None:
    text = GATE.replace("mode: choice", "mode: interview\n    default: skip")
    assert only(lint(text), "DIP128") == [
        Finding("DIP128", "warning", (7, 5), (7, 18), "default: skip")
    ]
    twin = GATE.replace("mode: choice", "mode: choice\n    default: skip")
    assert only(lint(twin), "DIP128") == []


def test_dip129_interview_with_labeled_edges() -> None:
    text = GATE.replace("mode: choice", "mode: interview")
    assert only(lint(text), "DIP129") == [
        Finding("DIP129", "warning", (12, 17), (12, 28), 'label: "go"'),
        Finding("DIP129", "warning", (13, 18), (13, 29), "label: stop"),
    ]
    twin = text.replace('Ask -> Yes  label: "go"  choice: go', "Ask -> Yes")
    assert only(lint(twin), "DIP129") == []


def test_dip150_label_without_choice_with_a_safe_fix() -> None:
    text = GATE.replace("  choice: go\n", "\n")
    assert only(lint(text), "DIP150") == [
        Finding("DIP150", "hint", (12, 17), (12, 28), 'label: "go"')
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP150"]
    assert item.fix is not None and item.fix.safe
    [edit] = item.fix.edits
    assert edit.text == '  choice: "go"' and edit.span.start == edit.span.end


def test_dip150_twin_freeform_gate() -> None:
    text = GATE.replace("  choice: go\n", "\n").replace("mode: choice", "mode: freeform")
    assert only(lint(text), "DIP150") == []


def test_dip150_twins_where_the_label_does_not_route() -> None:
    unkeyed = GATE.replace("  choice: go\n", "\n")
    assert only(lint(unkeyed.replace("mode: choice", "mode: yes_no")), "DIP150") == []
    conditional = unkeyed.replace(
        'Ask -> Yes  label: "go"', 'Ask -> Yes  when ctx.x = 1  label: "go"'
    )
    assert only(lint(conditional), "DIP150") == []
