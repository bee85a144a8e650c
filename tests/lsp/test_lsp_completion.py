"""Completion over LSP: field names per node kind, node ids, context keys available at the
node, models and providers, rule codes in suppression comments, YAML step names."""

from __future__ import annotations

import pytest
from lsp_support import DEMO, PROJECT, Session, position_at
from lsprotocol import types

from dipcheck import catalog
from dipcheck.frontends.dip_schema import NODE_FIELDS
from dipcheck.model import NodeKind
from dipcheck.rules import registry

pytestmark = pytest.mark.asyncio(loop_scope="module")

CURSOR = "‸"


async def complete(lsp: Session, marked: str, name: str = "demo.dip") -> list[types.CompletionItem]:
    """Open ``marked`` without its cursor mark and complete where the mark was."""
    offset = marked.index(CURSOR)
    text = marked.replace(CURSOR, "")
    uri = lsp.open(name, text)
    found = await lsp.client.text_document_completion_async(
        types.CompletionParams(lsp.doc(uri), position_at(text, offset, lsp.encoding))
    )
    assert isinstance(found, types.CompletionList)
    return list(found.items)


def labels(items: list[types.CompletionItem]) -> list[str]:
    return [item.label for item in items]


async def test_field_names_valid_for_the_node_kind(lsp: Session) -> None:
    items = await complete(
        lsp, DEMO.replace("retry_target: Plan\n", f"retry_target: Plan\n    {CURSOR}\n")
    )
    present = {"label", "model", "provider", "prompt", "retry_target"}
    assert set(labels(items)) == set(NODE_FIELDS[NodeKind.AGENT]) - present
    max_turns = next(item for item in items if item.label == "max_turns")
    assert max_turns.insert_text == "max_turns: "
    assert max_turns.detail == "integer"
    assert max_turns.documentation == "Turn limit of the agent session."


async def test_field_names_for_a_tool(lsp: Session) -> None:
    items = await complete(lsp, DEMO.replace("timeout: 5m\n", f"timeout: 5m\n    mar{CURSOR}\n"))
    found = set(labels(items))
    assert "marker_grep" in found and "outputs" in found
    assert not found & {"command", "timeout", "label", "writes", "prompt", "model"}


async def test_node_ids_after_an_arrow(lsp: Session) -> None:
    items = await complete(lsp, DEMO + f"    Done -> {CURSOR}\n")
    assert labels(items) == ["Start", "Plan", "Build", "Check", "Done"]
    assert items[1].detail == "agent — Plan the change"
    members = await complete(lsp, DEMO + f"\n  parallel Fan -> Plan, {CURSOR}\n", "fan.dip")
    assert labels(members) == ["Start", "Build", "Check", "Done"]


async def test_context_keys_available_at_the_node(lsp: Session) -> None:
    items = await complete(
        lsp, DEMO.replace("Summarise ${ctx.report}.", f"Summarise ${{ctx.{CURSOR}")
    )
    ranked = sorted(items, key=lambda item: item.sort_text or "")
    assert [(item.label, item.detail) for item in ranked[:2]] == [
        ("plan_doc", "available on every path"),
        ("report", "available on some paths"),
    ]
    builtins = {item.label for item in items if item.detail == "built in"}
    assert {"outcome", "last_response", "human_response", "tool_stdout"} <= builtins


async def test_models_and_providers(lsp: Session) -> None:
    openai = await complete(lsp, DEMO.replace("model: gpt-5.2", f"model: {CURSOR}"))
    assert labels(openai) == [model for model, _ in catalog.models("openai")]
    anthropic = await complete(
        lsp,
        DEMO.replace("    writes: plan_doc\n", f"    writes: plan_doc\n    model: {CURSOR}\n"),
        "b.dip",
    )
    assert labels(anthropic) == [model for model, _ in catalog.models("anthropic")]
    assert "claude-sonnet-4-6" in labels(anthropic)
    providers = await complete(
        lsp, DEMO.replace("provider: openai", f"provider: {CURSOR}"), "c.dip"
    )
    assert labels(providers) == ["anthropic", "openai", "gemini", "openai-compat", "stub"]


async def test_rule_codes_in_suppression_comments(lsp: Session) -> None:
    items = await complete(lsp, DEMO + f"  # dipcheck: ignore[DC104, {CURSOR}\n")
    codes = labels(items)
    assert "DC104" not in codes
    assert codes == [rule.code for rule in registry.all_rules() if rule.code != "DC104"]
    dip003 = next(item for item in items if item.label == "DIP003")
    assert dip003.detail == "unknown-node-reference"


async def test_yaml_step_names(lsp: Session) -> None:
    text = (PROJECT / "fixtures" / "steps" / "spec_driven.yaml").read_text(encoding="utf-8")
    items = await complete(lsp, text.replace("next: implement", f"next: {CURSOR}"), "flow.yaml")
    assert labels(items) == ["plan", "implement", "review", "summarise"]
    placeholder = await complete(
        lsp, text.replace("Plan: {{ plan.plan_doc }}", f"Plan: {{{{ {CURSOR}"), "other.yaml"
    )
    assert labels(placeholder) == ["plan", "implement", "review", "summarise"]


async def test_context_keys_after_a_fan_in(lsp: Session) -> None:
    source = "\n".join(
        [
            "workflow Fork",
            "  start: Start",
            "  exit: Done",
            "  agent Start",
            "    label: Start",
            "  parallel Split -> Security, Style",
            "  agent Security",
            "    prompt: Review security.",
            "    writes: security_notes",
            "  agent Style",
            "    prompt: Review style.",
            "    writes: style_notes",
            "  fan_in Join <- Security, Style",
            "  agent Merge",
            f"    prompt: Merge ${{ctx.{CURSOR}",
            "  agent Done",
            "    label: Done",
            "  edges",
            "    Start -> Split",
            "    Join -> Merge",
            "    Merge -> Done",
            "",
        ]
    )
    items = await complete(lsp, source, "fork.dip")
    ranked = sorted(items, key=lambda item: item.sort_text or "")
    assert [(item.label, item.detail) for item in ranked[:2]] == [
        ("security_notes", "available on every path"),
        ("style_notes", "available on every path"),
    ]
