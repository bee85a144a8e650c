"""The simulator over LSP: the ``dipcheck.simulate`` command (``workspace/executeCommand``) and
the "Simulate" code lens, against ``dipcheck lsp`` running as a subprocess."""

from __future__ import annotations

import asyncio

import pytest
from lsp_support import Session, dedent
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from dipcheck.simulate.contract import PathsDocument, SimulateDocument

pytestmark = pytest.mark.asyncio(loop_scope="module")

FLOW = dedent(
    """
    workflow Release
      start: Build
      exit: Done
      agent Build
        prompt: build it
      tool Test
        command: make test
      agent Fix
        prompt: fix it
      agent Done
        prompt: done
      edges
        Build -> Test
        Test -> Done when ctx.tool_stdout = pass
        Test -> Fix
        Fix -> Test
    """
)


async def execute(lsp: Session, *arguments: object) -> object:
    return await lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="dipcheck.simulate", arguments=list(arguments))
    )


async def test_capabilities_advertise_the_command_and_lenses(lsp: Session) -> None:
    provider = lsp.capabilities.execute_command_provider
    assert provider is not None and "dipcheck.simulate" in provider.commands
    assert lsp.capabilities.code_lens_provider is not None


async def test_code_lens_on_the_workflow_header(lsp: Session) -> None:
    uri = lsp.open("release.dip", FLOW)
    lenses = await lsp.client.text_document_code_lens_async(
        types.CodeLensParams(text_document=lsp.doc(uri))
    )
    assert lenses is not None and len(lenses) == 1
    lens = lenses[0]
    assert lens.range == lsp.range(uri, "workflow Release")
    assert lens.command is not None and lens.command.command == "dipcheck.simulate"
    assert lens.command.title == "▶ Simulate"
    assert list(lens.command.arguments or ()) == [uri, {"show": True}]


async def test_command_returns_the_json_trace_of_the_open_text(lsp: Session) -> None:
    uri = lsp.open("release.dip", FLOW)
    answer = await execute(lsp, uri)
    document = SimulateDocument.model_validate(answer)
    # Test prints nothing: `= pass` is false, the unconditional edge to Fix wins; Fix loops
    # back (a restart) until the default budget of 5 is used up
    assert document.path[:5] == ["Build", "Test", "Fix", "Test", "Fix"]
    assert document.status == "restarts_exhausted"
    # the unsaved text is what gets simulated
    lsp.change(uri, FLOW.replace("Test -> Fix\n", "Test -> Done\n"))
    changed = SimulateDocument.model_validate(await execute(lsp, uri))
    assert changed.path == ["Build", "Test", "Done"] and changed.status == "success"


async def test_command_formats_all_paths_and_show(lsp: Session) -> None:
    uri = lsp.open("release.dip", FLOW)
    mermaid = await execute(lsp, uri, {"format": "mermaid"})
    assert isinstance(mermaid, str) and mermaid.startswith("```mermaid\nflowchart TD\n")
    explored = PathsDocument.model_validate(await execute(lsp, uri, {"allPaths": True}))
    assert explored.complete and {path.status for path in explored.paths} >= {
        "success",
        "restarts_exhausted",
    }
    before = len(lsp.client.log_messages)
    await execute(lsp, uri, {"show": True})
    for _ in range(100):
        shown = [item.message for item in lsp.client.log_messages[before:]]
        if any("status: restarts_exhausted" in message for message in shown):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the text trace was not logged")


async def test_command_errors_are_error_responses(lsp: Session) -> None:
    uri = lsp.open("release.dip", FLOW)
    with pytest.raises(JsonRpcException, match="takes the document URI"):
        await execute(lsp)
    with pytest.raises(JsonRpcException, match="format must be one of"):
        await execute(lsp, uri, {"format": "svg"})
    assert lsp.client.root is not None  # a scenario is read only inside the workspace
    scenario = lsp.client.root / "bad.yaml"
    scenario.write_text("nodes: {Tset: {stdout: pass}}\n", encoding="utf-8")
    with pytest.raises(JsonRpcException, match="no node `Tset` in the workflow"):
        await execute(lsp, uri, {"scenario": str(scenario)})
