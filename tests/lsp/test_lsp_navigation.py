"""Go-to-definition, find-references, rename and document symbols over LSP."""

from __future__ import annotations

import os
import re

import pytest
from lsp_support import DEMO, PROJECT, Session, dedent, find, position_at
from lsprotocol import types
from pygls.exceptions import JsonRpcException

pytestmark = pytest.mark.asyncio(loop_scope="module")

ZERO = types.Range(types.Position(0, 0), types.Position(0, 0))


async def definition(lsp: Session, uri: str, needle: str, nth: int = 0, delta: int = 0) -> list:
    found = await lsp.client.text_document_definition_async(
        types.DefinitionParams(lsp.doc(uri), lsp.position(uri, needle, nth, delta))
    )
    return list(found or [])


async def test_definition_of_node_ids(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    plan = [types.Location(uri, lsp.range(uri, "Plan", nth=0))]
    assert await definition(lsp, uri, "-> Plan", delta=3) == plan  # edge target
    assert await definition(lsp, uri, "    Plan -> Build", delta=4) == plan  # edge source
    assert await definition(lsp, uri, "retry_target: Plan", delta=14) == plan
    assert await definition(lsp, uri, "ctx.node.Plan", delta=10) == plan  # ${ctx.node.ID.key}
    assert await definition(lsp, uri, "start: Start", delta=9) == [
        types.Location(uri, lsp.range(uri, "Start", nth=1))
    ]
    # the end of a name still counts as on it
    assert await definition(lsp, uri, "Build -> Check", delta=len("Build -> Check")) == [
        types.Location(uri, lsp.range(uri, "Check", nth=0))
    ]


async def test_definition_of_context_keys_goes_to_producers(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    assert await definition(lsp, uri, "${ctx.plan_doc}", delta=8) == [
        types.Location(uri, lsp.range(uri, "plan_doc", nth=0))
    ]
    report = types.Location(uri, lsp.range(uri, "report", nth=0))
    assert await definition(lsp, uri, "ctx.report contains", delta=5) == [report]  # condition
    assert await definition(lsp, uri, "${ctx.report}", delta=7) == [report]  # prompt


PARENT = dedent(
    """
    workflow Parent
      start: Start
      exit: Done

      agent Start
        label: Start
        prompt_file: prompts/start.md

      subgraph Child
        ref: flows/child

      agent Done
        label: Done

      edges
        Start -> Child
        Child -> Done
    """
)


async def test_definition_of_subgraph_refs_and_file_directives(lsp: Session) -> None:
    child = lsp.write(
        "flows/child.dip", "workflow Child\n  start: A\n  exit: A\n\n  agent A\n    label: A\n"
    )
    prompt = lsp.write("prompts/start.md", "Say hello.\n")
    uri = lsp.open("parent.dip", PARENT)
    assert await definition(lsp, uri, "flows/child", delta=2) == [
        types.Location(child.as_uri(), ZERO)
    ]
    assert await definition(lsp, uri, "prompts/start.md", delta=3) == [
        types.Location(prompt.as_uri(), ZERO)
    ]


async def references(lsp: Session, uri: str, needle: str, delta: int, declaration: bool) -> list:
    found = await lsp.client.text_document_references_async(
        types.ReferenceParams(
            text_document=lsp.doc(uri),
            position=lsp.position(uri, needle, delta=delta),
            context=types.ReferenceContext(include_declaration=declaration),
        )
    )
    return sorted(
        (item.range.start.line, item.range.start.character, item.range.end.character)
        for item in found or []
    )


def occurrences(lsp: Session, uri: str, name: str, skip: tuple[str, ...] = ()) -> list:
    """Ranges of every occurrence of ``name`` as a whole word, except in ``skip`` lines."""
    text = lsp.texts[uri]
    result = []
    start = text.find(name)
    while start >= 0:
        line = text[text.rfind("\n", 0, start) + 1 : text.find("\n", start)]
        before, after = text[start - 1], text[start + len(name)]
        whole = not before.isalnum() and not after.isalnum() and after != "_"
        if whole and not any(item in line for item in skip):
            first = position_at(text, start, lsp.encoding)
            last = position_at(text, start + len(name), lsp.encoding)
            result.append((first.line, first.character, last.character))
        start = text.find(name, start + 1)
    return sorted(result)


async def test_references_of_a_node(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    every = occurrences(lsp, uri, "Plan", skip=("label:", "Plan it."))
    # the declaration, retry_target, ${ctx.node.Plan.…} and three edges
    assert len(every) == 6
    assert await references(lsp, uri, "Plan -> Done", 0, True) == every
    declaration = occurrences(lsp, uri, "Plan", skip=("label:", "Plan it.", "->", "$", "retry"))
    assert await references(lsp, uri, "Plan -> Done", 0, False) == sorted(
        set(every) - set(declaration)
    )


async def test_references_of_a_context_key(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    every = occurrences(lsp, uri, "report")
    assert len(every) == 3  # writes: report, ${ctx.report}, ctx.report in a condition
    assert await references(lsp, uri, "${ctx.report}", 7, True) == every
    reads = [item for item in every if item != occurrences(lsp, uri, "report")[0]]
    assert await references(lsp, uri, "writes: report", 8, False) == reads


async def rename(lsp: Session, uri: str, needle: str, new: str, delta: int = 0):
    return await lsp.client.text_document_rename_async(
        types.RenameParams(lsp.doc(uri), lsp.position(uri, needle, delta=delta), new)
    )


async def test_rename_a_node_everywhere(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    prepared = await lsp.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(lsp.doc(uri), lsp.position(uri, "Plan -> Done", delta=1))
    )
    name = types.Range(
        lsp.position(uri, "Plan -> Done"), lsp.position(uri, "Plan -> Done", delta=4)
    )
    assert prepared == types.PrepareRenamePlaceholder(name, "Plan")
    edit = await rename(lsp, uri, "Plan -> Done", "Design")
    expected = (
        DEMO.replace("agent Plan", "agent Design")
        .replace("retry_target: Plan", "retry_target: Design")
        .replace("ctx.node.Plan.", "ctx.node.Design.")
        .replace("-> Plan", "-> Design")
        .replace("    Plan -> ", "    Design -> ")
    )
    assert lsp.applied(uri, edit) == expected
    if lsp.spec == "visual-studio-code":  # the client applies it only to this version
        assert edit.document_changes[0].text_document.version == 1


EVERY_PLACE = dedent(
    """
    workflow Renames
      start: Alpha
      exit: Zed

      defaults
        on_failure: Alpha
        restart_target: Alpha

      agent Alpha
        label: first
        prompt:
          Use ${ctx.node.Alpha.last_response}.
        reads: node.Alpha.last_response
        retry_target: Alpha
        fallback_target: Alpha

      agent Beta
        label: second
        fallback_retry_target: Alpha

      parallel Fork -> Alpha, Beta
      fan_in Join <- Alpha, Beta

      agent Zed
        label: last

      stylesheet:
        #Alpha
          model: claude-haiku-4-5

      edges
        Alpha -> Fork  when node.Alpha.outcome = ok
        Join -> Zed
        else -> Alpha
    """
)


async def test_rename_reaches_every_kind_of_node_reference(lsp: Session) -> None:
    uri = lsp.open("renames.dip", EVERY_PLACE)
    edit = await rename(lsp, uri, "else -> Alpha", "First", delta=9)
    renamed = lsp.applied(uri, edit)
    assert renamed == re.sub(r"\bAlpha\b", "First", EVERY_PLACE)
    assert EVERY_PLACE.count("Alpha") == 15


async def test_rename_is_refused_for_existing_or_invalid_names(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    with pytest.raises(JsonRpcException, match="a node named `Build` already exists"):
        await rename(lsp, uri, "agent Plan", "Build", delta=6)
    with pytest.raises(JsonRpcException, match="`two words` is not a valid node id"):
        await rename(lsp, uri, "-> Plan", "two words", delta=3)
    assert (
        await lsp.client.text_document_prepare_rename_async(
            types.PrepareRenameParams(lsp.doc(uri), lsp.position(uri, "goal"))
        )
        is None
    )


async def test_rename_a_yaml_step(lsp: Session) -> None:
    text = (PROJECT / "fixtures" / "steps" / "spec_driven.yaml").read_text(encoding="utf-8")
    uri = lsp.open("flow.yaml", text)
    edit = await rename(lsp, uri, "{{ plan }}", "design", delta=3)
    assert edit is not None
    expected = (
        text.replace("- name: plan\n", "- name: design\n")
        .replace("inputs: [plan]", "inputs: [design]")
        .replace("{{ plan.plan_doc }}", "{{ design.plan_doc }}")
        .replace("{{ plan.risks }}", "{{ design.risks }}")
        .replace("{plan: plan, change", "{plan: design, change")
        .replace("{{ plan }}", "{{ design }}")
        .replace("inputs: [plan, review]", "inputs: [design, review]")
    )
    assert lsp.applied(uri, edit) == expected
    with pytest.raises(JsonRpcException, match="a step named `review` already exists"):
        await rename(lsp, uri, "- name: plan", "review", delta=8)


async def test_document_symbols_are_a_hierarchy(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    [workflow] = await lsp.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(lsp.doc(uri))
    )
    assert (workflow.name, workflow.kind) == ("Demo", types.SymbolKind.Module)
    children = {item.name: item for item in workflow.children}
    assert list(children) == [
        "goal",
        "start",
        "exit",
        "defaults",
        "Start",
        "Plan",
        "Build",
        "Check",
        "Done",
        "edges",
    ]
    plan = children["Plan"]
    assert (plan.kind, plan.detail) == (types.SymbolKind.Function, "agent — Plan the change")
    assert plan.selection_range == lsp.range(uri, "Plan", nth=0)
    assert [item.name for item in plan.children] == ["label", "prompt", "writes"]
    assert children["Check"].kind == types.SymbolKind.Method
    assert [item.name for item in children["defaults"].children] == ["model", "provider"]
    edges = children["edges"].children
    assert [item.name for item in edges] == [
        "Start -> Plan",
        "Plan -> Build",
        "Plan -> Done",
        "Build -> Check",
        "Check -> Done",
        "Check -> Build",
    ]
    assert edges[1].detail == "ctx.outcome = success"
    assert edges[1].kind == types.SymbolKind.Event
    first = find(DEMO, "Start -> Plan")
    assert edges[0].range.start == position_at(DEMO, first, lsp.encoding)
    # sections start at their keyword line, which is also what selecting them selects
    for name in ("defaults", "edges"):
        section = children[name]
        assert DEMO.count(name) == 1
        assert section.selection_range == lsp.range(uri, name)
        assert section.range.start == section.selection_range.start


INPUTS_DIP = dedent(
    """
    workflow Inputs
      start: A
      exit: A

      inputs
        issue: string
        dry_run: bool

      agent A
        prompt: Fix ${inputs.issue}.
    """
)


@pytest.mark.parametrize("name", ["inputs.dip", "flow.yaml"])
async def test_an_inputs_section_starts_at_its_keyword(lsp: Session, name: str) -> None:
    """A YAML workflow's `inputs` symbol started at its first entry, with an empty selection
    (the keyword line was looked for as `inputs`, never `inputs:`), and so did its fold."""
    steps = PROJECT / "fixtures" / "steps" / "spec_driven.yaml"
    text = steps.read_text(encoding="utf-8") if name.endswith(".yaml") else INPUTS_DIP
    uri = lsp.open(name, text)
    [workflow] = await lsp.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(lsp.doc(uri))
    )
    [inputs] = [item for item in workflow.children if item.name == "inputs"]
    lines = text.splitlines()
    first = next(index for index, line in enumerate(lines) if line.strip(" :") == "inputs")
    last = next(index for index, line in enumerate(lines) if line.lstrip().startswith("dry_run"))
    keyword = types.Range(
        types.Position(first, lines[first].index("inputs")),
        types.Position(first, lines[first].index("inputs") + len("inputs")),
    )
    assert inputs.selection_range == keyword
    assert inputs.range == types.Range(keyword.start, types.Position(last, len(lines[last])))
    folds = await lsp.client.text_document_folding_range_async(
        types.FoldingRangeParams(lsp.doc(uri))
    )
    starts = [(item.start_line, item.end_line) for item in folds or [] if item.end_line == last]
    assert starts == [(first, last)]


def after(lsp: Session, uri: str, prefix: str, name: str) -> types.Location:
    """The location of ``name`` written right after ``prefix``."""
    start = lsp.position(uri, prefix + name, delta=len(prefix))
    end = lsp.position(uri, prefix + name, delta=len(prefix) + len(name))
    return types.Location(uri, types.Range(start, end))


async def test_definition_in_a_yaml_step_workflow(lsp: Session) -> None:
    text = (PROJECT / "fixtures" / "steps" / "spec_driven.yaml").read_text(encoding="utf-8")
    uri = lsp.open("flow.yaml", text)
    plan = [after(lsp, uri, "- name: ", "plan")]
    assert await definition(lsp, uri, "{{ plan }}", delta=4) == plan
    assert await definition(lsp, uri, "inputs: [plan]", delta=10) == plan
    assert await definition(lsp, uri, "{plan: plan", delta=8) == plan  # the value, not the alias
    assert await definition(lsp, uri, "next: implement", delta=7) == [
        after(lsp, uri, "- name: ", "implement")
    ]
    # a step's output field, and a workflow input
    assert await definition(lsp, uri, "{{ plan.risks }}", delta=9) == [
        after(lsp, uri, "      ", "risks")
    ]
    assert await definition(lsp, uri, "{{ input.issue }}", delta=10) == [
        after(lsp, uri, "  ", "issue")
    ]


async def test_folding_ranges_for_nodes_sections_and_blocks(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    found = await lsp.client.text_document_folding_range_async(
        types.FoldingRangeParams(lsp.doc(uri))
    )
    lines = DEMO.splitlines()

    def line(text: str) -> int:
        return lines.index(text)

    folds = {(item.start_line, item.end_line) for item in found or []}
    assert (line("  defaults"), line("    provider: anthropic")) in folds
    assert (line("  agent Plan"), line("    writes: plan_doc")) in folds
    plan_prompt = lines.index("    prompt:", line("  agent Plan"))
    assert (plan_prompt, plan_prompt + 1) in folds  # the prompt block under Plan
    assert (line("  edges"), len(lines) - 1) in folds
    start = line("  agent Start")  # `agent Start` and its one field: two lines, one fold
    assert (start, start + 1) in folds
    assert all(first < last for first, last in folds)


LINKED_OUT = dedent(
    """
    workflow Linked
      start: Start
      exit: Start

      agent Start
        label: Start
        prompt_file: sys/secret.md
    """
)


async def test_a_directive_through_a_link_out_of_the_tree_leads_nowhere(lsp: Session) -> None:
    """`sys -> ../elsewhere` (or `-> /proc/self`) in the workflow's folder: the lint does not
    read `sys/secret.md` (DC003) and gives it no document link, but go-to-definition
    answered with its location, for the editor to open, and hover named it. Both now follow
    what the lint read."""
    elsewhere = lsp.root.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    (elsewhere / "secret.md").write_text("Out of the tree.\n", encoding="utf-8")
    os.symlink(elsewhere, lsp.path("sys"), target_is_directory=True)
    uri = lsp.open("linked.dip", LINKED_OUT)
    assert "DC003" in [item.code for item in await lsp.diagnostics(uri)]
    assert await definition(lsp, uri, "sys/secret.md", delta=3) == []
    found = await lsp.client.text_document_hover_async(
        types.HoverParams(lsp.doc(uri), lsp.position(uri, "sys/secret.md", delta=3))
    )
    assert found is not None
    assert found.contents.value == "File `sys/secret.md`: not read"


async def test_a_subgraph_ref_out_of_the_tree_leads_nowhere(lsp: Session) -> None:
    """`ref:` naming a child outside the workflow's folder and the workspace (absolute, or
    through `sys -> ../elsewhere`): the lint refuses to load it, but definition, document
    links and hover led to it. They follow the same bounds now."""
    elsewhere = lsp.root.parent / "elsewhere-children"
    elsewhere.mkdir(exist_ok=True)
    (elsewhere / "child.dip").write_text(
        "workflow Child\n  start: A\n  exit: A\n\n  agent A\n    label: A\n", encoding="utf-8"
    )
    os.symlink(elsewhere, lsp.path("kids"), target_is_directory=True)
    text = PARENT.replace("prompt_file: prompts/start.md", "label: Start").replace(
        "ref: flows/child", f"ref: {elsewhere / 'child.dip'}"
    )
    text = text.replace(
        "  agent Done\n", "  subgraph Other\n    ref: kids/child.dip\n\n  agent Done\n"
    )
    uri = lsp.open("parent-out.dip", text)
    for needle in (str(elsewhere / "child.dip"), "kids/child.dip"):
        assert await definition(lsp, uri, needle, delta=2) == []
        found = await lsp.client.text_document_hover_async(
            types.HoverParams(lsp.doc(uri), lsp.position(uri, needle, delta=2))
        )
        assert found is not None
        assert found.contents.value == f"Subgraph child `{needle}`: not found"
    shown = await lsp.client.text_document_document_link_async(
        types.DocumentLinkParams(lsp.doc(uri))
    )
    assert not shown
