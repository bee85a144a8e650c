"""Formatting over LSP: the whole document (the same text as ``dipcheck fmt``), a range (only
its lines, unless that would change the workflow), nothing for YAML or broken files."""

from __future__ import annotations

import pytest
from lsp_support import Session, apply_edits, dedent
from lsprotocol import types

from dipcheck.formatter import format_dip

pytestmark = pytest.mark.asyncio(loop_scope="module")

MESSY = dedent(
    """
    workflow   Demo
        start: A
        exit: B

        agent  A
            label: "A — début"
            prompt:
                  Do ${ctx.x}  now.

        agent B
            label: B
        edges
            A  ->  B   when  ctx.outcome  =  success
    """
)
OPTIONS = types.FormattingOptions(tab_size=2, insert_spaces=True)


async def test_document_formatting_gives_the_fmt_text(lsp: Session) -> None:
    assert lsp.capabilities.document_formatting_provider is True
    assert lsp.capabilities.document_range_formatting_provider is True
    uri = lsp.open("messy.dip", MESSY)
    edits = await lsp.client.text_document_formatting_async(
        types.DocumentFormattingParams(lsp.doc(uri), OPTIONS)
    )
    assert edits
    assert apply_edits(MESSY, edits, lsp.encoding) == format_dip(MESSY)


async def test_range_formatting_touches_only_the_range_when_that_is_safe(lsp: Session) -> None:
    text = format_dip(MESSY).replace("  edges\n    A -> B", "  edges\n    A   ->   B")
    text = text.replace("  agent B\n", "  agent   B\n")
    uri = lsp.open("range.dip", text)
    line = text.splitlines().index("    A   ->   B  when ctx.outcome = success")
    edits = await lsp.client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            lsp.doc(uri),
            types.Range(types.Position(line, 0), types.Position(line, 3)),
            OPTIONS,
        )
    )
    assert edits is not None
    result = apply_edits(text, edits, lsp.encoding)
    assert "    A -> B  when ctx.outcome = success\n" in result
    assert "  agent   B\n" in result  # outside the range: left as it was


async def test_a_range_that_would_split_a_block_keeps_its_indentation(lsp: Session) -> None:
    # re-indenting `agent  A` alone would make `agent B` (still indented deeper) part of it:
    # the line is tidied in place and nothing outside the range changes (issue 19)
    uri = lsp.open("split.dip", MESSY)
    line = MESSY.splitlines().index("    agent  A")
    edits = await lsp.client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            lsp.doc(uri), types.Range(types.Position(line, 0), types.Position(line, 1)), OPTIONS
        )
    )
    assert edits is not None
    lines = MESSY.splitlines()
    lines[line] = "    agent A"
    assert apply_edits(MESSY, edits, lsp.encoding) == "\n".join(lines) + "\n"


async def test_broken_and_yaml_documents_get_no_edits(lsp: Session) -> None:
    broken = lsp.open("broken.dip", "workflow W\n  start: A\n  edges\n    A -> [x]\n")
    yaml = lsp.open("steps.yaml", "name: x\nsteps:\n  - name:   a\n")
    for uri in (broken, yaml):
        edits = await lsp.client.text_document_formatting_async(
            types.DocumentFormattingParams(lsp.doc(uri), OPTIONS)
        )
        assert not edits


# Characters that ``str.splitlines`` ends a line at and LSP does not: inside a prompt they are
# text, and the edits' line numbers must be the client's ("" is the same document without one).
INLINE_BREAKS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", ""]


def _with_break(char: str) -> str:
    """A workflow whose prompt holds ``char`` and whose line 6 (0-based) alone is not
    formatted."""
    return dedent(
        f"""
        workflow W
          start: A
          exit: B
          agent A
            prompt: Say x{char}y.
          agent B
              label:    B
          edges
            A -> B
        """
    )


@pytest.mark.parametrize("char", INLINE_BREAKS, ids=ascii)
async def test_formatting_counts_only_lsp_line_breaks(lsp: Session, char: str) -> None:
    text = _with_break(char)
    uri = lsp.open("inline.dip", text)
    edits = await lsp.client.text_document_formatting_async(
        types.DocumentFormattingParams(lsp.doc(uri), OPTIONS)
    )
    assert edits is not None
    assert list(edits) == [
        types.TextEdit(types.Range(types.Position(6, 0), types.Position(7, 0)), "    label: B\n")
    ]
    formatted = text.replace("      label:    B", "    label: B")
    assert apply_edits(text, edits, lsp.encoding) == format_dip(text) == formatted


@pytest.mark.parametrize("char", INLINE_BREAKS, ids=ascii)
async def test_range_formatting_counts_only_lsp_line_breaks(lsp: Session, char: str) -> None:
    text = _with_break(char)
    uri = lsp.open("inline-range.dip", text)
    found: list[list[types.TextEdit]] = []
    for line in (6, 7):  # the badly indented line, then `  edges` (already formatted)
        edits = await lsp.client.text_document_range_formatting_async(
            types.DocumentRangeFormattingParams(
                lsp.doc(uri), types.Range(types.Position(line, 0), types.Position(line, 4)), OPTIONS
            )
        )
        assert edits is not None
        found.append(list(edits))
    assert found == [
        [types.TextEdit(types.Range(types.Position(6, 0), types.Position(7, 0)), "    label: B\n")],
        [],
    ]


async def test_a_lone_carriage_return_ends_a_line_for_formatting(lsp: Session) -> None:
    # a lone `\r` does end a line for LSP (not for dipcheck's own line table, which counts
    # `\n`s): the badly indented line is line 7 here, and the edits must say so
    text = _with_break("\r")
    uri = lsp.open("lone-cr.dip", text)
    edits = await lsp.client.text_document_formatting_async(
        types.DocumentFormattingParams(lsp.doc(uri), OPTIONS)
    )
    assert edits is not None
    assert list(edits) == [
        types.TextEdit(types.Range(types.Position(7, 0), types.Position(8, 0)), "    label: B\n")
    ]
    formatted = text.replace("      label:    B", "    label: B")
    assert apply_edits(text, edits, lsp.encoding) == format_dip(text) == formatted
