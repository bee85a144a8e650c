"""Corrections to pygls' JSON-RPC handling.

* A request whose params do not have the shape its method requires is answered with an
  ``InvalidParams`` error naming the method (pygls logs the failure and never answers, so the
  client waits forever).
* A request the server refuses on purpose (:class:`Refused`: a rename to an existing id, say)
  is answered with a ``RequestFailed`` error whose message the editor shows the user, without
  the traceback pygls would write to the log for it; a command given arguments it cannot use
  (:class:`BadArguments`: an unknown rule code) likewise, as ``InvalidParams``.
* A request after ``shutdown`` is answered with ``InvalidRequest`` (pygls drops it).

(Reading the messages themselves, robust to malformed headers, is :mod:`dipcheck_lsp.stream`.)
"""

from __future__ import annotations

import logging
from typing import Any

from cattrs import transform_error
from cattrs.errors import ClassValidationError
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification

# the notification a malformed request turns into once it has been answered
ANSWERED = "$/dipcheck/answeredInvalidRequest"


class Refused(JsonRpcException):
    """A request the server declines, with the reason for the user."""

    CODE = types.LSPErrorCodes.RequestFailed.value


class BadArguments(JsonRpcException):
    """A command's arguments cannot be used; the message says what it takes."""

    CODE = types.ErrorCodes.InvalidParams.value


class _QuietRefusals(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, Refused | BadArguments)


class Protocol(LanguageServerProtocol):
    def handle_message(self, message: Any) -> None:
        """After ``shutdown``, a request other than ``exit`` is answered with an
        ``InvalidRequest`` error, as the LSP specification asks (pygls drops it unanswered,
        and the client waits); notifications are dropped."""
        method = getattr(message, "method", "")
        if self._shutdown and method != types.EXIT and getattr(message, "id", None) is not None:
            if method:  # a request, not a response to one of the server's requests
                self._send_response(
                    message.id,
                    error=types.ResponseError(
                        code=types.ErrorCodes.InvalidRequest.value,
                        message=f"{method}: the server is shut down; only `exit` is accepted",
                    ),
                )
            return
        super().handle_message(message)

    def structure_message(self, data: dict[str, Any]) -> Any:
        method = data.get("method")
        if "jsonrpc" in data and "id" in data and isinstance(method, str):
            request_type = self.get_message_type(method)
            if request_type is not None:
                try:
                    return self._converter.structure(data, request_type)
                except ClassValidationError as error:
                    self._send_response(
                        data["id"],
                        error=types.ResponseError(
                            code=types.ErrorCodes.InvalidParams.value,
                            message=f"invalid params for {method}: "
                            + "; ".join(transform_error(error, path="")),
                        ),
                    )
                    return JsonRPCNotification(method=ANSWERED, jsonrpc="2.0", params=None)
        return super().structure_message(data)


def quiet_refusals() -> None:
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_QuietRefusals())
