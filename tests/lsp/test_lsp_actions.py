"""Code actions over LSP: the rules' quick fixes, "suppress this finding", fix-all."""

from __future__ import annotations

import pytest
from lsp_support import DEMO, Session, edits_by_uri
from lsprotocol import types

from dipcheck.config import Config
from dipcheck.fixes import fix_text

pytestmark = pytest.mark.asyncio(loop_scope="module")

BROKEN = (
    DEMO.replace("    model: gpt-5.2\n", "    llm_model: gpt-5.2\n")
    .replace("    label: Done\n", "    label: Done\n    llm_model: claude-haiku-4-5\n")
    .replace("Build -> Check", "Build -> Chekc")
)


async def actions(
    lsp: Session,
    uri: str,
    diagnostics: list[types.Diagnostic],
    only: list[str] | None = None,
) -> list[types.CodeAction]:
    found = await lsp.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=lsp.doc(uri),
            range=diagnostics[0].range
            if diagnostics
            else types.Range(types.Position(0, 0), types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=diagnostics, only=only),
        )
    )
    assert all(isinstance(item, types.CodeAction) for item in found or [])
    return list(found or [])  # type: ignore[arg-type]


async def test_quick_fix_and_suppression_for_one_finding(lsp: Session) -> None:
    uri = lsp.open("demo.dip", BROKEN)
    [unknown] = [item for item in await lsp.diagnostics(uri) if item.code == "DIP003"]
    fix, suppress, fix_all = await actions(lsp, uri, [unknown])
    assert fix_all.kind == "source.fixAll.dipcheck"  # offered whenever a safe fix exists
    assert fix.title == "DIP003: change to `Check` (unsafe fix)"
    assert fix.kind == types.CodeActionKind.QuickFix
    assert not fix.is_preferred
    assert list(fix.diagnostics or []) == [unknown]
    assert lsp.applied(uri, fix.edit) == BROKEN.replace("Build -> Chekc", "Build -> Check")
    assert suppress.title == "Suppress DIP003 (unknown-node-reference) on this line"
    assert lsp.applied(uri, suppress.edit) == BROKEN.replace(
        "Build -> Chekc\n", "Build -> Chekc  # dipcheck: ignore[DIP003]\n"
    )


async def test_suppressing_a_finding_in_a_block(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    [finding] = [item for item in await lsp.diagnostics(uri) if item.code == "DC104"]
    [suppress] = await actions(lsp, uri, [finding])
    assert suppress.title == "Suppress DC104 (not-produced-on-every-path) for this block"
    fixed = lsp.applied(uri, suppress.edit)
    assert fixed == DEMO.replace(
        "    prompt:\n      Summarise",
        "    # dipcheck: ignore[DC104]\n    prompt:\n      Summarise",
    )
    mark = lsp.mark()
    lsp.change(uri, fixed)
    assert "DC104" not in [item.code for item in await lsp.diagnostics(uri, after=mark)]


async def test_fix_all_applies_every_safe_fix(lsp: Session) -> None:
    uri = lsp.open("demo.dip", BROKEN)
    diagnostics = await lsp.diagnostics(uri)
    assert [item.code for item in diagnostics].count("DC009") == 2
    [fix_all] = await actions(lsp, uri, [], only=["source.fixAll.dipcheck"])
    assert fix_all.kind == "source.fixAll.dipcheck"
    assert fix_all.title == "dipcheck: fix all safe findings"
    # both DC009 renames; the unsafe DIP003 suggestion is left alone
    assert lsp.applied(uri, fix_all.edit) == BROKEN.replace("llm_model:", "model:")
    assert [item.kind for item in await actions(lsp, uri, [], only=["source"])] == [
        "source.fixAll.dipcheck"
    ]
    quick = await actions(lsp, uri, diagnostics, only=[types.CodeActionKind.QuickFix])
    assert "source.fixAll.dipcheck" not in [item.kind for item in quick]
    first = next(item for item in diagnostics if item.code == "DC009")
    [rename, _, _] = await actions(lsp, uri, [first])
    assert rename.title == "DC009: rename `llm_model` to `model`"
    assert rename.is_preferred


async def test_fix_all_fixes_until_nothing_is_left_as_fix_does(lsp: Session) -> None:
    """One pass of fixes that overlap no fix before them removed `DIP003` and `DC102` from
    `ignore[DIP003, DIP004,DC102]` and left `ignore[DIP004]`, itself a DC901 with a safe fix
    (eighteenth audit); `dipcheck lint --fix` goes on until nothing is left, and so does the
    fix-all now, in one edit."""
    text = DEMO.replace(
        "  agent Start\n", "  agent Start  # dipcheck: ignore[DIP003, DIP004,DC102]\n"
    )
    uri = lsp.open("demo.dip", text)
    diagnostics = await lsp.diagnostics(uri)
    assert [item.code for item in diagnostics].count("DC901") == 3
    [fix_all] = await actions(lsp, uri, [], only=["source.fixAll.dipcheck"])
    assert fix_all.edit is not None
    [edit] = edits_by_uri(fix_all.edit)[uri]
    assert (edit.range, edit.new_text) == (
        types.Range(types.Position(9, 0), types.Position(10, 0)),
        "  agent Start\n",
    )
    assert lsp.applied(uri, fix_all.edit) == DEMO
    assert fix_text(text, "demo.dip", Config()).text == DEMO  # (what `--fix` writes)


async def test_no_actions_for_diagnostics_of_an_older_version(lsp: Session) -> None:
    uri = lsp.open("demo.dip", BROKEN)
    [unknown] = [item for item in await lsp.diagnostics(uri) if item.code == "DIP003"]
    mark = lsp.mark()
    lsp.change(uri, DEMO)
    await lsp.diagnostics(uri, after=mark)
    assert await actions(lsp, uri, [unknown]) == []


WITH_PROMPT = """workflow Prompted
  start: Ask
  exit: Ask

  agent Ask
    label: Ask
    prompt_file: prompts/ask.md
"""


async def test_actions_on_a_finding_shown_in_an_included_file(lsp: Session) -> None:
    """A finding a workflow's lint shows in its included prompt file gets its actions there
    too (the server's copy of its data, found among what the workflow's current lint found in
    that file); none once the prompt has changed."""
    prompt_text = "Answer the question.\nUse ${ctx.nowhere} too.\n"
    lsp.write("prompts/ask.md", prompt_text)
    uri = lsp.open("prompted.dip", WITH_PROMPT)
    await lsp.diagnostics(uri)
    mark = lsp.mark()
    prompt = lsp.open("prompts/ask.md", prompt_text, language_id="markdown")
    await lsp.published(uri, after=mark)  # the workflow, linted again with the open prompt
    published = await lsp.published(prompt, after=mark, where=lambda item: item.diagnostics)
    [shown] = published.diagnostics
    assert shown.code == "DC102"
    [suppress] = await actions(lsp, prompt, [shown])
    assert suppress.title == "Suppress DC102 (unproduced-context-key) on this line"
    assert lsp.applied(uri, suppress.edit) == WITH_PROMPT.replace(
        "prompts/ask.md\n", "prompts/ask.md  # dipcheck: ignore[DC102]\n"
    )
    # the prompt no longer reads the key: the workflow's lint is stale (then none is current)
    # or has run again (then the finding is gone): no action either way
    lsp.change(prompt, "Answer the question.\n")
    assert await actions(lsp, prompt, [shown]) == []


async def test_no_suppression_is_offered_in_an_ordewell_plan(lsp: Session) -> None:
    """JSON has no comments: "suppress" wrote `# dipcheck: ignore[O02]` into the plan, which
    made it invalid JSON (Ordewell refuses it, or falls back to an earlier draft of a reply)."""
    plan = (
        '{"tasks": [\n  {"id": "a", "order": 1, "title": "A", "type": "ai",\n'
        '   "sliceType": "AFK", "dependencies": [], "prompt": "do"}\n]}\n'
    )
    uri = lsp.open("plan.json", plan)
    [finding] = [item for item in await lsp.diagnostics(uri) if item.code == "O02"]
    found = await actions(lsp, uri, [finding])
    assert [item.title for item in found if item.title.startswith("Suppress")] == []
