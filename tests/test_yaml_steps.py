"""The YAML step-workflow front-end and its dialect rules (issue 4).

Every rule gets a firing case that pins code, severity, the exact 1-based range and the text
under it, and a passing twin that differs minimally. Model tests pin what the context-flow
analysis consumes: nodes, edges (order and conditions) and references with their spans.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import FIXTURES, PROJECT, Finding, dedent, lint, only, run

from dipcheck.config import Config
from dipcheck.engine import detect_format, lint_paths, lint_text
from dipcheck.frontends import step_refs
from dipcheck.model import NodeKind, Origin, Reference, RefKind, Workflow
from dipcheck.rules import registry

PATH = "<test>.yaml"
STEPS = FIXTURES / "steps"

# A small clean workflow the firing cases below are written against.
BASE = """\
inputs:
  issue: {type: string}
steps:
  - name: plan
    agent: architect
    prompt: |
      Plan {{ input.issue }}.
    output:
      plan_doc: The plan
    next: implement
  - name: implement
    agent: dev
    inputs: [plan]
    prompt: >
      Implement {{ plan.plan_doc }}
      carefully.
    next: null
"""


def findings(text: str) -> list[Finding]:
    return lint(text, PATH)


def workflow(text: str) -> Workflow:
    result = run(text, PATH)
    assert result.workflow is not None, result.diagnostics
    return result.workflow


def edit(old: str, new: str, text: str = BASE) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def refs(flow: Workflow, owner: str) -> list[Reference]:
    return [ref for ref in flow.references if ref.owner == owner]


def test_base_is_clean() -> None:
    assert findings(BASE) == []


# -- fixtures -------------------------------------------------------------------------------


def test_spec_driven_fixture_is_clean() -> None:
    result = lint_text((STEPS / "spec_driven.yaml").read_text(), str(STEPS / "spec_driven.yaml"))
    assert result.diagnostics == []
    flow = result.workflow
    assert flow is not None
    assert [node.id for node in flow.nodes] == ["plan", "implement", "review", "summarise"]
    assert [(edge.source.value, edge.target.value) for edge in flow.edges] == [
        ("plan", "implement"),
        ("implement", "review"),
        ("review", "summarise"),
        ("review", "implement"),
    ]


BROKEN = {
    "outputs": Finding("L01", "error", (19, 5), (19, 12), "outputs"),
    "reserved_name": Finding("L02", "error", (48, 11), (48, 16), "input"),
    "undeclared_input": Finding("L03", "error", (17, 39), (17, 51), "input.issues"),
    "input_ref": Finding("L10", "error", (35, 34), (35, 42), "implemnt"),
    "prompt_ref": Finding("L11", "error", (30, 22), (30, 37), "{{ plan.risk }}"),
    "unknown_target": Finding("DIP003", "error", (45, 15), (45, 23), "implment"),
    "unreachable": Finding("DIP004", "error", (54, 11), (54, 17), "notify"),
    "duplicate_step": Finding("DIP008", "error", (54, 11), (54, 20), "summarise"),
    "unknown_key": Finding("DC004", "error", (36, 5), (36, 10), "promt"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_fixture(name: str) -> None:
    path = STEPS / f"broken_{name}.yaml"
    result = lint_text(path.read_text(), str(path))
    found = [
        Finding(
            item.code,
            item.severity.label,
            (item.span.start_position()[0] + 1, item.span.start_position()[1] + 1),
            (item.span.end_position()[0] + 1, item.span.end_position()[1] + 1),
            item.span.text,
        )
        for item in result.diagnostics
    ]
    assert found == [BROKEN[name]]


def test_every_broken_fixture_is_listed() -> None:
    names = {path.stem.removeprefix("broken_") for path in STEPS.glob("broken_*.yaml")}
    assert names == set(BROKEN) | {"flow"}  # broken_flow.yaml: tests/test_yaml_flow.py


# Rules shared with `.dip` files whose own help speaks of nodes, edges, keys and `params:`:
# a step workflow's finding carries help in its own terms (what the text report prints).
STEP_HELP = {
    "unknown_target": ("DIP003", "Correct the step name (see the suggestion), or add the step."),
    "unreachable": (
        "DIP004",
        "Route to it with `next:` or `conditions:` from a step that runs, or delete it.",
    ),
    "duplicate_step": ("DIP008", "Rename one of the steps."),
    "unknown_key": ("DC004", "Correct the key (see the suggestion), or remove it."),
    "flow": (
        "DC103",
        "Route the referenced step before this one, or move the reference to a step that runs "
        "after it.",
    ),
}


@pytest.mark.parametrize("name", sorted(STEP_HELP))
def test_a_step_finding_helps_in_terms_of_steps(name: str) -> None:
    code, help_text = STEP_HELP[name]
    path = STEPS / f"broken_{name}.yaml"
    found = [item for item in lint_text(path.read_text(), str(path)).diagnostics]
    assert [item.help for item in found if item.code == code] == [help_text]


def test_a_step_read_not_on_every_path_helps_in_terms_of_steps() -> None:
    path = STEPS / "broken_flow.yaml"
    found = [item for item in lint_text(path.read_text(), str(path)).diagnostics]
    assert [(item.code, item.help) for item in found if item.code == "DC104"] == [
        (
            "DC104",
            "Route every path to this step through the referenced one, or move the reference "
            "to a step that always runs after it.",
        )
    ] * 2


def test_the_same_findings_in_a_dip_file_keep_their_rule_help() -> None:
    text = dedent(
        """
        workflow W
          start: A
          exit: A

          agent A
            prompt: hi
            promt: typo

          agent A
            prompt: again

          agent Lost
            prompt: never

          edges
            A -> Nowhere
        """
    )
    found = {item.code: item.help for item in lint_text(text, "w.dip").diagnostics}
    assert {
        code: found.get(code, "absent") for code in ("DC004", "DIP003", "DIP004", "DIP008")
    } == {
        "DC004": None,
        "DIP003": None,
        "DIP004": None,
        "DIP008": None,
    }


# -- L01 removed-outputs-key ----------------------------------------------------------------


def test_l01_outputs_key() -> None:
    text = edit("    output:\n      plan_doc: The plan\n", "    outputs: [plan_doc]\n")
    text = edit("{{ plan.plan_doc }}", "{{ plan }}", text)
    result = findings(text)
    assert result == [Finding("L01", "error", (8, 5), (8, 12), "outputs")]
    message = run(text, PATH).diagnostics[0].message
    assert "removed" in message and "posted comment" in message and "`plan`" in message


def test_l01_twin_output_is_fine() -> None:
    text = edit("    output:\n      plan_doc: The plan\n", "    output: [plan_doc]\n")
    assert findings(text) == []


# -- L02 reserved-step-name -----------------------------------------------------------------


def test_l02_step_named_input() -> None:
    text = edit("  - name: implement", "  - name: input")
    text = edit("next: implement", "next: input", text)
    assert findings(text) == [Finding("L02", "error", (11, 11), (11, 16), "input")]


def test_l02_twin() -> None:
    text = edit("  - name: implement", "  - name: intake")
    text = edit("next: implement", "next: intake", text)
    assert findings(text) == []


# -- L03 undeclared-workflow-input ----------------------------------------------------------


def test_l03_in_a_literal_block() -> None:
    text = edit("{{ input.issue }}", "{{ input.isue }}")
    assert findings(text) == [Finding("L03", "error", (7, 15), (7, 25), "input.isue")]
    diagnostic = run(text, PATH).diagnostics[0]
    assert "did you mean `issue`?" in diagnostic.message
    assert diagnostic.fix is not None
    assert [item.span.text for item in diagnostic.fix.edits] == ["isue"]


def test_l03_in_an_inputs_entry() -> None:
    text = edit("inputs: [plan]", "inputs: [plan, input.repo]")
    assert findings(text) == [Finding("L03", "error", (13, 20), (13, 30), "input.repo")]


def test_l03_thousands_of_misspelt_inputs_get_their_suggestion_in_linear_time() -> None:
    """Each reference to an undeclared input scanned every declared one: 4,000 of each took a
    minute and a half; the declared names are now indexed once. Its twin: the suggestion."""
    import time

    count = 4000
    declared = "".join(f"  in{index}: {{type: string}}\n" for index in range(count))
    reads = " ".join(f"{{{{ input.ni{index} }}}}" for index in range(count))
    text = f'inputs:\n{declared}steps:\n  - name: a\n    agent: x\n    prompt: "{reads}"\n'
    started = time.process_time()
    found = [item for item in run(text, PATH).diagnostics if item.code == "L03"]
    assert time.process_time() - started < 20
    assert len(found) == 1000
    assert "(did you mean `in0`?)" in found[0].message


def test_l03_without_an_inputs_block() -> None:
    text = edit("inputs:\n  issue: {type: string}\n", "")
    [diagnostic] = run(text, PATH).diagnostics
    assert diagnostic.code == "L03"
    assert "no `inputs:` block" in diagnostic.message


def test_l03_twin_declared() -> None:
    text = edit("inputs: [plan]", "inputs: [plan, input.issue]")
    assert findings(text) == []


# -- L10 input-ref --------------------------------------------------------------------------


def test_l10_list_form_did_you_mean() -> None:
    text = edit("inputs: [plan]", "inputs: [plann]")
    assert findings(text) == [Finding("L10", "error", (13, 14), (13, 19), "plann")]
    diagnostic = run(text, PATH).diagnostics[0]
    assert "did you mean `plan`?" in diagnostic.message
    assert diagnostic.fix is not None and diagnostic.fix.edits[0].text == "plan"


def test_l10_mapping_form() -> None:
    text = edit("inputs: [plan]", "inputs: {context: plann}")
    assert findings(text) == [Finding("L10", "error", (13, 23), (13, 28), "plann")]


def test_l10_twin_mapping_form() -> None:
    assert findings(edit("inputs: [plan]", "inputs: {context: plan}")) == []


def test_l10_block_list_and_quoted_entry() -> None:
    text = edit("inputs: [plan]", 'inputs:\n      - "plan"\n      - "a b"')
    assert findings(text) == [Finding("L10", "error", (15, 10), (15, 13), "a b")]
    assert "is not a reference" in run(text, PATH).diagnostics[0].message


def test_l10_legacy_dotted_form_gets_a_migration_hint() -> None:
    text = edit("    output:\n      plan_doc: The plan\n", "")
    text = edit("{{ plan.plan_doc }}", "{{ plan }}", text)
    text = edit("inputs: [plan]", "inputs: [plan.plan_doc]", text)
    assert findings(text) == [Finding("L10", "error", (11, 14), (11, 27), "plan.plan_doc")]
    message = run(text, PATH).diagnostics[0].message
    assert "#756" in message and "declares no `output:` sections" in message


def test_l10_undeclared_field() -> None:
    text = edit("inputs: [plan]", "inputs: [plan.plan_dco]")
    assert findings(text) == [Finding("L10", "error", (13, 14), (13, 27), "plan.plan_dco")]
    diagnostic = run(text, PATH).diagnostics[0]
    assert "did you mean `plan_doc`?" in diagnostic.message
    assert diagnostic.fix is not None
    assert [item.span.text for item in diagnostic.fix.edits] == ["plan_dco"]


def test_l10_twin_declared_field() -> None:
    assert findings(edit("inputs: [plan]", "inputs: [plan.plan_doc]")) == []


# -- L11 prompt-ref -------------------------------------------------------------------------


def test_l11_unknown_step_in_a_literal_block() -> None:
    text = edit("Plan {{ input.issue }}.", "Plan {{ input.issue }} after {{ implemnt }}.")
    assert findings(text) == [Finding("L11", "error", (7, 36), (7, 50), "{{ implemnt }}")]
    message = run(text, PATH).diagnostics[0].message
    assert "did you mean `implement`?" in message and "_(unavailable: implemnt)_" in message


def test_l11_undeclared_field_in_a_folded_block() -> None:
    text = edit("{{ plan.plan_doc }}", "{{ plan.plan }}")
    assert findings(text) == [Finding("L11", "error", (15, 17), (15, 32), "{{ plan.plan }}")]


def test_l11_malformed_placeholders() -> None:
    text = edit("carefully.", "carefully {{ a b }} and {{ never closed.")
    assert findings(text) == [
        Finding("L11", "error", (16, 17), (16, 26), "{{ a b }}"),
        Finding("L11", "error", (16, 31), (16, 33), "{{"),
    ]


def test_l11_bare_input_is_explained() -> None:
    text = edit("{{ input.issue }}", "{{ input }}")
    [diagnostic] = run(text, PATH).diagnostics
    assert diagnostic.code == "L11"
    assert "`input.<name>`" in diagnostic.message


def test_l11_twin() -> None:
    text = edit("Plan {{ input.issue }}.", "Plan {{input.issue}} after {{ implement }}.")
    assert only(findings(text), "L11") == []


# -- format-neutral rules -------------------------------------------------------------------


def test_dip003_unknown_next_target_with_did_you_mean() -> None:
    text = edit("next: implement", "next: implment")
    result = findings(text)
    assert only(result, "DIP003") == [Finding("DIP003", "error", (10, 11), (10, 19), "implment")]
    assert "did you mean `implement`?" in run(text, PATH).diagnostics[0].message


def test_dip003_unknown_condition_target() -> None:
    text = edit(
        "    next: null\n",
        "    conditions:\n      - on_result: rejected\n        next: pln\n    next: null\n",
    )
    assert findings(text) == [Finding("DIP003", "error", (19, 15), (19, 18), "pln")]


def test_dip003_twin() -> None:
    text = edit(
        "    next: null\n",
        "    conditions:\n      - on_result: rejected\n        next: plan\n    next: null\n",
    )
    assert findings(text) == []


def test_dip004_unreachable_step() -> None:
    text = edit("    next: implement\n", "    next: null\n")
    result = only(findings(text), "DIP004")
    assert result == [Finding("DIP004", "error", (11, 11), (11, 20), "implement")]


def test_dip004_twin() -> None:
    assert only(findings(BASE), "DIP004") == []


def test_dip008_duplicate_step() -> None:
    text = BASE + "  - name: plan\n    agent: again\n"
    assert findings(text) == [Finding("DIP008", "error", (18, 11), (18, 15), "plan")]


def test_dip008_twin() -> None:
    text = edit("    next: null\n", "    next: wrap\n") + "  - name: wrap\n    agent: again\n"
    assert findings(text) == []


def test_dc004_unknown_step_key() -> None:
    text = edit("    agent: dev\n", "    agent: dev\n    promt: hi\n")
    assert findings(text) == [Finding("DC004", "error", (13, 5), (13, 10), "promt")]
    diagnostic = run(text, PATH).diagnostics[0]
    assert "did you mean `prompt`?" in diagnostic.message
    assert diagnostic.fix is not None and diagnostic.fix.edits[0].text == "prompt"


def test_dc004_unknown_top_level_and_condition_keys() -> None:
    text = "descripton: x\n" + edit(
        "    next: null\n",
        "    conditions:\n      - on_result: ok\n        next: null\n        when: x\n",
    )
    assert findings(text) == [
        Finding("DC004", "error", (1, 1), (1, 11), "descripton"),
        Finding("DC004", "error", (21, 9), (21, 13), "when"),
    ]


def test_dc004_twin() -> None:
    assert findings("description: x\n" + BASE) == []


def test_dc006_duplicate_key() -> None:
    text = edit("    agent: dev\n", "    agent: dev\n    agent: ops\n")
    [diagnostic] = run(text, PATH).diagnostics
    assert findings(text) == [Finding("DC006", "error", (13, 5), (13, 10), "agent")]
    assert [item.span.text for item in diagnostic.related] == ["agent"]
    assert diagnostic.related[0].span.start_position() == (11, 4)


def test_dc006_anywhere_in_the_document() -> None:
    text = edit("  issue: {type: string}", "  issue: {type: string, type: text}")
    assert findings(text) == [Finding("DC006", "error", (2, 25), (2, 29), "type")]


def test_dc001_syntax_error_position() -> None:
    text = edit("    next: implement\n", "   next: implement\n")
    [diagnostic] = run(text, PATH).diagnostics
    assert findings(text) == [Finding("DC001", "error", (10, 4), (10, 9), "next:")]
    assert "indentation" in diagnostic.message


def test_dc001_unterminated_quote_points_at_its_start() -> None:
    text = BASE + '  - name: x\n    agent: "dev\n'
    assert findings(text) == [Finding("DC001", "error", (19, 12), (19, 16), '"dev')]
    assert "quoted scalar" in run(text, PATH).diagnostics[0].message


def test_dc001_tab_indentation() -> None:
    text = edit("    agent: dev\n", "\tagent: dev\n")
    assert findings(text) == [Finding("DC001", "error", (12, 1), (12, 2), "\t")]


def test_dc001_twin_parses() -> None:
    assert findings(edit("    next: implement\n", "    next:   implement\n")) == []


def test_dc001_broken_shape() -> None:
    text = BASE + "  - just text\n"
    assert findings(text) == [Finding("DC001", "error", (18, 5), (18, 14), "just text")]


def test_dc001_missing_name() -> None:
    text = BASE + "  - agent: ops\n"
    assert findings(text) == [Finding("DC001", "error", (18, 5), (18, 10), "agent")]


def test_dc001_unsafe_tag() -> None:
    text = edit("agent: dev", "agent: !!python/object/apply:os.system [ls]")
    assert findings(text) == [
        Finding("DC001", "error", (12, 12), (12, 43), "!!python/object/apply:os.system"),
        Finding("DC005", "error", (12, 44), (12, 48), "[ls]"),
    ]


def test_dc001_second_document() -> None:
    text = BASE + "---\nsteps: []\n"
    assert findings(text) == [Finding("DC001", "error", (18, 1), (18, 4), "---")]


def test_dc005_next_list() -> None:
    text = edit("next: implement", "next: [implement, plan]")
    result = findings(text)
    assert result[0] == Finding("DC005", "error", (10, 11), (10, 28), "[implement, plan]")
    assert "one step name" in run(text, PATH).diagnostics[0].message


def test_dc005_runner() -> None:
    neither = edit("    agent: dev\n", "")
    assert findings(neither) == [Finding("DC005", "error", (11, 11), (11, 20), "implement")]
    both = edit("    agent: dev\n", "    agent: dev\n    tool: make\n")
    assert findings(both) == [Finding("DC005", "error", (13, 5), (13, 9), "tool")]


def test_dc005_twin_tool_step() -> None:
    text = edit("    agent: dev\n", "    tool: make\n")
    assert findings(text) == []
    assert workflow(text).nodes[1].kind is NodeKind.TOOL


def test_dc005_wrong_shapes() -> None:
    text = edit("    inputs: [plan]\n", "    inputs: plan\n    conditions: {on_result: x}\n")
    assert findings(text) == [
        Finding("DC005", "error", (13, 13), (13, 17), "plan"),
        Finding("DC005", "error", (14, 17), (14, 31), "{on_result: x}"),
    ]


def test_dc005_condition_entries() -> None:
    text = edit(
        "    next: null\n",
        "    conditions:\n      - on_result: ok\n      -\n      - next: plan\n    next: null\n",
    )
    result = run(text, PATH).diagnostics
    assert findings(text) == [
        Finding("DC005", "error", (18, 9), (18, 22), "on_result: ok"),
        Finding("DC005", "error", (19, 7), (19, 8), "-"),
        Finding("DC005", "error", (20, 9), (20, 19), "next: plan"),
    ]
    assert "needs `next:` (null ends the workflow)" in result[0].message
    assert "not an empty value" in result[1].message
    assert "needs `on_result:`" in result[2].message


def test_dc002_too_large() -> None:
    text = BASE + "# " + "x" * (2 * 1024 * 1024) + "\n"
    assert [item.code for item in run(text, PATH).diagnostics] == ["DC002"]


# -- the model ------------------------------------------------------------------------------


MODEL = """\
name: review-loop
inputs:
  issue: {type: string, required: true}
  dry_run: boolean
steps:
  - name: plan
    agent: architect
    prompt: |-2
        Plan {{ input.issue }}
      from {{plan}}
    output: [plan_doc, risks]
    next: implement
  - name: implement
    tool: build
    inputs: {context: plan, doc: plan.plan_doc}
    prompt: >+
      Build {{ plan.plan_doc }}
      and {{
      plan }}

    next: review
  - name: review
    agent: reviewer
    inputs:
      - plan
      - 'implement'
      - input.issue
    prompt: "Check {{ implement }}\\tnow"
    conditions:
      - on_result: approved
        next: null
      - on_result: rejected
        next: implement
      - {on_result: needs work, next: plan}
    next: plan
"""


def test_model_nodes_and_header() -> None:
    flow = workflow(MODEL)
    assert flow.format == "yaml"
    assert flow.name is not None and flow.name.value == "review-loop"
    assert flow.start == "plan"
    start = flow.header_field("start")
    assert start is not None and start.value_span.text == "plan"
    nodes = [(node.id, node.kind, node.id_span.text, node.kind_span.text) for node in flow.nodes]
    assert nodes == [
        ("plan", NodeKind.AGENT, "plan", "agent"),
        ("implement", NodeKind.TOOL, "implement", "tool"),
        ("review", NodeKind.AGENT, "review", "agent"),
    ]
    assert [(item.name.value, item.type.value) for item in flow.inputs] == [
        ("issue", "string"),
        ("dry_run", "boolean"),
    ]


def test_model_fields() -> None:
    plan = workflow(MODEL).nodes[0]
    prompt = plan.get("prompt")
    assert prompt is not None and prompt.block
    assert prompt.text == "  Plan {{ input.issue }}\nfrom {{plan}}"
    assert prompt.value_span.text.startswith("|-2\n")
    output = plan.get("output")
    assert output is not None
    assert [(child.key, child.key_span.text) for child in output.children] == [
        ("plan_doc", "plan_doc"),
        ("risks", "risks"),
    ]
    mapping_output = workflow(BASE).nodes[0].get("output")
    assert mapping_output is not None
    assert [(child.key, child.text) for child in mapping_output.children] == [
        ("plan_doc", "The plan")
    ]


def test_model_edges_in_order() -> None:
    flow = workflow(MODEL)
    summary = [
        (
            edge.source.value,
            edge.target.value,
            edge.target.span.text,
            edge.condition.raw if edge.condition else None,
        )
        for edge in flow.edges
    ]
    assert summary == [
        ("plan", "implement", "implement", None),
        ("implement", "review", "review", None),
        ("review", "implement", "implement", "outcome = rejected"),
        ("review", "plan", "plan", 'outcome = "needs work"'),
        ("review", "plan", "plan", None),
    ]
    condition = flow.edges[2].condition
    assert condition is not None
    assert condition.shorthand and condition.expr is not None
    assert condition.span.text == "rejected"
    assert flow.edges[0].span.text == "next: implement"


def test_model_references() -> None:
    flow = workflow(MODEL)

    def table(owner: str) -> list[tuple[object, ...]]:
        return [
            (
                ref.kind,
                ref.key,
                ref.span.text,
                ref.node_span.text if ref.node_span else None,
                ref.origin,
                ref.attribute,
            )
            for ref in refs(flow, owner)
        ]

    assert table("plan") == [
        (RefKind.INPUTS, "issue", "{{ input.issue }}", None, Origin.INTERP, "prompt"),
        (RefKind.STEP, "plan", "{{plan}}", "plan", Origin.INTERP, "prompt"),
    ]
    assert table("implement") == [
        (RefKind.STEP, "plan", "plan", "plan", Origin.INPUTS, "inputs"),
        (RefKind.STEP, "plan.plan_doc", "plan.plan_doc", "plan", Origin.INPUTS, "inputs"),
        (RefKind.STEP, "plan.plan_doc", "{{ plan.plan_doc }}", "plan", Origin.INTERP, "prompt"),
        (RefKind.STEP, "plan", "{{\n      plan }}", "plan", Origin.INTERP, "prompt"),
    ]
    assert table("review") == [
        (RefKind.STEP, "plan", "plan", "plan", Origin.INPUTS, "inputs"),
        (RefKind.STEP, "implement", "'implement'", "implement", Origin.INPUTS, "inputs"),
        (RefKind.INPUTS, "issue", "input.issue", None, Origin.INPUTS, "inputs"),
        (RefKind.STEP, "implement", "{{ implement }}", "implement", Origin.INTERP, "prompt"),
    ]
    for ref in flow.references:
        assert ref.node in (None, "plan", "implement")
    starts = [ref.span.start for ref in flow.references]
    assert starts == sorted(starts)


@pytest.mark.parametrize(
    "header",
    ["|", "|-", "|+", "|2", "|-2", ">", ">-", ">+", ">2", '"', "'", "plain"],
)
def test_block_and_quoted_scalars_map_every_character(header: str) -> None:
    if header in ('"', "'"):
        value = f"{header}Look at {{{{ plan }}}}\n      and {{{{ plan.plan_doc }}}}{header}"
    elif header == "plain":
        value = "Look at {{ plan }}\n      and {{ plan.plan_doc }}"
    else:
        value = f"{header}\n      Look at {{{{ plan }}}}\n\n      and {{{{ plan.plan_doc }}}}\n"
    text = edit(
        "    prompt: >\n      Implement {{ plan.plan_doc }}\n      carefully.\n",
        f"    prompt: {value}\n",
    )
    flow = workflow(text)
    assert [ref.span.text for ref in refs(flow, "implement") if ref.origin is Origin.INTERP] == [
        "{{ plan }}",
        "{{ plan.plan_doc }}",
    ]
    prompt = flow.nodes[1].get("prompt")
    assert prompt is not None
    source = flow.source.text
    for index, char in enumerate(prompt.text):
        mapped = source[prompt.value.offset(index)]
        assert mapped == char or (char in " \n" and mapped in " \n"), (index, char, mapped)


def test_escapes_in_double_quotes_map_to_the_escape() -> None:
    text = edit(
        "    prompt: >\n      Implement {{ plan.plan_doc }}\n      carefully.\n",
        '    prompt: "\\x41 \\"{{ plan }}\\" \\u00e9 {{ plan.plan_doc }}"\n',
    )
    flow = workflow(text)
    prompt = flow.nodes[1].get("prompt")
    assert prompt is not None and prompt.text == 'A "{{ plan }}" é {{ plan.plan_doc }}'
    first, second = prompt.value.offset(0), prompt.value.offset(1)
    assert flow.source.text[first:second] == "\\x41"
    assert [ref.span.text for ref in refs(flow, "implement")][1:] == [
        "{{ plan }}",
        "{{ plan.plan_doc }}",
    ]


def test_aliases_and_merge_keys() -> None:
    text = dedent(
        """
        steps:
          - &common
            name: plan
            agent: architect
            prompt: &shared |
              Use {{ plan }}.
            next: implement
          - <<: *common
            name: implement
            prompt: *shared
            next: null
        """
    )
    flow = workflow(text)
    implement = flow.nodes[1]
    assert implement.get("agent") is not None
    assert [(ref.owner, ref.span.start_position()) for ref in flow.references] == [
        ("plan", (5, 10)),
        ("implement", (5, 10)),
    ]


def test_a_step_repeated_through_an_alias() -> None:
    text = dedent(
        """
        steps:
          - &shared
            name: plan
            agent: architect
            promt: hi
            next: null
          - *shared
        """
    )
    assert findings(text) == [
        Finding("DC004", "error", (5, 5), (5, 10), "promt"),
        Finding("DIP008", "error", (7, 5), (7, 12), "*shared"),
    ]


def test_unsafe_tag_before_an_anchor() -> None:
    text = edit("agent: dev", "agent: !!python/name:os.system &who dev")
    assert findings(text) == [
        Finding("DC001", "error", (12, 12), (12, 35), "!!python/name:os.system"),
    ]


def test_safe_tags_are_accepted() -> None:
    assert findings(edit("agent: dev", "agent: !!str dev")) == []


def test_agent_tool_agent_is_both() -> None:
    text = edit("    agent: dev\n", "    agent: dev\n    tool: make\n    agent: ops\n")
    assert [item.code for item in run(text, PATH).diagnostics] == ["DC005", "DC006"]


def test_alias_without_anchor() -> None:
    text = edit("agent: dev", "agent: *who")
    assert findings(text)[0] == Finding("DC001", "error", (12, 12), (12, 16), "*who")


# -- recognising step workflows and the engine ----------------------------------------------

NOT_WORKFLOWS = {
    "github-actions": "on: push\njobs:\n  build:\n    steps:\n      - name: x\n        run: make\n",
    "drone": "kind: pipeline\nsteps:\n  - name: build\n    image: golang\n",
    "compose": "services:\n  web:\n    image: nginx\n",
    "broken-other": "steps: [\n  - name: x\n",
    "empty": "",
}


@pytest.mark.parametrize("name", sorted(NOT_WORKFLOWS))
def test_other_yaml_is_ignored(name: str) -> None:
    result = lint_text(NOT_WORKFLOWS[name], "other.yaml")
    assert result.workflow is None
    assert result.diagnostics == []


def test_a_broken_step_workflow_is_still_reported() -> None:
    text = "steps:\n  - name: plan\n    agent: [architect\n"
    assert [item.code for item in run(text, PATH).diagnostics] == ["DC001"]


def test_detect_format() -> None:
    assert detect_format("flows/a.yaml") == "yaml"
    assert detect_format("flows/A.YML") == "yaml"
    assert detect_format("flows/a.dip") == "dip"
    assert detect_format("flows/a.wf") is None
    config = Config(include=("flows/*.wf",), root=".")
    assert detect_format("flows/a.wf", config) == "yaml"


def test_lint_paths_keeps_only_step_workflows(tmp_path: Path) -> None:
    (tmp_path / "flow.yaml").write_text(BASE)
    (tmp_path / "ci.yml").write_text(NOT_WORKFLOWS["github-actions"])
    (tmp_path / "notes.txt").write_text("steps:")
    skipped: list[str] = []
    results = lint_paths([str(tmp_path)], skipped=skipped)
    assert [Path(item.path).name for item in results] == ["flow.yaml"]
    assert [Path(path).name for path in skipped] == ["ci.yml"]
    # a named file is always in the results; YAML that is no step workflow has no findings
    # (pre-commit names every YAML file of a repository)
    [explicit] = lint_paths([str(tmp_path / "ci.yml")], skipped=skipped)
    assert explicit.not_a_workflow and explicit.diagnostics == []
    assert len(skipped) == 1


def test_include_globs_force_the_step_dialect(tmp_path: Path) -> None:
    (tmp_path / "flow.wf").write_text(BASE)
    (tmp_path / "ci.yml").write_text(NOT_WORKFLOWS["compose"])
    config = Config(include=("*.wf", "ci.yml"), root=str(tmp_path))
    results = {Path(item.path).name: item for item in lint_paths([str(tmp_path)], config)}
    assert sorted(results) == ["ci.yml", "flow.wf"]
    assert results["flow.wf"].diagnostics == []
    assert results["flow.wf"].workflow is not None
    [problem] = results["ci.yml"].diagnostics
    assert problem.code == "DC001" and "configured as a step workflow" in problem.message


def test_linting_dip_files_does_not_import_ruamel() -> None:
    script = textwrap.dedent(
        """
        import sys
        from dipcheck.engine import lint_text
        lint_text("workflow W\\n  start: A\\n  exit: A\\n  agent A\\n    label: a\\n", "w.dip")
        print("ruamel" in " ".join(sys.modules))
        """
    )
    output = subprocess.run(
        [sys.executable, "-c", script], cwd=PROJECT, capture_output=True, text=True, check=True
    )
    assert output.stdout.strip() == "False"


# -- the reference grammar and the registry -------------------------------------------------


def test_placeholder_scanner() -> None:
    found = list(step_refs.placeholders("a {{ b }} {{c.d}} {{{ e }}} {{ input.f }} {{ }} {{"))
    assert [(ref.form, ref.key) for ref in found] == [
        (step_refs.Form.STEP, "b"),
        (step_refs.Form.FIELD, "c.d"),
        (step_refs.Form.STEP, "e"),
        (step_refs.Form.INPUT, "f"),
        (step_refs.Form.MALFORMED, ""),
        (step_refs.Form.MALFORMED, ""),
    ]


def test_rules_are_documented_for_yaml_only() -> None:
    names = {
        "L01": "removed-outputs-key",
        "L02": "reserved-step-name",
        "L03": "undeclared-workflow-input",
        "L10": "input-ref",
        "L11": "prompt-ref",
    }
    for code, name in names.items():
        declared = registry.get(code)
        assert declared is not None and declared.name == name
        assert declared.formats == frozenset({"yaml"})
        assert declared.severity.label == "error"
        assert declared.summary and declared.rationale and declared.example and declared.fix


class _Counted(str):
    """A text that counts the characters its ``find`` calls pass over."""

    scanned = 0

    def find(self, sub: str, start: int = 0, *rest: int) -> int:  # type: ignore[override]
        found = super().find(sub, start, *rest)
        _Counted.scanned += (found if found != -1 else len(self)) - start
        return found


def test_placeholders_read_a_prompt_of_unclosed_braces_in_linear_time() -> None:
    """Each `{{` of a text with no `}}` after it searched for one to the end: `{{ ` 300,000
    times (900 KB) took minutes (twelfth audit). Counted, not timed: the characters the
    searches pass over stay a small multiple of the text."""
    from dipcheck.frontends.step_refs import Form, placeholders

    text = _Counted("{{ " * 20_000)
    _Counted.scanned = 0
    found = list(placeholders(text))
    assert len(found) == 20_000 and all(item.form is Form.MALFORMED for item in found)
    assert _Counted.scanned <= 4 * len(text)
    # the twin: closed placeholders are read as before
    assert [(item.form, item.name) for item in placeholders("a {{ plan }} b {{ x {{ y }}")] == [
        (Form.STEP, "plan"),
        (Form.MALFORMED, ""),
        (Form.STEP, "y"),
    ]


def test_steps_that_take_their_keys_through_a_merge_key_are_a_step_workflow(
    tmp_path: Path,
) -> None:
    """Every step got `agent:` through `<<: *dev`: the file was skipped as no step workflow
    ("No files checked"), its misspelt placeholder never reported (twelfth audit)."""
    (tmp_path / "merged.yaml").write_text(
        "steps:\n  - name: implement\n"
        '    <<: &dev {agent: dev, prompt: "Use the notes in {{ reviw }}"}\n'
        "    next: review\n  - name: review\n    <<: *dev\n    next: null\n",
        encoding="utf-8",
    )
    [result] = lint_paths([str(tmp_path)], jobs=1)
    assert [(item.code, item.span.text) for item in result.diagnostics] == [("L11", "{{ reviw }}")]
    # the twin: YAML whose mappings merge other keys is still no step workflow
    (tmp_path / "merged.yaml").write_text(
        "steps:\n  - <<: &x {run: make}\n  - <<: *x\n", encoding="utf-8"
    )
    assert lint_paths([str(tmp_path)], jobs=1) == []


def test_a_step_workflow_with_lone_carriage_returns_is_recognised(tmp_path: Path) -> None:
    """A file with CR-only line ends and a syntax error was skipped (exit 0) while its LF twin
    got DC001: the `steps:` test saw no line start after a lone CR (twelfth audit)."""
    broken = "name: wf\nsteps:\n  - name: plan\n    agent: architect\n    next: [\n"
    for ending in ("\n", "\r"):
        (tmp_path / "broken.yaml").write_text(broken.replace("\n", ending), encoding="utf-8")
        [result] = lint_paths([str(tmp_path)], jobs=1)
        assert [item.code for item in result.diagnostics] == ["DC001"], repr(ending)


LOOPING = """
name: review-loop
steps:
  - name: implement
    agent: dev
    prompt: Implement the change.
    next: review
  - name: review
    agent: reviewer
    inputs: [implement]
    prompt: Review {{ implement }}.
    next: implement
"""


def test_dip005_steps_that_loop_with_no_way_out() -> None:
    """A review loop that forgot its approval exit, and a poller that runs itself again: no
    step can end the run, and nothing said so (twelfth audit; the reference lists "cycles
    without a way out" among the rules of step workflows). A warning: the engine refuses
    nothing, a run that reaches the loop never ends."""
    assert only(lint(LOOPING, "<test>.yaml"), "DIP005") == [
        Finding("DIP005", "warning", (3, 11), (3, 20), "implement")
    ]
    [item] = [item for item in run(LOOPING, "<test>.yaml").diagnostics if item.code == "DIP005"]
    assert item.message == (
        "the steps `implement` → `review` → `implement` loop with no way out: neither they nor "
        "any step after them ends the workflow (`next: null`, no `next:`, or a condition's "
        "`next: null`), so a run that reaches them never ends"
    )
    poll = "steps:\n  - name: start\n    agent: a\n    next: poll\n  - name: poll\n"
    poll += "    tool: check-ci\n    next: poll\n"
    assert only(lint(poll, "<test>.yaml"), "DIP005") == [
        Finding("DIP005", "warning", (5, 11), (5, 15), "poll")
    ]


def test_dip005_twins_a_loop_with_a_way_out_is_not_reported() -> None:
    approved = LOOPING.replace(
        "    next: implement\n",
        "    next: implement\n    conditions:\n      - on_result: approved\n        next: null\n",
    )
    assert only(lint(approved, "<test>.yaml"), "DIP005") == []
    # a way out through a later step, and a loop whose step names an unknown one (DIP003's)
    way_out = "    conditions:\n      - on_result: approved\n        next: ship\n"
    later = LOOPING.replace("    next: implement\n", "    next: implement\n" + way_out)
    later += "  - name: ship\n    agent: dev\n"
    assert only(lint(later, "<test>.yaml"), "DIP005") == []
    unknown = LOOPING.replace("    next: implement\n", "    next: implemnt\n")
    assert only(lint(unknown, "<test>.yaml"), "DIP005", "DIP003") == [
        Finding("DIP003", "error", (11, 11), (11, 19), "implemnt")
    ]
