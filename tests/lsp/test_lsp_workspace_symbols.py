"""Workspace symbols over LSP: the workflows and nodes of the workspace folder's files (the
configuration's ``exclude`` respected) and of the open documents (their unsaved text), with
exact ranges in the negotiated encoding; files changed, added or removed on disk are seen at
the next request."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lsp_support import Client, Session, dedent
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

K = types.SymbolKind
ALPHA = dedent(
    """
    workflow Alpha
      start: Plan
      exit: Build

      agent Plan
        label: "Plàn 😀"

      tool Build
        label: Build
        command: make

      edges
        Plan -> Build
    """
)
STEPS = dedent(
    """
    name: Steps
    steps:
      - name: gather
        agent: researcher
        prompt: Gather facts.
      - name: summarise
        agent: writer
        prompt: Summarise {{ gather }}.
    """
)
SINGLE = "workflow {name}\n  start: {node}\n  exit: {node}\n\n  agent {node}\n    label: {node}\n"


@pytest.fixture
def ws(client: Client) -> Iterator[Session]:
    """A session whose files lie inside the server's workspace folder (emptied afterwards)."""
    assert client.root is not None
    session = Session(client, client.root)
    yield session
    session.finish()
    for path in sorted(client.root.rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()


async def symbols(lsp: Session, query: str = "") -> list[types.SymbolInformation]:
    found = await lsp.client.workspace_symbol_async(types.WorkspaceSymbolParams(query=query))
    return sorted(found or [], key=lambda item: (item.location.uri, item.name))  # type: ignore[union-attr]


def names(found: list[types.SymbolInformation]) -> list[str]:
    return sorted(item.name for item in found)


def node_range(lsp: Session, uri: str, first: str, last: str) -> types.Range:
    """From the start of ``first`` to the end of ``last`` (both in ``uri``'s text)."""
    return types.Range(lsp.range(uri, first).start, lsp.range(uri, last).end)


async def test_workflows_and_nodes_of_the_workspace(ws: Session) -> None:
    assert ws.capabilities.workspace_symbol_provider is not None
    alpha = ws.write("flows/alpha.dip", ALPHA)
    ws.write("flows/steps.yaml", STEPS)
    ws.write("notes.yaml", "title: not a workflow\nitems: [1, 2]\n")
    ws.write("vendor/skipped.dip", SINGLE.format(name="Vendored", node="Vendor"))
    ws.write(".hidden/hidden.dip", SINGLE.format(name="Hidden", node="Secret"))
    ws.write("dipcheck.toml", 'exclude = ["vendor/**"]\n')
    found = await symbols(ws)
    assert names(found) == ["Alpha", "Build", "Plan", "Steps", "gather", "summarise"]
    by_name = {item.name: item for item in found}

    # the exact ranges need the text as the server reads it
    uri = alpha.as_uri()
    ws.texts[uri] = ALPHA
    plan = by_name["Plan"]
    assert plan.kind == K.Function and plan.container_name == "Alpha"
    assert plan.location == types.Location(uri, node_range(ws, uri, "agent Plan", '"Plàn 😀"'))
    build = by_name["Build"]
    assert build.kind == K.Method
    assert build.location.range == node_range(ws, uri, "tool Build", "command: make")
    workflow = by_name["Alpha"]
    assert workflow.kind == K.Module and workflow.container_name is None
    assert workflow.location.range == ws.range(uri, "Alpha")
    steps = ws.path("flows/steps.yaml").as_uri()
    assert (by_name["gather"].location.uri, by_name["gather"].kind) == (steps, K.Function)

    # a query keeps the names that hold its characters in order, ignoring case
    assert names(await symbols(ws, "pln")) == ["Plan"]
    assert names(await symbols(ws, "SUM")) == ["summarise"]
    assert await symbols(ws, "zzz") == []


async def test_a_folder_with_its_own_configuration_file(ws: Session) -> None:
    """Files are found as `dipcheck lint` finds them: a folder's own `dipcheck.toml` (its
    `exclude`) governs the files below it; the top file's applied to every file."""
    ws.write("dipcheck.toml", 'exclude = ["sub/gen/**"]\n')
    ws.write("sub/dipcheck.toml", 'exclude = ["keep/**"]\n')
    ws.write("sub/gen/g.dip", SINGLE.format(name="Generated", node="Gen"))
    ws.write("sub/keep/k.dip", SINGLE.format(name="Kept", node="Keep"))
    ws.write("top.dip", SINGLE.format(name="Top", node="Head"))
    assert names(await symbols(ws)) == ["Gen", "Generated", "Head", "Top"]


async def test_changes_on_disk_and_open_documents(ws: Session) -> None:
    ws.write("one.dip", SINGLE.format(name="One", node="First"))
    gone = ws.write("two.dip", SINGLE.format(name="Two", node="Second"))
    assert names(await symbols(ws)) == ["First", "One", "Second", "Two"]

    ws.write("one.dip", SINGLE.format(name="One", node="Renamed"))  # changed on disk
    gone.unlink()
    ws.write("three.dip", SINGLE.format(name="Three", node="Third"))
    assert names(await symbols(ws)) == ["One", "Renamed", "Third", "Three"]

    # an open document counts with its unsaved text, once
    uri = ws.open("three.dip", SINGLE.format(name="Three", node="Third"))
    ws.change(uri, SINGLE.format(name="Three", node="Unsaved"))
    await ws.diagnostics(uri)
    found = await symbols(ws)
    assert names(found) == ["One", "Renamed", "Three", "Unsaved"]
    unsaved = next(item for item in found if item.name == "Unsaved")
    assert unsaved.location.uri == uri
    assert unsaved.location.range == node_range(ws, uri, "agent Unsaved", "label: Unsaved")
