"""Helpers for the language-server tests: a recording pytest-lsp client, a session wrapper
with a scratch workspace, and position arithmetic done independently of the server."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

PROJECT = Path(__file__).resolve().parents[2]
CLIENTS = ["visual-studio-code", "neovim"]
# A client that pulls diagnostics and can be asked to pull again (current VS Code does;
# pytest-lsp's recorded VS Code 1.65 predates pull): Neovim 0.11's capabilities plus
# `workspace/diagnostic/refresh`. Neovim 0.11 itself pulls without refresh, so the server
# pushes to it.
PULL = "pull-with-refresh"
SERVER = [sys.executable, "-m", "dipcheck", "lsp"]
DEBOUNCE_MS = 20
TIMEOUT = 20.0


class Client(LanguageClient):
    """The pytest-lsp client, recording every ``publishDiagnostics`` in order."""

    def __init__(self) -> None:
        super().__init__(converter_factory=default_converter)
        self.published: list[types.PublishDiagnosticsParams] = []
        self.registrations: dict[str, types.Registration] = {}  # the server's, by id
        self.result: types.InitializeResult | None = None
        self.spec = ""
        self.root: Path | None = None  # the workspace folder the server was started with
        self.inlay_hint_refreshes = 0


def _record(client: Client, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)


def _register(client: Client, params: types.RegistrationParams) -> None:
    for item in params.registrations:
        client.registrations[item.id] = item


def _unregister(client: Client, params: types.UnregistrationParams) -> None:
    for item in params.unregisterations:
        client.registrations.pop(item.id, None)


def capabilities(spec: str) -> types.ClientCapabilities:
    """The recorded capabilities of a pytest-lsp client name, or of :data:`PULL`."""
    if spec != PULL:
        return client_capabilities(spec)
    found = client_capabilities("neovim")
    assert found.workspace is not None
    found.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return found


def _inlay_hint_refresh(client: Client, params: None) -> None:
    client.inlay_hint_refreshes += 1


def make_client() -> Client:
    client = Client()
    features = {
        **DEFAULT_CLIENT_FEATURES,
        types.WORKSPACE_INLAY_HINT_REFRESH: _inlay_hint_refresh,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _record,
        types.CLIENT_REGISTER_CAPABILITY: _register,
        types.CLIENT_UNREGISTER_CAPABILITY: _unregister,
    }
    register_lsp_features(client, features)
    return client


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def units(text: str, encoding: str) -> int:
    """Code units of ``text`` in an LSP position encoding (computed independently of the
    server's own conversion)."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def line_starts(text: str) -> list[int]:
    """Where each line starts; lines end at ``\r\n``, ``\r`` or ``\n`` as in LSP."""
    starts = [0]
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\r" and text.startswith("\r\n", index):
            index += 1
        if char in "\r\n":
            starts.append(index + 1)
        index += 1
    return starts


def line_end(text: str, starts: list[int], line: int) -> int:
    if line + 1 >= len(starts):
        return len(text)
    end = starts[line + 1] - 1
    return end - 1 if text[end] == "\n" and end > starts[line] and text[end - 1] == "\r" else end


def position_at(text: str, offset: int, encoding: str) -> types.Position:
    starts = line_starts(text)
    line = max(index for index, start in enumerate(starts) if start <= offset)
    end = min(offset, line_end(text, starts, line))
    return types.Position(line, units(text[starts[line] : end], encoding))


def offset_at(text: str, position: types.Position, encoding: str) -> int:
    starts = line_starts(text)
    if position.line >= len(starts):
        return len(text)
    offset, end = starts[position.line], line_end(text, starts, position.line)
    count = 0
    while offset < end and count < position.character:
        count += units(text[offset], encoding)
        offset += 1
    return offset


def edits_by_uri(edit: types.WorkspaceEdit) -> dict[str, list[types.TextEdit]]:
    """A workspace edit's text edits per URI, whichever form the server chose."""
    result: dict[str, list[types.TextEdit]] = {}
    for change in edit.document_changes or []:
        assert isinstance(change, types.TextDocumentEdit)
        result.setdefault(change.text_document.uri, []).extend(change.edits)  # type: ignore[arg-type]
    for uri, items in (edit.changes or {}).items():
        result.setdefault(uri, []).extend(items)
    return result


def apply_edits(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    spans = sorted(
        (
            (
                offset_at(text, edit.range.start, encoding),
                offset_at(text, edit.range.end, encoding),
                edit.new_text,
            )
            for edit in edits
        ),
        reverse=True,
    )
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def find(text: str, needle: str, nth: int = 0) -> int:
    index = -1
    for _ in range(nth + 1):
        index = text.find(needle, index + 1)
        assert index >= 0, f"{needle!r} (#{nth}) not in the text"
    return index


class Session:
    """A client plus a scratch workspace, with helpers that keep tests short."""

    def __init__(self, client: Client, root: Path) -> None:
        self.client = client
        self.root = root
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}
        self.configured = False

    # -- facts about the session ---------------------------------------------------------

    @property
    def spec(self) -> str:
        return self.client.spec

    @property
    def capabilities(self) -> types.ServerCapabilities:
        assert self.client.result is not None
        return self.client.result.capabilities

    @property
    def encoding(self) -> str:
        kind = self.capabilities.position_encoding
        return str(getattr(kind, "value", kind) or "utf-16")

    @property
    def pull(self) -> bool:
        return self.capabilities.diagnostic_provider is not None

    # -- files and documents -------------------------------------------------------------

    def path(self, name: str) -> Path:
        return self.root / name

    def uri(self, name: str) -> str:
        return self.path(name).as_uri()

    def write(self, name: str, text: str) -> Path:
        path = self.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def open(self, name: str, text: str, language_id: str | None = None) -> str:
        self.write(name, text)
        uri = self.uri(name)
        language = language_id or ("yaml" if name.endswith((".yaml", ".yml")) else "dip")
        self.texts[uri] = text
        self.versions[uri] = 1
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, language, 1, text))
        )
        return uri

    def change(self, uri: str, text: str) -> int:
        """Replace the whole text (a full-document change); returns the new version."""
        version = self.versions[uri] + 1
        self.versions[uri] = version
        self.texts[uri] = text
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                [types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        return version

    def close(self, uri: str) -> None:
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri))
        )

    def configure(self, settings: object) -> None:
        self.configured = True
        self.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=settings)
        )

    def finish(self) -> None:
        """Close what the test opened and restore the settings, for the next test."""
        for uri in self.texts:
            self.close(uri)
        if self.configured:
            self.configure({"dipcheck": {"debounceMs": DEBOUNCE_MS}})

    # -- positions -----------------------------------------------------------------------

    def position(self, uri: str, needle: str, nth: int = 0, delta: int = 0) -> types.Position:
        """The position ``delta`` characters into the ``nth`` occurrence of ``needle``."""
        text = self.texts[uri]
        return position_at(text, find(text, needle, nth) + delta, self.encoding)

    def range(self, uri: str, needle: str, nth: int = 0) -> types.Range:
        text = self.texts[uri]
        start = find(text, needle, nth)
        return types.Range(
            position_at(text, start, self.encoding),
            position_at(text, start + len(needle), self.encoding),
        )

    def applied(self, uri: str, edit: types.WorkspaceEdit | None) -> str:
        """The text of ``uri`` after ``edit`` (which must touch only that document)."""
        assert edit is not None
        edits = edits_by_uri(edit)
        assert set(edits) == {uri}
        return apply_edits(self.texts[uri], edits[uri], self.encoding)

    def doc(self, uri: str) -> types.TextDocumentIdentifier:
        return types.TextDocumentIdentifier(uri)

    # -- diagnostics ---------------------------------------------------------------------

    def mark(self) -> int:
        return len(self.client.published)

    async def published(
        self,
        uri: str,
        after: int = 0,
        version: int | None = None,
        where: Callable[[types.PublishDiagnosticsParams], bool] = lambda _: True,
    ) -> types.PublishDiagnosticsParams:
        """The first publish for ``uri`` after ``mark`` (with ``version``, if given, and
        satisfying ``where``)."""
        deadline = asyncio.get_running_loop().time() + TIMEOUT
        while True:
            for item in self.client.published[after:]:
                if item.uri == uri and version in (None, item.version) and where(item):
                    return item
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"no diagnostics published for {uri} (version {version})")
            await asyncio.sleep(0.01)

    async def pull_report(
        self, uri: str, previous: str | None = None
    ) -> types.DocumentDiagnosticReport:
        return await self.client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(self.doc(uri), previous_result_id=previous)
        )

    async def diagnostics(self, uri: str, after: int = 0) -> list[types.Diagnostic]:
        """The diagnostics of the current version: pulled, or the first push for it after
        ``after``."""
        if self.pull:
            report = await self.pull_report(uri)
            assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
            return list(report.items)
        found = await self.published(uri, after, self.versions.get(uri))
        return list(found.diagnostics)


DEMO = dedent(
    """
    workflow Demo
      goal: "Ship it"
      start: Start
      exit: Done

      defaults
        model: claude-sonnet-4-6
        provider: anthropic

      agent Start
        label: Start

      agent Plan
        label: "Plan the change"
        prompt:
          Plan it.
        writes: plan_doc

      agent Build
        label: Build
        model: gpt-5.2
        provider: openai
        prompt:
          Build ${ctx.plan_doc} now, after ${ctx.node.Plan.last_response}.
        retry_target: Plan

      tool Check
        label: "Run the checks"
        command: make check
        timeout: 5m
        writes: report

      agent Done
        label: Done
        prompt:
          Summarise ${ctx.report}.

      edges
        Start -> Plan
        Plan -> Build  when ctx.outcome = success
        Plan -> Done  when ctx.outcome = fail
        Build -> Check
        Check -> Done  when ctx.outcome = success and ctx.report contains "ok"
        Check -> Build  when not ctx.outcome = success  loop
    """
)
