"""Reading JSON-RPC messages from standard input, robustly.

pygls' own loop recognises only an exact ``Content-Length: N`` line: after a malformed header
it glues each body to the next header and never answers, or stops, again. This loop reads
header lines until the blank line that ends them (any header but ``Content-Length`` is
ignored, names in any case). A header it cannot use — a line without ``:``, a length that is
not a number or over :data:`MAX_MESSAGE`, no length at all — and a body that is not JSON, or
nests deeper than ``json.loads`` goes, are answered with a ``ParseError`` (id null); the loop
then looks for the next ``Content-Length:`` (within a line, too: a body without a line break
ends where the next header starts) and goes on from there. The end of input ends the loop.
Header lines are read at most :data:`MAX_HEADER_LINE` bytes at a time (:class:`Framer`): input
that never breaks its line is taken in pieces, each answered or skipped as above, never held
whole.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, BinaryIO

from lsprotocol import types
from pygls.exceptions import JsonRpcException

MAX_MESSAGE = 64 * 1024 * 1024
MAX_HEADER_LINE = 64 * 1024  # a real header line is a few dozen bytes
_LENGTH = b"content-length:"


class _Malformed(Exception):
    """A header the loop cannot use; the message says what was wrong."""


class Framer:
    """Cuts a blocking byte stream into message bodies. Its methods block on the stream, so
    the loop runs each in a worker thread: one hand-over per message (a hand-over per header
    line and one for the body made four thread switches of every keystroke's change). Header
    lines are read at most :data:`MAX_HEADER_LINE` bytes at a time; a line found by
    resynchronising is put back in front."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.pending: bytes | None = None

    def _line(self) -> bytes:
        if self.pending is not None:
            line, self.pending = self.pending, None
            return line
        return self.stream.readline(MAX_HEADER_LINE)

    def message(self) -> bytes | None:
        """The next message's body; None when the input ends (before or inside it). Raises
        :class:`_Malformed` for a header it cannot use."""
        length = self._headers()
        if length is None:
            return None
        body = self.stream.read(length) if length else b""
        return body if len(body) == length else None

    def _headers(self) -> int | None:
        """The content length of the next message; None at the end of input."""
        length: int | None = None
        seen = False
        while True:
            line = self._line()
            if not line:
                return None
            if not line.strip():
                if not seen:
                    continue  # blank lines between messages
                if length is None:
                    raise _Malformed("a message without a Content-Length header")
                return length
            seen = True
            name, colon, value = line.partition(b":")
            if not colon:
                raise _Malformed(f"a header line without `:`: {line[:80]!r}")
            if name.strip().lower() == b"content-length":
                text = value.strip()
                if not text.isdigit():
                    raise _Malformed(f"Content-Length is not a number: {text[:40]!r}")
                length = int(text)
                if length > MAX_MESSAGE:
                    raise _Malformed(f"Content-Length {length} is over the limit of {MAX_MESSAGE}")

    def resynchronise(self) -> bool:
        """Skip to the next ``Content-Length:``; False at the end of input."""
        while True:
            line = self.stream.readline(MAX_HEADER_LINE)
            if not line:
                return False
            found = line.lower().find(_LENGTH)
            if found >= 0:
                self.pending = line[found:]
                return True


async def serve(
    stop: threading.Event,
    stdin: BinaryIO,
    executor: Executor | None,
    protocol: Any,
    logger: logging.Logger,
    error_handler: Callable[[Exception, type[JsonRpcException]], Any] | None = None,
) -> None:
    """Read and hand over messages until ``stop`` is set or the input ends (see the module
    docstring); ``protocol`` is pygls' protocol object. ``stdin`` is read in ``executor``'s
    threads."""
    loop = asyncio.get_running_loop()
    framer = Framer(stdin)
    while not stop.is_set():
        try:
            body = await loop.run_in_executor(executor, framer.message)
        except _Malformed as problem:
            _parse_error(protocol, f"malformed message header: {problem}")
            if not await loop.run_in_executor(executor, framer.resynchronise):
                return
            continue
        if body is None:
            return
        try:
            data = json.loads(body)
        except ValueError as error:
            _parse_error(protocol, f"the message is not JSON: {error}")
            continue
        except RecursionError:  # json.loads gives up on arrays and objects nested this deep
            _parse_error(protocol, "the message nests arrays and objects too deep to read")
            continue
        try:
            # the message itself, not each object in it (pygls' object_hook): an object in the
            # params shaped like a request was answered under its own id, one shaped like a
            # response took the type of the server's request of that id
            protocol.handle_message(protocol.structure_message(data))
        except Exception as error:
            logger.exception("Unable to handle message")
            if error_handler is not None:
                error_handler(error, JsonRpcException)


def _parse_error(protocol: Any, message: str) -> None:
    protocol._send_response(
        None,
        error=types.ResponseError(code=types.ErrorCodes.ParseError.value, message=message),
    )
