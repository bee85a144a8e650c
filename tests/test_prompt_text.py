"""DC330 (a tool-output placeholder inside a hand-written fence, which tracker fences itself),
DC334 (one in the middle of a line, which tracker's block splits) and DC331 (`$name` for a
var, which tracker never substitutes), with exact ranges and passing twins; the fence scanner
behind DC330 and DIP106."""

from __future__ import annotations

from pathlib import Path

from helpers import Finding, as_finding, dedent, lint, only, run, template
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.analysis.markdown import fence_at, fences
from dipcheck.engine import lint_file

VERIFY = template(
    """
    workflow V
      start: Test
      exit: Done
      tool Test
        timeout: 5m
        command: make test
      agent Verify
        prompt:
          Test output:
          ```text
          ${ctx.tool_stdout}
          ```
      agent Done
        label: Done
      edges
        Test -> Verify
        Verify -> Done
    """
)


def messages(text: str, code: str) -> list[str]:
    return [item.message for item in run(text).diagnostics if item.code == code]


def test_dc330_tool_stdout_inside_a_fence() -> None:
    assert only(lint(VERIFY), "DC330") == [
        Finding("DC330", "warning", (11, 7), (11, 25), "${ctx.tool_stdout}")
    ]
    assert messages(VERIFY, "DC330") == [
        "`${ctx.tool_stdout}` sits inside a code fence, but tracker already renders a "
        "non-empty tool stdout as a `## Tool Stdout` heading and its own ```text fence: the "
        "inner fence closes yours early and the output ends up outside any code block; remove "
        "the fence around it"
    ]
    [item] = [item for item in run(VERIFY).diagnostics if item.code == "DC330"]
    assert item.fix is not None and not item.fix.safe
    assert [edit.span.text for edit in item.fix.edits] == ["      ```text\n", "      ```\n"]


def test_dc330_scoped_stderr_and_no_fix_when_the_fence_holds_more() -> None:
    text = VERIFY.replace("${ctx.tool_stdout}", "$ make test\n      ${ctx.node.Test.tool_stderr}")
    assert only(lint(text), "DC330") == [
        Finding("DC330", "warning", (12, 7), (12, 35), "${ctx.node.Test.tool_stderr}")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DC330"]
    assert item.fix is None


INLINE = (
    VERIFY.replace("      ```text\n", "")
    .replace("      ```\n", "")
    .replace(
        "      ${ctx.tool_stdout}\n",
        "      1. Confirm tests pass (check ${ctx.tool_stdout} above)\n",
    )
)


def test_dc334_tool_stdout_in_the_middle_of_a_list_item() -> None:
    assert only(lint(INLINE), "DC330", "DC334") == [
        Finding("DC334", "info", (10, 36), (10, 54), "${ctx.tool_stdout}")
    ]
    assert messages(INLINE, "DC334") == [
        "`${ctx.tool_stdout}` shares its line with other text, but tracker renders a non-empty "
        "tool stdout as a `## Tool Stdout` heading and a fenced block, which splits the line "
        "there; put the placeholder on a line of its own, or refer to the output in words"
    ]


def test_dc334_twins() -> None:
    # on a line of its own, the rendered block stands where the author put it
    alone = VERIFY.replace("      ```text\n", "").replace("      ```\n", "")
    assert only(lint(alone), "DC334") == []
    # inside a fence it is DC330's, not reported twice
    assert only(lint(VERIFY), "DC334") == []
    # other keys are pasted as they are
    assert only(lint(INLINE.replace("${ctx.tool_stdout}", "${ctx.last_response}")), "DC334") == []


def test_dc330_twins() -> None:
    unfenced = VERIFY.replace("      ```text\n", "").replace("      ```\n", "")
    assert only(lint(unfenced), "DC330") == []
    other_key = VERIFY.replace("${ctx.tool_stdout}", "${ctx.last_response}")
    assert only(lint(other_key), "DC330") == []
    # a system prompt is never ${}-expanded, so nothing is fenced there
    system = VERIFY.replace(
        "    prompt:\n      Test output:", "    prompt: Check.\n    system_prompt:"
    )
    assert only(lint(system), "DC330") == []


VARS = template(
    """
    workflow S
      start: Plan
      exit: Done
      vars
        repo: api
      agent Plan
        prompt: Plan changes to $repo.
      tool Done
        timeout: 1m
        command:
          set -eu
          cd "${repo}"
    """
)


def test_dc331_var_in_a_prompt_and_a_command() -> None:
    assert only(lint(VARS), "DC331", "DIP106") == [
        Finding("DC331", "warning", (7, 29), (7, 34), "$repo"),
        Finding("DC331", "warning", (12, 11), (12, 18), "${repo}"),
    ]
    assert messages(VARS, "DC331") == [
        "`$repo` in the prompt of `Plan` is never replaced: tracker substitutes `$X` only for "
        "graph attributes, and the var `repo` is the graph attribute `params.repo`, so the "
        "prompt keeps the literal text `$repo`; write `${params.repo}`",
        "`${repo}` in the command of `Done` is never replaced: tracker substitutes `$X` only "
        "for graph attributes, and the var `repo` is the graph attribute `params.repo`, so the "
        "shell sees `${repo}`, an unset variable: it expands to nothing, and a `set -u` script "
        "stops there; write `${params.repo}`",
    ]


def test_dc331_twins() -> None:
    fixed = VARS.replace("$repo.", "${params.repo}.").replace('"${repo}"', '"$params.repo"')
    assert only(lint(fixed), "DC331") == []
    assigned = VARS.replace("      set -eu\n", "      set -eu\n      repo=web\n")
    assert [item.text for item in only(lint(assigned), "DC331")] == ["$repo"]
    undeclared = VARS.replace("  vars\n    repo: api\n", "")
    assert only(lint(undeclared), "DC331") == []
    escaped = VARS.replace('"${repo}"', '"\\${repo}"')
    assert [item.text for item in only(lint(escaped), "DC331")] == ["$repo"]


def test_dc331_a_parameter_a_parent_passes(tmp_path: Path) -> None:
    parent = dedent(
        """
        workflow P
          start: Run
          exit: Run
          subgraph Run
            ref: child.dip
            params:
              repo: api
        """
    )
    child = dedent(VARS.replace("  vars\n    repo: api\n", ""))
    (tmp_path / "parent.dip").write_text(parent)
    (tmp_path / "child.dip").write_text(child)
    found = [
        as_finding(item)
        for item in lint_file(str(tmp_path / "child.dip")).diagnostics
        if item.code == "DC331"
    ]
    assert [item.text for item in found] == ["$repo", "${repo}"]


# -- the fence scanner ---------------------------------------------------------------------


def test_fences() -> None:
    text = "a\n```sh\necho ${x}\n```\nb\n~~~~\nc\n~~~\nd"
    found = fences(text)
    assert [(text[f.open_start : f.open_end], f.info, f.closed) for f in found] == [
        ("```sh", "sh", True),
        ("~~~~", "", False),  # a shorter closing line does not close it
    ]
    assert fence_at(text, text.index("${x}")) == found[0]
    assert fence_at(text, text.index("b")) is None
    assert fence_at(text, text.index("d")) == found[1]
    assert fences("inline ```code``` here") == ()


LINES = st.sampled_from(["```", "```text", "~~~", "````", "  ```", "text", "", "`x`", "```a`b"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, max_size=12))
def test_fences_are_ordered_and_disjoint(lines: list[str]) -> None:
    text = "\n".join(lines)
    end = -1
    for fence in fences(text):
        assert end <= fence.open_start < fence.open_end < fence.body_start or (
            fence.body_start == fence.open_end == len(text)
        )
        assert fence.body_start <= fence.body_end <= fence.close_start <= fence.close_end
        assert fence.close_end <= len(text)
        end = fence.close_end
