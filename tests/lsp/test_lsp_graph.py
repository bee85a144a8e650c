"""``dipcheck graph`` over LSP: the ``dipcheck.graph`` command (``workspace/executeCommand``)
draws the open document as it is in the editor, against ``dipcheck lsp`` running as a
subprocess, with VS Code's and Neovim's capabilities."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from lsp_support import Session, dedent
from lsprotocol import types
from pygls.exceptions import JsonRpcException

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
        timeout: 5m
      agent Fix
        prompt: fix it
      agent Done
        prompt: done
      edges
        Build -> Test
        Test -> Done  when ctx.tool_stdout = pass
        Test -> Fix
        Fix -> Test  loop
    """
)


async def execute(lsp: Session, *arguments: object) -> object:
    return await lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="dipcheck.graph", arguments=list(arguments))
    )


def nodes(mermaid: str) -> dict[str, str]:
    """Mermaid identifier → the node's first label line."""
    found = re.findall(r'^    (n\d+)(?:\(\[|\{\{|\[/|\{|\[\[|\[)"([^"<]*)', mermaid, re.MULTILINE)
    return dict(found)


async def test_capabilities_advertise_the_command(lsp: Session) -> None:
    provider = lsp.capabilities.execute_command_provider
    assert provider is not None and "dipcheck.graph" in provider.commands


async def test_the_mermaid_picture_of_the_open_text(lsp: Session) -> None:
    uri = lsp.open("release.dip", FLOW)
    picture = await execute(lsp, uri)
    assert isinstance(picture, str)
    assert picture.startswith("```mermaid\nflowchart TD\n") and picture.endswith("```\n")
    assert sorted(nodes(picture).values()) == ["Build", "Done", "Fix", "Test"]
    assert "tool_stdout = pass" in picture and "↺" in picture
    # an unsaved edit is drawn, with the finding it brings (DIP111: a tool without timeout)
    lsp.change(
        uri,
        FLOW.replace("    timeout: 5m\n", "")
        .replace("agent Fix", "agent Repair")
        .replace("Fix", "Repair"),
    )
    changed = await execute(lsp, uri, {"format": "mermaid"})
    assert isinstance(changed, str)
    assert sorted(nodes(changed).values()) == ["Build", "Done", "Repair", "Test"]
    assert "⚠ DIP111" in changed and "classDef warning" in changed


async def test_the_dot_picture_renders_with_graphviz(lsp: Session) -> None:
    uri = lsp.open("release.dip", FLOW)
    picture = await execute(lsp, uri, {"format": "dot", "findings": False})
    assert isinstance(picture, str) and picture.startswith('digraph "Release" {')
    assert '"Test" -> "Done" [label="tool_stdout = pass"' in picture
    if shutil.which("dot") is None:
        pytest.skip("Graphviz `dot` is not on PATH (tools/test.sh installs it)")
    rendered = subprocess.run(
        ["dot", "-Tsvg"], input=picture, capture_output=True, text=True, timeout=60, check=False
    )
    assert rendered.returncode == 0 and rendered.stderr == ""
    assert "<title>Test&#45;&gt;Done</title>" in rendered.stdout


async def test_command_errors_are_error_responses(lsp: Session) -> None:
    uri = lsp.open("release.dip", FLOW)
    with pytest.raises(JsonRpcException, match="takes the document URI"):
        await execute(lsp)
    with pytest.raises(JsonRpcException, match="format must be one of mermaid, dot"):
        await execute(lsp, uri, {"format": "png"})
    with pytest.raises(JsonRpcException, match="is not an open document"):
        await execute(lsp, lsp.uri("closed.dip"))
    broken = lsp.open("broken.dip", "not a workflow\n")
    with pytest.raises(JsonRpcException, match="not a workflow dipcheck can load"):
        await execute(lsp, broken)
