"""A raw JSON-RPC peer for the language server: framed bytes in, frames out, no client library,
so that tests can send what a real client never would (a malformed header, a request after
``shutdown``) and see exactly what comes back."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SERVER = [sys.executable, "-m", "dipcheck", "lsp"]


def frame(message: dict[str, Any] | bytes) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode("utf-8")
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


class RawServer:
    """``dipcheck lsp`` as a process; :meth:`send` writes bytes, :meth:`wait_for` reads the
    messages it answers with (a reader thread parses the frames)."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen(
            SERVER, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            assert length is not None
            self.messages.put(json.loads(stream.read(length)))

    def send(self, data: bytes | dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data if isinstance(data, bytes) else frame(data))
        self.process.stdin.flush()

    def request(self, number: int, method: str, params: object = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": number, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def notify(self, method: str, params: object = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def wait_for(self, test: Any, timeout: float = 30) -> dict[str, Any]:
        """The first message (seen before or arriving within ``timeout``) that ``test``
        accepts; AssertionError when none comes."""
        for message in self.seen:
            if test(message):
                return message
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                message = self.messages.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            self.seen.append(message)
            if test(message):
                return message
        raise AssertionError(f"no such message within {timeout} s; seen: {self.seen}")

    def answer(self, number: int, timeout: float = 30) -> dict[str, Any]:
        return self.wait_for(
            lambda message: message.get("id") == number and "method" not in message, timeout
        )

    def initialize(self, root: Path) -> None:
        self.request(
            1,
            "initialize",
            {"processId": None, "rootUri": root.as_uri(), "capabilities": {}},
        )
        self.answer(1)
        self.notify("initialized", {})

    def finish(self, timeout: float = 30) -> int:
        """Close standard input if still open and wait for the process to end."""
        try:
            return self.process.wait(timeout=timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
