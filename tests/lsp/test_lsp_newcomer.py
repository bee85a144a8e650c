"""What a newcomer tripped on in the editor (issue 19 §2): the hover of a built-in key that a
finding flags."""

from __future__ import annotations

import pytest
from lsp_support import Session, dedent
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

STALE = dedent(
    """
    workflow Stale
      start: Ask
      exit: Spec
      human Ask
        label: "What should we build?"
        mode: freeform
      agent Explore
        prompt:
          Explore ${ctx.human_response}.
      agent Spec
        prompt:
          Specify ${ctx.human_response}.
      edges
        Ask -> Explore
        Explore -> Spec
    """
)


async def _hover(lsp: Session, uri: str, needle: str, nth: int) -> str:
    found = await lsp.client.text_document_hover_async(
        types.HoverParams(lsp.doc(uri), lsp.position(uri, needle, nth, delta=8))
    )
    assert found is not None
    assert isinstance(found.contents, types.MarkupContent)
    return found.contents.value


async def test_a_built_in_key_is_not_called_always_available_where_a_finding_flags_it(
    lsp: Session,
) -> None:
    uri = lsp.open("stale.dip", STALE)
    items = await lsp.diagnostics(uri)
    assert [item.code for item in items] == ["DC107"]
    flagged = await _hover(lsp, uri, "${ctx.human_response}", nth=1)
    assert "always available" not in flagged
    assert flagged.startswith(
        "**ctx.human_response** — built-in context key\n\nWritten by a freeform or interview "
        "human gate, with what the person typed. One-shot: it is cleared once the next agent "
        "has run; `${ctx.node.<Gate>.human_response}` keeps it."
    )
    assert "\n\n**DC107** (warning): " in flagged
    # the passing twin: the first read, right after the gate, has no finding on it
    first = await _hover(lsp, uri, "${ctx.human_response}", nth=0)
    assert "always available" not in first
    assert "**DC107**" not in first


async def test_outcome_is_described_as_reset_before_each_node(lsp: Session) -> None:
    text = STALE.replace("Specify ${ctx.human_response}.", "Specify ${ctx.outcome}.")
    uri = lsp.open("outcome.dip", text)
    await lsp.diagnostics(uri)
    shown = await _hover(lsp, uri, "${ctx.outcome}", nth=0)
    assert "always available" not in shown
    assert "reset to empty before the next one runs" in shown
