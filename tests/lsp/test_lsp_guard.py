"""A handler that fails answers with an empty result and logs why; it never raises to the
client. (In process: a failure cannot be provoked through a well-behaved client.)"""

from __future__ import annotations

import asyncio
import json

from dipcheck_lsp.server import DipcheckServer
from lsprotocol import types


class Capture:
    """A pygls writer that keeps what the server sends."""

    def __init__(self) -> None:
        self.messages: list[dict[str, object]] = []

    def write(self, data: bytes) -> None:
        self.messages.append(json.loads(data.split(b"\r\n\r\n", 1)[1]))

    def close(self) -> None:
        pass


def test_a_failing_handler_logs_and_answers_empty() -> None:
    server = DipcheckServer()
    capture = Capture()
    server.protocol.set_writer(capture)
    hover = server.protocol.fm.features[types.TEXT_DOCUMENT_HOVER]
    server.state.docs["file:///x.dip"] = object()  # type: ignore[assignment]
    params = types.HoverParams(types.TextDocumentIdentifier("file:///x.dip"), types.Position(0, 0))
    assert asyncio.run(hover(params)) is None
    [logged] = capture.messages
    assert logged["method"] == "window/logMessage"
    log = logged["params"]
    assert isinstance(log, dict)
    assert log["type"] == types.MessageType.Error.value
    assert log["message"].startswith("dipcheck: textDocument/hover failed:\nTraceback")
    server.lint_pool.shutdown()
