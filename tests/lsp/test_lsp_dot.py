"""The language server on DOT pipelines: diagnostics with exact ranges inside escaped strings,
navigation and rename across node statements and edge statements, hover, symbols, semantic
tokens, and silence on ordinary Graphviz files."""

from __future__ import annotations

import re

import pytest
from lsp_support import Session, dedent, find, position_at
from lsprotocol import types
from test_lsp_tokens import decode

pytestmark = pytest.mark.asyncio(loop_scope="module")

PIPELINE = dedent(
    r"""
    digraph Demo {
      graph [goal="Ship it"]
      node [shape=box]

      Start [shape=Mdiamond]
      Exit  [shape=Msquare]

      Plan  [prompt="Plan it", writes="plan_doc"]
      Build [prompt="Say \"go\": build ${ctx.plan_doc} after ${ctx.node.Plan.last_response}"]
      Check [shape=parallelogram, tool_command="make check", timeout="5m"]
      Plan [label="Plan the change"]

      Start -> Plan -> Build
      Build -> Check [condition="outcome=success"]
      Check -> Exit
      Check -> Plan [condition="outcome=fail"]
    }
    """
)


async def test_diagnostics_point_inside_escaped_prompts(lsp: Session) -> None:
    text = PIPELINE.replace("${ctx.plan_doc}", "${ctx.plan_dco}")
    mark = lsp.mark()
    uri = lsp.open("demo.dot", text, language_id="dot")
    found = await lsp.diagnostics(uri, mark)
    assert [(item.code, item.range) for item in found if str(item.code).startswith("DC")] == [
        ("DC102", lsp.range(uri, "${ctx.plan_dco}"))
    ]


async def test_ordinary_graphviz_files_get_no_diagnostics(lsp: Session) -> None:
    mark = lsp.mark()
    uri = lsp.open("drawing.dot", "digraph G {\n  a -> b -> c\n  a [color=red]\n}\n", "dot")
    assert await lsp.diagnostics(uri, mark) == []


async def test_rename_a_node_from_an_edge_statement(lsp: Session) -> None:
    uri = lsp.open("demo.dot", PIPELINE, language_id="dot")
    edit = await lsp.client.text_document_rename_async(
        types.RenameParams(lsp.doc(uri), lsp.position(uri, "-> Plan ->", delta=3), "Design")
    )
    renamed = lsp.applied(uri, edit)
    assert "Plan" not in renamed.replace("Plan it", "").replace("Plan the change", "")
    assert "Design  [prompt=" in renamed  # the declaration
    assert "Design [label=" in renamed  # a later node statement for the same node
    assert "Start -> Design -> Build" in renamed
    assert "${ctx.node.Design.last_response}" in renamed
    assert "Check -> Design [condition" in renamed


GROUPS = dedent(
    """
    digraph Groups {
      Start [shape=Mdiamond]
      Exit  [shape=Msquare]
      Work  [shape=box, prompt="w"]
      Test  [shape=box, prompt="t"]
      Start -> Work -> Test
      { Work } -> Exit
      Work -> subgraph s { Exit }
      Test -> { Exit }
    }
    """
)


@pytest.mark.parametrize(
    ("old", "new"), [("Start", "Begin"), ("Work", "Job"), ("Exit", "End"), ("Test", "Check")]
)
async def test_rename_and_references_reach_a_node_beside_a_subgraph(
    lsp: Session, old: str, new: str
) -> None:
    """tracker makes no edge to a subgraph (DC011), so the plain end of such an edge was in
    no edge of the model: rename and references left out `Work` in `Work -> subgraph s
    {…}`, `Exit` in `{ Work } -> Exit` and `Test` in `Test -> { Exit }`."""
    uri = lsp.open("groups.dot", GROUPS, language_id="dot")
    where = lsp.position(uri, f"{old} ")
    references = await lsp.client.text_document_references_async(
        types.ReferenceParams(
            text_document=lsp.doc(uri),
            position=where,
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    starts = [
        position_at(GROUPS, match.start(), lsp.encoding) for match in re.finditer(old, GROUPS)
    ]
    assert sorted(item.range.start for item in references or []) == starts
    edit = await lsp.client.text_document_rename_async(types.RenameParams(lsp.doc(uri), where, new))
    assert lsp.applied(uri, edit) == GROUPS.replace(old, new)


async def test_rename_refuses_names_dot_cannot_write_bare(lsp: Session) -> None:
    uri = lsp.open("demo.dot", PIPELINE, language_id="dot")
    for bad in ("my-node", "node"):
        with pytest.raises(Exception, match="not a valid node id"):
            await lsp.client.text_document_rename_async(
                types.RenameParams(lsp.doc(uri), lsp.position(uri, "Build ->"), bad)
            )


async def test_definition_and_references_of_a_node(lsp: Session) -> None:
    uri = lsp.open("demo.dot", PIPELINE, language_id="dot")
    declaration = types.Location(uri, lsp.range(uri, "Check", nth=0))
    found = await lsp.client.text_document_definition_async(
        types.DefinitionParams(lsp.doc(uri), lsp.position(uri, "Check -> Exit"))
    )
    assert list(found or []) == [declaration]
    references = await lsp.client.text_document_references_async(
        types.ReferenceParams(
            text_document=lsp.doc(uri),
            position=lsp.position(uri, "Plan  [prompt"),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    text = lsp.texts[uri]
    starts = sorted(position_at(text, find(text, "Plan", n), lsp.encoding) for n in (0, 2, 3, 5, 6))
    assert sorted(item.range.start for item in references or []) == starts


async def test_hover_on_a_node_and_an_attribute(lsp: Session) -> None:
    uri = lsp.open("demo.dot", PIPELINE, language_id="dot")
    node = await lsp.client.text_document_hover_async(
        types.HoverParams(lsp.doc(uri), lsp.position(uri, "-> Check", delta=4))
    )
    assert node is not None
    assert isinstance(node.contents, types.MarkupContent)
    assert node.contents.value.startswith("**Check** — tool (handler `tool`)")
    assert "Command: `make check`" in node.contents.value
    attribute = await lsp.client.text_document_hover_async(
        types.HoverParams(lsp.doc(uri), lsp.position(uri, "tool_command", delta=2))
    )
    assert attribute is not None
    assert isinstance(attribute.contents, types.MarkupContent)
    assert attribute.contents.value.startswith("**tool_command** (tool Check, string)")


async def test_document_symbols(lsp: Session) -> None:
    uri = lsp.open("demo.dot", PIPELINE, language_id="dot")
    found = await lsp.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(lsp.doc(uri))
    )
    assert found is not None
    (root,) = found
    assert isinstance(root, types.DocumentSymbol)
    names = [child.name for child in root.children or []]
    assert names == ["goal", "Start", "Exit", "Plan", "Build", "Check", "edges"]
    build = next(child for child in root.children or [] if child.name == "Build")
    assert build.detail == "agent"
    assert [child.name for child in build.children or []] == ["prompt"]  # not the default


@pytest.mark.parametrize("brk", ["\n", "\r"], ids=["lf", "cr"])
async def test_semantic_tokens(lsp: Session, brk: str) -> None:
    """With CR-only line breaks every token was on line 0 (dipcheck's line table only knows
    `\\n`) at its column on its LSP line."""
    source = f'digraph T {{{brk}  a [shape=box, prompt="x ${{ctx.k}}"]{brk}  a -> b{brk}}}{brk}'
    uri = lsp.open("tok.dot", source, language_id="dot")
    provider = lsp.capabilities.semantic_tokens_provider
    assert isinstance(provider, types.SemanticTokensOptions)
    found = await lsp.client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(lsp.doc(uri))
    )
    assert found is not None
    assert decode(list(found.data), provider.legend) == [
        (0, 0, 7, "keyword"),
        (0, 8, 1, "class", "declaration"),
        (1, 2, 1, "function", "declaration"),
        (1, 5, 5, "property"),
        (1, 11, 3, "keyword"),  # the shape
        (1, 16, 6, "property"),
        (1, 26, 8, "parameter"),
        (2, 2, 1, "variable"),
        (2, 4, 2, "operator"),
        (2, 7, 1, "variable"),  # `b` is only named by the edge
    ]
