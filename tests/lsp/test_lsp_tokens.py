"""Semantic tokens over LSP, decoded with the legend the server advertises, and the absence
of a formatting provider (the project has no formatter)."""

from __future__ import annotations

import pytest
from lsp_support import Session, dedent, units
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

SOURCE = dedent(
    """
    workflow Tok
      start: A
      exit: B

      agent A
        label: "Ünï 🚀"
        writes: k

      agent B
        prompt:
          Use ${ctx.k} and ${ctx.node.A.k}.

      edges
        A -> B  when ctx.k = "x" and not ctx.outcome = fail
        B -> A  label: "Ünï 🚀"  loop
    """
)


def decode(data: list[int], legend: types.SemanticTokensLegend) -> list[tuple]:
    tokens = []
    line = column = 0
    for index in range(0, len(data), 5):
        delta_line, delta_column, length, kind, modifiers = data[index : index + 5]
        line += delta_line
        column = column + delta_column if delta_line == 0 else delta_column
        names = [name for bit, name in enumerate(legend.token_modifiers) if modifiers >> bit & 1]
        tokens.append((line, column, length, legend.token_types[kind], *names))
    return tokens


async def test_semantic_tokens(lsp: Session) -> None:
    provider = lsp.capabilities.semantic_tokens_provider
    assert isinstance(provider, types.SemanticTokensOptions)
    assert provider.full is True
    uri = lsp.open("tok.dip", SOURCE)
    found = await lsp.client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(lsp.doc(uri))
    )
    assert found is not None
    label = '"Ünï 🚀"'
    after = units('    B -> A  label: "Ünï 🚀"  ', lsp.encoding)
    assert decode(list(found.data), provider.legend) == [
        (0, 0, 8, "keyword"),
        (0, 9, 3, "class", "declaration"),
        (1, 2, 5, "property"),
        (1, 9, 1, "variable"),
        (2, 2, 4, "property"),
        (2, 8, 1, "variable"),
        (4, 2, 5, "keyword"),
        (4, 8, 1, "function", "declaration"),
        (5, 4, 5, "property"),
        (6, 4, 6, "property"),
        (6, 12, 1, "parameter", "declaration"),
        (8, 2, 5, "keyword"),
        (8, 8, 1, "function", "declaration"),
        (9, 4, 6, "property"),
        (10, 10, 8, "parameter"),  # ${ctx.k}
        (10, 23, 11, "parameter"),  # ${ctx.node.
        (10, 34, 1, "variable"),  # A
        (10, 35, 3, "parameter"),  # .k}
        (12, 2, 5, "keyword"),
        (13, 4, 1, "variable"),
        (13, 9, 1, "variable"),
        (13, 12, 4, "keyword"),  # when
        (13, 17, 5, "parameter"),
        (13, 23, 1, "operator"),
        (13, 25, 3, "string"),
        (13, 29, 3, "operator"),  # and
        (13, 33, 3, "operator"),  # not
        (13, 37, 11, "parameter"),
        (13, 49, 1, "operator"),
        (13, 51, 4, "string"),
        (14, 4, 1, "variable"),
        (14, 9, 1, "variable"),
        (14, 12, 5, "property"),
        (14, 19, units(label, lsp.encoding), "string"),
        (14, after, 4, "keyword"),  # loop, after non-ASCII text
    ]


async def test_semantic_tokens_are_the_same_with_crlf_line_breaks(lsp: Session) -> None:
    """A section keyword (`edges`, `vars`, ...) was found only where `\\n` ended its line:
    in a document with CRLF line breaks it was never marked."""
    provider = lsp.capabilities.semantic_tokens_provider
    assert isinstance(provider, types.SemanticTokensOptions)
    found = []
    for name, text in [("lf.dip", SOURCE), ("crlf.dip", SOURCE.replace("\n", "\r\n"))]:
        tokens = await lsp.client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(lsp.doc(lsp.open(name, text)))
        )
        assert tokens is not None
        found.append(decode(list(tokens.data), provider.legend))
    assert (12, 2, 5, "keyword") in found[0]  # edges
    assert found[1] == found[0]


@pytest.mark.parametrize("brk", ["\n", "\r"], ids=["lf", "lone-cr"])
async def test_semantic_tokens_after_a_lone_carriage_return(lsp: Session, brk: str) -> None:
    """A lone `\\r` ends a line for LSP: tokens took their line from dipcheck's `\\n`-only
    line table and their column from the LSP one, so every token after a stray `\\r` in a
    comment was one line too high, its column counted from the `\\r`."""
    provider = lsp.capabilities.semantic_tokens_provider
    assert isinstance(provider, types.SemanticTokensOptions)
    text = f"# A workflow.{brk}A stray line break in a comment\n" + dedent(
        """
        workflow W
          start: A
          exit: B

          agent A
            label: A

          edges
            A -> B
        """
    )
    found = await lsp.client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(lsp.doc(lsp.open("cr.dip", text)))
    )
    assert found is not None
    assert decode(list(found.data), provider.legend) == [
        (2, 0, 8, "keyword"),
        (2, 9, 1, "class", "declaration"),
        (3, 2, 5, "property"),
        (3, 9, 1, "variable"),
        (4, 2, 4, "property"),
        (4, 8, 1, "variable"),
        (6, 2, 5, "keyword"),
        (6, 8, 1, "function", "declaration"),
        (7, 4, 5, "property"),
        (9, 2, 5, "keyword"),
        (10, 4, 1, "variable"),
        (10, 9, 1, "variable"),
    ]
