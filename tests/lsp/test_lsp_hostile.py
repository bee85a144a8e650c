"""The language server under hostile input (issue 19 §1): a workflow that names the server's own
standard input, FIFOs and devices is linted without reading them, and the server keeps
answering. Driven over raw JSON-RPC (``raw_support``) so every byte is under the test's
control."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from raw_support import RawServer

PARENT = "workflow Parent\n  start: S\n  exit: S\n  subgraph S\n    ref: {ref}\n"
AGENT = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt_file: {target}\n"


@pytest.fixture
def server(tmp_path: Path):
    peer = RawServer(tmp_path)
    peer.initialize(tmp_path)
    yield peer
    peer.kill()


def _open(server: RawServer, path: Path, text: str) -> str:
    uri = path.as_uri()
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "dip", "version": 1, "text": text}},
    )
    return uri


def _published(server: RawServer, uri: str) -> list[dict[str, object]]:
    message = server.wait_for(
        lambda item: (
            item.get("method") == "textDocument/publishDiagnostics" and item["params"]["uri"] == uri
        )
    )
    return message["params"]["diagnostics"]


def _still_answers(server: RawServer) -> None:
    server.request(50, "shutdown")
    assert server.answer(50).get("result", "missing") is None
    server.notify("exit")
    assert server.finish() == 0


def test_ref_dev_stdin_does_not_read_the_json_rpc_stream(server: RawServer, tmp_path: Path) -> None:
    uri = _open(server, tmp_path / "parent.dip", PARENT.format(ref="/dev/stdin"))
    _published(server, uri)
    server.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert "result" in server.answer(2)
    _still_answers(server)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_fifo_prompt_file_and_child_are_findings(server: RawServer, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "prompt.md")
    os.mkfifo(tmp_path / "child.dip")
    agent = _open(server, tmp_path / "agent.dip", AGENT.format(target="prompt.md"))
    found = _published(server, agent)
    assert [item["code"] for item in found] == ["DC003"]
    assert "named pipe (FIFO), not a regular file" in found[0]["message"]
    parent = _open(server, tmp_path / "parent.dip", PARENT.format(ref="child.dip"))
    found = _published(server, parent)
    assert [item["code"] for item in found] == ["DIP126"]
    _still_answers(server)
