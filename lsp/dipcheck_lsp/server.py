"""The pygls server: registration and thin handlers over the state and feature modules.

What each method does (details in the module named):

* ``textDocument/didOpen``, ``didChange``, ``didClose`` — lint (the first lint at once, then
  debounced per document) and push, or wait for the client to pull; documents that depend on
  the file are linted again (``state``).
* ``workspace/didChangeWatchedFiles`` — a configuration file re-lints everything, any other
  file the documents that read it; ``workspace/didChangeConfiguration`` — new settings, the
  configuration reloaded, everything re-linted (``state``).
* ``textDocument/diagnostic`` — pull diagnostics with result ids, registered only when the
  client supports them and ``workspace/diagnostic/refresh``; such a client then never gets a
  push (``state``, ``findings``).
* ``textDocument/definition``, ``references``, ``prepareRename``, ``rename`` — node ids and
  step names, context keys, inputs, vars, subgraph refs and file directives (``navigation``).
* ``workspace/symbol`` — workflows and nodes of the open documents and of the workspace
  folders' workflow files, parsed once per file version (``workspace_symbols``).
* ``textDocument/documentLink`` — file directives and subgraph refs whose target exists
  (``navigation``).
* ``textDocument/documentSymbol`` — workflow → sections and nodes → fields; edges
  (``symbols``).
* ``textDocument/hover`` — nodes, context keys with their availability, conditions, fields,
  rule codes in suppression comments (``hover``).
* ``textDocument/completion`` — fields, node ids, ``${ctx.`` keys, models, providers, rule
  codes, YAML step names (``completion``).
* ``textDocument/codeAction`` — the rules' quick fixes, "suppress this finding",
  ``source.fixAll.dipcheck`` (``actions``).
* ``textDocument/semanticTokens/full`` — see ``tokens``.
* ``textDocument/inlayHint`` — after each context-key read, whether the key is written on
  every path, some paths, never or maybe; off with the ``inlayHints`` setting (``hints``).
* ``textDocument/foldingRange`` — nodes, sections, multi-line fields (``folding``).
* ``workspace/executeCommand`` — ``dipcheck.explainRule`` (``commands``).
* ``textDocument/formatting``, ``rangeFormatting`` — ``dipcheck fmt`` as edits, for ``.dip``
  documents, in a worker thread as a lint (``formatting``).
* ``workspace/executeCommand`` ``dipcheck.simulate`` and ``textDocument/codeLens`` (a
  "Simulate" lens on the workflow header) — a dry run of the open document (``simulation``).
* ``workspace/executeCommand`` ``dipcheck.runTests`` and "Run tests" lenses on workflows with
  test files and on test files and each test; an open test file's diagnostics are its tests'
  failures (``testing``).
* ``workspace/executeCommand`` ``dipcheck.graph`` — the picture of the open document, Mermaid
  or DOT, with its findings (``graphs``).

The server works in the workspace root (``initialize`` changes to it), as ``dipcheck`` is run
at the root of a checkout: the working directory is the tree a test file and the workflow it
names must not leave through a symbolic link.

Every handler catches its own
failures, logs them with ``window/logMessage`` and answers with an empty result; the only
error responses are deliberate (a refused rename, a command given arguments it cannot use).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import sys
import threading
import traceback
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, BinaryIO, TypeVar
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

from dipcheck import __version__
from dipcheck.engine import lint_text
from dipcheck.files import inside, too_broad
from dipcheck.source import SourceText
from dipcheck.terminal import quoted, visible_parser
from dipcheck_lsp import (
    actions,
    commands,
    completion,
    folding,
    formatting,
    graphs,
    hints,
    hover,
    navigation,
    simulation,
    stream,
    symbols,
    testing,
    tokens,
    watch,
    workspace_symbols,
)
from dipcheck_lsp.collector import take_over
from dipcheck_lsp.convert import Positions, encoding_name, path_of, workspace_edit
from dipcheck_lsp.index import Occurrence
from dipcheck_lsp.protocol import ANSWERED, Protocol, Refused, quiet_refusals, sent
from dipcheck_lsp.state import Settings, Snapshot, State

T = TypeVar("T")


class _Host:
    """The server as the state sees it."""

    def __init__(self, server: DipcheckServer) -> None:
        self.server = server
        self.encoding = "utf-16"
        self.root: str | None = None
        self.refresh_support = False

    def document(self, uri: str) -> tuple[int, str] | None:
        document = self.server.workspace.text_documents.get(unquote(uri))
        if document is None:
            return None
        return document.version or 0, document.source

    def line_starts(self, uri: str, text: str) -> list[int] | None:
        """The line starts of ``text`` when it is the text of the open document ``uri`` and
        its last change carried them (see :meth:`Protocol.line_starts`)."""
        document = self.server.workspace.text_documents.get(unquote(uri))
        return None if document is None else self.server.protocol.line_starts(document, text)

    def publish(self, uri: str, version: int | None, items: list[types.Diagnostic]) -> None:
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=items, version=version)
        )

    def refresh(self) -> None:
        if self.refresh_support:
            future = self.server.workspace_diagnostic_refresh(None)
            future.add_done_callback(_ignore_failure)

    def show_error(self, message: str) -> None:
        self.server.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Error, message=message)
        )

    def log_error(self, message: str) -> None:
        self.server.window_log_message(
            types.LogMessageParams(type=types.MessageType.Error, message=message)
        )


def _ignore_failure(future: Future[Any]) -> None:
    if not future.cancelled():
        future.exception()  # retrieved, so a client that refuses the request is not an error


class DipcheckServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("dipcheck", __version__, protocol_cls=Protocol)
        self.settings = Settings()
        self.lint_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="dipcheck-lint")
        self.host = _Host(self)
        self.state = State(self.host, self.settings, self.lint_pool)
        self.poller = watch.Poller(self.state.seen_stamps, self.state.files_changed)
        self.registered: tuple[str, frozenset[str]] | None = None  # watcher id and its files
        self.symbol_index: workspace_symbols.Index | None = None
        self.symbol_lock = asyncio.Lock()  # one scan of the workspace folders at a time
        self._register()

    def shutdown(self) -> None:
        self.poller.stop()
        self.lint_pool.shutdown(wait=False, cancel_futures=True)
        super().shutdown()

    def _start_io_async(
        self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
    ) -> None:
        """pygls' stdio server with :func:`stream.serve` reading the messages (it recovers
        from a malformed header; pygls' loop never answers again after one)."""
        self._stop_event = threading.Event()
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))

        async def serve() -> None:
            await stream.serve(
                self._stop_event,
                stdin or sys.stdin.buffer,
                self.thread_pool,
                self.protocol,
                logging.getLogger("pygls.server"),
                self.report_server_error,
            )
            # the input ended: what is still running will not be waited for (asyncio.run
            # cancels it), so its requests are cancelled before their handlers are
            self.protocol.cancel_pending()

        try:
            asyncio.run(serve())
        except BrokenPipeError:
            logging.getLogger("pygls.server").error("Connection to the client is lost.")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    # -- plumbing ------------------------------------------------------------------------

    def _fail(self, method: str) -> None:
        self.host.log_error(f"dipcheck: {method} failed:\n{traceback.format_exc()}")

    def _request(
        self, method: str, handler: Callable[[Any], Awaitable[T]], empty: T, options: Any = None
    ) -> None:
        async def run(params: Any) -> T:
            try:
                return await handler(params)
            except (JsonRpcException, asyncio.CancelledError):
                raise
            except Exception:
                self._fail(method)
                return empty

        self.feature(method, options)(run)

    def _listen(self, method: str, handler: Callable[[Any], None]) -> None:
        """Register a handler whose result nobody waits for (a notification, or the
        initialize hook, whose answer pygls builds)."""

        def run(params: Any) -> None:
            try:
                handler(params)
            except Exception:
                self._fail(method)

        self.feature(method)(run)

    def _register(self) -> None:
        self._listen(types.INITIALIZE, self.initialize)
        self.feature(ANSWERED)(lambda params: None)
        self._listen(types.INITIALIZED, self.initialized)
        self._listen(types.TEXT_DOCUMENT_DID_SAVE, self.did_save)
        self._listen(types.TEXT_DOCUMENT_DID_OPEN, self.did_open)
        self._listen(types.TEXT_DOCUMENT_DID_CHANGE, self.did_change)
        self._listen(types.TEXT_DOCUMENT_DID_CLOSE, self.did_close)
        self._listen(types.WORKSPACE_DID_CHANGE_WATCHED_FILES, self.files_changed)
        self._listen(types.WORKSPACE_DID_CHANGE_CONFIGURATION, self.configuration_changed)
        self._request(types.TEXT_DOCUMENT_DEFINITION, self.definition, None)
        self._request(types.TEXT_DOCUMENT_REFERENCES, self.references, None)
        self._request(types.TEXT_DOCUMENT_PREPARE_RENAME, self.prepare_rename, None)
        self._request(types.TEXT_DOCUMENT_RENAME, self.rename, None)
        self._request(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, self.document_symbols, None)
        self._request(types.WORKSPACE_SYMBOL, self.workspace_symbols, None)
        self._request(
            types.TEXT_DOCUMENT_DOCUMENT_LINK,
            self.document_links,
            None,
            types.DocumentLinkOptions(resolve_provider=False),
        )
        self._request(types.TEXT_DOCUMENT_HOVER, self.hover, None)
        self._request(
            types.TEXT_DOCUMENT_COMPLETION,
            self.completion,
            None,
            types.CompletionOptions(trigger_characters=completion.TRIGGERS),
        )
        self._request(
            types.TEXT_DOCUMENT_CODE_ACTION,
            self.code_action,
            None,
            types.CodeActionOptions(code_action_kinds=actions.KINDS),
        )
        self._request(types.TEXT_DOCUMENT_FOLDING_RANGE, self.folding_ranges, None)
        self._request(
            types.TEXT_DOCUMENT_INLAY_HINT,
            self.inlay_hints,
            None,
            types.InlayHintOptions(resolve_provider=False),
        )
        self.command(commands.EXPLAIN_RULE)(commands.explain_rule)
        self._request(types.TEXT_DOCUMENT_FORMATTING, self.formatting, None)
        self._request(types.TEXT_DOCUMENT_RANGE_FORMATTING, self.range_formatting, None)
        self._request(
            types.TEXT_DOCUMENT_CODE_LENS,
            self.code_lens,
            None,
            types.CodeLensOptions(resolve_provider=False),
        )

        async def simulate(*arguments: Any) -> Any:  # pygls tags the function it registers
            return await self.simulate(*arguments)

        self.command(simulation.COMMAND)(simulate)

        async def run_tests(*arguments: Any) -> Any:
            return await self.run_tests(*arguments)

        self.command(testing.COMMAND)(run_tests)

        async def graph(*arguments: Any) -> Any:
            return await self.graph(*arguments)

        self.command(graphs.COMMAND)(graph)
        self._request(
            types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
            self.semantic_tokens,
            None,
            types.SemanticTokensLegend(
                token_types=tokens.TOKEN_TYPES, token_modifiers=tokens.TOKEN_MODIFIERS
            ),
        )

    # -- lifecycle -----------------------------------------------------------------------

    def initialize(self, params: types.InitializeParams) -> None:
        self.settings.update(params.initialization_options)
        self._settings_problems()
        self.host.encoding = encoding_name(self.workspace.position_encoding)
        folders = params.workspace_folders or []
        root_uri = folders[0].uri if folders else params.root_uri
        self.host.root = path_of(root_uri) if root_uri else params.root_path
        if self.host.root and os.path.isdir(self.host.root):
            # The working directory is the tree a test file (and the workflow it names) must
            # not leave through a symbolic link (files.tree_of), as for `dipcheck test` run
            # at the root: an editor started in the home directory made that the tree, and a
            # test file linking to a file there was read and its tests' names shown. (A root
            # the server may not enter leaves it where it started.)
            with contextlib.suppress(OSError):
                os.chdir(self.host.root)
        capabilities = params.capabilities
        workspace = capabilities.workspace
        diagnostics = workspace.diagnostics if workspace is not None else None
        self.host.refresh_support = bool(diagnostics and diagnostics.refresh_support)
        document = capabilities.text_document
        # Pull only when the client can also be asked to pull again: a file on disk or the
        # configuration may change any time, and a pull client without refresh support
        # (Neovim 0.11) would never show the new findings. Such a client gets pushes.
        pull = document is not None and document.diagnostic is not None
        if pull and self.host.refresh_support:
            self.state.pull = True
            self._request(
                types.TEXT_DOCUMENT_DIAGNOSTIC,
                self.pull_diagnostics,
                types.RelatedFullDocumentDiagnosticReport(items=[]),
                types.DiagnosticOptions(
                    identifier="dipcheck",
                    inter_file_dependencies=True,
                    workspace_diagnostics=False,
                ),
            )

    def initialized(self, params: types.InitializedParams) -> None:
        """Watch the files the workflows depend on: through the client when it can, else by
        polling (``watch``)."""
        workspace = self.client_capabilities.workspace
        support = workspace.did_change_watched_files if workspace is not None else None
        if support is not None and support.dynamic_registration:
            self.registered = ("", frozenset())
            self.state.on_linted = self.update_watchers
            self.update_watchers()
        else:
            self.poller.start()

    def update_watchers(self) -> None:
        """(Re-)register the client's file watchers when the set of files has changed."""
        assert self.registered is not None
        old_id, old_paths = self.registered
        paths = frozenset(self.state.watched_paths())
        if old_id and paths == old_paths:
            return
        new = watch.registration(paths)
        self.registered = (new.id, paths)
        if old_id:
            self.client_unregister_capability(
                types.UnregistrationParams([types.Unregistration(id=old_id, method=new.method)])
            ).add_done_callback(_ignore_failure)
        self.client_register_capability(types.RegistrationParams([new])).add_done_callback(
            _ignore_failure
        )

    def did_save(self, params: types.DidSaveTextDocumentParams) -> None:
        """A saved workflow is linted again, re-reading what it includes (the fallback for
        clients that report no file changes)."""
        self.state.saved(params.text_document.uri)

    def did_open(self, params: types.DidOpenTextDocumentParams) -> None:
        self.state.opened(params.text_document.uri, params.text_document.language_id)

    def did_change(self, params: types.DidChangeTextDocumentParams) -> None:
        self.state.changed(params.text_document.uri)

    def did_close(self, params: types.DidCloseTextDocumentParams) -> None:
        self.state.closed(params.text_document.uri)

    def files_changed(self, params: types.DidChangeWatchedFilesParams) -> None:
        paths = [path for change in params.changes if (path := path_of(change.uri))]
        self.state.files_changed(paths)

    def configuration_changed(self, params: types.DidChangeConfigurationParams) -> None:
        hinting = self.settings.inlay_hints
        self.settings.update(params.settings)
        self._settings_problems()
        self.state.configuration_changed()
        workspace = self.client_capabilities.workspace
        support = workspace.inlay_hint if workspace is not None else None
        if self.settings.inlay_hints != hinting and support and support.refresh_support:
            self.workspace_inlay_hint_refresh(None).add_done_callback(_ignore_failure)

    def _settings_problems(self) -> None:
        for problem in self.settings.problems:
            self.host.show_error(f"dipcheck: {problem}; the setting is ignored")

    # -- helpers -------------------------------------------------------------------------

    def exists(self, path: str) -> bool:
        return any(doc.path == path for doc in self.state.docs.values()) or os.path.isfile(path)

    def versions(self) -> dict[str, int]:
        result: dict[str, int] = {}
        for uri in self.state.docs:
            state = self.host.document(uri)
            if state is not None:
                result[uri] = state[0]
        return result

    def document_changes(self) -> bool:
        workspace = self.client_capabilities.workspace
        edit = workspace.workspace_edit if workspace is not None else None
        return bool(edit and edit.document_changes)

    async def located(
        self, params: types.TextDocumentPositionParams
    ) -> tuple[Snapshot, Occurrence] | None:
        snapshot = await self.state.current_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        occurrence = snapshot.index.at(snapshot.positions.offset(params.position))
        return (snapshot, occurrence) if occurrence is not None else None

    # -- requests ------------------------------------------------------------------------

    async def pull_diagnostics(
        self, params: types.DocumentDiagnosticParams
    ) -> types.DocumentDiagnosticReport:
        return await self.state.report(params.text_document.uri, params.previous_result_id)

    async def definition(self, params: types.DefinitionParams) -> list[types.Location] | None:
        found = await self.located(params)
        if found is None:
            return None
        return navigation.definition(*found, self.exists) or None

    async def references(self, params: types.ReferenceParams) -> list[types.Location] | None:
        found = await self.located(params)
        if found is None:
            return None
        declarations = params.context.include_declaration
        return navigation.references(*found, declarations) or None

    async def prepare_rename(
        self, params: types.PrepareRenameParams
    ) -> types.PrepareRenamePlaceholder | None:
        found = await self.located(params)
        if found is None or not navigation.renameable(found[1]):
            return None
        snapshot, occurrence = found
        target = snapshot.positions.span_range(occurrence.span)
        return types.PrepareRenamePlaceholder(range=target, placeholder=occurrence.name)

    async def rename(self, params: types.RenameParams) -> types.WorkspaceEdit | None:
        found = await self.located(params)
        if found is None or not navigation.renameable(found[1]):
            raise Refused("there is no node id or step name to rename here")
        try:
            edits = navigation.rename(*found, params.new_name.strip())
        except navigation.RenameError as error:
            raise Refused(str(error)) from None
        return workspace_edit(edits, self.versions(), self.document_changes())

    async def document_symbols(
        self, params: types.DocumentSymbolParams
    ) -> list[types.DocumentSymbol] | list[types.SymbolInformation] | None:
        snapshot = await self.state.current_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        found = symbols.document_symbols(snapshot.result.workflow, snapshot.positions)
        document = self.client_capabilities.text_document
        support = document.document_symbol if document is not None else None
        if support is not None and support.hierarchical_document_symbol_support:
            return found
        return symbols.flatten(found, snapshot.uri)

    async def workspace_symbols(
        self, params: types.WorkspaceSymbolParams
    ) -> list[types.SymbolInformation] | None:
        found: list[types.SymbolInformation] = []
        skip: set[str] = set()
        for uri, doc in list(self.state.docs.items()):
            snapshot = self.state.latest(uri) or await self.state.current_snapshot(uri)
            if doc.path is not None:
                skip.add(doc.path)
            workflow = snapshot.result.workflow if snapshot is not None else None
            if snapshot is not None and workflow is not None:
                found.extend(workspace_symbols.workflow_symbols(workflow, snapshot.positions, uri))
        folders = [
            path for folder in self.workspace.folders.values() if (path := path_of(folder.uri))
        ]
        if not folders and self.host.root:
            folders = [self.host.root]
        # a folder that is the home directory or / holds every file on the machine: it is
        # not walked (the open documents answer), as it is no workspace for runTests
        folders = [folder for folder in folders if not too_broad(folder)]
        async with self.symbol_lock:
            index = self.symbol_index
            if index is None or index.encoding != self.host.encoding:
                index = self.symbol_index = workspace_symbols.Index(self.host.encoding)
            loop = asyncio.get_running_loop()
            scanned, note = await loop.run_in_executor(self.lint_pool, index.scan, folders, skip)
        found.extend(scanned)
        if note is not None:
            self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Warning, message=note)
            )
        query = params.query
        return [item for item in found if workspace_symbols.matches(query, item.name)] or None

    async def document_links(
        self, params: types.DocumentLinkParams
    ) -> list[types.DocumentLink] | None:
        snapshot = await self.state.current_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        document = self.client_capabilities.text_document
        support = document.document_link if document is not None else None
        tooltips = bool(support and support.tooltip_support)
        return navigation.document_links(snapshot, self.exists, tooltips) or None

    async def folding_ranges(
        self, params: types.FoldingRangeParams
    ) -> list[types.FoldingRange] | None:
        snapshot = await self.state.current_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        found = symbols.document_symbols(snapshot.result.workflow, snapshot.positions)
        return folding.folding_ranges(found) or None

    async def inlay_hints(self, params: types.InlayHintParams) -> list[types.InlayHint] | None:
        if not self.settings.inlay_hints:
            return None
        snapshot = await self.state.current_snapshot(params.text_document.uri)
        if snapshot is None or snapshot.flow is None:
            return None
        positions = snapshot.positions
        first = positions.offset(params.range.start)
        last = positions.offset(params.range.end)
        found = hints.inlay_hints(snapshot.index, snapshot.flow, positions, first, last)
        return found or None

    async def hover(self, params: types.HoverParams) -> types.Hover | None:
        found = await self.located(params)
        if found is None:
            return None
        snapshot, occurrence = found
        text = hover.hover(snapshot, occurrence, self.exists)
        if text is None:
            return None
        document = self.client_capabilities.text_document
        formats = document.hover.content_format if document and document.hover else None
        markdown = not formats or types.MarkupKind.Markdown in formats
        kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
        return types.Hover(
            contents=types.MarkupContent(kind=kind, value=text),
            range=snapshot.positions.span_range(occurrence.span),
        )

    async def completion(self, params: types.CompletionParams) -> types.CompletionList | None:
        uri = params.text_document.uri
        current = self.host.document(uri)
        if current is None:
            return None
        snapshot = self.state.latest(uri) or await self.state.current_snapshot(uri)
        source = SourceText(uri, current[1])
        offset = Positions(source, self.host.encoding).offset(params.position)
        line, column = source.position(offset)
        items = completion.complete(source.text, line, column, snapshot)
        return types.CompletionList(is_incomplete=False, items=items)

    async def code_action(self, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        current = self.host.document(uri)
        if current is None:
            return None
        wants_fix_all = actions.wanted(actions.FIX_ALL, params.context.only)
        snapshot = (
            await self.state.current_snapshot(uri) if wants_fix_all else self.state.latest(uri)
        )
        if snapshot is not None and snapshot.version != current[0]:
            snapshot = None
        fixed = None
        doc = self.state.docs.get(self.state.known(uri))
        if wants_fix_all and snapshot is not None and doc is not None and actions.fixable(snapshot):
            # in a worker, as a lint: each pass lints the text again
            request = self.state.request(doc, snapshot.version, snapshot.source.text)
            fixed = await asyncio.wrap_future(self.lint_pool.submit(actions.fixed_text, request))
        known = [*(snapshot.converted.own if snapshot else ()), *self.state.current_in(uri)]
        found = actions.code_actions(
            params, known, snapshot, fixed, self.versions(), self.document_changes()
        )
        return found or None

    async def code_lens(self, params: types.CodeLensParams) -> list[types.CodeLens] | None:
        snapshot = await self.state.current_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        lenses = simulation.code_lenses(snapshot)
        lenses.extend(testing.code_lenses(snapshot, self.exists))
        return lenses or None

    async def simulate(self, *arguments: Any) -> Any:
        """``dipcheck.simulate``: the JSON trace (or text, Mermaid, DOT) of the open document."""
        uri, options = simulation.parse_arguments(arguments)
        current = self.host.document(uri)
        if current is None:
            raise Refused(f"{sent(uri)} is not an open document")
        scenario = options.get("scenario")
        if isinstance(scenario, str) and not self._in_workspace(os.path.abspath(scenario)):
            # the option is the client's to send, and an error quotes the file it names (an
            # unknown field: the first line of /etc/shadow); the run uses what it sets
            raise Refused(
                f"{simulation.COMMAND}: the scenario {quoted(scenario)} is not a file inside "
                f"the workspace ({self.host.root or 'none was given'}): it is not read"
            )
        config = self.state.config_for(path_of(uri))
        job = self.lint_pool.submit(simulation.simulate, uri, current[1], options, config)
        try:
            answer, shown = await asyncio.wrap_future(job)
        except JsonRpcException:
            raise
        except Exception:
            self._fail(simulation.COMMAND)
            return None
        if shown is not None:
            self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Info, message=shown)
            )
        return answer

    def _in_workspace(self, path: str | None) -> bool:
        """Is ``path`` inside the workspace, its links resolved (never so for a workspace
        that is the home directory or ``/``, or with none)?"""
        root = self.host.root
        return bool(
            path is not None
            and "\0" not in path
            and root
            and not too_broad(root)
            and inside(path, root)
        )

    def _may_test(self, uri: str) -> None:
        """Refuse to run the tests of a file that is neither open in the editor nor inside the
        workspace (a workspace that is the home directory or ``/`` counts as none): the
        command's argument is the client's to send, and a report quotes the test file (its
        tests' names, its keys) and the workflow beside it (its node ids)."""
        if uri in self.state.docs or self._in_workspace(path_of(uri)):
            return
        root = self.host.root
        raise Refused(
            f"{testing.COMMAND}: {sent(uri)} is neither open in the editor nor inside the "
            f"workspace ({root or 'none was given'}): its tests are not run"
        )

    async def run_tests(self, *arguments: Any) -> Any:
        """``dipcheck.runTests``: run a workflow's tests (or one test file's, or one test)
        and answer with the report; test files that are not open get their failures
        published as diagnostics."""
        uri, options = testing.parse_arguments(arguments)
        self._may_test(uri)
        texts: dict[str, str] = {}
        for open_uri in self.state.docs:
            current = self.host.document(open_uri)
            path = path_of(open_uri)
            if current is not None and path is not None:
                texts[path] = current[1]

        def text_of(path: str) -> str | None:
            return texts.get(os.path.normpath(os.path.abspath(path)))

        job = self.lint_pool.submit(
            testing.run_tests, uri, options, text_of, self.state.config_for, self.host.encoding
        )
        try:
            answer, shown, published = await asyncio.wrap_future(job)
        except JsonRpcException:
            raise
        except Exception:
            self._fail(testing.COMMAND)
            return None
        open_paths = {doc.path for doc in self.state.docs.values() if doc.path}
        for file_uri, items in published.items():
            if path_of(file_uri) not in open_paths:
                self.host.publish(file_uri, None, items)
        if shown is not None:
            self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Info, message=shown)
            )
        return answer

    async def graph(self, *arguments: Any) -> Any:
        """``dipcheck.graph``: the Mermaid (or DOT) picture of the open document."""
        uri, options = graphs.parse_arguments(arguments)
        snapshot = await self.state.current_snapshot(uri)
        if snapshot is None:
            raise Refused(f"{sent(uri)} is not an open document")
        job = self.lint_pool.submit(graphs.draw, snapshot, options)
        try:
            return await asyncio.wrap_future(job)
        except JsonRpcException:
            raise
        except Exception:
            self._fail(graphs.COMMAND)
            return None

    def _dip_text(self, uri: str) -> str | None:
        current = self.host.document(uri)
        doc = self.state.docs.get(self.state.known(uri))
        if current is None or doc is None:
            return None
        fmt = self.state.request(doc, *current).fmt
        return current[1] if fmt == "dip" else None

    async def formatting(
        self, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit] | None:
        text = self._dip_text(params.text_document.uri)
        if text is None:
            return None
        # in a worker, as a lint: formatting a long document takes seconds
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.lint_pool, formatting.format_edits, text, self.host.encoding
        )

    async def range_formatting(
        self, params: types.DocumentRangeFormattingParams
    ) -> list[types.TextEdit] | None:
        text = self._dip_text(params.text_document.uri)
        if text is None:
            return None
        start, end = params.range.start, params.range.end
        last = end.line - 1 if end.character == 0 and end.line > start.line else end.line
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.lint_pool, formatting.format_edits, text, self.host.encoding, (start.line, last)
        )

    async def semantic_tokens(self, params: types.SemanticTokensParams) -> types.SemanticTokens:
        snapshot = await self.state.current_snapshot(params.text_document.uri)
        if snapshot is None:
            return types.SemanticTokens(data=[])
        data = tokens.semantic_tokens(snapshot.result.workflow, snapshot.index, snapshot.positions)
        return types.SemanticTokens(data=data)


def _arguments(prog: str) -> argparse.ArgumentParser:
    parser = visible_parser(
        prog=prog,
        description="Run the dipcheck language server on standard input and output, for "
        "editors (see editors/README.md for VS Code, Neovim and Helix).",
    )
    parser.add_argument("--version", action="version", version=f"dipcheck {__version__}")
    # Editor clients pass these (vscode-languageclient adds --stdio and, for some
    # transports, --clientProcessId); stdio is the only transport, so both are accepted.
    parser.add_argument(
        "--stdio", action="store_true", help="talk over standard input and output (the default)"
    )
    parser.add_argument("--clientProcessId", help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None, prog: str = "dipcheck-lsp") -> int:
    """Parse the command line (``--help`` and ``--version`` exit before anything starts),
    then serve over stdio until the client says ``exit``."""
    _arguments(prog).parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    quiet_refusals()
    server = DipcheckServer()
    # Load the grammars and rule modules now, then move everything alive into the permanent
    # generation: the collector then no longer rescans these objects during every lint,
    # which is most of what made the slowest lints slow.
    lint_text("workflow Warmup\n  start: A\n  exit: A\n\n  agent A\n    label: A\n", "<warmup>.dip")
    gc.freeze()
    take_over()  # cycles are collected between lints (collector.py)
    server.start_io()
    return 0
