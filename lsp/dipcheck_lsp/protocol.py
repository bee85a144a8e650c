"""Corrections to pygls' JSON-RPC handling.

* A request whose params do not have the shape its method requires is answered with an
  ``InvalidParams`` error naming the method (pygls logs the failure and never answers, so the
  client waits forever).
* A request the server refuses on purpose (:class:`Refused`: a rename to an existing id, say)
  is answered with a ``RequestFailed`` error whose message the editor shows the user, without
  the traceback pygls would write to the log for it; a command given arguments it cannot use
  (:class:`BadArguments`: an unknown rule code) likewise, as ``InvalidParams``.
* A request after ``shutdown`` is answered with ``InvalidRequest`` (pygls drops it).
* A value the client sent is quoted in part in an error answer or a log line (:func:`sent`,
  :class:`_Bounded`): an unknown method or command, a URI, a rule or a new name of a
  megabyte made a message as long (pygls also logged an unknown command with a traceback).
* ``shutdown`` while other requests are running cancels them and is answered with null
  (pygls cancelled them while iterating over the table their cancellation shrinks, answered
  ``InternalError`` and never counted the server as shut down); ``exit`` ends the process at
  once, with status 0 after ``shutdown`` and 1 without (pygls closed the output and raised
  ``SystemExit`` in the message loop, which the server swallowed: work still running then
  wrote to the closed stream, and a busy worker thread kept the process alive).
* An incremental ``didChange`` is applied as the LSP specification reads its range
  (:func:`dipcheck_lsp.convert.apply_change`). pygls' own application splits lines at every
  character Python calls a line break (form feed, U+2028, …), lets a character past the end
  of a line delete the line break and clamps one past the end of the last line a character
  short, so the server's text, and every range it reported, drifted from the editor's.

(Reading the messages themselves, robust to malformed headers, is :mod:`dipcheck_lsp.stream`.)
"""

from __future__ import annotations

import logging
import math
import os
import sys
from collections.abc import Generator
from typing import Any
from urllib.parse import unquote
from weakref import WeakKeyDictionary

from cattrs import transform_error
from cattrs.errors import ClassValidationError
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcMethodNotFound
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification
from pygls.protocol.language_server import lsp_method
from pygls.workspace import TextDocument

from dipcheck.terminal import quoted
from dipcheck_lsp.convert import change_lines, encoding_name, path_of

# the notification a malformed request turns into once it has been answered (and a malformed
# notification once it has been logged)
ANSWERED = "$/dipcheck/answeredInvalidRequest"
# pygls' own logger: its filters (quiet_refusals) bound what is logged here too
logger = logging.getLogger("pygls.protocol.json_rpc")
# The longest value the client sent that a message quotes whole (a URI is rarely longer), and
# the longest log line (pygls logs a request's method, id and params).
MAX_SHOWN = 200
MAX_LOGGED = 2000


def sent(text: str, mark: str = "") -> str:
    """A string the client sent, for a message: itself between ``mark``s, or when longer
    than :data:`MAX_SHOWN` its start and its length (:func:`dipcheck.terminal.quoted`)."""
    return f"{mark}{text}{mark}" if len(text) <= MAX_SHOWN else quoted(text)


class Refused(JsonRpcException):
    """A request the server declines, with the reason for the user."""

    CODE = types.LSPErrorCodes.RequestFailed.value


def document_path(command: str, uri: str) -> str:
    """The path of the document ``command`` runs on (its URI when it is not a ``file:`` one),
    refusing a URI whose path holds a NUL (``%00``): no file can have that name, and the file
    system calls on it raised (the command answered null and logged a traceback)."""
    path = path_of(uri) or uri
    if "\0" in path:
        raise Refused(
            f"{command}: {sent(uri)} names a file with a NUL character (%00), which no file can "
            "have; save the document under another name"
        )
    return path


class BadArguments(JsonRpcException):
    """A command's arguments cannot be used; the message says what it takes."""

    CODE = types.ErrorCodes.InvalidParams.value


class _QuietRefusals(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, Refused | BadArguments)


class _Bounded(logging.Filter):
    """Cut a log line longer than :data:`MAX_LOGGED` characters to its start and length."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if len(message) > MAX_LOGGED:
            record.msg = f"{message[:MAX_LOGGED]}… ({len(message)} characters)"
            record.args = None
        return True


class Protocol(LanguageServerProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # an open document -> (its text, the line starts of that text), see did_change
        self._line_starts: WeakKeyDictionary[TextDocument, tuple[str, list[int]]] = (
            WeakKeyDictionary()
        )

    def handle_message(self, message: Any) -> None:
        """After ``shutdown``, a request other than ``exit`` is answered with an
        ``InvalidRequest`` error, as the LSP specification asks (pygls drops it unanswered,
        and the client waits), when it is read (:meth:`structure_message`); notifications and
        responses are dropped. Before ``initialize``, a request is
        answered with ``ServerNotInitialized`` and a notification but ``exit`` dropped, as
        the specification asks too: pygls answered each request with null, as if there were
        nothing to find (an early ``shutdown`` shut the server down). A second
        ``initialize`` is an ``InvalidRequest``: the specification allows one."""
        method = getattr(message, "method", "")
        if self._workspace is not None and method == types.INITIALIZE:
            # pygls started over: a new workspace without the open documents (their edits
            # were then ignored), another position encoding and root, mid-session
            self._refuse(
                getattr(message, "id", None),
                types.ErrorCodes.InvalidRequest,
                "initialize: the server is already initialized (send it once)",
            )
            return
        if self._workspace is None and method not in ("", types.INITIALIZE, types.EXIT):
            if getattr(message, "id", None) is not None:
                self._refuse(
                    message.id,
                    types.ErrorCodes.ServerNotInitialized,
                    f"{sent(method)}: the server is not initialized yet",
                )
            return
        if self._shutdown and method != types.EXIT:
            return  # (a request was refused when it was read: see structure_message)
        super().handle_message(message)

    def _refuse(self, msg_id: Any, code: types.ErrorCodes, message: str) -> None:
        """Answer the request ``msg_id`` with the error ``code``."""
        self._send_response(msg_id, error=types.ResponseError(code=code.value, message=message))

    def _send_response(
        self, msg_id: Any, result: Any = None, error: types.ResponseError | None = None
    ) -> None:
        """pygls' answer, keeping ``"id": null`` in an error answer to a message whose id is
        null or could not be read (JSON-RPC requires the member): pygls leaves out every
        null member, and a client cannot match an answer without an id to anything."""
        if msg_id is None and error is not None:
            answer = {"jsonrpc": "2.0", "id": None, "error": self._converter.unstructure(error)}
            self._send_data(answer)
            return
        super()._send_response(msg_id, result, error)

    def _get_handler(self, feature_name: str) -> Any:
        """pygls' handler lookup, whose error for an unknown method quotes it in part."""
        try:
            return super()._get_handler(feature_name)
        except JsonRpcMethodNotFound:
            raise JsonRpcMethodNotFound(
                message=f"{JsonRpcMethodNotFound.MESSAGE}: {sent(feature_name)}"
            ) from None

    @lsp_method(types.WORKSPACE_EXECUTE_COMMAND)
    def lsp_workspace__execute_command(
        self, params: types.ExecuteCommandParams
    ) -> Generator[Any, Any, Any]:
        """pygls' handler, an unknown command refused as :class:`BadArguments` (pygls' own
        error quoted the name whole and was logged with a traceback)."""
        if params.command not in self.fm.commands:
            raise BadArguments(
                f"no command {sent(params.command, '`')}; the server runs "
                + ", ".join(sorted(self.fm.commands))
            )
        return (yield from super().lsp_workspace__execute_command(params))

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.SHUTDOWN)) is not None:
            yield handler, args, None
        self._shutdown = True
        self.cancel_pending(keep=self.msg_id)

    def cancel_pending(self, keep: Any = None) -> None:
        """Cancel every request still being answered (but ``keep``), each answered with a
        ``RequestCancelled`` error. The table holds a request before the handler task pygls
        runs for it (``workspace/executeCommand`` runs the command as a task of its own), so
        the request is cancelled first: pygls then drops the task's end instead of reading the
        result of a cancelled task, which it would log as a crash."""
        # cancelling a request runs its callback, which removes it from the table
        for number, future in list(self._request_futures.items()):
            if number != keep and not future.done():
                future.cancel()

    @lsp_method(types.EXIT)
    def lsp_exit(self, *args: Any) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.EXIT)) is not None:
            yield handler, args, None
        sys.stderr.flush()
        os._exit(0 if self._shutdown else 1)

    def line_starts(self, document: TextDocument, text: str) -> list[int] | None:
        """The line starts of ``text`` when it is ``document``'s text as its last change left
        it and that change carried them (a lint then need not count the lines again)."""
        known = self._line_starts.get(document)
        return known[1] if known is not None and known[0] is text else None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, None]:
        """pygls' handler with each incremental change applied by
        :func:`~dipcheck_lsp.convert.change_lines` (a change to a document that is not open
        is ignored). The line starts of each document's text are kept for its next change
        (checked to be those of the text pygls holds; forgotten with the document)."""
        document = self.workspace.text_documents.get(unquote(params.text_document.uri))
        if document is None:
            return
        encoding = encoding_name(self.workspace.position_encoding)
        starts = self.line_starts(document, document.source)
        for change in params.content_changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                text, starts = change_lines(
                    document.source, starts, change.range, change.text, encoding
                )
                change = types.TextDocumentContentChangeWholeDocument(text=text)
            else:
                starts = None
            self.workspace.update_text_document(params.text_document, change)
        if starts is not None:
            self._line_starts[document] = (document.source, starts)
        else:
            self._line_starts.pop(document, None)
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    def structure_message(self, data: Any) -> Any:
        """pygls' structuring, with a request whose params do not fit its method answered
        with ``InvalidParams`` (pygls left it unanswered) and such a notification dropped
        with one line in the log (pygls logged a traceback of several kilobytes for each).
        A message that is no JSON-RPC 2.0 message (:func:`envelope_problem`) is answered with
        ``InvalidRequest``, and a request for an unknown method without params with
        ``MethodNotFound``: pygls answered neither, showed the user "Error in server" for
        each and logged a traceback (an object as the id was answered with a traceback)."""
        problem = envelope_problem(data)
        if problem is not None:
            return self._invalid(data, problem)
        method = data.get("method")
        if self._shutdown and isinstance(method, str) and method != types.EXIT:
            # before its params are read: whatever they hold, the answer is InvalidRequest (a
            # second `initialize` too), and a notification is dropped
            if "id" in data:
                self._refuse(
                    data["id"],
                    types.ErrorCodes.InvalidRequest,
                    f"{sent(method)}: the server is shut down; only `exit` is accepted",
                )
            return _ANSWERED
        if isinstance(method, str):
            message_type = self.get_message_type(method)
            if message_type is None and "params" not in data:
                data = {**data, "params": None}  # optional, and pygls' plain types need it
            if message_type is not None:
                try:
                    return self._converter.structure(data, message_type)
                except ClassValidationError as error:
                    problem = f"invalid params for {method}: " + "; ".join(
                        transform_error(error, path="")
                    )
                    if "id" in data:
                        self._refuse(data["id"], types.ErrorCodes.InvalidParams, problem)
                    else:
                        logger.warning("ignored a notification: %s", problem)
                    return _ANSWERED
        return super().structure_message(data)

    def _invalid(self, data: Any, problem: str) -> JsonRPCNotification:
        """Answer a message :func:`envelope_problem` refuses (under its id when it is a
        request whose id is usable), or log one line for what looks like a response."""
        response = isinstance(data, dict) and "method" not in data and "id" in data
        if response and _usable_id(data["id"]):
            logger.warning("ignored a response: %s", problem)
            return _ANSWERED
        known = isinstance(data, dict) and "method" in data and _usable_id(data.get("id"))
        self._refuse(
            data.get("id") if known else None,
            types.ErrorCodes.InvalidRequest,
            f"not a JSON-RPC 2.0 message: {problem}",
        )
        return _ANSWERED


_ANSWERED = JsonRPCNotification(method=ANSWERED, jsonrpc="2.0", params=None)
_KINDS = {bool: "boolean", int: "number", float: "number", str: "string"}


def _usable_id(value: object) -> bool:
    """Is ``value`` an id JSON-RPC allows: a string, a finite number or null? (``1e999`` is a
    JSON number that Python reads as infinity, which an answer would echo as ``Infinity``, not
    JSON; Python's reader also takes ``NaN``.)"""
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or (isinstance(value, str | int) and not isinstance(value, bool))


def envelope_problem(data: object) -> str | None:
    """What makes ``data`` (a parsed body) no JSON-RPC 2.0 message, or None when it is one:
    an object with ``jsonrpc: "2.0"``, an id that is a string, a number or null, and a
    string ``method`` (a request or notification) or exactly one of ``result`` and
    ``error`` (a response)."""
    if isinstance(data, list):
        return "an array (a batch), which the Language Server Protocol does not use"
    if not isinstance(data, dict):
        return f"a JSON {_KINDS.get(type(data), 'null')}, not an object"
    if data.get("jsonrpc") != "2.0":
        return '`jsonrpc` is not "2.0"'
    if not _usable_id(data.get("id")):
        return "the id is neither a string, a finite number nor null"
    if "method" in data:
        return None if isinstance(data["method"], str) else "the method is not a string"
    if "id" not in data:
        return "neither a method nor an id"
    if ("result" in data) == ("error" in data):
        return "a response needs exactly one of `result` and `error`"
    return None


def quiet_refusals() -> None:
    logger.addFilter(_QuietRefusals())
    logger.addFilter(_Bounded())
