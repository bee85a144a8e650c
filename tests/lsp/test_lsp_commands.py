"""``workspace/executeCommand`` over LSP: ``dipcheck.explainRule`` returns what ``dipcheck rule
CODE`` prints, as Markdown; arguments it cannot use are an ``InvalidParams`` error with a
message for the user, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from lsp_support import Session
from lsprotocol import types
from pygls.exceptions import JsonRpcException

pytestmark = pytest.mark.asyncio(loop_scope="module")

EXPLAIN = "dipcheck.explainRule"


async def explain(lsp: Session, *arguments: object) -> object:
    return await lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=EXPLAIN, arguments=list(arguments))
    )


def printed(rule: str) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "rule", rule],
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout


async def test_explain_rule_returns_the_rule_documentation(lsp: Session) -> None:
    provider = lsp.capabilities.execute_command_provider
    assert provider is not None and EXPLAIN in provider.commands
    markdown = await explain(lsp, "DC102")
    assert isinstance(markdown, str)
    assert markdown.startswith("**DC102** `unproduced-context-key` (warning)\n\n")
    # every line `dipcheck rule DC102` prints is there, in the same order
    text = printed("DC102")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    title, *body = lines
    assert title == "DC102 unproduced-context-key (warning)"
    headings = {"Why:": "**Why.**", "Example:": "**Example**", "Fix:": "**Fix.**"}
    position = 0
    for line in body:
        wanted = headings.get(line, line)
        if wanted.startswith("More: "):
            wanted = f"[Documentation]({wanted.removeprefix('More: ')})"
        found = markdown.find(wanted, position)
        assert found >= 0, f"{wanted!r} is missing or out of order"
        position = found + len(wanted)
    assert "```\nagent Plan\n  prompt: Plan it.\n" in markdown  # the example as a code block
    # a rule's name works as well as its code, in any case
    assert await explain(lsp, "Unproduced-Context-Key") == markdown
    assert await explain(lsp, "dc102") == markdown


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("XX999",), "no rule `XX999`; `dipcheck rule --all` lists them"),
        (
            ("unproduced-context-kye",),
            "no rule `unproduced-context-kye` (did you mean `unproduced-context-key`?); "
            "`dipcheck rule --all` lists them",
        ),
        ((), f"{EXPLAIN} takes one argument, a rule code or name (such as DC102)"),
        ((42,), f"{EXPLAIN} takes one argument, a rule code or name (such as DC102)"),
        (("DC102", "DC101"), f"{EXPLAIN} takes one argument, a rule code or name (such as DC102)"),
    ],
)
async def test_explain_rule_refuses_what_it_cannot_explain(
    lsp: Session, arguments: tuple[object, ...], message: str
) -> None:
    with pytest.raises(JsonRpcException) as raised:
        await explain(lsp, *arguments)
    error = raised.value
    assert error.code == types.ErrorCodes.InvalidParams.value
    assert str(error.message) == message
    logged = [item.message for item in lsp.client.log_messages]
    assert not any(re.search("Traceback", item) for item in logged)


async def test_an_unknown_command_is_invalid_params(lsp: Session) -> None:
    with pytest.raises(JsonRpcException) as raised:
        await lsp.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="dipcheck.nothing", arguments=[])
        )
    assert raised.value.code == types.ErrorCodes.InvalidParams.value
