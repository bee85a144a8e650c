"""Hover over LSP: nodes, context keys and their availability, conditions, rule codes in
suppression comments and field keys."""

from __future__ import annotations

import pytest
from lsp_support import DEMO, Session
from lsprotocol import types

from dipcheck.rules import registry

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def hover(lsp: Session, uri: str, needle: str, delta: int = 0, nth: int = 0) -> types.Hover:
    found = await lsp.client.text_document_hover_async(
        types.HoverParams(lsp.doc(uri), lsp.position(uri, needle, nth, delta))
    )
    assert found is not None, f"no hover at {needle!r}+{delta}"
    assert isinstance(found.contents, types.MarkupContent)
    assert found.contents.kind == types.MarkupKind.Markdown
    return found


async def text(lsp: Session, uri: str, needle: str, delta: int = 0, nth: int = 0) -> str:
    return (await hover(lsp, uri, needle, delta, nth)).contents.value


async def test_hover_on_nodes(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    found = await hover(lsp, uri, "-> Build", delta=4)
    assert found.range == lsp.range(uri, "Build", nth=3)
    assert found.contents.value == (
        "**Build** — agent\n\nLabel: Build\n\nModel: `gpt-5.2` (openai)"
    )
    assert await text(lsp, uri, "agent Plan", delta=7) == (
        "**Plan** — agent\n\nLabel: Plan the change\n\n"
        "Model: `claude-sonnet-4-6` (anthropic) — from defaults"
    )
    assert await text(lsp, uri, "Check -> Done", delta=1) == (
        "**Check** — tool\n\nLabel: Run the checks\n\nCommand: `make check`"
    )
    assert (await text(lsp, uri, "exit: Done", delta=7)).endswith("The workflow's exit node.")


async def test_hover_on_context_keys(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    assert await text(lsp, uri, "${ctx.report}", delta=8) == (
        "**ctx.report** — context key\n\nProduced by: `Check`\n\n"
        "Not available at `Done` on every path — e.g. Start → Plan → Done."
    )
    assert await text(lsp, uri, "ctx.report contains", delta=5) == (
        "**ctx.report** — context key\n\nProduced by: `Check`\n\n"
        "Available after `Check` ran on every path."
    )
    assert await text(lsp, uri, "${ctx.plan_doc}", delta=8) == (
        "**ctx.plan_doc** — context key\n\nProduced by: `Plan`\n\n"
        "Available at `Build` on every path."
    )
    assert await text(lsp, uri, "writes: plan_doc", delta=9) == (
        "**ctx.plan_doc** — context key\n\nProduced by: `Plan`\n\nRead by: `Build`"
    )
    assert await text(lsp, uri, "ctx.outcome", delta=6) == (
        "**ctx.outcome** — built-in context key\n\nHolds the status of the node that just "
        "ran: set after each node and reset to empty before the next one runs, so a condition "
        "sees it but a prompt or a command reads an empty string.\n\n"
        "tracker's availability check never reports a built-in key; that does not mean it holds "
        "a value at every read."
    )


async def test_hover_on_conditions(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    found = await hover(lsp, uri, "contains")
    assert found.range == lsp.range(uri, 'ctx.outcome = success and ctx.report contains "ok"')
    # what dippin reads, then what tracker ≤ v0.64 does with it (the hover said only the first,
    # beside a DC301 warning that the edge never fires)
    assert found.contents.value == (
        '**Condition** of `Check -> Done`: `ctx.outcome = success and ctx.report contains "ok"`'
        "\n\nTaken when (as dippin reads it)\n\n"
        "- all of:\n"
        "  - `ctx.outcome` is `success`\n"
        "  - `ctx.report` contains `ok`\n\n"
        "**DC301** (warning): tracker ≤ v0.64 does not split conditions on `and` (tracker#647): "
        "it reads the condition as one comparison, key `ctx.outcome = success and ctx.report` "
        'contains "ok", which is practically never true, so `Check -> Done` never fires'
    )
    assert await text(lsp, uri, "not ctx.outcome", delta=1) == (
        "**Condition** of `Check -> Build`: `not ctx.outcome = success`\n\nTaken when\n\n"
        "- not:\n  - `ctx.outcome` is `success`"
    )


async def test_hover_on_rule_codes_and_fields(lsp: Session) -> None:
    source = DEMO.replace(
        "    prompt:\n      Summarise",
        "    # dipcheck: ignore[DC104]\n    prompt:\n      Summarise",
    )
    uri = lsp.open("demo.dip", source)
    found = await hover(lsp, uri, "DC104", delta=2)
    assert found.range == lsp.range(uri, "DC104")
    rule = registry.get("DC104")
    assert rule is not None
    assert found.contents.value.startswith(
        f"**DC104** `not-produced-on-every-path` (warning)\n\n{rule.summary}\n\n**Why.** "
    )
    assert found.contents.value.endswith(f"[Documentation]({rule.url})")
    assert await text(lsp, uri, "timeout: 5m", delta=2) == (
        "**timeout** (tool Check, duration)\n\nKill the command after this long."
    )
    none = await lsp.client.text_document_hover_async(
        types.HoverParams(lsp.doc(uri), lsp.position(uri, "Plan it.", delta=5))
    )
    assert none is None  # plain prompt text


FORK = """workflow Fork
  start: Start
  exit: Done
  agent Start
    label: Start
  parallel Split -> Security, Style
  agent Security
    prompt: Review security.
    writes: security_notes
  agent Style
    prompt: Review style.
    writes: style_notes
  fan_in Join <- Security, Style
  agent Merge
    prompt: Merge ${ctx.security_notes} and ${ctx.style_notes}
  agent Done
    label: Done
  edges
    Start -> Split
    Join -> Merge
    Merge -> Done
"""


async def test_hover_after_a_fan_in_counts_every_branch(lsp: Session) -> None:
    # every branch runs and the fan_in merges their writes (tracker-runtime.md §5.7)
    uri = lsp.open("fork.dip", FORK)
    assert await text(lsp, uri, "${ctx.security_notes}", delta=8) == (
        "**ctx.security_notes** — context key\n\nProduced by: `Security`\n\n"
        "Available at `Merge` on every path."
    )
