"""``workspace/executeCommand`` over LSP: ``dipcheck.explainRule`` returns what ``dipcheck rule
CODE`` prints, as Markdown; arguments it cannot use are an ``InvalidParams`` error with a
message for the user, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from lsp_support import PROJECT, Session
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from dipcheck.rules import registry
from dipcheck.rules.docs import runtime_links

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
    # the rule's page in docs/rules/, less the generated-file marker and the index link,
    # with a link to the page
    page = (PROJECT / "docs" / "rules" / "dc102.md").read_text(encoding="utf-8")
    marker, blank, *body, index, end = page.split("\n")
    assert marker.startswith("<!-- Generated") and (blank, end) == ("", "")
    assert index == "[All rules](README.md)"
    assert markdown.split("\n")[:-2] == body
    # what `dipcheck rule DC102` prints is all there
    printed_lines = [line.strip() for line in printed("DC102").splitlines() if line.strip()]
    assert printed_lines[0] == "DC102 unproduced-context-key (warning)"
    url = printed_lines[-1].removeprefix("More: ")
    assert markdown.endswith(f"\n[Documentation]({url})\n")
    # (the terminal gives a citation's address, the page links its path)
    docs = registry.docs_links("docs/page.md").removesuffix("page.md")
    for line in printed_lines[1:]:
        if not line.endswith(":") and ": " not in line[:20]:  # not a heading or a label
            cited = line.replace(docs, "docs/")
            assert runtime_links(cited) in markdown, line  # the page links the citations
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
