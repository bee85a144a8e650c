"""Ordewell plans in the language server (``dipcheck lsp`` as a subprocess): diagnostics,
go-to-definition and references from a dependency id to its task, hover on a task (what it is
handed, what it is not, its wave), document symbols (tasks and subtasks), the Simulate lens
and command."""

from __future__ import annotations

import pytest
from lsp_support import Session, dedent
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

PLAN = dedent(
    """
    {"tasks": [
      {"id": "model", "order": 1, "title": "Add the settings model", "type": "ai",
       "sliceType": "AFK", "autonomy": "AFK", "dependencies": [],
       "prompt": "Create the Settings interface."},
      {"id": "store", "order": 2, "title": "Persist the settings", "type": "ai",
       "sliceType": "AFK", "autonomy": "AFK", "dependencies": ["model"],
       "prompt": "Save the settings as JSON."},
      {"id": "cli", "order": 3, "title": "Wire the CLI flag", "type": "ai",
       "sliceType": "AFK", "autonomy": "AFK", "dependencies": ["store"],
       "prompt": "Add a --settings option.",
       "subtasks": [{"id": "cli-help", "order": 1, "title": "Help text",
                     "prompt": "Document the flag."}]}
    ]}
    """
)


async def test_diagnostics_on_a_plan(lsp: Session) -> None:
    mark = lsp.mark()
    uri = lsp.open("plan.json", PLAN.replace('["store"]', '["stor"]'))
    found = await lsp.diagnostics(uri, mark)
    assert [(item.code, item.range) for item in found] == [("DIP003", lsp.range(uri, '"stor"'))]


async def test_definition_and_references_of_a_dependency(lsp: Session) -> None:
    uri = lsp.open("plan.json", PLAN)
    where = await lsp.client.text_document_definition_async(
        types.DefinitionParams(
            text_document=lsp.doc(uri), position=lsp.position(uri, '"store"]', delta=2)
        )
    )
    assert where is not None
    locations = where if isinstance(where, list) else [where]
    assert [item.range for item in locations] == [lsp.range(uri, "store")]
    refs = await lsp.client.text_document_references_async(
        types.ReferenceParams(
            text_document=lsp.doc(uri),
            position=lsp.position(uri, '"model"', delta=2),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert refs is not None and [item.range for item in refs] == [lsp.range(uri, "model", 2)]


async def test_hover_shows_what_a_task_is_handed(lsp: Session) -> None:
    uri = lsp.open("plan.json", PLAN)
    hover = await lsp.client.text_document_hover_async(
        types.HoverParams(text_document=lsp.doc(uri), position=lsp.position(uri, '"cli"', delta=2))
    )
    assert hover is not None
    text = hover.contents.value  # type: ignore[union-attr]
    assert "**cli** — task 3: Wire the CLI flag" in text
    assert "Receives the review note and output tail of `store` (task 2)" in text
    assert "Does **not** receive (indirect dependencies): `model` (task 1)" in text
    assert "Starts in wave 3" in text


async def test_document_symbols_nest_subtasks(lsp: Session) -> None:
    uri = lsp.open("plan.json", PLAN)
    symbols = await lsp.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=lsp.doc(uri))
    )
    assert symbols is not None
    (root,) = symbols
    assert isinstance(root, types.DocumentSymbol)
    tasks = [item.name for item in root.children or []]
    assert tasks == ["model", "store", "cli"]
    cli = (root.children or [])[2]
    assert "cli-help" in [item.name for item in cli.children or []]


async def test_simulate_lens_and_command(lsp: Session) -> None:
    uri = lsp.open("plan.json", PLAN)
    lenses = await lsp.client.text_document_code_lens_async(
        types.CodeLensParams(text_document=lsp.doc(uri))
    )
    assert lenses is not None and len(lenses) == 1
    assert lenses[0].range == lsp.range(uri, '"tasks"')
    answer = await lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="dipcheck.simulate", arguments=[uri])
    )
    assert answer["waves"] == [["model", "cli-help"], ["store"], ["cli"]]  # type: ignore[index]
    prompt = await lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="dipcheck.simulate", arguments=[uri, {"handover": "store", "planMap": False}]
        )
    )
    assert prompt == "Save the settings as JSON.\n\n[ordewell:completion DONE_undefined]"
