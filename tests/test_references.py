"""Every reference carries the exact span of its text: in single-line values (through quote
escapes), in raw blocks, in conditions and in files read by ``prompt_file``."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from helpers import FIXTURES, dedent, position, run
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.engine import lint_file
from dipcheck.model import Origin, Reference, RefKind, Text, Workflow
from dipcheck.references import list_items, placeholders, scan_templates, scan_text
from dipcheck.source import SourceText, Span

WORKFLOW = dedent(
    r"""
    workflow W
      goal: "Review the change"
      start: Plan
      exit: Done
      inputs
        topic: text
      vars
        branch: main
      agent Plan
        reads: spec, ctx.notes, node.Done.status
        prompt:
          Plan ${ctx.spec} for ${inputs.topic} on $branch (goal: ${graph.goal}).
            Mode ${params.mode}; earlier: ${ctx.node.Review.last_response} ${node.Plan.x}
        label: "Say \"hi\" and \\ then ${ctx.label_key}"
        system_prompt: 'it''s ${ctx.sys}'
        params:
          mode: ${inputs.topic}
      agent Review
        prompt: Check $goal.
      agent Done
        label: Done
      edges
        Plan -> Review  when ctx.outcome = success and node.Review.verdict = ok
        Review -> Done  when graph.goal != x or inputs.topic contains "a b"
    """
)


def _workflow(text: str = WORKFLOW) -> Workflow:
    result = run(text)
    assert result.workflow is not None
    return result.workflow


def _exact(reference: Reference, expected: str) -> None:
    """The span's text, and the raw slice of its own source, are exactly ``expected``."""
    span = reference.span
    assert span.text == expected
    assert span.source.text[span.start : span.end] == expected
    assert reference.text == expected


def _find(workflow: Workflow, text: str) -> Reference:
    matches = [item for item in workflow.references if item.span.text == text]
    assert len(matches) == 1, [item.span.text for item in workflow.references]
    return matches[0]


def test_every_reference_in_order_with_its_exact_text() -> None:
    workflow = _workflow()
    found = [(item.kind, item.key, item.span.text, item.origin) for item in workflow.references]
    assert found == [
        (RefKind.CTX, "spec", "spec", Origin.READS),
        (RefKind.CTX, "notes", "ctx.notes", Origin.READS),
        (RefKind.SCOPED, "status", "node.Done.status", Origin.READS),
        (RefKind.CTX, "spec", "${ctx.spec}", Origin.INTERP),
        (RefKind.INPUTS, "topic", "${inputs.topic}", Origin.INTERP),
        (RefKind.VAR, "branch", "$branch", Origin.INTERP),
        (RefKind.GRAPH, "goal", "${graph.goal}", Origin.INTERP),
        (RefKind.PARAMS, "mode", "${params.mode}", Origin.INTERP),
        (RefKind.SCOPED, "last_response", "${ctx.node.Review.last_response}", Origin.INTERP),
        (RefKind.SCOPED, "x", "${node.Plan.x}", Origin.INTERP),
        (RefKind.CTX, "label_key", "${ctx.label_key}", Origin.INTERP),
        (RefKind.CTX, "sys", "${ctx.sys}", Origin.INTERP),
        (RefKind.INPUTS, "topic", "${inputs.topic}", Origin.INTERP),
        (RefKind.VAR, "goal", "$goal", Origin.INTERP),
        (RefKind.CTX, "outcome", "ctx.outcome", Origin.CONDITION),
        (RefKind.SCOPED, "verdict", "node.Review.verdict", Origin.CONDITION),
        (RefKind.GRAPH, "goal", "graph.goal", Origin.CONDITION),
        (RefKind.INPUTS, "topic", "inputs.topic", Origin.CONDITION),
    ]
    for item in workflow.references:
        _exact(item, item.span.text)


def test_ctx_reference_in_a_raw_block_indented_six_spaces() -> None:
    reference = _find(_workflow(), "${ctx.spec}")
    _exact(reference, "${ctx.spec}")
    assert position(reference.span) == ((12, 12), (12, 23))
    assert reference.owner == "Plan" and reference.attribute == "prompt"
    assert reference.explicit and reference.namespace == "ctx"


def test_scoped_reference_and_its_node_span_in_a_deeper_raw_line() -> None:
    reference = _find(_workflow(), "${ctx.node.Review.last_response}")
    assert position(reference.span) == ((13, 39), (13, 71))
    assert reference.node == "Review" and reference.key == "last_response"
    assert reference.node_span is not None
    assert reference.node_span.text == "Review"
    assert position(reference.node_span) == ((13, 50), (13, 56))
    short = _find(_workflow(), "${node.Plan.x}")
    assert short.node_span is not None and short.node_span.text == "Plan"
    assert short.namespace == "node"


@pytest.mark.parametrize(
    ("text", "kind", "key", "start"),
    [
        ("${inputs.topic}", RefKind.INPUTS, "topic", (12, 28)),
        ("$branch", RefKind.VAR, "branch", (12, 47)),
        ("${graph.goal}", RefKind.GRAPH, "goal", (12, 62)),
        ("${params.mode}", RefKind.PARAMS, "mode", (13, 14)),
    ],
)
def test_namespaced_references_in_the_raw_block(
    text: str, kind: RefKind, key: str, start: tuple[int, int]
) -> None:
    workflow = _workflow()
    matches = [item for item in workflow.references if item.span.text == text]
    reference = matches[0]
    _exact(reference, text)
    assert (reference.kind, reference.key) == (kind, key)
    assert position(reference.span) == (start, (start[0], start[1] + len(text)))


def test_reference_after_escapes_in_a_double_quoted_value() -> None:
    reference = _find(_workflow(), "${ctx.label_key}")
    _exact(reference, "${ctx.label_key}")
    line = WORKFLOW.splitlines()[13]
    assert position(reference.span)[0] == (14, line.index("${ctx.label_key}") + 1)
    assert reference.attribute == "label"


def test_reference_after_an_escaped_quote_in_a_single_quoted_value() -> None:
    reference = _find(_workflow(), "${ctx.sys}")
    line = WORKFLOW.splitlines()[14]
    assert position(reference.span) == (
        (15, line.index("${ctx.sys}") + 1),
        (15, line.index("${ctx.sys}") + 11),
    )


def test_reference_inside_a_params_entry_is_found_once() -> None:
    workflow = _workflow()
    inside = [item for item in workflow.references if item.attribute.startswith("params")]
    assert [item.attribute for item in inside] == ["params.mode"]
    _exact(inside[0], "${inputs.topic}")
    assert position(inside[0].span) == ((17, 13), (17, 28))


def test_reads_entries() -> None:
    workflow = _workflow()
    reads = [item for item in workflow.references if item.origin is Origin.READS]
    assert [(item.span.text, item.key, item.explicit) for item in reads] == [
        ("spec", "spec", False),
        ("ctx.notes", "notes", True),
        ("node.Done.status", "status", False),
    ]
    assert [position(item.span)[0] for item in reads] == [(10, 12), (10, 18), (10, 29)]
    assert reads[2].node_span is not None and reads[2].node_span.text == "Done"


def test_reads_entries_in_a_dash_list_block() -> None:
    text = dedent(
        """
        workflow W
          start: A
          exit: A
          agent A
            reads:
              - plan
              -   ctx.risks ,  node.A.status
            prompt: go
        """
    )
    reads = [item for item in _workflow(text).references if item.origin is Origin.READS]
    assert [(item.span.text, position(item.span)) for item in reads] == [
        ("plan", ((6, 9), (6, 13))),
        ("ctx.risks", ((7, 11), (7, 20))),
        ("node.A.status", ((7, 24), (7, 37))),
    ]
    assert reads[2].node_span is not None and reads[2].node_span.text == "A"


def test_condition_operands() -> None:
    workflow = _workflow()
    operands = [item for item in workflow.references if item.origin is Origin.CONDITION]
    assert [(item.span.text, position(item.span)[0], item.owner) for item in operands] == [
        ("ctx.outcome", (23, 26), "Plan"),
        ("node.Review.verdict", (23, 52), "Plan"),
        ("graph.goal", (24, 26), "Review"),
        ("inputs.topic", (24, 45), "Review"),
    ]
    scoped = operands[1]
    assert scoped.node_span is not None and scoped.node_span.text == "Review"
    assert position(scoped.node_span) == ((23, 57), (23, 63))


def test_on_shorthand_operand_is_located_at_the_shorthand() -> None:
    text = "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: a\n  agent B\n"
    text += "    label: B\n  edges\n    A -> B on success\n"
    (reference,) = _workflow(text).references
    assert reference.key == "outcome" and reference.span.text == "on success"


def test_placeholder_inside_a_condition_value() -> None:
    text = "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: a\n  agent B\n"
    text += '    label: B\n  edges\n    A -> B when ctx.x = "${ctx.y}"\n'
    found = [(item.span.text, item.origin) for item in _workflow(text).references]
    assert found == [("ctx.x", Origin.CONDITION), ("${ctx.y}", Origin.INTERP)]


def test_references_inside_a_prompt_file_point_into_that_file(tmp_path: Path) -> None:
    prompt = "Context:\n\n    Read ${ctx.node.Plan.last_response} then\n${inputs.topic}!"
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "review.md").write_text(prompt)
    workflow_path = tmp_path / "review.dip"
    workflow_path.write_text(
        "workflow W\n  start: Plan\n  exit: Review\n  inputs\n    topic: text\n"
        "  agent Plan\n    prompt: plan\n  agent Review\n    prompt_file: prompts/review.md\n"
        "  edges\n    Plan -> Review\n"
    )
    result = lint_file(str(workflow_path))
    assert result.workflow is not None
    included = [item for item in result.workflow.references if item.span.path != str(workflow_path)]
    assert [item.span.text for item in included] == [
        "${ctx.node.Plan.last_response}",
        "${inputs.topic}",
    ]
    prompt_path = str(tmp_path / "prompts" / "review.md")
    for item in included:
        assert item.span.path == prompt_path
        assert item.span.source.text == prompt
        _exact(item, item.span.text)
        assert item.owner == "Review" and item.attribute == "prompt_file"
    assert position(included[0].span) == ((3, 10), (3, 40))
    assert included[0].node_span is not None
    assert included[0].node_span.text == "Plan"
    assert included[0].node_span.source is included[0].span.source
    assert position(included[1].span) == ((4, 1), (4, 16))


def test_project_fixture_references() -> None:
    result = lint_file(str(FIXTURES / "review_loop.dip"))
    assert result.workflow is not None
    texts = {(item.span.path, item.span.text) for item in result.workflow.references}
    assert (str(FIXTURES / "review_loop.dip"), "${ctx.node.Plan.last_response}") in texts
    assert (str(FIXTURES / "review_loop.dip"), "${params.branch}") in texts
    assert (str(FIXTURES / "prompts" / "plan.md"), "${graph.goal}") in texts
    for item in result.workflow.references:
        _exact(item, item.span.text)


# -- the scanners on their own -----------------------------------------------------------------


def test_placeholders_stop_at_an_unterminated_opening() -> None:
    found = [(item.inner, item.start, item.end) for item in placeholders("a ${x} ${y b ${z")]
    assert found == [("x", 2, 6)]
    found = [(item.inner, item.start, item.end) for item in placeholders("${a ${b}")]
    assert found == [("a ${b", 0, 8)]  # tracker's single pass: `${` up to the next `}`


def test_dollar_variables_only_count_when_declared_and_match_the_longest_name() -> None:
    source = SourceText("t", "$branch_name $branch $unknown ${ctx.x} $branch.")
    text = Text.at(source.text, source, 0)
    found = scan_text(text, "A", "prompt", frozenset({"branch", "branch_name"}))
    assert [(item.kind, item.span.text, item.span.start) for item in found] == [
        (RefKind.VAR, "$branch_name", 0),
        (RefKind.VAR, "$branch", 13),
        (RefKind.CTX, "${ctx.x}", 30),
        (RefKind.VAR, "$branch", 39),
    ]


def test_list_items_spans() -> None:
    source = SourceText("t", "  a ,b,, c  ")
    items = list_items(Text.at(source.text, source, 0))
    assert [(item.value, item.span.text) for item in items] == [("a", "a"), ("b", "b"), ("c", "c")]
    assert all(isinstance(item.span, Span) for item in items)


# -- `{{ … }}` templates (typed-outputs DOT) --------------------------------------------------

OLD_TEMPLATE = re.compile(r"\{\{\s*([^{}]*?)\s*\}\}")


def _templates(value: str) -> list[tuple[str, str, int, int]]:
    source = SourceText("t.dot", value)
    found = scan_templates(Text.at(value, source, 0), "N", "prompt")
    return [(item.kind.value, item.key, item.span.start, item.span.end) for item in found]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["{{", "}}", "{", "}", " ", "\t", "\n", "\x1c", "\u3000", "context.k"]),
            st.sampled_from(["inputs.x", "context.a.b", "other", "."]),
            st.characters(codec="utf-8"),
        ),
        max_size=20,
    ).map("".join)
)
def test_templates_are_read_as_the_pattern_with_blanks_around_did(value: str) -> None:
    """The inside of `{{ … }}`, blanks around it removed, as `\\{\\{\\s*([^{}]*?)\\s*\\}\\}`
    read it (the blanks are stripped in Python now: that pattern was exponential on runs of
    blanks), at the same places."""
    expected = [(m.start(), m.end(), m.group(1)) for m in OLD_TEMPLATE.finditer(value)]
    found = _templates(value)
    assert [(start, end) for _, _, start, end in found] == [(s, e) for s, e, _ in expected]
    for (kind, key, _, _), (_, _, inner) in zip(found, expected, strict=True):
        namespace, dot, rest = inner.partition(".")
        known = namespace in ("inputs", "context") and dot and rest
        assert key == (rest if known else inner), (kind, key, inner)


def test_blanks_and_unclosed_templates_take_linear_time() -> None:
    """20,000 `{{` before 300,000 spaces and no `}}` (tools/fuzz.py dot seed 1208 #27722)
    took minutes; the twin below shows a closed template is still found after them."""
    value = "{" * 20_000 + " " * 300_000
    started = time.process_time()
    assert _templates(value) == []
    assert time.process_time() - started < 5
    assert _templates(value + "{{ context.k }}")[-1][:2] == ("ctx", "k")
