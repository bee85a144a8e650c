"""Diagnostics over LSP: content, ranges in the negotiated encoding, push and pull, versions,
debouncing, and re-linting when a file the document depends on (or the configuration)
changes. Every test runs with VS Code's (push, UTF-16) and Neovim 0.11's (UTF-8; push, since
it cannot be asked to pull again) capabilities, and with those of a client that pulls
(``PULL``)."""

from __future__ import annotations

import asyncio

import pytest
from lsp_support import (
    CLIENTS,
    DEMO,
    PROJECT,
    PULL,
    Session,
    capabilities,
    dedent,
)
from lsprotocol import types

from dipcheck.engine import lint_text
from dipcheck.rules import registry

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.parametrize("client", [*CLIENTS, PULL], indirect=True),
]


def by_code(items: list[types.Diagnostic], code: str) -> list[types.Diagnostic]:
    return [item for item in items if item.code == code]


async def test_diagnostic_content(lsp: Session) -> None:
    text = DEMO.replace("Build -> Check", "Build -> Chekc").replace(
        "    label: Start\n", "    label: Start\n    label: Begin\n"
    )
    uri = lsp.open("demo.dip", text)
    items = await lsp.diagnostics(uri)

    [unknown] = by_code(items, "DIP003")
    assert unknown.range == lsp.range(uri, "Chekc")
    assert unknown.severity == types.DiagnosticSeverity.Error
    assert unknown.source == "dipcheck"
    assert unknown.code_description == types.CodeDescription(registry.docs_url("DIP003"))
    assert unknown.message == "edge target `Chekc` is not a declared node (did you mean `Check`?)"
    assert unknown.data["fix"] == {
        "title": "change to `Check`",
        "safe": False,
        "edits": [{"uri": uri, "range": list_range(lsp.range(uri, "Chekc")), "newText": "Check"}],
    }

    [twice] = by_code(items, "DC006")
    assert twice.range == lsp.range(uri, "label", nth=1)
    assert twice.severity == types.DiagnosticSeverity.Warning  # (dippin keeps the last)
    [first] = twice.related_information or []
    assert first.location == types.Location(uri, lsp.range(uri, "label", nth=0))
    [expected] = [
        item
        for item in lint_text(text, str(lsp.path("demo.dip"))).diagnostics
        if item.code == "DC006"
    ]
    assert first.message == expected.related[0].message


def list_range(value: types.Range) -> list[int]:
    return [value.start.line, value.start.character, value.end.line, value.end.character]


async def test_ranges_count_code_units_of_the_negotiated_encoding(lsp: Session) -> None:
    text = DEMO.replace("Summarise ${ctx.report}.", "Ünïcødé 🚀 then ${ctx.nothing_writes_this}.")
    uri = lsp.open("demo.dip", text)
    [finding] = by_code(await lsp.diagnostics(uri), "DC102")
    # `      Ünïcødé 🚀 then ` is 21 code points, 22 UTF-16 units and 28 UTF-8 bytes
    column = {"utf-16": 22, "utf-8": 28}[lsp.encoding]
    line = text[: text.index("${ctx.nothing")].count("\n")
    width = len("${ctx.nothing_writes_this}")
    assert finding.range == types.Range(
        types.Position(line, column), types.Position(line, column + width)
    )
    assert finding.range == lsp.range(uri, "${ctx.nothing_writes_this}")


async def test_syntax_errors_at_their_real_position(lsp: Session) -> None:
    text = (PROJECT / "fixtures" / "broken" / "syntax.dip").read_text(encoding="utf-8")
    uri = lsp.open("syntax.dip", text)
    items = by_code(await lsp.diagnostics(uri), "DC001")
    ranges = {item.message.split(":")[0]: item.range for item in items}
    assert ranges["`agnet` is not a declaration or a field here (did you mean `agent`?)"] == (
        lsp.range(uri, "agnet")
    )
    assert types.Range(types.Position(6, 2), types.Position(6, 7)) == lsp.range(uri, "agnet")
    bracket = [item for item in items if "bracket" in item.message or "[" in item.message]
    assert bracket and bracket[0].range.start == lsp.position(uri, "[label: next]")


async def test_stale_versions_are_never_published(lsp: Session) -> None:
    lsp.configure({"dipcheck": {"debounceMs": 300}})
    uri = lsp.open("demo.dip", DEMO)
    await lsp.diagnostics(uri)
    mark = lsp.mark()
    for number in range(2, 7):
        lsp.change(uri, DEMO.replace("Build -> Check", f"Build -> Missing{number}"))
    items = await lsp.diagnostics(uri, after=mark)
    [unknown] = by_code(items, "DIP003")
    assert "`Missing6`" in unknown.message
    await asyncio.sleep(0.5)  # time for any stray lint of an older version to surface
    assert [item.version for item in lsp.client.published[mark:] if item.uri == uri] == (
        [] if lsp.pull else [6]
    )


async def test_results_of_superseded_lints_are_dropped(lsp: Session) -> None:
    """No debounce: lints start at once and overlap later edits. Whatever is published is
    labelled with the version it was computed for, never a newer one."""
    lsp.configure({"dipcheck": {"debounceMs": 0}})
    big = PROJECT.parent / "shared" / "corpus" / "tracker" / "examples" / "build_product.dip"
    base = big.read_text(encoding="utf-8") if big.is_file() else DEMO
    uri = lsp.open("big.dip", base)
    await lsp.diagnostics(uri)
    mark = lsp.mark()
    for number in range(2, 12):
        lsp.change(uri, base + f"\n  # edit {number}\n    Nope{number} -> Nope\n")
        await asyncio.sleep(0.005)
    items = await lsp.diagnostics(uri, after=mark)
    assert any("Nope11" in item.message for item in items)
    seen = [item for item in lsp.client.published[mark:] if item.uri == uri]
    versions = [item.version for item in seen]
    assert versions == sorted(versions)
    for item in seen:
        assert item.version is not None
        mentioned = {
            f"Nope{n}"
            for n in range(2, 12)
            if any(f"`Nope{n}`" in d.message for d in item.diagnostics)
        }
        assert mentioned == {f"Nope{item.version}"}


def demo_codes(lsp: Session) -> list[str]:
    """The codes the library reports for DEMO: what the server must publish."""
    return [item.code for item in lint_text(DEMO, str(lsp.path("demo.dip"))).diagnostics]


async def test_push_or_pull_with_result_ids(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    assert "DC104" in demo_codes(lsp)
    if not lsp.pull:
        assert lsp.capabilities.diagnostic_provider is None
        found = await lsp.published(uri, version=1)
        assert [item.code for item in found.diagnostics] == demo_codes(lsp)
        return
    assert lsp.capabilities.diagnostic_provider.identifier == "dipcheck"
    first = await lsp.pull_report(uri)
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport)
    assert [item.code for item in first.items] == demo_codes(lsp)
    assert first.result_id
    again = await lsp.pull_report(uri, previous=first.result_id)
    assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
    assert again.result_id == first.result_id
    lsp.change(uri, DEMO.replace("Build -> Check", "Build -> Chekc"))
    changed = await lsp.pull_report(uri, previous=first.result_id)
    assert isinstance(changed, types.RelatedFullDocumentDiagnosticReport)
    assert changed.result_id != first.result_id
    assert "DIP003" in [item.code for item in changed.items]
    await asyncio.sleep(0.2)
    assert lsp.client.published == []  # never push to a pull client


PARENT = dedent(
    """
    workflow Parent
      start: Start
      exit: Done

      agent Start
        label: Start

      subgraph Child
        ref: child.dip

      agent Done
        label: Done

      edges
        Start -> Child
        Child -> Done
    """
)

CHILD = dedent(
    """
    workflow Child
      start: A
      exit: A

      agent A
        label: A
    """
)


async def test_a_child_change_relints_its_open_parent(lsp: Session) -> None:
    parent = lsp.open("parent.dip", PARENT)
    child = lsp.open("child.dip", CHILD)
    if lsp.pull:
        before = await lsp.pull_report(parent)
        await lsp.pull_report(child)
        lsp.change(child, CHILD.replace("label: A", "label: B"))
        after = await lsp.pull_report(parent, previous=before.result_id)
        assert isinstance(after, types.RelatedFullDocumentDiagnosticReport)
        assert after.result_id != before.result_id
        return
    await lsp.published(parent, version=1)
    await lsp.published(child, version=1)
    mark = lsp.mark()
    lsp.change(child, CHILD.replace("label: A", "label: B"))
    republished = await lsp.published(parent, after=mark)
    assert republished.version == 1  # the parent's text did not change; it was linted again


WITH_PROMPT = dedent(
    """
    workflow Prompted
      start: Ask
      exit: Ask

      agent Ask
        label: Ask
        prompt_file: prompts/ask.md
    """
)


async def test_findings_in_an_included_file(lsp: Session) -> None:
    lsp.write("prompts/ask.md", "Answer the question.\n")
    uri = lsp.open("prompted.dip", WITH_PROMPT)
    assert await lsp.diagnostics(uri) == []
    prompt_text = "Answer the question.\nUse ${ctx.nowhere} too.\n"
    prompt = lsp.open("prompts/ask.md", prompt_text, language_id="markdown")
    mark = lsp.mark()
    lsp.change(prompt, prompt_text)
    if lsp.pull:
        items = await lsp.diagnostics(uri)
    else:
        items = list((await lsp.published(uri, after=mark)).diagnostics)
    [anchor] = items
    assert anchor.code == "DC102"
    assert anchor.range == lsp.range(uri, "prompts/ask.md")
    assert anchor.message.startswith("in prompts/ask.md:2:5: `Ask` reads context key `nowhere`")
    exact = types.Range(types.Position(1, 4), types.Position(1, 18))
    assert anchor.related_information[0].location == types.Location(prompt, exact)
    end = lsp.range(uri, "prompts/ask.md").end
    assert anchor.data["suppress"] == {  # on the directive, which covers the included file
        "uri": uri,
        "range": [end.line, end.character, end.line, end.character],
        "newText": "  # dipcheck: ignore[DC102]",
    }
    if not lsp.pull:
        published = await lsp.published(prompt, after=mark, where=lambda item: item.diagnostics)
        [own] = published.diagnostics
        assert own.range == exact
        assert own.message.startswith("`Ask` reads context key `nowhere`")


async def test_configuration_changes_relint(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    assert [item.code for item in await lsp.diagnostics(uri)] == demo_codes(lsp)
    config = lsp.write("dipcheck.toml", 'ignore = ["ALL"]\n')
    mark = lsp.mark()
    lsp.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(config.as_uri(), types.FileChangeType.Created)]
        )
    )
    assert await lsp.diagnostics(uri, after=mark) == []
    config.unlink()
    mark = lsp.mark()
    lsp.configure({})
    assert [item.code for item in await lsp.diagnostics(uri, after=mark)] == demo_codes(lsp)


async def test_editor_select_and_ignore_layer_as_the_command_line_does(lsp: Session) -> None:
    """`select` starts the selection again: the configuration file's `ignore` gave way to it
    on the command line, but not in the editor; `ignore` alone adds to the file's."""
    uri = lsp.open("demo.dip", DEMO)
    # (the open's own diagnostics first: under load they were published after the mark
    # below, and read as the answer to the configuration)
    await lsp.diagnostics(uri)
    config = lsp.write("dipcheck.toml", 'ignore = ["DC104"]\n')
    try:
        mark = lsp.mark()
        lsp.configure({"dipcheck": {}})
        found = await lsp.diagnostics(uri, after=mark)
        assert "DC104" not in [item.code for item in found]
        mark = lsp.mark()
        lsp.configure({"dipcheck": {"select": ["DC104", "DC301"]}})
        found = await lsp.diagnostics(uri, after=mark)
        assert sorted(item.code for item in found) == ["DC104", "DC301"]
        mark = lsp.mark()
        lsp.configure({"dipcheck": {"select": [], "ignore": ["DIP1"]}})
        found = await lsp.diagnostics(uri, after=mark)
        assert sorted(item.code for item in found) == ["DC301"]
    finally:
        config.unlink()
        lsp.configure({"dipcheck": {}})


async def test_a_setting_left_out_of_a_change_goes_back_to_its_default(lsp: Session) -> None:
    """An editor sends its whole `dipcheck` section on each change: a setting the user
    removed is absent from it, and kept its old value (DIP003 stayed hidden)."""
    uri = lsp.open("demo.dip", DEMO.replace("Build -> Check", "Build -> Chekc"))
    codes = [item.code for item in await lsp.diagnostics(uri)]
    assert "DIP003" in codes
    hidden = [code for code in codes if code != "DIP003"]
    for settings, expected in [
        ({"ignore": ["DIP003"]}, hidden),
        ({"ignore": ["DIP003"], "debounceMs": 100}, hidden),
        ({"debounceMs": 100}, codes),
    ]:
        mark = lsp.mark()
        lsp.configure({"dipcheck": settings})
        assert [item.code for item in await lsp.diagnostics(uri, after=mark)] == expected


async def test_closing_clears_pushed_diagnostics(lsp: Session) -> None:
    uri = lsp.open("demo.dip", DEMO)
    await lsp.diagnostics(uri)
    mark = lsp.mark()
    lsp.close(uri)
    if lsp.pull:
        return
    cleared = await lsp.published(uri, after=mark)
    assert list(cleared.diagnostics) == []


async def test_pull_clients_are_asked_to_refresh(lsp: Session) -> None:
    """A pull client hears when a dependency or the configuration changed."""
    parent = lsp.open("parent.dip", PARENT)
    child = lsp.open("child.dip", CHILD)
    if not lsp.pull:
        return  # pushed instead: test_a_child_change_relints_its_open_parent
    await lsp.pull_report(parent)
    count = lsp.client.diagnostic_refresh_count
    lsp.change(child, CHILD.replace("label: A", "label: B"))
    await lsp.pull_report(child)
    assert lsp.client.diagnostic_refresh_count == count + 1
    lsp.configure({})
    await lsp.pull_report(child)
    assert lsp.client.diagnostic_refresh_count == count + 2


async def test_untitled_documents_are_linted(lsp: Session) -> None:
    uri = "untitled:Untitled-1"
    text = DEMO.replace("Build -> Check", "Build -> Chekc")
    lsp.texts[uri], lsp.versions[uri] = text, 1
    lsp.client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "dip", 1, text))
    )
    [unknown] = by_code(await lsp.diagnostics(uri), "DIP003")
    assert unknown.range == lsp.range(uri, "Chekc")


async def test_requests_about_unknown_documents_get_empty_answers(lsp: Session) -> None:
    document = types.TextDocumentIdentifier((lsp.root / "closed.dip").as_uri())
    here = types.Position(0, 0)
    client = lsp.client
    assert await client.text_document_hover_async(types.HoverParams(document, here)) is None
    assert (
        await client.text_document_definition_async(types.DefinitionParams(document, here)) is None
    )
    assert (
        await client.text_document_document_symbol_async(types.DocumentSymbolParams(document))
        is None
    )
    assert (
        await client.text_document_completion_async(types.CompletionParams(document, here)) is None
    )
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(document)
    )
    assert tokens is not None and list(tokens.data) == []
    if lsp.pull:
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(document)
        )
        assert list(report.items) == []
    assert [item for item in client.log_messages if item.type == types.MessageType.Error] == []


async def test_files_the_workflows_read_are_watched(lsp: Session) -> None:
    """A client that can watch files is asked to watch the configuration files and the files
    the open workflows read (even missing ones); one that cannot gets the server's own
    once-a-second check. Either way, creating the missing prompt file clears its DC003."""
    uri = lsp.open("prompted.dip", WITH_PROMPT)
    assert [item.code for item in await lsp.diagnostics(uri)] == ["DC003"]
    prompt = lsp.path("prompts/ask.md")
    workspace = capabilities(lsp.spec).workspace
    watching = workspace.did_change_watched_files if workspace else None
    if watching is not None and watching.dynamic_registration:
        deadline = asyncio.get_running_loop().time() + 10
        while True:
            patterns = {
                watcher["globPattern"]  # register_options arrive as plain JSON
                for item in lsp.client.registrations.values()
                if item.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
                for watcher in item.register_options["watchers"]
            }
            if str(prompt) in patterns or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.05)
        assert {"**/{dipcheck.toml,.dipcheck.toml,pyproject.toml}", str(prompt)} <= patterns
        assert str(lsp.path("dipcheck.toml")) in patterns  # could apply, does not exist yet
        # the search for one goes up to `/`: two folders above the workspace, it applies too
        assert str(lsp.path("dipcheck.toml").parents[2] / "dipcheck.toml") in patterns
        mark = lsp.mark()
        lsp.write("prompts/ask.md", "Ask.\n")
        lsp.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                [types.FileEvent(prompt.as_uri(), types.FileChangeType.Created)]
            )
        )
    else:
        mark = lsp.mark()
        lsp.write("prompts/ask.md", "Ask.\n")  # nobody tells the server: it has to notice
    if lsp.pull:
        deadline = asyncio.get_running_loop().time() + 10
        while await lsp.diagnostics(uri) and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.2)
        assert await lsp.diagnostics(uri) == []
    else:
        found = await lsp.published(uri, after=mark, where=lambda item: not item.diagnostics)
        assert list(found.diagnostics) == []


async def test_shell_checks_wait_for_the_typing_to_pause(lsp: Session) -> None:
    # bash -n (DIP123) runs once per new command text; while the user types, a lint skips
    # command texts it has not checked before and the document is linted once more when the
    # typing pauses (lsp/dipcheck_lsp/state.py SHELL_CHECK_PAUSE)
    import uuid

    def broken() -> str:
        return dedent(
            f"""
            workflow Shell
              start: Run
              exit: Run
              tool Run
                timeout: 1m
                command:
                  echo {uuid.uuid4().hex}
                  if true; then
            """
        )

    uri = lsp.open("shell.dip", broken())
    assert [item.code for item in by_code(await lsp.diagnostics(uri), "DIP123")] == ["DIP123"]
    mark = lsp.mark()
    version = lsp.change(uri, broken())  # a command text never checked before
    if lsp.pull:
        typing = await lsp.diagnostics(uri)
    else:
        typing = list((await lsp.published(uri, mark, version)).diagnostics)
        mark = lsp.mark()
    assert by_code(typing, "DIP123") == []  # not checked while typing
    await asyncio.sleep(1.5)
    if lsp.pull:
        paused = await lsp.diagnostics(uri)
    else:
        paused = list((await lsp.published(uri, mark, version)).diagnostics)
    [found] = by_code(paused, "DIP123")
    assert found.range.start.line == 7  # the unterminated `if`, line 8 of the file
