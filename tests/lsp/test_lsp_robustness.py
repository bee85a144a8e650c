"""1,000 random incremental edits — invalid text, half-typed lines, non-ASCII, stray ``\r`` —
interleaved with requests of every kind, on a .dip workflow and on a YAML step workflow. The
server must answer every request, log no failure, stay up, and end with exactly the
diagnostics ``dipcheck lint`` reports for the final text."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from lsp_support import DEMO, PROJECT, Session, position_at
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

EDITS = 1000
REQUEST_EVERY = 4
MAX_LENGTH = 4000

FRAGMENTS = [
    "agent ",
    "tool T\n    command: make\n",
    "human H\n    mode: choice\n",
    " -> ",
    "->",
    "<-",
    "${ctx.",
    "${ctx.plan_doc}",
    "${ctx.node.Plan.",
    "}",
    "\n",
    "\n  ",
    "\n    ",
    "when ",
    "ctx.outcome = success",
    " and ",
    " or not ",
    "(",
    ")",
    '"',
    "'",
    ":",
    ",",
    'label: "Ünïcødé 🚀"',
    "🚀",
    "\t",
    "edges\n",
    "defaults\n",
    "  parallel P -> Plan, Build\n",
    "  fan_in J <- Plan, Build\n",
    "# dipcheck: ignore[DC1",
    "# dipcheck: ignore[DC104]",
    "writes: ",
    "reads: report, ",
    "prompt:\n      ",
    "retry_target: ",
    "loop",
    "on success",
    "workflow W\n",
    "start: ",
    "exit: ",
    "Plan",
    "Build",
    "Chekc",
    "dip 2\n",
    "max_turns: many",
    "timeout: 5d",
    "[label: x]",
    "{{ plan }}",
    "\r\n",
]


def place(text: str, offset: int) -> int:
    """An offset an editor can address: never between the two characters of ``\r\n``."""
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        return offset + 1
    return offset


def random_edit(rng: random.Random, text: str) -> tuple[int, int, str]:
    """(start, end, new text) in code-point offsets."""
    kind = rng.random()
    start = place(text, rng.randint(0, len(text)))
    if kind < 0.3 or len(text) > MAX_LENGTH:
        end = place(text, min(len(text), start + rng.randint(1, 25)))
        return start, end, ""
    if kind < 0.55:  # a half-typed fragment
        fragment = rng.choice(FRAGMENTS)
        return start, start, fragment[: rng.randint(1, len(fragment))]
    if kind < 0.8:
        return start, start, rng.choice(FRAGMENTS)
    end = place(text, min(len(text), start + rng.randint(1, 12)))
    return start, end, rng.choice(FRAGMENTS)


async def request(lsp: Session, uri: str, number: int, position: types.Position) -> None:
    client = lsp.client
    document = lsp.doc(uri)
    method = number % 9
    if method == 0:
        await client.text_document_hover_async(types.HoverParams(document, position))
    elif method == 1:
        await client.text_document_completion_async(types.CompletionParams(document, position))
    elif method == 2:
        await client.text_document_definition_async(types.DefinitionParams(document, position))
    elif method == 3:
        await client.text_document_references_async(
            types.ReferenceParams(
                text_document=document,
                position=position,
                context=types.ReferenceContext(include_declaration=True),
            )
        )
    elif method == 4:
        await client.text_document_document_symbol_async(types.DocumentSymbolParams(document))
    elif method == 5:
        await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(document))
    elif method == 6:
        await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=document,
                range=types.Range(position, position),
                context=types.CodeActionContext(diagnostics=[]),
            )
        )
    elif method == 7:
        await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(document, position)
        )
    elif lsp.pull:
        await lsp.pull_report(uri)
    else:
        await client.text_document_document_symbol_async(types.DocumentSymbolParams(document))


def cli_offset(text: str, line: int, column: int) -> int:
    """The offset of a 1-based line and code-point column of the CLI (lines split at \\n)."""
    start = 0
    for _ in range(line - 1):
        start = text.index("\n", start) + 1
    return start + column - 1


def cli_findings(path: str, text: str, encoding: str) -> list[tuple]:
    """``dipcheck lint --format json`` on ``text``, ranges converted to LSP positions."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "dipcheck",
            "lint",
            "--format",
            "json",
            "--stdin-filename",
            path,
            "-",
        ],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    found = []
    for item in json.loads(run.stdout)["diagnostics"]:
        if item["file"] != path:
            continue
        start, end = item["range"]["start"], item["range"]["end"]
        first = position_at(text, cli_offset(text, start["line"], start["column"]), encoding)
        last = position_at(text, cli_offset(text, end["line"], end["column"]), encoding)
        found.append((item["code"], types.Range(first, last), item["message"]))
    return sorted(found, key=repr)


def lsp_findings(items: list[types.Diagnostic]) -> list[tuple]:
    return sorted(((item.code, item.range, item.message) for item in items), key=repr)


BASES = {
    "fuzz.dip": DEMO,
    "fuzz.yaml": (PROJECT / "fixtures" / "steps" / "spec_driven.yaml").read_text(encoding="utf-8"),
}


@pytest.mark.parametrize("name", list(BASES))
async def test_random_edits(lsp: Session, name: str) -> None:
    rng = random.Random(20240501)
    text = BASES[name]
    uri = lsp.open(name, text)
    for number in range(1, EDITS + 1):
        start, end, new = random_edit(rng, text)
        change = types.TextDocumentContentChangePartial(
            range=types.Range(
                position_at(text, start, lsp.encoding), position_at(text, end, lsp.encoding)
            ),
            text=new,
        )
        text = text[:start] + new + text[end:]
        lsp.versions[uri] += 1
        lsp.texts[uri] = text
        lsp.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=lsp.versions[uri]),
                [change],
            )
        )
        if number % REQUEST_EVERY == 0:
            offset = rng.randint(0, len(text))
            await request(
                lsp, uri, number // REQUEST_EVERY, position_at(text, offset, lsp.encoding)
            )

    final = await lsp.diagnostics(uri)
    failures = [
        item.message for item in lsp.client.log_messages if item.type == types.MessageType.Error
    ]
    assert failures == []
    path = str(lsp.path(name))
    assert lsp_findings(final) == cli_findings(path, text, lsp.encoding)
