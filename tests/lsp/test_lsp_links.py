"""Document links over LSP: file directives the linter reads and subgraph refs that resolve,
with exact ranges in the negotiated encoding; nothing for targets that do not exist or that
tracker refuses (DC003 reports those)."""

from __future__ import annotations

import os

import pytest
from lsp_support import Session, dedent
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

LINKED = dedent(
    """
    workflow Linked
      start: Ask
      exit: Done

      defaults
        prompt_prefix_file: prompts/prefix.md
        system_prompt_file: prompts/missing.md

      agent Ask
        label: "Ask é😀"
        prompt_file: "prompts/ask é😀.md"
        prompt_include: prompts/shared.md

      tool Run
        label: Run
        command_file: scripts/run.sh

      subgraph Child
        ref: flows/child

      manager_loop Watch
        subgraph_ref: flows/watched.dip

      subgraph Lost
        ref: flows/nowhere

      agent Outside
        label: Outside
        prompt_file: ../outside.md

      agent Linked
        label: Linked
        prompt_file: prompts/link.md

      agent Done
        label: Done

      edges
        Ask -> Run
        Run -> Child
        Child -> Watch
        Watch -> Lost
        Lost -> Outside
        Outside -> Linked
        Linked -> Done
    """
)
CHILD = "workflow Child\n  start: A\n  exit: A\n\n  agent A\n    label: A\n"


async def links(lsp: Session, uri: str) -> list[types.DocumentLink]:
    found = await lsp.client.text_document_document_link_async(
        types.DocumentLinkParams(lsp.doc(uri))
    )
    return list(found or [])


async def test_links_for_directives_and_subgraph_refs(lsp: Session) -> None:
    assert lsp.capabilities.document_link_provider is not None
    link_support = lsp.client.capabilities.text_document.document_link
    tooltips = bool(link_support and link_support.tooltip_support)
    files = {
        name: lsp.write(name, "Text.\n")
        for name in (
            "prompts/prefix.md",
            "prompts/ask é😀.md",
            "prompts/shared.md",
            "scripts/run.sh",
        )
    }
    child = lsp.write("flows/child.dip", CHILD)  # `ref: flows/child` finds it with `.dip`
    watched = lsp.write("flows/watched.dip", CHILD)
    (lsp.root.parent / "outside.md").write_text("Out of the tree.\n", encoding="utf-8")
    os.symlink(files["prompts/shared.md"], lsp.path("prompts/link.md"))
    uri = lsp.open("linked.dip", LINKED)
    found = await links(lsp, uri)
    expected = [
        ("prompts/prefix.md", files["prompts/prefix.md"]),
        ("prompts/ask é😀.md", files["prompts/ask é😀.md"]),
        ("prompts/shared.md", files["prompts/shared.md"]),
        ("scripts/run.sh", files["scripts/run.sh"]),
        ("flows/child", child),
        ("flows/watched.dip", watched),
    ]
    assert [(link.range, link.target) for link in found] == [
        (lsp.range(uri, needle), path.as_uri()) for needle, path in expected
    ]
    assert [link.tooltip for link in found] == [
        str(path) if tooltips else None for _, path in expected
    ]
    # missing files, a path outside the workflow's directory and a symbolic link get none:
    # each is a DC003 finding instead
    dc003 = [item for item in await lsp.diagnostics(uri) if item.code == "DC003"]
    assert sorted(item.range.start.line for item in dc003) == [
        lsp.range(uri, needle).start.line
        for needle in ("prompts/missing.md", "../outside.md", "prompts/link.md")
    ]


async def test_a_link_appears_once_the_target_exists(lsp: Session) -> None:
    uri = lsp.open("linked.dip", LINKED)
    assert not any(link.range == lsp.range(uri, "flows/nowhere") for link in await links(lsp, uri))
    nowhere = lsp.write("flows/nowhere", CHILD)  # as written, before `.dip` is tried
    assert (lsp.range(uri, "flows/nowhere"), nowhere.as_uri()) in [
        (link.range, link.target) for link in await links(lsp, uri)
    ]
