"""What a newcomer tripped on in the editor (issue 19 §2): the hover of a built-in key that a
finding flags, and range formatting that must stay inside the range."""

from __future__ import annotations

import pytest
from lsp_support import Session, apply_edits, dedent
from lsprotocol import types

from dipcheck.formatter import format_dip

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


# -- range formatting ----------------------------------------------------------------------

MESSY = dedent(
    """
    workflow   Demo
        start: A
        exit: B

        agent  A
            label:   "A"
            prompt:
                  Do it  now.

        agent B
            label:   B
        edges
            A  ->  B
    """
)
OPTIONS = types.FormattingOptions(tab_size=2, insert_spaces=True)


async def _range_edits(lsp: Session, uri: str, first: int, last: int) -> list[types.TextEdit]:
    edits = await lsp.client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            lsp.doc(uri),
            types.Range(types.Position(first, 0), types.Position(last, 3)),
            OPTIONS,
        )
    )
    assert edits is not None
    return edits


@pytest.mark.parametrize("needle", ["    agent  A", "        label:   B", "        A  ->  B"])
async def test_range_formatting_never_edits_outside_the_range(lsp: Session, needle: str) -> None:
    uri = lsp.open("messy.dip", MESSY)
    line = MESSY.splitlines().index(needle)
    edits = await _range_edits(lsp, uri, line, line)
    for edit in edits:
        assert line <= edit.range.start.line <= line + 1, edit
        assert edit.range.end.line <= line + 1, edit
    result = apply_edits(MESSY, edits, lsp.encoding)
    before, after = MESSY.splitlines(), result.splitlines()
    assert len(before) == len(after)
    assert [b for i, b in enumerate(before) if i != line] == [
        a for i, a in enumerate(after) if i != line
    ]
    # what changed on the line is what `dipcheck fmt` does to it, its indentation aside
    assert after[line].strip() in [item.strip() for item in format_dip(MESSY).splitlines()]


async def test_a_line_selection_ending_at_column_zero_leaves_the_next_line(lsp: Session) -> None:
    uri = lsp.open("select.dip", MESSY)
    line = MESSY.splitlines().index("        A  ->  B")
    label = MESSY.splitlines().index("        label:   B")
    edits = await lsp.client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            lsp.doc(uri),
            types.Range(types.Position(label, 0), types.Position(line, 0)),
            OPTIONS,
        )
    )
    assert edits is not None
    result = apply_edits(MESSY, edits, lsp.encoding)
    assert "        A  ->  B" in result.splitlines()
