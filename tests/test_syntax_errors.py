"""Syntax errors: DC001 at the offending token or line, every error in the file reported, and the
rest of the file still lowered and linted."""

from __future__ import annotations

import pytest
from helpers import FIXTURES, Finding, lint, only, run, template

from dipcheck.engine import lint_file, lint_text

SEVERAL = template(
    """
    workflow W
      start: A
      exit: B
      agnet X
        prompt: hello
      agent A
        prompt: hi
          label: deeper
      goal "x"
      agent B
        label: B
       model: odd
      tool
      edges
        A -> B
        A => B
        Ghost -> B
        B ->
        A -> B [label: x]
        A->B
    """
)


def test_every_syntax_error_is_reported_with_its_range() -> None:
    assert only(lint(SEVERAL), "DC001") == [
        Finding("DC001", "error", (4, 3), (4, 8), "agnet"),
        Finding("DC001", "error", (8, 7), (8, 20), "label: deeper"),
        Finding("DC001", "error", (9, 3), (9, 7), "goal"),
        Finding("DC001", "error", (12, 1), (12, 4), "   "),
        Finding("DC001", "error", (13, 3), (13, 7), "tool"),
        Finding("DC001", "error", (16, 7), (16, 8), "="),
        Finding("DC001", "error", (18, 7), (18, 9), "->"),
        Finding("DC001", "error", (19, 12), (19, 13), "["),
        Finding("DC001", "error", (20, 7), (20, 8), ">"),
    ]


def test_syntax_error_messages_say_what_is_wrong() -> None:
    messages = [item.message for item in run(SEVERAL).diagnostics if item.code == "DC001"]
    assert messages == [
        "`agnet` is not a declaration or a field here (did you mean `agent`?)",
        "unexpected indented block under `prompt:`; only `key:` with nothing after the colon "
        "starts a multi-line value",
        "`goal` needs a colon: `goal: …`",
        "inconsistent indentation: this line is indented by 3 (a tab counts as 1) but the "
        "enclosing blocks are indented by 0, 2, 4; dippin silently drops such a line",
        "the line ends too early: expected a name",
        "unexpected `=`: expected `->`",
        "the line ends too early: expected a name",
        "bracket syntax `[label: …]` is not supported: write edge attributes after the target, "
        'e.g. `A -> B label: "go"`',
        "`A->` is read as the name `A-` followed by `>`: put spaces around `->`",
    ]


def test_the_rest_of_the_file_is_still_lowered_and_linted() -> None:
    result = run(SEVERAL)
    assert result.workflow is not None
    assert [node.id for node in result.workflow.nodes] == ["A", "B"]
    assert [(e.source.value, e.target.value) for e in result.workflow.edges] == [
        ("A", "B"),
        ("Ghost", "B"),
    ]
    # a rule finding after the syntax errors
    assert only(lint(SEVERAL), "DIP003") == [Finding("DIP003", "error", (17, 5), (17, 10), "Ghost")]


def test_a_rule_finding_after_a_syntax_error_passing_twin() -> None:
    fixed = SEVERAL.replace("Ghost -> B", "A -> B when ctx.x = 1")
    assert only(lint(fixed), "DIP003") == []


def test_an_unknown_declaration_skips_its_block_only() -> None:
    text = template(
        """
        workflow W
          start: A
          exit: A
          agnet A
            prompt: hello
            model: x
          agent B
            prompt: b
        """
    )
    findings = lint(text)
    assert only(findings, "DC001") == [Finding("DC001", "error", (4, 3), (4, 8), "agnet")]
    # `prompt:` and `model:` under the bad line are skipped with it, not reported again
    assert only(findings, "DC004") == []
    # A is not declared; B still is (and is unreachable from the undeclared start)
    assert only(findings, "DIP001") == [Finding("DIP001", "error", (2, 10), (2, 11), "A")]
    result = run(text)
    assert result.workflow is not None
    assert [node.id for node in result.workflow.nodes] == ["B"]


def test_passing_twin_of_the_unknown_declaration() -> None:
    text = template(
        """
        workflow W
          start: A
          exit: A
          agent A
            prompt: hello
        """
    )
    assert only(lint(text), "DC001", "DIP001") == []


def test_unterminated_string_on_an_edge_line() -> None:
    text = "workflow W\n  start: A\n  exit: A\n  agent A\n    label: a\n  edges\n"
    text += '    A -> A label: "go  loop\n'
    assert only(lint(text), "DC001") == [Finding("DC001", "error", (7, 19), (7, 28), '"go  loop')]


def test_missing_workflow_declaration() -> None:
    assert only(lint("# only a comment\n\n"), "DC001") == [
        Finding("DC001", "error", (1, 1), (1, 17), "# only a comment")
    ]
    assert only(lint(""), "DC001") == [Finding("DC001", "error", (1, 1), (1, 1), "")]
    assert run("").workflow is None


def test_workflow_without_a_name() -> None:
    text = "workflow\n  start: A\n  exit: A\n  agent A\n    label: A\n"
    assert only(lint(text), "DC001") == [Finding("DC001", "error", (1, 1), (1, 9), "workflow")]
    assert only(lint(text.replace("workflow\n", "workflow W\n")), "DC001") == []


def test_tab_indented_field_under_a_space_indented_node() -> None:
    # dippin counts a tab as one column: the field lands nowhere and is silently dropped
    text = "workflow W\n  start: A\n  exit: A\n  agent A\n    label: a\n\tprompt: tabbed\n"
    assert only(lint(text), "DC001") == [Finding("DC001", "error", (6, 1), (6, 2), "\t")]


def test_project_syntax_fixture() -> None:
    result = lint_file(str(FIXTURES / "broken" / "syntax.dip"))
    found = [(item.code, item.span.start_position(), item.span.text) for item in result.diagnostics]
    assert found == [
        ("DIP001", (3, 9), "Ask"),
        ("DC001", (6, 2), "agnet"),
        ("DC001", (10, 12), "|"),
        ("DC005", (12, 15), "many"),
        ("DC004", (13, 4), "tiemout"),
        ("DC001", (19, 16), "["),
        ("DC001", (20, 29), "it"),
    ]


@pytest.mark.parametrize("phase", range(3))
def test_every_truncation_of_the_sample_workflow_lints(phase: int) -> None:
    # together the three phases cut the file at every offset
    text = (FIXTURES / "review_loop.dip").read_text()
    for end in range(phase, len(text) + 1, 3):
        result = lint_text(text[:end], str(FIXTURES / "review_loop.dip"))
        for item in result.diagnostics:
            assert item.code != "DC000", (end, item.message)
            assert 0 <= item.span.start <= item.span.end <= len(item.span.source.text)


def test_edge_attribute_without_a_colon_names_the_fix() -> None:
    header = "workflow W\n  start: A\n  exit: A\n  agent A\n    label: x\n"
    text = header + '  edges\n    A -> A label "x"\n'
    result = lint_text(text, "<test>.dip")
    [item] = result.diagnostics
    assert (item.code, item.span.text, item.span.start_position()) == ("DC001", "label", (6, 11))
    assert item.message == "edge attribute `label` needs a colon: `label: …`"


def test_absurd_nesting_is_one_syntax_error_not_a_crash() -> None:
    lines = ["workflow W", "  start: A", "  exit: A", "  agent A"]
    lines += ["    " + " " * depth + f"k{depth}: v" for depth in range(200)]
    result = lint_text("\n".join(lines) + "\n", "<test>.dip")
    problems = [item for item in result.diagnostics if item.code in ("DC000", "DC001")]
    assert [(item.code, item.span.start_position()) for item in problems] == [
        ("DC001", (67, 0))
    ]  # 0-based: line 68
    assert "nested more than 64 levels" in problems[0].message
